"""stacking.stack_legal: size points with free types, a counter limit, counters that stand alone."""
from __future__ import annotations

from hexwar.core.stacking import stack_legal


def test_points_within_the_limit_are_legal_and_one_more_is_not():
    assert stack_legal([1, 1, 1], [False] * 3, 3, 4)
    assert not stack_legal([1, 1, 1, 1], [False] * 4, 3, 4)
    assert stack_legal([0.5, 0.5, 1, 1], [False] * 4, 3, 4)  # fractional sizes add up exactly


def test_free_counters_weigh_nothing_but_still_count_against_the_counter_limit():
    assert stack_legal([3, 1, 1], [False, True, True], 3, 4)
    assert not stack_legal([1, 1, 1, 1, 1], [False, False, False, True, True], 3, 4)


def test_a_counter_marked_alone_excludes_other_non_free_counters_only():
    assert not stack_legal([1, 1], [False, False], 3, 4, alone=[True, False])
    assert stack_legal([1, 1], [False, True], 3, 4, alone=[True, False])
    assert stack_legal([1], [False], 3, 4, alone=[True])


def test_an_empty_hex_is_legal():
    assert stack_legal([], [], 3, 4)
