"""Variant 4.4 Axis Free Set Up (game option ``axis_free_setup``, Scenarios 1-3): Axis units
set up anywhere in play on or south of the trench line; every trench hex ends the set-up with
an Axis unit in it or next to it."""
from __future__ import annotations

import random

import pytest

from hexwar.core.actions import EndPhase, Place
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ON_MAP
from hexwar.games.black_wednesday import OPTIONS

from .helpers import open_local


def test_4_4_is_a_game_option_off_by_default():
    assert OPTIONS["axis_free_setup"][0] is False
    g = open_local("s1-turning-the-left")
    assert not g.rules.free_setup()


def test_4_4_free_set_up_anywhere_on_or_south_of_the_trench_line_every_trench_hex_covered():
    g = open_local("s1-turning-the-left", seed=2, options={"axis_free_setup": True})
    with use_hex_ids(g.rules.ids):
        r = g.rules
        assert r.free_setup()
        assert r.cover_required() == r.trench_hexes  # 4.4: every trench hex
        first = {}
        for h in r.trench_hexes:
            first[h.col] = min(first.get(h.col, h.row), h.row)
        uid = "1-I-262-Inf1"
        hexes = r.setup_hexes(uid)
        assert hexes - r.unit_areas(uid)  # beyond its company and battalion areas
        assert all(h.row >= first[h.col] for h in hexes if h.col in first)
        north = next(h for h in sorted(r.area) if h.col in first and h.row < first[h.col])
        while g.state.phase == "prep_log":
            g.apply(EndPhase())
        why = g.check(Place(uid, north))
        assert why is not None and why.rule == "1.10f"
        rng = random.Random(2)
        while g.state.phase == "axis_setup":
            acts = [a for a in g.legal_actions() if type(a).__name__ != "OrderAct"]
            a = EndPhase() if EndPhase() in acts else rng.choice(acts)
            assert g.check(a) is None, a.notation()
            g.apply(a)
        cov = {u.hex for u in g.state.units.values() if u.where == ON_MAP and r.side_of(u.id) == "axis"}
        assert all(h in cov or any(n in cov for n in r.board.adjacent(h)) for h in r.trench_hexes)


def test_4_4_applies_to_scenarios_1_to_3_only():
    """Decision BW-S2/BW-X2: asked for in another scenario, the option is refused, naming 4.4."""
    from hexwar.games.black_wednesday.variants import OptionNotAllowed

    with pytest.raises(OptionNotAllowed, match="4.4"):
        open_local("s4-melee-in-krasni-bor", options={"axis_free_setup": True})
    g = open_local("s2-assault-of-the-guards", options={"axis_free_setup": True})
    assert g.rules.free_setup()
