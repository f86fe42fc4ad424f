"""Orders during play (TCS-lite §16, BW 1.10k, 2.1b-2.1e, 3.1b): drawing, weighted turns,
implementation rolls on the Command Prep Table, cancelling, completion, orders_view."""
from __future__ import annotations

from hexwar.core.actions import Attack, EndPhase, parse_action
from hexwar.games.black_wednesday.orders import OrderAct, d66_chance

from .helpers import H, fixed, put, s1, to_action_phase


def command(g, side="soviet"):
    g.state.phase = "command"
    g.state.extra["cmd"] = side
    g.state.touch()


def drawn(g):
    """The id of the last order drawn in play."""
    return [k for k, o in g.state.extra["orders"].items() if o["origin"] == "drawn"][-1]


def set_order(g, oid, **kw):
    orders = dict(g.state.extra["orders"])
    orders[oid] = {**orders[oid], **kw}
    g.state.extra["orders"] = orders
    g.state.touch()


def test_tcs_16_1_scenario_orders_are_state_orders_shown_by_orders_view():
    with s1() as g:
        view = {o["id"]: o for o in g.rules.orders_view(g.state)}
        att, hold = view["S1-attack"], view["A1-hold"]
        assert att["type"] == "attack" and att["status"] == "implemented" and att["members"] == ["43", "armour"]
        assert "1ITB-T341" in att["commanded"] and "1-708-Inf1" in att["commanded"]
        assert len(att["objective"]) == 37 and "B16.29" in att["objective"]  # the trench hexes (S1-1)
        assert hold["type"] == "prepared_defense" and "1-I-262-Inf1" in hold["units"]
        assert att["need"] is None and att["chance"] == 0.0
        assert g.view("soviet")["orders"] == g.rules.orders_view(g.state)


def test_tcs_16_1_order_notation_round_trips():
    for text in ("order draw attack B16.29+B16.30 43", "order roll S3 2-708", "order roll A2",
                 "order cancel S1-attack", "order german 1-I-390+2-I-390 attack krasni_bor"):
        a = parse_action(text)
        assert isinstance(a, OrderAct) and a.notation() == text


def test_1_10k_orders_drawn_before_play_start_with_15_weighted_turns_2_1b_two_sheets_per_division():
    with s1() as g:
        assert OrderAct("draw", ("hasty_defense", "trenches", "43")) in g.legal_actions()  # presets listed
        draw = OrderAct("draw", ("hasty_defense", "B16.29+B16.30", "43"))  # any hexes accepted
        assert g.check(draw) is None
        g.apply(draw)
        o = g.state.extra["orders"][drawn(g)]
        assert o["wt"] == 15 and o["status"] == "prep" and o["objective"] == ("B16.29", "B16.30")
        # 2.1b: 43 Div is on an implemented and a prepared sheet; no third, and no second being prepared
        why = g.check(OrderAct("draw", ("attack", "trenches", "43")))
        assert why is not None and why.rule == "2.1b"


def test_tcs_16_3_implementation_roll_on_the_command_prep_table_and_its_chance():
    assert d66_chance("52") == 11 / 36 and d66_chance("11") == 1.0 and d66_chance("-") == 0.0
    with s1() as g:
        put(g, "1-I-262-Inf1", "B16.29")
        command(g, "axis")
        g.apply(OrderAct("draw", ("attack", "B21.32", "1-I-262")))
        oid = drawn(g)
        roll = OrderAct("roll", (oid,))
        why = g.check(roll)
        assert why is not None and why.rule == "§16.3"  # no weighted turns yet
        set_order(g, oid, wt=27)
        view = next(o for o in g.rules.orders_view(g.state, "axis") if o["id"] == oid)
        # Spanish rating 3, one battalion: row 3; Attack 27 -> c6 -> 35
        assert view["rating"] == 3 and view["need"] == "35" and view["chance"] == round(d66_chance("35"), 4)
        assert roll in g.legal_actions()
        fixed(g, [3, 4])  # 34 < 35
        ev = g.apply(roll)
        assert any(e.kind == "die_rolled" for e in ev)
        assert g.state.extra["orders"][oid]["status"] == "prep"
        assert g.check(roll).rule == "§16.5"  # one roll a turn
        g.state.turn += 1
        fixed(g, [3, 5])
        g.apply(roll)
        assert g.state.extra["orders"][oid]["status"] == "implemented"
        # a unit is on one implemented order: I-262 left the Prepared Defense
        assert g.rules.order_of(g.state, "1-I-262-Inf1")["id"] == oid
        hold = g.state.extra["orders"]["A1-hold"]["members"]
        assert "1-I-262" not in hold and "2-I-262" in hold  # Axis orders take companies (BW-O1)


def test_tcs_16_4_axis_size_modifier_one_row_per_battalion_beyond_the_first():
    with s1() as g:
        put(g, "1-I-262-Inf1", "B16.29")
        put(g, "3-Recon-Inf1", "B21.32")
        command(g, "axis")
        why = g.check(OrderAct("draw", ("move", "B21.32", "1-I-262+Ski")))
        assert why is not None  # Ski Co is all in reserve (§16.8)
        g.apply(OrderAct("draw", ("move", "B21.32", "1-I-262+3-Recon")))
        o = next(o for o in g.rules.orders_view(g.state, "axis") if o["origin"] == "drawn")
        assert o["rating"] == 4


def test_2_1e_soviet_order_implements_one_battalion_at_a_time_support_goes_with_the_first():
    with s1() as g:
        command(g, "soviet")
        g.apply(OrderAct("draw", ("attack", "B21.32", "43")))
        oid = drawn(g)
        set_order(g, oid, wt=27)  # 43 Div rating 7, Attack c6 -> 62
        why = g.check(OrderAct("roll", (oid,)))
        assert why is not None and why.rule == "2.1e"  # name the battalion
        assert {a.args for a in g.legal_actions() if isinstance(a, OrderAct) and a.op == "roll"} == {
            (oid, "1-708"), (oid, "2-708"), (oid, "3-708")}
        fixed(g, [6, 3])
        g.apply(OrderAct("roll", (oid, "2-708")))
        r = g.rules
        assert r.order_of(g.state, "2-708-Inf1")["id"] == oid
        assert r.order_of(g.state, "708-SMG1")["id"] == oid  # regimental troops with the first
        assert r.order_of(g.state, "1-708-Inf1")["id"] == "S1-attack"  # still on the old sheet
        assert g.state.extra["orders"][oid]["released"] == ("2-708",)
        g.state.turn += 1
        fixed(g, [6, 2])
        g.apply(OrderAct("roll", (oid, "1-708")))
        g.state.turn += 1
        fixed(g, [6, 6])
        g.apply(OrderAct("roll", (oid,)))  # one battalion left: nothing to name
        o = g.state.extra["orders"][oid]
        assert o["released"] is None and r.order_of(g.state, "3-708-Inf1")["id"] == oid
        # the 43 Div left the old sheet; the armour stays on it (2.1c)
        assert g.state.extra["orders"]["S1-attack"]["members"] == ("armour",)


def test_tcs_16_2_weighted_turns_3_unassigned_2_assigned_1_in_contact_x3_vehicles():
    with s1() as g:
        r = g.rules
        command(g, "soviet")
        g.apply(OrderAct("draw", ("attack", "B21.32", "43")))
        g.apply(OrderAct("draw", ("attack", "B21.32", "armour")))
        o43, oarm = [k for k, o in g.state.extra["orders"].items() if o["origin"] == "drawn"]
        r.review_orders(g.state)
        assert g.state.extra["orders"][o43]["wt"] == 0  # turn 1: no previous turn to count
        g.state.turn = 2
        r.review_orders(g.state)
        # both divisions are on the implemented S1-attack: 2 each, vehicles only x3
        assert g.state.extra["orders"][o43]["wt"] == 2 and g.state.extra["orders"][oarm]["wt"] == 6
        g.apply(EndPhase())  # Soviet command step done
        g.state.extra["cmd"] = "soviet"
        g.apply(OrderAct("cancel", ("S1-attack",)))
        r.note_contact(g.state, {"1ITB-T341"})
        r.review_orders(g.state)
        assert g.state.extra["orders"][o43]["wt"] == 5  # unassigned now: +3
        assert g.state.extra["orders"][oarm]["wt"] == 9  # in contact: 1 x 3
        assert g.state.extra["contact"] == frozenset()


def test_tcs_16_1_cancelling_an_order_leaves_its_units_unassigned_16_7_no_sfa():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-MG", "B13.30")
        put(g, "1-I-262-Inf1", "B15.30")
        assert g.check(Attack(H(g, "B15.30"), ("1-708-MG",))) is None
        command(g, "soviet")
        assert OrderAct("cancel", ("S1-attack",)) in g.legal_actions()
        g.apply(OrderAct("cancel", ("S1-attack",)))
        assert g.rules.order_of(g.state, "1-708-MG") is None
        g.state.phase = "action"
        g.state.touch()
        why = g.check(Attack(H(g, "B15.30"), ("1-708-MG",)))
        assert why is not None and why.rule == "§16.7"


def test_3_1b_spanish_and_german_units_never_share_an_order():
    from hexwar.core.hexgrid import use_hex_ids

    from .helpers import open_local

    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        g.state.phase = "command"
        g.state.extra["cmd"] = "axis"
        ger = next(e for e in r.scen.units if e.pool == "german" and not r.spec(e.id).vehicle)
        st = g.state
        from hexwar.core.units import Unit
        u = st.units[ger.id]
        st.units[ger.id] = Unit(u.id, u.spec, "map", H(g, "B38.16"), u.steps, True, 1)
        st.touch()
        put(g, "5-II-262-Inf1", "B38.16")
        why = g.check(OrderAct("draw", ("attack", "krasni_bor", f"5-II-262+{r.formation(ger.id)}")))
        assert why is not None and why.rule == "3.1b"


def test_tcs_16_6_attack_order_ends_when_its_objective_is_occupied():
    with s1() as g:
        r = g.rules
        command(g, "soviet")
        g.apply(OrderAct("draw", ("attack", "B13.30", "armour")))
        oid = drawn(g)
        set_order(g, oid, status="implemented")
        assert r.order_of(g.state, "1ITB-T341")["id"] == oid
        put(g, "1ITB-T341", "B13.30", mode="move")
        r.note_occupation(g.state)
        ev = r.review_orders(g.state)
        assert oid not in g.state.extra["orders"] and any("complete" in e.text for e in ev)


def test_1_10j_an_implemented_order_of_the_players_choice_replaces_the_historical_one_2_1f():
    with s1() as g:
        r = g.rules
        # 2.1f: before play a Soviet order may not reach beyond the looting limit
        far = next(h for h in sorted(r.area) if h not in r.looting_limit())
        why = g.check(OrderAct("set", ("attack", r.ids.name(far), "43")))
        assert why is not None and why.rule == "2.1f"
        a = OrderAct("set", ("move", "trenches", "armour"))
        assert a in g.legal_actions()
        g.apply(a)
        oid = [k for k, o in g.state.extra["orders"].items() if o["origin"] == "set"][0]
        assert r.order_of(g.state, "1ITB-T341")["id"] == oid and r.order_of(g.state, "1ITB-T341")["type"] == "move"
        assert g.state.extra["orders"]["S1-attack"]["members"] == ("43",)  # the armour left it
        g.apply(OrderAct("set", ("attack", "trenches", "43")))
        assert "S1-attack" not in g.state.extra["orders"]  # left without formations, it ends
        assert g.check(OrderAct("set", ("move", "trenches", "43"))).rule == "1.10j"  # once per formation
        g.state.phase = "command"
        g.state.extra["cmd"] = "soviet"
        g.state.touch()
        assert g.check(OrderAct("set", ("attack", "trenches", "43"))).rule == "1.10j"
