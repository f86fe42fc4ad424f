"""TCS-lite §16.8 with decision BW-F1: a reserve not yet released calls no artillery mission
(the audit's random game had a reserve mortar of 4-I-262 spotting for the 250's batteries)."""
from __future__ import annotations

from hexwar.games.black_wednesday.verbs import Call

from .helpers import H, put, s1, to_action_phase

MTR = "4-I-262-Mtr2"  # a Scen. 1 reserve (4-I-262)


def test_tcs_16_8_a_reserve_calls_no_artillery_until_released_decision_BW_F1():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, MTR, "B16.31")
        put(g, "1-708-Inf1", "B12.31")  # a Soviet platoon in sight
        g.state.extra["reserve"] = frozenset({MTR})
        call = Call(MTR, "1-250", H(g, "B12.31"))
        why = g.check(call)
        assert why is not None and why.rule == "§16.8" and "reserve" in why.reason
        assert not [a for a in g.legal_actions() if isinstance(a, Call) and a.spotter == MTR]
        g.state.extra["reserve"] = frozenset()  # released
        assert g.check(call) is None and call in g.legal_actions()
