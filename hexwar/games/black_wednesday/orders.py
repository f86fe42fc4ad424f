"""Orders as far as Scenario 1 needs them (TCS-lite §16): the at-start implemented orders,
what each order type lets its units do (§16.6), reserves (§16.8, 3.1d) and the Command Prep
Table look-up (§16.3, from command_prep.yaml)."""
from __future__ import annotations

from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance


class Orders:
    """Mixin for BWRules."""

    def order_of(self, state, uid: str) -> dict | None:
        """The implemented order a unit is on; None for reserves and unassigned units."""
        if uid in state.extra.get("reserve", frozenset()):
            return None
        e = self.entry(uid)
        for o in self.scen.orders:
            if o["side"] != e.side or not o.get("implemented"):
                continue
            if o.get("units") in ("all", "not_reserve"):
                return o
        return None

    def objective(self, order: dict) -> frozenset[Hex]:
        if order.get("objective") == "trenches":
            return self.trench_hexes
        return frozenset()

    def near_objective(self, order: dict, h: Hex) -> int:
        """Hexes to the nearest objective hex (a table per objective, built once per rules)."""
        tables = self.__dict__.setdefault("_objective_distance", {})
        key = order.get("objective")
        if key not in tables:
            obj = self.objective(order)
            tables[key] = {x: min((distance(x, o) for o in obj), default=0) for x in self.board.terrain}
        return tables[key].get(h, 0)

    def check_order_move(self, state, uid: str, start: Hex | None, dest: Hex) -> Illegal | None:
        """§16.6 movement limits; §16.8 reserves do not move."""
        if uid in state.extra.get("reserve", frozenset()):
            return Illegal("§16.8", f"{uid} is in reserve: reserves do not move until released")
        o = self.order_of(state, uid)
        if o is None or start is None:
            return None
        if o["type"] in ("attack", "move"):
            before, after = self.near_objective(o, start), self.near_objective(o, dest)
            if after > before and before > 2:
                return Illegal("§16.6", f"{uid} is on an {o['type']} order: it may not end a move farther from "
                                        f"its objective ({after} hexes) than it began ({before})")
        if o["type"] in ("hasty_defense", "prepared_defense") and self.near_objective(o, dest) > 3:
            return Illegal("§16.6", f"{uid} is on a defence order: it must end its moves within 3 hexes of an "
                                    "objective hex")
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
        if o["type"] in ("hasty_defense", "prepared_defense") and self.near_objective(o, target) > 3:
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
        """Decision 17: 1d6, released on 4-6; it joins the Axis Prepared Defense order."""
        r = dice.roll(6)
        ev = [Event("die_rolled", f"reserve release roll for {comp}: {r}", {"dice": [r]})]
        state.extra["released_now"] = state.extra.get("released_now", frozenset()) | {comp}
        if r >= 4:
            state.extra["reserve"] = frozenset(u for u in state.extra["reserve"] if self.company(u) != comp)
            ev.append(Event("released", f"{comp} is released from reserve and joins the Prepared Defense (§16.8)"))
        else:
            ev.append(Event("released", f"{comp} stays in reserve (needs 4-6)"))
        return ev

    # --- Command Prep Table -----------------------------------------------------------
    def rating(self, side: str) -> int:
        """2.1d / 3.1c: 63 Gd 5, every other Soviet division 7; Spanish 3, German 2."""
        if side == "soviet":
            return self.t.ratings["soviet_63_gd" if self.scen.division == "63" else "soviet_other"]
        return self.t.ratings["spanish"]

    def implementation_need(self, rating: int, order_type: str, weighted_turns: int) -> str | None:
        """§16.3: the d66 roll needed to implement (at least), '-' if impossible."""
        return self.t.prep_need(rating, order_type, weighted_turns)
