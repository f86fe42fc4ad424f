"""An order's graphic (TCS-lite §16.6, RECON): a route drawn as an arrow to the objective, the
distance along it, the corridor a member may manoeuvre in, the defence area along the line,
the checks made when one is drawn, its notation and its place in the view."""
from __future__ import annotations

import types

from hexwar.core.actions import parse_action
from hexwar.core.errors import Illegal
from hexwar.core.hexgrid import distance
from hexwar.games.black_wednesday.graphic import along_field, along_sources, arrow_line, hex_line
from hexwar.games.black_wednesday.orders import OrderAct

from .helpers import H, put, s1, to_action_phase

ROUTE = ("B31.33", "B27.36")  # a dog-leg south of the objective, then up to it
OBJ = ("B21.32",)


def give(g, kind="attack", route=ROUTE, objective=OBJ):
    """The 43rd Division on an implemented order ``S9`` (its other Soviet orders dropped)."""
    orders = {k: v for k, v in g.state.extra["orders"].items() if v["side"] != "soviet"}
    o = {"id": "S9", "side": "soviet", "type": kind, "objective": tuple(objective), "members": ("43",), "wt": 0,
         "status": "implemented", "released": None, "rolled": 0, "origin": "drawn", "uncoordinated": False}
    if route:
        o["route"] = tuple(route)
    orders["S9"] = o
    g.rules._set_orders(g.state, orders)
    g.state.touch()
    return o


def test_16_6_the_drawn_line_joins_the_waypoints_to_the_nearest_objective_hex_step_by_step():
    with s1() as g:
        r = g.rules
        line = arrow_line(tuple(H(g, x) for x in ROUTE), [H(g, x) for x in OBJ])
        assert line[0] == H(g, ROUTE[0]) and H(g, ROUTE[1]) in line and line[-1] == H(g, OBJ[0])
        assert all(distance(a, b) == 1 for a, b in zip(line, line[1:]))
        assert r.arrow_of(give(g)) == line
        a, b = H(g, "B31.33"), H(g, "B27.36")
        assert len(hex_line(a, b)) == distance(a, b) + 1 and hex_line(a, a) == (a,)


def test_16_6_distance_along_the_graphic_follows_the_route_not_the_crow():
    with s1() as g:
        r = g.rules
        o = give(g)
        line = r.arrow_of(o)
        for i, h in enumerate(line):  # on the line: what is left of it
            assert r.along_graphic(o, h) == len(line) - 1 - i
        start = H(g, "B31.33")
        assert r.along_graphic(o, start) == 13 and r.near_objective(o, start) == 10  # the dog-leg is longer
        off = H(g, "B32.34")  # two hexes off the line: two hexes to it, plus the line left from there
        assert r.off_route(o, off) == 2 and r.along_graphic(o, off) == 14


def test_16_6_distance_along_the_graphic_is_the_least_over_the_nearest_points_of_the_line():
    """The ring-by-ring field gives, for every hex, the hexes to the nearest point of the graphic
    plus the least left-over among those nearest points (the plain computation)."""
    with s1() as g:
        r = g.rules
        o = give(g)
        src = along_sources(r.arrow_of(o), r.objective(o))
        field = along_field(src, r._adj_around(r.arrow_of(o)))
        for h in r.area:
            d = min(distance(h, p) for p in src)
            assert field[h] == d + min(v for p, v in src.items() if distance(h, p) == d)


def test_16_6_without_a_route_distance_along_the_graphic_is_the_distance_to_the_objective():
    with s1() as g:
        r = g.rules
        o = g.state.extra["orders"]["S1-attack"]
        assert "route" not in o and r.off_route(o, H(g, "B30.30")) is None and r.arrow_of(o) == ()
        assert all(r.along_graphic(o, h) == r.near_objective(o, h) for h in r.board.terrain)


def test_16_6_attack_member_may_manoeuvre_within_its_route_corridor():
    with s1() as g:
        r = g.rules
        o = give(g)
        put(g, "1-708-Inf1", "B28.35")
        to_action_phase(g)
        back = H(g, "B29.36")  # farther along the arrow (11 > 9) and from the objective, 1 hex off the line
        assert r.along_graphic(o, back) > r.along_graphic(o, H(g, "B28.35")) and r.off_route(o, back) == 1
        assert r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), back) is None
        assert back in r.reach(g.state, "1-708-Inf1")
        give(g, route=None)  # the same order without a route: today's rule refuses that step back
        why = r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), back)
        assert why is not None and why.rule == "§16.6" and "farther from its objective" in why.reason


def test_16_6_attack_member_may_not_leave_its_route_corridor():
    with s1() as g:
        r = g.rules
        o = give(g)
        put(g, "1-708-Inf1", "B28.35")
        to_action_phase(g)
        away = H(g, "B30.36")  # falls back along the arrow, 2 hexes off the line
        assert r.off_route(o, away) == 2
        why = r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), away)
        assert isinstance(why, Illegal) and why.rule == "§16.6"
        assert "drawn via B31.33+B27.36" in why.reason and "more than 1 hex off its route nor fall back" in why.reason
        assert away not in r.reach(g.state, "1-708-Inf1")
        # leaving the corridor forward is an advance along the graphic: allowed
        fwd = H(g, "B27.33")
        assert r.off_route(o, fwd) == 2 and r.along_graphic(o, fwd) < r.along_graphic(o, H(g, "B28.35"))
        assert r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), fwd) is None


def test_16_6_falling_back_is_free_within_2_hexes_of_the_objective_as_before():
    with s1() as g:
        r = g.rules
        o = give(g)
        near = H(g, "B22.31")
        assert r.near_objective(o, near) <= 2
        far = next(h for h in r.area if r.off_route(o, h) > 1 and r.along_graphic(o, h) > r.along_graphic(o, near)
                   and distance(h, near) <= 3)
        assert r.check_order_move(g.state, "1-708-Inf1", near, far) is None


def test_16_6_defence_member_may_hold_within_3_hexes_of_the_line():
    with s1() as g:
        r = g.rules
        o = give(g, "hasty_defense")
        on_line = H(g, "B31.34")  # 11 hexes from the objective, 1 from the line
        assert r.near_objective(o, on_line) > 3 and r.off_route(o, on_line) <= 3
        assert r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), on_line) is None
        beyond = next(h for h in sorted(r.area) if r.off_route(o, h) == 4 and r.near_objective(o, h) > 3)
        why = r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), beyond)
        assert why is not None and why.rule == "§16.6" and "within 3 hexes of an objective hex or of the line" \
            in why.reason
        assert r.may_assault(g.state, "1-708-Inf1", on_line) is None  # its area takes the line in
        give(g, "hasty_defense", route=None)
        assert r.check_order_move(g.state, "1-708-Inf1", H(g, "B28.35"), on_line) is not None


def test_16_6_route_notation_round_trips():
    for text in ("order draw attack B21.32 43 via B31.33+B27.36", "order set move trenches 72 via B30.30",
                 "order draw hasty_defense B16.29+B16.30 43"):
        a = parse_action(text)
        assert isinstance(a, OrderAct) and a.notation() == text
    for bad in ("order draw attack B21.32 43 by B31.33", "order draw attack B21.32 43 via"):
        try:
            parse_action(bad)
        except Exception as e:
            assert "via" in str(e)
        else:
            raise AssertionError(bad)


def test_16_6_drawing_a_route_checks_its_waypoints():
    with s1() as g:
        put(g, "1-708-Inf1", "B32.33")
        g.state.phase, g.state.extra["cmd"] = "command", "soviet"
        g.state.touch()

        def why(route):
            return g.check(OrderAct("draw", ("attack", "B21.32", "43", "via", route)))

        assert why("B99.99").rule == "§16.6" and "not a hex id" in why("B99.99").reason
        assert "off the map" in why("B10.10").reason  # outside the play area
        assert "at most 8 waypoints" in why("+".join(["B31.33"] * 9)).reason
        far = why("B21.33")
        assert far.rule == "§16.6" and "first waypoint B21.33 is 11 hexes" in far.reason
        assert why("B31.33+B27.36") is None
        g.apply(OrderAct("draw", ("attack", "B21.32", "43", "via", "B31.33+B27.36")))
        drawn = [o for o in g.state.extra["orders"].values() if o["origin"] == "drawn"]
        assert drawn[-1]["route"] == ROUTE


def test_16_6_an_order_drawn_without_a_route_has_no_route_item():
    with s1() as g:
        g.state.phase, g.state.extra["cmd"] = "command", "soviet"
        g.state.touch()
        g.apply(OrderAct("draw", ("attack", "B21.32", "43")))
        o = [o for o in g.state.extra["orders"].values() if o["origin"] == "drawn"][-1]
        assert "route" not in o  # saved records and states keep their digests


def test_16_6_the_view_carries_the_route_and_its_line():
    with s1() as g:
        give(g)
        v = {o["id"]: o for o in g.view("soviet")["orders"]}
        assert v["S9"]["route"] == list(ROUTE)
        assert v["S9"]["arrow"][0] == "B31.33" and v["S9"]["arrow"][-1] == "B21.32" and "B27.36" in v["S9"]["arrow"]
        assert v["A1-hold"]["route"] == [] and v["A1-hold"]["arrow"] == []


def test_16_6_drawing_an_order_says_its_delay_and_its_route():
    with s1() as g:
        put(g, "1-708-Inf1", "B32.33")
        g.state.phase, g.state.extra["cmd"] = "command", "soviet"
        g.state.touch()
        c = g.rules.consequence(g.state, OrderAct("draw", ("attack", "B21.32", "43", "via", "B31.33+B27.36")))
        assert "first is possible at 9 weighted turns" in c.text and "65+" in c.text
        assert "arrow runs via B31.33, B27.36" in c.text and "§16.6" in c.rule
        plain = g.rules.consequence(g.state, OrderAct("draw", ("attack", "B21.32", "43")))
        assert "arrow" not in plain.text and "65+" in plain.text


def _old_check(self, state, uid, start, dest):
    """§16.6 as it was before routes (the reference the listing must still match)."""
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


def test_16_6_an_order_without_a_route_lists_exactly_the_moves_it_listed_before():
    listings = []
    for old in (False, True):
        with s1() as g:
            r = g.rules
            if old:
                r.check_order_move = types.MethodType(_old_check, r)
            for uid, hx in (("1-708-Inf1", "B28.35"), ("1-708-Inf2", "B31.33"), ("2-708-Inf1", "B22.36")):
                put(g, uid, hx)
            give(g, "attack", route=None)
            to_action_phase(g)
            attack = sorted(a.notation() for a in g.legal_actions())
            give(g, "hasty_defense", route=None)
            listings.append((attack, sorted(a.notation() for a in g.legal_actions())))
    assert listings[0] == listings[1] and any(" 1-708-Inf1 " in f" {x} " for x in listings[0][0])


def test_16_6_an_order_set_before_play_may_carry_a_route_1_10j():
    with s1() as g:
        base = next(a for a in g.legal_actions() if isinstance(a, OrderAct) and a.op == "set"
                    and a.args[0] == "attack" and a.args[2] == "43")
        with_route = OrderAct("set", (*base.args, "via", "B31.33+B27.36"))
        assert g.check(with_route) is None
        ev = g.apply(with_route)
        o = next(o for o in g.state.extra["orders"].values() if o["origin"] == "set")
        assert o["route"] == ROUTE and o["status"] == "implemented"
        assert any("via B31.33+B27.36" in e.text for e in ev)
        other = next(a for a in g.legal_actions() if isinstance(a, OrderAct) and a.op == "set")
        why = g.check(OrderAct("set", (*other.args, "via", "B10.10")))
        assert why is not None and why.rule == "§16.6" and "off the map" in why.reason
