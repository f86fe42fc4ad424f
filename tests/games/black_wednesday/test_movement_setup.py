"""Set-up (1.10b, 1.10f, 1.10g, 2.4, 3.1d), movement and modes (TCS-lite §5, §7; 1.2c, 1.2d,
1.5; 1.4a-e wire; §16.6, §16.8 orders and reserves)."""
from __future__ import annotations

from hexwar.core.actions import Choose, EndPhase, Move, Place
from hexwar.core.units import ARRIVING
from hexwar.games.black_wednesday.verbs import Breach, Mode

from .helpers import H, fixed, put, s1, to_action_phase


def test_1_10b_soviets_fill_the_prep_log_before_the_axis_sets_up():
    with s1() as g:
        assert g.state.phase == "prep_log" and g.acting_side() == "soviet"
        assert g.check(Place("1-I-262-Inf1", H(g, "B16.29"))).rule == "2.4"
        g.apply(Choose("prep-122mm_1-0600", "B16.30"))
        assert g.state.extra["prep"]["122mm_1"]["0600"] == "B16.30"
        g.apply(EndPhase())
        assert g.state.phase == "axis_setup" and g.acting_side() == "axis"


def test_2_4_prep_log_is_fixed_once_written_and_katyushas_only_on_logged_turns():
    with s1() as g:
        assert g.check(Choose("prep-katyusha_1-0640", "B16.29")).rule == "2.4g"
        assert g.check(Choose("prep-122mm_5-0600", "B16.29")).rule == "2.4"  # not a Scen. 1 column
        assert g.check(Choose("prep-122mm_1-0600", "B20.20")).rule == "2.4a"  # outside the play area
        g.apply(EndPhase())
        assert g.check(Choose("prep-122mm_1-0600", "B16.29")).rule == "2.4"


def test_PREP_LOG_historical_log_is_the_default():
    with s1() as g:
        prep = g.state.extra["prep"]
        assert set(prep) == {"katyusha_1", "122mm_1", "122mm_2", "152mm_7"}
        assert prep["katyusha_1"] == {"0600": "B29.30", "0620": "B36.30", "0820": "B45.30"}
        assert prep["152mm_7"]["0720"] == "B16.30" and len(prep["122mm_2"]) == 8


def test_1_10f_axis_set_up_areas_and_wire():
    with s1() as g:
        g.apply(EndPhase())
        assert g.check(Place("1-I-262-Inf1", H(g, "B16.29"))) is None
        # it can cover the trenches: first (BW-S1)
        assert g.check(Place("1-I-262-Inf1", H(g, "B21.32"))).rule == "1.10f"
        assert g.check(Place("3-I-262-Inf1", H(g, "B21.32"))) is None
        assert g.check(Place("1-I-262-Inf1", H(g, "B14.29"))).rule == "1.10f"  # wire
        assert g.check(EndPhase()).rule == "1.10a"


def test_3_1d_axis_set_up_dug_in_including_reserves():
    with s1() as g:
        g.apply(EndPhase())
        g.apply(Place("Ski-Inf1", H(g, "B16.29")))
        assert "Ski-Inf1" in g.state.extra["dug"] and "Ski-Inf1" in g.state.extra["reserve"]


def test_1_10g_soviet_units_enter_from_the_north_edge_of_the_play_area():
    with s1() as g:
        to_action_phase(g, "soviet")
        assert g.state.units["1-708-Inf1"].where == ARRIVING
        assert g.check(Move("1-708-Inf1", (H(g, "B02.30"),))).rule == "1.10g"
        assert g.check(Move("1-708-Inf1", (H(g, "B01.20"),))).rule == "1.10g"  # west of the railway
        assert g.check(Move("1-708-Inf1", (H(g, "B01.30"), H(g, "B02.30")))) is None
        g.apply(Move("1-708-Inf1", (H(g, "B01.30"), H(g, "B02.30"))))
        assert g.state.extra["mode"]["1-708-Inf1"] == "move"


def test_tcs_5_changing_to_move_mode_costs_half_the_ma():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B05.31", mode="fire")
        put(g, "1-708-Inf2", "B05.33", mode="move")
        far1 = max(abs(h.row - 5) for h in g.rules.reach(g.state, "1-708-Inf1"))
        far2 = max(abs(h.row - 5) for h in g.rules.reach(g.state, "1-708-Inf2"))
        assert (far1, far2) == (2, 4)


def test_tcs_7_1_minimum_move_and_1_2c_tank_crosses_the_embankment_with_its_whole_ma():
    with s1() as g:
        r = g.rules
        assert r.ter.step_cost(H(g, "B05.29"), H(g, "B05.28"), "foot", 4) == 2  # foot +1 across
        assert r.ter.step_cost(H(g, "B05.28"), H(g, "B06.28"), "foot", 4) == 1  # along the line
        assert r.ter.step_cost(H(g, "B05.29"), H(g, "B05.28"), "tracked", 16) == 16
        assert r.ter.step_cost(H(g, "B05.29"), H(g, "B05.28"), "wheeled", 8) is None  # trucks never
        to_action_phase(g, "soviet")
        put(g, "1ITB-T341", "B05.29", mode="move")
        reach = r.reach(g.state, "1ITB-T341")
        assert H(g, "B05.28") in reach and H(g, "B06.28") not in reach


def test_1_2d_at_most_two_vehicles_in_an_embankment_hex():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1ITB-T341", "B05.28", mode="move")
        put(g, "1ITB-T342", "B05.28", mode="move")
        put(g, "1ITB-T343", "B05.29", mode="move")
        assert H(g, "B05.28") not in g.rules.reach(g.state, "1ITB-T343")


def test_1_2d_a_third_vehicle_is_refused_citing_1_2d():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1ITB-T341", "B05.28", mode="move")
        put(g, "1ITB-T342", "B05.28", mode="move")
        put(g, "1ITB-T343", "B05.29", mode="move")
        why = g.check(Move("1ITB-T343", (H(g, "B05.28"),)))
        assert why is not None and why.rule == "1.2d" and "two vehicles" in why.reason
        assert g.rules.why_not_reach(g.state, "1ITB-T343", H(g, "B05.28")).rule == "1.2d"
        put(g, "1-708-Inf1", "B05.29", mode="move")  # non-vehicles are not further limited
        assert g.check(Move("1-708-Inf1", (H(g, "B05.28"),))) is None


def test_1_5_at_ditch_costs_vehicles_only():
    with s1() as g:
        t = g.rules.ter
        a, b = H(g, "B13.29"), H(g, "B14.29")
        assert t.step_cost(a, b, "foot", 4) == 1 and t.step_cost(a, b, "tracked", 16) == 2
        assert t.step_cost(a, b, "wheeled", 8) == 4


def test_1_4a_unbreached_wire_cannot_be_entered_by_moving():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B13.30", mode="move")
        why = g.check(Move("1-708-Inf1", (H(g, "B14.30"),)))
        assert why.rule == "1.4a"


def test_1_4b_breach_partial_then_full_and_1_4c_permanent():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B13.30", mode="fire")
        put(g, "1-708-MG", "B13.31", mode="fire")
        g.state.extra["adj_wire"] = frozenset({"1-708-Inf1", "1-708-MG"})
        assert g.check(Breach("1-708-MG", H(g, "B14.30"))).rule == "1.4b"  # Decision 59
        assert g.check(Breach("1-708-Inf2", H(g, "B14.30"))) is not None
        fixed(g, [])
        g.apply(Breach("1-708-Inf1", H(g, "B14.30")))  # step C: partial, back to B13.30
        assert g.state.extra["wire"][H(g, "B14.30")] == 1
        assert g.state.units["1-708-Inf1"].hex == H(g, "B13.30")
        assert g.check(Move("1-708-Inf1", (H(g, "B14.30"),))).rule in ("1.4a", "§3.4")
        g.state.extra["acted"] = frozenset()
        assert g.check(Breach("1-708-Inf1", H(g, "B14.30"))).rule == "1.4b"  # D: a later turn, not this phase
        g.state.turn += 1
        to_action_phase(g, "soviet")  # the next turn's Soviet Action Phase
        g.state.extra["adj_wire"] = frozenset({"1-708-Inf1"})
        g.apply(Breach("1-708-Inf1", H(g, "B14.30")))  # step D: full, stays
        assert g.state.extra["wire"][H(g, "B14.30")] == 2
        assert g.state.units["1-708-Inf1"].hex == H(g, "B14.30")
        g.state.extra["acted"] = frozenset()
        put(g, "1-708-Inf2", "B13.30", mode="move")
        assert g.check(Move("1-708-Inf2", (H(g, "B14.30"),))) is None  # 1.4a: fully breached is open
        assert g.check(Breach("1-708-Inf2", H(g, "B14.30"))).rule in ("1.4b",)  # nothing left, never reverts


def test_1_4b_breacher_must_begin_the_phase_next_to_the_wire():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B13.30", mode="move")
        why = g.check(Breach("1-708-Inf1", H(g, "B14.30")))
        assert why.rule == "1.4b" and "began" in why.reason or "begin" in why.reason


def test_tcs_16_6_attack_order_may_not_move_away_from_its_objective():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B08.30", mode="move")
        assert g.check(Move("1-708-Inf1", (H(g, "B07.30"), H(g, "B06.30")))).rule == "§16.6"
        assert g.check(Move("1-708-Inf1", (H(g, "B09.30"), H(g, "B10.30")))) is None


def test_tcs_16_8_reserves_do_not_move():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "Ski-Inf1", "B18.31", mode="fire")
        g.state.extra["reserve"] = frozenset({"Ski-Inf1"})
        assert g.check(Move("Ski-Inf1", (H(g, "B19.31"),))).rule == "§16.8"
        assert g.check(Mode("Ski-Inf1", "move")).rule == "§16.8"


def test_tcs_16_6_prepared_defense_stays_within_3_of_its_trenches():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "3-I-262-Inf1", "B20.31", mode="move")
        assert g.check(Move("3-I-262-Inf1", (H(g, "B21.31"),))).rule == "§16.6"
        assert g.check(Move("3-I-262-Inf1", (H(g, "B19.31"),))) is None


def test_tcs_3_4_a_unit_acts_once_per_phase():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B05.31", mode="move")
        g.apply(Move("1-708-Inf1", (H(g, "B06.31"),)))
        assert g.check(Move("1-708-Inf1", (H(g, "B07.31"),))).rule == "§3.4"
        assert g.check(Mode("1-708-Inf1", "fire")) is None  # the free change at the end of its move


def test_SCEN_1_axis_reinforcement_enters_at_the_train_station_at_0900():
    with s1() as g:
        to_action_phase(g, "axis")
        u = g.state.units["3-Recon-Inf1"]
        assert u.where == ARRIVING and u.arrives == 10  # 0900 is the tenth turn
        g.state.turn = 10
        assert g.check(Move("3-Recon-Inf1", (H(g, "B01.30"),))).rule == "SCEN-1"
        assert g.check(Move("3-Recon-Inf1", (H(g, "B44.28"),))) is None
        g.state.turn = 9
        assert g.check(Move("3-Recon-Inf1", (H(g, "B44.28"),))).rule == "§17"


def test_2_4_prep_log_boxes_are_opened_one_at_a_time_in_the_legal_actions():
    with s1() as g:
        acts = g.legal_actions()
        boxes = [a for a in acts if isinstance(a, Choose) and a.what == "prep-box"]
        assert len(boxes) == 3 + 8 + 8 + 8 and EndPhase() in acts
        g.apply(Choose("prep-box", "152mm_7-0720"))
        acts = g.legal_actions()
        assert EndPhase() not in acts and Choose("prep-box", "none") in acts
        assert all(a.what == "prep-152mm_7-0720" for a in acts[:-1]) and len(acts) == len(g.rules.area)
        g.apply(Choose("prep-152mm_7-0720", "B17.30"))
        assert g.state.extra["prep"]["152mm_7"]["0720"] == "B17.30" and EndPhase() in g.legal_actions()


def test_tcs_decision_40_half_ma_for_a_mode_change_rounds_up():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "3-Recon-Inf1", "B40.30", mode="fire")  # MA 5
        assert g.rules.mp_of(g.state, "3-Recon-Inf1") == (2, 5)
        put(g, "3-Recon-Inf1", "B40.30", mode="move")
        assert g.rules.mp_of(g.state, "3-Recon-Inf1") == (5.0, 5)


def test_1_7_no_minefields_a_breach_draws_no_mine_attack():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B13.30", mode="move")
        g.state.extra["adj_wire"] = frozenset({"1-708-Inf1"})
        fixed(g, [])  # no Axis unit to fire overwatch, and no mine attack: no die at all
        g.apply(Breach("1-708-Inf1", H(g, "B14.30")))
        assert g.dice.rolls_made == 0 and g.state.extra["wire"][H(g, "B14.30")] == 1
