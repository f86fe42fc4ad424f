"""Every game's victory standing at a glance (``Game.standing``) and its results table with the
column in use (``Game.result_table``), through the contract (issue 17).

The standing is checked against the rules' own verdict: at the end of each whole golden-record
game the line "If the game ended now" names the level the game did end at.
"""
from __future__ import annotations

from pathlib import Path

import pytest

import hexwar
import hexwar.games
from hexwar.core import actions as A
from hexwar.core.actions import parse_action
from hexwar.core.contract import ResultTable, StandingLine
from hexwar.core.record import read_record

GAMES = Path(__file__).resolve().parent / "records" / "games"
WHOLE = ["objective-kiev-standard-11", "objective-kiev-standard-13-options", "battle-for-kursk-short-11",
         "kasserine-pass-standard-11", "black-wednesday-s1-turning-the-left-11"]


def ended_now(g) -> str:
    return next(ln.figure for ln in g.standing() if ln.label == "If the game ended now")


@pytest.mark.parametrize("game_id", sorted(hexwar.games.game_ids()))
def test_every_game_says_where_it_stands(game_id):
    g = hexwar.open_game(game_id)
    lines = g.standing()
    assert lines and all(isinstance(ln, StandingLine) and ln.label and ln.figure and ln.rule for ln in lines)
    assert any(ln.label == "If the game ended now" for ln in lines)
    assert all(str(ln).startswith(f"{ln.label}: {ln.figure}") for ln in lines)


@pytest.mark.parametrize("name", WHOLE)
def test_the_standing_at_the_end_names_the_result_the_rules_give(name):
    g = hexwar.load_record(GAMES / f"{name}.yaml")
    r = g.result()
    assert r is not None
    assert ended_now(g) == r.level


def test_kiev_counts_the_cities_held_against_16_and_15():
    """5.0: the Axis holds Lublin and Iasi at the start; 16 wins, 15 draws (13.0: one less)."""
    g = hexwar.open_game("objective-kiev", seed=1)
    first = g.standing()[0]
    held = sum(1 for s in g.view(None)["control"].values() if s == "axis")
    assert (first.label, first.figure, first.rule) == ("Cities held by the Axis", f"{held} of 16", "5.0")
    assert "16 to win, 15 to draw" in first.target and ended_now(g) == "Soviet victory"
    easier = hexwar.open_game("objective-kiev", seed=1, options={"axis_needs_one_city_less": True})
    assert "15 to win, 14 to draw" in easier.standing()[0].target


def test_kursk_standing_is_the_vp_track():
    g = hexwar.load_record(GAMES / "battle-for-kursk-short-11.yaml")
    assert g.standing()[0].figure == f"{g.view(None)['vp']:+d}"


def test_kasserine_standing_counts_the_german_points():
    g = hexwar.load_record(GAMES / "kasserine-pass-standard-11.yaml")
    pts = g.rules.german_points(g.state)
    assert g.standing()[0].figure == f"{pts} of {sum(g.rules.vp.values())}"
    assert g.standing()[0].rule == "Victory Conditions"


def test_black_wednesday_standing_words_each_condition():
    """Scen. 4: both Soviet conditions counted, in place names (no ids)."""
    g = hexwar.open_game("black-wednesday", "s4-melee-in-krasni-bor")
    texts = [str(ln) for ln in g.standing()]
    assert texts[0].startswith("Soviet conditions met: ")
    assert any("Krasni Bor" in t for t in texts) and any("El Bastion" in t for t in texts)
    assert not any("krasni_bor" in t or "el_bastion" in t for t in texts)


# --- results tables ------------------------------------------------------------------------
def replay_until(name: str, pred, limit: int = 4000):
    data = read_record(GAMES / f"{name}.yaml")
    g = hexwar.open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    for t in data["actions"][:limit]:
        if pred(g):
            return g
        g.apply(parse_action(t))
    raise AssertionError(f"no such position in {name}")


def test_the_crt_column_is_the_one_the_roll_is_read_on_air_support_included():
    """10.5, 10.6: at a roll with air support on offer, the plain roll's column and the supported
    roll's column (one to the right) are each marked; the whole table has none."""
    g = replay_until("objective-kiev-standard-11",
                     lambda g: g.stage()[0] == "roll" and any(a.support for a in g.legal_actions()
                                                               if isinstance(a, A.Roll)))
    plain = next(a for a in g.legal_actions() if isinstance(a, A.Roll) and a.support is None)
    air = next(a for a in g.legal_actions() if isinstance(a, A.Roll) and a.support)
    for roll in (plain, air):
        t = g.result_table(roll)
        p = g.preview(roll)
        assert isinstance(t, ResultTable) and t.columns[t.column] == p.figure
        assert [c for c in t.cells(t.column)] == [cells[t.column] for _, cells in t.rows]
    assert g.result_table(air).column == g.result_table(plain).column + 1 or g.preview(plain).figure == "6:1"
    assert g.result_table(None).column is None and len(g.result_table(None).rows) == 6


def test_kasserine_two_dice_table_marks_the_attack_odds():
    g = replay_until("kasserine-pass-standard-11", lambda g: any(isinstance(a, A.Attack) and g.preview(a).figure
                                                                in ("1-1", "2-1", "3-1") for a in g.legal_actions()))
    atk = next(a for a in g.legal_actions() if isinstance(a, A.Attack) and g.preview(a).figure in ("1-1", "2-1", "3-1"))
    t = g.result_table(atk)
    assert t.columns[t.column] == g.preview(atk).figure and [r for r, _ in t.rows] == [str(n) for n in range(2, 13)]
    assert t.row_head == "Dice" and len(t.columns) == 12


def test_black_wednesday_fire_table_marks_the_final_column():
    g = replay_until("black-wednesday-s1-turning-the-left-11",
                     lambda g: any(isinstance(a, A.Attack) for a in g.legal_actions()))
    sfa = next(a for a in g.legal_actions() if isinstance(a, A.Attack))
    p = g.preview(sfa)
    t = g.result_table(sfa)
    assert t.title == "Area Fire Table" and t.rule == "§8.2"
    final = int(p.detail["final"])
    assert t.column == min(max(final, 1), len(t.columns)) - 1
    assert "firepower by column" in t.note
