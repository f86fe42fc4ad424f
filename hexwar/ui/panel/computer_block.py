"""The side panel while a computer player acts: what it is doing, its last reason, its pace.
"""
from __future__ import annotations

from .. import rules_text
from .. import theme as T
from ..sides import side_name
from .flow import Flow
from .stack import stack_list

REASON_COLOUR = (150, 196, 232)


def build_computer(f: Flow, scene) -> None:
    """The side panel while a computer player acts."""
    th = f.theme
    drv = scene.computer
    side = scene.ctl.acting()
    name = side_name(side)
    level = drv.levels.get(side)
    f.heading(f"{name} computer player" + (f" ({level})" if level else ""))
    if drv.thinking():
        dots = "." * (1 + int(scene.time * 3) % 3)
        f.text(f"Computer is thinking{dots}", th.normal, T.TEXT, "bold")
    else:
        f.text("Computer is playing its move.", th.normal, T.TEXT, "bold")
    ctl = scene.ctl
    phase = ctl.phase()
    what = ctl.phase_name() + (f" (rule {phase.rule})" if phase.rule else "")
    kind, where = ctl.stage()
    if kind:
        st = ctl.view().get("stage") or {}
        what = rules_text.stage_line(ctl.game.entry, kind, st.get("side") or ctl.acting(), where)
    say = ctl.game.for_player  # the rulebook's names for the game's rule ids
    f.text(say(what), th.small, T.TEXT_DIM)
    if drv.last_reason:
        f.space(4)
        f.text("Last decision:", th.small, T.TEXT_DIM)
        f.text(say(drv.last_reason), th.small, REASON_COLOUR, indent=th.px(8))
    f.space(4)
    speed = "fast" if drv.fast else "normal"
    f.text(f"Pace: {speed}. Space switches between normal and fast; Enter skips to the end of its turn.",
           th.small, T.TEXT_DIM)
    f.row([("Faster / slower  Space", scene.computer_speed, True, "cpu-speed"),
           ("Skip  Enter", scene.computer_skip, True, "cpu-skip")])
    stack_list(f, scene.ctl, scene.art)
