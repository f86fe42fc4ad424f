"""Looking back (H): the side panel's block for the position shown (the action that led there,
its events, the way around the history) and the banner across the map.
"""
from __future__ import annotations

from functools import partial

import pygame

from ...core.hexgrid import hex_name
from .. import rules_text
from .. import theme as T
from ..control import is_secret
from ..counters import CounterArt
from ..sides import side_name
from .flow import Flow
from .stack import stack_list


def history_title(scene) -> str:
    """'turn 3, Soviet combat' for the position shown in history mode."""
    past = scene.past
    inf = scene.ctl.timeline.info(past.index)
    if inf is None:
        return f"action {past.index}"
    what = inf.phase_name
    if inf.stage:
        what += f" ({rules_text.stage_name(scene.game.entry, inf.stage)})"
    if inf.kind == "setup":
        return what
    return f"turn {inf.turn}, {what}"


def history_banner(scene) -> str:
    return f"Viewing history: {history_title(scene)} — press Esc to return to the present"


def build_history(f: Flow, scene) -> None:
    """The side panel in history mode: what happened at this step, and the way around."""
    th = f.theme
    tl = scene.ctl.timeline
    k = scene.past.index
    n = tl.last
    f.heading("Looking back (read-only)")
    st = tl.step(k)
    hidden = st is not None and scene.ctl.hidden_step(k, st.action, st.side)
    if k == 0:
        f.text("The start of the game, before any action.", th.normal, T.TEXT, "bold")
    elif st is not None and st.action is not None:
        who = side_name(st.side) if st.side else ""
        f.text(f"Action {k} of {n}" + (f", {who}:" if who else ":"), th.small, T.TEXT_DIM)
        f.text(scene.ctl.step_secret(k, st.action) if hidden else st.action.notation(), th.normal, T.TEXT, "bold")
    art = scene.art
    air_note(f, scene.ctl, tl, k, art)
    shown = 0
    events = st.events if st is not None else []
    if hidden:
        events = [e for e in events if e.kind == "revealed"]
        f.text("Its value is hidden until both choices are revealed." if is_secret(scene.game, st.action)
               else "It stays hidden: it is the other side's plan.", th.small, T.TEXT_DIM, indent=th.px(8))
    for e in events:
        if shown >= 5:
            f.text(f"… and {len(events) - shown} more in the log", th.small, T.TEXT_DIM, indent=th.px(8))
            break
        f.text("• " + scene.game.for_player(e.text), th.small, T.TEXT, indent=th.px(8))
        shown += 1
    f.space(4)
    first = tl.first
    f.row([("◀ Back  [", scene.history_back, k > first, "hist-back"),
           ("Forward  ] ▶", scene.history_forward, k < n, "hist-forward")])
    starts = tl.turn_starts()
    if len(starts) > 1:
        f.text("Jump to the start of:", th.small, T.TEXT_DIM)
        cur = None
        for _label, idx in starts:
            if idx <= k:
                cur = idx
        per = 4
        for i in range(0, len(starts), per):
            chunk = starts[i:i + per]
            f.row([((("▸ " + label) if idx == cur else label), partial(scene.history_goto, idx), True,
                    f"hist-{label.lower().replace(' ', '-')}") for label, idx in chunk], slots=per)
    f.button("Return to the present", scene.leave_history, key_hint="Esc", name="hist-present")
    if tl.error:
        f.text(tl.error[:1].upper() + tl.error[1:] + ".", th.small, T.TEXT_DIM)
    f.text("Keys: ← → or [ ] step, PgUp/PgDn a phase, Home/End the first/last position.", th.small, T.TEXT_DIM)
    stack_list(f, scene.past, art)


def air_note(f: Flow, ctl, tl, k: int, art: CounterArt) -> None:
    """The air support marker of the battle at this step of the history, if one flew."""
    from ..turns import air_in_battle, air_markers

    got = air_in_battle(tl, k)
    if not got:
        return
    th = f.theme
    markers = {m.id: m for m in air_markers(ctl)}
    for target, mid in got:
        m = markers.get(mid)
        if m is None:
            continue
        ms = th.px(30)
        y = f.y + th.px(2)
        f.op(lambda surf, m=m, y=y, ms=ms: surf.blit(art.marker(m, ms, False), (f.x, y)),
             ("hist-air", m.id, f.x, y, ms))
        f.y = y
        rule = m.rule.split(",")[0] if m.rule else ""
        f.text(f"Air support: {m.name}, {m.shift_text} column, over {hex_name(target)}"
               + (f" ({rule})" if rule else ""), th.small, T.TEXT, indent=ms + th.px(8))
        f.y = max(f.y, y + ms) + th.px(4)


def draw_history_banner(surface: pygame.Surface, rect: pygame.Rect, text: str, th: T.Theme) -> None:
    """A band across the top of the map with warning stripes at both ends, and a frame round the map."""
    pygame.draw.rect(surface, T.ACCENT, rect, th.px(4))
    h = T.font(th.normal, "bold").get_linesize() + th.px(10)
    band = pygame.Rect(rect.x, rect.y, rect.w, h)
    pygame.draw.rect(surface, T.ACCENT, band)
    stripe = th.px(90)
    for x0 in (band.x, band.right - stripe):
        clip = surface.get_clip()
        part = pygame.Rect(x0, band.y, stripe, band.h)
        surface.set_clip(part.clip(clip) if clip else part)
        for k in range(-band.h, stripe + band.h, th.px(14)):
            pygame.draw.polygon(surface, (20, 20, 20),
                                [(x0 + k, band.bottom), (x0 + k + th.px(7), band.bottom),
                                 (x0 + k + th.px(7) + band.h, band.y), (x0 + k + band.h, band.y)])
        surface.set_clip(clip)
    room = band.w - 2 * stripe - th.px(16)
    px = th.normal
    while px > 9 and T.size(text, px, "bold")[0] > room:
        px -= 1
    t = T.text(text, px, (20, 20, 20), "bold")
    surface.blit(t, (band.centerx - t.get_width() // 2, band.centery - t.get_height() // 2))
