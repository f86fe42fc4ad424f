"""History, explain, the game summary, hotseat hand-overs, the saves list and the
computer opponent, driven headless with posted events."""
from __future__ import annotations

import random
import threading
import time

import pygame

import hexwar
from hexwar import paths
from hexwar.core.actions import parse_action
from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.games.objective_kiev import tables
from hexwar.games.objective_kiev.positions import board, position
from hexwar.ui import rules_text
from hexwar.ui.computer import ComputerDriver, RandomAdapter, make_computer
from hexwar.ui.history import Timeline, summarize
from hexwar.ui.saves import SaveIndex
from hexwar.ui.scenes import GameScene, HandoverScene, MenuScene, VictoryScene

from .conftest import start

CTRL = pygame.KMOD_LCTRL


def where(game, uid):
    u = game.state.units[uid]
    return u.where, hex_name(u.hex) if u.hex else None


def random_game(seed: int, n: int):
    from hexwar.ai.random_player import choose_random

    g = hexwar.open_game("objective-kiev", "standard", seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        if g.result() is not None:
            break
        g.apply(choose_random(g, rng))
    return g


def battle_game(dice=(3,)):
    """Axis combat: G-III and G-XIV (22) against SU-5A and a mech corps (9) at 0505: 2:1."""
    return position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604"}, phase="axis_combat", dice=list(dice),
                    mech={"SU-2M": "0505"})


# --- 1. looking back ------------------------------------------------------------------------------
def test_history_shows_earlier_positions_read_only(app, drive):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.click_hex("0304")
    drive.click_hex("0403")
    drive.click_hex("0404")
    assert where(g, "G-XIV") == ("map", "0404") and len(g.actions) == 2
    drive.key(pygame.K_h)  # look back: at the present position, read-only
    assert gs.past is not None and gs.past.index == 2
    drive.key(pygame.K_LEFT)
    assert gs.past.index == 1
    assert gs.view_ctl.unit("G-III")["hex"] == "0304" and gs.view_ctl.unit("G-XIV")["hex"] == "0403"
    drive.key(pygame.K_LEFTBRACKET)
    assert gs.past.index == 0 and gs.view_ctl.unit("G-III")["hex"] == "0303"
    banner = __import__("hexwar.ui.panel.history_block", fromlist=["x"]).history_banner(gs)
    assert banner == "Viewing history: turn 2, Axis movement — press Esc to return to the present"
    app.draw(app.screen)
    # Nothing can be done: clicks only describe, keys that act are refused, the game is untouched.
    digest = g.digest()
    drive.click_hex("0303")
    drive.click_hex("0403")
    drive.key(pygame.K_e)
    drive.key(pygame.K_z, CTRL)
    assert g.digest() == digest and len(g.actions) == 2
    assert gs.view_ctl.status.kind == "refusal" and "earlier position" in gs.view_ctl.status.text
    assert not drive.button("end").enabled and not drive.button("undo").enabled
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_RIGHT)  # no further than the present
    assert gs.past.index == 2
    drive.key(pygame.K_ESCAPE)
    assert gs.past is None
    # Back in the present the game plays on.
    drive.click_hex("0404")
    assert gs.ctl.sel == "G-XIV"


def test_clicking_a_log_line_shows_the_board_after_that_action(app, drive):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.click_hex("0304")
    drive.click_hex("0403")
    drive.click_hex("0404")
    app.step()
    rows = [(rect, row) for rect, row in gs.panel.log_visible if row[4] == "action" and row[3] == 1]
    assert rows, gs.panel.log_visible
    drive.click(rows[0][0].center)
    assert gs.past is not None and gs.past.index == 1
    assert gs.view_ctl.unit("G-III")["hex"] == "0304"
    assert gs.panel.log_selected == 1
    drive.press("hist-present")
    assert gs.past is None


def test_a_loaded_game_has_its_events_and_every_position(app, drive, tmp_path):
    g = random_game(3, 200)
    rec = tmp_path / "g.yaml"
    g.save(rec)
    loaded = hexwar.load_record(rec)
    gs = start(app, loaded)
    ctl = gs.ctl
    assert ctl.timeline.complete()
    kinds = {e.kind for e in ctl.log}
    assert "event" in kinds
    texts = [e.text for e in ctl.log]
    assert any(t.startswith("Die roll") for t in texts) == any(a.notation().startswith("roll") for a in g.actions)
    assert any("set-up" in t or "Turn" in t for t in texts)
    # Every position of the replay is the one the game went through.
    for k in (0, 1, 57, 130, len(g.actions)):
        went = g._history[k].state if k < len(g.actions) else g.state
        assert ctl.timeline.at(k).state.snapshot() == went.snapshot()
    # The turn list jumps to the first position of each turn; stepping is instant (cached).
    starts = ctl.timeline.turn_starts()
    assert starts[0] == ("Start", 0) and [lbl for lbl, _ in starts[1:3]] == ["Turn 1", "Turn 2"]
    gs.enter_history(0)
    app.step()
    drive.press("hist-turn-2")
    inf = ctl.timeline.info(gs.past.index)
    assert inf.turn == 2 and ctl.timeline.info(gs.past.index - 1).turn == 1
    for _ in range(20):
        drive.key(pygame.K_RIGHT)
    drive.key(pygame.K_PAGEDOWN)
    drive.key(pygame.K_HOME)
    assert gs.past.index == 0


def test_history_after_undo_forgets_the_undone_steps(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.click_hex("0303")
    drive.click_hex("0304")
    drive.key(pygame.K_z, CTRL)
    assert gs.ctl.timeline.last == 0
    drive.click_hex("0303")
    drive.click_hex("0403")
    gs.enter_history(1)
    assert gs.view_ctl.unit("G-III")["hex"] == "0403"


# --- 2. explain -----------------------------------------------------------------------------------
def test_explain_marks_zones_of_control_cut_off_units_and_overstacks(app, drive):
    # Four Soviet units across a 4-row board cut the Axis unit at 0603 off from its edge (column 01).
    b = board(10, 4)
    g = position({"SU-5A": "0301", "SU-6A": "0302", "SU-9A": "0303", "SU-12A": "0304", "G-III": "0603",
                  "G-XIV": "0803", "G-XLVIII": "0803", "G-LII": "0803"}, phase="axis_movement", board_=b)
    gs = start(app, g)
    app.draw(app.screen)
    before = pygame.surfarray.array3d(app.screen).copy()
    drive.key(pygame.K_x)
    assert gs.explain and drive.button("explain").toggled
    ex = {la.key: la for la in gs.layer.explain_sets(gs.ctl)}  # the game's map layers for the Axis player
    assert ex["zoc"].hexes == g.rules.zoc(g.state, "soviet") and parse_hex("0402") in ex["zoc"].hexes
    assert ex["zoc"].label.startswith("Soviet zones of control") and ex["zoc"].rule == "7.0"
    assert parse_hex("0603") in ex["cut"].hexes and parse_hex("0803") in ex["cut"].hexes
    assert parse_hex("0803") in ex["over"].hexes and ex["over"].rule == "8.1"
    app.draw(app.screen)
    after = pygame.surfarray.array3d(app.screen)
    assert (before != after).any()
    # The hex tooltip says so in words too.
    lines = gs.ctl.hex_lines(parse_hex("0402"))
    assert any("zone of control (7.0)" in ln for ln in lines)
    # The rules tab explains the marks.
    drive.key(pygame.K_k)
    assert gs.panel.tab == "rules" and gs.panel.explain
    text = " ".join(r[0] for r in gs.panel._rules_rows(gs.ctl)[0])
    assert "Red slanted lines: Soviet zones of control" in text and "(7.0)" in text
    assert [r[2] for r in gs.panel.legend.rows] == ["Soviet zones of control: moving in ends a move (7.0): "
                                                    f"{len(ex['zoc'].hexes)}",
                                                    f"Axis units cut off from their map edge (12.2, 12.3): "
                                                    f"{len(ex['cut'].hexes)}",
                                                    "Overstacked hexes: the owner removes the excess at the end of "
                                                    "the phase (8.1): 1"]
    app.draw(app.screen)
    drive.key(pygame.K_x)
    assert not gs.explain


def test_explain_names_the_rule_on_the_hovered_hex(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    drive.key(pygame.K_x)
    drive.click_hex("0303")
    drive.hover(gs.mv.hex_center(parse_hex("0707")))
    assert gs.ctl.hover_text.startswith("Cannot go to 0707: 9.1.1")
    app.draw(app.screen)


def test_every_phase_and_battle_step_has_an_explanation():
    import re
    from pathlib import Path

    import hexwar.core
    import hexwar.games.objective_kiev.rules as R
    from hexwar.games import entry

    kiev_entry = entry(tables.GAME_ID)
    for p in tables.PHASES:
        paras = rules_text.phase_paragraphs(kiev_entry.phase(p.id))
        assert paras and all(paras) and paras == list(kiev_entry.phase(p.id).help), p.id
    # The battle steps are made in the game package or, since the shared core, in hexwar/core.
    files = [Path(R.__file__)] + sorted(Path(hexwar.core.__file__).parent.glob("*.py"))
    kinds = set()
    for f in files:
        kinds |= set(re.findall(r'Stage\("([a-z_]+)"', f.read_text(encoding="utf-8")))
    kiev = {"roll", "defender_loss", "exchange_loss", "attacker_loss", "retreat", "advance", "overstack"}
    assert kiev <= kinds
    for k in kinds - kiev:  # steps of the other games: at least a generic line naming the step
        assert rules_text.stage_line(kiev_entry, k, "axis", "0101")
    for k in kiev:  # Kiev's own words for each, with its rule
        st = kiev_entry.step(k)
        assert st is not None and st.help and st.prompt and st.rule, k
        assert rules_text.stage_line(kiev_entry, k, "axis", "0101").endswith(f"({st.rule})")
    for m in ("combat-declare", "combat-resolve"):
        assert rules_text.mode_note(kiev_entry, m)


# --- 3. the summary at the end ------------------------------------------------------------------
def test_summary_counts_losses_battles_and_dice():
    g = battle_game(dice=[3])
    tl = Timeline(g)  # follows the game: every action applied is in it with its events
    for a in ("attack 0505 G-III G-XIV", "end", "resolve 0505", "roll", "loss SU-5A"):
        g.apply(parse_action(a))
    assert tl.last == 5 and tl.step(4).side == "axis" and tl.step(5).side == "soviet"
    sm = summarize(tl, ("axis", "soviet"))
    ax, so = sm.sides["axis"], sm.sides["soviet"]
    assert ax.battles == 1 and ax.results == {"EX": 1} and so.battles == 0
    assert ax.rolls == [3] and ax.mean_roll == 3 and ax.roll_counts() == [0, 0, 1, 0, 0, 0]
    assert so.steps_lost == 1 and so.units_eliminated == 0  # SU-5A flipped
    # The exchange: the Axis pays at least as many points with a step of its own.
    g.apply(parse_action("loss G-XIV"))
    assert summarize(tl, ("axis", "soviet")).sides["axis"].steps_lost == 1


def test_summary_of_a_whole_game_matches_its_events():
    from hexwar.ai.random_player import play_random

    g = hexwar.open_game("objective-kiev", "standard", seed=8)
    events = []
    play_random(g, 8, after=lambda game, a, ev: events.append(ev))
    tl = Timeline(g)  # the game's own timeline: every action with its events
    sm = summarize(tl, ("axis", "soviet"))
    rolls = [e.data["roll"] for ev in events for e in ev if e.kind == "die_rolled"]
    assert sorted(sm.sides["axis"].rolls + sm.sides["soviet"].rolls) == sorted(rolls)
    elim = sum(1 for ev in events for e in ev if e.kind == "eliminated")
    assert sm.sides["axis"].units_eliminated + sm.sides["soviet"].units_eliminated == elim
    assert sm.turns_played == g.state.turn and sm.result["level"] == g.result().level
    assert sum(sm.cities.values()) == sm.total_cities == 16
    assert set(sm.cities_by_turn) == set(range(1, g.state.turn + 1))


def test_victory_screen_shows_the_summary(app, drive):
    g = position({"G-III": "0504", "G-XIV": "0604", "SU-5A": "0505", "SU-6A": "0909"}, phase="axis_combat", turn=7,
                 dice=[1])
    gs = start(app, g)
    for a in ("attack 0505 G-III G-XIV", "end", "resolve 0505", "roll"):
        gs.ctl.do(parse_action(a))
    while g.result() is None:
        acts = gs.ctl.legal_now()
        gs.ctl.do(next((a for a in acts if a.notation() in ("end", "advance none")), acts[0]))
    gs.after_change()
    app.step()
    v = drive.top
    assert isinstance(v, VictoryScene) and v.summary is not None
    assert v.summary.actions == len(g.actions) and v.summary.sides["axis"].results == {"DR": 1}
    assert v.summary.sides["axis"].rolls == [1]
    app.draw(app.screen)
    drive.press("victory-history")
    assert isinstance(drive.top, GameScene) and gs.past is not None and gs.past.index == 0


# --- 4. hotseat and hidden information ---------------------------------------------------------------
def test_handover_when_a_battle_hands_a_decision_to_the_other_player(app, drive):
    g = battle_game(dice=[3])
    gs = start(app, g, hotseat=True)
    assert isinstance(drive.top, HandoverScene) and drive.top.side == "axis"
    drive.click((5, 5))
    drive.click_hex("0505")
    drive.click_hex("0504")
    drive.click_hex("0604")
    drive.press("declare")
    drive.key(pygame.K_e)
    drive.click_hex("0505")
    drive.press("roll")
    # The attacker sees the die first; the hand-over comes as soon as it is put away.
    assert gs.ctl.die is not None and isinstance(drive.top, GameScene)
    assert g.acting_side() == "soviet"
    drive.key(pygame.K_SPACE)
    ho = drive.top
    assert isinstance(ho, HandoverScene) and ho.side == "soviet" and ho.decision
    assert "EX" in (ho.battle or "")
    app.draw(app.screen)
    drive.click((5, 5))
    assert isinstance(drive.top, GameScene)
    drive.press("choose-SU-5A")
    # Now the attacker pays the exchange: back to the Axis player, hidden again.
    assert g.acting_side() == "axis"
    assert isinstance(drive.top, HandoverScene) and drive.top.side == "axis"


def test_untried_units_show_a_question_mark_everywhere(app, drive):
    g = hexwar.open_game("objective-kiev", "standard", seed=4)
    gs = start(app, g)
    untried = [u for u in gs.ctl.view()["units"] if u["label"] == "?"]
    assert len(untried) == 10 and all(u["spec"] == "untried" for u in untried)
    tray = {i.unit["id"]: i.unit for i in gs.panel.context.tray}
    assert all(tray[u["id"]]["label"] == "?" for u in untried if u["id"] in tray)
    mech = untried[0]["id"]
    hexes = sorted(gs.ctl.place_hexes(mech))
    gs.ctl.do(parse_action(f"place {mech} {hex_name(hexes[0])}"))
    gs.enter_history(1)
    assert gs.view_ctl.unit(mech)["label"] == "?"
    lines = gs.view_ctl.hex_lines(hexes[0])
    assert not any(g.state.units[mech].spec in ln for ln in lines)


# --- 5. the saves list --------------------------------------------------------------------------------
def test_saves_list_shows_turn_phase_and_date(app, drive, tmp_path):
    g = random_game(5, 120)
    name = "objective-kiev_zz-list.yaml"
    g.save(paths.saves_dir() / name)
    bad = paths.saves_dir() / "zz-bad.yaml"
    bad.write_text("game: [broken\n", encoding="utf-8")
    try:
        idx = SaveIndex(threaded=False, cache_file=tmp_path / "idx.json")
        info = idx.info(paths.saves_dir() / name)
        v = g.view(None)
        assert info.replayed and info.turn == v["turn"] and info.phase == v["phase_name"]
        assert info.actions == len(g.actions) and info.title == "Objective: Kiev"
        assert info.where().startswith(f"Turn {v['turn']} of 7, {v['phase_name']}")
        assert v["date"] in info.where()
        assert idx.info(bad).error
        # Remembered: a new index reads the cache file, no replay needed.
        again = SaveIndex(threaded=False, cache_file=tmp_path / "idx.json")
        assert again._known and again.info(paths.saves_dir() / name).turn == v["turn"]
        # The menu draws its rows.
        menu = drive.top
        assert isinstance(menu, MenuScene)
        menu.index = idx
        menu.layout(app.size)
        app.step()
        assert any(p.name == name for _, p in menu.save_rows)
        drive.button(f"load-{name}")
    finally:
        (paths.saves_dir() / name).unlink()
        bad.unlink()


# --- 6. the computer opponent -------------------------------------------------------------------------
class GatedPlayer:
    """A computer player that thinks until the test lets it answer (to check the window stays
    responsive meanwhile). A gate, not a sleep: a frame that happens to be slow on a busy machine
    (the heap settled after a game's first frame) cannot outlast the thinking."""

    def __init__(self) -> None:
        self.go = threading.Event()
        self.inner = RandomAdapter(1)

    def choose(self, game, side):
        self.go.wait(10)
        return self.inner.choose(game, side)


def test_menu_offers_human_or_computer_for_each_side(app, drive, monkeypatch):
    menu = drive.top
    drive.press("soviet-human")
    drive.press("axis-computer-normal")
    assert menu.players == {"axis": "computer:normal", "soviet": "human"}
    assert not drive.button("hotseat").enabled  # no hand-over against the computer
    seen = {}
    monkeypatch.setattr(app, "start_game", lambda game, **kw: seen.update(kw))
    drive.press("new-game")
    assert seen["players"] == {"axis": "computer:normal", "soviet": "human"}
    drive.press("axis-human")
    assert app.settings.players == {"axis": "human", "soviet": "human"}


def test_menu_strength_levels_with_keys_and_tooltips(app, drive):
    """Issue 8: a strength level per computer side, shown in the menu, reachable from the
    keyboard (1, 2 cycle human -> easy -> normal), each level's tooltip saying what it does."""
    menu = drive.top
    drive.press("soviet-human")
    drive.press("axis-human")
    for b in ("axis-computer-easy", "axis-computer-normal"):
        assert drive.button(b).label.startswith("Computer: ")
    assert "greedy" in drive.button("axis-computer-easy").tooltip
    assert "best odds" in drive.button("axis-computer-easy").tooltip
    assert "reasons" in drive.button("axis-computer-easy").tooltip  # the easy level explains itself too
    assert "plan" in drive.button("axis-computer-normal").tooltip
    drive.key(pygame.K_1)
    assert menu.players["axis"] == "computer:easy" and drive.button("axis-computer-easy").toggled
    drive.key(pygame.K_1)
    assert menu.players["axis"] == "computer:normal" and not drive.button("axis-computer-easy").toggled
    drive.key(pygame.K_2)
    assert menu.players == {"axis": "computer:normal", "soviet": "computer:easy"}
    drive.key(pygame.K_1)
    assert menu.players["axis"] == "human"
    assert app.settings.players == {"axis": "human", "soviet": "computer:easy"}
    # Settings written before levels existed ("computer") read as the normal level.
    app.settings.players = {"axis": "computer", "soviet": "nonsense"}
    menu._load_options()
    assert menu.players == {"axis": "computer:normal", "soviet": "human"}
    menu.set_player("axis", "human")  # the settings file is shared by the tests that follow
    menu.set_player("soviet", "human")


def test_the_easy_level_is_the_greedy_player_and_is_kept_in_the_record(app, drive, tmp_path):
    from hexwar.ai.objective_kiev.easy import GreedyPlayer
    from hexwar.ai.objective_kiev.normal import KievPlayer

    game = hexwar.open_game("objective-kiev", "standard", seed=5)
    gs = app.start_game(game, hotseat=False, autosave=True, threaded=False,
                        players={"axis": "computer:easy", "soviet": "computer"})
    assert isinstance(gs.computer.players["axis"], GreedyPlayer)
    assert isinstance(gs.computer.players["soviet"], KievPlayer)  # an older "computer": normal
    assert game.header["players"] == {"axis": "computer:easy", "soviet": "computer:normal"}
    assert gs.computer.levels == {"axis": "easy", "soviet": "normal"}
    rec = tmp_path / "easy.yaml"
    game.save(rec)
    loaded = hexwar.load_record(rec)
    assert loaded.header["players"] == {"axis": "computer:easy", "soviet": "computer:normal"}
    gs2 = app.start_game(loaded, hotseat=False, autosave=False, threaded=False)
    assert isinstance(gs2.computer.players["axis"], GreedyPlayer) and gs2.computer.levels["axis"] == "easy"


def test_the_computer_plays_its_side_with_reasons_and_no_handover(app, drive):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707"}, phase="axis_movement", dice=[2] * 20)
    gs = start(app, g, hotseat=True, players={"axis": "computer"})
    assert not isinstance(drive.top, HandoverScene)
    assert gs.computer_turn()
    animated = False
    for _ in range(400):
        app.step(0.3)
        animated = animated or gs.anim is not None
        if g.acting_side() == "soviet":
            break
    assert g.acting_side() == "soviet"
    assert len(g.actions) >= 2
    assert not any(isinstance(s, HandoverScene) for s in app.stack.scenes)
    assert any(e.kind == "reason" for e in gs.ctl.log)
    assert animated
    # The person's turn: the controls work again.
    assert not gs.computer_turn() and drive.button("end").enabled


def test_computer_pace_space_and_skip_enter(app, drive):
    g = position({"G-III": "0303", "G-XIV": "0403", "SU-5A": "0707"}, phase="axis_movement", dice=[2] * 20)
    gs = start(app, g, players={"axis": "computer"})
    drive.key(pygame.K_SPACE)
    assert gs.computer.fast
    drive.key(pygame.K_SPACE)
    assert not gs.computer.fast
    drive.key(pygame.K_e)  # not the person's turn: refused, nothing happens
    assert g.state.phase == "axis_movement" and "computer" in gs.ctl.status.text
    drive.key(pygame.K_RETURN)
    assert gs.computer.skipping
    for _ in range(40):
        app.step(0.001)  # no pauses while skipping
        if not gs.computer_turn():
            break
    assert not gs.computer_turn()


def test_the_computer_thinks_off_the_render_loop(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=True, players={"axis": "computer"})
    player = GatedPlayer()
    gs.computer.players["axis"] = player
    app.step()
    assert gs.computer.thinking()
    for _ in range(5):  # frames go on while the computer is thinking
        app.step(0.01)
        assert gs.computer.thinking()
    player.go.set()
    t0 = time.perf_counter()
    while (gs.computer.thinking() or not g.actions) and time.perf_counter() - t0 < 10:
        app.step(0.05)
    assert not gs.computer.thinking() and g.actions  # and its answer was applied
    app.draw(app.screen)


class EndPhasePlayer:
    """A computer player that passes: it ends every phase at once."""

    def choose(self, game, side):
        from hexwar.core.actions import EndPhase
        from hexwar.ui.computer import Decision

        return Decision(EndPhase(), "nothing to do")


def test_undo_against_the_computer_takes_back_its_replies(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=2)
    gs = start(app, g, players={"axis": "computer"})
    gs.computer.players["axis"] = EndPhasePlayer()
    drive.click_hex("0707")
    drive.click_hex("0708")
    drive.key(pygame.K_e)  # the person's last action (the computer may answer in the same frame)
    assert gs.ctl.timeline.step(2).side == "soviet" and g.actions[1].notation() == "end"
    for _ in range(200):  # the computer passes through its whole turn 3
        app.step(0.5)
        if not gs.computer_turn():
            break
    assert g.state.phase == "soviet_buildup" and len(g.actions) == 6
    assert [e.kind for e in gs.ctl.log].count("reason") == 4
    drive.key(pygame.K_z, CTRL)
    # Back to before the person's own last action, with the computer's four replies gone.
    assert len(g.actions) == 1 and g.state.phase == "soviet_movement"
    assert [a.notation() for a in gs.ctl.redo_stack] == ["end"]
    assert not [e for e in gs.ctl.log if e.index > 1]
    # Nothing of the person's left to undo after a phase handed to the computer? Undo still works on theirs.
    drive.key(pygame.K_z, CTRL)
    assert len(g.actions) == 0


def test_the_computer_falls_back_to_the_random_player(monkeypatch):
    import hexwar.ai.player as P

    def nope(*a, **k):
        raise KeyError("no computer player for this game")

    monkeypatch.setattr(P, "make_player", nope)
    player, note = make_computer("objective-kiev", 3)
    assert isinstance(player, RandomAdapter) and "random" in note
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    drv = ComputerDriver(g, {"axis": player}, threaded=False)
    dec = drv.tick(0.0, True)
    assert dec is not None and g.check(dec.action) is None


def test_hotseat_players_undo_only_their_own_actions(app, drive):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=2)
    gs = start(app, g, hotseat=True)
    drive.click((5, 5))  # the Soviet player sits down
    drive.click_hex("0707")
    drive.click_hex("0708")
    drive.key(pygame.K_z, CTRL)  # their own move: fine
    assert len(g.actions) == 0
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)
    assert g.acting_side() == "axis" and isinstance(drive.top, HandoverScene)
    drive.click((5, 5))
    n = len(g.actions)
    drive.key(pygame.K_z, CTRL)  # the Axis player may not take back the Soviet's end of phase
    assert len(g.actions) == n and gs.ctl.status.kind == "refusal" and "Soviet" in gs.ctl.status.text


def test_command_line_computer_side(tmp_path):
    from hexwar.ui.app import build_parser

    args = build_parser().parse_args(["--game", "objective-kiev", "--computer", "axis"])
    assert args.computer == ["axis"] and args.level == "normal"
    from hexwar.ui.app import main

    assert main(["--game", "objective-kiev", "--computer", "axis:hard", "--screenshot", str(tmp_path / "x.png")]) == 2


def test_a_loaded_game_is_not_replayed_a_second_time(app, drive, tmp_path, monkeypatch):
    from hexwar.core.game import Game

    g = random_game(6, 150)
    rec = tmp_path / "bg.yaml"
    g.save(rec)
    loaded = hexwar.load_record(rec)  # the core replays the record, keeping every event
    applied = []
    real_apply = Game.apply
    monkeypatch.setattr(Game, "apply", lambda self, a: applied.append(a) or real_apply(self, a))
    gs = app.start_game(loaded, hotseat=False, autosave=False, threaded=True)
    app.step()
    # The log and the positions come from game.timeline(), the start from game.start_state:
    # nothing is applied again.
    assert applied == []
    assert sum(1 for e in gs.ctl.log if e.kind == "event") > 100
    assert gs.ctl.log[[e.kind for e in gs.ctl.log].index("action")].side == "soviet"
    gs.enter_history(10)
    assert gs.past is not None and gs.past.index == 10
    assert gs.ctl.timeline.at(10).state is loaded.timeline()[9][2]
    gs.enter_history(0)
    assert gs.past.index == 0 and applied == []
    assert gs.past.game.state is loaded.start_state


def test_who_plays_each_side_is_saved_and_restored(app, drive, tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=5)
    gs = app.start_game(game, hotseat=False, autosave=True, threaded=False, players={"soviet": "computer"})
    assert game.header["players"] == {"axis": "human", "soviet": "computer:normal"}
    app.step()
    # The autosave remembers it, and "Continue" brings the computer side back.
    assert hexwar.load_record(paths.autosave_path()).header["players"] == {"axis": "human", "soviet": "computer:normal"}
    app.back_to_menu()
    menu = drive.top
    assert isinstance(menu, MenuScene)
    menu.players = {"axis": "human", "soviet": "human"}  # the menu's own choice does not count for a save
    menu.continue_last()
    gs2 = drive.game_scene
    assert gs2 is not gs and gs2.computer.is_computer("soviet") and not gs2.computer.is_computer("axis")
    # So does the command line, unless --computer says otherwise.
    from hexwar.ui.app import main

    out = tmp_path / "shot.png"
    assert main(["--record", str(paths.autosave_path()), "--screenshot", str(out)]) == 0


def test_the_start_of_a_loaded_game_and_who_took_the_first_action(tmp_path):
    g = random_game(2, 30)
    rec = tmp_path / "s.yaml"
    g.save(rec)
    tl = Timeline(hexwar.load_record(rec))
    assert tl.last == len(g.actions) and tl.step(2).action == g.actions[1]
    # The start is the game's own start_state; so the first action has its side too.
    assert tl.at(0).state.snapshot() == g._history[0].state.snapshot()
    assert tl.step(1).side == g.rules.acting_side(g._history[0].state)
    assert tl.complete() and tl.error is None
