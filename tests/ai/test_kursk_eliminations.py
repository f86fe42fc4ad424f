"""Kursk computer player: units eliminated by its own negative replacement points, and
the schwerpunkt of a late game not yet won (5.0, 10.6)."""
from __future__ import annotations

import dataclasses

import hexwar
from hexwar.ai.battle_for_kursk import normal as K
from hexwar.ai.battle_for_kursk import weights as W
from hexwar.ai.battle_for_kursk.ctx import Ctx
from hexwar.core.state import Stage
from hexwar.core.units import ON_MAP

GAME = "battle-for-kursk"


def _german_armor(game) -> list[str]:
    return sorted(u.id for u in game.state.units.values() if u.where == ON_MAP and game.rules.side(u.id) == "german"
                  and game.rules.specs[u.spec].kind == "armor")


def test_10_6_negative_replacement_reduces_a_full_unit_before_eliminating_a_reduced_one():
    """10.6, 5.0: a reduced unit taking the point is eliminated and counts against us, so
    a full-strength unit takes it, even one nearer the front or worth more per step."""
    game = hexwar.open_game(GAME, "full", seed=1)
    armor = _german_armor(game)
    assert len(armor) >= 3
    # Reduce all but one panzer corps to one step; the full one must take the point.
    # (At turn A the panzer corps start reduced.)
    full = armor[-1]
    for uid in armor:
        game.state.units[uid] = _with_steps(game.state.units[uid], _max(game, uid) if uid == full else 1)
    game.state.stage = Stage("replacement_loss", "german", None, (("units", tuple(armor)), ("kind", "arp")))
    acts = game.legal_actions()
    dec = K.KurskPlayer().choose(game, "german")
    assert dec.action in acts and dec.action.unit == full, dec
    assert "no unit is eliminated" in dec.reason
    # With only reduced units left one of them goes, and the reason says so.
    game.state.units[full] = _with_steps(game.state.units[full], 1)
    dec = K.KurskPlayer().choose(game, "german")
    assert dec.action in game.legal_actions() and "no full-strength unit" in dec.reason


def _max(game, uid: str) -> int:
    return game.rules.specs[game.state.units[uid].spec].max_steps


def _with_steps(u, steps: int):
    return dataclasses.replace(u, steps=steps)


def test_10_6_posture_prices_a_unit_its_negative_points_would_eliminate():
    """10.6, 5.0: a negative armor point that must eliminate a reduced panzer costs the
    unit and ELIM_VP of a VP; one a full unit can absorb costs a step only."""
    game = hexwar.open_game(GAME, "full", seed=1)
    for uid in _german_armor(game):
        game.state.units[uid] = _with_steps(game.state.units[uid], _max(game, uid))
    ctx = Ctx(game, "german")
    p = K.KurskPlayer()
    full_cost = -p._points_value(ctx, "arp", -1)
    for uid in _german_armor(game):
        game.state.units[uid] = _with_steps(game.state.units[uid], 1)
    ctx = Ctx(game, "german")
    elim_cost = -p._points_value(ctx, "arp", -1)
    cheapest = min(ctx.value(u) for u in _german_armor(game))
    assert abs(elim_cost - (cheapest + W.ELIM_VP * W.VP + 1.0)) < 1e-9
    assert elim_cost > full_cost + W.ELIM_VP * W.VP


def _late(turn_share: float = 0.75):
    game = hexwar.open_game(GAME, "full", seed=1)
    camp = game.rules.camp
    first = getattr(camp, "start_turn", 1)
    game.state.turn = first + round(turn_share * (camp.last_turn - first))
    return game


def test_5_0_no_schwerpunkt_early_or_for_the_russians():
    game = hexwar.open_game(GAME, "full", seed=1)
    assert Ctx(game, "german").schwerpunkt is None  # turn A: too early
    late = _late()
    assert Ctx(late, "russian").schwerpunkt is None


def test_5_0_late_schwerpunkt_is_a_russian_side_city_and_pulls_the_armor():
    """5.0: late in a game not yet won, the German armor concentrates on one Russian-side
    VP city (not Moscow, which has its own pull), nearest and least defended."""
    game = _late()
    ctx = Ctx(game, "german")
    assert ctx.facts.vp_total() >= W.SP_MARGIN
    sp = ctx.schwerpunkt
    names = game.rules.camp.victory["major_cities"]["russian_side"]
    assert sp is not None and sp != game.rules.moscow
    assert ctx.board.place_at(sp).name in names and game.state.control.get(sp) != "german"
    uid = _german_armor(game)[0]
    here = ctx.hex_of(uid)
    closer = min(ctx.board.adjacent(here), key=lambda n: ctx.sp_field.get(n, 99))
    farther = max(ctx.board.adjacent(here), key=lambda n: ctx.sp_field.get(n, -1))
    _, parts = ctx.score(uid, closer)
    assert parts["sp"] == sp
    # The pull alone: the same score without it differs by SP_PULL per MP.
    s_close, _ = ctx.score(uid, closer)
    s_far, _ = ctx.score(uid, farther)
    saved = ctx.sp_field[farther] - ctx.sp_field[closer]
    assert saved > 0
    ctx2 = Ctx(game, "german")
    ctx2.__dict__["schwerpunkt"] = None
    b_close, _ = ctx2.score(uid, closer)
    b_far, _ = ctx2.score(uid, farther)
    assert abs((s_close - s_far) - (b_close - b_far) - W.SP_PULL * saved) < 1e-9


def test_5_0_no_schwerpunkt_while_the_germans_are_winning(monkeypatch):
    game = _late()
    monkeypatch.setattr(type(game.rules), "vp", lambda self, state: (W.SP_MARGIN - 1, []))
    assert Ctx(game, "german").schwerpunkt is None
