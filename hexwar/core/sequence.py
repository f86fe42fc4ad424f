"""The shared frame of a phase-driven game: the contract, the common queries and the
turn sequence with its end-of-phase stacking check.

``Sequence`` is the phase machine: a table per phase kind of action type -> (check, apply),
stages that take over until settled, the end of a phase. ``PhasedRules`` adds the queries of
the hex-and-counter games. A game subclasses one of them (``PhasedRules`` with the mixins of
``motion``, ``battle`` and ``replacement``) and fills in the hooks: its phases, its stacking rule, its rule
numbers (``CITE``) and the handlers of its own phase kinds. Nothing here knows a
particular game.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from . import actions as A
from .actions import Event
from .board import Board
from .comms import reaching_edge
from .contract import MapLayer
from .dice import Dice
from .errors import Illegal
from .game import Result
from .hexgrid import Hex, hex_name
from .hooks import RulesHooks
from .state import Stage, State
from .units import ON_MAP, Unit, UnitSpec
from .zoc import zoc_hexes

# What a phase kind does with each action type: (check, apply) per action class.
Handlers = dict[type, tuple[Callable[..., "Illegal | None"], Callable[..., None]]]


class HasSides(Protocol):
    """What the frame reads of a game's scenario: each side's settings (its ``edge``)."""

    @property
    def sides(self) -> Mapping[str, Mapping[str, str]]: ...


class PhaseSpec(Protocol):
    """What a game's ``phase(state)`` returns: one row of its sequence of play."""

    @property
    def id(self) -> str: ...
    @property
    def side(self) -> str | None: ...  # None: both players act (a simultaneous phase)
    @property
    def name(self) -> str: ...
    @property
    def rule(self) -> str: ...
    @property
    def kind(self) -> str: ...


class Sequence(RulesHooks):
    """The phase machine every game stands on: the current phase's kind picks a table of
    action type -> (check, apply); a pending stage (a loss to take, a retreat to choose ...)
    takes over until it is settled; ending a phase goes through ``_check_end``/``_apply_end``.

    Subclasses set ``game_id``, ``side_names``, ``sides`` (two side ids) and ``CITE`` (rule
    numbers for ``over`` and ``sequence`` at least), and provide ``phase(state)`` (an object
    with ``id``, ``side``, ``name``, ``rule``, ``kind``), ``phase_actions(state, kind)``,
    ``phase_handlers(kind)`` and ``_advance_phase``; a game with stages fills in the
    ``_stage_*`` hooks. A kind's table may hold ``EndPhase`` (a phase that ends its own way,
    with dice); ``_check_units`` and ``_refuse_other`` let a game word its refusals;
    ``anytime_handlers``/``anytime_actions`` hold actions allowed in any phase or stage. The
    state needs ``result``, ``stage``, ``units`` and ``touch()``.
    """

    game_id: ClassVar[str] = ""
    rules_version: ClassVar[int] = 1
    side_names: ClassVar[dict[str, str]] = {}
    sides: ClassVar[tuple[str, str]] = ("", "")
    # Rule numbers of the shared concepts, so that every refusal cites the game's own case.
    CITE: ClassVar[dict[str, str]] = {}

    if TYPE_CHECKING:
        # Provided by every game (not defined here, so that nothing changes at run time).
        def phase(self, state: State) -> PhaseSpec: ...

    def acting_side(self, state: State) -> str | None:
        if state.result is not None:
            return None
        if state.stage is not None:
            return state.stage.side
        return self.phase(state).side

    # ---------------------------------------------------------------- the contract
    def phase_actions(self, state: State, kind: str) -> list[A.Action]:  # pragma: no cover - hook
        raise NotImplementedError

    def phase_handlers(self, kind: str) -> Handlers:  # pragma: no cover - hook
        raise NotImplementedError

    def legal_actions(self, state: State) -> list[A.Action]:
        if state.result is not None:
            return []
        if state.stage is not None:
            return self._stage_actions(state, state.stage) + self.anytime_actions(state)
        return self._with_anytime(self.phase_actions(state, self.phase(state).kind), state)

    def check(self, state: State, action: A.Action) -> Illegal | None:
        if state.result is not None:
            return Illegal(self.CITE["over"], "the game is over")
        bad = self._check_units(state, action)
        if bad is not None:
            return bad
        if self._anytime_table:
            anytime = self._anytime_table.get(type(action))
            if anytime is not None:
                return anytime[0](state, action)
        if state.stage is not None:
            return self._check_stage(state, state.stage, action)
        p = self.phase(state)
        h = self.phase_handlers(p.kind).get(type(action))
        if h is None and isinstance(action, A.EndPhase):  # unless the kind's table holds its own end
            return self._check_end(state)
        if h is not None:
            return h[0](state, action)
        return self._refuse_other(state, p, action)

    def apply(self, state: State, action: A.Action, dice: Dice) -> list[Event]:
        ev = self.dispatch(state, action, dice)
        state.touch()
        self._autoplay(state, dice, ev)
        self.after_action(state, dice, ev)
        return ev

    def dispatch(self, state: State, action: A.Action, dice: Dice) -> list[Event]:
        """One action to its handler: the pending stage's, else the phase kind's table (an
        ``EndPhase`` the table does not hold goes to ``_apply_end``). ``apply`` adds the
        automatic steps after it; a game whose resolution can stop for a player's choice and
        run again (replaying its dice) wraps this in its own ``apply``."""
        ev: list[Event] = []
        if self._anytime_table:
            anytime = self._anytime_table.get(type(action))
            if anytime is not None:
                anytime[1](state, action, dice, ev)
                return ev
        if state.stage is not None:
            self._apply_stage(state, state.stage, action, dice, ev)
            return ev
        table = self.phase_handlers(self.phase(state).kind)
        if type(action) not in table and isinstance(action, A.EndPhase):
            self._apply_end(state, ev)
        else:
            table[type(action)][1](state, action, dice, ev)
        return ev

    def _check_units(self, state: State, action: A.Action) -> Illegal | None:
        """Hook, asked before the stage and the phase's table: the units an action names. By
        default an unknown unit is refused; a game that words this its own way, or checks
        here whose units they are, overrides it."""
        for uid in units_named(action):
            if uid not in state.units:
                return Illegal("notation", f"there is no unit {uid!r}")
        return None

    def _refuse_other(self, state: State, p: PhaseSpec, action: A.Action) -> Illegal:
        """Hook: the refusal of an action the phase's table does not take."""
        return Illegal(self.CITE["sequence"],
                       f"'{action.notation().split()[0]}' is not something to do in the {p.name} phase")

    def after_action(self, state: State, dice: Dice, ev: list[Event]) -> None:
        """Hook: checks made after every action (sudden death, objectives …)."""

    def anytime_handlers(self) -> Handlers:
        """Hook: actions allowed whatever the phase or stage, checked and applied before the
        stage and the phase's table (a side's change to its own units at any moment); each
        check says when it is refused. None by default."""
        return {}

    @cached_property
    def _anytime_table(self) -> Handlers:
        # Asked on every check and apply: built once per rules object, and most games have none.
        return self.anytime_handlers()

    def anytime_actions(self, state: State) -> list[A.Action]:
        """Hook: the legal ones of ``anytime_handlers`` now, listed after a stage's or a
        phase's own actions and before the closing ``EndPhase``."""
        return []

    def _with_anytime(self, acts: list[A.Action], state: State) -> list[A.Action]:
        extra = self.anytime_actions(state)
        if extra:  # ending the phase stays the last option
            at = len(acts) - 1 if acts and isinstance(acts[-1], A.EndPhase) else len(acts)
            acts[at:at] = extra
        return acts

    # ------------------------------------------------------------ phase ends
    def _check_end(self, state: State) -> Illegal | None:
        return None

    def _apply_end(self, state: State, ev: list[Event]) -> None:
        state.touch()
        self._advance_phase(state, ev)

    def _advance_phase(self, state: State, ev: list[Event]) -> None:  # pragma: no cover - hook
        raise NotImplementedError

    # The battle stages live in battle.BattleMixin; a game without battles never has a stage.
    def _stage_actions(self, state: State, st: Stage) -> list[A.Action]:  # pragma: no cover - hook
        return []

    def _check_stage(self, state: State, st: Stage, act: A.Action) -> Illegal | None:  # pragma: no cover - hook
        return Illegal(self.CITE["sequence"], "not now")

    def _apply_stage(self, state: State, st: Stage, act: A.Action, dice: Dice,
                     ev: list[Event]) -> None:  # pragma: no cover
        raise NotImplementedError

    def _autoplay(self, state: State, dice: Dice, ev: list[Event]) -> None:
        pass


class PhasedRules(Sequence):
    """The queries shared by the hex-and-counter games on the sequence engine: sides, zones
    of control, communication, stacking and the end-of-phase overstack check.

    Besides the ``Sequence`` hooks, subclasses set ``unit_side``/``specs``/``board``/
    ``scenario`` in their ``__init__`` and provide ``stack_problem``.
    """

    board: Board
    specs: dict[str, UnitSpec]
    unit_side: dict[str, str]
    memo: dict[Any, Any]
    scenario: HasSides  # the game's own scenario object (a game may declare its own type)

    # ------------------------------------------------------------------ queries
    def enemy(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a

    def spec(self, state: State, uid: str) -> UnitSpec:
        return self.specs[state.units[uid].spec]

    def side(self, uid: str) -> str:
        return self.unit_side[uid]

    def _phase_side(self, state: State) -> str:
        """The side whose phase it is, in a phase one side plays (movement, combat ...)."""
        side = self.phase(state).side
        if side is None:
            raise ValueError(f"the {self.phase(state).name} phase belongs to no one side")
        return side

    def hex_units(self, state: State, h: Hex) -> list[Unit]:
        return state.units_at(h)

    def side_hexes(self, state: State, side: str) -> frozenset[Hex]:
        key = ("hexes", side)
        if key not in state._cache:
            state._cache[key] = frozenset(h for h, us in state.occupied().items() if us and self.side(us[0].id) == side)
        out: frozenset[Hex] = state._cache[key]
        return out

    def zoc(self, state: State, side: str) -> frozenset[Hex]:
        """Hexes in the zone of control of ``side``'s units (all six neighbours)."""
        key = ("zoc", side)
        if key not in state._cache:
            state._cache[key] = zoc_hexes(self.side_hexes(state, side), self.board.adjacent)
        out: frozenset[Hex] = state._cache[key]
        return out

    def in_ezoc(self, state: State, side: str, h: Hex) -> bool:
        return h in self.zoc(state, self.enemy(side))

    def edge_of(self, side: str) -> frozenset[Hex]:
        """The friendly map edge of ``side``."""
        return self.board.edges.get(self.scenario.sides[side].get("edge", side), frozenset())

    def comm_blocked(self, state: State, side: str) -> frozenset[Hex]:
        """Hexes a communication path of ``side`` may not enter (hook): enemy units and EZOC."""
        return self.side_hexes(state, self.enemy(side)) | self.zoc(state, self.enemy(side))

    def in_communication(self, state: State, side: str) -> frozenset[Hex]:
        """Hexes from which a path reaches the friendly edge through no blocked hex."""
        key = ("comm", side)
        if key not in state._cache:
            blocked = self.comm_blocked(state, side)
            state._cache[key] = reaching_edge(self.edge_of(side), self.board.adjacent, lambda h: h not in blocked)
        out: frozenset[Hex] = state._cache[key]
        return out

    def stack_problem(self, specs: list[UnitSpec]) -> Illegal | None:  # pragma: no cover - hook
        raise NotImplementedError

    def stack_with(self, state: State, h: Hex, uid: str, exclude: Iterable[str] = ()) -> Illegal | None:
        ex = set(exclude) | {uid}
        specs = [self.spec(state, u.id) for u in state.units_at(h) if u.id not in ex]
        return self.stack_problem(specs + [self.spec(state, uid)])

    def overstacked(self, state: State) -> dict[Hex, list[str]]:
        out = {}
        for h, us in state.occupied().items():
            if us and self.stack_problem([self.specs[u.spec] for u in us]) is not None:
                out[h] = [u.id for u in us]
        return out

    def strength(self, state: State, uid: str, attacking: bool) -> float:
        u = state.units[uid]
        s = self.specs[u.spec]
        return s.attack(u.steps) if attacking else s.defense(u.steps)

    def public_name(self, state: State, uid: str) -> str:
        return f"{uid} {self.specs[state.units[uid].spec].name}"

    def result(self, state: State) -> Result | None:
        r: Result | None = state.result
        return r

    def snapshot(self, state: State) -> dict[str, Any]:
        return state.snapshot()

    # ------------------------------------------------------------ what a hex means now
    def hex_notes(self, state: State, h: Hex, side: str | None) -> tuple[str, ...]:
        """Zones of control over ``h``, a stack there cut off from its edge or overstacked."""
        out = []
        zoc_rule = self.CITE.get("zoc", self.CITE.get("ezoc_stop_why", ""))
        for s in self.sides:
            if h in self.zoc(state, s):
                out.append(f"in the {self.side_names.get(s, s)} zone of control ({zoc_rule})")
        here = state.units_at(h)
        if here:
            owner = self.side(here[0].id)
            if h not in self.in_communication(state, owner):
                out.append(f"cut off: no line to the {self.side_names.get(owner, owner)} map edge clear of enemy "
                           f"units and zones ({self.CITE.get('comm', '')})")
            if h in self.overstacked(state):
                out.append(f"overstacked: more units than the stacking limit ({self.CITE.get('stacking', '')})")
        return tuple(out)

    def map_layers(self, state: State, side: str | None) -> tuple[MapLayer, ...]:
        """For ``side``'s player: the enemy's zones of control (every side's when nobody acts),
        our units and places cut off from our edge, and every overstacked hex."""
        zoc_rule = self.CITE.get("zoc", self.CITE.get("ezoc_stop_why", ""))
        out = []
        if side is None:
            zones = frozenset().union(*(self.zoc(state, s) for s in self.sides))
            out.append(MapLayer("zoc", zones, "zones of control of both sides", zoc_rule))
        else:
            foe = self.enemy(side)
            out.append(MapLayer("zoc", self.zoc(state, foe), f"{self.side_names.get(foe, foe)} zones of control: "
                                "moving in ends a move", zoc_rule))
            comm = self.in_communication(state, side)
            cut = frozenset(h for h in self.side_hexes(state, side) if h not in comm)
            out.append(MapLayer("cut", cut, f"{self.side_names.get(side, side)} units cut off from their map edge",
                                self.CITE.get("comm", "")))
        over = frozenset(self.overstacked(state))
        out.append(MapLayer("over", over, "overstacked hexes: the owner removes the excess at the end of the phase",
                            self.CITE.get("stacking", "")))
        return tuple(out)

    # ------------------------------------------------------------ phase ends
    def _apply_end(self, state: State, ev: list[Event]) -> None:
        state.touch()
        self._end_phase_penalty_or_advance(state, ev)

    def _end_phase_penalty_or_advance(self, state: State, ev: list[Event]) -> None:
        if self.phase(state).kind != "setup":
            over = self.overstacked(state)
            if over:  # the owner removes units until the hex is legal
                h = min(over)
                side = self.side(over[h][0])
                state.stage = Stage("overstack", side, h, (("units", tuple(over[h])),))
                ev.append(Event("overstack", f"{hex_name(h)} is overstacked: the {self.side_names[side]} player "
                                f"removes units ({self.CITE['overstack']}).", {"hex": h}))
                return
        self._advance_phase(state, ev)

    def _reset_phase(self, state: State) -> None:
        """Forget what the last phase recorded (moves, battles, replacement steps)."""
        state.moved = set()
        state.battles = []
        state.resolved = []
        state.declared = False
        state.rebuilt = set()
        state.special = {}
        state.steps_left = 0
        state.touch()

    def _apply_overstack_removal(self, state: State, act: A.Remove, ev: list[Event]) -> None:
        self._eliminate(state, act.unit, ev, f"{self.CITE['overstack']} overstacked at the end of the phase")
        state.stage = None
        state.touch()
        self._end_phase_penalty_or_advance(state, ev)

    def _eliminate(self, state: State, uid: str, ev: list[Event], why: str) -> None:  # pragma: no cover - hook
        raise NotImplementedError


def units_named(action: A.Action) -> list[str]:
    """The unit ids an action names (to refuse unknown ones before any rule)."""
    out = [getattr(action, "unit", None), getattr(action, "lead", None)]
    for attr in ("attackers", "support", "units"):
        v = getattr(action, attr, None)
        if isinstance(v, tuple):
            out += list(v)
    return [u for u in out if isinstance(u, str)]


def on_map(state: State, ids: Iterable[str]) -> tuple[str, ...]:
    return tuple(x for x in ids if state.units[x].where == ON_MAP)
