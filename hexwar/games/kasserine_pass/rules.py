"""Kasserine Pass (John Hill, Conflict Games 1972): the rules.

Rule cases are cited by the ids of ../shared/reference/rule-cases/kasserine-pass.txt
(``KP-...``) and the decisions of docs/kasserine-pass/rules-decisions.md (``D1`` ...).

The game stands on the core's phase machine, ``core.sequence.Sequence``: its sequence of play
is data (``common.SEQUENCE`` and the combat steps), its actions go through one table per kind
of phase or step, its battle stages (loss, retreat, advance) through the stage hooks, the end
of a phase or step through ``_check_end`` and each table's ``EndPhase`` row (the next phase
may begin with a roll), and the German breakdown is the one action allowed at any time
(``anytime_handlers``). It takes ``Sequence`` rather than ``PhasedRules``: the latter's
queries would answer this game wrongly (zones of control that cliffs block and some types
pass through, stacking by size points with free types, captured guns that change sides, no
removal of overstacked units at a phase's end); this game's own mixins answer them.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.actions import Event
from ...core.board import Board
from ...core.dice import Dice, roll_dice
from ...core.errors import DataError, Illegal
from ...core.hexgrid import Hex, hex_name
from ...core.sequence import Handlers, PhaseSpec, Sequence
from ...core.state import Stage, State
from ...core.units import ARRIVING, ON_MAP, Unit, UnitSpec
from . import verbs as V
from .artillery import ArtilleryMixin
from .combat import CombatMixin
from .common import GAME_ID, PHASE, PHASE_NAME, PHASE_SIDE, PHASES, SIDES, Phase, enemy, step_table
from .consequences import ConsequencesMixin
from .crt import sliding
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
              Sequence):
    """The whole game: the sequence and the contract here, each area of the rules in its mixin."""

    game_id = GAME_ID
    rules_version = 1
    phase_ids = PHASES
    SIDES = SIDES
    sides = SIDES
    CITE = {"over": "KP-SEQUENCE", "sequence": "KP-SEQUENCE"}

    def turn_track(self) -> tuple[tuple[int, str, str], ...]:
        """The client's named-turns hook: one day a turn, 14 to 25 February 1943."""
        return tuple((n, f"Turn {n}", self.scen.date(n)) for n in range(1, self.scen.turns + 1))

    def __init__(self, board: Board, scenario: KPScenario, options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.scen = scenario
        self.T = scenario.tables
        self.opts = dict(options or {})
        if self.opt("sliding_crt"):  # D1's other reading of the unprinted rows 7-12 (crt.py)
            self.T = replace(self.T, crt=sliding(self.T.crt))
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
        self._steps = step_table()
        self._tables()

    def opt(self, name: str) -> bool:
        return bool(self.opts.get(name, False))

    # --- the computer players' questions (core.position.Position; nothing is hidden, so the
    # default public_state, a copy, stays) ---------------------------------------------------------
    def facts(self, state: KPState, side: str) -> KasserineFacts:
        return KasserineFacts(self, state, side)

    # --- sequence ----------------------------------------------------------------
    def phase_side(self, state: KPState) -> str:
        return PHASE_SIDE[state.phase]

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
        if PHASE[state.phase].kind == "movement":
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
        if PHASE[state.phase].kind == "combat":
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

    # --- the contract: the core's phase machine (core.sequence) with this game's tables ----------
    def phase(self, state: State) -> Phase:
        """The phase, or the step of a combat phase, the game is in: who acts and what kind."""
        # (a KPState's step, read from its attributes: the engine's most frequent question)
        return self._steps[(state.phase, state.__dict__["step"])]

    def phase_handlers(self, kind: str) -> Handlers:
        return self._handlers[kind]

    def phase_actions(self, state: State, kind: str) -> list[A.Action]:
        out = self._listers[kind](_kp(state))
        if kind == "movement" or self._check_end(state) is None:  # a movement phase always may end
            out.append(A.EndPhase())
        return out

    def anytime_handlers(self) -> Handlers:
        return self._anytime

    def anytime_actions(self, state: State) -> list[A.Action]:
        """KP-BREAKDOWN: the German breaks units down at any moment of his own portion of the
        turn (his phases, and the losses, retreats and advances of his battles)."""
        kp = _kp(state)
        if self.phase_side(kp) != "axis" or self.acting_side(kp) != "axis":  # the cheaper test first
            return []
        out: list[Any] = [V.Breakdown(u.id) for u in self.on_map(kp, "axis")
                          if u.spec in self.T.breakdown and self._check_breakdown(kp, u.id) is None]
        return out

    def _check_units(self, state: State, action: A.Action) -> Illegal | None:
        return None  # each check refuses an unknown unit under the rule it checks

    def _refuse_other(self, state: State, p: PhaseSpec, action: A.Action) -> Illegal:
        """Out of its phase or step an action is refused by its own check, which names the rule
        that times it (units move only in their movement phase, KP-SEQUENCE ...)."""
        h = self._every.get(type(action))
        why = h[0](state, action) if h is not None else None
        return why or Illegal("KP-SEQUENCE", f"'{action.notation()}' is not an action of this game now")

    def _tables(self) -> None:
        """The handlers of each kind of phase or step: action type -> (check, apply)."""
        def bridge(build: bool) -> tuple[Any, Any]:
            return (lambda s, a: self._check_bridge(s, a.unit, build),
                    lambda s, a, d, ev: self._apply_bridge(s, a.unit, build, ev))

        support = (self._check_support, lambda s, a, d, ev: self._apply_support(s, a, ev))
        # the end of a phase or step (its own row: the next phase may begin with a roll, D11)
        end = (lambda s, a: self._check_end(s), lambda s, a, d, ev: self._end_phase_or_step(s, d, ev))
        self._handlers: dict[str, Handlers] = {
            "movement": {A.Move: (self._check_move, lambda s, a, d, ev: self._apply_move(s, a, ev)),
                         A.Place: (self._check_place, lambda s, a, d, ev: self._apply_place(s, a, ev)),
                         V.Blow: bridge(False), V.Build: bridge(True), A.EndPhase: end},
            "declare": {A.Attack: (lambda s, a: self._check_attack(s, a.target, None, a.attackers),
                                   lambda s, a, d, ev: self._apply_attack(s, a.target, None, a.attackers, ev)),
                        V.Select: (lambda s, a: self._check_attack(s, a.target, a.defenders, a.attackers),
                                   lambda s, a, d, ev: self._apply_attack(s, a.target, a.defenders, a.attackers,
                                                                          ev)),
                        V.Support: support,
                        A.Choose: (self._check_choose, lambda s, a, d, ev: self._apply_air(s, a.value, ev)),
                        A.EndPhase: end},
            "defend": {V.Support: support, A.EndPhase: end},
            "resolve": {A.Resolve: (self._check_resolve, self._apply_resolve), A.EndPhase: end},
        }
        self._every: Handlers = {t: h for hs in self._handlers.values() for t, h in hs.items()}
        self._anytime: Handlers = {V.Breakdown: (lambda s, a: self._check_breakdown(s, a.unit),
                                                 lambda s, a, d, ev: self._apply_breakdown(s, a.unit, ev))}
        # (their lists hold this game's verbs too, where the core's hooks name only the core's)
        self._listers: dict[str, Callable[[KPState], list[Any]]] = {
            "movement": self._movement_actions, "declare": self._declare_actions,
            "defend": lambda s: list(self._support_options(s)), "resolve": self._resolve_actions}

    def _check_choose(self, state: KPState, act: A.Choose) -> Illegal | None:
        if act.what != "air":  # the one choice of this game: KP-OPT-AIR-POWER
            return Illegal("KP-SEQUENCE", f"'{act.notation()}' is not an action of this game now")
        return self._check_air(state, act.value)

    def _movement_actions(self, state: KPState) -> list[KPAction]:
        side = self.phase_side(state)
        out: list[KPAction] = [*self._arrival_actions(state, side), *self._move_actions(state, side)]
        occ = state.occupied()
        if any(h in occ for h in self.bridges):  # KP-ENGINEERS: only a unit on a bridge hex may blow or build
            for u in self.on_map(state, side):
                for build in ((False, True) if u.hex in self.bridges else ()):
                    if self._check_bridge(state, u.id, build) is None:
                        out.append(V.Build(u.id) if build else V.Blow(u.id))
        return out

    def _declare_actions(self, state: KPState) -> list[KPAction]:
        out: list[KPAction] = []
        seen = set()
        side = self.phase_side(state)
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
        return out

    def _resolve_actions(self, state: KPState) -> list[KPAction]:
        return [A.Resolve(b.target) for i, b in enumerate(state.kbattles) if i not in state.kresolved]

    # --- stages: the losses, retreats and advances of a battle (results.py, retreats.py) ----------
    def _stage_actions(self, state: State, st: Stage) -> list[A.Action]:
        kp = _kp(state)
        if st.kind == "loss":
            return [A.Loss(u) for u in self._loss_options(kp, st)]
        if st.kind == "retreat":
            return [A.Retreat(uid, p.hexes) for uid in st.get("pending")
                    for p in self.retreat_options(kp, uid, st.get("length"))]
        return [*self.advance_moves(kp, st), A.Advance(None)]

    def _check_stage(self, state: State, st: Stage, act: A.Action) -> Illegal | None:
        state = _kp(state)
        if isinstance(act, A.EndPhase) or (isinstance(act, A.Advance) and act.unit is None):
            return None if st.kind == "advance" else Illegal("KP-SEQUENCE", f"settle the {st.kind} first")
        if st.kind == "loss" and isinstance(act, A.Loss):
            if act.unit not in self._loss_options(state, st):
                return Illegal("KP-RESULT-A-ELIM", f"{act.unit} is not one of the attackers that must pay")
            return None
        if st.kind == "retreat" and isinstance(act, A.Retreat):
            if act.unit not in st.get("pending"):
                return Illegal("KP-RESULT-D-BACK", f"{act.unit} does not retreat now")
            opts = [p.hexes for p in self.retreat_options(state, act.unit, st.get("length"))]
            if tuple(act.path) not in opts:
                return Illegal("KP-ZOC", "not a legal retreat: it must go the full distance, away from the battle,"
                                         " never through an enemy zone of control, over a cliff or through "
                                         "terrain costing more than the unit's movement factor")
            return None
        if st.kind == "advance" and isinstance(act, A.Move):
            return self._advance_problem(state, st, act)
        return Illegal("KP-SEQUENCE", f"settle the {st.kind} first")

    def _apply_stage(self, state: State, st: Stage, act: A.Action, dice: Dice, ev: list[Event]) -> None:
        state = _kp(state)
        if isinstance(act, A.Loss):
            self._apply_loss(state, st, act.unit, ev)
        elif isinstance(act, A.Retreat):
            self._apply_retreat(state, st, act, ev)
        elif isinstance(act, A.Move):
            self._apply_advance(state, st, act, ev)
        else:  # ending the advance (EndPhase, or "advance -")
            state.stage = None
            self._finish_battle(state, ev)

    # --- the end of a phase or of a combat step ---------------------------------------------------
    def _check_end(self, state: State) -> Illegal | None:
        state = _kp(state)
        kind = self.phase(state).kind
        if kind == "declare":
            obl = self.obligations(state)
            if obl:
                rule, text, units = obl[0]
                return Illegal(rule, f"{text}: {', '.join(units)}")
        elif kind == "resolve" and len(state.kresolved) < len(state.kbattles):
            return Illegal("KP-SEQUENCE", "resolve every declared attack first")
        return None

    def _end_phase_or_step(self, state: State, dice: Dice, ev: list[Event]) -> None:
        state = _kp(state)
        kind = self.phase(state).kind
        if kind == "declare" and state.kbattles:
            state.step = "defend"
            ev.append(Event("step", "the defender allocates artillery", {"step": "defend"}))
            if not self._support_options(state):  # no battery to allocate: on to the dice
                state.step = "resolve"
        elif kind == "defend":
            state.step = "resolve"
            ev.append(Event("step", "resolve the attacks", {"step": "resolve"}))
        else:
            self._next_phase(state, ev, dice)

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


if TYPE_CHECKING:
    def _kp(state: State) -> KPState:
        """The core's hooks hand the state as ``State``; this game's is always a ``KPState``."""
else:
    def _kp(state):  # the identity at run time: a typing.cast call less in the hot path
        return state

