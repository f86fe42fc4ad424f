"""Where a unit stands well: near the places that score (KP-VICTORY), holding one, out of
reach of a crushing attack; and who garrisons the places now.

The enemy's threat and the empty-board MP fields outlive a decision: they are kept here,
keyed by the map and options (``Ctx.map_key``) and the enemy's positions, never in the
engine's objects.
"""
from __future__ import annotations

import math

from ...core.hexgrid import Hex
from ...core.pathsearch import distances
from .ctx import Ctx

_THREATS: dict[tuple, dict[Hex, float]] = {}
_BUDGET: dict[tuple, dict[Hex, float]] = {}


def threat(ctx: Ctx) -> dict[Hex, float]:
    """Enemy combat factors that could reach a hexside of each hex next turn (empty-board MP)."""
    v = ctx.threat
    if v is not None:
        return v
    facts = ctx.facts
    key = (ctx.map_key, tuple(sorted((u.id, u.hex) for u in ctx.theirs())))
    v = _THREATS.get(key)
    if v is not None:
        ctx.threat = v
        return v
    out: dict[Hex, float] = {}
    for u in ctx.theirs():
        s = ctx.spec(u.id)
        if facts.is_artillery(u.id) or s.factor <= 0:
            continue
        d = budget_field(ctx, u.map_hex, float(s.ma))
        seen = set()
        for h in d:
            for n in ctx.board.adjacent(h):
                if n not in seen:
                    seen.add(n)
                    out[n] = out.get(n, 0.0) + s.factor
    ctx.threat = out
    if len(_THREATS) > 64:
        _THREATS.clear()
    _THREATS[key] = out
    return out


def budget_field(ctx: Ctx, start: Hex, budget: float) -> dict[Hex, float]:
    """MP from ``start`` to every hex it reaches within ``budget`` on the empty map."""
    key = (ctx.map_key, start, budget)
    if key in _BUDGET:
        return _BUDGET[key]
    d = distances((start,), adjacent=ctx.board.adjacent, cost=ctx.facts.step_cost, budget=budget)
    if len(_BUDGET) > 4000:
        _BUDGET.clear()
    _BUDGET[key] = d
    return d


def hex_value(ctx: Ctx, uid: str, h: Hex, garrisons: dict[Hex, int]) -> float:
    """How well ``uid`` stands on ``h``: near the places that score, holding one, out of danger."""
    facts, points, holders = ctx.facts, ctx.points, ctx.holders
    s = ctx.spec(uid)
    ma = max(float(s.ma), 5.0)
    late = ctx.turn / ctx.last
    memo = ctx.hex_values
    gk = tuple(sorted(garrisons.items()))
    mk = (ma, s.factor, h, gk)
    hit = memo.get(mk)
    if hit is not None:
        return hit
    v = 0.0
    for p, pts in points.items():
        if not pts:
            continue
        d = ctx.dist(p).get(h, math.inf)
        if d == math.inf:
            continue
        ours = holders.get(p) == ctx.side
        g = garrisons.get(p, 0)
        if ctx.side == "axis":
            want = pts * (0.5 if ours and g else 1.0)
        else:
            want = pts * (1.0 if not ours else 0.6) * (0.5 if g else 1.0)
        v += want / (1.0 + d / ma) * 0.6
    if points.get(h):
        here = garrisons.get(h, 0)
        if here == 0:  # the only unit holding the place (KP-VICTORY: none can pass through it)
            v += points[h] * (1.0 + 2.0 * late)
    # danger: the enemy's reachable factors against ours here (Allied units are the weaker)
    if ctx.side == "allied" and s.factor > 0:
        thr = threat(ctx).get(h, 0.0)
        dfn = s.factor * (2 if facts.is_city(h) else 1) + 0.5
        if thr / dfn >= 4:
            v -= 0.5 * s.factor + (0.5 if not points.get(h) else 0.0)
    memo[mk] = v
    return v


def garrisons(ctx: Ctx, skip: str | None = None) -> dict[Hex, int]:
    """Our non-artillery units in each place that scores."""
    out: dict[Hex, int] = {}
    for u in ctx.mine():
        if u.id != skip and u.hex in ctx.points and not ctx.facts.is_artillery(u.id):
            out[u.map_hex] = out.get(u.map_hex, 0) + 1
    return out
