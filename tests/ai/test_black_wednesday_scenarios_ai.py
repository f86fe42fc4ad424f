"""The Black Wednesday computer player on Scenarios 2-8 and the campaign (issue 8): what it plays
for (``black_wednesday_goals``, read from each scenario's public victory conditions), what
"beats" means per scenario (``black_wednesday_tournament``), and whole games that reach the
victory check and replay (docs/black-wednesday/ai-scenarios.md)."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ai.black_wednesday.goals import LARGE, Goals, conditions, exit_hexes, goals, open_hexes
from hexwar.ai.black_wednesday.tournament import (
    BEATS,
    Capped,
    SampledRandom,
    beats,
    beats_means,
    make,
    play_one,
    scenario_and_options,
    score,
)
from hexwar.core.actions import EndPhase, parse_action
from hexwar.core.dice import SeededDice
from hexwar.core.hexgrid import distance, hex_name, use_hex_ids
from hexwar.core.units import ON_MAP

GAME = "black-wednesday"
S = {n: s for n, s in enumerate(["s1-turning-the-left", "s2-assault-of-the-guards", "s3-assault-the-line",
                                  "s4-melee-in-krasni-bor", "s5-assaulting-the-mill", "s6-the-assault-continues",
                                  "s7-breakout", "s8-counter-attack"], 1)}


def _open(n: int, **opts):
    return hexwar.open_game(GAME, S[n], seed=1, options=opts)


def _names(g, hexes) -> set[str]:
    with use_hex_ids(g.rules.ids):
        return {hex_name(h) for h in hexes}


def _placed(n: int):
    """Scenario n after both set-ups by the sampling random player (Soviets on the map)."""
    g = _open(n)
    ps = {"soviet": SampledRandom(1), "axis": SampledRandom(2)}
    while g.state.phase in ("prep_log", "soviet_setup", "axis_setup"):
        side = g.acting_side()
        g.apply(ps[side].choose(g, side).action if side else EndPhase())
    return g


# --- goals, scenario by scenario -----------------------------------------------------------
def test_SCEN_1_goals_unchanged_trench_hexes_both_sides():
    g = _open(1)
    for side in ("soviet", "axis"):
        got = goals(g.rules.facts(g.state, side), side)
        assert got.take == got.hold == g.rules.trench_hexes and len(got.take) == 37
        assert not got.exits and not got.weight and not got.why and not got.release_costs


def test_SCEN_2_goals_krasni_bor_5_hexes_and_el_bastion_reserves_count():
    """Scen. 2: 5 Krasni Bor hexes (each a fifth of the condition) and/or El Bastion (both hexes,
    half each); each released Axis reserve counts one KB hex, so releasing costs (release_costs)."""
    g = _open(2)
    r = g.rules
    sov = goals(r.facts(g.state, "soviet"), "soviet")
    kb, eb = r.feature_hexes("krasni_bor"), r.feature_hexes("el_bastion")
    assert sov.take == kb | eb and len(kb) == 160
    assert _names(g, eb) == {"B32.06", "B33.07"} and all(sov.worth(h) == 0.5 for h in eb)
    assert all(sov.worth(h) == pytest.approx(0.2) for h in kb)
    assert sov.why[min(eb)] == ("Scen. 2 condition 2: occupy all of el_bastion",)
    assert sov.why[min(kb)] == ("Scen. 2 condition 1: occupy 5 hexes of krasni_bor",)
    assert sov.release_costs and not sov.exits


def test_SCEN_2_axis_holds_the_krasni_bor_band_facing_the_soviet_entry():
    """The Soviets come on at the north edge (1.10g, arriving units): the Axis holds El Bastion
    and the Krasni Bor hexes nearest that edge, not all 160."""
    g = _open(2)
    r = g.rules
    ax = goals(r.facts(g.state, "axis"), "axis")
    kb = r.feature_hexes("krasni_bor")
    front = ax.hold & kb
    assert r.feature_hexes("el_bastion") <= ax.hold and 0 < len(front) < len(kb) > LARGE
    entry = sorted(r.entry_hexes)
    d = {h: min(distance(h, e) for e in entry) for h in kb}
    assert max(d[h] for h in front) < min(d[h] for h in kb - front)
    assert ax.take == kb | r.feature_hexes("el_bastion")  # the Axis re-takes any of them


def test_SCEN_3_goals_the_four_conditions_trenches_east_and_west():
    g = _open(3)
    r = g.rules
    sov = goals(r.facts(g.state, "soviet"), "soviet")
    east, west = r.feature_hexes("trenches_east"), r.feature_hexes("trenches_west")
    assert len(east) == 37 and len(west) == 151 and east | west <= sov.take
    other = r.feature_hexes("krasni_bor") | r.feature_hexes("el_bastion")
    assert all(sov.worth(h) == pytest.approx(1 / 37) for h in east - other)
    assert all(sov.worth(h) == pytest.approx(1 / 25) for h in west - other)  # 25 of them
    for h in west & other:  # a hex two conditions name is worth both shares
        assert len(sov.why[h]) == 2 and sov.worth(h) > 1 / 25
    assert ({c.label.split(":")[0] for c in conditions(r.facts(g.state, "soviet"))}
            == {f"Scen. 3 condition {i}" for i in (1, 2, 3, 4)})
    # the page's note: released Axis reserves count as Krasni Bor hexes in Scen. 3 too (data since 2026-11-30)
    assert sov.release_costs is any(c.get("bonus") for c in r.scen.victory_spec["conditions"])


def test_SCEN_4_goals_axis_below_50_of_krasni_bor_and_no_spanish_in_el_bastion():
    """Scen. 4: the Axis must be left fewer than 50 of 160 KB hexes, so the Soviets need 111;
    El Bastion must be clear of Spanish units (``clear``)."""
    g = _open(4)
    r = g.rules
    cs = {c.feature: c for c in conditions(r.facts(g.state, "soviet"))}
    assert cs["krasni_bor"].needed == 160 - 50 + 1 and not cs["krasni_bor"].clear
    assert cs["el_bastion"].clear and cs["el_bastion"].needed == 2
    sov = goals(r.facts(g.state, "soviet"), "soviet")
    assert all(sov.worth(h) == pytest.approx(1 / 111) for h in r.feature_hexes("krasni_bor"))
    assert "no spanish units in el_bastion" in sov.why[min(r.feature_hexes("el_bastion"))][0]


def test_SCEN_5_goals_the_mill_counts_most_then_el_bastion_then_staraia_myza():
    g = _open(5)
    r = g.rules
    sov = goals(r.facts(g.state, "soviet"), "soviet")
    assert _names(g, sov.take - r.feature_hexes("staraia_myza")) == {"A25.23", "B32.06", "B33.07"}
    assert len(sov.take) == 14
    top = max(sov.take, key=sov.worth)
    assert _names(g, {top}) == {"A25.23"} and sov.worth(top) == 1.0  # one hex, a whole condition
    assert all(sov.worth(h) == pytest.approx(1 / 11) for h in r.feature_hexes("staraia_myza"))
    ax = goals(r.facts(g.state, "axis"), "axis")
    assert ax.hold == sov.take  # every feature is small: the Axis holds all of it


def test_SCEN_6_goals_mill_bastion_myza_and_krasni_bor():
    g = _open(6)
    r = g.rules
    cs = {c.feature: c for c in conditions(r.facts(g.state, "soviet"))}
    assert set(cs) == {"mill", "el_bastion", "staraia_myza", "krasni_bor"}
    assert cs["krasni_bor"].needed == len(r.feature_hexes("krasni_bor")) - 50 + 1
    assert not goals(r.facts(g.state, "soviet"), "soviet").exits  # the short version counts no exits


def test_SCEN_7_goals_any_one_of_three_villages_and_no_axis_in_krasni_bor():
    g = _open(7)
    r = g.rules
    cs = conditions(r.facts(g.state, "soviet"))
    four = [c for c in cs if c.label.startswith("Scen. 7 condition 4")]
    assert {c.feature for c in four} == {"samsonovka", "mondolovo", "raikolovo"}
    assert all(c.needed == len(c.hexes) for c in four)
    kb = next(c for c in cs if c.feature == "krasni_bor")
    assert kb.clear and kb.label == "Scen. 7 condition 1: no Axis units in krasni_bor"
    assert not goals(r.facts(g.state, "soviet"), "soviet").exits


def test_5_1_campaign_goals_of_scenario_7_and_8_levels_and_exits():
    """5.1: Krasni Bor (every Soviet level) is worth most per condition; villages for the
    major level; the Soviet exits are the map-edge hexes of Entry Areas E-H; the Axis plays
    for its own levels (20 KB hexes and the 9 city hexes west of the Izhora first)."""
    for g in (_open(8), _open(7, campaign=True)):
        r = g.rules
        sov, ax = goals(r.facts(g.state, "soviet"), "soviet"), goals(r.facts(g.state, "axis"), "axis")
        assert sov.exits == exit_hexes(r.facts(g.state, "soviet")) and sov.exits and not ax.exits
        assert all(r.exit_area(h) in "EFGH" and r.exit_area(h) and h in r.edge_hexes for h in sov.exits)
        kb = r.feature_hexes("krasni_bor")
        assert kb <= sov.take and sov.why[min(kb)][0] == "5.1 Soviet minor victory: occupy all of krasni_bor"
        for v in ("potrolovo", "mondolovo", "samsonovka", "staraia_myza"):
            assert r.feature_hexes(v) <= sov.take
        west = r.feature_hexes("city_south_of_trenches_west_of_izhora")
        assert len(west) == 9 and west <= ax.take and r.feature_hexes("city_building_west_map") <= ax.take
        assert ax.why[min(west)][0].startswith("5.1 Axis minor victory")
        minor = {c.side: c.worth for c in conditions(r.facts(g.state, "soviet")) if "minor" in c.label}
        assert minor == {"soviet": 1.0, "axis": 1.0}
        assert max(c.worth for c in conditions(r.facts(g.state, "soviet")) if "major" in c.label) == 0.5


def test_axis_hold_band_follows_the_soviet_units_on_the_map():
    """Scen. 2 with Soviet units on the map south-east of Krasni Bor: the KB hexes the Axis holds
    are those nearest them (BAND deep), and the goals read no hidden information (Prep Log, dice)."""
    g = _open(2)
    r = g.rules
    with use_hex_ids(r.ids):
        spots = [r.ids.parse(x) for x in ("B50.20", "B51.21", "B52.20")]
    sov = sorted(u for u, x in g.state.units.items() if r.side_of(u) == "soviet")[:3]
    for uid, h in zip(sov, spots):
        g.state.units[uid] = g.state.units[uid].at(h)
    g.state.touch()
    ax = goals(r.facts(g.state, "axis"), "axis")
    kb = r.feature_hexes("krasni_bor")
    d = {h: min(distance(h, s) for s in spots) for h in kb}
    front = ax.hold & kb
    assert front and {h for h in kb if d[h] <= min(d.values()) + 2} == front
    north = goals(r.facts(_open(2).state, "axis"), "axis").hold & kb  # before: the band facing the north edge
    assert front != north
    # fairness: another Prep Log and other dice change nothing
    g.state.extra["prep"] = {c: {t: "B01.01" for t in v} for c, v in g.state.extra.get("prep", {}).items()}
    g.dice = SeededDice(999)
    again = goals(r.facts(g.state, "axis"), "axis")
    assert again == ax and dict(again.weight) == dict(ax.weight)


@pytest.fixture(scope="module")
def placed5():
    return _placed(5)


def test_open_hexes_are_the_take_hexes_the_side_does_not_occupy(placed5):
    g = placed5
    r = g.rules
    gl = goals(r.facts(g.state, "soviet"), "soviet")
    mill = r.feature_hexes("mill")
    before = g.state.extra.get("occ")
    assert mill <= open_hexes(r.facts(g.state, "soviet"), "soviet", gl)  # nobody has entered: the Axis's (BW-V1)
    g.state.extra["occ"] = dict(before or {}) | {h: "soviet" for h in mill}
    assert not mill & open_hexes(r.facts(g.state, "soviet"), "soviet", gl)
    assert mill <= open_hexes(r.facts(g.state, "axis"), "axis")
    if before is None:
        del g.state.extra["occ"]
    else:
        g.state.extra["occ"] = before


def test_goals_dataclass_keeps_the_old_fields():
    x = Goals(take=frozenset(), hold=frozenset())
    assert x.exits == frozenset() and x.worth(None) == 0.0 and hash(x) == hash(Goals(frozenset(), frozenset()))


# --- what "beats" means ----------------------------------------------------------------------------
def test_beats_and_score_per_scenario():
    for n in range(1, 9):
        assert S[n] in BEATS and beats_means(S[n], "soviet") and beats_means(S[n], "axis")
    assert beats_means("s7-breakout+campaign", "soviet") == BEATS["campaign"][0]
    assert scenario_and_options("s6-the-assault-continues+campaign") == ("s6-the-assault-continues", {"campaign": True})
    assert beats("soviet", "soviet") and not beats("axis", None) and not beats("soviet", None)
    assert score(None, "Draw") == 0 and score("axis", "Axis minor victory") == -1
    assert score("soviet", "Soviet major victory") == 2 and score("axis", "Axis massive victory") == -3


def test_capped_player_ends_its_action_phase_after_n_decisions(placed5):
    g = placed5
    p, other = Capped(SampledRandom(3, per_phase=50), 2), SampledRandom(4)
    while not (g.state.phase == "action" and "pending" not in g.state.extra):
        side = g.acting_side()
        g.apply(other.choose(g, side).action if side else EndPhase())
    side, turn = g.state.extra["phasing"], g.state.turn
    own = []  # the capped player's decisions in its own Action Phase (owner's choices apart)
    while g.state.extra.get("phasing") == side and g.state.turn == turn and g.state.phase == "action":
        who = g.acting_side()
        if who == side and "pending" not in g.state.extra:
            d = p.choose(g, side)
            own.append(d.action)
        else:
            d = (p if who == side else other).choose(g, who)
        g.apply(d.action)
    assert len(own) == 3 and isinstance(own[-1], EndPhase) and not any(isinstance(a, EndPhase) for a in own[:2])


# --- whole games -----------------------------------------------------------------------------------
def _replays(name: str, seed: int, actions: list[str], digest: str) -> bool:
    scen, opts = scenario_and_options(name)
    again = hexwar.open_game(GAME, scen, seed=seed, options=opts)
    with use_hex_ids(again.rules.ids):
        for t in actions:
            again.apply(parse_action(t))
    return again.digest() == digest


def _game(name: str, soviet: str, axis: str, seed: int, turns: int = 0):
    """Play through ``play_one``'s own players and return the game (to replay it)."""
    from hexwar.ai.player import play_match

    scen, opts = scenario_and_options(name)
    game = hexwar.open_game(GAME, scen, seed=seed, options=opts)
    players = {"soviet": make(soviet, seed), "axis": make(axis, seed + 10_000)}

    class Stop(Exception):
        pass

    def after(g, dec, side):
        if turns and g.state.turn > turns:
            raise Stop

    try:
        log = play_match(game, players, max_actions=100_000, after=after)
    except Stop:
        log = None
    with use_hex_ids(game.rules.ids):
        texts = [a.notation() for a in game.actions]
    return game, log, texts


@pytest.mark.slow
@pytest.mark.parametrize("n,ai_side", [(2, "soviet"), (2, "axis"), (4, "soviet"), (4, "axis"),
                                       (5, "soviet"), (5, "axis")])
@pytest.mark.whole_game
def test_SCEN_2_4_5_ai_plays_to_the_victory_check_as_each_side_and_the_record_replays(n, ai_side):
    """The computer player (capped at 2 actions an Action Phase, to keep CI short: the whole
    uncapped games are the measurements of docs/black-wednesday/ai-scenarios.md) against the
    sampling random player, to the scenario's victory check; the record replays to the same
    digest and result."""
    ai, rnd = "ai@2", "sampler"
    soviet, axis = (ai, rnd) if ai_side == "soviet" else (rnd, ai)
    game, log, texts = _game(S[n], soviet, axis, seed=n)
    res = game.result()
    assert res is not None and game.state.phase == "over" and game.state.turn == game.rules.scen.turns
    assert res.level in {lv["level"] for lv in game.rules.scen.victory_spec["levels"]}
    assert log.reasons and any(s == ai_side for s, _, _ in log.reasons)
    assert _replays(S[n], n, texts, game.digest())


@pytest.mark.whole_game
@pytest.mark.slow
@pytest.mark.parametrize("n,ai_side", [(3, "soviet"), (7, "soviet")])
def test_SCEN_3_and_7_ai_plays_the_first_turn_of_the_large_scenarios(n, ai_side):
    """The large scenarios (500-600 units): the set-up and the first turn with the computer
    player on one side, the sampling random player on the other (the AI capped at 2 actions an
    Action Phase; its set-up is whole: every unit placed by the player); the record of Scenario 3
    replays. Scenarios 6 and 8 (and the Axis side of the large ones) cost 1-3 minutes each here
    and are left to the measurements of docs/black-wednesday/ai-scenarios.md, as are whole games
    (hours of CPU)."""
    soviet, axis = ("ai@2", "sampler") if ai_side == "soviet" else ("sampler", "ai@2")
    game, _, texts = _game(S[n], soviet, axis, seed=1, turns=1)
    assert game.state.turn == 2 and game.result() is None
    on = [u for u in game.state.units.values() if u.where == ON_MAP]
    assert {game.rules.side_of(u.id) for u in on} == {"soviet", "axis"}
    assert all(u.where != "unplaced" for u in game.state.units.values())
    if n == 3:
        assert _replays(S[n], 1, texts, game.digest())


def test_play_one_reports_the_stop_and_the_figures():
    r = play_one(("sampler", "sampler", 1, S[5], 1))
    assert r["stopped"] and r["level"] == "(stopped)" and r["turn"] == 2 and len(r["met"]) == 3


# --- speed: listings and kept answers give the plain answers (black_wednesday_speed) -----------------
@pytest.mark.sweep
def test_R6c_setup_lists_only_the_next_units_places_and_the_players_choose_the_same():
    """R6(c): in a set-up phase the players are given only the first unplaced unit's places
    (plus the phase's other actions), and they place it exactly where they would have with the
    whole list, reason included; a unit with one place left falls back to the whole list."""
    from hexwar.ai.black_wednesday.easy import BWGreedy
    from hexwar.ai.black_wednesday.normal import BWPlayer
    from hexwar.ai.black_wednesday.speed import setup_actions
    from hexwar.core.actions import Place
    from hexwar.core.position import Position

    g = _open(4)
    r = g.rules
    checked = {"soviet_setup": 0, "axis_setup": 0}
    while g.state.phase in ("prep_log", "soviet_setup", "axis_setup"):
        side = g.acting_side()
        st = g.state
        if st.phase in checked and checked[st.phase] < 12:
            pos = Position(g, side)
            short = setup_actions(pos, side)
            full = g.legal_actions()
            places = [a for a in short if isinstance(a, Place)]
            if places:
                checked[st.phase] += 1
                assert len({a.unit for a in places}) == 1 and len(short) < len(full)
                assert places == [a for a in full if isinstance(a, Place) and a.unit == places[0].unit]
                assert places[0].unit == next(a for a in full if isinstance(a, Place)).unit
                for p in (BWPlayer(), BWGreedy()):
                    with use_hex_ids(r.ids):
                        a, b = p.setup(pos.facts, side, short), p.setup(pos.facts, side, full)
                    assert (a.action, a.reason) == (b.action, b.reason)
        d = BWPlayer().choose(g, side) if side else None
        g.apply(d.action if d else EndPhase())
    assert checked == {"soviet_setup": 12, "axis_setup": 12}


@pytest.mark.sweep
def test_speed_kept_reach_and_reverse_graph_give_the_plain_searches():
    """The player's reach of an enemy unit with our hexes blocked, kept under the blocked hexes
    inside its unblocked reach, and the MP-to-goal map over the reversed graph, equal the plain
    Dijkstra searches over ``ter.step_cost`` (same hexes, same MP, same order)."""
    import heapq
    import random

    from hexwar.ai.black_wednesday.paths import mp_dist
    from hexwar.ai.black_wednesday.paths import reach as any_reach
    from hexwar.ai.black_wednesday.speed import reach

    def plain_reach(rules, start, cls, ma, budget, blocked):
        dist = {start: 0.0}
        heap = [(0.0, start.col, start.row, start)]
        while heap:
            d, _, _, h = heapq.heappop(heap)
            if d > dist.get(h, 1e9):
                continue
            for n in rules.board.adjacent(h):
                if n not in rules.area or blocked(n):
                    continue
                c = rules.ter.step_cost(h, n, cls, ma)
                if c is not None and d + c <= budget and d + c < dist.get(n, 1e9):
                    dist[n] = d + c
                    heapq.heappush(heap, (d + c, n.col, n.row, n))
        return dist

    def plain_mp(rules, sources, passable, cls, ma):
        dist = {h: 0.0 for h in sources}
        heap = [(0.0, h.col, h.row, h) for h in sources]
        heapq.heapify(heap)
        while heap:
            d, _, _, h = heapq.heappop(heap)
            if d > dist.get(h, 1e9):
                continue
            for n in rules.board.adjacent(h):
                if not passable(n):
                    continue
                c = rules.ter.step_cost(n, h, cls, ma)
                if c is not None and d + c < dist.get(n, 1e9):
                    dist[n] = d + c
                    heapq.heappush(heap, (d + c, n.col, n.row, n))
        return dist

    g = _placed(8)
    r, st = g.rules, g.state
    fx = r.facts(st, "soviet")
    rng = random.Random(5)
    area = sorted(r.area)
    axis = sorted(r.on_map(st, "axis"), key=lambda u: u.id)
    for u in rng.sample(axis, 12):
        s = r.spec(u.id)
        if not s.ma:
            continue
        for _ in range(3):
            ours = frozenset(rng.sample(area, 400))
            want = plain_reach(r, u.hex, s.move_class, s.ma, 2 * s.ma, ours.__contains__)
            got = reach(fx, u.hex, s.move_class, s.ma, 2 * s.ma, ours)
            assert list(got.items()) == list(want.items())
            assert list(any_reach(fx, u.hex, s.move_class, s.ma, 2 * s.ma, ours).items()) == list(want.items())
            assert list(any_reach(fx, u.hex, s.move_class, s.ma, 2 * s.ma, ours.__contains__).items()) \
                == list(want.items())
        srcs = rng.sample(area, 5)
        enemy = frozenset(rng.sample(area, 300))
        ok = lambda h, enemy=enemy: h in r.area and h not in enemy  # noqa: E731
        assert list(mp_dist(fx, srcs, ok, s.move_class, s.ma).items()) == \
            list(plain_mp(r, srcs, ok, s.move_class, s.ma).items())


@pytest.mark.sweep
def test_speed_barrage_figures_kept_per_state_equal_the_plain_figures():
    """``facts.occupied_within`` gives the occupied hexes within r of a target in ``occupied()``
    order with their distance, and ``barrage_fire`` the figures ``area_fire`` gives."""
    from hexwar.ai.black_wednesday import figures as F
    from hexwar.ai.black_wednesday.speed import barrage_fire

    g = _placed(8)
    r, st = g.rules, g.state
    fx = r.facts(st, "soviet")
    occ = st.occupied()
    for t in sorted(occ)[::25]:
        for rad in (1, 2):
            want = tuple((h, tuple(us), distance(h, t)) for h, us in occ.items() if distance(h, t) <= rad)
            assert fx.occupied_within(t, rad) == want
            for h, _, d in want:
                assert barrage_fire(fx, h, 12 if d < rad else 6) == F.area_fire(fx, h, 12 if d < rad else 6,
                                                                               F.BARRAGE)


@pytest.mark.sweep
def test_goals_band_from_the_distance_field_is_the_band_of_the_nearest_approach_hex():
    """The Axis band on a large feature (``_front``), measured with the breadth-first distance
    field, is the band measured hex by hex to the nearest Soviet unit (Scenarios 4 and 8)."""
    from hexwar.ai.black_wednesday.goals import BAND, _front, approach
    from hexwar.ai.black_wednesday.memo import forget

    for n in (4, 8):
        g = _placed(n)
        r, st = g.rules, g.state
        fx = r.facts(st, "axis")
        conds = tuple(c for c in conditions(fx) if n != 8 or c.side == "axis")
        pts = sorted(approach(fx, "axis"))
        want: set = set()
        for c in conds:
            if len(c.hexes) <= LARGE:
                want |= c.hexes
                continue
            d = {h: min(distance(h, p) for p in pts) for h in c.hexes}
            want |= {h for h, x in d.items() if x <= min(d.values()) + BAND}
        forget(fx, "front")
        assert pts and any(len(c.hexes) > LARGE for c in conds)
        assert _front(fx, "axis", conds) == frozenset(want)


# --- R4: Axis units on an Attack order take hexes back -------------------------------------------
def _axis_action(n: int):
    g = _placed(n)
    other = SampledRandom(7)
    while not (g.state.phase == "action" and g.state.extra.get("phasing") == "axis" and "pending" not in g.state.extra):
        side = g.acting_side()
        g.apply(other.choose(g, side).action if side else EndPhase())
    return g


def test_R4_axis_unit_on_an_attack_order_walks_back_into_a_krasni_bor_hex_the_soviets_occupy():
    """Scenario 4 (the Recon and Engineers attack to recapture Krasni Bor): a Krasni Bor hex
    with no unit in it that the Soviets occupy (5.0: the last side to pass through) is walked
    back into by a unit on the Attack order, and the reason says why. Without R4 the Axis
    player only stands in its band (the same position gives another decision)."""
    import hexwar.ai.black_wednesday.normal as bw
    from hexwar.ai.black_wednesday.counter import attackers, counter_move
    from hexwar.core.actions import Move

    g = _axis_action(4)
    r, st = g.rules, g.state
    mine = [u for u in attackers(r.facts(st, "axis"), [u.id for u in r.on_map(st, "axis")])]
    assert mine, "Scenario 4 has Axis units on the Attack order on the map"
    kb = goals(r.facts(st, "axis"), "axis").take
    occupied = {u.hex for u in st.units.values() if u.where == ON_MAP}
    uid = mine[0]
    here = st.units[uid].hex
    # a free Krasni Bor hex 2-3 hexes from the unit, marked as the Soviets'
    lost = min((h for h in kb if h not in occupied and 2 <= distance(h, here) <= 3),
               key=lambda h: (distance(h, here), h))
    occ = dict(st.extra.get("occ", {}))
    occ[lost] = "soviet"
    st.extra["occ"] = occ
    st.touch()
    p = bw.BWPlayer()

    def move_step():  # the player's move step (fires and assaults come before it)
        with use_hex_ids(r.ids):
            acts = g.legal_actions()
            fx = r.facts(st, "axis")
            return p.best_move(fx, "axis", acts, p.targets(fx, "axis")), acts

    d, acts = move_step()
    moves = [a for a in acts if isinstance(a, Move) and a.unit in mine and lost in a.path]
    assert moves, "some attacking unit can reach the lost hex this phase"
    assert isinstance(d.action, Move) and d.action.unit in mine and lost in d.action.path, d
    assert "takes back" in d.reason and "5.0" in d.reason and "Attack order" in d.reason
    # without R4 the same position gives another decision
    saved = bw.counter_move
    try:
        bw.counter_move = lambda *a, **k: None
        plain, _ = move_step()
    finally:
        bw.counter_move = saved
    assert plain is None or not (isinstance(plain.action, Move) and lost in plain.action.path)
    assert counter_move(r.facts(st, "soviet"), "soviet", {}, lambda h: True) is None  # the Axis only
