"""Kasserine Pass: units: specs, sides (captured guns change side), the cost of combat.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from operator import is_not
from typing import TYPE_CHECKING, Any

from ...core.hexgrid import Hex
from ...core.units import ON_MAP, Unit
from .scenario import KPSpec
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object

# an index of the units on the map: by side (None: all), by hex, the stacking load of each hex
_Index = tuple[dict[str | None, list[Unit]], dict[Hex, list[Unit]], dict[Hex, tuple[float, int]]]


class UnitsMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- units ------------------------------------------------------------------
    def kspec(self, state: KPState, uid: str) -> KPSpec:
        return self.kp[state.units[uid].spec]

    def side(self, uid: str, state: KPState | None = None) -> str:
        """A unit's side: its nation's, or its captor's when a state is given."""
        if state is not None and uid in state.units:
            return self.uside(state, uid)
        if "@" in uid:  # a captured battery (D7)
            return uid.split("@", 1)[1].rstrip("0123456789")
        p = self.pieces.get(uid) or self.pieces.get(uid[:-1])  # broken-down parts end in a/b
        return self.kp[p.spec].side if p is not None else "axis"

    def uside(self, state: KPState, uid: str) -> str:
        return state.owner.get(uid) or self._spec_side[state.units[uid].spec]

    def name(self, state: KPState, uid: str) -> str:
        p = self.pieces.get(uid)
        return p.name if p and p.name else self.kspec(state, uid).name

    def is_art(self, state: KPState, uid: str) -> bool:
        return self.kspec(state, uid).type == "artillery"  # KP-ERRATA-AT: anti-tank is not artillery

    def on_map(self, state: KPState, side: str | None = None) -> list[Unit]:
        """Units on the map (of one side). One index per state holds, for both sides, these
        lists, the hex index of ``units_at`` and the stacking load of every hex; it is
        derived from the last state's index when only a few units changed hex."""
        by = state._cache.get("on")
        if by is None:
            by = self._index(state)
        out: list[Unit] = by[side]
        return out

    def _index(self, state: KPState, want: str = "by") -> Any:
        """Build the index of ``state`` and return its by-side lists (or, with ``want=
        "loads"``, its stacking loads): returned, never read back from the cache."""
        vals = list(state.units.values())
        memo = self._index_memo
        if memo is not None and len(memo[0]) == len(vals) and memo[1] == state.owner:
            flags = list(map(is_not, vals, memo[0]))
            if not any(flags):
                by, at, loads = memo[2], memo[3], memo[4]
            else:
                changed = [i for i, f in enumerate(flags) if f]
                got = self._index_step(memo, changed, vals)
                if got is None:
                    by, at, loads = self._index_full(state)
                else:
                    by, at, loads = got
                    # the hexes whose load changed, for the stacking filter of the move lists
                    self._loads_step = (memo[4], loads, {h for i in changed for h in (memo[0][i].hex, vals[i].hex)})
        else:
            by, at, loads = self._index_full(state)
        self._index_memo = (vals, dict(state.owner), by, at, loads)
        c = state._cache
        c["on"] = by
        c.setdefault("at", at)
        c["all_loads"] = loads
        return loads if want == "loads" else by

    def _index_full(self, state: KPState) -> _Index:
        by: dict[str | None, list[Unit]] = {None: [], "axis": [], "allied": []}
        owner, sides, weight = state.owner, self._spec_side, self._spec_points
        at: dict[Hex, list[Unit]] = {}
        loads: dict[Hex, tuple[float, int]] = {}
        every = by[None]
        for u in state.units.values():
            if u.where == ON_MAP:
                every.append(u)
                by[owner.get(u.id) or sides[u.spec]].append(u)
                h = u.map_hex
                lst = at.get(h)
                if lst is None:
                    at[h] = [u]
                    loads[h] = (weight[u.spec], 1)
                else:
                    lst.append(u)
                    pts, cnt = loads[h]
                    loads[h] = (pts + weight[u.spec], cnt + 1)
        for lst in at.values():
            if len(lst) > 1:
                lst.sort(key=_unit_id)
        return by, at, loads

    def _index_step(self, memo: tuple[Any, ...], changed: list[int], vals: list[Unit]) -> _Index | None:
        """The last index with a few units moved from one map hex to another (None: any
        other change, such as a unit leaving or entering the map, needs a full build).
        The old index is shared with older states, so nothing of it is changed in place."""
        old_vals, _, old_by, old_at, old_loads = memo
        for i in changed:
            a, b = old_vals[i], vals[i]
            if a.where != ON_MAP or b.where != ON_MAP or a.id != b.id or a.spec != b.spec:
                return None
        by = dict(old_by)
        at = dict(old_at)
        loads = dict(old_loads)
        weight = self._spec_points
        copied: set[str | None] = set()
        for i in changed:
            a, b = old_vals[i], vals[i]
            for key, lst in by.items():
                for j, x in enumerate(lst):
                    if x is a:
                        if key not in copied:
                            lst = by[key] = list(lst)
                            copied.add(key)
                        lst[j] = b
                        break
            w = weight[a.spec]
            rest = [x for x in at[a.hex] if x is not a]
            if rest:
                at[a.hex] = rest
                pts, cnt = loads[a.hex]
                loads[a.hex] = (pts - w, cnt - 1)
            else:
                del at[a.hex]
                del loads[a.hex]
            here = at.get(b.hex)
            if here is None:
                at[b.hex] = [b]
                loads[b.hex] = (w, 1)
            else:
                at[b.hex] = sorted(here + [b], key=_unit_id)
                pts, cnt = loads[b.hex]
                loads[b.hex] = (pts + w, cnt + 1)
        return by, at, loads

    def combat_cost(self, state: KPState, uid: str) -> int:
        s = self.kspec(state, uid)
        if s.rangers:
            return 0  # KP-RANGERS: it costs them nothing to fight
        return self.T.combat_cost[self.uside(state, uid)]  # KP-COST-OF-COMBAT


def _unit_id(u: Unit) -> str:
    return u.id

