"""A simple greedy baseline: march on the nearest objective city, attack at the best odds.

It looks one action ahead and never plans: every unit walks toward the nearest city
it should take (the Axis) or guard (the Soviets), every battle is fought at the best
odds on offer if that is at least 1:1, air support is always used, and every other
choice (set-up, losses, retreats) is the first legal one.

It is the client's "easy" level, so its battles, air support, moves, reinforcements and
replacements carry a short reason built from the rules' own figures (``facts.odds``, the
combat table's chances, the movement costs). The reasons are worked out after each choice
and never feed back into it: the decisions are the same as before they had reasons
(tests/ai/test_easy_reasons.py compares the action lists).
"""
from __future__ import annotations

import math

from ...core import actions as A
from ...core.game import Game
from ...core.hexgrid import Hex, hex_name
from ...core.position import Position
from ..kit import pct
from ..player import Decision
from .belief import Belief, move_distances


def _objectives(b: Belief, side: str) -> list[Hex]:
    """The Axis goes for every city it does not hold; the Soviets for every city without a garrison."""
    cities = list(b.board.places)
    if side == "axis":
        return [h for h in cities if b.facts.owner(h) != "axis"]
    out = []
    for h in cities:
        us = b.facts.units_at(h)
        if not us or b.facts.side_of(us[0]) == side:
            out.append(h)
    return out


class GreedyPlayer:
    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        pos = Position(game, side)
        acts = pos.legal_actions()
        b = Belief(pos)
        st = b.facts.stage
        if st is not None:
            if st.kind == "roll":
                a = acts[-1]  # with air support if any is left (listed last)
                return Decision(a, _support_reason(b, st, a.support) if isinstance(a, A.Roll) and a.support else None)
            return Decision(acts[0])  # losses, retreats: the first; advance: the first unit
        kind = b.facts.phase.kind
        if kind == "setup":
            a = acts[0]
            return Decision(a, f"sets {a.unit} up at {_name(b, a.hex)}: the easy level takes the first set-up "
                               "hex on offer" if isinstance(a, A.Place) else None)
        if kind == "buildup":
            return self._buildup(b, side, acts)
        if kind in ("movement", "special"):
            return self._move(b, side, acts)
        if kind == "combat":
            return self._combat(b, acts)
        return Decision(acts[0])

    def _dist_to_objective(self, b: Belief, side: str, h: Hex, objectives: list[Hex]) -> float:
        d = move_distances(b.board)[h]
        return min((d[o] for o in objectives), default=0.0)

    def _buildup(self, b: Belief, side: str, acts: list) -> Decision:
        for a in acts:
            if isinstance(a, A.Restore):
                return Decision(a, f"rebuilds {a.unit}: the easy level takes the first replacement on offer")
        places = [a for a in acts if isinstance(a, A.Place)]
        if places:
            objs = _objectives(b, side)
            a = min(places, key=lambda a: (self._dist_to_objective(b, side, a.hex, objs), a.unit, a.hex))
            return Decision(a, f"{a.unit} enters at {_name(b, a.hex)}, the entry hex nearest "
                               + _toward(b, side, a.hex, objs))
        return Decision(A.EndPhase())

    def _move(self, b: Belief, side: str, acts: list) -> Decision:
        objs = _objectives(b, side)
        by_unit: dict[str, list[A.Move]] = {}
        for a in acts:
            if isinstance(a, A.Move):
                by_unit.setdefault(a.unit, []).append(a)
        for uid in sorted(by_unit):
            here = b.facts.unit(uid).map_hex  # a unit that may move is on the map
            if side == "soviet" and here in b.board.places:
                continue  # a garrison stays put
            now = self._dist_to_objective(b, side, here, objs)
            best, best_d = None, now
            for m in by_unit[uid]:
                if b.facts.overstacks(m.dest, uid):
                    continue  # never end a phase overstacked
                d = self._dist_to_objective(b, side, m.dest, objs)
                if d < best_d - 1e-9:
                    best, best_d = m, d
            if best is not None:
                verb = "marches on" if side == "axis" else "heads for"
                return Decision(best, f"{uid} {_name(b, here)}→{_name(b, best.dest)}: {verb} "
                                      + _toward(b, side, best.dest, objs, here))
        return Decision(A.EndPhase())

    def _combat(self, b: Belief, acts: list) -> Decision:
        attacks = [a for a in acts if isinstance(a, A.Attack)]
        if attacks:
            best_key: tuple[float, ...]
            best, best_key, best_est, offered = None, (-math.inf,), None, set()
            for a in attacks:
                est = b.estimate(a.target, [(u, b.facts.unit(u).map_hex) for u in a.attackers])
                if est.column == "none":
                    continue
                offered.add(a.target)
                key = (est.p_success, -len(a.attackers))
                if key > best_key:
                    best, best_key, best_est = a, key, est
            if best is not None:
                return Decision(best, _attack_reason(b, best, best_est, len(offered)))
        resolves = [a for a in acts if isinstance(a, A.Resolve)]
        return Decision(resolves[0] if resolves else A.EndPhase())


# ---------------------------------------------------------------- reasons (never used to choose)
def _name(b: Belief, h: Hex) -> str:
    p = b.board.place_at(h)
    return f"{p.name} ({hex_name(h)})" if p else hex_name(h)


def _toward(b: Belief, side: str, h: Hex, objs: list[Hex], frm: Hex | None = None) -> str:
    """"Kiev (0509), 3 MP away (was 7)": the objective nearest ``h``, by movement cost (9.3)."""
    if not objs:
        return "no objective left"
    d = move_distances(b.board)[h]
    o = min(objs, key=lambda c: (d[c], c))
    what = "the nearest city it does not hold" if side == "axis" else "the nearest city without a garrison"
    was = f" (was {move_distances(b.board)[frm][o]:g})" if frm is not None else ""
    return f"{_name(b, o)}, {what}: {d[o]:g} MP away by the terrain costs (9.3){was}"


def _attack_reason(b: Belief, a: A.Attack, est, offered: int) -> str:
    """The odds as the rules derive them (every strength and shift with its rule), the chance
    the defender leaves the hex, and why this battle: the best of those on offer."""
    o = b.facts.odds(a.target, a.attackers)
    where = _name(b, a.target)
    if o is not None:  # everyone is revealed: the rules' own derivation
        ratio = next((ln for ln in o.lines() if ln.startswith("ratio")), "")
        shifts = ", ".join(f"{s.reason} ({s.rule})" for s in o.shifts if s.columns)
        head = f"attacks {where} at {o.column} ({ratio}" + (f", then {shifts})" if shifts else ")")
    else:  # an untried unit: the greedy player's own estimate over the counter mix not yet seen
        head = (f"attacks {where}, most likely at {est.column} (an untried unit: expected defense "
                f"{est.defense:.1f}" + (f"; {', '.join(est.shifts)}" if est.shifts else "") + ")")
    good = sum(est.p.get(r, 0.0) for r in ("DR", "DRL", "DE"))
    risk = est.p.get("EX", 0.0) + est.p.get("AL", 0.0)
    body = f"{pct(good)} chance of DR or better" + (f", {pct(risk)} of a loss of our own (EX/AL)" if risk else "")
    why = "the best chance of the defender leaving" + (f" of any attack on the {offered} enemy hexes within reach"
                                                       if offered > 1 else " of any attack on offer")
    return f"{head}; {body}; {why}"


def _support_reason(b: Belief, st, marker: str) -> str:
    """Air support always goes in (10.5): the column before and after it."""
    atk = st.get("attackers") or ()
    name = b.facts.support_name(marker)
    o0 = b.facts.odds(st.target, atk)
    o1 = b.facts.odds(st.target, atk, marker)
    if o0 is None or o1 is None:
        return f"commits {name} at {_name(b, st.target)} (10.5): the easy level always uses air support"
    before = "below 1:1" if o0.no_effect else o0.column
    return f"commits {name} at {_name(b, st.target)} (10.5): {before} → {o1.column}; the easy level always uses it"
