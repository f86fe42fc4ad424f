"""The speed caches (reach shared across states, LOS per state) give the same answers as a
fresh search: a random game is checked unit by unit against the uncached computation."""
from __future__ import annotations

import random

import pytest

from hexwar.core.hexgrid import distance
from hexwar.core.movement import reachable
from hexwar.core.units import ON_MAP

from .helpers import s1


def fresh_reach(rules, state, uid):
    """The search without any cache: adjacency and step costs straight from the terrain."""
    u = state.units[uid]
    block, enemy = rules._block_set(state, uid)
    blocked = lambda h: h in block or h not in rules.area  # noqa: E731
    mp, ma = rules.mp_of(state, uid)
    cost = rules._cost_fn(uid)
    paths = reachable(u.hex, mp, rules.board.adjacent, cost, blocked=blocked).all_paths()
    if mp >= ma:
        for n in rules.board.adjacent(u.hex):
            if n not in paths and not blocked(n) and cost(u.hex, n) is not None:
                paths[n] = (n,)
    out = {d: p for d, p in paths.items() if rules._dest_ok(state, uid, u.hex, d, enemy) is None}
    side = rules.side_of(uid)
    if uid not in state.extra.get("reserve", frozenset()) and rules.order_of(state, uid) is None:  # §16.7
        seen = [e.hex for e in rules.on_map(state, rules.enemy_of(side)) if rules.spotted_by_side(state, e, side)]
        if seen:
            near = min(distance(u.hex, h) for h in seen)
            out = {d: p for d, p in out.items() if min(distance(d, h) for h in seen) >= near}
    return out


def fresh_sees(rules, state, a, b):
    state._cache.pop("sees", None)
    return rules._sees_hex(state, a, b, rules.period(state)[1])


@pytest.mark.sweep
def test_tcs_7_cached_reach_and_los_match_a_fresh_search():
    with s1(5) as g:
        rng = random.Random(5)
        R = g.rules
        checked = 0
        for _ in range(400):
            if g.result() is not None:
                break
            st = g.state
            if st.phase == "action":
                side = st.extra["phasing"]
                mine = [u for u in st.units.values() if u.where == ON_MAP and R.side_of(u.id) == side]
                for u in rng.sample(mine, min(4, len(mine))):
                    assert R.reach(st, u.id) == fresh_reach(R, st, u.id), u.id
                    checked += 1
                foes = [u for u in st.units.values() if u.where == ON_MAP and R.side_of(u.id) != side]
                for u in mine[:3]:
                    for e in foes[:5]:
                        want = fresh_sees(R, st, u.hex, e.hex)
                        assert R.sees_hex(st, u.hex, e.hex) == want
            g.apply(rng.choice(g.legal_actions()))
        assert checked > 50


@pytest.mark.sweep
def test_tcs_3_4_every_listed_action_passes_check():
    """legal_actions skips re-checking moves, SFAs, PFAs and missions (built by their own
    checks): each of them must still pass ``check``."""
    with s1(8) as g:
        rng = random.Random(8)
        seen = 0
        for i in range(500):
            if g.result() is not None:
                break
            acts = g.legal_actions()
            if g.state.phase == "action" and i % 4 == 0:
                for a in acts:
                    assert g.check(a) is None, a.notation()
                    seen += 1
            g.apply(rng.choice(acts))
        assert seen > 1000
