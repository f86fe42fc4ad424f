"""Artillery, break-off, breakdown, engineers, Rangers (KP-ARTILLERY*, KP-BREAK-OFF, KP-BREAKDOWN ...)."""
from __future__ import annotations

from hexwar.games.kasserine_pass.state import KBattle

from .helpers import H, at, of, play, position, rule_of, set_dice
from .test_combat import ATTACK3, THREE, fight

SIX = {"G10-AR-1": "1321", "G10-AR-2": "1321", "G10-AR-3": "1222", "G10-AR-4": "1222",
       "G10-AR-5": "1221", "G10-AR-6": "1221"}
ATTACK6 = "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3 G10-AR-4 G10-AR-5 G10-AR-6"


def test_KP_ARTILLERY_range_factor_one_unit_attacker_first_then_defender():
    pos = {"G10-AR-1": "1321", "CCA-AR": "1322", "G10-ART": "1320", "G21-ART": "1318", "CCA-ART": "1423"}
    g = position(pos, phase="german_combat")
    play(g, "attack 1322 G10-AR-1")
    assert rule_of(g, "support G21-ART G10-AR-1") == "KP-ARTILLERY"  # 3 hexes away, range 2
    assert rule_of(g, "support CCA-ART CCA-AR") == "KP-ARTILLERY"  # the defender waits his turn
    play(g, "support G10-ART G10-AR-1")
    assert rule_of(g, "support G10-ART G10-AR-1") == "KP-ARTILLERY"  # one battery, one unit
    b = g.state.kbattles[0]
    assert g.rules.strengths(g.state, b)["attack"] == 2 + 4
    play(g, "end")
    assert g.state.step == "defend" and g.acting_side() == "allied"
    assert rule_of(g, "support G21-ART G10-AR-1") == "KP-ARTILLERY"  # the attacker is done
    play(g, "support CCA-ART CCA-AR")
    assert g.rules.strengths(g.state, g.state.kbattles[0])["defense"] == 2 + 3
    assert g.state.mp.get("CCA-ART") is None or g.state.mp["CCA-ART"] == 8  # defensive support is free
    play(g, "end")
    assert g.state.step == "resolve"
    set_dice(g, 3, 3)
    ev = play(g, "resolve 1322")
    assert of(ev, "combat")[0].data["odds"] == "1-1"  # 6 against 5


def test_KP_ERRATA_AT_anti_tank_units_are_not_artillery():
    g = position({"G10-AR-1": "1321", "CCA-AR": "1322", "G10-AT": "1320"}, phase="german_combat")
    play(g, "attack 1322 G10-AR-1")
    assert rule_of(g, "support G10-AT G10-AR-1") == "KP-ERRATA-AT"
    # and anti-tank units attack like any combat unit
    g = position({"G10-AT": "1321", "CCA-AR": "1322"}, phase="german_combat")
    assert rule_of(g, "attack 1322 G10-AT") is None


def test_KP_ARTILLERY_ALONE_lone_battery_defends_at_1_and_dies_if_it_must_retreat():
    pos = {"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "CCA-ART": "1322"}
    g = position(pos, phase="german_combat")
    b = KBattle(H("1322"), g.rules.stack_defenders(g.state, H("1322")), ("G10-AR-1",))
    assert b.defenders == ("CCA-ART",) and g.rules.strengths(g.state, b)["defense"] == 1
    ev = fight(g, ATTACK3, 2, 3)  # 6 against 1: 6-1, total 5: D BACK 2
    assert of(ev, "combat")[0].data["result"] == "D BACK 2"
    assert at(g, "CCA-ART") == "eliminated"


def test_KP_ARTILLERY_STACK_cannot_be_singled_out_and_is_captured_on_the_advance():
    pos = {**SIX, "CCA-AR": "1322", "CCA-ART": "1322"}
    g = position(pos, phase="german_combat")
    assert rule_of(g, "select 1322 CCA-ART G10-AR-1") == "KP-ARTILLERY-STACK"
    b = KBattle(H("1322"), g.rules.stack_defenders(g.state, H("1322")), ("G10-AR-1",))
    assert b.defenders == ("CCA-AR",)  # the attack goes at the regular unit only
    ev = fight(g, ATTACK6, 2, 3)  # 12 against 2: 6-1, total 5: D BACK 2
    assert of(ev, "combat")[0].data["result"] == "D BACK 2"
    play(g, [a for a in g.legal_actions() if a.notation().startswith("retreat CCA-AR")][0].notation())
    assert at(g, "CCA-ART") == "1322"  # the guns stay behind
    ev = play(g, "move G10-AR-1 1322")
    assert of(ev, "captured") and at(g, "CCA-ART") == "lost"
    assert at(g, "CCA-ART@axis") == "1322" and g.rules.uside(g.state, "CCA-ART@axis") == "axis"
    assert g.rules.side("CCA-ART@axis") == "axis"  # also without the state (fuzzer, client)
    assert g.state.mp["CCA-ART@axis"] == 0
    # the captor may use the guns from the next phase on
    assert g.rules.is_art(g.state, "CCA-ART@axis")


def test_KP_ARTILLERY_EXCHANGE_attacker_loses_only_the_defenders_base_value():
    """The rulebook's example: artillery raises a 1-16 to 3; on EXCHANGE the attacker loses 1."""
    pos = {"DAK-AR7": "1321", "DAK-PG5": "1222", "DAK-PG4": "1221", "US18-INF-1": "1322", "CCA-ART": "1423"}
    g = position(pos, phase="german_combat")
    ev = fight(g, "attack 1322 DAK-AR7 DAK-PG5 DAK-PG4", 1, 1, defend=["support CCA-ART US18-INF-1"])
    assert of(ev, "combat")[0].data["odds"] == "4-1"  # 16 against 1 + 3
    assert of(ev, "combat")[0].data["result"] == "EXCHANGE"
    assert at(g, "US18-INF-1") == "eliminated"
    assert g.state.stage.kind == "loss" and g.state.stage.get("need") == 1


def test_KP_BREAK_OFF_german_panzers_leave_an_engagement_for_2_mp_allies_never():
    g = position({**THREE, "G10-AT": "1221"}, phase="german_combat")
    play(g, "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3 G10-AT", "end")
    set_dice(g, 1, 2)  # 8 against 2: 4-1, total 3: ENGAGED
    play(g, "resolve 1322")
    assert g.state.carries and g.state.carries[0].kind == "ENGAGED"
    play(g, "end", "end")  # Allied move: the American is stuck
    play(g, "end")  # Allied combat: no counter-attack
    assert g.state.phase == "german_move"
    assert rule_of(g, "move G10-AT 1220") == "KP-BREAK-OFF"  # anti-tank may not break off
    assert rule_of(g, "move G10-AR-1 1320") is None
    ev = play(g, "move G10-AR-1 1320")
    assert of(ev, "broke_off")
    assert g.state.mp["G10-AR-1"] == 16 - 2 - 2  # one plain hex plus the break-off
    assert "G10-AR-1" not in g.rules.engaged(g.state)


def test_KP_BREAKDOWN_the_table_no_recombining_no_allied_breakdown():
    g = position({"G10-AR-1": "1321", "G10-RC": "1322", "DAK-AR7": "1420", "DAK-AR3": "1520",
                  "G10-AT": "1620", "DAK-AT": "1720", "CCA-AR": "1024"})
    ev = play(g, "breakdown G10-AR-1")
    assert of(ev, "breakdown")[0].data["parts"] == ["G10-AR-1a", "G10-AR-1b"]
    r = g.rules
    for kid in ("G10-AR-1a", "G10-AR-1b"):
        s = r.kspec(g.state, kid)
        assert (s.type, s.size, s.factor, s.ma) == ("armor", "detachment", 1, 16)
        assert at(g, kid) == "1321"
    assert at(g, "G10-AR-1") == "lost"
    assert rule_of(g, "breakdown G10-AR-1a") == "KP-BREAKDOWN"  # parts never break down again
    play(g, "breakdown DAK-AR7", "breakdown G10-RC", "breakdown G10-AT")
    assert [(r.kspec(g.state, k).factor, r.kspec(g.state, k).ma) for k in ("DAK-AR7a", "G10-RCa", "G10-ATa")] == \
        [(2, 10), (1, 18), (1, 6)]
    assert r.kspec(g.state, "DAK-AR7a").size == "battalion"
    assert rule_of(g, "breakdown DAK-AR3") == "KP-BREAKDOWN"  # not in the table
    assert rule_of(g, "breakdown DAK-AT") == "KP-BREAKDOWN"  # the D.A.K. 1-6 anti-tank has none
    assert rule_of(g, "breakdown CCA-AR") == "KP-BREAKDOWN"  # the Allies may not
    g = position({"G10-AR-1": "1321"}, phase="allied_move")
    assert rule_of(g, "breakdown G10-AR-1") == "KP-BREAKDOWN"  # only in the German portion of the turn


def test_EX_breakdown_a_2_16_to_give_up_only_a_1_16_on_exchange():
    """The rulebook's example: a German 2-16 on EXCHANGE against an American 1-16."""
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "US18-INF-1": "1322"}, phase="german_combat")
    fight(g, "attack 1322 G10-AR-1 G10-AR-2", 1, 1)  # 4-1, total 2: EXCHANGE
    assert g.state.stage.kind == "loss" and g.state.stage.get("need") == 1
    play(g, "breakdown G10-AR-1")
    assert "G10-AR-1a" in g.state.kbattles[0].attackers
    play(g, "loss G10-AR-1a")
    assert g.state.stage.kind == "advance"
    assert at(g, "G10-AR-1b") == "1321" and at(g, "G10-AR-2") == "1222"


def test_KP_BREAKDOWN_respects_the_four_counter_limit():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1321", "G10-ART": "1321", "G10-EN": "1321"})
    assert rule_of(g, "breakdown G10-AR-1") == "KP-STACKING"


def test_KP_ENGINEERS_blow_for_4_rebuild_for_8_one_a_turn():
    g = position({"KAS-EN": "1117"}, phase="allied_move")
    r = g.rules
    assert H("1016") in r.bridges
    assert rule_of(g, "blow KAS-EN") == "KP-ENGINEERS"  # no bridge in Kasserine
    play(g, "move KAS-EN 1016")  # along the road: 1 MP
    assert g.state.mp["KAS-EN"] == 15
    play(g, "blow KAS-EN")
    assert g.state.mp["KAS-EN"] == 11 and H("1016") in g.state.blown
    assert rule_of(g, "build KAS-EN") == "KP-ENGINEERS"  # one bridge a turn
    assert rule_of(g, "move KAS-EN 0916") is None  # it may use the MP it has left
    # with the bridge down, the road no longer helps into the hex
    assert r.step_cost(H("1117"), H("1016"), g.state.blown) == 4
    play(g, "end", "end", "end", "end")  # to the next Allied movement
    assert g.state.phase == "allied_move"
    play(g, "build KAS-EN")
    assert g.state.mp["KAS-EN"] == 8 and H("1016") not in g.state.blown
    g = position({"G10-EN": "1016"})
    g.state.mp["G10-EN"] = 3.0
    assert rule_of(g, "blow G10-EN") == "KP-ENGINEERS"  # 4 MP needed
    g = position({"G10-AR-1": "1016"})
    assert rule_of(g, "blow G10-AR-1") == "KP-ENGINEERS"  # only engineers


def test_KP_RANGERS_it_costs_them_nothing_to_fight():
    g = position({"RGR-1": "1321", "G10-AR-1": "1322"}, phase="allied_combat")
    g.state.mp["RGR-1"] = 0.0
    g.state.hexes_moved["RGR-1"] = 5
    assert rule_of(g, "attack 1322 RGR-1") is None
    play(g, "attack 1322 RGR-1")
    assert g.state.mp["RGR-1"] == 0
