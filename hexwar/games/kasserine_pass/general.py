"""Game-neutral pieces written as if they were core (candidates to move into hexwar/core).

Nothing here knows Kasserine Pass: two-dice rolls with commit events, odds columns
rounded in the defender's favour with column shifts, semi-cumulative multipliers
with a floor, stacking by size points plus a counter limit, and retreats limited by
movement cost.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Callable, Iterable, Sequence

from ...core.actions import Event
from ...core.hexgrid import Hex
from ...core.retreat import RetreatPath, retreat_paths


def roll_dice(dice, n: int, why: str, events: list[Event], sides: int = 6) -> list[int]:
    """Roll ``n`` dice, report each as a ``die_rolled`` event (undo stops there)."""
    out = []
    for _ in range(n):
        v = dice.roll(sides)
        out.append(v)
    events.append(Event("die_rolled", f"{why}: rolled {' + '.join(map(str, out))} = {sum(out)}",
                        {"dice": out, "total": sum(out), "why": why}))
    return out


def odds_ratio(attack: Fraction, defense: Fraction) -> tuple[int, int]:
    """Odds as (a, d) with one side 1, rounded in the defender's favour:
    7 against 3 is 2-1; 3 against 7 is 1-3."""
    if defense <= 0:
        raise ValueError("defense must be positive")
    if attack <= 0:
        return (0, 1)
    if attack >= defense:
        return (int(attack // defense), 1)
    q = defense / attack
    return (1, int(q) if q.denominator == 1 else int(q) + 1)


def odds_label(o: tuple[int, int]) -> str:
    return f"{o[0]}-{o[1]}"


def shift_odds(o: tuple[int, int], shift: int) -> tuple[int, int]:
    """Move ``shift`` columns toward the attacker (positive) on a 1-n ... n-1 scale."""
    a, d = o
    pos = a - 1 if a >= 1 and d == 1 else -(d - 1)  # 1-1 -> 0, 2-1 -> 1, 1-2 -> -1
    pos += shift
    return (pos + 1, 1) if pos >= 0 else (1, 1 - pos)


def semi_cumulative(multipliers: Iterable[Fraction], floor: Fraction) -> Fraction:
    """Multiply penalties together but never below ``floor``."""
    m = Fraction(1)
    for x in multipliers:
        m *= x
    return max(m, floor)


def stack_legal(sizes: Sequence[float], free: Sequence[bool], points_limit: float, counters_limit: int,
                alone: Sequence[bool] = ()) -> bool:
    """Size points of the non-free counters within the limit, counters within their
    limit, and a counter marked ``alone`` with no other non-free counter."""
    if len(sizes) > counters_limit:
        return False
    pts = sum(s for s, f in zip(sizes, free) if not f)
    if pts > points_limit + 1e-9:
        return False
    alone = list(alone) or [False] * len(sizes)
    non_free = [i for i, f in enumerate(free) if not f]
    if any(alone[i] for i in non_free) and len(non_free) > 1:
        return False
    return True


def retreat_within_mp(origin: Hex, length: int, adjacent: Callable[[Hex], Iterable[Hex]],
                      enemy_at: Callable[[Hex], bool], in_ezoc: Callable[[Hex], bool],
                      can_end: Callable[[Hex], bool], step_cost: Callable[[Hex, Hex], float | None],
                      mp: float, forbid_ezoc: bool = True) -> list[RetreatPath]:
    """Retreat paths (core search) that never enter an enemy zone (when ``forbid_ezoc``)
    and whose movement cost stays within ``mp``."""
    out = []
    for p in retreat_paths(origin, length, adjacent, enemy_at, in_ezoc, can_end):
        if forbid_ezoc and p.ezoc_entered:
            continue
        total, prev, ok = 0.0, origin, True
        for h in p.hexes:
            c = step_cost(prev, h)
            if c is None:
                ok = False
                break
            total += c
            prev = h
        if ok and total <= mp + 1e-9:
            out.append(p)
    return out
