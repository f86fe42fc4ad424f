"""Every computer player of every game, asked for decisions at many kinds of position.

The whole games that exercise the players run untraced by coverage (``whole_game``), so these
short mixed games are what keeps the players' own code under the coverage figure: the
player decides every fourth decision of its side, the random player the rest (which walks the
game through its phases quickly), and each decision must be legal where it is taken.
"""
from __future__ import annotations

import random

import pytest

import hexwar
from hexwar.ai.player import make_player
from hexwar.ai.random_player import choose_random
from hexwar.core.actions import EndPhase

GAMES = [(e.id, e.default_scenario, s.id) for e in hexwar.games.all_games() for s in e.sides]
AI_DECISIONS = 40  # of the player under test: past the set-up into movement and combat in every game
EVERY = 4  # the player under test takes one decision in EVERY of its side's


@pytest.mark.parametrize("level", ["ai", "greedy"])
@pytest.mark.parametrize("game_id,scenario,side", GAMES)
def test_player_decisions_are_legal_in_mixed_play(game_id, scenario, side, level):
    game = hexwar.open_game(game_id, scenario, seed=7)
    player = make_player(level, game_id, 7)
    rng = random.Random(7)
    asked = seen = 0
    for _ in range(3000):
        if game.result() is not None or asked >= AI_DECISIONS:
            break
        acting = game.acting_side()
        if acting is None:
            game.apply(EndPhase())
            continue
        if acting == side and seen % EVERY == 0:
            dec = player.choose(game, side)
            assert game.check(dec.action) is None, (game_id, side, level, dec.action.notation())
            action = dec.action
            asked += 1
        else:
            pick = choose_random(game, rng)
            assert pick is not None, (game_id, acting)
            action = pick
        if acting == side:
            seen += 1
        game.apply(action)
    assert asked == AI_DECISIONS or game.result() is not None, (game_id, side, level, asked)
