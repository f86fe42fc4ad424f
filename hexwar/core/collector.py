"""When the garbage collector's full collections run: between decisions, not inside them.

A full (generation 2) collection walks every object the process holds. In a long game that is
hundreds of thousands (the board, the tables, the states of the history, the listing memos),
0.1–0.5 s a collection, and Python starts one whenever enough objects have been made: in the
middle of a legal-action listing as often as not, so a click waits for it (docs/performance.md,
"Legal-action listing"). Two things take it out of the click:

- ``settle()`` once a game is opened or loaded: one collection, then ``gc.freeze()``. What is left
  (the board, the tables, the rules' static caches, the modules) lives as long as the game and
  is never walked again. The objects frozen by an earlier call are unfrozen first, so a game
  that was closed is collected then, and memory stays bounded however many games are opened.
- ``idle()`` while the player thinks (the client calls it when no input came for a while; a
  tool calls it between decisions): it runs the full collection when one is due. The automatic
  full collection is only a backstop (``BACKSTOP``: many times rarer than Python's default), so
  a process that never calls ``idle()`` still frees its cyclic garbage.

Reference counting still frees every object as soon as it is no longer referenced, frozen or
not: only cyclic garbage waits for a collection.
"""
from __future__ import annotations

import gc
import sys
import time

YOUNG = 700  # Python's default thresholds for generations 0 and 1, kept
MIDDLE = 10
DUE = 10  # generation-1 collections since the last full one after which ``idle()`` may run one
GROWTH = 1.25  # ... once the memory blocks in use grew by a quarter since (Python's own rule is a
# quarter more long-lived objects, which it does not tell; the blocks are a cheap stand-in)
BACKSTOP = 200  # the automatic full collection's threshold (Python's default is 10)
SHARE = 0.25  # idle full collections take at most this share of the process's time


class _Clock:
    last_end = 0.0  # process CPU when the last idle collection ended
    last_cost = 0.0  # its CPU time
    blocks = 0  # memory blocks in use after it


_clock = _Clock()


def settle() -> None:
    """A game was just opened: collect once and freeze what is left, so that later full
    collections no longer walk it. Also installs the thresholds ``idle()`` relies on."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()
    gc.set_threshold(YOUNG, MIDDLE, BACKSTOP)
    _clock.last_end, _clock.last_cost, _clock.blocks = time.process_time(), 0.0, sys.getallocatedblocks()


def due() -> bool:
    """True when a full collection is due: as many generation-1 collections since the last one
    as Python's default would wait for, memory grown by ``GROWTH``, and enough time since the
    last idle one that idle collections stay within ``SHARE`` of the process's time."""
    if gc.get_count()[2] < DUE or sys.getallocatedblocks() < _clock.blocks * GROWTH:
        return False
    return time.process_time() - _clock.last_end >= _clock.last_cost * (1 - SHARE) / SHARE


def idle() -> bool:
    """Run the full collection now if one is due (call it when nothing waits for the
    process: the player is thinking). True when it ran."""
    if not gc.isenabled() or not due():
        return False
    t0 = time.process_time()
    gc.collect()
    _clock.last_end = time.process_time()
    _clock.last_cost = _clock.last_end - t0
    _clock.blocks = sys.getallocatedblocks()
    return True
