"""Battle for Kursk's mechanics, as the tournament counts them from the record
(``hexwar.ai.mechanics``): the Offensive and the other uses of Offensive markers, each
posture, Stand Fast and the fortifications' exchange, and replacements."""
from __future__ import annotations

from ..mechanics import Mechanic, Use

POSTURES = ("pause", "reposition", "deploy", "engage")  # 12.0, left to right on the track


def _offensive(u: Use) -> int:
    return int(u.verb == "offensive")  # 9.2.1: a battle with a lead unit and supporters, one marker


def _posture_markers(u: Use) -> int:
    """12.0: one box to the right is free, every further box costs an Offensive marker."""
    new = u.chose("posture")
    if new not in POSTURES or u.side is None:
        return 0
    prev = u.before.view(u.side).get("previous_posture", {}).get(u.side) or POSTURES[0]
    return max(0, POSTURES.index(new) - POSTURES.index(prev) - 1) if prev in POSTURES else 0


def _posture(name: str) -> Mechanic:
    return Mechanic(f"posture {name.capitalize()}", "12.0", (), lambda u: int(u.chose("posture") == name))


MECHANICS = (
    Mechanic("Offensive (a battle)", "9.2.1", (), _offensive),
    Mechanic("Offensive marker: posture beyond the free box", "12.0", (), _posture_markers),
    Mechanic("Offensive marker: Emergency Reaction", "12.0", (), lambda u: int(u.chose("emergency") == "yes")),
    *(_posture(p) for p in POSTURES),
    Mechanic("Stand Fast", "9.3", (), lambda u: int(u.chose("result") == "sf")),
    Mechanic("fortification: exchange instead", "9.3", (), lambda u: int(u.chose("result") == "ex")),
    Mechanic("replacement Place (unit rebuilt)", "10.0", (), Use.rebuilt),
    Mechanic("replacement step (unit restored)", "10.0", (),
             lambda u: int(u.verb == "restore" and u.phase.kind == "buildup")),
    Mechanic("Strategic Objective moved", "12.1", (),
             lambda u: int(u.chose("objective") not in (None, "stay"))),
)
