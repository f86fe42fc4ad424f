"""R4: Axis units on an Attack order take back the goal hexes the Soviets occupy
(docs/black-wednesday/ai-scenarios.md, "Counter-attacks").

Scenario 4 gives the Recon and Engineer companies an order to attack and recapture Krasni Bor;
in Scenario 8 the Germans come on with Attack orders. A hex counts for the last side to stand
in or pass through it (5.0), so a Krasni Bor hex a Soviet unit walked through is the Soviets'
until an Axis unit enters it again. Before R4 the Axis only walked to the hexes it holds
(``hold``) and stayed there; units meant to attack never did.

What it does, for the Axis units whose order (public: the scenario page) is an Attack:

- the lost goal hexes (``open_hexes``: the ``take`` hexes the Axis does not occupy) with no
  Soviet unit in them are walked into: passing through one wins it back;
- those with Soviet units in them are closed on, to a hex next to them, from where the
  player's assault step (§11.1) weighs the assault like any other (a goal hex counts three
  times there);
- the move that brings a unit most phases of movement nearer (the engine's step costs, §7.1;
  §16.6 already keeps an attacking unit from ending farther from its objective) is made; a unit
  already next to a held lost hex stays (it is there to assault).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Move
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from ..player import Decision
from .goals import goals, open_hexes
from .paths import Turns

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


def attackers(fx: BWFacts, uids) -> list[str]:
    """The units among ``uids`` on an Attack order (§16.6)."""
    out = []
    for uid in sorted(uids):
        o = fx.order_of(uid)
        if o is not None and o.get("type") == "attack":
            out.append(uid)
    return out


def lost_hexes(fx: BWFacts, side: str) -> tuple[frozenset[Hex], frozenset[Hex]]:
    """(empty lost goal hexes, lost goal hexes with enemy units in them)."""
    g = goals(fx, side)
    if not g.weight:  # Scenario 1 is decided by clearing the trenches, not by occupation (S1-1)
        return frozenset(), frozenset()
    lost = open_hexes(fx, side, g)
    enemy = frozenset(u.hex for u in fx.on_map(fx.enemy_of(side)))
    return frozenset(h for h in lost if h not in enemy), frozenset(h for h in lost if h in enemy)


def engaged(fx: BWFacts, uid: str, held: frozenset[Hex]) -> bool:
    """Next to a lost goal hex the enemy stands in: the unit waits there to assault it."""
    u = fx.units[uid]
    return u.where == ON_MAP and any(distance(u.map_hex, h) == 1 for h in held)


def counter_move(fx: BWFacts, side: str, by_unit: dict[str, list[Move]], passable) -> Decision | None:
    """The best move of an Axis unit on an Attack order toward a lost goal hex, or None."""
    if side != "axis":
        return None
    empty, held = lost_hexes(fx, side)
    if not empty and not held:
        return None
    units = [u for u in attackers(fx, by_unit) if not engaged(fx, u, held)]
    if not units:
        return None
    goal = set(empty) | {n for h in held for n in fx.board.adjacent(h) if passable(n)}
    if not goal:
        return None
    enemy_hexes = frozenset(u.hex for u in fx.on_map(fx.enemy_of(side)))
    to = Turns(fx, sorted(goal), passable, key=("r4", enemy_hexes))
    best = None
    for uid in units:
        u = fx.units[uid]
        here = to.turns(uid, u.map_hex) if u.where == ON_MAP else 1e9
        for m in by_unit[uid]:
            gain = here - to.turns(uid, m.dest)
            # walking into (or through) an empty lost hex wins it back at once (5.0)
            retaken = sum(1 for h in m.path if h in empty)
            key = (retaken, gain)
            if (retaken or gain > 0.01) and (best is None or key > best[0]):
                best = (key, m)
    if best is None:
        return None
    m = best[1]
    u = fx.units[m.unit]
    frm = hex_name(u.map_hex) if u.where == ON_MAP else "off the map"
    back = [h for h in m.path if h in empty]
    g = goals(fx, side)
    if back:
        label = g.why.get(back[-1], ("a goal hex",))[0]
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: on an Attack order (§16.6), takes back "
                           f"{', '.join(hex_name(h) for h in back)}, which the Soviets occupied: the last side to "
                           f"pass through a hex holds it (5.0; {label})")
    near = min(sorted(empty | held), key=lambda h: (distance(m.dest, h), h))
    what = "to assault it (§11.1)" if near in held else "to walk back into it (5.0)"
    return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: on an Attack order (§16.6), closes on "
                       f"{hex_name(near)}, a goal hex the Soviets occupy, {what}; "
                       f"{distance(m.dest, near)} hex(es) away")


def waits_to_assault(fx: BWFacts, uid: str) -> bool:
    """An Axis unit on an Attack order next to a lost goal hex the Soviets stand in: it keeps
    Move Mode (only Move Mode units assault, §11.1) rather than change to Fire Mode."""
    if fx.side_of(uid) != "axis" or not attackers(fx, [uid]):
        return False
    _, held = lost_hexes(fx, "axis")
    return engaged(fx, uid, held)
