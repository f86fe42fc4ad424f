"""Replacements: where a unit may come (back) onto the map, and flipping a reduced unit.

Shared shape: a new or rebuilt unit enters on its side's friendly edge, outside enemy
zones of control, or in a friendly city the game allows (``placement_cities``); a
reduced unit on the map is restored when it is in communication (``restore_problem``).
Each step is counted against the replacement steps the game grants.
"""
from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from . import actions as A
from .actions import Event
from .dice import Dice
from .errors import Illegal
from .hexgrid import Hex
from .state import State
from .units import ON_MAP

if TYPE_CHECKING:  # the mixin is combined with PhasedRules, whose queries it uses
    from .sequence import PhasedRules as _Rules
else:
    _Rules = object


class ReplacementMixin(_Rules):
    """Needs the PhasedRules queries; hooks ``placement_cities``, ``_replacement_limit``."""

    def placement_cities(self, state: State, uid: str) -> set[Hex]:
        """Hook: cities (besides the edge) where ``uid`` may enter now."""
        return set()

    def placement_filter(self, state: State, uid: str, hexes: set[Hex]) -> set[Hex]:
        """Hook: narrow the legal entry hexes further (e.g. nearest to the unit's formation)."""
        return hexes

    def placement_hexes(self, state: State, uid: str) -> list[Hex]:
        """Hexes where a reinforcement or a rebuilt unit may be placed now."""
        side = self.side(uid)
        foes = self.side_hexes(state, self.enemy(side))
        ezoc = self.zoc(state, self.enemy(side))
        cand = {h for h in self.edge_of(side) if h not in ezoc} | self.placement_cities(state, uid)
        ok = {h for h in cand if h not in foes and self.stack_with(state, h, uid) is None}
        return sorted(self.placement_filter(state, uid, ok))

    def _replacement_limit(self, state: State, uid: str) -> Illegal | None:  # pragma: no cover - hook
        raise NotImplementedError

    def restore_problem(self, state: State, uid: str) -> Illegal | None:
        """Hook: why a reduced unit may not be flipped back (e.g. out of communication)."""
        return None

    def _check_restore(self, state: State, act: A.Restore) -> Illegal | None:
        side = self.phase(state).side
        u = state.units[act.unit]
        s = self.spec(state, act.unit)
        rule = self.CITE["replace"]
        if self.side(act.unit) != side or u.where != ON_MAP:
            return Illegal(rule, f"{act.unit} is not one of your units on the map")
        if u.steps >= s.max_steps:
            return Illegal(rule, f"{act.unit} is already at full strength")
        if act.unit in state.rebuilt:
            return Illegal(self.CITE["one_step"],
                           "a unit rebuilt this phase cannot also be flipped to full strength in the same phase")
        bad = self._replacement_limit(state, act.unit)
        if bad:
            return bad
        return self.restore_problem(state, act.unit)

    def _apply_restore(self, state: State, act: A.Restore, dice: Dice, ev: list[Event]) -> None:
        u = state.units[act.unit]
        state.units[act.unit] = replace(u, steps=u.steps + 1)
        self._spend_step(state, act.unit)
        ev.append(Event("restored", f"{self.public_name(state, act.unit)} returns to full strength "
                        f"({self.CITE['replace']}).", {"unit": act.unit}))

    def _spend_step(self, state: State, uid: str) -> None:
        """Hook: count one replacement step used for ``uid``."""
        state.steps_left -= 1
