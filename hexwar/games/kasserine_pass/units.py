"""Kasserine Pass: units: specs, sides (captured guns change side), the cost of combat.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from ...core.units import ON_MAP, Unit
from ...loaders.kasserine import KPSpec

from .state import KPState


class UnitsMixin:
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
        """Units on the map (of one side). One pass per state builds, for both sides, these
        lists, the hex index of ``units_at`` and the stacking load of every hex."""
        by = state._cache.get("on")
        if by is None:
            by = {None: [], "axis": [], "allied": []}
            owner, sides, weight = state.owner, self._spec_side, self._spec_points
            at: dict = {}
            loads: dict = {}
            every = by[None]
            for u in state.units.values():
                if u.where == ON_MAP:
                    every.append(u)
                    by[owner.get(u.id) or sides[u.spec]].append(u)
                    h = u.hex
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
            state._cache["on"] = by
            state._cache.setdefault("at", at)
            state._cache["all_loads"] = loads
        return by[side]

    def combat_cost(self, state: KPState, uid: str) -> int:
        s = self.kspec(state, uid)
        if s.rangers:
            return 0  # KP-RANGERS: it costs them nothing to fight
        return self.T.combat_cost[self.uside(state, uid)]  # KP-COST-OF-COMBAT


def _unit_id(u: Unit) -> str:
    return u.id

