"""The Log tab (L): every action and what it caused, wrapped once per entry, the action shown in
history mode framed; a click on a line looks back at it. ``LogTab`` is that part of the
``SidePanel``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme as T
from ..sides import side_name
from .computer_block import REASON_COLOUR

if TYPE_CHECKING:  # a part of SidePanel, whose attributes it uses (host.py)
    from .host import PanelHost as _Panel
else:
    _Panel = object


class LogTab(_Panel):
    """The log lines of the side panel (a mixin of ``SidePanel``)."""

    # --- the log ------------------------------------------------------------------------
    def _log_rect(self) -> pygame.Rect:
        th = self.theme
        return self.lower.inflate(-th.px(16), -th.px(8))

    def _all_log_rows(self, ctl, width: int) -> list[tuple[str, tuple, str, int, str]]:
        th = self.theme
        px = th.small
        shown_side = ctl.screen_side()
        key = (id(ctl.log), len(ctl.log), width, px, ctl.log_version, shown_side)
        if key == self._log_rows_key:
            return self._log_rows
        if self._wrap_key != (width, px):
            self._wrap_key = (width, px)
            self._wrapped.clear()
        rows: list[tuple[str, tuple, str, int, str]] = []
        text_of = ctl.log_text
        say = ctl.game.for_player  # the rulebook's names for the game's rule ids
        for e in ctl.log:
            # Each entry is wrapped once (the log only grows): a long game stays smooth.
            # A secret decision reads as its placeholder for the other side (ctl.log_text).
            text = say(text_of(e))
            ek = (e.index, e.kind, text, e.side)
            got = self._wrapped.get(ek)
            if got is None:
                got = self._wrap_entry(e, width, px, text)
                self._wrapped[ek] = got
            rows += got
        self._log_rows_key = key
        self._log_rows = rows
        return rows

    def _wrap_entry(self, e, width: int, px: int, text: str | None = None) -> list[tuple[str, tuple, str, int, str]]:
        th = self.theme
        out = []
        text = e.text if text is None else text
        if e.kind == "action":
            who = side_name(e.side) if e.side else ""
            for i, ln in enumerate(T.wrap(f"{e.index}. {who}: {text}" if who else f"{e.index}. {text}", px,
                                          width - th.px(14), "bold")):
                out.append((ln if i == 0 else "   " + ln, T.ACCENT, "bold", e.index, "action"))
        elif e.kind == "reason":
            for i, ln in enumerate(T.wrap("reason: " + text, px, width - th.px(24))):
                out.append((("  ↳ " if i == 0 else "     ") + ln, REASON_COLOUR, "regular", e.index, "reason"))
        else:
            for i, ln in enumerate(T.wrap(text, px, width - th.px(24))):
                out.append((("  " if i == 0 else "    ") + ln, T.TEXT if e.kind == "event" else T.TEXT_DIM,
                            "regular", e.index, e.kind))
        return out

    def _layout_log(self, ctl) -> None:
        """Which log lines are visible where (kept for clicks and drawing)."""
        th = self.theme
        r = self._log_rect()
        lh = T.font(th.small).get_linesize()
        rows = self._all_log_rows(ctl, r.w)
        n = max(1, r.h // lh)
        sel = self.log_selected
        if sel is not None and sel != self._scrolled_to:
            # Bring the selected action into view (scroll is counted from the bottom).
            idx = [i for i, row in enumerate(rows) if row[3] == sel]
            if idx:
                first, last = idx[0], idx[-1]
                end = len(rows) - self.log_scroll
                if first < end - (n - 1) or last >= end:
                    # A few lines of what came before above it; one line kept for the "newer lines" note.
                    end = min(len(rows), max(first - 3 + n - 1, last + 1))
                    self.log_scroll = len(rows) - end
            self._scrolled_to = sel
        elif sel is None and self._scrolled_to is not None:
            self._scrolled_to = None
            self.log_scroll = 0  # back to the present: the newest lines
        self.log_scroll = min(self.log_scroll, max(0, len(rows) - n))
        end = len(rows) - self.log_scroll
        if self.log_scroll:
            n -= 1  # the last line says how many newer lines there are
        shown = rows[max(0, end - n):end]
        self.log_visible = []
        y = r.y
        for row in shown:
            self.log_visible.append((pygame.Rect(r.x, y, r.w, lh), row))
            y += lh

    def log_index_at(self, pos) -> int | None:
        if self.tab != "log":
            return None
        for rect, row in self.log_visible:
            if rect.collidepoint(pos):
                return row[3]
        return None

    def _draw_log(self, surface: pygame.Surface, ctl) -> None:
        th = self.theme
        r = self._log_rect()
        px = th.small
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip) if clip else r)
        sel = self.log_selected
        if sel is not None:
            # The action shown on the map: a frame around its lines and a pointer, not only a colour.
            rects = [rect for rect, row in self.log_visible if row[3] == sel]
            if rects:
                box = rects[0].unionall(rects).inflate(th.px(4), 2)
                pygame.draw.rect(surface, (74, 68, 40), box)
                pygame.draw.rect(surface, T.ACCENT, box, 2)
        for rect, (text, colour, style, index, kind) in self.log_visible:
            if sel is not None and index == sel and kind == "action" and text[:1] != " ":
                surface.blit(T.text("▶", px, T.ACCENT, "bold"), (rect.x, rect.y))
                surface.blit(T.text(text, px, colour, style), (rect.x + th.px(14), rect.y))
            else:
                surface.blit(T.text(text, px, colour, style), (rect.x, rect.y))
        surface.set_clip(clip)
        if self.log_scroll:
            t = T.text(f"↓ {self.log_scroll} newer lines (scroll down)", px, T.TEXT_DIM)
            y = self.log_visible[-1][0].bottom if self.log_visible else r.y
            surface.blit(t, (r.right - t.get_width(), y))
        elif not self.log_visible:
            surface.blit(T.text("Nothing has happened yet.", px, T.TEXT_DIM), (r.x, r.y))
