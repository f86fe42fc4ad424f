"""Looking back (H) in the game scene: any earlier position shown read only, through the
core's ``game.at(k)`` under a controller of its own; the keys that step through the history.
``HistoryMode`` is that part of the ``GameScene``.
"""
from __future__ import annotations

import pygame

from ..control import PAST_REFUSAL, Controller
from .stack import ctrl_held


class HistoryMode:
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
        starts = self.ctl.timeline.phase_starts()
        k = self.past.index
        if delta < 0:
            earlier = [s for s in starts if s < k]
            self.enter_history(earlier[-1] if earlier else self.ctl.timeline.first)
        else:
            later = [s for s in starts if s > k]
            self.enter_history(later[0] if later else self.ctl.timeline.last)

    def _key_past(self, event) -> bool | None:
        """Keys in history mode; None lets the normal handler have the key (pan, zoom, tabs…)."""
        k = event.key
        if ctrl_held(event):
            if k in (pygame.K_z, pygame.K_y):
                self.past.refuse(PAST_REFUSAL)
                return True
            return None
        if k in (pygame.K_ESCAPE, pygame.K_h):
            self.leave_history()
        elif k in (pygame.K_LEFT, pygame.K_LEFTBRACKET):
            self.history_back()
        elif k in (pygame.K_RIGHT, pygame.K_RIGHTBRACKET):
            self.history_forward()
        elif k == pygame.K_HOME:
            self.enter_history(self.ctl.timeline.first)
        elif k == pygame.K_END:
            self.enter_history(self.ctl.timeline.last)
        elif k == pygame.K_PAGEUP:
            self.history_phase(-1)
        elif k == pygame.K_PAGEDOWN:
            self.history_phase(+1)
        elif k in (pygame.K_e, pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_r, pygame.K_n, pygame.K_TAB):
            self.past.refuse(PAST_REFUSAL)
        else:
            return None
        return True
