"""The scene stack and the scenes: menu, game, hand-over, victory, help, dialogs.

A scene has ``layout(size)``, ``enter``/``exit``/``pause``/``resume``, ``handle(event)
-> consumed``, ``update(dt)`` and ``draw(surface)``. Events go to the top scene first
and down the stack until one consumes them or a modal scene stops them. Drawing goes
bottom-up from the topmost opaque scene, so a dialog shows the game behind it.
``draw`` never changes the game or the UI state.
"""
from __future__ import annotations

import datetime as _dt
import logging
import random
from pathlib import Path
from typing import Callable

import pygame

from .. import paths
from ..core.actions import EndPhase
from ..core.errors import DataError, HexwarError
from ..core.hexgrid import Hex, hex_name
from . import hud, rules_text
from . import theme as T
from .controller import Controller
from .counters import CounterArt
from .map_view import MapView
from .overlays import MapLayer, control_marker
from .widgets import Button, ButtonRow, draw_panel

log = logging.getLogger(__name__)


def ctrl_held(event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


def shift_held(event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


class Scene:
    opaque = True  # hides the scenes below it
    modal = True  # events never go past it

    def __init__(self, app) -> None:
        self.app = app

    @property
    def theme(self) -> T.Theme:
        return self.app.theme

    def layout(self, size: tuple[int, int]) -> None: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...


class SceneStack:
    def __init__(self, app=None) -> None:
        self.app = app
        self.scenes: list[Scene] = []

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def _size(self) -> tuple[int, int] | None:
        if self.app is not None and getattr(self.app, "screen", None) is not None:
            return self.app.screen.get_size()
        return None

    def push(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        size = self._size()
        if size:
            scene.layout(size)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return s

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            if scene is self.top:
                self.pop()
            else:
                self.scenes.remove(scene)
                scene.exit()

    def replace(self, scene: Scene) -> Scene:
        if self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def find(self, cls) -> Scene | None:
        return next((s for s in reversed(self.scenes) if isinstance(s, cls)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        for s in reversed(list(self.scenes)):
            if s.handle(event):
                return True
            if s.modal:
                return False
        return False

    def _visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def update(self, dt: float) -> None:
        for s in self._visible():
            s.update(dt)

    def draw(self, surface: pygame.Surface) -> None:
        for s in self._visible():
            s.draw(surface)

    def layout(self, size: tuple[int, int]) -> None:
        for s in self.scenes:
            s.layout(size)


# --- dialogs -----------------------------------------------------------------------
class _Dialog(Scene):
    opaque = False

    def __init__(self, app, title: str, text: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = text
        self.buttons = ButtonRow()
        self.box = pygame.Rect(0, 0, 10, 10)

    def _specs(self) -> list[tuple[str, Callable[[], None], str]]:
        return []

    def layout(self, size) -> None:
        th = self.theme
        w = min(size[0] - th.px(40), th.px(620))
        lines = T.wrap(self.text, th.normal, w - th.px(40))
        lh = T.font(th.normal).get_linesize()
        h = th.px(60) + T.font(th.large).get_linesize() + lh * len(lines) + th.px(50)
        self.box = pygame.Rect(0, 0, w, min(h, size[1] - th.px(20)))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.buttons.clear()
        specs = self._specs()
        bw, bh, gap = th.px(150), th.px(34), th.px(12)
        x = self.box.right - th.px(20) - len(specs) * bw - (len(specs) - 1) * gap
        for label, cb, hint in specs:
            self.buttons.add(Button(pygame.Rect(x, self.box.bottom - th.px(20) - bh, bw, bh), label, cb, key_hint=hint,
                                    px=th.normal, name=label))
            x += bw + gap

    def handle(self, event) -> bool:
        self.buttons.handle(event)
        return True

    def draw(self, surface) -> None:
        th = self.theme
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 140))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.box, T.PANEL, T.ACCENT)
        x, y = self.box.x + th.px(20), self.box.y + th.px(16)
        t = T.text(self.title, th.large, T.ACCENT, "bold")
        surface.blit(t, (x, y))
        y += t.get_height() + th.px(10)
        from .widgets import blit_lines

        blit_lines(surface, [self.text], x, y, self.box.w - th.px(40), th.normal, max_y=self.box.bottom - th.px(60))
        self.buttons.draw(surface)


class MessageScene(_Dialog):
    """A message with an OK button (errors from loading files, for instance)."""

    def _specs(self):
        return [("OK", self.close, "Enter")]

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_SPACE):
            self.close()
            return True
        return super().handle(event)


class ConfirmScene(_Dialog):
    def __init__(self, app, title: str, text: str, on_yes: Callable[[], None], yes: str = "Yes", no: str = "No") -> None:
        self.on_yes = on_yes
        self.yes_label, self.no_label = yes, no
        super().__init__(app, title, text)

    def _specs(self):
        return [(self.yes_label, self.yes, "Enter"), (self.no_label, self.no, "Esc")]

    def yes(self) -> None:
        self.app.stack.remove(self)
        self.on_yes()

    def no(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.yes()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()
            return True
        return super().handle(event)


# --- hand-over, victory, help ----------------------------------------------------------
class HandoverScene(Scene):
    """Hotseat: hides the board until the next player is at the screen."""

    def __init__(self, app, side: str, detail: str, decision: bool = False) -> None:
        super().__init__(app)
        self.side = side
        self.detail = detail
        self.decision = decision  # a choice in the middle of the other player's turn (a battle step)

    def handle(self, event) -> bool:
        if (event.type == pygame.MOUSEBUTTONUP and event.button == 1) or \
                (event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN, pygame.K_KP_ENTER)):
            self.app.stack.remove(self)
        return True

    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        w, h = surface.get_size()
        chip = th.px(64)
        hud.side_chip(surface, self.side, w // 2 - chip // 2, h // 2 - th.px(150), chip)
        name = rules_text.SIDE_NAMES.get(self.side, self.side)
        t = T.text(f"{name} player, " + ("a decision for you" if self.decision else "your turn"), th.title, T.TEXT, "bold")
        surface.blit(t, (w // 2 - t.get_width() // 2, h // 2 - th.px(70)))
        y = h // 2
        for ln in T.wrap(self.detail, th.large, min(w - th.px(60), th.px(900))):
            s = T.text(ln, th.large, T.TEXT_DIM)
            surface.blit(s, (w // 2 - s.get_width() // 2, y))
            y += s.get_height() + 2
        s = T.text("The map is hidden while the screen changes hands. Click, or press Space, when ready.",
                   th.normal, T.TEXT_DIM)
        surface.blit(s, (w // 2 - s.get_width() // 2, y + th.px(30)))


class VictoryScene(Scene):
    opaque = False

    def __init__(self, app, game_scene: "GameScene") -> None:
        super().__init__(app)
        self.gs = game_scene
        self.buttons = ButtonRow()
        self.box = pygame.Rect(0, 0, 10, 10)

    def layout(self, size) -> None:
        th = self.theme
        self.box = pygame.Rect(0, 0, min(size[0] - th.px(40), th.px(760)), min(size[1] - th.px(40), th.px(600)))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.buttons.clear()
        bw, bh = th.px(200), th.px(36)
        y = self.box.bottom - th.px(20) - bh
        self.buttons.add(Button(pygame.Rect(self.box.x + th.px(20), y, bw, bh), "Look at the map", self.close, px=th.normal,
                                key_hint="Esc"))
        self.buttons.add(Button(pygame.Rect(self.box.right - th.px(20) - bw, y, bw, bh), "Main menu", self.to_menu,
                                px=th.normal))

    def close(self) -> None:
        self.app.stack.remove(self)

    def to_menu(self) -> None:
        self.app.back_to_menu()

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return True
        self.buttons.handle(event)
        return True

    def draw(self, surface) -> None:
        th = self.theme
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 160))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.box, T.PANEL, T.ACCENT)
        ctl = self.gs.ctl
        v = ctl.view()
        r = v.get("result") or {}
        x, y = self.box.x + th.px(24), self.box.y + th.px(18)
        t = T.text(r.get("level", "Game over"), th.title, T.ACCENT, "bold")
        surface.blit(t, (x, y))
        y += t.get_height() + th.px(8)
        from .widgets import blit_lines

        y = blit_lines(surface, [r.get("detail", "")], x, y, self.box.w - th.px(48), th.large)
        board = ctl.rules.board
        counts: dict[str, int] = {}
        for h in board.places:
            s = v["control"].get(hex_name(h))
            counts[s] = counts.get(s, 0) + 1
        y += th.px(8)
        summary = ", ".join(f"{rules_text.SIDE_NAMES.get(s, s)} {n}" for s, n in sorted(counts.items(), key=lambda kv: str(kv[0])))
        surface.blit(T.text(f"Cities held: {summary} (of {len(board.places)})", th.normal, T.TEXT, "bold"), (x, y))
        y += T.font(th.normal).get_linesize() + th.px(6)
        col_w = (self.box.w - th.px(48)) // 2
        lh = T.font(th.small).get_linesize()
        places = sorted(board.places.values(), key=lambda p: p.name)
        half = (len(places) + 1) // 2
        for i, p in enumerate(places):
            cx = x + (i // half) * col_w
            cy = y + (i % half) * lh
            if cy + lh > self.box.bottom - th.px(70):
                continue
            s = v["control"].get(hex_name(p.hex))
            control_marker(surface, s or "", (cx + th.px(7), cy + lh // 2), th.px(6))
            surface.blit(T.text(f"{p.name} ({hex_name(p.hex)}): {rules_text.SIDE_NAMES.get(s, s)}", th.small, T.TEXT),
                         (cx + th.px(18), cy))
        self.buttons.draw(surface)


class HelpScene(Scene):
    """Every shortcut, and a legend of the map and counter symbols."""

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_QUESTION, pygame.K_SLASH, pygame.K_h):
            self.app.stack.remove(self)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.stack.remove(self)
        return True

    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        w, h = surface.get_size()
        x, y = th.px(40), th.px(24)
        t = T.text("hexwar — keys and symbols", th.title, T.ACCENT, "bold")
        surface.blit(t, (x, y))
        y += t.get_height() + th.px(12)
        col = (w - th.px(120)) // 2
        keys_w = max(T.font(th.normal, "bold").size(k)[0] for k, _ in rules_text.SHORTCUTS) + th.px(14)
        lh = T.font(th.normal).get_linesize()
        yy = y
        surface.blit(T.text("Keys and mouse", th.large, T.TEXT, "bold"), (x, yy))
        yy += T.font(th.large).get_linesize() + th.px(4)
        for key, what in rules_text.SHORTCUTS:
            surface.blit(T.text(key, th.normal, T.ACCENT, "bold"), (x, yy))
            for i, ln in enumerate(T.wrap(what, th.normal, col - keys_w - th.px(10))):
                surface.blit(T.text(ln, th.normal, T.TEXT), (x + keys_w, yy))
                yy += lh
            yy += th.px(3)
        draw_legend(surface, pygame.Rect(x + col + th.px(40), y, col, h - y - th.px(40)), th)
        s = T.text("Click or press Esc to go back.", th.normal, T.TEXT_DIM)
        surface.blit(s, (w - s.get_width() - th.px(30), h - s.get_height() - th.px(14)))


def draw_legend(surface, rect: pygame.Rect, th: T.Theme) -> None:
    """Map and counter symbols, drawn with the same code as the map."""
    from ..core.board import Board, HexsideFeature, Place
    from ..core.hexgrid import Hexside
    from .counters import draw_counter
    from .overlays import crosshair, label_box

    x, y = rect.x, rect.y
    surface.blit(T.text("Map and counters", th.large, T.TEXT, "bold"), (x, y))
    y += T.font(th.large).get_linesize() + th.px(6)
    # A tiny board with one of everything, drawn by the real map code.
    terr = {Hex(1, 1): "clear", Hex(2, 1): "forest", Hex(3, 1): "swamp", Hex(4, 1): "clear", Hex(5, 1): "clear",
            Hex(1, 2): "clear", Hex(2, 2): "clear", Hex(3, 2): "clear", Hex(4, 2): "clear", Hex(5, 2): "clear"}
    b = Board(5, 2, terr,
              [HexsideFeature("river", "river", (Hexside.between(Hex(1, 2), Hex(2, 2)),)),
               HexsideFeature("major_river", "major river", (Hexside.between(Hex(3, 2), Hex(4, 2)),)),
               HexsideFeature("rail", "rail", (Hexside.between(Hex(4, 1), Hex(5, 1)),))],
              {Hex(4, 2): Place("City", Hex(4, 2), "city"), Hex(5, 2): Place("Major", Hex(5, 2), "major_city")})
    mv = MapView(b, pygame.Rect(x, y, min(rect.w, th.px(420)), th.px(200)))
    z = min(1.4 * th.scale, mv.rect.w / mv._w1)
    mv.rect.h = int(mv._h1 * z) + 1
    mv.fit()
    mv.draw_background(surface)
    y = mv.rect.bottom + th.px(8)
    items = [
        "Top row: clear, forest (trees), swamp (reeds); forest and swamp cost 2 MP and shift combat one column",
        "Thin blue hexside: river. Thick double blue hexside: major river. Black and white line: railway",
        "Small black square: city; framed square: major city; the name is printed in the hex",
        "Square with A: Axis-held city. Circle with S: Soviet-held city",
        "Solid black band: Axis map edge. Red and white dashed band: Soviet map edge. Purple dashes: a border",
        "Set-up marks: black cross (Axis), red star (Soviet front line), small army or mech box (Soviet)",
    ]
    lh = T.font(th.small).get_linesize()
    for it in items:
        for ln in T.wrap("• " + it, th.small, rect.w):
            surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
            y += lh
    y += th.px(8)
    px = th.px(54)
    samples = [
        {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps", "label": "12-6", "steps": 2, "max_steps": 2},
        {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps", "label": "6-6", "steps": 1, "max_steps": 2},
        {"id": "SU-5A", "nation": "soviet", "kind": "infantry", "size": "army", "label": "8-4", "steps": 2, "max_steps": 2},
        {"id": "SU-M1", "nation": "soviet", "kind": "tank", "size": "corps", "label": "?", "steps": 1, "max_steps": 1},
    ]
    notes = ["full strength", "reduced: pale, striped", "army (XXXX)", "untried (?)"]
    cx = x
    for u, note in zip(samples, notes):
        surface.blit(draw_counter(u, px), (cx, y))
        t = T.text(note, th.px(11), T.TEXT_DIM)
        surface.blit(t, (cx, y + px + th.px(4)))
        cx += max(px, t.get_width()) + th.px(14)
    y += px + th.px(24)
    for ln in T.wrap("Counter: size (XXX corps, XXXX army) on top, the NATO symbol (X infantry, oval armour), "
                     "then attack-defence-movement; one figure before the movement when attack and defence are equal.",
                     th.small, rect.w):
        surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
        y += lh
    y += th.px(6)
    crosshair(surface, (x + th.px(14), y + th.px(14)), th.px(12), (220, 40, 30), 2)
    surface.blit(T.text("an enemy hex you can attack", th.small, T.TEXT), (x + th.px(36), y + th.px(6)))
    label_box(surface, "3", th.px(12), (x + th.px(260), y + th.px(14)))
    surface.blit(T.text("movement points to get there", th.small, T.TEXT), (x + th.px(276), y + th.px(6)))


# --- the menu ------------------------------------------------------------------------------
class MenuScene(Scene):
    @property
    def theme(self) -> T.Theme:
        w, h = self.size
        fit = min(w / 1150, h / 760)
        if fit >= self.app.theme.scale:
            return self.app.theme
        return T.Theme(max(T.Theme.MIN_SCALE, fit))

    def __init__(self, app, seed: int | None = None, game_id: str | None = None, scenario: str | None = None) -> None:
        super().__init__(app)
        from .. import session

        self.choices = session.list_scenarios()
        self.games = sorted({g for g, _ in self.choices}) or ["objective-kiev"]
        self.game_i = self.games.index(game_id) if game_id in self.games else 0
        self.scen_i = 0
        if scenario:
            sc = self.scenarios()
            self.scen_i = sc.index(scenario) if scenario in sc else 0
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.seed_given = seed is not None
        self.hotseat = app.settings.hotseat
        self.options: dict[str, bool] = {}
        self._load_options()
        self.buttons = ButtonRow()
        self.saves: list[Path] = []
        self.size = app.screen.get_size() if getattr(app, "screen", None) is not None else (800, 600)
        self.save_scroll = 0

    def scenarios(self) -> list[str]:
        g = self.games[self.game_i]
        return [s for gg, s in self.choices if gg == g] or ["standard"]

    def _pkg(self):
        from ..games import find_game

        try:
            return find_game(self.games[self.game_i])
        except KeyError:
            return None

    def _load_options(self) -> None:
        pkg = self._pkg()
        opts = getattr(pkg, "OPTIONS", {}) or {}
        self.options = {k: bool(v[0]) for k, v in opts.items()}

    def resume(self) -> None:
        self.layout(self.size)

    def layout(self, size) -> None:
        self.size = size
        th = self.theme
        self.buttons.clear()
        w, h = size
        col_w = min(th.px(560), (w - th.px(100)) // 2)
        x1 = w // 2 - col_w - th.px(20)
        x2 = w // 2 + th.px(20)
        y = th.px(150)
        bh = th.px(34)
        gap = th.px(8)
        pkg = self._pkg()
        title = getattr(pkg, "TITLE", self.games[self.game_i])
        B = self.buttons.add
        B(Button(pygame.Rect(x1, y, col_w, bh), f"Game: {title}", self.next_game, px=th.normal, name="game",
                 tooltip="Click to switch game"))
        y += bh + gap
        B(Button(pygame.Rect(x1, y, col_w, bh), f"Scenario: {self.scenarios()[self.scen_i]}", self.next_scenario,
                 px=th.normal, name="scenario"))
        y += bh + gap * 2
        half = (col_w - gap) // 2
        B(Button(pygame.Rect(x1, y, half, bh), "Hotseat: two players", lambda: self.set_hotseat(True), px=th.normal,
                 toggled=self.hotseat, name="hotseat"))
        B(Button(pygame.Rect(x1 + half + gap, y, half, bh), "Solo: one player", lambda: self.set_hotseat(False),
                 px=th.normal, toggled=not self.hotseat, name="solo"))
        y += bh + gap * 2
        opts = getattr(pkg, "OPTIONS", {}) or {}
        self.options_y = y if opts else None
        if opts:
            y += T.font(th.small).get_linesize() + gap // 2
        for name, (default, desc) in opts.items():
            label = rules_text.OPTION_TITLES.get(name, desc)
            rule = desc.split(":")[0] if ":" in desc else ""
            B(Button(pygame.Rect(x1, y, col_w, bh), f"{label}" + (f" ({rule})" if rule else ""),
                     (lambda n=name: self.toggle_option(n)), px=th.small, toggled=self.options.get(name, default),
                     name=f"option-{name}", tooltip=desc))
            y += bh + gap
        y += gap
        B(Button(pygame.Rect(x1, y, col_w - th.px(130), bh), f"Seed: {self.seed}", None, px=th.normal, enabled=False,
                 name="seed-label"))
        B(Button(pygame.Rect(x1 + col_w - th.px(120), y, th.px(120), bh), "New seed", self.new_seed, px=th.normal,
                 name="new-seed"))
        y += bh + gap * 3
        B(Button(pygame.Rect(x1, y, col_w, th.px(44)), "Start a new game", self.start, px=th.large, key_hint="Enter",
                 name="new-game"))

        # Right column: continue, load, help, quit.
        y = th.px(150)
        auto = paths.autosave_path()
        when = ""
        if auto.is_file():
            when = _dt.datetime.fromtimestamp(auto.stat().st_mtime).strftime("%d %b %Y %H:%M")
        B(Button(pygame.Rect(x2, y, col_w, bh), "Continue the last game" + (f" ({when})" if when else ""), self.continue_last,
                 enabled=auto.is_file(), px=th.normal, name="continue", key_hint="C"))
        y += bh + gap * 2
        self.saves_y = y
        y += T.font(th.normal).get_linesize() + gap
        try:
            self.saves = sorted((p for p in paths.saves_dir().glob("*.yaml") if p.name != paths.AUTOSAVE_NAME),
                                key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            self.saves = []
        room = max(1, (h - y - th.px(130)) // (th.px(28) + th.px(4)))
        self.save_scroll = min(self.save_scroll, max(0, len(self.saves) - room))
        for p in self.saves[self.save_scroll:self.save_scroll + room]:
            B(Button(pygame.Rect(x2, y, col_w, th.px(28)), p.stem, (lambda p=p: self.load(p)), px=th.small,
                     name=f"load-{p.name}"))
            y += th.px(32)
        if not self.saves:
            self.no_saves_y = y
        y = h - th.px(110)
        B(Button(pygame.Rect(x2, y, (col_w - gap) // 2, bh), "Help", self.help, px=th.normal, key_hint="F1", name="help"))
        B(Button(pygame.Rect(x2 + (col_w + gap) // 2, y, (col_w - gap) // 2, bh), "Quit", self.app.quit, px=th.normal,
                 key_hint="Q", name="quit"))

    # actions
    def next_game(self) -> None:
        self.game_i = (self.game_i + 1) % len(self.games)
        self.scen_i = 0
        self._load_options()
        self.layout(self.size)

    def next_scenario(self) -> None:
        self.scen_i = (self.scen_i + 1) % len(self.scenarios())
        self.layout(self.size)

    def set_hotseat(self, on: bool) -> None:
        self.hotseat = on
        self.app.settings.hotseat = on
        self.app.settings.save()
        self.layout(self.size)

    def toggle_option(self, name: str) -> None:
        self.options[name] = not self.options.get(name, False)
        self.layout(self.size)

    def new_seed(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        self.layout(self.size)

    def start(self) -> None:
        import hexwar

        gid, sid = self.games[self.game_i], self.scenarios()[self.scen_i]
        try:
            game = hexwar.open_game(gid, sid, seed=self.seed, options=dict(self.options))
        except (DataError, HexwarError, KeyError, OSError) as e:
            self.app.show_message("Cannot start the game", _error_text(e))
            return
        self.app.start_game(game, hotseat=self.hotseat)
        if not self.seed_given:
            self.seed = random.randrange(1, 1_000_000)

    def continue_last(self) -> None:
        self.load(paths.autosave_path())

    def load(self, path: Path) -> None:
        import hexwar

        try:
            game = hexwar.load_record(path)
        except (DataError, HexwarError, KeyError, OSError) as e:
            self.app.show_message("Cannot load this game", _error_text(e))
            return
        self.app.start_game(game, hotseat=self.hotseat)

    def help(self) -> None:
        self.app.stack.push(HelpScene(self.app))

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_q or (event.key == pygame.K_ESCAPE):
                self.app.quit()
            elif event.key == pygame.K_c:
                if paths.autosave_path().is_file():
                    self.continue_last()
            elif event.key == pygame.K_F1:
                self.help()
            elif ctrl_held(event) and event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_MINUS,
                                                    pygame.K_KP_MINUS):
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.save_scroll = max(0, self.save_scroll - event.y)
            self.layout(self.size)
            return True
        self.buttons.handle(event)
        return True

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        w, h = surface.get_size()
        t = T.text("hexwar", th.px(56), T.ACCENT, "bold")
        surface.blit(t, (w // 2 - t.get_width() // 2, th.px(30)))
        s = T.text("Classic hex-and-counter wargames, every rule enforced and explained", th.large, T.TEXT_DIM)
        surface.blit(s, (w // 2 - s.get_width() // 2, th.px(30) + t.get_height()))
        col_w = min(th.px(560), (w - th.px(100)) // 2)
        x1 = w // 2 - col_w - th.px(20)
        x2 = w // 2 + th.px(20)
        surface.blit(T.text("New game", th.large, T.TEXT, "bold"), (x1, th.px(118)))
        surface.blit(T.text("Go on playing", th.large, T.TEXT, "bold"), (x2, th.px(118)))
        surface.blit(T.text(f"Saved games ({paths.saves_dir()}):", th.small, T.TEXT_DIM), (x2, self.saves_y))
        if self.options_y is not None:
            surface.blit(T.text("Balance options (13.0) — all off in the standard game:", th.small, T.TEXT_DIM),
                         (x1, self.options_y))
        if not self.saves:
            surface.blit(T.text("none yet — Ctrl+S saves during a game", th.small, T.TEXT_DIM),
                         (x2 + th.px(8), getattr(self, "no_saves_y", self.saves_y + th.px(24))))
        self.buttons.draw(surface)
        hov = self.buttons.hovered()
        if hov is not None and hov.tooltip and hov.rect:
            hud.draw_tooltip(surface, hov.rect.bottomleft, [hov.tooltip], th)


def _error_text(e: BaseException) -> str:
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    return str(e) or e.__class__.__name__


# --- the game ----------------------------------------------------------------------------
class GameScene(Scene):
    DRAG_PX = 6
    TOOLTIP_S = 0.45

    def __init__(self, app, game, *, hotseat: bool = True, autosave: bool = True, threaded: bool = True) -> None:
        super().__init__(app)
        self.game = game
        self.hotseat = hotseat
        self.ctl = Controller(game, threaded=threaded)
        if autosave:
            game.autosave_path = paths.autosave_path()
            try:
                game.save(game.autosave_path)
            except OSError as e:
                self.ctl.refuse(f"Autosave failed: {e}")
        self.mv = MapView(game.rules.board)
        self.art = CounterArt()
        self.layer = MapLayer(self.mv, self.art)
        self.bar = hud.PhaseBar(self.theme)
        self.panel = hud.SidePanel(self.theme, self.art)
        self.status = hud.StatusLine(self.theme)
        self.time = 0.0
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover: Hex | None = None
        self.hover_for = 0.0
        self.press: tuple[int, tuple[int, int], bool] | None = None  # button, position, dragging
        self.shown_side: str | None = None
        self.victory_shown = game.result() is not None
        self._fitted = False
        self._last_version = -1
        self.show_ids = app.settings.show_hex_ids

    # --- layout ---------------------------------------------------------------------
    def layout(self, size) -> None:
        th = self.theme
        self.bar.theme = self.panel.theme = self.status.theme = th
        w, h = size
        bar_h = th.px(62)
        status_h = th.px(30)
        panel_w = min(th.px(400), int(w * 0.42))
        tool_h = hud.PhaseBar.tool_height(th)
        self.bar.layout(pygame.Rect(0, 0, w, bar_h), pygame.Rect(w - panel_w, bar_h, panel_w, tool_h), [
            ("end", "Close declarations", self.ask_end_phase, "E"),
            ("undo", "Undo", self.ctl.undo, ""),
            ("redo", "Redo", self.ctl.redo, ""),
            ("save", "Save", self.ctl.save, ""),
            ("help", "Help", self.open_help, ""),
            ("menu", "Menu", self.ask_menu, ""),
        ])
        self.panel.layout(pygame.Rect(w - panel_w, bar_h + tool_h, panel_w, h - bar_h - tool_h - status_h))
        self.status.rect = pygame.Rect(0, h - status_h, w, status_h)
        self.mv.set_rect(pygame.Rect(0, bar_h, w - panel_w, h - bar_h - status_h))
        if not self._fitted:
            self.mv.fit()
            self._fitted = True
        self._end_key = None
        tips = {"end": "End the phase (E). Asks first if units could still act.", "undo": "Undo (Ctrl+Z)",
                "redo": "Redo (Ctrl+Y)", "save": "Save the game in the saves folder (Ctrl+S)",
                "help": "Keys and map symbols (F1)", "menu": "Back to the main menu (Esc); the game is autosaved"}
        for b in self.bar.buttons.buttons:
            b.tooltip = tips.get(b.name, "")
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the panels from the controller (after any change)."""
        self.panel.build(self.ctl, self)
        end = next((b for b in self.bar.buttons.buttons if b.name == "end"), None)
        if end is not None:
            end.label = self.ctl.end_label()
            key = (id(self.game.state), self.ctl.version)
            if getattr(self, "_end_key", None) != key:
                self._end_key = key
                why = self.game.check(EndPhase())
                end.enabled = why is None
                end.tooltip = ("End the phase (E). Asks first if units could still act." if why is None
                               else f"Not now — {why}")
        undo = next((b for b in self.bar.buttons.buttons if b.name == "undo"), None)
        if undo is not None:
            undo.enabled = self.game.can_undo()
        redo = next((b for b in self.bar.buttons.buttons if b.name == "redo"), None)
        if redo is not None:
            redo.enabled = bool(self.ctl.redo_stack)

    def enter(self) -> None:
        self.after_change()

    def resume(self) -> None:
        self.refresh()

    # --- scene changes driven by the game ----------------------------------------------
    def after_change(self) -> None:
        if self.ctl.version != self._last_version:
            self._last_version = self.ctl.version
        if self.game.result() is not None and not self.victory_shown:
            self.victory_shown = True
            self.app.stack.push(VictoryScene(self.app, self))
            return
        side = self.ctl.acting()
        if side is not None and side != self.shown_side:
            previous = self.shown_side
            self.shown_side = side
            if self.hotseat and self.app.stack.top is self:
                self.app.stack.push(HandoverScene(self.app, side, hud.now_text(self.ctl),
                                                  decision=bool(self.ctl.view().get("stage"))))
            elif previous is not None:
                self.ctl.say(f"{rules_text.SIDE_NAMES.get(side, side)} player to act: {hud.now_text(self.ctl)}")
        self.refresh()

    # --- commands (buttons and keys) ---------------------------------------------------------
    def ask_end_phase(self) -> None:
        why = self.game.check(EndPhase())
        if why is not None:
            self.ctl.refuse(why)
            return
        warn = self.ctl.end_warning()
        label = self.ctl.end_label()
        if warn:
            self.app.stack.push(ConfirmScene(self.app, label + "?", warn, self.end_phase, yes=label, no="Go back"))
        else:
            self.end_phase()

    def end_phase(self) -> None:
        self.ctl.end_phase()
        self.after_change()

    def do_action(self, action) -> None:
        self.ctl.do(action)
        self.after_change()

    def do_resolve(self, target: Hex) -> None:
        from ..core.actions import Resolve

        self.do_action(Resolve(target))

    def do_roll(self, support: str | None) -> None:
        self.ctl.roll(support)
        self.after_change()

    def do_choose(self, uid: str) -> None:
        self.ctl._choose(uid)
        self.after_change()

    def do_no_advance(self) -> None:
        self.ctl.no_advance()
        self.after_change()

    def show_victory(self) -> None:
        self.app.stack.push(VictoryScene(self.app, self))

    def open_help(self) -> None:
        self.app.stack.push(HelpScene(self.app))

    def ask_menu(self) -> None:
        self.app.stack.push(ConfirmScene(self.app, "Leave this game?",
                                         "The game is saved automatically after every action: "
                                         "'Continue the last game' in the menu brings it back.",
                                         self.app.back_to_menu, yes="Leave", no="Stay"))

    # --- events -------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        before = self.ctl.version
        used = self._handle(event)
        if used:
            if self.ctl.version != before:
                self.after_change()
            elif self.app.stack.top is self:
                self.refresh()
        return True

    def _handle(self, event) -> bool:
        if self.ctl.die is not None:
            # While the die is shown, a click or a key only puts it away.
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN):
                self.ctl.die = None
                return True
            on_map = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.mv.rect.collidepoint(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN and on_map:
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                self.ctl.die = None
                if on_map:
                    self.press = None
                    return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.bar.buttons.handle(event)
            self.panel.handle(event)
            if self.press is not None:
                b, p0, dragging = self.press
                if dragging or abs(event.pos[0] - p0[0]) + abs(event.pos[1] - p0[1]) > self.DRAG_PX:
                    if not dragging:
                        self.press = (b, p0, True)
                    rel = getattr(event, "rel", (0, 0))
                    self.mv.pan(rel[0], rel[1])
            h = self.mv.hex_at(event.pos)
            if h != self.hover:
                self.hover = h
                self.hover_for = 0.0
                self.ctl.hover(h)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.mv.rect.collidepoint(self.mouse):
                anchor = self.mouse
                if event.y > 0:
                    self.mv.zoom_in(anchor)
                elif event.y < 0:
                    self.mv.zoom_out(anchor)
                return True
            ev = pygame.event.Event(pygame.MOUSEWHEEL, x=event.x, y=event.y, pos=self.mouse)
            return self.panel.handle(ev)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):
                return True  # old-style wheel events; MOUSEWHEEL handles the wheel
            self.mouse = event.pos
            if self.bar.rect.collidepoint(event.pos) or self.bar.tool_rect.collidepoint(event.pos):
                self.bar.buttons.handle(event)
                return True
            if self.panel.rect.collidepoint(event.pos):
                return self.panel.handle(event)
            if self.mv.rect.collidepoint(event.pos):
                self.press = (event.button, event.pos, False)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (4, 5):
                return True
            press, self.press = self.press, None
            if self.bar.rect.collidepoint(event.pos) or self.bar.tool_rect.collidepoint(event.pos):
                self.bar.buttons.handle(event)
                return True
            if self.panel.rect.collidepoint(event.pos):
                return self.panel.handle(event)
            if press is None or press[2] or not self.mv.rect.collidepoint(event.pos):
                return press is not None
            h = self.mv.hex_at(event.pos)
            if event.button == 1:
                if h is not None:
                    self.ctl.click_hex(h)
                    self._remember_top(h)
                return True
            if event.button == 3:
                if not self.ctl.cancel() and h is not None:
                    self.ctl.say(self.ctl.describe_hex(h))
                return True
            return True
        return False

    def _remember_top(self, h: Hex) -> None:
        if self.ctl.sel is not None and any(u["id"] == self.ctl.sel for u in self.ctl.units_at(h)):
            self.layer.top[h] = self.ctl.sel

    def _key(self, event) -> bool:
        k = event.key
        ctl = self.ctl
        if ctrl_held(event):
            if k == pygame.K_z:
                ctl.redo() if shift_held(event) else ctl.undo()
            elif k == pygame.K_y:
                ctl.redo()
            elif k == pygame.K_s:
                ctl.save()
            elif k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
                self.app.change_scale(+0.1)
            elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.app.change_scale(-0.1)
            else:
                return False
            return True
        step = max(40, self.mv.rect.w // 10)
        if k == pygame.K_LEFT:
            self.mv.pan(step, 0)
        elif k == pygame.K_RIGHT:
            self.mv.pan(-step, 0)
        elif k == pygame.K_UP:
            self.mv.pan(0, step)
        elif k == pygame.K_DOWN:
            self.mv.pan(0, -step)
        elif k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            self.mv.zoom_in()
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.mv.zoom_out()
        elif k in (pygame.K_f, pygame.K_HOME):
            self.mv.fit()
        elif k == pygame.K_e:
            self.ask_end_phase()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            m = ctl.mode()
            if m == "combat-declare":
                ctl.declare()
            elif ctl.loss_pick:
                ctl.confirm_pick()
        elif k == pygame.K_r and ctl.mode() == "stage:roll":
            ctl.roll(None)
        elif k == pygame.K_n and ctl.mode() == "stage:advance":
            ctl.no_advance()
        elif k == pygame.K_TAB:
            ctl.next_unit()
            u = ctl.unit(ctl.sel) if ctl.sel else None
            if u and u.get("hex"):
                from ..core.hexgrid import parse_hex

                h = parse_hex(u["hex"])
                self.layer.top[h] = ctl.sel
                if not self.mv.rect.collidepoint(self.mv.hex_center(h)):
                    self.mv.center_on(h)
        elif k == pygame.K_ESCAPE:
            if not ctl.cancel():
                self.ask_menu()
        elif k in (pygame.K_F1, pygame.K_QUESTION) or (k == pygame.K_SLASH and shift_held(event)):
            self.open_help()
        elif k == pygame.K_i:
            self.show_ids = not self.show_ids
            self.app.settings.show_hex_ids = self.show_ids
            self.app.settings.save()
            self.mv.show_ids = self.show_ids
            self.mv.invalidate()
        elif k == pygame.K_l:
            self.panel.set_tab("log")
        elif k == pygame.K_k:
            self.panel.set_tab("rules")
        else:
            return False
        return True

    # --- frame ---------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.hover_for += dt
        if self.ctl.die is not None:
            self.ctl.die.time_left -= dt
            if self.ctl.die.time_left <= 0:
                self.ctl.die = None
        # Legal actions worked out in the background: show them as soon as they are ready.
        if self.ctl._job is not None and self.ctl._job.done.is_set() and getattr(self, "_job_seen", None) is not self.ctl._job:
            self._job_seen = self.ctl._job
            self.ctl.hover(self.hover)
        if self.app.stack.top is self:
            self.refresh()

    def draw(self, surface) -> None:
        th = self.theme
        # No full-screen fill: the map, the bars and the panel cover the whole window.
        self.mv.show_ids = self.show_ids
        self.layer.draw(surface, self.ctl, self.hover, self.time)
        self.bar.draw(surface, self.ctl, self._date())
        self.panel.draw(surface, self.ctl)
        self.status.draw(surface, self.ctl)
        if self.ctl.die is not None:
            hud.draw_die(surface, self.mv.rect.center, self.ctl.die, th)
        if self.app.stack.top is self:
            tip = None
            if self.hover_for >= self.TOOLTIP_S:
                if self.hover is not None and self.mv.rect.collidepoint(self.mouse):
                    tip = self.ctl.hex_lines(self.hover)
                else:
                    tip = self.panel.hovered_tooltip()
                    b = self.bar.buttons.hovered()
                    if tip is None and b is not None and b.tooltip:
                        tip = [b.tooltip]
            if tip:
                hud.draw_tooltip(surface, self.mouse, tip, th)

    def _date(self) -> str:
        scen = getattr(self.game.rules, "scenario", None)
        dates = getattr(scen, "dates", {}) or {}
        return dates.get(self.ctl.view()["turn"], "")
