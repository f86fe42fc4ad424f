"""Black Wednesday (Scenario 1) walked through by a newcomer in the real client, by clicks and keys
only: the menu, the Soviet Prep Log kept as plotted, the Axis set-up from the tray onto the
highlighted areas, the command phases, the Soviet arrivals (a whole battalion by the tray's group
entry, then tanks driven in one by one), the Axis overwatch after a hand-over (its chance shown,
the roll), the Axis fire at the tanks with its table column, then save, leave to the menu and
Continue. Screenshots with HEXWAR_WALKTHROUGH_IMAGES set (tests/ui/walkthrough.py)."""
from __future__ import annotations

from hexwar.core.hexgrid import distance, hex_name, parse_hex

from .walkthrough import Walk, opening_at_1920

GAME = "black-wednesday"
SEED = 1


def test_black_wednesday_walkthrough():
    w = Walk(GAME, SEED)
    try:
        walk(w)
    finally:
        w.close()
    opening_at_1920(GAME, SEED, 6)


def tray(w: Walk):
    return w.game_scene.panel.context.tray


def walk(w: Walk) -> None:
    w.choose_game()
    w.sees("Black Wednesday", "Start a new game")
    w.start_new()
    assert "Soviet player, your turn" in w.handover_log[0]
    # The Prep Log: the historical targets are plotted; keeping them is ending the phase.
    assert w.ctl.phase_name() == "Prep Log"
    w.sees("Prep Log", "Turn 1 of 12", "Trench hexes the Axis holds")
    w.shot(1, "prep-log")
    w.end_phase()
    said = w.handovers()
    assert said and "Axis player, your turn" in said[0] and "sets up the defenders" in said[0], said
    # The Axis set-up: every counter from the tray onto a highlighted hex of its area.
    assert w.mode() == "setup"
    w.sees("Axis set-up", "Set-up tray: 29 to place", "Click a counter, then a green-framed hex")
    w.shot(2, "axis-setup")
    assert w.set_up_by_clicks() == 29
    # The command phases (orders kept), then the Soviet Action Phase with 65 arrivals in the tray.
    w.end_phases_until(lambda: w.ctl.phase_name() == "Soviet Action Phase")
    w.sees("Bring on your 65 arriving units")
    ctl = w.ctl
    ctl.legal_now()
    # A whole battalion at once: a counter of it, "Pick all of 1-708", a hatched entry hex.
    first = next(i for i in tray(w) if i.unit["id"] == "1-708-Inf1")
    w.click(first.rect.center)
    assert ctl.sel == "1-708-Inf1"
    w.sees("Pick all of 1-708")
    w.press("pick-formation")
    assert len(ctl.group) > 5
    entry = min(ctl.place_hexes("1-708-Inf1"))
    n = len(ctl.group)
    w.click_at(entry)
    w.handovers()
    assert f"{n} unit(s) brought on near {hex_name(entry)}" in w.status()
    w.shot(3, "soviet-entry")
    # Tanks one by one, each to the shaded hex nearest the Axis; the third crosses a hex the Axis
    # watches: overwatch, a decision for the Axis player after a hand-over.
    axis = [parse_hex(str(u["hex"])) for u in ctl.view()["units"]
            if u.get("side") == "axis" and u.get("where") == "map"]
    w.handover_log.clear()
    for _ in range(6):
        ctl.legal_now()
        tank = next(i for i in tray(w) if "T34" in i.unit["id"])
        uid = tank.unit["id"]
        if ctl.sel != uid:
            w.click(tank.rect.center)
        assert ctl.sel == uid, w.status()
        targets = ctl.move_targets(uid)
        best = min(targets, key=lambda h: (min(distance(h, a) for a in axis), hex_name(h)))
        w.click_at(best)
        w.handovers()
        if w.mode() == "stage:overwatch":
            break
    assert w.mode() == "stage:overwatch", w.status()
    assert any("Axis player, a decision for you" in h for h in w.handover_log), w.handover_log
    w.sees("Overwatch", "pick a stack to fire at it, or none", "B16.28: 13-262-IG1 fires at it (point fire)")
    # The stacks that may fire are marked OW? on the map, and the camera has brought them into view.
    gs = w.game_scene
    assert gs.mv.rect.collidepoint(gs.mv.hex_center(parse_hex("B16.28"))), "the OW? stack is out of view"
    w.sees("OW?")
    w.wheel_panel(2)  # each option's chance is under it, "more below"
    w.sees("hit 28%, knocked out")
    w.shot(4, "overwatch")
    w.choose("choose:overwatch", "B16.28: 13-262-IG1")
    steps = w.fight_out()
    assert steps and steps[0].startswith("die") and "knocked out" in steps[0], steps
    # The Soviet player ends the phase (the rest wait); the Axis Action Phase after the hand-over.
    w.handover_log.clear()
    w.end_phases_until(lambda: w.ctl.phase_name() == "Axis Action Phase")
    assert any("Axis player, your turn" in h for h in w.handover_log), w.handover_log
    # Axis fire: the MG that sees the tanks; selected, it shows its target with the table column.
    ctl.legal_now()
    fire = next(a for a in ctl.legal_now() if a.notation().startswith("attack"))
    gunner, target = fire.attackers[0], fire.target
    w.click_at(w.unit_hex(gunner))
    assert ctl.sel == gunner, w.status()
    w.sees("SFA col", "within reach")  # the target marked on the map with its column; moves shaded
    w.wheel_panel(4)  # the Area Fire Table is under the fire block, "more below"
    w.sees("Area Fire Table")
    w.shot(5, "axis-fire")
    w.click_at(target)
    steps = w.fight_out()
    kinds = [x.split(": ")[0] for x in steps]
    assert kinds == ["die"], kinds
    assert "Fire on B13.28 (§8.2, §8.3): firepower 2 → column 2" in steps[0] and "rolled 3: no effect" in steps[0]
    # The Axis ends its phase: the clean-up, then turn 2 (0620) opens on the Soviet command phase.
    w.handover_log.clear()
    w.end_phases_until(lambda: "Turn 2 of 12" in w.screen())
    w.sees("Command Phase", "0620")
    # Save, leave to the menu, Continue: the same position.
    w.save_leave_continue()
    w.sees("Turn 2 of 12", "Command Phase")


def test_tray_ids_cut_in_the_middle_still_read_apart(app):
    """The ids under the tray's counters keep their start and their end when cut: Black Wednesday's
    1-I-262-Inf1 and 2-I-262-Inf1 (two battalions) both read "…262-Inf1" when only the end was kept."""
    from hexwar.ui import theme as T
    from hexwar.ui.panel.tray import _fit_id

    px, room = 10, T.size("…262-Inf1", 10)[0]
    ids = ["1-I-262-Inf1", "2-I-262-Inf1", "1ITB-T341", "1ITB-T3410", "13-262-IG1", "14-262-AT751"]
    shown = [_fit_id(u, px, room) for u in ids]
    assert len(set(shown)) == len(shown), shown
    assert all(T.size(s, px)[0] <= room for s in shown), shown
    assert all(s == u or (s[0] == u[0] and s[-1] == u[-1] and "…" in s) for s, u in zip(shown, ids)), shown
