"""Objective: Kiev's mechanics, as the tournament counts them from the record
(``hexwar.ai.mechanics``): air support, Soviet rail movement, reserve movement and
replacements."""
from __future__ import annotations

from ...core.actions import Move
from ..mechanics import Mechanic, Use


def _air(u: Use) -> int:
    return int(u.verb == "roll" and len(u.words) == 2)  # 10.5: a marker committed with the roll


def _special_move(u: Use) -> Move | None:
    a = u.action
    return a if isinstance(a, Move) and u.phase.kind == "special" else None


def _rail(u: Use) -> int:
    """9.4.3: an infantry move along connected rail beyond the half allowance of a reserve
    move (tanks move their whole allowance in the phase anyway, rail or not)."""
    a = _special_move(u)
    start = next((e.data.get("from") for e in u.events if e.kind == "moved"), None)
    unit = u.unit_before(a.unit) if a is not None else None
    if a is None or start is None or unit is None or unit.get("kind") != "infantry" or "ma" not in unit:
        return 0
    hexes = (start, *a.path)
    on_rail = all(u.before.board.has_side(x, y, "rail") for x, y in zip(hexes, hexes[1:]))
    return int(on_rail and len(a.path) > int(unit.get("ma", 0)) // 2)


MECHANICS = (
    Mechanic("air support", "10.5", ("axis",), _air),
    Mechanic("rail movement", "9.4.3", ("soviet",), _rail),
    Mechanic("special movement (any move)", "9.4", (), lambda u: int(_special_move(u) is not None)),
    Mechanic("replacement Place (unit rebuilt)", "12.0", (), Use.rebuilt),
    Mechanic("replacement step (unit restored)", "12.0", (),
             lambda u: int(u.verb == "restore" and u.phase.kind == "buildup")),
)
