"""hexgrid: printed ids, neighbours, distance, cube coordinates, hexsides, rings, pixel layout.

Red Blob style: tables of known values, plus round trips and cross-checks over whole grids.
"""
from __future__ import annotations

import math
import random
from collections import deque

import pytest

from hexwar.core.errors import MalformedError
from hexwar.core.hexgrid import (
    DIRECTIONS,
    Hex,
    Hexside,
    Layout,
    are_adjacent,
    cube_round,
    distance,
    from_cube,
    hex_line,
    hex_name,
    neighbors,
    parse_hex,
    parse_hexside,
    ring,
    to_cube,
)

from ._support import H, grid, names

# --- printed ids ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, col, row",
    [("0101", 1, 1), ("0406", 4, 6), ("1210", 12, 10), ("0099", 0, 99), ("9901", 99, 1), (" 0203 ", 2, 3)],
)
def test_parse_hex_reads_column_then_row(text, col, row):
    assert parse_hex(text) == Hex(col, row)


@pytest.mark.parametrize("col, row, text", [(1, 1, "0101"), (4, 6, "0406"), (12, 10, "1210"), (9, 11, "0911")])
def test_hex_name_zero_pads_column_and_row(col, row, text):
    assert hex_name(Hex(col, row)) == text
    assert str(Hex(col, row)) == text
    assert repr(Hex(col, row)) == f"Hex({text})"


def test_parse_and_name_round_trip_for_every_hex_of_a_large_grid():
    for h in grid(40, 40):
        assert parse_hex(hex_name(h)) == h
    for text in ("0101", "0909", "1001", "3940", "0517"):
        assert hex_name(parse_hex(text)) == text


@pytest.mark.parametrize(
    "bad",
    ["", "1", "101", "01010", "01a1", "ab01", "01-1", "-101", "01 1", "0x01", "01.1", "+101", "１２３４x", None, 101]
)
def test_parse_hex_refuses_malformed_ids(bad):
    with pytest.raises(MalformedError) as exc:
        parse_hex(bad)
    assert "bad hex id" in str(exc.value)


def test_malformed_error_is_a_value_error():
    with pytest.raises(ValueError):
        parse_hex("zz99")


def test_parse_hex_refuses_unicode_non_decimal_digits_with_malformed_error():
    with pytest.raises(MalformedError):
        parse_hex("01²1")


# --- neighbours ----------------------------------------------------------------

EVEN_OFFSETS = [(0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0)]  # printed even column: sits lower
ODD_OFFSETS = [(0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1)]  # printed odd column


@pytest.mark.parametrize(
    "center, expected",
    [
        # even printed column (half a hex lower): N, NE, SE, S, SW, NW
        ("0406", ["0405", "0506", "0507", "0407", "0307", "0306"]),
        ("0202", ["0201", "0302", "0303", "0203", "0103", "0102"]),
        # odd printed column
        ("0305", ["0304", "0404", "0405", "0306", "0205", "0204"]),
        ("0101", ["0100", "0200", "0201", "0102", "0001", "0000"]),
        ("0707", ["0706", "0806", "0807", "0708", "0607", "0606"]),
    ],
)
def test_neighbors_known_values_clockwise_from_north(center, expected):
    assert names(neighbors(H(center))) == expected


def test_neighbors_offsets_for_every_hex_of_a_grid():
    for h in grid(12, 12):
        offs = EVEN_OFFSETS if h.col % 2 == 0 else ODD_OFFSETS
        assert list(neighbors(h)) == [Hex(h.col + dc, h.row + dr) for dc, dr in offs]


def test_directions_are_named_clockwise_from_north():
    assert DIRECTIONS == ("N", "NE", "SE", "S", "SW", "NW")


def test_neighbor_relation_is_symmetric_over_a_12x12_grid():
    hs = grid(12, 12)
    for a in hs:
        for b in hs:
            assert (b in neighbors(a)) == (a in neighbors(b)), (a, b)


def test_opposite_directions_lead_back():
    # going direction i then direction i+3 returns to the start hex
    for h in grid(8, 8):
        for i in range(6):
            there = neighbors(h)[i]
            assert neighbors(there)[(i + 3) % 6] == h


def test_neighbors_are_six_distinct_hexes_at_distance_one():
    for h in grid(10, 10):
        ns = neighbors(h)
        assert len(set(ns)) == 6
        assert all(distance(h, n) == 1 for n in ns)


# --- distance ------------------------------------------------------------------


@pytest.mark.parametrize(
    "a, b, d",
    [
        ("0101", "0101", 0),
        ("0101", "0104", 3),
        ("0101", "0201", 1),
        ("0101", "0202", 2),
        ("0101", "0301", 2),
        ("0101", "0302", 2),
        ("0101", "0402", 3),
        ("0101", "0501", 4),
        ("0101", "1010", 14),
        ("0406", "0507", 1),
        ("0406", "0505", 2),
        ("0305", "0404", 1),
        ("0305", "0406", 2),
        ("0110", "1001", 13),  # 9 NE steps climb only 5 rows from an odd column
    ],
)
def test_distance_known_values(a, b, d):
    assert distance(H(a), H(b)) == d
    assert distance(H(b), H(a)) == d


def _bfs_steps(start: Hex, bound: int) -> dict[Hex, int]:
    """Steps from start over the neighbour relation, within a square window (independent of cube maths)."""
    seen = {start: 0}
    q = deque([start])
    while q:
        h = q.popleft()
        for n in neighbors(h):
            if n not in seen and -bound <= n.col <= bound and -bound <= n.row <= bound:
                seen[n] = seen[h] + 1
                q.append(n)
    return seen


@pytest.mark.parametrize("start", ["0101", "0202", "0505", "0606", "0709"])
def test_distance_equals_breadth_first_steps_over_neighbors(start):
    s = H(start)
    steps = _bfs_steps(s, 30)
    for h in grid(14, 14):
        assert distance(s, h) == steps[h], h


def test_distance_triangle_inequality_and_symmetry():
    hs = grid(9, 9)
    rng = random.Random(1)
    for _ in range(3000):
        a, b, c = rng.choice(hs), rng.choice(hs), rng.choice(hs)
        assert distance(a, b) == distance(b, a)
        assert distance(a, c) <= distance(a, b) + distance(b, c)


def test_distance_one_iff_adjacent():
    hs = grid(12, 12)
    for a in hs:
        for b in hs:
            assert (distance(a, b) == 1) == (b in neighbors(a)) == are_adjacent(a, b)


# --- cube coordinates ----------------------------------------------------------


def test_cube_round_trip_for_every_hex_of_a_20x20_grid():
    for h in grid(20, 20):
        q, r, s = to_cube(h)
        assert q + r + s == 0
        assert from_cube(q, r) == h


def test_cube_round_trip_off_map_including_column_and_row_zero_and_negative():
    for c in range(-5, 3):
        for r in range(-5, 3):
            h = Hex(c, r)
            q, rr, _ = to_cube(h)
            assert from_cube(q, rr) == h


@pytest.mark.parametrize("h, cube",
                         [("0101", (0, 0, 0)), ("0201", (1, 0, -1)), ("0301", (2, -1, -1)), ("0102", (0, 1, -1))])
def test_to_cube_known_values(h, cube):
    assert to_cube(H(h)) == cube


def test_cube_round_finds_the_hex_of_every_point_near_its_centre():
    for h in grid(12, 12):
        q, r, _ = to_cube(h)
        for dq, dr in ((0, 0), (0.3, 0), (-0.3, 0.1), (0.2, -0.4), (-0.1, 0.4), (0.25, 0.2)):
            assert cube_round(q + dq, r + dr) == h


def test_hex_line_is_a_chain_of_neighbours_from_a_to_b():
    for a in grid(9, 9):
        for b in grid(9, 9):
            line = hex_line(a, b)
            assert line[0] == a and line[-1] == b and len(line) == distance(a, b) + 1
            assert all(are_adjacent(x, y) for x, y in zip(line, line[1:]))


@pytest.mark.parametrize("a, b, plus, minus", [
    ("0101", "0301", ["0201"], ["0200"]),      # along a hexside: the nudge picks the side
    ("0505", "0904", ["0604", "0705", "0804"], ["0604", "0704", "0804"]),
    ("0101", "0105", ["0102", "0103", "0104"], ["0102", "0103", "0104"]),  # no tie: one line
])
def test_hex_line_nudge_picks_the_side_of_exact_ties(a, b, plus, minus):
    assert names(hex_line(H(a), H(b))[1:-1]) == plus
    assert names(hex_line(H(a), H(b), -1)[1:-1]) == minus


def test_neighbors_are_the_six_cube_directions():
    cube_dirs = {(1, -1, 0), (1, 0, -1), (0, 1, -1), (-1, 1, 0), (-1, 0, 1), (0, -1, 1)}
    for h in grid(10, 10):
        q, r, s = to_cube(h)
        got = {(nq - q, nr - r, ns - s) for nq, nr, ns in map(to_cube, neighbors(h))}
        assert got == cube_dirs


# --- hexsides ------------------------------------------------------------------


def test_hexside_between_is_shared_by_both_hexes():
    for a in grid(8, 8):
        for b in neighbors(a):
            s1, s2 = Hexside.between(a, b), Hexside.between(b, a)
            assert s1 == s2
            assert hash(s1) == hash(s2)
            assert s1.a < s1.b
            assert s1.other(a) == b and s1.other(b) == a


def test_each_hex_has_six_distinct_hexsides_and_neighbours_share_exactly_one():
    a = H("0404")
    sides = {Hexside.between(a, n) for n in neighbors(a)}
    assert len(sides) == 6
    b = neighbors(a)[2]
    assert sides & {Hexside.between(b, n) for n in neighbors(b)} == {Hexside.between(a, b)}


@pytest.mark.parametrize("a, b", [("0101", "0101"), ("0101", "0103"), ("0101", "0202"), ("0406", "0505")])
def test_hexside_between_refuses_non_adjacent_hexes(a, b):
    with pytest.raises(MalformedError, match="not adjacent"):
        Hexside.between(H(a), H(b))


def test_hexside_str_is_sorted_pair():
    assert str(Hexside.between(H("0202"), H("0102"))) == "0102-0202"


@pytest.mark.parametrize("text, a, b", [("0101-0102", "0101", "0102"), ("0102-0101", "0101", "0102"),
                                        (" 0406-0507 ", "0406", "0507")])
def test_parse_hexside_reads_either_order(text, a, b):
    assert parse_hexside(text) == Hexside.between(H(a), H(b))


def test_parse_hexside_round_trips_through_str():
    for a in grid(6, 6):
        for b in neighbors(a):
            s = Hexside.between(a, b)
            assert parse_hexside(str(s)) == s


@pytest.mark.parametrize("bad",
                         ["", "0101", "0101-", "0101-0102-0103", "0101_0102", "0101-0303", "01x1-0102", "0101 0102"])
def test_parse_hexside_refuses_malformed_text(bad):
    with pytest.raises(MalformedError):
        parse_hexside(bad)


# --- rings ---------------------------------------------------------------------


@pytest.mark.parametrize("center", ["0101", "0505", "0606", "1010"])
@pytest.mark.parametrize("radius", [0, 1, 2, 3, 5])
def test_ring_has_6r_distinct_hexes_all_at_distance_r(center, radius):
    c = H(center)
    hs = list(ring(c, radius))
    assert len(hs) == (6 * radius if radius else 1)
    assert len(set(hs)) == len(hs)
    assert all(distance(c, h) == radius for h in hs)


def test_ring_one_is_the_neighbours():
    for c in grid(6, 6):
        assert set(ring(c, 1)) == set(neighbors(c))


def test_ring_walks_adjacent_steps_around_the_circle():
    hs = list(ring(H("0808"), 4))
    for a, b in zip(hs, hs[1:] + hs[:1]):
        assert are_adjacent(a, b)


def test_rings_partition_the_disc():
    c = H("1010")
    disc = {h for h in grid(20, 20) if distance(c, h) <= 4}
    union = [h for r in range(5) for h in ring(c, r)]
    assert len(union) == len(disc) == 1 + 3 * 4 * 5
    assert set(union) == disc


# --- pixel layout --------------------------------------------------------------


def tiled_tile_origin(col0: int, row0: int, tw: int, th: int, side: int) -> tuple[int, int]:
    """Tiled's HexagonalRenderer, staggeraxis x, staggerindex odd (integer maths, 0-based indexes).

    Tiled's RenderParams first rounds the tile size down to even numbers (``& ~1``).
    """
    tw, th = tw & ~1, th & ~1
    side_off_x = (tw - side) // 2
    col_w = side_off_x + side
    row_h = th // 2  # sideOffY + sideLenY with sideLenY = 0
    stagger = col0 & 1
    return col0 * col_w, row0 * th + (row_h if stagger else 0)


@pytest.mark.parametrize(
    "h, origin",
    [("0101", (0, 0)), ("0201", (48, 28)), ("0301", (96, 0)), ("0102", (0, 56)), ("0202", (48, 84)),
     ("0503", (192, 112))],
)
def test_tile_origin_known_values(h, origin):
    assert Layout().tile_origin(H(h)) == origin


def test_layout_defaults_are_the_project_tile_size():
    lay = Layout()
    assert (lay.tile_w, lay.tile_h, lay.side, lay.scale) == (64, 56, 32, 1.0)
    assert lay.col_w == 48


def test_tile_origin_matches_tiled_formula_over_a_20x20_grid():
    lay = Layout(64, 56, 32)
    for h in grid(20, 20):
        assert lay.tile_origin(h) == tiled_tile_origin(h.col - 1, h.row - 1, 64, 56, 32)


@pytest.mark.parametrize("tw, th, side", [(64, 56, 32), (72, 64, 36), (100, 88, 50), (64, 56, 30), (60, 52, 20)])
def test_tile_origin_matches_tiled_for_other_even_tile_sizes(tw, th, side):
    lay = Layout(tw, th, side)
    for h in grid(12, 12):
        assert lay.tile_origin(h) == tiled_tile_origin(h.col - 1, h.row - 1, tw, th, side)


@pytest.mark.parametrize("tw, th, side", [(64, 56, 31), (65, 56, 33), (64, 57, 32)])
def test_tile_origin_matches_tiled_for_odd_tile_sizes(tw, th, side):
    lay = Layout(tw, th, side)
    assert lay.tile_origin(H("2020")) == tiled_tile_origin(19, 19, tw, th, side)


def test_center_is_origin_plus_half_tile():
    lay = Layout()
    for h in grid(10, 10):
        ox, oy = lay.tile_origin(h)
        assert lay.center(h) == (ox + 32, oy + 28)
    assert lay.center(H("0101")) == (32, 28)
    assert lay.center(H("0201")) == (80, 56)


def test_hex_at_center_returns_the_hex_for_every_hex_of_a_20x11_grid():
    lay = Layout()
    for h in grid(20, 11):
        assert lay.hex_at(*lay.center(h)) == h


def test_hex_at_points_jittered_up_to_20px_from_the_centre():
    lay = Layout()
    rng = random.Random(42)
    for h in grid(20, 11):
        cx, cy = lay.center(h)
        for _ in range(25):
            ang = rng.uniform(0, 2 * math.pi)
            rad = rng.uniform(0, 20)
            assert lay.hex_at(cx + rad * math.cos(ang), cy + rad * math.sin(ang)) == h
        for dx, dy in ((20, 0), (-20, 0), (0, 20), (0, -20), (14, 14), (-14, -14)):
            assert lay.hex_at(cx + dx, cy + dy) == h


def _inside_polygon(px, py, poly):
    """Point strictly inside a convex polygon given clockwise on screen (y down)."""
    sign = None
    for (x1, y1), (x2, y2) in zip(poly, poly[1:] + poly[:1]):
        cross = (x2 - x1) * (py - y1) - (y2 - y1) * (px - x1)
        s = cross > 0
        if sign is None:
            sign = s
        elif s != sign:
            return False
    return True


def test_hex_at_agrees_with_the_drawn_polygon_away_from_its_border():
    # 64x56 with side 32 is not exactly regular, so nearest-centre and the drawn outline
    # may differ by a fraction of a pixel at the border; 0.5 px inside they agree.
    lay = Layout()
    rng = random.Random(7)
    for h in grid(8, 8):
        cx, cy = lay.center(h)
        shrunk = [(cx + (x - cx) * (1 - 0.5 / 27), cy + (y - cy) * (1 - 0.5 / 27)) for x, y in lay.corners(h)]
        hits = 0
        while hits < 40:
            px, py = cx + rng.uniform(-32, 32), cy + rng.uniform(-28, 28)
            if _inside_polygon(px, py, shrunk):
                hits += 1
                assert lay.hex_at(px, py) == h


def test_hex_at_is_unbounded_for_points_left_of_and_above_the_map():
    lay = Layout()
    for h in (Hex(0, 1), Hex(1, 0), Hex(0, 0), Hex(-1, -1), Hex(-2, 3)):
        assert lay.hex_at(*lay.center(h)) == h


def test_corners_six_clockwise_from_east_at_the_tile_edges():
    lay = Layout()
    cs = lay.corners(H("0101"))
    assert len(cs) == 6
    assert cs == [(64, 28), (48, 56), (16, 56), (0, 28), (16, 0), (48, 0)]
    # all within the tile
    for h in grid(5, 5):
        ox, oy = lay.tile_origin(h)
        for x, y in lay.corners(h):
            assert ox <= x <= ox + 64 and oy <= y <= oy + 56


def test_neighbouring_hexes_share_exactly_two_corners():
    lay = Layout()
    for h in grid(6, 6):
        mine = {(round(x, 6), round(y, 6)) for x, y in lay.corners(h)}
        for n in neighbors(h):
            theirs = {(round(x, 6), round(y, 6)) for x, y in lay.corners(n)}
            assert len(mine & theirs) == 2, (h, n)


def test_hexside_midpoint_is_the_middle_of_the_shared_edge():
    lay = Layout()
    for h in grid(5, 5):
        mine = {(round(x, 6), round(y, 6)) for x, y in lay.corners(h)}
        for n in neighbors(h):
            theirs = {(round(x, 6), round(y, 6)) for x, y in lay.corners(n)}
            (x1, y1), (x2, y2) = sorted(mine & theirs)
            mx, my = lay.hexside_midpoint(Hexside.between(h, n))
            assert mx == pytest.approx((x1 + x2) / 2) and my == pytest.approx((y1 + y2) / 2)


@pytest.mark.parametrize("scale", [0.5, 1.5, 2.0, 3.25])
def test_scale_multiplies_every_coordinate(scale):
    base, zoomed = Layout(), Layout(scale=scale)
    assert zoomed.col_w == pytest.approx(48 * scale)
    for h in grid(10, 10):
        bx, by = base.center(h)
        zx, zy = zoomed.center(h)
        assert (zx, zy) == (pytest.approx(bx * scale), pytest.approx(by * scale))
        ox, oy = base.tile_origin(h)
        assert zoomed.tile_origin(h) == (pytest.approx(ox * scale), pytest.approx(oy * scale))
        for (cx, cy), (dx, dy) in zip(base.corners(h), zoomed.corners(h)):
            assert (dx, dy) == (pytest.approx(cx * scale), pytest.approx(cy * scale))


@pytest.mark.parametrize("scale", [0.5, 2.0])
def test_hex_at_round_trips_when_scaled(scale):
    lay = Layout(scale=scale)
    rng = random.Random(3)
    for h in grid(20, 11):
        cx, cy = lay.center(h)
        assert lay.hex_at(cx, cy) == h
        ang, rad = rng.uniform(0, 2 * math.pi), rng.uniform(0, 20 * scale)
        assert lay.hex_at(cx + rad * math.cos(ang), cy + rad * math.sin(ang)) == h


# --- hex id schemes (multi-sheet maps: Black Wednesday writes B34.16) ----------------------

from hexwar.core.hexgrid import (  # noqa: E402
    CCRR,
    SheetIds,
    current_hex_ids,
    hex_ids_from_spec,
    hex_ids_of,
    set_hex_ids,
    use_hex_ids,
)

BW = SheetIds((("A", 36), ("B", 36)))


@pytest.mark.parametrize("text, col, row", [("A01.01", 1, 1), ("A25.23", 23, 25), ("A62.36", 36, 62),
                                             ("B01.01", 37, 1), ("B32.06", 42, 32), ("B53.12", 48, 53),
                                             ("B62.36", 72, 62), (" b34.16 ", 52, 34)])
def test_sheet_ids_read_sheet_row_column_onto_the_joined_board(text, col, row):
    assert BW.parse(text) == Hex(col, row)


def test_sheet_ids_round_trip_every_hex_of_both_sheets():
    for c in range(1, 73):
        for r in range(1, 63):
            h = Hex(c, r)
            name = BW.name(h)
            assert BW.parse(name) == h
            assert name[0] == ("A" if c <= 36 else "B") and name[3] == "."


@pytest.mark.parametrize("bad, words", [
    ("", "sheet letter"), ("B3416", "sheet letter"), ("0406", "sheet letter"), ("B34,16", "sheet letter"),
    ("B3.16", "sheet letter"), ("B34.16.1", "sheet letter"), ("BB34.16", "sheet letter"), ("B٣4.16", "sheet letter"),
    ("C34.16", "no map sheet C"), ("B34.37", "columns 01..36"), ("A10.00", "columns 01..36"),
    ("B00.16", "rows start"), (None, "sheet letter"),
])
def test_sheet_ids_refuse_malformed_ids(bad, words):
    with pytest.raises(MalformedError) as e:
        BW.parse(bad)
    assert words in str(e.value)


def test_el_bastion_hexes_are_adjacent_across_the_parity_of_sheet_b():
    # 1.6: B32.06 and B33.07 are one position; on the joined board B's even columns stay low.
    assert are_adjacent(BW.parse("B32.06"), BW.parse("B33.07"))
    assert not are_adjacent(BW.parse("B32.07"), BW.parse("B34.06"))


def test_sheets_join_at_the_seam():
    # A's last column touches B's first: same row and the row below (A36 is even, low).
    a = BW.parse("A25.36")
    assert {BW.name(n) for n in neighbors(a)} >= {"B25.01", "B26.01"}
    assert distance(BW.parse("A25.34"), BW.parse("B25.02")) == 4


def test_sheet_names_off_every_sheet_are_readable_but_not_parsed():
    assert BW.name(Hex(73, 3)).startswith("?") and BW.name(Hex(0, 3)).startswith("?")
    assert BW.name(Hex(40, 0)).startswith("?") and BW.name(Hex(40, 100)).startswith("?")
    with pytest.raises(MalformedError):
        BW.parse(BW.name(Hex(73, 3)))


def test_sheet_scheme_needs_even_sheets_before_the_last():
    with pytest.raises(MalformedError, match="even"):
        SheetIds((("A", 35), ("B", 36)))
    with pytest.raises(MalformedError, match="twice"):
        SheetIds((("A", 36), ("A", 36)))
    with pytest.raises(MalformedError):
        SheetIds(())


@pytest.mark.parametrize("spec, expected", [("", CCRR), (None, CCRR), ("CCRR", CCRR), ("sheets A:36 B:36", BW)])
def test_hex_ids_from_the_map_property(spec, expected):
    assert hex_ids_from_spec(spec) == expected
    assert hex_ids_from_spec(expected.spec) == expected


@pytest.mark.parametrize("spec", ["sheet A:36", "sheets", "sheets A36", "sheets A:x", "sheets AB:36", "hexes"])
def test_bad_hex_id_scheme_is_refused(spec):
    with pytest.raises(MalformedError):
        hex_ids_from_spec(spec)


def test_hex_ids_of_a_board_default_to_ccrr():
    class B:
        properties = {"hex_ids": "sheets A:36 B:36"}

    class Plain:
        properties: dict = {}

    assert hex_ids_of(B()) == BW and hex_ids_of(Plain()) is CCRR and hex_ids_of(object()) is CCRR


def test_global_names_follow_the_scheme_in_force_and_come_back():
    h = BW.parse("B34.16")
    assert hex_name(h) == "5234" and current_hex_ids() is CCRR
    with use_hex_ids(BW):
        assert hex_name(h) == "B34.16" and str(h) == "B34.16" and repr(h) == "Hex(B34.16)"
        assert parse_hex("B34.16") == h
        s = parse_hexside("B32.06-B33.07")
        assert str(s) == "B32.06-B33.07" and parse_hexside(str(s)) == s
        with pytest.raises(MalformedError, match="sheet letter"):
            parse_hex("0406")
        with pytest.raises(MalformedError, match="joined by"):
            parse_hexside("B32.06")
    assert hex_name(h) == "5234" and parse_hex("0406") == Hex(4, 6)
    old = set_hex_ids(BW)
    try:
        assert old is CCRR and hex_name(h) == "B34.16"
    finally:
        set_hex_ids(old)
    assert current_hex_ids() is CCRR


def test_action_notation_round_trips_sheet_ids():
    from hexwar.core.actions import parse_action

    with use_hex_ids(BW):
        for text in ("move 1-I-262 B16.29 B16.30 B17.30", "attack A25.23 x y", "resolve B53.12"):
            a = parse_action(text)
            assert a.notation() == text and parse_action(a.notation()) == a


def test_distance_is_the_cube_distance_of_to_cube_over_a_grid_with_negative_ids():
    from hexwar.core.hexgrid import to_cube

    def plain(a: Hex, b: Hex) -> int:
        aq, ar, as_ = to_cube(a)
        bq, br, bs = to_cube(b)
        return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))

    hexes = [Hex(c, r) for c in range(-4, 26) for r in range(-4, 22)]
    for a in hexes[::5]:
        for b in hexes:
            assert distance(a, b) == plain(a, b), (a, b)


def test_neighbors_kept_per_hex_are_the_computed_ones():
    from hexwar.core.hexgrid import _OFFSETS_HIGH, _OFFSETS_LOW

    for h in [Hex(c, r) for c in range(-3, 12) for r in range(-3, 12)]:
        offs = _OFFSETS_LOW if h.col % 2 == 0 else _OFFSETS_HIGH
        want = tuple(Hex(h.col + dc, h.row + dr) for dc, dr in offs)
        assert neighbors(h) == want and neighbors(h) == want  # asked twice: the kept answer
        assert all(type(n) is Hex for n in neighbors(h))


def test_sheet_ids_kept_per_hex_are_the_computed_ones():
    from hexwar.core.hexgrid import SheetIds

    ids = SheetIds((("A", 34), ("B", 32)))
    for h in [Hex(c, r) for c in range(-2, 70) for r in range(-1, 102)]:
        assert ids.name(h) == ids._name(h) and ids.name(h) == ids._name(h)  # asked twice: the kept one
        if 1 <= h.col <= 66 and 1 <= h.row <= 99:
            assert ids.parse(ids.name(h)) == h
    assert ids == SheetIds((("A", 34), ("B", 32))) and hash(ids) == hash(SheetIds((("A", 34), ("B", 32))))
