"""The Kasserine Pass computer player at the normal level: ``KasserinePlayer`` ("ai").

It decides from the public position only (``Ctx``: ``core.position.Position`` and its
``facts``); Kasserine hides nothing, and nothing here touches the dice.

How it plays (docs/ai.md, Kasserine section):
- a battle is worth the chance of each result on two dice times what the result does, in
  combat factors (``battles.estimate``);
- declarations one at a time, duties first (KP-ZOC, CONTACT, ENGAGED), then artillery and
  air power where they add most (``battles``);
- movement is planned once per phase: the best battles its units can line up, batteries
  within range of them, then every other unit toward the places that score (``moves``);
- losses, retreats and advances: ``stages``.
"""
from __future__ import annotations

from fractions import Fraction

from ...core import actions as A
from ...core.combat import ratio_label
from ...core.game import Game
from ...core.hexgrid import hex_name
from ...games.kasserine_pass import verbs as V
from ..kit import pct
from ..player import Decision, as_action
from .battles import BAD, GOOD, battle_est, best_air, best_support, plan_declarations
from .ctx import Ctx
from .moves import Plan, plan_attacks, plan_free_moves, positions
from .places import garrisons, hex_value
from .stages import choose_advance, choose_loss, choose_retreat


class KasserinePlayer:
    """The Kasserine Pass computer player (see the module docstring)."""

    name = "ai"

    def __init__(self) -> None:
        self._plan: Plan | None = None

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if len(acts) == 1:
            if isinstance(acts[0], (A.Attack, V.Select)):
                ctx = Ctx(game, side)
                if ctx.step == "declare":
                    # a battle a duty forces (KP-ZOC): no choice, but the person still reads its figures
                    return Decision(acts[0], self._declared_reason(ctx, acts[0]) + "; the only legal action")
            return Decision(acts[0])
        ctx = Ctx(game, side)
        if ctx.stage:
            kind = ctx.stage
            if kind == "loss":
                return choose_loss(ctx, acts)
            if kind == "retreat":
                return choose_retreat(ctx, acts)
            if kind == "advance":
                return choose_advance(ctx, acts)
            return Decision(acts[0])
        if ctx.moving:
            return self._move(ctx, acts)
        if ctx.step == "declare":
            return self._declare(ctx, acts)
        if ctx.step == "defend":
            got = best_support(ctx, acts)
            return Decision(*got) if got else Decision(A.EndPhase())
        if ctx.step == "resolve":
            return self._resolve(ctx, acts)
        return Decision(A.EndPhase() if A.EndPhase() in acts else acts[0])

    # combat
    def _declare(self, ctx: Ctx, acts: list) -> Decision:
        got = plan_declarations(ctx, acts)
        if got is not None:
            a, _ = got
            # the reason from the rules' own odds panel of the battle this declaration makes
            return Decision(a, self._declared_reason(ctx, a))
        got = best_support(ctx, acts)
        if got:
            return Decision(*got)
        got = best_air(ctx, acts)
        if got:
            return Decision(*got)
        if A.EndPhase() in acts:
            return Decision(A.EndPhase())
        # a duty the plan could not price: any declaration that adds a unit (the rules also
        # list a battle's own attackers again, a no-op that would loop)
        busy = {x for b in ctx.facts.battles() for x in b.attackers}
        cands = [a for a in acts if isinstance(a, (A.Attack, V.Select)) and not set(a.attackers) <= busy]
        if cands:
            return Decision(as_action(cands[0]))
        rest = [a for a in acts if not isinstance(a, (A.Attack, V.Select, V.Breakdown))]
        return Decision(rest[0] if rest else acts[0])

    def _declared_reason(self, ctx: Ctx, a: A.Attack | V.Select) -> str:
        c2 = ctx.after(as_action(a))  # declaring rolls nothing
        battles = c2.facts.battles()
        i = next(i for i, b in enumerate(battles) if b.target == a.target
                 and all(x in b.attackers for x in a.attackers))
        det = c2.facts.battle_detail(i)
        b = battles[i]
        e = battle_est(c2, b)
        ch = det["chances"]
        good = sum(float(v) for k, v in ch.items() if k in GOOD)
        bad = sum(float(v) for k, v in ch.items() if k in BAD)
        units = []
        for u in det["attackers"]:
            t = f"{u['unit']} {u['base']}"
            if u["multiplier"] != "1":
                t += f"×{u['multiplier']} ({', '.join(u['rules'])})"
            units.append(t)
        why = (f"attacks {', '.join(det['defenders'])} at {ctx.place_name(b.target)}: {det['odds']} now "
               f"({' + '.join(units)} = {float(Fraction(det['attack'])):g} against {float(Fraction(det['defense'])):g}"
               f"{', city doubled' if det['city'] else ''}); {pct(good)} chance of D BACK or D ELIM, {pct(bad)} of "
               f"A BACK or A ELIM")
        if e is not None and e.odds != tuple(int(x) for x in det["odds"].split("-")):
            why += f"; {ratio_label(e.odds)} if he adds his {e.def_support} of artillery in range"
        if ctx.points.get(b.target) and ctx.holders.get(b.target) != ctx.side:
            why += f"; an advance takes {ctx.board.places[b.target].name} ({ctx.points[b.target]} pt, KP-VICTORY)"
        duty = [rule for rule, _, us in ctx.facts.obligations()
                if set(us) & (set(a.attackers) | set(b.defenders))]
        if duty:
            why += f"; a duty ({', '.join(dict.fromkeys(duty))})"
        return why

    def _resolve(self, ctx: Ctx, acts: list) -> Decision:
        res = [a for a in acts if isinstance(a, A.Resolve)]
        if not res:
            return Decision(A.EndPhase())
        return Decision(res[0])

    # movement
    def _move(self, ctx: Ctx, acts: list) -> Decision:
        places = [a for a in acts if isinstance(a, A.Place)]
        if places:
            return self._arrive(ctx, places)
        key = (ctx.match, ctx.turn, ctx.phase, ctx.side)
        plan = self._plan
        if plan is None or plan.key != key or plan.expect != positions(ctx):
            plan = self._plan = self._make_plan(ctx, acts, key)
        acts_set = set(acts)
        while plan.moves:
            m = plan.moves.pop(0)
            if m in acts_set:
                why = plan.reasons.get(m)
                exp = dict(plan.expect)
                exp[m.unit] = m.path[-1]
                plan.expect = exp
                return Decision(m, why)
        if not plan.free_done:  # then the other units, planned in one pass
            plan.free_done = True
            free = plan_free_moves(ctx, acts, plan.hold)
            plan.moves = [m for m, _ in free]
            plan.reasons.update(dict(free))
            if plan.moves:
                return self._move(ctx, acts)
        return Decision(A.EndPhase())

    def _make_plan(self, ctx: Ctx, acts: list, key: tuple) -> Plan:
        movers = {}
        for a in acts:
            if isinstance(a, A.Move) and a.unit not in movers:
                movers[a.unit] = ctx.facts.reach(a.unit)
        allowed = {(a.unit, a.path[-1]) for a in acts if isinstance(a, A.Move)}
        movers = {u: {h: v for h, v in rc.items() if (u, h) in allowed} for u, rc in movers.items()}
        moves, slots, held = plan_attacks(ctx, movers)
        plan = Plan(key, [m for m, _ in moves], {m: w for m, w in moves}, set(held) | set(slots),
                    positions(ctx))
        return plan

    def _arrive(self, ctx: Ctx, places: list) -> Decision:
        """KP-OOB: a unit due comes on where it stands best (entry hexes of its area)."""
        gar = garrisons(ctx)
        best = None
        for a in places:
            v = hex_value(ctx, a.unit, a.hex, gar)
            if a.hex in ctx.foe_zoc:
                v -= 5.0
            key = (v, a.unit, hex_name(a.hex))
            if best is None or key > best[0]:
                best = (key, a)
        assert best is not None  # the caller passes at least one arrival
        a = best[1]
        return Decision(a, f"{a.unit} arrives at {ctx.place_name(a.hex)} (KP-OOB)")
