"""The Kasserine Pass computer player at the easy level: ``KasserineGreedy`` ("greedy").

Every unit walks toward the nearest place that scores and it does not hold, every battle
at the best odds on offer if 2-1 or better (or when a duty forces it), every battery
allocated, every other choice the first legal one. Its reasons come from the same figures
as the normal level's (``battles.describe``), worked out once a choice is made.
"""
from __future__ import annotations

import math

from ...core import actions as A
from ...core.actions import Action
from ...core.combat import ratio_label
from ...core.game import Game
from ...core.hexgrid import hex_name
from ...games.kasserine_pass import verbs as V
from ..kit import pct
from ..player import Decision
from .battles import battle_est, describe, estimate
from .ctx import Ctx


class KasserineGreedy:
    """Baseline: every unit walks toward the nearest place that scores and it does not
    hold (the Allies: their own places first), every battle at the best odds on offer if
    2-1 or better (or when a duty forces it), every battery allocated, every other choice
    the first legal one.

    It is the client's "easy" level, so its battles, artillery, air power, arrivals,
    advances and moves carry a short reason from the rules' own figures (``describe``);
    the reasons are worked out once a choice is made and never change it
    (tests/ai/test_easy_reasons.py compares the action lists with those from before)."""

    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if len(acts) == 1:
            return Decision(acts[0], forced_reason(game, side, acts[0]))
        ctx = Ctx(game, side)
        facts = ctx.facts
        if ctx.stage:
            if ctx.stage == "advance":
                moves = [a for a in acts if isinstance(a, A.Move)]
                if moves:
                    m = moves[0]
                    return Decision(m, f"{m.unit} advances {hex_name(ctx.hex_of(m.unit))}→{ctx.place_name(m.path[-1])} "
                                       "after the battle (the easy level takes the first advance on offer)")
                return Decision(acts[-1])
            return Decision(next(a for a in acts if not isinstance(a, V.Breakdown)))
        if ctx.moving:
            places = [a for a in acts if isinstance(a, A.Place)]
            if places:
                p = places[0]
                return Decision(p, f"{p.unit} arrives at {ctx.place_name(p.hex)} (KP-OOB), "
                                   "the first arrival on the list")
            return self._move(ctx, acts)
        if ctx.step == "declare":
            busy = {x for b in facts.battles() for x in b.attackers}
            atts = [a for a in acts if isinstance(a, (A.Attack, V.Select)) and not set(a.attackers) <= busy]
            obl = facts.obligations()
            need = {u for _, _, us in obl for u in us}
            best = None
            for a in atts:
                defenders = a.defenders if isinstance(a, V.Select) else facts.stack_defenders(a.target)
                e = estimate(ctx, a.target, defenders, [(x, ctx.hex_of(x)) for x in a.attackers], 0, 0)
                if e is None:
                    continue
                ratio = e.attack / e.defense
                duty = bool(need & (set(a.attackers) | set(defenders)))
                if (ratio >= 2 or duty) and (best is None or (duty, ratio) > best[0]):
                    best = ((duty, ratio), a, e)
            if best is not None:
                (duty, _), a, e = best
                why = describe(ctx, e) + ("; a duty forces it (" + ", ".join(
                    dict.fromkeys(rule for rule, _, us in obl if set(us) & (set(a.attackers) | set(e.defenders)))) + ")"
                    if duty else "; the best odds on offer, and 2-1 or better")
                return Decision(a, why)
        sup = [a for a in acts if isinstance(a, (V.Support, A.Choose))]
        if sup:
            return Decision(sup[0], support_reason(ctx, sup[0]))
        res = [a for a in acts if isinstance(a, A.Resolve)]
        if res:
            return Decision(res[0])
        if A.EndPhase() in acts:
            return Decision(A.EndPhase())
        return Decision(acts[0])

    def _move(self, ctx: Ctx, acts: list) -> Decision:
        facts, points = ctx.facts, ctx.points
        if ctx.side == "axis":
            objs = [p for p, v in points.items() if v and ctx.holders.get(p) != "axis"]
        else:
            objs = [p for p, v in points.items() if v and (ctx.holders.get(p) != "allied" or not facts.units_at(p))]
        if not objs:
            return Decision(A.EndPhase())
        by_unit: dict[str, list] = {}
        for a in acts:
            if isinstance(a, A.Move):
                by_unit.setdefault(a.unit, []).append(a)
        for uid in sorted(by_unit):
            here = ctx.hex_of(uid)
            if ctx.side == "allied" and points.get(here):
                continue  # a garrison stays
            now = min(ctx.dist(p).get(here, math.inf) for p in objs)
            best, best_d = None, now
            for m in by_unit[uid]:
                d = min(ctx.dist(p).get(m.path[-1], math.inf) for p in objs)
                if d < best_d - 1e-9:
                    best, best_d = m, d
            if best is not None:
                goal = min(objs, key=lambda p: (ctx.dist(p).get(best.path[-1], math.inf), hex_name(p)))
                gone = "" if now == math.inf else f" (was {now:g})"
                return Decision(best, f"{uid} {hex_name(here)}→{hex_name(best.path[-1])}: closes on "
                                      f"{ctx.place_name(goal)}, {points[goal]} point(s) (KP-VICTORY), "
                                      f"the nearest place that scores and is not held: {best_d:g} MP away{gone}")
        return Decision(A.EndPhase())


def forced_reason(game: Game, side: str, a: Action) -> str | None:
    """A battle that is the only legal action: a duty (KP-ZOC) forces it; its figures all the same."""
    if not isinstance(a, (A.Attack, V.Select)):
        return None
    ctx = Ctx(game, side)
    defenders = a.defenders if isinstance(a, V.Select) else ctx.facts.stack_defenders(a.target)
    e = estimate(ctx, a.target, defenders, [(x, ctx.hex_of(x)) for x in a.attackers], 0, 0)
    head = describe(ctx, e) if e is not None else f"attacks {ctx.place_name(a.target)}"
    return head + "; the only legal action: a duty forces this battle (KP-ZOC)"


def support_reason(ctx: Ctx, a: V.Support | A.Choose) -> str:
    """The easy level puts every battery and the air power in: the odds before and after (the
    figures ``best_support`` and ``best_air`` quote)."""
    battles = ctx.facts.battles()
    if isinstance(a, A.Choose):
        b = next((b for b in battles if hex_name(b.target) == a.value and not b.air), None)
        e0 = battle_est(ctx, b) if b is not None else None
        e1 = None
        if b is not None and e0 is not None:
            e1 = estimate(ctx, b.target, e0.defenders, [(x, ctx.hex_of(x)) for x in e0.attackers],
                          e0.att_support, e0.def_support, True)
        if e0 is None or not e1:
            return f"air power on the attack at {a.value} (KP-OPT-AIR-POWER): the easy level always uses it"
        return (f"air power on the attack at {ctx.place_name(e0.target)} (KP-OPT-AIR-POWER): {ratio_label(e0.odds)} → "
                f"{ratio_label(e1.odds)}, D BACK or better {pct(e0.p_good)} → {pct(e1.p_good)}; "
                "the easy level always uses it")
    attacking = ctx.step == "declare"
    b = next((b for b in battles if a.unit in (b.attackers if attacking else b.defenders)), None)
    f = ctx.spec(a.battery).factor
    e0 = battle_est(ctx, b, exact_def=not attacking) if b is not None else None
    e1 = battle_est(ctx, b, extra_att=f if attacking else 0, extra_def=0 if attacking else f,
                     exact_def=not attacking) if b is not None else None
    role = "attack on" if attacking else "defence at"
    if e0 is None or e1 is None:
        return f"{a.battery} supports {a.unit} (KP-ARTILLERY): the easy level puts every battery in"
    return (f"{a.battery} adds {f} to {a.unit}'s {role} {ctx.place_name(e0.target)} (KP-ARTILLERY): "
            f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, {'' if attacking else 'his '}D BACK or better "
            f"{pct(e0.p_good)} → {pct(e1.p_good)}; the easy level puts every battery in")
