"""The engine's line of sight in detail (``line_detail``, los.py): TCS-lite §6.2, 1.2a (the
railway embankment at 80 m), 1.8 (the visibility limit) and §13.8 (Level 2 smoke, Illum): the
verdict is always ``sees_hex``'s, and the blocking hex, cause and rule are the first the line
meets."""
from __future__ import annotations

import random

from hexwar.core.hexgrid import distance

from .helpers import H, s1


def _lines(g, n, seed=7, slack=3):
    r = g.rules
    area = sorted(r.area)
    rng = random.Random(seed)
    limit = r.period(g.state)[1]
    out = []
    while len(out) < n:
        a, b = rng.choice(area), rng.choice(area)
        if distance(a, b) <= limit + slack:
            out.append((a, b))
    return out


def test_6_2_line_detail_agrees_with_sees_hex_and_terrain_line_on_600_lines():
    """§6.2: on 600 random lines of the play area the detail's verdict is ``sees_hex``'s, it names
    a blocking hex exactly when ``Terrain.line`` finds the line blocked, that hex lies on the
    line, and every cause of the walk is met (forest, higher ground, the embankment 1.2a, the
    visibility limit 1.8)."""
    with s1() as g:
        r, st = g.rules, g.state
        causes = set()
        for a, b in _lines(g, 600):
            d = r.line_detail(st, a, b)
            assert d.clear == r.sees_hex(st, a, b)
            assert d.distance == distance(a, b)
            causes.add(d.cause)
            if 1 < d.distance <= d.limit:
                blocked, between = r.ter.line(a, b)
                assert (d.block is not None) == blocked, d
                if d.block is not None:
                    assert d.block in between and not d.clear and d.top is not None and d.top >= 0
            if d.cause == "visibility":
                assert d.distance > d.limit and not d.clear and d.rule == "1.8" and d.block is None
            if d.cause == "embankment":
                assert d.rule == "1.2a" and d.block in r.ter.rail and d.top == 80
            if d.cause in ("obstacle", "ground"):
                assert d.rule == "§6.2" and d.what
        assert {"clear", "visibility", "embankment", "obstacle", "ground"} <= causes, causes
        assert "blocked" not in causes  # the walk never meets a cause it cannot name


def test_6_2_adjacent_hexes_always_see_each_other():
    with s1() as g:
        r, st = g.rules, g.state
        a = H(g, "B12.30")
        for b in r.board.adjacent(a):
            d = r.line_detail(st, a, b)
            assert d.clear and d.cause == "adjacent" and d.rule == "§6.2"


def test_13_8_level_2_smoke_blocks_and_is_named():
    """§13.8: Level 2 smoke on the line (or at either end) blocks it; the detail names the smoke
    hex; Level 1 does not block."""
    with s1() as g:
        r, st = g.rules, g.state
        a, b = next((a, b) for a, b in _lines(g, 400, seed=5, slack=0)
                    if r.line_detail(st, a, b).cause == "clear" and distance(a, b) >= 3)
        mid = r.ter.line(a, b)[1][0]
        st.extra = {**st.extra, "smoke": {mid: 1}}
        assert r.line_detail(st, a, b).clear
        st.extra = {**st.extra, "smoke": {mid: 2}}
        d = r.line_detail(st, a, b)
        assert not d.clear and not r.sees_hex(st, a, b)
        assert (d.cause, d.block, d.rule, d.what) == ("smoke", mid, "§13.8", "Level 2 smoke")
        st.extra = {**st.extra, "smoke": {b: 2}}
        assert r.line_detail(st, a, b).block == b


def test_1_8_visibility_limit_and_13_8_illum_lengthens_it():
    """1.8: beyond the limit (the lesser of the time of day's and the weather's: snow) nothing is
    seen; §13.8: into an Illum area the limit is at least 10."""
    with s1() as g:
        r, st = g.rules, g.state
        st.extra = {**st.extra, "weather": "snow"}
        kind, limit = r.period(st)
        assert limit < 10
        far = next((a, b) for a, b in _lines(g, 2000, seed=9, slack=12)
                   if limit < distance(a, b) <= 10 and not r.ter.line(a, b)[0])
        d = r.line_detail(st, *far)
        assert (d.cause, d.rule, d.clear, d.limit, d.period) == ("visibility", "1.8", False, limit, kind)
        st.extra = {**st.extra, "illum": frozenset({far[1]})}
        d = r.line_detail(st, *far)
        assert d.limit == 10 and d.clear and d.cause == "clear"
