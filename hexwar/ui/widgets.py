"""A few small widgets drawn with plain pygame: buttons, toggles and a text box.

They read only ``event.pos`` (never the global mouse state), so tests can drive
them with posted events. A click is a button-down and a button-up on the same widget.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from . import theme as T


class _Press:
    """Where the last left button-down happened (set by the App for every event).

    Kept outside the buttons because panels rebuild their buttons freely between
    the down and the up of a click."""

    pos: tuple[int, int] | None = None


PRESS = _Press()


class Button:
    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], object] | None = None, *,
                 enabled: bool = True, key_hint: str = "", tooltip: str = "", toggled: bool | None = None,
                 px: int = 15, name: str = "") -> None:
        self.rect = pygame.Rect(rect)
        self.label = label
        self.on_click = on_click
        self.enabled = enabled
        self.key_hint = key_hint
        self.tooltip = tooltip
        self.toggled = toggled  # None: a plain button; True/False: a toggle showing its state
        self.px = px
        self.name = name or label
        self.hover = False

    def handle(self, event: pygame.event.Event) -> bool:
        """True if the event was meant for this button (consumed)."""
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            down = PRESS.pos if PRESS.pos is not None else event.pos
            if self.rect.collidepoint(down):
                if self.enabled:
                    self.click()
                return True
        return False

    def click(self) -> None:
        if self.toggled is not None:
            self.toggled = not self.toggled
        if self.on_click is not None:
            self.on_click()

    def _fit(self, text: str, room: int, style: str) -> tuple[int, list[str]]:
        """The label's text size and lines: one line at its size, or a little smaller (down to
        85%); else two lines, if the button is tall enough; else smaller still — never cut."""
        floor = max(8, int(self.px * 0.85))
        for px in range(self.px, floor - 1, -1):
            if T.size(text, px, style)[0] <= room:
                return px, [text]
        for px in range(self.px, 7, -1):
            lines = T.wrap(text, px, room, style)
            fits = all(T.size(ln, px, style)[0] <= room for ln in lines)
            if fits and len(lines) == 1:
                return px, lines
            if fits and len(lines) == 2 and 2 * T.font(px, style).get_linesize() <= self.rect.h:
                return px, lines
        return 8, [text]

    def sig(self) -> tuple:
        """Everything the drawing of this button depends on (panels redraw when it changes)."""
        return (tuple(self.rect), self.label, self.enabled, self.toggled, self.hover, self.key_hint, self.px)

    def _blit_label(self, surface: pygame.Surface, x: int, room: int, style: str, colour, centred: bool) -> int:
        """The label in ``room`` pixels from ``x`` (centred in it, or from its left); its width."""
        px, lines = self._fit(self.label, room, style)
        lh = T.font(px, style).get_linesize()
        y = self.rect.centery - lh * len(lines) // 2
        width = 0
        for ln in lines:
            t = T.text(ln, px, colour, style)
            width = max(width, t.get_width())
            surface.blit(t, (x + (room - t.get_width()) // 2 if centred else x, y + (lh - t.get_height()) // 2))
            y += lh
        return width

    def draw(self, surface: pygame.Surface) -> None:
        r = self.rect
        if not self.enabled:
            bg = T.PANEL_DARK
        elif self.toggled:
            bg = T.BUTTON_ON
        elif self.hover:
            bg = T.BUTTON_HOVER
        else:
            bg = T.BUTTON
        pygame.draw.rect(surface, bg, r, border_radius=4)
        pygame.draw.rect(surface, T.PANEL_LINE if self.enabled else T.PANEL, r, 1, border_radius=4)
        colour = T.TEXT if self.enabled else T.BUTTON_OFF_TEXT
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip) if clip else r)  # the words stay on the button
        x = r.x + 8
        hint = T.text(self.key_hint, max(8, self.px - 3), T.TEXT_DIM) if self.key_hint else None
        if self.toggled is not None:
            # A check box drawn as a shape, so the state does not rest on colour alone.
            bs = max(8, min(r.h - 14, max(20, int(self.px * 1.5))))  # a tall button keeps a small box
            box = pygame.Rect(x, r.centery - bs // 2, bs, bs)
            pygame.draw.rect(surface, T.PANEL_DARK, box)
            pygame.draw.rect(surface, colour, box, 1)
            if self.toggled:
                pygame.draw.lines(surface, colour, False,
                                  [(box.x + 2, box.centery), (box.x + bs // 2 - 1, box.bottom - 3),
                                   (box.right - 2, box.y + 2)], 2)
            x = box.right + 8
            right = r.right - 6
            if hint is not None:
                right -= hint.get_width() + 6
                surface.blit(hint, (r.right - 6 - hint.get_width(), r.centery - hint.get_height() // 2 + 1))
            self._blit_label(surface, x, right - x, "regular", colour, False)
        else:
            room = r.w - 12 - (hint.get_width() + 6 if hint is not None else 0)
            px, lines = self._fit(self.label, room, "bold")
            lw = max(T.size(ln, px, "bold")[0] for ln in lines)
            total = lw + (6 + hint.get_width() if hint is not None else 0)
            lx = r.centerx - total // 2
            self._blit_label(surface, lx, lw, "bold", colour, True)
            if hint is not None:
                surface.blit(hint, (lx + lw + 6, r.centery - hint.get_height() // 2 + 1))
        surface.set_clip(clip)


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, colour=T.PANEL, border=T.PANEL_LINE) -> None:
    pygame.draw.rect(surface, colour, rect)
    pygame.draw.rect(surface, border, rect, 1)


def blit_lines(surface: pygame.Surface, lines: list[str], x: int, y: int, width: int, px: int, colour=T.TEXT,
               style: str = "regular", max_y: int | None = None) -> int:
    """Draw wrapped text; returns the y below the last line."""
    lh = T.font(px, style).get_linesize()
    for para in lines:
        for ln in T.wrap(para, px, width, style):
            if max_y is not None and y + lh > max_y:
                return y
            surface.blit(T.text(ln, px, colour, style), (x, y))
            y += lh
    return y


class ButtonRow:
    """Buttons handled and drawn together."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []

    def add(self, b: Button) -> Button:
        self.buttons.append(b)
        return b

    def clear(self) -> None:
        self.buttons.clear()

    def handle(self, event: pygame.event.Event) -> bool:
        used = False
        for b in list(self.buttons):
            if b.handle(event):
                used = True
                if event.type == pygame.MOUSEBUTTONUP:
                    break
        return used

    def draw(self, surface: pygame.Surface) -> None:
        for b in self.buttons:
            b.draw(surface)

    def sig(self) -> tuple:
        return tuple(b.sig() for b in self.buttons)

    def find(self, name: str) -> Button | None:
        return next((b for b in self.buttons if b.name == name or b.label == name), None)

    def hovered(self) -> Button | None:
        return next((b for b in self.buttons if b.hover), None)


def tooltip_rect(pos: tuple[int, int], size: tuple[int, int], area: pygame.Rect, gap: int = 16) -> pygame.Rect:
    """Where a tooltip of ``size`` goes for the pointer at ``pos``: inside ``area`` (the map, for
    the game), beside the pointer (below right, below left, above right, above left: the first that
    fits); for a pointer outside ``area`` (on the side panel), at the edge of ``area`` nearest
    to it, level with it, so it never covers the panel's buttons. Too big for ``area``: its top
    left corner stays inside."""
    w, h = size
    x, y = pos
    if area.collidepoint(pos):
        for cx, cy in ((x + gap, y + gap), (x - gap - w, y + gap), (x + gap, y - gap - h), (x - gap - w, y - gap - h)):
            r = pygame.Rect(cx, cy, w, h)
            if area.contains(r):
                return r
        r = pygame.Rect(x + gap, y + gap, w, h)
    else:
        r = pygame.Rect(0, 0, w, h)
        r.centery = y
        if x >= area.right:
            r.right = area.right - gap // 2
        elif x < area.x:
            r.x = area.x + gap // 2
        else:
            r.x = x - w // 2
            r.y = area.bottom - h - gap // 2 if y < area.y else area.y + gap // 2
    r.x = max(area.x, min(r.x, area.right - w))
    r.y = max(area.y, min(r.y, area.bottom - h))
    return r


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], lines: list[str], th: T.Theme,
                 area: pygame.Rect | None = None) -> pygame.Rect | None:
    """A tooltip for the pointer at ``pos`` (the first line bold), placed by ``tooltip_rect``
    inside ``area`` (the whole surface when None); returns where it went."""
    if not lines:
        return None
    px = th.small
    if area is None:
        area = surface.get_rect()
    maxw = max(th.px(120), min(th.px(420), area.w - th.px(24)))
    rows = []
    for i, ln in enumerate(lines):
        for part in T.wrap(ln, px, maxw, "bold" if i == 0 else "regular"):
            rows.append((part, "bold" if i == 0 else "regular"))
    lh = T.font(px).get_linesize()
    w = max(T.size(r, px, s)[0] for r, s in rows) + th.px(16)
    h = lh * len(rows) + th.px(10)
    rect = tooltip_rect(pos, (w, h), area, th.px(18))
    pygame.draw.rect(surface, (250, 248, 232), rect, border_radius=3)
    pygame.draw.rect(surface, (40, 40, 40), rect, 1, border_radius=3)
    yy = rect.y + th.px(5)
    for r, style in rows:
        surface.blit(T.text(r, px, (20, 20, 20), style), (rect.x + th.px(8), yy))
        yy += lh
    return rect
