"""Which of its game's mechanics a side used, read back from a finished game's record.

A game's computer-player package may export ``MECHANICS``: one ``Mechanic`` per thing the
rules let a side do beyond moving and plain battles (an Offensive, a posture, smoke ...),
each with a test that recognises it in one recorded action (its notation, its events, the
phase it was taken in, the game as it stood before it). ``count_uses`` runs the tests over a
game's history for one side; the tournament prints the totals, so a mechanic the computer
never uses shows as 0. Only the public record is read: actions, events, ``Game.at`` and its
views, never a game's rules or state.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ..core.actions import Action, Event
from ..core.entry import PhaseInfo
from ..core.game import Game
from ..core.hexgrid import hex_ids_of, use_hex_ids


@dataclass(frozen=True)
class Use:
    """One recorded action as a mechanic's test sees it."""

    index: int  # the number of actions applied once it was taken (1 for the first)
    side: str | None  # who took it
    action: Action
    words: tuple[str, ...]  # its notation, word by word (the verb first)
    events: tuple[Event, ...]
    phase: PhaseInfo  # the phase it was taken in
    before: Game  # the game as it stood before it (read only)

    @property
    def verb(self) -> str:
        return self.words[0] if self.words else ""

    def kinds(self) -> set[str]:
        """The kinds of the events it brought."""
        return {e.kind for e in self.events}

    def chose(self, what: str) -> str | None:
        """The value of a ``choose <what> <value>`` action, else None."""
        if len(self.words) == 3 and self.words[0] == "choose" and self.words[1] == what:
            return self.words[2]
        return None

    def unit_before(self, uid: str) -> dict[str, Any] | None:
        """The unit's entry in the acting side's view before the action (None: not listed)."""
        units = self.before.view(self.side).get("units", [])
        return next((u for u in units if u.get("id") == uid), None)

    def rebuilt(self) -> int:
        """1 when it places again a unit from the eliminated box in a build-up phase (the
        games' replacement rules; an arrival is not one), else 0."""
        if self.verb != "place" or self.phase.kind != "buildup" or len(self.words) < 2:
            return 0
        unit = self.unit_before(self.words[1])
        return int(unit is not None and unit.get("where") == "eliminated")


@dataclass(frozen=True)
class Mechanic:
    """One mechanic of a game: its name, the rule, the sides the rules give it to, and how
    many times one recorded action uses it."""

    name: str
    rule: str
    sides: tuple[str, ...]  # () for both sides
    uses: Callable[[Use], int]

    def for_side(self, side: str) -> bool:
        return not self.sides or side in self.sides


def mechanics_of(game_id: str) -> tuple[Mechanic, ...]:
    """The game's ``MECHANICS`` (from its computer-player package), or () if it lists none."""
    from .player import players_module

    mod = players_module(game_id)
    got = getattr(mod, "MECHANICS", ()) if mod is not None else ()
    return tuple(m for m in got if isinstance(m, Mechanic))


def uses_of(game: Game) -> list[Use]:
    """Every action of ``game``'s history as a ``Use`` (notation in the game's own hex ids)."""
    out = []
    with use_hex_ids(hex_ids_of(game.board)):
        for step in game.history():
            before = game.at(step.index - 1)
            words = tuple(step.action.notation().split())
            out.append(Use(step.index, step.side, step.action, words, step.events, before.phase(), before))
    return out


def count_uses(game: Game, side: str, mechanics: Sequence[Mechanic],
               uses: Sequence[Use] | None = None) -> dict[str, int]:
    """How many times ``side`` used each mechanic the rules give it, in ``game``'s record
    (every mechanic of the side is listed, an unused one with 0)."""
    mine = [m for m in mechanics if m.for_side(side)]
    out = {m.name: 0 for m in mine}
    for use in uses_of(game) if uses is None else uses:
        if use.side != side:
            continue
        for m in mine:
            out[m.name] += m.uses(use)
    return out
