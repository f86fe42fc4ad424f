"""The screen and its legibility (issue 17): the first window fits the screen, the interface scales
with the window, the opening view is on where the player acts at a zoom where counters can be read,
the whole map is one key or click away, the camera stops at the map's edge, names and marks are
never under counters nor on each other, tooltips keep off the side panel, and the phase bar wraps
its words instead of dropping them."""
from __future__ import annotations

import pygame
import pytest

import hexwar
from hexwar import paths
from hexwar.core.hexgrid import CCRR, Hex, set_hex_ids
from hexwar.games import game_ids
from hexwar.games.objective_kiev.positions import board, position
from hexwar.ui import theme as T
from hexwar.ui.app import DEFAULT_SIZE, MIN_SIZE, SCREEN_MARGIN, App, first_window_size
from hexwar.ui.focus import READABLE_PX, densest_window, focus_hexes
from hexwar.ui.map_labels import LabelPlacer
from hexwar.ui.map_view import MARGIN, MapView
from hexwar.ui.settings import Settings
from hexwar.ui.widgets import tooltip_rect

CTRL = pygame.KMOD_CTRL


@pytest.fixture
def apps():
    made = []

    def make(size, **kw) -> App:
        a = App(size, resizable=False, menu=kw.pop("menu", True), **kw)
        a.step()
        made.append(a)
        return a

    yield make
    for a in made:  # a game leaves its hex ids in force while its scene is open
        while a.stack.scenes:
            a.stack.pop()
    pygame.event.clear()


def start(app, game):
    gs = app.start_game(game, hotseat=False, autosave=False, threaded=False)
    app.step()
    return gs


def key(app, k, mod=0):
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0))
    app.step()


# --- the first window ---------------------------------------------------------------------
def test_the_first_window_fits_the_screen_it_opens_on():
    w, h = first_window_size((1280, 800))
    assert w <= 1280 - SCREEN_MARGIN[0] and h <= 800 - SCREEN_MARGIN[1]  # 1600x900 opened partly off it
    assert first_window_size((1920, 1080)) == DEFAULT_SIZE
    assert first_window_size(None) == DEFAULT_SIZE
    # The size the player left is kept, but made to fit a smaller screen; never below the minimum.
    assert first_window_size((2560, 1440), [1800, 1100]) == (1800, 1100)
    assert first_window_size((1280, 800), [1800, 1100]) == (1280 - SCREEN_MARGIN[0], 800 - SCREEN_MARGIN[1])
    assert first_window_size((640, 480)) == MIN_SIZE


def test_an_app_without_a_size_opens_within_the_desktop_and_remembers_a_resize(apps):
    desk = pygame.display.get_desktop_sizes()[0] if pygame.display.get_init() else None
    app = apps(None)
    pygame.display.init()
    desk = pygame.display.get_desktop_sizes()[0]
    w, h = app.size
    assert w <= max(desk[0] - SCREEN_MARGIN[0], MIN_SIZE[0]) and h <= max(desk[1] - SCREEN_MARGIN[1], MIN_SIZE[1])
    app.resizable = True
    app.screen = pygame.display.set_mode((900, 640))
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(900, 640), w=900, h=640))
    app.remember_size()
    assert Settings.load().window_size == [900, 640]
    assert first_window_size((1920, 1080), Settings.load().window_size) == (900, 640)
    (paths.user_config_dir() / "settings.yaml").unlink()


# --- the interface's scale ----------------------------------------------------------------
def test_the_scale_follows_the_window_unless_the_player_chose_one(apps):
    assert T.auto_scale((1280, 800)) == 1.0
    assert T.auto_scale((1920, 1080)) == 1.35  # 9 px text in the odds block before
    assert T.auto_scale((3840, 2160)) == 2.0 and T.auto_scale((800, 560)) == 1.0
    app = apps((1920, 1080))
    assert app.theme.scale == 1.35 and app.theme.small >= 17
    key(app, pygame.K_MINUS, CTRL)  # the player's own scale, kept in the settings
    assert app.theme.scale == pytest.approx(1.25)
    s = Settings.load()
    assert not s.ui_scale_auto and s.ui_scale == pytest.approx(1.25)
    app.screen = pygame.display.set_mode((1280, 800))
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1280, 800), w=1280, h=800))
    assert app.theme.scale == pytest.approx(1.25)  # chosen: it stays
    key(app, pygame.K_0, CTRL)  # automatic again
    assert app.theme.scale == 1.0 and Settings.load().ui_scale_auto
    app.screen = pygame.display.set_mode((1920, 1080))
    app.handle(pygame.event.Event(pygame.VIDEORESIZE, size=(1920, 1080), w=1920, h=1080))
    assert app.theme.scale == 1.35
    (paths.user_config_dir() / "settings.yaml").unlink()


def test_a_settings_file_from_before_keeps_a_chosen_scale_and_gives_the_default_one_up():
    p = paths.user_config_dir() / "settings.yaml"
    p.write_text("ui_scale: 1.0\nhotseat: true\n", encoding="utf-8")
    assert Settings.load().ui_scale_auto  # the old default: never chosen
    p.write_text("ui_scale: 1.4\n", encoding="utf-8")
    s = Settings.load()
    assert not s.ui_scale_auto and s.ui_scale == 1.4
    p.write_text("ui_scale: 1.4\nui_scale_auto: true\nwindow_size: [1000, 700]\n", encoding="utf-8")
    s = Settings.load()
    assert s.ui_scale_auto and s.window_size == [1000, 700]
    p.write_text("window_size: [10, 99999999]\n", encoding="utf-8")
    assert Settings.load().window_size == []
    p.unlink()


# --- the camera -----------------------------------------------------------------------------
def test_the_camera_stops_at_the_map_edge_and_centres_a_small_map():
    pygame.display.init()
    mv = MapView(board(30, 20), pygame.Rect(0, 0, 600, 400))
    mv.set_zoom(1.5)
    edge = MARGIN * mv.tile_h * mv.zoom  # the empty margin drawn around the hexes
    for dx, dy in ((10_000, 0), (-10_000, 0), (0, 10_000), (0, -10_000)):
        mv.pan(dx, dy)
        mw, mh = mv.map_size()
        assert 0 <= mv.cam_x <= mw - mv.rect.w and 0 <= mv.cam_y <= mh - mv.rect.h  # never a dark band
        nearest = min(mv.cam_x, mw - mv.rect.w - mv.cam_x, mv.cam_y, mh - mv.rect.h - mv.cam_y)
        assert edge - nearest <= 0.25 * mv.tile_h * mv.zoom  # of the margin, a thin frame at most
    for _ in range(30):
        mv.zoom_out()
    assert mv.zoom == pytest.approx(mv.fit_zoom())  # never further out than the whole map
    mw, mh = mv.map_size()
    assert mv.cam_x == pytest.approx((mw - mv.rect.w) / 2) or mv.cam_x == 0
    assert mv.is_whole_map()


def test_the_densest_window_holds_the_most_points():
    pts = [(0, 0), (10, 0), (20, 5), (500, 500), (1000, 0)]
    assert sorted(densest_window(pts, 50, 50)) == [0, 1, 2]
    assert densest_window([], 10, 10) == []


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", game_ids())
def test_each_game_opens_readable_on_where_the_player_acts(apps, size, game_id):
    app = apps(size)
    g = hexwar.open_game(game_id, None, seed=1)
    gs = start(app, g)
    mv = gs.mv
    assert mv.counter_px >= READABLE_PX or mv.is_whole_map()
    hexes = focus_hexes(gs.ctl, gs.ctl.legal())
    assert hexes, "nowhere to act"
    seen = [h for h in hexes if mv.rect.collidepoint(mv.hex_center(h))]
    assert seen, "the opening view shows none of the hexes where the player acts"
    if mv.is_whole_map() is False and len(seen) < len(hexes):
        assert mv.counter_px == pytest.approx(READABLE_PX, abs=1)  # not all fit: at the readable zoom
    # Its units in sight: counters drawn with their figures, not 18 px specks.
    if any(mv.rect.collidepoint(mv.hex_center(h)) for h in gs.ctl.stacks()):
        assert mv.counter_px >= READABLE_PX


def test_the_opening_is_on_the_hexes_of_the_legal_actions_and_f_shows_the_whole_map(apps):
    app = apps((1280, 800))
    g = hexwar.open_game("objective-kiev", None, seed=1)
    gs = start(app, g)
    mv = gs.mv
    places = {a.hex for a in g.legal_actions()}
    assert focus_hexes(gs.ctl, g.legal_actions()) == places  # set-up: where units may be placed
    camera = (mv.zoom, mv.cam_x, mv.cam_y)
    assert not mv.is_whole_map() and mv.counter_px >= READABLE_PX
    button = gs.map_buttons.find("whole-map")
    assert button.label == "Whole map" and gs.status.rect.contains(button.rect)
    # the map's buttons sit in the status strip: none covers the map (its top row's hex ids)
    assert all(not mv.rect.colliderect(b.rect) for b in gs.map_buttons.buttons)
    key(app, pygame.K_f)
    assert mv.is_whole_map() and gs.map_buttons.find("whole-map").label == "Back to play"
    key(app, pygame.K_f)  # and back to where the player acts
    assert (mv.zoom, mv.cam_x, mv.cam_y) == pytest.approx(camera)
    b = gs.map_buttons.find("whole-map")
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=b.rect.center, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b.rect.center, button=1))
    app.step()
    assert mv.is_whole_map() and gs.ctl.sel is None  # the click went to the button, not the map


def test_without_hexes_to_act_on_the_opening_goes_to_the_front(apps):
    """Kursk opens on the posture choice (no hex in its options): the view goes to where the
    German units meet the Soviet ones."""
    app = apps((1280, 800))
    g = hexwar.open_game("battle-for-kursk", None, seed=1)
    gs = start(app, g)
    front = focus_hexes(gs.ctl, g.legal_actions())
    sides = {u["side"] for h in front for u in gs.ctl.units_at(h)}
    assert len(sides) == 2 and gs.ctl.acting() in sides
    assert sum(1 for h in front if gs.mv.rect.collidepoint(gs.mv.hex_center(h))) >= len(front) // 3


def test_the_opening_waits_for_the_legal_actions_worked_out_in_the_background(apps):
    app = apps((1280, 800))
    g = hexwar.open_game("objective-kiev", None, seed=1)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=True)
    for _ in range(400):
        app.step()
        if gs._focus_pending is None and gs.ctl.legal(wait=0) is not None:
            break
        pygame.time.wait(10)
    places = {a.hex for a in g.legal_actions()}
    assert any(gs.mv.rect.collidepoint(gs.mv.hex_center(h)) for h in places)
    assert gs.mv.counter_px >= READABLE_PX


# --- names and marks ------------------------------------------------------------------------
def test_labels_keep_off_counters_and_each_other_or_merge():
    pygame.display.init()
    pygame.font.init()
    counter = pygame.Rect(100, 100, 40, 40)
    p = LabelPlacer([counter])
    a = p.add("Kursk", 12, [(120, 130), (120, 150)], plate_from=1)
    assert not a.rect.colliderect(counter) and a.bg is not None  # moved below the stack, on a plate
    b = p.add("Orel", 12, [(120, 150), (120, 175)], plate_from=1)
    assert not b.rect.colliderect(a.rect)
    # Marks of one kind with nowhere free to go merge into one box that counts them.
    c = p.add("PREP 0600", 10, [(120, 120)], group="prep")  # on the counter: forced beside, on a plate
    d = p.add("PREP 0720", 10, [c.rect.center], group="prep")
    assert d is c and c.count == 2 and c.shown == "PREP 0600 ×2"


@pytest.mark.parametrize("game_id", ["battle-for-kursk", "kasserine-pass"])
def test_no_place_name_is_under_a_counter_at_the_opening(apps, game_id):
    app = apps((1280, 800))
    g = hexwar.open_game(game_id, None, seed=1)
    gs = start(app, g)
    layer = gs.layer
    stacks = {h: layer.stack_rect(h, len(us)) for h, us in gs.ctl.stacks().items() if gs.mv.visible(h)}
    names = {name for _, name, _, _ in gs.mv.place_names()}
    drawn = [(t, r) for t, r in layer.mark_labels if t in names]
    assert drawn and {t for t, _ in drawn} == names  # every place in view is named
    for t, r in drawn:
        assert r.collidelist(list(stacks.values())) < 0, f"{t} is under a counter"
    boxes = [r for _, r in layer.mark_labels]
    for i, r in enumerate(boxes):
        assert r.collidelist(boxes[i + 1:]) < 0, "two labels overlap"


def test_black_wednesday_prep_labels_never_pile_up_at_any_zoom(apps):
    app = apps((1280, 800))
    g = hexwar.open_game("black-wednesday", None, seed=1)
    gs = start(app, g)
    preps = [mk.hex for mk in gs.ctl.gui.map_marks(gs.ctl) if mk.kind == "prep"]
    assert len(preps) > 5
    for zoom in (gs.mv.fit_zoom(), 0.3, 0.6, 1.2):
        gs.mv.set_zoom(zoom)
        gs.mv.center_on(preps[len(preps) // 2])
        app.step()
        boxes = [r for t, r in gs.layer.mark_labels if t.startswith("PREP")]
        assert boxes
        for i, r in enumerate(boxes):
            assert r.collidelist(boxes[i + 1:]) < 0, f"PREP labels overlap at zoom {zoom}"
    set_hex_ids(CCRR)


# --- tooltips and the phase bar -----------------------------------------------------------------
def test_tooltips_stay_on_the_map_and_off_the_side_panel(apps):
    area = pygame.Rect(0, 60, 880, 700)
    r = tooltip_rect((860, 740), (300, 120), area)
    assert area.contains(r) and not r.collidepoint(860, 740)
    panel_point = (1000, 300)  # over a button of the side panel
    r = tooltip_rect(panel_point, (300, 80), area)
    assert area.contains(r) and r.right <= area.right
    app = apps((1280, 800))
    gs = start(app, position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement"))
    undo = gs.bar.buttons.find("undo")
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=undo.rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    gs.hover_for = 1.0
    gs.draw_dirty(app.screen)
    assert gs._tip_rect is not None and gs.mv.rect.contains(gs._tip_rect)
    assert not gs._tip_rect.colliderect(gs.panel.rect) and not gs._tip_rect.colliderect(gs.bar.tool_rect)
    h = Hex(3, 3)
    pos = gs.mv.hex_center(h)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    gs.hover_for = 1.0
    gs.draw_dirty(app.screen)
    assert gs._tip_rect is not None and gs.mv.rect.contains(gs._tip_rect)


def test_the_phase_bar_wraps_its_words_instead_of_dropping_them(apps):
    app = apps((800, 560))
    g = hexwar.open_game("battle-for-kursk", None, seed=1)
    gs = start(app, g)
    with T.TextProbe() as probe:
        gs.invalidate_frame()
        gs.draw_dirty(probe.surface(app.size))
    said = " ".join(s for s, _, r, _ in probe.drawn if gs.bar.rect.contains(r))
    for part, _, _ in gs.bar._parts(gs.ctl, gs._date()):
        assert part in said, f"{part!r} dropped from the bar"
    assert gs.bar.rect.h > gs.bar.base_height(gs.theme)  # it grew a line to hold them
    assert gs.mv.rect.top == gs.bar.rect.bottom


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_with_no_hex_in_the_actions_nor_a_front_the_opening_goes_to_the_steps_marks(apps, size):
    """Black Wednesday opens on the Prep Log: its actions (orders, boxes) name no hex and no Soviet
    unit is on the map yet, so the view goes to the targets the game's client marks (PREP), not
    to the middle of the play area."""
    from hexwar.ui.focus import mark_hexes

    app = apps(size)
    g = hexwar.open_game("black-wednesday", None, seed=1)
    gs = start(app, g)
    marks = focus_hexes(gs.ctl, g.legal_actions())
    assert marks and marks <= mark_hexes(gs.ctl)  # (those inside the scenario's play area)
    seen = [h for h in marks if gs.mv.rect.collidepoint(gs.mv.hex_center(h))]
    assert len(seen) >= len(marks) * 2 // 3, (len(seen), len(marks))
