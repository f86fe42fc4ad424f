"""Battles in the side panel: the declaration being built and the battle about to be rolled,
each with the engine's preview (``game.preview``: the headline figure, how it is made line by
line with the rules, the chance of every result as a bar and a number, the refusal when the
battle as built is not allowed, the note), and the roll buttons (with the air support markers
that may fly, when the game has them).
"""
from __future__ import annotations

from functools import partial

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
    # Who may join is the engine's check of the battle with each unit added, so that a unit the
    # rules refuse beside those chosen (one unit per hexside ...) is listed with its reason.
    others, refused = ctl.joiners(ctl.target)
    f.text("Attackers: " + (", ".join(ctl.attackers) if ctl.attackers else "none yet — click adjacent units")
           + (f"  (may join: {', '.join(others)})" if others else ""), th.small)
    say = ctl.game.for_player
    for uid, why in refused:
        reason = f"{why.reason} ({why.rule})" if why.rule else why.reason
        f.text(f"✖ {uid} cannot join: {say(reason)}", th.small, T.TEXT_DIM, indent=th.px(8))
    mark = f.mark()
    for compact in (False, True):
        # The game's own block, then the odds; when even the compact odds end below the fold,
        # the game's block again in its compact form, so that every result line is in view.
        if compact:
            f.rollback(mark)
        ctl.gui.build_offensive(f, ctl, None, compact=compact)
        # The buttons above the odds, so that a long odds list never pushes them out of the box.
        f.row([("Declare", ctl.declare, bool(ctl.attackers), "declare"), ("Cancel", ctl.cancel, True, "cancel")])
        if ctl.attackers:
            preview_block(f, ctl, ctl.odds(), ctl.battle_action())
        if not f.past_fold():
            break


def preview_block(f: Flow, ctl, p: Preview | None, action=None) -> None:
    """The engine's preview of a battle: figure, lines with their rules, each result's chance,
    and the results table with the column ``action`` is read on."""
    th = f.theme
    f.space(4)
    if p is None:
        f.text("Odds: ?", th.normal, T.TEXT, "bold")
        f.text("The game says nothing of this battle's odds before it is fought.", th.small, T.TEXT_DIM)
        return
    say = ctl.game.for_player
    if p.refusal is not None:
        f.text("✖ Not allowed as it stands", th.normal, T.BAD, "bold")
        f.text(say(str(p.refusal)), th.small, T.BAD)
        return
    mark = f.mark()
    _full_odds(f, ctl, p, action)
    if p.outcomes and f.past_fold():
        # Taller than the box can show (1280x800): the compact form, one line per result and the
        # framed column, so that the whole odds block is in view without scrolling.
        f.rollback(mark)
        _compact_odds(f, ctl, p, action)


def _full_odds(f: Flow, ctl, p: Preview, action) -> None:
    th = f.theme
    say = ctl.game.for_player
    f.text(f"Odds: {p.figure or '?'}", th.normal, T.TEXT, "bold")
    if p.outcomes:  # the table's column in use right under the figure, seen without scrolling
        crt_block(f, ctl, p, action)
    if p.note:
        f.text(say(p.note), th.small, T.TEXT_DIM)
    said = ""
    for ln in p.lines:
        _preview_line(f, ln, say(ln.rule) if ln.rule != said else "", say)  # a rule once, not on every line
        said = ln.rule or said
    if p.outcomes:
        f.space(4)
        outcome_bars(f, ctl, p)


def _compact_odds(f: Flow, ctl, p: Preview, action) -> None:
    """The odds in few lines: the figure with, beside it, how it is made as a pointer to a tooltip
    (every line of it there), the framed column of the results table, one line per result (its
    whole meaning in the row's tooltip)."""
    th = f.theme
    say = ctl.game.for_player
    how = [say(ln.text) + (f" ({say(ln.rule)})" if ln.rule else "") + (f": {ln.value}" if ln.value else "")
           for ln in p.lines]
    if p.note:
        how.insert(0, say(p.note))
    y = f.y
    f.text(f"Odds: {p.figure or '?'}", th.normal, T.TEXT, "bold")
    if how:
        hint = f"how: {len(how)} line{'s' if len(how) != 1 else ''} ▸"
        w = T.size(hint, th.small)[0]

        def draw(surf, y=y, hint=hint, w=w):
            surf.blit(T.text(hint, th.small, T.TEXT_DIM), (f.x + f.w - w, y + 2))
        f.op(draw, ("odds-how", hint, f.x, f.w, y, th.scale))
        f.tips.append((pygame.Rect(f.x, y, f.w, f.y - y), ["How the odds are made:"] + how))
    crt_block(f, ctl, p, action, strip=True)
    outcome_bars(f, ctl, p, compact=True)


def crt_block(f: Flow, ctl, p: Preview, action=None, strip: bool = False) -> None:
    """The game's results table (``game.result_table(action)``: a CRT, a fire table) under the
    odds, the column the battle is read on framed and pointed at: where the chances above come
    from."""
    if action is None:
        return
    table = result_table(ctl, action)
    if table is not None:
        f.space(4)
        if strip and table.column is not None:
            column_strip(f, ctl, table)  # compact: the column in use only
        else:
            table_block(f, ctl, table)
        f.space(4)


def result_table(ctl, action):
    """``game.result_table(action)``, once per position and action."""
    cache = ctl._memo("result-tables", dict)
    if action not in cache:
        try:
            cache[action] = ctl.game.result_table(action)
        except Exception:  # a table the game cannot work out must not end the panel
            cache[action] = None
    return cache[action]


def table_window(n: int, col: int | None, room: int) -> tuple[int, int]:
    """The columns shown (first, last + 1) when only ``room`` of ``n`` fit: centred on ``col``."""
    if n <= room:
        return 0, n
    c = n // 2 if col is None else col
    first = max(0, min(c - room // 2, n - room))
    return first, first + room


def table_block(f: Flow, ctl, t, caption: str = "") -> None:
    """A results table in the flow: a title with its rule, the column heads, a row per roll; the
    column in use framed and marked ▼ (a shape, not only a colour); the columns that do not fit
    the panel's width left out around it (◀ / ▶ say how many); the note under it."""
    th = f.theme
    say = ctl.game.for_player
    px = th.small
    cells_px = th.px(11)
    lh = T.font(cells_px).get_linesize() + 2
    head = caption or (t.title + (f" — {t.column_head or 'column'} {t.columns[t.column]}, framed ▼"
                                  if t.column is not None else ""))
    f.text(head + (f" ({say(t.rule)})" if t.rule else ""), px, T.TEXT_DIM, "bold")
    rows_h = th.px(10) + (T.font(cells_px).get_linesize() + 2) * (len(t.rows) + 1) + th.px(4)
    if t.column is not None and f.fold is not None and f.y + f.scroll + rows_h > f.fold:
        column_strip(f, ctl, t)  # the whole table would end out of sight: its column, framed
        return
    n = len(t.columns)
    label_w = max(T.size(r, cells_px, "bold")[0] for r, _ in t.rows) + th.px(10)
    label_w = max(label_w, T.size(t.row_head, cells_px, "bold")[0] + th.px(6))
    widest = max([T.size(c, cells_px)[0] for _, cells in t.rows for c in cells]
                 + [T.size(c, cells_px, "bold")[0] for c in t.columns])
    cw = widest + th.px(10)
    arrow_w = th.px(16)
    room = max(1, (f.w - label_w - 2 * arrow_w) // cw)
    first, last = table_window(n, t.column, room)
    cols = list(range(first, last))
    x0 = f.x + label_w + (arrow_w if first > 0 else 0)
    y0 = f.y + th.px(10)  # room for the ▼ marker above the heads
    h = th.px(10) + lh * (len(t.rows) + 1) + th.px(4)
    left, right = first, n - last
    cur = t.column

    def draw(surf, y0=y0):
        surf.blit(T.text(t.row_head, cells_px, T.TEXT_DIM, "bold"), (f.x, y0))
        if left:
            s = T.text(f"◀{left}", cells_px, T.TEXT_DIM)
            surf.blit(s, (f.x + label_w, y0))
        for i, k in enumerate(cols):
            cx = x0 + i * cw
            bold = "bold"
            s = T.text(t.columns[k], cells_px, T.ACCENT if k == cur else T.TEXT, bold)
            surf.blit(s, (cx + (cw - s.get_width()) // 2, y0))
        if right:
            s = T.text(f"{right}▶", cells_px, T.TEXT_DIM)
            surf.blit(s, (x0 + len(cols) * cw + th.px(2), y0))
        for r, (label, cells) in enumerate(t.rows):
            y = y0 + (r + 1) * lh
            if r % 2:
                pygame.draw.rect(surf, T.PANEL_DARK, (f.x, y - 1, x0 - f.x + len(cols) * cw, lh))
            surf.blit(T.text(label, cells_px, T.TEXT, "bold"), (f.x + th.px(4), y))
            for i, k in enumerate(cols):
                s = T.text(cells[k], cells_px, T.TEXT, "bold" if k == cur else "regular")
                surf.blit(s, (x0 + i * cw + (cw - s.get_width()) // 2, y))
        if cur is not None and first <= cur < last:
            i = cur - first
            box = pygame.Rect(x0 + i * cw, y0 - 2, cw, lh * (len(t.rows) + 1) + 3)
            pygame.draw.rect(surf, T.ACCENT, box, 2)
            mx = box.centerx
            tri = th.px(5)
            pygame.draw.polygon(surf, T.ACCENT, [(mx - tri, y0 - th.px(9)), (mx + tri, y0 - th.px(9)),
                                                 (mx, y0 - th.px(3))])
    f.op(draw, ("rtable", t, f.x, f.w, y0, th.scale, first, last))
    if cur is not None and first <= cur < last:  # where the framed column is (tests look for it)
        f.op(lambda surf: None, ("rtable-frame", (x0 + (cur - first) * cw, y0 - th.px(9), cw,
                                                  th.px(9) + lh * (len(t.rows) + 1) + 3)))
    f.y += h
    if t.note:
        f.text(say(t.note), th.px(11), T.TEXT_DIM)


def column_strip(f: Flow, ctl, t) -> None:
    """The column of a results table in use, when the whole table would fall out of sight: a
    framed box marked ▼ with the column's head and each roll's result in a line, wrapped, so that
    it stays in view without scrolling (the Rules tab has the whole table)."""
    th = f.theme
    say = ctl.game.for_player
    px = th.px(11)
    lh = T.font(px).get_linesize()
    col = t.column
    words = [f"{label} {cells[col]}".replace(" ", "\u00a0") for label, cells in t.rows]  # a pair never split
    head = f"▼ {t.column_head or 'column'} {t.columns[col]} — {t.row_head}:"
    pad = th.px(5)
    lines = T.wrap(head + " " + " · ".join(words), px, f.w - 2 * pad, "bold")
    box = pygame.Rect(f.x, f.y, f.w, len(lines) * lh + 2 * pad)

    def draw(surf, box=box, lines=tuple(lines)):
        pygame.draw.rect(surf, T.PANEL_DARK, box)
        pygame.draw.rect(surf, T.ACCENT, box, 2)
        for i, ln in enumerate(lines):
            surf.blit(T.text(ln, px, T.TEXT, "bold"), (box.x + pad, box.y + pad + i * lh))
    f.op(draw, ("rcolumn", t, tuple(box), tuple(lines), th.scale))
    f.op(lambda surf: None, ("rtable-frame", tuple(box)))
    f.y += box.h
    if t.note:
        f.text(say(t.note), th.px(11), T.TEXT_DIM)


def _preview_line(f: Flow, ln, rule: str, say=str) -> None:
    """One line of how the figure is made: its words and rule, its value at the right."""
    th = f.theme
    px = th.small
    indent = th.px(4) + th.px(10) * ln.indent
    value = ln.value
    vw = T.size(value, px)[0] + th.px(6) if value else 0
    text = say(ln.text) + (f" ({rule})" if rule else "")
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


def outcome_bars(f: Flow, ctl, p: Preview, compact: bool = False) -> None:
    """Each result's chance as a bar and a number, with its meaning (wrapped, never cut) and a
    mark for the bad ones. ``compact``: one line per result, its meaning beside the bar as far as
    it fits and marked ▸ when it goes on in the row's tooltip."""
    th = f.theme
    say = ctl.game.for_player
    lh = T.font(th.small).get_linesize()
    mpx = th.px(11)
    mlh = T.font(mpx).get_linesize()
    shown = [o for o in p.outcomes if o.chance]
    code_w = max((T.size(o.code, th.small, "bold")[0] for o in shown), default=0) + th.px(6)
    pct_r = f.x + code_w + T.size("100%", th.small)[0]
    bx = pct_r + th.px(8)
    bar_w = max(th.px(30), min(int(f.w * 0.28), f.x + f.w - bx - th.px(90)))
    mx = bx + bar_w + th.px(6)
    room = f.x + f.w - mx
    if compact:
        bar_w = max(th.px(24), min(bar_w, int(f.w * 0.16)))
        mx = bx + bar_w + th.px(6)
        room = f.x + f.w - mx
    elif room < th.px(80):  # too narrow beside the bar: the meaning goes under it
        mx, room = f.x + th.px(12), f.w - th.px(12)
    for o in shown:
        if f.y + lh > f.bottom:
            break
        y = f.y
        meaning = say(o.text or rules_text.result_text(ctl.game.entry, o.code))
        if o.level:
            meaning = f"{mark_of(o.level)[0]} {meaning}"
        lines = T.wrap(meaning, mpx, room)
        if compact and len(lines) > 1:
            lines = T.wrap(meaning, mpx, room - T.size(" ▸", mpx)[0])[:1]
            lines = [lines[0].rstrip(",;: ") + " ▸"]
            f.tips.append((pygame.Rect(f.x, y, f.w, lh), [f"{o.code} ({round(o.chance * 100):d}%): {meaning}"]))
        beside = mx > bx

        def draw(surf, code=o.code, p=o.chance, y=y, lines=tuple(lines), beside=beside):
            surf.blit(T.text(code, th.small, T.TEXT, "bold"), (f.x, y))
            pct = T.text(f"{round(p * 100):d}%", th.small, T.TEXT)
            surf.blit(pct, (pct_r - pct.get_width(), y))
            pygame.draw.rect(surf, T.PANEL_DARK, (bx, y + 3, bar_w, lh - 6))
            pygame.draw.rect(surf, (200, 200, 190), (bx, y + 3, max(2, int(bar_w * p)), lh - 6))
            yy = y + 1 if beside else y + lh
            for ln in lines:
                surf.blit(T.text(ln, mpx, T.TEXT_DIM), (mx, yy))
                yy += mlh
        f.op(draw, ("odds", o.code, o.chance, tuple(lines), y, f.x, f.w, bar_w, mx, lh, th.scale))
        f.y += max(lh, len(lines) * mlh + 1) if beside else lh + len(lines) * mlh


def fought_figure(ctl, target) -> str | None:
    """The odds a resolved battle was actually rolled at (shifts and air support included): the
    preview of the action that rolled it (the last one whose "combat" event names ``target``),
    worked out at the position it was taken in. None when the history does not say."""
    name = hex_name(target)

    def work():
        hist = ctl.game.history()
        for st in reversed(hist):
            if not any(e.kind == "combat" and _names(e.data.get("target"), name) for e in st.events):
                continue
            try:
                p = ctl.game.at(st.index - 1).preview(st.action)
            except Exception:
                p = None
            if p is not None and p.refusal is None and p.figure:
                return p.figure
            e = next(e for e in st.events if e.kind == "combat" and _names(e.data.get("target"), name))
            o = e.data.get("odds")
            return getattr(o, "column", None) or (o if isinstance(o, str) else None)
        return None

    return ctl._memo(("fought", name), work)


def _names(h, name: str) -> bool:
    try:
        return h is not None and (h == name or hex_name(h) == name)
    except Exception:
        return False


def build_roll(f: Flow, ctl, scene, art: CounterArt) -> None:
    th = f.theme
    kind, where = ctl.stage()
    f.heading(f"Battle at {where}")
    d = ctl.decision("roll")
    st = ctl.view().get("stage") or {}
    f.text(ctl.game.for_player(d.prompt + (f" ({d.rule})" if d.rule else "") if d is not None else
           rules_text.stage_line(ctl.game.entry, kind, st.get("side") or ctl.acting(), where)), th.small)
    rolls = ctl.rolls()
    plain = next((r for r in rolls if r.support is None), rolls[0] if rolls else None)
    f.space()
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
        f.button(label, partial(scene.do_roll, m.id), enabled=m.id in can, name=f"roll-{m.id}",
                 tooltip=tip, indent=ms + th.px(8))
    for r in rolls:  # a roll the markers do not list: still offered, with the preview's figure
        if r.support is not None and r.support not in names:
            f.button(f"Roll with {r.support} → {figure_of(ctl.preview(r))}", partial(scene.do_roll, r.support),
                     name=f"roll-{r.support}")
    # The odds line by line, the chances and the table under the buttons, which stay in sight.
    preview_block(f, ctl, ctl.odds(), plain)
