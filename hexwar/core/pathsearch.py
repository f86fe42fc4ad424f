"""The path search: the one cheapest-path search of hexwar, for every game's movement and
every computer player. (Retreat and advance paths are not searched for the cheapest: the
rules want every legal one, ranked, and ``core.retreat`` and the games enumerate them.)

Dijkstra over movement points with a priority queue of ``(cost, hex)`` pairs, so ties pop in
hex order (column, then row) and every answer is stable. A game or a player describes its
board as *edges* (``hex -> [(neighbour, cost of entering it)]``, computed once per board: the
fast path) or as ``adjacent`` + ``cost(frm, to)`` callbacks (``None`` = no entry), and adds
what it needs:

- ``budget``: hexes are reached only within it (movement points); a step of infinite cost
  is never taken;
- ``stops(h)``: entering ``h`` ends movement (an enemy zone of control); the sources never stop;
- ``blocked(h)``: ``h`` may never be entered (an enemy unit, prohibited terrain);
- ``extra(frm, to)``: MP added to a step (passing through a zone, wire still to breach);
- ``tol``: an improvement must beat the known cost by more than this (the games' rules use
  1e-9 so that float sums of the same costs tie; the computer players' maps use 0).

Public functions: ``search`` (costs, parents and stopped hexes from one or many sources),
``distances`` (the costs only: a reach or a distance map), ``path`` (the hexes entered on the
cheapest path to a hex), and ``Graph`` (an edge map numbered in hex order, whose ``reach``
gives every hex's cost and path on lists instead of dictionaries, and on whole units when
every step is a whole number of 1/q MP: the movement hot loop).

To measure the way *to* the sources (a distance field walked toward a goal), give reversed
edges (``hex -> [(neighbour, cost of entering hex from neighbour)]``) or ``cost(h, n)`` that
returns the step from ``n`` into ``h``.
"""
from __future__ import annotations

import heapq
import math
import sys
from collections.abc import Callable, Container, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Protocol

from .hexgrid import Hex

INF = float("inf")

CostFn = Callable[[Hex, Hex], "float | None"]
Pred = Callable[[Hex], bool]


class EdgeMap(Protocol):
    def get(self, h: Hex, default: Sequence[tuple[Hex, float]], /) -> Iterable[tuple[Hex, float]]: ...


class Edges:
    """``adjacent`` and ``cost(frm, to)`` callbacks seen as an edge map (a ``None`` cost = no entry)."""

    def __init__(self, adjacent: Callable[[Hex], Iterable[Hex]], cost: CostFn) -> None:
        self.adjacent, self.cost = adjacent, cost

    def get(self, h: Hex, default: object = ()) -> list[tuple[Hex, float]]:
        out = []
        cost = self.cost
        for n in self.adjacent(h):
            c = cost(h, n)
            if c is not None:
                out.append((n, c))
        return out


@dataclass
class Tree:
    """What a search found: the cost of every hex reached (in the order first reached), the
    hex each was entered from (sources: None) and the reached hexes where movement stopped."""

    cost: dict[Hex, float]
    came_from: dict[Hex, Hex | None]
    stopped: set[Hex]


def _graph(edges: Mapping[Hex, Sequence[tuple[Hex, float]]] | EdgeMap | None,
           adjacent: Callable[[Hex], Iterable[Hex]] | None, cost: CostFn | None) -> EdgeMap:
    if edges is not None:
        return edges
    assert adjacent is not None and cost is not None, "give edges, or adjacent and cost"
    return Edges(adjacent, cost)


def search(
    sources: Iterable[Hex],
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]] | EdgeMap | None = None,
    *,
    adjacent: Callable[[Hex], Iterable[Hex]] | None = None,
    cost: CostFn | None = None,
    budget: float = INF,
    stops: Pred | None = None,
    blocked: Pred | None = None,
    extra: Callable[[Hex, Hex], float] | None = None,
    tol: float = 0.0,
    parents: bool = True,
) -> Tree:
    """Cheapest cost from the nearest source to every hex reachable within ``budget`` (+``tol``).

    The hexes of ``cost`` come in the order they were first reached; ``came_from`` is filled
    only with ``parents`` (the sources map to None); ``stopped`` holds the reached hexes, not
    sources, where ``stops`` ended the move."""
    got: dict[Hex, float] = {}
    came: dict[Hex, Hex | None] = {}
    frontier: list[tuple[float, Hex]] = []
    for s in sources:
        if s not in got:
            got[s] = 0.0
            if parents:
                came[s] = None
            frontier.append((0.0, s))
    first = frozenset(got)
    heapq.heapify(frontier)
    stopped: set[Hex] = set()
    limit = budget + tol if budget < INF else sys.float_info.max  # an infinite cost never reaches
    pop, push = heapq.heappop, heapq.heappush
    get = got.get
    if edges is None and extra is None:
        # adjacent + cost callbacks: the same loop with the cost asked step by step (no edge lists)
        assert adjacent is not None and cost is not None, "give edges, or adjacent and cost"
        step_of = cost
        while frontier:
            c, h = pop(frontier)
            if c > got[h]:
                continue  # a stale entry: h was reached more cheaply since
            if stops is not None and h not in first and stops(h):
                stopped.add(h)
                continue  # movement ends here
            for n in adjacent(h):
                step = step_of(h, n)
                if step is None:
                    continue
                nc = c + step
                if nc > limit or (blocked is not None and blocked(n)):
                    continue
                old = get(n)
                if old is None or nc < old - tol:
                    got[n] = nc
                    if parents:
                        came[n] = h
                    push(frontier, (nc, n))
        return Tree(got, came, stopped)
    graph = _graph(edges, adjacent, cost)
    while frontier:
        c, h = pop(frontier)
        if c > got[h]:
            continue  # a stale entry: h was reached more cheaply since
        if stops is not None and h not in first and stops(h):
            stopped.add(h)
            continue  # movement ends here
        for n, step in graph.get(h, ()):
            nc = c + step if extra is None else c + step + extra(h, n)
            if nc > limit or (blocked is not None and blocked(n)):
                continue
            old = get(n)
            if old is None or nc < old - tol:
                got[n] = nc
                if parents:
                    came[n] = h
                push(frontier, (nc, n))
    return Tree(got, came, stopped)


def distances(
    sources: Iterable[Hex],
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]] | EdgeMap | None = None,
    *,
    adjacent: Callable[[Hex], Iterable[Hex]] | None = None,
    cost: CostFn | None = None,
    budget: float = INF,
    stops: Pred | None = None,
    blocked: Pred | None = None,
    extra: Callable[[Hex, Hex], float] | None = None,
    tol: float = 0.0,
) -> dict[Hex, float]:
    """hex -> cheapest cost from the nearest source (sources 0), for every hex within
    ``budget``: one unit's reach (one source), or a distance map (many)."""
    return search(sources, edges, adjacent=adjacent, cost=cost, budget=budget, stops=stops,
                  blocked=blocked, extra=extra, tol=tol, parents=False).cost


def path(tree: Tree, h: Hex) -> tuple[Hex, ...]:
    """Hexes entered on the cheapest path to ``h`` (its source excluded; KeyError if unreached)."""
    if h not in tree.cost:
        raise KeyError(h)
    came = tree.came_from
    out: list[Hex] = []
    cur = came[h]
    while cur is not None:
        out.append(h)
        h, cur = cur, came[cur]
    return tuple(reversed(out))


def reach_paths(
    start: Hex,
    mp: float,
    edges: Mapping[Hex, Sequence[tuple[Hex, float]]],
    stops: Container[Hex] = frozenset(),
    blocked: Container[Hex] = frozenset(),
    extra: Mapping[Hex, float] | None = None,
    tol: float = 1e-9,
) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
    """hex -> (MP spent, cheapest path) for every hex within ``mp`` of ``start`` (start
    excluded), in the order first reached. A unit entering a hex of ``stops`` goes no
    further; ``blocked`` hexes are never entered; ``extra`` adds MP for entering some hexes."""
    xget = extra.get if extra else None
    t = search((start,), edges, budget=mp, tol=tol,
               stops=stops.__contains__ if stops else None,
               blocked=blocked.__contains__ if blocked else None,
               extra=(lambda h, n: xget(n, 0)) if xget is not None else None)
    cost, came = t.cost, t.came_from
    paths: dict[Hex, tuple[Hex, ...]] = {start: ()}

    def walk(h: Hex) -> tuple[Hex, ...]:
        got = paths.get(h)
        if got is None:
            chain = [h]
            p = came[h]
            while p not in paths:
                assert p is not None, "only the start has no parent, and it has a path"
                chain.append(p)
                p = came[p]
            got = paths[p]
            for x in reversed(chain):
                got = paths[x] = got + (x,)
        return got
    return {h: (c, walk(h)) for h, c in cost.items() if h != start}


_UNSEEN = 2 ** 62  # the whole-unit cost of a hex not reached yet (above any budget: mp < 2**40)
_INF = math.inf  # the float cost of a hex not reached yet (a reached one costs at most mp)


def _scale(costs: Iterable[float], qs: Sequence[int] = (1, 2, 4, 8, 16)) -> int | None:
    """The least q of ``qs`` that makes every cost a whole number of 1/q (costs finite, >= 0,
    below 2**40), or None."""
    vals = set(costs)
    for q in qs:
        if all(isinstance(c, (int, float)) and 0 <= c < 2 ** 40 and float(c * q).is_integer() for c in vals):
            return q
    return None


class Graph:
    """One edge map (``hex -> [(neighbour, MP)]``) with the hexes numbered in hex order, so
    a search can work on list indexes instead of hashing hexes. Numbering in hex order
    keeps the heap's order on ties, hence the same answer as ``reach_paths``."""

    def __init__(self, edges: Mapping[Hex, Sequence[tuple[Hex, float]]]) -> None:
        self.edges = edges
        self.hexes: list[Hex] = sorted(edges)
        self.index: dict[Hex, int] = {h: i for i, h in enumerate(self.hexes)}
        ix = self.index
        self.adj: list[list[tuple[int, float]]] = [[(ix[n], c) for n, c in edges[h]] for h in self.hexes]
        self.min_step = min((c for lst in edges.values() for _, c in lst), default=0.0)
        # integer costs where they help: when every step is a whole number of 1/q MP (q a power
        # of two, so that the float sums of the plain search are exact too), the search runs on
        # whole units and its heap holds one int per entry, cost * len(hexes) + index, whose
        # order is the (cost, index) order of the plain search
        self.q = _scale(c for lst in self.adj for _, c in lst)
        q = self.q or 1
        self.iadj: list[list[tuple[int, int]]] = [[(n, int(c * q)) for n, c in lst] for lst in self.adj] \
            if self.q else []
        self._flags: dict[int, tuple[object, list[bool]]] = {}
        self._extras: dict[int, tuple[object, list[float] | None]] = {}
        self._unreached: dict[int, tuple[object, list[float]]] = {}
        self._unreached_int: dict[int, tuple[object, list[int]]] = {}
        self._int_extras: dict[int, tuple[object, tuple[bool, list[int] | None]]] = {}

    def flags(self, hexes: Container[Hex]) -> list[bool]:
        """Membership of every hex in ``hexes`` as a list (memoised on the container's identity)."""
        hit = self._flags.get(id(hexes))
        if hit is None or hit[0] is not hexes:
            if len(self._flags) > 64:
                self._flags.clear()
            hit = self._flags[id(hexes)] = (hexes, [h in hexes for h in self.hexes])
        return hit[1]

    def int_extra(self, extra: Mapping[Hex, float] | None,
                  xs: list[float] | None) -> tuple[bool, list[int] | None]:
        """(every extra is a whole number of 1/q MP, ``xs`` in those units; None: no extra)."""
        if xs is None:
            return True, None
        hit = self._int_extras.get(id(extra))
        if hit is None or hit[0] is not extra:
            if len(self._int_extras) > 64:
                self._int_extras.clear()
            q = self.q or 1
            whole = _scale(xs, (q,)) == q
            hit = self._int_extras[id(extra)] = (extra, (whole, [int(x * q) for x in xs] if whole else None))
        return hit[1]

    def _reach_int(self, start: Hex, mp: float, stop: list[bool], blocked: Container[Hex],
                   xs: list[int] | None) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """``reach`` on whole 1/q units: the same hexes, costs, paths and order."""
        q = self.q or 1
        hexes, adj = self.hexes, self.iadj
        size = len(hexes)
        s = self.index[start]
        limit = math.floor((mp + 1e-9) * q)  # exact: q is a power of two; steps are whole units
        cost = self.unreached_int(blocked)[:]  # _UNSEEN, or -1 where blocked
        cost[s] = 0
        parent = [0] * size
        found: list[int] = []
        settled: list[int] = []
        frontier = [s]  # cost * size + index
        pop, push = heapq.heappop, heapq.heappush
        while frontier:
            c, h = divmod(pop(frontier), size)
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
                    if nc < old:  # whole units: a smaller cost is smaller by 1/q > 1e-9
                        if old == _UNSEEN:
                            found.append(n)
                        cost[n] = nc
                        parent[n] = h
                        push(frontier, nc * size + n)
        path: list[tuple[Hex, ...]] = [()] * size
        for h in settled:
            path[h] = path[parent[h]] + (hexes[h],)
        return {hexes[n]: (cost[n] / q, path[n]) for n in found if n != s}

    def unreached_int(self, blocked: Container[Hex]) -> list[int]:
        hit = self._unreached_int.get(id(blocked))
        if hit is None or hit[0] is not blocked:
            if len(self._unreached_int) > 64:
                self._unreached_int.clear()
            hit = self._unreached_int[id(blocked)] = (blocked, [-1 if h in blocked else _UNSEEN for h in self.hexes])
        return hit[1]

    def unreached(self, blocked: Container[Hex]) -> list[float]:
        """The costs a search starts from: infinity for every hex, -1.0 for the ``blocked`` ones
        (a step costs >= 0, so it never improves on -1.0 and a blocked hex is never entered),
        memoised on the container's identity."""
        hit = self._unreached.get(id(blocked))
        if hit is None or hit[0] is not blocked:
            if len(self._unreached) > 64:
                self._unreached.clear()
            hit = self._unreached[id(blocked)] = (blocked, [-1.0 if h in blocked else _INF for h in self.hexes])
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
        """``reach_paths`` on this graph: the same answer, hex for hex and in the same order."""
        if mp + 1e-9 < self.min_step:
            return {}  # not even one step (extra costs only add)
        stop, xs = self.flags(stops), self.extra(extra)
        if self.q is not None and mp < 2 ** 40:
            whole, ixs = self.int_extra(extra, xs)
            if whole:
                return self._reach_int(start, mp, stop, blocked, ixs)
        adj, hexes = self.adj, self.hexes
        s = self.index[start]
        cost = self.unreached(blocked)[:]  # infinity, or -1.0 where blocked: no step ever improves on it
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
            if xs is None:
                for n, step in adj[h]:
                    nc = c + step
                    if nc <= limit:
                        old = cost[n]
                        if old == _INF:
                            cost[n] = nc
                            parent[n] = h
                            found.append(n)
                            push(frontier, (nc, n))
                        elif nc < old - 1e-9:
                            cost[n] = nc
                            parent[n] = h
                            push(frontier, (nc, n))
            else:
                for n, step in adj[h]:
                    nc = c + step + xs[n]
                    if nc <= limit:
                        old = cost[n]
                        if old == _INF:
                            cost[n] = nc
                            parent[n] = h
                            found.append(n)
                            push(frontier, (nc, n))
                        elif nc < old - 1e-9:
                            cost[n] = nc
                            parent[n] = h
                            push(frontier, (nc, n))
        path: list[tuple[Hex, ...]] = [()] * len(hexes)
        for h in settled:
            path[h] = path[parent[h]] + (hexes[h],)
        return {hexes[n]: (cost[n], path[n]) for n in found if n != s}
