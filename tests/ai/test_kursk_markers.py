"""Kursk computer player: an Offensive marker the Available box would lose anyway is spent
freely (4.0: never more than three available; 9.2.1, 12.0).

Measured on a fresh block of seeds (docs/ai.md, "Mechanics in use"): the Germans held three
markers from the middle of the game on, each new one was lost to the cap, and the player
still charged every Offensive a marker's full worth, so it rarely launched one."""
from __future__ import annotations

import hexwar
from hexwar.ai.battle_for_kursk import normal as K
from hexwar.ai.battle_for_kursk.ctx import Ctx
from hexwar.ai.battle_for_kursk.weights import MARKER

GAME = "battle-for-kursk"


def _at_turn(turn: int, available: int):
    game = hexwar.open_game(GAME, "full", seed=1)
    st = game.state
    st.turn = turn
    st.extra["available"] = {"german": available, "russian": available}
    st._cache.clear()
    return game


def _turn_before_a_german_marker(game) -> int:
    camp = game.rules.camp
    return next(t for t in range(camp.start_turn, camp.last_turn)
                if camp.turn(t + 1).offensives_added.get("german", 0) > 0)


def test_the_facts_tell_next_turns_markers_and_the_cap():
    game = hexwar.open_game(GAME, "full", seed=1)
    t = _turn_before_a_german_marker(game)
    f = Ctx(_at_turn(t, 0), "german").facts
    assert f.offensives_next_turn("german") == game.rules.camp.turn(t + 1).offensives_added["german"] > 0
    assert f.markers_cap == 3
    assert Ctx(_at_turn(game.rules.camp.last_turn, 0), "german").facts.offensives_next_turn("german") == 0


def test_a_marker_lost_to_the_cap_costs_nothing_and_a_scarce_one_its_worth():
    t = _turn_before_a_german_marker(hexwar.open_game(GAME, "full", seed=1))
    full = Ctx(_at_turn(t, 3), "german")  # three held and one coming: one would be lost
    assert K.marker_cost(full, 1) == 0.0
    assert K.marker_cost(full, 2) == MARKER  # only the first is spare
    scarce = Ctx(_at_turn(t, 1), "german")
    assert K.marker_cost(scarce, 1) == MARKER
    assert K.marker_cost(scarce, 0) == 0.0
