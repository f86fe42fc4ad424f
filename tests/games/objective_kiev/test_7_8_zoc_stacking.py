"""Rules 7 (zones of control) and 8 (stacking). 7.3 (zones and communication) is in
test_11_12_buildup.py with the replacements it governs."""
from .helpers import H, board, kinds, legal, of, play, position, rule_of, where


def _pos(units, phase="axis_movement", turn=2, **kw):
    board_kw = {k: kw.pop(k) for k in ("terrain", "rivers", "rails") if k in kw}
    return position(units, phase=phase, turn=turn, board_=board(**board_kw), **kw)


# ----------------------------------------------------------------- 7.0 / 7.1
def test_7_0_zone_is_the_six_surrounding_hexes():
    """Rule: 7.0. Actions: one Soviet army at 0505. Expected: the Soviet zone is exactly
    its six neighbours, including one that holds a German unit."""
    g = _pos({"SU-5A": "0505", "G-IV": "0404"})
    assert sorted(str(h) for h in g.rules.zoc(g.state, "soviet")) == ["0404", "0405", "0504", "0506", "0604", "0605"]


def test_7_1_entering_ezoc_ends_movement():
    """Rule: 7.1. Actions: a panzer with 6 MP enters a hex next to a Soviet army.
    Expected: it may stop there but every longer path through it is refused (9.1.2)."""
    g = _pos({"G-III": "0202", "SU-5A": "0505"})
    assert rule_of(g, "move G-III 0303 0403 0404") is None
    assert rule_of(g, "move G-III 0303 0403 0404 0304") == "9.1.2"
    assert all(a.path.index(H("0404")) == len(a.path) - 1
               for a in g.legal_actions() if hasattr(a, "path") and H("0404") in a.path)


def test_7_1_leaving_ezoc_is_free():
    """Rule: 7.1 (no penalty to leave). Actions: a 6-4 corps starting next to a Soviet
    army walks away four clear hexes. Expected: legal; 4 MP, the whole allowance."""
    g = _pos({"G-IV": "0404", "SU-5A": "0505"})
    assert rule_of(g, "move G-IV 0304 0204 0104 0103") is None
    play(g, "move G-IV 0304 0204 0104 0103")
    assert where(g, "G-IV") == ("map", "0103", 2)


def test_7_1_ezoc_directly_to_ezoc():
    """Rule: 7.1 (EZOC to EZOC, then stop). Actions: a corps in the zone of the army at
    0505 steps to 0405, also in that zone, then tries to go on to 0406. Expected: the
    single step is legal; going on is refused (9.1.2)."""
    g = _pos({"G-IV": "0404", "SU-5A": "0505"})
    assert rule_of(g, "move G-IV 0405") is None
    assert rule_of(g, "move G-IV 0405 0406") == "9.1.2"


# ----------------------------------------------------------------- 7.2
def test_7_2_one_step_unit_retreating_through_ezoc_is_eliminated():
    """Rule: 7.2 (a retreat through an EZOC costs a step). Actions: DR against a
    one-step 6-3-6 mech whose only path runs through a German zone. Expected: the step
    loss eliminates it."""
    g = _pos({"G-III": "0404", "G-XIV": "0405", "G-IV": "0604", "G-XVII": "0605", "G-XLIV": "0506"},
             mech={"SU-8M": "0505"}, phase="axis_combat", dice=[1])
    ev = play(g, "attack 0505 G-III", "end", "resolve 0505", "roll")
    assert of(ev, "combat")[0].data["result"] == "DR"               # 12:3 = 4:1, roll 1
    assert kinds(ev)[-2:] == ["retreated", "eliminated"]
    assert where(g, "SU-M1")[0] == "eliminated"


def test_7_2_retreat_forced_to_end_in_ezoc_eliminates_a_full_unit():
    """Rule: 7.2 (forced to end in an EZOC: eliminated). Actions: DR against a full 8-4
    army at 0101 whose two paths (via 0102) both end in German zones; the Axis picks
    one. Expected: eliminated outright, two steps gone at once."""
    g = _pos({"SU-5A": "0101", "G-III": "0201", "G-IV": "0203"}, phase="axis_combat", dice=[1])
    ev = play(g, "attack 0101 G-III", "end", "resolve 0101", "roll")
    assert of(ev, "combat")[0].data["result"] == "DR"
    assert legal(g) == ["retreat SU-5A 0102 0103", "retreat SU-5A 0102 0202"]
    ev = g.apply("retreat SU-5A 0102 0103")
    assert where(g, "SU-5A")[0] == "eliminated"
    assert "reduced" not in kinds(ev)


# ----------------------------------------------------------------- 8.1 / 8.2
def test_8_1_three_units_in_a_hex_at_phase_end_are_overstacked():
    """Rule: 8.1 / 8.2 (at most two units). Actions: three German corps end the movement
    phase in one hex. Expected: the phase does not advance; the Axis player must remove
    one of the three (event "overstack"); after `remove G-XVII` it is eliminated and the
    phase moves on to combat."""
    g = _pos({"G-IV": "0505", "G-XVII": "0505", "G-XLIV": "0505"})
    ev = g.apply("end")
    assert of(ev, "overstack")[0].data["hex"] == H("0505")
    assert g.state.phase == "axis_movement" and g.acting_side() == "axis"
    assert legal(g) == ["remove G-IV", "remove G-XLIV", "remove G-XVII"]
    assert rule_of(g, "end") == "8.2"
    ev = g.apply("remove G-XVII")
    assert where(g, "G-XVII")[0] == "eliminated"
    assert "8.2" in of(ev, "eliminated")[0].text
    assert g.state.phase == "axis_combat"


def test_8_1_one_army_per_hex():
    """Rule: 8.1 first exception (one army, full or reduced). Actions: a reduced and a
    full Soviet army end the Soviet movement phase together. Expected: overstack stage
    for the Soviet player; the choice is between the two armies."""
    g = _pos({"SU-5A": "0505", "SU-6A": "0505"}, phase="soviet_movement", turn=3, reduced=["SU-6A"])
    g.apply("end")
    assert g.state.stage.kind == "overstack" and g.acting_side() == "soviet"
    assert legal(g) == ["remove SU-5A", "remove SU-6A"]


def test_8_1_legal_pairs_are_not_overstacked():
    """Rule: 8.1 (an army with a corps, two corps, the Romanian army with a German corps).
    Actions: end a Soviet phase with an army and a mech together, and an Axis phase with
    the Romanian army and a German corps together. Expected: no overstack stage."""
    g = _pos({"SU-5A": "0505", "G-IV": "0101"}, mech={"SU-8M": "0505", "SU-9M": "0909", "SU-2M": "0909"},
             phase="soviet_movement", turn=3)
    g.apply("end")
    assert g.state.stage is None and g.state.turn == 4
    g2 = _pos({"R-3": "0505", "G-IV": "0505"})
    g2.apply("end")
    assert g2.state.stage is None and g2.state.phase == "axis_combat"


def test_8_1_romanian_and_hungarian_never_stack():
    """Rule: 8.1 second exception. Actions: the Romanian army and the Hungarian corps end
    the Axis movement phase in one hex (two units, one army). Expected: overstacked all
    the same; the stacking check names 8.1."""
    g = _pos({"R-3": "0505", "H-1": "0505"})
    assert g.rules.stack_problem([g.rules.specs["R-3"], g.rules.specs["H-1"]]).rule == "8.1"
    g.apply("end")
    assert g.state.stage.kind == "overstack"
    assert legal(g) == ["remove H-1", "remove R-3"]


def test_8_2_penalty_applies_at_the_end_of_any_phase():
    """Rule: 8.2 (the end of each phase). Actions: two Soviet armies share a hex at the
    end of the Axis combat phase (no battle). Expected: the Soviet player (the owner)
    removes one before the Axis special phase starts."""
    g = _pos({"SU-5A": "0909", "SU-6A": "0909", "G-IV": "0101"}, phase="axis_combat")
    g.apply("end")
    assert g.state.stage.kind == "overstack" and g.acting_side() == "soviet"
    g.apply("remove SU-6A")
    assert g.state.phase == "axis_special"


def test_8_3_air_support_marker_does_not_count_for_stacking():
    """Rule: 8.3. Actions: IV-FK supports an attack on a hex holding two Soviet units;
    12:11 is 1:1, the marker makes it 2:1, roll 6 is NE, and the phase ends. Expected:
    no overstack stage: the marker is no unit."""
    g = _pos({"SU-5A": "0505", "G-IV": "0404", "G-XVII": "0405"}, mech={"SU-8M": "0505"},
             phase="axis_combat", dice=[6])
    ev = play(g, "attack 0505 G-IV G-XVII", "end", "resolve 0505", "roll IV-FK")
    combat = of(ev, "combat")[0].data
    assert (combat["odds"].column, combat["result"]) == ("2:1", "NE")     # 12:11 = 1:1, air +1
    play(g, "end")
    assert g.state.stage is None and g.state.phase == "axis_special"
