"""retreat.retreat_paths: distance rule, enemy hexes, EZOC ranking, overstack extension."""
from __future__ import annotations

import random

from hexwar.core.board import Board
from hexwar.core.hexgrid import are_adjacent, distance, ring
from hexwar.core.retreat import RetreatPath, retreat_paths

from ._support import H, hexes, make_board

ORIGIN = H("0404")


def never(h):
    return False


def always(h):
    return True


def within(hs):
    s = set(hs)
    return lambda h: h in s


def assert_well_formed(origin, paths, enemy_at=never):
    for p in paths:
        prev = origin
        for i, h in enumerate(p.hexes):
            assert distance(origin, h) == i + 1, p
            assert are_adjacent(prev, h), p
            assert not enemy_at(h), p
            prev = h


# --- the basic shape -----------------------------------------------------------


def test_one_hex_retreat_may_go_to_any_neighbour():
    b = make_board(7, 7)
    paths = retreat_paths(ORIGIN, 1, b.adjacent, never, never, always)
    assert [p.hexes for p in paths] == [(h,) for h in sorted(b.adjacent(ORIGIN))]
    assert all(p.ezoc_entered == 0 and not p.ends_in_ezoc and p.extended == 0 for p in paths)


def test_two_hex_retreat_every_hex_one_further_from_the_origin():
    b = make_board(7, 7)
    paths = retreat_paths(ORIGIN, 2, b.adjacent, never, never, always)
    # each of the 6 first hexes has 3 neighbours one further out
    assert len(paths) == 18
    assert len({p.hexes for p in paths}) == 18
    assert_well_formed(ORIGIN, paths)
    assert {p.end for p in paths} == set(ring(ORIGIN, 2))


def test_paths_are_sorted_by_their_hexes():
    b = make_board(7, 7)
    paths = retreat_paths(ORIGIN, 2, b.adjacent, never, never, always)
    assert [p.hexes for p in paths] == sorted(p.hexes for p in paths)
    assert paths == retreat_paths(ORIGIN, 2, b.adjacent, never, never, always)


def test_end_is_the_last_hex():
    p = RetreatPath(tuple(hexes("0403", "0402")), 0, False, 0)
    assert p.end == H("0402")


def test_map_edge_limits_the_paths():
    b = make_board(7, 7)
    paths = retreat_paths(H("0101"), 2, b.adjacent, never, never, always)
    assert paths
    assert all(h in b for p in paths for h in p.hexes)
    assert_well_formed(H("0101"), paths)


# --- enemy units ---------------------------------------------------------------


def test_enemy_hexes_are_never_entered():
    b = make_board(7, 7)
    enemy = within(hexes("0403", "0504", "0503", "0606"))
    paths = retreat_paths(ORIGIN, 2, b.adjacent, enemy, never, always)
    assert paths
    assert_well_formed(ORIGIN, paths, enemy)


def test_boxed_in_by_enemies_gives_no_path():
    b = make_board(7, 7)
    enemy = within(b.adjacent(ORIGIN))
    assert retreat_paths(ORIGIN, 1, b.adjacent, enemy, never, always) == []
    assert retreat_paths(ORIGIN, 2, b.adjacent, enemy, never, always) == []


def test_boxed_in_by_the_map_edge_and_enemies_gives_no_path():
    b = make_board(5, 5)
    enemy = within(hexes("0201", "0102"))
    assert retreat_paths(H("0101"), 2, b.adjacent, enemy, never, always) == []


def test_path_that_cannot_get_further_away_is_a_dead_end():
    # the second ring is all enemy: a one-hex retreat works, a two-hex one does not
    b = make_board(7, 7)
    enemy = within(ring(ORIGIN, 2))
    assert len(retreat_paths(ORIGIN, 1, b.adjacent, enemy, never, always)) == 6
    assert retreat_paths(ORIGIN, 2, b.adjacent, enemy, never, always) == []


# --- enemy zones of control ----------------------------------------------------


def test_a_path_free_of_enemy_zones_beats_any_path_through_one():
    b = make_board(7, 7)
    ezoc = within(set(b.adjacent(ORIGIN)) - {H("0405")})
    paths = retreat_paths(ORIGIN, 2, b.adjacent, never, ezoc, always)
    assert paths
    assert all(p.hexes[0] == H("0405") and p.ezoc_entered == 0 and not p.ends_in_ezoc for p in paths)
    assert len(paths) == 3


def test_forced_first_hex_in_zone_but_clear_end_beats_ending_in_a_zone():
    # every first hex is in a zone (forced); the second ring is all zone but one hex
    b = make_board(7, 7)
    clear_end = H("0402")
    ezoc = within((set(ring(ORIGIN, 1)) | set(ring(ORIGIN, 2))) - {clear_end})
    paths = retreat_paths(ORIGIN, 2, b.adjacent, never, ezoc, always)
    expected = {(m, clear_end) for m in ring(ORIGIN, 1) if are_adjacent(m, clear_end)}
    assert {p.hexes for p in paths} == expected
    assert all(p.ezoc_entered == 1 and not p.ends_in_ezoc for p in paths)


def test_ending_in_a_zone_ranks_worse_than_entering_more_zones():
    # two branches only: north enters two zones and ends clear, south enters one and ends in it
    keep = hexes("0404", "0403", "0402", "0401", "0405", "0406", "0407")
    b = Board(1, 7, {h: "clear" for h in keep})
    ezoc = within(hexes("0403", "0402", "0407"))
    paths = retreat_paths(ORIGIN, 3, b.adjacent, never, ezoc, always)
    assert [p.hexes for p in paths] == [tuple(hexes("0403", "0402", "0401"))]
    assert paths[0].ezoc_entered == 2 and not paths[0].ends_in_ezoc


def test_when_every_path_ends_in_a_zone_the_fewest_zone_hexes_win():
    keep = hexes("0404", "0403", "0402", "0405", "0406")
    b = Board(1, 7, {h: "clear" for h in keep})
    ezoc = within(hexes("0403", "0402", "0406"))
    paths = retreat_paths(ORIGIN, 2, b.adjacent, never, ezoc, always)
    assert [p.hexes for p in paths] == [tuple(hexes("0405", "0406"))]
    assert paths[0].ends_in_ezoc and paths[0].ezoc_entered == 1


def test_all_equally_ranked_paths_are_offered():
    b = make_board(7, 7)
    ezoc = within(ring(ORIGIN, 1))  # every path enters exactly one zone hex, none ends in one
    paths = retreat_paths(ORIGIN, 2, b.adjacent, never, ezoc, always)
    assert len(paths) == 18


# --- the overstack extension ---------------------------------------------------


def test_overstacked_end_extends_the_retreat_one_hex():
    b = make_board(9, 9)
    o = H("0505")
    can_end = lambda h: distance(o, h) != 2  # noqa: E731 - every normal end is full
    paths = retreat_paths(o, 2, b.adjacent, never, never, can_end)
    assert paths
    assert all(len(p.hexes) == 3 and p.extended == 1 for p in paths)
    assert {p.end for p in paths} == set(ring(o, 3))
    assert_well_formed(o, paths)


def test_extension_goes_on_one_hex_at_a_time_until_a_legal_end():
    b = make_board(11, 11)
    o = H("0606")
    paths = retreat_paths(o, 2, b.adjacent, never, never, lambda h: distance(o, h) >= 4)
    assert paths and all(len(p.hexes) == 4 and p.extended == 2 for p in paths)


def test_extension_only_when_no_normal_length_path_can_end_legally():
    # one normal-length end is legal, though in a zone; the extended paths would avoid zones
    b = make_board(9, 9)
    o = H("0505")
    legal_normal = H("0503")
    can_end = lambda h: h == legal_normal or distance(o, h) != 2  # noqa: E731
    ezoc = within([legal_normal])
    paths = retreat_paths(o, 2, b.adjacent, never, ezoc, can_end)
    assert {p.hexes for p in paths} == {(H("0504"), legal_normal)}
    assert all(p.extended == 0 and p.ends_in_ezoc for p in paths)


def test_extension_stops_at_max_extra():
    b = make_board(11, 11)
    o = H("0606")
    can_end = lambda h: distance(o, h) >= 4  # noqa: E731
    assert retreat_paths(o, 2, b.adjacent, never, never, can_end, max_extra=1) == []
    assert retreat_paths(o, 2, b.adjacent, never, never, can_end, max_extra=2)


def test_no_legal_end_anywhere_gives_no_path():
    b = make_board(7, 7)
    assert retreat_paths(ORIGIN, 2, b.adjacent, never, never, never) == []


# --- against a brute force -----------------------------------------------------


def brute_force(origin, length, adjacent, enemy_at, in_ezoc, can_end, max_extra=6):
    """Enumerate every candidate path, then apply the ranking rules as written in the docstring."""
    cands = []
    stack = [()]
    while stack:
        path = stack.pop()
        n = len(path)
        if (n >= length and all(not can_end(path[k - 1]) for k in range(max(length, 1), n))
                and (n == 0 or can_end(path[-1]))):
            if n >= length and n > 0:
                cands.append(path)
        if n >= length + max_extra:
            continue
        if n >= length and n > 0 and can_end(path[-1]):
            continue
        here = path[-1] if path else origin
        for nxt in adjacent(here):
            if distance(origin, nxt) == n + 1 and not enemy_at(nxt):
                stack.append(path + (nxt,))
    if not cands:
        return set()
    extra = min(len(p) - length for p in cands)
    cands = [p for p in cands if len(p) - length == extra]

    def rank(p):
        return (in_ezoc(p[-1]), sum(1 for h in p if in_ezoc(h)))

    best = min(rank(p) for p in cands)
    return {p for p in cands if rank(p) == best}


def test_retreat_paths_agree_with_a_brute_force_on_random_positions():
    rng = random.Random(11)
    b = make_board(9, 9)
    o = H("0505")
    for _ in range(150):
        enemy = {h for h in b.hexes if h != o and rng.random() < 0.15}
        zone = {h for h in b.hexes if rng.random() < 0.4}
        full = {h for h in b.hexes if rng.random() < rng.choice([0.1, 0.5, 0.9])}
        length = rng.choice([1, 2, 3])
        args = (o, length, b.adjacent, enemy.__contains__, zone.__contains__, lambda h, full=full: h not in full)
        got = retreat_paths(*args)
        assert {p.hexes for p in got} == brute_force(*args)
        assert_well_formed(o, got, enemy.__contains__)
        for p in got:
            assert p.ezoc_entered == sum(1 for h in p.hexes if h in zone)
            assert p.ends_in_ezoc == (p.end in zone)
            assert p.extended == len(p.hexes) - length
            assert p.end not in full
