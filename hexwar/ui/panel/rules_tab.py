"""The Rules tab (K): the phase or battle step explained with its rule numbers (the game's
entry: ``PhaseInfo.help``, the step's words, ``extra["mode_notes"]``), what Explain marks (the
layers of ``game.map_layers``, each with its rule), and the combat results table
(``extra["crt"]``) with the column of the battle at hand framed.
``RulesTab`` is that part of the ``SidePanel``.
"""
from __future__ import annotations

import pygame

from .. import rules_text
from .. import theme as T


class RulesTab:
    """The rules lines of the side panel (a mixin of ``SidePanel``)."""

    def _rules_rows(self, ctl) -> tuple[list[tuple[str, int, tuple, str]], tuple]:
        """The lines of the Rules tab, and what the CRT under them depends on."""
        th = self.theme
        r = self.lower.inflate(-th.px(16), -th.px(8))
        v = ctl.view()
        phase = ctl.phase()
        entry = ctl.game.entry
        paras = list(rules_text.phase_paragraphs(phase, v))
        title = ctl.phase_name() + (f" (rule {phase.rule})" if phase.rule else "")
        kind, where = ctl.stage()
        note = rules_text.mode_note(entry, ctl.mode())
        if kind:
            st = v.get("stage") or {}
            paras = [rules_text.stage_line(entry, kind, st.get("side") or ctl.acting(), where, ctl.decisions()),
                     rules_text.stage_help(entry, kind, ctl.decisions())] + paras[1:]
        elif note:
            paras = paras[:1] + [note] + paras[1:]
        if not paras:
            paras = [phase.summary]
        rows: list[tuple[str, int, tuple, str]] = []
        if ctl.past:
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
            from ..overlays import explain_words

            for ln in T.wrap("What Explain marks on the map", th.normal, r.w, "bold"):
                rows.append((ln, th.normal, T.ACCENT, "bold"))
            for text in explain_words(ctl):
                for ln in T.wrap(text, th.small, r.w):
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


def _crt(ctl):
    entry = ctl.game.entry
    return entry.extra.get("crt") if entry is not None else None


def crt_column(ctl, p=None):
    """The CRT column of the battle at hand (framed in the table): the preview's figure, read
    against the table's column labels; None when there is none."""
    from ...core.combat import odds_label

    crt = _crt(ctl)
    if crt is None:
        return None
    if p is None:
        p = ctl.odds() if ctl.target is not None or ctl.stage()[0] == "roll" else None
    if p is None or p.refusal is not None or not p.figure:
        return None
    return next((c for c in crt.columns if odds_label(c) == p.figure), None)


def crt_rule(ctl, p=None) -> str:
    """The rule of the table's results: the preview's, else the game's words for the battle roll."""
    if p is None:
        p = ctl.odds() if ctl.target is not None or ctl.stage()[0] == "roll" else None
    rule = next((o.rule for o in p.outcomes if o.rule), "") if p is not None else ""
    return rule or rules_text.results_rule(ctl.game.entry)


def crt_height(crt, th: T.Theme) -> int:
    return (T.font(th.small).get_linesize() + 2) * (len(crt.rows) + 2)


def draw_crt(surface: pygame.Surface, rect: pygame.Rect, ctl, th: T.Theme, p=None) -> None:
    """The combat results table, with the column of the battle at hand framed (``p``: the
    preview that picks it; by default the battle being built or rolled)."""
    crt = _crt(ctl)
    if crt is None:
        return
    from ...core.combat import odds_label

    cols = list(crt.columns)
    px = th.small
    lh = T.font(px).get_linesize() + 2
    cw = min(th.px(48), (rect.w - th.px(40)) // max(1, len(cols)))
    x0, y0 = rect.x + th.px(36), rect.y
    rule = crt_rule(ctl, p)
    surface.blit(T.text("Combat results" + (f" ({rule})" if rule else ""), px, T.TEXT_DIM, "bold"), (rect.x, y0))
    y0 += lh
    current = crt_column(ctl, p)
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
