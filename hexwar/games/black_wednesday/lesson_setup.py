"""A lesson's position in Black Wednesday (the ``lesson_state`` hook; docs/lessons.md).

Three kinds of start:

- ``phase: prep_log``: the scenario's own start (the Soviet Prep Log, with its orders);
- ``phase: axis_setup`` or ``soviet_setup``: the scenario's start with the Prep Log closed as it
  stands (played through the engine), at the set-up of that side;
- ``phase: action``: an Action Phase of ``turn``, played by ``phasing`` (``first`` says who acts
  first this turn: the other side's Action Phase is the second), with the units named on the
  map and every other unit where the scenario keeps it off the map; the Prep Log is spent.
  ``units``: ``id: hex`` or ``id: {hex, steps, mode, status, dug}`` (``mode``: fire, move ...;
  ``status``: S or P; ``dug``: dug in). ``orders``: orders being prepared besides the
  scenario's, each ``{side, draw: "attack trenches 43", weighted_turns: 3}`` (drawn through the
  engine as in a Command Phase, §16). The Command, Initiative and Clean Up phases are reached
  from an Action Phase by ending it.

The position must be one the game can stand in: units on the map, stacks within the limits
(§4), no enemy units together.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core.actions import EndPhase, Event
from ...core.dice import Dice, FixedDice
from ...core.errors import MalformedError
from ...core.lesson_setup import check_keys, read_int, read_phase, read_units, stacks_of_one_side
from ...core.units import ON_MAP, UNPLACED, Unit

KEYS = ("turn", "phase", "units", "phasing", "first", "orders")
SIDES = ("soviet", "axis")
STARTS = ("prep_log", "axis_setup", "soviet_setup", "action")
CLEARED = ("acted", "moved_mm", "shown", "t2t", "ow_marked", "commissar_used", "spotting", "fired", "adj_wire")


def lesson_state(rules: Any, position: Mapping[str, Any], dice: Dice) -> tuple[Any, list[Event]]:
    # rules: the BWRules (typed Any: rules.py imports this module)
    check_keys(position, KEYS, "position")
    phase = read_phase(position, ("prep_log", "axis_setup", "soviet_setup", "command", "initiative", "action",
                                  "clean_up", "over"))
    if phase not in STARTS:
        raise MalformedError(f"phase: a lesson starts in {', '.join(STARTS)}; the {phase.replace('_', ' ')} phase "
                             "is reached from an Action Phase by ending it")
    state, events = rules.new_state(dice if phase == "prep_log" else FixedDice([]))
    if phase != "action":
        if set(position) - {"phase", "turn"}:
            raise MalformedError(f"position: a lesson starting in the {phase.replace('_', ' ')} starts at the "
                                 "scenario's own start: give no units")
        while state.phase != phase:
            if state.phase != "prep_log" or rules.check(state, EndPhase()) is not None:
                raise MalformedError(f"phase: this scenario has no {phase.replace('_', ' ')} after its Prep Log")
            events += rules.apply(state, EndPhase(), FixedDice([]))
        return state, events
    turn = read_int(position, "turn", "position", default=1, low=1, high=rules.scen.turns)
    phasing = position.get("phasing", "soviet")
    first = position.get("first", "soviet")
    if phasing not in SIDES or first not in SIDES:
        raise MalformedError("phasing, first: each is soviet or axis")
    placed = read_units(position, rules.board, set(state.units), unit_keys=("hex", "steps", "mode", "status", "dug"),
                        wheres=("map",))
    for uid, u in list(state.units.items()):
        if u.where == ON_MAP:
            state.units[uid] = u.at(None, UNPLACED)
    modes: dict[str, str] = {}
    status: dict[str, str] = {}
    dug: set[str] = set()
    for p in placed.values():
        u = state.units[p.id]
        full = rules.specs[p.id].steps
        steps = full if p.steps is None else p.steps
        if steps > full:
            raise MalformedError(f"units.{p.id}.steps: it has {full} step(s), not {steps}")
        state.units[p.id] = Unit(u.id, u.spec, ON_MAP, p.hex, steps, True, u.arrives)
        extra = dict(p.extra or {})
        modes[p.id] = str(extra.get("mode", "fire"))
        if extra.get("status") not in (None, "", "S", "P"):
            raise MalformedError(f"units.{p.id}.status: S (suppressed) or P (paralyzed), not {extra['status']!r}")
        if extra.get("status"):
            status[p.id] = str(extra["status"])
        if extra.get("dug"):
            dug.add(p.id)
    st = state
    st.turn, st.phase = turn, "action"
    st.extra["phasing"] = phasing
    st.extra["prep"] = {c: {} for c in st.extra["prep"]}
    st.extra["order"] = (first, "axis" if first == "soviet" else "soviet")
    for k in CLEARED:
        st.extra[k] = frozenset()
    st.extra["reserve"] = frozenset()
    st.extra["mode"] = modes
    st.extra["status"] = status
    st.extra["dug"] = frozenset(dug)
    st.touch()
    _check_stacks(rules, st)
    _draw_orders(rules, st, position.get("orders", []))
    return st, [Event("phase", f"Turn {turn}: the {phasing.title()} Action Phase (§3.4).", {"phase": "action"})]


def _draw_orders(rules: Any, st: Any, orders: Any) -> None:
    """Orders being prepared, drawn through the engine as in a Command Phase (§16.1)."""
    from ...core.actions import parse_action

    if not isinstance(orders, list):
        raise MalformedError("orders: expected a list of {side, draw, weighted_turns}")
    for i, o in enumerate(orders):
        where = f"orders[{i}]"
        if not isinstance(o, dict):
            raise MalformedError(f"{where}: expected a mapping (side, draw, weighted_turns)")
        check_keys(o, ("side", "draw", "weighted_turns"), where)
        side, draw = o.get("side"), o.get("draw")
        if side not in SIDES or not isinstance(draw, str):
            raise MalformedError(f"{where}: give the side (soviet or axis) and what is drawn (attack trenches 43)")
        wt = read_int(o, "weighted_turns", where, default=0, low=0, high=99)
        act = parse_action(f"order draw {draw}")
        phase, cmd = st.phase, st.extra.get("cmd")
        st.phase, st.extra["cmd"] = "command", side
        try:
            why = rules.check(st, act)
            if why is not None:
                raise MalformedError(f"{where}.draw: {why}")
            before = set(rules.orders(st))
            rules.apply(st, act, FixedDice([]))
        finally:
            st.phase = phase
            if cmd is None:
                st.extra.pop("cmd", None)
            else:
                st.extra["cmd"] = cmd
        new = dict(rules.orders(st))
        (oid,) = set(new) - before
        new[oid] = {**new[oid], "wt": wt}
        rules._set_orders(st, new)
    st.touch()


def _check_stacks(rules: Any, state: Any) -> None:
    stacks_of_one_side(state, rules.side_of)
