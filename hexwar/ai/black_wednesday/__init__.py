"""Black Wednesday's computer players: the normal level (``normal.BWPlayer``) and the easy level
(``easy.BWGreedy``), and what a tournament match counts (Scenario 1 unless asked otherwise)."""
from __future__ import annotations

from collections.abc import Callable

from ...core.game import Game
from ..player import BenchMatch, MatchSpec, Player
from .mechanics import MECHANICS as MECHANICS  # what the tournament counts (hexwar.ai.mechanics)


def _normal() -> Player:
    from .normal import BWPlayer

    return BWPlayer()


def _easy() -> Player:
    from .easy import BWGreedy

    return BWGreedy()


PLAYERS = {"normal": _normal, "easy": _easy}


def _won(game: Game, side: str) -> bool:
    res = game.result()
    assert res is not None  # asked of a finished game only (MatchSpec.won)
    return res.winner == side


def _trenches(game: Game, side: str) -> float:
    from .tournament import held_trenches

    return float(held_trenches(game))


def _score(game: Game, side: str) -> float:
    from .tournament import score

    res = game.result()
    assert res is not None  # asked of a finished game only
    got = score(res.winner, res.level)
    return float(got if side == "soviet" else -got)


def _baseline(kind: str, scenario: str, seed: int) -> Player | None:
    """The sampling random player in the large scenarios: a uniform random player there never
    ends a phase in reasonable time (docs/black-wednesday/ai-scenarios.md)."""
    from ...games.black_wednesday import LARGE_SCENARIOS

    if kind == "random" and scenario.partition("+")[0] in LARGE_SCENARIOS:
        from .tournament import SampledRandom

        return SampledRandom(seed)
    return None


def _figure_for(scenario: str) -> tuple[str, Callable[[Game, str], float]]:
    """Trench hexes mean something in Scenario 1 only; elsewhere the victory level is the figure."""
    if scenario == "s1-turning-the-left":
        return "trench hexes the axis holds (mean)", _trenches
    return "victory score for the side (mean: +1..+3 its level, minus the enemy's, 0 a draw)", _score


MATCH = MatchSpec("s1-turning-the-left", _won, "trench hexes the axis holds (mean)", _trenches,
                  scenario_env="TOURNAMENT_BW_SCENARIO", baseline=_baseline, figure_for=_figure_for)


SCENARIOS = ("s1-turning-the-left", "s2-assault-of-the-guards", "s3-assault-the-line", "s4-melee-in-krasni-bor",
             "s5-assaulting-the-mill", "s6-the-assault-continues", "s7-breakout", "s8-counter-attack")
CAMPAIGN_VERSIONS = ("s3-assault-the-line", "s6-the-assault-continues", "s7-breakout")  # 5.1


def bench_matches() -> tuple[BenchMatch, ...]:
    """What ``make bench`` times (issue 22: the worst decision of every scenario): each scenario
    and campaign version against the random player: the uniform one in Scenarios 1, 2, 4 and 5,
    the sampling one of the tournament in the large scenarios (a uniform random player there
    never ends a phase). Scenario 1 is played whole; the others to the end of turn 1, where
    the worst decisions were measured (the set-ups and the first Action Phases, whose
    movement maps, guard and threat maps are worked out cold): a whole game of them is minutes
    of CPU (docs/black-wednesday/ai-scenarios.md)."""
    from ...games.black_wednesday import LARGE_SCENARIOS
    from ..player import RandomPlayer
    from .tournament import SampledRandom

    out = []
    for name in SCENARIOS + tuple(f"{s}+campaign" for s in CAMPAIGN_VERSIONS):
        scen, _, version = name.partition("+")
        opponent = SampledRandom if scen in LARGE_SCENARIOS else RandomPlayer
        out.append(BenchMatch(name.split("-")[0] + (f" {version}" if version else ""), scen,
                              {"campaign": True} if version else {}, opponent,
                              0 if scen == SCENARIOS[0] else 1))
    return tuple(out)
