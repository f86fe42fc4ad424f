"""Reading a lesson's position: the parts every game shares (the ``units`` mapping, the turn
and phase, unknown keys). Each game's ``lesson_state`` hook (``games/<pkg>/lesson_setup.py``)
builds its own state from these and checks what only it knows. Problems are
``MalformedError`` in plain words; the lesson loader adds the file's name.
"""
from __future__ import annotations

from collections.abc import Callable, Collection, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import MalformedError
from .files import excerpt
from .hexgrid import Hex, hex_name, parse_hex


@dataclass(frozen=True)
class Placed:
    """One unit of a lesson's position, as the file gives it."""

    id: str
    hex: Hex | None  # None: off the map (``where`` says where)
    steps: int | None = None  # None: full strength
    where: str = "map"
    identity: str = ""  # a hidden unit's identity (an untried unit's real strength)
    revealed: bool = True
    extra: Mapping[str, Any] | None = None  # the game's own keys of this unit


def check_keys(d: Mapping[str, Any], known: Collection[str], where: str) -> None:
    """Refuse a key the game does not read: a typo must not be ignored."""
    extra = [k for k in d if k not in known]
    if extra:
        raise MalformedError(f"{where}: unknown key {excerpt(extra[0], 40)} (known: {', '.join(sorted(known))})")


def read_int(d: Mapping[str, Any], key: str, where: str, default: int | None = None,
             low: int = 0, high: int = 10_000) -> int:
    if key not in d:
        if default is None:
            raise MalformedError(f"{where}: missing '{key}'")
        return default
    v = d[key]
    if not isinstance(v, int) or isinstance(v, bool) or not low <= v <= high:
        raise MalformedError(f"{where}.{key}: expected a whole number from {low} to {high}, found {excerpt(v)}")
    return v


def read_hex(text: Any, board: Any, where: str) -> Hex:
    """A hex of the board, by its printed id (written in quotes: 0505, B34.16)."""
    if isinstance(text, int) and not isinstance(text, bool):
        raise MalformedError(f"{where}: {text} is a number; write hex ids in quotes (\"{text:04d}\")")
    if not isinstance(text, str):
        raise MalformedError(f"{where}: expected a hex id, found {excerpt(text)}")
    try:
        h = parse_hex(text)
    except MalformedError as e:
        raise MalformedError(f"{where}: {e}") from None
    if h not in board:
        raise MalformedError(f"{where}: hex {hex_name(h)} is not on the map")
    return h


def read_units(position: Mapping[str, Any], board: Any, known: Collection[str],
               unit_keys: Collection[str] = ("hex", "steps", "where", "identity", "revealed"),
               wheres: Collection[str] = ("map", "eliminated")) -> dict[str, Placed]:
    """The ``units`` mapping of a position: ``id: hex`` for a unit at full strength, or
    ``id: {hex, steps, ...}``. ``known``: the unit ids of the scenario."""
    units = position.get("units")
    if not isinstance(units, dict) or not units:
        raise MalformedError("units: expected a mapping of unit ids to hexes (at least one unit)")
    out: dict[str, Placed] = {}
    for uid, v in units.items():
        where = f"units.{uid}"
        if not isinstance(uid, str) or uid not in known:
            raise MalformedError(f"units: {excerpt(uid, 40)} is not a unit of this scenario")
        if not isinstance(v, dict):
            out[uid] = Placed(uid, read_hex(v, board, where))
            continue
        check_keys(v, unit_keys, where)
        at = v.get("where", "map")
        if at not in wheres:
            raise MalformedError(f"{where}.where: {excerpt(at, 30)} is not a place a unit can be "
                                 f"({', '.join(wheres)})")
        if at == "map":
            h: Hex | None = read_hex(v.get("hex"), board, f"{where}.hex")
        elif "hex" in v:
            raise MalformedError(f"{where}: a unit that is {at} has no hex")
        else:
            h = None
        steps = read_int(v, "steps", where, default=0, low=1, high=100) if "steps" in v else None
        ident = v.get("identity", "")
        if not isinstance(ident, str):
            raise MalformedError(f"{where}.identity: expected a unit identity, found {excerpt(ident)}")
        revealed = v.get("revealed", True)
        if not isinstance(revealed, bool):
            raise MalformedError(f"{where}.revealed: expected true or false, found {excerpt(revealed)}")
        rest = {k: x for k, x in v.items() if k not in ("hex", "steps", "where", "identity", "revealed")}
        out[uid] = Placed(uid, h, steps, at, ident, revealed, rest or None)
    return out


def read_phase(position: Mapping[str, Any], phase_ids: Collection[str]) -> str:
    phase = position.get("phase")
    if not isinstance(phase, str) or phase not in phase_ids:
        raise MalformedError(f"phase: {excerpt(phase, 40)} is not a phase of this game (its phases: "
                             f"{', '.join(phase_ids)})")
    return phase


def read_sides(position: Mapping[str, Any], key: str, sides: Collection[str], values: Collection[str] | None,
               where: str | None = None) -> dict[str, str]:
    """A mapping of each side to one of ``values`` (a posture ...): ``{german: engage}``."""
    d = position.get(key, {})
    if not isinstance(d, dict):
        raise MalformedError(f"{where or key}: expected a mapping of sides to values")
    out = {}
    for s, v in d.items():
        if s not in sides:
            raise MalformedError(f"{where or key}: {excerpt(s, 30)} is not a side ({', '.join(sides)})")
        if not isinstance(v, str) or (values is not None and v not in values):
            raise MalformedError(f"{where or key}.{s}: {excerpt(v, 30)} is not one of {', '.join(values or ())}")
        out[str(s)] = v
    return out


def read_control(position: Mapping[str, Any], board: Any, sides: Collection[str]) -> dict[Hex, str]:
    """``control: {"0607": axis}``: who holds the named hexes."""
    d = position.get("control", {})
    if not isinstance(d, dict):
        raise MalformedError("control: expected a mapping of hexes to sides")
    out = {}
    for h, s in d.items():
        if s not in sides:
            raise MalformedError(f"control.{h}: {excerpt(s, 30)} is not a side ({', '.join(sides)})")
        out[read_hex(h, board, f"control.{h}")] = str(s)
    return out


def stacks_of_one_side(state: Any, side_of: Callable[[str], str]) -> dict[Hex, list[str]]:
    """The units on the map by hex, after checking that no hex holds units of two sides (a
    lesson's position must be one the game could reach). Each game then checks its own
    stacking rule on the stacks returned."""
    at: dict[Hex, list[str]] = {}
    for u in state.units.values():
        if u.where == "map":
            at.setdefault(u.map_hex, []).append(u.id)
    for h, ids in sorted(at.items()):
        if len({side_of(i) for i in ids}) > 1:
            raise MalformedError(f"units: {' and '.join(sorted(ids))} are enemies in one hex ({hex_name(h)})")
    return at


def check_stacking(rules: Any, state: Any) -> None:
    """Each hex's units of one side, and no stack over the game's limit (the rules'
    ``stack_problem`` on the stack's printed counters): a classic game's whole check."""
    at = stacks_of_one_side(state, rules.side)
    for h, ids in sorted(at.items()):
        why = rules.stack_problem([rules.specs[state.units[i].spec] for i in ids])
        if why is not None:
            raise MalformedError(f"units: {hex_name(h)} is overstacked ({why.rule}: {why.reason})")
