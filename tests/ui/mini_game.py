"""A tiny ruleset for the client's tests: no units, two sides, three steps.

1. "posture": a secret simultaneous choice. Red chooses, then Blue, each with
   ``Choose("posture", ...)``; neither ``view`` shows the other's unrevealed value; when
   both have chosen a ``revealed`` event shows both. Blue may not "withdraw" (rule "T.2",
   so that the chooser has a value to grey out with its refusal).
2. "orders": Red picks an order openly (``Choose("order", ...)``) and may send a signal
   with the test's own verb ``signal`` (registered with ``register_verb``), then ends the step.
3. the result.

It follows the game contract exactly (legal_actions / check / apply / view / snapshot /
result / acting_side, the ``RulesHooks``) and has an entry of its own (``ENTRY``: its sides, its
phases, the secret posture step) so the client treats it like any registered game.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from hexwar.core.actions import Choose, EndPhase, Event, register_verb
from hexwar.core.board import Board
from hexwar.core.dice import SeededDice
from hexwar.core.entry import GameEntry, PhaseInfo, SideInfo, StepInfo
from hexwar.core.errors import Illegal, MalformedError
from hexwar.core.game import Game, Result
from hexwar.core.hexgrid import Hex
from hexwar.core.hooks import RulesHooks

GAME_ID = "mini-test"
SIDES = ("red", "blue")
POSTURES = ("hold", "engage", "withdraw")
ORDERS = ("attack", "defend")
PHASE_NAMES = {"posture": "Posture", "orders": "Orders", "over": "Game over"}
PHASE_RULES = {"posture": "T.1", "orders": "T.3", "over": "T.9"}


@dataclass(frozen=True)
class Signal:
    flag: str

    def notation(self) -> str:
        return f"signal {self.flag}"


def _parse_signal(args):
    if len(args) != 1:
        raise MalformedError("signal takes one flag")
    return Signal(args[0])


try:
    register_verb("signal", _parse_signal)
except ValueError:
    pass


@dataclass
class MiniState:
    phase: str = "posture"
    turn: int = 1
    postures: dict = field(default_factory=dict)
    revealed: bool = False
    order: str | None = None
    signals: tuple = ()

    def copy(self) -> MiniState:
        return replace(self, postures=dict(self.postures))

    def snapshot(self) -> dict:
        return {"phase": self.phase, "postures": dict(self.postures), "revealed": self.revealed,
                "order": self.order, "signals": list(self.signals)}


class MiniRules(RulesHooks):
    game_id = GAME_ID
    SIDES = SIDES

    def __init__(self) -> None:
        self.board = Board(4, 3, {Hex(c, r): ("clear" if c != 3 else "forest")
                                  for c in range(1, 5) for r in range(1, 4)})

    def new_state(self, dice):
        return MiniState(), [Event("start", "The test game begins.")]

    def acting_side(self, state: MiniState):
        if state.phase == "posture":
            return "red" if "red" not in state.postures else "blue"
        if state.phase == "orders":
            return "red"
        return None

    def legal_actions(self, state: MiniState) -> list:
        out = []
        if state.phase == "posture":
            side = self.acting_side(state)
            out = [Choose("posture", p) for p in POSTURES if not (side == "blue" and p == "withdraw")]
        elif state.phase == "orders":
            if state.order is None:
                out = [Choose("order", o) for o in ORDERS]
            out += [Signal("green"), Signal("red")]
            out.append(EndPhase())
        return out

    def check(self, state: MiniState, action):
        if state.phase == "over":
            return Illegal("T.9", "the game is over")
        if isinstance(action, Choose) and action.what == "posture":
            if state.phase != "posture":
                return Illegal("T.1", "postures are chosen at the start of the turn only")
            if action.value not in POSTURES:
                return Illegal("T.1", f"there is no posture {action.value!r}")
            if self.acting_side(state) == "blue" and action.value == "withdraw":
                return Illegal("T.2", "Blue may never withdraw")
            return None
        if action in self.legal_actions(state):
            return None
        return Illegal("T.3", "not possible in this step")

    def apply(self, state: MiniState, action, dice) -> list:
        side = self.acting_side(state)
        if isinstance(action, Choose) and action.what == "posture":
            state.postures[side] = action.value
            # The engine's own text names the value: the client must hide it from the other side.
            out = [Event("posture_chosen", f"{side} chose {action.value}", {"side": side})]
            if len(state.postures) == 2:
                state.revealed = True
                state.phase = "orders"
                out.append(Event("revealed", f"Postures revealed: red {state.postures['red']}, "
                                             f"blue {state.postures['blue']}", dict(state.postures)))
            return out
        if isinstance(action, Choose) and action.what == "order":
            state.order = action.value
            return [Event("ordered", f"Red orders {action.value}")]
        if isinstance(action, Signal):
            state.signals = state.signals + (action.flag,)
            return [Event("signalled", f"Red signals {action.flag}")]
        if isinstance(action, EndPhase):
            state.phase = "over"
            return [Event("game_over", "The test game is over")]
        raise AssertionError(action)

    def choice_info(self, state, what):
        if what == "posture":
            return {"title": "Posture", "rule": "T.1", "values": list(POSTURES),
                    "help": "Each side picks a posture in secret; both are shown together."}
        if what == "order":
            return {"title": "Red's order", "rule": "T.3"}
        return {}

    def view(self, state: MiniState, side):
        shown = {s: v for s, v in state.postures.items() if state.revealed or s == side}
        res = self.result(state)
        return {
            "game": GAME_ID, "turn": state.turn, "phase": state.phase, "phase_name": PHASE_NAMES[state.phase],
            "phase_rule": PHASE_RULES[state.phase], "acting": self.acting_side(state), "stage": None,
            "units": [], "control": {}, "postures": shown, "chosen": sorted(state.postures),
            "result": None if res is None else {"winner": res.winner, "level": res.level, "detail": res.detail},
        }

    def snapshot(self, state: MiniState) -> dict:
        return state.snapshot()

    def result(self, state: MiniState):
        if state.phase != "over":
            return None
        return Result("red", "Red wins the test", "")


def _entry(secret_phase: str = "") -> GameEntry:
    return GameEntry(
        id=GAME_ID, title="Mini test",
        sides=(SideInfo("red", "Red", (170, 40, 40), "R", round=True), SideInfo("blue", "Blue", (40, 80, 170), "B")),
        sequence=(PhaseInfo("posture", PHASE_NAMES["posture"], None, "choice", PHASE_RULES["posture"]),
                  PhaseInfo("orders", PHASE_NAMES["orders"], "red", "choice", PHASE_RULES["orders"],
                            secret=secret_phase),
                  PhaseInfo("over", PHASE_NAMES["over"], None, "housekeeping", PHASE_RULES["over"])),
        make_rules=lambda board, scenario, options: MiniRules(),
        load=lambda scenario_file, maps: (None, None),
        # The client hides the posture from the other side until both are revealed (T.1).
        steps=(StepInfo("choose:posture", "Posture", "T.1", secret=True),),
    )


ENTRY = _entry()


def new_game(seed: int = 1, entry: GameEntry = ENTRY) -> Game:
    rules = MiniRules()
    dice = SeededDice(seed)
    state, events = rules.new_state(dice)
    return Game(rules, state, dice, {"game": GAME_ID, "scenario": "test", "seed": seed, "options": {}}, events,
                entry=entry)
