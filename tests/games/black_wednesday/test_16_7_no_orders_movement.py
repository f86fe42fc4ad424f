"""§16.7 (RECON, decision BW-N1): a unit without orders may move, but may not end a move
nearer the nearest spotted enemy unit than it began. Spotted: by any unit of its side (§6.1)."""
from __future__ import annotations

import pytest

from hexwar.core.actions import Move
from hexwar.core.hexgrid import distance

from .helpers import H, clear_map, put, s1, to_action_phase


def _setup(g, me, foe, orders=False):
    r = g.rules
    to_action_phase(g, "soviet")
    clear_map(g)
    r._set_orders(g.state, r.initial_orders() if orders else {})
    put(g, "1-708-Inf1", me, mode="move")
    put(g, "1-I-262-Inf1", foe)
    return r


def test_16_7_no_orders_unit_may_not_end_nearer_a_spotted_enemy():
    with s1() as g:
        r = _setup(g, "B34.30", "B38.30")
        foe = H(g, "B38.30")
        assert r.order_of(g.state, "1-708-Inf1") is None
        assert r.spotted_by_side(g.state, g.state.units["1-I-262-Inf1"], "soviet")
        reach = r.reach(g.state, "1-708-Inf1")
        assert reach and all(distance(d, foe) >= 4 for d in reach)
        closer = Move("1-708-Inf1", (H(g, "B35.30"),))
        why = g.check(closer)
        assert why is not None and why.rule == "§16.7" and "no orders" in why.reason
        assert closer not in g.legal_actions()
        away = Move("1-708-Inf1", (H(g, "B33.30"),))
        assert g.check(away) is None and away in g.legal_actions()


def test_16_7_a_unit_on_orders_may_close_in():
    with s1() as g:
        r = _setup(g, "B34.30", "B38.30", orders=True)
        assert r.order_of(g.state, "1-708-Inf1") is not None
        assert any(distance(d, H(g, "B38.30")) < 4 for d in r.reach(g.state, "1-708-Inf1"))


def test_16_7_an_enemy_nobody_spots_does_not_limit_the_move():
    with s1() as g:
        r = _setup(g, "B39.31", "B43.31")
        assert not r.spotted_by_side(g.state, g.state.units["1-I-262-Inf1"], "soviet")
        assert r.spotted_hexes(g.state, "soviet") == frozenset()
        assert any(distance(d, H(g, "B43.31")) < 4 for d in r.reach(g.state, "1-708-Inf1"))


def test_16_7_spotting_by_another_unit_of_the_side_counts():
    """The enemy the mover cannot see, seen by a friend, still holds it off."""
    with s1() as g:
        r = _setup(g, "B39.31", "B43.31")
        put(g, "1-708-Inf2", "B43.30")  # next to the enemy: always spots (§6.1)
        assert H(g, "B43.31") in r.spotted_hexes(g.state, "soviet")
        assert all(distance(d, H(g, "B43.31")) >= 4 for d in r.reach(g.state, "1-708-Inf1"))


@pytest.mark.sweep
def test_16_7_spotted_hexes_match_spotted_by_side():
    """The per-state spotted set (answers kept across states) agrees with §6.1 asked afresh."""
    import random

    with s1(3) as g:
        rng = random.Random(3)
        r = g.rules
        checked = 0
        for _ in range(300):
            if g.result() is not None:
                break
            st = g.state
            if st.phase == "action":
                side = st.extra["phasing"]
                want = frozenset(e.hex for e in r.on_map(st, r.enemy_of(side)) if r.spotted_by_side(st, e, side))
                assert r.spotted_hexes(st, side) == want
                checked += 1
            g.apply(rng.choice(g.legal_actions()))
        assert checked > 20
