"""BW 5.1 the campaign: the campaign versions of Scenarios 3 and 6 (option ``campaign``), the
victory levels of tables/campaign.yaml checked on constructed positions, and the shifts for
units lost (decisions BW-C1 ... BW-C7)."""
from __future__ import annotations

import pytest

from hexwar.core.errors import DataError
from hexwar.core.hexgrid import distance, use_hex_ids

from .helpers import open_local, put


@pytest.fixture(scope="module")
def base():
    return open_local("s6-the-assault-continues", options={"campaign": True})


@pytest.fixture()
def g(base):
    """Scenario 6, campaign version: a fresh copy of the state before set-up (no unit on the map,
    every hex unvisited = the Axis's, decision BW-V1)."""
    base.state = base.rules.new_state(base.dice)[0]
    with use_hex_ids(base.rules.ids):
        yield base


def occupy(g, feature, side, n=None):
    """Mark a feature's hexes (the first n in hex order) as last occupied by a side (5.0)."""
    occ = dict(g.state.extra.get("occ", {}))
    for h in sorted(g.rules.feature_hexes(feature))[:n]:
        occ[h] = side
    g.state.extra["occ"] = occ


def exit_all(g, uids, area="H", steps=None):
    ex = dict(g.state.extra.get("exited", {}))
    for u in uids:
        ex[u] = (area, g.rules.spec(u).steps if steps is None else steps)
    g.state.extra["exited"] = ex


def level(g):
    return g.rules.campaign_result(g.state).level


def test_5_1_campaign_versions_take_the_campaign_last_turn_and_the_5_1_levels(g):
    assert g.rules.scen.turns == 70 and g.rules.scen.victory_spec["kind"] == "campaign"
    s3 = open_local("s3-assault-the-line", options={"campaign": True})
    assert s3.rules.scen.turns == 82
    assert open_local("s3-assault-the-line").rules.scen.turns == 12
    with pytest.raises(DataError, match="no campaign version"):
        open_local("s1-turning-the-left", options={"campaign": True})


def test_5_1_soviet_minor_victory_all_of_krasni_bor(g):
    occupy(g, "krasni_bor", "soviet")
    assert level(g) == "Soviet minor victory"
    ev = g.rules.decide_victory(g.state)
    assert g.state.result.winner == "soviet" and g.state.phase == "over" and "(5.1)" in ev[0].text


def test_5_1_soviet_major_victory_two_villages_and_an_intact_battalion_exited_through_e_to_h(g):
    occupy(g, "krasni_bor", "soviet")
    occupy(g, "potrolovo", "soviet")
    occupy(g, "mondolovo", "soviet")
    bn = g.rules.soviet_formations("battalion")["1-708"]
    exit_all(g, bn, "A")  # Entry Area A is not among E-H
    assert level(g) == "Soviet minor victory"
    exit_all(g, bn, "G")
    assert level(g) == "Soviet major victory"
    # 80%: three of its platoons missing leave less than 80% of its steps: no longer intact
    ex = dict(g.state.extra["exited"])
    for u in bn[:3]:
        ex.pop(u)
    g.state.extra["exited"] = ex
    assert level(g) == "Soviet minor victory"


def test_5_1_soviet_massive_victory_every_village_the_highway_clear_an_intact_regiment(g):
    for f in ("krasni_bor", "staraia_myza", "potrolovo", "mondolovo", "samsonovka"):
        occupy(g, f, "soviet")
    exit_all(g, g.rules.soviet_formations("regiment")["708"], "H")
    assert level(g) == "Soviet massive victory"
    axis = next(u for u in sorted(g.state.units) if g.rules.side_of(u) == "axis")
    near = sorted(g.rules.near_feature("highway", 5) - g.rules.feature_hexes("highway"))[0]
    put(g, axis, g.rules.ids.name(near))  # within 5 hexes of the highway
    assert level(g) == "Soviet major victory"


def test_5_1_draw_when_no_level_holds(g):
    occupy(g, "krasni_bor", "soviet")
    occupy(g, "krasni_bor", "axis", 10)  # the Axis keeps 10 hexes: fewer than the 20 of its minor victory
    res = g.rules.campaign_result(g.state)
    assert res.level == "Draw" and res.winner is None


def test_5_1_axis_minor_victory_20_hexes_of_krasni_bor_and_the_city_hexes_west_of_the_izhora(g):
    occupy(g, "krasni_bor", "soviet")
    occupy(g, "krasni_bor", "axis", 20)
    assert level(g) == "Axis minor victory"
    occupy(g, "city_south_of_trenches_west_of_izhora", "soviet", 1)
    assert level(g) == "Draw"


def test_5_1_axis_major_victory_40_hexes_the_west_map_and_at_most_one_intact_company_exited(g):
    occupy(g, "krasni_bor", "soviet")
    occupy(g, "krasni_bor", "axis", 40)
    assert level(g) == "Axis major victory"
    comps = g.rules.soviet_formations("company")
    exit_all(g, comps["1-708/sov_rifle_43_72/1"], "F")
    assert level(g) == "Axis major victory"  # one intact company is allowed
    exit_all(g, comps["1-708/sov_rifle_43_72/2"], "F")
    assert level(g) == "Axis minor victory"


def test_5_1_axis_massive_victory_all_built_up_hexes_south_of_the_trenches_and_no_intact_exit(g):
    assert level(g) == "Axis massive victory"  # nothing visited: the Axis holds its ground
    exit_all(g, ["1-708-Inf1"], "E", steps=3)  # 3 of 5 steps: not intact
    assert level(g) == "Axis massive victory"
    exit_all(g, ["1-708-Inf2"], "E", steps=4)  # 4 of 5 = 80%: an intact platoon
    assert level(g) == "Axis major victory"


def test_5_1_shifts_one_level_per_40_axis_or_80_soviet_units_lost(g):
    occupy(g, "krasni_bor", "soviet")
    g.state.extra["lost"] = {"soviet": 0, "axis": 40}
    assert level(g) == "Soviet major victory"
    g.state.extra["lost"] = {"soviet": 0, "axis": 400}
    assert level(g) == "Soviet massive victory"  # the scale ends there
    g.state.extra["lost"] = {"soviet": 80, "axis": 39}
    res = g.rules.campaign_result(g.state)
    assert res.level == "Draw" and "before the shifts: Soviet minor victory" in res.detail
    g.state.extra["lost"] = {"soviet": 240, "axis": 0}
    assert level(g) == "Axis major victory"


def test_5_1_victory_view_lists_every_level_condition(g):
    v = g.rules.victory_view(g.state)
    assert v["kind"] == "campaign"
    assert {c["level"] for c in v["conditions"]} >= {"Soviet massive victory", "Axis minor victory"}
    assert all("detail" in c for c in v["conditions"])


def test_decisions_BW_C4_C5_C6_C8_the_hex_sets_5_1_names(g):
    r = g.rules
    name = r.ids.name
    south = r.feature_hexes("city_building_south_of_trenches")
    assert r.feature_hexes("krasni_bor") <= south and r.feature_hexes("staraia_myza") <= south
    assert not (r.feature_hexes("potrolovo") & south)  # north of the Spanish line (C4)
    west = r.feature_hexes("city_building_west_map")
    assert west and all(name(h).startswith("A") for h in west) and r.feature_hexes("mondolovo") <= west  # C5
    sw = r.feature_hexes("city_south_of_trenches_west_of_izhora")
    assert sw == r.feature_hexes("raikolovo")  # C6: the only built-up area south of the line, west of the river
    hw = r.feature_hexes("highway")
    assert hw and all(any(r.board.has_side(h, n, "road_primary") for n in r.board.adjacent(h)) for h in hw)  # C8
    assert all(min(distance(h, x) for x in hw) <= 5 for h in r.near_feature("highway", 5))
