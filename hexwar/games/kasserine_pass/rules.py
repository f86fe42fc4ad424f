"""Kasserine Pass (John Hill, Conflict Games 1972): the rules.

Rule cases are cited by the ids of ../shared/reference/rule-cases/kasserine-pass.txt
(``KP-...``) and the decisions of docs/kasserine-pass/rules-decisions.md (``D1`` ...).
"""
from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Any, Iterable

from ...core import actions as A
from ...core.actions import Event
from ...core.board import Board
from ...core.combat import odds_ratio, semi_cumulative
from ...core.combat import ratio_label as odds_label
from ...core.combat import shift_ratio as shift_odds
from ...core.dice import roll_dice
from ...core.errors import DataError, Illegal
from ...core.game import Result
from ...core.hexgrid import Hex, distance, hex_name
from ...core.movement import path_cost, reach_paths
from ...core.retreat import RetreatPath, retreat_within_mp
from ...core.stacking import stack_legal
from ...core.state import Stage
from ...core.units import ARRIVING, ELIMINATED, LOST, ON_MAP, Unit, UnitSpec
from ...loaders.kasserine import KPScenario, KPSpec, place_props
from . import verbs as V
from .state import Carry, KBattle, KPState

GAME_ID = "kasserine-pass"
SIDES = ("axis", "allied")
PHASES = ("german_move", "german_combat", "allied_move", "allied_combat")
PHASE_SIDE = {"german_move": "axis", "german_combat": "axis", "allied_move": "allied", "allied_combat": "allied"}
PHASE_NAME = {"german_move": "German movement", "german_combat": "German combat",
              "allied_move": "Allied movement", "allied_combat": "Allied combat"}
PASS_TYPES = frozenset({"armor", "armored_infantry", "recon"})  # KP-AMERICAN-ZOC
BREAK_OFF_TYPES = frozenset({"armor", "armored_infantry"})  # KP-BREAK-OFF: panzer and panzer grenadier
Q = Fraction(1, 4)
H = Fraction(1, 2)


def enemy(side: str) -> str:
    return "allied" if side == "axis" else "axis"


class KPRules:
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
        props = place_props(board.source) if board.source and Path(board.source).is_file() else {}
        self.city: set[Hex] = set()
        self.vp: dict[Hex, int] = {}
        for h, p in board.places.items():
            pr = props.get(p.name, {})
            if pr.get("size") == "city":
                self.city.add(h)
            self.vp[h] = int(pr.get("vp", 0) or 0)
        hv = board.hex_values.get("height", {})
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
        self._edges_cache: dict = {}
        self._spec_side = {k: v.side for k, v in self.kp.items()}
        self._zoc_adj = {h: tuple(n for n in board.adjacent(h) if self.exerts(h, n)) for h in board.terrain}
        self._reach_cache: dict = {}  # reach depends only on the key it is stored under
        self._moves_cache: dict = {}
        self._zoc_cache: dict = {}  # positions of a side -> the hexes its zones cover
        self._entry_cache: dict[str, tuple[Hex, ...]] = {}
        self._ctx_intern: dict = {}
        self._arriving_ids = tuple(p.id for p in scenario.pieces if p.hex is None)  # only these ever arrive
        self._move_obj: dict = {}  # (uid, path) -> its Move (actions are values: shared)
        self._unit_memo: dict = {}  # uid -> (Unit, budget, first move, ctx, owner, reach): last answer
        self._place_cache: dict = {}
        self._filtered_cache: dict = {}  # (id(reach), hexes too full) -> (reach, its Move actions)
        self._passable_cache: dict = {}  # (spec, enemy positions) -> hex -> may pass (+2 MP)

    def opt(self, name: str) -> bool:
        return bool(self.opts.get(name, False))

    # --- units ------------------------------------------------------------------
    def kspec(self, state: KPState, uid: str) -> KPSpec:
        return self.kp[state.units[uid].spec]

    def side(self, uid: str, state: KPState | None = None) -> str:
        """A unit's side: its nation's, or its captor's when a state is given."""
        if state is not None and uid in state.units:
            return self.uside(state, uid)
        if "@" in uid:  # a captured battery (D7)
            return uid.split("@", 1)[1].rstrip("0123456789")
        p = self.pieces.get(uid) or self.pieces.get(uid[:-1])  # broken-down parts end in a/b
        return self.kp[p.spec].side if p is not None else "axis"

    def uside(self, state: KPState, uid: str) -> str:
        return state.owner.get(uid) or self._spec_side[state.units[uid].spec]

    def name(self, state: KPState, uid: str) -> str:
        p = self.pieces.get(uid)
        return p.name if p and p.name else self.kspec(state, uid).name

    def is_art(self, state: KPState, uid: str) -> bool:
        return self.kspec(state, uid).type == "artillery"  # KP-ERRATA-AT: anti-tank is not artillery

    def on_map(self, state: KPState, side: str | None = None) -> list[Unit]:
        """Units on the map (of one side), built for both sides in one pass per state."""
        by = state._cache.get("on")
        if by is None:
            by = {None: [], "axis": [], "allied": []}
            owner, sides = state.owner, self._spec_side
            for u in state.units.values():
                if u.where == ON_MAP:
                    by[None].append(u)
                    by[owner.get(u.id) or sides[u.spec]].append(u)
            state._cache["on"] = by
        return by[side]

    def combat_cost(self, state: KPState, uid: str) -> int:
        s = self.kspec(state, uid)
        if s.rangers:
            return 0  # KP-RANGERS: it costs them nothing to fight
        return self.T.combat_cost[self.uside(state, uid)]  # KP-COST-OF-COMBAT

    # --- terrain and movement costs ------------------------------------------
    def is_road(self, a: Hex, b: Hex) -> bool:
        return self.board.has_side(a, b, "road")

    def is_cliff(self, a: Hex, b: Hex) -> bool:
        return self.board.has_side(a, b, "cliff")

    def step_cost(self, frm: Hex, to: Hex, blown: frozenset[Hex] | set[Hex] = frozenset(), rangers: bool = False) -> float | None:
        """MP to step from ``frm`` into ``to``: None across a cliff (KP-CLIFF)."""
        if self.is_cliff(frm, to):
            return None
        if rangers:
            return self.T.ranger_hex_mp  # KP-RANGERS: five hexes whatever the terrain
        if self.is_road(frm, to) and to not in blown:
            # KP-COMBINATION-HEX: arriving along the road is road movement; a blown bridge
            # takes the road away in its hex (KP-ENGINEERS, D10)
            return self.T.road_mp
        return self.terrain_mp[self.board.terrain[to]]  # KP-TERRAIN, KP-RIVER-MOVE

    def _edges(self, blown: frozenset[Hex], rangers: bool) -> dict[Hex, list[tuple[Hex, float]]]:
        key = (blown, rangers)
        e = self._edges_cache.get(key)
        if e is None:
            e = {}
            for h in self.board.terrain:
                lst = []
                for n in self.board.adjacent(h):
                    c = self.step_cost(h, n, blown, rangers)
                    if c is not None:
                        lst.append((n, c))
                e[h] = lst
            self._edges_cache[key] = e
        return e

    # --- zones of control ------------------------------------------------------
    def exerts(self, frm: Hex, to: Hex) -> bool:
        """KP-CLIFF, KP-CLIFF-ZOC: a zone reaches down a cliff but not up it."""
        return not (self.is_cliff(frm, to) and self.height[to] > self.height[frm])

    def zoc_sources(self, state: KPState, side: str) -> dict[Hex, list[str]]:
        """Hex -> the ``side`` units whose zone of control covers it. Friendly units of
        the other side never negate it (KP-ZOC, KP-ERRATA-RETREAT-ZOC)."""
        key = ("zoc", side)
        c = state._cache.get(key)
        if c is None:
            pos = self._positions(state, side)
            c = self._zoc_cache.get(pos)
            if c is None:
                c = {}
                for uid, h in pos:
                    for n in self._zoc_adj[h]:
                        c.setdefault(n, []).append(uid)
                if len(self._zoc_cache) > 5000:
                    self._zoc_cache.clear()
                self._zoc_cache[pos] = c
            state._cache[key] = c
        return c

    def in_ezoc(self, state: KPState, side: str, h: Hex) -> bool:
        return h in self.zoc_sources(state, enemy(side))

    def _may_pass(self, s: KPSpec) -> bool:
        """Could this kind of unit ever move on through an enemy zone?"""
        return ((s.nation == "german" and s.type in PASS_TYPES)
                or (self.opt("italian_zoc") and ((s.nation == "us" and s.type == "armor") or s.nation in ("british", "french"))))

    def _zoc_stops(self, state: KPState, uid: str, s: KPSpec,
                   zs: dict[Hex, list[str]]) -> tuple[Any, dict[Hex, float] | None]:
        """(hexes of enemy zones where this unit must stop, +MP for the zone hexes it may
        pass through). Depends only on the unit's kind and where the enemy stands, so it
        is memoised on those."""
        if not self._may_pass(s):
            return zs, None
        key = (state.units[uid].spec, state.owner.get(uid), self._positions(state, enemy(self.uside(state, uid))))
        v = self._passable_cache.get(key)
        if v is None:
            passable = {h for h, src in zs.items() if self._passable_zoc(state, uid, src)}
            v = ({h for h in zs if h not in passable}, dict.fromkeys(passable, self.T.zoc_pass_mp) or None)
            if len(self._passable_cache) > 2000:
                self._passable_cache.clear()
            self._passable_cache[key] = v
        return v

    def _foe_hexes(self, state: KPState, side: str) -> set[Hex]:
        key = ("foe", side)
        v = state._cache.get(key)
        if v is None:
            v = {h for _, h in self._positions(state, enemy(side))}
            state._cache[key] = v
        return v

    def _passable_zoc(self, state: KPState, uid: str, sources: list[str]) -> bool:
        """May this unit move on through a hex in the zone of these enemy units (+2 MP)?"""
        s = self.kspec(state, uid)
        srcs = [self.kspec(state, e) for e in sources]
        # KP-AMERICAN-ZOC: German panzer, panzer grenadier and recon through American infantry
        if s.nation == "german" and s.type in PASS_TYPES:
            if all(e.nation == "us" and e.type == "infantry" and not (e.rangers and self.opt("rangers_zoc"))
                   for e in srcs):
                return True  # KP-OPT-RANGERS-ZOC: with the option, Rangers' zones hold
        # KP-OPT-ITALIAN-ZOC: American armor and all British and French units through Italian infantry
        if self.opt("italian_zoc") and ((s.nation == "us" and s.type == "armor") or s.nation in ("british", "french")):
            if all(e.nation == "italian" and e.type == "infantry" for e in srcs):
                return True
        return False

    # --- stacking ----------------------------------------------------------------
    def stack_ok(self, state: KPState, h: Hex, add: Iterable[str] = (), drop: Iterable[str] = ()) -> bool:
        """KP-STACKING: battalions count 1, detachments 1/2 (D6), regiments and brigades 3,
        three points at most; engineers, artillery and flak free; four counters at most."""
        here = state.units_at(h)
        add = tuple(add)
        if not here and len(add) <= 1:
            return True  # one counter alone is always legal
        drop = tuple(drop)
        if len(add) == 1 and (not drop or drop == add):
            # the common question "may this unit end here?": from the hex's cached load
            if all(u.id != add[0] for u in here):
                loads = state._cache.setdefault("loads", {})
                if h not in loads:
                    loads[h] = self._load(state, h)
                pts, cnt = loads[h]
            else:
                pts, cnt = self._load(state, h, skip=add[0])
            s = self.kspec(state, add[0])
            free = s.type in self.T.free_stacking
            return (cnt + 1 <= self.T.stack_counters
                    and (free or pts + self.T.size_points[s.size] <= self.T.stack_points + 1e-9))
        dropped = set(drop)
        ids = [u.id for u in here if u.id not in dropped] + list(add)
        specs = [self.kspec(state, i) for i in ids]
        return stack_legal([self.T.size_points[s.size] for s in specs], [s.type in self.T.free_stacking for s in specs],
                           self.T.stack_points, self.T.stack_counters)

    def _all_loads(self, state: KPState) -> dict[Hex, tuple[float, int]]:
        """(size points, counters) of every occupied hex, in one pass per state."""
        v = state._cache.get("all_loads")
        if v is None:
            v = {}
            free, sp, kp = self.T.free_stacking, self.T.size_points, self.kp
            for u in self.on_map(state):
                s = kp[u.spec]
                pts, cnt = v.get(u.hex, (0.0, 0))
                v[u.hex] = (pts if s.type in free else pts + sp[s.size], cnt + 1)
            state._cache["all_loads"] = v
        return v

    def _load(self, state: KPState, h: Hex, skip: str = "") -> tuple[float, int]:
        """(size points, counters) in a hex, leaving out one unit."""
        pts, cnt = 0.0, 0
        for u in state.units_at(h):
            if u.id == skip:
                continue
            s = self.kspec(state, u.id)
            cnt += 1
            if s.type not in self.T.free_stacking:
                pts += self.T.size_points[s.size]
        return pts, cnt

    def overstacked(self, state: KPState) -> dict[Hex, list[str]]:
        return {h: [u.id for u in us] for h, us in state.occupied().items() if not self.stack_ok(state, h)}

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

    def new_state(self, dice) -> tuple[KPState, list[Event]]:
        units: dict[str, Unit] = {}
        for p in self.scen.pieces:
            if p.hex is not None:
                units[p.id] = Unit(p.id, p.spec, ON_MAP, p.hex)
            else:
                units[p.id] = Unit(p.id, p.spec, ARRIVING, None, arrives=p.arrives)
        st = KPState(turn=1, phase="german_move", units=units)
        # D12: every place starts in Allied hands; the Axis begins off the map
        st.control = {h: self.scen.start_control for h in self.board.places}
        ev: list[Event] = []
        self._begin_phase(st, ev, dice)
        return st, ev

    def _begin_phase(self, state: KPState, ev: list[Event], dice) -> None:
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

    def _next_phase(self, state: KPState, ev: list[Event], dice) -> None:
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

    # --- victory -------------------------------------------------------------------
    def german_points(self, state: KPState) -> int:
        return sum(v for h, v in self.vp.items() if state.control.get(h) == "axis")

    def judge(self, state: KPState) -> Result:
        """KP-VICTORY: points of the places the Germans held last; four levels."""
        pts = self.german_points(state)
        for lo, hi, level, winner in self.T.victory_levels:
            if lo <= pts <= hi:
                return Result(winner, level, f"German points {pts}")
        return Result("axis", self.T.victory_levels[-1][2], f"German points {pts}")

    def result(self, state: KPState) -> Result | None:
        return state.result

    def _take(self, state: KPState, uid: str, h: Hex, ev: list[Event]) -> None:
        """KP-VICTORY: the last side to pass through a place holds it."""
        if h in self.board.places:
            side = self.uside(state, uid)
            if state.control.get(h) != side:
                state.control[h] = side
                ev.append(Event("control", f"{self.board.places[h].name} passes to the {side}",
                                {"hex": hex_name(h), "side": side}))

    # --- carry-over results ----------------------------------------------------------
    def engaged(self, state: KPState) -> set[str]:
        out = state._cache.get("engaged")
        if out is None:
            out = set()
            for c in state.carries:
                if c.kind == "ENGAGED":
                    out.update(x for x in c.attackers + c.defenders if self._alive(state, x))
            state._cache["engaged"] = out
        return out

    def _alive(self, state: KPState, uid: str) -> bool:
        u = state.units.get(uid)
        return u is not None and u.where == ON_MAP

    def _settle_carries(self, state: KPState) -> None:
        """A carry-over is settled by the combat phase it was due in; prune the rest."""
        keep = []
        for c in state.carries:
            if c.due_side == self.phase_side(state) and c.turn <= state.turn:
                continue
            if not any(self._alive(state, x) for x in c.attackers) or not any(self._alive(state, x) for x in c.defenders):
                continue
            keep.append(c)
        state.carries = keep

    def _drop_from_carries(self, state: KPState, uid: str) -> None:
        state.carries = [Carry(c.kind, c.attacker_side, tuple(x for x in c.attackers if x != uid),
                               tuple(x for x in c.defenders if x != uid), c.due_side, c.turn) for c in state.carries]

    # --- movement -------------------------------------------------------------------------
    def _movable(self, state: KPState, uid: str) -> Illegal | None:
        u = state.units.get(uid)
        if u is None:
            return Illegal("KP-SEQUENCE", f"there is no unit {uid}")
        side = self.phase_side(state)
        if not state.phase.endswith("_move"):
            return Illegal("KP-SEQUENCE", "units move only in their side's movement phase")
        if self.uside(state, uid) != side:
            return Illegal("KP-SEQUENCE", f"{uid} is not a unit of the side moving now")
        if u.where != ON_MAP:
            return Illegal("KP-SEQUENCE", f"{uid} is not on the map")
        if uid in state.stopped:
            return Illegal("KP-ZOC", f"{uid} entered an enemy zone of control and must stop there this phase")
        if uid in self.engaged(state):
            s = self.kspec(state, uid)
            if not (s.nation == "german" and s.type in BREAK_OFF_TYPES):
                return Illegal("KP-BREAK-OFF", f"{uid} is ENGAGED and may not break off (only German panzer and "
                                               "panzer grenadier units may, for 2 MP)")
        return None

    def _move_budget(self, state: KPState, uid: str) -> float:
        mp = state.mp.get(uid, 0.0)
        if uid in self.engaged(state):
            mp -= self.T.break_off_mp  # KP-BREAK-OFF
        return mp

    def _ctx(self, state: KPState) -> tuple:
        """(axis positions, allied positions, blown bridges) as interned objects, once per
        state: the part of a unit's reach that does not depend on the unit itself."""
        c = state._cache.get("ctx")
        if c is None:
            if len(self._ctx_intern) > 5000:
                self._ctx_intern.clear()
            intern = self._ctx_intern.setdefault
            ax, al, bl = self._positions(state, "axis"), self._positions(state, "allied"), frozenset(state.blown)
            c = (intern(ax, ax), intern(al, al), intern(bl, bl))
            state._cache["ctx"] = c
        return c

    def _known_reach(self, state: KPState, uid: str) -> dict | None:
        """The unit's reach if it is memoised already (a replay never lists actions, so
        checking a move must not compute one)."""
        hit = self._reach_key(state, uid)
        return hit if isinstance(hit, dict) else self._reach_cache.get(hit)

    def _reach_key(self, state: KPState, uid: str) -> Any:
        """The memoised reach itself (fast path), or the key to look it up under."""
        u = state.units[uid]
        ctx = self._ctx(state)
        budget = self._move_budget(state, uid)
        first = state.hexes_moved.get(uid, 0) == 0
        owner = state.owner.get(uid)
        foes = ctx[0] if self.uside(state, uid) == "allied" else ctx[1]
        m = self._unit_memo.get(uid)
        # the same Unit object (same hex), budget, enemy and bridges as last time
        if (m is not None and m[0] is u and m[1] == budget and m[2] is first and m[3][0] is foes
                and m[3][1] is ctx[2] and m[4] == owner):
            return m[5]
        return (uid, u.spec, u.hex, budget, first, foes, ctx[2], owner)

    def reach(self, state: KPState, uid: str) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        """Every hex the unit may end its move in: (MP spent, path)."""
        key = self._reach_key(state, uid)
        if isinstance(key, dict):
            return key
        u = state.units[uid]
        uid_, spec, hx, budget, first, foes, blown, owner = key
        c = self._reach_cache.get(key)
        if c is None:
            c = self._compute_reach(state, uid, budget)
            if len(self._reach_cache) > 20000:
                self._reach_cache.clear()
            self._reach_cache[key] = c
        self._unit_memo[uid] = (u, budget, first, (foes, blown), owner, c)
        return c

    def _compute_reach(self, state: KPState, uid: str, budget: float) -> dict[Hex, tuple[float, tuple[Hex, ...]]]:
        u = state.units[uid]
        side = self.uside(state, uid)
        s = self.kspec(state, uid)
        zs = self.zoc_sources(state, enemy(side))
        foe = self._foe_hexes(state, side)
        edges = self._edges(frozenset(state.blown), s.rangers)
        stops, extra = self._zoc_stops(state, uid, s, zs)
        # KP-AMERICAN-ZOC, KP-OPT-ITALIAN-ZOC: a zone the unit may pass costs +2 MP a hex
        r = reach_paths(u.hex, max(budget, 0.0), edges, stops=stops, blocked=foe, extra=extra)
        out: dict[Hex, tuple[float, tuple[Hex, ...]]] = {}
        cost_fight = self.combat_cost(state, uid)
        first = state.hexes_moved.get(uid, 0) == 0
        for h, v in r.items():
            if h in zs and budget - v[0] < cost_fight - 1e-9 and not (first and len(v[1]) == 1):
                continue  # KP-COST-OF-COMBAT: no entering an enemy zone without MP to fight
            out[h] = v
        # KP-COST-OF-COMBAT: one hex and fight is always allowed
        if state.hexes_moved.get(uid, 0) == 0:
            for n in self.board.adjacent(u.hex):
                if n in zs and n not in out and n not in foe and not self.is_cliff(u.hex, n):
                    out[n] = (self.step_cost(u.hex, n, state.blown, s.rangers) or 0.0, (n,))
        return out

    def _move_list(self, state: KPState, uid: str) -> list[tuple[Hex, A.Move]]:
        return self._move_lists(uid, self.reach(state, uid))[0]

    def _move_lists(self, uid: str, reach: dict) -> tuple[list[tuple[Hex, A.Move]], list[A.Move]]:
        """(destination, Move) pairs and the bare Moves of one reach, built once per reach."""
        key = id(reach)
        hit = self._moves_cache.get(key)
        if hit is None or hit[0] is not reach:
            mc = self._move_obj
            if len(mc) > 100000:
                mc.clear()
            pairs = []
            for h, (_, p) in sorted(reach.items()):
                m = mc.get((uid, p))
                if m is None:
                    m = mc[(uid, p)] = A.Move(uid, p)
                pairs.append((h, m))
            hit = (reach, pairs, [m for _, m in pairs])
            if len(self._moves_cache) > 20000:
                self._moves_cache.clear()
            self._moves_cache[key] = hit
        return hit[1], hit[2]

    def _enemy_sig(self, state: KPState, side: str) -> tuple:
        """A key for where the enemy stands (all a unit's reach depends on besides itself)."""
        return self._positions(state, enemy(side))

    def _positions(self, state: KPState, side: str) -> tuple:
        """(unit, hex) of every unit of ``side`` on the map, as a hashable key."""
        key = ("pos", side)
        v = state._cache.get(key)
        if v is None:
            v = tuple(sorted((u.id, u.hex) for u in self.on_map(state, side)))
            state._cache[key] = v
        return v

    def _one_hex(self, state: KPState, uid: str, path: tuple[Hex, ...]) -> bool:
        return len(path) == 1 and state.hexes_moved.get(uid, 0) == 0

    def _check_move(self, state: KPState, act: A.Move) -> Illegal | None:
        why = self._movable(state, act.unit)
        if why:
            return why
        known = self._known_reach(state, act.unit)
        hit = known.get(act.path[-1]) if known is not None and act.path else None
        if hit is not None and hit[1] == tuple(act.path):
            # the listed path: reach already applied every rule but stacking
            if not self.stack_ok(state, act.path[-1], add=(act.unit,), drop=(act.unit,)):
                return Illegal("KP-STACKING", f"{hex_name(act.path[-1])} would be over the stacking limit")
            return None
        u = state.units[act.unit]
        s = self.kspec(state, act.unit)
        side = self.uside(state, act.unit)
        zs = self.zoc_sources(state, enemy(side))
        occ = state.occupied()
        budget = self._move_budget(state, act.unit)
        extra = 0.0

        def cost(a: Hex, b: Hex) -> float | None:
            c = self.step_cost(a, b, state.blown, s.rangers)
            if c is not None and b in zs and self._passable_zoc(state, act.unit, zs[b]):
                c += self.T.zoc_pass_mp
            return c

        total, why2 = path_cost(u.hex, act.path, self.board.adjacent, cost,
                                stops=lambda h: h in zs and not self._passable_zoc(state, act.unit, zs[h]),
                                blocked=lambda h: any(self.uside(state, x.id) != side for x in occ.get(h, ())))
        if total is None:
            msg = {"not adjacent": ("KP-TERRAIN", "each hex of the path must be next to the one before"),
                   "blocked": ("KP-ZOC", "the path enters a hex held by the enemy"),
                   "no entry": ("KP-CLIFF", "no movement across a cliff hexside"),
                   "stopped": ("KP-ZOC", "a unit must stop on entering an enemy zone of control")}[why2]
            return Illegal(*msg)
        dest = act.path[-1]
        one = self._one_hex(state, act.unit, act.path) and dest in zs
        if total + extra > budget + 1e-9 and not one:
            rule = "KP-BREAK-OFF" if act.unit in self.engaged(state) else "KP-TERRAIN"
            return Illegal(rule, f"the move costs {total:g} MP; {act.unit} has {budget:g} left")
        if dest in zs and budget - total < self.combat_cost(state, act.unit) - 1e-9 and not one:
            return Illegal("KP-COST-OF-COMBAT", f"{act.unit} would lack the {self.combat_cost(state, act.unit)} MP "
                                                "to fight, so it may not enter the enemy zone of control")
        if not self.stack_ok(state, dest, add=(act.unit,), drop=(act.unit,)):
            return Illegal("KP-STACKING", f"{hex_name(dest)} would be over the stacking limit")
        return None

    def _apply_move(self, state: KPState, act: A.Move, ev: list[Event]) -> None:
        uid = act.unit
        s = self.kspec(state, uid)
        side = self.uside(state, uid)
        zs = self.zoc_sources(state, enemy(side))
        budget = self._move_budget(state, uid)
        broke = uid in self.engaged(state)
        total, prev = 0.0, state.units[uid].hex
        for h in act.path:
            c = self.step_cost(prev, h, state.blown, s.rangers) or 0.0
            if h in zs and self._passable_zoc(state, uid, zs[h]):
                c += self.T.zoc_pass_mp
            total += c
            prev = h
        state.units[uid] = state.units[uid].at(act.path[-1])
        state.mp[uid] = max(0.0, budget - total)
        state.hexes_moved[uid] = state.hexes_moved.get(uid, 0) + len(act.path)
        if act.path[-1] in zs:
            state.stopped.add(uid)
        if broke:
            self._drop_from_carries(state, uid)
            ev.append(Event("broke_off", f"{uid} breaks off from its engagement for {self.T.break_off_mp} MP",
                            {"unit": uid}))
        state.touch()
        for h in act.path:
            self._take(state, uid, h, ev)
        ev.append(Event("moved", f"{uid} moves to {hex_name(act.path[-1])} ({total:g} MP)",
                        {"unit": uid, "path": [hex_name(h) for h in act.path], "mp": total}))

    # --- arrivals -------------------------------------------------------------------------
    def entry_hexes(self, state: KPState, uid: str) -> list[Hex]:
        p = self.pieces.get(uid)
        if p is None or not p.entry:
            return []
        return sorted(self.board.regions.get(p.entry, frozenset()))

    def _check_place(self, state: KPState, act: A.Place) -> Illegal | None:
        u = state.units.get(act.unit)
        if u is None:
            return Illegal("KP-OOB-ALLIED", f"there is no unit {act.unit}")
        side = self.uside(state, act.unit)
        rule = "KP-OOB-GERMAN" if side == "axis" else "KP-OOB-ALLIED"
        if not state.phase.endswith("_move") or self.phase_side(state) != side:
            return Illegal("KP-SEQUENCE", "units arrive in their side's movement phase")
        if u.where != ARRIVING:
            return Illegal(rule, f"{act.unit} is not waiting to arrive")
        if u.arrives > state.turn:
            return Illegal(rule, f"{act.unit} arrives on turn {u.arrives} ({self.scen.date(u.arrives)})")
        if act.hex not in self.entry_hexes(state, act.unit):
            return Illegal(rule, f"{act.unit} arrives in '{self.pieces[act.unit].entry}', not at {hex_name(act.hex)}")
        if any(self.uside(state, x.id) != side for x in state.units_at(act.hex)):
            return Illegal(rule, f"{hex_name(act.hex)} is held by the enemy")
        if not self.stack_ok(state, act.hex, add=(act.unit,)):
            return Illegal("KP-STACKING", f"{hex_name(act.hex)} would be over the stacking limit")
        return None

    def _apply_place(self, state: KPState, act: A.Place, ev: list[Event]) -> None:
        uid = act.unit
        s = self.kspec(state, uid)
        state.units[uid] = state.units[uid].at(act.hex)
        mp = float(s.ma)
        if s.nation == "german" and self.opt("initial_placement"):
            mp -= self.terrain_mp[self.board.terrain[act.hex]]  # KP-OPT-INITIAL-PLACEMENT
        state.mp[uid] = max(0.0, mp)
        state.touch()
        if self.in_ezoc(state, self.uside(state, uid), act.hex):
            state.stopped.add(uid)
        self._take(state, uid, act.hex, ev)
        ev.append(Event("placed", f"{uid} arrives at {hex_name(act.hex)}", {"unit": uid, "hex": hex_name(act.hex)}))

    # --- engineers and breakdown -------------------------------------------------------------
    def _check_bridge(self, state: KPState, uid: str, build: bool) -> Illegal | None:
        why = self._movable(state, uid)
        if why:
            return why
        if self.kspec(state, uid).type != "engineers":
            return Illegal("KP-ENGINEERS", "only engineers blow or rebuild bridges")
        h = state.units[uid].hex
        if h not in self.bridges:
            return Illegal("KP-ENGINEERS", f"{hex_name(h)} has no bridge")
        if build != (h in state.blown):
            return Illegal("KP-ENGINEERS", "the bridge is " + ("standing" if build else "already down"))
        if uid in state.bridge_used:
            return Illegal("KP-ENGINEERS", "an engineer blows or rebuilds one bridge a turn")
        need = self.T.build_bridge_mp if build else self.T.blow_bridge_mp
        if state.mp.get(uid, 0) < need - 1e-9:
            return Illegal("KP-ENGINEERS", f"needs {need} MP; {uid} has {state.mp.get(uid, 0):g}")
        return None

    def _apply_bridge(self, state: KPState, uid: str, build: bool, ev: list[Event]) -> None:
        h = state.units[uid].hex
        need = self.T.build_bridge_mp if build else self.T.blow_bridge_mp
        state.mp[uid] -= need
        state.bridge_used.add(uid)
        (state.blown.discard if build else state.blown.add)(h)
        state.touch()
        ev.append(Event("bridge", f"{uid} {'rebuilds' if build else 'blows'} {self.bridges[h]}",
                        {"unit": uid, "hex": hex_name(h), "built": build}))

    def _check_breakdown(self, state: KPState, uid: str) -> Illegal | None:
        u = state.units.get(uid)
        if u is None or u.where != ON_MAP:
            return Illegal("KP-BREAKDOWN", f"{uid} is not on the map")
        s = self.kspec(state, uid)
        if s.nation != "german" or self.uside(state, uid) != "axis":
            return Illegal("KP-BREAKDOWN", "only German units break down; the Allies may not")
        if self.acting_side(state) != "axis" or self.phase_side(state) != "axis":
            return Illegal("KP-BREAKDOWN", "the German breaks down units only in his own portion of the turn")
        if u.spec not in self.T.breakdown:
            return Illegal("KP-BREAKDOWN", f"a {s.factor}-{s.ma} {s.type.replace('_', ' ')} {s.size} has no breakdown"
                                           " (broken-down units never break down again or recombine)")
        kids = self.T.breakdown[u.spec]
        if not self._stack_ok_specs(state, u.hex, drop=uid, add_specs=kids):
            return Illegal("KP-STACKING", "the two parts would break the four-counter limit")
        return None

    def _stack_ok_specs(self, state: KPState, h: Hex, drop: str, add_specs: Iterable[str]) -> bool:
        specs = [self.kspec(state, x.id) for x in state.units_at(h) if x.id != drop] + [self.kp[s] for s in add_specs]
        return stack_legal([self.T.size_points[s.size] for s in specs], [s.type in self.T.free_stacking for s in specs],
                           self.T.stack_points, self.T.stack_counters)

    def _apply_breakdown(self, state: KPState, uid: str, ev: list[Event]) -> None:
        u = state.units[uid]
        kids = self.T.breakdown[u.spec]
        ids = (f"{uid}a", f"{uid}b")
        for kid, spec in zip(ids, kids):
            state.units[kid] = Unit(kid, spec, ON_MAP, u.hex)
            for d in (state.mp, state.hexes_moved):
                if uid in d:
                    d[kid] = d[uid]
            if uid in state.stopped:
                state.stopped.add(kid)
        state.units[uid] = u.at(None, LOST)
        state.breakups[uid] = ids
        for d in (state.mp, state.hexes_moved):
            d.pop(uid, None)
        state.stopped.discard(uid)

        def rep(t: tuple[str, ...]) -> tuple[str, ...]:
            return tuple(x for y in t for x in (ids if y == uid else (y,)))

        state.kbattles = [KBattle(b.target, rep(b.defenders), rep(b.attackers), b.air) for b in state.kbattles]
        state.carries = [Carry(c.kind, c.attacker_side, rep(c.attackers), rep(c.defenders), c.due_side, c.turn)
                         for c in state.carries]
        state.support = {b: (ids[0] if t == uid else t) for b, t in state.support.items()}
        if state.stage is not None:
            data = {k: (rep(v) if isinstance(v, tuple) and uid in v else v) for k, v in state.stage.data}
            state.stage = Stage(state.stage.kind, state.stage.side, state.stage.target, tuple(sorted(data.items())))
        state.touch()
        ev.append(Event("breakdown", f"{uid} breaks down into {ids[0]} and {ids[1]}", {"unit": uid, "parts": list(ids)}))

    # --- combat: strengths and odds ------------------------------------------------------------
    def attack_multiplier(self, state: KPState, a: Hex, t: Hex) -> Fraction:
        """KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK, KP-SEMI-CUMULATIVE, KP-COMBINATION-HEX."""
        ms = []
        if self.is_cliff(a, t) and self.height[t] > self.height[a]:
            ms.append(Q)  # attacking up a cliff: quartered
        elif self.height[a] < self.height[t]:
            ms.append(H)  # the defender holds the height advantage
        if self.board.terrain[a] == "river":
            ms.append(H)  # from a river hex (a road-and-river hex counts as river)
        return semi_cumulative(ms, Q)

    def basic_defense(self, state: KPState, b: KBattle) -> int:
        """Printed value of the defenders (a lone battery counts 1), doubled in a city:
        what the attacker must match on A ELIM and EXCHANGE (KP-EXCHANGE-LOSS)."""
        v = sum(self._def_factor(state, d, b) for d in b.defenders if self._alive(state, d))
        return v * 2 if b.target in self.city else v

    def _def_factor(self, state: KPState, uid: str, b: KBattle) -> int:
        if self.is_art(state, uid):
            return self.T.lone_artillery_defense  # KP-ARTILLERY-ALONE
        return self.kspec(state, uid).factor

    def strengths(self, state: KPState, b: KBattle, with_defense_support: bool = True) -> dict[str, Any]:
        att = Fraction(0)
        parts = []
        for a in b.attackers:
            if not self._alive(state, a):
                continue
            s = self.kspec(state, a)
            m = self.attack_multiplier(state, state.units[a].hex, b.target)
            att += s.factor * m
            parts.append({"unit": a, "base": s.factor, "multiplier": str(m), "value": str(s.factor * m)})
        sup_a = sum(self.kspec(state, bat).factor for bat, t in state.support.items()
                    if t in b.attackers and self.uside(state, bat) == self.uside(state, t))
        base = Fraction(sum(self._def_factor(state, d, b) for d in b.defenders if self._alive(state, d)))
        city = b.target in self.city
        dfn = base * 2 if city else base  # KP-CITY
        sup_d = 0
        if with_defense_support:
            sup_d = sum(self.kspec(state, bat).factor for bat, t in state.support.items()
                        if t in b.defenders and self.uside(state, bat) == self.uside(state, t))
        return {"attack": att + sup_a, "defense": dfn + sup_d, "attack_parts": parts, "attack_support": sup_a,
                "defense_base": base, "city": city, "defense_support": sup_d}

    def odds(self, state: KPState, b: KBattle, with_defense_support: bool = True) -> tuple[int, int]:
        s = self.strengths(state, b, with_defense_support)
        if s["defense"] <= 0:
            return (99, 1)
        o = odds_ratio(s["attack"], s["defense"])  # KP-ODDS: rounded in the defender's favour
        if b.air:
            o = shift_odds(o, 1)  # KP-OPT-AIR-POWER: one level up
        return o

    def crt_result(self, o: tuple[int, int], total: int) -> str:
        """KP-CRT: beyond 8-1 D ELIM; 1-6 automatic A ELIM; worse is refused earlier (and
        reads as A ELIM if the defender's artillery pushes it there, D5)."""
        a, d = o
        if d == 1 and a > 8:
            return "D ELIM"
        if a == 1 and d >= 6:
            return "A ELIM"
        if a == 0:
            return "A ELIM"
        return self.T.crt[odds_label(o)][total - 2]

    # --- combat: declarations -----------------------------------------------------------------------
    def _battle_of(self, state: KPState, uid: str, role: str) -> int | None:
        for i, b in enumerate(state.kbattles):
            if uid in (b.attackers if role == "a" else b.defenders):
                return i
        return None

    def stack_defenders(self, state: KPState, h: Hex) -> tuple[str, ...]:
        """KP-ARTILLERY-STACK: attacks go against the regular units of a stack, as if its
        artillery were not there; artillery alone is attacked itself (KP-ARTILLERY-ALONE)."""
        us = state.units_at(h)
        regular = tuple(u.id for u in us if not self.is_art(state, u.id))
        return regular or tuple(u.id for u in us)

    def _attacker_problem(self, state: KPState, uid: str, target: Hex) -> Illegal | None:
        u = state.units.get(uid)
        side = self.phase_side(state)
        if u is None or u.where != ON_MAP or self.uside(state, uid) != side:
            return Illegal("KP-SEQUENCE", f"{uid} is not a unit of the attacking side on the map")
        if self.is_art(state, uid):
            return Illegal("KP-ARTILLERY", f"{uid} is artillery: it supports attacks, it does not make them")
        if self.kspec(state, uid).factor <= 0:
            return Illegal("KP-CRT", f"{uid} has no combat factor")
        if distance(u.hex, target) != 1:
            return Illegal("KP-ZOC", f"{uid} is not next to {hex_name(target)}")
        bi = self._battle_of(state, uid, "a")
        if bi is not None and state.kbattles[bi].target != target:
            return Illegal("KP-ZOC", f"{uid} already attacks {hex_name(state.kbattles[bi].target)} this phase")
        if bi is None and not self._can_pay(state, uid):
            return Illegal("KP-COST-OF-COMBAT", f"{uid} has {state.mp.get(uid, 0):g} MP left; fighting costs "
                                                f"{self.combat_cost(state, uid)}")
        return None

    def _can_pay(self, state: KPState, uid: str) -> bool:
        # KP-COST-OF-COMBAT: one hex and fight is always allowed
        return state.mp.get(uid, 0) >= self.combat_cost(state, uid) - 1e-9 or state.hexes_moved.get(uid, 0) <= 1

    def _check_attack(self, state: KPState, target: Hex, defenders: tuple[str, ...] | None,
                      attackers: tuple[str, ...]) -> Illegal | None:
        side = self.phase_side(state)
        if not state.phase.endswith("_combat") or state.step != "declare":
            return Illegal("KP-SEQUENCE", "attacks are declared at the start of the combat phase")
        if not attackers or len(set(attackers)) != len(attackers):
            return Illegal("KP-SEQUENCE", "name each attacking unit once")
        foes = [u for u in state.units_at(target) if self.uside(state, u.id) != side]
        if not foes:
            return Illegal("KP-SEQUENCE", f"no enemy unit at {hex_name(target)}")
        whole = self.stack_defenders(state, target)
        if defenders is None:
            defenders = whole
        else:
            if side != "axis":
                return Illegal("KP-SELECTIVE-ATTACK", "only the Germans make selective attacks; the Allies attack "
                                                      "the whole stack")
            if not defenders or any(d not in whole for d in defenders):
                return Illegal("KP-ARTILLERY-STACK", "pick defenders among the regular units of the stack "
                                                     "(artillery in a stack cannot be singled out)")
        existing = [i for i, b in enumerate(state.kbattles) if b.target == target and set(b.defenders) == set(defenders)]
        if not existing:
            taken = [d for d in defenders if self._battle_of(state, d, "d") is not None]
            if taken:
                return Illegal("KP-SELECTIVE-ATTACK", f"{', '.join(taken)} already defends in another attack")
        for a in attackers:
            why = self._attacker_problem(state, a, target)
            if why:
                return why
            bi = self._battle_of(state, a, "a")
            if bi is not None and bi not in existing:
                return Illegal("KP-ZOC", f"{a} already attacks this phase")
        b = state.kbattles[existing[0]] if existing else KBattle(target, tuple(defenders), ())
        nb = KBattle(target, b.defenders, tuple(dict.fromkeys(b.attackers + attackers)), b.air)
        o = self.odds(state, nb, with_defense_support=False)
        if o[0] == 1 and o[1] > 6:
            return Illegal("KP-CRT", f"odds of {odds_label(o)} are worse than 1-6 and not allowed")
        return None

    def _apply_attack(self, state: KPState, target: Hex, defenders: tuple[str, ...] | None,
                      attackers: tuple[str, ...], ev: list[Event]) -> None:
        whole = self.stack_defenders(state, target)
        defenders = defenders or whole
        for i, b in enumerate(state.kbattles):
            if b.target == target and set(b.defenders) == set(defenders):
                new = tuple(a for a in attackers if a not in b.attackers)
                state.kbattles[i] = KBattle(target, b.defenders, b.attackers + new, b.air)
                break
        else:
            new = attackers
            state.kbattles.append(KBattle(target, tuple(defenders), tuple(attackers)))
        for a in new:
            state.mp[a] = max(0.0, state.mp.get(a, 0) - self.combat_cost(state, a))  # KP-COST-OF-COMBAT
        ev.append(Event("attack", f"{', '.join(attackers)} attack {', '.join(defenders)} at {hex_name(target)}",
                        {"target": hex_name(target), "attackers": list(attackers), "defenders": list(defenders)}))

    def _check_support(self, state: KPState, act: V.Support) -> Illegal | None:
        if not state.phase.endswith("_combat") or state.step not in ("declare", "defend") or state.stage is not None:
            return Illegal("KP-ARTILLERY", "artillery is allocated after the attacks are set up, before any is resolved")
        side = self.acting_side(state)
        bat = state.units.get(act.battery)
        if bat is None or bat.where != ON_MAP or self.uside(state, act.battery) != side:
            return Illegal("KP-ARTILLERY", f"{act.battery} is not a battery of the side allocating now")
        if not self.is_art(state, act.battery):
            return Illegal("KP-ERRATA-AT", f"{act.battery} is not artillery (anti-tank units are not artillery)")
        if act.battery in state.support:
            return Illegal("KP-ARTILLERY", "one battery supports one unit only")
        attacking = state.step == "declare"
        role = "a" if attacking else "d"
        if act.unit == act.battery or self._battle_of(state, act.unit, role) is None:
            what = "an attacking" if attacking else "a defending"
            return Illegal("KP-ARTILLERY", f"{act.unit} is not {what} unit of a declared attack")
        rng = self.kspec(state, act.battery).range
        if distance(bat.hex, state.units[act.unit].hex) > rng:
            return Illegal("KP-ARTILLERY", f"{act.unit} is beyond {act.battery}'s support range of {rng}")
        if attacking and not (state.mp.get(act.battery, 0) >= self.combat_cost(state, act.battery) - 1e-9):
            return Illegal("KP-COST-OF-COMBAT", f"{act.battery} lacks the {self.combat_cost(state, act.battery)} MP "
                                                "that supporting an attack costs")
        return None

    def _apply_support(self, state: KPState, act: V.Support, ev: list[Event]) -> None:
        state.support[act.battery] = act.unit
        if state.step == "declare":
            state.mp[act.battery] = max(0.0, state.mp.get(act.battery, 0) - self.combat_cost(state, act.battery))
        ev.append(Event("support", f"{act.battery} supports {act.unit} (+{self.kspec(state, act.battery).factor})",
                        {"battery": act.battery, "unit": act.unit}))

    def _check_air(self, state: KPState, value: str) -> Illegal | None:
        if not self.opt("air_power"):
            return Illegal("KP-OPT-AIR-POWER", "the Allied air power option is off")
        if self.phase_side(state) != "allied" or state.step != "declare":
            return Illegal("KP-OPT-AIR-POWER", "the Allies add air power to one of their attacks while setting them up")
        if state.turn < self.T.air_power_from_turn:
            return Illegal("KP-OPT-AIR-POWER", f"air power starts on {self.scen.date(self.T.air_power_from_turn)}")
        if self.opt("air_power_by_die") and state.air_state != "yes":
            return Illegal("KP-OPT-AIR-POWER", "the die gave the Allies no air superiority")
        if state.air_used == state.turn:
            return Illegal("KP-OPT-AIR-POWER", "one attack a turn")
        if not any(hex_name(b.target) == value for b in state.kbattles):
            return Illegal("KP-OPT-AIR-POWER", f"no Allied attack declared on {value}")
        return None

    def _apply_air(self, state: KPState, value: str, ev: list[Event]) -> None:
        i = next(i for i, b in enumerate(state.kbattles) if hex_name(b.target) == value)
        b = state.kbattles[i]
        state.kbattles[i] = KBattle(b.target, b.defenders, b.attackers, True)
        state.air_used = state.turn
        ev.append(Event("air", f"Allied air power raises the attack on {value} one column", {"target": value}))

    # --- combat: obligations --------------------------------------------------------------------------
    def obligations(self, state: KPState) -> list[tuple[str, str, tuple[str, ...]]]:
        """What the attacking side still owes before closing its declarations:
        (rule, text, units) for each unmet duty that a legal attack could meet."""
        side = self.phase_side(state)
        out = []
        attacking = {a for b in state.kbattles for a in b.attackers}
        defending = {d for b in state.kbattles for d in b.defenders}
        zs = self.zoc_sources(state, enemy(side))
        engaged_def = set()
        for c in state.carries:
            if c.kind == "ENGAGED" and c.attacker_side != side:
                engaged_def.update(c.defenders)
        for c in state.carries:
            alive_a = [x for x in c.attackers if self._alive(state, x)]
            alive_d = [x for x in c.defenders if self._alive(state, x)]
            if c.kind == "CONTACT" and c.due_side == side and c.turn == state.turn:
                # KP-RESULT-CONTACT: counter-attack every attacker, or all defenders step away
                near = [a for a in alive_a if any(distance(state.units[a].hex, state.units[d].hex) == 1 for d in alive_d)]
                if near:
                    miss = [a for a in near if a not in defending and self._attackable(state, a)]
                    if miss:
                        out.append(("KP-RESULT-CONTACT", "after CONTACT, counter-attack all the units that attacked, "
                                    "or move every defender away", tuple(miss)))
            if c.kind == "ENGAGED" and c.attacker_side == side and c.turn == state.turn:
                # KP-RESULT-ENGAGED: the attacker must attack again all the units it engaged
                miss = [d for d in alive_d if d not in defending and self._attackable(state, d)
                        and any(distance(state.units[d].hex, state.units[a].hex) == 1 for a in alive_a)]
                if miss:
                    out.append(("KP-RESULT-ENGAGED", "after ENGAGED, attack again every unit engaged", tuple(miss)))
            if c.kind == "ENGAGED" and c.attacker_side != side:
                countered = any(a in defending for a in alive_a) or any(d in attacking for d in alive_d)
                if countered:
                    miss = [a for a in alive_a if a not in defending and self._attackable(state, a)]
                    if miss:
                        out.append(("KP-RESULT-ENGAGED", "a counter-attack on an engagement must hit all the units "
                                    "that attacked", tuple(miss)))
        # KP-ZOC: no staying in an enemy zone of control without attacking
        idle = [u.id for u in self.on_map(state, side)
                if u.hex in zs and u.id not in attacking and u.id not in engaged_def and not self.is_art(state, u.id)
                and self.kspec(state, u.id).factor > 0 and self._can_attack_somewhere(state, u.id)]
        if idle:
            out.append(("KP-ZOC", "units in an enemy zone of control must attack", tuple(sorted(idle))))
        return out

    def _attackable(self, state: KPState, uid: str) -> bool:
        """Some legal attack could include this enemy unit as a defender."""
        h = state.units[uid].hex
        whole = self.stack_defenders(state, h)
        if uid not in whole:
            return False
        return any(uid in (a.defenders if isinstance(a, V.Select) else whole) for a in self._attack_options(state, h))

    def _can_attack_somewhere(self, state: KPState, uid: str) -> bool:
        side = self.phase_side(state)
        for n in self.board.adjacent(state.units[uid].hex):
            if any(self.uside(state, x.id) != side for x in state.units_at(n)):
                if any(uid in a.attackers for a in self._attack_options(state, n)):
                    return True
        return False

    def _attack_options(self, state: KPState, target: Hex) -> list:
        key = ("atk", target, len(state.kbattles), tuple(state.kbattles))
        c = state._cache.get(key)
        if c is not None:
            return c
        side = self.phase_side(state)
        free = []
        for n in self.board.adjacent(target):
            for u in state.units_at(n):
                if self.uside(state, u.id) == side and self._attacker_problem(state, u.id, target) is None:
                    free.append(u.id)
        out: list = []
        if free:
            cands: list = [A.Attack(target, tuple(free))] + [A.Attack(target, (f,)) for f in free if len(free) > 1]
            if side == "axis":
                for d in self.stack_defenders(state, target):
                    if len(self.stack_defenders(state, target)) > 1:
                        cands.append(V.Select(target, (d,), tuple(free)))
            out = [a for a in cands if self._check_attack(state, a.target, getattr(a, "defenders", None), a.attackers) is None]
        state._cache[key] = out
        return out

    # --- combat: resolution -------------------------------------------------------------------------------
    def _check_resolve(self, state: KPState, act: A.Resolve) -> Illegal | None:
        if not state.phase.endswith("_combat") or state.step != "resolve":
            return Illegal("KP-ARTILLERY", "battles are resolved after both sides have allocated artillery")
        if self._next_battle(state, act.target) is None:
            return Illegal("KP-SEQUENCE", f"no unresolved attack on {hex_name(act.target)}")
        return None

    def _next_battle(self, state: KPState, target: Hex) -> int | None:
        for i, b in enumerate(state.kbattles):
            if b.target == target and i not in state.kresolved:
                return i
        return None

    def _apply_resolve(self, state: KPState, act: A.Resolve, dice, ev: list[Event]) -> None:
        bi = self._next_battle(state, act.target)
        assert bi is not None
        state.kresolved.append(bi)
        b = state.kbattles[bi]
        # an earlier result may have moved or killed units of this attack
        alive_a = tuple(a for a in b.attackers if self._alive(state, a) and self.uside(state, a) == self.phase_side(state)
                        and distance(state.units[a].hex, b.target) == 1)
        alive_d = tuple(d for d in b.defenders if self._alive(state, d) and state.units[d].hex == b.target)
        if not alive_a or not alive_d:
            ev.append(Event("battle_void", f"the attack on {hex_name(b.target)} has no one left to fight", {}))
            return
        b = KBattle(b.target, alive_d, alive_a, b.air)
        state.kbattles[bi] = b
        o = self.odds(state, b)
        st = self.strengths(state, b)
        dice_ = roll_dice(dice, 2, f"combat at {hex_name(b.target)}, {odds_label(o)}", ev)
        res = self.crt_result(o, sum(dice_))
        # any new result replaces the carry-overs these units had (KP-RESULT-ENGAGED, KP-RESULT-CONTACT)
        involved = set(alive_a) | set(alive_d)
        state.carries = [c for c in state.carries if not (set(c.attackers) | set(c.defenders)) & involved]
        ev.append(Event("combat", f"{odds_label(o)} ({float(st['attack']):.4g} to {float(st['defense']):.4g}), "
                                  f"dice {sum(dice_)}: {res}",
                        {"target": hex_name(b.target), "odds": odds_label(o), "total": sum(dice_), "result": res,
                         "attack": str(st["attack"]), "defense": str(st["defense"])}))
        self._apply_result(state, bi, res, dice, ev)

    def _apply_result(self, state: KPState, bi: int, res: str, dice, ev: list[Event]) -> None:
        b = state.kbattles[bi]
        atk_side, def_side = self.phase_side(state), enemy(self.phase_side(state))
        word = res.split()
        if res == "A ELIM":  # KP-RESULT-A-ELIM, KP-ERRATA-ARTILLERY-LOSS
            self._start_loss(state, bi, atk_side, self.basic_defense(state, b), "retreat_attackers", ev)
        elif word[:2] == ["A", "BACK"]:  # KP-RESULT-A-BACK
            self._start_retreat(state, bi, atk_side, b.attackers, int(word[2]), "defender_advance", ev)
        elif res == "CONTACT":  # KP-RESULT-CONTACT
            due_turn = state.turn if atk_side == "axis" else state.turn + 1
            state.carries.append(Carry("CONTACT", atk_side, b.attackers, b.defenders, def_side, due_turn))
            ev.append(Event("carry", f"CONTACT at {hex_name(b.target)}: next turn the {def_side} must counter-attack "
                                     "all the attackers or move every defender away", {"kind": "CONTACT"}))
        elif res == "ENGAGED":  # KP-RESULT-ENGAGED
            state.carries.append(Carry("ENGAGED", atk_side, b.attackers, b.defenders, atk_side, state.turn + 1))
            ev.append(Event("carry", f"ENGAGED at {hex_name(b.target)}: the defenders are flipped; the {atk_side} "
                                     "must attack them again next turn", {"kind": "ENGAGED"}))
        elif res == "EXCHANGE":  # KP-RESULT-EXCHANGE, KP-EXCHANGE-LOSS
            need = self.basic_defense(state, b)
            for d in self._whole_fate(state, b):
                self._eliminate(state, d, ev, "EXCHANGE")
            self._start_loss(state, bi, atk_side, need, "occupy", ev)
        elif word[:2] == ["D", "BACK"]:  # KP-RESULT-D-BACK
            self._start_retreat(state, bi, def_side, b.defenders, int(word[2]), "attacker_advance", ev)
        elif res == "D ELIM":  # KP-RESULT-D-ELIM, KP-ERRATA-D-ELIM
            for d in self._whole_fate(state, b):
                self._eliminate(state, d, ev, "D ELIM")
            mp = roll_dice(dice, 1, "advance after D ELIM (MP)", ev)[0]
            self._start_advance(state, bi, atk_side, b.attackers, ("mp", mp), (b.target,), ev)
        else:  # pragma: no cover - the tables are checked on load
            raise ValueError(res)

    def _whole_fate(self, state: KPState, b: KBattle) -> list[str]:
        """Units removed by D ELIM or EXCHANGE: the defenders, and with a whole-stack attack
        the artillery of the stack too (D7)."""
        out = [d for d in b.defenders if self._alive(state, d)]
        if set(b.defenders) >= set(self.stack_defenders(state, b.target)):
            out += [u.id for u in state.units_at(b.target) if u.id not in out]
        return out

    def _eliminate(self, state: KPState, uid: str, ev: list[Event], why: str) -> None:
        state.units[uid] = state.units[uid].at(None, ELIMINATED)
        state.mp.pop(uid, None)
        state.touch()
        ev.append(Event("eliminated", f"{uid} is eliminated ({why})", {"unit": uid, "why": why}))

    # losses
    def _start_loss(self, state: KPState, bi: int, side: str, need: int, then: str, ev: list[Event]) -> None:
        b = state.kbattles[bi]
        pool = [a for a in b.attackers if self._alive(state, a)]
        total = sum(self.kspec(state, a).factor for a in pool)
        if total <= need:
            for a in pool:
                self._eliminate(state, a, ev, f"loses {need} factors")
            self._after_loss(state, bi, then, ev)
            return
        state.stage = Stage("loss", side, b.target, (("battle", bi), ("need", need), ("removed", 0), ("then", then)))

    def _loss_options(self, state: KPState, st: Stage) -> list[str]:
        b = state.kbattles[st.get("battle")]
        return [a for a in b.attackers if self._alive(state, a)]

    def _apply_loss(self, state: KPState, st: Stage, uid: str, ev: list[Event]) -> None:
        removed = st.get("removed") + self.kspec(state, uid).factor
        self._eliminate(state, uid, ev, "combat loss")
        state.stage = None
        bi = st.get("battle")
        left = [a for a in state.kbattles[bi].attackers if self._alive(state, a)]
        if removed >= st.get("need") or not left:
            self._after_loss(state, bi, st.get("then"), ev)
        elif sum(self.kspec(state, a).factor for a in left) <= st.get("need") - removed:
            for a in left:
                self._eliminate(state, a, ev, "combat loss")
            self._after_loss(state, bi, st.get("then"), ev)
        else:
            state.stage = st.with_(removed=removed)

    def _after_loss(self, state: KPState, bi: int, then: str, ev: list[Event]) -> None:
        b = state.kbattles[bi]
        side = self.phase_side(state)
        if then == "retreat_attackers":  # A ELIM: the survivors go back one hex
            self._start_retreat(state, bi, side, b.attackers, 1, "done", ev)
        else:  # EXCHANGE: the survivors may take the hex
            self._start_advance(state, bi, side, b.attackers, ("hexes", 1), (b.target,), ev)

    # retreats
    def retreat_options(self, state: KPState, uid: str, length: int) -> list[RetreatPath]:
        """KP-ZOC, KP-RETREAT-TERRAIN, KP-ERRATA-RETREAT-ZOC: never through an enemy zone,
        never over a cliff, never into the enemy, never costing more than the movement factor."""
        u = state.units[uid]
        side = self.uside(state, uid)
        s = self.kspec(state, uid)
        zs = self.zoc_sources(state, enemy(side))
        occ = state.occupied()
        return retreat_within_mp(
            u.hex, length,
            adjacent=lambda h: [n for n in self.board.adjacent(h) if not self.is_cliff(h, n)],
            enemy_at=lambda h: any(self.uside(state, x.id) != side for x in occ.get(h, ())),
            in_ezoc=lambda h: h in zs,
            can_end=lambda h: self.stack_ok(state, h, add=(uid,), drop=(uid,)),
            step_cost=lambda a, b: self.step_cost(a, b, state.blown, s.rangers),
            mp=s.ma)

    def _start_retreat(self, state: KPState, bi: int, side: str, units: Iterable[str], length: int, then: str,
                       ev: list[Event]) -> None:
        b = state.kbattles[bi]
        pending = []
        for uid in units:
            if not self._alive(state, uid):
                continue
            if self.is_art(state, uid):
                self._eliminate(state, uid, ev, "lone artillery forced to retreat")  # KP-ARTILLERY-ALONE
                continue
            if not self.retreat_options(state, uid, length):
                self._eliminate(state, uid, ev, "no retreat")  # KP-RETREAT-TERRAIN
                continue
            pending.append(uid)
        # A BACK: the defender may follow into the hexes the attackers leave
        vacated = tuple(sorted({state.units[u].hex for u in pending})) if then == "defender_advance" else ()
        if not pending:
            self._after_retreat(state, bi, side, length, then, vacated, ev)
            return
        state.stage = Stage("retreat", side, b.target, (("battle", bi), ("length", length), ("pending", tuple(pending)),
                                                        ("then", then), ("vacated", vacated)))

    def _apply_retreat(self, state: KPState, st: Stage, act: A.Retreat, ev: list[Event]) -> None:
        uid = act.unit
        state.units[uid] = state.units[uid].at(act.path[-1])
        state.touch()
        for h in act.path:
            self._take(state, uid, h, ev)
        ev.append(Event("retreated", f"{uid} retreats to {hex_name(act.path[-1])}",
                        {"unit": uid, "path": [hex_name(h) for h in act.path]}))
        pending = tuple(x for x in st.get("pending") if x != uid)
        state.stage = None
        if pending:
            # later units re-check their paths: the first may have filled a hex
            alive = []
            for x in pending:
                if self.retreat_options(state, x, st.get("length")):
                    alive.append(x)
                else:
                    self._eliminate(state, x, ev, "no retreat")
            if alive:
                state.stage = st.with_(pending=tuple(alive))
                return
        self._after_retreat(state, st.get("battle"), st.side, st.get("length"), st.get("then"), st.get("vacated"), ev)

    def _after_retreat(self, state: KPState, bi: int, side: str, length: int, then: str, vacated: tuple,
                       ev: list[Event]) -> None:
        b = state.kbattles[bi]
        if then == "defender_advance":  # A BACK X: the defender may follow X-1 hexes
            limit = length - 1
            firsts = tuple(h for h in vacated if not state.units_at(h))
            if limit > 0 and firsts:
                self._start_advance(state, bi, enemy(side), b.defenders, ("hexes", limit), firsts, ev)
                return
        elif then == "attacker_advance":  # D BACK X: the attacker may follow max(1, X-1) hexes
            # KP-ERRATA-D1-ADVANCE, KP-ERRATA-SHORT-RETREAT
            self._start_advance(state, bi, enemy(side), b.attackers, ("hexes", max(1, length - 1)), (b.target,), ev)
            return
        self._finish_battle(state, ev)

    # advances
    def _start_advance(self, state: KPState, bi: int, side: str, units: Iterable[str], limit: tuple[str, int],
                       firsts: tuple[Hex, ...], ev: list[Event]) -> None:
        b = state.kbattles[bi]
        cands = tuple(u for u in units if self._alive(state, u) and self.uside(state, u) == side
                      and not self.is_art(state, u))
        if not cands or not firsts:
            self._finish_battle(state, ev)
            return
        state.stage = Stage("advance", side, b.target, (("battle", bi), ("units", cands), ("mode", limit[0]),
                                                         ("limit", limit[1]), ("firsts", firsts), ("done", ())))
        if not self.advance_moves(state, state.stage):
            self._finish_battle(state, ev)  # nobody can follow: nothing to decide

    def _advance_problem(self, state: KPState, st: Stage, act: A.Move) -> Illegal | None:
        rule = "KP-RESULT-D-ELIM" if st.get("mode") == "mp" else "KP-RESULT-D-BACK"
        if act.unit not in st.get("units") or act.unit in st.get("done") or not self._alive(state, act.unit):
            return Illegal(rule, f"{act.unit} may not advance after this combat")
        if not act.path or act.path[0] not in st.get("firsts"):
            return Illegal("KP-ERRATA-ADVANCE-PATH", "the first hex of an advance is the hex the enemy left")
        side = st.side
        s = self.kspec(state, act.unit)
        zs = self.zoc_sources(state, enemy(side))
        prev = state.units[act.unit].hex
        total = 0.0
        for i, h in enumerate(act.path):
            if h not in self.board.adjacent(prev):
                return Illegal("KP-TERRAIN", "each hex of the path must be next to the one before")
            c = self.step_cost(prev, h, state.blown, s.rangers)
            if c is None:
                return Illegal("KP-CLIFF", "no movement across a cliff hexside")
            foes = [x for x in state.units_at(h) if self.uside(state, x.id) != side]
            if foes and not (i == 0 and all(self.is_art(state, x.id) for x in foes)):
                return Illegal("KP-ZOC", f"{hex_name(h)} is held by the enemy")
            passable = h in zs and self._passable_zoc(state, act.unit, zs[h])
            if passable:
                c += self.T.zoc_pass_mp
            total += c
            if h in zs and not passable and i != len(act.path) - 1:
                return Illegal("KP-ERRATA-ADVANCE-ZOC", "advancing units stop on entering an enemy zone of control")
            prev = h
        if st.get("mode") == "hexes":
            if len(act.path) > st.get("limit"):
                return Illegal(rule, f"this advance may go {st.get('limit')} hex(es) at most")
            if self.opt("advance_limit") and total > s.ma + 1e-9:
                return Illegal("KP-OPT-ADVANCE", f"the advance costs {total:g} MP, more than {act.unit}'s {s.ma}")
        else:
            if total > st.get("limit") + 1e-9 and len(act.path) > 1:
                return Illegal("KP-RESULT-D-ELIM", f"the advance costs {total:g} MP; the die gave {st.get('limit')}")
        dest = act.path[-1]
        captured = [x.id for x in state.units_at(dest) if self.uside(state, x.id) != side]
        if not self.stack_ok(state, dest, add=(act.unit,), drop=(act.unit, *captured)):
            return Illegal("KP-STACKING", f"{hex_name(dest)} would be over the stacking limit")
        return None

    def _apply_advance(self, state: KPState, st: Stage, act: A.Move, ev: list[Event]) -> None:
        uid = act.unit
        side = st.side
        first = act.path[0]
        guns = [x.id for x in state.units_at(first) if self.uside(state, x.id) != side]
        taken = []
        for g in guns:  # KP-ARTILLERY-STACK: the guns left behind are captured
            # a captured battery is a new counter of its captor's side: ids stay tied to one side
            base = g.split("@")[0]
            new, k = f"{base}@{side}", 2
            while new in state.units:
                new, k = f"{base}@{side}{k}", k + 1
            old = state.units[g]
            state.units[new] = Unit(new, old.spec, ON_MAP, old.hex)
            state.units[g] = old.at(None, LOST)
            state.owner[new] = side
            state.mp[new] = 0.0
            state.mp.pop(g, None)
            taken.append(new)
            ev.append(Event("captured", f"{g} is captured and now serves the {side} as {new}",
                            {"unit": g, "as": new, "side": side}))
        guns = taken
        state.units[uid] = state.units[uid].at(act.path[-1])
        state.touch()
        for g in guns:
            if not self.stack_ok(state, first):
                self._eliminate(state, g, ev, "captured guns over the four-counter limit")  # D7
        for h in act.path:
            self._take(state, uid, h, ev)
        ev.append(Event("advanced", f"{uid} advances to {hex_name(act.path[-1])}",
                        {"unit": uid, "path": [hex_name(h) for h in act.path]}))
        done = st.get("done") + (uid,)
        if all(u in done or not self._alive(state, u) for u in st.get("units")):
            state.stage = None
            self._finish_battle(state, ev)
        else:
            state.stage = st.with_(done=done)

    def advance_moves(self, state: KPState, st: Stage) -> list[A.Move]:
        """One legal advance path per unit and destination (the shortest found)."""
        out = []
        max_len = st.get("limit") if st.get("mode") == "hexes" else st.get("limit")  # MP >= 1 per hex
        for uid in st.get("units"):
            if uid in st.get("done") or not self._alive(state, uid):
                continue
            start = state.units[uid].hex
            best: dict[Hex, tuple[Hex, ...]] = {}
            frontier = [(f,) for f in st.get("firsts") if distance(start, f) == 1]
            while frontier:
                nxt = []
                for p in frontier:
                    if p[-1] in best:
                        continue
                    why = self._advance_problem(state, st, A.Move(uid, p))
                    if why is not None and why.rule != "KP-STACKING":
                        continue  # a full hex may still be passed through
                    if why is None:
                        best[p[-1]] = p
                    if len(p) < max_len:
                        nxt += [p + (n,) for n in self.board.adjacent(p[-1]) if n not in p and n != start
                                and n not in best]
                frontier = nxt
            out += [A.Move(uid, p) for _, p in sorted(best.items())]
        return out

    def _finish_battle(self, state: KPState, ev: list[Event]) -> None:
        state.stage = None
        state.touch()

    # --- the contract --------------------------------------------------------------------------------
    def legal_actions(self, state: KPState) -> list:
        if state.result is not None:
            return []
        st = state.stage
        out: list = []
        if st is not None:
            if st.kind == "loss":
                out = [A.Loss(u) for u in self._loss_options(state, st)]
            elif st.kind == "retreat":
                for uid in st.get("pending"):
                    out += [A.Retreat(uid, p.hexes) for p in self.retreat_options(state, uid, st.get("length"))]
            elif st.kind == "advance":
                out = list(self.advance_moves(state, st)) + [A.Advance(None)]
            if st.side == "axis":
                out += [V.Breakdown(u.id) for u in self.on_map(state, "axis")
                    if u.spec in self.T.breakdown and self._check_breakdown(state, u.id) is None]
            return out
        side = self.acting_side(state)
        if state.phase.endswith("_move"):
            out += self._arrival_actions(state, side)
            out += self._move_actions(state, side)
            for u in self.on_map(state, side):
                for build in ((False, True) if u.hex in self.bridges else ()):
                    if self._check_bridge(state, u.id, build) is None:
                        out.append(V.Build(u.id) if build else V.Blow(u.id))
        elif state.step == "declare":
            seen = set()
            for u in self.on_map(state, side):
                for n in self.board.adjacent(u.hex):
                    if n not in seen and any(self.uside(state, x.id) != side for x in state.units_at(n)):
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

    def _arrival_actions(self, state: KPState, side: str) -> list:
        """Place actions for the units due now: the same tests as ``_check_place`` (entry
        region, no enemy in the hex, stacking), read from per-state indexes."""
        out: list = []
        occ = state.occupied()
        units = state.units
        for uid in self._arriving_ids:
            u = units.get(uid)
            if u is None or u.where != ARRIVING or u.arrives > state.turn or self.uside(state, u.id) != side:
                continue
            for h in self._entries(u.id):
                here = occ.get(h)
                if here and (any(self.uside(state, x.id) != side for x in here)
                             or not self.stack_ok(state, h, add=(u.id,))):
                    continue
                out.append(self._place_act(u.id, h))
        return out

    def _entries(self, uid: str) -> tuple[Hex, ...]:
        e = self._entry_cache.get(uid)
        if e is None:
            e = self._entry_cache[uid] = tuple(self.entry_hexes(None, uid))  # type: ignore[arg-type]
        return e

    def _place_act(self, uid: str, h: Hex) -> A.Place:
        k = (uid, h)
        a = self._place_cache.get(k)
        if a is None:
            a = self._place_cache[k] = A.Place(uid, h)
        return a

    def _move_actions(self, state: KPState, side: str) -> list:
        """Move actions of every unit that may move: each unit's reach (memoised on what it
        depends on) minus the friendly hexes its stacking does not fit (KP-STACKING). The
        hexes a unit does not fit are found per stacking class, so a move elsewhere on
        the map reuses every other unit's list."""
        P, C = self.T.stack_points, self.T.stack_counters
        loads = self._all_loads(state)
        full_by_class: dict[tuple[bool, float], tuple[Hex, ...]] = {}
        out: list = []
        for u in self.on_map(state, side):
            if self._movable(state, u.id) is not None:
                continue
            reach = self.reach(state, u.id)
            m = self._unit_memo[u.id]
            if len(m) > 6 and m[5] is reach:
                lst, moves = m[6], m[7]
            else:
                lst, moves = self._move_lists(u.id, reach)
                self._unit_memo[u.id] = m[:6] + (lst, moves)
            if not lst:
                continue
            s = self.kspec(state, u.id)
            cls = (s.type in self.T.free_stacking, self.T.size_points[s.size])
            full = full_by_class.get(cls)
            if full is None:
                full = tuple(h for h, (pts, cnt) in loads.items()
                             if cnt + 1 > C or (not cls[0] and pts + cls[1] > P + 1e-9))
                full_by_class[cls] = full
            bad = frozenset(h for h in full if h in reach)  # (a unit's own hex is never in its reach)
            if not bad:
                out += moves
                continue
            key = (id(reach), bad)
            hit = self._filtered_cache.get(key)
            if hit is None or hit[0] is not reach:
                hit = (reach, [m for h, m in lst if h not in bad])
                if len(self._filtered_cache) > 20000:
                    self._filtered_cache.clear()
                self._filtered_cache[key] = hit
            out += hit[1]
        return out

    def _support_options(self, state: KPState) -> list[V.Support]:
        side = self.acting_side(state)
        role = "a" if state.step == "declare" else "d"
        units = [x for b in state.kbattles for x in (b.attackers if role == "a" else b.defenders)]
        out = []
        for bat in self.on_map(state, side):
            if not self.is_art(state, bat.id) or bat.id in state.support:
                continue
            for x in units:
                act = V.Support(bat.id, x)
                if self._check_support(state, act) is None:
                    out.append(act)
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

    def _apply_end(self, state: KPState, dice, ev: list[Event]) -> None:
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

    def check(self, state: KPState, action) -> Illegal | None:
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

    def apply(self, state: KPState, action, dice) -> list[Event]:
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

    def battle_detail(self, state: KPState, index: int) -> dict[str, Any]:
        """What an odds panel shows for one declared attack: each attacking unit's base
        factor, terrain multiplier and the rules behind it, the supports, the defence, the
        odds, and the chance of every result on two dice."""
        b = state.kbattles[index]
        st = self.strengths(state, b)
        units = []
        for a in b.attackers:
            if not self._alive(state, a):
                continue
            ah = state.units[a].hex
            why = []
            if self.is_cliff(ah, b.target) and self.height[b.target] > self.height[ah]:
                why.append("KP-CLIFF")
            elif self.height[ah] < self.height[b.target]:
                why.append("KP-HEIGHT")
            if self.board.terrain[ah] == "river":
                why.append("KP-RIVER-ATTACK")
            m = self.attack_multiplier(state, ah, b.target)
            if len(why) > 1:
                why.append("KP-SEMI-CUMULATIVE")
            sup = [bat for bat, t in state.support.items() if t == a]
            units.append({"unit": a, "base": self.kspec(state, a).factor, "multiplier": str(m), "rules": why,
                          "support": {bat: self.kspec(state, bat).factor for bat in sup}})
        dsup = {bat: self.kspec(state, bat).factor for bat, t in state.support.items() if t in b.defenders}
        o = self.odds(state, b)
        return {"target": hex_name(b.target), "attackers": units, "attack": str(st["attack"]),
                "defenders": list(b.defenders), "defense_base": str(st["defense_base"]), "city": st["city"],
                "defense_support": dsup, "defense": str(st["defense"]), "odds": odds_label(o), "air": b.air,
                "chances": self.result_chances(o)}

    def result_chances(self, o: tuple[int, int]) -> dict[str, Fraction]:
        """KP-CRT: the probability of each result at these odds (two dice, totals 2-12)."""
        ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
        out: dict[str, Fraction] = {}
        for t, w in ways.items():
            r = self.crt_result(o, t)
            out[r] = out.get(r, Fraction(0)) + Fraction(w, 36)
        return out

    # --- views ------------------------------------------------------------------------------------------
    def unit_view(self, state: KPState, uid: str) -> dict[str, Any]:
        u = state.units[uid]
        s = self.kspec(state, uid)
        eng = self.engaged(state)
        return {"id": uid, "name": self.name(state, uid), "side": self.uside(state, uid), "nation": s.nation,
                "type": s.type, "size": s.size, "factor": s.factor, "ma": s.ma, "range": s.range,
                "label": f"{s.factor}-{s.ma}" + (f" r{s.range}" if s.range else ""), "where": u.where,
                "hex": hex_name(u.hex) if u.hex else None, "mp": state.mp.get(uid), "engaged": uid in eng,
                "flipped": uid in eng and any(uid in c.defenders for c in state.carries if c.kind == "ENGAGED"),
                "arrives": u.arrives, "captured": uid in state.owner}

    def view(self, state: KPState, side: str | None) -> dict[str, Any]:
        """Everything is public in this game (no hidden units)."""
        return {
            "game": GAME_ID, "turn": state.turn, "date": self.scen.date(state.turn), "phase": state.phase,
            "phase_name": PHASE_NAME[state.phase], "step": state.step, "acting": self.acting_side(state),
            "stage": None if state.stage is None else {"kind": state.stage.kind, "side": state.stage.side},
            "units": [self.unit_view(state, k) for k in sorted(state.units)],
            "control": {hex_name(h): s for h, s in sorted(state.control.items())},
            "german_points": self.german_points(state),
            "blown_bridges": sorted(hex_name(h) for h in state.blown),
            "carries": [{"kind": c.kind, "attacker_side": c.attacker_side, "attackers": list(c.attackers),
                         "defenders": list(c.defenders), "due": c.due_side, "turn": c.turn} for c in state.carries],
            "battles": [{"target": hex_name(b.target), "attackers": list(b.attackers), "defenders": list(b.defenders),
                         "odds": odds_label(self.odds(state, b)) if i not in state.kresolved and b.attackers else None,
                         "air": b.air} for i, b in enumerate(state.kbattles)],
            "result": None if state.result is None else {"winner": state.result.winner, "level": state.result.level},
        }

    def snapshot(self, state: KPState) -> dict[str, Any]:
        return state.snapshot()
