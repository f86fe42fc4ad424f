"""Small helpers every computer player may use: a cost field over the board, a percentage."""
from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.hexgrid import Hex
from ..core.pathsearch import distances

if TYPE_CHECKING:
    from ..core.board import Board

_FIELDS: dict[tuple[int, str, frozenset[Hex]], dict[Hex, float]] = {}


def distance_field(board: Board, sources: Iterable[Hex], step: Callable[[Hex, Hex], float],
                   tag: str = "") -> dict[Hex, float]:
    """Cheapest cost from every hex to the nearest source over the empty board (cached)."""
    src = frozenset(sources)
    key = (id(board), tag, src)
    if key in _FIELDS:
        return _FIELDS[key]
    # the cost of moving n -> h (walking toward the source); an infinite step is no step
    d = distances(src, adjacent=board.adjacent, cost=lambda h, n: step(n, h))
    if len(_FIELDS) > 512:
        _FIELDS.clear()
    _FIELDS[key] = d
    return d


def pct(x: float) -> str:
    return f"{round(float(x) * 100)}%"
