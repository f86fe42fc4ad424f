"""1.10f: when a set-up area is centred on a trench hex, its trench hexes next to the wire
end the Axis set-up occupied by or next to a Spanish unit. Decision BW-S1: a unit able to
cover an uncovered one sets up covering first; with all units placed and a hex uncovered the
Axis player picks units up again (remove <unit>)."""
from __future__ import annotations

import random

from hexwar.core.actions import EndPhase, Place, Remove
from hexwar.core.hexgrid import distance
from hexwar.core.units import ON_MAP, UNPLACED

from .helpers import s1


def _to_axis_setup(g):
    while g.state.phase == "prep_log":
        g.apply(EndPhase())
    assert g.state.phase == "axis_setup"


def test_1_10f_required_hexes_are_trench_hexes_next_to_the_wire_of_trench_centred_areas():
    with s1() as g:
        r = g.rules
        req = r.cover_required()
        assert req
        for h in req:
            assert h in r.trench_hexes and any(n in r.ter.wire for n in r.board.adjacent(h))
        centred = [k for k, (_w, c) in r.scen.areas.items() if r.ids.parse(c.split("+")[0]) in r.trench_hexes]
        others = [k for k in r.scen.areas if k not in centred]
        assert centred and others
        assert req <= frozenset().union(*(r.area_hexes[k] for k in centred))


def test_1_10f_a_unit_that_can_cover_a_trench_hex_sets_up_covering_one_first():
    with s1() as g:
        r = g.rules
        _to_axis_setup(g)
        st = g.state
        unc = r.uncovered(st)
        uid = next(u for u in sorted(st.units) if st.units[u].where == UNPLACED and r.allowed_setup(st, u))
        places = [a for a in g.legal_actions() if isinstance(a, Place) and a.unit == uid]
        assert places and all(any(distance(a.hex, h) <= 1 for h in unc) for a in places)
        far = next(h for h in sorted(r.setup_hexes(uid)) if all(distance(h, x) > 1 for x in unc))
        why = g.check(Place(uid, far))
        assert why is not None and why.rule == "1.10f" and "next to" in why.reason


def test_1_10f_the_set_up_ends_only_with_every_required_hex_covered_and_units_can_be_picked_up():
    with s1() as g:
        r = g.rules
        _to_axis_setup(g)
        st = g.state
        req = r.cover_required()
        # put every unit away from the trenches (a shortcut past the listing)
        for uid in sorted(st.units):
            if st.units[uid].where == UNPLACED:
                far = next(h for h in sorted(r.setup_hexes(uid)) if all(distance(h, x) > 1 for x in req))
                st.units[uid] = st.units[uid].at(far)
        st.touch()
        why = g.check(EndPhase())
        assert why is not None and why.rule == "1.10f" and "remove" in why.reason
        acts = g.legal_actions()
        assert EndPhase() not in acts and acts and all(isinstance(a, Remove) for a in acts)
        rng = random.Random(1)
        for _ in range(200):  # pick up and place again until covered
            if g.state.phase != "axis_setup":
                break
            acts = [a for a in g.legal_actions() if type(a).__name__ != "OrderAct"]
            a = EndPhase() if EndPhase() in acts else rng.choice(acts)
            assert g.check(a) is None
            g.apply(a)
        assert g.state.phase != "axis_setup"
        cov = {u.hex for u in g.state.units.values() if u.where == ON_MAP and r.side_of(u.id) == "axis"}
        assert all(h in cov or any(n in cov for n in r.board.adjacent(h)) for h in req)


def test_1_10f_pick_up_is_refused_while_units_wait_to_set_up():
    with s1() as g:
        r = g.rules
        _to_axis_setup(g)
        uid = next(u for u in sorted(g.state.units) if g.state.units[u].where == UNPLACED)
        g.apply(next(a for a in g.legal_actions() if isinstance(a, Place) and a.unit == uid))
        why = g.check(Remove(uid))
        assert why is not None and why.rule == "1.10f"
        assert not any(isinstance(a, Remove) for a in g.legal_actions())
        assert r.side_of(uid) == "axis"
