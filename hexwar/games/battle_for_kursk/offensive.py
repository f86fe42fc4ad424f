"""The Offensive (9.2.1) as an action of its own: a battle with a lead unit and
second-echelon supporters. Notation: ``offensive 2113 R-1TA R-1TA R-13A / R-70A R-2TA``
(target, lead, the units attacking from next to the target, then after ``/`` the
supporters)."""
from __future__ import annotations

from dataclasses import dataclass

from ...core.actions import register_verb
from ...core.errors import MalformedError
from ...core.hexgrid import Hex, hex_name, parse_hex


@dataclass(frozen=True)
class Offensive:
    target: Hex
    lead: str
    attackers: tuple[str, ...]
    support: tuple[str, ...]

    def notation(self) -> str:
        return f"offensive {hex_name(self.target)} {self.lead} {' '.join(self.attackers)} / {' '.join(self.support)}"


def _parse(args: list[str]) -> Offensive:
    if "/" not in args or len(args) < 4:
        raise MalformedError("expected: offensive <hex> <lead> <attackers …> / <supporters …>")
    cut = args.index("/")
    return Offensive(parse_hex(args[0]), args[1], tuple(args[2:cut]), tuple(args[cut + 1:]))


register_verb("offensive", _parse)
