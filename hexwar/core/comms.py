"""Communication (supply) tracing: a path of any length to a friendly map edge.

The path may not enter an enemy-occupied hex or an enemy zone of control; the hex
it starts from is exempt. Friendly units do not cancel enemy zones here.
"""
from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable

from .hexgrid import Hex


def reaching_edge(
    edge: frozenset[Hex],
    adjacent: Callable[[Hex], Iterable[Hex]],
    passable: Callable[[Hex], bool],
) -> frozenset[Hex]:
    """Every hex from which a path to ``edge`` exists.

    Computed once backwards from the edge: a hex is in communication when it is a
    passable edge hex, or when it is next to a passable hex that is in communication
    (the hex itself need not be passable, since the origin is exempt).
    """
    good: set[Hex] = {h for h in edge if passable(h)}
    queue = deque(good)
    while queue:
        h = queue.popleft()
        for n in adjacent(h):
            if n not in good and passable(n):
                good.add(n)
                queue.append(n)
    # Origins: a passable-connected hex, or any hex next to one (origin exempt).
    origins = set(good)
    for h in good:
        origins.update(adjacent(h))
    # A hex on the edge is there already: a path of no steps.
    origins.update(edge)
    return frozenset(origins)
