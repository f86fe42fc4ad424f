"""A tiny fake game for testing ``Game`` and records without any real rules.

The counter game: ``end`` adds one, ``roll`` adds a die roll (a commit point),
``resolve 0101`` reveals a hidden bonus once (a commit point), ``loss boom`` is legal
but its rules crash halfway, every other action is refused. Actions travel as the
core notation strings, since ``Game.apply`` parses strings as notation.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from hexwar.core.actions import EndPhase, Event, Loss, Resolve, Roll
from hexwar.core.dice import FixedDice, SeededDice
from hexwar.core.errors import Illegal
from hexwar.core.game import Game, Result
from hexwar.core.hexgrid import Hex
from hexwar.core.hooks import RulesHooks
from hexwar.core.record import save_record

LIMIT = 20


@dataclass
class CounterState:
    value: int = 0
    revealed: bool = False
    log: list = field(default_factory=list)

    def copy(self) -> CounterState:
        return CounterState(self.value, self.revealed, list(self.log))


class CounterRules(RulesHooks):
    game_id = "counter"

    def legal_actions(self, s):
        acts = [EndPhase()]
        if s.value < LIMIT:
            acts.append(Roll())
        if not s.revealed:
            acts.append(Resolve(Hex(1, 1)))
        return acts

    def check(self, s, a):
        if s.value >= LIMIT and not isinstance(a, EndPhase):
            return Illegal("1.2", "the counter is full")
        if isinstance(a, (EndPhase, Roll)):
            return None
        if isinstance(a, Resolve):
            return Illegal("3.1", "already revealed") if s.revealed else None
        if a == Loss("boom"):
            return None
        return Illegal("1.1", f"{a.notation()!r} is not a counter game action")

    def apply(self, s, a, dice):
        if isinstance(a, EndPhase):
            s.value += 1
            s.log.append("end")
            return [Event("counted", "counted one")]
        if isinstance(a, Roll):
            r = dice.roll()
            s.value += r
            s.log.append(f"roll {r}")
            return [Event("die_rolled", f"rolled {r}", {"roll": r})]
        if isinstance(a, Resolve):
            s.revealed = True
            s.value += 5
            return [Event("revealed", "the hidden bonus is 5")]
        if a == Loss("boom"):
            s.value += 100
            s.log.append("half done")
            raise RuntimeError("rules crashed halfway")
        raise AssertionError(a)

    def view(self, s, side):
        return {"value": s.value, "side": side}

    def snapshot(self, s):
        return {"value": s.value, "revealed": s.revealed, "log": list(s.log)}

    def result(self, s):
        return Result("counter", "Counter victory") if s.value >= LIMIT else None

    def acting_side(self, s):
        return None if getattr(s, "value", 0) >= LIMIT else "counter"


HEADER = {"game": "counter", "scenario": "basic", "seed": 1, "options": {"fast": True}}


def new_game(dice=None, seed: int = 1) -> Game:
    g = Game(CounterRules(), CounterState(), dice if dice is not None else SeededDice(seed), dict(HEADER, seed=seed))
    g.saver = save_record
    return g


__all__ = ["CounterRules", "CounterState", "FixedDice", "HEADER", "LIMIT", "new_game"]
