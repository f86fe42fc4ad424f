"""Computer players in the client: who plays which side, and the worker thread that
asks them for decisions off the render loop (no pygame).

The players come from ``hexwar.ai``: ``make_player(kind, game_id, seed)`` gives an
object with ``choose(game, side) -> Decision(action, reason)``. When the game has no
computer player of its own, the client falls back to the random legal player, through
the same interface (``RandomAdapter``), and says so.

``ComputerDriver.tick(dt, can_act)`` is called once a frame. When a computer side must
act it starts a worker thread on the current position, and once the decision is ready
and the pause after the previous action is over, it hands the decision back for the
scene to apply through the controller (so it is logged, autosaved and undoable like any
other action). A decision worked out for a position that has since changed (an undo)
is thrown away.
"""
from __future__ import annotations

import logging
import random
import threading
import time
from dataclasses import dataclass, field
from typing import Any

# Who plays a side, in the words of menus and records: ``players`` (the menu's first frame reads
# them without this module's worker thread and dataclasses).
from .players import COMPUTER, DEFAULT_LEVEL, HUMAN, LEVELS, describe_player, player_kind, player_text

log = logging.getLogger(__name__)

__all__ = ["COMPUTER", "DEFAULT_LEVEL", "HUMAN", "LEVELS", "ComputerDriver", "Decision", "RandomAdapter",
           "describe_player", "make_computer", "player_kind", "player_text"]


@dataclass(frozen=True)
class Decision:
    action: Any
    reason: str | None = None


class RandomAdapter:
    """The random legal player behind the computer-player interface."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game, side: str) -> Decision:
        from ..ai.random_player import choose_random

        return Decision(choose_random(game, self.rng), "a random legal action")


def make_computer(game_id: str, seed: int = 0, level: str = DEFAULT_LEVEL):
    """The computer player of a game at a strength level (``LEVELS``), and a note when it is only
    the fallback."""
    kind = LEVELS.get(level, LEVELS[DEFAULT_LEVEL])[0]
    try:
        from ..ai.player import make_player

        return make_player(kind, game_id, seed), None
    except (ImportError, KeyError, AttributeError) as e:
        log.info("no computer player for %s (%s): the random player stands in", game_id, e)
        return RandomAdapter(seed), f"no computer player for this game yet ({e}); a random player stands in"


@dataclass
class _Job:
    at: tuple  # the position it thinks about (see position_key)
    side: str
    decision: Any = None
    error: BaseException | None = None
    seconds: float = 0.0
    done: threading.Event = field(default_factory=threading.Event)


class ComputerDriver:
    """Runs the computer players of one game at a pace a person can follow."""

    PACE = {False: 0.9, True: 0.15}  # seconds between two computer actions: normal, fast
    ROLL_PAUSE = {False: 2.4, True: 0.8}  # after a die roll: time to read the result

    def __init__(self, game, players: dict[str, Any], *, threaded: bool = True,
                 levels: dict[str, str] | None = None) -> None:
        self.game = game
        self.players = {s: p for s, p in players.items() if p is not None}
        self.levels = dict(levels or {})  # side -> "easy" | "normal", for the panel
        self.threaded = threaded
        self.job: _Job | None = None
        self.wait = 0.0
        self.fast = False
        self.skipping = False  # Enter: no pauses until a human must act
        self.last_reason: str | None = None
        self.error: str | None = None

    def is_computer(self, side: str | None) -> bool:
        return side in self.players

    def active(self) -> bool:
        """A computer side must act now."""
        return self.game.result() is None and self.is_computer(self.game.acting_side())

    def thinking(self) -> bool:
        return self.job is not None and not self.job.done.is_set()

    def toggle_speed(self) -> None:
        self.fast = not self.fast
        self.wait = min(self.wait, self.PACE[self.fast])

    def skip(self) -> None:
        self.skipping = True
        self.wait = 0.0

    def pause_after(self, action) -> None:
        """How long to show the result of the action just applied."""
        if self.skipping:
            self.wait = 0.0
            return
        from ..core.actions import Roll

        self.wait = self.ROLL_PAUSE[self.fast] if isinstance(action, Roll) else self.PACE[self.fast]

    def _start(self, side: str) -> None:
        from .control.queries import position_key

        job = _Job(position_key(self.game), side)
        self.job = job
        if self.threaded:
            threading.Thread(target=self._work, args=(job,), daemon=True, name="hexwar-computer").start()
        else:
            self._work(job)

    def _work(self, job: _Job) -> None:
        t0 = time.perf_counter()
        try:
            job.decision = self.players[job.side].choose(self.game, job.side)
        except BaseException as e:  # shown to the player; the game goes on with a human decision
            log.exception("computer player failed")
            job.error = e
        finally:
            job.seconds = time.perf_counter() - t0
            job.done.set()

    def tick(self, dt: float, can_act: bool) -> Decision | None:
        """Once a frame: a decision to apply now, or None."""
        if not self.active():
            self.job = None
            self.skipping = False
            return None
        side = self.game.acting_side()
        from .control.queries import position_key, same_position

        if self.job is not None and (not same_position(self.job.at, position_key(self.game)) or self.job.side != side):
            self.job = None  # the position changed under it (an undo): think again
        if self.job is None:
            self._start(side)
        self.wait = max(0.0, self.wait - dt)
        job = self.job
        assert job is not None, "_start has just made one"
        if not job.done.is_set() or not can_act or self.wait > 0:
            return None
        self.job = None
        if job.error is not None or job.decision is None or job.decision.action is None:
            self.error = f"the computer player could not decide: {job.error or 'no action'}"
            del self.players[side]  # hand the side back to a person rather than loop on the error
            return None
        dec = job.decision
        reason = dec.reason
        self.last_reason = reason
        return Decision(dec.action, reason)
