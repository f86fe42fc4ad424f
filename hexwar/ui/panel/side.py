"""The side panel: the context box (what the step at hand needs, from ``steps``; the history
or the computer's turn instead when those are on) above the tabbed Log, Rules and Track
panels, and Explain's legend at the bottom. Laid out from the controller every frame (the
context box only when what it shows changes: ``context_key``), drawn again only when its
signature changes.
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from functools import partial
from typing import Any

import pygame

from .. import theme as T
from ..counters import CounterArt, unit_title
from ..widgets import Button, ButtonRow, draw_panel
from .computer_block import build_computer
from .flow import Drawn, Flow
from .history_block import build_history
from .legend import Legend
from .log_tab import LogTab
from .rules_tab import RulesTab
from .steps import build_context
from .track import TrackPanel

log = logging.getLogger(__name__)


class SidePanel(LogTab, RulesTab):
    """Context panel (tray, selection, battle) above tabbed Log / Rules panels."""

    def __init__(self, theme: T.Theme, art: CounterArt) -> None:
        self.theme = theme
        self.art = art
        self.rect = pygame.Rect(0, 0, 300, 600)
        self.tab = "log"
        self.log_scroll = 0  # lines scrolled up from the bottom
        self.rules_scroll = 0
        self.ctx_scroll = 0  # pixels the context box is scrolled down
        self.ctx_max = 0  # how far it may be (0: everything fits)
        self._ctx_key: tuple | None = None
        # The context box last laid out: (context_key, flow, height used, ctx_max, each button's
        # own highlight), laid out again only when the key changes.
        self._ctx_built: tuple | None = None
        self.context: Flow | None = None
        self.tabs = ButtonRow()
        self.lower = pygame.Rect(0, 0, 0, 0)
        self.on_log_pick: Callable[[int], None] | None = None  # a click on a log line: look back at it
        self.log_selected: int | None = None  # the action shown in history mode
        self._log_rows_key: tuple | None = None
        self._log_rows: list[tuple[str, tuple, str, int, str]] = []
        self._wrapped: dict[tuple, list] = {}
        self._wrap_key: tuple | None = None
        self.log_visible: list[tuple[pygame.Rect, tuple[str, tuple, str, int, str]]] = []
        self._scrolled_to: int | None = None
        self.explain = False
        self.legend: Legend | None = None  # the key to what Explain marks, at the bottom of the panel
        self.mouse: tuple[int, int] = (-1, -1)
        self.drawn = Drawn()
        self.track = TrackPanel(theme, art)  # the Track tab (T)

    TABS = (("log", "Log (L)"), ("rules", "Rules (K)"), ("track", "Track (T)"))
    TAB_TIPS = {"log": "Every action and what it caused (L). Click a line to look back at it",
                "rules": "The current phase explained, with the rule numbers and the combat table (K)",
                "track": "The turn track (T): dates, the reinforcements and replacement steps of each turn, "
                         "and the air support markers"}

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = rect

    def _build_context(self, ctl, scene, ctx_h: int, scroll: int) -> Flow:
        ctx = Flow(pygame.Rect(self.rect.x, self.rect.y, self.rect.w, ctx_h), self.theme, scroll, endless=True)
        th = self.theme
        # The most the step's box may grow to (see build), less the "more below" band.
        most = max(ctx_h, min(int(self.rect.h * 0.66), self.rect.h - th.px(150)))
        ctx.fold = self.rect.y + most - T.font(th.small).get_linesize() - th.px(8)
        if scene.past is not None:
            build_history(ctx, scene)
        elif scene.computer_turn():
            build_computer(ctx, scene)
        else:
            build_context(ctx, ctl, scene, self.art)
        return ctx

    def _lay_out_context(self, ctl, scene, ctx_h: int) -> tuple[Flow, int]:
        """The context box laid out from the controller: the flow and the height it takes."""
        th = self.theme
        ctx = self._build_context(ctl, scene, ctx_h, self.ctx_scroll)
        full = ctx.content_h + th.px(8)
        if full > ctx_h and not (self.tab == "track" and self.rect.h < th.px(700)):
            # More than fits: the step's box takes up to two thirds, the tabs keep a few lines.
            ctx_h = max(ctx_h, min(full, int(self.rect.h * 0.66), self.rect.h - th.px(150)))
        self.ctx_max = max(0, full - ctx_h)
        if self.ctx_scroll > self.ctx_max:  # what was below went away: show the end
            self.ctx_scroll = self.ctx_max
            ctx = self._build_context(ctl, scene, ctx_h, self.ctx_scroll)
        # Shrink the context box to what it used, within limits, and give the rest to the tabs.
        used = min(max(full, int(self.rect.h * 0.25)), ctx_h)
        ctx.clip_to(pygame.Rect(self.rect.x, self.rect.y, self.rect.w, used))
        return ctx, used

    def build(self, ctl, scene, cached: bool = False) -> None:
        """Lays the panel out from the controller; ``cached``: the context box as last laid out when
        nothing it shows has changed (``context_key``)."""
        th = self.theme
        ctx_h = int(self.rect.h * 0.56)
        if self.tab == "track" and self.rect.h < th.px(700):
            ctx_h = int(self.rect.h * 0.4)  # a small window with the Track tab open: the turn record gets more room
        # The context box scrolls when what the step needs is taller than its room (the wheel
        # over it, or the scroll bar); a new step or a unit selected on the map starts at the top,
        # a counter picked or placed from the tray keeps the scroll (the tray stays where it was).
        sel = ctl.sel if ctl.sel is not None and (ctl.unit(ctl.sel) or {}).get("where") == "map" else None
        key = (id(ctl), ctl.mode(), ctl.phase().id, ctl.view().get("turn"), ctl.acting(), sel,
               scene.past.index if scene.past is not None else None, scene.computer_turn())
        if key != self._ctx_key:
            self._ctx_key, self.ctx_scroll = key, 0
        ckey = context_key(self, ctl, scene, ctx_h)
        built = self._ctx_built
        if cached and ckey is not None and built is not None and built[0] == ckey:
            _, ctx, used, self.ctx_max, pressed = built  # nothing it shows has changed: the last layout
            for b, on in zip(ctx.buttons.buttons, pressed):
                b.hover = on  # (as laid out; the pointer's own highlight follows below)
        else:
            ctx, used = self._lay_out_context(ctl, scene, ctx_h)
            self._ctx_built = (ckey, ctx, used, self.ctx_max, [b.hover for b in ctx.buttons.buttons])
        self.context = ctx
        tab_y = self.rect.y + used
        self.tabs.clear()
        k = len(self.TABS)
        w = (self.rect.w - th.px(16) - th.px(4) * (k - 1)) // k
        for i, (name, label) in enumerate(self.TABS):
            b = Button(pygame.Rect(self.rect.x + th.px(8) + i * (w + th.px(4)), tab_y + th.px(4), w, th.px(28)),
                       label, partial(self.set_tab, name), px=th.normal, name="tab-" + name,
                       tooltip=self.TAB_TIPS.get(name, ""))
            b.toggled = None
            self.tabs.add(b)
        self.explain = scene.explain
        self.legend = None
        bottom = self.rect.bottom
        if self.explain:
            # Explain's legend sits at the bottom of the panel, where it hides nothing on the map.
            # The log and rules get what is left (in a very small window, little or nothing).
            lg = Legend(th, scene.layer.explain_sets(ctl), ctl, self.rect.w - th.px(16))
            top = max(self.rect.bottom - lg.h - th.px(8), tab_y + th.px(36))
            lg.rect = pygame.Rect(self.rect.x + th.px(8), top, lg.w, lg.h)
            self.legend = lg
            bottom = max(lg.rect.y - th.px(4), tab_y + th.px(36))
        self.lower = pygame.Rect(self.rect.x, tab_y + th.px(36), self.rect.w, bottom - tab_y - th.px(36))
        live = scene.ctl
        self.on_log_pick = scene.enter_history
        past = scene.past
        self.log_selected = past.index if past is not None else None
        self._layout_log(live)
        if self.tab == "track":
            self.track.theme = th
            self.track.layout(self.lower.inflate(-th.px(16), -th.px(8)), ctl)
        # The panel is laid out anew every frame: what is under the mouse stays highlighted.
        for b in ctx.buttons.buttons + self.tabs.buttons:
            if b.rect.collidepoint(self.mouse):
                b.hover = True
        for item in ctx.tray:
            item.hover = item.rect.collidepoint(self.mouse)

    def set_tab(self, name: str) -> None:
        self.tab = name

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
        if self.tabs.handle(event):
            return True
        ctx = self.context
        if ctx is not None and event.type == pygame.MOUSEWHEEL and self.ctx_max \
                and ctx.rect.collidepoint(getattr(event, "pos", (-1, -1))):
            self.scroll_context(-event.y * self.theme.px(48))
            return True
        if ctx is not None and event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.ctx_max \
                and self.scroll_track().collidepoint(event.pos):  # a click on the bar: a page up or down
            page = max(self.theme.px(40), ctx.rect.h - self.theme.px(40))
            self.scroll_context(page if event.pos[1] > self.scroll_thumb().centery else -page)
            return True
        pos = getattr(event, "pos", None)
        if ctx is not None and (pos is None or ctx.rect.collidepoint(pos)
                                or event.type == pygame.MOUSEMOTION):  # only what shows is clickable
            if ctx.buttons.handle(event):
                return True
            for item in ctx.tray:
                if event.type == pygame.MOUSEMOTION:
                    item.hover = item.rect.collidepoint(event.pos)
                elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and item.rect.collidepoint(event.pos):
                    item.on_click(item.unit["id"])
                    return True
                elif event.type == pygame.MOUSEBUTTONDOWN and item.rect.collidepoint(event.pos):
                    return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.lower.collidepoint(event.pos):
            k = self.log_index_at(event.pos)
            if k is not None and self.on_log_pick is not None:
                self.on_log_pick(k)
                return True
        if event.type == pygame.MOUSEWHEEL and self.lower.collidepoint(getattr(event, "pos", (-1, -1))):
            if self.tab == "track":
                self.track.wheel(event.y)
            elif self.tab == "log":
                self.log_scroll = max(0, self.log_scroll + event.y * 3)
            else:
                self.rules_scroll = max(0, self.rules_scroll - event.y * 3)
            return True
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and self.rect.collidepoint(event.pos):
            return True
        return False

    def scroll_context(self, dy: int) -> None:
        self.ctx_scroll = max(0, min(self.ctx_max, self.ctx_scroll + int(dy)))

    def scroll_track(self) -> pygame.Rect:
        r = self.context.rect if self.context is not None else pygame.Rect(0, 0, 0, 0)
        w = self.theme.px(7)
        return pygame.Rect(r.right - w - self.theme.px(1), r.y + self.theme.px(2), w, max(0, r.h - self.theme.px(4)))

    def scroll_thumb(self) -> pygame.Rect:
        tr = self.scroll_track()
        full = tr.h + self.ctx_max
        h = max(self.theme.px(20), tr.h * tr.h // max(1, full))
        y = tr.y + (tr.h - h) * self.ctx_scroll // max(1, self.ctx_max)
        return pygame.Rect(tr.x, y, tr.w, h)

    def _draw_scroll(self, surface: pygame.Surface) -> None:
        """The context box's scroll bar, and a line saying more lies below."""
        th = self.theme
        assert self.context is not None, "drawn only under a context box"
        r = self.context.rect
        pygame.draw.rect(surface, T.PANEL_LINE, self.scroll_track(), border_radius=3)
        pygame.draw.rect(surface, T.ACCENT, self.scroll_thumb(), border_radius=3)
        if self.ctx_scroll < self.ctx_max:
            t = T.text("↓ more below: scroll here", th.small, T.TEXT_DIM)
            band = pygame.Rect(r.x, r.bottom - t.get_height() - th.px(4), r.w - th.px(10), t.get_height() + th.px(4))
            surface.fill(T.PANEL, band)
            pygame.draw.line(surface, T.PANEL_LINE, band.topleft, band.topright)
            surface.blit(t, (band.right - t.get_width() - th.px(4), band.y + th.px(2)))

    def hovered_tooltip(self) -> list[str] | None:
        if self.context is None:
            return None
        for item in self.context.tray:
            if item.hover:
                lines = [unit_title(item.unit)]
                if item.note:
                    lines.append(item.note)
                return lines
        for b in self.context.buttons.buttons + self.tabs.buttons:
            if b.hover and b.tooltip:
                return [b.tooltip]
        for r, lines in self.context.tips:
            if r.collidepoint(self.mouse) and self.context.rect.collidepoint(self.mouse):
                return lines
        if self.tab == "track" and self.lower.collidepoint(self.mouse):
            return self.track.tooltip_at(self.mouse)
        return None

    def draw(self, surface: pygame.Surface, ctl, cached: bool = False) -> bool:
        """Draws the panel; ``cached``: unless ``surface`` already shows exactly this (see ``Drawn``).
        True when it drew."""
        th = self.theme
        rows = None
        lower: tuple[Any, ...]  # what the tab shown depends on
        if self.tab == "log":
            lower = ("log", tuple((tuple(rect), row) for rect, row in self.log_visible), self.log_selected,
                     self.log_scroll, tuple(self._log_rect()))
        elif self.tab == "track":
            lower = ("track", self.track.sig())
        else:
            rows, crt = self._rules_rows(ctl)
            lower = ("rules", tuple(rows), self.rules_scroll, crt, tuple(self.lower))
        key = (tuple(self.rect), th.scale, self.context.sig() if self.context is not None else None,
               self.ctx_scroll, self.ctx_max,
               self.tabs.sig(), self.tab, lower, self.legend.sig() if self.legend is not None else None)
        if self.drawn.same(surface, key, cached):
            return False
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        draw_panel(surface, self.rect, T.PANEL)
        if self.context is not None:
            self.context.draw(surface)
            if self.ctx_max:
                self._draw_scroll(surface)
            pygame.draw.line(surface, T.PANEL_LINE, (self.rect.x, self.context.rect.bottom),
                             (self.rect.right, self.context.rect.bottom))
        for b in self.tabs.buttons:
            b.toggled = None
            active = b.name == "tab-" + self.tab
            b.draw(surface)
            if active:  # an underline as well as the highlight
                pygame.draw.rect(surface, T.ACCENT, b.rect, 2, border_radius=4)
                pygame.draw.line(surface, T.ACCENT, (b.rect.x + 6, b.rect.bottom - 3),
                                 (b.rect.right - 6, b.rect.bottom - 3), 2)
        if self.tab == "log":
            self._draw_log(surface, ctl)
        elif self.tab == "track":
            self.track.draw(surface)
        else:
            self._draw_rules(surface, ctl, rows)
        if self.legend is not None:
            self.legend.draw(surface)
        surface.set_clip(clip)
        return True


def context_key(panel: SidePanel, ctl, scene, ctx_h: int) -> tuple | None:
    """What the context box shows depends on, or None when it is laid out every frame (the
    history and the computer's turn, whose blocks follow threads and the clock; a test comparing
    cached frames with fresh ones). Laying it out is the costly part of a frame (a long stack
    list, a chooser of thousands of actions); what follows the pointer (a button's highlight)
    is set every frame over it. Any input but a pointer move lays it out again too (``inputs``):
    whatever a click or a key changes is shown."""
    if scene.past is not None or scene.computer_turn() or not Drawn.enabled or T.PROBE is not None:
        return None
    try:
        own = ctl.gui.panel_key(ctl, scene)
    except Exception:  # a game's hook that fails: its blocks are laid out every frame, as before
        log.exception("game panel_key failed")
        return None
    return (id(ctl), ctl.version, ctl.log_version, ctl.mode(), ctl.legal(wait=0) is not None, ctl.picks(),
            ctl.question is not None, ctl.die is not None, scene.pending_handover is not None,
            tuple(panel.rect), id(panel.theme), panel.theme.scale, ctx_h, panel.ctx_scroll, panel.tab, scene.explain,
            scene.inputs, own)
