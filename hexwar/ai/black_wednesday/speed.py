"""Speed helpers of the Black Wednesday computer player (docs/black-wednesday/ai-scenarios.md,
"Speed"): what it lists and the searches it keeps. None of them changes a decision; each gives
exactly the answer of the plain computation it replaces, faster.

- ``setup_actions``: in a set-up phase the players only ever place the first unplaced unit
  that has a place (``places[0].unit``), so only that unit's places are listed
  (``facts.actions_of``), not every unplaced unit's (request R6(c)).
- ``reach``: the hexes an enemy unit can walk to within a budget, with hexes it may not enter;
  the answer depends on those hexes only where the unit could get to without them, so it is
  kept under that part of the blocked set, and a move of ours far from the unit reuses it.
- ``barrage_fire``: the figures of a barrage on a hex, kept for the position (many missions
  cover the same hexes).

The movement graphs themselves are the engine's (``facts.step_graph``, ``facts.steps_into``).
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.actions import Place
from ...core.hexgrid import Hex, distance
from ...core.pathsearch import distances
from ...core.units import UNPLACED
from . import figures as F
from .memo import kept, per_position

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


def setup_actions(pos, side: str) -> list:
    """The set-up actions of the next unit to place: the phase's other actions (Soviet wire
    breaches, or the orders and the end of the phase once every unit is placed) and the places
    of the first unplaced unit (in id order, the order of ``legal_actions``) that has any.
    Falls back to the whole list when that would not give the players the same choice: no
    unit with a place, or one place only (a one-action list is taken without a reason)."""
    fx = pos.facts
    units = fx.units
    for uid in fx.unit_ids(side):
        if units[uid].where != UNPLACED:
            continue
        acts = fx.actions_of({uid})
        n = sum(1 for a in acts if isinstance(a, Place))
        if n:
            return acts if len(acts) > 1 else pos.legal_actions()
    return pos.legal_actions()


UNDER_1E9 = math.nextafter(1e9, 0)  # the players' searches never reach a cost of 1e9 or more


def _dijkstra(edges, start: Hex, budget: float, blocked, stops=None) -> dict[Hex, float]:
    return distances((start,), edges, budget=min(budget, UNDER_1E9), blocked=blocked, stops=stops)


def _inside(hexes: frozenset, free: dict) -> frozenset:
    return frozenset(h for h in hexes if h in free) if len(hexes) < len(free) \
        else frozenset(h for h in free if h in hexes)


def reach(fx: BWFacts, start: Hex, cls: str, ma: int, budget: float, blocked: frozenset,
          terminal: frozenset = frozenset()) -> dict[Hex, float]:
    """``paths.reach`` for a blocked *set* (and a set of hexes reached but not walked through):
    the same answer, kept for the match under (start, class, MA, budget, the blocked and the
    terminal hexes inside the unblocked reach). A hex outside the unblocked reach cannot be got
    to within the budget either way, so whether it is blocked or terminal changes nothing."""
    edges = fx.step_graph(cls, ma)  # the engine's graph: play-area neighbours and §7.1 costs
    memo = kept(fx, "reach")
    if len(memo) > 50000:
        memo.clear()
    base = (start, cls, ma, budget)
    free = memo.get(base)
    if free is None:
        free = memo[base] = _dijkstra(edges, start, budget, None)
    inside, stops = _inside(blocked, free), _inside(terminal, free)
    key = (base, inside, stops)
    got = memo.get(key)
    if got is None:
        got = memo[key] = free if not inside and not stops else \
            _dijkstra(edges, start, budget, inside.__contains__ if inside else None,
                      stops.__contains__ if stops else None)
    return got


def barrage_fire(fx: BWFacts, h: Hex, fp: int):
    """``figures.area_fire`` of a barrage of ``fp`` on ``h``: a function of the position
    alone, kept once per position (many missions cover the same hexes)."""
    memo = per_position(fx)
    key = ("barrage", h, fp)
    got = memo.get(key)
    if got is None:
        got = memo[key] = F.area_fire(fx, h, fp, F.BARRAGE)
    return got


class ThreatMap:
    """``Defence.threat``'s map, worked out hex by hex as the player asks (``get``): the Area
    Fire Table column of the summed firepower (§8.2) of the stacks ``fire`` ((hex, units,
    range), in order) that reach the hex and see it (§6.2). The same column as the map over
    every hex of the area, which asked thousands of lines of sight a phase where the moves
    score a few hundred hexes."""

    def __init__(self, fx: BWFacts, fire: list) -> None:
        self.fx, self.fire, self.area = fx, fire, fx.area
        self.cols: dict[Hex, int | None] = {}

    def get(self, h: Hex, default: int = 0) -> int:
        col = self.cols.get(h, -1)
        if col == -1:
            col = self.cols[h] = self._column(h)
        return default if col is None else col

    def _column(self, h: Hex) -> int | None:
        if h not in self.area:
            return None
        fx = self.fx
        total, seen = 0.0, False
        for h0, us, rng in self.fire:
            d = distance(h0, h)
            if 1 <= d <= rng and fx.sees_hex(h0, h):
                total, seen = total + fx.firepower(us, d), True
        return fx.fire_column(int(total))[0] if seen else None
