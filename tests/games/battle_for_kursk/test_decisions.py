"""Battle for Kursk: one test per decision of docs/battle-for-kursk/rules-decisions.md
(where the rulebook is silent or unclear). Each name says which decision (D1 …)."""
from __future__ import annotations

from .helpers import H, kboard, legal, play, position, rule_of


def test_D2_9_2_defender_shifts_add_up():
    """D2 (9.2): forest (or rough) and an active friendly fortification are two shifts."""
    b = kboard(terrain={"0505": "forest"}, forts={"Belt": ("german", "A", ["0505"])})
    g = position({"R-4SA": "0604", "R-3SA": "0605", "G-II-LW": "0505"}, phase="russian_combat", board_=b)
    o = g.rules.odds(g.state, H("0505"), ["R-4SA", "R-3SA"])
    assert sum(s.columns for s in o.shifts) == -2 and o.column == "3:1"  # 20 vs 4 = 5:1


def test_D4_7_2_supporters_count_for_the_attackers_communication():
    """D4 (7.2, 9.2.1): a supporter in communication keeps the attacking side "in"."""
    b = kboard(edges={"german": [f"01{r:02d}" for r in range(1, 11)], "russian": ["1003"]})
    units = {"G-XLVIII-PZ": "0505", "R-2TA": "0604", "R-13A": "0603", "G-VI": "0904"}
    g = position(units, phase="russian_combat", board_=b)  # 1003 is in the VI's zone: nobody in
    o = g.rules.odds(g.state, H("0505"), ["R-2TA"], ("R-2TA", ("R-13A",)))
    assert any(s.rule == "7.2" and s.columns == -1 for s in o.shifts)
    units["R-70A"] = "1004"  # on the edge: in communication, but not in the battle
    g = position(units, phase="russian_combat", board_=b)
    o = g.rules.odds(g.state, H("0505"), ["R-2TA"], ("R-2TA", ("R-13A",)))
    assert any(s.rule == "7.2" and s.columns == -1 for s in o.shifts)


def test_D6_9_0_supporters_do_not_advance_after_combat():
    """D6 (9.0, 9.2.1): only a unit that attacked from next to the hex may advance."""
    g = position({"G-SEC-C": "0505", "R-2TA": "0604", "R-13A": "0603", "R-70A": "0704"}, phase="russian_combat",
                 reduced=["G-SEC-C"], dice=[6])
    play(g, "offensive 0505 R-2TA R-2TA / R-13A R-70A", "end", "resolve 0505", "roll")
    assert legal(g) == ["advance R-2TA", "advance none"]


def test_D12_10_2_a_friendly_city_in_communication_may_be_in_an_enemy_zone():
    """D12 (10.2): the EZOC limit of 10.2 is for edge hexes; a city needs only to be friendly,
    empty and in communication."""
    b = kboard(cities={"0805": "Kursk"})
    g = position({"G-VI": "0705", "R-13A": "1010"}, phase="russian_replacement", board_=b,
                 posture={"german": "pause", "russian": "pause"})
    assert g.rules.in_ezoc(g.state, "russian", H("0805"))
    assert H("0805") in g.rules.placement_hexes(g.state, "R-38A")


def test_D23_11_2_marsh_and_mud_halve_an_attacking_armor_unit_twice():
    """D23 (9.2, 11.2): an armor unit attacking from marsh in mud counts a quarter."""
    b = kboard(terrain={"0604": "marsh"})
    g = position({"R-2TA": "0604", "G-VI": "0505"}, phase="russian_combat", board_=b, mud=True)
    assert g.rules.odds(g.state, H("0505"), ["R-2TA"]).attack == 2.5


def test_D30_9_3_a_retreat_may_pass_through_but_not_end_on_a_friendly_unit():
    """D30 (9.3): through a friendly-occupied hex yes, ending there no; never longer than two."""
    g = position({"R-4SA": "0604", "G-II-LW": "0505", "G-VI": "0405", "G-XII": "0404", "G-IX": "0504",
                  "G-XX": "0506", "R-48A": "0605"}, phase="russian_combat", dice=[3])
    play(g, "attack 0505 R-4SA", "end", "resolve 0505", "roll")
    opts = g.rules.retreat_options(g.state, g.state.stage, "G-II-LW")
    assert opts and all(len(p.hexes) == 2 and p.hexes[0] in {H("0405"), H("0404"), H("0504"), H("0506")}
                        for p in opts)
    assert rule_of(g, "retreat G-II-LW 0405") == "9.3"
