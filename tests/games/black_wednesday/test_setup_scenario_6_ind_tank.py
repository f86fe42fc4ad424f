"""Scenario 6: the Ind Tank Battalion sets up within 4 of B12.32 north of the AT ditch
(decision S6-2): the hexes beyond the ditch are not offered and are refused."""
from __future__ import annotations

from hexwar.core.actions import Place
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import UNPLACED

from .helpers import open_local


def test_SCEN_6_ind_tank_sets_up_north_of_the_at_ditch():
    g = open_local("s6-the-assault-continues")
    with use_hex_ids(g.rules.ids):
        r, st = g.rules, g.state
        circle = r.area_hexes["ITB"]
        north = r.set_up_area("ITB")
        P = r.ids.parse
        assert P("B12.32") in north and P("B13.30") in north
        assert P("B14.30") in circle and P("B14.30") not in north
        assert P("B16.32") in circle and P("B16.32") not in north
        # the cut follows the ditch: no hex kept has a ditch hexside toward a hex left out
        for h in north:
            for n in r.board.adjacent(h):
                if n in circle and n not in north:
                    assert "at_ditch" in r.board.side_kinds(h, n)
        uid = next(e.id for e in r.scen.units if e.area == "ITB")
        assert st.units[uid].where == UNPLACED
        hexes = r.soviet_setup_hexes(st, uid)
        assert hexes and hexes <= north
        while st.phase == "prep_log":
            from hexwar.core.actions import EndPhase
            g.apply(EndPhase())
            st = g.state
        assert st.phase == "soviet_setup"
        why = g.check(Place(uid, P("B14.30")))
        assert why is not None and why.rule == "1.10e"
        assert Place(uid, P("B14.30")) not in r.soviet_setup_actions(st, {uid})
