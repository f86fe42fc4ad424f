"""A unit's paths are kept across states while no blocked hex changed next to the hexes its
search reached (TCS-lite §7.1): an enemy moving far away leaves them as they were, one moving
into the unit's way makes a new search; both give the fresh search's answer."""
from __future__ import annotations

from hexwar.core.hexgrid import distance

from .helpers import put, s1, to_action_phase
from .test_speed_caches import fresh_reach


def _paths_of(r, st, uid):
    u, s = st.units[uid], r.spec(uid)
    mp, ma = r.mp_of(st, uid)
    return r._paths(u.hex, mp, ma, s.move_class, r._block_set(st, uid)[0])


def test_7_1_paths_kept_while_the_blocked_hexes_change_only_away_from_the_unit():
    with s1() as g:
        r = g.rules
        to_action_phase(g, "soviet")
        uid = "1-708-Inf1"
        open_ground = sorted(h for h in r.area if r.board.terrain[h] == "open" and h not in r.ter.wire)
        home = open_ground[len(open_ground) // 2]
        put(g, uid, r.ids.name(home), mode="move")
        foe = next(u for u in sorted(g.state.units) if r.side_of(u) == "axis" and not r.spec(u).vehicle)
        far = [h for h in open_ground if distance(h, home) > 12]
        put(g, foe, r.ids.name(far[0]))
        st = g.state
        first = _paths_of(r, st, uid)
        assert r.reach(st, uid) == fresh_reach(r, st, uid)

        put(g, foe, r.ids.name(far[-1]))  # the enemy moves, still far away: a new blocked set
        st = g.state
        assert _paths_of(r, st, uid) is first
        assert r.reach(st, uid) == fresh_reach(r, st, uid)

        reached = sorted(first, key=lambda h: (distance(h, home), h))
        way = next(h for h in reached if distance(h, home) == 2 and h in open_ground)
        put(g, foe, r.ids.name(way))  # now in the unit's way: a new search
        st = g.state
        again = _paths_of(r, st, uid)
        assert again is not first and way not in again
        assert r.reach(st, uid) == fresh_reach(r, st, uid)
