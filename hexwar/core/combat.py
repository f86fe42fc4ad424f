"""Odds, column shifts and the combat results table.

Odds are kept as an integer *column index*: 0 is 1:1, 1 is 2:1 … 5 is 6:1; -1 is
1:2, -2 is 1:3 … A shift of +1 moves one column right (better for the attacker).

>>> odds_index(16, 4), odds_index(15, 4), odds_label(odds_index(2, 5))
(3, 2, '1:3')
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction

from .errors import DataError


def odds_index(attack: float, defense: float) -> int:
    """Column index of attack:defense, rounding in the defender's favour."""
    if defense <= 0:
        raise ValueError("defense strength must be positive")
    if attack <= 0:
        return -10_000
    a, d = Fraction(attack).limit_denominator(1000), Fraction(defense).limit_denominator(1000)
    if a <= 0:
        return -10_000
    if a >= d:
        return math.floor(a / d) - 1
    return -(math.ceil(d / a) - 1)


def odds_label(index: int) -> str:
    if index >= 0:
        return f"{index + 1}:1"
    if index <= -10_000:
        return "0:1"
    return f"1:{-index + 1}"


@dataclass(frozen=True)
class Shift:
    """One column shift with the rule that causes it."""

    columns: int
    rule: str
    reason: str

    def __str__(self) -> str:
        sign = "+" if self.columns > 0 else ""
        return f"{sign}{self.columns} column ({self.rule}: {self.reason})"


@dataclass(frozen=True)
class StrengthLine:
    """One unit's contribution to a battle, with each modifier explained."""

    unit: str
    base: float
    value: float
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Odds:
    """The whole derivation of a battle's odds, line by line."""

    attack: float
    defense: float
    attackers: tuple[StrengthLine, ...]
    defenders: tuple[StrengthLine, ...]
    raw_index: int  # straight ratio, before any cap
    capped_index: int  # after the cap applied before shifts
    shifts: tuple[Shift, ...]
    final_index: int  # after shifts and the table's limits
    no_effect: bool  # below the table after shifts
    cap_note: str = ""

    @property
    def column(self) -> str:
        return odds_label(self.final_index)

    def lines(self) -> list[str]:
        out = []
        for s in self.attackers:
            out.append(f"attacker {s.unit}: {_n(s.value)}" + (f" ({'; '.join(s.notes)})" if s.notes else ""))
        for s in self.defenders:
            out.append(f"defender {s.unit}: {_n(s.value)}" + (f" ({'; '.join(s.notes)})" if s.notes else ""))
        out.append(f"ratio {_n(self.attack)} to {_n(self.defense)} = {odds_label(self.raw_index)}")
        if self.cap_note:
            out.append(self.cap_note)
        for sh in self.shifts:
            out.append(str(sh))
        out.append("no effect: below 1:1 after shifts" if self.no_effect else f"final odds {self.column}")
        return out


def _n(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


def resolve_odds(
    attackers: Sequence[StrengthLine],
    defenders: Sequence[StrengthLine],
    shifts: Sequence[Shift],
    min_index: int,
    max_index: int,
    cap_rule: str = "",
    cap_before_shifts: bool = True,
) -> Odds:
    """Sum strengths, take the ratio, cap it at the top of the table, then apply shifts.

    A result below ``min_index`` after the shifts means the attack has no effect;
    above ``max_index`` it is read on the last column. With ``cap_before_shifts``
    False the straight ratio is shifted first and only the result is capped (odds
    "may begin above" the table).
    """
    att = sum(s.value for s in attackers)
    dfn = sum(s.value for s in defenders)
    raw = odds_index(att, dfn)
    capped = min(raw, max_index) if cap_before_shifts else raw
    note = (f"{cap_rule}: odds above {odds_label(max_index)} count as {odds_label(max_index)}"
            if raw > max_index and cap_before_shifts else "")
    total = capped + sum(s.columns for s in shifts)
    no_effect = total < min_index
    final = min(total, max_index)
    return Odds(att, dfn, tuple(attackers), tuple(defenders), raw, capped, tuple(shifts), final, no_effect, note)


@dataclass(frozen=True)
class CRT:
    """A combat results table: one column per odds index, one row per die roll."""

    columns: tuple[int, ...]  # odds indexes, e.g. (0, 1, 2, 3, 4, 5) for 1:1 … 6:1
    rows: Mapping[int, tuple[str, ...]]  # die roll -> result per column
    results: Mapping[str, str] = field(default_factory=dict)  # code -> description

    def __post_init__(self) -> None:
        for roll, row in self.rows.items():
            if len(row) != len(self.columns):
                raise DataError("CRT", f"row {roll} has {len(row)} results for {len(self.columns)} columns")

    def lookup(self, index: int, roll: int) -> str:
        index = max(min(index, self.columns[-1]), self.columns[0])
        return self.rows[roll][self.columns.index(index)]

    def distribution(self, index: int) -> dict[str, Fraction]:
        """Chance of each result at this column, for a fair die over the table's rows."""
        out: dict[str, Fraction] = {}
        n = len(self.rows)
        for roll in self.rows:
            r = self.lookup(index, roll)
            out[r] = out.get(r, Fraction(0)) + Fraction(1, n)
        return out


# --- odds as a ratio (a, d) with one side 1: tables with 1-n columns as well as n-1 ---
def odds_ratio(attack: Fraction, defense: Fraction) -> tuple[int, int]:
    """Odds as (a, d) with one side 1, rounded in the defender's favour:
    7 against 3 is 2-1; 3 against 7 is 1-3; no attack at all is (0, 1)."""
    if defense <= 0:
        raise ValueError("defense must be positive")
    if attack <= 0:
        return (0, 1)
    if attack >= defense:
        return (int(attack // defense), 1)
    q = defense / attack
    return (1, int(q) if q.denominator == 1 else int(q) + 1)


def ratio_label(o: tuple[int, int]) -> str:
    """``(2, 1)`` -> ``"2-1"``."""
    return f"{o[0]}-{o[1]}"


def shift_ratio(o: tuple[int, int], shift: int) -> tuple[int, int]:
    """Move ``shift`` columns toward the attacker (positive) on a ... 1-2, 1-1, 2-1 ... scale."""
    a, d = o
    pos = a - 1 if a >= 1 and d == 1 else -(d - 1)  # 1-1 -> 0, 2-1 -> 1, 1-2 -> -1
    pos += shift
    return (pos + 1, 1) if pos >= 0 else (1, 1 - pos)


def semi_cumulative(multipliers: Iterable[Fraction], floor: Fraction) -> Fraction:
    """Multiply penalties together, but never below ``floor`` (e.g. halved twice is a
    quarter, and a quarter is as low as it goes)."""
    m = Fraction(1)
    for x in multipliers:
        m *= x
    return max(m, floor)

