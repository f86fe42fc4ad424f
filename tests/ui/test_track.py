"""The turn track (Track tab), the air support markers and the stack list, driven headless."""
from __future__ import annotations

import pygame
import pytest

import hexwar
from hexwar.core import actions as A
from hexwar.core.hexgrid import parse_hex
from hexwar.games.objective_kiev.positions import position
from hexwar.ui import turns as TR
from hexwar.ui.control import Controller

from .conftest import start


def battle(dice=(4,)):
    """Axis combat: G-III and G-XIV against SU-5A and a mech corps at 0505."""
    return position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604", "SU-6A": "0707"}, phase="axis_combat",
                    dice=list(dice), mech={"SU-2M": "0505"})


def context_texts(gs) -> list[str]:
    return [sig[1] for sig in gs.panel.context.sigs if isinstance(sig, tuple) and sig and sig[0] == "text"]


def to_roll(drive, gs):
    gs.mv.set_zoom(2.0)
    gs.mv.center_on(parse_hex("0505"))
    drive.app.step()
    drive.click_hex("0505")
    drive.click_hex("0504")
    drive.click_hex("0604")
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)  # close the declarations although 0707 could be attacked
    drive.click_hex("0505")
    assert gs.ctl.mode() == "stage:roll"


# --- the turn track ------------------------------------------------------------------------------
def test_the_track_has_every_turn_with_its_date_arrivals_and_steps():
    g = hexwar.open_game("objective-kiev", "standard", seed=1)
    boxes = TR.turn_track(Controller(g, threaded=False))
    scen = g.rules.scenario
    assert [b.turn for b in boxes] == list(range(1, scen.turns + 1))
    assert [b.date for b in boxes] == [scen.dates[t] for t in range(1, scen.turns + 1)]
    assert [b.when for b in boxes] == ["now"] + ["future"] * (scen.turns - 1)
    by = {(b.turn, s.side): s for b in boxes for s in b.sides}
    assert {tu.unit["id"] for tu in by[2, "axis"].units} == {"SK-1", "H-1"}
    assert {tu.unit["id"] for tu in by[3, "axis"].units} == {"G-XXXIV", "I-CSIR"}
    assert [tu.unit["id"] for tu in by[5, "soviet"].units] == ["SU-37A"]
    assert all(tu.status == TR.DUE for s in by.values() for tu in s.units)
    for t in range(1, scen.turns + 1):
        for side in ("axis", "soviet"):
            assert by[t, side].steps == scen.replacements[t][side] and by[t, side].note == ""
    tip = boxes[1].tooltip()
    assert tip[0] == "Turn 2 — 30 Jun 1941" and any("SK-1" in ln and "1 replacement step" in ln for ln in tip)


@pytest.mark.parametrize("options", [{}, {"no_axis_replacements": True}, {"axis_panzer_replacements_odd_turns": True}])
def test_the_steps_on_the_track_are_what_the_rules_hand_out(options):
    """The track reads the steps from the scenario and applies the 13.0 options itself: they must
    be the steps the rules actually give at the start of each build-up phase."""
    for turn in range(1, 8):
        for side in ("axis", "soviet"):
            g = position({"G-III": "0303", "SU-5A": "0808"}, phase=f"{side}_buildup", turn=turn, options=options)
            box = TR.turn_track(Controller(g, threaded=False))[turn - 1]
            got = next(s for s in box.sides if s.side == side)
            assert box.when == "now"
            assert got.steps == g.state.steps_left, (turn, side, options)
    g = position({"G-III": "0303"}, phase="axis_movement", turn=2, options={"axis_panzer_replacements_odd_turns": True})
    boxes = TR.turn_track(Controller(g, threaded=False))
    notes = {b.turn: next(s for s in b.sides if s.side == "axis").note for b in boxes}
    assert notes == {1: "", 2: "no panzers", 3: "", 4: "no panzers", 5: "", 6: "no panzers", 7: ""}
    g = position({"G-III": "0303"}, phase="axis_movement", turn=2, options={"no_axis_replacements": True})
    box = TR.turn_track(Controller(g, threaded=False))[3]
    axis = next(s for s in box.sides if s.side == "axis")
    assert axis.steps == 0 and axis.note == "none" and "13.0" in " ".join(box.tooltip())


def test_the_track_tab_marks_the_turn_and_shows_arrived_and_lost_units(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0808"}, phase="axis_buildup", turn=2)
    gs = start(app, g)
    drive.key(pygame.K_t)
    assert gs.panel.tab == "track"
    tp = gs.panel.track
    assert set(tp.rows) == set(range(1, 8)) and tp.units["SK-1"] and tp.units["H-1"]
    # The current turn: a frame and a pointer, not only a colour.
    row = next(sig for sig in tp.sigs if sig[0] == "row" and sig[2] == 2)
    assert row[4] == "now"
    assert gs.panel.rect.contains(tp.rows[2])
    # SK-1 is placed, H-1 is not: ending the build-up loses it (11.0).
    place = next(a for a in g.legal_actions() if isinstance(a, A.Place) and a.unit == "SK-1")
    assert gs.ctl.do(place)
    assert gs.ctl.do(A.EndPhase())
    gs.after_change()
    app.step()
    status = {sig[1][0]: sig[2] for sig in tp.sigs if sig[0] == "unit"}
    assert status["SK-1"] == TR.ARRIVED and status["H-1"] == TR.LOST
    # Pointing at a counter of the track says what became of it; at a box, the whole turn.
    drive.hover(tp.units["H-1"].center)
    assert any("lost" in ln and "11.0" in ln for ln in gs.panel.hovered_tooltip())
    r = tp.rows[5]
    drive.hover((r.x + 8, r.centery))
    tip = gs.panel.hovered_tooltip()
    assert tip[0].startswith("Turn 5") and any("SU-37A" in ln for ln in tip)
    drive.key(pygame.K_l)
    assert gs.panel.tab == "log"


def test_the_track_scrolls_to_the_current_turn_in_a_small_window(app, drive):
    app.screen = pygame.display.set_mode((900, 600))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 600), w=900, h=600))
    g = position({"G-III": "0303", "SU-5A": "0808"}, phase="axis_movement", turn=7)
    gs = start(app, g)
    drive.key(pygame.K_t)
    tp = gs.panel.track
    assert tp.content_h > tp.rect.h  # it does not fit: the current turn is scrolled into view
    assert tp.rect.contains(tp.rows[7])
    drive.hover(tp.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=10, flipped=False))  # up past the standing
    app.step()
    assert tp.scroll == 0 and not tp.rect.contains(tp.rows[7])


# --- air support markers ---------------------------------------------------------------------------
def test_air_support_markers_in_the_panel_on_the_map_and_in_history(app, drive):
    g = battle()
    gs = start(app, g)
    ctl = gs.ctl
    assert any(t.startswith("Air support (10.5): 2 of 2 ready") for t in context_texts(gs))
    to_roll(drive, gs)
    # Each marker beside its Roll button, drawn like a counter.
    assert drive.button("roll-IV-FK").enabled and drive.button("roll-V-FK").enabled
    assert any(sig[0] == "roll-air" and sig[1] == "IV-FK" for sig in gs.panel.context.sigs if isinstance(sig, tuple))
    assert gs.air_marks() == ()
    drive.press("roll-IV-FK")
    drive.key(pygame.K_SPACE)  # put the die away
    assert ctl.mode().startswith("stage:")
    # During the battle the marker sits over the defending hex, above the counters' figures.
    marks = gs.air_marks()
    assert [(h, m.id) for h, m in marks] == [(parse_hex("0505"), "IV-FK")]
    n = len(ctl.units_at(parse_hex("0505")))
    r = gs.layer.air_rect(parse_hex("0505"), n)
    x, y = gs.layer.counter_pos(parse_hex("0505"), n - 1, n)
    px = gs.mv.counter_px
    assert r.bottom <= y - px // 2 + px * 0.4  # the figures in the lower half stay in sight
    assert r.right < x + px // 2 - max(6, int(px * 0.2))  # and so does the stack count badge
    # Used: greyed in the panel until the next turn.
    assert any("1 of 2 ready" in t for t in context_texts(gs))
    used = {m.id: m.used for m in TR.air_markers(ctl)}
    assert used == {"IV-FK": True, "V-FK": False}
    drive.key(pygame.K_t)
    tp = gs.panel.track
    assert set(tp.markers) == {"IV-FK", "V-FK"}
    drive.hover(tp.markers["IV-FK"].center)
    assert any("Used this turn" in ln for ln in gs.panel.hovered_tooltip())
    # In history: the step of the roll, and the steps of the battle after it.
    k = len(g.actions)
    drive.key(pygame.K_h)
    assert [m.id for _, m in gs.air_marks()] == ["IV-FK"]
    assert any("Air support: IV Fliegerkorps" in t for t in context_texts(gs))
    gs.enter_history(k - 1)  # before the roll: no marker yet
    assert gs.air_marks() == ()
    drive.key(pygame.K_ESCAPE)
    # When the battle is over the marker leaves the map.
    while ctl.mode().startswith("stage:"):
        acts = g.legal_actions()
        assert ctl.do(acts[0])
        gs.after_change()
    app.step()
    assert gs.air_marks() == ()


def test_a_marker_committed_in_a_battle_is_found_in_the_timeline():
    g = battle()
    ctl = Controller(g, threaded=False)
    for a in (A.Attack(parse_hex("0505"), ("G-III", "G-XIV")), A.EndPhase(), A.Resolve(parse_hex("0505")),
              A.Roll("V-FK")):
        assert ctl.do(a), ctl.status.text
    k = len(g.actions)
    assert TR.air_in_battle(ctl.timeline, k) == ((parse_hex("0505"), "V-FK"),)
    assert TR.air_in_battle(ctl.timeline, k - 1) == ()
    ctl.do(g.legal_actions()[0])  # the defender's loss: still the same battle
    if g.state.stage is not None:
        assert TR.air_in_battle(ctl.timeline, k + 1) == ((parse_hex("0505"), "V-FK"),)


# --- the stack list ----------------------------------------------------------------------------------
def test_a_click_on_a_stack_lists_its_units_and_the_tooltip_says_so(app, drive):
    g = position({"G-III": "0303", "G-LII": "0303", "SU-5A": "0707"}, phase="axis_movement", reduced=["G-LII"])
    gs = start(app, g)
    lines = gs.ctl.hex_lines(parse_hex("0303"))
    assert any(ln.startswith("A click lists the 2 units") for ln in lines)
    drive.click_hex("0303")
    texts = context_texts(gs)
    assert "Stack in 0303: 2 units" in texts
    assert any(t.startswith("G-III") for t in texts) and any(t.startswith("G-LII") for t in texts)
    facts = " ".join(texts)
    assert "attack 12, defence 12, movement 6" in facts and "reduced" in facts and "may still move" in facts
    # An enemy stack too, and Esc / a right click clears the list.
    drive.key(pygame.K_ESCAPE)
    drive.click_hex("0707")
    assert "Stack in 0707: 1 unit" in context_texts(gs)
    drive.click_hex("0707", button=3)
    assert not any(t.startswith("Stack in") for t in context_texts(gs))
    # After a move the list follows the unit.
    drive.click_hex("0303")
    sel = gs.ctl.sel
    drive.click_hex("0304")
    assert gs.ctl.unit(sel)["hex"] == "0304"
    assert "Stack in 0304: 1 unit" in context_texts(gs)
