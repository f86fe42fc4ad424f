"""The Rules tab (K): the phase or battle step explained with its rule numbers (the game's
entry: ``PhaseInfo.help``, the step's words, ``extra["mode_notes"]``), what Explain marks (the
layers of ``game.map_layers``, each with its rule), and the game's results table
(``game.result_table``: a CRT, a fire table) with the column of the battle at hand framed.
``RulesTab`` is that part of the ``SidePanel``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import rules_text
from .. import theme as T

if TYPE_CHECKING:  # a part of SidePanel, whose attributes it uses (host.py)
    from .host import PanelHost as _Panel
else:
    _Panel = object


class RulesTab(_Panel):
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
        say = ctl.game.for_player  # the rulebook's names for the game's rule ids
        for ln in T.wrap(say(title), th.normal, r.w, "bold"):
            rows.append((ln, th.normal, T.ACCENT, "bold"))
        for p in paras:
            for ln in T.wrap(say(p), th.small, r.w):
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
        table = rules_table(ctl)
        return rows, (ctl.phase_kind() == "combat", table)

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
        table = rules_table(ctl) if ctl.phase_kind() == "combat" else None
        if table is not None and y + th.px(120) < r.bottom:
            from .battle import table_block
            from .flow import Flow

            f = Flow(pygame.Rect(r.x - th.px(10), y + th.px(4) - th.px(10), r.w + th.px(20),
                                 r.bottom - y + th.px(10)), th)
            table_block(f, ctl, table)
            f.draw(surface)
        surface.set_clip(clip)


def rules_action(ctl):
    """The battle at hand, whose column the table frames: the one being built or rolled."""
    if ctl.target is not None:
        return ctl.battle_action()
    if ctl.stage()[0] == "roll":
        rolls = ctl.rolls()
        return next((a for a in rolls if a.support is None), rolls[0] if rolls else None)
    return None


def rules_table(ctl):
    """The game's results table for the Rules tab (``game.result_table``), with the column of the
    battle at hand framed; None for a game without one."""
    from .battle import result_table

    action = rules_action(ctl)
    if action is not None:
        return result_table(ctl, action)
    return ctl._memo("result-table-whole", lambda: _whole_table(ctl))


def _whole_table(ctl):
    try:
        return ctl.game.result_table(None)
    except Exception:
        return None
