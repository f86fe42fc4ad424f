"""Clicks, getting started and the small things, driven as a newcomer drives the client (issue 17):
a stack joins an attack in one click (with a way to leave single units out, and the rule said when
a game takes one unit at a time), the preview and Declare judged alike; Black Wednesday's arriving
units first in the panel, their entry hexes hatched and brought into view, a refused hex explained
in words, a whole formation entered with one click; the next set-up counter picked after each
placement; the hand-over forgetting the last player's picks; Undo greyed with the reason; the
dialogs' buttons in one text size; the command line; confirmations before steps that cannot be
taken back."""
from __future__ import annotations

import pygame
import pytest

import hexwar
from hexwar.core import actions as A
from hexwar.core.hexgrid import current_hex_ids, hex_ids_of, hex_name, parse_hex, set_hex_ids
from hexwar.games.objective_kiev.positions import position
from hexwar.ui.app import main, place_camera
from hexwar.ui.scenes import ConfirmScene, GameScene, HandoverScene

from . import positions
from .conftest import start

CTRL = pygame.KMOD_LCTRL


pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


@pytest.fixture(autouse=True)
def _no_shift():
    yield
    pygame.key.set_mods(0)


def _copy(game):
    """A fresh Game over a copy of a module fixture's position (each test acts on its own)."""
    return game.__class__(game.rules, game.state.copy(), game.dice.copy(), dict(game.header), [], game.entry)


def _shift_click_hex(drive, h) -> None:
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    try:
        drive.click_hex(h)
    finally:
        pygame.key.set_mods(0)


# --- a stack in an attack ----------------------------------------------------------------------
@pytest.fixture(scope="module")
def kp_support():
    return positions.kasserine("support", 1)


def _kasserine_stack(g, ctl):
    """A target of a legal attack and a hex next to it with more than one unit that may attack it."""
    by: dict = {}
    for a in g.legal_actions():
        if isinstance(a, A.Attack):
            for uid in a.attackers:
                by.setdefault(a.target, {}).setdefault(ctl.unit(uid)["hex"], []).append(uid)
    for t, stacks in sorted(by.items()):
        for h, ids in sorted(stacks.items()):
            ids = list(dict.fromkeys(ids))
            if len(ids) > 1:
                return t, parse_hex(h), ids
    raise AssertionError("no stack of two attackers")


def test_one_click_on_a_stack_adds_every_unit_that_may_attack(app, drive, kp_support):
    """Kasserine: a click on the stack takes every unit of it the engine accepts in one attack; the
    preview (odds, chances) is the engine's preview of the very action Declare sends, which the
    engine accepts; the stack list leaves a single unit out; Shift+click goes one unit at a time; a
    second click takes the stack out again."""
    g = _copy(kp_support)
    gs = start(app, g)
    ctl = gs.ctl
    target, h, ids = _kasserine_stack(g, ctl)
    place_camera(gs.mv, 1.4, hex_name(target))
    app.step()
    drive.click_hex(target)
    drive.click_hex(h)
    in_stack = [u["id"] for u in ctl.units_at(h) if u["id"] in ids]
    assert sorted(ctl.attackers) == sorted(in_stack) and len(in_stack) > 1
    act = ctl.battle_action()
    assert g.check(act) is None
    p = ctl.odds()
    assert p.refusal is None and p.figure == g.preview(act).figure and p.outcomes
    assert "join" in ctl.status.text and ctl.status.kind != "refusal"
    # The stack list: a button beside each unit leaves it out, or adds it again.
    out = in_stack[0]
    drive.press(f"attacker-{out}")
    assert out not in ctl.attackers and len(ctl.attackers) == len(in_stack) - 1
    drive.press(f"attacker-{out}")
    assert sorted(ctl.attackers) == sorted(in_stack)
    # Declare sends them all in one action, the one previewed.
    n = len(g.actions)
    drive.press("declare")
    assert len(g.actions) == n + 1 and sorted(g.actions[-1].attackers) == sorted(in_stack)
    drive.key(pygame.K_z, CTRL)
    assert len(g.actions) == n
    # Shift+click: one unit at a time, the next replacing the last.
    drive.click_hex(target)
    _shift_click_hex(drive, h)
    assert ctl.attackers == [in_stack[0]]
    _shift_click_hex(drive, h)
    assert ctl.attackers == [in_stack[1]] and "replaces" in ctl.status.text
    # A plain click on a stack in the attack takes it out; another brings all of it in.
    drive.click_hex(h)
    assert ctl.attackers == [] and "left the attack" in ctl.status.text
    drive.click_hex(h)
    assert sorted(ctl.attackers) == sorted(in_stack)


def test_kiev_second_unit_of_a_stack_replaces_the_first_and_says_the_rule(app, drive):
    """Objective: Kiev 10.2 (one unit across each hexside): the whole stack may not attack, so one
    click takes the unit the game accepts and says why the other stays out; the next click takes
    the other instead and says so with the rule; the engine's check gave the rule."""
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0504", "G-XLVIII": "0604"}, phase="axis_combat")
    gs = start(app, g)
    ctl = gs.ctl
    assert g.check(A.Attack(parse_hex("0505"), ("G-III", "G-XIV"))).rule == "10.2"
    drive.click_hex("0505")
    drive.click_hex("0504")
    assert len(ctl.attackers) == 1
    first = ctl.attackers[0]
    assert "10.2" in ctl.status.text and ctl.status.kind != "refusal"
    drive.click_hex("0504")
    assert len(ctl.attackers) == 1 and ctl.attackers[0] != first
    assert f"{ctl.attackers[0]} replaces {first}" in ctl.status.text and "10.2" in ctl.status.text
    drive.click_hex("0604")
    assert len(ctl.attackers) == 2 and ctl.odds().refusal is None
    drive.press("declare")
    assert len(g.state.battles) == 1


def test_the_preview_says_what_declare_will_meet(app, monkeypatch):
    """The panel's verdict on the battle being built is the engine's check of the action Declare
    sends, whatever the preview (worked out on what the side may see) says on its own."""
    from hexwar.core.contract import Preview
    from hexwar.core.errors import Illegal

    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604"}, phase="axis_combat")
    gs = start(app, g)
    ctl = gs.ctl
    ctl.click_hex(parse_hex("0505"))
    ctl.click_hex(parse_hex("0504"))
    real = g.preview
    monkeypatch.setattr(g, "preview", lambda a: Preview("x", "1:2", refusal=Illegal("X", "the preview's own doubt")))
    ctl.version += 1
    assert ctl.odds().refusal is None and ctl.odds().figure == "1:2"  # check accepts it: so does the panel
    monkeypatch.setattr(g, "preview", real)
    monkeypatch.setattr(g, "check", lambda a: Illegal("Y", "the check says no"))
    ctl.version += 1
    assert str(ctl.odds().refusal) == "Y: the check says no"


def test_black_wednesday_fire_takes_the_whole_stack_that_may_fire():
    """Black Wednesday's fire and assault (its own clicks): a click on a target with a unit selected
    fires the largest SFA of its hex the engine lists — the stack, not one unit."""
    g = positions.black_wednesday_fire(1)
    from hexwar.ui.control import Controller

    ctl = Controller(g, threaded=False)
    att = next(a for a in ctl.legal() if isinstance(a, A.Attack))
    ctl.sel = att.attackers[0]
    got = ctl.gui.fire_at(ctl, att.target)
    best = max((a for a in ctl.legal() if isinstance(a, A.Attack) and a.target == att.target
                and ctl.sel in a.attackers), key=lambda a: len(a.attackers))
    assert isinstance(got, A.Attack) and len(got.attackers) == len(best.attackers)
    assert g.check(got) is None


# --- Black Wednesday: the first Soviet units come on ---------------------------------------------
def _bw_first_action():
    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3)
    g.apply(A.EndPhase())
    positions.answer_choices(g)
    while g.view(None)["phase"] != "action":
        acts = g.legal_actions()
        pl = [a for a in acts if isinstance(a, A.Place)]
        g.apply(pl[0] if pl else next(a for a in acts if isinstance(a, A.EndPhase)))
        positions.answer_choices(g)
    return g


@pytest.fixture(scope="module")
def bw_action():
    before = current_hex_ids()
    g = _bw_first_action()
    set_hex_ids(before)
    return g


def _bw_scene(app, g):
    set_hex_ids(hex_ids_of(g.board))  # as opening the game sets them
    gs = start(app, _copy(g))
    gs.ctl.die = None
    app.step()
    return gs


def test_arriving_units_come_first_in_the_panel_and_their_entry_hexes_are_hatched(app, drive, bw_action):
    gs = _bw_scene(app, bw_action)
    ctl = gs.ctl
    ctx = gs.panel.context
    # First after the victory standing's few lines.
    box = next(s for s in ctx.sigs if isinstance(s, tuple) and s and s[0] == "standing-box")
    after = [s[1] for s in ctx.sigs[ctx.sigs.index(box) + 1:] if isinstance(s, tuple) and s and s[0] == "text"]
    assert after[0].startswith("Bring on your 65 arriving units"), after[:3]
    assert ctx.tray and all(ctx.rect.colliderect(it.rect) for it in ctx.tray[:7])
    item = ctx.tray[0]
    uid = item.unit["id"]
    drive.click(item.rect.center)
    assert ctl.sel == uid
    entry = ctl.place_hexes(uid)
    firsts = {a.path[0] for a in g_moves(ctl, uid)}
    assert entry == firsts and entry  # the first hexes of its entry moves
    item = next(it for it in gs.panel.context.tray if it.unit["id"] == uid)
    assert item.enabled  # the counter picked is not greyed out as "cannot be placed"
    # The camera brought the entry hexes into view, and the map hatches them.
    assert any(gs.mv.rect.collidepoint(gs.mv.hex_center(h)) for h in entry)
    # A click off the entry edge: the rule in words, as pointing at the hex says it.
    bad = next(h for h in sorted(gs.mv.board.terrain) if gs.mv.rect.collidepoint(gs.mv.hex_center(h))
               and h not in ctl.move_targets(uid) and not ctl.units_at(h))
    drive.hover(gs.mv.hex_center(bad))
    assert "1.10g" in ctl.hover_text
    drive.click_hex(bad)
    assert ctl.status.kind == "refusal" and "1.10g" in ctl.status.text
    assert "not an action" not in ctl.status.text
    assert ctl.status.text.split(": ", 1)[1] in ctl.hover_text
    # A click on a hatched hex brings it straight on there, and the next counter is picked.
    h = sorted(entry)[len(entry) // 2]
    drive.click_hex(h)
    assert gs.game.actions[-1] == A.Move(uid, (h,))
    assert ctl.sel is not None and ctl.sel != uid and ctl.unit(ctl.sel)["where"] == "arriving"


def g_moves(ctl, uid):
    return [a for a in ctl.legal() if isinstance(a, A.Move) and a.unit == uid]


def test_a_whole_formation_enters_with_one_click(app, drive, bw_action):
    """Shift+click picks several counters, the button a whole formation (its battalion); one click
    on an entry hex brings each on along that edge, one ordinary entry move each, spread over the
    entry hexes nearest the click."""
    gs = _bw_scene(app, bw_action)
    ctl = gs.ctl
    g = gs.game
    tray = gs.panel.context.tray
    drive.click(tray[0].rect.center)
    pygame.key.set_mods(pygame.KMOD_LSHIFT)
    drive.click(tray[1].rect.center)
    pygame.key.set_mods(0)
    assert ctl.group == [tray[0].unit["id"], tray[1].unit["id"]]
    drive.press("pick-formation")
    battalion = ctl.unit(tray[0].unit["id"])["battalion"]
    mates = [u["id"] for u in ctl.tray() if u.get("battalion") == battalion]
    assert sorted(ctl.group) == sorted(mates) and len(mates) > 5
    entry = sorted(ctl.place_hexes(mates[0]))
    n = len(g.actions)
    h = entry[len(entry) // 2]
    drive.click_hex(h)
    moved = g.actions[n:]
    assert len(moved) == len(mates) and all(isinstance(a, A.Move) and len(a.path) == 1 for a in moved)
    assert {a.unit for a in moved} == set(mates)
    assert {a.path[0] for a in moved} <= set(entry) and len({a.path[0] for a in moved}) > 1
    assert moved[0].path[0] == h
    assert all(ctl.unit(u)["where"] == "map" for u in mates)
    assert ctl.group == [] and f"{len(mates)} unit(s) brought on" in ctl.status.text
    drive.key(pygame.K_z, CTRL)  # each entry is an action of its own
    assert len(g.actions) == n + len(mates) - 1


def test_the_panel_keeps_its_scroll_across_picks_from_the_tray(app, drive, bw_action):
    gs = _bw_scene(app, bw_action)
    p = gs.panel
    assert p.ctx_max > 0
    p.scroll_context(p.theme.px(60))
    app.step()
    scroll = p.ctx_scroll
    assert scroll > 0
    item = next(it for it in p.context.tray if p.context.rect.contains(it.rect))
    drive.click(item.rect.center)
    assert gs.ctl.sel == item.unit["id"] and p.ctx_scroll == scroll
    entry = sorted(gs.ctl.place_hexes(gs.ctl.sel))
    drive.click_hex(entry[0])
    assert gs.ctl.unit(item.unit["id"])["where"] == "map"
    assert p.ctx_scroll == min(scroll, p.ctx_max)


# --- set-up, hand-over, undo -------------------------------------------------------------------
def test_setup_picks_the_next_counter_after_each_placement_until_none_is_left(app, drive):
    """Objective: Kiev's Soviet set-up: after each placement the next counter still to place is
    picked (one of the same type first, then the others: the mech corps after the armies), so the
    player only clicks hexes until the tray is empty."""
    g = hexwar.open_game("objective-kiev", "standard", seed=2)
    gs = start(app, g)
    ctl = gs.ctl
    drive.click(gs.panel.context.tray[0].rect.center)
    kinds = set()
    for _ in range(80):
        if not ctl.tray() or g.acting_side() != "soviet":
            break
        assert ctl.sel is not None, "no counter picked while some are still to place"
        kinds.add(ctl.unit(ctl.sel)["kind"])
        hexes = sorted(ctl.place_hexes(ctl.sel))
        assert hexes
        n = len(g.actions)
        ctl.click_hex(hexes[0])
        assert len(g.actions) == n + 1, ctl.status.text
    assert len(kinds) > 1


def test_the_handover_forgets_the_last_players_picks(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=2)
    gs = start(app, g, hotseat=True)
    drive.click((5, 5))  # the Soviet player sits down
    ctl = gs.ctl
    drive.click_hex("0707")
    assert ctl.sel == "SU-5A" and ctl.stack_hex() is not None
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)
    assert isinstance(drive.top, HandoverScene)
    drive.click((5, 5))
    assert ctl.sel is None and ctl.inspect is None and ctl.stack_hex() is None
    texts = " ".join(str(s[1]) for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "text")
    assert "SU-5A" not in texts


def test_undo_is_greyed_with_the_reason_when_the_last_action_is_the_other_players(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=2)
    gs = start(app, g, hotseat=True)
    drive.click((5, 5))
    assert not drive.button("undo").enabled and "nothing" in drive.button("undo").tooltip
    drive.click_hex("0707")
    drive.click_hex("0708")
    assert drive.button("undo").enabled
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)
    drive.click((5, 5))  # the Axis player
    undo = drive.button("undo")
    assert not undo.enabled and "Soviet" in undo.tooltip
    drive.key(pygame.K_z, CTRL)  # the key says the same
    assert g.acting_side() == "axis" and "Soviet" in gs.ctl.status.text


def test_dialog_buttons_share_one_text_size(app):
    g = position({"G-III": "0303"}, phase="axis_movement")
    start(app, g)
    d = app.stack.push(ConfirmScene(app, "Close declarations?", "After this no more battles can be declared.",
                                    lambda: None, yes="Close declarations", no="Go back"))
    app.step()
    sizes = {b.px for b in d.buttons.buttons}
    assert len(sizes) == 1
    from hexwar.ui import theme as T

    for b in d.buttons.buttons:  # each label fits its button at that size
        room = b.rect.w - 12 - T.size(b.key_hint, max(8, b.px - 3))[0] - 6
        assert b._fit(b.label, room, "bold") == (b.px, [b.label])


# --- the command line --------------------------------------------------------------------------
@pytest.mark.parametrize("gid", ["objective-kiev", "battle-for-kursk", "kasserine-pass", "black-wednesday"])
def test_a_game_id_alone_starts_its_default_scenario(tmp_path, gid):
    out = tmp_path / f"{gid}.png"
    assert main(["--game", gid, "--screenshot", str(out), "--size", "800x600"]) == 0
    assert out.stat().st_size > 1000


def test_an_unknown_scenario_or_game_lists_the_valid_ones_without_a_path(tmp_path, capsys):
    assert main(["--game", "objective-kiev", "--scenario", "nope", "--screenshot", str(tmp_path / "a.png")]) == 1
    err = capsys.readouterr().err
    assert "no scenario 'nope' for Objective: Kiev; the scenarios are: standard" in err
    assert "/" not in err and ".yaml" not in err
    assert main(["--game", "nope", "--screenshot", str(tmp_path / "b.png")]) == 1
    err = capsys.readouterr().err
    assert "unknown game 'nope'" in err and "objective-kiev" in err and "black-wednesday" in err


# --- confirmations ---------------------------------------------------------------------------
def test_a_battle_rolled_at_once_is_asked_first_on_a_map_click(app, drive):
    """Kasserine resolves an attack with its dice at once (no roll step of its own): a click on the
    battle asks first (Esc goes back, nothing rolled), Enter rolls."""
    g = positions.kasserine("resolve", 1)
    gs = start(app, g)
    ctl = gs.ctl
    t = ctl.unresolved()[0]
    place_camera(gs.mv, 1.4, hex_name(t))
    app.step()
    n = len(g.actions)
    drive.click_hex(t)
    assert isinstance(drive.top, ConfirmScene) and "cannot be taken back" in drive.top.text
    drive.key(pygame.K_ESCAPE)
    assert len(g.actions) == n and isinstance(drive.top, GameScene)
    drive.click_hex(t)
    drive.key(pygame.K_RETURN)
    assert len(g.actions) == n + 1 and g.actions[-1] == A.Resolve(t)


def test_closing_the_window_on_unsaved_moves_asks_first(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)  # no autosave in the tests: the moves are not on disk
    assert gs.unsaved() is None and not gs.ask_quit()  # nothing done yet: nothing to lose, it just quits
    drive.click_hex("0303")
    drive.click_hex("0304")
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    assert app.running and isinstance(drive.top, ConfirmScene) and "not saved" in drive.top.text
    drive.key(pygame.K_ESCAPE)
    assert app.running and drive.top is gs
    pygame.event.post(pygame.event.Event(pygame.QUIT))
    app.step()
    drive.key(pygame.K_q)  # quit without saving
    assert not app.running


def test_leaving_unsaved_moves_offers_to_save_them(app, drive, tmp_path):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.click_hex("0304")
    drive.key(pygame.K_ESCAPE)  # the selection goes first
    drive.key(pygame.K_ESCAPE)
    assert isinstance(drive.top, ConfirmScene) and drive.top.yes_label == "Save and leave"
    drive.key(pygame.K_RETURN)  # saves a copy, then leaves
    assert gs.ctl.saved_at == len(g.actions) and gs not in app.stack.scenes


def test_ending_a_phase_with_arrivals_waiting_asks_first(app, drive, bw_action):
    gs = _bw_scene(app, bw_action)
    assert "65 arriving unit(s) have not come onto the map" in (gs.ctl.end_warning() or "")
