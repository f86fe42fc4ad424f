"""What the game contract says beyond legal / check / apply: decisions and previews.

A *decision* is one thing the acting player must decide now (where a unit retreats, which
posture to take, which units attack a hex), with every option and, for each option, its
consequence in plain words computed by the engine and the rule behind it. A *preview* is
what an action would bring before it is taken: the odds or the fire column worked out line
by line, and the chance of each result. Both are values: the client draws them, the
computer players read them, the tests check them, and none of them needs the rules object.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import Action
from .errors import Illegal
from .hexgrid import Hex

# How bad a consequence is. The client shows it by a word and a mark, never by colour alone.
HARMLESS, COSTLY, FATAL = 0, 1, 2


@dataclass(frozen=True)
class Consequence:
    """What an option does, in plain words, before it is chosen."""

    text: str  # "no loss", "loses a step: the path enters an enemy zone of control"
    rule: str = ""
    level: int = HARMLESS  # HARMLESS, COSTLY or FATAL
    figure: str = ""  # a short label for the map (a move's "3" MP); "" for none

    def __str__(self) -> str:
        return f"{self.text} ({self.rule})" if self.rule else self.text


@dataclass(frozen=True)
class Option:
    """One option of a decision: the action it stands for, its label and its consequence.

    ``refusal`` is set for an option the rules list but do not allow now (a posture the
    situation forbids): it is shown, greyed, with the reason, and cannot be chosen."""

    action: Action
    label: str
    consequence: Consequence | None = None
    refusal: Illegal | None = None

    @property
    def legal(self) -> bool:
        return self.refusal is None


@dataclass(frozen=True)
class Decision:
    """One thing the acting player must (or may) decide now.

    ``key`` names it: the action kind (``move``, ``place``, ``attack``, ``resolve``,
    ``retreat``, ``loss``, ``advance``, ``roll``, ``remove``, ``restore``, ``end``), a named
    choice (``choose:posture``) or a game's own verb (``verb:breach``). ``stage`` is the
    pending battle step it belongs to (``retreat``, ``defender_loss`` ...), if any."""

    key: str
    side: str | None
    title: str
    rule: str
    prompt: str  # what to do, in plain words
    help: str = ""
    options: tuple[Option, ...] = ()
    secret: bool = False  # the other side must not see the option taken (until revealed)
    stage: str = ""
    # What the position itself says of this decision now (why every option costs, say), from the
    # rules' decision_words "note"; empty when there is nothing to add.
    note: str = ""

    def option_for(self, action: Action) -> Option | None:
        return next((o for o in self.options if o.action == action), None)


@dataclass(frozen=True)
class Outcome:
    """One possible result of an action and its chance (0..1)."""

    code: str  # "DRL", "2 hits", "pinned"
    text: str  # plain words
    chance: float
    rule: str = ""
    level: int = HARMLESS  # for the side taking the action: how bad it is for them


@dataclass(frozen=True)
class PreviewLine:
    """One line of how a figure is made: a unit's strength, a shift, a modifier."""

    text: str
    rule: str = ""
    value: str = ""  # "+1 column", "x1/2", "6"
    indent: int = 0


@dataclass(frozen=True)
class Preview:
    """What an action would bring, worked out by the engine before it is taken.

    ``figure`` is the headline ("3:1", "column 12, +2"); ``lines`` say how it was reached;
    ``outcomes`` give each result's chance. ``refusal`` is set when the action as it stands
    is not allowed (the preview then says why instead of guessing). ``detail`` carries the
    game's own object (the core's ``Odds``, a fire table row) for a game's own drawing."""

    title: str
    figure: str = ""
    lines: tuple[PreviewLine, ...] = ()
    outcomes: tuple[Outcome, ...] = ()
    refusal: Illegal | None = None
    note: str = ""
    detail: Any = None

    def chance(self, code: str) -> float:
        return sum(o.chance for o in self.outcomes if o.code == code)


@dataclass(frozen=True)
class MapLayer:
    """Hexes the engine marks for a player who asks why (the client's explain mode): zones
    of control, units cut off from their edge, overstacked hexes. ``key`` names the kind
    (the client draws the known ones in their own pattern, any other plainly)."""

    key: str  # "zoc", "cut", "over", or a game's own
    hexes: frozenset[Hex]
    label: str  # the legend's line, plain words
    rule: str = ""


@dataclass(frozen=True)
class StandingLine:
    """One line of where a game stands against its victory conditions, at a glance: a label,
    the figure now and what it is measured against ("Cities held by the Axis", "9 of 16",
    "16 win, 15 draw"), with the rule."""

    label: str
    figure: str
    target: str = ""  # what the figure is measured against, in plain words
    rule: str = ""
    side: str | None = None  # the side the figure counts for, if one

    def __str__(self) -> str:
        return (f"{self.label}: {self.figure}" + (f" ({self.target})" if self.target else "")
                + (f" [{self.rule}]" if self.rule else ""))


@dataclass(frozen=True)
class ResultTable:
    """A results table (a CRT, a fire table) as a player reads it, with the column a battle or
    a fire would be read on: ``columns`` are the column heads ("1:1", "3", "8-1"), ``rows``
    each row's label (the die roll) and its cells, ``column`` the index of the column in use
    (None: none, or the whole table for reference), ``note`` how results past the table's
    ends are read."""

    title: str
    rule: str
    columns: tuple[str, ...]
    rows: tuple[tuple[str, tuple[str, ...]], ...]
    column: int | None = None
    row_head: str = "Roll"
    column_head: str = ""  # what the columns are ("odds", "firepower column")
    note: str = ""

    def cells(self, k: int) -> tuple[str, ...]:
        """Column ``k`` top to bottom."""
        return tuple(cells[k] for _, cells in self.rows)


@dataclass(frozen=True)
class RollOutcome:
    """One result a die roll could have given, for the luck report."""

    code: str  # "DRL", "D BACK 2"
    chance: float  # 0..1
    score: float  # how good it is for the side the roll was for (higher: better)
    losses: tuple[tuple[str, float], ...] = ()  # (side, steps or units lost) the result brings, nominally


@dataclass(frozen=True)
class RollOdds:
    """What a die roll could have brought, and what it brought (a game's ``roll_odds`` hook)."""

    side: str | None  # whom the roll was for (the attacker of a battle)
    table: str  # what it was read on: "CRT 3:1"
    outcomes: tuple[RollOutcome, ...]  # every result the table gives, with its chance
    result: str  # the code the roll gave
    rule: str = ""

    def outcome(self, code: str) -> RollOutcome | None:
        return next((o for o in self.outcomes if o.code == code), None)
