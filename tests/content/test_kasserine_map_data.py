"""Content checks for the Kasserine Pass map (maps/kasserine-pass.tmx).

The map is read with plain xml.etree, independently of hexwar's loader, and
checked against the hard facts of the rulebook and of data-kasserine-tcs.md
part A.  The rulebook has no rule numbers, so each test name carries the id of
the case it protects from ../shared/reference/rule-cases/kasserine-pass.txt
(KP-VICTORY becomes KP_VICTORY, and so on).  The map is built by
tools/kasserine_pass/build_map.py; docs/maps/kasserine-pass.md explains it.
"""
from __future__ import annotations

import csv
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
from _hexmap import (  # sibling module: tests/content has no __init__.py
    HexGrid,
    centre,
    chain_hexes,
    check_provenance,
    check_tiled_export,
    cr,
    csv_gids,
    distance,
    hid,
    read_tmx,
    side_edge,
    sides_of,
    tmx_prop_types,
    tmx_props,
)

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
TMX = MAPS / "kasserine-pass.tmx"
TILED_JSON = MAPS / "kasserine-pass.tiled.json"
GEO = REPO.parent / "shared" / "reference" / "geo"

COLS, ROWS = 21, 30
MAP_W, MAP_H = COLS * 48 + 16, ROWS * 56 + 28
TERRAIN_NAMES = {"plain", "high_ground", "rugged_crest", "river"}
# The rulebook orders heights through the terrain: high ground above plain,
# rugged crest above high ground; a river hex is a valley floor.
HEIGHT_OF = {"plain": 0, "river": 0, "high_ground": 1, "rugged_crest": 2}
FEATURE_KINDS = {"road", "cliff"}
PROVENANCES = {"rulebook", "found", "reconstructed"}
RESERVED = {"type", "name", "id", "x", "y", "width", "height", "rotation", "gid", "visible", "class"}

# Rulebook, Victory Conditions.
VICTORY = {"Ferriana": 1, "Kasserine": 1, "Sbiba": 1, "Le Kef": 2, "Thala": 2, "Tebessa": 3}
# Places named by data-kasserine-tcs.md A2/A3 that fall on the map (0 VP).
OTHER_PLACES = {"Sidi Bou Zid", "Gafsa", "Sbeitla", "Maktar", "Rohia", "Haidra", "Hadjeb el Aioun",
                "Bou Chebka", "Thelepte", "Faid", "Fondouk", "Maknassy"}


# --------------------------------------------------------------------------
# hex geometry (our own, so the test does not lean on the generator)
# --------------------------------------------------------------------------
GRID = HexGrid(COLS, ROWS)
on_map, neighbours, adjacent, hex_under = GRID.on_map, GRID.neighbours, GRID.adjacent, GRID.hex_under

ALL = [hid(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)]
EAST = {hid(COLS, r) for r in range(1, ROWS + 1)}
WEST = {hid(1, r) for r in range(1, ROWS + 1)}
NORTH = {hid(c, 1) for c in range(1, COLS + 1)}


# --------------------------------------------------------------------------
# reading the TMX
# --------------------------------------------------------------------------
_props = tmx_props


@pytest.fixture(scope="module")
def tmx():
    return read_tmx(TMX)


@pytest.fixture(scope="module")
def tiles(tmx):
    """Tiled gid -> (tile type, properties, property types), over all tilesets."""
    out = {}
    for ts in tmx["root"].findall("tileset"):
        first = int(ts.get("firstgid"))
        tsx = ET.parse(MAPS / ts.get("source")).getroot()
        assert (MAPS / tsx.find("image").get("source")).is_file()
        for t in tsx.findall("tile"):
            out[first + int(t.get("id"))] = (t.get("type"), _props(t), tmx_prop_types(t))
    return out


def _layer_values(tmx, tiles, layer, prop):
    gids = csv_gids(tmx["layers"][layer])
    assert len(gids) == COLS * ROWS, layer
    out = {}
    for i, g in enumerate(gids):
        assert g in tiles, f"{layer}: cell {i} holds no tile of our tilesets"
        out[hid(i % COLS + 1, i // COLS + 1)] = tiles[g][1][prop]
    return out


@pytest.fixture(scope="module")
def terrain(tmx, tiles):
    return _layer_values(tmx, tiles, "terrain", "terrain")


@pytest.fixture(scope="module")
def heights(tmx, tiles):
    return {h: int(v) for h, v in _layer_values(tmx, tiles, "height", "height").items()}


@pytest.fixture(scope="module")
def places(tmx):
    return {o["name"]: dict(hex=hex_under(o["x"], o["y"]), **o) for o in tmx["objects"]["places"]}


@pytest.fixture(scope="module")
def regions(tmx):
    return {o["name"]: o["props"]["hexes"].split(",") for o in tmx["objects"]["areas"] if o["type"] == "region"}


def _roads(tmx):
    return [o for o in tmx["objects"]["hexsides"] if o["type"] == "road"]


def _cliffs(tmx):
    return [o for o in tmx["objects"]["hexsides"] if o["type"] == "cliff"]


@pytest.fixture(scope="module")
def road_hexes(tmx):
    return {h for o in _roads(tmx) for h in chain_hexes(o)}


# --------------------------------------------------------------------------
# map settings (docs/map-format.md)
# --------------------------------------------------------------------------
def test_map_is_a_flat_topped_odd_q_hex_grid(tmx):
    m = tmx["root"]
    assert m.get("orientation") == "hexagonal"
    assert (m.get("staggeraxis"), m.get("staggerindex")) == ("x", "odd")
    assert (m.get("width"), m.get("height")) == (str(COLS), str(ROWS))
    assert (m.get("tilewidth"), m.get("tileheight"), m.get("hexsidelength")) == ("64", "56", "32")
    assert m.get("infinite") == "0"
    assert all(lay.find("data").get("encoding") == "csv" for lay in tmx["layers"].values())
    props = _props(m)
    assert props["game"] == "kasserine-pass"
    assert props["provenance_terrain"] in PROVENANCES and props["source_terrain"]
    assert {g.get("name") for g in m.findall("objectgroup")} >= {"hexsides", "places", "setup", "areas"}
    assert m.get("version") == "1.8" and m.find(".//template") is None


def test_tilesets_terrain_and_height(tiles):
    terrain_tiles = [(p, t) for kind, p, t in tiles.values() if kind == "terrain"]
    height_tiles = [(p, t) for kind, p, t in tiles.values() if kind == "height"]
    assert len(terrain_tiles) + len(height_tiles) == len(tiles)
    assert {p["terrain"] for p, _ in terrain_tiles} == TERRAIN_NAMES
    assert sorted(int(p["height"]) for p, _ in height_tiles) == sorted(set(HEIGHT_OF.values()))
    assert all(t["height"] == "int" for _, t in height_tiles), "height must be an int property"


# --------------------------------------------------------------------------
# KP-TERRAIN, KP-HEIGHT
# --------------------------------------------------------------------------
def test_KP_TERRAIN_every_hex_has_a_known_terrain(terrain):
    assert set(terrain) == set(ALL)
    assert set(terrain.values()) == TERRAIN_NAMES
    share = {t: sum(v == t for v in terrain.values()) / len(ALL) for t in TERRAIN_NAMES}
    assert share["plain"] > 0.4 and share["rugged_crest"] < 0.15, share


def test_KP_HEIGHT_every_hex_has_a_height_ordered_by_terrain(terrain, heights):
    """High ground is higher than plain and rugged crest higher than high
    ground; the map's height layer says exactly that, hex by hex."""
    assert set(heights) == set(ALL)
    for h in ALL:
        assert heights[h] == HEIGHT_OF[terrain[h]], f"{h}: {terrain[h]} at height {heights[h]}"


def test_KP_HEIGHT_layer_is_drawn_over_the_terrain(tmx):
    lays = tmx["root"].findall("layer")
    assert [lay.get("name") for lay in lays] == ["terrain", "height"]
    assert float(lays[1].get("opacity", "1")) < 1


# --------------------------------------------------------------------------
# KP-VICTORY, KP-CITY: places
# --------------------------------------------------------------------------
def test_KP_VICTORY_every_victory_place_with_its_points(places):
    vp = {n: int(p["props"]["vp"]) for n, p in places.items() if int(p["props"]["vp"])}
    assert vp == VICTORY
    assert sum(vp.values()) == 10, "the top victory band is 8 to 10 points"
    assert all(places[n]["types"]["vp"] == "int" for n in places)


def test_KP_VICTORY_every_named_place_is_on_the_map(places):
    assert set(places) == set(VICTORY) | OTHER_PLACES
    hexes = [p["hex"] for p in places.values()]
    assert len(hexes) == len(set(hexes)), "two places share a hex"
    for p in places.values():
        assert p["type"] == "city", "the loader takes only city/major_city; size says which"
        assert p["props"]["size"] in ("village", "city"), p["name"]
        x, y = centre(p["hex"])
        assert (p["x"], p["y"]) == (x, y), f"{p['name']} is not on its hex centre"


def test_KP_CITY_towns_that_double_the_defender(places):
    cities = {n for n, p in places.items() if p["props"]["size"] == "city"}
    assert cities == {"Tebessa", "Le Kef", "Gafsa"}


def test_KP_VICTORY_places_near_their_real_position(places):
    path = GEO / "kasserine_cities.csv"
    if not path.is_file():
        pytest.skip("geo reference data not available")
    with open(path, newline="", encoding="utf-8") as f:
        geo = {r["name"]: (float(r["lon"]), float(r["lat"])) for r in csv.DictReader(f)}
    for name, p in places.items():
        lon, lat = geo[name]
        u, v = (lon - 8.0) * 90.9 / 7.24, (36.30 - lat) * 111 / 7.24   # data-kasserine-tcs.md A3
        real = hex_under((u - 1) * 48 + 32, (v - 1) * 56 + 28)
        assert distance(real, p["hex"]) <= 1, f"{name} at {p['hex']}, its real position falls in {real}"


def test_KP_VICTORY_places_keep_their_own_terrain(places, terrain):
    for p in places.values():
        assert terrain[p["hex"]] != "river", f"{p['name']} sits on a river hex"


# --------------------------------------------------------------------------
# KP-TERRAIN roads (KP-OOB-GERMAN / KP-OOB-ALLIED name roads 1-6)
# --------------------------------------------------------------------------
def test_KP_TERRAIN_roads_are_connected_chains_and_named(tmx):
    roads = _roads(tmx)
    assert roads
    for o in roads:
        assert o["name"], "a road without a name"
        chain = chain_hexes(o)
        assert len(chain) == len(set(chain)), f"road {o['name']} visits a hex twice"
        for a, b in zip(chain, chain[1:]):
            assert on_map(a) and on_map(b) and adjacent(a, b), f"road {o['name']}: {a}-{b}"
        if o["name"].isdigit():
            assert o["props"]["number"] == o["name"] and o["types"]["number"] == "int"


def test_KP_TERRAIN_road_drawing_runs_centre_to_centre(tmx):
    for o in _roads(tmx):
        assert [(round(x), round(y)) for x, y in o["points"]] == [centre(h) for h in chain_hexes(o)], o["name"]


def test_KP_OOB_roads_one_to_six_reach_their_edges(tmx):
    ends = {}
    for o in _roads(tmx):
        chain = chain_hexes(o)
        ends.setdefault(o["name"], set()).update({chain[0], chain[-1]})
    assert {str(n) for n in range(1, 7)} <= set(ends)
    for n in ("1", "2", "3", "4"):
        assert len(ends[n] & EAST) == 1, f"road {n} must enter at the east edge"
    assert ends["5"] & NORTH, "road 5 enters from the north"
    assert ends["6"] & WEST, "road 6 enters from the west (Algeria)"
    rows = {n: cr(next(iter(ends[n] & EAST)))[1] for n in ("1", "2", "3", "4")}
    assert rows["4"] < rows["3"] < rows["2"] < rows["1"], "roads 1-4 are numbered from south to north"


def test_KP_TERRAIN_road_network_is_connected_and_serves_the_places(tmx, places):
    graph = {}
    for o in _roads(tmx):
        for s in sides_of(o):
            a, b = s.split("-")
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set()).add(a)
    start = places["Kasserine"]["hex"]
    seen, todo = {start}, [start]
    while todo:
        for n in graph[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(graph), "the road net falls apart"
    off_road = {n for n, p in places.items() if p["hex"] not in graph}
    assert off_road <= {"Fondouk"}, off_road


# --------------------------------------------------------------------------
# KP-COMBINATION-HEX, KP-RIVER-MOVE, KP-ENGINEERS
# --------------------------------------------------------------------------
def test_KP_COMBINATION_HEX_road_and_river_hexes_just_north_west_of_kasserine(terrain, road_hexes, places):
    kas = places["Kasserine"]["hex"]
    combo = {h for h in road_hexes if terrain[h] == "river"}
    assert len(combo) >= 2, "the rulebook speaks of a few such hexes"
    kx, ky = centre(kas)
    for h in combo:
        x, y = centre(h)
        assert distance(h, kas) <= 3 and x < kx and y < ky, f"{h} is not just north-west of Kasserine"
    assert any(adjacent(h, kas) for h in combo)


def test_KP_RIVER_MOVE_wadis_are_river_hexes(terrain):
    river = {h for h, t in terrain.items() if t == "river"}
    assert len(river) >= 30
    # most river hexes continue a wadi: they touch another river hex
    lone = [h for h in river if not neighbours(h) & river]
    assert len(lone) <= 2, lone


def test_KP_ENGINEERS_bridges_are_the_road_and_river_hexes(tmx, terrain, road_hexes):
    bridges = [o for o in tmx["objects"].get("zones", []) if o["type"] == "bridge"]
    hexes = [o["props"]["hexes"] for o in bridges]
    assert all("," not in h for h in hexes), "one bridge per object (one engineer blows one bridge)"
    assert set(hexes) == {h for h in road_hexes if terrain[h] == "river"}


# --------------------------------------------------------------------------
# KP-CLIFF, KP-CLIFF-ZOC
# --------------------------------------------------------------------------
def test_KP_CLIFF_cliffs_only_between_different_heights(tmx, heights):
    cliffs = _cliffs(tmx)
    assert {o["name"].split()[1] for o in cliffs} >= {"Chambi", "Semmama"}
    for o in cliffs:
        sides = sides_of(o)
        for s in sides:
            a, b = s.split("-")
            assert on_map(a) and on_map(b) and adjacent(a, b), f"{o['name']}: {s}"
            assert heights[a] != heights[b], f"{o['name']}: {s} joins two hexes of height {heights[a]}"
        edges = [side_edge(s) for s in sides]
        for e, f in zip(edges, edges[1:]):
            assert e & f, f"{o['name']}: cliff line broken between {e} and {f}"


def test_KP_CLIFF_no_hexside_is_both_cliff_and_road(tmx):
    cliff = {"-".join(sorted(s.split("-"))) for o in _cliffs(tmx) for s in sides_of(o)}
    road = {"-".join(sorted(s.split("-"))) for o in _roads(tmx) for s in sides_of(o)}
    assert not cliff & road


def test_KP_CLIFF_drawing_lies_along_the_cliff_edges(tmx):
    for o in _cliffs(tmx):
        pts = {(round(x), round(y)) for x, y in o["points"]}
        for s in sides_of(o):
            assert side_edge(s) <= pts, f"{o['name']}: the drawing misses {s}"


# --------------------------------------------------------------------------
# the Kasserine gap (data-kasserine-tcs.md A3)
# --------------------------------------------------------------------------
def test_KP_TERRAIN_kasserine_gap_is_a_passable_plain_corridor(tmx, terrain, regions, places):
    gap = regions["Kasserine gap"]
    assert 1 <= len(gap) <= 2
    assert "0916" in gap or "1016" in gap, "A3: col 9-10, row 16"
    assert all(terrain[h] in ("plain", "river") for h in gap)
    assert any(terrain[h] == "plain" for h in gap)
    cliff = {"-".join(sorted(s.split("-"))) for o in _cliffs(tmx) for s in sides_of(o)}
    # from Kasserine through the gap to Thala, over passable ground only
    kas, thala = places["Kasserine"]["hex"], places["Thala"]["hex"]
    ok = {h for h, t in terrain.items() if t in ("plain", "river")} | {thala}
    seen, todo = {kas}, [kas]
    while todo:
        h = todo.pop()
        for n in neighbours(h):
            if n in ok and n not in seen and "-".join(sorted((h, n))) not in cliff and distance(n, kas) <= 8:
                seen.add(n)
                todo.append(n)
    assert set(gap) <= seen
    # the gap is flanked by the Chambi and Semmama crests
    flank = {n for h in gap for n in neighbours(h)} - set(gap)
    assert sum(terrain[n] == "rugged_crest" for n in flank) >= 2


def test_KP_TERRAIN_named_djebels_are_rugged_crests(terrain):
    # Chambi, Semmama, Selloum, Mrhila, Lessouda, Ksaira, Trozza (kasserine_features.csv via A3)
    for h in ("0917", "1215", "1218", "1613", "1720", "1821", "2010"):
        assert terrain[h] == "rugged_crest", h


# --------------------------------------------------------------------------
# KP-OOB-GERMAN, KP-OOB-ALLIED: edges and entry areas
# --------------------------------------------------------------------------
def test_KP_OOB_GERMAN_axis_edge_is_the_east_edge(tmx):
    edges = {o["props"]["side"]: set(o["props"]["hexes"].split(","))
             for o in tmx["objects"]["areas"] if o["type"] == "friendly_edge"}
    assert edges["axis"] == EAST
    assert edges["allied"] == WEST | NORTH


def test_KP_OOB_GERMAN_entry_regions_lie_on_the_east_edge_between_their_roads(tmx, regions):
    edge_row = {}
    for o in _roads(tmx):
        chain = chain_hexes(o)
        for h in (chain[0], chain[-1]):
            if h in EAST:
                edge_row[o["name"]] = cr(h)[1]
    for a, b in (("1", "2"), ("2", "3"), ("3", "4")):
        hexes = set(regions[f"entry {a}-{b}"])
        assert hexes <= EAST, f"entry {a}-{b} leaves the east edge"
        lo, hi = sorted((edge_row[a], edge_row[b]))
        assert hexes == {hid(COLS, r) for r in range(lo, hi + 1)}, f"entry {a}-{b}: between, or on, the roads"


def test_KP_OOB_GERMAN_italians_within_two_hexes_of_the_east_edge(regions):
    it = set(regions["Italian set-up"])
    assert it == {h for h in ALL if cr(h)[0] >= COLS - 1}


def test_KP_OOB_ALLIED_entry_points(tmx, regions, places):
    assert regions["entry Le Kef"] == [places["Le Kef"]["hex"]]
    ends = {}
    for o in _roads(tmx):
        chain = chain_hexes(o)
        ends.setdefault(o["name"], set()).update({chain[0], chain[-1]})
    assert set(regions["entry road 5"]) <= ends["5"] & NORTH
    assert set(regions["entry road 6"]) <= ends["6"] & WEST


def test_no_setup_marks_since_the_rulebook_prints_none(tmx):
    assert tmx["objects"]["setup"] == []


# --------------------------------------------------------------------------
# every object: provenance, flat properties, on the map
# --------------------------------------------------------------------------
def test_objects_carry_provenance_and_no_reserved_property(tmx):
    check_provenance(tmx, PROVENANCES, RESERVED)
    assert all(set(o["types"].values()) <= {"string", "int"} for group in tmx["objects"].values() for o in group)


def test_objects_lie_on_the_map(tmx):
    for group in tmx["objects"].values():
        for o in group:
            for x, y in [(o["x"], o["y"])] + o["points"]:
                assert 0 <= x <= MAP_W and 0 <= y <= MAP_H, (o["name"], x, y)


def test_area_and_zone_hexes_are_on_the_map(tmx):
    for group in ("areas", "zones"):
        for o in tmx["objects"].get(group, []):
            assert all(on_map(h) for h in o["props"]["hexes"].split(",")), o["name"]


# --------------------------------------------------------------------------
# hexwar's loader and Tiled's own reading
# --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def board():
    from hexwar.loaders.tmx import load_board
    return load_board(TMX, sorted(TERRAIN_NAMES), feature_kinds=sorted(FEATURE_KINDS))


def test_loader_reads_the_map(board, terrain):
    assert (board.width, board.height) == (COLS, ROWS)
    assert {str(h): t for h, t in board.terrain.items()} == terrain
    assert {f.kind for f in board.features} == FEATURE_KINDS
    assert {p.name for p in board.places.values()} == set(VICTORY) | OTHER_PLACES
    assert set(board.edges) == {"axis", "allied"}
    assert {z.kind for z in board.zones} == {"bridge"}


def test_KP_HEIGHT_loader_gives_every_hex_a_height(board):
    assert set(board.hex_values["height"]) == set(board.terrain)


def test_KP_HEIGHT_loader_reads_the_height_levels(board, heights):
    assert {str(h): v for h, v in board.hex_values["height"].items()} == heights


def test_tiled_export_agrees_with_the_tmx(tmx):
    """maps/kasserine-pass.tiled.json is Tiled's own reading of the TMX
    (tiled --export-map json); refresh it whenever the map changes."""
    check_tiled_export(tmx, TILED_JSON)