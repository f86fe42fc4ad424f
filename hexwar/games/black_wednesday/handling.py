"""Man-handling guns into and out of the Hospital (1.1e) and breaching wire (1.4b): two of
the phasing player's actions beside moving (``moves.py``). Mixin for BWRules."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from .verbs import Breach, ManHandle

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


class Handling(_Rules):
    # --- man-handling (1.1e) ---------------------------------------------------------
    def manhandle_actions(self, state, u) -> list[ManHandle]:
        if not self.spec(u.id).tow or not self.ter.hospital:
            return []
        cands = [h for h in self.board.adjacent(u.hex) if h in self.ter.hospital] if u.hex not in self.ter.hospital \
            else list(self.board.adjacent(u.hex))
        return [a for a in (ManHandle(u.id, h) for h in sorted(cands)) if self.check_manhandle(state, a) is None]

    def check_manhandle(self, state, a: ManHandle) -> Illegal | None:
        """1.1e: a tow-only unit in Fire Mode since an earlier Action Phase, next to the
        Hospital, is carried into it (or out of it to a next hex) and stays in Fire Mode."""
        u = state.units[a.unit]
        if not self.spec(a.unit).tow:
            return Illegal("1.1e", f"{a.unit} is not a tow-only unit: only those are man-handled")
        if u.where != ON_MAP:
            return Illegal("1.1e", f"{a.unit} is not on the map")
        inside = u.hex in self.ter.hospital
        if not inside and a.hex not in self.ter.hospital:
            return Illegal("1.1e", "man-handling goes into the Hospital or out of it")
        if distance(u.hex, a.hex) != 1:
            return Illegal("1.1e", f"{hex_name(a.hex)} is not next to {a.unit}")
        if a.unit in state.extra.get("acted", frozenset()):
            return Illegal("§3.4", f"{a.unit} has already acted this phase")
        if self.mode(state, a.unit) != "fire":
            return Illegal("1.1e", f"{a.unit} must be in Fire Mode to be man-handled")
        if state.extra.get("fire_since", {}).get(a.unit) == (state.turn, state.extra.get("phasing")):
            return Illegal("1.1e", f"{a.unit} changed to Fire Mode this phase: man-handling comes in a later "
                                   "Action Phase")
        if self.status(state, a.unit):
            return Illegal("§12.4", f"{a.unit} is Suppressed or Paralyzed")
        if a.unit in state.extra.get("reserve", frozenset()):
            return Illegal("§16.8", f"{a.unit} is in reserve")
        if any(self.side_of(x.id) != self.side_of(a.unit) for x in state.units_at(a.hex)):
            return Illegal("1.1e", f"{hex_name(a.hex)} holds enemy units")
        if not self.can_stand(state, a.hex, a.unit, ()):
            return Illegal("1.1e", f"{a.unit} cannot stand in {hex_name(a.hex)}")
        return self.check_order_move(state, a.unit, u.hex, a.hex)

    def do_manhandle(self, state, a: ManHandle, dice) -> list[Event]:
        """No overwatch, no SFA this phase (it is the unit's action), Dug In lost."""
        u = state.units[a.unit]
        state.units[a.unit] = u.at(a.hex)
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {a.unit}
        state.extra["moved_turn"] = state.extra.get("moved_turn", frozenset()) | {a.unit}
        state.extra["dug"] = state.extra.get("dug", frozenset()) - {a.unit}
        state.touch()
        into = a.hex in self.ter.hospital
        return [Event("moved", f"{a.unit} is man-handled {'into' if into else 'out of'} the Hospital "
                               f"({hex_name(a.hex)}), still in Fire Mode; no overwatch (1.1e)",
                      {"unit": a.unit, "hex": hex_name(a.hex)})]

    # --- wire (1.4b) -------------------------------------------------------------------
    def wire_to_breach(self, state, u) -> list[Hex]:
        """The wire hexes next to ``u`` it may try to breach now (the listing's half of
        check_breach): Soviet infantry or cavalry that began the phase next to the wire."""
        if self.side_of(u.id) != "soviet" or not self.spec(u.id).infantry \
                or u.id not in state.extra.get("adj_wire", frozenset()):
            return []
        fresh = state.extra.get("breached_now", frozenset())
        return [h for h in self.board.adjacent(u.hex) if h in self.ter.wire and h in self.area
                and self.wire_state(state, h) < 2 and h not in fresh]

    def check_breach(self, state, a: Breach) -> Illegal | None:
        u = state.units[a.unit]
        s = self.spec(a.unit)
        if u.where != ON_MAP:
            return Illegal("1.4b", f"{a.unit} is not on the map")
        if self.side_of(a.unit) != "soviet":  # 1.4b is the Soviet player's procedure (decision BW-W1)
            return Illegal("1.4b", f"only Soviet units breach wire; {a.unit} may enter fully breached wire only "
                                   "(1.4a)")
        if not s.infantry:
            return Illegal("1.4b", f"only infantry or cavalry breach wire; {a.unit} is not (Decision 59)")
        if a.unit in state.extra.get("acted", frozenset()):
            return Illegal("§3.4", f"{a.unit} has already acted this phase")
        if self.status(state, a.unit):
            return Illegal("§12.4", f"{a.unit} is Suppressed or Paralyzed")
        if a.hex not in self.ter.wire or self.wire_state(state, a.hex) >= 2:
            return Illegal("1.4b", f"{hex_name(a.hex)} holds no wire left to breach")
        if a.hex in state.extra.get("breached_now", frozenset()):  # 1.4b D: "the next turn or later"
            return Illegal("1.4b", f"{hex_name(a.hex)} was partially breached in this phase: the full breach "
                                   "comes in a later turn (1.4b D)")
        if distance(u.hex, a.hex) != 1:
            return Illegal("1.4b", "the wire hex must be next to the unit")
        if a.unit not in state.extra.get("adj_wire", frozenset()):
            return Illegal("1.4b", f"{a.unit} did not begin this Action Phase next to the wire (1.4b A)")
        if any(self.side_of(x.id) != self.side_of(a.unit) for x in state.units_at(a.hex)):
            return Illegal("1.4b", "the wire hex holds enemy units")
        if a.unit in state.extra.get("reserve", frozenset()):
            return Illegal("§16.8", f"{a.unit} is in reserve")
        return None

    def do_breach(self, state, a: Breach, dice) -> list[Event]:
        """1.4b: enter spending all MA (overwatch as usual); if still there in Move Mode and
        not S/P: intact -> partial and back to the hex it came from (no overwatch), partial
        -> full and it stays. Stopped by fire, it falls back without breaching."""
        u = state.units[a.unit]
        back = u.hex
        mode = dict(state.extra.get("mode", {}))
        mode[a.unit] = "move"
        state.extra["mode"] = mode
        state.extra["dug"] = state.extra.get("dug", frozenset()) - {a.unit}
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {a.unit}
        state.extra["moved_mm"] = state.extra.get("moved_mm", frozenset()) | {a.unit}
        state.extra["moved_turn"] = state.extra.get("moved_turn", frozenset()) | {a.unit}
        state.units[a.unit] = u.at(a.hex)
        state.touch()
        ev = [Event("breach", f"{a.unit} enters the wire in {hex_name(a.hex)} to breach it (1.4b B)")]
        ev += self.barrage_on_entry(state, dice, a.unit, a.hex)
        if state.units[a.unit].where == ON_MAP and not self.status(state, a.unit):
            ev += self.overwatch(state, dice, a.unit)
        cur = state.units[a.unit]
        if cur.where != ON_MAP:
            return ev
        wire = dict(state.extra.get("wire", {}))
        before = wire.get(a.hex, 0)
        if self.status(state, a.unit) or self.mode(state, a.unit) != "move":
            state.units[a.unit] = cur.at(back)
            return ev + [Event("breach", f"{a.unit} is stopped and falls back to {hex_name(back)}: no breach")]
        if before == 0:
            wire[a.hex] = 1
            state.extra["wire"] = wire
            # 1.4b D: its full breach waits for a later turn; one Soviet Action Phase a turn, so
            # the mark lasts this phase only (start_action drops it)
            state.extra["breached_now"] = state.extra.get("breached_now", frozenset()) | {a.hex}
            state.units[a.unit] = cur.at(back)
            return ev + [Event("breach", f"{hex_name(a.hex)} is partially breached; {a.unit} returns to "
                                         f"{hex_name(back)} (1.4b C)")]
        wire[a.hex] = 2
        state.extra["wire"] = wire
        return ev + [Event("breach", f"{hex_name(a.hex)} is fully breached and {a.unit} stays there (1.4b D)")]
