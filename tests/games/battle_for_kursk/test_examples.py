"""Every worked example of the Battle for Kursk rulebook, rebuilt as a test (EX-…).

The printed map is not ours, so each example is set on a small test board with the
geometry the text describes (who is next to whom, which hex is forest, marsh, a
major city, a fortification, where the river runs) and real counters of the order
of battle with the strengths the example prints.
"""
from __future__ import annotations

from hexwar.core.combat import odds_index, odds_label

from .helpers import H, dests, kboard, of, play, position, rule_of, where


# ---------------------------------------------------------------- movement examples
def _move_ex1_board():
    # A rail line 0205-0206-0207-0208-0209 through forest at 0207 (the 50th's line), a
    # forest hex west of the 1st Guard, a river and a major river next to it.
    return kboard(terrain={"0207": "forest", "0504": "forest", "0305": "forest"},
                  rails=["0205-0206", "0206-0207", "0207-0208", "0208-0209", "0705-0706", "0706-0707"],
                  rivers=["0705-0605"], major_rivers=["0705-0604"], split=1)


def test_EX_MOVE_1_rail_movement_one_mp_a_hex_whatever_the_terrain():
    """EX-MOVE-1: the 50th (infantry, MA 4) starts on rail: 4 rail hexes, forest counted as 1."""
    g = position({"R-50A": "0205"}, phase="russian_armor_rail", board_=_move_ex1_board())
    assert "0209" in dests(g, "R-50A")  # hex A: all four MP along the rail
    assert g.rules.reach(g.state, "R-50A")[H("0207")][0] == 2  # the forest hex costs one MP by rail
    assert "0305" not in dests(g, "R-50A")  # off the rail line: not in this phase


def test_EX_MOVE_1_rail_move_cannot_end_in_an_occupied_hex():
    """EX-MOVE-1: hex B: the rail move stops short because the next hex is occupied (8.2.2)."""
    g = position({"R-50A": "0205", "R-13A": "0209"}, phase="russian_armor_rail", board_=_move_ex1_board())
    assert "0209" not in dests(g, "R-50A") and "0208" in dests(g, "R-50A")
    assert rule_of(g, "move R-50A 0206 0207 0208 0209") == "8.2.2"


def test_EX_MOVE_1_rail_move_stops_in_an_enemy_zone_of_control():
    """EX-MOVE-1: the 63rd moving by rail must stop on entering the 56th's zone of control."""
    g = position({"R-63A": "0205", "G-LVI-PZ": "0308"}, phase="russian_armor_rail", board_=_move_ex1_board())
    d = dests(g, "R-63A")
    assert "0207" in d and "0208" not in d and "0209" not in d  # 0207 is next to 0308: stop there
    assert rule_of(g, "move R-63A 0206 0207 0208") == "8.3"


def test_EX_MOVE_1_armor_gets_no_rail_benefit_and_rivers_cost_nothing():
    """EX-MOVE-1: the 1st Guard (MA 5) pays 2 for forest along the rail; a river costs no MP;
    a major river takes all of its MP; westward it stops when a forest would cost too much."""
    g = position({"R-1GA": "0705"}, phase="russian_armor_rail", board_=_move_ex1_board())
    r = g.rules.reach(g.state, "R-1GA")
    assert r[H("0706")][0] == 1 and r[H("0605")][0] == 1  # the river hexside 0705-0605 adds nothing
    # the major river between 0705 and 0604 needs all five MP: the unit goes round instead
    assert g.rules._normal_cost(5)(H("0705"), H("0604")) == 5
    assert r[H("0604")][0] == 2
    woods = {f"{c:02d}{r:02d}": "forest" for c in (3, 4) for r in range(1, 11)}
    g3 = position({"R-1GA": "0705"}, phase="russian_movement", board_=kboard(terrain=woods, split=1))
    r3 = g3.rules.reach(g3.state, "R-1GA")
    assert r3[H("0405")][0] == 4  # 1 + 1 + 2
    assert H("0305") not in r3  # another forest hex would cost 6 of its 5 MP
    assert "5 to spend" in g3.rules.why_not_move(g3.state, "R-1GA", H("0305")).reason


def test_EX_MOVE_2_ezoc_stops_forest_costs_two_marsh_takes_everything():
    """EX-MOVE-2: the 5th Guard (MA 6) crosses the Psel freely, stops on entering the 52nd's
    zone, pays 2 for forest and 1 for a city; a marsh hex takes all six MP."""
    b = kboard(terrain={"0706": "forest", "0606": "marsh"}, rivers=["0805-0806", "0705-0805"],
               cities={"0804": "Sumy"}, split=1)
    g = position({"R-5GTA": "0805", "G-LII": "0503"}, phase="russian_movement", board_=b)
    r = g.rules.reach(g.state, "R-5GTA")
    assert r[H("0806")][0] == 1 and r[H("0705")][0] == 1  # across the river: no extra cost
    assert r[H("0706")][0] == 2  # forest
    assert r[H("0804")][0] == 1  # the city hex
    assert H("0603") in r and H("0503") not in r
    assert not any(H("0603") in path[:-1] for _, path in r.values())  # 0603 is in the 52nd's zone: a stop
    g2 = position({"R-5GTA": "0706", "G-LII": "0102"}, phase="russian_movement", board_=b)
    r2 = g2.rules.reach(g2.state, "R-5GTA")
    assert r2[H("0606")] == (6, (H("0606"),))  # marsh: the whole allowance, as the only step
    g3 = position({"R-5GTA": "0805", "G-LII": "0102"}, phase="russian_movement", board_=b)
    assert H("0606") not in g3.rules.reach(g3.state, "R-5GTA")  # two hexes away: cannot pay all six again


# ---------------------------------------------------------------- combat examples
def test_EX_COMBAT_1_odds_round_down():
    """EX-COMBAT-1: 16 against 4 is 4:1; 15 against 4 is only 3:1."""
    assert odds_label(odds_index(16, 4)) == "4:1" and odds_label(odds_index(15, 4)) == "3:1"
    g = position({"R-4SA": "0604", "R-1TC": "0605", "G-II-LW": "0505"}, phase="russian_combat")
    assert g.rules.odds(g.state, H("0505"), ["R-4SA", "R-1TC"]).column == "4:1"
    g = position({"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}, phase="russian_combat", reduced=["R-3SA"])
    assert g.rules.odds(g.state, H("0505"), ["R-4SA", "R-3SA"]).column == "3:1"


def test_EX_COMBAT_2_every_attacker_across_a_river_shifts_left():
    """EX-COMBAT-2: the 3:1 of example 1 becomes 2:1 when every attacker is across a river."""
    units = {"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}
    b = kboard(rivers=["0505-0604", "0505-0605"])
    g = position(units, phase="russian_combat", reduced=["R-3SA"], board_=b)
    o = g.rules.odds(g.state, H("0505"), ["R-4SA", "R-3SA"])
    assert o.column == "2:1" and [s.reason for s in o.shifts] == ["every attacker is across a river"]
    b2 = kboard(rivers=["0505-0604"])  # one attacker not across: no shift
    g2 = position(units, phase="russian_combat", reduced=["R-3SA"], board_=b2)
    assert g2.rules.odds(g2.state, H("0505"), ["R-4SA", "R-3SA"]).column == "3:1"


def _ex3():
    b = kboard(major_cities={"0505": "Bryansk"}, rivers=["0505-0604", "0505-0605"])
    # lead R-2TA (tank, Central Front, red) and R-9TC next to Bryansk; R-13A and R-70A (red)
    # behind the lead, not next to the city.
    return position({"G-XLVI-PZ": "0505", "R-2TA": "0604", "R-9TC": "0605", "R-13A": "0603", "R-70A": "0704"},
                    phase="russian_combat", board_=b, dice=[4])


def test_EX_COMBAT_3_major_city_and_river_cancel_the_attack():
    """EX-COMBAT-3: 16 vs 8 is 2:1, left twice (major city, river): below 1:1, no attack."""
    g = _ex3()
    o = g.rules.odds(g.state, H("0505"), ["R-2TA", "R-9TC"])
    assert o.raw_index == 1 and sum(s.columns for s in o.shifts) == -2 and o.no_effect


def test_EX_COMBAT_3_an_offensive_restores_two_to_one():
    """EX-COMBAT-3: an Offensive led by the armor unit with two supporters of its colour: 2:1."""
    g = _ex3()
    o = g.rules.odds(g.state, H("0505"), ["R-2TA", "R-9TC"], ("R-2TA", ("R-13A", "R-70A")))
    assert o.column == "2:1" and not o.no_effect
    assert any(s.rule == "9.2.1" and s.columns == 2 for s in o.shifts)
    assert "offensive 0505 R-2TA R-2TA R-9TC / R-13A R-70A" in [a.notation() for a in g.legal_actions()]
    ev = play(g, "offensive 0505 R-2TA R-2TA R-9TC / R-13A R-70A", "end", "resolve 0505", "roll")
    combat = of(ev, "combat")[0]
    assert combat.data["odds"].column == "2:1" and combat.data["result"] == "DR"  # 2:1, roll 4
    assert g.state.extra["available"]["russian"] == 2  # one marker spent


def _ex4(dice=(3,)):
    b = kboard(terrain={"0505": "forest"}, cities={"0305": "Roslavl"}, split=8)
    units = {"G-LIII": "0505", "R-48A": "0605", "R-60A": "0604", "R-11GA": "0204", "R-50A": "0403"}
    return position(units, phase="russian_combat", board_=b, dice=list(dice), reduced=["R-60A"])


def test_EX_COMBAT_4_forest_two_to_one_dr_single_first_hex_then_a_choice():
    """EX-COMBAT-4: 12 vs 4 is 3:1, forest makes 2:1; roll 3 is DR. Only one first hex avoids
    the zones; from it two endings do; Roslavl is in the 11th Guard's zone. Then either
    attacker may advance."""
    g = _ex4()
    o = g.rules.odds(g.state, H("0505"), ["R-48A", "R-60A"])
    assert (o.attack, o.defense, o.column) == (12, 4, "2:1")
    ev = play(g, "attack 0505 R-48A R-60A", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["result"] == "DR"
    opts = g.rules.retreat_options(g.state, g.state.stage, "G-LIII")
    assert {p.hexes[0] for p in opts} == {H("0405")}
    assert sorted(p.end for p in opts) == [H("0306"), H("0406")] and H("0305") not in {p.end for p in opts}
    play(g, "retreat G-LIII 0405 0406")
    assert where(g, "G-LIII") == ("map", "0406", 2)
    assert sorted(a.notation() for a in g.legal_actions()) == ["advance R-48A", "advance R-60A", "advance none"]
    play(g, "advance R-48A")
    assert where(g, "R-48A") == ("map", "0505", 2)


def _ex5(mud=False, dice=(5,)):
    b = kboard(terrain={"0505": "marsh", "0404": "marsh"}, forts={"Moscow Belt": ("russian", "A", ["0505"])},
               edges={"german": [f"01{r:02d}" for r in range(1, 11)], "russian": ["0505", "1005"]})
    units = {"R-13A": "0505", "G-II-LW": "0404", "G-XI": "0506", "G-XXXIX-PZ": "0604"}
    return position(units, phase="german_combat", board_=b, reduced=["R-13A", "G-XI", "G-XXXIX-PZ"],
                    mud=mud, dice=list(dice))


def test_EX_COMBAT_5_marsh_halves_the_attacker_fortification_shifts():
    """EX-COMBAT-5: (4/2) + 3 + 5 = 10 vs 4 is 2:1; the active Russian fortification: 1:1."""
    g = _ex5()
    o = g.rules.odds(g.state, H("0505"), ["G-II-LW", "G-XI", "G-XXXIX-PZ"])
    assert o.attack == 10 and o.raw_index == 1 and o.column == "1:1"
    assert [s.reason for s in o.shifts] == ["defender in an active friendly fortification"]


def test_EX_COMBAT_5_dr_converted_to_exchange_and_the_exchange_choices():
    """EX-COMBAT-5: roll 5 at 1:1 is DR; the defender takes EX instead; the 4 points owed may be
    paid by eliminating the full 4 infantry (two steps), or the reduced 5 armor, or 3 + 2."""
    for losses, gone in ((["G-II-LW", "G-II-LW"], ["G-II-LW"]), (["G-XXXIX-PZ"], ["G-XXXIX-PZ"]),
                         (["G-XI", "G-II-LW"], ["G-XI"])):
        g = _ex5()
        ev = play(g, "attack 0505 G-II-LW G-XI G-XXXIX-PZ", "end", "resolve 0505", "roll")
        assert of(ev, "combat")[0].data["result"] == "DR"
        assert g.state.stage.kind == "result_choice" and g.state.stage.side == "russian"
        assert sorted(a.notation() for a in g.legal_actions()) == ["choose result dr", "choose result ex"]
        ev = play(g, "choose result ex")
        assert where(g, "R-13A")[0] == "eliminated"
        assert of(ev, "exchange")[0].data["owed"] == 4
        for uid in losses:
            ev = play(g, f"loss {uid}")
        assert "The exchange is paid (9.3 EX)." in [e.text for e in ev]
        assert all(where(g, u)[0] == "eliminated" for u in gone)
        assert g.state.stage.kind == "advance"


def test_EX_11_2_mud_halves_attacking_armor_and_cancels_the_attack():
    """EX-11.2: in mud the 39th counts 2.5: 7.5 vs 4 is 1:1, below 1:1 after the fortification."""
    g = _ex5(mud=True, dice=())
    o = g.rules.odds(g.state, H("0505"), ["G-II-LW", "G-XI", "G-XXXIX-PZ"])
    assert o.attack == 7.5 and o.raw_index == 0 and o.no_effect
    ev = play(g, "attack 0505 G-II-LW G-XI G-XXXIX-PZ", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["below_1_1"] and not of(ev, "die_rolled")


def test_EX_11_2_exchange_in_mud_counts_printed_strength():
    """EX-11.2 / 11.2: exchange losses in mud are the printed values, not the halved ones."""
    b = kboard(edges={"german": [f"01{r:02d}" for r in range(1, 11)], "russian": ["0505", "1005"]})
    g = position({"R-13A": "0505", "G-XXXIX-PZ": "0604", "G-VI": "0506", "G-XII": "0404"}, phase="german_combat",
                 board_=b, reduced=["R-13A"], mud=True, dice=[4])
    o = g.rules.odds(g.state, H("0505"), ["G-XXXIX-PZ", "G-VI", "G-XII"])
    assert o.attack == 5 + 6 + 5 and o.column == "4:1"
    g2 = position({"R-13A": "0505", "G-XXXIX-PZ": "0604"}, phase="german_combat", board_=b, mud=True, dice=[6])
    ev = play(g2, "attack 0505 G-XXXIX-PZ", "end", "resolve 0505", "roll")  # 5 vs 8: 1:2, no effect
    assert of(ev, "combat")[0].data.get("below_1_1")
    g3 = position({"R-1TC": "0505", "G-XXXIX-PZ": "0604", "G-VI": "0506"}, phase="german_combat", board_=b,
                  reduced=["R-1TC"], mud=True, dice=[6])  # 5 + 6 = 11 vs 3: 3:1, roll 6: DRL
    g3.state.extra["mud"] = True
    ev = play(g3, "attack 0505 G-VI G-XXXIX-PZ", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["result"] == "DRL"
    g4 = position({"R-1TC": "0505", "G-XXXIX-PZ": "0604"}, phase="german_combat", board_=b, mud=True, dice=[6])
    ev = play(g4, "attack 0505 G-XXXIX-PZ", "end", "resolve 0505", "roll")  # 10/2 = 5 vs 6: no effect
    assert of(ev, "combat")[0].data.get("below_1_1")
    g5 = position({"R-1TC": "0505", "G-XXXIX-PZ": "0604", "G-VI": "0506"}, phase="german_combat", board_=b,
                  mud=True, dice=[6])  # 5 + 6 = 11 vs 6: 1:1, roll 6: EX
    ev = play(g5, "attack 0505 G-VI G-XXXIX-PZ", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["result"] == "EX"
    assert of(ev, "exchange")[0].data["owed"] == 3  # 6 -> 3
    ev = play(g5, "loss G-XXXIX-PZ")  # printed 10 -> 5: 5 points, not the 2.5 of mud
    assert "The exchange is paid (9.3 EX)." in [e.text for e in ev]


def test_EX_COMBAT_6_out_of_communication_shift_and_drl_eliminates_a_reduced_unit():
    """EX-COMBAT-6: (4/2) + 10 + 8 = 20 vs 5 is 4:1; forest left, defender out of communication
    right: 4:1; roll 4 is DRL; the reduced 39th is eliminated without retreating; the 4th
    Shock advances."""
    b = kboard(terrain={"0505": "forest", "0404": "marsh"},
               edges={"german": ["0304"], "russian": [f"10{r:02d}" for r in range(1, 11)]})
    g = position({"G-XXXIX-PZ": "0505", "R-13A": "0404", "R-4SA": "0604", "R-48A": "0605"}, phase="russian_combat",
                 board_=b, reduced=["G-XXXIX-PZ", "R-13A"], dice=[4])
    assert H("0505") not in g.rules.in_communication(g.state, "german")
    o = g.rules.odds(g.state, H("0505"), ["R-13A", "R-4SA", "R-48A"])
    assert o.attack == 20 and o.raw_index == 3 and o.column == "4:1"
    assert sorted((s.columns, s.rule) for s in o.shifts) == [(-1, "9.2"), (1, "7.2")]
    ev = play(g, "attack 0505 R-13A R-4SA R-48A", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["result"] == "DRL"
    assert where(g, "G-XXXIX-PZ")[0] == "eliminated" and not of(ev, "retreated")
    play(g, "advance R-4SA")
    assert where(g, "R-4SA") == ("map", "0505", 2)


def test_EX_COMBAT_6_at_four_to_one_every_roll_harms_the_defender():
    """EX-COMBAT-6 / CRT: at 4:1 no roll spares the defender; AL only below 2:1 (text after EX-5)."""
    from hexwar.games.battle_for_kursk.tables import CRT_TABLE
    assert all(CRT_TABLE.lookup(3, r) != "NE" for r in range(1, 7))
    assert all(CRT_TABLE.lookup(i, r) != "AL" for i in range(1, 6) for r in range(1, 7))
    assert CRT_TABLE.lookup(1, 3) == "DR" and CRT_TABLE.lookup(0, 5) == "DR" and CRT_TABLE.lookup(0, 4) == "NE"
    assert CRT_TABLE.lookup(3, 4) == "DRL"


# ---------------------------------------------------------------- replacement example
def _rep_board():
    # South-west corner: German blue edge on column 01 and row 10; Stalino 0308 and Mariupol
    # 0409 (A), Taganrog 0607 (B) east of them; Russian red edge column 10.
    return kboard(cities={"0308": "Stalino", "0409": "Mariupol", "0607": "Taganrog"},
                  edges={"german": [f"01{r:02d}" for r in range(1, 11)] + [f"{c:02d}10" for c in range(1, 6)],
                         "russian": [f"10{r:02d}" for r in range(1, 11)]}, split=7)


def test_EX_REPLACEMENT_german_flips_or_places_in_cities_in_communication():
    """EX-REPLACEMENT: the German may flip a reduced infantry unit, or place an eliminated one
    in Stalino or Mariupol (A); Taganrog (B) only while still German."""
    b = _rep_board()
    units = {"G-XVII": "0306", "G-XXIX": "0406", "G-IV": "0507", "R-5SA": "0805", "R-28A": "1007"}
    pst = {"german": "pause", "russian": "deploy"}
    g = position(units, phase="german_replacement", board_=b, reduced=["G-XVII", "G-XXIX"],
                 control={"0607": "german"}, posture=pst)
    acts = [a.notation() for a in g.legal_actions()]
    assert "restore G-XVII" in acts and "restore G-XXIX" in acts
    assert all(rule_of(g, f"place G-XLII {h}") is None for h in ("0308", "0409", "0607"))
    g2 = position(units, phase="german_replacement", board_=b, reduced=["G-XVII", "G-XXIX"],
                  control={"0607": "russian"}, posture=pst)
    assert rule_of(g2, "place G-XLII 0607") == "10.3"


def test_EX_REPLACEMENT_russian_flips_in_communication_and_places_outside_ezoc():
    """EX-REPLACEMENT: the Russian flips the unit at C (in communication); places on edge hexes
    E but not D (in the 4th Corps' zone); Taganrog is no Russian entry (out of communication)."""
    b = _rep_board()
    # German units ring Taganrog's neighbours with zones (or stand on them); the 4th Corps
    # covers the edge hexes 1004 and 1005 (D); the Russian 5th Shock at 0908 is C.
    units = {"G-XVII": "0506", "G-XXIX": "0709", "G-XXX": "0508", "G-XI": "0707", "G-IV": "0905",
             "R-5SA": "0908"}
    g = position(units, phase="russian_replacement", board_=b, reduced=["R-5SA"], control={"0607": "russian"},
                 posture={"german": "engage", "russian": "deploy"})
    acts = [a.notation() for a in g.legal_actions()]
    assert H("0908") in g.rules.in_communication(g.state, "russian") and "restore R-5SA" in acts  # C
    assert "place R-51A 1008" in acts  # E
    assert g.rules.in_ezoc(g.state, "russian", H("1004")) and rule_of(g, "place R-51A 1004") == "10.2"  # D
    assert H("0607") not in g.rules.in_communication(g.state, "russian")
    assert rule_of(g, "place R-51A 0607") == "10.2"  # B


# ---------------------------------------------------------------- posture arithmetic
def test_EX_10_6_turn_1_and_2_replacement_arithmetic():
    """EX-10.6: turn 1, German Engage: 1-1 = 0 IRP, 7-1 = 6 ARP; Russian Deploy: 3 IRP, 2-2 = 0
    ARP; turn 2, German Engage again: 0 IRP and -1-1 = -2 ARP: two armor steps removed."""
    g = position({"G-XLI-PZ": "0303", "G-XLVII-PZ": "0304", "R-13A": "0909"}, phase="posture",
                 posture={"german": "engage", "russian": "deploy"})
    st = g.state
    assert g.rules.points_for(st, "german") == {"irp": 0, "arp": 6}
    assert g.rules.points_for(st, "russian") == {"irp": 3, "arp": 0}
    st.turn = g.rules.camp.number("2")
    st.extra["posture"] = {"german": "engage", "russian": "engage"}
    assert g.rules.points_for(st, "german") == {"irp": 0, "arp": -2}
    g2 = position({"G-XLI-PZ": "0303", "G-XLVII-PZ": "0304", "G-VI": "0305", "R-13A": "0909"}, turn="2",
                  phase="german_replacement")
    assert g2.state.extra["owed"] == {"irp": 0, "arp": 2}
    play(g2, "end")
    assert g2.state.stage.kind == "replacement_loss"
    assert sorted(a.notation() for a in g2.legal_actions()) == ["loss G-XLI-PZ", "loss G-XLVII-PZ"]
    play(g2, "loss G-XLI-PZ", "loss G-XLI-PZ")
    assert where(g2, "G-XLI-PZ")[0] == "eliminated" and where(g2, "G-VI")[2] == 2
    assert g2.state.phase == "german_armor_rail"
