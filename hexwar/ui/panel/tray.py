"""The tray of counters to bring onto the map: set-up, build-up (arrivals and units to rebuild)
and the arrivals of a movement phase; restoring a reduced unit. Shift+click picks several
counters (or the buttons pick a whole formation, or every counter): one click on a hatched hex
then brings them all on along that stretch of legal hexes (``Controller.place_group``).
"""
from __future__ import annotations

from collections.abc import Callable
from functools import partial

import pygame

from .. import theme as T
from ..counters import CounterArt, unit_title
from ..rules_text import PLACE_HEX
from .flow import Flow, TrayItem

# The keys of a unit (in the view) that name the formation it belongs to, the first one a game has.
FORMATION_KEYS = ("formation", "battalion", "regiment", "brigade", "division", "corps")


def formation_of(u: dict) -> tuple[str, str]:
    """(key, name) of the unit's formation, or ("", "") when the view names none."""
    for k in FORMATION_KEYS:
        if u.get(k):
            return k, str(u[k])
    return "", ""


def _fit_id(uid: str, px: int, room: int) -> str:
    """A counter's id under it, kept within its column (the ids of neighbours never run into each
    other; the tooltip has it whole). A long id keeps its first characters and its end, with "…"
    for the middle: ids that differ only at the start (1-I-262-Inf1, 2-I-262-Inf1) or only at the
    end (1ITB-T341, 1ITB-T3410) still read apart."""
    if T.size(uid, px)[0] <= room:
        return uid
    for k in range(len(uid) - 1, 1, -1):  # characters kept, the end getting two of every three
        head = max(1, k // 3)
        got = uid[:head] + "…" + uid[len(uid) - (k - head):]
        if T.size(got, px)[0] <= room:
            return got
    return uid[:1] + "…" + uid[-1:]


def _tray_click(ctl):
    """A click on a tray counter; with Shift held it joins the counters picked together."""
    return lambda uid: ctl.click_tray(uid, add=bool(pygame.key.get_mods() & pygame.KMOD_SHIFT))


def group_block(f: Flow, ctl, tray: list[dict]) -> None:
    """What Shift+click does, and buttons that pick a whole formation or every counter at once."""
    th = f.theme
    if len(tray) < 2:
        return
    f.text(f"Shift+click counters to pick several: one click on a {PLACE_HEX} then brings them all on "
           "along that stretch, each on a legal hex, the nearest first.", th.small, T.TEXT_DIM)
    sel = ctl.unit(ctl.sel) if ctl.sel else None
    specs: list[tuple[str, Callable[[], None], bool, str]] = []
    if sel is not None and sel.get("where") not in ("map", None):
        key, name = formation_of(sel)
        mates = [u["id"] for u in tray if key and formation_of(u) == (key, name)]
        if len(mates) > 1 and set(mates) != set(ctl.group):
            specs.append((f"Pick all of {name} ({len(mates)})", partial(ctl.pick_group, tuple(mates)),
                          True, "pick-formation"))
    ids = [u["id"] for u in tray]
    if set(ids) != set(ctl.group):
        specs.append((f"Pick all {len(ids)}", partial(ctl.pick_group, tuple(ids)), True, "pick-all"))
    if ctl.group:
        specs.append(("Drop the pick", ctl.cancel, True, "pick-none"))
    if specs:
        f.row(specs)
    if len(ctl.group) > 1:
        f.text(f"{len(ctl.group)} picked: click a {PLACE_HEX} on the map.", th.small, T.ACCENT, "bold")
    f.space(4)  # room for the frame of a picked counter


def build_tray(f: Flow, ctl, art: CounterArt, m: str) -> None:
    th = f.theme
    v = ctl.view()
    tray = ctl.tray()
    if m == "setup":
        f.heading(f"Set-up tray: {len(tray)} to place")
        setup = ctl.decision("place")  # the set-up's own rule, as the rulebook names it
        f.text(f"Click a counter, then a {PLACE_HEX} on the map"
               + (f" ({ctl.game.for_player(setup.rule)})." if setup is not None and setup.rule else "."), th.small)
        group_block(f, ctl, tray)
    elif m == "arrivals":
        f.heading(f"Bring on your {len(tray)} arriving unit" + ("" if len(tray) == 1 else "s"))
        moving = bool(ctl.entering_units())
        f.text(f"Click a counter, then a {PLACE_HEX} on the map where it may come on" +
               (", or a shaded hex further in (entering is its move, either way)" if moving else "") +
               "; pointing at any other hex says why not.", th.small)
        group_block(f, ctl, tray)
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
    say = ctl.game.for_player  # the rules cited as the rulebook names them
    arrive = f" ({say(ctl.gui.arrival_rule)})" if ctl.gui.arrival_rule else ""
    place = ctl.decision("place")
    rebuild = f" ({say(place.rule)})" if place is not None and place.rule else ""
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
                    why = ctl.why_no_place(u["id"])  # the engine's rule and reason
                    note = "Cannot be placed now" + (f" — {say(str(why))}" if why is not None else "")
            rect = pygame.Rect(x, y, size, size + cap)
            item = TrayItem(rect, u, _tray_click(ctl), enabled, note)
            f.tray.append(item)

            def draw(surf, u=u, x=x, y=y, item=item):
                s = art.surface(u, size)
                surf.blit(s, (x, y))
                if not item.enabled:
                    veil = pygame.Surface((size, size), pygame.SRCALPHA)
                    veil.fill((30, 30, 30, 150))
                    surf.blit(veil, (x, y))
                if ctl.sel == u["id"] or u["id"] in ctl.group:
                    pygame.draw.rect(surf, T.ACCENT, (x - 3, y - 3, size + 6, size + 6), 3)
                if u["id"] in ctl.group:  # picked with others: a tick, not the frame's colour alone
                    r = max(6, size // 5)
                    c = (x + size - r, y + r)
                    pygame.draw.circle(surf, T.ACCENT, c, r)
                    pygame.draw.lines(surf, T.PANEL_DARK, False, [(c[0] - r // 2, c[1]), (c[0] - r // 6, c[1] + r // 2),
                                                                  (c[0] + r // 2, c[1] - r // 2)], max(2, r // 3))
                t = T.text(_fit_id(u["id"], th.px(10), size + gap - th.px(2)), th.px(10),
                           T.TEXT if item.enabled else T.TEXT_DIM)
                surf.blit(t, (x + size // 2 - t.get_width() // 2, y + size + 1))
            f.op(draw, lambda u=u, x=x, y=y, item=item: ("tray", CounterArt.key(u, size), x, y, item.enabled,
                                                          ctl.sel == u["id"], u["id"] in ctl.group, th.scale))
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
                     name="restore", tooltip=say((f"{d.rule}: " if d is not None and d.rule else "")
                                                 + "flip a reduced unit to its full-strength side"))
    if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") != "map" and len(ctl.group) < 2:
        hexes = ctl.place_hexes(ctl.sel)
        if hexes:
            f.text(f"{ctl.sel}: {len(hexes)} legal hex(es), framed in green on the map.", th.small)
