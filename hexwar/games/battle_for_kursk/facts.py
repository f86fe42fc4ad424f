"""Battle for Kursk's read-only questions about one side's position, for computer players.

``Position(game, side).facts`` is a ``KurskFacts``: built by the rules' ``facts`` hook from
the *public* copy of the state (``public_state``: the other side's unrevealed posture
scrubbed, 12.0), so nothing it answers can leak a secret. It keeps the rules and that copy
to itself and hands out values only: units (``Unit``), counters (``UnitSpec``), hexes,
odds (``Odds``), retreat paths (``RetreatPath``), tuples, frozensets and fresh dicts.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...core.combat import Odds
from ...core.errors import Illegal
from ...core.hexgrid import Hex
from ...core.retreat import RetreatPath
from ...core.state import Stage
from ...core.units import ELIMINATED, ON_MAP, Unit, UnitSpec
from . import tables as T


@dataclass(frozen=True)
class Objective:
    """The Strategic Objective marker (12.1)."""

    hex: Hex
    face: str  # the side that scores by standing on it
    locked: frozenset[str]  # the sides whose objective may no longer be moved
    scored: bool  # already taken to the VP track


@dataclass(frozen=True)
class DeclaredBattle:
    """A battle declared this phase, as it stands before its die roll (9.0, 9.2.1)."""

    target: Hex
    attackers: tuple[str, ...]  # those still on the map next to the target
    lead: str | None  # an Offensive's lead unit
    support: tuple[str, ...]  # an Offensive's supporters still on the map


class KurskFacts:
    """What ``side`` may ask about one (public) Kursk position. Built by ``KurskRules.facts``."""

    def __init__(self, rules: Any, state: Any, side: str) -> None:
        self._rules = rules
        self._state = state
        self.side = side

    # ------------------------------------------------------------ the sequence (4.0)
    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def first_turn(self) -> int:
        """The scenario's first turn (4.0: the short scenario starts later)."""
        return self._rules.camp.start_turn

    @property
    def last_turn(self) -> int:
        return self._rules.camp.last_turn

    def turn_number(self, label: str) -> int:
        """The turn number of a turn-track label ("A" … "D", "1" … "8")."""
        return self._rules.camp.number(label)

    @property
    def phase(self) -> T.Phase:
        """The phase with the rules' own kind (posture, setup, replacement, armor_rail …)."""
        return self._rules.phase(self._state)

    @property
    def stage(self) -> Stage | None:
        """The pending battle or posture sub-step, if any."""
        return self._state.stage

    @property
    def mud(self) -> bool:
        """11.0: a mud turn (one hex a phase, attacking armor halved)."""
        return self._rules.is_mud(self._state)

    # ------------------------------------------------------------ sides and units
    def enemy(self, side: str) -> str:
        return self._rules.enemy(side)

    def units(self) -> tuple[Unit, ...]:
        """Every unit, wherever it is (on the map, eliminated …)."""
        return tuple(self._state.units.values())

    def unit(self, uid: str) -> Unit:
        return self._state.units[uid]

    def side_of(self, uid: str) -> str:
        return self._rules.side(uid)

    def spec(self, uid: str) -> UnitSpec:
        """The counter as printed (Kursk hides no identity)."""
        return self._rules.specs[self._state.units[uid].spec]

    def hex_of(self, uid: str) -> Hex | None:
        return self._state.units[uid].hex

    def on_map(self, side: str) -> tuple[str, ...]:
        """``side``'s units on the map, by id."""
        return tuple(sorted(u.id for u in self._state.units.values()
                            if u.where == ON_MAP and self._rules.side(u.id) == side))

    def eliminated(self, side: str) -> int:
        """How many of ``side``'s units are in the Eliminated box (5.0 counts them)."""
        return sum(1 for u in self._state.units.values() if u.where == ELIMINATED and self._rules.side(u.id) == side)

    def public_name(self, uid: str) -> str:
        return self._rules.public_name(self._state, uid)

    def point_kind(self, uid: str) -> str:
        """The replacement points that rebuild ``uid``: "irp" (infantry) or "arp" (armor) (10.5)."""
        return T.POINT_OF_KIND[self.spec(uid).kind]

    # ------------------------------------------------------------ the map
    def occupied_by(self, side: str) -> frozenset[Hex]:
        """The hexes ``side``'s units stand in."""
        return self._rules.side_hexes(self._state, side)

    def zoc(self, side: str) -> frozenset[Hex]:
        """The hexes in ``side``'s zones of control (7.0)."""
        return self._rules.zoc(self._state, side)

    def edge(self, side: str) -> frozenset[Hex]:
        """``side``'s friendly map edge (9.3: a retreat may leave the map there)."""
        return self._rules.edge_of(side)

    def fort_active(self, h: Hex, side: str) -> bool:
        """9.2: ``h`` lies in an active fortification belt of ``side``."""
        return self._rules.fort_active(self._state, h, side)

    # ------------------------------------------------------------ victory (5.0, 12.1)
    @property
    def moscow(self) -> Hex:
        """5.0: Moscow in German hands ends the game."""
        return self._rules.moscow

    def major_cities(self, line_side: str) -> tuple[Hex, ...]:
        """The major cities on ``line_side``'s side of the Start Line whose control counts (5.0)."""
        names = self._rules.camp.victory["major_cities"].get(f"{line_side}_side", [])
        return tuple(p.hex for p in self._rules.board.places.values() if p.name in names)

    def controller(self, h: Hex) -> str | None:
        return self._state.control.get(h)

    def control(self) -> dict[Hex, str]:
        """Who controls each place (a fresh copy)."""
        return dict(self._state.control)

    def vp_total(self) -> int:
        """5.0: the VP total as if the game ended now (Russian +, German −)."""
        return self._rules.vp(self._state)[0]

    @property
    def objective(self) -> Objective:
        x = self._state.extra
        return Objective(self._rules.so_hex(self._state), x.get("so_face"),
                         frozenset(s for s, v in x.get("so_locked", {}).items() if v), bool(x.get("so_scored")))

    @property
    def german_engaged(self) -> bool:
        """12.1: the Germans have chosen Engage at least once (it locks their objective)."""
        return bool(self._state.extra.get("engaged"))

    # ------------------------------------------------------------ postures (12.0) and replacements (10.0)
    def postures(self) -> tuple[str, ...]:
        """The posture track, from the lowest box to the highest."""
        return tuple(self._rules.postures())

    def posture(self, side: str) -> str | None:
        """``side``'s posture this turn once both are revealed, else None."""
        return self._state.extra.get("posture", {}).get(side)

    def posture_grants(self, posture: str) -> tuple[str, ...]:
        """The activities (phases) a posture includes (12.0 a-d)."""
        return tuple(self._rules.camp.postures["phases"].get(posture, ()))

    def posture_cost(self, side: str, posture: str) -> int:
        """Offensive markers ``side`` pays to take ``posture`` this turn (12.0)."""
        return self._rules.posture_cost(self._state, side, posture)

    def scheduled_points(self, side: str) -> dict[str, int]:
        """The turn track's replacement points of ``side`` this turn, before postures (4.0, 10.5)."""
        return dict(self._rules.camp.turn(self._state.turn).points[side])

    def posture_modifier(self, side: str, posture: str) -> dict[str, int]:
        """What ``posture`` adds to ``side``'s replacement points (10.6); empty when nothing."""
        return dict(self._rules.camp.postures["modifiers"][side].get(posture, {}))

    def replacement_points(self, side: str) -> dict[str, int]:
        """10.6: ``side``'s replacement points this turn, its revealed posture's modifier included."""
        return dict(self._rules.points_for(self._state, side))

    # ------------------------------------------------------------ battles (9.0-9.3)
    def odds(self, target: Hex, attackers: Iterable[str],
             offensive: tuple[str, tuple[str, ...]] | None = None) -> Odds | None:
        """The odds of a battle with every shift and its rule (9.1, 9.2; ``offensive``:
        (lead, supporters), 9.2.1). None when nobody defends or attacks."""
        if offensive:
            return self._rules.odds(self._state, target, tuple(attackers), offensive)
        return self._rules.odds(self._state, target, tuple(attackers))

    def battle(self, target: Hex) -> DeclaredBattle:
        """The battle declared against ``target`` this phase."""
        b = self._rules.battle(self._state, target)
        return DeclaredBattle(b.target, self._rules.live_attackers(self._state, b), b.lead,
                              self._rules.live_support(self._state, b) if b.lead else ())

    # ------------------------------------------------------------ Offensives (9.2.1)
    @property
    def markers_per_side(self) -> int:
        """How many Offensive markers each side owns in all (3.4, 6.0): those not available
        nor spent this phase are in the Expended box."""
        return int(self._rules.camp.offensives["per_side"])

    def offensives_available(self, side: str) -> int:
        """The Offensive markers ``side`` may still spend (4.0, 9.2.1)."""
        return int(self._rules.offensives_free(self._state, side))

    @property
    def markers_cap(self) -> int:
        """The most Offensive markers a side may hold available at once (4.0)."""
        return int(self._rules.camp.offensives["max_available"])

    def offensives_next_turn(self, side: str) -> int:
        """The Offensive markers the turn track adds to ``side``'s Available box at the start of
        next turn (4.0; 0 after the last turn). Available markers never exceed ``markers_cap``,
        so a marker kept while the box would overflow is lost anyway."""
        nxt = self._state.turn + 1
        if nxt > self._rules.camp.last_turn:
            return 0
        return int(self._rules.camp.turn(nxt).offensives_added.get(side, 0))

    def lead_problem(self, uid: str) -> Illegal | None:
        """Why ``uid`` may not lead an Offensive (9.2.1: armor or shock only), or None."""
        return self._rules.lead_problem(self._state, uid)

    def supporters(self, target: Hex, lead: str, attackers: Iterable[str]) -> tuple[str, ...]:
        """The units that may support ``lead``'s Offensive against ``target`` while ``attackers``
        attack from next to it (9.2.1: beside the lead, not beside the defender, same colour)."""
        return self._rules.supporters(self._state, target, lead, tuple(attackers))

    def retreat_options(self, uid: str) -> tuple[RetreatPath, ...]:
        """Every legal retreat path of ``uid`` in the pending retreat (9.3)."""
        return tuple(self._rules.retreat_options(self._state, self._state.stage, uid))
