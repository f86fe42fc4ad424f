"""The units of the stack last clicked, each with its values and state (and a game's own unit
actions), and the air support markers of the side in this phase.
"""
from __future__ import annotations

from functools import partial

import pygame

from ...core.hexgrid import hex_name
from .. import theme as T
from ..control.queries import MOVING
from ..counters import CounterArt
from .flow import Flow


# --- the units of a stack, air support ---------------------------------------------------------
def unit_facts(u: dict, ctl) -> str:
    """Values and state of one unit, for the stack list."""
    if u.get("spec") == "untried" or u.get("label") == "?":
        parts = ["untried: its strength stays hidden until its first battle"]
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
    if m in MOVING and mine and not ctl.past and ctl.legal() is not None:
        parts.append("may still move" if uid in ctl.movable_units() else "cannot move now")
    for b in ctl.declared_battles():
        if uid in b.attackers:
            parts.append(f"attacks {hex_name(b.target)}")
    if uid in ctl.attackers:
        parts.append("in the battle being built")
    if uid == ctl.lead:
        parts.append("leads the Offensive")
    if uid in ctl.support:
        parts.append("supports the Offensive")
    parts += ctl.gui.unit_facts(u, ctl)
    return "; ".join(parts)


def stack_list(f: Flow, ctl, art: CounterArt, skip=None, scene=None) -> None:
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
        if not ctl.past and ctl.target is not None and ctl.mode() == "combat-declare" \
                and u["id"] in ctl.eligible_attackers(ctl.target):
            # A unit of a stack next to the target: it joins the attack being built, or is left out.
            inside = u["id"] in ctl.attackers
            f.button(("✓ Attacks — leave it out" if inside else "Add it to the attack"),
                     partial(ctl.toggle_attacker, u["id"]), indent=indent, name=f"attacker-{u['id']}",
                     tooltip=(f"{u['id']} attacks {hex_name(ctl.target)}: click to leave it out of this attack"
                              if inside else f"{u['id']} may attack {hex_name(ctl.target)}: click to add it"))
        if not ctl.past:
            for label, act, tip in ctl.gui.unit_actions(u, ctl):  # a unit's own menu (breaking a unit down, say)
                if f.y + th.px(30) > f.bottom:
                    break
                doer = scene.do_action if scene is not None else ctl.do
                b = f.button(label, partial(doer, act), tooltip=tip, indent=indent,
                             name=f"unit-{act.notation().replace(' ', '-')}")
                b.tooltip = tip
        f.y = max(f.y, y0 + cs) + th.px(4)


def air_row(f: Flow, ctl, art: CounterArt) -> None:
    """The air support markers of the side in this phase: ready, or grey once flown this turn."""
    from ..turns import air_markers

    side = ctl.phase().side
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
    rule = markers[0].rule.split(",")[0] if markers[0].rule else ""
    f.text("Air support" + (f" ({rule})" if rule else "") + f": {ready} of {len(markers)} ready this turn",
           th.small, T.TEXT_DIM, "bold")
    cw = max(ms + th.px(8), min(th.px(180), f.w // len(markers)))
    for i, m in enumerate(markers):
        x, y = f.x + i * cw, f.y + th.px(2)
        if x + ms > f.x + f.w:
            break
        f.op(lambda surf, m=m, x=x, y=y: surf.blit(art.marker(m, ms), (x, y)),
             ("air", m.id, m.short, m.shift, m.used, x, y, ms))
        room = cw - ms - th.px(12)
        state = ("used this turn", T.TEXT_DIM) if m.used else ("ready", T.GOOD)
        for k, (txt, col) in enumerate(((m.name, T.TEXT), state)):
            while T.size(txt, th.px(12))[0] > room and len(txt) > 4:
                txt = txt.rstrip("…")[:-1].rstrip() + "…"
            ty = y + th.px(2) + k * lh
            f.op(lambda surf, txt=txt, col=col, x=x, ty=ty: surf.blit(T.text(txt, th.px(12), col),
                                                                      (x + ms + th.px(6), ty)),
                 ("air-text", txt, col, x, ty))
        f.tips.append((pygame.Rect(x, y, cw - th.px(4), ms),
                       m.tooltip(ctl.view().get("turn"), ctl.view().get("turns"))))
    f.y += ms + th.px(8)
