"""What each side of a Black Wednesday scenario plays for, read from the scenario's public
victory conditions (the scenario page; every player may read it).

`goals(rules, state, side)` is the one place the computer player asks "which hexes matter":

- ``take``: hexes this side wants to occupy or clear of the enemy (Scenario 1: the trench
  hexes, which the Soviets must clear, decision S1-1);
- ``hold``: hexes this side wants to stand in (Scenario 1: the trench hexes the Axis holds);
- ``exits``: map-edge hexes through which units should leave play (5.0, Scenario 7), if any.

Only Scenario 1 is filled in so far; the other scenarios fall back to it (see docs/black-wednesday/ai.md).
"""
from __future__ import annotations

from dataclasses import dataclass

from ..core.hexgrid import Hex


@dataclass(frozen=True)
class Goals:
    take: frozenset[Hex]
    hold: frozenset[Hex]
    exits: frozenset[Hex] = frozenset()


def goals(rules, state, side: str) -> Goals:
    """The hexes that decide this scenario for `side` (never hidden information)."""
    trench = rules.trench_hexes
    return Goals(take=trench, hold=trench)
