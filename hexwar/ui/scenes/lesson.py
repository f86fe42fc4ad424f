"""A lesson on the board: the normal game scene at the lesson's position, with a lesson box
under the map (the step's text, its rules, "step k of n", what became of the last try) and
every action the scene would apply sent through the lesson's runner (``LessonRun.try_action``):
the step's action goes on, anything else is refused with the engine's rule and reason or the
lesson's hint, and nothing changes. At the end: Restart, Next lesson, Continue as a free game,
Back to lessons.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

import pygame

from ...core.actions import Move
from ...core.errors import Illegal
from ...core.hexgrid import Hex
from ...lessons import Attempt, LessonRun, Progress
from .. import theme as T
from ..control import Controller
from ..control.secrets import secret_text
from ..focus import READABLE_PX
from ..widgets import Button, ButtonRow, draw_panel, draw_tooltip
from .game import GameScene
from .stack import Scene

NO_UNDO = "a lesson only goes forward: Restart begins it again"


class LessonController(Controller):
    """The scene's controller, with the lesson's runner between the clicks and the game."""

    def __init__(self, game, run: LessonRun, *, threaded: bool = True) -> None:
        self.run = run
        self.attempt: Attempt | None = None  # what became of the learner's last try
        self.tries = 0
        self._gate = False  # inside ``do``: a refusal is the runner's, already judged
        super().__init__(game, threaded=threaded)

    def do(self, action, *, from_redo: bool = False) -> bool:
        if self.past:
            return super().do(action)  # refused: looking back
        if from_redo:
            self.refuse(f"Not in a lesson: {NO_UNDO}.")
            return False
        who = self.acting()
        secret = secret_text(self.game, action)
        rolled = self._roll_preview(action)  # before the roll: the die's result in words after it
        self._gate = True
        try:
            att = self.run.try_action(action)
        finally:
            self._gate = False
        self._tried(att)
        if not att.accepted:
            self._gate = True  # judged by the runner: said as it is
            try:
                self.refuse(Illegal(att.rule, att.reason) if att.illegal and att.rule
                            else "Not what this step is about: the box under the map says what to do.")
            finally:
                self._gate = False
            return False
        if att.illegal:  # the step showed a rule refusing the action: the lesson goes on, the game does not
            self._changed()
            self.say(_rule_seen(att), "ok")
            return False
        self.applied(action, list(att.events), who, secret, rolled=rolled)
        return True

    def _tried(self, att: Attempt) -> None:
        self.attempt = att
        self.tries += 1
        self.version += 1  # the lesson box shows what became of it

    def refuse(self, why: Illegal | str | None, fallback: str = "not possible now") -> None:
        """A refusal the scene found itself (a click on a hex the unit cannot reach): when the
        step is about that very rule, the learner has seen it at work and the step is done."""
        st = self.run.step
        if (not self._gate and not self.past and st is not None and st.refused and isinstance(why, Illegal)
                and why.rule == st.refused and self.run.expected()):
            att = self.run.try_action(self.run.expected()[0])  # refused by the engine, citing that rule
            if att.accepted:
                self._tried(att)
                self._changed()
                self.say(_rule_seen(att), "ok")
                return
        if not self._gate and not self.past and why is not None and st is not None:
            if isinstance(why, Illegal):
                rule, reason = why.rule, why.reason
                text = f"Not allowed: {reason}" + (f" (rule {rule})" if rule else "") + ". Try again."
            else:  # the client's own word (nothing selected, no undo in a lesson): as it is
                rule, reason = "", str(why)
                text = reason.rstrip(". ") + "."
            self._tried(Attempt(False, text, rule, reason, illegal=True))
        super().refuse(why, fallback)

    def _click_hex(self, h, one: bool = False) -> None:
        """A step that shows a rule refusing a move: the click that asks for that very move (the
        step's unit selected, its end hex clicked) is sent to the runner as the step's action,
        whatever path the map would have offered, so that the engine's refusal is the step's."""
        st = self.run.step
        want = self.run.expected()
        if st is not None and st.refused and want and isinstance(want[0], Move) and self.sel == want[0].unit \
                and want[0].dest == h:
            self.do(want[0])
            return
        super()._click_hex(h, one)

    def move_targets(self, uid: str) -> dict[Hex, tuple[Hex, ...]]:
        """Where a unit may move, each hex with the path a click there takes: the map offers one
        path per hex, so the step's own move (a path the lesson insists on) is the one offered
        for its end hex, when the rules allow it."""
        got = super().move_targets(uid)
        st = self.run.step
        if st is None or st.refused or self.past:
            return got
        for want in self.run.expected():
            if isinstance(want, Move) and want.unit == uid and want.path and got.get(want.dest) != want.path:
                if self.game.check(want) is None:
                    got = {**got, want.dest: want.path}
        return got

    def undo(self) -> bool:
        self.refuse(f"Cannot undo: {NO_UNDO}.")
        return False

    def redo(self) -> bool:
        return self.undo()


def _rule_seen(att: Attempt) -> str:
    """The status line's short word for a step that showed a rule refusing an action."""
    return f"Refused by rule {att.rule}, as this step shows: the lesson goes on (see the box under the map)."


class LessonScene(GameScene):
    """The game scene, playing a lesson (see the module's text)."""

    def __init__(self, app, run: LessonRun, *, threaded: bool = True,
                 lessons_list: Callable[[str], Scene] | None = None) -> None:
        """``lessons_list``: makes the list of lessons that *Back to lessons* shows (for a game
        id); None when the list is the scene below this one."""
        self.run = run
        self.lessons_list = lessons_list
        self.box = pygame.Rect(0, 0, 0, 0)
        self.buttons = ButtonRow()
        self._layout_depth = 0
        self._box_fitted = False
        self._box_key: tuple | None = None
        self._box_px = 15
        self._shown_step = 0
        self._narrow = False
        super().__init__(app, run.game, hotseat=False, autosave=False, threaded=threaded)
        self.ctl.say("A lesson: read the box under the map, then act as in a game.")

    @property
    def lctl(self) -> LessonController:
        ctl = self.ctl
        assert isinstance(ctl, LessonController), "a lesson scene makes its own controller"
        return ctl

    def make_controller(self, game, threaded: bool) -> Controller:
        return LessonController(game, self.run, threaded=threaded)

    def undo_blocked(self) -> str | None:
        return NO_UNDO

    # --- the camera on the step --------------------------------------------------------------------
    def step_hexes(self) -> list[Hex]:
        """The hexes the step's action names: its units' hexes, its path, its target."""
        from ...core.hexgrid import parse_hex

        out: list[Hex] = []

        def take(x: object) -> None:
            if isinstance(x, Hex):
                out.append(x)
            elif isinstance(x, tuple):
                for y in x:
                    take(y)
            elif isinstance(x, str):
                u = self.ctl.unit(x)
                if u and u.get("where") == "map" and u.get("hex"):
                    out.append(parse_hex(u["hex"]))

        for want in self.run.expected():
            if dataclasses.is_dataclass(want):
                for f in dataclasses.fields(want):
                    take(getattr(want, f.name))
        return [h for h in dict.fromkeys(out) if h in self.game.board.terrain]

    def show_step(self) -> None:
        """Bring the step's hexes into view when some are out of it (the map is not moved
        otherwise: the learner's own camera stays)."""
        hexes = self.step_hexes()
        mv = self.mv
        if not hexes or all(mv.rect.collidepoint(mv.hex_center(h)) for h in hexes):
            return
        mv.frame_readable(hexes, READABLE_PX)
        self._focus_pending = None

    def after_change(self) -> None:
        super().after_change()
        if self.run.index != self._shown_step:
            self._shown_step = self.run.index
            if self._box_fitted:
                self.show_step()

    # --- layout: the lesson box takes the bottom of the map's room ------------------------------------
    def layout(self, size) -> None:
        self._layout_depth += 1
        try:
            super().layout(size)
        finally:
            self._layout_depth -= 1
        if self._layout_depth:
            return  # the outer call carves the box once
        self._carve()

    def _carve(self) -> None:
        th = self.theme
        full = pygame.Rect(self.mv.rect)  # the map's whole room, as the game scene laid it out
        bw = self._button_width()
        pad = th.px(10)
        # A narrow map (a small window): the buttons in a row under the words, which get the width.
        self._narrow = full.w - bw - 3 * pad < th.px(480)
        text_w = full.w - 2 * pad if self._narrow else full.w - bw - 3 * pad
        under = th.px(32) + th.px(6) if self._narrow else 0
        room = max(th.px(120), int(full.h * (0.55 if self._narrow else 0.5)))
        for px in (th.normal, th.small, th.px(12)):
            need = self._need_height(text_w, px) + 2 * pad + under
            if need <= room:
                break
        self._box_px = px
        buttons_h = 0 if self._narrow else 4 * th.px(32) + 3 * th.px(6) + 2 * pad
        h = min(room, max(need, buttons_h, th.px(110)))
        self.box = pygame.Rect(full.x, full.bottom - h, full.w, h)
        self.mv.set_rect(pygame.Rect(full.x, full.y, full.w, full.h - h))
        self._layout_buttons()
        if not self._box_fitted:
            self._box_fitted = True
            self.show_play_area()
            self.show_step()
        self._box_key = None

    def _button_width(self) -> int:
        th = self.theme
        labels = ("Continue as a free game", "Back to lessons", "Next lesson", "Show me", "Restart")
        return max(T.size(t, th.normal, "bold")[0] for t in labels) + th.px(34)

    def text_rect(self) -> pygame.Rect:
        """Where the box's words go: beside the buttons, or above them in a narrow box."""
        th = self.theme
        pad = th.px(10)
        r = self.box
        if self._narrow:
            return pygame.Rect(r.x + pad, r.y + pad, r.w - 2 * pad, r.h - 2 * pad - th.px(38))
        return pygame.Rect(r.x + pad, r.y + pad, r.w - self._button_width() - 3 * pad, r.h - 2 * pad)

    def _layout_buttons(self) -> None:
        th = self.theme
        self.buttons.clear()
        pad, bh, gap = th.px(10), th.px(32), th.px(6)
        bw = self._button_width()
        x, y = self.box.right - pad - bw, self.box.y + pad
        if self.run.done:
            rows: list[tuple[str, Any, str, str]] = [
                ("Next lesson", self.next_lesson, "N", "The next lesson in the list"),
                ("Continue as a free game", self.continue_free, "C",
                 "Play on from this position as a normal game, with its record (saved like any game)"),
                ("Restart", self.restart, "", "This lesson again from its first step"),
                ("Back to lessons", self.back_to_lessons, "Esc", "The list of lessons, with the ones done marked"),
            ]
        else:
            rows = [
                ("Show me", self.show_me, "", "Play this step's action for you, to see it done"),
                ("Restart", self.restart, "", "This lesson again from its first step"),
                ("Back to lessons", self.back_to_lessons, "", "The list of lessons (this one is not marked done)"),
            ]
        if self._narrow:  # one row along the bottom of the box
            bw = (self.box.w - 2 * pad - gap * (len(rows) - 1)) // len(rows)
            x, y = self.box.x + pad, self.box.bottom - pad - bh
        for label, cb, hint, tip in rows:
            self.buttons.add(Button(pygame.Rect(x, y, bw, bh), label, cb, px=th.normal if not self._narrow
                                    else th.small, key_hint=hint, tooltip=tip,
                                    name=f"lesson-{label.lower().replace(' ', '-')}"))
            if self._narrow:
                x += bw + gap
            else:
                y += bh + gap
        if self.run.done and self._next_lesson() is None:
            b = self.buttons.find("lesson-next-lesson")
            if b is not None:
                b.enabled = False
                b.tooltip = "This is the last lesson of the list"

    # --- what the box says -----------------------------------------------------------------------------
    def box_lines(self, intro: bool = True) -> list[tuple[str, str, tuple]]:
        """The box's paragraphs: (text, style, colour). Not by colour alone: each says what it is.
        ``intro``: the lesson's introduction with the first step (left out when the box is too
        small for it: the Learn list's tooltip has it too)."""
        run, lesson = self.run, self.run.lesson
        n = len(lesson.steps)
        out: list[tuple[str, str, tuple]] = []
        att = self.lctl.attempt
        st = run.step
        if st is None:
            out.append((f"Lesson done: {lesson.title}", "bold", T.GOOD))
            if att is not None and att.accepted:
                out.append((att.text, "regular", T.TEXT))
            if lesson.outro:
                out.append((lesson.outro, "regular", T.TEXT_DIM))
            out.append(("Next lesson, continue this position as a free game, restart it, or go back to the list.",
                        "regular", T.TEXT_DIM))
            return self._in_words(out)
        out.append((f"Lesson: {lesson.title} — step {run.index + 1} of {n}", "bold", T.ACCENT))
        rules = st.rules or lesson.rules
        if rules:
            out.append(("Rules " + ", ".join(rules), "regular", T.TEXT_DIM))
        if intro and run.index == 0 and att is None and lesson.intro:
            out.append((lesson.intro, "regular", T.TEXT_DIM))
        if att is not None:
            if att.accepted:
                out.append(("Done. " + att.text if not att.text.startswith(("Done", "Refused")) else att.text,
                            "regular", T.GOOD))
            elif att.illegal:
                out.append((att.text, "bold", T.BAD))
            else:
                out.append((att.text, "bold", T.ACCENT))
        out.append((st.text, "regular", T.TEXT))
        return self._in_words(out)

    def _in_words(self, lines: list[tuple[str, str, tuple]]) -> list[tuple[str, str, tuple]]:
        """Every line as the player reads it: the game's own rule ids (the lesson's rules, the
        engine's refusals) in the rulebook's words (``game.for_player``)."""
        say = self.game.for_player
        return [(say(t), w, c) for t, w, c in lines]

    def _need_height(self, width: int, px: int) -> int:
        """The tallest the box's words get over the lesson: every step with its intro, its after
        text and a refusal of three lines' worth, and the end."""
        lesson = self.run.lesson
        lh = T.font(px).get_linesize()
        lhb = T.font(px, "bold").get_linesize()

        def tall(text: str, style: str = "regular") -> int:
            return len(T.wrap(text, px, width, style)) * (lhb if style == "bold" else lh)

        gap = self.theme.px(4)
        best = 0
        head = lhb + lh + 2 * gap
        for i, st in enumerate(lesson.steps):
            prev = lesson.steps[i - 1].after if i else ""
            feedback = max(tall("Done. " + prev) if prev else 0, tall(st.hint, "bold") + lhb,
                           3 * lhb, tall(lesson.intro) if i == 0 else 0)
            best = max(best, head + tall(f"Lesson: {lesson.title} — step {i + 1} of 9", "bold") - lhb
                       + feedback + gap + tall(st.text))
        last = lesson.steps[-1].after if lesson.steps else ""
        end = (tall(f"Lesson done: {lesson.title}", "bold") + tall(last) + tall(lesson.outro or "")
               + 2 * lh + 3 * gap)
        return max(best, end)

    def _tall(self, lines: list[tuple[str, str, tuple]]) -> int:
        width = self.text_rect().w
        lh = {s: T.font(self._box_px, s).get_linesize() for s in ("regular", "bold")}
        return sum(len(T.wrap(t, self._box_px, width, s)) * lh[s] + self.theme.px(4) for t, s, _ in lines)

    def lines_now(self) -> list[tuple[str, str, tuple]]:
        """What the box shows now: its lines, without the introduction if they would not fit."""
        lines = self.box_lines()
        if self._tall(lines) > self.text_rect().h + self.theme.px(4):
            lines = self.box_lines(intro=False)
        return lines

    def box_fits(self) -> bool:
        """Whether the box's words fit in it now (tests)."""
        return self._tall(self.lines_now()) <= self.text_rect().h + self.theme.px(4)

    # --- drawing ------------------------------------------------------------------------------------
    def draw_dirty(self, surface) -> list[pygame.Rect] | None:
        got = super().draw_dirty(surface)
        hov = self.buttons.hovered()
        tip = hov.tooltip if hov is not None and hov.enabled and self.app.stack.top is self else ""
        key = (self.run.index, self.lctl.tries, tuple(self.box), self.buttons.sig(), self._box_px, tip, self.mouse)
        if got == [] and key == self._box_key:
            return got
        self._draw_box(surface)
        if tip:  # a button's tooltip, inside the box (drawn again whole when it goes)
            draw_tooltip(surface, self.mouse, [tip], self.theme, self.box)
        self._box_key = key
        if got is None:
            return None
        return got + [self.box]

    def _draw_box(self, surface) -> None:
        th = self.theme
        pad, px = th.px(10), self._box_px
        r = self.box
        draw_panel(surface, r, T.PANEL_DARK, T.ACCENT)
        tr = self.text_rect()
        width = tr.w
        y = tr.y
        clip = surface.get_clip()
        surface.set_clip(tr.inflate(th.px(4), th.px(4)).clip(r))
        for text, style, colour in self.lines_now():
            for ln in T.wrap(text, px, width, style):
                surface.blit(T.text(ln, px, colour, style), (tr.x, y))
                y += T.font(px, style).get_linesize()
            y += th.px(4)
        surface.set_clip(clip)
        # how far along: one mark per step, filled when done (a shape, not only a colour)
        n = len(self.run.lesson.steps)
        if n > 1 and not self._narrow:
            s = th.px(8)
            x0 = r.right - pad - self._button_width()
            yy = r.bottom - pad - s
            for i in range(n):
                mark = pygame.Rect(x0 + i * (s + th.px(3)), yy, s, s)
                if mark.right > r.right - pad:
                    break
                if i < self.run.index:
                    pygame.draw.rect(surface, T.GOOD, mark)
                pygame.draw.rect(surface, T.TEXT_DIM, mark, 1)
        self.buttons.draw(surface)

    # --- events --------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self.buttons.handle(event)
            if event.type != pygame.MOUSEMOTION and self.box.collidepoint(event.pos):
                return True
        if event.type == pygame.KEYDOWN and self.run.done and self.ctl.die is None:
            if event.key == pygame.K_n:
                self.next_lesson()
                return True
            if event.key == pygame.K_c:
                self.continue_free()
                return True
            if event.key == pygame.K_ESCAPE:
                self.back_to_lessons()
                return True
        return super().handle(event)

    def ask_menu(self) -> None:
        self.back_to_lessons()

    def unsaved(self) -> str | None:
        return None  # a lesson is not a game to keep: it can always be started again

    def refresh(self, cached: bool = False) -> None:
        super().refresh(cached)
        if self.box.w and (self.run.done != any(b.name == "lesson-next-lesson" for b in self.buttons.buttons)):
            self._layout_buttons()

    # --- the buttons ---------------------------------------------------------------------------------
    def show_me(self) -> None:
        want = self.run.expected()
        if not want:
            return
        st = self.run.step
        if st is not None and st.refused:
            self.lctl.do(want[0])
        else:
            self.do_action(want[0])
        self.after_change()

    def restart(self) -> None:
        self.app.stack.replace(LessonScene(self.app, self.run.restart(), threaded=self.ctl.threaded,
                                           lessons_list=self.lessons_list))

    def _next_lesson(self):
        from ...lessons import list_lessons

        every = list_lessons(problems=[])
        ids = [(x.game, x.id) for x in every]
        here = (self.run.lesson.game, self.run.lesson.id)
        if here not in ids:
            return None
        k = ids.index(here) + 1
        return every[k] if k < len(every) else None

    def next_lesson(self) -> None:
        from ...lessons import start

        nxt = self._next_lesson()
        if nxt is None:
            return
        try:
            run = start(nxt, progress=self.run.progress)
        except Exception as e:  # a lesson file that cannot be used: said, never a traceback
            self.app.show_message("Cannot open the lesson", str(e))
            return
        self.app.stack.replace(LessonScene(self.app, run, threaded=self.ctl.threaded, lessons_list=self.lessons_list))

    def continue_free(self) -> None:
        game = self.run.continue_as_game()
        self.app.start_game(game, hotseat=False, autosave=True, threaded=self.ctl.threaded)

    def back_to_lessons(self) -> None:
        if self.lessons_list is None:
            self.app.stack.pop()  # the list it was opened from
        else:
            self.app.stack.replace(self.lessons_list(self.run.lesson.game))


def open_lesson_scene(app, game_id: str, lesson_id: str, *, threaded: bool = True,
                      progress: Progress | None = None,
                      lessons_list: Callable[[str], Scene] | None = None) -> LessonScene:
    """Push a lesson's scene (DataError for a lesson file that cannot be used)."""
    from ...lessons import open_lesson

    run = open_lesson(game_id, lesson_id, progress=progress if progress is not None else Progress())
    return app.stack.push(LessonScene(app, run, threaded=threaded, lessons_list=lessons_list))
