"""Rule 10: combat. Battles are fought on small purpose-made boards; the defender
usually stands at 0505, whose neighbours are 0504 N, 0604 NE, 0605 SE, 0506 S,
0405 SW and 0404 NW. Dice are fixed so that the borrowed CRT (tables.CRT_TABLE)
gives the wanted result."""
from hexwar.core.hexgrid import distance

from .helpers import H, board, kinds, legal, no_dice, of, play, position, rule_of, view_of, where


def _combat(units, dice=(), turn=2, phase="axis_combat", **kw):
    board_kw = {k: kw.pop(k) for k in ("terrain", "rivers", "major_rivers", "cities", "major_cities", "regions")
                if k in kw}
    return position(units, phase=phase, turn=turn, board_=board(**board_kw), dice=dice, **kw)


def _battle(g, target, *attackers, support=None):
    """Declare one battle, close declarations, resolve and roll; return the roll's events."""
    play(g, f"attack {target} {' '.join(attackers)}", "end", f"resolve {target}")
    return g.apply("roll" + (f" {support}" if support else ""))


def _result(events):
    c = of(events, "combat")[0].data
    return c.get("result"), c["odds"].column


# ----------------------------------------------------------------- 10.0 declaring
def test_10_0_each_unit_attacks_once_per_phase():
    """Rule: 10.0 once per combat phase (attacker). Actions: G-III, next to two Soviet
    hexes, is declared against 0505, then named again against 0604. Expected: the
    second declaration is refused (10.0) and no attack listing G-III is offered."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0604", "G-III": "0504"})
    play(g, "attack 0505 G-III")
    assert rule_of(g, "attack 0604 G-III") == "10.0"
    assert not [a for a in legal(g) if a.startswith("attack") and "G-III" in a]


def test_10_0_each_enemy_hex_attacked_once_per_phase():
    """Rule: 10.0 once per combat phase (defender). Actions: 0505 is attacked by G-III,
    then a second battle against 0505 by G-XIV is declared. Expected: refused (10.0)."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405"})
    play(g, "attack 0505 G-III")
    assert rule_of(g, "attack 0505 G-XIV") == "10.0"
    assert legal(g) == ["end"]


def test_10_0_battle_commitment_after_declarations_close():
    """Rule: 10.0 battle commitment. Actions: declare one battle, `end` the declarations,
    then try to add another. Expected: refused (10.0); only `resolve` is offered."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0705", "G-III": "0404", "G-XIV": "0604"})
    ev = play(g, "attack 0505 G-III", "end")
    assert kinds(ev) == ["declared", "committed"]
    assert rule_of(g, "attack 0705 G-XIV") == "10.0"
    assert legal(g) == ["resolve 0505"]


def test_10_0_only_declared_battles_are_resolved():
    """Rule: 10.0 battle sequence. Actions: resolve before closing declarations, resolve
    an undeclared hex, end with a battle unresolved, resolve a battle twice.
    Expected: each is refused with rule 10.0."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0705", "G-IV": "0404", "G-XIV": "0604"}, dice=[4])
    play(g, "attack 0505 G-IV")
    assert rule_of(g, "resolve 0505") == "10.0"
    play(g, "end")
    assert rule_of(g, "resolve 0705") == "10.0"
    assert rule_of(g, "end") == "10.0"
    play(g, "resolve 0505", "roll")          # 6:8 is below 1:1, nothing happens
    assert rule_of(g, "resolve 0505") == "10.0"
    assert legal(g) == ["end"]


def test_10_0_attackers_must_be_own_units_next_to_the_target():
    """Rule: 10.0 (a battle is fought by adjacent units against an enemy hex).
    Actions: attack with a unit two hexes away; attack an empty hex; attack with a
    Soviet unit in the Axis phase. Expected: all three refused with 10.0."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0105", "G-III": "0303", "G-XIV": "0404"})
    assert rule_of(g, "attack 0505 G-III") == "10.0"
    assert rule_of(g, "attack 0504 G-XIV") == "10.0"
    assert rule_of(g, "attack 0505 SU-6A") == "10.0"


def test_10_0_attacking_is_voluntary():
    """Rule: 10.0 (attacks are never compulsory). Actions: `end` the combat phase with
    units in contact and no battle declared. Expected: no battle, the phase passes to
    Axis special movement."""
    g = _combat({"SU-5A": "0505", "G-III": "0404"})
    ev = g.apply("end")
    assert "committed" not in kinds(ev)
    assert g.state.phase == "axis_special"


def test_10_0_battles_resolved_in_any_order():
    """Rule: 10.0 step 7 (battles in the order the attacker wants). Actions: declare
    0505 then 0705, resolve 0705 first. Expected: both resolves offered; 0705 resolved
    first and only 0505 remains."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0705", "G-IV": "0404", "G-XVII": "0604"}, dice=[4])
    play(g, "attack 0505 G-IV", "attack 0705 G-XVII", "end")
    assert legal(g) == ["resolve 0505", "resolve 0705"]
    play(g, "resolve 0705", "roll")
    assert legal(g) == ["resolve 0505"]


# ----------------------------------------------------------------- 10.1 revealing
def test_10_1_untried_mech_is_hidden_from_both_players():
    """Rule: 10.1. Actions: look at an untried mech corps in both players' views and ask
    for the odds. Expected: label "?", no strengths, no identity; odds unknown (None)."""
    g = _combat({"G-III": "0404"}, mech={"SU-4M": "0505"}, untried=["SU-4M"])
    for side in ("axis", "soviet", None):
        u = next(x for x in g.view(side)["units"] if x["id"] == "SU-M1")
        assert (u["label"], u["spec"], u["name"]) == ("?", "untried", "Untried mech corps")
        assert "attack" not in u and "defense" not in u
    assert g.rules.odds(g.state, H("0505"), ["G-III"]) is None
    assert "4th" not in g.rules.public_name(g.state, "SU-M1")


def test_10_1_1_defending_untried_unit_revealed_at_step_2():
    """Rule: 10.1.1 (defending: step 2). Actions: declare against an untried mech, then
    `resolve`. Expected: the `resolve` itself reveals it (event "revealed", step 2),
    before any die is rolled; the view then shows 6-3-6; undo cannot take it back."""
    g = _combat({"G-III": "0404"}, mech={"SU-8M": "0505"}, untried=["SU-8M"], dice=[6])
    play(g, "attack 0505 G-III", "end")
    assert view_of(g, "SU-M1")["label"] == "?"
    ev = g.apply("resolve 0505")
    rev = of(ev, "revealed")
    assert [(e.data["unit"], e.data["spec"]) for e in rev] == [("SU-M1", "SU-8M")]
    assert "defending: step 2" in rev[0].text
    assert g.dice.rolls_made == 0
    assert view_of(g, "SU-M1")["label"] == "6-3-6"
    assert not g.can_undo()


def test_10_1_1_attacking_untried_unit_revealed_at_step_1():
    """Rule: 10.1.1 (attacking: step 1). Actions: in the Soviet combat phase an untried
    mech attacks a German corps; `resolve`. Expected: revealed as SU-22M (4-2-6) with
    the step-1 note; the odds use its attack strength 4 (turn 3, no counterattack)."""
    g = _combat({"G-IV": "0404"}, mech={"SU-22M": "0505"}, untried=["SU-22M"], turn=3,
                phase="soviet_combat", dice=[4])
    ev = play(g, "attack 0404 SU-M1", "end", "resolve 0404")
    rev = of(ev, "revealed")
    assert len(rev) == 1 and "attacking: step 1" in rev[0].text
    o = g.rules.odds(g.state, H("0404"), ["SU-M1"])
    assert (o.attack, o.defense) == (4, 6)


# ----------------------------------------------------------------- 10.2 stacks
def test_10_2_all_defenders_in_a_hex_fight_together():
    """Rule: 10.2. Actions: 22 points attack a hex holding an 8-4 army and a 6-3-6 mech;
    roll 1. Expected: defense 8 + 3 = 11, odds 2:1, DR; both units retreat, each on a
    path the attacker picks; then an advance is offered."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405"}, mech={"SU-8M": "0505"}, dice=[1])
    ev = _battle(g, "0505", "G-III", "G-XIV")
    o = of(ev, "combat")[0].data["odds"]
    assert (o.attack, o.defense, o.column) == (22, 11, "2:1")
    assert _result(ev) == ("DR", "2:1")
    assert g.acting_side() == "axis"
    play(g, "retreat SU-5A 0604 0603")
    assert all(a.startswith("retreat SU-M1") for a in legal(g))
    play(g, "retreat SU-M1 0605 0706")
    assert where(g, "SU-5A") == ("map", "0603", 2) and where(g, "SU-M1") == ("map", "0706", 1)
    assert legal(g) == ["advance G-III", "advance G-XIV", "advance none"]


def test_10_2_only_one_unit_attacks_across_each_hexside():
    """Rule: 10.2 (one attacker per hexside). Actions: two corps stacked in 0404 are
    both named against 0505. Expected: refused (10.2); each alone is allowed."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-IV": "0404"})
    assert rule_of(g, "attack 0505 G-III G-IV") == "10.2"
    assert rule_of(g, "attack 0505 G-III") is None and rule_of(g, "attack 0505 G-IV") is None
    assert "attack 0505 G-III G-IV" not in legal(g)


# ----------------------------------------------------------------- 10.3 long odds
def test_10_3_odds_capped_at_6_to_1_before_terrain_shift():
    """Rule: 10.3 (cap after step 2). Actions: 12 points attack a 2-1-6 mech (defense 1)
    in forest; roll 1. Expected: 12:1 is capped to 6:1 first, the forest then gives
    5:1, where roll 1 is DR (6:1 would have been DRL)."""
    g = _combat({"G-III": "0404"}, mech={"SU-9M": "0505"}, terrain={"0505": "forest"}, dice=[1])
    ev = _battle(g, "0505", "G-III")
    lines = of(ev, "combat")[0].data["lines"]
    assert "10.3: odds above 6:1 count as 6:1" in lines
    assert lines[-1] == "final odds 5:1"
    assert _result(ev) == ("DR", "5:1")


def test_10_3_below_1_to_1_after_shifts_has_no_effect():
    """Rule: 10.3 (below 1:1 after step 3). Actions: 8 points attack an 8-4 army in
    forest (1:1, forest -1). Expected: no effect, no die rolled (dice would fail), both
    units unchanged, no advance; the battle is done."""
    g2 = _combat({"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405"}, terrain={"0505": "forest"})
    g2.dice = no_dice()
    ev = _battle(g2, "0505", "G-IV", "G-XVII")   # 12:8 = 1:1, forest: below the table
    assert "die_rolled" not in kinds(ev)
    assert of(ev, "combat")[0].data["odds"].no_effect
    assert where(g2, "SU-5A") == ("map", "0505", 2)
    assert legal(g2) == ["end"]


def test_10_3_below_1_to_1_ratio_rolls_no_die():
    """Rule: 10.3. Actions: a 6-4 corps attacks an 8-4 army in clear terrain (1:2).
    Expected: "no effect" event, no die used, the attacker keeps its step."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404"})
    g.dice = no_dice()
    ev = _battle(g, "0505", "G-IV")
    assert kinds(ev) == ["combat"] and "no effect" in ev[0].text
    assert where(g, "G-IV") == ("map", "0404", 2)


def test_10_3_air_support_counts_before_the_below_1_to_1_test():
    """Rule: 10.3 with 10.5 (engine decision: the 1:1 floor is applied after step 3, which
    includes air power). Actions: a 6-4 corps attacks an 8-4 army (1:2) with IV-FK; roll 1.
    Expected: the marker lifts it to 1:1 and the battle is fought: DR."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404"}, dice=[1])
    ev = _battle(g, "0505", "G-IV", support="IV-FK")
    assert _result(ev) == ("DR", "1:1")
    assert of(ev, "combat")[0].data["odds"].raw_index == -1


# ----------------------------------------------------------------- 10.4 terrain
def _odds(g, target, *attackers):
    return g.rules.odds(g.state, H(target), attackers)


def test_10_4_forest_swamp_and_major_city_shift_one_column():
    """Rule: 10.4 first bullet. Actions: three infantry corps (18) against an 8-4 army in
    clear, forest, swamp, a major city and a plain city. Expected: 2:1 in clear and in a
    plain city; 1:1 with a "defender in ..." shift in forest, swamp and major city."""
    units = {"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405", "G-XLIV": "0504"}
    att = ("G-IV", "G-XVII", "G-XLIV")
    assert _odds(_combat(units), "0505", *att).column == "2:1"
    assert _odds(_combat(units, cities={"0505": "Town"}), "0505", *att).column == "2:1"
    for kw, what in (({"terrain": {"0505": "forest"}}, "forest"), ({"terrain": {"0505": "swamp"}}, "swamp"),
                     ({"major_cities": {"0505": "Kiev"}}, "major city")):
        o = _odds(_combat(units, **kw), "0505", *att)
        assert o.column == "1:1"
        assert [(s.columns, s.rule, s.reason) for s in o.shifts] == [(-1, "10.4", f"defender in {what}")]


def test_10_4_river_shift_only_when_every_attacker_is_across():
    """Rule: 10.4 second bullet. Actions: two corps attack an army; first only one is
    across a river hexside, then both are. Expected: 12:8 stays 1:1 with no shift in the
    first case; one column off (below 1:1, no effect) in the second."""
    units = {"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405"}
    one = _odds(_combat(units, rivers=["0404-0505"]), "0505", "G-IV", "G-XVII")
    assert (one.column, one.shifts, one.no_effect) == ("1:1", (), False)
    both = _odds(_combat(units, rivers=["0404-0505", "0405-0505"]), "0505", "G-IV", "G-XVII")
    assert [s.reason for s in both.shifts] == ["every attacker is across a river"]
    assert both.no_effect


def test_10_4_forest_and_river_shift_two_columns():
    """Rule: 10.4 third bullet. Actions: 18 points across rivers attack a reduced army
    (4) in forest. Expected: 4:1 less two columns = 2:1."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405", "G-XLIV": "0504"}, reduced=["SU-5A"],
                terrain={"0505": "forest"}, rivers=["0404-0505", "0405-0505", "0504-0505"])
    o = _odds(g, "0505", "G-IV", "G-XVII", "G-XLIV")
    assert (o.raw_index, o.final_index, o.column) == (3, 1, "2:1")
    assert [s.columns for s in o.shifts] == [-1, -1]


def test_10_4_major_river_halves_each_crossing_unit_rounding_down():
    """Rule: 10.4 fourth bullet. Actions: a reduced 5-6 panzer and a 6-4 corps attack
    across major-river hexsides, a second 6-4 corps attacks over clear ground, all at
    a reduced army (4). Expected: 5 -> 2 (rounded down), 6 -> 3, 6 stays 6; total 11,
    2:1; no river shift because not every attacker is across."""
    g = _combat({"SU-5A": "0505", "G-XIV": "0404", "G-IV": "0405", "G-XVII": "0504"}, reduced=["SU-5A", "G-XIV"],
                major_rivers=["0404-0505", "0405-0505"])
    o = _odds(g, "0505", "G-XIV", "G-IV", "G-XVII")
    assert [(s.unit, s.base, s.value) for s in o.attackers] == [("G-XIV", 5, 2), ("G-IV", 6, 3), ("G-XVII", 6, 6)]
    assert (o.attack, o.column, o.shifts) == (11, "2:1", ())


def test_10_4_major_river_also_counts_as_river_for_the_shift():
    """Rule: 10.4 (engine decision, reconstructed TEC: a major river is also a river).
    Actions: one 6-4 corps attacks a reduced mech (defense 1) across a major river.
    Expected: 6 halved to 3, 3:1, and the one-column river shift gives 2:1."""
    g = _combat({"G-IV": "0404"}, mech={"SU-9M": "0505"}, major_rivers=["0404-0505"])
    o = _odds(g, "0505", "G-IV")
    assert (o.attack, o.raw_index, o.column) == (3, 2, "2:1")
    assert [s.reason for s in o.shifts] == ["every attacker is across a river"]


def test_10_4_swamp_halves_attacking_tanks_keeping_fractions():
    """Rule: 10.4 fifth bullet. Actions: a reduced 5-6 panzer and a 6-4 corps attack a
    reduced army (4) in swamp. Expected: the panzer counts 2.5 (fraction kept), the
    infantry 6; 8.5:4 = 2:1, then the swamp column shift as well: 1:1."""
    g = _combat({"SU-5A": "0505", "G-XIV": "0404", "G-IV": "0405"}, reduced=["SU-5A", "G-XIV"],
                terrain={"0505": "swamp"})
    o = _odds(g, "0505", "G-XIV", "G-IV")
    assert [(s.unit, s.value) for s in o.attackers] == [("G-XIV", 2.5), ("G-IV", 6)]
    assert o.lines()[3:] == ["ratio 8.5 to 4 = 2:1", "-1 column (10.4: defender in swamp)", "final odds 1:1"]


def test_10_4_swamp_exchange_counts_printed_strength():
    """Rule: 10.4 / 10.6 EX (losses at full printed strength even in swamp). Actions:
    a 10-6 panzer (5 in the swamp) and two corps attack an 8-4 army in swamp; 17:8 = 2:1,
    swamp 1:1, roll 2 = EX; the Axis pays with the panzer. Expected: the army loses 4;
    the panzer's flip counts 5 (not 2.5), so the debt is paid by that one step."""
    g = _combat({"SU-5A": "0505", "G-XIV": "0404", "G-IV": "0405", "G-XVII": "0504"},
                terrain={"0505": "swamp"}, dice=[2])
    ev = _battle(g, "0505", "G-XIV", "G-IV", "G-XVII")
    assert _result(ev) == ("EX", "1:1")
    assert [e.data["owed"] for e in of(ev, "exchange")] == [4]
    ev = g.apply("loss G-XIV")
    assert [e.text for e in of(ev, "exchange")] == ["The exchange is paid (10.6 EX)."]
    assert where(g, "G-XIV")[2] == 1 and where(g, "G-IV")[2] == 2 and where(g, "G-XVII")[2] == 2


# ----------------------------------------------------------------- 10.5 air support
def test_10_5_air_support_shifts_the_odds_right():
    """Rule: 10.5. Actions: 16 points against 8 (2:1) with IV-FK committed; roll 6.
    Expected: 3:1 column, roll 6 = DRL (at 2:1 it would have been NE); the marker is
    no longer available this turn."""
    g = _combat({"SU-5A": "0505", "G-XIV": "0404", "G-IV": "0405"}, dice=[6])
    ev = _battle(g, "0505", "G-XIV", "G-IV", support="IV-FK")
    assert _result(ev) == ("DRL", "3:1")
    assert g.view("axis")["support_available"] == ["V-FK"]


def test_10_5_one_marker_per_battle():
    """Rule: 10.5 (at most one marker in a battle). Actions: at the roll, list the
    choices and try to commit both markers. Expected: each offered roll carries at most
    one marker; naming two is not even a well-formed action (rule "notation")."""
    g = _combat({"SU-5A": "0505", "G-XIV": "0404"})
    play(g, "attack 0505 G-XIV", "end", "resolve 0505")
    assert legal(g) == ["roll", "roll IV-FK", "roll V-FK"]
    assert rule_of(g, "roll IV-FK V-FK") == "notation"


def test_10_5_each_marker_once_per_turn():
    """Rule: 10.5 (once per turn). Actions: IV-FK supports the first battle; the second
    battle tries IV-FK again; then play on to the next Axis combat phase. Expected:
    refused (10.5), only V-FK offered; both available again next turn."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0705", "G-III": "0404", "G-XLVIII": "0704"}, dice=[6, 6])
    play(g, "attack 0505 G-III", "attack 0705 G-XLVIII", "end", "resolve 0505", "roll IV-FK", "resolve 0705")
    assert rule_of(g, "roll IV-FK") == "10.5"
    assert legal(g) == ["roll", "roll V-FK"]
    play(g, "roll", "end")
    while g.state.phase != "axis_combat":
        g.apply("remove " + g.legal_actions()[0].unit if g.state.stage else "end")
    assert g.state.turn == 3
    assert g.view("axis")["support_available"] == ["IV-FK", "V-FK"]


def test_10_5_soviets_cannot_use_air_support():
    """Rule: 10.5 (Axis markers, and only when attacking). Actions: in the Soviet combat
    phase the Soviets try `roll IV-FK`. Expected: refused (10.5); only a plain roll."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404"}, phase="soviet_combat", turn=3)
    play(g, "attack 0404 SU-5A", "end", "resolve 0404")
    assert rule_of(g, "roll IV-FK") == "10.5"
    assert legal(g) == ["roll"]


# ----------------------------------------------------------------- 10.6 results
def test_10_6_ne_nothing_happens():
    """Rule: 10.6 NE. Actions: 12 against 8 (1:1), roll 4. Expected: NE; no unit
    changes, no advance is offered."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405"}, dice=[4])
    ev = _battle(g, "0505", "G-IV", "G-XVII")
    assert _result(ev) == ("NE", "1:1")
    assert [where(g, u) for u in ("SU-5A", "G-IV", "G-XVII")] == [("map", "0505", 2), ("map", "0404", 2),
                                                                  ("map", "0405", 2)]
    assert legal(g) == ["end"]


def test_10_6_dr_defender_retreats_two_hexes_attacker_chooses():
    """Rule: 10.6 DR. Actions: 22 against 8 (2:1), roll 1. Expected: DR; the Axis player
    chooses among six paths, each two hexes long and ending two hexes away (none
    through the attackers' zones); the army keeps both steps."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405"}, dice=[1])
    ev = _battle(g, "0505", "G-III", "G-XIV")
    assert _result(ev) == ("DR", "2:1")
    assert g.acting_side() == "axis"
    opts = g.legal_actions()
    assert sorted(a.notation() for a in opts) == [
        "retreat SU-5A 0604 0603", "retreat SU-5A 0604 0704", "retreat SU-5A 0604 0705",
        "retreat SU-5A 0605 0606", "retreat SU-5A 0605 0705", "retreat SU-5A 0605 0706"]
    assert all(distance(H("0505"), a.path[-1]) == 2 for a in opts)
    play(g, "retreat SU-5A 0605 0706")
    assert where(g, "SU-5A") == ("map", "0706", 2)


def test_10_6_retreat_path_rules_refusals():
    """Rule: 10.6 DR (two hexes, each further away, never into an enemy, avoid zones).
    Actions: offer bad paths after a DR. Expected: a one-hex path, a path that does not
    move away, a path into an Axis-held hex and a path through a zone when a clean one
    exists are all refused with 10.6."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405", "G-IV": "0706"}, dice=[1])
    _battle(g, "0505", "G-III", "G-XIV")
    assert legal(g) == ["retreat SU-5A 0604 0603", "retreat SU-5A 0604 0704"]
    assert rule_of(g, "retreat SU-5A 0604") == "10.6"
    assert rule_of(g, "retreat SU-5A 0604 0605") == "10.6"
    assert rule_of(g, "retreat SU-5A 0605 0706") == "10.6"
    assert rule_of(g, "retreat SU-5A 0504 0503") == "10.6"
    assert rule_of(g, "retreat SU-5A 0604 0704 0804") == "10.6"


def test_10_6_drl_defender_loses_step_then_retreats():
    """Rule: 10.6 DRL. Actions: 24 against 8 (3:1), roll 6. Expected: DRL; the army is
    flipped to 4-4 first (event "reduced"), then retreats on a path the Axis picks."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XLVIII": "0405"}, dice=[6])
    ev = _battle(g, "0505", "G-III", "G-XLVIII")
    assert _result(ev) == ("DRL", "3:1")
    assert kinds(ev)[-1] == "reduced"
    assert view_of(g, "SU-5A")["label"] == "4-4"
    assert g.state.stage.kind == "retreat"
    play(g, "retreat SU-5A 0604 0704")
    assert where(g, "SU-5A") == ("map", "0704", 1)


def test_10_6_drl_defender_chooses_which_unit_loses_the_step():
    """Rule: 10.6 DRL (one defending unit loses a step). Actions: 34 against a stack of an
    8-4 army and a 6-3-6 mech (11): 3:1, roll 6. Expected: the Soviet player chooses
    (loss SU-5A or SU-M1); the mech is chosen and eliminated, the army then retreats."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XLVIII": "0405", "G-XIV": "0504"},
                mech={"SU-8M": "0505"}, dice=[6])
    ev = _battle(g, "0505", "G-III", "G-XLVIII", "G-XIV")
    assert _result(ev) == ("DRL", "3:1")
    assert g.acting_side() == "soviet"
    assert legal(g) == ["loss SU-5A", "loss SU-M1"]
    ev = g.apply("loss SU-M1")
    assert where(g, "SU-M1")[0] == "eliminated"
    assert where(g, "SU-5A") == ("map", "0505", 2)
    assert g.state.stage.kind == "retreat" and g.acting_side() == "axis"


def test_10_6_de_whole_stack_eliminated():
    """Rule: 10.6 DE. Actions: 34 against a reduced army (4) and a 6-3-6 mech (3): 7,
    4:1, roll 6. Expected: DE; both eliminated; an advance is offered."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XLVIII": "0405", "G-XIV": "0504"},
                mech={"SU-8M": "0505"}, reduced=["SU-5A"], dice=[6])
    ev = _battle(g, "0505", "G-III", "G-XLVIII", "G-XIV")
    assert _result(ev) == ("DE", "4:1")
    assert sorted(e.data["unit"] for e in of(ev, "eliminated")) == ["SU-5A", "SU-M1"]
    assert legal(g) == ["advance G-III", "advance G-XIV", "advance G-XLVIII", "advance none"]


def _exchange(extra=None, dice=(4,)):
    # 10-6 panzer (G-XIV) + 6-4 corps (G-IV) = 16 against an 8-4 army: 2:1, roll 4 = EX.
    g = _combat({"SU-5A": "0505", "G-XIV": "0404", "G-IV": "0405", **(extra or {})}, dice=dice)
    return g, _battle(g, "0505", "G-XIV", "G-IV")


def test_10_6_ex_flipped_panzer_counts_strength_lost():
    """Rule: 10.6 EX (a 10-point panzer flipped to 5 counts as 5). Actions: EX; the army
    flips (4 lost); the Axis pays with the 10-6 panzer. Expected: the debt is 4, the
    flip pays 5 >= 4, the exchange is paid, the 6-4 corps is untouched, and the army
    then retreats."""
    g, ev = _exchange()
    assert _result(ev) == ("EX", "2:1")
    assert view_of(g, "SU-5A")["label"] == "4-4"
    assert g.state.stage.kind == "exchange_loss" and g.acting_side() == "axis"
    assert g.state.stage.get("owed") == 4
    assert legal(g) == ["loss G-IV", "loss G-XIV"]
    ev = g.apply("loss G-XIV")
    assert view_of(g, "G-XIV")["label"] == "5-6"
    assert where(g, "G-IV") == ("map", "0405", 2)
    assert "The exchange is paid (10.6 EX)." in [e.text for e in ev]
    assert g.state.stage.kind == "retreat"


def test_10_6_ex_attacker_loses_at_least_the_defender_loss():
    """Rule: 10.6 EX (at least as many points). Actions: EX (4 owed); the Axis flips the
    6-4 corps (3 points). Expected: 1 point still owed, a second loss is demanded; the
    corps is then eliminated (3 more) and the debt is settled."""
    g, _ = _exchange()
    g.apply("loss G-IV")
    assert g.state.stage.kind == "exchange_loss" and g.state.stage.get("owed") == 1
    assert rule_of(g, "end") == "10.6"
    g.apply("loss G-IV")
    assert where(g, "G-IV")[0] == "eliminated"
    assert where(g, "G-XIV") == ("map", "0404", 2)
    assert g.state.stage.kind == "retreat"


def test_10_6_ex_defender_eliminated_for_want_of_retreat_adds_no_debt():
    """Rule: 10.6 EX (elimination by being unable to retreat is not matched). Actions:
    EX against an army ringed by Axis units; the Axis pays the 4 owed with the panzer.
    Expected: the army then has no retreat and is eliminated (its last 4 points), yet
    the attacker loses nothing more: the 6-4 corps stays full."""
    ring = {"G-XVII": "0504", "G-XLIV": "0604", "G-LII": "0605", "G-LV": "0506"}
    g, ev = _exchange(ring)
    ev = g.apply("loss G-XIV")
    assert any(e.kind == "eliminated" and "no legal retreat path" in e.text for e in ev)
    assert where(g, "SU-5A")[0] == "eliminated"
    assert where(g, "G-IV") == ("map", "0405", 2) and where(g, "G-XIV") == ("map", "0404", 1)
    assert g.state.stage.kind == "advance"


def test_10_6_al_attacker_loses_one_step_of_its_choice():
    """Rule: 10.6 AL. Actions: 12 against 8 (1:1), roll 6. Expected: AL; the Axis picks
    which attacker loses the step (G-XVII); nobody retreats and the army is untouched."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405"}, dice=[6])
    ev = _battle(g, "0505", "G-IV", "G-XVII")
    assert _result(ev) == ("AL", "1:1")
    assert g.acting_side() == "axis" and legal(g) == ["loss G-IV", "loss G-XVII"]
    g.apply("loss G-XVII")
    assert [where(g, u) for u in ("G-IV", "G-XVII", "SU-5A")] == [("map", "0404", 2), ("map", "0405", 1),
                                                                  ("map", "0505", 2)]
    assert legal(g) == ["end"]


def test_10_6_retreat_through_ezoc_loses_a_step():
    """Rule: 10.6 DR unavoidable EZOC. Actions: DR where the only path runs 0504 (in the
    zone of the corps at 0404) to 0503. Expected: the single path is applied at once;
    events "retreated" then "reduced"; the army ends at 0503 as a 4-4."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405",
                 "G-IV": "0604", "G-XVII": "0605", "G-XLIV": "0506"}, dice=[1])
    ev = _battle(g, "0505", "G-III", "G-XIV")
    assert kinds(ev)[-2:] == ["retreated", "reduced"]
    assert where(g, "SU-5A") == ("map", "0503", 1)


def test_10_6_retreat_ending_in_ezoc_eliminates():
    """Rule: 10.6 DR forced to end in an EZOC. Actions: DR where every two-hex path ends
    in an Axis zone (the Axis still picks one of the three). Expected: the army is
    eliminated (not just reduced)."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0405",
                 "G-IV": "0604", "G-XVII": "0605", "G-XLIV": "0506", "G-LII": "0402"}, dice=[1])
    _battle(g, "0505", "G-III", "G-XIV")
    assert legal(g) == ["retreat SU-5A 0504 0403", "retreat SU-5A 0504 0503", "retreat SU-5A 0504 0603"]
    ev = g.apply("retreat SU-5A 0504 0503")
    assert where(g, "SU-5A")[0] == "eliminated"
    assert "reduced" not in kinds(ev)
    assert any("ended in an enemy zone" in e.text for e in of(ev, "eliminated"))


def test_10_6_overstack_extends_the_retreat():
    """Rule: 10.6 DR overstacking. Actions: DR of an army when every hex two away that it
    can reach holds another Soviet army (one army per hex). Expected: it must go a third
    hex: every offered path is three hexes long, through 0605 and clear of zones."""
    armies = dict(zip(["SU-6A", "SU-12A", "SU-26A", "SU-9A", "SU-18A", "SU-37A", "SU-38A"],
                      ["0603", "0704", "0705", "0706", "0606", "0507", "0406"]))
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XIV": "0504", "G-XVII": "0405", **armies}, dice=[1])
    ev = _battle(g, "0505", "G-III", "G-XIV", "G-XVII")
    assert _result(ev) == ("DR", "3:1")
    opts = g.legal_actions()
    assert len(opts) == 7 and all(len(a.path) == 3 and a.path[0] == H("0605") for a in opts)
    assert rule_of(g, "retreat SU-5A 0605 0705") == "10.6"
    play(g, "retreat SU-5A 0605 0705 0805")
    assert where(g, "SU-5A") == ("map", "0805", 2)


def test_10_6_overstack_extension_not_used_when_a_zone_ending_exists():
    """Rule: 10.6 (engine decision: the extra hex is used only when every normal-length
    ending would overstack; an ending in an EZOC is still a choice). Actions: DR where
    the one clean hex two away holds an army and the other endings are in Axis zones.
    Expected: the army ends its retreat in a zone and is eliminated."""
    g = _combat({"SU-5A": "0505", "SU-6A": "0503", "G-III": "0404", "G-XIV": "0405",
                 "G-IV": "0604", "G-XVII": "0605", "G-XLIV": "0506"}, dice=[1])
    _battle(g, "0505", "G-III", "G-XIV")
    assert legal(g) == ["retreat SU-5A 0504 0403", "retreat SU-5A 0504 0603"]
    assert rule_of(g, "retreat SU-5A 0504 0503 0502") == "10.6"
    g.apply("retreat SU-5A 0504 0603")
    assert where(g, "SU-5A")[0] == "eliminated"


def test_10_6_no_retreat_path_eliminates():
    """Rule: 10.6 "or else". Actions: DR against an army in the corner hex 0101 whose two
    neighbours hold the attackers. Expected: no path exists; the army is eliminated."""
    g = _combat({"SU-5A": "0101", "G-III": "0201", "G-XIV": "0102"}, dice=[1])
    ev = _battle(g, "0101", "G-III", "G-XIV")
    assert where(g, "SU-5A")[0] == "eliminated"
    assert [e.text for e in of(ev, "eliminated")] == ["SU-5A 5th Army is eliminated (10.6 no legal retreat path)."]


# ----------------------------------------------------------------- 10.7 advance
def test_10_7_one_attacking_unit_may_advance():
    """Rule: 10.7. Actions: DE; a non-attacking neighbour tries to advance, then G-III
    advances. Expected: the bystander is refused (10.7); G-III moves in (no movement
    points involved); no second advance; the battle is over."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XLVIII": "0405", "G-XIV": "0504", "G-IV": "0506"},
                reduced=["SU-5A"], dice=[6])
    ev = _battle(g, "0505", "G-III", "G-XLVIII", "G-XIV")
    assert _result(ev) == ("DE", "6:1")
    assert rule_of(g, "advance G-IV") == "10.7"
    ev = g.apply("advance G-III")
    assert kinds(ev) == ["advanced"]
    assert where(g, "G-III") == ("map", "0505", 2)
    assert legal(g) == ["end"]


def test_10_7_advance_may_be_declined():
    """Rule: 10.7 (the advance is optional). Actions: DE, then `advance none`.
    Expected: the hex stays empty; attackers stay put."""
    g = _combat({"SU-5A": "0505", "G-III": "0404", "G-XLVIII": "0405", "G-XIV": "0504"},
                reduced=["SU-5A"], dice=[6])
    _battle(g, "0505", "G-III", "G-XLVIII", "G-XIV")
    g.apply("advance none")
    assert g.state.units_at(H("0505")) == []
    assert where(g, "G-III") == ("map", "0404", 2)


def test_10_7_no_advance_while_defenders_remain():
    """Rule: 10.7 (only into an emptied hex). Actions: AL result. Expected: no advance
    stage; the battle ends after the loss."""
    g = _combat({"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405"}, dice=[6])
    _battle(g, "0505", "G-IV", "G-XVII")
    g.apply("loss G-IV")
    assert g.state.stage is None and legal(g) == ["end"]


# ----------------------------------------------------------------- 10.8 turn 1
def _romania(turn, phase, units, origin=None):
    return _combat(units, turn=turn, phase=phase, origin=origin, regions={"Romania": ["0709", "0809", "0710"]})


def test_10_8_axis_units_set_up_in_romania_may_not_attack_on_turn_1():
    """Rule: 10.8 (Axis). Actions: on turn 1 a corps that set up at 0709 (Romania) and one
    that set up outside both face an army at 0708. Expected: the Romanian-based corps is
    refused (10.8) and not offered; the other may attack; on turn 2 both may."""
    units = {"SU-5A": "0708", "G-XI": "0709", "G-IV": "0607"}
    g = _romania(1, "axis_combat", units)
    assert rule_of(g, "attack 0708 G-XI") == "10.8"
    assert rule_of(g, "attack 0708 G-IV") is None
    assert not [a for a in legal(g) if "G-XI" in a]
    assert rule_of(_romania(2, "axis_combat", units), "attack 0708 G-IV G-XI") is None


def test_10_8_soviet_attacks_into_romania_on_turn_1_only_from_border_hexes():
    """Rule: 10.8 (Soviet). Actions: on turn 1 an army set up at 0708 and an army that
    set up at 0606 and moved to 0608 both face a corps in Romania (0709); the second also
    faces a corps outside Romania (0607). Expected: 0708's army may attack; the other is
    refused (10.8) against Romania but may attack 0607; on turn 2 the limit is gone."""
    units = {"G-XI": "0709", "G-IV": "0607", "SU-5A": "0708", "SU-6A": "0608"}
    g = _romania(1, "soviet_combat", units, origin={"SU-6A": "0606"})
    assert rule_of(g, "attack 0709 SU-5A") is None
    assert rule_of(g, "attack 0709 SU-6A") == "10.8"
    assert rule_of(g, "attack 0607 SU-6A") is None
    g2 = _romania(2, "soviet_combat", units, origin={"SU-6A": "0606"})
    assert rule_of(g2, "attack 0709 SU-5A SU-6A") is None


# ----------------------------------------------------------------- 10.9 counterattack
def test_10_9_soviet_mech_doubled_attacking_on_turn_1_and_half_again_on_turn_2():
    """Rule: 10.9. Actions: a 4-2-6 mech and an 8-4 army attack a 6-4 corps on turns 1,
    2 and 3. Expected: the mech counts 8, 6 and 4; the army always 8."""
    units = {"G-IV": "0404", "SU-5A": "0504"}
    seen = []
    for turn in (1, 2, 3):
        g = _combat(units, mech={"SU-2M": "0505"}, phase="soviet_combat", turn=turn)
        o = _odds(g, "0404", "SU-M1", "SU-5A")
        seen.append([(s.unit, s.value) for s in o.attackers])
    assert seen == [[("SU-M1", 8), ("SU-5A", 8)], [("SU-M1", 6), ("SU-5A", 8)], [("SU-M1", 4), ("SU-5A", 8)]]
    assert "10.9 Soviet Counterattack ×1.5" in _odds(_combat(units, mech={"SU-2M": "0505"}, phase="soviet_combat"),
                                                     "0404", "SU-M1").attackers[0].notes


def test_10_9_counterattack_only_when_attacking():
    """Rule: 10.9 (attacking only). Actions: in the Axis combat phase of turn 1 a corps
    attacks a 4-2-6 mech. Expected: the mech defends with its plain 2: 6:2 = 3:1."""
    g = _combat({"G-IV": "0404"}, mech={"SU-2M": "0505"}, turn=1)
    o = _odds(g, "0505", "G-IV")
    assert (o.defense, o.column) == (2, "3:1")
