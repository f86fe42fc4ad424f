"""What a newcomer sees at a glance (issue 17), in the client through the contract: the victory
standing at the top of the side panel and in the Track tab (``game.standing``), the results
table under a battle's odds with the column in use framed and pointed at (``game.result_table``),
a resolved battle listed at the odds it was rolled at, the Soviet roll without air support, and
Kasserine's rule ids read as the rulebook's sections in the panel, the status line and the
phase bar (``game.for_player``)."""
from __future__ import annotations

from pathlib import Path

import pygame

import hexwar
from hexwar.core import actions as A
from hexwar.core.actions import parse_action
from hexwar.core.errors import Illegal
from hexwar.core.record import read_record
from hexwar.ui import theme as T
from hexwar.ui.panel.phase_bar import now_text

from .conftest import start

GAMES = Path(__file__).resolve().parents[1] / "records" / "games"


def replay_until(name: str, pred, limit: int = 5000):
    data = read_record(GAMES / f"{name}.yaml")
    g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    for t in data["actions"][:limit]:
        if pred(g):
            return g
        g.apply(parse_action(t))
    raise AssertionError(f"no such position in {name}")


def texts(gs) -> list[str]:
    gs.refresh()
    return [s[1] for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "text"]


def tables(gs) -> list:
    gs.refresh()
    return [s[1] for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "rtable"]


def test_the_standing_heads_the_side_panel_and_the_track(app, drive):
    """5.0: the cities the Axis holds against 16 to win and 15 to draw, in the panel's first lines
    and, every line of it, at the top of the Track tab (with a tooltip)."""
    g = hexwar.open_game("objective-kiev", seed=1)
    gs = start(app, g)
    shown = texts(gs)
    assert shown[0] == "Victory · Cities held by the Axis: 2 of 16"
    assert any(t.startswith("16 to win, 15 to draw") for t in shown[:3])
    assert "If the game ended now: Soviet victory" in shown[:4]
    drive.key(pygame.K_t)
    track = [s[1] for s in gs.panel.track.sigs if isinstance(s, tuple) and s and s[0] == "text"]
    assert track[0] == "Victory standing"
    assert any("Cities held by the Axis: 2 of 16" in t for t in track[:4])
    tips = [lines for _, lines in gs.panel.track.tips if lines and lines[0].startswith("Where the game stands")]
    assert tips and any("Soviet victory" in ln for ln in tips[0])


def test_the_battle_panel_frames_the_crt_column_of_the_odds(app):
    """10.6: building a battle shows the CRT under its odds, the column of those odds framed and
    marked ▼ (drawn in the accent colour as a frame, not as a tint)."""
    g = replay_until("objective-kiev-standard-11", lambda g: g.turn() > 1 and any(
        isinstance(a, A.Attack) and (g.preview(a) or None) is not None and g.preview(a).figure in ("1:1", "2:1", "3:1")
        for a in g.legal_actions()))
    atk = next(a for a in g.legal_actions() if isinstance(a, A.Attack) and g.preview(a).figure in ("1:1", "2:1", "3:1"))
    gs = start(app, g)
    ctl = gs.ctl
    ctl.click_hex(atk.target)
    ctl.attackers = list(atk.attackers)
    got = tables(gs)
    strip = [s for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "rcolumn"]
    if not got:  # the compact odds at 1280x800: the column in use alone, framed and marked ▼
        assert strip, "no results table under the odds"
        t = strip[0][1]
        assert t.columns[t.column] == g.preview(atk).figure
        assert strip[0][3][0].startswith(f"▼ odds {t.columns[t.column]}")
        return
    t = got[0]
    assert t.columns[t.column] == g.preview(atk).figure
    assert any("framed ▼" in s and "(10.6)" in s for s in texts(gs))
    # The frame: the accent colour on the column's border, wherever the box scrolled it to.
    sig = next(s for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "rtable")
    surf = pygame.Surface(app.size)
    surf.fill((0, 0, 0))
    ops = [op for op, s in zip(gs.panel.context.ops, gs.panel.context.sigs) if s is sig]
    ops[0](surf)
    accent = [surf.get_at((x, y))[:3] for x in range(surf.get_width()) for y in range(sig[4] - 12, sig[4])
              if surf.get_at((x, y))[:3] == T.ACCENT]
    assert accent, "the ▼ marker above the framed column"


def test_a_resolved_battle_is_listed_at_the_odds_it_was_rolled_at(app):
    """10.5: a battle rolled with air support is listed, once resolved, at the odds of that roll
    (shift included), not at the odds the position left would give."""
    data = read_record(GAMES / "objective-kiev-standard-11.yaml")
    g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    acts = [parse_action(t) for t in data["actions"]]
    target = rolled = None
    for a in acts:
        if isinstance(a, A.Roll) and a.support and target is None:
            target = g.stage()[1]
            rolled = g.preview(a).figure
        g.apply(a)
        if target is not None and g.stage()[0] == "" and g.phase().kind == "combat":
            break
    assert target is not None
    gs = start(app, g)
    line = next(t for t in texts(gs) if t.startswith(f"✓ {target}:"))
    assert line.endswith(f"resolved at {rolled}"), line


def test_the_soviet_roll_offers_no_air_support():
    """10.5: only the Axis has air support markers: the Soviet player is told to roll, nothing more."""
    g = replay_until("objective-kiev-standard-11", lambda g: g.stage()[0] == "roll" and g.acting_side() == "soviet")
    d = g.decision("roll")
    assert "air support" not in d.prompt and d.prompt.startswith("Soviet player: roll the die for the battle at ")
    assert [o.action for o in d.options] == [A.Roll(None)] and d.options[0].consequence is not None
    axis = replay_until("objective-kiev-standard-11", lambda g: g.stage()[0] == "roll" and g.acting_side() == "axis")
    assert "air support" in axis.decision("roll").prompt


def test_kasserine_shows_section_names_in_the_status_line_and_phase_bar(app):
    """Kasserine's rule-case ids (KP-ZOC ...) never reach the screen: the status line and the
    phase bar name the rulebook's sections."""
    g = replay_until("kasserine-pass-standard-11", lambda g: g.stage()[0] == "retreat")
    gs = start(app, g)
    line = now_text(gs.ctl)
    assert "KP-" not in line and "(Retreat/Blocking Terrain)" in line
    gs.ctl.refuse(Illegal("KP-ZOC", "units in an enemy zone of control must attack"))
    surf = pygame.Surface(app.size)
    gs.status.draw(surf, gs.ctl, cached=True)  # cached: the drawing remembers what it drew
    assert gs.status.drawn.key[3] == "Zone of Control: units in an enemy zone of control must attack"
    assert not any("KP-" in t for t in texts(gs))
