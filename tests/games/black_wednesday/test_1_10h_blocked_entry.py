"""1.10g/1.10h entry when the enemy holds the entry hexes (decision BW-R9), the Entry Areas an
intact Soviet battalion closes (1.10h), and exits that find every hex of an area held (BW-E5)."""
from __future__ import annotations

from hexwar.core.actions import Move
from hexwar.core.hexgrid import distance, use_hex_ids
from hexwar.core.units import ARRIVING, LOST, ON_MAP, Unit
from hexwar.games.black_wednesday.exits import Exit

from .helpers import H, open_local, put, s1, to_action_phase


def _arriving(g, uid):
    u = g.state.units[uid]
    g.state.units[uid] = Unit(u.id, u.spec, ARRIVING, None, u.steps, True, 1)
    g.state.touch()


def _entry_moves(g, uid):
    return [a for a in g.legal_actions() if isinstance(a, Move) and a.unit == uid]


def _nearest_free(r, g, uid, pool, base):
    """What BW-R9 names: the hexes of ``pool`` the unit may enter, free of enemies, nearest to ``base``."""
    block, _enemy = r._block_set(g.state, uid)
    cls = r.spec(uid).move_class
    ok = [h for h in pool if h not in base and h not in block and h in r.area
          and r.t.terrain[r.board.terrain[h]]["cost"].get(cls) not in (None, "P")]
    d = min(min(distance(h, b) for b in base) for h in ok)
    return {h for h in ok if min(distance(h, b) for b in base) == d}


def _soviets(g, n):
    return [u for u in sorted(g.state.units) if g.rules.side_of(u) == "soviet"
            and not g.rules.spec(u).vehicle][:n]


def test_1_10h_scen_1_recon_enters_next_to_the_train_station_when_a_soviet_unit_stands_on_it():
    """Decision BW-R9: a Soviet unit on B44.28 no longer keeps 3-Recon off the map; it comes on
    at the nearest hexes it can enter, every equally near one offered, paying that hex's cost."""
    with s1() as g:
        r = g.rules
        to_action_phase(g, "axis")
        _arriving(g, "3-Recon-Inf1")
        station = H(g, "B44.28")
        assert {a.path[0] for a in _entry_moves(g, "3-Recon-Inf1")} == {station}  # free: only the station
        put(g, "1-708-Inf1", "B44.28")
        firsts = {a.path[0] for a in _entry_moves(g, "3-Recon-Inf1")}
        assert firsts, "the blocked reinforcement must still have entry moves"
        assert firsts == _nearest_free(r, g, "3-Recon-Inf1", r.area, {station})
        assert all(distance(h, station) == 1 for h in firsts) and station not in firsts
        assert firsts == set(r.entries_now(g.state, "3-Recon-Inf1"))
        why = g.check(Move("3-Recon-Inf1", (station,)))
        assert why is not None and why.rule == "SCEN-1" and "BW-R9" in why.reason
        far = next(h for h in r.area if distance(h, station) == 3 and h not in r.ter.wire)
        why = g.check(Move("3-Recon-Inf1", (far,)))
        assert why is not None and why.rule == "SCEN-1" and "nearest" in why.reason
        h = sorted(firsts)[0]
        g.apply(Move("3-Recon-Inf1", (h,)))
        assert g.state.units["3-Recon-Inf1"].where == ON_MAP and g.state.units["3-Recon-Inf1"].hex == h


def test_1_10h_blocked_entry_ties_offer_every_equally_near_hex_and_skip_enemy_held_ones():
    """BW-R9 ties: all hexes at the nearest distance are offered; one of them held by the enemy
    drops out (it is not 'free'), the others stay."""
    with s1() as g:
        r = g.rules
        to_action_phase(g, "axis")
        _arriving(g, "3-Recon-Inf1")
        station = H(g, "B44.28")
        put(g, "1-708-Inf1", "B44.28")
        ring = set(r.entries_now(g.state, "3-Recon-Inf1"))
        assert len(ring) >= 2
        held = sorted(ring)[0]
        put(g, "1-708-Inf2", r.ids.name(held))
        now = set(r.entries_now(g.state, "3-Recon-Inf1"))
        assert now == ring - {held}
        why = g.check(Move("3-Recon-Inf1", (held,)))
        assert why is not None and why.rule == "SCEN-1"
        assert distance(sorted(now)[0], station) == 1


def test_1_10h_blocked_entry_rings_outward_when_the_whole_first_ring_is_held():
    with s1() as g:
        r = g.rules
        to_action_phase(g, "axis")
        _arriving(g, "3-Recon-Inf1")
        station = H(g, "B44.28")
        ring = [h for h in r.area if distance(h, station) <= 1]
        for uid, h in zip(_soviets(g, len(ring)), ring):
            put(g, uid, r.ids.name(h))
        firsts = {a.path[0] for a in _entry_moves(g, "3-Recon-Inf1")}
        assert firsts and all(distance(h, station) == 2 for h in firsts)
        assert firsts == _nearest_free(r, g, "3-Recon-Inf1", r.area, {station})


def test_1_10g_soviet_edge_entry_slides_along_the_edge_when_the_axis_holds_every_entry_hex():
    """BW-R9 for edge entries: while one entry hex is free only the entry hexes are offered; when
    the enemy holds all of them the nearest map-edge hexes of the play area are."""
    with s1() as g:
        r = g.rules
        to_action_phase(g, "soviet")
        uid = "1-708-Inf1"
        base = set(r.entries_of(uid))
        axis = [u for u in sorted(g.state.units) if r.side_of(u) == "axis" and not r.spec(u).vehicle]
        hexes = sorted(base)
        for a, h in zip(axis, hexes[:-1]):
            put(g, a, r.ids.name(h))
        assert {m.path[0] for m in _entry_moves(g, uid)} == {hexes[-1]}  # one free: no displacement
        put(g, axis[len(hexes) - 1], r.ids.name(hexes[-1]))
        firsts = {m.path[0] for m in _entry_moves(g, uid)}
        assert firsts and firsts.isdisjoint(base) and firsts <= set(r.edge_hexes)
        assert firsts == _nearest_free(r, g, uid, r.edge_hexes, base)
        why = g.check(Move(uid, (hexes[0],)))
        assert why is not None and why.rule == "1.10g" and "BW-R9" in why.reason


def test_1_10h_axis_area_entry_held_by_the_enemy_uses_the_nearest_free_edge_hexes():
    g = open_local("s5-assaulting-the-mill")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        to_action_phase(g, "axis")
        uid = "3-I-263-Inf1"
        _arriving(g, uid)
        base = set(r.entries_of(uid))
        sov = _soviets(g, len(base))
        assert len(sov) == len(base)
        for s, h in zip(sov, sorted(base)):
            put(g, s, r.ids.name(h))
        firsts = {m.path[0] for m in _entry_moves(g, uid)}
        assert firsts and firsts.isdisjoint(base) and firsts <= set(r.edge_hexes)
        assert firsts == _nearest_free(r, g, uid, r.edge_hexes, base)
        why = g.check(Move(uid, (sorted(base)[0],)))
        assert why is not None and why.rule == "1.10h" and "BW-R9" in why.reason


def _exit_battalion(g, bn_units, area):
    """Test set-up: record these Soviet units as exited through Entry Area ``area`` at full strength."""
    st = g.state
    ex = dict(st.extra.get("exited", {}))
    for x in bn_units:
        st.units[x] = st.units[x].at(None, LOST)
        ex[x] = (area, g.rules.spec(x).steps)
    st.extra["exited"] = ex
    st.touch()


def test_1_10h_an_intact_soviet_battalion_exited_through_an_area_closes_it_to_axis_reinforcements():
    g = open_local("s5-assaulting-the-mill")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        to_action_phase(g, "axis")
        uid = "3-I-263-Inf1"
        _arriving(g, uid)
        a_hexes = {h for h in r.entries_of(uid) if r.exit_area(h) == "A"}
        assert a_hexes and r.closed_areas(g.state) == frozenset()
        bns = sorted(r.soviet_formations("battalion").items())
        name, units = bns[0]
        _exit_battalion(g, units[:-1], "A")  # most of it, but is it 80% of the original steps?
        intact = r.intact_exit(g.state, units, "A")
        assert (r.closed_areas(g.state) == frozenset("A")) == intact
        _exit_battalion(g, units, "A")
        assert r.closed_areas(g.state) == frozenset("A")
        firsts = {m.path[0] for m in _entry_moves(g, uid)}
        assert firsts and firsts.isdisjoint(a_hexes) and firsts <= set(r.entries_of(uid))
        why = g.check(Move(uid, (sorted(a_hexes)[0],)))
        assert why is not None and why.rule == "1.10h" and "intact Soviet battalion" in why.reason


def test_1_10h_a_battalion_exited_below_80_percent_does_not_close_the_area():
    g = open_local("s5-assaulting-the-mill")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        name, units = sorted(r.soviet_formations("battalion").items())[0]
        st = g.state
        st.extra["exited"] = {x: ("A", 1) for x in units}  # one step each: far below 80%
        st.touch()
        assert not r.intact_exit(st, units, "A")
        assert r.closed_areas(st) == frozenset()


def test_1_10h_every_area_closed_leaves_the_reinforcement_no_entry_and_says_why():
    g = open_local("s5-assaulting-the-mill")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        to_action_phase(g, "axis")
        uid = "3-I-263-Inf1"
        _arriving(g, uid)
        bns = sorted(r.soviet_formations("battalion").items())
        for (_name, units), area in zip(bns, "ABCD"):
            _exit_battalion(g, units, area)
        assert {"A", "B", "C", "D"} <= r.closed_areas(g.state)
        assert _entry_moves(g, uid) == []
        why = g.check(Move(uid, (sorted(r.entries_of(uid))[0],)))
        assert why is not None and why.rule == "1.10h" and "no other" in why.reason


def test_decision_BW_E5_an_area_whose_edge_hexes_the_enemy_holds_offers_no_exit_there():
    """BW-E5: exits get no substitute hex; a unit must stand in the edge hex it leaves from, so
    an enemy on every hex of an area keeps exits (and the 5.1 credit) from that area."""
    with s1() as g:
        r = g.rules
        to_action_phase(g, "soviet")
        h_area = sorted(h for h in r.edge_hexes if r.exit_area(h) == "H")
        assert h_area
        start = min((h for h in r.area if h not in r.edge_hexes and r.board.terrain[h] == "open"
                     and 1 <= min(distance(h, x) for x in h_area) <= 2),
                    key=lambda h: min(distance(h, x) for x in h_area))
        put(g, "1-708-Inf1", r.ids.name(start), mode="move")
        free = {a.path[-1] for a in g.legal_actions() if isinstance(a, Exit) and a.unit == "1-708-Inf1" and a.path}
        assert free & set(h_area)
        axis = [u for u in sorted(g.state.units) if r.side_of(u) == "axis" and not r.spec(u).vehicle]
        for a, h in zip(axis, h_area):
            put(g, a, r.ids.name(h))
        left = {a.path[-1] for a in g.legal_actions() if isinstance(a, Exit) and a.unit == "1-708-Inf1" and a.path}
        assert left.isdisjoint(h_area)
