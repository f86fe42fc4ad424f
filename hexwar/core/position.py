"""What one side may know of a game: the only input of a computer player.

``Position(game, side)`` is it: a copy of the state with everything hidden from ``side``
replaced by what is public about it (the rules' ``public_state``), and the game's read-only
questions about that copy (the rules' ``facts``: zones, reach, odds, victory counts ...).
A player reads the position and answers with one legal action; it cannot change the game,
and nothing it computes is kept in the engine's objects (a player keeps its own memos).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import Action
from .contract import Decision, Preview
from .entry import GameEntry, PhaseInfo
from .errors import Illegal
from .game import Game

if TYPE_CHECKING:
    from .board import Board


class Position:
    def __init__(self, game: Game, side: str, *, _state: Any = None) -> None:
        self._game = game
        self._rules = game.rules
        self.side = side
        self._now = _state is None  # the present, not a "what if"
        self._state = _state if _state is not None else game.rules.public_state(game.state, side)
        self.facts: Any = game.rules.facts(self._state, side)

    # --- what every game says ------------------------------------------------------------
    @property
    def game_id(self) -> str:
        return self._game.game_id

    @property
    def entry(self) -> GameEntry | None:
        return self._game.entry

    @property
    def board(self) -> Board:
        return self._game.board

    @property
    def header(self) -> dict[str, Any]:
        return dict(self._game.header)

    @property
    def turn(self) -> int:
        return self._rules.turn_of(self._state)

    @property
    def actions_taken(self) -> int:
        """How many actions the game has seen (a key for a player's own memos)."""
        return len(self._game.actions)

    def phase(self) -> PhaseInfo:
        if self._now:
            return self._game.phase()
        pid = self._rules.phase_id(self._state)
        got = self.entry.phase(pid) if self.entry is not None else None
        return got if got is not None else PhaseInfo(pid, pid, self.acting_side(), "", "")

    def stage(self) -> tuple[str, str]:
        return self._rules.stage_of(self._state)

    def acting_side(self) -> str | None:
        return self._game.acting_side() if self._now else self._rules.acting_side(self._state)

    def view(self) -> dict[str, Any]:
        return self._game.view(self.side)

    def legal_actions(self) -> list[Action]:
        """The actions offered to ``side`` now (none when another side is to act)."""
        if self.acting_side() != self.side:
            return []
        return self._game.legal_actions() if self._now else self._rules.legal_actions(self._state)

    def check(self, action: Action) -> Illegal | None:
        return self._game.check(action) if self._now else self._rules.check(self._state, action)

    def decisions(self) -> tuple[Decision, ...]:
        return self._game.decisions() if self._now and self._game.acting_side() == self.side else ()

    def preview(self, action: Action) -> Preview | None:
        """The engine's preview, worked out on what ``side`` may know."""
        return self._rules.preview(self._state, action)

    def result(self) -> Any:
        return self._game.result() if self._now else self._rules.result(self._state)

    # --- what if -------------------------------------------------------------------------
    def after(self, action: Action) -> Position:
        """The position as ``side`` would know it after ``action``, for an action that needs
        no die (a declaration, a move). Raises ValueError when the rules refuse it."""
        why = self._rules.check(self._state, action)
        if why is not None:
            raise ValueError(f"{action.notation()}: {why}")
        st = self._state.copy()
        self._rules.apply(st, action, None)
        return Position(self._game, self.side, _state=st)
