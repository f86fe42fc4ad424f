"""core.collector: the game's objects frozen once it is open, full collections while the player
thinks, memory still freed (a closed game's objects, cyclic garbage)."""
from __future__ import annotations

import gc
import weakref
from collections.abc import Iterator

import pytest

from hexwar.core import collector


@pytest.fixture(autouse=True)
def _gc_as_before() -> Iterator[None]:
    before = gc.get_threshold()
    yield
    gc.unfreeze()
    gc.set_threshold(*before)


class _Node:
    def __init__(self) -> None:
        self.me = self  # a cycle: only a collection frees it


def test_settle_freezes_what_is_alive_and_sets_the_backstop() -> None:
    keep = _Node()
    collector.settle()
    assert gc.get_freeze_count() > 0
    assert all(o is not keep for o in gc.get_objects())  # frozen: no generation holds it
    assert gc.get_threshold() == (collector.YOUNG, collector.MIDDLE, collector.BACKSTOP)


def test_a_closed_game_is_freed_when_the_next_one_settles() -> None:
    old = _Node()  # frozen while its game is open
    gone = weakref.ref(old)
    collector.settle()
    del old
    gc.collect()  # a collection alone never frees a frozen object
    assert gone() is not None
    collector.settle()  # the next game: the frozen objects are unfrozen and collected first
    assert gone() is None


def test_idle_collects_when_a_collection_is_due_and_not_before() -> None:
    collector.settle()
    assert not collector.idle()  # nothing made since
    garbage = _Node()
    gone = weakref.ref(garbage)
    del garbage
    keep: list[list[int]] = []
    while gc.get_count()[2] < collector.DUE:  # what Python counts before a full collection
        keep.append([])
    collector._clock.blocks = 0  # memory "grew" enough
    collector._clock.last_cost = 0.0
    assert collector.idle()
    assert gone() is None
    assert gc.get_count()[2] == 0
    assert not collector.idle()  # just done: not due again
