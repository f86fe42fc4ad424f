"""SCEN-2 "Assault of the Guards": set-up, Prep Log columns, the German variable
reinforcements (3.5), occupation (5.0) and the victory check."""
from __future__ import annotations

from contextlib import contextmanager

from hexwar.core.actions import EndPhase, Move
from hexwar.core.dice import FixedDice, SeededDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ARRIVING, ON_MAP
from hexwar.games.black_wednesday.orders import OrderAct
from hexwar.games.black_wednesday.setup import NEVER

from .helpers import H, open_local, put


@contextmanager
def s2(seed: int = 0):
    g = open_local("s2-assault-of-the-guards", seed=seed)
    with use_hex_ids(g.rules.ids):
        yield g


def test_SCEN_2_OOB_63_guards_division_arrives_and_the_axis_sets_up_in_its_areas():
    with s2() as g:
        r, st = g.rules, g.state
        sov = [u for u in r.scen.units if u.side == "soviet"]
        assert len(sov) == 151  # 10 divisional + 3 x (14 regimental + 3 x 11)
        assert all(st.units[u.id].where == ARRIVING and st.units[u.id].arrives == 1 for u in sov)
        assert r.rating("soviet") == 5 and r.scen.division == "63"  # 2.1d
        assert r.spec("1-269-Inf1").morale == r.t.unit_types["sov_rifle_63gd"].morale
        # 1.10f: a company sets up in its area (either centre) or in its battalion's area
        five = r.setup_hexes("5-II-262-Inf1")
        assert H(g, "B29.25") in five and H(g, "B33.23") in five and H(g, "B38.16") in five
        three = r.setup_hexes("3-I-262-Inf1")
        assert H(g, "B19.26") in three and H(g, "B38.16") not in three
        # reserves anywhere, including the two 'Others' areas
        assert H(g, "B53.12") in r.setup_hexes("1-Eng-Inf1") or H(g, "B52.12") in r.setup_hexes("1-Eng-Inf1")
        assert r.scen.prep_columns == ("katyusha_2", "122mm_3", "122mm_4", "152mm_8")


def test_SCEN_2_german_units_wait_in_the_pool_until_released():
    with s2() as g:
        pool = [u.id for u in g.rules.scen.units if u.pool == "german"]
        assert len(pool) == 70
        assert all(g.state.units[u].arrives == NEVER for u in pool)
        assert all(o["members"] != () and "635-Ost" not in o["members"] for o in g.rules.orders_view(g.state))


def test_3_5_german_reinforcements_after_the_first_soviet_unit_enters_a_trench():
    with s2() as g:
        r, st = g.rules, g.state
        st.phase, st.turn = "clean_up", 3
        g.dice = FixedDice([3] * 10)
        r.finish_turn(st, g.dice)  # no Soviet unit has entered a trench yet: no roll
        assert not st.extra.get("german_release")
        put(g, "1-269-Inf1", "B34.15")
        r.note_occupation(st)
        assert st.extra["trench_entered"]
        st.phase = "clean_up"
        g.dice = FixedDice([6, 6] + [3] * 10)  # 12: Type B (first thing of the Command Phase)
        r.finish_turn(st, g.dice)
        assert st.extra["german_release"] == ("type_b",)
        st.extra["cmd"] = "axis"
        st.touch()
        acts = [a for a in g.legal_actions() if isinstance(a, OrderAct) and a.op == "german"]
        assert OrderAct("german", ("1-226", "attack", "krasni_bor")) in acts
        assert OrderAct("german", ("1-I-390+2-I-390", "move", "krasni_bor")) in acts
        why = g.check(OrderAct("german", ("1-226", "prepared_defense", "krasni_bor")))
        assert why is not None and why.rule == "3.5c"
        g.apply(OrderAct("german", ("1-226", "attack", "krasni_bor")))
        st = g.state
        assert st.extra["german_release"] == ()
        assert all(st.units[f"1-226-StuG{i}"].arrives == st.turn for i in range(1, 10))
        o = r.order_of(st, "1-226-StuG1")
        assert o["origin"] == "instant" and o["status"] == "implemented" and o["type"] == "attack"
        entries = r.entries_of("1-226-StuG1")
        assert entries and all(h in r.area for h in entries)
        assert {r.ids.name(h)[:3] for h in entries} == {"B62"}  # Entry Areas F and G on the south edge


def test_decision_BW_R1_a_german_result_waits_when_the_axis_ends_its_command_step():
    with s2() as g:
        st = g.state
        st.phase, st.turn = "command", 4
        st.extra["cmd"] = "axis"
        st.extra["german_release"] = ("type_a",)
        st.touch()
        assert g.check(EndPhase()) is None
        g.dice = SeededDice(1)
        g.apply(EndPhase())
        assert g.state.extra["german_release"] == ("type_a",) and g.state.phase != "command"


def test_5_0_occupy_is_the_last_side_to_occupy_or_pass_through():
    with s2() as g:
        r, st = g.rules, g.state
        kb = sorted(r.feature_hexes("krasni_bor"))
        assert len(kb) == 160 and all(r.occupier(st, h) == "axis" for h in kb)  # decision BW-V1
        put(g, "1-269-Inf1", r.ids.name(kb[0]), mode="move")
        st.phase = "action"
        st.extra["phasing"] = "soviet"
        path = (kb[0], kb[1])
        r.note_occupation(st, Move("1-269-Inf1", path))
        assert r.occupier(st, kb[0]) == "soviet"
        # a move's path up to where the unit stands counts as passed through
        st.units["1-269-Inf1"] = st.units["1-269-Inf1"].at(kb[1])
        st.touch()
        r.note_occupation(st, Move("1-269-Inf1", path))
        assert r.occupied_count(st, "soviet", "krasni_bor") == 2


def occupy(g, hexes, side="soviet"):
    occ = dict(g.state.extra.get("occ", {}))
    for h in hexes:
        occ[h] = side
    g.state.extra["occ"] = occ


def test_SCEN_2_victory_five_krasni_bor_hexes_or_el_bastion():
    with s2() as g:
        r = g.rules
        kb = sorted(r.feature_hexes("krasni_bor"))
        occupy(g, kb[:4])
        r.decide_victory(g.state)
        assert g.state.result.winner == "axis" and g.state.result.level == "Axis minor victory"
    with s2() as g:
        occupy(g, sorted(g.rules.feature_hexes("krasni_bor"))[:5])
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Soviet minor victory"
    with s2() as g:
        occupy(g, [H(g, "B32.06"), H(g, "B33.07")])
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Soviet minor victory" and "El Bastion" not in g.state.result.detail[:0]


def test_SCEN_2_note_each_released_reserve_company_counts_one_krasni_bor_hex():
    with s2() as g:
        r = g.rules
        occupy(g, sorted(r.feature_hexes("krasni_bor"))[:3])
        put(g, "1-Eng-Inf1", "B52.12")
        put(g, "2-Eng-Inf1", "B52.13")
        g.state.phase = "command"
        g.state.extra["cmd"] = "axis"
        g.dice = FixedDice([5, 6])
        from hexwar.core.actions import Choose
        g.apply(Choose("release", "1-Eng"))
        g.apply(Choose("release", "2-Eng"))
        r.decide_victory(g.state)
        assert g.state.extra["reserves_released"] == 2
        assert g.state.result.level == "Soviet minor victory" and "+2 for released reserves" in g.state.result.detail


def test_2_1f_at_start_soviet_order_stops_five_hexes_south_of_the_second_trench_line():
    with s2() as g:
        r = g.rules
        o = g.state.extra["orders"]["S2-attack"]
        lim = r.looting_limit()
        objective = [r.ids.parse(n) for n in o["objective"]]
        assert objective and all(h in lim for h in objective)
        kb = r.feature_hexes("krasni_bor")
        assert any(h not in lim for h in kb)  # the deeper part of Krasni Bor is beyond the limit
        assert any(h in kb for h in objective)  # the northern edge of the town is not


def test_SCEN_2_soviets_enter_from_the_north_edge_of_the_play_area():
    with s2() as g:
        r = g.rules
        es = r.entries_of("1-269-Inf1")
        assert es and all(h in r.area and h.row == 1 for h in es)
        assert g.state.units["1-269-Inf1"].where != ON_MAP
