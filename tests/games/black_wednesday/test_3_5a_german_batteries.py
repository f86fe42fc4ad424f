"""3.5, 3.5a, 3.5b: German batteries released by the variable reinforcement table (``battery
<id>[+<id>]``), I-215 first, each bringing 20 HE, 4 Smoke and 1 Illum of its calibre to the
German pool; 3.2b the Spanish and German pools apart (one pool with 4.1d, option
``german_cooperation``); the 4.3 fixed German schedule (option ``historical``)."""
from __future__ import annotations

from hexwar.core.actions import parse_action
from hexwar.core.dice import FixedDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import Unit
from hexwar.games.black_wednesday.batteries import BatteryRelease, battery_data
from hexwar.games.black_wednesday.orders import OrderAct
from hexwar.games.black_wednesday.verbs import Call

from .helpers import H, fixed, open_local, put, to_action_phase


def _axis_command(g, result):
    st = g.state
    st.phase = "command"
    st.extra["cmd"] = "axis"
    st.extra["german_release"] = (result,)
    st.touch()


def test_3_5_a_german_result_may_release_a_battery_when_only_batteries_wait():
    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        st = g.state
        for uid, e in g.rules.entries.items():  # every German company already came
            if e.pool == "german":
                u = st.units[uid]
                st.units[uid] = Unit(u.id, u.spec, "map", H(g, "B40.30"), u.steps, True, 1)
        st.extra["trench_entered"] = True
        assert g.rules.german_pool(st)["battery"] == list(battery_data()[2])
        g.rules.german_roll(st, FixedDice([5, 5]))  # 10: Type A (reinforcements.yaml)
        assert st.extra["german_release"] == ("type_a",)


def test_3_5_note_every_i_215_battery_before_9_iii_215_or_850():
    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        _axis_command(g, "type_a")
        listed = [a for a in g.legal_actions() if isinstance(a, BatteryRelease)]
        assert sorted(a.args[0] for a in listed) == ["1-I-215", "2-I-215", "3-I-215"]
        why = g.check(BatteryRelease("battery", ("1-850",)))
        assert why.rule == "3.5" and "I-215" in why.reason
        # the order-with-companies form refuses a battery: batteries take no order (3.5b)
        assert g.check(OrderAct("german", ("1-I-215", "attack", "krasni_bor"))).rule == "3.5b"
        g.state.extra["batteries"] = ("1-I-215",)
        _axis_command(g, "type_b")
        pairs = [a.args[0] for a in g.legal_actions() if isinstance(a, BatteryRelease)]
        assert pairs == ["2-I-215+3-I-215"]
        g.state.extra["batteries"] = ("1-I-215", "2-I-215")
        pairs = [a.args[0] for a in g.legal_actions() if isinstance(a, BatteryRelease)]
        assert "3-I-215+9-III-215" in pairs and "9-III-215+1-850" not in pairs


def test_3_5a_a_released_battery_brings_its_ammunition_to_the_german_pool():
    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        _axis_command(g, "type_a")
        act = parse_action("battery 1-I-215")
        assert act == BatteryRelease("battery", ("1-I-215",)) and act.notation() == "battery 1-I-215"
        ev = g.apply(act)
        assert "20 HE, 4 Smoke, 1 Illum" in ev[0].text and "3.5a" in ev[0].text
        st = g.state
        assert st.extra["ammo"]["german"] == {"105mm": {"HE": 20, "Smoke": 4, "Illum": 1}}
        assert st.extra["ammo"]["axis"]["105mm"]["HE"] == 70  # the Spanish pool untouched (3.2b)
        assert g.rules.artillery_of("axis", st)["1-I-215"] == "105mm"  # 3.5b: joins the artillery
        assert "german_release" not in st.extra or not st.extra["german_release"]
        _axis_command(g, "type_b")
        g.apply(BatteryRelease("battery", ("2-I-215+3-I-215",)))
        assert g.state.extra["ammo"]["german"]["105mm"] == {"HE": 60, "Smoke": 12, "Illum": 3}


def _german_spotter(g):
    r = g.rules
    ger = next(e.id for e in r.scen.units if e.pool == "german" and e.type == "ger_infantry")
    u = g.state.units[ger]
    g.state.units[ger] = Unit(u.id, u.spec, "map", None, u.steps, True, 1)
    return ger


def test_3_2b_german_batteries_fire_german_ammunition_for_german_spotters():
    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        g.rules.release_batteries(g.state, ("1-I-215",), "test")
        to_action_phase(g, "axis")
        ger = _german_spotter(g)
        put(g, ger, "B36.20")
        put(g, "5-II-262-Inf1", "B36.21")
        tgt = H(g, "B36.24")
        assert g.check(Call("5-II-262-Inf1", "1-I-215", tgt)).rule == "3.2b"  # a Spanish spotter
        assert g.check(Call(ger, "9-250", tgt)).rule == "3.2b"  # a German spotter, Spanish guns
        fixed(g, [6, 6])
        g.apply(Call(ger, "1-I-215", tgt))
        assert g.state.extra["ammo"]["german"]["105mm"]["HE"] == 19
        assert g.state.extra["ammo"]["axis"]["105mm"]["HE"] == 70


def test_4_1d_axis_pools_joined():
    for pooled in (False, True):
        g = open_local("s2-assault-of-the-guards", options={"german_cooperation": pooled})
        with use_hex_ids(g.rules.ids):
            g.rules.release_batteries(g.state, ("1-I-215",), "test")
            to_action_phase(g, "axis")
            put(g, "5-II-262-Inf1", "B36.21")
            g.state.extra["ammo"]["axis"]["105mm"]["HE"] = 0
            call = Call("5-II-262-Inf1", "9-250", H(g, "B36.24"))
            why = g.check(call)
            if not pooled:
                assert why.rule == "3.2b" and "Spanish pool" in why.reason
                assert g.check(Call("5-II-262-Inf1", "1-I-215", H(g, "B36.24"))).rule == "3.2b"
                continue
            assert why is None  # 4.1d: the German rounds serve the Spanish guns, any Axis spotter
            assert g.check(Call("5-II-262-Inf1", "1-I-215", H(g, "B36.24"))) is None
            fixed(g, [6, 6])
            g.apply(call)
            assert g.state.extra["ammo"]["german"]["105mm"]["HE"] == 19


def test_4_3_historical_german_schedule_replaces_the_table():
    g = open_local("s2-assault-of-the-guards", options={"historical": True})
    with use_hex_ids(g.rules.ids):
        st = g.state
        st.extra["trench_entered"] = True
        st.turn = 27  # 1440: nothing yet, and no table roll (no dice used)
        assert g.rules.german_roll(st, FixedDice([])) == []
        st.turn = 28  # 1500 Feb 10: the 635 Ost battalion
        ev = g.rules.german_roll(st, FixedDice([]))
        assert st.extra["german_release"] == ("schedule:1-635+2-635",)
        assert "4.3" in ev[0].text
        st.phase, st.extra["cmd"] = "command", "axis"
        order = OrderAct("german", ("1-635+2-635", "attack", "krasni_bor"))
        assert g.check(order) is None
        g.apply(order)
        st = g.state
        assert all(st.units[u].arrives == 28 for u in ("1-635-Inf1", "2-635-MG"))
        st.turn = 34  # 1700: 9-III-215 joins at once, with its 3.5a ammunition
        g.rules.german_roll(st, FixedDice([]))
        assert "9-III-215" in g.rules.artillery_of("axis", st)
        assert st.extra["ammo"]["german"]["150mm"] == {"HE": 20, "Smoke": 4, "Illum": 1}
        st.turn = 48  # 0500 Feb 11: I-390 (2100), 1-I-215 (2300), II-390 (0100), 2-I-215 (0300), III-390
        ev = g.rules.german_roll(st, FixedDice([]))
        assert any("III-390 is not in this order of battle" in e.text for e in ev)  # decision BW-H3
        assert set(g.rules.released_batteries(st)) == {"9-III-215", "1-I-215", "2-I-215"}
        assert g.rules.german_roll(st, FixedDice([])) == []  # each time once


def test_3_5b_artillery_view_names_pools_divisions_and_released_batteries():
    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        g.rules.release_batteries(g.state, ("1-I-215",), "test")
        v = g.rules.artillery_view(g.state)
        assert v["units"]["1-I-215"] == {"side": "axis", "calibre": "105mm", "pool": "german", "division": None}
        assert v["units"]["9-250"]["pool"] == "axis" and v["units"]["1-343-63"]["division"] == "63"
        assert v["pools"]["german"]["105mm"]["HE"] == 20 and v["at289"] is None
