"""Dialogs over another scene: a message with OK, a question with Yes and No.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme as T
from ..widgets import Button, ButtonRow, draw_panel
from .stack import Scene


def button_width(label: str, hint: str, px: int) -> int:
    """The width a dialog button needs for its label in bold and its key hint (``Button.draw``)."""
    w = T.size(label, px, "bold")[0] + 12 + 8
    if hint:
        w += T.size(hint, max(8, px - 3))[0] + 6
    return w


def fitting_px(label: str, hint: str, width: int, px: int) -> int:
    """The text size at which the label and its hint fit a button ``width`` wide."""
    while px > 8 and button_width(label, hint, px) > width:
        px -= 1
    return px


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
        specs = self._specs()
        # Every button as wide as the widest label needs, so that all of them keep the same
        # text size (a button shrinks the text of a label that does not fit it).
        bh, gap = th.px(34), th.px(12)
        bw = max([th.px(150)] + [button_width(label, hint, th.normal) for label, _, hint in specs])
        row = len(specs) * bw + max(0, len(specs) - 1) * gap + th.px(40)
        w = min(size[0] - th.px(40), max(th.px(620), row))
        if row > w:  # a very narrow window: narrower buttons, the text fitted alike in all
            bw = max(th.px(60), (w - th.px(40) - max(0, len(specs) - 1) * gap) // max(1, len(specs)))
        lines = T.wrap(self.text, th.normal, w - th.px(40))
        lh = T.font(th.normal).get_linesize()
        h = th.px(60) + T.font(th.large).get_linesize() + lh * len(lines) + th.px(50)
        self.box = pygame.Rect(0, 0, w, min(h, size[1] - th.px(20)))
        self.box.center = (size[0] // 2, size[1] // 2)
        self.buttons.clear()
        px = min(fitting_px(label, hint, bw, th.normal) for label, _, hint in specs) if specs else th.normal
        x = self.box.right - th.px(20) - len(specs) * bw - (len(specs) - 1) * gap
        for label, cb, hint in specs:
            self.buttons.add(Button(pygame.Rect(x, self.box.bottom - th.px(20) - bh, bw, bh), label, cb, key_hint=hint,
                                    px=px, name=label, tooltip=f"{label} ({hint})" if hint else label))
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
        from ..widgets import blit_lines

        blit_lines(surface, [self.text], x, y, self.box.w - th.px(40), th.normal, max_y=self.box.bottom - th.px(60))
        self.buttons.draw(surface)


class MessageScene(_Dialog):
    """A message with an OK button (errors from loading files, for instance)."""

    def _specs(self):
        return [("OK", self.close, "Enter")]

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE,
                                                          pygame.K_SPACE):
            self.close()
            return True
        return super().handle(event)


class ConfirmScene(_Dialog):
    """A question before a step that cannot be taken back: Yes (Enter or Y), No (Esc or N), and
    at most one other answer (``other``: label, what it does, its key, e.g. pygame.K_q)."""

    def __init__(self, app, title: str, text: str, on_yes: Callable[[], None], yes: str = "Yes", no: str = "No",
                 other: tuple[str, Callable[[], None], int] | None = None) -> None:
        self.on_yes = on_yes
        self.yes_label, self.no_label = yes, no
        self.other = other
        super().__init__(app, title, text)

    def _specs(self):
        specs = [(self.yes_label, self.yes, "Enter")]
        if self.other is not None:
            label, _, key = self.other
            specs.append((label, self.take_other, pygame.key.name(key).upper()))
        return specs + [(self.no_label, self.no, "Esc")]

    def yes(self) -> None:
        self.app.stack.remove(self)
        self.on_yes()

    def no(self) -> None:
        self.app.stack.remove(self)

    def take_other(self) -> None:
        self.app.stack.remove(self)
        if self.other is not None:
            self.other[1]()

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if self.other is not None and event.key == self.other[2]:
                self.take_other()
            elif event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_y):
                self.yes()
            elif event.key in (pygame.K_ESCAPE, pygame.K_n):
                self.no()
            return True
        return super().handle(event)
