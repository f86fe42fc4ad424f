"""A Kursk battle's chances for the computer players: the result distribution of a declared
or possible battle from the rules' own odds (``KurskFacts.odds``, every shift with its rule)
and the game's CRT, and of a hypothetical one from bare strengths and shifts."""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...core.combat import CRT, Odds, odds_index
from ...core.hexgrid import Hex
from ...games.battle_for_kursk import tables as T
from ...games.battle_for_kursk.facts import KurskFacts

GOOD = ("DR", "DRL", "DE")  # the defender leaves (or dies) and the attacker loses nothing


@dataclass(frozen=True)
class BattleOdds:
    """A battle before it is fought, in the rules' own figures."""

    odds: Odds  # strength lines, shifts with rule numbers, column
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


_DIST: dict[tuple, dict[str, float]] = {}  # (id of the CRT, column) -> chances; the tables never change


def crt_floats(crt: CRT, index: int) -> dict[str, float]:
    key = (id(crt), index)
    if key not in _DIST:
        _DIST[key] = {r: float(f) for r, f in crt.distribution(index).items()}
    return _DIST[key]


def battle_odds(facts: KurskFacts, target: Hex, attackers: Iterable[str],
                offensive: tuple[str, tuple[str, ...]] | None = None) -> BattleOdds | None:
    """The rules' odds (``offensive``: an Offensive's lead and supporters, 9.2.1) and the CRT's
    distribution at its final column; None when there is no battle to fight."""
    o = facts.odds(target, attackers, offensive)
    if o is None:
        return None
    if o.no_effect:
        return BattleOdds(o, {"NE": 1.0})
    return BattleOdds(o, crt_floats(T.CRT_TABLE, o.final_index))


def quick_dist(crt: CRT, att: float, dfn: float, shift: int, lo: int, hi: int) -> dict[str, float]:
    """The result distribution of a hypothetical battle from bare strengths and a net shift."""
    if att <= 0 or dfn <= 0:
        return {"NE": 1.0}
    idx = min(odds_index(att, dfn), hi) + shift
    if idx < lo:
        return {"NE": 1.0}
    return crt_floats(crt, min(idx, hi))
