"""movement.reach_paths: the one-pass search agrees with reachable + all_paths; extra cost per hex."""
from __future__ import annotations

import random

from hexwar.core.hexgrid import neighbors
from hexwar.core.movement import reach_paths, reachable

from ._support import grid


def _edges(cells, rng):
    cs = set(cells)
    return {h: tuple((n, rng.choice((1, 1, 2, 3))) for n in neighbors(h) if n in cs) for h in cells}


def test_same_costs_and_paths_as_reachable_on_random_boards():
    rng = random.Random(4)
    cells = grid(12, 12)
    for _ in range(20):
        e = _edges(cells, rng)
        start = rng.choice(cells)
        stops = set(rng.sample(cells, 15)) - {start}
        blocked = set(rng.sample(cells, 10)) - {start}
        mp = rng.choice((3, 5, 8))
        r = reachable(start, mp, edges=e, stops=stops.__contains__, blocked=blocked.__contains__)
        want = {h: (r.cost[h], p) for h, p in r.all_paths().items()}
        assert reach_paths(start, mp, e, stops=stops, blocked=blocked) == want


def test_extra_cost_per_hex_and_stops():
    cells = grid(6, 6)
    cs = set(cells)
    e = {h: tuple((n, 1) for n in neighbors(h) if n in cs) for h in cells}
    start = cells[0]
    plain = reach_paths(start, 2, e)
    n1 = next(iter(e[start]))[0]
    extra = reach_paths(start, 2, e, extra={n1: 2})
    assert plain[n1][0] == 1 and n1 not in extra  # 1 + 2 is more than 2 MP
    stopped = reach_paths(start, 3, e, stops={n1})
    assert n1 in stopped and all(p[0] != n1 or len(p) == 1 for _, p in stopped.values())  # no moving on
