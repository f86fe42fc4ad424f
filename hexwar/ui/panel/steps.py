"""The context box of the side panel: what the step at hand needs (the tray, the selected unit's
moves, the battle being declared or resolved, a battle step's decision), the game's own blocks,
the generic chooser of every other legal action, air support and the stack last clicked.
"""
from __future__ import annotations

import logging

from ...core.hexgrid import hex_name, parse_hex
from .. import rules_text
from .. import theme as T
from ..counters import CounterArt, unit_title
from .battle import build_declare, build_roll
from .flow import Flow
from .phase_bar import now_text
from .stack import air_row, stack_list
from .tray import build_tray

log = logging.getLogger(__name__)


def build_context(f: Flow, ctl, scene, art: CounterArt) -> None:
    """The upper part of the side panel: what the current step needs."""
    m = ctl.mode()
    th = f.theme
    v = ctl.view()
    for note in v.get("notices") or ctl.gui.notices(ctl) or ():  # what every player must notice (a mud turn …)
        f.text("⚑ " + str(note), th.normal, T.ACCENT, "bold")
    if m in ("setup", "buildup"):
        build_tray(f, ctl, art, m)
    elif m in ("movement", "special"):
        # A phase the game calls something else (TCS's Action Phase) keeps its own name.
        f.heading("Movement" if ctl.gui.phase_kind(ctl) is None else str(v.get("phase_name") or "Movement"))
        legal = ctl.legal()
        if legal is None:
            f.text("Working out the legal moves…", colour=T.TEXT_DIM)
        else:
            n = len(ctl.movable_units())
            f.text(f"{n} unit(s) may still move. Units that cannot move are greyed out on the map.")
            if ctl.tray():
                build_tray(f, ctl, art, "arrivals")
        if ctl.sel and (ctl.unit(ctl.sel) or {}).get("where") == "map":
            u = ctl.unit(ctl.sel) or {}
            f.space()
            f.text(unit_title(u), th.normal, T.TEXT, "bold")
            if u.get("ma") is not None:
                f.text(f"Movement allowance {u['ma']}.", th.small, T.TEXT_DIM)
            n = len(ctl.move_targets(ctl.sel))
            if n:
                costs = ctl.move_cost(ctl.sel, next(iter(ctl.move_targets(ctl.sel)))) is not None
                f.text(f"{n} hex(es) within reach: shaded" + (", with their cost in movement points" if costs else "")
                       + ". Point at a hex to see the path; click to move.", th.small)
    elif m == "combat-declare":
        if not gui_call(ctl, "build_declare", f, scene):
            build_declare(f, ctl)
    elif m == "combat-resolve" and gui_call(ctl, "build_resolve", f, scene):
        pass
    elif m == "combat-resolve":
        f.heading("Resolve the battles")
        kiev = v.get("game") == "objective-kiev"
        f.text("Click a battle on the map, or here." + (" Untried units are revealed when their battle starts (10.1)."
                                                        if kiev else ""), th.small)
        f.space()
        battles = getattr(ctl.state, "battles", None) or []
        if not battles:  # a game that keeps its battles elsewhere: the battles it lets be resolved now
            for t in ctl.unresolved():
                f.button(f"Resolve the battle at {hex_name(t)}", (lambda t=t: scene.do_resolve(t)),
                         name=f"resolve-{hex_name(t)}")
        for b in battles:
            done = b.target in getattr(ctl.state, "resolved", [])
            o = ctl.odds(b.target, b.attackers)
            odds = "?" if o is None else ("no effect" if o.no_effect else o.column)
            label = f"{hex_name(b.target)}: {', '.join(b.attackers)} ({odds})"
            if done:
                f.text("✓ " + label + " — resolved", th.small, T.TEXT_DIM)
            else:
                f.button("Resolve " + label, (lambda t=b.target: scene.do_resolve(t)), name=f"resolve-{hex_name(b.target)}")
    elif m == "stage:roll":
        build_roll(f, ctl, scene, art)
    elif m in ("stage:defender_loss", "stage:exchange_loss", "stage:attacker_loss", "stage:overstack", "stage:advance"):
        st = v["stage"]
        f.heading(rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")).split(":")[0] + " decides")
        f.text(rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")), th.normal)
        f.text(rules_text.stage_help(st["kind"], v.get("game")), th.small, T.TEXT_DIM)
        f.space()
        for uid in sorted(set(ctl.choice_units())):
            u = ctl.unit(uid) or {}
            verb = {"stage:advance": "Advance", "stage:overstack": "Remove"}.get(m, "Loss:")
            b = f.button(f"{verb} {uid} ({u.get('label', '')})", (lambda x=uid: scene.do_choose(x)), name=f"choose-{uid}",
                         tooltip=unit_title(u))
            if ctl.loss_pick == uid:
                b.toggled = None
                b.hover = True
        if m == "stage:advance" and ctl.step_moves():
            n = len(ctl.movable_units())
            f.text(f"{n} unit(s) may advance: click one, then a shaded hex (its path is the advance).", th.small)
        if m == "stage:advance":
            f.button("No advance", scene.do_no_advance, key_hint="N", name="no-advance")
    elif m == "stage:retreat":
        st = v["stage"]
        f.heading("Retreat")
        f.text(rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game")), th.normal)
        f.text("Arrows on the map show every legal path; click the end of one, or a button here.", th.small, T.TEXT_DIM)
        f.space()
        for r in ctl.retreats():
            f.button(f"{r.unit}: " + " → ".join(hex_name(h) for h in r.path), (lambda a=r: scene.do_action(a)),
                     name="retreat-" + "-".join(hex_name(h) for h in r.path))
    elif m == "over":
        r = v["result"]
        f.heading(r["level"])
        f.text(r.get("detail", ""))
        f.button("Show the result", scene.show_victory, name="show-result")
    else:
        f.heading(v.get("phase_name") or str(v.get("phase", "")))
        f.text(now_text(ctl))
    gui_call(ctl, "build_step", f, scene)  # the game's block about this step, before the chooser
    if m != "over":
        build_choices(f, ctl, scene)
    gui_call(ctl, "build_panel", f, scene)  # the game's own block (Kursk's posture tracks, markers, VP)
    if m in ("combat-declare", "combat-resolve") or (m.startswith("stage:") and m != "stage:roll"):
        air_row(f, ctl, art)
    # The stack last clicked; not the target of the battle at hand, whose units the odds list already.
    st = v.get("stage") or {}
    skip = ctl.target if ctl.target is not None else (
        parse_hex(st["target"]) if m == "stage:roll" and st.get("target") else None)
    stack_list(f, ctl, art, skip=skip, scene=scene)


def gui_call(ctl, name: str, f: Flow, scene):
    """A game's own panel block; a failure there is logged and shows a line, never ends the client."""
    try:
        return getattr(ctl.gui, name)(f, ctl, scene)
    except Exception:
        log.exception("game panel %s failed", name)
        f.text(f"(the game's panel could not be drawn: {name})", f.theme.small, T.TEXT_DIM)
        return False


def build_choices(f: Flow, ctl, scene) -> None:
    """The generic chooser: every legal action of the decider that no widget above offers,
    grouped (a decision by what is decided, other verbs by verb), with its rule number. Values
    the rules name but refuse now are greyed, with the refusal from game.check as tooltip."""
    th = f.theme
    groups = ctl.choice_groups()
    if not groups:
        return
    for g in groups:
        f.space(4)
        f.text(f"{g.title}" + (f" ({g.rule})" if g.rule else ""), th.normal, T.ACCENT, "bold")
        if g.help:
            f.text(g.help, th.small, T.TEXT_DIM)
        if g.secret:
            if ctl.private:
                f.text("Secret: the other side cannot see your choice until both are revealed.", th.small, T.TEXT_DIM)
            else:
                f.text("Chosen openly (one person plays both sides).", th.small, T.TEXT_DIM)
        per = 3 if max((len(o.label) for o in g.options), default=0) <= 12 else 1
        for i in range(0, len(g.options), per):
            chunk = g.options[i:i + per]
            specs = [(o.label, (lambda a=o.action: scene.do_action(a)), not o.refusal,
                      f"{g.key}:{o.label}") for o in chunk]
            for b, o in zip(f.row(specs, slots=per), chunk):
                b.tooltip = f"Not now — {o.refusal}" if o.refusal else o.action.notation()
                b.name = f"{g.key.replace(':', '-')}-{o.label.replace(' ', '_')}"
        if g.more:
            f.text(f"… and {g.more} more of these", th.small, T.TEXT_DIM)
