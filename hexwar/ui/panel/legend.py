"""Explain's legend at the bottom of the side panel: a sample of each pattern it marks on the
map, its meaning and how many hexes carry it.
"""
from __future__ import annotations

import pygame

from .. import theme as T
from ..control.queries import MOVING

HOVER_SHORT = "Point at a hex with a unit selected: the red label names the rule in the way."


class Legend:
    """The key to what Explain marks on the map: a sample of each pattern, its meaning (the
    game's words for each map layer, with its rule) and how many hexes carry it."""

    def __init__(self, th: T.Theme, layers, ctl, width: int) -> None:
        from ..overlays import PATTERNS

        self.theme = th
        self.rows = []
        for la in layers:
            colour, pattern, _ = PATTERNS.get(la.key, PATTERNS[""])
            if la.key == "over":
                pattern = "over"
            n = len(la.hexes)
            text = la.label[:1].upper() + la.label[1:] + (f" ({la.rule})" if la.rule else "")
            self.rows.append((pattern, colour, text + (f": {n}" if n else ": none")))
        self.title = "Explain (X) — details in the Rules tab (K)"
        self.extra = HOVER_SHORT if ctl.mode() in MOVING and not ctl.past else ""
        px = th.small
        self.lh = max(T.font(px).get_linesize(), th.px(20))
        self.sw = th.px(28)
        self.w = width
        inner = width - th.px(16)
        self.title_lines = T.wrap(self.title, px, inner, "bold")
        self.row_lines = [T.wrap(text, px, inner - self.sw - th.px(8)) for _, _, text in self.rows]
        self.extra_lines = T.wrap(self.extra, px, inner) if self.extra else []
        ls = T.font(px).get_linesize()
        h = th.px(4) + len(self.title_lines) * T.font(px, "bold").get_linesize() + th.px(2)
        for lines in self.row_lines:
            h += max(self.lh, len(lines) * ls) + th.px(3)
        h += len(self.extra_lines) * ls + th.px(6)
        self.h = h
        self.rect = pygame.Rect(0, 0, self.w, self.h)

    def sig(self) -> tuple:
        return (tuple(self.rect), tuple(self.title_lines), tuple((p, r) for p, r, _ in self.rows),
                tuple(map(tuple, self.row_lines)), tuple(self.extra_lines), self.theme.scale)

    def draw(self, surface: pygame.Surface) -> None:
        from ..shapes import swatch

        th = self.theme
        px = th.small
        box = self.rect
        pygame.draw.rect(surface, (250, 248, 236), box)
        pygame.draw.rect(surface, (40, 40, 40), box, 1)
        x, y = box.x + th.px(8), box.y + th.px(4)
        for ln in self.title_lines:
            surface.blit(T.text(ln, px, (20, 20, 20), "bold"), (x, y))
            y += T.font(px, "bold").get_linesize()
        y += th.px(2)
        ls = T.font(px).get_linesize()
        for (pattern, rgba, _), lines in zip(self.rows, self.row_lines):
            rh = max(self.lh, len(lines) * ls)
            sample = pygame.Rect(x, y + 1, self.sw, self.lh - 2)
            pygame.draw.rect(surface, (224, 219, 186), sample)
            swatch(surface, sample, pattern, rgba)
            pygame.draw.rect(surface, (60, 60, 60), sample, 1)
            ty = y + (rh - len(lines) * ls) // 2
            for ln in lines:
                surface.blit(T.text(ln, px, (20, 20, 20)), (x + self.sw + th.px(8), ty))
                ty += ls
            y += rh + th.px(3)
        for ln in self.extra_lines:
            surface.blit(T.text(ln, px, (70, 70, 70)), (x, y))
            y += ls
