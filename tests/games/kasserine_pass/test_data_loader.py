"""The scenario and tables files, their loader and its refusals (KP-OOB-GERMAN, KP-OOB-ALLIED, KP-CRT data)."""
from __future__ import annotations

import copy
from collections import Counter
from pathlib import Path

import pytest
import yaml

from hexwar.core.errors import DataError
from hexwar.games.kasserine_pass.scenario import COLUMNS, load_scenario, load_tables, town_props

ROOT = Path(__file__).resolve().parents[3]
SCEN = ROOT / "scenarios" / "kasserine-pass" / "standard.yaml"
TABLES = ROOT / "scenarios" / "kasserine-pass" / "tables" / "rules.yaml"


@pytest.fixture(scope="module")
def scen():
    return load_scenario(SCEN)


def _counts(scen, side, arrives=None):
    return Counter((scen.kp_specs[p.spec].type, scen.kp_specs[p.spec].factor, scen.kp_specs[p.spec].ma)
                   for p in scen.pieces if scen.kp_specs[p.spec].side == side
                   and (arrives is None or p.arrives == arrives))


def test_KP_OOB_GERMAN_order_of_battle_as_the_rulebook_lists_it(scen):
    axis = [p for p in scen.pieces if scen.kp_specs[p.spec].side == "axis"]
    assert len(axis) == 41
    assert all(p.arrives == 1 for p in axis)  # all appear on turn 1
    by_entry = Counter(p.entry for p in axis)
    assert by_entry == {"entry 3-4": 13, "entry 2-3": 10, "entry 1-2": 8, "Italian set-up": 10}
    ten = Counter((scen.kp_specs[p.spec].type, scen.kp_specs[p.spec].factor, scen.kp_specs[p.spec].ma)
                  for p in axis if p.entry == "entry 3-4")
    assert ten == {("armor", 2, 16): 6, ("armored_infantry", 2, 16): 3, ("anti_tank", 2, 8): 1,
                   ("recon", 3, 18): 1, ("artillery", 4, 8): 1, ("engineers", 1, 8): 1}
    dak = {(scen.kp_specs[p.spec].type, scen.kp_specs[p.spec].size, scen.kp_specs[p.spec].factor,
            scen.kp_specs[p.spec].ma) for p in axis if p.entry == "entry 1-2"}
    assert ("armor", "brigade", 7, 10) in dak and ("armored_infantry", "brigade", 5, 10) in dak
    assert ("armor", "regiment", 3, 10) in dak and ("armored_infantry", "brigade", 4, 8) in dak
    assert ("recon", "detachment", 1, 12) in dak and ("anti_tank", "battalion", 1, 6) in dak
    arty = {scen.kp_specs[p.spec].range for p in axis if scen.kp_specs[p.spec].type == "artillery"}
    assert arty == {2, 3}
    assert all(scen.kp_specs[p.spec].nation == "italian" and scen.kp_specs[p.spec].factor == 1
               and scen.kp_specs[p.spec].ma == 6 for p in axis if p.entry == "Italian set-up")


def test_KP_OOB_ALLIED_35_at_start_and_the_dated_reinforcements(scen):
    allied = [p for p in scen.pieces if scen.kp_specs[p.spec].side == "allied"]
    start = [p for p in allied if p.hex is not None]
    assert len(start) == 35
    assert all(dict(p.provenance)["hex"].startswith("reconstructed") for p in start)
    arr = Counter(p.arrives for p in allied if p.arrives)
    # 15 Feb = turn 2 ... 23 Feb = turn 10
    assert arr == {2: 3, 3: 3, 4: 3, 5: 3, 6: 1, 7: 4, 8: 5, 9: 2, 10: 1}
    entries = {(p.arrives, p.entry) for p in allied if p.arrives}
    assert (3, "entry road 5") in entries and (3, "entry Le Kef") in entries and (8, "entry road 6") in entries
    ranger = next(p for p in allied if scen.kp_specs[p.spec].rangers)
    assert (scen.kp_specs[ranger.spec].factor, scen.kp_specs[ranger.spec].ma, ranger.arrives) == (2, 5, 3)
    big = next(p for p in allied if scen.kp_specs[p.spec].type == "artillery" and scen.kp_specs[p.spec].factor == 6)
    assert scen.kp_specs[big.spec].range == 4 and big.arrives == 8
    assert scen.date(1) == "14 Feb 1943" and scen.date(12) == "25 Feb 1943"


def test_every_unit_has_provenance(scen):
    for p in scen.pieces:
        prov = dict(p.provenance)
        assert prov.get("values"), p.id


def test_KP_CRT_data_complete_for_every_column_and_total(scen):
    crt = scen.tables.crt
    assert tuple(crt) == COLUMNS
    for col, row in crt.items():
        assert len(row) == 11, col  # totals 2..12


def test_allied_start_hexes_are_on_the_map_and_stack_legally():
    from .helpers import open_local
    g = open_local()
    assert not g.rules.overstacked(g.state)
    for u in g.state.units.values():
        if u.hex is not None:
            assert u.hex in g.rules.board


def _board():
    from .helpers import open_local
    return open_local().rules.board


def test_place_props_read_size_and_vp():
    """The map loader keeps each place's custom properties on the Board (Place.props);
    the game reads a town's size and victory points from there (KP-VICTORY, KP-CITY)."""
    board = _board()
    by_name = {p.name: p for p in board.places.values()}
    assert by_name["Tebessa"].props["vp"] == 3 and by_name["Tebessa"].props["size"] == "city"
    assert "provenance" not in by_name["Tebessa"].props  # kept in its own field
    towns = town_props(board)
    assert sum(vp for _, vp in towns.values()) == 10
    assert {h for h, (size, _) in towns.items() if size == "city"} == _rules().city


def _rules():
    from .helpers import open_local
    return open_local().rules


def test_place_props_default_empty_and_read_only():
    from hexwar.core.board import Place
    from hexwar.core.hexgrid import Hex

    p = Place("X", Hex(1, 1), "city")
    assert dict(p.props) == {}
    assert hash(p) == hash(Place("X", Hex(1, 1), "city"))  # props are not part of the hash
    t = next(iter(_board().places.values()))
    with pytest.raises(TypeError):
        t.props["vp"] = 9  # type: ignore[index]


@pytest.mark.parametrize("props,problem", [({"size": "town"}, "size 'town'"), ({"vp": "many"}, "'vp'")])
def test_town_props_refuse_bad_values(props, problem):
    import dataclasses
    from types import MappingProxyType

    board = _board()
    h, place = next(iter(board.places.items()))
    bad = dataclasses.replace(board, places={**board.places,
                                             h: dataclasses.replace(place, props=MappingProxyType(props))})
    with pytest.raises(DataError) as e:
        town_props(bad)
    assert problem in str(e.value) and place.name in str(e.value)


# --- refusals: DataError naming the file and the problem ---------------------------
def _write(tmp_path, data, name="bad.yaml", tables=True):
    d = tmp_path / "s"
    d.mkdir(exist_ok=True)
    if tables:
        (d / "tables").mkdir(exist_ok=True)
        (d / "tables" / "rules.yaml").write_text(TABLES.read_text())
    p = d / name
    p.write_text(data if isinstance(data, str) else yaml.safe_dump(data))
    return p


def _scen_data():
    return yaml.safe_load(SCEN.read_text())


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d.pop("turns"), "missing 'turns'"),
    (lambda d: d["units"][0].update(type="cavalry"), "unknown value 'cavalry'"),
    (lambda d: d["units"][0].update(factor="two"), "expected int/float"),
    (lambda d: d["units"][0].update(arrives=20), "outside 1..12"),
    (lambda d: d["units"][30].update(hex="99x9"), "bad hex id"),
    (lambda d: d["units"][0].update(nation="british"), "does not fight for side"),
    (lambda d: d["units"][25].pop("provenance"), "missing 'provenance'"),
    (lambda d: d["units"][30]["provenance"].pop("hex"), "provenance for its 'hex'"),
    (lambda d: d.update(tables="../../etc/passwd"), "inside the scenario's folder"),
    (lambda d: d.update(game="objective-kiev"), "not 'objective-kiev'"),
    (lambda d: d["units"].append(copy.deepcopy(d["units"][-1])), "duplicate unit id"),
])
def test_bad_scenario_is_refused_with_file_and_problem(tmp_path, mutate, words):
    d = _scen_data()
    mutate(d)
    p = _write(tmp_path, d)
    with pytest.raises(DataError) as e:
        load_scenario(p)
    assert str(p) in str(e.value) and words in str(e.value)


def test_yaml_syntax_error_is_a_data_error(tmp_path):
    p = _write(tmp_path, "units: [\n")
    with pytest.raises(DataError, match="not valid YAML"):
        load_scenario(p)


@pytest.mark.parametrize("mutate, words", [
    (lambda d: d["crt"]["rows"]["3-1"].pop(), "expected 11 results"),
    (lambda d: d["crt"]["rows"]["3-1"].__setitem__(0, "D GONE"), "unknown result 'D GONE'"),
    (lambda d: d["crt"]["rows"].pop("8-1"), "missing column '8-1'"),
    (lambda d: d["terrain"].pop("river"), "missing terrain 'river'"),
    (lambda d: d["breakdown"].update({"ge-armor-bn": ["ge-armor-det"]}), "expected two spec ids"),
])
def test_bad_tables_are_refused(tmp_path, mutate, words):
    d = yaml.safe_load(TABLES.read_text())
    mutate(d)
    p = tmp_path / "rules.yaml"
    p.write_text(yaml.safe_dump(d))
    with pytest.raises(DataError) as e:
        load_tables(p)
    assert str(p) in str(e.value) and words in str(e.value)
