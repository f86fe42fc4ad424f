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
from dataclasses import dataclass
import random
from pathlib import Path
from typing import Callable

import pygame

from .. import paths
from ..core.actions import EndPhase
from ..core.errors import DataError, HexwarError
from ..core.hexgrid import Hex, hex_name
from . import rules_text
from . import theme as T
from .computer import COMPUTER, HUMAN, LEVELS, ComputerDriver, make_computer, player_kind, player_text
from .control import PAST_REFUSAL, Controller, LogEntry
from .counters import CounterArt
from .map_view import MapView
from .overlays import MapLayer
from .panel.battle import RESULT_ORDER
from .panel.computer_block import REASON_COLOUR
from .panel.flow import Drawn
from .panel.history_block import draw_history_banner, history_banner
from .panel.phase_bar import PhaseBar, now_text
from .panel.side import SidePanel
from .panel.status import StatusLine, draw_die, draw_tooltip
from .saves import SaveIndex
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

    def frame_key(self):
        """What this scene's drawing depends on apart from input events (which always redraw it):
        when it is the same as last frame and no event came, the frame is not drawn again.
        None: drawn every frame."""
        return None


class SceneStack:
    def __init__(self, app=None) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self._drawn: tuple | None = None  # the visible scenes of the last frame drawn
        self._keys: list | None = None
        self.poked = True  # an event came since the last frame (set by the App)

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

    def draw(self, surface: pygame.Surface) -> list | None:
        """Draws the visible scenes; returns the areas of ``surface`` that changed: None for all
        of it, [] for none (the surface still shows the last frame)."""
        visible = self._visible()
        ids = (id(surface), getattr(surface, "get_size", tuple)()) + tuple(id(s) for s in visible)
        fresh = ids != self._drawn
        self._drawn = ids
        if len(visible) == 1 and hasattr(visible[0], "draw_dirty"):
            # The game alone knows which parts of its frame changed.
            if fresh:
                visible[0].invalidate_frame()
            self.poked = False
            return visible[0].draw_dirty(surface)
        keys = [s.frame_key() for s in visible]
        poked, self.poked = self.poked, False
        if not fresh and not poked and None not in keys and keys == self._keys:
            return []
        self._keys = keys
        for s in visible:
            if hasattr(s, "invalidate_frame"):
                s.invalidate_frame()  # a scene over it draws too: the game must be drawn whole
            s.draw(surface)
        return None

    def invalidate(self) -> None:
        """The next frame is drawn whole (the window was uncovered, resized…)."""
        self._drawn = None

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

    def frame_key(self):
        return ()  # changes only with events (the buttons under the mouse)

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

    def __init__(self, app, side: str, detail: str, decision: bool = False, battle: str | None = None) -> None:
        super().__init__(app)
        self.side = side
        self.detail = detail
        self.decision = decision  # a choice in the middle of the other player's turn (a battle step)
        self.battle = battle  # the battle result that handed the decision over

    def frame_key(self):
        return ()

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
        T.side_chip(surface, self.side, w // 2 - chip // 2, h // 2 - th.px(150), chip)
        name = rules_text.SIDE_NAMES.get(self.side, self.side)
        t = T.text(f"{name} player, " + ("a decision for you" if self.decision else "your turn"), th.title, T.TEXT, "bold")
        surface.blit(t, (w // 2 - t.get_width() // 2, h // 2 - th.px(70)))
        y = h // 2
        if self.battle:
            for ln in T.wrap(self.battle, th.large, min(w - th.px(60), th.px(900)), "bold"):
                s = T.text(ln, th.large, T.TEXT, "bold")
                surface.blit(s, (w // 2 - s.get_width() // 2, y))
                y += s.get_height() + 2
            y += th.px(6)
        for ln in T.wrap(self.detail, th.large, min(w - th.px(60), th.px(900))):
            s = T.text(ln, th.large, T.TEXT_DIM)
            surface.blit(s, (w // 2 - s.get_width() // 2, y))
            y += s.get_height() + 2
        s = T.text("The map is hidden while the screen changes hands. Click, or press Space, when ready.",
                   th.normal, T.TEXT_DIM)
        surface.blit(s, (w // 2 - s.get_width() // 2, y + th.px(30)))


class VictoryScene(Scene):
    """The result under the victory rules, and a summary of the game worked out from its record."""

    opaque = False

    def __init__(self, app, game_scene: "GameScene") -> None:
        super().__init__(app)
        self.gs = game_scene
        self.buttons = ButtonRow()
        self.box = pygame.Rect(0, 0, 10, 10)
        self.summary = None
        self._worker = None

    def layout(self, size) -> None:
        th = self.theme
        self.box = pygame.Rect(0, 0, min(size[0] - th.px(40), th.px(940)), min(size[1] - th.px(30), th.px(600)))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.buttons.clear()
        bw, bh, gap = th.px(220), th.px(36), th.px(12)
        y = self.box.bottom - th.px(18) - bh
        x = self.box.x + th.px(20)
        for label, cb, hint, name in (("Look at the map", self.close, "Esc", "victory-map"),
                                      ("Look back at the game", self.look_back, "H", "victory-history"),
                                      ("Main menu", self.to_menu, "", "victory-menu")):
            self.buttons.add(Button(pygame.Rect(x, y, bw, bh), label, cb, px=th.normal, key_hint=hint, name=name))
            x += bw + gap

    def close(self) -> None:
        self.app.stack.remove(self)

    def look_back(self) -> None:
        self.app.stack.remove(self)
        tl = self.gs.ctl.timeline
        self.gs.enter_history(tl.first if tl is not None else 0)

    def to_menu(self) -> None:
        self.app.back_to_menu()

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.look_back()
            return True
        self.buttons.handle(event)
        return True

    def frame_key(self):
        return (self.summary is not None, self._worker is not None) + (self.gs.frame_key() or (None,))

    def update(self, dt: float) -> None:
        ctl = self.gs.ctl
        if self.summary is None and self._worker is None and ctl.timeline is not None:
            # Worked out from every step of the record: in the background for a long game.
            import threading

            from .history import summarize

            sides = tuple(self.gs.sides())

            def work():
                try:
                    self.summary = summarize(ctl.timeline, sides)
                except Exception:
                    log.exception("game summary failed")

            if ctl.threaded:
                self._worker = threading.Thread(target=work, daemon=True, name="hexwar-summary")
                self._worker.start()
            else:
                self._worker = True
                work()

    def draw(self, surface) -> None:
        th = self.theme
        veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        veil.fill((0, 0, 0, 170))
        surface.blit(veil, (0, 0))
        draw_panel(surface, self.box, T.PANEL, T.ACCENT)
        ctl = self.gs.ctl
        v = ctl.view()
        r = v.get("result") or {}
        x, y = self.box.x + th.px(24), self.box.y + th.px(14)
        width = self.box.w - th.px(48)
        t = T.text(r.get("level", "Game over"), th.title, T.ACCENT, "bold")
        surface.blit(t, (x, y))
        y += t.get_height() + th.px(4)
        from .widgets import blit_lines

        detail = r.get("detail", "")
        kiev = v.get("game") == "objective-kiev"  # the victory rule is Kiev's 5.0; others say theirs in the detail
        y = blit_lines(surface, [detail + (" (5.0)" if detail and kiev else "")], x, y, width, th.large)
        board = ctl.rules.board
        counts: dict = {}
        control = v.get("control") or {}
        for h in board.places:
            s_ = control.get(hex_name(h))
            counts[s_] = counts.get(s_, 0) + 1
        y += th.px(4)
        held = ", ".join(f"{rules_text.SIDE_NAMES.get(s_, s_)} {n}"
                         for s_, n in sorted(counts.items(), key=lambda kv: str(kv[0])))
        sm = self.summary
        length = ""
        if sm is not None:
            of = f" of {v['turns']}" if v.get("turns") else ""
            length = f" · {sm.turns_played} turn(s) played, to turn {sm.last_turn}{of} · {sm.actions} actions"
        line = (f"Cities held: {held} (of {len(board.places)}){length}" if board.places and control
                else length.lstrip(" ·") or " ")
        surface.blit(T.text(line, th.normal, T.TEXT, "bold"), (x, y))
        y += T.font(th.normal).get_linesize() + th.px(6)
        # Which cities the side with fewer holds (the interesting list), in one line.
        if counts:
            fewer = min(counts, key=lambda k: counts[k])
            names = sorted(p.name for h, p in board.places.items() if control.get(hex_name(h)) == fewer)
            if names and len(counts) > 1:
                y = blit_lines(surface, [f"Held by {rules_text.SIDE_NAMES.get(fewer, fewer)}: {', '.join(names)}"], x, y,
                               width, th.small, T.TEXT_DIM)
        y += th.px(8)
        pygame.draw.line(surface, T.PANEL_LINE, (x, y), (x + width, y))
        y += th.px(8)
        if sm is None:
            msg = "Working out the summary from the record…"
            if ctl.timeline is not None and ctl.timeline.error:
                msg = f"No summary: {ctl.timeline.error}."
            surface.blit(T.text(msg, th.normal, T.TEXT_DIM), (x, y))
        else:
            self._draw_summary(surface, sm, x, y, width, self.box.bottom - th.px(70))
        self.buttons.draw(surface)

    def _draw_summary(self, surface, sm, x: int, y: int, width: int, bottom: int) -> None:
        th = self.theme
        sides = list(sm.sides)
        label_w = th.px(230)
        col_w = (width - label_w) // max(1, len(sides))
        lh = T.font(th.normal).get_linesize() + th.px(2)
        for i, side in enumerate(sides):
            cx = x + label_w + i * col_w
            T.side_chip(surface, side, cx, y + 2, th.px(18))
            surface.blit(T.text(rules_text.SIDE_NAMES.get(side, side), th.large, T.TEXT, "bold"), (cx + th.px(24), y))
        y += T.font(th.large).get_linesize() + th.px(4)

        def result_list(ss) -> str:
            if not ss.results:
                return "—"
            order = [c for c in RESULT_ORDER if c in ss.results] + sorted(c for c in ss.results if c not in RESULT_ORDER)
            return ", ".join(f"{c} {ss.results[c]}" for c in order)

        def mean(ss) -> str:
            m = ss.mean_roll
            if m is None:
                return "no rolls"
            return f"{m:.2f} over {len(ss.rolls)} roll(s) ({m - 3.5:+.2f})"

        rows = [("Steps lost", lambda ss: str(ss.steps_lost)),
                ("Units eliminated", lambda ss: str(ss.units_eliminated)),
                ("Battles fought as attacker", lambda ss: str(ss.battles)),
                ("Battle results (10.6)", result_list),
                ("Mean die roll (3.5 expected)", mean)]
        for label, fn in rows:
            if y + lh > bottom:
                return
            surface.blit(T.text(label, th.normal, T.TEXT_DIM), (x, y))
            for i, side in enumerate(sides):
                cx = x + label_w + i * col_w
                txt = fn(sm.sides[side])
                px = th.normal
                while px > 9 and T.font(px).size(txt)[0] > col_w - th.px(10):
                    px -= 1
                surface.blit(T.text(txt, px, T.TEXT), (cx, y))
            y += lh
        # Die rolls of each value: bars with their counts, per side.
        bar_h = th.px(46)
        if y + bar_h + lh * 2 > bottom:
            return
        y += th.px(4)
        surface.blit(T.text("Die rolls of each value", th.normal, T.TEXT_DIM), (x, y + bar_h // 2 - lh // 2))
        for i, side in enumerate(sides):
            counts = sm.sides[side].roll_counts()
            top = max(counts) or 1
            cx = x + label_w + i * col_w
            bw = min(th.px(34), (col_w - th.px(20)) // 6)
            for v_, c in enumerate(counts):
                bx = cx + v_ * (bw + th.px(4))
                hgt = int((bar_h - th.px(14)) * c / top)
                pygame.draw.rect(surface, T.PANEL_DARK, (bx, y + th.px(14), bw, bar_h - th.px(14)))
                if c:
                    pygame.draw.rect(surface, (200, 200, 190), (bx, y + bar_h - hgt, bw, hgt))
                n = T.text(str(c), th.small, T.TEXT)
                surface.blit(n, (bx + bw // 2 - n.get_width() // 2, y + bar_h - hgt - n.get_height()))
                d = T.text(str(v_ + 1), th.small, T.TEXT, "bold")
                surface.blit(d, (bx + bw // 2 - d.get_width() // 2, y + bar_h + th.px(2)))
        y += bar_h + lh
        # Cities held at the end of each turn: how the game went.
        turns = sorted(sm.cities_by_turn)
        if turns and y + lh * (len(sides) + 2) <= bottom:
            y += th.px(6)
            surface.blit(T.text("Cities held at the end of each turn (5.0)", th.normal, T.TEXT_DIM), (x, y))
            y += lh
            cw = min(th.px(70), (width - label_w) // max(1, len(turns)))
            for k, turn in enumerate(turns):
                t = T.text(f"T{turn}", th.small, T.TEXT, "bold")
                surface.blit(t, (x + label_w + k * cw + cw // 2 - t.get_width() // 2, y))
            y += T.font(th.small).get_linesize()
            for side in sides:
                surface.blit(T.text(rules_text.SIDE_NAMES.get(side, side), th.small, T.TEXT), (x + th.px(16), y))
                for k, turn in enumerate(turns):
                    n = sm.cities_by_turn[turn].get(side, 0)
                    t = T.text(str(n), th.small, T.TEXT)
                    surface.blit(t, (x + label_w + k * cw + cw // 2 - t.get_width() // 2, y))
                y += T.font(th.small).get_linesize()
            y += th.px(4)
        if not sm.complete:
            surface.blit(T.text("The record before this session could not be replayed: these figures cover only "
                                "what was played here.", th.small, T.TEXT_DIM), (x, y))


class HelpScene(Scene):
    """Every shortcut, and a legend of the map and counter symbols (Kiev's drawn sample; for the
    other games the key of their own map)."""

    def __init__(self, app, board=None, game_id: str | None = None) -> None:
        super().__init__(app)
        self.board = board
        self.game_id = game_id

    def frame_key(self):
        return ()

    @property
    def theme(self) -> T.Theme:
        # Everything on one screen: a smaller scale in a small window.
        surf = getattr(self.app, "screen", None)
        w, h = surf.get_size() if surf is not None else (1600, 900)
        fit = min(w / 1350, h / 860)
        if fit >= self.app.theme.scale:
            return self.app.theme
        return T.Theme(max(T.Theme.MIN_SCALE, fit))

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
        from .games import for_game

        shortcuts = list(rules_text.SHORTCUTS) + list(for_game(self.game_id).keys)  # and the game's own keys
        keys_w = max(T.font(th.normal, "bold").size(k)[0] for k, _ in shortcuts) + th.px(14)
        lh = T.font(th.normal).get_linesize()
        yy = y
        surface.blit(T.text("Keys and mouse", th.large, T.TEXT, "bold"), (x, yy))
        yy += T.font(th.large).get_linesize() + th.px(4)
        for key, what in shortcuts:
            surface.blit(T.text(key, th.normal, T.ACCENT, "bold"), (x, yy))
            for i, ln in enumerate(T.wrap(what, th.normal, col - keys_w - th.px(10))):
                surface.blit(T.text(ln, th.normal, T.TEXT), (x + keys_w, yy))
                yy += lh
            yy += th.px(3)
        rect = pygame.Rect(x + col + th.px(40), y, col, h - y - th.px(40))
        if self.board is not None and self.game_id not in (None, "objective-kiev"):
            draw_board_legend(surface, rect, th, self.board)
        else:
            draw_legend(surface, rect, th)
        s = T.text("Click or press Esc to go back.", th.normal, T.TEXT_DIM)
        surface.blit(s, (w - s.get_width() - th.px(30), h - s.get_height() - th.px(14)))


def draw_board_legend(surface, rect: pygame.Rect, th: T.Theme, board) -> None:
    """The key of a game's own map: its terrains as drawn on the map, then each symbol it has."""
    from . import map_features as MF

    x, y = rect.x, rect.y
    surface.blit(T.text("The map's key", th.large, T.TEXT, "bold"), (x, y))
    y += T.font(th.large).get_linesize() + th.px(6)
    y += MF.draw_terrain_row(surface, x, y, th.px(44), board, max(1, rect.w // th.px(64))) + th.px(8)
    lh = T.font(th.small).get_linesize()
    lines = MF.legend_lines(board) + [
        "Counters: the nation's colour, the size on top (II battalion … XXXX army), the NATO symbol "
        "(X infantry, oval armour, dot artillery, one diagonal recon), the figures at the bottom; a reduced "
        "unit is paler with a white stripe",
        "Look at the map only (M in the menu) shows the whole map with a tooltip on every hex"]
    for it in lines:
        for ln in T.wrap("• " + it, th.small, rect.w):
            if y + lh > rect.bottom:
                return
            surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
            y += lh


def draw_legend(surface, rect: pygame.Rect, th: T.Theme) -> None:
    """Map and counter symbols, drawn with the same code as the map."""
    from ..core.board import Board, HexsideFeature, Place
    from ..core.hexgrid import Hexside
    from .counters import draw_counter
    from .shapes import crosshair, label_box

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
    from .counters import draw_air_marker
    from .turns import AirMarker

    air = AirMarker("IV-FK", "IV Fliegerkorps", "IV FK", "axis", 1, False)
    t = T.text("air support (10.5)", th.px(11), T.TEXT_DIM)
    if cx + max(px, t.get_width()) <= rect.right:
        surface.blit(draw_air_marker(air, px), (cx, y))
        surface.blit(t, (cx, y + px + th.px(4)))
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
    # What Explain (X) adds.
    from .overlays import COMM_DOTS, OVERSTACK, ZOC_HATCH
    from .shapes import swatch

    y += th.px(36)
    surface.blit(T.text("Explain (X) adds:", th.small, T.TEXT_DIM, "bold"), (x, y))
    y += lh + th.px(2)
    cx = x
    for pattern, rgba, note in (("backhatch", ZOC_HATCH, "enemy zone of control (7.0)"),
                                ("dots", COMM_DOTS, "cut off from its edge (12.2, 12.3)"),
                                ("over", OVERSTACK, "overstacked (8.1)")):
        sample = pygame.Rect(cx, y, th.px(30), th.px(22))
        pygame.draw.rect(surface, T.TERRAIN_COLOURS["clear"], sample)
        swatch(surface, sample, pattern, rgba)
        t = T.text(note, th.small, T.TEXT)
        surface.blit(t, (sample.right + th.px(6), y + (sample.h - t.get_height()) // 2))
        cx = sample.right + th.px(6) + t.get_width() + th.px(16)


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

        from ..games import game_ids

        self.choices = session.list_scenarios()
        # Every registered game, even one whose scenarios are not there yet (it says so on Start).
        # In the registry's order (the first game first), then any scenario folder's game it lacks.
        self.games = list(dict.fromkeys(game_ids() + sorted({g for g, _ in self.choices}))) or ["objective-kiev"]
        self.game_i = self.games.index(game_id) if game_id in self.games else 0
        self.scen_i = 0
        if scenario:
            sc = self.scenarios()
            self.scen_i = sc.index(scenario) if scenario in sc else 0
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.seed_given = seed is not None
        self.hotseat = app.settings.hotseat
        self.options: dict[str, bool] = {}
        self.players: dict[str, str] = {}
        self._load_options()
        self.buttons = ButtonRow()
        self.saves: list[Path] = []
        self.save_rows: list[tuple[pygame.Rect, Path]] = []
        self.index = SaveIndex(threaded=getattr(app, "threaded_saves", True))
        self._index_version = -1
        self.size = app.screen.get_size() if getattr(app, "screen", None) is not None else (800, 600)
        self.save_scroll = 0

    def scenarios(self) -> list[str]:
        g = self.games[self.game_i]
        return [s for gg, s in self.choices if gg == g] or ["standard"]

    def options_heading(self) -> str:
        if self.games[self.game_i] == "objective-kiev":
            return "Balance options (13.0) — all off in the standard game:"
        pkg = self._pkg()
        if len(getattr(pkg, "OPTIONS", {}) or {}) > 3:
            return "Game options (point at one for its rule and what it does):"
        return "Game options (the rule is in brackets):"

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
        sides = (getattr(getattr(pkg, "tables", None), "SIDES", None) or getattr(pkg, "SIDES", None)
                 or getattr(getattr(pkg, "rules", None), "SIDES", None) or ("axis", "soviet"))
        saved = dict(getattr(self.app.settings, "players", {}) or {})
        # side -> "human", "computer:easy" or "computer:normal" (player_kind reads older "computer")
        self.players = {s: player_text(*player_kind(saved.get(s, HUMAN))) for s in sides}

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
        # Who plays each side.
        self.players_y = y
        y += T.font(th.small).get_linesize() + gap // 2
        lab_w = th.px(110)
        hw = min(th.px(104), (col_w - lab_w - 2 * gap) // 3)  # "Human" is short: the levels get the room
        pw = (col_w - lab_w - hw - 2 * gap) // 2
        self.player_label_ys = []
        for i, (side, entry) in enumerate(self.players.items()):
            kind, level = player_kind(entry)
            self.player_label_ys.append((side, y, i))
            name = rules_text.SIDE_NAMES.get(side, side)
            B(Button(pygame.Rect(x1 + lab_w, y, hw, bh), "Human", (lambda s=side: self.set_player(s, HUMAN)),
                     px=th.normal, toggled=kind == HUMAN, name=f"{side}-human",
                     tooltip=f"A person plays the {name} side (key {i + 1} cycles human, easy, normal)"))
            for j, (lv, (_, what)) in enumerate(LEVELS.items()):
                B(Button(pygame.Rect(x1 + lab_w + hw + gap + (pw + gap) * j, y, pw, bh), f"Computer: {lv}",
                         (lambda s=side, lv=lv: self.set_player(s, player_text(COMPUTER, lv))),
                         px=th.small, toggled=kind == COMPUTER and level == lv, name=f"{side}-computer-{lv}",
                         tooltip=f"The computer plays the {name} side at the {lv} level: {what} "
                                 f"(key {i + 1} cycles human, easy, normal)."))
            y += bh + gap
        y += gap
        two_humans = all(player_kind(k)[0] == HUMAN for k in self.players.values())
        B(Button(pygame.Rect(x1, y, half, bh), "Hotseat: hide the map", lambda: self.set_hotseat(True), px=th.normal,
                 toggled=self.hotseat and two_humans, name="hotseat", enabled=two_humans,
                 tooltip="Two players at one screen: the map is hidden whenever the screen changes hands"))
        B(Button(pygame.Rect(x1 + half + gap, y, half, bh), "Solo: no hand-over", lambda: self.set_hotseat(False),
                 px=th.normal, toggled=not (self.hotseat and two_humans), name="solo", enabled=two_humans,
                 tooltip="One person plays both sides: no hand-over screen" if two_humans
                 else "Against the computer there is no hand-over screen"))
        y += bh + gap * 2
        opts = getattr(pkg, "OPTIONS", {}) or {}
        self.options_y = y if opts else None
        if opts:
            y += T.font(th.small).get_linesize() + gap // 2
        # Many options (Kasserine's seven): two columns of short titles; the full text is the tooltip.
        two = len(opts) > 3
        ow = (col_w - gap) // 2 if two else col_w
        for i, (name, (default, desc)) in enumerate(opts.items()):
            label, rule = rules_text.option_label(name, desc)
            if two:
                label = label.split(":")[0]
                if len(label) > 30:  # a long title: its first words; the tooltip has it all
                    label = label[:28].rsplit(" ", 1)[0] + "…"
            elif rule:
                label += f" ({rule})"
            ox = x1 + (ow + gap) * (i % 2) if two else x1
            B(Button(pygame.Rect(ox, y, ow, bh), label, (lambda n=name: self.toggle_option(n)), px=th.small,
                     toggled=self.options.get(name, default), name=f"option-{name}",
                     tooltip=f"{desc}" if not rule or rule in desc else f"{desc} ({rule})"))
            if not two or i % 2 == 1 or i == len(opts) - 1:
                y += bh + gap
        y += gap
        B(Button(pygame.Rect(x1, y, col_w - th.px(130), bh), f"Seed: {self.seed}", None, px=th.normal, enabled=False,
                 name="seed-label"))
        B(Button(pygame.Rect(x1 + col_w - th.px(120), y, th.px(120), bh), "New seed", self.new_seed, px=th.normal,
                 name="new-seed"))
        y += bh + gap * 3
        B(Button(pygame.Rect(x1, y, col_w, th.px(44)), "Start a new game", self.start, px=th.large, key_hint="Enter",
                 name="new-game"))
        y += th.px(44) + gap
        B(Button(pygame.Rect(x1, y, col_w, bh), "Look at the map only", self.view_map, px=th.small, key_hint="M",
                 name="view-map", enabled=self.map_file() is not None,
                 tooltip="The map viewer: the game's map with every symbol explained, no rules loaded"))

        # Right column: continue, load, help, quit.
        y = th.px(150)
        auto = paths.autosave_path()
        self.save_rows = []
        row_h = th.px(46)
        self.continue_rect = pygame.Rect(x2, y, col_w, row_h)
        B(Button(self.continue_rect, "", self.continue_last, enabled=auto.is_file(), px=th.normal, name="continue"))
        if auto.is_file():
            self.save_rows.append((self.continue_rect, auto))
        y += row_h + gap * 2
        self.saves_y = y
        y += T.font(th.small).get_linesize() + gap
        try:
            self.saves = sorted((p for p in paths.saves_dir().glob("*.yaml") if p.name != paths.AUTOSAVE_NAME),
                                key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            self.saves = []
        step = row_h + th.px(4)
        room = max(1, (h - y - th.px(130)) // step)
        self.save_scroll = min(self.save_scroll, max(0, len(self.saves) - room))
        self.saves_room = room
        for p in self.saves[self.save_scroll:self.save_scroll + room]:
            self.index.info(p)  # the header now, the turn and phase in the background
            r = pygame.Rect(x2, y, col_w, row_h)
            B(Button(r, "", (lambda p=p: self.load(p)), px=th.small, name=f"load-{p.name}"))
            self.save_rows.append((r, p))
            y += step
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

    def set_player(self, side: str, kind: str) -> None:
        self.players[side] = player_text(*player_kind(kind))
        self.app.settings.players = dict(self.players)
        self.app.settings.save()
        self.layout(self.size)

    def cycle_player(self, side: str) -> None:
        """Keys 1, 2…: the side's player goes human -> computer (easy) -> computer (normal) -> human."""
        order = [HUMAN] + [player_text(COMPUTER, lv) for lv in LEVELS]
        cur = self.players.get(side, HUMAN)
        self.set_player(side, order[(order.index(cur) + 1) % len(order)] if cur in order else HUMAN)

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
        self.app.start_game(game, hotseat=self.hotseat, players=dict(self.players))
        if not self.seed_given:
            self.seed = random.randrange(1, 1_000_000)

    def map_file(self) -> Path | None:
        """The map of the selected game: ``maps/<game>.tmx``, or its first sheet (``<game>-a.tmx``)."""
        try:
            root = Path(str(paths.data_dir("maps")))
        except Exception:
            return None
        gid = self.games[self.game_i]
        for cand in [root / f"{gid}.tmx"] + sorted(root.glob(f"{gid}-*.tmx")):
            if cand.is_file():
                return cand
        return None

    def view_map(self) -> None:
        from .app import open_map

        f = self.map_file()
        if f is not None:
            open_map(self.app, str(f))

    def continue_last(self) -> None:
        self.load(paths.autosave_path())

    def load(self, path: Path) -> None:
        import hexwar

        try:
            game = hexwar.load_record(path)
        except (DataError, HexwarError, KeyError, OSError) as e:
            self.app.show_message("Cannot load this game", _error_text(e))
            return
        # Who played each side comes with the record (older records: the menu's choice).
        players = game.header.get("players") or dict(self.players)
        self.app.start_game(game, hotseat=self.hotseat, players=dict(players))

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
            elif event.key == pygame.K_m:
                self.view_map()
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.players):
                self.cycle_player(list(self.players)[event.key - pygame.K_1])
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
        if self.index.version != self._index_version:
            self._index_version = self.index.version  # the background replay has news: redraw the rows

    def frame_key(self):
        return (self._index_version, self.size, self.theme.scale, self.save_scroll, len(self.saves))

    def _draw_save_row(self, surface, rect: pygame.Rect, path: Path, auto: bool) -> None:
        th = self.theme
        info = self.index.info(path)
        when = _dt.datetime.fromtimestamp(info.mtime).strftime("%d %b %Y %H:%M") if info.mtime else ""
        pad = th.px(10)
        where = info.where() if info.game or info.error else "reading…"
        if auto:
            head = f"Continue: {where}"
            hint = T.text("C", th.px(12), T.TEXT_DIM)
            surface.blit(hint, (rect.right - pad - hint.get_width(), rect.y + th.px(5)))
        else:
            head = where[:1].upper() + where[1:]
        line2 = " · ".join(b for b in (info.title, f"vs {info.computer}" if info.computer else "",
                                       f"saved {when}" if when else "",
                                       f"{info.actions} actions" if info.game else "",
                                       "" if auto else path.stem) if b)
        colour = T.TEXT if info.error is None else T.BAD
        room = rect.w - 2 * pad - th.px(20)
        for text, px, col, style, yy in ((head, th.normal, colour, "bold", rect.y + th.px(4)),
                                         (line2, th.small, T.TEXT_DIM, "regular", rect.y + th.px(25))):
            while T.font(px, style).size(text)[0] > room and len(text) > 8:
                text = text[:-2].rstrip() + "…"
            surface.blit(T.text(text, px, col, style), (rect.x + pad, yy))

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
        more = ""
        if len(self.saves) > self.saves_room:
            more = f" — {self.save_scroll + 1}-{min(len(self.saves), self.save_scroll + self.saves_room)} of {len(self.saves)}, scroll for more"
        surface.blit(T.text(f"Saved games ({paths.saves_dir()}){more}:", th.small, T.TEXT_DIM), (x2, self.saves_y))
        if self.options_y is not None:
            surface.blit(T.text(self.options_heading(), th.small, T.TEXT_DIM), (x1, self.options_y))
        surface.blit(T.text("Who plays each side (keys 1, 2 switch it; point at a level for what it does):", th.small, T.TEXT_DIM), (x1, self.players_y))
        if not self.saves:
            surface.blit(T.text("none yet — Ctrl+S saves during a game", th.small, T.TEXT_DIM),
                         (x2 + th.px(8), getattr(self, "no_saves_y", self.saves_y + th.px(24))))
        self.buttons.draw(surface)
        bh = self.buttons.buttons[0].rect.h if self.buttons.buttons else th.px(34)
        for side, yy, i in self.player_label_ys:
            T.side_chip(surface, side, x1, yy + (bh - th.px(22)) // 2, th.px(22))
            name = T.text(rules_text.SIDE_NAMES.get(side, side), th.normal, T.TEXT, "bold")
            ny = yy + (bh - T.font(th.normal).get_linesize()) // 2
            surface.blit(name, (x1 + th.px(28), ny))
            if i < 9:  # the key that cycles who plays this side
                surface.blit(T.text(str(i + 1), th.px(12), T.TEXT_DIM), (x1 + th.px(32) + name.get_width(), ny + th.px(3)))
        auto = paths.autosave_path()
        if not auto.is_file():
            t = T.text("Continue the last game — none yet", th.normal, T.BUTTON_OFF_TEXT, "bold")
            surface.blit(t, (self.continue_rect.x + th.px(10), self.continue_rect.centery - t.get_height() // 2))
        for rect, path in self.save_rows:
            self._draw_save_row(surface, rect, path, auto=path == auto)
        hov = self.buttons.hovered()
        if hov is not None and hov.tooltip and hov.rect:
            draw_tooltip(surface, hov.rect.bottomleft, [hov.tooltip], th)


def _error_text(e: BaseException) -> str:
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    return str(e) or e.__class__.__name__


# --- the game ----------------------------------------------------------------------------
@dataclass
class MoveAnim:
    """A counter sliding along its path (the computer's moves)."""

    unit: str
    hexes: list  # the start hex, then the path
    duration: float
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration


class GameScene(Scene):
    DRAG_PX = 6
    TOOLTIP_S = 0.45

    def __init__(self, app, game, *, hotseat: bool = True, autosave: bool = True, threaded: bool = True,
                 players: dict[str, str] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.hotseat = hotseat
        self.ctl = Controller(game, threaded=threaded)
        rules_text.learn_side_names(self.ctl.pkg)
        # Who plays which side: "human" (default) or "computer"; the record remembers it
        # (header "players"), so that a save or "Continue" brings the computer sides back.
        # Each entry is "human" or "computer:<level>" (computer.player_text); an older record's bare
        # "computer" is the normal level.
        self.player_kinds = {s: player_text(*player_kind(k)) for s, k in (players or {}).items()}
        game.header["players"] = {s: self.player_kinds.get(s, HUMAN) for s in self.sides()}
        if autosave:
            game.autosave_path = paths.autosave_path()
            try:
                game.save(game.autosave_path)
            except OSError as e:
                self.ctl.refuse(f"Autosave failed: {e}")
        if getattr(game, "load_warning", None):
            self.ctl.say(f"Loaded with a warning: {game.load_warning}", "refusal")
        computers, levels = {}, {}
        self.computer_note = None
        for side, entry in self.player_kinds.items():
            kind, level = player_kind(entry)
            if kind == COMPUTER:
                player, note = make_computer(game.game_id, seed=int(game.header.get("seed", 0)) + len(computers),
                                             level=level)
                computers[side] = player
                levels[side] = level
                self.computer_note = self.computer_note or note
        self.computer = ComputerDriver(game, computers, threaded=threaded, levels=levels)
        humans = [s for s in self.sides() if not self.computer.is_computer(s)]
        if len(humans) == 1:
            self.ctl.viewer = humans[0]  # a computer's turn must not show its view to the person
        # Secrets (a hidden simultaneous choice) are kept from the other side whenever the person at
        # the screen must not see them: hotseat between two people, or a person against the computer.
        self.ctl.private = bool(humans) and (bool(computers) or hotseat)
        if self.computer_note:
            self.ctl.log.append(LogEntry(len(game.actions), "note", self.computer_note[:1].upper() + self.computer_note[1:] + "."))
        self.mv = MapView(game.rules.board)
        self.art = CounterArt()
        self.layer = MapLayer(self.mv, self.art)
        self.bar = PhaseBar(self.theme)
        self.panel = SidePanel(self.theme, self.art)
        self.status = StatusLine(self.theme)
        self.time = 0.0
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover: Hex | None = None
        self.hover_for = 0.0
        self.press: tuple[int, tuple[int, int], bool] | None = None  # button, position, dragging
        self.shown_side: str | None = None
        self.pending_handover: tuple | None = None
        self.victory_shown = game.result() is not None
        self._fitted = False
        self._last_version = -1
        self.show_ids = app.settings.show_hex_ids
        self.explain = False
        self.past: Controller | None = None  # the position shown in history mode (over game.at(k))
        self._past_cache: dict[int, Controller] = {}
        self.anim: MoveAnim | None = None
        self._buf: pygame.Surface | None = None  # see _back_buffer
        self._map_key = None
        self._shown: tuple | None = None  # what the screen shows (see draw_dirty)
        self._tip_rect: pygame.Rect | None = None
        self._dyn_rects: list[pygame.Rect] = []

    # --- who plays ------------------------------------------------------------------
    def sides(self) -> list[str]:
        return list(self.ctl.sides())

    def computer_turn(self) -> bool:
        return self.computer.active()

    def needs_handover(self, side: str) -> bool:
        """Hotseat between two people: hide the map whenever the side to act changes."""
        if not self.hotseat or self.computer.is_computer(side):
            return False
        return not any(self.computer.is_computer(s) for s in self.sides())

    @property
    def view_ctl(self) -> Controller:
        """The controller whose position is on screen: the past one in history mode."""
        return self.past if self.past is not None else self.ctl

    # --- layout ---------------------------------------------------------------------
    def layout(self, size) -> None:
        th = self.theme
        self.bar.theme = self.panel.theme = self.status.theme = th
        w, h = size
        bar_h = th.px(62)
        status_h = th.px(30)
        panel_w = min(th.px(400), int(w * 0.42))
        tool_h = PhaseBar.tool_height(th)
        self.bar.layout(pygame.Rect(0, 0, w, bar_h), pygame.Rect(w - panel_w, bar_h, panel_w, tool_h), [
            ("end", "Close declarations", self.ask_end_phase, "E"),
            ("undo", "Undo", self.undo, ""),
            ("redo", "Redo", self.redo, ""),
            ("save", "Save", self.ctl.save, ""),
            ("help", "Help", self.open_help, ""),
            ("menu", "Menu", self.ask_menu, ""),
        ], toggles=[
            ("history", "Look back", self.toggle_history, "H"),
            ("explain", "Explain", self.toggle_explain, "X"),
        ])
        self.panel.layout(pygame.Rect(w - panel_w, bar_h + tool_h, panel_w, h - bar_h - tool_h - status_h))
        self.status.rect = pygame.Rect(0, h - status_h, w, status_h)
        self.mv.set_rect(pygame.Rect(0, bar_h, w - panel_w, h - bar_h - status_h))
        if not self._fitted:
            self.mv.fit()
            home = self.ctl.gui.home_hexes(self.ctl)  # a scenario on part of a big map: its play area
            if home:
                self.mv.frame(home)
            self._fitted = True
        self._end_key = None
        tips = {"end": "End the phase (E). Asks first if units could still act.", "undo": "Undo (Ctrl+Z)",
                "redo": "Redo (Ctrl+Y)", "save": "Save the game in the saves folder (Ctrl+S)",
                "help": "Keys and map symbols (F1)", "menu": "Back to the main menu (Esc); the game is autosaved",
                "history": "Look back (H): step through every position of the game; Esc returns to the present",
                "explain": "Explain (X): mark enemy zones of control, units cut off from their map edge and "
                           "overstacked hexes, with a legend under the log"}
        for b in self.bar.buttons.buttons:
            b.tooltip = tips.get(b.name, "")
        self.refresh()

    def refresh(self) -> None:
        """Rebuild the panels from the controller (after any change)."""
        self.panel.build(self.view_ctl, self)
        locked = self.past is not None or self.computer_turn()
        buttons = {b.name: b for b in self.bar.buttons.buttons}
        end = buttons.get("end")
        if end is not None:
            end.label = self.ctl.end_label()
            key = (id(self.game.state), self.ctl.version, locked)
            if getattr(self, "_end_key", None) != key:
                self._end_key = key
                why = self.game.check(EndPhase())
                end.enabled = why is None and not locked
                if self.past is not None:
                    end.tooltip = "Not while looking back: press Esc to return to the present"
                elif self.computer_turn():
                    end.tooltip = "The computer is playing"
                else:
                    end.tooltip = ("End the phase (E). Asks first if units could still act." if why is None
                                   else f"Not now — {why}")
        if "undo" in buttons:
            buttons["undo"].enabled = self.game.can_undo() and not locked
        if "redo" in buttons:
            buttons["redo"].enabled = bool(self.ctl.redo_stack) and not locked
        if "history" in buttons:
            buttons["history"].toggled = self.past is not None
        if "explain" in buttons:
            buttons["explain"].toggled = self.explain

    def enter(self) -> None:
        # Hex ids as this game writes them (Black Wednesday's B34.16) wherever the client names or
        # reads a hex, for as long as the game is on screen.
        try:
            from ..core.hexgrid import CCRR, hex_ids_of, use_hex_ids

            ids = hex_ids_of(self.game.rules.board)
            if ids is not CCRR and getattr(self, "_ids_ctx", None) is None:
                self._ids_ctx = use_hex_ids(ids)
                self._ids_ctx.__enter__()
        except (ImportError, AttributeError):
            pass
        self.after_change()

    def exit(self) -> None:
        ctx = getattr(self, "_ids_ctx", None)
        if ctx is not None:
            self._ids_ctx = None
            try:
                ctx.__exit__(None, None, None)
            except ValueError:  # entered in another context: nothing to undo here
                pass

    def resume(self) -> None:
        self.refresh()

    # --- scene changes driven by the game ----------------------------------------------
    def after_change(self) -> None:
        if self.ctl.version != self._last_version:
            self._last_version = self.ctl.version
        if self.game.result() is not None and not self.victory_shown:
            self.victory_shown = True
            self.pending_handover = None
            self.app.stack.push(VictoryScene(self.app, self))
            return
        side = self.ctl.acting()
        if side is not None and side != self.shown_side:
            previous = self.shown_side
            self.shown_side = side
            self._past_cache.clear()  # past positions were seen through the last player's eyes
            if self.needs_handover(side):
                v = self.ctl.view()
                st = v.get("stage")
                phase_side = getattr(self.ctl.phase(), "side", None)
                detail = now_text(self.ctl)
                notices = " ".join(str(n) for n in (v.get("notices") or self.ctl.gui.notices(self.ctl) or ()))
                if notices:
                    detail = notices + " " + detail
                note = self._secret_note(side)
                if note:
                    detail = note + " " + detail
                self.pending_handover = (side, detail, bool(st) and st.get("side") != phase_side,
                                         self._last_battle())
            elif previous is not None and not self.computer.is_computer(side):
                self.ctl.say(f"{rules_text.SIDE_NAMES.get(side, side)} player to act: {now_text(self.ctl)}")
        self._show_handover()
        self.refresh()

    def _last_battle(self) -> str | None:
        """The result of the battle that has just handed the decision over, or the secret
        choices just revealed, if any."""
        tl = self.ctl.timeline
        st = tl.step(tl.last) if tl is not None else None
        if st is None:
            return None
        return next((e.text for e in reversed(st.events) if e.kind in ("combat", "revealed")), None)

    def _secret_note(self, side: str) -> str:
        """For the hand-over after another player's secret choice: that it was made, never what."""
        from .control import is_secret

        tl = self.ctl.timeline
        st = tl.step(tl.last) if tl is not None else None
        if st is None or st.action is None or st.side in (None, side) or not is_secret(self.game.rules, st.action):
            return ""
        if any(e.kind == "revealed" for e in st.events):
            return ""
        who = rules_text.SIDE_NAMES.get(st.side, st.side)
        what = str(getattr(st.action, "what", "decision")).replace("_", " ")
        return f"The {who} player has chosen a {what}; it stays hidden until both are revealed."

    def _show_handover(self) -> None:
        """Hide the map for the next player, once the die of the last roll has been seen."""
        if self.pending_handover is None or self.app.stack.top is not self or self.ctl.die is not None:
            return
        side, detail, decision, battle = self.pending_handover
        self.pending_handover = None
        if self.ctl.acting() != side:
            return
        self.leave_history()
        self.app.stack.push(HandoverScene(self.app, side, detail, decision=decision, battle=battle))

    # --- commands (buttons and keys) ---------------------------------------------------------
    def _locked(self) -> bool:
        """No action may be taken now (looking back, or the computer's turn): say why."""
        if self.past is not None:
            self.past.refuse(PAST_REFUSAL)
            return True
        if self.computer_turn():
            self.ctl.say("The computer is playing this side: Space changes its pace, Enter skips to the end of its turn.")
            return True
        return False

    def ask_end_phase(self) -> None:
        if self._locked():
            return
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

    def undo(self) -> None:
        if self._locked():
            return
        if not self.computer.players:
            if self.needs_handover(self.ctl.acting() or "") and self.game.actions:
                # Hotseat: each player takes back only their own actions, never the other's.
                tl = self.ctl.timeline
                last = tl.step(len(self.game.actions)) if tl is not None else None
                me = self.ctl.acting()
                if last is not None and last.side is not None and last.side != me:
                    self.ctl.refuse(f"The last action was the {rules_text.SIDE_NAMES.get(last.side, last.side)} "
                                    "player's: in hotseat play only they could take it back, and it is now "
                                    "your turn.")
                    return
            self.ctl.undo()
            self.after_change()
            return
        # Against the computer: take back the person's own last action, and the computer's replies after it.
        tl = self.ctl.timeline
        target = None
        for k in range(len(self.game.actions), 0, -1):
            st = tl.step(k) if tl is not None else None
            if st is None:
                break
            if st.side is not None and not self.computer.is_computer(st.side):
                target = k
                break
        if target is None:
            self.ctl.refuse("Nothing of yours to undo: the actions since the last die roll or reveal are the computer's.")
            return
        n = 0
        while len(self.game.actions) >= target:
            if not self.ctl.undo():
                break
            n += 1
        if n:
            self.ctl.redo_stack = self.ctl.redo_stack[-1:]  # redo your action; the computer answers again itself
            if n > 1:
                self.ctl.say(f"Undone: your last action and the computer's {n - 1} action(s) after it.")
        self.after_change()

    def redo(self) -> None:
        if self._locked():
            return
        self.ctl.redo()
        self.after_change()

    def do_action(self, action) -> None:
        if self._locked():
            return
        self.ctl.do(action)
        self.after_change()

    def do_resolve(self, target: Hex) -> None:
        from ..core.actions import Resolve

        self.do_action(Resolve(target))

    def do_roll(self, support: str | None) -> None:
        if self._locked():
            return
        self.ctl.roll(support)
        self.after_change()

    def do_choose(self, uid: str) -> None:
        if self._locked():
            return
        self.ctl._choose(uid)
        self.after_change()

    def do_no_advance(self) -> None:
        if self._locked():
            return
        self.ctl.no_advance()
        self.after_change()

    def show_victory(self) -> None:
        self.app.stack.push(VictoryScene(self.app, self))

    def open_help(self) -> None:
        self.app.stack.push(HelpScene(self.app, self.game.rules.board, self.game.game_id))

    def ask_menu(self) -> None:
        self.app.stack.push(ConfirmScene(self.app, "Leave this game?",
                                         "The game is saved automatically after every action: "
                                         "'Continue the last game' in the menu brings it back.",
                                         self.app.back_to_menu, yes="Leave", no="Stay"))

    def toggle_explain(self) -> None:
        self.explain = not self.explain
        self.view_ctl.say("Explain is on: the legend is at the bottom of the side panel (X turns it off)." if self.explain
                          else "Explain is off.")
        self.refresh()

    # --- the computer ---------------------------------------------------------------------------
    def computer_speed(self) -> None:
        self.computer.toggle_speed()
        self.ctl.say(f"Computer pace: {'fast' if self.computer.fast else 'normal'} (Space changes it).")

    def computer_skip(self) -> None:
        self.computer.skip()
        self.anim = None
        self.ctl.die = None
        self.ctl.say("Skipping to the end of the computer's turn…")

    def _apply_computer(self, dec) -> None:
        from ..core.actions import Move

        side = self.ctl.acting()
        start = None
        if isinstance(dec.action, Move):
            u = self.ctl.unit(dec.action.unit) or {}
            start = u.get("hex")
        try:
            ok = self.ctl.do(dec.action)
        except Exception as e:  # a failure inside the rules: hand the side to a person, never loop on it
            log.exception("computer action failed")
            self._human_takes_over(side)
            self.ctl.refuse(f"The computer's action {dec.action.notation()} failed ({e.__class__.__name__}: {e}); "
                            "you play this side now.")
            self.after_change()
            return
        if not ok:
            self._human_takes_over(side)  # a refused decision: a person takes over this side
            self.ctl.refuse(f"The computer's action {dec.action.notation()} was refused ({self.ctl.status.text}); "
                            "you play this side now.")
            return
        n = len(self.game.actions)
        at = max((i for i, e in enumerate(self.ctl.log) if e.index == n and e.kind == "action"), default=None)
        # A secret decision's reason is as secret as the decision (it names the posture or the
        # Prep Log's targets): hidden from the person until the decision is revealed.
        secret = self.ctl.log[at].secret if at is not None else None
        if secret is not None and self.ctl.private and side != self.ctl.screen_side():
            self.computer.last_reason = "(hidden with the decision: " + secret + ")"
        if dec.reason:
            # The reason goes right under its action in the log.
            entry = LogEntry(n, "reason", dec.reason, side, "(hidden with its decision)" if secret else None)
            if at is None:
                self.ctl.log.append(entry)
            else:
                self.ctl.log.insert(at + 1, entry)
            self.ctl.log = list(self.ctl.log)
        self.computer.pause_after(dec.action)
        if self.ctl.die is not None:
            if self.computer.skipping:
                self.ctl.die = None
            elif self.computer.fast:
                self.ctl.die.time_left = min(self.ctl.die.time_left, 0.8)
        path = list(getattr(dec.action, "path", None) or ()) if isinstance(dec.action, Move) else []
        if (start or len(path) >= 2) and not self.computer.skipping:
            from ..core.hexgrid import parse_hex

            # A unit coming onto the map (no hex before) slides from its entry hex.
            hexes = ([parse_hex(start)] if start else []) + path
            dur = 0.12 * len(dec.action.path) if self.computer.fast else min(0.9, 0.25 * len(dec.action.path))
            self.anim = MoveAnim(dec.action.unit, hexes, max(0.1, dur))
            if not self.mv.rect.collidepoint(self.mv.hex_center(hexes[-1])):
                self.mv.center_on(hexes[-1])
        self.after_change()

    def _human_takes_over(self, side: str | None) -> None:
        self.computer.players.pop(side, None)
        self.player_kinds[side] = HUMAN
        self.game.header["players"] = {**(self.game.header.get("players") or {}), side: HUMAN}

    # --- looking back ---------------------------------------------------------------------------
    def enter_history(self, k: int) -> None:
        tl = self.ctl.timeline
        if tl is None:
            return
        k = max(tl.first, min(int(k), tl.last))
        st = tl.step(k)
        if st is None:
            self.ctl.say("That position is not available: the game does not know it.")
            return
        pc = self._past_cache.get(k)
        if pc is None or pc.game.state is not st.state:
            if len(self._past_cache) > 64:
                self._past_cache.clear()
            pc = Controller(self.game.at(k), threaded=False, record_history=False)  # read only
            pc.viewer = self.ctl.viewer or self.ctl.acting()
            self._past_cache[k] = pc
        if self.past is None:
            self.ctl.cancel()
        self.past = pc
        self.hover_for = 0.0
        self.view_ctl.hover(self.hover)
        self.refresh()

    def leave_history(self) -> None:
        if self.past is not None:
            self.past = None
            self.ctl.say("Back to the present.")
            self.refresh()

    def toggle_history(self) -> None:
        if self.past is not None:
            self.leave_history()
        else:
            self.enter_history(len(self.game.actions))

    def history_back(self) -> None:
        if self.past is not None:
            self.enter_history(self.past.index - 1)

    def history_forward(self) -> None:
        if self.past is not None:
            self.enter_history(self.past.index + 1)

    def history_goto(self, k: int) -> None:
        self.enter_history(k)

    def history_phase(self, delta: int) -> None:
        if self.past is None:
            return
        starts = self.ctl.timeline.phase_starts()
        k = self.past.index
        if delta < 0:
            earlier = [s for s in starts if s < k]
            self.enter_history(earlier[-1] if earlier else self.ctl.timeline.first)
        else:
            later = [s for s in starts if s > k]
            self.enter_history(later[0] if later else self.ctl.timeline.last)

    def _key_past(self, event) -> bool | None:
        """Keys in history mode; None lets the normal handler have the key (pan, zoom, tabs…)."""
        k = event.key
        if ctrl_held(event):
            if k in (pygame.K_z, pygame.K_y):
                self.past.refuse(PAST_REFUSAL)
                return True
            return None
        if k in (pygame.K_ESCAPE, pygame.K_h):
            self.leave_history()
        elif k in (pygame.K_LEFT, pygame.K_LEFTBRACKET):
            self.history_back()
        elif k in (pygame.K_RIGHT, pygame.K_RIGHTBRACKET):
            self.history_forward()
        elif k == pygame.K_HOME:
            self.enter_history(self.ctl.timeline.first)
        elif k == pygame.K_END:
            self.enter_history(self.ctl.timeline.last)
        elif k == pygame.K_PAGEUP:
            self.history_phase(-1)
        elif k == pygame.K_PAGEDOWN:
            self.history_phase(+1)
        elif k in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r, pygame.K_n, pygame.K_TAB):
            self.past.refuse(PAST_REFUSAL)
        else:
            return None
        return True

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
        vctl = self.view_ctl
        if self.ctl.die is not None:
            # While the die is shown, a click or a key only puts it away.
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN):
                self.ctl.die = None
                self._show_handover()
                return True
            on_map = event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.mv.rect.collidepoint(event.pos)
            if event.type == pygame.MOUSEBUTTONDOWN and on_map:
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                self.ctl.die = None
                self._show_handover()
                if on_map:
                    self.press = None
                    return True
        if event.type == pygame.KEYDOWN:
            if self.past is not None:
                got = self._key_past(event)
                if got is not None:
                    return got
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
                vctl.hover(h)
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
            if self.past is None and self.computer_turn():
                if h is not None:
                    self.ctl.say(self.ctl.describe_hex(h))
                    self.ctl.look_at(h)
                return True
            if event.button == 1:
                if h is not None:
                    vctl.click_hex(h)
                    if self.past is None:
                        self._remember_top(h)
                return True
            if event.button == 3:
                if not vctl.cancel() and h is not None:
                    vctl.say(vctl.describe_hex(h))
                    vctl.look_at(h)
                return True
            return True
        return False

    def _remember_top(self, h: Hex) -> None:
        if self.ctl.sel is not None and any(u["id"] == self.ctl.sel for u in self.ctl.units_at(h)):
            self.layer.top[h] = self.ctl.sel

    def _key(self, event) -> bool:
        k = event.key
        ctl = self.ctl
        cpu = self.past is None and self.computer_turn()
        if ctrl_held(event):
            if k == pygame.K_z:
                self.redo() if shift_held(event) else self.undo()
            elif k == pygame.K_y:
                self.redo()
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
        if cpu and k == pygame.K_SPACE:
            self.computer_speed()
        elif cpu and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.computer_skip()
        elif cpu and k in (pygame.K_e, pygame.K_r, pygame.K_n, pygame.K_TAB):
            self._locked()
        elif k == pygame.K_LEFT:
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
        elif k == pygame.K_t:
            self.panel.set_tab("track")
        elif k == pygame.K_x:
            self.toggle_explain()
        elif k == pygame.K_h:
            self.toggle_history()
        elif k == pygame.K_LEFTBRACKET:
            self.enter_history(len(self.game.actions) - 1)
        elif self.past is None and ctl.gui.on_key(ctl, pygame.key.name(k)):  # the game's own keys
            self.refresh()
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
        if self.anim is not None:
            self.anim.t += dt
            if self.anim.done:
                self.anim = None
        # Legal actions worked out in the background: show them as soon as they are ready.
        if self.ctl._job is not None and self.ctl._job.done.is_set() and getattr(self, "_job_seen", None) is not self.ctl._job:
            self._job_seen = self.ctl._job
            self.ctl.hover(self.hover)
        # The computer's turn: one decision at a time, at a pace the player can follow.
        can_act = (self.app.stack.top is self and self.past is None and self.ctl.die is None
                   and self.anim is None and self.pending_handover is None)
        dec = self.computer.tick(dt, can_act)
        if dec is not None:
            self._apply_computer(dec)
        if self.computer.error:
            self.ctl.refuse(self.computer.error + " — you play this side now.")
            self.computer.error = None
        self._show_handover()
        if self.app.stack.top is self:
            self.refresh()

    def _back_buffer(self, size) -> pygame.Surface:
        """The frame without what follows the mouse and the clock: each part of it (map,
        bar, panel, status line) is drawn again only when what it shows changes."""
        buf = self._buf
        if buf is None or buf.get_size() != size:
            buf = pygame.Surface(size)
            if pygame.display.get_surface() is not None:
                buf = buf.convert()
            buf.fill(T.BG)
            self._buf = buf
            self._map_key = None
        return buf

    def invalidate_frame(self) -> None:
        """Something else has drawn on the screen (a dialog, a window expose): the next frame is drawn whole."""
        self._shown = None

    def frame_key(self):
        """Under a dialog (the only time the stack asks): what the game's frame shows, so a still
        dialog is not drawn again every frame. None while something moves (the die, a sliding
        counter, the computer playing)."""
        if self.ctl.die is not None or self.anim is not None or self.computer_turn():
            return None
        mv = self.mv
        return (self.ctl.version, id(self.game.state), self.past.index if self.past is not None else None,
                self.explain, mv.show_ids, round(mv.zoom, 4), round(mv.cam_x), round(mv.cam_y), tuple(mv.rect),
                self.panel.tab, self.ctl.status.text, self.ctl.legal(wait=0) is not None, self.theme.scale,
                self.pending_handover is not None)

    def draw(self, surface) -> None:
        self.draw_dirty(surface)

    def draw_dirty(self, surface) -> list[pygame.Rect] | None:
        """Draws the frame and returns the areas of ``surface`` that changed since the last one:
        [] when nothing did (the surface is left as it was), None for the whole surface."""
        th = self.theme
        vctl = self.view_ctl
        buf = self._back_buffer(surface.get_size())
        # No full-screen fill: the map, the bars and the panel cover the whole window.
        self.mv.show_ids = self.show_ids
        offer = not (self.past is None and self.computer_turn())
        air = self.air_marks()
        key = self.layer.static_key(vctl, self.time, explain=self.explain, anim=self.anim, offer=offer, air=air)
        map_drawn = key is None or key != self._map_key or not Drawn.enabled
        if map_drawn:
            self.layer.draw_static(buf, vctl, self.time, explain=self.explain, anim=self.anim, offer=offer, air=air)
        self._map_key = key
        line2 = colour = None
        if self.past is not None:
            k, n = self.past.index, len(self.game.actions)
            st = self.ctl.timeline.step(k)
            what = "the start of the game" if k == 0 else f"after action {k} of {n}: {st.action.notation()}" if st else ""
            line2, colour = f"History — {what}", T.ACCENT
        elif self.computer_turn():
            side = rules_text.SIDE_NAMES.get(self.ctl.acting(), "")
            line2 = (f"Computer ({side}) is thinking…" if self.computer.thinking()
                     else f"Computer ({side}) is playing.") + "  Space: pace · Enter: skip to the end of its turn"
            colour = REASON_COLOUR
        dirty: list[pygame.Rect] = []
        if map_drawn:
            dirty.append(self.mv.rect)
        if self.bar.draw(buf, vctl, self._date(), line2, colour, cached=True):
            dirty += [self.bar.rect, self.bar.tool_rect]
        if self.panel.draw(buf, vctl, cached=True):
            dirty.append(self.panel.rect)
        if self.status.draw(buf, vctl if self.past is not None else self.ctl, cached=True):
            dirty.append(self.status.rect)
        # What goes over the buffer: the map's moving parts, the banner, the die, the tooltip.
        banner = history_banner(self) if self.past is not None else None
        die = self.ctl.die if self.past is None else None
        tip = None
        if self.app.stack.top is self and self.hover_for >= self.TOOLTIP_S:
            if self.hover is not None and self.mv.rect.collidepoint(self.mouse):
                tip = vctl.hex_lines(self.hover)
            else:
                tip = self.panel.hovered_tooltip()
                b = self.bar.buttons.hovered()
                if tip is None and b is not None and b.tooltip:
                    tip = [b.tooltip]
        over = (self.layer.dynamic_key(vctl, self.hover, self.time, explain=self.explain, offer=offer), banner)
        dyn_rects = self.layer.dynamic_rects(vctl, self.hover, offer=offer)
        die_key = (die.roll, die.result, die.text) if die is not None else None
        tip_key = (tuple(tip), self.mouse) if tip else None
        prev = self._shown
        whole = (prev is None or prev[0] is not surface or prev[1] != surface.get_size() or not Drawn.enabled
                 or die_key != prev[3])
        if not whole:
            if over[1] != prev[2][1] or map_drawn:
                dirty.append(self.mv.rect)
            elif over != prev[2]:  # only what follows the mouse and the clock: where it was and where it is
                dirty += self._dyn_rects + dyn_rects
            if tip_key != prev[4]:
                dirty += [r for r in (self._tip_rect,) if r is not None]
            if not dirty and tip_key == prev[4]:
                return []  # the screen already shows this frame
        surface.blit(buf, (0, 0))
        self.layer.draw_dynamic(surface, vctl, self.hover, self.time, explain=self.explain, offer=offer)
        if banner is not None:
            draw_history_banner(surface, self.mv.rect, banner, th)
        if die is not None:
            draw_die(surface, self.mv.rect.center, die, th)
        self._tip_rect = draw_tooltip(surface, self.mouse, tip, th) if tip else None
        if self._tip_rect is not None:
            dirty.append(self._tip_rect)
        self._shown = (surface, surface.get_size(), over, die_key, tip_key)
        self._dyn_rects = dyn_rects
        return None if whole else dirty

    def air_marks(self) -> tuple:
        """(defending hex, AirMarker) for the air support flying in the battle on screen."""
        from .turns import air_in_battle, air_markers

        k = self.past.index if self.past is not None else len(self.game.actions)
        key = (k, id(self.view_ctl.state), self.ctl.version)
        if getattr(self, "_air_key", None) != key:
            got = air_in_battle(self.ctl.timeline, k) if self.ctl.timeline is not None else ()
            markers = {m.id: m for m in air_markers(self.view_ctl)} if got else {}
            self._air = tuple((h, markers[mid]) for h, mid in got if mid in markers)
            self._air_key = key
        return self._air

    def _date(self) -> str:
        v = self.view_ctl.view()
        if v.get("date"):
            return v["date"]
        from .turns import named_turns

        for nt in named_turns(self.view_ctl):
            if nt.turn == v.get("turn"):
                return nt.date
        return ""
