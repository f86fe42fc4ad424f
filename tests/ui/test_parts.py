"""The client's parts on their own: scene stack, map geometry, counters, settings, controller."""
from __future__ import annotations

from unittest.mock import Mock

import pygame
import pytest

from hexwar import paths
from hexwar.core.hexgrid import Hex
from hexwar.games.objective_kiev.positions import board, position
from hexwar.ui.control import Controller
from hexwar.ui.counters import CounterArt, draw_counter
from hexwar.ui.map_view import MapView
from hexwar.ui.scenes import Scene, SceneStack
from hexwar.ui.settings import Settings


def _scene(consume: bool, opaque: bool = True, modal: bool = False):
    s = Mock(spec=Scene)
    s.handle.return_value = consume
    s.opaque = opaque
    s.modal = modal
    return s


def test_scene_stack_lifecycle_and_dispatch():
    st = SceneStack()
    a, b = _scene(False), _scene(True, opaque=False)
    st.push(a)
    st.push(b)
    a.enter.assert_called_once()
    a.pause.assert_called_once()
    b.enter.assert_called_once()
    ev = pygame.event.Event(pygame.USEREVENT)
    assert st.handle(ev) is True
    b.handle.assert_called_once_with(ev)
    a.handle.assert_not_called()  # consumed on top
    st.draw(None)
    a.draw.assert_called_once()  # b is transparent, so a is drawn under it
    b.draw.assert_called_once()
    st.pop()
    b.exit.assert_called_once()
    a.resume.assert_called_once()


def test_scene_stack_events_fall_through_until_a_modal_scene():
    st = SceneStack()
    bottom, modal, top = _scene(True), _scene(False, modal=True), _scene(False)
    for s in (bottom, modal, top):
        st.push(s)
    assert st.handle(pygame.event.Event(pygame.USEREVENT)) is False
    top.handle.assert_called_once()
    modal.handle.assert_called_once()
    bottom.handle.assert_not_called()
    st.draw(None)
    bottom.draw.assert_not_called()  # opaque scenes above hide it


@pytest.mark.parametrize("zoom", [0.5, 1.0, 1.37, 2.5])
def test_map_view_pixel_to_hex_round_trip(zoom):
    b = board(12, 9)
    mv = MapView(b, pygame.Rect(30, 40, 5000, 4000))
    mv.set_zoom(zoom)
    mv.cam_x, mv.cam_y = 0, 0
    for h in b.terrain:
        cx, cy = mv.hex_center(h)
        assert mv.hex_at((cx, cy)) == h
        assert mv.hex_at((cx + 0.3 * mv.tile_w * zoom, cy)) == h
    assert mv.hex_at((10, 10)) is None  # outside the viewport


def test_map_view_fit_and_background_chunks():
    pygame.display.init()
    pygame.font.init()
    b = board(20, 11, terrain={"0505": "forest", "0606": "swamp"}, rivers=["0404-0405"], major_rivers=["0808-0809"],
              rails=["0303-0403"], cities={"0505": "Here"}, major_cities={"0909": "There"})
    mv = MapView(b, pygame.Rect(0, 0, 900, 600))
    mv.fit()
    w, h = mv.map_size()
    assert w <= 901 and h <= 601
    surf = pygame.Surface((900, 600))
    mv.draw_background(surf)
    n = len(mv._chunks)
    mv.draw_background(surf)
    assert len(mv._chunks) == n  # cached, not redrawn
    # Forest and swamp differ by a drawn symbol, not by colour alone.
    fx, fy = mv.hex_center(Hex(5, 5))
    cx, cy = mv.hex_center(Hex(2, 2))
    r = int(mv.tile_h * mv.zoom * 0.4)
    arr = pygame.surfarray.array3d(surf)
    forest_colours = {tuple(c) for c in arr[fx - r:fx + r, fy - r:fy + r].reshape(-1, 3)}
    clear_colours = {tuple(c) for c in arr[cx - r:cx + r, cy - r:cy + r].reshape(-1, 3)}
    assert len(forest_colours) > len(clear_colours) + 1


def test_counters_are_cached_and_reduced_side_differs():
    pygame.font.init()
    art = CounterArt()
    full = {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps", "label": "12-6",
            "steps": 2, "max_steps": 2}
    reduced = dict(full, label="6-6", steps=1)
    a = art.surface(full, 40)
    assert art.surface(dict(full), 40) is a
    b = art.surface(reduced, 40)
    assert b is not a
    # The reduced side is lighter.
    mean = lambda s: sum(pygame.transform.average_color(s)[:3])  # noqa: E731
    assert mean(b) > mean(a)
    untried = {"id": "SU-M1", "nation": "soviet", "kind": "tank", "size": "corps", "label": "?", "steps": 1,
               "max_steps": 1, "spec": "untried"}
    assert draw_counter(untried, 30).get_width() == 32


def test_settings_survive_a_bad_file():
    p = paths.user_config_dir() / "settings.yaml"
    p.write_text("ui_scale: [not a number\n", encoding="utf-8")
    assert Settings.load().ui_scale == 1.0
    p.write_text("ui_scale: 1.4\nhotseat: false\nshow_hex_ids: 3\n", encoding="utf-8")
    s = Settings.load()
    assert s.ui_scale == 1.4 and s.hotseat is False and s.show_hex_ids is True
    p.unlink()


def test_controller_offers_only_legal_attackers_and_builds_the_action():
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604", "G-IV": "0303"}, phase="axis_combat")
    c = Controller(g, threaded=False)
    assert c.attack_targets() == {Hex(5, 5)}
    c.click_hex(Hex(5, 5))
    assert c.eligible_attackers(Hex(5, 5)) == {"G-III", "G-XIV"}
    c.click_hex(Hex(3, 3))  # not adjacent: refused with the game's reason
    assert c.status.kind == "refusal" and c.status.text.startswith("10.0")
    c.click_hex(Hex(5, 4))
    c.click_hex(Hex(5, 4))  # a second click takes it out again
    assert c.attackers == []
    c.click_hex(Hex(6, 4))
    assert c.declare()
    assert g.actions[-1].notation() == "attack 0505 G-XIV"


def test_end_warning_for_arrivals_that_would_be_lost():
    g = position({"G-III": "0303"}, phase="axis_buildup", turn=2)
    c = Controller(g, threaded=False)
    tray = [u["id"] for u in c.tray()]
    assert "SK-1" in tray and "H-1" in tray
    warn = c.end_warning()
    assert warn and "11.0" in warn


@pytest.mark.parametrize("scale", [0.8, 1.0, 1.5])
def test_the_die_box_holds_every_result_line(scale):
    """The rolled die's dark box is sized to its text: the longest result (Kiev's exchange) once
    spilled past both sides of the box over the map. No white text pixel lies outside the box."""
    from hexwar.games import entry
    from hexwar.ui import rules_text
    from hexwar.ui import theme as T
    from hexwar.ui.control import DieShow
    from hexwar.ui.panel.status import draw_die

    pygame.font.init()
    th = T.Theme(scale)
    kiev = entry("objective-kiev")
    shows = [DieShow(4, "", result=code, meaning=rules_text.result_text(kiev, code)) for code in kiev.extra["results"]]
    shows += [DieShow(7, "", result="", dice=(3, 4))]
    for die in shows:
        surf = pygame.Surface((1280, 800))
        surf.fill((0, 0, 0))
        box = draw_die(surf, (450, 420), die, th)
        assert surf.get_rect().contains(box)
        white = [(x, y) for y in range(0, 800, 2) for x in range(0, 1280, 2)
                 if surf.get_at((x, y))[:3] == (255, 255, 255) and not box.collidepoint(x, y)]
        assert not white, (die.result, scale, white[:3], box)
