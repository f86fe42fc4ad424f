"""How far a Kursk unit has to go, as the computer players measure it: each hex's cost to
enter by the terrain (8.0), and the hexes within an allowance."""
from __future__ import annotations

from collections.abc import Callable

from ...core.board import Board
from ...core.hexgrid import Hex
from ...core.pathsearch import distances
from ...games.battle_for_kursk import tables as T

Step = Callable[[Hex, Hex], float]


def step_cost(board: Board) -> Step:
    """The cost of entering ``to`` from ``frm`` by the terrain (8.0)."""
    def cost(frm: Hex, to: Hex) -> float:
        # 8.0: marsh and a major river take all MP; count them as a slow hex.
        if board.terrain[to] in T.ALL_MP_TERRAIN or board.has_side(frm, to, "major_river"):
            return 3.0
        return float(T.MOVE_COST[board.terrain[to]])
    return cost


def within(board: Board, src: Hex, mp: float, cost: Step) -> dict[Hex, float]:
    """Every hex ``src`` reaches with ``mp`` movement points, with its cost (zones of control ignored)."""
    return distances((src,), adjacent=board.adjacent, cost=cost, budget=mp)
