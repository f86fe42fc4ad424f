"""Units: what a counter is (``UnitSpec``) and where and how it stands now (``Unit``)."""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from .hexgrid import Hex

# Where a unit is. Every unit of the order of battle is in exactly one of these.
ON_MAP = "map"
UNPLACED = "unplaced"  # waiting to be set up
ARRIVING = "arriving"  # on the turn track, not yet arrived
ELIMINATED = "eliminated"  # in the dead pile; may come back as a replacement
LOST = "lost"  # gone for good (a reinforcement not placed in time)
WHERE = (ON_MAP, UNPLACED, ARRIVING, ELIMINATED, LOST)


@dataclass(frozen=True)
class UnitSpec:
    """A counter as printed.

    ``values[steps - 1]`` is ``(attack, defense)`` on that side: a two-step unit has
    ``((reduced_atk, reduced_def), (full_atk, full_def))``; a one-step unit has one pair.
    """

    id: str
    name: str
    side: str
    nation: str
    kind: str  # "infantry", "tank" or "armor"
    size: str  # "corps" or "army"
    values: tuple[tuple[float, float], ...]
    ma: int
    flags: frozenset[str] = frozenset()
    provenance: str = ""
    type: str = ""  # the printed type when it matters beyond ``kind`` (shock, guards, panzer …)
    formation: str = ""  # the Army or Front it belongs to
    colour: str = ""  # the formation's interior colour (Offensives, formation integrity)

    @property
    def max_steps(self) -> int:
        return len(self.values)

    def attack(self, steps: int) -> float:
        return self.values[steps - 1][0]

    def defense(self, steps: int) -> float:
        return self.values[steps - 1][1]

    def label(self, steps: int) -> str:
        """Counter text such as ``6-4`` or ``4-2-6`` (separate attack and defense)."""
        a, d = self.values[steps - 1]
        if a == d:
            return f"{_num(a)}-{self.ma}"
        return f"{_num(a)}-{_num(d)}-{self.ma}"


def _num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:g}"


@dataclass(frozen=True)
class Unit:
    """A counter in play. ``id`` is the public token; ``spec`` may be hidden (untried)."""

    id: str
    spec: str
    where: str
    hex: Hex | None = None
    steps: int = 1
    revealed: bool = True
    arrives: int = 0  # turn of arrival for ARRIVING units

    @property
    def map_hex(self) -> Hex:
        """The hex of a unit on the map; a unit off it has none (ValueError)."""
        if self.hex is None:
            raise ValueError(f"{self.id} is not on the map")
        return self.hex

    def at(self, h: Hex | None, where: str = ON_MAP) -> Unit:
        """The same unit moved to ``h`` (on the map) or off it (``h`` None, ``where`` given)."""
        if (h is None) == (where == ON_MAP):
            raise ValueError("a unit on the map needs a hex, and a unit off it has none")
        return replace(self, hex=h, where=where)


@dataclass(frozen=True)
class SideInfo:
    id: str
    name: str
    edge_name: str = ""
    extra: dict[str, Any] = field(default_factory=dict)
