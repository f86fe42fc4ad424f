"""The Black Wednesday computer's order policy in the Command Phase (§16, issue 8),
docs/black-wednesday/ai-orders.md.

`decide(fx, side, acts)` answers one Command Phase question, or None when no order
step is worth taking (the caller then rolls reserve releases or ends the phase):

1. **Roll** for an order of ours being prepared when its roll is legal and has any chance
   (§16.3): a failed roll costs nothing, the order keeps its weighted turns (§16.5). An order
   whose implementation would pull a formation off another implemented order of ours is left
   alone (implementing displaces, §16.1): that other order is still serving, unless it is a
   Hasty Defense and the new one a Prepared Defense (the same stand, Dug In).
2. **Draw** an order for a formation that is on no order at all (unassigned, not in reserve):
   such units may not fire small arms nor assault (§16.7). The type and objective come from
   the side's public goals (``black_wednesday_goals``): a Hasty Defense on the goal hexes
   within 3 hexes of it, else an Attack on the nearest goal hexes not yet ours, else a Move to
   the nearest goal hexes it should stand in.
3. **Never cancel**: complete Attack and Move orders already end by themselves (§16.6), and a
   cancelled order leaves its units unassigned until a new one implements.

What it reads: our own orders (public to their owner), the goals, where units stand. Never the
enemy's orders, the Soviet Prep Log or the dice.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from ...games.black_wednesday.orders import OrderAct, d66_chance
from ..player import Decision, as_action
from .goals import goals, open_hexes

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


DEFEND_WITHIN = 3   # §16.6: a defence order keeps its members within 3 hexes of the objective
CLUSTER = 2         # objective hexes within this distance of the nearest one form one objective
MAX_OBJECTIVE = 6   # a small objective completes (and frees its units) sooner (§16.6)
TYPE_WORDS = {"attack": "Attack", "move": "Move", "hasty_defense": "Hasty Defense",
              "prepared_defense": "Prepared Defense"}


def decide(fx: BWFacts, side: str, acts) -> Decision | None:
    """The order step to take now, or None."""
    ours = [a for a in acts if isinstance(a, OrderAct)]
    if not ours:
        return None
    return roll(fx, side, ours) or draw(fx, side, ours)


# --- rolls (§16.3, §16.5) ------------------------------------------------------------------
def roll(fx: BWFacts, side: str, acts) -> Decision | None:
    orders = fx.orders()
    by_order: dict[str, list[OrderAct]] = {}
    for a in acts:
        if a.op == "roll":
            by_order.setdefault(a.args[0], []).append(a)
    for oid in sorted(by_order):
        o = orders.get(oid)
        if o is None or o["side"] != side or _displaces(fx, o):
            continue
        need = fx.order_need(o)
        chance = d66_chance(need)
        if chance <= 0:
            continue
        a, bn_words = _battalion(fx, o, by_order[oid])
        obj = _objective_words(o["objective"])
        return Decision(as_action(a), f"rolls for order {oid} ({TYPE_WORDS.get(o['type'], o['type'])} on {obj}): "
                                      f"{o['wt']} weighted turns, needs {need}+, {round(100 * chance)}% (§16.3); "
                                      f"a failed roll costs nothing (§16.5){bn_words}")
    return None


def _displaces(fx: BWFacts, o) -> bool:
    """Would implementing ``o`` take a member formation off another implemented order of ours
    that still serves (§16.1: one implemented order per unit)? The one replacement taken is a
    Prepared Defense for a Hasty Defense (the same stand, now Dug In, §5, §16.6: Scenario 8's
    sheets are drawn that way)."""
    for k, x in fx.orders().items():
        if k == o["id"] or x["side"] != o["side"] or x["status"] != "implemented":
            continue
        if not set(x["members"]) & set(o["members"]):
            continue
        if o["type"] == "prepared_defense" and x["type"] == "hasty_defense":
            continue
        return True
    return False


def _battalion(fx: BWFacts, o, acts: list[OrderAct]) -> tuple[OrderAct, str]:
    """2.1e: of the battalions a Soviet sheet may begin with, the one nearest its objective."""
    if len(acts) == 1:
        return acts[0], ""
    obj = fx.objective(o)
    units = fx.units

    def near(a: OrderAct) -> tuple:
        bn = a.args[1]
        hs = [units[u].map_hex for f in o["members"] for u in fx.formation_units(f, o["side"])
              if fx.entry(u).battalion == bn and units[u].where == ON_MAP]
        d = min((distance(h, t) for h in hs for t in obj), default=99)
        return (d, bn)

    best = min(acts, key=near)
    d = near(best)[0]
    where = f"{d} hexes from the objective" if d < 99 else "not yet on the map"
    return best, f"; battalion {best.args[1]} begins it if it succeeds, the nearest ({where}, 2.1e)"


# --- draws (§16.1, §16.7) --------------------------------------------------------------------
def unassigned(fx: BWFacts, side: str, acts) -> list[str]:
    """Formations of ours that may draw now and are on no order at all: no implemented order
    commands any of their units and none is being prepared for them (drawable checks that)."""
    drawable = {a.args[2] for a in acts if a.op == "draw"}
    out = []
    for f in sorted(drawable):
        if "+" in f:
            continue
        if any(f in o["members"] and o["side"] == side for o in fx.orders().values()):
            continue
        if _hexes(fx, side, f):
            out.append(f)
    return out


def _hexes(fx: BWFacts, side: str, f: str) -> list[Hex]:
    res = fx.reserve
    units = fx.units
    return [units[u].map_hex for u in fx.formation_units(f, side)
            if units[u].where == ON_MAP and u not in res]


def draw(fx: BWFacts, side: str, acts) -> Decision | None:
    free = unassigned(fx, side, acts)
    if not free:
        return None
    g = goals(fx, side)
    open_ = open_hexes(fx, side, g)
    for f in free:
        got = plan(fx, side, f, g, open_)
        if got is None:
            continue
        t, objective, why = got
        a = OrderAct("draw", (t, "+".join(hex_name(h) for h in sorted(objective)), f))
        if fx.check(as_action(a)) is not None:
            continue
        art = "an" if t == "attack" else "a"
        return Decision(as_action(a), f"draws {art} {TYPE_WORDS[t]} order for {f} on "
                                      f"{_objective_words(a.args[1].split('+'))}: "
                                      f"{why}; units on no order may not fire small arms nor assault (§16.7)")
    return None


def plan(fx: BWFacts, side: str, f: str, g, open_) -> tuple[str, frozenset[Hex], str] | None:
    """(order type, objective hexes, why) for formation ``f``, from the side's goals."""
    hexes = _hexes(fx, side, f)
    if not hexes:
        return None
    area = fx.area

    def near(h: Hex) -> int:
        return min(distance(h, x) for x in hexes)

    hold = frozenset(h for h in g.hold if h in area and fx.occupier(h) == side)
    close = frozenset(h for h in hold if near(h) <= DEFEND_WITHIN)
    if close:
        return ("hasty_defense", _cluster(close, near),
                f"it stands within {DEFEND_WITHIN} hexes of goal hexes we hold ({_label(g, close)})")
    targets = frozenset(h for h in open_ if h in area)
    if targets:
        obj = _cluster(targets, near)
        d = min(near(h) for h in obj)
        return ("attack", obj, f"the nearest goal hexes not yet ours, {d} hexes away ({_label(g, obj)})")
    far = frozenset(h for h in g.hold if h in area)
    if far:
        obj = _cluster(far, near)
        return ("move", obj, f"the nearest goal hexes to stand in, {min(near(h) for h in obj)} hexes away "
                             f"({_label(g, obj)})")
    return None


def _cluster(hexes: frozenset[Hex], near) -> frozenset[Hex]:
    """The hex nearest the formation and the others within CLUSTER of it, nearest first, at
    most MAX_OBJECTIVE of them."""
    first = min(hexes, key=lambda h: (near(h), h.row, h.col))
    rest = sorted((h for h in hexes if distance(h, first) <= CLUSTER),
                  key=lambda h: (near(h), distance(h, first), h.row, h.col))
    return frozenset(rest[:MAX_OBJECTIVE])


def _label(g, hexes) -> str:
    for h in sorted(hexes, key=lambda h: (h.row, h.col)):
        words = g.why.get(h)
        if words:
            return words[0]
    return "the scenario's trenches"


def _objective_words(names) -> str:
    names = list(names)
    if len(names) <= 3:
        return ", ".join(names)
    return f"{', '.join(names[:3])} and {len(names) - 3} more"
