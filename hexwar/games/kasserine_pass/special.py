"""Kasserine Pass: engineers (blowing and rebuilding bridges) and German breakdown.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, hex_name
from ...core.stacking import stack_legal
from ...core.state import Stage
from ...core.units import LOST, ON_MAP, Unit
from .state import Carry, KBattle, KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class SpecialMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- engineers and breakdown -------------------------------------------------------------
    def _check_bridge(self, state: KPState, uid: str, build: bool) -> Illegal | None:
        why = self._movable(state, uid)
        if why:
            return why
        if self.kspec(state, uid).type != "engineers":
            return Illegal("KP-ENGINEERS", "only engineers blow or rebuild bridges")
        h = state.units[uid].map_hex
        if h not in self.bridges:
            return Illegal("KP-ENGINEERS", f"{hex_name(h)} has no bridge")
        if build != (h in state.blown):
            return Illegal("KP-ENGINEERS", "the bridge is " + ("standing" if build else "already down"))
        if uid in state.bridge_used:
            return Illegal("KP-ENGINEERS", "an engineer blows or rebuilds one bridge a turn")
        need = self.T.build_bridge_mp if build else self.T.blow_bridge_mp
        if state.mp.get(uid, 0) < need - 1e-9:
            return Illegal("KP-ENGINEERS", f"needs {need} MP; {uid} has {state.mp.get(uid, 0):g}")
        return None

    def _apply_bridge(self, state: KPState, uid: str, build: bool, ev: list[Event]) -> None:
        h = state.units[uid].map_hex
        need = self.T.build_bridge_mp if build else self.T.blow_bridge_mp
        state.mp[uid] -= need
        state.bridge_used.add(uid)
        (state.blown.discard if build else state.blown.add)(h)
        state.touch()
        ev.append(Event("bridge", f"{uid} {'rebuilds' if build else 'blows'} {self.bridges[h]}",
                        {"unit": uid, "hex": hex_name(h), "built": build}))

    def _check_breakdown(self, state: KPState, uid: str) -> Illegal | None:
        u = state.units.get(uid)
        if u is None or u.where != ON_MAP:
            return Illegal("KP-BREAKDOWN", f"{uid} is not on the map")
        s = self.kspec(state, uid)
        if s.nation != "german" or self.uside(state, uid) != "axis":
            return Illegal("KP-BREAKDOWN", "only German units break down; the Allies may not")
        if self.acting_side(state) != "axis" or self.phase_side(state) != "axis":
            return Illegal("KP-BREAKDOWN", "the German breaks down units only in his own portion of the turn")
        if u.spec not in self.T.breakdown:
            return Illegal("KP-BREAKDOWN", f"a {s.factor}-{s.ma} {s.type.replace('_', ' ')} {s.size} has no breakdown"
                                           " (broken-down units never break down again or recombine)")
        kids = self.T.breakdown[u.spec]
        if not self._stack_ok_specs(state, u.map_hex, drop=uid, add_specs=kids):
            return Illegal("KP-STACKING", "the two parts would break the four-counter limit")
        return None

    def _stack_ok_specs(self, state: KPState, h: Hex, drop: str, add_specs: Iterable[str]) -> bool:
        specs = [self.kspec(state, x.id) for x in state.units_at(h) if x.id != drop] + [self.kp[s] for s in add_specs]
        return stack_legal([self.T.size_points[s.size] for s in specs], [s.type in self.T.free_stacking for s in specs],
                           self.T.stack_points, self.T.stack_counters)

    def _apply_breakdown(self, state: KPState, uid: str, ev: list[Event]) -> None:
        u = state.units[uid]
        kids = self.T.breakdown[u.spec]
        ids = (f"{uid}a", f"{uid}b")
        for kid, spec in zip(ids, kids):
            state.units[kid] = Unit(kid, spec, ON_MAP, u.hex)
            if uid in state.mp:
                state.mp[kid] = state.mp[uid]
            if uid in state.hexes_moved:
                state.hexes_moved[kid] = state.hexes_moved[uid]
            if uid in state.stopped:
                state.stopped.add(kid)
        state.units[uid] = u.at(None, LOST)
        state.breakups[uid] = ids
        for d in (state.mp, state.hexes_moved):
            d.pop(uid, None)
        state.stopped.discard(uid)

        def rep(t: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(x for y in t for x in (ids if y == uid else (y,)))

        state.kbattles = [KBattle(b.target, rep(b.defenders), rep(b.attackers), b.air) for b in state.kbattles]
        state.carries = [Carry(c.kind, c.attacker_side, rep(c.attackers), rep(c.defenders), c.due_side, c.turn)
                         for c in state.carries]
        state.support = {b: (ids[0] if t == uid else t) for b, t in state.support.items()}
        if state.stage is not None:
            data = {k: (rep(v) if isinstance(v, tuple) and uid in v else v) for k, v in state.stage.data}
            state.stage = Stage(state.stage.kind, state.stage.side, state.stage.target, tuple(sorted(data.items())))
        state.touch()
        ev.append(Event("breakdown", f"{uid} breaks down into {ids[0]} and {ids[1]}",
                        {"unit": uid, "parts": list(ids)}))
