"""A simple greedy baseline: march on the nearest objective city, attack at the best odds.

It looks one action ahead and never plans: every unit walks toward the nearest city
it should take (the Axis) or guard (the Soviets), every battle is fought at the best
odds on offer if that is at least 1:1, air support is always used, and every other
choice (set-up, losses, retreats) is the first legal one.
"""
from __future__ import annotations

import math

from ..core import actions as A
from ..core.game import Game
from ..core.hexgrid import Hex
from .belief import Belief, move_distances
from .player import Decision


def _objectives(b: Belief, side: str) -> list[Hex]:
    """The Axis goes for every city it does not hold; the Soviets for every city without a garrison."""
    cities = list(b.board.places)
    if side == "axis":
        return [h for h in cities if b.state.control.get(h) != "axis"]
    out = []
    for h in cities:
        us = b.at(h)
        if not us or b.side_of(us[0].id) == side:
            out.append(h)
    return out


class GreedyPlayer:
    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        b = Belief(game, side)
        st = b.state.stage
        if st is not None:
            if st.kind == "roll":
                return Decision(acts[-1])  # with air support if any is left (listed last)
            return Decision(acts[0])  # losses, retreats: the first; advance: the first unit
        kind = b.rules.phase(b.state).kind
        if kind == "setup":
            return Decision(acts[0])
        if kind == "buildup":
            return self._buildup(b, side, acts)
        if kind in ("movement", "special"):
            return self._move(b, side, acts)
        if kind == "combat":
            return self._combat(b, acts)
        return Decision(acts[0])

    def _dist_to_objective(self, b: Belief, side: str, h: Hex, objectives: list[Hex]) -> float:
        d = move_distances(b.rules)[h]
        return min((d[o] for o in objectives), default=0.0)

    def _buildup(self, b: Belief, side: str, acts: list) -> Decision:
        for a in acts:
            if isinstance(a, A.Restore):
                return Decision(a)
        places = [a for a in acts if isinstance(a, A.Place)]
        if places:
            objs = _objectives(b, side)
            return Decision(min(places, key=lambda a: (self._dist_to_objective(b, side, a.hex, objs), a.unit, a.hex)))
        return Decision(A.EndPhase())

    def _move(self, b: Belief, side: str, acts: list) -> Decision:
        objs = _objectives(b, side)
        by_unit: dict[str, list[A.Move]] = {}
        for a in acts:
            if isinstance(a, A.Move):
                by_unit.setdefault(a.unit, []).append(a)
        for uid in sorted(by_unit):
            here = b.state.units[uid].hex
            if side == "soviet" and here in b.board.places:
                continue  # a garrison stays put
            now = self._dist_to_objective(b, side, here, objs)
            best, best_d = None, now
            for m in by_unit[uid]:
                if b.rules.stack_with(b.state, m.dest, uid) is not None:
                    continue  # never end a phase overstacked
                d = self._dist_to_objective(b, side, m.dest, objs)
                if d < best_d - 1e-9:
                    best, best_d = m, d
            if best is not None:
                return Decision(best)
        return Decision(A.EndPhase())

    def _combat(self, b: Belief, acts: list) -> Decision:
        attacks = [a for a in acts if isinstance(a, A.Attack)]
        if attacks:
            best, best_key = None, (-math.inf,)
            for a in attacks:
                est = b.estimate(a.target, [(u, b.state.units[u].hex) for u in a.attackers])
                if est.column == "none":
                    continue
                key = (est.p_success, -len(a.attackers))
                if key > best_key:
                    best, best_key = a, key
            if best is not None:
                return Decision(best)
        resolves = [a for a in acts if isinstance(a, A.Resolve)]
        return Decision(resolves[0] if resolves else A.EndPhase())
