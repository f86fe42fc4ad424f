"""The Battle for Kursk computer player (issue 8): plays every phase and sub-step, decides
only from what its side may see, is fast, and explains its battles and moves."""
from __future__ import annotations

import statistics

import pytest

import hexwar
from hexwar.ai.kursk import KurskGreedy, KurskPlayer
from hexwar.ai.odds_family import fair_state
from hexwar.ai.player import make_player, play_match
from hexwar.core import actions as A

GAME = "battle-for-kursk"


def _match(scenario: str, german: str, russian: str, seed: int):
    game = hexwar.open_game(GAME, scenario, seed=seed)
    seen: set[str] = set()

    def after(g, dec, side):
        st = g.state.stage
        seen.add(st.kind if st is not None else g.rules.phase(g.state).kind)

    # record what the deciders were asked, before each action
    players = {"german": make_player(german, GAME, seed), "russian": make_player(russian, GAME, seed + 10_000)}
    asked: set[str] = set()

    class Spy:
        def __init__(self, p):
            self.p, self.name = p, p.name

        def choose(self, g, side):
            st = g.state.stage
            asked.add(st.kind if st is not None else g.rules.phase(g.state).kind)
            return self.p.choose(g, side)

    log = play_match(game, {s: Spy(p) for s, p in players.items()}, after=after)
    return game, log, asked


def test_make_player_dispatches_kursk():
    assert isinstance(make_player("ai", GAME), KurskPlayer)
    assert isinstance(make_player("greedy", GAME), KurskGreedy)


@pytest.fixture(scope="module")
def full_game():
    return _match("full", "ai", "random", 1)


def test_ai_plays_a_whole_full_game_through_every_phase(full_game):
    game, log, asked = full_game
    assert game.result() is not None
    for kind in ("posture", "replacement", "armor_rail", "movement", "combat", "roll", "objective"):
        assert kind in asked, kind


def test_ai_is_fast(full_game):
    _, log, _ = full_game
    times = log.decisions["german"]
    assert statistics.median(times) < 2.0
    assert log.worst_turn("german") < 20.0


def test_ai_explains_battles_and_moves_with_the_rules_figures(full_game):
    _, log, _ = full_game
    battles = [r for s, a, r in log.reasons if s == "german" and (a.startswith("attack") or a.startswith("offensive"))]
    assert battles, "the AI fought no battle"
    # "attacks ... at 3:1 (ratio 12 to 4 = 3:1, then ... (-1, 9.2)); 50% chance of DR or better"
    assert any(":1 (ratio" in r and "chance of DR or better" in r for r in battles)
    moves = [r for s, a, r in log.reasons if s == "german" and a.startswith("move")]
    assert moves and all("→" in r for r in moves)
    postures = [r for s, a, r in log.reasons if a.startswith("choose posture")]
    assert postures


def test_short_scenario_russian_setup_and_both_sides():
    """4.0 short scenario: the Russian spends his set-up steps; the AI plays either side."""
    game, log, asked = _match("short", "random", "ai", 2)
    assert "setup" in asked and game.result() is not None
    assert game.result().winner == "russian"


def test_ai_beats_random_small_fixed_sample():
    """A small fixed sample of the tournament (tools/tournament.py has the full one)."""
    game, _, _ = _match("full", "random", "ai", 1)
    assert game.result().winner == "russian"


def _at_russian_posture(seed: int, german_posture: str):
    game = hexwar.open_game(GAME, "full", seed=seed)
    assert game.acting_side() == "german"
    game.apply(A.Choose("posture", german_posture))
    assert game.acting_side() == "russian" and game.rules.phase(game.state).kind == "posture"
    return game


@pytest.mark.parametrize("seed", [1, 2])
def test_12_0_fair_the_german_secret_posture_never_changes_the_russian_choice(seed):
    """12.0: the posture is secret; the Russian AI decides from the public view only."""
    legal = [a.value for a in hexwar.open_game(GAME, "full", seed=seed).legal_actions()]
    assert len(legal) >= 2
    for make in (KurskPlayer, KurskGreedy):
        picks = {make().choose(_at_russian_posture(seed, p), "russian").action for p in legal}
        assert len(picks) == 1, (make.name, picks)


def test_12_0_fair_state_scrubs_the_other_secret_posture():
    g = _at_russian_posture(1, "deploy")
    st = fair_state(g, "russian")
    assert st.extra["secret"]["german"] != "deploy"
    assert g.state.extra["secret"]["german"] == "deploy"  # the real game is untouched
    assert fair_state(g, "german").extra["secret"]["german"] == "deploy"


def test_greedy_plays_a_whole_game():
    game, _, asked = _match("full", "greedy", "greedy", 3)
    assert game.result() is not None and "combat" in asked
