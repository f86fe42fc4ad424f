"""Tanks as carriers (BW 1.11b; TCS-lite §7.6, RECON minimal rule): Axis infantry may ride
Axis tracked vehicles, Soviet infantry never (1.11b, after TCS 25.1e).

- ``load <rider> <vehicle>``: one foot unit that is not a gun (nor a weapons unit) per vehicle,
  both in Move Mode in one hex, neither has acted; it is the rider's action and the vehicle
  gives up half its MA (rounded up) this phase.
- The rider moves with its vehicle, cannot move by itself, fire, spot, change mode or
  assault; fire at the hex hits it like any unit there.
- ``unload <rider>``: in a later phase, the rider's action; the vehicle gives up half its MA
  if it has not moved yet this phase.
- A vehicle knocked out with a rider: the rider loses a step and checks morale.

Riders: ``state.extra['riding']`` (rider -> vehicle), replaced on every change. Mixin for
BWRules.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.actions import Event, register_verb
from ...core.errors import Illegal, MalformedError
from ...core.units import ON_MAP

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


@dataclass(frozen=True)
class Load:
    rider: str
    vehicle: str

    def notation(self) -> str:
        return f"load {self.rider} {self.vehicle}"


@dataclass(frozen=True)
class Unload:
    rider: str

    def notation(self) -> str:
        return f"unload {self.rider}"


def _load(args):
    if len(args) != 2:
        raise MalformedError("load needs a rider and a vehicle")
    return Load(args[0], args[1])


def _unload(args):
    if len(args) != 1:
        raise MalformedError("unload needs the riding unit")
    return Unload(args[0])


register_verb("load", _load)
register_verb("unload", _unload)


class Carriers(_Rules):
    # --- who rides what ---------------------------------------------------------------
    def carrier_of(self, state, uid: str) -> str | None:
        """The vehicle ``uid`` rides now (both on the map in one hex), else None."""
        v = state.extra.get("riding", {}).get(uid)
        if v is None:
            return None
        r, c = state.units[uid], state.units[v]
        if r.where != ON_MAP or c.where != ON_MAP or r.hex != c.hex:
            return None
        return v

    def riders_of(self, state, vehicle: str) -> list[str]:
        return sorted(r for r, v in state.extra.get("riding", {}).items()
                      if v == vehicle and self.carrier_of(state, r) == vehicle)

    def carrier_spent(self, state, vehicle: str) -> int:
        """MP the vehicle gave up this phase to load or unload."""
        got = state.extra.get("carry_mp", {}).get(vehicle)
        if got and got[:2] == (state.turn, state.extra.get("phasing")):
            return got[2]
        return 0

    def _spend(self, state, vehicle: str) -> None:
        ma = self.spec(vehicle).ma
        d = dict(state.extra.get("carry_mp", {}))
        d[vehicle] = (state.turn, state.extra.get("phasing"), self.carrier_spent(state, vehicle) + math.ceil(ma / 2))
        state.extra["carry_mp"] = d

    def riding_refusal(self, state, uid: str, what: str) -> Illegal | None:
        v = self.carrier_of(state, uid)
        if v is None:
            return None
        return Illegal("1.11b", f"{uid} rides {v}: a rider cannot {what} (unload it first)")

    # --- legal actions -------------------------------------------------------------------
    def carrier_actions(self, state, u) -> list:
        if self.side_of(u.id) != "axis" or u.where != ON_MAP:
            return []
        if self.carrier_of(state, u.id):
            a = Unload(u.id)
            return [a] if self.check_unload(state, a) is None else []
        if not self._may_ride(u.id):
            return []
        out = [Load(u.id, v.id) for v in state.units_at(u.hex) if self.spec(v.id).vehicle]
        return [a for a in out if self.check_load(state, a) is None]

    def _may_ride(self, uid: str) -> bool:
        s = self.spec(uid)
        return s.infantry and not s.tow and not s.point_target and not s.weapons and not s.indirect and not s.fo

    # --- check and apply -------------------------------------------------------------------
    def check_load(self, state, a: Load) -> Illegal | None:
        for x in (a.rider, a.vehicle):
            if x not in state.units:
                return Illegal("", f"there is no unit {x}")
            if self.side_of(x) != state.extra.get("phasing"):
                return Illegal("§3.4", f"{x} is not a unit of the phasing player")
        if self.side_of(a.rider) == "soviet" or self.side_of(a.vehicle) == "soviet":
            return Illegal("1.11b", "Soviet units never ride tanks (TCS 25.1e)")
        r, v = state.units[a.rider], state.units[a.vehicle]
        if not self._may_ride(a.rider):
            return Illegal("1.11b", f"{a.rider} cannot ride: only foot units that are not guns or weapons units")
        vs = self.spec(a.vehicle)
        if not vs.vehicle or vs.move_class != "tracked":
            return Illegal("1.11b", f"{a.vehicle} is not a tank or assault gun")
        if r.where != ON_MAP or v.where != ON_MAP or r.hex != v.hex:
            return Illegal("1.11b", "rider and vehicle must share a hex")
        if self.carrier_of(state, a.rider):
            return Illegal("1.11b", f"{a.rider} already rides {self.carrier_of(state, a.rider)}")
        if self.riders_of(state, a.vehicle):
            return Illegal("1.11b", f"{a.vehicle} already carries {self.riders_of(state, a.vehicle)[0]}")
        acted = state.extra.get("acted", frozenset())
        for x in (a.rider, a.vehicle):
            if x in acted:
                return Illegal("§3.4", f"{x} has already acted this phase")
            if self.mode(state, x) != "move":
                return Illegal("1.11b", f"{x} must be in Move Mode to load")
            if self.status(state, x):
                return Illegal("§12.4", f"{x} is Suppressed or Paralyzed")
        return None

    def do_load(self, state, a: Load, dice) -> list[Event]:
        d = dict(state.extra.get("riding", {}))
        d[a.rider] = a.vehicle
        state.extra["riding"] = d
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {a.rider}
        self._spend(state, a.vehicle)
        state.touch()
        return [Event("carrier", f"{a.rider} climbs onto {a.vehicle}; {a.vehicle} gives up half its MA this "
                                 "phase (1.11b)", {"unit": a.rider, "vehicle": a.vehicle})]

    def check_unload(self, state, a: Unload) -> Illegal | None:
        if a.rider not in state.units:
            return Illegal("", f"there is no unit {a.rider}")
        if self.side_of(a.rider) != state.extra.get("phasing"):
            return Illegal("§3.4", f"{a.rider} is not a unit of the phasing player")
        v = self.carrier_of(state, a.rider)
        if v is None:
            return Illegal("1.11b", f"{a.rider} rides no vehicle")
        if a.rider in state.extra.get("acted", frozenset()):
            return Illegal("§3.4", f"{a.rider} has already acted this phase (it loaded or moved)")
        return None

    def do_unload(self, state, a: Unload, dice) -> list[Event]:
        v = self.carrier_of(state, a.rider)
        assert v is not None, "the unload check refuses a rider on no vehicle"
        d = dict(state.extra.get("riding", {}))
        d.pop(a.rider, None)
        state.extra["riding"] = d
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {a.rider}
        if v not in state.extra.get("acted", frozenset()):
            self._spend(state, v)
        state.touch()
        return [Event("carrier", f"{a.rider} gets off {v} (1.11b)", {"unit": a.rider, "vehicle": v})]

    def carried_along(self, state, vehicle: str, riders: list[str]) -> None:
        """Riders go where their vehicle goes (each hex of its move)."""
        h = state.units[vehicle].hex
        for r in riders:
            if state.units[r].where == ON_MAP:
                state.units[r] = state.units[r].at(h)

    def carrier_lost(self, state, dice, vehicle: str, riders: list[str]) -> list[Event]:
        """A knocked-out vehicle's rider loses a step and checks morale (TCS-lite §7.6)."""
        ev: list[Event] = []
        d = dict(state.extra.get("riding", {}))
        for r in riders:
            d.pop(r, None)
        state.extra["riding"] = d
        for r in riders:
            if state.units[r].where != ON_MAP:
                continue
            ev.append(Event("carrier", f"{r} falls from the burning {vehicle} (1.11b)"))
            ev += self.lose_step(state, r)
            if state.units[r].where == ON_MAP:
                e, _, _ = self.morale_check(state, dice, None, "point", units=[state.units[r]], side_label=r)
                ev += e
        return ev
