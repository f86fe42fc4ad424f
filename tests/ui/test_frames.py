"""Frame caching: the GameScene keeps the map, the bars and the side panel in a back
buffer and draws a part again only when what it shows changes. A cached frame must be
pixel for pixel the frame drawn from scratch, in every state the player can reach;
a frame where nothing changed draws nothing but what follows the mouse and the clock.
"""
from __future__ import annotations

import numpy as np
import pygame

import hexwar
from hexwar.core.hexgrid import parse_hex
from hexwar.games.objective_kiev.positions import position
from hexwar.ui.overlays import MapLayer
from hexwar.ui.panel import flow, phase_bar, side, status

from .conftest import start

CTRL = pygame.KMOD_LCTRL


def same_as_fresh(app, what: str) -> None:
    """The frame drawn with the caches equals the frame drawn from scratch."""
    app.draw(app.screen)
    cached = pygame.surfarray.array3d(app.screen).copy()
    flow.Drawn.enabled = False
    try:
        app.draw(app.screen)
    finally:
        flow.Drawn.enabled = True
    fresh = pygame.surfarray.array3d(app.screen)
    diff = (cached != fresh).any(axis=2)
    if diff.any():
        xs, ys = np.nonzero(diff)
        raise AssertionError(f"{what}: {diff.sum()} pixels differ from a fresh frame, "
                             f"x {xs.min()}-{xs.max()}, y {ys.min()}-{ys.max()}")


def test_cached_frames_match_fresh_frames_through_a_battle(app, drive):
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604", "SU-6A": "0808", "G-LII": "0807"},
                 phase="axis_combat", dice=[1])
    gs = start(app, g)
    ctl = gs.ctl
    same_as_fresh(app, "combat, nothing picked")
    drive.click_hex("0505")
    same_as_fresh(app, "target picked")
    drive.click_hex("0504")
    same_as_fresh(app, "one attacker")
    for _ in range(40):  # the dashed frames of the units that may join blink
        app.step(1 / 60)
    same_as_fresh(app, "blink")
    drive.click_hex("0604")
    drive.key(pygame.K_RETURN)
    same_as_fresh(app, "declared")
    drive.key(pygame.K_k)
    same_as_fresh(app, "rules tab with the CRT")
    drive.key(pygame.K_l)
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)  # close the declarations although 0808 could be attacked
    assert ctl.mode() == "combat-resolve"
    same_as_fresh(app, "resolve")
    drive.click_hex("0505")
    assert ctl.mode() == "stage:roll"
    same_as_fresh(app, "roll")
    drive.key(pygame.K_r)
    assert ctl.die is not None
    same_as_fresh(app, "die")
    drive.key(pygame.K_SPACE)
    assert ctl.mode() == "stage:retreat"
    end = ctl.retreats()[0].path[-1]
    drive.hover(gs.mv.hex_center(end))
    same_as_fresh(app, "retreat, pointing at one")
    drive.key(pygame.K_h)
    drive.key(pygame.K_LEFT)
    same_as_fresh(app, "looking back")
    drive.key(pygame.K_ESCAPE)
    same_as_fresh(app, "back to the present")


def test_cached_frames_match_fresh_frames_in_movement(app, drive):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707", "SU-6A": "0606"}, phase="axis_movement")
    gs = start(app, g)
    same_as_fresh(app, "movement")
    drive.click_hex("0303")
    drive.hover(gs.mv.hex_center(parse_hex("0305")))
    same_as_fresh(app, "a path")
    drive.key(pygame.K_x)
    drive.hover(gs.mv.hex_center(parse_hex("0707")))
    same_as_fresh(app, "explain, a refused hex")
    drive.click_hex("0305")
    same_as_fresh(app, "moved")
    drive.key(pygame.K_z, CTRL)
    same_as_fresh(app, "undone")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    same_as_fresh(app, "zoomed")
    drive.key(pygame.K_RIGHT)
    same_as_fresh(app, "panned")
    drive.key(pygame.K_i)
    same_as_fresh(app, "hex ids toggled")
    drive.key(pygame.K_EQUALS, CTRL)
    same_as_fresh(app, "UI scale")
    drive.key(pygame.K_MINUS, CTRL)
    app.screen = pygame.display.set_mode((1000, 700))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    app.step()
    same_as_fresh(app, "resized")
    drive.key(pygame.K_ESCAPE)  # a dialog over the game
    same_as_fresh(app, "menu question")


def test_cached_frames_match_fresh_frames_in_set_up(app, drive):
    gs = start(app, hexwar.open_game("objective-kiev", "standard", seed=4))
    same_as_fresh(app, "set-up")
    tray = gs.panel.context.tray
    drive.click(tray[0].rect.center)
    same_as_fresh(app, "a counter picked")
    uid = gs.ctl.sel
    h = sorted(gs.ctl.place_hexes(uid))[0]
    gs.mv.center_on(h)
    drive.click_hex(h)
    same_as_fresh(app, "placed")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=gs.panel.lower.center))
    drive.hover(gs.panel.lower.center)
    same_as_fresh(app, "log scrolled")


def test_a_still_frame_draws_only_what_moves(app, drive, monkeypatch):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.hover(gs.mv.hex_center(parse_hex("0305")))
    app.step()
    calls = {"map": 0, "panel": 0, "bar": 0}
    real_static, real_flow, real_panel = MapLayer.draw_static, flow.Flow.draw, side.draw_panel

    def count(name, fn):
        def wrapped(*a, **k):
            calls[name] += 1
            return fn(*a, **k)
        return wrapped

    monkeypatch.setattr(MapLayer, "draw_static", count("map", real_static))
    monkeypatch.setattr(flow.Flow, "draw", count("panel", real_flow))
    for module in (phase_bar, side, status):  # bar, panel and status backgrounds
        monkeypatch.setattr(module, "draw_panel", count("bar", real_panel))
    for _ in range(5):
        app.step(1 / 60)
    assert calls == {"map": 0, "panel": 0, "bar": 0}
    drive.hover(gs.mv.hex_center(parse_hex("0304")))  # the path follows the mouse: nothing else is redrawn
    assert calls["map"] == 0 and calls["panel"] == 0
    drive.click_hex("0304")  # a move changes the position: the map and the panel are drawn again
    assert calls["map"] == 1 and calls["panel"] == 1


def test_the_explain_legend_is_in_the_side_panel(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.key(pygame.K_x)
    lg = gs.panel.legend
    assert lg is not None and gs.panel.rect.contains(lg.rect) and not lg.rect.colliderect(gs.mv.rect)
    assert not lg.rect.colliderect(gs.panel.lower)  # the log stops above it
    assert any("zones of control" in text for _, _, text in lg.rows)
    drive.key(pygame.K_x)
    assert gs.panel.legend is None


class Window:
    """Stands in for the window: keeps what was sent to it (whole flips and updated areas), so
    that a test can check it always equals the frame drawn, and count what was sent."""

    def __init__(self, app, monkeypatch) -> None:
        self.app = app
        self.shown = app.screen.copy()
        self.flips = 0
        self.updates: list[list[pygame.Rect]] = []
        monkeypatch.setattr(pygame.display, "flip", self.flip)
        monkeypatch.setattr(pygame.display, "update", self.update)

    def flip(self) -> None:
        self.shown = self.app.screen.copy()
        self.flips += 1

    def update(self, rects=None) -> None:
        if rects is None:
            return self.flip()
        rects = [pygame.Rect(r) for r in rects]
        for r in rects:
            self.shown.blit(self.app.screen, r, r)
        self.updates.append(rects)

    def sent(self) -> int:
        return self.flips + len(self.updates)

    def check(self, what: str) -> None:
        a = pygame.surfarray.array3d(self.shown)
        b = pygame.surfarray.array3d(self.app.screen)
        assert a.shape == b.shape, what
        diff = (a != b).any(axis=2)
        if diff.any():
            xs, ys = np.nonzero(diff)
            raise AssertionError(f"{what}: the window misses {diff.sum()} changed pixels, "
                                 f"x {xs.min()}-{xs.max()}, y {ys.min()}-{ys.max()}")


def test_the_window_gets_every_change_and_nothing_when_nothing_changed(app, drive, monkeypatch):
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604", "SU-6A": "0808", "G-LII": "0807"},
                 phase="axis_combat", dice=[4])
    gs = start(app, g)
    win = Window(app, monkeypatch)
    app.repaint()
    app.step()
    win.check("start")
    n = win.sent()
    for _ in range(5):
        app.step(1 / 60)
    assert win.sent() == n  # a still frame sends nothing
    # Pointing at hexes: only the area around them goes to the window.
    for h in ("0303", "0304", "0505", "0606"):
        drive.hover(gs.mv.hex_center(parse_hex(h)))
        win.check(f"hover {h}")
    assert win.updates and all(sum(r.w * r.h for r in rs) < gs.mv.rect.w * gs.mv.rect.h for rs in win.updates[-3:])
    gs.hover_for = 1.0  # the hex tooltip shows, then goes
    app.step()
    win.check("tooltip")
    drive.hover(gs.panel.rect.center)
    gs.hover_for = 1.0
    app.step()
    win.check("tooltip gone")
    steps = [("target", lambda: drive.click_hex("0505")), ("attacker", lambda: drive.click_hex("0504")),
             ("second", lambda: drive.click_hex("0604")), ("declare", lambda: drive.key(pygame.K_RETURN)),
             ("track tab", lambda: drive.key(pygame.K_t)), ("explain", lambda: drive.key(pygame.K_x)),
             ("close", lambda: drive.key(pygame.K_e)), ("confirm", lambda: drive.key(pygame.K_RETURN)),
             ("resolve", lambda: drive.click_hex("0505")), ("roll", lambda: drive.press("roll-IV-FK")),
             ("die away", lambda: drive.key(pygame.K_SPACE)), ("history", lambda: drive.key(pygame.K_h)),
             ("back", lambda: drive.key(pygame.K_LEFT)), ("present", lambda: drive.key(pygame.K_ESCAPE)),
             ("menu question", lambda: drive.key(pygame.K_ESCAPE)), ("stay", lambda: drive.key(pygame.K_n))]
    for what, do in steps:
        do()
        win.check(what)
        for _ in range(3):  # the pulsing battles, blinking frames: whatever changes is sent
            app.step(1 / 60)
            win.check(what + ", later")
    # A window uncovered: painted whole.
    flips = win.flips
    pygame.event.post(pygame.event.Event(pygame.WINDOWEXPOSED))
    app.step()
    assert win.flips == flips + 1


def test_cached_frames_match_fresh_frames_with_the_track_air_support_and_a_stack_list(app, drive):
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604", "G-LII": "0604", "SU-6A": "0808"},
                 phase="axis_combat", dice=[4])
    gs = start(app, g)
    drive.key(pygame.K_t)
    same_as_fresh(app, "track tab")
    drive.hover(gs.panel.track.rows[1].center)
    gs.hover_for = 1.0
    same_as_fresh(app, "track tooltip")
    drive.click_hex("0604")
    same_as_fresh(app, "stack list")
    drive.click_hex("0505")
    drive.click_hex("0504")
    drive.key(pygame.K_RETURN)
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)
    drive.click_hex("0505")
    same_as_fresh(app, "roll with markers")
    drive.press("roll-V-FK")
    drive.key(pygame.K_SPACE)
    assert gs.air_marks()
    same_as_fresh(app, "marker on the defending hex")
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, pos=gs.mv.rect.center))
    drive.hover(gs.mv.rect.center)
    same_as_fresh(app, "marker, zoomed")
    drive.key(pygame.K_h)
    same_as_fresh(app, "marker in history")
