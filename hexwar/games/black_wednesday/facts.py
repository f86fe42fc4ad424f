"""Black Wednesday's read-only questions about one side's position: ``pos.facts`` of
``core.position.Position``, the only window a computer player has on the game.

``BWFacts(rules, state, side)`` is built by the rules' ``facts`` hook over the *public* copy of
the state (``public_state``: for the Axis side the Soviet Prep Log's unfired boxes are blank,
2.4). It answers without a state argument (``facts.status(uid)``, ``facts.sees_hex(a, b)``,
``facts.pfa_preview(firer, target)`` ...) and hands out only values: frozen units, specs and
entries, tuples, frozensets and read-only mappings. The rules object and the state stay
private; a what-if position is a new ``BWFacts`` (``with_unit_at``).
"""
from __future__ import annotations

import itertools
import weakref
from collections.abc import Iterable, Mapping
from types import MappingProxyType
from typing import TYPE_CHECKING, Any

from ...core.actions import Action
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance
from ...core.units import Unit
from . import previews
from .combat import barrage_at_attack
from .scenario import UnitEntry
from .tables import UnitType
from .views import clock

if TYPE_CHECKING:
    from ...core.board import Board
    from .choices import Pending

_SERIAL = itertools.count(1)
_KEYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # rules object -> its serial number


def frozen(v: Any) -> Any:
    """A read-only copy of plain data: dicts as read-only mappings, lists and sets as tuples
    and frozensets (nested values too)."""
    if isinstance(v, Mapping):
        return MappingProxyType({k: frozen(x) for k, x in v.items()})
    if isinstance(v, (list, tuple)):
        return tuple(frozen(x) for x in v)
    if isinstance(v, set):
        return frozenset(v)
    return v


class BWFacts:
    """What ``side`` may know of one Black Wednesday position, as questions and answers."""

    def __init__(self, rules: Any, state: Any, side: str) -> None:
        self._rules = rules
        self._state = state
        self.side = side
        self._units = MappingProxyType(state.units)
        self._at: dict[Hex, tuple[Unit, ...]] | None = None
        self._orders: Mapping[str, Mapping] | None = None
        self._near: dict[tuple[Hex, int], tuple] = {}
        self._spec: Mapping[str, Any] | None = None

    # --- the game and its scenario (fixed for the match) -----------------------------------
    @property
    def rules_key(self) -> int:
        """A number for the rules object of this match (scenario and options), never reused
        in the process: players key their memos across decisions with it."""
        got = _KEYS.get(self._rules)
        if got is None:
            got = _KEYS[self._rules] = next(_SERIAL)
        return got

    @property
    def board(self) -> Board:
        """The map (the same object as ``Position.board``)."""
        return self._rules.board

    @property
    def scenario_id(self) -> str:
        return self._rules.scen.id

    @property
    def last_turn(self) -> int:
        """The scenario's last game turn (the victory check follows it, 5.0)."""
        return self._rules.scen.turns

    @property
    def victory_spec(self) -> Mapping[str, Any]:
        """The scenario's victory conditions as printed on its page (read only; {} if none)."""
        if self._spec is None:
            self._spec = frozen(self._rules.scen.victory_spec or {})
        return self._spec

    @property
    def victory_kind(self) -> str:
        """How the scenario is won: ``clear_trenches`` (Scen. 1), ``conditions``, ``campaign`` (5.1)."""
        return (self._rules.scen.victory_spec or {}).get("kind", self._rules.scen.victory)

    @property
    def area(self) -> frozenset[Hex]:
        """The scenario's play area."""
        return self._rules.area

    @property
    def trench_hexes(self) -> frozenset[Hex]:
        """The trench hexes of the play area (1.3)."""
        return self._rules.trench_hexes

    @property
    def wire_hexes(self) -> frozenset[Hex]:
        """The hexes with wire printed in them (1.4), breached or not."""
        return self._rules.ter.wire

    @property
    def edge_hexes(self) -> frozenset[Hex]:
        """The map-edge hexrow of the play area (5.0)."""
        return self._rules.edge_hexes

    def is_trench(self, h: Hex) -> bool:
        return self._rules.ter.is_trench(h)

    def exit_area(self, h: Hex) -> str:
        """The Entry Area letter (1.10g/h) of an edge hex, or ''."""
        return self._rules.exit_area(h)

    def feature_hexes(self, name: str) -> frozenset[Hex]:
        """The hexes of a named feature of the victory conditions (5.0: a village, El Bastion ...)."""
        return self._rules.feature_hexes(name)

    def distance_field(self, targets: Iterable[Hex]) -> Mapping[Hex, int]:
        """Hex of the board -> hex distance to the nearest of ``targets``."""
        return MappingProxyType(self._rules.distance_field(frozenset(targets)))

    def step_graph(self, cls: str, ma: int) -> Mapping[Hex, tuple[tuple[Hex, float], ...]]:
        """The movement graph of a class inside the play area: hex -> ((neighbour, MP to step
        into it), ...) in the board's neighbour order (§7.1 costs)."""
        return MappingProxyType(self._rules._edges(cls, ma))

    def steps_into(self, cls: str, ma: int) -> Mapping[Hex, tuple[tuple[Hex, float], ...]]:
        """The movement graph read backwards, over the whole board: hex -> ((neighbour, MP to
        step from the neighbour into the hex), ...), in the board's neighbour order (§7.1)."""
        board = self._rules.board
        key = ("bw_reverse_edges", cls, ma)
        g = board.cache.get(key)
        if g is None:
            terrain, step, adj = board.terrain, self._rules.ter.step_cost, board.adjacent
            g = {}
            for h in terrain:
                out = []
                for n in adj(h):
                    if n in terrain:
                        c = step(n, h, cls, ma)
                        if c is not None:
                            out.append((n, c))
                g[h] = tuple(out)
            board.cache[key] = g
        return MappingProxyType(g)

    # --- units (their counters and scenario lines are public) --------------------------------
    def side_of(self, uid: str) -> str:
        return self._rules.side_of(uid)

    @staticmethod
    def enemy_of(side: str) -> str:
        return "axis" if side == "soviet" else "soviet"

    def spec(self, uid: str) -> UnitType:
        """The unit's counter values (counters.yaml)."""
        return self._rules.spec(uid)

    def entry(self, uid: str) -> UnitEntry:
        """The unit's line of the scenario (arrival, entry hexes, battalion, order ...)."""
        return self._rules.entry(uid)

    def unit_ids(self, side: str) -> tuple[str, ...]:
        """The unit ids of one side, sorted."""
        return self._rules._ids_of(side)

    def entries_of(self, uid: str) -> frozenset[Hex]:
        """Where an arriving unit comes on, as the scenario page prints it (1.10g/h)."""
        return self._rules.entries_of(uid)

    def formation_units(self, formation: str, side: str) -> tuple[str, ...]:
        return tuple(self._rules.formation_units(formation, side))

    def can_lose_step(self, uid: str) -> bool:
        """Can area fire take a step from this unit (not an FO, 2.3e; not a Defense 2+ vehicle, §8.4)?"""
        return self._rules._can_lose_step(uid)

    # --- the position ---------------------------------------------------------------------
    @property
    def turn(self) -> int:
        return self._state.turn

    @property
    def phase(self) -> str:
        """The phase id (``prep_log``, ``axis_setup``, ``command``, ``action`` ...)."""
        return self._state.phase

    @property
    def phasing(self) -> str | None:
        """The side whose Action Phase it is (or who chooses the initiative, §3.3)."""
        return self._state.extra.get("phasing")

    @property
    def initiative_order(self) -> tuple[str, str] | None:
        """(first, second) side of this turn's Action Phases once decided (§3.3), else None."""
        return self._state.extra.get("order")

    @property
    def weather(self) -> str | None:
        return self._state.extra.get("weather")

    @property
    def smoke(self) -> Mapping[Hex, int]:
        """Smoke markers by hex and level (§13.8)."""
        return MappingProxyType(self._state.extra.get("smoke") or {})

    @property
    def barrages(self) -> tuple[tuple[str, frozenset[Hex], int], ...]:
        """The barrage markers on the map, as the view shows them (§13.6, 2.4e): (the side that
        fired, the hexes marked, firepower) of each mission. A unit entering a marked hex is
        attacked once at that firepower (Decision 11); ``barrage_at_kill`` gives a vehicle's
        AT roll (Decision 35)."""
        return tuple((s, frozenset(hs), fp) for s, hs, fp in self._state.extra.get("barrage", ()))

    def barrage_at_kill(self, uid: str, h: Hex, fp: int) -> int | None:
        """The 2d6 total the AT roll a barrage of ``fp`` gives vehicle ``uid`` in ``h`` after a
        step-loss result needs to knock it out (Decision 35, §9.2), or None when it gives none
        (not a vehicle of Defense 2+, or under 20 firepower)."""
        s = self.spec(uid)
        attack = barrage_at_attack(fp)
        if not (s.vehicle and s.defense >= 2 and attack):
            return None
        return self._rules.at_kill_need(self._state, uid, attack, h)

    @property
    def illum(self) -> frozenset[Hex]:
        """Hexes lit by Illum this turn (§13.8)."""
        return frozenset(self._state.extra.get("illum") or ())

    @property
    def statuses(self) -> Mapping[str, str]:
        """Unit -> its S or P marker (§12.3), for the units that have one."""
        return MappingProxyType(self._state.extra.get("status", {}))

    @property
    def spotting(self) -> frozenset[str]:
        """The spotters that have called a mission this phase (Decisions 19 and 30)."""
        return frozenset(self._state.extra.get("spotting", frozenset()))

    @property
    def reserve(self) -> frozenset[str]:
        """Units still in reserve (§16.8)."""
        return frozenset(self._state.extra.get("reserve", frozenset()))

    @property
    def reserves_released(self) -> int:
        """Axis reserve companies released so far (a Scen. 2 count)."""
        return self._state.extra.get("reserves_released", 0)

    @property
    def last_mover(self) -> str | None:
        """The unit whose move an overwatch answers (§10)."""
        return self._state.extra.get("last_mover")

    @property
    def units(self) -> Mapping[str, Unit]:
        """Every unit (on the map, arriving, unplaced, gone), read only."""
        return self._units

    def _index(self) -> dict[Hex, tuple[Unit, ...]]:
        if self._at is None:  # built once: the position never changes
            self._at = {h: tuple(us) for h, us in self._state.occupied().items()}
        return self._at

    def occupied(self) -> Mapping[Hex, tuple[Unit, ...]]:
        """Hex -> the units in it (sorted by id), for every hex with units on the map."""
        return MappingProxyType(self._index())

    def units_at(self, h: Hex) -> tuple[Unit, ...]:
        return self._index().get(h, ())

    def on_map(self, side: str | None = None) -> tuple[Unit, ...]:
        return tuple(self._rules.on_map(self._state, side))

    def occupied_within(self, target: Hex, r: int) -> tuple[tuple[Hex, tuple[Unit, ...], int], ...]:
        """((hex, its units, distance), ...) of the occupied hexes within ``r`` of ``target``,
        in the order of ``occupied()``."""
        key = (target, r)
        got = self._near.get(key)
        if got is None:
            occ = self.occupied()
            disc = self._rules._disc(target, r)  # every hex within r (the engine's, kept per centre)
            if len(disc) < len(occ):
                inside = {h for h in disc if h in occ}
                got = tuple((h, us, distance(h, target)) for h, us in occ.items() if h in inside)
            else:
                got = tuple((h, us, d) for h, us in occ.items() if (d := distance(h, target)) <= r)
            self._near[key] = got
        return got

    def status(self, uid: str) -> str:
        """'S', 'P' or '' (§12.3)."""
        return self._rules.status(self._state, uid)

    def mode(self, uid: str) -> str:
        """'fire' or 'move' (§5)."""
        return self._rules.mode(self._state, uid)

    def wire_state(self, h: Hex) -> int:
        """Breaches of the wire in ``h``: 0, 1, or 2 (open, and any hex without wire; 1.4)."""
        return self._rules.wire_state(self._state, h)

    def occupier(self, h: Hex) -> str:
        """The side that occupies ``h`` (5.0: the last in it or through it; the Axis's until entered)."""
        return self._rules.occupier(self._state, h)

    def entries_now(self, uid: str) -> frozenset[Hex]:
        """Where an arriving unit may come on now (decision BW-R9)."""
        return self._rules.entries_now(self._state, uid)

    def pending(self) -> Pending | None:
        """The choice a resolution waits for (losses, retreat, overwatch ...), if any."""
        return self._rules.pending(self._state)

    # --- orders (§16; every order is shown to both players) ---------------------------------
    def orders(self) -> Mapping[str, Mapping[str, Any]]:
        """Order id -> the order (read only): side, type, objective, members, wt, status ..."""
        if self._orders is None:
            self._orders = frozen(self._rules.orders(self._state))
        return self._orders

    def order_of(self, uid: str) -> Mapping[str, Any] | None:
        """The implemented order a unit is on; None for reserves and unassigned units."""
        o = self._rules.order_of(self._state, uid)
        return None if o is None else self.orders()[o["id"]]

    def _order(self, order: Mapping[str, Any]) -> dict:
        return self._rules.orders(self._state).get(order["id"]) or dict(order)

    def objective(self, order: Mapping[str, Any]) -> frozenset[Hex]:
        return self._rules.objective(self._order(order))

    def order_need(self, order: Mapping[str, Any]) -> str | None:
        """The d66 roll an order being prepared needs to implement now (§16.3)."""
        return self._rules.order_need(self._order(order))

    def near_objective(self, order: Mapping[str, Any], h: Hex) -> int:
        """Hexes from ``h`` to the nearest hex of the order's objective."""
        return self._rules.near_objective(self._order(order), h)

    # --- seeing and fire -------------------------------------------------------------------
    def sees_hex(self, a: Hex, b: Hex) -> bool:
        """Line of sight from ``a`` to ``b`` within the visibility limit (§6.2, 1.8, §13.8)."""
        return self._rules.sees_hex(self._state, a, b)

    def spots(self, obs: Hex, target: Unit) -> bool:
        """Does a unit in ``obs`` spot ``target`` (§6.1)?"""
        return self._rules.spots(self._state, obs, target)

    def fire_targets(self, uid: str) -> tuple[Hex, ...]:
        """The hexes the unit may fire an SFA at now (§8)."""
        return tuple(self._rules.fire_targets(self._state, uid))

    def calls_for(self, uid: str) -> tuple:
        """The HE missions a spotter may call now (§13), listed as the legal actions list them."""
        return tuple(self._rules.calls_for(self._state, uid))

    def firepower(self, units: Iterable[Unit], rng: int, full: bool = False) -> float:
        """Area-fire firepower of ``units`` at range ``rng`` (§8.2; ``full``: as in an assault)."""
        return self._rules.firepower(self._state, list(units), rng, full=full)

    def area_shifts(self, target: Hex, kind: str, units: Iterable[Unit] | None = None,
                    firer_hex: Hex | None = None) -> tuple[tuple[str, int], ...]:
        """Column shifts of an area fire at ``target`` (§8.3); positive is worse for the target."""
        us = None if units is None else list(units)
        return tuple(self._rules.area_shifts(self._state, target, kind, units=us, firer_hex=firer_hex))

    def mm(self, uid: str, kind: str) -> int:
        """Modified morale of a unit for a check of ``kind`` (§12.2)."""
        return self._rules.mm(self._state, uid, kind)

    def fire_column(self, fp: int) -> tuple[int, int]:
        """(Area Fire Table column, firepower over the last column) of ``fp`` (§8.2)."""
        return self._rules.t.fire_column(fp)

    def fire_result(self, column: int, roll: int) -> str:
        """The Area Fire Table result of a roll on a column (§8.2)."""
        return self._rules.t.fire_result(column, roll)

    def morale_result(self, mm: int, roll: int) -> str:
        """The Morale Table result of a roll against modified morale ``mm`` (§12.3)."""
        return self._rules.t.morale_result(mm, roll)

    def shift(self, name: str) -> int:
        """A named column shift of the tables (``shock``: the overrun's, §11.2)."""
        return self._rules.t.shifts[name]

    # --- artillery (§13, 2.3) --------------------------------------------------------------
    def scenario_artillery(self, side: str) -> Mapping[str, str]:
        """Artillery id -> calibre as the scenario lists them."""
        return MappingProxyType(self._rules.artillery_of(side))

    def artillery(self, side: str) -> Mapping[str, str]:
        """Artillery id -> calibre now: the scenario's, German batteries released (3.5b), less
        those gone at 0500 Feb 11 (2.3)."""
        return MappingProxyType(self._rules.artillery_of(side, self._state))

    def battery_fp(self, calibre: str) -> int:
        """Barrage firepower of one battery of ``calibre`` (artillery.yaml)."""
        return self._rules.t.barrage[calibre]

    def ammo_left(self, side: str, artillery: str, kind: str) -> int:
        """Rounds of ``kind`` the battery may still fire (2.3b, 4.1d)."""
        return self._rules.ammo_left(self._state, side, artillery, kind)

    # --- what the client's line-of-sight tool and camera ask ----------------------------------
    @property
    def visibility(self) -> tuple[str, int]:
        """(period of the day, visibility limit in hexes) now: day, twilight or night, and the
        weather's limit when lower (1.8)."""
        return self._rules.period(self._state)

    def sight(self, a: Hex, b: Hex) -> previews.Sight:
        """Can a unit in ``a`` see hex ``b``, and if not, the hex and the cause that block it, in
        words with the rule (§6.2, 1.8, §13.8: the engine's ``line_detail``)."""
        return previews.sight(self._rules, self._state, a, b)

    def seen_from(self, uid: str) -> tuple[int, str, bool]:
        """(range, spotting class of its hex, doubled) an enemy spots this unit from (§6.1)."""
        return previews.seen_from(self._rules, self._state, uid)

    def no_direct_fire(self, a: Hex, b: Hex) -> bool:
        """True when no direct fire goes from ``a`` to ``b``: into or out of the Mill (1.1f)."""
        return bool(self._rules.ter.no_direct_fire(a, b))

    def moved_trench_to_trench(self, uid: str) -> bool:
        """The unit's last hex entered was trench to trench: spotted only from next door (1.3c)."""
        return uid in self._state.extra.get("t2t", frozenset())

    @property
    def setup_areas(self) -> Mapping[str, frozenset[Hex]]:
        """The scenario's set-up areas by name (1.10f), inside the play area."""
        return MappingProxyType(self._rules.area_hexes)

    @property
    def entry_hexes(self) -> frozenset[Hex]:
        """The Soviet entry edge inside the play area (1.10g)."""
        return self._rules.entry_hexes

    def prep_boxes(self, turn: int) -> tuple[tuple[str, Hex, int, int, str, float], ...]:
        """The Prep Log boxes (2.4) that fire first thing in the Soviet Action Phase of ``turn``,
        as far as this side may know them (the Axis sees a box only once it has fired, 2.4):
        (column, plotted hex, firepower, radius of the Attack Zone, kind, chance of a Good
        Shoot) of each, as ``fire_prep`` lands it: the zone at full firepower and the ring
        around it at half; a Bad Shoot lands the guns on the plotted hex at half value
        (Decision 9) and scatters the Katyushas (2.4g)."""
        tm = f"{clock(self._rules.scen.first_time, turn):04d}"
        out = []
        for col, box in sorted((self._state.extra.get("prep") or {}).items()):
            hid = box.get(tm)
            if not hid:
                continue
            target = self._rules.ids.parse(hid)
            p = previews.prep_preview(self._rules, col, tm, target)
            if p is not None:
                out.append((col, target, int(p["fp"]), int(p["radius"]), str(p["kind"]), float(p["good"])))
        return tuple(out)

    def dora_plots(self) -> tuple[Mapping[str, Any], ...]:
        """Dora's plotted shots (4.7): each its ``time`` (hhmm), ``hex`` and whether it ``fired``."""
        return tuple(MappingProxyType(p) for p in self._rules.artillery_view(self._state).get("dora") or ())

    # --- the engine's previews (previews.py, shared with the client) -------------------------
    def pfa_preview(self, firer: str, target: str) -> dict | None:
        """Point fire (§9): to-hit, modifiers, kill number and overall chance."""
        return previews.pfa_preview(self._rules, self._state, firer, target)

    def assault_preview(self, target: Hex, units: tuple[str, ...]) -> dict | None:
        """An assault (§11.1): both fires and both morale checks."""
        return previews.assault_preview(self._rules, self._state, target, units)

    def call_preview(self, call: Action) -> dict | None:
        """An artillery mission (§13): adjustment need, good-shoot chance, ammunition."""
        return previews.call_preview(self._rules, self._state, call)

    # --- the legal actions and what if ------------------------------------------------------
    def check(self, action: Action) -> Illegal | None:
        """Why ``action`` is refused here, or None when it is legal."""
        return self._rules.check(self._state, action)

    def actions_of(self, units: Iterable[str]) -> list[Action]:
        """The legal actions of these units only, and the phase's other actions (ending it,
        the set-up's breaches ...): a cheaper listing when a player looks at a few units."""
        return list(self._rules.legal_for(self._state, set(units)))

    def with_unit_at(self, uid: str, h: Hex) -> BWFacts:
        """The same questions with ``uid`` standing in ``h`` (e.g. a vehicle at range 0 of a
        gun, for the gun's point-fire figures)."""
        st = self._state.copy()
        st.units[uid] = st.units[uid].at(h)
        st.touch()
        return BWFacts(self._rules, st, self.side)


__all__ = ["BWFacts", "frozen"]
