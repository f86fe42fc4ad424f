"""Entry refusals name their rule: 1.10g (Soviet north edge), 1.10h (Axis Entry Areas), the
scenario for a unit the set-up places on a given hex, and the scenario for hexes outside
its play area."""
from __future__ import annotations

from hexwar.core.actions import Move
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ARRIVING, ON_MAP, Unit

from .helpers import H, open_local, put, s1, to_action_phase


def _arriving(g, uid):
    u = g.state.units[uid]
    g.state.units[uid] = Unit(u.id, u.spec, ARRIVING, None, u.steps, True, 1)
    g.state.touch()


def test_1_10h_axis_reinforcement_outside_its_entry_areas_is_refused_citing_1_10h():
    g = open_local("s5-assaulting-the-mill")
    with use_hex_ids(g.rules.ids):
        r = g.rules
        to_action_phase(g, "axis")
        _arriving(g, "3-I-263-Inf1")
        entries = r.entries_of("3-I-263-Inf1")
        assert entries and {r.ids.name(h)[0] for h in entries} == {"A"}
        inside = sorted(h for h in r.area if h not in entries and r.board.terrain[h] == "open")[0]
        why = g.check(Move("3-I-263-Inf1", (inside,)))
        assert why is not None and why.rule == "1.10h" and "A-D" in why.reason
        ok = [a for a in g.legal_actions() if isinstance(a, Move) and a.unit == "3-I-263-Inf1"]
        assert ok and all(a.path[0] in entries for a in ok)


def test_1_10g_soviet_reinforcement_off_the_north_edge_is_refused_citing_1_10g():
    with s1() as g:
        to_action_phase(g, "soviet")
        why = g.check(Move("1-708-Inf1", (H(g, "B02.30"),)))
        assert why.rule == "1.10g" and "north map edge" in why.reason


def test_1_10_scenario_placed_entry_and_the_play_area_cite_the_scenario():
    with s1() as g:
        to_action_phase(g, "axis")
        _arriving(g, "3-Recon-Inf1")  # due now (Scen. 1 set-up: at the Train Station)
        assert g.check(Move("3-Recon-Inf1", (H(g, "B01.30"),))).rule == "SCEN-1"
        to_action_phase(g, "soviet")
        r = g.rules
        rim = sorted(h for h in r.area if r.board.terrain[h] == "open" and h not in r.ter.wire
                     and any(n not in r.area for n in r.board.adjacent(h)))[0]
        put(g, "1-708-Inf1", r.ids.name(rim), mode="move")
        assert g.state.units["1-708-Inf1"].where == ON_MAP
        outside = next(n for n in r.board.adjacent(rim) if n not in r.area)
        why = g.check(Move("1-708-Inf1", (outside,)))
        assert why.rule == "SCEN-1" and "play area" in why.reason
