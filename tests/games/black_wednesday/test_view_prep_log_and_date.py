"""The view's Prep Log and date: the Axis side sees a Prep box only once it has fired (2.4,
decision BW-L1: the log is the Soviet player's plot), and the date follows the clock past
midnight and starts on the 11th in Scenario 8."""
from __future__ import annotations

from hexwar.games.black_wednesday.rules import clock, day

from .helpers import s1


def _boxes(v):
    return {(c, tm): h for c, boxes in v["prep_log"].items() for tm, h in boxes.items()}


def test_2_4_axis_view_hides_prep_boxes_not_yet_fired():
    with s1() as g:
        assert g.state.phase == "prep_log"
        soviet, axis, neutral = (_boxes(g.view(s)) for s in ("soviet", "axis", None))
        assert soviet == neutral and any(soviet.values())
        assert set(axis) == set(soviet)  # the same boxes, their targets withheld
        assert not any(axis.values())


def test_2_4_axis_view_shows_a_prep_box_once_its_time_has_passed():
    with s1() as g:
        g.state.turn = 3  # 0640: the 0600 and 0620 boxes have fired
        assert clock(g.rules.scen.first_time, 3) == 640
        g.state.phase = "command"
        soviet, axis = _boxes(g.view("soviet")), _boxes(g.view("axis"))
        for (col, tm), h in soviet.items():
            assert axis[(col, tm)] == (h if int(tm) < 640 else None), (col, tm)
        assert any(axis.values())


def test_date_runs_past_midnight_and_scenario_8_starts_on_the_11th():
    assert clock(1600, 15) == 200 and day(1600, 15) == 1  # Scen. 7's last turn: 0200 Feb 11
    assert day(600, 36) == 0
    from .helpers import open_local

    g = open_local("s7-breakout")
    g.state.turn = 15
    assert g.view(None)["date"] == "0200 Feb 11"
    g8 = open_local("s8-counter-attack")
    assert g8.view(None)["date"] == "0600 Feb 11"
