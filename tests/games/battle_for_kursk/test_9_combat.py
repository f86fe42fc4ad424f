"""Battle for Kursk combat: declaration (9.0), long odds (9.1), shifts (9.2), Offensives
(9.2.1), results (9.3) and the retreat rules of 7.2."""
from __future__ import annotations

from .helpers import H, kboard, kinds, legal, of, play, position, rule_of, where


def _attack(units, target, attackers, dice=(), **kw):
    g = position(units, phase=kw.pop("phase", "russian_combat"), dice=list(dice), **kw)
    ev = play(g, f"attack {target} {' '.join(attackers)}", "end", f"resolve {target}", "roll")
    return g, ev


# ---------------------------------------------------------------- 9.0
def test_9_0_declare_all_then_commit_then_resolve_in_any_order():
    """9.0: every battle is declared first; after that none may be added or changed, and the
    phase ends only when all are resolved, in the order the attacker likes."""
    g = position({"R-4SA": "0604", "R-3SA": "0805", "G-VI": "0505", "G-XII": "0705"}, phase="russian_combat",
                 dice=[1, 1])
    play(g, "attack 0505 R-4SA", "attack 0705 R-3SA")
    assert rule_of(g, "resolve 0505") == "9.0"  # declarations still open
    play(g, "end")
    assert rule_of(g, "attack 0705 R-4SA") == "9.0"  # commitment
    assert rule_of(g, "end") == "9.0"  # resolve first
    play(g, "resolve 0705", "roll")
    assert g.state.resolved == [H("0705")] or g.state.stage.target == H("0705")


def test_9_0_one_battle_per_unit():
    """9.0: a unit takes part in only one battle per combat phase."""
    g = position({"R-4SA": "0604", "G-VI": "0505", "G-XII": "0603"}, phase="russian_combat")
    play(g, "attack 0505 R-4SA")
    assert rule_of(g, "attack 0603 R-4SA") == "9.0"
    assert not any("R-4SA" in a.notation() for a in g.legal_actions() if a.notation().startswith("attack"))


def test_9_0_attacking_is_voluntary_and_only_next_to_the_enemy():
    """9.0: attackers must be next to the defender; no attack is forced."""
    g = position({"R-4SA": "0804", "G-VI": "0505"}, phase="russian_combat")
    assert rule_of(g, "attack 0505 R-4SA") == "9.0"
    assert legal(g) == ["end"]
    play(g, "end")
    assert g.state.phase == "russian_movement"


def test_9_0_advance_after_combat_one_attacker_may_move_in():
    """9.0 step 6: when the defender's hex is empty one attacker may move in, or none."""
    g, ev = _attack({"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}, "0505", ["R-4SA", "R-3SA"], dice=[6])
    assert of(ev, "combat")[0].data["result"] == "DE"  # 20 vs 4 = 5:1, roll 6
    assert legal(g) == ["advance R-3SA", "advance R-4SA", "advance none"]
    play(g, "advance none")
    assert g.state.stage is None and where(g, "R-4SA")[1] == "0604"


# ---------------------------------------------------------------- 9.1
def test_9_1_odds_above_six_are_shifted_first_then_capped():
    """9.1: odds may begin above 6:1; shifts apply first, then anything above 6:1 is 6:1."""
    b = kboard(terrain={"0505": "forest"}, rivers=["0505-0604", "0505-0605"])
    g = position({"R-4SA": "0604", "R-3SA": "0605", "G-SEC-C": "0505"}, phase="russian_combat", board_=b,
                 reduced=["G-SEC-C"])  # 20 vs 1 = 20:1, forest and river: 18:1, read as 6:1
    o = g.rules.odds(g.state, H("0505"), ["R-4SA", "R-3SA"])
    assert o.raw_index == 19 and o.final_index == 5 and o.column == "6:1"


def test_9_1_below_one_to_one_after_shifts_cancels_and_below_may_be_raised():
    """9.1: odds may begin below 1:1 and be shifted up; below 1:1 after shifts, no effect."""
    g = position({"R-1TC": "0604", "R-13A": "0603", "R-70A": "0703", "G-XLVIII-PZ": "0505"}, phase="russian_combat",
                 reduced=["R-1TC"])  # 3 vs 11: 1:4
    o = g.rules.odds(g.state, H("0505"), ["R-1TC"])
    assert o.no_effect
    o2 = g.rules.odds(g.state, H("0505"), ["R-1TC"], ("R-1TC", ("R-13A",)))  # a tank corps leads; not the colour
    assert o2.no_effect
    g2 = position({"R-4SA": "0604", "R-3SA": "0703", "R-43A": "0603", "G-XLVIII-PZ": "0505"}, phase="russian_combat",
                  reduced=["R-4SA"])  # 5 vs 11: 1:3 (index -2), two supporters: +2 -> 1:1
    o3 = g2.rules.odds(g2.state, H("0505"), ["R-4SA"], ("R-4SA", ("R-3SA", "R-43A")))
    assert o3.raw_index == -2 and o3.final_index == 0 and not o3.no_effect


# ---------------------------------------------------------------- 9.2
def _odds(units, target, attackers, board_, **kw):
    g = position(units, phase=kw.pop("phase", "russian_combat"), board_=board_, **kw)
    return g.rules.odds(g.state, H(target), attackers)


def test_9_2_forest_rough_and_major_city_shift_left():
    """9.2: a defender in forest, rough or a major city shifts the odds one column left."""
    units = {"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}
    base = _odds(units, "0505", ["R-4SA", "R-3SA"], kboard()).final_index
    for b in (kboard(terrain={"0505": "forest"}), kboard(terrain={"0505": "rough"}),
              kboard(major_cities={"0505": "Bryansk"})):
        assert _odds(units, "0505", ["R-4SA", "R-3SA"], b).final_index == base - 1
    assert _odds(units, "0505", ["R-4SA", "R-3SA"], kboard(terrain={"0505": "marsh"})).final_index == base
    assert _odds(units, "0505", ["R-4SA", "R-3SA"], kboard(cities={"0505": "Sumy"})).final_index == base


def test_9_2_only_an_active_friendly_fortification_shifts():
    """9.2 / 4.0: a fortification counts for its own side, from the turn it becomes active."""
    units = {"R-4SA": "0604", "G-II-LW": "0505"}
    mine = kboard(forts={"Mius": ("german", "3", ["0505"])})
    assert _odds(units, "0505", ["R-4SA"], mine, turn="3").final_index == 0  # 10 vs 4 = 2:1, left
    assert _odds(units, "0505", ["R-4SA"], mine, turn="2").final_index == 1  # not active yet
    theirs = kboard(forts={"Belt": ("russian", "A", ["0505"])})
    assert _odds(units, "0505", ["R-4SA"], theirs).final_index == 1  # the enemy's belt


def test_9_2_river_and_major_river_when_every_attacker_is_across():
    """9.2: all attackers across a river: one left; across a major river: two left."""
    units = {"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}
    b = kboard(major_rivers=["0505-0604", "0505-0605"])
    o = _odds(units, "0505", ["R-4SA", "R-3SA"], b)
    assert [(s.columns, s.reason) for s in o.shifts] == [(-2, "every attacker is across a major river")]
    b = kboard(major_rivers=["0505-0604"], rivers=["0505-0605"])
    o = _odds(units, "0505", ["R-4SA", "R-3SA"], b)
    assert [(s.columns, s.reason) for s in o.shifts] == [(-1, "every attacker is across a river")]


def test_9_2_attacker_in_marsh_is_halved_keeping_fractions():
    """9.2 (combat example 5): a unit attacking from marsh counts half, fractions kept."""
    o = _odds({"R-3SA": "0604", "G-II-LW": "0505"}, "0505", ["R-3SA"], kboard(terrain={"0604": "marsh"}),
              reduced=["R-3SA"])
    assert o.attack == 2.5


def test_7_2_communication_shift_and_both_out_cancel():
    """7.2 / 9.2: the other side gains a column when every unit of one side in the battle is
    out of communication; when both are out the shifts cancel."""
    b = kboard(edges={"german": ["0101"], "russian": ["1010"]})
    units = {"R-4SA": "0604", "G-II-LW": "0505", "R-13A": "0202", "G-XII": "0909"}
    o = _odds(units, "0505", ["R-4SA"], b)  # 0101 in the 13th's zone; 1010 in the XII's
    assert [(s.columns, s.rule) for s in o.shifts] == [(0, "7.2")] and o.final_index == 1
    o = _odds({"R-4SA": "0604", "G-II-LW": "0505", "G-XII": "0909"}, "0505", ["R-4SA"], b)
    assert [(s.columns, s.rule) for s in o.shifts] == [(-1, "7.2")]
    o = _odds({"R-4SA": "0604", "G-II-LW": "0505", "R-13A": "0202"}, "0505", ["R-4SA"], b)
    assert [(s.columns, s.rule) for s in o.shifts] == [(1, "7.2")]


# ---------------------------------------------------------------- 9.2.1 Offensives
def _off(**kw):
    units = {"G-XLVIII-PZ": "0505", "R-2TA": "0604", "R-13A": "0603", "R-70A": "0704", "R-38A": "0705",
             "R-48A": "0605"}
    units.update(kw.pop("extra", {}))
    return position(units, phase="russian_combat", **kw)


def test_9_2_1_offensive_lead_must_be_armor_or_shock():
    """9.2.1: the lead unit is armor or shock; infantry may not lead."""
    g = _off()
    assert rule_of(g, "offensive 0505 R-48A R-2TA R-48A / R-38A") == "9.2.1"
    assert rule_of(g, "offensive 0505 R-2TA R-2TA R-48A / R-13A") is None


def test_9_2_1_supporters_same_colour_behind_the_line_next_to_the_lead():
    """9.2.1: a supporter is next to the lead, not next to the defender, of the lead's colour."""
    g = _off()  # R-2TA, R-13A, R-70A, R-48A Central (red); R-38A Voronezh (yellow)
    assert rule_of(g, "offensive 0505 R-2TA R-2TA / R-13A R-70A") is None
    why = g.check("offensive 0505 R-2TA R-2TA / R-38A")
    assert why.rule == "9.2.1" and "colour" in why.reason
    assert rule_of(g, "offensive 0505 R-2TA R-2TA / R-48A") == "9.2.1"  # next to the defender: it attacks
    g2 = _off(extra={"R-65A": "0803"})
    assert "next to the lead" in g2.check("offensive 0505 R-2TA R-2TA / R-65A").reason


def test_9_2_1_each_supporter_shifts_one_column_and_may_take_losses():
    """9.2.1: +1 column per supporter; supporters may take the attacker's losses."""
    g = _off(dice=[6], reduced=["R-2TA"])  # 5 vs 11: 1:3; +2: 1:1; roll 6: EX
    o = g.rules.odds(g.state, H("0505"), ["R-2TA"], ("R-2TA", ("R-13A", "R-70A")))
    assert o.final_index == 0
    ev = play(g, "offensive 0505 R-2TA R-2TA / R-13A R-70A", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["result"] == "EX"
    assert g.state.stage.kind == "exchange_loss" and set(g.state.stage.get("units")) == {"R-2TA", "R-13A", "R-70A"}
    play(g, "loss R-13A")
    assert where(g, "R-13A")[2] == 1


def test_9_2_1_markers_spent_refused_without_one_and_restored_by_the_track():
    """9.2.1 / 4.0: an Offensive spends an available marker; none left, none declared; the
    turn track adds markers back, never more than three available."""
    g = _off(available={"german": 0, "russian": 0})
    assert rule_of(g, "offensive 0505 R-2TA R-2TA / R-13A") == "9.2.1"
    assert not any(a.notation().startswith("offensive") for a in g.legal_actions())
    g = _off(available={"german": 0, "russian": 1})
    play(g, "offensive 0505 R-2TA R-2TA / R-13A")
    assert g.state.extra["available"]["russian"] == 0
    st = g.state
    st.turn = g.rules.camp.number("2")  # turn 2 adds one Russian marker, none German
    st.extra["available"] = {"german": 3, "russian": 0}
    ev = []
    g.rules.start_posture_segment(st, ev)
    assert st.extra["available"] == {"german": 3, "russian": 1}
    st.turn = g.rules.camp.number("3")  # turn 3 adds one each: the German stays at 3
    g.rules.start_posture_segment(st, ev)
    assert st.extra["available"] == {"german": 3, "russian": 2}
    assert any(e.kind == "offensives" for e in ev)


def test_9_2_1_supporters_are_in_the_battle_once():
    """9.0 / 9.2.1: a supporter is busy for the phase like any attacker."""
    g = _off(extra={"G-VI": "0803"})
    play(g, "offensive 0505 R-2TA R-2TA / R-13A R-70A")
    assert rule_of(g, "attack 0803 R-70A") == "9.0"


# ---------------------------------------------------------------- 9.3 results
def test_9_3_dr_two_hexes_away_avoiding_zones_never_into_occupied_hexes():
    """9.3 DR: each retreat hex one further away; avoid enemy zones where possible; never end
    in a friendly-occupied hex; the attacker chooses among the legal paths."""
    g, ev = _attack({"R-4SA": "0604", "G-II-LW": "0505", "G-XII": "0406"}, "0505", ["R-4SA"], dice=[3])
    assert of(ev, "combat")[0].data["result"] == "DR"  # 10 vs 4 = 2:1, roll 3
    opts = g.rules.retreat_options(g.state, g.state.stage, "G-II-LW")
    ends = {p.end for p in opts}
    assert all(p.ezoc_entered == 0 for p in opts) and H("0406") not in ends
    assert g.state.stage.side == "russian"
    assert rule_of(g, "retreat G-II-LW 0405 0406") == "9.3"


def test_7_2_retreat_through_an_enemy_zone_costs_a_step_ending_in_one_eliminates():
    """7.2 / 9.3: a retreat forced through an enemy zone loses a step; forced to end in one,
    the unit is eliminated."""
    g, ev = _attack({"R-4SA": "0604", "G-II-LW": "0505", "R-13A": "0202", "R-70A": "0405"}, "0505", ["R-4SA"],
                    dice=[3])  # 10 vs 4: 2:1, roll 3: DR; every path crosses a zone, none ends in one
    opts = g.rules.retreat_options(g.state, g.state.stage, "G-II-LW")
    assert opts and all(p.ezoc_entered == 1 and not p.ends_in_ezoc for p in opts)
    ev = play(g, "retreat G-II-LW 0506 0507")
    assert where(g, "G-II-LW") == ("map", "0507", 1)
    assert any("through an enemy zone" in e.text for e in of(ev, "reduced"))
    g, ev = _attack({"R-4SA": "0604", "G-II-LW": "0505", "R-13A": "0306", "R-70A": "0403", "R-38A": "0606"},
                    "0505", ["R-4SA"], dice=[3])  # every ending lies in a Russian zone
    opts = g.rules.retreat_options(g.state, g.state.stage, "G-II-LW")
    assert opts and all(p.ends_in_ezoc for p in opts)
    ev = play(g, "retreat G-II-LW 0506 0507")
    assert where(g, "G-II-LW")[0] == "eliminated"
    assert any("ended in an enemy zone" in e.text for e in of(ev, "eliminated"))


def test_9_3_no_legal_retreat_eliminates():
    """9.3 "or else": with no legal retreat path the unit is eliminated."""
    g, ev = _attack({"R-4SA": "0604", "G-II-LW": "0505", "R-13A": "0404", "R-70A": "0405", "R-38A": "0506",
                     "R-40A": "0504", "R-48A": "0605"}, "0505", ["R-4SA"], dice=[3])
    assert where(g, "G-II-LW")[0] == "eliminated"
    assert any("no legal retreat path" in e.text for e in of(ev, "eliminated"))


def test_9_3_retreat_off_a_friendly_edge_and_return_next_replacement_phase():
    """9.3 off the map: a unit that can only retreat off its own edge leaves the map and comes
    back in its side's next replacement phase, placed like a replacement (free)."""
    b = kboard()
    g, ev = _attack({"R-4SA": "0201", "G-II-LW": "0101", "R-13A": "0202", "R-70A": "0103"}, "0101", ["R-4SA"],
                    dice=[3], board_=b, posture={"german": "pause", "russian": "engage"})
    opts = g.rules.retreat_options(g.state, g.state.stage, "G-II-LW")
    assert opts and all(p.end not in b for p in opts)  # no retreat on the map: only off it
    ev = play(g, "retreat G-II-LW 0001")
    assert of(ev, "off_map") and where(g, "G-II-LW")[0] == "arriving"
    # on through the Russian turn to the German replacement phase of the next turn
    for _ in range(50):
        if g.state.phase == "german_replacement":
            break
        acts = g.legal_actions()
        a = next((x for x in acts if x.notation() in ("end", "advance none")), None) or acts[0]
        g.apply(a)
    assert g.state.phase == "german_replacement"
    assert rule_of(g, "end") == "9.3"  # it must come back now
    hexes = g.rules.placement_hexes(g.state, "G-II-LW")
    assert hexes and all(h in b.edges["german"] or h in b.places for h in hexes)
    assert g.state.extra["points"] == {"irp": 2, "arp": 0}  # a returning unit costs no replacement point
    play(g, f"place G-II-LW {_name(hexes[0])}")
    assert where(g, "G-II-LW")[0] == "map" and where(g, "G-II-LW")[2] == 2  # full, as it left
    assert g.state.extra["points"] == {"irp": 2, "arp": 0}


def _name(h):
    from hexwar.core.hexgrid import hex_name
    return hex_name(h)


def test_9_3_stand_fast_in_a_major_city():
    """9.3 Stand Fast: a defender in a major city may take one step loss instead of a DR."""
    b = kboard(major_cities={"0505": "Bryansk"})
    g, ev = _attack({"R-4SA": "0604", "R-3SA": "0605", "G-VI": "0505"}, "0505", ["R-4SA", "R-3SA"], dice=[3],
                    board_=b)  # 20 vs 6: 3:1, left: 2:1, roll 3: DR
    assert g.state.stage.kind == "result_choice"
    assert legal(g) == ["choose result dr", "choose result sf"]
    play(g, "choose result sf")
    assert where(g, "G-VI") == ("map", "0505", 1) and g.state.stage is None
    g2 = position({"R-4SA": "0604", "R-3SA": "0605", "G-VI": "0505"}, phase="russian_combat", dice=[3])
    play(g2, "attack 0505 R-4SA R-3SA", "end", "resolve 0505", "roll")  # no city: 3:1 roll 3: EX, no choice
    assert g2.state.stage is None or g2.state.stage.kind != "result_choice"


def test_9_3_fortification_turns_dr_or_drl_into_ex():
    """9.3: a defender in an active friendly fortification may take EX instead of DR or DRL."""
    b = kboard(forts={"Mius": ("german", "A", ["0505"])})
    g, ev = _attack({"R-4SA": "0604", "R-3SA": "0605", "R-40A": "0506", "G-VI": "0505"}, "0505",
                    ["R-4SA", "R-3SA", "R-40A"], dice=[4], board_=b)  # 28 vs 6: 4:1, left: 3:1, roll 4: EX
    assert of(ev, "combat")[0].data["result"] == "EX"
    assert g.state.stage is None or g.state.stage.kind != "result_choice"
    g, ev = _attack({"R-4SA": "0604", "R-3SA": "0605", "R-40A": "0506", "G-VI": "0505"}, "0505",
                    ["R-4SA", "R-3SA", "R-40A"], dice=[6], board_=b)  # roll 6: DRL
    assert legal(g) == ["choose result drl", "choose result ex"]
    play(g, "choose result drl")
    assert g.state.stage is None or g.state.stage.kind in ("retreat", "advance")


def test_9_3_exchange_accounting_counts_the_difference_of_faces():
    """9.3 EX: the attacker loses at least the defender's lost points; a flipped unit counts
    full minus reduced (a 9 panzer flipped to 4 is 5 points)."""
    g, ev = _attack({"G-XLI-PZ": "0604", "R-13A": "0505"}, "0505", ["G-XLI-PZ"], dice=[5],
                    phase="german_combat")  # 9 vs 8: 1:1, roll 5: DR ... use EX cell instead
    g, ev = _attack({"G-XLI-PZ": "0604", "R-13A": "0505"}, "0505", ["G-XLI-PZ"], dice=[6],
                    phase="german_combat")  # 1:1, roll 6: EX
    assert of(ev, "exchange")[0].data["owed"] == 4  # 8 -> 4
    assert any(e.kind == "reduced" and e.data["unit"] == "G-XLI-PZ" for e in ev)  # 9 -> 4 = 5 >= 4: paid
    assert "The exchange is paid (9.3 EX)." in [e.text for e in ev]


def test_9_3_exchange_not_matched_for_elimination_by_retreat():
    """9.3: a defender eliminated because it cannot retreat is not matched by the attacker."""
    g, ev = _attack({"G-XLI-PZ": "0604", "R-13A": "0505", "G-VI": "0404", "G-XII": "0405", "G-IX": "0506",
                     "G-XX": "0504", "G-XXIII": "0605"}, "0505", ["G-XLI-PZ"], dice=[6], phase="german_combat")
    assert of(ev, "exchange")[0].data["owed"] == 4
    assert where(g, "R-13A")[0] == "eliminated"


def test_9_3_al_one_attacker_loses_a_step_and_nobody_retreats():
    """9.3 AL: the attacker picks one attacking unit to lose a step; attackers never retreat."""
    g, ev = _attack({"R-13A": "0604", "R-70A": "0605", "G-XLVIII-PZ": "0505"}, "0505", ["R-13A", "R-70A"],
                    dice=[1], reduced=["R-13A"])  # 12 vs 11: 1:1, roll 1: AL
    assert of(ev, "combat")[0].data["result"] == "AL"
    assert legal(g) == ["loss R-13A", "loss R-70A"]
    play(g, "loss R-70A")
    assert where(g, "R-70A") == ("map", "0605", 1) and where(g, "G-XLVIII-PZ")[1] == "0505"


def test_9_3_de_and_drl():
    """9.3 DE eliminates the defender whatever its strength; DRL takes a step, then retreats."""
    g, ev = _attack({"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}, "0505", ["R-4SA", "R-3SA"], dice=[6])
    assert of(ev, "combat")[0].data["result"] == "DE" and where(g, "G-II-LW")[0] == "eliminated"
    g, ev = _attack({"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}, "0505", ["R-4SA", "R-3SA"], dice=[2])
    assert of(ev, "combat")[0].data["result"] == "DRL"  # 5:1 roll 2
    assert where(g, "G-II-LW")[2] == 1 and "retreated" in kinds(ev) or g.state.stage.kind == "retreat"
