"""The log of the game as the player at the screen may read it, the status line and the die
just rolled: ``Journal`` is the part of the ``Controller`` that writes and reads them (no pygame).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.errors import Illegal
from .secrets import HIDDEN_EVENT, HIDDEN_PLAN, is_secret, secret_label, secret_text

if TYPE_CHECKING:  # a part of Controller, whose other parts it uses (host.py)
    from .host import ControlHost as _Control
else:
    _Control = object


@dataclass
class Status:
    text: str = ""
    kind: str = "info"  # info | refusal | ok | warning (the game is not being saved)


@dataclass
class LogEntry:
    index: int  # number of actions applied when this line was written
    kind: str  # action | event | note | reason (a computer player's reason)
    text: str
    side: str | None = None
    # A secret decision (see ``is_secret``): what the other side sees instead of ``text`` until
    # a ``revealed`` event comes; None once revealed, or for anything public.
    secret: str | None = None


@dataclass
class DieShow:
    roll: int
    text: str
    result: str = ""
    time_left: float = 2.2
    dice: tuple[int, ...] = ()  # each die of a roll of several (2d6, say), drawn side by side
    meaning: str = ""  # the result in the game's words


class Journal(_Control):
    """Log lines, the status line and what stays secret in them (a mixin of ``Controller``)."""

    # --- the log of a loaded game -------------------------------------------------------
    def _log_loaded(self) -> None:
        """The log of the actions applied before the client took the game over (a loaded record)."""
        n = len(self.game.actions)
        tl = self.timeline
        # The core's history knows who took every action, the first one too.
        known = {st.index: st for st in tl.steps()} if tl is not None else {}
        for i, a in enumerate(self.game.actions):
            st = known.get(i + 1)
            secret = secret_text(self.game, a, i)
            self.log.append(LogEntry(i + 1, "action", a.notation(), st.side if st else None, secret))
            if st is not None:
                self._log_events(i + 1, st.events, st.side, secret is not None, plan=not is_secret(self.game, a))
        note = f"Game loaded: {n} actions replayed from the record."
        if any(i + 1 not in known for i in range(n)):
            note += " The events of the earlier actions are not known."
        self.log.append(LogEntry(n, "note", note))

    # --- the status line --------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        self.status = Status(text, kind)

    def refuse(self, why: Illegal | str | None, fallback: str = "not possible now") -> None:
        """A refusal on the status line, in the game's words for the player (``game.for_player``)."""
        text = str(why) if why else fallback
        try:
            text = self.game.for_player(text)
        except Exception:  # the game's words must never lose the refusal itself
            pass
        self.say(text, "refusal")

    def _log_events(self, n: int, events, side: str | None, secret: bool, plan: bool = False) -> None:
        """The events of an action into the log. Those of a secret decision are hidden from the
        other side like the decision itself; a ``revealed`` event reveals every earlier secret."""
        for e in events:
            if e.kind == "revealed":
                for old in self.log:
                    if old.secret is not None:
                        old.secret = None
                self.log_version += 1
            hide = secret and e.kind != "revealed"
            hidden = (HIDDEN_PLAN if plan else HIDDEN_EVENT) if hide else None
            self.log.append(LogEntry(n, "event", e.text, side, hidden))

    def screen_side(self) -> str | None:
        """The side whose player is at the screen, when secrets must be kept (None: no secrets)."""
        if not self.private:
            return None
        return self.viewer or self.acting()

    def log_text(self, e: LogEntry) -> str:
        """A log line as the player at the screen may read it."""
        if e.secret is not None and self.private and e.side != self.screen_side():
            return e.secret
        return e.text

    def step_secret(self, k: int, action) -> str:
        """What the player at the screen reads instead of the hidden action at step ``k``."""
        return secret_text(self.game, action, max(0, k - 1)) or secret_label(action)

    def hidden_step(self, k: int, action, side: str | None) -> bool:
        """History: is the action at step ``k`` a secret the player at the screen may not read yet
        (another side's, with no ``revealed`` event from then up to the present)?"""
        if not self.private or action is None or side == self.screen_side():
            return False
        tl = self.timeline
        if not is_secret(self.game, action):  # a secret phase's plan stays hidden for good
            return secret_text(self.game, action, max(0, k - 1)) is not None
        if tl is None:
            return True
        for j in range(k, tl.last + 1):
            st = tl.step(j)
            if st is not None and any(e.kind == "revealed" for e in st.events):
                return False
        return True
