"""A lesson's position in Kasserine Pass (the ``lesson_state`` hook; docs/lessons.md).

The position's keys:

- ``turn`` (1 = 14 February ... 12) and ``phase`` (german_move, german_combat, allied_move,
  allied_combat);
- ``units``: ``id: hex``; every unit not named is out of play (those still to arrive too,
  unless ``arrivals: true``);
- ``control``: ``{hex: side}`` for towns held otherwise than at the start (KP-VICTORY).

A combat phase starts as if nobody had moved in the movement phase before it: every unit
has its whole movement factor to pay the cost of combat (KP-COST-OF-COMBAT). The position
must be one the game can stand in: units on the map, stacks within the limits
(KP-STACKING), no enemies together.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.actions import Event
from ...core.dice import Dice, FixedDice
from ...core.errors import MalformedError
from ...core.hexgrid import hex_name
from ...core.lesson_setup import check_keys, read_control, read_int, read_phase, read_units, stacks_of_one_side
from ...core.units import LOST, ON_MAP
from .common import PHASE, SIDES

KEYS = ("turn", "phase", "units", "control", "arrivals")


def lesson_state(rules: Any, position: Mapping[str, Any], dice: Dice) -> tuple[Any, list[Event]]:
    # rules: the KPRules (typed Any: rules.py imports this module)
    check_keys(position, KEYS, "position")
    phase = read_phase(position, rules.phase_ids)
    turn = read_int(position, "turn", "position", default=1, low=1, high=rules.scen.turns)
    keep = position.get("arrivals", False)
    if not isinstance(keep, bool):
        raise MalformedError(f"arrivals: expected true or false, found {keep!r}")
    state, _ = rules.new_state(FixedDice([]))
    placed = read_units(position, rules.board, set(state.units), unit_keys=("hex",), wheres=("map",))
    for uid, u in list(state.units.items()):
        p = placed.get(uid)
        if p is not None and p.hex is not None:
            state.units[uid] = u.at(p.hex)
        elif u.where == ON_MAP or not keep:
            state.units[uid] = u.at(None, LOST)
    state.control.update(read_control(position, rules.board, SIDES))
    state.turn, state.phase = turn, phase
    state.touch()
    _check_stacks(rules, state)
    events: list[Event] = []
    rules._begin_phase(state, events, dice)
    if PHASE[phase].kind == "combat":  # a combat phase after a movement phase in which nobody moved
        side = rules.phase_side(state)
        state.mp = {u.id: float(rules.kspec(state, u.id).ma) for u in rules.on_map(state, side)}
    return state, events


def _check_stacks(rules: Any, state: Any) -> None:
    stacks_of_one_side(state, rules.side)
    over = rules.overstacked(state)
    if over:
        h = sorted(over)[0]
        raise MalformedError(f"units: {hex_name(h)} is overstacked (KP-STACKING: {', '.join(sorted(over[h]))})")
