"""Black Wednesday (Scenario 1) in the client, played headless through the controller from the
Prep Log through the Axis set-up into the first Action Phases (issue 7, "In the client"):
Prep targets by a map click, units entering by a move from the tray, fire by clicking the target
hex with the table column and every shift shown, mode/status/Dug In badges on the counters,
barrage markers, two dice shown as two dice."""
from __future__ import annotations

import pygame
import pytest

import hexwar
from hexwar.core import actions as A
from hexwar.core.hexgrid import distance, hex_name, parse_hex
from hexwar.ui.control.queries import MOVING
from hexwar.ui.counters import CounterArt, draw_counter
from hexwar.ui.games import for_game
from hexwar.ui.games.black_wednesday import barrage_centre, prep_box_label, preview_line

from .conftest import start

pytestmark = pytest.mark.usefixtures("scene_hex_ids_cleared")  # (conftest.py)


def _open(app, seed: int = 3):
    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=seed)
    return start(app, g)


def _answer(ctl) -> None:
    """The owner's choices inside a fire (on by default) answered through the controller as a
    player would, with the engine's own pick."""
    while (p := ctl.game.rules.pending(ctl.game.state)) is not None:
        ctl.do(A.Choose(p.what, p.default))


def _to_first_action(gs, moved_prep: str | None = None):
    """Prep Log kept as it is (or the 122 mm 0600 box moved to ``moved_prep``), every Axis unit
    on its first legal hex, the command phase ended."""
    ctl = gs.ctl
    if moved_prep:
        ctl.do(A.Choose("prep-box", "122mm_1-0600"))
        ctl.do(A.Choose("prep-122mm_1-0600", moved_prep))
    ctl.do(A.EndPhase())
    _answer(ctl)
    while ctl.view()["phase"] == "axis_setup":
        pl = [a for a in ctl.legal() if isinstance(a, A.Place)]
        ctl.do(pl[0] if pl else A.EndPhase())
        _answer(ctl)
    for _ in range(5):
        if ctl.view()["phase"] == "action":
            break
        ends = [a for a in ctl.legal() if isinstance(a, A.EndPhase)]
        ctl.do(ends[0])
        _answer(ctl)
    assert ctl.view()["phase"] == "action"
    ctl.die = None
    return ctl


@pytest.fixture
def action_gs(app):
    gs = _open(app)
    _to_first_action(gs)
    return gs


def test_prep_box_labels_read_as_words():
    assert prep_box_label("122mm_1-0600") == "122 mm battery 1, 0600"
    assert prep_box_label("katyusha_1-0820") == "Katyusha battery 1, 0820"
    assert prep_box_label("none") == "close this box"


def test_2_4_prep_target_by_a_map_click(app, drive):
    """2.4: with a Prep box open, a click on a hex of the play area writes it as the target."""
    gs = _open(app)
    ctl = gs.ctl
    assert isinstance(ctl.gui, type(for_game("black-wednesday")))
    groups = {g.key: g for g in ctl.choice_groups()}
    assert groups["choose:prep-box"].options[0].label.endswith(", 0600")
    box = next(a for a in ctl.legal() if isinstance(a, A.Choose) and a.what == "prep-box" and "122mm_1-0600" in a.value)
    ctl.do(box)
    target = next(a for a in ctl.legal() if a.what == "prep-122mm_1-0600")
    h = parse_hex(target.value)
    gs.mv.center_on(h)
    app.step()
    drive.click_hex(h)
    assert ctl.view()["prep_log"]["122mm_1"]["0600"] == target.value
    marks = [m for m in ctl.gui.map_marks(ctl) if m.hex == h]
    assert any(m.text.startswith("PREP 0600") and any("122 mm battery 1, 0600" in t for t in m.tooltip) for m in marks)


def test_setup_and_first_action_phase_units_enter_from_the_tray_by_a_click(action_gs, drive, app):
    """§7: Soviet units wait off the map; the tray offers them, a map click moves one in."""
    ctl = action_gs.ctl
    assert ctl.phase_kind() == "action" and ctl.mode() in MOVING  # the movement widgets serve it
    tray = [u["id"] for u in ctl.tray()]
    assert tray and all(ctl.unit(x)["where"] != "map" for x in tray)
    uid = tray[0]
    ctl.click_tray(uid)
    targets = ctl.move_targets(uid)
    assert targets
    h = max(targets, key=lambda x: len(targets[x]))
    action_gs.mv.center_on(h)
    app.step()
    drive.click_hex(h)
    u = ctl.unit(uid)
    assert (u["where"], u["hex"]) == ("map", hex_name(h))
    assert u["badges"] == ("M",)  # it moved: Move Mode, shown as a letter on the counter
    # The same unit may not be moved again this phase: the move is not offered any more.
    assert not ctl.move_targets(uid)


def test_5_badges_mode_status_and_dug_in_are_words_on_the_counter(action_gs):
    """§5, §12, §13: F/M, S/P and DI on the counter (and in words in the stack list)."""
    ctl = action_gs.ctl
    gui = ctl.gui
    axis = [u for u in ctl.view()["units"] if u["side"] == "axis" and u["where"] == "map"]
    assert axis and all(u["badges"][0] == "F" and "DI" in u["badges"] for u in axis)  # S1-7: Fire Mode, Dug In
    hit = [u for u in axis if u.get("status")]
    assert hit, "the Prep left some Axis unit Suppressed or Paralyzed"
    assert all(u["status"] in u["badges"] for u in hit)
    facts = gui.unit_facts(hit[0], ctl)
    assert any(f.startswith("Fire Mode") for f in facts) and any("Dug In" in f for f in facts)
    assert any(f.startswith("Suppressed") or f.startswith("Paralyzed") for f in facts)
    # The badges change the drawing (and the cache key), so a status change redraws the counter.
    plain = {k: v for k, v in hit[0].items() if k != "badges"}
    assert CounterArt.key(plain, 60) != CounterArt.key(hit[0], 60)
    a, b = draw_counter(plain, 60), draw_counter(hit[0], 60)
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")


def test_3_2_barrage_markers_one_box_on_the_centre_every_hex_ringed(action_gs):
    ctl = action_gs.ctl
    v = ctl.view()
    assert v["barrages"], "the Soviet Prep leaves barrage markers"
    marks = ctl.gui.map_marks(ctl)
    for _side, hexes, fp in v["barrages"]:
        mine = [m for m in marks if hex_name(m.hex) in hexes and m.kind in ("barrage", "barrage-area")]
        boxes = [m for m in mine if m.kind == "barrage"]
        assert len(boxes) >= 1 and any(m.text == f"BARR {fp}" for m in boxes)
        # Every hex of it carries the barrage in its tooltip (barrages may overlap).
        assert all(any(f"{fp} firepower, over {len(hexes)}" in t for m in mine if hex_name(m.hex) == hn
                       for t in m.tooltip) for hn in hexes)
    assert barrage_centre(["B14.30", "B15.30", "B14.31", "B15.31", "B16.31", "B14.32", "B15.32"]) == "B15.31"


@pytest.fixture
def fire_gs(app):
    """The 122 mm 0600 Prep moved far off (B41.28), so 1 Company's MG is not suppressed (seed 1:
    with the 1.10f battalion area, the first legal set-up hexes of seed 3 leave no Axis unit
    within reach of the tanks)."""
    gs = _open(app, seed=1)
    _to_first_action(gs, "B41.28")
    return gs


def _axis_may_fire(gs):
    """Bring four Soviet tanks as near the Axis line as they may, end the phase: the Axis
    1-I-262-MG may fire at them."""
    ctl = gs.ctl
    axis = [parse_hex(u["hex"]) for u in ctl.view()["units"] if u["side"] == "axis" and u["where"] == "map"]
    for u in [u for u in ctl.tray() if "T34" in u["id"]][:4]:
        tg = ctl.move_targets(u["id"])
        if tg:  # (the legal moves are in a fixed order, so with the seed this is one fixed game)
            best = min(tg, key=lambda h: min(distance(h, a) for a in axis))
            ctl.do(A.Move(u["id"], tg[best]))
            _answer(ctl)  # the Axis overwatch at the tank
    ctl.do(A.EndPhase())
    _answer(ctl)
    assert ctl.view()["phasing"] == "axis"
    sfa = [a for a in ctl.legal() if isinstance(a, A.Attack)]
    assert sfa
    return sfa[0]


def test_8_fire_by_clicking_the_target_with_column_and_shifts_shown(fire_gs, drive, app):
    """§8.2/§8.3: selecting a unit shows its SFA targets with the table column and every shift
    (the engine's own helpers; the event of the fire says the same), and a click on one fires."""
    action_gs = fire_gs
    ctl = action_gs.ctl
    att = _axis_may_fire(action_gs)
    uid = att.attackers[0]
    ctl.sel = uid
    opts = ctl.gui.fire_options(ctl)
    legal = [a.target for a in ctl.legal() if isinstance(a, A.Attack) and a.attackers == (uid,)]
    assert [a.target for a, _ in opts] == legal and att.target in legal
    _, p = next(o for o in opts if o[0].target == att.target)
    mark = next(m for m in ctl.gui.map_marks(ctl) if m.kind == "fire")
    assert mark.hex == att.target and mark.text == f"SFA col {p['final']}"
    # the tooltip gives the chance of each result on that column (the engine's preview, §8.2)
    pv = ctl.game.preview(next(a for a, _ in opts if a.target == att.target))
    tip = next(t for t in mark.tooltip if t.startswith("SFA by"))
    assert all(f"{o.text} {round(o.chance * 100)}%" in tip for o in pv.outcomes)
    action_gs.refresh()
    panel = " ".join(s[1] for s in action_gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "text")
    assert f"column {p['column']}" in panel and "Area Fire Table" in panel
    action_gs.mv.center_on(att.target)
    ctl.die = None  # the overwatch dice of the Soviet moves are seen (a click would dismiss them)
    app.step()
    n = len(ctl.game.actions)
    drive.click_hex(att.target)
    assert len(ctl.game.actions) == n + 1, (ctl.status, ctl.sel, ctl.mode())
    fire = next(e for e in reversed(ctl.log) if "fire" in e.text and f"column {p['column']}" in e.text)
    assert fire is not None
    # The roll was two dice and is shown as two.
    assert ctl.die is not None and len(ctl.die.dice) == 2 and ctl.die.roll == sum(ctl.die.dice)


def test_preview_line_names_every_shift():
    p = {"range": 2, "fp": 10, "column": 6, "shifts": [("trench (1.3a)", -2), ("Dug In", -1)], "final": 3}
    assert preview_line(p) == ("firepower 10 at range 2 → column 6; trench (1.3a) -2, Dug In -1 → column 3 "
                               "on the Area Fire Table (§8.2, §8.3)")


def test_5_mode_change_is_a_button_beside_the_unit_not_in_the_chooser(fire_gs):
    ctl = fire_gs.ctl
    _axis_may_fire(fire_gs)
    groups = {g.key for g in ctl.choice_groups()}
    assert "verb:mode" not in groups
    mover = next(a for a in ctl.legal() if type(a).__name__ == "Mode")
    acts = ctl.gui.unit_actions(ctl.unit(mover.unit), ctl)
    label, act, tip = next(x for x in acts if type(x[1]).__name__ == "Mode")
    assert act == mover and label == f"To {mover.mode.capitalize()} Mode" and "§5" in tip
    # the tooltip is what the engine says the change does (its consequence), with a word for its cost
    c = next(o.consequence for d in ctl.game.decisions() for o in d.options if o.action == mover)
    assert tip.startswith(c.text) and (("[costly]" in tip) == (c.level == 1))


def test_screenshot_black_wednesday_action_phase(action_gs, app, tmp_path):
    """The drawn frame of the first Action Phase: no failure, barrage boxes and badges drawn."""
    gs = action_gs
    gs.mv.set_zoom(1.6)
    gs.mv.center_on(parse_hex("B15.31"))
    gs.refresh()
    app.step()
    out = tmp_path / "bw.png"
    pygame.image.save(app.screen, str(out))
    assert out.stat().st_size > 10000


def test_demo_position_of_the_screenshot_is_reached_by_legal_play(tmp_path):
    """``positions.black_wednesday_fire``: the Axis Action Phase with a unit of 1-I-262 able to fire."""
    from . import positions as demo

    g = demo.black_wednesday_fire()
    v = g.view(None)
    assert (v["phase"], v["phasing"]) == ("action", "axis")
    assert any(isinstance(a, A.Attack) and a.attackers[0].startswith("1-I-262-") for a in g.legal_actions())
    out = tmp_path / "bw.png"
    demo.black_wednesday_shot(str(out))
    assert out.stat().st_size > 10000
