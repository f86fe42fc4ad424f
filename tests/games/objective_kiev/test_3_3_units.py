"""Rule 3.3: the playing pieces (sides, one-step units, untried mechs, air markers)."""
import math

from .helpers import position, token_for, view_of


def test_3_3_two_step_units_reduce_to_half_rounded_down():
    """Rule: 3.3 (reduced side = half the full strength, rounded down). Actions: read
    every two-step counter of the order of battle. Expected: reduced attack and defense
    are the full values halved and rounded down; labels such as 12-6 / 6-6."""
    g = position({"G-III": "0101", "SU-5A": "0909", "G-IV": "0303"}, reduced=["G-IV"])
    two_step = [s for s in g.rules.specs.values() if s.max_steps == 2]
    assert len(two_step) == 26          # 17 Axis (all but the Slovak corps) + 9 Soviet armies
    for s in two_step:
        (ra, rd), (fa, fd) = s.values
        assert (ra, rd) == (math.floor(fa / 2), math.floor(fd / 2)), s.id
    assert view_of(g, "G-III")["label"] == "12-6" and view_of(g, "G-IV")["label"] == "3-4"
    assert view_of(g, "SU-5A")["label"] == "8-4"


def test_3_3_one_step_units():
    """Rule: 3.3 (Soviet mech corps and the Slovak corps have one step only). Actions:
    read the specs. Expected: the ten mech identities and SK-1 have one step; every
    other unit two."""
    g = position({"G-IV": "0101"})
    one = sorted(s.id for s in g.rules.specs.values() if s.max_steps == 1)
    assert one == sorted(["SK-1", "SU-2M", "SU-4M", "SU-8M", "SU-9M", "SU-15M", "SU-16M", "SU-18M",
                          "SU-19M", "SU-22M", "SU-24M"])


def test_3_3_mech_shows_attack_defense_and_ma_once_revealed():
    """Rule: 3.3 (an untried mech shows "?"; revealed, a separate attack and defense).
    Actions: one untried and one revealed mech on the map. Expected: "?" with no values;
    "6-3-6" with attack 6, defense 3, MA 6."""
    g = position({"G-IV": "0101"}, mech={"SU-8M": "0505", "SU-2M": "0707"}, untried=["SU-2M"])
    t8, t2 = token_for(g, "SU-8M"), token_for(g, "SU-2M")
    assert view_of(g, t2)["label"] == "?" and "attack" not in view_of(g, t2)
    v = view_of(g, t8)
    assert (v["label"], v["attack"], v["defense"], v["ma"]) == ("6-3-6", 6, 3, 6)


def test_3_3_tank_units_are_panzers_italian_motorized_and_soviet_mechs():
    """Rule: 3.3 (the "Tank" units). Actions: list the tank specs. Expected: the three
    German panzer corps, the Italian CSIR and the ten Soviet mech corps; nothing else."""
    g = position({"G-IV": "0101"})
    tanks = {s.id for s in g.rules.specs.values() if s.kind == "tank"}
    mechs = {s.id for s in g.rules.specs.values() if s.id.endswith("M") and s.side == "soviet"}
    assert tanks == {"G-III", "G-XLVIII", "G-XIV", "I-CSIR"} | mechs and len(mechs) == 10


def test_3_3_air_support_markers():
    """Rule: 3.3 / 10.5 (the Axis air support markers and their shift). Actions: read the
    scenario's markers. Expected: two Axis markers, +1 column each, both available."""
    g = position({"G-IV": "0101"}, phase="axis_combat")
    assert {(m.id, m.side, m.shift) for m in g.rules.support.values()} == {("IV-FK", "axis", 1), ("V-FK", "axis", 1)}
    assert g.view("axis")["support_available"] == ["IV-FK", "V-FK"]
