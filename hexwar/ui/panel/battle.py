"""Battles in the side panel: the declaration being built, its odds with the chance of every
result, and the roll with the air support markers that may fly.
"""
from __future__ import annotations

import pygame

from ...core.hexgrid import hex_name
from .. import rules_text
from .. import theme as T
from ..counters import CounterArt, unit_title
from .flow import Flow


RESULT_ORDER = ("DE", "DRL", "DR", "EX", "NE", "AL")


def build_declare(f: Flow, ctl) -> None:
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
    odds_block(f, ctl, ctl.target, ctl.attackers)


def odds_block(f: Flow, ctl, target, attackers, support=None) -> None:
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


def build_roll(f: Flow, ctl, scene, art: CounterArt) -> None:
    th = f.theme
    st = ctl.view()["stage"]
    target = ctl.state.stage.target
    atk = ctl.stage_attackers()
    f.heading(f"Battle at {st.get('target')}")
    f.text(rules_text.stage_line("roll", st["side"], st.get("target"), ctl.view().get("game")), th.small)
    odds_block(f, ctl, target, atk)
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
    from ..turns import air_markers

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
