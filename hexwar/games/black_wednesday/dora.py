"""Variant 4.7 "Dora" (option ``dora``; tcs-lite §13.11): the 800 mm railway gun. Its target is
plotted in the Axis Command step of the hour turn before it fires (``dora <hex>``, decision
BW-D1) and can never change; from 0700 Feb 10 on hour turns it fires as the first thing of the
Axis Action Phase: automatic scatter (1d6 direction, 1d6-1 hexes), one attack of 151 on the
hex where it lands, no ring, no barrage marker, then one Level 2 smoke marker."""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.actions import Event, register_verb
from ...core.errors import Illegal, MalformedError
from ...core.hexgrid import hex_name
from .combat import BARRAGE, DORA_AT_ATTACK
from .orders import OrderAct

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

FIRST = 7 * 60  # 0700 Feb 10, in minutes since 0000 Feb 10


@dataclass(frozen=True)
class DoraPlot(OrderAct):
    """``dora <hex>``: plot the next hour's Dora shot (4.7)."""

    def notation(self) -> str:
        return "dora " + " ".join(self.args)


def _dora(args):
    if len(args) != 1:
        raise MalformedError("dora needs: dora <hex> (the target of the next hour's shot, 4.7)")
    return DoraPlot("dora", (args[0],))


register_verb("dora", _dora)


class Dora(_Rules):
    """Mixin (through Artillery) for BWRules."""

    def dora_next(self, state) -> int | None:
        """The hour (minutes since 0000 Feb 10) a plot made now is for: this must be an hour
        turn, and the next hour at 0700 Feb 10 or later (4.7)."""
        now = self.minutes_from_start(state)
        if now % 60 or now + 60 < FIRST:
            return None
        return now + 60

    def dora_actions(self, state) -> list:
        """Listed targets: hexes holding Soviet units (the notation takes any hex of the play
        area, decision BW-D1)."""
        if self.check_dora(state, None) is not None:
            return []
        hexes = sorted({u.map_hex for u in self.on_map(state, "soviet")})
        return [DoraPlot("dora", (self.ids.name(h),)) for h in hexes]

    def check_dora(self, state, a) -> Illegal | None:
        if not self.options.get("dora"):
            return Illegal("4.7", "Dora is not in play (game option 'dora', variant 4.7)")
        if state.phase != "command" or state.extra.get("cmd", "axis") != "axis":
            return Illegal("4.7", "Dora's target is plotted in the Axis Command step")
        nxt = self.dora_next(state)
        if nxt is None:
            return Illegal("4.7", "Dora fires on hour turns from 0700 Feb 10; its target is plotted on the hour "
                                  "turn before (0600 for 0700)")
        if nxt in dict(state.extra.get("dora", ())):
            return Illegal("4.7", "this shot is already plotted: a plotted Dora mission never changes")
        if a is not None:
            h = self._parse(a.args[0])
            if h is None or h not in self.area:
                return Illegal("4.7", f"{a.args[0]} is not a hex of the play area")
        return None

    def apply_dora(self, state, a) -> list[Event]:
        nxt = self.dora_next(state)
        assert nxt is not None, "check_dora refuses a plot when there is no next shot"
        hid = self.ids.name(self.ids.parse(a.args[0]))  # as the map writes it
        state.extra["dora"] = tuple(state.extra.get("dora", ())) + ((nxt, hid),)
        hh = (nxt // 60) % 24
        return [Event("dora", f"Dora plotted on {hid} for {hh:02d}00 (4.7): it cannot be changed",
                      {"hex": hid, "time": f"{hh:02d}00"})]

    def fire_dora(self, state, dice) -> list[Event]:
        """First thing of the Axis Action Phase: the shot plotted for this hour, if any."""
        if not self.options.get("dora"):
            return []
        now = self.minutes_from_start(state)
        plots = dict(state.extra.get("dora", ()))
        hid = plots.get(now)
        if hid is None or now in set(state.extra.get("dora_fired", ())):
            return []
        state.extra["dora_fired"] = tuple(state.extra.get("dora_fired", ())) + (now,)
        target = self.ids.parse(hid)
        ev = [Event("dora", f"Dora fires on {hid} (4.7): it always scatters")]
        land = self.scatter(dice, target, "dora", ev)  # 4.7: 1d6 direction, 1d6-1 hexes
        if land is None:
            return ev + [Event("dora", "the Dora shell lands off the map: no effect (T2 1.1c)")]
        fp = self.t.barrage["dora"]
        ev.append(Event("barrage", f"Dora lands on {hex_name(land)}: one attack of {fp}, nothing around it (4.7)",
                        {"hex": hex_name(land), "fp": fp}))
        if state.units_at(land):
            _, e = self.fire_on_hex(state, dice, land, fp, BARRAGE, "axis", at_attack=DORA_AT_ATTACK)  # Decision 35
            ev += e
        smoke = dict(state.extra.get("smoke", {}))
        smoke[land] = 2  # 4.7: one regular (Level 2) smoke marker
        state.extra["smoke"] = smoke
        return ev + [Event("smoke", f"Level 2 smoke in {hex_name(land)} (4.7)")]
