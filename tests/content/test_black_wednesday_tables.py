"""Content checks for the Black Wednesday TCS-lite tables (scenarios/black-wednesday/tables/).

The tables are read with plain yaml.safe_load, independently of any game code. The checks:

- every file loads, names itself, and every table and every entry says where it comes from
  (provenance found / rulebook / reconstructed, plus a source);
- every table is complete: each terrain has a cost for each movement class, each die-roll
  table answers every possible roll exactly once, bands are contiguous, matrices are full;
- the Command Prep Table still holds exactly the values data-kasserine-tcs.md B3 says were
  found (T1, TCS v4.01 Tables page 1), and the worked example of B3 still comes out;
- the values the Black Wednesday rulebook fixes (ratings, ammunition, Prep Log, El Bastion …)
  are still the rulebook's.

A player who replaces our reconstructed numbers with the printed charts runs this file to see
that the replacement is still complete. The design is docs/black-wednesday/tcs-lite.md.
"""
from __future__ import annotations

import re
from fractions import Fraction
from itertools import product
from pathlib import Path

import pytest
import yaml

REPO = Path(__file__).resolve().parents[2]
TABLES = REPO / "scenarios" / "black-wednesday" / "tables"
DOC = REPO / "docs" / "black-wednesday" / "tcs-lite.md"

PROVENANCES = {"found", "rulebook", "reconstructed"}
EXPECTED_FILES = {
    "air", "artillery", "command_prep", "counters", "fire", "modes", "morale",
    "reinforcements", "sequence", "terrain", "visibility", "weather",
}
HEX_ID = re.compile(r"^[AB]\d\d\.\d\d$")
ROLLS_2D6 = range(2, 13)
D66 = sorted(10 * a + b for a, b in product(range(1, 7), repeat=2))


# --------------------------------------------------------------------------
# helpers
# --------------------------------------------------------------------------
def load(name: str) -> dict:
    with open(TABLES / f"{name}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def tables(name: str) -> dict:
    return load(name)["tables"]


def walk(node, path="$"):
    """Yield (path, mapping) for every mapping in a loaded YAML tree."""
    if isinstance(node, dict):
        yield path, node
        for k, v in node.items():
            yield from walk(v, f"{path}.{k}")
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from walk(v, f"{path}[{i}]")


def entries_of(node):
    """The entries of an `entries` collection, as (key, entry) pairs."""
    if isinstance(node, dict):
        return list(node.items())
    return [(str(i), e) for i, e in enumerate(node)]


def check_bands(bands, low, high, what):
    """Bands of {min, max} (max None = open) must cover low..high exactly once, in order."""
    assert bands, f"{what}: no bands"
    expect = low
    for i, b in enumerate(bands):
        assert b["min"] <= expect, f"{what}: gap before band {i} ({b})"
        assert b["min"] == expect or (i == 0 and b["min"] < low), f"{what}: band {i} overlaps or skips ({b})"
        if b["max"] is None:
            assert i == len(bands) - 1, f"{what}: only the last band may be open-ended"
            return
        assert b["max"] >= b["min"], f"{what}: band {i} is empty"
        expect = b["max"] + 1
    assert expect > high, f"{what}: rolls {expect}..{high} are not covered"


def covering(bands, roll):
    hits = [b for b in bands if b["min"] <= roll and (b["max"] is None or roll <= b["max"])]
    assert len(hits) == 1, f"roll {roll} matched {len(hits)} bands"
    return hits[0]


def cost_ok(value, words) -> bool:
    if isinstance(value, bool):
        return False
    if isinstance(value, (int, float)):
        return value >= 0
    if isinstance(value, str):
        if value in words:
            return True
        try:
            return Fraction(value) >= 0
        except ValueError:
            return False
    return False


# --------------------------------------------------------------------------
# every file: loads, names itself, carries provenance everywhere
# --------------------------------------------------------------------------
def test_every_expected_table_file_is_there():
    present = {p.stem for p in TABLES.glob("*.yaml")}
    assert EXPECTED_FILES <= present, f"missing: {sorted(EXPECTED_FILES - present)}"


@pytest.mark.parametrize("name", sorted(EXPECTED_FILES))
def test_file_loads_with_safe_load_and_names_itself(name):
    data = load(name)
    assert isinstance(data, dict)
    assert data["meta"]["game"] == "black-wednesday"
    assert data["meta"]["table_file"] == name
    assert data["meta"]["summary"].strip()
    assert data["meta"]["replace"].strip(), "say how a player with the real chart replaces it"
    assert isinstance(data["tables"], dict) and data["tables"]


@pytest.mark.parametrize("name", sorted(EXPECTED_FILES))
def test_every_table_has_provenance_and_source(name):
    for key, table in tables(name).items():
        assert isinstance(table, dict), f"{name}.{key} is not a mapping"
        assert table.get("provenance") in PROVENANCES, f"{name}.{key}: provenance"
        assert isinstance(table.get("source"), str) and table["source"].strip(), f"{name}.{key}: source"


@pytest.mark.parametrize("name", sorted(EXPECTED_FILES))
def test_every_entry_has_provenance_and_source(name):
    for path, node in walk(load(name)):
        if "entries" in node:
            for key, entry in entries_of(node["entries"]):
                assert isinstance(entry, dict), f"{name}{path}.entries.{key} is not a mapping"
                assert entry.get("provenance") in PROVENANCES, f"{name}{path}.entries.{key}: provenance"
                assert str(entry.get("source", "")).strip(), f"{name}{path}.entries.{key}: source"
        if "provenance" in node:
            assert node["provenance"] in PROVENANCES, f"{name}{path}: provenance {node['provenance']!r}"
            assert str(node.get("source", "")).strip(), f"{name}{path}: provenance without source"


@pytest.mark.parametrize("name", sorted(EXPECTED_FILES))
def test_the_design_document_names_every_table_file(name):
    assert f"`{name}.yaml`" in DOC.read_text(encoding="utf-8")


# --------------------------------------------------------------------------
# terrain
# --------------------------------------------------------------------------
def test_terrain_every_cost_covers_every_movement_class():
    t = tables("terrain")
    classes = set(t["movement_classes"]["entries"])
    assert classes == {"foot", "tracked", "wheeled"}
    words = set(t["cost_words"]["entries"])
    checked = 0
    for path, node in walk(t):
        for key in ("cost", "along_road_cost", "cost_along_railway", "cost_off_line"):
            if key in node:
                costs = node[key]
                assert set(costs) == classes, f"terrain{path}.{key}: classes {sorted(costs)}"
                for cls, value in costs.items():
                    assert cost_ok(value, words), f"terrain{path}.{key}.{cls} = {value!r}"
                checked += 1
    assert checked >= len(t["terrain"]["entries"]) + len(t["hexsides"]["entries"])


def test_terrain_every_hex_terrain_is_fully_described():
    t = tables("terrain")
    combat = set(t["combat_classes"]["entries"])
    assert combat == {"open", "partly_protective", "protective"}
    for name, e in t["terrain"]["entries"].items():
        assert e["combat_class"] in combat, name
        assert e["spotting_class"] in combat, name
        assert isinstance(e["obstacle_height_m"], int) and e["obstacle_height_m"] >= 0, name
        assert isinstance(e["los_obstacle"], bool), name
        assert isinstance(e["vantage"], bool), name
    for name, e in t["combat_classes"]["entries"].items():
        for key in ("area_fire_shift", "point_to_hit_mod", "at_kill_mod"):
            assert isinstance(e[key], int), f"{name}.{key}"


def test_terrain_rulebook_facts():
    t = tables("terrain")
    terrain, features = t["terrain"]["entries"], t["hex_features"]["entries"]
    assert terrain["hospital"]["cost"]["tracked"] == "P" == terrain["hospital"]["cost"]["wheeled"]   # 1.1e
    assert terrain["hospital"]["vantage"] is False                                                     # 1.1e
    assert terrain["mill"]["vehicle_entry_from"] == "A26.23"                                           # 1.1f
    assert terrain["peat_bog"]["spotting_class"] == "open"                                             # 1.1g
    assert terrain["peat_bog"]["los_obstacle"] is False                                                # 1.1g
    assert features["trench"]["non_vehicle_extra_shift"] == -2                                         # 1.3a
    assert features["el_bastion"]["non_vehicle_extra_shift"] == -4                                     # 1.6
    assert features["el_bastion"]["hexes"] == ["B32.06", "B33.07"]                                     # 1.6
    assert features["crash_site"]["hexes"] == ["A46.20"]                                               # 1.1d
    assert features["rr_embankment"]["ground_elevation_m"] == 80                                       # 1.2a
    assert features["rr_embankment"]["vehicle_stacking_max"] == 2                                      # 1.2d
    assert features["rr_embankment"]["cost_off_line"]["tracked"] == "all_ma"                           # 1.2c
    assert features["rr_embankment"]["cost_off_line"]["wheeled"] == "P"                                # 1.2c
    for state in ("wire_intact", "wire_partially_breached"):                                           # 1.4a
        assert set(features[state]["cost"].values()) == {"P"}
    assert features["wire_fully_breached"]["becomes"] == "open"                                        # 1.4a
    for hexes in (features["el_bastion"]["hexes"], features["crash_site"]["hexes"]):
        assert all(HEX_ID.match(h) for h in hexes)


# --------------------------------------------------------------------------
# fire
# --------------------------------------------------------------------------
AREA_SEVERITY = ["-", "M", "1", "2", "3", "4"]


def test_area_fire_columns_are_contiguous_firepower_bands():
    af = tables("fire")["area_fire"]
    cols = af["columns"]
    assert [c["column"] for c in cols] == list(range(1, len(cols) + 1))
    check_bands(cols, 1, 1000, "area fire columns")


def test_area_fire_table_answers_every_roll_in_every_column():
    af = tables("fire")["area_fire"]
    ncols = len(af["columns"])
    assert af["dice"] == "2d6"
    assert sorted(af["rows"]) == list(ROLLS_2D6)
    codes = set(af["result_codes"])
    assert codes == set(AREA_SEVERITY)
    for roll, row in af["rows"].items():
        assert len(row) == ncols, f"row {roll}"
        assert set(row) <= codes, f"row {roll}"
        sev = [AREA_SEVERITY.index(r) for r in row]
        assert sev == sorted(sev), f"row {roll}: more firepower must never do less"
    for c in range(ncols):
        sev = [AREA_SEVERITY.index(af["rows"][r][c]) for r in ROLLS_2D6]
        assert sev == sorted(sev), f"column {c + 1}: a higher roll must never do less"


def test_area_fire_shifts_have_values():
    for name, e in tables("fire")["area_fire_shifts"]["entries"].items():
        assert "shift" in e, name
    shifts = tables("fire")["area_fire_shifts"]["entries"]
    assert shifts["trench"]["shift"] == -2          # 1.3a
    assert shifts["el_bastion"]["shift"] == -4      # 1.6
    assert shifts["mounted_cavalry"]["shift"] == 1  # 2.6
    assert shifts["assault_trained"]["shift"] == 1  # 1.12


def test_point_fire_bands_reach_full_range_and_get_harder():
    pf = tables("fire")["point_fire"]
    fractions = [Fraction(str(b["max_fraction_of_range"])) for b in pf["to_hit"]]
    needs = [b["need"] for b in pf["to_hit"]]
    assert fractions == sorted(fractions) and fractions[-1] == 1
    assert needs == sorted(needs) and all(2 <= n <= 12 for n in needs)
    for name, e in tables("fire")["point_fire_modifiers"]["entries"].items():
        assert "mod" in e, name


# --------------------------------------------------------------------------
# morale
# --------------------------------------------------------------------------
MORALE_SEVERITY = ["-", "S", "P", "SYR", "X"]


def test_morale_table_answers_every_roll_for_every_morale_1_to_13():
    mt = tables("morale")["morale_table"]
    assert mt["columns"] == list(range(1, 14))        # 13 columns: FOUND (T3)
    assert sorted(mt["rows"]) == list(ROLLS_2D6)
    assert set(mt["result_codes"]) == set(MORALE_SEVERITY)
    for roll, row in mt["rows"].items():
        assert len(row) == 13, f"row {roll}"
        sev = [MORALE_SEVERITY.index(r) for r in row]
        assert sev == sorted(sev), f"row {roll}: worse morale must never do better"
    for c in range(13):
        sev = [MORALE_SEVERITY.index(mt["rows"][r][c]) for r in ROLLS_2D6]
        assert sev == sorted(sev), f"column {c + 1}: a higher roll must never do better"


def test_syr_table_covers_every_score():
    syr = tables("morale")["syr_table"]
    check_bands(syr["bands"], 2 + 1, 12 + 13, "SYR table")


def test_battalion_morale_found_values():
    bm = tables("morale")["battalion_morale"]["entries"]
    assert bm["increase_4_5"]["value"] == 1 and bm["increase_4_5"]["provenance"] == "found"
    assert bm["increase_6"]["value"] == 2 and bm["increase_6"]["provenance"] == "found"


# --------------------------------------------------------------------------
# Command Prep Table: the found values (data-kasserine-tcs.md B3, from T1)
# --------------------------------------------------------------------------
FOUND_THRESHOLDS = {
    "prepared_defense": [1, 12, 18, 24, 30, 36, 42, 49, 56, 63, 71],
    "attack":           [1, 6, 9, 12, 16, 22, 28, 34, 42, 52, 61],
    "hasty_defense":    [1, 3, 6, 9, 12, 17, 22, 26, 32, 40, 45],
    "move":             [1, 2, 4, 6, 8, 12, 15, 18, 22, 28, 34],
}
FOUND_ROWS = {
    1: ["61", "52", "44", "35", "32", "24", "24", "21", "14", "12", "11"],
    2: ["63", "56", "52", "44", "35", "32", "25", "22", "21", "14", "12"],
    3: ["64", "63", "55", "52", "44", "35", "31", "26", "24", "21", "14"],
    4: ["65", "64", "63", "55", "52", "44", "36", "32", "31", "24", "21"],
    5: ["66", "65", "64", "62", "56", "52", "45", "42", "34", "32", "24"],
    6: ["-", "65", "65", "64", "62", "56", "52", "46", "43", "34", "32"],
    7: ["-", "-", "65", "65", "64", "62", "56", "53", "51", "44", "35"],
    8: ["-", "-", "-", "65", "65", "63", "62", "56", "54", "52", "46"],
}


def cpt():
    return tables("command_prep")["command_prep_table"]


def test_command_prep_thresholds_are_the_found_ones():
    th = cpt()["thresholds"]
    assert set(th) == set(FOUND_THRESHOLDS)
    for kind, values in FOUND_THRESHOLDS.items():
        assert th[kind]["values"] == values, kind
        assert th[kind]["provenance"] == "found", kind


def test_command_prep_rows_1_to_8_are_the_found_ones():
    rows = cpt()["rows"]
    for rating, values in FOUND_ROWS.items():
        assert rows[rating]["values"] == values, f"row {rating}"
        assert rows[rating]["provenance"] == "found", f"row {rating}"


def test_command_prep_row_9_is_marked_reconstructed():
    assert cpt()["rows"][9]["provenance"] == "reconstructed"   # cut off in T1 (B3 note)


def test_command_prep_table_is_complete_and_ordered():
    t = cpt()
    assert t["dice"] == "d66"
    assert sorted(t["rows"]) == list(range(1, 10))
    for kind, th in t["thresholds"].items():
        v = th["values"]
        assert len(v) == 11 and v == sorted(set(v)), kind
    order = lambda cell: 99 if cell == "-" else int(cell)   # noqa: E731  "-" = impossible
    for rating, row in t["rows"].items():
        cells = row["values"]
        assert len(cells) == 11, f"row {rating}"
        for cell in cells:
            assert cell == "-" or int(cell) in D66, f"row {rating}: {cell!r} is not an 11-66 roll"
        assert [order(c) for c in cells] == sorted((order(c) for c in cells), reverse=True), \
            f"row {rating}: more weighted turns must never make it harder"
    for col in range(11):
        column = [order(t["rows"][r]["values"][col]) for r in range(1, 10)]
        assert column == sorted(column), f"column c{col + 1}: a worse rating must never make it easier"


def implementation_need(rating: int, kind: str, weighted_turns: int) -> str | None:
    t = cpt()
    reached = [i for i, need in enumerate(t["thresholds"][kind]["values"]) if weighted_turns >= need]
    if not reached:
        return None
    return t["rows"][min(rating, 9)]["values"][reached[-1]]


def test_command_prep_worked_example_from_b3():
    ex = cpt()["worked_example"]
    assert (ex["rating"], ex["type"], ex["weighted_turns"], ex["column"], ex["need"]) == (5, "attack", 27, 6, "52")
    assert implementation_need(5, "attack", 27) == "52"       # Scen. 4, 63 Gd, 27 weighted turns
    assert implementation_need(3, "attack", 15) == "52"       # a pre-drawn Spanish sheet (1.10k)
    assert implementation_need(7, "move", 0) is None          # no weighted turns, no roll


def test_weighted_turn_accrual_is_the_found_one():
    acc = tables("command_prep")["weighted_turn_accrual"]["entries"]
    assert acc["unassigned"]["per_turn"] == 3
    assert acc["assigned"]["per_turn"] == 2
    assert acc["night"]["per_turn"] == 2
    assert acc["in_contact"]["per_turn"] == 1
    assert acc["vehicle_sheet"]["multiplier"] == 3
    assert acc["pre_drawn"]["start"] == 15                     # 1.10k


def test_command_ratings_are_the_rulebooks():
    r = tables("command_prep")["ratings"]["entries"]
    assert r["soviet_63_gd"]["rating"] == 5                    # 2.1d
    assert r["soviet_other"]["rating"] == 7                    # 2.1d
    assert r["spanish"]["rating"] == 3                         # 3.1c
    assert r["german"]["rating"] == 2                          # 3.1c
    assert r["spanish_grandes"]["rating"] == 2                 # 4.6
    assert tables("command_prep")["soviet_special"]["entries"]["looting"]["limit_hexes"] == 5   # 2.1f


def test_every_order_type_is_a_command_prep_column():
    ct = tables("command_prep")
    assert set(ct["order_types"]["entries"]) == set(ct["command_prep_table"]["thresholds"])


# --------------------------------------------------------------------------
# artillery
# --------------------------------------------------------------------------
def test_adjustment_lines_cover_every_distance():
    adj = tables("artillery")["adjustment"]
    assert set(adj["lines"]) == {"german", "soviet"}
    for line, spec in adj["lines"].items():
        check_bands(spec["bands"], 0, 200, f"adjustment {line} line")
        needs = [b["need"] for b in spec["bands"]]
        assert needs == sorted(needs) and all(2 <= n <= 12 for n in needs), line
    for d in range(0, 60):
        german = covering(adj["lines"]["german"]["bands"], d)["need"]
        soviet = covering(adj["lines"]["soviet"]["bands"], d)["need"]
        assert soviet >= german, f"distance {d}"


def test_scatter_tables_answer_every_die_roll():
    sc = tables("artillery")["scatter"]
    assert sorted(sc["direction_d6"]) == list(range(1, 7))
    assert len(set(sc["direction_d6"].values())) == 6
    for kind, table in sc["distance_d6"].items():
        assert sorted(table) == list(range(1, 7)), kind
        assert all(isinstance(v, int) and v >= 0 for v in table.values()), kind
        assert sc["sources"][kind]["provenance"] in PROVENANCES, kind
    assert sc["distance_d6"]["dora"] == {r: r - 1 for r in range(1, 7)}   # 4.7: one die minus one


def test_prep_roll_answers_every_die_roll_once():
    roll = tables("artillery")["prep"]["entries"]["shoot_roll"]
    assert sorted(roll["bad"] + roll["good"]) == list(range(1, 7))
    assert roll["bad"] == [1, 2, 3] and roll["good"] == [4, 5, 6]          # 2.4d


def test_prep_log_is_complete_and_matches_its_columns():
    art = tables("artillery")
    log = art["prep_log_historical"]
    cols = log["columns"]
    assert set(cols) == set(art["prep_log_columns"]["entries"])
    assert list(log["turns"]) == ["0600", "0620", "0640", "0700", "0720", "0740", "0800", "0820"]
    for turn, targets in log["turns"].items():
        assert len(targets) == len(cols), turn
        for col, hex_id in zip(cols, targets):
            if col.startswith("katyusha") and turn not in ("0600", "0620", "0820"):
                assert hex_id == "-", f"{turn} {col}: Katyushas fire only on the logged turns"
            else:
                assert HEX_ID.match(hex_id), f"{turn} {col}: {hex_id!r}"
    for col, e in art["prep_log_columns"]["entries"].items():
        assert set(e["scenarios"]) <= {1, 2, 3} and 3 in e["scenarios"], col


def test_barrage_values_cover_every_calibre_used():
    art = tables("artillery")
    values = art["barrage_values"]["entries"]
    used = {b["calibre"] for b in art["availability"]["soviet_battalions"]}
    used |= {b["calibre"] for b in art["availability"]["axis_battalions"]}
    used |= {e["calibre"] for e in art["prep_log_columns"]["entries"].values() if e["kind"] == "gun"}
    used |= {e["calibre"] for e in art["ammo_reinforcements"]["entries"].values() if e["calibre"].endswith("mm")}
    assert used <= set(values), f"no barrage value for {sorted(used - set(values))}"
    assert values["katyusha"]["mission"] == 6                  # 2.4g
    assert values["dora"]["mission"] == 151                    # 4.7


def test_ammunition_reinforcements_are_the_rulebooks():
    e = tables("artillery")["ammo_reinforcements"]["entries"]
    got = {k: (v["HE"], v["Smoke"], v["Illum"]) for k, v in e.items()}
    assert got == {
        "soviet_0500_feb11_76mm": (50, 20, 0),      # 2.3c
        "soviet_0500_feb11_122mm": (20, 5, 0),      # 2.3c
        "spanish_0500_feb11_105mm": (20, 20, 0),    # 3.2c
        "spanish_0500_feb11_150mm": (50, 20, 0),    # 3.2c
        "german_0500_feb11_105mm": (100, 20, 0),    # 3.2c
        "german_0500_feb11_150mm": (120, 15, 0),    # 3.2c
        "german_battery_released": (20, 4, 1),      # 3.5a
    }


# --------------------------------------------------------------------------
# weather, visibility, air, reinforcements
# --------------------------------------------------------------------------
def test_weather_table_answers_every_modified_roll():
    w = tables("weather")
    top = 12 + max(e["value"] for e in w["modifiers"]["entries"].values())
    check_bands(w["weather_table"]["bands"], 2, top, "weather table")
    states = w["states"]["entries"]
    for b in w["weather_table"]["bands"]:
        assert b["result"] in states
    assert "clear" in states and "snow" in states              # 1.8
    assert [s for s, e in states.items() if e["air_sorties"]] == ["clear"]   # 1.9
    for s, e in states.items():
        assert isinstance(e["visibility_limit"], int) and e["visibility_limit"] > 0, s


def turn_times():
    """Every time on the turn record track: 20-minute turns 0600-1740, hourly 1800-0500 (B9)."""
    day = [h * 60 + m for h in range(6, 18) for m in (0, 20, 40)]
    night = [h * 60 for h in list(range(18, 24)) + list(range(0, 6))]
    return day + night


def minutes(hhmm: str) -> int:
    return int(hhmm[:2]) * 60 + int(hhmm[2:])


def in_period(t: int, start: int, end: int) -> bool:
    return start <= t <= end if start <= end else (t >= start or t <= end)


def test_every_turn_falls_in_exactly_one_light_period():
    v = tables("visibility")
    periods = v["periods"]["entries"]
    for t in turn_times():
        hits = [n for n, p in periods.items() if in_period(t, minutes(p["from"]), minutes(p["to"]))]
        assert len(hits) == 1, f"{t // 60:02d}{t % 60:02d} is in {hits}"
    for n, p in periods.items():
        assert p["kind"] in {"day", "twilight", "night"}, n
        assert isinstance(p["visibility_limit"], int) and p["visibility_limit"] > 0, n
    # scenario turn counts (B9): 0600-1740 is 36 turns, 1800-0500 is 12
    assert len([t for t in turn_times() if 6 * 60 <= t <= 17 * 60 + 40]) == 36
    assert len([t for t in turn_times() if t >= 18 * 60 or t <= 5 * 60]) == 12


def test_spotting_ranges_cover_every_combat_class():
    classes = set(tables("terrain")["combat_classes"]["entries"])
    ranges = tables("visibility")["spotting_ranges"]["entries"]
    assert set(ranges) == classes
    assert ranges["open"]["hexes"] >= ranges["partly_protective"]["hexes"] >= ranges["protective"]["hexes"] >= 1


def test_air_sortie_table_answers_every_11_66_roll_once():
    bands = tables("air")["sortie_table"]["bands"]
    for roll in D66:
        covering(bands, roll)
    for b in bands:
        assert b["min"] in D66 and b["max"] in D66


def test_variable_reinforcement_tables_answer_every_roll():
    r = tables("reinforcements")
    check_bands(r["spanish_table"]["bands"], 2, 12, "Spanish table")
    top = 12 + sum(m["value"] for m in r["german_table"]["modifiers"])
    check_bands(r["german_table"]["bands"], 2, top, "German table")
    assert {b["result"] for b in r["german_table"]["bands"]} - {"none"} == set(r["german_table"]["results"])
    check_bands(r["soviet_14_rgt"]["bands"], 2, 12, "14 Rgt roll")
    assert [b["result"] for b in r["soviet_14_rgt"]["bands"] if b["min"] >= 11] == ["release"]   # 2.7: 11 or 12
    assert r["entry_areas"]["entries"]["spanish"]["value"] == ["A", "B", "C", "D"]               # 1.10h
    assert r["entry_areas"]["entries"]["german"]["value"] == ["E", "F", "G", "H"]                # 1.10h


def test_historical_german_schedule_is_in_time_order():
    sched = tables("reinforcements")["historical_german_schedule"]["entries"]
    order = [(0 if e["at"].endswith("Feb 10") else 1, int(e["at"][:4])) for e in sched]
    assert order == sorted(order)
    assert len(sched) == 9                                                                   # 4.3


# --------------------------------------------------------------------------
# sequence, modes, counters
# --------------------------------------------------------------------------
def test_sequence_phases_are_complete():
    phases = tables("sequence")["turn"]["phases"]
    ids = [p["id"] for p in phases]
    assert ids == ["command", "aircraft", "initiative", "first_action", "second_action", "clean_up"]
    for p in phases:
        assert p["provenance"] in PROVENANCES and p["source"].strip(), p["id"]
        assert p["steps"], p["id"]
        step_ids = [s["id"] for s in p["steps"]]
        assert len(step_ids) == len(set(step_ids)), p["id"]
        for s in p["steps"]:
            assert s["provenance"] in PROVENANCES and str(s["source"]).strip(), f"{p['id']}.{s['id']}"


def test_modes_are_move_and_fire():
    assert set(tables("modes")["modes"]["entries"]) == {"move", "fire"}      # T3


def test_every_unit_type_is_playable():
    classes = set(tables("terrain")["movement_classes"]["entries"])
    for name, u in tables("counters")["unit_types"]["entries"].items():
        assert u["steps"] in (1, 2, 5), name
        assert u["target"] in ("A", "B"), name
        assert u["move_class"] in classes, name
        assert isinstance(u["ma"], int) and u["ma"] > 0, name
        assert isinstance(u["area_fp"], int) and u["area_fp"] >= 0, name
        if u["area_fp"]:
            assert u["area_range"] >= 1, name
        if "at_attack" in u:
            assert u["at_range"] >= 1 and u.get("point_target"), name
        if u["target"] == "B":
            assert isinstance(u["defense"], int) and u["steps"] == 1, name
            assert "morale" not in u, name
        else:
            assert u["morale"] == "division" or 1 <= u["morale"] <= 13, name
        if u.get("tow"):
            assert u["ma"] == 8 and u["move_class"] == "foot", name              # 1.11a
