"""Kasserine Pass walked through by a newcomer in the real client, by clicks and keys only: the
menu, the German arrivals brought on from the tray at the east edge and moved into contact, the
attack on Sidi Bou Zid's stack with its odds and two-dice chances, the defender's artillery step
after a hand-over, the roll, the Allied retreat chosen by the Allied player (hand-over), the Allied
movement, then save, leave to the menu and Continue. Screenshots with HEXWAR_WALKTHROUGH_IMAGES set
(tests/ui/walkthrough.py)."""
from __future__ import annotations

import pygame

from hexwar.core.hexgrid import parse_hex

from .walkthrough import Walk, opening_at_1920

GAME = "kasserine-pass"
SEED = 2  # the attack on 1919 rolls 6 + 6: D BACK 1, the Allied stack retreats one hex
TARGET = parse_hex("1919")


def test_kasserine_pass_walkthrough():
    w = Walk(GAME, SEED)
    try:
        walk(w)
    finally:
        w.close()
    opening_at_1920(GAME, SEED, 6)


def tray_counter(w: Walk, uid: str):
    return next(i for i in w.game_scene.panel.context.tray if i.unit["id"] == uid)


def walk(w: Walk) -> None:
    w.choose_game()
    w.sees("Kasserine Pass", "Start a new game")
    w.start_new()
    assert "Axis player, your turn" in w.handover_log[0]
    # Day 1 opens on the German movement with the day's arrivals in a tray.
    assert w.mode() == "movement", w.mode()
    w.sees("German movement", "Bring on your 41 arriving units", "Click a counter, then a green-framed hex")
    w.shot(1, "arrivals")
    # Two panzer battalions of the 10th Panzer come on at 2119, each then moves to 2019, next to the
    # Allied stack at 1919 (a right click drops the next counter the tray picked by itself).
    ctl = w.ctl
    edge, contact = parse_hex("2119"), parse_hex("2019")
    for uid in ("G10-AR-1", "G10-AR-2"):
        ctl.legal_now()
        w.click(tray_counter(w, uid).rect.center)
        assert ctl.sel == uid
        assert edge in ctl.place_hexes(uid)  # a hatched hex of its entry area
        w.click_at(edge)
        assert w.unit_hex(uid) == edge, w.status()
        w.click(w.game_scene.mv.hex_center(edge), button=3)
        assert ctl.sel is None
        w.click_at(edge)
        if ctl.sel != uid:  # the second battalion: a second click on the stack picks the next unit
            w.click_at(edge)
        assert ctl.sel == uid, w.status()
        ctl.legal_now()
        assert contact in ctl.move_targets(uid)
        w.sees("within reach")
        w.click_at(contact)
        assert w.unit_hex(uid) == contact, w.status()
    w.end_phase()
    # German combat: one cross-hair; a click on the stack at 2019 takes both battalions.
    assert w.mode() == "combat-declare", w.mode()
    w.sees("German combat", "Declare attacks", "1 enemy hex(es) can be attacked", "German victory points: 0 of 10")
    ctl.legal_now()
    w.click_at(TARGET)
    w.click_at(contact)
    assert sorted(ctl.attackers) == ["G10-AR-1", "G10-AR-2"], w.status()
    assert ctl.odds().figure == "1-2"
    w.sees("Odds 4 to 5: 1-2", "A ELIM 39%")  # the odds made line by line, each result's chance
    w.wheel_panel(4)  # the rest of the chances are "more below"
    w.sees("A BACK 3", "44%", "D BACK 1")
    w.shot(2, "battle-odds")
    w.press("declare")
    w.sees("1 battle(s) declared")
    # Ending the step hands the screen to the Allied player for the defensive artillery.
    w.key(pygame.K_e)
    said = w.handovers()
    assert said and "Allied player, a decision for you" in said[0], said  # an answer, not a turn
    assert w.ctl.acting() == "allied"
    # The Allied player is told to answer, not to declare (the German declarations are closed).
    said = w.sees("Defensive artillery", "End phase", "end the step (E)")
    assert "Declare more" not in said and "Close declarations" not in said, said
    w.shot(3, "allied-artillery")
    w.end_phase()
    said = w.handovers()
    assert said and "Axis player" in said[0], said
    assert w.mode() == "combat-resolve", w.mode()
    w.sees("Resolve the attacks", "Resolve 1919: G10-AR-1, G10-AR-2 (1-2)")
    w.handover_log.clear()
    w.click_at(TARGET)
    steps = w.fight_out(shots={"die": (4, "dice"), "stage:retreat": (5, "allied-retreat")})
    kinds = [s.split(": ")[0] for s in steps]
    assert kinds[:3] == ["confirm", "die", "stage:retreat"], kinds
    assert "Roll for the battle at 1919? 1-2; most likely A BACK 3 (44%)" in steps[0]
    assert "Rolled 6+6 = 12: D BACK 1 the defenders retreat one hex" in steps[1]  # the result in words
    # The defender chooses the retreat of each of his units, after a hand-over, each path with its cost.
    assert any("Allied player, a decision for you" in h for h in w.handover_log), w.handover_log
    assert "no loss: ends at 1818" in steps[2]
    assert "stage:advance" in kinds
    assert all(w.unit_hex(u) != TARGET for u in ("CCA-AI", "CCA-AR", "US168-INF-1"))
    # The rest of the day: the Allied movement after its hand-over; one Allied unit moves.
    w.handover_log.clear()
    w.end_phases_until(lambda: w.ctl.acting() == "allied" and w.mode() == "movement")
    assert any("Allied player, your turn" in h for h in w.handover_log), w.handover_log
    w.sees("Allied movement")
    w.move_one()
    w.end_phases_until(lambda: w.ctl.acting() == "axis")
    w.sees("Turn 2")
    # Save, leave to the menu, Continue: the same position.
    w.save_leave_continue()
    w.sees("Turn 2")
