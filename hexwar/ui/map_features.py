"""Map symbols beyond terrain and rivers: relief, roads, cliffs, the Start Line, zones
(fortification belts, bridges …), entry areas, town sizes and victory points, and a
steady default look for any terrain, feature or zone kind the client does not know.

Every function returns drawing ops for ``MapView._build_ops``: (bounding box, fn(surface,
dx, dy)) in map pixels at one zoom. Nothing here rests on colour alone: relief has
contour lines and level figures, cliffs have teeth pointing downhill, fortifications
their sawtooth and the turn they become active, entry areas arrows and a label.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Protocol

import pygame

from ..core.board import Board
from ..core.hexgrid import Hex, neighbors
from . import mapinfo
from . import theme as T
from .map_terrain import bbox_of, hex_symbol, terrain_colour

SIDE_CORNERS = {i: ((i + 4) % 6, (i + 5) % 6) for i in range(6)}
# Hexside features drawn from hex centre to hex centre (a line one travels along);
# every other kind is drawn on the hexside itself.
ALONG = frozenset({"rail", "road", "railway", "highway", "track", "trail"})
KNOWN_SIDES = frozenset({"river", "major_river", "rail", "road", "cliff", "start_line"})


def kind_colour(kind: str):
    """A steady, fairly dark colour for a kind the client does not know."""
    rnd = random.Random("kind:" + kind)
    return (rnd.randint(30, 150), rnd.randint(30, 150), rnd.randint(30, 150))


class Geo:
    """Corners, centres and hexside segments of one board at one zoom (map pixels)."""

    def __init__(self, board: Board, lay, ox: float, oy: float, z: float) -> None:
        self.b, self.lay, self.ox, self.oy, self.z = board, lay, ox, oy, z

    def corners(self, h: Hex):
        return [(x + self.ox, y + self.oy) for x, y in self.lay.corners(h)]

    def centre(self, h: Hex):
        x, y = self.lay.center(h)
        return x + self.ox, y + self.oy

    def side_seg(self, a: Hex, b: Hex):
        """The segment between two adjacent hexes (a on the map), or None."""
        try:
            i = neighbors(a).index(b)
        except ValueError:
            return None
        c1, c2 = SIDE_CORNERS[i]
        pts = self.corners(a)
        return pts[c1], pts[c2]


def _text_op(surf: pygame.Surface, x: float, y: float):
    def op(s, dx, dy):
        s.blit(surf, (int(x + dx), int(y + dy)))
    return op


# --- relief ---------------------------------------------------------------------------------
def works_ops(g: Geo, values: dict[str, dict], z: float) -> list:
    """Field works carried per hex (``trench`` and ``wire`` layers of the map): a trench as
    the crenellated line of the printed maps (black, or dark red for a second kind), wire as a
    line of small crosses. Other per-hex layers show in the hex tooltip only."""
    ops: list[Op] = []
    if z * 56 < 16:
        return ops
    w = max(1, int(1.6 * z))
    for h, v in sorted((values.get("trench") or {}).items()):
        if h not in g.b.terrain or v in (0, "0", None, ""):
            continue
        cx, cy = g.centre(h)
        ink = (20, 20, 20) if str(v) == "1" else (150, 20, 20)
        y = cy + 12 * z
        pts = []
        for k in range(6):
            x = cx - 15 * z + k * 6 * z
            up = k % 2 == 0
            pts += [(x, y), (x, y - 3 * z if up else y), (x + 6 * z, y - 3 * z if up else y)]

        def op(s, dx, dy, pts=pts, ink=ink):
            pygame.draw.lines(s, ink, False, [(x + dx, yy + dy) for x, yy in pts], w)
        ops.append((bbox_of(pts, 3), op))
    for h, v in sorted((values.get("wire") or {}).items()):
        if h not in g.b.terrain or v in (0, "0", None, ""):
            continue
        cx, cy = g.centre(h)
        y = cy + 18 * z
        xs = [cx - 12 * z + k * 6 * z for k in range(5)]

        def op(s, dx, dy, xs=xs, y=y):
            ink = (60, 60, 60)
            pygame.draw.line(s, ink, (xs[0] + dx, y + dy), (xs[-1] + dx, y + dy), max(1, w - 1))
            for x in xs:
                d = 2 * z
                pygame.draw.line(s, ink, (x - d + dx, y - d + dy), (x + d + dx, y + d + dy), w)
                pygame.draw.line(s, ink, (x - d + dx, y + d + dy), (x + d + dx, y - d + dy), w)
        ops.append((pygame.Rect(int(xs[0] - 4 * z), int(y - 4 * z), int(32 * z), int(8 * z) + 2), op))
    return ops


def side_style(kind: str) -> str:
    """How a hexside feature kind is drawn: 'river', 'major_river', 'rail', 'road', 'cliff',
    'start_line' or 'other' (by the words in its name: ``izhora_river`` is a river,
    ``road_primary`` a road)."""
    k = kind.lower()
    if k in ("major_river", "start_line", "cliff"):
        return k
    if "rail" in k:
        return "rail"
    if any(w in k for w in ("road", "highway", "track", "trail")):
        return "road"
    if any(w in k for w in ("river", "stream", "creek", "brook")):
        return "river"
    return "other"


def relief_colour(col, level: int, top: int):
    """Ground colour darkened towards brown with height (a cue on top of contours and figures)."""
    if level <= 0 or top <= 0:
        return col
    f = 0.16 * level / max(1, top) * 2
    return tuple(int(c + (r - c) * min(0.5, f)) for c, r in zip(col[:3], T.RELIEF))


def relief_ranks(levels: dict[Hex, int]) -> dict[Hex, int]:
    """Levels as ranks 0, 1, 2 … (levels 0-2 stay as they are; metres 50/60/70 become 0/1/2)."""
    order = {v: i for i, v in enumerate(sorted(set(levels.values())))}
    return {h: order[v] for h, v in levels.items()}


def relief_ops(g: Geo, levels: dict[Hex, int], cliffs: set, show_figures: bool) -> list:
    """Contour lines on every hexside between different levels (one line per step of rank,
    the extra lines set towards the lower hex), and the level figure in raised hexes (only
    along the contours when most of the map is raised, as a printed map labels its contours).
    Hexsides with a cliff get the cliff symbol instead."""
    ops = []
    z = g.z
    figures = dict(levels)
    levels = relief_ranks(levels)
    raised = sum(1 for v in levels.values() if v > 0)
    sparse = raised > 0.4 * max(1, len(levels))
    for h, lv in sorted(levels.items()):
        if h not in g.b.terrain:
            continue
        for n in neighbors(h):
            nl = levels.get(n)
            if n not in g.b.terrain or nl is None or nl >= lv:
                continue
            if frozenset((h, n)) in cliffs:
                continue
            seg = g.side_seg(h, n)
            if seg is None:
                continue
            diff = min(3, lv - nl)
            cn = g.centre(n)
            lines = []
            for k in range(diff):
                lines.append(_inset(seg, cn, k * 2.6 * z) if k else seg)
            w = max(1, int(1.6 * z))

            def op(s, dx, dy, lines=lines, w=w):
                for (x1, y1), (x2, y2) in lines:
                    pygame.draw.line(s, T.CONTOUR, (x1 + dx, y1 + dy), (x2 + dx, y2 + dy), w)
            ops.append((bbox_of([p for ln in lines for p in ln], w + 2), op))
        on_contour = any(levels.get(n, lv) < lv for n in neighbors(h))
        if show_figures and lv > 0 and (not sparse or on_contour):
            cx, cy = g.centre(h)
            t = T.text(str(figures[h]), max(8, int(9 * z)), T.CONTOUR, "bold", halo=(245, 236, 214))
            x, y = cx - 24 * z, cy - t.get_height() / 2
            ops.append((pygame.Rect(int(x), int(y), t.get_width(), t.get_height()), _text_op(t, x, y)))
    return ops


def _inset(seg, towards, d: float):
    (x1, y1), (x2, y2) = seg
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    vx, vy = towards[0] - mx, towards[1] - my
    n = math.hypot(vx, vy) or 1
    return ((x1 + vx / n * d, y1 + vy / n * d), (x2 + vx / n * d, y2 + vy / n * d))


# --- hexside features -----------------------------------------------------------------------
def cliff_op(seg, down, z):
    """A cliff: a heavy line on the hexside with teeth pointing towards the lower hex."""
    (x1, y1), (x2, y2) = seg
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    vx, vy = down[0] - mx, down[1] - my
    n = math.hypot(vx, vy) or 1
    ux, uy = vx / n, vy / n
    ink = (70, 30, 14)
    w = max(2, int(3 * z))
    teeth = []
    for k in range(1, 5):
        t = k / 5
        px, py = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
        teeth.append(((px, py), (px + ux * 6 * z, py + uy * 6 * z)))

    def op(s, dx, dy):
        pygame.draw.line(s, ink, (x1 + dx, y1 + dy), (x2 + dx, y2 + dy), w)
        for (a, b), (c, d) in teeth:
            pygame.draw.line(s, ink, (a + dx, b + dy), (c + dx, d + dy), max(1, int(2 * z)))
    return op


def start_line_op(seg, z):
    """The Start Line: a bold red line with a thin white casing, so it reads over rivers."""
    (x1, y1), (x2, y2) = seg
    w = max(3, int(4.5 * z))

    def op(s, dx, dy):
        p1, p2 = (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)
        pygame.draw.line(s, (255, 255, 255), p1, p2, w + 2)
        pygame.draw.line(s, T.START_LINE, p1, p2, w)
        r = max(1, (w + 1) // 2)
        pygame.draw.circle(s, T.START_LINE, p1, r)
        pygame.draw.circle(s, T.START_LINE, p2, r)
    return op


def unknown_side_op(seg, colour, z):
    """A hexside feature of a kind the client does not know: a dashed line in its own colour."""
    (x1, y1), (x2, y2) = seg
    w = max(2, int(3 * z))

    def op(s, dx, dy):
        n = 6
        for k in range(0, n, 2):
            a, c = k / n, (k + 1) / n
            pygame.draw.line(s, colour, (x1 + (x2 - x1) * a + dx, y1 + (y2 - y1) * a + dy),
                             (x1 + (x2 - x1) * c + dx, y1 + (y2 - y1) * c + dy), w)
    return op


def road_op(seg, z, colour=None):
    """A road from hex centre to hex centre: a pale band cased in dark red."""
    (x1, y1), (x2, y2) = seg
    w = max(3, int(5 * z))
    col = colour or T.ROAD

    def op(s, dx, dy):
        p1, p2 = (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)
        pygame.draw.line(s, col, p1, p2, w)
        pygame.draw.circle(s, col, p1, w / 2)
        pygame.draw.circle(s, col, p2, w / 2)
    return op


def road_fill_op(seg, z):
    (x1, y1), (x2, y2) = seg
    w = max(1, int(5 * z) - 2 * max(1, int(1.4 * z)))

    def op(s, dx, dy):
        p1, p2 = (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)
        pygame.draw.line(s, T.ROAD_FILL, p1, p2, w)
        pygame.draw.circle(s, T.ROAD_FILL, p1, w / 2)
        pygame.draw.circle(s, T.ROAD_FILL, p2, w / 2)
    return op


def road_label_ops(g: Geo, feature, z: float) -> list:
    """A road's number in a small white shield where it leaves the map (or at one end)."""
    name = str(feature.name or "")
    if not name or len(name) > 3:
        return []
    count: dict[Hex, int] = {}
    for sd in feature.hexsides:
        for h in (sd.a, sd.b):
            count[h] = count.get(h, 0) + 1
    ends = [h for h, c in count.items() if c == 1 and h in g.b.terrain]
    if not ends:
        return []
    b = g.b

    def on_edge(h: Hex) -> bool:
        return any(n not in b.terrain for n in neighbors(h))

    edge_ends = [h for h in ends if on_edge(h)] or ends[:1]
    ops = []
    px = max(8, int(10 * z))
    for h in edge_ends:
        cx, cy = g.centre(h)
        t = T.text(name, px, (20, 20, 20), "bold")
        bw, bh = t.get_width() + int(6 * z) + 2, t.get_height() + 2
        box = pygame.Rect(0, 0, bw, bh)
        box.center = (int(cx), int(cy + 13 * z))

        def op(s, dx, dy, box=box, t=t):
            r = box.move(int(dx), int(dy))
            pygame.draw.rect(s, (252, 250, 240), r, border_radius=max(2, int(4 * z)))
            pygame.draw.rect(s, T.ROAD, r, max(1, int(1.4 * z)), border_radius=max(2, int(4 * z)))
            s.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
        ops.append((box.inflate(4, 4), op))
    return ops


# --- zones ------------------------------------------------------------------------------------
def zone_ops(g: Geo, z: float, show_labels: bool) -> list:
    ops = []
    b = g.b
    for zone in b.zones:
        hexes = sorted(h for h in zone.hexes if h in b.terrain)
        if not hexes:
            continue
        kind = zone.kind
        side = str(zone.props.get("side", "") or "")
        if kind == "fortification":
            ops += _fortification_ops(g, zone, hexes, side, z, show_labels)
        elif kind == "bridge":
            continue  # drawn over the roads (MapView), since a bridge carries one
        else:
            ops += _outline_ops(g, zone.hexes, kind_colour(kind), z, dashed=True)
            if show_labels:
                ops += _label_ops(g, hexes, zone.name or kind, z, kind_colour(kind))
    return ops


def active_from(zone) -> str:
    """The turn a zone (a fortification belt) becomes active, as the map writes it."""
    for key in ("active_from", "active", "turn"):
        v = zone.props.get(key)
        if v not in (None, ""):
            return str(v)
    return ""


def _fortification_ops(g: Geo, zone, hexes, side: str, z: float, show_labels: bool) -> list:
    """A fortification belt: a sawtooth (the classic trench mark) in its side's colour on every
    hex of the belt, with the turn the belt becomes active beside it. The belts' names are in
    the hex tooltip and the legend: on the map they would cover towns and each other."""
    col = T.side_colour(side) if side else (90, 60, 120)
    when = active_from(zone)
    ops = []
    tag = T.text(when, max(8, int(9 * z)), col, "bold", halo=(255, 255, 255)) if when and z * 56 >= 30 else None
    for h in hexes:
        cx, cy = g.centre(h)
        y = cy - 9 * z
        n = 4
        step = 6.5 * z
        x0 = cx - n * step / 2 - (4 * z if tag is not None else 0)
        pts = []
        for k in range(n + 1):
            pts.append((x0 + k * step, y))
            if k < n:
                pts.append((x0 + k * step + step / 2, y - 5 * z))
        box = bbox_of(pts, 3)
        tx = pts[-1][0] + 2 * z
        if tag is not None:
            box.union_ip(pygame.Rect(int(tx), int(y - tag.get_height() + 2 * z), tag.get_width() + 1, tag.get_height()))

        def op(s, dx, dy, pts=pts, tx=tx, y=y):
            p = [(x + dx, yy + dy) for x, yy in pts]
            pygame.draw.lines(s, (255, 255, 255), False, p, max(2, int(2.2 * z)) + 2)
            pygame.draw.lines(s, col, False, p, max(2, int(2.2 * z)))
            if tag is not None:
                s.blit(tag, (int(tx + dx), int(y - tag.get_height() + 2 * z + dy)))
        ops.append((box, op))
    return ops


def fort_mark_rect(cx: float, cy: float, z: float) -> pygame.Rect:
    """Where a fortification hex's sawtooth and turn letter are drawn (screen or map pixels)."""
    return pygame.Rect(int(cx - 19 * z), int(cy - 18 * z), int(38 * z) + 2, int(12 * z) + 2)


def bridge_op(g: Geo, h: Hex, z: float):
    """A bridge: two parallel rails with splayed ends across the hex centre."""
    cx, cy = g.centre(h)
    L, gap, flare = 11 * z, 4.5 * z, 3.5 * z
    ink = (30, 30, 30)
    w = max(2, int(2.2 * z))
    lines = []
    for sgn in (-1, 1):
        y = cy + sgn * gap
        lines.append(((cx - L, y), (cx + L, y)))
        lines.append(((cx - L, y), (cx - L - flare, y + sgn * flare)))
        lines.append(((cx + L, y), (cx + L + flare, y + sgn * flare)))

    def op(s, dx, dy):
        deck = pygame.Rect(0, 0, int(2 * L), int(2 * gap))
        deck.center = (int(cx + dx), int(cy + dy))
        pygame.draw.rect(s, (250, 246, 232), deck)
        for (x1, y1), (x2, y2) in lines:
            pygame.draw.line(s, ink, (x1 + dx, y1 + dy), (x2 + dx, y2 + dy), w)
    pts = [p for ln in lines for p in ln]
    return bbox_of(pts, 3), op


def _outline_ops(g: Geo, hexes, colour, z: float, dashed: bool, width: int | None = None) -> list:
    ops = []
    b = g.b
    w = width or max(2, int(2 * z))
    for h in sorted(hexes):
        if h not in b.terrain:
            continue
        for n in neighbors(h):
            if n in hexes:
                continue
            seg = g.side_seg(h, n)
            if seg is None:
                continue
            seg = _inset(seg, g.centre(h), 1.5 * z)
            if dashed:
                ops.append((bbox_of(seg, w + 2), unknown_side_op(seg, colour, z)))
            else:
                (x1, y1), (x2, y2) = seg

                def op(s, dx, dy, x1=x1, y1=y1, x2=x2, y2=y2):
                    pygame.draw.line(s, colour, (x1 + dx, y1 + dy), (x2 + dx, y2 + dy), w)
                ops.append((bbox_of(seg, w + 2), op))
    return ops


def _label_ops(g: Geo, hexes, text: str, z: float, colour) -> list:
    """One label for a group of hexes, on the hex nearest the group's middle."""
    if not hexes:
        return []
    pts = [g.centre(h) for h in hexes]
    mx, my = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
    h = min(hexes, key=lambda h: (g.centre(h)[0] - mx) ** 2 + (g.centre(h)[1] - my) ** 2)
    cx, cy = g.centre(h)
    t = T.text(text, max(8, int(9.5 * z)), colour, "bold", halo=(255, 255, 255))
    x, y = cx - t.get_width() / 2, cy + 4 * z
    return [(pygame.Rect(int(x), int(y), t.get_width(), t.get_height()), _text_op(t, x, y))]


# --- entry areas ------------------------------------------------------------------------------
def is_entry(name: str) -> bool:
    return name.lower().startswith("entry")


def entry_ops(g: Geo, name: str, hexes, z: float, show_labels: bool, map_w: float | None = None) -> list:
    """An entry area: a green chevron on each hex pointing in from the map edge, and its name."""
    b = g.b
    ops = []
    hs = sorted(h for h in hexes if h in b.terrain)
    for h in hs:
        cx, cy = g.centre(h)
        out = [n for n in neighbors(h) if n not in b.terrain]
        if out:  # point away from the outside
            dirs = []
            for i, n in enumerate(neighbors(h)):
                if n not in b.terrain:
                    c1, c2 = SIDE_CORNERS[i]
                    pts = g.corners(h)
                    dirs.append(((pts[c1][0] + pts[c2][0]) / 2 - cx, (pts[c1][1] + pts[c2][1]) / 2 - cy))
            vx, vy = -sum(d[0] for d in dirs), -sum(d[1] for d in dirs)
        else:
            vx, vy = 0.0, 1.0
        n_ = math.hypot(vx, vy) or 1
        ux, uy = vx / n_, vy / n_
        px_, py_ = -uy, ux
        tip = (cx + ux * 10 * z, cy + uy * 10 * z)
        back = (cx - ux * 2 * z, cy - uy * 2 * z)
        pts = [(back[0] + px_ * 8 * z, back[1] + py_ * 8 * z), tip, (back[0] - px_ * 8 * z, back[1] - py_ * 8 * z)]

        def op(s, dx, dy, pts=pts):
            p = [(x + dx, y + dy) for x, y in pts]
            pygame.draw.lines(s, (255, 255, 255), False, p, max(2, int(3.4 * z)) + 2)
            pygame.draw.lines(s, T.ENTRY, False, p, max(2, int(3.4 * z)))
        ops.append((bbox_of(pts, 5), op))
    if show_labels and hs:
        label = name[:1].upper() + name[1:]
        h = hs[len(hs) // 2]
        cx, cy = g.centre(h)
        t = T.text(label, max(8, int(9 * z)), T.ENTRY, "bold", halo=(255, 255, 255))
        x, y = cx - t.get_width() / 2, cy + 10 * z
        if map_w is not None:  # an edge area: keep its name on the map
            x = max(2.0, min(x, map_w - t.get_width() - 2))
        ops.append((pygame.Rect(int(x), int(y), t.get_width(), t.get_height()), _text_op(t, x, y)))
    return ops


# --- places -----------------------------------------------------------------------------------
def village_op(pos, z):
    def op(s, dx, dy):
        x, y = pos[0] + dx, pos[1] + dy
        r = max(2.5, 4 * z)
        pygame.draw.circle(s, (240, 236, 220), (x, y), r + 1.5)
        pygame.draw.circle(s, (30, 30, 30), (x, y), r)
    return op


def vp_badge_op(pos, vp: int, z: float):
    """Victory points: a gold disc with the figure (and 'VP' under it when big enough)."""
    r = max(6, 7.5 * z)
    t = T.text(str(vp), max(8, int(10 * z)), (20, 20, 20), "bold")

    def op(s, dx, dy):
        x, y = pos[0] + dx, pos[1] + dy
        pygame.draw.circle(s, (40, 30, 10), (x, y), r + 1)
        pygame.draw.circle(s, (246, 204, 64), (x, y), r)
        s.blit(t, (x - t.get_width() / 2, y - t.get_height() / 2))
    box = pygame.Rect(int(pos[0] - r - 2), int(pos[1] - r - 2), int(2 * r + 5), int(2 * r + 5))
    return box, op


def place_style(kind: str, props: dict) -> str:
    """'major', 'city' or 'village' for the map symbol."""
    size = str(props.get("size", "") or "").lower()
    if kind == "major_city" or size in ("major_city", "major"):
        return "major"
    if size in ("village", "hamlet"):
        return "village"
    return "city"


def vp_of(props: dict) -> int:
    return mapinfo.place_vp(props)


Op = tuple[pygame.Rect, Callable]


# --- the legend of a map ------------------------------------------------------------------------
TERRAIN_NOTES = {
    "forest": "trees", "swamp": "reeds", "marsh": "reeds", "rough": "chevrons", "high_ground": "form lines",
    "rugged_crest": "crest and hachures", "river": "a river hex: blue meander", "plain": "sparse dots",
    "peat_bog": "reeds on brown", "building": "house blocks", "city": "house blocks", "hospital": "red cross",
    "mill": "sails",
}


def legend_lines(board: Board) -> list[str]:
    """What each symbol on this map means, for the symbols this map has (the printed map's key)."""
    out = []
    kinds = {side_style(f.kind) for f in board.features}
    other = sorted({f.kind for f in board.features if side_style(f.kind) == "other"})
    if mapinfo.heights(board):
        out.append("Brown lines between hexes: contours, one per step of height (two or three for a steep "
                   "step); the figure in a hex is its height; higher ground is darker")
    if "start_line" in kinds:
        out.append("Bold red line cased in white: the Start Line")
    if "river" in kinds or "major_river" in kinds:
        out.append("Blue hexside: river; thick blue hexside with a light centre: major river")
    if "cliff" in kinds:
        out.append("Heavy line with teeth on a hexside: cliff; the teeth point down the slope")
    if "road" in kinds:
        out.append("Pale line cased in red from hex centre to hex centre: road; its number in a white shield "
                   "where it leaves the map")
    if "rail" in kinds:
        out.append("Black line with white dashes from centre to centre: railway")
    for k in other:
        out.append(f"Dashed coloured hexside: {k.replace('_', ' ')}")
    zk = {z.kind for z in board.zones}
    if "fortification" in zk:
        out.append("Sawtooth in a side's colour, with a letter or figure: a fortification belt and the turn it "
                   "becomes active; washed out and struck through: not active in this position")
    if "bridge" in zk:
        out.append("Two rails with splayed ends across a hex: bridge")
    for k in sorted(zk - {"fortification", "bridge"}):
        out.append(f"Dashed outline with a name: {k.replace('_', ' ')}")
    values = board.hex_values
    if values.get("trench"):
        out.append("Crenellated line low in a hex: trench (black; dark red: the second kind)")
    if values.get("wire"):
        out.append("Line of small crosses: wire")
    if board.places:
        props = mapinfo.place_props(board)
        styles = {place_style(p.kind, props.get(h, {})) for h, p in board.places.items()}
        names = {"village": "dot: village", "city": "small square: city", "major": "framed square: major city"}
        text = "; ".join(names[s] for s in ("village", "city", "major") if s in styles)
        if any(vp_of(v) for v in props.values()):
            text += "; gold disc: victory points"
        out.append(text[:1].upper() + text[1:])
    if any(is_entry(n) for n in board.regions):
        out.append("Green chevrons pointing in from the edge: an entry area, with its name")
    if any(not is_entry(n) for n in board.regions):
        out.append("Purple dashes: the border of a named area")
    if board.edges:
        out.append("Band along the map edge in a side's colour (dashed red and white for the red side): "
                   "that side's friendly edge")
    return out


class Terrains(Protocol):
    """What the key of a map reads of it: the terrain of each hex (a Board, or a stand-in
    holding some of its terrains)."""

    @property
    def terrain(self) -> Mapping[Hex, str]: ...


def terrain_legend(board: Terrains) -> list[tuple[str, str]]:
    """(terrain, what marks it) for the terrains of a map, commonest first."""
    counts: dict[str, int] = {}
    for t in board.terrain.values():
        counts[t] = counts.get(t, 0) + 1
    return [(t, TERRAIN_NOTES.get(t, "")) for t in sorted(counts, key=lambda t: -counts[t])]


def draw_terrain_row(surface: pygame.Surface, x: int, y: int, size: int, board: Terrains, limit: int = 8) -> int:
    """A row of small hexes, one per terrain of the map, drawn with the map's own colours and
    symbols, each with its name under it; returns the height used."""
    z = size / 56
    cx = x + size * 0.6
    h_used = 0
    for t, _note in terrain_legend(board)[:limit]:
        cy = y + size / 2
        hw, hh, hs = size * 32 / 56 * 0.95, size / 2 * 0.95, size * 16 / 56 * 0.95
        pts = [(cx + hw, cy), (cx + hs, cy + hh), (cx - hs, cy + hh),
               (cx - hw, cy), (cx - hs, cy - hh), (cx + hs, cy - hh)]
        col = terrain_colour(t)
        pygame.draw.polygon(surface, col, pts)
        hex_symbol(surface, t, cx, cy, z, None)
        pygame.draw.polygon(surface, tuple(int(c * 0.72) for c in col[:3]), pts, 1)
        lab = T.text(t.replace("_", " "), max(10, int(size * 0.25)), T.TEXT)  # (never under 10 px)
        surface.blit(lab, (cx - lab.get_width() / 2, y + size + 2))
        h_used = size + 2 + lab.get_height()
        cx += max(size * 1.25, lab.get_width() + 8)
    return h_used
