"""Kasserine Pass: artillery support: one battery for one unit, attacker first then defender (KP-ARTILLERY).

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import distance
from ...core.units import ON_MAP
from . import verbs as V
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class ArtilleryMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    def _check_support(self, state: KPState, act: V.Support) -> Illegal | None:
        if not state.phase.endswith("_combat") or state.step not in ("declare", "defend") or state.stage is not None:
            return Illegal("KP-ARTILLERY", "artillery is allocated after the attacks are set up, "
                                           "before any is resolved")
        side = self.acting_side(state)
        bat = state.units.get(act.battery)
        if bat is None or bat.where != ON_MAP or self.uside(state, act.battery) != side:
            return Illegal("KP-ARTILLERY", f"{act.battery} is not a battery of the side allocating now")
        if not self.is_art(state, act.battery):
            return Illegal("KP-ERRATA-AT", f"{act.battery} is not artillery (anti-tank units are not artillery)")
        if act.battery in state.support:
            return Illegal("KP-ARTILLERY", "one battery supports one unit only")
        attacking = state.step == "declare"
        role = "a" if attacking else "d"
        if act.unit == act.battery or self._battle_of(state, act.unit, role) is None:
            what = "an attacking" if attacking else "a defending"
            return Illegal("KP-ARTILLERY", f"{act.unit} is not {what} unit of a declared attack")
        rng = self.kspec(state, act.battery).range
        if distance(bat.map_hex, state.units[act.unit].map_hex) > rng:
            return Illegal("KP-ARTILLERY", f"{act.unit} is beyond {act.battery}'s support range of {rng}")
        if attacking and not (state.mp.get(act.battery, 0) >= self.combat_cost(state, act.battery) - 1e-9):
            return Illegal("KP-COST-OF-COMBAT", f"{act.battery} lacks the {self.combat_cost(state, act.battery)} MP "
                                                "that supporting an attack costs")
        return None

    def _apply_support(self, state: KPState, act: V.Support, ev: list[Event]) -> None:
        state.support[act.battery] = act.unit
        if state.step == "declare":
            state.mp[act.battery] = max(0.0, state.mp.get(act.battery, 0) - self.combat_cost(state, act.battery))
        ev.append(Event("support", f"{act.battery} supports {act.unit} (+{self.kspec(state, act.battery).factor})",
                        {"battery": act.battery, "unit": act.unit}))

    def _support_options(self, state: KPState) -> list[V.Support]:
        side = self.acting_side(state)
        role = "a" if state.step == "declare" else "d"
        units = [x for b in state.kbattles for x in (b.attackers if role == "a" else b.defenders)]
        out = []
        for bat in self.on_map(state, side):
            if not self.is_art(state, bat.id) or bat.id in state.support:
                continue
            for x in units:
                act = V.Support(bat.id, x)
                if self._check_support(state, act) is None:
                    out.append(act)
        return out
