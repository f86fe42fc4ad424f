"""The first Action Phase's listing shortcuts give the plain answers: the destination test that
reach builds once per unit (moves.py ``_dest_filter``, orders.py ``order_move_filter``) answers
as the check of each destination (``_dest_ok``) for every order kind, with and without a route,
Suppressed or not, in reserve, and under the 4.3 boundary; §16.7's observers within a distance,
nearest first (observers.py), and the enemy hexes a spotter may see (artillery.py
``_enemy_hexes_within``) are those ``distance`` gives."""
from __future__ import annotations

import random

from hexwar.core.hexgrid import distance, use_hex_ids
from hexwar.core.units import ON_MAP
from hexwar.games.black_wednesday.observers import Observers

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


def test_16_7_observers_within_a_distance_nearest_first_and_enemy_hexes_in_sight_range():
    g = open_local("s8-counter-attack", seed=1)
    r = g.rules
    rng = random.Random(16)
    area = sorted(r.area)
    obs = sorted(rng.sample(area, 150))
    near = Observers(obs)
    for h in rng.sample(area, 60) + obs[:5]:
        for reach in (0, 1, 4, 20):
            want = sorted((o for o in obs if distance(o, h) <= max(reach, 1)), key=lambda o: (distance(o, h), o))
            assert near.within(h, reach) == want
    with use_hex_ids(r.ids):
        to_action_phase(g, "soviet")
        st = g.state
        for uid in r._ids_of("axis")[:40]:
            put(g, uid, r.ids.name(rng.choice(area)))
        every = sorted({u.map_hex for u in st.units.values() if u.where == ON_MAP and r.side_of(u.id) == "axis"})
        for h in rng.sample(area, 30):
            for far in (0, 1, 3, 12):
                assert r._enemy_hexes_within(st, "soviet", h, far) == [
                    x for x in every if distance(x, h) <= max(far, 1)]
