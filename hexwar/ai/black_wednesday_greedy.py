"""The greedy baseline for Black Wednesday (``make_player("greedy", "black-wednesday")``):
what a hasty player does, the yardstick of docs/black-wednesday/ai.md."""
from __future__ import annotations

from ..core.actions import Attack, Choose, EndPhase, Move, Place
from ..core.hexgrid import distance
from ..core.units import ON_MAP
from ..games.black_wednesday.verbs import Assault, PointFire
from . import black_wednesday_figures as F
from .black_wednesday import _Base, _first
from .player import Decision


class BWGreedy(_Base):
    """The baseline: fire at the best chance of a step lost, assault when it can, march each
    unit toward the nearest objective hex (Soviets: trench hexes the Axis holds; Axis: any
    trench hex) and leave every owner's choice at the engine's default."""

    name = "greedy"

    def setup(self, rules, state, side, acts) -> Decision:
        places = [a for a in acts if isinstance(a, Place)]
        if not places:
            return Decision(_first(acts, EndPhase) or acts[0])
        uid = places[0].unit
        mine = [a for a in places if a.unit == uid]
        return Decision(min(mine, key=lambda a: (min(distance(a.hex, t) for t in rules.trench_hexes), a.hex)))

    def pending(self, rules, state, side, acts) -> Decision:
        p = rules.pending(state)
        return Decision(next((a for a in acts if a.value == p.default), acts[0]))

    def initiative(self, rules, state, side, acts) -> Decision:
        return Decision(Choose("first", side))

    def action(self, rules, state, side, acts) -> Decision:
        best, best_v = None, 0.0
        for a in acts:
            if isinstance(a, Attack):
                v = F.sfa_figures(rules, state, a.target, a.attackers).hit
            elif isinstance(a, PointFire):
                p = F.pfa_figures(rules, state, a.firer, a.target)
                v = p["overall"] if p else 0.0
            else:
                continue
            if v > best_v:
                best, best_v = a, v
        if best is not None:
            return Decision(best)
        asl = _first(acts, Assault)
        if asl is not None:
            return Decision(asl)
        enemy = rules.on_map(state, rules.enemy_of(side))
        if side == "soviet":
            goals = [u.hex for u in enemy if u.hex in rules.trench_hexes] or [u.hex for u in enemy] or list(rules.trench_hexes)
        else:
            goals = list(rules.trench_hexes)
        moved = None
        for m in (a for a in acts if isinstance(a, Move)):
            u = state.units[m.unit]
            here = min(distance(u.hex, g) for g in goals) if u.where == ON_MAP else 99
            if side == "axis" and u.where == ON_MAP and u.hex in rules.trench_hexes:
                continue  # already on an objective hex
            if side == "soviet" and here <= 1:
                continue
            there = min(distance(m.dest, g) for g in goals)
            gain = here - there
            if gain > 0 and (moved is None or gain > moved[0]):
                moved = (gain, m)
        if moved is not None:
            return Decision(moved[1])
        return Decision(_first(acts, EndPhase))
