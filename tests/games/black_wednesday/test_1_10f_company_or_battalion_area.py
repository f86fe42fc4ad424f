"""1.10f (decision BW-R4): a company sets up in its company area or in its battalion's area. In
Scenarios 1 and 3 the data gave companies 1 and 2 of I-262 their company area only."""
from __future__ import annotations

from hexwar.core.actions import EndPhase, Place
from hexwar.core.hexgrid import distance, use_hex_ids

from .helpers import H, open_local, put, s1


def test_1_10f_scen_1_companies_1_and_2_may_use_the_i_262_battalion_area():
    with s1() as g:
        g.apply(EndPhase())  # the Prep Log as it stands: the Axis set-up
        r = g.rules
        bn = r.set_up_area("I-262")
        for uid, centre in (("1-I-262-Inf1", "B16.29"), ("1-I-262-MG", "B16.29"),
                            ("2-I-262-Inf1", "B16.33"), ("2-I-262-MG", "B16.33")):
            areas = r.unit_areas(uid)
            assert bn <= areas and any(distance(h, H(g, centre)) > 2 for h in areas), uid
        # with every trench hex by the wire covered (BW-S1), a platoon sets up deep in the
        # battalion area, beyond its company circle
        axis = sorted(u for u in g.state.units if r.side_of(u) == "axis" and not u.startswith(("1-I-262", "2-I-262")))
        for uid, h in zip(axis, sorted(r.cover_required())):
            put(g, uid, r.ids.name(h))
        assert not r.uncovered(g.state)
        assert g.check(Place("1-I-262-Inf1", H(g, "B21.32"))) is None
        assert g.check(Place("2-I-262-MG", H(g, "B21.32"))) is None
        far = next(h for h in sorted(r.area) if h not in bn and distance(h, H(g, "B16.29")) > 2
                   and distance(h, H(g, "B16.33")) > 2 and h not in r.ter.wire)
        assert g.check(Place("1-I-262-Inf1", far)).rule == "1.10f"


def test_1_10f_scen_3_companies_1_and_2_may_use_the_i_262_battalion_area():
    g = open_local("s3-assault-the-line")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        for uid in ("1-I-262-Inf1", "1-I-262-MG", "2-I-262-Inf1", "2-I-262-MG"):
            assert r.set_up_area("I-262") <= r.unit_areas(uid), uid
