"""This game's own verbs, registered with the core notation at import time.

    support G10-ART G10-AR-1     a battery adds its support factor to one unit's battle
    select 1919 CCA-AR G10-AR-1 G10-AR-2   a German selective attack: the defenders
                                 (joined with '+') then the attackers
    breakdown G10-AR-1           a German unit splits into its two parts
    blow G10-EN / build G10-EN   an engineer destroys or rebuilds the bridge it stands on
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...core import actions as A
from ...core.actions import register_verb
from ...core.errors import MalformedError
from ...core.hexgrid import Hex, hex_name, parse_hex


@dataclass(frozen=True)
class Support:
    battery: str
    unit: str

    def notation(self) -> str:
        return f"support {self.battery} {self.unit}"


@dataclass(frozen=True)
class Select:
    target: Hex
    defenders: tuple[str, ...]
    attackers: tuple[str, ...]

    def notation(self) -> str:
        return f"select {hex_name(self.target)} {'+'.join(self.defenders)} {' '.join(self.attackers)}"


@dataclass(frozen=True)
class Breakdown:
    unit: str

    def notation(self) -> str:
        return f"breakdown {self.unit}"


@dataclass(frozen=True)
class Blow:
    unit: str

    def notation(self) -> str:
        return f"blow {self.unit}"


@dataclass(frozen=True)
class Build:
    unit: str

    def notation(self) -> str:
        return f"build {self.unit}"


# This game's own verbs, and every action its rules take. The core's ``Action`` union lists the
# core's verbs only; the engine hands the rules a registered verb as well (``parse_action``).
Verb = Support | Select | Breakdown | Blow | Build
KPAction = A.Action | Verb


def _one(cls: Callable[[str], Verb]) -> Callable[[list[str]], Verb]:
    def parse(args: list[str]) -> Verb:
        if len(args) != 1:
            raise MalformedError("expected one unit id")
        return cls(args[0])
    return parse


def _support(args: list[str]) -> Support:
    if len(args) != 2:
        raise MalformedError("expected a battery and a unit")
    return Support(args[0], args[1])


def _select(args: list[str]) -> Select:
    if len(args) < 3:
        raise MalformedError("expected a hex, the defenders joined with '+', then the attackers")
    return Select(parse_hex(args[0]), tuple(d for d in args[1].split("+") if d), tuple(args[2:]))


_REGISTERED = False


def register() -> None:
    global _REGISTERED
    if _REGISTERED:
        return
    for verb, parser in (("support", _support), ("select", _select), ("breakdown", _one(Breakdown)),
                         ("blow", _one(Blow)), ("build", _one(Build))):
        try:
            register_verb(verb, parser)
        except ValueError:
            pass
    _REGISTERED = True


register()
