"""Battles as the computer players price them: ``Est`` (a battle with the rules' figures),
``estimate`` and ``describe``, the next declaration, artillery and air power.

A battle is worth the chance of each result on two dice (``facts.result_chances``, the CRT
with rows 7-12 mirrored, D1) times what the result does, in combat factors: defenders
killed (D ELIM, a D BACK with no way out), the place taken by the advance, our factors lost
on A ELIM / EXCHANGE (KP-EXCHANGE-LOSS), a little for CONTACT and ENGAGED (they bind the
defender next turn), a little against for A BACK. The defender is assumed to add every
battery in range (KP-ARTILLERY), the attacker counts his own batteries that can still pay
the cost of combat (KP-COST-OF-COMBAT).
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core import actions as A
from ...core.actions import Action
from ...core.combat import odds_ratio, ratio_label, shift_ratio
from ...core.hexgrid import Hex, distance, hex_name
from ...games.kasserine_pass import verbs as V
from ...games.kasserine_pass.facts import KBattle
from ..kit import pct
from ..player import as_action
from .ctx import Ctx

GOOD = ("D ELIM", "D BACK 1", "D BACK 2", "D BACK 3", "D BACK 4")
BAD = ("A ELIM", "A BACK 1", "A BACK 2", "A BACK 3", "A BACK 4")
LOSS_W = {"axis": 1.3, "allied": 1.0}  # what a factor of our own is worth against one of his
PLACE_W = 2.5  # a victory point, in combat factors
THRESH = 0.4  # a voluntary battle must be worth this much



@dataclass
class Est:
    """One battle as the AI prices it, with the rules' own figures."""

    target: Hex
    defenders: tuple
    attackers: tuple
    attack: Fraction
    defense: Fraction
    def_support: int
    att_support: int
    odds: tuple
    chances: dict
    value: float

    @property
    def p_good(self) -> float:
        return float(sum(self.chances.get(r, 0) for r in GOOD))

    @property
    def p_bad(self) -> float:
        return float(sum(self.chances.get(r, 0) for r in BAD))


def estimate(ctx: Ctx, target: Hex, defenders: tuple, placed: list[tuple[str, Hex]], att_support: int = 0,
             def_support: int | None = None, air: bool = False, side: str | None = None) -> Est | None:
    """Price a battle: attackers ``placed`` (unit, the hex it attacks from) on ``defenders`` at ``target``."""
    facts = ctx.facts
    side = side or ctx.side
    att = Fraction(0)
    for uid, h in placed:
        att += facts.spec(uid).factor * facts.attack_multiplier(h, target)  # KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK
    att += att_support
    base = sum((1 if facts.is_artillery(d) else facts.spec(d).factor) for d in defenders)  # KP-ARTILLERY-ALONE
    city = facts.is_city(target)
    basic = base * 2 if city else base  # KP-CITY, KP-EXCHANGE-LOSS
    if def_support is None:
        def_support = ctx.def_support(target, defenders)
    dfn = Fraction(basic + def_support)
    if att <= 0 or dfn <= 0:
        return None
    o = odds_ratio(att, dfn)  # KP-ODDS: rounded for the defender
    if o[0] == 1 and o[1] > 6:
        return None  # D5: worse than 1-6 is refused
    if air:
        o = shift_ratio(o, 1)  # KP-OPT-AIR-POWER
    ch = facts.result_chances(o)
    # what each result does, in combat factors from the attacker's side
    whole = set(defenders) >= set(facts.stack_defenders(target))
    guns = sum(1 for u in facts.units_at(target) if facts.is_artillery(u.id) and u.id not in defenders) if whole else 0
    defv = float(base) + guns
    lw = LOSS_W[side]
    place = 0.0
    if ctx.points.get(target, 0) and ctx.holders.get(target) != side:
        place = PLACE_W * ctx.points[target]
    v = 0.0
    for res, p in ch.items():
        w = res.split()
        if res == "D ELIM":
            x = defv + place + 0.2
        elif w[:2] == ["D", "BACK"]:
            kf = ctx.kill_frac(tuple(defenders), int(w[2]))
            x = defv * (kf + (1 - kf) * 0.3) + place * 0.8 + 0.1
        elif res == "EXCHANGE":
            x = defv - lw * basic + place * 0.8
        elif res == "CONTACT":
            x = 0.15 * defv
        elif res == "ENGAGED":
            x = -0.15
        elif w[:2] == ["A", "BACK"]:
            x = -0.3 - 0.1 * int(w[2])
        else:  # A ELIM
            x = -lw * basic - 0.4
        v += float(p) * x
    return Est(target, tuple(defenders), tuple(u for u, _ in placed), att, dfn, def_support, att_support, o, ch, v)


def describe(ctx: Ctx, e: Est, verb: str = "attacks") -> str:
    """A battle in plain words from the rules' figures (the odds panel's numbers)."""
    facts = ctx.facts
    mods = []
    for a in e.attackers:
        h = ctx.hex_of(a)
        if h is None:
            continue
        m = facts.attack_multiplier(h, e.target)
        if m != 1:
            why = []
            if facts.is_cliff(h, e.target) and facts.height(e.target) > facts.height(h):
                why.append("up a cliff, KP-CLIFF")
            elif facts.height(h) < facts.height(e.target):
                why.append("defender higher, KP-HEIGHT")
            if ctx.board.terrain[h] == "river":
                why.append("from a river hex, KP-RIVER-ATTACK")
            mods.append(f"{a} ×{m} ({'; '.join(why)})")
    parts = [f"{verb} {', '.join(e.defenders)} at {ctx.place_name(e.target)}: {ratio_label(e.odds)}",
             f"(attack {float(e.attack):g}"]
    if e.att_support:
        parts[-1] += f" incl. {e.att_support} of artillery"
    parts[-1] += f" against {float(e.defense):g}"
    if facts.is_city(e.target):
        parts[-1] += ", city doubled"
    if e.def_support:
        parts[-1] += f", counting {e.def_support} of his artillery in range"
    parts[-1] += ")"
    if mods:
        parts.append("; " + ", ".join(mods))
    out = " ".join(parts[:2]) + "".join(parts[2:])
    out += f"; {pct(e.p_good)} chance of D BACK or D ELIM, {pct(e.p_bad)} of A BACK or A ELIM"
    for res in ("CONTACT", "ENGAGED", "EXCHANGE"):
        if e.chances.get(res):
            out += f", {pct(e.chances[res])} {res}"
    pts = ctx.points.get(e.target)
    if pts and ctx.holders.get(e.target) != ctx.side:
        out += f"; an advance takes {ctx.board.places[e.target].name} ({pts} point{'s' if pts > 1 else ''})"
    return out


# --- declarations ---------------------------------------------------------------------------------
def _battles_by_target(ctx: Ctx) -> dict:
    return {(b.target, frozenset(b.defenders)): (i, b) for i, b in enumerate(ctx.facts.battles())}


def _free_support(ctx: Ctx, placed: list[tuple[str, Hex]], used: set) -> tuple[int, list[str]]:
    """Our batteries that could still support one of these attackers (range, MP to pay)."""
    facts = ctx.facts
    allocated = facts.support()
    tot, bats = 0, []
    for u in ctx.mine():
        if not facts.is_artillery(u.id) or u.id in allocated or u.id in used:
            continue
        if facts.mp_left(u.id) < facts.combat_cost(u.id) - 1e-9:
            continue
        rng = ctx.spec(u.id).range
        if any(distance(u.map_hex, h) <= rng for _, h in placed):
            tot += ctx.spec(u.id).factor
            bats.append(u.id)
    return tot, bats


def plan_declarations(ctx: Ctx, acts: list, threshold: float = THRESH):
    """The next attack to declare: (action, Est) or None.

    Battles already declared are kept; each target's attackers are the best prefix of
    the units free to hit it (strongest first); duties (KP-ZOC, CONTACT, ENGAGED) first."""
    facts = ctx.facts
    attacks = [a for a in acts if isinstance(a, (A.Attack, V.Select))]
    if not attacks:
        return None
    existing = _battles_by_target(ctx)
    obl = facts.obligations()
    must_units = {u for rule, _, us in obl if rule == "KP-ZOC" for u in us}
    must_targets = {u for rule, _, us in obl if rule != "KP-ZOC" for u in us}
    used_bats: set = set()
    best = None
    for a in attacks:
        defenders = a.defenders if isinstance(a, V.Select) else facts.stack_defenders(a.target)
        key = (a.target, frozenset(defenders))
        old = existing.get(key)
        old_att = tuple(old[1].attackers) if old else ()
        new = tuple(x for x in a.attackers if x not in old_att)
        if not new:
            continue  # the rules list a battle's own attackers again: a no-op
        placed = [(x, ctx.hex_of(x)) for x in old_att + new]
        sup, _ = _free_support(ctx, placed, used_bats)
        e = estimate(ctx, a.target, defenders, placed, sup)
        if e is None:
            continue
        base = 0.0
        if old:
            e0 = estimate(ctx, a.target, defenders, [(x, ctx.hex_of(x)) for x in old_att], sup)
            base = e0.value if e0 else -2.0
        gain = e.value - base - 0.03 * len(new)
        duty = 0.0
        if must_units & set(new):
            duty += 50.0
        if must_targets & set(defenders):
            duty += 50.0
        if not old and not duty and e.value < threshold:
            continue
        if old and not duty and gain <= 0.05:
            continue
        score = duty + gain
        if best is None or score > best[0]:
            best = (score, a, e)
    if best is None:
        return None
    return best[1], best[2]


def battle_est(ctx: Ctx, b: KBattle, extra_att: int = 0, extra_def: int = 0, exact_def: bool = False) -> Est | None:
    """Price a declared battle with what is allocated to it (and, before the defender has
    allocated, every battery of his in range unless ``exact_def``)."""
    facts = ctx.facts
    placed = [(x, ctx.hex_of(x)) for x in b.attackers if facts.is_on_map(x)]
    defenders = tuple(d for d in b.defenders if facts.is_on_map(d))
    if not placed or not defenders:
        return None
    att_sup, def_sup = facts.allocated_support(b)  # the rules' own count of what is allocated
    side = facts.side_of(placed[0][0])
    dsup = def_sup + extra_def
    if not exact_def and ctx.step == "declare":
        dsup = ctx.def_support(b.target, defenders) + extra_def
    return estimate(ctx, b.target, defenders, placed, att_sup + extra_att, dsup, b.air, side)


def best_support(ctx: Ctx, acts: list) -> tuple[Action, str] | None:
    """The battery allocation that helps most: for the attacker the battle's worth, for
    the defender the attacker's worth taken away (KP-ARTILLERY)."""
    sups = [a for a in acts if isinstance(a, V.Support)]
    if not sups:
        return None
    attacking = ctx.step == "declare"
    battles = ctx.facts.battles()
    best = None
    for s in sups:
        i = next((k for k, b in enumerate(battles) if s.unit in (b.attackers if attacking else b.defenders)), None)
        if i is None:
            continue
        b = battles[i]
        f = ctx.spec(s.battery).factor
        e0 = battle_est(ctx, b, exact_def=not attacking)
        e1 = battle_est(ctx, b, extra_att=f if attacking else 0, extra_def=0 if attacking else f,
                         exact_def=not attacking)
        if e0 is None or e1 is None:
            continue
        if attacking:
            gain = e1.value - e0.value
            ratio = float(e1.attack / e1.defense - e0.attack / e0.defense)
        else:
            gain = e0.value - e1.value
            ratio = float(e0.attack / e0.defense - e1.attack / e1.defense)
        key = (round(gain, 6), ratio, -f)
        if best is None or key > best[0]:
            best = (key, s, e0, e1)
    if best is None:
        return None
    (gain, ratio, _), s, e0, e1 = best
    if gain <= 1e-6 and ratio <= 1e-9:
        return None
    f = ctx.spec(s.battery).factor
    if attacking:
        why = (f"{s.battery} adds {f} to {s.unit}'s attack on {ctx.place_name(e0.target)} (KP-ARTILLERY): "
               f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, D BACK or better {pct(e0.p_good)} → {pct(e1.p_good)}")
    else:
        why = (f"{s.battery} adds {f} to {s.unit}'s defence at {ctx.place_name(e0.target)} (KP-ARTILLERY): "
               f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, his D BACK or better {pct(e0.p_good)} → "
               f"{pct(e1.p_good)}")
    return as_action(s), why


def best_air(ctx: Ctx, acts: list) -> tuple[Action, str] | None:
    """Allied air power (KP-OPT-AIR-POWER) on the battle it helps most."""
    airs = [a for a in acts if isinstance(a, A.Choose) and a.what == "air"]
    best = None
    for a in airs:
        for b in ctx.facts.battles():
            if hex_name(b.target) == a.value and not b.air:
                e0 = battle_est(ctx, b)
                if e0 is None:
                    continue
                e1 = estimate(ctx, b.target, e0.defenders, [(x, ctx.hex_of(x)) for x in e0.attackers],
                              e0.att_support, e0.def_support, True)
                if e1 and (best is None or e1.value - e0.value > best[0]):
                    best = (e1.value - e0.value, a, e0, e1)
    if best is None or best[0] <= 0:
        return None
    _, a, e0, e1 = best
    return a, (f"air power on the attack at {ctx.place_name(e0.target)} (KP-OPT-AIR-POWER): "
               f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, D BACK or better {pct(e0.p_good)} → {pct(e1.p_good)}")
