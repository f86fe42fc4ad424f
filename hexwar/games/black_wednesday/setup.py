"""Set-up and reinforcements beyond Scenario 1: set-up areas with several centres ("w/i 2
B19.26 and/or B24.25"), units allowed in several areas (1.10f: company or battalion area),
pre-game step losses and battalion morale (1.10c, 1.10d), entry through the Entry Areas
(1.10h) and the German variable reinforcements (3.5) with their instant order (3.5c)."""
from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, parse_hex
from ...core.units import ARRIVING, ELIMINATED, ON_MAP, UNPLACED, Unit
from .combat import roll2
from .tables import _band, _bands, _get, _read, tables_dir

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

NEVER = 999  # the arrival turn of a unit waiting in a variable-reinforcement pool
# Set-up areas the rulebook cuts with a hexside line: (scenario, area) -> the hexside feature
# whose far side (seen from the area's centre) is left out. Scen. 6: "Ind Tank: w/i 4 B12.32
# north of AT ditch" (decision S6-2; B12.32 lies north of the ditch).
CUT_AREAS = {("s6-the-assault-continues", "ITB"): "at_ditch"}
# the refusal of anything but a placement, a breach or the end during the Soviet set-up
SOVIET_SETTING_UP = ("1.10b", "the Soviet player is setting up: place units (and deploy wire breaches)")


class Setup(_Rules):
    """Mixin for BWRules."""

    def area_hexes_of(self, within: int, centres: str) -> frozenset[Hex]:
        cs = [parse_hex(c) for c in centres.split("+")]
        return frozenset(h for h in self.area if any(distance(h, c) <= within for c in cs))

    def unit_areas(self, uid: str) -> frozenset[Hex]:
        """1.10f: every set-up area the unit may use ('any' = all of its side's areas)."""
        e = self.entry(uid)
        if e.area == "any":  # any area of the unit's own side
            return frozenset().union(*(self.set_up_area(k) for k in self.area_hexes
                                       if self.scen.area_side.get(k, e.side) == e.side))
        return frozenset().union(*(self.set_up_area(a) for a in e.area.split("+")))

    def set_up_area(self, k: str) -> frozenset[Hex]:
        """The hexes of set-up area ``k``; an area cut by a hexside line (CUT_AREAS) keeps only
        the hexes reached from its centre without crossing that line."""
        hs = self.area_hexes[k]
        cut = CUT_AREAS.get((self.scen.id, k))
        if cut is None:
            return hs
        got = self.__dict__.setdefault("_cut_areas", {})
        if k not in got:
            centre = self.ids.parse(self.scen.areas[k][1].split("+")[0])
            side = self.board.side_kinds
            keep, todo = {centre}, [centre]
            while todo:
                h = todo.pop()
                for n in self.board.adjacent(h):
                    if n in hs and n not in keep and cut not in side(h, n):
                        keep.add(n)
                        todo.append(n)
            got[k] = frozenset(keep & hs)
        return got[k]

    def enter_hexes(self, regions: str) -> frozenset[Hex]:
        """1.10h: the Entry Areas a released unit comes on through (those in the play area)."""
        out: set[Hex] = set()
        for r in regions.split("+"):
            out |= set(self.board.regions.get(r, frozenset()))
        return frozenset(h for h in out if h in self.area)

    def closed_areas(self, state) -> frozenset[str]:
        """1.10h: the Entry Area letters an intact Soviet battalion (80% of its original steps,
        decision BW-E2) has exited through; the Axis may no longer bring reinforcements there."""
        if not state.extra.get("exited"):
            return frozenset()
        key = ("closed_areas",)
        got = state._cache.get(key)
        if got is None:
            bns = self.soviet_formations("battalion").values()
            got = frozenset(k for k in "ABCDEFGH" if any(self.intact_exit(state, us, k) for us in bns))
            state._cache[key] = got
        return got

    def _area_hexes_open(self, state, regions: str) -> frozenset[Hex]:
        """enter_hexes() less the areas 1.10h has closed (the same object while none is closed)."""
        hexes = self.enter_hexes(regions)
        closed = self.closed_areas(state)
        if not closed:
            return hexes
        shut = frozenset().union(*(self.board.regions.get(f"Entry Area {k}", frozenset()) for k in closed))
        return hexes - shut

    def _passable_entries(self, uid: str, hexes: frozenset[Hex]) -> frozenset[Hex]:
        """Those of ``hexes`` in the play area whose terrain the unit's class may enter (kept per
        class and hex set)."""
        cls = self.spec(uid).move_class
        got = self.__dict__.setdefault("_passable_memo", {})
        key = (cls, hexes)
        if key not in got:
            cost = self.t.terrain
            got[key] = frozenset(h for h in hexes if h in self.area
                                 and cost[self.board.terrain[h]]["cost"].get(cls) not in (None, "P"))
        return got[key]

    def entries_now(self, state, uid: str) -> frozenset[Hex]:
        """Where an arriving unit may come on in this state (decision BW-R9).

        Normally its entry hexes (``entries_of``; 1.10h: less the Entry Areas an intact Soviet
        battalion has closed). When the unit could enter none of them and at least one holds an
        enemy unit, it comes on at the nearest hexes it can enter instead: for an edge entry the
        nearest map-edge hexes of the play area (not in a closed area), for a scenario hex (Scen.
        1: the Train Station) the nearest hexes of the play area; hex distance to the nearest
        entry hex, every equally near hex offered."""
        e = self.entry(uid)
        base = self._area_hexes_open(state, e.enter) if (e.enter and not e.at) else self.entries_of(uid)
        if not base:
            return base
        block, enemy = self._block_set(state, uid)
        passable = self._passable_entries(uid, base)
        if any(h not in block for h in passable):
            return base
        if enemy.isdisjoint(base):
            return base  # blocked by wire, stacking or a boundary only: it waits, as before
        key = ("entries_now", uid, base, block)
        memo = self._reach_store()
        got = memo.get(key)
        if got is None:
            pool = self.area if e.at else self.edge_hexes
            if e.enter and not e.at:
                pool = pool - (self.enter_hexes(e.enter) - base)  # never a closed area (1.10h)
            pool = self._passable_entries(uid, frozenset(pool)) - base
            best: dict[int, list[Hex]] = {}
            for h in pool:
                if h not in block:
                    best.setdefault(min(distance(h, b) for b in base), []).append(h)
            got = self._intern(frozenset(best[min(best)])) if best else frozenset()
            memo[key] = got
        return got

    def initial_units(self, units: dict[str, Unit]) -> dict[str, Unit]:
        """1.10c: steps lost before play; a unit left with none starts in the dead pile (it
        counts as lost, 5.0). Units of a variable pool wait (arrival turn NEVER)."""
        out = dict(units)
        for e in self.scen.units:
            u = out[e.id]
            if e.pool:
                out[e.id] = Unit(u.id, u.spec, ARRIVING, None, u.steps, True, NEVER)
            elif e.losses:
                left = u.steps - e.losses
                out[e.id] = (Unit(u.id, u.spec, u.where, u.hex, left, u.revealed, u.arrives) if left > 0
                             else u.at(None, ELIMINATED))
        # 1.10c: a formation's losses, spread one step at a time over its units with the most
        # steps left (decision S4-1); a unit keeps its last step while another has two
        for (side, form), n in sorted(self.scen.losses.items()):
            us = [e.id for e in self.scen.units if e.side == side and form in (e.battalion, self.company(e.id))
                  and out[e.id].where != ELIMINATED]
            for _ in range(n):
                alive = [x for x in us if out[x].where != ELIMINATED]
                if not alive:
                    break
                uid = max(alive, key=lambda x: (out[x].steps, x))
                u = out[uid]
                out[uid] = (Unit(u.id, u.spec, u.where, u.hex, u.steps - 1, u.revealed, u.arrives) if u.steps > 1
                            else u.at(None, ELIMINATED))
        return out

    def initial_lost(self, units: dict[str, Unit]) -> dict[str, int]:
        lost = {"soviet": 0, "axis": 0}
        for e in self.scen.units:
            if units[e.id].where == ELIMINATED:
                lost[e.side] += 1
        return lost

    # --- German variable reinforcements (3.5) ------------------------------------------------
    def german_pool(self, state) -> dict[str, list[str]]:
        """Companies still waiting, by kind: infantry, armour, flak."""
        out: dict[str, list[str]] = {"infantry": [], "armour": [], "flak": []}
        seen = set()
        for e in self.scen.units:
            if e.pool != "german" or state.units[e.id].arrives != NEVER:
                continue
            comp = self.company(e.id)
            if comp in seen:
                continue
            seen.add(comp)
            s = self.spec(e.id)
            kind = "armour" if s.vehicle else ("flak" if "flak" in e.type else "infantry")
            out[kind].append(comp)
        return out

    def german_roll(self, state, dice) -> list[Event]:
        """3.5: at the beginning of the Command Phase once a Soviet unit has entered a trench
        hex; 2d6 (+2 with variant 4.1b) on the reconstructed table (reinforcements.yaml)."""
        if "3.5" not in self.scen.variable or not state.extra.get("trench_entered"):
            return []
        pool = self.german_pool(state)
        if not any(pool.values()):
            return []
        roll, ev = roll2(dice)
        mod = 2 if self.options.get("german_cooperation") else 0
        res = _band(german_bands(), roll + mod)
        ev.append(Event("reinforcement", f"German variable reinforcement roll {roll}{f'+{mod}' if mod else ''}: "
                                         f"{ {'none': 'nothing', 'type_a': 'Type A', 'type_b': 'Type B'}[res]} (3.5)"))
        if res != "none" and self.german_choices(state, res):
            # decision BW-R1: a result waits until the Axis player commits it (units may come later)
            state.extra["german_release"] = tuple(state.extra.get("german_release") or ()) + (res,)
        return ev

    def german_choices(self, state, res: str) -> list[str]:
        pool = self.german_pool(state)
        inf = pool["infantry"]
        if res == "type_a":
            return list(inf)
        out = list(pool["armour"]) + list(pool["flak"]) + [f"{a}+{b}" for a, b in combinations(inf, 2)]
        return out or list(inf)  # a Type B with one company left still brings it

    def german_actions(self, state) -> list:
        from .orders import INSTANT_TYPES, OrderAct

        pend = state.extra.get("german_release") or ()
        if not pend:
            return []
        objs = [p for p in self.presets_for(state, "axis", ()) if p != "here"]
        return [OrderAct("german", (c, t, p)) for c in self.german_choices(state, pend[0])
                for t in INSTANT_TYPES for p in objs]

    def check_german(self, state, a) -> Illegal | None:
        from .orders import INSTANT_TYPES

        pend = state.extra.get("german_release") or ()
        if not pend or state.phase != "command" or state.extra.get("cmd", "axis") != "axis":
            return Illegal("3.5", "no German reinforcement result is waiting (the Axis commits it in its Command step)")
        comps, t, obj = a.args
        if comps not in self.german_choices(state, pend[0]):
            return Illegal("3.5", "Type A releases one infantry company; Type B one armour company, KG III Flak "
                                  "or two infantry companies")
        if t not in INSTANT_TYPES:
            return Illegal("3.5c", "an instant order may be Attack, Move or Hasty Defense, never Prepared Defense")
        if obj == "here":
            return Illegal("3.5c", "the reinforcements are not on the map yet: name objective hexes")
        return self._check_objective(obj, "axis", ())

    def apply_german(self, state, a) -> list[Event]:
        """3.5b/3.5c: the companies arrive this turn through Entry Areas E-H with an instant
        order, implemented at once."""
        comps, t, obj = a.args
        names = set(comps.split("+"))
        uids = tuple(sorted(e.id for e in self.scen.units if e.pool == "german" and self.company(e.id) in names))
        state.extra["german_release"] = tuple(state.extra.get("german_release") or ())[1:]
        return self._release_with_order(state, uids, t, obj, "3.5: through Entry Areas E-H, 3.5b, 3.5c")

    # --- every variable reinforcement roll of the Command Phase ------------------------------
    def variable_rolls(self, state, dice) -> list[Event]:
        """At the start of the Command Phase: German (3.5), Spanish (3.3) and the Soviet 14 Rgt
        (2.7), for the rules the scenario names (decision BW-R5: all at the start)."""
        return (self.german_roll(state, dice) + self.spanish_roll(state, dice) + self.soviet_14_roll(state, dice)
                + self.return_battalion(state))

    # --- the Return Battalion (3.4) ----------------------------------------------------------
    RETURN_STEPS = 15
    INFANTRY = ("spa_infantry", "spa_mr_infantry", "spa_engineer", "spa_ski", "spa_recon")

    def return_battalion(self, state) -> list[Event]:
        """3.4: in the 2200 Feb 10 Command Phase the Spanish player may restore up to 15 lost
        infantry steps (not MG, mortar or gun) to units on the map; what is not used then is
        lost (decision BW-R8: one step per ``restore <unit>``, only in that Command Phase)."""
        if "3.4" not in self.scen.variable or self.time(state) != 2200 or state.extra.get("return_bn"):
            return []
        state.extra["return_bn"] = (state.turn, self.RETURN_STEPS)
        return [Event("reinforcement", "2200: the Return Battalion brings 15 infantry steps for Spanish "
                                       "units that have lost steps (3.4)")]

    def restorable(self, state) -> list[str]:
        turn, left = state.extra.get("return_bn") or (0, 0)
        if turn != state.turn or left <= 0 or state.extra.get("cmd", "axis") != "axis":
            return []
        return sorted(u.id for u in self.on_map(state, "axis")
                      if self.entry(u.id).type in self.INFANTRY and u.steps < self.spec(u.id).steps)

    def restore_actions(self, state) -> list:
        from ...core.actions import Restore

        return [Restore(uid) for uid in self.restorable(state)]

    def check_restore(self, state, a) -> Illegal | None:
        if a.unit not in self.restorable(state):
            return Illegal("3.4", f"{a.unit} cannot take a Return Battalion step now: only Spanish infantry "
                                  "(not MG, mortar or gun) on the map that has lost steps, in the 2200 Axis "
                                  "Command step, while steps remain")
        return None

    def apply_restore(self, state, a) -> list[Event]:
        turn, left = state.extra["return_bn"]
        u = state.units[a.unit]
        state.units[a.unit] = Unit(u.id, u.spec, u.where, u.hex, u.steps + 1, u.revealed, u.arrives)
        state.extra["return_bn"] = (turn, left - 1)
        return [Event("restored", f"{a.unit} gets a step back from the Return Battalion ({left - 1} left, 3.4)")]

    # --- Spanish divisional reserve (3.3) ------------------------------------------------------
    def spanish_items(self, state) -> list[str]:
        """Items still waiting, in release order ('spanish:<n>' pools; reinforcements.yaml)."""
        items = sorted({e.pool for e in self.scen.units if e.pool.startswith("spanish:")
                        and state.units[e.id].arrives == NEVER}, key=lambda p: int(p.split(":")[1]))
        pend = set(state.extra.get("spanish_release") or ())
        return [i for i in items if i not in pend]

    def spanish_roll(self, state, dice) -> list[Event]:
        if "3.3" not in self.scen.variable or not state.extra.get("trench_entered"):
            return []
        items = self.spanish_items(state)
        if not items:
            return []
        roll, ev = roll2(dice)
        res = _band(spanish_bands(), roll)
        if res == "release":
            state.extra["spanish_release"] = tuple(state.extra.get("spanish_release") or ()) + (items[0],)
            comps = sorted({self.company(e.id) for e in self.scen.units if e.pool == items[0]})
            return ev + [Event("reinforcement", f"Spanish variable reinforcement roll {roll}: {', '.join(comps)} "
                                                "released; the Axis gives it an instant order (3.3a, 3.3b)")]
        return ev + [Event("reinforcement", f"Spanish variable reinforcement roll {roll}: nothing (3.3a)")]

    def spanish_actions(self, state) -> list:
        from .orders import INSTANT_TYPES, OrderAct

        if not state.extra.get("spanish_release") or state.extra.get("cmd", "axis") != "axis":
            return []
        objs = [p for p in self.presets_for(state, "axis", ()) if p != "here"]
        return [OrderAct("spanish", (t, p)) for t in INSTANT_TYPES for p in objs]

    def check_spanish(self, state, a) -> Illegal | None:
        from .orders import INSTANT_TYPES

        if (not state.extra.get("spanish_release") or state.phase != "command"
                or state.extra.get("cmd", "axis") != "axis"):
            return Illegal("3.3b", "no Spanish reinforcements are waiting for their instant order")
        t, obj = a.args
        if t not in INSTANT_TYPES:
            return Illegal("3.3b", "an instant order may be Attack, Move or Hasty Defense, never Prepared Defense")
        if obj == "here":
            return Illegal("3.3b", "the reinforcements are not on the map yet: name objective hexes")
        return self._check_objective(obj, "axis", ())

    def apply_spanish(self, state, a) -> list[Event]:
        t, obj = a.args
        pend = tuple(state.extra.get("spanish_release") or ())
        item, state.extra["spanish_release"] = pend[0], pend[1:]
        uids = tuple(sorted(e.id for e in self.scen.units if e.pool == item))
        return self._release_with_order(state, uids, t, obj, "3.3a, 3.3b: through Entry Areas A-D")

    def _release_with_order(self, state, uids, t, obj, why) -> list[Event]:
        for uid in uids:
            u = state.units[uid]
            state.units[uid] = Unit(u.id, u.spec, ARRIVING, None, u.steps, True, state.turn)
        forms = tuple(sorted({self.formation(u) for u in uids}))
        orders = dict(self.orders(state))
        n = 1 + len(orders)
        while f"A{n}" in orders:
            n += 1
        oid = f"A{n}"
        orders[oid] = {"id": oid, "side": "axis", "type": t, "objective": tuple(self.objective_names(obj, "axis", ())),
                       "members": forms, "wt": 0, "status": "implemented", "released": None,
                       "rolled": state.turn, "origin": "instant", "uncoordinated": False}
        self._set_orders(state, orders)
        state.touch()
        return [Event("reinforcement", f"{', '.join(forms)} enter this turn on instant {t} order {oid} toward {obj} "
                                       f"({why})")]

    # --- Soviet 14 Rifle Regiment (2.7) ----------------------------------------------------
    def soviet_14_roll(self, state, dice) -> list[Event]:
        """2.7: once every unit of the Spanish I-263 has entered play, 2d6 11-12 releases the
        14 Rgt; it enters this turn from the north edge on the 72 Division's order."""
        if "2.7" not in self.scen.variable:
            return []
        waiting = [e.id for e in self.scen.units if e.pool == "soviet_14" and state.units[e.id].arrives == NEVER]
        i263 = [e.id for e in self.scen.units if e.battalion == "I-263"]
        if not waiting or not i263 or any(state.units[u].where not in (ON_MAP, ELIMINATED) for u in i263):
            return []
        roll, ev = roll2(dice)
        if roll < 11:
            return ev + [Event("reinforcement", f"14 Rifle Regiment release roll {roll}: not yet (2.7, needs 11-12)")]
        for uid in waiting:
            u = state.units[uid]
            state.units[uid] = Unit(u.id, u.spec, ARRIVING, None, u.steps, True, state.turn)
        state._cache.pop("bw_orders", None)
        state.touch()
        return ev + [Event("reinforcement", f"14 Rifle Regiment release roll {roll}: it enters this turn from the "
                                            "north edge and joins the 72 Division's order (2.7)")]

    # --- the Soviet set-up (1.10b, 1.10e; Scen. 4-8) -------------------------------------
    def soviet_setup_hexes(self, state, uid: str) -> frozenset[Hex]:
        """1.10e areas; 2.1f: a unit under looting (on no implemented order) sets up no
        farther south than the looting limit."""
        looted = self.order_of(state, uid) is None
        open_wire = state._cache.get(("open_wire",))
        if open_wire is None:  # fully breached wire hexes, once per state
            open_wire = state._cache[("open_wire",)] = frozenset(h for h in self.ter.wire
                                                                 if self.wire_state(state, h) == 2)
        memo = self.__dict__.setdefault("_sov_setup_memo", {})
        key = (uid, looted, open_wire)
        got = memo.get(key)
        if got is None:  # the answer depends on these three only (listing speed)
            if len(memo) > 20000:
                memo.clear()
            hs = self.unit_areas(uid)
            if looted:
                hs = hs & self.looting_limit()
            got = memo[key] = frozenset(h for h in hs if h not in self.ter.wire or h in open_wire)
        return got

    def breach_hexes(self, state) -> list[Hex]:
        sov = frozenset().union(*(hs for k, hs in self.area_hexes.items() if self.scen.area_side.get(k) == "soviet"))
        return sorted(h for h in self.ter.wire if h in sov and self.wire_state(state, h) < 2)

    def soviet_setup_actions(self, state, only=None) -> list:
        from ...core.actions import Choose, EndPhase, Place

        out: list = []
        if state.extra.get("breaches_left", self.scen.breaches) > 0:
            out += [Choose("breach", self.ids.name(h)) for h in self.breach_hexes(state)]
        todo = sorted(u.id for u in state.units.values() if u.where == UNPLACED and self.side_of(u.id) == "soviet")
        for uid in todo:
            if only is None or uid in only:
                hs = self.soviet_setup_hexes(state, uid)
                memo = self.__dict__.setdefault("_sov_places_memo", {})
                got = memo.get(uid)
                if got is None or got[0] is not hs:  # the same hexes object: the same Place list
                    got = memo[uid] = (hs, [Place(uid, h) for h in sorted(hs)])
                out += got[1]
        if not todo:
            out.append(EndPhase())
        return out

    def check_soviet_setup(self, state, a) -> Illegal | None:
        from ...core.actions import Choose, EndPhase, Place

        if isinstance(a, Choose) and a.what == "breach":
            if state.extra.get("breaches_left", self.scen.breaches) <= 0:
                return Illegal("SCEN", "every wire breach the scenario grants is deployed")
            h = self._parse(a.value)
            if h is None or h not in self.breach_hexes(state):
                return Illegal("SCEN", f"{a.value} is not an unbreached wire hex of a Soviet set-up area")
            return None
        if isinstance(a, Place):
            u = state.units.get(a.unit)
            if u is None or self.side_of(a.unit) != "soviet" or u.where != UNPLACED:
                return Illegal("1.10e", f"{a.unit} is not a Soviet unit waiting to set up")
            if a.hex not in self.soviet_setup_hexes(state, a.unit):
                return Illegal("1.10e", f"{a.unit} sets up in its battalion's area (mortars and regimental guns "
                                        "also in the regiment's), not in wire, and under looting (2.1f) not "
                                        "beyond 5 hexes south of the second trench line")
            return None
        if isinstance(a, EndPhase):
            left = [u.id for u in state.units.values() if u.where == UNPLACED and self.side_of(u.id) == "soviet"]
            return Illegal("1.10a", f"set up every unit first ({len(left)} left, e.g. {left[0]})") if left else None
        return Illegal(*SOVIET_SETTING_UP)

    def apply_soviet_setup(self, state, a) -> list[Event]:
        from ...core.actions import Choose, Place

        if isinstance(a, Choose):
            h = self.ids.parse(a.value)
            wire = dict(state.extra.get("wire", {}))
            wire[h] = 2
            state.extra["wire"] = wire
            state.extra["breaches_left"] = state.extra.get("breaches_left", self.scen.breaches) - 1
            return [Event("breach", f"wire in {a.value} fully breached before play (scenario set-up)")]
        if isinstance(a, Place):
            state.units[a.unit] = state.units[a.unit].at(a.hex)
            return [Event("placed", f"{a.unit} sets up in {a.hex and self.ids.name(a.hex)}")]
        state.phase = "axis_setup"
        return [Event("phase", "Axis set-up (1.10f)")]

    # --- 1.10f trench coverage and the 4.4 free set-up -------------------------------------
    def free_setup(self) -> bool:
        """Variant 4.4 (game option ``axis_free_setup``): Scenarios 1-3 only."""
        return bool(self.options.get("axis_free_setup")) and self.scen.id[:3] in ("s1-", "s2-", "s3-")

    def covers(self, uid: str) -> bool:
        """Whose units cover a trench hex: Spanish units (1.10f), any Axis unit (4.4)."""
        return self.side_of(uid) == "axis" and (self.free_setup() or self.nation(uid) == "spanish")

    def cover_required(self) -> frozenset[Hex]:
        """The trench hexes that must end the Axis set-up occupied by, or next to, a covering
        unit: 1.10f, in every Axis set-up area centred on a trench hex, its trench hexes next
        to the wire (Scenarios 1-3); 4.4, every trench hex of the play area. Only hexes some
        covering unit could stand in or next to count (decision BW-S1)."""
        got = self.__dict__.get("_cover_required")
        if got is None:
            req: set[Hex] = set()
            if self.free_setup():
                req = set(self.trench_hexes)
            elif self.scen.id[:3] not in ("s1-", "s2-", "s3-"):
                pass  # Scen. 4-8: the Soviets hold parts of the line and set up first (BW-S1)
            else:
                for k, (_w, centres) in self.scen.areas.items():
                    if self.scen.area_side.get(k, "axis") != "axis":
                        continue
                    if not any(self.ids.parse(c) in self.trench_hexes for c in centres.split("+")):
                        continue
                    req |= {h for h in self.area_hexes[k] if h in self.trench_hexes
                            and any(n in self.ter.wire for n in self.board.adjacent(h))}
            stand = self._cover_stand()
            got = frozenset(h for h in req if h in stand or any(n in stand for n in self.board.adjacent(h)))
            self.__dict__["_cover_required"] = got
        return got

    def _cover_stand(self) -> frozenset[Hex]:
        got = self.__dict__.get("_cover_stand_hexes")
        if got is None:
            got = frozenset().union(*(self.setup_hexes(e.id) for e in self.scen.units
                                      if self.starts_unplaced(e) and self.covers(e.id)))
            self.__dict__["_cover_stand_hexes"] = got
        return got

    def uncovered(self, state) -> frozenset[Hex]:
        """Required hexes not yet occupied by or next to a covering unit, less those whose
        every hex around is held by the Soviets (nothing can cover them), once per state."""
        got = state._cache.get("bw_uncovered")
        if got is None:
            req = self.cover_required()
            if not req:
                got = frozenset()
            else:
                cov = {h for h, us in state.occupied().items() if any(self.covers(u.id) for u in us)}
                held = self._soviet_held(state)
                free = self._cover_stand() - held
                adj = self.board.adjacent
                got = frozenset(h for h in req if h not in cov and not any(n in cov for n in adj(h))
                                and (h in free or any(n in free for n in adj(h))))
            state._cache["bw_uncovered"] = got
        return got

    def allowed_setup(self, state, uid: str) -> frozenset[Hex] | None:
        """Where an Axis unit may set up now, when trench hexes wait for cover (None: anywhere
        in its set-up hexes). Decision BW-S1: while a required hex is uncovered, a covering unit
        that can cover one must (covering first reaches every set-up the rule allows), and the
        last unit able to cover a hex must cover it when it can."""
        unc = self.uncovered(state)
        if not unc or not self.covers(uid):
            return None
        key = ("bw_allowed", uid)
        if key in state._cache:
            return state._cache[key]
        held = self._soviet_held(state)
        adj = self.board.adjacent
        def ring(h):
            return (h,) + adj(h)
        spots = state._cache.get("bw_spots")
        if spots is None:  # the hexes a covering unit set up in covers an uncovered hex from
            spots = state._cache["bw_spots"] = frozenset(n for r in unc for n in ring(r))
        free = self.setup_hexes(uid) - held if held else self.setup_hexes(uid)
        mine = spots & free
        if not mine:
            state._cache[key] = None
            return None
        # the hexes only this unit can still cover
        able = self._able_counts(state)
        only = [r for r in unc if able.get(r, 0) == 1 and any(n in free for n in ring(r))]
        out = mine
        if only:
            must = frozenset(h for h in mine if all(h == r or h in adj(r) for r in only))
            if must:
                out = must
        state._cache[key] = out
        return out

    def _able_counts(self, state) -> dict[Hex, int]:
        """Uncovered hex -> how many unplaced covering units could still cover it."""
        got = state._cache.get("bw_able")
        if got is None:
            held = self._soviet_held(state)
            adj = self.board.adjacent
            static = self._able_static()
            got = {}
            for r in self.uncovered(state):
                ring = (r,) + adj(r)
                got[r] = sum(1 for uid in static.get(r, ()) if state.units[uid].where == UNPLACED
                             and (not held or any(x in self.setup_hexes(uid) and x not in held for x in ring)))
            state._cache["bw_able"] = got
        return got

    def _able_static(self) -> dict[Hex, tuple[str, ...]]:
        """Required hex -> the covering units whose set-up hexes reach it (fixed: computed once)."""
        got = self.__dict__.get("_able_static_map")
        if got is None:
            adj = self.board.adjacent
            uids = [e.id for e in self.scen.units if self.starts_unplaced(e) and self.covers(e.id)]
            got = {r: tuple(u for u in uids if any(x in self.setup_hexes(u) for x in (r,) + adj(r)))
                   for r in self.cover_required()}
            self.__dict__["_able_static_map"] = got
        return got

    def cover_refusal(self, state) -> Illegal | None:
        """Ending the Axis set-up with a required trench hex uncovered."""
        unc = self.uncovered(state)
        if not unc:
            return None
        names = ", ".join(self.ids.name(h) for h in sorted(unc)[:4]) + (" ..." if len(unc) > 4 else "")
        if self.free_setup():
            return Illegal("4.4", f"every trench hex must hold an Axis unit or be next to one: {names}")
        return Illegal("1.10f", f"trench hexes next to the wire in set-up areas centred on a trench need a Spanish "
                                f"unit in them or next to them: {names} (pick a unit up with remove <unit>)")

    def after_prep_phase(self) -> str:
        """1.10b: after the Prep Log the Soviet player sets up (when the scenario places
        Soviet units), then the Axis player."""
        if any(e.side == "soviet" and e.area and not e.arrives for e in self.scen.units):
            return "soviet_setup"
        return "axis_setup"

    def starts_unplaced(self, e) -> bool:
        return (e.side == "axis" or bool(e.area)) and not e.arrives and not e.pool


@lru_cache(maxsize=1)
def spanish_bands() -> tuple:
    """reinforcements.yaml ``spanish_table`` (RECON; the printed table is on Map A)."""
    where = tables_dir() / "reinforcements.yaml"
    return _bands(_get(_read(tables_dir(), "reinforcements"), "spanish_table.bands", where),
                  "spanish_table.bands", where, "result")


@lru_cache(maxsize=1)
def german_bands() -> tuple:
    """reinforcements.yaml ``german_table`` (RECON; the printed table is on Map A)."""
    where = tables_dir() / "reinforcements.yaml"
    data = _read(tables_dir(), "reinforcements")
    return _bands(_get(data, "german_table.bands", where), "german_table.bands", where, "result")
