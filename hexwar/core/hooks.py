"""The parts of the contract a game's rules object may fill in; the defaults say nothing.

Every rules object derives from ``RulesHooks`` (``PhasedRules`` does), so ``Game`` can ask any
game for a preview or a consequence without probing for attributes. A game overrides what it
can say: the odds of a battle and the cost of a retreat path in a game of odds and retreats,
the fire table row of a fire mission in a game of artillery, and so on.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from .actions import Action, Event
from .contract import Consequence, MapLayer, Preview, ResultTable, RollOdds, StandingLine
from .errors import HexwarError, Illegal
from .hexgrid import Hex


class RulesHooks:
    def phase_id(self, state: Any) -> str:
        """The id of the phase ``state`` is in (an id of the entry's ``sequence``)."""
        return str(state.phase)

    def turn_of(self, state: Any) -> int:
        """The game turn ``state`` is in."""
        return int(state.turn)

    def stage_of(self, state: Any) -> tuple[str, str]:
        """The pending step inside the phase, if any: (its kind, the hex it is about, by name)."""
        st = getattr(state, "stage", None)  # the shared State's battle step (core.state.Stage)
        if st is None:
            return "", ""
        from .hexgrid import hex_name

        return str(st.kind), hex_name(st.target) if getattr(st, "target", None) is not None else ""

    def option_label(self, state: Any, action: Action) -> str | None:
        """A short label for an option (None: the generic one)."""
        return None

    def consequence(self, state: Any, action: Action) -> Consequence | None:
        """What taking ``action`` now does, in plain words (a retreat path's loss, a posture's
        phases), or None when there is nothing to say beyond the action itself."""
        return None

    def choice_info(self, state: Any, what: str) -> dict[str, Any]:
        """Title, rule, help and every value (legal now or not) of a named decision."""
        return {}

    def preview(self, state: Any, action: Action) -> Preview | None:
        """What ``action`` would bring (odds, fire, morale, result chances), or None."""
        return None

    def public_state(self, state: Any, side: str) -> Any:
        """A copy of ``state`` holding only what ``side`` may know (hidden values replaced by
        what is public about them). The default copies: a game with nothing hidden."""
        return state.copy() if hasattr(state, "copy") else copy.deepcopy(state)

    def facts(self, state: Any, side: str) -> Any:
        """The game's read-only questions about a (public) state, for computer players:
        zones, reach, odds, victory counts ... None: the game offers none."""
        return None

    def why_not_reach(self, state: Any, uid: str, dest: Hex) -> Illegal | None:
        """Why ``uid`` cannot move to ``dest`` now, in the rule's words (None: it can, or the
        game says nothing beyond ``check``). The client shows it when the pointer rests on a
        hex the selected unit cannot reach."""
        return None

    def hex_notes(self, state: Any, h: Hex, side: str | None) -> tuple[str, ...]:
        """What the rules say about a hex now, in plain words with rule numbers (its movement
        cost, whose zone of control it is in, a stack cut off or overstacked there)."""
        return ()

    def map_layers(self, state: Any, side: str | None) -> tuple[MapLayer, ...]:
        """The hexes to mark when ``side``'s player asks the client to explain the map."""
        return ()

    # --- what a newcomer reads at a glance (issue 17) ------------------------------------
    def decision_words(self, state: Any, key: str) -> dict[str, str]:
        """Words for the decision ``key`` (``Decision.key``) that depend on the position, over
        the entry's: ``title``, ``prompt`` (``{side}`` and ``{hex}`` are filled in), ``help``, and
        ``note``: what the position says of the decision now (why every option costs, say).
        {} (the default): the entry's words stand."""
        return {}

    def keep_together(self, state: Any, uid: str) -> tuple[str, int] | None:
        """The group ``uid`` should be placed near, when several units come on at once: (the
        group's name, the most hexes any two of its units may be apart), or None (no limit)."""
        return None

    def standing(self, state: Any, side: str | None) -> tuple[StandingLine, ...]:
        """Where the game stands against its victory conditions now, as ``side``'s player may
        know it: a few lines, each with its figure and what it is measured against."""
        return ()

    def result_table(self, state: Any, action: Action | None) -> ResultTable | None:
        """The results table ``action`` (a battle, a fire) would be read on, with its column
        marked; for None the whole table, no column marked. None: the game has no such table."""
        return None

    def for_player(self, text: str) -> str:
        """A text of the engine's (a refusal, a rule cited, a preview line, an event, a computer
        player's reason) as a player reads it. The default leaves it as it is; a game whose
        citations are internal ids (rule-case ids of its own making) names the rulebook's
        sections instead."""
        return text

    def lesson_state(self, position: Mapping[str, Any], dice: Any) -> tuple[Any, list[Event]]:
        """A state standing at a lesson's position (``position``: the lesson file's mapping of
        that name: units and their hexes, steps and state, the turn, the phase, the game's own
        keys) and the events that set it up. ``dice`` are the lesson's dice. A position the game
        cannot stand in (an unknown unit, a hex off the map, an overstacked hex ...) raises
        ``MalformedError`` saying what is wrong; the lesson loader names the file. A game that
        gives no lessons need not override this."""
        name = getattr(self, "game_id", type(self).__name__)
        raise HexwarError(f"{name} cannot set up a lesson's position: its rules give no lesson_state "
                          "(see docs/lessons.md)")

    # --- the luck report (hexwar.luck) ----------------------------------------------------
    def roll_odds(self, state: Any, action: Action, events: list[Event]) -> tuple[RollOdds | None, ...]:
        """For each die roll ``action`` made (``events``: what it brought; ``state``: the state
        before it), the table it was read on: every result with its chance and how good it is
        for the side it was rolled for. () when the game says nothing: the luck report then
        weighs each roll against the average of its dice; None in the tuple does so for one
        roll (the k-th entry answers the k-th die event: ``die_rolled``, or ``die_replayed``
        for a die told again with what it was read on once an owner's choice is made; the
        report then drops the dice's first, plain telling)."""
        return ()

    def side_strength(self, state: Any) -> dict[str, tuple[int, int]]:
        """(units, steps) each side has on the map. The default reads the shared ``State``'s
        units and the rules' ``side_of(uid)`` or ``side(uid)``; a game with other units overrides it."""
        side = getattr(self, "side_of", None) or getattr(self, "side", None)
        units = getattr(state, "units", None)
        out: dict[str, tuple[int, int]] = {s: (0, 0) for s in getattr(self, "sides", ())}
        if not callable(side) or not isinstance(units, dict):
            return out
        for u in units.values():
            if getattr(u, "where", None) != "map":
                continue
            s = side(u.id)
            n, steps = out.get(s, (0, 0))
            out[s] = (n + 1, steps + int(getattr(u, "steps", 1)))
        return out

    def losses(self, before: Any, after: Any) -> Mapping[str, tuple[int, int]] | None:
        """(units, steps) each side lost from ``before`` to ``after`` (one action), counted
        exactly: a unit that comes onto the map and dies in the same action counts too. None
        (the default): the luck report reads the drop of ``side_strength`` instead, which
        misses what comes and goes within one action."""
        return None

    def score(self, state: Any) -> tuple[str, dict[str, float]]:
        """What decides the game as it stands, per side: (what is counted, each side's count).
        The default counts the places (cities) each side holds, when the state keeps control."""
        control = getattr(state, "control", None)
        board = getattr(self, "board", None)
        if not isinstance(control, dict) or not control or board is None or not getattr(board, "places", None):
            return "", {}  # nothing counted: no places, or a game that keeps no control of them
        out: dict[str, float] = {s: 0.0 for s in getattr(self, "sides", ())}
        for h in board.places:
            s = control.get(h)
            if s is not None:
                out[s] = out.get(s, 0.0) + 1
        return "cities held", out
