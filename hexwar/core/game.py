"""The one contract every game offers: legal_actions / check / apply, view, digest, undo.

A ``Ruleset`` holds the game's rules (stateless, shared); a ``Game`` holds one match:
the current state, the dice, the history for undo and the record of actions.
"""
from __future__ import annotations

import copy
import hashlib
import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from .actions import COMMIT_EVENTS, Action, Event, parse_action
from .errors import Illegal, IllegalActionError, MalformedError


@dataclass(frozen=True)
class Result:
    """How a finished game ended."""

    winner: str | None  # side id, or None for a draw
    level: str  # e.g. "Axis victory", "Draw"
    detail: str = ""


class Ruleset(Protocol):
    game_id: str

    def legal_actions(self, state: Any) -> list[Action]: ...

    def check(self, state: Any, action: Action) -> Illegal | None: ...

    def apply(self, state: Any, action: Action, dice: Any) -> list[Event]: ...

    def view(self, state: Any, side: str | None) -> dict: ...

    def snapshot(self, state: Any) -> dict: ...

    def result(self, state: Any) -> Result | None: ...

    def acting_side(self, state: Any) -> str | None: ...


@dataclass
class _Entry:
    state: Any
    dice: Any
    action: Action | None
    events: list[Event] = field(default_factory=list)


class Game:
    """One match of a game. Illegal actions leave it untouched."""

    def __init__(self, rules: Ruleset, state: Any, dice: Any, header: dict, start_events: list[Event] | None = None):
        self.rules = rules
        self.state = state
        self.dice = dice
        self.header = dict(header)  # game, scenario, seed, options
        self.actions: list[Action] = []
        self._history: list[_Entry] = []
        self._barrier = 0  # undo may not go back past this many actions
        self.start_events = list(start_events or [])
        self.start_state = state  # the position before the first action (read only)
        self.autosave_path: Any = None
        self.autosave_error: OSError | None = None  # the last failed autosave, for the client to show
        self.load_warning: str | None = None  # set by load_record when a save needed attention

    # --- the contract --------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self.rules.game_id

    def legal_actions(self) -> list[Action]:
        return self.rules.legal_actions(self.state)

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
        new_state = self.state.copy() if hasattr(self.state, "copy") else copy.deepcopy(self.state)
        new_dice = self.dice.copy()
        events = self.rules.apply(new_state, action, new_dice)
        self._history.append(_Entry(self.state, self.dice, action, events))
        self.state, self.dice = new_state, new_dice
        self.actions.append(action)
        if any(e.kind in COMMIT_EVENTS for e in events):
            self._barrier = len(self.actions)
        self._autosave()
        return events

    def _autosave(self) -> None:
        """Write the autosave; a failure (disk full …) is kept for the client to report,
        since the action itself has been applied and must not be reported as refused."""
        if self.autosave_path is None:
            return
        from .record import save_record

        try:
            save_record(self, self.autosave_path)
            self.autosave_error = None
        except OSError as e:
            self.autosave_error = e

    def timeline(self) -> list[tuple[Action, list[Event], Any]]:
        """(action, its events, the state after it) for every action of this session,
        oldest first. States are snapshots: read them, never change them."""
        after = [e.state for e in self._history[1:]] + [self.state]
        return [(e.action, e.events, s) for e, s in zip(self._history, after)]

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

    def view(self, side: str | None) -> dict:
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
        from .record import save_record

        save_record(self, path)
