"""The end of the game: the result under the victory rules and a summary of the game worked
out from its record (losses, battles, dice, cities held turn by turn).
"""
from __future__ import annotations

import logging
from typing import Any

import pygame

from ...core.hexgrid import hex_name
from .. import theme as T
from ..sides import side_name
from ..widgets import Button, ButtonRow, draw_panel
from .stack import Scene

log = logging.getLogger(__name__)


class VictoryScene(Scene):
    """The result under the victory rules, and a summary of the game worked out from its record."""

    opaque = False

    def __init__(self, app, game_scene: Any) -> None:  # the GameScene (not imported: it imports this module)
        super().__init__(app)
        self.gs = game_scene
        self.buttons = ButtonRow()
        self.box = pygame.Rect(0, 0, 10, 10)
        self.summary = None
        self._worker: object | None = None  # the summary's thread, or True when worked out in place

    def layout(self, size) -> None:
        th = self.theme
        self.box = pygame.Rect(0, 0, min(size[0] - th.px(40), th.px(940)), min(size[1] - th.px(30), th.px(600)))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.buttons.clear()
        bw, bh, gap = th.px(205), th.px(36), th.px(12)
        y = self.box.bottom - th.px(18) - bh
        x = self.box.x + th.px(20)
        for label, cb, hint, name in (("Look at the map", self.close, "Esc", "victory-map"),
                                      ("Look back at the game", self.look_back, "H", "victory-history"),
                                      ("Luck report", self.luck, "U", "victory-luck"),
                                      ("Main menu", self.to_menu, "", "victory-menu")):
            self.buttons.add(Button(pygame.Rect(x, y, bw, bh), label, cb, px=th.normal, key_hint=hint, name=name))
            x += bw + gap

    def close(self) -> None:
        self.app.stack.remove(self)

    def look_back(self) -> None:
        self.app.stack.remove(self)
        tl = self.gs.ctl.timeline
        self.gs.enter_history(tl.first if tl is not None else 0)

    def luck(self) -> None:
        """The luck report's charts, over this screen (closing them comes back here)."""
        from .luck import LuckScene

        self.app.stack.push(LuckScene(self.app, self.gs.game, threaded=self.gs.ctl.threaded))

    def to_menu(self) -> None:
        self.app.back_to_menu()

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
            self.close()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_h:
            self.look_back()
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_u:
            self.luck()
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

            from ..history import summarize

            sides = tuple(self.gs.sides())

            def work():
                try:
                    self.summary = summarize(ctl.timeline, sides)
                except Exception:
                    log.exception("game summary failed")

            if ctl.threaded:
                worker = threading.Thread(target=work, daemon=True, name="hexwar-summary")
                self._worker = worker
                worker.start()
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
        from ..widgets import blit_lines

        detail = r.get("detail", "")
        rule = self.victory_rule()  # cited unless the detail already names its rule
        cite = f" ({rule})" if detail and rule and f"({rule}" not in detail else ""
        y = blit_lines(surface, [detail + cite], x, y, width, th.large)
        board = ctl.game.board
        counts: dict = {}
        control = v.get("control") or {}
        for h in board.places:
            s_ = control.get(hex_name(h))
            counts[s_] = counts.get(s_, 0) + 1
        y += th.px(4)
        held = ", ".join(f"{side_name(s_)} {n}"
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
                y = blit_lines(surface, [f"Held by {side_name(fewer)}: {', '.join(names)}"], x, y,
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

    def victory_rule(self) -> str:
        entry = self.gs.game.entry
        return str(entry.extra.get("victory_rule", "")) if entry is not None else ""

    def _draw_summary(self, surface, sm, x: int, y: int, width: int, bottom: int) -> None:
        th = self.theme
        entry = self.gs.game.entry
        words = (entry.extra.get("results") if entry is not None else None) or {}
        from ..rules_text import results_rule

        rule = results_rule(entry)
        results_cite = f" ({rule})" if rule else ""
        victory = f" ({self.victory_rule()})" if self.victory_rule() else ""
        sides = list(sm.sides)
        label_w = th.px(230)
        col_w = (width - label_w) // max(1, len(sides))
        lh = T.font(th.normal).get_linesize() + th.px(2)
        for i, side in enumerate(sides):
            cx = x + label_w + i * col_w
            T.side_chip(surface, side, cx, y + 2, th.px(18))
            surface.blit(T.text(side_name(side), th.large, T.TEXT, "bold"), (cx + th.px(24), y))
        y += T.font(th.large).get_linesize() + th.px(4)

        def result_list(ss) -> str:
            if not ss.results:
                return "—"
            order = [c for c in words if c in ss.results] + sorted(c for c in ss.results if c not in words)
            return ", ".join(f"{c} {ss.results[c]}" for c in order)

        def mean(ss) -> str:
            m = ss.mean_roll
            if m is None:
                return "no rolls"
            return f"{m:.2f} over {len(ss.rolls)} roll(s) ({m - 3.5:+.2f})"

        rows = [("Steps lost", lambda ss: str(ss.steps_lost)),
                ("Units eliminated", lambda ss: str(ss.units_eliminated)),
                ("Battles fought as attacker", lambda ss: str(ss.battles)),
                (f"Battle results{results_cite}", result_list),
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
            surface.blit(T.text(f"Cities held at the end of each turn{victory}", th.normal, T.TEXT_DIM), (x, y))
            y += lh
            cw = min(th.px(70), (width - label_w) // max(1, len(turns)))
            for k, turn in enumerate(turns):
                t = T.text(f"T{turn}", th.small, T.TEXT, "bold")
                surface.blit(t, (x + label_w + k * cw + cw // 2 - t.get_width() // 2, y))
            y += T.font(th.small).get_linesize()
            for side in sides:
                surface.blit(T.text(side_name(side), th.small, T.TEXT), (x + th.px(16), y))
                for k, turn in enumerate(turns):
                    n = sm.cities_by_turn[turn].get(side, 0)
                    t = T.text(str(n), th.small, T.TEXT)
                    surface.blit(t, (x + label_w + k * cw + cw // 2 - t.get_width() // 2, y))
                y += T.font(th.small).get_linesize()
            y += th.px(4)
        if not sm.complete:
            surface.blit(T.text("The record before this session could not be replayed: these figures cover only "
                                "what was played here.", th.small, T.TEXT_DIM), (x, y))
