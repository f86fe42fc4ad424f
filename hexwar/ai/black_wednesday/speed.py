"""Speed helpers of the Black Wednesday computer player (docs/black-wednesday/ai-scenarios.md,
"Speed"): what it lists and the movement graphs it searches. None of them changes a decision;
each gives exactly the answer of the plain computation it replaces, faster.

- ``setup_actions``: in a set-up phase the players only ever place the first unplaced unit
  that has a place (``places[0].unit``), so only that unit's places are listed
  (``rules.legal_for``), not every unplaced unit's (request R6(c)).
- ``reverse_edges``: the movement graph read backwards (for each hex, the hexes next to it
  and the cost of stepping from them into it, §7.1), built once per movement class and MA,
  for the player's "MP to the nearest goal" maps.
- ``reach``: the hexes an enemy unit can walk to within a budget, with hexes it may not enter;
  the answer depends on those hexes only where the unit could get to without them, so it is
  kept under that part of the blocked set, and a move of ours far from the unit reuses it.
"""
from __future__ import annotations

import heapq

from ...core.actions import Place
from ...core.hexgrid import Hex, distance
from ...core.units import UNPLACED


def setup_actions(rules, state, side: str) -> list:
    """The set-up actions of the next unit to place: the phase's other actions (Soviet wire
    breaches, or the orders and the end of the phase once every unit is placed) and the places
    of the first unplaced unit (in id order, the order of ``legal_actions``) that has any.
    Falls back to the whole list when that would not give the players the same choice: no
    unit with a place, or one place only (a one-action list is taken without a reason)."""
    for uid in rules._ids_of(side):
        if state.units[uid].where != UNPLACED:
            continue
        acts = rules.legal_for(state, {uid})
        n = sum(1 for a in acts if isinstance(a, Place))
        if n:
            return acts if len(acts) > 1 else rules.legal_actions(state)
    return rules.legal_actions(state)


def reverse_edges(rules, cls: str, ma: int) -> dict[Hex, tuple[tuple[Hex, float], ...]]:
    """hex -> ((neighbour, MP to step from the neighbour into the hex), ...), in the board's
    neighbour order, only where the step is allowed (``ter.step_cost`` is not None), for
    neighbours on the board. Kept in ``board.cache``."""
    key = ("bw_ai_reverse_edges", cls, ma)
    cache = rules.board.cache
    g = cache.get(key)
    if g is None:
        terrain, step, adj = rules.board.terrain, rules.ter.step_cost, rules.board.adjacent
        g = {}
        for h in terrain:
            out = []
            for n in adj(h):
                if n in terrain:
                    c = step(n, h, cls, ma)
                    if c is not None:
                        out.append((n, c))
            g[h] = tuple(out)
        cache[key] = g
    return g


def _dijkstra(edges, start: Hex, budget: float, blocked) -> dict[Hex, float]:
    dist = {start: 0.0}
    heap = [(0.0, start.col, start.row, start)]
    while heap:
        d, _, _, h = heapq.heappop(heap)
        if d > dist.get(h, 1e9):
            continue
        for n, c in edges.get(h, ()):
            if blocked(n):
                continue
            nd = d + c
            if nd <= budget and nd < dist.get(n, 1e9):
                dist[n] = nd
                heapq.heappush(heap, (nd, n.col, n.row, n))
    return dist


def reach(rules, start: Hex, cls: str, ma: int, budget: float, blocked: frozenset) -> dict[Hex, float]:
    """``_reach`` of the player for a blocked *set*: the same answer, kept on the rules object
    under (start, class, MA, budget, the blocked hexes inside the unblocked reach). A hex
    outside the unblocked reach cannot be got to within the budget either way, so whether it
    is blocked changes nothing."""
    edges = rules._edges(cls, ma)  # the engine's graph: play-area neighbours and §7.1 costs
    memo = rules.__dict__.setdefault("_ai_reach", {})
    if len(memo) > 50000:
        memo.clear()
    base = (start, cls, ma, budget)
    free = memo.get(base)
    if free is None:
        free = memo[base] = _dijkstra(edges, start, budget, lambda n: False)
    inside = frozenset(h for h in blocked if h in free) if len(blocked) < len(free) \
        else frozenset(h for h in free if h in blocked)
    key = (base, inside)
    got = memo.get(key)
    if got is None:
        got = memo[key] = free if not inside else _dijkstra(edges, start, budget, inside.__contains__)
    return got


def near_occupied(rules, state, target: Hex, r: int) -> list:
    """[(hex, units, distance)] of the occupied hexes within ``r`` of ``target``, in the order
    of ``state.occupied()`` (so sums over them come out the same), once per state."""
    key = ("ai_near_occupied", target, r)
    got = state._cache.get(key)
    if got is None:
        disc = rules._disc(target, r)  # every hex within r (the engine's, kept per centre)
        occ = state.occupied()
        if len(disc) < len(occ):
            inside = {h for h in disc if h in occ}
            got = [(h, us, distance(h, target)) for h, us in occ.items() if h in inside]
        else:
            got = [(h, us, d) for h, us in occ.items() if (d := distance(h, target)) <= r]
        state._cache[key] = got
    return got


def barrage_fire(rules, state, h: Hex, fp: int):
    """``black_wednesday_figures.area_fire`` of a barrage of ``fp`` on ``h``: a function of the
    state alone, kept once per state (many missions cover the same hexes)."""
    from . import figures as F

    key = ("ai_barrage", h, fp)
    got = state._cache.get(key)
    if got is None:
        got = state._cache[key] = F.area_fire(rules, state, h, fp, F.BARRAGE)
    return got
