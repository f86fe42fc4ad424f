"""dice: SeededDice reproducibility, copies, shuffles; FixedDice for tests."""
from __future__ import annotations

import pytest

from hexwar.core.dice import FixedDice, SeededDice


def rolls(d, n, sides=6):
    return [d.roll(sides) for _ in range(n)]


def test_same_seed_gives_the_same_sequence():
    assert rolls(SeededDice(1234), 50) == rolls(SeededDice(1234), 50)


def test_different_seeds_give_different_sequences():
    assert rolls(SeededDice(1), 30) != rolls(SeededDice(2), 30)


def test_rolls_stay_on_the_die_and_cover_every_face():
    d = SeededDice(5)
    six = rolls(d, 600)
    assert set(six) == {1, 2, 3, 4, 5, 6}
    ten = rolls(d, 500, sides=10)
    assert set(ten) == set(range(1, 11))


def test_rolls_made_counts_every_draw():
    d = SeededDice(9)
    rolls(d, 4)
    assert d.rolls_made == 4
    d.roll(10)
    assert d.rolls_made == 5
    d.shuffle(list(range(5)))  # Fisher-Yates: one draw per position after the first
    assert d.rolls_made == 9


def test_copy_continues_identically_and_independently():
    d = SeededDice(77)
    rolls(d, 7)
    c = d.copy()
    assert c.seed == d.seed and c.rolls_made == d.rolls_made
    assert rolls(c, 40) == rolls(d, 40)
    # rolling the copy did not advance the original, and vice versa
    c2 = d.copy()
    rolls(c2, 5)
    assert d.rolls_made == c2.rolls_made - 5


def test_copy_after_mixed_dice_and_shuffles_continues_identically():
    d = SeededDice(3)
    d.roll(10)
    d.shuffle(list(range(7)))
    c = d.copy()
    assert rolls(c, 20) == rolls(d, 20)


def test_restoring_from_seed_and_roll_count_continues_the_sequence_for_d6_rolls():
    d = SeededDice(2024)
    rolls(d, 13)
    restored = SeededDice(2024, rolls_made=d.rolls_made)
    assert restored.rolls_made == 13
    assert rolls(restored, 30) == rolls(d, 30)


def test_restoring_from_seed_and_roll_count_after_a_shuffle_continues_the_sequence():
    d = SeededDice(7)
    d.shuffle(list(range(10)))
    restored = SeededDice(7, rolls_made=d.rolls_made)
    assert rolls(restored, 8) == rolls(d, 8)


def test_shuffle_is_deterministic_for_a_seed():
    a, b = list(range(20)), list(range(20))
    SeededDice(42).shuffle(a)
    SeededDice(42).shuffle(b)
    assert a == b
    c = list(range(20))
    SeededDice(43).shuffle(c)
    assert c != a


def test_shuffle_is_a_permutation_in_place():
    items = list("abcdefghijkl")
    d = SeededDice(8)
    for _ in range(20):
        d.shuffle(items)
        assert sorted(items) == list("abcdefghijkl")


def test_shuffle_reaches_every_order_of_three():
    d = SeededDice(0)
    seen = set()
    for _ in range(300):
        items = [1, 2, 3]
        d.shuffle(items)
        seen.add(tuple(items))
    assert len(seen) == 6


def test_shuffle_of_empty_and_single_lists_draws_nothing():
    d = SeededDice(1)
    d.shuffle([])
    d.shuffle(["x"])
    assert d.rolls_made == 0


def test_fixed_dice_give_values_in_order():
    d = FixedDice([4, 2, 6])
    assert [d.roll(), d.roll(), d.roll()] == [4, 2, 6]
    assert d.rolls_made == 3


def test_fixed_dice_running_out_raises():
    d = FixedDice([1])
    d.roll()
    with pytest.raises(AssertionError, match="ran out"):
        d.roll()


def test_fixed_dice_shuffle_leaves_the_order_alone():
    d = FixedDice([])
    items = [3, 1, 2]
    d.shuffle(items)
    assert items == [3, 1, 2]
    assert d.rolls_made == 0


def test_fixed_dice_copy_continues_from_the_same_place_and_is_independent():
    d = FixedDice([1, 2, 3, 4])
    d.roll()
    c = d.copy()
    assert [c.roll(), c.roll()] == [2, 3]
    assert d.roll() == 2
    assert c.values is not d.values
