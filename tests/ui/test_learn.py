"""Learn mode in the client (issue 18): the Learn list, a lesson of each game done by clicks
through the game scene (a wrong click refused with its rule or the lesson's hint), progress,
continuing as a free game, the luck report's charts and the command line's flags."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import hexwar
import hexwar.lessons as L
from hexwar.core.hexgrid import parse_hex
from hexwar.ui.scenes import ConfirmScene, GameScene, MenuScene
from hexwar.ui.scenes.learn import LearnScene
from hexwar.ui.scenes.lesson import LessonScene
from hexwar.ui.scenes.luck import LuckScene, draw_luck_report

RECORDS = Path(__file__).resolve().parents[1] / "records" / "games"


@pytest.fixture(autouse=True)
def close_scenes(app):
    """Each scene closed after the test: a game's scene keeps its hex ids in force while open."""
    yield
    while app.stack.scenes:
        app.stack.pop()


def where(game, uid: str) -> str | None:
    u = next((u for u in game.view(None)["units"] if u["id"] == uid), None)
    return u.get("hex") if u else None


def open_lesson(app, game_id: str, lesson_id: str, progress: L.Progress) -> LessonScene:
    learn = app.stack.push(LearnScene(app, game_id=game_id, progress=progress))
    app.step()
    learn.sel = next(i for i, x in enumerate(learn.lessons) if (x.game, x.id) == (game_id, lesson_id))
    learn._show_sel()
    app.step()
    return learn


def start_lesson(app, drive, game_id: str, lesson_id: str, tmp_path) -> LessonScene:
    """Through the Learn list, as a player: the lesson picked, then opened with a click on its row."""
    progress = L.Progress(tmp_path / "lessons.yaml")
    learn = open_lesson(app, game_id, lesson_id, progress)
    row = next(r for r in learn.rows if r.lesson is not None and r.lesson.id == lesson_id and r.game == game_id)
    drive.click(learn.screen_rect(row).center)
    scene = drive.top
    assert isinstance(scene, LessonScene), type(scene).__name__
    scene.ctl.threaded = False
    app.step()
    return scene


def select(drive, scene: LessonScene, uid: str) -> None:
    """Click the unit's hex until it is the one selected (a click on a selected unit puts it down)."""
    for _ in range(4):
        if scene.ctl.sel == uid:
            return
        drive.click_hex(where(scene.game, uid))
    assert scene.ctl.sel == uid


def confirm(drive) -> None:
    """Answer yes when the last key or click asked for a confirmation."""
    if isinstance(drive.top, ConfirmScene):
        drive.key(pygame.K_RETURN)


def end_phase(drive) -> None:
    drive.key(pygame.K_e)
    confirm(drive)


def fire_by_clicks(drive, scene: LessonScene, hex_id: str, target, k: int) -> None:
    """The unit on ``hex_id`` (or already selected when None) fires at ``target``: the scene's
    click on the target makes the attack, or the panel's button declares it; then the dice."""
    if hex_id is not None:
        drive.click_hex(hex_id)
    drive.click_hex(target)
    if scene.run.index == k:  # a game whose attack is built in the panel: its button
        for name in ("declare", "fire", "attack"):
            try:
                drive.press(name)
                break
            except AssertionError:
                continue
    confirm(drive)


def box_text(scene: LessonScene) -> str:
    return " ".join(t for t, _, _ in scene.box_lines())


# --- the Learn list --------------------------------------------------------------------------------
def test_learn_list_shows_every_lesson_grouped_by_game_with_its_rules(app, drive, tmp_path):
    drive.key(pygame.K_l)  # from the menu
    learn = drive.top
    assert isinstance(learn, LearnScene)
    every = L.list_lessons()
    assert [(x.game, x.id) for x in learn.lessons] == [(x.game, x.id) for x in every]
    heads = [r.game for r in learn.rows if r.lesson is None]
    assert heads == list(dict.fromkeys(x.game for x in every))  # one heading per game, in order
    assert len([r for r in learn.rows if r.lesson is not None]) == len(every)
    first = learn.lessons[0]
    meta = " ".join(ln for ln, *_ in learn._row_lines(first, 600))
    assert first.rules[0] in meta and first.title.split()[0] in meta
    # a game citing its own rule ids is listed in the rulebook's words
    every_meta = " ".join(ln for x in learn.lessons for ln, *_ in learn._row_lines(x, 600))
    assert "KP-" not in every_meta and "Zone of Control" in every_meta
    # keyboard: down, Tab to the next game, the wheel scrolls; Esc back to the menu
    drive.key(pygame.K_DOWN)
    assert learn.sel == 1
    drive.key(pygame.K_TAB)
    assert learn.lessons[learn.sel].game != first.game
    drive.key(pygame.K_END)
    assert learn.sel == len(every) - 1 and learn.scroll > 0
    last_row = learn._sel_row()
    assert last_row is not None and learn.list_rect.contains(learn.screen_rect(last_row))
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, MenuScene)


def test_learn_entry_in_the_menu_opens_at_the_menus_game(app, drive):
    menu = drive.top
    assert isinstance(menu, MenuScene)
    menu.next_game()
    want = menu.games[menu.game_i]
    b = drive.button("learn")
    assert b.tooltip and "lesson" in b.label.lower()
    drive.press("learn")
    learn = drive.top
    assert isinstance(learn, LearnScene) and learn.lessons[learn.sel].game == want


def test_learn_row_tooltip_and_done_mark(app, drive, tmp_path):
    progress = L.Progress(tmp_path / "lessons.yaml")
    x = L.list_lessons()[0]
    progress.mark_done(x.game, x.id)
    learn = app.stack.push(LearnScene(app, progress=progress))
    app.step()
    row = next(r for r in learn.rows if r.lesson is not None and r.lesson.id == x.id)
    assert "done" in " ".join(ln for ln, *_ in learn._row_lines(x, 600))
    drive.hover(learn.screen_rect(row).center)
    assert learn.hovered() is row.lesson


# --- a lesson of each game, by clicks ----------------------------------------------------------
def test_kiev_lesson_by_clicks_with_a_refused_click_and_a_wrong_one(app, drive, tmp_path):
    scene = start_lesson(app, drive, "objective-kiev", "phase-4-axis-movement", tmp_path)
    g, run = scene.game, scene.run
    assert "step 1 of 3" in box_text(scene) and "9.1.1" in box_text(scene)
    # step 1 shows rule 9.1.1 at work: the IV Corps cannot enter the enemy's hex
    drive.click_hex("0704")
    assert scene.ctl.sel == "G-IV"
    drive.click_hex("0705")
    assert run.index == 1 and where(g, "G-IV") == "0704"
    assert "9.1.1" in box_text(scene) and "step 2 of 3" in box_text(scene)
    # a legal move, but not the one this step teaches: refused with the lesson's hint, nothing changes
    drive.click_hex("0502")
    assert scene.ctl.sel == "G-III"
    drive.click_hex("0503")
    assert run.index == 1 and where(g, "G-III") == "0502"
    att = scene.lctl.attempt
    assert att is not None and not att.accepted and run.step is not None and run.step.hint in att.text
    assert "not what this step is about" in box_text(scene)
    # a move no rule allows: the engine's rule and reason
    select(drive, scene, "G-III")
    drive.click_hex("0705")  # the enemy army's hex: no unit may enter it
    att = scene.lctl.attempt
    assert att is not None and not att.accepted and att.illegal and att.rule and att.rule in box_text(scene)
    # the step's own move
    select(drive, scene, "G-III")
    drive.click_hex("0802")
    assert where(g, "G-III") == "0802" and run.index == 2
    assert "3 of its 6 MP" in box_text(scene)
    end_phase(drive)  # the IV Corps could still move: asked first
    assert run.done and "Lesson done" in box_text(scene)
    assert {b.name for b in scene.buttons.buttons} >= {"lesson-next-lesson", "lesson-continue-as-a-free-game",
                                                            "lesson-restart", "lesson-back-to-lessons"}
    assert scene.box_fits()
    # progress saved in the player's file
    assert L.Progress(tmp_path / "lessons.yaml").is_done("objective-kiev", "phase-4-axis-movement")
    # back to the list: its row now marked done
    drive.press("lesson-back-to-lessons")
    learn = drive.top
    assert isinstance(learn, LearnScene)
    x = next(x for x in learn.lessons if x.id == "phase-4-axis-movement")
    assert "done" in " ".join(ln for ln, *_ in learn._row_lines(x, 600))


def test_a_worked_example_of_moves_by_clicks_each_on_the_lessons_own_path(app, drive, tmp_path):
    # EX-9.4: moves whose path matters (the map offers the step's own path to its end hex), a
    # zone of control stopping a move (the click that asks for it shows the rule), a stack of two.
    from hexwar.core.actions import Move

    scene = start_lesson(app, drive, "objective-kiev", "ex-9-4-movement", tmp_path)
    g, run = scene.game, scene.run
    while not run.done:
        want = run.expected()[0]
        assert isinstance(want, Move), want
        k = run.index
        select(drive, scene, want.unit)
        drive.click_hex(want.dest)
        assert run.index == k + 1, (want, scene.lctl.attempt)
        if not run.history[-1].step.refused:
            assert g.actions[-1] == want  # the very path of the book
    assert L.Progress(tmp_path / "lessons.yaml").is_done("objective-kiev", "ex-9-4-movement")


def test_a_battle_lesson_by_clicks_declare_roll_and_advance(app, drive, tmp_path):
    # The lesson's dice (a 5 at 5:1) give the book's result through the battle panel's Roll button.
    scene = start_lesson(app, drive, "objective-kiev", "phase-5-axis-combat", tmp_path)
    g, run, ctl = scene.game, scene.run, scene.ctl
    drive.click_hex("0705")
    drive.click_hex("0704")
    drive.click_hex("0604")
    assert sorted(ctl.attackers) == ["G-III", "G-XIV"]
    drive.press("declare")
    assert run.index == 1 and "5:1" in box_text(scene)
    end_phase(drive)
    assert run.index == 2
    drive.click_hex("0705")
    confirm(drive)
    assert run.index == 3
    drive.press("roll")
    assert run.index == 4 and ctl.die is not None and ctl.die.roll == 5
    assert "eliminates the defender" in box_text(scene)
    drive.key(pygame.K_SPACE)  # the die put away
    # the wrong corps advances: legal, but the step asks for the III
    drive.click_hex("0604")
    assert run.index == 4 and where(g, "G-XIV") == "0604" and "Advance G-III" in box_text(scene)
    drive.click_hex("0704")
    assert run.index == 5 and where(g, "G-III") == "0705"
    end_phase(drive)
    assert run.done


def test_kursk_lesson_by_clicks(app, drive, tmp_path):
    scene = start_lesson(app, drive, "battle-for-kursk", "phase-10-russian-movement", tmp_path)
    g, run = scene.game, scene.run
    drive.key(pygame.K_z, pygame.KMOD_CTRL)  # no undo in a lesson: said why
    assert scene.ctl.status.kind == "refusal" and "Restart" in scene.ctl.status.text
    # a wrong click: onto the German corps' hex, which no unit may enter
    select(drive, scene, "R-13A")
    drive.click_hex(where(g, "G-LII"))
    att = scene.lctl.attempt
    assert att is not None and att.illegal and att.rule and att.rule in box_text(scene) and run.index == 0
    assert where(g, "R-13A") == "2113"
    select(drive, scene, "R-13A")
    drive.click_hex("2013")
    assert where(g, "R-13A") == "2013" and run.index == 1
    end_phase(drive)
    assert run.done


def test_kasserine_lesson_by_clicks_the_rule_at_work_then_moves(app, drive, tmp_path):
    scene = start_lesson(app, drive, "kasserine-pass", "phase-3-allied-move", tmp_path)
    g, run = scene.game, scene.run
    st = run.step
    assert st is not None and st.refused == "KP-ZOC"
    # the wrong unit first: CCA-AI's move is legal but the step is about CCA-AR
    select(drive, scene, "CCA-AR")
    drive.click_hex("1423")
    assert run.index == 1, scene.lctl.attempt
    assert "Zone of Control" in box_text(scene) and "KP-" not in box_text(scene)  # the rulebook's words
    select(drive, scene, "CCA-AI")
    drive.click_hex("1324")
    assert where(g, "CCA-AI") == "1324" and run.index == 2
    end_phase(drive)
    assert run.done and "Lesson done" in box_text(scene)


def test_black_wednesday_lesson_by_clicks_and_continue_as_a_free_game(app, drive, tmp_path):
    scene = start_lesson(app, drive, "black-wednesday", "phase-6-action", tmp_path)
    g, run = scene.game, scene.run
    want = run.expected()[0]
    # the wrong key first: ending the Action Phase now is legal, but not this step's action
    before = len(g.actions)
    end_phase(drive)
    assert len(g.actions) == before and run.index == 0
    assert "not what this step is about" in box_text(scene)
    assert scene.lctl.attempt is not None and not scene.lctl.attempt.accepted
    # the attack, as the scene's click on the target makes it
    fire_by_clicks(drive, scene, where(g, "1-I-262-MG"), parse_hex("B05.31"), 0)
    assert run.index == 1, (want, scene.ctl.status.text)
    while scene.ctl.die is not None:
        drive.key(pygame.K_SPACE)
    end_phase(drive)
    assert run.done
    n = len(g.actions)
    drive.press("lesson-continue-as-a-free-game")
    gs = drive.top
    assert isinstance(gs, GameScene) and not isinstance(gs, LessonScene)
    assert gs.game is g and len(g.actions) == n and g.header.get("lesson") == "phase-6-action"


def test_black_wednesday_partial_trench_lesson_by_clicks(app, drive, tmp_path):
    """1.1a's lesson done as a player does it: pick each machine gun at B28.01 by clicking its
    hex, click the target hex, fire, let the dice roll; the box then tells the trench shift."""
    scene = start_lesson(app, drive, "black-wednesday", "ex-1-1a-partial-trench", tmp_path)
    g, run = scene.game, scene.run
    for k, (uid, target) in enumerate((("1-708-MG", "B30.04"), ("2-708-MG", "B29.03"))):
        select(drive, scene, uid)
        fire_by_clicks(drive, scene, None, parse_hex(target), k)
        while scene.ctl.die is not None:
            drive.key(pygame.K_SPACE)
        assert run.index == k + 1, (uid, target, scene.ctl.status.text, box_text(scene))
    assert run.done and "Lesson done" in box_text(scene)
    fires = [e.text for a in g.history() for e in a.events if e.kind == "fire"]
    assert "trench (1.3a) -2" in fires[-1] and "no shifts" in fires[0]


def test_restart_and_show_me(app, drive, tmp_path):
    from hexwar.ui import theme as T

    scene = start_lesson(app, drive, "objective-kiev", "phase-4-axis-movement", tmp_path)
    b = drive.button("lesson-show-me")
    drive.hover(b.rect.center)  # its tooltip, inside the lesson box
    scene.invalidate_frame()
    with T.TextProbe() as probe:
        app.draw(probe.surface(app.size))
    tip = [w for text, _px, w, _box in probe.drawn if text in b.tooltip and len(text) > 10]
    assert tip and all(scene.box.contains(w) for w in tip)
    drive.press("lesson-show-me")
    assert scene.run.index == 1
    drive.press("lesson-restart")
    again = drive.top
    assert isinstance(again, LessonScene) and again is not scene and again.run.index == 0


# --- the luck report -------------------------------------------------------------------------------
@pytest.mark.parametrize("name", ["objective-kiev-standard-11", "battle-for-kursk-short-11",
                                  "kasserine-pass-standard-11", "black-wednesday-s4-melee-in-krasni-bor-11"])
def test_luck_report_draws_for_a_record_of_each_game_and_its_words_fit(name):
    from hexwar.ui import theme as T

    game = hexwar.load_record(RECORDS / f"{name}.yaml")
    report = hexwar.luck(game)
    for size in ((1280, 800), (1920, 1080)):
        th = T.Theme(T.auto_scale(size))
        surf = pygame.Surface(size)
        rect = surf.get_rect().inflate(-20, -20)
        with T.TextProbe() as probe:
            draw_luck_report(probe.surface(size), rect, report, th, "Luck report")
        assert len(probe.drawn) > 10, "nothing drawn"
        for text, _px, where_, _box in probe.drawn:
            assert rect.contains(where_), (size, text, tuple(where_))


def test_luck_scene_on_the_u_key_and_from_the_victory_screen(app, drive):
    game = hexwar.load_record(RECORDS / "objective-kiev-standard-11.yaml")
    app.start_game(game, hotseat=False, autosave=False, threaded=False)
    app.step()
    drive.key(pygame.K_u)
    top = drive.top
    assert isinstance(top, LuckScene)
    top._work() if top.report is None and top.error is None else None
    app.step()
    assert top.report is not None and top.error is None
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, GameScene)
    b = drive.game_scene.map_buttons.find("luck")
    assert b is not None and "luck report" in b.tooltip
    drive.click(b.rect.center)
    assert isinstance(drive.top, LuckScene)
    drive.press("luck-close")
    # the victory screen's button
    from hexwar.ui.scenes import VictoryScene

    app.stack.push(VictoryScene(app, drive.game_scene))
    app.step()
    drive.press("victory-luck")
    assert isinstance(drive.top, LuckScene) and drive.top.game is game
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, VictoryScene)


# --- the command line ----------------------------------------------------------------------------
def test_cli_lesson_screenshot_and_a_bad_id(tmp_path, capsys):
    from hexwar.ui.app import main

    out = tmp_path / "lesson.png"
    assert main(["--lesson", "phase-4-axis-movement", "--screenshot", str(out), "--size", "1280x800"]) == 0
    assert out.stat().st_size > 10_000
    assert main(["--lesson", "no-such-lesson", "--screenshot", str(tmp_path / "x.png")]) == 1
    assert "no-such-lesson" in capsys.readouterr().err


def test_a_lesson_opened_directly_goes_back_to_the_list_of_its_game(app, drive):
    from hexwar.ui.app import open_lesson as open_from_cli

    assert open_from_cli(app, "kasserine-pass/ex-three-to-one", threaded=False) is None
    assert isinstance(drive.top, LessonScene)
    drive.press("lesson-back-to-lessons")
    learn = drive.top
    assert isinstance(learn, LearnScene) and learn.lessons[learn.sel].game == "kasserine-pass"
    assert "no-such" in (open_from_cli(app, "no-such") or "")


def test_cli_luck_picture_and_a_bad_record(tmp_path, capsys):
    from hexwar.ui.app import main

    out = tmp_path / "luck.png"
    assert main(["--record", str(RECORDS / "kasserine-pass-standard-11.yaml"), "--luck", str(out),
                 "--size", "1280x800"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1280, 800)
    bad = tmp_path / "nothing.yaml"
    assert main(["--record", str(bad), "--luck", str(tmp_path / "y.png")]) == 1
    err = capsys.readouterr().err
    assert str(bad) in err and "Traceback" not in err
    assert main(["--luck", str(tmp_path / "z.png")]) == 2


@pytest.mark.sweep
def test_every_lesson_plays_to_its_end_in_the_scene_and_its_box_fits(app, tmp_path):
    """Show me, step after step, through the scene's own controller: every lesson of every game
    ends with "Lesson done", its words inside its box at every step."""
    progress = L.Progress(tmp_path / "lessons.yaml")
    for x in L.list_lessons():
        scene = app.stack.push(LessonScene(app, L.start(x, progress=progress), threaded=False))
        app.step()
        for _ in range(len(x.steps) + 1):
            if scene.run.done:
                break
            assert scene.box_fits(), (x.game, x.id, scene.run.index)
            scene.show_me()
            scene.ctl.die = None
            while app.stack.top is not scene:  # a question or the end of the game over the lesson
                app.stack.pop()
        assert scene.run.done, (x.game, x.id, scene.run.index, scene.lctl.attempt)
        app.step()
        assert scene.box_fits() and scene.box_lines()[0][0].startswith("Lesson done"), (x.game, x.id)
        app.stack.pop()
    assert all(progress.is_done(x.game, x.id) for x in L.list_lessons())
