"""Battle for Kursk's greedy baseline (the easy level's choices; ``easy.KurskEasy`` adds its
reasons): no plan, no prices, the first thing that looks like progress."""
from __future__ import annotations

from ...core import actions as A
from ...core.game import Game
from ...games.battle_for_kursk.offensive import Offensive
from ..player import Decision
from .ctx import Ctx
from .odds import battle_odds


class KurskGreedy:
    """A simple baseline: Engage when it can, attack at the best odds on offer (1:1 or better),
    march every unit toward the nearest VP city it does not hold; other choices the first legal one."""

    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if len(acts) == 1:
            return Decision(acts[0])
        ctx = Ctx(game, side)
        if ctx.stage is not None:
            return Decision(acts[0])  # losses, retreats: the first; advance: the first unit
        kind = ctx.phase.kind
        if kind == "posture":
            order = ctx.facts.postures()
            return Decision(max((a for a in acts if isinstance(a, A.Choose)), key=lambda a: order.index(a.value)))
        if kind in ("setup", "replacement"):
            return Decision(next((a for a in acts if not isinstance(a, A.EndPhase)), acts[0]))
        if kind == "combat":
            best, bk = None, (-1, 0)
            for a in acts:
                if isinstance(a, (A.Attack, Offensive)):
                    off = (a.lead, a.support) if isinstance(a, Offensive) else None
                    bo = battle_odds(ctx.facts, a.target, a.attackers, off)
                    if bo is None or bo.odds.no_effect:
                        continue
                    k = (bo.odds.final_index, -len(a.attackers))
                    if k > bk:
                        best, bk = a, k
            if best is not None:
                return Decision(best)
            res = [a for a in acts if isinstance(a, A.Resolve)]
            return Decision(res[0] if res else A.EndPhase())
        if kind in ("armor_rail", "movement"):
            field = ctx.city_field
            by_unit: dict[str, list[A.Move]] = {}
            for a in acts:
                if isinstance(a, A.Move):
                    by_unit.setdefault(a.unit, []).append(a)
            for uid in sorted(by_unit):
                here = ctx.map_hex(uid)
                if here in ctx.vp_cities and ctx.control.get(here) == side:
                    continue  # a garrison stays
                now = field.get(here, 99)
                m = min(by_unit[uid], key=lambda m: (field.get(m.dest, 99), m.dest))
                if field.get(m.dest, 99) < now - 1e-9:
                    return Decision(m)
            return Decision(A.EndPhase())
        return Decision(acts[0])
