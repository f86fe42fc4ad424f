"""hexwar: classic hex-and-counter wargames with every rule enforced and explained.

>>> import hexwar, hexwar.games
>>> first = hexwar.games.all_games()[0]           # the registry: one entry per game
>>> game = hexwar.open_game(first.id, seed=1)    # its default scenario
>>> game.phase().name == first.sequence[0].name
True
"""
from __future__ import annotations

from .session import list_scenarios, load_record, open_game

__all__ = ["open_game", "load_record", "list_scenarios"]
__version__ = "0.1.0"
