"""The lessons of Kasserine Pass's in-text examples (issue 18), played to their end through
the engine, every figure they show checked against the rulebook's own figures. The rulebook
has no numbers: each example is named by the checklist case it illustrates (KP-ODDS ...).
The phase lessons are played by tests/test_lessons.py."""
from __future__ import annotations

from fractions import Fraction

import hexwar.lessons as L
from hexwar.games.kasserine_pass.state import KBattle

from .helpers import H

GAME = "kasserine-pass"


def _play(run, upto=None):
    while not run.done and (upto is None or run.index < upto):
        got = run.demo()
        assert got.accepted, got.text


def _events(run, kind):
    return [e for done in run.history for e in done.events if e.kind == kind]


def _odds(run, target, attackers):
    g = run.game
    return g.rules.odds(g.state, KBattle(H(target), g.rules.stack_defenders(g.state, H(target)), tuple(attackers)))


def _at(run, uid):
    u = run.game.state.units[uid]
    return str(u.hex) if u.where == "map" else u.where


def test_KP_ODDS_lesson_three_2_16s_against_a_2_16_is_3_to_1():
    """Six factors against two: 3 to 1 (the rulebook's first example); dice 3 + 3 = 6: CONTACT."""
    run = L.open_lesson(GAME, "ex-three-to-one")
    assert _odds(run, "1322", ["G10-AR-1", "G10-AR-2", "G10-AR-3"]) == (3, 1)
    _play(run)
    (c,) = [e.data for e in _events(run, "combat")]
    assert (c["odds"], c["attack"], c["defense"], c["total"], c["result"]) == ("3-1", "6", "2", 6, "CONTACT")


def test_KP_SEMI_CUMULATIVE_lesson_river_and_height_make_a_quarter_never_less():
    """From a river hex against a higher defender: half and half again, a quarter (2 -> 1/2)."""
    run = L.open_lesson(GAME, "ex-semi-cumulative")
    g = run.game
    assert g.rules.attack_multiplier(g.state, H("1719"), H("1720")) == Fraction(1, 4)
    s = g.rules.strengths(g.state, KBattle(H("1720"), ("CCA-AR",), ("G10-AR-1",)))
    assert s["attack"] == Fraction(1, 2) and s["defense"] == 2
    _play(run)
    (c,) = [e.data for e in _events(run, "combat")]
    assert (c["odds"], c["result"]) == ("1-4", "A ELIM")


def test_KP_ARTILLERY_EXCHANGE_lesson_the_attacker_gives_up_the_defenders_base_value():
    """Artillery raises a 1-16 to 4 (1 + 3); on EXCHANGE the attacker owes 1 factor, not 4."""
    run = L.open_lesson(GAME, "ex-artillery-base-value")
    _play(run, upto=5)
    (c,) = [e.data for e in _events(run, "combat")]
    assert (c["odds"], c["attack"], c["defense"], c["result"]) == ("4-1", "16", "4", "EXCHANGE")
    assert _at(run, "US18-INF-1") == "eliminated"
    assert run.game.state.stage.kind == "loss" and run.game.state.stage.get("need") == 1
    _play(run)
    assert _at(run, "DAK-PG4") == "eliminated" and _at(run, "DAK-AR7") == "1322"


def test_KP_RETREAT_TERRAIN_lesson_two_high_ground_hexes_are_8_mp_more_than_an_italian_has():
    """An Italian 1-6 may retreat one high-ground hex (4 MP) but not two (8 MP): D BACK 2 kills it."""
    run = L.open_lesson(GAME, "ex-italian-retreat")
    g = run.game
    assert g.rules.retreat_options(g.state, "IT-INF-1", 1) and g.rules.retreat_options(g.state, "IT-INF-1", 2) == []
    _play(run)
    (c,) = [e.data for e in _events(run, "combat")]
    assert (c["odds"], c["total"], c["result"]) == ("4-1", 6, "D BACK 2")
    assert _at(run, "IT-INF-1") == "eliminated" and _at(run, "CCA-AR") == "0301"


def test_KP_OPT_AIR_POWER_lesson_one_attack_a_turn_one_column_from_22_february():
    """From 22 February (turn 9) one Allied attack a turn: 1 to 1 becomes 2 to 1; a second is refused."""
    run = L.open_lesson(GAME, "ex-air-power")
    g = run.game
    assert g.turn() == 9 and "22 Feb" in g.rules.scen.date(9)
    _play(run, upto=1)
    assert g.rules.odds(g.state, g.state.kbattles[0]) == (1, 1)
    _play(run)
    assert g.rules.odds(g.state, g.state.kbattles[0]) == (2, 1)
    assert [d.lines[0].split(":")[0] for d in run.history if d.step.refused] == ["KP-OPT-AIR-POWER"]
