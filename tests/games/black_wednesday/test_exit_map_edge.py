"""BW 5.0 exiting the map (exits.py): a unit in the map-edge hexrow leaves play for 1 MP."""
from __future__ import annotations

import pytest

from hexwar.core.actions import parse_action
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import LOST
from hexwar.games.black_wednesday.exits import Exit

from .helpers import H, clear_map, open_local, put, to_action_phase

INF = "1-269-Inf1"  # a 63 Guards rifle platoon: MA 4 (foot), 5 steps


@pytest.fixture()
def g():
    """Scenario 2 (sheet B, Entry Areas F and G on its south edge), an empty map, the Soviet
    Action Phase."""
    game = open_local("s2-assault-of-the-guards")
    with use_hex_ids(game.rules.ids):
        clear_map(game)
        to_action_phase(game, "soviet")
        game.state.extra["orders"] = {}  # unassigned: no §16.6 order limits on these moves
        yield game


def test_5_0_exit_from_an_edge_hex_leaves_play_and_is_not_a_lost_unit(g):
    put(g, INF, "B62.08", mode="move")
    lost = dict(g.state.extra["lost"])
    a = Exit(INF)
    assert a in g.legal_actions()
    assert g.check(a) is None
    ev = g.apply(a)
    u = g.state.units[INF]
    assert u.where == LOST and u.hex is None
    assert g.state.extra["exited"][INF] == ("F", 5)  # left through Entry Area F with all 5 steps
    assert g.state.extra["lost"] == lost  # 5.0: exited units are not lost units
    assert any(e.kind == "exited" and "Entry Area F" in e.text for e in ev)
    assert a not in g.legal_actions()


def test_5_0_move_into_the_edge_hexrow_then_pay_one_mp_in_one_action(g):
    put(g, INF, "B60.08", mode="move")  # two forest hexes (1 MP each) from the edge
    path = (H(g, "B61.08"), H(g, "B62.08"))
    a = Exit(INF, path)
    assert g.check(a) is None
    assert a in g.legal_actions()
    g.apply(a)
    assert g.state.units[INF].where == LOST
    assert g.state.extra["exited"][INF][0] == "F"


def test_5_0_exit_refusals_cite_5_0(g):
    put(g, INF, "B58.08", mode="move")
    why = g.check(Exit(INF))
    assert why is not None and why.rule == "5.0" and "edge" in why.reason
    # a path that does not end on the edge
    why = g.check(Exit(INF, (H(g, "B59.08"),)))
    assert why is not None and why.rule == "5.0"
    # four forest hexes to the edge cost the whole MA 4: nothing left for the exit MP
    path = tuple(H(g, f"B{r}.08") for r in (59, 60, 61, 62))
    why = g.check(Exit(INF, path))
    assert why is not None and why.rule == "5.0" and "1 more" in why.reason
    # Paralyzed
    put(g, INF, "B62.08", mode="move", status="P")
    why = g.check(Exit(INF))
    assert why is not None and why.rule == "5.0" and "Paralyzed" in why.reason
    # already acted this phase
    put(g, INF, "B62.08", mode="move")
    g.state.extra["acted"] = frozenset({INF})
    why = g.check(Exit(INF))
    assert why is not None and why.rule == "5.0" and "already acted" in why.reason


def test_5_0_fire_mode_pays_half_the_ma_first(g):
    put(g, INF, "B62.08", mode="fire")  # MA 4: 2 MP left after the mode change, enough to leave
    assert g.check(Exit(INF)) is None
    path = (H(g, "B61.08"), H(g, "B62.08"))
    put(g, INF, "B60.08", mode="fire")  # 2 MP: two forest hexes and the exit MP are 3
    why = g.check(Exit(INF, path))
    assert why is not None and why.rule == "5.0" and "has 2 MP" in why.reason
    assert Exit(INF, path) not in g.legal_actions()
    put(g, INF, "B60.08", mode="move")  # 4 MP in Move Mode
    assert g.check(Exit(INF, path)) is None


def test_5_0_decision_25_no_exit_from_an_edge_hex_outside_the_entry_areas(g):
    """TCS-lite §7.7, Decision 25 (BW-E1): Soviet units leave only through Entry Areas A-H."""
    put(g, INF, "B62.24", mode="move")  # the south edge east of G, in no Entry Area
    assert g.rules.exit_area(H(g, "B62.24")) == ""
    why = g.check(Exit(INF))
    assert why is not None and why.rule == "5.0" and "no Entry Area" in why.reason
    assert not [a for a in g.legal_actions() if isinstance(a, Exit)]
    put(g, INF, "B61.24", mode="move")  # a move that ends there is refused the same way
    why = g.check(Exit(INF, (H(g, "B62.24"),)))
    assert why is not None and why.rule == "5.0" and "no Entry Area" in why.reason
    put(g, INF, "B01.20", mode="move")  # the Soviets' own north edge: no exit either
    assert "no Entry Area" in g.check(Exit(INF)).reason


def test_5_0_decision_25_axis_units_never_leave_the_map(g):
    to_action_phase(g, "axis")
    put(g, "5-II-262-Inf1", "B62.08", mode="move")  # an edge hex of Entry Area F
    why = g.check(Exit("5-II-262-Inf1"))
    assert why is not None and why.rule == "5.0" and "only Soviet units" in why.reason
    assert not [a for a in g.legal_actions() if isinstance(a, Exit)]


def test_5_0_exit_notation_reads_back(g):
    a = Exit(INF, (H(g, "B61.08"), H(g, "B62.08")))
    assert a.notation() == "exit 1-269-Inf1 B61.08 B62.08"
    assert parse_action(a.notation()) == a
    assert parse_action("exit 1-269-Inf1") == Exit(INF)


def test_5_0_intact_is_80_percent_of_the_original_steps_through_the_named_areas(g):
    """Decision BW-E2: original steps are the printed ones; only exits through the named areas."""
    r = g.rules
    units = ["1-269-Inf1", "1-269-Inf2"]  # 10 steps: 8 needed
    g.state.extra["exited"] = {"1-269-Inf1": ("F", 5), "1-269-Inf2": ("G", 3)}
    assert r.intact_exit(g.state, units)
    g.state.extra["exited"] = {"1-269-Inf1": ("F", 5), "1-269-Inf2": ("G", 2)}
    assert not r.intact_exit(g.state, units)
    g.state.extra["exited"] = {"1-269-Inf1": ("F", 5), "1-269-Inf2": ("A", 5)}
    assert not r.intact_exit(g.state, units)  # Entry Area A does not count for 5.1
    assert r.intact_exit(g.state, units, areas="AF")


def test_decision_BW_E3_order_limits_apply_to_the_move_not_to_the_exit_itself():
    """On its scenario order (Scen. 2: the 63 Gd attack), a platoon in the edge row may still
    leave: the exit step is no move to a hex, so §16.6 does not measure it."""
    game = open_local("s2-assault-of-the-guards")
    with use_hex_ids(game.rules.ids):
        clear_map(game)
        to_action_phase(game, "soviet")
        assert game.rules.order_of(game.state, INF) is not None
        put(game, INF, "B62.08", mode="move")
        assert game.check(Exit(INF)) is None
        put(game, INF, "B60.08", mode="move")  # a move away from the objective is still refused (§16.6)
        why = game.check(Exit(INF, (H(game, "B61.08"), H(game, "B62.08"))))
        assert why is not None and why.rule == "§16.6"
