"""The Track tab of the side panel (T): the turn track and the air support markers.

One box per turn, top to bottom: the turn and its date on the left, then for each side
the units arriving that turn (small counters: figures only, the id and state in the
tooltip) and the replacement steps it receives. The current turn has a frame and a
pointer, past turns are darker, a unit that was never placed is greyed and crossed out,
one that has been placed carries a tick. Above the boxes, the victory standing
(``game.standing``, every line), then the air support markers and whether each is ready or
has flown this turn.

Laid out every frame like the rest of the panel; each drawing step says what it
depends on (``sig``), so the panel is drawn again only when that changes.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame

from .. import theme as T
from .. import turns as TR
from ..counters import CounterArt, unit_title
from ..sides import side_name
from .status import standing_of, standing_text

ROW_BG = {"past": (40, 42, 47), "now": (74, 68, 44), "future": (58, 61, 68)}
LOST_X = (214, 48, 40)
TICK = (70, 170, 80)


class TrackPanel:
    def __init__(self, theme: T.Theme, art: CounterArt) -> None:
        self.theme = theme
        self.art = art
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.scroll = 0  # pixels scrolled down
        self.content_h = 0
        self.ops: list[Callable[[pygame.Surface], None]] = []
        self.sigs: list = []
        self.tips: list[tuple[pygame.Rect, list[str]]] = []  # most specific first
        self.rows: dict[int, pygame.Rect] = {}  # turn -> its box (for tests and tooltips)
        self.units: dict[str, pygame.Rect] = {}  # unit id -> its counter in the track
        self.markers: dict[str, pygame.Rect] = {}  # marker id -> where it is drawn
        self._data_key: tuple[int, object] | None = None  # (id of the controller, its version)
        self._data: tuple[list, list] = ([], [])
        self._seen_turn: int | None = None
        self._layout_key: tuple | None = None
        self._want_turn: int | None = None  # a turn to scroll into sight at the next layout

    # --- data --------------------------------------------------------------------------
    def data(self, ctl) -> tuple[list[TR.TurnBox], list[TR.AirMarker]]:
        key = (id(ctl), ctl.version)
        if key != self._data_key:
            self._data_key = key
            self._data = (TR.turn_track(ctl), TR.air_markers(ctl))
        return self._data

    def wheel(self, dy: int) -> None:
        self.scroll = max(0, min(self.scroll - dy * self.theme.px(40), max(0, self.content_h - self.rect.h)))

    # --- layout --------------------------------------------------------------------------
    def _op(self, fn, sig) -> None:
        self.ops.append(fn)
        self.sigs.append(sig)

    def layout(self, rect: pygame.Rect, ctl) -> None:
        th = self.theme
        boxes, markers = self.data(ctl)
        v = ctl.view()
        turn, turns = v.get("turn"), v.get("turns")
        key = (self._data_key, tuple(rect), self.scroll, th.scale, turn)
        if key == self._layout_key and turn == self._seen_turn:
            return  # laid out every frame, but the same as the last one
        self.rect = rect
        self.ops, self.sigs, self.tips = [], [], []
        self.rows, self.units, self.markers = {}, {}, {}
        px = th.small
        lh = T.font(px).get_linesize()
        x0, w = rect.x, rect.w
        # Keep the current turn in view when it changes (a new turn, or another position in history).
        if turn != self._seen_turn:
            self._seen_turn = turn
            self._want_turn = turn
        y = rect.y - self.scroll
        top = y
        # Where the game stands against its victory conditions (game.standing), every line.
        # A small window leaves it to the status block at the top of the panel, so that the
        # turns keep their room.
        standing = standing_of(ctl) if rect.h >= 12 * lh else []
        if standing:
            say = ctl.game.for_player
            y0 = y
            self._text("Victory standing", x0, y, px, T.TEXT_DIM, "bold")
            y += lh
            for i, ln in enumerate(standing):
                style = "bold" if i == 0 else "regular"
                for k, t in enumerate(T.wrap(standing_text(ln, say), px, w - th.px(10), style)):
                    self._text(t, x0 + (th.px(10) if k else 0), y, px, T.ACCENT if i == 0 else T.TEXT, style)
                    y += lh
            self.tips.append((pygame.Rect(x0, y0, w, y - y0), ["Where the game stands (victory conditions)"]
                              + [standing_text(x, say) for x in standing]))
            y += th.px(8)
        if not boxes:
            self._text("This game has no turn track.", x0, y, px, T.TEXT_DIM)
            self.content_h = lh
            return
        # Air support markers.
        if markers:
            # A small window: smaller markers and no heading, so the turns keep most of the room.
            small = rect.h < 12 * lh
            if not small:
                rule = markers[0].rule.split(",")[0] if markers[0].rule else ""
                self._text("Air support this turn" + (f" ({rule})" if rule else ""), x0, y, px, T.TEXT_DIM, "bold")
                y += lh + th.px(3)
            ms = th.px(26 if small else 40)
            per = max(1, min(len(markers), w // th.px(150 if small else 170)))
            cw = w // per
            for i, m in enumerate(markers):
                mx = x0 + (i % per) * cw
                my = y + (i // per) * (ms + th.px(6))
                r = pygame.Rect(mx, my, ms, ms)
                self.markers[m.id] = r
                self._op(lambda s, m=m, r=r: s.blit(self.art.marker(m, ms), r.topleft),
                         ("marker", m.id, m.short, m.shift, m.used, tuple(r)))
                name = m.name
                state = f"used: ready on turn {turn + 1}" if m.used and isinstance(turn, int) and turn < (turns or 0) \
                    else "used this turn" if m.used else "ready"
                tx = mx + ms + th.px(6)
                room = cw - ms - th.px(12)
                if small:  # one line: the name and its state
                    self._text(self._fit(f"{name}: {state}", px, room), tx, my + (ms - lh) // 2, px,
                               T.TEXT_DIM if m.used else T.GOOD)
                else:
                    self._text(self._fit(name, px, room, "bold"), tx, my + th.px(2), px, T.TEXT, "bold")
                    self._text(self._fit(state, px, room), tx, my + th.px(2) + lh, px, T.TEXT_DIM if m.used else T.GOOD)
                self.tips.append((pygame.Rect(mx, my, cw - th.px(6), ms), m.tooltip(turn, turns)))
            y += ((len(markers) + per - 1) // per) * (ms + th.px(6)) + th.px(4)
        # Column heads: one column per side.
        sides = [s.side for s in boxes[0].sides]
        lw = max([T.size("Turn 7", px, "bold")[0], T.size("22 Jun 1941", px - 1)[0]]
                 + [T.size(b.title, px, "bold")[0] + th.px(16) for b in boxes]
                 + [T.size(b.date, px - 1)[0] for b in boxes]) + th.px(22)
        lw = min(lw, w // 2)
        cols_x = x0 + lw
        col_w = (w - lw) // max(1, len(sides))
        self._text("Turn", x0 + th.px(6), y, px, T.TEXT_DIM, "bold")
        for i, side in enumerate(sides):
            cx = cols_x + i * col_w
            chip = th.px(14)
            self._op(lambda s, side=side, cx=cx, y=y, chip=chip: T.side_chip(s, side, cx, y + (lh - chip) // 2, chip),
                     ("chip", side, cx, y, chip))
            self._text(side_name(side), cx + chip + th.px(4), y, px, T.TEXT_DIM, "bold")
            if any(st.steps is not None for b in boxes for st in b.sides):
                tw = T.size("steps", px - 1)[0]
                self._text("steps", cx + col_w - tw - th.px(8), y, px - 1, T.TEXT_DIM)
        y += lh + th.px(3)
        # The boxes.
        cs = th.px(26)
        gap = th.px(4)
        for box in boxes:
            cells = []
            height = 2 * lh
            for i, st in enumerate(box.sides):
                cx = cols_x + i * col_w
                steps = self._steps_text(st)
                sw = T.size(steps, px - 1, "bold")[0]
                room = max(cs, col_w - sw - th.px(12))
                per_line = max(1, (room + gap) // (cs + gap))
                n = max(1, len(st.units))
                lines = (n + per_line - 1) // per_line if st.units else 1
                height = max(height, lines * (cs + gap) - gap)
                cells.append((cx, st, steps, per_line))
            rh = height + th.px(10)
            row = pygame.Rect(x0, y, w, rh)
            self.rows[box.turn] = row
            self._row(box, row, lw, lh, px, [cols_x + i * col_w for i in range(1, len(sides))])
            for cx, st, steps, per_line in cells:
                cy = y + th.px(5)
                for k, tu in enumerate(st.units):
                    r = pygame.Rect(cx + (k % per_line) * (cs + gap), cy + (k // per_line) * (cs + gap), cs, cs)
                    self.units[tu.unit["id"]] = r
                    self._unit(tu, r, box.when)
                    self.tips.insert(0, (r, [unit_title(tu.unit), tu.unit["id"] + ": " + tu.describe(box.turn)]))
                if not st.units:
                    self._text("—", cx + th.px(4), cy + (cs - lh) // 2, px, T.TEXT_DIM)
                colour = T.TEXT_DIM if box.when == "past" or not st.steps else T.TEXT
                if st.note:
                    colour = T.BAD if not st.steps else T.ACCENT
                tw = T.size(steps, px - 1, "bold")[0]
                self._text(steps, cx + col_w - tw - th.px(8), y + (rh - lh) // 2, px - 1, colour, "bold")
            self.tips.append((row, box.tooltip()))
            y += rh + th.px(4)
        self.content_h = y - top
        want = self._want_turn
        if want is not None and want in self.rows:
            self._want_turn = None
            r = self.rows[want]
            if r.bottom > rect.bottom or r.y < rect.y:
                self.scroll = max(0, min(self.scroll + r.bottom - rect.bottom + th.px(4),
                                         max(0, self.content_h - rect.h)))
                self._layout_key = None
                self.layout(rect, ctl)
                return
        scroll = min(self.scroll, max(0, self.content_h - rect.h))
        if scroll != self.scroll:
            self.scroll = scroll
            self._layout_key = None
            self.layout(rect, ctl)
            return
        self._layout_key = (self._data_key, tuple(rect), self.scroll, th.scale, turn)

    @staticmethod
    def _steps_text(st: TR.SideTurn) -> str:
        if st.steps is None:
            return ""
        if st.note and not st.steps and st.base_steps:
            return "0 (option)"
        s = f"+{st.steps} step{'s' if st.steps != 1 else ''}" if st.steps else "no steps"
        if st.note:
            s += "*"
        return s

    @staticmethod
    def _fit(text: str, px: int, room: int, style: str = "regular") -> str:
        while T.size(text, px, style)[0] > room and len(text) > 4:
            text = text.rstrip("…")[:-1].rstrip() + "…"
        return text

    def _text(self, text: str, x: int, y: int, px: int, colour, style: str = "regular") -> None:
        self._op(lambda s: s.blit(T.text(text, px, colour, style), (x, y)), ("text", text, x, y, px, colour, style))

    def _row(self, box: TR.TurnBox, row: pygame.Rect, lw: int, lh: int, px: int, seps: list[int]) -> None:
        th = self.theme
        now = box.when == "now"

        def draw(s, row=row):
            pygame.draw.rect(s, ROW_BG[box.when], row, border_radius=4)
            if now:  # a frame and a pointer, not only a colour
                pygame.draw.rect(s, T.ACCENT, row, 2, border_radius=4)
            for sx in [row.x + lw - th.px(8)] + [x - th.px(4) for x in seps]:
                pygame.draw.line(s, T.PANEL_LINE, (sx, row.y + 4), (sx, row.bottom - 4))
            colour = T.TEXT_DIM if box.when == "past" else T.TEXT
            label = ("▶ " if now else "") + box.title
            ty = row.y + (row.h - 2 * lh) // 2
            s.blit(T.text(label, px, T.ACCENT if now else colour, "bold"), (row.x + th.px(6), ty))
            s.blit(T.text(box.date, px - 1, colour), (row.x + th.px(6), ty + lh))
        self._op(draw, ("row", tuple(row), box.turn, box.date, box.when, lw, lh, px, tuple(seps), box.title))

    def _unit(self, tu: TR.TrackUnit, r: pygame.Rect, when: str) -> None:
        u, status = tu.unit, tu.status

        def draw(s):
            s.blit(self.art.surface(u, r.w), r.topleft)
            if status == TR.LOST:
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((40, 40, 40, 150))
                s.blit(veil, r.topleft)
                w = max(2, r.w // 10)
                pygame.draw.line(s, LOST_X, (r.x + 2, r.y + 2), (r.right - 3, r.bottom - 3), w)
                pygame.draw.line(s, LOST_X, (r.x + 2, r.bottom - 3), (r.right - 3, r.y + 2), w)
            elif status == TR.ARRIVED and when != "future":
                rad = max(4, r.w // 5)
                c = (r.right - rad, r.y + rad)
                pygame.draw.circle(s, (255, 255, 255), c, rad + 1)
                pygame.draw.circle(s, TICK, c, rad)
                pygame.draw.lines(s, (255, 255, 255), False, [(c[0] - rad // 2, c[1]), (c[0] - 1, c[1] + rad // 2),
                                                            (c[0] + rad // 2, c[1] - rad // 2)], 2)
            elif status == TR.ARRIVING:
                pygame.draw.rect(s, T.ACCENT, r.inflate(4, 4), 2)
        self._op(draw, ("unit", CounterArt.key(u, r.w), status, when, tuple(r)))

    # --- drawing and tooltips -----------------------------------------------------------
    def sig(self) -> tuple:
        return (tuple(self.rect), self.theme.scale, self.scroll) + tuple(self.sigs)

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect.clip(clip) if clip else self.rect)
        for op in self.ops:
            op(surface)
        surface.set_clip(clip)
        if self.content_h > self.rect.h:
            th = self.theme
            more = []
            if self.scroll > 0:
                more.append("↑")
            if self.scroll < self.content_h - self.rect.h:
                more.append("↓")
            t = T.text(" ".join(more) + " scroll", th.px(11), T.TEXT_DIM)
            bg = pygame.Rect(self.rect.right - t.get_width() - th.px(6), self.rect.bottom - t.get_height(),
                             t.get_width() + th.px(6), t.get_height())
            pygame.draw.rect(surface, T.PANEL, bg)
            surface.blit(t, (bg.x + th.px(3), bg.y))

    def tooltip_at(self, pos) -> list[str] | None:
        if not self.rect.collidepoint(pos):
            return None
        for r, lines in self.tips:
            if r.collidepoint(pos):
                return lines
        return None
