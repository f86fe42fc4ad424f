"""Kasserine Pass: victory: points for the places the Germans held last (KP-VICTORY).

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Event
from ...core.contract import StandingLine
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

    def standing(self, state: KPState, side: str | None) -> tuple[StandingLine, ...]:
        """Victory Conditions at a glance: the German points now (places the Germans passed
        through last), the level they would give at the end, and the places held. Control is
        public."""
        pts = self.german_points(state)
        most = sum(self.vp.values())
        level = next((lv for lo, hi, lv, _ in self.T.victory_levels if lo <= pts <= hi), self.T.victory_levels[-1][2])
        bands = ", ".join(f"{lo}-{hi} {lv.replace('German ', '')}" if hi > lo else f"{lo} {lv.replace('German ', '')}"
                          for lo, hi, lv, _ in self.T.victory_levels)
        held = sorted((self.board.places[h].name, v) for h, v in self.vp.items() if state.control.get(h) == "axis")
        rule = "Victory Conditions"
        return (StandingLine("German victory points", f"{pts} of {most}", bands, rule, "axis"),
                StandingLine("If the game ended now", level, f"it ends after turn {self.scen.turns}", rule),
                StandingLine("Places the Germans hold", ", ".join(f"{n} ({v})" for n, v in held) or "none",
                             "the side that passed through a place last holds it", rule))

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
