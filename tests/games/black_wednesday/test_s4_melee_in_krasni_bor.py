"""SCEN-4 "Melee in Krasni Bor": the Soviet set-up (1.10b, 1.10e, 2.1f looting), pre-game
losses and battalion morale (1.10c, 1.10d), wire breaches, the follow-on order already
implemented by two battalions with 27 weighted turns (2.1e), Axis orders by company, and the
victory check with its draw."""
from __future__ import annotations

from contextlib import contextmanager

from hexwar.core.actions import Choose, EndPhase, Place
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ELIMINATED, ON_MAP, UNPLACED

from .helpers import H, open_local


@contextmanager
def s4(seed: int = 0):
    g = open_local("s4-melee-in-krasni-bor", seed=seed)
    with use_hex_ids(g.rules.ids):
        yield g


def test_1_10c_pre_game_losses_spread_over_the_battalion_and_guns_lost():
    with s4() as g:
        st, r = g.state, g.rules
        bn = [u for u in st.units.values() if r.entry(u.id).battalion == "1-269"]
        assert sum(r.spec(u.id).steps - u.steps for u in bn) == 18
        assert max(u.steps for u in bn) - min(u.steps for u in bn) <= 1  # decision S4-1: spread evenly
        assert [st.units[f"269-IG{i}"].where for i in range(1, 5)].count(ELIMINATED) == 3
        assert all(st.units[f"63-AT45{i}"].where == ELIMINATED for i in range(1, 7))
        assert st.extra["lost"]["soviet"] == 3 + 4 + 4 + 6  # pre-game losses count (5.0)
        assert [st.units[f"1-AT-AT37{i}"].where for i in range(1, 13)].count(ELIMINATED) == 6


def test_1_10d_initial_battalion_morale():
    with s4() as g:
        assert g.state.extra["bn"] == {"1-269": 1, "2-269": 1, "3-269": 2, "1-342": 1, "2-342": 1, "I-262": 1}


def test_2_1e_scen_4_follow_on_order_two_battalions_begun_27_weighted_turns():
    with s4() as g:
        r, st = g.rules, g.state
        o = next(v for v in r.orders_view(st, "soviet") if v["id"] == "S4-follow-on")
        assert o["released"] == ["1-270", "2-270"] and o["weighted_turns"] == 27
        assert o["need"] == "52" and o["rating"] == 5  # the B3 worked example: 63 Gd, Attack, 27 -> c6 -> 52
        assert r.order_of(st, "1-270-Inf1")["id"] == "S4-follow-on"
        assert r.order_of(st, "269-SMG1")["id"] == "S4-follow-on"  # regimental troops went with the first
        assert r.order_of(st, "1-269-Inf1") is None  # completed its initial sheet: no orders, looting


def test_1_10e_soviet_set_up_first_in_battalion_and_regimental_areas_2_1f_looting():
    with s4() as g:
        r = g.rules
        g.apply(EndPhase())  # no Prep Log in Scen. 4
        assert g.state.phase == "soviet_setup" and g.acting_side() == "soviet"
        inf = r.soviet_setup_hexes(g.state, "1-342-Inf1")
        assert H(g, "B15.23") in inf and H(g, "B29.15") not in inf
        mtr = r.soviet_setup_hexes(g.state, "1-342-Mtr")  # mortars: regimental or battalion areas
        assert H(g, "B07.17") in mtr and H(g, "B21.20") in mtr
        assert all(h in r.looting_limit() for h in inf)
        why = g.check(Place("1-342-Inf1", H(g, "B29.15")))
        assert why is not None and why.rule == "1.10e"
        assert g.check(EndPhase()).rule == "1.10a"


def test_SCEN_4_eight_wire_breaches_in_soviet_set_up_areas():
    with s4() as g:
        g.apply(EndPhase())
        r = g.rules
        hs = r.breach_hexes(g.state)
        assert len(hs) >= 8
        for h in hs[:8]:
            g.apply(Choose("breach", r.ids.name(h)))
        assert all(r.wire_state(g.state, h) == 2 for h in hs[:8])
        assert g.check(Choose("breach", r.ids.name(hs[8]))) is not None
        assert not any(isinstance(a, Choose) for a in g.legal_actions())


def test_SCEN_4_set_up_order_soviet_then_axis_then_the_first_turn():
    with s4() as g:
        g.apply(EndPhase())
        while any(u.where == UNPLACED and g.rules.side_of(u.id) == "soviet" for u in g.state.units.values()):
            todo = sorted(u.id for u in g.state.units.values()
                          if u.where == UNPLACED and g.rules.side_of(u.id) == "soviet")
            g.apply(g.rules.soviet_setup_actions(g.state, {todo[0]})[-1])
        g.apply(EndPhase())
        assert g.state.phase == "axis_setup"
        while any(u.where == UNPLACED for u in g.state.units.values()):
            todo = sorted(u.id for u in g.state.units.values() if u.where == UNPLACED)
            g.apply(g.rules.legal_for(g.state, {todo[0]})[0])
        g.apply(EndPhase())
        assert g.state.phase == "command" and g.rules.time(g.state) == 1000
        assert all(u.where == ON_MAP for u in g.state.units.values() if g.rules.side_of(u.id) == "soviet"
                   and u.where != ELIMINATED)


def test_decision_BW_V3_scen_4_victory_hexes_start_with_the_nearest_side():
    with s4() as g:
        r, st = g.rules, g.state
        kb = sorted(r.feature_hexes("krasni_bor"))
        from hexwar.core.units import Unit
        u = st.units["1-270-Inf1"]
        st.units["1-270-Inf1"] = Unit(u.id, u.spec, ON_MAP, kb[0], u.steps, True, 1)
        v = st.units["5-II-262-Inf1"]
        st.units["5-II-262-Inf1"] = Unit(v.id, v.spec, ON_MAP, kb[-1], v.steps, True, 1)
        st.phase = "command"
        st.touch()
        r.note_occupation(st)
        assert r.occupier(st, kb[0]) == "soviet" and r.occupier(st, kb[-1]) == "axis"


def occupy(g, hexes, side):
    occ = dict(g.state.extra.get("occ", {}))
    for h in hexes:
        occ[h] = side
    g.state.extra["occ"] = occ
    g.state.extra["occ_init"] = True


def test_SCEN_4_victory_both_conditions_soviet_one_draw_none_axis():
    with s4() as g:
        kb = sorted(g.rules.feature_hexes("krasni_bor"))
        occupy(g, kb, "axis")
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Draw" and g.state.result.winner is None  # El Bastion empty of Spanish
    with s4() as g:
        kb = sorted(g.rules.feature_hexes("krasni_bor"))
        occupy(g, kb[:49], "axis")
        occupy(g, kb[49:], "soviet")
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Soviet victory"
    with s4() as g:
        from hexwar.core.units import Unit
        u = g.state.units["7-II-262-Inf1"]
        g.state.units["7-II-262-Inf1"] = Unit(u.id, u.spec, ON_MAP, H(g, "B32.06"), u.steps, True, 1)
        g.state.touch()
        occupy(g, sorted(g.rules.feature_hexes("krasni_bor")), "axis")
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Axis victory" and g.state.result.winner == "axis"
