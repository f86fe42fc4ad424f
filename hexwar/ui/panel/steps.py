"""The context box of the side panel: what the step at hand needs (the tray, the selected unit's
moves, the battle being declared or resolved, a battle step's decision with each option's
consequence), the game's own blocks, the generic chooser of every other decision, air support
and the stack last clicked.
"""
from __future__ import annotations

import logging
from functools import partial

from ...core.hexgrid import hex_name, parse_hex
from .. import rules_text
from .. import theme as T
from ..control.queries import MOVING, PICK_STEPS
from ..counters import CounterArt, unit_title
from .battle import build_declare, build_roll, figure_of, fought_figure
from .chooser import build_choices, consequence_line
from .flow import Flow
from .phase_bar import now_text
from .stack import air_row, stack_list
from .status import build_standing
from .tray import build_tray

log = logging.getLogger(__name__)


def build_context(f: Flow, ctl, scene, art: CounterArt) -> None:
    """The upper part of the side panel: what the current step needs."""
    m = ctl.mode()
    th = f.theme
    v = ctl.view()
    say = ctl.game.for_player
    step_done = False  # the game's block about this step (gui.build_step) laid out already
    # The victory standing at a glance, in every step, at the top (a few lines: a long arrivals
    # tray must not push it out of sight).
    build_standing(f, ctl)
    # Units to bring on during a phase of moves: what the player must do first, above the rest.
    arrivals = m in MOVING and ctl.legal() is not None and bool(ctl.tray())
    if arrivals:
        build_tray(f, ctl, art, "arrivals")
    for note in v.get("notices") or ctl.gui.notices(ctl) or ():  # what every player must notice (a mud turn …)
        f.text("⚑ " + str(note), th.normal, T.ACCENT, "bold")
    if m in ("setup", "buildup"):
        build_tray(f, ctl, art, m)
    elif m in MOVING:
        # A phase of moves, fire and assaults (an action phase) keeps its own name.
        f.heading("Movement" if m != "action" else ctl.phase_name())
        legal = ctl.legal()
        if legal is None:
            f.text("Working out the legal moves…", colour=T.TEXT_DIM)
        else:
            n = len(ctl.movable_units())
            f.text(f"{n} unit(s) may still move. Units that cannot move are greyed out on the map.")
        if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") == "map":
            u = ctl.unit(ctl.sel) or {}
            f.space()
            f.text(unit_title(u), th.normal, T.TEXT, "bold")
            # What the unit may do besides moving (the game's block: fire, assault, missions)
            # comes right under its name, before its moves: the order a player uses them in.
            gui_call(ctl, ctl.gui.build_step, f, scene)
            step_done = True
            if u.get("ma") is not None:
                f.text(f"Movement allowance {u['ma']}.", th.small, T.TEXT_DIM)
            n = len(ctl.move_targets(ctl.sel))
            if n:
                costs = bool(ctl.move_figure(ctl.sel, next(iter(ctl.move_targets(ctl.sel)))))
                f.text(f"{n} hex(es) within reach: shaded" + (", with their cost in movement points" if costs else "")
                       + ". Point at a hex to see the path; click to move.", th.small)
    elif m == "combat-declare":
        if not gui_call(ctl, ctl.gui.build_declare, f, scene):
            build_declare(f, ctl)
    elif m == "combat-resolve" and gui_call(ctl, ctl.gui.build_resolve, f, scene):
        pass
    elif m == "combat-resolve":
        f.heading("Resolve the battles")
        d = ctl.decision("resolve")
        f.text("Click a battle on the map, or here." + (f" {say(d.help)}" if d is not None and d.help else ""),
               th.small)
        f.space()
        battles = ctl.declared_battles()
        if not battles:  # a game that keeps its battles elsewhere: the battles it lets be resolved now
            for t in ctl.unresolved():
                f.button(f"Resolve the battle at {hex_name(t)}", partial(scene.do_resolve, t),
                         name=f"resolve-{hex_name(t)}")
        for b in battles:
            if b.resolved:  # the odds it was rolled at, not what the position left would give
                fought = fought_figure(ctl, b.target)
                f.text(f"✓ {hex_name(b.target)}: {', '.join(b.attackers)} — resolved"
                       + (f" at {fought}" if fought else ""), th.small, T.TEXT_DIM)
            else:
                label = f"{hex_name(b.target)}: {', '.join(b.attackers)} ({figure_of(ctl.odds(b.target))})"
                f.button("Resolve " + label, partial(scene.do_resolve, b.target), name=f"resolve-{hex_name(b.target)}")
    elif m == "stage:roll":
        build_roll(f, ctl, scene, art)
    elif m in PICK_STEPS:
        line = stage_line(ctl)
        f.heading(line.split(":")[0] + " decides")
        f.text(line, th.normal)
        f.text(say(rules_text.stage_help(ctl.game.entry, ctl.stage()[0], ctl.decisions())), th.small, T.TEXT_DIM)
        f.space()
        picks = {o.action.unit: o for d in ctl.decisions() for o in d.options
                 if d.key in ("loss", "remove", "advance") and o.action.unit is not None}
        for uid in sorted(set(ctl.choice_units())):
            u = ctl.unit(uid) or {}
            verb = {"stage:advance": "Advance", "stage:overstack": "Remove"}.get(m, "Loss:")
            opt = picks.get(uid)
            b = f.button(f"{verb} {uid} ({u.get('label', '')})", partial(scene.do_choose, uid), name=f"choose-{uid}",
                         tooltip=unit_title(u))
            if ctl.loss_pick == uid:
                b.toggled = None
                b.hover = True
            if opt is not None and opt.consequence is not None:
                consequence_line(f, opt.consequence, say=say)
        if m == "stage:advance" and ctl.step_moves():
            n = len(ctl.movable_units())
            f.text(f"{n} unit(s) may advance: click one, then a shaded hex (its path is the advance).", th.small)
        if m == "stage:advance":
            f.button("No advance", scene.do_no_advance, key_hint="N", name="no-advance")
    elif m == "stage:retreat":
        f.heading("Retreat")
        f.text(stage_line(ctl), th.normal)
        f.text("Arrows on the map show every legal path, each marked with what it costs; click the end of one, "
               "or a button here.", th.small, T.TEXT_DIM)
        d = ctl.decision("retreat")
        if d is not None and d.note:  # the engine's why, when every path costs
            f.text(say(d.note), th.small, T.ACCENT)
        f.space()
        for r in ctl.retreats():
            f.button(f"{r.unit}: " + " → ".join(hex_name(h) for h in r.path), partial(scene.do_action, r),
                     name="retreat-" + "-".join(hex_name(h) for h in r.path))
            c = ctl.consequence(r)
            if c is not None:
                consequence_line(f, c, say=say)
    elif m == "over":
        r = v["result"]
        f.heading(r["level"])
        f.text(say(r.get("detail", "")))
        f.button("Show the result", scene.show_victory, name="show-result")
    else:
        f.heading(ctl.phase_name())
        f.text(now_text(ctl))
    if not step_done:
        gui_call(ctl, ctl.gui.build_step, f, scene)  # the game's block about this step, before the chooser
    if m != "over":
        build_choices(f, ctl, scene)
    gui_call(ctl, ctl.gui.build_panel, f, scene)  # the game's own block (posture tracks, markers, VP, say)
    if m in ("combat-declare", "combat-resolve") or (m.startswith("stage:") and m != "stage:roll"):
        air_row(f, ctl, art)
    # The stack last clicked; not the target of the battle at hand, whose units the odds list already.
    where = ctl.stage()[1]
    skip = ctl.target if ctl.target is not None else (parse_hex(where) if m == "stage:roll" and where else None)
    stack_list(f, ctl, art, skip=skip, scene=scene)


def gui_call(ctl, hook, f: Flow, scene):
    """A game's own panel block; a failure there is logged and shows a line, never ends the client."""
    try:
        return hook(f, ctl, scene)
    except Exception:
        log.exception("game panel %s failed", hook.__name__)
        f.text(f"(the game's panel could not be drawn: {hook.__name__})", f.theme.small, T.TEXT_DIM)
        return False


def stage_line(ctl) -> str:
    """What the deciding player must do at the battle step at hand, with the rule."""
    kind, where = ctl.stage()
    st = ctl.view().get("stage") or {}
    return ctl.game.for_player(rules_text.stage_line(ctl.game.entry, kind, st.get("side") or ctl.acting(), where,
                                                     ctl.decisions()))
