"""Fixtures for driving the client headless: an App, and helpers that post events.

tests/conftest.py has already set SDL's dummy drivers and temporary player folders.
"""
from __future__ import annotations

import pygame
import pytest

from hexwar.core import hexgrid
from hexwar.core.hexgrid import CCRR, Hex, parse_hex, set_hex_ids
from hexwar.ui.app import App
from hexwar.ui.scenes import GameScene


@pytest.fixture(autouse=True)
def default_hex_ids():
    """Each client test starts with CCRR hex ids in force: opening a Black Wednesday game sets
    its B34.16 ids process-wide (``session.open_game``), and a test's mini game that never opens
    through a session must not inherit them from the test before it."""
    old = set_hex_ids(CCRR)
    yield
    set_hex_ids(old)


@pytest.fixture
def scene_hex_ids_cleared():
    """A game scene puts its game's hex ids in force for its context until it exits, which a
    test's App never does: a test that opens Black Wednesday (B34.16 ids) starts with no scene's
    ids in force and drops the ones its scene set. Used by ``pytestmark`` in those files;
    ``default_hex_ids`` and tests/conftest.py put the process-wide ids back."""
    token = hexgrid._IDS.local.set(None)
    yield
    hexgrid._IDS.local.reset(token)


@pytest.fixture
def app():
    a = App((1280, 800), resizable=False, menu=True)
    a.step()
    yield a
    pygame.event.clear()


class Driver:
    """Posts events the way a player would make them, then runs one frame."""

    def __init__(self, app: App) -> None:
        self.app = app

    @property
    def top(self):
        return self.app.stack.top

    @property
    def game_scene(self) -> GameScene:
        gs = self.app.stack.find(GameScene)
        assert gs is not None, [type(s).__name__ for s in self.app.stack.scenes]
        return gs

    def click(self, pos, button: int = 1) -> None:
        pos = (int(pos[0]), int(pos[1]))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        self.app.step()

    def hover(self, pos) -> None:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                             buttons=(0, 0, 0)))
        self.app.step()

    def key(self, key: int, mod: int = 0) -> None:
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=mod, unicode="", scancode=0))
        self.app.step()

    def click_hex(self, h: Hex | str, button: int = 1) -> None:
        if isinstance(h, str):
            h = parse_hex(h)
        gs = self.game_scene
        pos = gs.mv.hex_center(h)
        assert gs.mv.rect.collidepoint(pos), f"{h} is not in view"
        self.click(pos, button)

    def button(self, name: str):
        """Find a button by name on the top scene (menu, dialog, bar or side panel); a button of
        the side panel's context box that is scrolled out of sight is scrolled into it first, as a
        player would, so that it can be clicked."""
        top = self.top
        if isinstance(top, GameScene) and top.panel.context is not None:
            panel = top.panel
            for _ in range(64):
                ctx = panel.context
                b = ctx.buttons.find(name)
                if b is not None and ctx.rect.contains(b.rect):
                    return b
                if not panel.ctx_max:
                    break
                if b is not None:  # partly in sight: bring it wholly in
                    panel.scroll_context(b.rect.y - ctx.rect.y - top.theme.px(12))
                elif panel.ctx_scroll >= panel.ctx_max:
                    panel.ctx_scroll = 0
                    self.app.step()
                    break
                else:
                    panel.scroll_context(max(1, ctx.rect.h // 2))
                self.app.step()
        return self._find_button(name)

    def _find_button(self, name: str):
        top = self.top
        rows = []
        for attr in ("buttons",):
            if hasattr(top, attr):
                rows.append(getattr(top, attr))
        if isinstance(top, GameScene):
            rows += [top.bar.buttons, top.panel.tabs]
            if top.panel.context is not None:
                rows.append(top.panel.context.buttons)
        for row in rows:
            b = row.find(name)
            if b is not None:
                return b
        names = [b.name for row in rows for b in row.buttons]
        raise AssertionError(f"no button {name!r} on {type(top).__name__}; there are {names}")

    def press(self, name: str) -> None:
        self.click(self.button(name).rect.center)


@pytest.fixture
def drive(app):
    return Driver(app)


def start(app: App, game, hotseat: bool = False, players: dict | None = None) -> GameScene:
    gs = app.start_game(game, hotseat=hotseat, autosave=False, threaded=False, players=players)
    app.step()
    return gs
