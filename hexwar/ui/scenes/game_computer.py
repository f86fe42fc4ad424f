"""The computer's turns in the game scene: its decisions applied one at a time at a readable
pace, its reasons in the log, its moves sliding along their path; a person takes the side
over when a decision fails. ``ComputerTurns`` is that part of the ``GameScene``.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..computer import HUMAN
from ..control import LogEntry

if TYPE_CHECKING:  # a part of GameScene, whose other parts it uses (game_host.py)
    from .game_host import GameHost as _Scene
else:
    _Scene = object

log = logging.getLogger(__name__)


@dataclass
class MoveAnim:
    """A counter sliding along its path (the computer's moves)."""

    unit: str
    hexes: list  # the start hex, then the path
    duration: float
    t: float = 0.0

    @property
    def done(self) -> bool:
        return self.t >= self.duration


class ComputerTurns(_Scene):
    """The computer's side of the game scene (a mixin of ``GameScene``)."""

    anim: MoveAnim | None  # the computer's move being shown (set by GameScene.__init__)

    # --- the computer ---------------------------------------------------------------------------
    def computer_speed(self) -> None:
        self.computer.toggle_speed()
        self.ctl.say(f"Computer pace: {'fast' if self.computer.fast else 'normal'} (Space changes it).")

    def computer_skip(self) -> None:
        self.computer.skip()
        self.anim = None
        self.ctl.die = None
        self.ctl.say("Skipping to the end of the computer's turn…")

    def _apply_computer(self, dec) -> None:
        from ...core.actions import Move

        side = self.ctl.acting()
        assert side is not None, "the computer decides only for a side to act (one of its players)"
        start = None
        if isinstance(dec.action, Move):
            u = self.ctl.unit(dec.action.unit) or {}
            start = u.get("hex")
        try:
            ok = self.ctl.do(dec.action)
        except Exception as e:  # a failure inside the rules: hand the side to a person, never loop on it
            log.exception("computer action failed")
            self._human_takes_over(side)
            self.ctl.refuse(f"The computer's action {dec.action.notation()} failed ({e.__class__.__name__}: {e}); "
                            "you play this side now.")
            self.after_change()
            return
        if not ok:
            self._human_takes_over(side)  # a refused decision: a person takes over this side
            self.ctl.refuse(f"The computer's action {dec.action.notation()} was refused ({self.ctl.status.text}); "
                            "you play this side now.")
            return
        n = len(self.game.actions)
        at = max((i for i, e in enumerate(self.ctl.log) if e.index == n and e.kind == "action"), default=None)
        # A secret decision's reason is as secret as the decision (it names the posture or the
        # Prep Log's targets): hidden from the person until the decision is revealed.
        secret = self.ctl.log[at].secret if at is not None else None
        if secret is not None and self.ctl.private and side != self.ctl.screen_side():
            self.computer.last_reason = "(hidden with the decision: " + secret + ")"
        if dec.reason:
            # The reason goes right under its action in the log.
            entry = LogEntry(n, "reason", dec.reason, side, "(hidden with its decision)" if secret else None)
            if at is None:
                self.ctl.log.append(entry)
            else:
                self.ctl.log.insert(at + 1, entry)
            self.ctl.log = list(self.ctl.log)
        self.computer.pause_after(dec.action)
        if self.ctl.die is not None:
            if self.computer.skipping:
                self.ctl.die = None
            elif self.computer.fast:
                self.ctl.die.time_left = min(self.ctl.die.time_left, 0.8)
        path = list(dec.action.path) if isinstance(dec.action, Move) else []
        if (start or len(path) >= 2) and not self.computer.skipping:
            from ...core.hexgrid import parse_hex

            # A unit coming onto the map (no hex before) slides from its entry hex.
            hexes = ([parse_hex(start)] if start else []) + path
            dur = 0.12 * len(dec.action.path) if self.computer.fast else min(0.9, 0.25 * len(dec.action.path))
            self.anim = MoveAnim(dec.action.unit, hexes, max(0.1, dur))
            if not self.mv.rect.collidepoint(self.mv.hex_center(hexes[-1])):
                self.mv.center_on(hexes[-1])
        self.after_change()

    def _human_takes_over(self, side: str) -> None:
        self.computer.players.pop(side, None)
        self.player_kinds[side] = HUMAN
        self.game.header["players"] = {**(self.game.header.get("players") or {}), side: HUMAN}
