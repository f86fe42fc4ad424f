"""Our map loader and Tiled itself must read every map the same way.

Tiled's reading comes from `tiled --export-map json` (Debian package `tiled`,
run offscreen) when it is installed — .ci/run installs it — or else from the
export committed beside the map. Positions of point objects are turned into
hexes with our Layout, so this also pins our pixel layout to Tiled's.
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from hexwar.core.hexgrid import Hex, Layout, SheetIds, hex_ids_of
from hexwar.loaders.tmx import load_board, load_sheets

MAPS = Path(__file__).resolve().parents[2] / "maps"
MAP_FILES = sorted(MAPS.glob("*.tmx"))


def tiled_reading(tmx: Path, tmp_path: Path) -> tuple[dict, Path]:
    """Tiled's reading of the map, and the folder its relative paths start from: Tiled writes
    the tilesets' ``source`` relative to the export file, wherever that is."""
    exe = shutil.which("tiled")
    if exe:
        out = tmp_path / "export.json"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        subprocess.run([exe, "--export-map", "json", str(tmx), str(out)], check=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        return json.loads(out.read_text(encoding="utf-8")), out.parent
    committed = tmx.with_suffix(".tiled.json")
    if not committed.is_file():
        pytest.skip("Tiled is not installed and no committed export exists")
    return json.loads(committed.read_text(encoding="utf-8")), committed.parent


def props(obj: dict) -> dict:
    return {p["name"]: p["value"] for p in obj.get("properties", [])}


def is_hexside_group(name: str | None) -> bool:
    """The layer "hexsides", and any "hexsides <more>" a map adds to draw kinds in their own colour."""
    return name == "hexsides" or str(name).startswith("hexsides ")


def own_names(tmx: Path) -> tuple[set[str], set[str]]:
    """The terrain names of the map's own tileset(s) and the kinds of its
    hexside objects: each game names its own (docs/map-format.md)."""
    root = ET.parse(tmx).getroot()
    terrains: set[str] = set()
    for ts in root.iter("tileset"):
        tsx = ET.parse(tmx.parent / ts.get("source")).getroot() if ts.get("source") else ts
        for p in tsx.iter("property"):
            if p.get("name") == "terrain":
                terrains.add(p.get("value"))
    kinds = {o.get("type") for g in root.iter("objectgroup") if is_hexside_group(g.get("name"))
             for o in g.iter("object")}
    return terrains, kinds


@pytest.mark.parametrize("tmx", MAP_FILES, ids=[p.stem for p in MAP_FILES])
def test_loader_reads_the_map_as_tiled_does(tmx: Path, tmp_path: Path) -> None:
    data, base = tiled_reading(tmx, tmp_path)
    terrains, kinds = own_names(tmx)
    board = load_board(tmx, terrains, feature_kinds=kinds)
    # A sheet of a multi-sheet map names its hexes by its scheme (B34.16) and sits at its
    # columns on the joined board; for every other map this is CCRR at column 0.
    ids = hex_ids_of(board)
    origin = ids.origin(board.properties["sheet"]) if isinstance(ids, SheetIds) else 0
    parse_hex, parse_hexside = ids.parse, ids.parse_side
    assert (board.width, board.height) == (data["width"], data["height"])
    assert data["orientation"] == "hexagonal" and data["staggeraxis"] == "x" and data["staggerindex"] == "odd"
    layout = Layout(data["tilewidth"], data["tileheight"], data["hexsidelength"])

    # Terrain: Tiled's gids through the tileset's own tile properties.
    terrain_of_gid: dict[int, str] = {}
    for ts in data["tilesets"]:
        first = ts["firstgid"]
        tiles = ts.get("tiles")
        if tiles is None:  # an external tileset: read its .tsx
            tsx = (base / ts["source"]).resolve()
            assert tsx == (tmx.parent / Path(ts["source"]).name).resolve(), ts["source"]
            root = ET.parse(tsx).getroot()
            for t in root.iter("tile"):
                for p in t.iter("property"):
                    if p.get("name") == "terrain":
                        terrain_of_gid[first + int(t.get("id"))] = p.get("value")
        else:
            for t in tiles:
                terrain_of_gid[first + t["id"]] = props(t).get("terrain")
    layer = next(lay for lay in data["layers"] if lay["name"] == "terrain")
    for i, gid in enumerate(layer["data"]):
        h = Hex(origin + i % data["width"] + 1, i // data["width"] + 1)
        assert board.terrain[h] == terrain_of_gid[gid & 0x0FFFFFFF], h

    groups = {lay["name"]: lay["objects"] for lay in data["layers"] if lay["type"] == "objectgroup"}
    # Places and set-up marks: the hex under each point, by our Layout.
    dx = origin * layout.col_w
    places = {layout.hex_at(o["x"] + dx, o["y"]): (o["name"], o["type"]) for o in groups["places"]}
    assert places == {h: (p.name, p.kind) for h, p in board.places.items()}
    marks: dict[Hex, list[str]] = {}
    for o in groups["setup"]:
        marks.setdefault(layout.hex_at(o["x"] + dx, o["y"]), []).append(props(o)["mark"])
    assert {h: sorted(m) for h, m in marks.items()} == {h: sorted(m) for h, m in board.marks.items()}
    # Hexside features, edges and regions.
    feats = sorted((o["type"], o["name"], tuple(parse_hexside(x) for x in props(o)["hexsides"].split(",")))
                   for name, objs in groups.items() if is_hexside_group(name) for o in objs)
    assert feats == sorted((f.kind, f.name, f.hexsides) for f in board.features)
    edges: dict[str, set] = {}
    regions: dict[str, set] = {}
    for o in groups["areas"]:
        hexes = {parse_hex(x) for x in props(o)["hexes"].split(",")}
        if o["type"] == "friendly_edge":
            edges.setdefault(props(o)["side"], set()).update(hexes)
        else:
            regions.setdefault(o["name"], set()).update(hexes)
    assert edges == {k: set(v) for k, v in board.edges.items()}
    assert regions == {k: set(v) for k, v in board.regions.items()}
    # Zones (optional layer): kind, name, hexes and the other properties.
    zones = sorted((o["type"], o["name"], tuple(sorted(parse_hex(x) for x in props(o)["hexes"].split(","))),
                    tuple(sorted((k, str(v)) for k, v in props(o).items() if k != "hexes")))
                   for o in groups.get("zones", []))
    assert zones == sorted((z.kind, z.name, tuple(sorted(z.hexes)),
                            tuple(sorted((k, str(v)) for k, v in z.props.items()))) for z in board.zones)


# --- maps on several sheets (Black Wednesday) ---------------------------------------------------
SHEET_SETS = {}
for _tmx in MAP_FILES:
    _root = ET.parse(_tmx).getroot()
    _props = {q.get("name"): q.get("value") for q in (_root.find("properties") or [])}
    if _props.get("sheet"):
        SHEET_SETS.setdefault(_props.get("game"), []).append(_tmx)


@pytest.mark.parametrize("game", sorted(SHEET_SETS))
def test_joined_sheets_keep_what_tiled_reads_on_each_sheet(game: str, tmp_path: Path) -> None:
    """Joining the sheets loses nothing and moves nothing: every hex keeps the terrain Tiled
    reads on its sheet, and every object of every sheet is on the joined board."""
    files = SHEET_SETS[game]
    terrains: set[str] = set()
    kinds: set[str] = set()
    for f in files:
        t, k = own_names(f)
        terrains |= t
        kinds |= k
    joined = load_sheets(files, terrains, kinds)
    ids = hex_ids_of(joined)
    assert isinstance(ids, SheetIds)
    for f in files:
        data, _ = tiled_reading(f, tmp_path)
        sheet = next(p["value"] for p in data["properties"] if p["name"] == "sheet")
        origin = ids.origin(sheet)
        layer = next(lay for lay in data["layers"] if lay["name"] == "terrain")
        assert sum(1 for h in joined.terrain if ids.name(h)[0] == sheet) == len(layer["data"])
        groups = {lay["name"]: lay["objects"] for lay in data["layers"] if lay["type"] == "objectgroup"}
        layout = Layout(data["tilewidth"], data["tileheight"], data["hexsidelength"])
        for o in groups["places"]:
            h = layout.hex_at(o["x"] + origin * layout.col_w, o["y"])
            assert joined.places[h].name == o["name"]
        sides = {s for f_ in joined.features for s in f_.hexsides}
        for name, objs in groups.items():
            if is_hexside_group(name):
                for o in objs:
                    for x in props(o)["hexsides"].split(","):
                        assert ids.parse_side(x) in sides, x
        for o in groups["areas"]:
            for x in props(o)["hexes"].split(","):
                h = ids.parse(x)
                assert (h in joined.regions.get(o.get("name"), ()) or
                        h in joined.edges.get(props(o).get("side"), ())), x
