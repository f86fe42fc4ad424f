"""The lessons of Black Wednesday's examples (issue 18), played to their end through the
engine, every figure checked against the rulebook's: the commissars (2.2a) and consolidation
(2.2c). The phase lessons are played by tests/test_lessons.py."""
from __future__ import annotations

import hexwar.lessons as L
from hexwar.core.actions import Choose

GAME = "black-wednesday"


def _play(run, upto=None):
    while not run.done and (upto is None or run.index < upto):
        got = run.demo()
        assert got.accepted, got.text


def _events(run, kind):
    return [e for done in run.history for e in done.events if e.kind == kind]


def test_2_2a_lesson_a_commissar_takes_a_step_instead_of_a_suppression_once_a_phase():
    run = L.open_lesson(GAME, "ex-2-2a-commissars")
    st = run.game.state
    full = run.game.rules.specs["1-708-Inf1"].steps
    assert st.units["1-708-Inf1"].steps == full == 5
    _play(run, upto=1)
    st = run.game.state
    assert [e.text.rsplit(": ", 1)[1] for e in _events(run, "morale")] == ["Suppressed"]
    assert _events(run, "commissar") and st.units["1-708-Inf1"].steps == full - 1
    assert "1-708-Inf1" not in st.extra.get("status", {})
    _play(run)
    st = run.game.state
    assert len(_events(run, "commissar")) == 1  # once a phase
    assert st.extra["status"]["1-708-Inf1"] == "S" and st.units["1-708-Inf1"].steps == full - 1


def test_2_2c_lesson_two_platoons_down_three_steps_each_make_one_down_one():
    """The rulebook's example: two same adjacent platoons each 3 steps down consolidate into
    one platoon with a single step lost; the other goes to the dead pile."""
    run = L.open_lesson(GAME, "ex-2-2c-consolidation")
    full = run.game.rules.specs["1-708-Inf1"].steps
    assert [run.game.state.units[u].steps for u in ("1-708-Inf1", "1-708-Inf2")] == [full - 3, full - 3]
    _play(run, upto=1)
    offered = {a.value for a in run.game.legal_actions() if isinstance(a, Choose) and a.what == "consolidate"}
    assert offered == {"1-708-Inf1+1-708-Inf2", "1-708-Inf2+1-708-Inf1"}  # not the other battalion's
    _play(run)
    units = run.game.state.units
    assert units["1-708-Inf2"].steps == full - 1 and units["1-708-Inf1"].where == "eliminated"


def test_2_1e_lesson_the_command_prep_roll_and_one_battalion_at_a_time():
    """2.1d / 2.1e: a 43rd Division order (rating 7) with 17 weighted turns needs 64+; a 6 and a 4
    implement it, and only the battalion named begins; the 63rd Guards (rating 5) would need 56."""
    run = L.open_lesson(GAME, "ex-2-1e-command-prep")
    rules = run.game.rules
    _play(run, upto=1)
    o = run.game.state.extra["orders"]["S2"]
    assert o["wt"] == 17 and rules.order_rating(o) == 7 and rules.order_need(o) == "64"
    assert rules.implementation_need(5, "attack", 17) == "56"
    _play(run)
    o = run.game.state.extra["orders"]["S2"]
    assert o["status"] == "implemented" and o["released"] == ("1-708",)
    assert [e.data["dice"] for e in _events(run, "die_rolled")] == [[6, 4]]


def test_1_1a_lesson_a_hex_with_only_part_of_a_trench_is_a_trench_hex():
    """1.1a's example: B29.03, where trench line 1 bends (its two trench neighbours touch, so the
    line crosses only a corner of it), is a trench hex: a fire on it takes the protective
    terrain and trench shifts (§8.3, 1.3a) that the open hex B30.04 behind the line does not;
    the same roll of 8 from the same four firepower costs a step there and nothing here."""
    from hexwar.core.hexgrid import are_adjacent, neighbors, use_hex_ids

    run = L.open_lesson(GAME, "ex-1-1a-partial-trench")
    rules = run.game.rules
    t = rules.t
    with use_hex_ids(rules.ids):
        bend, behind = rules.ids.parse("B29.03"), rules.ids.parse("B30.04")
        line = [h for h in neighbors(bend) if rules.ter.is_trench(h)]
        assert rules.ter.is_trench(bend) and not rules.ter.is_trench(behind)
        assert len(line) == 2 and are_adjacent(*line)  # the line only cuts the hex's corner
    _play(run)
    fires = [e.data for e in _events(run, "fire")]
    assert [(f["target"], f["fp"], f["column"], f["roll"]) for f in fires] == [("B30.04", 4, 4, 8), ("B29.03", 4, 4, 8)]
    assert fires[0]["shifts"] == []
    protective = t.class_mods["protective"]["area_fire_shift"]
    assert fires[1]["shifts"] == [("terrain protective", protective), ("trench (1.3a)", t.shifts["trench"])]
    assert protective + t.shifts["trench"] == -4
    assert [f["result"] for f in fires] == [t.fire_result(4, 8), t.fire_result(0, 8)] == ["1", "-"]
    units = run.game.state.units
    full = rules.specs["1-I-262-Inf1"].steps
    assert units["1-I-262-Inf2"].steps == full - 1 and units["1-I-262-Inf1"].steps == full
