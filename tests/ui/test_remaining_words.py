"""The last words and screen items of issue 17, in the client through the contract: who may join
a battle as the engine's check says (a refused unit listed with its reason), every hex tooltip in
player's words, the set-up tray, hand-over and menu tooltips through ``game.for_player``, Black
Wednesday's prompt and standing in plain words, the results table's column in view, and hex ids
never under counters."""
from __future__ import annotations

import re

import pygame
import pytest

import hexwar
import hexwar.games
from hexwar.core import actions as A
from hexwar.core.hexgrid import parse_hex
from hexwar.games.objective_kiev.positions import position

from .conftest import start

# As tests/test_newcomer_words.py reads an internal id: a snake_case word, a KP- rule-case id.
SNAKE = re.compile(r"(?<![\w.-])[a-z]+(?:_[a-z0-9]+)+(?![\w-])")
KP_ID = re.compile(r"\bKP-[A-Z]")


def internal_ids(text: str) -> list[str]:
    return SNAKE.findall(text) + KP_ID.findall(text)


pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


def texts(gs) -> list[str]:
    gs.refresh()
    return [s[1] for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "text"]


def test_kiev_a_unit_refused_by_one_unit_per_hexside_is_not_listed_as_may_join(app, drive):
    """10.2: with G-III attacking across its hexside, G-XIV of the same stack may not join; the
    panel lists it with the engine's reason, and only G-XLVIII (another hexside) under may join."""
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0504", "G-XLVIII": "0604"}, phase="axis_combat")
    gs = start(app, g)
    drive.click_hex("0505")
    drive.click_hex("0504")
    first = gs.ctl.attackers[0]
    other = "G-XIV" if first == "G-III" else "G-III"
    why = g.check(A.Attack(parse_hex("0505"), tuple(sorted((first, other)))))
    assert why is not None and why.rule == "10.2"
    shown = texts(gs)
    line = next(t for t in shown if t.startswith("Attackers: "))
    assert "may join: G-XLVIII" in line and other not in line
    whole = " ".join(shown)  # a long line is drawn wrapped
    assert f"✖ {other} cannot join: {why.reason} (10.2)" in whole


@pytest.mark.parametrize("game_id", hexwar.games.game_ids())
def test_every_hex_tooltip_is_in_player_words(app, game_id):
    """The tooltip of every hex of the map (terrain, hexsides, places, the rules' notes, marks,
    units) carries no internal id: terrain and hexside kinds read as the game names them."""
    g = hexwar.open_game(game_id, seed=1)
    gs = start(app, g)
    bad = {}
    for h in g.board.hexes:
        for ln in gs.ctl.hex_lines(h):
            if internal_ids(ln):
                bad.setdefault(tuple(internal_ids(ln)), ln)
    assert not bad, list(bad.values())[:5]


def test_terrain_and_hexside_kinds_read_as_the_game_names_them(app):
    g = hexwar.open_game("black-wednesday", seed=1)
    gs = start(app, g)
    ditch = next(h for f in g.board.features if f.kind == "at_ditch" for h in (f.hexsides[0].a,))
    assert any("AT (anti-tank) ditch" in ln for ln in gs.ctl.hex_lines(ditch))
    bog = next(h for h, t in g.board.terrain.items() if t == "peat_bog")
    assert gs.ctl.hex_lines(bog)[0].endswith("peat bog") or " peat bog" in gs.ctl.hex_lines(bog)[0]
    assert "peat bog" in g.board.describe(bog)


def _marked(text: str) -> str:
    return f"«{text}»" if text else text


def test_the_setup_tray_names_its_rule_through_for_player(app, monkeypatch):
    """The set-up tray says which rule places the counters, in the game's words."""
    g = hexwar.open_game("objective-kiev", seed=1)
    monkeypatch.setattr(g, "for_player", _marked)
    gs = start(app, g)
    shown = texts(gs)
    whole = " ".join(shown)  # a long line is drawn wrapped
    assert "Click a counter, then a green-framed hex on the map («6.0»)." in whole, shown[:12]


def test_the_handover_screen_reads_through_for_player(app, drive, monkeypatch):
    from hexwar.ui.scenes import HandoverScene

    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="soviet_movement", turn=2)
    monkeypatch.setattr(g, "for_player", _marked)
    start(app, g, hotseat=True)
    drive.click((5, 5))  # the Soviet player sits down
    drive.key(pygame.K_e)
    drive.key(pygame.K_RETURN)
    top = drive.top
    assert isinstance(top, HandoverScene)
    assert top.detail.startswith("«") and top.detail.endswith("»") and "««" not in top.detail
    # The battle result that hands a decision over is read in the game's words too.
    drive.click((5, 5))
    gs = drive.game_scene
    gs.pending_handover = ("axis", "What to do now.", True, "SU-5A is attacked at 1:1: EX (10.0)")
    gs.ctl.acting = lambda: "axis"
    gs._show_handover()
    top = drive.top
    assert isinstance(top, HandoverScene) and top.battle == "«SU-5A is attacked at 1:1: EX (10.0)»"


def test_the_menu_tooltips_read_through_for_player(app, monkeypatch):
    """The options' tooltips and the scenario's (its title) in the game's own words."""
    from hexwar.core.game import Game
    from hexwar.ui.scenes import menu

    monkeypatch.setattr(Game, "for_player", lambda self, text: _marked(text))
    monkeypatch.setattr(menu, "_WORDS", {})
    m = app.stack.top
    assert isinstance(m, menu.MenuScene)
    m.layout(m.size)
    tips = {b.name: b.tooltip for b in m.buttons.buttons}
    assert tips["scenario"].startswith("«Objective: Kiev") and tips["scenario"].endswith("»")
    opts = [t for n, t in tips.items() if n.startswith("option-")]
    assert opts and all(t.startswith("«") and t.endswith("»") for t in opts)


def test_black_wednesday_opens_with_a_plain_sentence_and_what_each_side_needs(app):
    """Scenario 1's Prep Log: the bar and the panel say what to do now in a sentence with its rule
    at the end (not a list of decision titles); the standing says what the Soviets need and what
    the Axis holds, and names no result before play has started."""
    from hexwar.ui.panel.phase_bar import now_text

    g = hexwar.open_game("black-wednesday", seed=1)
    gs = start(app, g)
    now = now_text(gs.ctl)
    assert not now.startswith("Decide in the side panel") and "Orders: draw" not in now
    assert now.startswith("Keep the Prep Log's historical targets") and "(2.4)." in now
    assert "other choices in the side panel" in now
    shown = texts(gs)
    assert " ".join(shown).startswith("Victory · The Soviets win: no Axis unit left in a trench hex")
    assert not any("Soviet minor victory" in t for t in shown[:6])
    lines = {ln.label: ln for ln in g.standing()}
    assert lines["Trench hexes the Axis holds"].figure == "0 of 37"
    assert lines["If the game ended now"].figure.startswith("no result yet")


@pytest.mark.parametrize("size", [(1280, 800), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_no_hex_id_is_drawn_under_a_counter(size):
    """The text-box recorder (theme.TextProbe) sees every hex id drawn on the map, and none of
    them lies under a stack of counters: an id a stack would cover goes to the other edge of its
    hex, or is left out (the tooltip names the hex)."""
    from hexwar.core.hexgrid import hex_name
    from hexwar.ui import theme as T
    from hexwar.ui.app import App

    app = App(size, resizable=False, menu=True)
    app.step()
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0504", "G-XLVIII": "0604", "SU-6A": "0405"},
                 phase="axis_combat")
    gs = start(app, g)
    gs.mv.set_zoom(gs.mv.zoom * 1.6, gs.mv.hex_center(parse_hex("0504")))
    app.step()
    app.stack.invalidate()
    gs.invalidate_frame()
    with T.TextProbe() as probe:
        surf = probe.surface(app.size)
        app.draw(surf)
    ids = {hex_name(h) for h in g.board.hexes}
    boxes = [(s, r) for s, _px, r, _box in probe.drawn if s in ids and gs.mv.rect.contains(r)]
    assert len(boxes) > 8, "the hex ids are drawn where the recorder sees them"
    stacks: dict = {}
    for u in g.view(None)["units"]:
        if u.get("where") == "map" and u.get("hex"):
            stacks.setdefault(parse_hex(u["hex"]), []).append(u)
    covers = [gs.layer.stack_rect(h, len(us)) for h, us in stacks.items()]
    under = [(s, tuple(r)) for s, r in boxes if r.collidelist(covers) >= 0]
    assert not under, under
    drawn_ids = {s for s, _ in boxes}
    assert "0604" in drawn_ids or "0504" in drawn_ids or "0405" in drawn_ids  # an occupied hex keeps its id


def test_a_phase_whose_own_work_is_on_the_map_says_so_before_its_side_choices(app):
    """Black Wednesday's Action Phase: moving, firing and assaulting are the phase's work; the
    side panel's standing choices (the commissars ...) are counted, not put first as what to do."""
    from pathlib import Path

    from hexwar.core.actions import parse_action
    from hexwar.core.record import read_record
    from hexwar.ui.panel.phase_bar import now_text

    path = Path(__file__).resolve().parents[1] / "records" / "games" / "black-wednesday-s1-turning-the-left-11.yaml"
    data = read_record(path)
    g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    for t in data["actions"]:
        if g.phase().id == "action" and not g.stage()[0]:
            break
        g.apply(parse_action(t))
    gs = start(app, g)
    assert len(gs.ctl.choice_groups()) > 1
    now = now_text(gs.ctl)
    assert now.startswith("The phasing side moves, fires and assaults") and "(§3.4)." in now, now
    assert now.endswith("choices in the side panel."), now
