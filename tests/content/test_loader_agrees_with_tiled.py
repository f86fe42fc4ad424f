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

from hexwar.core.hexgrid import Hex, Layout, parse_hex, parse_hexside
from hexwar.loaders.tmx import load_board

MAPS = Path(__file__).resolve().parents[2] / "maps"
MAP_FILES = sorted(MAPS.glob("*.tmx"))


def tiled_reading(tmx: Path, tmp_path: Path) -> dict:
    exe = shutil.which("tiled")
    if exe:
        out = tmp_path / "export.json"
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        subprocess.run([exe, "--export-map", "json", str(tmx), str(out)], check=True, env=env,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
        return json.loads(out.read_text(encoding="utf-8"))
    committed = tmx.with_suffix(".tiled.json")
    if not committed.is_file():
        pytest.skip("Tiled is not installed and no committed export exists")
    return json.loads(committed.read_text(encoding="utf-8"))


def props(obj: dict) -> dict:
    return {p["name"]: p["value"] for p in obj.get("properties", [])}


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
    kinds = {o.get("type") for g in root.iter("objectgroup") if g.get("name") == "hexsides"
             for o in g.iter("object")}
    return terrains, kinds


@pytest.mark.parametrize("tmx", MAP_FILES, ids=[p.stem for p in MAP_FILES])
def test_loader_reads_the_map_as_tiled_does(tmx: Path, tmp_path: Path) -> None:
    data = tiled_reading(tmx, tmp_path)
    terrains, kinds = own_names(tmx)
    board = load_board(tmx, terrains, feature_kinds=kinds)
    assert (board.width, board.height) == (data["width"], data["height"])
    assert data["orientation"] == "hexagonal" and data["staggeraxis"] == "x" and data["staggerindex"] == "odd"
    layout = Layout(data["tilewidth"], data["tileheight"], data["hexsidelength"])

    # Terrain: Tiled's gids through the tileset's own tile properties.
    terrain_of_gid: dict[int, str] = {}
    for ts in data["tilesets"]:
        first = ts["firstgid"]
        tiles = ts.get("tiles")
        if tiles is None:  # an external tileset: read its .tsx
            root = ET.parse(tmx.parent / ts["source"]).getroot()
            for t in root.iter("tile"):
                for p in t.iter("property"):
                    if p.get("name") == "terrain":
                        terrain_of_gid[first + int(t.get("id"))] = p.get("value")
        else:
            for t in tiles:
                terrain_of_gid[first + t["id"]] = props(t).get("terrain")
    layer = next(lay for lay in data["layers"] if lay["name"] == "terrain")
    for i, gid in enumerate(layer["data"]):
        h = Hex(i % data["width"] + 1, i // data["width"] + 1)
        assert board.terrain[h] == terrain_of_gid[gid & 0x0FFFFFFF], h

    groups = {lay["name"]: lay["objects"] for lay in data["layers"] if lay["type"] == "objectgroup"}
    # Places and set-up marks: the hex under each point, by our Layout.
    places = {layout.hex_at(o["x"], o["y"]): (o["name"], o["type"]) for o in groups["places"]}
    assert places == {h: (p.name, p.kind) for h, p in board.places.items()}
    marks: dict[Hex, list[str]] = {}
    for o in groups["setup"]:
        marks.setdefault(layout.hex_at(o["x"], o["y"]), []).append(props(o)["mark"])
    assert {h: sorted(m) for h, m in marks.items()} == {h: sorted(m) for h, m in board.marks.items()}
    # Hexside features, edges and regions.
    feats = sorted((o["type"], o["name"], tuple(parse_hexside(x) for x in props(o)["hexsides"].split(",")))
                   for o in groups["hexsides"])
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
