"""The listing work moved to the opening or shared between units gives the same answers: the
movement graphs and line-of-sight tables built when a game is opened, the entering units' moves
made from one sorted list per reach answer, the calls for fire made together."""
from __future__ import annotations

from hexwar.core.actions import Move
from hexwar.core.dice import SeededDice
from hexwar.core.hexgrid import use_hex_ids
from hexwar.core.units import ARRIVING

from .helpers import open_local, to_action_phase


def test_7_1_6_2_opening_a_game_builds_its_movement_graphs_and_line_of_sight_tables():
    g = open_local("s3-assault-the-line", seed=1)
    r = g.rules
    cache = r.board.cache
    for k in [k for k in cache if k == "bw_los_arrays" or (isinstance(k, tuple) and k[0] == "bw_edges")]:
        del cache[k]  # as on a board no game has used yet
    r.new_state(SeededDice(1))
    kinds = {(s.move_class, s.ma) for s in r.specs.values()}
    for cls, ma in kinds:
        key = ("bw_edges", cls, ma if r.ter.cost_reads_ma(cls) else None, r.scen.region)
        assert key in cache, key
        assert r._edges(cls, ma) is cache[key]  # the listing reads the graph built at the opening
    assert "bw_los_arrays" in cache


def test_7_7_entering_units_moves_match_their_reach_in_destination_order():
    g = open_local("s3-assault-the-line", seed=1)
    r = g.rules
    with use_hex_ids(r.ids):
        to_action_phase(g)
        st = g.state
        arriving = [u.id for u in st.units.values() if u.where == ARRIVING and u.arrives <= st.turn]
        assert len(arriving) > 50
        for uid in arriving:
            want = [Move(uid, p) for _d, p in sorted(r.entry_reach(st, uid).items())]
            got = r.entry_moves(st, uid)
            assert got == want and [hash(m) for m in got] == [hash(m) for m in want]
            assert all(type(m) is Move for m in got)


def test_13_2_calls_for_fire_made_together_are_the_calls_of_the_constructor():
    from hexwar.core.hexgrid import Hex
    from hexwar.games.black_wednesday.verbs import Call, he_calls

    targets = [Hex(3, 4), Hex(10, 2), Hex(3, 4)]
    got = he_calls("s1", "a1", targets)
    want = [Call("s1", "a1", h) for h in targets]
    assert got == want and [hash(c) for c in got] == [hash(c) for c in want]
    assert [c.notation() for c in got] == [c.notation() for c in want] and all(type(c) is Call for c in got)
