"""Overwatch (§10): the non-phasing player's fire at a unit moving where its Fire Mode stacks
spot it, one stack at a time (the ``overwatch`` choice), then the phasing player's return fire
on one of them (``return_fire``). Mixin for BWRules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Attack, Event
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from .combat import OVERWATCH

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


class Overwatch(_Rules):
    """Mixin for BWRules."""

    def overwatch(self, state, dice, uid: str) -> list[Event]:
        """Non-phasing stacks in Fire Mode, neither S nor P, that spot the mover may fire:
        every one within 3 hexes and one farther away; a marked stack needs 5-6 (T5). The
        non-phasing player picks them one at a time and how each fires (``overwatch``
        choice: area fire, or one gun's point fire at a vehicle); then the phasing player may
        return fire on one of them (``return_fire``). Default without a choice: every
        stack within 3 (hex order) and the nearest farther one, guns at vehicles, no return
        fire."""
        mover = state.units[uid]
        side = self.side_of(uid)
        foe = self.enemy_of(side)
        stacks = self.watchers(state, foe)
        reach = max(1, self.spot_range(state, mover))  # spots() is False farther away: not asked
        cand = []
        for h, us in sorted(stacks.items()):
            if distance(h, mover.hex) > reach or self.ter.no_direct_fire(h, mover.hex):
                continue  # 1.1f: no overwatch into or out of the Mill
            if self.spots(state, h, mover):
                cand.append((distance(h, mover.hex), h, us))
        near = [c for c in cand if c[0] <= 3]
        far = sorted(c for c in cand if c[0] > 3)
        plan = near + far[:1]  # the default order
        done: set[Hex] = set()
        fired: list[Hex] = []
        far_used = False
        ev: list[Event] = []
        while True:
            mover = state.units[uid]
            if mover.where != ON_MAP:
                break
            opts: list[str] = []
            by_name: dict[str, tuple] = {}
            for c in near + ([] if far_used else far):
                if c[1] in done:
                    continue
                for o in self._ow_options(state, uid, c):
                    opts.append(o)
                    by_name[o] = c
            if not opts:
                break
            default = "none"
            nxt = next((c for c in plan if c[1] not in done and any(by_name[o] is c for o in opts)), None)
            if nxt is not None:  # the old engine's pick: the strongest gun at a vehicle, else area
                mine = [o for o in opts if by_name[o] is nxt]
                guns = [o for o in mine if not o.endswith(":area")]
                default = max(guns, key=lambda o: (self.spec(o.split(":")[1]).at_attack, o)) if guns else mine[0]
            pick = self.ask(state, foe, "overwatch", opts + ["none"], default,
                            f"{uid} moves into {hex_name(mover.hex)}: which stack fires overwatch, and how?")
            if pick == "none":
                break
            d, h, us = by_name[pick]
            done.add(h)
            far_used = far_used or d > 3
            marked = state.extra.get("ow_marked", frozenset()) | state.extra.get("fired", frozenset())
            state.extra["ow_marked"] = state.extra.get("ow_marked", frozenset()) | {u.id for u in us}
            state.extra["shown"] = state.extra.get("shown", frozenset()) | {u.id for u in us}
            if any(u.id in marked for u in us):
                r = dice.roll(6)
                ev.append(Event("die_rolled", f"overwatch re-fire roll for {hex_name(h)}: {r} (needs 5-6)",
                                {"dice": [r]}))
                if r < 5:
                    continue
            fired.append(h)
            how = pick.split(":", 1)[1]
            if how != "area":
                ev.append(Event("overwatch", f"overwatch: {how} fires at {uid}"))
                ev += self.point_fire(state, dice, how, uid, d)
                continue
            fp = self.firepower(state, list(us), d)
            ev.append(Event("overwatch", f"overwatch from {hex_name(h)} at {hex_name(mover.hex)}"))
            _, e = self.fire_on_hex(state, dice, mover.hex, fp, OVERWATCH, foe, firer_hex=h)
            ev += e
        if fired:
            ev += self.return_fire(state, dice, side, fired)
        return ev

    def watchers(self, state, foe: str) -> dict[Hex, list]:
        """``foe``'s stacks that may fire overwatch: its units on the map in Fire Mode, neither
        S nor P, by hex (the mode and status read from their tables directly: apply speed)."""
        modes = state.extra.get("mode", {})
        status = state.extra.get("status", {})
        ids = self._side_sets.get(foe)
        if ids is None:
            self.on_map(state, foe)  # builds the side's set of unit ids
            ids = self._side_sets[foe]
        stacks: dict[Hex, list] = {}
        for u in state.units.values():
            if u.where == ON_MAP and u.id in ids and modes.get(u.id, "fire") == "fire" \
                    and not status.get(u.id, ""):
                stacks.setdefault(u.map_hex, []).append(u)
        return stacks

    def watchers_plain(self, state, foe: str) -> dict[Hex, list]:
        """``watchers`` by the rules' own questions (the tests' reference)."""
        stacks: dict[Hex, list] = {}
        for u in self.on_map(state, foe):
            if self.mode(state, u.id) != "fire" or self.status(state, u.id):
                continue
            stacks.setdefault(u.map_hex, []).append(u)
        return stacks

    def _ow_options(self, state, uid: str, c) -> list[str]:
        """How one stack can fire overwatch at the mover: ``<hex>:<gun>`` (point fire at a
        vehicle, §9) and ``<hex>:area`` (not against a hex of heavy vehicles only, §8.4)."""
        d, h, us = c
        mover = state.units[uid]
        ms = self.spec(uid)
        out = []
        if ms.vehicle and ms.point_target:
            out += [f"{hex_name(h)}:{g.id}" for g in sorted(us, key=lambda x: x.id)
                    if self.spec(g.id).at_attack and d <= self.spec(g.id).at_range]
        heavy = all(self.spec(x.id).vehicle and self.spec(x.id).defense > 1 for x in state.units_at(mover.hex))
        if not heavy and self.firepower(state, list(us), d) >= 1:
            out.append(f"{hex_name(h)}:area")
        return out

    def return_fire(self, state, dice, side: str, fired: list[Hex]) -> list[Event]:
        """§10 return fire: one phasing stack in Fire Mode that has not acted answers one
        stack that fired overwatch, with an SFA that is its action this phase."""
        opts: dict[str, Attack] = {}
        for h, us in sorted(state.occupied().items()):
            mine = [u for u in us if self.side_of(u.id) == side]
            if not mine:
                continue
            for t in fired:
                if state.units_at(t) and all(self.side_of(x.id) == side for x in state.units_at(t)):
                    continue
                ok = tuple(u.id for u in mine if self.check_sfa(state, Attack(t, (u.id,))) is None)
                if ok:
                    opts[f"{hex_name(h)}>{hex_name(t)}"] = Attack(t, ok)
        if not opts:
            return []
        pick = self.ask(state, side, "return_fire", sorted(opts) + ["none"], "none",
                        "return fire on a stack that fired overwatch (one of your Fire Mode stacks that "
                        "has not acted), or none")
        if pick == "none":
            return []
        a = opts[pick]
        return [Event("return_fire", f"return fire (§10): {', '.join(a.attackers)} on {hex_name(a.target)}")] \
            + self.do_sfa(state, a, dice)
