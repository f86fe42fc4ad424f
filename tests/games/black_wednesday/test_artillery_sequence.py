"""Artillery (2.3, 2.3a-b, 2.3f, 2.4, 2.4a-e, 2.4g, 1.4e, 3.2, 3.2a, 3.2d; TCS-lite §13), air
(1.9), weather (1.8), the turn (§3), reserves (§16.8), battalion morale (§12.6) and the
Scenario 1 victory check."""
from __future__ import annotations

from hexwar.core.actions import Choose, EndPhase
from hexwar.core.hexgrid import distance
from hexwar.games.black_wednesday.verbs import Call

from .helpers import H, fixed, put, s1, to_action_phase


def prep_only(g, col, hid, tm="0600"):
    g.state.extra["prep"] = {c: {} for c in g.state.extra["prep"]}
    g.state.extra["prep"][col] = {tm: hid}


def landed(ev):
    return [e for e in ev if e.kind == "barrage" and "lands on" in e.text]


def test_2_4a_2_4d_prep_gun_battalion_double_strength_good_shoot():
    with s1() as g:
        to_action_phase(g, "soviet")
        prep_only(g, "122mm_1", "B16.29")
        fixed(g, [4])
        ev = g.rules.fire_prep(g.state, g.dice)
        assert landed(ev)[0].data == {"hex": "B16.29", "fp": 40}  # 2 x (2 x 10): column 11
        prep_only(g, "152mm_7", "B16.29")
        fixed(g, [6])
        assert landed(g.rules.fire_prep(g.state, g.dice))[0].data["fp"] == 52  # column 12


def test_2_4d_prep_bad_shoot_lands_on_the_plotted_hex_at_half_value():
    with s1() as g:
        to_action_phase(g, "soviet")
        for r in (1, 2, 3):
            prep_only(g, "122mm_1", "B16.29")
            fixed(g, [r])
            ev = g.rules.fire_prep(g.state, g.dice)
            assert landed(ev)[0].data == {"hex": "B16.29", "fp": 20}  # Decision 9: no scatter
            assert g.dice.rolls_made == 1


def test_2_4b_prep_uses_no_ammunition_and_2_4e_markers_stay_until_the_next_soviet_phase():
    with s1() as g:
        to_action_phase(g, "soviet")
        ammo = repr(g.state.extra["ammo"])
        prep_only(g, "122mm_1", "B16.29")
        fixed(g, [5])
        g.rules.start_action(g.state, "soviet", g.dice)
        assert repr(g.state.extra["ammo"]) == ammo
        assert [b[0] for b in g.state.extra["barrage"]] == ["soviet"]
        g.rules.start_action(g.state, "axis", g.dice)
        assert [b[0] for b in g.state.extra["barrage"]] == ["soviet"]  # lies through the Axis phase
        g.state.turn = 2
        g.rules.start_action(g.state, "soviet", g.dice)  # nothing logged for 0620 now
        assert g.state.extra["barrage"] == ()


def test_2_4g_katyusha_radius_5_strength_6_and_a_bad_shoot_scatters():
    with s1() as g:
        to_action_phase(g, "soviet")
        prep_only(g, "katyusha_1", "B29.30")
        fixed(g, [6])
        ev = g.rules.fire_prep(g.state, g.dice)
        assert landed(ev)[0].data == {"hex": "B29.30", "fp": 6}
        hexes = g.state.extra["barrage"][-1][1]
        assert len(hexes) == len([h for h in g.rules.board.terrain if distance(h, H(g, "B29.30")) <= 5])
        prep_only(g, "katyusha_1", "B29.30")
        fixed(g, [2, 4, 3])  # Bad; direction 4 (south), 3 hexes (rockets)
        ev = g.rules.fire_prep(g.state, g.dice)
        assert landed(ev)[0].data["hex"] == "B32.30"


def test_1_4e_artillery_never_breaches_wire():
    with s1() as g:
        to_action_phase(g, "soviet")
        prep_only(g, "152mm_7", "B14.30")
        fixed(g, [6])
        g.rules.fire_prep(g.state, g.dice)
        assert g.rules.wire_state(g.state, H(g, "B14.30")) == 0


def test_2_3a_only_the_divisions_artillery_fo_calls_soviet_battalions():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "708-MtrFO", "B10.31")
        put(g, "1-708-Inf1", "B10.32")
        put(g, "708-ArtFO", "B10.33", mode="move")  # 2.3d: FOs spot in either mode
        assert g.check(Call("708-MtrFO", "1-162-43", H(g, "B13.31"))).rule == "2.3a"
        assert g.check(Call("1-708-Inf1", "1-162-43", H(g, "B13.31"))).rule == "2.3a"
        assert g.check(Call("708-ArtFO", "1-162-43", H(g, "B13.33"))) is None
        assert g.check(Call("708-ArtFO", "1-289", H(g, "B13.33"))).rule == "2.3b"


def test_2_3_battalion_mission_and_2_3b_ammunition():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "708-ArtFO", "B10.33")
        fixed(g, [6, 6])  # adjustment 12: Good Shoot on an empty hex
        ev = g.apply(Call("708-ArtFO", "1-162-43", H(g, "B13.33")))
        assert landed(ev)[0].data == {"hex": "B13.33", "fp": 10}  # 2 x 76 mm battery, hex + 6 around
        assert len(g.state.extra["barrage"][-1][1]) == 7
        assert g.state.extra["ammo"]["soviet"]["76mm"]["HE"] == 47
        assert g.check(Call("708-ArtFO", "1-162-43", H(g, "B13.32"))).rule == "§13.1"  # once a turn
        g.state.extra["ammo"]["soviet"]["122mm"]["HE"] = 1
        assert g.check(Call("708-ArtFO", "3-162-43", H(g, "B13.32"), fast=True)).rule == "2.3b"


def test_2_3f_one_smoke_marker_blocks_line_of_sight():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "708-ArtFO", "B10.33")
        fixed(g, [6, 6])
        g.apply(Call("708-ArtFO", "1-162-43", H(g, "B12.33"), "smoke"))
        assert g.state.extra["smoke"] == {H(g, "B12.33"): 2}
        assert g.state.extra["ammo"]["soviet"]["76mm"]["Smoke"] == 7
        assert not g.rules.sees_hex(g.state, H(g, "B10.33"), H(g, "B14.33"))


def test_3_2_3_2a_axis_battery_mission_on_the_german_line():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "1-I-262-Inf1", "B16.31")
        fixed(g, [2, 3])  # distance 4: German line needs 5
        ev = g.apply(Call("1-I-262-Inf1", "1-250", H(g, "B12.31")))
        adj = [e for e in ev if e.kind == "adjustment"][0]
        assert adj.data["need"] == 5 and "german line" in adj.text
        assert landed(ev)[0].data == {"hex": "B12.31", "fp": 8}
        assert g.state.extra["ammo"]["axis"]["105mm"]["HE"] == 69


def test_3_2d_faux_trp_axis_only_on_a_qualifying_hex():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "1-I-262-Inf1", "B16.31")
        assert g.check(Call("1-I-262-Inf1", "1-250", H(g, "B08.31"), trp=H(g, "B10.31"))).rule == "3.2d"
        assert g.check(Call("1-I-262-Inf1", "1-250", H(g, "B08.31"), trp=H(g, "B14.31"))) is None  # wire
        fixed(g, [3, 3])  # distance from the wire hex is 6: needs 6
        ev = g.apply(Call("1-I-262-Inf1", "1-250", H(g, "B08.31"), trp=H(g, "B14.31")))
        assert [e for e in ev if e.kind == "adjustment"][0].data["need"] == 6


def test_1_8_weather_on_hour_turns_visibility_the_lesser_and_snow_modifier():
    with s1() as g:
        fixed(g, [6, 6])
        g.rules.start_turn(g.state, g.dice)  # 0600 is an hour turn
        assert g.state.extra["weather"] == "snow" and g.rules.period(g.state) == ("twilight", 5)
        g.state.turn = 2
        fixed(g, [])
        g.rules.start_turn(g.state, g.dice)  # 0620: no roll
        g.state.turn = 4
        fixed(g, [2, 3])  # 5 + 3 after snow = 8: overcast
        g.rules.start_turn(g.state, g.dice)
        assert g.state.extra["weather"] == "overcast"


def test_1_9_air_sorties_only_on_clear_day_turns():
    with s1() as g:
        fixed(g, [])
        assert g.rules.air_phase(g.state, g.dice) == []  # 0600 is twilight
        g.state.turn = 7
        g.state.extra["weather"] = "overcast"
        assert g.rules.air_phase(g.state, g.dice) == []
        g.state.extra["weather"] = "clear"
        fixed(g, [3, 1])  # 31: one Soviet sortie, no target spotted: lost
        ev = g.rules.air_phase(g.state, g.dice)
        assert "1 Soviet" in ev[0].text and "lost" in ev[-1].text


def test_tcs_3_3_initiative_roll_ties_rerolled_winner_chooses():
    with s1() as g:
        g.state.turn = 2
        g.state.phase = "command"
        g.state.extra["prep"] = {c: {} for c in g.state.extra["prep"]}
        fixed(g, [3, 3, 2, 5])
        g.apply(EndPhase())
        assert g.state.phase == "initiative" and g.acting_side() == "axis"
        g.apply(Choose("first", "soviet"))
        assert g.state.extra["phasing"] == "soviet" and g.state.extra["order"] == ("soviet", "axis")


def test_tcs_16_8_reserve_release_roll():
    with s1() as g:
        put(g, "Ski-Inf1", "B18.31")
        g.state.phase = "command"
        g.state.extra["released_now"] = frozenset()
        fixed(g, [4])
        assert Choose("release", "Ski") in g.legal_actions()
        g.apply(Choose("release", "Ski"))
        assert not any(u.startswith("Ski") for u in g.state.extra["reserve"])
        assert g.check(Choose("release", "Ski")).rule == "§16.8"


def test_tcs_12_6_battalion_morale_rises_with_heavy_losses_and_recovers_on_the_hour():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B20.31")
        ev = g.rules.battalion_losses(g.state, H(g, "B20.31"), 4)
        assert g.state.extra["bn"] == {"I-262": 1} and ev
        g.rules.battalion_losses(g.state, H(g, "B20.31"), 6)
        assert g.state.extra["bn"] == {"I-262": 3}
        fixed(g, [2])
        g.rules.bn_recovery(g.state, g.dice)
        assert g.state.extra["bn"] == {"I-262": 2}


def test_tcs_3_5_clean_up_p_to_s_and_dug_in_gained():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "1-I-262-Inf1", "B16.29", status="P")
        put(g, "1-I-262-Inf2", "B16.30", status="S")
        g.state.extra["moved_turn"] = frozenset()
        fixed(g, [])
        g.rules.clean_up(g.state, g.dice)
        assert g.state.extra["status"] == {"1-I-262-Inf1": "S"}
        assert {"1-I-262-Inf1", "1-I-262-Inf2"} <= g.state.extra["dug"]


def test_SCEN_1_victory_clear_the_trenches():
    with s1() as g:
        g.state.turn = 12
        put(g, "1-I-262-Inf1", "B27.33")
        fixed(g, [])
        g.rules.clean_up(g.state, g.dice)
        assert g.result().winner == "axis" and g.result().level == "Axis minor victory"
    with s1() as g:
        g.state.turn = 12
        put(g, "1-I-262-Inf1", "B20.31")  # not a trench hex
        put(g, "1-708-Inf1", "B16.29")
        g.rules.clean_up(g.state, g.dice)
        assert g.result().winner == "soviet" and g.result().level == "Soviet minor victory"


def test_2_2c_consolidation_of_identical_reduced_platoons_in_clean_up():
    from hexwar.core.units import ELIMINATED

    with s1() as g:
        to_action_phase(g, "axis")
        for uid, hid, steps in (("1-708-Inf1", "B05.31", 2), ("1-708-Inf2", "B05.32", 3), ("2-708-Inf1", "B05.30", 2)):
            put(g, uid, hid)
            u = g.state.units[uid]
            g.state.units[uid] = type(u)(u.id, u.spec, u.where, u.hex, steps)
        fixed(g, [])
        g.apply(EndPhase())  # the second Action Phase ends: Clean Up
        assert g.state.phase == "clean_up" and g.acting_side() == "soviet"
        opts = {a.value for a in g.legal_actions() if isinstance(a, Choose)}
        assert opts == {"1-708-Inf1+1-708-Inf2", "1-708-Inf2+1-708-Inf1"}  # other battalion: no
        g.apply(Choose("consolidate", "1-708-Inf2+1-708-Inf1"))
        assert g.state.units["1-708-Inf2"].steps == 5 and g.state.units["1-708-Inf1"].where == ELIMINATED
        assert g.state.extra["lost"]["soviet"] == 1
        g.state.extra["prep"] = {c: {} for c in g.state.extra["prep"]}
        g.apply(EndPhase())
        assert g.state.turn == 2 and g.state.phase == "command"


def test_2_2b_bunching_is_a_warning_only():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B10.31")
        put(g, "1-708-Inf2", "B05.31")
        warn = g.rules.bunching(g.state)
        assert len(warn) == 1 and "1-708-Inf2" in warn[0] and "2.2b" in warn[0]
        ev = g.apply(EndPhase())
        assert any(e.kind == "warning" for e in ev)
        assert g.state.units["1-708-Inf2"].hex == H(g, "B05.31")


def test_tcs_13_8_illum_in_twilight_lights_targets_within_2_hexes_until_clean_up():
    with s1() as g:
        to_action_phase(g, "axis")
        g.state.extra["weather"] = "snow"  # twilight 10, snow 5: visibility 5
        put(g, "1-I-262-Inf1", "B16.31")
        put(g, "1-708-Inf1", "B10.31")
        assert not g.rules.sees_hex(g.state, H(g, "B16.31"), H(g, "B10.31"))
        fixed(g, [6, 6])
        g.apply(Call("1-I-262-Inf1", "1-250", H(g, "B11.31"), "illum"))
        assert g.state.extra["ammo"]["axis"]["105mm"]["Illum"] == 1
        assert g.rules.sees_hex(g.state, H(g, "B16.31"), H(g, "B10.31"))
        g.state.turn = 7
        assert g.check(Call("1-I-262-Inf1", "2-250", H(g, "B09.31"), "illum")).rule == "§13.8"  # day


def test_2_4f_divisional_artillery_fires_during_the_prep_and_2_4c_prep_ends_after_0820():
    with s1() as g:
        to_action_phase(g, "soviet")
        g.state.extra["prep"] = g.rules.historical_prep()
        put(g, "708-ArtFO", "B10.33")
        assert g.check(Call("708-ArtFO", "1-162-43", H(g, "B13.33"))) is None  # turn 1, Prep running
        assert set(g.rules.artillery_of("soviet")) == {"1-162-43", "2-162-43", "3-162-43"}  # no Prep battalion
        g.state.turn = 9  # 0840: the Program is over
        fixed(g, [])
        assert [e for e in g.rules.fire_prep(g.state, g.dice) if e.kind == "barrage"] == []


def test_3_1c_spanish_rating_3():
    with s1() as g:
        assert g.rules.rating("axis") == 3 and g.rules.t.ratings["german"] == 2
