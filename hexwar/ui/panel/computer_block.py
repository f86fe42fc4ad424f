"""The side panel while a computer player acts: what it is doing, its last reason, its pace.
"""
from __future__ import annotations

from .. import rules_text
from .. import theme as T
from .flow import Flow
from .stack import stack_list

SIDE_NAMES = rules_text.SIDE_NAMES


REASON_COLOUR = (150, 196, 232)


def build_computer(f: Flow, scene) -> None:
    """The side panel while a computer player acts."""
    th = f.theme
    drv = scene.computer
    side = scene.ctl.acting()
    name = SIDE_NAMES.get(side, side)
    level = getattr(drv, "levels", {}).get(side)
    f.heading(f"{name} computer player" + (f" ({level})" if level else ""))
    if drv.thinking():
        dots = "." * (1 + int(scene.time * 3) % 3)
        f.text(f"Computer is thinking{dots}", th.normal, T.TEXT, "bold")
    else:
        f.text("Computer is playing its move.", th.normal, T.TEXT, "bold")
    v = scene.ctl.view()
    st = v.get("stage")
    what = f"{v.get('phase_name', '')}" + (f" (rule {v['phase_rule']})" if v.get("phase_rule") else "")
    if st:
        what = rules_text.stage_line(st["kind"], st["side"], st.get("target"), v.get("game"))
    f.text(what, th.small, T.TEXT_DIM)
    if drv.last_reason:
        f.space(4)
        f.text("Last decision:", th.small, T.TEXT_DIM)
        f.text(drv.last_reason, th.small, REASON_COLOUR, indent=th.px(8))
    f.space(4)
    speed = "fast" if drv.fast else "normal"
    f.text(f"Pace: {speed}. Space switches between normal and fast; Enter skips to the end of its turn.",
           th.small, T.TEXT_DIM)
    f.row([("Faster / slower  Space", scene.computer_speed, True, "cpu-speed"),
           ("Skip  Enter", scene.computer_skip, True, "cpu-skip")])
    art = getattr(scene, "art", None)
    if art is not None:
        stack_list(f, scene.ctl, art)
