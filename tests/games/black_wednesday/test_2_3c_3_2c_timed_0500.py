"""0500 Feb 11 (timed.py): both sides' ammunition reinforcements (2.3c, 3.2c) and the 2nd and
3rd battalions of the 162nd leaving play (2.3). Scenario 3 in its campaign version (5.1) runs
through that turn."""
from __future__ import annotations

from hexwar.core.hexgrid import use_hex_ids
from hexwar.games.black_wednesday.rules import clock, day

from .helpers import open_local


def _turn_of(g, hhmm: int, d: int) -> int:
    r = g.rules
    return next(t for t in range(1, 200) if clock(r.scen.first_time, t) == hhmm and day(r.scen.first_time, t) == d)


def test_2_3c_3_2c_ammunition_arrives_at_0500_feb_11_and_2_3_two_162_battalions_leave():
    g = open_local("s3-assault-the-line", options={"campaign": True})
    r = g.rules
    with use_hex_ids(r.ids):
        st = g.state
        t = _turn_of(g, 500, 1)
        before = {p: {c: dict(k) for c, k in v.items()} for p, v in st.extra["ammo"].items()}
        st.turn = t - 1
        assert not r.past_0500_feb11(st) and r.timed_events(st) == []
        assert "2-162-43" in r.artillery_of("soviet", st) and "3-162-43" in r.artillery_of("soviet", st)
        st.turn = t
        ev = r.timed_events(st)
        after = st.extra["ammo"]

        def gained(pool, cal, kind):
            return after[pool][cal][kind] - before.get(pool, {}).get(cal, {}).get(kind, 0)
        assert (gained("soviet", "76mm", "HE"), gained("soviet", "76mm", "Smoke")) == (50, 20)  # 2.3c
        assert (gained("soviet", "122mm", "HE"), gained("soviet", "122mm", "Smoke")) == (20, 5)
        assert (gained("axis", "105mm", "HE"), gained("axis", "105mm", "Smoke")) == (20, 20)  # 3.2c Spanish
        assert (gained("axis", "150mm", "HE"), gained("axis", "150mm", "Smoke")) == (50, 20)
        assert (gained("german", "105mm", "HE"), gained("german", "150mm", "HE")) == (100, 120)  # 3.2c German
        assert any("2.3c" in e.text for e in ev) and any("3.2c" in e.text for e in ev)
        assert any("leave play" in e.text and "(2.3)" in e.text for e in ev)
        arty = r.artillery_of("soviet", st)
        assert "2-162-43" not in arty and "3-162-43" not in arty and "1-162-43" in arty


def test_2_3c_nothing_happens_in_a_scenario_that_starts_after_0500_feb_11():
    g = open_local("s8-counter-attack")
    r = g.rules
    with use_hex_ids(r.ids):
        for t in range(1, r.scen.turns + 1):
            g.state.turn = t
            assert r.timed_events(g.state) == []
        assert r.past_0500_feb11(g.state)  # and the two 162nd battalions are gone (not in Scen. 8's list anyway)
