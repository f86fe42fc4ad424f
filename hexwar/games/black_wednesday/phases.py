"""Black Wednesday's sequence of play as data, on the core's phase machine (``core.sequence``).

One row per phase (``PHASES``: side, name, rule, kind, and the refusal of an action the
phase does not take); per kind a table of action type -> (check, apply) (``handler_tables``);
per kind the listing of its legal actions. The phases: the Prep Log (2.4, 1.10b), the Soviet
and Axis set-ups (1.10e, 1.10f), then each turn the Command Phase (§3.1), the Initiative
(§3.3, from turn 2), two Action Phases (§3.4; ``extra['phasing']`` says whose) and the Clean
Up (§3.5), which waits for the Soviet player only when platoons may consolidate (2.2c).
What the steps do lives with the rules they follow (rules.py: the turn; setup.py, orders.py,
choose.py, moves.py, fire.py ...). Mixin for BWRules.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, Attack, Choose, EndPhase, Event, Move, Place, Remove, Restore
from ...core.errors import Illegal
from ...core.hexgrid import hex_name
from ...core.sequence import Handlers
from ...core.state import Stage
from ...core.units import ARRIVING, ON_MAP, UNPLACED
from .artillery import Assign289
from .batteries import BatteryRelease
from .carriers import Load, Unload
from .dora import DoraPlot
from .exits import Exit
from .orders import OrderAct
from .setup import SOVIET_SETTING_UP
from .verbs import Assault, Breach, Call, ManHandle, Mode, PointFire

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

# actions built by their own legality checks (the movement search, fire_targets,
# point_targets, calls_for, exit_actions: reach paths, the exit refusals and the MP):
# the Action Phase's listing does not check them again (tests/games/black_wednesday/test_speed_caches.py)
_BUILT_LEGAL = frozenset({Move, Attack, PointFire, Call, Exit})
# the order verbs: an order, and the ones written as orders (2.3a's 289 FO, 3.5a's batteries, 4.7's Dora)
ORDER_TYPES = (OrderAct, Assign289, BatteryRelease, DoraPlot)
_NO_UNITS = frozenset({Choose, EndPhase, *ORDER_TYPES})  # actions naming no unit: nothing to check ahead


@dataclass(frozen=True)
class BWPhase:
    """One row of the sequence of play. ``side``: the player who acts; where that changes with
    the state, ``side_from`` names the ``extra`` key holding it (``side_default`` when unset).
    ``other``: the rule and reason refusing an action the phase does not take ("{action}":
    the action's notation)."""

    id: str
    side: str | None
    name: str
    rule: str
    kind: str
    other: tuple[str, str]
    side_from: str = ""
    side_default: str | None = None


PHASES = (
    BWPhase("prep_log", "soviet", "Prep Log", "2.4", "prep_log",
            ("2.4", "first fill the Prep Log (a target for a box of it, in the side panel) or end the phase")),
    BWPhase("axis_setup", "axis", "Axis set-up", "1.10f", "axis_setup",
            ("1.10f", "the Axis player is setting up: place units")),
    BWPhase("soviet_setup", "soviet", "Soviet set-up", "1.10e", "soviet_setup", SOVIET_SETTING_UP),
    # §3.1: the Soviet player gives orders first, then the Axis player (extra['cmd'])
    BWPhase("command", None, "Command Phase", "§3.1", "command",
            ("§3.1", "in the Command Phase you may release reserve companies (the buttons in the side panel) "
                     "or end the phase"), "cmd", "axis"),
    BWPhase("initiative", None, "Initiative", "§3.3", "initiative",
            ("§3.3", "first choose who acts first this turn: the Soviet or the Axis player (the buttons in the "
                     "side panel)"), "phasing"),
    BWPhase("action", None, "Action Phase", "§3.4", "action", ("", "{action} is not an action of this game"),
            "phasing"),
    BWPhase("clean_up", None, "Clean Up", "§3.5", "clean_up", ("2.2c", "Clean Up: consolidate or end"), "phasing"),
    BWPhase("over", None, "Game over", "5.0", "over", ("", "no actions now"), "phasing"),
)
PHASE = {p.id: p for p in PHASES}
# phase -> side -> its row with the side filled in (built as sides turn up: one look-up a call)
_SIDED: dict[str, dict[str | None, BWPhase]] = {p.id: {} for p in PHASES if p.side_from}


def _ok(state: Any, action: Action) -> Illegal | None:
    return None


def _events(fn: Callable[[Any, Any, Any], list[Event]]) -> Callable[[Any, Any, Any, list[Event]], None]:
    """A step that returns its events, as a table's apply (which adds them to ``ev``)."""
    def run(state: Any, action: Any, dice: Any, ev: list[Event]) -> None:
        ev.extend(fn(state, action, dice))
    return run


def _at_end(fn: Callable[[Any, Any], list[Event]]) -> Callable[[Any, Any, Any, list[Event]], None]:
    """A step that ends a phase (the state and the dice), as a table's apply."""
    def run(state: Any, action: Any, dice: Any, ev: list[Event]) -> None:
        ev.extend(fn(state, dice))
    return run


def _no_dice(fn: Callable[[Any, Any], list[Event]]) -> Callable[[Any, Any, Any, list[Event]], None]:
    def run(state: Any, action: Any, dice: Any, ev: list[Event]) -> None:
        ev.extend(fn(state, action))
    return run


class Phases(_Rules):
    """Mixin for BWRules: the phase machine's hooks."""

    _handlers: dict[str, Handlers]

    def phase(self, state: Any) -> BWPhase:
        row = PHASE[state.phase]
        if not row.side_from:
            return row
        side = state.extra.get(row.side_from, row.side_default)
        rows = _SIDED[row.id]
        got = rows.get(side)
        if got is None:
            got = rows[side] = replace(row, side=side)
        return got

    def handler_tables(self) -> dict[str, Handlers]:
        """Per phase kind: action type -> (check, apply). Choices and orders are taken in every
        phase but the Soviet set-up (their checks say when they apply)."""
        order = (self.check_order, _events(self.apply_order))
        common: Handlers = {Choose: (self._check_choose, _events(self._apply_choose)),
                            **{t: order for t in ORDER_TYPES}}
        sov = (self.check_soviet_setup, _no_dice(self.apply_soviet_setup))
        act: Handlers = {
            EndPhase: (_ok, _at_end(self.end_action)),
            Move: (self.check_move, _events(self.do_move)),
            Mode: (self.check_mode, _events(self.do_mode)),
            Attack: (self.check_sfa, _events(self.do_sfa)),
            PointFire: (self.check_pfa, _events(self.do_pfa)),
            Breach: (self.check_breach, _events(self.do_breach)),
            ManHandle: (self.check_manhandle, _events(self.do_manhandle)),  # 1.1e (handling.py)
            Load: (self.check_load, _events(self.do_load)),  # 1.11b (carriers.py)
            Unload: (self.check_unload, _events(self.do_unload)),
            Assault: (self.check_assault, _events(self.do_assault)),
            Call: (self.check_call, _events(self.do_call)),
            Exit: (self.check_exit, _events(self.do_exit)),  # 5.0 (exits.py)
        }
        return {
            "prep_log": {**common, EndPhase: (_ok, _at_end(self.end_prep_log))},
            "soviet_setup": {Choose: sov, Place: sov, EndPhase: sov},  # setup.py
            "axis_setup": {**common, Place: (self._check_place, _events(self.place_axis)),
                           Remove: (self._check_pickup, _events(self.pick_up_axis)),
                           EndPhase: (self._check_axis_setup_end, _at_end(self.start_turn))},
            "command": {**common, Restore: (self.check_restore, _no_dice(self.apply_restore)),  # 3.4 (setup.py)
                        EndPhase: (_ok, _at_end(self.end_command_step))},
            "initiative": dict(common),  # ended by choosing who acts first (choose.py)
            "action": {**common, **act},
            "clean_up": {**common, EndPhase: (_ok, _at_end(self.finish_turn))},
            "over": dict(common),
        }

    def phase_handlers(self, kind: str) -> Handlers:
        return self._handlers[kind]

    # A choice pending inside a resolution (choices.py) is the engine's stage: its options are
    # the legal actions and its check comes first. Its answer is applied by ``BWRules.apply``,
    # which runs the whole action again from before it (``resolve``).
    def _stage_actions(self, state: Any, st: Stage) -> list[Action]:
        return self.pending_actions(state)

    def _check_stage(self, state: Any, st: Stage, act: Action) -> Illegal | None:
        return self.check_pending(state, act)

    # --- refusals ahead of and after the tables ---------------------------------------------
    def _check_units(self, state: Any, action: Action) -> Illegal | None:
        """§3.4: in an Action Phase every unit an action names exists and is the phasing
        player's (asked ahead of the table; in the other phases their own checks name units)."""
        if state.phase != "action" or state.stage is not None or type(action) in _NO_UNITS:
            return None
        uid = getattr(action, "unit", None) or getattr(action, "firer", None) or getattr(action, "spotter", None)
        uids = list(getattr(action, "attackers", ()) or getattr(action, "units", ()) or ([uid] if uid else []))
        for x in uids:
            if x not in state.units:
                return Illegal("", f"there is no unit {x}")
            if self.side_of(x) != state.extra["phasing"]:
                return Illegal("§3.4", f"{x} is not a unit of the phasing player")
        return None

    def _refuse_other(self, state: Any, p: Any, action: Action) -> Illegal:
        rule, reason = p.other
        return Illegal(rule, reason.format(action=action.notation()))

    def _check_end(self, state: Any) -> Illegal | None:
        """A phase whose table holds no end (the Initiative: choosing who acts first ends it)."""
        return self._refuse_other(state, self.phase(state), EndPhase())

    # --- legal actions ----------------------------------------------------------------------
    def phase_actions(self, state: Any, kind: str) -> list[Action]:
        return self.listing(state, kind, None)

    def legal_for(self, state: Any, only: set[str] | None) -> list[Action]:
        """Every legal action (``only``: just those of these units, plus the phase's other
        actions) — the random player samples units to keep a turn fast."""
        if state.result is not None:
            return []
        if state.stage is not None:  # a choice inside a resolution comes first (choices.py)
            return self._stage_actions(state, state.stage)
        return self.listing(state, self.phase(state).kind, only)

    def listing(self, state: Any, kind: str, only: set[str] | None) -> list[Action]:
        if kind == "action":
            return self._action_listing(state, only)
        if kind == "soviet_setup":
            return self.soviet_setup_actions(state, only)  # setup.py
        if kind == "axis_setup":
            return self._axis_setup_listing(state, only)
        if kind == "prep_log":
            return self._prep_log_listing(state)
        if kind == "command":
            out: list[Action] = []
            if state.extra.get("cmd", "axis") == "axis":
                out += [Choose("release", comp) for comp in self.reserve_companies(state)]
            return out + self.order_actions(state) + [EndPhase()]  # orders.py: draw, roll, cancel; German releases
        if kind == "initiative":
            return [Choose("first", "soviet"), Choose("first", "axis")]
        if kind == "clean_up":
            ends: list[Action] = [Choose("consolidate", p) for p in self.consolidations(state)]
            return ends + [EndPhase()]
        return []

    def _prep_log_listing(self, state: Any) -> list[Action]:
        out: list[Action] = []
        if self.prep_fixed():  # 4.3: the historical Prep Log, unchangeable (historical.py)
            return out + self.order_actions(state) + [EndPhase()]
        box = state.extra.get("prep_box")
        if box:  # one box open: its target hexes (any hex of the play area, 2.4a)
            col, tm = box.split("-")
            cur = state.extra["prep"][col].get(tm)
            out += [Choose(f"prep-{col}-{tm}", self.ids.name(h)) for h in sorted(self.area)
                    if self.ids.name(h) != cur]
            return out + [Choose("prep-box", "none")]
        out += self.order_actions(state)  # 1.10k: orders drawn before play
        out.append(Choose("prep_log", "historical"))
        for col in self.scen.prep_columns:
            for tm in self.prep_times(col):
                out.append(Choose("prep-box", f"{col}-{tm}"))
        out.append(EndPhase())
        return out

    def _axis_setup_listing(self, state: Any, only: set[str] | None) -> list[Action]:
        out: list[Action] = []
        held = self._soviet_held(state)  # §5: never into an enemy hex (Soviets set up first, 1.10b)
        left = False
        for uid in self._ids_of("axis"):  # only Axis units are unplaced in this phase
            if state.units[uid].where != UNPLACED:
                continue
            left = True
            if only is None or uid in only:
                places = self._places(uid)  # the same Place objects every time: no rebuilding
                ok = self.allowed_setup(state, uid)  # 1.10f / 4.4: trench cover first (setup.py)
                if ok is not None:
                    out += [a for a in places if a.hex in ok]
                else:
                    out += places if not held else [a for a in places if a.hex not in held]
        if not left:
            if self.uncovered(state):  # 1.10f / 4.4 unmet: pick a unit up and place it again
                out += [Remove(uid) for uid in self._ids_of("axis") if state.units[uid].where == ON_MAP]
                return out
            out += self.order_actions(state)  # 1.10k
            out.append(EndPhase())
        return out

    def _action_listing(self, state: Any, only: set[str] | None) -> list[Action]:
        out: list[Action] = []
        side = state.extra["phasing"]
        if side == "soviet":
            out.append(Choose("commissars", "off" if state.extra.get("commissars", "on") == "on" else "on"))
        cur = state.extra.get("trench_syr", {}).get(side, "p")
        out.append(Choose("trench_syr", "syr" if cur == "p" else "p"))
        out = [a for a in out if self.check(state, a) is None]
        acted, turn, units = state.extra.get("acted", frozenset()), state.turn, state.units
        for uid in self._ids_of(side):  # id order, as before
            if only is not None and uid not in only:
                continue
            u = units[uid]
            if u.where == ARRIVING:
                if u.arrives > turn:
                    continue
            elif u.where != ON_MAP or uid in acted:
                continue  # nothing to do (what _unit_actions would answer)
            moves, rest = self._unit_actions_split(state, u)
            out += moves
            # moves come from the movement search, SFAs, PFAs and missions from their own
            # checks (fire_targets, point_targets, calls_for): legal by construction
            out += [a for a in rest if type(a) in _BUILT_LEGAL or self.check(state, a) is None]
        out.append(EndPhase())
        return out

    # --- the steps of the phases before play -----------------------------------------------
    def end_prep_log(self, state: Any, dice: Any) -> list[Event]:
        state.phase = self.after_prep_phase()  # 1.10b: Soviet set-up first when there is one
        state.extra.pop("prep_box", None)
        return [Event("phase", "The Prep Log is written and fixed (2.4). Axis set-up (1.10f).")]

    def place_axis(self, state: Any, action: Place, dice: Any) -> list[Event]:
        u = state.units[action.unit]
        state.units[u.id] = u.at(action.hex)
        # §5/3.1d: set up in Fire Mode; Prepared Defense units and reserves start Dug In
        state.extra["dug"] = state.extra.get("dug", frozenset()) | {u.id}
        return [Event("placed", f"{u.id} sets up in {hex_name(action.hex)}, Dug In")]

    def pick_up_axis(self, state: Any, action: Remove, dice: Any) -> list[Event]:
        """1.10f / 4.4: picked up to be placed again."""
        state.units[action.unit] = state.units[action.unit].at(None, UNPLACED)
        state.extra["dug"] = state.extra.get("dug", frozenset()) - {action.unit}
        return [Event("placed", f"{action.unit} is picked up to be set up again (1.10f)")]

    def _check_axis_setup_end(self, state: Any, action: Action) -> Illegal | None:
        left = [u.id for u in state.units.values() if u.where == UNPLACED]
        if left:
            return Illegal("1.10a", f"set up every unit first ({len(left)} left, e.g. {left[0]})")
        return self.cover_refusal(state)  # 1.10f / 4.4 (setup.py)

    def end_command_step(self, state: Any, dice: Any) -> list[Event]:
        """§3.1: the Soviet player's orders first, then the Axis player's; then the turn goes on."""
        if state.extra.get("cmd", "axis") == "soviet":
            state.extra["cmd"] = "axis"
            return [Event("phase", "Axis Command: orders and reserve releases (§3.1)")]
        return self.end_command(state, dice)
