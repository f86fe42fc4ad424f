"""The phase machine's hooks for games that word their refusals their own way and end their
phases with dice (core/sequence.py: ``_check_units``, ``_refuse_other``, an ``EndPhase`` row in a
kind's table, ``dispatch``); a game without them keeps the defaults."""
from __future__ import annotations

from typing import Any

from hexwar.core import actions as A
from hexwar.core.dice import FixedDice
from hexwar.core.errors import Illegal
from hexwar.core.sequence import Handlers, Sequence
from hexwar.core.state import State
from hexwar.core.units import ON_MAP, Unit

from .toy_phases import Row

ROWS = {"drill": Row("drill", "red", "Drill", "R1", "drill"), "rest": Row("rest", "red", "Rest", "R2", "rest")}


class Plain(Sequence):
    """A two-phase game on the defaults: the drill takes moves, the rest ends by the engine's end."""

    sides = ("red", "blue")
    CITE = {"over": "R0", "sequence": "R9"}

    def phase(self, state: State) -> Row:
        return ROWS[state.phase]

    def phase_handlers(self, kind: str) -> Handlers:
        return {"drill": {A.Move: (self._check_move, self._move)}}.get(kind, {})

    def phase_actions(self, state: State, kind: str) -> list[A.Action]:
        return [A.EndPhase()]

    def _check_move(self, state: State, a: A.Move) -> Illegal | None:
        return None

    def _move(self, state: State, a: A.Move, dice: Any, ev: list[A.Event]) -> None:
        ev.append(A.Event("moved", a.unit))

    def _advance_phase(self, state: State, ev: list[A.Event]) -> None:
        state.phase = "rest" if state.phase == "drill" else "drill"
        ev.append(A.Event("phase", state.phase))


class Own(Plain):
    """The same game with its own words and an end of the drill that rolls a die."""

    def phase_handlers(self, kind: str) -> Handlers:
        table = dict(super().phase_handlers(kind))
        if kind == "drill":
            table[A.EndPhase] = (self._check_drill_end, self._end_drill)
        return table

    def _check_drill_end(self, state: State, a: A.EndPhase) -> Illegal | None:
        return Illegal("R5", "the drill ends after a move") if state.extra.get("moved") is None else None

    def _end_drill(self, state: State, a: A.EndPhase, dice: Any, ev: list[A.Event]) -> None:
        state.phase = "rest"
        ev.append(A.Event("rolled", str(dice.roll(6))))

    def _check_units(self, state: State, action: A.Action) -> Illegal | None:
        unit = getattr(action, "unit", None)
        if unit is not None and unit not in state.units:
            return Illegal("", f"there is no unit {unit}")
        return None

    def _refuse_other(self, state: State, p: Any, action: A.Action) -> Illegal:
        return Illegal(p.rule, f"only moves in the {p.name}")


def _state() -> State:
    st = State(turn=1, phase="drill", units={"a": Unit("a", "a", ON_MAP, None, 1)})
    return st


def test_the_defaults_refuse_unknown_units_and_other_actions_and_end_through_apply_end():
    g, st = Plain(), _state()
    assert g.check(st, A.Move("zz", ())) == Illegal("notation", "there is no unit 'zz'")
    assert g.check(st, A.Remove("a")) == Illegal("R9", "'remove' is not something to do in the Drill phase")
    assert g.check(st, A.EndPhase()) is None
    assert [e.kind for e in g.apply(st, A.EndPhase(), FixedDice([]))] == ["phase"]
    assert st.phase == "rest"


def test_a_game_words_its_own_refusals_ahead_of_and_after_the_table():
    g, st = Own(), _state()
    assert g.check(st, A.Move("zz", ())) == Illegal("", "there is no unit zz")
    assert g.check(st, A.Remove("a")) == Illegal("R1", "only moves in the Drill")


def test_an_end_row_in_a_kinds_table_checks_and_applies_the_end_with_dice():
    g, st = Own(), _state()
    assert g.check(st, A.EndPhase()) == Illegal("R5", "the drill ends after a move")
    st.extra["moved"] = True
    assert g.check(st, A.EndPhase()) is None
    ev = g.dispatch(st, A.EndPhase(), FixedDice([4]))
    assert [(e.kind, e.text) for e in ev] == [("rolled", "4")] and st.phase == "rest"
    # a kind without an end row still ends through _apply_end
    assert [e.kind for e in g.apply(st, A.EndPhase(), FixedDice([]))] == ["phase"] and st.phase == "drill"


def test_dispatch_runs_the_table_without_the_automatic_steps_of_apply():
    g, st = Own(), _state()
    assert [(e.kind, e.text) for e in g.dispatch(st, A.Move("a", ()), FixedDice([]))] == [("moved", "a")]
