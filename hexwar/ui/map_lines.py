"""A game's lines over the map (``MapLine``: a line of sight, an artillery mission), spotting
ranges (``MapRing``) and outlined areas (``MapArea``: an order's objective), asked of the game's
client extension every frame that may change (``game_lines``) and drawn over the counters.
"""
from __future__ import annotations

import logging

import pygame

from ..core.hexgrid import Hex
from .games.base import MapArea, MapLine, MapRing
from .shapes import arrow, dash_line, label_box, toward

log = logging.getLogger(__name__)


def game_lines(ctl, hover) -> list:
    """The game's ``MapLine``/``MapRing`` for this frame (a failing hook draws nothing)."""
    try:
        return list(ctl.gui.map_lines(ctl, hover) or ())
    except Exception:
        log.exception("map lines")
        return []


def still_lines(ctl) -> tuple:
    """The game's lines that do not follow the pointer (``GameUI.still_lines``), drawn in the
    map's cached layer."""
    try:
        return tuple(ctl.gui.still_lines(ctl) or ())
    except Exception:
        log.exception("still map lines")
        return ()


def moving_lines(ctl, hover) -> list:
    """The game's lines for this frame less the still ones: those drawn every frame."""
    lines = game_lines(ctl, hover)
    still = set(still_lines(ctl))
    return [ln for ln in lines if ln not in still] if still else lines


def draw_lines(surface, mv, lines, placed: list) -> None:
    """Rings and areas, then lines over them, their words stepping aside from ``placed``."""
    for ln in lines:
        if isinstance(ln, MapRing):
            draw_ring(surface, mv, ln, placed)
        elif isinstance(ln, MapArea):
            draw_area(surface, mv, ln, placed)
    for ln in lines:
        if isinstance(ln, MapLine):
            draw_line(surface, mv, ln, placed)


_area_cache: dict = {}  # the last outline of each kind on screen (ring, objective), by camera


LINE_STYLE = {"clear": (40, 150, 60), "blocked": (200, 40, 30), "mission": (200, 110, 20)}


def draw_line(surface, mv, ln: MapLine, placed: list | None = None) -> None:
    """A line of sight (green, solid; red and dashed beyond the hex that blocks it, with a cross
    there) or a mission (orange arrow), and its words in a box past its end."""
    z = mv.zoom
    a, b = mv.hex_center(ln.a), mv.hex_center(ln.b)
    col = LINE_STYLE.get(ln.kind, (20, 20, 20))
    w = max(2, int(3 * z))
    if ln.kind == "mission":
        arrow(surface, toward(a, b, 0.0), b, col, w)
    elif ln.cross is not None:
        c = mv.hex_center(ln.cross)
        pygame.draw.line(surface, (255, 255, 255), a, c, w + 2)
        pygame.draw.line(surface, LINE_STYLE["clear"], a, c, w)
        dash_line(surface, col, c, b, w, max(6, int(8 * z)))
    elif ln.kind == "blocked":
        dash_line(surface, col, a, b, w, max(6, int(8 * z)))
    else:
        pygame.draw.line(surface, (255, 255, 255), a, b, w + 2)
        pygame.draw.line(surface, col, a, b, w)
    if ln.cross is not None:  # a cross on the blocking hex: shape, not colour alone
        cx, cy = mv.hex_center(ln.cross)
        r = 12 * z
        for dx, dy in ((r, r), (r, -r)):
            pygame.draw.line(surface, (255, 255, 255), (cx - dx, cy - dy), (cx + dx, cy + dy), w + 4)
            pygame.draw.line(surface, LINE_STYLE["blocked"], (cx - dx, cy - dy), (cx + dx, cy + dy), w + 1)
    pygame.draw.circle(surface, (255, 255, 255), a, max(4, int(6 * z)))
    pygame.draw.circle(surface, col, a, max(3, int(4 * z)))
    if ln.text:
        bg = (225, 245, 225) if ln.kind == "clear" else (255, 225, 215) if ln.kind == "blocked" else (255, 235, 200)
        label_box(surface, ln.text, max(9, int(11 * z)), (b[0], b[1] - 56 * z), fg=(20, 20, 20), bg=bg,
                  placed=placed, within=mv.rect)  # over a "fire" box


def ring_edges(mv, centre: Hex, radius: int) -> list[tuple[tuple[float, float], tuple[float, float]]]:
    """The hexsides between the hexes within ``radius`` of ``centre`` and those beyond, on screen."""
    from ..core.hexgrid import distance, neighbors, ring

    key = (centre, radius, mv.zoom, mv.cam_x, mv.cam_y, tuple(mv.rect))
    got = _area_cache.get(("ring", centre, radius))
    if got is not None and got[0] == key:  # drawn again every frame the pointer moves
        return got[1]
    if len(_area_cache) > 8:
        _area_cache.clear()
    out = []
    for h in ring(centre, radius):
        cs = mv.hex_corners(h)
        hc = mv.hex_center(h)
        for n in neighbors(h):
            if distance(n, centre) <= radius:
                continue
            nc = mv.hex_center(n)
            mid = ((hc[0] + nc[0]) / 2, (hc[1] + nc[1]) / 2)
            two = sorted(cs, key=lambda p: (p[0] - mid[0]) ** 2 + (p[1] - mid[1]) ** 2)[:2]
            out.append((two[0], two[1]))
    _area_cache[("ring", centre, radius)] = (key, out)
    return out


def area_edges(mv, hexes) -> list:
    """The hexsides between ``hexes`` and the rest, on screen (kept for the last camera)."""
    from ..core.hexgrid import neighbors

    key = (hexes, mv.zoom, mv.cam_x, mv.cam_y, tuple(mv.rect))
    got = _area_cache.get("last")
    if got is not None and got[0] == key:
        return got[1]
    out = []
    for h in hexes:
        if not mv.visible(h):
            continue
        cs = mv.hex_corners(h)
        hc = mv.hex_center(h)
        for n in neighbors(h):
            if n in hexes:
                continue
            nc = mv.hex_center(n)
            mid = ((hc[0] + nc[0]) / 2, (hc[1] + nc[1]) / 2)
            two = sorted(cs, key=lambda p: (p[0] - mid[0]) ** 2 + (p[1] - mid[1]) ** 2)[:2]
            out.append((two[0], two[1]))
    _area_cache["last"] = (key, out)
    return out


def draw_area(surface, mv, ar: MapArea, placed: list | None = None) -> None:
    """An objective: a bold gold outline cased in black around its hexes, its words on top."""
    z = mv.zoom
    w = max(2, int(3 * z))
    edges = area_edges(mv, ar.hexes)
    for p, q in edges:
        pygame.draw.line(surface, (20, 20, 20), p, q, w + 3)
    for p, q in edges:
        pygame.draw.line(surface, (236, 196, 72), p, q, w)
    if ar.text and edges:
        top = min((p for e in edges for p in e), key=lambda p: (p[1], p[0]))
        label_box(surface, ar.text, max(9, int(11 * z)), (top[0], top[1] - 8 * z), fg=(20, 20, 20),
                  bg=(236, 196, 72), placed=placed, within=mv.rect)


def draw_ring(surface, mv, rg: MapRing, placed: list | None = None) -> None:
    """A spotting range: the outline of the hexes within it, white-cased dark blue dashes, with
    its words at the top."""
    z = mv.zoom
    w = max(2, int(2.5 * z))
    edges = ring_edges(mv, rg.centre, rg.radius)
    ink = (110, 40, 150) if rg.kind == "visibility" else (30, 60, 160)  # the sight limit: purple, thinner
    if rg.kind == "visibility":
        w = max(1, int(1.5 * z))
    for p, q in edges:
        pygame.draw.line(surface, (255, 255, 255), p, q, w + 2)
    for p, q in edges:
        dash_line(surface, ink, p, q, w, max(4, int(5 * z)))
    if rg.text and edges:  # under the ring (an objective's words go on top of its outline)
        low = max((p for e in edges for p in e), key=lambda p: p[1])
        cx = mv.hex_center(rg.centre)[0]
        label_box(surface, rg.text, max(9, int(11 * z)), (cx, low[1]), fg=(255, 255, 255), bg=ink,
                  border=(255, 255, 255), placed=placed, within=mv.rect)
