"""The position as the deciding side sees it: ``Ctx``, one per decision.

It reads only the public position (``core.position.Position``) and the game's questions
about it (``pos.facts``, a ``games.kasserine_pass.facts.KasserineFacts``). Kasserine hides
nothing, so the position is the whole state; what a player could still peek at is the
dice, and nothing here touches them. The memos of one decision live on the ``Ctx``.
"""
from __future__ import annotations

import math
from functools import cached_property
from typing import Any

from ...core.actions import Action
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_name
from ...core.position import Position
from ...core.units import Unit
from ...games.kasserine_pass.facts import KasserineFacts
from ..kit import distance_field


def enemy(side: str) -> str:
    return "allied" if side == "axis" else "axis"


class Ctx:
    """Per-decision figures: the public position, its facts, and cheap indexes over them."""

    def __init__(self, game: Game, side: str) -> None:
        self._setup(Position(game, side), side, id(game))

    def _setup(self, pos: Position, side: str, match: int) -> None:
        self.pos = pos
        self.facts: KasserineFacts = pos.facts
        self.board = pos.board
        self.points = self.facts.vp  # victory points of every place (KP-VICTORY)
        self.holders = self.facts.holders()  # place -> the side holding it
        self.spec = self.facts.spec  # uid -> its KPSpec (bound once: asked very often)
        self.hex_of = self.facts.hex_of
        self.match = match  # which game: a movement plan belongs to one
        self.side, self.foe = side, enemy(side)
        self.turn = pos.turn
        self.last = self.facts.last_turn
        self.phase = pos.phase().id
        self.moving = self.phase.endswith("_move")
        self.step = self.facts.step  # the combat step: declare, defend, resolve
        self.stage = pos.stage()[0]  # a battle's loss, retreat or advance waiting ("" if none)
        self._kill: dict[tuple, float] = {}
        self._dfs: dict[Hex, dict[Hex, float]] = {}
        self.threat: dict[Hex, float] | None = None  # places.threat
        self.hex_values: dict[tuple, float] = {}  # places.hex_value

    def after(self, action: Action) -> Ctx:
        """The position after a dice-free action (a declaration); the distance fields are
        shared (the map does not change)."""
        c = Ctx.__new__(Ctx)
        c._setup(self.pos.after(action), self.side, self.match)
        c._dfs = self._dfs
        return c

    @cached_property
    def map_key(self) -> tuple[Any, ...]:
        """What the empty-board costs depend on (the map, the options such as D2's crest),
        for memos kept across decisions."""
        h = self.pos.header
        return (self.pos.game_id, h.get("scenario"), id(self.board), tuple(sorted(h.get("options", {}).items())))

    # units
    def mine(self) -> tuple[Unit, ...]:
        return self.facts.on_map(self.side)

    def theirs(self) -> tuple[Unit, ...]:
        return self.facts.on_map(self.foe)

    def foe_at(self, h: Hex) -> list[Unit]:
        return [u for u in self.facts.units_at(h) if self.facts.side_of(u.id) == self.foe]

    @cached_property
    def foe_zoc(self) -> frozenset[Hex]:
        """The hexes under the enemy's zones of control (KP-ZOC)."""
        return self.facts.zoc(self.foe)

    # places
    def place_name(self, h: Hex) -> str:
        p = self.board.places.get(h)
        return f"{hex_name(h)} ({p.name})" if p else hex_name(h)

    def dist(self, place: Hex) -> dict[Hex, float]:
        """MP from every hex to ``place`` over the empty board (roads, terrain, cliffs)."""
        d = self._dfs.get(place)
        if d is None:
            facts = self.facts

            def step(n: Hex, h: Hex) -> float:
                c = facts.step_cost(n, h)
                return math.inf if c is None else c

            # boards are shared by the games of a scenario, the costs are not (D2's crest option)
            d = self._dfs[place] = distance_field(self.board, [place], step, tag=f"kp{self.map_key}")
        return d

    # battles
    def def_support(self, target: Hex, battle_defenders: tuple = ()) -> int:
        """Every battery of the defender within range of the target, not yet allocated."""
        facts = self.facts
        sup = facts.support()
        dside = facts.side_of(battle_defenders[0]) if battle_defenders else None
        tot = 0
        for u in facts.on_map(dside or self.foe_side_at(target)):
            if (facts.is_artillery(u.id) and u.id not in sup and u.id not in battle_defenders
                    and distance(u.map_hex, target) <= self.spec(u.id).range):
                tot += self.spec(u.id).factor
        # allocated already (the defend step): what the rules count
        tot += sum(self.spec(b).factor for b, t in sup.items()
                   if t in battle_defenders and facts.side_of(b) == facts.side_of(t))
        return tot

    def foe_side_at(self, h: Hex) -> str:
        us = self.facts.units_at(h)
        return self.facts.side_of(us[0].id) if us else self.foe

    def kill_frac(self, defenders: tuple, length: int) -> float:
        """Share of the defenders' factors with no retreat of that length (they die, D8)."""
        k = (defenders, length)
        if k not in self._kill:
            facts = self.facts
            tot = dead = 0.0
            for d in defenders:
                w = max(1, self.spec(d).factor)
                tot += w
                if facts.is_artillery(d) or not facts.can_retreat(d, length):
                    dead += w
            self._kill[k] = dead / tot if tot else 0.0
        return self._kill[k]
