"""Counting the ways to fill the set-up areas (6.0): the set-up search picks how many units of
each kind go to an area."""
from __future__ import annotations


def multisets(n: int, k: int) -> list[tuple[int, ...]]:
    """All non-decreasing k-tuples of indexes below n (ways to pick k items of n kinds)."""
    if k == 0:
        return [()]
    return [(i,) + rest for i in range(n) for rest in multisets(n, k - 1) if not rest or rest[0] >= i]
