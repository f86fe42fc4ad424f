"""Stacking by size points: each counter weighs some points, some types stack free,
a hex holds at most so many points and so many counters, and some counters (e.g.
regiments in a game counting battalions) must be the only non-free counter."""
from __future__ import annotations

from collections.abc import Sequence


def stack_legal(sizes: Sequence[float], free: Sequence[bool], points_limit: float, counters_limit: int,
                alone: Sequence[bool] = ()) -> bool:
    """Size points of the non-free counters within ``points_limit``, at most
    ``counters_limit`` counters, and no counter marked ``alone`` with another non-free one."""
    if len(sizes) > counters_limit:
        return False
    if sum(s for s, f in zip(sizes, free) if not f) > points_limit + 1e-9:
        return False
    lone = list(alone) or [False] * len(sizes)
    non_free = [i for i, f in enumerate(free) if not f]
    return not (any(lone[i] for i in non_free) and len(non_free) > 1)
