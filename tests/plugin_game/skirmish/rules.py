"""Skirmish at Mill Ford on hexwar's shared core: ``PhasedRules`` runs the sequence,
``MovementMixin`` the moves, ``BattleMixin`` the battles; this module adds the set-up, the
costs, the odds, the end of the game and the optional hooks (previews, consequences).

Every refusal is an ``Illegal(rule, reason)`` citing ``texts.RULES``.
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from hexwar.core import actions as A
from hexwar.core.actions import Event
from hexwar.core.battle import BattleMixin
from hexwar.core.board import Board
from hexwar.core.combat import Odds, Shift, StrengthLine, resolve_odds
from hexwar.core.contract import (
    COSTLY,
    FATAL,
    HARMLESS,
    Consequence,
    Outcome,
    Preview,
    PreviewLine,
)
from hexwar.core.entry import option_values
from hexwar.core.errors import DataError, Illegal
from hexwar.core.game import Result
from hexwar.core.hexgrid import Hex, hex_name
from hexwar.core.motion import MovementMixin, MoveMode
from hexwar.core.sequence import Handlers, PhasedRules
from hexwar.core.state import State
from hexwar.core.units import ON_MAP, UNPLACED, Unit, UnitSpec
from hexwar.loaders.scenario import Scenario

from . import tables as T
from . import texts


class SkirmishRules(MovementMixin, BattleMixin, PhasedRules):
    game_id = T.GAME_ID
    rules_version = 1
    phase_ids = tuple(p.id for p in T.PHASES)
    side_names = T.SIDE_NAMES
    sides = T.SIDES
    # The rule numbers behind the shared core's refusals.
    CITE = {"over": "6.0", "sequence": "1.0", "move": "4.0", "enemy_hex": "4.2", "ezoc_stop": "4.3",
            "ezoc_stop_why": "4.3", "combat": "5.1", "once": "5.1", "hexside": "5.2", "long_odds": "5.3",
            "results": "5.4", "advance": "5.6", "overstack": "3.0"}
    crt = T.CRT_TABLE
    results = T.RESULTS
    retreat_length = T.RETREAT_LENGTH
    retreat_extension = 2

    def __init__(self, board: Board, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.scenario = scenario
        self.options = option_values(T.OPTIONS, options)
        self.specs = scenario.specs
        self.unit_side = {p.id: scenario.specs[p.spec].side for p in scenario.pieces}
        self.group = {p.id: p.setup for p in scenario.pieces}
        # Set-up hexes per group (2.0), read from the map's marks as the scenario names them.
        self.setup_hexes: dict[str, frozenset[Hex]] = {}
        for a in scenario.setup_areas:
            for g in a.groups:
                self.setup_hexes[g] = self.setup_hexes.get(g, frozenset()) | board.hexes_marked(a.mark)
        goals = [h for h, p in board.places.items() if p.props.get("objective")]
        if len(goals) != 1:
            raise DataError(board.source, "the map must mark exactly one place with the property 'objective' (6.2)")
        self.objective = goals[0]
        # Shared by every game on this board and scenario; the cost function depends on 7.1.
        self.memo: dict = board.cache.setdefault((T.GAME_ID, id(scenario), self.options["dry_summer"]), {})
        self._handlers: dict[str, Handlers] = {
            "setup": {A.Place: (self._check_place, self._apply_place)},
            "movement": {A.Move: (self._check_move, self._apply_move)},
            "combat": {A.Attack: (self._check_attack, self._apply_attack),
                       A.Resolve: (self._check_resolve, self._apply_resolve)},
        }

    def new_state(self, dice) -> tuple[State, list[Event]]:
        units = {p.id: Unit(p.id, p.spec, UNPLACED, None, self.specs[p.spec].max_steps) for p in self.scenario.pieces}
        control = {h: self.scenario.control[p.name] for h, p in self.board.places.items()
                   if p.name in self.scenario.control}
        first = self.scenario.setup_order[0]
        return State(turn=1, phase=f"{first}_setup", units=units, control=control), []

    # ------------------------------------------------------------------ sequence (1.0)
    def phase(self, state: State) -> T.Phase:
        return T.PHASE[state.phase]

    def phase_handlers(self, kind: str) -> Handlers:
        return self._handlers.get(kind, {})

    def phase_actions(self, state: State, kind: str) -> list[A.Action]:
        if kind == "setup":
            return self._place_actions(state) or [A.EndPhase()]
        if kind == "movement":
            return self._move_actions(state) + [A.EndPhase()]
        if kind == "combat":
            return self._combat_actions(state)
        return [A.EndPhase()]

    def _check_end(self, state: State) -> Illegal | None:
        p = self.phase(state)
        if p.kind == "setup":
            left = self._unplaced(state, p.side)
            return Illegal("2.0", f"set up every unit first ({len(left)} still to place)") if left else None
        if p.kind == "combat":
            return self._check_combat_end(state)
        return None

    def _apply_end(self, state: State, ev: list[Event]) -> None:
        if self.phase(state).kind == "combat" and self._commit_battles(state, ev):
            return  # the first end closes the declarations (5.0)
        state.touch()
        self._end_phase_penalty_or_advance(state, ev)

    def _advance_phase(self, state: State, ev: list[Event]) -> None:
        cur = state.phase
        if cur in T.SETUP_PHASES:
            order = [f"{s}_setup" for s in self.scenario.setup_order]
            i = order.index(cur)
            nxt = order[i + 1] if i + 1 < len(order) else T.TURN_PHASES[0]
        else:
            nxt = T.TURN_PHASES[T.TURN_PHASES.index(cur) + 1]
        if nxt == "end_of_turn":
            if state.turn >= self.scenario.turns:  # 6.2: the last turn is over
                state.phase = nxt
                state.result = self.judge(state)
                ev.append(Event("game_over", f"Game over: {state.result.level}. {state.result.detail}", {}))
                return
            state.turn += 1
            nxt = T.TURN_PHASES[0]
            ev.append(Event("turn", f"Turn {state.turn} begins.", {"turn": state.turn}))
        state.phase = nxt
        self._reset_phase(state)
        p = self.phase(state)
        ev.append(Event("phase", f"Turn {state.turn}: {p.name} ({p.rule}).", {"phase": p.id, "turn": state.turn}))

    def stack_problem(self, specs: list[UnitSpec]) -> Illegal | None:
        if len(specs) > T.STACK_LIMIT:
            return Illegal("3.0", f"no more than {T.STACK_LIMIT} units may share a hex")
        return None

    # ------------------------------------------------------------------ set-up (2.0)
    def _unplaced(self, state: State, side: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.where == UNPLACED and self.side(u.id) == side)

    def _place_actions(self, state: State) -> list[A.Action]:
        side = self.phase(state).side
        taken = set(state.occupied())
        return [A.Place(uid, h) for uid in self._unplaced(state, side)
                for h in sorted(self.setup_hexes.get(self.group[uid] or "", ())) if h not in taken]

    def _check_place(self, state: State, act: A.Place) -> Illegal | None:
        side = self.phase(state).side
        if self.side(act.unit) != side:
            return Illegal("2.0", f"{act.unit} is not a {T.SIDE_NAMES[side]} unit")
        if state.units[act.unit].where != UNPLACED:
            return Illegal("2.0", f"{act.unit} is already set up")
        if act.hex not in self.setup_hexes.get(self.group[act.unit] or "", ()):
            return Illegal("2.0", f"{act.unit} sets up only on a {T.SIDE_NAMES[side]} set-up mark")
        if state.units_at(act.hex):
            return Illegal("2.0", f"{hex_name(act.hex)} already holds a unit; one unit per mark")
        return None

    def _apply_place(self, state: State, act: A.Place, dice, ev: list[Event]) -> None:
        state.units[act.unit] = state.units[act.unit].at(act.hex)
        where = self.board.describe(act.hex)
        ev.append(Event("placed", f"{self.public_name(state, act.unit)} sets up at {where} (2.0).",
                        {"unit": act.unit, "hex": act.hex}))

    # ------------------------------------------------------------------ movement (4.0)
    def _step_cost(self, frm: Hex, to: Hex) -> float:
        cost = T.MOVE_COST[self.board.terrain[to]]  # 4.1
        if self.board.has_side(frm, to, "river") and not self.options["dry_summer"]:
            cost += T.BROOK_EXTRA  # 4.4 (7.1: not in a dry summer)
        return cost

    def move_modes(self, state: State, uid: str) -> list[MoveMode]:
        return [MoveMode(self.spec(state, uid).ma, ("walk", self.options["dry_summer"]), self._step_cost, "4.1")]

    def move_end_blocked(self, state: State, uid: str) -> frozenset[Hex]:
        # 3.0: a move may not end in a full hex (so no hex is ever overstacked by moving).
        return frozenset(h for h, us in state.occupied().items() if len(us) >= T.STACK_LIMIT)

    def _cannot_end_reason(self, state: State, uid: str, dest: Hex) -> Illegal:
        return Illegal("3.0", f"{hex_name(dest)} already holds {T.STACK_LIMIT} units")

    # ------------------------------------------------------------------ combat (5.0)
    def odds(self, state: State, target: Hex, attackers: Iterable[str], *args: Any) -> Odds | None:
        attackers = tuple(attackers)
        defenders = [u.id for u in state.units_at(target)]
        if not attackers or not defenders:
            return None
        a_lines = [StrengthLine(x, self.strength(state, x, True), self.strength(state, x, True)) for x in attackers]
        d_lines = [StrengthLine(x, self.strength(state, x, False), self.strength(state, x, False)) for x in defenders]
        shifts = []
        terrain = self.board.terrain[target]
        if terrain in T.DEFENCE_TERRAIN:
            shifts.append(Shift(-1, "5.3", f"defender in {terrain}"))
        if all(self.board.has_side(state.units[x].hex, target, "river") for x in attackers):
            shifts.append(Shift(-1, "5.3", "every attacker is across the brook"))
        return resolve_odds(a_lines, d_lines, shifts, T.MIN_ODDS, T.MAX_ODDS, cap_rule="5.3")

    # ------------------------------------------------------------------ victory (6.0)
    def after_action(self, state: State, dice, ev: list[Event]) -> None:
        """6.1 sudden death, checked after every action once both sides are on the map."""
        if state.result is not None or self.phase(state).kind == "setup":
            return
        for side in self.sides:
            if not any(u.where == ON_MAP and self.side(u.id) == side for u in state.units.values()):
                winner = self.enemy(side)
                state.result = Result(winner, f"{T.SIDE_NAMES[winner]} victory",
                                      f"The {T.SIDE_NAMES[side]} side has no unit left on the map (6.1).")
                state.stage = None
                ev.append(Event("game_over", f"Game over: {state.result.level}. {state.result.detail}", {}))
                return

    def judge(self, state: State) -> Result:
        """6.2: after the last turn, Blue wins if it holds the objective."""
        name = self.board.places[self.objective].name
        if state.control.get(self.objective) == "blue":
            return Result("blue", "Blue victory", f"Blue holds {name} (6.2).")
        return Result("red", "Red victory", f"Blue does not hold {name} (6.2).")

    # ------------------------------------------------------------------ what players see
    def unit_view(self, state: State, uid: str) -> dict[str, Any]:
        u = state.units[uid]
        s = self.specs[u.spec]
        return {"id": uid, "side": self.side(uid), "where": u.where, "hex": hex_name(u.hex) if u.hex else None,
                "steps": u.steps, "spec": u.spec, "name": s.name, "kind": s.kind, "size": s.size,
                "label": s.label(u.steps), "nation": s.nation, "max_steps": s.max_steps,
                "attack": s.attack(u.steps), "defense": s.defense(u.steps), "ma": s.ma}

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        """Nothing is hidden in this game: every side sees the same."""
        p = self.phase(state)
        st = state.stage
        return {
            "game": self.game_id, "turn": state.turn, "turns": self.scenario.turns,
            "phase": p.id, "phase_name": p.name, "phase_rule": p.rule, "acting": self.acting_side(state),
            "stage": None if st is None else {"kind": st.kind, "side": st.side,
                                              "target": hex_name(st.target) if st.target else None,
                                              "attackers": list(st.get("attackers") or ()),
                                              "units": list(st.get("units") or ()), "result": st.get("result")},
            "date": self.scenario.dates.get(state.turn, ""),
            "declared": state.declared,
            "units": [self.unit_view(state, uid) for uid in sorted(state.units)],
            "control": {hex_name(h): s for h, s in sorted(state.control.items())},
            "objective": hex_name(self.objective),
            "battles": [{"target": hex_name(b.target), "attackers": list(b.attackers),
                         "resolved": b.target in state.resolved} for b in state.battles],
            "result": None if state.result is None else {"winner": state.result.winner, "level": state.result.level,
                                                         "detail": state.result.detail},
        }

    # ------------------------------------------------------------------ the optional hooks
    def preview(self, state: State, action: A.Action) -> Preview | None:
        """The odds of an attack (declared, being resolved or rolled), or the cost of a move."""
        if isinstance(action, A.Move):
            return self._move_preview(state, action)
        target, attackers = None, ()
        if isinstance(action, A.Attack):
            target, attackers = action.target, action.attackers
            why = self.check(state, action)
            if why is not None:
                return Preview(f"Attack on {hex_name(target)}", refusal=why)
        elif isinstance(action, A.Resolve) and any(b.target == action.target for b in state.battles):
            target = action.target
            attackers = self.live_attackers(state, self.battle(state, target))
        elif isinstance(action, A.Roll) and state.stage is not None and state.stage.kind == "roll":
            target, attackers = state.stage.target, state.stage.get("attackers")
        o = self.odds(state, target, attackers) if target is not None else None
        if o is None:
            return None
        lines = [PreviewLine(f"{x.unit}: {x.value:g}", "5.3", indent=1) for x in o.attackers + o.defenders]
        lines.append(PreviewLine(f"{o.attack:g} against {o.defense:g}", "5.3"))
        lines += [PreviewLine(sh.reason, sh.rule, f"{sh.columns:+d} column") for sh in o.shifts]
        if o.no_effect:
            outcomes = (Outcome("NE", texts.RESULT_WORDS["NE"], 1.0, "5.3"),)
        else:
            outcomes = tuple(Outcome(code, texts.RESULT_WORDS[code], float(p), "5.4",
                                     COSTLY if code in ("AL", "EX") else HARMLESS)
                             for code, p in sorted(self.crt.distribution(o.final_index).items()))
        return Preview(f"Attack on {hex_name(target)}", "no effect" if o.no_effect else o.column, tuple(lines),
                       outcomes, detail=o)

    def _move_preview(self, state: State, action: A.Move) -> Preview | None:
        if self.check(state, action) is not None:
            return None
        here = state.units[action.unit].hex
        lines, spent = [], 0.0
        for frm, to in zip((here,) + action.path, action.path):
            c = self._step_cost(frm, to)
            spent += c
            rule = "4.4" if self.board.has_side(frm, to, "river") and not self.options["dry_summer"] else "4.1"
            lines.append(PreviewLine(f"{hex_name(to)} {self.board.terrain[to]}", rule, f"{c:g}"))
        ma = self.spec(state, action.unit).ma
        return Preview(f"Move {action.unit}", f"{spent:g} of {ma} MP", tuple(lines))

    def consequence(self, state: State, action: A.Action) -> Consequence | None:
        st = state.stage
        if isinstance(action, A.Retreat) and st is not None and st.kind == "retreat":
            path = next((p for p in self.retreat_options(state, st, action.unit) if p.hexes == action.path), None)
            if path is None:
                return None
            if path.ends_in_ezoc:
                return Consequence("eliminated: the retreat has to end in an enemy zone of control", "5.5", FATAL)
            if path.ezoc_entered:
                return Consequence("loses a step: the path crosses an enemy zone of control", "5.5", COSTLY)
            return Consequence("no loss", "5.5")
        if isinstance(action, A.Loss) and action.unit in state.units:
            u = state.units[action.unit]
            s = self.specs[u.spec]
            if u.steps > 1:
                return Consequence(f"flips to its reduced side ({s.label(u.steps - 1)})", "5.4", COSTLY)
            return Consequence("eliminated: it has no step left", "5.4", FATAL)
        return None
