"""Pieces every computer player of an odds-and-CRT game can share (Kursk first; Kiev could
move onto them): the fair position, a battle's result distribution from the rules' own
``odds``, terrain distance fields, and the value of a result in strength points.

Nothing here knows a game's phases; it only calls the shared rules methods (``odds``,
``retreat_options``, ``zoc`` …) and the game's ``crt``.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Iterable

from ...core.game import Game
from ...core.hexgrid import Hex
from ...core.state import State
from ..kit import distance_field, pct  # noqa: F401  (the Kursk player takes them from here)

GOOD = ("DR", "DRL", "DE")  # the defender leaves (or dies) and the attacker loses nothing


def fair_state(game: Game, side: str) -> State:
    """A copy of the position holding only what ``side`` may know.

    Kursk's only hidden value is the other player's posture while it is still secret
    (12.0): it is replaced by a placeholder, so no rules helper called on this copy can
    leak it. Games with untried units scrub identities in ``belief.Belief`` instead.
    """
    st = game.state.copy()
    secret = st.extra.get("secret")
    if secret:
        st.extra["secret"] = {s: (v if s == side else "?") for s, v in secret.items()}
    return st


@dataclass(frozen=True)
class BattleOdds:
    """A battle before it is fought, in the rules' own figures."""

    odds: object  # core.combat.Odds (strength lines, shifts with rule numbers, column)
    p: dict[str, float]  # result -> chance ("NE" when below the lowest column)

    @property
    def column(self) -> str:
        return "below 1:1" if self.odds.no_effect else self.odds.column

    @property
    def p_good(self) -> float:
        return sum(self.p.get(r, 0.0) for r in GOOD)

    @property
    def p_leave(self) -> float:
        """Chance the defender leaves the hex (or dies), an exchange included."""
        return self.p_good + self.p.get("EX", 0.0)


_DIST: dict[tuple, dict[str, float]] = {}


def crt_floats(crt, index: int) -> dict[str, float]:
    key = (id(crt), index)
    if key not in _DIST:
        _DIST[key] = {r: float(f) for r, f in crt.distribution(index).items()}
    return _DIST[key]


def battle_odds(rules, state: State, target: Hex, attackers: Iterable[str], offensive=None) -> BattleOdds | None:
    """``rules.odds`` and the CRT's distribution at its final column."""
    o = rules.odds(state, target, tuple(attackers), offensive) if offensive else rules.odds(state, target, tuple(attackers))
    if o is None:
        return None
    if o.no_effect:
        return BattleOdds(o, {"NE": 1.0})
    return BattleOdds(o, crt_floats(rules.crt, o.final_index))


def quick_dist(crt, att: float, dfn: float, shift: int, lo: int, hi: int) -> dict[str, float]:
    """The result distribution of a hypothetical battle from bare strengths and a net shift."""
    from ...core.combat import odds_index

    if att <= 0 or dfn <= 0:
        return {"NE": 1.0}
    idx = min(odds_index(att, dfn), hi) + shift
    if idx < lo:
        return {"NE": 1.0}
    return crt_floats(crt, min(idx, hi))

