"""`make tournament`'s honest measurement (issue 24): fresh seeds by default, intervals."""
from __future__ import annotations

import random

import pytest

from tools.tournament import FRESH_SEEDS, first_seed, interval


def test_the_90_percent_interval_is_wilsons():
    low, high = interval(95, 100)
    assert low == pytest.approx(90.08, abs=0.05)
    assert high == pytest.approx(97.55, abs=0.05)


def test_the_interval_stays_honest_at_no_win_and_every_win():
    low, high = interval(0, 10)
    assert low == 0.0 and 15.0 < high < 25.0  # nought of ten does not prove a nought rate
    low, high = interval(10, 10)
    assert high == 100.0 and 75.0 < low < 85.0
    assert interval(0, 0) == (0.0, 100.0)


def test_a_small_sample_has_a_wide_interval():
    low_small, high_small = interval(19, 20)
    low_big, high_big = interval(95, 100)
    assert high_small - low_small > high_big - low_big


def test_the_first_seed_is_drawn_afresh_unless_given():
    seed, drawn = first_seed({}, random.Random(7))
    assert drawn and FRESH_SEEDS[0] <= seed <= FRESH_SEEDS[1]
    assert first_seed({}, random.Random(8))[0] != seed
    assert first_seed({"TOURNAMENT_FIRST_SEED": "101"}) == (101, False)
    with pytest.raises(SystemExit, match="whole number"):
        first_seed({"TOURNAMENT_FIRST_SEED": "abc"})
