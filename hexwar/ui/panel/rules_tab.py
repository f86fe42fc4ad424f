"""The Rules tab (K): the phase or battle step explained with its rule numbers, what Explain
marks, and the combat results table with the column of the battle at hand framed.
``RulesTab`` is that part of the ``SidePanel``.
"""
from __future__ import annotations

import pygame

from .. import rules_text
from .. import theme as T

SIDE_NAMES = rules_text.SIDE_NAMES


class RulesTab:
    """The rules lines of the side panel (a mixin of ``SidePanel``)."""

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
    from ...core.combat import odds_label

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
