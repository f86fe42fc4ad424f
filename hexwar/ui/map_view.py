"""The map: terrain, hexsides, places and the camera (pan, zoom, fit).

Hex <-> pixel maths come from ``hexwar.core.hexgrid.Layout`` with ``scale=zoom``, so the
map lines up with the Tiled file. The unchanging part of the map (terrain, rivers, rail,
city names, set-up marks, hex ids) is drawn once per zoom level into 512-pixel chunks;
a frame blits only the chunks under the viewport. Counters and highlights are drawn on
top every frame from cached surfaces.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Iterable

import pygame

from ..core.board import Board
from ..core.hexgrid import Hex, Layout, neighbors
from . import map_features as MF
from . import mapinfo
from . import theme as T
from .map_terrain import hex_symbol, terrain_colour
from .sides import side_info

CHUNK = 512
ZOOM_MAX = 4.0  # the least zoom is the whole map's (fit_zoom)
ZOOM_STEP = 1.25
MARGIN = 0.6  # hexes of empty border around the map (room for the edge bands)
EDGE_SHOWN = 0.12  # of it, what shows at the edge of a map bigger than the view (a thin frame)

# Direction index (N, NE, SE, S, SW, NW as in hexgrid.neighbors) -> the two corners
# (Layout.corners order: E, SE, SW, W, NW, NE) that bound that side.
SIDE_CORNERS = {i: ((i + 4) % 6, (i + 5) % 6) for i in range(6)}

Op = tuple[pygame.Rect, Callable[[pygame.Surface, float, float], None]]


def _shade(c, f: float):
    """Darken (f < 1) or lighten (f > 1) a colour."""
    if f <= 1:
        return tuple(max(0, int(v * f)) for v in c[:3])
    return tuple(min(255, int(v + (255 - v) * (f - 1))) for v in c[:3])


class MapView:
    """Camera and drawing of one board inside a viewport rectangle on the screen."""

    def __init__(self, board: Board, rect: pygame.Rect | None = None) -> None:
        self.board = board
        lay = board.layout
        self.tile_w, self.tile_h, self.side = float(lay.tile_w), float(lay.tile_h), float(lay.side)
        self.rect = pygame.Rect(rect or (0, 0, 800, 600))
        self.zoom = 1.0
        self.cam_x = 0.0
        self.cam_y = 0.0
        self._chunks: OrderedDict = OrderedDict()
        self._ops: dict[float, list[Op]] = {}
        self._hex_masks: dict = {}
        self._map_pts: dict[float, list[tuple[Hex, float, float]]] = {}  # (visible_hexes)
        self._id_sizes: dict[int, dict[Hex, tuple[str, int, int]]] = {}  # (hex_ids)
        self.chunk_limit = 80
        self.show_ids = True
        self.generation = 0  # bumped whenever the cached map drawing is thrown away
        self._centres: dict[Hex, tuple[float, float]] = {}
        self._centre_zoom = -1.0
        base = Layout(self.tile_w, self.tile_h, self.side, 1.0)
        xs, ys = [], []
        for h in board.terrain:
            for x, y in base.corners(h):
                xs.append(x)
                ys.append(y)
        if not xs:
            xs, ys = [0.0, self.tile_w], [0.0, self.tile_h]
        m = MARGIN * self.tile_h
        self._min_x, self._min_y = min(xs) - m, min(ys) - m
        self._w1, self._h1 = max(xs) + m - self._min_x, max(ys) + m - self._min_y
        self._labels_below: set[Hex] = set()
        self._plan_labels()
        # Place names drawn in the cached map (the map viewer); the game draws them over its counters.
        self.names_in_background = True
        # Hex ids too; the game draws them with its counters, never under one (hex_ids).
        self.ids_in_background = True

    # --- geometry -------------------------------------------------------------
    def layout(self, zoom: float | None = None) -> Layout:
        return Layout(self.tile_w, self.tile_h, self.side, self.zoom if zoom is None else zoom)

    def map_size(self, zoom: float | None = None) -> tuple[int, int]:
        z = self.zoom if zoom is None else zoom
        return int(math.ceil(self._w1 * z)), int(math.ceil(self._h1 * z))

    def _offset(self, z: float) -> tuple[float, float]:
        return -self._min_x * z, -self._min_y * z

    def map_center(self, h: Hex, zoom: float | None = None) -> tuple[float, float]:
        """Centre of a hex in map pixels at a zoom (origin: the map's top-left with margin)."""
        z = self.zoom if zoom is None else zoom
        if z == self.zoom:
            if self._centre_zoom != z:
                self._centres.clear()
                self._centre_zoom = z
            c = self._centres.get(h)
            if c is not None:
                return c
        ox, oy = self._offset(z)
        x, y = self.layout(z).center(h)
        c = (x + ox, y + oy)
        if z == self.zoom:
            self._centres[h] = c
        return c

    def hex_center(self, h: Hex) -> tuple[int, int]:
        """Centre of a hex on the screen."""
        x, y = self.map_center(h)
        return int(round(self.rect.x + x - self.cam_x)), int(round(self.rect.y + y - self.cam_y))

    def hex_corners(self, h: Hex) -> list[tuple[float, float]]:
        ox, oy = self._offset(self.zoom)
        dx, dy = self.rect.x + ox - self.cam_x, self.rect.y + oy - self.cam_y
        return [(x + dx, y + dy) for x, y in self.layout().corners(h)]

    def hex_at(self, pos: tuple[int, int]) -> Hex | None:
        """The board hex under a screen position, or None (off the map or outside the view)."""
        if not self.rect.collidepoint(pos):
            return None
        ox, oy = self._offset(self.zoom)
        mx = pos[0] - self.rect.x + self.cam_x - ox
        my = pos[1] - self.rect.y + self.cam_y - oy
        h = self.layout().hex_at(mx, my)
        return h if h in self.board.terrain else None

    @property
    def hex_h(self) -> float:
        """Hex height on screen, in pixels."""
        return self.tile_h * self.zoom

    @property
    def counter_px(self) -> int:
        return max(12, int(round(self.tile_h * self.zoom * 0.62)))

    # --- camera ---------------------------------------------------------------
    def set_rect(self, rect: pygame.Rect) -> None:
        old = pygame.Rect(self.rect)
        self.rect = pygame.Rect(rect)
        # Keep the same map point in the middle of the view.
        self.cam_x += (old.w - self.rect.w) / 2
        self.cam_y += (old.h - self.rect.h) / 2
        self._clamp()

    def _clamp(self) -> None:
        mw, mh = self.map_size()
        vw, vh = self.rect.w, self.rect.h
        inner = max(0.0, (MARGIN - EDGE_SHOWN) * self.tile_h * self.zoom)  # the margin panned past
        self.cam_x = _clamp_cam(self.cam_x, mw, vw, inner)
        self.cam_y = _clamp_cam(self.cam_y, mh, vh, inner)

    def pan(self, dx: float, dy: float) -> None:
        self.cam_x -= dx
        self.cam_y -= dy
        self._clamp()

    def set_zoom(self, zoom: float, anchor: tuple[int, int] | None = None) -> None:
        # Never further out than the whole map (it then sits in the middle of the view).
        zoom = min(max(zoom, self.fit_zoom()), ZOOM_MAX)
        if anchor is None:
            anchor = self.rect.center
        ax, ay = anchor[0] - self.rect.x, anchor[1] - self.rect.y
        ux, uy = (ax + self.cam_x) / self.zoom, (ay + self.cam_y) / self.zoom
        self.zoom = zoom
        self.cam_x, self.cam_y = ux * zoom - ax, uy * zoom - ay
        self._clamp()

    def zoom_in(self, anchor=None) -> None:
        self.set_zoom(self.zoom * ZOOM_STEP, anchor)

    def zoom_out(self, anchor=None) -> None:
        self.set_zoom(self.zoom / ZOOM_STEP, anchor)

    def fit_zoom(self) -> float:
        """The zoom at which the whole map fits the view: the least there is."""
        return max(0.05, min(self.rect.w / self._w1, self.rect.h / self._h1))

    def fit(self) -> None:
        """Zoom so the whole map fits the view, and centre it."""
        self.zoom = min(max(self.fit_zoom(), 0.05), ZOOM_MAX)  # a big map (two sheets, say) fits too
        mw, mh = self.map_size()
        self.cam_x, self.cam_y = (mw - self.rect.w) / 2, (mh - self.rect.h) / 2
        self._clamp()

    def is_whole_map(self) -> bool:
        """The whole map is in view."""
        mw, mh = self.map_size()
        return mw <= self.rect.w + 1 and mh <= self.rect.h + 1

    def zoom_for_counter(self, px: float) -> float:
        """The zoom at which a counter is ``px`` pixels on the screen (see ``counter_px``)."""
        return px / (self.tile_h * 0.62)

    def frame_readable(self, hexes, counter_px: float) -> None:
        """Frame ``hexes`` with counters at least ``counter_px`` big: all of them when they fit at
        that zoom (zoomed in a little more when they are few, never past 1.5 times that), else the
        part of them that holds the most, at that zoom. Never further out than the whole map."""
        from .focus import densest_window

        hexes = [h for h in hexes if h in self.board.terrain]
        if not hexes:
            self.fit()
            return
        read = min(ZOOM_MAX, self.zoom_for_counter(counter_px))
        pts = [self.map_center(h, 1.0) for h in hexes]
        pad = self.tile_w
        bw = max(p[0] for p in pts) - min(p[0] for p in pts) + 2 * pad
        bh = max(p[1] for p in pts) - min(p[1] for p in pts) + 2 * pad
        z_all = min(self.rect.w / bw, self.rect.h / bh)
        self.fit()  # the whole map, and the lowest zoom allowed
        if z_all >= read:
            z = min(z_all, read * 1.5)
            chosen = pts
        else:
            z = read
            keep = densest_window(pts, self.rect.w / z - 2 * pad, self.rect.h / z - 2 * pad)
            chosen = [pts[i] for i in keep] or pts
        if z <= self.zoom:  # the whole map is readable as it is
            return
        self.set_zoom(z)
        z = self.zoom  # map pixels scale with the zoom, margin included
        self.cam_x = (max(p[0] for p in chosen) + min(p[0] for p in chosen)) / 2 * z - self.rect.w / 2
        self.cam_y = (max(p[1] for p in chosen) + min(p[1] for p in chosen)) / 2 * z - self.rect.h / 2
        self._clamp()

    def frame(self, hexes) -> None:
        """Zoom and centre so that these hexes fill the view (the play area of a scenario)."""
        pts = [self.map_center(h, 1.0) for h in hexes]
        if not pts:
            return
        pad = self.tile_w
        w = max(p[0] for p in pts) - min(p[0] for p in pts) + 2 * pad
        h = max(p[1] for p in pts) - min(p[1] for p in pts) + 2 * pad
        self.set_zoom(min(self.rect.w / w, self.rect.h / h))
        z = self.zoom  # map pixels scale with the zoom, margin included
        self.cam_x = (max(p[0] for p in pts) + min(p[0] for p in pts)) / 2 * z - self.rect.w / 2
        self.cam_y = (max(p[1] for p in pts) + min(p[1] for p in pts)) / 2 * z - self.rect.h / 2
        self._clamp()

    def center_on(self, h: Hex) -> None:
        x, y = self.map_center(h)
        self.cam_x, self.cam_y = x - self.rect.w / 2, y - self.rect.h / 2
        self._clamp()

    # --- the cached background ---------------------------------------------------
    def _plan_labels(self) -> None:
        """City names go along the bottom of their hex, or the top when the hex below is a city too."""
        for h in self.board.places:
            below = neighbors(h)[3]
            if below in self.board.places:
                self._labels_below.add(h)

    def place_names(self) -> list[tuple[Hex, str, int, tuple[float, float]]]:
        """The places in view with their names: (hex, name, text size, the centre of the name's
        usual spot on the screen: along the bottom of the hex, or the top when the hex below is a
        place too). None at a zoom too small to read them."""
        z = self.zoom
        if z * self.tile_h < 22:
            return []
        px = max(8, int(round(11 * z)))
        out: list[tuple[Hex, str, int, tuple[float, float]]] = []
        for h, place in sorted(self.board.places.items()):
            if not self.visible(h) or not place.name:
                continue
            cx, cy = self.hex_center(h)
            th = T.size(place.name, px, "bold")[1] + 2
            y = cy - 25 * z + th / 2 if h in self._labels_below else cy + 25.5 * z - th / 2
            out.append((h, place.name, px, (cx, y)))
        return out

    def hex_ids(self) -> list[tuple[Hex, str, int, tuple[float, float], tuple[float, float]]]:
        """The hexes in view with their ids, when the hexes are big enough to read them: (hex, id,
        text size, the top-left of its usual spot at the top of the hex (the bottom when a place
        name takes the top), the top-left of the other spot)."""
        z = self.zoom
        if not self.show_ids or z * self.tile_h < 50:
            return []
        px = max(8, int(round(8.5 * z)))
        out = []
        known = self._id_sizes.setdefault(px, {})  # each hex's id and its size, once per text size
        for h in self.visible_hexes():
            cx, cy = self.hex_center(h)
            got = known.get(h)
            if got is None:
                text = mapinfo.hex_label(self.board, h)
                got = known[h] = (text, *T.size(text, px))
            text, w, hh = got
            top = (cx - w / 2, cy - 27 * z + 1)
            bottom = (cx - w / 2, cy + 27 * z - hh - 1)
            out.append((h, text, px, bottom, top) if h in self._labels_below else (h, text, px, top, bottom))
        return out

    def _zkey(self) -> float:
        return round(self.zoom, 4)

    def draw_background(self, surface: pygame.Surface) -> None:
        z = self._zkey()
        surface.fill(T.PANEL_DARK, self.rect)
        x0, y0 = int(math.floor(self.cam_x)), int(math.floor(self.cam_y))
        mw, mh = self.map_size()
        c0, c1 = max(0, x0 // CHUNK), min((mw - 1) // CHUNK, (x0 + self.rect.w) // CHUNK)
        r0, r1 = max(0, y0 // CHUNK), min((mh - 1) // CHUNK, (y0 + self.rect.h) // CHUNK)
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        blits = []
        for cy in range(r0, r1 + 1):
            for cx in range(c0, c1 + 1):
                chunk = self._chunk(z, cx, cy)
                blits.append((chunk, (self.rect.x + cx * CHUNK - x0, self.rect.y + cy * CHUNK - y0)))
        surface.blits(blits, doreturn=False)
        surface.set_clip(clip)

    def _chunk(self, z: float, cx: int, cy: int) -> pygame.Surface:
        key = (z, cx, cy)
        s = self._chunks.get(key)
        if s is not None:
            self._chunks.move_to_end(key)
            return s
        s = pygame.Surface((CHUNK, CHUNK))
        s.fill(T.PANEL_DARK)
        area = pygame.Rect(cx * CHUNK, cy * CHUNK, CHUNK, CHUNK)
        for bbox, fn in self._ops_for(z):
            if bbox.colliderect(area):
                fn(s, -area.x, -area.y)
        self._chunks[key] = s
        while len(self._chunks) > self.chunk_limit:
            self._chunks.popitem(last=False)
        return s

    def invalidate(self) -> None:
        self._chunks.clear()
        self._ops.clear()
        self.generation += 1

    def _ops_for(self, z: float) -> list[Op]:
        ops = self._ops.get(z)
        if ops is None:
            if len(self._ops) > 6:
                self._ops.clear()
            ops = self._build_ops(z)
            self._ops[z] = ops
        return ops

    def _build_ops(self, z: float) -> list[Op]:
        """The drawing of the static map as a list of (bounding box, draw function)."""
        b = self.board
        lay = self.layout(z)
        ox, oy = self._offset(z)
        ops: list[Op] = []

        def corners(h: Hex) -> list[tuple[float, float]]:
            return [(x + ox, y + oy) for x, y in lay.corners(h)]

        def centre(h: Hex) -> tuple[float, float]:
            x, y = lay.center(h)
            return x + ox, y + oy

        def bbox_of(pts, pad: float = 2) -> pygame.Rect:
            xs = [p[0] for p in pts]
            ys = [p[1] for p in pts]
            return pygame.Rect(int(min(xs) - pad), int(min(ys) - pad),
                               int(max(xs) - min(xs) + 2 * pad) + 1, int(max(ys) - min(ys) + 2 * pad) + 1)

        hexes = sorted(b.terrain)
        g = MF.Geo(b, lay, ox, oy, z)
        levels = mapinfo.heights(b)
        ranks = MF.relief_ranks(levels)
        top = max(ranks.values(), default=0)
        labels = z * self.tile_h >= 22
        # 1. Terrain fill (darker with height), grid lines and terrain symbols.
        for h in hexes:
            pts = corners(h)
            ter = b.terrain[h]
            col = MF.relief_colour(terrain_colour(ter), ranks.get(h, 0), top)

            def fill(s, dx, dy, pts=pts, col=col, ter=ter, h=h):
                p = [(x + dx, y + dy) for x, y in pts]
                pygame.draw.polygon(s, col, p)
                cx, cy = centre(h)
                hex_symbol(s, ter, cx + dx, cy + dy, z, h)
                pygame.draw.polygon(s, _shade(col, 0.72), p, 1)

            ops.append((bbox_of(pts), fill))

        # 1b. Relief: contour lines between levels, the level figure in raised hexes.
        cliffs = {frozenset((sd.a, sd.b)) for f in b.features if f.kind == "cliff" for sd in f.hexsides}
        if levels:
            ops += MF.relief_ops(g, levels, cliffs, show_figures=z * self.tile_h >= 30)

        # 2. Region borders (dashed), entry areas (arrows), friendly map edges (bands on the outer sides).
        lines = {frozenset((sd.a, sd.b)) for f in b.features if f.kind == "start_line" for sd in f.hexsides}
        entries: list[Op] = []  # drawn over the edge bands, below
        for name, region in sorted(b.regions.items()):
            if MF.is_entry(name):
                entries += MF.entry_ops(g, name, region, z, labels, self._w1 * z)
                continue
            for h in sorted(region):
                if h not in b.terrain:
                    continue
                for i, n in enumerate(neighbors(h)):
                    if n in b.terrain and n not in region and frozenset((h, n)) not in lines:
                        a, c = SIDE_CORNERS[i]
                        pts = corners(h)
                        seg = (pts[a], pts[c])
                        ops.append((bbox_of(seg, 4), _dashed_op(seg, T.REGION_BORDER, max(2, int(3 * z)), 6 * z)))
        for owner, edge in sorted(b.edges.items()):  # a player side's map edge
            known = side_info(owner) is not None
            colour = T.side_colour(owner) if known else (30, 30, 30)
            striped = T.side_round(owner)  # a round-chip side: dashes on white; the others solid
            for h in sorted(edge):
                if h not in b.terrain:
                    continue
                pts = corners(h)
                for i, n in enumerate(neighbors(h)):
                    if n in b.terrain:
                        continue
                    a, c = SIDE_CORNERS[i]
                    seg = _inset((pts[a], pts[c]), centre(h), 2.5 * z)
                    w = max(3, int(5 * z))
                    if striped:
                        ops.append((bbox_of(seg, w), _line_op(seg, (255, 255, 255), w)))
                        ops.append((bbox_of(seg, w), _dashed_op(seg, colour, w, 7 * z)))
                    else:
                        ops.append((bbox_of(seg, w), _line_op(seg, colour, w)))

        ops += entries

        # 2b. Zones: fortification belts (with the turn they become active), bridges, any other kind.
        zone_ops = MF.zone_ops(g, z, z * self.tile_h >= 45)

        # 3. Rivers and other hexside features along hexsides; rail and roads from centre to centre.
        rails, roads, starts, others = [], [], [], []
        for f in b.features:
            style = MF.side_style(f.kind)
            for side in f.hexsides:
                if style == "rail":
                    rails.append(side)
                    continue
                if style == "road":
                    roads.append((side, f.kind))
                    continue
                if side.a not in b.terrain and side.b not in b.terrain:
                    continue
                ref, other = (side.a, side.b) if side.a in b.terrain else (side.b, side.a)
                try:
                    i = neighbors(ref).index(other)
                except ValueError:
                    continue
                a, c = SIDE_CORNERS[i]
                pts = corners(ref)
                seg = (pts[a], pts[c])
                if style in ("river", "major_river"):
                    major = style == "major_river"
                    w = max(2, int((6.5 if major else 3.5) * z))
                    colour = T.MAJOR_RIVER if major else T.RIVER
                    ops.append((bbox_of(seg, w), _river_op(seg, colour, w, major, z)))
                elif style == "start_line":
                    starts.append((bbox_of(seg, 6 * z + 2), MF.start_line_op(seg, z)))
                elif style == "cliff":
                    hi, lo = (ref, other) if levels.get(ref, 0) >= levels.get(other, 0) else (other, ref)
                    down = centre(lo) if lo in b.terrain else centre(hi)
                    if lo not in b.terrain:  # the lower side is off the map: teeth point outwards
                        cx, cy = centre(hi)
                        mx, my = (seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2
                        down = (2 * mx - cx, 2 * my - cy)
                    others.append((bbox_of(seg, 8 * z + 3), MF.cliff_op(seg, down, z)))
                else:
                    others.append((bbox_of(seg, 4 * z + 2), MF.unknown_side_op(seg, MF.kind_colour(f.kind), z)))
        ops += zone_ops
        ops += starts
        ops += others
        for side in rails:
            seg = (centre(side.a), centre(side.b))
            w = max(3, int(4.5 * z))
            ops.append((bbox_of(seg, w), _rail_op(seg, w, z)))
        if roads:
            segs = [((centre(sd.a), centre(sd.b)), kind) for sd, kind in roads]
            for seg, _kind in segs:  # casing first, then the pale fill over every road, so joins stay clean
                ops.append((bbox_of(seg, 6 * z + 2), MF.road_op(seg, z, T.ROAD)))
            for seg, _kind in segs:
                ops.append((bbox_of(seg, 6 * z + 2), MF.road_fill_op(seg, z)))
            for f in b.features:
                if MF.side_style(f.kind) == "road":
                    ops += MF.road_label_ops(g, f, z)

        ops += MF.works_ops(g, b.hex_values, z)  # trenches and wire (per-hex layers)
        for zn in b.zones:  # bridges sit on the road they carry
            if zn.kind == "bridge":
                ops += [MF.bridge_op(g, h, z) for h in sorted(zn.hexes) if h in b.terrain]

        # 4. Set-up marks at the hex centre (counters cover them once placed, as on paper).
        for h, marks in sorted(b.marks.items()):
            if h not in b.terrain:
                continue
            cx, cy = centre(h)
            r = 9 * z
            box = pygame.Rect(int(cx - r * 2), int(cy - r * 2), int(r * 4), int(r * 4))
            ops.append((box, _mark_op(marks, (cx, cy), z)))

        # 5. Places: a symbol at the right of the hex (village, city, major city), victory points
        #    in a gold disc, the name along the bottom (or top).
        name_px = max(8, int(round(11 * z)))
        pprops = mapinfo.place_props(b)
        for h, place in sorted(b.places.items()):
            cx, cy = centre(h)
            props = pprops.get(h, {})
            style = MF.place_style(place.kind, props)
            sx = cx + 22 * z
            box = pygame.Rect(int(sx - 8 * z), int(cy - 8 * z), int(16 * z) + 2, int(16 * z) + 2)
            if style == "village":
                ops.append((box, MF.village_op((sx, cy), z)))
            else:
                ops.append((box, _city_symbol_op((sx, cy), style == "major", z)))
            vp = MF.vp_of(props)
            if vp:
                ops.append(MF.vp_badge_op((cx + 19 * z, cy - 14 * z), vp, z))
            if labels and self.names_in_background:
                label = T.text(place.name, name_px, T.TEXT_DARK, "bold", halo=(250, 248, 236))
                ly = cy - 25 * z if h in self._labels_below else cy + 25.5 * z - label.get_height()
                lx = cx - label.get_width() / 2
                rect = pygame.Rect(int(lx), int(ly), label.get_width(), label.get_height())
                ops.append((rect, _blit_op(label, lx, ly)))

        # 6. Hex ids, when the hexes are big enough to read them.
        if self.show_ids and self.ids_in_background and z * self.tile_h >= 50:
            id_px = max(8, int(round(8.5 * z)))
            for h in hexes:
                cx, cy = centre(h)
                t = T.text(mapinfo.hex_label(b, h), id_px, (70, 70, 60))
                lx, ly = cx - t.get_width() / 2, cy - 27 * z + 1
                if h in self._labels_below:
                    ly = cy + 27 * z - t.get_height() - 1
                rect = pygame.Rect(int(lx), int(ly), t.get_width(), t.get_height())
                ops.append((rect, _blit_op(t, lx, ly)))
        return ops

    # --- highlights drawn every frame -------------------------------------------
    def hex_overlay(self, rgba: tuple[int, int, int, int], pattern: str = "fill", width: int = 0) -> pygame.Surface:
        """A hex-shaped translucent surface (cached per zoom and style)."""
        key = (self._zkey(), rgba, pattern, width)
        s = self._hex_masks.get(key)
        if s is None:
            lay = self.layout()
            w, h = int(math.ceil(self.tile_w * self.zoom)) + 2, int(math.ceil(self.tile_h * self.zoom)) + 2
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            cx, cy = w / 2, h / 2
            hw, hh, hs = self.tile_w * self.zoom / 2, self.tile_h * self.zoom / 2, self.side * self.zoom / 2
            pts = [(cx + hw, cy), (cx + hs, cy + hh), (cx - hs, cy + hh),
                   (cx - hw, cy), (cx - hs, cy - hh), (cx + hs, cy - hh)]
            if pattern == "fill":
                pygame.draw.polygon(s, rgba, pts)
            elif pattern in ("hatch", "backhatch", "dots"):
                mask = pygame.Surface((w, h), pygame.SRCALPHA)
                step = max(5, int(7 * self.zoom))
                if pattern == "hatch":  # lines rising to the right
                    for k in range(-h, w, step):
                        pygame.draw.line(mask, rgba, (k, h), (k + h, 0), max(1, int(2 * self.zoom)))
                elif pattern == "backhatch":  # lines falling to the right
                    for k in range(-h, w, step):
                        pygame.draw.line(mask, rgba, (k, 0), (k + h, h), max(1, int(1.6 * self.zoom)))
                else:  # staggered dots
                    gap = max(6, int(8 * self.zoom))
                    r = max(1.5, 2.2 * self.zoom)
                    for j, yy in enumerate(range(gap // 2, h, gap)):
                        for xx in range(gap // 2 + (gap // 2 if j % 2 else 0), w, gap):
                            pygame.draw.circle(mask, rgba, (xx, yy), r)
                poly = pygame.Surface((w, h), pygame.SRCALPHA)
                pygame.draw.polygon(poly, (255, 255, 255, 255), pts)
                mask.blit(poly, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
                s.blit(mask, (0, 0))
            if width:
                inset = [(cx + (x - cx) * 0.9, cy + (y - cy) * 0.9) for x, y in pts]
                pygame.draw.polygon(s, rgba[:3] + (255,), inset, max(1, int(width * max(0.6, self.zoom))))
            del lay
            self._hex_masks[key] = s
            if len(self._hex_masks) > 64:
                self._hex_masks.pop(next(iter(self._hex_masks)))
        return s

    def blit_hex(self, surface: pygame.Surface, h: Hex, overlay: pygame.Surface) -> None:
        cx, cy = self.hex_center(h)
        surface.blit(overlay, (cx - overlay.get_width() // 2, cy - overlay.get_height() // 2))

    def outline_hex(self, surface: pygame.Surface, h: Hex, colour, width: int = 3, inset: float = 0.9) -> None:
        cx, cy = self.hex_center(h)
        pts = [(cx + (x - cx) * inset, cy + (y - cy) * inset) for x, y in self.hex_corners(h)]
        pygame.draw.polygon(surface, colour, pts, width)

    def visible(self, h: Hex) -> bool:
        cx, cy = self.hex_center(h)
        r = self.tile_w * self.zoom
        return self.rect.inflate(2 * r, 2 * r).collidepoint(cx, cy)

    def visible_hexes(self) -> Iterable[Hex]:
        """The hexes ``visible`` says are in view, in the board's order. Each frame the camera
        moves asks this of every hex of the map (thousands on two sheets): only those whose
        centre lies within a hex and a pixel of the test's bounds are tested."""
        z = self.zoom
        pts = self._map_pts.get(z)
        if pts is None:
            self._map_pts.clear()
            pts = self._map_pts[z] = [(h, *self.map_center(h)) for h in self.board.terrain]
        r = self.tile_w * z + 2
        x0, x1 = self.cam_x - r, self.cam_x + self.rect.w + r
        y0, y1 = self.cam_y - r, self.cam_y + self.rect.h + r
        return [h for h, x, y in pts if x0 <= x <= x1 and y0 <= y <= y1 and self.visible(h)]


# --- drawing helpers for the background --------------------------------------------
def _inset(seg, centre, d: float):
    (x1, y1), (x2, y2) = seg
    mx, my = (x1 + x2) / 2, (y1 + y2) / 2
    vx, vy = centre[0] - mx, centre[1] - my
    n = math.hypot(vx, vy) or 1
    return ((x1 + vx / n * d, y1 + vy / n * d), (x2 + vx / n * d, y2 + vy / n * d))


def _blit_op(t: pygame.Surface, lx: float, ly: float):
    """Draws ``t`` with its top left at (lx, ly) of the map."""
    def op(s, dx, dy):
        s.blit(t, (int(lx + dx), int(ly + dy)))
    return op


def _line_op(seg, colour, w):
    def op(s, dx, dy):
        (x1, y1), (x2, y2) = seg
        pygame.draw.line(s, colour, (x1 + dx, y1 + dy), (x2 + dx, y2 + dy), w)
    return op


def _dashed(s, colour, p1, p2, w, dash):
    x1, y1 = p1
    x2, y2 = p2
    length = math.hypot(x2 - x1, y2 - y1)
    if length == 0:
        return
    n = max(1, int(length // max(2.0, dash)))
    for k in range(0, n, 2):
        a, c = k / n, min(1.0, (k + 1) / n)
        pygame.draw.line(s, colour, (x1 + (x2 - x1) * a, y1 + (y2 - y1) * a),
                         (x1 + (x2 - x1) * c, y1 + (y2 - y1) * c), w)


def _dashed_op(seg, colour, w, dash):
    def op(s, dx, dy):
        (x1, y1), (x2, y2) = seg
        _dashed(s, colour, (x1 + dx, y1 + dy), (x2 + dx, y2 + dy), w, dash)
    return op


def _river_op(seg, colour, w, major, z):
    def op(s, dx, dy):
        (x1, y1), (x2, y2) = seg
        p1, p2 = (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)
        pygame.draw.line(s, colour, p1, p2, w)
        r = max(1, w // 2 - 0)
        pygame.draw.circle(s, colour, p1, r)
        pygame.draw.circle(s, colour, p2, r)
        if major and w >= 5:  # a light centre line: a major river reads as a double line
            pygame.draw.line(s, (150, 190, 240), p1, p2, max(1, w // 4))
    return op


def _rail_op(seg, w, z):
    def op(s, dx, dy):
        (x1, y1), (x2, y2) = seg
        p1, p2 = (x1 + dx, y1 + dy), (x2 + dx, y2 + dy)
        pygame.draw.line(s, (20, 20, 20), p1, p2, w)
        # The railway "ladder": white dashes inside a black line.
        _dashed(s, (245, 245, 245), p1, p2, max(1, w - 2 * max(1, int(1.2 * z))), 5 * z)
    return op


def _city_symbol_op(pos, major, z):
    def op(s, dx, dy):
        x, y = pos[0] + dx, pos[1] + dy
        if major:
            r = 7 * z
            rect = pygame.Rect(0, 0, int(2 * r), int(2 * r))
            rect.center = (int(x), int(y))
            pygame.draw.rect(s, (30, 30, 30), rect)
            inner = rect.inflate(-max(2, int(5 * z)), -max(2, int(5 * z)))
            pygame.draw.rect(s, (240, 236, 220), inner)
            pygame.draw.rect(s, (30, 30, 30), inner.inflate(-max(2, int(4 * z)), -max(2, int(4 * z))))
        else:
            r = 4.5 * z
            rect = pygame.Rect(0, 0, max(4, int(2 * r)), max(4, int(2 * r)))
            rect.center = (int(x), int(y))
            pygame.draw.rect(s, (240, 236, 220), rect.inflate(2, 2))
            pygame.draw.rect(s, (30, 30, 30), rect)
    return op


def star_points(cx, cy, r_out, r_in, n=5, rot=-math.pi / 2):
    pts = []
    for k in range(2 * n):
        r = r_out if k % 2 == 0 else r_in
        a = rot + k * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def _mark_op(marks, pos, z):
    def op(s, dx, dy):
        x, y = pos[0] + dx, pos[1] + dy
        for m in marks:
            r = 7.5 * z
            if m == "black_cross":
                a, w = r, max(2, int(3.2 * z))
                for (x1, y1, x2, y2) in ((x - a, y, x + a, y), (x, y - a, x, y + a)):
                    pygame.draw.line(s, (255, 255, 255), (x1, y1), (x2, y2), w + 2)
                for (x1, y1, x2, y2) in ((x - a, y, x + a, y), (x, y - a, x, y + a)):
                    pygame.draw.line(s, (10, 10, 10), (x1, y1), (x2, y2), w)
            elif m == "red_star":
                pts = star_points(x, y, r * 1.05, r * 0.45)
                pygame.draw.polygon(s, (200, 30, 30), pts)
                pygame.draw.polygon(s, (90, 10, 10), pts, 1)
            elif m in ("soviet_army", "soviet_mech"):
                bw, bh = 20 * z, 13 * z
                box = pygame.Rect(0, 0, int(bw), int(bh))
                box.center = (int(x), int(y))
                ink = (150, 30, 30)
                lw = max(1, int(1.6 * z))
                pygame.draw.rect(s, (250, 246, 236), box.inflate(2, 2))
                pygame.draw.rect(s, ink, box, lw)
                if m == "soviet_army":
                    pygame.draw.line(s, ink, box.topleft, (box.right - 1, box.bottom - 1), lw)
                    pygame.draw.line(s, ink, (box.left, box.bottom - 1), (box.right - 1, box.top), lw)
                else:
                    pygame.draw.ellipse(s, ink, box.inflate(-int(7 * z), -int(5 * z)), lw)
            else:
                t = T.text(m[:1].upper(), max(8, int(10 * z)), (40, 40, 40), "bold")
                s.blit(t, (x - t.get_width() / 2, y - t.get_height() / 2))
    return op


def _clamp_cam(cam: float, m: float, v: float, inner: float = 0.0) -> float:
    """The camera along one axis: centred when the map is smaller than the view, else kept
    where the map fills the view (panning stops at the map's edge, never a dark band past it:
    of the margin around the map, ``inner`` pixels are never shown once the map is bigger than
    the view)."""
    lo, hi = inner, m - v - inner
    if m <= v or lo > hi:
        return (m - v) / 2
    return min(max(cam, lo), hi)
