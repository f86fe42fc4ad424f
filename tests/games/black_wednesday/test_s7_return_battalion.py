"""3.4 The Return Battalion (used by the scenarios that reach 2200 Feb 10: Scen. 7 and every
campaign version; the rule is tested on the Scenario 1 units, its place in Scenario 7 below)."""
from __future__ import annotations

from dataclasses import replace

from hexwar.core.actions import EndPhase, Restore
from hexwar.core.units import Unit

from .helpers import put, s1


def test_3_4_return_battalion_restores_up_to_15_infantry_steps_at_2200():
    with s1() as g:
        r = g.rules
        r.scen = replace(r.scen, variable=("3.4",))
        st = g.state
        st.turn = 41
        assert r.time(st) == 2200
        put(g, "1-I-262-Inf1", "B16.29")
        put(g, "1-I-262-MG", "B16.30")
        for uid in ("1-I-262-Inf1", "1-I-262-MG"):
            u = st.units[uid]
            st.units[uid] = Unit(u.id, u.spec, u.where, u.hex, 1, True, u.arrives)
        st.phase = "command"
        st.extra["cmd"] = "axis"
        ev = r.return_battalion(st)
        assert st.extra["return_bn"] == (41, 15) and "3.4" in ev[0].text
        assert r.return_battalion(st) == []  # once
        st.touch()
        assert Restore("1-I-262-Inf1") in g.legal_actions()
        assert g.check(Restore("1-I-262-MG")).rule == "3.4"  # not MG, mortar or gun
        for _ in range(4):
            g.apply(Restore("1-I-262-Inf1"))
        assert g.state.units["1-I-262-Inf1"].steps == 5 and g.state.extra["return_bn"] == (41, 11)
        assert g.check(Restore("1-I-262-Inf1")).rule == "3.4"  # at full strength
        g.state.turn = 42  # the steps not used at 2200 are lost
        assert r.restorable(g.state) == [] and g.check(EndPhase()) is None


def test_3_4_scenario_7_reaches_2200_on_its_eleventh_turn_with_the_return_battalion():
    from hexwar.core.hexgrid import use_hex_ids

    from .helpers import open_local

    g = open_local("s7-breakout")
    with use_hex_ids(g.rules.ids):
        r, st = g.rules, g.state
        assert "3.4" in r.scen.variable
        st.turn = 11  # 1600 ... 1740 by 20 minutes, then hourly at night: 1800, 1900, 2000, 2100, 2200
        assert r.time(st) == 2200
        st.phase, st.extra["cmd"] = "command", "axis"
        assert "3.4" in r.return_battalion(st)[0].text and st.extra["return_bn"] == (11, 15)

