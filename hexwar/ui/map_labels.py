"""Words on the map that must stay readable over the counters: place names and the game's marks.

``LabelPlacer`` puts each label where it covers no counter and no label already placed: its usual
spot first (a place name along the bottom of its hex, a mark where its kind goes), then beside
the stack (below it, above it, to either side). A place name that had to move is drawn on a pale
plate. A mark that finds no free spot merges with the label of the same kind it runs into: that
label then counts them ("PREP 0600 +3 ×2"); the hexes' tooltips still give each one. Anything
else that finds no free spot goes, on a plate, to the spot beside the stack that covers no place
name and the least of the rest, over what is there: always readable, never under a counter.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from . import theme as T

PLATE = (250, 248, 236)
PLATE_EDGE = (90, 86, 70)
HALO = (250, 248, 236)


@dataclass
class Label:
    text: str
    px: int
    rect: pygame.Rect
    fg: tuple = T.TEXT_DARK
    bg: tuple | None = None  # None: the words alone with a light halo (a place name in its usual spot)
    border: tuple = PLATE_EDGE
    group: str = ""  # labels of one group may merge
    count: int = 1
    members: list = field(default_factory=list)

    @property
    def shown(self) -> str:
        return self.text + (f" ×{self.count}" if self.count > 1 else "")


def _measure(text: str, px: int, plate: bool) -> tuple[int, int]:
    w, h = T.size(text, px, "bold")
    return (w + 6, h + 2) if plate else (w + 2, h + 2)


class LabelPlacer:
    """Places labels so that they overlap no counter (``obstacles``) and no other label."""

    def __init__(self, obstacles: list[pygame.Rect]) -> None:
        self.obstacles = [pygame.Rect(r) for r in obstacles]
        self.labels: list[Label] = []

    @property
    def boxes(self) -> list[pygame.Rect]:
        return [lb.rect for lb in self.labels]

    def _free(self, r: pygame.Rect, skip: Label | None = None) -> bool:
        if r.collidelist(self.obstacles) >= 0:
            return False
        return not any(lb is not skip and lb.rect.colliderect(r) for lb in self.labels)

    def add(self, text: str, px: int, spots: list[tuple[float, float]], *, plate_from: int = 0, fg=T.TEXT_DARK,
            bg=PLATE, border=PLATE_EDGE, group: str = "", member=None) -> Label:
        """A label centred on the first free spot of ``spots`` (on a plate from spot ``plate_from``
        on; before it, the words alone with a halo). No spot free: merged into a label of the same
        ``group`` in the way, else on a plate at the spot after the usual ones."""
        for i, (x, y) in enumerate(spots):
            plate = i >= plate_from
            w, h = _measure(text, px, plate)
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(x), int(y))
            if self._free(r):
                return self._put(Label(text, px, r, fg, bg if plate else None, border, group, 1, [member]))
        if group:
            for x, y in spots:
                w, h = _measure(text, px, True)
                r = pygame.Rect(0, 0, w, h)
                r.center = (int(x), int(y))
                other = next((lb for lb in self.labels if lb.group == group and lb.rect.colliderect(r)), None)
                if other is not None:
                    self._merge(other, Label(text, px, r, group=group, members=[member]))
                    return other
        w, h = _measure(text, px, True)
        boxes = []
        for x, y in spots[min(plate_from, len(spots) - 1):] if spots else [(0, 0)]:
            r = pygame.Rect(0, 0, w, h)
            r.center = (int(x), int(y))
            boxes.append(r)
        # Over what is there, but never over a place name (a label of no group) where a spot
        # allows, and over as little as may be (the spot that covers the least of the rest).
        names = [lb.rect for lb in self.labels if not lb.group]
        rest = self.obstacles + [lb.rect for lb in self.labels if lb.group]

        def covered(b: pygame.Rect) -> tuple[bool, int]:
            return b.collidelist(names) >= 0, sum(c.w * c.h for c in (b.clip(o) for o in rest))

        r = min(boxes, key=covered)  # the first of equals: min keeps the earliest
        return self._put(Label(text, px, r, fg, bg, border, group, 1, [member]))

    def _put(self, lb: Label) -> Label:
        self.labels.append(lb)
        return lb

    def _merge(self, into: Label, other: Label) -> None:
        into.count += other.count
        into.members += other.members
        c = into.rect.center
        into.rect.size = _measure(into.shown, into.px, into.bg is not None)
        into.rect.center = c

    def settle(self) -> None:
        """Labels of one group that still overlap (a box grew with its count, or had to be forced
        in) become one, until none do."""
        changed = True
        while changed:
            changed = False
            for i, a in enumerate(self.labels):
                if not a.group:
                    continue
                for b in self.labels[i + 1:]:
                    if b.group == a.group and a.rect.colliderect(b.rect):
                        self._merge(a, b)
                        self.labels.remove(b)
                        changed = True
                        break
                if changed:
                    break

    def draw(self, surface: pygame.Surface) -> None:
        for lb in self.labels:
            draw_label(surface, lb)


def draw_label(surface: pygame.Surface, lb: Label) -> None:
    r = lb.rect
    if lb.bg is None:
        t = T.text(lb.shown, lb.px, lb.fg, "bold", halo=HALO)
        surface.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
        return
    pygame.draw.rect(surface, lb.bg, r, border_radius=3)
    pygame.draw.rect(surface, lb.border, r, 1, border_radius=3)
    t = T.text(lb.shown, lb.px, lb.fg, "bold")
    surface.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))


def around_stack(stack: pygame.Rect | None, centre: tuple[float, float], w: int, h: int,
                 hex_h: float) -> list[tuple[float, float]]:
    """Spots beside a stack (below, above, right, left), for a label ``w`` x ``h``; without a
    stack, beside the middle of the hex."""
    cx, cy = centre
    if stack is None:
        stack = pygame.Rect(int(cx - hex_h * 0.3), int(cy - hex_h * 0.3), int(hex_h * 0.6), int(hex_h * 0.6))
    gap = 2
    return [(stack.centerx, stack.bottom + gap + h / 2), (stack.centerx, stack.top - gap - h / 2),
            (stack.right + gap + w / 2, stack.centery), (stack.left - gap - w / 2, stack.centery),
            (stack.centerx, stack.bottom + gap + 1.5 * h + 1), (stack.centerx, stack.top - gap - 1.5 * h - 1)]
