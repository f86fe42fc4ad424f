"""hexwar: classic hex-and-counter wargames with every rule enforced and explained.

>>> import hexwar, hexwar.games
>>> first = hexwar.games.all_games()[0]           # the registry: one entry per game
>>> game = hexwar.open_game(first.id, seed=1)    # its default scenario
>>> game.phase().name == first.sequence[0].name
True
"""
from __future__ import annotations

from . import lessons  # noqa: F401  (learn mode; also lets load_record open a continued lesson)
from .luck import luck
from .session import list_scenarios, load_record, open_game

__all__ = ["open_game", "load_record", "list_scenarios", "lessons", "luck"]
__version__ = "0.1.0"
