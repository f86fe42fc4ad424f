"""Black Wednesday on TCS-lite: the rules object (docs/black-wednesday/tcs-lite.md).

It stands on the core's phase machine (``core.sequence.Sequence``): the sequence of play, the
tables of what each phase takes and the listings are data and hooks in phases.py. Phases
(``state.phase``): ``prep_log`` (Soviet fills the Prep Log, 1.10b/2.4), ``soviet_setup`` and
``axis_setup`` (1.10e, 1.10f), then each turn ``command`` (§3.1), ``initiative`` (§3.3, from
turn 2), ``action`` twice (§3.4; ``extra['phasing']`` says whose) and a Clean Up (§3.5);
``over`` after the last turn's victory check. Here: the look-ups, the new state, the turn's
steps and the Action Phase's candidate actions of one unit.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from ...core.actions import Attack, Event, Place, Remove
from ...core.errors import Illegal
from ...core.game import Result
from ...core.hexgrid import Hex, distance, hex_ids_of, use_hex_ids
from ...core.sequence import Sequence
from ...core.state import State
from ...core.units import ARRIVING, ON_MAP, UNPLACED, Unit
from .artillery import Artillery
from .batteries import battery_data
from .carriers import Carriers
from .choices import Choices
from .choose import Choosing
from .combat import Combat, roll2
from .exits import Exits
from .explain import Explain
from .facts import BWFacts
from .fire import Fire
from .handling import Handling
from .los import LineOfSight
from .moves import Moves
from .objectives import Objectives
from .orders import Orders
from .overwatch import Overwatch
from .phases import Phases
from .scenario import BWScenario, ScenarioAreas, UnitEntry
from .setup import Setup
from .tables import Tables, UnitType, load_tables
from .terrain import Terrain
from .timed import TimedEvents
from .verbs import Assault, Breach, Mode, PointFire
from .victory import Victory
from .views import GAME_ID, Views, clock, day  # noqa: F401  (clock and day: read from here too)

SIDES = ("soviet", "axis")


class BWRules(Phases, Explain, TimedEvents, Exits, ScenarioAreas, Choices, Choosing, Views, Carriers, Moves, Handling,
              Overwatch, Fire, Combat, Artillery, Orders, Objectives, Setup, Victory, LineOfSight,
              Sequence):
    game_id = GAME_ID
    rules_version = 1
    sides = SIDES
    side_names = {"soviet": "Soviet", "axis": "Axis"}
    CITE = {"over": "5.0", "sequence": "§3"}  # the refusals of the other phases: their rows (phases.py)

    def __init__(self, board, scenario: BWScenario, options: dict | None = None, tables: Tables | None = None) -> None:
        self.board, self.scen = board, scenario
        self.options = dict(options or {})
        self.t = tables or load_tables()
        self.ter = Terrain(board, self.t)
        self.ids = hex_ids_of(board)
        self.area = frozenset(board.regions.get(scenario.region, frozenset(board.terrain)))
        self.entries: dict[str, UnitEntry] = {u.id: u for u in scenario.units}
        self._side_sets: dict[str, frozenset[str]] = {}  # on_map (_ids_of keeps its own sorted tuples)
        self.specs: dict[str, UnitType] = {}
        def div_morale(u) -> int:  # each Soviet unit's own division (Scen. 3: three divisions)
            d = u.division or scenario.division
            return self.t.unit_types["sov_rifle_43_72" if d in ("43", "72") else "sov_rifle_63gd"].morale
        for u in scenario.units:
            ut = self.t.unit_types.get(u.type)
            if ut is None:
                from ...core.errors import DataError
                raise DataError(scenario.source, f"unit {u.id}: unknown unit type {u.type!r} (counters.yaml)")
            if ut.morale == "division":
                ut = replace(ut, morale=div_morale(u))
            self.specs[u.id] = ut
        with use_hex_ids(self.ids):
            self.area_hexes = {k: self.area_hexes_of(w, h) for k, (w, h) in scenario.areas.items()}
        self.entry_hexes = frozenset(board.edges.get(scenario.entry_edge, frozenset()) & self.area)
        self.trench_hexes = frozenset(h for h in self.area if self.ter.is_trench(h))
        self.north_of_wire = self._north_of_wire()
        self._handlers = self.handler_tables()  # phases.py: per phase kind, action type -> (check, apply)

    # --- small look-ups ------------------------------------------------------------
    def entries_of(self, uid: str) -> frozenset[Hex]:
        """Where an arriving unit comes on: its scenario hex (Scen. 1: 3-Recon at the Train
        Station), else the Soviet north edge east of the highway (1.10g)."""
        e = self.entries[uid]
        if e.at:
            return frozenset({self.ids.parse(e.at)})
        if e.enter:  # 1.10h: released reinforcements come on through their Entry Areas
            return self.enter_hexes(e.enter)
        return self.entry_hexes if e.side == "soviet" else frozenset()

    def spec(self, uid: str) -> UnitType:
        return self.specs[uid]

    def entry(self, uid: str) -> UnitEntry:
        return self.entries[uid]

    def side_of(self, uid: str) -> str:
        return self.entries[uid].side

    def _area(self, within: int, hid: str) -> frozenset[Hex]:
        from ...core.hexgrid import parse_hex
        c = parse_hex(hid)
        return frozenset(h for h in self.area if distance(h, c) <= within)

    def _north_of_wire(self) -> frozenset[Hex]:
        """1.10f: no Axis set-up in the wire or north of it (per column, rows up to the
        southernmost wire hex of that column)."""
        last: dict[int, int] = {}
        for h in self.ter.wire:
            last[h.col] = max(last.get(h.col, 0), h.row)
        return frozenset(h for h in self.area if h.col in last and h.row <= last[h.col])

    def time(self, state) -> int:
        return clock(self.scen.first_time, state.turn)

    def period(self, state) -> tuple[str, int]:
        kind, lim = self.t.period(self.time(state))
        wlim = self.t.weather_states.get(state.extra.get("weather", "clear"), {}).get("visibility_limit", lim)
        return kind, min(lim, int(wlim))  # 1.8: the lesser of the two

    def wire_state(self, state, h: Hex) -> int:
        if h not in self.ter.wire:
            return 2
        return state.extra.get("wire", {}).get(h, 0)

    def mode(self, state, uid: str) -> str:
        return state.extra.get("mode", {}).get(uid, "fire")

    def status(self, state, uid: str) -> str:
        return state.extra.get("status", {}).get(uid, "")

    def on_map(self, state, side: str | None = None) -> list[Unit]:
        if side is None:
            return [u for u in state.units.values() if u.where == ON_MAP]
        ids = self._side_sets.get(side)
        if ids is None:  # a set per side, built once: no side_of call per unit (listing speed)
            ids = self._side_sets[side] = frozenset(k for k, e in self.entries.items() if e.side == side)
        return [u for u in state.units.values() if u.where == ON_MAP and u.id in ids]

    def enemy_of(self, side: str) -> str:
        return "axis" if side == "soviet" else "soviet"

    # --- state ------------------------------------------------------------------
    def new_state(self, dice) -> tuple[State, list[Event]]:
        units = {}
        for u in self.scen.units:
            if self.starts_unplaced(u):  # Axis, and Soviets with a set-up area (setup.py)
                units[u.id] = Unit(u.id, u.id, UNPLACED, None, self.specs[u.id].steps)
            else:
                arr = 1
                if u.arrives:
                    arr = next((t for t in range(1, self.scen.turns + 1)
                                if clock(self.scen.first_time, t) == int(u.arrives)), self.scen.turns + 1)
                units[u.id] = Unit(u.id, u.id, ARRIVING, None, self.specs[u.id].steps, True, arr)
        units = self.initial_units(units)  # 1.10c losses, variable pools
        st = State(turn=1, phase="prep_log", units=units)
        st.extra = {
            "prep": self.historical_prep(),
            "ammo": {s: dict(v) for s, v in self.scen.ammo.items()},
            "weather": "clear",
            "reserve": frozenset(u.id for u in self.scen.units if u.reserve),
            "lost": self.initial_lost(units),
            "phasing": "soviet",
            "orders": self.initial_orders(),
            "bn": dict(self.scen.bn_morale),  # 1.10d
        }
        # at the opening, not in the first Action Phase's listing (a click): the movement graphs
        # and line-of-sight tables (moves.py), the orders' distance tables (objectives.py) and
        # the German batteries' tables (once a process)
        self.build_graphs()
        self.order_tables(st.extra["orders"])
        battery_data()
        return st, [Event("phase", "Soviet Prep Log: keep the historical targets or change them (2.4, 1.10b)")]

    def lesson_state(self, position, dice) -> tuple[State, list[Event]]:
        """A lesson's position (docs/lessons.md; the keys: lesson_setup.py)."""
        from .lesson_setup import lesson_state

        with use_hex_ids(self.ids):
            return lesson_state(self, position, dice)

    # --- the luck report (hexwar.luck): luck.py -----------------------------------------------
    def roll_odds(self, state, action, events) -> tuple[Any, ...]:  # RollOdds or None per roll
        from .luck import roll_odds

        with use_hex_ids(self.ids):
            return roll_odds(self, state, action, events)

    def losses(self, before, after) -> dict[str, tuple[int, int]]:
        from .luck import losses

        return losses(self, before, after)

    def score(self, state) -> tuple[str, dict[str, float]]:
        from .luck import score

        with use_hex_ids(self.ids):
            return score(self, state)

    def result(self, state) -> Result | None:
        return state.result

    def snapshot(self, state) -> dict:
        with use_hex_ids(self.ids):
            return state.snapshot()

    # --- what one side may know (core.position.Position) ----------------------------------
    def public_state(self, state, side: str):
        """A copy of ``state`` for ``side``: the Axis side does not see the Soviet Prep Log's
        boxes that have not fired yet (2.4, ``prep_log_view``), nor the box being plotted. When
        nothing is hidden the copy shares the state's kept answers (the same values)."""
        st = state.copy()
        if side == "axis":
            log = self.prep_log_view(state, "axis")
            if log != state.extra.get("prep", {}) or "prep_box" in state.extra:
                st.extra["prep"] = log
                st.extra.pop("prep_box", None)
                return st
        st._cache = state._cache
        return st

    def facts(self, state, side: str):
        """The read-only questions a computer player asks (facts.py)."""
        return BWFacts(self, state, side)

    # --- the Action Phase's unit actions ---------------------------------------------------
    def _ids_of(self, side: str) -> tuple[str, ...]:
        """The unit ids of one side, sorted (fixed by the scenario: computed once)."""
        got = self.__dict__.setdefault("_side_ids", {})
        if side not in got:
            got[side] = tuple(sorted(uid for uid, e in self.entries.items() if e.side == side))
        return got[side]

    def _places(self, uid: str) -> list:
        """The Place actions of an Axis unit's set-up hexes, in hex order (built once)."""
        got = self.__dict__.setdefault("_place_lists", {})
        if uid not in got:
            got[uid] = [Place(uid, h) for h in sorted(self.setup_hexes(uid))]
        return got[uid]

    def _unit_actions(self, state, u: Unit) -> list:
        moves, rest = self._unit_actions_split(state, u)
        return moves + rest

    def _unit_actions_split(self, state, u: Unit) -> tuple[list, list]:
        """(moves, the unit's other candidate actions): the moves are legal by construction
        (shared lists, never changed), the others still go through ``check`` in legal_for."""
        out: list = []
        uid = u.id
        side = self.side_of(uid)
        x = state.extra
        if u.where == ARRIVING and u.arrives <= state.turn:
            return self.entry_moves(state, uid), out  # moves.py
        if u.where != ON_MAP or uid in x.get("acted", frozenset()):
            return [], out
        st = x.get("status", {}).get(uid, "")  # self.status, read once
        if st == "P":
            return [], out
        md = x.get("mode", {}).get(uid, "fire")  # self.mode, read once
        moves = [] if uid in x.get("reserve", frozenset()) else self.moves_of(state, uid)
        out.append(self._mode_action(uid, "move" if md == "fire" else "fire"))
        s = self.spec(uid)
        if md == "fire" and not st:
            # the stack mates that may fire at all (check_sfa's unit half), once per unit
            mates = [m for m in state.units_at(u.hex) if self.side_of(m.id) == side and m.id != uid
                     and self._sfa_unit_refusal(state, m) is None]
            for tgt in self.fire_targets(state, uid):
                out.append(Attack(tgt, (uid,)))
                stack = tuple(m.id for m in mates if self._sfa_target_ok(state, m, self.spec(m.id), tgt))
                if stack and uid < min(stack):  # the whole stack together, listed once
                    out.append(Attack(tgt, (uid,) + stack))
            if s.point_target and s.at_attack:
                for tu in self.point_targets(state, uid):
                    out.append(PointFire(uid, tu))
            for call in self.calls_for(state, uid):
                out.append(call)
        out += [Breach(uid, h) for h in self.wire_to_breach(state, u)]  # 1.4b (handling.py)
        out += self.manhandle_actions(state, u)  # 1.1e
        out += self.carrier_actions(state, u)  # 1.11b
        if side == "soviet":  # exit_actions answers [] for the Axis (5.0: only Soviet units leave)
            out += self.exit_actions(state, u)  # 5.0 (exits.py)
        if md == "move" and not st:
            enemy = self._block_set(state, uid)[1]  # hexes holding enemy units (moves.py)
            for h in self.board.adjacent(u.map_hex):
                if h in enemy:
                    out.append(Assault(h, (uid,)))
        return moves, out

    def _mode_action(self, uid: str, to: str) -> Mode:
        """The Mode action of a unit (one object per unit and mode: actions never change)."""
        got = self.__dict__.setdefault("_mode_acts", {})
        a = got.get((uid, to))
        if a is None:
            a = got[(uid, to)] = Mode(uid, to)
        return a

    def _parse(self, text: str) -> Hex | None:
        try:
            return self.ids.parse(text)
        except Exception:
            return None

    def _check_place(self, state, a: Place) -> Illegal | None:
        u = state.units.get(a.unit)
        if u is None or self.side_of(a.unit) != "axis" or u.where != UNPLACED:
            return Illegal("1.10f", f"{a.unit} is not an Axis unit waiting to set up")
        if a.hex not in self.setup_hexes(a.unit):
            area = self.entry(a.unit).area
            return Illegal("1.10f", f"{a.unit} sets up in area {area} of the play area, "
                                    "not in the wire or north of it")
        if a.hex in self._soviet_held(state):
            return Illegal("§5", f"Soviet units hold {self.ids.name(a.hex)}: units never share a hex with "
                                 "the enemy outside an assault or overrun")
        ok = self.allowed_setup(state, a.unit)  # setup.py, decision BW-S1
        if ok is not None and a.hex not in ok:
            unc = sorted(self.uncovered(state))
            names = ", ".join(self.ids.name(h) for h in unc[:4]) + (" ..." if len(unc) > 4 else "")
            return Illegal("4.4" if self.free_setup() else "1.10f",
                           f"trench hexes still need a unit in or next to them ({names}); {a.unit} can cover "
                           f"one, so it sets up where it does first (e.g. {self.ids.name(min(ok))})")
        return None

    def _check_pickup(self, state, a: Remove) -> Illegal | None:
        """1.10f / 4.4: with every unit placed and a trench hex still uncovered, the Axis player
        picks a placed unit up again (decision BW-S1)."""
        u = state.units.get(a.unit)
        if u is None or self.side_of(a.unit) != "axis" or u.where != ON_MAP:
            return Illegal("1.10f", f"{a.unit} is not an Axis unit set up on the map")
        if any(x.where == UNPLACED for x in state.units.values()) or not self.uncovered(state):
            return Illegal("1.10f", "units are picked up again only when every unit is placed and a trench "
                                    "hex is still uncovered")
        return None

    def _soviet_held(self, state) -> frozenset[Hex]:
        return frozenset(u.hex for u in state.units.values()
                         if u.where == ON_MAP and self.side_of(u.id) == "soviet")

    def setup_hexes(self, uid: str) -> frozenset[Hex]:
        """1.10f: the unit's areas, less the wire and what lies north of it (fixed by the
        scenario: computed once per unit)."""
        got = self.__dict__.setdefault("_setup_hexes", {})
        if uid not in got:
            if self.free_setup():  # 4.4: anywhere in play on or south of the trench line
                hs = self._south_of_trenches()
            else:
                hs = self.unit_areas(uid)  # setup.py
            got[uid] = frozenset(h for h in hs if h not in self.north_of_wire and h not in self.ter.wire)
        return got[uid]

    def _south_of_trenches(self) -> frozenset[Hex]:
        """4.4: hexes of the play area on or south of the trench line (per column, from its
        northernmost trench hex; a column without trenches only loses what lies north of the
        wire)."""
        first: dict[int, int] = {}
        for h in self.trench_hexes:
            first[h.col] = min(first.get(h.col, h.row), h.row)
        return frozenset(h for h in self.area if h.col not in first or h.row >= first[h.col])

    # --- apply ---------------------------------------------------------------------------
    def apply(self, state, action, dice) -> list[Event]:
        """The core's dispatch (phases.py: the phase's table), run by ``resolve`` (choices.py),
        which may stop it for an owner's choice and runs it again, from before the action, with
        the answer; around it the contacts and occupations that victory counts (5.0)."""
        with use_hex_ids(self.ids):
            self.note_contact(state, self.contact_of(state, action))
            ev = self.resolve(state, action, dice, self.dispatch)  # choices.py: may stop for a choice
            state.touch()
            self.note_occupation(state, action)  # 5.0 occupy
        at = state._cache.get("at")
        state.touch()
        if at is not None:  # the occupied-hex index: note_occupation moves no unit (apply speed)
            state._cache["at"] = at
        return ev

    # --- the turn ------------------------------------------------------------------------
    def start_turn(self, state, dice) -> list[Event]:
        """Command Phase (§3.1): weather on hour turns (1.8), battalion morale recovery on hour
        turns (§12.6), then the Axis may release reserves."""
        state.phase = "command"
        state.extra["cmd"] = "soviet"
        tm = self.time(state)
        ev = [Event("phase", f"Turn {state.turn} ({tm:04d}): Command Phase")]
        ev += self.timed_events(state)  # 0500 Feb 11: 2.3, 2.3c, 3.2c (timed.py)
        ev += self.variable_rolls(state, dice)  # 3.5, 3.3, 2.7 (setup.py)
        ev += self.review_orders(state)  # §3.1 steps 2-3
        if tm % 100 == 0:
            ev += self.bn_recovery(state, dice)
            ev += self.roll_weather(state, dice)
        state.extra["released_now"] = frozenset()
        return ev

    def roll_weather(self, state, dice) -> list[Event]:
        roll, ev = roll2(dice)
        mod = self.t.after_snow if state.extra.get("weather") == "snow" else 0
        w = self.t.weather(roll + mod)
        state.extra["weather"] = w
        return ev + [Event("weather", f"weather roll {roll}{f'+{mod}' if mod else ''}: {w} (1.8)", {"weather": w})]

    def bn_recovery(self, state, dice) -> list[Event]:
        ev: list[Event] = []
        bn = dict(state.extra.get("bn", {}))
        for b in sorted(k for k, v in bn.items() if v > 0):
            r = dice.roll(6)
            ev.append(Event("die_rolled", f"battalion {b} recovery roll {r}", {"dice": [r]}))
            if r <= bn[b]:
                bn[b] -= 1
                ev.append(Event("battalion_morale", f"battalion {b} morale falls to {bn[b]} (§12.6)"))
        state.extra["bn"] = bn
        return ev

    def end_command(self, state, dice) -> list[Event]:
        ev = self.air_phase(state, dice)
        if state.turn == 1:  # first turn: the scenario names the first player (§3.3)
            first = self.scen.first_player
            state.extra["order"] = (first, self.enemy_of(first))
            return ev + self.start_action(state, first, dice)
        while True:  # §3.3: both roll, ties re-rolled, the higher chooses
            s, a = dice.roll(6), dice.roll(6)
            ev.append(Event("die_rolled", f"initiative: Soviet {s}, Axis {a}", {"dice": [s, a]}))
            if s != a:
                break
        win = "soviet" if s > a else "axis"
        state.phase = "initiative"
        state.extra["phasing"] = win
        return ev + [Event("phase", f"the {win} player chooses who acts first (§3.3)")]

    def start_action(self, state, side: str, dice) -> list[Event]:
        state.phase = "action"
        state.extra["phasing"] = side
        for k in ("acted", "moved_mm", "shown", "t2t", "ow_marked", "commissar_used", "spotting"):
            state.extra[k] = frozenset()
        state.moved = set()
        ev = [Event("phase", f"{side.capitalize()} Action Phase")]
        # 2.4e: the phasing player's own barrage markers go first
        bars = tuple(b for b in state.extra.get("barrage", ()) if b[0] != side)
        if len(bars) != len(state.extra.get("barrage", ())):
            ev.append(Event("barrage", f"{side} barrage markers removed (2.4e)"))
        state.extra["barrage"] = bars
        state.extra.pop("breached_now", None)  # 1.4b D: a partial breach of the last phase may now be completed
        state.extra["adj_wire"] = frozenset(
            u.id for u in self.on_map(state, side)
            if any(h in self.ter.wire and self.wire_state(state, h) < 2 for h in self.board.adjacent(u.map_hex)))
        if side == "soviet":
            ev += self.fire_prep(state, dice)
        else:
            ev += self.fire_dora(state, dice)  # variant 4.7 (dora.py)
        ev += self.check_game_end(state, only_if_empty=True)
        return ev

    def company_of(self, uid: str) -> tuple[str, int] | None:
        """A Soviet rifle platoon's company (2.2b): its battalion's id head and the company's
        index (platoons 1-3, 4-6, 7-9), or None for any other unit."""
        head, _, num = uid.rpartition("Inf")
        if head and num.isdigit() and self.entry(uid).type.startswith("sov_rifle"):
            return head, (int(num) - 1) // 3
        return None

    def keep_together(self, state, uid: str) -> tuple[str, int] | None:
        """2.2b: a rifle company's platoons stay within 3 hexes of each other."""
        co = self.company_of(uid)
        return None if co is None else (f"{co[0]}Inf company {co[1] + 1}", 3)

    def bunching(self, state) -> list[str]:
        """2.2b is a guideline: warn (never forbid) when a Soviet rifle company (three
        platoons of a battalion) has a platoon more than 3 hexes from its leading platoon."""
        out = []
        groups: dict[tuple[str, int], list[Unit]] = {}
        for u in self.on_map(state, "soviet"):
            co = self.company_of(u.id)
            if co is not None:
                groups.setdefault(co, []).append(u)
        for (head, k), us in sorted(groups.items()):
            lead = max(us, key=lambda u: (u.map_hex.row, u.id))  # the one farthest south
            far = [u.id for u in us if distance(u.map_hex, lead.map_hex) > 3]
            if far:
                out.append(f"{head}Inf company {k + 1}: {', '.join(far)} more than 3 hexes from {lead.id} (2.2b)")
        return out

    def end_action(self, state, dice) -> list[Event]:
        warn = [Event("warning", w) for w in self.bunching(state)] if state.extra["phasing"] == "soviet" else []
        return warn + self._end_action(state, dice)

    def _end_action(self, state, dice) -> list[Event]:
        order = state.extra.get("order", (self.scen.first_player, self.enemy_of(self.scen.first_player)))
        if state.extra["phasing"] == order[0]:
            return self.start_action(state, order[1], dice)
        return self.clean_up(state, dice)

    def clean_up(self, state, dice) -> list[Event]:
        """§3.5: S goes, P becomes S, smoke decays, Dug In for Prepared Defense units in Fire
        Mode that stayed put, then the next turn (or the victory check)."""
        ev = [Event("phase", "Clean Up")]
        st = {k: "S" for k, v in state.extra.get("status", {}).items() if v == "P"}
        state.extra["status"] = st
        smoke = {h: v - 1 for h, v in state.extra.get("smoke", {}).items() if v > 1}
        state.extra["smoke"] = smoke
        state.extra["illum"] = frozenset()  # Illum lasts until Clean Up (§13.8)
        dug = set(state.extra.get("dug", frozenset()))
        for u in self.on_map(state):
            if (self.may_dig_in(state, u.id) and self.mode(state, u.id) == "fire"
                    and u.id not in state.extra.get("moved_turn", frozenset())):
                dug.add(u.id)
        state.extra["dug"] = frozenset(dug)
        state.extra["fired"] = frozenset()
        state.extra["moved_turn"] = frozenset()
        state.extra["arty_used"] = frozenset()
        if self.consolidations(state):
            state.phase = "clean_up"
            state.extra["phasing"] = "soviet"
            return ev + [Event("phase", "the Soviet player may consolidate reduced platoons (2.2c)")]
        return ev + self.finish_turn(state, dice)

    def finish_turn(self, state, dice) -> list[Event]:
        if state.turn >= self.scen.turns:
            return self.victory(state)
        state.turn += 1
        return self.start_turn(state, dice)

    # --- 2.2c consolidation -------------------------------------------------------------
    def consolidations(self, state) -> list[str]:
        """Pairs ``keep+merged`` of identical reduced Soviet platoons of one battalion, stacked
        or adjacent, neither S nor P, whose steps add up to 5 or less (Decision 37)."""
        # only reduced platoons without a status can pair at all: filtered first (listing speed),
        # then grouped by type and battalion; the pairs come out in the same order as before
        us = [u for u in self.on_map(state, "soviet") if not self.spec(u.id).vehicle and not self.spec(u.id).fo
              and u.steps < self.spec(u.id).steps and not self.status(state, u.id)]
        groups: dict[tuple[str, str], list] = {}
        for u in us:
            e = self.entry(u.id)
            groups.setdefault((e.type, e.battalion), []).append(u)
        out = []
        for a in us:
            e = self.entry(a.id)
            for b in groups[(e.type, e.battalion)]:
                if a.id == b.id or self.entry(a.id).type != self.entry(b.id).type:
                    continue
                if self.entry(a.id).battalion != self.entry(b.id).battalion or distance(a.map_hex, b.map_hex) > 1:
                    continue
                full = self.spec(a.id).steps
                if a.steps >= full or b.steps >= full or a.steps + b.steps > full:
                    continue
                if self.status(state, a.id) or self.status(state, b.id):
                    continue
                out.append(f"{a.id}+{b.id}")
        return out

    def consolidate(self, state, pair: str) -> list[Event]:
        keep, gone = pair.split("+")
        k, g = state.units[keep], state.units[gone]
        state.units[keep] = Unit(k.id, k.spec, k.where, k.hex, k.steps + g.steps, k.revealed, k.arrives)
        ev = [Event("consolidated", f"{gone} joins {keep}: {k.steps + g.steps} steps (2.2c)")]
        return ev + self.eliminate(state, gone, "consolidated into " + keep + " (counts as lost, 5.0)")

    def check_game_end(self, state, only_if_empty: bool = False) -> list[Event]:
        return []

    def victory(self, state) -> list[Event]:
        """The scenario's victory check (victory.py; Scen. 1: decision S1-1)."""
        return self.decide_victory(state)
