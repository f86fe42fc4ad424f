"""Everything around the map: the phase bar, the side panel (tray, battle, log, rules),
the status line, the die roll and tooltips.

Panels are laid out from the controller every frame ("immediate mode"): a ``Flow``
lays out text, buttons and counters top to bottom and remembers where each clickable
thing is, so that the next events go to what the player actually saw. Drawing them is
another matter: every piece of a panel says what its drawing depends on (its
signature), and a panel is drawn again only when that changes; otherwise the pixels
drawn before stay (the GameScene keeps them in its back buffer).
"""
from __future__ import annotations

import logging
from typing import Callable

import pygame

from ..core.hexgrid import hex_name, parse_hex
from . import rules_text
from . import theme as T
from .control import is_secret
from .counters import CounterArt, unit_title
from .track_panel import TrackPanel
from .turns import turn_title
from .widgets import Button, ButtonRow, draw_panel

log = logging.getLogger(__name__)

SIDE_NAMES = rules_text.SIDE_NAMES
REASON_COLOUR = (150, 196, 232)


class Drawn:
    """What a part of the screen last drew onto a back buffer.

    ``same(surface, key, cached)`` is True when ``cached`` and ``surface`` already
    shows the drawing for ``key`` (so drawing it again can be skipped); otherwise it
    remembers that the caller is about to draw it. ``cached`` is only for a surface
    that nothing else draws on in that part (the GameScene's back buffer)."""

    enabled = True  # tests turn it off to compare a cached frame with a fresh one

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key = None

    def same(self, surface: pygame.Surface, key, cached: bool = True) -> bool:
        if not cached:
            return False
        if Drawn.enabled and surface is self.surface and key == self.key:
            return True
        self.surface, self.key = surface, key
        return False


RESULT_ORDER = ("DE", "DRL", "DR", "EX", "NE", "AL")


def side_chip(surface: pygame.Surface, side: str | None, x: int, y: int, size: int) -> int:
    """A side marker: Axis a square, Soviet a circle, each with its letter. Returns its width."""
    if not side:
        return 0
    col = T.side_colour(side)
    r = pygame.Rect(x, y, size, size)
    if side in T.ROUND_SIDES:
        pygame.draw.circle(surface, col, r.center, size // 2)
        pygame.draw.circle(surface, (255, 255, 255), r.center, size // 2, 1)
    else:
        pygame.draw.rect(surface, col, r)
        pygame.draw.rect(surface, (255, 255, 255), r, 1)
    letter = T.side_letter(side)
    t = T.text(letter, max(7, int(size * (0.62 if len(letter) == 1 else 0.45))), T.SIDE_TEXT.get(side, (255, 255, 255)),
               "bold")
    surface.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
    return size


class TrayItem:
    """A counter in the tray; clicking it selects it."""

    def __init__(self, rect: pygame.Rect, unit: dict, on_click: Callable[[str], None], enabled: bool, note: str) -> None:
        self.rect = rect
        self.unit = unit
        self.on_click = on_click
        self.enabled = enabled
        self.note = note
        self.hover = False


class Flow:
    """Top-to-bottom layout of one panel for one frame."""

    def __init__(self, rect: pygame.Rect, theme: T.Theme, scroll: int = 0, endless: bool = False) -> None:
        self.rect = rect
        self.theme = theme
        self.pad = theme.px(10)
        self.x = rect.x + self.pad
        self.y = rect.y + self.pad - scroll
        self.w = rect.w - 2 * self.pad
        # endless: lay out everything (the box scrolls); otherwise stop at the box's bottom
        self.scroll, self.endless = scroll, endless
        self.ops: list[Callable[[pygame.Surface], None]] = []
        self.sigs: list = []  # what each op's drawing depends on (a value, or a function giving it)
        self.buttons = ButtonRow()
        self.tray: list[TrayItem] = []
        self.tips: list[tuple[pygame.Rect, list[str]]] = []  # areas with a tooltip (air markers)

    def op(self, fn: Callable[[pygame.Surface], None], sig=None) -> None:
        """A drawing step; ``sig`` is what it depends on (None: unknown, so always drawn anew)."""
        self.ops.append(fn)
        self.sigs.append(object() if sig is None else sig)

    def sig(self) -> tuple:
        return (tuple(self.rect),) + tuple(s() if callable(s) else s for s in self.sigs)

    @property
    def bottom(self) -> int:
        return 1 << 30 if self.endless else self.rect.bottom - self.pad

    @property
    def content_h(self) -> int:
        """The height of everything laid out, from the box's top (scrolled or not)."""
        return self.y + self.scroll - self.rect.y

    def clip_to(self, rect: pygame.Rect) -> None:
        """The box shows ``rect`` only: what lies wholly outside it is neither drawn nor
        clickable; buttons and counters partly inside are drawn clipped, clickable inside."""
        self.rect = rect
        self.buttons.buttons = [b for b in self.buttons.buttons if b.rect.colliderect(rect)]
        self.tray = [it for it in self.tray if it.rect.colliderect(rect)]
        self.tips = [(r, t) for r, t in self.tips if r.colliderect(rect)]

    def text(self, s: str, px: int | None = None, colour=T.TEXT, style: str = "regular", indent: int = 0) -> None:
        px = px or self.theme.normal
        lh = T.font(px, style).get_linesize()
        for ln in T.wrap(s, px, self.w - indent, style):
            if self.y + lh > self.bottom:
                return
            y = self.y
            self.op(lambda surf, ln=ln, y=y: surf.blit(T.text(ln, px, colour, style), (self.x + indent, y)),
                    ("text", ln, px, colour, style, self.x + indent, y))
            self.y += lh

    def heading(self, s: str) -> None:
        self.space(2)
        self.text(s, self.theme.large, T.ACCENT, "bold")
        self.space(2)

    def space(self, n: int = 6) -> None:
        self.y += self.theme.px(n)

    def button(self, label: str, cb: Callable[[], None], *, enabled: bool = True, key_hint: str = "",
               tooltip: str = "", name: str = "", width: int | None = None, inline: bool = False,
               indent: int = 0) -> Button:
        h = self.theme.px(30)
        w = width or self.w - indent
        b = Button(pygame.Rect(self.x + indent, self.y, w, h), label, cb, enabled=enabled, key_hint=key_hint,
                   tooltip=tooltip, px=self.theme.normal, name=name or label)
        self.buttons.add(b)
        self.op(b.draw, b.sig)
        self.y += h + self.theme.px(5)
        return b

    def row(self, specs: list[tuple[str, Callable[[], None], bool, str]], slots: int | None = None) -> list[Button]:
        """Buttons side by side: (label, callback, enabled, name); ``slots`` fixes the width of each."""
        if not specs:
            return []
        gap = self.theme.px(6)
        k = max(len(specs), slots or 0)
        w = (self.w - gap * (k - 1)) // k
        h = self.theme.px(30)
        out = []
        for i, (label, cb, enabled, name) in enumerate(specs):
            b = Button(pygame.Rect(self.x + i * (w + gap), self.y, w, h), label, cb, enabled=enabled,
                       px=self.theme.normal, name=name or label)
            self.buttons.add(b)
            self.op(b.draw, b.sig)
            out.append(b)
        self.y += h + self.theme.px(5)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for op in self.ops:
            op(surface)
        surface.set_clip(clip)


class PhaseBar:
    """Turn, date, phase and rule, who acts, what may be done now; the main buttons."""

    def __init__(self, theme: T.Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 100, 60)
        self.tool_rect = pygame.Rect(0, 0, 0, 0)
        self.text_right = 100
        self.buttons = ButtonRow()
        self.drawn = Drawn()

    def layout(self, rect: pygame.Rect, tool_rect: pygame.Rect,
               actions: list[tuple[str, str, Callable[[], None], str]],
               toggles: list[tuple[str, str, Callable[[], None], str]] = ()) -> None:
        """Text in ``rect``; the buttons in ``tool_rect``: the first one (End phase) on a
        row of its own, the others side by side below it. ``toggles`` (Look back, Explain)
        sit at the right end of the bar, above the side panel."""
        self.rect = rect
        self.tool_rect = tool_rect
        self.buttons.clear()
        th = self.theme
        if toggles:
            pad, gap = th.px(8), th.px(6)
            tw = (tool_rect.w - 2 * pad - gap * (len(toggles) - 1)) // len(toggles)
            th_ = th.px(34)
            ty = rect.y + (rect.h - th_) // 2
            for i, (name, label, cb, hint) in enumerate(toggles):
                b = Button(pygame.Rect(tool_rect.x + pad + i * (tw + gap), ty, tw, th_), label, cb, key_hint=hint,
                           px=th.normal, name=name, toggled=False)
                self.buttons.add(b)
            right_limit = tool_rect.x - th.px(12)
        else:
            right_limit = rect.right - th.px(12)
        pad, gap, h = th.px(8), th.px(6), th.px(30)
        x0, w = tool_rect.x + pad, tool_rect.w - 2 * pad
        y = tool_rect.y + pad
        first, rest = actions[0], actions[1:]
        name, label, cb, hint = first
        self.buttons.add(Button(pygame.Rect(x0, y, w, th.px(34)), label, cb, key_hint=hint, px=th.large, name=name))
        y += th.px(34) + gap
        bw = (w - gap * (len(rest) - 1)) // max(1, len(rest))
        for i, (name, label, cb, hint) in enumerate(rest):
            self.buttons.add(Button(pygame.Rect(x0 + i * (bw + gap), y, bw, h), label, cb, key_hint=hint,
                                    px=th.normal, name=name))
        self.text_right = right_limit

    @staticmethod
    def tool_height(th: T.Theme) -> int:
        return th.px(8) * 2 + th.px(34) + th.px(6) + th.px(30)

    def draw(self, surface: pygame.Surface, ctl, date: str, line2: str | None = None,
             line2_colour=None, cached: bool = False) -> bool:
        """Draws the bar; ``cached``: unless ``surface`` already shows exactly this (see ``Drawn``).
        True when it drew."""
        th = self.theme
        v = ctl.view()
        acting = ctl.acting()
        phase_side = getattr(ctl.phase(), "side", None)
        now = now_text(ctl) if line2 is None else line2
        key = (tuple(self.rect), tuple(self.tool_rect), self.text_right, th.scale, acting, phase_side,
               v.get("phase_name"), v.get("turn"), v.get("turns"), v.get("phase_rule"), date, now, line2 is None,
               line2_colour,
               self.buttons.sig())
        if self.drawn.same(surface, key, cached):
            return False
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        draw_panel(surface, self.rect, T.PANEL_DARK)
        x0 = self.rect.x + th.px(12)
        right = self.text_right
        y = self.rect.y + th.px(6)
        px = th.large
        # Line 1: who acts (chip and name), the phase and its rule, then the turn and date.
        x = x0
        if acting:
            chip = th.px(20)
            side_chip(surface, acting, x, y + 1, chip)
            x += chip + th.px(6)
        parts = [(str(v.get("phase_name") or v.get("phase") or ""), T.ACCENT, "bold")]
        if acting and acting != phase_side:
            parts.append((f"{SIDE_NAMES.get(acting, acting)} player decides", T.TEXT, "bold"))
        title = turn_title(ctl, v)
        if title:
            parts.append((title, T.TEXT, "bold"))
        if date:
            parts.append((date, T.TEXT, "regular"))
        if v.get("phase_rule"):
            parts.append((f"rule {v['phase_rule']}", T.TEXT_DIM, "regular"))
        if acting and acting == phase_side:
            parts.append((f"{SIDE_NAMES.get(acting, acting)} player to act", T.TEXT, "regular"))
        sep = T.text("  ·  ", px, T.TEXT_DIM)
        for i, (s, c, style) in enumerate(parts):
            t = T.text(s, px, c, style)
            need = t.get_width() + (sep.get_width() if i else 0)
            if x + need > right:
                break
            if i:
                surface.blit(sep, (x, y))
                x += sep.get_width()
            surface.blit(t, (x, y))
            x += t.get_width()
        # Line 2: what may be done now (or what the history shows).
        y2 = y + T.font(px).get_linesize() + th.px(2)
        style = "regular" if line2 is None else "bold"
        lines = T.wrap(now, th.normal, right - x0, style)
        s = lines[0] + (" …" if len(lines) > 1 else "")
        surface.blit(T.text(s, th.normal, line2_colour or T.TEXT, style), (x0, y2))
        surface.set_clip(self.tool_rect)
        draw_panel(surface, self.tool_rect, T.PANEL_DARK)
        surface.set_clip(clip)
        self.buttons.draw(surface)
        return True


def now_text(ctl) -> str:
    """One line: what the acting player may do at this moment."""
    v = ctl.view()
    if v.get("result"):
        r = v["result"]
        return f"Game over: {r['level']}. {r.get('detail', '')}"
    st = v.get("stage")
    if st:
        return rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game"))
    m = ctl.mode()
    if m == "combat-declare" and getattr(ctl.state, "battles", None):
        return (f"{len(ctl.state.battles)} battle(s) declared. Declare more, or press E to close the "
                "declarations and start resolving (10.0).")
    if m == "combat-resolve":
        left = ctl.unresolved()
        if left:
            return f"Click a declared battle to resolve it ({', '.join(hex_name(h) for h in left)})."
        return "Every battle is resolved: end the phase (E)."
    paras = rules_text.phase_paragraphs(v.get("game"), v.get("phase"))
    if paras:
        return paras[0]
    groups = ctl.choice_groups() if hasattr(ctl, "choice_groups") else []
    if groups:
        return "Decide in the side panel: " + "; ".join(g.title + (f" ({g.rule})" if g.rule else "") for g in groups) + "."
    p = ctl.phase()
    got = rules_text.phase_paragraphs(v.get("game"), v.get("phase"), p, v)
    return got[0] if got else ""


class SidePanel:
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
        if getattr(scene, "past", None) is not None:
            build_history(ctx, scene)
        elif getattr(scene, "computer_turn", lambda: False)():
            build_computer(ctx, scene)
        else:
            build_context(ctx, ctl, scene, self.art)
        return ctx

    def build(self, ctl, scene) -> None:
        th = self.theme
        ctx_h = int(self.rect.h * 0.56)
        if self.tab == "track" and self.rect.h < th.px(700):
            ctx_h = int(self.rect.h * 0.4)  # a small window with the Track tab open: the turn record gets more room
        # The context box scrolls when what the step needs is taller than its room (the wheel
        # over it, or the scroll bar); a new position, selection or step starts at the top.
        key = (id(getattr(ctl, "state", None)), getattr(ctl, "version", None), getattr(ctl, "sel", None),
               getattr(getattr(scene, "past", None), "index", None), bool(getattr(scene, "computer_turn", lambda: 0)()))
        if key != self._ctx_key:
            self._ctx_key, self.ctx_scroll = key, 0
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
        self.context = ctx
        tab_y = self.rect.y + used
        self.tabs.clear()
        k = len(self.TABS)
        w = (self.rect.w - th.px(16) - th.px(4) * (k - 1)) // k
        for i, (name, label) in enumerate(self.TABS):
            b = Button(pygame.Rect(self.rect.x + th.px(8) + i * (w + th.px(4)), tab_y + th.px(4), w, th.px(28)),
                       label, (lambda n=name: self.set_tab(n)), px=th.normal, name="tab-" + name,
                       tooltip=self.TAB_TIPS.get(name, ""))
            b.toggled = None
            self.tabs.add(b)
        self.explain = bool(getattr(scene, "explain", False))
        layer = getattr(scene, "layer", None)
        self.legend = None
        bottom = self.rect.bottom
        if self.explain and layer is not None:
            # Explain's legend sits at the bottom of the panel, where it hides nothing on the map.
            # The log and rules get what is left (in a very small window, little or nothing).
            lg = Legend(th, layer.explain_sets(ctl), ctl, self.rect.w - th.px(16))
            top = max(self.rect.bottom - lg.h - th.px(8), tab_y + th.px(36))
            lg.rect = pygame.Rect(self.rect.x + th.px(8), top, lg.w, lg.h)
            self.legend = lg
            bottom = max(lg.rect.y - th.px(4), tab_y + th.px(36))
        self.lower = pygame.Rect(self.rect.x, tab_y + th.px(36), self.rect.w, bottom - tab_y - th.px(36))
        live = getattr(scene, "ctl", ctl)
        self.on_log_pick = getattr(scene, "enter_history", None)
        past = getattr(scene, "past", None)
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

    # --- the log ------------------------------------------------------------------------
    def _log_rect(self) -> pygame.Rect:
        th = self.theme
        return self.lower.inflate(-th.px(16), -th.px(8))

    def _all_log_rows(self, ctl, width: int) -> list[tuple[str, tuple, str, int, str]]:
        th = self.theme
        px = th.small
        shown_side = ctl.screen_side() if hasattr(ctl, "screen_side") else None
        key = (id(ctl.log), len(ctl.log), width, px, getattr(ctl, "log_version", 0), shown_side)
        if key == self._log_rows_key:
            return self._log_rows
        if self._wrap_key != (width, px):
            self._wrap_key = (width, px)
            self._wrapped.clear()
        rows: list[tuple[str, tuple, str, int, str]] = []
        text_of = getattr(ctl, "log_text", lambda e: e.text)
        for e in ctl.log:
            # Each entry is wrapped once (the log only grows): a long game stays smooth.
            # A secret decision reads as its placeholder for the other side (ctl.log_text).
            text = text_of(e)
            ek = (e.index, e.kind, text, e.side)
            got = self._wrapped.get(ek)
            if got is None:
                got = self._wrap_entry(e, width, px, text)
                self._wrapped[ek] = got
            rows += got
        self._log_rows_key = key
        self._log_rows = rows
        return rows

    def _wrap_entry(self, e, width: int, px: int, text: str | None = None) -> list[tuple[str, tuple, str, int, str]]:
        th = self.theme
        out = []
        text = e.text if text is None else text
        if e.kind == "action":
            who = SIDE_NAMES.get(e.side, "") if e.side else ""
            for i, ln in enumerate(T.wrap(f"{e.index}. {who}: {text}" if who else f"{e.index}. {text}", px,
                                          width - th.px(14), "bold")):
                out.append((ln if i == 0 else "   " + ln, T.ACCENT, "bold", e.index, "action"))
        elif e.kind == "reason":
            for i, ln in enumerate(T.wrap("reason: " + text, px, width - th.px(24))):
                out.append((("  ↳ " if i == 0 else "     ") + ln, REASON_COLOUR, "regular", e.index, "reason"))
        else:
            for i, ln in enumerate(T.wrap(text, px, width - th.px(24))):
                out.append((("  " if i == 0 else "    ") + ln, T.TEXT if e.kind == "event" else T.TEXT_DIM,
                            "regular", e.index, e.kind))
        return out

    def _layout_log(self, ctl) -> None:
        """Which log lines are visible where (kept for clicks and drawing)."""
        th = self.theme
        r = self._log_rect()
        lh = T.font(th.small).get_linesize()
        rows = self._all_log_rows(ctl, r.w)
        n = max(1, r.h // lh)
        sel = self.log_selected
        if sel is not None and sel != self._scrolled_to:
            # Bring the selected action into view (scroll is counted from the bottom).
            idx = [i for i, row in enumerate(rows) if row[3] == sel]
            if idx:
                first, last = idx[0], idx[-1]
                end = len(rows) - self.log_scroll
                if first < end - (n - 1) or last >= end:
                    # A few lines of what came before above it; one line kept for the "newer lines" note.
                    end = min(len(rows), max(first - 3 + n - 1, last + 1))
                    self.log_scroll = len(rows) - end
            self._scrolled_to = sel
        elif sel is None and self._scrolled_to is not None:
            self._scrolled_to = None
            self.log_scroll = 0  # back to the present: the newest lines
        self.log_scroll = min(self.log_scroll, max(0, len(rows) - n))
        end = len(rows) - self.log_scroll
        if self.log_scroll:
            n -= 1  # the last line says how many newer lines there are
        shown = rows[max(0, end - n):end]
        self.log_visible = []
        y = r.y
        for row in shown:
            self.log_visible.append((pygame.Rect(r.x, y, r.w, lh), row))
            y += lh

    def log_index_at(self, pos) -> int | None:
        if self.tab != "log":
            return None
        for rect, row in self.log_visible:
            if rect.collidepoint(pos):
                return row[3]
        return None

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
            if self.context.buttons.handle(event):
                return True
            for item in self.context.tray:
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
                pygame.draw.line(surface, T.ACCENT, (b.rect.x + 6, b.rect.bottom - 3), (b.rect.right - 6, b.rect.bottom - 3), 2)
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

    def _draw_log(self, surface: pygame.Surface, ctl) -> None:
        th = self.theme
        r = self._log_rect()
        px = th.small
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip) if clip else r)
        sel = self.log_selected
        if sel is not None:
            # The action shown on the map: a frame around its lines and a pointer, not only a colour.
            rects = [rect for rect, row in self.log_visible if row[3] == sel]
            if rects:
                box = rects[0].unionall(rects).inflate(th.px(4), 2)
                pygame.draw.rect(surface, (74, 68, 40), box)
                pygame.draw.rect(surface, T.ACCENT, box, 2)
        for rect, (text, colour, style, index, kind) in self.log_visible:
            if sel is not None and index == sel and kind == "action" and text[:1] != " ":
                surface.blit(T.text("▶", px, T.ACCENT, "bold"), (rect.x, rect.y))
                surface.blit(T.text(text, px, colour, style), (rect.x + th.px(14), rect.y))
            else:
                surface.blit(T.text(text, px, colour, style), (rect.x, rect.y))
        surface.set_clip(clip)
        if self.log_scroll:
            t = T.text(f"↓ {self.log_scroll} newer lines (scroll down)", px, T.TEXT_DIM)
            y = self.log_visible[-1][0].bottom if self.log_visible else r.y
            surface.blit(t, (r.right - t.get_width(), y))
        elif not self.log_visible:
            surface.blit(T.text("Nothing has happened yet.", px, T.TEXT_DIM), (r.x, r.y))

    def _rules_rows(self, ctl) -> tuple[list[tuple[str, int, tuple, str]], tuple]:
        """The lines of the Rules tab, and what the CRT under them depends on."""
        th = self.theme
        r = self.lower.inflate(-th.px(16), -th.px(8))
        v = ctl.view()
        paras = list(rules_text.phase_paragraphs(v.get("game"), v.get("phase"), ctl.phase(), v))
        title = f"{v.get('phase_name', '')}" + (f" (rule {v['phase_rule']})" if v.get("phase_rule") else "")
        st = v.get("stage")
        if st:
            paras = [rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")),
                     rules_text.stage_help(st["kind"], v.get("game"))] + paras[1:]
        elif rules_text.mode_note(ctl.mode(), v.get("game")):
            paras = paras[:1] + [rules_text.mode_note(ctl.mode(), v.get("game"))] + paras[1:]
        if not paras:
            p = ctl.phase()
            paras = [getattr(p, "summary", "")]
        rows: list[tuple[str, int, tuple, str]] = []
        if getattr(ctl, "past", False):
            for ln in T.wrap(rules_text.HISTORY_NOTE, th.small, r.w, "bold"):
                rows.append((ln, th.small, T.ACCENT, "bold"))
            rows.append(("", th.small, T.TEXT, "regular"))
        for ln in T.wrap(title, th.normal, r.w, "bold"):
            rows.append((ln, th.normal, T.ACCENT, "bold"))
        for p in paras:
            for ln in T.wrap(p, th.small, r.w):
                rows.append((ln, th.small, T.TEXT, "regular"))
            rows.append(("", th.small, T.TEXT, "regular"))
        if self.explain:
            me = ctl.acting()
            side = SIDE_NAMES.get(me, me or "acting")
            foe_id = next((x for x in ctl.sides() if x != me), None)
            foe = SIDE_NAMES.get(foe_id, foe_id or "enemy") if me else "both sides'"
            for ln in T.wrap("What Explain marks on the map", th.normal, r.w, "bold"):
                rows.append((ln, th.normal, T.ACCENT, "bold"))
            for key in ("zoc", "cut", "over", "hover"):
                for ln in T.wrap(rules_text.EXPLAIN[key].format(side=side, foe=foe), th.small, r.w):
                    rows.append((ln, th.small, T.TEXT, "regular"))
                rows.append(("", th.small, T.TEXT, "regular"))
        self.rules_scroll = min(self.rules_scroll, max(0, len(rows) - 3))
        return rows, (ctl.phase_kind() == "combat", crt_column(ctl))

    def _draw_rules(self, surface: pygame.Surface, ctl, rows=None) -> None:
        th = self.theme
        r = self.lower.inflate(-th.px(16), -th.px(8))
        if rows is None:
            rows, _ = self._rules_rows(ctl)
        clip = surface.get_clip()
        surface.set_clip(r.clip(clip) if clip else r)
        y = r.y
        for text, px, colour, style in rows[self.rules_scroll:]:
            if text:
                surface.blit(T.text(text, px, colour, style), (r.x, y))
            y += T.font(px).get_linesize()
            if y > r.bottom:
                break
        if ctl.phase_kind() == "combat" and y + th.px(120) < r.bottom:
            draw_crt(surface, pygame.Rect(r.x, y + th.px(4), r.w, r.bottom - y - th.px(4)), ctl, th)
        surface.set_clip(clip)


class Legend:
    """The key to what Explain marks on the map: a sample of each pattern, its meaning and count."""

    def __init__(self, th: T.Theme, ex: dict, ctl, width: int) -> None:
        from .overlays import COMM_DOTS, OVERSTACK, ZOC_HATCH
        from .rules_text import EXPLAIN_SHORT

        self.theme = th
        side, foe = SIDE_NAMES.get(ex["side"], "?"), SIDE_NAMES.get(ex["foe"], "?")
        kinds = [("backhatch", ZOC_HATCH, "zoc" if ex["side"] else "zoc_all", len(ex["zoc"]))]
        if ex["side"]:
            kinds.append(("dots", COMM_DOTS, "cut", len(ex["cut"])))
        kinds.append(("over", OVERSTACK, "over", len(ex["over"])))
        self.rows = [(pat, rgba, EXPLAIN_SHORT[k].format(foe=foe, side=side) + (f": {n}" if n else ": none"))
                     for pat, rgba, k, n in kinds]
        self.title = "Explain (X) — details in the Rules tab (K)"
        self.extra = EXPLAIN_SHORT["hover"] if ctl.mode() in ("movement", "special") and not ctl.past else ""
        px = th.small
        self.lh = max(T.font(px).get_linesize(), th.px(20))
        self.sw = th.px(28)
        self.w = width
        inner = width - th.px(16)
        self.title_lines = T.wrap(self.title, px, inner, "bold")
        self.row_lines = [T.wrap(text, px, inner - self.sw - th.px(8)) for _, _, text in self.rows]
        self.extra_lines = T.wrap(self.extra, px, inner) if self.extra else []
        ls = T.font(px).get_linesize()
        h = th.px(4) + len(self.title_lines) * T.font(px, "bold").get_linesize() + th.px(2)
        for lines in self.row_lines:
            h += max(self.lh, len(lines) * ls) + th.px(3)
        h += len(self.extra_lines) * ls + th.px(6)
        self.h = h
        self.rect = pygame.Rect(0, 0, self.w, self.h)

    def sig(self) -> tuple:
        return (tuple(self.rect), tuple(self.title_lines), tuple((p, r) for p, r, _ in self.rows), tuple(map(tuple, self.row_lines)),
                tuple(self.extra_lines), self.theme.scale)

    def draw(self, surface: pygame.Surface) -> None:
        from .shapes import swatch

        th = self.theme
        px = th.small
        box = self.rect
        pygame.draw.rect(surface, (250, 248, 236), box)
        pygame.draw.rect(surface, (40, 40, 40), box, 1)
        x, y = box.x + th.px(8), box.y + th.px(4)
        for ln in self.title_lines:
            surface.blit(T.text(ln, px, (20, 20, 20), "bold"), (x, y))
            y += T.font(px, "bold").get_linesize()
        y += th.px(2)
        ls = T.font(px).get_linesize()
        for (pattern, rgba, _), lines in zip(self.rows, self.row_lines):
            rh = max(self.lh, len(lines) * ls)
            sample = pygame.Rect(x, y + 1, self.sw, self.lh - 2)
            pygame.draw.rect(surface, (224, 219, 186), sample)
            swatch(surface, sample, pattern, rgba)
            pygame.draw.rect(surface, (60, 60, 60), sample, 1)
            ty = y + (rh - len(lines) * ls) // 2
            for ln in lines:
                surface.blit(T.text(ln, px, (20, 20, 20)), (x + self.sw + th.px(8), ty))
                ty += ls
            y += rh + th.px(3)
        for ln in self.extra_lines:
            surface.blit(T.text(ln, px, (70, 70, 70)), (x, y))
            y += ls


def crt_column(ctl):
    """The CRT column of the battle at hand (framed in the table), or None."""
    o = ctl.odds() if ctl.target is not None else None
    st = ctl.view().get("stage")
    if o is None and st and st.get("kind") == "roll":
        o = ctl.odds(ctl.state.stage.target, ctl.stage_attackers())
    if o is not None and not o.no_effect:
        return o.final_index
    return None


def draw_crt(surface: pygame.Surface, rect: pygame.Rect, ctl, th: T.Theme) -> None:
    """The combat results table, with the column of the battle at hand framed."""
    crt = getattr(ctl.tables, "CRT_TABLE", None)
    if crt is None:
        return
    from ..core.combat import odds_label

    cols = list(crt.columns)
    px = th.small
    lh = T.font(px).get_linesize() + 2
    cw = min(th.px(48), (rect.w - th.px(40)) // max(1, len(cols)))
    x0, y0 = rect.x + th.px(36), rect.y
    surface.blit(T.text("Combat results (10.6)", px, T.TEXT_DIM, "bold"), (rect.x, y0))
    y0 += lh
    current = crt_column(ctl)
    for i, c in enumerate(cols):
        t = T.text(odds_label(c), px, T.TEXT, "bold")
        surface.blit(t, (x0 + i * cw + (cw - t.get_width()) // 2, y0))
    for k, roll in enumerate(sorted(crt.rows)):
        y = y0 + (k + 1) * lh
        surface.blit(T.text(str(roll), px, T.TEXT, "bold"), (rect.x + th.px(12), y))
        for i, c in enumerate(cols):
            t = T.text(crt.rows[roll][i], px, T.TEXT)
            surface.blit(t, (x0 + i * cw + (cw - t.get_width()) // 2, y))
    if current is not None and current in cols:
        i = cols.index(current)
        pygame.draw.rect(surface, T.ACCENT, (x0 + i * cw, y0 - 2, cw, lh * (len(crt.rows) + 1) + 2), 2)


def build_context(f: Flow, ctl, scene, art: CounterArt) -> None:
    """The upper part of the side panel: what the current step needs."""
    m = ctl.mode()
    th = f.theme
    v = ctl.view()
    for note in v.get("notices") or ctl.gui.notices(ctl) or ():  # what every player must notice (a mud turn …)
        f.text("⚑ " + str(note), th.normal, T.ACCENT, "bold")
    if m in ("setup", "buildup"):
        _build_tray(f, ctl, art, m)
    elif m in ("movement", "special"):
        # A phase the game calls something else (TCS's Action Phase) keeps its own name.
        f.heading("Movement" if ctl.gui.phase_kind(ctl) is None else str(v.get("phase_name") or "Movement"))
        legal = ctl.legal()
        if legal is None:
            f.text("Working out the legal moves…", colour=T.TEXT_DIM)
        else:
            n = len(ctl.movable_units())
            f.text(f"{n} unit(s) may still move. Units that cannot move are greyed out on the map.")
            if ctl.tray():
                _build_tray(f, ctl, art, "arrivals")
        if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") == "map":
            u = ctl.unit(ctl.sel) or {}
            f.space()
            f.text(unit_title(u), th.normal, T.TEXT, "bold")
            if u.get("ma") is not None:
                f.text(f"Movement allowance {u['ma']}.", th.small, T.TEXT_DIM)
            n = len(ctl.move_targets(ctl.sel))
            if n:
                costs = ctl.move_cost(ctl.sel, next(iter(ctl.move_targets(ctl.sel)))) is not None
                f.text(f"{n} hex(es) within reach: shaded" + (", with their cost in movement points" if costs else "")
                       + ". Point at a hex to see the path; click to move.", th.small)
    elif m == "combat-declare":
        if not _gui_call(ctl, "build_declare", f, scene):
            _build_declare(f, ctl)
    elif m == "combat-resolve" and _gui_call(ctl, "build_resolve", f, scene):
        pass
    elif m == "combat-resolve":
        f.heading("Resolve the battles")
        kiev = v.get("game") == "objective-kiev"
        f.text("Click a battle on the map, or here." + (" Untried units are revealed when their battle starts (10.1)."
                                                        if kiev else ""), th.small)
        f.space()
        battles = getattr(ctl.state, "battles", None) or []
        if not battles:  # a game that keeps its battles elsewhere: the battles it lets be resolved now
            for t in ctl.unresolved():
                f.button(f"Resolve the battle at {hex_name(t)}", (lambda t=t: scene.do_resolve(t)),
                         name=f"resolve-{hex_name(t)}")
        for b in battles:
            done = b.target in getattr(ctl.state, "resolved", [])
            o = ctl.odds(b.target, b.attackers)
            odds = "?" if o is None else ("no effect" if o.no_effect else o.column)
            label = f"{hex_name(b.target)}: {', '.join(b.attackers)} ({odds})"
            if done:
                f.text("✓ " + label + " — resolved", th.small, T.TEXT_DIM)
            else:
                f.button("Resolve " + label, (lambda t=b.target: scene.do_resolve(t)), name=f"resolve-{hex_name(b.target)}")
    elif m == "stage:roll":
        _build_roll(f, ctl, scene, art)
    elif m in ("stage:defender_loss", "stage:exchange_loss", "stage:attacker_loss", "stage:overstack", "stage:advance"):
        st = v["stage"]
        f.heading(rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")).split(":")[0] + " decides")
        f.text(rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")), th.normal)
        f.text(rules_text.stage_help(st["kind"], v.get("game")), th.small, T.TEXT_DIM)
        f.space()
        for uid in sorted(set(ctl.choice_units())):
            u = ctl.unit(uid) or {}
            verb = {"stage:advance": "Advance", "stage:overstack": "Remove"}.get(m, "Loss:")
            b = f.button(f"{verb} {uid} ({u.get('label', '')})", (lambda x=uid: scene.do_choose(x)), name=f"choose-{uid}",
                         tooltip=unit_title(u))
            if ctl.loss_pick == uid:
                b.toggled = None
                b.hover = True
        if m == "stage:advance" and ctl.step_moves():
            n = len(ctl.movable_units())
            f.text(f"{n} unit(s) may advance: click one, then a shaded hex (its path is the advance).", th.small)
        if m == "stage:advance":
            f.button("No advance", scene.do_no_advance, key_hint="N", name="no-advance")
    elif m == "stage:retreat":
        st = v["stage"]
        f.heading("Retreat")
        f.text(rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")), th.normal)
        f.text("Arrows on the map show every legal path; click the end of one, or a button here.", th.small, T.TEXT_DIM)
        f.space()
        for r in ctl.retreats():
            f.button(f"{r.unit}: " + " → ".join(hex_name(h) for h in r.path), (lambda a=r: scene.do_action(a)),
                     name="retreat-" + "-".join(hex_name(h) for h in r.path))
    elif m == "over":
        r = v["result"]
        f.heading(r["level"])
        f.text(r.get("detail", ""))
        f.button("Show the result", scene.show_victory, name="show-result")
    else:
        f.heading(v.get("phase_name") or str(v.get("phase", "")))
        f.text(now_text(ctl))
    _gui_call(ctl, "build_step", f, scene)  # the game's block about this step, before the chooser
    if m != "over":
        _build_choices(f, ctl, scene)
    _gui_call(ctl, "build_panel", f, scene)  # the game's own block (Kursk's posture tracks, markers, VP)
    if m in ("combat-declare", "combat-resolve") or (m.startswith("stage:") and m != "stage:roll"):
        _air_row(f, ctl, art)
    # The stack last clicked; not the target of the battle at hand, whose units the odds list already.
    st = v.get("stage") or {}
    skip = ctl.target if ctl.target is not None else (
        parse_hex(st["target"]) if m == "stage:roll" and st.get("target") else None)
    _stack_list(f, ctl, art, skip=skip, scene=scene)


def _gui_call(ctl, name: str, f: Flow, scene):
    """A game's own panel block; a failure there is logged and shows a line, never ends the client."""
    try:
        return getattr(ctl.gui, name)(f, ctl, scene)
    except Exception:
        log.exception("game panel %s failed", name)
        f.text(f"(the game's panel could not be drawn: {name})", f.theme.small, T.TEXT_DIM)
        return False


def _build_choices(f: Flow, ctl, scene) -> None:
    """The generic chooser: every legal action of the decider that no widget above offers,
    grouped (a decision by what is decided, other verbs by verb), with its rule number. Values
    the rules name but refuse now are greyed, with the refusal from game.check as tooltip."""
    th = f.theme
    groups = ctl.choice_groups()
    if not groups:
        return
    for g in groups:
        f.space(4)
        f.text(f"{g.title}" + (f" ({g.rule})" if g.rule else ""), th.normal, T.ACCENT, "bold")
        if g.help:
            f.text(g.help, th.small, T.TEXT_DIM)
        if g.secret:
            if ctl.private:
                f.text("Secret: the other side cannot see your choice until both are revealed.", th.small, T.TEXT_DIM)
            else:
                f.text("Chosen openly (one person plays both sides).", th.small, T.TEXT_DIM)
        per = 3 if max((len(o.label) for o in g.options), default=0) <= 12 else 1
        for i in range(0, len(g.options), per):
            chunk = g.options[i:i + per]
            specs = [(o.label, (lambda a=o.action: scene.do_action(a)), not o.refusal,
                      f"{g.key}:{o.label}") for o in chunk]
            for b, o in zip(f.row(specs, slots=per), chunk):
                b.tooltip = f"Not now — {o.refusal}" if o.refusal else o.action.notation()
                b.name = f"{g.key.replace(':', '-')}-{o.label.replace(' ', '_')}"
        if g.more:
            f.text(f"… and {g.more} more of these", th.small, T.TEXT_DIM)


# --- the units of a stack, air support ---------------------------------------------------------
def unit_facts(u: dict, ctl) -> str:
    """Values and state of one unit, for the stack list."""
    if u.get("spec") == "untried" or u.get("label") == "?":
        parts = ["untried: its strength stays hidden until its first battle (10.1)"]
    else:
        parts = []
        if u.get("attack") is not None:
            parts.append(f"attack {u['attack']:g}, defence {u.get('defense', 0):g}, movement {u.get('ma', '?')}")
        else:
            parts.append(str(u.get("label", "")))
        if int(u.get("max_steps", 1)) == 1:
            parts.append("one step")
        elif int(u.get("steps", 1)) < int(u.get("max_steps", 1)):
            parts.append("reduced (one step left)")
        else:
            parts.append(f"full strength ({u.get('max_steps')} steps)")
    uid = u["id"]
    m = ctl.mode()
    mine = u.get("side") == ctl.acting()
    if m in ("movement", "special") and mine and not getattr(ctl, "past", False) and ctl.legal() is not None:
        parts.append("may still move" if uid in ctl.movable_units() else "cannot move now")
    for b in getattr(ctl.state, "battles", []) or []:
        if uid in b.attackers:
            parts.append(f"attacks {hex_name(b.target)}")
    if uid in ctl.attackers:
        parts.append("in the battle being built")
    if uid == getattr(ctl, "lead", None):
        parts.append("leads the Offensive")
    if uid in (getattr(ctl, "support", None) or ()):
        parts.append("supports the Offensive")
    gui = getattr(ctl, "gui", None)
    if gui is not None:
        parts += gui.unit_facts(u, ctl)
    return "; ".join(parts)


def _stack_list(f: Flow, ctl, art: CounterArt, skip=None, scene=None) -> None:
    """The units of the stack last clicked (or of the selected unit), each with its values and state."""
    h = ctl.stack_hex()
    if h is None or h == skip:
        return
    units = ctl.units_at(h)
    if not units:
        return
    th = f.theme
    f.space(6)
    if f.y + T.font(th.small).get_linesize() * 3 > f.bottom:
        return
    line_y = f.y
    f.op(lambda surf, y=line_y: pygame.draw.line(surf, T.PANEL_LINE, (f.x, y), (f.x + f.w, y)),
         ("line", f.x, line_y, f.w))
    f.space(4)
    n = len(units)
    f.text(f"Stack in {hex_name(h)}: {n} unit" + ("" if n == 1 else "s"), th.small, T.TEXT_DIM, "bold")
    cs = th.px(34)
    indent = cs + th.px(8)
    fpx = th.px(12)
    for i, u in enumerate(units):
        y0 = f.y
        facts = unit_facts(u, ctl)
        need = max(cs, T.font(th.small, "bold").get_linesize()
                   + len(T.wrap(facts, fpx, f.w - indent)) * T.font(fpx).get_linesize())
        if y0 + need > f.bottom:
            f.text(f"… {n - i} more: point at the hex to read them all", th.small, T.TEXT_DIM)
            break
        f.op(lambda surf, u=u, y=y0: surf.blit(art.surface(u, cs), (f.x, y)), ("stack", CounterArt.key(u, cs), f.x, y0))
        if ctl.sel == u["id"]:
            f.op(lambda surf, y=y0: pygame.draw.rect(surf, T.ACCENT, (f.x - 2, y - 2, cs + 4, cs + 4), 2),
                 ("stack-sel", f.x, y0, cs))
        f.text(f"{u['id']} {u.get('name', '')}", th.small, T.TEXT, "bold", indent=indent)
        f.text(facts, fpx, T.TEXT_DIM, indent=indent)
        gui = getattr(ctl, "gui", None)
        if gui is not None and not getattr(ctl, "past", False):
            for label, act, tip in gui.unit_actions(u, ctl):  # a unit's own menu (Kasserine's breakdown)
                if f.y + th.px(30) > f.bottom:
                    break
                doer = scene.do_action if scene is not None else ctl.do
                b = f.button(label, (lambda a=act, d=doer: d(a)), tooltip=tip, indent=indent,
                             name=f"unit-{act.notation().replace(' ', '-')}")
                b.tooltip = tip
        f.y = max(f.y, y0 + cs) + th.px(4)


def _air_row(f: Flow, ctl, art: CounterArt) -> None:
    """The air support markers of the side in this phase: ready, or grey once flown this turn."""
    from .turns import air_markers

    side = getattr(ctl.phase(), "side", None)
    markers = [m for m in air_markers(ctl) if m.side == side]
    if not markers:
        return
    th = f.theme
    lh = T.font(th.small).get_linesize()
    ms = th.px(36)
    if f.y + lh + ms + th.px(10) > f.bottom:
        return
    f.space(6)
    ready = sum(1 for m in markers if not m.used)
    f.text(f"Air support (10.5): {ready} of {len(markers)} ready this turn", th.small, T.TEXT_DIM, "bold")
    cw = max(ms + th.px(8), min(th.px(180), f.w // len(markers)))
    for i, m in enumerate(markers):
        x, y = f.x + i * cw, f.y + th.px(2)
        if x + ms > f.x + f.w:
            break
        f.op(lambda surf, m=m, x=x, y=y: surf.blit(art.marker(m, ms), (x, y)),
             ("air", m.id, m.short, m.shift, m.used, x, y, ms))
        room = cw - ms - th.px(12)
        for k, (txt, col) in enumerate(((m.name, T.TEXT), ("used this turn" if m.used else "ready", T.TEXT_DIM if m.used else T.GOOD))):
            while T.size(txt, th.px(12))[0] > room and len(txt) > 4:
                txt = txt.rstrip("…")[:-1].rstrip() + "…"
            ty = y + th.px(2) + k * lh
            f.op(lambda surf, txt=txt, col=col, x=x, ty=ty: surf.blit(T.text(txt, th.px(12), col), (x + ms + th.px(6), ty)),
                 ("air-text", txt, col, x, ty))
        f.tips.append((pygame.Rect(x, y, cw - th.px(4), ms), m.tooltip(ctl.view().get("turn"), ctl.view().get("turns"))))
    f.y += ms + th.px(8)


def history_title(scene) -> str:
    """'turn 3, Soviet combat' for the position shown in history mode."""
    past = scene.past
    inf = scene.ctl.timeline.info(past.index)
    if inf is None:
        return f"action {past.index}"
    what = inf.phase_name
    if inf.stage:
        what += f" ({rules_text.STAGE_NAMES.get(inf.stage, inf.stage)})"
    if inf.phase.endswith("setup"):
        return what
    return f"turn {inf.turn}, {what}"


def history_banner(scene) -> str:
    return f"Viewing history: {history_title(scene)} — press Esc to return to the present"


def build_history(f: Flow, scene) -> None:
    """The side panel in history mode: what happened at this step, and the way around."""
    th = f.theme
    tl = scene.ctl.timeline
    k = scene.past.index
    n = tl.last
    f.heading("Looking back (read-only)")
    st = tl.step(k)
    hidden = st is not None and scene.ctl.hidden_step(k, st.action, st.side)
    if k == 0:
        f.text("The start of the game, before any action.", th.normal, T.TEXT, "bold")
    elif st is not None and st.action is not None:
        who = SIDE_NAMES.get(st.side, "") if st.side else ""
        f.text(f"Action {k} of {n}" + (f", {who}:" if who else ":"), th.small, T.TEXT_DIM)
        f.text(scene.ctl.step_secret(k, st.action) if hidden else st.action.notation(), th.normal, T.TEXT, "bold")
    art = getattr(scene, "art", None)
    if art is not None:
        _air_note(f, scene.ctl, tl, k, art)
    shown = 0
    events = st.events if st is not None else []
    if hidden:
        events = [e for e in events if e.kind == "revealed"]
        f.text("Its value is hidden until both choices are revealed." if is_secret(scene.game.rules, st.action)
               else "It stays hidden: it is the other side's plan.", th.small, T.TEXT_DIM, indent=th.px(8))
    for e in events:
        if shown >= 5:
            f.text(f"… and {len(events) - shown} more in the log", th.small, T.TEXT_DIM, indent=th.px(8))
            break
        f.text("• " + e.text, th.small, T.TEXT, indent=th.px(8))
        shown += 1
    f.space(4)
    first = tl.first
    f.row([("◀ Back  [", scene.history_back, k > first, "hist-back"),
           ("Forward  ] ▶", scene.history_forward, k < n, "hist-forward")])
    starts = tl.turn_starts()
    if len(starts) > 1:
        f.text("Jump to the start of:", th.small, T.TEXT_DIM)
        cur = None
        for label, idx in starts:
            if idx <= k:
                cur = idx
        per = 4
        for i in range(0, len(starts), per):
            chunk = starts[i:i + per]
            f.row([((("▸ " + label) if idx == cur else label), (lambda x=idx: scene.history_goto(x)), True,
                    f"hist-{label.lower().replace(' ', '-')}") for label, idx in chunk], slots=per)
    f.button("Return to the present", scene.leave_history, key_hint="Esc", name="hist-present")
    if tl.error:
        f.text(tl.error[:1].upper() + tl.error[1:] + ".", th.small, T.TEXT_DIM)
    f.text("Keys: ← → or [ ] step, PgUp/PgDn a phase, Home/End the first/last position.", th.small, T.TEXT_DIM)
    if art is not None:
        _stack_list(f, scene.past, art)


def _air_note(f: Flow, ctl, tl, k: int, art: CounterArt) -> None:
    """The air support marker of the battle at this step of the history, if one flew."""
    from .turns import air_in_battle, air_markers

    got = air_in_battle(tl, k)
    if not got:
        return
    th = f.theme
    markers = {m.id: m for m in air_markers(ctl)}
    for target, mid in got:
        m = markers.get(mid)
        if m is None:
            continue
        ms = th.px(30)
        y = f.y + th.px(2)
        f.op(lambda surf, m=m, y=y: surf.blit(art.marker(m, ms, False), (f.x, y)), ("hist-air", m.id, f.x, y, ms))
        f.y = y
        f.text(f"Air support: {m.name}, {m.shift_text} column, over {hex_name(target)} (10.5)", th.small, T.TEXT,
               indent=ms + th.px(8))
        f.y = max(f.y, y + ms) + th.px(4)


def build_computer(f: Flow, scene) -> None:
    """The side panel while a computer player acts."""
    th = f.theme
    drv = scene.computer
    side = scene.ctl.acting()
    name = SIDE_NAMES.get(side, side)
    level = getattr(drv, "levels", {}).get(side)
    f.heading(f"{name} computer player" + (f" ({level})" if level else ""))
    if drv.thinking():
        dots = "." * (1 + int(scene.time * 3) % 3)
        f.text(f"Computer is thinking{dots}", th.normal, T.TEXT, "bold")
    else:
        f.text("Computer is playing its move.", th.normal, T.TEXT, "bold")
    v = scene.ctl.view()
    st = v.get("stage")
    what = f"{v.get('phase_name', '')}" + (f" (rule {v['phase_rule']})" if v.get("phase_rule") else "")
    if st:
        what = rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game"))
    f.text(what, th.small, T.TEXT_DIM)
    if drv.last_reason:
        f.space(4)
        f.text("Last decision:", th.small, T.TEXT_DIM)
        f.text(drv.last_reason, th.small, REASON_COLOUR, indent=th.px(8))
    f.space(4)
    speed = "fast" if drv.fast else "normal"
    f.text(f"Pace: {speed}. Space switches between normal and fast; Enter skips to the end of its turn.",
           th.small, T.TEXT_DIM)
    f.row([("Faster / slower  Space", scene.computer_speed, True, "cpu-speed"),
           ("Skip  Enter", scene.computer_skip, True, "cpu-skip")])
    art = getattr(scene, "art", None)
    if art is not None:
        _stack_list(f, scene.ctl, art)


def draw_history_banner(surface: pygame.Surface, rect: pygame.Rect, text: str, th: T.Theme) -> None:
    """A band across the top of the map with warning stripes at both ends, and a frame round the map."""
    pygame.draw.rect(surface, T.ACCENT, rect, th.px(4))
    h = T.font(th.normal, "bold").get_linesize() + th.px(10)
    band = pygame.Rect(rect.x, rect.y, rect.w, h)
    pygame.draw.rect(surface, T.ACCENT, band)
    stripe = th.px(90)
    for x0 in (band.x, band.right - stripe):
        clip = surface.get_clip()
        surface.set_clip(pygame.Rect(x0, band.y, stripe, band.h).clip(clip) if clip else pygame.Rect(x0, band.y, stripe, band.h))
        for k in range(-band.h, stripe + band.h, th.px(14)):
            pygame.draw.polygon(surface, (20, 20, 20), [(x0 + k, band.bottom), (x0 + k + th.px(7), band.bottom),
                                                         (x0 + k + th.px(7) + band.h, band.y), (x0 + k + band.h, band.y)])
        surface.set_clip(clip)
    room = band.w - 2 * stripe - th.px(16)
    px = th.normal
    while px > 9 and T.size(text, px, "bold")[0] > room:
        px -= 1
    t = T.text(text, px, (20, 20, 20), "bold")
    surface.blit(t, (band.centerx - t.get_width() // 2, band.centery - t.get_height() // 2))


def _build_tray(f: Flow, ctl, art: CounterArt, m: str) -> None:
    th = f.theme
    v = ctl.view()
    tray = ctl.tray()
    if m == "setup":
        f.heading(f"Set-up tray: {len(tray)} to place")
    elif m == "arrivals":
        f.space(4)
        f.text(f"Arriving: {len(tray)} to place — click a counter, then a highlighted hex.", th.normal, T.ACCENT, "bold")
    else:
        f.heading("Build-up")
        f.text(f"Replacement steps left: {v.get('steps_left', 0)}", th.normal, T.TEXT, "bold")
    legal = ctl.legal()
    if legal is None:
        f.text("Working out where units may go…", th.small, T.TEXT_DIM)
    size = th.px(46)
    gap = th.px(8)
    per_row = max(1, (f.w + gap) // (size + gap))
    cap = T.font(th.small).get_linesize()
    groups = [("", tray)] if m in ("setup", "arrivals") else [
        ("Arriving now (11.0):", [u for u in tray if u.get("where") == "arriving"]),
        ("Eliminated, may be rebuilt (12.0):", [u for u in tray if u.get("where") == "eliminated"])]
    for title, units in groups:
        if title:
            f.text(title, th.small, T.TEXT_DIM)
        if not units:
            if title:
                f.text("none", th.small, T.TEXT_DIM, indent=th.px(8))
            continue
        for i, u in enumerate(units):
            row, col = divmod(i, per_row)
            x = f.x + col * (size + gap)
            y = f.y + row * (size + cap + gap)
            if y + size + cap > f.bottom:
                break
            enabled = True
            note = ""
            if legal is not None:
                hexes = ctl.place_hexes(u["id"]) if ctl.sel == u["id"] or len(tray) <= 24 else None
                if hexes is not None and not hexes:
                    enabled = False
                    note = "Cannot be placed now"
            rect = pygame.Rect(x, y, size, size + cap)
            item = TrayItem(rect, u, ctl.click_tray, enabled, note)
            f.tray.append(item)

            def draw(surf, u=u, x=x, y=y, item=item):
                s = art.surface(u, size)
                surf.blit(s, (x, y))
                if not item.enabled:
                    veil = pygame.Surface((size, size), pygame.SRCALPHA)
                    veil.fill((30, 30, 30, 150))
                    surf.blit(veil, (x, y))
                if ctl.sel == u["id"]:
                    pygame.draw.rect(surf, T.ACCENT, (x - 3, y - 3, size + 6, size + 6), 3)
                t = T.text(u["id"], th.px(10), T.TEXT if item.enabled else T.TEXT_DIM)
                surf.blit(t, (x + size // 2 - t.get_width() // 2, y + size + 1))
            f.op(draw, lambda u=u, x=x, y=y, item=item: ("tray", CounterArt.key(u, size), x, y, item.enabled,
                                                          ctl.sel == u["id"], th.scale))
        rows = (len(units) + per_row - 1) // per_row
        f.y += rows * (size + cap + gap)
    if m == "buildup":
        later = ctl.later_arrivals()
        if later:
            f.text("Later: " + ", ".join(f"{u['id']} (turn {u.get('arrives')})" for u in later), th.small, T.TEXT_DIM)
        if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") == "map":
            u = ctl.unit(ctl.sel) or {}
            f.space()
            f.text(unit_title(u), th.small, T.TEXT, "bold")
            ok = ctl.sel in ctl.restorable()
            f.button(f"Restore {ctl.sel} to full strength (1 step)", lambda: ctl.restore(ctl.sel), enabled=ok,
                     name="restore", tooltip="12.0: flip a reduced unit to its full-strength side")
    if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") != "map":
        hexes = ctl.place_hexes(ctl.sel)
        if hexes:
            f.text(f"{ctl.sel}: {len(hexes)} legal hex(es), hatched on the map.", th.small)


def _build_declare(f: Flow, ctl) -> None:
    th = f.theme
    f.heading("Declare battles")
    battles = getattr(ctl.state, "battles", [])
    if battles:
        for b in battles:
            o = ctl.odds(b.target, b.attackers)
            odds = "?" if o is None else ("no effect" if o.no_effect else o.column)
            f.text(f"• {hex_name(b.target)} ← {', '.join(b.attackers)}  ({odds})", th.small)
        f.space(4)
    if ctl.legal() is None:
        f.text("Working out the possible attacks…", th.small, T.TEXT_DIM)
        return
    if ctl.target is None:
        n = len(ctl.attack_targets())
        f.text(f"{n} enemy hex(es) can be attacked (marked with a cross-hair). Click one to build a battle.", th.small)
        return
    f.text(f"Target {hex_name(ctl.target)}", th.normal, T.TEXT, "bold")
    for u in ctl.units_at(ctl.target):
        f.text(unit_title(u), th.small, T.TEXT_DIM, indent=th.px(8))
    elig = sorted(ctl.eligible_attackers(ctl.target))
    others = [x for x in elig if x not in ctl.attackers]
    f.text("Attackers: " + (", ".join(ctl.attackers) if ctl.attackers else "none yet — click adjacent units")
           + (f"  (may join: {', '.join(others)})" if others else ""), th.small)
    offensive = getattr(ctl.gui, "build_offensive", None)
    if offensive is not None:
        offensive(f, ctl, None)
    # The buttons above the odds, so that a long odds list never pushes them out of the box.
    f.row([("Declare", ctl.declare, bool(ctl.attackers), "declare"), ("Cancel", ctl.cancel, True, "cancel")])
    _odds_block(f, ctl, ctl.target, ctl.attackers)


def _odds_block(f: Flow, ctl, target, attackers, support=None) -> None:
    th = f.theme
    if not attackers:
        return
    o = ctl.odds(target, attackers, support)
    f.space(4)
    if o is None:
        f.text("Odds: ?", th.normal, T.TEXT, "bold")
        f.text("An untried unit takes part: its strength stays hidden until the battle is resolved (10.1). "
               "Every result is possible.", th.small, T.TEXT_DIM)
        return
    for ln in o.lines():
        f.text(ln, th.small, T.TEXT, indent=th.px(4))
    dist = ctl.distribution(o)
    if not dist:
        return
    f.space(4)
    lh = T.font(th.small).get_linesize()
    bar_w = max(th.px(40), int(f.w * 0.28))
    for code in RESULT_ORDER:
        p = dist.get(code)
        if not p or f.y + lh > f.bottom:
            continue
        y = f.y

        def draw(surf, code=code, p=p, y=y):
            surf.blit(T.text(code, th.small, T.TEXT, "bold"), (f.x, y))
            pct = T.text(f"{round(p * 100):d}%", th.small, T.TEXT)
            surf.blit(pct, (f.x + th.px(76) - pct.get_width(), y))
            bx = f.x + th.px(84)
            pygame.draw.rect(surf, T.PANEL_DARK, (bx, y + 3, bar_w, lh - 6))
            pygame.draw.rect(surf, (200, 200, 190), (bx, y + 3, max(2, int(bar_w * p)), lh - 6))
            mx = bx + bar_w + th.px(6)
            room = f.x + f.w - mx
            meaning = rules_text.result_text(code)
            px = th.px(11)
            while T.size(meaning, px)[0] > room and len(meaning) > 4:
                meaning = meaning.rstrip("…")[:-1].rstrip() + "…"
            surf.blit(T.text(meaning, px, T.TEXT_DIM), (mx, y + 1))
        f.op(draw, ("odds", code, p, y, f.x, f.w, bar_w, lh, th.scale))
        f.y += lh


def _build_roll(f: Flow, ctl, scene, art: CounterArt) -> None:
    th = f.theme
    st = ctl.view()["stage"]
    target = ctl.state.stage.target
    atk = ctl.stage_attackers()
    f.heading(f"Battle at {st.get('target')}")
    f.text(rules_text.stage_line("roll", st["side"], st.get("target"), ctl.view().get("game")), th.small)
    _odds_block(f, ctl, target, atk)
    f.space()
    names = {}
    support = getattr(getattr(ctl.rules, "scenario", None), "support", {}) or {}
    for k, m in support.items():
        names[k] = getattr(m, "name", k)
    rolls = ctl.rolls()
    can = {r.support for r in rolls}
    if None in can:
        f.button("Roll the die", (lambda: scene.do_roll(None)), key_hint="R", name="roll")
    # Each air support marker of the attacker, drawn beside its button; a used one greyed.
    from .turns import air_markers

    markers = [m for m in air_markers(ctl) if m.side == st.get("side")]
    ms = th.px(30)
    for m in markers:
        if f.y + ms > f.bottom:
            break
        y = f.y
        if m.id in can:
            o = ctl.odds(target, atk, m.id)
            odds = "" if o is None else (" → no effect" if o.no_effect else f" → {o.column}")
            label = f"Roll with {names.get(m.id, m.id)}{odds}"
            tip = (f"10.5: {names.get(m.id, m.id)} shifts the odds {m.shift_text} column; the marker stays on the "
                   "defending hex during the battle and flies once a turn")
        else:
            label = f"{names.get(m.id, m.id)}: used this turn"
            tip = "10.5: each air support marker flies once a turn; it is ready again next turn"
        f.op(lambda surf, m=m, y=y, used=m.id not in can: surf.blit(art.marker(m, ms, used), (f.x, y)),
             ("roll-air", m.id, m.short, m.shift, m.id not in can, f.x, y, ms))
        f.button(label, (lambda s=m.id: scene.do_roll(s)), enabled=m.id in can, name=f"roll-{m.id}",
                 tooltip=tip, indent=ms + th.px(8))
    for r in rolls:  # a marker the scenario does not list (should not happen): still offered
        if r.support is not None and r.support not in {m.id for m in markers}:
            f.button(f"Roll with {names.get(r.support, r.support)}", (lambda s=r.support: scene.do_roll(s)),
                     name=f"roll-{r.support}")


class StatusLine:
    def __init__(self, theme: T.Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 100, 24)
        self.drawn = Drawn()

    def draw(self, surface: pygame.Surface, ctl, cached: bool = False) -> bool:
        """True when it drew (not the same text as on ``surface`` already)."""
        th = self.theme
        if ctl.hover_text:
            text, kind = ctl.hover_text, "refusal"
        else:
            text, kind = ctl.status.text, ctl.status.kind
        if self.drawn.same(surface, (tuple(self.rect), th.scale, text, kind), cached):
            return False
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self._draw(surface, text, kind)
        surface.set_clip(clip)
        return True

    def _draw(self, surface: pygame.Surface, text: str, kind: str) -> None:
        th = self.theme
        draw_panel(surface, self.rect, T.PANEL_DARK)
        if not text:
            return
        icon = {"refusal": "✗ Not allowed — ", "ok": "✓ ", "info": "› "}.get(kind, "")
        colour = {"refusal": T.BAD, "ok": T.GOOD}.get(kind, T.TEXT)
        x = self.rect.x + th.px(10)
        y = self.rect.centery - T.font(th.normal, "bold").get_linesize() // 2
        t = T.text(icon, th.normal, colour, "bold")
        surface.blit(t, (x, y))
        x += t.get_width()
        lines = T.wrap(text, th.normal, self.rect.right - x - th.px(10))
        s = lines[0] + (" …" if len(lines) > 1 else "")
        surface.blit(T.text(s, th.normal, colour if kind == "refusal" else T.TEXT), (x, y))


def draw_die(surface: pygame.Surface, center: tuple[int, int], die, th: T.Theme) -> pygame.Rect:
    """The die just rolled, big, with its pips, the number and the result; returns the dark
    box behind it, which is sized to hold every line (a long result is wrapped, never spills)."""
    size = th.px(110)
    faces = list(getattr(die, "dice", ()) or ()) or [die.roll]  # several dice side by side
    gap = th.px(16)
    pad = th.px(20)
    r = pygame.Rect(0, 0, size * len(faces) + gap * (len(faces) - 1), size)
    r.center = (center[0], center[1] - th.px(30))
    rolled = f"{'+'.join(map(str, faces))} = {die.roll}" if len(faces) > 1 else str(die.roll)
    t = T.text(f"Rolled {rolled}" + (f": {die.result}" if die.result else ""), th.title, (255, 255, 255), "bold")
    box_w = max(r.w + th.px(340), t.get_width() + 2 * pad)
    limit = max(box_w, min(surface.get_width() - 2 * pad, th.px(640))) - 2 * pad
    subs = [T.text(ln, th.large, (255, 255, 255))
            for ln in (T.wrap(rules_text.result_text(die.result), th.large, limit) if die.result else [])]
    box_w = max([box_w] + [x.get_width() + 2 * pad for x in subs])
    box_h = max(size + th.px(150), size + th.px(8) + t.get_height() + sum(x.get_height() for x in subs) + 2 * pad)
    box = pygame.Rect(0, 0, box_w, box_h)
    box.midtop = (r.centerx, r.y - pad)
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 150))
    surface.blit(shadow, box.topleft)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for i, face in enumerate(faces):
        d = pygame.Rect(r.x + i * (size + gap), r.y, size, size)
        pygame.draw.rect(surface, (250, 250, 244), d, border_radius=size // 6)
        pygame.draw.rect(surface, (20, 20, 20), d, 3, border_radius=size // 6)
        for dx, dy in pips.get(face, []):
            pygame.draw.circle(surface, (20, 20, 20), (d.centerx + dx * size // 4, d.centery + dy * size // 4), size // 11)
    y = r.bottom + th.px(8)
    surface.blit(t, (r.centerx - t.get_width() // 2, y))
    y += t.get_height()
    for x in subs:
        surface.blit(x, (r.centerx - x.get_width() // 2, y))
        y += x.get_height()
    return box


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], lines: list[str], th: T.Theme) -> pygame.Rect | None:
    """Draws a tooltip near ``pos``; returns where it went."""
    if not lines:
        return None
    px = th.small
    maxw = th.px(420)
    rows = []
    for i, ln in enumerate(lines):
        for w in T.wrap(ln, px, maxw, "bold" if i == 0 else "regular"):
            rows.append((w, "bold" if i == 0 else "regular"))
    lh = T.font(px).get_linesize()
    w = max(T.size(r, px, s)[0] for r, s in rows) + th.px(16)
    h = lh * len(rows) + th.px(10)
    x, y = pos[0] + th.px(18), pos[1] + th.px(18)
    sw, sh = surface.get_size()
    if x + w > sw:
        x = pos[0] - w - th.px(8)
    if y + h > sh:
        y = pos[1] - h - th.px(8)
    rect = pygame.Rect(x, y, w, h)
    pygame.draw.rect(surface, (250, 248, 232), rect, border_radius=3)
    pygame.draw.rect(surface, (40, 40, 40), rect, 1, border_radius=3)
    yy = y + th.px(5)
    for r, style in rows:
        surface.blit(T.text(r, px, (20, 20, 20), style), (x + th.px(8), yy))
        yy += lh
    return rect
