"""Cheapest-path movement over movement points.

The search is generic: the game supplies ``enter_cost(frm, to)`` (None when the
step is forbidden), ``stops(h)`` (entering ``h`` ends movement, e.g. an enemy
zone of control) and ``blocked(h)`` (may never be entered, e.g. an enemy unit).
Leaving a hex is free; the start hex costs nothing.
"""
from __future__ import annotations

import heapq
from dataclasses import dataclass
from typing import Callable, Iterable

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
                    stack.append(self.came_from[stack[-1]])
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
    adjacent: Callable[[Hex], Iterable[Hex]],
    enter_cost: CostFn,
    stops: Callable[[Hex], bool] = lambda h: False,
    blocked: Callable[[Hex], bool] = lambda h: False,
) -> Reach:
    """Dijkstra over movement points (ties broken by hex id, so results are stable)."""
    cost: dict[Hex, float] = {start: 0.0}
    came: dict[Hex, Hex | None] = {start: None}
    stopped: set[Hex] = set()
    frontier: list[tuple[float, Hex]] = [(0.0, start)]
    while frontier:
        c, h = heapq.heappop(frontier)
        if c > cost[h]:
            continue
        if h != start and h in stopped:
            continue  # movement ends here
        for n in adjacent(h):
            if blocked(n):
                continue
            step = enter_cost(h, n)
            if step is None:
                continue
            nc = c + step
            if nc > mp + 1e-9:
                continue
            if n not in cost or nc < cost[n] - 1e-9:
                cost[n] = nc
                came[n] = h
                if stops(n):
                    stopped.add(n)
                else:
                    stopped.discard(n)
                heapq.heappush(frontier, (nc, n))
    return Reach(start, cost, came, frozenset(stopped))


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
