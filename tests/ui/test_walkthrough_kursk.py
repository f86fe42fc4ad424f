"""Battle for Kursk walked through by a newcomer in the real client, by clicks and keys only: the
menu, both postures chosen in secret behind hand-overs (each option says which phases it opens),
the German turn (replacements, armor movement, a battle with its odds, the roll, the retreat), the
Russian turn after its hand-over, then save, leave to the menu and Continue. Screenshots with
HEXWAR_WALKTHROUGH_IMAGES set (tests/ui/walkthrough.py)."""
from __future__ import annotations

from hexwar.core.hexgrid import parse_hex

from .walkthrough import Walk, opening_at_1920

GAME = "battle-for-kursk"
SEED = 5  # the battle at 2008 rolls a 4: EX, the attacker chooses the steps it loses
TARGET = parse_hex("2008")


def test_battle_for_kursk_walkthrough():
    w = Walk(GAME, SEED)
    try:
        walk(w)
    finally:
        w.close()
    opening_at_1920(GAME, SEED, 6)


def walk(w: Walk) -> None:
    w.choose_game()
    w.sees("Battle for Kursk", "Start a new game")
    w.start_new()
    assert "German player, your turn" in w.handover_log[0]
    # Turn A: each side chooses its posture in secret; every option says what it opens.
    assert w.mode() == "choice", w.mode()
    # All four fit at 1280x800; what each opens is in its tooltip (pointing at it).
    w.sees("Posture selection", "Pause: replacements only", "Reposition", "Deploy", "Engage", "Victory points")
    w.hover(w.button("choose-posture-pause").rect.center)
    w.game_scene.hover_for = w.game_scene.TOOLTIP_S  # as after resting the pointer there
    w.sees("phases this turn: replacement")
    w.shot(1, "posture")
    w.press("choose-posture-engage")
    said = w.handovers()
    assert said and "Russian player, your turn" in said[0] and "stays hidden" in said[0], said
    w.press("choose-posture-deploy")
    said = w.handovers()
    assert said and "Postures revealed: German engage, Russian deploy" in said[0], said
    # The German turn: replacements, armor and rail movement, then combat.
    w.sees("German replacement")
    w.end_phases_until(lambda: w.mode() == "combat-declare")
    w.sees("German combat", "can be attacked")
    fig = w.build_battle(TARGET, ["G-LIII", "G-LV"])
    assert fig == "3:1"
    w.sees("Defender retreats", "50%")
    w.shot(2, "battle-odds")
    w.press("declare")
    w.end_phase()  # closes the declarations
    assert w.mode() == "combat-resolve", w.status()
    w.click_at(TARGET)
    steps = w.fight_out(shots={"die": (3, "die"), "stage:exchange_loss": (4, "exchange-loss")})
    kinds = [s.split(": ")[0] for s in steps]
    assert kinds == ["stage:roll", "die", "stage:exchange_loss", "stage:exchange_loss", "stage:advance"], kinds
    roll, die, loss1, loss2, _advance = steps
    # At 1280x800 the odds block is compact: every result on a line, the column framed, how the
    # figure is made (the defender out of communication) in the tooltip of "how: … lines ▸".
    assert "Odds: 3:1" in roll and "how: " in roll and "DR 50%" in roll and "EX" in roll
    assert "▼ odds 3:1" in roll  # the results table's column is marked
    assert "roll 4: EX" in die
    # The die says the result in words (the engine's own words for it, from the battle's preview).
    assert die.endswith("Rolled 4: EX Exchange: defender loses a step and retreats, attacker loses at least as "
                        "many strength points"), die[-300:]
    # Each unit that may pay says what paying costs it, before the click.
    assert "choose attacking units to lose steps" in loss1
    assert "G-LIII loses a step, flipped to 2-4" in loss1 and "G-LV loses a step" in loss1
    assert "G-LIII is eliminated (no step left)" in loss2
    # The rest of the German turn, then the Russian turn after its hand-over (Deploy: no combat).
    w.handover_log.clear()
    w.end_phases_until(lambda: w.ctl.acting() == "russian")
    assert any("Russian player, your turn" in h for h in w.handover_log), w.handover_log
    w.end_phases_until(lambda: w.mode() == "movement")
    w.sees("Russian")
    w.move_one()
    w.shot(5, "russian-move")
    w.end_phases_until(lambda: w.ctl.phase_name() == "Posture selection")
    w.sees("Turn B")
    # Save, leave to the menu, Continue: the same position.
    w.save_leave_continue()
    w.sees("Turn B", "Posture selection")
