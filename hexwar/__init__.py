"""hexwar: classic hex-and-counter wargames with every rule enforced and explained.

>>> import hexwar, hexwar.games
>>> first = hexwar.games.all_games()[0]           # the registry: one entry per game
>>> game = hexwar.open_game(first.id, seed=1)    # its default scenario
>>> game.phase().name == first.sequence[0].name
True
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from . import lessons
    from .luck_report import luck
    from .session import list_scenarios, load_record, open_game

__all__ = ["open_game", "load_record", "list_scenarios", "lessons", "luck"]
__version__ = "0.1.0"

# The engine's API is imported on first use, not with the package: the client's menu draws its
# first frame without the rules engine, the record reader, the lessons and the luck report
# (docs/performance.md). The luck report's module is not named ``luck``: importing a submodule
# binds its name on the package, which would hide the function ``hexwar.luck``.
_LAZY = {"open_game": "session", "load_record": "session", "list_scenarios": "session", "lessons": "lessons",
         "luck": "luck_report"}


def __getattr__(name: str) -> Any:
    if name not in _LAZY:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    if name == "load_record":  # a record may continue a lesson: the lessons register how to open one
        importlib.import_module(f"{__name__}.lessons")
    module = importlib.import_module(f"{__name__}.{_LAZY[name]}")
    value = module if name == "lessons" else getattr(module, name)
    globals()[name] = value
    return value
