"""Orders (TCS-lite §16): Op Sheets as order objects in the state, drawn, accrued, rolled
for on the Command Prep Table, implemented, cancelled and completed during play; what each
order type lets its units do (§16.6), no-orders limits (§16.7), reserves (§16.8, 3.1d), the
Soviet sheet limits and uncoordinated implementation (2.1b-2.1e) and the instant orders of
variable reinforcements (3.3b, 3.5c, 2.7).

An order in ``state.extra['orders']`` (id -> plain dict, replaced on every change):
``side``, ``type``, ``objective`` (hex names), ``members`` (formations: a Soviet division
"43"/"63"/"72" or "armour", an Axis company), ``wt`` (weighted turns), ``status``
("prep" or "implemented"), ``released`` (Soviet orders implementing during play: the
battalions released so far, 2.1e; None once every battalion has gone), ``rolled`` (turn of
the last implementation roll), ``origin`` (scenario / drawn / instant), and ``route`` (the
waypoint hexes of the arrow drawn for it, §16.6) only when one was drawn, so an order without
one is the same dict as before routes existed.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.actions import Event, register_verb
from ...core.errors import Illegal, MalformedError
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ARRIVING, ON_MAP
from .graphic import CORRIDOR, DEFENCE_REACH, MAX_WAYPOINTS, START_WITHIN
from .objectives import PRESETS

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

TYPES = ("attack", "move", "hasty_defense", "prepared_defense")
INSTANT_TYPES = ("attack", "move", "hasty_defense")  # 3.3b / 3.5c: never Prepared Defense
PRE_DRAWN_WT = 15  # 1.10k


def _never(h: Hex) -> bool:
    return False


@dataclass(frozen=True)
class OrderAct:
    """``order draw <type> <objective> <formations> [via <hex+hex...>]`` (the route: the waypoints
    of the order's arrow, §16.6) / ``order set ...`` (before play: an implemented order in place
    of the historical one, 1.10j) / ``order roll <id> [<battalion>]``
    (a Soviet order implementing during play names the battalion that goes if it succeeds,
    2.1e) / ``order cancel <id>`` / ``order german <companies> <type> <objective>`` (released
    German reinforcements and their instant order, 3.5c). Objectives are a preset name or hex
    ids joined by '+'; formations and companies are joined by '+'."""

    op: str
    args: tuple[str, ...]

    def notation(self) -> str:
        return " ".join(("order", self.op) + self.args)


_ARITY = {"draw": (3, 5), "set": (3, 5), "roll": (1, 2), "cancel": (1,), "german": (3,), "spanish": (2,)}


def _order(args):
    if (not args or args[0] not in _ARITY or len(args) - 1 not in _ARITY[args[0]]
            or (args[0] in ("draw", "set") and len(args) == 6 and args[4] != "via")):
        raise MalformedError("order needs: draw|set <type> <objective> <formations> [via <hex+hex...>] | "
                             "roll <id> [<battalion>] | cancel <id> | german <companies> <type> <objective> | "
                             "spanish <type> <objective>")
    return OrderAct(args[0], tuple(args[1:]))


register_verb("order", _order)


def draw_args(a: OrderAct) -> tuple[str, str, str, str | None]:
    """(type, objective, formations, route or None) of an ``order draw`` or ``order set``."""
    return a.args[0], a.args[1], a.args[2], (a.args[4] if len(a.args) == 5 else None)


def d66_chance(need: str | None) -> float:
    """Chance that two dice read as tens and units reach ``need`` (§16.3)."""
    if need is None or need == "-":
        return 0.0
    n = int(need)
    return sum(1 for t in range(1, 7) for u in range(1, 7) if 10 * t + u >= n) / 36


def is_support(battalion: str) -> bool:
    """Regimental and divisional troops (2.1e: they go with the first battalion)."""
    return "Trp" in battalion


class Orders(_Rules):
    """Mixin for BWRules."""

    # --- formations ---------------------------------------------------------------------
    def nation(self, uid: str) -> str:
        e = self.entry(uid)
        if e.side == "soviet":
            return "soviet"
        return "german" if e.type.startswith("ger_") else "spanish"

    def formation(self, uid: str) -> str:
        """What an order takes: a Soviet division (armour apart, 2.1c) or an Axis company."""
        e = self.entry(uid)
        if e.side == "soviet":
            return "armour" if self.spec(uid).vehicle else (e.division or self.scen.division)
        return self.company(uid)  # the set-ups give Axis orders by company (Scen. 4)

    def formation_units(self, form: str, side: str) -> list[str]:
        idx = self.__dict__.get("_form_idx")
        if idx is None:
            idx = {}
            for u in self.scen.units:
                idx.setdefault((u.side, self.formation(u.id)), []).append(u.id)
            self.__dict__["_form_idx"] = idx
        return idx.get((side, form), [])

    def formations(self, side: str) -> list[str]:
        got = self.__dict__.setdefault("_formations_memo", {})
        if side not in got:  # fixed by the scenario: built once per side (listing speed)
            got[side] = tuple(sorted({self.formation(u.id) for u in self.scen.units if u.side == side}))
        return list(got[side])

    # --- the orders in a state ----------------------------------------------------------
    @staticmethod
    def orders(state) -> dict[str, dict]:
        return state.extra.get("orders", {})

    def initial_orders(self) -> dict[str, dict]:
        """The scenario's orders as state orders (members named explicitly)."""
        out: dict[str, dict] = {}
        for o in self.scen.orders:
            units = o.get("units", "all")
            members = (tuple(f for f in self.formations(o["side"])
                             if not all(self.entry(u).pool for u in self.formation_units(f, o["side"])))
                       if units in ("all", "not_reserve")
                       else tuple(str(x) for x in (units if isinstance(units, list) else str(units).split("+"))))
            impl = bool(o.get("implemented"))
            rel = o.get("released")  # 2.1e: battalions that have already begun a follow-on order
            obj = self.objective_names(str(o.get("objective", "here")), o["side"], members)
            if o.get("looting"):  # 2.1f: an at-start Soviet order stops short of the looting limit
                lim = self.looting_limit()
                obj = [n for n in obj if self.ids.parse(n) in lim]
            out[str(o["id"])] = {
                "id": str(o["id"]), "side": o["side"], "type": str(o["type"]),
                "objective": tuple(obj),
                "members": members, "wt": int(o.get("weighted_turns", 0 if impl else PRE_DRAWN_WT)),
                "status": "implemented" if impl else "prep",
                "released": tuple(str(b) for b in rel) if rel else None, "rolled": 0, "origin": "scenario",
                "uncoordinated": ((not impl) or bool(rel)) and o["side"] == "soviet",
            }
        return out

    def _index(self, state) -> tuple[dict[str, str], dict[str, str]]:
        """(uid -> implemented order id, uid -> order-being-prepared id), cached per state."""
        idx = state._cache.get("bw_orders")
        if idx is None:
            impl: dict[str, str] = {}
            prep: dict[str, str] = {}
            for oid, o in self.orders(state).items():  # drawing order: a later order wins
                for form in o["members"]:
                    for uid in self.formation_units(form, o["side"]):
                        if self.covered(o, uid):
                            impl[uid] = oid
                        else:
                            prep.setdefault(uid, oid)
            idx = (impl, prep)
            state._cache["bw_orders"] = idx
        return idx

    def covered(self, o: dict, uid: str) -> bool:
        """Does an order command this unit now? (2.1e: battalion by battalion.)"""
        if o["status"] != "implemented":
            return False
        rel = o.get("released")
        if rel is None:
            return True
        bn = self.entry(uid).battalion
        return bn in rel or (bool(rel) and is_support(bn))

    def order_of(self, state, uid: str) -> dict | None:
        """The implemented order a unit is on; None for reserves and unassigned units."""
        if uid in state.extra.get("reserve", frozenset()):
            return None
        oid = self._index(state)[0].get(uid)
        return None if oid is None else self.orders(state)[oid]

    # --- what an order lets its units do (§16.6-§16.8) --------------------------------------
    def check_order_move(self, state, uid: str, start: Hex | None, dest: Hex) -> Illegal | None:
        """§16.6 movement limits; §16.8 reserves do not move."""
        if uid in state.extra.get("reserve", frozenset()):
            return Illegal("§16.8", f"{uid} is in reserve: reserves do not move until released")
        o = self.order_of(state, uid)
        if o is None or start is None:
            return None
        route = o.get("route")
        if o["type"] in ("attack", "move"):
            # along its graphic (§16.6.1); without a route the graphic is the objective alone and
            # the distance along it is near_objective's (called straight: the listing asks often)
            along = self.along_graphic if route else self.near_objective
            before, after = along(o, start), along(o, dest)
            if after > before and (self.near_objective(o, start) if route else before) > 2:
                if not route:
                    return Illegal("§16.6", f"{uid} is on an {o['type']} order: it may not end a move farther from "
                                            f"its objective ({after} hexes) than it began ({before})")
                off = self.off_route(o, dest) or 0
                if off > CORRIDOR:  # the corridor: manoeuvre beside the line is free
                    return Illegal("§16.6", f"{uid} is on an {o['type']} order drawn via {'+'.join(o['route'])}: it "
                                            f"may not end more than {CORRIDOR} hex off its route nor fall back along "
                                            f"it ({hex_name(dest)} is {off} hexes off the line and {after} hexes along "
                                            f"it from the objective; it began {before})")
        if o["type"] in ("hasty_defense", "prepared_defense") and (
                self.defence_reach(o, dest) if route else self.near_objective(o, dest)) > DEFENCE_REACH:
            if route:
                return Illegal("§16.6", f"{uid} is on a defence order drawn via {'+'.join(o['route'])}: it must end "
                                        f"its moves within {DEFENCE_REACH} hexes of an objective hex or of the line")
            return Illegal("§16.6", f"{uid} is on a defence order: it must end its moves within 3 hexes of an "
                                    "objective hex")
        return None

    def order_move_filter(self, state, uid: str, start: Hex) -> Callable[[Hex], bool] | None:
        """``check_order_move(state, uid, start, d) is None`` as a test of the destination
        ``d``, its parts looked up once per unit (None: every destination passes). The listing
        asks it of every hex a unit reaches (thousands in a first Action Phase)."""
        if uid in state.extra.get("reserve", frozenset()):
            return _never  # §16.8
        div = self.bound_division(uid)  # 4.3 (historical.py)
        inside = self.division_hexes(div) if div is not None else None
        o = self.order_of(state, uid)
        test: Callable[[Hex], bool] | None = None
        if o is not None:
            route = o.get("route")
            if o["type"] in ("attack", "move"):
                if route:
                    before = self.along_graphic(o, start)
                    if self.near_objective(o, start) > 2:
                        def test(d: Hex) -> bool:
                            return not (self.along_graphic(o, d) > before and (self.off_route(o, d) or 0) > CORRIDOR)
                else:
                    near = self.objective_table(o)
                    start_near = near.get(start, 0)
                    if start_near > 2:
                        def test(d: Hex) -> bool:
                            return near.get(d, 0) <= start_near
            if o["type"] in ("hasty_defense", "prepared_defense"):
                if route:
                    def test(d: Hex) -> bool:
                        return self.defence_reach(o, d) <= DEFENCE_REACH
                else:
                    near = self.objective_table(o)

                    def test(d: Hex) -> bool:
                        return near.get(d, 0) <= DEFENCE_REACH
        if inside is None:
            return test
        if test is None:
            return inside.__contains__
        last = test
        return lambda d: d in inside and last(d)

    def defence_reach(self, o: dict, h: Hex) -> int:
        """Hexes to a defence order's area: its objective, or the line drawn for it (§16.6)."""
        off = self.off_route(o, h)
        near = self.near_objective(o, h)
        return near if off is None else min(near, off)

    def check_route(self, state, route: str | None, side: str, members) -> Illegal | None:
        """§16.6 (RECON): a route has 1 to 8 waypoints, hexes of the play area, the first within 3
        hexes of a member on the map (members not yet on it enter, then follow the arrow)."""
        if route is None:
            return None
        parts = route.split("+")
        if len(parts) > MAX_WAYPOINTS:
            return Illegal("§16.6", f"a route has at most {MAX_WAYPOINTS} waypoints ({len(parts)} given); "
                                    "a longer march is a second order")
        hexes = []
        for part in parts:
            h = self._parse(part)
            if h is None:
                return Illegal("§16.6", f"waypoint {part!r} is not a hex id")
            if h not in self.area:
                return Illegal("§16.6", f"waypoint {part} is off the map (outside the scenario's play area)")
            hexes.append(h)
        here = [state.units[u].hex for f in members for u in self.formation_units(f, side)
                if state.units[u].where == ON_MAP]
        if here and min(distance(hexes[0], h) for h in here) > START_WITHIN:
            return Illegal("§16.6", f"a route starts at its units: the first waypoint {parts[0]} is "
                                    f"{min(distance(hexes[0], h) for h in here)} hexes from the nearest of them "
                                    f"(at most {START_WITHIN})")
        return None

    def may_sfa(self, state, uid: str) -> Illegal | None:
        if self.order_of(state, uid) is None:
            return Illegal("§16.7", f"{uid} has no orders (or is in reserve): it may fire only overwatch")
        return None

    def may_assault(self, state, uid: str, target: Hex) -> Illegal | None:
        o = self.order_of(state, uid)
        if o is None:
            return Illegal("§16.7", f"{uid} has no orders (or is in reserve): no assaults")
        if o["type"] == "move":
            return Illegal("§16.6", f"{uid} is on a Move order: no assaults")
        if o["type"] in ("hasty_defense", "prepared_defense") and self.defence_reach(o, target) > DEFENCE_REACH:
            return Illegal("§16.6", f"{uid} is on a defence order: it assaults only inside its area")
        return None

    def may_dig_in(self, state, uid: str) -> bool:
        """§5 / Decision 16: Prepared Defense members, and Scen. 1-3 reserves (3.1d)."""
        if uid in state.extra.get("reserve", frozenset()):
            return True
        o = self.order_of(state, uid)
        return o is not None and o["type"] == "prepared_defense"

    # --- reserves -------------------------------------------------------------------
    @staticmethod
    def company(uid: str) -> str:
        return uid.rsplit("-", 1)[0]

    def reserve_companies(self, state) -> list[str]:
        res = state.extra.get("reserve", frozenset())
        done = state.extra.get("released_now", frozenset())
        comps = sorted({self.company(u) for u in res if state.units[u].where == "map"})
        return [c for c in comps if c not in done]

    def release_reserve(self, state, comp: str, dice) -> list[Event]:
        """Decision 17: 1d6, released on 4-6; it follows the implemented order of its
        battalion (in Scen. 1 the Axis Prepared Defense), else it is unassigned."""
        r = dice.roll(6)
        ev = [Event("die_rolled", f"reserve release roll for {comp}: {r}", {"dice": [r]})]
        state.extra["released_now"] = state.extra.get("released_now", frozenset()) | {comp}
        if r >= 4:
            state.extra["reserve"] = frozenset(u for u in state.extra["reserve"] if self.company(u) != comp)
            state.extra["reserves_released"] = state.extra.get("reserves_released", 0) + 1
            ev.append(Event("released", f"{comp} is released from reserve and follows its battalion's order (§16.8)"))
        else:
            ev.append(Event("released", f"{comp} stays in reserve (needs 4-6)"))
        return ev

    # --- Command Prep Table -----------------------------------------------------------
    def rating(self, side: str) -> int:
        """2.1d / 3.1c: 63 Gd 5, every other Soviet division 7; Spanish 3 (2 with 4.6), German 2."""
        if side == "soviet":
            return self.t.ratings["soviet_63_gd" if self.scen.division == "63" else "soviet_other"]
        return self.t.ratings["spanish_grandes" if self.options.get("grandes") else "spanish"]

    def order_rating(self, o: dict) -> int:
        """2.1d for Soviet sheets (5 only when every member is 63 Gd); 3.1c plus the size
        modifier (RECON: +1 row per battalion beyond the first) for Axis sheets."""
        if o["side"] == "soviet":
            only63 = all(m == "63" for m in o["members"])
            return self.t.ratings["soviet_63_gd" if only63 else "soviet_other"]
        uids = [u for f in o["members"] for u in self.formation_units(f, "axis")]
        nations = {self.nation(u) for u in uids}
        base = self.rating("axis") if "spanish" in nations else self.t.ratings["german"]
        return base + max(0, len({self.entry(u).battalion for u in uids}) - 1)

    def implementation_need(self, rating: int, order_type: str, weighted_turns: int) -> str | None:
        """§16.3: the d66 roll needed to implement (at least), '-' if impossible."""
        return self.t.prep_need(rating, order_type, weighted_turns)

    def order_need(self, o: dict) -> str | None:
        return self.implementation_need(self.order_rating(o), o["type"], o["wt"])

    # --- Command Phase steps ----------------------------------------------------------------
    def _set_orders(self, state, orders: dict[str, dict]) -> None:
        state.extra["orders"] = orders
        state._cache.pop("bw_orders", None)

    def review_orders(self, state) -> list[Event]:
        """Command Phase step 2-3 (§3.1): complete Attack/Move orders end (§16.6), then every
        order being prepared accrues weighted turns (§16.2)."""
        ev: list[Event] = []
        orders = dict(self.orders(state))
        for oid, o in sorted(orders.items()):
            if o["status"] == "implemented" and o.get("released") is None and self.order_complete(state, o):
                del orders[oid]
                ev.append(Event("order", f"order {oid} ({o['type']}) is complete; its units are unassigned (§16.6)"))
        night = self.period(state)[0] == "night"
        contact = state.extra.get("contact", frozenset())
        impl_idx = self._index(state)[0]
        for oid, o in sorted(orders.items()):
            if o["status"] == "implemented" and o.get("released") is None:
                continue
            if state.turn <= 1:
                break  # §16.2: accrual counts the previous turn; the first turn has none
            uids = [u for f in o["members"] for u in self.formation_units(f, o["side"])
                    if state.units[u].where in (ON_MAP, ARRIVING) and not self.covered(o, u)]
            if not uids:
                continue
            per = [3]
            if any(impl_idx.get(u) not in (None, oid) for u in uids):
                per.append(2)
            if night:
                per.append(2)
            if any(u in contact for u in uids):
                per.append(1)
            gain = min(per) * (3 if all(self.spec(u).vehicle for u in uids) else 1)
            orders[oid] = {**o, "wt": o["wt"] + gain}
            ev.append(Event("order", f"order {oid} gains {gain} weighted turns ({o['wt'] + gain}) (§16.2)"))
        self._set_orders(state, orders)
        state.extra["contact"] = frozenset()
        return ev

    def order_complete(self, state, o: dict) -> bool:
        side = o["side"]
        if o["type"] == "attack":
            occ = state.extra.get("occ", {})
            enemy = self.enemy_of(side)
            obj = self.objective(o)
            return bool(obj) and all(occ.get(h) == side and not any(self.side_of(x.id) == enemy
                                                                   for x in state.units_at(h)) for h in obj)
        if o["type"] == "move":
            us = [state.units[u] for f in o["members"] for u in self.formation_units(f, side)
                  if state.units[u].where == ON_MAP]
            return bool(us) and all(self.near_objective(o, u.hex) <= 2 for u in us)
        return False

    def note_contact(self, state, uids) -> None:
        """Units that fired or were fired on this turn (§16.2: 1 weighted turn)."""
        if not uids:
            return
        state.extra["contact"] = state.extra.get("contact", frozenset()) | frozenset(uids)

    # --- the order actions ----------------------------------------------------------------
    def order_side(self, state) -> str | None:
        if state.phase == "prep_log":
            return "soviet"
        if state.phase == "axis_setup":
            return "axis"
        if state.phase == "command":
            return state.extra.get("cmd", "axis")
        return None

    def drawable(self, state, side: str) -> list[str]:
        """Formations that may go on a new order now: some unit on the map or due (any unit
        before play), not all in reserve, on no order being prepared, and (Soviets, 2.1b/2.1c)
        on fewer than two orders."""
        orders = self.orders(state)
        res = state.extra.get("reserve", frozenset())
        before_play = state.phase in ("prep_log", "axis_setup")
        out = []
        for f in self.formations(side):
            uids = [u for u in self.formation_units(f, side) if u not in res]
            if not before_play:
                uids = [u for u in uids if state.units[u].where == ON_MAP
                        or (state.units[u].where == ARRIVING and state.units[u].arrives <= state.turn)]
            if not uids:
                continue
            mine = [o for o in orders.values() if o["side"] == side and f in o["members"]]
            if any(o["status"] == "prep" or o.get("released") is not None for o in mine):
                continue
            if side == "soviet" and len(mine) >= 2:
                continue
            out.append(f)
        return out

    def order_actions(self, state) -> list[OrderAct]:
        side = self.order_side(state)
        if side is None:
            return []
        out: list[OrderAct] = []
        for oid, o in sorted(self.orders(state).items()):
            if o["side"] != side or state.phase != "command":
                continue
            if (o["status"] == "prep" or o.get("released") is not None) and o.get("rolled") != state.turn:
                need = self.order_need(o)
                if need not in (None, "-"):
                    bns = self.unreleased(o, state) if o.get("uncoordinated") else []
                    if len(bns) > 1:
                        out += [OrderAct("roll", (oid, b)) for b in bns]
                    else:
                        out.append(OrderAct("roll", (oid,)))
            if o["status"] == "implemented":
                out.append(OrderAct("cancel", (oid,)))
        for f in self.drawable(state, side):
            for p in self.presets_for(state, side, (f,)):
                for t in TYPES:
                    out.append(OrderAct("draw", (t, p, f)))
        if state.phase in ("prep_log", "axis_setup"):
            out += self.set_actions(state, side)
        if side == "axis" and state.phase == "command":
            out += self.german_actions(state) + self.spanish_actions(state) + self.restore_actions(state)
            out += self.dora_actions(state)  # 4.7 (dora.py); German batteries come with german_actions
        if state.phase == "prep_log":
            out += self.assign_actions(state)  # 2.3a (artillery.py)
        return out

    # --- 1.10j: implemented orders of the player's choice at the start ----------------------
    def set_actions(self, state, side: str) -> list[OrderAct]:
        out = []
        for f in self.formations(side):
            if all(self.entry(u).pool or u in state.extra.get("reserve", frozenset())
                   for u in self.formation_units(f, side)) or self._already_set(state, f, side):
                continue
            for p in self.presets_for(state, side, (f,)):
                # check_set looks at the type only to see that it is one of TYPES: one check
                # per formation and objective serves all four (listing speed)
                if self.check_set(state, OrderAct("set", (TYPES[0], p, f)), side) is None:
                    out += [OrderAct("set", (t, p, f)) for t in TYPES]
        return out

    def check_set(self, state, a: OrderAct, side: str) -> Illegal | None:
        if state.phase not in ("prep_log", "axis_setup"):
            return Illegal("1.10j", "implemented orders of your choice are set before play only")
        t, obj, forms, route = draw_args(a)
        if t not in TYPES:
            return Illegal("§16.1", f"order types are {', '.join(TYPES)}")
        members = tuple(forms.split("+"))
        for f in members:
            if f not in self.formations(side):
                return Illegal("§16.1", f"{f} is not a {side} formation")
            if self._already_set(state, f, side):
                return Illegal("1.10j", f"{f} already has the implemented order of your choice")
        why = self._check_objective(obj, side, members, state) or self.check_route(state, route, side, members)
        if why:
            return why
        if side == "soviet" and self.scen.prep_columns:
            # 2.1f: at-start sheets of Scen. 1-3 stop 5 hexes south of the second trench line
            lim = self.looting_limit()
            if any(self._name_hex(n) not in lim for n in self.objective_names(obj, side, members, state)):
                return Illegal("2.1f", "an order implemented before play may have no objective more than 5 hexes "
                                       "south of the second trench line (looting)")
        if side == "axis" and not self.options.get("german_cooperation"):
            nations = {self.nation(u) for f in members for u in self.formation_units(f, side)
                       if not self.entry(u).battalion.startswith("AT-2SS")}
            if len(nations) > 1:
                return Illegal("3.1b", "Spanish and German units may not share an order")
        return None

    def _already_set(self, state, f: str, side: str) -> bool:
        return any(o["origin"] == "set" and o["side"] == side and f in o["members"]
                   for o in self.orders(state).values())

    def apply_set(self, state, a: OrderAct, side: str) -> list[Event]:
        t, obj, forms, route = draw_args(a)
        members = tuple(forms.split("+"))
        orders = dict(self.orders(state))
        n = 1 + sum(1 for o in orders.values() if o["side"] == side)
        while f"{side[0].upper()}{n}" in orders:
            n += 1
        oid = f"{side[0].upper()}{n}"
        orders[oid] = {"id": oid, "side": side, "type": t,
                       "objective": tuple(self.objective_names(obj, side, members, state)),
                       "members": members, "wt": 0, "status": "implemented", "released": None, "rolled": 0,
                       "origin": "set", "uncoordinated": False, **self._route_item(route)}
        self._displace(orders, oid, state)  # the formations leave the historical order (1.10j)
        self._set_orders(state, orders)
        return [Event("order", f"{side} starts with implemented order {oid}: {t} on {obj} for {forms}"
                               + (f" via {route}" if route else "") + " (1.10j)")]

    def _route_item(self, route: str | None) -> dict:
        """The order's ``route`` item: the waypoints' hex names, only when a route was drawn."""
        if route is None:
            return {}
        hexes = [self._parse(p) for p in route.split("+")]
        return {"route": tuple(self.ids.name(h) for h in hexes if h is not None)}

    def presets_for(self, state, side: str, members) -> list[str]:
        out = []
        for p in PRESETS:
            if p == "here":
                if members and self.objective_names("here", side, members, state):
                    out.append(p)
            elif self.preset_hexes(p):
                out.append(p)
        return out

    def unreleased(self, o: dict, state=None) -> list[str]:
        """Battalions of a Soviet order not yet begun (2.1e); with a state, only those with a
        unit in play or due (a regiment still waiting in a variable pool is left out, 2.7)."""
        rel = o.get("released") or ()
        uids = [u for f in o["members"] for u in self.formation_units(f, o["side"])]
        if state is not None:
            uids = [u for u in uids if state.units[u].arrives < 900]
        bns = sorted({self.entry(u).battalion for u in uids})
        return [b for b in bns if not is_support(b) and b not in rel]

    def check_order(self, state, a: OrderAct) -> Illegal | None:
        side = self.order_side(state)
        if side is None:
            return Illegal("§3.1", "orders are drawn, rolled for and cancelled in the Command Phase "
                                   "(or drawn before play, 1.10k)")
        orders = self.orders(state)
        if a.op == "battery":
            return self.check_battery(state, a)  # 3.5, 3.5a (batteries.py)
        if a.op == "dora":
            return self.check_dora(state, a)  # 4.7 (dora.py)
        if a.op == "assign":
            return self.check_assign(state, a)  # 2.3a (artillery.py)
        if a.op == "german":
            return self.check_german(state, a)
        if a.op == "spanish":
            return self.check_spanish(state, a)
        if a.op in ("roll", "cancel"):
            o = orders.get(a.args[0])
            if o is None or o["side"] != side:
                return Illegal("§16.1", f"{side} has no order {a.args[0]}")
            if state.phase != "command":
                return Illegal("§3.1", "implementation rolls and cancelling happen in the Command Phase")
            if a.op == "cancel":
                if len(a.args) != 1:
                    return Illegal("§16.1", "say which order to cancel")
                return None if o["status"] == "implemented" else Illegal(
                    "§16.1", f"order {a.args[0]} is not implemented (an order being prepared is left alone)")
            bns = self.unreleased(o, state) if o.get("uncoordinated") else []
            if len(bns) > 1 and (len(a.args) != 2 or a.args[1] not in bns):
                return Illegal("2.1e", f"name the battalion of order {a.args[0]} that begins it if the roll "
                                       f"succeeds ({', '.join(bns)})")
            if len(bns) <= 1 and len(a.args) != 1:
                return Illegal("2.1e", f"order {a.args[0]} names no battalion")
            if o["status"] == "implemented" and o.get("released") is None:
                return Illegal("§16.5", f"order {a.args[0]} is already implemented")
            if o.get("rolled") == state.turn:
                return Illegal("§16.5", f"order {a.args[0]} has had its roll this turn")
            need = self.order_need(o)
            if need is None:
                return Illegal("§16.3", f"order {a.args[0]} has no weighted turns yet: no roll possible")
            if need == "-":
                return Illegal("§16.3", f"order {a.args[0]} cannot implement with {o['wt']} weighted turns "
                                        f"(row {self.order_rating(o)}: '-')")
            return None
        if a.op == "set":
            return self.check_set(state, a, side)
        # draw
        t, obj, forms, route = draw_args(a)
        if t not in TYPES:
            return Illegal("§16.1", f"order types are {', '.join(TYPES)}")
        members = tuple(forms.split("+"))
        ok = self.drawable(state, side)
        for f in members:
            if f not in self.formations(side):
                return Illegal("§16.1", f"{f} is not a {side} formation (Soviets: divisions and 'armour', "
                                        "Axis: battalions)")
            if f not in ok:
                rule = "2.1b" if side == "soviet" else "§16.1"
                return Illegal(rule, f"{f} may not go on another order now (one order being prepared per unit; "
                                     "a Soviet division on two orders at most, 2.1b)")
        if side == "axis" and not self.options.get("german_cooperation"):
            nations = {self.nation(u) for f in members for u in self.formation_units(f, side)
                       if not self.entry(u).battalion.startswith("AT-2SS")}
            if len(nations) > 1:
                return Illegal("3.1b", "Spanish and German units may not share an order")
        return self._check_objective(obj, side, members, state) or self.check_route(state, route, side, members)

    def _check_objective(self, obj: str, side: str, members, state=None) -> Illegal | None:
        try:
            names = self.objective_names(obj, side, members, state)
        except ValueError as e:
            return Illegal("§16.1", f"{e} is not a hex id or an objective name ({', '.join(PRESETS)})")
        if not names:
            return Illegal("§16.1", f"objective {obj!r} has no hex in the play area")
        if any(self._name_hex(n) not in self.area for n in names):
            return Illegal("§16.1", "every objective hex must lie in the play area")
        return None

    def apply_order(self, state, a: OrderAct, dice) -> list[Event]:
        side = self.order_side(state)
        assert side is not None, "check_order refuses an order outside the steps where a side gives orders"
        orders = dict(self.orders(state))
        if a.op == "draw":
            t, obj, forms, route = draw_args(a)
            members = tuple(forms.split("+"))
            n = 1 + sum(1 for o in orders.values() if o["side"] == side)
            oid = f"{side[0].upper()}{n}"
            while oid in orders:
                n += 1
                oid = f"{side[0].upper()}{n}"
            pre = state.phase in ("prep_log", "axis_setup")
            orders[oid] = {"id": oid, "side": side, "type": t,
                           "objective": tuple(self.objective_names(obj, side, members, state)),
                           "members": members, "wt": PRE_DRAWN_WT if pre else 0, "status": "prep",
                           "released": None, "rolled": 0, "origin": "drawn", "uncoordinated": side == "soviet",
                           **self._route_item(route)}
            self._set_orders(state, orders)
            return [Event("order", f"{side} draws order {oid}: {t} on {obj} for {forms}"
                                   + (f" via {route}" if route else "")
                                   + (f" ({PRE_DRAWN_WT} weighted turns, 1.10k)" if pre else ""))]
        if a.op == "set":
            return self.apply_set(state, a, side)
        if a.op == "cancel":
            del orders[a.args[0]]
            self._set_orders(state, orders)
            return [Event("order", f"order {a.args[0]} cancelled: its units are unassigned (§3.1)")]
        if a.op == "roll":
            oid = a.args[0]
            o = orders[oid]
            need = self.order_need(o)
            assert need is not None, "check_order refuses a roll with no weighted turns yet"
            tens, units = dice.roll(6), dice.roll(6)
            roll = 10 * tens + units
            ev = [Event("die_rolled", f"implementation roll for {oid}: {roll} (needs {need}+)",
                        {"dice": [tens, units]})]
            o = {**o, "rolled": state.turn}
            if roll < int(need):
                orders[oid] = o
                self._set_orders(state, orders)
                return ev + [Event("order", f"order {oid} is not implemented this turn (§16.5)")]
            return ev + self._implement(state, orders, oid, o, a.args[1] if len(a.args) > 1 else None)
        if a.op == "spanish":
            return self.apply_spanish(state, a)
        if a.op == "battery":
            return self.apply_battery(state, a)
        if a.op == "dora":
            return self.apply_dora(state, a)
        if a.op == "assign":
            return self.apply_assign(state, a)
        return self.apply_german(state, a)

    def _implement(self, state, orders, oid, o, bn: str | None) -> list[Event]:
        if o.get("uncoordinated"):
            # 2.1e: one battalion goes (the one named), support troops with the first
            left = self.unreleased(o, state)
            go = bn or (left[0] if left else None)
            rel = tuple(o.get("released") or ()) + ((go,) if go else ())
            o = {**o, "status": "implemented", "released": rel}
            if not self.unreleased(o, state):
                o = {**o, "released": None}
            orders[oid] = o
            self._displace(orders, oid, state)
            self._set_orders(state, orders)
            full = o["released"] is None
            return [Event("order", f"order {oid} implements" + (f": battalion {go} begins it" if go else "")
                                   + ("; every battalion has now begun (2.1e)" if full else " (2.1e)"))]
        orders[oid] = {**o, "status": "implemented", "released": None}
        self._displace(orders, oid, state)
        self._set_orders(state, orders)
        return [Event("order", f"order {oid} is implemented (§16.5)")]

    def _displace(self, orders: dict, oid: str, state) -> None:
        """A unit is on one implemented order: formations now commanded by ``oid`` leave any
        other implemented order (orders left empty end)."""
        o = orders[oid]
        taken = set(o["members"]) if o.get("released") is None else set()
        if o.get("released") is not None:  # a partly released Soviet sheet takes its division only when full
            return
        for k, x in list(orders.items()):
            if k == oid or x["side"] != o["side"] or x["status"] != "implemented" or x.get("released") is not None:
                continue
            left = tuple(m for m in x["members"] if m not in taken)
            if not left:
                del orders[k]
            elif left != x["members"]:
                orders[k] = {**x, "members": left}

    # --- for the client -------------------------------------------------------------------
    def orders_view(self, state, side: str | None = None) -> list[dict]:
        """Plain data per order: type, objective hexes, member formations and units, weighted
        turns, status, the implementation need and chance this turn (§16.3), and its graphic:
        the route's waypoints and every hex of the line drawn through them (§16.6)."""
        out = []
        for oid, o in sorted(self.orders(state).items()):
            if side is not None and o["side"] != side:
                continue
            waiting = o["status"] == "prep" or o.get("released") is not None
            need = self.order_need(o) if waiting else None
            out.append({
                "id": oid, "side": o["side"], "type": o["type"], "objective": list(o["objective"]),
                "members": list(o["members"]),
                "units": sorted(u for f in o["members"] for u in self.formation_units(f, o["side"])),
                "commanded": sorted(u for f in o["members"] for u in self.formation_units(f, o["side"])
                                    if self.covered(o, u)),
                "weighted_turns": o["wt"], "status": o["status"],
                "released": None if o.get("released") is None else list(o["released"]),
                "rating": self.order_rating(o), "need": need,
                "chance": round(d66_chance(need), 4) if waiting and o.get("rolled") != state.turn else 0.0,
                "rolled_this_turn": o.get("rolled") == state.turn, "origin": o.get("origin"),
                # §16.6: the route's waypoints and the whole drawn line to the objective ([] without)
                "route": list(o.get("route") or ()),
                "arrow": [self.ids.name(h) for h in self.arrow_of(o)],
            })
        return out

    def contact_of(self, state, action) -> set[str]:
        """Who an action puts in contact (§16.2: fired or was fired on), read before it runs."""
        from ...core.actions import Attack
        from .verbs import Assault, Call, PointFire

        if state.phase != "action":
            return set()
        if isinstance(action, (Attack, Assault)):
            units = getattr(action, "attackers", ()) or getattr(action, "units", ())
            return set(units) | {u.id for u in state.units_at(action.target)}
        if isinstance(action, PointFire):
            return {action.firer, action.target}
        if isinstance(action, Call):
            return {u.id for u in state.units_at(action.target)}
        return set()
