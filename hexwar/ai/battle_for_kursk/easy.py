"""Battle for Kursk at the easy level: the greedy baseline with the easy level's reasons."""
from __future__ import annotations

from ...core import actions as A
from ...core.game import Game
from ...core.hexgrid import hex_name
from ...games.battle_for_kursk.offensive import Offensive
from ..kit import distance_field
from ..player import Decision
from .ctx import Ctx
from .greedy import KurskGreedy
from .odds import battle_odds
from .reasons import battle_reason
from .terrain import step_cost


class KurskEasy(KurskGreedy):
    """The Kursk greedy baseline (``greedy.KurskGreedy``, unchanged) with the easy level's reasons.

    Its reasons are added here, around it, from the same public position (``ctx.Ctx``: the
    other side's secret posture scrubbed) once it has chosen, so they can never change a
    decision."""

    def choose(self, game: Game, side: str) -> Decision:
        dec = super().choose(game, side)
        if dec.reason is None:
            why = _kursk_reason(game, side, dec.action)
            if why:
                return Decision(dec.action, why)
        return dec


def _kursk_reason(game: Game, side: str, a: A.Action) -> str | None:
    if isinstance(a, A.Choose) and a.what == "posture":
        return f"posture {a.value}: the easy level always takes the boldest posture it may (12.0)"
    if not isinstance(a, (A.Place, A.Attack, Offensive, A.Move)):
        return None
    ctx = Ctx(game, side)
    if isinstance(a, A.Place):
        phase = "set-up" if ctx.phase.kind == "setup" else "replacement"
        return f"places {a.unit} at {hex_name(a.hex)}: the easy level takes the first {phase} hex on offer"
    if ctx.stage is not None:
        return None  # an advance or a retreat: the first on offer, not a decision worth a reason
    if isinstance(a, A.Move):
        field = ctx.city_field
        here = ctx.map_hex(a.unit)
        goals = ctx.targets or ctx.foe_hexes
        step = step_cost(ctx.board)
        goal = min(goals, key=lambda t: (distance_field(ctx.board, [t], step, "easy").get(a.dest, 99.0), hex_name(t)))
        p = ctx.board.place_at(goal)
        named = f"{p.name} ({hex_name(goal)})" if p else hex_name(goal)
        what = ("the Strategic Objective (12.1)" if goal == ctx.so else
                "the nearest major city it does not hold (5.0)" if ctx.targets else "the nearest enemy unit")
        return (f"{a.unit} {hex_name(here)}→{hex_name(a.dest)}: marches on {named}, {what}: "
                f"{field.get(a.dest, 99):g} MP away by the terrain costs (8.0), was {field.get(here, 99):g}")
    off = (a.lead, a.support) if isinstance(a, Offensive) else None
    bo = battle_odds(ctx.facts, a.target, a.attackers, off)
    if bo is None:
        return None
    return battle_reason(ctx, a.target, bo, a) + "; the best odds on offer"
