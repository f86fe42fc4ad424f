"""What a computer player may know: the public position, with hidden values scrubbed.

``Belief(game, side)`` is the only place in ``hexwar.ai`` that reads ``game.state``.
It copies the state and overwrites the identity of every unrevealed token with a
placeholder, so nothing downstream (the rules' own helpers included) can ever see a
hidden value. Where a value is needed for an untried unit, the player uses the
counter mix still unaccounted for: the pool's identities minus those revealed (the
scenario's ``hidden`` identities are public knowledge, like the printed counter mix).

It also estimates battles the way the rules compute them (10.3-10.5 of Objective:
Kiev: strengths, river and swamp halving, terrain and air shifts, the 6:1 cap) for
any hypothetical attacker positions, mixing over the identities an untried defender
may have.
"""
from __future__ import annotations

import heapq
import math
from dataclasses import dataclass
from fractions import Fraction
from itertools import product
from typing import Iterable, Sequence

from ...core.combat import odds_index, odds_label
from ...core.game import Game
from ...core.hexgrid import Hex
from ...core.state import State
from ...core.units import ON_MAP, Unit
from .rulehelp import attack_value, column_shift

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


_DIST_CACHE: dict[int, dict[Hex, dict[Hex, float]]] = {}


def move_distances(rules) -> dict[Hex, dict[Hex, float]]:
    """All-pairs cheapest movement cost over the empty board (terrain and rail only)."""
    key = id(rules.board)
    if key not in _DIST_CACHE:
        from ...games.objective_kiev.tables import MOVE_COST, RAIL_COST

        board = rules.board
        out: dict[Hex, dict[Hex, float]] = {}
        for src in board.terrain:
            d = {src: 0.0}
            heap = [(0.0, src)]
            while heap:
                c, h = heapq.heappop(heap)
                if c > d[h]:
                    continue
                for n in board.adjacent(h):
                    step = RAIL_COST if board.has_side(h, n, "rail") else MOVE_COST[board.terrain[n]]  # 9.3
                    nc = c + step
                    if nc < d.get(n, math.inf):
                        d[n] = nc
                        heapq.heappush(heap, (nc, n))
            out[src] = d
        _DIST_CACHE[key] = out
    return _DIST_CACHE[key]


class Belief:
    """The position as ``side`` may know it."""

    def __init__(self, game: Game, side: str) -> None:
        self.game = game
        self.rules = rules = game.rules
        self.board = rules.board
        self.side = side
        real: State = game.state
        revealed = {u.spec for u in real.units.values() if u.revealed}
        # Identities not yet seen, per pool: the public counter mix minus what was revealed.
        self.unknown: dict[str, tuple[str, ...]] = {
            pool: tuple(i for i in ids if i not in revealed) or tuple(ids)
            for pool, ids in rules.scenario.pools.items()}
        st = real.copy()
        for uid, u in real.units.items():
            if not u.revealed:
                pool = rules.pool_of[uid]
                st.units[uid] = Unit(u.id, self.unknown[pool][0], u.where, u.hex, u.steps, False, u.arrives)
        self.state = st
        self.turn = st.turn
        self._def_dist: dict[str, list[tuple[float, float]]] = {}

    # --------------------------------------------------------------- unit facts
    def side_of(self, uid: str) -> str:
        return self.rules.side(uid)

    def known(self, uid: str) -> bool:
        return self.state.units[uid].revealed

    def spec(self, uid: str):
        """The printed counter; for an untried token only the fields all its pool shares."""
        return self.rules.specs[self.state.units[uid].spec]

    def kind(self, uid: str) -> str:
        return self.spec(uid).kind

    def _pool_values(self, uid: str) -> list[tuple[float, float]]:
        pool = self.rules.pool_of[uid]
        return [self.rules.specs[i].values[0] for i in self.unknown[pool]]

    def attack_of(self, uid: str, steps: int | None = None) -> float:
        u = self.state.units[uid]
        if not u.revealed:
            vals = self._pool_values(uid)
            return sum(a for a, _ in vals) / len(vals)
        return self.spec(uid).attack(steps or u.steps)

    def defense_of(self, uid: str, steps: int | None = None) -> float:
        u = self.state.units[uid]
        if not u.revealed:
            vals = self._pool_values(uid)
            return sum(d for _, d in vals) / len(vals)
        return self.spec(uid).defense(steps or u.steps)

    def defense_dist(self, uid: str) -> list[tuple[float, float]]:
        """(chance, defense strength) over what the unit may be."""
        if uid not in self._def_dist:
            u = self.state.units[uid]
            if u.revealed:
                self._def_dist[uid] = [(1.0, self.spec(uid).defense(u.steps))]
            else:
                vals = self._pool_values(uid)
                acc: dict[float, float] = {}
                for _, d in vals:
                    acc[d] = acc.get(d, 0.0) + 1 / len(vals)
                self._def_dist[uid] = sorted((p, d) for d, p in acc.items())
        return self._def_dist[uid]

    def step_value(self, uid: str) -> float:
        """Strength points lost by one step loss (the whole unit if it has one step)."""
        u = self.state.units[uid]
        a, d = self.attack_of(uid), self.defense_of(uid)
        if u.revealed and u.steps > 1:
            s = self.spec(uid)
            return (a + d - s.attack(u.steps - 1) - s.defense(u.steps - 1)) / 2
        return (a + d) / 2

    def unit_value(self, uid: str) -> float:
        return (self.attack_of(uid) + self.defense_of(uid)) / 2

    def units_of(self, side: str) -> list[Unit]:
        return [u for u in sorted(self.state.units.values(), key=lambda u: u.id)
                if u.where == ON_MAP and self.rules.side(u.id) == side]

    def at(self, h: Hex) -> list[Unit]:
        return self.state.units_at(h)

    # ------------------------------------------------------------------ battles
    def estimate(self, target: Hex, attackers: Sequence[tuple[str, Hex]], support: int = 0,
                 defenders: Iterable[str] | None = None, turn: int | None = None,
                 attacker_side: str | None = None) -> Estimate:
        """Mirror of ``KievRules.odds`` for attackers standing on the given hexes.

        Untried attackers count at the pool's mean; untried defenders are mixed over
        the identities still possible. ``turn``/``attacker_side`` default to now.
        """
        from ...games.objective_kiev import tables as T

        turn = self.turn if turn is None else turn
        aside = attacker_side or (self.rules.side(attackers[0][0]) if attackers else self.side)
        att = 0.0
        for uid, frm in attackers:
            att += attack_value(self.rules, self.attack_of(uid), self.kind(uid), self.known(uid), frm, target, aside, turn)
        shift, words = column_shift(self.rules, target, [frm for _, frm in attackers], support)
        shifts = list(words)
        dfn = list(defenders) if defenders is not None else [u.id for u in self.at(target)]
        dists = [self.defense_dist(x) for x in dfn]
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
            for r, f in crt_distribution(idx).items():
                p[r] = p.get(r, 0.0) + pc * f
        column = max(cols.items(), key=lambda kv: (kv[1], kv[0]))[0] if cols else "none"
        known = all(self.known(x) for x in dfn) and all(self.known(u) for u, _ in attackers)
        return Estimate(p, column, tuple(shifts), att, exp_def, known)


_CRT_CACHE: dict[int, dict[str, float]] = {}


def crt_distribution(index: int) -> dict[str, float]:
    """The rules' own ``CRT_TABLE.distribution`` as floats (cached)."""
    if index not in _CRT_CACHE:
        from ...games.objective_kiev.tables import CRT_TABLE

        _CRT_CACHE[index] = {r: float(f) for r, f in CRT_TABLE.distribution(index).items()}
    return _CRT_CACHE[index]


def pct(x: float | Fraction) -> str:
    return f"{round(float(x) * 100)}%"
