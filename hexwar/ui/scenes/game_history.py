"""Looking back (H) in the game scene: any earlier position shown read only, through the
core's ``game.at(k)`` under a controller of its own; the keys that step through the history.
``HistoryMode`` is that part of the ``GameScene``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ..control import PAST_REFUSAL, Controller
from .stack import ctrl_held

if TYPE_CHECKING:  # a part of GameScene, whose other parts it uses (game_host.py)
    from .game_host import GameHost as _Scene
else:
    _Scene = object


class HistoryMode(_Scene):
    """History navigation of the game scene (a mixin of ``GameScene``)."""

    # --- looking back ---------------------------------------------------------------------------
    def enter_history(self, k: int) -> None:
        tl = self.ctl.timeline
        if tl is None:
            return
        k = max(tl.first, min(int(k), tl.last))
        st = tl.step(k)
        if st is None:
            self.ctl.say("That position is not available: the game does not know it.")
            return
        got = self._past_cache.get(k)
        if got is None or got[0] is not st:
            if len(self._past_cache) > 64:
                self._past_cache.clear()
            pc = Controller(self.game.at(k), threaded=False, record_history=False)  # read only
            pc.viewer = self.ctl.viewer or self.ctl.acting()
            got = self._past_cache[k] = (st, pc)
        pc = got[1]
        if self.past is None:
            self.ctl.cancel()
        self.past = pc
        self.hover_for = 0.0
        self.view_ctl.hover(self.hover)
        self.refresh()

    def leave_history(self) -> None:
        if self.past is not None:
            self.past = None
            self.ctl.say("Back to the present.")
            self.refresh()

    def toggle_history(self) -> None:
        if self.past is not None:
            self.leave_history()
        else:
            self.enter_history(len(self.game.actions))

    def history_back(self) -> None:
        if self.past is not None:
            self.enter_history(self.past.index - 1)

    def history_forward(self) -> None:
        if self.past is not None:
            self.enter_history(self.past.index + 1)

    def history_goto(self, k: int) -> None:
        self.enter_history(k)

    def history_phase(self, delta: int) -> None:
        if self.past is None:
            return
        tl = self.ctl.timeline
        assert tl is not None, "history mode is entered only with a timeline"
        starts = tl.phase_starts()
        k = self.past.index
        if delta < 0:
            earlier = [s for s in starts if s < k]
            self.enter_history(earlier[-1] if earlier else tl.first)
        else:
            later = [s for s in starts if s > k]
            self.enter_history(later[0] if later else tl.last)

    def _key_past(self, event) -> bool | None:
        """Keys in history mode; None lets the normal handler have the key (pan, zoom, tabs…)."""
        past, tl = self.past, self.ctl.timeline
        assert past is not None and tl is not None, "asked only in history mode, entered only with a timeline"
        k = event.key
        if ctrl_held(event):
            if k in (pygame.K_z, pygame.K_y):
                past.refuse(PAST_REFUSAL)
                return True
            return None
        if k in (pygame.K_ESCAPE, pygame.K_h):
            self.leave_history()
        elif k in (pygame.K_LEFT, pygame.K_LEFTBRACKET):
            self.history_back()
        elif k in (pygame.K_RIGHT, pygame.K_RIGHTBRACKET):
            self.history_forward()
        elif k == pygame.K_HOME:
            self.enter_history(tl.first)
        elif k == pygame.K_END:
            self.enter_history(tl.last)
        elif k == pygame.K_PAGEUP:
            self.history_phase(-1)
        elif k == pygame.K_PAGEDOWN:
            self.history_phase(+1)
        elif k in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r, pygame.K_n, pygame.K_TAB):
            past.refuse(PAST_REFUSAL)
        else:
            return None
        return True
