"""The tables are data (TCS-lite §0): the engine's look-ups against the files, the Command
Prep Table against the found values (§16.3, 2.1d), and malformed files refused."""
from __future__ import annotations

import shutil
from itertools import product

import pytest

from hexwar.core.errors import DataError
from hexwar.games.black_wednesday.tables import load_tables, tables_dir

T = load_tables()


def test_tcs_8_2_firepower_columns_and_dora_extra_shifts():
    assert T.fire_column(0) == (0, 0)
    assert T.fire_column(1) == (1, 0) and T.fire_column(5) == (4, 0) and T.fire_column(10) == (6, 0)
    assert T.fire_column(40) == (11, 0) and T.fire_column(52) == (12, 0)
    assert T.fire_column(151) == (12, 4)  # 4.7 Dora: column 12 and four shifts


def test_tcs_8_2_area_fire_table_reads_score_bands_and_off_table_shifts():
    assert T.fire_result(1, 9) == "M" and T.fire_result(12, 12) == "4"
    assert T.fire_result(0, 10) == "M"  # one shift below column 1 takes 1 off the roll
    assert T.fire_result(-5, 6) == "-"  # a modified roll under 2 does nothing
    assert T.fire_result(14, 6) == T.fire_result(12, 8)  # beyond column 12 adds to the roll


def _chances(mm):
    out = {"-": 0, "S": 0, "P": 0, "SYR": 0, "X": 0}
    for a, b in product(range(1, 7), repeat=2):
        out[T.morale_result(mm, a + b)] += 1
    return {k: round(100 * v / 36) for k, v in out.items()}


def test_tcs_12_1_morale_table_chances_as_documented():
    assert _chances(3) == {"-": 83, "S": 17, "P": 0, "SYR": 0, "X": 0}
    assert _chances(8) == {"-": 17, "S": 42, "P": 33, "SYR": 8, "X": 0}
    assert _chances(13) == {"-": 0, "S": 3, "P": 25, "SYR": 44, "X": 28}
    assert T.morale_result(0, 12) == T.morale_result(1, 12)  # below 1 reads column 1
    assert T.morale_result(20, 2) == T.morale_result(13, 2)  # above 13 reads column 13


def test_tcs_12_5_syr_bands():
    assert T.syr_result(14) == "retreat" and T.syr_result(15) == "retreat_lose_step"
    assert T.syr_result(19) == "disintegrate"


def test_2_1d_command_prep_table_found_worked_example():
    """B3: Scen. 4, 63 Gd (rating 5), Attack with 27 weighted turns -> column 6 -> 52+."""
    assert T.ratings["soviet_63_gd"] == 5 and T.ratings["soviet_other"] == 7
    assert T.prep_need(5, "attack", 27) == "52"
    assert T.prep_need(7, "attack", 1) == "-"  # row 7 column 1 cannot be implemented
    assert T.prep_need(3, "prepared_defense", 0) is None  # no weighted turns: no roll


def test_2_1d_command_prep_table_rows_match_the_found_values():
    found = {1: "61 52 44 35 32 24 24 21 14 12 11", 5: "66 65 64 62 56 52 45 42 34 32 24",
             8: "- - - 65 65 63 62 56 54 52 46"}
    for row, cells in found.items():
        assert list(T.cpt_rows[row]) == cells.split()
    assert T.cpt_thresholds["move"] == (1, 2, 4, 6, 8, 12, 15, 18, 22, 28, 34)


def test_3_2a_adjustment_lines():
    assert T.adjustment_need("german", 3) == 5 and T.adjustment_need("german", 25) == 9
    assert T.adjustment_need("soviet", 3) == 7 and T.adjustment_need("soviet", 12) == 9


def test_PREP_LOG_historical_targets_loaded():
    assert T.prep_historical["122mm_1"]["0600"] == "B15.32"
    assert T.prep_historical["katyusha_1"]["0640"] == "-"
    assert T.prep_historical["152mm_7"]["0820"] == "B18.34"


def test_malformed_table_is_refused_naming_the_file(tmp_path):
    d = tmp_path / "tables"
    shutil.copytree(tables_dir(), d)
    p = d / "morale.yaml"
    p.write_text(p.read_text().replace("morale_table:", "morale_tabel:"), encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_tables(str(d))
    assert "morale.yaml" in str(e.value) and "morale_table" in str(e.value)
