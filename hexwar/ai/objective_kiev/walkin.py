"""Where the enemy can walk in his next player-turn, for any placement of our units.

Objective: Kiev is decided by city control (5.0), and control passes to whoever last
passed through a city, so an empty city is lost to any enemy unit that can get there.
This module floods the enemy's next player-turn movement the way the rules allow it
(9.1-9.4 of Objective: Kiev), from the units he has and from the units he may bring on
in his build-up (11.0, 12.2), against a hypothetical set of hexes held by our units:

- our zones of control stop him (7.1, 9.1.2) and our units block him (9.1.1);
- special movement (9.4): tanks move their whole allowance, infantry outside our zones
  half of it (9.4.1, 9.4.2), or the whole of it along rail lines (9.4.3); then every unit
  moves its whole allowance again, from wherever it stands, leaving zones freely (7.1);
- arrivals enter on his edge outside our zones, or rebuilt units in his cities in
  communication with that edge (12.2), and then move like the others.

Stacking and his battles in between are ignored: the result is where he *could* be,
which is what a careful player guards against. It reads only public facts (where
units stand, their kinds and allowances, the dead pile and the turn track): the
position's facts (``pos.facts``) and the board.
"""
from __future__ import annotations

import math
from collections.abc import Iterable

from ...core.board import Board
from ...core.hexgrid import Hex
from ...core.pathsearch import distances
from ...core.units import ARRIVING, ELIMINATED, ON_MAP
from ...games.objective_kiev.facts import KievFacts
from ...games.objective_kiev.tables import MOVE_COST, RAIL_COST

_UNDER_1E9 = math.nextafter(1e9, 0)  # the old search's "unreached" cost: never reached

# Keyed by the board's identity: it never changes in a match, and matches of a scenario share it.
_GRAPHS: dict[int, tuple[dict, dict]] = {}


def _graphs(board: Board) -> tuple[dict[Hex, tuple[tuple[Hex, int], ...]], dict[Hex, tuple[tuple[Hex, int], ...]]]:
    """Movement costs between neighbours (9.3 rail, terrain), and the rail-only graph."""
    key = id(board)
    if key not in _GRAPHS:
        full: dict[Hex, tuple[tuple[Hex, int], ...]] = {}
        rail: dict[Hex, tuple[tuple[Hex, int], ...]] = {}
        for h in board.terrain:
            steps, rails = [], []
            for n in board.adjacent(h):
                if board.has_side(h, n, "rail"):
                    steps.append((n, RAIL_COST))
                    rails.append((n, RAIL_COST))
                else:
                    steps.append((n, MOVE_COST[board.terrain[n]]))
            full[h] = tuple(steps)
            rail[h] = tuple(rails)
        _GRAPHS[key] = (full, rail)
    return _GRAPHS[key]


def flood(graph: dict, sources: Iterable[Hex], budget: float, stops: frozenset[Hex] | set[Hex],
          blocked: frozenset[Hex] | set[Hex]) -> set[Hex]:
    """Hexes reachable from any source within ``budget``; entering a ``stops`` hex ends the move."""
    # 9.1.2: entering a zone stops him (a source never stops); 9.1.1: our units block him
    return set(distances(sources, graph, budget=min(budget, _UNDER_1E9), stops=stops.__contains__,
                         blocked=blocked.__contains__))


def adjacent_all(board, hexes: Iterable[Hex]) -> set[Hex]:
    out: set[Hex] = set()
    for h in hexes:
        out.update(board.adjacent(h))
    return out


class WalkIn:
    """The enemy's movers and arrivals, ready to be flooded against any placement of ours."""

    def __init__(self, facts: KievFacts, board: Board, foe: str) -> None:
        self.board = board
        self.foe = foe
        self.graph, self.rail = _graphs(board)
        self.units: list[tuple[Hex, str, int]] = []  # (hex, kind, movement allowance)
        self.arrivals: dict[str, int] = {}  # kind -> largest allowance among possible arrivals
        for u in facts.units():
            if facts.side_of(u.id) != foe:
                continue
            s = facts.spec(u.id)  # kind and allowance: the same for every identity of a pool
            if u.where == ON_MAP:
                self.units.append((u.map_hex, s.kind, s.ma))
            elif (u.where == ARRIVING and u.arrives == facts.turn) or \
                    (u.where == ELIMINATED and "never_replaced" not in s.flags):
                self.arrivals[s.kind] = max(self.arrivals.get(s.kind, 0), s.ma)  # 11.0, 12.0
        self.edge = facts.edge(foe)
        self.foe_cities = frozenset(h for h in board.places if facts.owner(h) == foe)

    def reach(self, ours: frozenset[Hex] | set[Hex]) -> set[Hex]:
        """Every hex the enemy could pass through next player-turn, our units standing on ``ours``."""
        zoc = adjacent_all(self.board, ours)  # 7.0: all six neighbours
        blocked = set(ours)
        spawns: set[Hex] = set()
        if self.arrivals:
            spawns = {h for h in self.edge if h not in zoc and h not in blocked}
            comm = flood(self.graph, spawns, 1e9, set(), zoc | blocked) if self.foe_cities else set()
            spawns |= {c for c in self.foe_cities if c in comm and c not in zoc}  # 12.2
        out: set[Hex] = set()
        for kind in ("tank", "infantry"):
            movers = [(h, ma) for h, k, ma in self.units if k == kind]
            if kind in self.arrivals:
                movers += [(h, self.arrivals[kind]) for h in spawns]
            if not movers:
                continue
            ma = max(m for _, m in movers)
            if kind == "tank":  # 9.4.1: the whole allowance in both phases
                first = flood(self.graph, [h for h, _ in movers], ma, zoc, blocked)
            else:  # 9.4.2: in reserve (outside our zones) half; 9.4.3 rail the whole way
                free = [h for h, _ in movers if h not in zoc]
                first = flood(self.graph, free, ma // 2, zoc, blocked)
                first |= flood(self.rail, free, ma, zoc, blocked)
                first |= {h for h, _ in movers}
            out |= flood(self.graph, first, ma, zoc, blocked)
        return out
