"""The line-of-sight speed-ups give the plain computation's answers (TCS-lite §6.2): a line drawn
with the rounding inlined (``Terrain._line``), lines drawn all at once from one spotter with numpy
(``Terrain.lines_from``), and the calls for fire listed once per spotter and target (§13.2)."""
from __future__ import annotations

import random

from hexwar.core.hexgrid import distance
from hexwar.games.black_wednesday.verbs import Call

from .helpers import open_local


def _board_lines(g, n, seed, reach=25):
    hexes = sorted(g.rules.board.terrain)
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        a, b = rng.choice(hexes), rng.choice(hexes)
        if distance(a, b) <= reach:
            out.append((a, b))
    return out


def test_6_2_inlined_line_is_the_plain_line_on_3000_lines_of_both_sheets():
    g = open_local("s6-the-assault-continues")
    ter = g.rules.ter
    hexes = sorted(g.rules.board.terrain)
    pairs = _board_lines(g, 3000, seed=11) + [(h, h) for h in hexes[:5]] + [(hexes[0], hexes[1])]
    blocked = 0
    for a, b in pairs:
        got = ter._line(a, b)
        assert got == ter.line_plain(a, b), (a, b)
        blocked += got[0]
    assert 0 < blocked < len(pairs)  # both verdicts met


def test_6_2_lines_drawn_together_from_one_spotter_are_the_plain_lines():
    g = open_local("s6-the-assault-continues")
    ter, cache = g.rules.ter, g.rules.board.cache
    hexes = sorted(g.rules.board.terrain)
    rng = random.Random(5)
    for a in [hexes[0], hexes[-1]] + rng.sample(hexes, 6):  # two corners: lines leave the board
        targets = [b for b in hexes if distance(a, b) <= 22]
        for k in [k for k in cache if isinstance(k, tuple) and k[:2] == ("los", a)]:
            del cache[k]
        ter.lines_from(a, targets)
        for b in targets:
            assert cache[("los", a, b)] == ter.line_plain(a, b), (a, b)
            assert ter.line(a, b) == ter.line_plain(a, b)
    a = rng.choice(hexes)  # with a reach: the lines within it alone
    targets = [b for b in hexes if distance(a, b) <= 22]
    ter.lines_from(a, targets, 10)
    assert {b for b in targets if ("los", a, b) in cache} == {b for b in targets if 1 < distance(a, b) <= 10}


def _plain_calls(r, st, uid):
    """§13.2 by the definition: every battery and enemy hex whose mission the check allows."""
    if r.may_spot(st, uid) is not None:
        return []
    side = r.side_of(uid)
    hexes = sorted({e.map_hex for e in r.on_map(st, r.enemy_of(side))})
    return [Call(uid, art, h) for art in r.artillery_of(side, st) for h in hexes
            if r.check_call(st, Call(uid, art, h)) is None]


def test_13_2_calls_for_fire_listed_once_per_target_match_checking_every_mission():
    g = open_local("s1-turning-the-left", seed=3)
    r = g.rules
    rng = random.Random(3)
    checked = calls = states = 0
    while g.result() is None and states < 8:
        st = g.state
        if st.phase == "action" and rng.random() < 0.1:
            states += 1
            for uid in sorted(st.units):
                if st.units[uid].where == "map":
                    got = r.calls_for(st, uid)
                    assert got == _plain_calls(r, st, uid), uid
                    checked += 1
                    calls += len(got)
        g.apply(rng.choice(g.legal_actions()))
    assert checked > 100 and calls > 50
