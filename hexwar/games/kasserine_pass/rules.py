"""Kasserine Pass (John Hill, Conflict Games 1972): the rules.

Rule cases are cited by the ids of ../shared/reference/rule-cases/kasserine-pass.txt
(``KP-...``) and the decisions of docs/kasserine-pass/rules-decisions.md (``D1`` ...).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...core import actions as A
from ...core.actions import Event
from ...core.board import Board
from ...core.dice import Dice, roll_dice
from ...core.errors import DataError, Illegal
from ...core.hexgrid import Hex, hex_name
from ...core.hooks import RulesHooks
from ...core.units import ARRIVING, ON_MAP, Unit, UnitSpec
from . import verbs as V
from .artillery import ArtilleryMixin
from .combat import CombatMixin
from .common import GAME_ID, PHASE_NAME, PHASE_SIDE, PHASES, SIDES, enemy
from .consequences import ConsequencesMixin
from .facts import KasserineFacts
from .movement import MovementMixin
from .previews import PreviewsMixin
from .results import ResultsMixin
from .retreats import RetreatsMixin
from .scenario import KPScenario, KPSpec, town_props
from .special import SpecialMixin
from .stacking import StackingMixin
from .state import KPState
from .terrain import TerrainMixin
from .units import UnitsMixin
from .verbs import KPAction
from .victory import VictoryMixin
from .view import ExplainMixin, ViewMixin

__all__ = ["GAME_ID", "SIDES", "PHASES", "PHASE_SIDE", "PHASE_NAME", "KPRules", "enemy"]


class KPRules(UnitsMixin, TerrainMixin, StackingMixin, VictoryMixin, MovementMixin, SpecialMixin, CombatMixin,
              ArtilleryMixin, ResultsMixin, RetreatsMixin, ViewMixin, PreviewsMixin, ConsequencesMixin, ExplainMixin,
              RulesHooks):
    """The whole game: the sequence and the contract here, each area of the rules in its mixin."""

    game_id = GAME_ID
    rules_version = 1
    phase_ids = PHASES
    SIDES = SIDES

    def turn_track(self) -> tuple[tuple[int, str, str], ...]:
        """The client's named-turns hook: one day a turn, 14 to 25 February 1943."""
        return tuple((n, f"Turn {n}", self.scen.date(n)) for n in range(1, self.scen.turns + 1))

    def __init__(self, board: Board, scenario: KPScenario, options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.scen = scenario
        self.T = scenario.tables
        self.opts = dict(options or {})
        self.kp: dict[str, KPSpec] = scenario.kp_specs
        self.specs: dict[str, UnitSpec] = scenario.specs
        self.pieces = {p.id: p for p in scenario.pieces}
        towns = town_props(board)  # the size and victory points of each place, from the map
        self.city: set[Hex] = {h for h, (size, _) in towns.items() if size == "city"}  # KP-CITY
        self.vp: dict[Hex, int] = {h: vp for h, (_, vp) in towns.items()}  # KP-VICTORY
        hv: dict[Hex, Any] = board.hex_values.get("height", {})  # map values, as the map gives them
        level = {"plain": 0, "river": 0, "high_ground": 1, "rugged_crest": 2}
        self.height = {h: int(hv[h]) if h in hv else level.get(t, 0) for h, t in board.terrain.items()}
        self.bridges: dict[Hex, str] = {}
        for z in board.zones:
            if z.kind == "bridge":
                for h in z.hexes:
                    self.bridges[h] = z.name
        mp = dict(self.T.terrain_mp)
        if self.opt("errata_crest"):
            mp["rugged_crest"] = self.T.errata_crest_mp  # D2 alternative reading
        self.terrain_mp = mp
        for p in scenario.pieces:  # the scenario must fit the map
            if p.entry and p.entry not in board.regions:
                raise DataError(scenario.source, f"unit {p.id}: map has no entry region {p.entry!r}")
            if p.hex is not None and p.hex not in board:
                raise DataError(scenario.source, f"unit {p.id}: hex {hex_name(p.hex)} is off the map")
        # memos and indexes (their types are declared with every attribute in host.py)
        self._edges_cache = {}
        self._spec_side = {k: v.side for k, v in self.kp.items()}
        # KP-STACKING: the points a counter of each spec weighs (free types weigh nothing)
        self._spec_points = {k: (0.0 if v.type in self.T.free_stacking else float(self.T.size_points[v.size]))
                             for k, v in self.kp.items()}
        self._zoc_adj = {h: tuple(n for n in board.adjacent(h) if self.exerts(h, n)) for h in board.terrain}
        self._reach_cache = {}  # reach depends only on the key it is stored under
        self._raw_reach = {}  # one search shared by the units of one kind in one hex
        self._moves_cache = {}
        self._zoc_cache = {}  # positions of a side -> the hexes its zones cover
        self._entry_cache = {}
        self._ctx_intern = {}
        self._arriving_ids = tuple(p.id for p in scenario.pieces if p.hex is None)  # only these ever arrive
        self._arriving_by_side = {sd: tuple(i for i in self._arriving_ids if self._spec_side[self.pieces[i].spec] == sd)
                                  for sd in SIDES}
        self._unit_memo = {}  # uid -> (Unit, budget, first move, ctx, owner, reach): last answer
        self._place_cache = {}
        self._place_all = {}  # uid -> a Place for each of its entry hexes
        self._filtered_cache = {}  # (id(reach), hexes too full) -> (reach, its Move actions)
        self._passable_cache = {}  # (spec, enemy positions) -> hex -> may pass (+2 MP)
        self._index_memo = None  # the last state's unit index (units.py)
        self._loads_step = None  # (old loads, new loads, hexes changed) of the last index step
        self._full_memo = None  # (loads, stacking class -> hexes it does not fit)
        self._pos_memo = {}  # side -> (its on-map list, its positions key)
        self._zoc_last = {}  # side -> (positions key, its zones): the last answer
        self._foe_last = {}  # side -> (enemy positions key, the enemy's hexes)
        self._mult_cache = {}  # (attacker hex, target hex) -> attack multiplier
        self._mult4 = {}  # the same, times four (a whole number unless the tables change)
        self._hex_rank = {h: i for i, h in enumerate(sorted(board.terrain))}  # move lists sort by it

    def opt(self, name: str) -> bool:
        return bool(self.opts.get(name, False))

    # --- the computer players' questions (core.position.Position; nothing is hidden, so the
    # default public_state, a copy, stays) ---------------------------------------------------------
    def facts(self, state: KPState, side: str) -> KasserineFacts:
        return KasserineFacts(self, state, side)

    # --- sequence ----------------------------------------------------------------
    def phase_side(self, state: KPState) -> str:
        return PHASE_SIDE[state.phase]

    def acting_side(self, state: KPState) -> str | None:
        if state.result is not None:
            return None
        if state.stage is not None:
            return state.stage.side
        if state.step == "defend":
            return enemy(self.phase_side(state))
        return self.phase_side(state)

    def new_state(self, dice: Dice) -> tuple[KPState, list[Event]]:
        units: dict[str, Unit] = {}
        for p in self.scen.pieces:
            if p.hex is not None:
                units[p.id] = Unit(p.id, p.spec, ON_MAP, p.hex)
            else:
                units[p.id] = Unit(p.id, p.spec, ARRIVING, None, arrives=p.arrives)
        st = KPState(turn=1, phase="german_move", units=units)
        st.indexer = self.on_map  # units_at reads the rules' index (copies carry it)
        # D12: every place starts in Allied hands; the Axis begins off the map
        st.control = {h: self.scen.start_control for h in self.board.places}
        ev: list[Event] = []
        self._begin_phase(st, ev, dice)
        return st, ev

    def _begin_phase(self, state: KPState, ev: list[Event], dice: Dice) -> None:
        side = self.phase_side(state)
        state.touch()
        if state.phase.endswith("_move"):
            state.mp = {u.id: float(self.kspec(state, u.id).ma) for u in self.on_map(state, side)}
            state.hexes_moved = {}
            state.stopped = set()
            state.bridge_used = set()
            state.kbattles, state.kresolved, state.support, state.step = [], [], {}, ""
            # KP-OPT-AIR-POWER: with the die option, roll once for air superiority
            if (side == "allied" and self.opt("air_power") and self.opt("air_power_by_die") and not state.air_state
                    and state.turn >= self.T.air_power_from_turn):
                r = roll_dice(dice, 1, "Allied air superiority (KP-OPT-AIR-POWER)", ev)[0]
                state.air_state = "yes" if r in self.T.air_power_roll_success else "no"
        else:
            state.step = "declare"
            state.kbattles, state.kresolved, state.support = [], [], {}
        ev.append(Event("phase", f"Turn {state.turn} ({self.scen.date(state.turn)}): {PHASE_NAME[state.phase]}",
                        {"turn": state.turn, "phase": state.phase}))

    def _next_phase(self, state: KPState, ev: list[Event], dice: Dice) -> None:
        i = PHASES.index(state.phase)
        if state.phase.endswith("_combat"):
            self._settle_carries(state)
        if i + 1 < len(PHASES):
            state.phase = PHASES[i + 1]
        else:
            if state.turn >= self.scen.turns:  # KP-SEQUENCE: twelve daily turns
                state.result = self.judge(state)
                state.step = ""
                ev.append(Event("game_over", f"{state.result.level}: {state.result.detail}",
                                {"winner": state.result.winner, "level": state.result.level}))
                return
            state.turn += 1
            state.phase = PHASES[0]
        self._begin_phase(state, ev, dice)

    # --- the contract --------------------------------------------------------------------------------
    def legal_actions(self, state: KPState) -> list[KPAction]:
        if state.result is not None:
            return []
        st = state.stage
        out: list[KPAction] = []
        if st is not None:
            if st.kind == "loss":
                out = [A.Loss(u) for u in self._loss_options(state, st)]
            elif st.kind == "retreat":
                for uid in st.get("pending"):
                    out += [A.Retreat(uid, p.hexes) for p in self.retreat_options(state, uid, st.get("length"))]
            elif st.kind == "advance":
                out = [*self.advance_moves(state, st), A.Advance(None)]
            if st.side == "axis":
                out += [V.Breakdown(u.id) for u in self.on_map(state, "axis")
                    if u.spec in self.T.breakdown and self._check_breakdown(state, u.id) is None]
            return out
        side = self.acting_side(state)
        assert side is not None  # the game is not over
        if state.phase.endswith("_move"):
            out += self._arrival_actions(state, side)
            out += self._move_actions(state, side)
            for u in self.on_map(state, side):
                for build in ((False, True) if u.hex in self.bridges else ()):
                    if self._check_bridge(state, u.id, build) is None:
                        out.append(V.Build(u.id) if build else V.Blow(u.id))
        elif state.step == "declare":
            seen = set()
            foe = self._foe_hexes(state, side)
            for u in self.on_map(state, side):
                for n in self.board.adjacent(u.map_hex):
                    if n in foe and n not in seen:
                        seen.add(n)
                        out += self._attack_options(state, n)
            out += self._support_options(state)
            for b in state.kbattles:
                if self._check_air(state, hex_name(b.target)) is None:
                    out.append(A.Choose("air", hex_name(b.target)))
        elif state.step == "defend":
            out += self._support_options(state)
        elif state.step == "resolve":
            for i, b in enumerate(state.kbattles):
                if i not in state.kresolved:
                    out.append(A.Resolve(b.target))
        if side == "axis" and self.phase_side(state) == "axis":
            out += [V.Breakdown(u.id) for u in self.on_map(state, "axis")
                    if u.spec in self.T.breakdown and self._check_breakdown(state, u.id) is None]
        if self._check_end(state) is None:
            out.append(A.EndPhase())
        return out

    def _check_end(self, state: KPState) -> Illegal | None:
        if state.stage is not None:
            if state.stage.kind == "advance":
                return None
            return Illegal("KP-SEQUENCE", f"settle the {state.stage.kind} first")
        if state.phase.endswith("_combat"):
            if state.step == "declare":
                obl = self.obligations(state)
                if obl:
                    rule, text, units = obl[0]
                    return Illegal(rule, f"{text}: {', '.join(units)}")
            if state.step == "resolve" and len(state.kresolved) < len(state.kbattles):
                return Illegal("KP-SEQUENCE", "resolve every declared attack first")
        return None

    def _apply_end(self, state: KPState, dice: Dice, ev: list[Event]) -> None:
        if state.stage is not None and state.stage.kind == "advance":
            state.stage = None
            self._finish_battle(state, ev)
            return
        if state.phase.endswith("_combat"):
            if state.step == "declare" and state.kbattles:
                state.step = "defend"
                ev.append(Event("step", "the defender allocates artillery", {"step": "defend"}))
                if not self._support_options(state):
                    state.step = "resolve"
                return
            if state.step == "defend":
                state.step = "resolve"
                ev.append(Event("step", "resolve the attacks", {"step": "resolve"}))
                return
        self._next_phase(state, ev, dice)

    def check(self, state: KPState, action: KPAction) -> Illegal | None:
        if state.result is not None:
            return Illegal("KP-SEQUENCE", "the game is over")
        st = state.stage
        if isinstance(action, V.Breakdown):
            return self._check_breakdown(state, action.unit)
        if st is not None:
            if isinstance(action, A.EndPhase) or (isinstance(action, A.Advance) and action.unit is None):
                return self._check_end(state)
            if st.kind == "loss" and isinstance(action, A.Loss):
                if action.unit not in self._loss_options(state, st):
                    return Illegal("KP-RESULT-A-ELIM", f"{action.unit} is not one of the attackers that must pay")
                return None
            if st.kind == "retreat" and isinstance(action, A.Retreat):
                if action.unit not in st.get("pending"):
                    return Illegal("KP-RESULT-D-BACK", f"{action.unit} does not retreat now")
                opts = [p.hexes for p in self.retreat_options(state, action.unit, st.get("length"))]
                if tuple(action.path) not in opts:
                    return Illegal("KP-ZOC", "not a legal retreat: it must go the full distance, away from the battle,"
                                             " never through an enemy zone of control, over a cliff or through "
                                             "terrain costing more than the unit's movement factor")
                return None
            if st.kind == "advance" and isinstance(action, A.Move):
                return self._advance_problem(state, st, action)
            return Illegal("KP-SEQUENCE", f"settle the {st.kind} first")
        if isinstance(action, A.EndPhase):
            return self._check_end(state)
        if isinstance(action, A.Move):
            return self._check_move(state, action)
        if isinstance(action, A.Place):
            return self._check_place(state, action)
        if isinstance(action, (V.Blow, V.Build)):
            return self._check_bridge(state, action.unit, isinstance(action, V.Build))
        if isinstance(action, A.Attack):
            return self._check_attack(state, action.target, None, action.attackers)
        if isinstance(action, V.Select):
            return self._check_attack(state, action.target, action.defenders, action.attackers)
        if isinstance(action, V.Support):
            return self._check_support(state, action)
        if isinstance(action, A.Choose) and action.what == "air":
            return self._check_air(state, action.value)
        if isinstance(action, A.Resolve):
            return self._check_resolve(state, action)
        return Illegal("KP-SEQUENCE", f"'{action.notation()}' is not an action of this game now")

    def apply(self, state: KPState, action: KPAction, dice: Dice) -> list[Event]:
        ev: list[Event] = []
        st = state.stage
        if isinstance(action, V.Breakdown):
            self._apply_breakdown(state, action.unit, ev)
        elif isinstance(action, A.EndPhase) or (isinstance(action, A.Advance) and action.unit is None):
            self._apply_end(state, dice, ev)
        elif st is not None and isinstance(action, A.Loss):
            self._apply_loss(state, st, action.unit, ev)
        elif st is not None and isinstance(action, A.Retreat):
            self._apply_retreat(state, st, action, ev)
        elif st is not None and isinstance(action, A.Move):
            self._apply_advance(state, st, action, ev)
        elif isinstance(action, A.Move):
            self._apply_move(state, action, ev)
        elif isinstance(action, A.Place):
            self._apply_place(state, action, ev)
        elif isinstance(action, (V.Blow, V.Build)):
            self._apply_bridge(state, action.unit, isinstance(action, V.Build), ev)
        elif isinstance(action, A.Attack):
            self._apply_attack(state, action.target, None, action.attackers, ev)
        elif isinstance(action, V.Select):
            self._apply_attack(state, action.target, action.defenders, action.attackers, ev)
        elif isinstance(action, V.Support):
            self._apply_support(state, action, ev)
        elif isinstance(action, A.Choose):
            self._apply_air(state, action.value, ev)
        elif isinstance(action, A.Resolve):
            self._apply_resolve(state, action, dice, ev)
        state.touch()
        return ev

    def lesson_state(self, position: Mapping[str, Any], dice: Dice) -> tuple[KPState, list[Event]]:
        """A lesson's position (docs/lessons.md; the keys: lesson_setup.py)."""
        from .lesson_setup import lesson_state

        st, ev = lesson_state(self, position, dice)
        return st, ev

    # --- the luck report (hexwar.luck): luck.py -----------------------------------------------
    def roll_odds(self, state: KPState, action: A.Action, events: list[Event]) -> tuple[Any, ...]:
        from .luck import roll_odds

        return roll_odds(self, state, action, events)

    def score(self, state: KPState) -> tuple[str, dict[str, float]]:
        from .luck import score

        return score(self, state)

