"""Movement, terrain, zones of control and stacking (KP-TERRAIN, KP-ZOC, KP-STACKING ...)."""
from __future__ import annotations

from .helpers import H, at, play, position, rule_of


def cost(g, uid, dest):
    return g.rules.reach(g.state, uid)[H(dest)][0]


def test_KP_TERRAIN_movement_costs_plain_high_ground_crest():
    g = position({"G10-AR-1": "1721"})
    assert cost(g, "G10-AR-1", "1722") == 2  # plain
    assert cost(g, "G10-AR-1", "1820") == 4  # high ground
    assert cost(g, "G10-AR-1", "1720") == 8  # rugged crest
    assert g.rules.step_cost(H("1315"), H("1416")) == 2  # a village costs its ground (plain)


def test_KP_RIVER_MOVE_every_river_hex_costs_4_even_along_the_river():
    g = position({"G10-AR-1": "1721"})
    # 1719 -> 1819 runs along the Zeroud: still 4 MP a hex
    assert g.rules.step_cost(H("1620"), H("1619")) == 4
    assert g.rules.step_cost(H("1719"), H("1819")) == 4


def test_KP_TERRAIN_road_costs_1_along_the_road():
    g = position({"G10-AR-1": "1919"})
    r = g.rules
    assert r.is_road(H("1919"), H("1818")) and r.step_cost(H("1919"), H("1818")) == 1
    # Sidi Bou Zid to Sbeitla by road 3: 1818 1718 1617 1517 1416
    assert cost(g, "G10-AR-1", "1416") == 5


def test_KP_COMBINATION_HEX_road_and_river_hex_cost_depends_on_arrival_by_road():
    g = position({"G10-AR-1": "1117"})
    r = g.rules
    assert r.board.terrain[H("1016")] == "river"
    assert r.step_cost(H("1117"), H("1016")) == 1  # along the road
    assert r.step_cost(H("1017"), H("1016")) == 4  # from off the road: a river hex
    # and in combat it is a river hex: attacking from it is halved
    assert r.attack_multiplier(g.state, H("1016"), H("0916")) == 0.5


def test_KP_CLIFF_no_movement_across_a_cliff():
    g = position({"G10-AR-1": "0916"})
    assert g.rules.is_cliff(H("0916"), H("0917"))
    assert g.rules.step_cost(H("0916"), H("0917")) is None
    assert rule_of(g, "move G10-AR-1 0917") == "KP-CLIFF"


def test_KP_CLIFF_ZOC_zone_reaches_down_a_cliff_but_not_up():
    g = position({"G10-AR-1": "0917", "US18-INF-1": "0916"}, phase="allied_combat")
    r = g.rules
    assert r.in_ezoc(g.state, "allied", H("0916"))  # the German on top covers the foot
    assert not r.in_ezoc(g.state, "axis", H("0917"))  # the American below does not cover the top


def test_KP_CLIFF_ZOC_the_unit_below_must_attack_the_unit_above_not_the_reverse():
    g = position({"G10-AR-1": "0917", "US18-INF-1": "0916"}, phase="german_combat")
    assert rule_of(g, "end") is None  # the German on top may sit there without attacking
    g = position({"G10-AR-1": "0917", "CCA-AR": "0916"}, phase="allied_combat")
    assert rule_of(g, "end") == "KP-ZOC"  # the unit at the foot must attack (quartered)
    play(g, "attack 0917 CCA-AR")
    assert rule_of(g, "end") is None


def test_KP_ZOC_must_stop_on_entering_an_enemy_zone():
    g = position({"G10-AR-1": "1322", "CCA-AR": "1524"}, phase="allied_move")
    # 1422 is next to 1322: the American may enter it but not go on
    assert rule_of(g, "move CCA-AR 1423 1422") is None
    assert rule_of(g, "move CCA-AR 1423 1422 1421") == "KP-ZOC"
    play(g, "move CCA-AR 1423 1422")
    assert rule_of(g, "move CCA-AR 1423") == "KP-ZOC"  # stopped for the rest of the phase


def test_KP_ZOC_may_not_stay_without_attacking():
    g = position({"G10-AR-1": "1322", "CCA-AR": "1422"}, phase="allied_combat")
    assert rule_of(g, "end") == "KP-ZOC"
    play(g, "attack 1322 CCA-AR")
    assert rule_of(g, "end") is None


def test_KP_ZOC_a_unit_may_leave_an_enemy_zone_at_the_start_of_its_move():
    g = position({"G10-AR-1": "1322", "CCA-AR": "1422"}, phase="allied_move")
    assert rule_of(g, "move CCA-AR 1523") is None


def test_KP_ZOC_friendly_units_do_not_negate_enemy_zones():
    g = position({"G10-AR-1": "1322", "CCA-AR": "1422", "CCA-AI": "1524"}, phase="allied_move")
    # the American armor already in 1422 does not cancel the German zone there
    assert rule_of(g, "move CCA-AI 1423 1422 1421") == "KP-ZOC"


def test_KP_AMERICAN_ZOC_panzer_passes_american_infantry_zone_at_plus_2_a_hex():
    g = position({"G10-AR-1": "1222", "US18-INF-1": "1422"})
    r = g.rules
    assert r.in_ezoc(g.state, "axis", H("1322"))
    # 1222 -> 1322 (in the zone, +2) -> 1323 (in the zone, +2) -> 1324: 2+2 + 2+2 + 2 = 10
    assert rule_of(g, "move G10-AR-1 1322 1323 1324") is None
    play(g, "move G10-AR-1 1322 1323 1324")
    assert g.state.mp["G10-AR-1"] == 16 - 10


def test_KP_AMERICAN_ZOC_the_rulebook_example_three_road_hexes_cost_nine():
    """The rulebook's example: three road hexes in American infantry zones cost a panzer 9."""
    g = position({"G10-AR-1": "1919", "US18-INF-1": "1817", "US18-INF-2": "1618"})
    r = g.rules
    assert all(r.in_ezoc(g.state, "axis", H(h)) for h in ("1818", "1718", "1617"))
    play(g, "move G10-AR-1 1818 1718 1617")  # road 3, three hexes
    assert g.state.mp["G10-AR-1"] == 16 - 9


def test_KP_AMERICAN_ZOC_not_for_other_units_nor_other_zones():
    # Italian infantry must stop in the American infantry zone
    g = position({"IT-INF-1": "1222", "US18-INF-1": "1422"})
    assert rule_of(g, "move IT-INF-1 1322 1323") == "KP-ZOC"
    # a panzer must stop in an American armor zone
    g = position({"G10-AR-1": "1222", "CCA-AR": "1422"})
    assert rule_of(g, "move G10-AR-1 1322 1323") == "KP-ZOC"
    # a German engineer is not a panzer, panzer grenadier or recon unit
    g = position({"G10-EN": "1222", "US18-INF-1": "1422"})
    assert rule_of(g, "move G10-EN 1322 1323") == "KP-ZOC"
    # recon may pass
    g = position({"G10-RC": "1222", "US18-INF-1": "1422"})
    assert rule_of(g, "move G10-RC 1322 1323") is None


def test_KP_OPT_RANGERS_ZOC_rangers_hold_panzers_with_the_option():
    g = position({"G10-AR-1": "1222", "RGR-1": "1422"})
    assert rule_of(g, "move G10-AR-1 1322 1323") is None  # without the option Rangers are US infantry
    g = position({"G10-AR-1": "1222", "RGR-1": "1422"}, options={"rangers_zoc": True})
    assert rule_of(g, "move G10-AR-1 1322 1323") == "KP-ZOC"


def test_KP_OPT_ITALIAN_ZOC_allied_armor_and_commonwealth_pass_italian_infantry():
    pos = {"IT-INF-1": "1422", "CCA-AR": "1222", "BR-INF": "1224", "CCA-AI": "1122"}
    g = position(pos, phase="allied_move")
    assert rule_of(g, "move CCA-AR 1322 1323") == "KP-ZOC"  # without the option
    g = position(pos, phase="allied_move", options={"italian_zoc": True})
    assert rule_of(g, "move CCA-AR 1322 1323") is None
    play(g, "move CCA-AR 1322 1323")
    assert g.state.mp["CCA-AR"] == 16 - 4 - 4
    # American armored infantry is not armor: it must stop
    assert rule_of(g, "move CCA-AI 1222 1322 1323") == "KP-ZOC"


def test_KP_STACKING_three_battalions_a_regiment_alone_support_units_free_four_counters():
    r = position({}).rules
    g = position({"G10-AR-1": "1322", "G10-AR-2": "1322", "G10-AR-3": "1322", "G10-AR-4": "1323"})
    assert rule_of(g, "move G10-AR-4 1322") == "KP-STACKING"  # a fourth battalion
    g = position({"G10-AR-1": "1322", "G10-AR-2": "1322", "G10-AR-3": "1322", "G10-ART": "1323",
                  "G10-EN": "1323", "DAK-ART": "1324"})
    assert rule_of(g, "move G10-ART 1322") is None  # artillery stacks free
    play(g, "move G10-ART 1322")
    assert rule_of(g, "move G10-EN 1322") == "KP-STACKING"  # engineers free too, but five counters
    g = position({"DAK-AR3": "1322", "G10-AR-1": "1323", "G10-ART": "1321"})
    assert rule_of(g, "move G10-AR-1 1322") == "KP-STACKING"  # a regiment stacks with nothing
    assert rule_of(g, "move G10-ART 1322") is None  # except support units
    g = position({"DAK-AR7": "1322", "G10-RC": "1323"})
    assert rule_of(g, "move G10-RC 1322") == "KP-STACKING"  # nor does a brigade
    assert not r.overstacked(position({"G10-AR-1": "1322"}).state)


def test_KP_STACKING_anti_tank_is_not_a_free_support_unit():
    g = position({"G10-AR-1": "1322", "G10-AR-2": "1322", "G10-AR-3": "1322", "G10-AT": "1323"})
    assert rule_of(g, "move G10-AT 1322") == "KP-STACKING"


def test_D6_a_detachment_counts_half_a_battalion():
    g = position({"G10-AR-1": "1322", "G10-AR-2": "1322", "DAK-RC": "1323", "G21-AR-1": "1221"})
    play(g, "move DAK-RC 1322")  # 2.5 points
    assert rule_of(g, "move G21-AR-1 1322") == "KP-STACKING"


def test_KP_ERRATA_CREST_crest_costs_8_and_the_errata_reading_is_an_option():
    g = position({"G10-AR-1": "1721"})
    assert cost(g, "G10-AR-1", "1720") == 8
    g = position({"G10-AR-1": "1721"}, options={"errata_crest": True})
    assert cost(g, "G10-AR-1", "1720") == 2


def test_KP_RANGERS_five_hexes_whatever_the_terrain_but_not_over_cliffs():
    g = position({"RGR-1": "1721"}, phase="allied_move")
    reach = g.rules.reach(g.state, "RGR-1")
    assert reach[H("1720")][0] == 1  # a crest hex costs a Ranger one of its five
    assert max(c for c, _ in reach.values()) == 5
    assert all(len(p) <= 5 for _, p in reach.values())
    g = position({"RGR-1": "0916"}, phase="allied_move")
    assert rule_of(g, "move RGR-1 0917") == "KP-CLIFF"


def test_KP_COST_OF_COMBAT_no_entering_an_enemy_zone_without_mp_to_fight():
    # an American armor battalion (4 MP to fight) with 6 MP left after moving 5 hexes
    g = position({"G10-AR-1": "1322", "CCA-AR": "1524"}, phase="allied_move")
    g.state.mp["CCA-AR"] = 6.0
    g.state.hexes_moved["CCA-AR"] = 5
    g.state.touch()
    assert rule_of(g, "move CCA-AR 1423") is None  # 2 MP, outside the zone
    # 1423 then 1422 (in the zone): 4 MP spent leaves 2 < 4
    assert rule_of(g, "move CCA-AR 1423 1422") == "KP-COST-OF-COMBAT"
    g.state.mp["CCA-AR"] = 8.0
    g.state.touch()
    assert rule_of(g, "move CCA-AR 1423 1422") is None  # 4 left: enough to fight


def test_KP_COST_OF_COMBAT_one_hex_and_fight_is_always_allowed():
    # a French 1-6 with a river hex ahead: one hex into the zone is allowed even when it costs all
    g = position({"G10-AR-1": "1322", "FR-INF-1": "1423"}, phase="allied_move")
    g.state.hexes_moved["FR-INF-1"] = 0
    g.state.mp["FR-INF-1"] = 1.0
    g.state.touch()
    assert rule_of(g, "move FR-INF-1 1422") is None  # one hex, into the zone, to fight
    play(g, "move FR-INF-1 1422", "end", "attack 1322 FR-INF-1")
    assert at(g, "FR-INF-1") == "1422"
