"""Fire, spotting, LOS and morale (TCS-lite §6, §8-§12) with the module cases 1.1a, 1.2a,
1.2b, 1.3a-d, 1.6, 1.12, 2.2a, 2.3e."""
from __future__ import annotations

from hexwar.core.actions import Attack, Move
from hexwar.core.hexgrid import distance
from hexwar.core.units import ELIMINATED
from hexwar.games.black_wednesday.combat import ASSAULT, OVERWATCH, SFA
from hexwar.games.black_wednesday.verbs import Assault, PointFire

from .helpers import H, apply_default, fixed, put, s1, to_action_phase


def shifts(g, hid, kind=SFA, defender=True):
    return dict(g.rules.area_shifts(g.state, H(g, hid), kind, defender))


def test_1_3a_trench_minus_2_on_top_of_protective_and_dug_in():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B16.29", dug=True)
        s = shifts(g, "B16.29")
        assert s == {"terrain protective": -2, "trench (1.3a)": -2, "Dug In": -1}
        # assault-style combat: the trench helps the defender only
        assert "trench (1.3a)" not in shifts(g, "B16.29", ASSAULT, defender=False)


def test_1_6_el_bastion_minus_4_instead_of_minus_2():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B32.06")
        s = shifts(g, "B32.06")
        assert s["El Bastion (1.6)"] == -4 and "trench (1.3a)" not in s


def test_1_3b_vehicles_open_for_fire_protective_for_at_rolls():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1ITB-T341", "B16.29", mode="move")
        s = shifts(g, "B16.29")
        assert "trench (1.3a)" not in s and "terrain protective" not in s
        fixed(g, [3, 4])  # AT roll 7 vs need 7 + 4 (Defense) - 6 (AT 75) + 2 (protective) = 7
        ev = g.rules.at_roll(g.state, g.dice, "1ITB-T341", 6)
        assert ev[-1].kind == "eliminated" and "need 7" in ev[-2].text


def test_tcs_8_5_sfa_checks_morale_two_columns_worse_and_1_12_assault_doubles_printed_morale():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B05.31")
        put(g, "708-SMG1", "B05.32")
        r = g.rules
        assert r.mm(g.state, "1-708-Inf1", SFA) == r.mm(g.state, "1-708-Inf1", OVERWATCH) + 2 == 7
        assert r.mm(g.state, "1-708-Inf1", ASSAULT) == 10  # printed 5 doubled (Decision 6)
        assert r.mm(g.state, "708-SMG1", ASSAULT) == 5  # 1.12: assault-trained, not doubled


def test_2_3e_fos_never_lose_steps_to_area_fire():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "708-ArtFO", "B05.31")
        lost, ev = g.rules.take_steps(g.state, H(g, "B05.31"), 2)
        assert lost == 0 and g.state.units["708-ArtFO"].steps == 1 and "2.3e" in ev[0].text


def test_2_2a_commissars_cancel_an_s_with_an_extra_step():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B05.31")
        fixed(g, [4, 4])  # MM 5, roll 8: S
        ev, extra, res = g.rules.morale_check(g.state, g.dice, H(g, "B05.31"), OVERWATCH)
        assert res == "-" and extra == 1 and g.state.units["1-708-Inf1"].steps == 4
        assert "1-708-Inf1" not in g.state.extra.get("status", {})
        assert any(e.kind == "commissar" for e in ev)
        fixed(g, [4, 4])  # once per phase: the second S stands
        ev, extra, res = g.rules.morale_check(g.state, g.dice, H(g, "B05.31"), OVERWATCH)
        assert res == "S" and g.state.extra["status"]["1-708-Inf1"] == "S"


def test_1_3d_trench_units_take_p_instead_of_syr():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B16.29")
        g.state.extra["bn"] = {"I-262": 5}
        u = g.state.units["1-I-262-Inf1"]
        g.state.units[u.id] = type(u)(u.id, u.spec, u.where, u.hex, 2)  # 3 steps lost: MM 3+3+5 = 11
        fixed(g, [4, 4])  # roll 8 at column 11: SYR
        ev, _, res = g.rules.morale_check(g.state, g.dice, H(g, "B16.29"), OVERWATCH)
        assert res == "SYR" and g.state.extra["status"]["1-I-262-Inf1"] == "P"
        assert g.state.units["1-I-262-Inf1"].hex == H(g, "B16.29")


def test_tcs_12_5_syr_outside_a_trench_retreats_two_hexes_then_paralyzed():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B20.33")
        put(g, "1-708-Inf1", "B19.33")
        g.state.extra["bn"] = {"I-262": 5}
        u = g.state.units["1-I-262-Inf1"]
        g.state.units[u.id] = type(u)(u.id, u.spec, u.where, u.hex, 2)
        fixed(g, [4, 4, 1, 1])  # SYR, then SYR table 2 + 11 = 13: retreat, then P
        g.rules.morale_check(g.state, g.dice, H(g, "B20.33"), OVERWATCH)
        nu = g.state.units["1-I-262-Inf1"]
        assert distance(nu.hex, H(g, "B19.33")) == 3 and g.state.extra["status"][u.id] == "P"


def test_tcs_8_2_sfa_end_to_end_with_steps_and_morale():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-MG", "B10.31")
        put(g, "1-I-262-Inf1", "B13.31", mode="move")
        fixed(g, [6, 6, 1, 1])  # MG fp 4 (range 3 of 8): column 4 +1 Move Mode; roll 12: 3 steps; morale 2
        assert g.check(Attack(H(g, "B13.31"), ("1-708-MG",))) is None
        ev = g.apply(Attack(H(g, "B13.31"), ("1-708-MG",)))
        fire = [e for e in ev if e.kind == "fire"][0]
        assert fire.data["column"] == 4 and fire.data["result"] == "3"
        assert g.state.units["1-I-262-Inf1"].steps == 2
        assert "1-708-MG" in g.state.extra["acted"] and "1-708-MG" in g.state.extra["fired"]


def test_tcs_16_7_reserves_fire_no_sfa():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "Ski-Inf1", "B12.31")
        put(g, "1-708-Inf1", "B11.31", mode="move")
        g.state.extra["reserve"] = frozenset({"Ski-Inf1"})
        assert g.check(Attack(H(g, "B11.31"), ("Ski-Inf1",))).rule == "§16.7"


def test_1_1a_forest_blocks_los_and_1_2a_embankment_blocks_at_80m():
    with s1() as g:
        r = g.rules
        assert r.ter.line(H(g, "B10.26"), H(g, "B10.30"))[0]  # across the embankment at 60 m
        assert not r.ter.line(H(g, "B10.28"), H(g, "B10.32"))[0]  # from its top (80 m) one sees
        a, b = H(g, "B18.29"), H(g, "B22.29")
        assert r.ter.line(a, b)[0]  # the forest between
        assert r.sees_hex(g.state, H(g, "B19.29"), H(g, "B20.29"))  # adjacent always


def test_1_2b_vehicle_on_the_embankment_is_spotted_as_moving():
    with s1() as g:
        to_action_phase(g, "axis")
        g.state.turn = 7  # 0800: day, visibility 30
        r = g.rules
        obs = H(g, "B13.34")
        assert distance(obs, H(g, "B05.28")) == 11 and r.sees_hex(g.state, obs, H(g, "B05.28"))
        put(g, "1ITB-T341", "B05.28", mode="fire")
        assert r.spots(g.state, obs, g.state.units["1ITB-T341"])  # open 10, doubled on the embankment
        put(g, "1ITB-T341", "B02.34", mode="fire")  # the same distance, open ground, not moving
        assert distance(obs, H(g, "B02.34")) == 11
        assert not r.spots(g.state, obs, g.state.units["1ITB-T341"])


def test_1_3c_trench_to_trench_movement_is_spotted_only_next_door():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "1-I-262-Inf1", "B15.30", mode="move")
        put(g, "1-708-Inf1", "B12.31")
        g.apply(Move("1-I-262-Inf1", (H(g, "B15.31"),)))
        assert "1-I-262-Inf1" in g.state.extra["t2t"]
        assert not g.rules.spots(g.state, H(g, "B12.31"), g.state.units["1-I-262-Inf1"])
        assert g.rules.spots(g.state, H(g, "B14.31"), g.state.units["1-I-262-Inf1"])


def test_tcs_10_overwatch_fires_at_a_mover_and_marked_stacks_need_5_6():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-MG", "B12.31")
        put(g, "1-708-Inf1", "B08.31", mode="move")
        fixed(g, [1, 1, 4])  # overwatch at B09.31 misses; at B10.31 the marked MG rolls 4: no fire
        ev = apply_default(g, Move("1-708-Inf1", (H(g, "B09.31"), H(g, "B10.31"))))  # the MG fires
        assert [e.kind for e in ev].count("overwatch") == 1 and g.dice.rolls_made == 3
        assert g.state.units["1-708-Inf1"].hex == H(g, "B10.31")


def test_tcs_9_point_fire_hits_then_at_roll():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "14-262-AT751", "B16.32")
        put(g, "1ITB-T341", "B13.32", mode="move")
        # range 3 of 10: need 6; +1 moving; roll 5+1 = 6 hits; AT need 7+4-6+0 = 5, roll 5 kills
        fixed(g, [2, 3, 2, 3])
        assert g.check(PointFire("14-262-AT751", "1ITB-T341")) is None
        g.apply(PointFire("14-262-AT751", "1ITB-T341"))
        assert g.state.units["1ITB-T341"].where == ELIMINATED
        assert g.state.extra["lost"]["soviet"] == 1


def test_tcs_11_1_assault_succeeds_when_the_defence_breaks_1_12_smg_not_doubled():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "708-SMG1", "B09.31", mode="move")
        # defender fire -, attacker fire -, attacker morale (SMG MM 5) -, defender MM 6 roll 12: P
        fixed(g, [1, 1, 1, 1, 1, 1, 6, 6])
        assert g.check(Assault(H(g, "B10.31"), ("708-SMG1",))) is None
        ev = apply_default(g, Assault(H(g, "B10.31"), ("708-SMG1",)))  # retreat end, advance
        assert g.state.units["708-SMG1"].hex == H(g, "B10.31"), [e.text for e in ev]
        assert distance(g.state.units["1-I-262-Inf1"].hex, H(g, "B10.31")) == 2


def test_tcs_11_1_attacker_suppressed_fails_the_assault():
    with s1() as g:
        to_action_phase(g, "soviet")
        g.state.extra["commissars"] = "off"
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "1-708-Inf1", "B09.31", mode="move")
        fixed(g, [1, 1, 1, 1, 3, 3, 6, 6])  # attacker MM 10 roll 6: P -> fails
        ev = g.apply(Assault(H(g, "B10.31"), ("1-708-Inf1",)))
        assert g.state.units["1-708-Inf1"].hex == H(g, "B09.31")
        assert "fails" in ev[-1].text


def test_2_3e_fos_never_assault_and_weapons_units_do_not_either():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B10.31")
        put(g, "708-ArtFO", "B09.31", mode="move")
        put(g, "1-708-MG", "B09.32", mode="move")
        assert g.check(Assault(H(g, "B10.31"), ("708-ArtFO",))).rule == "2.3e"
        assert g.check(Assault(H(g, "B10.31"), ("1-708-MG",))).rule == "§11.1"


def test_2_2a_commissars_are_the_soviet_players_standing_choice():
    from hexwar.core.actions import Choose

    with s1() as g:
        to_action_phase(g, "soviet")
        assert Choose("commissars", "off") in g.legal_actions()
        g.apply(Choose("commissars", "off"))
        put(g, "1-708-Inf1", "B05.31")
        fixed(g, [4, 4])
        _, extra, res = g.rules.morale_check(g.state, g.dice, H(g, "B05.31"), OVERWATCH)
        assert res == "S" and extra == 0 and g.state.units["1-708-Inf1"].steps == 5
        to_action_phase(g, "axis")
        assert g.check(Choose("commissars", "on")).rule == "2.2a"


def test_1_3d_the_trench_choice_may_keep_syr():
    from hexwar.core.actions import Choose

    with s1() as g:
        to_action_phase(g, "axis")
        g.apply(Choose("trench_syr", "syr"))
        put(g, "1-I-262-Inf1", "B16.29")
        put(g, "1-708-Inf1", "B13.29")
        g.state.extra["bn"] = {"I-262": 5}
        u = g.state.units["1-I-262-Inf1"]
        g.state.units[u.id] = type(u)(u.id, u.spec, u.where, u.hex, 2)
        fixed(g, [4, 4, 1, 1])  # SYR kept: SYR table 13, retreat then P
        g.rules.morale_check(g.state, g.dice, H(g, "B16.29"), OVERWATCH)
        assert g.state.units["1-I-262-Inf1"].hex != H(g, "B16.29")


def test_2_2d_82mm_mortars_spot_for_themselves_only_2_3d_120mm_by_the_mortar_fo():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-I-262-Inf1", "B16.31")  # trench: spotted from 2 hexes
        put(g, "1-708-Mtr", "B06.31")
        put(g, "1-708-Inf1", "B14.31")  # spots the target, but is not the 82 mm's spotter
        put(g, "708-Mtr120", "B06.33")
        assert g.check(Attack(H(g, "B16.31"), ("1-708-Mtr",))).rule == "§6.1"
        assert g.check(Attack(H(g, "B16.31"), ("708-Mtr120",))).rule == "§6.1"
        put(g, "708-MtrFO", "B14.32")
        assert g.check(Attack(H(g, "B16.31"), ("708-Mtr120",))) is None


def test_2_5a_soviet_companies_act_as_platoons_and_mortar_companies_weaken_after_3_steps():
    with s1() as g:
        r = g.rules
        to_action_phase(g, "soviet")
        for uid, hid in (("1-708-MG", "B05.31"), ("1-708-Mtr", "B05.32")):
            put(g, uid, hid)
        def fp(uid, steps):
            u = g.state.units[uid]
            g.state.units[uid] = type(u)(u.id, u.spec, u.where, u.hex, steps)
            return r.firepower(g.state, [g.state.units[uid]], 1)
        assert r.spec("1-708-MG").steps == 5 and fp("1-708-MG", 1) == 4  # MG company: never weaker
        assert fp("1-708-Mtr", 3) == 3 and fp("1-708-Mtr", 2) == 1.5  # mortar company: after its 3rd step


def test_1_11a_towed_guns_move_8_foot_mp():
    with s1() as g:
        s = g.rules.spec("708-IG1")
        assert (s.ma, s.move_class, s.tow) == (8, "foot", True)
