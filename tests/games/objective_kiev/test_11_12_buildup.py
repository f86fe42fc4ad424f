"""Rules 11 (reinforcements), 12 (replacements) and 7.3 (zones cut communication).
Default test board: 10x10, Axis edge column 01, Soviet edge column 10. Replacement
steps (scenario, reconstructed): Axis 1 and Soviet 5 a turn from turn 2, none on turn 1."""
from .helpers import H, board, kinds, legal, of, play, position, rule_of, token_for, where

CITIES = {"0605": "Tarnopol", "0705": "Lublin", "0303": "Lvov", "0403": "Rovno"}


def _build(units, phase, turn, **kw):
    b = board(cities=kw.pop("cities", CITIES))
    return position(units, phase=phase, turn=turn, board_=b, **kw)


# ----------------------------------------------------------------- 11.0
def test_11_0_reinforcements_enter_on_their_turn_at_the_friendly_edge():
    """Rule: 11.0 (schedule and edge). Actions: Axis build-up of turn 2: place the Slovak
    corps on the west edge, the Hungarian corps off the edge, and the turn-3 German
    corps. Expected: the Slovak corps enters (full strength, event "placed"); the other two
    are refused with 11.0; only west-edge hexes are offered for arrivals."""
    g = _build({"G-IV": "0909"}, "axis_buildup", 2)
    offered = {a.hex.col for a in g.legal_actions() if getattr(a, "unit", None) == "SK-1"}
    assert offered == {1}
    ev = g.apply("place SK-1 0105")
    assert kinds(ev) == ["placed"] and where(g, "SK-1") == ("map", "0105", 1)
    assert rule_of(g, "place H-1 0205") == "11.0"
    assert rule_of(g, "place G-XXXIV 0106") == "11.0"
    assert g.state.steps_left == 1            # reinforcements cost no replacement step


def test_11_0_soviet_reinforcement_on_turn_5_at_the_east_edge():
    """Rule: 11.0 (Soviet army on turn 5). Actions: Soviet build-up of turn 5: place the
    37th Army on the east edge; try the 38th (due turn 6). Expected: 37th placed full
    (8-4); 38th refused (11.0)."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 5)
    g.apply("place SU-37A 1005")
    assert where(g, "SU-37A") == ("map", "1005", 2)
    assert rule_of(g, "place SU-38A 1006") == "11.0"


def test_11_0_placement_not_in_ezoc_enemy_hex_or_overstack():
    """Rule: 11.0 placement limits. Actions: place the Slovak corps next to a Soviet army
    (EZOC), on a Soviet-held edge hex, on an edge hex already holding two German corps,
    and the Hungarian corps with the Romanian army. Expected: 11.0, 11.0, 8.1, 8.1."""
    g = _build({"SU-5A": "0204", "SU-6A": "0109", "G-IV": "0102", "G-XVII": "0102", "R-3": "0107"},
               "axis_buildup", 2)
    assert g.check("place SK-1 0104").rule == "11.0" and "zone" in g.check("place SK-1 0104").reason
    assert rule_of(g, "place SK-1 0109") == "11.0"
    assert rule_of(g, "place SK-1 0102") == "8.1"
    assert rule_of(g, "place H-1 0107") == "8.1"
    placeable = {str(a.hex) for a in g.legal_actions() if getattr(a, "unit", None) == "SK-1"}
    assert placeable == {"0101", "0103", "0106", "0107"}       # 0108/0110: next to SU-6A


def test_11_0_reinforcements_not_placed_are_lost():
    """Rule: 11.0 (placed on the turn of entry or lost). Actions: end the Axis build-up of
    turn 2 without placing the Slovak and Hungarian corps. Expected: events "lost" for
    both; they are gone for good (where "lost"), not in the dead pile."""
    g = _build({"G-IV": "0909"}, "axis_buildup", 2)
    ev = g.apply("end")
    assert sorted(e.data["unit"] for e in of(ev, "lost")) == ["H-1", "SK-1"]
    assert where(g, "SK-1")[0] == "lost" and where(g, "H-1")[0] == "lost"
    assert g.state.phase == "axis_movement"


# ----------------------------------------------------------------- 12.0
def test_12_0_rebuilt_unit_returns_at_reduced_strength():
    """Rule: 12.0 item 1. Actions: Axis build-up, turn 2: the eliminated XVII Corps is
    placed on the west edge. Expected: it enters as a 3-4 (one step); the turn's single
    step is spent."""
    g = _build({"G-IV": "0909"}, "axis_buildup", 2)
    assert g.state.steps_left == 1
    g.apply("place G-XVII 0103")
    assert where(g, "G-XVII") == ("map", "0103", 1)
    assert g.state.steps_left == 0
    assert rule_of(g, "place G-XLIV 0104") == "12.0"


def test_12_0_reduced_unit_flipped_to_full():
    """Rule: 12.0 item 2. Actions: Soviet build-up, turn 3: restore a reduced army in
    communication. Expected: back to 8-4; one of five steps spent."""
    g = _build({"SU-5A": "0808", "G-IV": "0101"}, "soviet_buildup", 3, reduced=["SU-5A"])
    assert g.state.steps_left == 5
    ev = g.apply("restore SU-5A")
    assert kinds(ev) == ["restored"] and where(g, "SU-5A") == ("map", "0808", 2)
    assert g.state.steps_left == 4
    assert rule_of(g, "restore SU-5A") == "12.0"       # already full


def test_12_0_no_replacements_on_turn_1():
    """Rule: 12.0 (beginning after the first turn). Actions: Soviet build-up of turn 1:
    try to rebuild the 16th Army. Expected: no steps; refused (12.0)."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 1)
    assert g.state.steps_left == 0
    assert rule_of(g, "place SU-16A 1005") == "12.0"


def test_12_0_third_army_can_be_built_from_turn_2():
    """Rule: 12.0 / 6.0 step 5. Actions: Soviet build-up of turn 2: place the 16th Army
    (which starts in the dead pile). Expected: it enters reduced (4-4)."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 2)
    g.apply("place SU-16A 1004")
    assert where(g, "SU-16A") == ("map", "1004", 1)


def test_12_0_only_one_mech_corps_rebuilt_per_turn():
    """Rule: 12.0 first exception. Actions: Soviet build-up with 5 steps: rebuild the
    (known) 2nd Mech, then the 8th Mech. Expected: first allowed, second refused
    (12.0) though steps remain; an army may still be rebuilt."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 3)
    m2, m8 = token_for(g, "SU-2M"), token_for(g, "SU-8M")
    g.apply(f"place {m2} 1003")
    assert where(g, m2) == ("map", "1003", 1)
    assert g.view("soviet")["units"][[u["id"] for u in g.view("soviet")["units"]].index(m2)]["label"] == "4-2-6"
    why = g.check(f"place {m8} 1004")
    assert why.rule == "12.0" and "one mechanized corps" in why.reason
    assert rule_of(g, "place SU-16A 1004") is None


def test_12_0_fourth_mech_never_replaced():
    """Rule: 12.0 second exception. Actions: try to rebuild the eliminated 4th Mech Corps.
    Expected: refused (12.0) and never offered."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 3)
    m4 = token_for(g, "SU-4M")
    why = g.check(f"place {m4} 1003")
    assert why.rule == "12.0" and "never" in why.reason
    assert not [a for a in legal(g) if a.startswith(f"place {m4} ")]


def test_12_1_rebuilt_unit_cannot_also_be_flipped_in_the_same_phase():
    """Rule: 12.1. Actions: Soviet build-up: rebuild the 16th Army, then try to restore it
    with a second step. Expected: refused (12.1) and not offered."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 3)
    g.apply("place SU-16A 1005")
    assert rule_of(g, "restore SU-16A") == "12.1"
    assert "restore SU-16A" not in legal(g)


# ----------------------------------------------------------------- 12.2 / 12.3 / 7.3
def test_12_2_soviet_placement_east_edge_or_friendly_city_in_communication():
    """Rule: 12.2. Actions: rebuild the 16th Army in a Soviet city linked to the east
    edge, an Axis-held city, a Soviet city in a German zone, a plain inland hex, an east
    edge hex in a German zone. Expected: the first is allowed; the others refused 12.2."""
    g = _build({"G-IV": "0304", "G-XVII": "0908"}, "soviet_buildup", 3)
    assert rule_of(g, "place SU-16A 0605") is None            # Tarnopol, Soviet, linked
    assert rule_of(g, "place SU-16A 0705") == "12.2"          # Lublin: Axis-controlled
    assert rule_of(g, "place SU-16A 0303") == "12.2"          # Lvov: next to G-IV
    assert rule_of(g, "place SU-16A 0505") == "12.2"          # no city, not the edge
    assert rule_of(g, "place SU-16A 1008") == "12.2"          # edge hex next to G-XVII
    assert rule_of(g, "place SU-16A 1003") is None


def test_12_2_city_cut_off_from_the_east_edge_is_refused():
    """Rule: 12.2 / 7.3 (communication). Actions: a wall of German corps in column 08
    (rows 1, 3, 5, 7, 9) puts all of column 07 and 09 in its zone; rebuild in Tarnopol
    (0605, west of the wall). Expected: refused (12.2); the east edge is still fine."""
    wall = {"G-IV": "0801", "G-XVII": "0803", "G-XLIV": "0805", "G-LII": "0807", "G-LV": "0809"}
    g = _build(wall, "soviet_buildup", 3)
    assert H("0605") not in g.rules.in_communication(g.state, "soviet")
    assert rule_of(g, "place SU-16A 0605") == "12.2"
    assert rule_of(g, "place SU-16A 1002") is None


def test_7_3_zone_blocks_the_path_and_friendly_units_do_not_negate():
    """Rule: 7.3 (and the definition under 12.4). Actions: with the same German wall, a
    reduced army west of it asks to be restored, while Soviet units stand in two of the
    zone hexes of the wall; then one German corps is removed from the wall (a gap).
    Expected: refused (12.2) despite the friendly units; with the gap, allowed."""
    wall = {"G-IV": "0801", "G-XVII": "0803", "G-XLIV": "0805", "G-LII": "0807", "G-LV": "0809"}
    g = _build({**wall, "SU-5A": "0505", "SU-6A": "0704", "SU-12A": "0904"}, "soviet_buildup", 3,
               reduced=["SU-5A"])
    assert rule_of(g, "restore SU-5A") == "12.2"
    gap = dict(wall)
    del gap["G-XLIV"]
    g2 = _build({**gap, "SU-5A": "0505"}, "soviet_buildup", 3, reduced=["SU-5A"])
    assert rule_of(g2, "restore SU-5A") is None


def test_7_3_origin_hex_in_ezoc_is_exempt():
    """Rule: 7.3 / 12.2 (the path excludes the hex it starts from). Actions: a reduced army
    inside a German zone, next to the clear east edge, asks to be restored. Expected:
    allowed: only the hexes after the first must be clear."""
    g = _build({"SU-5A": "0902", "G-IV": "0801"}, "soviet_buildup", 3, reduced=["SU-5A"])
    assert g.rules.in_ezoc(g.state, "soviet", H("0902"))
    assert rule_of(g, "restore SU-5A") is None


def test_12_2_restore_needs_communication():
    """Rule: 12.2 last paragraph. Actions: one reduced army is cut off behind the German
    wall, another is in touch with the east edge. Expected: the first refused (12.2),
    the second restored; the build-up offers only the second."""
    wall = {"G-IV": "0801", "G-XVII": "0803", "G-XLIV": "0805", "G-LII": "0807", "G-LV": "0809"}
    g = _build({**wall, "SU-5A": "0505", "SU-6A": "1005"}, "soviet_buildup", 3, reduced=["SU-5A", "SU-6A"])
    assert rule_of(g, "restore SU-5A") == "12.2"
    assert [a for a in legal(g) if a.startswith("restore")] == ["restore SU-6A"]


def test_12_3_axis_replacements_use_the_west_edge():
    """Rule: 12.3. Actions: Axis build-up, turn 2: rebuild a corps on the east edge, on
    the west edge, and in an Axis city in touch with the west edge; restore a corps cut
    off by a Soviet wall in column 03. Expected: east edge refused (12.3); west edge and
    Lublin allowed; the cut-off corps refused (12.3)."""
    wall = {"SU-5A": "0301", "SU-6A": "0303", "SU-12A": "0305", "SU-26A": "0307", "SU-9A": "0309"}
    g = _build({**wall, "G-IV": "0605"}, "axis_buildup", 2, reduced=["G-IV"], cities={"0705": "Lublin"})
    assert rule_of(g, "place G-XVII 1005") == "12.3"
    g2 = _build({"G-IV": "0909"}, "axis_buildup", 2, cities={"0705": "Lublin"})
    assert rule_of(g2, "place G-XVII 0105") is None
    assert rule_of(g2, "place G-XVII 0705") is None
    assert rule_of(g, "restore G-IV") == "12.3"


def test_12_4_unused_replacement_steps_are_lost():
    """Rule: 12.4. Actions: end the Soviet build-up of turn 3 after spending 1 of 5 steps.
    Expected: event "steps_lost" with 4 steps; none carried into the next build-up."""
    g = _build({"G-IV": "0101"}, "soviet_buildup", 3)
    g.apply("place SU-16A 1005")
    ev = g.apply("end")
    assert [e.data["steps"] for e in of(ev, "steps_lost")] == [4]
    assert g.state.steps_left == 0 and g.state.phase == "soviet_special"


# ----------------------------------------------------------------- 13.0 options
def test_13_0_option_panzer_replacements_only_on_odd_turns():
    """Rule: 13.0 (balance option axis_panzer_replacements_odd_turns). Actions: restore a
    reduced German panzer on turn 2 and on turn 3; restore an infantry corps on turn 2.
    Expected: refused (13.0) on turn 2, allowed on turn 3; infantry unaffected."""
    opts = {"axis_panzer_replacements_odd_turns": True}
    g = _build({"G-III": "0202", "G-IV": "0203"}, "axis_buildup", 2, reduced=["G-III", "G-IV"], options=opts)
    assert rule_of(g, "restore G-III") == "13.0"
    assert rule_of(g, "place G-XIV 0105") == "13.0"
    assert rule_of(g, "restore G-IV") is None
    g3 = _build({"G-III": "0202"}, "axis_buildup", 3, reduced=["G-III"], options=opts)
    assert rule_of(g3, "restore G-III") is None


def test_13_0_option_no_axis_replacements():
    """Rule: 13.0 (balance option no_axis_replacements). Actions: Axis build-up of turn 2
    with the option on; then the Soviet build-up. Expected: 0 Axis steps (restore
    refused 12.0); the Soviets still get 5; reinforcements still arrive."""
    g = _build({"G-IV": "0202"}, "axis_buildup", 2, reduced=["G-IV"], options={"no_axis_replacements": True})
    assert g.state.steps_left == 0
    assert rule_of(g, "restore G-IV") == "12.0"
    assert rule_of(g, "place SK-1 0105") is None
    play(g, "end", "end", "end", "end")
    assert g.state.phase == "soviet_buildup" and g.state.steps_left == 5
