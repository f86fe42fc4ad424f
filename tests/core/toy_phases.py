"""The toy phase row the core's phase-machine tests declare their games with."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Row:
    """What ``Sequence`` asks of a phase: id, side, name, rule and kind."""

    id: str
    side: str | None
    name: str
    rule: str
    kind: str
