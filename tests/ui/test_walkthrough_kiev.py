"""Objective: Kiev walked through by a newcomer in the real client, by clicks and keys only: the
menu, both set-ups from the tray onto the highlighted hexes, the first turn (the Axis battle with
its odds, the roll and the retreat with what each path costs, a special move, the hand-over, a
Soviet move), then save, leave to the menu and Continue. Screenshots with HEXWAR_WALKTHROUGH_IMAGES
set (tests/ui/walkthrough.py)."""
from __future__ import annotations

from hexwar.core.hexgrid import parse_hex

from .walkthrough import Walk, opening_at_1920

GAME = "objective-kiev"
SEED = 3  # the battle at 0203 rolls a 2: DR, the defender retreats


def test_objective_kiev_walkthrough():
    w = Walk(GAME, SEED)
    try:
        walk(w)
    finally:
        w.close()
    opening_at_1920(GAME, SEED, 6)


def walk(w: Walk) -> None:
    w.choose_game()
    w.sees("Objective: Kiev", "Start a new game")
    w.start_new()
    assert w.handover_log and "Soviet player, your turn" in w.handover_log[0]
    # The Soviet player sets up first: the panel says what to do, the tray holds the counters.
    assert w.mode() == "setup"
    w.sees("Soviet set-up", "Set-up tray", "Click a counter, then a green-framed hex")
    w.shot(1, "setup")
    placed = w.set_up_by_clicks()
    assert placed >= 26
    assert any("Axis player, your turn" in h for h in w.handover_log[1:])  # the Axis set-up's hand-over

    # Turn 1 opens with the Axis combat phase: targets marked, the victory standing at a glance.
    assert w.mode() == "combat-declare", w.status()
    w.sees("Axis combat", "Turn 1", "can be attacked", "Cities held by the Axis: 2 of 16")
    target = parse_hex("0203")
    assert w.build_battle(target, ["G-III", "G-IV", "G-XIV"]) == "3:1"
    w.sees("Declare", "Defender retreats two hexes", "50%")  # the result chances, line by line
    w.shot(2, "battle-odds")
    w.press("declare")
    w.end_phase()  # closes the declarations
    assert w.mode() == "combat-resolve", w.status()
    w.click_at(target)
    assert w.mode() == "stage:roll", w.status()
    w.sees("Roll the die", "Roll with IV Fliegerkorps")
    steps = w.fight_out(shots={"die": (3, "die"), "stage:retreat": (4, "retreat")})
    assert [s.split(":")[0] for s in steps] == ["stage", "die", "stage", "stage"], steps
    roll, die, retreat, advance = steps
    assert "Odds: 3:1" in roll and "DR 50%" in roll  # the odds and each result's chance, before the roll
    assert "roll 2: DR" in die
    assert retreat.startswith("stage:retreat") and "choose a retreat path for the defender in 0203" in retreat
    assert "SU-18A loses a step" in retreat  # each path says what it costs before the click
    assert advance.startswith("stage:advance") and "No advance" in advance
    assert w.unit_hex("SU-18A") != target

    # The rest of the Axis turn: a mechanized corps's special move.
    w.end_phase()
    w.sees("Axis special movement")
    w.move_one("G-XIV", prompt="")
    # The hand-over hides the map for the Soviet player.
    w.handover_log.clear()
    w.end_phases_until(lambda: w.ctl.acting() == "soviet")
    assert w.handover_log and "Soviet player, your turn" in w.handover_log[0]
    w.end_phases_until(lambda: w.mode() == "movement")
    w.sees("Soviet movement")
    w.move_one()
    w.shot(5, "soviet-move")
    w.end_phases_until(lambda: w.ctl.acting() == "axis")
    assert "Axis player, your turn" in w.handover_log[-1]
    w.sees("Turn 2")

    # Save, leave to the menu, Continue: the same position, the same phase on the screen.
    w.save_leave_continue()
    w.sees("Turn 2", "Axis build-up")
