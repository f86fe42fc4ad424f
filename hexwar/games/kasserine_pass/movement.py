"""Kasserine Pass: movement and arrivals: each unit's reach (memoised per unit and per enemy position), the
move actions of a phase, checking and applying a move, entry of reinforcements.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from operator import is_not
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, hex_name
from ...core.movement import path_cost
from ...core.units import ARRIVING, ON_MAP, Unit
from .common import BREAK_OFF_TYPES, enemy
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class MovementMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- movement -------------------------------------------------------------------------
    def _movable(self, state: KPState, uid: str) -> Illegal | None:
        u = state.units.get(uid)
        if u is None:
            return Illegal("KP-SEQUENCE", f"there is no unit {uid}")
        side = self.phase_side(state)
        if not state.phase.endswith("_move"):
            return Illegal("KP-SEQUENCE", "units move only in their side's movement phase")
        if self.uside(state, uid) != side:
            return Illegal("KP-SEQUENCE", f"{uid} is not a unit of the side moving now")
        if u.where != ON_MAP:
            return Illegal("KP-SEQUENCE", f"{uid} is not on the map")
        if uid in state.stopped:
            return Illegal("KP-ZOC", f"{uid} entered an enemy zone of control and must stop there this phase")
        if uid in self.engaged(state):
            s = self.kspec(state, uid)
            if not (s.nation == "german" and s.type in BREAK_OFF_TYPES):
                return Illegal("KP-BREAK-OFF", f"{uid} is ENGAGED and may not break off (only German panzer and "
                                               "panzer grenadier units may, for 2 MP)")
        return None

    def _move_budget(self, state: KPState, uid: str) -> float:
        mp = state.mp.get(uid, 0.0)
        if uid in self.engaged(state):
            mp -= self.T.break_off_mp  # KP-BREAK-OFF
        return mp

    def _ctx(self, state: KPState) -> tuple[Any, ...]:
        """(axis positions, allied positions, blown bridges) as interned objects, once per
        state: the part of a unit's reach that does not depend on the unit itself."""
        c = state._cache.get("ctx")
        if c is None:
            if len(self._ctx_intern) > 64:
                self._ctx_intern.clear()
            intern = self._ctx_intern.setdefault
            ax, al, bl = self._positions(state, "axis"), self._positions(state, "allied"), frozenset(state.blown)
            c = (intern(ax, ax), intern(al, al), intern(bl, bl))
            state._cache["ctx"] = c
        return c

    def _known_reach(self, state: KPState, uid: str) -> dict[Hex, tuple[float, tuple[Hex, ...]]] | None:
        """The unit's reach if it is memoised already (a replay never lists actions, so
        checking a move must not compute one)."""
        hit = self._reach_key(state, uid)
        return hit if isinstance(hit, dict) else self._reach_cache.get(hit)

    def _reach_key(self, state: KPState, uid: str) -> Any:
        """The memoised reach itself (fast path), or the key to look it up under."""
        u = state.units[uid]
        ctx = self._ctx(state)
        budget = self._move_budget(state, uid)
        first = state.hexes_moved.get(uid, 0) == 0
        owner = state.owner.get(uid)
        foes = ctx[0] if self.uside(state, uid) == "allied" else ctx[1]
        m = self._unit_memo.get(uid)
        # the same Unit object (same hex), budget, enemy and bridges as last time
        if (m is not None and m[0] is u and m[1] == budget and m[2] is first and m[3][0] is foes
                and m[3][1] is ctx[2] and m[4] == owner):
            return m[5]
        return (uid, u.spec, u.hex, budget, first, foes, ctx[2], owner)

    def reach(self, state: KPState, uid: str) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """Every hex the unit may end its move in: (MP spent, path)."""
        key = self._reach_key(state, uid)
        if isinstance(key, dict):
            return key
        u = state.units[uid]
        uid_, spec, hx, budget, first, foes, blown, owner = key
        c = self._reach_cache.get(key)
        if c is None:
            c = self._compute_reach(state, uid, budget)
            if len(self._reach_cache) > 128:  # small: a big cache only slows the garbage collector
                self._reach_cache.clear()
            self._reach_cache[key] = c
        self._unit_memo[uid] = (u, budget, first, (foes, blown), owner, c)
        return c

    def _compute_reach(self, state: KPState, uid: str, budget: float) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        here = state.units[uid].map_hex
        side = self.uside(state, uid)
        s = self.kspec(state, uid)
        zs = self.zoc_sources(state, enemy(side))
        foe = self._foe_hexes(state, side)
        graph = self._graph(self._ctx(state)[2], s.rangers)  # (the blown bridges, interned)
        stops, extra = self._zoc_stops(state, uid, s, zs)
        # KP-AMERICAN-ZOC, KP-OPT-ITALIAN-ZOC: a zone the unit may pass costs +2 MP a hex
        # units of one kind stacked together share the search (per state: same enemy and bridges)
        raw = self._raw_reach
        rk = (here, max(budget, 0.0), id(graph), id(stops), id(extra), id(foe))
        hit = raw.get(rk)
        if hit is None or hit[0] is not stops or hit[1] is not extra or hit[3] is not foe or hit[4] is not graph:
            if len(raw) > 64:
                raw.clear()
            hit = raw[rk] = (stops, extra, graph.reach(here, max(budget, 0.0), stops=stops, blocked=foe,
                                                       extra=extra), foe, graph)
        r = hit[2]
        out: dict[Hex, tuple[float, tuple[Hex, ...]]] = {}
        cost_fight = self.combat_cost(state, uid)
        first = state.hexes_moved.get(uid, 0) == 0
        for h, v in r.items():
            if h in zs and budget - v[0] < cost_fight - 1e-9 and not (first and len(v[1]) == 1):
                continue  # KP-COST-OF-COMBAT: no entering an enemy zone without MP to fight
            out[h] = v
        # KP-COST-OF-COMBAT: one hex and fight is always allowed
        if state.hexes_moved.get(uid, 0) == 0:
            for n in self.board.adjacent(here):
                if n in zs and n not in out and n not in foe and not self.is_cliff(here, n):
                    out[n] = (self.step_cost(here, n, state.blown, s.rangers) or 0.0, (n,))
        return out

    def _move_list(self, state: KPState, uid: str) -> list[tuple[Hex, A.Move]]:
        return self._move_lists(uid, self.reach(state, uid))[0]

    def _move_lists(self, uid: str, reach: dict[Hex, tuple[float, tuple[Hex, ...]]]
                    ) -> tuple[list[tuple[Hex, A.Move]], list[A.Move]]:
        """(destination, Move) pairs and the bare Moves of one reach, built once per reach."""
        key = id(reach)
        hit = self._moves_cache.get(key)
        if hit is None or hit[0] is not reach:
            pairs = []
            move, new = A.Move, object.__new__
            for h in sorted(reach, key=self._hex_rank.__getitem__):  # in hex order, as ever
                m = new(move)  # A.Move(uid, path) without the frozen dataclass's slow __init__
                d = m.__dict__
                d["unit"] = uid
                d["path"] = reach[h][1]
                pairs.append((h, m))
            hit = (reach, pairs, [m for _, m in pairs])
            if len(self._moves_cache) > 32:
                self._moves_cache.clear()
            self._moves_cache[key] = hit
        return hit[1], hit[2]

    def _enemy_sig(self, state: KPState, side: str) -> tuple[Any, ...]:
        """A key for where the enemy stands (all a unit's reach depends on besides itself)."""
        return self._positions(state, enemy(side))

    def _positions(self, state: KPState, side: str) -> tuple[Any, ...]:
        """(unit, hex) of every unit of ``side`` on the map, as a hashable key."""
        key = ("pos", side)
        v = state._cache.get(key)
        if v is None:
            units = self.on_map(state, side)
            m = self._pos_memo.get(side)
            if m is not None and m[0] is units:  # the index kept this side's list: nobody moved
                v = m[1]
            else:
                v = self._positions_step(m, units) if m is not None and len(m[0]) == len(units) else None
                if v is None:
                    v = tuple(sorted([(u.id, u.hex) for u in units]))
                    where = {uid: i for i, (uid, _) in enumerate(v)}
                else:
                    assert m is not None  # v was stepped from m
                    where = m[2]
                self._pos_memo[side] = (units, v, where)
            state._cache[key] = v
        return v

    def _positions_step(self, m: tuple[Any, ...], units: list[Unit]) -> tuple[Any, ...] | None:
        """The last positions key with the few units that changed hex replaced: the other
        (unit, hex) pairs are shared, so a state in the history costs one new pair, not
        one per unit. None when a unit came or went (the caller sorts afresh)."""
        old_units, old, where = m
        new = None
        for i, f in enumerate(map(is_not, units, old_units)):
            if f:
                u = units[i]
                if u.id != old_units[i].id:
                    return None
                if new is None:
                    new = list(old)
                new[where[u.id]] = (u.id, u.hex)
        return old if new is None else tuple(new)

    def _one_hex(self, state: KPState, uid: str, path: tuple[Hex, ...]) -> bool:
        return len(path) == 1 and state.hexes_moved.get(uid, 0) == 0

    def _check_move(self, state: KPState, act: A.Move) -> Illegal | None:
        why = self._movable(state, act.unit)
        if why:
            return why
        known = self._known_reach(state, act.unit)
        hit = known.get(act.path[-1]) if known is not None and act.path else None
        if hit is not None and hit[1] == tuple(act.path):
            # the listed path: reach already applied every rule but stacking
            if not self.stack_ok(state, act.path[-1], add=(act.unit,), drop=(act.unit,)):
                return Illegal("KP-STACKING", f"{hex_name(act.path[-1])} would be over the stacking limit")
            return None
        u = state.units[act.unit]
        s = self.kspec(state, act.unit)
        side = self.uside(state, act.unit)
        zs = self.zoc_sources(state, enemy(side))
        occ = state.occupied()
        budget = self._move_budget(state, act.unit)
        extra = 0.0

        def cost(a: Hex, b: Hex) -> float | None:
            c = self.step_cost(a, b, state.blown, s.rangers)
            if c is not None and b in zs and self._passable_zoc(state, act.unit, zs[b]):
                c += self.T.zoc_pass_mp
            return c

        total, why2 = path_cost(u.map_hex, act.path, self.board.adjacent, cost,
                                stops=lambda h: h in zs and not self._passable_zoc(state, act.unit, zs[h]),
                                blocked=lambda h: any(self.uside(state, x.id) != side for x in occ.get(h, ())))
        if total is None:
            msg = {"not adjacent": ("KP-TERRAIN", "each hex of the path must be next to the one before"),
                   "blocked": ("KP-ZOC", "the path enters a hex held by the enemy"),
                   "no entry": ("KP-CLIFF", "no movement across a cliff hexside"),
                   "stopped": ("KP-ZOC", "a unit must stop on entering an enemy zone of control")}[why2]
            return Illegal(*msg)
        dest = act.path[-1]
        one = self._one_hex(state, act.unit, act.path) and dest in zs
        if total + extra > budget + 1e-9 and not one:
            rule = "KP-BREAK-OFF" if act.unit in self.engaged(state) else "KP-TERRAIN"
            return Illegal(rule, f"the move costs {total:g} MP; {act.unit} has {budget:g} left")
        if dest in zs and budget - total < self.combat_cost(state, act.unit) - 1e-9 and not one:
            return Illegal("KP-COST-OF-COMBAT", f"{act.unit} would lack the {self.combat_cost(state, act.unit)} MP "
                                                "to fight, so it may not enter the enemy zone of control")
        if not self.stack_ok(state, dest, add=(act.unit,), drop=(act.unit,)):
            return Illegal("KP-STACKING", f"{hex_name(dest)} would be over the stacking limit")
        return None

    def _apply_move(self, state: KPState, act: A.Move, ev: list[Event]) -> None:
        uid = act.unit
        s = self.kspec(state, uid)
        side = self.uside(state, uid)
        zs = self.zoc_sources(state, enemy(side))
        budget = self._move_budget(state, uid)
        broke = uid in self.engaged(state)
        total, prev = 0.0, state.units[uid].map_hex
        for h in act.path:
            c = self.step_cost(prev, h, state.blown, s.rangers) or 0.0
            if h in zs and self._passable_zoc(state, uid, zs[h]):
                c += self.T.zoc_pass_mp
            total += c
            prev = h
        state.units[uid] = state.units[uid].at(act.path[-1])
        state.mp[uid] = max(0.0, budget - total)
        state.hexes_moved[uid] = state.hexes_moved.get(uid, 0) + len(act.path)
        if act.path[-1] in zs:
            state.stopped.add(uid)
        if broke:
            self._drop_from_carries(state, uid)
            ev.append(Event("broke_off", f"{uid} breaks off from its engagement for {self.T.break_off_mp} MP",
                            {"unit": uid}))
        state.touch()
        for h in act.path:
            self._take(state, uid, h, ev)
        ev.append(Event("moved", f"{uid} moves to {hex_name(act.path[-1])} ({total:g} MP)",
                        {"unit": uid, "path": [hex_name(h) for h in act.path], "mp": total}))

    # --- arrivals -------------------------------------------------------------------------
    def entry_hexes(self, state: KPState | None, uid: str) -> list[Hex]:
        """Where ``uid`` may arrive: its entry region (the same in every state)."""
        p = self.pieces.get(uid)
        if p is None or not p.entry:
            return []
        return sorted(self.board.regions.get(p.entry, frozenset()))

    def _check_place(self, state: KPState, act: A.Place) -> Illegal | None:
        u = state.units.get(act.unit)
        if u is None:
            return Illegal("KP-OOB-ALLIED", f"there is no unit {act.unit}")
        side = self.uside(state, act.unit)
        rule = "KP-OOB-GERMAN" if side == "axis" else "KP-OOB-ALLIED"
        if not state.phase.endswith("_move") or self.phase_side(state) != side:
            return Illegal("KP-SEQUENCE", "units arrive in their side's movement phase")
        if u.where != ARRIVING:
            return Illegal(rule, f"{act.unit} is not waiting to arrive")
        if u.arrives > state.turn:
            return Illegal(rule, f"{act.unit} arrives on turn {u.arrives} ({self.scen.date(u.arrives)})")
        if act.hex not in self.entry_hexes(state, act.unit):
            return Illegal(rule, f"{act.unit} arrives in '{self.pieces[act.unit].entry}', not at {hex_name(act.hex)}")
        if any(self.uside(state, x.id) != side for x in state.units_at(act.hex)):
            return Illegal(rule, f"{hex_name(act.hex)} is held by the enemy")
        if not self.stack_ok(state, act.hex, add=(act.unit,)):
            return Illegal("KP-STACKING", f"{hex_name(act.hex)} would be over the stacking limit")
        return None

    def _apply_place(self, state: KPState, act: A.Place, ev: list[Event]) -> None:
        uid = act.unit
        s = self.kspec(state, uid)
        state.units[uid] = state.units[uid].at(act.hex)
        mp = float(s.ma)
        if s.nation == "german" and self.opt("initial_placement"):
            mp -= self.terrain_mp[self.board.terrain[act.hex]]  # KP-OPT-INITIAL-PLACEMENT
        state.mp[uid] = max(0.0, mp)
        state.touch()
        if self.in_ezoc(state, self.uside(state, uid), act.hex):
            state.stopped.add(uid)
        self._take(state, uid, act.hex, ev)
        ev.append(Event("placed", f"{uid} arrives at {hex_name(act.hex)}", {"unit": uid, "hex": hex_name(act.hex)}))

    def _arrival_actions(self, state: KPState, side: str) -> list[A.Place]:
        """Place actions for the units due now: the same tests as ``_check_place`` (entry
        region, no enemy in the hex, stacking), read from per-state indexes."""
        out: list[A.Place] = []
        occ = state.occupied()
        units = state.units
        for uid in self._arriving_by_side.get(side, ()):
            u = units.get(uid)
            if u is None or u.where != ARRIVING or u.arrives > state.turn:
                continue
            entries = self._entries(u.id)
            if occ.keys().isdisjoint(entries):  # every entry hex is empty: all of them
                places = self._place_all.get(uid)
                if places is None:
                    places = self._place_all[uid] = [self._place_act(uid, h) for h in entries]
                out += places
                continue
            for h in entries:
                here = occ.get(h)
                if here and (any(self.uside(state, x.id) != side for x in here)
                             or not self.stack_ok(state, h, add=(u.id,))):
                    continue
                out.append(self._place_act(u.id, h))
        return out

    def _entries(self, uid: str) -> tuple[Hex, ...]:
        e = self._entry_cache.get(uid)
        if e is None:
            e = self._entry_cache[uid] = tuple(self.entry_hexes(None, uid))
        return e

    def _place_act(self, uid: str, h: Hex) -> A.Place:
        k = (uid, h)
        a = self._place_cache.get(k)
        if a is None:
            a = self._place_cache[k] = A.Place(uid, h)
        return a

    def _full(self, cls: tuple[bool, float], pts: float, cnt: int) -> bool:
        """KP-STACKING: does a hex with this load have no room for a unit of this class
        (free type?, size points)?"""
        return cnt + 1 > self.T.stack_counters or (not cls[0] and pts + cls[1] > self.T.stack_points + 1e-9)

    def _fulls(self, loads: dict[Hex, tuple[float, int]]) -> dict[tuple[bool, float], frozenset[Hex]]:
        """Stacking class -> the hexes it does not fit, for these loads: kept from the last
        loads and brought up to date in the hexes a move changed (``_index`` records them)."""
        memo = self._full_memo
        if memo is not None and memo[0] is loads:
            known: dict[tuple[bool, float], frozenset[Hex]] = memo[1]
            return known
        fulls: dict[tuple[bool, float], frozenset[Hex]] = {}
        step = self._loads_step
        if memo is not None and step is not None and step[0] is memo[0] and step[1] is loads:
            for cls, full in memo[1].items():
                new = set(full)
                for h in step[2]:
                    load = loads.get(h)
                    if load is not None and self._full(cls, load[0], load[1]):
                        new.add(h)
                    else:
                        new.discard(h)
                fulls[cls] = frozenset(new)
        self._full_memo = (loads, fulls)
        return fulls

    def _move_actions(self, state: KPState, side: str) -> list[A.Move]:
        """Move actions of every unit that may move: each unit's reach (memoised on what it
        depends on) minus the friendly hexes its stacking does not fit (KP-STACKING). The
        hexes a unit does not fit are found per stacking class, so a move elsewhere on
        the map reuses every other unit's list. The tests of ``_movable`` and ``_reach_key``
        are inlined here: this loop runs for every unit at every decision of a movement phase."""
        if not state.phase.endswith("_move") or side != self.phase_side(state):
            return []
        loads = self._all_loads(state)
        full_by_class = self._fulls(loads)
        out: list[A.Move] = []
        engaged, stopped, mps = self.engaged(state), state.stopped, state.mp
        moved, owner = state.hexes_moved, state.owner
        ctx = self._ctx(state)
        foes, blown = (ctx[0] if side == "allied" else ctx[1]), ctx[2]
        memo = self._unit_memo
        kp, free_types, size_points = self.kp, self.T.free_stacking, self.T.size_points
        for u in self.on_map(state, side):
            uid = u.id
            if uid in stopped:
                continue  # KP-ZOC: stopped in an enemy zone this phase
            s = kp[u.spec]
            budget = mps.get(uid, 0.0)
            if engaged and uid in engaged:
                if not (s.nation == "german" and s.type in BREAK_OFF_TYPES):
                    continue  # KP-BREAK-OFF: only panzer and panzer grenadier units break off
                budget -= self.T.break_off_mp
            m = memo.get(uid)
            if (m is not None and m[0] is u and m[1] == budget and m[2] is (moved.get(uid, 0) == 0)
                    and m[3][0] is foes and m[3][1] is blown and m[4] == owner.get(uid)):
                reach = m[5]
            else:
                reach = self.reach(state, uid)
                m = memo[uid]
            if len(m) > 6:
                lst, moves = m[6], m[7]
            else:
                lst, moves = self._move_lists(uid, reach)
                m = memo[uid] = m[:6] + (lst, moves, None)
            if not lst:
                continue
            cls = (s.type in free_types, size_points[s.size])
            full = full_by_class.get(cls)
            if full is None:
                full = full_by_class[cls] = frozenset([h for h, (pts, cnt) in loads.items()
                                                       if self._full(cls, pts, cnt)])
            last = m[8]
            if last is not None and last[0] == full:
                out += last[1]
                continue
            bad = reach.keys() & full  # (a unit's own hex is never in its reach)
            if not bad:
                keep = moves
            else:
                bad = frozenset(bad)
                key = (id(reach), bad)
                hit = self._filtered_cache.get(key)
                if hit is None or hit[0] is not reach:
                    hit = (reach, [mv for h, mv in lst if h not in bad])
                    if len(self._filtered_cache) > 32:
                        self._filtered_cache.clear()
                    self._filtered_cache[key] = hit
                keep = hit[1]
            memo[uid] = m[:8] + ((full, keep),)
            out += keep
        return out
