"""How a terrain looks wherever the client draws it (the map's chunks, the terrain row of a
legend): its colour, steady even for a terrain the client does not know, and its symbol, so
that terrain never rests on colour alone; and the bounding box of a drawing op. Shared by
``map_view`` and ``map_features``, which both draw terrain, so that neither needs the other.
"""
from __future__ import annotations

import math
import random

import pygame

from ..core.hexgrid import Hex
from . import theme as T


def bbox_of(pts, pad: float = 2) -> pygame.Rect:
    xs = [p[0] for p in pts]
    ys = [p[1] for p in pts]
    return pygame.Rect(int(min(xs) - pad), int(min(ys) - pad),
                       int(max(xs) - min(xs) + 2 * pad) + 1, int(max(ys) - min(ys) + 2 * pad) + 1)


def terrain_colour(name: str) -> tuple[int, ...]:
    c: tuple[int, ...] | None = T.TERRAIN_COLOURS.get(name)
    if c is None:  # an unknown terrain still gets a steady colour of its own, pale like map ground
        rnd = random.Random(name)
        c = (rnd.randint(120, 220), rnd.randint(120, 220), rnd.randint(120, 220))
        c = tuple(int(a + (b - a) * 0.5) for a, b in zip(c, T.TERRAIN_COLOURS["clear"]))
    return c


def terrain_symbol(s, terrain: str, cx: float, cy: float, z: float) -> bool:
    """Symbols for the terrains of the newer maps; False when the terrain is not one of them."""
    spots: tuple[tuple[int, int], ...] = ((-19, -9), (18, 10), (-8, 17), (9, -18), (-20, 9), (20, -8))
    if z * 56 < 30:
        spots = spots[:2]
    w = max(1, int(1.3 * z))
    if terrain in ("rough", "hills", "hill"):
        ink = (120, 86, 50)
        for sx, sy in spots[:4]:
            x, y = cx + sx * z, cy + sy * z
            pygame.draw.lines(s, ink, False, [(x - 5 * z, y + 2 * z), (x - 2 * z, y - 2.5 * z),
                                              (x + 0.5 * z, y + 1 * z), (x + 3 * z, y - 2.5 * z),
                                              (x + 6 * z, y + 2 * z)], w)
        return True
    if terrain == "high_ground":  # form lines: short arcs, like contour marks on a survey map
        ink = (128, 92, 54)
        for sx, sy in spots[:3]:
            x, y = cx + sx * z, cy + sy * z
            r = pygame.Rect(0, 0, max(4, int(12 * z)), max(3, int(7 * z)))
            r.center = (int(x), int(y))
            pygame.draw.arc(s, ink, r, 0.2, math.pi - 0.2, w)
        return True
    if terrain == "rugged_crest":  # a jagged crest line with hachures falling from it
        ink = (84, 52, 26)
        pts = [(cx - 18 * z, cy + 2 * z), (cx - 10 * z, cy - 6 * z), (cx - 4 * z, cy - 1 * z), (cx + 3 * z, cy - 9 * z),
               (cx + 10 * z, cy - 2 * z), (cx + 18 * z, cy - 6 * z)]
        pygame.draw.lines(s, ink, False, pts, max(2, int(2.2 * z)))
        for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            pygame.draw.line(s, ink, (mx, my + 1 * z), (mx, my + 6 * z), w)
        return True
    if terrain == "river":  # a river (wadi) hex: a meander across the hex
        ink = (40, 100, 190)
        pts = [(cx - 22 * z + k * 4.4 * z, cy + math.sin(k * 0.9) * 5 * z) for k in range(11)]
        pygame.draw.lines(s, ink, False, pts, max(2, int(2.4 * z)))
        return True
    if terrain in ("peat_bog", "bog"):  # reeds over brown tussocks
        ink = (96, 84, 44)
        for sx, sy in spots[:4]:
            x, y = cx + sx * z, cy + sy * z
            pygame.draw.line(s, ink, (x - 4 * z, y + 2 * z), (x + 4 * z, y + 2 * z), w)
            pygame.draw.line(s, ink, (x, y + 1 * z), (x, y - 4 * z), w)
            pygame.draw.line(s, ink, (x - 2.5 * z, y + 1 * z), (x - 3.5 * z, y - 2.5 * z), w)
            pygame.draw.line(s, ink, (x + 2.5 * z, y + 1 * z), (x + 3.5 * z, y - 2.5 * z), w)
        return True
    if terrain in ("building", "village", "city", "town"):  # black house blocks
        ink = (40, 36, 34)
        n = 2 if terrain in ("building", "village") else 4
        for sx, sy in ((-8, -6), (6, 4), (-4, 9), (9, -9))[:n]:
            r = pygame.Rect(0, 0, max(2, int(6 * z)), max(2, int(5 * z)))
            r.center = (int(cx + sx * z), int(cy + sy * z))
            pygame.draw.rect(s, ink, r)
        return True
    if terrain == "hospital":  # a red cross on white
        r = pygame.Rect(0, 0, max(4, int(14 * z)), max(4, int(14 * z)))
        r.center = (int(cx), int(cy))
        pygame.draw.rect(s, (255, 255, 255), r)
        pygame.draw.rect(s, (200, 20, 20), r.inflate(-int(9 * z), -2))
        pygame.draw.rect(s, (200, 20, 20), r.inflate(-2, -int(9 * z)))
        return True
    if terrain == "mill":  # a windmill's sails
        ink = (40, 36, 34)
        for a in (0.785, 2.356):
            dx, dy = math.cos(a) * 8 * z, math.sin(a) * 8 * z
            pygame.draw.line(s, ink, (cx - dx, cy - dy), (cx + dx, cy + dy), max(2, int(2 * z)))
        pygame.draw.circle(s, ink, (cx, cy), max(2, 2.5 * z))
        return True
    if terrain == "plain":
        ink = (196, 176, 128)
        for sx, sy in spots[:4]:
            pygame.draw.circle(s, ink, (cx + sx * z, cy + sy * z), max(1, 1.1 * z))
        return True
    return False


def hex_symbol(s, terrain: str, cx: float, cy: float, z: float, h: Hex | None) -> None:
    """A symbol per terrain, so that terrain never rests on colour alone (``h``: the hex, None
    for a sample drawn in the map's key)."""
    if terrain in ("clear", "open") or z * 56 < 16:
        return  # clear ground, or hexes too small for a symbol to read
    if terrain == "marsh":
        terrain = "swamp"  # the same reeds
    elif terrain not in ("forest", "swamp") and terrain_symbol(s, terrain, cx, cy, z):
        return
    spots: tuple[tuple[int, int], ...] = ((-19, -9), (18, 10), (-8, 17), (9, -18), (-20, 9), (20, -8))
    if z * 56 < 30:
        spots = spots[:2]
    if terrain == "forest":
        dark = (44, 96, 44)
        for sx, sy in spots:
            x, y = cx + sx * z, cy + sy * z
            pygame.draw.polygon(s, dark, [(x, y - 5.5 * z), (x - 4 * z, y + 2.5 * z), (x + 4 * z, y + 2.5 * z)])
            pygame.draw.line(s, (90, 60, 30), (x, y + 2.5 * z), (x, y + 5 * z), max(1, int(1.3 * z)))
    elif terrain == "swamp":
        ink = (40, 92, 104)
        w = max(1, int(1.2 * z))
        for sx, sy in spots:
            x, y = cx + sx * z, cy + sy * z
            pygame.draw.line(s, ink, (x - 5 * z, y + 2 * z), (x + 5 * z, y + 2 * z), w)
            pygame.draw.line(s, ink, (x - 2.5 * z, y + 1 * z), (x - 4 * z, y - 3 * z), w)
            pygame.draw.line(s, ink, (x, y + 1 * z), (x, y - 4 * z), w)
            pygame.draw.line(s, ink, (x + 2.5 * z, y + 1 * z), (x + 4 * z, y - 3 * z), w)
    else:
        t = T.text(terrain[:1].upper(), max(8, int(10 * z)), (60, 60, 60))
        for sx, sy in spots[:2]:
            s.blit(t, (cx + sx * z - t.get_width() / 2, cy + sy * z - t.get_height() / 2))
