"""Broken maps, scenarios and records are refused with a message that names the
file and the problem: never a traceback, never a half-loaded game."""
from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
import yaml

import hexwar
from hexwar.core.errors import DataError
from hexwar.games.objective_kiev import TERRAINS
from hexwar.loaders import scenario as scenario_loader
from hexwar.loaders import tmx as tmx_loader
from hexwar.loaders.tmx import load_board

REPO = Path(__file__).resolve().parents[2]
MAP = REPO / "maps" / "objective-kiev.tmx"
SCEN = REPO / "scenarios" / "objective-kiev" / "standard.yaml"


@pytest.fixture
def mapdir(tmp_path):
    for f in (REPO / "maps").glob("kiev-terrain.*"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def write_map(mapdir: Path, text: str) -> Path:
    p = mapdir / "broken.tmx"
    p.write_text(text, encoding="utf-8")
    return p


def refused(path: Path, load, *words: str) -> str:
    with pytest.raises(DataError) as e:
        load(path)
    msg = str(e.value)
    assert str(path) in msg, msg
    for w in words:
        assert w.lower() in msg.lower(), msg
    return msg


MAP_TEXT = MAP.read_text(encoding="utf-8")


def load_map(p):
    return load_board(p, TERRAINS)


# --- maps ------------------------------------------------------------------------------
def test_truncated_map(mapdir):
    refused(write_map(mapdir, MAP_TEXT[: len(MAP_TEXT) // 2]), load_map, "not a valid")


def test_empty_and_garbage_map(mapdir):
    refused(write_map(mapdir, ""), load_map)
    refused(write_map(mapdir, "\x00\x01 not xml at all"), load_map)


def test_map_missing_layer(mapdir):
    text = re.sub(r'<objectgroup[^>]*name="places".*?</objectgroup>', "", MAP_TEXT, flags=re.S)
    refused(write_map(mapdir, text), load_map, "missing layer", "places")


def test_map_unknown_terrain(mapdir):
    tsx = (mapdir / "kiev-terrain.tsx").read_text(encoding="utf-8")
    (mapdir / "kiev-terrain.tsx").write_text(tsx.replace('value="swamp"', 'value="lava"'), encoding="utf-8")
    refused(write_map(mapdir, MAP_TEXT), load_map, "unknown terrain", "lava")


def test_map_bad_hex_id_in_hexsides(mapdir):
    text = re.sub(r'(name="hexsides" value=")[0-9]{4}', r"\g<1>0A01", MAP_TEXT, count=1)
    refused(write_map(mapdir, text), load_map, "bad hex id")


def test_map_hexside_between_hexes_that_do_not_touch(mapdir):
    text = re.sub(r'(name="hexsides" value=")[0-9]{4}-[0-9]{4}', r"\g<1>0101-0105", MAP_TEXT, count=1)
    refused(write_map(mapdir, text), load_map, "not adjacent")


def test_map_hexside_off_the_map(mapdir):
    text = re.sub(r'(name="hexsides" value=")[0-9]{4}-[0-9]{4}', r"\g<1>9901-9902", MAP_TEXT, count=1)
    refused(write_map(mapdir, text), load_map, "off the map")


def test_map_object_off_the_map(mapdir):
    text = re.sub(r'(<objectgroup[^>]*name="places".*?<object [^>]*?) x="[0-9.]+"', r'\1 x="99999"',
                  MAP_TEXT, count=1, flags=re.S)
    refused(write_map(mapdir, text), load_map, "off the map")


def test_map_tileset_path_trick_and_missing_tileset(mapdir):
    refused(write_map(mapdir, MAP_TEXT.replace('source="kiev-terrain.tsx"', 'source="../../etc/passwd"')),
            load_map, "outside the map folder")
    refused(write_map(mapdir, MAP_TEXT.replace('source="kiev-terrain.tsx"', 'source="nothing.tsx"')),
            load_map, "not found")


def test_map_wrong_orientation_and_infinite(mapdir):
    refused(write_map(mapdir, MAP_TEXT.replace('orientation="hexagonal"', 'orientation="orthogonal"')),
            load_map, "orientation")
    refused(write_map(mapdir, MAP_TEXT.replace('infinite="0"', 'infinite="1"')), load_map, "infinite")


def test_map_huge_file_refused_before_reading(mapdir, monkeypatch):
    monkeypatch.setattr(tmx_loader, "MAX_MAP_BYTES", 1000)
    refused(write_map(mapdir, MAP_TEXT), load_map, "too large")


def test_map_missing_file(tmp_path):
    refused(tmp_path / "nope.tmx", load_map, "not found")


# --- scenarios --------------------------------------------------------------------------
SCEN_DATA = yaml.safe_load(SCEN.read_text(encoding="utf-8"))


def write_scen(tmp_path: Path, data) -> Path:
    p = tmp_path / "broken.yaml"
    p.write_text(data if isinstance(data, str) else yaml.safe_dump(data), encoding="utf-8")
    return p


def open_scen(p):
    return hexwar.open_game("objective-kiev", "broken", seed=1, scenario_path=p)


def changed(**kw):
    import copy

    d = copy.deepcopy(SCEN_DATA)
    for k, v in kw.items():
        d[k] = v
    return d


def test_scenario_yaml_syntax_error(tmp_path):
    refused(write_scen(tmp_path, "units: [ {id: G-1, \n  : : :"), open_scen, "YAML")


def test_scenario_cannot_construct_python_objects(tmp_path):
    p = write_scen(tmp_path, '!!python/object/apply:os.system ["touch pwned"]\n')
    refused(p, open_scen)
    assert not (tmp_path / "pwned").exists() and not Path("pwned").exists()


def test_scenario_top_level_not_a_mapping(tmp_path):
    refused(write_scen(tmp_path, "- just\n- a list\n"), open_scen, "mapping")


def test_scenario_wrong_types(tmp_path):
    units = [dict(u) for u in SCEN_DATA["units"]]
    units[0]["ma"] = "four"
    refused(write_scen(tmp_path, changed(units=units)), open_scen, "units[0].ma", "int")
    units[0]["ma"] = True
    refused(write_scen(tmp_path, changed(units=units)), open_scen, "units[0].ma")
    units = [dict(u) for u in SCEN_DATA["units"]]
    units[1]["values"] = [[6], [12, 12]]
    refused(write_scen(tmp_path, changed(units=units)), open_scen, "units[1].values")


def test_scenario_duplicate_unit_ids(tmp_path):
    units = [dict(u) for u in SCEN_DATA["units"]]
    units[1]["id"] = units[0]["id"]
    refused(write_scen(tmp_path, changed(units=units)), open_scen, "duplicate unit id")


def test_scenario_unknown_side_and_kind(tmp_path):
    units = [dict(u) for u in SCEN_DATA["units"]]
    units[0]["side"] = "martians"
    refused(write_scen(tmp_path, changed(units=units)), open_scen, "unknown side")
    units = [dict(u) for u in SCEN_DATA["units"]]
    units[0]["kind"] = "cavalry"
    refused(write_scen(tmp_path, changed(units=units)), open_scen, "unknown unit kind")


def test_scenario_map_reference_path_tricks(tmp_path):
    for bad in ("../../etc/passwd", "/etc/passwd", "..\\x.tmx", "sub/dir.tmx"):
        refused(write_scen(tmp_path, changed(map=bad)), open_scen, "not a plain file name")
    refused(write_scen(tmp_path, changed(map="missing.tmx")), open_scen, "not found")


def test_scenario_refers_to_what_the_map_lacks(tmp_path):
    refused(write_scen(tmp_path, changed(control={"axis": ["Atlantis"], "default": "soviet"})), open_scen, "Atlantis")
    areas = [dict(a) for a in SCEN_DATA["setup_areas"]]
    areas[0]["mark"] = "blue_moon"
    refused(write_scen(tmp_path, changed(setup_areas=areas)), open_scen, "blue_moon")


def test_scenario_turn_out_of_range(tmp_path):
    track = [dict(t) for t in SCEN_DATA["turn_track"]]
    track[0]["turn"] = 99
    refused(write_scen(tmp_path, changed(turn_track=track)), open_scen, "turn 99")


def test_scenario_huge_file(tmp_path, monkeypatch):
    monkeypatch.setattr(scenario_loader, "MAX_SCENARIO_BYTES", 100)
    refused(write_scen(tmp_path, SCEN_DATA), open_scen, "too large")


# --- records ----------------------------------------------------------------------------
def a_record(tmp_path: Path) -> Path:
    game = hexwar.open_game("objective-kiev", "standard", seed=3)
    for a in ["place SU-5A 0705", "place SU-6A 1106"]:
        game.apply(a)
    p = tmp_path / "game.yaml"
    game.save(p)
    return p


def test_record_truncated_or_corrupt(tmp_path):
    p = a_record(tmp_path)
    text = p.read_text(encoding="utf-8")
    p.write_text(text[: len(text) // 3], encoding="utf-8")
    refused(p, hexwar.load_record)
    p.write_bytes(b"\xff\xfe\x00garbage")
    refused(p, hexwar.load_record)


def test_record_unknown_game(tmp_path):
    p = a_record(tmp_path)
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    d["game"] = "chess"
    p.write_text(yaml.safe_dump(d), encoding="utf-8")
    refused(p, hexwar.load_record, "chess")


def test_record_hand_edited_into_an_illegal_action(tmp_path):
    p = a_record(tmp_path)
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    d["actions"][1] = "place SU-6A 0101"
    p.write_text(yaml.safe_dump(d), encoding="utf-8")
    refused(p, hexwar.load_record, "action 2", "cannot be replayed")


def test_record_with_a_digest_that_does_not_match(tmp_path):
    p = a_record(tmp_path)
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    d["digest"] = "0000000000000000"
    p.write_text(yaml.safe_dump(d), encoding="utf-8")
    refused(p, hexwar.load_record, "digest")


def test_record_from_a_known_earlier_rules_version_loads_with_a_warning(tmp_path, monkeypatch):
    from hexwar.games.objective_kiev.rules import KievRules

    p = a_record(tmp_path)
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    d["digest"] = "0000000000000000"
    p.write_text(yaml.safe_dump(d), encoding="utf-8")
    monkeypatch.setattr(KievRules, "rules_version", 2)  # today's rules are version 2; the save is version 1
    game = hexwar.load_record(p)
    assert "rules version 1" in game.load_warning and len(game.actions) == 2


@pytest.mark.parametrize("version, words", [(0, "not one this hexwar can replay"), (-3, "not one this hexwar"),
                                            (999, "newer hexwar"), (2, "newer hexwar"),
                                            ("banana", "whole number"), (True, "whole number"),
                                            (1.0, "whole number"), (None, "whole number")])
def test_record_from_an_unknown_rules_version_is_refused_whatever_its_digest(tmp_path, version, words):
    p = a_record(tmp_path)
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    for digest in (d["digest"], "0000000000000000"):
        d["rules_version"], d["digest"] = version, digest
        p.write_text(yaml.safe_dump(d), encoding="utf-8")
        refused(p, hexwar.load_record, words)


def test_a_game_may_narrow_the_earlier_versions_it_replays(tmp_path, monkeypatch):
    from hexwar.games.objective_kiev.rules import KievRules

    p = a_record(tmp_path)
    monkeypatch.setattr(KievRules, "rules_version", 3)
    monkeypatch.setattr(KievRules, "replays_rules_versions", (2,), raising=False)
    refused(p, hexwar.load_record, "rules version 1", "knows 2, 3")


def test_record_cut_at_any_line_is_refused(tmp_path):
    p = a_record(tmp_path)
    lines = p.read_text(encoding="utf-8").splitlines(keepends=True)
    for n in range(1, len(lines)):
        p.write_text("".join(lines[:n]), encoding="utf-8")
        with pytest.raises(DataError) as e:
            hexwar.load_record(p)
        assert str(p) in str(e.value)


def test_record_with_a_key_twice_is_refused(tmp_path):
    p = a_record(tmp_path)
    text = p.read_text(encoding="utf-8")
    p.write_text(text.replace("seed: 3\n", "seed: 3\nseed: 4\n"), encoding="utf-8")
    refused(p, hexwar.load_record, "'seed'", "twice")


def test_record_option_given_as_text_is_refused(tmp_path):
    p = a_record(tmp_path)
    d = yaml.safe_load(p.read_text(encoding="utf-8"))
    d["options"] = {"no_axis_replacements": "false"}
    p.write_text(yaml.safe_dump(d), encoding="utf-8")
    refused(p, hexwar.load_record, "true or false")


def test_autosave_failure_is_reported_not_raised(tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=3)
    blocker = tmp_path / "file"
    blocker.write_text("x")
    game.autosave_path = blocker / "autosave.yaml"  # a folder that cannot exist
    game.apply("place SU-5A 0705")
    assert game.autosave_error is not None and len(game.actions) == 1


# --- map sheets with their own hex ids (Black Wednesday: B34.16) ---------------------------------
BW_MAPS = sorted((REPO / "maps").glob("black-wednesday-?.tmx"))
BW_KINDS = ("rail", "road_primary", "road_secondary", "road_tertiary", "izhora_river", "at_ditch")


@pytest.fixture
def bwdir(tmp_path):
    for f in (REPO / "maps").glob("black-wednesday-*"):
        shutil.copy(f, tmp_path / f.name)
    return tmp_path


def bw_sheet(bwdir: Path, letter: str, edit) -> Path:
    p = bwdir / f"black-wednesday-{letter}.tmx"
    p.write_text(edit(p.read_text(encoding="utf-8")), encoding="utf-8")
    return p


def load_bw(p):
    return load_board(p, None, BW_KINDS)


def test_sheet_with_a_bad_hex_id_scheme(bwdir):
    p = bw_sheet(bwdir, "b", lambda t: t.replace('value="sheets A:36 B:36"', 'value="sheets A36 B36"'))
    refused(p, load_bw, "hex_ids", "LETTER:COLUMNS")


def test_sheet_without_or_with_an_unknown_sheet_letter(bwdir):
    p = bw_sheet(bwdir, "b", lambda t: t.replace('name="sheet" value="B"', 'name="sheet" value="C"'))
    refused(p, load_bw, "sheet", "'C'")
    p = bw_sheet(bwdir, "a", lambda t: t.replace('name="sheet" value="A"', 'name="sheets" value="A"'))
    refused(p, load_bw, "sheet", "''")


def test_sheet_whose_width_differs_from_its_scheme(bwdir):
    p = bw_sheet(bwdir, "b", lambda t: t.replace('value="sheets A:36 B:36"', 'value="sheets A:36 B:34"'))
    refused(p, load_bw, "36 columns wide", "34")


@pytest.mark.parametrize("bad, words", [("C34.16", "no map sheet C"), ("B34.40", "columns 01..36"),
                                        ("3416", "sheet letter"), ("B00.16", "rows start")])
def test_sheet_with_a_bad_hex_id_in_an_area(bwdir, bad, words):
    p = bw_sheet(bwdir, "b", lambda t: re.sub(r'(name="hexes" value=")B\d\d\.\d\d', rf"\g<1>{bad}", t, count=1))
    refused(p, load_bw, "bad hex id", words)


def test_sheet_area_naming_a_hex_of_the_other_sheet(bwdir):
    # areas list the sheet's own hexes; only a hexside may reach across the seam
    p = bw_sheet(bwdir, "b", lambda t: re.sub(r'(name="hexes" value=")B\d\d\.\d\d', r"\g<1>A10.10", t, count=1))
    refused(p, load_bw, "off the map", "A10.10")


def test_sheet_hexside_between_hexes_that_do_not_touch(bwdir):
    p = bw_sheet(bwdir, "b", lambda t: re.sub(r'(name="hexsides" value=")[^,"]+', r"\g<1>B10.10-B12.10", t, count=1))
    refused(p, load_bw, "not adjacent", "B10.10", "B12.10")


def test_joining_sheets_that_do_not_fit(bwdir):
    from hexwar.loaders.tmx import load_sheets

    a, b = bwdir / "black-wednesday-a.tmx", bwdir / "black-wednesday-b.tmx"
    refused(b, lambda p: load_sheets([a, p, p], None, BW_KINDS), "already loaded")
    # map A lists the highway's hexside across the seam: alone in a join, it reaches nowhere
    refused(a, lambda p: load_sheets([p], None, BW_KINDS), "on no loaded sheet")
    refused(MAP, lambda p: load_sheets([p], TERRAINS), "not a map sheet")
    c = bw_sheet(bwdir, "b", lambda t: t.replace('height="62"', 'height="61"', 1))
    with pytest.raises(DataError):
        load_sheets([a, c], None, BW_KINDS)
    with pytest.raises(DataError, match="no map sheets"):
        load_sheets([], None, BW_KINDS)
