"""Objective: Kiev rules: the shared phase, movement, battle and replacement machinery
of ``hexwar.core`` plus the Kiev hooks (set-up search, special movement 9.4, untried
mech corps, air support, build-up limits, victory by cities).

Every rule case is cited where it is enforced (``# 10.6 DRL``) and every refusal is
an ``Illegal(rule, reason)`` that the player sees.
"""
from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import replace
from typing import Any

from ...core import actions as A
from ...core.actions import Event
from ...core.battle import BattleMixin
from ...core.board import Board
from ...core.combat import Odds, Shift, StrengthLine, resolve_odds
from ...core.contract import Consequence, StandingLine
from ...core.dice import Dice
from ...core.entry import option_values
from ...core.errors import Illegal
from ...core.game import Result
from ...core.hexgrid import Hex, are_adjacent, hex_name
from ...core.motion import MovementMixin, MoveMode
from ...core.replacement import ReplacementMixin
from ...core.sequence import Handlers, PhasedRules
from ...core.state import Stage, State
from ...core.units import ARRIVING, ELIMINATED, LOST, ON_MAP, UNPLACED, Unit, UnitSpec
from ...loaders.scenario import Piece, Scenario, SetupArea
from . import tables as T
from . import texts, words
from .counting import multisets
from .facts import KievFacts, scrubbed

UNTRIED = "untried"


class KievRules(MovementMixin, BattleMixin, ReplacementMixin, PhasedRules):
    """The rules of Objective: Kiev for one scenario on one board."""

    game_id = T.GAME_ID
    rules_version = 1  # raise when a rules change alters the outcome of recorded actions
    phase_ids = tuple(p.id for p in T.PHASES)  # the sequence of play, in order (4.0, 6.0)
    side_names = T.SIDE_NAMES
    sides = T.SIDES
    CITE = {"over": "5.0", "sequence": "4.0", "move": "9.0", "enemy_hex": "9.1.1", "ezoc_stop": "9.1.2",
            "ezoc_stop_why": "7.1", "combat": "10.0", "once": "10.0", "hexside": "10.2", "long_odds": "10.3",
            "results": "10.6", "advance": "10.7", "overstack": "8.2", "replace": "12.0", "one_step": "12.1",
            "zoc": "7.0", "comm": "12.2, 12.3", "stacking": "8.1"}
    crt = T.CRT_TABLE
    results = T.RESULTS
    retreat_length = T.RETREAT_LENGTH
    retreat_extension = 6  # 10.6 / 8.2: a retreat goes on past an overstacked ending
    scenario: Scenario

    def __init__(self, board: Board, scenario: Scenario, options: dict[str, Any] | None = None) -> None:
        self.board = board
        self.scenario = scenario
        self.options = option_values(T.OPTIONS, options)
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
        self.memo: dict[Any, Any] = board.cache.setdefault(("objective-kiev", id(scenario)), {})
        self._handlers: dict[str, Handlers] = {
            "setup": {A.Place: (self._check_setup_place, self._apply_setup_place)},
            "movement": {A.Move: (self._check_move, self._apply_move)},
            "special": {A.Move: (self._check_move, self._apply_move)},
            "combat": {A.Attack: (self._check_attack, self._apply_attack),
                       A.Resolve: (self._check_resolve, self._apply_resolve)},
            "buildup": {A.Place: (self._check_buildup_place, self._apply_buildup_place),
                        A.Restore: (self._check_restore, self._apply_restore)},
        }

    def _piece_side(self, p: Piece) -> str:
        if p.spec:
            return self.specs[p.spec].side
        if p.pool is None:  # the loader gives every piece a spec or a pool
            raise ValueError(f"{p.id} has neither a spec nor a pool")
        return self.specs[self.scenario.pools[p.pool][0]].side

    def new_state(self, dice: Dice) -> tuple[State, list[Event]]:
        units: dict[str, Unit] = {}
        events: list[Event] = []
        for pool, idents in self.scenario.pools.items():
            order = list(idents)
            dice.shuffle(order)  # 6.0 step 2: the untried corps are mixed face down
            tokens = [p.id for p in self.scenario.pieces if p.pool == pool]
            for tok, ident in zip(tokens, order):
                units[tok] = Unit(tok, ident, UNPLACED, None, 1, revealed=False)
            what = texts.group_words(pool)  # "Soviet mech corps"
            events.append(Event("drawn", f"The {len(tokens)} untried {what} are mixed face down (6.0 step 2).",
                                {"pool": pool}))
        for p in self.scenario.pieces:
            if p.spec is None:  # a token of a pool, dealt above
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

    # ------------------------------------------------------------------ the sequence (4.0)
    def phase(self, state: State) -> T.Phase:
        return T.PHASE[state.phase]

    def phase_handlers(self, kind: str) -> Handlers:
        return self._handlers.get(kind, {})

    def phase_actions(self, state: State, kind: str) -> list[A.Action]:
        if kind == "setup":
            return self._setup_actions(state)
        if kind in ("movement", "special"):
            return self._move_actions(state) + [A.EndPhase()]
        if kind == "combat":
            return self._combat_actions(state)
        if kind == "buildup":
            return self._buildup_actions(state) + [A.EndPhase()]
        return [A.EndPhase()]

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

    # ------------------------------------------------------------------- set-up (6.0)
    def _areas_for(self, uid: str, side: str) -> list[SetupArea]:
        g = self.group.get(uid)
        return [a for a in self.scenario.setup_areas if a.side == side and g in a.groups]

    def _setup_hex_problem(self, state: State, uid: str, h: Hex, placed: dict[Hex, list[str]]) -> Illegal | None:
        """Whether ``uid`` may go on ``h`` given the set-up so far (``placed``: hex -> unit ids)."""
        areas = [a for a in self._areas_for(uid, self.side(uid)) if h in self._area_hexes[a.id]]
        if not areas:
            where = " or ".join(f"{texts.area_words(a)} ({a.rule})" for a in self._areas_for(uid, self.side(uid)))
            why = f"{uid} sets up on {where or 'no hex'}"
            # A hex of another area of this side (a black cross of Romania for a unit of Poland):
            # say which units that area takes.
            other = next((a for a in self.scenario.setup_areas
                          if a.side == self.side(uid) and h in self._area_hexes[a.id]), None)
            if other is not None:
                takes = sorted(p for p, g in self.group.items() if g in other.groups)
                names = ", ".join(takes[:-1]) + " and " + takes[-1] if len(takes) > 1 else "".join(takes)
                why += (f"; {texts.area_words(other)} ({other.rule}) take "
                        + (names if len(takes) <= 6 else texts.group_words(other.groups[0])))
            return Illegal("6.0", why)
        area = areas[0]
        here = placed.get(h, [])
        if len(here) >= area.per_hex[1]:
            return Illegal(area.rule,
                           f"{hex_name(h)} already holds {len(here)} unit(s), the most it may hold at set-up")
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
                out.setdefault(u.map_hex, []).append(u.id)
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

        def cls(uid: str) -> tuple[str, str, str]:
            s = self.spec(state, uid)
            return (self.group.get(uid) or "", s.size, s.nation)

        pools: dict[tuple[str, str, str], list[str]] = {}
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
                known: bool = memo[key]
                return known
            h = hexes[i]
            lo, hi = limits[h]
            n0 = len(fill[i])
            ok = False
            # Try adding k units (k from what the hex still needs up to what it can take).
            for k in range(max(0, lo - n0), max(0, hi - n0) + 1):
                for combo in multisets(len(classes), k):
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

    def _setup_shortfall(self, state: State, side: str, placed: dict[Hex, list[str]], remaining: list[str]) -> str:
        """Which requirement of 6.0 a placement would break (for its refusal): an area whose
        hexes could no longer all be filled, units left with no room, or (else) the armies'
        spacing on the front line."""
        areas = [a for a in self.scenario.setup_areas if a.side == side]
        for a in areas:  # every marked hex gets its unit (6.0 steps 3, 4, 7, 8)
            need = sum(max(0, a.per_hex[0] - len(placed.get(h, []))) for h in self._area_hexes[a.id])
            can = [u for u in remaining if self.group.get(u) in a.groups]
            if need > len(can):
                who = " or ".join(texts.group_words(g) for g in a.groups)
                return (f"{need} of {texts.area_words(a)} would still need a unit and only {len(can)} of the {who} "
                        f"would be left to fill them ({a.rule})")
        for g in sorted({self.group.get(u) or "" for u in remaining}):  # every unit gets a hex
            us = [u for u in remaining if self.group.get(u) == g]
            mine = [a for a in areas if g in a.groups]
            room = sum(max(0, a.per_hex[1] - len(placed.get(h, []))) for a in mine for h in self._area_hexes[a.id])
            if len(us) > room:
                where = " and ".join(texts.area_words(a) for a in mine)
                return (f"{len(us)} {texts.group_words(g)} would be left with room for only {room} on {where} "
                        f"({', '.join(a.rule for a in mine)})")
        if side == "soviet":
            return ("the rest would not fit on the red-star front-line hexes without two armies side by side "
                    "(6.0 step 4), with every army-symbol and mech-corps-symbol hex still filled (6.0 step 3)")
        return "every marked hex must get its unit and every unit a marked hex (6.0 steps 7-8)"

    def _unplaced(self, state: State, side: str) -> list[str]:
        return sorted(u.id for u in state.units.values() if u.where == UNPLACED and self.side(u.id) == side)

    def _setup_actions(self, state: State) -> list[A.Action]:
        side = self._phase_side(state)
        rem = self._unplaced(state, side)
        if not rem:
            return [A.EndPhase()]
        out: list[A.Action] = []
        seen: set[tuple[object, ...]] = set()
        for uid in rem:
            s = self.spec(state, uid)
            c: tuple[object, ...]
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
        side = self._phase_side(state)
        u = state.units[act.unit]
        if self.side(act.unit) != side:
            return Illegal("6.0", f"{act.unit} is not a {T.SIDE_NAMES[side]} unit; "
                                  f"the {T.SIDE_NAMES[side]} player is setting up")
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
            return Illegal("6.0", "after this placement the remaining units could not all be set up: "
                                  + self._setup_shortfall(state, side, placed, rem))
        return None

    def _apply_setup_place(self, state: State, act: A.Place, dice: Dice, ev: list[Event]) -> None:
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

    def _rail_cost(self, frm: Hex, to: Hex) -> float | None:
        return T.RAIL_COST if self.board.has_side(frm, to, "rail") else None  # 9.4.3 along rail only

    def move_modes_named(self, state: State, uid: str, mode: str | None) -> list[MoveMode]:
        ma = self.spec(state, uid).ma
        out: list[MoveMode] = []
        if mode == "full":
            out.append(MoveMode(ma, "normal", self._enter_cost, "9.0"))
        elif mode in ("reserve", "reserve+rail"):  # 9.4.2 reserve: half the allowance
            out.append(MoveMode(ma // 2, "normal", self._enter_cost, "9.4.2",
                                " (reserve movement: half its allowance)"))
        if mode == "reserve+rail":
            # 9.4.3 Soviet rail movement: the whole allowance, but only along connected rail.
            out.append(MoveMode(ma, "rail", self._rail_cost, "9.4.3"))
        return out

    def move_modes(self, state: State, uid: str) -> list[MoveMode]:
        return self.move_modes_named(state, uid, self.move_mode(state, uid))

    def _move_unit_problem(self, state: State, uid: str) -> Illegal | None:
        if self.phase(state).kind == "special" and state.special.get(uid) is None:
            if self.spec(state, uid).kind == "infantry":
                return Illegal("9.4", "infantry that starts the special movement phase in an enemy zone of control "
                                      "may not move")
            return Illegal("9.4", f"{uid} may not move in this phase")
        return None

    def _no_entry_reason(self, mode: MoveMode) -> Illegal:
        return Illegal("9.4.3", "rail movement must follow connected rail lines the whole way")

    # --------------------------------------------------------------------- combat (10.0)
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
            if self.board.has_side(u.map_hex, target, "major_river"):
                v = math.floor(v / 2)
                notes.append("10.4 across a major river: halved, rounded down")
            if terrain == "swamp" and s.kind == "tank":
                v = v / 2
                notes.append("10.4 tank attacking into swamp: halved, fractions kept")
            a_lines.append(StrengthLine(uid, base, v, tuple(notes)))
        d_lines = [StrengthLine(x, self.strength(state, x, False), self.strength(state, x, False)) for x in defenders]
        shifts = []
        if terrain in T.DEFENSE_SHIFT_TERRAIN or (place and place.kind == "major_city"):
            what = ("major city" if place and place.kind == "major_city" and terrain not in T.DEFENSE_SHIFT_TERRAIN
                    else terrain)
            shifts.append(Shift(-1, "10.4", f"defender in {what}"))
        if all(self.board.side_kinds(state.units[x].map_hex, target) & {"river", "major_river"} for x in attackers):
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

    def _before_roll(self, state: State, atk: tuple[str, ...], dfn: list[str], ev: list[Event]) -> None:
        self._reveal(state, atk, "10.1.1, attacking: step 1", ev)
        self._reveal(state, dfn, "10.1.1, defending: step 2", ev)

    def _roll_options(self, state: State, st: Stage) -> list[A.Action]:
        out: list[A.Action] = [A.Roll(None)]
        for m in sorted(self.support):
            if self._check_support(state, st, m) is None:
                out.append(A.Roll(m))
        return out

    def _check_roll(self, state: State, st: Stage, act: A.Roll) -> Illegal | None:
        return None if act.support is None else self._check_support(state, st, act.support)

    def _roll_odds(self, state: State, st: Stage, act: A.Roll) -> Odds:
        o = self.odds(state, st.target_hex, st.get("attackers"), act.support)
        if o is None:  # odds are None only while a unit is untried, and _before_roll reveals them
            raise ValueError(f"no odds for the battle at {hex_name(st.target_hex)}")
        return o

    def _note_roll(self, state: State, st: Stage, act: A.Roll) -> None:
        if act.support:
            state.support_used.add(act.support)

    def _check_support(self, state: State, st: Stage, mid: str) -> Illegal | None:
        m = self.support.get(mid)
        if m is None:
            return Illegal("10.5", f"there is no air support marker {mid!r}")
        if m.side != st.side:
            return Illegal("10.5", "air support may be used only by its own side, and only when attacking")
        if mid in state.support_used:
            return Illegal("10.5", f"{m.name} has already flown this turn; each marker is used once per turn")
        return None

    # ------------------------------------------------------------ build-up (11.0, 12.0)
    def _arrivals(self, state: State, side: str) -> list[str]:
        return sorted(u.id for u in state.units.values()
                      if u.where == ARRIVING and u.arrives == state.turn and self.side(u.id) == side)

    def placement_cities(self, state: State, uid: str) -> set[Hex]:
        """12.2: a rebuilt unit may also enter in a friendly city in communication."""
        if state.units[uid].where != ELIMINATED:
            return set()
        side = self.side(uid)
        comm = self.in_communication(state, side)
        ezoc = self.zoc(state, self.enemy(side))
        return {h for h in self.board.places if state.control.get(h) == side and h in comm and h not in ezoc}

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
        side = self._phase_side(state)
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
        foes = self.side_hexes(state, self.enemy(side))
        if act.hex in foes:
            return Illegal(rule, "that hex holds an enemy unit")
        if self.in_ezoc(state, side, act.hex):
            return Illegal(rule, "units may not be placed in an enemy zone of control")
        if act.hex in self.edge_of(side) or (act.hex in self.board.places and u.where == ELIMINATED
                                           and state.control.get(act.hex) == side
                                           and act.hex in self.in_communication(state, side)):
            bad = self.stack_with(state, act.hex, act.unit)
            if bad:
                return bad
        if u.where == ARRIVING:
            return Illegal("11.0", "reinforcements enter on a hex of their own side's map edge")
        return Illegal(rule, "rebuilt units enter on the friendly map edge or in a friendly city in communication "
                             "with it")

    def _apply_buildup_place(self, state: State, act: A.Place, dice: Dice, ev: list[Event]) -> None:
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
        ev.append(Event("placed",
                        f"{self.public_name(state, act.unit)} enters at {self.board.describe(act.hex)} ({rule}).",
                        {"unit": act.unit, "hex": act.hex}))

    def restore_problem(self, state: State, uid: str) -> Illegal | None:
        side = self.side(uid)
        if state.units[uid].hex not in self.in_communication(state, side):
            edge = "west" if side == "axis" else "east"
            return Illegal("12.2" if side == "soviet" else "12.3",
                           f"a unit must be in communication with the {edge} edge to take a replacement")
        return None

    # ------------------------------------------------------------ phase ends (4.0, 8.2)
    def _check_end(self, state: State) -> Illegal | None:
        p = self.phase(state)
        if p.kind == "setup":
            left = self._unplaced(state, self._phase_side(state))
            if left:
                return Illegal("6.0", f"set up every unit first ({len(left)} still to place)")
            return None
        if p.kind == "combat":
            return self._check_combat_end(state)
        return None

    def _apply_end(self, state: State, ev: list[Event]) -> None:
        p = self.phase(state)
        if p.kind == "combat" and self._commit_battles(state, ev):  # 10.0 battle commitment
            return
        if p.kind == "buildup":
            side = self._phase_side(state)
            for uid in self._arrivals(state, side):  # 11.0: placed on arrival or lost
                u = state.units[uid]
                state.units[uid] = u.at(None, LOST)
                ev.append(Event("lost", f"{self.public_name(state, uid)} was not placed on its turn of arrival "
                                        "and is lost (11.0).", {"unit": uid}))
            if state.steps_left > 0:  # 12.4 use them or lose them
                ev.append(Event("steps_lost", f"{state.steps_left} unused replacement step(s) are lost (12.4).",
                                {"steps": state.steps_left}))
                state.steps_left = 0
        state.touch()
        self._end_phase_penalty_or_advance(state, ev)

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
        self._reset_phase(state)
        if p.kind == "buildup":
            steps = self.scenario.replacements.get(state.turn, {}).get(self._phase_side(state), 0)
            if p.side == "axis" and self.options["no_axis_replacements"]:
                steps = 0  # 13.0 balance option
            state.steps_left = steps
        if p.kind == "special":
            # 9.4: who may move, and how, is fixed by where units stand as the phase starts.
            side = self._phase_side(state)
            for u in state.units.values():
                if u.where != ON_MAP or self.side(u.id) != side:
                    continue
                s = self.spec(state, u.id)
                if s.kind == "tank":
                    state.special[u.id] = "full"  # 9.4.1
                elif not self.in_ezoc(state, side, u.map_hex):
                    rail = side == "soviet" and self.board.is_rail_hex(u.map_hex)
                    state.special[u.id] = "reserve+rail" if rail else "reserve"  # 9.4.2, 9.4.3
        ev.append(Event("phase", f"Turn {state.turn}: {p.name} ({p.rule}).", {"phase": p.id, "turn": state.turn}))

    def lesson_state(self, position: Mapping[str, Any], dice: Dice) -> tuple[State, list[Event]]:
        """A lesson's position (docs/lessons.md; the keys: lesson_setup.py)."""
        from .lesson_setup import lesson_state

        return lesson_state(self, position, dice)

    def judge(self, state: State) -> Result:
        """5.0: count Axis-held cities at the end of the last turn."""
        axis = sum(1 for h in self.board.places if state.control.get(h) == "axis")
        total = len(self.board.places)
        win, draw = self.victory_thresholds()  # 13.0 balance option: one city less
        detail = f"The Axis holds {axis} of {total} cities (needs {win} to win, {draw} to draw)."
        if axis >= win:
            return Result("axis", "Axis victory", detail)
        if axis >= draw:
            return Result(None, "Draw", detail)
        return Result("soviet", "Soviet victory", detail)

    # ----------------------------------------------------- what each option does (the contract)
    # The words themselves live in words.py.
    def option_label(self, state: State, action: A.Action) -> str | None:
        return words.option_label(self, state, action)

    def consequence(self, state: State, action: A.Action) -> Consequence | None:
        return words.consequence(self, state, action) or super().consequence(state, action)

    def decision_words(self, state: State, key: str) -> dict[str, str]:
        return words.decision_words(self, state, key) or super().decision_words(state, key)

    def standing(self, state: State, side: str | None) -> tuple[StandingLine, ...]:
        return words.standing(self, state, side)

    def victory_thresholds(self) -> tuple[int, int]:
        """Cities the Axis needs at the end to win and to draw (5.0; 13.0 option: one less)."""
        win, draw = self.scenario.victory.get("axis_win", 16), self.scenario.victory.get("draw", 15)
        if self.options["axis_needs_one_city_less"]:
            win, draw = win - 1, draw - 1
        return win, draw

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

    # ------------------------------------------------- what a computer player may know
    def public_state(self, state: State, side: str) -> State:
        """The copy of ``state`` either side may know: untried mech corps are hidden from both
        players (6.0, 10.1), so each carries a stand-in identity (``facts.scrubbed``)."""
        return scrubbed(self, state)

    def facts(self, state: State, side: str) -> KievFacts:
        """The game's read-only questions about a public state (``facts.KievFacts``)."""
        return KievFacts(self, state, side)
