"""Kasserine Pass: the read-only questions a computer player may ask about a position.

``KPRules.facts(state, side)`` builds one ``KasserineFacts`` over the public copy of the state
that ``core.position.Position`` holds (Kasserine hides nothing, so that copy is the whole
state). Every answer is a value (a frozen dataclass, a tuple, a frozenset, a read-only
mapping, a fresh dict of figures); the rules object and the state stay private, so a player
can neither change the game nor leave memos in it. Nothing here rolls a die.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from fractions import Fraction
from types import MappingProxyType
from typing import Any

from ...core.hexgrid import Hex
from ...core.units import ON_MAP, Unit
from .scenario import KPSpec
from .state import KBattle, KPState

__all__ = ["KBattle", "KasserineFacts", "Reach"]  # KBattle: what ``battles()`` answers

Reach = Mapping[Hex, tuple[float, tuple[Hex, ...]]]


class KasserineFacts:
    """What ``side`` may ask about one (public) Kasserine position. Built per position and
    never changed: the answers that cost something are kept for the position's lifetime."""

    def __init__(self, rules: Any, state: KPState, side: str) -> None:
        self._rules = rules  # a KPRules (not imported: rules.py imports this module)
        self._state = state
        self.side = side
        self._on: dict[str | None, tuple[Unit, ...]] = {}
        self._zoc: dict[str, frozenset[Hex]] = {}
        self._art: dict[str, bool] = {}

    # --- the clock -------------------------------------------------------------------------------
    @property
    def last_turn(self) -> int:
        """The last game turn (KP-SEQUENCE: one turn a day)."""
        return self._rules.scen.turns

    @property
    def step(self) -> str:
        """The combat phase's step: "declare", "defend", "resolve" ("" while moving)."""
        return self._state.step

    def loss_owed(self) -> int:
        """Factors the attacker still has to remove in a loss stage (KP-RESULT-A-ELIM,
        KP-EXCHANGE-LOSS); 0 outside one."""
        st = self._state.stage
        if st is None or st.kind != "loss":
            return 0
        return st.get("need") - st.get("removed")

    # --- units -----------------------------------------------------------------------------------
    def spec(self, uid: str) -> KPSpec:
        """The counter as printed (type, size, factor, movement, range)."""
        return self._rules.kspec(self._state, uid)

    def side_of(self, uid: str) -> str:
        """A unit's side: its nation's, or its captor's for a captured gun (D7)."""
        return self._rules.uside(self._state, uid)

    def hex_of(self, uid: str) -> Hex | None:
        return self._state.units[uid].hex

    def is_on_map(self, uid: str) -> bool:
        return self._state.units[uid].where == ON_MAP

    def is_artillery(self, uid: str) -> bool:
        """KP-ERRATA-AT: anti-tank units are not artillery."""
        got = self._art.get(uid)
        if got is None:
            got = self._art[uid] = self._rules.is_art(self._state, uid)
        return got

    def on_map(self, side: str | None = None) -> tuple[Unit, ...]:
        """The units on the map (of one side)."""
        got = self._on.get(side)
        if got is None:
            got = self._on[side] = tuple(self._rules.on_map(self._state, side))
        return got

    def units_at(self, h: Hex) -> tuple[Unit, ...]:
        return tuple(self._state.units_at(h))

    def mp_left(self, uid: str) -> float:
        """Movement points the unit has left this phase."""
        return self._state.mp.get(uid, 0)

    def combat_cost(self, uid: str) -> int:
        """MP a unit pays to attack or to fire in support (KP-COST-OF-COMBAT; KP-RANGERS: none)."""
        return self._rules.combat_cost(self._state, uid)

    def reach(self, uid: str) -> Reach:
        """Every hex the unit may end its move in: (MP spent, path). Enemy zones are kept
        only where it can still pay to fight (KP-ZOC, KP-COST-OF-COMBAT)."""
        return MappingProxyType(self._rules.reach(self._state, uid))

    def engaged(self) -> frozenset[str]:
        """Units locked by an ENGAGED result (KP-RESULT-ENGAGED): they may not move."""
        return frozenset(self._rules.engaged(self._state))

    def can_retreat(self, uid: str, length: int) -> bool:
        """The unit has a legal retreat of ``length`` hexes (KP-ZOC, KP-RETREAT-TERRAIN);
        without one it is eliminated (D8)."""
        return bool(self._rules.retreat_options(self._state, uid, length))

    # --- the map ---------------------------------------------------------------------------------
    @property
    def vp(self) -> Mapping[Hex, int]:
        """Victory points of every place (KP-VICTORY)."""
        return MappingProxyType(self._rules.vp)

    def is_city(self, h: Hex) -> bool:
        """KP-CITY: the defence is doubled."""
        return h in self._rules.city

    def height(self, h: Hex) -> int:
        """The hex's level (KP-HEIGHT)."""
        return self._rules.height[h]

    def is_cliff(self, a: Hex, b: Hex) -> bool:
        return self._rules.is_cliff(a, b)

    def step_cost(self, frm: Hex, to: Hex) -> float | None:
        """MP to step from ``frm`` into ``to`` on the empty map (roads, KP-TERRAIN, KP-RIVER-MOVE;
        every bridge standing); None across a cliff (KP-CLIFF)."""
        return self._rules.step_cost(frm, to)

    def holders(self) -> Mapping[Hex, str]:
        """Place -> the side holding it: the last to pass through it (KP-VICTORY, D12)."""
        return MappingProxyType(self._state.control)

    def german_points(self) -> int:
        """Points of the places the Germans hold now (KP-VICTORY)."""
        return self._rules.german_points(self._state)

    # --- zones and stacking -------------------------------------------------------------------------
    def zoc(self, side: str) -> frozenset[Hex]:
        """The hexes under ``side``'s zones of control (KP-ZOC; a zone reaches down a cliff,
        never up, KP-CLIFF-ZOC)."""
        got = self._zoc.get(side)
        if got is None:
            got = self._zoc[side] = frozenset(self._rules.zoc_sources(self._state, side))
        return got

    def stack_ok(self, h: Hex, add: Iterable[str] = (), drop: Iterable[str] = ()) -> bool:
        """KP-STACKING: ``h`` stays legal with ``add`` in it and ``drop`` gone."""
        return self._rules.stack_ok(self._state, h, add=add, drop=drop)

    # --- combat ----------------------------------------------------------------------------------
    def battles(self) -> tuple[KBattle, ...]:
        """The attacks declared this combat phase, in order."""
        return tuple(self._state.kbattles)

    def support(self) -> Mapping[str, str]:
        """Batteries allocated this phase: battery -> the unit it supports (KP-ARTILLERY)."""
        return MappingProxyType(self._state.support)

    def allocated_support(self, b: KBattle) -> tuple[int, int]:
        """(attack, defence) factors of the batteries already allocated to a battle (KP-ARTILLERY)."""
        s = self._rules.strengths(self._state, b)
        return int(s["attack_support"]), int(s["defense_support"])

    def attack_multiplier(self, frm: Hex, target: Hex) -> Fraction:
        """KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK, KP-SEMI-CUMULATIVE: what an attack from
        ``frm`` on ``target`` is multiplied by."""
        return self._rules.attack_multiplier(self._state, frm, target)

    def stack_defenders(self, h: Hex) -> tuple[str, ...]:
        """Who an attack on ``h`` hits: the regular units, or lone artillery (KP-ARTILLERY-STACK)."""
        return tuple(self._rules.stack_defenders(self._state, h))

    def result_chances(self, odds: tuple[int, int]) -> dict[str, Fraction]:
        """KP-CRT: the chance of each result at these odds on two dice (D1)."""
        return self._rules.result_chances(odds)

    def obligations(self) -> tuple[tuple[str, str, tuple[str, ...]], ...]:
        """The attacker's unmet duties: (rule, text, units), for KP-ZOC (D4),
        KP-RESULT-CONTACT and KP-RESULT-ENGAGED."""
        return tuple(self._rules.obligations(self._state))

    def battle_detail(self, index: int) -> dict[str, Any]:
        """The odds panel of declared battle ``index`` (a fresh dict): each attacker's factor,
        multiplier and rules, the supports, the defence, the odds, the chances."""
        return self._rules.battle_detail(self._state, index)
