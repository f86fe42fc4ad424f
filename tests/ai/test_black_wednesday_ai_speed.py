"""The Black Wednesday computer player's speed-ups give the answers of the plain computations
they replace (docs/black-wednesday/ai-scenarios.md, "Speed"; issue 22): the fire choice that
words only the best option and skips the missions below the floor, the kept reach with hexes
reached but not walked through, the MP maps over the play area's reversed graph, the threat map
from the hexes in range, and the Attack-order filter."""
from __future__ import annotations

import random

import hexwar
from hexwar.ai.black_wednesday.memo import forget
from hexwar.ai.black_wednesday.normal import BWPlayer
from hexwar.ai.black_wednesday.tournament import SampledRandom
from hexwar.core.actions import EndPhase, Move
from hexwar.core.hexgrid import distance
from hexwar.core.pathsearch import distances
from hexwar.core.position import Position

GAME = "black-wednesday"


def _action(scenario: str, side: str, seed: int = 1):
    """The scenario after both set-ups and the first moves by the sampling random player, at
    the first decision of ``side`` in an Action Phase with nothing pending."""
    g = hexwar.open_game(GAME, scenario, seed=seed)
    ps = {"soviet": SampledRandom(seed), "axis": SampledRandom(seed + 1)}
    while True:
        who = g.acting_side()
        st = g.state
        if who == side and st.phase == "action" and st.extra.get("phasing") == side and "pending" not in st.extra:
            return g
        g.apply(ps[who].choose(g, who).action if who else EndPhase())


def _weight(fx, side):
    from hexwar.ai.black_wednesday.goals import goals

    take = goals(fx, side).take
    return lambda h: 1.5 if h in take and side == "soviet" else 1.0


def test_best_fire_is_the_first_best_of_the_plain_fire_options_above_the_floor():
    """``best_fire`` (missions below the floor never priced, only the chosen option worded)
    gives the option the plain list's ``max`` gives, with the same worth and reason; the list
    with a floor is the plain list without the options below it, in the same order."""
    p = BWPlayer()
    for scenario, side in (("s6-the-assault-continues", "axis"), ("s4-melee-in-krasni-bor", "soviet")):
        g = hexwar.open_game(GAME, scenario, seed=1)
        ps = {"soviet": SampledRandom(1), "axis": SampledRandom(2)}
        plain: list = []
        while len(plain) <= 20:  # the first of our decisions with a real choice of fires and missions
            who = g.acting_side()
            st = g.state
            if who == side and st.phase == "action" and st.extra.get("phasing") == side and "pending" not in st.extra:
                pos = Position(g, side)
                fx = pos.facts
                acts = pos.legal_actions() + p.more_calls(fx, side)
                w = _weight(fx, side)
                plain = p.fire_options(fx, side, acts, w)
                if len(plain) > 20:
                    break
            g.apply(ps[who].choose(g, who).action if who else EndPhase())
        floored = p.fire_options(fx, side, acts, w, floor=p.MIN_FIRE)
        assert floored == [x for x in plain if x[0] >= p.MIN_FIRE]
        top = max(plain, key=lambda x: x[0])
        want = top if top[0] >= p.MIN_FIRE else None
        assert p.best_fire(fx, side, acts, w, p.MIN_FIRE) == want
        for floor in (-0.5, 0.0, 1.0):  # other floors: the same rule
            got = p.best_fire(fx, side, acts, w, floor)
            above = [x for x in plain if x[0] >= floor]
            assert got == (max(above, key=lambda x: x[0]) if above else None)


def test_kept_reach_with_terminal_hexes_gives_the_plain_search():
    """The guard map's reach (our hexes: not entered unless a goal hex, reached but not walked
    through) kept under the blocked and terminal hexes inside the unblocked reach equals the
    plain Dijkstra with the same predicates, asked again with other sets and in another order."""
    from hexwar.ai.black_wednesday.paths import reach

    g = _action("s8-counter-attack", "soviet")
    r, st = g.rules, g.state
    fx = Position(g, "soviet").facts
    forget(fx, "reach")
    rng = random.Random(3)
    area = sorted(r.area)
    axis = [u for u in sorted(r.on_map(st, "axis"), key=lambda u: u.id) if r.spec(u.id).ma]
    for u in rng.sample(axis, 10):
        s = r.spec(u.id)
        edges = fx.step_graph(s.move_class, s.ma)
        for _ in range(3):
            ours = frozenset(rng.sample(area, 500))
            take = frozenset(rng.sample(area, 300))
            walled = frozenset(h for h in ours if h not in take)
            want = distances((u.hex,), edges, budget=2 * s.ma, blocked=walled.__contains__,
                             stops=ours.__contains__)
            got = reach(fx, u.hex, s.move_class, s.ma, 2 * s.ma, walled, ours)
            assert list(got.items()) == list(want.items())
            again = reach(fx, u.hex, s.move_class, s.ma, 2 * s.ma, walled, ours)  # the kept answer
            assert list(again.items()) == list(want.items())


def test_mp_maps_over_the_play_area_graph_equal_the_whole_board_graph():
    """``mp_dist`` over the reversed graph read off the engine's forward graph (the play area)
    equals the search over the engine's whole-board reversed graph (``facts.steps_into``), hex
    for hex and in the same order; a source outside the play area falls back to the latter."""
    from hexwar.ai.black_wednesday.paths import mp_dist, steps_into_area
    from hexwar.ai.black_wednesday.speed import UNDER_1E9
    from hexwar.core.pathsearch import distances as dist

    g = _action("s3-assault-the-line", "soviet")
    r = g.rules
    fx = Position(g, "soviet").facts
    forget(fx, "steps into")
    rng = random.Random(4)
    area = sorted(r.area)
    classes = sorted({(r.spec(u).move_class, r.spec(u).ma) for u in r.entries if r.spec(u).ma})
    for cls, ma in classes:
        rev = steps_into_area(fx, cls, ma)
        whole = fx.steps_into(cls, ma)
        assert all(rev[h] == tuple((n, c) for n, c in whole[h] if n in r.area) for h in r.area)
        enemy = frozenset(rng.sample(area, 300))

        def ok(h, enemy=enemy):
            return h in r.area and h not in enemy

        for pen in (None, lambda h, enemy=enemy: 8.0 if h in enemy else 0.0):
            srcs = rng.sample(area, 6)
            want = dist(srcs, whole, budget=UNDER_1E9, blocked=lambda n, ok=ok: not ok(n),
                        extra=None if pen is None else lambda h, n, pen=pen: pen(h))
            assert list(mp_dist(fx, srcs, ok, cls, ma, pen).items()) == list(want.items())
    outside = sorted(h for h in r.board.terrain if h not in r.area)
    if outside:
        cls, ma = classes[0]
        srcs = [outside[0], area[0]]
        want = dist(srcs, fx.steps_into(cls, ma), budget=UNDER_1E9, blocked=lambda n: n not in r.area)
        assert mp_dist(fx, srcs, lambda h: h in r.area, cls, ma) == want


def test_threat_map_worked_out_hex_by_hex_equals_the_map_over_the_whole_area():
    """``Defence.threat`` works out a hex's column when the player asks for it (``ThreatMap``)
    instead of every hex of the area in advance: the same column on every hex."""
    p = BWPlayer()
    g = _action("s3-assault-the-line", "soviet")
    fx = Position(g, "soviet").facts
    forget(fx, "threat")
    got = p.threat(fx, "soviet")
    stacks: dict = {}
    for u in fx.on_map("axis"):
        s = fx.spec(u.id)
        if s.area_fp and not s.fo and fx.mode(u.id) == "fire" and not fx.status(u.id):
            stacks.setdefault(u.map_hex, []).append(u)
    fp: dict = {}
    for h0, us in stacks.items():
        if fx.firepower(us, 1) < 6:
            continue
        rng = max(fx.spec(u.id).area_range for u in us)
        for h in fx.area:
            d = distance(h0, h)
            if 1 <= d <= rng and fx.sees_hex(h0, h):
                fp[h] = fp.get(h, 0.0) + fx.firepower(us, d)
    want = {h: fx.fire_column(int(v))[0] for h, v in fp.items()}
    assert want
    outside = [h for h in fx.board.terrain if h not in fx.area][:50]
    for h in sorted(fx.area)[::-1] + outside:  # asked in another order than the area's
        assert got.get(h, 0) == want.get(h, 0)
    assert p.threat(fx, "soviet") is got  # kept for the phase: the same map, its hexes worked out


def test_attack_order_filter_equals_the_plain_subset_test():
    """``keep_orders`` checks a path against an objective only when the path holds the
    objective's first hex: the same moves are left out as by the plain subset test."""
    g = _action("s1-turning-the-left", "soviet")
    pos = Position(g, "soviet")
    fx = pos.facts
    acts = pos.legal_actions()
    left = [x for x in BWPlayer.open_objectives(fx, "soviet") if x]
    assert left and any(isinstance(a, Move) for a in acts)
    for cut in (None, 1, 2):  # the objectives as they are, and cut to their first one or two hexes
        objs = left if cut is None else [frozenset(sorted(x)[:cut]) for x in left]

        class P(BWPlayer):
            def open_objectives(self, fx, side, objs=objs):
                return objs

        p = P()
        enemy = {u.hex for u in fx.on_map("axis")}
        kept_aside = [frozenset(h for h in x if h not in enemy) for x in objs]
        kept_aside = [x for x in kept_aside if x]
        want = [a for a in acts if not (isinstance(a, Move) and any(x <= set(a.path) for x in kept_aside))] or acts
        assert p.keep_orders(fx, "soviet", acts) == want


def test_bench_times_the_player_in_every_scenario_and_campaign_version():
    """``make bench`` (tools/bench.py, ``ai_matches``) times the player in every scenario file
    and in the campaign version of Scenarios 3, 6 and 7: the large scenarios against the
    sampling random player, the others against the uniform one; Scenario 1 whole, the others
    capped at the set-up and turn 1 (the cap is printed with the figures)."""
    from hexwar.ai.black_wednesday import bench_matches
    from hexwar.games.black_wednesday import LARGE_SCENARIOS
    from hexwar.session import list_scenarios
    from tools.bench import ai_matches

    ms = bench_matches()
    files = {s for gid, s in list_scenarios() if gid == GAME}
    assert {m.scenario for m in ms if not m.options} == files
    assert {m.scenario for m in ms if m.options} == {"s3-assault-the-line", "s6-the-assault-continues",
                                                       "s7-breakout"}
    for m in ms:
        hexwar.open_game(GAME, m.scenario, seed=1, options=dict(m.options))  # every one opens
        assert (m.opponent(1).name == "sampler") == (m.scenario in LARGE_SCENARIOS)
        assert m.cap() == ("whole game" if m.scenario == "s1-turning-the-left" else "set-up and turn 1")
    assert ai_matches(GAME) == list(ms)
    assert ai_matches("objective-kiev") == [None]  # a game without its own list: its default scenario


def test_prep_danger_from_the_zones_and_rings_equals_the_map_over_the_whole_area():
    """``figures.prep_danger`` walks each Prep Log box's zone and ring instead of every hex of
    the area: the same (chance, firepower) entries on the same hexes, in the same order."""
    from hexwar.ai.black_wednesday import figures as F

    g = _action("s1-turning-the-left", "soviet")
    fx = Position(g, "soviet").facts
    found = 0
    for turn in range(1, fx.last_turn + 1):
        boxes = fx.prep_boxes(turn)
        if not boxes:
            continue
        forget(fx, "prep danger")
        want: dict = {}
        for _col, target, fp, radius, kind, good in boxes:
            shots = [(good, fp)] if kind == "katyusha" else [(good, fp), (1.0 - good, fp // 2)]
            for h in fx.area:
                d = distance(h, target)
                if d > radius + 1:
                    continue
                for p, power in shots:
                    pw = power if d <= radius else power // 2
                    if pw >= 1 and p > 0:
                        want[h] = want.get(h, ()) + ((p, pw),)
        assert F.prep_danger(fx, boxes) == want
        found += 1
    assert found
