"""What both Black Wednesday players share (docs/black-wednesday/ai.md): how a decision is
asked (``choose``: the position of the side, ``core.position.Position``, and its facts), the
standing steps (Prep Log, initiative, owner's choices, overwatch) and the fire figures.

What the players read: ``Position(game, side)``: the legal actions and the facts of the
public position (units, modes, statuses, wire, smoke, barrages, ammunition, orders, and the
engine's figures and previews). What they never read: the dice, and as the Axis the Soviet
Prep Log's unfired boxes (the position leaves them blank, 2.4);
``tests/ai/test_black_wednesday_ai.py`` proves that neither changes a decision.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial
from typing import TYPE_CHECKING

from ...core.actions import Action, Attack, Choose, EndPhase
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_ids_of, hex_name, parse_hex, use_hex_ids
from ...core.position import Position
from ...core.units import ON_MAP
from ...games.black_wednesday.verbs import Call, PointFire
from ..player import Decision, as_action
from . import figures as F
from .speed import barrage_fire, setup_actions

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


def first(acts, kind):
    """The first action of class ``kind`` in ``acts``, or None."""
    return next((a for a in acts if isinstance(a, kind)), None)


class BWBase:
    """What both players share: the pending owner's choices, the standing steps, the figures."""

    name = "ai"

    def choose(self, game: Game, side: str) -> Decision:
        pos = Position(game, side)  # what this side may know: nothing else is read
        fx = pos.facts
        with use_hex_ids(hex_ids_of(pos.board)):
            if fx.phase in ("axis_setup", "soviet_setup") and fx.pending() is None:
                acts = setup_actions(pos, side)  # only the next unit's places (R6(c))
            else:
                acts = pos.legal_actions()
            if not acts:
                return Decision(EndPhase())
            if len(acts) == 1:
                return Decision(acts[0])
            if fx.pending() is not None:
                return self.pending(fx, side, acts)
            ph = fx.phase
            if ph == "prep_log":
                end = first(acts, EndPhase)
                return Decision(end, "keeps the historical Prep Log: it shells the first trench line in the "
                                     "opening hour (2.4, 1.10b)")
            if ph in ("axis_setup", "soviet_setup"):
                return self.setup(fx, side, acts)
            if ph == "command":
                return self.command(fx, side, acts)
            if ph == "initiative":
                return self.initiative(fx, side, acts)
            if ph == "clean_up":
                return Decision(first(acts, EndPhase))
            if ph == "action":
                return self.action(fx, side, acts)
            return Decision(first(acts, EndPhase) or acts[0])

    # --- overridden -------------------------------------------------------------------
    def setup(self, fx: BWFacts, side, acts) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    def action(self, fx: BWFacts, side, acts) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- shared steps -----------------------------------------------------------------
    def command(self, fx: BWFacts, side, acts) -> Decision:
        rel = [a for a in acts if isinstance(a, Choose) and a.what == "release"]
        if rel:
            return Decision(rel[0], f"rolls to release reserve company {rel[0].value} (§16.8: 4-6): released "
                                    "units may fire and move, reserves only fire overwatch")
        return Decision(first(acts, EndPhase))

    def initiative(self, fx: BWFacts, side, acts) -> Decision:
        # the side that acts second in the last turn has the last word on the trenches (5.0)
        last = fx.turn >= fx.last_turn
        first = fx.enemy_of(side) if last else side
        why = ("lets the enemy act first in the last turn, to have the last move before the count (5.0)"
               if last else "acts first (§3.3)")
        return Decision(Choose("first", first), why)

    def pending(self, fx: BWFacts, side, acts) -> Decision:
        p = fx.pending()
        assert p is not None  # choose asks this only while a choice is pending
        vals = [a.value for a in acts]
        if p.what == "overwatch":
            return self.overwatch(fx, side, acts)
        if p.what == "retreat" and side == "axis":
            trench = [a for a in acts if fx.is_trench(parse_hex(a.value))]
            if trench:
                return Decision(trench[0], f"retreats into the trench at {trench[0].value}: "
                                           "the hex still counts (1.3, 5.0)")
        if p.what == "advance":
            go = [a for a in acts if a.value != "stop"]
            if go:
                return Decision(go[0], f"{go[0].value} advances into the taken hex (§11.1)")
        if p.what == "return_fire":
            go = [a for a in acts if a.value != "none"]
            if go:
                return Decision(go[0], f"returns the overwatch fire ({go[0].value}, §10)")
        pick = p.default if p.default in vals else vals[0]
        return Decision(next(a for a in acts if a.value == pick))

    def overwatch(self, fx: BWFacts, side, acts) -> Decision:
        """Fire the overwatch stack that does most to the mover (§10), or none when no stack
        does enough to be worth its fired marker."""
        mover = fx.last_mover
        none = next((a for a in acts if a.value == "none"), acts[-1])
        if mover is None or fx.units[mover].where != ON_MAP:
            return Decision(none)
        m = fx.units[mover]
        m_hex = m.map_hex  # the mover is on the map (checked above)
        best, best_v, words = None, 0.2, ""
        for a in acts:
            if a.value == "none":
                continue
            hx, _, how = a.value.partition(":")
            try:
                h = parse_hex(hx)
            except Exception:
                continue
            if how == "area":
                us = [u for u in fx.units_at(h) if fx.side_of(u.id) == side and not fx.status(u.id)
                      and fx.mode(u.id) == "fire"]
                fp = fx.firepower(us, distance(h, m_hex))
                f = F.area_fire(fx, m_hex, fp, "overwatch", firer_hex=h, units=[m])
                v, w = f.value, f.words()
            else:
                pv = F.pfa_figures(fx, how, mover)
                if pv is None:
                    continue
                v = pv["overall"] * 1.5
                w = F.pfa_words(pv, how, mover)
            if v > best_v:
                best, best_v, words = a, v, w
        if best is None:
            return Decision(none, f"holds fire at {mover}: no stack has a worthwhile shot (§10)")
        return Decision(best, f"overwatch at {mover} in {hex_name(m_hex)}: {words}")

    # --- figures ------------------------------------------------------------------------
    def fire_options(self, fx: BWFacts, side, acts, weight,
                     floor: float | None = None) -> list[tuple[float, Action, str]]:
        """Every SFA, PFA and HE mission the legal actions offer, with its worth in enemy steps
        (``weight(hex)`` weighs targets) and its reason. ``floor``: the options worth less are
        left out."""
        return [(v, a, words()) for v, a, words in self._fire_values(fx, side, acts, weight, floor)]

    def best_fire(self, fx: BWFacts, side, acts, weight, floor: float) -> tuple[float, Action, str] | None:
        """The first of the best-worth ``fire_options`` worth ``floor`` or more, or None; only
        its reason is worded (speed: an Axis Action Phase offers tens of thousands of missions)."""
        best = None
        for v, a, words in self._fire_values(fx, side, acts, weight, floor):
            if best is None or v > best[0]:
                best = (v, a, words)
        return None if best is None else (best[0], best[1], best[2]())

    def _fire_values(self, fx: BWFacts, side, acts, weight,
                     floor: float | None) -> Iterator[tuple[float, Action, Callable[[], str]]]:
        """``fire_options`` in the order of ``acts``, each reason still to word; below ``floor``
        nothing is yielded, and a mission's figures are not asked when it cannot reach it."""
        # a mission's sums over its zone and ring depend on (target, firepower, radius) only
        # (``weight`` is fixed for the call): many spotters and batteries share them
        zone: dict[tuple[Hex, int, int], tuple[float, float]] = {}
        fires: dict[tuple[str, bool], tuple[int, int]] = {}
        for a in acts:
            if isinstance(a, Attack):
                f = F.sfa_figures(fx, a.target, a.attackers)
                if f.fp < 1:
                    continue
                v = f.value * weight(a.target)
                if floor is None or v >= floor:
                    yield v, a, partial(self._sfa_words, fx, side, a, f)
            elif isinstance(a, PointFire):
                p = F.pfa_figures(fx, a.firer, a.target)
                if p is None:
                    continue
                tgt = fx.units[a.target]
                v = p["overall"] * (1.5 if p["vehicle"] else 0.8) * weight(tgt.hex)
                if floor is None or v >= floor:
                    yield v, as_action(a), partial(self._pfa_words, p, a)
            elif isinstance(a, Call) and a.ammo == "he":
                fr = fires.get((a.artillery, a.fast))
                if fr is None:
                    fr = fires[(a.artillery, a.fast)] = F.barrage_fp(fx, side, a.artillery, a.fast)
                fp, radius = fr
                sums = zone.get((a.target, fp, radius))
                if sums is None:
                    sums = zone[(a.target, fp, radius)] = mission_sums(fx, side, a.target, fp, radius, weight)
                gain, own = sums
                penalty = 0.35 + (1.0 if own > 0 else 0.0)  # a round kept; a bad shoot next to our men
                if floor is not None and max(0.0, gain - 2 * own) - penalty < floor:
                    continue  # below the floor whatever the good-shoot chance (at most 1)
                p = F.call_figures(fx, a)
                if p is None:
                    continue
                v = p["good"] * (gain - 2 * own) - 0.35  # a round of ammunition is worth keeping
                if own > 0:
                    v -= 1.0  # a bad shoot scatters: never next to our own men
                if floor is None or v >= floor:
                    yield v, as_action(a), partial(self._call_words, fx, side, a, p, fp, radius)

    @staticmethod
    def _sfa_words(fx: BWFacts, side, a: Attack, f) -> str:
        who = (a.attackers[0] if len(a.attackers) == 1
               else f"{len(a.attackers)} units of {hex_name(fx.units[a.attackers[0]].map_hex)}")
        return f"{who} fires on {hex_name(a.target)} ({F.who(fx, a.target, side)}): {f.words()} (§8)"

    @staticmethod
    def _pfa_words(p: dict, a: PointFire) -> str:
        return "point fire: " + F.pfa_words(p, a.firer, a.target)

    @staticmethod
    def _call_words(fx: BWFacts, side, a: Call, p: dict, fp: int, radius: int) -> str:
        return (f"calls {a.artillery} on {hex_name(a.target)} ({F.who(fx, a.target, side)}): "
                f"{F.call_words(a, p)}; {fp} firepower on the hex"
                + (" and half on the ring" if radius == 0 else " and the hexes around it"))


def mission_sums(fx: BWFacts, side: str, target, fp: int, radius: int, weight) -> tuple[float, float]:
    """(worth to us, harm to our own men) of an HE mission of ``fp`` on ``target``: the barrage
    figures of every occupied hex of its Attack Zone (full firepower) and ring (half, §13.3)."""
    gain, own = 0.0, 0.0
    for h, us, d in fx.occupied_within(target, radius + 1):  # kept per position (speed)
        pw = fp if d <= radius else fp // 2
        f = barrage_fire(fx, h, pw)
        if any(fx.side_of(u.id) == side for u in us):
            own += f.value
        else:
            gain += f.value * weight(h)
    return gain, own
