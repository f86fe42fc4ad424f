"""Small helpers shared by the core tests (boards built from text, hex shorthands)."""
from __future__ import annotations

from collections.abc import Iterable

from hexwar.core.board import Board
from hexwar.core.hexgrid import Hex, parse_hex


def H(text: str) -> Hex:
    """Shorthand: ``H("0406")`` is the hex printed 0406."""
    return parse_hex(text)


def hexes(*names: str) -> list[Hex]:
    return [parse_hex(n) for n in names]


def grid(width: int, height: int) -> list[Hex]:
    """Every hex of a width x height map, printed ids from 0101."""
    return [Hex(c, r) for c in range(1, width + 1) for r in range(1, height + 1)]


def make_board(width: int, height: int, terrain: dict[str, str] | None = None, **kw) -> Board:
    """A board of clear hexes with some hexes given other terrain (by printed id)."""
    t = {h: "clear" for h in grid(width, height)}
    for name, kind in (terrain or {}).items():
        t[parse_hex(name)] = kind
    return Board(width, height, t, **kw)


def names(hs: Iterable[Hex]) -> list[str]:
    return [str(h) for h in hs]
