"""Decisions of docs/kasserine-pass/rules-decisions.md not pinned elsewhere (D4, D5, D7, D17, D18)."""
from __future__ import annotations

from .helpers import at, of, play, position, rule_of, set_dice
from .test_combat import fight


def test_D4_artillery_in_an_enemy_zone_need_not_attack():
    g = position({"G10-AR-1": "1322", "CCA-ART": "1422"}, phase="allied_combat")
    assert rule_of(g, "end") is None


def test_D4_the_duty_lapses_when_no_legal_attack_exists():
    # a lone US infantry battalion next to a D.A.K. brigade: 1 against 7 is not allowed
    g = position({"DAK-AR7": "1322", "US18-INF-1": "1422"}, phase="allied_combat")
    assert rule_of(g, "attack 1322 US18-INF-1") == "KP-CRT"
    assert rule_of(g, "end") is None


def test_D5_defensive_artillery_past_1_6_gives_a_elim():
    g = position({"IT-INF-1": "1321", "CCA-AR": "1322", "CCA-AI": "1322", "CCA-ART": "1423",
                  "AD1-ART": "1422"}, phase="german_combat")
    play(g, "attack 1322 IT-INF-1", "end", "support CCA-ART CCA-AR", "support AD1-ART CCA-AI")
    assert g.rules.odds(g.state, g.state.kbattles[0]) == (1, 10)
    play(g, "end")
    set_dice(g, 6, 6)
    ev = play(g, "resolve 1322")
    assert of(ev, "combat")[0].data["result"] == "A ELIM"


def test_D7_a_whole_stack_d_elim_takes_its_artillery_too():
    pos = {"G10-AR-1": "1321", "G10-AR-2": "1321", "G10-AR-3": "1222", "G10-AR-4": "1222",
           "G10-AR-5": "1221", "G10-AR-6": "1221", "US18-INF-1": "1322", "CCA-ART": "1322"}
    g = position(pos, phase="german_combat")
    ev = fight(g, "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3 G10-AR-4 G10-AR-5 G10-AR-6", 1, 1, 1)
    assert of(ev, "combat")[0].data["result"] == "D ELIM"  # 12 against 1: above 8-1
    assert at(g, "CCA-ART") == "eliminated"


def test_D17_city_doubles_the_unit_not_its_support_and_no_battery_supports_itself():
    g = position({"G10-AR-1": "1027", "GAF-US": "1028", "GAF-ART": "1028"}, phase="german_combat")
    play(g, "attack 1028 G10-AR-1", "end")
    assert rule_of(g, "support GAF-ART GAF-ART") == "KP-ARTILLERY"
    play(g, "support GAF-ART GAF-US")
    s = g.rules.strengths(g.state, g.state.kbattles[0])
    assert s["defense"] == 1 * 2 + 2  # the infantry doubled, the French battery's 2 added as printed


def test_D18_selective_attack_leaves_the_rest_of_the_stack_alone_if_the_german_wishes():
    g = position({"G10-AR-1": "1321", "CCA-AR": "1322", "US18-INF-1": "1322"}, phase="german_combat")
    play(g, "select 1322 US18-INF-1 G10-AR-1")
    assert rule_of(g, "end") is None


def test_KP_RESULT_CONTACT_after_an_allied_attack_falls_due_in_the_next_german_turn():
    pos = {"CCA-AR": "1321", "CCA-AI": "1222", "BR-AR-1": "1221", "G10-AR-1": "1322"}
    g = position(pos, phase="allied_combat", turn=3)
    ev = fight(g, "attack 1322 CCA-AR CCA-AI BR-AR-1", 2, 3)  # 6 against 2: 3-1, total 5: CONTACT
    assert of(ev, "combat")[0].data["result"] == "CONTACT"
    play(g, "end")
    assert (g.state.turn, g.state.phase) == (4, "german_move")
    c = g.state.carries[0]
    assert (c.due_side, c.turn) == ("axis", 4)
    play(g, "end")
    assert rule_of(g, "end") == "KP-RESULT-CONTACT"


def test_KP_RESULT_ENGAGED_after_an_allied_attack_the_allies_must_attack_again():
    pos = {"CCA-AR": "1321", "CCA-AI": "1222", "BR-AR-1": "1221", "G10-AR-1": "1322"}
    g = position(pos, phase="allied_combat", turn=3)
    ev = fight(g, "attack 1322 CCA-AR CCA-AI BR-AR-1", 1, 3)  # 3-1, total 4: ENGAGED
    assert of(ev, "combat")[0].data["result"] == "ENGAGED"
    play(g, "end")  # turn 4: the engaged German may break off (a panzer), but stays
    play(g, "end", "end")  # no German counter-attack
    assert g.state.phase == "allied_move"
    assert rule_of(g, "move CCA-AR 1320") == "KP-BREAK-OFF"  # Allies never break off
    play(g, "end")
    assert rule_of(g, "end") == "KP-RESULT-ENGAGED"
