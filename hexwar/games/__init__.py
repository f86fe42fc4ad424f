"""One package per game; the registry below maps a game id to its package."""
from __future__ import annotations

import importlib

GAMES = {
    "objective-kiev": "hexwar.games.objective_kiev",
    "battle-for-kursk": "hexwar.games.battle_for_kursk",
    "kasserine-pass": "hexwar.games.kasserine_pass",
    "black-wednesday": "hexwar.games.black_wednesday",
}


def find_game(game_id: str):
    """The game package for ``game_id``; KeyError names the known games."""
    if game_id not in GAMES:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(GAMES))}")
    return importlib.import_module(GAMES[game_id])
