"""SCEN-5 "Assaulting the Mill": both sheets, the 72 Rifle Division and the Red Banner brigade
set up with losses, the Spanish divisional reserve (3.3) and the Soviet 14 Rifle Regiment
(2.7) as variable reinforcements, and the victory check (the Mill, El Bastion, Staraia Myza)."""
from __future__ import annotations

from contextlib import contextmanager

from hexwar.core.dice import FixedDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ARRIVING, ELIMINATED, ON_MAP, Unit
from hexwar.games.black_wednesday.orders import OrderAct
from hexwar.games.black_wednesday.setup import NEVER

from .helpers import H, open_local


@contextmanager
def s5(seed: int = 0):
    g = open_local("s5-assaulting-the-mill", seed=seed)
    with use_hex_ids(g.rules.ids):
        yield g


def on_map(g, uid, hid):
    u = g.state.units[uid]
    g.state.units[uid] = Unit(u.id, u.spec, ON_MAP, H(g, hid), u.steps, True, 1)
    g.state.touch()


def test_SCEN_5_both_sheets_72_division_red_banner_brigade_and_losses():
    with s5() as g:
        r, st = g.rules, g.state
        assert r.scen.sheets == ("black-wednesday-a.tmx", "black-wednesday-b.tmx")
        assert H(g, "A25.23") in r.area and H(g, "B10.07") in r.area and H(g, "B10.08") not in r.area  # west of Bxx.07
        assert [st.units[f"1RB-KV1{i}"].where for i in range(1, 22)].count(ELIMINATED) == 1  # 20 KV-I set up
        assert [st.units[f"2RB-T26{i}"].where for i in range(1, 22)].count(ELIMINATED) == 3  # 18 T-26
        assert sum(r.spec(u.id).steps - u.steps for u in st.units.values() if r.entry(u.id).battalion == "1-133") == 13
        assert r.rating("soviet") == 7 and st.extra["bn"] == {"1-133": 1, "2-133": 1, "3-133": 1}
        o = {v["id"]: v for v in r.orders_view(st)}
        assert o["S5-follow-on"]["status"] == "prep" and o["S5-follow-on"]["weighted_turns"] == 27
        assert o["S5-follow-on"]["need"] == "62"  # rating 7, Attack, 27 -> c6
        assert r.order_of(st, "1RB-KV11")["id"] == "S5-armour" and r.order_of(st, "1-133-Inf1") is None


def test_3_3_spanish_divisional_reserve_released_in_order_with_an_instant_order():
    with s5() as g:
        r, st = g.rules, g.state
        assert all(st.units[f"3-I-263-Inf{i}"].arrives == NEVER for i in (1, 2, 3))
        st.extra["trench_entered"] = True
        ev = r.spanish_roll(st, FixedDice([4, 4]))  # 8: nothing (reconstructed table, 9+)
        assert not st.extra.get("spanish_release") and "nothing" in ev[-1].text
        r.spanish_roll(st, FixedDice([4, 5]))
        assert st.extra["spanish_release"] == ("spanish:1",)
        st.phase = "command"
        st.extra["cmd"] = "axis"
        st.touch()
        acts = [a for a in g.legal_actions() if isinstance(a, OrderAct) and a.op == "spanish"]
        assert OrderAct("spanish", ("attack", "staraia_myza")) in acts
        assert g.check(OrderAct("spanish", ("prepared_defense", "staraia_myza"))).rule == "3.3b"
        g.apply(OrderAct("spanish", ("hasty_defense", "staraia_myza")))
        st = g.state
        assert st.units["3-I-263-Inf1"].arrives == st.turn and st.units["4-I-263-Mtr1"].arrives == st.turn
        assert st.units["5-II-269-Inf1"].arrives == NEVER  # the next item waits for another roll
        assert r.order_of(st, "3-I-263-Inf1")["type"] == "hasty_defense"
        assert {r.ids.name(h)[0] for h in r.entries_of("3-I-263-Inf1")} == {"A"}  # Entry Areas A-D


def test_2_7_soviet_14_rifle_regiment_after_all_of_i_263_entered():
    with s5() as g:
        r, st = g.rules, g.state
        assert r.soviet_14_roll(st, FixedDice([6, 6])) == []  # I-263 not all in play yet
        for e in r.scen.units:
            if e.battalion == "I-263":
                on_map(g, e.id, "A53.14")
        ev = r.soviet_14_roll(st, FixedDice([5, 5]))
        assert "not yet" in ev[-1].text and st.units["1-14-Inf1"].arrives == NEVER
        ev = r.soviet_14_roll(st, FixedDice([5, 6]))
        assert st.units["1-14-Inf1"].where == ARRIVING and st.units["1-14-Inf1"].arrives == st.turn
        assert r.entries_of("1-14-Inf1") and all(h.row == 1 for h in r.entries_of("1-14-Inf1"))
        # it joins the 72 Division's order: its battalions may now be released by a roll (2.1e)
        o = st.extra["orders"]["S5-follow-on"]
        assert "1-14" in r.unreleased(o, st)


def test_SCEN_5_victory_two_of_mill_bastion_staraia_myza():
    def occupy(g, feats):
        occ = dict(g.state.extra.get("occ", {}))
        for f in feats:
            for h in g.rules.feature_hexes(f):
                occ[h] = "soviet"
        g.state.extra["occ"] = occ
        g.state.extra["occ_init"] = True

    for feats, level in ((("mill", "staraia_myza"), "Soviet victory"), (("el_bastion",), "Draw"), ((), "Axis victory")):
        with s5() as g:
            occupy(g, feats)
            g.rules.decide_victory(g.state)
            assert g.state.result.level == level
