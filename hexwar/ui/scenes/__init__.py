"""The scene stack and the scenes: menu, game, hand-over, victory, help, dialogs, one module each
(the game scene with its parts beside it: ``game_input``, ``game_history``, ``game_computer``,
``game_frame``). See ``stack.py`` for what a scene is.
"""
from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .dialogs import ConfirmScene, MessageScene
    from .game import GameScene
    from .game_computer import MoveAnim
    from .handover import HandoverScene
    from .help import HelpScene, draw_board_legend
    from .menu import MenuScene
    from .stack import Host, Scene, SceneStack, ctrl_held, shift_held
    from .victory import VictoryScene

# Each name is imported from its module on first use: the menu's first frame does not wait for
# the game scene and the board it draws (docs/performance.md).
_WHERE = {"ConfirmScene": "dialogs", "MessageScene": "dialogs", "GameScene": "game", "MoveAnim": "game_computer",
          "HandoverScene": "handover", "HelpScene": "help", "draw_board_legend": "help", "MenuScene": "menu",
          "Host": "stack", "Scene": "stack", "SceneStack": "stack", "ctrl_held": "stack", "shift_held": "stack",
          "VictoryScene": "victory"}


def __getattr__(name: str) -> Any:
    if name not in _WHERE:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{_WHERE[name]}"), name)
    globals()[name] = value
    return value

__all__ = ["ConfirmScene", "GameScene", "HandoverScene", "HelpScene", "Host", "MenuScene", "MessageScene", "MoveAnim",
           "Scene", "SceneStack", "VictoryScene", "ctrl_held", "draw_board_legend", "shift_held"]
