"""Kiev computer player, the Axis's last turn (5.0: the count follows the Soviets' last move).

An open city of ours the walk-in flood reaches is lost outright on the last turn, so a
city taken elsewhere never pays for leaving one open; and a city the Axis takes and stands
in is counted as its own to lose to an attack, like a city it already held."""
from __future__ import annotations

import hexwar
from hexwar.ai.objective_kiev import ctx as K
from hexwar.ai.objective_kiev.belief import Estimate
from hexwar.ai.objective_kiev.ctx import Ctx
from hexwar.ai.objective_kiev.normal import KievPlayer
from hexwar.core import actions as A
from hexwar.core.game import Game
from hexwar.core.position import Position


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
        ctx = Ctx(Position(game, "axis"))
        c = min(ctx.held_cities)
        assert ctx._walkin_sum({c}, frozenset(), [c]) == p * ctx.city_value(c), turn
        assert ctx._walkin_sum({c}, frozenset({c}), [c]) == 0.0  # garrisoned: not walked into


def test_5_0_a_city_the_axis_takes_is_its_own_to_lose_to_an_attack():
    game = _axis_turn1_movement()
    ctx = Ctx(Position(game, "axis"))
    uid = max(ctx.my_units, key=lambda u: (ctx.facts.defense(u), u))
    found = 0
    for c in ctx.cities:
        if ctx.facts.owner(c) == "axis" or ctx.units_at(c) or not ctx.threat(c):
            continue
        untaken_u, untaken_c = ctx.stack_loss(c, [uid])
        taken_u, taken_c = ctx.stack_loss(c, [uid], taking=True)
        assert untaken_c == 0.0 and taken_c > 0.0, c  # only a city of ours can be lost
        assert taken_u == untaken_u
        found += 1
    assert found


def _est(**p: float) -> Estimate:
    return Estimate(p=dict(p), column="3:1", shifts=(), attack=0.0, defense=0.0, known=True)


def test_7_2_a_battle_is_worth_the_threat_it_lifts_from_a_garrison_next_door():
    """10.6, 7.2: beating a Soviet unit that threatens one of our garrisoned cities lowers
    that city's risk; the battle's worth counts it (a unit destroyed fully, a retreat less,
    since it may come back), and a unit that threatens no city of ours lifts nothing."""
    game = _axis_turn1_movement()
    game.state.turn = game.rules.scenario.turns  # the last turn: cities at their full worth
    ctx = Ctx(Position(game, "axis"))
    # A garrison of one weak unit in a city of ours, a Soviet army next to it.
    c = min(h for h in ctx.cities if not ctx.units_at(h) and not any(ctx.units_at(n) for n in ctx.board.adjacent(h)))
    game.state.control[c] = "axis"
    weak = min(ctx.my_units, key=lambda u: (ctx.facts.defense(u), u))
    strong = max(ctx.foe_units, key=lambda u: (ctx.facts.attack(u), u))
    n = next(h for h in ctx.board.adjacent(c) if not ctx.units_at(h) and h not in ctx.board.places)
    game.state.units[weak] = game.state.units[weak].at(c)
    game.state.units[strong] = game.state.units[strong].at(n)
    ctx = Ctx(Position(game, "axis"))
    att = ctx.threat(c)
    assert att and ctx.stack_loss(c, ctx.units_at(c))[1] > 0
    assert strong in [u for u, _ in att]
    found = (c, [(strong, n)])
    c, att = found
    foe = att[0][0]
    target = ctx.hex_of(foe)
    de, dr, ne = (ctx.threat_lift(target, _est(DE=1.0)), ctx.threat_lift(target, _est(DR=1.0)),
                  ctx.threat_lift(target, _est(NE=1.0)))
    assert de > 0.0 and 0.0 < dr < de and ne == 0.0
    # A Soviet unit that threatens none of our cities lifts nothing.
    threatening = {u for h in ctx.held_cities if ctx.units_at(h) for u, _ in ctx.threat(h)}
    idle = [u for u in ctx.foe_units if not set(ctx.units_at(ctx.hex_of(u))) & threatening]
    assert idle
    assert abs(ctx.threat_lift(ctx.hex_of(idle[0]), _est(DE=1.0))) < 1e-9
