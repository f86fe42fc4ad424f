"""SCEN-3 "Assault the Line": Scenarios 1 and 2 together with the 72 Rifle Division's
assault on both sheets: the whole Prep Log, three divisions with their own orders, morale
and ratings, both variable Axis reserves (3.3, 3.5), and the four-condition victory check."""
from __future__ import annotations

from contextlib import contextmanager

from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ARRIVING, UNPLACED
from hexwar.games.black_wednesday.setup import NEVER

from .helpers import H, open_local


@contextmanager
def s3(seed: int = 0):
    g = open_local("s3-assault-the-line", seed=seed)
    with use_hex_ids(g.rules.ids):
        yield g


def test_SCEN_3_everything_of_scenarios_1_and_2_plus_the_72_division():
    with s3() as g:
        r, st = g.rules, g.state
        divs = {r.formation(u.id) for u in r.scen.units if u.side == "soviet"}
        assert divs == {"43", "63", "72", "armour"}
        assert all(st.units[u.id].where == ARRIVING and st.units[u.id].arrives == 1
                   for u in r.scen.units if u.side == "soviet")
        assert len(r.scen.prep_columns) == 12  # every Prep Log column
        # 2.1b: one implemented order per division, the armour on its own (2.1c)
        orders = {o["id"]: o for o in r.orders_view(st, "soviet")}
        assert {tuple(o["members"]) for o in orders.values()} == {("43",), ("63",), ("72",), ("armour",)}
        assert orders["S3-63"]["rating"] == 5 and orders["S3-43"]["rating"] == 7  # 2.1d
        # division morale follows each unit's own division
        assert r.spec("1-269-MG").morale == r.t.unit_types["sov_rifle_63gd"].morale
        assert r.spec("1-708-MG").morale == r.t.unit_types["sov_rifle_43_72"].morale
        # 13-262 and 14-262 add up to the order of battle across the three set-ups
        assert sum(1 for u in r.scen.units if u.id.startswith("13-262-IG") and u.type == "spa_inf_gun_75") == 6
        assert sum(1 for u in r.scen.units if u.id.startswith("14-262-AT37")) == 10
        assert all(st.units[f"1-I-263-Inf{i}"].arrives == NEVER for i in (1, 2, 3))
        assert st.units["3-Recon-Inf1"].where == UNPLACED  # a reserve here, not Scen. 1's 0900 arrival


def test_2_1f_scen_3_at_start_orders_stop_at_the_looting_limit():
    with s3() as g:
        r = g.rules
        lim = r.looting_limit()
        for oid in ("S3-43", "S3-63", "S3-72"):
            obj = g.state.extra["orders"][oid]["objective"]
            assert obj and all(r.ids.parse(n) in lim for n in obj)


def test_SCEN_3_axis_set_up_areas_of_all_three_scenarios():
    with s3() as g:
        r = g.rules
        assert H(g, "A25.23") in r.setup_hexes("1-MR-Inf1")
        assert H(g, "A25.24") in r.setup_hexes("2-MR-Inf1")  # company or MR battalion area (1.10f)
        assert H(g, "B16.29") in r.setup_hexes("1-I-262-Inf1")  # Scen. 1 areas
        assert H(g, "B49.19") in r.setup_hexes("1-Bty-How1")


def occupy(g, hexes):
    occ = dict(g.state.extra.get("occ", {}))
    for h in hexes:
        occ[h] = "soviet"
    g.state.extra["occ"] = occ


def test_SCEN_3_victory_three_conditions_soviet_two_draw():
    with s3() as g:
        r = g.rules
        assert len(r.feature_hexes("trenches_east")) == 37
        occupy(g, r.feature_hexes("trenches_east"))
        occupy(g, r.feature_hexes("el_bastion"))
        occupy(g, sorted(r.feature_hexes("krasni_bor"))[:5])
        r.decide_victory(g.state)
        assert g.state.result.level == "Soviet victory"
    with s3() as g:
        r = g.rules
        occupy(g, r.feature_hexes("el_bastion"))
        occupy(g, sorted(r.feature_hexes("trenches_west"))[:25])
        r.decide_victory(g.state)
        assert g.state.result.level == "Draw" and g.state.result.winner is None
    with s3() as g:
        occupy(g, sorted(g.rules.feature_hexes("trenches_west"))[:24])
        g.rules.decide_victory(g.state)
        assert g.state.result.level == "Axis victory"


def test_SCEN_3_note_each_released_reserve_company_counts_one_krasni_bor_hex():
    """Scenario 3 carries Scenario 2's note: every Axis reserve company released credits the
    Soviets one more Krasni Bor hex (condition 3)."""
    with s3() as g:
        r = g.rules
        occupy(g, r.feature_hexes("el_bastion"))
        occupy(g, sorted(r.feature_hexes("trenches_west"))[:25])
        occupy(g, sorted(r.feature_hexes("krasni_bor"))[:3])
        r.decide_victory(g.state)
        assert g.state.result.level == "Draw"  # two conditions: 3 hexes of Krasni Bor are not 5
    with s3() as g:
        r = g.rules
        occupy(g, r.feature_hexes("el_bastion"))
        occupy(g, sorted(r.feature_hexes("trenches_west"))[:25])
        occupy(g, sorted(r.feature_hexes("krasni_bor"))[:3])
        g.state.extra["reserves_released"] = 2
        r.decide_victory(g.state)
        assert g.state.result.level == "Soviet victory" and "+2 for released reserves" in g.state.result.detail
