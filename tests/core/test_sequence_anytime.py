"""The phase machine's actions allowed at any time (core/sequence.py: ``anytime_handlers``,
``anytime_actions``): checked and applied before the stage and the phase's table, listed
after a phase's or a stage's own actions and before the closing ``EndPhase``; a game
without them keeps the defaults."""
from __future__ import annotations

from typing import Any

from hexwar.core import actions as A
from hexwar.core.dice import FixedDice
from hexwar.core.errors import Illegal
from hexwar.core.sequence import Handlers, Sequence
from hexwar.core.state import Stage, State
from hexwar.core.units import ON_MAP, Unit

from .toy_phases import Row

ROW = Row("drill", "red", "Drill", "R1", "drill")


class Plain(Sequence):
    """One phase that takes moves; a stage (when set) takes losses."""

    sides = ("red", "blue")
    CITE = {"over": "R0", "sequence": "R9"}

    def phase(self, state: State) -> Row:
        return ROW

    def phase_handlers(self, kind: str) -> Handlers:
        return {A.Move: (lambda s, a: None, lambda s, a, d, ev: ev.append(A.Event("moved", a.unit)))}

    def phase_actions(self, state: State, kind: str) -> list[A.Action]:
        return [A.Move("r1", ()), A.EndPhase()]

    def _stage_actions(self, state: State, st: Stage) -> list[A.Action]:
        return [A.Loss("r1")]

    def _check_stage(self, state: State, st: Stage, act: A.Action) -> Illegal | None:
        return None if isinstance(act, A.Loss) else Illegal("R5", "settle the loss first")

    def _apply_stage(self, state: State, st: Stage, act: A.Action, dice: Any, ev: list[A.Event]) -> None:
        ev.append(A.Event("lost", "r1"))


class Anytime(Plain):
    """The same game where red may remove a unit at any moment (R7), never blue's."""

    def anytime_handlers(self) -> Handlers:
        return {A.Remove: (self._check_remove, lambda s, a, d, ev: ev.append(A.Event("removed", a.unit)))}

    def anytime_actions(self, state: State) -> list[A.Action]:
        return [A.Remove("r1")]

    def _check_remove(self, state: State, a: A.Remove) -> Illegal | None:
        return None if a.unit.startswith("r") else Illegal("R7", "only red removes its own units")


def _state(stage: bool = False) -> State:
    st = State(turn=1, phase="drill", units={u: Unit(u, "x", ON_MAP, None) for u in ("r1", "b1")})
    if stage:
        st.stage = Stage("loss", "red", None, ())
    return st


def test_anytime_actions_are_listed_before_the_closing_end_and_after_a_stage_own():
    assert Anytime().legal_actions(_state()) == [A.Move("r1", ()), A.Remove("r1"), A.EndPhase()]
    assert Anytime().legal_actions(_state(stage=True)) == [A.Loss("r1"), A.Remove("r1")]
    assert Plain().legal_actions(_state()) == [A.Move("r1", ()), A.EndPhase()]  # the default: none


def test_anytime_actions_are_checked_and_applied_before_the_stage_and_the_table():
    g, st = Anytime(), _state(stage=True)
    assert g.check(st, A.Remove("r1")) is None  # not "settle the loss first"
    assert g.check(st, A.Remove("b1")) == Illegal("R7", "only red removes its own units")
    assert [e.kind for e in g.apply(st, A.Remove("r1"), FixedDice([]))] == ["removed"]
    assert g.check(st, A.Move("r1", ())) == Illegal("R5", "settle the loss first")
    st = _state()
    assert [e.kind for e in g.apply(st, A.Remove("r1"), FixedDice([]))] == ["removed"]
    assert Plain().check(_state(), A.Remove("r1")) == Illegal("R9", "'remove' is not something to do in the Drill "
                                                                     "phase")
