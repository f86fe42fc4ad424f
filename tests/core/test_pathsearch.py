"""core.pathsearch, the one path search, against a plain reference on random boards: the costs
of a Bellman-Ford relaxation (every hex relaxed until nothing changes), paths that are legal
and cost what they claim, stops and blocks obeyed, distance maps from many sources."""
from __future__ import annotations

import random

from hexwar.core import pathsearch as ps
from hexwar.core.hexgrid import Hex


def _board(rng: random.Random, w: int, h: int, costs: list[float]):
    hexes = [Hex(c, r) for c in range(1, w + 1) for r in range(1, h + 1)]
    inside = set(hexes)

    def adjacent(x: Hex) -> list[Hex]:
        c, r = x
        up = -1 if c % 2 else 1
        steps = ((0, -1), (0, 1), (1, 0), (-1, 0), (1, up), (-1, up))
        return [Hex(c + a, r + b) for a, b in steps if Hex(c + a, r + b) in inside]

    cost = {(x, n): (None if rng.random() < 0.08 else rng.choice(costs)) for x in hexes for n in adjacent(x)}
    edges = {x: [(n, cost[x, n]) for n in adjacent(x) if cost[x, n] is not None] for x in hexes}
    return hexes, adjacent, cost, edges


def _cost_of(cost):
    return lambda a, b: cost[a, b]


def _reference(sources, edges, budget, stops, blocked):
    """Bellman-Ford: relax every edge until no cost improves (exact costs: halves and ints)."""
    best = {s: 0.0 for s in sources}
    changed = True
    while changed:
        changed = False
        for h, c in list(best.items()):
            if h in stops and h not in sources:
                continue
            for n, step in edges[h]:
                nc = c + step
                if n in blocked or nc > budget:
                    continue
                if nc < best.get(n, float("inf")):
                    best[n] = nc
                    changed = True
    return best


def test_search_matches_bellman_ford_and_its_paths_are_legal():
    rng = random.Random(21)
    for _ in range(400):
        hexes, adjacent, cost, edges = _board(rng, rng.randint(1, 9), rng.randint(1, 9), [0.5, 1, 1.5, 2, 3])
        sources = rng.sample(hexes, min(len(hexes), rng.choice((1, 1, 2, 3))))
        stops = {x for x in hexes if rng.random() < 0.2}
        blocked = {x for x in hexes if rng.random() < 0.1} - set(sources)
        budget = rng.choice((0, 1, 2.5, 4, 8, ps.INF))
        want = _reference(sources, edges, budget, stops, blocked)
        for kw in ({"edges": edges}, {"adjacent": adjacent, "cost": _cost_of(cost)}):
            t = ps.search(sources, budget=budget, stops=stops.__contains__, blocked=blocked.__contains__, **kw)
            assert t.cost == want
            assert t.stopped == {x for x in want if x in stops and x not in sources}
            for x, c in t.cost.items():
                way = ps.path(t, x)
                here = x
                while t.came_from[here] is not None:
                    here = t.came_from[here]
                assert here in sources
                total, prev = 0.0, here
                for i, step in enumerate(way):
                    assert step in adjacent(prev) and step not in blocked and cost[prev, step] is not None
                    assert i == len(way) - 1 or step not in stops  # only the last hex may stop the move
                    total, prev = total + cost[prev, step], step
                assert total == c
            assert ps.distances(sources, budget=budget, stops=stops.__contains__,
                                blocked=blocked.__contains__, **kw) == want


def test_graph_reach_and_reach_paths_agree_with_search():
    """Graph.reach runs on whole units when every step is a whole number of 1/q MP (q = 2
    here) and on floats otherwise (thirds): the same answer either way."""
    rng = random.Random(22)
    for i in range(400):
        costs = [0.5, 1, 2, 3] if i % 2 else [1 / 3, 2 / 3, 1, 2]
        hexes, _, _, edges = _board(rng, rng.randint(1, 9), rng.randint(1, 9), costs)
        assert ps.Graph(edges).q in ((2, 1) if i % 2 else (None, 1))  # 1: a board without a half step
        start = rng.choice(hexes)
        stops = {x for x in hexes if rng.random() < 0.2}
        blocked = {x for x in hexes if rng.random() < 0.1 and x != start}
        extra = {x: 2.0 for x in hexes if rng.random() < 0.15} or None
        mp = rng.choice((0, 1, 3, 6, 12))
        t = ps.search((start,), edges, budget=mp, stops=stops.__contains__, blocked=blocked.__contains__,
                      extra=(lambda a, b, x=extra: x.get(b, 0)) if extra else None, tol=1e-9)
        got = ps.reach_paths(start, mp, edges, stops, blocked, extra)
        assert got == {x: (c, ps.path(t, x)) for x, c in t.cost.items() if x != start}
        assert list(got) == [x for x in t.cost if x != start]  # the order first reached
        fast = ps.Graph(edges).reach(start, mp, stops, blocked, extra)
        assert fast == got and list(fast) == list(got)


def test_ties_go_to_the_lower_hex_and_tol_keeps_the_first_of_near_equal_costs():
    a, b, c, d = Hex(1, 1), Hex(1, 2), Hex(2, 1), Hex(2, 2)
    edges = {a: [(c, 1.0), (b, 1.0)], b: [(d, 1.0)], c: [(d, 1.0)], d: []}
    t = ps.search((a,), edges)
    assert ps.path(t, d) == (b, d)  # b pops before c on the tie: d is entered from b
    thirds = {a: [(b, 1 / 3), (c, 1.0)], b: [(d, 1 / 3 + 1 / 3)], c: [(d, 0.0)], d: []}
    assert ps.path(ps.search((a,), thirds), d) == (b, d)  # 1/3 + 2/3 is exactly 1.0 here...
    near = {a: [(b, 0.1), (c, 0.3)], b: [(d, 0.2)], c: [(d, 0.0)], d: []}  # 0.1 + 0.2 > 0.3 in floats
    assert ps.path(ps.search((a,), near), d) == (c, d)
    assert ps.path(ps.search((a,), near, tol=1e-9), d) == (b, d)  # the rules' tolerance: first found stays
