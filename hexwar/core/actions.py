"""Actions a player takes, events the rules report, and the readable notation of both.

Every action has a one-line text form (``notation``) and ``parse_action`` reads it back:

>>> parse_action("move G-III 0203 0304").notation()
'move G-III 0203 0304'
>>> parse_action("attack 0406 G-III G-XIV")
Attack(target=Hex(0406), attackers=('G-III', 'G-XIV'))
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

from .errors import MalformedError
from .hexgrid import Hex, hex_name, parse_hex


def _hexes(hs: tuple[Hex, ...]) -> str:
    return " ".join(hex_name(h) for h in hs)


@dataclass(frozen=True)
class Place:
    """Put a unit on the map: set-up, reinforcement, or a rebuilt unit (replacement)."""

    unit: str
    hex: Hex

    def notation(self) -> str:
        return f"place {self.unit} {hex_name(self.hex)}"


@dataclass(frozen=True)
class Move:
    """Move a unit along a path (the hexes entered, in order, ending at its destination)."""

    unit: str
    path: tuple[Hex, ...]

    @property
    def dest(self) -> Hex:
        return self.path[-1]

    def notation(self) -> str:
        return f"move {self.unit} {_hexes(self.path)}"


def moves_along(unit: str, paths: Iterable[tuple[Hex, ...]]) -> list[Move]:
    """``[Move(unit, p) for p in paths]``, made without the frozen dataclass's ``__init__`` (an
    ``object.__setattr__`` call a field): equal objects in half the time, for the listings that
    offer tens of thousands of moves (hundreds of units entering at once)."""
    new = object.__new__
    out = []
    for p in paths:
        m = new(Move)
        d = m.__dict__
        d["unit"] = unit
        d["path"] = p
        out.append(m)
    return out


@dataclass(frozen=True)
class Attack:
    """Declare a battle against the units in ``target``."""

    target: Hex
    attackers: tuple[str, ...]

    def notation(self) -> str:
        return f"attack {hex_name(self.target)} {' '.join(self.attackers)}"


@dataclass(frozen=True)
class Resolve:
    """Start resolving a declared battle (untried units are revealed now)."""

    target: Hex

    def notation(self) -> str:
        return f"resolve {hex_name(self.target)}"


@dataclass(frozen=True)
class Roll:
    """Commit support (if any) and roll the die for the battle being resolved."""

    support: str | None = None

    def notation(self) -> str:
        return "roll" + (f" {self.support}" if self.support else "")


@dataclass(frozen=True)
class Loss:
    """Take a step loss from this unit (the owner's or the attacker's choice, as the result says)."""

    unit: str

    def notation(self) -> str:
        return f"loss {self.unit}"


@dataclass(frozen=True)
class Retreat:
    """Retreat a unit along a path of hexes (the attacker chooses among the legal paths)."""

    unit: str
    path: tuple[Hex, ...]

    def notation(self) -> str:
        return f"retreat {self.unit} {_hexes(self.path)}"


@dataclass(frozen=True)
class Advance:
    """Advance one attacking unit into the vacated hex, or decline (``unit`` None)."""

    unit: str | None

    def notation(self) -> str:
        return f"advance {self.unit or 'none'}"


@dataclass(frozen=True)
class Restore:
    """Spend a replacement step to flip a reduced unit on the map to full strength."""

    unit: str

    def notation(self) -> str:
        return f"restore {self.unit}"


@dataclass(frozen=True)
class Remove:
    """Remove a unit from an overstacked hex (its owner chooses)."""

    unit: str

    def notation(self) -> str:
        return f"remove {self.unit}"


@dataclass(frozen=True)
class EndPhase:
    """Finish the current phase or step."""

    def notation(self) -> str:
        return "end"


@dataclass(frozen=True)
class Choose:
    """Pick one value for a named decision the rules ask for (a posture, an
    artillery battery for a unit, an option offered by a result …).

    ``what`` names the decision, ``value`` the choice; games give both meaning.
    """

    what: str
    value: str

    def notation(self) -> str:
        return f"choose {self.what} {self.value}"


Action = Place | Move | Attack | Resolve | Roll | Loss | Retreat | Advance | Restore | Remove | EndPhase | Choose

# Extra verbs a game package adds to the notation: verb -> parser of the arguments.
# Games register at import time, so records of their actions parse anywhere.
# A parser returns a game's own action class, which the ``Action`` union does not list.
VerbParser = Callable[[list[str]], Any]
_EXTRA_VERBS: dict[str, VerbParser] = {}


def register_verb(verb: str, parser: VerbParser) -> None:
    """Teach ``parse_action`` a game's own verb. ``parser(args)`` gets the words after
    the verb and returns the action, or raises MalformedError / ValueError."""
    if verb in _CORE_VERBS:
        raise ValueError(f"verb {verb!r} is a core verb")
    _EXTRA_VERBS[verb] = parser


def parse_action(text: str) -> Action:
    """Read an action from its notation; raises MalformedError."""
    parts = str(text).split()
    if not parts:
        raise MalformedError("empty action")
    verb, args = parts[0].lower(), parts[1:]
    try:
        if verb == "end" and not args:
            return EndPhase()
        if verb == "place" and len(args) == 2:
            return Place(args[0], parse_hex(args[1]))
        if verb == "move" and len(args) >= 2:
            return Move(args[0], tuple(parse_hex(a) for a in args[1:]))
        if verb == "attack" and len(args) >= 2:
            return Attack(parse_hex(args[0]), tuple(args[1:]))
        if verb == "resolve" and len(args) == 1:
            return Resolve(parse_hex(args[0]))
        if verb == "roll" and len(args) <= 1:
            return Roll(args[0] if args else None)
        if verb == "loss" and len(args) == 1:
            return Loss(args[0])
        if verb == "retreat" and len(args) >= 1:
            return Retreat(args[0], tuple(parse_hex(a) for a in args[1:]))
        if verb == "advance" and len(args) == 1:
            return Advance(None if args[0] == "none" else args[0])
        if verb == "restore" and len(args) == 1:
            return Restore(args[0])
        if verb == "remove" and len(args) == 1:
            return Remove(args[0])
        if verb == "choose" and len(args) == 2:
            return Choose(args[0], args[1])
        if verb in _EXTRA_VERBS:
            action: Action = _EXTRA_VERBS[verb](args)
            return action
    except (MalformedError, ValueError, IndexError) as e:
        raise MalformedError(f"bad action {text!r}: {e}") from None
    raise MalformedError(f"bad action {text!r}: unknown verb or wrong number of arguments")


@dataclass(frozen=True)
class Event:
    """Something that happened, for the log, the UI and the tests.

    ``kind`` is a short machine name (``moved``, ``die_rolled``, ``revealed`` …),
    ``text`` a plain sentence, ``data`` the figures.
    """

    kind: str
    text: str
    data: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)

    def __str__(self) -> str:
        return self.text


_CORE_VERBS = frozenset(
    {"end", "place", "move", "attack", "resolve", "roll", "loss", "retreat", "advance", "restore", "remove", "choose"}
)

# Events after which undo may not go back: a die was cast or hidden information shown.
COMMIT_EVENTS = frozenset({"die_rolled", "revealed", "drawn"})
