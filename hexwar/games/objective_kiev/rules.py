"""Objective: Kiev rules as a phase-driven state machine on the shared core.

Every rule case is cited where it is enforced (``# 10.6 DRL``) and every refusal is
an ``Illegal(rule, reason)`` that the player sees.
"""
from __future__ import annotations

import math
from dataclasses import replace
from itertools import product
from typing import Any, Iterable

from ...core import actions as A
from ...core.actions import Event
from ...core.board import Board
from ...core.combat import Odds, Shift, StrengthLine, resolve_odds
from ...core.comms import reaching_edge
from ...core.errors import Illegal
from ...core.game import Result
from ...core.hexgrid import Hex, are_adjacent, distance, hex_name
from ...core.movement import Reach, path_cost, reachable
from ...core.retreat import RetreatPath, retreat_paths
from ...core.state import Battle, Stage, State
from ...core.units import ARRIVING, ELIMINATED, LOST, ON_MAP, UNPLACED, Unit, UnitSpec
from ...core.zoc import zoc_hexes
from ...loaders.scenario import Scenario
from . import tables as T
from .tables import enemy

UNTRIED = "untried"


class KievRules:
    """The rules of Objective: Kiev for one scenario on one board."""

    game_id = T.GAME_ID
    rules_version = 1  # raise when a rules change alters the outcome of recorded actions
    phase_ids = tuple(p.id for p in T.PHASES)  # the sequence of play, in order (4.0, 6.0)

    def __init__(self, board: Board, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.scenario = scenario
        self.options = {k: v[0] for k, v in T.OPTIONS.items()}
        for k, v in (options or {}).items():
            if k not in T.OPTIONS:
                raise KeyError(k)
            self.options[k] = bool(v)
        self.specs = scenario.specs
        self.pieces = {p.id: p for p in scenario.pieces}
        self.group = {p.id: p.setup for p in scenario.pieces}
        self.pool_of = {p.id: p.pool for p in scenario.pieces}
        self.unit_side = {p.id: self._piece_side(p) for p in scenario.pieces}
        self.support = scenario.support
        self._area_hexes: dict[str, tuple[Hex, ...]] = {}
        for a in scenario.setup_areas:
            hs = [h for h in board.hexes_marked(a.mark)
                  if (a.region is None or board.in_region(h, a.region))
                  and (a.not_region is None or not board.in_region(h, a.not_region))]
            self._area_hexes[a.id] = tuple(sorted(hs))
        self.romania = board.regions.get("Romania", frozenset())
        # Memos shared by every game of this scenario on this board (a loaded record
        # replays with them warm); nothing in them depends on the options.
        self.memo: dict = board.cache.setdefault(("objective-kiev", id(scenario)), {})

    def _piece_side(self, p) -> str:
        if p.spec:
            return self.specs[p.spec].side
        return self.specs[self.scenario.pools[p.pool][0]].side

    # ------------------------------------------------------------------ set-up
    def new_state(self, dice) -> tuple[State, list[Event]]:
        units: dict[str, Unit] = {}
        events: list[Event] = []
        for pool, idents in self.scenario.pools.items():
            order = list(idents)
            dice.shuffle(order)  # 6.0 step 2: the untried corps are mixed face down
            tokens = [p.id for p in self.scenario.pieces if p.pool == pool]
            for tok, ident in zip(tokens, order):
                units[tok] = Unit(tok, ident, UNPLACED, None, 1, revealed=False)
            events.append(Event("drawn", f"The {len(tokens)} untried units of pool {pool} are mixed face down (6.0).",
                                {"pool": pool}))
        for p in self.scenario.pieces:
            if p.pool:
                continue
            spec = self.specs[p.spec]
            steps = spec.max_steps if p.where != ELIMINATED else 1
            units[p.id] = Unit(p.id, p.spec, p.where, None, steps, True, p.arrives)
        control = {}
        default = self.scenario.control.get("", "soviet")
        for h, place in self.board.places.items():
            control[h] = self.scenario.control.get(place.name, default)  # 5.0 initial control
        first = self.scenario.setup_order[0] if self.scenario.setup_order else "soviet"
        state = State(turn=1, phase=f"{first}_setup", units=units, control=control)
        return state, events

    # ------------------------------------------------------------------ queries
    def spec(self, state: State, uid: str) -> UnitSpec:
        return self.specs[state.units[uid].spec]

    def side(self, uid: str) -> str:
        return self.unit_side[uid]

    def phase(self, state: State) -> T.Phase:
        return T.PHASE[state.phase]

    def acting_side(self, state: State) -> str | None:
        if state.result is not None:
            return None
        if state.stage is not None:
            return state.stage.side
        return self.phase(state).side

    def hex_units(self, state: State, h: Hex) -> list[Unit]:
        return state.units_at(h)

    def side_hexes(self, state: State, side: str) -> frozenset[Hex]:
        key = ("hexes", side)
        if key not in state._cache:
            state._cache[key] = frozenset(h for h, us in state.occupied().items() if us and self.side(us[0].id) == side)
        return state._cache[key]

    def zoc(self, state: State, side: str) -> frozenset[Hex]:
        """Hexes in the zone of control of ``side``'s units (7.0: all six neighbours)."""
        key = ("zoc", side)
        if key not in state._cache:
            state._cache[key] = zoc_hexes(self.side_hexes(state, side), self.board.adjacent)
        return state._cache[key]

    def in_ezoc(self, state: State, side: str, h: Hex) -> bool:
        return h in self.zoc(state, enemy(side))

    def in_communication(self, state: State, side: str) -> frozenset[Hex]:
        """12.2/12.3: hexes from which a path reaches the friendly edge, avoiding enemy units and EZOC."""
        key = ("comm", side)
        if key not in state._cache:
            foes = self.side_hexes(state, enemy(side))
            ezoc = self.zoc(state, enemy(side))
            state._cache[key] = reaching_edge(
                self.board.edges.get(self.scenario.sides[side].get("edge", side), frozenset()),
                self.board.adjacent, lambda h: h not in foes and h not in ezoc)
        return state._cache[key]

    def stack_problem(self, specs: list[UnitSpec]) -> Illegal | None:
        """8.1: at most two units, at most one army, never Romanian with Hungarian."""
        if len(specs) > 2:
            return Illegal("8.1", "no more than two units may share a hex")
        if sum(1 for s in specs if s.size == "army") > 1:
            return Illegal("8.1", "no more than one army may be in a hex")
        nations = {s.nation for s in specs}
        if "romanian" in nations and "hungarian" in nations:
            return Illegal("8.1", "Romanian and Hungarian units may never stack together")
        return None

    def stack_with(self, state: State, h: Hex, uid: str, exclude: Iterable[str] = ()) -> Illegal | None:
        ex = set(exclude) | {uid}
        specs = [self.spec(state, u.id) for u in state.units_at(h) if u.id not in ex]
        return self.stack_problem(specs + [self.spec(state, uid)])

    def strength(self, state: State, uid: str, attacking: bool) -> float:
        u = state.units[uid]
        s = self.specs[u.spec]
        return s.attack(u.steps) if attacking else s.defense(u.steps)

    # ---------------------------------------------------------------- the contract
    def legal_actions(self, state: State) -> list[A.Action]:
        if state.result is not None:
            return []
        st = state.stage
        if st is not None:
            return self._stage_actions(state, st)
        kind = self.phase(state).kind
        if kind == "setup":
            return self._setup_actions(state)
        if kind in ("movement", "special"):
            return self._move_actions(state) + [A.EndPhase()]
        if kind == "combat":
            return self._combat_actions(state)
        if kind == "buildup":
            return self._buildup_actions(state) + [A.EndPhase()]
        return [A.EndPhase()]

    def check(self, state: State, action: A.Action) -> Illegal | None:
        if state.result is not None:
            return Illegal("5.0", "the game is over")
        st = state.stage
        for uid in _units_named(action):
            if uid not in state.units:
                return Illegal("notation", f"there is no unit {uid!r}")
        if st is not None:
            return self._check_stage(state, st, action)
        kind = self.phase(state).kind
        pname = self.phase(state).name
        if isinstance(action, A.EndPhase):
            return self._check_end(state)
        if kind == "setup" and isinstance(action, A.Place):
            return self._check_setup_place(state, action)
        if kind in ("movement", "special") and isinstance(action, A.Move):
            return self._check_move(state, action)
        if kind == "combat" and isinstance(action, A.Attack):
            return self._check_attack(state, action)
        if kind == "combat" and isinstance(action, A.Resolve):
            return self._check_resolve(state, action)
        if kind == "buildup" and isinstance(action, A.Place):
            return self._check_buildup_place(state, action)
        if kind == "buildup" and isinstance(action, A.Restore):
            return self._check_restore(state, action)
        return Illegal("4.0", f"'{action.notation().split()[0]}' is not something to do in the {pname} phase")

    def apply(self, state: State, action: A.Action, dice) -> list[Event]:
        ev: list[Event] = []
        st = state.stage
        if st is not None:
            self._apply_stage(state, st, action, dice, ev)
        elif isinstance(action, A.EndPhase):
            self._apply_end(state, ev)
        elif isinstance(action, A.Place):
            if self.phase(state).kind == "setup":
                self._apply_setup_place(state, action, ev)
            else:
                self._apply_buildup_place(state, action, ev)
        elif isinstance(action, A.Move):
            self._apply_move(state, action, ev)
        elif isinstance(action, A.Attack):
            state.battles.append(Battle(action.target, action.attackers))
            ev.append(Event("declared", f"Battle declared at {hex_name(action.target)} by {', '.join(action.attackers)}.",
                            {"target": action.target, "attackers": action.attackers}))
        elif isinstance(action, A.Resolve):
            self._apply_resolve(state, action, dice, ev)
        elif isinstance(action, A.Restore):
            self._apply_restore(state, action, ev)
        state.touch()
        self._autoplay(state, dice, ev)
        return ev

    # ------------------------------------------------------------------- set-up (6.0)
    def _areas_for(self, uid: str, side: str):
        g = self.group.get(uid)
        return [a for a in self.scenario.setup_areas if a.side == side and g in a.groups]

    def _setup_hex_problem(self, state: State, uid: str, h: Hex, placed: dict[Hex, list[str]]) -> Illegal | None:
        """Whether ``uid`` may go on ``h`` given the set-up so far (``placed``: hex -> unit ids)."""
        areas = [a for a in self._areas_for(uid, self.side(uid)) if h in self._area_hexes[a.id]]
        if not areas:
            where = " or ".join(f"{a.mark.replace('_', ' ')} hexes ({a.rule})" for a in self._areas_for(uid, self.side(uid)))
            return Illegal("6.0", f"{uid} sets up on {where or 'no hex'}")
        area = areas[0]
        here = placed.get(h, [])
        if len(here) >= area.per_hex[1]:
            return Illegal(area.rule, f"{hex_name(h)} already holds {len(here)} unit(s), the most it may hold at set-up")
        specs = [self.spec(state, x) for x in here] + [self.spec(state, uid)]
        bad = self.stack_problem(specs)
        if bad:
            return bad
        # 6.0 step 4: an army on a front-line hex may not be next to another army.
        spec = self.spec(state, uid)
        if spec.size == "army" and self.side(uid) == "soviet":
            for hh, ids in placed.items():
                if are_adjacent(hh, h) and any(self.spec(state, x).size == "army" for x in ids):
                    if area.mark == "red_star" or any(
                            hh in self._area_hexes[a.id] and a.mark == "red_star" for a in self.scenario.setup_areas):
                        return Illegal("6.0", f"an army may not set up next to another army ({hex_name(hh)})")
        return None

    def _placed_map(self, state: State, side: str) -> dict[Hex, list[str]]:
        out: dict[Hex, list[str]] = {}
        for u in state.units.values():
            if u.where == ON_MAP and self.side(u.id) == side:
                out.setdefault(u.hex, []).append(u.id)
        return out

    def _setup_feasible(self, state: State, side: str, placed: dict[Hex, list[str]], remaining: list[str]) -> bool:
        """Can the remaining units still be set up so that every marked hex gets its due?

        Searched hex by hex: for each marked hex, which classes of interchangeable units
        (same group, size and nation) to add there. Sub-results are memoized on the rules
        object, since consecutive decisions of a set-up ask nearly the same questions.
        """
        areas = [a for a in self.scenario.setup_areas if a.side == side]
        limits: dict[Hex, tuple[int, int]] = {}
        for a in areas:
            for h in self._area_hexes[a.id]:
                limits.setdefault(h, a.per_hex)
        hexes = sorted(limits)

        def cls(uid: str) -> tuple:
            s = self.spec(state, uid)
            return (self.group.get(uid) or "", s.size, s.nation)

        pools: dict[tuple, list[str]] = {}
        for u in sorted(remaining):
            pools.setdefault(cls(u), []).append(u)
        classes = sorted(pools)
        pl = {h: list(v) for h, v in placed.items()}
        cidx = {c: i for i, c in enumerate(classes)}
        # fill[j]: the classes on hexes[j], as a sorted tuple (the memo key is built from it).
        fill = [tuple(sorted(cidx.get(cls(x), -1) for x in pl.get(h, ()))) for h in hexes]
        key0 = (side, tuple(classes))
        memo = self.memo.setdefault("feasible", {})
        if len(memo) > 200_000:
            memo.clear()

        def dfs(i: int, rem: tuple[int, ...]) -> bool:
            left = sum(rem)
            if i == len(hexes):
                return left == 0
            need = cap = 0
            for j in range(i, len(hexes)):
                n = len(fill[j])
                lo, hi = limits[hexes[j]]
                need += max(0, lo - n)
                cap += max(0, hi - n)
            if need > left or cap < left:
                return False
            key = (key0, i, rem, tuple(fill))
            if key in memo:
                return memo[key]
            h = hexes[i]
            lo, hi = limits[h]
            n0 = len(fill[i])
            ok = False
            # Try adding k units (k from what the hex still needs up to what it can take).
            for k in range(max(0, lo - n0), max(0, hi - n0) + 1):
                for combo in _multisets(len(classes), k):
                    counts = list(rem)
                    added: list[str] = []
                    good = True
                    for ci in combo:
                        if counts[ci] <= 0:
                            good = False
                            break
                        uid = pools[classes[ci]][len(pools[classes[ci]]) - counts[ci]]
                        if self._setup_hex_problem(state, uid, h, pl) is not None:
                            good = False
                            break
                        pl.setdefault(h, []).append(uid)
                        added.append(uid)
                        counts[ci] -= 1
                    if good:
                        before = fill[i]
                        fill[i] = tuple(sorted(before + combo))
                        ok = dfs(i + 1, tuple(counts))
                        fill[i] = before
                    for uid in added:
                        pl[h].remove(uid)
                    if ok:
                        break
                if ok:
                    break
            memo[key] = ok
            return ok

        return dfs(0, tuple(len(pools[c]) for c in classes))

    def _unplaced(self, state: State, side: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.where == UNPLACED and self.side(u.id) == side)

    def _setup_actions(self, state: State) -> list[A.Action]:
        side = self.phase(state).side
        rem = self._unplaced(state, side)
        if not rem:
            return [A.EndPhase()]
        out: list[A.Action] = []
        seen: set = set()
        for uid in rem:
            s = self.spec(state, uid)
            if state.units[uid].revealed:
                c = (self.group.get(uid), s.size, s.nation, s.kind, s.values, True)
            else:
                # 6.0 step 2 / 10.1: an untried token's hidden values must not decide which
                # tokens are listed (that told the players which tokens share a strength).
                c = (self.group.get(uid), self.pool_of.get(uid), False)
            if c in seen:
                continue  # interchangeable with a unit already listed
            seen.add(c)
            for a in self._areas_for(uid, side):
                for h in self._area_hexes[a.id]:
                    act = A.Place(uid, h)
                    if self._check_setup_place(state, act) is None and act not in out:
                        out.append(act)
        return out

    def setup_hexes(self, state: State, uid: str) -> list[Hex]:
        """Every hex where ``uid`` may be set up now (6.0), for the client's highlights."""
        return sorted({h for a in self._areas_for(uid, self.side(uid)) for h in self._area_hexes[a.id]
                       if self._check_setup_place(state, A.Place(uid, h)) is None})

    def _check_setup_place(self, state: State, act: A.Place) -> Illegal | None:
        side = self.phase(state).side
        u = state.units[act.unit]
        if self.side(act.unit) != side:
            return Illegal("6.0", f"{act.unit} is not a {T.SIDE_NAMES[side]} unit; the {T.SIDE_NAMES[side]} player is setting up")
        if u.where != UNPLACED:
            return Illegal("6.0", f"{act.unit} is already set up")
        if act.hex not in self.board:
            return Illegal("6.0", f"{hex_name(act.hex)} is not on the map")
        placed = self._placed_map(state, side)
        bad = self._setup_hex_problem(state, act.unit, act.hex, placed)
        if bad:
            return bad
        placed.setdefault(act.hex, []).append(act.unit)
        rem = [x for x in self._unplaced(state, side) if x != act.unit]
        if not self._setup_feasible(state, side, placed, rem):
            return Illegal("6.0", "after this placement the remaining units could not all be set up as the rules require")
        return None

    def _apply_setup_place(self, state: State, act: A.Place, ev: list[Event]) -> None:
        u = state.units[act.unit]
        state.units[act.unit] = replace(u.at(act.hex), steps=self.specs[u.spec].max_steps)
        state.origin[act.unit] = act.hex
        ev.append(Event("placed", f"{self.public_name(state, act.unit)} sets up at {self.board.describe(act.hex)}.",
                        {"unit": act.unit, "hex": act.hex}))

    # ------------------------------------------------------------------- movement (9.0)
    def move_mode(self, state: State, uid: str) -> str | None:
        """How a unit may move in this phase: full, reserve, reserve+rail, or None (9.4)."""
        kind = self.phase(state).kind
        if kind == "movement":
            return "full"
        if kind == "special":
            return state.special.get(uid)
        return None

    def _enter_cost(self, frm: Hex, to: Hex) -> float:
        if self.board.has_side(frm, to, "rail"):
            return T.RAIL_COST  # 9.3 road movement along a rail line
        return T.MOVE_COST[self.board.terrain[to]]

    def _step_costs(self) -> tuple[dict, dict]:
        """Movement graphs computed once per board: hex -> ((neighbour, MP to enter), ...)
        for ordinary movement, and the same along rail hexsides only (9.4.3)."""
        if "costs" not in self.memo:
            normal: dict = {}
            rail: dict = {}
            for a in self.board.terrain:
                normal[a] = tuple((b, self._enter_cost(a, b)) for b in self.board.adjacent(a))
                rail[a] = tuple((b, T.RAIL_COST) for b in self.board.adjacent(a) if self.board.has_side(a, b, "rail"))
            self.memo["costs"] = (normal, rail)
        return self.memo["costs"]

    def reach(self, state: State, uid: str, mode: str | None = None) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """Every hex the unit may move to now: hex -> (MP spent, path)."""
        mode = mode or self.move_mode(state, uid)
        key = ("reach", uid, mode)
        if key in state._cache:
            return state._cache[key]
        u = state.units[uid]
        side = self.side(uid)
        foes = self.side_hexes(state, enemy(side))
        # A unit's reach depends only on where it stands, how it moves and where the
        # enemy stands (friendly units never block), so it is shared between states.
        memo = self.memo.setdefault("reach", {})
        mkey = (uid, u.spec, u.hex, u.where, mode, foes)
        if mkey in memo:
            state._cache[key] = memo[mkey]
            return memo[mkey]
        if len(memo) > 50_000:
            memo.clear()
        ezoc = self.zoc(state, enemy(side))
        ma = self.spec(state, uid).ma
        out: dict[Hex, tuple[float, tuple[Hex, ...]]] = {}
        if mode is None or u.where != ON_MAP:
            state._cache[key] = out
            return out
        normal, rail = self._step_costs()
        parts: list[tuple[float, Any]] = []
        if mode in ("full", "reserve", "reserve+rail"):
            mp = ma if mode == "full" else ma // 2  # 9.4.2 reserve: half the allowance
            parts.append((mp, normal))
        if mode == "reserve+rail":
            # 9.4.3 Soviet rail movement: the whole allowance, but only along connected rail.
            parts.append((ma, rail))
        for mp, graph in parts:
            r: Reach = reachable(u.hex, mp, stops=ezoc.__contains__, blocked=foes.__contains__, edges=graph)
            for h, path in r.all_paths().items():
                c = r.cost[h]
                if h not in out or c < out[h][0]:
                    out[h] = (c, path)
        state._cache[key] = out
        memo[mkey] = out
        return out

    def _move_actions(self, state: State) -> list[A.Action]:
        side = self.phase(state).side
        out: list[A.Action] = []
        for u in sorted(state.units.values(), key=lambda u: u.id):
            if u.where != ON_MAP or self.side(u.id) != side or u.id in state.moved:
                continue
            r = self.reach(state, u.id)
            memo = self.memo.setdefault("moves", {})
            moves = memo.get(id(r))
            if moves is None or moves[0] is not r:
                if len(memo) > 50_000:
                    memo.clear()
                moves = (r, [A.Move(u.id, path) for _, (_, path) in sorted(r.items())])
                memo[id(r)] = moves
            out.extend(moves[1])
        return out

    def why_not_move(self, state: State, uid: str, dest: Hex) -> Illegal | None:
        """Why a unit cannot reach ``dest`` (for the UI's hover text); None if it can."""
        if dest in self.reach(state, uid):
            return None
        if dest not in self.board:
            return Illegal("9.0", "that hex is not on the map")
        bad = self._check_move_unit(state, uid)
        if bad:
            return bad
        side = self.side(uid)
        if dest in self.side_hexes(state, enemy(side)):
            return Illegal("9.1.1", "a unit may never enter a hex holding an enemy unit")
        mode = self.move_mode(state, uid)
        wide = reachable(state.units[uid].hex, 99, self.board.adjacent, self._enter_cost,
                         blocked=lambda h: h in self.side_hexes(state, enemy(side)))
        free = reachable(state.units[uid].hex, self.spec(state, uid).ma if mode == "full" else self.spec(state, uid).ma // 2,
                         self.board.adjacent, self._enter_cost, blocked=lambda h: h in self.side_hexes(state, enemy(side)))
        if dest in free.cost:
            return Illegal("7.1", "enemy zones of control stop movement on entry, so the unit cannot get there")
        if dest in wide.cost:
            ma = self.spec(state, uid).ma
            allowance = ma if mode == "full" else ma // 2
            return Illegal("9.0" if mode == "full" else "9.4.2",
                           f"it would cost {wide.cost[dest]:g} MP; the unit has {allowance} to spend"
                           + (" (reserve movement: half its allowance)" if mode != "full" else ""))
        return Illegal("9.1.1", "no path reaches that hex without entering an enemy-held hex")

    def _check_move_unit(self, state: State, uid: str) -> Illegal | None:
        side = self.phase(state).side
        u = state.units[uid]
        if self.side(uid) != side:
            return Illegal("9.0", f"{uid} belongs to the other player")
        if u.where != ON_MAP:
            return Illegal("9.0", f"{uid} is not on the map")
        if uid in state.moved:
            return Illegal("9.0", f"{uid} has already moved this phase; units move one at a time, once each")
        if self.phase(state).kind == "special" and state.special.get(uid) is None:
            if self.spec(state, uid).kind == "infantry":
                return Illegal("9.4", "infantry that starts the special movement phase in an enemy zone of control may not move")
            return Illegal("9.4", f"{uid} may not move in this phase")
        return None

    def _check_move(self, state: State, act: A.Move) -> Illegal | None:
        bad = self._check_move_unit(state, act.unit)
        if bad:
            return bad
        if not act.path:
            return Illegal("9.0", "a move needs at least one hex")
        for h in act.path:
            if h not in self.board:
                return Illegal("9.0", f"{hex_name(h)} is not on the map")
        r = self.reach(state, act.unit)
        if act.dest in r and r[act.dest][1] == act.path:
            return None
        # Any other path: check it step by step.
        u = state.units[act.unit]
        side = self.side(act.unit)
        foes = self.side_hexes(state, enemy(side))
        ezoc = self.zoc(state, enemy(side))
        mode = self.move_mode(state, act.unit)
        ma = self.spec(state, act.unit).ma
        tries = []
        if mode in ("full", "reserve", "reserve+rail"):
            tries.append((ma if mode == "full" else ma // 2, self._enter_cost, "9.0" if mode == "full" else "9.4.2"))
        if mode == "reserve+rail":
            tries.append((ma, lambda a, b: T.RAIL_COST if self.board.has_side(a, b, "rail") else None, "9.4.3"))
        why = Illegal("9.0", "that path is not legal")
        for mp, cost, rule in tries:
            c, err = path_cost(u.hex, act.path, self.board.adjacent, cost, stops=lambda h: h in ezoc,
                               blocked=lambda h: h in foes)
            if c is not None and c <= mp + 1e-9:
                return None
            if err == "not adjacent":
                why = Illegal("9.0", "each hex of a path must be next to the one before")
            elif err == "blocked":
                why = Illegal("9.1.1", "a unit may never enter a hex holding an enemy unit")
            elif err == "stopped":
                why = Illegal("9.1.2", "a unit entering an enemy zone of control must stop there")
            elif err == "no entry" and rule == "9.4.3":
                why = Illegal("9.4.3", "rail movement must follow connected rail lines the whole way")
            elif c is not None:
                why = Illegal(rule, f"the path costs {c:g} MP but the unit may spend only {mp}")
        return why

    def _apply_move(self, state: State, act: A.Move, ev: list[Event]) -> None:
        u = state.units[act.unit]
        start = u.hex
        state.units[act.unit] = u.at(act.dest)
        state.moved.add(act.unit)
        for h in act.path:
            self._take_control(state, act.unit, h, ev)
        ev.append(Event("moved", f"{self.public_name(state, act.unit)} moves {hex_name(start)} → {hex_name(act.dest)}.",
                        {"unit": act.unit, "from": start, "path": act.path}))

    def _take_control(self, state: State, uid: str, h: Hex, ev: list[Event]) -> None:
        """5.0: a city belongs to the side whose unit last entered or passed through it."""
        place = self.board.place_at(h)
        side = self.side(uid)
        if place is not None and state.control.get(h) != side:
            state.control[h] = side
            ev.append(Event("control", f"{place.name} passes to the {T.SIDE_NAMES[side]} player.", {"hex": h, "side": side}))

    # --------------------------------------------------------------------- combat (10.0)
    def _combat_actions(self, state: State) -> list[A.Action]:
        if not state.declared:
            return self._attack_options(state) + [A.EndPhase()]
        left = [b.target for b in state.battles if b.target not in state.resolved]
        if left:
            return [A.Resolve(t) for t in left]
        return [A.EndPhase()]

    def _attack_options(self, state: State) -> list[A.Action]:
        side = self.phase(state).side
        declared_targets = {b.target for b in state.battles}
        busy = {x for b in state.battles for x in b.attackers}
        out: list[A.Action] = []
        for target in sorted(self.side_hexes(state, enemy(side))):
            if target in declared_targets:
                continue
            per_hex: list[list[str | None]] = []
            for n in self.board.adjacent(target):
                ids = [u.id for u in state.units_at(n) if self.side(u.id) == side and u.id not in busy
                       and self._attacker_problem(state, u.id, target) is None]
                if ids:
                    per_hex.append([None] + ids)
            for combo in product(*per_hex):
                atk = tuple(sorted(x for x in combo if x))
                if atk:
                    out.append(A.Attack(target, atk))
        return out

    def _attacker_problem(self, state: State, uid: str, target: Hex) -> Illegal | None:
        """10.8 first-turn limits around Romania."""
        if state.turn != 1:
            return None
        side = self.side(uid)
        origin = state.origin.get(uid)
        if side == "axis" and origin in self.romania:
            return Illegal("10.8", f"{uid} set up in Romania and may not attack on turn 1")
        if side == "soviet" and target in self.romania and origin not in T.ROMANIA_BORDER_HEXES:
            return Illegal("10.8", "on turn 1 only units that set up at 0708, 0808 or 1110 may attack into Romania")
        return None

    def _check_attack(self, state: State, act: A.Attack) -> Illegal | None:
        side = self.phase(state).side
        if state.declared:
            return Illegal("10.0", "all battles have been declared; no more may be added (battle commitment)")
        if act.target not in self.side_hexes(state, enemy(side)):
            return Illegal("10.0", f"{hex_name(act.target)} holds no enemy unit to attack")
        if any(b.target == act.target for b in state.battles):
            return Illegal("10.0", "each enemy hex may be attacked only once per combat phase")
        if not act.attackers or len(set(act.attackers)) != len(act.attackers):
            return Illegal("10.0", "name each attacking unit once")
        busy = {x for b in state.battles for x in b.attackers}
        from_hexes: set[Hex] = set()
        for uid in act.attackers:
            u = state.units[uid]
            if self.side(uid) != side or u.where != ON_MAP:
                return Illegal("10.0", f"{uid} is not one of your units on the map")
            if uid in busy:
                return Illegal("10.0", f"{uid} already attacks in another battle; each unit attacks once per phase")
            if not are_adjacent(u.hex, act.target):
                return Illegal("10.0", f"{uid} is not next to {hex_name(act.target)}")
            if u.hex in from_hexes:
                return Illegal("10.2", "only one unit may attack across each hexside")
            from_hexes.add(u.hex)
            bad = self._attacker_problem(state, uid, act.target)
            if bad:
                return bad
        return None

    def _check_resolve(self, state: State, act: A.Resolve) -> Illegal | None:
        if not state.declared:
            return Illegal("10.0", "declare all battles first (end the declaration step), then resolve them")
        if not any(b.target == act.target for b in state.battles):
            return Illegal("10.0", f"no battle was declared at {hex_name(act.target)}")
        if act.target in state.resolved:
            return Illegal("10.0", f"the battle at {hex_name(act.target)} has been resolved")
        return None

    def battle(self, state: State, target: Hex) -> Battle:
        return next(b for b in state.battles if b.target == target)

    def live_attackers(self, state: State, b: Battle) -> tuple[str, ...]:
        return tuple(x for x in b.attackers if state.units[x].where == ON_MAP and are_adjacent(state.units[x].hex, b.target))

    def odds(self, state: State, target: Hex, attackers: Iterable[str], support: str | None = None) -> Odds | None:
        """The odds of a battle with every modifier listed (None while a unit is untried)."""
        attackers = tuple(attackers)
        defenders = [u.id for u in state.units_at(target)]
        if not defenders or not attackers:
            return None
        if any(not state.units[x].revealed for x in list(attackers) + defenders):
            return None
        terrain = self.board.terrain[target]
        place = self.board.place_at(target)
        a_lines = []
        for uid in attackers:
            u = state.units[uid]
            s = self.specs[u.spec]
            base = s.attack(u.steps)
            v = base
            notes = []
            if self.side(uid) == "soviet" and s.kind == "tank" and state.turn in T.COUNTERATTACK \
                    and self.phase(state).side == "soviet":
                v = v * T.COUNTERATTACK[state.turn]
                notes.append(f"10.9 Soviet Counterattack ×{T.COUNTERATTACK[state.turn]:g}")
            if self.board.has_side(u.hex, target, "major_river"):
                v = math.floor(v / 2)
                notes.append("10.4 across a major river: halved, rounded down")
            if terrain == "swamp" and s.kind == "tank":
                v = v / 2
                notes.append("10.4 tank attacking into swamp: halved, fractions kept")
            a_lines.append(StrengthLine(uid, base, v, tuple(notes)))
        d_lines = [StrengthLine(x, self.strength(state, x, False), self.strength(state, x, False)) for x in defenders]
        shifts = []
        if terrain in T.DEFENSE_SHIFT_TERRAIN or (place and place.kind == "major_city"):
            what = "major city" if place and place.kind == "major_city" and terrain not in T.DEFENSE_SHIFT_TERRAIN else terrain
            shifts.append(Shift(-1, "10.4", f"defender in {what}"))
        if all(self.board.side_kinds(state.units[x].hex, target) & {"river", "major_river"} for x in attackers):
            shifts.append(Shift(-1, "10.4", "every attacker is across a river"))
        if support:
            m = self.support[support]
            shifts.append(Shift(m.shift, "10.5", f"air support ({m.name})"))
        return resolve_odds(a_lines, d_lines, shifts, T.MIN_ODDS, T.MAX_ODDS, cap_rule="10.3")

    def _reveal(self, state: State, ids: Iterable[str], rule: str, ev: list[Event]) -> None:
        for uid in ids:
            u = state.units[uid]
            if not u.revealed:
                state.units[uid] = replace(u, revealed=True)
                s = self.specs[u.spec]
                ev.append(Event("revealed", f"{uid} is revealed as the {s.name}, {s.label(u.steps)} ({rule}).",
                                {"unit": uid, "spec": u.spec}))

    def _apply_resolve(self, state: State, act: A.Resolve, dice, ev: list[Event]) -> None:
        b = self.battle(state, act.target)
        atk = self.live_attackers(state, b)
        dfn = [u.id for u in state.units_at(b.target)]
        if not atk or not dfn:
            state.resolved.append(b.target)
            ev.append(Event("cancelled", f"The battle at {hex_name(b.target)} is off: "
                            + ("no attacker is left." if not atk else "no defender is left."), {"target": b.target}))
            return
        self._reveal(state, atk, "10.1.1, attacking: step 1", ev)
        self._reveal(state, dfn, "10.1.1, defending: step 2", ev)
        state.stage = Stage("roll", self.side(atk[0]), b.target, (("attackers", atk),))

    # ----------------------------------------------------------------- stages of a battle
    def _stage_actions(self, state: State, st: Stage) -> list[A.Action]:
        if st.kind == "roll":
            out: list[A.Action] = [A.Roll(None)]
            for m in sorted(self.support):
                if self._check_support(state, st, m) is None:
                    out.append(A.Roll(m))
            return out
        if st.kind in ("defender_loss", "exchange_loss", "attacker_loss"):
            return [A.Loss(x) for x in st.get("units")]
        if st.kind == "retreat":
            uid = st.get("units")[0]
            return [A.Retreat(uid, p.hexes) for p in self.retreat_options(state, st, uid)]
        if st.kind == "advance":
            return [A.Advance(x) for x in st.get("units")] + [A.Advance(None)]
        if st.kind == "overstack":
            return [A.Remove(x) for x in st.get("units")]
        return []

    def _check_support(self, state: State, st: Stage, mid: str) -> Illegal | None:
        m = self.support.get(mid)
        if m is None:
            return Illegal("10.5", f"there is no air support marker {mid!r}")
        if m.side != st.side:
            return Illegal("10.5", "air support may be used only by its own side, and only when attacking")
        if mid in state.support_used:
            return Illegal("10.5", f"{m.name} has already flown this turn; each marker is used once per turn")
        return None

    def _check_stage(self, state: State, st: Stage, act: A.Action) -> Illegal | None:
        names = {"roll": "roll the die", "defender_loss": "choose the defending unit that loses a step",
                 "exchange_loss": "choose attacking units to lose steps for the exchange",
                 "attacker_loss": "choose the attacking unit that loses a step",
                 "retreat": "choose a retreat path", "advance": "advance a unit or decline",
                 "overstack": "remove units from an overstacked hex"}
        rule = {"roll": "10.0", "defender_loss": "10.6", "exchange_loss": "10.6", "attacker_loss": "10.6",
                "retreat": "10.6", "advance": "10.7", "overstack": "8.2"}[st.kind]
        expected = {"roll": A.Roll, "defender_loss": A.Loss, "exchange_loss": A.Loss, "attacker_loss": A.Loss,
                    "retreat": A.Retreat, "advance": A.Advance, "overstack": A.Remove}[st.kind]
        if not isinstance(act, expected):
            return Illegal(rule, f"first {names[st.kind]} ({T.SIDE_NAMES[st.side]} player)")
        if isinstance(act, A.Roll):
            return None if act.support is None else self._check_support(state, st, act.support)
        if isinstance(act, (A.Loss, A.Remove)):
            if act.unit not in st.get("units"):
                return Illegal(rule, f"{act.unit} cannot be chosen: choose one of {', '.join(st.get('units'))}")
            return None
        if isinstance(act, A.Retreat):
            first = st.get("units")[0]
            if act.unit != first:
                return Illegal("10.6", f"retreat {first} first")
            opts = self.retreat_options(state, st, first)
            if any(p.hexes == act.path for p in opts):
                return None
            return self._why_not_retreat(state, st, first, act.path, opts)
        if isinstance(act, A.Advance):
            if act.unit is not None and act.unit not in st.get("units"):
                return Illegal("10.7", "only a unit that attacked in this battle may advance")
            return None
        return Illegal(rule, "not now")

    def retreat_options(self, state: State, st: Stage, uid: str) -> list[RetreatPath]:
        key = ("retreat", uid)
        if key not in state._cache:
            side = self.side(uid)
            foes = self.side_hexes(state, enemy(side))
            ezoc = self.zoc(state, enemy(side))
            state._cache[key] = retreat_paths(
                state.units[uid].hex, T.RETREAT_LENGTH, self.board.adjacent,
                enemy_at=lambda h: h in foes, in_ezoc=lambda h: h in ezoc,
                can_end=lambda h: self.stack_with(state, h, uid) is None)
        return state._cache[key]

    def _why_not_retreat(self, state: State, st: Stage, uid: str, path: tuple[Hex, ...], opts) -> Illegal:
        origin = state.units[uid].hex
        side = self.side(uid)
        for i, h in enumerate(path):
            if h not in self.board:
                return Illegal("10.6", f"{hex_name(h)} is not on the map")
            prev = origin if i == 0 else path[i - 1]
            if not are_adjacent(prev, h):
                return Illegal("10.6", "each hex of a retreat must be next to the one before")
            if distance(origin, h) != i + 1:
                return Illegal("10.6", "each hex of a retreat must take the unit one hex further from the battle")
            if h in self.side_hexes(state, enemy(side)):
                return Illegal("10.6", "a unit may never retreat into an enemy-held hex")
        if len(path) < T.RETREAT_LENGTH:
            return Illegal("10.6", f"the retreat must be {T.RETREAT_LENGTH} hexes long")
        if self.stack_with(state, path[-1], uid) is not None:
            return Illegal("10.6", "the retreat must end where the stacking limit allows")
        if opts and len(path) > len(opts[0].hexes):
            return Illegal("10.6", "a retreat goes further only when every shorter ending would overstack")
        return Illegal("10.6", "a path that avoids enemy zones of control better exists; the retreat must use it")

    def _lose_step(self, state: State, uid: str, ev: list[Event], why: str) -> tuple[float, float]:
        """Flip or eliminate a unit; returns (attack points lost, defense points lost)."""
        u = state.units[uid]
        s = self.specs[u.spec]
        a0, d0 = s.attack(u.steps), s.defense(u.steps)
        if u.steps > 1:
            state.units[uid] = replace(u, steps=u.steps - 1, revealed=True)
            ev.append(Event("reduced", f"{self.public_name(state, uid)} loses a step and is flipped to {s.label(u.steps - 1)} ({why}).",
                            {"unit": uid, "side": self.side(uid), "steps": u.steps - 1}))
            return a0 - s.attack(u.steps - 1), d0 - s.defense(u.steps - 1)
        self._eliminate(state, uid, ev, why)
        return a0, d0

    def _eliminate(self, state: State, uid: str, ev: list[Event], why: str) -> None:
        u = state.units[uid]
        # 12.0: a mech corps stays known once it leaves the map.
        state.units[uid] = replace(u.at(None, ELIMINATED), steps=1, revealed=True)
        if not u.revealed:
            ev.append(Event("revealed", f"{uid} was the {self.specs[u.spec].name}.", {"unit": uid, "spec": u.spec}))
        ev.append(Event("eliminated", f"{self.public_name(state, uid)} is eliminated ({why}).",
                        {"unit": uid, "side": self.side(uid), "steps": u.steps if u.where == ON_MAP else 0}))

    def _apply_stage(self, state: State, st: Stage, act: A.Action, dice, ev: list[Event]) -> None:
        if isinstance(act, A.Roll):
            self._apply_roll(state, st, act, dice, ev)
        elif isinstance(act, A.Loss):
            self._apply_loss(state, st, act, ev)
        elif isinstance(act, A.Retreat):
            self._apply_retreat(state, st, act, ev)
        elif isinstance(act, A.Advance):
            if act.unit is not None:
                u = state.units[act.unit]
                state.units[act.unit] = u.at(st.target)
                self._take_control(state, act.unit, st.target, ev)
                ev.append(Event("advanced", f"{self.public_name(state, act.unit)} advances into {hex_name(st.target)} (10.7).",
                                {"unit": act.unit, "hex": st.target}))
            self._finish_battle(state, st.target, ev)
        elif isinstance(act, A.Remove):
            self._eliminate(state, act.unit, ev, "8.2 overstacked at the end of the phase")
            state.stage = None
            state.touch()
            self._end_phase_penalty_or_advance(state, ev)

    def _apply_roll(self, state: State, st: Stage, act: A.Roll, dice, ev: list[Event]) -> None:
        target = st.target
        atk = st.get("attackers")
        o = self.odds(state, target, atk, act.support)
        if act.support:
            state.support_used.add(act.support)
        data = {"target": target, "odds": o, "lines": o.lines(), "side": st.side}
        if o.no_effect:
            data.update(result="NE", below_1_1=True)
            ev.append(Event("combat", f"Battle at {hex_name(target)}: below 1:1 after shifts, no effect (10.3).", data))
            self._finish_battle(state, target, ev)
            return
        roll = dice.roll(6)
        result = T.CRT_TABLE.lookup(o.final_index, roll)
        ev.append(Event("die_rolled", f"Die roll {roll}.", {"roll": roll, "side": st.side}))
        ev.append(Event("combat", f"Battle at {hex_name(target)}: {o.column}, roll {roll}: {result} — {T.RESULTS[result]}.",
                        {**data, "roll": roll, "result": result}))
        state.attacked.update(atk)
        self._start_result(state, target, atk, result, ev)

    def _start_result(self, state: State, target: Hex, atk: tuple[str, ...], result: str, ev: list[Event]) -> None:
        dside = self.side(state.units_at(target)[0].id)
        aside = enemy(dside)
        dfn = tuple(u.id for u in state.units_at(target))
        base = (("attackers", atk), ("result", result))
        if result == "NE":
            self._finish_battle(state, target, ev)
        elif result == "DE":  # 10.6 DE
            for x in dfn:
                self._eliminate(state, x, ev, "10.6 DE")
            self._after_defender_gone(state, target, atk, ev)
        elif result == "DR":  # 10.6 DR
            state.stage = Stage("retreat", aside, target, base + (("units", dfn),))
        elif result in ("DRL", "EX"):  # 10.6 DRL / EX: one defending unit loses a step first
            state.stage = Stage("defender_loss", dside, target, base + (("units", dfn),))
        elif result == "AL":  # 10.6 AL: one attacker (attacker's choice) loses a step
            state.stage = Stage("attacker_loss", aside, target, base + (("units", atk),))

    def _apply_loss(self, state: State, st: Stage, act: A.Loss, ev: list[Event]) -> None:
        target = st.target
        atk = st.get("attackers")
        result = st.get("result")
        if st.kind == "defender_loss":
            _, dlost = self._lose_step(state, act.unit, ev, f"10.6 {result}")
            state.stage = None
            state.touch()
            if result == "EX":
                # 10.6 EX: the attacker loses at least as many (printed) attack points.
                live = tuple(x for x in atk if state.units[x].where == ON_MAP)
                ev.append(Event("exchange", f"Exchange: the attacker owes {dlost:g} strength points (10.6 EX).",
                                {"owed": dlost}))
                if live and dlost > 0:
                    state.stage = Stage("exchange_loss", self.side(atk[0]), target,
                                        (("attackers", atk), ("owed", dlost), ("result", result), ("units", live)))
                    return
            self._retreat_or_gone(state, target, atk, result, ev)
        elif st.kind == "exchange_loss":
            alost, _ = self._lose_step(state, act.unit, ev, "10.6 EX")
            owed = st.get("owed") - alost
            live = tuple(x for x in atk if state.units[x].where == ON_MAP)
            state.touch()
            if owed > 0 and live:
                state.stage = st.with_(owed=owed, units=live)
                return
            ev.append(Event("exchange", "The exchange is paid (10.6 EX).", {}))
            state.stage = None
            self._retreat_or_gone(state, target, atk, result, ev)
        elif st.kind == "attacker_loss":
            self._lose_step(state, act.unit, ev, "10.6 AL")
            self._finish_battle(state, target, ev)

    def _retreat_or_gone(self, state: State, target: Hex, atk, result: str, ev: list[Event]) -> None:
        dfn = tuple(u.id for u in state.units_at(target))
        if dfn:
            state.stage = Stage("retreat", enemy(self.side(dfn[0])), target,
                                (("attackers", atk), ("result", result), ("units", dfn)))
        else:
            self._after_defender_gone(state, target, atk, ev)

    def _apply_retreat(self, state: State, st: Stage, act: A.Retreat, ev: list[Event]) -> None:
        uid = act.unit
        opt = next(p for p in self.retreat_options(state, st, uid) if p.hexes == act.path)
        self._do_retreat(state, uid, opt, ev)
        self._next_retreat(state, st, ev)

    def _do_retreat(self, state: State, uid: str, p: RetreatPath, ev: list[Event]) -> None:
        u = state.units[uid]
        start = u.hex
        if p.ends_in_ezoc:  # 7.2 / 10.6: forced to end in an enemy zone: eliminated
            for h in p.hexes[:-1]:
                self._take_control(state, uid, h, ev)
            self._eliminate(state, uid, ev, "10.6 retreat ended in an enemy zone of control")
            return
        state.units[uid] = u.at(p.end)
        for h in p.hexes:
            self._take_control(state, uid, h, ev)
        ev.append(Event("retreated", f"{self.public_name(state, uid)} retreats {hex_name(start)} → "
                        + " → ".join(hex_name(h) for h in p.hexes) + ".", {"unit": uid, "path": p.hexes}))
        if p.ezoc_entered:  # 7.2 / 10.6: retreating through an enemy zone costs one step
            self._lose_step(state, uid, ev, "10.6 retreat through an enemy zone of control")

    def _next_retreat(self, state: State, st: Stage, ev: list[Event]) -> None:
        state.touch()
        rest = tuple(x for x in st.get("units")[1:] if state.units[x].where == ON_MAP and state.units[x].hex == st.target)
        if rest:
            state.stage = st.with_(units=rest)
            return
        state.stage = None
        self._after_defender_gone(state, st.target, st.get("attackers"), ev)

    def _after_defender_gone(self, state: State, target: Hex, atk, ev: list[Event]) -> None:
        state.touch()
        if state.units_at(target):
            self._finish_battle(state, target, ev)
            return
        live = tuple(x for x in atk if state.units[x].where == ON_MAP)
        if live:  # 10.7 advance after combat: one attacking unit may move in
            state.stage = Stage("advance", self.side(live[0]), target, (("units", live),))
        else:
            self._finish_battle(state, target, ev)

    def _finish_battle(self, state: State, target: Hex, ev: list[Event]) -> None:
        state.stage = None
        if target not in state.resolved:
            state.resolved.append(target)
        state.touch()

    def _autoplay(self, state: State, dice, ev: list[Event]) -> None:
        """Carry out steps that leave no choice: one unit to lose a step, one retreat path, none at all."""
        for _ in range(100):
            st = state.stage
            if st is None:
                return
            if st.kind == "retreat":
                uid = st.get("units")[0]
                opts = self.retreat_options(state, st, uid)
                if not opts:  # 10.6 "or else": no legal retreat path
                    self._eliminate(state, uid, ev, "10.6 no legal retreat path")
                    self._next_retreat(state, st, ev)
                    continue
                if len(opts) == 1:
                    self._do_retreat(state, uid, opts[0], ev)
                    self._next_retreat(state, st, ev)
                    continue
                return
            if st.kind in ("defender_loss", "exchange_loss", "attacker_loss") and len(st.get("units")) == 1:
                self._apply_loss(state, st, A.Loss(st.get("units")[0]), ev)
                continue
            return

    # ------------------------------------------------------------ build-up (11.0, 12.0)
    def _arrivals(self, state: State, side: str) -> list[str]:
        return sorted(u.id for u in state.units.values()
                      if u.where == ARRIVING and u.arrives == state.turn and self.side(u.id) == side)

    def _edge(self, side: str) -> frozenset[Hex]:
        return self.board.edges.get(self.scenario.sides[side].get("edge", side), frozenset())

    def placement_hexes(self, state: State, uid: str) -> list[Hex]:
        """Hexes where a reinforcement (11.0) or a rebuilt unit (12.2, 12.3) may be placed now."""
        side = self.side(uid)
        u = state.units[uid]
        foes = self.side_hexes(state, enemy(side))
        ezoc = self.zoc(state, enemy(side))
        cand = set(self._edge(side))
        if u.where == ELIMINATED:  # 12.2: also a friendly city in communication
            comm = self.in_communication(state, side)
            cand |= {h for h in self.board.places if state.control.get(h) == side and h in comm}
        return sorted(h for h in cand if h not in foes and h not in ezoc and self.stack_with(state, h, uid) is None)

    def _replacement_limit(self, state: State, uid: str) -> Illegal | None:
        s = self.spec(state, uid)
        side = self.side(uid)
        if side == "axis" and self.options["axis_panzer_replacements_odd_turns"] and s.nation == "german" \
                and s.kind == "tank" and state.turn % 2 == 0:
            return Illegal("13.0", "balance option: German panzer corps take replacements only on turns 3, 5 and 7")
        if state.steps_left <= 0:
            return Illegal("12.0", "no replacement steps are left this phase")
        return None

    def _buildup_actions(self, state: State) -> list[A.Action]:
        side = self.phase(state).side
        out: list[A.Action] = []
        for uid in self._arrivals(state, side):
            out += [A.Place(uid, h) for h in self.placement_hexes(state, uid)]
        if state.steps_left > 0:
            for u in sorted(state.units.values(), key=lambda u: u.id):
                if self.side(u.id) != side:
                    continue
                if u.where == ELIMINATED and self._check_rebuild(state, u.id) is None:
                    out += [A.Place(u.id, h) for h in self.placement_hexes(state, u.id)]
                elif u.where == ON_MAP and self._check_restore(state, A.Restore(u.id)) is None:
                    out.append(A.Restore(u.id))
        return out

    def _check_rebuild(self, state: State, uid: str) -> Illegal | None:
        s = self.spec(state, uid)
        if "never_replaced" in s.flags:  # 12.0: the 4th Mech Corps
            return Illegal("12.0", f"the {s.name} can never be replaced once destroyed")
        if self.pool_of.get(uid) and state.mech_rebuilt_turn == state.turn:
            return Illegal("12.0", "only one mechanized corps may be rebuilt per turn")
        return self._replacement_limit(state, uid)

    def _check_buildup_place(self, state: State, act: A.Place) -> Illegal | None:
        side = self.phase(state).side
        u = state.units[act.unit]
        if self.side(act.unit) != side:
            return Illegal("11.0", f"{act.unit} belongs to the other player")
        if u.where == ARRIVING:
            if u.arrives != state.turn:
                return Illegal("11.0", f"{act.unit} arrives on turn {u.arrives}")
        elif u.where == ELIMINATED:
            bad = self._check_rebuild(state, act.unit)
            if bad:
                return bad
        else:
            return Illegal("12.0", f"{act.unit} is not waiting to come onto the map")
        if act.hex in self.placement_hexes(state, act.unit):
            return None
        rule = "11.0" if u.where == ARRIVING else ("12.3" if side == "axis" else "12.2")
        foes = self.side_hexes(state, enemy(side))
        if act.hex in foes:
            return Illegal(rule, "that hex holds an enemy unit")
        if self.in_ezoc(state, side, act.hex):
            return Illegal(rule, "units may not be placed in an enemy zone of control")
        if act.hex in self._edge(side) or (act.hex in self.board.places and u.where == ELIMINATED
                                           and state.control.get(act.hex) == side
                                           and act.hex in self.in_communication(state, side)):
            bad = self.stack_with(state, act.hex, act.unit)
            if bad:
                return bad
        if u.where == ARRIVING:
            return Illegal("11.0", "reinforcements enter on a hex of their own side's map edge")
        return Illegal(rule, "rebuilt units enter on the friendly map edge or in a friendly city in communication with it")

    def _apply_buildup_place(self, state: State, act: A.Place, ev: list[Event]) -> None:
        u = state.units[act.unit]
        if u.where == ELIMINATED:
            state.steps_left -= 1
            state.rebuilt.add(act.unit)
            if self.pool_of.get(act.unit):
                state.mech_rebuilt_turn = state.turn
            rule = "12.0"
        else:
            rule = "11.0"
        steps = 1 if u.where == ELIMINATED else self.specs[u.spec].max_steps  # 12.1 rebuilt units come back reduced
        state.units[act.unit] = replace(u.at(act.hex), steps=steps, revealed=True)
        self._take_control(state, act.unit, act.hex, ev)
        ev.append(Event("placed", f"{self.public_name(state, act.unit)} enters at {self.board.describe(act.hex)} ({rule}).",
                        {"unit": act.unit, "hex": act.hex}))

    def _check_restore(self, state: State, act: A.Restore) -> Illegal | None:
        side = self.phase(state).side
        u = state.units[act.unit]
        s = self.spec(state, act.unit)
        if self.side(act.unit) != side or u.where != ON_MAP:
            return Illegal("12.0", f"{act.unit} is not one of your units on the map")
        if u.steps >= s.max_steps:
            return Illegal("12.0", f"{act.unit} is already at full strength")
        if act.unit in state.rebuilt:
            return Illegal("12.1", "a unit rebuilt this phase cannot also be flipped to full strength in the same phase")
        bad = self._replacement_limit(state, act.unit)
        if bad:
            return bad
        if u.hex not in self.in_communication(state, side):
            edge = "west" if side == "axis" else "east"
            return Illegal("12.2" if side == "soviet" else "12.3",
                           f"a unit must be in communication with the {edge} edge to take a replacement")
        return None

    def _apply_restore(self, state: State, act: A.Restore, ev: list[Event]) -> None:
        u = state.units[act.unit]
        state.units[act.unit] = replace(u, steps=u.steps + 1)
        state.steps_left -= 1
        ev.append(Event("restored", f"{self.public_name(state, act.unit)} returns to full strength (12.0).", {"unit": act.unit}))

    # ------------------------------------------------------------ phase ends (4.0, 8.2)
    def _check_end(self, state: State) -> Illegal | None:
        p = self.phase(state)
        if p.kind == "setup":
            left = self._unplaced(state, p.side)
            if left:
                return Illegal("6.0", f"set up every unit first ({len(left)} still to place)")
            return None
        if p.kind == "combat" and state.declared:
            left = [b.target for b in state.battles if b.target not in state.resolved]
            if left:
                return Illegal("10.0", "resolve every declared battle first: " + ", ".join(hex_name(t) for t in left))
        return None

    def _apply_end(self, state: State, ev: list[Event]) -> None:
        p = self.phase(state)
        if p.kind == "combat" and not state.declared and state.battles:
            state.declared = True  # 10.0 battle commitment
            ev.append(Event("committed", f"{len(state.battles)} battle(s) declared; now resolve them in any order (10.0).", {}))
            return
        if p.kind == "buildup":
            side = p.side
            for uid in self._arrivals(state, side):  # 11.0: placed on arrival or lost
                u = state.units[uid]
                state.units[uid] = u.at(None, LOST)
                ev.append(Event("lost", f"{self.public_name(state, uid)} was not placed on its turn of arrival and is lost (11.0).",
                                {"unit": uid}))
            if state.steps_left > 0:  # 12.4 use them or lose them
                ev.append(Event("steps_lost", f"{state.steps_left} unused replacement step(s) are lost (12.4).",
                                {"steps": state.steps_left}))
                state.steps_left = 0
        state.touch()
        self._end_phase_penalty_or_advance(state, ev)

    def overstacked(self, state: State) -> dict[Hex, list[str]]:
        out = {}
        for h, us in state.occupied().items():
            if us and self.stack_problem([self.specs[u.spec] for u in us]) is not None:
                out[h] = [u.id for u in us]
        return out

    def _end_phase_penalty_or_advance(self, state: State, ev: list[Event]) -> None:
        if self.phase(state).kind != "setup":
            over = self.overstacked(state)
            if over:  # 8.2: the owner removes units until the hex is legal
                h = min(over)
                side = self.side(over[h][0])
                state.stage = Stage("overstack", side, h, (("units", tuple(over[h])),))
                ev.append(Event("overstack", f"{hex_name(h)} is overstacked: the {T.SIDE_NAMES[side]} player removes units (8.2).",
                                {"hex": h}))
                return
        self._advance_phase(state, ev)

    def _advance_phase(self, state: State, ev: list[Event]) -> None:
        cur = state.phase
        if cur.endswith("_setup"):
            order = list(self.scenario.setup_order)
            i = order.index(cur[: -len("_setup")])
            nxt = f"{order[i + 1]}_setup" if i + 1 < len(order) else T.FIRST_PHASE_OF_TURN_1  # 6.0 step 9
        else:
            i = T.TURN_PHASES.index(cur)
            nxt = T.TURN_PHASES[i + 1]
        if nxt == "housekeeping":
            # 4.0 phase 9: next turn, or the end of the game.
            if state.turn >= self.scenario.turns:
                state.phase = nxt
                state.result = self.judge(state)
                ev.append(Event("game_over", f"Game over: {state.result.level}. {state.result.detail}", {}))
                return
            state.turn += 1
            nxt = T.TURN_PHASES[0]
            state.support_used = set()  # 10.5 markers fly once per turn
            ev.append(Event("turn", f"Turn {state.turn} begins ({self.scenario.dates.get(state.turn, '')}).",
                            {"turn": state.turn}))
        state.phase = nxt
        self._begin_phase(state, ev)

    def _begin_phase(self, state: State, ev: list[Event]) -> None:
        p = self.phase(state)
        state.moved = set()
        state.battles = []
        state.resolved = []
        state.declared = False
        state.rebuilt = set()
        state.special = {}
        state.steps_left = 0
        state.touch()
        if p.kind == "buildup":
            steps = self.scenario.replacements.get(state.turn, {}).get(p.side, 0)
            if p.side == "axis" and self.options["no_axis_replacements"]:
                steps = 0  # 13.0 balance option
            state.steps_left = steps
        if p.kind == "special":
            # 9.4: who may move, and how, is fixed by where units stand as the phase starts.
            for u in state.units.values():
                if u.where != ON_MAP or self.side(u.id) != p.side:
                    continue
                s = self.spec(state, u.id)
                if s.kind == "tank":
                    state.special[u.id] = "full"  # 9.4.1
                elif not self.in_ezoc(state, p.side, u.hex):
                    rail = p.side == "soviet" and self.board.is_rail_hex(u.hex)
                    state.special[u.id] = "reserve+rail" if rail else "reserve"  # 9.4.2, 9.4.3
        ev.append(Event("phase", f"Turn {state.turn}: {p.name} ({p.rule}).", {"phase": p.id, "turn": state.turn}))

    def judge(self, state: State) -> Result:
        """5.0: count Axis-held cities at the end of the last turn."""
        axis = sum(1 for h in self.board.places if state.control.get(h) == "axis")
        total = len(self.board.places)
        win, draw = self.scenario.victory.get("axis_win", 16), self.scenario.victory.get("draw", 15)
        if self.options["axis_needs_one_city_less"]:
            win, draw = win - 1, draw - 1  # 13.0 balance option
        detail = f"The Axis holds {axis} of {total} cities (needs {win} to win, {draw} to draw)."
        if axis >= win:
            return Result("axis", "Axis victory", detail)
        if axis >= draw:
            return Result(None, "Draw", detail)
        return Result("soviet", "Soviet victory", detail)

    def result(self, state: State) -> Result | None:
        return state.result

    # ----------------------------------------------------------------------- views
    def public_name(self, state: State, uid: str) -> str:
        u = state.units[uid]
        if not u.revealed:
            return f"{uid} (untried mech corps)"
        return f"{uid} {self.specs[u.spec].name}"

    def unit_view(self, state: State, uid: str) -> dict[str, Any]:
        u = state.units[uid]
        d: dict[str, Any] = {"id": uid, "side": self.side(uid), "where": u.where,
                             "hex": hex_name(u.hex) if u.hex else None, "steps": u.steps}
        if not u.revealed:  # 10.1: hidden from both players until revealed
            d.update(spec=UNTRIED, name="Untried mech corps", kind="tank", size="corps", label="?",
                     nation="soviet", max_steps=1)
        else:
            s = self.specs[u.spec]
            d.update(spec=u.spec, name=s.name, kind=s.kind, size=s.size, label=s.label(u.steps), nation=s.nation,
                     max_steps=s.max_steps, attack=s.attack(u.steps), defense=s.defense(u.steps), ma=s.ma)
        if u.where == ARRIVING:
            d["arrives"] = u.arrives
        return d

    def view(self, state: State, side: str | None) -> dict[str, Any]:
        """What a player may see. Both players see the same in Objective: Kiev: the only
        hidden facts (untried mech corps) are hidden from both (6.0, 10.1)."""
        p = self.phase(state)
        st = state.stage
        return {
            "game": self.game_id,
            "turn": state.turn,
            "turns": self.scenario.turns,
            "phase": p.id,
            "phase_name": p.name,
            "phase_rule": p.rule,
            "acting": self.acting_side(state),
            "stage": None if st is None else {"kind": st.kind, "side": st.side,
                                              "target": hex_name(st.target) if st.target else None,
                                              "attackers": list(st.get("attackers") or ()),
                                              "units": list(st.get("units") or ()),
                                              "result": st.get("result"), "owed": st.get("owed")},
            "date": self.scenario.dates.get(state.turn, ""),
            "declared": state.declared,
            "units": [self.unit_view(state, uid) for uid in sorted(state.units)],
            "control": {hex_name(h): s for h, s in sorted(state.control.items())},
            "battles": [{"target": hex_name(b.target), "attackers": list(b.attackers),
                         "resolved": b.target in state.resolved} for b in state.battles],
            "steps_left": state.steps_left,
            "support_available": sorted(m for m in self.support if m not in state.support_used),
            "result": None if state.result is None else {"winner": state.result.winner, "level": state.result.level,
                                                         "detail": state.result.detail},
        }

    def snapshot(self, state: State) -> dict[str, Any]:
        return state.snapshot()


def _multisets(n: int, k: int) -> list[tuple[int, ...]]:
    """All non-decreasing k-tuples of indexes below n (ways to pick k items of n kinds)."""
    if k == 0:
        return [()]
    return [(i,) + rest for i in range(n) for rest in _multisets(n, k - 1) if not rest or rest[0] >= i]


def _units_named(action: A.Action) -> list[str]:
    if isinstance(action, A.Attack):
        return list(action.attackers)
    u = getattr(action, "unit", None)
    return [u] if isinstance(u, str) else []
