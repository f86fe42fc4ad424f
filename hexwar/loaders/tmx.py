"""Read a Tiled map (docs/map-format.md) into a core Board. No pygame, no images."""
from __future__ import annotations

import base64
import binascii
import importlib.abc
import math
import os
import xml.etree.ElementTree as ET
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import MappingProxyType, ModuleType
from typing import Any
from xml.parsers import expat

from ..core.board import Board, HexsideFeature, Place, Zone
from ..core.errors import DataError, MalformedError
from ..core.files import clip, excerpt, inside, read_bytes, refusing_bad_shapes
from ..core.hexgrid import (
    CCRR,
    Hex,
    HexIds,
    Hexside,
    Layout,
    SheetIds,
    hex_ids_from_spec,
    hex_name,
    parse_hex,
    parse_hexside,
    use_hex_ids,
)

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

MAX_MAP_BYTES = 10_000_000
MAX_TILESET_BYTES = 2_000_000
MAX_TILE_PX = 4096
MAX_TILES = 65_536  # tiles of one tileset
MAX_GID = 1 << 28
MAX_RAW_GID = (1 << 32) - 1  # a gid with Tiled's three flip flags
MAX_COORDINATE = 10_000_000.0  # pixels; a 99x99 map of 4096-pixel tiles is under 500,000
MAX_POINTS = 100_000
MAX_ELEMENTS = 200_000  # XML elements of a map or tileset; the largest map has under 1,000
MAX_XML_DEPTH = 32  # Tiled writes 5 levels (group layers add a few)
FEATURE_KINDS = ("river", "major_river", "rail")  # the default; a game may name its own
PLACE_KINDS = ("city", "major_city")


class _NoPygame(importlib.abc.MetaPathFinder):
    """An import finder that refuses pygame and its submodules (``_pytmx`` puts it first)."""

    def find_spec(self, fullname: str, path: Sequence[str] | None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname == "pygame" or fullname.startswith("pygame."):
            raise ModuleNotFoundError("pygame is hidden while pytmx loads", name=fullname)
        return None


def _pytmx() -> Any:
    """Import pytmx without letting it pull in pygame.

    pytmx imports pygame only for type hints (and its optional image loader); the
    rules side must stay headless and pygame-free, so hide pygame while it loads.
    """
    import sys

    if "pytmx" in sys.modules or "pygame" in sys.modules:
        import pytmx

        return pytmx
    import logging

    quiet = [logging.getLogger(n) for n in ("pytmx.util_pygame", "pytmx.util_pygame_sdl2")]
    levels = [q.level for q in quiet]
    for q in quiet:
        q.setLevel(logging.CRITICAL)  # pytmx logs an error when its pygame helpers cannot load
    hide = _NoPygame()
    sys.meta_path.insert(0, hide)  # makes `import pygame` fail
    try:
        import pytmx
    finally:
        sys.meta_path.remove(hide)
        for q, lv in zip(quiet, levels):
            q.setLevel(lv)
    return pytmx


def _kind(obj: Any) -> str | None:
    # Tiled 1.9 wrote `class`, 1.8 and 1.10+ write `type` (tech-notes, pytmx pitfall 5).
    return obj.type or getattr(obj, "class", None)


def _split(text: object) -> list[str]:
    return [t.strip() for t in str(text or "").replace(";", ",").split(",") if t.strip()]


def load_board(path: str | os.PathLike[str], terrains: Iterable[str] | None = None,
               feature_kinds: Iterable[str] = FEATURE_KINDS) -> Board:
    """Load ``path`` into a Board; ``terrains`` is the set of terrain names the game knows,
    ``feature_kinds`` the hexside features it knows.

    A sheet of a multi-sheet map (map properties ``hex_ids`` and ``sheet``, see
    docs/map-format.md) loads alone with its hexes at their columns on the joined board;
    ``load_sheets`` joins the sheets. Raises DataError naming the file and the problem.
    """
    p = Path(path)
    checked = _check_xml(p)
    try:
        tm = _pytmx().TiledMap()
        tm.filename = str(p)  # pytmx finds the tilesets beside it (checked above)
        tm.parse_xml(checked.root)
    except DataError:
        raise
    except Exception as e:  # pytmx raises bare Exception, ValueError, KeyError …
        raise DataError(p, f"Tiled cannot read this map: {type(e).__name__}: {clip(str(e), 200)}") from None
    try:
        ids = hex_ids_from_spec(str(tm.properties.get("hex_ids") or ""))
    except MalformedError as e:
        raise DataError(p, f"map property 'hex_ids': {e}") from None
    origin, sheet = 0, None
    if isinstance(ids, SheetIds):
        sheet = str(tm.properties.get("sheet") or "")
        if sheet not in ids.letters:
            raise DataError(p, f"map property 'sheet' is {excerpt(sheet, 20)}; the hex id scheme {ids.spec!r} "
                               f"has sheets {', '.join(ids.letters)}")
        if int(tm.width) != ids.columns(sheet):
            raise DataError(p, f"sheet {sheet} is {tm.width} columns wide but the hex id scheme "
                               f"{ids.spec!r} gives it {ids.columns(sheet)}")
        origin = ids.origin(sheet)
    with refusing_bad_shapes(p, "Tiled map"):  # the net under what _build checks by name
        try:
            with use_hex_ids(ids):
                return _build(p, tm, set(terrains) if terrains is not None else None, tuple(feature_kinds),
                              ids, origin, checked)
        except MalformedError as e:
            raise DataError(p, str(e)) from None


@dataclass(frozen=True)
class _Checked:
    """A map file that passed ``_check_xml``: its XML and that of its external tilesets."""

    root: ET.Element
    tilesets: tuple[tuple[int, ET.Element], ...]  # (firstgid, <tileset> element, read from its .tsx if external)


class _Refused(Exception):
    pass


def _parse_xml(p: Path, data: bytes, what: str) -> ET.Element:
    """Parse XML that may not declare a DOCTYPE (Tiled never writes one, and entities are how
    XML files blow up, "billion laughs", or reach for other files), nor hold more elements or
    nest deeper than a map ever does (a tree of millions of elements costs hundreds of MB).
    A first pass with expat checks, keeping nothing; only then is the tree built."""
    probe = expat.ParserCreate()
    count = depth = 0
    problem = ""

    def refuse(why: str) -> None:
        nonlocal problem
        problem = why
        raise _Refused

    def start(*_: object) -> None:
        nonlocal count, depth
        count += 1
        depth += 1
        if count > MAX_ELEMENTS:
            refuse(f"the {what} holds more than {MAX_ELEMENTS:,} XML elements")
        if depth > MAX_XML_DEPTH:
            refuse(f"the {what} nests XML elements more than {MAX_XML_DEPTH} deep")

    def end(*_: object) -> None:
        nonlocal depth
        depth -= 1

    probe.StartDoctypeDeclHandler = lambda *_: refuse(f"the {what} declares a DOCTYPE or XML entities, "
                                                      "which Tiled never writes")
    probe.EntityDeclHandler = lambda *_: refuse(f"the {what} declares XML entities, which Tiled never writes")
    probe.StartElementHandler = start
    probe.EndElementHandler = end
    try:
        probe.Parse(data, True)
    except _Refused:
        raise DataError(p, problem) from None
    except expat.ExpatError as e:
        raise DataError(p, f"not a valid TMX/XML file ({clip(str(e), 120)})") from None
    try:
        return ET.fromstring(data)
    except ET.ParseError as e:
        raise DataError(p, f"not a valid TMX/XML file ({clip(str(e), 120)})") from None


def _whole(p: Path, el: ET.Element, name: str, lo: int, hi: int, default: int | None = None) -> int:
    """An attribute that must be a whole number in lo..hi."""
    raw = el.get(name)
    if raw is None and default is not None:
        return default
    if raw is None or len(raw) > 12 or not raw.strip().lstrip("-").isdigit():
        raise DataError(p, f"<{el.tag}> attribute {name}={excerpt(raw, 20)} is not a whole number")
    v = int(raw)
    if not lo <= v <= hi:
        raise DataError(p, f"<{el.tag}> attribute {name}={v} is outside {lo}..{hi}")
    return v


def _coordinate(p: Path, raw: str, what: str) -> float:
    try:
        v = float(raw) if len(raw) <= 40 else math.nan
    except ValueError:
        v = math.nan
    if not math.isfinite(v) or abs(v) > MAX_COORDINATE:
        raise DataError(p, f"{what} {excerpt(raw, 20)} is not a position on a map (a number within "
                           f"±{MAX_COORDINATE:,.0f})")
    return v


def _check_xml(p: Path) -> _Checked:
    """Refuse what pytmx would read badly or dangerously, before it reads it."""
    root = _parse_xml(p, read_bytes(p, MAX_MAP_BYTES, "map file"), "map")
    if root.tag != "map":
        raise DataError(p, "not a Tiled map (no <map> element at the top)")
    if root.get("orientation") != "hexagonal":
        raise DataError(p, f"orientation is {excerpt(root.get('orientation'), 20)}, expected 'hexagonal'")
    if root.get("staggeraxis") != "x" or root.get("staggerindex") != "odd":
        raise DataError(p, "hexes must be staggered on the x axis with odd index (flat-topped columns)")
    if root.get("infinite", "0") != "0":
        raise DataError(p, "infinite maps are not supported; turn 'Infinite' off in Tiled")
    width = _whole(p, root, "width", 1, 99)
    height = _whole(p, root, "height", 1, 99)
    tile_w = _whole(p, root, "tilewidth", 2, MAX_TILE_PX)
    _whole(p, root, "tileheight", 2, MAX_TILE_PX)
    _whole(p, root, "hexsidelength", 0, tile_w, default=0)
    tilesets = []
    for ts in root.iter("tileset"):
        first = _whole(p, ts, "firstgid", 1, MAX_GID)
        src = ts.get("source")
        node = ts
        if src:
            target = p.parent / src
            if not inside(target, p.parent):
                raise DataError(p, f"tileset {excerpt(src, 60)} points outside the map folder")
            if not target.exists():
                raise DataError(p, f"tileset file {excerpt(src, 60)} not found")
            node = _parse_xml(p, read_bytes(target, MAX_TILESET_BYTES, f"tileset {src}"), f"tileset {src}")
        _check_tileset(p, node)
        tilesets.append((first, node))
    for layer in root.iter("layer"):
        _check_layer(p, layer, width, height)
    for tag in ("objectgroup", "imagelayer", "group"):
        for el in root.iter(tag):
            for name in ("offsetx", "offsety"):
                if el.get(name) is not None:
                    _coordinate(p, el.get(name, ""), f"<{tag}> {name}")
    for obj in root.iter("object"):
        what = f"object {excerpt(obj.get('id'), 12)}"
        for name in ("x", "y", "width", "height", "rotation"):
            if obj.get(name) is not None:
                _coordinate(p, obj.get(name, ""), f"{what}: {name}")
        for shape in ("polyline", "polygon"):
            for poly in obj.iter(shape):
                pts = (poly.get("points") or "").split()
                if len(pts) > MAX_POINTS:
                    raise DataError(p, f"{what}: more than {MAX_POINTS:,} points")
                for pt in pts:
                    xy = pt.split(",")
                    if len(xy) != 2:
                        raise DataError(p, f"{what}: point {excerpt(pt, 20)} is not x,y")
                    for v in xy:
                        _coordinate(p, v, f"{what}: point coordinate")
    return _Checked(root, tuple(tilesets))


def _check_tileset(p: Path, ts: ET.Element) -> None:
    """Bounds on what pytmx walks through tile by tile: a tileset of 16 million 1-pixel tiles
    would keep it busy for minutes."""
    if ts.tag != "tileset":
        raise DataError(p, f"a tileset file holds <{ts.tag}>, not <tileset>")
    tw = _whole(p, ts, "tilewidth", 1, MAX_TILE_PX, default=1)
    th = _whole(p, ts, "tileheight", 1, MAX_TILE_PX, default=1)
    _whole(p, ts, "spacing", 0, MAX_TILE_PX, default=0)
    _whole(p, ts, "margin", 0, MAX_TILE_PX, default=0)
    _whole(p, ts, "tilecount", 0, MAX_TILES, default=0)
    image = ts.find("image")
    if image is not None:
        iw = _whole(p, image, "width", 1, 65_536, default=1)
        ih = _whole(p, image, "height", 1, 65_536, default=1)
        if (iw // tw) * (ih // th) > MAX_TILES:
            raise DataError(p, f"a tileset image of {iw}x{ih} pixels holds more than {MAX_TILES:,} tiles of {tw}x{th}")
    tiles = ts.findall("tile")
    if len(tiles) > MAX_TILES:
        raise DataError(p, f"a tileset lists more than {MAX_TILES:,} tiles")
    for tile in tiles:
        _whole(p, tile, "id", 0, MAX_TILES)


def _check_layer(p: Path, layer: ET.Element, width: int, height: int) -> None:
    """A tile layer must be the map's size, with exactly one cell per hex."""
    name = excerpt(layer.get("name"), 30)
    if _whole(p, layer, "width", 1, 99, default=width) != width or \
            _whole(p, layer, "height", 1, 99, default=height) != height:
        raise DataError(p, f"tile layer {name} is {layer.get('width')}x{layer.get('height')}; the map is "
                           f"{width}x{height}")
    data = layer.find("data")
    if data is None:
        raise DataError(p, f"tile layer {name} has no <data>")
    if data.find("chunk") is not None:
        raise DataError(p, "infinite (chunked) layers are not supported")
    encoding, compression = data.get("encoding"), data.get("compression")
    if encoding not in ("csv", "base64"):
        raise DataError(p, "tile layer data must be CSV (Tiled: Map Properties → Tile Layer Format)")
    if compression == "zstd":
        raise DataError(p, "zstd-compressed layers are not supported; use CSV")
    cells = width * height
    text = (data.text or "").strip()
    if encoding == "csv":
        if compression:
            raise DataError(p, f"tile layer {name}: CSV data cannot be compressed")
        values = text.split(",") if text else []
        if len(values) != cells:
            raise DataError(p, f"tile layer {name} has {len(values):,} cells; the map has {cells} hexes "
                               f"({width}x{height})")
        for v in values:
            v = v.strip()
            if not (v.isdigit() and len(v) <= 10 and int(v) <= MAX_RAW_GID):
                raise DataError(p, f"tile layer {name}: {excerpt(v, 20)} is not a tile number")
        return
    try:
        raw = base64.b64decode(text, validate=False)
    except (binascii.Error, ValueError):
        raise DataError(p, f"tile layer {name}: the base64 data cannot be decoded") from None
    want = cells * 4
    if compression in ("zlib", "gzip"):
        # Inflate at most one byte more than the layer needs: a "zip bomb" stops there.
        inflater = zlib.decompressobj(zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
        try:
            raw = inflater.decompress(raw, want + 1)
        except zlib.error:
            raise DataError(p, f"tile layer {name}: the {compression} data is damaged") from None
        if len(raw) > want or inflater.unconsumed_tail:
            raise DataError(p, f"tile layer {name}: the {compression} data inflates to more than the {want:,} "
                               f"bytes of a {width}x{height} layer")
    elif compression:
        raise DataError(p, f"tile layer {name}: compression {excerpt(compression, 20)} is not supported")
    if len(raw) != want:
        raise DataError(p, f"tile layer {name} holds {len(raw):,} bytes of tiles; a {width}x{height} layer "
                           f"needs {want:,}")


_CASTS: dict[str, Callable[[str], object]] = {"int": int, "float": float, "bool": lambda v: v == "true"}


def _raw_tile_props(p: Path, checked: _Checked) -> dict[int, dict[str, object]]:
    """Custom tile properties by Tiled gid, straight from the map's tilesets."""
    out: dict[int, dict[str, object]] = {}
    for first, node in checked.tilesets:
        for tile in node.iter("tile"):
            props: dict[str, object] = {}
            for q in tile.iter("property"):
                raw = q.get("value", q.text or "")
                try:
                    v = _CASTS.get(q.get("type", "string"), str)(raw if len(raw) <= 40 else "x")
                    if isinstance(v, float) and not math.isfinite(v):
                        raise ValueError
                except ValueError:
                    raise DataError(p, f"tile {excerpt(tile.get('id'), 12)} property {excerpt(q.get('name'), 30)} "
                                       f"is not a valid {excerpt(q.get('type'), 12)}") from None
                props[q.get("name") or ""] = v
            out[first + int(tile.get("id") or 0)] = props
    return out


def _layer(tm: Any, name: str, p: Path) -> Any:
    try:
        return tm.get_layer_by_name(name)
    except ValueError:
        raise DataError(p, f"missing layer '{name}'") from None


def _build(p: Path, tm: Any, terrains: set[str] | None, feature_kinds: tuple[str, ...],
           ids: HexIds = CCRR, origin: int = 0, checked: _Checked | None = None) -> Board:
    """``origin``: joined-board columns west of this map (0 unless it is a later sheet)."""
    width, height = int(tm.width), int(tm.height)
    if not (1 <= width <= 99 and 1 <= height <= 99):
        raise DataError(p, f"map size {width}x{height} is outside 1..99 (hex ids have two digits each)")
    layout = Layout(float(tm.tilewidth), float(tm.tileheight), float(tm.hexsidelength or tm.tilewidth / 2))
    dx = origin * layout.col_w  # a sheet's pixels, moved to its place on the joined board

    # Terrain: one tile per hex.
    terrain_layer = _layer(tm, "terrain", p)
    li = tm.layers.index(terrain_layer)
    terrain: dict[Hex, str] = {}
    for y in range(height):
        for x in range(width):
            props = tm.get_tile_properties(x, y, li)
            h = Hex(origin + x + 1, y + 1)
            if not props or "terrain" not in props:
                raise DataError(p, f"hex {hex_name(h)} has no terrain tile (every cell of layer 'terrain' needs one)")
            t = str(props["terrain"])
            if terrains is not None and t not in terrains:
                known = ", ".join(sorted(terrains))
                raise DataError(p, f"hex {hex_name(h)} has unknown terrain {t!r} (known: {known})")
            terrain[h] = t

    # Other tile layers: a per-hex value read from the tile property named like the layer
    # (a layer "height" whose tiles carry `height`); empty cells have no value. Read from
    # the tileset XML by Tiled gid: pytmx overwrites tile properties named `width`/`height`
    # with the tile's pixel size.
    hex_values: dict[str, dict[Hex, object]] = {}
    tile_layer_type = _pytmx().TiledTileLayer
    raw = None
    for layer in tm.layers:
        if not isinstance(layer, tile_layer_type) or layer.name == "terrain":
            continue
        raw = raw if raw is not None else _raw_tile_props(p, checked or _check_xml(p))
        vals: dict[Hex, object] = {}
        for y in range(height):
            for x in range(width):
                gid = tm.tiledgidmap.get(layer.data[y][x], 0) & 0x0FFFFFFF
                props = raw.get(gid)
                if props and layer.name in props:
                    vals[Hex(origin + x + 1, y + 1)] = props[layer.name]
        hex_values[layer.name] = vals

    def on_map(h: Hex, what: str) -> Hex:
        if h not in terrain:
            raise DataError(p, f"{what}: hex {hex_name(h)} is off the map")
        return h

    def hex_of(obj: Any, what: str) -> Hex:
        return on_map(layout.hex_at(float(obj.x) + dx, float(obj.y)), what)

    def on_sheets(h: Hex, what: str) -> Hex:
        # A hexside on a sheet's edge may name a hex of the next sheet (a road across
        # the seam); it must still be a hex of the scheme, and the joined board checks it.
        if h in terrain or (isinstance(ids, SheetIds) and ids.sheet_of(h) and 1 <= h.row <= height):
            return h
        return on_map(h, what)

    # Hexside features.
    features: list[HexsideFeature] = []
    # "hexsides" is required; more groups named "hexsides <anything>" (say "hexsides water")
    # let a map draw its kinds of hexside in their own colours.
    extra_groups = [lay for lay in tm.layers if isinstance(lay, _pytmx().TiledObjectGroup)
                    and str(lay.name).startswith("hexsides ")]
    for obj in [o for lay in [_layer(tm, "hexsides", p)] + extra_groups for o in lay]:
        kind = _kind(obj)
        what = f"object {obj.id} ({obj.name or kind})"
        if kind not in feature_kinds:
            raise DataError(p, f"{what} in layer 'hexsides' has type {kind!r}; "
                               f"expected one of {', '.join(feature_kinds)}")
        sides: list[Hexside] = []
        for t in _split(obj.properties.get("hexsides")):
            try:
                s = parse_hexside(t)
            except MalformedError as e:
                raise DataError(p, f"{what}: {e}") from None
            if s.a not in terrain and s.b not in terrain:
                on_map(s.a, what)
            on_sheets(s.a, what)
            on_sheets(s.b, what)
            sides.append(s)
        if not sides:
            raise DataError(p, f"{what} lists no hexsides (property 'hexsides')")
        pts = tuple((float(pt.x) + dx, float(pt.y)) for pt in getattr(obj, "points", ()) or ())
        prov = str(obj.properties.get("provenance", ""))
        features.append(HexsideFeature(kind, obj.name or kind, tuple(sides), prov, pts))

    places: dict[Hex, Place] = {}
    for obj in _layer(tm, "places", p):
        kind = _kind(obj)
        what = f"place {obj.id} ({obj.name})"
        if kind not in PLACE_KINDS:
            raise DataError(p, f"{what} has type {kind!r}; expected one of {', '.join(PLACE_KINDS)}")
        if not obj.name:
            raise DataError(p, f"place object {obj.id} has no name")
        h = hex_of(obj, what)
        if h in places:
            raise DataError(p, f"{what}: hex {hex_name(h)} already holds {places[h].name}")
        props = MappingProxyType({k: v for k, v in obj.properties.items() if k != "provenance"})
        places[h] = Place(obj.name, h, kind, str(obj.properties.get("provenance", "")), props)

    marks: dict[Hex, tuple[str, ...]] = {}
    for obj in _layer(tm, "setup", p):
        what = f"set-up mark {obj.id}"
        mark = obj.properties.get("mark")
        if _kind(obj) != "setup" or not mark:
            raise DataError(p, f"{what} must have type 'setup' and a 'mark' property")
        h = hex_of(obj, what)
        marks[h] = marks.get(h, ()) + (str(mark),)

    def hexes_of(obj: Any, what: str) -> frozenset[Hex]:
        try:
            hexes = frozenset(on_map(parse_hex(t), what) for t in _split(obj.properties.get("hexes")))
        except MalformedError as e:
            raise DataError(p, f"{what}: {e}") from None
        if not hexes:
            raise DataError(p, f"{what} lists no hexes (property 'hexes')")
        return hexes

    edges: dict[str, frozenset[Hex]] = {}
    regions: dict[str, frozenset[Hex]] = {}
    for obj in _layer(tm, "areas", p):
        kind = _kind(obj)
        what = f"area {obj.id} ({obj.name or kind})"
        hexes = hexes_of(obj, what)
        if kind == "friendly_edge":
            side = obj.properties.get("side")
            if not side:
                raise DataError(p, f"{what} has no 'side' property")
            edges[str(side)] = edges.get(str(side), frozenset()) | hexes
        elif kind == "region":
            if not obj.name:
                raise DataError(p, f"region object {obj.id} has no name")
            regions[obj.name] = regions.get(obj.name, frozenset()) | hexes
        else:
            raise DataError(p, f"{what} has type {kind!r}; expected 'friendly_edge' or 'region'")

    # Optional layer of zones: any named group of hexes with properties.
    zones: list[Zone] = []
    try:
        zone_layer = tm.get_layer_by_name("zones")
    except ValueError:
        zone_layer = []
    for obj in zone_layer:
        kind = _kind(obj)
        what = f"zone {obj.id} ({obj.name or kind})"
        if not kind:
            raise DataError(p, f"{what} has no type")
        hexes = hexes_of(obj, what)
        extra = {k: v for k, v in obj.properties.items() if k != "hexes"}
        zones.append(Zone(kind, obj.name or kind, hexes, extra))

    return Board(
        width=width,
        height=height,
        terrain=terrain,
        features=features,
        places=places,
        marks=marks,
        edges=edges,
        regions=regions,
        zones=zones,
        hex_values=hex_values,
        layout=layout,
        properties=dict(tm.properties),
        source=str(p),
    )


def load_sheets(paths: Iterable[str | os.PathLike[str]], terrains: Iterable[str] | None = None,
                feature_kinds: Iterable[str] = FEATURE_KINDS) -> Board:
    """Load the sheets of a multi-sheet map (docs/map-format.md, "Maps on several sheets")
    and join them side by side into one Board named by their hex id scheme.

    Every sheet must name the same scheme (map property ``hex_ids``), a different sheet
    of it, and have the same height and tile size. A hexside feature or a zone of the same
    kind and name on several sheets becomes one; regions and edges of the same name join.
    Raises DataError naming the file and the problem.
    """
    files = [Path(x) for x in paths]
    if not files:
        raise DataError(Path("."), "no map sheets given")
    terrain_set = set(terrains) if terrains is not None else None
    kinds = tuple(feature_kinds)
    boards = [load_board(f, terrain_set, kinds) for f in files]
    first, p0 = boards[0], files[0]
    spec = str(first.properties.get("hex_ids") or "")
    ids = hex_ids_from_spec(spec) if spec else CCRR
    if not isinstance(ids, SheetIds):
        raise DataError(p0, "not a map sheet: it names no sheet scheme (map property 'hex_ids')")
    seen: dict[str, Path] = {}
    for b, f in zip(boards, files):
        if str(b.properties.get("hex_ids") or "") != spec:
            raise DataError(f, f"its hex id scheme {b.properties.get('hex_ids')!r} differs from {spec!r} of {p0}")
        letter = str(b.properties.get("sheet"))
        if letter in seen:
            raise DataError(f, f"sheet {letter} is already loaded from {seen[letter]}")
        seen[letter] = f
        if b.height != first.height:
            raise DataError(f, f"sheet {letter} has {b.height} rows; sheet {first.properties.get('sheet')} "
                               f"has {first.height}")
        if b.layout != first.layout:
            raise DataError(f, f"sheet {letter} has another tile size than {p0}")

    terrain: dict[Hex, str] = {}
    features: dict[tuple[str, str], HexsideFeature] = {}
    places: dict[Hex, Place] = {}
    marks: dict[Hex, tuple[str, ...]] = {}
    edges: dict[str, frozenset[Hex]] = {}
    regions: dict[str, frozenset[Hex]] = {}
    zones: dict[tuple[str, str, str], Zone] = {}
    hex_values: dict[str, dict[Hex, object]] = {}
    for b in boards:
        terrain.update(b.terrain)
        for ft in b.features:
            old = features.get((ft.kind, ft.name))
            if old is None:
                features[(ft.kind, ft.name)] = ft
            else:
                sides = old.hexsides + tuple(s for s in ft.hexsides if s not in old.hexsides)
                features[(ft.kind, ft.name)] = HexsideFeature(ft.kind, ft.name, sides,
                                                              old.provenance or ft.provenance,
                                                              old.points + ft.points)
        places.update(b.places)
        for h, ms in b.marks.items():
            marks[h] = marks.get(h, ()) + ms
        for k, v in b.edges.items():
            edges[k] = edges.get(k, frozenset()) | v
        for k, v in b.regions.items():
            regions[k] = regions.get(k, frozenset()) | v
        for z in b.zones:
            key = (z.kind, z.name, repr(sorted((k, str(v)) for k, v in z.props.items())))
            old_z = zones.get(key)
            zones[key] = z if old_z is None else Zone(z.kind, z.name, old_z.hexes | z.hexes, old_z.props)
        for name, vals in b.hex_values.items():
            hex_values.setdefault(name, {}).update(vals)

    with use_hex_ids(ids):
        for ft in features.values():
            for s in ft.hexsides:
                for h in (s.a, s.b):
                    if h not in terrain:
                        raise DataError(p0, f"{ft.kind} {ft.name!r}: hexside {s} reaches hex {hex_name(h)}, "
                                            "which is on no loaded sheet")
    width = max(h.col for h in terrain)
    props = dict(first.properties)
    props.pop("sheet", None)
    props["sheets"] = ",".join(str(b.properties.get("sheet")) for b in boards)
    return Board(
        width=width,
        height=first.height,
        terrain=terrain,
        features=list(features.values()),
        places=places,
        marks=marks,
        edges=edges,
        regions=regions,
        zones=list(zones.values()),
        hex_values=hex_values,
        layout=first.layout,
        properties=props,
        source=" + ".join(str(f) for f in files),
    )
