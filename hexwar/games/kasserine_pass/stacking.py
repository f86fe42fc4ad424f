"""Kasserine Pass: stacking by size points, free types and a four-counter limit (KP-STACKING), on core.stacking.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex
from ...core.stacking import stack_legal
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class StackingMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- stacking ----------------------------------------------------------------
    def stack_ok(self, state: KPState, h: Hex, add: Iterable[str] = (), drop: Iterable[str] = ()) -> bool:
        """KP-STACKING: battalions count 1, detachments 1/2 (D6), regiments and brigades 3,
        three points at most; engineers, artillery and flak free; four counters at most."""
        here = state.units_at(h)
        add = tuple(add)
        if not here and len(add) <= 1:
            return True  # one counter alone is always legal
        drop = tuple(drop)
        if len(add) == 1 and (not drop or drop == add):
            # the common question "may this unit end here?": from the hex's cached load
            if all(u.id != add[0] for u in here):
                pts, cnt = self._all_loads(state).get(h, (0.0, 0))
            else:
                pts, cnt = self._load(state, h, skip=add[0])
            s = self.kspec(state, add[0])
            free = s.type in self.T.free_stacking
            return (cnt + 1 <= self.T.stack_counters
                    and (free or pts + self.T.size_points[s.size] <= self.T.stack_points + 1e-9))
        dropped = set(drop)
        ids = [u.id for u in here if u.id not in dropped] + list(add)
        specs = [self.kspec(state, i) for i in ids]
        return stack_legal([self.T.size_points[s.size] for s in specs], [s.type in self.T.free_stacking for s in specs],
                           self.T.stack_points, self.T.stack_counters)

    def _all_loads(self, state: KPState) -> dict[Hex, tuple[float, int]]:
        """(size points, counters) of every occupied hex, built with ``on_map``'s pass."""
        v: dict[Hex, tuple[float, int]] | None = state._cache.get("all_loads")
        if v is None:
            v = self._index(state, want="loads")
        return v

    def _load(self, state: KPState, h: Hex, skip: str = "") -> tuple[float, int]:
        """(size points, counters) in a hex, leaving out one unit."""
        pts, cnt = 0.0, 0
        for u in state.units_at(h):
            if u.id == skip:
                continue
            s = self.kspec(state, u.id)
            cnt += 1
            if s.type not in self.T.free_stacking:
                pts += self.T.size_points[s.size]
        return pts, cnt

    def overstacked(self, state: KPState) -> dict[Hex, list[str]]:
        return {h: [u.id for u in us] for h, us in state.occupied().items() if not self.stack_ok(state, h)}
