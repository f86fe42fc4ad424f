"""The luck report drawn as charts (the figures are ``hexwar.luck(game)``'s; this only draws):
per side, the steps lost and inflicted against what the dice could be expected to give, how
many results were better or worse than the median of their column, and the game's course
turn by turn (the score, steps lost). Each side keeps its colour and a marker shape of its
own, and every bar and line carries its figure in words: nothing rests on colour alone.

``LuckScene`` shows it over a game (the U key, the Luck button, the victory screen);
``draw_luck_report`` draws it on any surface; ``write_luck_picture`` is ``hexwar --record
FILE --luck OUT.png``.
"""
from __future__ import annotations

import sys
import threading
from collections.abc import Mapping, Sequence
from typing import Any

import pygame

from .. import theme as T
from ..widgets import Button, ButtonRow
from .stack import Scene

MARKERS = ("circle", "square", "triangle", "diamond")


def _hatch(surface: pygame.Surface, rect: pygame.Rect, colour, step: int) -> None:
    """Diagonal lines across ``rect``: a pattern, for what must not be told by colour alone."""
    if rect.w <= 0 or rect.h <= 0:
        return
    clip = surface.get_clip()
    surface.set_clip(rect.clip(clip) if clip else rect)
    for x in range(rect.x - rect.h, rect.right, max(3, step)):
        pygame.draw.line(surface, colour, (x, rect.bottom), (x + rect.h, rect.y), 1)
    surface.set_clip(clip)


def _marker(surface: pygame.Surface, kind: str, centre: tuple[int, int], r: int, colour) -> None:
    x, y = centre
    if kind == "square":
        pygame.draw.rect(surface, colour, pygame.Rect(x - r, y - r, 2 * r, 2 * r))
        pygame.draw.rect(surface, T.TEXT, pygame.Rect(x - r, y - r, 2 * r, 2 * r), 1)
    elif kind == "triangle":
        pts = [(x, y - r - 1), (x - r - 1, y + r), (x + r + 1, y + r)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, T.TEXT, pts, 1)
    elif kind == "diamond":
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
        pygame.draw.polygon(surface, colour, pts)
        pygame.draw.polygon(surface, T.TEXT, pts, 1)
    else:
        pygame.draw.circle(surface, colour, centre, r)
        pygame.draw.circle(surface, T.TEXT, centre, r, 1)


def _fmt(v: float) -> str:
    return f"{v:.0f}" if abs(v - round(v)) < 0.05 else f"{v:.1f}"


def _colour(side: str):
    c = T.side_colour(side)
    # a dark side colour is lightened so that it shows on the dark panel
    if sum(c) < 240:
        c = tuple(min(255, v + 90) for v in c)
    return c


def _title(surface, rect: pygame.Rect, text: str, note: str, th: T.Theme) -> int:
    """A chart's title and one dim line under it; returns the y below them."""
    y = rect.y
    for ln in T.wrap(text, th.normal, rect.w, "bold"):
        surface.blit(T.text(ln, th.normal, T.TEXT, "bold"), (rect.x, y))
        y += T.font(th.normal, "bold").get_linesize()
    for ln in T.wrap(note, th.small, rect.w):
        surface.blit(T.text(ln, th.small, T.TEXT_DIM), (rect.x, y))
        y += T.font(th.small).get_linesize()
    return y + th.px(4)


def _bars(surface, rect: pygame.Rect, report: Any, th: T.Theme) -> None:
    """Steps lost and inflicted by each side: what the dice could be expected to give (an
    outlined, hatched bar) against what they gave (a solid bar), each with its figure."""
    y = _title(surface, rect, "Steps lost and inflicted: expected against actual",
               "Hatched: what the dice could be expected to give, battle by battle. Solid: what they gave.", th)
    rows: list[tuple[str, str, float, float]] = []
    for s in report.sides:
        rows.append((s.side, f"{s.name} lost", s.expected_lost, s.lost))
        rows.append((s.side, f"{s.name} inflicted", s.expected_inflicted, s.inflicted))
    if not any(e or a for _, _, e, a in rows):
        surface.blit(T.text("No battle has been decided by a results table yet.", th.small, T.TEXT_DIM),
                     (rect.x, y + th.px(6)))
        return
    top = max(max(e, a) for _, _, e, a in rows) or 1.0
    label_w = max(T.size(lab, th.small)[0] for _, lab, _, _ in rows) + th.px(10)
    fig_w = T.size("expected 888.8", th.small)[0] + th.px(8)
    bar_room = max(th.px(40), rect.w - label_w - fig_w)
    row_h = max(th.px(30), min(th.px(44), (rect.bottom - y) // max(1, len(rows))))
    one = max(th.px(8), (row_h - th.px(8)) // 2)
    for side, label, exp, act in rows:
        col = _colour(side)
        ty = y + (row_h - T.font(th.small).get_linesize()) // 2
        surface.blit(T.text(label, th.small, T.TEXT), (rect.x, ty))
        x0 = rect.x + label_w
        we = int(bar_room * exp / top)
        wa = int(bar_room * act / top)
        re = pygame.Rect(x0, y + th.px(2), max(1, we), one)
        ra = pygame.Rect(x0, re.bottom + th.px(2), max(1, wa), one)
        _hatch(surface, re, col, th.px(5))
        pygame.draw.rect(surface, col, re, 1)
        pygame.draw.rect(surface, col, ra)
        pygame.draw.rect(surface, T.TEXT, ra, 1)
        fy = T.font(th.small).get_linesize()
        surface.blit(T.text(f"expected {_fmt(exp)}", th.small, T.TEXT_DIM),
                     (re.right + th.px(6), re.centery - fy // 2))
        surface.blit(T.text(f"actual {_fmt(act)}", th.small, T.TEXT), (ra.right + th.px(6), ra.centery - fy // 2))
        y += row_h + th.px(2)
        if y > rect.bottom:
            break


def _verdicts(surface, rect: pygame.Rect, report: Any, th: T.Theme) -> None:
    """Each side's results against the median of their column: better (solid), as the median
    (plain) and worse (hatched), with counts in words, and the average place of its results."""
    y = _title(surface, rect, "Results against the median of their column",
               "Per side: how many of its rolls gave a result better or worse than the middle result "
               "of their column. 50% is exactly as lucky as expected.", th)
    rows: list[tuple[str | None, str, int, int, int, str]] = []
    for s in report.sides:
        rows.append((s.side, s.name, s.better, s.median, s.worse,
                     f"average place {s.mean_percentile:.0%}" if s.rolls else "no rolls"))
    loose = [r for r in report.rolls if r.side is None]
    if loose:
        hi = sum(r.verdict in ("high", "better") for r in loose)
        lo = sum(r.verdict in ("low", "worse") for r in loose)
        rows.append((None, "Other rolls", hi, len(loose) - hi - lo, lo, "high / average / low total"))
    label_w = max(T.size(r[1], th.small)[0] for r in rows) + th.px(28)  # a side's chip and its name
    bar_room = max(th.px(60), rect.w - label_w)
    lh = T.font(th.small).get_linesize()
    row_h = max(th.px(26) + lh, min(th.px(40) + lh, (rect.bottom - y) // max(1, len(rows))))
    for side, name, good, mid, bad, note in rows:
        total = good + mid + bad
        if side is not None:
            T.side_chip(surface, side, rect.x, y + th.px(2), th.px(14))
        surface.blit(T.text(name, th.small, T.TEXT), (rect.x + (th.px(18) if side else 0), y))
        x = rect.x + label_w
        bh = row_h - lh - th.px(8)
        words = []
        parts = ((good, "better" if side else "high", "good"), (mid, "median" if side else "average", "mid"),
                 (bad, "worse" if side else "low", "bad"))
        for n, what, kind in parts:
            w = int(bar_room * n / total) if total else 0
            r = pygame.Rect(x, y, w, bh)
            if w > 0:
                if kind == "good":
                    pygame.draw.rect(surface, T.GOOD, r)
                elif kind == "mid":
                    pygame.draw.rect(surface, T.PANEL_LINE, r)
                else:
                    pygame.draw.rect(surface, T.PANEL_DARK, r)
                    _hatch(surface, r, T.BAD, th.px(5))
                pygame.draw.rect(surface, T.TEXT, r, 1)
                label = str(n)
                if T.size(label, th.small, "bold")[0] + th.px(4) < w:
                    ink = T.TEXT_DARK if kind != "bad" else T.TEXT
                    t = T.text(label, th.small, ink, "bold")
                    surface.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
            words.append(f"{n} {what}")
            x += w
        if not total:
            pygame.draw.rect(surface, T.PANEL_LINE, pygame.Rect(rect.x + label_w, y, bar_room, bh), 1)
        summary = T.text(f"{', '.join(words)} — {note}", th.small, T.TEXT_DIM)
        surface.blit(summary, (rect.x + label_w, y + bh + th.px(2)))
        y += row_h
        if y > rect.bottom:
            break


def _lines(surface, rect: pygame.Rect, title: str, note: str, series: Mapping[str, Sequence[float]],
           turns: Sequence[int], sides: Sequence[Any], th: T.Theme) -> None:
    """A line chart over the turns: one line per side, with its own marker and its last figure
    written at its end, and a legend naming the sides."""
    y = _title(surface, rect, title, note, th)
    lh = T.font(th.small).get_linesize()
    # the legend
    lx = rect.x
    for i, s in enumerate(sides):
        col = _colour(s.side)
        _marker(surface, MARKERS[i % len(MARKERS)], (lx + th.px(7), y + lh // 2), th.px(5), col)
        t = T.text(s.name, th.small, T.TEXT)
        surface.blit(t, (lx + th.px(16), y))
        lx += th.px(28) + t.get_width()
    y += lh + th.px(4)
    values = [v for s in sides for v in series.get(s.side, ())]
    if not values or not turns:
        surface.blit(T.text("Nothing to show yet.", th.small, T.TEXT_DIM), (rect.x, y))
        return
    lo, hi = min(0.0, min(values)), max(values)
    if hi - lo < 1:
        hi = lo + 1
    axis_w = max(T.size(_fmt(v), th.small)[0] for v in (lo, (lo + hi) / 2, hi)) + th.px(8)
    end_w = T.size("8888", th.small)[0] + th.px(10)
    plot = pygame.Rect(rect.x + axis_w, y + th.px(4), max(th.px(40), rect.w - axis_w - end_w),
                       max(th.px(30), rect.bottom - y - lh - th.px(10)))
    pygame.draw.rect(surface, T.PANEL_DARK, plot)
    pygame.draw.rect(surface, T.PANEL_LINE, plot, 1)
    for v in (lo, (lo + hi) / 2, hi):  # three levels, written
        yy = plot.bottom - int((v - lo) / (hi - lo) * plot.h)
        pygame.draw.line(surface, T.PANEL_LINE, (plot.x, yy), (plot.right, yy), 1)
        t = T.text(_fmt(v), th.small, T.TEXT_DIM)
        surface.blit(t, (plot.x - th.px(4) - t.get_width(), yy - t.get_height() // 2))
    n = len(turns)

    def px_of(k: int) -> int:
        return plot.x + (plot.w * k // (n - 1) if n > 1 else plot.w // 2)

    every = max(1, (n * T.size("88", th.small)[0] * 2) // max(1, plot.w) + 1)
    for k, turn in enumerate(turns):
        if k % every == 0 or k == n - 1:
            t = T.text(str(turn), th.small, T.TEXT_DIM)
            surface.blit(t, (px_of(k) - t.get_width() // 2, plot.bottom + th.px(2)))
    for i, s in enumerate(sides):
        vals = list(series.get(s.side, ()))
        if not vals:
            continue
        col = _colour(s.side)
        pts = [(px_of(k), plot.bottom - int((v - lo) / (hi - lo) * plot.h)) for k, v in enumerate(vals)]
        if len(pts) > 1:
            pygame.draw.lines(surface, col, False, pts, max(2, th.px(2)))
        for p in pts:
            _marker(surface, MARKERS[i % len(MARKERS)], p, th.px(4), col)
        t = T.text(_fmt(vals[-1]), th.small, col, "bold")
        surface.blit(t, (plot.right + th.px(8), pts[-1][1] - t.get_height() // 2 + i * th.px(2)))


def _strip(surface, rect: pygame.Rect, report: Any, th: T.Theme) -> None:
    """Every roll in the order it was made: how high its result stood among those its column
    could give (the bottom: the worst for the side it was rolled for, the top: the best), one
    marker shape per side, the turns written under it."""
    y = _title(surface, rect, "Every roll, in order: where its result stood in its column",
               "Top: the best result the roll could give the side it was for; bottom: the worst; the middle "
               "line: as expected.", th)
    lh = T.font(th.small).get_linesize()
    rolls = list(report.rolls)
    if not rolls:
        surface.blit(T.text("No die has been rolled yet.", th.small, T.TEXT_DIM), (rect.x, y))
        return
    label_w = max(T.size(w, th.small)[0] for w in ("best", "expected", "worst")) + th.px(8)
    plot = pygame.Rect(rect.x + label_w, y + th.px(2), max(th.px(40), rect.w - label_w - th.px(8)),
                       max(th.px(24), rect.bottom - y - lh - th.px(6)))
    pygame.draw.rect(surface, T.PANEL_DARK, plot)
    pygame.draw.rect(surface, T.PANEL_LINE, plot, 1)
    mid = plot.centery
    pygame.draw.line(surface, T.PANEL_LINE, (plot.x, mid), (plot.right, mid), 1)
    for word, yy in (("best", plot.y), ("expected", mid), ("worst", plot.bottom)):
        t = T.text(word, th.small, T.TEXT_DIM)
        surface.blit(t, (plot.x - th.px(4) - t.get_width(),
                         max(rect.y, min(yy - t.get_height() // 2, plot.bottom - t.get_height() + th.px(4)))))
    n = len(rolls)
    order = {s.side: i for i, s in enumerate(report.sides)}
    r = max(2, min(th.px(4), plot.w // max(1, 2 * n)))
    seen_turn = None
    last_x = -10_000
    for k, roll in enumerate(rolls):
        x = plot.x + r + (plot.w - 2 * r) * k // max(1, n - 1)
        if roll.turn != seen_turn:
            seen_turn = roll.turn
            pygame.draw.line(surface, T.PANEL_LINE, (x, plot.y), (x, plot.bottom), 1)
            t = T.text(str(roll.turn), th.small, T.TEXT_DIM)
            if x - t.get_width() // 2 > last_x + th.px(4):
                surface.blit(t, (x - t.get_width() // 2, plot.bottom + th.px(2)))
                last_x = x + t.get_width() // 2
        yy = plot.bottom - r - int(roll.percentile * (plot.h - 2 * r))
        if roll.side in order:
            i = order[roll.side]
            _marker(surface, MARKERS[i % len(MARKERS)], (x, yy), r, _colour(roll.side))
        else:  # a roll for no side in particular: a small cross
            pygame.draw.line(surface, T.TEXT_DIM, (x - r, yy - r), (x + r, yy + r), 1)
            pygame.draw.line(surface, T.TEXT_DIM, (x - r, yy + r), (x + r, yy - r), 1)


def draw_luck_report(surface: pygame.Surface, rect: pygame.Rect, report: Any, th: T.Theme,
                     title: str = "") -> None:
    """The whole report in ``rect``: a heading, two charts of the dice above, two of the game's
    course below."""
    pad = th.px(14)
    pygame.draw.rect(surface, T.PANEL, rect)
    pygame.draw.rect(surface, T.PANEL_LINE, rect, 1)
    inner = rect.inflate(-2 * pad, -2 * pad)
    y = inner.y
    head = title or "Luck report"
    surface.blit(T.text(head, th.large, T.ACCENT, "bold"), (inner.x, y))
    y += T.font(th.large, "bold").get_linesize()
    judged = sum(1 for r in report.rolls if r.table)
    sub = (f"{len(report.rolls)} die rolls, {judged} of them read on a table; turn {report.course[-1].turn} "
           "reached." if report.course else f"{len(report.rolls)} die rolls.")
    surface.blit(T.text(sub, th.small, T.TEXT_DIM), (inner.x, y))
    y += T.font(th.small).get_linesize() + th.px(8)
    gap = th.px(20)
    half_w = (inner.w - gap) // 2
    room = inner.bottom - y - 2 * gap
    top_h = room * 34 // 100
    strip_h = room * 22 // 100
    a = pygame.Rect(inner.x, y, half_w, top_h)
    b = pygame.Rect(inner.x + half_w + gap, y, half_w, top_h)
    e = pygame.Rect(inner.x, a.bottom + gap, inner.w, strip_h)
    c = pygame.Rect(inner.x, e.bottom + gap, half_w, inner.bottom - e.bottom - gap)
    d = pygame.Rect(inner.x + half_w + gap, c.y, half_w, c.h)
    clip = surface.get_clip()

    def within(r: pygame.Rect) -> pygame.Rect:  # each chart draws inside its own box
        surface.set_clip(r.inflate(th.px(4), th.px(4)).clip(clip))
        return r

    _bars(surface, within(a), report, th)
    _verdicts(surface, within(b), report, th)
    _strip(surface, within(e), report, th)
    within(c)
    turns = [p.turn for p in report.course]
    if report.score_label and any(p.score for p in report.course):
        score = {s.side: [float(p.score.get(s.side, 0.0)) for p in report.course] for s in report.sides}
        _lines(surface, c, f"The score: {report.score_label}", "At the end of each turn (the last: now).", score,
               turns, report.sides, th)
    else:
        on_map = {s.side: [float(p.units.get(s.side, 0)) for p in report.course] for s in report.sides}
        _lines(surface, c, "Units on the map", "At the end of each turn (the last: now).", on_map, turns,
               report.sides, th)
    lost = {s.side: [float(p.steps_lost.get(s.side, 0)) for p in report.course] for s in report.sides}
    within(d)
    _lines(surface, d, "Steps lost since the start", "Every step taken off the map, turn by turn.", lost, turns,
           report.sides, th)
    surface.set_clip(clip)


class LuckScene(Scene):
    """The luck report over the game (worked out in the background: a long record takes a few
    seconds). Esc or the button closes it."""

    def __init__(self, app, game: Any, *, threaded: bool = True) -> None:
        super().__init__(app)
        self.game = game
        self.report: Any = None
        self.error: str | None = None
        self.buttons = ButtonRow()
        self.rect = pygame.Rect(0, 0, 10, 10)
        self.mouse = (-1, -1)
        if threaded:
            threading.Thread(target=self._work, daemon=True, name="luck-report").start()
        else:
            self._work()

    def _work(self) -> None:
        import hexwar

        try:
            self.report = hexwar.luck(self.game)
        except Exception as e:  # said on the screen, never a traceback
            self.error = f"The luck report could not be worked out: {e.__class__.__name__}: {e}"

    def layout(self, size) -> None:
        th = self.theme
        w, h = size
        m = th.px(16)
        bh = th.px(36)
        self.rect = pygame.Rect(m, m, w - 2 * m, h - 3 * m - bh)
        self.buttons.clear()
        self.buttons.add(Button(pygame.Rect(m, h - m - bh, th.px(200), bh), "Close", self.close, px=th.normal,
                                key_hint="Esc", name="luck-close", tooltip="Back to the game (Esc or U)"))

    def close(self) -> None:
        self.app.stack.remove(self)

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_u, pygame.K_RETURN):
            self.close()
            return True
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        self.buttons.handle(event)
        return True

    def frame_key(self):
        return (self.report is not None, self.error, self.buttons.sig(), self.theme.scale)

    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        title = f"Luck report — {self.game.entry.title}" if self.game.entry is not None else "Luck report"
        if self.report is not None:
            draw_luck_report(surface, self.rect, self.report, th, title)
        else:
            msg = self.error or "Working out the luck report from the game's record…"
            y = self.rect.y + th.px(20)
            for ln in T.wrap(msg, th.normal, self.rect.w - th.px(40)):
                surface.blit(T.text(ln, th.normal, T.BAD if self.error else T.TEXT), (self.rect.x + th.px(20), y))
                y += T.font(th.normal).get_linesize()
        self.buttons.draw(surface)


def write_luck_picture(record: str, out: str, size: tuple[int, int] = (1600, 900)) -> int:
    """``hexwar --record FILE --luck OUT.png``: the luck report of a saved game as a picture.
    A file that cannot be read or written is named in the error; never a traceback."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import hexwar

    from ...core.errors import DataError, HexwarError

    try:
        game = hexwar.load_record(record)
    except (DataError, HexwarError, KeyError, OSError) as e:
        what = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
        print(f"hexwar: cannot read the record {record}: {what}", file=sys.stderr)
        return 1
    report = hexwar.luck(game)
    if not pygame.font.get_init():
        T.reset_fonts()
    pygame.font.init()
    th = T.Theme(T.auto_scale(size))
    surface = pygame.Surface(size)
    surface.fill(T.BG)
    title = f"Luck report — {game.entry.title}" if game.entry is not None else "Luck report"
    draw_luck_report(surface, surface.get_rect().inflate(-th.px(16), -th.px(16)), report, th, title)
    try:
        pygame.image.save(surface, out)
    except (pygame.error, OSError) as e:
        print(f"hexwar: cannot write {out}: {e}", file=sys.stderr)
        return 1
    return 0
