"""Moving units in a movement phase: reach, legal moves, checking a path, explaining a refusal.

The game says how a unit may move now as a list of ``MoveMode`` (movement points and
a cost function, e.g. normal movement and rail movement); this mixin does the rest:
enemy units block, entering an enemy zone of control stops, and a move may only end
where ``can_end_move`` allows.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from . import actions as A
from .actions import Event
from .contract import COSTLY, Consequence
from .dice import Dice
from .errors import Illegal
from .hexgrid import Hex, hex_name
from .movement import Reach, path_cost, reachable
from .state import State
from .units import ON_MAP

if TYPE_CHECKING:  # the mixin is combined with PhasedRules, whose queries it uses
    from .sequence import PhasedRules as _Rules
else:
    _Rules = object


@dataclass(frozen=True)
class MoveMode:
    """One way a unit may move now: ``mp`` points over the step costs ``cost(frm, to)``
    (None: no entry). ``key`` names the cost function for the per-board graph memo."""

    mp: float
    key: Any
    cost: Callable[[Hex, Hex], float | None]
    rule: str
    note: str = ""  # shown when the allowance is too small, e.g. "(reserve movement: half …)"


class MovementMixin(_Rules):
    """Needs the PhasedRules queries and a ``move_modes(state, uid)`` hook."""

    def move_modes(self, state: State, uid: str) -> list[MoveMode]:  # pragma: no cover - hook
        raise NotImplementedError

    def _move_unit_problem(self, state: State, uid: str) -> Illegal | None:
        """Hook: why this unit may not move at all in this phase (beyond the common reasons)."""
        return None

    def _graph(self, mode: MoveMode) -> dict[Hex, tuple[tuple[Hex, float], ...]]:
        """hex -> ((neighbour, cost), ...) for one cost function, computed once per board."""
        graphs = self.memo.setdefault("graphs", {})
        g: dict[Hex, tuple[tuple[Hex, float], ...]] | None = graphs.get(mode.key)
        if g is None:
            g = {}
            for a in self.board.terrain:
                steps = []
                for b in self.board.adjacent(a):
                    c = mode.cost(a, b)
                    if c is not None:
                        steps.append((b, c))
                g[a] = tuple(steps)
            graphs[mode.key] = g
        return g

    def move_end_blocked(self, state: State, uid: str) -> frozenset[Hex]:
        """Hook: hexes where no move may end (e.g. occupied ones, with one unit per hex)."""
        return frozenset()

    def can_end_move(self, state: State, uid: str, h: Hex) -> bool:
        return h not in self.move_end_blocked(state, uid)

    def _raw_reach(self, state: State, uid: str, modes: list[MoveMode]) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """Reach before the end-of-move filter. It depends only on where the unit stands, how
        it moves and where the enemy stands (friendly units never block), so it is shared
        between states."""
        u = state.units[uid]
        side = self.side(uid)
        foes = self.side_hexes(state, self.enemy(side))
        memo = self.memo.setdefault("reach", {})
        mkey = (uid, u.spec, u.hex, u.where, _modes_key(modes), foes)
        out: dict[Hex, tuple[float, tuple[Hex, ...]]] | None = memo.get(mkey)
        if out is None:
            if len(memo) > 50_000:
                memo.clear()
            ezoc = self.zoc(state, self.enemy(side))
            out = {}
            if u.where == ON_MAP:
                for m in modes:
                    r: Reach = reachable(u.map_hex, m.mp, stops=ezoc.__contains__, blocked=foes.__contains__,
                                         edges=self._graph(m))
                    for h, path in r.all_paths().items():
                        c = r.cost[h]
                        if h not in out or c < out[h][0]:
                            out[h] = (c, path)
            memo[mkey] = out
        return out

    def reach(self, state: State, uid: str, mode: str | None = None) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """Every hex the unit may move to now: hex -> (MP spent, path)."""
        modes = self.move_modes(state, uid) if mode is None else self.move_modes_named(state, uid, mode)
        key = ("reach", uid, _modes_key(modes))
        if key not in state._cache:
            raw = self._raw_reach(state, uid, modes)
            blocked = self.move_end_blocked(state, uid)
            state._cache[key] = {h: v for h, v in raw.items() if h not in blocked} if blocked else raw
        out: dict[Hex, tuple[float, tuple[Hex, ...]]] = state._cache[key]
        return out

    def _ids_of(self, side: str) -> list[str]:
        """The unit ids of a side, sorted (computed once per scenario)."""
        ids = self.memo.setdefault("ids_of", {})
        if side not in ids:
            ids[side] = sorted(uid for uid, s in self.unit_side.items() if s == side)
        out: list[str] = ids[side]
        return out

    def move_modes_named(self, state: State, uid: str, mode: str) -> list[MoveMode]:
        """Hook for callers that ask for a named mode; by default the current modes."""
        return self.move_modes(state, uid)

    def _move_actions(self, state: State) -> list[A.Action]:
        side = self._phase_side(state)
        out: list[A.Action] = []
        memo = self.memo.setdefault("moves", {})
        units = state.units
        for uid in self._ids_of(side):
            u = units[uid]
            if u.where != ON_MAP or uid in state.moved:
                continue
            if self._move_unit_problem(state, u.id) is not None:
                continue
            raw = self._raw_reach(state, u.id, self.move_modes(state, u.id))
            # Every move of this reach, built and sorted once per reach; the hexes where no
            # move may end now (occupied ones, under a limit of one unit a hex) change with every move, so
            # they are filtered out afterwards instead of keying the memo.
            moves = memo.get(id(raw))
            if moves is None or moves[0] is not raw:
                if len(memo) > 50_000:
                    memo.clear()
                moves = (raw, [A.Move(u.id, path) for h, (_, path) in sorted(raw.items())])
                memo[id(raw)] = moves
            blocked = self.move_end_blocked(state, u.id)
            if blocked and not blocked.isdisjoint(raw):
                out.extend(m for m in moves[1] if m.path[-1] not in blocked)
            else:
                out.extend(moves[1])
        return out

    def _check_move_unit(self, state: State, uid: str) -> Illegal | None:
        side = self.phase(state).side
        u = state.units[uid]
        rule = self.CITE["move"]
        if self.side(uid) != side:
            return Illegal(rule, f"{uid} belongs to the other player")
        if u.where != ON_MAP:
            return Illegal(rule, f"{uid} is not on the map")
        if uid in state.moved:
            return Illegal(rule, f"{uid} has already moved this phase; units move one at a time, once each")
        return self._move_unit_problem(state, uid)

    def why_not_reach(self, state: State, uid: str, dest: Hex) -> Illegal | None:
        if state.stage is not None or uid not in state.units:
            return super().why_not_reach(state, uid, dest)
        return self.why_not_move(state, uid, dest)

    def consequence(self, state: State, action: A.Action) -> Consequence | None:
        """A move's cost in movement points (the figure the map writes on each reachable hex)."""
        if isinstance(action, A.Move) and state.stage is None and action.unit in state.units \
                and state.units[action.unit].where == ON_MAP:
            got = self.reach(state, action.unit).get(action.dest)
            cost = None
            if got is not None and got[1] == action.path:
                cost = got[0]
            elif got is not None:  # a longer legal path than the cheapest (a lesson's route)
                cost = self._legal_path_cost(state, action)
            if cost is not None:
                over = self._ends_overstacked(state, action.unit, action.dest)
                if over:
                    return Consequence(f"{cost:g} MP; {over}", self.CITE.get("overstack", self.CITE["move"]),
                                       COSTLY, figure=f"{cost:g}")
                return Consequence(f"{cost:g} MP", self.CITE["move"], figure=f"{cost:g}")
        return super().consequence(state, action)

    def _ends_overstacked(self, state: State, uid: str, dest: Hex) -> str:
        """Words for a move that would leave ``dest`` over the stacking limit (allowed while moving,
        settled when the phase ends), or ""."""
        stack_with = getattr(self, "stack_with", None)
        if stack_with is None or not state.units_at(dest):
            return ""
        why = stack_with(state, dest, uid)
        if why is None:
            return ""
        return (f"ends overstacked ({why.reason}): a unit must leave that hex before the phase ends, or "
                "the owner removes units from it")

    def _legal_path_cost(self, state: State, act: A.Move) -> float | None:
        """What a legal path other than the cheapest costs (None: the path is not legal)."""
        if self._check_move(state, act) is not None:
            return None
        u = state.units[act.unit]
        side = self.side(act.unit)
        foes = self.side_hexes(state, self.enemy(side))
        ezoc = self.zoc(state, self.enemy(side))
        costs = [c for m in self.move_modes(state, act.unit)
                 for c, _ in [path_cost(u.map_hex, act.path, self.board.adjacent, m.cost, stops=lambda h: h in ezoc,
                                        blocked=lambda h: h in foes)] if c is not None and c <= m.mp + 1e-9]
        return min(costs) if costs else None

    def why_not_move(self, state: State, uid: str, dest: Hex) -> Illegal | None:
        """Why a unit cannot reach ``dest`` (for the UI's hover text); None if it can."""
        if dest in self.reach(state, uid):
            return None
        if dest not in self.board:
            return Illegal(self.CITE["move"], "that hex is not on the map")
        bad = self._check_move_unit(state, uid)
        if bad:
            return bad
        side = self.side(uid)
        foes = self.side_hexes(state, self.enemy(side))
        if dest in foes:
            return Illegal(self.CITE["enemy_hex"], "a unit may never enter a hex holding an enemy unit")
        if not self.can_end_move(state, uid, dest):
            return self._cannot_end_reason(state, uid, dest)
        modes = self.move_modes(state, uid)
        start = state.units[uid].map_hex  # on the map: _check_move_unit said so
        m = modes[0] if modes else None
        if m is not None:
            free = reachable(start, m.mp, self.board.adjacent, m.cost, blocked=foes.__contains__)
            if dest in free.cost:
                return Illegal(self.CITE["ezoc_stop_why"],
                               "enemy zones of control stop movement on entry, so the unit cannot get there")
            wide = reachable(start, 99, self.board.adjacent, m.cost, blocked=foes.__contains__)
            if dest in wide.cost:
                return Illegal(m.rule, f"it would cost {wide.cost[dest]:g} MP; the unit has {m.mp:g} to spend" + m.note)
        return Illegal(self.CITE["enemy_hex"], "no path reaches that hex without entering an enemy-held hex")

    def _cannot_end_reason(self, state: State, uid: str, dest: Hex) -> Illegal:
        return Illegal(self.CITE["move"], "a move may not end there")

    def _check_move(self, state: State, act: A.Move) -> Illegal | None:
        bad = self._check_move_unit(state, act.unit)
        if bad:
            return bad
        rule = self.CITE["move"]
        if not act.path:
            return Illegal(rule, "a move needs at least one hex")
        for h in act.path:
            if h not in self.board:
                return Illegal(rule, f"{hex_name(h)} is not on the map")
        r = self.reach(state, act.unit)
        if act.dest in r and r[act.dest][1] == act.path:
            return None
        # Any other path: check it step by step.
        u = state.units[act.unit]
        side = self.side(act.unit)
        foes = self.side_hexes(state, self.enemy(side))
        ezoc = self.zoc(state, self.enemy(side))
        why = Illegal(rule, "that path is not legal")
        for m in self.move_modes(state, act.unit):
            c, err = path_cost(u.map_hex, act.path, self.board.adjacent, m.cost, stops=lambda h: h in ezoc,
                               blocked=lambda h: h in foes)
            if c is not None and c <= m.mp + 1e-9:
                if self.can_end_move(state, act.unit, act.dest):
                    return None
                why = self._cannot_end_reason(state, act.unit, act.dest)
            elif err == "not adjacent":
                why = Illegal(rule, "each hex of a path must be next to the one before")
            elif err == "blocked":
                why = Illegal(self.CITE["enemy_hex"], "a unit may never enter a hex holding an enemy unit")
            elif err == "stopped":
                why = Illegal(self.CITE["ezoc_stop"], "a unit entering an enemy zone of control must stop there")
            elif err == "no entry":
                why = self._no_entry_reason(m)
            elif c is not None:
                why = Illegal(m.rule, f"the path costs {c:g} MP but the unit may spend only {m.mp:g}")
        return why

    def _no_entry_reason(self, mode: MoveMode) -> Illegal:
        return Illegal(mode.rule, "that path may not be used in this kind of movement")

    def _apply_move(self, state: State, act: A.Move, dice: Dice, ev: list[Event]) -> None:
        u = state.units[act.unit]
        start = u.map_hex
        state.units[act.unit] = u.at(act.dest)
        state.moved.add(act.unit)
        for h in act.path:
            self._take_control(state, act.unit, h, ev)
        ev.append(Event("moved", f"{self.public_name(state, act.unit)} moves {hex_name(start)} → {hex_name(act.dest)}.",
                        {"unit": act.unit, "from": start, "path": act.path}))

    def _take_control(self, state: State, uid: str, h: Hex, ev: list[Event]) -> None:
        """A place belongs to the side whose unit last entered or passed through it."""
        place = self.board.place_at(h)
        side = self.side(uid)
        if place is not None and state.control.get(h) != side:
            state.control[h] = side
            ev.append(Event("control", f"{place.name} passes to the {self.side_names[side]} player.",
                            {"hex": h, "side": side}))


def _modes_key(modes: list[MoveMode]) -> tuple[tuple[Any, float], ...]:
    return tuple((m.key, m.mp) for m in modes)
