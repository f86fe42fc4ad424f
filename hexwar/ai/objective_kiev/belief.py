"""What a computer player believes of a position, on top of the game's facts (``pos.facts``).

The facts answer on the public copy of the state, in which untried mech corps (10.1) carry a
stand-in identity, and give an untried unit's strength as the mean over the corps still
unaccounted for. On top of them the player estimates battles the way the rules compute them
(10.3-10.5 of Objective: Kiev: strengths, river and swamp halving, terrain and air shifts, the
6:1 cap) for any hypothetical attacker positions, mixing over the identities an untried
defender may have, and values units in strength points.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import product

from ...core.board import Board
from ...core.combat import odds_index, odds_label
from ...core.hexgrid import Hex
from ...core.pathsearch import distances
from ...core.position import Position
from ...games.objective_kiev import tables as T
from ...games.objective_kiev.facts import KievFacts

RESULT_CODES = ("DE", "DRL", "DR", "EX", "NE", "AL")


@dataclass(frozen=True)
class Estimate:
    """A battle's likely outcome before it is fought."""

    p: dict[str, float]  # CRT result -> chance (mixed over unknown identities); "NE" includes no-effect
    column: str  # the most likely final odds column, e.g. "3:1" ("none" if always below 1:1)
    shifts: tuple[str, ...]  # the column shifts and why, for the explanation
    attack: float  # attack strength after halvings (expected for untried attackers)
    defense: float  # expected defense strength
    known: bool  # every unit involved is revealed

    @property
    def p_success(self) -> float:
        """Chance that the defender leaves the hex (retreats or dies)."""
        return sum(self.p.get(r, 0.0) for r in ("DE", "DRL", "DR", "EX"))


# Keyed by the board's identity: it never changes in a match, and matches of a scenario share it.
_DIST_CACHE: dict[int, dict[Hex, dict[Hex, float]]] = {}


def move_distances(board: Board) -> dict[Hex, dict[Hex, float]]:
    """All-pairs cheapest movement cost over the empty board (terrain and rail only, 9.3)."""
    key = id(board)
    if key not in _DIST_CACHE:
        edges = {h: [(n, T.RAIL_COST if board.has_side(h, n, "rail") else T.MOVE_COST[board.terrain[n]])  # 9.3
                     for n in board.adjacent(h)] for h in board.terrain}
        _DIST_CACHE[key] = {src: distances((src,), edges) for src in board.terrain}
    return _DIST_CACHE[key]


class Belief:
    """The position as ``pos.side`` may know it: the facts, unit values and battle estimates."""

    def __init__(self, pos: Position) -> None:
        self.facts: KievFacts = pos.facts
        self.board = pos.board
        self.side = pos.side
        self.turn = self.facts.turn

    def kind(self, uid: str) -> str:
        return self.facts.spec(uid).kind

    def step_value(self, uid: str) -> float:
        """Strength points lost by one step loss (the whole unit if it has one step)."""
        f = self.facts
        u = f.unit(uid)
        a, d = f.attack(uid), f.defense(uid)
        if u.revealed and u.steps > 1:
            s = f.spec(uid)
            return (a + d - s.attack(u.steps - 1) - s.defense(u.steps - 1)) / 2
        return (a + d) / 2

    def unit_value(self, uid: str) -> float:
        return (self.facts.attack(uid) + self.facts.defense(uid)) / 2

    # ------------------------------------------------------------------ battles
    def estimate(self, target: Hex, attackers: Sequence[tuple[str, Hex]], support: int = 0,
                 defenders: Iterable[str] | None = None, turn: int | None = None,
                 attacker_side: str | None = None) -> Estimate:
        """Mirror of the rules' odds for attackers standing on the given hexes.

        Untried attackers count at the pool's mean; untried defenders are mixed over
        the identities still possible. ``turn``/``attacker_side`` default to now.
        """
        f = self.facts
        turn = self.turn if turn is None else turn
        aside = attacker_side or (f.side_of(attackers[0][0]) if attackers else self.side)
        att = 0.0
        for uid, frm in attackers:
            att += f.attack_in_battle(uid, frm, target, aside, turn)
        shift, words = f.column_shift(target, [frm for _, frm in attackers], support)
        dfn = list(defenders) if defenders is not None else list(f.units_at(target))
        dists = [f.defense_chances(x) for x in dfn]
        p: dict[str, float] = {}
        cols: dict[str, float] = {}
        exp_def = 0.0
        for combo in product(*dists):
            pc = 1.0
            dsum = 0.0
            for q, d in combo:
                pc *= q
                dsum += d
            exp_def += pc * dsum
            if att <= 0 or dsum <= 0:
                p["NE"] = p.get("NE", 0.0) + pc
                cols["none"] = cols.get("none", 0.0) + pc
                continue
            idx = min(odds_index(att, dsum), T.MAX_ODDS) + shift
            if idx < T.MIN_ODDS:
                p["NE"] = p.get("NE", 0.0) + pc
                cols["none"] = cols.get("none", 0.0) + pc
                continue
            idx = min(idx, T.MAX_ODDS)
            label = odds_label(idx)
            cols[label] = cols.get(label, 0.0) + pc
            for r, q in crt_distribution(idx).items():
                p[r] = p.get(r, 0.0) + pc * q
        column = max(cols.items(), key=lambda kv: (kv[1], kv[0]))[0] if cols else "none"
        known = all(f.known(x) for x in dfn) and all(f.known(u) for u, _ in attackers)
        return Estimate(p, column, words, att, exp_def, known)


_CRT_CACHE: dict[int, dict[str, float]] = {}


def crt_distribution(index: int) -> dict[str, float]:
    """The game's ``CRT_TABLE.distribution`` as floats (cached)."""
    if index not in _CRT_CACHE:
        _CRT_CACHE[index] = {r: float(q) for r, q in T.CRT_TABLE.distribution(index).items()}
    return _CRT_CACHE[index]
