"""Positions of Battle for Kursk, Kasserine Pass and Black Wednesday reached by legal play with
fixed seeds (the engines decide everything; nothing is set by hand), for the client tests: an
Offensive that may be built (``kursk_offensive``), Kasserine's steps (``kasserine``), Black
Wednesday's Axis Action Phase with a fire to make (``black_wednesday_fire``), and the screenshots
of those positions the tests take (``black_wednesday_shot`` …). Tests may read the engine itself;
the client's ``hexwar.ui.demo`` draws every registered game by the contract alone."""
from __future__ import annotations

import random

import hexwar
from hexwar.core import actions as A


def kursk_offensive(seed: int = 1, max_actions: int = 3000):
    """Full game, played until an Offensive (9.2.1) is legal: both sides engage, random moves."""
    from hexwar.games.battle_for_kursk.offensive import Offensive

    g = hexwar.open_game("battle-for-kursk", "full", seed=seed)
    rng = random.Random(seed)
    for _ in range(max_actions):
        acts = g.legal_actions()
        if any(isinstance(a, Offensive) for a in acts):
            return g
        ch = [a for a in acts if isinstance(a, A.Choose) and a.what == "posture"]
        if ch:
            want = [a for a in ch if a.value == "engage"] or [a for a in ch if a.value == "deploy"] or ch
            g.apply(want[0])
            continue
        non_end = [a for a in acts if not isinstance(a, (A.EndPhase, A.Attack))]
        if non_end and rng.random() < 0.9:
            g.apply(rng.choice(non_end))
        else:
            end = [a for a in acts if isinstance(a, A.EndPhase)]
            g.apply(end[0] if end else rng.choice(acts))
    raise AssertionError("no Offensive became legal")


def kasserine(want: str, seed: int = 1, max_actions: int = 3000):
    """Kasserine Pass played until ``want``: "support" (a battery may support in the attacker's
    declare step), "defend" (the defender's artillery step with a battery to allocate),
    "resolve" (battles to roll)."""
    g = hexwar.open_game("kasserine-pass", "standard", seed=seed)
    rng = random.Random(seed)
    attacks = 0
    for _ in range(max_actions):
        v = g.view(None)
        acts = g.legal_actions()
        verbs = {a.notation().split()[0] for a in acts}
        if want == "support" and "support" in verbs and v["step"] == "declare":
            return g
        if want == "defend" and v["step"] == "defend" and "support" in verbs:
            return g
        if want == "resolve" and v["step"] == "resolve":
            return g
        pl = [a for a in acts if isinstance(a, A.Place)]
        atk = [a for a in acts if isinstance(a, A.Attack)]
        mv = [a for a in acts if isinstance(a, A.Move)]
        end = [a for a in acts if isinstance(a, A.EndPhase)]
        if pl:
            a = pl[0]
        elif v["step"] == "declare" and atk and (attacks < 3 or not end or g.check(end[0])):
            a = rng.choice(atk)
            attacks += 1
        elif mv and v["phase"].endswith("move") and rng.random() < 0.95:
            a = rng.choice(mv)
        else:
            other = [x for x in acts if not x.notation().startswith(("breakdown", "select", "support", "attack"))]
            if v["phase"].endswith("move"):
                other = [x for x in other if not isinstance(x, A.Move)] or other
            a = rng.choice(other or acts)
        if isinstance(a, A.EndPhase):
            attacks = 0
        g.apply(a)
    raise AssertionError(f"no {want} position reached")


def answer_choices(g) -> None:
    """Answer every owner's choice pending inside a Black Wednesday fire (§8.4, §10, §12.5)
    with the engine's own pick, so a scripted position plays on as the players would."""
    while (p := g.rules.pending(g.state)) is not None:
        g.apply(A.Choose(p.what, p.default))


def black_wednesday_fire(seed: int = 1):
    """Black Wednesday, Scenario 1: the 122 mm 0600 Prep box moved to B41.28, every Axis unit on
    its first legal set-up hex, four T-34s entered as near the Axis as they may, the Soviet
    phase ended: the Axis Action Phase with a unit of 1-I-262 able to fire (an SFA) at them
    (seed 1: under the 1.10f company-or-battalion areas, the first legal set-up hexes of other
    seeds may leave no Axis unit in reach of the tanks)."""
    from hexwar.core.hexgrid import distance, parse_hex

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=seed)
    g.apply(A.Choose("prep-box", "122mm_1-0600"))
    g.apply(A.Choose("prep-122mm_1-0600", "B41.28"))
    g.apply(A.EndPhase())
    answer_choices(g)  # the Prep's step losses and retreats
    while g.view(None)["phase"] != "action":
        acts = g.legal_actions()
        pl = [a for a in acts if isinstance(a, A.Place)]
        g.apply(pl[0] if pl else next(a for a in acts if isinstance(a, A.EndPhase)))
        answer_choices(g)
    axis = [parse_hex(v["hex"]) for v in g.view(None)["units"] if v["side"] == "axis" and v["where"] == "map"]
    moves = [a for a in g.legal_actions() if isinstance(a, A.Move)]
    tanks = list(dict.fromkeys(a.unit for a in moves if "T34" in a.unit))[:4]  # in the legal order
    for uid in tanks:
        tg = {a.dest: a for a in g.legal_actions() if isinstance(a, A.Move) and a.unit == uid}
        if tg:
            g.apply(tg[min(tg, key=lambda h: min(distance(h, x) for x in axis))])
            answer_choices(g)  # overwatch at the tanks
    g.apply(A.EndPhase())
    answer_choices(g)
    return g


def black_wednesday_command(app):
    """The client on Black Wednesday's Scenario 1 at the first Command Phase (§16): the Soviet
    set-up ended, the Axis units placed in turn; the next die is the engine's own."""
    from .conftest import start

    gs = start(app, hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3))
    ctl = gs.ctl
    ctl.do(A.EndPhase())
    while ctl.view()["phase"] == "axis_setup":
        pl = [a for a in ctl.legal() if isinstance(a, A.Place)]
        ctl.do(pl[0] if pl else A.EndPhase())
    assert ctl.view()["phase"] == "command"
    ctl.die = None
    return gs


def black_wednesday_shot(path: str, size=(1600, 900)) -> None:
    """The Axis MG selected: its SFA target framed with the table column, its spotting range,
    its order's objective outlined, the line-of-sight tool pointing past the railway embankment
    (the cross on the blocking hex), the badges (F, S, DI, M) on the counters, the Prep's barrage
    markers and the next Prep's targets."""
    import pygame

    from hexwar.core.hexgrid import distance, hex_name
    from hexwar.games.black_wednesday import previews as bw_info
    from hexwar.ui.app import App, place_camera

    g = black_wednesday_fire()
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    ctl = gs.ctl
    att = next(a for a in g.legal_actions() if isinstance(a, A.Attack))
    ctl.sel = att.attackers[0]
    ctl.die = None
    src = g.state.units[ctl.sel].hex
    place_camera(gs.mv, 1.3, hex_name(src))
    ctl.gui.toggle_los(ctl)
    look = [h for h in sorted(g.rules.area, key=lambda h: (distance(h, src), h))
            if 4 <= distance(h, src) <= 6 and gs.mv.rect.collidepoint(gs.mv.hex_center(h))
            and bw_info.sight(g.rules, g.state, src, h).block is not None and h != att.target]
    if look:
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=gs.mv.hex_center(look[0]), rel=(0, 0),
                                             buttons=(0, 0, 0)))
    app.step()
    app.step()
    scroll_panel_to(app, gs, f"{ctl.sel} may")  # the line of sight and the previews in sight
    app.screenshot(path)
    gs.exit()  # the scene's B34.16 hex ids end with it (the caller may go on with CCRR games)


def scroll_panel_to(app, gs, start: str, above: int = 150) -> None:
    """Scroll the side panel's context box so that the line starting with ``start`` shows,
    ``above`` pixels below the box's top (a screenshot of what lies below the fold)."""
    p = gs.panel
    ys = [s[6] for s in p.context.sigs if isinstance(s, tuple) and s and s[0] == "text" and str(s[1]).startswith(start)]
    if ys and p.ctx_max:
        p.scroll_context(ys[0] - p.context.rect.y - gs.theme.px(above))
        app.step()
        app.step()


def black_wednesday_orders_shot(path: str, size=(1600, 900)) -> None:
    """Black Wednesday's Command Phase: the orders of the side to act in the panel, the Axis
    defence order picked (its objective outlined, its units marked), as the game opens."""
    from hexwar.ui.app import App

    g = hexwar.open_game("black-wednesday", "s1-turning-the-left", seed=3)
    g.apply(A.EndPhase())
    answer_choices(g)
    while g.view(None)["phase"] == "axis_setup":
        pl = [a for a in g.legal_actions() if isinstance(a, A.Place)]
        g.apply(pl[0] if pl else A.EndPhase())
        answer_choices(g)
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    ctl = gs.ctl
    ctl.die = None
    axis = [o for o in ctl.gui.orders(ctl) if o["side"] == "axis"]
    if axis:
        ctl.gui.show_order(ctl, axis[0]["id"])
    app.step()
    app.step()
    app.screenshot(path)
    gs.exit()


def black_wednesday_choice_shot(path: str, size=(1600, 900)) -> None:
    """Black Wednesday (the owner's choices are on by default): the Soviet Prep hits the Axis stack in B15.31
    and the Axis player picks which unit loses the step (§8.4): LOSS? on the map, the chooser."""
    from hexwar.core.hexgrid import hex_name
    from hexwar.ui.app import App, place_camera

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
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    gs.ctl.die = None
    st = g.view(None)["stage"]
    if st and st.get("options") and st["options"][0] in g.state.units:
        place_camera(gs.mv, 1.6, hex_name(g.state.units[st["options"][0]].hex))
    app.step()
    app.step()
    app.screenshot(path)
    gs.exit()


def vs_computer_shot(path: str, game_id: str, scenario: str, computer: str, *, turn: int = 2, phase: str = "",
                     zoom: float | None = None, center: str | None = None, size=(1600, 900), seed: int = 3,
                     level: str = "normal", stop=None) -> dict:
    """A person against the computer: the person's side played by the greedy stand-in through the
    scene (as clicks would), the computer's by the client's own driver in its worker thread, until
    turn ``turn`` (and a phase whose id contains ``phase``) with the computer to act; then frames
    run until it is caught thinking, with its reasons in the log. ``stop(game)``: instead, the
    first position where it holds and the person is to act. Returns what the picture shows."""
    import time

    from hexwar.ai.player import make_player
    from hexwar.ui.app import App, place_camera

    g = hexwar.open_game(game_id, scenario, seed=seed)
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=True, players={computer: f"computer:{level}"})
    gs.computer.fast = True
    human = make_player("greedy", game_id, seed)
    t0 = time.perf_counter()
    caught = False
    while time.perf_counter() - t0 < 300 and g.result() is None:
        there = g.state.turn >= turn and phase in str(g.state.phase)
        if stop is not None and not gs.computer_turn() and stop(g):
            break
        if not gs.computer_turn():
            gs.do_action(human.choose(g, g.acting_side()).action)
        app.step(0.02 if there else 0.5)
        if there and gs.computer_turn() and gs.computer.thinking() and gs.computer.last_reason \
                and gs.ctl.die is None and gs.anim is None:
            gs.panel.set_tab("log")
            place_camera(gs.mv, zoom, center)
            gs.refresh()
            app.draw(app.screen)
            if gs.computer.thinking():  # still thinking once drawn: the panel and the bar agree
                caught = True
                break
    if not caught:
        gs.panel.set_tab("log")
        place_camera(gs.mv, zoom, center)
        gs.refresh()
        app.draw(app.screen)
    app.screenshot(path)
    gs.exit()
    return {"caught_thinking": caught, "actions": len(g.actions), "turn": g.state.turn, "phase": g.state.phase}


def kursk_shot(path: str, size=(1600, 900)) -> None:
    from hexwar.core.hexgrid import hex_name
    from hexwar.games.battle_for_kursk.offensive import Offensive
    from hexwar.ui.app import App, place_camera

    g = kursk_offensive(1)
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    app.step()
    ctl = gs.ctl
    off = [a for a in g.legal_actions() if isinstance(a, Offensive)][2]
    place_camera(gs.mv, 1.6, hex_name(off.target))
    ctl.click_hex(off.target)
    for uid in off.attackers:
        ctl.click_hex(g.state.units[uid].hex)
    ctl.set_lead(off.lead)
    for uid in off.support:
        ctl.click_hex(g.state.units[uid].hex)
    app.step()
    app.step()
    app.screenshot(path)


def kasserine_shot(path: str, size=(1600, 900)) -> None:
    from hexwar.core.hexgrid import hex_name
    from hexwar.ui.app import App, place_camera

    g = kasserine("defend", 1)
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    place_camera(gs.mv, 1.5, hex_name(g.state.kbattles[1].target))
    app.step()
    app.step()
    app.screenshot(path)
