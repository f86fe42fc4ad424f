"""Board: on-map adjacency, hexside features, places, marks, edges and regions."""
from __future__ import annotations

from hexwar.core.board import Board, HexsideFeature, Place
from hexwar.core.hexgrid import Hexside, neighbors

from ._support import H, grid, make_board, names


def test_adjacent_keeps_only_on_map_neighbours():
    b = make_board(5, 4)
    assert names(b.adjacent(H("0101"))) == ["0201", "0102"]  # top-left corner, odd column
    assert names(b.adjacent(H("0201"))) == ["0301", "0302", "0202", "0102", "0101"]  # even column, top row
    assert names(b.adjacent(H("0504"))) == ["0503", "0404", "0403"]  # bottom-right corner, odd column
    assert len(b.adjacent(H("0302"))) == 6


def test_adjacent_is_symmetric_and_a_subset_of_neighbors():
    b = make_board(9, 7)
    for h in b.hexes:
        for n in b.adjacent(h):
            assert n in neighbors(h)
            assert h in b.adjacent(n)


def test_adjacent_of_an_off_map_hex_is_empty():
    b = make_board(3, 3)
    assert b.adjacent(H("0909")) == ()
    assert H("0909") not in b
    assert H("0303") in b


def test_holes_in_the_terrain_are_not_adjacent():
    b = make_board(4, 4)
    t = dict(b.terrain)
    del t[H("0202")]
    holed = Board(4, 4, t)
    assert H("0202") not in holed.adjacent(H("0102"))
    assert H("0202") not in holed


def test_hexes_are_sorted():
    b = make_board(3, 3)
    assert b.hexes == sorted(grid(3, 3))
    assert names(b.hexes)[:4] == ["0101", "0102", "0103", "0201"]


def _featured_board() -> Board:
    river = HexsideFeature("river", "Dnepr",
                           (Hexside.between(H("0202"), H("0203")), Hexside.between(H("0202"), H("0302"))))
    rail = HexsideFeature("rail", "line 1",
                          (Hexside.between(H("0202"), H("0203")), Hexside.between(H("0101"), H("0201"))))
    return make_board(
        4,
        4,
        {"0303": "forest"},
        features=[river, rail],
        places={H("0303"): Place("Kiev", H("0303"), "major_city"), H("0101"): Place("Orsha", H("0101"), "city")},
        marks={H("0101"): ("setup_g",), H("0102"): ("setup_g", "setup_r")},
        edges={"german": frozenset({H("0101"), H("0102")})},
        regions={"ukraine": frozenset({H("0303"), H("0304")})},
    )


def test_side_kinds_are_the_same_from_both_hexes():
    b = _featured_board()
    assert b.side_kinds(H("0202"), H("0203")) == frozenset({"river", "rail"})
    assert b.side_kinds(H("0203"), H("0202")) == frozenset({"river", "rail"})
    assert b.side_kinds(H("0302"), H("0202")) == frozenset({"river"})
    assert b.side_kinds(H("0101"), H("0102")) == frozenset()


def test_has_side_and_rail_hexes():
    b = _featured_board()
    assert b.has_side(H("0203"), H("0202"), "river")
    assert not b.has_side(H("0302"), H("0202"), "rail")
    assert not b.has_side(H("0303"), H("0304"), "river")
    assert {h for h in b.hexes if b.is_rail_hex(h)} == {H("0202"), H("0203"), H("0101"), H("0201")}


def test_marks_places_regions_and_describe():
    b = _featured_board()
    assert b.hexes_marked("setup_g") == frozenset({H("0101"), H("0102")})
    assert b.hexes_marked("setup_r") == frozenset({H("0102")})
    assert b.hexes_marked("nothing") == frozenset()
    assert b.place_at(H("0303")).name == "Kiev"
    assert b.place_at(H("0404")) is None
    assert b.place_named("Orsha").hex == H("0101")
    assert b.place_named("Moscow") is None
    assert b.in_region(H("0304"), "ukraine")
    assert not b.in_region(H("0101"), "ukraine")
    assert not b.in_region(H("0304"), "no such region")
    assert b.describe(H("0303")) == "0303 forest, Kiev"
    assert b.describe(H("0404")) == "0404 clear"
    assert b.describe(H("0909")) == "0909 off map"
