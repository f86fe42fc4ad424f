"""Kasserine Pass: victory: points for the places the Germans held last (KP-VICTORY).

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.game import Result
from ...core.hexgrid import Hex, hex_name
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class VictoryMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- victory -------------------------------------------------------------------
    def german_points(self, state: KPState) -> int:
        return sum(v for h, v in self.vp.items() if state.control.get(h) == "axis")

    def judge(self, state: KPState) -> Result:
        """KP-VICTORY: points of the places the Germans held last; four levels."""
        pts = self.german_points(state)
        for lo, hi, level, winner in self.T.victory_levels:
            if lo <= pts <= hi:
                return Result(winner, level, f"German points {pts}")
        return Result("axis", self.T.victory_levels[-1][2], f"German points {pts}")

    def result(self, state: KPState) -> Result | None:
        r: Result | None = state.result
        return r

    def _take(self, state: KPState, uid: str, h: Hex, ev: list[Event]) -> None:
        """KP-VICTORY: the last side to pass through a place holds it."""
        if h in self.board.places:
            side = self.uside(state, uid)
            if state.control.get(h) != side:
                state.control[h] = side
                ev.append(Event("control", f"{self.board.places[h].name} passes to the {side}",
                                {"hex": hex_name(h), "side": side}))
