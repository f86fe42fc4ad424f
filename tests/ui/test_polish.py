"""What a newcomer still stumbled on after the walkthroughs (docs/walkthrough.md), each one
behaviour of the generic client: the prompts name the mark the map draws, ..."""
from __future__ import annotations

import hexwar

from .conftest import start


def texts(gs) -> list[str]:
    gs.refresh()
    return [s[1] for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "text"]


def test_setup_prompts_name_the_mark_the_map_draws(app):
    """The legal hexes of a tray counter are framed in green (outlined before a pick, hatched and
    framed after): the prompts say "green-framed", never "hatched", before and after the pick."""
    g = hexwar.open_game("objective-kiev", seed=1)
    gs = start(app, g)
    before = texts(gs)
    uid = gs.ctl.tray()[0]["id"]
    gs.ctl.click_tray(uid)
    after = texts(gs) + [gs.ctl.status.text]
    said = " ".join(before + after)
    assert "hatched" not in said
    assert any("green-framed hex" in t for t in before)
    assert any("framed in green" in t for t in after)
    assert "green-framed hexes" in gs.ctl.status.text


def _kiev_retreat(units: dict):
    from hexwar.core import actions as A
    from hexwar.core.hexgrid import parse_hex
    from hexwar.games.objective_kiev.positions import position

    g = position(units, phase="axis_combat", dice=[1])
    g.apply(A.Attack(parse_hex("0505"), ("G-III", "G-XIV")))
    g.apply(A.EndPhase())
    g.apply(A.Resolve(parse_hex("0505")))
    g.apply(A.Roll())
    assert g.decision("retreat") is not None
    return g


def test_the_retreat_chooser_says_why_no_free_path_exists(app):
    """Kiev 10.6: every path of SU-5A enters an enemy zone of control; the retreat step says so,
    hex by hex around it, from the engine's decision words."""
    g = _kiev_retreat({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604", "G-IV": "0406", "G-XLVIII": "0706"})
    gs = start(app, g)
    whole = " ".join(texts(gs))
    assert "No free retreat path for SU-5A" in whole
    assert "0404" in whole and "enemy zone of control" in whole and "(10.6)" in whole
    # With a free path there is nothing to explain.
    free = _kiev_retreat({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604"})
    assert not free.decision("retreat").note
    assert "No free retreat path" not in " ".join(texts(start(app, free)))


def test_a_move_that_ends_overstacked_says_so_before_the_click(app):
    """Kiev 8.2: G-IV may move onto G-III and G-XIV (allowed while moving, settled when the phase
    ends). Before the click the move's consequence says it ends overstacked, the map's figure on
    that hex carries ▲ (not only a colour), and the hex's tooltip says it; a plain move does not."""
    from hexwar.core.hexgrid import parse_hex
    from hexwar.games.objective_kiev.positions import position

    g = position({"SU-5A": "0909", "G-III": "0604", "G-XIV": "0604", "G-IV": "0605"}, phase="axis_movement")
    gs = start(app, g)
    gs.ctl.sel = "G-IV"
    app.step()
    onto, plain = parse_hex("0604"), parse_hex("0705")
    c = gs.ctl.move_consequence("G-IV", onto)
    assert c is not None and c.level and "ends overstacked" in c.text and c.rule == "8.2"
    assert gs.ctl.move_figure("G-IV", onto).endswith("▲")
    assert not gs.ctl.move_figure("G-IV", plain).endswith("▲")
    assert any("ends overstacked" in ln and "(8.2)" in ln for ln in gs.ctl.hex_lines(onto))
    assert not any("ends overstacked" in ln for ln in gs.ctl.hex_lines(plain))


def _in_view(gs, names) -> list[str]:
    """The buttons named lie inside the step's box as first shown, above the "more below" band."""
    import pygame

    from hexwar.ui import theme as T

    gs.panel.ctx_scroll = 0
    gs.refresh()
    panel = gs.panel
    box = panel.context.rect
    th = panel.theme
    band = T.font(th.small).get_linesize() + th.px(4) if panel.ctx_scroll < panel.ctx_max else 0
    seen = {b.name: b.rect for b in panel.context.buttons.buttons}
    bad = [n for n in names if n not in seen]
    bad += [n for n in names if n in seen and not pygame.Rect(box.x, box.y, box.w, box.h - band).contains(seen[n])]
    return bad


def test_every_option_of_a_decision_is_in_view_at_1280x800(app):
    """Kursk's posture (12.0): all four options are seen without scrolling, each with its
    consequence at least in its tooltip."""
    g = hexwar.open_game("battle-for-kursk", seed=5)
    gs = start(app, g)
    d = g.decision("choose:posture")
    assert d is not None and len(d.options) == 4
    names = [b.name for b in gs.panel.context.buttons.buttons if b.name.startswith("choose-posture-")]
    assert len(names) == 4, names
    assert not _in_view(gs, names)
    for b in gs.panel.context.buttons.buttons:
        if b.name in names:
            assert "phases this turn" in b.tooltip


def test_the_compact_odds_keep_every_line_in_tooltips(app):
    """At 1280x800 the odds block is compact; how the figure is made and each result's whole
    meaning are in tooltips of the lines shown (nothing dropped)."""
    from hexwar.core.hexgrid import parse_hex
    from hexwar.games.objective_kiev.positions import position

    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0604"}, phase="axis_combat", dice=[1])
    gs = start(app, g)
    gs.ctl.target = parse_hex("0505")
    gs.ctl.attackers = ["G-III", "G-XIV"]
    texts(gs)
    kinds = {s[0] for s in gs.panel.context.sigs if isinstance(s, tuple) and s}
    assert {"odds-how", "rcolumn", "odds"} <= kinds, kinds
    tips = [lines for _r, lines in gs.panel.context.tips]
    how = next(t for t in tips if t[0] == "How the odds are made:")
    p = gs.ctl.odds()
    assert len(how) == 1 + len(p.lines) + (1 if p.note else 0)
    tips = [ln for t in tips for ln in t]
    assert any(t.startswith("EX (33%): ") and "Exchange" in t for t in tips)


def test_the_victory_standing_stays_above_a_long_arrivals_tray(app):
    """Kasserine's German movement with 41 arrivals: the standing's box is at the panel's top, in
    view, above the tray's counters."""
    import pygame

    g = hexwar.open_game("kasserine-pass", seed=2)
    gs = start(app, g)
    assert len(gs.ctl.tray()) > 20 and gs.ctl.mode() == "movement"
    texts(gs)
    ctx = gs.panel.context
    box = next(pygame.Rect(s[1]) for s in ctx.sigs if isinstance(s, tuple) and s and s[0] == "standing-box")
    assert ctx.rect.contains(box)
    assert all(box.bottom <= it.rect.top for it in ctx.tray)


def test_a_selected_units_fire_comes_before_its_moves(app):
    """Black Wednesday's action phase: with the MG selected, its fire options (the game's block)
    come right under its name, before the hexes it may move to."""
    from . import positions as demo

    gs = start(app, demo.black_wednesday_fire())
    gs.ctl.die = None
    gs.ctl.sel = "1-I-262-MG"
    app.step()
    shown = texts(gs)
    fire = next(i for i, t in enumerate(shown) if "may (click the target" in t)
    moves = next(i for i, t in enumerate(shown) if "within reach" in t)
    assert fire < moves, shown


def test_a_refusal_on_screen_passes_through_the_games_words(app, monkeypatch):
    """The status line's refusal reads through game.for_player, like every other text shown."""
    from hexwar.core.errors import Illegal

    g = hexwar.open_game("objective-kiev", seed=1)
    gs = start(app, g)
    monkeypatch.setattr(g, "for_player", lambda t: f"«{t}»")
    gs.ctl.refuse(Illegal("8.2", "no more than two units"))
    assert gs.ctl.status.text == "«8.2: no more than two units»"


def test_the_menu_names_the_scenario_by_its_title(app, drive):
    """The scenario button shows the scenario's title, never its id ("s1-turning-the-left"),
    which is only in the tooltip."""
    from hexwar.ui.scenes.menu import MenuScene

    menu = app.stack.top
    assert isinstance(menu, MenuScene)
    for _ in range(len(menu.games)):
        if menu.games[menu.game_i] == "black-wednesday":
            break
        drive.press("game")
    assert menu.games[menu.game_i] == "black-wednesday"
    sid = menu.scenarios()[menu.scen_i]
    b = drive.button("scenario")
    assert sid not in b.label and b.label.startswith("Scenario 1: Turning the Left"), b.label
    assert sid in b.tooltip
    drive.press("game")  # Kursk or Kiev: the game's name is not said twice
    b = drive.button("scenario")
    assert "--" not in b.label and menu.scenarios()[menu.scen_i] not in b.label, b.label


def test_a_tray_counter_that_cannot_be_placed_says_the_rule_and_reason(app, monkeypatch):
    """A greyed tray counter's note (its tooltip) gives the engine's refusal of placing it
    (``why_no_place``: game.check of the placement), rule and reason, not only "Cannot be placed
    now"."""
    from hexwar.core import actions as A
    from hexwar.core.errors import Illegal

    g = hexwar.open_game("objective-kiev", seed=1)
    gs = start(app, g)
    blocked = gs.ctl.tray()[0]["id"]
    # The engine's own refusal of a placement, as why_no_place finds it.
    why = gs.ctl.why_no_place(blocked)
    assert why is None  # (placeable now: it probes a legal hex)
    off = next(h for h in g.board.hexes if g.check(A.Place(blocked, h)) is not None)
    assert isinstance(g.check(A.Place(blocked, off)), Illegal)
    real = gs.ctl.place_hexes
    monkeypatch.setattr(gs.ctl, "place_hexes", lambda uid: set() if uid == blocked else real(uid))
    monkeypatch.setattr(gs.ctl, "why_no_place", lambda uid: g.check(A.Place(uid, off)))
    texts(gs)
    item = next(it for it in gs.panel.context.tray if it.unit["id"] == blocked)
    why = g.check(A.Place(blocked, off))
    assert not item.enabled
    assert item.note == f"Cannot be placed now — {g.for_player(str(why))}"
    assert why.rule and why.rule in item.note


def test_the_group_entry_keeps_each_company_together(app):
    """Black Wednesday 2.2b: "Pick all of 1-708" and one click on an entry hex bring the battalion
    on with each rifle company's platoons within 3 hexes of each other (no warning after)."""
    from hexwar.core.hexgrid import current_hex_ids, distance, parse_hex, set_hex_ids
    from hexwar.ui.panel.tray import formation_of

    from .test_ux_input import _bw_first_action, _bw_scene

    before = current_hex_ids()
    try:
        gs = _bw_scene(app, _bw_first_action())
        ctl = gs.ctl
        tray = ctl.tray()
        lead = next(u for u in tray if u["id"] == "1-708-Inf1")
        mates = [u["id"] for u in tray if formation_of(u) == formation_of(lead)]
        assert len(mates) > 5
        ctl.pick_group(tuple(mates))
        entry = min(ctl.place_hexes("1-708-Inf1"))
        ctl.place_group(entry)
        app.step()
        at = {u["id"]: u["hex"] for u in ctl.view()["units"] if u.get("where") == "map"}
        assert all(m in at for m in mates), [m for m in mates if m not in at]
        assert not [w for w in ctl.game.view(None)["warnings"] if "1-708" in w], ctl.game.view(None)["warnings"]
        for k in range(3):  # each company's platoons within 3 hexes of each other
            hexes = [parse_hex(str(at[f"1-708-Inf{3 * k + i}"])) for i in (1, 2, 3) if f"1-708-Inf{3 * k + i}" in at]
            assert all(distance(a, b) <= 3 for a in hexes for b in hexes), hexes
    finally:
        while app.stack.scenes:  # the game's scene keeps its B34.16 ids in force while open
            app.stack.pop()
        set_hex_ids(before)


def _kasserine_at_sidi_bou_zid(retreat: bool):
    """Kasserine Pass, seed 2: two panzer battalions at 2019 attack the Allied stack at Sidi Bou
    Zid (1919); with ``retreat``, rolled (D BACK 1) up to the Allied retreat choice."""
    from hexwar.core import actions as A
    from hexwar.core.hexgrid import parse_hex

    g = hexwar.open_game("kasserine-pass", seed=2)
    edge, contact, target = parse_hex("2119"), parse_hex("2019"), parse_hex("1919")
    for uid in ("G10-AR-1", "G10-AR-2"):
        g.apply(A.Place(uid, edge))
        g.apply(A.Move(uid, (contact,)))
    g.apply(A.EndPhase())
    if retreat:
        g.apply(A.Attack(target, ("G10-AR-1", "G10-AR-2")))
        while not any(isinstance(x, A.Resolve) for x in g.legal_actions()):
            g.apply(A.EndPhase())
        g.apply(A.Resolve(target))
    return g, target


def _names_under_marks(app, gs, marks: set[str]) -> list:
    """Every place name and hex id drawn on the map that a mark's box (one of ``marks``) covers,
    from the words the frame drew (``theme.TextProbe``)."""
    from hexwar.ui import theme as T

    with T.TextProbe() as probe:
        gs.invalidate_frame()
        gs.draw_dirty(probe.surface(app.size))
    names = {n for _, n, _, _ in gs.mv.place_names()} | {t for t, _ in gs.layer.id_boxes}
    buttons = [b.rect for b in gs.map_buttons.buttons]
    words = [(s, r) for s, _, r, _ in probe.drawn if gs.mv.rect.contains(r) and r.collidelist(buttons) < 0]
    named = [(s, r) for s, r in words if s in names]
    boxes = [(s, r.inflate(6, 2)) for s, r in words if s in marks]  # as label_box frames them
    assert boxes, "no mark drawn"
    return [(a, b) for a, ra in named for b, rb in boxes if ra.colliderect(rb)]


def test_map_marks_never_cover_a_place_name_or_a_hex_id(app):
    """Kasserine at Sidi Bou Zid: the odds box of the attack being declared and the retreat
    marks ("✓ no loss") at every zoom: no place name and no hex id under a mark's box; the name
    steps aside from the retreat rings and marks, the marks from the names and ids."""
    from hexwar.core.hexgrid import parse_hex
    from hexwar.ui.overlays import RETREAT_WORDS, map_figure

    g, target = _kasserine_at_sidi_bou_zid(retreat=False)
    gs = start(app, g)
    gs.ctl.target, gs.ctl.attackers = target, ["G10-AR-1", "G10-AR-2"]
    gs.ctl.die = None
    figure = map_figure(gs.ctl.odds())
    bad = []
    for zoom in (0.7, 0.8, 0.9, 1.0, 1.2, 1.4, 1.7):
        gs.mv.set_zoom(zoom)
        gs.mv.center_on(target)
        app.step()
        bad += [(zoom, b) for b in _names_under_marks(app, gs, {figure})]
    g, target = _kasserine_at_sidi_bou_zid(retreat=True)
    gs = start(app, g)
    gs.ctl.die = None
    assert gs.ctl.mode() == "stage:retreat" and {h for h in (parse_hex("1818"), parse_hex("1918"))} <= {
        rt.path[-1] for rt in gs.ctl.retreats()}
    for zoom in (0.7, 0.8, 0.9, 1.0, 1.1, 1.2, 1.3, 1.4, 1.6, 1.73):
        gs.mv.set_zoom(zoom)
        gs.mv.center_on(target)
        app.step()
        bad += [(zoom, b) for b in _names_under_marks(app, gs, set(RETREAT_WORDS.values()))]
    assert not bad, bad
