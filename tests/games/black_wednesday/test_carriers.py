"""Tanks as carriers (BW 1.11b, TCS-lite §7.6): Axis infantry ride Axis tracked vehicles,
Soviet units never do."""
from __future__ import annotations

import math
from contextlib import contextmanager

from hexwar.core.actions import Move
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ON_MAP
from hexwar.games.black_wednesday.carriers import Load, Unload
from hexwar.games.black_wednesday.verbs import Mode

from .helpers import H, clear_map, fixed, open_local, put, s1, to_action_phase

STUG, RIDER = "1-226-StuG1", "3-I-262-Inf1"


@contextmanager
def s2_axis():
    g = open_local("s2-assault-of-the-guards", seed=0)
    with use_hex_ids(g.rules.ids):
        clear_map(g)
        to_action_phase(g, "axis")
        g.state.extra["reserve"] = frozenset()
        yield g


def test_1_11b_soviet_units_never_ride_tanks():
    with s1() as g:
        clear_map(g)
        to_action_phase(g, "soviet")
        put(g, "1ITB-T341", "B09.31", mode="move")
        put(g, "1-708-Inf1", "B09.31", mode="move")
        assert g.check(Load("1-708-Inf1", "1ITB-T341")).rule == "1.11b"
        assert not any(isinstance(a, Load) for a in g.legal_actions())


def test_1_11b_axis_rider_loads_moves_with_its_vehicle_and_cannot_act_alone():
    """tcs decision 66."""
    with s2_axis() as g:
        r = g.rules
        put(g, STUG, "B32.17", mode="move")
        put(g, RIDER, "B32.17", mode="move")
        assert Load(RIDER, STUG) in g.legal_actions()
        assert Load(RIDER, STUG).notation() == f"load {RIDER} {STUG}"
        full = r.mp_of(g.state, STUG)[0]
        g.apply(Load(RIDER, STUG))
        assert r.carrier_of(g.state, RIDER) == STUG
        assert r.mp_of(g.state, STUG)[0] == full - math.ceil(r.spec(STUG).ma / 2)  # half the MA
        # the rider neither moves, changes mode, fires nor spots by itself
        g.state.extra["acted"] = frozenset()
        g.state.touch()
        assert g.check(Move(RIDER, (H(g, "B32.18"),))).rule == "1.11b"
        assert g.check(Mode(RIDER, "fire")).rule == "1.11b"
        assert r.reach(g.state, RIDER) == {}
        # the vehicle moves and takes its rider along
        dest, path = sorted(r.reach(g.state, STUG).items())[0]
        g.apply(Move(STUG, path))
        assert g.state.units[RIDER].hex == g.state.units[STUG].hex == dest
        assert r.carrier_of(g.state, RIDER) == STUG


def test_1_11b_unload_in_a_later_phase_costs_the_vehicle_half_its_ma():
    with s2_axis() as g:
        r = g.rules
        put(g, STUG, "B32.17", mode="move")
        put(g, RIDER, "B32.17", mode="move")
        g.apply(Load(RIDER, STUG))
        assert g.check(Unload(RIDER)).rule == "§3.4"  # loading was its action this phase
        g.state.turn += 1  # a later Axis Action Phase
        g.state.extra["acted"] = frozenset()
        g.state.touch()
        full = r.mp_of(g.state, STUG)[0]
        assert Unload(RIDER) in g.legal_actions()
        g.apply(Unload(RIDER))
        assert r.carrier_of(g.state, RIDER) is None
        assert r.mp_of(g.state, STUG)[0] == full - math.ceil(r.spec(STUG).ma / 2)
        assert g.check(Unload(RIDER)).rule == "1.11b"


def test_1_11b_only_foot_units_that_are_not_guns_ride_one_per_vehicle():
    with s2_axis() as g:
        put(g, STUG, "B32.17", mode="move")
        put(g, RIDER, "B32.17", mode="move")
        put(g, "3-I-262-Inf2", "B32.17", mode="move")
        g.apply(Load(RIDER, STUG))
        assert g.check(Load("3-I-262-Inf2", STUG)).rule == "1.11b"  # one rider per vehicle
        put(g, "1-226-StuG2", "B32.17")  # Fire Mode
        assert g.check(Load("3-I-262-Inf2", "1-226-StuG2")).rule == "1.11b"


def test_1_11b_a_rider_falls_with_its_knocked_out_vehicle():
    with s2_axis() as g:
        r = g.rules
        put(g, STUG, "B32.17", mode="move")
        put(g, RIDER, "B32.17", mode="move")
        g.apply(Load(RIDER, STUG))
        steps = g.state.units[RIDER].steps
        fixed(g, [6, 6, 1, 1])  # the AT roll kills; the rider's morale roll 2
        ev = r.at_roll(g.state, g.dice, STUG, 20)
        assert g.state.units[STUG].where != ON_MAP
        assert g.state.units[RIDER].steps == steps - 1 and r.carrier_of(g.state, RIDER) is None
        assert any(e.kind == "morale" for e in ev)


def test_1_11b_fire_at_a_hex_of_riders_treats_them_as_open_and_moving():
    """tcs decision 66."""
    with s2_axis() as g:
        r = g.rules
        h = next(x for x in sorted(r.area) if r.ter.combat_class(x, False) != "open" and x not in r.ter.wire)
        hid = r.ids.name(h)
        put(g, STUG, hid, mode="move")
        put(g, RIDER, hid, mode="move")
        before = dict(r.area_shifts(g.state, h, "sfa"))
        assert any(k.startswith("terrain") for k in before)
        g.apply(Load(RIDER, STUG))
        after = dict(r.area_shifts(g.state, h, "sfa"))
        assert not any(k.startswith("terrain") and k != "terrain open" for k in after)
        assert "target in Move Mode" in after
