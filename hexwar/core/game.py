"""The one contract every game offers.

A ``Ruleset`` holds the game's rules (stateless, shared); a ``Game`` holds one match: the
current state, the dice, the history for undo and looking back, and the record of actions.
The client and the computer players use only ``Game`` (and ``core.position.Position``,
what one side may know of it, for a computer player): legal actions, check, apply, view, decisions,
previews, history. They never reach for the rules object or the state.
"""
from __future__ import annotations

import copy
import hashlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from . import actions as A
from .actions import COMMIT_EVENTS, Action, Event, parse_action
from .contract import Decision, MapLayer, Preview, ResultTable, StandingLine
from .entry import GameEntry, PhaseInfo
from .errors import HexwarError, Illegal, IllegalActionError, MalformedError
from .files import WriteProblem, write_problem
from .hexgrid import Hex

if TYPE_CHECKING:
    from .board import Board


@dataclass(frozen=True)
class Result:
    """How a finished game ended."""

    winner: str | None  # side id, or None for a draw
    level: str  # e.g. "Axis victory", "Draw"
    detail: str = ""


class Ruleset(Protocol):
    @property
    def game_id(self) -> str: ...  # read only: a class attribute of the game's rules

    board: Board

    def new_state(self, dice: Any) -> tuple[Any, list[Event]]: ...

    def legal_actions(self, state: Any) -> list[Action]: ...

    def check(self, state: Any, action: Action) -> Illegal | None: ...

    def apply(self, state: Any, action: Action, dice: Any) -> list[Event]: ...

    def view(self, state: Any, side: str | None) -> dict[str, Any]: ...

    def snapshot(self, state: Any) -> dict[str, Any]: ...

    def result(self, state: Any) -> Result | None: ...

    def acting_side(self, state: Any) -> str | None: ...

    # core.hooks.RulesHooks gives every one of these a default
    def phase_id(self, state: Any) -> str: ...

    def turn_of(self, state: Any) -> int: ...

    def stage_of(self, state: Any) -> tuple[str, str]: ...

    def option_label(self, state: Any, action: Action) -> str | None: ...

    def consequence(self, state: Any, action: Action) -> Any: ...

    def choice_info(self, state: Any, what: str) -> dict[str, Any]: ...

    def preview(self, state: Any, action: Action) -> Preview | None: ...

    def public_state(self, state: Any, side: str) -> Any: ...

    def why_not_reach(self, state: Any, uid: str, dest: Hex) -> Illegal | None: ...

    def hex_notes(self, state: Any, h: Hex, side: str | None) -> tuple[str, ...]: ...

    def map_layers(self, state: Any, side: str | None) -> tuple[MapLayer, ...]: ...

    def facts(self, state: Any, side: str) -> Any: ...

    def decision_words(self, state: Any, key: str) -> dict[str, str]: ...

    def keep_together(self, state: Any, uid: str) -> tuple[str, int] | None: ...

    def standing(self, state: Any, side: str | None) -> tuple[StandingLine, ...]: ...

    def result_table(self, state: Any, action: Action | None) -> ResultTable | None: ...

    def for_player(self, text: str) -> str: ...


@dataclass
class _Entry:
    state: Any  # the state before the action
    dice: Any
    action: Action | None
    events: list[Event] = field(default_factory=list)
    side: str | None = None  # who took the action


@dataclass(frozen=True)
class Step:
    """One action of the game's history, as anyone may look back on it."""

    index: int  # the number of actions applied once it was taken (1 for the first)
    action: Action
    events: tuple[Event, ...]
    side: str | None  # who took it


PAST_REFUSAL = Illegal("history", "you are looking at an earlier position; go back to the present to play")
Saver = Callable[["Game", Any], None]


class Game:
    """One match of a game. Illegal actions leave it untouched."""

    read_only = False

    def __init__(self, rules: Ruleset, state: Any, dice: Any, header: dict[str, Any],
                 start_events: list[Event] | None = None, entry: GameEntry | None = None) -> None:
        self.rules = rules
        self.state = state
        self.dice = dice
        self.header = dict(header)  # game, scenario, seed, options
        self.entry = entry
        self.actions: list[Action] = []
        self._history: list[_Entry] = []
        self._barrier = 0  # undo may not go back past this many actions
        self.start_events = list(start_events or [])
        self.start_state = state  # the position before the first action (read only)
        self.autosave_path: Any = None
        self.autosave_error: Exception | None = None  # the last failed autosave, for the client to show
        self.autosaved: int | None = None  # actions held by the last good autosave (None: none yet)
        self.load_warning: str | None = None  # set by load_record when a save needed attention
        # Writes a record (installed by the session, so the core needs no file format).
        self.saver: Saver | None = None
        # The last listing handed out: (the state it was made for, the number of actions
        # then, the list given, a copy of it), so ``decisions(legal)`` can tell it is current.
        self._listed: tuple[Any, int, list[Action], tuple[Action, ...]] | None = None

    # --- the contract --------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.rules.game_id

    @property
    def board(self) -> Board:
        """The map: terrain, hexsides, places, edges and regions (never changes in a match)."""
        return self.rules.board

    def legal_actions(self) -> list[Action]:
        """Every legal action now."""
        got = list(self.rules.legal_actions(self.state))
        self._listed = (self.state, len(self.actions), got, tuple(got))
        return got

    def check(self, action: Action | str) -> Illegal | None:
        if isinstance(action, str):
            try:
                action = parse_action(action)
            except MalformedError as e:
                return Illegal("notation", str(e))
        return self.rules.check(self.state, action)

    def apply(self, action: Action | str) -> list[Event]:
        """Apply a legal action and return its events; raise IllegalActionError otherwise."""
        if isinstance(action, str):
            action = parse_action(action)
        why = self.rules.check(self.state, action)
        if why is not None:
            raise IllegalActionError(why, action)
        side = self.rules.acting_side(self.state)
        new_state = self.state.copy() if hasattr(self.state, "copy") else copy.deepcopy(self.state)
        new_dice = self.dice.copy()
        events = self.rules.apply(new_state, action, new_dice)
        self._history.append(_Entry(self.state, self.dice, action, events, side))
        self.state, self.dice = new_state, new_dice
        self.actions.append(action)
        if any(e.kind in COMMIT_EVENTS for e in events):
            self._barrier = len(self.actions)
        self._autosave()
        return events

    def _autosave(self) -> None:
        """Write the autosave; a failure (disk full …) is kept for the client to report,
        since the action itself has been applied and must not be reported as refused. The
        saver writes atomically, so a failed write leaves the last good autosave as it was."""
        if self.autosave_path is None or self.saver is None:
            return
        try:
            self.saver(self, self.autosave_path)
        except Exception as e:  # whatever the disk or the saver says, the game goes on
            self.autosave_error = e
            return
        self.autosave_error = None
        self.autosaved = len(self.actions)

    def start_autosave(self, path: Any) -> None:
        """Autosave to ``path`` from now on, beginning now; never raises (see autosave_problem)."""
        self.autosave_path = path
        self._autosave()

    def autosave_problem(self) -> WriteProblem | None:
        """None while the autosave works; else what happened, why and what to do, in plain
        words for the player (``str()`` of it is the whole message)."""
        e = self.autosave_error
        if e is None or self.autosave_path is None:
            return None
        n = len(self.actions)
        if self.autosaved is None:
            what = "The game is not being saved: no autosave has been written yet."
        else:
            lost = n - self.autosaved
            what = (f"The game is not being saved: the last autosave holds {self.autosaved} of your {n} actions"
                    + (f" (the last {lost} are not saved)." if lost > 0 else "."))
        got = write_problem(e, self.autosave_path, what)
        kept = " The last autosave is kept as it was." if self.autosaved is not None else ""
        return WriteProblem(got.what, got.why, f"{got.todo}{kept} hexwar tries again after every action.")

    @property
    def undo_barrier(self) -> int:
        """Undo may not go back past this many actions (a die was rolled, something revealed)."""
        return self._barrier

    @undo_barrier.setter
    def undo_barrier(self, n: int) -> None:
        self._barrier = max(0, min(int(n), len(self.actions)))

    def can_undo(self) -> bool:
        return len(self.actions) > self._barrier

    def undo(self) -> Action | None:
        """Take back the last action, unless a die roll or a reveal came after it."""
        if not self.can_undo():
            return None
        entry = self._history.pop()
        self.state, self.dice = entry.state, entry.dice
        action = self.actions.pop()
        self._autosave()
        return action

    def view(self, side: str | None) -> dict[str, Any]:
        """What ``side`` may see (None: a spectator who sees only public facts)."""
        return self.rules.view(self.state, side)

    def digest(self) -> str:
        blob = json.dumps(self.rules.snapshot(self.state), sort_keys=True, default=str)
        return hashlib.sha256(blob.encode()).hexdigest()[:16]

    def result(self) -> Result | None:
        return self.rules.result(self.state)

    def acting_side(self) -> str | None:
        return self.rules.acting_side(self.state)

    def save(self, path: Any) -> None:
        if self.saver is None:
            raise HexwarError("this game has no way to save (it was not opened by the session)")
        self.saver(self, path)

    # --- the phase, decisions and previews -------------------------------------------
    def phase(self) -> PhaseInfo:
        """The phase the game is in, from the game's sequence of play."""
        pid = self.rules.phase_id(self.state)
        got = self.entry.phase(pid) if self.entry is not None else None
        if got is None:
            return PhaseInfo(pid, pid.replace("_", " ").capitalize(), self.acting_side(), "", "")
        return got

    def turn(self) -> int:
        return self.rules.turn_of(self.state)

    def stage(self) -> tuple[str, str]:
        """The pending step inside the phase (a battle's retreat ...): (kind, hex name), or ("", "")."""
        return self.rules.stage_of(self.state)

    def decisions(self, legal: Sequence[Action] | None = None) -> tuple[Decision, ...]:
        """What the acting player decides now: every option with its consequence and rule
        (worked out afresh at each call: a client keeps them per position). ``legal``: the list
        ``legal_actions()`` just gave, to spare listing the position again; it is used only
        while it is this game's last listing, of the position it has now, unchanged (the same
        state object, the same number of actions, the same actions): otherwise the position
        is listed afresh."""
        from .decisions import build_decisions

        kind, target = self.stage()
        return build_decisions(self.rules, self.state, self._listing(legal), self.entry, self.acting_side(),
                               self.phase(), kind, target)

    def _listing(self, legal: Sequence[Action] | None) -> list[Action]:
        last = self._listed
        if (legal is not None and last is not None and legal is last[2] and last[0] is self.state
                and last[1] == len(self.actions) and tuple(legal) == last[3]):
            return list(last[3])
        return self.legal_actions()

    def decision(self, key: str) -> Decision | None:
        return next((d for d in self.decisions() if d.key == key), None)

    def preview(self, action: Action) -> Preview | None:
        """What ``action`` would bring now (odds, fire, result chances); None if the game
        has nothing to say. Computed on what the acting side may know."""
        side = self.acting_side()
        state = self.rules.public_state(self.state, side) if side is not None else self.state
        return self.rules.preview(state, action)

    def why_not_reach(self, uid: str, dest: Hex) -> Illegal | None:
        """Why ``uid`` cannot move to ``dest`` now, in the rule's words (None: it can, or
        the game has nothing to add to ``check``)."""
        return self.rules.why_not_reach(self.state, uid, dest)

    def hex_notes(self, h: Hex, side: str | None) -> tuple[str, ...]:
        """What the rules say about hex ``h`` now, for ``side``'s player, in plain words."""
        return self.rules.hex_notes(self.state, h, side)

    def map_layers(self, side: str | None) -> tuple[MapLayer, ...]:
        """The hexes to mark when ``side``'s player asks why (zones, cut off, overstacked)."""
        return self.rules.map_layers(self.state, side)

    def secret_text(self, action: Action, before: Any = None) -> str | None:
        """What the other side reads instead of ``action`` (taken in state ``before``, by
        default the present one), or None when it is public: a secret choice (the entry's
        steps), or any decision of a secret phase (the entry's sequence)."""
        entry = self.entry
        if entry is None:
            return None
        if isinstance(action, A.Choose) and action.what in entry.secret_choices:
            return f"chose a {action.what.replace('_', ' ')} (hidden until both are revealed)"
        state = self.state if before is None else before
        ph = entry.phase(self.rules.phase_id(state))
        return ph.secret or None if ph is not None else None

    def plan_secret(self, action: Action) -> bool:
        """True when ``action`` stays hidden for good (a secret phase's plan), not merely until a reveal."""
        return not (isinstance(action, A.Choose) and self.entry is not None
                    and action.what in self.entry.secret_choices)

    def keep_together(self, uid: str) -> tuple[str, int] | None:
        """The group ``uid`` should come on near when several units are placed at once: (its
        name, the most hexes any two of its units may be apart), or None."""
        return self.rules.keep_together(self.state, uid)

    # --- at a glance: victory standing, results table, player's words (issue 17) --------
    def standing(self, side: str | None = None) -> tuple[StandingLine, ...]:
        """Where the game stands against its victory conditions, as ``side`` may know it (None:
        what is public)."""
        state = self.rules.public_state(self.state, side) if side is not None else self.state
        return tuple(self.rules.standing(state, side))

    def result_table(self, action: Action | None = None) -> ResultTable | None:
        """The results table ``action`` would be read on, its column marked (None: the whole
        table); None when the game has none. Computed on what the acting side may know."""
        side = self.acting_side()
        state = self.rules.public_state(self.state, side) if side is not None and action is not None else self.state
        return self.rules.result_table(state, action)

    def for_player(self, text: str) -> str:
        """``text`` (a refusal, a rule, an event, a reason) with the game's internal citations in
        the rulebook's words."""
        return self.rules.for_player(text) if text else text

    # --- looking back ------------------------------------------------------------------
    def history(self) -> tuple[Step, ...]:
        """Every action applied to this game, oldest first, with its events and who took it."""
        return tuple(Step(i + 1, e.action, tuple(e.events), e.side)
                     for i, e in enumerate(self._history) if e.action is not None)

    def timeline(self) -> list[tuple[Action | None, list[Event], Any]]:
        """(action, its events, the state after it) for every action, oldest first (the
        engine's own record; tools and tests use it)."""
        after = [e.state for e in self._history[1:]] + [self.state]
        return [(e.action, e.events, s) for e, s in zip(self._history, after)]

    def at(self, k: int) -> Game:
        """The game as it stood after ``k`` actions, read only (0: the start)."""
        n = len(self.actions)
        if not 0 <= k <= n:
            raise IndexError(f"step {k} is outside 0..{n}")
        if k == n:
            state, dice = self.state, self.dice
        else:
            state, dice = self._history[k].state, self._history[k].dice
        return PastGame(self, k, state, dice)


class PastGame(Game):
    """A game as it stood at an earlier step: everything can be read, nothing can be done."""

    read_only = True

    def __init__(self, game: Game, index: int, state: Any, dice: Any) -> None:
        super().__init__(game.rules, state, dice, game.header, game.start_events if index == 0 else [], game.entry)
        self.index = index
        self.actions = list(game.actions[:index])
        self._history = list(game._history[:index])
        self.start_state = game.start_state

    def legal_actions(self) -> list[Action]:
        return []

    def check(self, action: Action | str) -> Illegal | None:
        return PAST_REFUSAL

    def apply(self, action: Action | str) -> list[Event]:
        raise IllegalActionError(PAST_REFUSAL, action)

    def can_undo(self) -> bool:
        return False

    def undo(self) -> Action | None:
        return None

    def save(self, path: Any) -> None:
        raise HexwarError(str(PAST_REFUSAL))
