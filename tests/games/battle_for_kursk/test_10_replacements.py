"""Battle for Kursk replacements (10.0-10.7)."""
from __future__ import annotations

from .helpers import H, kboard, legal, of, play, position, rule_of, where

PAUSE = {"german": "pause", "russian": "pause"}


def _rep(units, side="russian", **kw):
    return position(units, phase=f"{side}_replacement", posture=kw.pop("posture", PAUSE), **kw)


def test_10_0_a_step_places_a_reduced_unit_or_flips_one_in_communication():
    """10.0: a replacement step either brings an eliminated unit back reduced, or flips a
    reduced unit in communication to full strength."""
    g = _rep({"R-13A": "0805", "G-VI": "0303"}, reduced=["R-13A"])  # turn 1 pause: 3 + 2 = 5 IRP
    assert g.state.extra["points"] == {"irp": 5, "arp": 2}
    play(g, "restore R-13A", "place R-70A 1005")
    assert where(g, "R-13A") == ("map", "0805", 2) and where(g, "R-70A") == ("map", "1005", 1)
    assert g.state.extra["points"]["irp"] == 3


def test_10_0_friendly_control_is_the_last_side_to_enter():
    """10.0: a city is friendly to the side whose unit last entered it; at the start each side
    holds the places on its own side of the Start Line."""
    b = kboard(cities={"0705": "Sumy"})
    g = position({"G-XLI-PZ": "0505", "R-13A": "1001"}, board_=b)
    assert g.state.control[H("0705")] == "russian"
    play(g, "move G-XLI-PZ 0605 0705")
    assert g.state.control[H("0705")] == "german"


def test_10_1_one_step_at_a_time():
    """10.1: a unit brought back this phase may not also be flipped in the same phase."""
    g = _rep({"G-VI": "0303"})
    play(g, "place R-70A 1005")
    assert rule_of(g, "restore R-70A") == "10.1"


def test_10_2_russian_entry_red_edge_empty_not_in_ezoc_or_friendly_city_in_communication():
    """10.2: new Russian units enter on an empty red-edge hex outside enemy zones, or in an empty
    friendly city in communication."""
    b = kboard(cities={"0805": "Kursk"})
    g = _rep({"G-VI": "0904", "R-48A": "1008"}, board_=b)
    hexes = set(g.rules.placement_hexes(g.state, "R-38A"))  # Voronezh Front: none on the map (10.7)
    assert H("1005") in hexes and H("1008") not in hexes  # occupied
    assert H("1004") not in hexes  # in the VI's zone of control
    assert H("0805") in hexes  # a Russian city in communication
    assert rule_of(g, "place R-38A 1004") == "10.2" and rule_of(g, "place R-38A 0707") == "10.2"


def test_10_2_moscow_exception():
    """10.2: the Russians may place or flip in Moscow even out of communication."""
    b = kboard(edges={"german": ["0110"], "russian": ["0901"]})
    g = _rep({"G-VI": "0902", "R-13A": "1001"}, board_=b, reduced=["R-13A"])  # 0901 in the VI's zone
    assert H("1001") not in g.rules.in_communication(g.state, "russian")
    assert rule_of(g, "restore R-13A") is None
    g2 = _rep({"G-VI": "0902", "R-13A": "0903"}, board_=b, reduced=["R-13A"])
    assert rule_of(g2, "restore R-13A") == "10.2"
    g3 = _rep({"G-VI": "0902"}, board_=b)
    assert g3.rules.placement_hexes(g3.state, "R-70A") == [H("1001")]


def test_10_3_german_entry_on_the_blue_edges():
    """10.3: German units enter on the blue (west and south) edges, or German cities in
    communication; never on a red edge."""
    g = _rep({"R-13A": "0303", "G-VI": "0707"}, side="german")
    hexes = set(g.rules.placement_hexes(g.state, "G-XII"))
    assert H("0105") in hexes and H("1005") not in hexes and H("0203") not in hexes
    assert H("0110") in hexes  # Kiev, a German major city in communication
    assert rule_of(g, "place G-XII 1005") == "10.3"


def test_10_4_unused_points_are_lost():
    """10.4: points not spent in the phase are lost."""
    g = _rep({"G-VI": "0303"})
    ev = play(g, "end")
    assert of(ev, "steps_lost") and g.state.extra["points"] == {"irp": 0, "arp": 0}


def test_10_5_infantry_points_for_infantry_and_shock_armor_points_for_armor():
    """10.5: infantry (and shock) units take IRP, armor units ARP."""
    g = _rep({"G-VI": "0303"}, posture={"german": "pause", "russian": "deploy"})  # 3 IRP, 2 - 2 = 0 ARP
    assert rule_of(g, "place R-4SA 1005") is None  # shock is infantry
    assert rule_of(g, "place R-5GTA 1005") == "10.5"
    assert rule_of(g, "place R-1GA 1005") == "10.5"  # guards are armor
    assert not any("R-5GTA" in a for a in legal(g))


def test_10_6_negative_replacements_from_units_in_communication():
    """10.6: negative points are steps the side must remove from its units of that type that
    are in communication (its choice), after spending the positive ones."""
    b = kboard(edges={"german": ["0101"], "russian": [f"10{r:02d}" for r in range(1, 11)]})
    g = position({"G-XLI-PZ": "0102", "G-XLVII-PZ": "1010", "G-VI": "0103", "R-13A": "0909"}, turn="2",
                 phase="german_replacement", board_=b)  # engage: 0 IRP, -2 ARP
    assert H("1010") not in g.rules.in_communication(g.state, "german")
    play(g, "end")
    assert legal(g) == ["loss G-XLI-PZ"]  # the out-of-communication panzer is spared
    play(g, "loss G-XLI-PZ")
    assert legal(g) == ["loss G-XLI-PZ"]
    ev = play(g, "loss G-XLI-PZ")
    assert where(g, "G-XLI-PZ")[0] == "eliminated" and g.state.phase == "german_armor_rail"
    g2 = position({"G-VI": "0102", "R-13A": "0808"}, turn="2", phase="german_replacement", board_=b)
    ev = play(g2, "end")
    assert any("lapse" in e.text for e in of(ev, "steps_lost")) and g2.state.phase == "german_armor_rail"


def test_10_7_formation_integrity_nearest_legal_location():
    """10.7: a new unit enters at the legal location nearest a unit of its formation colour;
    with none of its formation on the map, anywhere legal."""
    g = _rep({"R-13A": "0903", "G-VI": "0303"})  # Central Front (red) unit in the north-east
    hexes = g.rules.placement_hexes(g.state, "R-70A")  # Central Front too
    assert hexes == [H("1002"), H("1003")]  # the red edge hexes next to the 13th
    assert rule_of(g, "place R-70A 1009") == "10.7"
    assert len(g.rules.placement_hexes(g.state, "R-38A")) > 5  # Voronezh Front: none on the map
