"""Armour under artillery (TCS-lite §8.4, Decision 35; variant 4.7 Dora) and the words of an
area fire on vehicles (2.3e, §8.4, Decision 34) and of a move that ends under fire (§12.4)."""
from __future__ import annotations

from hexwar.core.actions import Move
from hexwar.core.dice import FixedDice
from hexwar.core.units import ELIMINATED

from .helpers import H, fixed, open_local, put, s1, to_action_phase

TANK = "1ITB-T341"  # T-34: Defense 4


def _marker(g, hid, fp):
    """A Soviet barrage marker of ``fp`` on one hex (markers hit every unit that enters)."""
    g.state.extra["barrage"] = (("soviet", (H(g, hid),), fp),)
    g.state.extra["orders"] = {}  # unassigned, no enemy on the map: no order limit on the move


def test_4_7_dora_gives_a_tank_under_the_shell_its_at_roll_at_attack_8_decision_35():
    g = open_local("s1-turning-the-left", options={"dora": True})
    from hexwar.core.hexgrid import use_hex_ids
    with use_hex_ids(g.rules.ids):
        st = g.state
        st.extra["dora"] = ((7 * 60, "B13.30"),)
        st.turn = 4  # 0700
        put(g, TANK, "B13.30")
        # scatter 0 hexes; 151 = column 12 + 4: roll 2 reads 6, four steps; AT roll 4
        # against 7 + 4 (Defense) - 8 (Dora) + 0 (open) = 3: killed (attack 2 would need 9)
        ev = g.rules.fire_dora(st, FixedDice([4, 1, 1, 1, 2, 2]))
        at = [e for e in ev if e.kind == "at_roll"]
        assert len(at) == 1 and at[0].data["need"] == 3
        assert st.units[TANK].where == ELIMINATED


def test_decision_35_a_tank_entering_a_barrage_marker_gets_an_at_roll():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, TANK, "B05.31", mode="move")
        _marker(g, "B06.31", 40)  # 20-47: AT attack 1, need 7 + 4 - 1 = 10
        fixed(g, [6, 6, 5, 5])  # column 11, roll 12: 4 steps; AT roll 10: killed
        ev = g.apply(Move(TANK, (H(g, "B06.31"),)))
        at = [e for e in ev if e.kind == "at_roll"]
        assert len(at) == 1 and at[0].data["need"] == 10
        assert g.state.units[TANK].where == ELIMINATED


def test_tcs_8_4_a_hex_of_tanks_alone_cites_8_4_not_2_3e_and_promises_no_morale_check():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, TANK, "B05.31", mode="move")
        _marker(g, "B06.31", 40)
        fixed(g, [6, 6, 1, 1])  # 4 steps; AT roll 2: survives
        ev = g.apply(Move(TANK, (H(g, "B06.31"),)))
        fire = next(e for e in ev if e.kind == "fire")
        assert "morale check" not in fire.text and "vehicles check no morale" in fire.text
        loss = next(e for e in ev if e.kind == "losses")
        assert "2.3e" not in loss.text and "§8.4" in loss.text
        assert not any(e.kind == "morale" for e in ev)


def test_2_3e_is_cited_when_the_hex_holds_fos():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "708-ArtFO", "B05.31")
        put(g, TANK, "B05.31")
        lost, ev = g.rules.take_steps(g.state, H(g, "B05.31"), 2)
        assert lost == 0 and "2.3e" in ev[0].text and "§8.4" in ev[0].text


def test_tcs_12_4_a_unit_eliminated_on_its_way_is_not_said_to_stop():
    with s1() as g:
        to_action_phase(g, "soviet")
        put(g, "1-708-Inf1", "B05.31", mode="move")
        u = g.state.units["1-708-Inf1"]
        g.state.units[u.id] = type(u)(u.id, u.spec, u.where, u.hex, 1)  # one step left
        _marker(g, "B06.31", 40)
        fixed(g, [6, 6])  # 4 steps to lose: it is eliminated by the first
        ev = g.apply(Move("1-708-Inf1", (H(g, "B06.31"), H(g, "B07.31"))))
        assert g.state.units["1-708-Inf1"].where == ELIMINATED
        assert not any("stops" in e.text for e in ev)


def test_tcs_12_4_a_unit_suppressed_on_its_way_stops_and_says_why():
    with s1() as g:
        to_action_phase(g, "soviet")
        g.state.extra["commissars"] = "off"
        put(g, "1-708-Inf1", "B05.31", mode="move")
        _marker(g, "B06.31", 10)  # column 6, Move Mode +1: roll 4 is a morale check
        fixed(g, [1, 3, 4, 4])  # MM 5, roll 8: S
        ev = g.apply(Move("1-708-Inf1", (H(g, "B06.31"), H(g, "B07.31"))))
        assert g.state.units["1-708-Inf1"].hex == H(g, "B06.31")
        stop = [e.text for e in ev if "stops" in e.text]
        assert stop == ["1-708-Inf1 stops: it is Suppressed (§12.4)"]
