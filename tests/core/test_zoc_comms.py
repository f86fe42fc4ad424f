"""zoc.zoc_hexes and comms.reaching_edge."""
from __future__ import annotations

import random
from collections import deque

from hexwar.core.comms import reaching_edge
from hexwar.core.zoc import zoc_hexes

from ._support import H, hexes, make_board

# --- zones of control ----------------------------------------------------------


def test_zone_of_one_unit_is_its_six_neighbours():
    b = make_board(7, 7)
    assert zoc_hexes([H("0404")], b.adjacent) == frozenset(hexes("0403", "0504", "0505", "0405", "0305", "0304"))


def test_zone_stops_at_the_map_edge():
    b = make_board(7, 7)
    assert zoc_hexes([H("0101")], b.adjacent) == frozenset(hexes("0201", "0102"))


def test_zone_of_several_units_is_the_union_and_includes_occupied_hexes():
    b = make_board(7, 7)
    units = hexes("0404", "0405")  # adjacent units: each lies in the other's zone
    z = zoc_hexes(units, b.adjacent)
    assert z == frozenset(b.adjacent(H("0404"))) | frozenset(b.adjacent(H("0405")))
    assert H("0404") in z and H("0405") in z


def test_zone_of_no_units_is_empty():
    b = make_board(3, 3)
    assert zoc_hexes([], b.adjacent) == frozenset()


def test_exerts_narrows_the_zone():
    b = make_board(7, 7, {"0403": "mountain"})

    def exerts(frm, to):
        return b.terrain[to] != "mountain"  # no zone up into mountains

    z = zoc_hexes([H("0404")], b.adjacent, exerts)
    assert H("0403") not in z
    assert len(z) == 5


def test_zone_accepts_any_iterable_of_hexes():
    b = make_board(5, 5)
    assert zoc_hexes(iter([H("0303")]), b.adjacent) == zoc_hexes([H("0303")], b.adjacent)


# --- communication to a friendly edge ------------------------------------------


def naive_in_comms(h, edge, adjacent, passable):
    """Forward search from one hex: the origin is exempt, every later hex must be passable."""
    if h in edge:
        return True
    seen = {h}
    q = deque([h])
    while q:
        x = q.popleft()
        for n in adjacent(x):
            if n in seen or not passable(n):
                continue
            if n in edge:
                return True
            seen.add(n)
            q.append(n)
    return False


def west_edge(board):
    return frozenset(h for h in board.hexes if h.col == 1)


def test_open_map_every_hex_is_in_communication():
    b = make_board(6, 6)
    assert reaching_edge(west_edge(b), b.adjacent, lambda h: True) == frozenset(b.hexes)


def test_a_full_wall_cuts_off_everything_behind_it_but_the_wall_itself_is_exempt():
    b = make_board(6, 6)
    wall = {h for h in b.hexes if h.col == 3}
    got = reaching_edge(west_edge(b), b.adjacent, lambda h: h not in wall)
    assert got == frozenset(h for h in b.hexes if h.col <= 3)
    # a unit standing in the wall (say, in an enemy zone) still traces out: the origin is exempt


def test_a_gap_in_the_wall_lets_the_path_wind_through():
    b = make_board(6, 6)
    wall = {h for h in b.hexes if h.col == 3} - {H("0306")}
    got = reaching_edge(west_edge(b), b.adjacent, lambda h: h not in wall)
    assert got == frozenset(b.hexes)


def test_a_pocket_is_cut_off():
    b = make_board(7, 7)
    pocket = H("0505")
    ring_hexes = set(b.adjacent(pocket))
    got = reaching_edge(west_edge(b), b.adjacent, lambda h: h not in ring_hexes)
    assert pocket not in got
    assert ring_hexes <= got  # each ring hex is next to an open hex outside
    assert got == frozenset(b.hexes) - {pocket}


def test_a_double_ring_cuts_off_the_inner_ring_too():
    b = make_board(9, 9)
    center = H("0505")
    inner = set(b.adjacent(center))
    outer = {n for h in inner for n in b.adjacent(h)} - inner - {center}
    blocked = inner | outer
    got = reaching_edge(west_edge(b), b.adjacent, lambda h: h not in blocked)
    assert center not in got
    assert not inner & got
    assert outer <= got


def test_edge_hexes_count_even_when_impassable():
    b = make_board(4, 4)
    edge = west_edge(b)
    got = reaching_edge(edge, b.adjacent, lambda h: False)  # everything impassable
    assert got == edge  # a path of no steps


def test_an_impassable_edge_hex_is_not_a_stepping_stone():
    # 0101 is the only edge hex and it is impassable: no one else reaches the edge through it
    b = make_board(3, 3)
    got = reaching_edge(frozenset({H("0101")}), b.adjacent, lambda h: h != H("0101"))
    assert got == frozenset({H("0101")})


def test_reaching_edge_agrees_with_a_forward_search_on_random_boards():
    rng = random.Random(99)
    for _ in range(80):
        b = make_board(rng.randint(2, 8), rng.randint(2, 8))
        blocked = {h for h in b.hexes if rng.random() < rng.choice([0.2, 0.35, 0.5])}
        edge = frozenset(h for h in b.hexes if h.col == b.width or rng.random() < 0.05)

        def passable(h, blocked=blocked):
            return h not in blocked

        got = reaching_edge(edge, b.adjacent, passable)
        want = frozenset(h for h in b.hexes if naive_in_comms(h, edge, b.adjacent, passable))
        assert got == want
