"""Dialogs over another scene: a message with OK, a question with Yes and No.
"""
from __future__ import annotations

from typing import Callable

import pygame

from .. import theme as T
from ..widgets import Button, ButtonRow, draw_panel
from .stack import Scene


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
