"""What a computer player may ask of an Objective: Kiev position: the game's read-only
questions (``Position.facts``), answered on the public copy of the state.

The rules hook ``public_state`` makes that copy with ``scrubbed``: every untried mech corps
(6.0 step 2, 10.1: hidden from both players) carries the same stand-in identity, so no answer
can tell one untried token from another. Where an untried unit's strength matters, the facts
use the counter mix still unaccounted for: the pool's identities minus those revealed (the
printed counter mix is public). ``KievFacts`` keeps the rules and that copy to itself and
returns only values: frozen units and specs, hexes, tuples and frozensets.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ...core.combat import CRT, Odds, odds_index, odds_label
from ...core.hexgrid import Hex
from ...core.state import Battle, Stage, State
from ...core.units import ON_MAP, Unit, UnitSpec
from ...loaders.scenario import SupportMarker
from . import tables as T


def unseen_identities(rules: Any, state: State) -> dict[str, tuple[str, ...]]:
    """Per pool of untried units, the identities not revealed yet (6.0); the whole pool once
    every one of them has been, so that a stand-in is always at hand."""
    revealed = {u.spec for u in state.units.values() if u.revealed}
    return {pool: tuple(i for i in ids if i not in revealed) or tuple(ids)
            for pool, ids in rules.scenario.pools.items()}


def scrubbed(rules: Any, state: State) -> State:
    """A copy of ``state`` in which no untried token tells its identity (10.1): each carries the
    first identity its pool may still hold."""
    unseen = unseen_identities(rules, state)
    st = state.copy()
    for uid, u in state.units.items():
        if not u.revealed:
            st.units[uid] = Unit(u.id, unseen[rules.pool_of[uid]][0], u.where, u.hex, u.steps, False, u.arrives)
    return st


@dataclass(frozen=True)
class HypotheticalOdds:
    """The odds of a battle with the attackers on chosen hexes (10.3-10.5)."""

    attack: float
    defense: float
    index: int | None  # the final column index, None below 1:1 (10.3: no effect)
    label: str  # "3:1", or "none"
    shifts: tuple[str, ...]


class KievFacts:
    """The read-only questions about one public position of Objective: Kiev, as ``side`` knows it."""

    def __init__(self, rules: Any, state: State, side: str) -> None:
        self._rules = rules
        self._state = state
        self.side = side
        self._unseen = unseen_identities(rules, state)
        self._chances: dict[str, tuple[tuple[float, float], ...]] = {}

    # ------------------------------------------------------------------ the turn
    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def last_turn(self) -> int:
        """The scenario's last turn: cities are counted at its end (5.0)."""
        return self._rules.scenario.turns

    def dates(self) -> dict[int, str]:
        """The date of every turn, from the scenario's turn record."""
        return dict(self._rules.scenario.dates)

    def replacement_steps(self, turn: int, side: str) -> int:
        """The replacement steps the scenario gives ``side`` on ``turn`` (12.0), before the 13.0
        balance options."""
        return int((self._rules.scenario.replacements.get(turn) or {}).get(side, 0) or 0)

    def arrival_turns(self) -> dict[str, int]:
        """Unit id -> the turn it arrives (11.0), placed or not: the scenario's order of battle."""
        return {p.id: int(p.arrives) for p in self._rules.scenario.pieces if p.arrives}

    @property
    def phase(self) -> T.Phase:
        """The phase of the sequence of play (4.0) as the game's table lists it."""
        return self._rules.phase(self._state)

    @property
    def stage(self) -> Stage | None:
        """The pending battle step (roll, losses, retreat, advance ...), if any."""
        return self._state.stage

    # ------------------------------------------------------------------ units
    def units(self) -> tuple[Unit, ...]:
        """Every unit, wherever it is, in the order of battle's order (untried ones with a stand-in identity)."""
        return tuple(self._state.units.values())

    def unit(self, uid: str) -> Unit:
        return self._state.units[uid]

    def side_of(self, uid: str) -> str:
        return self._rules.side(uid)

    def hex_of(self, uid: str) -> Hex | None:
        return self._state.units[uid].hex

    def known(self, uid: str) -> bool:
        """Whether the unit is revealed (an untried mech corps is not: 10.1)."""
        return self._state.units[uid].revealed

    def spec(self, uid: str) -> UnitSpec:
        """The printed counter; for an untried token only what its whole pool shares is true."""
        return self._rules.specs[self._state.units[uid].spec]

    def on_map(self, side: str) -> tuple[str, ...]:
        """The ids of ``side``'s units on the map, sorted."""
        rules = self._rules
        return tuple(u.id for u in sorted(self._state.units.values(), key=lambda u: u.id)
                     if u.where == ON_MAP and rules.side(u.id) == side)

    def units_at(self, h: Hex) -> tuple[str, ...]:
        """The ids of the units on ``h``, sorted."""
        return tuple(u.id for u in self._state.units_at(h))

    def has_moved(self, uid: str) -> bool:
        """Whether the unit has moved in this phase (9.0: once per phase)."""
        return uid in self._state.moved

    def setup_group(self, uid: str) -> str | None:
        """The set-up group a unit belongs to (6.0), which decides where it may set up."""
        return self._rules.group.get(uid)

    # ------------------------------------------------------- untried units (6.0, 10.1)
    def unseen(self) -> tuple[str, ...]:
        """The identities of the untried units not revealed yet, every pool together."""
        return tuple(i for ids in self._unseen.values() for i in ids)

    def _pool_values(self, uid: str) -> list[tuple[float, float]]:
        specs = self._rules.specs
        return [specs[i].values[0] for i in self._unseen[self._rules.pool_of[uid]]]

    def attack(self, uid: str) -> float:
        """The unit's attack strength; for an untried unit the mean over what it may be."""
        u = self._state.units[uid]
        if not u.revealed:
            vals = self._pool_values(uid)
            return sum(a for a, _ in vals) / len(vals)
        return self._rules.specs[u.spec].attack(u.steps)

    def defense(self, uid: str) -> float:
        """The unit's defense strength; for an untried unit the mean over what it may be."""
        u = self._state.units[uid]
        if not u.revealed:
            vals = self._pool_values(uid)
            return sum(d for _, d in vals) / len(vals)
        return self._rules.specs[u.spec].defense(u.steps)

    def defense_chances(self, uid: str) -> tuple[tuple[float, float], ...]:
        """(chance, defense strength) over what the unit may be: one pair for a revealed unit."""
        got = self._chances.get(uid)
        if got is None:
            u = self._state.units[uid]
            if u.revealed:
                got = ((1.0, self._rules.specs[u.spec].defense(u.steps)),)
            else:
                vals = self._pool_values(uid)
                acc: dict[float, float] = {}
                for _, d in vals:
                    acc[d] = acc.get(d, 0.0) + 1 / len(vals)
                got = tuple(sorted((p, d) for d, p in acc.items()))
            self._chances[uid] = got
        return got

    # ------------------------------------------------- zones, movement, stacking
    def zoc(self, side: str) -> frozenset[Hex]:
        """The hexes in the zone of control of ``side``'s units (7.0: all six neighbours)."""
        return self._rules.zoc(self._state, side)

    def occupied(self, side: str) -> frozenset[Hex]:
        """The hexes holding ``side``'s units."""
        return self._rules.side_hexes(self._state, side)

    def reach(self, uid: str, mode: str | None = None) -> frozenset[Hex]:
        """Where the unit may move to now (9.0, 9.4); with ``mode`` ("full", "reserve"), where it
        could go moving that way whatever the phase."""
        return frozenset(self._rules.reach(self._state, uid, mode))

    def overstacks(self, h: Hex, uid: str) -> bool:
        """Whether ``uid`` ending on ``h`` would break the stacking limits (8.1)."""
        return self._rules.stack_with(self._state, h, uid) is not None

    def may_stack(self, uids: Sequence[str]) -> bool:
        """Whether these units may share a hex (8.1)."""
        return self._rules.stack_problem([self.spec(u) for u in uids]) is None

    def entry_hexes(self, uid: str) -> tuple[Hex, ...]:
        """Where an arriving or rebuilt unit may be placed now (11.0, 12.2, 12.3)."""
        return tuple(self._rules.placement_hexes(self._state, uid))

    def edge(self, side: str) -> frozenset[Hex]:
        """``side``'s friendly map edge."""
        return self._rules.edge_of(side)

    @property
    def romania(self) -> frozenset[Hex]:
        """The hexes of Romania (6.0 set-up areas, 10.8)."""
        return self._rules.romania

    # ---------------------------------------------------------------- cities (5.0)
    def owner(self, h: Hex) -> str | None:
        """Who controls the city on ``h`` (None: not a city)."""
        return self._state.control.get(h)

    # --------------------------------------------------------------- battles (10.0)
    def battles(self) -> tuple[Battle, ...]:
        """The battles declared this phase, in order."""
        return tuple(self._state.battles)

    def battle(self, target: Hex) -> Battle:
        return self._rules.battle(self._state, target)

    def resolved(self, target: Hex) -> bool:
        """Whether the battle on ``target`` has been fought this phase."""
        return target in self._state.resolved

    def odds(self, target: Hex, attackers: Iterable[str], support: str | None = None) -> Odds | None:
        """The rules' odds of a battle where the units stand, every modifier listed (None while
        a unit involved is untried: its strength is hidden, 10.1)."""
        return self._rules.odds(self._state, target, attackers, support)

    @property
    def crt(self) -> CRT:
        """The combat results table (10.6)."""
        return self._rules.crt

    def air_support(self) -> tuple[SupportMarker, ...]:
        """The scenario's air support markers (10.5), used or not."""
        return tuple(m for _, m in sorted(self._rules.support.items()))

    def support_name(self, marker: str) -> str:
        """An air support marker's name (its id if the scenario has no such marker)."""
        m = self._rules.support.get(marker)
        return m.name if m is not None else marker

    def can_attack(self, uid: str, target: Hex) -> bool:
        """10.8: on turn 1 the Axis units set up in Romania may not attack, and only the Soviet
        units set up on the Romanian border may attack into Romania (set-up hexes are seen).
        An Axis unit not set up yet is judged by its set-up area."""
        st, rules = self._state, self._rules
        if st.turn != 1:
            return True
        origin = st.origin.get(uid)
        if rules.side(uid) == "axis":
            if origin is None:
                return not any(a.region == "Romania" for a in rules.scenario.setup_areas
                               if rules.group.get(uid) in a.groups)
            return origin not in rules.romania
        return target not in rules.romania or origin in T.ROMANIA_BORDER_HEXES

    def attack_in_battle(self, uid: str, frm: Hex, target: Hex, attacker_side: str, turn: int) -> float:
        """``uid``'s attack strength in a battle on ``target`` from ``frm`` on ``turn`` (10.4,
        10.9); the mean over what it may be for an untried unit."""
        return self._battle_strength(self.attack(uid), self.spec(uid).kind, self.known(uid), frm, target,
                                     attacker_side, turn)

    def _battle_strength(self, value: float, kind: str, known: bool, frm: Hex, target: Hex,
                         attacker_side: str, turn: int) -> float:
        board = self._rules.board
        v = value
        if attacker_side == "soviet" and kind == "tank" and turn in T.COUNTERATTACK:
            v *= T.COUNTERATTACK[turn]  # 10.9
        if board.has_side(frm, target, "major_river"):
            v = math.floor(v / 2) if known else v / 2  # 10.4: halved, fractions dropped
        if board.terrain[target] == "swamp" and kind == "tank":
            v /= 2  # 10.4: tanks attacking into swamp, fractions kept
        return v

    def column_shift(self, target: Hex, attacker_hexes: Sequence[Hex], support: int) -> tuple[int, tuple[str, ...]]:
        """The column shifts of a battle on ``target`` (10.4 terrain and rivers, 10.5 air
        support markers), with the reasons in words."""
        board = self._rules.board
        terrain = board.terrain[target]
        place = board.place_at(target)
        shifts: list[str] = []
        shift = 0
        if terrain in T.DEFENSE_SHIFT_TERRAIN or (place and place.kind == "major_city"):
            shift -= 1
            shifts.append("the %s shift (10.4)" % ("major city" if place and place.kind == "major_city" else terrain))
        if attacker_hexes and all(board.side_kinds(frm, target) & {"river", "major_river"} for frm in attacker_hexes):
            shift -= 1
            shifts.append("the river shift (10.4)")
        if support:
            shift += support
            shifts.append("air support (10.5)")
        return shift, tuple(shifts)

    def odds_if(self, target: Hex, attackers: Sequence[tuple[str, Hex]], support: int = 0,
                turn: int | None = None) -> HypotheticalOdds:
        """The odds a battle on ``target`` would have with each attacker on the hex given
        (10.3-10.5). Every unit involved must be revealed: ValueError otherwise (10.1)."""
        st, specs = self._state, self._rules.specs
        turn = st.turn if turn is None else turn
        aside = self._rules.side(attackers[0][0]) if attackers else ""
        att = 0.0
        for uid, frm in attackers:
            u = st.units[uid]
            if not u.revealed:
                raise ValueError(f"{uid} is untried: its strength is hidden (10.1)")
            spec = specs[u.spec]
            att += self._battle_strength(spec.attack(u.steps), spec.kind, True, frm, target, aside, turn)
        dfn = 0.0
        for u in st.units_at(target):
            if not u.revealed:
                raise ValueError(f"{u.id} is untried: its strength is hidden (10.1)")
            dfn += specs[u.spec].defense(u.steps)
        shift, words = self.column_shift(target, [frm for _, frm in attackers], support)
        if att <= 0 or dfn <= 0:
            return HypotheticalOdds(att, dfn, None, "none", words)
        idx = min(odds_index(att, dfn), T.MAX_ODDS) + shift  # 10.3: capped at 6:1 before the shifts
        if idx < T.MIN_ODDS:
            return HypotheticalOdds(att, dfn, None, "none", words)
        idx = min(idx, T.MAX_ODDS)
        return HypotheticalOdds(att, dfn, idx, odds_label(idx), words)
