"""game.Game with a fake counter ruleset: apply/check, untouched on refusal, undo barriers, digest, autosave."""
from __future__ import annotations

import pytest

from hexwar.core.actions import EndPhase, Loss, Move, Resolve, Roll
from hexwar.core.dice import FixedDice, SeededDice
from hexwar.core.errors import Illegal, IllegalActionError, MalformedError
from hexwar.core.game import Game, Result
from hexwar.core.hexgrid import Hex
from hexwar.core.record import read_record

from ._counter import LIMIT, CounterRules, CounterState, new_game


def frozen_view(game: Game):
    """Everything a refusal must leave alone."""
    return (
        game.state,
        game.state.value,
        list(game.state.log),
        game.dice,
        game.dice.rolls_made,
        list(game.actions),
        len(game._history),
        game.undo_barrier,
        game.digest(),
    )


# --- the contract --------------------------------------------------------------


def test_apply_returns_events_and_advances_the_state():
    g = new_game()
    events = g.apply(EndPhase())
    assert [e.kind for e in events] == ["counted"]
    assert g.state.value == 1
    assert g.actions == [EndPhase()]


def test_apply_accepts_notation_strings():
    g = new_game(FixedDice([4]))
    g.apply("end")
    g.apply("roll")
    assert g.state.value == 5
    assert g.actions == [EndPhase(), Roll()]


def test_apply_works_on_a_copy_so_earlier_states_are_never_changed():
    g = new_game()
    before = g.state
    g.apply("end")
    assert g.state is not before
    assert before.value == 0 and before.log == []


def test_apply_hands_the_rules_a_copy_of_the_dice():
    g = new_game(FixedDice([3, 5]))
    before = g.dice
    g.apply("roll")
    assert g.dice is not before
    assert before.rolls_made == 0 and g.dice.rolls_made == 1


def test_delegated_queries():
    g = new_game()
    assert g.game_id == "counter"
    assert g.legal_actions() == [EndPhase(), Roll(), Resolve(Hex(1, 1))]
    assert g.view("counter") == {"value": 0, "side": "counter"}
    assert g.view(None) == {"value": 0, "side": None}
    assert g.result() is None
    assert g.acting_side() == "counter"


def test_result_when_the_game_is_over():
    g = new_game()
    for _ in range(LIMIT):
        g.apply("end")
    assert g.result() == Result("counter", "Counter victory")
    assert g.acting_side() is None


def test_check_returns_none_for_a_legal_action_and_the_refusal_otherwise():
    g = new_game()
    assert g.check(EndPhase()) is None
    assert g.check("roll") is None
    why = g.check(Loss("x"))
    assert isinstance(why, Illegal) and why.rule == "1.1"


def test_check_turns_malformed_notation_into_a_refusal():
    why = new_game().check("fly away")
    assert why.rule == "notation"
    assert "fly away" in why.reason


# --- refusals leave everything untouched ---------------------------------------


def test_illegal_action_raises_and_leaves_state_and_history_untouched():
    g = new_game(FixedDice([2]))
    g.apply("end")
    g.apply("roll")
    snap = frozen_view(g)
    with pytest.raises(IllegalActionError) as exc:
        g.apply(Move("X", (Hex(1, 2),)))
    assert exc.value.illegal.rule == "1.1"
    assert exc.value.action == Move("X", (Hex(1, 2),))
    assert "1.1" in str(exc.value)
    assert frozen_view(g) == snap
    assert g.state is snap[0] and g.dice is snap[3]


def test_illegal_action_given_as_text_raises_illegal_action_error():
    g = new_game()
    g.apply("resolve 0101")
    snap = frozen_view(g)
    with pytest.raises(IllegalActionError, match="already revealed"):
        g.apply("resolve 0101")
    assert frozen_view(g) == snap


def test_malformed_text_raises_malformed_error_and_leaves_the_game_untouched():
    g = new_game()
    g.apply("end")
    snap = frozen_view(g)
    with pytest.raises(MalformedError):
        g.apply("move G-III 99")
    assert frozen_view(g) == snap


def test_rules_crashing_halfway_leave_the_game_untouched():
    g = new_game()
    g.apply("end")
    snap = frozen_view(g)
    with pytest.raises(RuntimeError):
        g.apply(Loss("boom"))
    assert frozen_view(g) == snap


def test_dice_running_out_halfway_leave_the_game_untouched():
    g = new_game(FixedDice([]))
    snap = frozen_view(g)
    with pytest.raises(AssertionError, match="ran out"):
        g.apply("roll")
    assert frozen_view(g) == snap


def test_refused_action_does_not_trigger_an_autosave(tmp_path):
    g = new_game()
    g.autosave_path = tmp_path / "auto.yaml"
    with pytest.raises(IllegalActionError):
        g.apply(Loss("x"))
    assert not g.autosave_path.exists()


# --- undo ----------------------------------------------------------------------


def test_undo_takes_back_actions_in_reverse_order():
    g = new_game()
    states = [g.state]
    for _ in range(3):
        g.apply("end")
        states.append(g.state)
    assert g.undo() == EndPhase()
    assert g.state is states[2]
    g.undo()
    g.undo()
    assert g.state is states[0] and g.state.value == 0
    assert g.actions == []


def test_undo_with_nothing_to_take_back_returns_none():
    g = new_game()
    assert not g.can_undo()
    assert g.undo() is None


def test_undo_stops_at_the_last_die_roll():
    g = new_game(FixedDice([6, 1]))
    g.apply("end")
    g.apply("roll")
    after_roll = g.state
    g.apply("end")
    g.apply("end")
    assert g.undo() == EndPhase()
    assert g.undo() == EndPhase()
    assert g.state is after_roll
    assert not g.can_undo()
    assert g.undo() is None  # the roll cannot be taken back, nor anything before it
    assert g.state is after_roll and g.actions == [EndPhase(), Roll()]


def test_undo_stops_at_a_reveal():
    g = new_game()
    g.apply("end")
    g.apply("resolve 0101")
    assert not g.can_undo()
    assert g.undo() is None
    assert g.state.revealed


def test_a_later_roll_moves_the_barrier_forward():
    g = new_game(FixedDice([1, 2]))
    g.apply("roll")
    g.apply("end")
    g.apply("roll")
    assert g.undo_barrier == 3
    assert not g.can_undo()


def test_undo_restores_the_dice_so_redoing_rolls_the_same_number():
    g = new_game(SeededDice(99))
    g.apply("end")
    dice_before = g.dice
    g.apply("end")
    g.undo()
    assert g.dice is dice_before
    # a game with the same seed that never undid gets the same roll
    twin = new_game(SeededDice(99))
    twin.apply("end")
    twin.apply("roll")
    g.apply("roll")
    assert g.state.value == twin.state.value


def test_can_undo_after_an_action_that_is_not_a_commit_point():
    g = new_game()
    g.apply("end")
    assert g.can_undo()


# --- digest --------------------------------------------------------------------


def test_digest_is_short_hex_and_stable_for_the_same_state():
    g = new_game()
    d = g.digest()
    assert len(d) == 16 and int(d, 16) >= 0
    assert g.digest() == d
    assert new_game().digest() == d


def test_digest_changes_with_the_state_and_comes_back_on_undo():
    g = new_game()
    d0 = g.digest()
    g.apply("end")
    d1 = g.digest()
    assert d1 != d0
    g.apply("end")
    assert g.digest() not in (d0, d1)
    g.undo()
    assert g.digest() == d1
    g.undo()
    assert g.digest() == d0


def test_same_seed_and_actions_give_the_same_digest():
    a, b = new_game(seed=5), new_game(seed=5)
    for g in (a, b):
        for text in ("end", "roll", "end", "roll", "resolve 0101"):
            g.apply(text)
    assert a.digest() == b.digest()


def test_digest_sees_hidden_state():
    a, b = new_game(), new_game()
    b.state.revealed = True  # not in the value, only in the snapshot
    assert a.digest() != b.digest()


# --- autosave and save ---------------------------------------------------------


def test_autosave_writes_the_record_after_each_apply(tmp_path):
    path = tmp_path / "saves" / "auto.yaml"
    g = new_game(FixedDice([3]))
    g.autosave_path = path
    g.apply("end")
    assert read_record(path)["actions"] == ["end"]
    g.apply("roll")
    data = read_record(path)
    assert data["actions"] == ["end", "roll"]
    assert data["digest"] == g.digest()
    assert data["undo_barrier"] == 2
    assert sorted(p.name for p in path.parent.iterdir()) == ["auto.yaml"]  # no temp files left


def test_autosave_writes_again_after_undo(tmp_path):
    path = tmp_path / "auto.yaml"
    g = new_game()
    g.autosave_path = path
    g.apply("end")
    g.apply("end")
    g.undo()
    data = read_record(path)
    assert data["actions"] == ["end"]
    assert data["digest"] == g.digest()


def test_no_autosave_without_a_path(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    g = new_game()
    g.apply("end")
    assert list(tmp_path.iterdir()) == []


def test_save_writes_header_actions_barrier_and_digest(tmp_path):
    path = tmp_path / "game.yaml"
    g = new_game(FixedDice([2]), seed=7)
    g.apply("roll")
    g.apply("end")
    g.save(path)
    data = read_record(path)
    assert data["hexwar_record"] == 1
    assert (data["game"], data["scenario"], data["seed"]) == ("counter", "basic", 7)
    assert data["options"] == {"fast": True}
    assert data["actions"] == ["roll", "end"]
    assert data["undo_barrier"] == 1
    assert data["digest"] == g.digest()


def test_game_with_a_state_without_copy_uses_a_deep_copy():
    class Box:  # no copy() method: Game falls back on copy.deepcopy
        def __init__(self):
            self.items = []

    class BoxRules(CounterRules):
        def check(self, s, a):
            return None

        def apply(self, s, a, dice):
            s.items.append(len(s.items))  # nested mutation
            return []

        def snapshot(self, s):
            return {"items": s.items}

        def acting_side(self, s):
            return "counter"

    start = Box()
    g = Game(BoxRules(), start, SeededDice(1), {"game": "d", "scenario": "s", "seed": 1})
    g.apply("end")
    g.apply("end")
    assert g.state.items == [0, 1]
    assert start.items == []
    g.undo()
    assert g.state.items == [0]


def test_a_state_with_a_shallow_copy_method_is_copied_shallowly():
    # Documents a hazard: anything with a copy() method (a plain dict included) is
    # copied with it, so rules must never mutate nested values in place.
    class DictRules(CounterRules):
        def check(self, s, a):
            return None

        def apply(self, s, a, dice):
            s["n"] = s["n"] + 1  # rebinding a key is safe
            return []

        def snapshot(self, s):
            return s

    start = {"n": 0}
    g = Game(DictRules(), start, SeededDice(1), {"game": "d", "scenario": "s", "seed": 1})
    g.apply("end")
    assert start == {"n": 0} and g.state == {"n": 1}


def test_header_is_copied():
    header = {"game": "counter", "scenario": "basic", "seed": 1}
    g = Game(CounterRules(), CounterState(), SeededDice(1), header)
    header["seed"] = 2
    assert g.header["seed"] == 1
