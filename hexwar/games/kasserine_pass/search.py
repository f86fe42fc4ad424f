"""Kasserine Pass: the reach search of a unit, tuned for the hot loop of a random game.

The same answer as ``hexwar.core.movement.reach_paths`` (same costs, same cheapest path on
ties, same order of the hexes), found with less work per step: the parent of each hex
is kept instead of a new path tuple at every improvement, and each path is built once,
when its hex is settled. Test: tests/games/kasserine_pass/test_speed.py compares both.
"""
from __future__ import annotations

import heapq
from typing import Container, Mapping, Sequence

from ...core.hexgrid import Hex


def reach_tree(
    start: Hex,
    mp: float,
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]],
    stops: Container[Hex] = frozenset(),
    blocked: Container[Hex] = frozenset(),
    extra: Mapping[Hex, float] | None = None,
) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
    """hex -> (MP spent, cheapest path) for every hex within ``mp`` of ``start`` (start
    excluded). A unit entering a hex of ``stops`` goes no further; ``blocked`` hexes are
    never entered; ``extra`` adds MP for entering some hexes."""
    cost: dict[Hex, float] = {start: 0.0}
    parent: dict[Hex, Hex] = {}
    settled: list[Hex] = []
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    limit = mp + 1e-9
    pop, push = heapq.heappop, heapq.heappush
    get = cost.get
    xget = extra.get if extra else None
    while frontier:
        c, h = pop(frontier)
        if c > cost[h]:
            continue  # a stale entry: h was reached more cheaply since
        if h != start:
            settled.append(h)
            if h in stops:
                continue  # the unit stops here (an enemy zone of control)
        if xget is None:
            for n, step in edges[h]:
                nc = c + step
                if nc <= limit:
                    old = get(n)
                    if (old is None or nc < old - 1e-9) and n not in blocked:
                        cost[n] = nc
                        parent[n] = h
                        push(frontier, (nc, n))
        else:
            for n, step in edges[h]:
                nc = c + step + xget(n, 0)
                if nc <= limit:
                    old = get(n)
                    if (old is None or nc < old - 1e-9) and n not in blocked:
                        cost[n] = nc
                        parent[n] = h
                        push(frontier, (nc, n))
    # a hex is settled after its parent, so each path extends one already built
    path: dict[Hex, tuple[Hex, ...]] = {start: ()}
    for h in settled:
        path[h] = path[parent[h]] + (h,)
    del cost[start]
    return {h: (c, path[h]) for h, c in cost.items()}
