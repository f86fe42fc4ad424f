"""movement.reachable / path_cost: terrain costs, stops (ZOC), blocked hexes, mp limit, paths."""
from __future__ import annotations

import math
import random

import pytest

from hexwar.core.board import Board, HexsideFeature
from hexwar.core.hexgrid import Hexside, distance
from hexwar.core.movement import path_cost, reachable

from ._support import H, hexes, make_board, names

COSTS = {"clear": 1, "forest": 2, "road": 0.5, "swamp": None}


def terrain_cost(board: Board):
    def cost(frm, to):
        return COSTS[board.terrain[to]]

    return cost


def member(hs):
    s = set(hexes(*hs)) if hs and isinstance(next(iter(hs)), str) else set(hs)
    return lambda h: h in s


def reference_costs(start, mp, adjacent, enter_cost, stops=lambda h: False, blocked=lambda h: False):
    """Bellman-Ford to a fixpoint with the same rules: an independent check of the Dijkstra."""
    best = {start: 0.0}
    changed = True
    while changed:
        changed = False
        for h in list(best):
            if h != start and stops(h):
                continue
            for n in adjacent(h):
                if blocked(n):
                    continue
                step = enter_cost(h, n)
                if step is None:
                    continue
                nc = best[h] + step
                if nc <= mp + 1e-9 and nc < best.get(n, math.inf) - 1e-9:
                    best[n] = nc
                    changed = True
    return best


# --- open ground ---------------------------------------------------------------


def test_on_clear_ground_cost_is_distance_within_the_allowance():
    b = make_board(7, 7)
    start = H("0404")
    r = reachable(start, 2, b.adjacent, terrain_cost(b))
    assert set(r.cost) == {h for h in b.hexes if distance(start, h) <= 2}
    for h, c in r.cost.items():
        assert c == distance(start, h)
    assert r.cost[start] == 0
    assert r.stopped == frozenset()


def test_zero_mp_reaches_only_the_start():
    b = make_board(5, 5)
    r = reachable(H("0303"), 0, b.adjacent, terrain_cost(b))
    assert r.cost == {H("0303"): 0.0}
    assert r.destinations() == []


def test_destinations_are_sorted_and_exclude_the_start():
    b = make_board(5, 5)
    r = reachable(H("0303"), 1, b.adjacent, terrain_cost(b))
    assert names(r.destinations()) == ["0202", "0203", "0302", "0304", "0402", "0403"]


# --- terrain -------------------------------------------------------------------


def test_forest_costs_two_and_needs_two_mp():
    b = make_board(7, 7, {"0403": "forest"})
    start = H("0404")
    assert H("0403") not in reachable(start, 1, b.adjacent, terrain_cost(b)).cost
    r = reachable(start, 2, b.adjacent, terrain_cost(b))
    assert r.cost[H("0403")] == 2
    # 0402 lies behind the forest: 3 either through it or around it
    assert H("0402") not in r.cost
    assert reachable(start, 3, b.adjacent, terrain_cost(b)).cost[H("0402")] == 3


def test_cheaper_detour_is_preferred_over_expensive_terrain():
    # a corridor two hexes wide: 01xx through forest, 02xx clear
    b = make_board(2, 5, {"0102": "forest", "0103": "forest", "0104": "forest"})
    r = reachable(H("0101"), 10, b.adjacent, terrain_cost(b))
    assert r.cost[H("0105")] == 5  # round the forest through column 02 (7 straight through it)
    assert all(h.col == 2 for h in r.path_to(H("0105"))[:-1])


def test_no_entry_terrain_is_never_entered():
    b = make_board(5, 5, {"0302": "swamp", "0303": "swamp"})
    r = reachable(H("0301"), 10, b.adjacent, terrain_cost(b))
    assert H("0302") not in r.cost and H("0303") not in r.cost
    assert H("0304") in r.cost  # reached around the swamp
    assert r.cost[H("0304")] > distance(H("0301"), H("0304"))


def test_fractional_costs_reach_exactly_the_allowance_despite_float_rounding():
    # 0.1 + 0.1 + 0.1 > 0.3 in floating point; the search must still allow it
    b = make_board(1, 5)
    r = reachable(H("0101"), 0.3, b.adjacent, lambda a, c: 0.1)
    assert names(r.destinations()) == ["0102", "0103", "0104"]


def test_costs_may_depend_on_the_hexside_crossed():
    river = HexsideFeature("river", "R", (Hexside.between(H("0101"), H("0102")),))
    b = make_board(2, 3, features=[river])

    def cost(a, c):
        return 1 + (2 if b.has_side(a, c, "river") else 0)

    r = reachable(H("0101"), 5, b.adjacent, cost)
    assert r.cost[H("0102")] == 2  # round by 0201 rather than 3 across the river
    assert r.path_to(H("0102")) == (H("0201"), H("0102"))


# --- blocked and stops ---------------------------------------------------------


def test_blocked_hexes_are_never_entered_and_cut_a_corridor():
    b = make_board(1, 7)
    r = reachable(H("0101"), 6, b.adjacent, terrain_cost(b), blocked=member(["0104"]))
    assert names(r.destinations()) == ["0102", "0103"]


def test_blocked_hexes_are_walked_around_when_there_is_room():
    b = make_board(7, 7)
    start = H("0404")
    wall = ["0403", "0503", "0303"]
    assert H("0402") not in reachable(start, 4, b.adjacent, terrain_cost(b), blocked=member(wall)).cost
    r = reachable(start, 6, b.adjacent, terrain_cost(b), blocked=member(wall))
    assert not set(hexes(*wall)) & set(r.cost)
    assert r.cost[H("0402")] == 5  # straight north would be 2; the wall forces a wide detour


def test_entering_a_stop_hex_ends_movement():
    b = make_board(1, 7)
    r = reachable(H("0101"), 6, b.adjacent, terrain_cost(b), stops=member(["0104"]))
    assert names(r.destinations()) == ["0102", "0103", "0104"]
    assert r.stopped == frozenset({H("0104")})


def test_leaving_a_stop_hex_is_free():
    b = make_board(1, 7)
    r = reachable(H("0104"), 3, b.adjacent, terrain_cost(b), stops=member(["0104"]))
    assert names(r.destinations()) == ["0101", "0102", "0103", "0105", "0106", "0107"]
    assert r.cost[H("0107")] == 3


def test_stop_to_stop_adjacent_step_is_allowed_then_movement_ends():
    b = make_board(1, 7)
    r = reachable(H("0104"), 6, b.adjacent, terrain_cost(b), stops=member(["0104", "0105"]))
    assert H("0105") in r.cost and H("0105") in r.stopped
    assert H("0106") not in r.cost


def test_stop_hex_reached_by_other_routes_lets_movement_go_around():
    # a zone of control in front of the unit: the hexes beyond are reached around it
    b = make_board(7, 7)
    start = H("0404")
    zone = ["0403"]
    r = reachable(start, 4, b.adjacent, terrain_cost(b), stops=member(zone))
    assert r.cost[H("0403")] == 1 and H("0403") in r.stopped
    assert r.cost[H("0402")] == 3  # not 2 through the zone
    assert H("0403") not in r.path_to(H("0402"))


def test_enemy_zone_with_blocked_enemy_unit():
    b = make_board(7, 7)
    enemy = H("0406")
    zone = set(b.adjacent(enemy))
    r = reachable(H("0404"), 4, b.adjacent, terrain_cost(b), stops=lambda h: h in zone, blocked=lambda h: h == enemy)
    assert enemy not in r.cost
    assert r.stopped == frozenset(zone & set(r.cost))
    for h in r.destinations():
        # no path passes through a zone hex before its end
        assert not set(r.path_to(h)[:-1]) & zone


# --- mp limit and paths --------------------------------------------------------


def test_mp_limit_is_inclusive():
    b = make_board(1, 9)
    assert max(reachable(H("0101"), 4, b.adjacent, terrain_cost(b)).cost.values()) == 4
    assert names(reachable(H("0101"), 3.99, b.adjacent, terrain_cost(b)).destinations()) == ["0102", "0103", "0104"]


def test_path_to_reconstructs_adjacent_steps_whose_costs_sum_to_the_cost():
    b = make_board(8, 8, {"0404": "forest", "0405": "forest", "0504": "road", "0604": "road", "0303": "swamp"})
    cost = terrain_cost(b)
    r = reachable(H("0202"), 7, b.adjacent, cost)
    for h in r.destinations():
        path = r.path_to(h)
        assert path[-1] == h
        prev = r.start
        total = 0
        for step in path:
            assert step in b.adjacent(prev)
            total += cost(prev, step)
            prev = step
        assert total == pytest.approx(r.cost[h])
        assert path_cost(r.start, path, b.adjacent, cost) == (pytest.approx(r.cost[h]), "")


def test_path_to_start_is_empty_and_unreachable_raises_key_error():
    b = make_board(3, 3)
    r = reachable(H("0101"), 1, b.adjacent, terrain_cost(b))
    assert r.path_to(H("0101")) == ()
    with pytest.raises(KeyError):
        r.path_to(H("0303"))


def test_ties_are_broken_by_hex_id_whatever_the_neighbour_order():
    b = make_board(7, 7)
    start, target = H("0404"), H("0506")  # two cheapest routes: by 0405 or by 0505
    orders = [b.adjacent, lambda h: tuple(reversed(b.adjacent(h)))]
    rng = random.Random(5)

    def shuffled(h):
        ns = list(b.adjacent(h))
        rng.shuffle(ns)
        return ns

    orders.append(shuffled)
    baseline = reachable(start, 3, b.adjacent, terrain_cost(b))
    paths = set()
    for adj in orders:
        r = reachable(start, 3, adj, terrain_cost(b))
        paths.add(r.path_to(target))
        # every path, not just this one, is the same whatever the neighbour order
        assert {h: r.path_to(h) for h in r.cost} == {h: baseline.path_to(h) for h in baseline.cost}
    assert paths == {(H("0405"), H("0506"))}  # the lower id of the two middles


def test_reachable_agrees_with_a_brute_force_search_on_random_boards():
    rng = random.Random(2024)
    kinds = ["clear"] * 5 + ["forest"] * 2 + ["road", "swamp"]
    for _ in range(60):
        w, h = rng.randint(3, 8), rng.randint(3, 8)
        b = make_board(w, h)
        for hx in b.hexes:
            b.terrain[hx] = rng.choice(kinds)
        start = rng.choice(b.hexes)
        stop_set = {x for x in b.hexes if rng.random() < 0.2}
        block_set = {x for x in b.hexes if rng.random() < 0.15} - {start}
        mp = rng.choice([1, 2, 3, 4.5, 6])
        args = (start, mp, b.adjacent, terrain_cost(b), stop_set.__contains__, block_set.__contains__)
        r = reachable(*args)
        want = reference_costs(*args)
        assert set(r.cost) == set(want)
        for k in want:
            assert r.cost[k] == pytest.approx(want[k])
        assert r.stopped == frozenset(k for k in r.cost if k in stop_set and k != start)


# --- path_cost -----------------------------------------------------------------


def test_path_cost_sums_terrain_costs():
    b = make_board(1, 5, {"0103": "forest", "0104": "road"})
    assert path_cost(H("0101"), hexes("0102", "0103", "0104"), b.adjacent, terrain_cost(b)) == (3.5, "")


def test_path_cost_of_an_empty_path_is_zero():
    b = make_board(2, 2)
    assert path_cost(H("0101"), [], b.adjacent, terrain_cost(b)) == (0.0, "")


@pytest.mark.parametrize(
    "path, why",
    [
        (["0103"], "not adjacent"),  # skips a hex
        (["0102", "0102"], "not adjacent"),  # a hex is not next to itself
        (["0100"], "not adjacent"),  # off the map
        (["0102", "0103", "0104"], "blocked"),
        (["0102", "0202"], "no entry"),
        (["0201", "0301", "0302"], "stopped"),
    ],
)
def test_path_cost_reports_why_a_path_is_refused(path, why):
    b = make_board(3, 5, {"0202": "swamp"})
    got = path_cost(
        H("0101"), hexes(*path), b.adjacent, terrain_cost(b), stops=member(["0301"]), blocked=member(["0104"])
    )
    assert got == (None, why)


def test_path_cost_allows_ending_on_a_stop_hex_and_leaving_the_start_one():
    b = make_board(1, 5)
    stops = member(["0101", "0103"])
    assert path_cost(H("0101"), hexes("0102", "0103"), b.adjacent, terrain_cost(b), stops=stops) == (2.0, "")
    got = path_cost(H("0101"), hexes("0102", "0103", "0104"), b.adjacent, terrain_cost(b), stops=stops)
    assert got == (None, "stopped")


def test_path_cost_accepts_any_iterable_path():
    b = make_board(1, 4)
    assert path_cost(H("0101"), iter(hexes("0102", "0103")), b.adjacent, terrain_cost(b)) == (2.0, "")
