"""combat: odds as a ratio rounded for the defender, column shifts, semi-cumulative multipliers."""
from __future__ import annotations

from fractions import Fraction as F

import pytest

from hexwar.core.combat import odds_ratio, ratio_label, semi_cumulative, shift_ratio


def test_odds_round_in_the_defenders_favour_on_both_sides_of_one_to_one():
    assert odds_ratio(F(7), F(3)) == (2, 1)
    assert odds_ratio(F(6), F(2)) == (3, 1)
    assert odds_ratio(F(3), F(7)) == (1, 3)
    assert odds_ratio(F(2), F(6)) == (1, 3)
    assert odds_ratio(F(5), F(5)) == (1, 1)
    assert odds_ratio(F(9, 2), F(3)) == (1, 1)  # 1.5 to 1 is still 1-1


def test_no_attack_and_no_defence():
    assert odds_ratio(F(0), F(3)) == (0, 1)
    with pytest.raises(ValueError):
        odds_ratio(F(3), F(0))


def test_labels_and_shifts_cross_one_to_one():
    assert ratio_label((3, 1)) == "3-1" and ratio_label((1, 4)) == "1-4"
    assert shift_ratio((1, 2), 1) == (1, 1)
    assert shift_ratio((1, 1), 1) == (2, 1)
    assert shift_ratio((2, 1), -2) == (1, 2)
    assert shift_ratio((8, 1), 1) == (9, 1)
    assert shift_ratio((1, 6), 1) == (1, 5)


def test_semi_cumulative_multiplies_but_stops_at_the_floor():
    assert semi_cumulative([F(1, 2)], F(1, 4)) == F(1, 2)
    assert semi_cumulative([F(1, 2), F(1, 2)], F(1, 4)) == F(1, 4)
    assert semi_cumulative([F(1, 4), F(1, 2)], F(1, 4)) == F(1, 4)
    assert semi_cumulative([], F(1, 4)) == 1
