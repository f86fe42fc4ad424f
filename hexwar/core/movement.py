"""Cheapest-path movement over movement points.

The search is generic: the game supplies ``enter_cost(frm, to)`` (None when the
step is forbidden), ``stops(h)`` (entering ``h`` ends movement, e.g. an enemy
zone of control) and ``blocked(h)`` (may never be entered, e.g. an enemy unit).
Leaving a hex is free; the start hex costs nothing.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass

from .hexgrid import Hex
from .pathsearch import reach_paths, search

__all__ = ["Reach", "path_cost", "reach_paths", "reachable"]

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
    stops: Callable[[Hex], bool] | None = None,
    blocked: Callable[[Hex], bool] | None = None,
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]] | None = None,
) -> Reach:
    """Dijkstra over movement points (``core.pathsearch``: ties broken by hex id, so results
    are stable; float sums within 1e-9 count as equal).

    Give either ``adjacent`` and ``enter_cost``, or ``edges`` (hex -> (neighbour, cost)
    pairs, computed once per board: the fast path). ``stops`` and ``blocked`` None: no hex.
    """
    t = search((start,), edges, adjacent=adjacent, cost=enter_cost, budget=mp, stops=stops,
               blocked=blocked, tol=1e-9)
    return Reach(start, t.cost, t.came_from, frozenset(t.stopped))


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
