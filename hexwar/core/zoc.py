"""Zones of control: which hexes a side's units project into.

The basic zone is the six hexes around a unit, enemy-occupied ones included. A game
may narrow it with ``exerts(frm, to)`` (a cliff that blocks a zone upward, say).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable

from .hexgrid import Hex


def zoc_hexes(
    unit_hexes: Iterable[Hex],
    adjacent: Callable[[Hex], Iterable[Hex]],
    exerts: Callable[[Hex, Hex], bool] | None = None,
) -> frozenset[Hex]:
    out: set[Hex] = set()
    for h in unit_hexes:
        for n in adjacent(h):
            if exerts is None or exerts(h, n):
                out.add(n)
    return frozenset(out)
