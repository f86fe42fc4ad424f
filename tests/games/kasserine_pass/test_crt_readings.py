"""D1: the two readings of the CRT's unprinted rows 7-12 (KP-CRT): the mirror (the default,
the table data) and the sliding reading (the option ``sliding_crt``)."""
from __future__ import annotations

from fractions import Fraction

from hexwar.games.kasserine_pass import GAME
from hexwar.games.kasserine_pass.scenario import COLUMNS

from .helpers import of, position
from .test_combat import battle_odds, fight

ONE_TO_THREE = {"US18-INF-1": "1321", "G10-RC": "1322"}  # 1 against 3 on open ground: 1-3


def test_D1_sliding_a_1_3_can_win_on_11_or_12():
    for dice in ((5, 6), (6, 6)):
        g = position(ONE_TO_THREE, phase="allied_combat", options={"sliding_crt": True})
        assert battle_odds(g, "1322", ["US18-INF-1"]) == (1, 3)
        ev = fight(g, "attack 1322 US18-INF-1", *dice)
        assert of(ev, "combat")[0].data["result"] == "D BACK 2"
        assert g.state.stage.kind == "retreat" and g.state.stage.side == "axis"
    r = g.rules
    assert r.result_chances((1, 3))["D BACK 2"] == Fraction(3, 36)


def test_D1_by_default_the_same_1_3_loses_on_11():
    g = position(ONE_TO_THREE, phase="allied_combat")
    ev = fight(g, "attack 1322 US18-INF-1", 5, 6)
    assert of(ev, "combat")[0].data["result"] == "A ELIM"
    r = g.rules
    assert not any(r.crt_result((1, 3), t).startswith("D") for t in range(2, 13))


def test_D1_sliding_rows_read_the_middle_row_further_right():
    mirror = position({}).rules.T.crt
    r = position({}, options={"sliding_crt": True}).rules
    for i, c in enumerate(COLUMNS):
        assert r.T.crt[c][:5] == mirror[c][:5], c  # the printed rows 2-6 stay
        for t in range(7, 13):
            j = i + t - 6
            want = mirror[COLUMNS[j]][6 - 2] if j < len(COLUMNS) else "D ELIM"
            assert r.crt_result((int(c.split("-")[0]), int(c.split("-")[1])), t) == want, (c, t)
    assert r.crt_result((3, 1), 12) == "D ELIM" and r.crt_result((3, 1), 2) == "A ELIM"  # a 3-1 can still fail
    assert position({}).rules.T.crt == mirror  # the option changes only its own game


def test_D1_sliding_option_is_in_the_menu_off_by_default():
    opt = next(o for o in GAME.options if o.id == "sliding_crt")
    assert opt.default is False and opt.rule == "decision D1"
    assert "1-3" in opt.title and "rows 7-12" in opt.title
