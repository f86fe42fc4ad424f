"""No text is cut off at 1280x800 or 1920x1080 (issue 17): every panel state of every game is drawn
with a ``theme.TextProbe`` active, which records each text drawn with where it went and the box it
was drawn in (the clip rectangle then), and each must lie inside its box and must not end in an
ellipsis that cut it short. The states: the menu with each game selected, each game's opening with
its Log, Rules and Track tabs, a battle with its odds (Kiev, Kasserine, Kursk's Offensive), a
decision chooser (Kursk's posture, Black Wednesday's Prep Log and fire), the hand-over, the
victory screen.

Text on the map itself (place names, marks) is the map's and is checked for collisions in
``test_opening_view``; a line of a box that scrolls (the step's box, the Log, Rules and Track tabs)
may be partly out of sight at its top or bottom, never at its sides.
"""
from __future__ import annotations

import re

import pygame
import pytest

import hexwar
from hexwar.core.hexgrid import CCRR, hex_ids_of, parse_hex, set_hex_ids
from hexwar.games import game_ids
from hexwar.games.objective_kiev.positions import position
from hexwar.ui import theme as T
from hexwar.ui.app import App
from hexwar.ui.scenes import GameScene, HandoverScene, MenuScene, VictoryScene

from . import positions

SIZES = [(1280, 800), (1920, 1080)]
# Words that end in an ellipsis because something is under way, not because they were cut.
PROGRESS = re.compile(r"^(Working out|Skipping)|thinking…|reading…")


def min_px(app: App) -> int:
    """The smallest text size allowed: the interface scales with the window (9 px text at
    1920x1080 before), so no text of the panels is under 10 px at 1.0, 13 px at 1920x1080."""
    return int(10 * app.theme.scale)


def problems(probe: T.TextProbe, app: App) -> list[str]:
    """Each text drawn that runs out of its box, or was cut short with "…"."""
    gs = app.stack.find(GameScene)
    map_rect = gs.mv.rect if gs is not None else None
    scrolling = []
    if gs is not None and app.stack.top is gs:
        scrolling = [gs.panel.context.rect, gs.panel.lower]
    out = []
    for s, px, r, box in probe.drawn:
        if not s.strip() or not r.colliderect(box) or box == map_rect:
            continue
        why = []
        if r.left < box.left - 1 or r.right > box.right + 1:
            why.append("runs out sideways")
        scrolls = any(sb.contains(box) for sb in scrolling)
        if not scrolls and (r.top < box.top - 2 or r.bottom > box.bottom + 2):
            why.append("runs out at the top or bottom")
        if s.rstrip().endswith("…") and not PROGRESS.search(s):
            why.append("cut short")
        if px < min_px(app) and len(s.strip()) > 2:  # (a side's letter in its chip is a symbol)
            why.append(f"smaller than {min_px(app)} px")
        if why:
            out.append(f"{' and '.join(why)}: {s!r} ({px} px) at {tuple(r)} in the box {tuple(box)}")
    return out


def drawn(app: App) -> list[str]:
    """Draw the whole window from scratch under a probe; the problems found."""
    app.stack.invalidate()
    for sc in app.stack.scenes:
        if hasattr(sc, "invalidate_frame"):
            sc.invalidate_frame()
    with T.TextProbe() as probe:
        surf = probe.surface(app.size)
        app.draw(surf)
        return problems(probe, app)


@pytest.fixture
def apps():
    """Makes an App of a size; afterwards closes its scenes (a game leaves its hex ids in force
    while its scene is open: Black Wednesday's B34.16)."""
    made = []

    def make(size) -> App:
        a = App(size, resizable=False, menu=True)
        a.step()
        made.append(a)
        return a

    yield make
    for a in made:
        while a.stack.scenes:
            a.stack.pop()


def start(app: App, game, **kw) -> GameScene:
    gs = app.start_game(game, hotseat=kw.pop("hotseat", False), autosave=False, threaded=False, **kw)
    app.step()
    return gs


def every_tab(app: App, gs: GameScene, what: str) -> list[str]:
    out = []
    for tab in ("log", "rules", "track"):
        gs.panel.set_tab(tab)
        app.step()
        out += [f"{what}, {tab} tab: {p}" for p in drawn(app)]
    gs.panel.set_tab("log")
    return out


def framed_column_in_view(gs: GameScene, what: str) -> list[str]:
    """The results table's column in use (framed ▼) lies inside the step's box as first shown,
    above the "more below" band: seen without scrolling."""
    gs.panel.ctx_scroll = 0
    gs.refresh()
    panel = gs.panel
    frames = [pygame.Rect(s[1]) for s in panel.context.sigs if isinstance(s, tuple) and s and s[0] == "rtable-frame"]
    box = panel.context.rect
    th = panel.theme
    band = T.font(th.small).get_linesize() + th.px(4) if panel.ctx_scroll < panel.ctx_max else 0
    if not frames:
        return [f"{what}: no framed column"]
    return [f"{what}: the framed column {tuple(r)} is out of sight of the box {tuple(box)} (band {band})"
            for r in frames if r.top < box.top or r.bottom > box.bottom - band]


def odds_in_view(gs: GameScene, what: str) -> list[str]:
    """Every result's line of the odds block (and the framed column) lies inside the step's box as
    first shown, above the "more below" band: the whole odds block seen without scrolling."""
    out = framed_column_in_view(gs, what)
    panel = gs.panel
    box = panel.context.rect
    th = panel.theme
    band = T.font(th.small).get_linesize() + th.px(4) if panel.ctx_scroll < panel.ctx_max else 0
    rows = [s for s in panel.context.sigs if isinstance(s, tuple) and s and s[0] == "odds"]
    lh = T.font(th.small).get_linesize()
    return out + [f"{what}: the result {s[1]} at y {s[4]} is out of sight of the box {tuple(box)} (band {band})"
                  for s in rows if s[4] < box.top or s[4] + lh > box.bottom - band]


@pytest.fixture(scope="module")
def kursk_off():
    set_hex_ids(CCRR)  # a module's fixture comes before each test's reset of the hex ids (conftest)
    return positions.kursk_offensive(1)


@pytest.fixture(scope="module")
def kp_support():
    set_hex_ids(CCRR)
    return positions.kasserine("support", 1)


@pytest.fixture(scope="module")
def bw_fire():
    return positions.black_wednesday_fire()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_menu_cuts_no_text(size, apps):
    from hexwar import paths
    from hexwar.ui.saves import SaveIndex

    # A saved game with a long name against the computer, and the last game to continue.
    g = position({"SU-5A": "0505", "G-III": "0504"}, phase="axis_movement")
    g.header["players"] = {"axis": "computer:normal", "soviet": "human"}
    made = [paths.saves_dir() / "objective-kiev_a-long-name-for-a-saved-game_2026-12-07_07-38-12.yaml",
            paths.autosave_path()]
    for p in made:
        g.save(p)
    app = apps(size)
    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    menu.index = SaveIndex(threaded=False)
    found = []
    try:
        for gid in game_ids():
            menu.game_i = menu.games.index(gid)
            menu.scen_i = menu.default_scenario()
            menu._load_options()
            menu.layout(app.size)
            assert len(menu.save_rows) >= 2
            found += [f"menu with {gid}: {p}" for p in drawn(app)]
    finally:
        for p in made:
            p.unlink()
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", game_ids())
def test_each_opening_cuts_no_text(size, game_id, apps):
    app = apps(size)
    gs = start(app, hexwar.open_game(game_id, None, seed=1))
    found = every_tab(app, gs, f"{game_id} opening")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_kiev_battle_with_its_odds_and_the_victory_screen_cut_no_text(size, apps):
    app = apps(size)
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604"}, phase="axis_combat", dice=[1])
    gs = start(app, g)
    gs.ctl.target = parse_hex("0505")
    gs.ctl.attackers = ["G-III", "G-XIV"]
    gs.refresh()
    found = every_tab(app, gs, "Kiev battle being declared")
    found += odds_in_view(gs, "Kiev battle being declared")
    gs.ctl.declare()
    gs.ctl.end_phase()
    gs.do_resolve(parse_hex("0505"))
    app.step()
    found += [f"Kiev roll: {p}" for p in drawn(app)]
    found += odds_in_view(gs, "Kiev roll")
    gs.do_roll(None)
    gs.ctl.die = None
    app.step()
    found += [f"Kiev retreat: {p}" for p in drawn(app)]
    end = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=7)
    gs = start(app, end)
    gs.end_phase()
    app.step()
    assert isinstance(app.stack.top, VictoryScene)
    found += [f"victory: {p}" for p in drawn(app)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_kasserine_odds_and_kursk_offensive_cut_no_text(size, kp_support, kursk_off, apps):
    from hexwar.core import actions as A
    from hexwar.games.battle_for_kursk.offensive import Offensive

    app = apps(size)
    gs = start(app, kp_support)
    atk = next(a for a in kp_support.legal_actions() if isinstance(a, A.Attack))
    gs.ctl.target, gs.ctl.attackers = atk.target, list(atk.attackers)
    gs.refresh()
    found = every_tab(app, gs, "Kasserine attack being declared")
    found += odds_in_view(gs, "Kasserine attack being declared")
    gs = start(app, kursk_off)
    off = next(a for a in kursk_off.legal_actions() if isinstance(a, Offensive))
    gs.ctl.target, gs.ctl.attackers = off.target, list(off.attackers)
    gs.ctl.set_lead(off.lead)
    gs.refresh()
    found += every_tab(app, gs, "Kursk Offensive being built")
    found += odds_in_view(gs, "Kursk Offensive being built")  # every result line, under the supporters
    gs.ctl._click_support(list(off.support))  # a supporter added: its own column's line as well
    assert gs.ctl.support == list(off.support)
    gs.refresh()
    found += every_tab(app, gs, "Kursk Offensive with its supporters")
    found += odds_in_view(gs, "Kursk Offensive with its supporters")
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_black_wednesday_fire_and_the_hand_over_cut_no_text(size, bw_fire, apps):
    set_hex_ids(hex_ids_of(bw_fire.board))  # as opening the game did (the conftest puts CCRR back)
    app = apps(size)
    gs = start(app, bw_fire)
    movable = sorted(gs.ctl.movable_units())
    if movable:
        gs.ctl.sel = movable[0]
        gs.refresh()
    found = every_tab(app, gs, "Black Wednesday fire")
    app.stack.push(HandoverScene(app, "axis", "A long line of what to do now, " * 12, decision=True,
                                 battle="The battle at 0505: DR, the defender retreats two hexes " * 3))
    found += [f"hand-over: {p}" for p in drawn(app)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", game_ids())
def test_the_help_screen_cuts_no_text_and_shows_every_key(size, game_id, apps):
    """The keys list and the map's key cut no text at either size; the keys' column scrolls when
    it is taller than the window, and scrolled through, every key is seen whole (U, the luck
    report, and L in the menu among them)."""
    from hexwar.ui import rules_text
    from hexwar.ui.games import for_game
    from hexwar.ui.scenes.help import HelpScene

    app = apps(size)
    g = hexwar.open_game(game_id, seed=1)
    start(app, g)
    help_ = HelpScene(app, g.board, game_id)
    app.stack.push(help_)
    app.step()
    keys = [k for k, _ in list(rules_text.SHORTCUTS) + list(for_game(game_id).keys)]
    assert "U" in keys and "L (in the menu)" in keys
    seen: set[str] = set()
    found: list[str] = []
    for _ in range(40):
        with T.TextProbe() as probe:
            app.draw(probe.surface(app.size))
            found += problems(probe, app)
        seen |= {s for s, _px, r, box in probe.drawn if s in keys}
        if help_.scroll >= help_.max_scroll:
            break
        help_.scroll_by(T.font(help_.theme.normal).get_linesize() * 3)
    assert not found, "\n".join(found[:10])
    assert set(keys) <= seen, set(keys) - seen
