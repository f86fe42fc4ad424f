"""Kasserine Pass's mechanics, as the tournament counts them from the record
(``hexwar.ai.mechanics``): breakdown, artillery on attack and on defence, break-off, the
selective attack and the engineers' bridges."""
from __future__ import annotations

from ..mechanics import Mechanic, Use


def _support(attacking: bool) -> Mechanic:
    """A battery's support in its own side's combat phase (attack) or the enemy's (defence)."""
    name = "artillery on attack" if attacking else "artillery on defence"

    def uses(u: Use) -> int:
        return int(u.verb == "support" and (u.phase.side == u.side) == attacking)

    return Mechanic(name, "KP-ARTILLERY", (), uses)


MECHANICS = (
    Mechanic("breakdown", "KP-BREAKDOWN", ("axis",), lambda u: int(u.verb == "breakdown")),
    _support(True),
    _support(False),
    Mechanic("break-off", "KP-BREAK-OFF", ("axis",), lambda u: sum(e.kind == "broke_off" for e in u.events)),
    Mechanic("selective attack", "KP-SELECTIVE-ATTACK", ("axis",), lambda u: int(u.verb == "select")),
    Mechanic("bridge blown", "KP-ENGINEERS", (), lambda u: int(u.verb == "blow")),
    Mechanic("bridge rebuilt", "KP-ENGINEERS", (), lambda u: int(u.verb == "build")),
)
