"""Kursk computer player: the garrisons of VP cities and the last turn's count (5.0, 9.3, 10.6).

What cost the German AI games against the random Russians: a one-step garrison taking
Stand Fast (it dies and the attacker walks in anyway), a garrison reduced by the
negative replacement points and then beaten, and a last-turn posture whose negative
points eliminated a reduced panzer and handed the "fewer units eliminated" VP over."""
from __future__ import annotations

import dataclasses

import hexwar
from hexwar.ai.battle_for_kursk import normal as K
from hexwar.ai.battle_for_kursk import weights as W
from hexwar.ai.battle_for_kursk.ctx import Ctx
from hexwar.core.hexgrid import distance, parse_hex
from hexwar.core.state import Stage
from hexwar.core.units import ELIMINATED, ON_MAP

GAME = "battle-for-kursk"
KHARKOV = parse_hex("2117")  # a German-side VP city (5.0), G-XXIV-PZ in it, Russians next door


def _steps(game, uid: str, steps: int) -> None:
    game.state.units[uid] = dataclasses.replace(game.state.units[uid], steps=steps)


def _result_choice(steps: int):
    game = hexwar.open_game(GAME, "full", seed=1)
    game.state.turn = game.rules.camp.last_turn  # the city at its full worth
    uid = game.state.units_at(KHARKOV)[0].id
    _steps(game, uid, steps)
    atk = tuple(sorted(u.id for u in game.state.units.values() if u.where == ON_MAP
                       and game.rules.side(u.id) == "russian"))[:1]
    game.state.stage = Stage("result_choice", "german", KHARKOV,
                             (("attackers", atk), ("result", "DR"), ("options", ("DR", "SF"))))
    return game


def test_9_3_stand_fast_is_refused_by_a_one_step_garrison():
    """9.3, 9.0: Stand Fast costs a one-step unit its life, the hex is empty and the attacker
    may advance, so the city is lost either way: it retreats (DR) instead."""
    game = _result_choice(1)
    dec = K.KurskPlayer().choose(game, "german")
    assert dec.action in game.legal_actions() and dec.action.value.upper() == "DR", dec


def test_9_3_stand_fast_keeps_the_city_with_a_full_garrison():
    """9.3: on the last turn a two-step garrison stands fast: one step for a VP city kept."""
    game = _result_choice(2)
    dec = K.KurskPlayer().choose(game, "german")
    assert dec.action in game.legal_actions() and dec.action.value.upper() == "SF", dec


def test_10_6_negative_replacement_spares_the_garrison_of_a_threatened_vp_city():
    """10.6, 5.0: the step comes from a unit that is not holding a VP city the enemy can
    strike, though the garrison's step is the cheaper one by the usual measure."""
    game = hexwar.open_game(GAME, "full", seed=1)
    garrison = "G-XXIV-PZ"
    assert game.state.units[garrison].hex == KHARKOV
    armor = [u.id for u in game.state.units.values() if u.where == ON_MAP and game.rules.side(u.id) == "german"
             and game.rules.specs[u.spec].kind == "armor"]
    for uid in armor:
        _steps(game, uid, game.rules.specs[game.state.units[uid].spec].max_steps)
    ctx = Ctx(game, "german")
    assert ctx.threat.get(KHARKOV) and KHARKOV in ctx.vp_cities

    def usual(u):  # the choice without the garrison rule: the cheapest step, nearest the rear
        return ctx.step_value(u) - 0.2 * ctx.front_field.get(ctx.hex_of(u), 0)
    other = max((u for u in armor if ctx.hex_of(u) not in ctx.vp_cities), key=lambda u: (usual(u), u))
    assert usual(garrison) < usual(other)  # so the rule alone makes the difference
    game.state.stage = Stage("replacement_loss", "german", None, (("units", (garrison, other)), ("kind", "arp")))
    dec = K.KurskPlayer().choose(game, "german")
    assert dec.action in game.legal_actions() and dec.action.unit == other, dec


def _last_turn(german_elim: int, russian_elim: int):
    game = hexwar.open_game(GAME, "full", seed=1)
    game.state.turn = game.rules.camp.last_turn
    for side, n in (("german", german_elim), ("russian", russian_elim)):
        infantry = sorted(u.id for u in game.state.units.values() if u.where == ON_MAP and game.rules.side(u.id) == side
                          and game.rules.specs[u.spec].kind != "armor" and u.hex not in game.rules.board.places)
        for uid in infantry[:n]:
            game.state.units[uid] = game.state.units[uid].at(None, ELIMINATED)
    return game  # the panzers all start reduced: a negative armor point eliminates one


def test_5_0_last_turn_negative_points_cost_the_fewer_eliminated_vp_they_give_away(monkeypatch):
    """5.0, 10.6: on the last turn a panzer eliminated by a negative point is worth exactly
    what it does to the "fewer units eliminated" VP: a whole VP when it ties or tips the
    count, nothing beyond the step when the count is already against us (the Russians here
    with no points left to bring their units back, 10.0)."""
    monkeypatch.setattr(Ctx, "rebuilds_left", lambda self, side: 0)
    level = Ctx(_last_turn(2, 2), "german")
    assert level.final
    assert level.elim_swing(1) == 1 and level.elim_swing(0) == 0
    cost_level = -K.KurskPlayer()._points_value(level, "arp", -1)
    behind = Ctx(_last_turn(4, 2), "german")
    assert behind.elim_swing(1) == 0
    cost_behind = -K.KurskPlayer()._points_value(behind, "arp", -1)
    ahead = Ctx(_last_turn(1, 2), "german")
    assert ahead.elim_swing(1) == 1 and ahead.elim_swing(2) == 2  # fewer -> level -> more
    assert abs(cost_level - cost_behind - W.VP) < 1e-9
    # Behind already, the unit costs half its usual last-turn-blind price, and no VP.
    earlier = _last_turn(4, 2)
    earlier.state.turn -= 1
    assert abs(cost_behind - 0.5 * -K.KurskPlayer()._points_value(Ctx(earlier, "german"), "arp", -1)) < 1e-9


def test_5_0_last_turn_attacks_are_worth_the_vp_cities_they_retake():
    """5.0: on the last turn the Engage posture is worth the cities a battle could retake,
    not a count of likely successes: a Russian unit alone in a German-side VP city next to
    our units makes Engage worth more than the same unit outside it."""
    game = _last_turn(0, 0)
    p = K.KurskPlayer()
    ctx = Ctx(game, "german")
    base = p._attack_chances(ctx, final=True), p._attack_chances(ctx)
    # Put a Russian unit into Kharkov (its garrison gone) and count again.
    g_uid = game.state.units_at(KHARKOV)[0].id
    r_uid = min((u for u in game.state.units.values() if u.where == ON_MAP and game.rules.side(u.id) == "russian"),
                key=lambda u: (distance(u.hex, KHARKOV), u.id)).id
    game.state.units[g_uid] = game.state.units[g_uid].at(None, ELIMINATED)
    game.state.units[r_uid] = game.state.units[r_uid].at(KHARKOV)
    game.state.control[KHARKOV] = "russian"
    ctx = Ctx(game, "german")
    assert KHARKOV in ctx.vp_cities and KHARKOV in ctx.foe_hexes
    d_final = p._attack_chances(ctx, final=True) - base[0]
    d_plain = p._attack_chances(ctx) - base[1]
    assert d_final > 1.0 and d_final > 2 * d_plain, (d_final, d_plain)


def test_5_0_a_vp_city_of_our_side_in_enemy_hands_pulls_our_units_back():
    """5.0: a German-side VP city the Russians hold is a VP to retake: units within
    RETAKE_REACH MP of it are pulled toward it by RETAKE_PULL a MP."""
    game = hexwar.open_game(GAME, "full", seed=1)
    assert not Ctx(game, "german").retake_field  # nothing lost yet
    g_uid = game.state.units_at(KHARKOV)[0].id
    game.state.units[g_uid] = game.state.units[g_uid].at(None, ELIMINATED)
    game.state.control[KHARKOV] = "russian"
    ctx = Ctx(game, "german")
    assert ctx.retake_field[KHARKOV] == 0.0
    uid = min((u for u in ctx.mine if 1 < ctx.retake_field.get(ctx.hex_of(u), 99) < W.RETAKE_REACH - 3),
              key=lambda u: (ctx.retake_field[ctx.hex_of(u)], u))
    here = ctx.hex_of(uid)
    near = min(ctx.board.adjacent(here), key=lambda n: ctx.retake_field[n])
    far = max(ctx.board.adjacent(here), key=lambda n: ctx.retake_field[n])
    plain = Ctx(game, "german")
    plain.__dict__["retake_field"] = {}
    gain = (ctx.score(uid, near)[0] - ctx.score(uid, far)[0]) - (plain.score(uid, near)[0] - plain.score(uid, far)[0])
    assert abs(gain - W.RETAKE_PULL * (ctx.retake_field[far] - ctx.retake_field[near])) < 1e-9


def test_5_0_last_turn_moves_are_scored_without_distances_or_pulls():
    """5.0: after the last turn's moves only the count matters: no distance to the next
    objective, no schwerpunkt or retake pull."""
    game = hexwar.open_game(GAME, "full", seed=1)
    game.state.turn = game.rules.camp.last_turn
    ctx = Ctx(game, "german")

    def free(u):
        return sorted(n for n in ctx.board.adjacent(ctx.hex_of(u)) if n not in ctx.at and n not in ctx.board.places)
    uid = next(u for u in sorted(ctx.mine) if ctx.spec(u).kind == "armor" and len(free(u)) >= 2
               and ctx.hex_of(u) not in ctx.board.places)
    a, b = free(uid)[:2]
    assert ctx.city_field.get(a) != ctx.city_field.get(b) or ctx.front_field.get(a) != ctx.front_field.get(b)
    for h in (a, b):
        s, parts = ctx.score(uid, h)
        assert "sp" not in parts
        expect = -parts["risk"] + 0.6 * parts["prep"][0]
        assert abs(s - expect) < 1e-9, (h, s, expect, parts)
