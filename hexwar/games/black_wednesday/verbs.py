"""This game's own verbs in the action notation (registered at import).

- ``pfa <firer> <target unit>``: a point fire attack (TCS-lite §9)
- ``assault <hex> <unit> ...``: an assault on a hex (§11.1)
- ``breach <unit> <hex>``: a wire breach attempt (BW 1.4b, §7.4)
- ``mode <unit> move|fire``: a mode change (§5)
- ``call <spotter> <artillery> <hex> he|smoke|illum [fast] [trp <hex>]``: an artillery mission (§13)
- ``manhandle <unit> <hex>``: a tow-only unit man-handled into or out of the Hospital (BW 1.1e)

An SFA (area fire) is the core ``attack <hex> <unit> ...``; set-up is ``place``; the Prep
Log, reserve releases, initiative and standing choices are ``choose``.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import register_verb
from ...core.errors import MalformedError
from ...core.hexgrid import Hex, hex_name, parse_hex


@dataclass(frozen=True)
class PointFire:
    firer: str
    target: str

    def notation(self) -> str:
        return f"pfa {self.firer} {self.target}"


@dataclass(frozen=True)
class Assault:
    target: Hex
    units: tuple[str, ...]

    def notation(self) -> str:
        return f"assault {hex_name(self.target)} {' '.join(self.units)}"


@dataclass(frozen=True)
class Breach:
    unit: str
    hex: Hex

    def notation(self) -> str:
        return f"breach {self.unit} {hex_name(self.hex)}"


@dataclass(frozen=True)
class Mode:
    unit: str
    mode: str  # "move" or "fire"

    def notation(self) -> str:
        return f"mode {self.unit} {self.mode}"


@dataclass(frozen=True)
class Call:
    spotter: str
    artillery: str
    target: Hex
    ammo: str = "he"
    fast: bool = False
    trp: Hex | None = None

    def notation(self) -> str:
        out = f"call {self.spotter} {self.artillery} {hex_name(self.target)} {self.ammo}"
        if self.fast:
            out += " fast"
        if self.trp is not None:
            out += f" trp {hex_name(self.trp)}"
        return out


def he_calls(spotter: str, artillery: str, targets: list[Hex]) -> list[Call]:
    """``[Call(spotter, artillery, h) for h in targets]``, made without the frozen dataclass's
    ``__init__`` (an ``object.__setattr__`` call a field): equal objects in a third of the time,
    for the listings that offer tens of thousands of calls for fire (Scenario 6)."""
    new = object.__new__
    out = []
    for h in targets:
        c = new(Call)
        c.__dict__.update(spotter=spotter, artillery=artillery, target=h, ammo="he", fast=False, trp=None)
        out.append(c)
    return out


@dataclass(frozen=True)
class ManHandle:
    unit: str
    hex: Hex

    def notation(self) -> str:
        return f"manhandle {self.unit} {hex_name(self.hex)}"


def _manhandle(args):
    if len(args) != 2:
        raise MalformedError("manhandle needs a unit and a hex")
    return ManHandle(args[0], parse_hex(args[1]))


def _pfa(args):
    if len(args) != 2:
        raise MalformedError("pfa needs a firer and a target unit")
    return PointFire(args[0], args[1])


def _assault(args):
    if len(args) < 2:
        raise MalformedError("assault needs a hex and at least one unit")
    return Assault(parse_hex(args[0]), tuple(args[1:]))


def _breach(args):
    if len(args) != 2:
        raise MalformedError("breach needs a unit and a hex")
    return Breach(args[0], parse_hex(args[1]))


def _mode(args):
    if len(args) != 2 or args[1] not in ("move", "fire"):
        raise MalformedError("mode needs a unit and 'move' or 'fire'")
    return Mode(args[0], args[1])


def _call(args):
    if len(args) < 4 or args[3] not in ("he", "smoke", "illum"):
        raise MalformedError("call needs a spotter, an artillery unit, a hex and 'he', 'smoke' or 'illum'")
    rest = list(args[4:])
    fast = False
    trp = None
    while rest:
        w = rest.pop(0)
        if w == "fast":
            fast = True
        elif w == "trp" and rest:
            trp = parse_hex(rest.pop(0))
        else:
            raise MalformedError(f"unexpected word {w!r} in a call")
    return Call(args[0], args[1], parse_hex(args[2]), args[3], fast, trp)


for _verb, _parser in (("pfa", _pfa), ("assault", _assault), ("breach", _breach), ("mode", _mode), ("call", _call),
                        ("manhandle", _manhandle)):
    register_verb(_verb, _parser)
