"""Black Wednesday in the client, second part (issue 7, "In the client"): the line-of-sight tool
and spotting ranges, point-fire, assault and artillery-mission previews checked against what the
engine then does, morale checks shown with the unit's morale, the opening camera on the play
area, the Prep fires still to come on the map."""
from __future__ import annotations

import random

import pygame
import pytest

import hexwar
from hexwar.core import actions as A
from hexwar.core.dice import SeededDice
from hexwar.core.hexgrid import distance, hex_name, parse_hex
from hexwar.games.black_wednesday import previews as I
from hexwar.ui.games import MapLine, MapRing

from .conftest import start
from .positions import black_wednesday_command

pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


@pytest.fixture
def app():
    """A window the size of the documentation's screenshots (the panel has room for the previews)."""
    from hexwar.ui.app import App

    a = App((1600, 1000), resizable=False, menu=True)
    a.step()
    yield a
    pygame.event.clear()


@pytest.fixture
def demo_game():
    from . import positions as demo

    return demo.black_wednesday_fire()


@pytest.fixture
def fire_gs(app, demo_game):
    """The Axis Action Phase of the demo: 1-I-262-MG may fire an SFA at a T-34."""
    gs = start(app, demo_game)
    gs.ctl.die = None
    return gs


def test_2x6_chances():
    assert I.chance_2d6_at_least(2) == 1 and I.chance_2d6_at_least(13) == 0
    assert I.chance_2d6_at_least(7) == pytest.approx(21 / 36)
    assert I.chance_2d6_at_least(12) == pytest.approx(1 / 36)


# --- line of sight (§6.2) ----------------------------------------------------------------
def test_6_2_sight_explained_agrees_with_the_engine_on_random_lines(demo_game):
    """The client's words never contradict the engine: clear exactly when ``sees_hex`` says so,
    and a blocking hex named exactly when ``Terrain.line`` finds the line blocked."""
    r, st = demo_game.rules, demo_game.state
    area = sorted(r.area)
    rng = random.Random(7)
    limit = r.period(st)[1]
    kinds = set()
    n = 0
    while n < 600:
        a, b = rng.choice(area), rng.choice(area)
        if distance(a, b) > limit + 3:
            continue
        n += 1
        s = I.sight(r, st, a, b)
        assert s.clear == r.sees_hex(st, a, b)
        if 1 < s.distance <= limit:
            assert (s.block is not None) == r.ter.line(a, b)[0], s.line()
        if s.block is not None:
            assert not s.clear and hex_name(s.block) in s.why and ("(§6.2)" in s.why or "(1.2a)" in s.why)
            kinds.add(s.why.split(" (")[0].split("blocked by ")[1].split(" ")[0])
        if s.distance > limit:
            assert not s.clear and "visibility limit" in s.why and "1.8" in s.why
    assert {"forest", "the"} <= kinds, kinds  # forest and the railway embankment both met


def test_6_2_los_tool_key_click_point_draws_the_line_with_a_cross_and_words(fire_gs, drive, app):
    """V turns the tool on from the selected unit's hex; pointing at a hex draws the line (a
    cross on the blocking hex, the cause in words with its rule); a click keeps it and says it in
    the status line; Esc puts the tool away."""
    gs = fire_gs
    ctl = gs.ctl
    mg = ctl.game.state.units["1-I-262-MG"]
    ctl.sel = mg.id
    drive.key(pygame.K_v)
    assert ctl.tool.get("los") == {"src": mg.hex, "dst": None}
    assert drive.button("los").toggled is True
    r, st = ctl.game.rules, ctl.game.state
    blocked = next(h for h in sorted(r.area, key=lambda h: (distance(h, mg.hex), h))
                   if distance(h, mg.hex) > 3 and I.sight(r, st, mg.hex, h).block is not None)
    clear = next(h for h in sorted(r.area, key=lambda h: (distance(h, mg.hex), h))
                 if distance(h, mg.hex) > 3 and I.sight(r, st, mg.hex, h).clear)
    s = I.sight(r, st, mg.hex, blocked)
    gs.mv.center_on(blocked)
    app.step()
    drive.hover(gs.mv.hex_center(blocked))
    lines = [x for x in ctl.gui.map_lines(ctl, gs.hover) if isinstance(x, MapLine)]
    assert lines == [MapLine(mg.hex, blocked, "blocked", f"{s.distance} hexes: {s.why}", s.block)]
    assert f"at {hex_name(s.block)}" in lines[0].text
    kind, limit = r.period(st)
    assert MapRing(mg.hex, limit, f"visibility {limit} ({kind}, 1.8)", "visibility") in ctl.gui.map_lines(ctl, gs.hover)
    # The panel says it too, with who spots whom.
    panel = " ".join(x[1] for x in gs.panel.context.sigs if isinstance(x, tuple) and x and x[0] == "text")
    assert f"Line of sight (V, §6.2) from {hex_name(mg.hex)}" in panel and "blocked by" in panel
    # The hover is not read as a move (no "cannot go there" while the tool is on).
    assert ctl.hover_text == ""
    drive.click_hex(blocked)
    assert ctl.tool["los"]["dst"] == blocked and "blocked by" in ctl.status.text
    n = len(ctl.game.actions)
    gs.mv.center_on(clear)
    app.step()
    drive.click_hex(clear)
    assert len(ctl.game.actions) == n  # the tool never acts
    assert ctl.status.text.startswith(f"{hex_name(mg.hex)} → {hex_name(clear)}") and ": clear" in ctl.status.text
    drive.key(pygame.K_ESCAPE)
    assert "los" not in ctl.tool and ctl.sel == mg.id  # Esc puts the tool away first, the selection stays


def test_6_2_los_tool_button_and_a_clicked_source(fire_gs, drive, app):
    """Without a selected unit the button turns the tool on; the first click picks the hex to
    look from, a second click on it lets another be picked."""
    gs = fire_gs
    ctl = gs.ctl
    ctl.sel = None
    gs.refresh()
    app.step()
    drive.press("los")
    assert ctl.tool.get("los") == {"src": None, "dst": None}
    h = parse_hex("B16.30")
    gs.mv.center_on(h)
    app.step()
    drive.click_hex(h)
    assert ctl.tool["los"]["src"] == h
    drive.click_hex(h)
    assert ctl.tool["los"]["src"] is None
    drive.press("los")
    assert "los" not in ctl.tool


def test_6_1_spotting_ring_of_the_selected_unit(fire_gs):
    """§6.1: the ring is the range an enemy spots the unit from (its hex's spotting class,
    doubled after moving in Move Mode or firing); the engine never spots it from farther."""
    ctl = fire_gs.ctl
    r, st = ctl.game.rules, ctl.game.state
    for u in r.on_map(st):
        rng, cls, doubled = I.seen_from(r, st, u.id)
        base = r.t.spotting[r.ter.spotting_class(u.hex, r.spec(u.id).vehicle)]
        assert rng == min(base * (2 if doubled else 1), r.period(st)[1])
        for e in r.on_map(st, r.enemy_of(r.side_of(u.id))):
            if r.spots(st, e.hex, u):
                assert distance(e.hex, u.hex) <= max(1, rng)
    mg = st.units["1-I-262-MG"]
    ctl.sel = mg.id
    rings = [x for x in ctl.gui.map_lines(ctl, None) if isinstance(x, MapRing)]
    rng, cls, _ = I.seen_from(r, st, mg.id)
    assert rings == [MapRing(mg.hex, rng, f"seen within {rng} ({cls.replace('_', ' ')}, §6.1)")]
    assert cls == "protective" and rng == 2  # a trench hex (1.3a)


# --- point fire (§9) ---------------------------------------------------------------------
def test_9_point_fire_preview_is_what_the_engine_rolls_against(demo_game):
    """§9.1/§9.2: the to-hit number, each modifier and the kill number of the preview are the
    ones the engine's point fire then uses (its events carry them)."""
    r = demo_game.rules
    st = demo_game.state.copy()
    tanks = [u for u in r.on_map(st, "soviet") if r.spec(u.id).vehicle]
    assert tanks
    t = tanks[0]
    checked = 0
    for gun in [u for u in r.on_map(st, "axis") if r.spec(u.id).at_attack]:
        p = I.pfa_preview(r, st, gun.id, t.id)
        if p is None:
            continue
        s2 = st.copy()
        ev = r.point_fire(s2, SeededDice(5), gun.id, t.id, distance(gun.hex, t.hex))
        fire = next(e for e in ev if e.kind == "point_fire")
        assert fire.data["need"] == p["need"] and [tuple(m) for m in fire.data["mods"]] == p["mods"]
        roll = fire.data["roll"] + sum(m for _, m in p["mods"])
        kill = [e for e in ev if e.kind == "at_roll"]
        assert bool(kill) == (roll >= p["need"])
        if kill:
            assert kill[0].data["need"] == p["kill"]
        assert p["overall"] == pytest.approx(p["hit"] * p["kill_chance"])
        line = I.pfa_line(p, gun.id, t.id)
        assert f"needs {p['need']}" in line and "§9.1" in line and "§9.2" in line
        checked += 1
    assert checked >= 3


def test_9_point_fire_offered_with_its_chance_and_a_click_fires_it(demo_game, drive, app):
    """A unit that may make a point fire (here an AT gun released from reserve by hand) gets
    "PFA n%" on the target's hex, the to-hit line in the panel, and a click fires the best one."""
    demo_game.state.extra["reserve"] = frozenset()  # (a test position: every Axis unit on its order)
    demo_game.state.touch()
    gs = start(app, demo_game)
    ctl = gs.ctl
    ctl.die = None
    st = ctl.game.state
    pf = [a for a in ctl.legal() if type(a).__name__ == "PointFire"]
    assert pf
    a = pf[0]
    ctl.sel = a.firer
    opts = ctl.gui.pfa_options(ctl)
    assert any(x.target == a.target for x, _ in opts)
    th = st.units[a.target].hex
    mark = next(m for m in ctl.gui.map_marks(ctl) if m.hex == th and m.kind == "fire")
    assert "PFA " in mark.text and any("needs" in t for t in mark.tooltip)
    gs.refresh()
    panel = " ".join(x[1] for x in gs.panel.context.sigs if isinstance(x, tuple) and x and x[0] == "text")
    assert f"PFA at {a.target}" in panel or f"PFA at {best_target(opts, st, th)}" in panel
    best = max((p["overall"], x.target) for x, p in opts if st.units[x.target].hex == th)
    act = ctl.gui.fire_at(ctl, th)
    assert type(act).__name__ == "PointFire" and act.firer == a.firer and act.target == best[1]
    n = len(ctl.game.actions)
    gs.mv.center_on(th)
    app.step()
    drive.click_hex(th)
    assert len(ctl.game.actions) == n + 1 and ctl.game.actions[-1] == act
    assert any("needs" not in e.text and f"fires at {act.target}: need" in e.text for e in ctl.log)


def best_target(opts, st, th):
    return max((p["overall"], x.target) for x, p in opts if st.units[x.target].hex == th)[1]


# --- assault (§11) -----------------------------------------------------------------------
def _assault_position(g):
    """A Soviet rifle platoon in Move Mode next to an Axis-held trench hex (set by hand on a
    copy): the preview against the engine's own assault."""
    r = g.rules
    st = g.state.copy()
    dfd_hex = sorted({u.hex for u in r.on_map(st, "axis")})[0]
    axis_hexes = {u.hex for u in r.on_map(st, "axis")}
    rifle = next(u for u in sorted(st.units.values(), key=lambda u: u.id)
                 if r.side_of(u.id) == "soviet" and r.spec(u.id).area_fp and not r.spec(u.id).vehicle
                 and not r.spec(u.id).weapons and not r.spec(u.id).indirect and not r.spec(u.id).fo
                 and not u.id.endswith(("_mg", "_mg_co")) and "MG" not in u.id)
    near = next(h for h in r.board.adjacent(dfd_hex) if h in r.area and h not in axis_hexes
                and r.ter.step_cost(h, dfd_hex, r.spec(rifle.id).move_class, r.spec(rifle.id).ma) is not None)
    st.units[rifle.id] = rifle.at(near)
    st.extra["mode"] = {**st.extra.get("mode", {}), rifle.id: "move"}
    st.touch()
    return r, st, dfd_hex, rifle.id


def test_11_1_assault_preview_columns_and_morale_are_the_engines(demo_game):
    """§11.1, 1.12: both assault fires (column and every shift) and each side's modified
    morale in the preview are those the engine's assault then uses."""
    r, st, h, uid = _assault_position(demo_game)
    p = I.assault_preview(r, st, h, (uid,))
    assert p is not None and not p["overrun"]
    assert p["attackers"]["mm"] == r.mm(st, uid, "assault")
    dfd = [u for u in st.units_at(h) if r.side_of(u.id) == "axis"]
    assert p["defenders"]["mm"] == max(r.mm(st, u.id, "assault") for u in dfd if not r.spec(u.id).vehicle)
    assert sum(p["attackers"]["odds"].values()) == pytest.approx(1.0)
    from hexwar.games.black_wednesday.verbs import Assault

    ev = r.do_assault(st.copy(), Assault(h, (uid,)), SeededDice(11))
    fires = [e for e in ev if e.kind == "fire" and "column" in e.data]
    by_fp = {e.data["fp"]: e.data for e in fires}
    for side in ("on_attackers", "on_defenders"):
        f = p[side]
        if f["column"] and f["fp"] in by_fp:
            got = by_fp[f["fp"]]
            assert got["column"] == f["column"] and [tuple(x) for x in got["shifts"]] == f["shifts"]
    assert fires, "the assault fired"
    lines = I.assault_lines(p)
    assert lines[0].startswith(f"Assault on {hex_name(h)}") and any("MM" in ln and "1.12" in ln for ln in lines)


# --- artillery missions (§13) ------------------------------------------------------------
def test_13_4_mission_preview_need_chance_and_ammunition(fire_gs):
    """§13.4, 3.2a: the preview's adjustment need is the one the engine rolls against, the
    chance is two dice at least that, the ammunition drops as it says; the map draws the
    spotter → target line with the chance."""
    ctl = fire_gs.ctl
    calls = [a for a in ctl.legal() if type(a).__name__ == "Call"]
    assert calls
    c = calls[0]
    ctl.sel = c.spotter
    opts = ctl.gui.call_options(ctl)
    c, p = next((x, q) for x, q in opts if x == c)
    spotter = ctl.game.state.units[c.spotter].hex
    assert p["need"] == ctl.game.rules.t.adjustment_need("german", distance(spotter, c.target))
    assert p["good"] == pytest.approx(I.chance_2d6_at_least(p["need"]))
    lines = [x for x in ctl.gui.map_lines(ctl, None) if isinstance(x, MapLine) and x.kind == "mission"]
    assert any(x.b == c.target and x.text.endswith(I.pct(max(q["good"] for y, q in opts if y.target == c.target)))
               for x in lines)
    tip = [t for m in ctl.gui.map_marks(ctl) if m.hex == c.target for t in m.tooltip]
    assert any(f"good shoot on {p['need']}+" in t for t in tip)
    assert ctl.do(c)
    adj = next(e for e in reversed(ctl.game.events) if e.kind == "adjustment") if hasattr(ctl.game, "events") else None
    v = ctl.view()
    assert v["ammo"]["axis"][p["calibre"]][p["kind"]] == p["after"]
    need_line = next(e.text for e in reversed(ctl.log) if "need" in e.text and "Shoot" in e.text)
    assert f"need {p['need']}," in need_line
    del adj


def test_ammunition_lines_by_calibre():
    """2.3b, 3.2b: one line per pool (the Spanish pool is the view's ``axis``, the German batteries
    have their own), by calibre."""
    v = {"ammo": {"soviet": {"76mm": {"HE": 48, "Smoke": 8}}, "axis": {"105mm": {"HE": 70, "Smoke": 20, "Illum": 2}},
                  "german": {"150mm": {"HE": 10}}}}
    assert I.ammo_lines(v) == ["Spanish ammunition: 105 mm HE 70, Smoke 20, Illum 2",
                               "German ammunition: 150 mm HE 10",
                               "Soviet ammunition: 76 mm HE 48, Smoke 8"]


def test_3_2b_mission_preview_counts_the_batterys_own_pool(fire_gs):
    """3.2b: the ammunition a mission preview shows is what the engine lets that battery fire
    (``ammo_left``: its own pool; both Axis pools with 4.1d)."""
    ctl = fire_gs.ctl
    for a in [x for x in ctl.legal() if type(x).__name__ == "Call"][:6]:
        p = I.call_preview(ctl.game.rules, ctl.game.state, a)
        assert p["ammo"] == ctl.game.rules.ammo_left(ctl.game.state, p["side"], a.artillery, p["kind"])


# --- morale (§12) ------------------------------------------------------------------------
def test_12_morale_odds_add_up_and_follow_the_table(demo_game):
    r = demo_game.rules
    for mm in range(2, 13):
        o = I.morale_odds(r, mm)
        assert sum(o.values()) == pytest.approx(1.0)
        assert o.get("-", 0) == pytest.approx(sum(1 for s in range(2, 13) for _ in range(6 - abs(s - 7))
                                                  if r.t.morale_result(mm, s) == "-") / 36)


def test_12_3_morale_checks_of_the_last_action_shown_with_the_units_morale(app):
    """After an action with morale checks (the Soviet Prep, 2.4e, fired as the first Action Phase
    begins), the panel lists each: the unit, its printed morale, the MM it checked at, the roll
    and the result (from the engine's morale events)."""
    from .test_black_wednesday_ui import _to_first_action

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3)
    gs = start(app, g)
    ctl = _to_first_action(gs)
    n, checks = ctl.tool.get("morale", (None, []))
    assert checks and n == len(g.actions)
    gs.refresh()
    panel = " ".join(x[1] for x in gs.panel.context.sigs if isinstance(x, tuple) and x and x[0] == "text")
    c = checks[0]
    assert (f"Morale check (§12.3): {c['unit']}, morale {ctl.game.rules.spec(c['unit']).morale_value}, "
            f"at MM {c['mm']}: rolled {c['roll']}: {I.RESULT_WORDS[c['result']]}") in panel
    # The next action clears them.
    ctl.do(next(a for a in ctl.legal() if isinstance(a, A.Choose) and a.what == "trench_syr"))
    gs.refresh()
    panel = " ".join(x[1] for x in gs.panel.context.sigs if isinstance(x, tuple) and x and x[0] == "text")
    assert "Morale check (§12.3)" not in panel


def test_12_sfa_preview_names_the_morale_check_it_would_bring(fire_gs):
    ctl = fire_gs.ctl
    att = next(a for a in ctl.legal() if isinstance(a, A.Attack))
    ctl.sel = att.attackers[0]
    line = ctl.gui.sfa_morale(ctl, att.target)
    if not line:  # vehicles only in the target hex: no morale check (§12.3)
        assert all(ctl.game.rules.spec(u.id).vehicle for u in ctl.game.state.units_at(att.target))
        return
    assert "MM" in line and "+2 for an SFA" in line


# --- the camera and the Prep fires to come ------------------------------------------------
def test_opening_camera_frames_the_play_area_not_both_sheets(app):
    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3)
    gs = start(app, g)
    mv = gs.mv
    r = g.rules
    start_hexes = set().union(*r.area_hexes.values())
    assert start_hexes <= set(r.area)
    # The Prep Log opens on where the Soviet player acts: the plotted Prep targets in the play
    # area (the hexes the game's client marks), most of them in view.
    from hexwar.ui.focus import focus_hexes, mark_hexes

    targets = focus_hexes(gs.ctl, g.legal_actions())
    assert targets and targets <= mark_hexes(gs.ctl) and targets <= set(r.area)
    assert sum(1 for h in targets if mv.rect.collidepoint(mv.hex_center(h))) >= len(targets) * 2 // 3
    whole = sum(1 for h in r.board.terrain if mv.rect.collidepoint(mv.hex_center(h)))
    assert whole < len(r.board.terrain) * 0.8  # not the whole board zoomed out
    fit = type(mv)(mv.board)
    fit.set_rect(mv.rect)
    fit.fit()
    assert mv.zoom > fit.zoom * 2


def test_2_4_prep_fires_still_to_come_are_on_the_map(fire_gs):
    """2.4e: in the game, the next Prep's targets carry "PREP hhmm"; every later fire is in the
    hex's tooltip. Shown to the Soviet player, whose plot it is; the Axis side at the screen sees
    no box before it fires (decision BW-L1)."""
    ctl = fire_gs.ctl
    assert ctl.view()["phasing"] == "axis"
    axis_view = ctl.view()
    assert not any(hn and tm > axis_view["time"]
                   for boxes in axis_view["prep_log"].values() for tm, hn in boxes.items())
    assert not [m for m in ctl.gui.map_marks(ctl) if m.kind == "prep"]
    ctl.viewer, ctl._view = "soviet", None
    v = ctl.view()
    now = v["time"]
    later = sorted({tm for boxes in v["prep_log"].values() for tm, hn in boxes.items() if hn and tm > now})
    assert later
    marks = [m for m in ctl.gui.map_marks(ctl) if m.kind in ("prep", "tip") and any("Prep Log" in t for t in m.tooltip)]
    boxed = {m.text for m in marks if m.kind == "prep"}
    assert boxed == {f"PREP {later[0]}"}
    for boxes in v["prep_log"].values():
        for tm, hn in boxes.items():
            if hn and tm > now:
                assert any(hex_name(m.hex) == hn and any(f"at {tm}" in t for t in m.tooltip) for m in marks)


def test_frame_with_the_tool_the_ring_and_missions_draws(fire_gs, drive, app, tmp_path):
    gs = fire_gs
    ctl = gs.ctl
    call = next(a for a in ctl.legal() if type(a).__name__ == "Call")
    ctl.sel = call.spotter
    gs.mv.set_zoom(1.4)
    gs.mv.center_on(call.target)
    gs.refresh()
    app.step()
    before = pygame.image.tobytes(app.screen, "RGB")
    drive.key(pygame.K_v)
    drive.hover(gs.mv.hex_center(call.target))
    after = pygame.image.tobytes(app.screen, "RGB")
    assert before != after
    out = tmp_path / "bw-tools.png"
    pygame.image.save(app.screen, str(out))
    assert out.stat().st_size > 10000


# --- orders (§16) ------------------------------------------------------------------------


def test_16_orders_listed_in_the_command_phase_and_shown_on_the_map(app, drive):
    """§16: in the Command Phase the panel lists each order of the side at the screen (type,
    status, objective size, units, weighted turns and the chance this turn when the engine
    gives them); a click on one outlines its objective and marks its units' hexes."""
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    mine = I.view_orders(ctl.view(), ctl.acting())
    assert mine, "the Axis has its Scenario 1 order"
    gs.refresh()
    app.step()
    o = mine[0]
    b = drive.button(f"order-{o['id']}")
    assert b.label == I.order_short(o) and I.TYPE_WORDS[o["type"]] in b.label and b.tooltip.startswith(I.order_line(o))
    drive.press(f"order-{o['id']}")
    assert ctl.tool.get("order") == o["id"]
    areas = [x for x in ctl.gui.map_lines(ctl, None) if type(x).__name__ == "MapArea"]
    assert len(areas) == 1 and areas[0].hexes == frozenset(o["objective_hexes"]) and o["id"] in areas[0].text
    marks = {m.hex for m in ctl.gui.map_marks(ctl) if m.kind == "order"}
    assert marks == {ctl.game.state.units[u].hex for u in o["units"] if ctl.game.state.units[u].where == "map"}
    # An order whose units are on the map (the Axis defence): their hexes carry its id.
    other = next(x for x in I.view_orders(ctl.view())
                 if any(ctl.game.state.units[u].where == "map" for u in x["units"]))
    ctl.gui.show_order(ctl, other["id"])
    marks = {m.hex: m for m in ctl.gui.map_marks(ctl) if m.kind == "order"}
    assert set(marks) == {ctl.game.state.units[u].hex for u in other["units"] if ctl.game.state.units[u].where == "map"}
    assert all(m.text == other["id"] and "§16.6" in m.tooltip[0] for m in marks.values())
    ctl.gui.show_order(ctl, o["id"])
    gs.mv.center_on(next(iter(o["objective_hexes"])))
    app.step()  # drawn without failure
    drive.press(f"order-{o['id']}")
    assert ctl.tool.get("order") is None


def test_16_6_the_selected_units_order_objective_is_outlined(fire_gs):
    ctl = fire_gs.ctl
    ctl.sel = "1-I-262-MG"
    o = ctl.gui.order_focus(ctl)
    assert o is not None and "1-I-262-MG" in o["units"]
    areas = [x for x in ctl.gui.map_lines(ctl, None) if type(x).__name__ == "MapArea"]
    assert [a.hexes for a in areas] == [frozenset(o["objective_hexes"])]
    # Trench objective (Scenario 1): the trench hexes of the play area.
    assert all(ctl.game.rules.ter.is_trench(h) for h in areas[0].hexes)


def test_16_order_actions_read_as_words():
    from types import SimpleNamespace as NS

    from hexwar.ui.games.black_wednesday import order_label

    assert order_label(NS(op="draw", args=("attack", "trenches", "43+72"))) == \
        "draw an order: Attack on the trench line for the 43rd Division and 72nd Division"
    assert order_label(NS(op="draw", args=("move", "krasni_bor", "armour"))) == \
        "draw an order: Move on Krasni Bor for the tank units"  # place names, never the ids
    assert order_label(NS(op="roll", args=("S2", "I-270"))) == "roll to implement S2 (battalion I-270 goes)"
    assert order_label(NS(op="cancel", args=("S2",))) == "cancel S2"


def test_16_order_actions_in_the_chooser_have_words(app):
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    acts = [a for a in ctl.legal() if type(a).__name__ == "OrderAct"]
    assert acts, "the engine offers orders to draw in the Command Phase"
    groups = {g.key: g for g in ctl.choice_groups()}
    g = groups["verb:order"]
    assert all(not o.label.startswith(("draw ", "roll ", "cancel ")) or o.label.startswith(("draw an order:", "roll to",
                                                                                           "cancel "))
               for o in g.options)
    assert ctl.decision("verb:order").rule == "§16"


def test_16_3_order_line_with_need_and_chance():
    o = {"id": "S2", "type": "attack", "status": "prep", "objective_hexes": frozenset({1, 2}), "units": ["a", "b"],
         "weighted_turns": 3, "need": "44", "chance": 0.5}
    assert I.order_line(o) == ("S2: Attack, prep, objective 2 hex(es), 2 unit(s), 3 weighted turn(s), "
                               "implements on 44+ (d66): 50% this turn (§16.3)")
    assert I.order_short(o) == "S2: Attack · prep · 3 WT · 50% this turn"


def test_bench_position():
    """``make bench``'s Black Wednesday frame: its default scenario (as every game's) played to an
    Action Phase with the units of both sides on the map and a unit on the map free to move."""
    from hexwar.ui import bench

    g = bench.board_game("black-wednesday")
    assert g.header["scenario"] == g.entry.default_scenario
    v = g.view(None)
    assert v["phase"] == "action" and g.phase().kind == "action"
    on_map = [u for u in v["units"] if u["where"] == "map"]
    assert {u["side"] for u in on_map} == {"soviet", "axis"}
    assert any(isinstance(a, A.Move) and g.state.units[a.unit].where == "map" for a in g.legal_actions())


def test_16_1_new_order_objective_picked_on_the_map(app, drive):
    """§16.1: in the Command Phase, "Pick a new objective on the map", clicks on hexes of the play
    area (again to drop one; outside it refused with the rule), then a type for a formation
    draws the order with those hexes as its objective (the engine's own `order draw` verb)."""
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    gs.refresh()
    app.step()
    drive.press("objective")
    assert ctl.tool.get("objective") == set()
    r = ctl.game.rules
    mine_before = {o["id"] for o in I.view_orders(ctl.view(), ctl.acting())}
    picks = sorted(r.area_hexes["1-I-262"])[:3]
    for h in picks + [picks[0]]:  # the last click drops the first again
        gs.mv.center_on(h)
        app.step()
        drive.click_hex(h)
    assert ctl.tool["objective"] == set(picks[1:])
    outside = next(h for h in sorted(r.board.terrain) if h not in r.area)
    gs.mv.center_on(outside)
    app.step()
    drive.click_hex(outside)
    assert ctl.status.kind == "refusal" and "§16.1" in ctl.status.text and outside not in ctl.tool["objective"]
    areas = [x for x in ctl.gui.map_lines(ctl, None) if type(x).__name__ == "MapArea"]
    assert any(a.hexes == frozenset(picks[1:]) for a in areas)
    cls, forms = ctl.gui.objective_draws(ctl, ctl.legal())
    assert forms
    gs.refresh()
    app.step()
    n = len(ctl.game.actions)
    drive.press(f"draw-attack-{forms[0]}")
    assert len(ctl.game.actions) == n + 1, ctl.status
    a = ctl.game.actions[-1]
    assert a.op == "draw" and a.args[0] == "attack" and a.args[2] == forms[0]
    assert set(a.args[1].split("+")) == {hex_name(h) for h in picks[1:]}
    new = [o for o in I.view_orders(ctl.view(), ctl.acting()) if o["id"] not in mine_before]
    assert len(new) == 1 and new[0]["objective_hexes"] == frozenset(picks[1:])
    assert "objective" not in ctl.tool


def test_16_1_objective_tool_esc_drops_the_hexes(app, drive):
    gs = black_wednesday_command(app)
    ctl = gs.ctl
    ctl.gui.toggle_objective(ctl)
    assert ctl.gui.tool_on(ctl)
    drive.key(pygame.K_ESCAPE)
    assert "objective" not in ctl.tool


def test_help_screen_lists_the_line_of_sight_key(fire_gs, drive, app):
    from hexwar.ui.games import for_game
    from hexwar.ui.scenes import HelpScene

    assert ("V" in dict(for_game("black-wednesday").keys)) and not for_game("objective-kiev").keys
    drive.key(pygame.K_F1)
    assert isinstance(app.stack.top, HelpScene)
    app.step()  # drawn with the game's key in the list
    drive.key(pygame.K_ESCAPE)
    assert not isinstance(app.stack.top, HelpScene)


# --- the owner's choices inside a fire (the engine's pending steps) ----------------------
def _pending_loss(app):
    """Scenario 1 with the owner's choices on: the Soviet Prep hits an Axis stack and the Axis
    player picks who loses the step (§8.4)."""
    from .positions import black_wednesday_fire  # noqa: F401  (same opening as the demo)

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3, options={"owner_choices": True})
    g.apply(A.Choose("prep-box", "122mm_1-0600"))
    g.apply(A.Choose("prep-122mm_1-0600", "B41.28"))
    g.apply(A.EndPhase())
    for _ in range(200):
        if g.view(None)["stage"]:
            break
        acts = g.legal_actions()
        pl = [a for a in acts if isinstance(a, A.Place)]
        g.apply(pl[0] if pl else next(a for a in acts if isinstance(a, A.EndPhase)))
    st = g.view(None)["stage"]
    assert st and st["what"] == "loss"
    gs = start(app, g)
    gs.ctl.die = None
    return gs


def test_8_4_owner_choice_pending_in_the_client(app, drive, caplog):
    """§8.4 (owner_choices on): the pending step is a "choice" step (no failure on the engine's
    stage without a kind); the panel names it with the engine's note, the chooser's buttons read
    in words, the hexes of the options carry LOSS?, a click on a hex with several options asks for
    the panel, a button answers; looking back at the pending position works."""
    gs = _pending_loss(app)
    ctl = gs.ctl
    assert ctl.mode() == "stage:" + ctl.stage()[0]  # the engine's step, no widget of its own: the chooser
    st = ctl.view()["stage"]
    app.step()
    panel = " ".join(x[1] for x in gs.panel.context.sigs if isinstance(x, tuple) and x and x[0] == "text")
    assert "Step loss — the Axis player decides" in panel and "Click a hex marked LOSS?" in panel
    groups = {g.key: g for g in ctl.choice_groups()}
    opts = groups["choose:loss"].options
    assert [o.label for o in opts] == [f"{u} loses the step" for u in st["options"]]
    marks = [m for m in ctl.gui.map_marks(ctl) if m.text.startswith("LOSS?")]
    hexes = {ctl.game.state.units[u].hex for u in st["options"]}
    assert {m.hex for m in marks} == hexes
    # each option's tooltip says what it costs (the engine's consequence, §8.4), the cost in a word
    tips = [t for m in marks for t in m.tooltip]
    assert len(tips) == len(st["options"]) and all(t.startswith("Step loss (§8.4): ") for t in tips)
    assert all(" loses a step (" in t and t.endswith("[costly]") or " is eliminated" in t and t.endswith("[fatal]")
               for t in tips)
    # the marks stand where the engine's pending view puts each option (no option string is read)
    assert st["kind"] == "choice" and {parse_hex(h) for h in st["option_hexes"].values()} == hexes
    assert ctl.gui.choice_hexes(ctl, {**st, "option_hexes": {st["options"][0]: "B10.31"}}) == {
        parse_hex("B10.31"): [st["options"][0]]}
    h = next(iter(hexes))
    gs.mv.center_on(h)
    app.step()
    n = len(ctl.game.actions)
    drive.click_hex(h)
    if len([u for u in st["options"] if ctl.game.state.units[u].hex == h]) > 1:
        assert len(ctl.game.actions) == n and "pick one in the side panel" in ctl.status.text
        assert ctl.do(opts[0].action)
    else:
        assert len(ctl.game.actions) == n + 1
    assert ctl.game.actions[-1].what == "loss"
    import logging

    caplog.set_level(logging.ERROR)
    gs.toggle_history()  # looking back through the pending position
    app.step()
    gs.enter_history(len(ctl.game.actions) - 1)
    app.step()
    gs.toggle_history()
    app.step()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


def test_choice_labels_in_words():
    from hexwar.ui.games.black_wednesday import choice_label

    assert choice_label("overwatch", "B16.28:14-262-AT752") == "B16.28: 14-262-AT752 fires at it (point fire)"
    assert choice_label("overwatch", "B16.28:area") == "B16.28: area fire at it"
    assert choice_label("overwatch", "none") == "no (more) overwatch"
    assert choice_label("return_fire", "B13.30>B16.28") == "from B13.30 at B16.28"
    assert choice_label("retreat", "B12.30") == "retreat ends in B12.30"
    assert choice_label("advance", "stop") == "stop: the rest stay"


@pytest.mark.sweep
def test_random_play_in_the_client_draws_every_step_without_a_failure(app, caplog):
    """Random legal play of Scenario 1 with the owner's choices on, through the controller: after
    each action a unit is selected, the tool is on now and then, the pointer is on a random hex,
    and the map hooks and the panel are built (every 5th step a frame is drawn). No hook may fail
    (a failing panel block or map hook is logged, which the test forbids)."""
    import logging

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=11, options={"owner_choices": True})
    gs = start(app, g)
    ctl = gs.ctl
    rng = random.Random(11)
    area = sorted(g.rules.area)
    caplog.set_level(logging.ERROR)
    kinds = set()
    for step in range(200):
        acts = ctl.legal()
        if not acts or g.result() is not None:
            break
        places = [a for a in acts if isinstance(a, A.Place)]
        prep = [a for a in acts if isinstance(a, A.Choose) and a.what.startswith("prep")]
        if places:
            a = places[0]
        elif prep and ctl.view()["phase"] == "prep_log":
            a = next(x for x in acts if isinstance(x, A.EndPhase))
        else:
            fire = [x for x in acts if type(x).__name__ in ("Attack", "PointFire", "Assault")]
            non_end = [x for x in acts if not isinstance(x, A.EndPhase)]
            if fire and rng.random() < 0.6:
                a = rng.choice(fire)
            else:
                a = rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(acts)
        kinds.add(type(a).__name__)
        assert ctl.do(a), ctl.status
        ctl.die = None
        units = [u for u in ctl.view()["units"] if u["where"] == "map"]
        if units:
            ctl.sel = rng.choice(units)["id"]
        if step % 7 == 3:
            ctl.gui.toggle_los(ctl)
        hover = rng.choice(area)
        ctl.gui.map_marks(ctl)
        ctl.gui.map_lines(ctl, hover)
        gs.hover = hover
        gs.refresh()
        if step % 5 == 0:
            app.step()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors[0].getMessage()
    assert {"Move", "EndPhase"} <= kinds


@pytest.mark.sweep
def test_random_fire_in_the_client_without_a_failure(fire_gs, app, caplog):
    """From the demo's fire position, fire, point fire, assault and missions picked at random (then
    any action), with the hooks and the panel built after each: no hook fails."""
    import logging

    gs = fire_gs
    ctl = gs.ctl
    rng = random.Random(5)
    caplog.set_level(logging.ERROR)
    kinds = set()
    for step in range(60):
        acts = ctl.legal()
        if not acts or ctl.game.result() is not None:
            break
        fire = [x for x in acts if type(x).__name__ in ("Attack", "PointFire", "Assault", "Call")]
        a = rng.choice(fire) if fire and rng.random() < 0.7 else rng.choice(acts)
        kinds.add(type(a).__name__)
        assert ctl.do(a), ctl.status
        ctl.die = None
        units = [u for u in ctl.view()["units"] if u["where"] == "map"]
        ctl.sel = rng.choice(units)["id"] if units else None
        ctl.gui.map_marks(ctl)
        ctl.gui.map_lines(ctl, rng.choice(sorted(ctl.game.rules.area)))
        gs.refresh()
        if step % 6 == 0:
            app.step()
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert not errors, errors[0].getMessage()
    assert "Attack" in kinds
