"""Battle for Kursk whole games: random legal play of both scenarios ends with a result,
every offered action passes its own check, and the record replays to the same position."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ai.random_player import play_random
from hexwar.core.actions import parse_action


@pytest.mark.parametrize("scenario,seed", [("full", 1), ("short", 2), ("full", 3)])
def test_4_0_random_game_ends_with_a_result_and_replays(scenario, seed, tmp_path):
    """4.0 / 5.0: a random game runs from the set-up to a verdict; its record replays."""
    game = hexwar.open_game("battle-for-kursk", scenario, seed=seed, options={"mud_roll": seed == 3})
    checked = 0

    def after(g, action, events):
        nonlocal checked
        acts = g.legal_actions()
        for a in acts[:: max(1, len(acts) // 3)]:
            assert g.check(a) is None, (a, g.check(a))
            checked += 1
        assert parse_action(action.notation()) == action

    play_random(game, seed, after=after)
    res = game.result()
    assert res is not None and (res.winner in ("german", "russian") or res.level == "Draw")
    assert checked > 100
    path = tmp_path / "game.yaml"
    game.save(path)
    again = hexwar.load_record(path)
    assert again.digest() == game.digest() and again.result() == res
