"""1.4b breaching (moves.py; decision BW-W1): the full breach comes in a later turn than the
partial one, and only the Soviets breach wire."""
from __future__ import annotations

from hexwar.games.black_wednesday.verbs import Breach

from .helpers import H, fixed, put, s1, to_action_phase

WIRE = "B14.30"


def _partial(g):
    """A Soviet platoon partially breaches B14.30 from B13.30; a second one waits with it."""
    to_action_phase(g, "soviet")
    put(g, "1-708-Inf1", "B13.30", mode="move")
    put(g, "1-708-Inf2", "B13.30", mode="move")
    g.state.extra["adj_wire"] = frozenset({"1-708-Inf1", "1-708-Inf2"})
    fixed(g, [])
    g.apply(Breach("1-708-Inf1", H(g, WIRE)))
    assert g.rules.wire_state(g.state, H(g, WIRE)) == 1


def test_1_4b_a_second_unit_cannot_complete_the_breach_in_the_same_phase():
    with s1() as g:
        _partial(g)
        b = Breach("1-708-Inf2", H(g, WIRE))
        why = g.check(b)
        assert why is not None and why.rule == "1.4b" and "later turn" in why.reason
        assert b not in g.legal_actions()


def test_1_4b_the_full_breach_comes_in_the_next_turn():
    with s1() as g:
        _partial(g)
        g.state.turn += 1
        g.rules.start_action(g.state, "soviet", g.dice)  # the next turn's Soviet Action Phase
        b = Breach("1-708-Inf2", H(g, WIRE))
        assert g.check(b) is None and b in g.legal_actions()
        fixed(g, [])
        g.apply(b)
        assert g.rules.wire_state(g.state, H(g, WIRE)) == 2
        assert g.state.units["1-708-Inf2"].hex == H(g, WIRE)


def test_1_4b_axis_units_do_not_breach_wire():
    with s1() as g:
        to_action_phase(g, "axis")
        put(g, "1-I-262-Inf2", "B15.32", mode="move")  # next to the wire at B14.32
        g.state.extra["adj_wire"] = frozenset({"1-I-262-Inf2"})
        b = Breach("1-I-262-Inf2", H(g, "B14.32"))
        why = g.check(b)
        assert why is not None and why.rule == "1.4b" and "only Soviet" in why.reason
        assert not [a for a in g.legal_actions() if isinstance(a, Breach)]
