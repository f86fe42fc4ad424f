"""Black Wednesday's panel, third part (issue 7, "In the client"): the orders of both sides as far
as the player's view shows them (§16; in TCS-lite every order is public), the selected unit's
order in words outside the Command Phase."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.core import actions as A
from hexwar.core.hexgrid import hex_name
from hexwar.games.black_wednesday import previews as I

from .conftest import start
from .positions import black_wednesday_command

pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


def _panel_text(gs) -> str:
    return " ".join(x[1] for x in gs.panel.context.sigs if isinstance(x, tuple) and x and x[0] == "text")


def test_16_both_sides_orders_listed_as_far_as_the_view_shows_them(app, drive, monkeypatch):
    """§16: in the Command Phase the side at the screen sees its own orders, then the other
    side's (public in TCS-lite), each a button that shows it on the map. When the view a side
    gets leaves the other side's orders out, the panel lists only its own: the client shows what
    ``view(side)`` holds and nothing more."""
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    side = ctl.acting()
    v = ctl.view()
    mine = [o for o in v["orders"] if o["side"] == side]
    theirs = [o for o in v["orders"] if o["side"] != side]
    assert mine and theirs, "Scenario 1: the Soviet attack and the Axis defence"
    app.step()
    for o in mine + theirs:
        b = drive.button(f"order-{o['id']}")
        assert b.label == I.order_short(o)
    other = "Axis" if side == "soviet" else "Soviet"
    assert f"The {other} orders (open to both players in TCS-lite, §16)" in _panel_text(gs)
    drive.press(f"order-{theirs[0]['id']}")  # the other side's order shown on the map
    assert ctl.tool.get("order") == theirs[0]["id"]
    areas = [x for x in ctl.gui.map_lines(ctl, None) if type(x).__name__ == "MapArea"]
    assert [a.hexes for a in areas] == [I.view_orders(v, theirs[0]["side"])[0]["objective_hexes"]]
    # A view without the other side's orders: the panel lists only the player's own.
    real = ctl.game.view
    monkeypatch.setattr(ctl.game, "view", lambda s: {**real(s), "orders": [o for o in real(s)["orders"]
                                                                          if o["side"] == s]})
    ctl.version += 1
    app.step()
    names = [b.name for b in gs.panel.context.buttons.buttons]
    assert f"order-{mine[0]['id']}" in names and f"order-{theirs[0]['id']}" not in names
    assert "open to both players" not in _panel_text(gs)


def test_16_the_selected_units_order_in_words_outside_the_command_phase(app):
    from . import positions as demo

    gs = start(app, demo.black_wednesday_fire())
    ctl = gs.ctl
    ctl.die = None
    ctl.sel = "1-I-262-MG"
    app.step()
    o = ctl.gui.order_focus(ctl)
    assert o is not None
    assert f"Axis order {I.order_line(o)} (§16" in _panel_text(gs)


def test_map_words_step_aside_so_no_two_boxes_overlap(app):
    """Markers' words (PREP, BARR, SFA col, LOSS? ...) never cover each other: a box that would
    overlap one already drawn moves up or down by its height; in the demo's fire position no two
    of the drawn boxes overlap, and the badges of the stacks stay in sight (PREP goes under)."""
    import pygame

    from hexwar.ui.shapes import MARK_STYLE, label_box

    from . import positions as demo

    surf = pygame.Surface((300, 300))
    placed: list = []
    label_box(surf, "PREP 0620", 12, (150, 150), placed=placed)
    label_box(surf, "PREP 0620", 12, (160, 152), placed=placed)
    assert len(placed) == 2 and not placed[0].colliderect(placed[1])
    assert MARK_STYLE["prep"][2][1] > 0  # under the stack, not over its badges
    gs = start(app, demo.black_wednesday_fire())
    gs.ctl.die = None
    gs.ctl.viewer, gs.ctl._view = "soviet", None  # the Prep boxes to come are the Soviet plot (BW-L1)
    firer = next(a for a in gs.ctl.legal() if isinstance(a, A.Attack)).attackers[0]
    gs.ctl.sel = firer
    gs.mv.set_zoom(1.3)
    gs.mv.center_on(gs.ctl.game.state.units[firer].hex)
    app.step()
    app.step()
    boxes = gs.layer.mark_boxes
    assert len(boxes) >= 3
    assert not [(a, b) for i, a in enumerate(boxes) for b in boxes[i + 1:] if a.colliderect(b)]


def test_8_2_the_last_fire_shown_with_its_column_every_shift_and_the_result(app):
    """§8.2, §8.3, §9: after a fire through the client the panel's notices give the Area Fire
    Table column, every shift by name, the column it ends on, the roll and the result, as the
    engine's event has them; point fire and AT rolls with their numbers."""
    from hexwar.core.actions import Event

    from . import positions as demo

    gs = start(app, demo.black_wednesday_fire())
    ctl = gs.ctl
    ctl.die = None
    att = next(a for a in ctl.legal() if isinstance(a, A.Attack))
    assert ctl.do(att)
    import re

    logged = next(e.text for e in reversed(ctl.log) if re.search(r"fire \d+ on .*: column \d+", e.text))
    fp, target, col, roll = re.search(r"fire (\d+) on (\S+): column (\d+), .*roll (\d+):", logged).groups()
    notes = ctl.gui.notices(ctl)
    line = next(n for n in notes if n.startswith("Fire on"))
    assert line.startswith(f"Fire on {target} (§8.2, §8.3): firepower {fp} → column {col}")
    assert f"rolled {roll}: " in line
    # shifts by name and the final column (an event with shifts, as the engine writes it)
    shifts = [("trench (1.3a)", -2), ("Dug In", -1)]
    ctl.gui.on_events(ctl, [Event("fire", "sfa fire 10 on B16.28: ...", {"target": "B16.28", "fp": 10, "column": 6,
                                                                       "shifts": shifts, "roll": 9, "result": "1"}),
                            Event("point_fire", "AT1 fires at T1: need 7, roll 8 = 8: hit", {"need": 7, "roll": 8}),
                            Event("at_roll", "AT roll on T1: need 9, roll 10: killed", {"need": 9, "roll": 10})])
    notes = ctl.gui.notices(ctl)
    assert ("Fire on B16.28 (§8.2, §8.3): firepower 10 → column 6; trench (1.3a) -2, Dug In -1 → column 3; "
            "rolled 9: 1 step(s) lost, then a morale check") in notes
    assert "Point fire (§9): AT1 fires at T1: need 7, roll 8 = 8: hit" in notes
    assert "AT roll (§9): AT roll on T1: need 9, roll 10: killed" in notes
    # the next action clears them
    assert ctl.do(ctl.legal()[0])
    assert not [n for n in ctl.gui.notices(ctl) if n.startswith("Fire on B16.28")]


def test_13_8_smoke_on_the_map_and_in_the_line_of_sight_words(app):
    """§13.8: a smoke hex carries its SMOKE box with the level; the line-of-sight tool names Level 2
    smoke as the cause with its rule (the engine's ``line_detail``), and draws without a failure."""
    import logging

    from hexwar.core.hexgrid import distance, hex_name

    from . import positions as demo

    g = demo.black_wednesday_fire()
    gs = start(app, g)
    ctl = gs.ctl
    ctl.die = None
    r, st = g.rules, g.state
    src = st.units["1-I-262-MG"].hex
    a, b = src, next(h for h in sorted(r.area, key=lambda h: (distance(h, src), h))
                     if distance(src, h) >= 3 and r.line_detail(st, src, h).cause == "clear")
    mid = r.ter.line(a, b)[1][0]
    st.extra = {**st.extra, "smoke": {mid: 2}}
    ctl.version += 1
    marks = [m for m in ctl.gui.map_marks(ctl) if m.kind == "smoke"]
    assert [(m.hex, m.text) for m in marks] == [(mid, "SMOKE 2")] and "blocks sight" in marks[0].tooltip[0]
    assert "§13.8" in marks[0].tooltip[0]
    words = ctl.gui.los_lines(ctl, a, b)[0]
    assert f"blocked by Level 2 smoke at {hex_name(mid)} (§13.8)" in words
    ctl.sel = "1-I-262-MG"
    ctl.gui.toggle_los(ctl)
    ctl.tool["los"]["dst"] = b
    errors = []
    handler = logging.Handler()
    handler.emit = lambda rec: errors.append(rec) if rec.levelno >= logging.ERROR else None
    logging.getLogger().addHandler(handler)
    try:
        app.step()
    finally:
        logging.getLogger().removeHandler(handler)
    assert not errors


def test_5_reserve_badge_and_the_badges_in_the_help(app):
    """3.1d: a unit in reserve carries R beside its mode and Dug In badges; the help screen's key
    list explains every badge letter with its rule."""
    from hexwar.ui.games import for_game

    from . import positions as demo

    gs = start(app, demo.black_wednesday_fire())
    units = [u for u in gs.ctl.view()["units"] if u["where"] == "map"]
    res = [u for u in units if u.get("reserve")]
    assert res and all("R" in u["badges"] for u in res)
    assert all("R" not in u.get("badges", ()) for u in units if not u.get("reserve"))
    keys = dict(for_game("black-wednesday").keys)
    assert "F M S P DI R" in keys and "3.1d" in keys["F M S P DI R"] and "§12.4" in keys["F M S P DI R"]


def test_5_0_exits_are_buttons_beside_the_unit_nearest_first():
    """5.0: a unit's exits are offered beside it in the stack list ("Exit the map here", "Move to
    B10.01 (2 hex(es)) and exit"), nearest first after its other actions, not in the chooser."""
    from hexwar.core.hexgrid import Hex
    from hexwar.games.black_wednesday.exits import Exit
    from hexwar.games.black_wednesday.verbs import Mode
    from hexwar.ui.games.black_wednesday import BlackWednesdayUI

    a, b, c = Hex(10, 3), Hex(10, 2), Hex(10, 1)
    acts = [Exit("u1", (a, b, c)), Exit("u1", ()), Exit("u1", (b,)), Mode("u1", "move"), Exit("u2", ())]

    class Game:  # the position's decisions: the engine says nothing of these actions here
        def decisions(self):
            return ()

    class Ctl:
        game, version = Game(), 0

        def legal(self):
            return acts

    gui = BlackWednesdayUI()
    got = gui.unit_actions({"id": "u1"}, Ctl())
    assert [x[1] for x in got] == [acts[3], acts[1], acts[2], acts[0]]
    assert got[1][0] == "Exit the map here" and "5.0" in got[1][2]
    assert got[3][0] == f"Move to {hex_name(c)} (3 hex(es)) and exit"
    assert "exit" in gui.unit_verbs


def test_option_labels_and_titles_of_the_other_black_wednesday_verbs():
    """2.3a, 3.5, 4.7: the 289's assignment, German battery releases and Dora's plot read as words
    in the chooser, under a title with the rule."""
    from hexwar.games.black_wednesday.artillery import Assign289
    from hexwar.games.black_wednesday.batteries import BatteryRelease
    from hexwar.games.black_wednesday.dora import DoraPlot

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=1)
    r, st = g.rules, g.state  # the engine words them; the client keeps no labels of its own
    assert r.option_label(st, Assign289("assign", ("289", "43"))) == "the 289 AT Regiment to the 43rd Division"
    assert r.option_label(st, BatteryRelease("battery", ("II-AR240+III-AR240",))) == "release II-AR240 and III-AR240"
    assert r.option_label(st, DoraPlot("dora", ("B15.30",))) == "Dora's next shot on B15.30"
    for what, rule in (("assign", "2.3a"), ("battery", "3.5"), ("dora", "4.7")):
        info = r.choice_info(st, what)
        assert info["title"] and rule in info["rule"] and info["help"]


def test_4_7_dora_plot_on_the_map_until_it_fires(app):
    from hexwar.core.hexgrid import parse_hex

    from . import positions as demo

    g = demo.black_wednesday_fire()
    gs = start(app, g)
    ctl = gs.ctl
    g.state.extra = {**g.state.extra, "dora": ((8 * 60, "B15.30"),)}
    ctl.version += 1
    marks = [m for m in ctl.gui.map_marks(ctl) if m.kind == "dora"]
    assert [(m.hex, m.text) for m in marks] == [(parse_hex("B15.30"), "DORA 0800")] and "4.7" in marks[0].tooltip[0]
    app.step()  # drawn
    g.state.extra = {**g.state.extra, "dora_fired": (8 * 60,)}
    ctl.version += 1
    assert not [m for m in ctl.gui.map_marks(ctl) if m.kind == "dora"]
