"""A lesson's position in Objective: Kiev (the ``lesson_state`` hook; docs/lessons.md).

The position's keys:

- ``turn``, ``phase``: where in the sequence of play the lesson starts (4.0);
- ``units``: ``id: hex`` (full strength) or ``id: {hex, steps, identity, revealed, where}``. An
  untried mech corps token (``SU-M1`` ...) takes the identity named (``SU-2M``), face down
  unless ``revealed``; the tokens not named take the identities left over and are off the map;
- ``control``: ``{hex: side}`` for cities held otherwise than at the start (5.0);
- ``support_used``: the air support markers already flown this turn (10.5).

In a set-up phase the units not named stay in the box to be set up; in any other phase they
are off the map (eliminated), except reinforcements not yet due, which keep their turn (11.0).
The position must be one the game can stand in: units on the map, no hex overstacked (8.1),
no enemy units sharing a hex.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.actions import Event
from ...core.dice import Dice, FixedDice
from ...core.errors import MalformedError
from ...core.lesson_setup import check_keys, check_stacking, read_control, read_int, read_phase, read_units
from ...core.state import State
from ...core.units import ARRIVING, ELIMINATED, ON_MAP, UNPLACED, Unit
from . import tables as T

KEYS = ("turn", "phase", "units", "control", "support_used")


def lesson_state(rules: Any, position: Mapping[str, Any], dice: Dice) -> tuple[State, list[Event]]:
    check_keys(position, KEYS, "position")
    phase = read_phase(position, rules.phase_ids)
    turn = read_int(position, "turn", "position", default=1, low=1, high=rules.scenario.turns)
    setup = T.PHASE[phase].kind == "setup"
    if setup and turn != 1:
        raise MalformedError(f"turn: the set-up comes before turn 1, not in turn {turn}")
    # The set-up deals the untried corps with the lesson's dice (6.0 step 2); later phases name them.
    state, events = rules.new_state(dice if setup else FixedDice([]))
    if not setup:
        events = []  # the set-up's own events (the corps mixed face down) belong to no later position
    placed = read_units(position, rules.board, set(state.units)) if position.get("units") or not setup else {}
    order = {p: i for i, p in enumerate(T.TURN_PHASES)}
    if not setup:
        for uid, u in list(state.units.items()):
            if uid in placed:
                continue
            if u.where == ARRIVING and (u.arrives > turn or (u.arrives == turn and order[phase] <= order[
                    f"{rules.side(uid)}_buildup"])):
                continue  # 11.0: a reinforcement still due keeps its turn of arrival
            if u.revealed:
                state.units[uid] = Unit(uid, u.spec, ELIMINATED, None, 1, True)
    # Tokens: the identities asked for; the others take what is left, off the map (6.0 step 2).
    tokens = sorted((u for u in state.units.values() if not u.revealed), key=lambda u: u.id)
    asked = {p.identity: p.id for p in placed.values() if p.identity}
    for p in placed.values():
        u = state.units[p.id]
        if p.identity and u.revealed:
            raise MalformedError(f"units.{p.id}: only an untried mech corps token takes an identity")
        if not u.revealed and not p.identity:
            raise MalformedError(f"units.{p.id}: a mech corps token needs its identity (identity: SU-2M ...)")
        if p.identity and p.identity not in rules.specs:
            raise MalformedError(f"units.{p.id}.identity: {p.identity} is not a unit of this scenario")
    if tokens:
        pool = rules.pool_of[tokens[0].id]
        idents = rules.scenario.pools[pool] if pool is not None else ()
        for ident in asked:
            if ident not in idents:
                raise MalformedError(f"units.{asked[ident]}.identity: {ident} is not one of the untried corps")
        spare = [i for i in idents if i not in asked]
        for tok in tokens:
            got = placed.get(tok.id)
            if got is not None:
                state.units[tok.id] = Unit(tok.id, got.identity, ON_MAP if got.hex else ELIMINATED, got.hex, 1,
                                           got.revealed)
            elif not setup:
                state.units[tok.id] = Unit(tok.id, spare.pop(0), ELIMINATED, None, 1, True)
    for p in placed.values():
        u = state.units[p.id]
        if not u.revealed or p.identity:
            continue
        spec = rules.specs[u.spec]
        steps = spec.max_steps if p.steps is None else p.steps
        if steps > spec.max_steps:
            raise MalformedError(f"units.{p.id}.steps: {spec.name} has {spec.max_steps} step(s), not {steps}")
        where = ON_MAP if p.hex is not None else ELIMINATED
        state.units[p.id] = Unit(p.id, u.spec, where, p.hex, steps if where == ON_MAP else 1, True)
    check_stacking(rules, state)
    state.control.update(read_control(position, rules.board, rules.sides))
    used = position.get("support_used", [])
    if not isinstance(used, list) or not all(isinstance(m, str) and m in rules.support for m in used):
        raise MalformedError(f"support_used: expected a list of air support markers ({', '.join(rules.support)})")
    state.turn, state.phase = turn, phase
    for uid, u in state.units.items():
        if u.where == ON_MAP:
            state.origin.setdefault(uid, u.map_hex)
    if setup:  # 6.0: a side sets up after the sides before it have set up every unit
        seq = list(rules.scenario.setup_order)
        earlier = set(seq[: seq.index(phase[: -len("_setup")])])
        left = sorted(u.id for u in state.units.values() if u.where == UNPLACED and rules.side(u.id) in earlier)
        if left:
            raise MalformedError(f"units: the {phase.replace('_', ' ')} comes after the set-up of "
                                 f"{', '.join(sorted(earlier))}; {', '.join(left[:5])} ... are not set up")
    state.touch()
    rules._begin_phase(state, events)
    state.support_used = set(used)
    return state, events
