"""hexwar: classic hex-and-counter wargames with every rule enforced and explained.

>>> import hexwar
>>> game = hexwar.open_game("objective-kiev", "standard", seed=1)
>>> game.state.phase
'soviet_setup'
"""
from __future__ import annotations

from .session import list_scenarios, load_record, open_game

__all__ = ["open_game", "load_record", "list_scenarios"]
__version__ = "0.1.0"
