"""Kursk replacements (10.0-10.7) and the short scenario's extra Russian steps (4.0).

Infantry and armor replacement points are kept apart (10.5); a side's points are the
turn track's plus its posture's modifier (10.6). Positive points are spent first, one
step per unit per phase (10.1); what is left is lost (10.4); then negative points are
taken as step losses from units in communication (10.6). A new unit enters on the
friendly edge or in a friendly city in communication (Moscow: always, for the
Russians), as close as possible to its own formation (10.7).
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from ...core import actions as A
from ...core.actions import Event
from ...core.dice import Dice
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from ...core.state import Stage, State
from ...core.units import ARRIVING, ELIMINATED, ON_MAP
from . import tables as T

if TYPE_CHECKING:  # combined with the core's mixins in KurskRules, whose parts it uses (host.py)
    from .host import KurskHost as _Rules
else:
    _Rules = object


class ReplacementRules(_Rules):
    """Needs KurskRules' queries and the core ReplacementMixin."""

    # ---------------------------------------------------------------- points (10.5, 10.6)
    def points_for(self, state: State, side: str) -> dict[str, int]:
        """10.6: the turn track's IRP/ARP plus the modifier of the side's posture."""
        sched = self.camp.turn(state.turn).points[side]
        posture = state.extra["posture"].get(side)
        mod = (self.camp.postures["modifiers"][side].get(posture, {"irp": 0, "arp": 0}) if posture
               else {"irp": 0, "arp": 0})
        return {k: sched[k] + mod[k] for k in ("irp", "arp")}

    def _start_replacements(self, state: State, side: str, ev: list[Event]) -> None:
        net = self.points_for(state, side)
        state.extra["points"] = {k: max(0, v) for k, v in net.items()}
        state.extra["owed"] = {k: max(0, -v) for k, v in net.items()}
        ev.append(Event("replacements", f"{T.SIDE_NAMES[side]} replacements: {net['irp']:+d} infantry, "
                        f"{net['arp']:+d} armor points (turn track and {state.extra['posture'].get(side)} posture; "
                        "10.6).",
                        {"side": side, **net}))

    def _points_left(self, state: State, uid: str) -> int:
        n: int = state.extra.get("points", {}).get(self.point_of(uid), 0)
        return n

    def _spend_step(self, state: State, uid: str) -> None:
        k = self.point_of(uid)
        self.set_extra(state, "points", k, state.extra["points"][k] - 1)

    def _replacement_limit(self, state: State, uid: str) -> Illegal | None:
        if self._points_left(state, uid) <= 0:
            k = self.point_of(uid)
            return Illegal("10.5", f"no {T.POINT_NAMES[k]} replacement points are left; {uid} takes "
                           f"{T.POINT_NAMES[k]} points")
        return None

    def restore_problem(self, state: State, uid: str) -> Illegal | None:
        side = self.side(uid)
        h = state.units[uid].hex
        if side == "russian" and h == self.moscow:
            return None  # 10.2 Moscow: the Russians may flip there even out of communication
        if h not in self.in_communication(state, side):
            edge = "blue" if side == "german" else "red"
            return Illegal("10.2" if side == "russian" else "10.3",
                           f"a unit must be in communication with a {edge} map edge to be flipped to full strength")
        return None

    # ---------------------------------------------------------------- placement (10.2, 10.3, 10.7)
    def placement_cities(self, state: State, uid: str) -> set[Hex]:
        side = self.side(uid)
        comm = self.in_communication(state, side)
        out = {h for h in self.board.places if state.control.get(h) == side and h in comm}
        if side == "russian" and state.control.get(self.moscow) == side:
            out.add(self.moscow)  # 10.2 Moscow exception
        return out

    def placement_filter(self, state: State, uid: str, hexes: set[Hex]) -> set[Hex]:
        """10.7: as close as possible to a unit of the same formation colour, if one is on the map."""
        colour = self.specs[uid].colour
        side = self.side(uid)
        mates = [u.map_hex for u in state.units.values() if u.where == ON_MAP and u.id != uid
                 and self.side(u.id) == side and self.specs[u.spec].colour == colour]
        if not mates or not hexes:
            return hexes
        dist = {h: min(distance(h, m) for m in mates) for h in hexes}
        best = min(dist.values())
        return {h for h in hexes if dist[h] == best}

    def _arrivals(self, state: State, side: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.where == ARRIVING and self.side(u.id) == side)

    def _replacement_actions(self, state: State) -> list[A.Action]:
        side = self._phase_side(state)
        out: list[A.Action] = []
        for uid in self._arrivals(state, side):
            out += [A.Place(uid, h) for h in self.placement_hexes(state, uid)]
        seen = set()
        for u in sorted(state.units.values(), key=lambda u: u.id):
            if self.side(u.id) != side:
                continue
            if u.where == ELIMINATED and self._replacement_limit(state, u.id) is None:
                hs = self.placement_hexes(state, u.id)
                key = (self.specs[u.spec].colour, self.specs[u.spec].kind, tuple(hs))
                if key in seen and len(out) > 200:
                    continue  # keep the list short: interchangeable entries are enough
                seen.add(key)
                out += [A.Place(u.id, h) for h in hs]
            elif u.where == ON_MAP and self._check_restore(state, A.Restore(u.id)) is None:
                out.append(A.Restore(u.id))
        if self._check_replacement_end(state) is None:
            out.append(A.EndPhase())
        return out

    def _check_replacement_place(self, state: State, act: A.Place) -> Illegal | None:
        side = self._phase_side(state)
        u = state.units[act.unit]
        rule = "10.3" if side == "german" else "10.2"
        if self.side(act.unit) != side:
            return Illegal("10.0", f"{act.unit} belongs to the other player")
        if u.where == ELIMINATED:
            bad = self._replacement_limit(state, act.unit)
            if bad:
                return bad
        elif u.where != ARRIVING:
            return Illegal("10.0", f"{act.unit} is not waiting to come onto the map")
        ok = self.placement_hexes(state, act.unit)
        if act.hex in ok:
            return None
        if act.hex not in self.board:
            return Illegal(rule, f"{hex_name(act.hex)} is not on the map")
        if state.units_at(act.hex):
            return Illegal(rule, "a unit enters only in an empty hex")
        near = set(self.placement_cities(state, act.unit)) | {h for h in self.edge_of(side)
                                                              if not self.in_ezoc(state, side, h)}
        if act.hex in near:
            return Illegal("10.7", "a replacement must enter as close as possible to a unit of its own formation: "
                           + ", ".join(hex_name(h) for h in ok))
        if act.hex in self.edge_of(side):
            return Illegal(rule, "that edge hex is in an enemy zone of control")
        return Illegal(rule, "a unit enters on its own friendly map edge or in a friendly city in communication")

    def _apply_replacement_place(self, state: State, act: A.Place, dice: Dice, ev: list[Event]) -> None:
        u = state.units[act.unit]
        if u.where == ELIMINATED:  # 10.0: a new unit comes back reduced, for one step
            self._spend_step(state, act.unit)
            state.rebuilt.add(act.unit)  # 10.1: not flipped in the same phase
            steps, why = 1, "10.0"
        else:  # 9.3: a unit that retreated off the map returns as it left
            steps, why = u.steps, "9.3"
        state.units[act.unit] = replace(u.at(act.hex), steps=steps, arrives=0)
        self._take_control(state, act.unit, act.hex, ev)
        ev.append(Event("placed",
                        f"{self.public_name(state, act.unit)} enters at {self.board.describe(act.hex)} ({why}).",
                        {"unit": act.unit, "hex": act.hex}))

    def _check_replacement_end(self, state: State) -> Illegal | None:
        side = self._phase_side(state)
        for uid in self._arrivals(state, side):
            if self.placement_hexes(state, uid):
                return Illegal("9.3", f"{uid} retreated off the map and must be brought back in this phase")
        return None

    def _replacement_end(self, state: State, ev: list[Event]) -> bool:
        """10.4 unused points are lost; then 10.6 negative points are taken. True if a choice is pending."""
        side = self._phase_side(state)
        left = {k: v for k, v in state.extra.get("points", {}).items() if v > 0}
        if left:
            ev.append(Event("steps_lost", "Unused replacement points are lost (10.4): "
                            + ", ".join(f"{v} {T.POINT_NAMES[k]}" for k, v in left.items()) + ".", {"points": left}))
        state.extra["points"] = {"irp": 0, "arp": 0}
        return self._next_replacement_loss(state, side, ev)

    def _loss_candidates(self, state: State, side: str, kind: str) -> tuple[str, ...]:
        comm = self.in_communication(state, side)
        return tuple(sorted(u.id for u in state.units.values() if u.where == ON_MAP and self.side(u.id) == side
                            and self.point_of(u.id) == kind and u.hex in comm))

    def _next_replacement_loss(self, state: State, side: str, ev: list[Event]) -> bool:
        state.touch()
        for kind in ("irp", "arp"):
            owed = state.extra.get("owed", {}).get(kind, 0)
            if owed <= 0:
                continue
            units = self._loss_candidates(state, side, kind)
            if not units:  # 10.5: no unit of that type to take it
                ev.append(Event("steps_lost", f"No {T.POINT_NAMES[kind]} unit in communication can take the "
                                f"{owed} negative point(s); they lapse (10.6).", {"kind": kind}))
                self.set_extra(state, "owed", kind, 0)
                continue
            state.stage = Stage("replacement_loss", side, None, (("kind", kind), ("owed", owed), ("units", units)))
            return True
        return False

    def _apply_replacement_loss(self, state: State, st: Stage, act: A.Loss, ev: list[Event]) -> None:
        kind = st.get("kind")
        self._lose_step(state, act.unit, ev, "10.6 negative replacements")
        self.set_extra(state, "owed", kind, state.extra["owed"][kind] - 1)
        state.stage = None
        if not self._next_replacement_loss(state, st.side, ev):
            state.touch()
            self._end_phase_penalty_or_advance(state, ev)

    # ---------------------------------------------------------------- short scenario (4.0)
    def _setup_actions(self, state: State) -> list[A.Action]:
        out: list[A.Action] = [A.Restore(u.id) for u in sorted(state.units.values(), key=lambda u: u.id)
                               if self._check_setup_restore(state, A.Restore(u.id)) is None]
        if self._check_setup_end(state) is None:
            out.append(A.EndPhase())
        return out

    def _check_setup_restore(self, state: State, act: A.Restore) -> Illegal | None:
        u = state.units[act.unit]
        if self.side(act.unit) != "russian" or u.where != ON_MAP:
            return Illegal("4.0", f"{act.unit} is not a Russian unit on the map")
        if u.steps >= 2:
            return Illegal("4.0", f"{act.unit} is already at full strength")
        if self._points_left(state, act.unit) <= 0:
            return Illegal("4.0", f"no {T.POINT_NAMES[self.point_of(act.unit)]} steps of the short scenario are left")
        return None

    def _apply_setup_restore(self, state: State, act: A.Restore, dice: Dice, ev: list[Event]) -> None:
        u = state.units[act.unit]
        state.units[act.unit] = replace(u, steps=2)
        self._spend_step(state, act.unit)
        ev.append(Event("restored", f"{self.public_name(state, act.unit)} starts at full strength (4.0).",
                        {"unit": act.unit}))

    def _check_setup_end(self, state: State) -> Illegal | None:
        for kind, n in state.extra.get("points", {}).items():
            if n > 0 and any(self.point_of(u.id) == kind and u.steps < 2 and self.side(u.id) == "russian"
                             for u in state.units.values() if u.where == ON_MAP):
                return Illegal("4.0", f"spend the short scenario's {n} remaining {T.POINT_NAMES[kind]} step(s) first")
        return None

    def _setup_end(self, state: State, ev: list[Event]) -> None:
        state.extra["points"] = {"irp": 0, "arp": 0}

