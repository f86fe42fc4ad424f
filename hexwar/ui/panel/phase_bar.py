"""The bar over the map: who acts, the phase and its rule, the turn and date, what may be done
now; the main buttons (End phase, Undo, Redo, Save, Help, Menu) and the Look back and Explain
toggles.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from ...core.hexgrid import hex_name
from .. import rules_text
from .. import theme as T
from ..sides import side_name
from ..turns import turn_title
from ..widgets import Button, ButtonRow, draw_panel
from .flow import Drawn


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
               actions: Sequence[tuple[str, str, Callable[[], object], str]],
               toggles: Sequence[tuple[str, str, Callable[[], object], str]] = ()) -> None:
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

    def _parts(self, ctl, date: str) -> list[tuple[str, tuple, str]]:
        """Line 1: the phase, who decides, the turn, the date, the rule, who acts."""
        v = ctl.view()
        acting = ctl.acting()
        phase = ctl.phase()
        parts = [(ctl.phase_name(), T.ACCENT, "bold")]
        if acting and acting != phase.side:
            parts.append((f"{side_name(acting)} player decides", T.TEXT, "bold"))
        title = turn_title(ctl, v)
        if title:
            parts.append((title, T.TEXT, "bold"))
        if date:
            parts.append((date, T.TEXT, "regular"))
        if phase.rule:
            parts.append((f"rule {phase.rule}", T.TEXT_DIM, "regular"))
        if acting and acting == phase.side:
            parts.append((f"{side_name(acting)} player to act", T.TEXT, "regular"))
        return parts

    def rows(self, ctl, date: str, line2: str | None = None) -> tuple[list[list[tuple[str, tuple, str]]], list[str]]:
        """The bar's words laid out: the parts of line 1 in rows (a part that does not fit goes to
        the next row, never dropped), and what may be done now, wrapped (never cut)."""
        th = self.theme
        px = th.large
        x0 = self.rect.x + th.px(12)
        right = self.text_right
        start = x0 + (th.px(26) if ctl.acting() else 0)  # after the side's chip
        sep = T.size("  ·  ", px)[0]
        rows: list[list[tuple[str, tuple, str]]] = [[]]
        x = start
        for part in self._parts(ctl, date):
            w = T.size(part[0], px, part[2])[0]
            if rows[-1] and x + sep + w > right:
                rows.append([])
                x = x0
            x += (sep if rows[-1] else 0) + w
            rows[-1].append(part)
        now = now_text(ctl) if line2 is None else line2
        style = "regular" if line2 is None else "bold"
        return rows, T.wrap(now, th.normal, right - x0, style)

    def needed_height(self, ctl, date: str, line2: str | None = None) -> int:
        """The bar's height for its words (at least ``base_height``)."""
        th = self.theme
        rows, lines = self.rows(ctl, date, line2)
        h = (th.px(6) + len(rows) * T.font(th.large).get_linesize() + th.px(2)
             + len(lines) * T.font(th.normal).get_linesize() + th.px(4))
        return max(self.base_height(th), h)

    @staticmethod
    def base_height(th: T.Theme) -> int:
        return th.px(62)

    def draw(self, surface: pygame.Surface, ctl, date: str, line2: str | None = None,
             line2_colour=None, cached: bool = False) -> bool:
        """Draws the bar; ``cached``: unless ``surface`` already shows exactly this (see ``Drawn``).
        True when it drew."""
        th = self.theme
        v = ctl.view()
        acting = ctl.acting()
        phase = ctl.phase()
        now = now_text(ctl) if line2 is None else line2
        key = (tuple(self.rect), tuple(self.tool_rect), self.text_right, th.scale, acting, phase.side,
               ctl.phase_name(), v.get("turn"), v.get("turns"), phase.rule, date, now, line2 is None,
               line2_colour,
               self.buttons.sig())
        if self.drawn.same(surface, key, cached):
            return False
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        draw_panel(surface, self.rect, T.PANEL_DARK)
        x0 = self.rect.x + th.px(12)
        y = self.rect.y + th.px(6)
        px = th.large
        rows, lines = self.rows(ctl, date, line2)
        # Line 1: who acts (chip and name), the phase and its rule, then the turn and date.
        x = x0
        if acting:
            chip = th.px(20)
            T.side_chip(surface, acting, x, y + 1, chip)
            x += chip + th.px(6)
        sep = T.text("  ·  ", px, T.TEXT_DIM)
        lh = T.font(px).get_linesize()
        for k, row in enumerate(rows):
            if k:
                x, y = x0, y + lh
            for i, (s, c, style) in enumerate(row):
                if i:
                    surface.blit(sep, (x, y))
                    x += sep.get_width()
                t = T.text(s, px, c, style)
                surface.blit(t, (x, y))
                x += t.get_width()
        # Then what may be done now (or what the history shows), on as many lines as it needs.
        y2 = y + lh + th.px(2)
        style = "regular" if line2 is None else "bold"
        for ln in lines:
            surface.blit(T.text(ln, th.normal, line2_colour or T.TEXT, style), (x0, y2))
            y2 += T.font(th.normal).get_linesize()
        surface.set_clip(self.tool_rect)
        draw_panel(surface, self.tool_rect, T.PANEL_DARK)
        surface.set_clip(clip)
        self.buttons.draw(surface)
        return True


def now_text(ctl) -> str:
    """One line: what the acting player may do at this moment, the game's rule ids named as its
    rulebook does (``game.for_player``)."""
    return ctl.game.for_player(_now_text(ctl))


def _now_text(ctl) -> str:
    v = ctl.view()
    if v.get("result"):
        r = v["result"]
        return f"Game over: {r['level']}. {r.get('detail', '')}"
    kind, where = ctl.stage()
    if kind:
        st = v.get("stage") or {}
        return rules_text.stage_line(ctl.game.entry, kind, st.get("side") or ctl.acting(), where, ctl.decisions())
    m = ctl.mode()
    phase = ctl.phase()
    cite = f" ({phase.rule})" if phase.rule else ""
    battles = ctl.declared_battles()
    if m == "combat-declare" and battles and ctl.answering():  # the defender's step in the other side's phase
        groups = ctl.choice_groups()
        if groups:
            return "Decide in the side panel: " + "; ".join(g.title + (f" ({g.rule})" if g.rule else "")
                                                            for g in groups) + ", then end the step (E)."
        return f"{len(battles)} battle(s) declared against you: nothing to add here, end the step (E){cite}."
    if m == "combat-declare" and battles:
        return (f"{len(battles)} battle(s) declared. Declare more, or press E to close the "
                f"declarations and start resolving{cite}.")
    if m == "combat-resolve":
        left = ctl.unresolved()
        if left:
            return f"Click a declared battle to resolve it ({', '.join(hex_name(h) for h in left)})."
        return "Every battle is resolved: end the phase (E)."
    paras = rules_text.phase_paragraphs(phase, fallback=False)
    if paras:
        return paras[0]
    groups = ctl.choice_groups()
    if groups:
        return what_now(ctl, phase, groups, v)
    got = rules_text.phase_paragraphs(phase, v)
    return got[0] if got else ""


def what_now(ctl, phase, groups, view) -> str:
    """What to do now when the phase has no words of its own: the main decision's prompt (the
    one under the phase's rule, or the only one) as a plain sentence with its rule at the end,
    and how many other choices the side panel holds; when no decision is the phase's own (its
    units' moves and fire are), the phase's summary and that count."""
    main = next((g for g in groups if g.rule and g.rule == phase.rule), groups[0] if len(groups) == 1 else None)
    if main is None:
        got = rules_text.phase_paragraphs(phase, view)
        if got:
            said = got[0].rstrip(".") + (f" ({phase.rule})" if phase.rule and phase.rule not in got[0] else "")
            return f"{said}. {len(groups)} choices in the side panel."
        main = groups[0]
    d = ctl.decision(main.key)
    said = d.prompt if d is not None else ""
    for s in ctl.game.entry.sides if ctl.game.entry is not None else ():
        said = said.removeprefix(f"{s.name} player: ")  # the bar names the side already
    said = said.strip().rstrip(".")
    if said.lower() in ("", main.title.lower()):  # a prompt that is no sentence
        said = f"Choose {main.title[:1].lower()}{main.title[1:]} in the side panel"
    said = said[:1].upper() + said[1:]
    if main.rule and main.rule not in said:
        said += f" ({main.rule})"
    more = len(groups) - 1
    return said + "." + (f" {more} other choice{'s' if more > 1 else ''} in the side panel." if more else "")
