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
