"""§5 at set-up: when the Soviets set up first (Scenario 4, 1.10b), the Axis may not set a unit
up in a hex they hold (found by make fuzz: both sides shared El Bastion)."""
from __future__ import annotations

import random

import hexwar
from hexwar.core.actions import Place
from hexwar.core.units import UNPLACED


def test_tcs_5_axis_set_up_never_enters_a_soviet_held_hex():
    g = hexwar.open_game("black-wednesday", "s4-melee-in-krasni-bor", seed=1)
    rnd = random.Random(1)
    for _ in range(2000):
        if g.state.phase == "axis_setup":
            break
        g.apply(rnd.choice(g.legal_actions()))
    assert g.state.phase == "axis_setup"
    rules, st = g.rules, g.state
    held = {u.hex for u in st.units.values() if u.hex is not None and rules.side_of(u.id) == "soviet"}
    pairs = [(u.id, h) for u in st.units.values() if rules.side_of(u.id) == "axis" and u.where == UNPLACED
             for h in rules.setup_hexes(u.id) & held]
    assert pairs, "no Axis set-up hex held by the Soviets in this position: the test proves nothing"
    uid, h = pairs[0]
    why = g.check(Place(uid, h))
    assert why is not None and why.rule == "§5"
    assert not any(isinstance(a, Place) and a.hex in held for a in g.legal_actions())
