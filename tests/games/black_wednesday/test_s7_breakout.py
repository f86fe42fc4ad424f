"""Scenario 7 "Breakout" (scenarios/black-wednesday/s7-breakout.yaml): the set-up (pre-game
losses, battalion morale, orders, breaches, artillery and ammunition), its victory conditions, the
campaign version, and decisions S7-1 ... S7-5."""
from __future__ import annotations

import pytest

from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ELIMINATED
from hexwar.games.black_wednesday import LARGE_SCENARIOS

from .helpers import open_local, put


@pytest.fixture(scope="module")
def g():
    game = open_local("s7-breakout")
    with use_hex_ids(game.rules.ids):
        yield game


def steps_lost(g, battalion):
    r = g.rules
    us = [e.id for e in r.scen.units if e.battalion == battalion]
    return sum(r.spec(u).steps - (g.state.units[u].steps if g.state.units[u].where != ELIMINATED else 0) for u in us)


def test_SCEN_7_set_up_losses_battalion_morale_breaches_and_ammunition(g):
    r, st = g.rules, g.state
    assert (r.scen.first_time, r.scen.turns, r.scen.first_player) == (1600, 15, "axis")
    assert "s7-breakout" in LARGE_SCENARIOS
    assert steps_lost(g, "1-269") == 25 and steps_lost(g, "3-269") == 33 and steps_lost(g, "2-187") == 26
    assert all(steps_lost(g, f"{k}-708") == 13 for k in (1, 2, 3))
    dead_t34 = [u for u in st.units if u.startswith("1ITB-T34") and st.units[u].where == ELIMINATED]
    assert len(dead_t34) == 8  # the Ind Tank Bn has lost 8x T-34
    assert st.extra["bn"]["1-270"] == 2 and st.extra["bn"]["2-342"] == 1 and st.extra["bn"]["3-708"] == 2
    assert st.extra["bn"]["MR"] == 1
    assert r.scen.breaches == 15
    assert st.extra["ammo"]["soviet"] == {"76mm": {"HE": 20, "Smoke": 0}, "122mm": {"HE": 4, "Smoke": 0}}
    assert st.extra["lost"]["soviet"] > 0  # 5.0: pre-game losses count as lost units
    # the 708 and the Ind Tank Bn: anywhere in the map's 'north of xx.37, east of the railroad' region
    region = r.board.regions["Scenarios 7-8: north of xx.37, east of the railroad"]
    assert r.unit_areas("1-708-Inf1") == region & r.area and r.unit_areas("1ITB-T341") == region & r.area
    assert "3.4" in r.scen.variable  # the Return Battalion: 2200 Feb 10 falls in the scenario


def test_decision_S7_1_the_axis_artillery_ammo_and_orders_printed_in_soviet_terms_are_replaced(g):
    r, st = g.rules, g.state
    assert dict(r.scen.artillery["axis"]) == {"1-250": "105mm", "3-250": "105mm", "7-250": "105mm", "8-250": "105mm"}
    assert st.extra["ammo"]["axis"] == {"105mm": {"HE": 40, "Smoke": 5, "Illum": 2}}
    ax = [o for o in st.extra["orders"].values() if o["side"] == "axis"]
    assert len(ax) == 1 and ax[0]["type"] == "hasty_defense" and ax[0]["status"] == "implemented"
    assert "4-I-263" in ax[0]["members"] and "7-II-262" in ax[0]["members"]


def test_decision_S7_2_one_soviet_sheet_per_division(g):
    orders = {k: o for k, o in g.state.extra["orders"].items() if o["side"] == "soviet"}
    assert orders["S7-63"]["type"] == "attack" and orders["S7-63"]["members"] == ("63",)
    assert orders["S7-72"]["type"] == "hasty_defense" and orders["S7-43"]["type"] == "hasty_defense"
    assert orders["S7-armour"]["members"] == ("armour",)
    assert all(o["status"] == "implemented" and o["wt"] == 0 for o in orders.values())  # no weighted turns


def test_decision_S7_5_the_14_regiment_sets_up_only_its_infantry_guns(g):
    troops = sorted(e.id for e in g.rules.scen.units if e.battalion == "14-RgtTrp")
    assert troops == ["14-IG1", "14-IG2", "14-IG3", "14-IG4"]
    assert all(not e.pool for e in g.rules.scen.units if e.battalion.endswith("-14"))  # set up, not 2.7's pool


def test_SCEN_7_victory_three_soviet_conditions_two_draw_one_axis_minor(g):
    r = g.rules
    st = r.new_state(g.dice)[0]

    def occ(feature, side):
        st.extra["occ"] = {**st.extra.get("occ", {}), **{h: side for h in r.feature_hexes(feature)}}

    occ("el_bastion", "soviet")
    occ("mill", "soviet")
    r.decide_victory(st)
    assert st.result.level == "Soviet victory"  # no Axis unit in Krasni Bor, El Bastion, the Mill: three
    st = r.new_state(g.dice)[0]
    occ("el_bastion", "soviet")
    r.decide_victory(st)
    assert st.result.winner is None and st.result.level == "Draw"
    st = r.new_state(g.dice)[0]
    g.state = st
    put(g, "1-Eng-Inf1", r.ids.name(sorted(r.feature_hexes("krasni_bor"))[0]))
    r.decide_victory(st)
    assert st.result.level == "Axis minor victory"
    st = r.new_state(g.dice)[0]
    occ("raikolovo", "soviet")  # condition 4: Samsonovka, Mondolovo or Raikolovo
    occ("mill", "soviet")
    r.decide_victory(st)
    assert st.result.level == "Soviet victory"


def test_5_1_scenario_7_campaign_version_runs_52_turns_with_the_5_1_levels():
    c = open_local("s7-breakout", options={"campaign": True})
    assert c.rules.scen.turns == 52 and c.rules.scen.victory_spec["kind"] == "campaign"
    assert "3.4" in c.rules.scen.variable


@pytest.mark.parametrize("name", ["s7-breakout.yaml", "s8-counter-attack.yaml"])
def test_SCEN_7_and_8_every_value_carries_provenance(name):
    import yaml

    from .test_scenarios_provenance import ROOT, marked, test_every_scenario_value_carries_provenance

    test_every_scenario_value_carries_provenance(name)  # units, areas, losses, morale, orders, artillery, ammo
    data = yaml.safe_load((ROOT / name).read_text(encoding="utf-8"))
    assert "campaign" not in data or marked(data["campaign"])
    ax = data["sides"]["axis"]
    assert "german_ammo" not in ax or marked(ax["german_ammo_provenance"])


def test_decisions_S7_3_and_S7_4_the_companies_in_play_and_battalion_losses(g):
    r = g.rules
    bns = {e.battalion for e in r.scen.units if e.side == "axis"}
    assert {"II-262", "III-262", "MR", "I-263", "II-269", "Eng-Bn", "Recon-Bn", "635-Ost"} <= bns
    assert not bns & {"Ski-Co", "262-RgtTrp", "1-AT", "AT-2SS", "KG-III-Flak", "I-390", "1-226"}
    comps = {r.company(e.id) for e in r.scen.units if e.side == "axis"}
    assert "4-I-262" in comps and not comps & {"1-I-262", "2-I-262", "3-I-262"}
    assert r.entry("4-I-263-MG1").area == "1-I-263+2-I-263+3-I-263"  # S7-3: the weapons company with the others
    assert r.entry("6-II-262-Inf1").area == "II-262"  # companies not named use the battalion area
    assert steps_lost(g, "II-262") == 8 + 13 + 12  # S7-4: the battalion's 8 on top of its companies' 13 and 12
