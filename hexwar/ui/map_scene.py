"""The map viewer: any map file drawn as the game view draws it, with no rules behind it.

``hexwar --map maps/<game>.tmx`` (or with ``--screenshot out.png``) shows a map
before its game is registered, so maps can be looked at and judged while their rules are
still being written. Pan by dragging or with the arrow keys, zoom with the wheel or + and
-, F fits the map, I toggles hex ids, Esc goes back. Pointing at a hex describes it:
terrain, height, features on its sides, zones, place and victory points.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pygame

from ..core.board import Board
from ..core.hexgrid import Hex, neighbors
from ..loaders.tmx import FEATURE_KINDS, load_board
from . import map_features as MF
from . import mapinfo
from . import theme as T
from .map_view import MapView
from .scenes.stack import Scene
from .widgets import draw_panel


def load_map(path: str | Path) -> Board:
    """Load a map for viewing: every hexside kind the file uses is accepted, any terrain. A sheet
    of a multi-sheet map comes with its sibling sheets, joined (``loaders.tmx.load_sheets``).
    Raises DataError (naming the file) for a file the loader refuses."""
    sheets = mapinfo.sibling_sheets(path)
    kinds: tuple[str, ...] = FEATURE_KINDS
    for f in sheets:
        kinds = tuple(dict.fromkeys(kinds + mapinfo.hexside_kinds(f)))
    if len(sheets) > 1:
        try:
            from ..loaders.tmx import load_sheets
        except ImportError:  # a core without multi-sheet maps: the one sheet
            return load_board(path, None, kinds)
        return load_sheets(sheets, None, kinds)
    return load_board(path, None, kinds)


def describe(board: Board, h: Hex) -> list[str]:
    """What a hex holds, in words (the viewer's tooltip)."""
    lines = [f"{mapinfo.hex_label(board, h)}: {board.terrain.get(h, 'off map').replace('_', ' ')}"]
    lv = mapinfo.heights(board).get(h)
    if lv is not None:
        lines.append(f"height level {lv}")
    for name, vals in sorted((board.hex_values).items()):
        if name in mapinfo.HEIGHT_LAYERS or h not in vals:
            continue
        lines.append(f"{name.replace('_', ' ')}: {vals[h]}")
    p = board.places.get(h)
    if p is not None:
        props = mapinfo.place_props(board).get(h, {})
        style = MF.place_style(p.kind, props)
        vp = MF.vp_of(props)
        lines.append(f"{p.name} ({'major city' if style == 'major' else style})" + (f", {vp} VP" if vp else ""))
    sides = []
    for f in board.features:
        for sd in f.hexsides:
            if h in (sd.a, sd.b):
                other = sd.b if sd.a == h else sd.a
                what = f.kind.replace("_", " ")
                name = f" {f.name}" if f.name and f.name != f.kind else ""
                sides.append(f"{what}{name} towards {mapinfo.hex_label(board, other)}")
    lines += sides[:6]
    for z in board.zones:
        if h in z.hexes:
            when = MF.active_from(z)
            side = z.props.get("side")
            lines.append(f"{z.kind.replace('_', ' ')}: {z.name}" + (f" ({side})" if side else "")
                         + (f", active from turn {when}" if when else ""))
    for name, hexes in sorted(board.regions.items()):
        if h in hexes:
            lines.append(f"area: {name}")
    for side, hexes in sorted(board.edges.items()):
        if h in hexes and any(n not in board.terrain for n in neighbors(h)):
            lines.append(f"{side} friendly map edge")
    return lines


def legend_lines(board: Board) -> list[str]:
    """A summary of what the map holds, for the viewer's panel."""
    out = []
    terr = Counter(board.terrain.values())
    out.append("Terrain: " + ", ".join(f"{t.replace('_', ' ')} {n}" for t, n in terr.most_common()))
    lv = Counter(mapinfo.heights(board).values())
    if lv:
        out.append("Height levels: " + ", ".join(f"{k}: {n} hexes" for k, n in sorted(lv.items()))
                   + " (contour lines between levels, the level figure in raised hexes)")
    kinds = Counter(f.kind for f in board.features)
    if kinds:
        out.append("Hexside features: " + ", ".join(f"{k.replace('_', ' ')} ×{n}" for k, n in sorted(kinds.items())))
    zk = Counter(z.kind for z in board.zones)
    if zk:
        out.append("Zones: " + ", ".join(f"{k} ×{n}" for k, n in sorted(zk.items())))
    for z in board.zones:
        if z.kind == "fortification":
            when = MF.active_from(z)
            out.append(f"  {z.name} ({z.props.get('side', '?')}, {len(z.hexes)} hexes"
                       + (f", from {when})" if when else ")"))
    if board.places:
        props = mapinfo.place_props(board)
        vps = [(p.name, MF.vp_of(props.get(h, {}))) for h, p in sorted(board.places.items())]
        out.append(f"Places: {len(board.places)}" + (
            "; victory points: " + ", ".join(f"{n} {v}" for n, v in vps if v) if any(v for _, v in vps) else ""))
    if board.edges:
        out.append("Friendly edges: " + ", ".join(sorted(board.edges)))
    if board.regions:
        names = sorted(board.regions)
        out.append(f"Areas ({len(names)}): " + ", ".join(names[:8]) + (", …" if len(names) > 8 else ""))
    return out


class _TerrainSubset:
    """A stand-in board holding some of a map's terrains (for one row of the key)."""

    def __init__(self, board: Board, terrains: list[str]) -> None:
        order = {t: i for i, t in enumerate(terrains)}
        self.terrain = {Hex(i + 1, 1): t for t, i in order.items()}


class MapScene(Scene):
    """A map with no game: the map view, a legend panel and a hex tooltip."""

    def __init__(self, app, board: Board, title: str = "") -> None:
        super().__init__(app)
        self.board = board
        self.title = title or str(board.properties.get("title") or Path(board.source).stem or "map")
        self.mv = MapView(board)
        self.mv.show_ids = app.settings.show_hex_ids
        self.mouse = (-1, -1)
        self.hover: Hex | None = None
        self.press: tuple | None = None
        self._fitted = False
        self.legend = legend_lines(board)
        self.panel = pygame.Rect(0, 0, 0, 0)

    def frame_key(self):
        return (self.mv.zoom, self.mv.cam_x, self.mv.cam_y, self.hover, self.mv.show_ids, tuple(self.mv.rect))

    def layout(self, size) -> None:
        th = self.theme
        w, h = size
        bar = th.px(44)
        pw = min(th.px(360), int(w * 0.34))
        self.panel = pygame.Rect(w - pw, bar, pw, h - bar)
        self.mv.set_rect(pygame.Rect(0, bar, w - pw, h - bar))
        if not self._fitted:
            self.mv.fit()
            self._fitted = True

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            k = event.key
            step = 80
            if k == pygame.K_ESCAPE:
                self.app.stack.remove(self)
                if not self.app.stack.scenes:
                    self.app.quit()
            elif k in (pygame.K_f, pygame.K_HOME):
                self.mv.fit()
            elif k == pygame.K_i:
                self.mv.show_ids = not self.mv.show_ids
                self.mv.invalidate()
            elif k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
                self.mv.zoom_in()
            elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.mv.zoom_out()
            elif k == pygame.K_LEFT:
                self.mv.pan(step, 0)
            elif k == pygame.K_RIGHT:
                self.mv.pan(-step, 0)
            elif k == pygame.K_UP:
                self.mv.pan(0, step)
            elif k == pygame.K_DOWN:
                self.mv.pan(0, -step)
            return True
        if event.type == pygame.MOUSEWHEEL:
            if event.y > 0:
                self.mv.zoom_in(self.mouse if self.mv.rect.collidepoint(self.mouse) else None)
            elif event.y < 0:
                self.mv.zoom_out(self.mouse if self.mv.rect.collidepoint(self.mouse) else None)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3):
            self.press = event.pos
            return True
        if event.type == pygame.MOUSEBUTTONUP:
            self.press = None
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            if self.press is not None:
                rel = event.rel
                self.mv.pan(rel[0], rel[1])
            self.hover = self.mv.hex_at(event.pos)
            return True
        return False

    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        self.mv.draw_background(surface)
        if self.hover is not None:
            self.mv.outline_hex(surface, self.hover, T.ACCENT, 3)
        w = surface.get_width()
        pygame.draw.rect(surface, T.PANEL, (0, 0, w, self.mv.rect.y))
        t = T.text(f"{self.title} — map viewer (no rules loaded)", th.large, T.ACCENT, "bold")
        surface.blit(t, (th.px(12), (self.mv.rect.y - t.get_height()) // 2))
        hint = T.text("Drag to pan · wheel to zoom · F fit · I hex ids · Esc back", th.small, T.TEXT_DIM)
        surface.blit(hint, (w - hint.get_width() - th.px(12), (self.mv.rect.y - hint.get_height()) // 2))
        draw_panel(surface, self.panel, T.PANEL, T.PANEL_LINE)
        x, y = self.panel.x + th.px(12), self.panel.y + th.px(10)
        room = self.panel.w - th.px(24)
        surface.blit(T.text("On this map", th.large, T.TEXT, "bold"), (x, y))
        y += T.font(th.large).get_linesize() + th.px(4)
        src = T.text(" + ".join(Path(x.strip()).name for x in str(self.board.source).split(" + ")), th.small,
                     T.TEXT_DIM)
        surface.blit(src, (x, y))
        y += src.get_height() + th.px(8)
        for para in self.legend:
            for ln in T.wrap(para, th.small, room):
                if y > self.panel.bottom - th.px(20):
                    break
                surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
                y += T.font(th.small).get_linesize()
            y += th.px(4)
        # The key of the map: its terrains drawn as on the map, then what each symbol means.
        y += th.px(6)
        surface.blit(T.text("Key", th.large, T.TEXT, "bold"), (x, y))
        y += T.font(th.large).get_linesize() + th.px(4)
        per = max(1, room // th.px(62))
        terr = MF.terrain_legend(self.board)
        for i in range(0, min(len(terr), 2 * per), per):
            sub = _TerrainSubset(self.board, [t for t, _ in terr[i:i + per]])
            y += MF.draw_terrain_row(surface, x, y, th.px(40), sub, per) + th.px(6)
        for para in MF.legend_lines(self.board):
            for ln in T.wrap("• " + para, th.small, room):
                if y > self.panel.bottom - th.px(20):
                    return self._tooltip(surface)
                surface.blit(T.text(ln, th.small, T.TEXT_DIM), (x, y))
                y += T.font(th.small).get_linesize()
        self._tooltip(surface)

    def _tooltip(self, surface) -> None:
        th = self.theme
        if self.hover is not None:
            from .widgets import draw_tooltip

            draw_tooltip(surface, self.mouse, describe(self.board, self.hover), th, self.mv.rect)
