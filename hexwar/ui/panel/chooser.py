"""The generic chooser: every decision on offer that no widget of the step handles, with its
title and rule, each option's consequence before the click (its words and a mark — ✓, ▲ or ✖,
a shape as well as a colour), and the values the rules list but refuse now greyed with the
refusal's rule and reason.
"""
from __future__ import annotations

from functools import partial

from ...core import actions as A
from ...core.contract import COSTLY, FATAL, Consequence
from .. import theme as T
from .flow import Flow

# How bad a consequence is, as a mark and a colour (never the colour alone).
MARKS = {0: ("✓", T.GOOD), COSTLY: ("▲", T.ACCENT), FATAL: ("✖", T.BAD)}


def mark_of(level: int) -> tuple[str, tuple[int, int, int]]:
    return MARKS.get(level, MARKS[FATAL] if level > FATAL else MARKS[0])


def consequence_text(c: Consequence, say=str) -> str:
    """The mark, the words and the rule (``say``: the game's words for the player)."""
    mark, _ = mark_of(c.level)
    return say(f"{mark} {c.text}" + (f" ({c.rule})" if c.rule else ""))


def consequence_line(f: Flow, c: Consequence, indent: int = 0, say=str) -> None:
    """An option's consequence under its button: the mark, the words and the rule."""
    _, colour = mark_of(c.level)
    f.text(consequence_text(c, say), f.theme.small, colour, indent=indent or f.theme.px(8))
    f.space(2)


def build_choices(f: Flow, ctl, scene) -> None:
    """The generic chooser (``ctl.choice_groups()``): a group per decision, with its rule."""
    groups = ctl.choice_groups()
    if not groups:
        return
    for g in groups:
        mark = f.mark()
        hidden = _group(f, ctl, scene, g, 0)
        # Too tall to see every option at once (four postures with long consequences at 1280x800): the options
        # first with one line each of consequence, then with their consequences in the tooltips.
        # When even the buttons alone cannot all be seen, one line of consequence each stays.
        if not any(o.consequence is not None for o in g.options):
            continue
        for compact in (1, 2):
            if not hidden:
                break
            f.rollback(mark)
            hidden = _group(f, ctl, scene, g, compact)
        if hidden:
            f.rollback(mark)
            _group(f, ctl, scene, g, 1)


def _group(f: Flow, ctl, scene, g, compact: int) -> bool:
    """One decision: its title, help, and a button per option with its consequence. ``compact``
    0: the consequence wrapped under each button; 1: the option rows first, each consequence on
    one line (the rest in the button's tooltip), the help after them; 2: the buttons only, each
    consequence in its tooltip. True when its options end below the fold (out of sight)."""
    th = f.theme
    say = ctl.game.for_player
    f.space(4)
    f.text(say(f"{g.title}" + (f" ({g.rule})" if g.rule else "")), th.normal, T.ACCENT, "bold")
    if compact:
        f.text("Point at an option for all it does." if compact == 2 else
               "Point at an option for the whole of what it does.", th.small, T.TEXT_DIM)
    else:
        _group_help(f, ctl, g)
    # Options with consequences get a row each, their consequence under them; others share rows.
    said = any(o.consequence is not None for o in g.options)
    per = 1 if said else 3 if max((len(o.label) for o in g.options), default=0) <= 12 else 1
    for i in range(0, len(g.options), per):
        chunk = g.options[i:i + per]
        specs = [(o.label, partial(scene.do_action, o.action), not o.refusal,
                  f"{g.key}:{o.label}") for o in chunk]
        for b, o in zip(f.row(specs, slots=per), chunk):
            b.tooltip = say(f"Not now — {o.refusal}") if o.refusal else (
                consequence_text(o.consequence, say) if o.consequence is not None else "")
            # Named by the value chosen (stable whatever the label says), else by the label.
            ident = str(o.action.value) if isinstance(o.action, A.Choose) else o.label
            b.name = f"{g.key.replace(':', '-')}-{ident.replace(' ', '_')}"
        for o in chunk:
            if o.refusal:
                if compact < 2:
                    f.text(say(f"✖ not now: {o.label} — {o.refusal}"), th.small, T.TEXT_DIM, indent=th.px(8))
            elif o.consequence is not None:
                if compact == 1:
                    one_line(f, consequence_text(o.consequence, say), mark_of(o.consequence.level)[1])
                elif compact == 0:
                    consequence_line(f, o.consequence, say=say)
    hidden = f.past_fold()
    if compact:
        _group_help(f, ctl, g)
    if g.more:
        f.text(f"… and {g.more} more of these", th.small, T.TEXT_DIM)
    return hidden


def _group_help(f: Flow, ctl, g) -> None:
    th = f.theme
    say = ctl.game.for_player
    if g.help:
        f.text(say(g.help), th.small, T.TEXT_DIM)
    if g.secret:
        if ctl.private:
            f.text("Secret: the other side cannot see your choice until both are revealed.", th.small, T.TEXT_DIM)
        else:
            f.text("Chosen openly (one person plays both sides).", th.small, T.TEXT_DIM)


def one_line(f: Flow, text: str, colour) -> None:
    """``text`` on one line under a button: as far as it fits, marked ▸ when it goes on (the
    whole of it is the button's tooltip)."""
    th = f.theme
    px = th.small
    lines = T.wrap(text, px, f.w - th.px(8))
    if len(lines) > 1:
        lines = T.wrap(text, px, f.w - th.px(8) - T.size(" ▸", px)[0])
        f.text(lines[0].rstrip(",;: ") + " ▸", px, colour, indent=th.px(8))
    else:
        f.text(text, px, colour, indent=th.px(8))
    f.space(2)
