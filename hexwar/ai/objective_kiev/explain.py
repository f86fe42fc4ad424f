"""Plain-words reasons for the computer player's decisions, built from the rules' own figures:
``facts.odds(...)`` (every strength, shift and cap, with its rule number) and the
distribution of the open game's own combat results table (``facts.crt``) at the final
column, so the same wording serves every odds-and-CRT game."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import actions as A
from ...core.hexgrid import Hex, hex_name
from ..kit import pct
from .belief import Estimate

if TYPE_CHECKING:
    from .ctx import Ctx

GOOD = ("DR", "DRL", "DE")  # results that make the defender leave the hex and cost the attacker nothing


def result_chances(crt, odds) -> dict:
    """Result -> chance at the odds' final column, from the game's own table ``crt``.

    Empty below the lowest column (no effect)."""
    if odds.no_effect:
        return {}
    return dict(crt.distribution(odds.final_index))


def _place(ctx: Ctx, h: Hex) -> str:
    p = ctx.board.place_at(h)
    return p.name if p else hex_name(h)


def _threatens(ctx: Ctx, target: Hex) -> str:
    if target in ctx.board.places and ctx.facts.owner(target) != ctx.side:
        return f"; an advance takes {_place(ctx, target)}"
    near = [c for c in ctx.board.adjacent(target) if c in ctx.board.places and ctx.facts.owner(c) != ctx.side]
    return f"; threatens {', '.join(_place(ctx, c) for c in near)}" if near else ""


def attack_reason(ctx: Ctx, attack: A.Attack, est: Estimate, support: str | None = None) -> str:
    """E.g. "attacks 0505 at 3:1 after the forest shift (10.4); 50% chance of DR or better; threatens Lvov".

    ``support``: an air support marker the odds count on (it is committed at the roll)."""
    target = hex_name(attack.target)
    o = ctx.facts.odds(attack.target, attack.attackers, support)
    if o is not None:  # every unit is revealed: quote the rules' own derivation
        shifts = [f"{s.reason} ({s.rule})" for s in o.shifts]
        ratio = next((ln for ln in o.lines() if ln.startswith("ratio")), "")
        if o.no_effect:
            head = f"attacks {target}: {ratio}, below 1:1 after {', '.join(shifts)}"
        elif support:
            head = f"attacks {target} counting on air support: {o.column} ({ratio}, then {', '.join(shifts)})"
        else:
            head = f"attacks {target} at {o.column} ({ratio}" + (f", then {', '.join(shifts)})" if shifts else ")")
        dist = result_chances(ctx.facts.crt, o)
        good = sum(dist.get(r, 0) for r in GOOD)
        body = f"{pct(good)} chance of DR or better"
        ex, al = dist.get("EX", 0), dist.get("AL", 0)
        if ex or al:
            body += f", {pct(ex + al)} of a loss of our own (EX/AL)"
    else:  # an untried corps is involved: its strength is a guess over the corps not yet seen
        n = len(ctx.facts.unseen())
        head = (f"attacks {target} (an untried corps: expected defense {est.defense:.1f} "
                f"over the {n} corps not yet seen), most likely at {est.column}"
                + (f" after {', '.join(est.shifts)}" if est.shifts else ""))
        body = f"{pct(sum(est.p.get(r, 0) for r in GOOD))} chance of DR or better"
    trapped = ctx.trapped(attack.target)
    if trapped >= 1.0:
        body += "; it has no safe way out, so a retreat destroys it"
    return f"{head}; {body}{_threatens(ctx, attack.target)}"


def support_reason(ctx: Ctx, target: Hex, attackers: Sequence[str], marker: str, gain: float) -> str:
    o0 = ctx.facts.odds(target, attackers)
    o1 = ctx.facts.odds(target, attackers, marker)
    name = ctx.facts.support_name(marker)
    if o0 is None or o1 is None:
        return f"commits {name} at {hex_name(target)}"
    def good(o) -> float:
        return float(sum(result_chances(ctx.facts.crt, o).get(r, 0) for r in GOOD))

    before = "below 1:1" if o0.no_effect else o0.column
    return (f"commits {name} at {hex_name(target)} (10.5): {before} → {o1.column}, "
            f"DR or better {pct(good(o0))} → {pct(good(o1))}")


def move_reason(ctx: Ctx, uid: str, dest: Hex, parts: dict | None) -> str:
    """The main reasons for a move, from the parts of its position score."""
    if not parts:
        return "better placed"
    bits = []
    if parts.get("cities"):
        bits.append("takes " + ", ".join(_place(ctx, c) for c in parts["cities"]))
    p, t = parts.get("prep", (0.0, None))
    if t is not None and p > 0.3:
        bits.append(f"lines up an attack on {hex_name(t)}" + (f" ({_place(ctx, t)})" if t in ctx.board.places else ""))
    city, unit = parts.get("city_risk", 0.0), parts.get("unit_risk", 0.0)
    if city < -0.5 and dest in ctx.board.places and not parts.get("cities"):
        bits.append(f"holds {_place(ctx, dest)}")
    elif city > 0.5:
        bits.append("leaves a city open, for more elsewhere")
    if unit < -0.5:
        bits.append(f"cuts its expected loss to an enemy attack by {-unit:.1f} points")
    elif unit > 0.5:
        bits.append(f"accepts an expected loss of {unit:.1f} points")
    if not bits:
        bits.append(f"closes on the nearest objective ({parts.get('dist', 0):g} MP away)")
    return "; ".join(bits)
