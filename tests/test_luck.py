"""The luck report's engine function (issue 18): hexwar.luck(game), pure over the game's
record. Checked figure by figure on games with fixed dice (a lesson's, and a record of one),
and for soundness on a golden record of every game."""
from __future__ import annotations

from pathlib import Path

import pytest

import hexwar
import hexwar.lessons as L

RECORDS = Path(__file__).resolve().parent / "records" / "games"
ONE_PER_GAME = ["objective-kiev-standard-11", "battle-for-kursk-short-11", "kasserine-pass-standard-11",
                "black-wednesday-s1-turning-the-left-11"]


def _dice_thrown(game) -> int:
    """The dice of every die_rolled event: a die told again after an owner's choice
    (die_replayed) is one of these."""
    from hexwar.luck_report import _dice_of

    return sum(len(_dice_of(e)) for st in game.history() for e in st.events if e.kind == "die_rolled")


def _kiev_combat_lesson():
    run = L.open_lesson("objective-kiev", "ex-10-7-combat")
    while not run.done:
        run.demo()
    return run.game


def test_a_new_game_has_no_rolls_and_one_point_of_course():
    game = hexwar.open_game("objective-kiev", seed=1)
    r = hexwar.luck(game)
    assert r.rolls == () and len(r.course) == 1 and r.score_label == "cities held"
    assert [s.side for s in r.sides] == ["axis", "soviet"] and all(s.rolls == 0 for s in r.sides)


def test_each_battle_roll_against_its_column_with_fixed_dice():
    """The two rolls of the combat example (dice 4 then 1): 3:1 roll 4 is EX, 2:1 roll 1 DR."""
    game = _kiev_combat_lesson()
    r = hexwar.luck(game)
    first, second = r.rolls
    assert (first.side, first.table, first.result, first.dice) == ("axis", "results table 3:1", "EX", (4,))
    # 3:1: DR on 1-3 (score 0.5), EX on 4-5 (0.5), DRL on 6 (1.5): EX is the column's median
    assert first.verdict == "median"
    assert first.chance_better == pytest.approx(1 / 6) and first.chance_worse == pytest.approx(0)
    assert first.expected == pytest.approx({"soviet": 1 / 3 + 1 / 6, "axis": 1 / 3})
    assert first.actual == {"axis": 1.0, "soviet": 1.0}  # the mech corps gone, the IV Corps flipped
    assert (second.table, second.result, second.dice) == ("results table 2:1", "DR", (1,))
    # 2:1: DR 1-2, EX 3-4, NE 5-6: DR is the median; the army lost a step retreating through a zone
    assert second.verdict == "median" and second.chance_worse == pytest.approx(1 / 3)
    assert second.actual == {"axis": 0.0, "soviet": 1.0}
    axis = r.side("axis")
    assert (axis.rolls, axis.better, axis.worse, axis.median) == (2, 0, 0, 2)
    assert axis.inflicted == 2.0 and axis.lost == 1.0
    assert axis.expected_inflicted == pytest.approx(0.5 + 1 / 3)
    assert r.side("soviet").rolls == 0 and r.side("soviet").lost == 2.0
    (point,) = r.course
    assert point.turn == 1 and point.steps_lost == {"axis": 1, "soviet": 2}
    assert point.units_lost == {"axis": 0, "soviet": 1}


def test_the_report_of_a_saved_record_is_the_report_of_the_game(tmp_path):
    game = _kiev_combat_lesson()
    path = tmp_path / "g.yaml"
    game.save(path)
    assert hexwar.luck(hexwar.load_record(path)) == hexwar.luck(game)


def test_a_roll_without_a_table_is_weighed_against_the_average_of_its_dice():
    from hexwar.core.actions import Event
    from hexwar.luck_report import _plain

    r = _plain(Event("die_rolled", "rolled 6 + 5 = 11", {"dice": [6, 5], "total": 11}), 3, 1, ["a", "b"])
    assert r.verdict == "high" and r.result == "11" and r.table == ""
    assert r.chance_better == pytest.approx(1 / 36) and r.chance_worse == pytest.approx(33 / 36)
    r = _plain(Event("die_rolled", "Die roll 1.", {"roll": 1}), 3, 1, ["a", "b"])
    assert r.verdict == "low" and r.chance_worse == 0


@pytest.mark.parametrize("name", ONE_PER_GAME)
def test_the_report_draws_for_a_record_of_every_game(name):
    game = hexwar.load_record(RECORDS / f"{name}.yaml")
    digest = game.digest()
    r = hexwar.luck(game)
    assert game.digest() == digest and hexwar.luck(game) == r  # pure
    assert sum(len(x.dice) for x in r.rolls) == _dice_thrown(game)  # every die counted once
    for x in r.rolls:
        assert 0 <= x.chance_worse <= 1 and 0 <= x.chance_better <= 1 and 0 <= x.percentile <= 1
        assert x.verdict in (("better", "worse", "median") if x.table else ("high", "low", "average"))
        assert all(v >= 0 for v in x.actual.values())
    assert [p.turn for p in r.course] == sorted(p.turn for p in r.course)
    assert r.course[-1].turn == game.turn()
    last = r.course[-1]
    for s in r.sides:
        assert last.units[s.side] >= 0 and last.steps_lost[s.side] >= last.units_lost[s.side] >= 0
        assert s.rolls == sum(1 for x in r.rolls if x.side == s.side and x.table)


def test_battle_games_score_their_rolls_and_their_course():
    for name, label in (("battle-for-kursk-short-11", "victory points"),
                        ("kasserine-pass-standard-11", "German town points")):
        r = hexwar.luck(hexwar.load_record(RECORDS / f"{name}.yaml"))
        assert r.score_label == label
        assert any(x.table for x in r.rolls)
        for x in r.rolls:
            if x.table:
                assert x.side in [s.side for s in r.sides]


# the rolls of Kursk and Kasserine read on no table, and why
PLAIN = {
    "battle-for-kursk": ("Die roll", "the optional mud roll (11.3) makes a turn mud or not: good or bad "
                                     "for neither side by itself"),
    "kasserine-pass": ("Allied air superiority", "the optional air-power die (KP-OPT-AIR-POWER) decides a "
                                                 "date, not a result on a table"),
}
# Black Wednesday's records are judged roll by roll, with these checks and more, in
# tests/games/black_wednesday/test_luck.py (its plain rolls say why themselves:
# luck_rolls.UNJUDGED); judging them here too only doubled the slowest of this work.
ALL_RECORDS = sorted(p for p in RECORDS.glob("*.yaml") if not p.name.startswith("black-wednesday-"))


@pytest.mark.parametrize("path", ALL_RECORDS, ids=[p.stem for p in ALL_RECORDS])
@pytest.mark.sweep
def test_every_record_with_a_die_has_a_judged_roll(path):
    """Every record of every game: a record that rolled any die gets rolls judged on their tables,
    and each roll left plain is of a kind whose reason is written down."""
    game = hexwar.load_record(path)
    r = hexwar.luck(game)
    if not _dice_thrown(game):
        assert r.rolls == ()
        return
    assert any(x.table for x in r.rolls), path.name
    for x in r.rolls:
        if x.table:
            continue
        assert x.why.startswith(PLAIN[game.game_id][0]), x.why
