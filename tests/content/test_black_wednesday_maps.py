"""The two Black Wednesday map sheets (maps/black-wednesday-a.tmx, -b.tmx).

Every hex the rulebook names exists and carries what its rule implies; the hex ids
(``B34.16``: sheet, row, column) round-trip; the sheets join into one board; the map uses
exactly the terrain and feature names of scenarios/black-wednesday/tables/terrain.yaml;
every value carries provenance; the generator reproduces the committed files.
See docs/maps/black-wednesday.md and docs/black-wednesday/rule-references.md.
"""
from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from collections import deque
from pathlib import Path

import pytest
import yaml

from hexwar.core.hexgrid import Hex, SheetIds, are_adjacent, distance, hex_ids_of, use_hex_ids
from hexwar.loaders.tmx import load_board, load_sheets

REPO = Path(__file__).resolve().parents[2]
MAPS = REPO / "maps"
SHEET_FILES = [MAPS / "black-wednesday-a.tmx", MAPS / "black-wednesday-b.tmx"]
RULEBOOK = REPO.parent / "shared" / "seeds" / "black-wednesday.txt"
TERRAIN_YAML = REPO / "scenarios" / "black-wednesday" / "tables" / "terrain.yaml"

_TABLES = yaml.safe_load(TERRAIN_YAML.read_text(encoding="utf-8"))["tables"]
TERRAINS = set(_TABLES["terrain"]["entries"])
HEX_FEATURES = set(_TABLES["hex_features"]["entries"])
# Hexside kinds: the TEC's hexsides, its road classes (crossed like the rail) and the core's
# "rail", whose hexes are the RR embankment hexes (1.2).
KINDS = tuple(sorted(set(_TABLES["hexsides"]["entries"]) - {"contour_uphill"}
                     | {k for k in HEX_FEATURES if k.startswith("road_")} | {"rail"}))

# Every distinct full hex reference of the rulebook (288 references, 164 hexes; the
# list is checked against the rulebook text below when the rulebook is at hand).
RULEBOOK_HEXES = """
A10.27 A10.28 A12.29 A12.30 A15.32 A17.25 A17.33 A18.24 A20.31 A21.30 A21.31 A22.30 A22.35 A23.30 A25.23
A25.24 A25.29 A25.34 A26.23 A26.35 A27.14 A27.24 A27.30 A27.31 A28.27 A28.30 A28.31 A28.34 A29.27 A29.31
A29.33 A30.17 A30.32 A30.33 A30.34 A33.25 A35.23 A36.31 A37.24 A38.17 A38.21 A39.24 A46.20 A47.32 A47.35
A48.15 A49.13 A51.24 A51.31 A53.14 A54.14 A54.19 A62.30 B02.13 B05.07 B07.17 B10.06 B12.07 B12.32 B14.09
B15.06 B15.23 B15.30 B15.31 B15.32 B15.33 B15.34 B16.28 B16.29 B16.30 B16.33 B16.34 B17.07 B17.28 B18.30
B18.34 B19.26 B19.29 B19.32 B20.04 B21.20 B21.26 B21.29 B21.32 B22.01 B24.25 B25.02 B26.22 B29.01 B29.02
B29.03 B29.05 B29.12 B29.15 B29.19 B29.23 B29.25 B29.30 B30.05 B30.09 B31.09 B31.10 B32.06 B32.11 B32.22
B33.07 B33.11 B33.12 B33.13 B33.21 B33.23 B34.12 B34.14 B34.15 B34.16 B34.17 B34.19 B34.21 B36.13 B36.30
B37.05 B37.06 B37.24 B38.11 B38.13 B38.14 B38.16 B40.10 B40.15 B40.19 B41.19 B41.21 B43.12 B43.14 B44.05
B44.26 B45.17 B45.18 B45.30 B46.07 B46.12 B47.10 B48.14 B48.18 B49.14 B49.19 B50.06 B50.07 B50.11 B51.02
B52.07 B52.10 B53.12 B57.02 B58.02 B59.08 B59.09 B59.12 B59.13 B60.16 B60.17 B61.21 B62.26 B62.30
""".split()

# 1.10f: Axis company set-up areas centred on the trench line (rule-references §4.3, E6).
AXIS_TRENCH_CENTRES = """
B16.29 B16.33 B19.26 B21.26 B24.25 B29.25 B33.23 B34.15 B34.19 B33.12 B31.09 B32.06 B33.07 B29.03 B30.05
A30.33 A27.30 A22.30 A21.31 A17.33 A15.32 A12.29 A10.27 A12.30 A10.28
""".split()
# Every other Axis set-up centre (batteries, battalion areas, reserves, Scen. 7-8 remnants).
AXIS_REAR_CENTRES = """
B21.32 B41.21 B38.16 B53.12 B37.06 B44.26 B45.18 B48.14 B43.14 B40.10 B49.19 B38.11 B37.05 A25.23 A27.14
A25.24 A17.25 A53.14 A38.17 A48.15 A54.14 B57.02 B44.05 B59.08 B59.12 B60.16 A51.31 A49.13 A54.19 A51.24
A47.35 B61.21 B58.02 B51.02 B59.09 B62.30 B62.26 B59.13 B60.17 A27.24 A62.30 A30.17
""".split()
# Soviet set-up centres of Scen. 4-6: the line just taken and what lies north of it.
SOVIET_CENTRES_4_TO_6 = """
B34.16 B33.13 B31.10 B32.22 B29.23 B15.23 B21.20 B26.22 B29.15 B29.19 B07.17 B25.02 A25.34 A22.35 B29.01
A29.33 A27.31 B20.04 B14.09 B15.32 B15.31 B15.33 B12.32
""".split()
# The Soviet Preparatory Barrage Program Log (2.4), 0600 column: the Spanish works.
PREP_0600 = "B29.30 B46.12 B32.06 B15.32 B15.30 B34.17 B34.15 A29.31 A27.30 B15.31 B34.16 A28.30".split()
PREP_ALL = """
B29.30 B36.30 B45.30 B46.12 B50.07 B53.12 B32.06 A38.21 A47.32 B15.32 B16.33 B15.34 B19.32 B21.32 B15.30
B16.28 B18.30 B19.29 B21.29 B34.17 B34.19 B34.21 B38.16 B40.19 B34.15 B34.12 B32.11 B38.13 B40.15 A29.31
A30.32 A30.34 B29.02 A18.24 A27.30 A25.29 A25.23 B15.31 B16.30 B17.28 B16.34 B18.34 B34.16 B34.14 B33.11
B31.10 A28.30 A23.30 A21.30 A20.31
""".split()
VILLAGES = ("Krasni Bor", "Staraia Myza", "Potrolovo", "Mondolovo", "Samsonovka", "Raikolovo", "Iam Izhora")


@pytest.fixture(scope="module")
def board():
    return load_sheets(SHEET_FILES, TERRAINS, KINDS)


@pytest.fixture(scope="module")
def ids(board) -> SheetIds:
    got = hex_ids_of(board)
    assert isinstance(got, SheetIds)
    return got


@pytest.fixture(scope="module")
def H(ids):
    return ids.parse


def hexes_of(board, kind):
    return {s for f in board.features if f.kind == kind for s in f.hexsides}


def trench(board, line=None):
    return {h for h, v in board.hex_values["trench"].items() if line is None or v == line}


def wire(board):
    return set(board.hex_values["wire"])


def soviet_side(board, H):
    """Everything reachable from the north centre of map B without crossing trench line 1."""
    line = trench(board, 1)
    start = H("B05.20")
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in board.adjacent(h):
            if n not in seen and n not in line:
                seen.add(n)
                todo.append(n)
    return seen


def reach_without_crossing(board, start, kind):
    sides = hexes_of(board, kind)
    pairs = {(s.a, s.b) for s in sides} | {(s.b, s.a) for s in sides}
    seen = {start}
    todo = deque([start])
    while todo:
        h = todo.popleft()
        for n in board.adjacent(h):
            if n not in seen and (h, n) not in pairs:
                seen.add(n)
                todo.append(n)
    return seen


def railway_column(board, H, row):
    return {h.col for s in hexes_of(board, "rail") for h in (s.a, s.b) if h.row == row}


# --- the rulebook's hexes -------------------------------------------------------------------
@pytest.mark.skipif(not RULEBOOK.is_file(), reason="rulebook not at hand")
def test_the_list_is_every_hex_reference_of_the_rulebook():
    text = RULEBOOK.read_text(encoding="utf-8")
    refs = re.findall(r"\b([AB]\d{2}\.\d{2})\b", text)
    assert len(refs) == 288 and sorted(set(refs)) == sorted(RULEBOOK_HEXES)


def test_every_named_hex_of_the_rulebook_is_on_the_joined_board(board, H):
    for s in RULEBOOK_HEXES:
        assert H(s) in board, s
    assert board.width == 72 and board.height == 62 and len(board.terrain) == 72 * 62


def test_hex_ids_round_trip_on_every_hex(board, ids):
    for h in board.terrain:
        name = ids.name(h)
        assert ids.parse(name) == h
        assert re.fullmatch(r"[AB]\d{2}\.\d{2}", name)
    with use_hex_ids(ids):
        assert board.describe(ids.parse("B53.12")).startswith("B53.12 hospital")


# --- special hexes of the rules ----------------------------------------------------------------
def test_1_6_el_bastion_is_two_adjacent_trench_hexes(board, H):
    bastion = next(z for z in board.zones if z.kind == "el_bastion")
    assert bastion.hexes == {H("B32.06"), H("B33.07")}
    assert are_adjacent(H("B32.06"), H("B33.07"))
    assert bastion.hexes <= trench(board, 1)


def test_1_1f_the_mill_is_entered_by_road_only_from_a26_23(board, H):
    mill, gate = H("A25.23"), H("A26.23")
    assert board.terrain[mill] == "mill"
    roads = [k for k in KINDS if k.startswith("road_")]
    road_sides = {n for n in board.adjacent(mill) if any(board.has_side(mill, n, k) for k in roads)}
    assert road_sides == {gate}
    zone = next(z for z in board.zones if z.kind == "mill")
    assert zone.hexes == {mill} and zone.props["vehicle_entry_from"] == "A26.23"


def test_1_1e_the_hospital_stands_alone_at_b53_12(board, H):
    hosp = H("B53.12")
    assert board.terrain[hosp] == "hospital"
    assert [h for h, t in board.terrain.items() if t == "hospital"] == [hosp]
    # 5.0: not connected to Krasni Bor's City and Building hexes.
    assert hosp not in board.regions["Krasni Bor"]
    assert not any(n in board.regions["Krasni Bor"] for n in board.adjacent(hosp))


def test_1_1d_the_fw190_crash_site_is_a_marked_hex_of_no_effect(board, H):
    z = next(z for z in board.zones if z.kind == "crash_site")
    assert z.hexes == {H("A46.20")} and board.terrain[H("A46.20")] == "open"


def test_1_1g_the_peat_bog_is_a_large_feature_on_map_b_north_of_the_line(board, H, ids):
    bog = {h for h, t in board.terrain.items() if t == "peat_bog"}
    assert len(bog) >= 100
    assert all(ids.name(h).startswith("B") for h in bog)
    assert bog <= soviet_side(board, H)  # 1.10f: no Axis set-up north of the wire or the bog
    # history: 3-I-262 held "trenches in the swamp" at B19.26-B24.25
    assert any(distance(h, H("B21.26")) <= 3 for h in bog)


def test_1_2_the_railway_runs_north_south_on_an_embankment_through_map_b(board, H, ids):
    rail = {h for s in hexes_of(board, "rail") for h in (s.a, s.b)}
    assert {ids.name(h)[0] for h in rail} == {"B"}
    assert {h.row for h in rail} == set(range(1, 63))  # edge to edge
    assert all(board.is_rail_hex(h) for h in rail)
    station = next(z for z in board.zones if z.kind == "station")
    assert station.hexes <= rail  # Scen. 1: 3-Recon enters at the Train Station


def test_scenario_areas_split_by_the_railway_and_the_column_lines(board, H):
    """Scen. 1 is east of the railroad (inclusive), Scen. 2 and 4 west of it and east of
    xx.06, Scen. 5 west of Bxx.07 (rule-references E1, E2)."""
    def east_of_rail(s):
        h = H(s)
        return h.col >= min(railway_column(board, H, h.row))

    for s in ("B16.29", "B16.33", "B21.32", "B29.30", "B36.30", "B45.30"):
        assert east_of_rail(s), s
    scen_2_4 = ("B19.26 B24.25 B29.25 B33.23 B34.15 B34.19 B33.12 B31.09 B41.21 B38.16 B53.12 B37.06 B21.26 "
                "B44.26 B33.07 B45.18 B48.14 B43.14 B40.10 B49.19 B38.11 B34.16 B33.13 B31.10 B32.22 B29.23 "
                "B15.23 B21.20 B26.22 B29.15 B29.19 B07.17").split()
    for s in scen_2_4:
        assert not east_of_rail(s) or H(s).col == min(railway_column(board, H, H(s).row)), s
        assert int(s[4:]) >= 6, s
    for s in ("B25.02", "B29.01", "B20.04", "B30.05"):  # Scen. 5 on map B
        assert int(s[4:]) <= 7


def test_1_5_the_at_ditch_runs_south_of_b12_32_within_4_hexes(board, H):
    ditch = hexes_of(board, "at_ditch")
    assert ditch
    near = [s for s in ditch if distance(s.a, H("B12.32")) <= 4 and distance(s.b, H("B12.32")) <= 4]
    assert near
    # B12.32 is north of it: every ditch hexside near it has B12.32's row above its south hex.
    assert all(H("B12.32").row < max(s.a.row, s.b.row) for s in near)
    # and in front of I-262's trench, east of the railway
    assert all(min(h.row for h in (s.a, s.b)) < min(h.row for h in trench(board, 1) if h.col == s.a.col)
               for s in ditch if any(h.col == s.a.col for h in trench(board, 1)))


# --- the Spanish works --------------------------------------------------------------------------
def test_1_10f_company_areas_are_centred_on_trench_hexes(board, H):
    line = trench(board, 1)
    for s in AXIS_TRENCH_CENTRES:
        assert H(s) in line, s


def test_1_10f_no_axis_set_up_centre_north_of_the_wire_or_the_bog(board, H):
    north = soviet_side(board, H)
    for s in AXIS_REAR_CENTRES + AXIS_TRENCH_CENTRES:
        assert H(s) not in north, s
        assert H(s) not in wire(board), s


def test_1_4_the_wire_lies_in_front_of_trench_line_1(board, H):
    line, belt, north = trench(board, 1), wire(board), soviet_side(board, H)
    assert len(belt) >= 60 and not belt & line
    for h in belt:
        assert h in north and any(n in line for n in board.adjacent(h)), h
    # and it closes the line: no hex of the Soviet side touches the trench without being wire
    assert all(h in belt for h in north if any(n in line for n in board.adjacent(h)))


def test_1_3_trench_line_1_runs_from_the_east_edge_of_b_to_the_north_edge_of_a(board, H, ids):
    line = trench(board, 1)
    assert any(h.col == 72 for h in line) and any(h.row == 1 and ids.name(h).startswith("A") for h in line)
    # connected: one chain of trenches (1.3 design note)
    start = next(iter(line))
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in board.adjacent(h):
            if n in line and n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == line


def test_2_1f_trench_line_2_lies_behind_line_1_through_the_ii_262_areas(board, H):
    second, north = trench(board, 2), soviet_side(board, H)
    assert len(second) >= 40 and not second & north and not second & trench(board, 1)
    for s in ("B38.16", "B38.11"):  # II-262's battalion areas (Scen. 2, 4)
        assert min(distance(H(s), h) for h in second) <= 1, s


def test_soviet_set_up_centres_of_scenarios_4_to_6_are_on_or_north_of_line_1(board, H):
    north, works = soviet_side(board, H), trench(board, 1) | wire(board)
    for s in SOVIET_CENTRES_4_TO_6:
        h = H(s)
        assert h in north or min(distance(h, w) for w in works) <= 1, s


def test_2_4_prep_log_first_targets_are_the_spanish_works(board, H):
    works = trench(board) | wire(board)
    special = {H("B53.12"), H("A25.23")} | board.regions["Krasni Bor"]
    for s in PREP_0600:
        h = H(s)
        assert h in works or h in special or min(distance(h, w) for w in trench(board, 1)) <= 2, s
    # Later targets lift south or slide along the line (E8), or fall on the places behind
    # it: Krasni Bor, the Hospital, the Train Station (B45.30), the villages (A38.21, A47.32).
    places = set(special) | {z_h for z in board.zones for z_h in z.hexes}
    for name in VILLAGES:
        places |= board.regions[name]
    for s in PREP_ALL:
        h = H(s)
        assert (min(distance(h, w) for w in trench(board)) <= 7
                or min(distance(h, p) for p in places) <= 4), s


# --- places, rivers, roads ------------------------------------------------------------------------
def test_5_0_villages_are_contiguous_city_and_building_hexes(board):
    for name in VILLAGES:
        hexes = board.regions[name]
        assert len(hexes) >= 6, name
        assert all(board.terrain[h] in ("city", "building") for h in hexes), name
        start = next(iter(hexes))
        seen, todo = {start}, [start]
        while todo:
            h = todo.pop()
            for n in board.adjacent(h):
                if n in hexes and n not in seen:
                    seen.add(n)
                    todo.append(n)
        assert seen == hexes, name
        # contiguous means all of them: no built hex next to the region is left out
        assert not any(board.terrain[n] in ("city", "building") and n not in hexes
                       for h in hexes for n in board.adjacent(h)), name
    assert board.place_named("Krasni Bor").kind == "major_city"


def test_krasni_bor_has_well_over_50_city_and_building_hexes_on_map_b(board, ids):
    kb = board.regions["Krasni Bor"]
    # Scen. 4 and 6: 50 City & Building hexes; 5.1: at least 40 of them
    assert len(kb) >= 100 and sum(board.terrain[h] == "city" for h in kb) >= 30
    assert {ids.name(h)[0] for h in kb} == {"B"}
    for s in ("B45.18", "B49.19", "B46.12", "B48.14", "B43.14"):  # defenders in the town
        assert min(distance(ids.parse(s), h) for h in kb) <= 1, s


def test_the_izhora_separates_staraia_myza_from_the_mill_and_the_guns(board, H):
    """Scen. 3/5: 72nd Rifle must take Staraia Myza and 'secure a position over the
    Izhora'; the Mill and Batteries 7-8 are 'across the Izhora' (Player's Notes); I-263
    moves up 'either side' of it from A38.17 (history)."""
    east = reach_without_crossing(board, H("B46.14"), "izhora_river")
    assert H("A37.24") in east and H("B25.02") in east
    for s in ("A25.23", "A27.14", "A17.25", "A48.14"):
        assert H(s) not in east, s
    near_i263 = {h for s in hexes_of(board, "izhora_river") for h in (s.a, s.b) if distance(h, H("A38.17")) <= 3}
    assert near_i263


def test_the_highway_crosses_the_izhora_at_iam_izhora_and_runs_edge_to_edge(board, H, ids):
    hw = next(f for f in board.features if f.kind == "road_primary")
    hexes = {h for s in hw.hexsides for h in (s.a, s.b)}
    assert any(h.row == 1 for h in hexes) and any(h.row == 62 for h in hexes)
    assert {ids.name(h)[0] for h in hexes} == {"A", "B"}  # across the seam
    # the bridge: a highway step (hex to hex) that crosses a river hexside
    steps = [(s.a, s.b) for s in hw.hexsides]
    bridges = [p for p in steps if board.has_side(p[0], p[1], "izhora_river")]
    assert len(bridges) == 1
    assert any(h in board.regions["Iam Izhora"] for h in bridges[0])


def test_1_10g_soviets_enter_from_the_north_edge_east_of_the_highway(board, H):
    edge = board.edges["soviet"]
    assert all(h.row == 1 for h in edge)
    hw_north = min(h.col for s in next(f for f in board.features if f.kind == "road_primary").hexsides
                   for h in (s.a, s.b) if h.row == 1)
    assert edge == {Hex(c, 1) for c in range(hw_north + 1, 73)}


def test_1_10h_entry_areas_a_to_h_are_on_the_map_edges(board, ids):
    for k in "ABCDEFGH":
        hexes = board.regions[f"Entry Area {k}"]
        assert hexes and all(h.row == 62 or h.col in (1, 72) for h in hexes), k
        if k in "ABCD":  # Spanish: map A
            assert {ids.name(h)[0] for h in hexes} == {"A"}, k
    # KG Heckel sets up at A62.30 (Scen. 8): German Entry Area E
    assert ids.parse("A62.30") in board.regions["Entry Area E"]
    # H: the south-east, east of the railway (Player's Notes)
    rail_col = min(h.col for s in hexes_of(board, "rail") for h in (s.a, s.b))
    assert all(h.col > rail_col for h in board.regions["Entry Area H"])


def test_every_hex_has_an_elevation_and_the_valley_is_low(board, H):
    elev = board.hex_values["elevation"]
    assert set(elev) == set(board.terrain) and set(elev.values()) <= {50, 60, 70}
    river = {h for s in hexes_of(board, "izhora_river") for h in (s.a, s.b)}
    assert all(elev[h] == 50 for h in river)
    assert elev[H("B46.14")] == 70 and all(elev[h] == 50 for h, t in board.terrain.items() if t == "peat_bog")


def test_map_names_match_the_terrain_table(board):
    assert set(board.terrain.values()) <= TERRAINS
    assert {"open", "forest", "building", "city", "hospital", "mill", "peat_bog"} == set(board.terrain.values())
    assert {f.kind for f in board.features} <= set(KINDS)
    assert {z.kind for z in board.zones} <= HEX_FEATURES | TERRAINS | {"station"}


# --- the two sheets -------------------------------------------------------------------------------
def test_each_sheet_loads_alone_at_its_place_on_the_joined_board(board, ids):
    a = load_board(SHEET_FILES[0], TERRAINS, KINDS)
    b = load_board(SHEET_FILES[1], TERRAINS, KINDS)
    assert (a.width, a.height, b.width, b.height) == (36, 62, 36, 62)
    assert {h.col for h in a.terrain} == set(range(1, 37)) and {h.col for h in b.terrain} == set(range(37, 73))
    assert {**a.terrain, **b.terrain} == board.terrain
    assert a.properties["sheet"] == "A" and b.properties["sheet"] == "B" and hex_ids_of(b) == ids
    assert board.properties["sheets"] == "A,B" and "sheet" not in board.properties
    # places keep their hexes: the Hospital's label lies on B53.12 when B is loaded alone
    assert b.place_named("The Hospital").hex == ids.parse("B53.12")


def test_the_sheets_join_at_the_seam(board, H):
    # A's column 36 touches B's column 1 (El Bastion's parity is kept: sheet A is even)
    assert H("B25.01") in board.adjacent(H("A25.36")) and H("B26.01") in board.adjacent(H("A25.36"))
    # the Soviet battalions of one regiment side by side across the seam (E4)
    assert distance(H("A25.34"), H("B25.02")) == 4 and distance(H("A29.33"), H("B29.01")) == 4
    # the highway is one road across both sheets
    assert len([f for f in board.features if f.kind == "road_primary"]) == 1
    # and the trench line is one zone of hexes across both
    assert {H("A30.36"), H("B30.01")} <= trench(board, 1)


def test_sheet_order_does_not_matter(board):
    other = load_sheets(list(reversed(SHEET_FILES)), TERRAINS, KINDS)
    assert other.terrain == board.terrain and other.regions == board.regions
    assert {(f.kind, f.name, frozenset(f.hexsides)) for f in other.features} == \
           {(f.kind, f.name, frozenset(f.hexsides)) for f in board.features}


# --- provenance and the generator ------------------------------------------------------------------
@pytest.mark.parametrize("tmx", SHEET_FILES, ids=lambda p: p.stem)
def test_every_value_carries_provenance(tmx):
    root = ET.parse(tmx).getroot()
    mprops = {p.get("name"): p.get("value") for p in root.find("properties")}
    for k in ("provenance_terrain", "source_terrain", "provenance_elevation", "source_elevation",
              "provenance_trench", "source_trench", "provenance_wire", "source_wire"):
        assert mprops.get(k), k
    objs = list(root.iter("object"))
    assert objs
    for o in objs:
        props = {p.get("name"): p.get("value") for p in o.iter("property")}
        assert props.get("provenance") in ("rulebook", "found", "reconstructed"), o.get("name")
        assert props.get("source"), o.get("name")


def test_the_generator_reproduces_the_committed_sheets(tmp_path):
    sys.path.insert(0, str(REPO / "tools" / "black_wednesday"))
    try:
        import build_map as gen
    finally:
        sys.path.remove(str(REPO / "tools" / "black_wednesday"))
    if not gen.GEO_DIR.is_dir():  # ../shared/reference/geo beside the checkout, as the other map tests
        pytest.skip("shared geo reference not available")
    assert gen.main(["--out", str(tmp_path)]) == 0
    for f in tmp_path.iterdir():
        assert f.read_bytes() == (MAPS / f.name).read_bytes(), f.name


def test_north_of_xx37_read_as_rows_1_to_37_east_of_the_railway_holds_the_43rd_positions(board, H):
    """Scen. 7-8 set the 708-43 and the tank battalion 'north of xx.37 and east of the
    railroad'; xx.37 cannot be a column here (docs/maps/black-wednesday.md), so it is read as
    row 37. That area must hold every place these units had in Scen. 6."""
    rail = min(h.col for s in hexes_of(board, "rail") for h in (s.a, s.b))
    area = {h for h in board.terrain if h.row <= 37 and h.col >= rail}
    assert {H(s) for s in ("B15.31", "B15.32", "B15.33", "B12.32")} <= area
    assert not any(h.col > 72 for h in area) and len(area) == 37 * 9


def test_scenario_map_areas_hold_their_set_ups(board, H):
    """The scenarios' map areas are regions of the map; each holds its scenario's set-up
    centres, except the two documented slips (B37.05 in Scen. 4, B14.09 in Scen. 5)."""
    areas = {k: v for k, v in board.regions.items() if k.startswith("Scenario")}
    assert len(areas) == 4
    s1 = "B16.29 B16.33 B21.32".split()
    s24 = ("B19.26 B24.25 B29.25 B33.23 B34.15 B34.19 B33.12 B31.09 B41.21 B38.16 B53.12 B37.06 B21.26 B44.26 "
           "B33.07 B45.18 B48.14 B43.14 B40.10 B49.19 B38.11 B34.16 B33.13 B31.10 B32.22 B29.23 B15.23 B21.20 "
           "B26.22 B29.15 B29.19 B07.17").split()
    s5 = ("A25.23 B30.05 A21.31 A22.30 A15.32 A17.33 A12.29 A10.27 A27.14 A53.14 A25.24 A17.25 B25.02 A25.34 "
          "A22.35 B29.01 A29.33 A27.31 B20.04").split()
    for name, refs in (("Scenario 1 area", s1), ("Scenario 2 and 4 area", s24), ("Scenario 5 area", s5)):
        for s in refs:
            assert H(s) in areas[name], (name, s)
    assert H("B37.05") not in areas["Scenario 2 and 4 area"] and H("B14.09") not in areas["Scenario 5 area"]
    rail = {h for s in hexes_of(board, "rail") for h in (s.a, s.b)}
    assert rail <= areas["Scenario 1 area"] and rail <= areas["Scenario 2 and 4 area"]  # both "inclusive"
    assert not areas["Scenario 1 area"] & areas["Scenario 5 area"]


def test_roads_tracks_and_the_highway_make_one_network(board):
    roads = [f for f in board.features if f.kind.startswith("road_")]
    assert {f.kind for f in roads} == {"road_primary", "road_secondary", "road_tertiary"}
    hexes = {h for f in roads for s in f.hexsides for h in (s.a, s.b)}
    links = {h: set() for h in hexes}
    for f in roads:
        for s in f.hexsides:
            links[s.a].add(s.b)
            links[s.b].add(s.a)
    start = next(iter(hexes))
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in links[h]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == hexes


def test_entry_areas_do_not_overlap(board):
    areas = [board.regions[f"Entry Area {k}"] for k in "ABCDEFGH"]
    assert sum(len(a) for a in areas) == len(set().union(*areas))
