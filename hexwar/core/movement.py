"""Cheapest-path movement over movement points.

The search is generic: the game supplies ``enter_cost(frm, to)`` (None when the
step is forbidden), ``stops(h)`` (entering ``h`` ends movement, e.g. an enemy
zone of control) and ``blocked(h)`` (may never be entered, e.g. an enemy unit).
Leaving a hex is free; the start hex costs nothing.
"""
from __future__ import annotations

import heapq
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .hexgrid import Hex

CostFn = Callable[[Hex, Hex], "float | None"]


@dataclass
class Reach:
    """Result of a movement search: cost of every reachable hex and how to get there."""

    start: Hex
    cost: dict[Hex, float]
    came_from: dict[Hex, Hex | None]
    stopped: frozenset[Hex]  # reachable hexes where movement had to stop

    def path_to(self, h: Hex) -> tuple[Hex, ...]:
        """Hexes entered on the cheapest path to ``h`` (start excluded)."""
        if h not in self.cost:
            raise KeyError(h)
        out: list[Hex] = []
        cur: Hex | None = h
        while cur is not None and cur != self.start:
            out.append(cur)
            cur = self.came_from[cur]
        return tuple(reversed(out))

    def all_paths(self) -> dict[Hex, tuple[Hex, ...]]:
        """The cheapest path to every reachable hex, built in one pass (parents first)."""
        out: dict[Hex, tuple[Hex, ...]] = {self.start: ()}
        for h in sorted(self.cost, key=self.cost.__getitem__):
            if h not in out:
                stack = [h]
                while stack[-1] not in out:
                    parent = self.came_from[stack[-1]]
                    assert parent is not None  # only the start has none, and the start is in out
                    stack.append(parent)
                base = out[stack.pop()]
                while stack:
                    nxt = stack.pop()
                    base = base + (nxt,)
                    out[nxt] = base
        del out[self.start]
        return out

    def destinations(self) -> list[Hex]:
        return sorted(h for h in self.cost if h != self.start)


def reachable(
    start: Hex,
    mp: float,
    adjacent: Callable[[Hex], Iterable[Hex]] | None = None,
    enter_cost: CostFn | None = None,
    stops: Callable[[Hex], bool] = lambda h: False,
    blocked: Callable[[Hex], bool] = lambda h: False,
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]] | None = None,
) -> Reach:
    """Dijkstra over movement points (ties broken by hex id, so results are stable).

    Give either ``adjacent`` and ``enter_cost``, or ``edges`` (hex -> (neighbour, cost)
    pairs, computed once per board: the fast path).
    """
    graph: Mapping[Hex, Sequence[tuple[Hex, float]]] | _Edges
    if edges is None:
        assert adjacent is not None and enter_cost is not None
        graph = _Edges(adjacent, enter_cost)
    else:
        graph = edges
    cost: dict[Hex, float] = {start: 0.0}
    came: dict[Hex, Hex | None] = {start: None}
    stopped: set[Hex] = set()
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    limit = mp + 1e-9
    pop, push = heapq.heappop, heapq.heappush
    while frontier:
        c, h = pop(frontier)
        if c > cost[h]:
            continue
        if h in stopped and h != start:
            continue  # movement ends here
        for n, step in graph.get(h, ()):
            nc = c + step
            if nc > limit or blocked(n):
                continue
            old = cost.get(n)
            if old is None or nc < old - 1e-9:
                cost[n] = nc
                came[n] = h
                if stops(n):
                    stopped.add(n)
                else:
                    stopped.discard(n)
                push(frontier, (nc, n))
    return Reach(start, cost, came, frozenset(stopped))


class _Edges:
    """Adapts adjacent/enter_cost callbacks to the edges mapping (None cost = no entry)."""

    def __init__(self, adjacent: Callable[[Hex], Iterable[Hex]], enter_cost: CostFn) -> None:
        self.adjacent, self.enter_cost = adjacent, enter_cost

    def get(self, h: Hex, default: object = ()) -> list[tuple[Hex, float]]:
        out = []
        for n in self.adjacent(h):
            c = self.enter_cost(h, n)
            if c is not None:
                out.append((n, c))
        return out


def path_cost(
    start: Hex,
    path: Iterable[Hex],
    adjacent: Callable[[Hex], Iterable[Hex]],
    enter_cost: CostFn,
    stops: Callable[[Hex], bool] = lambda h: False,
    blocked: Callable[[Hex], bool] = lambda h: False,
) -> tuple[float | None, str]:
    """Cost of an explicit path, or (None, why) with why in
    {"not adjacent", "blocked", "no entry", "stopped"}."""
    total = 0.0
    prev = start
    hexes = list(path)
    for i, h in enumerate(hexes):
        if h not in set(adjacent(prev)):
            return None, "not adjacent"
        if blocked(h):
            return None, "blocked"
        step = enter_cost(prev, h)
        if step is None:
            return None, "no entry"
        total += step
        if stops(h) and i != len(hexes) - 1:
            return None, "stopped"
        prev = h
    return total, ""


def reach_paths(
    start: Hex,
    mp: float,
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]],
    stops: Container[Hex] = frozenset(),
    blocked: Container[Hex] = frozenset(),
    extra: Mapping[Hex, float] | None = None,
) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
    """``reachable`` and ``Reach.all_paths`` in one pass, for hot loops: hex -> (MP spent,
    cheapest path), start excluded. ``stops`` and ``blocked`` are containers (sets, dicts)
    rather than callbacks; ``extra`` adds a cost for entering some hexes (e.g. +2 MP to move
    through a zone of control a unit may pass). Same tie-breaking as ``reachable``."""
    cost: dict[Hex, float] = {start: 0.0}
    path: dict[Hex, tuple[Hex, ...]] = {start: ()}
    stopped: set[Hex] = set()
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    limit = mp + 1e-9
    pop, push = heapq.heappop, heapq.heappush
    xget = extra.get if extra else None
    while frontier:
        c, h = pop(frontier)
        if c > cost[h] or (h in stopped and h != start):
            continue
        base = path[h]
        for n, step in edges.get(h, ()):
            if xget is not None:
                step += xget(n, 0)
            nc = c + step
            if nc > limit or n in blocked:
                continue
            old = cost.get(n)
            if old is None or nc < old - 1e-9:
                cost[n] = nc
                path[n] = base + (n,)
                if n in stops:
                    stopped.add(n)
                else:
                    stopped.discard(n)
                push(frontier, (nc, n))
    del cost[start]
    return {h: (c, path[h]) for h, c in cost.items()}
