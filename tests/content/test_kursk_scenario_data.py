"""Content checks for the Battle for Kursk scenario data (scenarios/battle-for-kursk/).

The scenarios are read with plain yaml.safe_load and checked against the rulebook
and against the map (maps/battle-for-kursk.tmx, read with hexwar's TMX loader):

- the counter mix: 101 units and 13 markers (3.4), unique ids, the unit classes of
  3.3, reduced = half the full value rounded down, the movement allowances 3.3 and
  the movement examples fix, formation colours (3.3, 9.2.1);
- the set-up (6.0, 8.2.2): every set-up hex is on the map, on land, on its own side
  of the Start Line, one unit per hex; the starting faces of 6.0;
- every unit the rulebook names exists with what the rulebook says of it;
- provenance everywhere;
- the turn track (4.0, 10.6, 11.0, 11.3), the posture table (12.0), the
  fortification belts (map zones), victory (5.0), the Strategic Objective (12.1);
- the Kursk Short Scenario (4.0) differs from the full game exactly as the rule says.

Every test name starts with the number of the rule it protects. The schema and the
reconstruction choices are in docs/battle-for-kursk/scenario-data.md.
"""
from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
import yaml

from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.loaders.tmx import load_board

REPO = Path(__file__).resolve().parents[2]
SCEN = REPO / "scenarios" / "battle-for-kursk"
FULL_PATH = SCEN / "full.yaml"
SHORT_PATH = SCEN / "short.yaml"
TMX = REPO / "maps" / "battle-for-kursk.tmx"
DOC = REPO / "docs" / "battle-for-kursk" / "scenario-data.md"

PROVENANCES = {"rulebook", "found", "reconstructed"}
TURNS = ["A", "B", "C", "D", "1", "2", "3", "4", "5", "6", "7", "8"]
SIDES = {"german", "russian"}
TYPES = {"german": {"infantry", "panzer"}, "russian": {"infantry", "shock", "guards", "tank"}}
KIND_OF_TYPE = {"infantry": "infantry", "shock": "infantry", "panzer": "armor", "guards": "armor", "tank": "armor"}
# Movement allowances: Russian ones from 3.3 and movement examples 1-2; German
# ones reconstructed (Battle for Moscow), but every unit of a type must agree.
MA = {("russian", "infantry"): 4, ("russian", "shock"): 4, ("russian", "guards"): 5,
      ("russian", "tank"): 6, ("german", "infantry"): 4, ("german", "panzer"): 6}
POSTURES = ["pause", "reposition", "deploy", "engage"]
# Hexes of the map whose area is mostly sea (docs/maps/battle-for-kursk.md,
# "The sea"): the map has no water terrain, so a unit must simply not start there.
MOSTLY_SEA = {"2424", "2524", "2224"}


# --------------------------------------------------------------------------
# fixtures
# --------------------------------------------------------------------------
def _load(path):
    with open(path, encoding="utf-8") as f:
        return yaml.safe_load(f)


@pytest.fixture(scope="module")
def full():
    return _load(FULL_PATH)


@pytest.fixture(scope="module")
def short_raw():
    return _load(SHORT_PATH)


@pytest.fixture(scope="module")
def short(full, short_raw):
    """short.yaml resolved as its header says: full.yaml with whole top-level keys replaced."""
    assert short_raw["extends"] == FULL_PATH.name
    merged = dict(full)
    merged.update({k: v for k, v in short_raw.items() if k != "extends"})
    return merged


@pytest.fixture(scope="module")
def board(full):
    ml = full["map_loader"]
    return load_board(str(REPO / "maps" / full["map"]), ml["terrain"], feature_kinds=ml["feature_kinds"])


@pytest.fixture(scope="module")
def units(full):
    return full["units"]


@pytest.fixture(scope="module")
def by_id(units):
    return {u["id"]: u for u in units}


@pytest.fixture(scope="module")
def turns(full):
    return {t["turn"]: t for t in full["turn_track"]}


def region_names(board):
    return {name: {hex_name(h) for h in hexes} for name, hexes in board.regions.items()}


def place_hex(board, name):
    p = board.place_named(name)
    assert p is not None, f"{name} is not a place on the map"
    return hex_name(p.hex)


# --------------------------------------------------------------------------
# 3.0 / 3.4: the counter mix
# --------------------------------------------------------------------------
def test_3_4_one_hundred_one_units_and_thirteen_markers(full, units):
    assert len(units) == 101
    assert len(full["markers"]) == 13
    assert full["pieces"] == {"total": 114, "markers": 13, "units": 101, "rule": "3.0, 3.4"}
    assert len(units) + len(full["markers"]) == 114


def test_3_4_the_thirteen_markers_are_the_rule_set(full):
    names = Counter(m["name"] for m in full["markers"])
    assert names == Counter({
        "Game Turn": 1, "Victory Points": 1, "Strategic Objective": 1,
        "German Previous Turn Posture": 1, "German Current Turn Posture": 1,
        "Russian Previous Turn Posture": 1, "Russian Current Turn Posture": 1,
        "German Offensive": 3, "Russian Offensive": 3,
    })
    ids = [m["id"] for m in full["markers"]]
    assert len(ids) == len(set(ids))


def test_3_3_unit_ids_are_unique_and_readable(units):
    ids = [u["id"] for u in units]
    assert len(ids) == len(set(ids))
    for uid in ids:
        assert uid == uid.strip() and " " not in uid and len(uid) <= 12, uid
        assert uid.startswith(("G-", "R-", "HU-")), uid


def test_3_3_both_sides_and_the_unit_classes(units):
    for u in units:
        assert u["side"] in SIDES, u["id"]
        assert u["type"] in TYPES[u["side"]], u["id"]
        assert u["kind"] == KIND_OF_TYPE[u["type"]], u["id"]
        assert u["size"] in {"corps", "army"}, u["id"]
        assert u["nation"] in ({"german", "hungarian"} if u["side"] == "german" else {"soviet"}), u["id"]
        assert u["name"] and u["formation"] and u["colour"], u["id"]
    by_side = Counter(u["side"] for u in units)
    assert by_side["german"] > 0 and by_side["russian"] > 0
    # Every Russian type of 3.3 is present, and so are both German classes.
    assert {u["type"] for u in units if u["side"] == "russian"} == TYPES["russian"]
    assert {u["type"] for u in units if u["side"] == "german"} == TYPES["german"]


def test_3_3_values_are_two_steps_and_reduced_is_half_rounded_down(units):
    for u in units:
        vals = u["values"]
        assert len(vals) == 2, u["id"]   # every unit has a full and a reduced side (3.3)
        (ra, rd), (fa, fd) = vals
        assert all(isinstance(v, int) and v > 0 for v in (ra, rd, fa, fd)), u["id"]
        assert ra == rd and fa == fd, f"{u['id']}: the game has one Combat Strength"
        assert ra <= fa and rd <= fd, u["id"]
        assert ra == fa // 2, f"{u['id']}: reduced {ra} is not half of {fa} rounded down"


def test_3_3_movement_allowances(units):
    for u in units:
        assert u["ma"] == MA[(u["side"], u["type"])], u["id"]


def test_3_3_guards_are_the_units_with_five_movement(units):
    """3.3: Guards units are the ones printed with a movement allowance of 5."""
    assert {u["id"] for u in units if u["ma"] == 5} == {u["id"] for u in units if u["type"] == "guards"}


def test_3_3_4th_panzer_army_and_kempf_share_blue(full, units):
    german = {f["name"]: f for f in full["formations"]["german"]}
    assert german["4th Panzer Army"]["colour"] == german["Army Detachment Kempf"]["colour"] == "blue"
    assert german["4th Panzer Army"]["provenance"] == german["Army Detachment Kempf"]["provenance"] == "rulebook"
    blue = {u["formation"] for u in units if u["side"] == "german" and u["colour"] == "blue"}
    assert blue == {"4th Panzer Army", "Army Detachment Kempf"}


def test_9_2_1_every_formation_has_one_colour_of_its_own(full, units):
    for side in SIDES:
        table = {f["name"]: f for f in full["formations"][side]}
        colours = Counter(f["colour"] for f in table.values())
        for name, f in table.items():
            assert f["provenance"] in PROVENANCES and f["source"], name
            # Only 4th Panzer Army and Kempf may share a colour (3.3).
            if colours[f["colour"]] > 1:
                assert name in {"4th Panzer Army", "Army Detachment Kempf"}, name
        for u in (u for u in units if u["side"] == side):
            assert u["formation"] in table, u["id"]
            assert u["colour"] == table[u["formation"]]["colour"], u["id"]
            if side == "german":
                assert u["army_group"] == table[u["formation"]]["army_group"], u["id"]
        used = {u["formation"] for u in units if u["side"] == side}
        assert used == set(table), f"{side}: formations without units or units without formations"


def test_9_2_1_offensives_can_be_led_on_both_sides(full, units):
    """An Offensive needs an Armor or Shock lead of the supporters' colour (9.2.1): every
    Russian Front owns one, and so does at least one army of each German army group
    on the main front (Center, South)."""
    lead = set(full["offensives"]["lead_types"])
    assert lead == {"panzer", "tank", "guards", "shock"}
    for f in full["formations"]["russian"]:
        assert any(u["type"] in lead for u in units if u["formation"] == f["name"]), f["name"]
    for group in ("Army Group Center", "Army Group South"):
        assert any(u["type"] in lead for u in units if u["side"] == "german" and u["army_group"] == group), group


# --------------------------------------------------------------------------
# 6.0 and 8.2.2: the set-up
# --------------------------------------------------------------------------
def test_6_0_every_set_up_hex_is_on_the_map(units, board):
    for u in units:
        h = parse_hex(u["setup"])
        assert h in board.terrain, f"{u['id']}: {u['setup']} is off the map"


def test_6_0_every_unit_sets_up_on_its_own_side_of_the_start_line(full, units, board):
    regions = region_names(board)
    own = {side: regions[full["sides"][side]["region"]] for side in SIDES}
    assert own["german"].isdisjoint(own["russian"])
    for u in units:
        enemy = "russian" if u["side"] == "german" else "german"
        assert u["setup"] in own[u["side"]], f"{u['id']} at {u['setup']} is not on the {u['side']} side"
        assert u["setup"] not in own[enemy], f"{u['id']} at {u['setup']} is on an enemy hex"


def test_6_0_no_unit_sets_up_on_a_sea_hex(units, board):
    for u in units:
        assert u["setup"] not in MOSTLY_SEA, u["id"]
        assert board.terrain[parse_hex(u["setup"])] in {"clear", "forest", "rough", "marsh"}, u["id"]


def test_8_2_2_one_unit_per_hex_at_set_up(full, units):
    assert full["stacking_limit"] == 1
    count = Counter(u["setup"] for u in units)
    assert [h for h, n in count.items() if n > 1] == []


def test_6_0_no_unit_starts_inside_an_enemy_fortification_belt(units, board):
    for z in board.zones:
        if z.kind != "fortification":
            continue
        hexes = {hex_name(h) for h in z.hexes}
        for u in units:
            if u["setup"] in hexes:
                assert z.props["side"] == u["side"], f"{u['id']} in the enemy {z.name}"


def test_6_0_the_front_is_held(units, board, full):
    """Set-up follows the front of 5 July 1943: both sides hold most of the hexes along
    the Start Line, and every German line hex is in or next to a German unit's hex."""
    regions = region_names(board)
    at = {u["setup"]: u for u in units}
    for side in SIDES:
        mine = regions[full["sides"][side]["region"]]
        line = {h for h in mine if any(hex_name(n) not in mine for n in board.adjacent(parse_hex(h)))}
        held = {h for h in line if h in at}
        assert len(held) >= 0.7 * len(line), f"{side}: only {len(held)} of {len(line)} line hexes held"
        for h in line - set(MOSTLY_SEA):
            near = {h} | {hex_name(n) for n in board.adjacent(parse_hex(h))}
            assert any(x in at and at[x]["side"] == side for x in near), f"{side} line hex {h} uncovered"


def test_6_0_every_russian_unit_starts_reduced(units):
    for u in units:
        if u["side"] == "russian":
            assert u["start"] == "reduced", u["id"]
            assert not u.get("setup_on_reverse"), u["id"]


def test_6_0_every_german_panzer_starts_reduced(units):
    for u in units:
        if u["side"] == "german" and u["type"] == "panzer":
            assert u["start"] == "reduced", u["id"]


def test_6_0_german_infantry_full_except_four_with_set_up_on_the_reverse(units):
    inf = [u for u in units if u["side"] == "german" and u["type"] == "infantry"]
    reduced = [u for u in inf if u["start"] == "reduced"]
    assert len(reduced) == 4
    for u in inf:
        assert u["start"] in {"full", "reduced"}, u["id"]
        assert bool(u.get("setup_on_reverse")) == (u["start"] == "reduced"), u["id"]


def test_6_0_the_russians_set_up_first(full):
    assert full["setup_order"] == ["russian", "german"]
    assert full["setup_adjustments"] == []


# --------------------------------------------------------------------------
# Units named by the rulebook (examples of 8.0, 9.0, 10.0)
# --------------------------------------------------------------------------
# name used in the rules -> (unit id, side, checks); the checks are what the text says.
RULE_NAMED = {
    "39th": ("G-XXXIX-PZ", "german", {"kind": "armor", "reduced": 5}),             # combat ex. 5-6
    "52nd": ("G-LII", "german", {}),                                               # movement ex. 2
    "53rd": ("G-LIII", "german", {"either_side": 4}),                              # combat ex. 4
    "56th": ("G-LVI-PZ", "german", {}),                                            # movement ex. 1
    "59th": ("G-LIX", "german", {}),                                               # combat ex. 2
    "6th": ("G-VI", "german", {}),                                                 # combat ex. 6
    "4th Corps": ("G-IV", "german", {"kind": "infantry"}),                         # replacement ex.
    "2nd Infantry": ("G-XIII", "german", {"kind": "infantry"}),                    # movement ex. 2
    "50th": ("R-50A", "russian", {"kind": "infantry", "ma": 4}),                   # movement ex. 1
    "63rd": ("R-63A", "russian", {"kind": "infantry", "ma": 4}),                   # movement ex. 1
    "48th": ("R-48A", "russian", {}),                                              # combat ex. 4
    "60th": ("R-60A", "russian", {}),                                              # combat ex. 4
    "11th Guard": ("R-11GA", "russian", {}),                                       # combat ex. 4
    "1st Guard": ("R-1GA", "russian", {"kind": "armor", "ma": 5}),                 # movement ex. 1
    "5th Guard": ("R-5GTA", "russian", {"kind": "armor", "ma": 6}),                # movement ex. 2
    "4th Shock": ("R-4SA", "russian", {"type": "shock", "kind": "infantry"}),      # combat ex. 6
    "68th": ("R-68A", "russian", {}),                                              # combat ex. 6
}


@pytest.mark.parametrize("rule_name", sorted(RULE_NAMED))
def test_rulebook_examples_every_named_unit_exists_as_the_rules_describe_it(rule_name, by_id):
    uid, side, checks = RULE_NAMED[rule_name]
    assert uid in by_id, f"the rules' {rule_name} ({uid}) is missing"
    u = by_id[uid]
    assert u["side"] == side
    assert u["provenance"]["identity"] == "rulebook"
    assert any(rule_name in n for n in u.get("rulebook_names", [])), uid
    if "kind" in checks:
        assert u["kind"] == checks["kind"]
    if "type" in checks:
        assert u["type"] == checks["type"]
    if "ma" in checks:
        assert u["ma"] == checks["ma"]
    if "reduced" in checks:
        assert u["values"][0][0] == checks["reduced"]
    if "either_side" in checks:
        assert checks["either_side"] in (u["values"][0][0], u["values"][1][0])


def test_10_3_the_two_german_6th_infantry_pieces_of_the_replacement_example(units):
    """The replacement example shows two reduced German '6th' infantry pieces and the
    4th Corps in the south (Stalino, Mariupol, Taganrog): two 6th Army corps start
    reduced there, and the 4th Corps belongs to the same army."""
    sixth = [u for u in units if any("6th Infantry Corps" in n for n in u.get("rulebook_names", []))]
    assert len(sixth) == 2
    for u in sixth:
        assert u["formation"] == "6th Army" and u["type"] == "infantry" and u["start"] == "reduced"
    assert next(u for u in units if u["id"] == "G-IV")["formation"] == "6th Army"


def test_rule_named_values_of_the_examples_exist(units):
    """Strengths the examples print must exist on some counter of the right side."""
    g_inf = {v for u in units if u["side"] == "german" and u["type"] == "infantry"
             for v in (u["values"][0][0], u["values"][1][0])}
    g_pz = [tuple(x[0] for x in u["values"]) for u in units if u["side"] == "german" and u["type"] == "panzer"]
    g_all = {v for u in units if u["side"] == "german" for v in (u["values"][0][0], u["values"][1][0])}
    r_all = {v for u in units if u["side"] == "russian" for v in (u["values"][0][0], u["values"][1][0])}
    assert (4, 9) in g_pz                    # 9.3 EX example: a 9 panzer flips to 4
    assert {4, 3} <= g_inf                   # combat ex. 5: German infantry of 4 (reduced 2) and 3
    assert any(u["values"] == [[2, 2], [4, 4]] for u in units if u["side"] == "german" and u["type"] == "infantry")
    assert 8 in g_all                        # combat ex. 3: the German defender of Bryansk is an 8
    assert {4, 8, 10} <= r_all               # combat ex. 4-6: Russian 4, 8, 10


# --------------------------------------------------------------------------
# Provenance everywhere
# --------------------------------------------------------------------------
def test_provenance_on_every_unit(units):
    for u in units:
        p = u["provenance"]
        assert set(p) == {"identity", "values", "ma", "formation", "setup", "start"}, u["id"]
        assert set(p.values()) <= PROVENANCES, u["id"]
        assert isinstance(u["source"], str) and len(u["source"]) > 40, u["id"]
        assert "set-up:" in u["source"], u["id"]
        if p["identity"] == "rulebook":
            assert u.get("rulebook_names"), u["id"]


def test_provenance_on_every_marker_turn_and_table(full, short_raw):
    for m in full["markers"] + short_raw["markers"]:
        assert m["provenance"] in PROVENANCES and m["source"] and m["rule"], m["id"]
    for t in full["turn_track"]:
        p = t["provenance"]
        assert set(p) == {"date", "mud", "replacements", "offensives_added", "fortifications", "historical_posture"}
        flat = [v for k, v in p.items() if k != "replacements"] + list(p["replacements"].values())
        assert set(flat) <= PROVENANCES, t["turn"]
        assert set(p["replacements"]) == SIDES, t["turn"]
        assert t["source"], t["turn"]
    for key in ("offensives", "postures", "mud_roll", "control"):
        assert full[key]["provenance"] in PROVENANCES, key
    assert set(full["victory"]["provenance"].values()) <= PROVENANCES
    assert set(full["strategic_objective"]["provenance"].values()) <= PROVENANCES
    for a in short_raw["setup_adjustments"]:
        assert a["provenance"] in PROVENANCES and a["source"]


# --------------------------------------------------------------------------
# 4.0, 10.6, 11.0: the turn track
# --------------------------------------------------------------------------
def test_4_0_twelve_turns_in_order(full):
    assert full["turns"] == TURNS
    assert [t["turn"] for t in full["turn_track"]] == TURNS
    assert full["start_turn"] == "A" and full["last_turn"] == "8"
    dates = [t["date"] for t in full["turn_track"]]
    assert dates == sorted(dates) and len(set(dates)) == 12
    assert all(d.startswith("1943-") for d in dates)


def test_4_0_the_dates_of_the_designers_notes(turns):
    found = {"A": "1943-03-18", "B": "1943-04-12", "C": "1943-05-03", "D": "1943-06-12",
             "1": "1943-07-05", "2": "1943-07-12"}
    for turn, date in found.items():
        assert turns[turn]["date"] == date
        assert turns[turn]["provenance"]["date"] == "rulebook"


def test_4_0_regular_turns_last_two_to_four_weeks(turns):
    from datetime import date
    days = [date.fromisoformat(turns[b]["date"]) - date.fromisoformat(turns[a]["date"])
            for a, b in zip(TURNS[4:], TURNS[5:])]
    assert all(7 <= d.days <= 28 for d in days), days


def test_11_0_mud_on_turns_a_c_and_7(turns):
    assert {t for t, v in turns.items() if v["mud"]} == {"A", "C", "7"}


def test_11_3_optional_mud_roll_table(full):
    mr = full["mud_roll"]
    assert mr["optional"] is True and mr["rule"] == "11.3"
    assert mr["rolls"] == {"A": [1, 2, 3], "B": [1, 2], "C": [1], "D": [], "1": [], "2": [], "3": [],
                           "4": [], "5": [], "6": [1], "7": [1, 2], "8": [1, 2, 3]}


def test_10_6_found_replacements_of_turns_1_and_2(turns):
    assert turns["1"]["replacements"] == {"german": {"irp": 1, "arp": 7}, "russian": {"irp": 3, "arp": 2}}
    assert turns["1"]["provenance"]["replacements"] == {"german": "rulebook", "russian": "rulebook"}
    assert turns["2"]["replacements"]["german"] == {"irp": 1, "arp": -1}
    assert turns["2"]["provenance"]["replacements"]["german"] == "rulebook"


def test_10_6_the_worked_example_comes_out(full, turns):
    """10.6: turn 1, German Engage and Russian Deploy give German 0 IRP / 6 ARP and
    Russian 3 IRP / 0 ARP; turn 2 with German Engage gives -2 ARP."""
    mods = full["postures"]["modifiers"]

    def net(turn, side, posture):
        r, m = turns[turn]["replacements"][side], mods[side][posture]
        return r["irp"] + m["irp"], r["arp"] + m["arp"]

    assert net("1", "german", "engage") == (0, 6)
    assert net("1", "russian", "deploy") == (3, 0)
    assert net("2", "german", "engage") == (0, -2)


def test_10_6_only_the_germans_get_negative_scheduled_replacements(turns):
    neg = {(t, s) for t, v in turns.items() for s in SIDES for k in ("irp", "arp") if v["replacements"][s][k] < 0}
    assert neg and all(s == "german" for _, s in neg)
    for v in turns.values():
        for s in SIDES:
            assert all(isinstance(x, int) for x in v["replacements"][s].values())


def test_4_0_offensive_markers_never_more_than_three(full, turns):
    off = full["offensives"]
    assert off["per_side"] == 3 and off["max_available"] == 3
    assert off["start_available"] == {"german": 0, "russian": 0}
    for v in turns.values():
        for s in SIDES:
            assert 0 <= v["offensives_added"][s] <= 3


def test_12_0_posture_table(full):
    p = full["postures"]
    assert p["order"] == POSTURES
    assert p["modifiers"] == {
        "german": {"pause": {"irp": 1, "arp": 0}, "reposition": {"irp": 0, "arp": 0},
                   "deploy": {"irp": 0, "arp": -1}, "engage": {"irp": -1, "arp": -1}},
        "russian": {"pause": {"irp": 2, "arp": 0}, "reposition": {"irp": 0, "arp": 0},
                    "deploy": {"irp": 0, "arp": -2}, "engage": {"irp": -2, "arp": -2}},
    }
    assert p["phases"]["pause"] == ["replacement"]
    assert "combat" not in p["phases"]["deploy"] and "combat" in p["phases"]["engage"]
    assert "armor_rail_movement" not in p["phases"]["reposition"]
    assert p["free_step_up"] == 1 and p["extra_step_cost"] == {"offensive_markers": 1}
    assert p["emergency_reaction"]["own"] == "pause" and p["emergency_reaction"]["becomes"] == "reposition"


def test_12_0_historical_postures_of_the_designers_notes(turns):
    hist = {"A": ("pause", "pause"), "B": ("pause", "pause"), "C": ("reposition", "pause"),
            "D": ("deploy", "pause"), "1": ("engage", "reposition"), "2": ("pause", "engage")}
    for t, (g, r) in hist.items():
        assert turns[t]["historical_posture"] == {"german": g, "russian": r}


def test_9_2_fortifications_activate_as_the_map_zones_say(turns, board):
    zones = {z.name: z for z in board.zones if z.kind == "fortification"}
    named = [name for v in turns.values() for name in v["fortifications"]]
    assert sorted(named) == sorted(zones), "every belt becomes active exactly once"
    for t, v in turns.items():
        for name in v["fortifications"]:
            assert str(zones[name].props["active_from"]) == t, name
    # Combat example 5: the Moscow Belt around Velikie Luki is active in play.
    assert "Moscow Belt" in turns["A"]["fortifications"]


def test_6_0_no_reinforcements_or_withdrawals(full, units):
    for u in units:
        assert "arrives" not in u and "withdraws" not in u, u["id"]
    for t in full["turn_track"]:
        assert "reinforcements" not in t and "withdrawals" not in t


# --------------------------------------------------------------------------
# 6.0: where the markers start
# --------------------------------------------------------------------------
def _marker_starts(scn):
    return {m["id"]: m["start"] for m in scn["markers"]}


def test_6_0_markers_start_as_the_rule_says(full, board):
    s = _marker_starts(full)
    assert s["M-TURN"] == {"track": "turn", "box": "A", "face": "german"}
    assert s["M-VP"] == {"track": "vp", "box": 0, "face": "russian"}
    assert s["M-SO"]["face"] == "german" and s["M-SO"]["place"] == "Kursk" and s["M-SO"]["hex"] == "2113"
    assert place_hex(board, "Kursk") == "2113"
    assert s["M-G-POSTURE-PREV"]["box"] == "engage"
    assert s["M-R-POSTURE-PREV"]["box"] == "reposition"
    for side in ("G", "R"):
        assert [s[f"M-{side}-OFF-{i}"]["box"] for i in (1, 2, 3)] == ["expended"] * 3


# --------------------------------------------------------------------------
# 5.0: victory
# --------------------------------------------------------------------------
def test_5_0_moscow_wins_at_once_for_the_germans(full, board):
    sd = full["victory"]["sudden_death"]
    assert sd["side"] == "german" and sd["controls"] == "Moscow" and sd["when"] == "any_time"
    assert board.place_named("Moscow").kind == "major_city"
    assert full["victory"]["checked_after"] == full["last_turn"] == "8"


def test_5_0_major_city_lists_are_the_maps(full, board):
    regions = region_names(board)
    mc = full["victory"]["major_cities"]
    for key, region in (("german_side", "German side"), ("russian_side", "Russian side")):
        on_map = {p.name for h, p in board.places.items() if p.kind == "major_city" and hex_name(h) in regions[region]}
        assert set(mc[key]) == on_map, key
    # 5.0: historically the Russians took 9 major cities west of the line.
    assert len(mc["german_side"]) >= 9


def test_5_0_vp_awards(full):
    v = full["victory"]
    assert v["sign"] == {"russian": 1, "german": -1}
    assert {a["id"] for a in v["awards"]} == {"major-cities-west", "major-cities-east", "strategic-objective",
                                              "fewer-eliminated"}
    assert all(a["points"] == 1 for a in v["awards"])


def test_5_0_victory_levels_cover_every_score_once(full):
    levels = full["victory"]["levels"]
    lo, hi = -40, 40
    for vp in range(lo, hi + 1):
        hits = [lv for lv in levels
                if (lv["min"] is None or vp >= lv["min"]) and (lv["max"] is None or vp <= lv["max"])]
        assert len(hits) == 1, vp
        lv = hits[0]
        if vp > 0:
            assert lv["winner"] == "russian"
        elif vp < 0:
            assert lv["winner"] == "german"
        else:
            assert lv["winner"] is None and lv["level"] == "draw"
    # 5.0: the historical 10 VP is a Russian Strategic Victory.
    hist = full["victory"]["historical"]
    assert hist["vp"] == 10
    ten = [lv for lv in levels if (lv["min"] is None or 10 >= lv["min"]) and (lv["max"] is None or 10 <= lv["max"])][0]
    assert (ten["winner"], ten["level"]) == ("russian", "strategic") == (hist["winner"], hist["level"])


# --------------------------------------------------------------------------
# 12.1: the Strategic Objective
# --------------------------------------------------------------------------
def test_12_1_strategic_objective(full, board):
    so = full["strategic_objective"]
    assert so["start"] == {"place": "Kursk", "hex": "2113", "face": "german"}
    assert so["flip"]["move_to"] == "Kiev" and so["flip"]["face"] == "russian"
    regions = region_names(board)
    assert so["german"]["targets"] == {"region": "Russian side", "kinds": ["city", "major_city"]}
    targets = so["russian"]["targets"]
    assert {"Kiev", "Vitebsk", "Gomel"} <= set(targets)
    for name in targets:
        p = board.place_named(name)
        assert p is not None and p.kind in {"city", "major_city"}, name
        assert hex_name(p.hex) in regions["German side"], name
    assert so["award"]["points"] == 1


# --------------------------------------------------------------------------
# 4.0: the Kursk Short Scenario
# --------------------------------------------------------------------------
def test_4_0_short_scenario_starts_on_turn_1(short, full):
    assert short["scenario"] == "short" and short["start_turn"] == "1"
    assert short["turn_track"] == full["turn_track"] and short["last_turn"] == "8"
    assert short["units"] == full["units"]   # same counters, same set-up hexes


def test_4_0_short_scenario_markers(short):
    s = _marker_starts(short)
    assert s["M-TURN"] == {"track": "turn", "box": "1", "face": "german"}
    assert s["M-SO"] == {"place": "Kursk", "hex": "2113", "face": "german"}
    assert s["M-G-POSTURE-PREV"]["box"] == "deploy"
    assert s["M-R-POSTURE-PREV"]["box"] == "reposition"
    boxes = Counter((sid[2], st["box"]) for sid, st in s.items() if "-OFF-" in sid)
    assert boxes == Counter({("G", "available"): 3, ("R", "available"): 2, ("R", "expended"): 1})
    assert short["offensives"]["start_available"] == {"german": 3, "russian": 2}
    assert len(short["markers"]) == 13


def test_4_0_short_scenario_set_up_adjustments(short_raw, short, units):
    adj = short["setup_adjustments"]
    assert adj[0]["side"] == "german" and adj[0]["action"] == "all_full"
    r = adj[1]
    assert (r["side"], r["action"], r["infantry"], r["armor"]) == ("russian", "add_steps", 17, 8)
    # there are enough reduced Russian units of each class to take the steps (10.5)
    inf = sum(1 for u in units if u["side"] == "russian" and u["kind"] == "infantry")
    arm = sum(1 for u in units if u["side"] == "russian" and u["kind"] == "armor")
    assert inf >= 17 and arm >= 8
    # only the keys the short scenario changes are in short.yaml
    assert set(short_raw) == {"extends", "scenario", "title", "start_turn", "markers", "offensives",
                              "setup_adjustments"}


def test_4_0_short_scenario_equals_the_historical_pregame(full, turns, units):
    """The reconstructed turns A-D are tuned so that playing them with the historical
    postures (designer's notes) and no losses gives exactly the short scenario of 4.0:
    every German unit full, the Russians +17 IRP / +8 ARP, Offensives German 3, Russian 2."""
    mods = full["postures"]["modifiers"]
    pre = TURNS[:4]
    got = {}
    for side in SIDES:
        irp = sum(turns[t]["replacements"][side]["irp"] + mods[side][turns[t]["historical_posture"][side]]["irp"]
                  for t in pre)
        arp = sum(turns[t]["replacements"][side]["arp"] + mods[side][turns[t]["historical_posture"][side]]["arp"]
                  for t in pre)
        got[side] = (irp, arp)
    german_reduced_inf = sum(1 for u in units
                             if u["side"] == "german" and u["kind"] == "infantry" and u["start"] == "reduced")
    german_reduced_arm = sum(1 for u in units
                             if u["side"] == "german" and u["kind"] == "armor" and u["start"] == "reduced")
    assert got["german"] == (german_reduced_inf, german_reduced_arm)
    assert got["russian"] == (17, 8)
    added = {s: sum(turns[t]["offensives_added"][s] for t in pre) for s in SIDES}
    assert added == {"german": 3, "russian": 2}
    assert turns["1"]["offensives_added"] == {"german": 0, "russian": 0}


def test_docs_describe_the_scenario_data():
    text = DOC.read_text(encoding="utf-8")
    for word in ("rulebook_names", "setup_on_reverse", "setup_adjustments", "extends", "turn_track",
                 "offensives_added", "strategic_objective", "Decisions"):
        assert word in text, word
