"""The Black Wednesday part of ``make tournament`` (``TOURNAMENT_GAME=black-wednesday``), for any
scenario (docs/black-wednesday/ai-scenarios.md).

``TOURNAMENT_SCENARIO`` picks the scenario (default Scenario 1; a ``+campaign`` suffix plays
the campaign version of Scenario 3, 6 or 7, 5.1). The computer player ("ai") plays each side
against the random and the greedy baselines, seeds 1..N. What counts as beating an opponent is
the scenario's own victory level for that side (``BEATS``): the Soviets win when the scenario
gives a Soviet victory of any level, the Axis when it gives an Axis victory of any level; a Draw
is neither side's win, and it is counted apart (``score``: +1 per Soviet level, -1 per Axis level,
0 for a Draw, so a Draw beats a defeat). Beside the rate it prints, as the reference, what the
baseline itself reaches from the same seat.

The large scenarios (3, 6, 7, 8: ``LARGE_SCENARIOS``) are played against the *sampling* random
player of the engine tests (``SampledRandom``: a few sampled units act per phase): a uniform
random player there never ends a phase in reasonable time (tens of thousands of legal moves).
``turns`` stops a game after that many turns (the result is then the victory check's figures at
that moment, not a result).
"""
from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor

from ...core.actions import EndPhase
from ...core.position import Position
from ...core.units import ON_MAP, UNPLACED
from ..player import Decision, Player, play_match

GAME = "black-wednesday"
SCENARIO = os.environ.get("TOURNAMENT_SCENARIO", "s1-turning-the-left")

# What each side must reach to "beat" its opponent, per scenario (the scenario page; 5.1).
BEATS = {
    "s1-turning-the-left": ("Soviet minor victory: every trench hex of the play area clear of Axis units "
                            "(decision S1-1)", "Axis minor victory: any trench hex still held"),
    "s2-assault-of-the-guards": ("Soviet minor victory: 5 Krasni Bor hexes occupied (each released Axis reserve "
                                 "counts one) and/or El Bastion", "Axis minor victory: the Soviets fall short"),
    "s3-assault-the-line": ("Soviet victory: 3 of the 4 conditions (the eastern trenches, El Bastion, 5 Krasni "
                            "Bor hexes, 25 western trench hexes)", "Axis victory: at most 1 condition (2 is a Draw)"),
    "s4-melee-in-krasni-bor": ("Soviet victory: the Axis holds fewer than 50 Krasni Bor hexes and no Spanish unit "
                               "is in El Bastion", "Axis victory: neither (one is a Draw)"),
    "s5-assaulting-the-mill": ("Soviet victory: 2 of the Mill, El Bastion, Staraia Myza",
                               "Axis victory: none of them (one is a Draw)"),
    "s6-the-assault-continues": ("Soviet victory: 3 of the Mill, El Bastion, Staraia Myza, the Axis below 50 "
                                 "Krasni Bor hexes", "Axis victory: at most 1 (2 is a Draw)"),
    "s7-breakout": ("Soviet victory: 3 of no Axis unit in Krasni Bor, El Bastion, the Mill, one of Samsonovka/"
                    "Mondolovo/Raikolovo", "Axis minor victory: at most 1 (2 is a Draw)"),
    "s8-counter-attack": ("Soviet victory of any 5.1 level (minor: all of Krasni Bor), after the shifts for "
                          "units lost", "Axis victory of any 5.1 level (minor: 20 Krasni Bor hexes and the 9 "
                          "city hexes south of the trenches west of the Izhora), after the shifts"),
    "campaign": ("Soviet victory of any 5.1 level, after the shifts",
                 "Axis victory of any 5.1 level, after the shifts"),
}
LEVEL_SCORE = {"massive": 3, "major": 2}


def scenario_and_options(name: str) -> tuple[str, dict]:
    """``s7-breakout+campaign`` -> ("s7-breakout", {"campaign": True})."""
    scen, _, extra = name.partition("+")
    return scen, ({"campaign": True} if extra == "campaign" else {})


def beats_means(name: str, side: str) -> str:
    scen, opts = scenario_and_options(name)
    key = "campaign" if opts else scen
    sov, ax = BEATS.get(key, ("a Soviet victory of any level", "an Axis victory of any level"))
    return sov if side == "soviet" else ax


def beats(side: str, winner: str | None) -> bool:
    """The side reached a victory level of its own (a Draw beats nobody)."""
    return winner == side


def score(winner: str | None, level: str) -> int:
    """+n for a Soviet level, -n for an Axis one (minor or plain 1, major 2, massive 3), 0 a Draw."""
    if winner is None:
        return 0
    n = next((v for k, v in LEVEL_SCORE.items() if k in level.lower()), 1)
    return n if winner == "soviet" else -n


def held_trenches(game) -> int:
    """Trench hexes with Axis units in them (decision S1-1)."""
    fx = Position(game, "axis").facts
    return len({u.hex for u in fx.on_map("axis") if u.hex in fx.trench_hexes})


class SampledRandom:
    """The random legal player of the engine tests (tests/games/black_wednesday/helpers.py,
    ``play_random``) as a ``Player``: owner's choices, command and initiative at random; in an
    Action Phase ``per_phase`` actions of units sampled six at a time, then the phase ends; the
    Axis set-up one unit at a time. Cheap enough for the 500-600-unit scenarios."""

    name = "sampler"

    def __init__(self, seed: int = 0, per_phase: int = 6) -> None:
        self.rng, self.per_phase = random.Random(seed), per_phase
        self.key: tuple[object, ...] | None = None  # the phase counted (turn, phase, phasing side)
        self.done = 0

    def choose(self, game, side: str) -> Decision:
        rng = self.rng
        pos = Position(game, side)
        fx = pos.facts
        if fx.pending() is not None:
            return Decision(rng.choice(pos.legal_actions()))
        if fx.phase == "prep_log":
            return Decision(EndPhase())
        if fx.phase in ("axis_setup", "soviet_setup"):
            todo = sorted(u for u, x in fx.units.items() if x.where == UNPLACED and fx.side_of(u) == side)
            acts = fx.actions_of({todo[0]} if todo else set())
            if not todo:  # the breaches (Soviets), then the end of the set-up
                return Decision(acts[0])
            return Decision(rng.choice([a for a in acts if not isinstance(a, EndPhase)] or acts))
        if fx.phase in ("command", "initiative"):
            acts = pos.legal_actions()
            return Decision(rng.choice(acts) if fx.phase == "initiative" or rng.random() < 0.3 else EndPhase())
        key = (fx.turn, fx.phase, fx.phasing)
        if key != self.key:
            self.key, self.done = key, 0
        self.done += 1
        if self.done > self.per_phase:
            return Decision(EndPhase())
        mine = sorted(u for u in fx.units if fx.side_of(u) == side)
        sample = set(rng.sample(mine, min(6, len(mine))))
        acts = [a for a in fx.actions_of(sample) if not isinstance(a, EndPhase)]
        return Decision(rng.choice(acts) if acts else EndPhase())


class Capped:
    """Wraps a player: in its own Action Phase it ends the phase after ``per_phase`` decisions
    (owner's choices and the other phases untouched). For tests and for sampling the large
    scenarios' first turns at an affordable cost: the decisions it takes are the player's own,
    it just takes fewer of them."""

    def __init__(self, player: Player, per_phase: int) -> None:
        self.p, self.name, self.per_phase = player, player.name, per_phase
        self.key: tuple[object, ...] | None = None  # the Action Phase counted (turn, order, phasing side)
        self.done = 0

    def choose(self, game, side: str) -> Decision:
        fx = Position(game, side).facts
        if fx.phase == "action" and fx.pending() is None and fx.phasing == side:
            key = (fx.turn, fx.initiative_order, fx.phasing)
            if key != self.key:
                self.key, self.done = key, 0
            self.done += 1
            if self.done > self.per_phase:
                return Decision(EndPhase(), f"ends the phase after {self.per_phase} actions (capped player)")
        return self.p.choose(game, side)


class Timed:
    """Wraps a player: CPU seconds per decision and per Action Phase of its own side (the
    player-turn of this game: the side moves, fires and assaults in its Action Phase)."""

    def __init__(self, player: Player) -> None:
        self.p, self.name = player, player.name
        self.cpu: list[float] = []
        self.phase_cpu: dict[tuple, float] = {}

    def choose(self, game, side: str) -> Decision:
        c0 = time.process_time()
        dec = self.p.choose(game, side)
        dc = time.process_time() - c0
        self.cpu.append(dc)
        fx = Position(game, side).facts
        key = (fx.turn, fx.phase, fx.phasing)
        self.phase_cpu[key] = self.phase_cpu.get(key, 0.0) + dc
        return dec


class _Stop(Exception):
    pass


def make(kind: str, seed: int) -> Player:
    """``ai``, ``greedy``, ``random``, ``sampler``; ``ai@8`` is the AI capped at 8 actions an
    Action Phase (``Capped``)."""
    from ..player import make_player

    kind, _, cap = kind.partition("@")
    p = SampledRandom(seed) if kind == "sampler" else make_player(kind, GAME, seed)
    return Capped(p, int(cap)) if cap else p


def play_one(args: tuple) -> dict:
    """One game: ``(soviet, axis, seed)`` or ``(soviet, axis, seed, scenario, turns)``
    (``turns`` 0 = to the end). Returns the result and the AI's decision figures."""
    import hexwar

    soviet, axis, seed = args[:3]
    name = args[3] if len(args) > 3 else SCENARIO
    turns = args[4] if len(args) > 4 else 0
    scen, opts = scenario_and_options(name)
    game = hexwar.open_game(GAME, scen, seed=seed, options=opts)
    players = {"soviet": Timed(make(soviet, seed)), "axis": Timed(make(axis, seed + 10_000))}

    def after(g, dec, side):
        if turns and g.turn() > turns:
            raise _Stop

    t0, c0 = time.perf_counter(), time.process_time()
    stopped = False
    try:
        log = play_match(game, players, max_actions=200_000, after=after)
    except _Stop:
        stopped, log = True, None
    ai_sides = [s for s, p in (("soviet", soviet), ("axis", axis)) if p.partition("@")[0] == "ai"]
    res = game.result()
    view = game.view(None)
    met = [c["met"] for c in view["victory"].get("conditions", ())]
    ai_phase = [t for s in ai_sides for (tn, ph, phasing), t in players[s].phase_cpu.items()
                if ph == "action" and phasing == s]
    return {"scenario": name, "seed": seed, "soviet": soviet, "axis": axis,
            "winner": res.winner if res else None, "level": res.level if res else "(stopped)",
            "stopped": stopped, "turn": game.turn(), "actions": len(game.history()),
            "met": met, "held": held_trenches(game), "detail": res.detail if res else "",
            "released": Position(game, "axis").facts.reserves_released,
            "axis_left": sum(1 for u in view["units"] if u["where"] == ON_MAP and u["side"] == "axis"),
            "decisions": [t for s in ai_sides for t in players[s].cpu],
            "worst_turn": max(ai_phase, default=0.0),
            "worst_turn_wall": max((log.worst_turn(s) for s in ai_sides), default=0.0) if log else 0.0,
            "cpu": time.process_time() - c0, "wall": time.perf_counter() - t0}


def run(soviet: str, axis: str, n: int, jobs: int, first: int = 1, scenario: str | None = None,
        turns: int = 0) -> list[dict]:
    tasks = [(soviet, axis, seed, scenario or SCENARIO, turns) for seed in range(first, first + n)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(play_one, tasks))
    return [play_one(t) for t in tasks]


def run_black_wednesday(n_random: int, n_greedy: int, jobs: int, line: Callable[[str, str, float, str], None]) -> None:
    from ...games.black_wednesday import LARGE_SCENARIOS

    scen, _ = scenario_and_options(SCENARIO)
    rnd = "sampler" if scen in LARGE_SCENARIOS else "random"
    times: list[float] = []
    worst = 0.0
    for base, n in ((rnd, n_random), ("greedy", n_greedy)):
        if n <= 0:
            continue
        ref = run(base, base, n, jobs)  # the baseline on both sides: the level to beat
        for side in ("soviet", "axis"):
            soviet, axis = ("ai", base) if side == "soviet" else (base, "ai")
            match = f"bw-{SCENARIO}-ai-{side}-vs-{base}"
            games = run(soviet, axis, n, jobs)
            for g in games:
                times += g["decisions"]
                worst = max(worst, g["worst_turn"])
            line(match, f"{side} victory rate ({beats_means(SCENARIO, side)})",
                 100 * sum(beats(side, g["winner"]) for g in games) / n, "%")
            line(match, "draws", 100 * sum(g["winner"] is None for g in games) / n, "%")
            line(match, "score (mean; + Soviet levels, - Axis levels)",
                 statistics.mean(score(g["winner"], g["level"]) for g in games), "levels")
            line(match, f"{base} in that seat: victory rate", 100 * sum(beats(side, r["winner"]) for r in ref) / n, "%")
            line(match, f"{base} in that seat: score", statistics.mean(score(r["winner"], r["level"]) for r in ref),
                 "levels")
            line(match, "games", n, "games")
    if times:
        line("bw-ai", "decision CPU time (mean)", statistics.mean(times) * 1000, "ms")
        line("bw-ai", "decision CPU time (median)", statistics.median(times) * 1000, "ms")
        line("bw-ai", "decision CPU time (worst)", max(times) * 1000, "ms")
        line("bw-ai", "Action Phase CPU time (worst)", worst, "s")
