"""Every legal retreat path for one unit, so that the attacker can choose among them.

The shared shape of a retreat in these games:
- each hex of the retreat is one hex further from the hex the unit left;
- never into an enemy-occupied hex;
- enemy zones of control are avoided where possible;
- the retreat must end where the stacking limit allows, going on one hex at a time
  if it cannot (the overstack extension);
- with no path at all, the unit is eliminated.

The game supplies predicates; this module only searches and ranks.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from .hexgrid import Hex, distance


@dataclass(frozen=True)
class RetreatPath:
    hexes: tuple[Hex, ...]
    ezoc_entered: int  # hexes of the path that lie in an enemy zone of control
    ends_in_ezoc: bool
    extended: int  # hexes added beyond the required length (overstack extension)

    @property
    def end(self) -> Hex:
        return self.hexes[-1]


def retreat_paths(
    origin: Hex,
    length: int,
    adjacent: Callable[[Hex], Iterable[Hex]],
    enemy_at: Callable[[Hex], bool],
    in_ezoc: Callable[[Hex], bool],
    can_end: Callable[[Hex], bool],
    max_extra: int = 6,
    exits: Callable[[Hex], bool] | None = None,
) -> list[RetreatPath]:
    """All retreat paths that meet the rules, keeping only the best-ranked ones.

    Ranking (lower is better): ending in an enemy zone, then the number of zone
    hexes entered, then the number of extra hexes. Only paths of the best rank are
    legal choices: "avoid where possible" is a rule, not a preference. A path that
    reaches a hex where ``exits`` is true (off the map) ends there, however short.
    """
    found: list[RetreatPath] = []

    def walk(path: list[Hex], ezoc: int) -> None:
        here = path[-1] if path else origin
        n = len(path)
        if path and exits is not None and exits(here):
            found.append(RetreatPath(tuple(path), ezoc, False, 0))
            return
        if n >= length:
            if can_end(here):
                found.append(RetreatPath(tuple(path), ezoc, in_ezoc(here), n - length))
                return
            if n >= length + max_extra:
                return
        for nxt in adjacent(here):
            if distance(origin, nxt) != n + 1 or enemy_at(nxt):
                continue
            path.append(nxt)
            walk(path, ezoc + (1 if in_ezoc(nxt) else 0))
            path.pop()

    walk([], 0)
    if not found:
        return []
    # The overstack extension only applies when no path of the normal length works.
    min_extra = min(p.extended for p in found)
    found = [p for p in found if p.extended == min_extra]
    best = min((p.ends_in_ezoc, p.ezoc_entered) for p in found)
    return sorted((p for p in found if (p.ends_in_ezoc, p.ezoc_entered) == best), key=lambda p: p.hexes)


def retreat_within_mp(origin: Hex, length: int, adjacent: Callable[[Hex], Iterable[Hex]],
                      enemy_at: Callable[[Hex], bool], in_ezoc: Callable[[Hex], bool],
                      can_end: Callable[[Hex], bool], step_cost: Callable[[Hex, Hex], float | None],
                      mp: float, forbid_ezoc: bool = True) -> list[RetreatPath]:
    """``retreat_paths`` for games where a retreat may never enter an enemy zone of
    control (when ``forbid_ezoc``) and may not cost more than ``mp`` movement points
    (``step_cost`` None: no entry)."""
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

