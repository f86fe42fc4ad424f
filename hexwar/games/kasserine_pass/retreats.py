"""Kasserine Pass: retreats (within the movement factor, never through an enemy zone) and advances after combat.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ...core import actions as A
from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from ...core.retreat import RetreatPath, retreat_within_mp
from ...core.state import Stage
from ...core.units import LOST, ON_MAP, Unit
from .common import enemy
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class RetreatsMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # retreats
    def retreat_options(self, state: KPState, uid: str, length: int) -> list[RetreatPath]:
        """KP-ZOC, KP-RETREAT-TERRAIN, KP-ERRATA-RETREAT-ZOC: never through an enemy zone,
        never over a cliff, never into the enemy, never costing more than the movement factor."""
        u = state.units[uid]
        side = self.uside(state, uid)
        s = self.kspec(state, uid)
        zs = self.zoc_sources(state, enemy(side))
        occ = state.occupied()
        return retreat_within_mp(
            u.map_hex, length,
            adjacent=lambda h: [n for n in self.board.adjacent(h) if not self.is_cliff(h, n)],
            enemy_at=lambda h: any(self.uside(state, x.id) != side for x in occ.get(h, ())),
            in_ezoc=lambda h: h in zs,
            can_end=lambda h: self.stack_ok(state, h, add=(uid,), drop=(uid,)),
            step_cost=lambda a, b: self.step_cost(a, b, state.blown, s.rangers),
            mp=s.ma)

    def _start_retreat(self, state: KPState, bi: int, side: str, units: Iterable[str], length: int, then: str,
                       ev: list[Event]) -> None:
        b = state.kbattles[bi]
        pending = []
        for uid in units:
            if not self._alive(state, uid):
                continue
            if self.is_art(state, uid):
                self._eliminate(state, uid, ev, "lone artillery forced to retreat")  # KP-ARTILLERY-ALONE
                continue
            if not self.retreat_options(state, uid, length):
                self._eliminate(state, uid, ev, "no retreat")  # KP-RETREAT-TERRAIN
                continue
            pending.append(uid)
        # A BACK: the defender may follow into the hexes the attackers leave
        vacated = tuple(sorted({state.units[u].map_hex for u in pending})) if then == "defender_advance" else ()
        if not pending:
            self._after_retreat(state, bi, side, length, then, vacated, ev)
            return
        state.stage = Stage("retreat", side, b.target, (("battle", bi), ("length", length), ("pending", tuple(pending)),
                                                        ("then", then), ("vacated", vacated)))

    def _apply_retreat(self, state: KPState, st: Stage, act: A.Retreat, ev: list[Event]) -> None:
        uid = act.unit
        state.units[uid] = state.units[uid].at(act.path[-1])
        state.touch()
        for h in act.path:
            self._take(state, uid, h, ev)
        ev.append(Event("retreated", f"{uid} retreats to {hex_name(act.path[-1])}",
                        {"unit": uid, "path": [hex_name(h) for h in act.path]}))
        pending = tuple(x for x in st.get("pending") if x != uid)
        state.stage = None
        if pending:
            # later units re-check their paths: the first may have filled a hex
            alive = []
            for x in pending:
                if self.retreat_options(state, x, st.get("length")):
                    alive.append(x)
                else:
                    self._eliminate(state, x, ev, "no retreat")
            if alive:
                state.stage = st.with_(pending=tuple(alive))
                return
        self._after_retreat(state, st.get("battle"), st.side, st.get("length"), st.get("then"), st.get("vacated"), ev)

    def _after_retreat(self, state: KPState, bi: int, side: str, length: int, then: str, vacated: tuple[Hex, ...],
                       ev: list[Event]) -> None:
        b = state.kbattles[bi]
        if then == "defender_advance":  # A BACK X: the defender may follow X-1 hexes
            limit = length - 1
            firsts = tuple(h for h in vacated if not state.units_at(h))
            if limit > 0 and firsts:
                self._start_advance(state, bi, enemy(side), b.defenders, ("hexes", limit), firsts, ev)
                return
        elif then == "attacker_advance":  # D BACK X: the attacker may follow max(1, X-1) hexes
            # KP-ERRATA-D1-ADVANCE, KP-ERRATA-SHORT-RETREAT
            self._start_advance(state, bi, enemy(side), b.attackers, ("hexes", max(1, length - 1)), (b.target,), ev)
            return
        self._finish_battle(state, ev)

    # advances
    def _start_advance(self, state: KPState, bi: int, side: str, units: Iterable[str], limit: tuple[str, int],
                       firsts: tuple[Hex, ...], ev: list[Event]) -> None:
        b = state.kbattles[bi]
        cands = tuple(u for u in units if self._alive(state, u) and self.uside(state, u) == side
                      and not self.is_art(state, u))
        if not cands or not firsts:
            self._finish_battle(state, ev)
            return
        state.stage = Stage("advance", side, b.target, (("battle", bi), ("units", cands), ("mode", limit[0]),
                                                         ("limit", limit[1]), ("firsts", firsts), ("done", ())))
        if not self.advance_moves(state, state.stage):
            self._finish_battle(state, ev)  # nobody can follow: nothing to decide

    def _advance_problem(self, state: KPState, st: Stage, act: A.Move) -> Illegal | None:
        rule = "KP-RESULT-D-ELIM" if st.get("mode") == "mp" else "KP-RESULT-D-BACK"
        if act.unit not in st.get("units") or act.unit in st.get("done") or not self._alive(state, act.unit):
            return Illegal(rule, f"{act.unit} may not advance after this combat")
        if not act.path or act.path[0] not in st.get("firsts"):
            return Illegal("KP-ERRATA-ADVANCE-PATH", "the first hex of an advance is the hex the enemy left")
        side = st.side
        s = self.kspec(state, act.unit)
        zs = self.zoc_sources(state, enemy(side))
        prev = state.units[act.unit].map_hex
        total = 0.0
        for i, h in enumerate(act.path):
            if h not in self.board.adjacent(prev):
                return Illegal("KP-TERRAIN", "each hex of the path must be next to the one before")
            c = self.step_cost(prev, h, state.blown, s.rangers)
            if c is None:
                return Illegal("KP-CLIFF", "no movement across a cliff hexside")
            foes = [x for x in state.units_at(h) if self.uside(state, x.id) != side]
            if foes and not (i == 0 and all(self.is_art(state, x.id) for x in foes)):
                return Illegal("KP-ZOC", f"{hex_name(h)} is held by the enemy")
            passable = h in zs and self._passable_zoc(state, act.unit, zs[h])
            if passable:
                c += self.T.zoc_pass_mp
            total += c
            if h in zs and not passable and i != len(act.path) - 1:
                return Illegal("KP-ERRATA-ADVANCE-ZOC", "advancing units stop on entering an enemy zone of control")
            prev = h
        if st.get("mode") == "hexes":
            if len(act.path) > st.get("limit"):
                return Illegal(rule, f"this advance may go {st.get('limit')} hex(es) at most")
            if self.opt("advance_limit") and total > s.ma + 1e-9:
                return Illegal("KP-OPT-ADVANCE", f"the advance costs {total:g} MP, more than {act.unit}'s {s.ma}")
        else:
            if total > st.get("limit") + 1e-9 and len(act.path) > 1:
                return Illegal("KP-RESULT-D-ELIM", f"the advance costs {total:g} MP; the die gave {st.get('limit')}")
        dest = act.path[-1]
        captured = [x.id for x in state.units_at(dest) if self.uside(state, x.id) != side]
        if not self.stack_ok(state, dest, add=(act.unit,), drop=(act.unit, *captured)):
            return Illegal("KP-STACKING", f"{hex_name(dest)} would be over the stacking limit")
        return None

    def _apply_advance(self, state: KPState, st: Stage, act: A.Move, ev: list[Event]) -> None:
        uid = act.unit
        side = st.side
        first = act.path[0]
        guns = [x.id for x in state.units_at(first) if self.uside(state, x.id) != side]
        taken = []
        for g in guns:  # KP-ARTILLERY-STACK: the guns left behind are captured
            # a captured battery is a new counter of its captor's side: ids stay tied to one side
            base = g.split("@")[0]
            new, k = f"{base}@{side}", 2
            while new in state.units:
                new, k = f"{base}@{side}{k}", k + 1
            old = state.units[g]
            state.units[new] = Unit(new, old.spec, ON_MAP, old.hex)
            state.units[g] = old.at(None, LOST)
            state.owner[new] = side
            state.mp[new] = 0.0
            state.mp.pop(g, None)
            taken.append(new)
            ev.append(Event("captured", f"{g} is captured and now serves the {side} as {new}",
                            {"unit": g, "as": new, "side": side}))
        guns = taken
        state.units[uid] = state.units[uid].at(act.path[-1])
        state.touch()
        for g in guns:
            if not self.stack_ok(state, first):
                self._eliminate(state, g, ev, "captured guns over the four-counter limit")  # D7
        for h in act.path:
            self._take(state, uid, h, ev)
        ev.append(Event("advanced", f"{uid} advances to {hex_name(act.path[-1])}",
                        {"unit": uid, "path": [hex_name(h) for h in act.path]}))
        done = st.get("done") + (uid,)
        if all(u in done or not self._alive(state, u) for u in st.get("units")):
            state.stage = None
            self._finish_battle(state, ev)
        else:
            state.stage = st.with_(done=done)

    def advance_moves(self, state: KPState, st: Stage) -> list[A.Move]:
        """One legal advance path per unit and destination (the shortest found)."""
        out = []
        max_len = st.get("limit") if st.get("mode") == "hexes" else st.get("limit")  # MP >= 1 per hex
        for uid in st.get("units"):
            if uid in st.get("done") or not self._alive(state, uid):
                continue
            start = state.units[uid].map_hex
            best: dict[Hex, tuple[Hex, ...]] = {}
            frontier: list[tuple[Hex, ...]] = [(f,) for f in st.get("firsts") if distance(start, f) == 1]
            while frontier:
                nxt: list[tuple[Hex, ...]] = []
                for p in frontier:
                    if p[-1] in best:
                        continue
                    why = self._advance_problem(state, st, A.Move(uid, p))
                    if why is not None and why.rule != "KP-STACKING":
                        continue  # a full hex may still be passed through
                    if why is None:
                        best[p[-1]] = p
                    if len(p) < max_len:
                        nxt += [p + (n,) for n in self.board.adjacent(p[-1]) if n not in p and n != start
                                and n not in best]
                frontier = nxt
            out += [A.Move(uid, p) for _, p in sorted(best.items())]
        return out
