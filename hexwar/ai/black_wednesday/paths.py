"""The Black Wednesday player's movement maps: MP and phases of movement to the nearest goal,
hex steps, and the hexes a unit can reach (§7.1 costs, from the facts' movement graphs)."""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Mapping
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex
from ...core.pathsearch import distances
from .memo import kept
from .speed import UNDER_1E9
from .speed import reach as kept_reach

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


def mp_dist(fx: BWFacts, sources: Iterable[Hex], passable: Callable[[Hex], bool], cls: str, ma: int,
            penalty: Callable[[Hex], float] | None = None) -> dict[Hex, float]:
    """MP from each hex to the nearest source for a unit of movement class ``cls`` (§7.1
    costs, prohibited terrain respected; ``penalty(h)`` adds to entering h, e.g. wire still
    to breach); Dijkstra over the play area: ``passable`` is False outside it."""
    sources = list(sources)
    rev = steps_into_area(fx, cls, ma)  # step costs from n into h: the way the unit walks
    if any(h not in rev for h in sources):  # a source outside the play area: the whole board's graph
        rev = fx.steps_into(cls, ma)
    return distances(sources, rev, budget=UNDER_1E9, blocked=lambda n: not passable(n),
                     extra=None if penalty is None else lambda h, n: penalty(h))


def steps_into_area(fx: BWFacts, cls: str, ma: int) -> Mapping[Hex, tuple[tuple[Hex, float], ...]]:
    """``fx.steps_into`` for the hexes of the play area and their neighbours in it (the only
    steps ``mp_dist`` takes), read off the engine's forward graph (``fx.step_graph``, whose
    costs are already worked out for the listing) instead of asking every step's cost again
    (speed: 0.3-0.5 s a movement class on the two-sheet map). Kept for the match."""
    memo = kept(fx, "steps into")
    key = (cls, ma)
    got = memo.get(key)
    if got is None:
        # hex -> {neighbour stepped from: MP}, then each hex's list in its own neighbour order
        area = fx.area
        into: dict[Hex, dict[Hex, float]] = {h: {} for h in area}
        for n, out in fx.step_graph(cls, ma).items():
            if n in area:
                for h, c in out:
                    into[h][n] = c
        adjacent = fx.board.adjacent
        got = memo[key] = {}
        for h, frm in into.items():
            got[h] = tuple((n, frm[n]) for n in adjacent(h) if n in frm)
    return got


def bfs(fx: BWFacts, sources: Iterable[Hex], passable: Callable[[Hex], bool]) -> dict[Hex, int]:
    """Hex steps from the nearest source over passable hexes (the sources always count)."""
    sources = list(sources)
    dist = {h: 0 for h in sources}
    q = deque(sources)
    adjacent = fx.board.adjacent
    while q:
        h = q.popleft()
        for n in adjacent(h):
            if n not in dist and passable(n):
                dist[n] = dist[h] + 1
                q.append(n)
    return dist


def steps_to(fx: BWFacts, targets: frozenset[Hex]) -> dict[Hex, int]:
    """``bfs(fx, targets, in the play area)``, kept for the match under the targets and the area:
    hex steps to the nearest target do not depend on the order of the sources, and the
    targets stay the same over most decisions of a phase (speed). Read only: never changed."""
    memo = kept(fx, "steps_to")
    area = fx.area
    key = (frozenset(targets), area)
    got = memo.get(key)
    if got is None:
        if len(memo) > 64:
            memo.clear()
        got = memo[key] = bfs(fx, targets, lambda h: h in area)
    return got


def reach(fx: BWFacts, start: Hex, cls: str, ma: int, budget: float, blocked, terminal=None) -> dict[Hex, float]:
    """MP a unit of movement class ``cls`` spends from ``start`` to each hex it can reach
    within ``budget`` MP (§7.1 costs; ``blocked(h)``: hexes it may not enter; ``terminal(h)``:
    hexes counted as reached but not walked through)."""
    if isinstance(blocked, frozenset) and (terminal is None or isinstance(terminal, frozenset)):
        return kept_reach(fx, start, cls, ma, budget, blocked, terminal or frozenset())  # sets: kept (speed)
    edges = fx.step_graph(cls, ma)  # the play area's neighbours in board order, §7.1 costs
    return distances((start,), edges, budget=min(budget, UNDER_1E9), blocked=blocked, stops=terminal)


class Turns:
    """Phases of movement from a hex to the nearest source, per movement class (lazy)."""

    def __init__(self, fx: BWFacts, sources, passable, penalty=None, key=None) -> None:
        self.fx, self.sources, self.passable = fx, list(sources), passable
        self.maps: dict[tuple[str, int], dict[Hex, float]] = {}
        self.penalty = penalty
        self.by_unit: dict[str, tuple[dict[Hex, float], float, int]] = {}
        # ``key``: everything ``passable`` and ``penalty`` depend on (besides the sources); with
        # it the maps are kept for the match (memo.kept), so the decisions of one phase share them
        self.key = None if key is None else (key, tuple(sorted(self.sources)))

    def turns(self, uid: str, h: Hex) -> float:
        got = self.by_unit.get(uid)
        if got is not None:  # the unit's map and figures, looked up once (speed)
            mp, far, div = got
            return mp.get(h, far) / div
        s = self.fx.spec(uid)
        key = (s.move_class, s.ma)
        m = self.maps.get(key)
        if m is None:
            memo = kept(self.fx, "turns") if self.key is not None else None
            full = (self.key, key)
            m = memo.get(full) if memo is not None else None
            if m is None:
                m = mp_dist(self.fx, self.sources, self.passable, s.move_class, s.ma, self.penalty)
                if memo is not None:
                    if len(memo) > 64:
                        memo.clear()
                    memo[full] = m
            self.maps[key] = m
        self.by_unit[uid] = (m, 60.0 * s.ma, max(1, s.ma))
        return m.get(h, 60.0 * s.ma) / max(1, s.ma)
