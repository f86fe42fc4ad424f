"""actions: notation round trips and malformed text; errors: messages name rule and file."""
from __future__ import annotations

import pytest

from hexwar.core.actions import (
    COMMIT_EVENTS,
    Advance,
    Attack,
    Choose,
    EndPhase,
    Event,
    Loss,
    Move,
    Place,
    Remove,
    Resolve,
    Restore,
    Retreat,
    Roll,
    parse_action,
)
from hexwar.core.errors import DataError, HexwarError, Illegal, IllegalActionError, MalformedError

from ._support import H, hexes

# --- notation ------------------------------------------------------------------

ROUND_TRIPS = [
    (Place("G-III", H("0203")), "place G-III 0203"),
    (Move("G-III", tuple(hexes("0203", "0304"))), "move G-III 0203 0304"),
    (Move("S-21", (H("1210"),)), "move S-21 1210"),
    (Attack(H("0406"), ("G-III", "G-XIV")), "attack 0406 G-III G-XIV"),
    (Attack(H("0406"), ("G-III",)), "attack 0406 G-III"),
    (Resolve(H("0406")), "resolve 0406"),
    (Roll(), "roll"),
    (Choose("posture", "engage"), "choose posture engage"),
    (Roll("L-2"), "roll L-2"),
    (Loss("S-5"), "loss S-5"),
    (Retreat("S-5", tuple(hexes("0405", "0404"))), "retreat S-5 0405 0404"),
    (Retreat("S-5", (H("0405"),)), "retreat S-5 0405"),
    (Advance("G-III"), "advance G-III"),
    (Advance(None), "advance none"),
    (Restore("G-III"), "restore G-III"),
    (Remove("S-7"), "remove S-7"),
    (EndPhase(), "end"),
]


@pytest.mark.parametrize("action, text", ROUND_TRIPS, ids=[t for _, t in ROUND_TRIPS])
def test_notation_round_trips_through_parse_action(action, text):
    assert action.notation() == text
    assert parse_action(text) == action
    assert parse_action(action.notation()) == action
    assert parse_action(text).notation() == text


def test_every_action_type_is_covered_by_the_round_trip_table():
    from hexwar.core import actions

    covered = {type(a) for a, _ in ROUND_TRIPS}
    assert covered == set(actions.Action.__args__)


def test_parse_action_ignores_case_of_the_verb_and_extra_spaces():
    assert parse_action("  MOVE  G-III   0203\t0304 ") == Move("G-III", tuple(hexes("0203", "0304")))
    assert parse_action("End") == EndPhase()


def test_move_dest_is_the_last_hex():
    assert Move("G-III", tuple(hexes("0203", "0304"))).dest == H("0304")


def test_actions_are_hashable_values():
    assert len({parse_action("end"), EndPhase(), parse_action("roll"), Roll(None)}) == 2


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly G-III 0203",
        "end now",
        "place G-III",
        "place G-III 0203 0304",
        "place G-III 02x3",
        "move G-III",
        "move G-III 0203 03-4",
        "attack 0406",
        "attack G-III 0406",
        "resolve",
        "resolve 406",
        "roll L-2 extra",
        "loss",
        "loss a b",
        "retreat",
        "retreat S-5 0405 zz",
        "advance",
        "advance a b",
        "restore",
        "remove",
    ],
)
def test_parse_action_refuses_malformed_text(text):
    with pytest.raises(MalformedError) as exc:
        parse_action(text)
    if text.strip():
        assert repr(text) in str(exc.value)


def test_a_bad_hex_inside_an_action_names_both_the_action_and_the_hex():
    with pytest.raises(MalformedError) as exc:
        parse_action("move G-III 0203 03x4")
    msg = str(exc.value)
    assert "'move G-III 0203 03x4'" in msg and "'03x4'" in msg


# --- events --------------------------------------------------------------------


def test_event_str_is_its_text_and_data_does_not_affect_equality():
    e = Event("die_rolled", "rolled a 4", {"roll": 4})
    assert str(e) == "rolled a 4"
    assert e == Event("die_rolled", "rolled a 4", {"roll": 5})
    assert hash(e) == hash(Event("die_rolled", "rolled a 4"))


def test_commit_events_are_rolls_reveals_and_draws():
    assert {"die_rolled", "revealed", "drawn"} == COMMIT_EVENTS
    assert "moved" not in COMMIT_EVENTS


# --- errors --------------------------------------------------------------------


def test_illegal_str_names_the_rule_and_the_reason():
    why = Illegal("8.3", "units may not enter an enemy zone of control twice")
    assert str(why) == "8.3: units may not enter an enemy zone of control twice"
    assert "8.3" in str(why) and "zone of control" in str(why)


def test_illegal_without_a_rule_is_just_the_reason():
    assert str(Illegal("", "game over")) == "game over"


def test_illegal_action_error_carries_the_refusal_and_the_action():
    why = Illegal("9.1", "out of movement points")
    err = IllegalActionError(why, EndPhase())
    assert err.illegal is why
    assert err.action == EndPhase()
    assert str(err) == "9.1: out of movement points"
    assert isinstance(err, HexwarError)


def test_data_error_message_names_the_file_and_the_problem(tmp_path):
    p = tmp_path / "save.yaml"
    err = DataError(p, "missing 'seed'")
    assert str(err) == f"{p}: missing 'seed'"
    assert err.path == str(p)
    assert err.problem == "missing 'seed'"
    assert isinstance(err, HexwarError)


def test_malformed_error_is_both_a_hexwar_error_and_a_value_error():
    assert issubclass(MalformedError, HexwarError)
    assert issubclass(MalformedError, ValueError)
    assert not issubclass(IllegalActionError, ValueError)


def test_choose_action_round_trips():
    from hexwar.core.actions import Choose, parse_action

    act = parse_action("choose posture engage")
    assert act == Choose("posture", "engage")
    assert parse_action(act.notation()) == act


def test_games_can_register_their_own_verbs():
    from dataclasses import dataclass

    import pytest

    from hexwar.core.actions import _EXTRA_VERBS, parse_action, register_verb
    from hexwar.core.errors import MalformedError

    @dataclass(frozen=True)
    class Blow:
        unit: str

        def notation(self) -> str:
            return f"blowtest {self.unit}"

    def parse(args):
        (unit,) = args  # ValueError on the wrong number of words
        return Blow(unit)

    register_verb("blowtest", parse)
    try:
        assert parse_action("blowtest eng1") == Blow("eng1")
        with pytest.raises(MalformedError, match="blowtest"):
            parse_action("blowtest a b")
        with pytest.raises(ValueError):
            register_verb("move", parse)  # core verbs cannot be replaced
    finally:
        _EXTRA_VERBS.pop("blowtest", None)


def test_moves_along_makes_the_same_moves_as_the_constructor():
    import dataclasses

    from hexwar.core.actions import Move, moves_along
    from hexwar.core.hexgrid import Hex

    paths = [(Hex(1, 2),), (Hex(1, 2), Hex(2, 2)), ()]
    got = moves_along("u1", paths)
    want = [Move("u1", p) for p in paths]
    assert got == want and [hash(m) for m in got] == [hash(m) for m in want]
    assert [m.notation() for m in got] == [m.notation() for m in want] and got[1].dest == Hex(2, 2)
    with pytest.raises(dataclasses.FrozenInstanceError):
        type(got[0]).__setattr__(got[0], "unit", "u2")
