"""The tray of counters to bring onto the map: set-up, build-up (arrivals and units to rebuild)
and the arrivals of a movement phase; restoring a reduced unit.
"""
from __future__ import annotations

import pygame

from .. import theme as T
from ..counters import CounterArt, unit_title
from .flow import Flow, TrayItem


def build_tray(f: Flow, ctl, art: CounterArt, m: str) -> None:
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
    arrive = f" ({ctl.gui.arrival_rule})" if ctl.gui.arrival_rule else ""
    place = ctl.decision("place")
    rebuild = f" ({place.rule})" if place is not None and place.rule else ""
    groups = [("", tray)] if m in ("setup", "arrivals") else [
        (f"Arriving now{arrive}:", [u for u in tray if u.get("where") == "arriving"]),
        (f"Eliminated, may be rebuilt{rebuild}:", [u for u in tray if u.get("where") == "eliminated"])]
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
            d = ctl.decision("restore")
            f.button(f"Restore {ctl.sel} to full strength (1 step)", lambda: ctl.restore(ctl.sel), enabled=ok,
                     name="restore", tooltip=(f"{d.rule}: " if d is not None and d.rule else "")
                     + "flip a reduced unit to its full-strength side")
    if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") != "map":
        hexes = ctl.place_hexes(ctl.sel)
        if hexes:
            f.text(f"{ctl.sel}: {len(hexes)} legal hex(es), hatched on the map.", th.small)
