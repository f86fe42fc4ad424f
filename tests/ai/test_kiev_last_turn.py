"""Kiev computer player, the Axis's last turn (5.0: the count follows the Soviets' last move).

An open city of ours the walk-in flood reaches is lost outright on the last turn, so a
city taken elsewhere never pays for leaving one open; and a city the Axis takes and stands
in is counted as its own to lose to an attack, like a city it already held."""
from __future__ import annotations

import hexwar
from hexwar.ai import kiev as K
from hexwar.ai.kiev import Ctx, KievPlayer
from hexwar.core import actions as A
from hexwar.core.game import Game


def _axis_turn1_movement() -> Game:
    """The first Axis movement phase (after the set-up and the turn-1 battles)."""
    game = hexwar.open_game("objective-kiev", "standard", seed=1)
    ai = KievPlayer()
    for _ in range(400):
        if game.rules.phase(game.state).id == "axis_movement" and game.state.stage is None:
            return game
        side = game.acting_side()
        game.apply(ai.choose(game, side).action if side else A.EndPhase())
    raise AssertionError("no Axis movement phase reached")


def test_5_0_last_turn_an_open_city_the_flood_reaches_is_lost_outright():
    game = _axis_turn1_movement()
    last = game.rules.scenario.turns
    for turn, p in ((last, 1.0), (last - 1, K.P_WALKIN_BEFORE_LAST), (last - 2, K.P_LATE_REACH)):
        game.state.turn = turn
        ctx = Ctx(game, "axis")
        c = min(ctx.held_cities)
        assert ctx._walkin_sum({c}, frozenset(), [c]) == p * ctx.city_value(c), turn
        assert ctx._walkin_sum({c}, frozenset({c}), [c]) == 0.0  # garrisoned: not walked into


def test_5_0_a_city_the_axis_takes_is_its_own_to_lose_to_an_attack():
    game = _axis_turn1_movement()
    ctx = Ctx(game, "axis")
    uid = max(ctx.my_units, key=lambda u: (ctx.b.defense_of(u), u))
    found = 0
    for c in ctx.cities:
        if ctx.state.control.get(c) == "axis" or ctx.units_at(c) or not ctx.threat(c):
            continue
        untaken_u, untaken_c = ctx.stack_loss(c, [uid])
        taken_u, taken_c = ctx.stack_loss(c, [uid], taking=True)
        assert untaken_c == 0.0 and taken_c > 0.0, c  # only a city of ours can be lost
        assert taken_u == untaken_u
        found += 1
    assert found
