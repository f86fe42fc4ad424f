"""retreat.retreat_within_mp: retreats that may not enter an enemy zone nor cost more than the MP."""
from __future__ import annotations

from hexwar.core.hexgrid import distance, neighbors
from hexwar.core.retreat import retreat_within_mp

from ._support import H

ORIGIN = H("0505")


def adj(h):
    return [n for n in neighbors(h) if 1 <= n.col <= 9 and 1 <= n.row <= 9]


def run(mp=9.0, cost=lambda a, b: 1.0, ezoc=frozenset(), forbid=True):
    return retreat_within_mp(ORIGIN, 2, adj, enemy_at=lambda h: False, in_ezoc=lambda h: h in ezoc,
                             can_end=lambda h: True, step_cost=cost, mp=mp, forbid_ezoc=forbid)


def test_paths_go_the_full_distance_within_the_mp():
    ps = run()
    assert ps and all(len(p.hexes) == 2 and distance(ORIGIN, p.hexes[-1]) == 2 for p in ps)
    assert run(mp=1.0) == []  # two hexes at 1 MP each do not fit in 1 MP


def test_a_step_with_no_entry_or_too_dear_removes_the_path():
    dear = {n for n in neighbors(ORIGIN)}
    assert run(cost=lambda a, b: None if b in dear else 1.0) == []
    assert run(cost=lambda a, b: 8.0 if b in dear else 1.0, mp=6.0) == []


def test_enemy_zones_are_forbidden_unless_allowed():
    z = frozenset(neighbors(ORIGIN))
    assert run(ezoc=z) == []
    assert run(ezoc=z, forbid=False)
