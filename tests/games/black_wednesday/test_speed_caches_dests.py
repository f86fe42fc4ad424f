"""The destination test that reach builds once per unit (moves.py ``_dest_filter``, orders.py
``order_move_filter``) answers as the plain check of each destination (``_dest_ok``): every
order kind, with and without a route, Suppressed or not, in reserve, and the 4.3 boundary."""
from __future__ import annotations

import random

from hexwar.core.hexgrid import distance, use_hex_ids

from .helpers import open_local, put, to_action_phase


def _compare(g, rng, uids, hexes):
    r, st = g.rules, g.state
    enemy = frozenset(rng.sample(hexes, 40))  # hexes "holding enemy units" for the §12.4 test
    checked = 0
    for uid in uids:
        start = st.units[uid].hex
        near = [h for h in hexes if distance(h, start) <= 7]
        for status in ("", "S"):
            s = dict(st.extra.get("status", {}))
            s[uid] = status
            st.extra["status"] = s
            st.touch()
            ok = r._dest_filter(st, uid, start, enemy)
            for d in near + rng.sample(hexes, 60):
                plain = r._dest_ok(st, uid, start, d, enemy) is None
                assert (ok is None or ok(d)) == plain, (uid, status, d, st.extra["orders"])
                checked += 1
    return checked


def test_tcs_16_6_destination_test_per_unit_equals_the_check_of_each_destination():
    g = open_local("s8-counter-attack", seed=1)
    r, st = g.rules, g.state
    rng = random.Random(8)
    with use_hex_ids(r.ids):
        to_action_phase(g, "soviet")
        area = sorted(r.area)
        orders = dict(st.extra["orders"])
        mine = [uid for uid in r._ids_of("soviet") if r.order_of(st, uid) is not None][:6]
        assert mine, "Scenario 8 gives its Soviet units orders"
        for uid in mine:
            put(g, uid, r.ids.name(rng.choice(area)))
        route = tuple(r.ids.name(h) for h in rng.sample(area, 3))
        checked = 0
        for kind in ("attack", "move", "hasty_defense", "prepared_defense"):
            for via in (None, route):
                st.extra["orders"] = {k: {**o, "type": kind, "route": via} for k, o in orders.items()}
                st.touch()
                checked += _compare(g, rng, mine, area)
        st.extra["orders"] = orders
        st.extra["reserve"] = frozenset(mine[:2])  # §16.8: a reserve ends no move anywhere
        st.touch()
        assert r._dest_filter(st, mine[0], st.units[mine[0]].hex, frozenset())(area[0]) is False
        checked += _compare(g, rng, mine, area)
    assert checked > 10_000


def test_4_3_destination_test_per_unit_keeps_the_division_boundary():
    g = open_local("s3-assault-the-line", seed=1, options={"historical": True})
    r = g.rules
    rng = random.Random(3)
    with use_hex_ids(r.ids):
        to_action_phase(g, "soviet")
        area = sorted(r.area)
        mine = [uid for uid in r._ids_of("soviet") if r.bound_division(uid) is not None][:4]
        assert mine, "Purely Historical binds the Soviet units to their division's sector"
        for uid in mine:
            put(g, uid, r.ids.name(rng.choice(area)))
        assert _compare(g, rng, mine, area) > 1000
