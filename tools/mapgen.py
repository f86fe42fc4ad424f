"""Shared helpers of the map generators (tools/build_*_map.py).

Everything here is generic: the odd-q hex grid Tiled draws (64x56 flat-topped
tiles), hex geometry that does not depend on the map size, the linear
lon/lat fit, snapping a polyline to a chain of hexsides, river stitching and
the TMX/TSX/PNG writers.  What depends on the map size lives on a `HexGrid`;
each generator makes one and binds its methods to module-level names.

Only the Python standard library, numpy and the engine's hex grid
(`hexwar.core.hexgrid`: distances and hex lines) are used (no pygame).
"""
from __future__ import annotations

import heapq
import math
import struct
import zlib
from collections.abc import Iterable
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np

from hexwar.core.hexgrid import Hex
from hexwar.core.hexgrid import distance as _distance
from hexwar.core.hexgrid import hex_line as _hex_line

# --------------------------------------------------------------------------
# Grid constants
# --------------------------------------------------------------------------
TW, TH, SIDE = 64, 56, 32            # tile size and hexside length (pixels)
COL_W = (TW - SIDE) // 2 + SIDE      # 48: distance between column centres
HALF_H = TH // 2                     # 28: even printed columns sit this much lower

# Corner offsets of a flat-topped hex, clockwise from the west corner.
CORNERS = [(-32, 0), (-16, -28), (16, -28), (32, 0), (16, 28), (-16, 28)]


# --------------------------------------------------------------------------
# Projection
# --------------------------------------------------------------------------
def uv_to_px(u: float, v: float) -> tuple[float, float]:
    """Map pixel of fractional printed column u and row v (v is the row of an
    odd column; an even column's row r has its centre at v = r + 0.5)."""
    return (u - 1) * COL_W + TW / 2, (v - 1) * TH + HALF_H


def px_to_uv(x: float, y: float) -> tuple[float, float]:
    u = (x - TW / 2) / COL_W + 1
    v = (y - HALF_H) / TH + 1
    return u, v


class LinearFit:
    """Grid fit given as dict(lon0, dlon, lat0, dlat, col0, row0): hex
    (col0, row0) is centred on (lon0, lat0); dlon/dlat degrees per hex."""

    def __init__(self, fit: dict):
        self.fit = fit

    def fit_uv(self, lon: float, lat: float) -> tuple[float, float]:
        fit = self.fit
        u = fit["col0"] + (lon - fit["lon0"]) / fit["dlon"]
        v = fit["row0"] + (fit["lat0"] - lat) / fit["dlat"]
        return u, v

    def lonlat_to_px(self, lon: float, lat: float) -> tuple[float, float]:
        """Map pixel of a lon/lat point: linear, so that hex centres match the fit."""
        return uv_to_px(*self.fit_uv(lon, lat))

    def px_to_lonlat(self, x: float, y: float) -> tuple[float, float]:
        fit = self.fit
        u, v = px_to_uv(x, y)
        return (fit["lon0"] + (u - fit["col0"]) * fit["dlon"],
                fit["lat0"] - (v - fit["row0"]) * fit["dlat"])


# --------------------------------------------------------------------------
# Hex geometry (independent of the map size)
# --------------------------------------------------------------------------
def hid(c: int, r: int) -> str:
    return f"{c:02d}{r:02d}"


def parse_hid(h: str) -> tuple[int, int]:
    return int(h[:2]), int(h[2:])


def centre(c: int, r: int) -> tuple[int, int]:
    """Pixel centre of printed hex (c, r), as Tiled draws it (odd-q, x stagger)."""
    return (c - 1) * COL_W + TW // 2, (r - 1) * TH + HALF_H + (HALF_H if c % 2 == 0 else 0)


def hcentre(h: str) -> tuple[int, int]:
    return centre(*parse_hid(h))


def hex_corners(c: int, r: int) -> list[tuple[int, int]]:
    x, y = centre(c, r)
    return [(x + dx, y + dy) for dx, dy in CORNERS]


def corner_of(h, k):
    """Corner k of hex h, numbered clockwise from the west corner
    (0=W, 1=NW, 2=NE, 3=E, 4=SE, 5=SW)."""
    return hex_corners(*parse_hid(h))[k]


def hex_at(x: float, y: float) -> tuple[int, int]:
    """Printed hex whose centre is nearest to pixel (x, y); may be off the map."""
    c0 = round((x - TW / 2) / COL_W) + 1
    best = (math.inf, c0, 0)  # the first of the nine candidates replaces it
    for c in (c0 - 1, c0, c0 + 1):
        off = HALF_H if c % 2 == 0 else 0
        r0 = round((y - HALF_H - off) / TH) + 1
        for r in (r0 - 1, r0, r0 + 1):
            cx, cy = (c - 1) * COL_W + TW / 2, (r - 1) * TH + HALF_H + off
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best[0]:
                best = (d, c, r)
    return best[1], best[2]


def side_id(a: str, b: str) -> str:
    return "-".join(sorted((a, b)))


def edge_of_side(a: str, b: str) -> tuple:
    common = set(hex_corners(*parse_hid(a))) & set(hex_corners(*parse_hid(b)))
    assert len(common) == 2, (a, b)
    return tuple(sorted(common))


def _hex(h: str) -> Hex:
    return Hex(*parse_hid(h))


def distance(a: str, b: str) -> int:
    return _distance(_hex(a), _hex(b))


def hex_line(a: str, b: str, sign: int = 1) -> list[str]:
    """Shortest straight run of hexes from a to b (the engine's ``hex_line``);
    `sign` picks the side on which exact ties fall."""
    return [hid(*h) for h in _hex_line(_hex(a), _hex(b), sign)]


def best_hex_line(a: str, b: str, pa, pb) -> list[str]:
    """Of the two tie-breaking variants of hex_line, the one whose hex centres
    stay closest to the real segment pa-pb (pixels)."""
    def off(line):
        return sum(seg_dist(*centre(*parse_hid(h)), *pa, *pb) for h in line)
    return min((hex_line(a, b, 1), hex_line(a, b, -1)), key=off)


def outline(hexes: Iterable[str]) -> list[list[tuple[int, int]]]:
    """Boundary loops of a set of hexes (list of corner lists)."""
    count: dict[tuple, int] = {}
    for h in hexes:
        k = hex_corners(*parse_hid(h))
        for i in range(6):
            e = tuple(sorted((k[i], k[(i + 1) % 6])))
            count[e] = count.get(e, 0) + 1
    # keep the directed boundary edges (hex corners run clockwise on screen)
    nxt = {}
    for h in hexes:
        k = hex_corners(*parse_hid(h))
        for i in range(6):
            a, b = k[i], k[(i + 1) % 6]
            if count[tuple(sorted((a, b)))] == 1:
                nxt[a] = b
    loops = []
    while nxt:
        start = next(iter(nxt))
        loop = [start]
        p = nxt.pop(start)
        while p != start:
            loop.append(p)
            p = nxt.pop(p)
        loops.append(loop)
    loops.sort(key=len, reverse=True)
    return loops


def outline_polygon(hexes: Iterable[str]) -> list[tuple[int, int]]:
    """One polygon for the drawing: the boundary loops of the set, the
    smaller ones joined to the largest by a there-and-back bridge (a region
    in two pieces is still a single object; its `hexes` is what counts)."""
    loops = outline(hexes)
    pts = list(loops[0])
    for loop in loops[1:]:
        pts += [pts[0]] + loop + [loop[0]]
    return pts


# --------------------------------------------------------------------------
# Plane geometry
# --------------------------------------------------------------------------
def point_in_poly(x, y, poly):
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[i - 1]
        if (y1 > y) != (y2 > y) and x < (x2 - x1) * (y - y1) / (y2 - y1) + x1:
            inside = not inside
    return inside


def seg_dist(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    t = 0.0 if L2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / L2))
    qx, qy = ax + t * dx, ay + t * dy
    return math.hypot(px - qx, py - qy)


def poly_dist(px, py, pts):
    return min(seg_dist(px, py, *pts[i], *pts[i + 1]) for i in range(len(pts) - 1))


def densify(pts, step):
    out = [pts[0]]
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(bx - ax, by - ay) / step))
        for k in range(1, n + 1):
            out.append((ax + (bx - ax) * k / n, ay + (by - ay) * k / n))
    return out


def length(pts):
    return sum(math.hypot(b[0] - a[0], b[1] - a[1]) for a, b in zip(pts, pts[1:]))


# --------------------------------------------------------------------------
# Geo input: Natural Earth rivers
# --------------------------------------------------------------------------
def stitch(parts: list[list[tuple[float, float]]], drop=()) -> list[list[tuple[float, float]]]:
    """Join the pieces of a Natural Earth river into as few lines as possible.
    Joins in flow order (end of one piece = start of the next) are tried
    first, reversed joins only after them; zero-length pieces and the pieces
    listed in `drop` are left out."""
    pieces = [list(p) for i, p in enumerate(parts) if i not in drop and len(p) >= 2 and
              any(abs(a - b) > 1e-9 for a, b in zip(p[0], p[-1]))]
    lines = []
    while pieces:
        line = pieces.pop(0)
        grown = True
        while grown:
            grown = False
            for mode in range(4):
                for i, p in enumerate(pieces):
                    if mode == 0 and _close(line[-1], p[0]):
                        line += p[1:]
                    elif mode == 1 and _close(line[0], p[-1]):
                        line = p[:-1] + line
                    elif mode == 2 and _close(line[-1], p[-1]):
                        line += p[::-1][1:]
                    elif mode == 3 and _close(line[0], p[0]):
                        line = p[::-1][:-1] + line
                    else:
                        continue
                    pieces.pop(i)
                    grown = True
                    break
                if grown:
                    break
        lines.append(line)
    return lines


def _close(a, b, tol=0.02):
    return abs(a[0] - b[0]) < tol and abs(a[1] - b[1]) < tol


# --------------------------------------------------------------------------
# The grid of one map (depends on its size)
# --------------------------------------------------------------------------
class HexGrid:
    """A COLS x ROWS odd-q grid: on-map tests, neighbours, the edge table and
    snapping of pixel polylines to connected chains of hexsides."""

    def __init__(self, cols: int, rows: int):
        self.cols, self.rows = cols, rows
        self.map_w = cols * COL_W + (TW - COL_W)
        self.map_h = rows * TH + HALF_H
        self.all_hexes = [hid(c, r) for c in range(1, cols + 1) for r in range(1, rows + 1)]
        # Edge table: an edge of the hex grid, keyed by its two corners
        # (sorted), maps to the on-map hexes it bounds.  Hexsides are the
        # edges shared by two hexes.
        self.edges: dict[tuple, list[str]] = {}
        for c in range(1, cols + 1):
            for r in range(1, rows + 1):
                k = hex_corners(c, r)
                for i in range(6):
                    self.edges.setdefault(tuple(sorted((k[i], k[(i + 1) % 6]))), []).append(hid(c, r))
        self.hexside_edges = {e: tuple(sorted(h)) for e, h in self.edges.items() if len(h) == 2}
        self.corner_graph: dict[tuple, list[tuple]] = {}
        for (p, q) in self.hexside_edges:
            self.corner_graph.setdefault(p, []).append(q)
            self.corner_graph.setdefault(q, []).append(p)

    def on_map(self, c: int, r: int) -> bool:
        return 1 <= c <= self.cols and 1 <= r <= self.rows

    def neighbours(self, c: int, r: int) -> list[tuple[int, int]]:
        """The six neighbours on the map; even printed columns are the lower ones."""
        if c % 2 == 1:
            cand = [(c, r - 1), (c, r + 1), (c + 1, r - 1), (c + 1, r), (c - 1, r - 1), (c - 1, r)]
        else:
            cand = [(c, r - 1), (c, r + 1), (c + 1, r), (c + 1, r + 1), (c - 1, r), (c - 1, r + 1)]
        return [(a, b) for a, b in cand if self.on_map(a, b)]

    def hneighbours(self, h: str) -> list[str]:
        return [hid(a, b) for a, b in self.neighbours(*parse_hid(h))]

    def adjacent(self, a: str, b: str) -> bool:
        return parse_hid(b) in self.neighbours(*parse_hid(a))

    # -- rivers: snap a line to a connected chain of hex edges --------------
    def in_map_runs(self, line_px):
        """Split a (dense) pixel line into runs whose points lie on the map."""
        runs, cur = [], []
        for x, y in densify(line_px, 4.0):
            c, r = hex_at(x, y)
            if self.on_map(c, r) and 0 <= x <= self.map_w and 0 <= y <= self.map_h:
                cur.append((x, y))
            elif cur:
                runs.append(cur)
                cur = []
        if cur:
            runs.append(cur)
        return runs

    def nearest_corner(self, x, y, allowed=None):
        pool = allowed if allowed is not None else self.corner_graph.keys()
        return min(pool, key=lambda k: (k[0] - x) ** 2 + (k[1] - y) ** 2)

    def snap_chain(self, run, used_edges, start=None, targets=None, via=()):
        """Cheapest corner path hugging the run: an edge costs more the farther
        it lies from the river line (square law).  Edges of an earlier river are
        nearly forbidden.  `targets` is a set of corners at which the path may end
        (a tributary ends where it first meets the river it flows into)."""
        coarse = run[::3] + [run[-1]]
        graph = self.corner_graph

        def cost(p, q):
            e = tuple(sorted((p, q)))
            pts = [p, q, ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)]
            d = sum(poly_dist(x, y, coarse) for x, y in pts) / 3
            c = 32.0 * (0.1 + (d / 20.0) ** 2)
            return c * (1000 if e in used_edges else 1)

        def dijkstra(s, goal):
            dist = {s: 0.0}
            prev = {}
            heap = [(0.0, s)]
            t = None
            while heap:
                d, u = heapq.heappop(heap)
                if u in goal:
                    t = u
                    break
                if d > dist[u]:
                    continue
                for w in graph[u]:
                    nd = d + cost(u, w)
                    if nd < dist.get(w, float("inf")):
                        dist[w] = nd
                        prev[w] = u
                        heapq.heappush(heap, (nd, w))
            path = [t]
            while path[-1] != s:
                path.append(prev[path[-1]])
            return path[::-1]

        s = start or self.nearest_corner(*run[0])
        goals = [{v} for v in via] + [targets or {self.nearest_corner(*run[-1])}]
        path = [s]
        for goal in goals:
            path += dijkstra(path[-1], goal)[1:]
        # remove any back-and-forth created by the via points
        clean = []
        for p in path:
            if p in clean:
                del clean[clean.index(p) + 1:]
            else:
                clean.append(p)
        return clean


# --------------------------------------------------------------------------
# Writers: PNG, TSX, TMX
# --------------------------------------------------------------------------
def png_bytes(rgba: np.ndarray) -> bytes:
    h, w, _ = rgba.shape
    raw = b"".join(b"\x00" + rgba[y].astype(np.uint8).tobytes() for y in range(h))

    def chunk(tag, data):
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data) & 0xFFFFFFFF)

    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0)) +
            chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def hex_masks():
    """(inside, border) boolean masks of one TW x TH tile: the flat-topped hex
    with corners (0,28) (16,0) (48,0) (64,28) (48,56) (16,56), and its rim."""
    ys, xs = np.mgrid[0:TH, 0:TW]
    px, py = xs + 0.5, ys + 0.5
    dx = np.abs(px - 32)
    inside = dx <= 32 - np.abs(py - 28) * 16 / 28
    inner = (dx <= 31 - np.abs(py - 28) * 16 / 28 - 0.5) & (py >= 1) & (py <= TH - 1)
    return inside, inside & ~inner


def write_tileset(path: Path, name: str, image: str, n: int, kind: str, props):
    """A TSX of n tiles of `kind`; props(i) gives (name, value, type or None)
    triples for tile i."""
    ts = ET.Element("tileset", {"version": "1.8", "tiledversion": "1.8.2", "name": name,
                                "tilewidth": str(TW), "tileheight": str(TH),
                                "tilecount": str(n), "columns": str(n)})
    ET.SubElement(ts, "image", {"source": image, "width": str(TW * n), "height": str(TH)})
    for i in range(n):
        tile = ET.SubElement(ts, "tile", {"id": str(i), "type": kind})
        pr = ET.SubElement(tile, "properties")
        for k, v, typ in props(i):
            attrs = {"name": k, "value": str(v)}
            if typ:
                attrs["type"] = typ
            ET.SubElement(pr, "property", attrs)
    write_xml(ts, path)


def map_root(width: int, height: int, next_layer: int) -> ET.Element:
    """The <map> element of a map of this grid (flat-topped hexes, odd columns high);
    ``next_layer``: the layer id Tiled gives the next layer."""
    return ET.Element("map", {
        "version": "1.8", "tiledversion": "1.8.2", "orientation": "hexagonal",
        "renderorder": "right-down", "width": str(width), "height": str(height),
        "tilewidth": str(TW), "tileheight": str(TH), "infinite": "0",
        "hexsidelength": str(SIDE), "staggeraxis": "x", "staggerindex": "odd",
        "nextlayerid": str(next_layer), "nextobjectid": "1"})


def tile_layer(m, lid: int, name: str, width: int, height: int, gid_of, extra=None, col0: int = 0):
    """A CSV tile layer of map ``m``: ``gid_of(hex id)`` for each hex, row by row; ``col0``
    is the board column before a sheet's first one (a sheet of a wider board)."""
    attrs = {"id": str(lid), "name": name, "width": str(width), "height": str(height)}
    attrs.update(extra or {})
    layer = ET.SubElement(m, "layer", attrs)
    rows = [",".join(str(gid_of(hid(col0 + c, r))) for c in range(1, width + 1)) for r in range(1, height + 1)]
    data = ET.SubElement(layer, "data", {"encoding": "csv"})
    data.text = "\n" + ",\n".join(rows) + "\n"


class Objects:
    """The objects of one map, numbered from 1 in the order they are written (``last``: the
    highest id so far); ``x_off``: the pixel x a sheet of a wider board starts at."""

    def __init__(self, x_off: float = 0) -> None:
        self.last = 0
        self.x_off = x_off

    def add(self, group, name, kind, x, y, items, extra=None):
        self.last += 1
        attrs = {"id": str(self.last)}
        if name:
            attrs["name"] = name
        attrs.update({"type": kind, "x": num(x - self.x_off), "y": num(y)})
        attrs.update(extra or {})
        o = ET.SubElement(group, "object", attrs)
        props(o, items)
        return o


def extend_path(hexes: list[str], line: Iterable[str], on_map, what: str) -> None:
    """Add a hex line to a path of hexes (a rail, a road): a hex already at its end is
    skipped, one met again cuts the loop back to it; ``what`` names the stretch when the line
    leaves the map."""
    for h in line:
        if not on_map(*parse_hid(h)):
            raise SystemExit(f"{what} leaves the map at {h}")
        if hexes and h == hexes[-1]:
            continue
        if h in hexes:  # a loop: cut it out
            del hexes[hexes.index(h) + 1:]
            continue
        hexes.append(h)


def free_stretches(chain: list, used_edges) -> list[list]:
    """The stretches of a chain of corners that run along no edge in ``used_edges`` (an
    earlier river holds those), each of two corners or more."""
    pieces, cur = [], [chain[0]]
    for p, q in zip(chain, chain[1:]):
        if tuple(sorted((p, q))) in used_edges:
            if len(cur) > 1:
                pieces.append(cur)
            cur = [q]
        else:
            cur.append(q)
    if len(cur) > 1:
        pieces.append(cur)
    return pieces


def log_shared_sides(lines, what: str, log: list[str]) -> None:
    """Note each hexside two lines share (harmless, but worth knowing)."""
    seen: dict[str, str] = {}
    for ln in lines:
        for s in ln["sides"]:
            if s in seen:
                log.append(f"{what} hexside {s} in both '{seen[s]}' and '{ln['name']}'")
            seen.setdefault(s, ln["name"])


def write_xml(root, path: Path):
    ET.indent(root, space=" ")
    data = ET.tostring(root, encoding="unicode")
    path.write_text('<?xml version="1.0" encoding="UTF-8"?>\n' + data + "\n", encoding="utf-8")


def props(parent, items):
    """A <properties> element of (name, value) or (name, value, type) items."""
    el = ET.SubElement(parent, "properties")
    for item in items:
        k, v = item[0], item[1]
        attrs = {"name": k, "value": str(v)}
        if len(item) > 2:
            attrs["type"] = item[2]
        ET.SubElement(el, "property", attrs)


def pts(points, x0, y0):
    return " ".join(f"{num(x - x0)},{num(y - y0)}" for x, y in points)


def num(v):
    v = round(v, 2)
    return str(int(v)) if v == int(v) else str(v)
