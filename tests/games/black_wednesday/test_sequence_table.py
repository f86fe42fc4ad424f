"""Black Wednesday's sequence of play as data on the core's phase machine (phases.py): the
rows' sides follow the state, every order verb is taken wherever orders are, and each phase's
refusal of what it does not take keeps its rule and words."""
from __future__ import annotations

from hexwar.core.actions import EndPhase, Move, Place, Remove
from hexwar.core.sequence import Sequence
from hexwar.games.black_wednesday.orders import OrderAct
from hexwar.games.black_wednesday.phases import ORDER_TYPES, PHASES
from hexwar.games.black_wednesday.rules import BWRules

from .helpers import put, s1, to_action_phase


def test_the_rules_stand_on_the_core_sequence_and_every_phase_has_a_table():
    assert issubclass(BWRules, Sequence)
    with s1() as g:
        for p in PHASES:
            assert isinstance(g.rules.phase_handlers(p.kind), dict)


def test_every_order_verb_is_in_the_tables_wherever_orders_are_taken():
    def subclasses(c: type) -> set[type]:
        return {c} | {x for s in c.__subclasses__() for x in subclasses(s)}
    assert subclasses(OrderAct) == set(ORDER_TYPES)
    with s1() as g:
        for p in PHASES:
            table = g.rules.phase_handlers(p.kind)
            assert all((t in table) == (p.kind != "soviet_setup") for t in ORDER_TYPES), p.id


def test_the_side_of_a_phase_comes_from_the_state_where_it_changes():
    with s1() as g:
        st, r = g.state, g.rules
        assert r.phase(st).side == "soviet" and r.acting_side(st) == "soviet"  # the Prep Log
        st.phase = "command"
        st.extra["cmd"] = "soviet"
        assert r.phase(st).side == "soviet"
        del st.extra["cmd"]
        assert r.phase(st).side == "axis"  # the Axis player's command step when unset
        to_action_phase(g, "axis")
        assert r.phase(st).side == "axis" and r.phase(st).name == "Action Phase"


def test_each_phase_refuses_what_it_does_not_take_with_its_own_rule():
    with s1() as g:
        st, r = g.state, g.rules
        assert (r.check(st, Move("nobody", ())).rule, r.check(st, Move("nobody", ())).reason) == (
            "2.4", "first fill the Prep Log (a target for a box of it, in the side panel) or end the phase")
        st.phase = "initiative"
        why = r.check(st, EndPhase())
        assert (why.rule, why.reason) == ("§3.3", "first choose who acts first this turn: the Soviet or the Axis "
                                                  "player (the buttons in the side panel)")
        st.phase = "clean_up"
        assert r.check(st, Remove("x")).reason == "Clean Up: consolidate or end"


def test_the_action_phase_checks_its_units_ahead_of_the_table():
    with s1() as g:
        to_action_phase(g, "soviet")
        st, r = g.state, g.rules
        axis = next(u for u in st.units if r.side_of(u) == "axis")
        soviet = next(u for u in st.units if r.side_of(u) == "soviet")
        put(g, axis, "B34.16")
        why = r.check(st, Place("nobody", next(iter(r.area))))
        assert (why.rule, why.reason) == ("", "there is no unit nobody")
        why = r.check(st, Move(axis, ()))
        assert (why.rule, why.reason) == ("§3.4", f"{axis} is not a unit of the phasing player")
        place = Place(soviet, min(r.area))
        why = r.check(st, place)
        assert (why.rule, why.reason) == ("", f"{place.notation()} is not an action of this game")


def test_the_entrys_phase_list_is_the_sequence_table():
    """The entry names the phases without importing the rules (the menu needs only it), so its
    list is written out twice; this keeps the two the same: ids, names, rules, kinds, sides."""
    from hexwar.games.black_wednesday import GAME

    kinds = {"prep_log": "choice", "axis_setup": "setup", "soviet_setup": "setup", "command": "choice",
             "initiative": "choice", "action": "action", "clean_up": "housekeeping", "over": "housekeeping"}
    assert [(p.id, p.name, p.rule, p.side) for p in GAME.sequence] == [
        (p.id, p.name, p.rule, p.side) for p in PHASES]
    assert {p.id: p.kind for p in GAME.sequence} == {p.id: kinds[p.kind] for p in PHASES}
