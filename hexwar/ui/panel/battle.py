"""Battles in the side panel: the declaration being built and the battle about to be rolled,
each with the engine's preview (``game.preview``: the headline figure, how it is made line by
line with the rules, the chance of every result as a bar and a number, the refusal when the
battle as built is not allowed, the note), and the roll buttons (with the air support markers
that may fly, when the game has them).
"""
from __future__ import annotations

import pygame

from ...core.contract import Preview
from ...core.hexgrid import hex_name
from .. import rules_text
from .. import theme as T
from ..counters import CounterArt, unit_title
from .chooser import mark_of
from .flow import Flow


def figure_of(p: Preview | None) -> str:
    """A preview's headline for a label ("3:1", "no effect", "?")."""
    if p is None:
        return "?"
    if p.refusal is not None:
        return "not allowed"
    return p.figure or "?"


def build_declare(f: Flow, ctl) -> None:
    th = f.theme
    f.heading("Declare battles")
    battles = ctl.declared_battles()
    if battles:
        for b in battles:
            f.text(f"• {hex_name(b.target)} ← {', '.join(b.attackers)}  ({figure_of(ctl.odds(b.target))})", th.small)
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
    ctl.gui.build_offensive(f, ctl, None)
    # The buttons above the odds, so that a long odds list never pushes them out of the box.
    f.row([("Declare", ctl.declare, bool(ctl.attackers), "declare"), ("Cancel", ctl.cancel, True, "cancel")])
    if ctl.attackers:
        preview_block(f, ctl, ctl.odds())


def preview_block(f: Flow, ctl, p: Preview | None) -> None:
    """The engine's preview of a battle: figure, lines with their rules, each result's chance."""
    th = f.theme
    f.space(4)
    if p is None:
        f.text("Odds: ?", th.normal, T.TEXT, "bold")
        f.text("The game says nothing of this battle's odds before it is fought.", th.small, T.TEXT_DIM)
        return
    if p.refusal is not None:
        f.text("✖ Not allowed as it stands", th.normal, T.BAD, "bold")
        f.text(str(p.refusal), th.small, T.BAD)
        return
    f.text(f"Odds: {p.figure or '?'}", th.normal, T.TEXT, "bold")
    if p.note:
        f.text(p.note, th.small, T.TEXT_DIM)
    said = ""
    for ln in p.lines:
        _preview_line(f, ln, ln.rule if ln.rule != said else "")  # a rule once, not on every line
        said = ln.rule or said
    if p.outcomes:
        f.space(4)
        outcome_bars(f, ctl, p)
        crt_block(f, ctl, p)


def crt_block(f: Flow, ctl, p: Preview) -> None:
    """The game's combat results table (``extra["crt"]``) under the odds, the preview's column
    framed: where the chances above come from."""
    from .rules_tab import _crt, crt_column, crt_height, draw_crt

    crt = _crt(ctl)
    if crt is None:
        return
    th = f.theme
    f.space(6)
    h = crt_height(crt, th)
    rect = pygame.Rect(f.x, f.y, f.w, h)
    f.op(lambda surf, rect=rect: draw_crt(surf, rect, ctl, th, p),
         ("crt", tuple(rect), crt_column(ctl, p), p.figure, th.scale))
    f.y += h


def _preview_line(f: Flow, ln, rule: str) -> None:
    """One line of how the figure is made: its words and rule, its value at the right."""
    th = f.theme
    px = th.small
    indent = th.px(4) + th.px(10) * ln.indent
    value = ln.value
    vw = T.size(value, px)[0] + th.px(6) if value else 0
    text = ln.text + (f" ({rule})" if rule else "")
    lines = T.wrap(text, px, f.w - indent - vw)
    lh = T.font(px).get_linesize()
    for i, t in enumerate(lines):
        if f.y + lh > f.bottom:
            return
        y = f.y
        v = value if i == 0 else ""

        def draw(surf, t=t, y=y, v=v):
            surf.blit(T.text(t, px, T.TEXT), (f.x + indent, y))
            if v:
                s = T.text(v, px, T.TEXT_DIM)
                surf.blit(s, (f.x + f.w - s.get_width(), y))
        f.op(draw, ("pline", t, v, px, f.x, f.w, indent, y))
        f.y += lh


def outcome_bars(f: Flow, ctl, p: Preview) -> None:
    """Each result's chance as a bar and a number, with its meaning and a mark for the bad ones."""
    th = f.theme
    lh = T.font(th.small).get_linesize()
    bar_w = max(th.px(40), int(f.w * 0.28))
    for o in p.outcomes:
        if not o.chance or f.y + lh > f.bottom:
            continue
        y = f.y
        meaning = o.text or rules_text.result_text(ctl.game.entry, o.code)
        if o.level:
            meaning = f"{mark_of(o.level)[0]} {meaning}"
        mx = f.x + th.px(84) + bar_w + th.px(6)
        lines = T.wrap(meaning, th.small, f.x + f.w - mx)  # the whole meaning, on more lines if need be

        def draw(surf, code=o.code, p=o.chance, y=y, lines=lines, mx=mx):
            surf.blit(T.text(code, th.small, T.TEXT, "bold"), (f.x, y))
            pct = T.text(f"{round(p * 100):d}%", th.small, T.TEXT)
            surf.blit(pct, (f.x + th.px(76) - pct.get_width(), y))
            bx = f.x + th.px(84)
            pygame.draw.rect(surf, T.PANEL_DARK, (bx, y + 3, bar_w, lh - 6))
            pygame.draw.rect(surf, (200, 200, 190), (bx, y + 3, max(2, int(bar_w * p)), lh - 6))
            for k, ln in enumerate(lines):
                surf.blit(T.text(ln, th.small, T.TEXT_DIM), (mx, y + k * lh))
        f.op(draw, ("odds", o.code, o.chance, tuple(lines), y, f.x, f.w, bar_w, lh, th.scale))
        f.y += lh * len(lines)


def build_roll(f: Flow, ctl, scene, art: CounterArt) -> None:
    th = f.theme
    kind, where = ctl.stage()
    f.heading(f"Battle at {where}")
    d = ctl.decision("roll")
    st = ctl.view().get("stage") or {}
    f.text(d.prompt + (f" ({d.rule})" if d.rule else "") if d is not None else
           rules_text.stage_line(ctl.game.entry, kind, st.get("side") or ctl.acting(), where), th.small)
    preview_block(f, ctl, ctl.odds())
    f.space()
    rolls = ctl.rolls()
    can = {r.support for r in rolls}
    if None in can:
        f.button("Roll the die", (lambda: scene.do_roll(None)), key_hint="R", name="roll")
    # Each air support marker of the attacker, drawn beside its button; a used one greyed.
    from ..turns import air_markers

    markers = [m for m in air_markers(ctl) if m.side == st.get("side", ctl.acting())]
    names = {m.id: m.name for m in markers}
    ms = th.px(30)
    for m in markers:
        if f.y + ms > f.bottom:
            break
        y = f.y
        if m.id in can:
            p = ctl.preview(next(r for r in rolls if r.support == m.id))
            label = f"Roll with {m.name} → {figure_of(p)}"
            tip = m.tooltip()[1]
        else:
            label = f"{m.name}: used this turn"
            tip = "Each air support marker flies once a turn; it is ready again next turn" + (
                f" ({m.rule})" if m.rule else "")
        f.op(lambda surf, m=m, y=y, used=m.id not in can: surf.blit(art.marker(m, ms, used), (f.x, y)),
             ("roll-air", m.id, m.short, m.shift, m.id not in can, f.x, y, ms))
        f.button(label, (lambda s=m.id: scene.do_roll(s)), enabled=m.id in can, name=f"roll-{m.id}",
                 tooltip=tip, indent=ms + th.px(8))
    for r in rolls:  # a roll the markers do not list: still offered, with the preview's figure
        if r.support is not None and r.support not in names:
            f.button(f"Roll with {r.support} → {figure_of(ctl.preview(r))}", (lambda s=r.support: scene.do_roll(s)),
                     name=f"roll-{r.support}")
