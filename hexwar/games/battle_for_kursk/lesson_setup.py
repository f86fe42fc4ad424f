"""A lesson's position in Battle for Kursk (the ``lesson_state`` hook; docs/lessons.md).

The position's keys:

- ``turn`` (the turn's label on the track, in quotes: "A" ... "D", "1" ... "8") and ``phase``
  (``russian_setup``: the short scenario's own start, with no other key);
- ``units``: ``id: hex`` (full strength) or ``id: {hex, steps, where}``; every unit not named
  is off the map (eliminated);
- ``control``: ``{hex: side}`` for places held otherwise than at the start (10.0);
- ``posture``: each side's posture this turn (pause, reposition, deploy, engage; 12.0) and
  ``previous``: last turn's (the Posture Track markers);
- ``mud``: a mud turn (11.0); ``available``: each side's Offensive markers (9.2.1);
- ``objective``: the Strategic Objective's hex (12.1).

A replacement phase works out its points from the postures as the game does (10.5). The
position must be one the game can stand in: one unit a hex (8.2.2), no enemies together.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.actions import Event
from ...core.dice import Dice, FixedDice
from ...core.errors import MalformedError
from ...core.hexgrid import hex_name
from ...core.lesson_setup import (
    check_keys,
    check_stacking,
    read_control,
    read_hex,
    read_phase,
    read_sides,
    read_units,
)
from ...core.state import State
from ...core.units import ELIMINATED, ON_MAP, Unit
from . import tables as T

KEYS = ("turn", "phase", "units", "control", "posture", "previous", "mud", "available", "objective")


def lesson_state(rules: Any, position: Mapping[str, Any], dice: Dice) -> tuple[State, list[Event]]:
    check_keys(position, KEYS, "position")
    phase = read_phase(position, rules.phase_ids)
    if phase == "russian_setup":  # the short scenario's own start (4.0): the position is the scenario's
        state, events = rules.new_state(dice)
        if state.phase != phase or set(position) - {"phase", "turn"}:
            raise MalformedError("phase: only a scenario that begins with the Russian set-up (the short one) starts "
                                 "a lesson there, and then at its own start (give no units)")
        return state, events
    label = position.get("turn", rules.turn_label(rules.camp.start_turn))
    if not isinstance(label, str) or label not in rules.camp.labels:
        raise MalformedError(f"turn: {label!r} is not a turn of the track ({', '.join(rules.camp.labels)}); "
                             "write it in quotes")
    state, events = rules.new_state(FixedDice([]))
    events = []  # the scenario's own set-up events belong to no later position
    state.stage = None
    placed = read_units(position, rules.board, set(state.units))
    for uid, u in list(state.units.items()):
        state.units[uid] = Unit(uid, u.spec, ELIMINATED, None, 1)
    for p in placed.values():
        spec = rules.specs[state.units[p.id].spec]
        steps = spec.max_steps if p.steps is None else p.steps
        if steps > spec.max_steps:
            raise MalformedError(f"units.{p.id}.steps: {spec.name} has {spec.max_steps} step(s), not {steps}")
        if p.hex is not None:
            state.units[p.id] = Unit(p.id, state.units[p.id].spec, ON_MAP, p.hex, steps)
    check_stacking(rules, state)
    state.control.update(read_control(position, rules.board, rules.sides))
    state.turn = rules.camp.number(label)
    state.phase = phase
    postures = rules.postures()
    posture = read_sides(position, "posture", rules.sides, postures)
    if phase != "posture":
        posture = {s: posture.get(s, "engage") for s in rules.sides}
    state.extra["posture"] = posture
    state.extra["previous"] = {**state.extra.get("previous", {}),
                               **read_sides(position, "previous", rules.sides, postures)}
    mud = position.get("mud", False)
    if not isinstance(mud, bool):
        raise MalformedError(f"mud: expected true or false, found {mud!r}")
    state.extra["mud"] = mud
    avail = position.get("available", {})
    if not isinstance(avail, dict) or not all(s in rules.sides and isinstance(n, int) and not isinstance(n, bool)
                                              and 0 <= n <= rules.camp.offensives["max_available"]
                                              for s, n in avail.items()):
        raise MalformedError("available: expected each side's Offensive markers (0 to "
                             f"{rules.camp.offensives['max_available']})")
    state.extra["available"] = {**state.extra["available"], **{str(s): int(n) for s, n in avail.items()}}
    if "objective" in position:
        state.extra["so_hex"] = hex_name(read_hex(position["objective"], rules.board, "objective"))
    ph = T.PHASE[phase]
    for side in rules.sides:
        if ph.side == side and ph.needs and not rules.grants(state, side, ph.needs):
            raise MalformedError(f"phase: the {T.SIDE_NAMES[side]} posture {posture[side]} has no {ph.name}")
    state.touch()
    if phase == "posture":
        state.extra["posture"] = {}
        rules._reset_phase(state)
        rules._begin_turn(state, events)
    else:
        rules._begin_phase(state, events)
    return state, events
