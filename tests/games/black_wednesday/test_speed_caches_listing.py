"""The listing speed-ups of the fifth session give the same answers as the plain computation:
the objective distance table (§16.6), the exit list kept with its reach answer (5.0), the
2.2c consolidation pairs and the 1.10j set orders (one check per formation and objective)."""
from __future__ import annotations

import random

import pytest

from hexwar.core.actions import EndPhase
from hexwar.core.hexgrid import distance, use_hex_ids
from hexwar.core.units import ON_MAP
from hexwar.games.black_wednesday.exits import Exit
from hexwar.games.black_wednesday.orders import TYPES, OrderAct

from .helpers import open_local, put, s1, to_action_phase


def test_tcs_16_6_objective_distance_table_is_the_hex_distance_to_the_nearest_objective_hex():
    g = open_local("s8-counter-attack")
    r = g.rules
    board = sorted(r.board.terrain)
    rng = random.Random(3)
    for targets in (frozenset(rng.sample(board, 1)), frozenset(rng.sample(board, 7)), frozenset([board[0]]),
                    frozenset([board[-1]]), r.trench_hexes):
        field = r.distance_field(targets)
        assert set(field) == set(board)
        for x in rng.sample(board, 400) + board[:50] + board[-50:]:
            assert field[x] == min(distance(x, o) for o in targets), (x, len(targets))
    assert set(r.distance_field(frozenset()).values()) == {0}


def test_tcs_16_6_objective_distance_table_equals_the_plain_walk_and_is_built_at_the_opening():
    """The numpy table (kept per board and target set) gives the breadth-first walk's answers,
    the same object for the same set; the scenario's orders have theirs when the game opens."""
    g = open_local("s6-the-assault-continues")
    r = g.rules
    board = sorted(r.board.terrain)
    rng = random.Random(4)
    for targets in (frozenset(rng.sample(board, 3)), frozenset(rng.sample(board, 300)), r.trench_hexes):
        field = r.distance_field(targets)
        assert field == r.distance_field_plain(targets)
        assert list(field) == list(r.distance_field_plain(targets))  # the board's order, as before
        assert r.distance_field(set(targets)) is field
    built = r.__dict__.get("_objective_distance", {})
    for o in g.state.extra["orders"].values():
        assert o["objective"] in built
        assert built[o["objective"]] == r.distance_field_plain(r.objective(o))


def test_tcs_16_6_objective_distance_table_of_another_set_is_its_own_and_the_store_stays_bounded():
    """A set that differs by one hex gets a table of its own (never the cached one of the
    first); past 256 sets the store is emptied and later answers are still the plain walk's."""
    g = open_local("s2-assault-of-the-guards")
    r = g.rules
    board = sorted(r.board.terrain)
    first = r.distance_field(frozenset(board[:2]))
    other = r.distance_field(frozenset(board[:2] + [board[-1]]))
    assert other is not first and other == r.distance_field_plain(frozenset(board[:2] + [board[-1]]))
    assert other[board[-1]] == 0 and first[board[-1]] > 0
    for k in range(300):  # more sets than the store keeps
        r.distance_field(frozenset([board[k]]))
    assert len(r.board.cache["bw_distance_fields"]) <= 257
    assert r.distance_field(frozenset(board[:2])) == r.distance_field_plain(frozenset(board[:2]))


def fresh_exits(rules, state, u):
    """5.0 exits without the cache: every exit destination (an edge hex of an Entry Area,
    Decision 25) of the reach whose cost plus 1 fits."""
    mp, _ma = rules.mp_of(state, u.id)
    if rules._edge_distance().get(u.hex, 99) > mp or mp < 1 or rules._exit_refusal(state, u.id) is not None:
        return []
    out = [Exit(u.id)] if u.hex in rules.exit_hexes else []
    for dest, path in sorted(rules.reach(state, u.id).items()):
        if dest in rules.exit_hexes and rules._path_cost(u.id, u.hex, path) + 1 <= mp + 1e-9:
            out.append(Exit(u.id, tuple(path)))
    return out


def fresh_consolidations(rules, state):
    us = [u for u in rules.on_map(state, "soviet") if not rules.spec(u.id).vehicle and not rules.spec(u.id).fo]
    out = []
    for a in us:
        for b in us:
            if a.id == b.id or rules.entry(a.id).type != rules.entry(b.id).type:
                continue
            if rules.entry(a.id).battalion != rules.entry(b.id).battalion or distance(a.hex, b.hex) > 1:
                continue
            full = rules.spec(a.id).steps
            if a.steps >= full or b.steps >= full or a.steps + b.steps > full:
                continue
            if rules.status(state, a.id) or rules.status(state, b.id):
                continue
            out.append(f"{a.id}+{b.id}")
    return out


def test_5_0_cached_exit_lists_match_a_fresh_listing_along_a_random_game():
    with s1(4) as g:
        r = g.rules
        rng = random.Random(4)
        checked = 0
        for _ in range(500):
            if g.result() is not None:
                break
            st = g.state
            if st.phase == "action":
                for u in st.units.values():
                    if u.where == ON_MAP and u.id not in st.extra.get("acted", frozenset()):
                        assert r.exit_actions(st, u) == fresh_exits(r, st, u), u.id
                        checked += 1
            g.apply(rng.choice(g.legal_actions()))
        assert checked > 100


def test_5_0_an_exit_list_follows_the_unit_to_the_edge():
    with s1() as g:
        r = g.rules
        to_action_phase(g, "soviet")
        edge = sorted(h for h in r.exit_hexes if r.board.terrain[h] == "open")
        put(g, "1-708-Inf1", r.ids.name(edge[0]), mode="move")
        u = g.state.units["1-708-Inf1"]
        assert r.exit_actions(g.state, u) == fresh_exits(r, g.state, u) and Exit(u.id) in r.exit_actions(g.state, u)
        far = next(h for h in r.area if r._edge_distance()[h] >= 8 and r.board.terrain[h] == "open")
        put(g, "1-708-Inf1", r.ids.name(far), mode="move")
        u = g.state.units["1-708-Inf1"]
        assert r.exit_actions(g.state, u) == [] == fresh_exits(r, g.state, u)


def test_2_2c_consolidation_pairs_match_the_all_pairs_comparison():
    with s1() as g:
        r = g.rules
        to_action_phase(g, "soviet")
        rng = random.Random(2)
        inf = sorted(u for u in g.state.units if r.side_of(u) == "soviet" and r.entry(u).type.startswith("sov_rifle"))
        near = [h for h in sorted(r.area) if r.board.terrain[h] == "open" and h not in r.ter.wire][:40]
        for uid in inf[:30]:
            put(g, uid, r.ids.name(rng.choice(near)), status=rng.choice(["", "", "", "S"]))
            u = g.state.units[uid]
            g.state.units[uid] = u.__class__(u.id, u.spec, u.where, u.hex, rng.randint(1, r.spec(uid).steps),
                                             u.revealed, u.arrives)
        g.state.touch()
        want = fresh_consolidations(r, g.state)
        assert want, "the set-up should give some pairs"
        assert r.consolidations(g.state) == want


def test_1_10j_set_orders_listed_once_per_formation_and_objective_match_checking_each_type():
    for sid in ("s1-turning-the-left", "s2-assault-of-the-guards"):
        g = open_local(sid)
        with use_hex_ids(g.rules.ids):
            r = g.rules
            for _ in range(3):  # the Prep Log (then the Axis set-up once it is reached)
                st = g.state
                side = r.order_side(st)
                if side is not None and st.phase in ("prep_log", "axis_setup"):
                    got = r.set_actions(st, side)
                    want = [OrderAct("set", (t, p, f)) for f in r.formations(side)
                            if not (all(r.entry(u).pool or u in st.extra.get("reserve", frozenset())
                                        for u in r.formation_units(f, side)) or r._already_set(st, f, side))
                            for p in r.presets_for(st, side, (f,)) for t in TYPES
                            if r.check_set(st, OrderAct("set", (t, p, f)), side) is None]
                    assert got == want and got
                if st.phase != "prep_log":
                    break
                g.apply(EndPhase())


def fresh_calls(rules, state, uid):
    """§13.2 missions the plain way: every battery and every seen enemy hex through check_call."""
    from hexwar.games.black_wednesday.verbs import Call

    side = rules.side_of(uid)
    if rules.may_spot(state, uid) is not None:
        return []
    u = state.units[uid]
    hexes = sorted({e.hex for e in rules.on_map(state, rules.enemy_of(side))})
    targets = [h for h in hexes if rules.sees_hex(state, u.hex, h)]
    return [Call(uid, art, h) for art in rules.artillery_of(side, state) for h in targets
            if rules.check_call(state, Call(uid, art, h)) is None]


def fresh_fire_targets(rules, state, uid):
    from hexwar.core.actions import Attack

    u, s = state.units[uid], rules.spec(uid)
    if not s.area_fp or s.fo or rules.may_sfa(state, uid):
        return []
    side = rules.side_of(uid)
    hexes = sorted({e.hex for e in rules.on_map(state, rules.enemy_of(side)) if distance(e.hex, u.hex) <= s.area_range})
    return [h for h in hexes if rules.check_sfa(state, Attack(h, (uid,))) is None]


def fresh_soviet_setup_hexes(rules, state, uid):
    hs = rules.unit_areas(uid)
    if rules.order_of(state, uid) is None:
        hs = hs & rules.looting_limit()
    return frozenset(h for h in hs if h not in rules.ter.wire or rules.wire_state(state, h) == 2)


@pytest.mark.sweep
def test_13_2_missions_sfa_targets_and_soviet_set_up_hexes_match_the_plain_computation():
    """calls_for checks the battery once and the targets after; fire_targets looks at the disc
    in range; the Soviet set-up hexes are kept per unit, looting and breached wire: along a
    random Scenario 4 game every answer equals the plain one."""
    g = open_local("s4-melee-in-krasni-bor", seed=3)
    with use_hex_ids(g.rules.ids):
        r = g.rules
        rng = random.Random(3)
        calls = fires = places = 0
        for i in range(700):
            if g.result() is not None:
                break
            st = g.state
            if st.phase == "soviet_setup" and i % 9 == 0:
                for uid in sorted(st.units):
                    if r.side_of(uid) == "soviet" and st.units[uid].where == "unplaced":
                        assert r.soviet_setup_hexes(st, uid) == fresh_soviet_setup_hexes(r, st, uid)
                        places += 1
            if st.phase == "action" and i % 6 == 0:
                for u in list(st.units.values()):
                    if u.where != ON_MAP:
                        continue
                    got = r.calls_for(st, u.id)
                    assert got == fresh_calls(r, st, u.id), u.id
                    calls += len(got)
                    got = r.fire_targets(st, u.id)
                    assert got == fresh_fire_targets(r, st, u.id), u.id
                    fires += len(got)
            acts = g.legal_actions()
            ends = [a for a in acts if isinstance(a, EndPhase)]
            g.apply(ends[0] if ends and st.phase == "soviet_setup" and rng.random() < 0.02 else rng.choice(acts))
        assert calls > 20 and fires > 20 and places > 50, (calls, fires, places)


@pytest.mark.sweep
def test_8_2_9_fire_targets_split_check_gives_the_check_sfa_and_check_pfa_answers():
    """fire_targets checks the firer's own half of check_sfa once and the per-target half per
    hex, point_targets asks check_pfa only within point range, and the stack SFAs are listed
    for the mates whose single SFA is legal (§8.2, §9, §13.12 mortar spotters): the same lists
    as asking check_sfa / check_pfa for every enemy hex and unit, over a played Scenario 8."""
    from hexwar.ai.black_wednesday.tournament import SampledRandom
    from hexwar.core.actions import Attack
    from hexwar.games.black_wednesday.verbs import PointFire

    g = open_local("s8-counter-attack", seed=2)
    r = g.rules
    ps = {"soviet": SampledRandom(1, per_phase=40), "axis": SampledRandom(2, per_phase=40)}
    seen = 0
    with use_hex_ids(r.ids):
        while g.state.turn <= 3 and g.result() is None:
            side = g.acting_side()
            st = g.state
            if side and st.phase == "action" and "pending" not in st.extra and len(g.actions) % 7 == 0:
                every = sorted({e.hex for e in r.on_map(st, r.enemy_of(side))})
                for u in r.on_map(st, side):
                    want = [h for h in every if distance(h, u.hex) <= r.spec(u.id).area_range
                            and r.check_sfa(st, Attack(h, (u.id,))) is None]
                    if r.spec(u.id).area_fp and not r.spec(u.id).fo and not r.may_sfa(st, u.id):
                        assert r.fire_targets(st, u.id) == want, u.id
                        seen += len(want)
                    if r.spec(u.id).point_target and r.spec(u.id).at_attack:
                        pw = [e.id for e in sorted(r.on_map(st, r.enemy_of(side)), key=lambda x: x.id)
                              if r.spec(e.id).point_target and r.check_pfa(st, PointFire(u.id, e.id)) is None]
                        assert r.point_targets(st, u.id) == pw, u.id
                for a in g.legal_actions():
                    if isinstance(a, Attack) and len(a.attackers) > 1:
                        assert r.check_sfa(st, a) is None
            g.apply(ps[side].choose(g, side).action if side else EndPhase())
    assert seen > 50
