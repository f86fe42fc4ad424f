"""Black Wednesday in the luck report (issue 18): every roll on a fire, morale, SYR, point-fire
or AT table is judged against its column (games/black_wednesday/luck.py), other rolls stay
plain, and the course is counted in the scenario's victory measure."""
from __future__ import annotations

from pathlib import Path

import pytest

import hexwar
import hexwar.lessons as L

RECORDS = Path(__file__).resolve().parents[2] / "records" / "games"
BW_RECORDS = sorted(RECORDS.glob("black-wednesday-*.yaml"))
TABLES = ("Area Fire Table", "Morale Table", "SYR Table", "point fire", "AT kill roll")


def _commissars():
    run = L.open_lesson("black-wednesday", "ex-2-2a-commissars")
    while not run.done:
        run.demo()
    return run.game


def test_the_commissars_example_judges_its_fires_and_morale_checks():
    """Dice 3+4 on the first fire (a morale check), 4+4 on the check (S, taken by a commissar),
    3+4 and 3+4 again: two fires for the Axis, two checks for the Soviets."""
    r = hexwar.luck(_commissars())
    judged = [x for x in r.rolls if x.table]
    assert [(x.side, x.table.split(" column")[0].split(",")[0], x.result) for x in judged] == [
        ("axis", "Area Fire Table", "M"), ("soviet", "Morale Table", "S"),
        ("axis", "Area Fire Table", "M"), ("soviet", "Morale Table", "S")]
    fire = judged[0]
    assert fire.dice == (3, 4) and fire.table.startswith("Area Fire Table column ")
    assert fire.expected["soviet"] > 0 and fire.expected["axis"] == 0  # only the target can lose steps
    check = judged[1]
    assert check.verdict != "better" and check.chance_better > 0  # passing was better
    assert check.chance_worse + check.chance_better < 1
    assert r.side("axis").rolls == 2 and r.side("soviet").rolls == 2
    assert r.side("soviet").lost == pytest.approx(1.0)  # the commissar's step, counted once
    assert r.score_label and set(r.course[-1].score) == {"soviet", "axis"}


@pytest.mark.parametrize("path", BW_RECORDS, ids=[p.stem for p in BW_RECORDS])
def test_every_table_roll_of_a_record_is_judged(path):
    game = hexwar.load_record(path)
    r = hexwar.luck(game)
    rolled = sum(1 for st in game.history() for e in st.events if e.kind == "die_rolled")
    assert len(r.rolls) == rolled
    fires = sum(1 for st in game.history() for e in st.events
                if e.kind == "fire" and "column" in e.data and "result" in e.data)
    judged = [x for x in r.rolls if x.table]
    assert r.score_label and all(set(p.score) == {"soviet", "axis"} for p in r.course)
    if not fires:
        return
    assert sum(1 for x in judged if x.table.startswith("Area Fire Table")) > 0
    for x in judged:
        assert x.table.startswith(TABLES)
        assert x.side in ("soviet", "axis"), x
        assert x.chance_worse + x.chance_better <= 1 + 1e-9
        assert all(0 <= v < 60 for v in x.expected.values())
    for s in r.sides:
        assert s.rolls > 0 and s.expected_lost >= 0 and s.lost >= 0
    # the steps the rolls are credited with are each side's losses, counted once
    assert sum(s.lost for s in r.sides) <= sum(r.course[-1].steps_lost.values()) + 1e-6


def test_each_judged_roll_has_its_whole_column():
    """The hook's own answers: chances sum to 1, the rolled result is among the outcomes."""
    path = RECORDS / "black-wednesday-s1-turning-the-left-11.yaml"
    game = hexwar.load_record(path)
    rules = game.rules
    timeline = game.timeline()
    befores = [game.start_state] + [s for _, _, s in timeline[:-1]]
    seen = set()
    for (action, events, _), before in zip(timeline, befores):
        if action is None:
            continue
        odds = rules.roll_odds(before, action, events)
        assert len(odds) == sum(1 for e in events if e.kind == "die_rolled")
        for o in odds:
            if o is None:
                continue
            seen.add(o.table.split(" column")[0].split(",")[0])
            assert sum(x.chance for x in o.outcomes) == pytest.approx(1.0)
            assert o.outcome(o.result) is not None, (o.table, o.result)
            assert all(n >= 0 for x in o.outcomes for _, n in x.losses)
    assert {"Area Fire Table", "Morale Table", "AT kill roll"} <= seen


def test_a_fires_expected_losses_stop_at_the_steps_its_target_has():
    """A result of 3 on a platoon of one step costs it one step, nominally (§8.4)."""
    import copy
    from dataclasses import replace

    game = _commissars()
    timeline = game.timeline()
    befores = [game.start_state] + [s for _, _, s in timeline[:-1]]
    (action, events, _), before = next((t, b) for t, b in zip(timeline, befores)
                                       if t[0] is not None and any(e.kind == "fire" for e in t[1]))
    fire = game.rules.roll_odds(before, action, events)[0]
    assert max(n for x in fire.outcomes for _, n in x.losses) == 3  # five steps: the whole column
    weak = copy.deepcopy(before)
    weak.units["1-708-Inf1"] = replace(weak.units["1-708-Inf1"], steps=1)
    fire = game.rules.roll_odds(weak, action, events)[0]
    assert fire.table.startswith("Area Fire Table") and fire.side == "axis"
    assert max(n for x in fire.outcomes for _, n in x.losses) == 1
