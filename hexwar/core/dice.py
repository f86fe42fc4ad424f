"""Dice are a service handed to the rules, never module-level ``random``.

``SeededDice`` is for play: its whole state is the seed and the number of rolls
made, so a save records it in two integers and a replay reproduces every roll.
``FixedDice`` is for tests: it hands out the values it was given, in order.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Protocol


class Dice(Protocol):
    rolls_made: int

    def roll(self, sides: int = 6) -> int: ...

    def shuffle(self, items: list[Any]) -> None: ...


class SeededDice:
    def __init__(self, seed: int, rolls_made: int = 0) -> None:
        self.seed = seed
        self.rolls_made = 0
        self._rng = random.Random(seed)
        for _ in range(rolls_made):
            self._draw(6)

    def _draw(self, sides: int) -> int:
        # One float per draw whatever the number of sides, so that the count of
        # draws alone restores the generator (randint's use of the state varies).
        self.rolls_made += 1
        return int(self._rng.random() * sides) + 1

    def roll(self, sides: int = 6) -> int:
        return self._draw(sides)

    def shuffle(self, items: list[Any]) -> None:
        # Fisher-Yates on our own draws so that the count of draws is the whole state.
        for i in range(len(items) - 1, 0, -1):
            j = self._draw(i + 1) - 1
            items[i], items[j] = items[j], items[i]

    def copy(self) -> SeededDice:
        d = SeededDice(self.seed)
        d._rng.setstate(self._rng.getstate())
        d.rolls_made = self.rolls_made
        return d


class FixedDice:
    """Rolls the given values in order; raises when they run out (a test bug)."""

    def __init__(self, values: Sequence[int]) -> None:
        self.values = list(values)
        self.rolls_made = 0

    def roll(self, sides: int = 6) -> int:
        if self.rolls_made >= len(self.values):
            raise AssertionError("FixedDice ran out of rolls")
        v = self.values[self.rolls_made]
        self.rolls_made += 1
        return v

    def shuffle(self, items: list[Any]) -> None:
        """Leaves the order as given: tests choose identities explicitly."""

    def copy(self) -> FixedDice:
        d = FixedDice(self.values)
        d.rolls_made = self.rolls_made
        return d


class PresetDice:
    """Hands out the given values first (a lesson's dice, so the result is the book's), then
    goes on as ``SeededDice(seed)``: a lesson continued as a free game keeps rolling, and a
    record of it replays to the same rolls."""

    def __init__(self, values: Sequence[int], seed: int = 0, rolls_made: int = 0) -> None:
        self.values = tuple(int(v) for v in values)
        self.seed = seed
        self.rolls_made = 0
        self._after = SeededDice(seed)
        for _ in range(rolls_made):
            self.roll()

    def roll(self, sides: int = 6) -> int:
        if self.rolls_made < len(self.values):
            v = self.values[self.rolls_made]
            self.rolls_made += 1
            return v
        self.rolls_made += 1
        return self._after.roll(sides)

    def shuffle(self, items: list[Any]) -> None:
        self._after.shuffle(items)

    @property
    def preset_left(self) -> int:
        """How many of the given values are still to be rolled."""
        return max(0, len(self.values) - self.rolls_made)

    def copy(self) -> PresetDice:
        d = PresetDice(self.values, self.seed)
        d._after = self._after.copy()
        d.rolls_made = self.rolls_made
        return d


def roll_dice(dice: Dice, n: int, why: str, events: list[Any], sides: int = 6) -> list[int]:
    """Roll ``n`` dice (e.g. two for a two-dice table) and report them as one
    ``die_rolled`` event, so undo stops there and the roll is never repeated."""
    from .actions import Event  # actions does not import dice: no cycle, kept local anyway

    out = [dice.roll(sides) for _ in range(n)]
    events.append(Event("die_rolled", f"{why}: rolled {' + '.join(map(str, out))} = {sum(out)}",
                        {"dice": out, "total": sum(out), "why": why}))
    return out

