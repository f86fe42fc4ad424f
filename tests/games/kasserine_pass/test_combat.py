"""Combat: odds, terrain, the two-dice table and every result (KP-ODDS, KP-CRT, KP-RESULT-*, errata)."""
from __future__ import annotations

from fractions import Fraction

from hexwar.core.combat import odds_ratio
from hexwar.core.combat import shift_ratio as shift_odds
from hexwar.games.kasserine_pass.state import KBattle

from .helpers import H, at, of, play, position, rule_of, set_dice

THREE = {"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "CCA-AR": "1322"}
ATTACK3 = "attack 1322 G10-AR-1 G10-AR-2 G10-AR-3"


def battle_odds(g, target, attackers, defenders=None):
    d = tuple(defenders) if defenders else g.rules.stack_defenders(g.state, H(target))
    return g.rules.odds(g.state, KBattle(H(target), d, tuple(attackers)))


def fight(g, attack, *dice, defend=()):
    """Declare, close declarations, let the defender allocate, resolve with the dice."""
    play(g, attack, "end")
    for a in defend:
        play(g, a)
    if g.state.step == "defend":
        play(g, "end")
    set_dice(g, *dice)
    target = attack.split()[1]
    return play(g, f"resolve {target}")


def test_KP_ODDS_rounded_in_the_defenders_favour():
    F = Fraction
    assert odds_ratio(F(7), F(3)) == (2, 1)
    assert odds_ratio(F(3), F(7)) == (1, 3)
    assert odds_ratio(F(6), F(2)) == (3, 1)
    assert odds_ratio(F(5), F(2)) == (2, 1)
    assert odds_ratio(F(2), F(5)) == (1, 3)


def test_EX_combat_three_2_16s_against_one_2_16_is_3_to_1():
    """The rulebook's example: six factors against two is 3 to 1."""
    g = position(THREE, phase="german_combat")
    assert battle_odds(g, "1322", ["G10-AR-1", "G10-AR-2", "G10-AR-3"]) == (3, 1)
    ev = fight(g, ATTACK3, 3, 3)  # 3-1, total 6: CONTACT
    assert of(ev, "combat")[0].data["odds"] == "3-1"
    assert of(ev, "combat")[0].data["result"] == "CONTACT"


def test_KP_HEIGHT_only_the_lower_attackers_are_halved():
    # defender on high ground 1120; one attacker on high ground 1119 (level), one on plain 1220 (lower)
    g = position({"G10-AR-1": "1119", "G10-AR-2": "1220", "CCA-AR": "1120"}, phase="german_combat")
    r = g.rules
    assert r.attack_multiplier(g.state, H("1119"), H("1120")) == 1
    assert r.attack_multiplier(g.state, H("1220"), H("1120")) == Fraction(1, 2)
    s = r.strengths(g.state, KBattle(H("1120"), ("CCA-AR",), ("G10-AR-1", "G10-AR-2")))
    assert s["attack"] == 3 and s["defense"] == 2
    # the reverse: attacking down from high ground is not halved
    assert r.attack_multiplier(g.state, H("1120"), H("1220")) == 1


def test_KP_CLIFF_attacking_up_a_cliff_is_quartered():
    g = position({"CCA-AR": "0916", "G10-AR-1": "0917"}, phase="allied_combat")
    assert g.rules.attack_multiplier(g.state, H("0916"), H("0917")) == Fraction(1, 4)
    assert g.rules.attack_multiplier(g.state, H("0917"), H("0916")) == 1  # attacking down


def test_KP_RIVER_ATTACK_attacking_from_a_river_hex_is_halved():
    g = position({"G10-AR-1": "1418", "CCA-AR": "1518"}, phase="german_combat")
    assert g.rules.board.terrain[H("1418")] == "river"
    assert g.rules.attack_multiplier(g.state, H("1418"), H("1518")) == Fraction(1, 2)
    assert g.rules.attack_multiplier(g.state, H("1518"), H("1418")) == 1  # into a river hex: no effect


def test_KP_SEMI_CUMULATIVE_penalties_combine_but_never_below_a_quarter():
    g = position({}, phase="german_combat")
    r = g.rules
    # from a river hex (1719) up to a crest (1720): halved twice
    assert r.attack_multiplier(g.state, H("1719"), H("1720")) == Fraction(1, 4)
    # from a river hex (1016) up a cliff to a crest (1015): a quarter, not an eighth
    assert r.is_cliff(H("1016"), H("1015"))
    assert r.attack_multiplier(g.state, H("1016"), H("1015")) == Fraction(1, 4)


def test_KP_CITY_defender_doubled_in_a_city():
    g = position({"G10-AR-1": "1027", "GAF-US": "1028"}, phase="german_combat")
    assert H("1028") in g.rules.city
    s = g.rules.strengths(g.state, KBattle(H("1028"), ("GAF-US",), ("G10-AR-1",)))
    assert s["defense"] == 2 and s["attack"] == 2
    # a village is no defence
    g = position({"G10-AR-1": "1118", "KAS-EN": "1117"}, phase="german_combat")
    assert H("1117") not in g.rules.city
    assert g.rules.strengths(g.state, KBattle(H("1117"), ("KAS-EN",), ("G10-AR-1",)))["defense"] == 1


def test_KP_CRT_printed_rows_and_the_notes():
    r = position({}).rules
    assert r.crt_result((3, 1), 4) == "ENGAGED"
    assert r.crt_result((1, 2), 2) == "D BACK 1"
    assert r.crt_result((8, 1), 6) == "D ELIM"
    assert r.crt_result((4, 1), 2) == "EXCHANGE"
    assert r.crt_result((9, 1), 7) == "D ELIM"  # above 8-1
    assert r.crt_result((12, 1), 2) == "D ELIM"
    assert all(r.crt_result((1, 6), t) == "A ELIM" for t in range(2, 13))  # 1-6 automatic


def test_KP_CRT_odds_worse_than_1_6_are_not_allowed():
    g = position({"US18-INF-1": "1321", "DAK-AR7": "1322"}, phase="allied_combat")
    assert battle_odds(g, "1322", ["US18-INF-1"]) == (1, 7)
    assert rule_of(g, "attack 1322 US18-INF-1") == "KP-CRT"
    g = position({"US18-INF-1": "1321", "DAK-PG5": "1322", "DAK-ART": "1323"}, phase="allied_combat")
    # 1 against 5 (the artillery in the stack does not count): 1-5 is allowed
    assert rule_of(g, "attack 1322 US18-INF-1") is None


def test_D1_rows_7_to_12_mirror_the_printed_rows():
    r = position({}).rules
    for col, row in r.T.crt.items():
        for t in range(8, 13):
            assert row[t - 2] == row[14 - t - 2], (col, t)
        assert row[7 - 2] == row[6 - 2]


def test_D1_printed_rows_2_to_6_as_the_rulebook_prints_them():
    r = position({}).rules
    assert r.T.crt["1-1"][:5] == ("A ELIM", "A ELIM", "A BACK 3", "A BACK 2", "A BACK 1")
    assert r.T.crt["5-1"][:5] == ("ENGAGED", "D ELIM", "CONTACT", "CONTACT", "D BACK 2")
    assert r.T.crt["1-3"][:5] == ("A ELIM", "A ELIM", "A ELIM", "A ELIM", "A BACK 4")


def test_KP_RESULT_A_ELIM_attacker_loses_the_defenders_worth_then_retreats_one():
    g = position(THREE, phase="german_combat")
    ev = fight(g, ATTACK3, 1, 1)  # 3-1, total 2: A ELIM
    assert of(ev, "combat")[0].data["result"] == "A ELIM"
    st = g.state.stage
    assert st.kind == "loss" and st.side == "axis" and st.get("need") == 2
    play(g, "loss G10-AR-1")  # 2 factors: enough
    assert g.state.stage.kind == "retreat" and set(g.state.stage.get("pending")) == {"G10-AR-2", "G10-AR-3"}
    assert at(g, "G10-AR-1") == "eliminated"
    for uid in ("G10-AR-2", "G10-AR-3"):
        opts = [a for a in g.legal_actions() if a.notation().startswith(f"retreat {uid}")]
        assert opts and all(len(a.path) == 1 for a in opts)
        play(g, opts[0].notation())
    assert g.state.stage is None
    assert at(g, "CCA-AR") == "1322"


def test_KP_ERRATA_ARTILLERY_LOSS_defensive_artillery_not_counted_in_a_elim():
    g = position({**THREE, "CCA-ART": "1423"}, phase="german_combat")
    ev = fight(g, ATTACK3, 1, 1, defend=["support CCA-ART CCA-AR"])  # 6 against 2+3: 1-1, total 2: A ELIM
    assert of(ev, "combat")[0].data["odds"] == "1-1"
    assert g.state.stage.get("need") == 2  # not 5


def test_KP_RESULT_A_BACK_attacker_retreats_x_defender_may_follow_x_minus_1():
    g = position({"G10-AR-1": "1321", "CCA-AR": "1322"}, phase="german_combat")
    ev = fight(g, "attack 1322 G10-AR-1", 2, 2)  # 2 against 2: 1-1, total 4: A BACK 3
    assert of(ev, "combat")[0].data["result"] == "A BACK 3"
    st = g.state.stage
    assert st.kind == "retreat" and st.get("length") == 3
    opts = [a for a in g.legal_actions() if a.notation().startswith("retreat G10-AR-1")]
    assert opts and all(len(a.path) == 3 for a in opts)
    play(g, opts[0].notation())
    st = g.state.stage
    assert st.kind == "advance" and st.side == "allied" and st.get("limit") == 2
    assert st.get("firsts") == (H("1321"),)
    assert rule_of(g, "move CCA-AR 1422") == "KP-ERRATA-ADVANCE-PATH"
    assert rule_of(g, "move CCA-AR 1321") is None
    play(g, "move CCA-AR 1321")
    assert g.state.stage is None and at(g, "CCA-AR") == "1321"


def test_D15_a_back_1_gives_the_defender_no_advance():
    g = position({"G10-AR-1": "1321", "CCA-AR": "1322"}, phase="german_combat")
    fight(g, "attack 1322 G10-AR-1", 3, 3)  # 1-1 total 6: A BACK 1
    play(g, [a for a in g.legal_actions() if a.notation().startswith("retreat")][0].notation())
    assert g.state.stage is None


def test_KP_RESULT_CONTACT_defender_must_counter_attack_or_step_away():
    g = position(THREE, phase="german_combat")
    fight(g, ATTACK3, 2, 3)  # 3-1, total 5: CONTACT
    assert [c.kind for c in g.state.carries] == ["CONTACT"]
    play(g, "end")  # German combat over
    assert g.state.phase == "allied_move"
    play(g, "end")  # the American stays where it is
    assert rule_of(g, "end") == "KP-RESULT-CONTACT"
    play(g, "attack 1321 CCA-AR")
    # no other Allied unit could attack the other two: the duty goes as far as it can
    assert rule_of(g, "end") is None


def test_KP_RESULT_CONTACT_stepping_away_meets_the_duty():
    g = position(THREE, phase="german_combat")
    fight(g, ATTACK3, 2, 3)
    play(g, "end", "move CCA-AR 1422 1523")
    play(g, "end")
    assert g.state.phase == "allied_combat"
    assert rule_of(g, "end") is None
    play(g, "end")
    assert g.state.carries == []  # settled with that combat phase


def test_KP_RESULT_ENGAGED_no_moving_away_reattack_and_counter_attack_rules():
    g = position({**THREE, "CCA-AI": "1423"}, phase="german_combat")
    fight(g, ATTACK3, 1, 3)  # 3-1, total 4: ENGAGED
    assert [c.kind for c in g.state.carries] == ["ENGAGED"]
    play(g, "end")
    # Allied turn: the engaged American may not move (Allies never break off)
    assert rule_of(g, "move CCA-AR 1422") == "KP-BREAK-OFF"
    assert g.view("allied")["units"][[u["id"] for u in g.view("allied")["units"]].index("CCA-AR")]["flipped"]
    play(g, "move CCA-AI 1422 1421", "end")
    # the defender need not counter-attack; CCA-AI, which moved next to the Germans, must attack
    assert rule_of(g, "end") == "KP-ZOC"
    play(g, "attack 1321 CCA-AI")
    # attacking one of the engaged attackers is a counter-attack: CCA-AR must join and hit all three
    why = g.check("end")
    assert why is not None and why.rule == "KP-RESULT-ENGAGED"


def test_KP_RESULT_ENGAGED_attacker_must_attack_again_next_turn():
    g = position(THREE, phase="german_combat")
    fight(g, ATTACK3, 1, 3)  # ENGAGED
    play(g, "end", "end", "end")  # German combat, Allied move, Allied combat (no counter-attack)
    assert g.state.phase == "german_move" and g.state.turn == 3
    assert [c.kind for c in g.state.carries] == ["ENGAGED"]
    play(g, "end")
    assert rule_of(g, "end") == "KP-RESULT-ENGAGED"
    play(g, "attack 1322 G10-AR-2 G10-AR-3")  # the attacks may be set up anew
    assert rule_of(g, "end") == "KP-ZOC"  # G10-AR-1 is still next to the enemy
    play(g, "attack 1322 G10-AR-1")
    assert rule_of(g, "end") is None


def test_KP_RESULT_EXCHANGE_defender_removed_attacker_matches_may_occupy():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "US18-INF-1": "1322"}, phase="german_combat")
    ev = fight(g, "attack 1322 G10-AR-1 G10-AR-2", 1, 1)  # 4 against 1: 4-1 total 2: EXCHANGE
    assert of(ev, "combat")[0].data["result"] == "EXCHANGE"
    assert at(g, "US18-INF-1") == "eliminated"
    assert g.state.stage.kind == "loss" and g.state.stage.get("need") == 1
    play(g, "loss G10-AR-1")
    assert g.state.stage.kind == "advance" and g.state.stage.get("limit") == 1
    play(g, "move G10-AR-2 1322")
    assert at(g, "G10-AR-2") == "1322" and g.state.stage is None


def test_KP_EXCHANGE_LOSS_double_in_a_city():
    g = position({"G10-AR-1": "1027", "G10-AR-2": "1128", "G10-AR-3": "1029", "G10-AR-4": "1129",
                  "GAF-US": "1028"}, phase="german_combat")
    ev = fight(g, "attack 1028 G10-AR-1 G10-AR-2 G10-AR-3 G10-AR-4", 1, 1)
    # 8 (1129 is high ground, above the city: level) against 1 doubled = 2: 4-1, EXCHANGE
    assert of(ev, "combat")[0].data["result"] == "EXCHANGE"
    assert g.state.stage.get("need") == 2


def test_KP_RESULT_D_BACK_defender_retreats_attacker_may_advance_x_minus_1():
    # 6 against 1 (an infantry battalion) = 6-1; total 5: D BACK 2
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322"},
                 phase="german_combat")
    ev = fight(g, ATTACK3, 2, 3)
    assert of(ev, "combat")[0].data["odds"] == "6-1"
    assert of(ev, "combat")[0].data["result"] == "D BACK 2"
    st = g.state.stage
    assert st.kind == "retreat" and st.side == "allied" and st.get("length") == 2
    play(g, [a for a in g.legal_actions() if a.notation().startswith("retreat")][0].notation())
    st = g.state.stage
    assert st.kind == "advance" and st.side == "axis" and st.get("limit") == 1 and st.get("firsts") == (H("1322"),)
    assert rule_of(g, "move G10-AR-1 1322 1422") is not None  # one hex only
    play(g, "move G10-AR-1 1322")
    assert g.state.control.get(H("1322")) is None  # not a place
    play(g, "advance none")
    assert g.state.stage is None


def test_KP_ERRATA_D1_ADVANCE_attacker_may_take_the_vacated_hex_on_d_back_1():
    g2 = position({"IT-INF-1": "1321", "CCA-AR": "1322"}, phase="german_combat")
    ev = fight(g2, "attack 1322 IT-INF-1", 1, 1)  # 1 against 2: 1-2, total 2: D BACK 1
    assert of(ev, "combat")[0].data["result"] == "D BACK 1"
    play(g2, [a for a in g2.legal_actions() if a.notation().startswith("retreat")][0].notation())
    assert g2.state.stage.kind == "advance" and g2.state.stage.get("limit") == 1
    assert rule_of(g2, "move IT-INF-1 1322") is None


def test_KP_ERRATA_SHORT_RETREAT_defender_dies_attacker_still_advances_x_minus_1():
    # the American at 1322 is hemmed in: every hex away from the battle is in a German zone
    pos = {"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322",
           "G21-AR-1": "1523", "G21-AR-2": "1424"}
    g = position(pos, phase="german_combat")
    ev = fight(g, ATTACK3, 2, 3)  # 6-1, total 5: D BACK 2
    assert of(ev, "combat")[0].data["result"] == "D BACK 2"
    assert at(g, "US18-INF-1") == "eliminated"
    assert g.state.stage.kind == "advance" and g.state.stage.get("limit") == 1


def test_KP_ERRATA_RETREAT_ZOC_friendly_units_do_not_open_a_retreat_through_a_zone():
    pos = {"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322",
           "G21-AR-1": "1523", "G21-AR-2": "1424", "CCA-AR": "1422", "CCA-AI": "1423"}
    g = position(pos, phase="german_combat")
    r = g.rules
    # every path leaves through 1422/1423, both in German zones although Americans stand there
    assert r.retreat_options(g.state, "US18-INF-1", 2) == []


def test_KP_RETREAT_TERRAIN_retreat_costing_more_than_the_movement_factor_kills():
    """The rulebook's example: an Italian 1-6 cannot retreat two high-ground hexes (8 MP)."""
    # 0301 is ringed by high ground: one hex back (4 MP) is possible, two (8 MP) are not
    g = position({"IT-INF-1": "0301", "CCA-AR": "0201"}, phase="allied_combat")
    r = g.rules
    assert r.retreat_options(g.state, "IT-INF-1", 1)
    assert r.retreat_options(g.state, "IT-INF-1", 2) == []
    g2 = position({"IT-INF-1": "0301", "CCA-AR": "0201", "CCA-AI": "0201"}, phase="allied_combat")
    ev = fight(g2, "attack 0301 CCA-AR CCA-AI", 3, 3)  # 4 against 1: 4-1, total 6: D BACK 2
    assert of(ev, "combat")[0].data["result"] == "D BACK 2"
    assert at(g2, "IT-INF-1") == "eliminated"
    # a one-hex retreat into a crest (8 MP) is never allowed to a 6 MP unit
    g = position({"IT-INF-1": "1721", "CCA-AR": "1722"}, phase="allied_combat")
    assert all(p.hexes[-1] != H("1720") for p in g.rules.retreat_options(g.state, "IT-INF-1", 1))


def test_KP_RETREAT_TERRAIN_no_retreat_over_a_cliff_not_even_rangers():
    g = position({"RGR-1": "0916", "G10-AR-1": "0915"}, phase="german_combat")
    assert all(p.hexes[0] != H("0917") for p in g.rules.retreat_options(g.state, "RGR-1", 1))


def test_KP_RESULT_D_ELIM_die_roll_of_mp_first_hex_always_the_vacated_one():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322"},
                 phase="german_combat")
    ev = fight(g, ATTACK3, 1, 1, 1)  # 6-1, total 2: D ELIM; then one die for the advance: 1 MP
    assert of(ev, "combat")[0].data["result"] == "D ELIM"
    assert at(g, "US18-INF-1") == "eliminated"
    st = g.state.stage
    assert st.kind == "advance" and st.get("mode") == "mp" and st.get("limit") == 1
    # the vacated hex costs 2 MP, more than the die gave: it may always be taken
    assert rule_of(g, "move G10-AR-1 1322") is None
    assert rule_of(g, "move G10-AR-1 1322 1422") == "KP-RESULT-D-ELIM"


def test_KP_ERRATA_D_ELIM_the_attacker_rolls_for_the_advance():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322"},
                 phase="german_combat")
    ev = fight(g, ATTACK3, 1, 1, 6)
    rolls = of(ev, "die_rolled")
    assert len(rolls) == 2 and rolls[1].data["total"] == 6
    assert g.state.stage.get("limit") == 6
    assert rule_of(g, "move G10-AR-1 1322 1422 1522") is None  # 2 + 2 + 2 = 6


def test_KP_ERRATA_ADVANCE_ZOC_advancing_units_stop_in_enemy_zones():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322",
                  "CCA-AR": "1523"}, phase="german_combat")
    fight(g, ATTACK3, 1, 1, 6)
    # 1422 is next to the American armor at 1523: the advance must stop there
    assert rule_of(g, "move G10-AR-1 1322 1422 1421") == "KP-ERRATA-ADVANCE-ZOC"
    assert rule_of(g, "move G10-AR-1 1322 1422") is None


def test_KP_ERRATA_ADVANCE_ZOC_unless_movement_rules_allow():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322",
                  "US18-INF-2": "1523"}, phase="german_combat")
    fight(g, ATTACK3, 1, 1, 6)
    # American infantry zone: a panzer may go on, at +2 MP a hex
    assert rule_of(g, "move G10-AR-1 1322 1421") is None


def test_KP_ERRATA_ADVANCE_PATH_first_hex_vacated_then_any_way():
    g = position({"G10-AR-1": "1321", "G10-AR-2": "1222", "G10-AR-3": "1221", "US18-INF-1": "1322"},
                 phase="german_combat")
    fight(g, ATTACK3, 1, 1, 6)
    assert rule_of(g, "move G10-AR-1 1421 1422") == "KP-ERRATA-ADVANCE-PATH"
    assert rule_of(g, "move G10-AR-1 1322 1323") is None


def test_KP_OPT_ADVANCE_no_advance_through_terrain_costing_more_than_the_unit_is_worth():
    # an Italian 1-6 following a D BACK 3 two hexes: plain then crest (2 + 8 > 6) only with the option off
    pos = {"IT-INF-1": "1620", "IT-INF-2": "1621", "US18-INF-1": "1721"}
    for opt, want in ((False, None), (True, "KP-OPT-ADVANCE")):
        g = position(pos, phase="german_combat", options={"advance_limit": opt})
        from hexwar.core.state import Stage
        g.state.stage = Stage("advance", "axis", H("1721"), (("battle", 0), ("done", ()), ("firsts", (H("1721"),)),
                                                               ("limit", 2), ("mode", "hexes"),
                                                               ("units", ("IT-INF-1",))))
        g.state.kbattles = [KBattle(H("1721"), ("US18-INF-1",), ("IT-INF-1",))]
        g.state.units["US18-INF-1"] = g.state.units["US18-INF-1"].at(H("1724"))  # it has retreated
        g.state.touch()
        assert rule_of(g, "move IT-INF-1 1721 1720") == want
    # with the option even a single hex is refused when it costs more than the unit is worth
    g = position({"IT-INF-1": "1721", "CCA-AR": "1720"}, phase="german_combat", options={"advance_limit": True})
    from hexwar.core.state import Stage
    g.state.units["CCA-AR"] = g.state.units["CCA-AR"].at(H("1619"))
    g.state.stage = Stage("advance", "axis", H("1720"), (("battle", 0), ("done", ()), ("firsts", (H("1720"),)),
                                                           ("limit", 1), ("mode", "hexes"), ("units", ("IT-INF-1",))))
    g.state.kbattles = [KBattle(H("1720"), ("CCA-AR",), ("IT-INF-1",))]
    g.state.touch()
    assert rule_of(g, "move IT-INF-1 1720") == "KP-OPT-ADVANCE"


def test_KP_OPT_AIR_POWER_one_allied_attack_a_turn_one_column_from_22_february():
    pos = {"CCA-AR": "1321", "G10-AR-1": "1322"}
    g = position(pos, phase="allied_combat", turn=9)
    play(g, "attack 1322 CCA-AR")
    assert rule_of(g, "choose air 1322") == "KP-OPT-AIR-POWER"  # option off
    g = position(pos, phase="allied_combat", turn=8, options={"air_power": True})
    play(g, "attack 1322 CCA-AR")
    assert rule_of(g, "choose air 1322") == "KP-OPT-AIR-POWER"  # 21 February: too early
    g = position(pos, phase="allied_combat", turn=9, options={"air_power": True})
    play(g, "attack 1322 CCA-AR", "choose air 1322")
    assert g.rules.odds(g.state, g.state.kbattles[0]) == (2, 1)  # 1-1 raised to 2-1
    assert rule_of(g, "choose air 1322") == "KP-OPT-AIR-POWER"  # once a turn
    assert shift_odds((8, 1), 1) == (9, 1) and g.rules.crt_result((9, 1), 7) == "D ELIM"
    assert shift_odds((1, 6), 1) == (1, 5) and shift_odds((1, 2), 1) == (1, 1)


def test_KP_OPT_AIR_POWER_by_die_roll():
    for roll, ok in ((4, True), (3, False)):
        g = position({"CCA-AR": "1321", "G10-AR-1": "1322"}, phase="allied_combat", turn=9,
                     options={"air_power": True, "air_power_by_die": True})
        g.state.phase = "allied_move"
        g.state.air_state = ""
        from hexwar.core.dice import FixedDice
        ev = []
        g.rules._begin_phase(g.state, ev, FixedDice([roll]))
        assert of(ev, "die_rolled") and g.state.air_state == ("yes" if ok else "no")


def test_KP_COST_OF_COMBAT_attackers_and_supporting_artillery_pay():
    g = position({"G10-AR-1": "1321", "CCA-AR": "1322", "G10-ART": "1320"}, phase="german_combat")
    play(g, "attack 1322 G10-AR-1", "support G10-ART G10-AR-1")
    assert g.state.mp["G10-AR-1"] == 14 and g.state.mp["G10-ART"] == 6  # 2 MP each for the Germans
    g = position({"CCA-AR": "1321", "G10-AR-1": "1322", "CCA-ART": "1320"}, phase="allied_combat")
    play(g, "attack 1322 CCA-AR", "support CCA-ART CCA-AR")
    assert g.state.mp["CCA-AR"] == 12 and g.state.mp["CCA-ART"] == 4  # 4 MP each for the Allies


def test_KP_COST_OF_COMBAT_no_attack_without_the_mp_after_moving_more_than_one_hex():
    g = position({"CCA-AR": "1321", "G10-AR-1": "1322"}, phase="allied_combat")
    g.state.mp["CCA-AR"] = 3.0
    g.state.hexes_moved["CCA-AR"] = 4
    assert rule_of(g, "attack 1322 CCA-AR") == "KP-COST-OF-COMBAT"
    g.state.hexes_moved["CCA-AR"] = 1  # one hex and fight
    assert rule_of(g, "attack 1322 CCA-AR") is None


def test_KP_SELECTIVE_ATTACK_germans_may_single_out_allies_may_not():
    pos = {"G10-AR-1": "1321", "CCA-AR": "1322", "US18-INF-1": "1322", "G21-AR-1": "1422"}
    g = position(pos, phase="german_combat")
    assert rule_of(g, "select 1322 US18-INF-1 G10-AR-1") is None
    play(g, "select 1322 US18-INF-1 G10-AR-1")
    assert battle_odds(g, "1322", ["G10-AR-1"], ["US18-INF-1"]) == (2, 1)
    play(g, "select 1322 CCA-AR G21-AR-1")  # the soak-off on the rest
    assert len(g.state.kbattles) == 2
    pos = {"CCA-AR": "1321", "G10-AR-1": "1322", "G10-PG-1": "1322"}
    g = position(pos, phase="allied_combat")
    assert rule_of(g, "select 1322 G10-AR-1 CCA-AR") == "KP-SELECTIVE-ATTACK"
    play(g, "attack 1322 CCA-AR")
    assert set(g.state.kbattles[0].defenders) == {"G10-AR-1", "G10-PG-1"}


def test_battle_detail_for_the_odds_panel():
    from fractions import Fraction as F
    g = position({"G10-AR-1": "1220", "G10-AR-2": "1119", "CCA-AR": "1120", "G10-ART": "1219"},
                 phase="german_combat")
    play(g, "attack 1120 G10-AR-1 G10-AR-2", "support G10-ART G10-AR-1")
    d = g.rules.battle_detail(g.state, 0)
    by = {u["unit"]: u for u in d["attackers"]}
    assert by["G10-AR-1"]["multiplier"] == "1/2" and by["G10-AR-1"]["rules"] == ["KP-HEIGHT"]
    assert by["G10-AR-1"]["support"] == {"G10-ART": 4}
    assert by["G10-AR-2"]["rules"] == []
    assert d["attack"] == "7" and d["defense"] == "2" and d["odds"] == "3-1"
    assert sum(d["chances"].values()) == 1
    assert d["chances"]["CONTACT"] == F(24, 36)


def test_EX_artillery_turns_a_3_to_1_into_a_1_to_1():
    """The rulebook's remark: the defender's artillery can turn a planned 3-1 into a 1-1."""
    g = position({**THREE, "CCA-ART": "1423"}, phase="german_combat")
    play(g, ATTACK3)
    assert g.rules.odds(g.state, g.state.kbattles[0]) == (3, 1)
    play(g, "end", "support CCA-ART CCA-AR")
    assert g.rules.odds(g.state, g.state.kbattles[0]) == (1, 1)


def test_EX_semi_cumulative_river_and_height_make_a_quarter():
    """The rulebook's example: from a river hex against a higher defender, a quarter."""
    g = position({"G10-AR-1": "1719", "CCA-AR": "1720"}, phase="german_combat")
    s = g.rules.strengths(g.state, KBattle(H("1720"), ("CCA-AR",), ("G10-AR-1",)))
    assert s["attack"] == Fraction(1, 2)  # a 2-16 counts 1/2
