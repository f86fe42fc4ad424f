"""The plug-in point: what a game tells the rest of hexwar about itself.

Each game package exports one ``GAME = GameEntry(...)`` (the role of python-chess's variant
class attributes, or of boardgame.io's game object). The session opens games through it; the
client, the computer players, the fuzzer, the benchmarks and the tournament find games only
through the registry of these entries (``hexwar.games``). Everything here is data and plain
callables: the core knows no particular game.
"""
from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

RGB = tuple[int, int, int]


@dataclass(frozen=True)
class SideInfo:
    """One side of the game, as the players and the screen know it."""

    id: str
    name: str  # "Soviet"
    colour: RGB  # its chips and markers
    letter: str  # drawn beside the colour, so no side is told by colour alone
    round: bool = False  # its chips are round (the other side's square): a shape, not only a colour
    text_colour: RGB = (255, 255, 255)


@dataclass(frozen=True)
class NationInfo:
    """A nation of the counters (several may fight on one side)."""

    id: str
    name: str
    colour: RGB | None = None  # counter face; None: the side's
    text_colour: RGB | None = None


@dataclass(frozen=True)
class PhaseInfo:
    """One phase of the sequence of play: who acts, what kind of step it is, and the rule.

    ``kind`` tells the client which widgets serve it: ``setup`` and ``buildup`` (a tray of
    counters to place), ``movement`` and ``special`` (units move on the map), ``combat``
    (battles declared on the map, then resolved), ``action`` (a phase that mixes moves, fire
    and assaults), ``choice`` (decisions in the side panel) and ``housekeeping``.
    """

    id: str
    name: str
    side: str | None  # who acts in it (None: nobody, or each side in turn)
    kind: str
    rule: str
    summary: str = ""  # one line in plain words
    help: tuple[str, ...] = ()  # paragraphs in plain words; the first is the short version
    # Non-empty: every decision of this phase is one side's secret plan, kept from the other
    # side for good; the other side reads this instead (a plotted bombardment, say).
    secret: str = ""


@dataclass(frozen=True)
class StepInfo:
    """The words for a decision inside a phase: a battle step (``retreat``), a named choice
    (``choose:posture``) or a game's own verb (``verb:breach``)."""

    key: str
    title: str
    rule: str
    help: str = ""
    # What the deciding player reads, with ``{side}`` and ``{hex}`` filled in; "" for a
    # prompt made from the title.
    prompt: str = ""
    # The choice is secret until a ``revealed`` event (simultaneous choices).
    secret: bool = False


@dataclass(frozen=True)
class OptionInfo:
    """A rule option of the game (optional rules, variants, balance): on or off."""

    id: str
    default: bool
    title: str  # the menu's label
    rule: str = ""
    help: str = ""  # the tooltip: what it changes, in plain words


def options_from(table: Mapping[str, tuple[bool, str]],
                 titles: Mapping[str, str] | None = None) -> tuple[OptionInfo, ...]:
    """Options from a game's ``{id: (default, description)}`` table, the rule read from the
    description: "13.0: ..." (a rule number first) or "... (OPT-AIR-POWER)" (an id last)."""
    out = []
    for oid, (default, desc) in table.items():
        text, rule = str(desc), ""
        m = re.match(r"^\s*([0-9§][0-9.]*[a-z]?)\s*:\s*(.*)$", text, re.S)
        if m:
            rule, text = m.group(1), m.group(2)
        else:
            m = re.search(r"\s*\(([A-Z][A-Z0-9-]+|decision [A-Z0-9-]+)\)\s*$", text)
            if m:
                rule, text = m.group(1), text[:m.start()]
            if ":" in text:  # "Optional rule Allied Air Power: from 22 February ..." -> "Allied Air Power: ..."
                head, tail = text.split(":", 1)
                text = head.replace("Optional rule", "").strip() + ":" + tail
        title = (titles or {}).get(oid) or (text[:1].upper() + text[1:]).strip()
        out.append(OptionInfo(oid, bool(default), title, rule, str(desc)))
    return tuple(out)


def option_values(table: Mapping[str, tuple[bool, str]], given: Mapping[str, Any] | None) -> dict[str, bool]:
    """The options in force: the defaults of a game's ``{id: (default, description)}`` table,
    changed by ``given``; KeyError for an option the table does not have."""
    out = {k: bool(v[0]) for k, v in table.items()}
    for k, v in (given or {}).items():
        if k not in table:
            raise KeyError(k)
        out[k] = bool(v)
    return out


@dataclass(frozen=True)
class GameEntry:
    """A game as the rest of hexwar sees it."""

    id: str  # the id records and the command line use: lower case words joined by hyphens
    title: str
    sides: tuple[SideInfo, ...]
    sequence: tuple[PhaseInfo, ...]  # every phase of the sequence of play, in order
    # (board, scenario, options) -> the game's rules object (the ``Ruleset`` of core.game)
    make_rules: Callable[[Any, Any, dict[str, Any]], Any]
    # (scenario file, maps folder) -> (board, scenario): reads and checks the game's files
    load: Callable[[Path, Path], tuple[Any, Any]]
    options: tuple[OptionInfo, ...] = ()
    steps: tuple[StepInfo, ...] = ()
    nations: tuple[NationInfo, ...] = ()
    default_scenario: str = "standard"
    # Scenarios too large for uniform random play to finish; random-play tools skip them.
    large_scenarios: frozenset[str] = frozenset()
    # Modules of the game's own folders in the upper floors, named (not imported) here so
    # that the floors stay in order: ``ai`` exports ``PLAYERS`` (level -> player factory),
    # ``client`` exports ``CLIENT`` (the client extension's class).
    ai: str = ""
    client: str = ""
    # A game shipped outside hexwar keeps its data beside its code: ``<data>/scenarios/<id>/``
    # and ``<data>/maps/``. None: hexwar's own data folders.
    data: Path | None = None
    # Where menus list the game: lower first (the gentlest introductions first).
    order: int = 100
    # Anything else a game's own folders want to share (looked up by key, never required).
    extra: Mapping[str, Any] = field(default_factory=dict)
    # The folder of the game's lessons inside its scenario folder (``scenarios/<id>/<lessons>/``,
    # one YAML file per lesson, see docs/lessons.md); "" for a game without lessons.
    lessons: str = "lessons"
    # The game's rule citations in the rulebook's words, without a game open (the lesson list);
    # None: its citations are the rulebook's own numbers already. An open game says the same
    # through ``Game.for_player``.
    rule_words: Callable[[str], str] | None = None

    # --- lookups ---------------------------------------------------------------------------
    def words(self, text: str) -> str:
        """``text``'s rule citations as the player reads them (``rule_words``)."""
        return self.rule_words(text) if self.rule_words is not None and text else text

    def side(self, side_id: str | None) -> SideInfo | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def side_name(self, side_id: str | None) -> str:
        s = self.side(side_id)
        if s is not None:
            return s.name
        return str(side_id or "nobody").replace("_", " ").title()

    def phase(self, phase_id: str) -> PhaseInfo | None:
        return next((p for p in self.sequence if p.id == phase_id), None)

    def step(self, key: str) -> StepInfo | None:
        return next((s for s in self.steps if s.key == key), None)

    def nation(self, nation_id: str | None) -> NationInfo | None:
        return next((n for n in self.nations if n.id == nation_id), None)

    def option(self, option_id: str) -> OptionInfo | None:
        return next((o for o in self.options if o.id == option_id), None)

    @property
    def option_defaults(self) -> dict[str, bool]:
        return {o.id: o.default for o in self.options}

    @property
    def secret_choices(self) -> frozenset[str]:
        """The ``what`` of every secret ``Choose`` (``choose:<what>`` steps marked secret)."""
        return frozenset(s.key.split(":", 1)[1] for s in self.steps if s.secret and s.key.startswith("choose:"))
