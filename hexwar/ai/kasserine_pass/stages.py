"""The small choices of a battle's aftermath: which attacker pays a loss, our retreat
path, and whether and where to advance after combat."""
from __future__ import annotations

from ...core import actions as A
from ...core.hexgrid import hex_name
from ...games.kasserine_pass import verbs as V
from ..player import Decision, as_action
from .battles import PLACE_W
from .ctx import Ctx
from .places import garrisons, hex_value, threat


def choose_loss(ctx: Ctx, acts: list) -> Decision:
    """KP-RESULT-A-ELIM, KP-EXCHANGE-LOSS: pay the debt with the least; a German breaks a unit down first
    when that pays it with less (KP-BREAKDOWN)."""
    need = ctx.facts.loss_owed()
    losses = [a for a in acts if isinstance(a, A.Loss)]
    bds = {a.unit: a for a in acts if isinstance(a, V.Breakdown)}
    fac = {a.unit: ctx.spec(a.unit).factor for a in losses}
    covering = [u for u in fac if fac[u] >= need]
    if covering:
        u = min(covering, key=lambda x: (fac[x] - need, x))
        over = fac[u] - need
        if over > 0 and u in bds:
            return Decision(as_action(bds[u]),
                            f"breaks {u} down so as to lose only what the result asks (KP-BREAKDOWN)")
        for x in sorted(fac, key=lambda x: -fac[x]):  # a bigger unit that breaks into parts that fit
            if x in bds and fac[x] > need and over > 0:
                return Decision(as_action(bds[x]),
                                f"breaks {x} down so as to lose only what the result asks (KP-BREAKDOWN)")
        return Decision(next(a for a in losses if a.unit == u))
    u = max(fac, key=lambda x: (fac[x], x))  # the debt is larger than any one unit: the largest first
    return Decision(next(a for a in losses if a.unit == u))


def choose_retreat(ctx: Ctx, acts: list) -> Decision:
    """Our retreat path: the end hex that stands best, least exposed, never where a stack is full."""
    points = ctx.points
    rets = [a for a in acts if isinstance(a, A.Retreat)]
    gar = garrisons(ctx)
    best = None
    for a in rets:
        d = a.path[-1]
        v = hex_value(ctx, a.unit, d, gar)
        v -= 1.0 * sum(1 for n in ctx.board.adjacent(d) if ctx.foe_at(n))
        v += 0.5 * sum(1 for h in a.path if points.get(h) and ctx.holders.get(h) != ctx.side)
        key = (v, hex_name(d))
        if best is None or key > best[0]:
            best = (key, a)
    # the step lists a path for each unit it waits on (one with none is eliminated, KP-RETREAT-TERRAIN)
    assert best is not None
    return Decision(best[1])


def choose_advance(ctx: Ctx, acts: list) -> Decision:
    """Advance after combat: into a place that scores, or where the unit stands better than now."""
    facts, points = ctx.facts, ctx.points
    moves = [a for a in acts if isinstance(a, A.Move)]
    stop = next((a for a in acts if isinstance(a, A.Advance) and a.unit is None), None) or A.EndPhase()
    gar = garrisons(ctx)
    best = None
    for m in moves:
        taken = [h for h in dict.fromkeys(m.path) if points.get(h) and ctx.holders.get(h) != ctx.side]
        guns = [u.id for u in facts.units_at(m.path[0]) if facts.side_of(u.id) != ctx.side]
        gain = (hex_value(ctx, m.unit, m.path[-1], gar) - hex_value(ctx, m.unit, ctx.hex_of(m.unit), gar)
                + PLACE_W * sum(points[h] for h in taken) + 1.5 * len(guns))
        if ctx.side == "allied" and threat(ctx).get(m.path[-1], 0) / max(1, ctx.spec(m.unit).factor) >= 6:
            gain -= ctx.spec(m.unit).factor
        if best is None or gain > best[0]:
            best = (gain, m, taken, guns)
    if best is None or best[0] <= 0.1:
        return Decision(stop)
    gain, m, taken, guns = best
    why = f"{m.unit} advances to {hex_name(m.path[-1])}"
    if taken:
        why += ": takes " + ", ".join(ctx.board.places[h].name for h in taken) + " (KP-VICTORY)"
    elif guns:
        why += f": captures {', '.join(guns)} (KP-ARTILLERY-STACK)"
    return Decision(m, why)
