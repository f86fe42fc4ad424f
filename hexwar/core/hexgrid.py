"""Hex grid maths for flat-topped hexes in columns (Tiled staggeraxis=x, staggerindex=odd).

A hex is named as the printed map names it: ``CCRR``, column then row, both 1-based.
Even printed columns sit half a hex lower than odd ones. Internally distances use
cube coordinates (Red Blob Games, "odd-q" offset with 1-based printed numbers).

>>> h = parse_hex("0406")
>>> hex_name(h), [hex_name(n) for n in neighbors(h)]
('0406', ['0405', '0506', '0507', '0407', '0307', '0306'])
>>> distance(parse_hex("0101"), parse_hex("0104"))
3
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterator, NamedTuple

from .errors import MalformedError


class Hex(NamedTuple):
    """A hex by printed column and row (1-based).

    A NamedTuple rather than a dataclass: hexes are dictionary keys in every hot
    loop (movement, ZOC, retreat), and tuple hashing is done in C.
    """

    col: int
    row: int

    def __str__(self) -> str:
        return hex_name(self)

    def __repr__(self) -> str:
        return f"Hex({hex_name(self)})"


def hex_name(h: Hex) -> str:
    """Printed id of a hex, ``CCRR``."""
    return f"{h.col:02d}{h.row:02d}"


def parse_hex(text: str) -> Hex:
    """Parse a printed hex id such as ``"0406"``; raises MalformedError."""
    t = str(text).strip()
    if len(t) != 4 or not (t.isascii() and t.isdigit()):
        raise MalformedError(f"bad hex id {text!r}: expected four digits CCRR")
    return Hex(int(t[:2]), int(t[2:]))


def _is_low(col: int) -> bool:
    """Even printed columns sit half a hex lower (Tiled staggerindex=odd, 0-based)."""
    return col % 2 == 0


# Neighbour offsets in clockwise order from north: N, NE, SE, S, SW, NW.
_OFFSETS_HIGH = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))  # odd columns
_OFFSETS_LOW = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))  # even columns
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h`` (unbounded grid), clockwise from north."""
    offs = _OFFSETS_LOW if _is_low(h.col) else _OFFSETS_HIGH
    return tuple(Hex(h.col + dc, h.row + dr) for dc, dr in offs)


def to_cube(h: Hex) -> tuple[int, int, int]:
    x = h.col - 1
    y = h.row - 1
    q = x
    r = y - (x - (x & 1)) // 2
    return q, r, -q - r


def from_cube(q: int, r: int) -> Hex:
    x = q
    y = r + (x - (x & 1)) // 2
    return Hex(x + 1, y + 1)


def distance(a: Hex, b: Hex) -> int:
    aq, ar, as_ = to_cube(a)
    bq, br, bs = to_cube(b)
    return max(abs(aq - bq), abs(ar - br), abs(as_ - bs))


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


@dataclass(frozen=True, order=True)
class Hexside:
    """The edge between two adjacent hexes: one object shared by both of them."""

    a: Hex
    b: Hex

    @staticmethod
    def between(h1: Hex, h2: Hex) -> "Hexside":
        if not are_adjacent(h1, h2):
            raise MalformedError(f"{hex_name(h1)} and {hex_name(h2)} are not adjacent: no hexside between them")
        return Hexside(*sorted((h1, h2)))

    def __str__(self) -> str:
        return f"{hex_name(self.a)}-{hex_name(self.b)}"

    def other(self, h: Hex) -> Hex:
        return self.b if h == self.a else self.a


def parse_hexside(text: str) -> Hexside:
    parts = str(text).strip().split("-")
    if len(parts) != 2:
        raise MalformedError(f"bad hexside {text!r}: expected CCRR-CCRR")
    return Hexside.between(parse_hex(parts[0]), parse_hex(parts[1]))


def ring(center: Hex, radius: int) -> Iterator[Hex]:
    """Hexes at exactly ``radius`` from ``center``."""
    if radius == 0:
        yield center
        return
    q, r, _ = to_cube(center)
    cube_dirs = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))
    cq, cr = q + cube_dirs[4][0] * radius, r + cube_dirs[4][1] * radius
    for dq, dr in cube_dirs:
        for _ in range(radius):
            yield from_cube(cq, cr)
            cq, cr = cq + dq, cr + dr


@dataclass(frozen=True)
class Layout:
    """Pixel layout matching Tiled's hexagonal renderer for staggeraxis=x, staggerindex=odd.

    ``tile_w``/``tile_h`` are the Tiled tile size and ``side`` the hexsidelength;
    ``scale`` multiplies everything (zoom). Pure float maths, no pygame.
    """

    tile_w: float = 64
    tile_h: float = 56
    side: float = 32
    scale: float = 1.0

    @property
    def col_w(self) -> float:
        # Tiled rounds the tile size down to even numbers and divides in integers.
        tw, side = int(self.tile_w) & ~1, int(self.side)
        return ((tw - side) // 2 + side) * self.scale

    def tile_origin(self, h: Hex) -> tuple[float, float]:
        """Top-left corner of the hex's tile, as Tiled's hexagonal renderer places it."""
        th = int(self.tile_h) & ~1
        x = (h.col - 1) * self.col_w
        y = ((h.row - 1) * th + (th // 2 if _is_low(h.col) else 0)) * self.scale
        return x, y

    def center(self, h: Hex) -> tuple[float, float]:
        x, y = self.tile_origin(h)
        return x + self.tile_w * self.scale / 2, y + self.tile_h * self.scale / 2

    def corners(self, h: Hex) -> list[tuple[float, float]]:
        """Six corners clockwise from the east corner."""
        cx, cy = self.center(h)
        hw, hh, hs = self.tile_w * self.scale / 2, self.tile_h * self.scale / 2, self.side * self.scale / 2
        return [(cx + hw, cy), (cx + hs, cy + hh), (cx - hs, cy + hh), (cx - hw, cy), (cx - hs, cy - hh), (cx + hs, cy - hh)]

    def hex_at(self, px: float, py: float) -> Hex:
        """The hex whose centre is nearest to a pixel (unbounded grid)."""
        col_guess = int(math.floor(px / self.col_w)) + 1
        best: Hex | None = None
        best_d = math.inf
        for col in (col_guess - 1, col_guess, col_guess + 1):
            off = self.tile_h * self.scale / 2 if _is_low(col) else 0
            row = int(round((py - off - self.tile_h * self.scale / 2) / (self.tile_h * self.scale))) + 1
            for r in (row - 1, row, row + 1):
                h = Hex(col, r)
                cx, cy = self.center(h)
                # Scale y so that the nearest-centre test follows the hex shape.
                d = (cx - px) ** 2 + (cy - py) ** 2
                if d < best_d:
                    best, best_d = h, d
        assert best is not None
        return best

    def hexside_midpoint(self, side: Hexside) -> tuple[float, float]:
        ax, ay = self.center(side.a)
        bx, by = self.center(side.b)
        return (ax + bx) / 2, (ay + by) / 2
