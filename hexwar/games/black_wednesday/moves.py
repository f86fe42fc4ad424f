"""Spotting (§6.1) and movement with modes (§5, §7): the phasing player's moving actions (the
overwatch they draw is ``overwatch.py``; man-handling and wire breaching are ``handling.py``).
Mixin for BWRules."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...core.actions import Event, Move, moves_along
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from ...core.movement import reachable
from ...core.units import ARRIVING, ON_MAP
from .observers import Observers
from .verbs import Mode

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


class Moves(_Rules):
    # --- seeing ---------------------------------------------------------------------
    def sees_hex(self, state, a: Hex, b: Hex) -> bool:
        """LOS within the visibility limit (§6.2, 1.8; 10 into an Illum area, §13.8); Level 2
        smoke blocks (§13.8). Answers are kept per state while the turn, weather, Illum and
        smoke stay the same (those values are replaced, never changed in place)."""
        memo, lim = self._sees_table(state)
        ans = memo.get((a, b))
        if ans is None:
            ans = memo[(a, b)] = self._sees_hex(state, a, b, lim)
        return ans

    def _sees_table(self, state) -> tuple[dict, int]:
        """(the (a, b) -> sees answers valid for this state, its visibility limit): what
        ``sees_hex`` reads, for callers that ask about many pairs of one state."""
        x = state.extra
        sig = (state.turn, x.get("weather"), x.get("illum"), x.get("smoke"))
        got = state._cache.get("sees")
        if got is None or got[0][0] != sig[0] or got[0][1] != sig[1] or got[0][2] is not sig[2] \
                or got[0][3] is not sig[3]:
            lim = self.period(state)[1]
            if sig[2] or sig[3]:  # Illum or smoke: answers for this state only
                got = (sig, {}, lim)
            else:  # otherwise the limit is all that varies: share across states
                store = self.__dict__.setdefault("_los_memo", {})
                if len(store) > 16:
                    store.clear()
                got = (sig, store.setdefault(lim, {}), lim)
            state._cache["sees"] = got
        return got[1], got[2]

    def _sees_hex(self, state, a: Hex, b: Hex, limit: int) -> bool:
        if b in state.extra.get("illum", frozenset()):
            limit = max(limit, 10)
        d = distance(a, b)
        if d <= 1:
            return True
        if d > limit:
            return False
        blocked, between = self.ter.line(a, b)
        if blocked:
            return False
        smoke = state.extra.get("smoke", {})
        if smoke and any(smoke.get(h) == 2 for h in (a, b, *between)):
            return False
        return True

    def spots(self, state, obs: Hex, target) -> bool:
        """§6.1: range by the target's class (doubled if it moved in Move Mode or fired this
        phase), adjacent always, trench-to-trench movers only from next door (1.3c)."""
        d = distance(obs, target.hex)
        if d <= 1:
            return True
        rng = self.spot_range(state, target)
        if d > rng:
            return False
        return self.sees_hex(state, obs, target.hex)

    def spot_range(self, state, target) -> int:
        """§6.1: how far ``target`` may be spotted from beyond next door (0: only from next
        door, a trench-to-trench mover, 1.3c); the same for every observer."""
        if target.id in state.extra.get("t2t", frozenset()):
            return 0  # 1.3c
        s = self.spec(target.id)
        rng: int = self.t.spotting[self.ter.spotting_class(target.hex, s.vehicle)]
        if (target.id in state.extra.get("moved_mm", frozenset()) or target.id in state.extra.get("shown", frozenset())
                or (s.vehicle and target.hex in self.ter.rail)):  # 1.2b: always counts as moving
            rng *= 2
        return rng

    def spotted_by_side(self, state, target, side: str) -> bool:
        """Does any unit of ``side`` spot ``target`` (§6.1)? Only the observers within the
        target's spot range are asked: ``spots`` is False from farther away (air phase speed)."""
        reach, th = max(1, self.spot_range(state, target)), target.hex
        return any(self.spots(state, u.map_hex, target) for u in self.on_map(state, side)
                   if distance(u.map_hex, th) <= reach
                   and not self.carrier_of(state, u.id))  # 1.11b: riders do not spot

    # --- moving ------------------------------------------------------------------------
    def can_stand(self, state, h: Hex, uid: str, enemy_hexes) -> bool:
        if h not in self.area or h in enemy_hexes:
            return False
        if h in self.ter.wire and self.wire_state(state, h) < 2:
            return False
        cls = self.spec(uid).move_class
        return self.t.terrain[self.board.terrain[h]]["cost"].get(cls) != "P"

    def _blocked(self, state, uid: str):
        """(is-blocked test, enemy hexes) for this unit's side and kind, once per state."""
        key = ("blocked", self.side_of(uid), self.spec(uid).vehicle, self.spec(uid).tow, self.bound_division(uid))
        if key not in state._cache:
            block, enemy = self._block_set(state, uid)
            area = self.area
            state._cache[key] = (lambda h: h in block or h not in area), enemy
        return state._cache[key]

    def _block_set(self, state, uid: str) -> tuple[frozenset, frozenset]:
        """(hexes of the play area this unit may not enter now, enemy hexes), once per state:
        enemy units, wire not fully breached (1.4a), embankment hexes already holding two
        vehicles (1.2d), and for tow-only units the Hospital (1.1e: man-handled only). Both are
        frozensets, so they key the reach caches across states."""
        keys = self.__dict__.setdefault("_block_keys", {})
        key = keys.get(uid)
        if key is None:  # fixed per unit (scenario and options): built once (listing speed)
            key = keys[uid] = ("block_set", self.side_of(uid), self.spec(uid).vehicle, self.spec(uid).tow,
                               self.bound_division(uid))
        got = state._cache.get(key)
        if got is not None:
            return got
        _, side, veh, tow, div = key
        # the parts, each once per state (the enemy hexes, the embankment hexes full of
        # vehicles) or per wire dictionary (replaced, never changed in place); the union for
        # one unit kind is kept across states under the parts it is made of
        enemy = self._enemy_hexes(state, side)
        rail2 = self._full_rail(state) if veh else None
        wire = self._wire_block(state)
        memo = self.__dict__.get("_block_memo")
        if memo is None or len(memo) > 5000:
            memo = self.__dict__["_block_memo"] = {}
        bkey = (key, enemy, rail2, wire)
        got = memo.get(bkey)
        if got is None or got[1] is not enemy:
            block = set(enemy)
            if rail2:  # 1.2d: at most two vehicles in an embankment hex
                block.update(rail2)
            block.update(wire)
            if tow:
                block.update(self.ter.hospital)
            if div is not None:  # 4.3: no step beyond the divisional boundary, not even in passing
                block.update(self.area - self.division_hexes(div))
            got = memo[bkey] = (self._intern(frozenset(block)), enemy)
        state._cache[key] = got
        return got

    def _enemy_hexes(self, state, side: str) -> frozenset:
        """Hexes holding units not of ``side`` (interned), once per state."""
        key = ("bw_enemy_hexes", side)
        got = state._cache.get(key)
        if got is None:
            own = self._side_sets.get(side)
            if own is None:
                own = self._side_sets[side] = frozenset(k for k, e in self.entries.items() if e.side == side)
            got = state._cache[key] = self._intern(frozenset(
                h for h, us in state.occupied().items() if any(u.id not in own for u in us)))
        return got

    def _full_rail(self, state) -> frozenset:
        """1.2d: embankment hexes already holding two vehicles (interned), once per state."""
        got = state._cache.get("bw_full_rail")
        if got is None:
            rail = self.ter.rail
            got = state._cache["bw_full_rail"] = self._intern(frozenset(
                h for h, us in state.occupied().items()
                if h in rail and sum(1 for u in us if self.spec(u.id).vehicle) >= 2))
        return got

    def _wire_block(self, state) -> frozenset:
        """Wire hexes not fully breached (1.4a); kept per wire dictionary (replaced, never
        changed in place)."""
        wd = state.extra.get("wire")
        got = self.__dict__.get("_wire_blocked")
        if got is None or got[0] is not wd:
            got = self.__dict__["_wire_blocked"] = (wd, self._intern(frozenset(
                h for h in self.ter.wire if self.wire_state(state, h) < 2)))
        return got[1]

    def _intern(self, hexes: frozenset) -> frozenset:
        """One object per distinct set across the states of a game, so the reach caches keyed
        on it compare by identity instead of element by element."""
        store = self.__dict__.get("_interned")
        if store is None or len(store) > 5000:
            store = self.__dict__["_interned"] = {}
        return store.setdefault(hexes, hexes)

    def build_graphs(self) -> None:
        """The movement graph of every class and MA of the scenario's units (``_edges``, 26,000
        steps each, 80–100 ms in all) and the line-of-sight tables, built when the game is
        opened: else the first listing that moves a unit or draws a line (the first Action
        Phase's) builds them while a click waits. Kept per board."""
        for cls, ma in sorted({(s.move_class, s.ma) for s in self.specs.values()}):
            self._edges(cls, ma)
        self.ter.los_arrays()

    def _edges(self, cls: str, ma: int) -> dict:
        """The movement graph of one class inside the play area: hex -> ((neighbour, MP), ...)
        in the board's neighbour order (so searches break ties as before), built once per
        board and kept in ``board.cache``."""
        key = ("bw_edges", cls, ma if self.ter.cost_reads_ma(cls) else None, self.scen.region)
        cache = self.board.cache
        g = cache.get(key)
        if g is None:
            # a step's cost depends only on a few facts of the two hexes (``_step_sigs``):
            # computed once per distinct combination, not once per pair of hexes
            by_sig: dict = {}
            step = self.ter.step_cost
            g = {}
            for h, pairs in self._step_sigs().items():
                out = []
                for n, sig in pairs:
                    if sig in by_sig:
                        c = by_sig[sig]
                    else:
                        c = by_sig[sig] = step(h, n, cls, ma)
                    if c is not None:
                        out.append((n, c))
                g[h] = tuple(out)
            cache[key] = g
        return g

    def _step_sigs(self) -> dict:
        """hex -> ((neighbour in the play area, what the step's cost depends on), ...), in the
        board's neighbour order: the hexside's features, the terrain entered, wire there,
        leaving the Mill, the embankment at either end and climbing a contour — everything
        ``Terrain._step_cost`` reads besides the class and the MA. Built once per board and area."""
        key = ("bw_step_sigs", self.scen.region)
        cache = self.board.cache
        got = cache.get(key)
        if got is None:
            area, adj, ter = self.area, self.board.adjacent, self.ter
            terrain, kinds_of, elev = self.board.terrain, self.board.side_kinds, ter.elev
            wire, mill, rail = ter.wire, ter.mill, ter.rail
            got = {}
            for h in terrain:
                got[h] = tuple((n, (kinds_of(h, n), terrain[n], n in wire, h in mill, h in rail or n in rail,
                                    elev.get(n, 0) > elev.get(h, 0)))
                               for n in adj(h) if n in area)
            cache[key] = got
        return got

    def _reach_store(self) -> dict:
        """Reach results shared across the states of a game (bounded: cleared when full)."""
        c = self.__dict__.get("_reach_memo")
        if c is None or len(c) > 20000:
            c = self.__dict__["_reach_memo"] = {}
        return c

    def _paths(self, start: Hex, mp: float, ma: int, cls: str, block: frozenset) -> dict[Hex, tuple[Hex, ...]]:
        """Cheapest paths from ``start`` with ``mp`` (plus the minimum move, §7.1), for any
        unit of this class and MA facing the same blocked hexes.

        Kept across states also when the blocked hexes changed away from the unit: the search
        asks whether a hex is blocked only next to the hexes it reached (its ``region``), so
        the last answer from this start stands while no blocked hex changed in that region
        (an enemy moving on the other side of the map leaves it as it was)."""
        memo = self._reach_store()
        key = ("paths", start, mp, ma, cls, block)
        got = memo.get(key)
        if got is not None:
            return got
        near_key = ("paths_near", start, mp, ma, cls)
        near = memo.get(near_key)
        if near is not None and near[0] is not block and not (self._block_change(near[0], block) & near[1]):
            memo[key] = near[2]
            return near[2]
        edges = self._edges(cls, ma)
        r = reachable(start, mp, edges=edges, blocked=block.__contains__)
        paths = r.all_paths()
        if mp >= ma:  # minimum move (§7.1): one adjacent hex with the whole MA
            for n, _c in edges.get(start, ()):
                if n not in paths and n not in block:
                    paths[n] = (n,)
        memo[key] = paths
        region = frozenset(n for h in r.cost for n, _c in edges.get(h, ()))  # every hex the search asked about
        memo[near_key] = (block, region, paths)
        return paths

    def _block_change(self, old: frozenset, new: frozenset) -> frozenset:
        """The hexes blocked in one set and not the other (kept for the last few pairs: the
        units of one side share their blocked sets)."""
        store = self.__dict__.setdefault("_block_changes", {})
        got = store.get((old, new))
        if got is None:
            if len(store) > 64:
                store.clear()
            got = store[(old, new)] = old ^ new
        return got

    def _order_key(self, state, uid: str):
        """What check_order_move reads of the state: reserve membership and the unit's order
        (orders are replaced, never changed in place, so their items key the cache)."""
        if uid in state.extra.get("reserve", frozenset()):
            return "reserve"
        o = self.order_of(state, uid)
        if o is None:
            return None
        keys = self.__dict__.setdefault("_order_keys", {})
        got = keys.get(id(o))
        if got is None or got[0] is not o:  # the same order object: the same key
            if len(keys) > 5000:
                keys.clear()
            got = keys[id(o)] = (o, repr(sorted(o.items())))
        return got[1]

    def reach(self, state, uid: str) -> dict[Hex, tuple[Hex, ...]]:
        """Every legal destination of a move and its cheapest path, cached per state and,
        through a key of everything the answer depends on, across the states of a game."""
        key = ("reach", uid)
        if key in state._cache:
            return state._cache[key]
        u = state.units[uid]
        s = self.spec(uid)
        block, enemy = self._block_set(state, uid)
        mp, ma = self.mp_of(state, uid)
        sup = self.status(state, uid) == "S"
        okey = self._order_key(state, uid)  # None: no order and not a reserve (_no_orders)
        if (s.tow and u.hex in self.ter.hospital) or self.carrier_of(state, uid):
            out = {}  # 1.1e: out of the Hospital only by man-handling; 1.11b: a rider goes with its vehicle
        else:
            paths = self._paths(u.hex, mp, ma, s.move_class, block)
            memo = self._reach_store()
            # the destinations kept read the paths (the same object while nothing near changed)
            mkey = ("reach", uid, u.hex, mp, id(paths), enemy if sup else None, okey)
            got = memo.get(mkey)
            if got is None or got[0] is not paths:
                ok = self._dest_filter(state, uid, u.hex, enemy)
                out = dict(paths) if ok is None else {d: p for d, p in paths.items() if ok(d)}
                got = memo[mkey] = (paths, out)
            out = got[1]
        if out and okey is None:  # self._no_orders(state, uid)
            out = self._no_closer(state, uid, out)  # §16.7
        state._cache[key] = out
        return out

    # --- §16.7: units without orders keep their distance ---------------------------------
    def _no_orders(self, state, uid: str) -> bool:
        """§16.7 applies to units on the map with no implemented order (reserves do not move
        at all, §16.8)."""
        return uid not in state.extra.get("reserve", frozenset()) and self.order_of(state, uid) is None

    def spotted_hexes(self, state, side: str) -> frozenset[Hex]:
        """Hexes of enemy units that ``side`` spots now (§6.1; riders do not spot, 1.11b), once
        per state. Each (observer hex, target) answer is kept while the turn, weather, Illum
        and smoke stay the same, so a move re-asks only about the hexes that changed; only
        observers within the longest spotting range are asked, the nearest first (``Observers``;
        the new observers of a later state by blocks of the grid: one hex step changes the
        column and the row by one at most).

        Incremental across states: for each target (its hex and what its spotting range
        depends on) the last answer keeps the observer hex that spotted it (its witness), or
        None. A target whose witness still stands is spotted; one nobody spotted is asked
        only of the observer hexes that are new since; one whose witness left is asked of
        every observer again. The answer is an "any" over the observers, so it is the same
        as asking every observer every time."""
        key = ("spotted", side)
        got = state._cache.get(key)
        if got is not None:
            return got
        x = state.extra
        sig = (state.turn, x.get("weather"), x.get("illum"), x.get("smoke"))
        memo = self.__dict__.get("_spot_memo")
        if memo is None or memo[0] != sig or len(memo[1]) > 200000:
            fresh_pairs: dict[Any, bool] = {}
            fresh_wit: dict[str, tuple[frozenset[Hex], dict[Any, Any]]] = {}
            memo = self.__dict__["_spot_memo"] = (sig, fresh_pairs, fresh_wit)
        pairs: dict[Any, bool] = memo[1]
        witnesses: dict[str, tuple[frozenset[Hex], dict[Any, Any]]] = memo[2]
        size = 8
        reach = 2 * max(max(self.t.spotting.values()), 1)  # doubled for movers and firers
        k = reach // size + 1
        obs = frozenset(u.map_hex for u in self.on_map(state, side) if not self.carrier_of(state, u.id))
        last = witnesses.get(side)
        if last is not None and last[0] == obs:
            added: list[Hex] = []
        else:
            added = sorted(obs - last[0]) if last is not None else []
        old_wit: dict = last[1] if last is not None else {}
        wit: dict = {}
        near: Observers | None = None
        moved, shown, t2t = x.get("moved_mm", frozenset()), x.get("shown", frozenset()), x.get("t2t", frozenset())
        seen = set()
        rail = self.ter.rail
        for e in self.on_map(state, self.enemy_of(side)):
            if e.hex in seen:
                continue
            veh = self.spec(e.id).vehicle
            eh = e.map_hex
            tkey = (eh, veh, e.id in t2t, e.id in moved or e.id in shown or (veh and eh in rail))
            cx, cy = eh.col // size, eh.row // size
            w = wit.get(tkey, False)
            if w is False:
                w = old_wit.get(tkey, False)
                if w is None:  # nobody spotted it: ask only the new observers
                    for o in added:
                        if abs(o.col // size - cx) <= k and abs(o.row // size - cy) <= k:
                            pk = (o, tkey)
                            ans = pairs.get(pk)
                            if ans is None:
                                ans = pairs[pk] = self.spots(state, o, e)
                            if ans:
                                w = o
                                break
                elif w is not False and w not in obs:
                    w = False  # its witness left: ask everyone again
                if w is False:
                    w = None
                    if near is None:
                        near = Observers(sorted(obs))
                    for o in near.within(eh, reach):  # nearest first: next door spots without a line
                        pk = (o, tkey)
                        ans = pairs.get(pk)
                        if ans is None:
                            ans = pairs[pk] = self.spots(state, o, e)
                        if ans:
                            w = o
                            break
                wit[tkey] = w
            if w is not None:
                seen.add(e.hex)
        witnesses[side] = (obs, wit)
        got = state._cache[key] = self._intern(frozenset(seen))
        return got

    def _spotted_field(self, spotted: frozenset) -> dict[Hex, int]:
        """Hex of the play area -> distance to the nearest of ``spotted`` (a breadth-first
        walk from all of them; kept for the last few spotted sets)."""
        store = self.__dict__.setdefault("_fields", {})
        got = store.get(spotted)
        if got is None:
            if len(store) > 32:
                store.clear()
            adj = self.board.adjacent
            got = {h: 0 for h in spotted}
            ring = list(spotted)
            d = 0
            while ring:
                d += 1
                nxt = []
                for h in ring:
                    for n in adj(h):
                        if n not in got:
                            got[n] = d
                            nxt.append(n)
                ring = nxt
            store[spotted] = got
        return got

    def _no_closer(self, state, uid: str, out: dict) -> dict:
        """§16.7 (RECON, decision BW-N1): a unit without orders may not end a move closer to
        the nearest spotted enemy unit than it began; with no spotted enemy it moves freely."""
        spotted = self.spotted_hexes(state, self.side_of(uid))
        if not spotted:
            return out
        field = self._spotted_field(spotted)
        near = field[state.units[uid].hex]
        memo = self._reach_store()
        ckey = ("no_closer_of", id(out), spotted, near)  # the cut depends on these alone
        cut = memo.get(ckey)
        if cut is not None and cut[0] is out:
            return cut[1]
        gone = frozenset(d for d in out if field[d] < near)
        if not gone:
            res = out
        else:
            mkey = ("no_closer", id(out), gone)
            got = memo.get(mkey)
            if got is None or got[0] is not out:  # the same answer object for the same cut
                got = memo[mkey] = (out, {d: p for d, p in out.items() if d not in gone})
            res = got[1]
        memo[ckey] = (out, res)
        return res

    def no_orders_refusal(self, state, uid: str, dest: Hex) -> Illegal | None:
        """The §16.7 refusal of a move to ``dest`` (for check_move's message)."""
        if not self._no_orders(state, uid):
            return None
        spotted = self.spotted_hexes(state, self.side_of(uid))
        if not spotted:
            return None
        start = state.units[uid].hex
        near = min(distance(start, h) for h in spotted)
        after = min(distance(dest, h) for h in spotted)
        if after < near:
            return Illegal("§16.7", f"{uid} has no orders: it may not end a move nearer a spotted enemy unit "
                                    f"({after} hexes) than it began ({near})")
        return None

    def moves_of(self, state, uid: str) -> list[Move]:
        """The Move actions of reach(), in destination order (shared with equal reaches)."""
        r = self.reach(state, uid)
        memo = self._reach_store()
        key = ("moves", uid, id(r))
        got = memo.get(key)
        if got is None or got[0] is not r:
            got = (r, moves_along(uid, self._sorted_paths(r)))
            memo[key] = got
        return got[1]

    def _sorted_paths(self, r: dict[Hex, tuple[Hex, ...]]) -> list[tuple[Hex, ...]]:
        """The paths of a reach answer in destination order, sorted once for every unit that
        shares the answer (346 units entering in Scenario 3 share a dozen)."""
        memo = self._reach_store()
        key = ("sorted", id(r))
        got = memo.get(key)
        if got is None or got[0] is not r:
            got = memo[key] = (r, [p for _d, p in sorted(r.items())])
        return got[1]

    def entry_moves(self, state, uid: str) -> list[Move]:
        """The Move actions of entry_reach(), in destination order (built once per answer)."""
        r = self.entry_reach(state, uid)
        memo = self._reach_store()
        key = ("entry_moves", uid, id(r))
        got = memo.get(key)
        if got is None or got[0] is not r:
            got = (r, moves_along(uid, self._sorted_paths(r)))
            memo[key] = got
        return got[1]

    def entry_reach(self, state, uid: str) -> dict[Hex, tuple[Hex, ...]]:
        """§7.7: enter in Move Mode from an entry hex, paying the first hex's cost."""
        entries = self.entries_now(state, uid)  # setup.py: 1.10h closed areas, BW-R9 blocked entry
        cls, ma = self.spec(uid).move_class, self.spec(uid).ma
        block, enemy = self._block_set(state, uid)  # per side, vehicle, tow and 4.3 boundary
        key = ("entry", cls, ma, entries, block)
        if key in state._cache:
            return state._cache[key]
        memo = self._reach_store()
        mkey = ("entry", cls, ma, entries, block)
        out = memo.get(mkey)
        if out is None:
            out = {}
            for e in sorted(entries):
                if e in block or e not in self.area:
                    continue
                c0 = self.t.terrain[self.board.terrain[e]]["cost"].get(cls)
                if c0 == "P":
                    continue
                out.setdefault(e, (e,))
                left = ma - float(c0)
                if left <= 0:
                    continue
                for d, p in self._paths_plain(e, left, ma, cls, block).items():
                    if d not in out and d not in enemy:
                        out[d] = (e,) + p
            memo[mkey] = out
        state._cache[key] = out
        return out

    def _paths_plain(self, start: Hex, mp: float, ma: int, cls: str, block: frozenset) -> dict[Hex, tuple[Hex, ...]]:
        """Cheapest paths without the minimum move (entering units, §7.7)."""
        r = reachable(start, mp, edges=self._edges(cls, ma), blocked=block.__contains__)
        return r.all_paths()

    def mp_of(self, state, uid: str) -> tuple[float, int]:
        """MP left for a move: MA, less half (rounded up) to change from Fire Mode (§5)."""
        ma = self.spec(uid).ma
        spent = self.carrier_spent(state, uid)  # 1.11b: loading or unloading costs half the MA
        if self.mode(state, uid) == "fire" and state.units[uid].where == ON_MAP:
            return max(0, ma - math.ceil(ma / 2) - spent), ma
        return float(max(0, ma - spent)), ma

    def _cost_fn(self, uid: str):
        s = self.spec(uid)
        return lambda a, b: self.ter.step_cost(a, b, s.move_class, s.ma)

    def _dest_ok(self, state, uid: str, start: Hex | None, dest: Hex, enemy) -> Illegal | None:
        if self.status(state, uid) == "S":  # ``enemy``: the hexes holding enemy units (_block_set)
            if any(n in enemy for n in self.board.adjacent(dest)):
                return Illegal("§12.4", f"{uid} is Suppressed: it may not end a move next to a spotted enemy")
        return self.check_order_move(state, uid, start, dest)

    def _dest_filter(self, state, uid: str, start: Hex, enemy):
        """``_dest_ok(...) is None`` as a test of the destination, built once per unit (None:
        every destination passes): reach filters every hex the unit reaches with it."""
        orders = self.order_move_filter(state, uid, start)
        if self.status(state, uid) != "S":
            return orders
        adj = self.board.adjacent

        def calm(d: Hex) -> bool:  # §12.4: a Suppressed unit ends no move next to an enemy
            return not any(n in enemy for n in adj(d)) and (orders is None or orders(d))
        return calm

    def check_move(self, state, a: Move) -> Illegal | None:
        u = state.units[a.unit]
        if not a.path:
            return Illegal("§7", "a move needs at least one hex")
        if u.id in state.extra.get("acted", frozenset()):
            return Illegal("§3.4", f"{u.id} has already acted this phase (Decision 5)")
        if u.where == ARRIVING:
            if u.arrives > state.turn:
                return Illegal("§17", f"{u.id} arrives later")
            entries = self.entries_now(state, u.id)
            if a.path[0] not in entries:
                return self._entry_refusal(state, u.id, entries, a.path[0])
            if (self.entry_reach(state, u.id).get(a.dest) is None
                    or not self._path_ok(state, u.id, a.path, entering=True)):
                return self._embankment_refusal(state, u.id, a.path) or \
                    Illegal("§7.1", f"{u.id} cannot reach {hex_name(a.dest)} this phase")
            return None
        if u.where != ON_MAP:
            return Illegal("§7", f"{u.id} is not on the map")
        why = self.riding_refusal(state, u.id, "move by itself")
        if why:
            return why
        if self.spec(u.id).tow and (u.hex in self.ter.hospital or any(h in self.ter.hospital for h in a.path)):
            return Illegal("1.1e", "a tow-only unit goes into or out of the Hospital only by man-handling "
                                   "(manhandle <unit> <hex>)")
        if self.status(state, u.id) == "P":
            return Illegal("§12.4", f"{u.id} is Paralyzed and cannot move")
        why = self.check_order_move(state, u.id, None, a.dest)
        if u.id in state.extra.get("reserve", frozenset()):
            return why
        why = self._embankment_refusal(state, u.id, a.path)
        if why:
            return why
        for h in a.path:
            why = self.boundary_refusal(u.id, h, "moves")  # 4.3: the whole path, not only its end
            if why:
                return why
            if h in self.ter.wire and self.wire_state(state, h) < 2:
                return Illegal("1.4a", f"{hex_name(h)} holds wire that is not fully breached: only a breach "
                                       "attempt enters it")
            if h not in self.area:
                return Illegal(self._scen_rule(), f"{hex_name(h)} is outside this scenario's play area")
        if a.dest not in self.reach(state, u.id):
            blocked, enemy = self._blocked(state, u.id)
            why = self._dest_ok(state, u.id, u.hex, a.dest, enemy) or self.no_orders_refusal(state, u.id, a.dest)
            if why:
                return why
            return Illegal("§7.1", f"{u.id} cannot reach {hex_name(a.dest)}: too far, prohibited terrain, "
                                   "unbreached wire (1.4a) or an enemy hex")
        if not self._path_ok(state, u.id, a.path):
            return Illegal("§7.1", f"that path costs more than {u.id}'s {self.mp_of(state, u.id)[0]:g} MP")
        return None

    def _embankment_refusal(self, state, uid: str, path) -> Illegal | None:
        """1.2d: no vehicle enters (or passes through) an embankment hex that already holds two
        vehicles; the movement search treats such hexes as blocked (``_block_set``)."""
        if not self.spec(uid).vehicle:
            return None
        for h in path:
            if h in self.ter.rail and sum(1 for x in state.units_at(h)
                                          if x.id != uid and self.spec(x.id).vehicle) >= 2:
                return Illegal("1.2d", f"{hex_name(h)} is a railway embankment hex that already holds two vehicles: "
                                       "no third may enter it, even in passing")
        return None

    def _scen_rule(self) -> str:
        """The scenario's own rule id (``SCEN-3`` for s3-assault-the-line)."""
        num = self.scen.id.split("-", 1)[0].lstrip("s")
        return f"SCEN-{num}" if num.isdigit() else "SCEN"

    def _entry_refusal(self, state, uid: str, entries, first: Hex) -> Illegal:
        """Where an arriving unit must come on: its scenario hex (Scen. 1: 3-Recon at the Train
        Station), the Entry Areas of a released reinforcement (1.10h: Spanish A-D, others E-H;
        not an area an intact Soviet battalion has closed), else the Soviet north edge east of
        the highway (1.10g); the nearest free hexes when the enemy holds those (BW-R9)."""
        e = self.entry(uid)
        rule = self._scen_rule() if e.at else ("1.10h" if e.side == "axis" else "1.10g")
        some = ", ".join(hex_name(h) for h in sorted(entries)[:3]) + (" ..." if len(entries) > 3 else "")
        closed = self.closed_areas(state) if (e.enter and not e.at) else frozenset()
        if closed:
            area = self.exit_area(first) if first in self.edge_hexes else ""
            if area in closed or not entries:
                shut = ", ".join(sorted(closed))
                return Illegal("1.10h", f"an intact Soviet battalion has exited through Entry Area(s) {shut}: "
                                        f"Axis reinforcements may no longer enter there"
                                        + (f"; {uid} enters at {some}" if entries else f", and {uid} has no other"))
        displaced = bool(entries) and entries.isdisjoint(self.entries_of(uid))
        if displaced:
            return Illegal(rule, f"the enemy holds {uid}'s entry hexes: it comes on at the nearest hexes it can "
                                 f"enter instead, {some} (decision BW-R9)")
        if first in self._block_set(state, uid)[1]:
            return Illegal(rule, f"{hex_name(first)} holds an enemy unit: {uid} enters at another of its entry "
                                 f"hexes ({some})")
        if e.at:
            return Illegal(rule, f"{uid} enters at {some} (the scenario's set-up)")
        if e.side == "axis":
            return Illegal(rule, f"{uid} enters through its Entry Areas "
                                 f"({e.enter.replace('+', ', ') or 'none open'}: {some}); "
                                 "Spanish units use A-D, other Axis units E-H")
        return Illegal(rule, f"{uid} enters from the north map edge east of the Leningrad-Moscow highway "
                             f"({some})")

    def _path_ok(self, state, uid: str, path, entering: bool = False) -> bool:
        blocked, _ = self._blocked(state, uid)
        u = state.units[uid]
        mp, ma = (float(self.spec(uid).ma), self.spec(uid).ma) if entering else self.mp_of(state, uid)
        cost = 0.0
        prev = None if entering else u.hex
        for h in path:
            if blocked(h):
                return False
            if prev is None:
                c = self.t.terrain[self.board.terrain[h]]["cost"].get(self.spec(uid).move_class)
                c = None if c == "P" else float(c)
            else:
                if h not in self.board.adjacent(prev):
                    return False
                c = self._cost_fn(uid)(prev, h)
            if c is None:
                return False
            cost += c
            prev = h
        return cost <= mp + 1e-9 or (len(path) == 1 and mp >= ma and not entering)

    def do_move(self, state, a: Move, dice) -> list[Event]:
        u = state.units[a.unit]
        ev: list[Event] = []
        mode = dict(state.extra.get("mode", {}))
        if u.where == ON_MAP and mode.get(u.id, "fire") == "fire":
            ev.append(Event("mode", f"{u.id} changes to Move Mode (half its MA, §5)"))
        mode[u.id] = "move"
        state.extra["mode"] = mode
        state.extra["dug"] = state.extra.get("dug", frozenset()) - {u.id}  # Dug In lost on moving (§5)
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {u.id}
        state.extra["moved_mm"] = state.extra.get("moved_mm", frozenset()) | {u.id}
        state.extra["moved_turn"] = state.extra.get("moved_turn", frozenset()) | {u.id}
        state.extra["last_mover"] = u.id
        riders = self.riders_of(state, u.id) if u.where == ON_MAP else []
        prev = u.hex
        for h in a.path:
            cur = state.units[u.id]
            trench_move = (prev is not None and self.ter.is_trench(prev) and self.ter.is_trench(h)
                           and not self.spec(u.id).vehicle)
            t2t = set(state.extra.get("t2t", frozenset()))
            (t2t.add if trench_move else t2t.discard)(u.id)  # 1.3c
            state.extra["t2t"] = frozenset(t2t)
            state.units[u.id] = cur.at(h)
            if riders:
                self.carried_along(state, u.id, riders)  # 1.11b
            state.touch()
            ev.append(Event("moved", f"{u.id} enters {hex_name(h)}", {"unit": u.id, "hex": hex_name(h)}))
            ev += self.barrage_on_entry(state, dice, u.id, h)
            if state.units[u.id].where == ON_MAP and not self.status(state, u.id):
                ev += self.overwatch(state, dice, u.id)
            if state.units[u.id].where != ON_MAP:
                break  # eliminated on the way: its elimination event says so
            st = self.status(state, u.id)
            if st:
                ev.append(Event("moved", f"{u.id} stops: it is {'Suppressed' if st == 'S' else 'Paralyzed'} "
                                         "(§12.4)"))
                break
            prev = h
        state.moved.add(u.id)
        return ev

    def check_mode(self, state, a: Mode) -> Illegal | None:
        u = state.units[a.unit]
        if u.where != ON_MAP:
            return Illegal("§5", f"{a.unit} is not on the map")
        if self.mode(state, a.unit) == a.mode:
            return Illegal("§5", f"{a.unit} is already in {a.mode.capitalize()} Mode")
        if self.status(state, a.unit) == "P":
            return Illegal("§12.4", f"{a.unit} is Paralyzed: no mode change")
        why = self.riding_refusal(state, a.unit, "change mode")
        if why:
            return why
        acted = a.unit in state.extra.get("acted", frozenset())
        if a.mode == "fire" and acted and state.extra.get("last_mover") != a.unit:
            return Illegal("§5", f"{a.unit} may change to Fire Mode only at the end of its own move")
        if a.mode == "move" and acted:
            return Illegal("§3.4", f"{a.unit} has already acted this phase")
        if a.mode == "move" and a.unit in state.extra.get("reserve", frozenset()):
            return Illegal("§16.8", f"{a.unit} is in reserve")
        return None

    def do_mode(self, state, a: Mode, dice) -> list[Event]:
        mode = dict(state.extra.get("mode", {}))
        mode[a.unit] = a.mode
        state.extra["mode"] = mode
        if a.mode == "fire":  # when, for man-handling (1.1e: in a later Action Phase)
            since = dict(state.extra.get("fire_since", {}))
            since[a.unit] = (state.turn, state.extra.get("phasing"))
            state.extra["fire_since"] = since
        state.extra["last_mover"] = None
        ev = [Event("mode", f"{a.unit} changes to {a.mode.capitalize()} Mode", {"unit": a.unit, "mode": a.mode})]
        if a.mode == "move":
            state.extra["acted"] = state.extra.get("acted", frozenset()) | {a.unit}
            state.extra["dug"] = state.extra.get("dug", frozenset()) - {a.unit}
            state.extra["moved_mm"] = state.extra.get("moved_mm", frozenset()) | {a.unit}
            ev += self.overwatch(state, dice, a.unit)  # Decision 47
        return ev

