"""No text of Learn mode is cut off at 1280x800 or 1920x1080: the Learn list (with a tooltip),
a lesson's box at its first step, after a refused click and at its end, and the luck report
(with ``test_text_fits``'s recorder: each text inside the box it was drawn in)."""
from __future__ import annotations

from pathlib import Path

import pygame
import pytest

import hexwar
import hexwar.lessons as L
from hexwar.ui.scenes.learn import LearnScene
from hexwar.ui.scenes.lesson import LessonScene
from hexwar.ui.scenes.luck import LuckScene

from .test_text_fits import SIZES, apps, drawn  # noqa: F401  (apps: the fixture)

RECORDS = Path(__file__).resolve().parents[1] / "records" / "games"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_learn_list_cuts_no_text(size, apps, tmp_path):  # noqa: F811
    app = apps(size)
    progress = L.Progress(tmp_path / "lessons.yaml")
    x = L.list_lessons()[0]
    progress.mark_done(x.game, x.id)
    learn = app.stack.push(LearnScene(app, progress=progress))
    app.step()
    row = next(r for r in learn.rows if r.lesson is not None)
    learn.mouse = learn.screen_rect(row).center  # its tooltip shows
    assert drawn(app) == []
    learn.move(len(learn.lessons))  # the end of the list
    assert drawn(app) == []


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("lesson", ["objective-kiev/ex-10-7-combat", "battle-for-kursk/ex-combat-3-offensive",
                                    "kasserine-pass/ex-artillery-base-value", "black-wednesday/phase-4-command"])
def test_a_lesson_box_cuts_no_text(size, lesson, apps, tmp_path):  # noqa: F811
    app = apps(size)
    game_id, lesson_id = lesson.split("/")
    run = L.open_lesson(game_id, lesson_id, progress=L.Progress(tmp_path / "lessons.yaml"))
    scene = app.stack.push(LessonScene(app, run, threaded=False))
    app.step()
    assert scene.box_fits() and drawn(app) == [], "first step"
    scene.lctl.do(hexwar.core.actions.EndPhase()) if run.step and run.step.expect[0] != "end" else None
    app.step()
    assert scene.box_fits() and drawn(app) == [], "a refusal"
    while not run.done:
        scene.show_me()
        scene.ctl.die = None
        app.step()
        assert scene.box_fits() and drawn(app) == [], f"step {run.index}"
    assert "Lesson done" in scene.box_lines()[0][0]


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_luck_report_cuts_no_text(size, apps):  # noqa: F811
    app = apps(size)
    game = hexwar.load_record(RECORDS / "battle-for-kursk-short-11.yaml")
    scene = app.stack.push(LuckScene(app, game, threaded=False))
    app.step()
    assert scene.report is not None
    assert drawn(app) == []
    pygame.event.clear()


def test_a_small_window_puts_the_buttons_under_the_words_and_keeps_the_step(apps, tmp_path):  # noqa: F811
    app = apps((800, 560))
    run = L.open_lesson("objective-kiev", "ex-10-7-combat", progress=L.Progress(tmp_path / "lessons.yaml"))
    scene = app.stack.push(LessonScene(app, run, threaded=False))
    app.step()
    assert scene._narrow and scene.box_fits()
    assert run.step is not None and any(t == run.step.text for t, _, _ in scene.lines_now())
    assert all(b.rect.y > scene.text_rect().bottom for b in scene.buttons.buttons)
    from hexwar.ui import theme as T

    app.stack.invalidate()
    scene.invalidate_frame()
    with T.TextProbe() as probe:
        app.draw(probe.surface(app.size))
    in_box = [(text, r, box) for text, _px, r, box in probe.drawn if scene.box.contains(box) and text.strip()]
    assert len(in_box) > 5
    assert [(text, tuple(r)) for text, r, box in in_box if not (scene.box.contains(r) and box.contains(r))] == []
