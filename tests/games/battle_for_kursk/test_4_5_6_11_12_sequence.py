"""Battle for Kursk sequence of play (4.0), victory (5.0), set-up (6.0), mud (11.x),
postures (12.0) and the Strategic Objective (12.1), on the real map and scenarios."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.core.dice import FixedDice
from hexwar.core.errors import DataError
from hexwar.games.battle_for_kursk.tables import PHASE_IDS

from .helpers import H, kboard, legal, of, play, position, rule_of, where


def _open(scenario="full", seed=1, options=None):
    return hexwar.open_game("battle-for-kursk", scenario, seed=seed, options=options)


def _choose(g, german, russian):
    return play(g, f"choose posture {german}", f"choose posture {russian}")


# ---------------------------------------------------------------- 6.0 / 4.0 set-up
def test_6_0_every_unit_on_its_printed_hex_with_its_starting_face():
    """6.0: all 101 units on their printed hexes; Russians reduced; German panzers reduced;
    German infantry full except the four with the hex on the back."""
    g = _open()
    camp = g.rules.camp
    assert len(g.state.units) == 101
    for uid, u in g.state.units.items():
        s = g.rules.specs[uid]
        assert u.where == "map" and u.hex == camp.setup_hex[uid]
        if s.side == "russian" or s.type == "panzer" or uid in ("G-VII", "G-XIII", "G-XVII", "G-XXIX"):
            assert u.steps == 1, uid
        else:
            assert u.steps == 2, uid
    assert g.rules.turn_label(g.state.turn) == "A" and g.state.phase == "posture"
    assert g.state.extra["previous"] == {"german": "engage", "russian": "reposition"}
    assert g.state.extra["available"] == {"german": 0, "russian": 0}
    assert g.state.extra["so_hex"] == "2113" and g.state.extra["so_face"] == "german"


def test_4_0_SHORT_the_short_scenario_start():
    """4.0-SHORT: starts on turn 1; Germans all full; the Russian adds 17 infantry and 8 armor
    steps to units on their set-up hexes; previous postures Deploy and Reposition; 3 and 2
    Offensive markers; the objective at Kursk, German face up."""
    g = _open("short")
    st = g.state
    assert g.rules.turn_label(st.turn) == "1" and st.phase == "russian_setup"
    assert all(u.steps == 2 for uid, u in st.units.items() if g.rules.side(uid) == "german")
    assert st.extra["points"] == {"irp": 17, "arp": 8}
    assert st.extra["previous"] == {"german": "deploy", "russian": "reposition"}
    assert st.extra["available"] == {"german": 3, "russian": 2}
    assert rule_of(g, "end") == "4.0"
    assert rule_of(g, "restore G-VI") == "4.0"
    inf = [u for u in sorted(st.units) if g.rules.side(u) == "russian" and g.rules.specs[u].kind == "infantry"][:17]
    arm = [u for u in sorted(st.units) if g.rules.side(u) == "russian" and g.rules.specs[u].kind == "armor"][:8]
    play(g, *[f"restore {u}" for u in inf + arm])
    left = [u for u in sorted(st.units) if u.startswith('R-') and u not in inf + arm]
    assert rule_of(g, f"restore {left[0]}") == "4.0"
    play(g, "end")
    assert g.state.phase == "posture" and g.state.extra["points"] == {"irp": 0, "arp": 0}
    assert all(where(g, u)[2] == 2 for u in inf + arm)


# ---------------------------------------------------------------- 4.0 sequence
def test_4_0_ten_phases_in_order_and_turn_start_checks():
    """4.0: posture, then the German and Russian player turns (replacement, armor and rail,
    combat, movement), then housekeeping; at each turn start mud, markers and belts."""
    assert PHASE_IDS[1:] == ("posture", "german_replacement", "german_armor_rail", "german_combat",
                             "german_movement", "russian_replacement", "russian_armor_rail", "russian_combat",
                             "russian_movement", "housekeeping")
    g = _open()
    ev = g.start_events
    assert any(e.kind == "mud" for e in ev)  # turn A is a mud turn (11.0)
    assert {e.data["zone"] for e in of(ev, "fortification")} == {"Moscow Belt", "Mius line"}
    _choose(g, "engage", "deploy")
    seen = [g.state.phase]
    for _ in range(3000):
        if g.rules.turn_label(g.state.turn) != "A":
            break
        acts = g.legal_actions()
        a = next((x for x in acts if x.notation() == "end"), acts[0])
        g.apply(a)
        if g.state.phase != seen[-1]:
            seen.append(g.state.phase)
    assert seen[:8] == ["german_replacement", "german_armor_rail", "german_combat", "german_movement",
                        "russian_replacement", "russian_armor_rail", "russian_movement", "posture"]  # Deploy: no combat
    assert g.rules.turn_label(g.state.turn) == "B"


def test_4_0_four_preliminary_and_eight_regular_turns():
    """4.0: turns A-D then 1-8; the game ends after turn 8."""
    g = _open()
    assert g.rules.camp.labels == ("A", "B", "C", "D", "1", "2", "3", "4", "5", "6", "7", "8")
    assert g.rules.camp.last_turn == 12


def test_4_0_offensive_markers_added_at_turn_start_capped_at_three():
    """4.0: the turn track adds Offensive markers; a side never holds more than three."""
    g = _open()
    st = g.state
    st.extra["available"] = {"german": 3, "russian": 1}
    st.turn = g.rules.camp.number("C")
    ev = []
    g.rules.start_posture_segment(st, ev)
    assert st.extra["available"] == {"german": 3, "russian": 2}


# ---------------------------------------------------------------- 12.0 postures
def test_12_0_secret_choice_hidden_then_revealed_together():
    """12.0: each posture is chosen in secret; the other side's view does not show it until
    both are chosen, and the reveal is an event undo cannot take back."""
    g = _open()
    assert g.acting_side() == "german"
    play(g, "choose posture pause")
    assert g.acting_side() == "russian"
    assert g.view("russian")["posture_chosen"] == {"german": True}
    assert g.view("german")["posture_chosen"] == {"german": "pause"}
    assert "pause" not in str(g.view("russian")["posture"]) and g.view(None)["posture_chosen"] == {"german": True}
    assert g.can_undo()
    ev = play(g, "choose posture pause")
    assert of(ev, "revealed") and of(ev, "revealed")[0].data["postures"] == {"german": "pause", "russian": "pause"}
    assert not g.can_undo()
    assert g.view("russian")["posture"] == {"german": "pause", "russian": "pause"}


def test_12_0_same_lower_or_one_higher_more_costs_offensive_markers():
    """12.0: same box, any lower box, or one to the right; each box further costs a marker."""
    g = _open()  # previous: German engage, Russian reposition; no markers
    assert legal(g) == ["choose posture deploy", "choose posture engage", "choose posture pause",
                        "choose posture reposition"]
    play(g, "choose posture engage")
    assert legal(g) == ["choose posture deploy", "choose posture pause", "choose posture reposition"]
    assert rule_of(g, "choose posture engage") == "12.0"
    g.state.extra["available"] = {"german": 0, "russian": 1}
    g.state._cache.clear()
    assert rule_of(g, "choose posture engage") is None
    play(g, "choose posture engage")
    assert g.state.extra["available"]["russian"] == 0  # the marker is spent on the reveal


def test_12_0_postures_grant_phases_and_change_replacements():
    """12.0 a-d: Pause gives only the replacement phase (+IRP); Reposition adds movement;
    Deploy all but combat (-ARP); Engage everything (-IRP -ARP)."""
    g = _open()
    ph = g.rules.camp.postures["phases"]
    assert ph["pause"] == ["replacement"] and "combat" not in ph["deploy"] and "combat" in ph["engage"]
    assert "armor_rail_movement" not in ph["reposition"] and "movement" in ph["reposition"]
    _choose(g, "pause", "deploy")
    assert g.state.phase == "german_replacement"
    g.state.extra["posture"] = {"german": "pause", "russian": "deploy"}
    assert g.rules.points_for(g.state, "german") == {"irp": 1 + 1, "arp": 3}
    assert g.rules.points_for(g.state, "russian") == {"irp": 2, "arp": 0}
    play(g, "end")
    assert g.state.phase == "russian_replacement"  # the German Pause skipped 3-5


def test_12_0_emergency_reaction():
    """12.0: Engage against Pause: the pausing side may spend a marker to Reposition."""
    g = _open()
    g.state.extra["available"] = {"german": 0, "russian": 1}
    _choose(g, "engage", "pause")
    assert g.state.stage.kind == "emergency" and g.acting_side() == "russian"
    assert legal(g) == ["choose emergency no", "choose emergency yes"]
    ev = play(g, "choose emergency yes")
    assert of(ev, "emergency") and g.state.extra["posture"]["russian"] == "reposition"
    assert g.state.extra["available"]["russian"] == 0
    g2 = _open()
    _choose(g2, "engage", "pause")  # no marker: no choice
    assert g2.state.stage is None and g2.state.phase == "german_replacement"


# ---------------------------------------------------------------- 12.1 Strategic Objective
def test_12_1_german_deploy_moves_the_objective_first_engage_locks_it():
    """12.1: while the German picks Deploy before his first Engage he may move the objective
    to a Russian-side city; his first Engage locks it."""
    g = _open()
    _choose(g, "deploy", "pause")
    assert g.state.stage.kind == "objective" and g.acting_side() == "german"
    assert rule_of(g, "choose objective 1116") == "12.1"  # Kiev: German side
    play(g, "choose objective 2307")  # Tula
    assert g.state.extra["so_hex"] == "2307"
    g.state.turn = g.rules.camp.number("B")
    g.state.phase = "posture"
    g.state.extra["posture"] = {}
    g.state.extra["secret"] = {}
    g.state.extra["previous"] = {"german": "deploy", "russian": "pause"}
    g.state.stage = None
    _choose(g, "engage", "pause")
    assert g.state.extra["so_locked"]["german"] and g.state.stage is None


def test_12_1_no_german_engage_by_turn_1_flips_it_to_kiev_russian_may_reposition():
    """12.1: without a German Engage on turn 1 or before, the objective turns Russian and goes
    to Kiev; a Russian Deploy then lets him move it west of the Dniepr or to Vitebsk or Gomel."""
    g = _open("short")
    g.state.phase = "posture"
    g.state.extra["points"] = {"irp": 0, "arp": 0}
    _choose(g, "deploy", "deploy")
    assert g.state.extra["so_face"] == "russian" and g.state.extra["so_hex"] == "1116"
    assert g.state.stage.kind == "objective" and g.state.stage.side == "russian"
    assert rule_of(g, "choose objective 2307") == "12.1"
    play(g, "choose objective 1105")  # Vitebsk
    assert g.state.extra["so_hex"] == "1105"


def test_12_1_occupying_the_objective_scores_one_vp():
    """12.1: the side face up on the marker scores 1 VP on occupying its hex."""
    b = kboard(cities={"0706": "Town"})
    g = position({"G-XLI-PZ": "0505", "R-13A": "1010"}, board_=b)
    g.state.extra["so_hex"] = "0706"
    ev = play(g, "move G-XLI-PZ 0605 0706")
    assert of(ev, "objective") and g.state.extra["so_vp"] == -1 and g.state.extra["so_scored"]
    total, parts = g.rules.vp(g.state)
    assert any("Strategic Objective" in p for p in parts)


# ---------------------------------------------------------------- 5.0 victory
def test_5_0_moscow_is_an_instant_german_win():
    """5.0: the Germans win at once when they control Moscow."""
    g = position({"G-XLI-PZ": "0902", "R-13A": "0505"})
    play(g, "move G-XLI-PZ 1001")
    assert g.result() is not None and g.result().winner == "german" and "Moscow" in g.result().detail
    assert g.legal_actions() == []


def test_5_0_vp_major_cities_objective_eliminated_units_and_levels():
    """5.0: +1 VP per major city a side holds across the Start Line (Russian +, German -),
    the objective, and +1 for fewer eliminated units; the level from the VP track."""
    g = _open()
    st = g.state
    for name in ("Bryansk", "Orel", "Kharkov"):
        st.control[g.rules.board.place_named(name).hex] = "russian"
    st.control[g.rules.board.place_named("Kursk").hex] = "german"
    total, parts = g.rules.vp(st)
    assert total == 3 - 1
    st.units["G-VI"] = st.units["G-VI"].at(None, "eliminated")
    assert g.rules.vp(st)[0] == 3 - 1 + 1
    assert g.rules.judge(st).level == "Russian operational victory"
    for name in ("Smolensk", "Kiev", "Poltava", "Chernigov"):
        st.control[g.rules.board.place_named(name).hex] = "russian"
    assert g.rules.judge(st).level == "Russian strategic victory"
    st.control = {h: "german" for h in st.control}
    st.control[g.rules.board.place_named("Moscow").hex] = "russian"
    st.units["G-VI"] = st.units["G-VI"].at(st.units["R-13A"].hex if False else g.rules.camp.setup_hex["G-VI"])
    assert g.rules.judge(st).winner == "german"


# ---------------------------------------------------------------- 11.x mud
def test_11_1_scheduled_mud_turns():
    """11.0 / 11.1: turns A, C and 7 are mud turns."""
    g = _open()
    assert [t.label for t in g.rules.camp.track if t.mud] == ["A", "C", "7"]
    assert g.state.extra["mud"] is True


def test_11_2_mud_halves_attacking_armor_only():
    """11.2: attacking armor is halved (fractions kept); infantry and defenders unaffected."""
    g = position({"G-XLI-PZ": "0604", "G-VI": "0605", "R-5GTA": "0505"}, phase="german_combat", mud=True)
    o = g.rules.odds(g.state, H("0505"), ["G-XLI-PZ", "G-VI"])
    assert o.attack == 4.5 + 6 and o.defense == 10


def test_11_3_optional_mud_roll():
    """11.3: with the option, a die at the start of each turn's posture segment decides mud
    (A: 1-3, B: 1-2, C: 1, D-5: never, 6: 1, 7: 1-2, 8: 1-3)."""
    g = _open(options={"mud_roll": True})
    assert g.state.stage.kind == "mud_roll" and legal(g) == ["roll"]
    g.dice = FixedDice([4])
    ev = play(g, "roll")
    assert of(ev, "die_rolled") and g.state.extra["mud"] is False and not g.can_undo()
    g2 = _open(options={"mud_roll": True})
    g2.dice = FixedDice([3])
    play(g2, "roll")
    assert g2.state.extra["mud"] is True
    assert g2.rules.camp.mud_roll["D"] == () and g2.rules.camp.mud_roll["8"] == (1, 2, 3)
    with pytest.raises(KeyError):
        _open(options={"no_such_option": True})


# ---------------------------------------------------------------- loader (extends, errors)
def test_4_0_SHORT_extends_full_and_replaces_whole_keys():
    """4.0-SHORT: short.yaml is full.yaml with whole top-level keys replaced."""
    a, b = _open("full"), _open("short")
    assert a.rules.scenario.specs == b.rules.scenario.specs
    assert a.rules.camp.track == b.rules.camp.track and b.rules.camp.start_turn == 5


def test_loader_refuses_broken_turn_track_files(tmp_path):
    """A malformed turn-track scenario is refused naming the file and the field."""
    import yaml

    from hexwar.loaders.scenario import load_scenario
    from hexwar.session import scenario_file

    src = yaml.safe_load(scenario_file("battle-for-kursk", "full").read_text())
    bad = dict(src, turn_track=src["turn_track"][:-1])
    p = tmp_path / "bad.yaml"
    p.write_text(yaml.safe_dump(bad))
    with pytest.raises(DataError, match="turn_track: 11 entries for 12 turns"):
        load_scenario(p)
    units = [dict(u) for u in src["units"]]
    units[0]["setup"] = "XX"
    p.write_text(yaml.safe_dump(dict(src, units=units)))
    with pytest.raises(DataError, match=r"units\[0\].setup"):
        load_scenario(p)
    q = tmp_path / "ext.yaml"
    q.write_text("extends: ../full.yaml\nscenario: x\n")
    with pytest.raises(DataError, match="extends"):
        load_scenario(q)
    r = tmp_path / "loop.yaml"
    r.write_text("extends: loop.yaml\n")
    with pytest.raises(DataError, match="deep"):
        load_scenario(r)
