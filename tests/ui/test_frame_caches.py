"""The caches behind a fast frame give what the plain computation gives: the side panel's
context box, laid out again only when what it shows changes (the position, the picks, a
game's tool, an input), and the hex tooltip's lines; the map's words step aside as before
when only the boxes near them are weighed. Changes are made here without input events, so
that only the caches' own keys can notice them.
"""
from __future__ import annotations

import random

import pygame
import pytest

from hexwar.core import actions as A
from hexwar.core.hexgrid import current_hex_ids, hex_name, parse_hex, set_hex_ids
from hexwar.games.objective_kiev.positions import position

from .conftest import start


def _plain(x):
    """A signature part that compares across layouts (an op of unknown signature gets a fresh object)."""
    return x if isinstance(x, (tuple, str, int, float, type(None))) else type(x).__name__


def panel_state(gs) -> tuple:
    ctx = gs.panel.context
    buttons = [(b.name, b.label, b.enabled, b.hover, b.toggled, tuple(b.rect), b.tooltip) for b in ctx.buttons.buttons]
    return tuple(_plain(s) for s in ctx.sig()), buttons, gs.panel.ctx_max, tuple(ctx.rect)


def same_panel_as_fresh(gs, what: str) -> None:
    """The context box the scene shows (from its cache when nothing it depends on changed) is
    the one laid out afresh from the controller."""
    gs.refresh(cached=True)  # as each frame does
    cached = panel_state(gs)
    gs.refresh()  # laid out from scratch
    assert cached == panel_state(gs), what


def test_the_side_panel_follows_the_position_and_the_picks_without_an_input(app):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707", "SU-6A": "0606"}, phase="axis_movement")
    gs = start(app, g)
    ctl = gs.ctl
    same_panel_as_fresh(gs, "movement")
    ctl.sel = "G-III"
    same_panel_as_fresh(gs, "a unit selected")
    assert "G-III" in str(panel_state(gs)[0])
    move = next(a for a in ctl.legal() if isinstance(a, A.Move) and a.unit == "G-III")
    before = panel_state(gs)
    assert ctl.do(move)
    same_panel_as_fresh(gs, "moved")
    assert panel_state(gs) != before
    ctl.inspect = parse_hex("0403")
    same_panel_as_fresh(gs, "a stack listed")
    assert ctl.undo()
    same_panel_as_fresh(gs, "undone")
    ctl.viewer = "soviet"  # another side at the screen
    same_panel_as_fresh(gs, "the other side's view")


def test_a_pointer_move_changes_the_panel_only_where_a_game_tool_follows_it(app, drive):
    """Black Wednesday's line-of-sight block names the hex pointed at (the game's ``panel_key``);
    otherwise a pointer move leaves the laid-out box as it is."""
    from hexwar.core import hexgrid

    from . import positions as demo

    before_ids = current_hex_ids()
    token = hexgrid._IDS.local.set(None)
    try:
        gs = start(app, demo.black_wednesday_fire())
        ctl = gs.ctl
        ctl.die = None
        mg = ctl.game.state.units["1-I-262-MG"]
        ctl.sel = mg.id
        app.step()
        built = gs.panel._ctx_built
        drive.hover(gs.mv.hex_center(mg.hex))
        assert gs.panel._ctx_built is built  # no tool: the same layout, not laid out again
        drive.key(pygame.K_v)
        assert ctl.tool.get("los") == {"src": mg.hex, "dst": None}
        r = ctl.game.rules
        near = sorted((h for h in r.area if 3 < hexgrid.distance(h, mg.hex) < 7),
                      key=lambda h: (hexgrid.distance(h, mg.hex), h))
        for h in near[:2]:
            gs.mv.center_on(h)
            app.step()
            drive.hover(gs.mv.hex_center(h))
            texts = " ".join(str(s) for s in panel_state(gs)[0])
            assert f"from {hex_name(mg.hex)}" in texts and f"{hex_name(h)}" in texts, h
            same_panel_as_fresh(gs, f"line of sight to {hex_name(h)}")
    finally:
        gs.exit()
        hexgrid._IDS.local.reset(token)
        set_hex_ids(before_ids)


def test_hex_tooltip_lines_follow_the_position_and_the_picks(app):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707", "SU-6A": "0606"}, phase="axis_movement")
    gs = start(app, g)
    ctl = gs.ctl
    h = parse_hex("0304")

    def same(what: str) -> None:
        assert ctl.hex_lines(h) == ctl._hex_lines_now(h), what

    same("nothing picked")
    ctl.sel = "G-III"
    same("a unit selected")
    move = next(a for a in ctl.legal() if isinstance(a, A.Move) and a.unit == "G-III" and a.dest == h)
    ctl.do(move)
    same("moved there")
    assert any("G-III" in ln for ln in ctl.hex_lines(h))
    ctl.undo()
    same("undone")
    assert not any("G-III" in ln for ln in ctl.hex_lines(h))
    g.apply(next(a for a in g.legal_actions() if isinstance(a, A.Move) and a.unit == "G-III" and a.dest == h))
    same("moved by a script, not through the controller")
    assert any("G-III" in ln for ln in ctl.hex_lines(h))


def _covered_plain(box, placed, steps):
    return min(steps, key=lambda st: sum(c.w * c.h for c in (box.move(*st).clip(o) for o in placed)))


@pytest.mark.parametrize("seed", range(6))
def test_words_step_aside_as_when_every_box_is_weighed(app, seed):
    """``label_box`` weighs only the boxes within reach of its farthest step: the spot it picks
    is the one weighing every box placed gives."""
    from hexwar.ui.shapes import label_box

    rnd = random.Random(seed)
    surf = pygame.Surface((900, 700))
    placed = [pygame.Rect(rnd.randrange(0, 880), rnd.randrange(0, 690), rnd.randrange(8, 60), rnd.randrange(6, 16))
              for _ in range(1500)]
    for k in range(40):
        text = "word" * (1 + k % 3)
        centre = (rnd.randrange(0, 900), rnd.randrange(0, 700))
        from hexwar.ui import theme as T

        t = T.text(text, 12, (20, 20, 20), "bold")
        box = t.get_rect(center=centre).inflate(6, 2)
        h, w = box.h + 1, box.w // 2 + 2
        steps = [(dx, dy) for dy in (0, h, -h) for dx in (0, w, -w)]
        steps += [(dx, dy) for dy in (2 * h, -2 * h) for dx in (0, w, -w)]
        steps += [(dx, dy) for dy in (0, h, -h, 2 * h, -2 * h) for dx in (2 * w, -2 * w)]
        want = box.move(*_covered_plain(box, placed, steps))
        label_box(surf, text, 12, centre, placed=placed)
        assert placed[-1] == want


def test_frames_drawn_in_part_match_fresh_frames_as_the_pointer_moves(app, drive):
    """A frame where only what follows the pointer changed restores and draws the changed area
    alone: the screen is the frame drawn whole, with a unit's path, its spotting ring and
    objective outline (Black Wednesday), then the line-of-sight tool's line and words."""
    from hexwar.core import hexgrid
    from hexwar.ui import bench

    from .test_frames import same_as_fresh

    before_ids = current_hex_ids()
    token = hexgrid._IDS.local.set(None)
    gs = None
    try:
        gs = start(app, bench.board_game("black-wednesday"))
        ctl = gs.ctl
        ctl.die = None
        uid = max(sorted(ctl.movable_units()), key=lambda u: len(ctl.move_targets(u)))
        u = ctl.unit(uid)
        assert u is not None
        gs.mv.center_on(parse_hex(u["hex"]))
        app.step()
        drive.click_hex(u["hex"])
        assert ctl.sel == uid
        ends = [h for h in sorted(ctl.move_targets(uid)) if gs.mv.rect.collidepoint(gs.mv.hex_center(h))]
        drawn = []
        app.draw = _spy(app.draw, drawn)
        for h in ends[:: max(1, len(ends) // 6)][:6]:
            drive.hover(gs.mv.hex_center(h))
            same_as_fresh(app, f"pointing at {hex_name(h)}")
        assert any(d not in (None, []) for d in drawn), "no frame was drawn in part"
        drive.key(pygame.K_v)
        for h in ends[-3:]:
            drive.hover(gs.mv.hex_center(h))
            same_as_fresh(app, f"line of sight to {hex_name(h)}")
    finally:
        if gs is not None:
            gs.exit()
        hexgrid._IDS.local.reset(token)
        set_hex_ids(before_ids)


def _spy(draw, out: list):
    def spy(surface):
        got = draw(surface)
        out.append(got)
        return got
    return spy


def test_the_bench_frame_points_at_hexes_of_the_reach_in_view(app, monkeypatch):
    """``make bench``'s frame figure draws every frame: Kiev's selected unit's reach lies below its
    opening view, so the view is centred on the unit and the pointer goes over hexes of it (each
    frame then sends what changed to the window)."""
    from hexwar.ui import bench

    sent = []
    real = pygame.display.update
    monkeypatch.setattr(pygame.display, "update", lambda *a: (sent.append(a), real(*a))[1])
    times, shown, still = bench.frame_times(6, game_id="objective-kiev")
    assert len(times) == 6 and shown == 30
    assert len(sent) >= 10 + 6, "the frames measured drew nothing"


def test_hexes_in_view_and_their_ids_as_when_every_hex_is_tested(app):
    """The map's hexes in view (and the ids drawn on them), worked out from each hex's centre kept
    per zoom, are those ``visible`` gives for every hex of the board, in its order, after zooms
    and pans (to the map's corners too)."""
    from hexwar.ui import mapinfo
    from hexwar.ui import theme as T

    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    mv = gs.mv
    rnd = random.Random(3)
    for k in range(12):
        if k % 3 == 0:
            mv.set_zoom(rnd.choice((0.6, 1.0, 1.4, 2.2)))
        mv.pan(rnd.randrange(-900, 900), rnd.randrange(-700, 700))
        assert mv.visible_hexes() == [h for h in mv.board.terrain if mv.visible(h)], k
        for h, text, px, _spot, _other in mv.hex_ids():
            assert (text, px) == (mapinfo.hex_label(mv.board, h), max(8, int(round(8.5 * mv.zoom))))
            assert T.size(text, px) == mv._id_sizes[px][h][1:]
