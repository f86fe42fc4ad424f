"""Whole games: a random legal player plays both sides from set-up to the verdict,
and the record it leaves replays to the same position."""
from __future__ import annotations

import pytest

import hexwar
from hexwar.ai.random_player import play_random
from hexwar.core.actions import parse_action

SEEDS = [1, 2, 3, 4, 5, 6]


@pytest.mark.whole_game
@pytest.mark.parametrize("seed", SEEDS)
def test_random_game_of_objective_kiev_ends_and_replays(seed, tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=seed)
    legal_checked = 0

    def after(g, action, events):
        nonlocal legal_checked
        # Every action the game offers must pass its own check (a sample, for speed).
        acts = g.legal_actions()
        for a in acts[:: max(1, len(acts) // 5)]:
            assert g.check(a) is None, (a, g.check(a))
            legal_checked += 1
        # Notation round-trips.
        assert parse_action(action.notation()) == action

    play_random(game, seed, after=after)
    res = game.result()
    assert res is not None and res.level in ("Axis victory", "Draw", "Soviet victory")
    assert game.state.turn == 7 and game.state.phase == "housekeeping"
    assert legal_checked > 100
    path = tmp_path / "game.yaml"
    game.save(path)
    again = hexwar.load_record(path)
    assert again.digest() == game.digest()
    assert again.result() == res


# Large scenarios (a game's LARGE_SCENARIOS) are played by their own sampling test instead.
OTHER_SCENARIOS = [s for s in hexwar.list_scenarios()
                   if s[0] != "objective-kiev" and s not in hexwar.session.large_scenarios()]


@pytest.mark.whole_game
@pytest.mark.parametrize("game_id, scenario_id", OTHER_SCENARIOS, ids=[f"{g}-{s}" for g, s in OTHER_SCENARIOS])
def test_random_game_of_every_other_scenario_ends_and_replays(game_id, scenario_id, tmp_path):
    """Every registered game, every scenario: random legal play reaches the verdict and
    the record replays to the same position."""
    game = hexwar.open_game(game_id, scenario_id, seed=3)

    def after(g, action, events):
        assert parse_action(action.notation()) == action

    play_random(game, 3, after=after)
    assert game.result() is not None
    path = tmp_path / "game.yaml"
    game.save(path)
    again = hexwar.load_record(path)
    assert again.digest() == game.digest()
    assert again.result() == game.result()


def test_large_scenarios_are_listed_and_declared_by_their_game():
    """A large scenario stays in the list (players open it from the menu); only random play skips it."""
    large = hexwar.session.large_scenarios()
    assert ("black-wednesday", "s3-assault-the-line") in large
    assert large <= set(hexwar.list_scenarios())


def test_same_seed_same_game():
    a = play_random(hexwar.open_game("objective-kiev", "standard", seed=9), 9)
    b = play_random(hexwar.open_game("objective-kiev", "standard", seed=9), 9)
    assert a.digest() == b.digest() and [x.notation() for x in a.actions] == [x.notation() for x in b.actions]


def test_illegal_action_leaves_the_game_untouched():
    game = hexwar.open_game("objective-kiev", "standard", seed=1)
    before = game.digest()
    assert game.check("move SU-5A 0101") is not None
    with pytest.raises(hexwar.core.errors.IllegalActionError):
        game.apply("move SU-5A 0101")
    assert game.digest() == before and game.actions == []


def test_autosave_after_every_action_resumes_at_the_last_action(tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=4)
    game.autosave_path = tmp_path / "autosave.yaml"
    import random

    rng = random.Random(4)
    for _ in range(60):
        game.apply(rng.choice(game.legal_actions()))
        resumed = hexwar.load_record(game.autosave_path)
        assert resumed.digest() == game.digest()
    assert not [p for p in tmp_path.iterdir() if p.name != "autosave.yaml"], "temporary files left behind"


def test_timeline_keeps_every_action_with_its_events_and_state(tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=2)
    game.apply("place SU-5A 0705")
    game.apply("place SU-6A 1106")
    tl = game.timeline()
    assert [a.notation() for a, _, _ in tl] == ["place SU-5A 0705", "place SU-6A 1106"]
    assert tl[0][1][0].kind == "placed" and tl[-1][2] is game.state
    assert str(tl[0][2].units["SU-5A"].hex) == "0705" and tl[0][2].units["SU-6A"].where == "unplaced"


def test_record_keeps_who_played_each_side(tmp_path):
    game = hexwar.open_game("objective-kiev", "standard", seed=2)
    game.header["players"] = {"axis": "computer", "soviet": "human"}
    game.apply("place SU-5A 0705")
    game.save(tmp_path / "g.yaml")
    assert hexwar.load_record(tmp_path / "g.yaml").header["players"] == {"axis": "computer", "soviet": "human"}
