"""The lessons of Battle for Kursk's worked examples (issue 18), played to their end through
the engine, every figure they show checked against the rulebook example's own figures. (The
examples on purpose-made boards are in test_examples.py; the lessons put them on our map.)
The phase lessons are played by tests/test_lessons.py."""
from __future__ import annotations

import hexwar.lessons as L
from hexwar.core.actions import parse_action

GAME = "battle-for-kursk"


def _run(lesson_id):
    run = L.open_lesson(GAME, lesson_id)
    return run


def _play(run, upto=None):
    while not run.done and (upto is None or run.index < upto):
        got = run.demo()
        assert got.accepted, got.text


def _events(run, kind):
    return [e for done in run.history for e in done.events if e.kind == kind]


def _combat(run):
    return [e.data for e in _events(run, "combat")]


def _mp(run, action):
    return float(run.game.rules.consequence(run.game.state, parse_action(action)).figure)


def _odds(run, target, attackers, offensive=None):
    g = run.game
    return g.rules.odds(g.state, parse_action(f"resolve {target}").target, attackers, offensive)


def _where(run, uid):
    u = run.game.state.units[uid]
    return (u.where, str(u.hex) if u.hex else None, u.steps)


def _refusals(run):
    return [done.lines[0].split(":")[0] for done in run.history if done.step.refused]


def test_EX_MOVE_1_lesson_rail_one_mp_occupied_end_zone_stop_armor_pays_terrain():
    """EX-MOVE-1: infantry by rail 4 hexes at 1 MP each whatever the terrain (two forests);
    no move ends on another unit (8.2.2); rail movement stops in a zone (8.3); armor pays 2
    for forest along the rail, nothing for a river, everything for a major river."""
    run = _run("ex-move-1-rail")
    board = run.game.board
    path = [parse_action(f"move R-50A {h}").dest for h in ("1804", "1805", "1806", "1807")]
    assert [board.terrain[h] for h in path].count("forest") == 2
    assert [_mp(run, "move R-50A " + " ".join(["1804", "1805", "1806", "1807"][:n])) for n in (1, 2, 4)] == [1, 2, 4]
    assert run.game.check("move R-50A 1804 1805 1806").rule == "8.2.2"  # the 13th stands there
    assert _mp(run, "move R-1GA 1703") == 1
    assert board.has_side(parse_action("move X 1702").dest, parse_action("move X 1703").dest, "river")
    assert run.game.rules._normal_cost(5)(parse_action("move X 1702").dest, parse_action("move X 1802").dest) == 5
    assert _mp(run, "move R-1GA 1703 1602") == 3 and _mp(run, "move R-1GA 1703 1602 1503") == 5
    _play(run)
    assert _refusals(run) == ["8.2.2", "8.3", "8.0"]
    assert _where(run, "R-50A")[1] == "1807" and _where(run, "R-33A")[1] == "2104" and _where(run, "R-1GA")[1] == "1503"


def test_EX_MOVE_2_lesson_river_free_city_one_forest_two_zone_stops_marsh_everything():
    """EX-MOVE-2: a tank army (MA 6) crosses a river for nothing, pays 1 for a city and 2 for
    forest; entering a zone ends the move; a marsh takes all 6 MP and only as a first hex."""
    run = _run("ex-move-2-zones-forest-marsh")
    assert [_mp(run, "move R-5GTA " + p) for p in ("1614", "1614 1715", "1614 1715 1815", "1614 1715 1815 1916")] \
        == [1, 2, 3, 5]
    assert run.game.board.places[parse_action("move X 1614").dest].name == "Konotop"
    assert _mp(run, "move R-2TA 1513") == 6
    _play(run)
    assert _refusals(run) == ["8.3", "8.0"]
    assert "7 MP" in [d for d in run.history if d.step.refused][1].lines[0]


def test_EX_COMBAT_1_lesson_16_to_4_is_4_to_1_and_15_to_4_is_3_to_1():
    run = _run("ex-combat-1-odds")
    o = _odds(run, "1714", ["R-4SA", "R-1TC"])
    assert (o.attack, o.defense, o.column, o.shifts) == (16, 4, "4:1", ())
    o = _odds(run, "1616", ["R-5SA", "R-3SA"])
    assert (o.attack, o.defense, o.column, o.shifts) == (15, 4, "3:1", ())
    _play(run)


def test_EX_COMBAT_2_lesson_every_attacker_across_a_river_takes_3_to_1_to_2_to_1():
    run = _run("ex-combat-2-river")
    o = _odds(run, "1714", ["R-5SA", "R-3SA"])
    assert (o.attack, o.defense, o.raw_index, o.column) == (15, 4, 2, "2:1")
    assert [(s.columns, s.reason) for s in o.shifts] == [(-1, "every attacker is across a river")]
    _play(run)


def test_EX_COMBAT_3_lesson_city_and_river_cancel_the_attack_an_offensive_restores_2_to_1():
    run = _run("ex-combat-3-offensive")
    o = _odds(run, "1809", ["R-2TA", "R-9TC"])
    assert (o.attack, o.defense, o.raw_index) == (16, 8, 1) and sum(s.columns for s in o.shifts) == -2 and o.no_effect
    o = _odds(run, "1809", ["R-2TA", "R-9TC"], ("R-2TA", ("R-13A", "R-70A")))
    assert o.column == "2:1" and any(s.rule == "9.2.1" and s.columns == 2 for s in o.shifts)
    assert run.game.board.places[parse_action("resolve 1809").target].name == "Bryansk"
    _play(run)
    (c,) = _combat(run)
    assert (c["roll"], c["result"]) == (4, "DR")
    assert run.game.state.extra["available"]["russian"] == 2  # one marker spent
    assert _where(run, "R-2TA")[1] == "1809"


def test_EX_COMBAT_4_lesson_forest_2_to_1_dr_one_first_hex_two_endings_either_attacker_advances():
    run = _run("ex-combat-4-retreat")
    o = _odds(run, "0514", ["R-48A", "R-60A"])
    assert (o.attack, o.defense, o.column) == (12, 4, "2:1")
    _play(run, upto=4)
    (c,) = _combat(run)
    assert (c["roll"], c["result"]) == (3, "DR")
    opts = run.game.rules.retreat_options(run.game.state, run.game.state.stage, "G-LIII")
    assert {str(p.hexes[0]) for p in opts} == {"0413"} and sorted(str(p.end) for p in opts) == ["0313", "0412"]
    _play(run, upto=6)
    assert sorted(a.notation() for a in run.game.legal_actions()) == ["advance R-48A", "advance R-60A", "advance none"]
    _play(run)
    assert _refusals(run) == ["9.3"] and _where(run, "G-LIII") == ("map", "0412", 2)


def test_EX_COMBAT_5_lesson_marsh_halves_fortification_shifts_dr_becomes_ex_owing_4():
    """EX-COMBAT-5: (4/2) + 3 + 5 = 10 vs 4 is 2:1, the fortification makes 1:1; roll 5 DR,
    taken as EX; 4 owed, paid by the reduced armor (5)."""
    run = _run("ex-combat-5-fortification")
    o = _odds(run, "1201", ["G-II-LW", "G-XI", "G-XXXIX-PZ"])
    assert (o.attack, o.raw_index, o.column) == (10, 1, "1:1")
    assert [s.reason for s in o.shifts] == ["defender in an active friendly fortification"]
    _play(run)
    (c,) = _combat(run)
    assert (c["roll"], c["result"]) == (5, "DR")
    assert _events(run, "exchange")[0].data["owed"] == 4
    assert _where(run, "R-13A")[0] == "eliminated" and _where(run, "G-XXXIX-PZ")[0] == "eliminated"


def test_EX_COMBAT_6_lesson_out_of_communication_shift_drl_eliminates_the_reduced_unit():
    """EX-COMBAT-6: (4/2) + 10 + 8 = 20 vs 5 is 4:1; forest -1, out of communication +1: 4:1;
    roll 4 DRL; the reduced 39th is eliminated without retreating; the 4th Shock advances."""
    run = _run("ex-combat-6-communication")
    g = run.game
    assert parse_action("resolve 2603").target not in g.rules.in_communication(g.state, "german")
    o = _odds(run, "2603", ["R-13A", "R-4SA", "R-48A"])
    assert (o.attack, o.raw_index, o.column) == (20, 3, "4:1")
    assert sorted((s.columns, s.rule) for s in o.shifts) == [(-1, "9.2"), (1, "7.2")]
    _play(run)
    (c,) = _combat(run)
    assert (c["roll"], c["result"]) == (4, "DRL")
    assert _where(run, "G-XXXIX-PZ")[0] == "eliminated" and not _events(run, "retreated")
    assert _where(run, "R-4SA") == ("map", "2603", 2)


def test_EX_REPLACEMENT_lesson_cities_in_communication_edges_outside_zones():
    """EX-REPLACEMENT: the German flips a reduced corps and places an eliminated one in Stalino,
    not in Taganrog once Russian; the Russian flips the unit in communication, places on an
    edge hex outside the German zones, not in Taganrog, cut off."""
    run = _run("ex-replacement")
    g = run.game
    assert g.board.places[parse_action("place X 2421").hex].name == "Stalino"
    assert g.board.places[parse_action("place X 2623").hex].name == "Taganrog"
    assert g.check("place G-XLII 2324") is None  # Mariupol would do as well
    _play(run)
    assert _refusals(run) == ["10.3", "10.2", "10.2"]
    assert _where(run, "G-XVII")[2] == 2 and _where(run, "G-XLII")[1] == "2421"
    assert _where(run, "R-5SA")[2] == 2 and _where(run, "R-46A")[1] == "2720"


def test_EX_10_6_lesson_posture_arithmetic_turns_1_and_2():
    """EX-10.6: turn 1 German Engage 1-1 = 0 IRP, 7-1 = 6 ARP; Russian Deploy 3 IRP, 2-2 = 0 ARP;
    turn 2 German Engage -1-1 = -2 ARP: two armor steps removed."""
    run = _run("ex-10-6-postures")
    _play(run)
    got = [e.data for e in _events(run, "replacements")]
    texts = [e.text for e in _events(run, "replacements")]
    assert texts[0].startswith("German replacements: +0 infantry, +6 armor")
    assert texts[1].startswith("Russian replacements: +3 infantry, +0 armor")
    assert texts[2].startswith("German replacements: +0 infantry, -2 armor")
    assert len(got) >= 3
    assert _where(run, "G-XLI-PZ")[0] == "eliminated" and _where(run, "G-VI")[2] == 2


def test_EX_11_2_lesson_mud_halves_attacking_armor_and_exchanges_count_printed_strength():
    """EX-11.2: in mud the reduced 39th counts 2.5: 7.5 vs 4 is 1:1, below after the
    fortification, no die; a 1:1 exchange in mud is paid at printed strength (10 -> 5)."""
    run = _run("ex-11-2-mud")
    o = _odds(run, "1201", ["G-II-LW", "G-XI", "G-XXXIX-PZ"])
    assert o.attack == 7.5 and o.raw_index == 0 and o.no_effect
    o = _odds(run, "1308", ["G-III-PZ", "G-VI"])
    assert (o.attack, o.defense, o.column) == (11, 6, "1:1")
    _play(run)
    first, second = _combat(run)
    assert first.get("below_1_1") and len(_events(run, "die_rolled")) == 1
    assert (second["roll"], second["result"]) == (6, "EX")
    assert _events(run, "exchange")[0].data["owed"] == 3
    assert _where(run, "G-III-PZ")[2] == 1
