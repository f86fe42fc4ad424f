"""The lessons of Objective: Kiev's worked examples (issue 18), played to their end through
the engine, every figure they show checked against the rulebook example's own figures.
(The examples themselves, on purpose-made boards, are in test_examples.py; the lessons put
them on our map.) The phase lessons are played by tests/test_lessons.py."""
from __future__ import annotations

import hexwar.lessons as L
from hexwar.core.actions import parse_action

GAME = "objective-kiev"


def _mp(run, action: str) -> float:
    """What the engine says a move costs now (its consequence figure)."""
    got = run.game.rules.consequence(run.game.state, parse_action(action))
    return float(got.figure)


def _events(run, kind):
    return [e for done in run.history for e in done.events if e.kind == kind]


def _play(run):
    while not run.done:
        got = run.demo()
        assert got.accepted, got.text


def test_EX_9_4_lesson_swamp_two_river_nothing_rail_one_forest_two_zone_stops():
    """EX-9.4 on our map: the five routes of the example, each with a 6-4 corps (MA 4)."""
    run = L.open_lesson(GAME, "ex-9-4-movement")
    g = run.game
    # A: two clear hexes, the second across the Horyn: 2 MP (a river hexside costs nothing) ...
    assert g.board.has_side(parse_action("move G-LV 0802").dest, parse_action("move G-LV 0702").dest, "river")
    assert _mp(run, "move G-LV 0802 0702") == 2
    # ... and the swamp beyond them 2 more: the whole allowance of 4.
    assert g.board.terrain[parse_action("move G-LV 0701").dest] == "swamp"
    assert _mp(run, "move G-LV 0802 0702 0701") == 4
    run.demo()
    # B: the corps entering the army's zone stops; 2 of its 4 MP spent.
    got = run.demo()
    assert got.rule == "9.1.2"
    assert _mp(run, "move G-XVII 0802 0803") == 2
    run.demo()
    assert run.game.check("move G-XVII 0803") is not None  # it has moved: no second move
    # C: along the rail, forest hexes cost 1 MP each; four hexes for the four MP.
    forests = [h for h in ("1102", "1202", "1302") if g.board.terrain[parse_action(f"move G-LII {h}").dest] == "forest"]
    assert len(forests) == 3
    rail = ["1102", "1202", "1302", "1402"]
    assert [_mp(run, "move G-LII " + " ".join(rail[:n])) for n in range(1, 5)] == [1, 2, 3, 4]
    assert run.game.check("move G-LII 1102 1202 1302 1402 1503") is not None  # a fifth hex: 5 MP
    run.demo()
    # D: off the rail a forest hex costs 2: 1 + 1 by rail, then 2 for 1201.
    assert _mp(run, "move G-IV 1001 1102") == 2 and _mp(run, "move G-IV 1001 1102 1201") == 4
    run.demo()
    # E: four clear hexes, 1 MP each.
    assert _mp(run, "move G-XLIV 0904 0905 0906 1006") == 4
    run.demo()
    assert run.done
    assert [done.lines[0] for done in run.history if done.action.notation().startswith("move")
            and not done.lines[0].startswith("9.")] == ["4 MP (9.0)", "2 MP (9.0)", "4 MP (9.0)", "4 MP (9.0)",
                                                        "4 MP (9.0)"]


def test_EX_10_7_lesson_the_combat_example_figures():
    """EX-10.7 on our map: reveal (4-2-6), 6:2 = 3:1, river -1, air +1, roll 4 EX; the mech
    eliminated, the infantry corps flipped (3 points for the 2 owed) and advancing;
    28:8 = 3:1, forest -1 = 2:1, roll 1 DR; the army retreats losing a step, a second hex in
    the infantry corps' zone refused; a panzer corps advances."""
    run = L.open_lesson(GAME, "ex-10-7-combat")
    _play(run)
    revealed = _events(run, "revealed")
    assert [e.data["spec"] for e in revealed] == ["SU-2M"] and "4-2-6" in revealed[0].text
    first, second = [e.data for e in _events(run, "combat")]
    assert first["lines"] == ["attacker G-IV: 6", "defender SU-M1: 2", "ratio 6 to 2 = 3:1",
                              "-1 column (10.4: every attacker is across a river)",
                              "+1 column (10.5: air support (IV Fliegerkorps))", "final odds 3:1"]
    assert (first["roll"], first["result"]) == (4, "EX")
    assert [e.data.get("owed") for e in _events(run, "exchange")][0] == 2
    assert second["lines"] == ["attacker G-III: 12", "attacker G-XIV: 10", "attacker G-XLVIII: 6",
                               "defender SU-5A: 8", "ratio 28 to 8 = 3:1", "-1 column (10.4: defender in forest)",
                               "final odds 2:1"]
    assert (second["roll"], second["result"]) == (1, "DR")
    units = run.game.state.units
    assert units["SU-M1"].where == "eliminated"
    assert units["G-IV"].steps == 1 and str(units["G-IV"].hex) == "1303"  # 6-4 -> 3-4: 3 points paid
    assert units["SU-5A"].steps == 1 and str(units["SU-5A"].hex) == "1401"  # 8-4 -> 4-4
    assert str(units["G-III"].hex) == "1202"
    refused = [done.lines[0] for done in run.history if done.step.refused]
    assert [r.split(":")[0] for r in refused] == ["10.2", "10.5", "10.6"]
