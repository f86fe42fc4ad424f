"""Hotseat: the screen that hides the board while it changes hands.
"""
from __future__ import annotations

import pygame

from .. import theme as T
from ..sides import side_name
from .stack import Scene


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
        name = side_name(self.side)
        what = "a decision for you" if self.decision else "your turn"
        t = T.text(f"{name} player, {what}", th.title, T.TEXT, "bold")
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
