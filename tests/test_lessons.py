"""Learn mode, headless (issue 18): every lesson of every game plays to its end through the
engine and every figure it shows is one the engine reports; malformed lessons are refused
with the file and the problem; refusals change nothing; progress is kept per player; a
lesson continues as a free game whose record replays. Each game's worked-example lessons
are checked against the book's own figures in tests/games/<game>/test_lessons.py."""
from __future__ import annotations

import io
import textwrap

import pytest

import hexwar
import hexwar.lessons as L
from hexwar.core.errors import DataError, HexwarError
from hexwar.core.hooks import RulesHooks

LESSONS = [(x.game, x.id) for x in L.list_lessons()]


@pytest.mark.parametrize("game_id,lesson_id", LESSONS, ids=[f"{g}/{i}" for g, i in LESSONS])
def test_every_lesson_plays_to_its_end_and_shows_only_what_the_engine_reports(game_id, lesson_id):
    run = L.open_lesson(game_id, lesson_id)
    lesson = run.lesson
    assert lesson.intro and lesson.title and lesson.rules
    for i, st in enumerate(lesson.steps):
        assert run.step == st and run.index == i
        got = run.demo()
        assert got.accepted, f"step {i + 1} ({st.expect[0]}): {got.text}"
        missing = L.figures_in(got.lines, st.shows)
        assert not missing, f"step {i + 1} ({st.expect[0]}) shows {missing}, which the engine did not report"
    assert run.done and run.step is None
    assert not run.try_action("end").accepted  # the lesson is over


def test_every_game_with_lessons_has_one_per_phase_of_its_sequence():
    """Issue 18: one short lesson per phase of each game's sequence of play."""
    for e in hexwar.games.all_games():
        ids = [x for x in L.list_lessons(e.id)]
        if not ids:
            continue
        taught = {x.phase for x in ids if x.kind == "phase"}
        missing = [p.id for p in e.sequence if p.id not in taught]
        assert not missing, f"{e.id}: no phase lesson for {missing}"


def test_every_worked_example_lesson_names_its_checklist_id():
    from pathlib import Path

    ref = Path("/work/shared/reference/rule-cases")
    for x in L.list_lessons():
        if x.kind != "example":
            continue
        assert x.example in x.rules
        book = ref / f"{x.game}.txt"
        if x.example.startswith("EX-") and book.exists():
            assert f"{x.example}:" in book.read_text(encoding="utf-8"), f"{x.id}: {x.example} not in the checklist"


# --- refusals ----------------------------------------------------------------------------------
def test_an_illegal_action_is_refused_with_the_engines_rule_and_changes_nothing():
    run = L.open_lesson("objective-kiev", "ex-9-4-movement")
    before = run.game.digest()
    got = run.try_action("move G-LV 0904 0905 0906 0907 1007")  # five hexes: one too many
    assert not got.accepted and got.illegal and got.rule == "9.0" and "MP" in got.reason
    assert "9.0" in got.text and "Try again" in got.text
    assert run.game.digest() == before and run.index == 0 and not run.game.actions


def test_a_legal_action_that_is_not_the_steps_is_refused_with_the_lessons_hint():
    run = L.open_lesson("objective-kiev", "ex-9-4-movement")
    before = run.game.digest()
    got = run.try_action("move G-LV 0904")
    assert not got.accepted and not got.illegal
    assert got.reason == run.step.hint and run.step.hint in got.text
    assert got.rule == run.step.rules[0]
    assert run.game.digest() == before and run.index == 0


def test_a_rule_step_is_done_only_by_an_action_the_engine_refuses_with_that_rule():
    run = L.open_lesson("objective-kiev", "ex-9-4-movement")
    run.demo()
    assert run.step.refused == "9.1.2"
    legal = run.try_action("move G-XVII 0802 0803")  # allowed: it shows nothing of 9.1.2
    assert not legal.accepted and run.index == 1
    got = run.try_action("move G-XVII 0802 0803 0804")
    assert got.accepted and got.illegal and got.rule == "9.1.2" and run.index == 2
    assert len(run.game.actions) == 1  # the refused move changed nothing


def test_a_move_may_take_another_path_to_the_same_end_unless_the_step_insists():
    run = L.open_lesson("objective-kiev", "ex-9-4-movement")
    assert run.step.same_path
    assert not run.try_action("move G-LV 0902 0801 0701").accepted  # same end, another route
    run.demo()
    run.demo()
    assert not run.step.same_path and run.step.expect == ("move G-XVII 0802 0803",)
    assert run.try_action("move G-XVII 0903 0803").accepted


def test_the_default_hook_says_a_game_cannot_set_lesson_positions():
    with pytest.raises(HexwarError, match="lesson_state"):
        RulesHooks().lesson_state({}, None)


# --- malformed lessons ----------------------------------------------------------------------
GOOD = textwrap.dedent("""\
    game: objective-kiev
    scenario: standard
    title: A lesson
    rules: ["9.0"]
    kind: phase
    phase: axis_movement
    intro: Some words.
    position:
      turn: 2
      phase: axis_movement
      units: {G-IV: "0902"}
    steps:
      - text: Move.
        expect: ["move G-IV 0903"]
        hint: Move the IV Corps.
    """)


def _write(tmp_path, text, name="a-lesson.yaml"):
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def test_a_good_lesson_file_loads(tmp_path):
    lesson = L.load_lesson_file(_write(tmp_path, GOOD))
    run = L.start(lesson)
    assert run.demo().accepted and run.done


@pytest.mark.parametrize("change,problem", [
    (("title: A lesson\n", ""), "missing 'title'"),
    (("kind: phase", "kind: quiz"), "kind: 'quiz' is not a kind of lesson"),
    (('rules: ["9.0"]', "rules: [9.0]"), "rules[0]: 9.0 is a number"),
    (("intro: Some words.", "intro: Some words.\nnotes: x"), "unknown key 'notes'"),
    (("    hint: Move the IV Corps.\n", ""), "steps[0]: missing 'hint'"),
    (('["move G-IV 0903"]', '["march G-IV 0903"]'), "steps[0].expect[0]: 'march G-IV 0903' is not an action"),
    (("units: {G-IV: \"0902\"}", "units: {G-XCIX: \"0902\"}"), "position: units: 'G-XCIX' is not a unit"),
    (("units: {G-IV: \"0902\"}", "units: {G-IV: \"3030\"}"), "position: units.G-IV: hex 3030 is not on the map"),
    (("units: {G-IV: \"0902\"}", "units: {G-IV: 902}"), "write hex ids in quotes"),
    (("units: {G-IV: \"0902\"}", "units: {G-IV: \"0902\", G-LV: \"0902\", G-LII: \"0902\"}"),
     "position: units: 0902 is overstacked (8.1"),
    (("units: {G-IV: \"0902\"}", "units: {G-IV: \"0902\", SU-5A: \"0902\"}"), "enemies in one hex"),
    (("units: {G-IV: \"0902\"}", "units: {G-IV: {hex: \"0902\", steps: 3}}"), "has 2 step(s), not 3"),
    (("  phase: axis_movement", "  phase: axis_marching"), "position: phase: 'axis_marching' is not a phase"),
    (("phase: axis_movement\nintro", "phase: marching\nintro"), "phase: 'marching' is not a phase of objective-kiev"),
    (("game: objective-kiev", "game: chess"), "game: hexwar has no game 'chess'"),
    (("scenario: standard", "scenario: grand"), "scenario: objective-kiev has no scenario 'grand'"),
    (("steps:\n", "dice: [7, x]\nsteps:\n"), "dice: expected a list"),
    (("  turn: 2", "  turn: 2\n  weather: mud"), "position: unknown key 'weather'"),
])
def test_a_malformed_lesson_is_refused_naming_the_file_and_the_problem(tmp_path, change, problem):
    old, new = change
    assert old in GOOD
    path = _write(tmp_path, GOOD.replace(old, new, 1))
    with pytest.raises(DataError) as err:
        L.load_lesson_file(path)
    assert err.value.path == str(path)
    assert problem in err.value.problem, err.value.problem


def test_a_lesson_file_in_the_wrong_game_or_with_a_bad_name_is_refused(tmp_path):
    with pytest.raises(DataError, match="says it is for 'objective-kiev'"):
        L.load_lesson_file(_write(tmp_path, GOOD), "battle-for-kursk")
    with pytest.raises(DataError, match="is not a lesson id"):
        L.load_lesson_file(_write(tmp_path, GOOD, "Bad Name.yaml"))
    with pytest.raises(DataError, match="anchors"):
        L.load_lesson_file(_write(tmp_path, GOOD.replace("intro: Some words.", "intro: &a Some words.")))


def test_a_bad_lesson_file_in_a_listing_is_reported_not_fatal(tmp_path, monkeypatch):
    folder = tmp_path / "objective-kiev" / "lessons"
    folder.mkdir(parents=True)
    (folder / "good.yaml").write_text(GOOD, encoding="utf-8")
    (folder / "bad.yaml").write_text("game: [", encoding="utf-8")
    monkeypatch.setattr(L.session, "scenarios_root", lambda e: tmp_path)
    problems: list[DataError] = []
    got = L.list_lessons("objective-kiev", problems)
    assert [x.id for x in got] == ["good"]
    assert len(problems) == 1 and problems[0].path.endswith("bad.yaml")
    with pytest.raises(DataError):
        L.list_lessons("objective-kiev")


# --- progress ---------------------------------------------------------------------------------
def test_progress_notes_a_finished_lesson_in_the_players_data_folder(tmp_path):
    progress = L.Progress(tmp_path / "lessons.yaml")
    run = L.open_lesson("objective-kiev", "ex-9-4-movement", progress=progress)
    while not run.done:
        assert not progress.is_done("objective-kiev", "ex-9-4-movement")
        run.demo()
    assert L.Progress(tmp_path / "lessons.yaml").done("objective-kiev") == {"ex-9-4-movement"}
    again = run.restart()  # any lesson can be played again, from its first step
    assert again.index == 0 and not again.game.actions and again.game.digest() != run.game.digest()
    progress.forget("objective-kiev", "ex-9-4-movement")
    assert not L.Progress(tmp_path / "lessons.yaml").done("objective-kiev")


def test_progress_lives_in_the_xdg_data_folder_by_default():
    from hexwar import paths

    assert L.Progress().path == paths.user_data_dir() / "lessons.yaml"


def test_a_damaged_progress_file_is_set_aside_and_a_new_one_begun(tmp_path):
    from hexwar import paths

    path = tmp_path / "lessons.yaml"
    path.write_text("done: [1, 2", encoding="utf-8")
    paths.clear_notices()
    progress = L.Progress(path)
    assert progress.done("objective-kiev") == set()
    assert any("could not be read" in n for n in paths.notices())
    assert list(tmp_path.glob("lessons.yaml.damaged-*"))
    progress.mark_done("objective-kiev", "ex-9-4-movement")
    assert L.Progress(path).is_done("objective-kiev", "ex-9-4-movement")
    paths.clear_notices()


# --- continuing as a free game ----------------------------------------------------------------
def test_a_lesson_continues_as_a_free_game_whose_record_replays(tmp_path):
    run = L.open_lesson("objective-kiev", "ex-10-7-combat")
    while not run.done:
        run.demo()
    game = run.continue_as_game()
    assert game.legal_actions() and game.result() is None
    game.apply("end")  # play on: the Axis combat phase ends
    path = tmp_path / "continued.yaml"
    game.save(path)
    again = hexwar.load_record(path)
    assert again.digest() == game.digest() and again.header["lesson"] == "ex-10-7-combat"
    assert [a.notation() for a in again.actions] == [a.notation() for a in game.actions]


def test_after_the_lessons_dice_the_game_rolls_on_its_seed():
    from hexwar.core.dice import PresetDice

    d = PresetDice([4, 1], seed=7)
    got = [d.roll() for _ in range(5)]
    assert got[:2] == [4, 1] and all(1 <= x <= 6 for x in got[2:])
    c = d.copy()
    assert [c.roll() for _ in range(3)] == [d.roll() for _ in range(3)]
    assert PresetDice([4, 1], seed=7, rolls_made=5).roll() == PresetDice([4, 1], seed=7, rolls_made=5).roll()


# --- the command line ---------------------------------------------------------------------------
def test_hexwar_lessons_prints_one_line_per_lesson():
    out = io.StringIO()
    assert L.print_lessons(out) == 0
    lines = out.getvalue().splitlines()
    assert len(lines) == len(LESSONS)
    game, lid, title, rules = lines[0].split("\t")
    assert (game, lid) == LESSONS[0] and title and rules


def test_the_client_command_takes_the_lessons_flag(capsys):
    from hexwar.ui.app import main

    assert main(["--lessons"]) == 0
    assert "objective-kiev\tex-9-4-movement\t" in capsys.readouterr().out


def test_a_lesson_is_found_by_its_id_alone_or_with_its_game():
    assert L.find("ex-10-7-combat") == ("objective-kiev", "ex-10-7-combat")
    assert L.find("battle-for-kursk/ex-replacement") == ("battle-for-kursk", "ex-replacement")
    with pytest.raises(KeyError, match="several games"):
        L.find("phase-2-axis-setup")  # Objective: Kiev and Black Wednesday both have one
    with pytest.raises(KeyError, match="hexwar --lessons"):
        L.find("no-such-lesson")
