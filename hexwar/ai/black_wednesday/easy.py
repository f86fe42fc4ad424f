"""The greedy baseline for Black Wednesday (``make_player("greedy", "black-wednesday")``):
what a hasty player does, the yardstick of docs/black-wednesday/ai.md.

It is the client's "easy" level, so its fire, assaults and marches carry a short reason from
the rules' own figures (the Area Fire Table column and chances, the point-fire numbers, the
assault preview). The reasons are worked out once a choice is made and never feed back into
it (tests/ai/test_easy_reasons.py: the same action lists as before they had reasons)."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Attack, Choose, EndPhase, Move, Place
from ...core.hexgrid import distance, hex_name
from ...core.units import ON_MAP
from ...games.black_wednesday.verbs import Assault, PointFire
from ..player import Decision
from . import figures as F
from .base import BWBase, first
from .figures import FireFigures

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


class BWGreedy(BWBase):
    """The baseline: fire at the best chance of a step lost, assault when it can, march each
    unit toward the nearest objective hex (Soviets: trench hexes the Axis holds; Axis: any
    trench hex) and leave every owner's choice at the engine's default."""

    name = "greedy"

    def setup(self, fx: BWFacts, side, acts) -> Decision:
        places = [a for a in acts if isinstance(a, Place)]
        if not places:
            return Decision(first(acts, EndPhase) or acts[0])
        uid = places[0].unit
        mine = [a for a in places if a.unit == uid]
        a = min(mine, key=lambda a: (min(distance(a.hex, t) for t in fx.trench_hexes), a.hex))
        d = min(distance(a.hex, t) for t in fx.trench_hexes)
        return Decision(a, f"sets {uid} up at {hex_name(a.hex)}: " + ("a trench hex" if d == 0 else
                           f"the set-up hex nearest a trench hex ({d} hex(es) away)"))

    def pending(self, fx: BWFacts, side, acts) -> Decision:
        p = fx.pending()
        assert p is not None  # choose asks this only while a choice is pending
        return Decision(next((a for a in acts if a.value == p.default), acts[0]))

    def initiative(self, fx: BWFacts, side, acts) -> Decision:
        return Decision(Choose("first", side))

    def action(self, fx: BWFacts, side, acts) -> Decision:
        fig: FireFigures | dict | None  # area fire figures, or the point-fire preview
        best, best_v, best_fig, shots = None, 0.0, None, 0
        for a in acts:
            if isinstance(a, Attack):
                fig = F.sfa_figures(fx, a.target, a.attackers)
                v = fig.hit
            elif isinstance(a, PointFire):
                fig = F.pfa_figures(fx, a.firer, a.target)
                v = fig["overall"] if fig else 0.0
            else:
                continue
            shots += v > 0
            if v > best_v:
                best, best_v, best_fig = a, v, fig
        if best is not None:
            return Decision(best, _fire_reason(fx, side, best, best_fig, shots))
        asl = first(acts, Assault)
        if asl is not None:
            return Decision(asl, _assault_reason(fx, side, asl))
        enemy = fx.on_map(fx.enemy_of(side))
        if side == "soviet":
            goals = ([u.map_hex for u in enemy if u.hex in fx.trench_hexes] or [u.map_hex for u in enemy]
                     or list(fx.trench_hexes))
        else:
            goals = list(fx.trench_hexes)
        moved = None
        for m in (a for a in acts if isinstance(a, Move)):
            u = fx.units[m.unit]
            here = min(distance(u.map_hex, g) for g in goals) if u.where == ON_MAP else 99
            if side == "axis" and u.where == ON_MAP and u.hex in fx.trench_hexes:
                continue  # already on an objective hex
            if side == "soviet" and here <= 1:
                continue
            there = min(distance(m.dest, g) for g in goals)
            gain = here - there
            if gain > 0 and (moved is None or gain > moved[0]):
                moved = (gain, m, here, there)
        if moved is not None:
            return Decision(moved[1], _march_reason(fx, side, *moved, goals))
        return Decision(first(acts, EndPhase))


# ---------------------------------------------------------------- reasons (never used to choose)
def _fire_reason(fx: BWFacts, side, a, fig, shots: int) -> str:
    best = "the best chance of a hit" + (f" of the {shots} shots on offer" if shots > 1 else "")
    if isinstance(a, PointFire):
        return f"point fire, {best}: {F.pfa_words(fig, a.firer, a.target)}"
    who = (a.attackers[0] if len(a.attackers) == 1
           else f"{len(a.attackers)} units of {hex_name(fx.units[a.attackers[0]].map_hex)}")
    why = f"{who} fires on {hex_name(a.target)} ({F.who(fx, a.target, side)}), {best}: {fig.words()} (§8)"
    if fig.steps == 0 and fig.hit > 0:  # the easy level counts any number on the table as a hit
        why += "; no unit there can lose a step to this fire, so only the morale check can tell"
    return why


def _assault_reason(fx: BWFacts, side, a) -> str:
    who = f"{hex_name(a.target)} ({F.who(fx, a.target, side)})"
    if any(not fx.spec(u).vehicle for u in a.units):  # men go in: the assault preview (§11.1)
        p = F.assault_figures(fx, a.target, a.units)
        win = F.assault_win(fx, p)
        lines = " ".join(F.assault_lines(p)[1:]) if p else ""
        return (f"assaults {who} with {', '.join(a.units)}, the first assault on offer (no shot had a chance): "
                f"{F.pct(win)} chance to take it (§11.1)" + (f"; {lines}" if lines else ""))
    fire, take, ko = F.overrun_figures(fx, a.target, a.units)
    return (f"overruns {who} with {len(a.units)} tank(s), the first assault on offer (§11.2): {fire.words()} with "
            f"the +2 shock; {F.pct(take)} chance the hex is taken, {F.pct(ko)} that a gun knocks a tank out first")


def _march_reason(fx: BWFacts, side, gain, m, here, there, goals) -> str:
    g = min(goals, key=lambda g: (distance(m.dest, g), g.col, g.row))
    foes = {u.hex for u in fx.on_map(fx.enemy_of(side))}
    what = ("trench hex the enemy holds" if g in foes and g in fx.trench_hexes else
            "enemy unit" if g in foes else "trench hex")
    frm = f"{hex_name(fx.units[m.unit].map_hex)}→" if fx.units[m.unit].where == ON_MAP else "enters at "
    was = f"; was {here}" if here < 99 else ""
    return (f"{m.unit} {frm}{hex_name(m.dest)}: marches on {hex_name(g)}, the nearest {what}, now {there} hex(es) "
            f"away{was} (the easy level moves the unit that gains the most ground)")
