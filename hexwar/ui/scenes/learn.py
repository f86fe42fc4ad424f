"""Learn: every game's lessons, grouped by game, each with its title, rule numbers and a done
mark (``lessons.Progress``); a click or Enter opens one on the board (``lesson.LessonScene``).
Keys: Up/Down pick, Enter opens, PageUp/PageDown and the wheel scroll, Tab goes to the next
game, Esc goes back to the menu.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ...core.errors import DataError, HexwarError
from ...games import entry as game_entry
from ...lessons import Lesson, Progress, list_lessons
from .. import theme as T
from ..widgets import Button, ButtonRow, draw_tooltip
from .stack import Scene


@dataclass
class Row:
    """One line of the list: a game's heading (lesson None) or a lesson."""

    game: str
    lesson: Lesson | None
    rect: pygame.Rect


class LearnScene(Scene):
    def __init__(self, app, game_id: str | None = None, progress: Progress | None = None) -> None:
        super().__init__(app)
        from ...games import all_games

        self.progress = progress if progress is not None else Progress()
        self.problems: list[DataError] = []
        self.lessons = list_lessons(problems=self.problems)
        self.titles = {e.id: e.title for e in all_games()}
        self.sel = 0  # index into self.lessons
        if game_id is not None:
            self.sel = next((i for i, x in enumerate(self.lessons) if x.game == game_id), 0)
        self.scroll = 0  # pixels the list is scrolled by
        self.rows: list[Row] = []
        self.list_rect = pygame.Rect(0, 0, 10, 10)
        self.buttons = ButtonRow()
        self.mouse = (-1, -1)
        self.size = app.size
        self._total_h = 0
        self._bring_sel = True  # scroll the selected lesson into view on the next layout

    # --- layout ----------------------------------------------------------------------------------------
    def layout(self, size) -> None:
        self.size = size
        th = self.theme
        w, h = size
        col_w = min(th.px(1000), w - th.px(60))
        x = (w - col_w) // 2
        top = th.px(30) + T.font(th.title, "bold").get_linesize() + T.font(th.normal).get_linesize() + th.px(14)
        bottom = h - th.px(64)
        self.list_rect = pygame.Rect(x, top, col_w, bottom - top)
        self.buttons.clear()
        bh = th.px(36)
        self.buttons.add(Button(pygame.Rect(x, h - th.px(50), th.px(240), bh), "Back to the menu", self.back,
                                px=th.normal, key_hint="Esc", name="learn-back",
                                tooltip="The main menu; your lessons done are kept"))
        self.buttons.add(Button(pygame.Rect(x + th.px(252), h - th.px(50), th.px(240), bh), "Open the lesson",
                                self.open_selected, px=th.normal, key_hint="Enter", name="learn-open",
                                tooltip="Start the lesson picked in the list (a click on a lesson does too)"))
        self._build_rows()

    def _row_lines(self, x: Lesson, width: int) -> list[tuple[str, int, str, tuple]]:
        th = self.theme
        kind = "Worked example" if x.kind == "example" else "Phase"
        done = self.progress.is_done(x.game, x.id)
        title = [(ln, th.normal, "bold", T.TEXT) for ln in T.wrap(x.title, th.normal, width, "bold")]
        words = game_entry(x.game).words  # the rulebook's names where the game cites its own ids
        meta = (f"{kind} · rules {', '.join(words(r) for r in x.rules)} · "
                f"{len(x.steps)} step{'s' if len(x.steps) != 1 else ''}")
        meta += " · done" if done else ""
        return title + [(ln, th.small, "regular", T.TEXT_DIM) for ln in T.wrap(meta, th.small, width)]

    def _build_rows(self) -> None:
        th = self.theme
        r = self.list_rect
        pad = th.px(8)
        mark = th.px(22)
        text_w = r.w - 3 * pad - mark
        rows: list[Row] = []
        y = 0
        game = None
        for x in self.lessons:
            if x.game != game:
                game = x.game
                hh = T.font(th.large, "bold").get_linesize() + th.px(10)
                rows.append(Row(game, None, pygame.Rect(r.x, y, r.w, hh)))
                y += hh
            lines = self._row_lines(x, text_w)
            rh = sum(T.font(px, st).get_linesize() for _, px, st, _ in lines) + 2 * pad
            rows.append(Row(x.game, x, pygame.Rect(r.x, y, r.w, rh)))
            y += rh + th.px(3)
        self._total_h = y
        self.rows = rows
        if self._bring_sel:
            self._bring_sel = False
            self._show_sel()
        self.scroll = max(0, min(self.scroll, max(0, self._total_h - r.h)))

    def _sel_row(self) -> Row | None:
        if not self.lessons:
            return None
        want = self.lessons[self.sel]
        return next((row for row in self.rows if row.lesson is want), None)

    def _show_sel(self) -> None:
        row = self._sel_row()
        if row is None:
            return
        h = self.list_rect.h
        top = row.rect.y
        if self.sel == 0 or (self.sel > 0 and self.lessons[self.sel - 1].game != self.lessons[self.sel].game):
            top -= T.font(self.theme.large, "bold").get_linesize() + self.theme.px(10)  # its game's heading too
        if top < self.scroll:
            self.scroll = max(0, top)
        elif row.rect.bottom > self.scroll + h:
            self.scroll = row.rect.bottom - h
        self.scroll = max(0, min(self.scroll, max(0, self._total_h - h)))

    def screen_rect(self, row: Row) -> pygame.Rect:
        """Where a row is on the screen now (scrolled)."""
        return row.rect.move(0, self.list_rect.y - self.scroll)

    def visible_rows(self) -> list[tuple[Row, pygame.Rect]]:
        out = []
        for row in self.rows:
            sr = self.screen_rect(row)
            if self.list_rect.contains(sr):  # whole rows only: never words cut at the edge
                out.append((row, sr))
        return out

    # --- commands ----------------------------------------------------------------------------------------
    def back(self) -> None:
        self.app.back_to_menu()

    def move(self, delta: int) -> None:
        if self.lessons:
            self.sel = max(0, min(len(self.lessons) - 1, self.sel + delta))
            self._show_sel()

    def next_game(self) -> None:
        if not self.lessons:
            return
        game = self.lessons[self.sel].game
        k = next((i for i in range(self.sel + 1, len(self.lessons)) if self.lessons[i].game != game), 0)
        self.sel = k
        self._show_sel()

    def open_selected(self) -> None:
        if self.lessons:
            self.open(self.lessons[self.sel])

    def open(self, x: Lesson) -> None:
        from ...lessons import start
        from .lesson import LessonScene

        try:
            run = start(x, progress=self.progress)
        except (DataError, HexwarError, KeyError, OSError) as e:
            self.app.show_message("Cannot open the lesson", str(e))
            return
        self.app.stack.push(LessonScene(self.app, run))

    def resume(self) -> None:
        self._bring_sel = True
        self.layout(self.size)  # a lesson may have been done meanwhile: its mark

    # --- events --------------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            k = event.key
            page = max(1, self.list_rect.h // max(1, self.theme.px(60)))
            if k == pygame.K_ESCAPE:
                self.back()
            elif k == pygame.K_UP:
                self.move(-1)
            elif k == pygame.K_DOWN:
                self.move(1)
            elif k == pygame.K_PAGEUP:
                self.move(-page)
            elif k == pygame.K_PAGEDOWN:
                self.move(page)
            elif k == pygame.K_HOME:
                self.move(-len(self.lessons))
            elif k == pygame.K_END:
                self.move(len(self.lessons))
            elif k == pygame.K_TAB:
                self.next_game()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self.open_selected()
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            step = self.theme.px(60)
            self.scroll = max(0, min(self.scroll - event.y * step, max(0, self._total_h - self.list_rect.h)))
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.buttons.handle(event):
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.list_rect.collidepoint(event.pos):
            for row, sr in self.visible_rows():
                if row.lesson is not None and sr.collidepoint(event.pos):
                    self.sel = self.lessons.index(row.lesson)
                    self.open(row.lesson)
                    break
        return True

    def hovered(self) -> Lesson | None:
        if not self.list_rect.collidepoint(self.mouse):
            return None
        for row, sr in self.visible_rows():
            if row.lesson is not None and sr.collidepoint(self.mouse):
                return row.lesson
        return None

    def frame_key(self):
        return (self.size, self.theme.scale, self.sel, self.scroll, self.mouse, self.buttons.sig())

    # --- drawing ---------------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        w, h = surface.get_size()
        r = self.list_rect
        t = T.text("Learn the rules", th.title, T.ACCENT, "bold")
        surface.blit(t, (r.x, th.px(24)))
        n_done = sum(self.progress.is_done(x.game, x.id) for x in self.lessons)
        sub = (f"{len(self.lessons)} lessons on the board, {n_done} done. Each puts a worked example of the "
               "rulebook or a phase of play on the real map: you act, the rules answer.")
        yy = th.px(24) + t.get_height()
        for ln in T.wrap(sub, th.normal, r.w):
            surface.blit(T.text(ln, th.normal, T.TEXT_DIM), (r.x, yy))
            yy += T.font(th.normal).get_linesize()
        clip = surface.get_clip()
        surface.set_clip(r)
        pad, mark = th.px(8), th.px(22)
        hov = self.hovered()
        for row, sr in self.visible_rows():
            if row.lesson is None:
                done = sum(self.progress.is_done(x.game, x.id) for x in self.lessons if x.game == row.game)
                total = sum(1 for x in self.lessons if x.game == row.game)
                head = f"{self.titles.get(row.game, row.game)} — {done} of {total} done"
                surface.blit(T.text(head, th.large, T.TEXT, "bold"), (sr.x, sr.y + th.px(6)))
                continue
            x = row.lesson
            picked = self.lessons[self.sel] is x
            bg = T.BUTTON_HOVER if x is hov else (T.BUTTON if picked else T.PANEL)
            pygame.draw.rect(surface, bg, sr, border_radius=4)
            pygame.draw.rect(surface, T.ACCENT if picked else T.PANEL_LINE, sr, 2 if picked else 1, border_radius=4)
            box = pygame.Rect(sr.x + pad, sr.y + pad, mark, mark)
            pygame.draw.rect(surface, T.PANEL_DARK, box)
            pygame.draw.rect(surface, T.TEXT_DIM, box, 1)
            if self.progress.is_done(x.game, x.id):  # a tick, and "done" in the words: not colour alone
                pygame.draw.lines(surface, T.GOOD, False, [(box.x + 3, box.centery), (box.x + mark // 2 - 1,
                                  box.bottom - 4), (box.right - 3, box.y + 3)], max(2, th.px(3)))
            ty = sr.y + pad
            for ln, px, style, colour in self._row_lines(x, r.w - 3 * pad - mark):
                surface.blit(T.text(ln, px, colour, style), (box.right + pad, ty))
                ty += T.font(px, style).get_linesize()
        surface.set_clip(clip)
        if self._total_h > r.h:  # where the list is: a scroll bar
            bar_h = max(th.px(20), r.h * r.h // self._total_h)
            by = r.y + (r.h - bar_h) * self.scroll // max(1, self._total_h - r.h)
            pygame.draw.rect(surface, T.PANEL_LINE, pygame.Rect(r.right + th.px(4), by, th.px(5), bar_h))
        self.buttons.draw(surface)
        note = "Up/Down pick · Enter opens · Tab: next game · wheel scrolls"
        if self.problems:
            note = f"{len(self.problems)} lesson file(s) could not be read: {self.problems[0]}"
        nt = T.wrap(note, th.small, max(th.px(100), w - r.x - th.px(510)))
        ny = h - th.px(50)
        for ln in nt[:2]:
            surface.blit(T.text(ln, th.small, T.BAD if self.problems else T.TEXT_DIM), (r.x + th.px(504), ny))
            ny += T.font(th.small).get_linesize()
        tip: list[str] | None = None
        if hov is not None:
            tip = [hov.title, hov.intro, "Click or Enter to start it on the board."]
        else:
            b = self.buttons.hovered()
            if b is not None and b.tooltip:
                tip = [b.tooltip]
        if tip:
            draw_tooltip(surface, self.mouse, tip, th)
