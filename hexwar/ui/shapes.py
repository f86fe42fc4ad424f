"""The shapes drawn over the map and in legends: arrows, cross-hairs, framed words, a game's
marks on a hex (``MapMark``, in the style of its kind), city control markers and the legend's
pattern samples. Plain drawing on a surface at given pixels; ``overlays`` decides what goes where.
"""
from __future__ import annotations

import math

import pygame

from . import theme as T


def arrow(surface: pygame.Surface, p1, p2, colour, width: int, head: float | None = None, outline=True) -> None:
    x1, y1 = p1
    x2, y2 = p2
    d = math.hypot(x2 - x1, y2 - y1)
    if d < 1:
        return
    head = head or max(8.0, width * 3.2)
    ux, uy = (x2 - x1) / d, (y2 - y1) / d
    bx, by = x2 - ux * head, y2 - uy * head
    left = (bx - uy * head * 0.55, by + ux * head * 0.55)
    right = (bx + uy * head * 0.55, by - ux * head * 0.55)
    if outline:
        pygame.draw.line(surface, (255, 255, 255), p1, (bx, by), width + 3)
        pygame.draw.polygon(surface, (255, 255, 255), [(x2 + ux * 2, y2 + uy * 2), left, right])
    pygame.draw.line(surface, colour, p1, (bx, by), width)
    pygame.draw.polygon(surface, colour, [(x2, y2), left, right])


def polyline_arrow(surface, pts, colour, width) -> None:
    if len(pts) < 2:
        return
    pygame.draw.lines(surface, (255, 255, 255), False, pts[:-1] + [pts[-1]], width + 3)
    for a, b in zip(pts[:-2], pts[1:-1]):
        pygame.draw.line(surface, colour, a, b, width)
    for p in pts[1:-1]:
        pygame.draw.circle(surface, colour, p, max(2, width))
    arrow(surface, pts[-2], pts[-1], colour, width, outline=False)


def crosshair(surface, c, r: float, colour, width: int) -> None:
    x, y = c
    pygame.draw.circle(surface, (255, 255, 255), (x, y), r, width + 2)
    pygame.draw.circle(surface, colour, (x, y), r, width)
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        pygame.draw.line(surface, colour, (x + dx * r * 0.55, y + dy * r * 0.55),
                         (x + dx * r * 1.3, y + dy * r * 1.3), width)


def label_rect(text: str, px: int, centre) -> pygame.Rect:
    """The box ``label_box`` draws for ``text`` at ``centre`` (before it steps aside)."""
    r = pygame.Rect((0, 0), T.size(text, px, "bold"))
    r.center = (int(centre[0]), int(centre[1]))
    return r.inflate(6, 2)


def label_box(surface, text: str, px: int, centre, fg=(20, 20, 20), bg=(255, 255, 240), border=(20, 20, 20),
              placed: list | None = None, within: pygame.Rect | None = None) -> None:
    """A framed word centred on ``centre``; with ``placed`` (the boxes already drawn this frame:
    place names, hex ids, marks) it moves up or down by its height, a few steps at most, then to
    either side, to overlap none of them (or the least of them). With ``within`` (the map's
    visible rectangle) it starts inside it: a ring or an outline near the map's edge keeps its
    words whole instead of under the side panel."""
    t = T.text(text, px, fg, "bold")
    r = t.get_rect(center=(int(centre[0]), int(centre[1])))
    box = r.inflate(6, 2)
    if within is not None and not within.contains(box):
        moved = box.clamp(within)
        r, box = r.move(moved.x - box.x, moved.y - box.y), moved
    if placed is not None:
        h, w = box.h + 1, box.w // 2 + 2
        steps = [(dx, dy) for dy in (0, h, -h) for dx in (0, w, -w)]
        steps += [(dx, dy) for dy in (2 * h, -2 * h) for dx in (0, w, -w)]
        steps += [(dx, dy) for dy in (0, h, -h, 2 * h, -2 * h) for dx in (2 * w, -2 * w)]
        # Only the boxes within reach of the farthest step can be covered: the others (most of a
        # whole map's hex ids and names) are left out of the sums at once, in C.
        reach = pygame.Rect(box.x - 2 * w, box.y - 2 * h, box.w + 4 * w, box.h + 4 * h)
        near = [placed[i] for i in reach.collidelistall(placed)]

        # A free spot if any (the first), else the least covered (the first of those).
        dx, dy, least = 0, 0, -1
        for sx, sy in steps:
            b = box.move(sx, sy)
            if within is not None and not within.contains(b):
                continue  # never stepped out of sight
            if b.collidelist(near) < 0:
                dx, dy = sx, sy
                break
            cover = sum(c.w * c.h for c in (b.clip(o) for o in near))  # how much of the boxes it covers there
            if least < 0 or cover < least:
                dx, dy, least = sx, sy, cover
        r, box = r.move(dx, dy), box.move(dx, dy)
        placed.append(box)
    pygame.draw.rect(surface, bg, box, border_radius=3)
    pygame.draw.rect(surface, border, box, 1, border_radius=3)
    surface.blit(t, r)


MARK_STYLE = {  # kind -> (fill, ink, where on the hex as a fraction of its size)
    "objective": ((236, 196, 72), (20, 20, 20), (-0.42, -0.42)),
    "engaged": ((190, 30, 30), (255, 255, 255), (0.0, -0.62)),
    "contact": ((245, 150, 40), (20, 20, 20), (0.0, -0.62)),
    "lead": ((255, 240, 120), (20, 20, 20), (0.0, -0.62)),
    "support": ((255, 240, 120), (20, 20, 20), (0.0, -0.62)),
    "barrage": ((200, 40, 30), (255, 255, 255), (-0.3, 0.72)),  # artillery markers, below
    "smoke": ((210, 210, 210), (20, 20, 20), (0.35, 0.72)),          # the stack (badges are on top)
    "prep": ((250, 200, 90), (20, 20, 20), (0.1, 0.62)),
    "dora": ((60, 60, 60), (255, 255, 255), (0.0, 0.62)),  # a railway gun's plotted shot, under the stack
    "fire": ((255, 230, 200), (120, 20, 10), (0.0, -0.72)),  # a hex the selected unit may fire at
    "order": ((236, 196, 72), (20, 20, 20), (0.42, -0.42)),  # units of the order shown (a game of orders)
    "choice": ((255, 245, 130), (20, 20, 20), (0.0, 0.5)),  # an option of the owner's choice (under the stack)
}


def draw_mark(surface, c, mk, z: float, placed: list | None = None) -> None:
    """A game's marker on a hex: a framed box with its word (never colour alone); the Strategic
    Objective as a gold star disc with SO."""
    if mk.kind == "tip":  # tooltip only: the map already shows it another way
        return
    if mk.kind == "barrage-area":  # a hex under a barrage: a dashed red ring (its box is on the centre)
        r = 30 * z
        for i in range(0, 12, 2):
            a0, a1 = i * math.pi / 6, (i + 1) * math.pi / 6
            pygame.draw.arc(surface, (200, 40, 30), (c[0] - r, c[1] - r, 2 * r, 2 * r), a0, a1, max(1, int(2 * z)))
        return
    fill, ink, (fx, fy) = MARK_STYLE.get(mk.kind, ((250, 250, 240), (20, 20, 20), (0.0, 0.55)))
    x, y = c[0] + fx * 40 * z, c[1] + fy * 40 * z
    px = max(8, int(10 * z))
    if mk.kind == "objective":
        r = max(6, int(8 * z))
        pts = []
        for i in range(10):
            a = math.pi / 2 + i * math.pi / 5
            rr = r if i % 2 == 0 else r * 0.55
            pts.append((x + rr * math.cos(a), y - rr * math.sin(a)))
        pygame.draw.circle(surface, (20, 20, 20), (int(x), int(y)), r + 2)
        pygame.draw.circle(surface, fill, (int(x), int(y)), r + 1)
        pygame.draw.polygon(surface, (150, 100, 10), pts)
        t = T.text(mk.text, max(7, int(px * 0.9)), ink, "bold")
        surface.blit(t, (int(x - t.get_width() / 2), int(y + r * 0.15)))
        return
    label_box(surface, mk.text, px, (x, y), fg=ink, bg=fill, border=(20, 20, 20), placed=placed)


def control_marker(surface, side: str, c, r: float) -> None:
    """Who holds a city: the side's shape (round or square, from its entry), letter and colour."""
    col = T.side_colour(side)
    x, y = c
    if T.side_round(side):
        pygame.draw.circle(surface, (255, 255, 255), (x, y), r + 1.5)
        pygame.draw.circle(surface, col, (x, y), r)
    else:
        rect = pygame.Rect(0, 0, int(2 * r), int(2 * r))
        rect.center = (int(x), int(y))
        pygame.draw.rect(surface, (255, 255, 255), rect.inflate(3, 3))
        pygame.draw.rect(surface, col, rect)
    t = T.text(T.side_letter(side), max(7, int(r * 1.45)), (255, 255, 255), "bold")
    surface.blit(t, (x - t.get_width() / 2, y - t.get_height() / 2))


def toward(a, b, f: float):
    return (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f)


def dash_line(surface, colour, p1, p2, width: int, dash: int) -> None:
    x1, y1 = p1
    x2, y2 = p2
    d = math.hypot(x2 - x1, y2 - y1)
    n = max(1, int(d // dash))
    for k in range(0, n, 2):
        a, b = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(surface, colour, (x1 + (x2 - x1) * a, y1 + (y2 - y1) * a),
                         (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b), width)


def swatch(surface, rect: pygame.Rect, pattern: str, rgba) -> None:
    """A legend sample drawn with the same pattern as the map."""
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    col = rgba[:3]
    if pattern == "backhatch":
        for k in range(-rect.h, rect.w + rect.h, 7):
            pygame.draw.line(surface, col, (rect.x + k, rect.y), (rect.x + k + rect.h, rect.bottom), 2)
    elif pattern == "dots":
        for yy in range(rect.y + 3, rect.bottom, 7):
            for xx in range(rect.x + 3 + (3 if (yy - rect.y) // 7 % 2 else 0), rect.right, 7):
                pygame.draw.circle(surface, col, (xx, yy), 2)
    elif pattern == "over":
        surface.set_clip(clip)
        for a, b in ((rect.topleft, rect.topright), (rect.topright, rect.bottomright),
                     (rect.bottomright, rect.bottomleft), (rect.bottomleft, rect.topleft)):
            dash_line(surface, col, a, b, 3, 5)
    elif pattern == "hatch":
        for k in range(-rect.h, rect.w + rect.h, 7):
            pygame.draw.line(surface, col, (rect.x + k + rect.h, rect.y), (rect.x + k, rect.bottom), 2)
    surface.set_clip(clip)
