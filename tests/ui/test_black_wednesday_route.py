"""Black Wednesday: a new order's route drawn on the map by clicks (§16.6): R switches the
clicks from the objective's hexes to the route's waypoints, Backspace and a right click take the
last waypoint back, the draw buttons send `order draw ... via ...`, and the order picked in the
panel shows its arrow through its waypoints to the objective, with its words."""
from __future__ import annotations

import pygame
import pytest

from hexwar.core.hexgrid import distance, hex_name, parse_hex
from hexwar.games.black_wednesday import previews as I
from hexwar.ui.games import MapLine

from .positions import black_wednesday_command

pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


def _click(gs, app, drive, h, button=1):
    gs.mv.center_on(h)
    app.step()
    drive.click_hex(h, button)


def test_16_6_route_drawn_by_clicks_goes_into_the_order_and_its_arrow_is_shown(app, drive):
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    side = ctl.acting()
    cls, forms = ctl.gui.objective_draws(ctl, ctl.legal())
    v = ctl.view()
    area = ctl.gui.facts(ctl).area
    on_map = {u["id"]: parse_hex(u["hex"]) for u in v["units"] if u.get("where") == "map" and u.get("hex")}
    form = next((f for f in forms if any(u in on_map for u in ctl.game.rules.formation_units(f, side))), forms[0])
    # the route starts at the formation's units (any hex while none is on the map yet)
    here = sorted(on_map[u] for u in ctl.game.rules.formation_units(form, side) if u in on_map) or sorted(area)[40:41]
    goal = next(h for h in sorted(area) if 6 <= distance(h, here[0]) <= 8)
    mid = next(h for h in sorted(area) if distance(h, here[0]) == 3 and distance(h, goal) < distance(here[0], goal))
    gs.refresh()
    app.step()
    drive.press("objective")
    _click(gs, app, drive, goal)
    assert ctl.tool["objective"] == {goal}
    drive.key(pygame.K_r)  # the clicks now draw the route
    assert ctl.tool.get("pick") == "route"
    for h in (here[0], mid, goal):
        _click(gs, app, drive, h)
    assert ctl.tool["route"] == [here[0], mid, goal]
    drive.key(pygame.K_BACKSPACE)  # the last waypoint back
    assert ctl.tool["route"] == [here[0], mid]
    _click(gs, app, drive, goal, button=3)  # a right click takes one back too
    assert ctl.tool["route"] == [here[0]]
    _click(gs, app, drive, mid)
    assert ctl.tool["objective"] == {goal}  # route clicks leave the objective alone
    lines = [x for x in ctl.gui.map_lines(ctl, None) if isinstance(x, MapLine)]
    assert [(ln.a, ln.b) for ln in lines[:2]] == [(here[0], mid), (mid, goal)]
    assert "new order → " + hex_name(goal) in lines[0].text and not lines[1].text
    marks = [m for m in ctl.gui.map_marks(ctl) if m.text.startswith("W")]
    assert [(m.hex, m.text) for m in marks] == [(here[0], "W1"), (mid, "W2")]
    gs.refresh()
    app.step()
    assert drive.button("route").toggled
    n = len(ctl.game.actions)
    drive.press(f"draw-attack-{form}")
    assert len(ctl.game.actions) == n + 1, ctl.status
    a = ctl.game.actions[-1]
    assert a.notation().endswith(f"via {hex_name(here[0])}+{hex_name(mid)}")
    assert "route" not in ctl.tool and "objective" not in ctl.tool
    o = next(o for o in I.view_orders(ctl.view(), side) if o.get("route"))
    assert o["route"] == [hex_name(here[0]), hex_name(mid)] and o["arrow"][-1] == hex_name(goal)
    assert " · arrow" in I.order_short(o) and "arrow via " in I.order_line(o)  # its button and tooltip say so
    ctl.gui.show_order(ctl, o["id"])  # picked in the panel: its arrow and waypoints on the map
    lines = [x for x in ctl.gui.map_lines(ctl, None) if isinstance(x, MapLine)]
    assert [(ln.a, ln.b, ln.kind) for ln in lines[:2]] == [(here[0], mid, "mission"), (mid, goal, "mission")]
    assert lines[0].text == f"order {o['id']}: Attack → {hex_name(goal)} (§16.6)"
    assert [m.text for m in ctl.gui.map_marks(ctl) if m.text.startswith("W")] == ["W1", "W2"]


def test_16_6_a_waypoint_outside_the_play_area_is_refused_with_its_rule(app, drive):
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    ctl.gui.toggle_route(ctl)
    r = ctl.gui.facts(ctl)
    outside = next(h for h in sorted(ctl.game.board.terrain) if h not in r.area)
    _click(gs, app, drive, outside)
    assert ctl.status.kind == "refusal" and "§16.6" in ctl.status.text and ctl.tool["route"] == []
    drive.key(pygame.K_ESCAPE)  # no waypoint to take back: the new order is dropped
    assert "objective" not in ctl.tool and "route" not in ctl.tool
