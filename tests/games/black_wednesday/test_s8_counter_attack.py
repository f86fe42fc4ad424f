"""Scenario 8 "Counter-attack at Krasni Bor" (scenarios/black-wednesday/s8-counter-attack.yaml):
the set-up, the Spanish and German artillery with their own ammunition pools, the orders with
weighted turns, the 5.1 victory it always uses, and decisions S8-1 ... S8-3."""
from __future__ import annotations

import pytest

from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ELIMINATED
from hexwar.games.black_wednesday import LARGE_SCENARIOS

from .helpers import open_local


@pytest.fixture(scope="module")
def g():
    game = open_local("s8-counter-attack")
    with use_hex_ids(game.rules.ids):
        yield game


def steps_lost(g, form):
    r = g.rules
    us = [e.id for e in r.scen.units if form in (e.battalion, r.company(e.id))]
    return sum(r.spec(u).steps - (g.state.units[u].steps if g.state.units[u].where != ELIMINATED else 0) for u in us)


def test_SCEN_8_set_up_losses_artillery_and_ammunition(g):
    r, st = g.rules, g.state
    assert (r.scen.first_time, r.scen.turns, r.scen.first_player) == (600, 34, "axis")
    assert "s8-counter-attack" in LARGE_SCENARIOS
    assert steps_lost(g, "3-187") == 35 and steps_lost(g, "1-270") == 37 and steps_lost(g, "3-14") == 4
    assert steps_lost(g, "5-II-269") >= 11 and steps_lost(g, "2-MR") >= 2  # company losses (+ battalion spread)
    assert len([u for u in st.units if u.startswith("1ITB-T34") and st.units[u].where == ELIMINATED]) == 12
    assert len([u for u in st.units if u.startswith("2RB-T26") and st.units[u].where == ELIMINATED]) == 13
    assert r.scen.breaches == 15
    assert st.extra["ammo"]["soviet"]["76mm"] == {"HE": 200, "Smoke": 20}
    assert st.extra["ammo"]["axis"]["150mm"] == {"HE": 20, "Smoke": 5, "Illum": 0}  # Spanish
    assert st.extra["ammo"]["german"]["105mm"] == {"HE": 110, "Smoke": 20, "Illum": 0}  # 3.2b: a pool of its own
    arts = dict(r.scen.artillery["axis"])
    assert arts["12-250"] == "150mm" and arts["1-I-215"] == "105mm" and arts["3-850"] == "150mm"
    assert "2-162-43" not in dict(r.scen.artillery["soviet"])  # only Battalion 1 of the 162
    # KG Heckel less the 635 Ost sets up w/i 4 A62.30; KG III Flak and I-262 are not in the scenario
    assert r.entry("102-Tiger1").area == "KG-Heckel"
    assert not any(e.battalion in ("KG-III-Flak", "I-262", "1-AT", "AT-2SS") for e in r.scen.units)


def test_decision_S8_1_regimental_and_divisional_troops_set_up_with_scenario_7s_losses(g):
    r = g.rules
    assert r.unit_areas("269-ArtFO") >= r.area_hexes["1-269"]
    assert steps_lost(g, "269-RgtTrp") >= 17 and steps_lost(g, "63-DivTrp") >= 15
    assert sorted(e.id for e in r.scen.units if e.battalion == "14-RgtTrp") == ["14-IG1", "14-IG2", "14-IG3", "14-IG4"]


def test_decision_S8_2_soviet_hasty_defense_with_18_weighted_turns_toward_a_prepared_defense(g):
    orders = g.state.extra["orders"]
    for d in ("43", "63", "72", "armour"):
        h, p = orders[f"S8-{d}-hasty"], orders[f"S8-{d}-prepared"]
        assert h["type"] == "hasty_defense" and h["status"] == "implemented"
        assert p["type"] == "prepared_defense" and p["status"] != "implemented" and p["wt"] == 18


def test_decision_S8_3_spanish_prepared_defense_german_attack_on_krasni_bor(g):
    r, orders = g.rules, g.state.extra["orders"]
    assert orders["A8-hold"]["type"] == "prepared_defense" and "1-635" in orders["A8-hold"]["members"]
    att = orders["A8-attack"]
    assert att["type"] == "attack" and "102" in att["members"] and "1-635" not in att["members"]
    assert set(att["objective"]) == {r.ids.name(h) for h in r.feature_hexes("krasni_bor")}


def test_5_1_scenario_8_always_uses_the_campaign_victory(g):
    r = g.rules
    assert r.scen.victory_spec["kind"] == "campaign"
    assert open_local("s8-counter-attack", options={"campaign": True}).rules.scen.turns == 34
    st = r.new_state(g.dice)[0]
    st.extra["occ"] = {h: "soviet" for h in r.feature_hexes("krasni_bor")}
    ev = r.decide_victory(st)
    assert st.result.level == "Soviet minor victory" and "(5.1)" in ev[0].text
