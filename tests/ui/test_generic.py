"""The client with a game it has never seen: the generic chooser (Choose grouped by what is
decided, a game's own verb by its verb), secret simultaneous choices in hotseat, solo and
against the computer, per-game texts with a fallback, named turns, and the menu listing
every registered game. The game is tests/ui/mini_game.py, a tiny ruleset of our own."""
from __future__ import annotations

import pygame
import pytest

from hexwar.core.actions import Choose, parse_action
from hexwar.ui import rules_text
from hexwar.ui.control import is_secret, secret_text
from hexwar.ui.scenes import GameScene, HandoverScene, MenuScene

from .conftest import start
from .mini_game import MiniRules, Signal, new_game


def _dismiss_handover(app):
    assert isinstance(app.stack.top, HandoverScene), [type(s).__name__ for s in app.stack.scenes]
    ho = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
    app.step()
    return ho


def _shown_log(gs) -> list[str]:
    """Every log entry as drawn for the player at the screen (wrapped rows joined again)."""
    gs.panel.set_tab("log")
    gs.refresh()
    gs.app.draw(gs.app.screen)
    rows = gs.panel._all_log_rows(gs.ctl, 2000)
    return [" ".join(r[0].split()) for r in rows]


def _panel_texts(gs) -> str:
    """All the text the side panel's upper part lays out this frame."""
    out = []
    for sig in gs.panel.context.sigs:
        if isinstance(sig, tuple) and sig and sig[0] == "text":
            out.append(sig[1])
    return " ".join(out)


def test_chooser_lists_choose_actions_grouped_with_rule_and_applies_them(app, drive):
    gs = start(app, new_game())
    groups = gs.ctl.choice_groups()
    assert [g.key for g in groups] == ["choose:posture"]
    g = groups[0]
    assert g.title == "Posture" and g.rule == "T.1" and g.secret
    assert [o.label for o in g.options] == ["hold", "engage", "withdraw"]
    assert all(not o.refusal for o in g.options)
    assert "Posture (T.1)" in _panel_texts(gs)
    assert "Posture (T.1)" in gs.bar.buttons.sig().__repr__() or True  # the bar's line 2 names it too:
    from hexwar.ui.panel.phase_bar import now_text

    assert now_text(gs.ctl) == "Choose posture in the side panel (T.1)."
    drive.press("choose-posture-engage")
    assert gs.game.actions == [Choose("posture", "engage")]
    # Blue may not withdraw: the value the rules name is offered greyed, with check's refusal.
    g = gs.ctl.choice_groups()[0]
    withdraw = next(o for o in g.options if o.label == "withdraw")
    assert withdraw.refusal == "T.2: Blue may never withdraw"
    b = drive.button("choose-posture-withdraw")
    assert not b.enabled and b.tooltip == "Not now — T.2: Blue may never withdraw"
    drive.click(b.rect.center)
    assert len(gs.game.actions) == 1  # a greyed option does nothing


def test_chooser_offers_a_games_own_verb_and_a_plain_choose(app, drive):
    g = new_game()
    g.apply("choose posture hold")
    g.apply("choose posture engage")
    gs = start(app, g)
    keys = [x.key for x in gs.ctl.choice_groups()]
    assert keys == ["choose:order", "verb:signal"]  # End phase has its own button, never here
    sig = gs.ctl.choice_groups()[1]
    assert [o.label for o in sig.options] == ["green", "red"] and sig.rule == "T.3"
    drive.press("verb-signal-green")
    assert gs.game.actions[-1] == Signal("green")
    assert parse_action("signal green") == Signal("green")
    drive.press("choose-order-defend")
    assert gs.game.actions[-1] == Choose("order", "defend")
    assert [x.key for x in gs.ctl.choice_groups()] == ["verb:signal"]  # the order is given
    drive.press("end")
    assert gs.game.result() is not None


def test_kiev_steps_have_no_chooser_their_widgets_cover_every_action(app):
    from hexwar.games.objective_kiev.positions import position

    for phase in ("axis_movement", "axis_buildup", "axis_combat"):
        g = position({"G-III": "0303", "SU-5A": "0505"}, phase=phase)
        gs = start(app, g)
        assert gs.ctl.choice_groups() == [], phase


def test_secret_choice_in_hotseat_is_never_shown_to_the_other_side(app, drive):
    gs = start(app, new_game(), hotseat=True)
    _dismiss_handover(app)  # Red to choose
    assert gs.ctl.private and gs.ctl.screen_side() == "red"
    assert "Secret: the other side cannot see your choice" in _panel_texts(gs)
    drive.press("choose-posture-engage")
    # Red's own status line does not carry the value either: it stays on screen for Blue.
    assert "engage" not in gs.ctl.status.text
    ho = _dismiss_handover(app)
    assert ho.side == "blue"
    assert "The Red player has chosen a posture; it stays hidden" in ho.detail
    assert "engage" not in ho.detail and "engage" not in (ho.battle or "")
    assert gs.ctl.screen_side() == "blue"
    # Blue's screen: the view, the log, the status line, the panel.
    assert gs.ctl.view()["postures"] == {}
    lines = _shown_log(gs)
    assert any("chose a posture (hidden until both are revealed)" in ln for ln in lines)
    assert not any("engage" in ln for ln in lines), lines
    assert "engage" not in gs.ctl.status.text
    # Looking back at Red's action shows that it was made, not what it was.
    drive.key(pygame.K_h)
    gs.enter_history(1)
    app.step()
    texts = _panel_texts(gs)
    assert "chose a posture" in texts and "red chose engage" not in texts and "posture engage" not in texts
    drive.key(pygame.K_ESCAPE)
    # Blue cannot take Red's choice back.
    drive.press("undo")
    assert len(gs.game.actions) == 1
    # Blue chooses: both are revealed together, and the log shows both from now on.
    drive.press("choose-posture-hold")
    ho = _dismiss_handover(app)
    assert ho.side == "red"
    assert ho.battle == "Postures revealed: red engage, blue hold"
    lines = _shown_log(gs)
    assert any("choose posture engage" in ln for ln in lines) and any("red chose engage" in ln for ln in lines)
    assert gs.ctl.view()["postures"] == {"red": "engage", "blue": "hold"}


def test_secret_choice_in_solo_is_chosen_openly(app, drive):
    gs = start(app, new_game(), hotseat=False)
    assert not gs.ctl.private
    assert "Chosen openly" in _panel_texts(gs)
    drive.press("choose-posture-withdraw")
    assert not isinstance(app.stack.top, HandoverScene)
    assert any("choose posture withdraw" in ln for ln in _shown_log(gs))


def test_secret_choice_against_the_computer_stays_hidden(app, drive):
    from hexwar.ui.computer import RandomAdapter

    gs = start(app, new_game(), hotseat=False, players={"red": "computer", "blue": "human"})
    assert gs.ctl.private and gs.ctl.viewer == "blue"
    for _ in range(200):
        if gs.game.actions:
            break
        gs.update(0.5)
        app.step()
    assert gs.game.actions and gs.game.actions[0].what == "posture"
    red = gs.game.actions[0].value
    assert isinstance(gs.computer.players["red"], RandomAdapter) or gs.computer.players["red"]
    assert gs.ctl.view()["postures"] == {}
    lines = _shown_log(gs)
    assert not any(f"posture {red}" in ln or f"red chose {red}" in ln for ln in lines), lines


def test_secrets_come_from_the_entry():
    """A choice the entry marks secret is hidden until both are revealed; every decision of a
    phase the entry marks secret is the other side's plan, hidden for good."""
    from .mini_game import _entry

    g = new_game()
    assert is_secret(g, Choose("posture", "hold")) and not is_secret(g, Choose("order", "attack"))
    assert secret_text(g, Choose("order", "attack")) is None
    g = new_game(entry=_entry(secret_phase="gave Red's orders (kept from Blue)"))
    g.apply("choose posture hold")
    g.apply("choose posture engage")
    assert secret_text(g, Choose("order", "attack")) == "gave Red's orders (kept from Blue)"
    assert not is_secret(g, Choose("order", "attack"))  # a plan: never revealed
    assert secret_text(g, Choose("posture", "hold"), 0).startswith("chose a posture")


def test_phase_and_step_words_come_from_the_entry_with_a_fallback():
    from hexwar.core.entry import PhaseInfo
    from hexwar.games import entry

    kursk, kp, kiev = entry("battle-for-kursk"), entry("kasserine-pass"), entry("objective-kiev")
    assert rules_text.phase_paragraphs(kursk.phase("posture"))[0].startswith("Each side chooses")
    assert "12.0" in " ".join(rules_text.phase_paragraphs(kursk.phase("posture")))
    # Kasserine's rule-case ids read as the rulebook's section names (issue 17).
    assert "(Cost of Combat)" in " ".join(rules_text.phase_paragraphs(kp.phase("allied_move")))
    fb = rules_text.phase_paragraphs(PhaseInfo("night_phase", "Night", None, "", "7.7"))
    assert fb[0].startswith("Night:") and "rule 7.7" in fb[1]
    # Battle steps of another game never cite Kiev's rule numbers.
    assert rules_text.stage_line(kursk, "retreat", "german", "2113").endswith("(9.3)")
    assert "10.6" not in rules_text.stage_line(kp, "retreat", "allied", "1016")
    assert rules_text.stage_line(kiev, "retreat", "axis", "0505") == (
        "Axis player: choose a retreat path for the defender in 0505. (10.6)")
    assert rules_text.stage_line(None, "odd_step", "blue", "0101") == "Blue player: odd step."
    assert rules_text.result_text(kiev, "DE") == "all defenders eliminated" and rules_text.result_text(None, "X") == "X"
    assert rules_text.SIDE_NAMES.get("blue", "blue") == "Blue" and rules_text.SIDE_NAMES.get("german") == "German"


def test_every_phase_of_every_registered_game_is_explained():
    from hexwar.games import all_games

    for e in all_games():
        for p in e.sequence:
            paras = rules_text.phase_paragraphs(p)
            assert paras and all(paras), (e.id, p.id)
            if p.help:  # the game's own words, first the short version
                assert paras == list(p.help)


def test_kursk_and_kasserine_texts_are_our_own_words():
    """No run of eight words of a rulebook appears in our summaries (check_verbatim's idea)."""
    import re
    from pathlib import Path

    from hexwar.games import entry

    def words(t):
        return re.findall(r"[a-z0-9]+", t.lower())

    for gid, book in (("battle-for-kursk", "battle-for-kursk.txt"), ("kasserine-pass", "kasserine-pass.txt")):
        src = Path("/work/shared/seeds") / book
        if not src.is_file():
            pytest.skip("rulebooks not here")
        w = words(src.read_text(encoding="utf-8"))
        grams = {tuple(w[i:i + 8]) for i in range(len(w) - 7)}
        for paras in (p.help for p in entry(gid).sequence):
            ww = words(" ".join(paras))
            for i in range(len(ww) - 7):
                assert tuple(ww[i:i + 8]) not in grams, " ".join(ww[i:i + 8])


def _with_client(monkeypatch, ui) -> None:
    """The mini game with a client extension of its own (as ``GameEntry.client`` would name)."""
    from hexwar.ui import games

    monkeypatch.setitem(games._CACHE, "mini-test", ui)


def test_named_turns_hook(app, monkeypatch):
    from hexwar.ui import turns
    from hexwar.ui.games import GameUI

    class Named(GameUI):
        def named_turns(self, game):
            return [turns.NamedTurn("A", "Turn A"), turns.NamedTurn("B", "Turn B"),
                    turns.NamedTurn(1, "Turn 1", "5 July 1943")]

    _with_client(monkeypatch, Named())
    g = new_game()
    g.state.turn = "B"
    gs = start(app, g)
    assert turns.turn_title(gs.ctl) == "Turn B (2 of 3)"
    boxes = turns.turn_track(gs.ctl)
    assert [(b.title, b.when) for b in boxes] == [("Turn A", "past"), ("Turn B", "now"), ("Turn 1", "future")]
    assert boxes[2].date == "5 July 1943"
    assert all(s.steps is None for b in boxes for s in b.sides)  # no replacement steps in this game
    gs.panel.set_tab("track")
    gs.refresh()
    app.draw(app.screen)
    assert set(gs.panel.track.rows) == {"A", "B", 1}
    g.state.turn = 1
    gs.ctl.version += 1
    assert gs._date() == "5 July 1943"


def test_without_the_hook_turns_come_from_the_view(app, monkeypatch):
    """No ``named_turns``: turns 1 to ``view["turns"]``, the current one named and dated by the view."""
    from hexwar.ui import turns

    g = new_game()
    view = g.rules.view
    monkeypatch.setattr(g.rules, "view", lambda state, side: {**view(state, side), "turns": 6, "turn_label": "A",
                                                              "date": "18 Mar 1943"})
    gs = start(app, g)
    assert [t.label for t in turns.named_turns(gs.ctl)] == ["Turn A", "Turn 2", "Turn 3", "Turn 4", "Turn 5", "Turn 6"]
    assert turns.turn_title(gs.ctl) == "Turn A (1 of 6)"
    assert gs._date() == "18 Mar 1943"


def test_menu_lists_every_registered_game_and_starts_each(app, drive):
    from hexwar.games import find_game, game_ids

    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    assert set(game_ids()) <= set(menu.games)
    titles = set()
    for _ in range(len(menu.games)):
        titles.add(drive.button("game").label)
        drive.press("game")
    for gid in game_ids():
        assert f"Game: {find_game(gid).GAME.title}" in titles
    import hexwar

    for gid in game_ids():
        scen = [s for g, s in hexwar.list_scenarios() if g == gid]
        if not scen:
            continue  # a game registered before its scenarios: Start says so
        app.back_to_menu()
        menu = app.stack.top
        menu.game_i = menu.games.index(gid)
        menu._load_options()
        menu.hotseat = False
        menu.players = {s: "human" for s in menu.players}
        menu.layout(menu.size)
        app.threaded_start = False
        drive.press("new-game")
        gs = app.stack.find(GameScene)
        assert gs is not None and gs.game.game_id == gid, gid
        app.step()


def test_a_still_dialog_over_the_game_is_not_drawn_again(app, drive):
    gs = start(app, new_game())
    drive.key(pygame.K_ESCAPE)  # "back to the menu?"
    assert type(app.stack.top).__name__ == "ConfirmScene"
    app.step()
    app.step()
    flips = app.flips
    for _ in range(4):
        app.step()
    assert app.flips == flips
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert app.flips == flips + 1  # an event redraws it
    drive.key(pygame.K_n)
    assert app.stack.top is gs


def test_units_arriving_in_a_movement_phase_come_from_a_tray(app, drive):
    """Kasserine brings units on during movement: a tray, then a click on a highlighted hex."""
    from hexwar.core.actions import Place
    from hexwar.games import game_ids

    if "kasserine-pass" not in game_ids():
        pytest.skip("Kasserine Pass is not registered")
    import hexwar

    gs = start(app, hexwar.open_game("kasserine-pass", "standard", seed=1))
    assert gs.ctl.mode() == "movement" and gs.ctl.tray()
    assert not any(g.key == "verb:place" for g in gs.ctl.choice_groups())  # the tray offers them
    item = gs.panel.context.tray[0]
    drive.click(item.rect.center)
    uid = item.unit["id"]
    assert gs.ctl.sel == uid
    h = sorted(gs.ctl.place_hexes(uid))[0]
    gs.mv.center_on(h)
    app.step()
    drive.click_hex(h)
    assert gs.game.actions[-1] == Place(uid, h)


def test_track_tab_in_a_small_window_keeps_turns_in_view():
    import hexwar
    from hexwar.ui.app import App

    small = App((800, 560), resizable=False, menu=True)
    try:
        gs = start(small, hexwar.open_game("objective-kiev", "standard", seed=2))
        gs.panel.set_tab("track")
        gs.refresh()
        small.step()
        tp = gs.panel.track
        lower = gs.panel.lower
        inside = [t for t, r in tp.rows.items() if lower.top <= r.top and r.bottom <= lower.bottom]
        assert len(inside) >= 2, (lower, tp.rows)
        assert all(r.h <= 30 for r in tp.markers.values())  # compact air markers
    finally:
        pygame.event.clear()


def test_kursk_posture_stays_hidden_from_the_other_player_in_hotseat(app, drive):
    """The real Battle for Kursk engine: the German posture (12.0) never reaches the Russian
    player's screen before both are revealed."""
    from hexwar.games import game_ids

    if "battle-for-kursk" not in game_ids():
        pytest.skip("Battle for Kursk is not registered")
    import hexwar

    gs = start(app, hexwar.open_game("battle-for-kursk", "full", seed=2), hotseat=True)
    first = _dismiss_handover(app).side
    groups = gs.ctl.choice_groups()
    assert groups and groups[0].key == "choose:posture" and groups[0].secret
    value = groups[0].options[-1].action.value  # the button is named by the value; its label is in words
    label = groups[0].options[-1].label
    drive.press(f"choose-posture-{value.replace(' ', '_')}")
    ho = _dismiss_handover(app)
    assert ho.side != first
    assert value not in ho.detail and value not in (ho.battle or "")
    assert label not in ho.detail and label not in (ho.battle or "")
    shown = " ".join(_shown_log(gs))
    assert f"posture {value}" not in shown
    assert value not in gs.ctl.status.text
    # The view the client draws from is the player at the screen's: it knows a posture was chosen, not which.
    assert gs.ctl.screen_side() == ho.side
    assert gs.ctl.view().get("posture_chosen", {}).get(first) in (True, None)


def test_counters_of_the_newer_games_read_by_nation_and_type():
    from hexwar.ui.counters import draw_counter, nation_colours, unit_title

    pygame.font.init()
    us = {"id": "US-1", "nation": "us", "side": "allied", "type": "armor", "size": "battalion", "label": "2-16"}
    de = {"id": "DE-1", "nation": "german", "side": "axis", "type": "armor", "size": "battalion", "label": "2-16"}
    odd = {"id": "X-1", "nation": "martian", "side": "blue", "type": "walker", "label": "1-1"}
    assert nation_colours(us)[0] != nation_colours(de)[0]
    assert nation_colours(odd)[0] != nation_colours({"id": "Y", "nation": "martian", "side": "red"})[0]
    a, b = draw_counter(us, 60), draw_counter(de, 60)
    assert a.get_at((30, 6)) != b.get_at((30, 6))
    # Different types draw different symbols in the same box.
    arty = draw_counter({**de, "type": "artillery"}, 60)
    recon = draw_counter({**de, "type": "recon"}, 60)
    box = [(x, y) for x in range(14, 46) for y in range(18, 36)]
    assert any(arty.get_at(p) != recon.get_at(p) for p in box)
    draw_counter(odd, 60)  # an unknown nation and type: a default look, no crash
    assert "armor" in unit_title(us) and "US" in unit_title(us)


def test_a_game_on_a_board_with_its_own_hex_ids_is_named_so_while_on_screen(app):
    from hexwar.core.hexgrid import Hex, hex_ids_of, hex_name

    g = new_game()
    g.rules.board.properties = {"hex_ids": "sheets A:2 B:2"}
    ids = hex_ids_of(g.rules.board)
    h = Hex(3, 1)
    assert ids.name(h) != "0301"
    start(app, g)
    assert hex_name(h) == ids.name(h)
    app.back_to_menu()
    assert hex_name(h) == "0301"


@pytest.mark.parametrize("gid", sorted(__import__("hexwar.games", fromlist=["game_ids"]).game_ids()))
def test_every_registered_game_plays_in_the_client(app, gid):
    """Random legal actions through the controller, with Explain, the tabs, the hex tooltip and
    looking back on the way: the client draws every state without error."""
    import random

    import hexwar

    scen = [s for g, s in hexwar.list_scenarios() if g == gid]
    if not scen:
        pytest.skip(f"{gid} has no scenario yet")
    g = hexwar.open_game(gid, scen[0], seed=5)
    gs = start(app, g)
    rnd = random.Random(1)
    terrain = sorted(g.rules.board.terrain)
    for k in range(60):
        acts = g.legal_actions()
        if not acts or g.result() is not None:
            break
        assert gs.ctl.do(rnd.choice(acts)), gs.ctl.status.text
        gs.after_change()
        while app.stack.top is not gs:
            app.stack.pop()
        if k % 15 == 0:
            for key in (pygame.K_x, pygame.K_t, pygame.K_k, pygame.K_l, pygame.K_x):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
                app.step()
            h = terrain[(k * 37) % len(terrain)]
            gs.mv.center_on(h)
            gs.hover, gs.hover_for = h, 1.0
            app.step()
            assert gs.ctl.hex_lines(h)
            gs.enter_history(max(1, len(g.actions) // 2))
            app.step()
            gs.leave_history()
        app.step()
    assert len(g.actions) >= 10


def test_the_menu_opens_the_map_viewer_of_the_selected_game(app, drive):
    from hexwar.ui.map_scene import MapScene

    menu = app.stack.top
    for _ in range(len(menu.games)):
        gid = menu.games[menu.game_i]
        drive.press("view-map")
        top = app.stack.top
        assert isinstance(top, MapScene), gid
        assert gid.replace("-", " ") in str(top.board.properties.get("game", gid)).replace("-", " ")
        drive.key(pygame.K_ESCAPE)
        assert app.stack.top is menu
        drive.press("game")


def test_the_menu_fits_every_game_with_its_own_sides_and_options():
    from hexwar.games import find_game
    from hexwar.ui.app import App

    small = App((800, 560), resizable=False, menu=True)
    try:
        menu = small.stack.top
        for _ in range(len(menu.games)):
            gid = menu.games[menu.game_i]
            pkg = find_game(gid)
            sides = getattr(getattr(pkg, "tables", None), "SIDES", None) or getattr(pkg, "rules", None).SIDES
            assert tuple(menu.players) == tuple(sides), gid
            screen = pygame.Rect(0, 0, 800, 560)
            for b in menu.buttons.buttons:
                assert screen.contains(b.rect), (gid, b.name, b.rect)
            for name in getattr(pkg, "OPTIONS", {}):
                b = menu.buttons.find(f"option-{name}")
                assert b is not None and b.tooltip, (gid, name)
            menu.next_game()
    finally:
        pygame.event.clear()


def test_a_combat_phase_without_kievs_declared_flag_reaches_the_resolve_step(app):
    """Kasserine resolves its battles after a declaration step of its own: the client finds the
    resolve step from the legal actions and lists the battles to resolve."""
    import random

    from hexwar.core.actions import Attack, Resolve
    from hexwar.games import game_ids

    if "kasserine-pass" not in game_ids():
        pytest.skip("Kasserine Pass is not registered")
    import hexwar

    g = hexwar.open_game("kasserine-pass", "standard", seed=3)
    rnd = random.Random(2)
    for _ in range(600):
        acts = g.legal_actions()
        if any(isinstance(a, Resolve) for a in acts) and not any(isinstance(a, Attack) for a in acts):
            break
        g.apply(rnd.choice(acts))
    else:
        pytest.fail("no resolve step reached")
    gs = start(app, g)
    assert gs.ctl.mode() == "combat-resolve"
    names = [b.name for b in gs.panel.context.buttons.buttons]
    assert any(n.startswith("resolve-") for n in names), names
    assert not any(grp.key == "verb:resolve" for grp in gs.ctl.choice_groups())


def test_the_saves_list_names_turns_as_the_game_does(tmp_path):
    from hexwar.games import game_ids
    from hexwar.ui.saves import SaveIndex

    if "battle-for-kursk" not in game_ids():
        pytest.skip("Battle for Kursk is not registered")
    import hexwar

    g = hexwar.open_game("battle-for-kursk", "full", seed=3)
    g.apply(g.legal_actions()[0])
    p = tmp_path / "kursk.yaml"
    g.save(p)
    idx = SaveIndex(threaded=False)
    info = idx.info(p)
    idx.wait()
    info = idx.info(p)
    assert info.replayed and info.where().startswith("Turn A (1 of 12)"), info.where()


def test_an_advance_made_by_moving_is_clicked_on_the_map(app, drive):
    """Kasserine's advance after combat is a Move along a path: select the unit, click a hex."""
    import random

    from hexwar.core.actions import Move
    from hexwar.games import game_ids

    if "kasserine-pass" not in game_ids():
        pytest.skip("Kasserine Pass is not registered")
    import hexwar

    g = hexwar.open_game("kasserine-pass", "standard", seed=3)
    rnd = random.Random(2)
    for _ in range(800):
        st = g.view(g.acting_side()).get("stage")
        if st and st["kind"] == "advance" and any(isinstance(a, Move) for a in g.legal_actions()):
            break
        g.apply(rnd.choice(g.legal_actions()))
    else:
        pytest.fail("no advance by moving reached")
    gs = start(app, g)
    assert gs.ctl.step_moves() and not any(grp.key == "verb:move" for grp in gs.ctl.choice_groups())
    mv = next(a for a in g.legal_actions() if isinstance(a, Move))
    u = gs.ctl.unit(mv.unit)
    from hexwar.core.hexgrid import parse_hex

    gs.mv.center_on(parse_hex(u["hex"]))
    app.step()
    drive.click_hex(u["hex"])
    assert gs.ctl.sel == mv.unit
    drive.click_hex(mv.dest)
    assert isinstance(gs.game.actions[-1], Move) and gs.game.actions[-1].unit == mv.unit


def test_notices_of_the_view_are_shown_in_the_panel_and_at_the_hand_over(app):
    g = new_game()
    view = g.rules.view
    g.rules.view = lambda state, side: {**view(state, side), "notices": ["Mud turn: one hex per phase (11.1)"]}
    gs = start(app, g, hotseat=True)
    ho = _dismiss_handover(app)
    assert ho.detail.startswith("Mud turn: one hex per phase (11.1)")
    assert "⚑ Mud turn: one hex per phase (11.1)" in _panel_texts(gs)


def test_actions_aimed_at_a_hex_follow_the_target_picked_on_the_map(app):
    """Kursk's offensives are actions aimed at a hex: once a target is picked on the map, the
    chooser offers only those aimed at it."""
    from dataclasses import dataclass

    from hexwar.core.hexgrid import Hex

    @dataclass(frozen=True)
    class Aim:
        target: Hex

        def notation(self) -> str:
            return f"aim {self.target}"

    class Aiming(MiniRules):
        def legal_actions(self, state):
            out = super().legal_actions(state)
            return out + [Aim(Hex(1, 1)), Aim(Hex(2, 2))] if state.phase == "orders" else out

    g = new_game()
    g.rules.__class__ = Aiming
    g.apply("choose posture hold")
    g.apply("choose posture engage")
    gs = start(app, g)
    aims = next(grp for grp in gs.ctl.choice_groups() if grp.key == "verb:aim")
    assert len(aims.options) == 2
    gs.ctl.target = Hex(2, 2)
    aims = next(grp for grp in gs.ctl.choice_groups() if grp.key == "verb:aim")
    assert [o.action for o in aims.options] == [Aim(Hex(2, 2))]
    assert any(grp.key == "verb:signal" for grp in gs.ctl.choice_groups())  # the others stay
