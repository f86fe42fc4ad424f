"""dice.roll_dice: several dice in one commit event (two-dice tables)."""
from __future__ import annotations

from hexwar.core.dice import FixedDice, SeededDice, roll_dice
from hexwar.core.game import COMMIT_EVENTS


def test_two_dice_are_rolled_in_order_and_reported_once():
    ev: list = []
    out = roll_dice(FixedDice([4, 6]), 2, "combat", ev)
    assert out == [4, 6]
    assert len(ev) == 1 and ev[0].kind == "die_rolled"
    assert ev[0].data == {"dice": [4, 6], "total": 10, "why": "combat"}
    assert "4 + 6 = 10" in ev[0].text


def test_the_event_is_a_commit_point_so_undo_never_rerolls():
    assert "die_rolled" in COMMIT_EVENTS


def test_same_seed_same_two_dice_and_the_sides_are_respected():
    a = [roll_dice(SeededDice(7), 2, "x", []) for _ in range(3)]
    assert a[0] == a[1] == a[2]
    d = SeededDice(3)
    totals = {sum(roll_dice(d, 2, "x", [])) for _ in range(400)}
    assert totals == set(range(2, 13))
    assert all(1 <= v <= 10 for v in roll_dice(SeededDice(1), 5, "d10", [], sides=10))
