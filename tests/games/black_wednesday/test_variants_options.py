"""BW 4.0 minor variants as game options (variants.py): 4.6 Grandes in Command, 4.1a/4.1b
German Cooperation; unknown options are refused."""
from __future__ import annotations

import pytest

from hexwar.core.dice import FixedDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import Unit
from hexwar.games.black_wednesday import OPTIONS
from hexwar.games.black_wednesday.orders import OrderAct
from hexwar.games.black_wednesday.variants import OPTIONS as VARIANTS

from .helpers import H, open_local, put


def test_variants_options_are_declared_with_defaults_and_descriptions():
    variants = {k: v for k, v in OPTIONS.items() if k in VARIANTS}  # not choices.py's nor set-up's own
    assert set(variants) >= {"grandes", "german_cooperation", "spanish_panic",
                             "historical", "mined_wire", "dora"}
    assert all(default is False and "4." in text for default, text in variants.values())
    with pytest.raises(KeyError):
        open_local("s1-turning-the-left", options={"gustav": True})


def test_4_6_grandes_in_command_spanish_rating_2():
    g = open_local("s1-turning-the-left", options={"grandes": True})
    with use_hex_ids(g.rules.ids):
        assert g.rules.rating("axis") == 2
        put(g, "1-I-262-Inf1", "B16.29")
        g.state.phase = "command"
        g.state.extra["cmd"] = "axis"
        g.apply(OrderAct("draw", ("attack", "B21.32", "1-I-262")))
        o = [v for v in g.rules.orders_view(g.state, "axis") if v["origin"] == "drawn"][0]
        assert o["rating"] == 2
    plain = open_local("s1-turning-the-left")
    assert plain.rules.rating("axis") == 3


def _german_on_map(g):
    r = g.rules
    ger = next(e for e in r.scen.units if e.pool == "german" and not r.spec(e.id).vehicle)
    u = g.state.units[ger.id]
    g.state.units[ger.id] = Unit(u.id, u.spec, "map", H(g, "B38.17"), u.steps, True, 1)
    put(g, "5-II-262-Inf1", "B38.16")
    g.state.phase = "command"
    g.state.extra["cmd"] = "axis"
    g.state.touch()
    return OrderAct("draw", ("attack", "krasni_bor", f"5-II-262+{r.formation(ger.id)}"))


def test_4_1a_german_cooperation_lets_spanish_and_german_units_share_an_order():
    g = open_local("s2-assault-of-the-guards", options={"german_cooperation": True})
    with use_hex_ids(g.rules.ids):
        draw = _german_on_map(g)
        assert g.check(draw) is None
        g.apply(draw)
        o = [v for v in g.rules.orders_view(g.state, "axis") if v["origin"] == "drawn"][0]
        assert o["rating"] == 3 + 1  # the Spanish rating for a mixed sheet, one battalion more (decision BW-O5)
    g = open_local("s2-assault-of-the-guards")
    with use_hex_ids(g.rules.ids):
        assert g.check(_german_on_map(g)).rule == "3.1b"


@pytest.mark.parametrize("coop, result", [(False, None), (True, ("type_a",))])
def test_4_1b_german_cooperation_adds_2_to_the_german_reinforcement_roll(coop, result):
    g = open_local("s2-assault-of-the-guards", options={"german_cooperation": coop})
    with use_hex_ids(g.rules.ids):
        st = g.state
        st.extra["trench_entered"] = True
        ev = g.rules.german_roll(st, FixedDice([4, 5]))  # 9: nothing; +2 = 11: Type A
        assert st.extra.get("german_release") == result
        assert ("+2" in ev[-1].text) == coop
