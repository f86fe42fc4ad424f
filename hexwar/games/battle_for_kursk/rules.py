"""Battle for Kursk rules: the shared core (``hexwar.core``) plus Kursk's hooks.

What is Kursk's own: the ten-phase turn gated by postures (postures.py), the armor
and rail phase (8.1), marsh and major rivers taking all MP, one unit per hex, the
Kursk odds (9.2: fortifications, rivers, communication, Offensives 9.2.1), the
defender's Stand Fast and fortification options, off-map retreats, replacement
points by type with negative replacements and formation integrity (10.x), mud (11.x),
the Strategic Objective (12.1) and victory points (5.0).

Every rule case is cited where it is enforced and every refusal is an
``Illegal(rule, reason)``.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from dataclasses import replace
from typing import Any, cast

from ...core import actions as A
from ...core.actions import Event
from ...core.battle import BattleMixin
from ...core.board import Board
from ...core.combat import Odds, Shift, StrengthLine, resolve_odds
from ...core.contract import StandingLine
from ...core.dice import Dice
from ...core.entry import option_values
from ...core.errors import Illegal
from ...core.game import Result
from ...core.hexgrid import Hex, are_adjacent, hex_name, neighbors
from ...core.motion import MovementMixin, MoveMode
from ...core.replacement import ReplacementMixin
from ...core.retreat import RetreatPath
from ...core.sequence import Handlers, PhasedRules
from ...core.state import Battle, Stage, State
from ...core.units import ARRIVING, ELIMINATED, ON_MAP, Unit, UnitSpec
from ...loaders.scenario import Campaign, Piece, Scenario
from . import postures as P
from . import tables as T
from .decisions import DecisionHooks
from .facts import KurskFacts
from .offensive import Offensive
from .previews import PreviewHooks
from .replacements import ReplacementRules

ARMOR = "armor"


def _spec_of(p: Piece) -> str:
    """The spec of a piece: every Kursk piece has one (the scenario hides no unit)."""
    if p.spec is None:
        raise ValueError(f"{p.id} has no spec")
    return p.spec


class KurskRules(DecisionHooks, PreviewHooks, P.PostureMixin, ReplacementRules, MovementMixin, BattleMixin,
                 ReplacementMixin, PhasedRules):
    """The rules of Battle for Kursk for one scenario on one board."""

    game_id = T.GAME_ID
    rules_version = 1
    phase_ids = T.PHASE_IDS
    side_names = T.SIDE_NAMES
    sides = T.SIDES
    CITE = {"over": "5.0", "sequence": "4.0", "move": "8.0", "enemy_hex": "8.2.1", "ezoc_stop": "8.3",
            "ezoc_stop_why": "7.1", "combat": "9.0", "once": "9.0", "hexside": "8.2.2", "long_odds": "9.1",
            "results": "9.3", "advance": "9.0", "overstack": "8.2.2", "replace": "10.0", "one_step": "10.1",
            "zoc": "7.1", "comm": "7.3, 10.0", "stacking": "8.2.2"}
    crt = T.CRT_TABLE
    results = T.RESULTS
    retreat_length = T.RETREAT_LENGTH
    retreat_extension = 0  # 9.3 "or else": no path, no retreat; a retreat never goes further

    def __init__(self, board: Board, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.scenario = scenario
        self.options = option_values(T.OPTIONS, options)
        self.camp: Campaign = scenario.extra["campaign"]
        self.specs = scenario.specs
        self.unit_side = {p.id: scenario.specs[_spec_of(p)].side for p in scenario.pieces}
        self.support: dict[str, Any] = {}  # no air support markers (KievRules has some; the client asks)
        self.pool_of: dict[str, str | None] = {}  # no hidden units
        self.region = {s: board.regions.get(self.camp.control_regions[s], frozenset()) for s in self.sides}
        self.forts = [z for z in board.zones if z.kind == "fortification"]
        self.moscow = self._place_hex(self.camp.victory["sudden_death"]["controls"])
        self.memo: dict[Any, Any] = board.cache.setdefault((T.GAME_ID, id(scenario)), {})
        self._handlers: dict[str, Handlers] = {
            "setup": {A.Restore: (self._check_setup_restore, self._apply_setup_restore)},
            "posture": {A.Choose: (self._check_posture, self._apply_posture)},
            "replacement": {A.Place: (self._check_replacement_place, self._apply_replacement_place),
                            A.Restore: (self._check_restore, self._apply_restore)},
            "armor_rail": {A.Move: (self._check_move, self._apply_move)},
            "movement": {A.Move: (self._check_move, self._apply_move)},
            "combat": {A.Attack: (self._check_attack, self._apply_attack),
                       Offensive: (self._check_offensive, self._apply_offensive),
                       A.Resolve: (self._check_resolve, self._apply_resolve)},
        }

    def _place_hex(self, name: str) -> Hex:
        p = self.board.place_named(name)
        if p is None:
            from ...core.errors import DataError
            raise DataError(self.scenario.source, f"no place named {name!r} on map {self.scenario.map}")
        return p.hex

    # ------------------------------------------------------------------ set-up (6.0, 4.0)
    def new_state(self, dice: Dice) -> tuple[State, list[Event]]:
        units: dict[str, Unit] = {}
        events: list[Event] = []
        german_full = any(a["action"] == "all_full" for a in self.camp.setup_adjustments)
        for p in self.scenario.pieces:
            # 6.0: every unit on its printed hex, on the face the rule gives it.
            steps = 2 if p.face == "full" else 1
            if german_full and self.side(p.id) == "german":
                steps = 2  # 4.0 short scenario: every German unit starts full
            units[p.id] = Unit(p.id, _spec_of(p), ON_MAP, self.camp.setup_hex[p.id], steps)
        control = {}
        for h in self.board.places:  # 10.0: each side controls the places on its side of the Start Line
            control[h] = next((s for s in self.sides if h in self.region[s]), self.sides[1])
        state = State(turn=self.camp.start_turn, phase="posture", units=units, control=control)
        self.init_postures(state)
        events.append(Event("setup", f"Every unit is on its printed set-up hex ({self.scenario.title}; 6.0).", {}))
        add = next((a for a in self.camp.setup_adjustments if a["action"] == "add_steps"), None)
        if add is not None:  # 4.0 short scenario: the Russian spends his extra steps first
            state.phase = "russian_setup"
            state.extra["points"] = {"irp": add["infantry"], "arp": add["armor"]}
            events.append(Event("phase", f"Short scenario: the Russian player flips units to full strength with "
                                f"{add['infantry']} infantry and {add['armor']} armor steps (4.0).",
                                {"phase": state.phase}))
        else:
            self._begin_turn(state, events)
        return state, events

    # ------------------------------------------------------------------ queries
    def phase(self, state: State) -> T.Phase:
        return T.PHASE[state.phase]

    def setup_hexes(self, state: State, uid: str) -> list[Hex]:
        """6.0: every unit starts on its printed hex, so there is nothing to place by hand."""
        return []

    def turn_label(self, n: int) -> str:
        return self.camp.labels[n - 1]

    def point_of(self, uid: str) -> str:
        return T.POINT_OF_KIND[self.specs[uid].kind]

    def stack_problem(self, specs: list[UnitSpec]) -> Illegal | None:
        """8.2.2: one unit per hex at the end of every phase (3.4: markers do not count)."""
        if len(specs) > self.camp.stacking_limit:
            return Illegal("8.2.2", "only one unit may be in a hex")
        return None

    def fort_active(self, state: State, h: Hex, side: str) -> bool:
        """9.2: ``h`` lies in an active fortification belt of ``side`` (4.0: active from its turn on)."""
        for z in self.forts:
            if (h in z.hexes and z.props.get("side") == side
                    and self.camp.number(str(z.props.get("active_from"))) <= state.turn):
                return True
        return False

    def comm_blocked(self, state: State, side: str) -> frozenset[Hex]:
        """10.0 In Communication: no enemy unit, enemy zone of control or enemy-controlled city on the path."""
        foe = self.enemy(side)
        cities = frozenset(h for h, s in state.control.items() if s == foe and h in self.board.places)
        return self.side_hexes(state, foe) | self.zoc(state, foe) | cities

    def is_mud(self, state: State) -> bool:
        return bool(state.extra.get("mud"))

    # ---------------------------------------------------------------- the contract
    def phase_handlers(self, kind: str) -> Handlers:
        return self._handlers.get(kind, {})

    def phase_actions(self, state: State, kind: str) -> list[A.Action]:
        if kind == "setup":
            return self._setup_actions(state)
        if kind == "posture":
            return self._posture_actions(state)
        if kind == "replacement":
            return self._replacement_actions(state)
        if kind in ("armor_rail", "movement"):
            return self._move_actions(state) + [A.EndPhase()]
        if kind == "combat":
            return self._combat_actions(state)
        return [A.EndPhase()]

    def acting_side(self, state: State) -> str | None:
        if state.result is None and state.stage is None and self.phase(state).kind == "posture":
            return self.posture_chooser(state)  # 12.0: each player in turn, in secret
        return super().acting_side(state)

    # ------------------------------------------------------------------ movement (8.0, 8.1, 11.1)
    def _normal_cost(self, ma: int) -> Callable[[Hex, Hex], float]:
        def cost(frm: Hex, to: Hex) -> float:
            # 8.0: marsh, and a major river crossed other than by rail, take all of the MP.
            if self.board.terrain[to] in T.ALL_MP_TERRAIN or self.board.has_side(frm, to, "major_river"):
                return ma
            return T.MOVE_COST[self.board.terrain[to]]
        return cost

    def _rail_cost(self, frm: Hex, to: Hex) -> float | None:
        return T.RAIL_COST if self.board.has_side(frm, to, "rail") else None  # 8.1 along connected rail only

    def move_modes(self, state: State, uid: str) -> list[MoveMode]:
        mode = self.move_mode(state, uid)
        ma = self.spec(state, uid).ma
        key = (mode, ma, self.is_mud(state))
        modes = self.memo.setdefault("modes", {})
        if key not in modes:
            modes[key] = self._make_modes(mode, ma, key[2])
        out: list[MoveMode] = modes[key]
        return out

    def _make_modes(self, mode: str | None, ma: int, mud: bool) -> list[MoveMode]:
        if mode == "rail":  # 8.1: the whole allowance along rail, 1 MP a hex; 11.1 mud does not slow it
            return [MoveMode(ma, "rail", self._rail_cost, "8.1")]
        if mode == "full":
            if mud:  # 11.1: one hex per phase
                return [MoveMode(1, "mud", lambda a, b: 1, "11.1", " (mud: one hex per phase)")]
            return [MoveMode(ma, ("normal", ma), self._normal_cost(ma), "8.0")]
        return []

    def move_mode(self, state: State, uid: str) -> str | None:
        """How a unit may move in this phase: "full", "rail" or None (8.0, 8.1)."""
        kind = self.phase(state).kind
        if kind == "movement":
            return "full"
        if kind == "armor_rail":
            return state.special.get(uid)
        return None

    def _move_unit_problem(self, state: State, uid: str) -> Illegal | None:
        if self.phase(state).kind == "armor_rail" and state.special.get(uid) is None:
            return Illegal("8.1", "in this phase only armor moves, and infantry that began it on a rail hex on "
                           "its own side of the Start Line")
        return None

    def move_end_blocked(self, state: State, uid: str) -> frozenset[Hex]:
        key = "occupied"
        if key not in state._cache:  # 8.2.2: no move ends in an occupied hex
            state._cache[key] = frozenset(h for h, us in state.occupied().items() if us)
        out: frozenset[Hex] = state._cache[key]
        return out

    def _cannot_end_reason(self, state: State, uid: str, dest: Hex) -> Illegal:
        return Illegal("8.2.2", "a move may not end in a hex that holds another unit")

    def _no_entry_reason(self, mode: MoveMode) -> Illegal:
        return Illegal("8.1", "rail movement must follow connected rail lines the whole way")

    def _start_armor_rail(self, state: State, side: str) -> None:
        """8.1: who may move is fixed by where units stand as the phase starts."""
        special = {}
        for u in state.units.values():
            if u.where != ON_MAP or self.side(u.id) != side:
                continue
            s = self.specs[u.spec]
            if s.kind == ARMOR:
                special[u.id] = "full"
            elif self.board.is_rail_hex(u.map_hex) and u.map_hex in self.region[side]:
                special[u.id] = "rail"
        state.special = special

    # ------------------------------------------------------------------ combat (9.0)
    def odds(self, state: State, target: Hex, attackers: Iterable[str], offensive: Any = None) -> Odds | None:
        """The odds of a battle with every modifier listed. ``offensive``: (lead, supporters)."""
        attackers = tuple(attackers)
        defenders = [u.id for u in state.units_at(target)]
        if not defenders or not attackers:
            return None
        dside = self.side(defenders[0])
        aside = self.enemy(dside)
        mud = self.is_mud(state)
        a_lines = []
        for uid in attackers:
            u = state.units[uid]
            s = self.specs[u.spec]
            base = s.attack(u.steps)
            v, notes = base, []
            if self.board.terrain.get(u.map_hex) == "marsh":
                v = v / 2
                notes.append("9.2 attacking from marsh: halved, fractions kept")
            if mud and s.kind == ARMOR:
                v = v / 2
                notes.append("11.2 mud: attacking armor halved, fractions kept")
            a_lines.append(StrengthLine(uid, base, v, tuple(notes)))
        d_lines = [StrengthLine(x, self.strength(state, x, False), self.strength(state, x, False)) for x in defenders]
        shifts = []
        terrain = self.board.terrain[target]
        place = self.board.place_at(target)
        if terrain in T.DEFENSE_SHIFT_TERRAIN:
            shifts.append(Shift(-1, "9.2", f"defender in {terrain}"))
        if place is not None and place.kind == "major_city":
            shifts.append(Shift(-1, "9.2", f"defender in a major city ({place.name})"))
        if self.fort_active(state, target, dside):
            shifts.append(Shift(-1, "9.2", "defender in an active friendly fortification"))
        sides_of = [self.board.side_kinds(state.units[x].map_hex, target) for x in attackers]
        if all("major_river" in k for k in sides_of):
            shifts.append(Shift(-2, "9.2", "every attacker is across a major river"))
        elif all(k & {"river", "major_river"} for k in sides_of):
            shifts.append(Shift(-1, "9.2", "every attacker is across a river"))
        lead, support = offensive if offensive else (None, ())
        a_comm = self.in_communication(state, aside)
        d_comm = self.in_communication(state, dside)
        a_out = all(state.units[x].hex not in a_comm for x in attackers + tuple(support))
        d_out = all(state.units[x].hex not in d_comm for x in defenders)
        if a_out and d_out:
            shifts.append(Shift(0, "7.2", "both sides out of communication: the shifts cancel"))
        elif a_out:
            shifts.append(Shift(-1, "7.2", "every attacking unit is out of communication"))
        elif d_out:
            shifts.append(Shift(1, "7.2", "the defender is out of communication"))
        if support:
            n = self.camp.offensives["support_shift"] * len(support)
            shifts.append(Shift(n, "9.2.1", f"Offensive led by {lead}: {len(support)} second-echelon supporter(s)"))
        return resolve_odds(a_lines, d_lines, shifts, T.MIN_ODDS, T.MAX_ODDS, cap_rule="9.1", cap_before_shifts=False)

    def _roll_odds(self, state: State, st: Stage, act: A.Roll) -> Odds:
        b = self.battle(state, st.target_hex)
        off = (b.lead, self.live_support(state, b)) if b.lead else None
        o = self.odds(state, st.target_hex, st.get("attackers"), off)
        if o is None:  # odds are None only without attackers or defenders, and a roll has both
            raise ValueError(f"no odds for the battle at {hex_name(st.target_hex)}")
        return o

    def live_support(self, state: State, b: Battle) -> tuple[str, ...]:
        return tuple(x for x in b.support if state.units[x].where == ON_MAP)

    def loss_pool(self, state: State, target: Hex, atk: tuple[str, ...]) -> tuple[str, ...]:
        """9.2.1: second-echelon supporters may take losses as if in the front line."""
        b = next((x for x in state.battles if x.target == target), None)
        extra = b.support if b is not None else ()
        return tuple(x for x in atk + tuple(extra) if state.units[x].where == ON_MAP)

    def result_options(self, state: State, target: Hex, result: str) -> list[str]:
        """9.3 Stand Fast (major city: DR as one step, no retreat); fortifications: DR or DRL as EX."""
        dfn = state.units_at(target)
        if not dfn:
            return []
        out = []
        place = self.board.place_at(target)
        if result == "DR" and place is not None and place.kind == "major_city":
            out.append("SF")
        if result in ("DR", "DRL") and self.fort_active(state, target, self.side(dfn[0].id)):
            out.append("EX")
        return out

    def retreat_adjacent(self, state: State, uid: str, on_map_only: bool) -> Callable[[Hex], tuple[Hex, ...]]:
        if on_map_only:
            return self.board.adjacent
        edge = self.edge_of(self.side(uid))

        def adjacent(h: Hex) -> tuple[Hex, ...]:
            # 9.3 off the map: only across the unit's own friendly edge.
            if h in edge:
                return self.board.adjacent(h) + tuple(n for n in neighbors(h) if n not in self.board)
            return self.board.adjacent(h) if h in self.board else ()
        return adjacent

    def _retreat_off_map(self, state: State, uid: str, p: RetreatPath, ev: list[Event]) -> None:
        u = state.units[uid]
        state.units[uid] = replace(u.at(None, ARRIVING), arrives=state.turn)
        ev.append(Event("off_map", f"{self.public_name(state, uid)} retreats off its friendly edge; it returns in its "
                        "side's next replacement phase (9.3).", {"unit": uid, "path": p.hexes}))

    def advancers(self, state: State, target: Hex, atk: tuple[str, ...]) -> tuple[str, ...]:
        # 9.0: one unit that attacked from next to the hex (not a second-echelon supporter).
        return tuple(x for x in atk if state.units[x].where == ON_MAP)

    def _attack_options(self, state: State) -> list[A.Action]:
        out = super()._attack_options(state)
        side = self._phase_side(state)
        if self.offensives_free(state, side) <= 0:
            return out
        # 9.2.1: one Offensive per target and eligible lead, with every possible supporter.
        best: dict[Hex, A.Attack] = {}
        for a in out:
            if (isinstance(a, A.Attack)
                    and len(a.attackers) >= len(best.get(a.target, A.Attack(a.target, ())).attackers)):
                best[a.target] = a
        for t, a in sorted(best.items()):
            for lead in a.attackers:
                sup = self.supporters(state, t, lead, a.attackers)
                if sup and self.lead_problem(state, lead) is None:
                    # a verb of this game: the core's Action union lists the core's own only
                    out.append(cast(A.Action, Offensive(t, lead, a.attackers, sup)))
        return out

    def supporters(self, state: State, target: Hex, lead: str, attackers: tuple[str, ...]) -> tuple[str, ...]:
        """Units that may support ``lead``'s Offensive (9.2.1)."""
        side = self.side(lead)
        busy = self.busy_units(state) | set(attackers)
        colour = self.specs[state.units[lead].spec].colour
        here = state.units[lead].map_hex
        out = []
        for n in self.board.adjacent(here):
            for u in state.units_at(n):
                if (self.side(u.id) == side and u.id not in busy and not are_adjacent(n, target)
                        and self.specs[u.spec].colour == colour):
                    out.append(u.id)
        return tuple(sorted(out))

    def lead_problem(self, state: State, lead: str) -> Illegal | None:
        t = self.specs[state.units[lead].spec].type
        if t not in self.camp.offensives["lead_types"]:
            return Illegal("9.2.1", f"{lead} cannot lead an Offensive: the lead unit must be armor or shock")
        return None

    def offensives_free(self, state: State, side: str) -> int:
        n: int = state.extra["available"][side]
        return n

    def _check_offensive(self, state: State, act: Offensive) -> Illegal | None:
        bad = self._check_attack(state, A.Attack(act.target, act.attackers))
        if bad:
            return bad
        side = self._phase_side(state)
        if act.lead not in act.attackers:
            return Illegal("9.2.1", "the lead unit must be one of the units attacking from next to the defender")
        bad = self.lead_problem(state, act.lead)
        if bad:
            return bad
        if self.offensives_free(state, side) <= 0:
            return Illegal("9.2.1", "no Offensive marker is available")
        if not act.support or len(set(act.support)) != len(act.support):
            return Illegal("9.2.1", "name each supporting unit once (an Offensive needs at least one)")
        ok = set(self.supporters(state, act.target, act.lead, act.attackers))
        for uid in act.support:
            if uid not in state.units:
                return Illegal("notation", f"there is no unit {uid!r}")
            if uid in ok:
                continue
            u = state.units[uid]
            if self.side(uid) != side or u.where != ON_MAP:
                return Illegal("9.2.1", f"{uid} is not one of your units on the map")
            if uid in self.busy_units(state) or uid in act.attackers:
                return Illegal("9.0", f"{uid} is already in a battle; a unit takes part in one battle per phase")
            if are_adjacent(u.map_hex, act.target):
                return Illegal("9.2.1", f"{uid} is next to the defender: it attacks, "
                                        "it cannot support from the second echelon")
            if not are_adjacent(u.map_hex, state.units[act.lead].map_hex):
                return Illegal("9.2.1", f"{uid} is not next to the lead unit {act.lead}")
            return Illegal("9.2.1", f"{uid} is not of the lead unit's formation colour")
        return None

    def _apply_offensive(self, state: State, act: Offensive, dice: Dice, ev: list[Event]) -> None:
        side = self._phase_side(state)
        state.battles.append(Battle(act.target, act.attackers, act.lead, act.support))
        self.set_extra(state, "available", side, state.extra["available"][side] - 1)
        ev.append(Event("declared", f"Offensive declared at {hex_name(act.target)}: {act.lead} leads "
                        f"{', '.join(act.attackers)}, supported by {', '.join(act.support)} (9.2.1).",
                        {"target": act.target, "attackers": act.attackers, "lead": act.lead, "support": act.support}))

    def _check_end(self, state: State) -> Illegal | None:
        kind = self.phase(state).kind
        if kind == "combat":
            return self._check_combat_end(state)
        if kind == "setup":
            return self._check_setup_end(state)
        if kind == "posture":
            return Illegal("12.0", "both players choose a posture first")
        if kind == "replacement":
            return self._check_replacement_end(state)
        return None

    def _apply_end(self, state: State, ev: list[Event]) -> None:
        p = self.phase(state)
        if p.kind == "combat" and self._commit_battles(state, ev):  # 9.0 battle commitment
            return
        if p.kind == "replacement" and self._replacement_end(state, ev):
            return
        if p.kind == "setup":
            self._setup_end(state, ev)
        state.touch()
        self._end_phase_penalty_or_advance(state, ev)

    # ------------------------------------------------------------------ the sequence (4.0)
    def _advance_phase(self, state: State, ev: list[Event]) -> None:
        ids = T.PHASE_IDS
        i = ids.index(state.phase)
        while True:
            i += 1
            if ids[i] == "housekeeping":
                # 4.0 phase 10: next turn, or the end of the game.
                if state.turn >= self.camp.last_turn:
                    state.phase = "housekeeping"
                    state.result = self.judge(state)
                    ev.append(Event("game_over", f"Game over: {state.result.level}. {state.result.detail}", {}))
                    return
                state.turn += 1
                state.phase = "posture"
                self._reset_phase(state)
                self._begin_turn(state, ev)
                return
            p = T.PHASE[ids[i]]
            if p.kind == "posture":  # after the short scenario's set-up: turn 1 starts
                state.phase = "posture"
                self._reset_phase(state)
                self._begin_turn(state, ev)
                return
            if not p.needs:
                break
            assert p.side is not None  # a phase a posture opens belongs to one side (tables.PHASES)
            if self.grants(state, p.side, p.needs):
                break
            ev.append(Event("skipped",
                            f"{p.name} is skipped: the {T.SIDE_NAMES[p.side]} posture does not include it (12.0).",
                            {"phase": p.id}))
        state.phase = ids[i]
        self._begin_phase(state, ev)

    def _begin_phase(self, state: State, ev: list[Event]) -> None:
        p = self.phase(state)
        self._reset_phase(state)
        if p.kind == "replacement":
            self._start_replacements(state, self._phase_side(state), ev)
        if p.kind == "armor_rail":
            self._start_armor_rail(state, self._phase_side(state))
        ev.append(Event("phase", f"Turn {self.turn_label(state.turn)}: {p.name} ({p.rule}).",
                        {"phase": p.id, "turn": state.turn}))

    def _begin_turn(self, state: State, ev: list[Event]) -> None:
        """4.0 turn-start checks: mud, Offensive markers, replacements shown, fortifications."""
        t = self.camp.turn(state.turn)
        ev.append(Event("turn", f"Turn {t.label} begins ({t.date}).", {"turn": state.turn, "label": t.label}))
        self.start_posture_segment(state, ev)
        sched = "; ".join(f"{T.SIDE_NAMES[s]} {t.points[s]['irp']:+d} infantry, {t.points[s]['arp']:+d} armor"
                          for s in self.sides)
        ev.append(Event("replacements_scheduled", f"Replacement points on the track this turn, before postures: "
                        f"{sched} (4.0, 10.5).", {"points": t.points}))
        for name in t.fortifications:
            ev.append(Event("fortification", f"The {name} becomes active (4.0, 9.2).", {"zone": name}))

    # ------------------------------------------------------------------ victory (5.0, 12.1)
    def after_action(self, state: State, dice: Dice, ev: list[Event]) -> None:
        if state.result is not None:
            return
        self.check_objective(state, ev)
        if state.control.get(self.moscow) == "german":  # 5.0: Moscow taken, an instant German win
            state.result = Result("german", "German strategic victory", "The Germans control Moscow (5.0).")
            state.stage = None
            ev.append(Event("game_over", f"Game over: {state.result.level}. {state.result.detail}", {}))

    def vp(self, state: State) -> tuple[int, list[str]]:
        """5.0: the VP total (Russian +, German −) and its parts, as if the game ended now."""
        v = self.camp.victory
        sign = v.get("sign", {"russian": 1, "german": -1})
        parts: list[str] = []
        total = 0
        for side, key in (("russian", "german_side"), ("german", "russian_side")):
            names = v["major_cities"].get(key, [])
            held = [n for n in names if (pl := self.board.place_named(n)) and state.control.get(pl.hex) == side]
            total += sign[side] * len(held)
            parts.append(f"{T.SIDE_NAMES[side]} major cities across the Start Line: {len(held)}")
        so = state.extra.get("so_vp", 0)
        if so:
            total += so
            parts.append(f"Strategic Objective: {so:+d}")
        elim = {s: sum(1 for u in state.units.values() if u.where == ELIMINATED and self.side(u.id) == s)
                for s in self.sides}
        if elim["russian"] != elim["german"]:
            fewer = min(self.sides, key=lambda s: elim[s])
            total += sign[fewer]
            parts.append(f"fewer units eliminated: {T.SIDE_NAMES[fewer]} "
                         f"({elim['german']} German, {elim['russian']} Russian)")
        return total, parts

    def lesson_state(self, position: Mapping[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        """A lesson's position (docs/lessons.md; the keys: lesson_setup.py)."""
        from .lesson_setup import lesson_state

        return lesson_state(self, position, dice)

    def score(self, state: State) -> tuple[str, dict[str, float]]:
        """The luck report's course of the game: the victory point total as it stands (5.0),
        Russian points counted plus, German minus."""
        total, _ = self.vp(state)
        return "victory points", {"russian": float(total), "german": float(-total)}

    def judge(self, state: State) -> Result:
        total, parts = self.vp(state)
        for lv in self.camp.victory["levels"]:
            lo, hi = lv.get("min"), lv.get("max")
            if (lo is None or total >= lo) and (hi is None or total <= hi):
                win = lv.get("winner")
                name = "Draw" if win is None else f"{T.SIDE_NAMES[win]} {lv['level']} victory"
                return Result(win, name, f"{total:+d} VP: " + "; ".join(parts) + " (5.0).")
        return Result(None, "Draw", f"{total:+d} VP (5.0).")  # pragma: no cover - the levels cover every total

    def standing(self, state: State, side: str | None) -> tuple[StandingLine, ...]:
        """5.0 at a glance: the VP total (Russian +, German −) as if the game ended now, the
        level it would give, and what it is made of (control and the dead pile are public)."""
        total, parts = self.vp(state)
        level = "Draw"
        for lv in self.camp.victory["levels"]:
            lo, hi = lv.get("min"), lv.get("max")
            if (lo is None or total >= lo) and (hi is None or total <= hi):
                win = lv.get("winner")
                level = "Draw" if win is None else f"{T.SIDE_NAMES[win]} {lv['level']} victory"
                break
        wins: dict[str, list[tuple[int, str]]] = {}
        for lv in self.camp.victory["levels"]:  # each side's levels, by the total nearest 0 that gives it
            lo, hi = lv.get("min"), lv.get("max")
            if lv.get("winner") is None:
                continue
            near = lo if lo is not None and lo > 0 else hi if hi is not None else lo
            if near is not None:
                wins.setdefault(lv["winner"], []).append((int(near), str(lv["level"])))
        bands = sorted(wins.values(), key=len)
        mirror = len(wins) == 2 and sorted((abs(n), w) for n, w in bands[0]) == sorted((abs(n), w) for n, w in bands[1])
        if mirror:  # the same levels both ways: "±1 operational, ±6 strategic"
            target = "0 a draw; " + ", ".join(f"±{abs(n)} {w}" for n, w in sorted(bands[0], key=lambda x: abs(x[0])))
        else:
            target = "0 a draw; " + "; ".join(f"{T.SIDE_NAMES[side]}: " + ", ".join(f"{w} from {n:+d}" for n, w in v)
                                              for side, v in wins.items())
        last = self.turn_label(self.camp.last_turn)
        lines = [StandingLine("Victory points (+ Russian, - German)", f"{total:+d}", target, "5.0"),
                 StandingLine("If the game ended now", level, f"it ends after turn {last}", "5.0")]
        lines += [StandingLine(p.split(":")[0], p.split(":", 1)[1].strip(), "", "5.0") for p in parts if ":" in p]
        lines.append(StandingLine("Moscow", "Russian" if state.control.get(self.moscow) != "german" else "German",
                                  "German control of Moscow wins at once", "5.0"))
        return tuple(lines)

    # ----------------------------------------------------------------------- views
    def facts(self, state: State, side: str) -> KurskFacts:
        """The read-only questions a computer player may ask of a public state (the rules hook)."""
        return KurskFacts(self, state, side)

    def public_name(self, state: State, uid: str) -> str:
        return f"{uid} {self.specs[uid].name}"

    def unit_view(self, state: State, uid: str) -> dict[str, Any]:
        u = state.units[uid]
        s = self.specs[u.spec]
        d: dict[str, Any] = {"id": uid, "side": self.side(uid), "where": u.where,
                             "hex": hex_name(u.hex) if u.hex else None, "steps": u.steps,
                             "spec": u.spec, "name": s.name, "kind": s.kind, "type": s.type, "size": s.size,
                             "label": s.label(u.steps), "nation": s.nation, "max_steps": s.max_steps,
                             "attack": s.attack(u.steps), "defense": s.defense(u.steps), "ma": s.ma,
                             "formation": s.formation, "colour": s.colour}
        if u.where == ARRIVING:
            d["arrives"] = u.arrives
        return d

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        """What a player may see: everything but the other side's unrevealed posture (12.0)."""
        p = self.phase(state)
        st = state.stage
        total, parts = self.vp(state)
        return {
            "game": self.game_id,
            "turn": state.turn,
            "turn_label": self.turn_label(state.turn),
            "turns": self.camp.last_turn,
            "phase": p.id,
            "phase_name": p.name,
            "phase_rule": p.rule,
            "acting": self.acting_side(state),
            "stage": None if st is None else {"kind": st.kind, "side": st.side,
                                              "target": hex_name(st.target) if st.target else None,
                                              "attackers": list(st.get("attackers") or ()),
                                              "units": list(st.get("units") or ()),
                                              "result": st.get("result"), "owed": st.get("owed"),
                                              "options": list(st.get("options") or ())},
            "date": self.camp.turn(state.turn).date,
            "mud": self.is_mud(state),
            "declared": state.declared,
            "units": [self.unit_view(state, uid) for uid in sorted(state.units)],
            "control": {hex_name(h): s for h, s in sorted(state.control.items())},
            "battles": [{"target": hex_name(b.target), "attackers": list(b.attackers), "lead": b.lead,
                         "support": list(b.support), "resolved": b.target in state.resolved} for b in state.battles],
            "points": dict(state.extra.get("points", {})),
            "steps_left": sum(state.extra.get("points", {}).values()),
            "support_available": [],  # no air support markers in this game
            "owed": dict(state.extra.get("owed", {})),
            "fortifications": sorted(z.name for z in self.forts
                                     if self.camp.number(str(z.props.get("active_from"))) <= state.turn),
            **self.posture_view(state, side),
            "vp": total,
            "vp_parts": parts,
            "result": None if state.result is None else {"winner": state.result.winner, "level": state.result.level,
                                                         "detail": state.result.detail},
        }

