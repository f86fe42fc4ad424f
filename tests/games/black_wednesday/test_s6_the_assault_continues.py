"""SCEN-6 "The Assault Continues": Scenarios 4 and 5 together plus the 43 Rifle Division
(set-up with losses, its follow-on order with 27 weighted turns toward the south-east edge),
and the four-condition victory check."""
from __future__ import annotations

from contextlib import contextmanager

from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ELIMINATED, UNPLACED

from .helpers import H, open_local


@contextmanager
def s6(seed: int = 0):
    g = open_local("s6-the-assault-continues", seed=seed)
    with use_hex_ids(g.rules.ids):
        yield g


def test_SCEN_6_scenarios_4_and_5_plus_the_43_rifle():
    with s6() as g:
        r, st = g.rules, g.state
        assert {r.formation(u.id) for u in r.scen.units if u.side == "soviet"} == {"43", "63", "72", "armour"}
        assert st.units["1-708-Inf1"].where == UNPLACED and H(g, "B15.32") in r.soviet_setup_hexes(st, "1-708-Inf1")
        assert all(st.units[f"708-IG{i}"].where == ELIMINATED for i in range(1, 5))
        assert sum(r.spec(u.id).steps - u.steps for u in st.units.values() if r.entry(u.id).battalion == "1-708") == 6
        orders = {o["id"]: o for o in r.orders_view(st)}
        assert orders["S6-43"]["weighted_turns"] == 27 and orders["S6-43"]["status"] == "prep"
        assert orders["S4-follow-on"]["need"] == "52" and orders["S5-follow-on"]["need"] == "62"
        assert r.order_of(st, "1ITB-T341")["id"] == "S6-armour"  # 2.1c: one armour sheet
        assert st.extra.get("breaches_left", r.scen.breaches) == 27  # decision S6-1
        assert set(r.scen.variable) == {"3.5", "3.3", "2.7"}


def test_SCEN_6_victory_three_of_four():
    def occupy(g, feats, side="soviet"):
        occ = dict(g.state.extra.get("occ", {}))
        for f in feats:
            for h in g.rules.feature_hexes(f):
                occ[h] = side
        g.state.extra["occ"] = occ
        g.state.extra["occ_init"] = True

    with s6() as g:
        occupy(g, ("mill", "el_bastion", "staraia_myza"))
        occupy(g, ("krasni_bor",), "axis")
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Soviet victory"
    with s6() as g:
        occupy(g, ("mill", "krasni_bor"))
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Draw"
    with s6() as g:
        occupy(g, ("krasni_bor",), "axis")
        occupy(g, ("mill",))
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Axis victory"
