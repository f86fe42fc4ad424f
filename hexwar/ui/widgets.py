"""A few small widgets drawn with plain pygame: buttons, toggles and a text box.

They read only ``event.pos`` (never the global mouse state), so tests can drive
them with posted events. A click is a button-down and a button-up on the same widget.
"""
from __future__ import annotations

from typing import Callable

import pygame

from . import theme as T


class _Press:
    """Where the last left button-down happened (set by the App for every event).

    Kept outside the buttons because panels rebuild their buttons freely between
    the down and the up of a click."""

    pos: tuple[int, int] | None = None


PRESS = _Press()


class Button:
    def __init__(self, rect: pygame.Rect, label: str, on_click: Callable[[], None] | None = None, *,
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

    def _fit(self, text: str, room: int, style: str) -> int:
        """The text size, made smaller if the label would not fit the button."""
        px = self.px
        while px > 8 and T.size(text, px, style)[0] > room:
            px -= 1
        return px

    def sig(self) -> tuple:
        """Everything the drawing of this button depends on (panels redraw when it changes)."""
        return (tuple(self.rect), self.label, self.enabled, self.toggled, self.hover, self.key_hint, self.px)

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
        x = r.x + 8
        if self.toggled is not None:
            # A check box drawn as a shape, so the state does not rest on colour alone.
            bs = max(8, r.h - 14)
            box = pygame.Rect(x, r.centery - bs // 2, bs, bs)
            pygame.draw.rect(surface, T.PANEL_DARK, box)
            pygame.draw.rect(surface, colour, box, 1)
            if self.toggled:
                pygame.draw.lines(surface, colour, False, [(box.x + 2, box.centery), (box.x + bs // 2 - 1, box.bottom - 3),
                                                           (box.right - 2, box.y + 2)], 2)
            x = box.right + 8
            right = r.right - 6
            if self.key_hint:
                hint = T.text(self.key_hint, max(8, self.px - 3), T.TEXT_DIM)
                right -= hint.get_width() + 6
                surface.blit(hint, (r.right - 6 - hint.get_width(), r.centery - hint.get_height() // 2 + 1))
            label = T.text(self.label, self._fit(self.label, right - x, "regular"), colour)
            surface.blit(label, (x, r.centery - label.get_height() // 2))
        else:
            room = r.w - 12 - (T.size(self.key_hint, max(8, self.px - 3))[0] + 6 if self.key_hint else 0)
            label = T.text(self.label, self._fit(self.label, room, "bold"), colour, "bold")
            lx = r.centerx - label.get_width() // 2
            if self.key_hint:
                hint = T.text(self.key_hint, max(8, self.px - 3), T.TEXT_DIM)
                total = label.get_width() + 6 + hint.get_width()
                lx = r.centerx - total // 2
                surface.blit(hint, (lx + label.get_width() + 6, r.centery - hint.get_height() // 2 + 1))
            surface.blit(label, (lx, r.centery - label.get_height() // 2))


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
