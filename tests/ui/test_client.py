"""The client driven headless with posted events, as a player would drive it."""
from __future__ import annotations

import pygame
import pytest

import hexwar
from hexwar import paths
from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.games.objective_kiev.positions import board, position
from hexwar.ui.app import main
from hexwar.ui.scenes import ConfirmScene, GameScene, HandoverScene, HelpScene, MenuScene, MessageScene, VictoryScene

from .conftest import start

CTRL = pygame.KMOD_LCTRL


def where(game, uid):
    u = game.state.units[uid]
    return u.where, hex_name(u.hex) if u.hex else None


# --- command line -----------------------------------------------------------------------
def test_screenshot_cli_writes_png_of_the_right_size(tmp_path):
    out = tmp_path / "shot.png"
    assert main(["--screenshot", str(out), "--size", "800x600", "--seed", "3"]) == 0
    assert out.stat().st_size > 1000
    img = pygame.image.load(str(out))
    assert img.get_size() == (800, 600)
    # Not a blank picture: the map has many colours.
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 800, 37) for y in range(0, 600, 29)}
    assert len(colours) > 10


def test_screenshot_cli_draws_the_end_of_a_record(tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=5)
    for _ in range(4):
        place = next(a for a in game.legal_actions() if a.notation().startswith("place"))
        game.apply(place)
    rec = tmp_path / "game.yaml"
    game.save(rec)
    out = tmp_path / "end.png"
    assert main(["--record", str(rec), "--screenshot", str(out), "--size", "1024x700"]) == 0
    assert pygame.image.load(str(out)).get_size() == (1024, 700)


def test_screenshot_cli_with_a_broken_record_says_why_and_still_draws(tmp_path, capsys):
    rec = tmp_path / "broken.yaml"
    rec.write_text("game: [not, a, record\n", encoding="utf-8")
    out = tmp_path / "err.png"
    assert main(["--record", str(rec), "--screenshot", str(out), "--size", "800x600"]) == 1
    assert out.is_file()
    assert "broken.yaml" in capsys.readouterr().err


# --- menu -> new game -> set-up ---------------------------------------------------------
def test_menu_new_game_hotseat_setup_flow(app, drive):
    assert isinstance(drive.top, MenuScene)
    drive.press("hotseat")
    drive.press("new-game")
    # Hotseat: the board stays hidden until the Soviet player (who sets up first) clicks.
    assert isinstance(drive.top, HandoverScene) and drive.top.side == "soviet"
    drive.click((10, 10))
    gs = drive.top
    assert isinstance(gs, GameScene)
    game = gs.game
    assert game.state.phase == "soviet_setup"
    # Pick a counter from the tray, then a hex the game says it may take.
    item = gs.panel.context.tray[0]
    uid = item.unit["id"]
    drive.click(item.rect.center)
    assert gs.ctl.sel == uid
    hexes = sorted(gs.ctl.place_hexes(uid))
    assert hexes
    drive.click_hex(hexes[0])
    assert where(game, uid) == ("map", hex_name(hexes[0]))
    assert game.actions[-1].notation() == f"place {uid} {hex_name(hexes[0])}"
    # The next counter of the same type is selected at once; placing it on the
    # occupied hex is refused with the game's own reason (rule: reason).
    nxt = gs.ctl.sel
    assert nxt is not None and nxt != uid
    assert gs.ctl.unit(nxt)["label"] == gs.ctl.unit(uid)["label"]
    drive.click_hex(hexes[0])
    assert gs.ctl.status.kind == "refusal"
    assert gs.ctl.status.text.startswith(("6.0", "8.1"))
    # Autosave after every action.
    assert paths.autosave_path().is_file()


# --- movement ---------------------------------------------------------------------------
def test_move_a_unit_by_clicks(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    assert gs.ctl.sel == "G-III"
    targets = gs.ctl.move_targets("G-III")
    assert parse_hex("0305") in targets
    assert gs.ctl.move_figure("G-III", parse_hex("0305")) == "2"  # the move's consequence: 2 MP
    # Hovering an enemy hex explains why not.
    drive.hover(gs.mv.hex_center(parse_hex("0707")))
    assert "9.1.1" in gs.ctl.hover_text
    drive.click_hex("0305")
    assert where(g, "G-III") == ("map", "0305")
    assert g.actions[-1].notation() == "move G-III " + " ".join(hex_name(h) for h in targets[parse_hex("0305")])


def test_refusals_show_the_rule(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.click_hex("0707")  # an enemy hex
    assert gs.ctl.status.kind == "refusal"
    assert gs.ctl.status.text.startswith("9.1.1:")
    drive.click_hex("0707", button=3)  # right click drops the selection
    assert gs.ctl.sel is None
    drive.click_hex("0707")  # with nothing selected, a click on an enemy unit describes the hex
    assert gs.ctl.sel is None and "0707" in gs.ctl.status.text


def test_undo_and_redo(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.click_hex("0304")
    assert where(g, "G-III") == ("map", "0304")
    drive.key(pygame.K_z, CTRL)
    assert where(g, "G-III") == ("map", "0303") and not g.actions
    drive.key(pygame.K_y, CTRL)
    assert where(g, "G-III") == ("map", "0304")
    drive.key(pygame.K_z, CTRL)
    drive.press("redo")
    assert where(g, "G-III") == ("map", "0304")
    # A new action clears what could be redone.
    drive.key(pygame.K_z, CTRL)
    drive.click_hex("0303")
    drive.click_hex("0403")
    assert gs.ctl.redo_stack == []


def test_end_phase_asks_first_when_units_could_still_move(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    start(app, g)
    drive.key(pygame.K_e)
    assert isinstance(drive.top, ConfirmScene)
    drive.key(pygame.K_ESCAPE)
    assert g.state.phase == "axis_movement"
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)
    assert g.state.phase == "axis_combat"


# --- combat -----------------------------------------------------------------------------
def test_battle_declared_and_resolved_by_clicks(app, drive):
    # 12 + 10 against 8: 2:1; a roll of 1 gives DR, and the attacker picks the retreat.
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604"}, phase="axis_combat", dice=[1])
    gs = start(app, g)
    ctl = gs.ctl
    drive.click_hex("0505")
    assert ctl.target == parse_hex("0505")
    drive.click_hex("0504")
    drive.click_hex("0604")
    assert ctl.attackers == ["G-III", "G-XIV"]
    assert ctl.odds().figure == "2:1"  # the engine's preview of the battle being built
    assert abs(sum(o.chance for o in ctl.odds().outcomes) - 1) < 1e-9
    drive.press("declare")
    assert [b.target for b in g.state.battles] == [parse_hex("0505")]
    drive.key(pygame.K_e)  # close the declarations (nothing else to attack: no question)
    assert not isinstance(drive.top, ConfirmScene)
    assert ctl.mode() == "combat-resolve"
    drive.click_hex("0505")
    assert ctl.mode() == "stage:roll"
    drive.press("roll")
    assert ctl.die is not None and ctl.die.roll == 1 and ctl.die.result == "DR"
    assert ctl.mode() == "stage:retreat"
    drive.click_hex("0101")  # a click on the map while the die is shown only puts the die away
    assert ctl.die is None and ctl.mode() == "stage:retreat"
    ends = {r.path[-1] for r in ctl.retreats()}
    end = sorted(ends)[0]
    unique = [r for r in ctl.retreats() if r.path[-1] == end]
    if len(unique) == 1:
        drive.click_hex(end)
    else:
        drive.press("retreat-" + "-".join(hex_name(h) for h in unique[0].path))
    assert where(g, "SU-5A") == ("map", hex_name(end))
    assert ctl.mode() == "stage:advance"
    drive.key(pygame.K_n)
    assert ctl.mode() == "combat-resolve"
    assert any("DR" in e.text for e in ctl.log)
    drive.key(pygame.K_z, CTRL)  # takes back "no advance"
    assert ctl.mode() == "stage:advance"
    drive.key(pygame.K_z, CTRL)  # takes back the retreat
    assert ctl.mode() == "stage:retreat"
    drive.key(pygame.K_z, CTRL)  # but never the die roll
    assert ctl.mode() == "stage:retreat"
    assert ctl.status.kind == "refusal" and "die" in ctl.status.text


def test_an_untried_unit_shows_question_mark_odds(app, drive):
    g = position({"G-III": "0504"}, phase="axis_combat", mech={"SU-2M": "0505"}, untried=["SU-2M"])
    gs = start(app, g)
    drive.click_hex("0505")
    drive.click_hex("0504")
    assert gs.ctl.attackers == ["G-III"]
    p = gs.ctl.odds()
    assert p.figure == "unknown" and not p.outcomes and "untried" in p.note
    assert "unknown" in gs.ctl.status.text


# --- saving and loading -----------------------------------------------------------------
def test_save_then_load_gives_the_same_digest(app, drive):
    game = hexwar.open_game("objective-kiev", "standard", seed=11)
    gs = start(app, game)
    for _ in range(3):
        place = next(a for a in gs.ctl.legal_now() if a.notation().startswith("place"))
        assert gs.ctl.do(place)
    drive.key(pygame.K_s, CTRL)
    saved = sorted(paths.saves_dir().glob("objective-kiev_*.yaml"))
    assert saved, gs.ctl.status
    digest = game.digest()
    app.back_to_menu()
    app.step()
    menu = drive.top
    assert isinstance(menu, MenuScene)
    newest = max(saved, key=lambda p: p.stat().st_mtime)
    drive.press(f"load-{newest.name}")
    loaded = drive.game_scene.game
    assert loaded is not game
    assert loaded.digest() == digest
    assert [a.notation() for a in loaded.actions] == [a.notation() for a in game.actions]


def test_a_corrupt_save_shows_a_message_not_a_traceback(app, drive):
    bad = paths.saves_dir() / "zz-corrupt.yaml"
    bad.write_text("hexwar_record: 1\ngame: objective-kiev\nscenario: standard\nseed: 1\n"
                   "actions: [\"move NOPE 0101\"]\ndigest: '0000000000000000'\n", encoding="utf-8")
    junk = paths.saves_dir() / "zz-junk.yaml"
    junk.write_bytes(b"\x00\xff\x00 not yaml at all {{{")
    try:
        drive.top.layout(app.size)
        app.step()
        drive.press(f"load-{bad.name}")
        assert isinstance(drive.top, MessageScene)
        assert bad.name in drive.top.text and "cannot be replayed" in drive.top.text
        drive.key(pygame.K_RETURN)
        assert isinstance(drive.top, MenuScene)
        drive.press(f"load-{junk.name}")
        assert isinstance(drive.top, MessageScene)
        assert junk.name in drive.top.text
    finally:
        bad.unlink()
        junk.unlink()


# --- end of the game, help, settings --------------------------------------------------------
def test_victory_scene_after_the_last_turn(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=7)
    start(app, g)
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)  # confirm: the Soviet unit could still move
    assert g.result() is not None
    assert isinstance(drive.top, VictoryScene)
    app.draw(app.screen)
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, GameScene)


def test_help_lists_every_shortcut(app, drive):
    from hexwar.ui import rules_text

    g = position({"G-III": "0303"}, phase="axis_movement")
    start(app, g)
    drive.key(pygame.K_F1)
    assert isinstance(drive.top, HelpScene)
    app.draw(app.screen)
    keys = {k for k, _ in rules_text.SHORTCUTS}
    for k in ("Ctrl+Z", "E", "F or Home", "Ctrl+S"):
        assert k in keys
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, GameScene)


def test_ui_scale_is_saved_in_the_settings_file(app, drive):
    from hexwar.ui.settings import Settings

    before = app.theme.scale
    drive.key(pygame.K_EQUALS, CTRL)
    assert app.theme.scale == pytest.approx(before + 0.1)
    assert Settings.load().ui_scale == pytest.approx(before + 0.1)
    drive.key(pygame.K_MINUS, CTRL)
    assert Settings.load().ui_scale == pytest.approx(before)


def test_pan_zoom_and_fit(app, drive):
    g = position({"G-III": "0303"}, phase="axis_movement", board_=board(20, 12))
    gs = start(app, g)
    mv = gs.mv
    z0 = mv.zoom
    drive.hover(mv.rect.center)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=1, flipped=False))
    app.step()
    assert mv.zoom > z0
    drive.key(pygame.K_MINUS)
    drive.key(pygame.K_MINUS)
    assert mv.zoom < z0 * 1.01
    cam = (mv.cam_x, mv.cam_y)
    drive.key(pygame.K_EQUALS)
    drive.key(pygame.K_EQUALS)
    cam = (mv.cam_x, mv.cam_y)
    drive.key(pygame.K_RIGHT)
    assert (mv.cam_x, mv.cam_y) != cam
    # Drag to pan: a drag is not a click.
    sel_before = gs.ctl.sel
    p = mv.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=p, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(p[0] + 60, p[1] + 40), rel=(60, 40),
                                         buttons=(1, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(p[0] + 60, p[1] + 40), button=1))
    cam = (mv.cam_x, mv.cam_y)
    app.step()
    assert (mv.cam_x, mv.cam_y) != cam and gs.ctl.sel == sel_before
    drive.key(pygame.K_f)
    w, h = mv.map_size()
    assert w <= mv.rect.w + 1 and h <= mv.rect.h + 1


def test_window_resize_relayouts(app, drive):
    g = position({"G-III": "0303"}, phase="axis_movement")
    gs = start(app, g)
    app.screen = pygame.display.set_mode((1000, 700))
    pygame.event.post(pygame.event.Event(pygame.VIDEORESIZE, size=(1000, 700), w=1000, h=700))
    app.step()
    assert gs.panel.rect.right == 1000
    assert gs.status.rect.bottom == 700


def test_random_clicks_and_keys_never_break_the_client(app, drive, caplog):
    """A monkey: clicks on hexes that matter, on buttons, and keys, for a few hundred frames.
    Any exception inside the client would show a "Something went wrong" message."""
    import random

    rng = random.Random(4)
    game = hexwar.open_game("objective-kiev", "standard", seed=4)
    start(app, game, hotseat=True)
    keys = [pygame.K_e, pygame.K_RETURN, pygame.K_r, pygame.K_n, pygame.K_TAB, pygame.K_ESCAPE, pygame.K_f,
            pygame.K_EQUALS, pygame.K_MINUS, pygame.K_i, pygame.K_k, pygame.K_l, pygame.K_SPACE, pygame.K_x,
            pygame.K_h, pygame.K_LEFTBRACKET, pygame.K_RIGHTBRACKET, pygame.K_LEFT, pygame.K_PAGEUP, pygame.K_HOME]
    for _ in range(250):
        top = drive.top
        r = rng.random()
        if isinstance(top, GameScene) and r < 0.55:
            ctl = top.ctl
            hexes = []
            for a in ctl.legal_now():
                for attr in ("hex", "target", "dest"):
                    if getattr(a, attr, None) is not None:
                        hexes.append(getattr(a, attr))
                uid = getattr(a, "unit", None)
                if uid and (ctl.unit(uid) or {}).get("hex"):
                    hexes.append(parse_hex(ctl.unit(uid)["hex"]))
            if hexes:
                h = rng.choice(hexes)
                if not top.mv.rect.collidepoint(top.mv.hex_center(h)):
                    top.mv.center_on(h)
                drive.click(top.mv.hex_center(h), 1 if rng.random() < 0.9 else 3)
                continue
        if r < 0.85:
            buttons = []
            if isinstance(top, GameScene):
                buttons = [b for b in top.bar.buttons.buttons if b.name != "menu"]
                if top.panel.context is not None:
                    buttons += top.panel.context.buttons.buttons
                    if top.panel.context.tray and rng.random() < 0.5:
                        drive.click(rng.choice(top.panel.context.tray).rect.center)
                        continue
            elif hasattr(top, "buttons"):
                buttons = [b for b in top.buttons.buttons if b.name not in ("quit", "Main menu", "victory-menu")
                           and "-computer" not in b.name]
            if buttons:
                drive.click(rng.choice(buttons).rect.center)
            else:
                drive.click((rng.randrange(1280), rng.randrange(800)))
        elif not isinstance(top, MenuScene):  # (Esc or Q in the menu quits)
            drive.key(rng.choice(keys))
        assert not (isinstance(drive.top, MessageScene) and "wrong" in drive.top.title), drive.top.text
        assert app.running
    assert not [r for r in caplog.records if r.levelname == "ERROR"]
    assert len(game.actions) > 10
