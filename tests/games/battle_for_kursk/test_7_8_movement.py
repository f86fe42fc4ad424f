"""Battle for Kursk: zones of control (7.x), movement (8.x), mud movement (11.1)."""
from __future__ import annotations

from .helpers import H, dests, kboard, play, position, rule_of


def test_3_3_units_have_two_sides_reduced_is_half_rounded_down():
    """3.3: every unit has a full and a reduced side; the reduced side is half, rounded down."""
    g = position({"G-XXXIX-PZ": "0303"})
    for s in g.rules.specs.values():
        assert s.max_steps == 2 and s.attack(1) == s.attack(2) // 2


def test_3_3_fourth_panzer_army_and_kempf_share_a_colour():
    """3.3: 4th Panzer Army and Army Detachment Kempf count as one formation (blue)."""
    sp = position({}).rules.specs
    assert sp["G-XLVIII-PZ"].formation == "4th Panzer Army" and sp["G-III-PZ"].formation == "Army Detachment Kempf"
    assert sp["G-XLVIII-PZ"].colour == sp["G-III-PZ"].colour == "blue"


def test_3_4_markers_do_not_count_for_stacking():
    """3.4: the Strategic Objective marker on a hex does not stop a unit ending there."""
    g = position({"R-13A": "0705"}, phase="russian_movement")
    g.state.extra["so_hex"] = "0605"
    assert "0605" in dests(g, "R-13A")


def test_7_1_ezoc_stops_movement_and_a_unit_may_leave_it_freely():
    """7.1 / 8.3: entering an enemy zone ends the move; a unit starting in one leaves freely,
    even straight into another enemy zone, where it stops."""
    g = position({"R-13A": "0705", "G-VI": "0504"}, phase="russian_movement")
    assert "0604" in dests(g, "R-13A") and rule_of(g, "move R-13A 0604 0603") == "8.3"
    g = position({"R-13A": "0604", "G-VI": "0504", "G-XII": "0606"}, phase="russian_movement")
    assert g.rules.in_ezoc(g.state, "russian", H("0604"))
    d = dests(g, "R-13A")
    assert "0605" in d  # from one enemy zone straight into another (0606's), then stop
    assert not any(H("0605") in p[:-1] for _, p in g.rules.reach(g.state, "R-13A").values())
    assert "0705" in d and "0804" in d  # or away freely


def test_8_3_stop_on_entering_ezoc():
    """8.3: the path may not go on past a hex in an enemy zone of control."""
    g = position({"R-13A": "0705", "G-VI": "0504"}, phase="russian_movement")
    assert "0505" in dests(g, "R-13A") and "0403" not in dests(g, "R-13A")  # 0403 only past 0503 or 0404
    assert g.rules.why_not_move(g.state, "R-13A", H("0403")).rule == "7.1"
    assert rule_of(g, "move R-13A 0604 0503 0403") == "8.3"


def test_8_2_1_never_enter_an_enemy_hex():
    """8.2.1: a move may neither end in nor pass through an enemy-held hex."""
    g = position({"R-13A": "0705", "G-VI": "0605"}, phase="russian_movement")
    assert "0605" not in dests(g, "R-13A")
    assert rule_of(g, "move R-13A 0605") == "8.2.1"


def test_8_2_2_one_unit_per_hex_no_move_ends_in_an_occupied_hex():
    """8.2.2: a unit may pass through a friendly unit but never end its move on it."""
    g = position({"R-13A": "0705", "R-70A": "0605"}, phase="russian_movement")
    d = dests(g, "R-13A")
    assert "0605" not in d and "0505" in d  # through 0605, not into it
    assert rule_of(g, "move R-13A 0605") == "8.2.2"
    assert g.rules.stack_problem([g.rules.specs["R-13A"], g.rules.specs["R-70A"]]).rule == "8.2.2"


def test_8_0_movement_phase_every_unit_moves_once_up_to_its_allowance():
    """8.0: in the movement phase any unit of the phasing side moves, one at a time, once."""
    g = position({"R-13A": "0705", "G-VI": "0102"}, phase="russian_movement")
    assert "0305" in dests(g, "R-13A") and "0205" not in dests(g, "R-13A")  # MA 4
    play(g, "move R-13A 0605")
    assert rule_of(g, "move R-13A 0505") == "8.0"
    assert rule_of(g, "move G-VI 0202") == "8.0"  # not the German player's phase


def test_8_0_phases_each_posture_grants():
    """8.0 / 12.0: a side on Reposition skips its armor-and-rail and combat phases."""
    g = position({"R-13A": "0705", "G-VI": "0102"}, phase="german_replacement",
                 posture={"german": "reposition", "russian": "pause"})
    ev = play(g, "end")
    assert g.state.phase == "german_movement"
    assert [e.data["phase"] for e in ev if e.kind == "skipped"] == ["german_armor_rail", "german_combat"]
    ev = play(g, "end")
    assert g.state.phase == "russian_replacement"
    play(g, "end")  # pause: the replacement phase only
    assert g.state.phase == "posture" and g.state.turn == g.rules.camp.number("2")


def test_8_1_armor_moves_in_the_armor_phase_infantry_only_by_rail_from_its_own_side():
    """8.1: in the armor-and-rail phase armor moves normally; infantry only if it starts on a
    rail hex on its own side of the Start Line, and then only along the rail."""
    b = kboard(rails=["0705-0706", "0706-0707", "0707-0708", "0708-0709", "0404-0405", "0405-0406"],
               terrain={"0706": "forest"})
    g = position({"R-13A": "0705", "R-70A": "0803", "R-5GTA": "0903", "R-60A": "0404", "G-VI": "0102"},
                 phase="russian_armor_rail", board_=b)
    assert dests(g, "R-13A") == {"0706", "0707", "0708", "0709"}  # along the rail, forest = 1
    assert g.rules.reach(g.state, "R-13A")[H("0709")][0] == 4
    assert rule_of(g, "move R-70A 0804") == "8.1"  # infantry off the rail may not move
    assert rule_of(g, "move R-60A 0405") == "8.1"  # on rail, but on the German side of the line
    assert "0905" in dests(g, "R-5GTA")  # armor: normal movement


def test_8_1_rail_movement_may_cross_the_start_line():
    """8.1: once begun, a rail move may run on across the Start Line."""
    b = kboard(rails=["0705-0605", "0605-0505", "0505-0405"])
    g = position({"R-13A": "0705", "G-VI": "0102"}, phase="russian_armor_rail", board_=b)
    assert "0405" in dests(g, "R-13A")


def test_8_1_armor_gets_no_rail_rate():
    """8.1: armor pays the terrain along a rail line (forest 2)."""
    b = kboard(rails=["0705-0706", "0706-0707"], terrain={"0706": "forest", "0707": "forest"})
    g = position({"R-5GTA": "0705", "G-VI": "0102"}, phase="russian_armor_rail", board_=b)
    assert g.rules.reach(g.state, "R-5GTA")[H("0707")][0] == 4


def test_11_1_mud_one_hex_per_phase_except_rail():
    """11.1: in mud every unit moves one hex a phase, whatever the terrain; rail movement is
    not slowed."""
    b = kboard(rails=["0705-0706", "0706-0707", "0707-0708"], terrain={"0604": "marsh"})
    g = position({"R-5GTA": "0605", "R-13A": "0705", "G-VI": "0102"}, phase="russian_armor_rail", board_=b, mud=True)
    assert dests(g, "R-5GTA") == {"0604", "0706", "0606", "0506", "0505"}  # 0705 is occupied; marsh 0604 too
    assert "0708" in dests(g, "R-13A")
    g = position({"R-13A": "0705", "G-VI": "0102"}, phase="russian_movement", board_=b, mud=True)
    assert dests(g, "R-13A") == {"0704", "0804", "0805", "0706", "0605", "0604"}
    why = g.rules.why_not_move(g.state, "R-13A", H("0505"))
    assert why.rule == "11.1"


def test_7_3_zones_of_control_block_communication():
    """7.3 / 10.0: a communication path may not enter an enemy zone, an enemy unit or an
    enemy-controlled city; friendly units do not cancel zones (7.0)."""
    b = kboard(edges={"german": ["0101"], "russian": [f"10{r:02d}" for r in range(1, 11)]})
    g = position({"G-VI": "0505", "R-13A": "0202"}, board_=b)
    assert H("0505") not in g.rules.in_communication(g.state, "german")  # 0101 is in the 13th's zone
    g = position({"G-VI": "0505", "G-XII": "0201", "R-13A": "0202"}, board_=b)
    assert H("0505") not in g.rules.in_communication(g.state, "german")  # a friendly unit does not help
    b2 = kboard(edges={"german": ["0101"], "russian": ["1010"]}, cities={"0102": "Town"})
    g = position({"G-VI": "0303"}, board_=b2, control={"0102": "russian", "0201": "russian"})
    assert H("0303") in g.rules.in_communication(g.state, "german")  # 0201 is not a city; 0101 reachable
    g = position({"G-VI": "0102"}, board_=b2, control={"0102": "russian"})
    assert H("0102") in g.rules.in_communication(g.state, "german")  # the origin hex is exempt
