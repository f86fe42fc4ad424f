"""state.State / Stage and units.UnitSpec / Unit: copies, cached queries, snapshots, labels."""
from __future__ import annotations

import json

from hexwar.core.game import Result
from hexwar.core.state import Battle, Stage, State
from hexwar.core.units import ARRIVING, ELIMINATED, ON_MAP, UNPLACED, WHERE, Unit, UnitSpec

from ._support import H


def sample_state() -> State:
    units = {
        "G-2": Unit("G-2", "ger-inf", ON_MAP, H("0303"), steps=2),
        "G-1": Unit("G-1", "ger-pz", ON_MAP, H("0303"), steps=1),
        "S-1": Unit("S-1", "sov-inf", ON_MAP, H("0404"), revealed=False),
        "S-2": Unit("S-2", "sov-inf", ELIMINATED),
        "S-3": Unit("S-3", "sov-tank", ARRIVING, arrives=3),
    }
    return State(turn=2, phase="german_move", units=units, control={H("0505"): "german", H("0101"): "soviet"})


# --- Stage ---------------------------------------------------------------------


def test_stage_get_reads_data_with_a_default():
    st = Stage("retreat", "german", H("0404"), (("hexes", 2), ("unit", "S-1")))
    assert st.get("hexes") == 2
    assert st.get("missing") is None
    assert st.get("missing", 7) == 7


def test_stage_with_returns_a_new_stage_with_sorted_data():
    st = Stage("retreat", "german", H("0404"), (("unit", "S-1"),))
    st2 = st.with_(hexes=2, unit="S-2")
    assert st2.data == (("hexes", 2), ("unit", "S-2"))
    assert st.data == (("unit", "S-1"),)
    assert (st2.kind, st2.side, st2.target) == ("retreat", "german", H("0404"))
    assert hash(st2) == hash(Stage("retreat", "german", H("0404"), (("hexes", 2), ("unit", "S-2"))))


# --- State ---------------------------------------------------------------------


def test_units_at_lists_map_units_sorted_by_id():
    s = sample_state()
    assert [u.id for u in s.units_at(H("0303"))] == ["G-1", "G-2"]
    assert [u.id for u in s.units_at(H("0404"))] == ["S-1"]
    assert s.units_at(H("0909")) == []


def test_occupied_maps_only_hexes_with_units_on_the_map():
    s = sample_state()
    occ = s.occupied()
    assert set(occ) == {H("0303"), H("0404")}
    assert all(u.where == ON_MAP for us in occ.values() for u in us)


def test_touch_forgets_cached_queries():
    s = sample_state()
    assert s.units_at(H("0505")) == []
    s.units["G-1"] = s.units["G-1"].at(H("0505"))
    s.touch()
    assert [u.id for u in s.units_at(H("0505"))] == ["G-1"]
    assert [u.id for u in s.units_at(H("0303"))] == ["G-2"]


def test_copy_has_independent_containers_and_an_empty_cache():
    s = sample_state()
    s.units_at(H("0303"))  # fill the cache
    s.battles.append(Battle(H("0404"), ("G-1",)))
    c = s.copy()
    assert c._cache == {}
    assert c.units == s.units and c.units is not s.units
    # change every container of the copy: the original does not move
    c.units["G-9"] = Unit("G-9", "ger-inf", UNPLACED)
    c.control[H("0202")] = "german"
    c.moved.add("G-1")
    c.battles.append(Battle(H("0505"), ("G-2",)))
    c.resolved.append(H("0404"))
    c.attacked.add("G-2")
    c.special["G-1"] = "rail"
    c.origin["G-1"] = H("0101")
    c.turn = 5
    assert "G-9" not in s.units and H("0202") not in s.control
    assert s.moved == set() and s.attacked == set() and s.resolved == []
    assert s.battles == [Battle(H("0404"), ("G-1",))]
    assert s.special == {} and s.origin == {} and s.turn == 2


def test_copy_shares_the_frozen_unit_values():
    s = sample_state()
    c = s.copy()
    assert c.units["G-1"] is s.units["G-1"]


def test_snapshot_is_plain_sorted_data():
    s = sample_state()
    s.stage = Stage("retreat", "german", H("0404"), (("path", (H("0405"), H("0406"))), ("unit", "S-1")))
    s.moved = {"G-2", "G-1"}
    snap = s.snapshot()
    json.dumps(snap)  # nothing but plain data
    assert list(snap["units"]) == ["G-1", "G-2", "S-1", "S-2", "S-3"]
    assert snap["units"]["S-1"] == {"spec": "sov-inf", "where": ON_MAP, "hex": "0404", "steps": 1, "revealed": False,
                                    "arrives": 0}
    assert snap["units"]["S-2"]["hex"] is None
    assert snap["control"] == {"0101": "soviet", "0505": "german"}
    assert list(snap["control"]) == ["0101", "0505"]
    assert snap["stage"] == {"kind": "retreat", "side": "german", "target": "0404",
                             "data": {"path": ["0405", "0406"], "unit": "S-1"}}
    assert snap["moved"] == ["G-1", "G-2"]
    assert snap["result"] is None


def test_snapshot_of_a_finished_game_names_winner_and_level():
    s = sample_state()
    s.result = Result("german", "German decisive victory")
    assert s.snapshot()["result"] == ["german", "German decisive victory"]


def test_snapshot_does_not_depend_on_insertion_order():
    a, b = sample_state(), sample_state()
    b.units = dict(reversed(list(b.units.items())))
    b.control = dict(reversed(list(b.control.items())))
    assert json.dumps(a.snapshot()) == json.dumps(b.snapshot())


# --- units ---------------------------------------------------------------------


def spec(values, ma=4):
    return UnitSpec("x", "X Corps", "german", "german", "infantry", "corps", values, ma)


def test_unit_spec_steps_and_values():
    s = spec(((3, 2), (6, 4)))
    assert s.max_steps == 2
    assert (s.attack(2), s.defense(2)) == (6, 4)
    assert (s.attack(1), s.defense(1)) == (3, 2)


def test_unit_spec_label_shows_one_number_when_attack_equals_defense():
    assert spec(((3, 3), (6, 6)), ma=4).label(2) == "6-4"
    assert spec(((2, 4),), ma=6).label(1) == "2-4-6"
    assert spec(((1.5, 3),), ma=2).label(1) == "1.5-3-2"


def test_unit_at_moves_a_unit_to_a_new_value():
    u = Unit("G-1", "ger-inf", UNPLACED)
    moved = u.at(H("0303"))
    assert (moved.where, moved.hex) == (ON_MAP, H("0303"))
    assert (u.where, u.hex) == (UNPLACED, None)
    gone = moved.at(None, ELIMINATED)
    assert (gone.where, gone.hex) == (ELIMINATED, None)


def test_where_lists_every_place_a_unit_can_be():
    assert set(WHERE) == {"map", "unplaced", "arriving", "eliminated", "lost"}
