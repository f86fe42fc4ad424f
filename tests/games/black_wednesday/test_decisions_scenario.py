"""Scenario 1 data (SCEN-1, OOB) and the engine decisions of docs/black-wednesday/scenario-1.md
(S1-1 ... S1-8), overrun (§11.2), smoke Level 1 (§8.3) and the session hooks."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from hexwar import paths
from hexwar.core.hexgrid import use_hex_ids
from hexwar.games import black_wednesday as bw
from hexwar.games.black_wednesday.combat import SFA
from hexwar.games.black_wednesday.verbs import Assault, Breach

from .helpers import H, apply_default, fixed, put, s1, to_action_phase


def test_SCEN_1_OOB_708_regiment_tank_battalion_and_i_262():
    with s1() as g:
        e = g.rules.entries
        sov = [u for u in e.values() if u.side == "soviet"]
        assert len([u for u in sov if u.type == "sov_t34"]) == 21
        assert len([u for u in sov if u.type == "sov_rifle_43_72"]) == 27
        assert {u.fo for u in sov if u.fo} == {"artillery", "mortar"}
        axis = [u for u in e.values() if u.side == "axis"]
        # decision S1-2: companies 1-3 three platoons and an MG, company 4 three MG and three mortars
        i262 = [u for u in axis if u.battalion == "I-262"]
        assert len([u for u in i262 if u.type == "spa_infantry"]) == 9
        assert len([u for u in i262 if u.type == "spa_mg"]) == 6
        assert len([u for u in i262 if u.type == "spa_mortar_81"]) == 3
        assert {u.id for u in axis if u.reserve} >= {"Ski-Inf1", "13-262-IG1", "14-262-AT371", "4-I-262-Mtr3"}


def test_SCEN_1_play_area_is_map_b_east_of_the_railroad_inclusive():
    with s1() as g:
        r = g.rules
        assert all(r.ids.name(h).startswith("B") and int(r.ids.name(h)[-2:]) >= 28 for h in r.area)
        assert H(g, "B10.28") in r.area and H(g, "B10.27") not in r.area
        assert len(r.trench_hexes) == 37


def test_decision_S1_3_batteries_1_and_2_fire_from_off_map():
    with s1() as g:
        assert g.rules.artillery_of("axis") == {"1-250": "105mm", "2-250": "105mm"}
        assert not any("how" in u.type for u in g.rules.entries.values())


def test_decision_S1_6_a_breacher_stopped_by_fire_falls_back_without_breaching():
    with s1() as g:
        to_action_phase(g, "soviet")
        g.state.extra["commissars"] = "off"
        put(g, "1-708-Inf1", "B13.30", mode="move")
        put(g, "1-I-262-MG", "B16.30")
        g.state.extra["adj_wire"] = frozenset({"1-708-Inf1"})
        fixed(g, [2, 3, 4, 4])  # overwatch: column 4 +1 moving = 5, roll 5: M; MM 5 roll 8: S
        apply_default(g, Breach("1-708-Inf1", H(g, "B14.30")))  # the MG fires overwatch
        assert g.state.units["1-708-Inf1"].hex == H(g, "B13.30")
        assert g.rules.wire_state(g.state, H(g, "B14.30")) == 0


def test_tcs_11_2_overrun_by_tanks_takes_the_hex_when_the_defence_breaks():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "1ITB-T341", "B09.31", mode="move")
        put(g, "1ITB-T342", "B09.32", mode="move")
        # shock fire 4 (col 4 +2) roll 2: -; defender MM 6 (doubled, 1.12) roll 12: P -> retreat
        fixed(g, [1, 1, 6, 6])
        assert g.check(Assault(H(g, "B10.31"), ("1ITB-T341", "1ITB-T342"))) is None
        ev = apply_default(g, Assault(H(g, "B10.31"), ("1ITB-T341", "1ITB-T342")))  # retreat, advance
        assert any("shock" in str(e.data.get("shifts", "")) for e in ev if e.kind == "fire")
        assert g.state.units["1ITB-T341"].hex == H(g, "B10.31")


def test_tcs_11_2_overrun_fails_and_vehicles_stay_and_guns_fire_first():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "14-262-AT371", "B10.31")
        put(g, "1ITB-T341", "B09.31", mode="move")
        # AT 37 point fire at range 0: need 6, roll 2 (miss); shock 1 (col 1 +2) roll 2: -; morale roll 2: -
        fixed(g, [1, 1, 1, 1, 1, 1])
        ev = g.apply(Assault(H(g, "B10.31"), ("1ITB-T341",)))
        assert any(e.kind == "point_fire" for e in ev)
        assert g.state.units["1ITB-T341"].hex == H(g, "B09.31")
        put(g, "1ITB-T342", "B10.31")
        assert g.check(Assault(H(g, "B10.31"), ("1ITB-T343",))) is not None


def test_tcs_8_3_smoke_level_1_shifts_fire_out_of_the_hex_too():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B12.31")
        g.state.extra["smoke"] = {H(g, "B10.31"): 1}
        s = dict(g.rules.area_shifts(g.state, H(g, "B12.31"), SFA, firer_hex=H(g, "B10.31")))
        assert s["smoke Level 1"] == -2


def test_session_hooks_scenario_passes_the_session_cross_check_and_two_sheets_join():
    from hexwar.loaders.game_files import check_fit as _cross_check

    scen = bw.load_scenario(Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / "s1-turning-the-left.yaml")
    board = bw.board_for(scen)
    _cross_check(board, scen)  # what open_game checks on any scenario
    two = bw.board_for(replace(scen, sheets=("black-wednesday-a.tmx", "black-wednesday-b.tmx")))
    ids = bw.hex_ids(two)
    with use_hex_ids(ids):
        assert ids.parse("B34.16") in two.terrain and ids.parse("A25.23") in two.terrain
        assert str(ids.parse("B34.16")) == "B34.16"
    assert len(two.terrain) == 2 * len(board.terrain)


def test_malformed_scenario_is_refused_naming_the_file(tmp_path):
    import pytest

    from hexwar.core.errors import DataError

    src = Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / "s1-turning-the-left.yaml"
    bad = tmp_path / "bad.yaml"
    bad.write_text(src.read_text(encoding="utf-8").replace("area: 1-I-262+I-262,", "area: nowhere,", 1),
                   encoding="utf-8")
    with pytest.raises(DataError) as e:
        bw.load_scenario(bad)
    assert "bad.yaml" in str(e.value) and "nowhere" in str(e.value)


def test_tcs_decision_4_an_sfa_is_fired_by_the_units_of_one_hex():
    from hexwar.core.actions import Attack

    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-MG", "B10.31")
        put(g, "2-708-MG", "B10.32")
        put(g, "1-I-262-Inf1", "B12.31", mode="move")
        assert g.check(Attack(H(g, "B12.31"), ("1-708-MG", "2-708-MG"))).rule == "§8.2"


def test_tcs_decision_11_entering_a_barrage_marker_draws_one_attack():
    from hexwar.core.actions import Move

    with s1() as g:
        to_action_phase(g, "soviet")
        g.state.extra["barrage"] = (("axis", (H(g, "B06.31"),), 8),)
        put(g, "1-708-Inf1", "B05.31", mode="move")
        fixed(g, [1, 1])
        ev = g.apply(Move("1-708-Inf1", (H(g, "B06.31"),)))
        fire = [e for e in ev if e.kind == "fire"]
        assert len(fire) == 1 and fire[0].data["fp"] == 8


def test_tcs_decisions_19_30_unassigned_units_spot_and_one_spotter_calls_several_missions():
    # Unassigned units spot (Decision 19); a reserve not yet released does not (BW-F1, §16.8).
    from hexwar.games.black_wednesday.verbs import Call

    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "Ski-Inf1", "B16.31")
        g.state.extra["reserve"] = frozenset()
        fixed(g, [6, 6, 6, 6])
        g.apply(Call("Ski-Inf1", "1-250", H(g, "B12.31")))
        assert g.check(Call("Ski-Inf1", "2-250", H(g, "B12.33"))) is None
        g.apply(Call("Ski-Inf1", "2-250", H(g, "B12.33")))
        assert g.state.extra["ammo"]["axis"]["105mm"]["HE"] == 68


def test_tcs_decisions_34_35_vehicles_never_check_morale_heavy_ones_only_at_rolls_from_barrages():
    from hexwar.games.black_wednesday.combat import BARRAGE

    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "1ITB-T341", "B10.31", mode="move")
        fixed(g, [6, 6, 1, 1])  # fire 40 rolls 12: 4 steps; no one can take them; AT roll 2 fails
        _, ev = g.rules.fire_on_hex(g.state, g.dice, H(g, "B10.31"), 40, BARRAGE, "axis", at_attack=1)
        assert not any(e.kind == "morale" for e in ev) and any(e.kind == "at_roll" for e in ev)
        assert g.state.units["1ITB-T341"].hex == H(g, "B10.31") and g.dice.rolls_made == 4


def test_tcs_decision_47_changing_to_move_mode_in_place_draws_overwatch():
    from hexwar.games.black_wednesday.verbs import Mode

    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B10.31", mode="fire")
        put(g, "1-I-262-MG", "B12.31")
        fixed(g, [1, 1])
        ev = apply_default(g, Mode("1-708-Inf1", "move"))  # the MG fires overwatch
        assert any(e.kind == "overwatch" for e in ev)


def test_2_1b_one_implemented_soviet_order_per_division_2_1d_rating(tmp_path):
    import pytest

    from hexwar.core.errors import DataError

    with s1() as g:
        assert g.rules.rating("soviet") == 7 and g.rules.rating("axis") == 3  # 43 Rifle; Spanish
        assert g.rules.implementation_need(g.rules.rating("soviet"), "attack", 15) == "65"  # column 4, row 7
    src = Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / "s1-turning-the-left.yaml"
    text = src.read_text(encoding="utf-8")
    extra = ("      - {id: S1-second, type: move, units: all, objective: trenches, implemented: true,\n"
             "         provenance: reconstructed, source: test}\n")
    bad = tmp_path / "two.yaml"
    first_battery = "    artillery:\n      - {id: 1-162-43"
    bad.write_text(text.replace(first_battery, extra + first_battery, 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        bw.load_scenario(bad)
    assert "2.1b" in str(e.value)
