"""A random legal player: the baseline opponent, the fuzzer's driver and the benchmark's load."""
from __future__ import annotations

import random
from collections.abc import Callable

from ..core.actions import Action, Event
from ..core.game import Game


def choose_random(game: Game, rng: random.Random) -> Action | None:
    """A uniformly random legal action (None when there is none)."""
    acts = game.legal_actions()
    return rng.choice(acts) if acts else None


def play_random(game: Game, seed: int, max_actions: int = 20_000,
                after: Callable[[Game, Action, list[Event]], None] | None = None) -> Game:
    """Play random legal actions for both sides until the game ends.

    ``after(game, action, events)`` is called after each action (the fuzzer checks
    invariants there). Raises RuntimeError if the game neither ends nor offers an action.
    """
    rng = random.Random(seed)
    for _ in range(max_actions):
        if game.result() is not None:
            return game
        act = choose_random(game, rng)
        if act is None:
            raise RuntimeError(f"no legal action in phase {game.phase().id} (seed {seed})")
        events = game.apply(act)
        if after is not None:
            after(game, act, events)
    raise RuntimeError(f"game did not end within {max_actions} actions (seed {seed})")
