"""Hex grid maths for flat-topped hexes in columns (Tiled staggeraxis=x, staggerindex=odd).

A hex is named as the printed map names it: by default ``CCRR``, column then row, both
1-based. Even printed columns sit half a hex lower than odd ones. Internally distances use
cube coordinates (Red Blob Games, "odd-q" offset with 1-based printed numbers).

A game whose map is printed on several sheets may name its hexes differently (``B34.16``:
sheet, row, column). That is a *hex id scheme* (``HexIds``): the board carries it
(``hex_ids_of(board)``), and ``hex_name``/``parse_hex`` follow the scheme in force
(``use_hex_ids``), CCRR unless a game says otherwise. A ``Hex`` is always the column and
row on the whole joined board, so neighbours and distances need no scheme.

>>> h = parse_hex("0406")
>>> hex_name(h), [hex_name(n) for n in neighbors(h)]
('0406', ['0405', '0506', '0507', '0407', '0307', '0306'])
>>> distance(parse_hex("0101"), parse_hex("0104"))
3
"""
from __future__ import annotations

import math
import re
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar, Token
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

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
    """Printed id of a hex in the scheme in force: ``CCRR`` unless a game set another."""
    ids = _IDS.get()
    if ids is CCRR:  # the common case stays a plain format
        return f"{h.col:02d}{h.row:02d}"
    return ids.name(h)


def parse_hex(text: str) -> Hex:
    """Parse a printed hex id (``"0406"``, or ``"B34.16"`` under a sheet scheme); raises
    MalformedError."""
    ids = _IDS.get()
    if ids is CCRR:
        return _parse_ccrr(text)
    return ids.parse(text)


def _parse_ccrr(text: object) -> Hex:
    t = str(text).strip()
    if len(t) != 4 or not (t.isascii() and t.isdigit()):
        raise MalformedError(f"bad hex id {text!r}: expected four digits CCRR")
    return Hex(int(t[:2]), int(t[2:]))


# --- hex id schemes --------------------------------------------------------------------


class HexIds:
    """How a game writes its hex ids. ``name(h)`` and ``parse(text)`` are inverse on the
    board; ``spec`` is the text a map file carries (map property ``hex_ids``)."""

    @property
    def spec(self) -> str:
        return "CCRR"

    def name(self, h: Hex) -> str:
        return f"{h.col:02d}{h.row:02d}"

    def parse(self, text: object) -> Hex:
        return _parse_ccrr(text)

    def name_side(self, s: Hexside) -> str:
        return f"{self.name(s.a)}-{self.name(s.b)}"

    def parse_side(self, text: object) -> Hexside:
        parts = str(text).strip().split("-")
        if len(parts) != 2:
            raise MalformedError(f"bad hexside {text!r}: expected two hex ids joined by '-'")
        return Hexside.between(self.parse(parts[0]), self.parse(parts[1]))


class _CCRRIds(HexIds):
    def __repr__(self) -> str:
        return "CCRR"


CCRR: HexIds = _CCRRIds()
"""The default scheme: column then row, two digits each (``0406``)."""

_SHEET_ID = re.compile(r"([A-Za-z])(\d{2})\.(\d{2})")


@dataclass(frozen=True)
class SheetIds(HexIds):
    """Hexes on map sheets laid side by side, west to east, written
    ``<sheet><row>.<column>`` (``B34.16``: sheet B, row 34, column 16 of sheet B).

    ``sheets`` is ``((letter, columns), ...)`` west to east. On the joined board sheet B's
    column 1 is the column after sheet A's last one; every sheet starts on an odd joined
    column so that each sheet keeps its own stagger (even columns lower).
    """

    sheets: tuple[tuple[str, int], ...]

    def __post_init__(self) -> None:
        if not self.sheets:
            raise MalformedError("a sheet scheme needs at least one sheet")
        seen: set[str] = set()
        start = 0
        for letter, cols in self.sheets:
            if len(letter) != 1 or not ("A" <= letter <= "Z"):
                raise MalformedError(f"bad sheet letter {letter!r}: expected one capital letter")
            if letter in seen:
                raise MalformedError(f"sheet {letter} is named twice")
            if not 1 <= cols <= 99:
                raise MalformedError(f"sheet {letter} has {cols} columns; expected 1..99")
            if start % 2:
                raise MalformedError(f"sheet {letter} would start on an even joined column: "
                                     "every sheet before it must have an even number of columns")
            seen.add(letter)
            start += cols
        # hex -> id, kept (not a field: equality and hashing stay the sheets'): an Action Phase's
        # decisions write hundreds of thousands of hex ids along the moves' paths
        object.__setattr__(self, "_names", {})

    @property
    def spec(self) -> str:  # computed from the sheets
        return "sheets " + " ".join(f"{k}:{n}" for k, n in self.sheets)

    @property
    def letters(self) -> tuple[str, ...]:
        return tuple(k for k, _ in self.sheets)

    @property
    def width(self) -> int:
        return sum(n for _, n in self.sheets)

    def origin(self, letter: str) -> int:
        """Joined columns west of a sheet (sheet A: 0)."""
        start = 0
        for k, n in self.sheets:
            if k == letter:
                return start
            start += n
        raise MalformedError(f"unknown map sheet {letter!r} (sheets: {', '.join(self.letters)})")

    def columns(self, letter: str) -> int:
        return dict(self.sheets)[letter] if letter in dict(self.sheets) else 0

    def sheet_of(self, h: Hex) -> tuple[str, int] | None:
        """(sheet letter, column on that sheet), or None west or east of every sheet."""
        start = 0
        for k, n in self.sheets:
            if start < h.col <= start + n:
                return k, h.col - start
            start += n
        return None

    def name(self, h: Hex) -> str:
        names: dict[Hex, str] = self.__dict__["_names"]
        got = names.get(h)
        if got is None:
            got = self._name(h)
            if len(names) < 100_000:  # bounded, whatever a caller asks
                names[h] = got
        return got

    def _name(self, h: Hex) -> str:
        where = self.sheet_of(h)
        if where is None or not 1 <= h.row <= 99:
            return f"?{h.col}.{h.row}"  # off every sheet: readable, never parsed back
        return f"{where[0]}{h.row:02d}.{where[1]:02d}"

    def parse(self, text: object) -> Hex:
        t = str(text).strip()
        m = _SHEET_ID.fullmatch(t) if t.isascii() else None
        if not m:
            raise MalformedError(f"bad hex id {text!r}: expected a sheet letter, the row and the column "
                                 f"like {self.letters[-1]}34.16")
        letter, row, col = m.group(1).upper(), int(m.group(2)), int(m.group(3))
        if letter not in self.letters:
            raise MalformedError(f"bad hex id {text!r}: there is no map sheet {letter} "
                                 f"(sheets: {', '.join(self.letters)})")
        if not 1 <= col <= self.columns(letter):
            raise MalformedError(f"bad hex id {text!r}: sheet {letter} has columns 01..{self.columns(letter):02d}")
        if row < 1:
            raise MalformedError(f"bad hex id {text!r}: rows start at 01")
        return Hex(self.origin(letter) + col, row)


@lru_cache(maxsize=64)
def hex_ids_from_spec(spec: str | None) -> HexIds:
    """The scheme a map property ``hex_ids`` names: empty or ``CCRR`` for the default,
    ``sheets A:36 B:36`` for sheets west to east. Raises MalformedError."""
    text = (spec or "").strip()
    if text in ("", "CCRR"):
        return CCRR
    words = text.split()
    if words[0] != "sheets" or len(words) < 2:
        raise MalformedError(f"unknown hex id scheme {spec!r}: expected 'CCRR' or 'sheets A:36 B:36'")
    sheets = []
    for w in words[1:]:
        letter, _, cols = w.partition(":")
        if not cols.isdigit():
            raise MalformedError(f"bad sheet {w!r} in hex id scheme {spec!r}: expected LETTER:COLUMNS")
        sheets.append((letter, int(cols)))
    return SheetIds(tuple(sheets))


def hex_ids_of(board: object) -> HexIds:
    """The scheme of a board (from its map property ``hex_ids``); CCRR when it names none."""
    props = getattr(board, "properties", None) or {}
    return hex_ids_from_spec(str(props.get("hex_ids") or ""))


class _Ids:
    """The scheme in force: a ``use_hex_ids`` block of this thread, else the process-wide
    one that ``set_hex_ids`` chose (so worker threads — the computer player, the
    client's legal-action worker — name hexes the way the game on screen does)."""

    def __init__(self) -> None:
        self.process: HexIds = CCRR
        self.local: ContextVar[HexIds | None] = ContextVar("hexwar_hex_ids", default=None)

    def get(self) -> HexIds:
        return self.local.get() or self.process

    def set(self, ids: HexIds) -> Token[HexIds | None]:
        return self.local.set(ids)

    def reset(self, token: Token[HexIds | None]) -> None:
        self.local.reset(token)


_IDS = _Ids()


def current_hex_ids() -> HexIds:
    """The scheme ``hex_name``/``parse_hex`` follow right now."""
    return _IDS.get()


@contextmanager
def use_hex_ids(ids: HexIds) -> Iterator[HexIds]:
    """Within the block, ``hex_name``, ``parse_hex``, ``parse_hexside``, ``str(Hex)`` and the
    action notation built on them write and read ``ids``."""
    token = _IDS.set(ids)
    try:
        yield ids
    finally:
        _IDS.reset(token)


def set_hex_ids(ids: HexIds) -> HexIds:
    """Make ``ids`` the scheme in force from now on (the client, when it opens a game);
    returns the previous one."""
    old = _IDS.process
    _IDS.process = ids
    return old


def _is_low(col: int) -> bool:
    """Even printed columns sit half a hex lower (Tiled staggerindex=odd, 0-based)."""
    return col % 2 == 0


# Neighbour offsets in clockwise order from north: N, NE, SE, S, SW, NW.
_OFFSETS_HIGH = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 0), (-1, -1))  # odd columns
_OFFSETS_LOW = ((0, -1), (1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0))  # even columns
DIRECTIONS = ("N", "NE", "SE", "S", "SW", "NW")


_NEIGHBORS: dict[Hex, tuple[Hex, ...]] = {}  # kept: a game asks about the same few thousand hexes


def neighbors(h: Hex) -> tuple[Hex, ...]:
    """The six hexes around ``h`` (unbounded grid), clockwise from north."""
    got = _NEIGHBORS.get(h)
    if got is None:
        offs = _OFFSETS_LOW if _is_low(h.col) else _OFFSETS_HIGH
        got = tuple(Hex(h.col + dc, h.row + dr) for dc, dr in offs)
        if len(_NEIGHBORS) < 100_000:  # bounded, whatever a caller asks
            _NEIGHBORS[Hex(*h)] = got
    return got


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
    """Hexes between ``a`` and ``b``: ``to_cube`` of both, inlined (asked tens of thousands of
    times a listing: spotting, ranges, orders)."""
    ax, bx = a[0] - 1, b[0] - 1
    dq = ax - bx
    dr = (a[1] - 1 - (ax - (ax & 1)) // 2) - (b[1] - 1 - (bx - (bx & 1)) // 2)
    return max(abs(dq), abs(dr), abs(dq + dr))


def are_adjacent(a: Hex, b: Hex) -> bool:
    return distance(a, b) == 1


def cube_round(q: float, r: float) -> Hex:
    """The hex nearest the fractional cube point (q, r, -q-r): each coordinate rounded, and
    the one that moved furthest recomputed from the other two so they still sum to zero."""
    s = -q - r
    rq, rr, rs = round(q), round(r), round(s)
    dq, dr, ds = abs(rq - q), abs(rr - r), abs(rs - s)
    if dq > dr and dq > ds:
        rq = -rr - rs
    elif dr > ds:
        rr = -rq - rs
    return from_cube(int(rq), int(rr))


def hex_line(a: Hex, b: Hex, nudge: int = 1) -> tuple[Hex, ...]:
    """The hexes of the straight line a → b, both ends included, each next to the one before.
    Every sample point is nudged off the exact ties (a line along a hexside) the same way,
    so such a line is always the same single path; ``nudge=-1`` gives the other side's."""
    n = distance(a, b)
    if n == 0:
        return (a,)
    aq, ar, _ = to_cube(a)
    bq, br, _ = to_cube(b)
    eq, er = nudge * 1e-6, nudge * 2e-6
    return tuple(cube_round(aq + (bq - aq) * i / n + eq, ar + (br - ar) * i / n + er) for i in range(n + 1))


@dataclass(frozen=True, order=True)
class Hexside:
    """The edge between two adjacent hexes: one object shared by both of them."""

    a: Hex
    b: Hex

    @staticmethod
    def between(h1: Hex, h2: Hex) -> Hexside:
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
        ids = _IDS.get()
        form = "CCRR-CCRR" if ids is CCRR else "two hex ids joined by '-'"
        raise MalformedError(f"bad hexside {text!r}: expected {form}")
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
        return [(cx + hw, cy), (cx + hs, cy + hh), (cx - hs, cy + hh),
                (cx - hw, cy), (cx - hs, cy - hh), (cx + hs, cy - hh)]

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
