"""Issue 22's engine speed-ups give the same answers as the plain computation: the spotted
hexes carried from state to state (§16.7, each target's witness), the movement graph built
from the step facts once per board (§7.1), and the blocked hexes put together from their
parts (enemy hexes, wire, full embankment hexes, Hospital, 4.3 boundary)."""
from __future__ import annotations

import random

import pytest

from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ON_MAP

from .helpers import open_local


def _plain_spotted(r, st, side):
    """§6.1 asked afresh of every observer for every enemy unit."""
    return frozenset(e.hex for e in r.on_map(st, r.enemy_of(side)) if r.spotted_by_side(st, e, side))


def _plain_block(r, st, uid):
    """The blocked and enemy hexes of one unit, computed directly from the state."""
    side = r.side_of(uid)
    occ = st.occupied()
    enemy = frozenset(h for h, us in occ.items() if any(r.side_of(u.id) != side for u in us))
    block = set(enemy)
    if r.spec(uid).vehicle:
        block.update(h for h, us in occ.items()
                     if h in r.ter.rail and sum(1 for u in us if r.spec(u.id).vehicle) >= 2)
    block.update(h for h in r.ter.wire if r.wire_state(st, h) < 2)
    if r.spec(uid).tow:
        block.update(r.ter.hospital)
    div = r.bound_division(uid)
    if div is not None:
        block.update(r.area - r.division_hexes(div))
    return frozenset(block), enemy


@pytest.mark.sweep
def test_16_7_spotted_hexes_carried_across_states_and_undo_match_asking_every_observer():
    """Scenario 2, both sides asked in every Action Phase state, and again after an undo
    (an older state asked after a newer one): the carried witnesses give the plain answer,
    and each kept witness is an observer of the side that spots its target."""
    g = open_local("s2-assault-of-the-guards", seed=4)
    r = g.rules
    rng = random.Random(4)
    checked = witnessed = 0
    with use_hex_ids(r.ids):
        for i in range(400):
            if g.result() is not None:
                break
            st = g.state
            if st.phase == "action" and "pending" not in st.extra and i % 3 == 0:
                for side in ("soviet", "axis"):
                    assert r.spotted_hexes(st, side) == _plain_spotted(r, st, side), (i, side)
                    checked += 1
                    obs, wit = r.__dict__["_spot_memo"][2][side]
                    assert obs == frozenset(u.hex for u in r.on_map(st, side) if not r.carrier_of(st, u.id))
                    for (eh, _veh, _t2t, _moved), w in wit.items():
                        if w is None:
                            continue
                        assert w in obs
                        assert any(r.spots(st, w, e) for e in r.on_map(st, r.enemy_of(side)) if e.hex == eh)
                        witnessed += 1
                if i % 11 == 0 and g.can_undo():
                    g.undo()
                    old = g.state
                    for side in ("soviet", "axis"):
                        old._cache.pop(("spotted", side), None)
                        assert r.spotted_hexes(old, side) == _plain_spotted(r, old, side)
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 40 and witnessed > 20


def test_7_1_movement_graph_from_step_facts_matches_the_step_cost_of_every_pair():
    """Scenario 3's board (both sheets): for every move class and MA of its units, the graph
    built from the per-pair step facts equals Terrain.step_cost asked for each pair."""
    g = open_local("s3-assault-the-line", seed=1)
    r = g.rules
    kinds = {(r.spec(u).move_class, r.spec(u).ma) for u in r.entries}
    assert len(kinds) >= 3
    for cls, ma in sorted(kinds):
        got = r._edges(cls, ma)
        for h in r.board.terrain:
            want = []
            for n in r.board.adjacent(h):
                if n in r.area:
                    c = r.ter._step_cost(h, n, cls, ma)
                    if c is not None:
                        want.append((n, c))
            assert got[h] == tuple(want), (cls, ma, h)


@pytest.mark.sweep
def test_7_1_blocked_hexes_from_their_parts_match_the_direct_computation():
    """Scenario 4 (vehicles on the embankment, tow-only guns, wire breached as play goes on):
    the blocked and enemy hexes of every unit on the map equal the direct computation."""
    g = open_local("s4-melee-in-krasni-bor", seed=3)
    r = g.rules
    rng = random.Random(3)
    checked = 0
    with use_hex_ids(r.ids):
        for i in range(700):
            if g.result() is not None:
                break
            st = g.state
            if st.phase == "action" and i % 15 == 0:
                kinds = {}  # one unit of each kind the blocked hexes depend on
                for u in st.units.values():
                    if u.where == ON_MAP:
                        s = r.spec(u.id)
                        kinds.setdefault((r.side_of(u.id), s.vehicle, s.tow, r.bound_division(u.id)), u.id)
                for uid in kinds.values():
                    assert r._block_set(st, uid) == _plain_block(r, st, uid), (i, uid)
                    checked += 1
            g.apply(rng.choice(g.legal_actions()))
    assert checked > 30
