"""The last words and screen items of issue 17, in the client through the contract: who may join
a battle as the engine's check says (a refused unit listed with its reason), every hex tooltip in
player's words, the set-up tray, hand-over and menu tooltips through ``game.for_player``, Black
Wednesday's prompt and standing in plain words, the results table's column in view, and hex ids
never under counters."""
from __future__ import annotations

import pygame

from hexwar.core import actions as A
from hexwar.core.hexgrid import parse_hex
from hexwar.games.objective_kiev.positions import position

from .conftest import start


def texts(gs) -> list[str]:
    gs.refresh()
    return [s[1] for s in gs.panel.context.sigs if isinstance(s, tuple) and s and s[0] == "text"]


def test_kiev_a_unit_refused_by_one_unit_per_hexside_is_not_listed_as_may_join(app, drive):
    """10.2: with G-III attacking across its hexside, G-XIV of the same stack may not join; the
    panel lists it with the engine's reason, and only G-XLVIII (another hexside) under may join."""
    g = position({"SU-5A": "0505", "G-III": "0504", "G-XIV": "0504", "G-XLVIII": "0604"}, phase="axis_combat")
    gs = start(app, g)
    drive.click_hex("0505")
    drive.click_hex("0504")
    first = gs.ctl.attackers[0]
    other = "G-XIV" if first == "G-III" else "G-III"
    why = g.check(A.Attack(parse_hex("0505"), tuple(sorted((first, other)))))
    assert why is not None and why.rule == "10.2"
    shown = texts(gs)
    line = next(t for t in shown if t.startswith("Attackers: "))
    assert "may join: G-XLVIII" in line and other not in line
    whole = " ".join(shown)  # a long line is drawn wrapped
    assert f"✖ {other} cannot join: {why.reason} (10.2)" in whole
