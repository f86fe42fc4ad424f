"""Kursk computer player: an emptied VP city and the last turn (5.0).

A unit that leaves a VP city of ours the enemy can walk into pays for the city (half of
it before the last turn, all of it on the last one, when the count follows the enemy's
move); on the last turn an Offensive marker kept is worth nothing and our own steps weigh
little, since only the count decides."""
from __future__ import annotations

import hexwar
from hexwar.ai import kursk as K
from hexwar.ai.odds_family import battle_odds
from hexwar.core.hexgrid import parse_hex

KHARKOV = parse_hex("2117")  # German-held at the start, G-XXIV-PZ on it, Russian units in walking range


def _ctx(turn: int | None = None) -> K.Ctx:
    game = hexwar.open_game("battle-for-kursk", "full", seed=1)
    if turn is not None:
        game.state.turn = turn
    return K.Ctx(game, "german")


def _leave(ctx: K.Ctx) -> tuple[str, object]:
    uid = ctx.at[KHARKOV]
    assert ctx.state.control.get(KHARKOV) == "german" and KHARKOV in ctx.foe_walk
    dest = next(n for n in ctx.board.adjacent(KHARKOV) if n not in ctx.at and n not in ctx.board.places)
    return uid, dest


def test_5_0_leaving_a_vp_city_open_to_a_walk_in_costs_half_the_city():
    ctx = _ctx()
    uid, dest = _leave(ctx)
    _, parts = ctx.score(uid, dest)
    assert parts["vacates"] == (KHARKOV, K.P_VACATE * ctx.city_value(KHARKOV))
    _, stay = ctx.score(uid, KHARKOV)
    assert "vacates" not in stay


def test_5_0_on_the_last_turn_an_emptied_vp_city_costs_all_of_it():
    ctx = _ctx(turn=hexwar.open_game("battle-for-kursk", "full", seed=1).rules.camp.last_turn)
    assert ctx.final
    uid, dest = _leave(ctx)
    _, parts = ctx.score(uid, dest)
    assert parts["vacates"] == (KHARKOV, ctx.city_value(KHARKOV))


def _a_battle(ctx: K.Ctx):
    for uid in ctx.mine:
        for n in ctx.board.adjacent(ctx.hex_of(uid)):
            if n in ctx.foe_hexes:
                bo = battle_odds(ctx.rules, ctx.state, n, (uid,))
                if bo is not None and not bo.odds.no_effect and (bo.p.get("EX", 0) or bo.p.get("AL", 0)):
                    return n, (uid,), bo
    raise AssertionError("no German unit next to a Russian one at the start")


def test_5_0_last_turn_offensive_markers_cost_nothing_and_own_steps_weigh_less():
    player = K.KurskPlayer()
    early = _ctx()
    t, atk, bo = _a_battle(early)
    plain = player.battle_value(early, t, atk, bo, False)
    assert player.battle_value(early, t, atk, bo, True) == plain - K.MARKER
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
    assert abs((plain_last - plain) - ((1 - K.FINAL_OWN_LOSS) * astep * risk + city_gap)) < 1e-9
