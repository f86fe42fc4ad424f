"""Content checks for the Battle for Kursk map (maps/battle-for-kursk.tmx).

The map is read with plain xml.etree, independently of hexwar's loader, and
checked against the hard facts of the rulebook and of data-kiev-kursk.md 3.
Each test name starts with the number of the rule it protects.  The map is
built by tools/battle_for_kursk/build_map.py; docs/maps/battle-for-kursk.md explains it.
"""
from __future__ import annotations

import csv
import struct
import xml.etree.ElementTree as ET
import zlib
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
    tmx_props,
)

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
TMX = MAPS / "battle-for-kursk.tmx"
TILED_JSON = MAPS / "battle-for-kursk.tiled.json"
GEO = REPO.parent / "shared" / "reference" / "geo"

COLS, ROWS = 27, 24
MAP_W, MAP_H = COLS * 48 + 16, ROWS * 56 + 28
TERRAIN_NAMES = {"clear", "forest", "rough", "marsh"}
FEATURE_KINDS = {"river", "major_river", "rail", "start_line"}
PROVENANCES = {"rulebook", "found", "reconstructed"}
RESERVED = {"type", "name", "id", "x", "y", "width", "height", "rotation", "gid", "visible", "class"}
TURNS = {"A", "B", "C", "D", "1", "2", "3", "4", "5", "6", "7", "8"}

# Every place the rulebook names, with the kind its text implies (None: the
# text gives no kind) and the side of the Start Line it is on at the start.
RULEBOOK_PLACES = {
    # name: (kind, side)
    "Moscow": ("major_city", "russian"),       # 9.2 "major city (i.e., Moscow)"
    "Bryansk": ("major_city", "german"),       # combat example 3 "the Major City of Bryansk"
    "Kursk": (None, "russian"),                # 4.0/6.0 hex 2113, the German Strategic Objective
    "Roslavl": ("city", "german"),             # combat example 4 "the city of Roslaval"
    "Velikie Luki": ("city", "russian"),       # combat example 5 "the city of Velike Luki", Moscow Belt
    "Sumy": ("city", "german"),                # movement example 2 "the city of Sumy"
    "Konotop": ("city", "german"),             # movement example 2 "the city of Konotop"
    "Stalino": (None, "german"),               # replacement example: German placement city
    "Mariupol": (None, "german"),              # replacement example ("Mariupul")
    "Taganrog": (None, "german"),              # replacement example: "still Friendly Controlled"
    "Orel": (None, "german"),                  # designer's notes: captured by Kutuzov
    "Kharkov": (None, "german"),               # designer's notes: recaptured by Manstein
    "Belgorod": (None, "german"),              # designer's notes: recaptured by Manstein
    "Smolensk": (None, "german"),              # designer's notes: captured by Suvorov
    "Kiev": (None, "german"),                  # 12.1: the Russian Strategic Objective
    "Vitebsk": (None, "german"),               # 12.1: a Russian Strategic Objective option
    "Gomel": (None, "german"),                 # 12.1: a Russian Strategic Objective option
    "Tula": (None, "russian"),                 # movement example 1
}
GEO_NAME = {"Velikie Luki": "Velikiye Luki"}


# --------------------------------------------------------------------------
# hex geometry (our own, so the test does not lean on the generator)
# --------------------------------------------------------------------------
GRID = HexGrid(COLS, ROWS)
on_map, neighbours, adjacent = GRID.on_map, GRID.neighbours, GRID.adjacent
ALL = {hid(c, r) for c in range(1, COLS + 1) for r in range(1, ROWS + 1)}


def within(h, n):
    return {x for x in ALL if distance(h, x) <= n}


def hex_under(x, y):
    """The hex whose centre is nearest to the pixel (as Tiled draws the grid)."""
    return GRID.hex_under(x, y, ALL)


def hex_of_lonlat(lon, lat):
    """The grid fit of data-kiev-kursk.md 3.6 (Kursk = 2113)."""
    u = 21 + (lon - 36.19) / 0.60
    v = 13 + (51.73 - lat) / 0.43
    return hex_under((u - 1) * 48 + 32, (v - 1) * 56 + 28)


def key(side):
    return "-".join(sorted(side.split("-")))


def connected(hexes):
    hexes = set(hexes)
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        for n in neighbours(todo.pop()) & hexes:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == hexes


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
    tiles = {first + int(t.get("id")): dict(id=int(t.get("id")), type=t.get("type"), props=_props(t))
             for t in tsx.findall("tile")}
    return dict(root=tsx, tiles=tiles, image=tsx.find("image"))


@pytest.fixture(scope="module")
def terrain(tmx, tileset):
    gids = csv_gids(tmx["layers"]["terrain"])
    assert len(gids) == COLS * ROWS
    return {hid(i % COLS + 1, i // COLS + 1): tileset["tiles"][g]["props"]["terrain"] for i, g in enumerate(gids)}


@pytest.fixture(scope="module")
def places(tmx):
    return {o["name"]: (hex_under(o["x"], o["y"]), o["type"]) for o in tmx["objects"]["places"]}


@pytest.fixture(scope="module")
def sides(tmx):
    regions = {o["name"]: set(o["props"]["hexes"].split(","))
               for o in tmx["objects"]["areas"] if o["type"] == "region"}
    return {"german": regions["German side"], "russian": regions["Russian side"]}


def _kind(tmx, kind):
    return [o for o in tmx["objects"]["hexsides"] if o["type"] == kind]


def _rivers(tmx):
    return _kind(tmx, "river") + _kind(tmx, "major_river")


def _chain_ok(name, sides):
    """Consecutive hexsides share a corner and no corner is used twice: a
    simple path along hex edges.  Returns the corner path."""
    edges = [side_edge(s) for s in sides]
    for e, f in zip(edges, edges[1:]):
        assert e & f, f"{name}: chain broken between {sorted(e)} and {sorted(f)}"
    count = {}
    for e in edges:
        for k in e:
            count[k] = count.get(k, 0) + 1
    assert max(count.values()) <= 2, f"{name}: the chain forks or loops"
    ends = [k for k, n in count.items() if n == 1]
    assert len(ends) == 2, f"{name}: the chain is not an open path"
    return ends


# --------------------------------------------------------------------------
# 3.0 map settings (docs/map-format.md)
# --------------------------------------------------------------------------
def test_3_1_map_is_flat_topped_odd_q_hex_grid(tmx):
    m = tmx["root"]
    assert m.get("orientation") == "hexagonal"
    assert (m.get("staggeraxis"), m.get("staggerindex")) == ("x", "odd")
    assert (m.get("width"), m.get("height")) == (str(COLS), str(ROWS))
    assert (m.get("tilewidth"), m.get("tileheight"), m.get("hexsidelength")) == ("64", "56", "32")
    assert m.get("infinite") == "0"
    assert m.find("layer/data").get("encoding") == "csv"
    props = _props(m)
    assert props["game"] == "battle-for-kursk"
    assert props["provenance_terrain"] in PROVENANCES and props["source_terrain"]
    assert {g.get("name") for g in m.findall("objectgroup")} >= {"hexsides", "places", "setup", "areas", "zones"}
    for el in m.iter():
        assert el.get("class") is None and el.get("template") is None


def _png_pixels(data: bytes):
    """Decode an 8-bit RGBA/RGB PNG (all five row filters) into rows of pixels."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    pos, idat, head = 8, b"", None
    while pos < len(data):
        n = struct.unpack(">I", data[pos:pos + 4])[0]
        tag, body = data[pos + 4:pos + 8], data[pos + 8:pos + 8 + n]
        if tag == b"IHDR":
            head = struct.unpack(">IIBBBBB", body)
        elif tag == b"IDAT":
            idat += body
        pos += 12 + n
    w, h, depth, ctype = head[:4]
    assert depth == 8 and ctype in (2, 6)
    bpp = 4 if ctype == 6 else 3
    raw = zlib.decompress(idat)
    rows, prev, stride = [], bytearray(w * bpp), w * bpp
    for y in range(h):
        f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
        for i in range(stride):
            a = line[i - bpp] if i >= bpp else 0
            b, c = prev[i], prev[i - bpp] if i >= bpp else 0
            if f == 1:
                line[i] = (line[i] + a) & 255
            elif f == 2:
                line[i] = (line[i] + b) & 255
            elif f == 3:
                line[i] = (line[i] + (a + b) // 2) & 255
            elif f == 4:
                p = a + b - c
                pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
        rows.append([tuple(line[i:i + bpp]) for i in range(0, stride, bpp)])
        prev = line
    return w, h, rows


def test_3_1_tileset_has_four_patterned_terrain_tiles(tileset):
    img = tileset["image"]
    assert {t["type"] for t in tileset["tiles"].values()} == {"terrain"}
    assert {t["props"]["terrain"] for t in tileset["tiles"].values()} == TERRAIN_NAMES
    w, h, rows = _png_pixels((MAPS / img.get("source")).read_bytes())
    assert (w, h) == (64 * 4, 56)
    masks = []
    for t in range(4):
        px = [rows[y][t * 64 + x] for y in range(8, 48) for x in range(16, 48)]   # inside the hex
        common = max(set(px), key=px.count)
        mask = frozenset(i for i, p in enumerate(px) if p != common)
        assert len(set(px)) >= 2 and len(mask) >= 20, f"tile {t} is a flat colour"
        masks.append(mask)
    # the tiles differ by pattern, not by colour only
    assert len(set(masks)) == 4


def test_3_1_every_hex_has_a_known_terrain(terrain):
    assert set(terrain) == ALL
    assert set(terrain.values()) == TERRAIN_NAMES


def test_objects_carry_provenance_and_no_reserved_property(tmx):
    check_provenance(tmx, PROVENANCES, RESERVED)
    assert all(o["name"] for group in tmx["objects"].values() for o in group), "every object has a name"


def test_objects_lie_on_the_map(tmx):
    for group in tmx["objects"].values():
        for o in group:
            for x, y in [(o["x"], o["y"])] + o["points"]:
                assert 0 <= x <= MAP_W and 0 <= y <= MAP_H, (o["name"], x, y)


def test_3_1_hexside_layer_holds_only_known_kinds(tmx):
    assert {o["type"] for o in tmx["objects"]["hexsides"]} == FEATURE_KINDS
    assert not tmx["objects"]["setup"], "Kursk counters print their own set-up hexes (rule 6.0)"


# --------------------------------------------------------------------------
# 4.0 / 6.0 Kursk and the places
# --------------------------------------------------------------------------
def test_6_0_kursk_is_hex_2113(places):
    assert places["Kursk"][0] == "2113"


def test_5_0_every_place_the_rulebook_names_is_on_the_map(places):
    for name, (kind, _side) in RULEBOOK_PLACES.items():
        assert name in places, name
        if kind:
            assert places[name][1] == kind, f"{name} is {places[name][1]}, the rules make it a {kind}"
    hexes = [h for h, _ in places.values()]
    assert len(hexes) == len(set(hexes)), "two places share a hex"
    assert all(k in ("city", "major_city") for _, k in places.values())


def test_5_0_places_are_on_their_side_of_the_start_line(places, sides):
    for name, (_kind, side) in RULEBOOK_PLACES.items():
        assert places[name][0] in sides[side], f"{name} {places[name][0]} must be on the {side} side"


def test_5_0_nine_major_cities_west_and_targets_east(places, sides):
    """5.0: historically the Russians ended with 9 major cities west of the
    Start Line; the Germans score major cities east of it."""
    west = sorted(n for n, (h, k) in places.items() if k == "major_city" and h in sides["german"])
    east = sorted(n for n, (h, k) in places.items() if k == "major_city" and h in sides["russian"])
    assert len(west) == 9, west
    assert "Moscow" in east and len(east) >= 2, east


def test_6_0_places_lie_at_or_next_to_their_real_position(places):
    rows = {}
    for fname in ("kiev_cities.csv", "kursk_cities.csv"):
        path = GEO / fname
        if not path.is_file():
            pytest.skip("shared geo reference not available")
        with open(path, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                rows[row["name"]] = (float(row["lon"]), float(row["lat"]))
    checked = 0
    for name, (h, _k) in places.items():
        geo = rows.get(GEO_NAME.get(name, name))
        if geo is None:
            continue
        real = hex_of_lonlat(*geo)
        assert real == h or adjacent(real, h), f"{name}: {h}, real position in {real}"
        checked += 1
    assert checked >= 30


def test_8_0_place_hexes_are_clear_terrain(places, terrain):
    """Movement example 2: a city hex costs 1 MP, like open ground."""
    for name, (h, _k) in places.items():
        assert terrain[h] == "clear", f"{name} {h} is {terrain[h]}"


# --------------------------------------------------------------------------
# 4.0 / 8.1 / 10.0 the Start Line and the two sides
# --------------------------------------------------------------------------
def test_4_0_sides_partition_the_map_and_each_is_connected(sides):
    assert sides["german"] | sides["russian"] == ALL
    assert not sides["german"] & sides["russian"]
    assert connected(sides["german"]) and connected(sides["russian"])


def test_4_0_start_line_separates_the_twohexsides_of(tmx, sides):
    (line,) = _kind(tmx, "start_line")
    listed = {key(s) for s in sides_of(line)}
    between = {key(f"{a}-{b}") for a in sides["german"] for b in neighbours(a) & sides["russian"]}
    assert listed == between


def test_4_0_start_line_runs_from_the_north_edge_to_the_south_edge(tmx):
    (line,) = _kind(tmx, "start_line")
    sides = sides_of(line)
    for s in sides:
        a, b = s.split("-")
        assert on_map(a) and on_map(b) and adjacent(a, b), s
    ends = _chain_ok("Start Line", sides)
    ys = sorted(y for _x, y in ends)
    assert ys[0] <= 28 and ys[1] >= MAP_H - 28, f"ends at {ends}"
    pts = [(round(x), round(y)) for x, y in line["points"]]
    assert [frozenset(seg) for seg in zip(pts, pts[1:])] == [side_edge(s) for s in sides]


def test_10_0_friendly_edges(tmx, sides):
    edges = {o["props"]["side"]: (set(o["props"]["hexes"].split(",")), o["props"].get("border"))
             for o in tmx["objects"]["areas"] if o["type"] == "friendly_edge"}
    german, blue = edges["german"]
    russian, red = edges["russian"]
    assert (blue, red) == ("blue", "red")
    west = {hid(1, r) for r in range(1, ROWS + 1)}
    south = {hid(c, ROWS) for c in range(1, COLS + 1)}
    north = {hid(c, 1) for c in range(1, COLS + 1)}
    east = {hid(COLS, r) for r in range(1, ROWS + 1)}
    assert german == west | (south & sides["german"])
    assert russian == east | (north & sides["russian"])
    assert german <= sides["german"] and russian <= sides["russian"]


def test_8_1_rail_lines_serve_both_sides_and_cross_the_start_line(tmx, sides):
    rail = {h for o in _kind(tmx, "rail") for s in sides_of(o) for h in s.split("-")}
    assert rail & sides["german"] and rail & sides["russian"]
    (line,) = _kind(tmx, "start_line")
    front = {key(s) for s in sides_of(line)}
    assert any(key(s) in front for o in _kind(tmx, "rail") for s in sides_of(o))


# --------------------------------------------------------------------------
# 9.2 fortifications (zones layer)
# --------------------------------------------------------------------------
def test_9_2_fortification_zones_are_well_formed(tmx, sides):
    zones = tmx["objects"]["zones"]
    assert zones
    names = set()
    for z in zones:
        assert z["type"] == "fortification"
        assert z["props"]["side"] in ("german", "russian"), z["name"]
        assert z["props"]["active_from"] in TURNS, z["name"]
        hexes = set(z["props"]["hexes"].split(","))
        assert hexes and all(on_map(h) for h in hexes), z["name"]
        assert hexes <= sides[z["props"]["side"]], f"{z['name']} leaves its side"
        names.add(z["name"])
    assert {"Moscow Belt", "Mius line", "Hagen line", "Panther-Wotan line"} <= names
    assert any(n.startswith("Kursk") for n in names)


def test_9_2_combat_example_5_velikie_luki(tmx, places, terrain, sides):
    """Velikie Luki is ringed by marsh and the active Russian Moscow Belt; a
    German attacks from a marsh hex to the west; the German armour beside the
    defender stands in forest (example 6)."""
    vl = places["Velikie Luki"][0]
    belt = next(z for z in tmx["objects"]["zones"] if z["name"] == "Moscow Belt")
    assert belt["props"]["side"] == "russian" and belt["props"]["active_from"] == "A"
    belt_hexes = set(belt["props"]["hexes"].split(","))
    ring = neighbours(vl)
    assert sum(terrain[h] == "marsh" for h in ring) >= 4
    defenders = [h for h in ring & belt_hexes if terrain[h] == "marsh"]
    assert any(any(terrain[a] == "marsh" and a in sides["german"] for a in neighbours(d)) and
               any(terrain[a] == "forest" for a in neighbours(d)) for d in defenders)


def test_9_2_combat_examples_3_and_4_bryansk(tmx, places, terrain):
    """Bryansk is a major city behind the Desna (a plain river: one column),
    with forest right outside it and Roslavl close by."""
    br = places["Bryansk"][0]
    desna = [o for o in _rivers(tmx) if o["name"] == "Desna"]
    assert desna and all(o["type"] == "river" for o in desna)
    assert any(br in s.split("-") for o in desna for s in sides_of(o))
    assert any(terrain[h] == "forest" for h in neighbours(br))
    assert distance(br, places["Roslavl"][0]) <= 3


def test_8_0_movement_example_2_psel_sumy_konotop(tmx, places, terrain):
    psel = [o for o in _rivers(tmx) if o["name"] == "Psel"]
    assert psel and all(o["type"] == "river" for o in psel)        # crossed freely
    sumy, konotop = places["Sumy"][0], places["Konotop"][0]
    assert any(sumy in s.split("-") for o in psel for s in sides_of(o))
    assert distance(sumy, konotop) <= 4
    near = within(sumy, 4)
    assert any(terrain[h] == "marsh" for h in near) and any(terrain[h] == "forest" for h in near)


def test_8_0_movement_example_1_around_moscow(tmx, places, terrain):
    """Rail lines leave Moscow west, south-west and south to Tula; forest lies
    west of Moscow and on a rail line south-east of it; a river is near."""
    mos, tula = places["Moscow"][0], places["Tula"][0]
    rails = _kind(tmx, "rail")
    out_of_moscow = {b for o in rails for s in sides_of(o) for a, b in [s.split("-"), s.split("-")[::-1]] if a == mos}
    assert len(out_of_moscow) >= 4
    assert distance(mos, tula) == 3 and any(tula in s for o in rails for s in sides_of(o))
    assert any(terrain[h] == "forest" and cr(h)[0] < cr(mos)[0] for h in within(mos, 2))
    rail_hexes = {h for o in rails for s in sides_of(o) for h in s.split("-")}
    assert any(terrain[h] == "forest" and h in rail_hexes and cr(h)[0] > cr(mos)[0] for h in within(mos, 2))
    assert any(mos in s.split("-") or set(s.split("-")) & neighbours(mos) for o in _rivers(tmx) for s in sides_of(o))


def test_10_3_replacement_example_taganrog_stalino_mariupol(places, sides):
    """Stalino, Mariupol and Taganrog are German placement cities, and
    Taganrog has a Russian-side neighbour (hex C) next to the east edge."""
    for name in ("Stalino", "Mariupol", "Taganrog"):
        assert places[name][0] in sides["german"]
    tag = places["Taganrog"][0]
    russian_nbrs = neighbours(tag) & sides["russian"]
    assert russian_nbrs and any(cr(h)[0] >= COLS - 1 for h in russian_nbrs)


# --------------------------------------------------------------------------
# 9.2 / 12.1 rivers
# --------------------------------------------------------------------------
def test_9_2_river_hexsides_form_connected_chains(tmx):
    for o in _rivers(tmx):
        sides = sides_of(o)
        assert len(sides) >= 2, o["name"]
        for s in sides:
            a, b = s.split("-")
            assert on_map(a) and on_map(b) and adjacent(a, b), f"{o['name']}: {s}"
        _chain_ok(o["name"], sides)


def test_9_2_river_drawing_follows_its_hexsides(tmx):
    for o in _rivers(tmx):
        pts = [(round(x), round(y)) for x, y in o["points"]]
        drawn = [frozenset(seg) for seg in zip(pts, pts[1:])]
        assert drawn == [side_edge(s) for s in sides_of(o)], o["name"]


def test_9_2_no_hexside_holds_two_rivers(tmx):
    seen = {}
    for o in _rivers(tmx):
        for s in sides_of(o):
            assert key(s) not in seen, f"{key(s)} in {seen.get(key(s))} and {o['name']}"
            seen[key(s)] = o["name"]


def test_9_2_river_kinds(tmx):
    kinds = {}
    for o in _rivers(tmx):
        kinds.setdefault(o["name"], set()).add(o["type"])
    assert "major_river" in kinds["Dnieper"]
    for name in ("Desna", "Psel", "Donets", "Oka", "Seym", "Vorskla", "Sula", "Sozh", "Mius", "Pripyat"):
        assert kinds.get(name) == {"river"}, name


def test_12_1_kiev_lies_west_of_the_dnieper(tmx, places):
    kiev = places["Kiev"][0]
    dn = [s for o in _kind(tmx, "major_river") if o["name"] == "Dnieper" for s in sides_of(o)]
    on_kiev = [s for s in dn if kiev in s.split("-")]
    assert on_kiev, "the Dnieper must run beside Kiev"
    for s in on_kiev:
        other = next(h for h in s.split("-") if h != kiev)
        assert centre(other)[0] > centre(kiev)[0], f"Dnieper hexside {s} is not on Kiev's east"


# --------------------------------------------------------------------------
# 8.1 rail lines
# --------------------------------------------------------------------------
def test_8_1_rail_hexsides_form_chains_of_adjacent_hexes(tmx):
    for o in _kind(tmx, "rail"):
        chain = chain_hexes(o)
        assert len(chain) == len(set(chain)), f"{o['name']} visits a hex twice"
        for a, b in zip(chain, chain[1:]):
            assert on_map(a) and on_map(b) and adjacent(a, b), f"{o['name']}: {a}-{b}"


def test_8_1_rail_drawing_runs_centre_to_centre(tmx):
    for o in _kind(tmx, "rail"):
        chain = chain_hexes(o)
        drawn = [(round(x), round(y)) for x, y in o["points"]]
        if len(chain) == 2:     # one hexside: the listing does not say which end comes first
            drawn = sorted(drawn, key=lambda p: [centre(h) for h in chain].index(p))
        assert drawn == [centre(h) for h in chain], o["name"]


def test_8_1_rail_network_is_connected_and_serves_every_place(tmx, places):
    graph = {}
    for o in _kind(tmx, "rail"):
        for s in sides_of(o):
            a, b = s.split("-")
            graph.setdefault(a, set()).add(b)
            graph.setdefault(b, set()).add(a)
    start = places["Kursk"][0]
    seen, todo = {start}, [start]
    while todo:
        for n in graph[todo.pop()]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(graph), "the rail net falls apart"
    missing = sorted(n for n, (h, _k) in places.items() if h not in graph)
    assert not missing, missing
    for name in ("Moscow", "Kursk", "Orel", "Kharkov", "Belgorod", "Bryansk", "Kiev", "Stalino"):
        assert places[name][0] in graph


# --------------------------------------------------------------------------
# terrain placement (reconstructed; see the doc)
# --------------------------------------------------------------------------
def test_terrain_marsh_forest_rough_where_the_doc_says(terrain):
    marsh = {h for h, t in terrain.items() if t == "marsh"}
    forest = {h for h, t in terrain.items() if t == "forest"}
    rough = {h for h, t in terrain.items() if t == "rough"}
    # the Pripet marshes: a band of marsh in the west between rows 11 and 13
    assert len({h for h in marsh if cr(h)[0] <= 11 and 11 <= cr(h)[1] <= 13}) >= 15
    # the Bryansk forests round Bryansk (1809)
    assert len(within("1809", 2) & forest) >= 6
    # rough stays sparse: the Donets Ridge, the Kanev hills, the Carpathians
    assert len(rough) <= 16
    # the Kursk bulge itself is open steppe
    assert all(terrain[h] == "clear" for h in within("2113", 1))


# --------------------------------------------------------------------------
# Tiled's own reading and hexwar's loader
# --------------------------------------------------------------------------
def test_tiled_export_agrees_with_the_tmx(tmx):
    """maps/battle-for-kursk.tiled.json is Tiled's own reading of the TMX
    (tiled --export-map json); refresh it whenever the map changes."""
    check_tiled_export(tmx, TILED_JSON)


def test_hexwar_loader_reads_the_map(tmx, sides):
    from hexwar.core.hexgrid import hex_name
    from hexwar.loaders.tmx import load_board

    board = load_board(TMX, sorted(TERRAIN_NAMES), feature_kinds=sorted(FEATURE_KINDS))
    assert (board.width, board.height) == (COLS, ROWS)
    assert {hex_name(h) for h in board.regions["German side"]} == sides["german"]
    assert {f.kind for f in board.features} == FEATURE_KINDS
    assert {z.kind for z in board.zones} == {"fortification"}
    assert len(board.zones) == len(tmx["objects"]["zones"])
    assert all(z.props["side"] in ("german", "russian") and z.props["active_from"] in TURNS for z in board.zones)
