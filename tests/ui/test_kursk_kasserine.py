"""The client's Battle for Kursk and Kasserine Pass specifics (issues 4 and 5, "In the client"):
Kursk's posture tracks, Offensive markers, VP track, Strategic Objective marker, mud notice,
formation colours and the Offensive built lead-first with each supporter's shift; Kasserine's
odds panel (factors per unit with rule ids, the chance of each two-dice result), artillery by
both players in turn with the hand-over, ENGAGED and CONTACT markers with what they oblige,
breakdown from the stack list and the MP left after combat costs."""
from __future__ import annotations

from fractions import Fraction

import pygame
import pytest

import hexwar
from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.ui.counters import draw_counter, unit_title
from hexwar.ui.games import GameUI, for_game
from hexwar.ui.games.battle_for_kursk import posture_row
from hexwar.ui.games.kasserine_pass import chance_line, preview_lines
from hexwar.ui.scenes import HandoverScene

from . import positions
from .conftest import start


def _texts(gs) -> list[str]:
    gs.refresh()
    return [sig[1] for sig in gs.panel.context.sigs if isinstance(sig, tuple) and sig and sig[0] == "text"]


def _panel(gs) -> str:
    return " ".join(_texts(gs))


def _dismiss(app):
    assert isinstance(app.stack.top, HandoverScene), [type(s).__name__ for s in app.stack.scenes]
    ho = app.stack.top
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(10, 10), button=1))
    app.step()
    return ho


def _context_button(gs, prefix: str):
    return [b for b in gs.panel.context.buttons.buttons if b.name.startswith(prefix)]


@pytest.fixture(scope="module")
def kursk_off():
    return positions.kursk_offensive(1)


# --- Battle for Kursk ------------------------------------------------------------------------
def test_kursk_posture_tracks_show_both_sides_the_other_only_once_revealed(app, drive):
    """12.0: each side's track; the other side's choice reads "chosen, hidden" until the reveal."""
    gs = start(app, hexwar.open_game("battle-for-kursk", "full", seed=2), hotseat=True)
    first = _dismiss(app).side
    posture_sigs = {s[1]: s for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "posture"}
    assert set(posture_sigs) == {"german", "russian"}
    assert all(s[2] is None for s in posture_sigs.values())  # nothing chosen yet
    # Last turn's posture is on the track (the set-up's Previous Turn Posture markers).
    v = gs.ctl.view()
    assert posture_sigs["german"][3] == v["previous_posture"]["german"]
    drive.press("choose-posture-engage")
    second = _dismiss(app).side
    assert second != first
    sigs = {s[1]: s for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "posture"}
    assert sigs[first][2] is None, "the other side's posture must not be shown before the reveal"
    assert "chosen, hidden until both are revealed" in _panel(gs)
    drive.press("choose-posture-reposition")
    # Both revealed: each track shows its posture (hotseat: the next screen may wait behind a hand-over).
    if isinstance(app.stack.top, HandoverScene):
        _dismiss(app)
    sigs = {s[1]: s for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "posture"}
    got = {first: "engage", second: "reposition"}
    v = gs.ctl.view()
    assert v["posture"] == got
    if gs.ctl.mode().startswith(("combat", "stage:")):
        assert "engage" in _panel(gs)
    else:
        assert {k: sigs[k][2] for k in sigs} == got


def test_kursk_posture_row_reads_the_view():
    v = {"previous_posture": {"german": "deploy"}, "posture": {}, "posture_chosen": {"german": True},
         "phase": "posture"}
    assert posture_row(v, "german") == (None, "deploy", "chosen, hidden until both are revealed")
    assert posture_row({**v, "posture_chosen": {"german": "engage"}}, "german")[0] == "engage"
    assert posture_row({**v, "posture": {"german": "pause"}}, "german") == ("pause", "deploy", "this turn")


def test_kursk_offensive_markers_and_vp_track_in_the_panel(app):
    g = hexwar.open_game("battle-for-kursk", "full", seed=1)
    gs = start(app, g)
    v = gs.ctl.view()
    text = _panel(gs)
    # 6.0: each side owns three markers; whatever is not ready is in the Expended box.
    parts = "; ".join(f"{n} {v['offensives_available'][s]} ready, {3 - v['offensives_available'][s]} expended"
                      for s, n in (("german", "German"), ("russian", "Russian")))
    assert f"Offensive markers (9.2.1): {parts}." in text
    assert f"VP track (5.0): {v['vp']:+d}" in text


def test_kursk_strategic_objective_marker_on_the_map_with_tooltip(app):
    """12.1: the SO marker is drawn on its hex (a gold star disc) and the tooltip says what it is."""
    gs = start(app, hexwar.open_game("battle-for-kursk", "full", seed=1))
    ctl = gs.ctl
    so = parse_hex(ctl.view()["objective"]["hex"])
    marks = ctl.gui.map_marks(ctl)
    assert [m.text for m in marks if m.hex == so] == ["SO"]
    assert any("Strategic Objective (12.1)" in ln for ln in ctl.hex_lines(so))
    gs.mv.center_on(so)
    surf = pygame.Surface(app.size)
    gs.layer.draw_static(surf, ctl, 0.0)
    cx, cy = gs.mv.hex_center(so)
    z = gs.mv.zoom
    x, y = int(cx - 0.42 * 40 * z), int(cy - 0.42 * 40 * z)
    if not gs.mv.rect.collidepoint(x, y):
        pytest.skip("objective hex not in view")
    with_mark = surf.get_at((x, y))[:3]
    ctl.gui = GameUI()  # the same map without the game's marks
    gs.layer.draw_static(surf, ctl, 0.0)
    assert surf.get_at((x, y))[:3] != with_mark


def test_kursk_mud_turn_announced_in_the_panel_and_at_the_handover(app):
    """11.0: turn A is a mud turn: a notice at the top of the panel and on the hand-over screen."""
    g = hexwar.open_game("battle-for-kursk", "full", seed=1)
    assert g.view(None)["mud"]
    gs = start(app, g, hotseat=True)
    ho = _dismiss(app)
    assert "Mud turn" in ho.detail and "11.0" in ho.detail
    assert any(t.startswith("⚑ Mud turn") for t in _texts(gs))


def test_kursk_no_mud_notice_on_a_dry_turn():
    ui = for_game("battle-for-kursk")

    class Fake:
        def view(self):
            return {"mud": False}
    assert ui.notices(Fake()) == []


def test_kursk_counters_carry_their_formation_colour_band():
    pygame.font.init()
    u = {"id": "R-1TA", "nation": "soviet", "side": "russian", "type": "tank", "size": "army", "label": "6-4",
         "formation": "Voronezh Front", "colour": "yellow", "steps": 2, "max_steps": 2}
    for px in (60, 20):
        a, b = draw_counter(u, px), draw_counter({**u, "colour": "blue"}, px)
        none = draw_counter({**u, "colour": None}, px)
        pts = [(x, y) for x in range(px) for y in range(px)]
        assert any(a.get_at(p) != b.get_at(p) for p in pts), px
        assert any(a.get_at(p) != none.get_at(p) for p in pts), px
    # Not by colour alone: the formation is named in words.
    assert "Voronezh Front (yellow band)" in unit_title(u)


def test_kursk_offensive_lead_then_supporters_with_each_shift(app, kursk_off):
    """9.2.1: pick the target and the attackers, then the lead, then click supporters on the map;
    the odds list one +1 line per supporter; Declare makes the Offensive."""
    from hexwar.games.battle_for_kursk.offensive import Offensive

    g = kursk_off
    gs = start(app, g)
    ctl = gs.ctl
    off = next(a for a in g.legal_actions() if isinstance(a, Offensive))
    gs.mv.center_on(off.target)
    ctl.click_hex(off.target)
    for a in off.attackers:
        ctl.click_hex(g.state.units[a].hex)
    assert set(ctl.attackers) == set(off.attackers)
    text = _panel(gs)
    assert "Offensive (9.2.1)" in text and _context_button(gs, f"lead-{off.lead}")
    ctl.set_lead(off.lead)
    plain = ctl.odds()  # the engine's preview of the battle being built (game.preview)
    for s in off.support:
        ctl.click_hex(g.state.units[s].hex)
    assert ctl.support == sorted(off.support) or set(ctl.support) == set(off.support)
    o = ctl.odds()  # now of the Offensive (ctl.battle_action(): the game's offensive_action)
    assert o is not None and o.refusal is None and any(ln.rule == "9.2.1" for ln in o.lines)
    assert o.figure != plain.figure or any("6:1" in ln.text for ln in o.lines)
    lines = _texts(gs)
    # each supporter's shift on its own line: in the panel, or (the compact form at 1280x800,
    # "supporters N of M ▸") in that line's tooltip
    lines += [t for _, tip in gs.panel.context.tips for t in tip]
    for s in off.support:
        assert any(f"+1 column: {s} supports" in t for t in lines), lines
    # The map marks the lead and the supporters in words, not colour alone.
    marks = {(m.text, m.hex) for m in ctl.gui.map_marks(ctl)}
    assert ("LEAD", g.state.units[off.lead].hex) in marks
    assert all(("+1", g.state.units[s].hex) in marks for s in off.support)
    before = g.view(None)["offensives_available"]["german"]
    assert ctl.declare()
    last = g.actions[-1]
    assert isinstance(last, Offensive) and last.lead == off.lead and set(last.support) == set(off.support)
    assert g.view(None)["offensives_available"]["german"] == before - 1
    # Undo gives the marker back (no die was rolled).
    assert ctl.undo()
    assert g.view(None)["offensives_available"]["german"] == before


def test_kursk_declared_offensive_keeps_its_supporters_odds_from_the_engine(app, kursk_off):
    """9.2.1: once declared, the Offensive's odds on the map and in the panel are the engine's
    preview of its resolution, supporters' columns included."""
    from hexwar.core import actions as A
    from hexwar.games.battle_for_kursk.offensive import Offensive

    g = kursk_off
    gs = start(app, g)
    ctl = gs.ctl
    off = next(a for a in g.legal_actions() if isinstance(a, Offensive))
    assert ctl.do(off)
    try:
        o = ctl.odds(off.target, off.attackers)  # the client's odds are the engine's preview
        want = g.preview(A.Resolve(off.target))
        assert o is not None and any(ln.rule == "9.2.1" for ln in o.lines)
        assert o.figure == want.figure and o.detail == want.detail
    finally:
        assert ctl.undo()


def test_kursk_offensive_refuses_a_unit_that_cannot_support(app, kursk_off):
    from hexwar.games.battle_for_kursk.offensive import Offensive

    g = kursk_off
    gs = start(app, g)
    ctl = gs.ctl
    off = next(a for a in g.legal_actions() if isinstance(a, Offensive))
    ctl.click_hex(off.target)
    for a in off.attackers:
        ctl.click_hex(g.state.units[a].hex)
    ctl.set_lead(off.lead)
    ok = set(ctl.gui.supporters(ctl)) | set(off.attackers)
    from hexwar.core.hexgrid import neighbors

    near_target = set(neighbors(off.target))
    other = next(u for u in g.state.units.values() if u.where == "map" and g.rules.side(u.id) == "german"
                 and u.id not in ok and u.hex not in near_target
                 and all(x.id not in ok for x in g.state.units_at(u.hex)))
    ctl.click_hex(other.hex)
    assert ctl.status.kind == "refusal" and ("9.2.1" in ctl.status.text or "9.0" in ctl.status.text)
    assert other.id not in ctl.support
    # The lead leaving the attack drops the Offensive.
    ctl.click_hex(g.state.units[off.lead].hex)
    if off.lead not in ctl.attackers:
        assert ctl.lead is None and ctl.support == []


def test_kursk_offensive_verb_is_not_in_the_generic_chooser(app, kursk_off):
    gs = start(app, kursk_off)
    ctl = gs.ctl
    assert not [gr for gr in ctl.choice_groups() if gr.key == "verb:offensive"]


# --- Kasserine Pass --------------------------------------------------------------------------
@pytest.fixture(scope="module")
def kp_support():
    return positions.kasserine("support", 1)


def test_kasserine_odds_panel_lists_factors_rules_and_two_dice_chances(app, kp_support):
    """KP-ODDS, KP-CRT: each attacking unit's factor and multiplier with its rule id, the defence,
    the odds, and every result's chance on two dice (summing to 1), from the engine's preview."""
    from hexwar.core import actions as A

    g = kp_support
    gs = start(app, g)
    d = g.rules.battle_detail(g.state, 0)
    assert sum(d["chances"].values()) == 1
    p = g.preview(A.Resolve(g.state.kbattles[0].target))
    assert p.figure == d["odds"]
    assert {o.code: o.chance for o in p.outcomes} == {c: float(x) for c, x in d["chances"].items() if x}
    text = _panel(gs)
    assert f"{d['target']} ← " in text and "Two dice" in text
    # A declared attack alone: every result with its chance as a bar (with its rule id).
    bars = {sig[1]: sig[2] for sig in gs.panel.context.sigs if isinstance(sig, tuple) and sig and sig[0] == "kp-chance"}
    assert bars == {code: float(p) for code, p in d["chances"].items() if p}
    assert any("(Combat)" in t for t in _texts(gs)) and not any("KP-" in t for t in _texts(gs))
    # The battle being built: previewed with the engine's own arithmetic.
    atk = next(a for a in g.legal_actions() if isinstance(a, A.Attack) and a.target != g.state.kbattles[0].target)
    ctl = gs.ctl
    n = len(g.state.kbattles)
    ctl.target = atk.target
    ctl.attackers = list(atk.attackers)
    lines = _texts(gs)
    assert any("(Combat)" in t for t in lines)
    # The declared attack shrinks to one line of chances while another is built.
    assert any(t.startswith("Two dice: ") and "%" in t for t in lines)
    assert any(t.startswith(("Defence: ", "Defence (")) for t in lines)
    o = ctl.odds()  # the engine's preview (game.preview of the attack being built)
    assert o is not None and o.refusal is None and o.figure and o.outcomes
    assert len(g.state.kbattles) == n and len(g.actions) == 63  # previewed on a copy, nothing applied


def test_kasserine_preview_lines_cite_each_rule():
    """Every line of the odds panel carries its rule id, as the engine's preview gives it."""
    from hexwar.core.contract import Preview, PreviewLine

    p = Preview("t", "1-2", (PreviewLine("A: 4 × 1/2 = 2 (the defender is higher)", "KP-HEIGHT", "2", 1),
                             PreviewLine("doubled in the city: 4", "KP-CITY"),
                             PreviewLine("Defence: 6 (KP-ODDS)", "KP-ODDS")))
    assert preview_lines(p) == ["A: 4 × 1/2 = 2 (the defender is higher) (KP-HEIGHT)",
                                "doubled in the city: 4 (KP-CITY)", "Defence: 6 (KP-ODDS)"]


def test_kasserine_chances_in_the_engine_order_with_its_words(app, kp_support):
    """The chances list follows the preview's outcomes (the engine's order, worst for the
    attacker first) and each bar's words are the engine's, with the rule id: the client keeps
    no table of results of its own."""
    from hexwar.core import actions as A
    from hexwar.core.contract import Outcome

    g = kp_support
    rules = g.rules
    line = chance_line((Outcome("A ELIM", "", 0.25), Outcome("CONTACT", "", 0.25), Outcome("D ELIM", "", 0.5)))
    assert line == "Two dice: A ELIM 25% · CONTACT 25% · D ELIM 50%"
    assert all(rules.result_text(c)[1].startswith("KP-RESULT-") for c in rules.result_codes())
    gs = start(app, g)
    d = rules.battle_detail(g.state, 0)
    p = g.preview(A.Resolve(g.state.kbattles[0].target))
    assert all(o.rule.startswith("KP-RESULT-") and o.text == rules.result_text(o.code)[0] for o in p.outcomes)
    ops = [sig for sig in gs.panel.context.sigs if isinstance(sig, tuple) and sig and sig[0] == "kp-chance"]
    assert [sig[1] for sig in ops] == [c for c in rules.result_codes() if d["chances"].get(c)]


def test_kasserine_a_whole_stack_joins_an_attack_in_one_click(app, kp_support):
    """KP-STACKING, KP-SELECTIVE-ATTACK: no rule keeps a stack together in an attack, so a click on
    a stack takes one unit at a time; the panel's button takes every unit of a stack that may
    attack, the engine's preview follows, and Declare sends the whole stack in one action."""
    from hexwar.core import actions as A

    g = kp_support
    gs = start(app, g)
    ctl = gs.ctl
    by: dict = {}
    for a in g.legal_actions():
        if isinstance(a, A.Attack):
            for uid in a.attackers:
                by.setdefault(a.target, {}).setdefault(ctl.unit(uid)["hex"], set()).add(uid)
    target, stacks = next((t, s) for t, s in by.items() if any(len(ids) > 1 for ids in s.values()))
    h, ids = next((h, ids) for h, ids in stacks.items() if len(ids) > 1)
    ctl.click_hex(target)
    gs.refresh()
    button = _context_button(gs, f"kp-stack-{h}")
    assert button and button[0].label.startswith(f"Add the stack at {h} ({len(ids)} units)")
    button[0].on_click()
    assert set(ctl.attackers) == ids
    assert ctl.odds().figure == g.preview(A.Attack(target, tuple(ctl.attackers))).figure
    gs.refresh()
    assert _context_button(gs, f"kp-stack-{h}")[0].label.startswith("Take out")
    n = len(g.actions)
    _context_button(gs, "declare")[0].on_click()
    assert len(g.actions) == n + 1 and set(g.actions[-1].attackers) == ids
    g.undo()
    gs.after_change()


def test_kasserine_client_reads_only_the_contract():
    """The client package never reaches for the rules object or the state."""
    from pathlib import Path

    import hexwar.ui.games.kasserine_pass as pkg

    for f in Path(pkg.__file__).parent.glob("*.py"):
        text = f.read_text()
        assert ".rules" not in text and ".state" not in text and "getattr(" not in text, f.name


def test_kasserine_chooser_titles_come_from_the_rules(app):
    """The chooser's titles and rules are the decisions' (``game.decisions()``, whose words come
    from the rules' ``choice_info``); the client module says none of them."""
    g = positions.kasserine("defend", 1)
    gs = start(app, g)
    d = gs.ctl.decision("verb:support")
    assert d is not None and d.rule == "KP-ARTILLERY" and d.title
    assert g.rules.choice_info(g.state, "air")["rule"] == "KP-OPT-AIR-POWER"
    assert [gr.rule for gr in gs.ctl.choice_groups() if gr.key == "verb:support"] == ["KP-ARTILLERY"]


def test_kasserine_artillery_by_both_players_in_turn_with_a_handover(app, drive):
    """KP-ARTILLERY: the attacker allocates, ends the step; the defender gets the screen (hotseat)
    and allocates his batteries from the chooser."""
    g = positions.kasserine("defend", 1)
    assert g.actions[-1].notation() == "end"
    g.undo()
    assert g.view(None)["step"] == "declare"
    gs = start(app, g, hotseat=True)
    _dismiss(app)
    gs.ctl.end_phase()
    gs.after_change()
    app.step()
    ho = _dismiss(app)
    assert ho.side == "allied"
    assert g.view(None)["step"] == "defend"
    groups = [gr for gr in gs.ctl.choice_groups() if gr.key == "verb:support"]
    assert groups and groups[0].rule == "KP-ARTILLERY" and "→" in groups[0].options[0].label
    assert gs.ctl.choice_groups()[0].key == "verb:support"  # artillery first
    assert "Defensive artillery" in _panel(gs)
    opt = groups[0].options[0]
    gs.do_action(opt.action)
    assert g.actions[-1] == opt.action
    assert g.state.support.get(opt.action.battery) == opt.action.unit


def test_kasserine_engaged_and_contact_markers_say_what_they_oblige(app, kp_support):
    """KP-RESULT-ENGAGED, KP-RESULT-CONTACT: a marker on each hex involved, drawn with its word,
    and a tooltip naming the duty, the side and the turn."""
    from hexwar.games.kasserine_pass.state import Carry

    g = kp_support
    b = g.state.kbattles[0]
    g.state.carries = list(g.state.carries) + [Carry("ENGAGED", "axis", b.attackers, b.defenders, "axis", 2)]
    try:
        gs = start(app, g)
        ctl = gs.ctl
        marks = ctl.gui.map_marks(ctl)
        dh = b.target
        ah = g.state.units[b.attackers[0]].hex
        assert {(m.hex, m.text) for m in marks} >= {(dh, "ENGAGED"), (ah, "ENGAGED")}
        tip = " ".join(ctl.hex_lines(dh))
        assert "must attack these defenders again" in tip and "turn 2" in tip
        assert "(Explanation of Results: ENGAGED)" in tip and "KP-" not in tip  # the rulebook's section, no id
        g.state.carries = [Carry("CONTACT", "axis", b.attackers, b.defenders, "allied", 1)]
        ctl.version += 1
        tip = " ".join(ctl.hex_lines(dh))
        assert "CONTACT (Explanation of Results: CONTACT)" in tip and "counter-attack every unit that attacked" in tip
        # Drawn: the marker box changes the pixels above the counters.
        surf = pygame.Surface(app.size)
        gs.layer.draw_static(surf, ctl, 0.0)
        cx, cy = gs.mv.hex_center(dh)
        y = int(cy - 0.62 * 40 * gs.mv.zoom)
        if gs.mv.rect.collidepoint(cx, y):
            with_mark = surf.get_at((int(cx), y))[:3]
            ctl.gui = GameUI()
            gs.layer.draw_static(surf, ctl, 0.0)
            assert surf.get_at((int(cx), y))[:3] != with_mark
    finally:
        g.state.carries = [c for c in g.state.carries if c.turn != 2 and c.kind != "CONTACT"]


def test_kasserine_breakdown_from_the_stack_list_not_the_chooser(app, kp_support):
    """KP-BREAKDOWN: a unit that may break down has a button beside it in the stack list."""
    from hexwar.games.kasserine_pass.verbs import Breakdown

    g = kp_support
    gs = start(app, g)
    ctl = gs.ctl
    assert not [gr for gr in ctl.choice_groups() if gr.key == "verb:breakdown"]
    bd = next(a for a in g.legal_actions() if isinstance(a, Breakdown))
    h = g.state.units[bd.unit].hex
    ctl.look_at(h)
    gs.refresh()
    buttons = _context_button(gs, f"unit-breakdown-{bd.unit}")
    n = len(g.actions)
    if not buttons:  # the stack list may be below the fold in a crowded panel: the hook still offers it
        acts = ctl.gui.unit_actions(ctl.unit(bd.unit), ctl)
        assert acts and acts[0][1] == bd
        gs.do_action(acts[0][1])
    else:
        assert "(German Breakdown)" in buttons[0].tooltip
        buttons[0].on_click()
    assert len(g.actions) == n + 1 and g.actions[-1] == bd
    assert g.state.units[bd.unit].where != "map"
    ctl.undo()


def test_kasserine_mp_left_after_combat_costs_in_the_stack_list(app, kp_support):
    """KP-COST-OF-COMBAT: the stack list gives each unit's MP left, as the view has it."""
    g = kp_support
    gs = start(app, g)
    ctl = gs.ctl
    b = g.state.kbattles[0]
    uid = b.attackers[0]
    ctl.look_at(g.state.units[uid].hex)
    u = ctl.unit(uid)
    facts = ctl.gui.unit_facts(u, ctl)
    from hexwar.ui.games.kasserine_pass import num

    assert f"{num(u['mp'])} of {u['ma']} MP left (after combat costs, Cost of Combat)" in facts
    assert Fraction(str(u["mp"])) <= u["ma"]


# --- both -------------------------------------------------------------------------------------
def test_other_games_get_no_extras():
    """Kiev's client adds only its turn record, air markers and help legend: no marks, no verbs."""
    from hexwar.ui.games.objective_kiev import KievUI

    ui = for_game("objective-kiev")
    assert type(ui) is KievUI and ui.map_marks(None) == [] and ui.unit_verbs == frozenset()
    assert type(for_game("no-such-game")) is GameUI


def test_bench_has_a_position_for_each_map():
    """``make bench`` takes each game's default scenario to units free to move: Kursk's full game
    with all its units on their printed hexes."""
    from hexwar.ui import bench

    g = bench.board_game("battle-for-kursk")
    assert g.header["scenario"] == "full" and g.phase().kind in bench.MOVING
    assert sum(1 for u in g.view(None)["units"] if u["where"] == "map") == 101


def test_kasserine_resolve_step_lists_each_attack_with_odds_and_chances(app):
    """KP-CRT: in the resolve step each attack has its button with the odds, its chances below,
    and the odds under the defending hex on the map (tooltip: the whole odds panel)."""
    g = positions.kasserine("resolve", 1)
    gs = start(app, g)
    ctl = gs.ctl
    open_ = [i for i in range(len(g.state.kbattles)) if i not in g.state.kresolved]
    for i in open_:
        d = g.rules.battle_detail(g.state, i)
        assert _context_button(gs, f"resolve-{d['target']}"), d["target"]
        mk = next(m for m in ctl.gui.map_marks(ctl) if m.kind == "tip" and hex_name(m.hex) == d["target"])
        assert mk.text == d["odds"] and any("(Combat)" in t for t in mk.tooltip)
    assert sum(1 for t in _texts(gs) if t.startswith("Two dice: ")) >= len(open_)
    # On the map: every open attack pulses as a battle to resolve.
    assert ({hex_name(b.target) for b in ctl.gui.battles(ctl)}
            == {g.rules.battle_detail(g.state, i)["target"] for i in open_})
    b = _context_button(gs, "resolve-")[0]
    n = len(g.actions)
    b.on_click()
    assert len(g.actions) == n + 1 and g.actions[-1].notation().startswith("resolve")


def test_kursk_attackers_that_cannot_lead_say_why(app, kursk_off):
    """9.2.1: beside the Lead buttons, each other attacker with the rule that keeps it from leading."""
    from hexwar.games.battle_for_kursk.offensive import Offensive

    g = kursk_off
    gs = start(app, g)
    ctl = gs.ctl
    off = next(a for a in g.legal_actions() if isinstance(a, Offensive) and
               any(g.rules.lead_problem(g.state, x) is not None for x in a.attackers))
    ctl.click_hex(off.target)
    for a in off.attackers:
        ctl.click_hex(g.state.units[a].hex)
    text = _panel(gs)
    bad = next(x for x in off.attackers if g.rules.lead_problem(g.state, x) is not None)
    assert str(g.rules.lead_problem(g.state, bad)) in text


def test_kursk_marks_while_looking_back(app, kursk_off):
    """History: an earlier position shows its own Strategic Objective and no live Offensive marks."""
    gs = start(app, kursk_off)
    gs.enter_history(3)
    past = gs.past
    assert past is not None
    marks = past.gui.map_marks(past)
    assert [m.text for m in marks] == ["SO"]
    gs.refresh()
    surf = pygame.Surface(app.size)
    gs.draw(surf)


def test_kursk_strategic_objective_moved_by_a_click_on_a_marked_hex(app):
    """12.1: after a German deploy the objective may move: the allowed hexes carry "SO?" on the map,
    a click there is the choice; a click elsewhere only describes the hex."""
    from hexwar.core import actions as A

    g = hexwar.open_game("battle-for-kursk", "full", seed=1)
    for _ in range(10):
        acts = g.legal_actions()
        ch = [a for a in acts if isinstance(a, A.Choose) and a.what == "posture"]
        if not ch:
            break
        g.apply(next(a for a in ch if a.value == ("deploy" if g.acting_side() == "german" else "pause")))
    assert (g.view(None).get("stage") or {}).get("kind") == "objective"
    gs = start(app, g)
    ctl = gs.ctl
    group = next(gr for gr in ctl.choice_groups() if gr.key == "choose:objective")
    assert group.rule == "12.1" and "SO?" in group.help
    targets = {m.hex for m in ctl.gui.map_marks(ctl) if m.text == "SO?"}
    legal = {parse_hex(a.value) for a in g.legal_actions() if isinstance(a, A.Choose) and a.value != "stay"}
    assert targets == legal and targets
    n = len(g.actions)
    ctl.click_hex(next(h for h in g.rules.board.terrain if h not in targets and not ctl.units_at(h)))
    assert len(g.actions) == n
    h = sorted(targets)[0]
    ctl.click_hex(h)
    assert g.actions[-1] == A.Choose("objective", hex_name(h))
    assert g.view(None)["objective"]["hex"] == hex_name(h)


def test_kursk_result_options_read_in_words():
    """The engine words the options (the client keeps no labels of its own)."""
    from hexwar.core.actions import Choose

    g = hexwar.open_game("battle-for-kursk", "full", seed=1)
    r, st = g.rules, g.state
    assert "Stand Fast" in r.option_label(st, Choose("result", "sf"))
    assert r.option_label(st, Choose("result", "dr")) == "take the DR as rolled"
    assert r.choice_info(st, "result")["rule"] == "9.3" and r.choice_info(st, "emergency")["rule"] == "12.0"


def test_kursk_vp_parts_shown_when_there_is_room(app):
    g = hexwar.open_game("battle-for-kursk", "full", seed=1)
    app2 = type(app)((1600, 1000), resizable=False, menu=False)
    gs = start(app2, g)
    text = _panel(gs)
    assert "VP: " + "; ".join(g.view(None)["vp_parts"]) in text
