"""Black Wednesday's orders (§16) in the panel and on the map: every order of the side at the
screen, the one picked outlined with its units marked and its arrow drawn, and a new order's
objective picked hex by hex on the map (§16.1), then its route's waypoints (§16.6: R switches
between the two; Backspace, a right click or Esc takes the last waypoint back). ``Orders`` is
that part of the client extension.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.hexgrid import distance, hex_name
from ....games.black_wednesday import previews as I
from ....games.black_wednesday.graphic import MAX_WAYPOINTS
from ... import theme as T
from ..base import MapLine, MapMark

if TYPE_CHECKING:  # a part of BlackWednesdayUI, whose other parts it uses (host.py)
    from .host import BWHost as _Client
else:
    _Client = object


class Orders(_Client):
    """Orders and their objectives (a mixin of ``BlackWednesdayUI``)."""

    # --- orders (§16) ----------------------------------------------------------------------------
    def orders(self, ctl, side: str | None = None) -> list[dict]:
        """The orders in the view of the side at the screen (what ``view(side)`` lets it see; in
        TCS-lite every order is public), of one side or all."""
        try:
            return I.view_orders(ctl.view(), side)
        except (AttributeError, KeyError, TypeError, ValueError):
            return []

    def order_focus(self, ctl) -> dict | None:
        """The order shown on the map: the one picked in the panel, else the selected unit's."""
        want = ctl.tool.get("order")
        uid = ctl.sel
        if want is None and not uid:
            return None
        for o in self.orders(ctl):
            if (want is not None and o["id"] == want) or (want is None and uid in (o.get("units") or ())):
                return o
        return None

    def show_order(self, ctl, oid) -> None:
        ctl.tool["order"] = None if ctl.tool.get("order") == oid else oid

    def build_orders(self, f, ctl) -> None:
        """In the Command Phase (or when an order may be drawn, rolled or cancelled) every order of
        the side at the screen, each a button that shows it on the map; otherwise the selected
        unit's order in one line."""
        th = f.theme
        v = ctl.view()
        legal = ctl.legal() or []
        order_step = v.get("phase") == "command" or self._memo(
            ctl, "orders", lambda c: any(type(a).__name__ == "OrderAct" for a in legal))
        if order_step:
            side = ctl.acting()
            mine = self.orders(ctl, side)
            f.space(4)
            f.text("Orders (§16) — click one to outline its objective and mark its units:", th.px(12), T.TEXT, "bold")
            if not mine:
                f.text("none", th.px(11), T.TEXT_DIM)
            for o in mine:
                self.order_button(f, ctl, o)
            self.build_objective(f, ctl, legal)
            theirs = [o for o in self.orders(ctl) if o.get("side") != side]
            if theirs:  # the other side's, as far as this player's view shows them (all, in TCS-lite)
                who = "Soviet" if theirs[0].get("side") == "soviet" else "Axis"
                f.space(4)
                f.text(f"The {who} orders (open to both players in TCS-lite, §16):", th.px(12), T.TEXT, "bold")
                for o in theirs:
                    self.order_button(f, ctl, o)
            return
        focus = self.order_focus(ctl)  # the selected unit's order (or the one picked), in one line
        if focus is not None:
            f.space(4)
            who = "Soviet" if focus.get("side") == "soviet" else "Axis"
            f.text(f"{who} order {I.order_line(focus)} (§16; its objective is outlined on the map)", th.px(11), T.TEXT)

    def order_button(self, f, ctl, o: dict) -> None:
        b = f.button(I.order_short(o), (lambda oid=o["id"]: self.show_order(ctl, oid)), name=f"order-{o['id']}",
                     tooltip=I.order_line(o) + ". Units: " + (", ".join(o.get("units") or ()) or "none"))
        b.toggled = ctl.tool.get("order") == o["id"]

    # --- a new order's objective picked on the map (§16.1) ------------------------------------
    def toggle_objective(self, ctl) -> None:
        if "objective" in ctl.tool:
            self.drop_new_order(ctl)
            return
        ctl.tool.pop("los", None)
        ctl.tool["objective"] = set()
        ctl.say("New objective (§16.1): click hexes of the play area (again to drop one); R then draws its "
                "route (optional); then a type button for a formation in the panel; Esc drops them.")

    def drop_new_order(self, ctl) -> None:
        for k in ("objective", "route", "pick"):
            ctl.tool.pop(k, None)
        ctl.say("Objective hexes and route dropped.")

    def toggle_route(self, ctl) -> None:
        """R: switch the map clicks between the new order's objective hexes and its route."""
        if "objective" not in ctl.tool:
            ctl.tool.pop("los", None)
            ctl.tool["objective"] = set()
        on = ctl.tool.get("pick") != "route"
        ctl.tool["pick"] = "route" if on else "objective"
        route = ctl.tool.setdefault("route", [])
        if on:
            ctl.say(f"Route (§16.6): click up to {MAX_WAYPOINTS} waypoints in order, the first within 3 hexes of "
                    "the order's units; the arrow runs through them to the objective. Units on the order advance "
                    "along it, may step 1 hex off it (to a breach, a firing position) and fall back only within "
                    "that corridor. Backspace or a right click takes the last waypoint back; R: objective hexes.")
        else:
            ctl.say(f"Objective hexes again (§16.1); the route keeps its {len(route)} waypoint(s). R: the route.")

    def pick_waypoint(self, ctl, h) -> bool:
        route = ctl.tool.setdefault("route", [])
        if h not in self.facts(ctl).area:
            ctl.refuse(f"§16.6: {hex_name(h)} is outside the play area; a route's waypoints lie inside it")
        elif len(route) >= MAX_WAYPOINTS:
            ctl.refuse(f"§16.6: a route has at most {MAX_WAYPOINTS} waypoints; Backspace takes the last back")
        elif route and route[-1] == h:
            ctl.say(f"{hex_name(h)} is already the last waypoint.")
        else:
            route.append(h)
            ctl.say(f"Route: {len(route)} waypoint(s): " + " → ".join(hex_name(x) for x in route)
                    + " → objective. Backspace or a right click takes the last back.")
        return True

    def drop_waypoint(self, ctl) -> bool:
        """Backspace / right click / Esc while drawing a route: the last waypoint goes."""
        route = ctl.tool.get("route")
        if not route:
            return False
        gone = route.pop()
        ctl.say(f"Waypoint {hex_name(gone)} taken back; the route has {len(route)} waypoint(s).")
        return True

    def pick_objective_hex(self, ctl, h) -> bool:
        if ctl.tool.get("pick") == "route":
            return self.pick_waypoint(ctl, h)
        picked = ctl.tool["objective"]
        if h not in self.facts(ctl).area:
            ctl.refuse(f"§16.1: {hex_name(h)} is outside the play area; an objective lies inside it")
            return True
        (picked.discard if h in picked else picked.add)(h)
        ctl.say(f"New objective: {len(picked)} hex(es): " + ", ".join(hex_name(x) for x in sorted(picked)[:8])
                + (" …" if len(picked) > 8 else ""))
        return True

    def objective_draws(self, ctl, legal) -> tuple:
        """(the engine's order action class, formations that may draw an order now) from the
        legal draws (the presets): an objective of picked hexes uses the same verb."""
        draws = [a for a in legal if type(a).__name__ == "OrderAct" and a.op == "draw"]
        if not draws:
            return None, []
        return type(draws[0]), list(dict.fromkeys(a.args[2] for a in draws))

    def draw_with_objective(self, ctl, cls, kind: str, formation: str) -> bool:
        picked = ctl.tool.get("objective") or set()
        if not picked:
            ctl.refuse("§16.1: click the objective's hexes on the map first")
            return False
        route = ctl.tool.get("route") or []
        via = ("via", "+".join(hex_name(h) for h in route)) if route else ()
        act = cls("draw", (kind, "+".join(hex_name(h) for h in sorted(picked)), formation, *via))
        if ctl.do(act):
            for k in ("objective", "route", "pick"):
                ctl.tool.pop(k, None)
            return True
        return False

    def build_objective(self, f, ctl, legal) -> None:
        cls, forms = self.objective_draws(ctl, legal)
        if cls is None:
            return
        th = f.theme
        on = "objective" in ctl.tool
        b = f.button("Pick a new objective on the map" if not on else
                     f"New objective: {len(ctl.tool['objective'])} hex(es) — click to drop",
                     lambda: self.toggle_objective(ctl), name="objective",
                     tooltip="Click hexes of the play area to make an objective, then a type for a formation (§16.1)")
        b.toggled = on
        if on:
            route = ctl.tool.get("route") or []
            r = f.button(f"Route: {len(route)} waypoint(s) — click the map" if ctl.tool.get("pick") == "route"
                         else f"Draw its route on the map ({len(route)} waypoint(s))",
                         lambda: self.toggle_route(ctl), name="route", key_hint="R",
                         tooltip="Optional (§16.6): click waypoints from the units toward the objective. The order's "
                                 "units advance along the arrow; they may step 1 hex off it (to a breach, a firing "
                                 "position) and fall back only within that corridor; a defence may hold within 3 "
                                 "hexes of it. Backspace or a right click takes the last waypoint back.")
            r.toggled = ctl.tool.get("pick") == "route"
            # what the route does, read before the button is pressed (a newcomer's question)
            f.text("The route is an arrow (§16.6): the order's units advance along it, may step 1 hex off it "
                   "or fall back inside that corridor; a defence holds within 3 hexes of it. Without one they "
                   "only may not end farther from the objective. Backspace: last waypoint back.",
                   th.px(11), T.TEXT_DIM)
        if not on or not ctl.tool["objective"]:
            return
        short = {"attack": "Attack", "move": "Move", "hasty_defense": "Hasty", "prepared_defense": "Prepared"}
        for form in forms[:4]:
            f.text(f"Draw for {form}:", th.px(11), T.TEXT_DIM)
            f.row([(short.get(k, k), (lambda k=k, form=form: self.draw_with_objective(ctl, cls, k, form)), True,
                    f"draw-{k}-{form}") for k in short], slots=4)

    # --- an order's arrow on the map (§16.6) -----------------------------------------------------
    @staticmethod
    def route_lines(ctl, route: list, objective, who: str) -> list:
        """A route as an arrow: one arrowed segment from waypoint to waypoint, then on to the
        objective hex nearest the last waypoint (where the engine ends a drawn order's line, its
        ``arrow`` in the view), with the order's words on the first segment."""
        if not route:
            return []
        end = min(sorted(objective), key=lambda h: distance(route[-1], h)) if objective else None
        pts = list(route) + ([end] if end is not None and end != route[-1] else [])
        words = f"{who} → " + (hex_name(end) if end is not None else "objective (pick its hexes)") + " (§16.6)"
        if len(pts) == 1:
            return []
        # the words on the first segment: mid-map, where the objective's own words do not sit
        return [MapLine(a, b, "mission", "" if k else words) for k, (a, b) in enumerate(zip(pts, pts[1:]))]

    def route_marks(self, ctl) -> list[MapMark]:
        """The waypoints, numbered: of the route being drawn, else of the order shown."""
        from ....core.hexgrid import parse_hex

        route = list(ctl.tool.get("route") or ())
        who = "the new order's route"
        if not route:
            o = self.order_focus(ctl) if ctl.tool.get("order") else None
            route = [parse_hex(x) for x in (o or {}).get("route") or ()]
            who = f"order {o['id']}'s route" if o else who
        return [MapMark(h, f"W{i}", "order", (f"waypoint {i} of {who} (§16.6): the arrow runs through it",))
                for i, h in enumerate(route, 1)]
