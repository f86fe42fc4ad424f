"""combat: odds columns, labels, caps and shifts, explanation lines, the CRT."""
from __future__ import annotations

from fractions import Fraction

import pytest

from hexwar.core.combat import CRT, Shift, StrengthLine, odds_index, odds_label, resolve_odds
from hexwar.core.errors import DataError

# --- odds ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "attack, defense, index, label",
    [
        (16, 4, 3, "4:1"),
        (15, 4, 2, "3:1"),  # 3.75 rounds down, in the defender's favour
        (27, 8, 2, "3:1"),
        (6, 2, 2, "3:1"),
        (1.5, 1, 0, "1:1"),
        (1, 1, 0, "1:1"),
        (2, 1, 1, "2:1"),
        (11.9, 2, 4, "5:1"),
        (12, 2, 5, "6:1"),
        (100, 1, 99, "100:1"),
        (2, 5, -2, "1:3"),  # 1:2.5 rounds to 1:3, in the defender's favour
        (4, 8, -1, "1:2"),
        (3, 4, -1, "1:2"),
        (1, 3, -2, "1:3"),
        (0.5, 2, -3, "1:4"),
        (0, 4, -10_000, "0:1"),
        (0.0, 1, -10_000, "0:1"),
    ],
)
def test_odds_index_and_label_known_values(attack, defense, index, label):
    assert odds_index(attack, defense) == index
    assert odds_label(odds_index(attack, defense)) == label


def test_odds_index_is_exact_for_fractional_strengths():
    # 0.1 * 3 is 0.30000000000000004 as a float; the ratio must still be 3:1 exactly
    assert odds_index(0.1 + 0.1 + 0.1, 0.1) == 2
    assert odds_index(1.2, 0.4) == 2
    assert odds_index(0.4, 1.2) == -2


def test_odds_index_of_a_tiny_positive_attack_does_not_crash():
    assert odds_index(0.0004, 1) <= -1000


@pytest.mark.parametrize("defense", [0, -1])
def test_odds_index_refuses_a_defender_without_strength(defense):
    with pytest.raises(ValueError):
        odds_index(3, defense)


def test_odds_index_never_rounds_in_the_attackers_favour():
    for a in range(1, 40):
        for d in range(1, 40):
            i = odds_index(a, d)
            if i >= 0:
                assert (i + 1) * d <= a < (i + 2) * d
            else:
                assert a * (-i) < d <= a * (-i + 1)


@pytest.mark.parametrize("index, label",
                         [(0, "1:1"), (5, "6:1"), (-1, "1:2"), (-4, "1:5"), (-10_000, "0:1"), (-20_000, "0:1")])
def test_odds_label_table(index, label):
    assert odds_label(index) == label


# --- resolve_odds --------------------------------------------------------------


def att(*vals):
    return [StrengthLine(f"A{i}", v, v) for i, v in enumerate(vals)]


def dfn(*vals):
    return [StrengthLine(f"D{i}", v, v) for i, v in enumerate(vals)]


def test_resolve_odds_sums_strengths_and_reads_the_ratio():
    o = resolve_odds(att(4, 4, 1), dfn(2, 1), [], min_index=0, max_index=5)
    assert (o.attack, o.defense) == (9, 3)
    assert o.raw_index == o.capped_index == o.final_index == 2
    assert o.column == "3:1"
    assert not o.no_effect
    assert o.cap_note == ""


def test_resolve_odds_caps_at_the_top_column_before_shifts():
    # 10:1 is capped at 6:1, then a -1 shift reads the 5:1 column (not 9:1)
    o = resolve_odds(att(10), dfn(1), [Shift(-1, "10.4", "forest")], min_index=0, max_index=5, cap_rule="10.2")
    assert o.raw_index == 9
    assert o.capped_index == 5
    assert o.final_index == 4
    assert o.column == "5:1"
    assert "10.2" in o.cap_note and "6:1" in o.cap_note


def test_resolve_odds_shifts_above_the_top_read_the_last_column():
    o = resolve_odds(att(6), dfn(1), [Shift(+2, "10.5", "air support")], min_index=0, max_index=5)
    assert o.capped_index == 5
    assert o.final_index == 5
    assert not o.no_effect
    assert o.cap_note == ""  # 6:1 itself is not above the cap


def test_resolve_odds_shifts_add_up():
    shifts = [Shift(+1, "10.5", "air"), Shift(-1, "8.2", "river"), Shift(-1, "8.1", "city")]
    o = resolve_odds(att(9), dfn(3), shifts, min_index=0, max_index=5)
    assert o.final_index == 1
    assert o.shifts == tuple(shifts)


def test_resolve_odds_below_the_table_after_shifts_has_no_effect():
    o = resolve_odds(att(3), dfn(2), [Shift(-1, "8.2", "river")], min_index=0, max_index=5)
    assert o.raw_index == 0
    assert o.final_index == -1
    assert o.no_effect


def test_resolve_odds_a_shift_can_lift_poor_odds_onto_the_table():
    o = resolve_odds(att(2), dfn(3), [Shift(+1, "10.5", "air")], min_index=0, max_index=5)
    assert o.raw_index == -1
    assert o.final_index == 0
    assert not o.no_effect
    assert o.column == "1:1"


def test_resolve_odds_with_zero_attack_has_no_effect_whatever_the_shifts():
    o = resolve_odds(att(0), dfn(3), [Shift(+3, "x", "y")], min_index=-2, max_index=5)
    assert o.no_effect


def test_resolve_odds_supports_tables_with_columns_below_one_to_one():
    o = resolve_odds(att(1), dfn(2), [], min_index=-2, max_index=3)
    assert o.final_index == -1 and not o.no_effect and o.column == "1:2"


def test_lines_explain_every_step_and_name_each_shifts_rule():
    a = [StrengthLine("G-III", 6, 3, ("halved: out of supply",)), StrengthLine("G-XIV", 4, 4)]
    d = [StrengthLine("S-21", 2, 4, ("doubled: city",))]
    shifts = [Shift(-1, "8.2", "attack across a river"), Shift(+1, "10.5", "air support")]
    o = resolve_odds(a, d, shifts, min_index=0, max_index=5)
    text = o.lines()
    assert text[0] == "attacker G-III: 3 (halved: out of supply)"
    assert text[1] == "attacker G-XIV: 4"
    assert text[2] == "defender S-21: 4 (doubled: city)"
    assert text[3] == "ratio 7 to 4 = 1:1"
    assert text[4] == "-1 column (8.2: attack across a river)"
    assert text[5] == "+1 column (10.5: air support)"
    assert text[-1] == "final odds 1:1"
    for sh in shifts:
        assert any(sh.rule in line and sh.reason in line for line in text)


def test_lines_include_the_cap_note_and_no_effect():
    capped = resolve_odds(att(20), dfn(2), [], 0, 5, cap_rule="10.2").lines()
    assert "10.2: odds above 6:1 count as 6:1" in capped
    assert capped[-1] == "final odds 6:1"
    none = resolve_odds(att(1), dfn(2), [], 0, 5).lines()
    assert none[-1] == "no effect: below 1:1 after shifts"


def test_lines_print_fractional_strengths_plainly():
    o = resolve_odds(att(1.5, 3), dfn(1.5), [], 0, 5)
    assert "ratio 4.5 to 1.5 = 3:1" in o.lines()


def test_shift_str():
    assert str(Shift(2, "10.5", "air")) == "+2 column (10.5: air)"
    assert str(Shift(-1, "8.2", "river")) == "-1 column (8.2: river)"


# --- the combat results table --------------------------------------------------


def small_crt() -> CRT:
    return CRT(
        columns=(-1, 0, 1, 2),
        rows={
            1: ("AE", "AR", "DR", "DE"),
            2: ("AR", "AR", "DR", "DE"),
            3: ("AR", "EX", "DR", "DR"),
            4: ("NE", "EX", "EX", "DR"),
            5: ("NE", "NE", "EX", "EX"),
            6: ("NE", "NE", "NE", "EX"),
        },
        results={"AE": "attacker eliminated", "DE": "defender eliminated"},
    )


@pytest.mark.parametrize("index, roll, result", [(-1, 1, "AE"), (0, 3, "EX"), (1, 1, "DR"), (2, 6, "EX"), (2, 1, "DE")])
def test_crt_lookup_reads_column_and_row(index, roll, result):
    assert small_crt().lookup(index, roll) == result


@pytest.mark.parametrize("index, column", [(3, 2), (99, 2), (-2, -1), (-10_000, -1)])
def test_crt_lookup_clamps_to_the_table(index, column):
    crt = small_crt()
    for roll in range(1, 7):
        assert crt.lookup(index, roll) == crt.lookup(column, roll)


def test_crt_lookup_of_a_roll_not_on_the_table_raises():
    with pytest.raises(KeyError):
        small_crt().lookup(0, 7)


@pytest.mark.parametrize("index", [-5, -1, 0, 1, 2, 9])
def test_crt_distribution_sums_to_one(index):
    dist = small_crt().distribution(index)
    assert sum(dist.values()) == 1
    assert all(isinstance(p, Fraction) for p in dist.values())


def test_crt_distribution_known_values():
    assert small_crt().distribution(0) == {"AR": Fraction(1, 3), "EX": Fraction(1, 3), "NE": Fraction(1, 3)}
    assert small_crt().distribution(2) == {"DE": Fraction(1, 3), "DR": Fraction(1, 3), "EX": Fraction(1, 3)}


def test_crt_row_length_mismatch_raises_data_error():
    with pytest.raises(DataError) as exc:
        CRT(columns=(0, 1, 2), rows={1: ("A", "B", "C"), 2: ("A", "B")})
    assert "CRT" in str(exc.value)
    assert "row 2" in str(exc.value)
