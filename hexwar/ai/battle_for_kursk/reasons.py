"""The Kursk computer players' reasons: a battle and a move in plain words, with the rules'
own figures."""
from __future__ import annotations

from ...core import actions as A
from ...core.hexgrid import Hex, hex_name
from ...games.battle_for_kursk.offensive import Offensive
from ..kit import pct
from .ctx import Ctx
from .odds import BattleOdds


def battle_reason(ctx: Ctx, target: Hex, bo: BattleOdds, act: A.Attack | Offensive) -> str:
    """A battle declared or resolved, in the rules' own figures: odds, shifts with their rules, chances."""
    o = bo.odds
    ratio = next((ln for ln in o.lines() if ln.startswith("ratio")), "")
    shifts = ", ".join(f"{sh.reason} ({sh.columns:+d}, {sh.rule})" for sh in o.shifts if sh.columns)
    foe = ctx.at.get(target)
    who = ctx.facts.public_name(foe) if foe else hex_name(target)
    head = ("launches an Offensive (9.2.1) led by " + act.lead + " against " if isinstance(act, Offensive)
            else "attacks ") + f"{who} at {hex_name(target)}"
    if o.no_effect:
        return f"{head}: {ratio}, below 1:1 after {shifts}"
    body = f"{bo.column} ({ratio}" + (f", then {shifts})" if shifts else ")")
    extra = f"; {pct(bo.p_good)} chance of DR or better"
    risk = bo.p.get("EX", 0) + bo.p.get("AL", 0)
    if risk:
        extra += f", {pct(risk)} of a loss of our own (EX/AL)"
    if target in ctx.vp_cities:
        extra += f"; an advance would take {ctx.board.describe(target)}"
    return f"{head} at {body}{extra}"


def move_reason(ctx: Ctx, uid: str, dest: Hex, parts: dict) -> str:
    """A move, from the parts of its position score (``Ctx.score``)."""
    bits = []
    if parts.get("cities"):
        bits.append("takes " + ", ".join(ctx.board.describe(c) for c in parts["cities"]))
    if parts.get("so"):
        bits.append("reaches the Strategic Objective (12.1): 1 VP")
    if parts.get("holds") is not None and not parts.get("cities"):
        bits.append(f"holds {ctx.board.describe(parts['holds'])}")
    if parts.get("vacates"):
        bits.append(f"leaves {ctx.board.describe(parts['vacates'][0])} open to a walk-in, for more here")
    p, t = parts.get("prep", (0.0, None))
    if t is not None and p > 0.5:
        bits.append(f"lines up an attack on {hex_name(t)}")
    if parts.get("risk", 0) > 1.0:
        bits.append(f"accepts an expected loss of {parts['risk']:.1f} points if attacked")
    if not bits and parts.get("sp") is not None:
        bits.append(f"drives on {ctx.board.describe(parts['sp'])}, the city the armor concentrates on (5.0)")
    if not bits:
        bits.append(f"closes on the nearest objective ({parts.get('dist', 0):g} MP away)")
    return f"{uid} {hex_name(ctx.map_hex(uid))}→{hex_name(dest)}: " + "; ".join(bits)
