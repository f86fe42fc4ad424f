"""Small helpers every computer player may use: a cost field over the board, a percentage."""
from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING

from ..core.hexgrid import Hex

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
    d = {h: 0.0 for h in src}
    heap = [(0.0, h) for h in src]
    heapq.heapify(heap)
    while heap:
        c, h = heapq.heappop(heap)
        if c > d[h]:
            continue
        for n in board.adjacent(h):
            nc = c + step(n, h)  # cost of moving n -> h (walking toward the source)
            if nc < d.get(n, math.inf):
                d[n] = nc
                heapq.heappush(heap, (nc, n))
    if len(_FIELDS) > 512:
        _FIELDS.clear()
    _FIELDS[key] = d
    return d


def pct(x: float) -> str:
    return f"{round(float(x) * 100)}%"
