"""Kursk computer player: an emptied VP city and the last turn (5.0).

A unit that leaves a VP city of ours the enemy can walk into pays for the city (half of
it before the last turn, all of it on the last one, when the count follows the enemy's
move); on the last turn an Offensive marker kept is worth nothing and our own steps weigh
little, since only the count decides."""
from __future__ import annotations

import hexwar
from hexwar.ai.battle_for_kursk import normal as K
from hexwar.ai.battle_for_kursk import weights as W
from hexwar.ai.battle_for_kursk.ctx import Ctx
from hexwar.ai.battle_for_kursk.odds import battle_odds
from hexwar.core.hexgrid import distance, parse_hex
from hexwar.core.units import ELIMINATED, ON_MAP

KHARKOV = parse_hex("2117")  # German-held at the start, G-XXIV-PZ on it, Russian units in walking range


def _game(turn: int | None = None):
    game = hexwar.open_game("battle-for-kursk", "full", seed=1)
    if turn is not None:
        game.state.turn = turn
    return game


def _ctx(turn: int | None = None) -> Ctx:
    return Ctx(_game(turn), "german")


def _leave(ctx: Ctx) -> tuple[str, object]:
    uid = ctx.at[KHARKOV]
    assert ctx.control.get(KHARKOV) == "german" and KHARKOV in ctx.foe_walk
    dest = next(n for n in ctx.board.adjacent(KHARKOV) if n not in ctx.at and n not in ctx.board.places)
    return uid, dest


def test_5_0_leaving_a_vp_city_open_to_a_walk_in_costs_half_the_city():
    ctx = _ctx()
    uid, dest = _leave(ctx)
    _, parts = ctx.score(uid, dest)
    assert parts["vacates"] == (KHARKOV, W.P_VACATE * ctx.city_value(KHARKOV))
    _, stay = ctx.score(uid, KHARKOV)
    assert "vacates" not in stay


def test_5_0_on_the_last_turn_an_emptied_vp_city_costs_all_of_it():
    ctx = _ctx(turn=hexwar.open_game("battle-for-kursk", "full", seed=1).rules.camp.last_turn)
    assert ctx.final
    uid, dest = _leave(ctx)
    _, parts = ctx.score(uid, dest)
    assert parts["vacates"] == (KHARKOV, ctx.city_value(KHARKOV))


def _a_battle(ctx: Ctx):
    for uid in ctx.mine:
        for n in ctx.board.adjacent(ctx.hex_of(uid)):
            if n in ctx.foe_hexes:
                bo = battle_odds(ctx.facts, n, (uid,))
                if bo is not None and not bo.odds.no_effect and (bo.p.get("EX", 0) or bo.p.get("AL", 0)):
                    return n, (uid,), bo
    raise AssertionError("no German unit next to a Russian one at the start")


def test_5_0_last_turn_offensive_markers_cost_nothing_and_own_steps_weigh_less(monkeypatch):
    """With the "fewer units eliminated" count out of reach (no elimination moves it; see
    test_5_0_last_turn_battles_are_worth_what_they_do_to_the_count)."""
    monkeypatch.setattr(Ctx, "count_delta", lambda self, ours, theirs: 0)
    player = K.KurskPlayer()
    early = _ctx()
    t, atk, bo = _a_battle(early)
    plain = player.battle_value(early, t, atk, bo, False)
    assert player.battle_value(early, t, atk, bo, True) == plain - W.MARKER
    last = _ctx(turn=early.last)
    plain_last = player.battle_value(last, t, atk, bo, False)
    assert player.battle_value(last, t, atk, bo, True) == plain_last
    # The same battle with the city worth the same: our step lost (EX, AL) costs less.
    astep = min(last.step_value(u) for u in atk)
    risk = bo.p.get("EX", 0) + bo.p.get("AL", 0)
    city_gap = 0.0
    if t in last.vp_cities:
        p_take = sum(bo.p.get(r, 0) for r in ("DE", "DR", "DRL", "EX"))
        city_gap = p_take * (last.city_value(t) - early.city_value(t))
    assert abs((plain_last - plain) - ((1 - W.FINAL_OWN_LOSS) * astep * risk + city_gap)) < 1e-9


def _count(game, ours: int, theirs: int) -> Ctx:
    """The German view of ``game`` with ``ours`` German units and ``theirs`` Russian ones put in
    the Eliminated box."""
    ctx = Ctx(game, "german")
    st, r = game.state, game.rules
    for side, n in ((ctx.side, ours), (ctx.foe, theirs)):
        far = sorted((u.id for u in st.units.values() if u.where == ON_MAP and r.side(u.id) == side
                      and all(distance(u.hex, x) > 3 for x in ctx.foe_hexes | ctx.board.places.keys())
                      ), reverse=True)
        far = far or sorted(u.id for u in st.units.values() if u.where == ON_MAP and r.side(u.id) == side
                            and u.hex not in ctx.board.places)
        for uid in far[:n]:
            st.units[uid] = st.units[uid].at(None, ELIMINATED)
    st._cache.clear()
    return Ctx(game, "german")


def test_5_0_last_turn_battles_are_worth_what_they_do_to_the_count(monkeypatch):
    """5.0: on the last turn an enemy unit eliminated is worth a VP when it levels the count
    or tips it our way, nothing when the count stays lost (the Russians here with no
    replacement points left to bring units back, see the next test)."""
    monkeypatch.setattr(Ctx, "rebuilds_left", lambda self, side: 0)
    player = K.KurskPlayer()
    last = _ctx(turn=hexwar.open_game("battle-for-kursk", "full", seed=1).rules.camp.last_turn)
    t, atk, bo = _a_battle(last)
    one_behind = _count(_game(turn=last.last), 2, 1)
    far_behind = _count(_game(turn=last.last), 6, 1)
    assert one_behind.count_delta(0, 1) == 1 and far_behind.count_delta(0, 1) == 0
    assert one_behind.count_delta(1, 0) == 0 and _count(_game(turn=last.last), 1, 1).count_delta(1, 0) == -1
    v_one = player.battle_value(one_behind, t, atk, bo, False)
    v_far = player.battle_value(far_behind, t, atk, bo, False)
    assert v_one > v_far + 0.5 * W.VP * bo.p.get("DE", 0), (v_one, v_far, bo.p)


def test_9_3_an_exchange_can_eliminate_more_than_one_attacker():
    """9.3 EX: the attacker loses at least the defender's lost points; two one-step attackers
    whose attack is each below the debt both die, paid cheapest first as the player pays."""
    ctx = _ctx()
    def printed(u):  # the printed attack (9.3 counts printed points, mud or not)
        return ctx.spec(u).attack(1)
    ones = sorted((u for u in ctx.mine if ctx.unit(u).steps == 1), key=lambda u: (printed(u), u))[:2]
    assert len(ones) == 2
    assert ctx.exchange_dead(ones, max(printed(u) for u in ones) + 0.5) == 2
    assert ctx.exchange_dead(ones, min(printed(u) for u in ones)) == 1
    assert ctx.exchange_dead(ones, 0) == 0


def test_10_0_a_kill_before_the_enemy_last_replacements_may_come_back():
    """10.0, 5.0: the Russians' last replacement phase comes after the German combat of the
    last turn; a unit eliminated then can be brought back (one point, reduced) before the
    count, so the kill moves the count only when his points cannot cover his box."""
    game = hexwar.open_game("battle-for-kursk", "full", seed=1)
    game.state.turn = game.rules.camp.last_turn
    game.state.phase = "german_combat"
    game.state.extra["posture"] = {"german": "engage", "russian": "pause"}
    ctx = _count(game, 2, 1)
    pts = game.rules.points_for(game.state, "russian")
    back = ctx.rebuilds_left("russian")
    assert back == max(0, pts["irp"]) + max(0, pts["arp"]) > 1
    assert ctx.count_delta(0, 1) == 0  # he brings it back: nothing gained
    assert ctx.rebuilds_left("german") == 0  # ours is past
    game.state.phase = "russian_combat"  # his replacements are played: kills stay
    assert Ctx(game, "german").rebuilds_left("russian") == 0
    assert Ctx(game, "german").count_delta(0, 1) == 1


def test_5_0_last_turn_risk_is_the_count_and_nothing_after_the_enemy_last_battle(monkeypatch):
    """5.0, 4.0: on the last turn a unit risks only what its elimination does to the count;
    after the enemy's last combat phase it risks nothing (the count follows)."""
    monkeypatch.setattr(Ctx, "rebuilds_left", lambda self, side: 0)
    last = _ctx(turn=hexwar.open_game("battle-for-kursk", "full", seed=1).rules.camp.last_turn)
    lost = _count(_game(turn=last.last), 6, 1)
    level = _count(_game(turn=last.last), 1, 1)
    exposed = [u for u in level.mine if level.threat.get(level.hex_of(u)) and level.hex_of(u) not in level.vp_cities
               and u in lost.mine]
    assert exposed
    assert all(lost.risk(u, lost.hex_of(u)) <= level.risk(u, level.hex_of(u)) for u in exposed)
    assert any(lost.risk(u, lost.hex_of(u)) + 0.5 < level.risk(u, level.hex_of(u)) for u in exposed)
    game = hexwar.open_game("battle-for-kursk", "full", seed=1)
    game.state.turn = game.rules.camp.last_turn
    game.state.phase = "russian_movement"
    assert Ctx(game, "german").foe_fights_again is False  # not asked of the mover, but of the other side
    game.state.phase = "german_movement"
    assert Ctx(game, "german").foe_fights_again is True
    russian = Ctx(game, "russian")
    assert russian.foe_fights_again is False  # the Germans have no combat phase left
    r_uid = next(u for u in russian.mine if russian.threat.get(russian.hex_of(u)))
    assert russian.risk(r_uid, russian.hex_of(r_uid)) == 0.0
