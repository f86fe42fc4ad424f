"""The side panel's context box at 1280×800 and at the UI scales: what the step needs is never
cut off — it fits, or the box scrolls (the wheel over it, or a click on its bar) and everything
laid out can be brought into sight; only what shows can be clicked; a new selection starts at the
top. Checked on Black Wednesday's fire position (previews, missions, the chooser and a long
stack), the panel that used to cut its previews off."""
from __future__ import annotations

import pygame
import pytest

from hexwar.core import actions as A
from hexwar.ui import theme as T

from .conftest import start

pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


@pytest.fixture
def fire_game():
    from . import positions as demo

    return demo.black_wednesday_fire()


def _fire_scene(app, game, scale: float = 1.0):
    if scale != 1.0:
        app.theme = T.Theme(scale)
    gs = start(app, game.__class__(game.rules, game.state.copy(), game.dice, dict(game.header), []))
    gs.ctl.die = None
    att = next(a for a in gs.ctl.legal() if isinstance(a, A.Attack))
    gs.ctl.sel = att.attackers[0]
    app.step()
    return gs


def _texts(ctx):
    """(line, top, bottom) of every text line laid out in the box."""
    out = []
    for s in ctx.sigs:
        if isinstance(s, tuple) and s and s[0] == "text":
            _, ln, px, _c, style, _x, y = s
            out.append((ln, y, y + T.font(px, style).get_linesize()))
    return out


@pytest.mark.parametrize("scale", [1.0, 1.25, 1.5, 2.0])
def test_context_box_fits_or_scrolls_to_everything_at_1280x800(app, fire_game, scale):
    """Every line of the context box — the notices, the unit, the previews (SFA column and shifts,
    point fire, missions), the chooser and the stack — is within the box at some scroll position,
    and scrolled to the end the last line shows."""
    assert app.size == (1280, 800)
    gs = _fire_scene(app, fire_game, scale)
    p = gs.panel
    ctx = p.context
    box = ctx.rect
    assert box.bottom <= p.rect.bottom and box.h <= p.rect.h
    lines = _texts(ctx)
    wanted = {ln for ln, _, _ in lines}
    assert any("Area Fire Table" in ln for ln in wanted)  # the SFA preview is laid out, not dropped
    if not p.ctx_max:  # fits: every line inside
        assert all(box.top <= a and b <= box.bottom for _, a, b in lines)
        return
    seen: set[str] = set()
    step = max(1, box.h // 2)
    for off in list(range(0, p.ctx_max, step)) + [p.ctx_max]:
        p.ctx_scroll = off
        app.step()
        ctx = p.context
        assert p.ctx_scroll == off and ctx.rect == box
        seen |= {ln for ln, a, b in _texts(ctx) if box.top <= a and b <= box.bottom}
        # nothing the player cannot see can be clicked
        assert all(b.rect.colliderect(box) for b in ctx.buttons.buttons)
    assert seen == wanted, sorted(wanted - seen)[:5]
    last = max(_texts(p.context), key=lambda x: x[2])
    assert last[2] <= box.bottom


def test_wheel_and_bar_scroll_the_box_and_a_new_selection_starts_at_the_top(app, fire_game, drive):
    gs = _fire_scene(app, fire_game)
    p = gs.panel
    assert p.ctx_max > 0  # at 1280×800 this position needs the scroll
    box = p.context.rect
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=box.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False))
    app.step()
    down = p.ctx_scroll
    assert down > 0
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert 0 < p.ctx_scroll < down
    bar = p.scroll_track()
    drive.click((bar.centerx, bar.bottom - 2))  # a click low on the bar: a page down
    assert p.ctx_scroll > down - gs.theme.px(48)
    # the wheel over the log is the log's, not the box's
    before = p.ctx_scroll
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p.lower.center, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert p.ctx_scroll == before
    # another unit selected: the box starts at the top again
    other = next(u["id"] for u in gs.ctl.view()["units"] if u["where"] == "map" and u["id"] != gs.ctl.sel)
    gs.ctl.sel = other
    app.step()
    assert p.ctx_scroll == 0


def test_a_button_below_the_fold_is_scrolled_to_and_clicked(app, fire_game, drive):
    """A unit's own button far down the stack list (Black Wednesday's mode change): out of sight
    it cannot be clicked (a click where it would be does nothing); scrolled into sight, it acts."""
    gs = _fire_scene(app, fire_game)
    ctl, p = gs.ctl, gs.panel
    # a unit that may change mode, in the biggest stack (its list pushes the button down)
    movers = [a.unit for a in ctl.legal() if type(a).__name__ == "Mode"]
    size = lambda uid: sum(1 for u in ctl.view()["units"] if u["hex"] == ctl.unit(uid)["hex"])  # noqa: E731
    ctl.sel = max(movers, key=size)
    app.step()
    names = [b.name for b in p.context.buttons.buttons]
    box = p.context.rect
    mode_btn = None
    for off in range(0, p.ctx_max + 1, max(1, box.h // 2)):
        p.ctx_scroll = off
        app.step()
        mode_btn = next((b for b in p.context.buttons.buttons if b.name.startswith("unit-mode")), None)
        if mode_btn is not None:
            break
    assert mode_btn is not None and mode_btn.name not in names  # it was out of sight at the top
    name = mode_btn.name
    p.ctx_scroll = 0
    app.step()
    assert p.context.buttons.find(name) is None
    n = len(ctl.game.actions)
    drive.press(name)  # scrolls it into sight, as a player would, then clicks
    assert len(ctl.game.actions) == n + 1 and type(ctl.game.actions[-1]).__name__ == "Mode"
