"""Content checks for the Objective: Kiev map (maps/objective-kiev.tmx).

The map is read with plain xml.etree, independently of hexwar's loader, and
checked against the hard facts of the rulebook and of data-kiev-kursk.md 2.6.
Each test name starts with the number of the rule it protects.  The map is
built by tools/objective_kiev/build_map.py; docs/maps/objective-kiev.md explains it.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations
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
    hid,
    read_tmx,
    side_edge,
    sides_of,
    tmx_props,
)

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
TMX = MAPS / "objective-kiev.tmx"
TILED_JSON = MAPS / "objective-kiev.tiled.json"
GEO = REPO.parent / "shared" / "reference" / "geo"

COLS, ROWS = 20, 11
TERRAIN_NAMES = {"clear", "forest", "swamp"}
PROVENANCES = {"rulebook", "found", "reconstructed"}
RESERVED = {"type", "name", "id", "x", "y", "width", "height", "rotation", "gid", "visible", "class"}

CITY_HEXES = {
    "Lublin": "0101", "Iasi": "1010", "Chernovtsy": "0708", "Stanislav": "0507",
    "Kiev": "1503", "Kirovograd": "1807", "Lvov": "0404", "Lutsk": "0602",
    "Rovno": "0802", "Tarnopol": "0605", "Proskurov": "0905", "Zhitomir": "1203",
    "Berdichev": "1204", "Vinnitsa": "1106", "Uman": "1507", "Belaya Tserkov": "1404",
}
SECOND_LINE = {"0406", "0705", "0803", "1007", "1106", "1309"}
ROMANIA_CROSSES = {"0709", "0809", "0910", "1010"}
ROMANIA_STARS = {"0708", "0808", "1110"}


# --------------------------------------------------------------------------
# hex geometry (our own, so the test does not lean on the generator)
# --------------------------------------------------------------------------
GRID = HexGrid(COLS, ROWS)
on_map, neighbours, adjacent, hex_under = GRID.on_map, GRID.neighbours, GRID.adjacent, GRID.hex_under


# --------------------------------------------------------------------------
# reading the TMX
# --------------------------------------------------------------------------
_props = tmx_props


@pytest.fixture(scope="module")
def tmx():
    return read_tmx(TMX)


@pytest.fixture(scope="module")
def tileset():
    root = ET.parse(TMX).getroot()
    ts = root.find("tileset")
    first = int(ts.get("firstgid"))
    tsx = ET.parse(MAPS / ts.get("source")).getroot()
    tiles = {first + int(t.get("id")): dict(type=t.get("type"), props=_props(t)) for t in tsx.findall("tile")}
    return dict(root=tsx, tiles=tiles, image=tsx.find("image"))


@pytest.fixture(scope="module")
def terrain(tmx, tileset):
    gids = csv_gids(tmx["layers"]["terrain"])
    assert len(gids) == COLS * ROWS
    return {hid(i % COLS + 1, i // COLS + 1): tileset["tiles"][g]["props"]["terrain"] for i, g in enumerate(gids)}


@pytest.fixture(scope="module")
def marks(tmx):
    out = {}
    for o in tmx["objects"]["setup"]:
        out.setdefault(o["props"]["mark"], []).append(hex_under(o["x"], o["y"]))
    return out


@pytest.fixture(scope="module")
def regions(tmx):
    return {o["name"]: set(o["props"]["hexes"].split(","))
            for o in tmx["objects"]["areas"] if o["type"] == "region"}


# --------------------------------------------------------------------------
# map settings (docs/map-format.md)
# --------------------------------------------------------------------------
def test_3_1_map_is_flat_topped_odd_q_hex_grid(tmx):
    m = tmx["root"]
    assert m.get("orientation") == "hexagonal"
    assert (m.get("staggeraxis"), m.get("staggerindex")) == ("x", "odd")
    assert (m.get("width"), m.get("height")) == ("20", "11")
    assert (m.get("tilewidth"), m.get("tileheight"), m.get("hexsidelength")) == ("64", "56", "32")
    assert m.get("infinite") == "0"
    assert m.find("layer/data").get("encoding") == "csv"
    props = _props(m)
    assert props["game"] == "objective-kiev"
    assert props["provenance_terrain"] in PROVENANCES and props["source_terrain"]
    assert {g.get("name") for g in m.findall("objectgroup")} >= {"hexsides", "places", "setup", "areas"}


def test_3_1_tileset_has_three_terrain_tiles(tileset):
    img = tileset["image"]
    assert (MAPS / img.get("source")).is_file()
    assert {t["type"] for t in tileset["tiles"].values()} == {"terrain"}
    assert {t["props"]["terrain"] for t in tileset["tiles"].values()} == TERRAIN_NAMES
    png = (MAPS / img.get("source")).read_bytes()
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert int.from_bytes(png[16:20], "big") == 64 * 3 and int.from_bytes(png[20:24], "big") == 56


def test_3_1_every_hex_has_a_known_terrain(terrain):
    assert len(terrain) == COLS * ROWS
    assert set(terrain.values()) == TERRAIN_NAMES


def test_objects_carry_provenance_and_no_reserved_property(tmx):
    check_provenance(tmx, PROVENANCES, RESERVED)


def test_objects_lie_on_the_map(tmx):
    for group in tmx["objects"].values():
        for o in group:
            for x, y in [(o["x"], o["y"])] + o["points"]:
                assert 0 <= x <= 976 and 0 <= y <= 644, (o["name"], x, y)


# --------------------------------------------------------------------------
# 5.0 cities
# --------------------------------------------------------------------------
def test_5_0_sixteen_cities_at_their_hexes(tmx):
    places = tmx["objects"]["places"]
    assert len(places) == 16
    assert {o["name"]: hex_under(o["x"], o["y"]) for o in places} == CITY_HEXES
    assert all(o["type"] in ("city", "major_city") for o in places)


def test_10_4_kiev_is_the_only_major_city(tmx):
    majors = [o["name"] for o in tmx["objects"]["places"] if o["type"] == "major_city"]
    assert majors == ["Kiev"]


def test_10_4_kiev_lies_on_the_west_bank_of_the_dnieper(tmx):
    dn = [s for o in tmx["objects"]["hexsides"] if o["name"] == "Dnieper" for s in sides_of(o)]
    assert all(o["type"] == "major_river" for o in tmx["objects"]["hexsides"] if o["name"] == "Dnieper")
    on_kiev = {s for s in dn if "1503" in s.split("-")}
    assert on_kiev, "the Dnieper must run beside Kiev"
    assert on_kiev <= {"1503-1602", "1503-1603"}, f"Dnieper hexsides on Kiev's west: {on_kiev}"


# --------------------------------------------------------------------------
# 6.0 set-up marks
# --------------------------------------------------------------------------
def test_6_0_setup_hexes_marked(marks):
    assert set(marks) == {"soviet_army", "soviet_mech", "red_star", "black_cross"}
    assert sorted(marks["soviet_army"]) == ["0705", "1106"]
    assert sorted(marks["soviet_mech"]) == ["0406", "0803", "1007", "1309"]
    assert len(marks["red_star"]) == len(set(marks["red_star"])) == 10
    assert len(marks["black_cross"]) == len(set(marks["black_cross"])) == 11


def test_6_0_setup_hexes_never_coincide(marks):
    second = marks["soviet_army"] + marks["soviet_mech"]
    allm = second + marks["red_star"] + marks["black_cross"]
    assert len(allm) == len(set(allm))


def test_6_0_seven_polish_black_crosses_each_facing_a_red_star(marks, regions):
    polish = [h for h in marks["black_cross"] if h in regions["Poland"]]
    assert len(polish) == 7
    assert set(marks["black_cross"]) == set(polish) | ROMANIA_CROSSES
    for h in polish:
        assert neighbours(h) & set(marks["red_star"]), f"black cross {h} touches no red star"


def test_6_0_red_stars_on_the_soviet_side(marks, regions):
    axis_land = regions["Poland"] | regions["Romania"] | regions.get("Hungary", set())
    assert not set(marks["red_star"]) & axis_land
    # seven face Poland or Hungary, three face Romania
    facing_west = [h for h in marks["red_star"]
                   if neighbours(h) & (regions["Poland"] | regions.get("Hungary", set()))]
    assert len(set(marks["red_star"]) - ROMANIA_STARS) == 7
    assert set(facing_west) >= set(marks["red_star"]) - ROMANIA_STARS


def test_6_0_four_armies_fit_on_red_stars_without_touching(marks):
    armies = set(marks["soviet_army"])
    free = [h for h in marks["red_star"] if not neighbours(h) & armies]
    assert any(all(not adjacent(a, b) for a, b in combinations(pick, 2))
               for pick in combinations(free, 4)), "no four non-adjacent red stars"
    # the ideal of the brief: no red star next to a second-line army hex
    assert free == marks["red_star"]


def test_6_0_setup_hexes_have_clear_terrain(marks, terrain):
    for mark, hexes in marks.items():
        for h in hexes:
            assert terrain[h] == "clear", f"{mark} at {h} is {terrain[h]}"


# --------------------------------------------------------------------------
# 10.8 Romania
# --------------------------------------------------------------------------
def test_10_8_romania_region(regions):
    assert ROMANIA_CROSSES <= regions["Romania"]
    assert not ROMANIA_STARS & regions["Romania"]
    assert "0101" in regions["Poland"]          # Lublin
    assert not regions["Romania"] & regions["Poland"]
    assert not regions["Romania"] & regions.get("Hungary", set())


def test_10_8_romanian_border_stars_face_romanian_crosses(marks):
    assert ROMANIA_CROSSES <= set(marks["black_cross"])
    assert ROMANIA_STARS <= set(marks["red_star"])
    for h in ROMANIA_STARS:
        assert neighbours(h) & ROMANIA_CROSSES, f"{h} touches no Romanian black cross"


# --------------------------------------------------------------------------
# 11.0 / 12.2 / 12.3 friendly edges
# --------------------------------------------------------------------------
def test_11_0_friendly_map_edges(tmx):
    edges = {o["props"]["side"]: set(o["props"]["hexes"].split(","))
             for o in tmx["objects"]["areas"] if o["type"] == "friendly_edge"}
    assert edges["axis"] == {hid(1, r) for r in range(1, ROWS + 1)}
    assert edges["soviet"] == {hid(COLS, r) for r in range(1, ROWS + 1)} | {hid(c, 1) for c in range(12, COLS + 1)}


# --------------------------------------------------------------------------
# 10.4 rivers
# --------------------------------------------------------------------------
def _rivers(tmx):
    return [o for o in tmx["objects"]["hexsides"] if o["type"] in ("river", "major_river")]


def test_10_4_river_hexsides_form_connected_chains(tmx):
    for o in _rivers(tmx):
        sides = sides_of(o)
        assert len(sides) >= 2, o["name"]
        for s in sides:
            a, b = s.split("-")
            assert on_map(a) and on_map(b) and adjacent(a, b), f"{o['name']}: {s}"
        edges = [side_edge(s) for s in sides]
        # consecutive hexsides share a corner, and no corner is used by more
        # than two of them: a simple path along hex edges
        for e, f in zip(edges, edges[1:]):
            assert e & f, f"{o['name']}: chain broken between {e} and {f}"
        count = {}
        for e in edges:
            for k in e:
                count[k] = count.get(k, 0) + 1
        assert max(count.values()) <= 2, o["name"]


def test_10_4_river_drawing_follows_its_hexsides(tmx):
    for o in _rivers(tmx):
        pts = [(round(x), round(y)) for x, y in o["points"]]
        drawn = [frozenset(seg) for seg in zip(pts, pts[1:])]
        assert drawn == [side_edge(s) for s in sides_of(o)], o["name"]


def test_10_4_no_hexside_holds_two_rivers(tmx):
    seen = {}
    for o in _rivers(tmx):
        for s in sides_of(o):
            key = "-".join(sorted(s.split("-")))
            assert key not in seen, f"{key} in {seen.get(key)} and {o['name']}"
            seen[key] = o["name"]


def test_10_4_river_kinds(tmx):
    kinds = {}
    for o in _rivers(tmx):
        kinds.setdefault(o["name"], set()).add(o["type"])
    assert kinds["Dnieper"] == {"major_river"}
    for name in ("San", "Western Bug", "Prut", "Dniester", "Southern Bug", "Sluch", "Horyn",
                 "Teterev", "Pripyat", "Desna", "Styr", "Ros"):
        assert kinds.get(name) == {"river"}, name


def test_10_4_combat_example_terrain_exists(tmx, terrain):
    """The rulebook's combat example has a forest defender behind a river."""
    river_sides = {s for o in _rivers(tmx) for s in sides_of(o)}
    assert any(terrain[h] == "forest" for s in river_sides for h in s.split("-"))
    assert any(terrain[h] == "swamp" for h in terrain)


# --------------------------------------------------------------------------
# 9.3 / 9.4.3 rail lines
# --------------------------------------------------------------------------
def _rails(tmx):
    return [o for o in tmx["objects"]["hexsides"] if o["type"] == "rail"]


def test_9_3_rail_hexsides_form_chains_of_adjacent_hexes(tmx):
    for o in _rails(tmx):
        chain = chain_hexes(o)
        assert len(chain) == len(set(chain)), f"{o['name']} visits a hex twice"
        for a, b in zip(chain, chain[1:]):
            assert on_map(a) and on_map(b) and adjacent(a, b), f"{o['name']}: {a}-{b}"


def test_9_3_rail_drawing_runs_centre_to_centre(tmx):
    for o in _rails(tmx):
        chain = chain_hexes(o)
        assert [(round(x), round(y)) for x, y in o["points"]] == [centre(h) for h in chain], o["name"]


def test_9_4_3_rail_network_is_connected_and_serves_the_cities(tmx):
    graph = {}
    for o in _rails(tmx):
        for s in sides_of(o):
            a, b = s.split("-")
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set()).add(a)
    seen, todo = {"1503"}, ["1503"]
    while todo:
        for n in graph[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(graph), "the rail net falls apart"
    on_rail = [c for c, h in CITY_HEXES.items() if h in graph]
    assert "Kiev" in on_rail and len(on_rail) >= 12, sorted(set(CITY_HEXES) - set(on_rail))
    # the rail reaches the Soviet east edge and the Axis west edge
    assert any(h.startswith("20") for h in graph) and any(h.startswith("01") for h in graph)


# --------------------------------------------------------------------------
# terrain placement (reconstructed, data-kiev-kursk.md 2.3)
# --------------------------------------------------------------------------
def test_terrain_swamp_in_the_north_forest_in_the_south_west(terrain):
    swamp = [h for h, t in terrain.items() if t == "swamp"]
    assert swamp and all(cr(h)[1] == 1 for h in swamp), "Pripet swamps along the north edge"
    forest = {h for h, t in terrain.items() if t == "forest"}
    assert {h for h in forest if cr(h)[0] <= 7 and cr(h)[1] >= 6}, "Carpathian forest"
    assert {h for h in forest if 10 <= cr(h)[0] <= 13 and cr(h)[1] <= 3}, "Korosten-Zhitomir woods"


# --------------------------------------------------------------------------
# Tiled's own reading (the committed export must be current; the live check is
# tests/content/test_loader_agrees_with_tiled.py)
# --------------------------------------------------------------------------
def test_tiled_export_agrees_with_the_tmx(tmx):
    """maps/objective-kiev.tiled.json is Tiled's own reading of the TMX
    (tiled --export-map json); refresh it whenever the map changes."""
    check_tiled_export(tmx, TILED_JSON)