"""Kasserine Pass: the reach search of a unit, tuned for the hot loop of a random game.

The same answer as ``hexwar.core.movement.reach_paths`` (same costs, same cheapest path on
ties, same order of the hexes), found with less work per step: the parent of each hex
is kept instead of a new path tuple at every improvement, and each path is built once,
when its hex is settled. ``Graph.reach`` does the same on hexes numbered in hex order
(lists instead of dictionaries). Test: tests/games/kasserine_pass/test_speed.py.
"""
from __future__ import annotations

import heapq
import math
from collections.abc import Container, Mapping, Sequence

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


class Graph:
    """One edge map (``hex -> [(neighbour, MP)]``) with the hexes numbered in hex order, so
    a search can work on list indexes instead of hashing hexes. Numbering in hex order
    keeps the heap's order on ties, hence the same paths as ``reach_tree``."""

    def __init__(self, edges: Mapping[Hex, Sequence[tuple[Hex, float]]]) -> None:
        self.edges = edges
        self.hexes: list[Hex] = sorted(edges)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        ix = self.index
        self.adj: list[list[tuple[int, float]]] = [[(ix[n], c) for n, c in edges[h]] for h in self.hexes]
        self.min_step = min((c for lst in edges.values() for _, c in lst), default=0.0)
        self._flags: dict[int, tuple[object, list[bool]]] = {}
        self._extras: dict[int, tuple[object, list[float] | None]] = {}

    def flags(self, hexes: Container[Hex]) -> list[bool]:
        """Membership of every hex in ``hexes`` as a list (memoised on the container's identity)."""
        hit = self._flags.get(id(hexes))
        if hit is None or hit[0] is not hexes:
            if len(self._flags) > 64:
                self._flags.clear()
            hit = self._flags[id(hexes)] = (hexes, [h in hexes for h in self.hexes])
        return hit[1]

    def extra(self, extra: Mapping[Hex, float] | None) -> list[float] | None:
        if not extra:
            return None
        hit = self._extras.get(id(extra))
        if hit is None or hit[0] is not extra:
            if len(self._extras) > 64:
                self._extras.clear()
            hit = self._extras[id(extra)] = (extra, [extra.get(h, 0) for h in self.hexes])
        return hit[1]

    def reach(self, start: Hex, mp: float, stops: Container[Hex] = frozenset(),
              blocked: Container[Hex] = frozenset(), extra: Mapping[Hex, float] | None = None
              ) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """``reach_tree`` on this graph: the same answer, hex for hex and in the same order."""
        if mp + 1e-9 < self.min_step:
            return {}  # not even one step (extra costs only add)
        stop, block, xs = self.flags(stops), self.flags(blocked), self.extra(extra)
        adj, hexes = self.adj, self.hexes
        s = self.index[start]
        unreached = math.inf  # the cost of a hex not reached yet (a reached one costs at most mp)
        cost: list[float] = [unreached] * len(hexes)
        cost[s] = 0.0
        parent = [0] * len(hexes)
        found: list[int] = []  # in the order first reached (the order of the answer)
        settled: list[int] = []
        frontier: list[tuple[float, int]] = [(0.0, s)]
        limit = mp + 1e-9
        pop, push = heapq.heappop, heapq.heappush
        while frontier:
            c, h = pop(frontier)
            if c > cost[h]:
                continue
            if h != s:
                settled.append(h)
                if stop[h]:
                    continue
            for n, step in adj[h]:
                nc = c + step if xs is None else c + step + xs[n]
                if nc <= limit:
                    old = cost[n]
                    if old == unreached:
                        if not block[n]:
                            cost[n] = nc
                            parent[n] = h
                            found.append(n)
                            push(frontier, (nc, n))
                    elif nc < old - 1e-9 and not block[n]:
                        cost[n] = nc
                        parent[n] = h
                        push(frontier, (nc, n))
        path: list[tuple[Hex, ...]] = [()] * len(hexes)
        for h in settled:
            path[h] = path[parent[h]] + (hexes[h],)
        return {hexes[n]: (cost[n], path[n]) for n in found if n != s}
