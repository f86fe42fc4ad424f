"""Rule 9: movement, road (rail) movement and the special movement phase."""
from .helpers import H, board, legal, play, position, rule_of, where

# A rail line zigzagging east from 0505: 0505-0605-0705-0805-0905-1005, through forest.
RAIL = ["0505-0605", "0605-0705", "0705-0805", "0805-0905", "0905-1005"]
RAIL_FOREST = {"0605": "forest", "0705": "forest", "0805": "forest", "0905": "forest"}


def _move(units, phase="axis_movement", turn=2, **kw):
    board_kw = {k: kw.pop(k) for k in ("terrain", "rivers", "rails") if k in kw}
    return position(units, phase=phase, turn=turn, board_=board(**board_kw), **kw)


def _cost(g, uid, hexid):
    r = g.rules.reach(g.state, uid)
    return r[H(hexid)][0] if H(hexid) in r else None


# ----------------------------------------------------------------- 9.0
def test_9_0_terrain_costs_and_movement_allowance():
    """Rule: 9.0 (MA and the TEC: clear 1, forest 2, swamp 2). Actions: a 6-4 corps at
    0505 looks at routes north (forest 0504) and south (swamp 0506). Expected: 0504 costs
    2 and 0503 3; 0506 costs 2, 0507 3, 0508 4; a 5-MP path is refused (9.0) with the cost
    in the reason."""
    g = _move({"G-IV": "0505"}, terrain={"0504": "forest", "0506": "swamp"})
    assert [_cost(g, "G-IV", h) for h in ("0504", "0503", "0506", "0507", "0508")] == [2, 3, 2, 3, 4]
    assert rule_of(g, "move G-IV 0506 0507 0508") is None
    why = g.check("move G-IV 0504 0503 0502 0501")
    assert why.rule == "9.0" and "costs 5 MP" in why.reason


def test_9_0_river_hexsides_cost_nothing_to_cross():
    """Rule: 9.0 / TEC (rivers affect combat only). Actions: a corps crosses three river
    hexsides in a row. Expected: 1 MP a hex, 3 in all."""
    g = _move({"G-IV": "0505"}, rivers=["0505-0506", "0506-0507", "0507-0508"])
    assert _cost(g, "G-IV", "0508") == 3


def test_9_0_each_unit_moves_once_and_only_own_units():
    """Rule: 9.0 (units move one at a time; the phasing player's units only). Actions:
    move G-IV, then move it again; move a Soviet army in the Axis phase. Expected: both
    refused with 9.0; no move for G-IV is offered any more."""
    g = _move({"G-IV": "0505", "SU-5A": "0909"})
    play(g, "move G-IV 0504")
    assert rule_of(g, "move G-IV 0503") == "9.0"
    assert rule_of(g, "move SU-5A 0908") == "9.0"
    assert not [a for a in legal(g) if a.startswith("move G-IV")]


def test_9_0_path_hexes_must_be_adjacent():
    """Rule: 9.0 (hex to hex). Actions: a path that jumps a hex. Expected: refused (9.0)."""
    g = _move({"G-IV": "0505"})
    assert rule_of(g, "move G-IV 0503") == "9.0"


# ----------------------------------------------------------------- 9.1
def test_9_1_1_never_enter_an_enemy_hex():
    """Rule: 9.1.1. Actions: move into a Soviet-held hex, and through it. Expected: both
    refused with 9.1.1; the hex never appears among the reachable hexes."""
    g = _move({"G-III": "0505", "SU-5A": "0605"})
    assert rule_of(g, "move G-III 0605") == "9.1.1"
    assert rule_of(g, "move G-III 0605 0705") == "9.1.1"
    assert H("0605") not in g.rules.reach(g.state, "G-III")


def test_9_1_2_entering_an_ezoc_ends_the_move():
    """Rule: 9.1.2 (and 7.1). Actions: a 12-6 panzer enters 0503, next to an army at 0502,
    and tries to go on. Expected: stopping there is legal; any path going on is refused
    with 9.1.2 although MP remain."""
    g = _move({"G-III": "0505", "SU-5A": "0502"})
    assert rule_of(g, "move G-III 0504 0503") is None
    assert rule_of(g, "move G-III 0504 0503 0403") == "9.1.2"
    assert rule_of(g, "move G-III 0504 0503 0603 0703") == "9.1.2"


# ----------------------------------------------------------------- 9.2
def test_9_2_stacking_checked_at_phase_end_not_during_movement():
    """Rule: 9.2. Actions: a third corps moves into a hex holding two corps, then one of
    the first two moves out; end the phase. Expected: the third move is legal; at the
    end nothing is overstacked, so no removal stage; the phase passes to combat."""
    g = _move({"G-IV": "0505", "G-XVII": "0505", "G-XLIV": "0305"})
    play(g, "move G-XLIV 0405 0505")
    assert len(g.state.units_at(H("0505"))) == 3
    play(g, "move G-IV 0605", "end")
    assert g.state.stage is None and g.state.phase == "axis_combat"


# ----------------------------------------------------------------- 9.3
def test_9_3_rail_hexside_costs_one_mp_whatever_the_terrain():
    """Rule: 9.3. Actions: a corps at 0505 moves along a rail line through forest, and
    into a forest rail hex through a hexside without rail. Expected: 1 MP per forest hex
    along the line (0905 for 4 MP); entering the forest rail hex 0605 from 0606 (no rail
    on that hexside) costs 2."""
    g = _move({"G-IV": "0505"}, terrain=RAIL_FOREST, rails=RAIL)
    assert [_cost(g, "G-IV", h) for h in ("0605", "0705", "0805", "0905")] == [1, 2, 3, 4]
    assert rule_of(g, "move G-IV 0605 0705 0805 0905") is None
    g2 = _move({"G-IV": "0606"}, terrain=RAIL_FOREST, rails=RAIL)
    assert _cost(g2, "G-IV", "0605") == 2
    why = g2.check("move G-IV 0605 0705 0805 0905")
    assert why.rule == "9.0" and "costs 5 MP" in why.reason


# ----------------------------------------------------------------- 9.4
def test_9_4_infantry_in_ezoc_cannot_move_in_special_phase():
    """Rule: 9.4 (infantry in an EZOC may not move in its special movement phase).
    Actions: Axis special phase with a corps next to a Soviet army. Expected: its moves
    are refused (9.4) and none is offered; a corps away from the enemy may move."""
    g = _move({"G-IV": "0504", "G-XVII": "0202", "SU-5A": "0505"}, phase="axis_special")
    assert rule_of(g, "move G-IV 0503") == "9.4"
    assert not [a for a in legal(g) if "G-IV" in a]
    assert rule_of(g, "move G-XVII 0203") is None


def test_9_4_special_movement_eligibility():
    """Rule: 9.4 (who may move in a special movement phase, fixed as it starts).
    Actions: start the Soviet special phase with a mech and an army inside German zones,
    an army on a rail hex and an army off the rail, both clear of zones. Expected: mech
    "full", army on rail "reserve+rail", army off rail "reserve", army in a zone absent."""
    g = _move({"SU-5A": "0505", "SU-6A": "0302", "SU-12A": "0808", "G-IV": "0809", "G-XVII": "0203"},
              mech={"SU-8M": "0204"}, rails=RAIL, phase="soviet_special", turn=3)
    assert g.state.special == {"SU-5A": "reserve+rail", "SU-M1": "full", "SU-6A": "reserve"}
    assert g.state.special.get("SU-12A") is None
    assert rule_of(g, "move SU-12A 0807") == "9.4"


def test_9_4_1_tanks_use_full_allowance_in_both_movement_phases():
    """Rule: 9.4.1. Actions: a 12-6 panzer in the Axis movement phase and again in the
    special phase, starting the latter in an EZOC. Expected: 6 MP both times (six clear
    hexes); it may leave the zone in the special phase."""
    g = _move({"G-III": "0101"})
    assert rule_of(g, "move G-III 0102 0103 0104 0105 0106 0107") is None
    assert rule_of(g, "move G-III 0102 0103 0104 0105 0106 0107 0108") == "9.0"
    g2 = _move({"G-III": "0504", "SU-5A": "0505"}, phase="axis_special")
    assert g2.state.special["G-III"] == "full"
    assert rule_of(g2, "move G-III 0503 0502 0402 0302 0202 0102") is None


def test_9_4_1_soviet_mech_moves_six_in_special_phase():
    """Rule: 9.4.1 (Soviet mech). Actions: a revealed mech in the Soviet special phase.
    Expected: six clear hexes allowed, seven refused (9.0)."""
    g = _move({}, mech={"SU-8M": "0901"}, phase="soviet_special", turn=3)
    assert rule_of(g, "move SU-M1 0902 0903 0904 0905 0906 0907") is None
    assert rule_of(g, "move SU-M1 0902 0903 0904 0905 0906 0907 0908") == "9.0"


def test_9_4_2_reserve_infantry_moves_half_allowance_and_may_enter_ezoc():
    """Rule: 9.4.2. Actions: in the Axis special phase a 6-4 corps out of any EZOC moves
    2, tries 3, and moves into an EZOC. Expected: 2 MP allowed, 3 refused with 9.4.2;
    entering the zone (and stopping) is allowed."""
    g = _move({"G-IV": "0505", "SU-5A": "0502"}, phase="axis_special")
    assert g.state.special["G-IV"] == "reserve"
    assert rule_of(g, "move G-IV 0605 0705") is None
    why = g.check("move G-IV 0605 0705 0805")
    assert why.rule == "9.4.2" and "may spend only 2" in why.reason
    assert rule_of(g, "move G-IV 0504 0503") is None


def test_9_4_3_soviet_rail_movement_full_ma_along_rail():
    """Rule: 9.4.3. Actions: in the Soviet special phase an army on a rail hex, outside any
    EZOC, moves four hexes along the line (through forest), then tries to leave the
    line after two. Expected: the 4-hex rail move is legal, a fifth rail hex is over the
    allowance (9.4.3); leaving the rail beyond its half allowance is refused (9.4.3);
    off the rail it still has 2 MP."""
    g = _move({"SU-5A": "0505"}, terrain=RAIL_FOREST, rails=RAIL, phase="soviet_special", turn=3)
    assert g.state.special["SU-5A"] == "reserve+rail"
    assert rule_of(g, "move SU-5A 0605 0705 0805 0905") is None
    why = g.check("move SU-5A 0605 0705 0805 0905 1005")
    assert why.rule == "9.4.3" and "costs 5 MP" in why.reason and "only 4" in why.reason
    assert rule_of(g, "move SU-5A 0605 0705 0706") == "9.4.3"
    assert rule_of(g, "move SU-5A 0504 0503") is None


def test_9_4_3_rail_movement_may_end_in_an_ezoc():
    """Rule: 9.4.3 (may end the phase in an EZOC). Actions: the rail move ends at 0905,
    next to a German corps at 1004; going on along the rail is tried too. Expected: the
    move to 0905 is legal; continuing past the zone is refused (9.1.2)."""
    g = _move({"SU-5A": "0505", "G-IV": "1004"}, terrain=RAIL_FOREST, rails=RAIL, phase="soviet_special", turn=3)
    assert rule_of(g, "move SU-5A 0605 0705 0805 0905") is None
    assert rule_of(g, "move SU-5A 0605 0705 0805 0905 1005") == "9.1.2"
    play(g, "move SU-5A 0605 0705 0805 0905")
    assert where(g, "SU-5A") == ("map", "0905", 2)


def test_9_4_3_rail_movement_needs_a_rail_start_outside_ezoc():
    """Rule: 9.4.3 (begins on a rail hex and not in an EZOC). Actions: one army starts
    off the line (two hexes of rail-free path only), one starts on the line but in a
    German zone. Expected: the first gets plain reserve (2 MP), the second may not move
    at all (9.4)."""
    g = _move({"SU-5A": "0503", "SU-6A": "0805", "G-IV": "0804"}, terrain=RAIL_FOREST, rails=RAIL,
              phase="soviet_special", turn=3)
    assert g.state.special == {"SU-5A": "reserve"}
    assert rule_of(g, "move SU-6A 0905") == "9.4"
    assert rule_of(g, "move SU-5A 0504 0505 0605") == "9.4.2"


def test_9_4_3_axis_infantry_has_no_rail_movement():
    """Rule: 9.4.3 (Soviet infantry only). Actions: a German corps on the rail line in
    the Axis special phase. Expected: plain reserve: two rail hexes (1 MP each) allowed,
    three refused (9.4.2)."""
    g = _move({"G-IV": "0505"}, terrain=RAIL_FOREST, rails=RAIL, phase="axis_special")
    assert g.state.special["G-IV"] == "reserve"
    assert rule_of(g, "move G-IV 0605 0705") is None
    assert rule_of(g, "move G-IV 0605 0705 0805") == "9.4.2"


def test_9_4_soviet_units_move_again_in_the_movement_phase():
    """Rule: 9.4 / 4.0 phase 8 (units that moved in phase 6 may move again). Actions: an
    army moves 2 in the Soviet special phase; the combat phase is passed; it moves again
    in the Soviet movement phase. Expected: its full 4 MP are available again."""
    g = _move({"SU-5A": "0505"}, phase="soviet_special", turn=3)
    play(g, "move SU-5A 0605 0705", "end", "end")
    assert g.state.phase == "soviet_movement"
    assert rule_of(g, "move SU-5A 0805 0905 1005 1006") is None
