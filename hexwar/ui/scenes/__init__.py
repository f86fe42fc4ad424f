"""The scene stack and the scenes: menu, game, hand-over, victory, help, dialogs, one module each
(the game scene with its parts beside it: ``game_input``, ``game_history``, ``game_computer``,
``game_frame``). See ``stack.py`` for what a scene is.
"""
from __future__ import annotations

from .dialogs import ConfirmScene, MessageScene
from .game import GameScene
from .game_computer import MoveAnim
from .handover import HandoverScene
from .help import HelpScene, draw_board_legend
from .menu import MenuScene
from .stack import Host, Scene, SceneStack, ctrl_held, shift_held
from .victory import VictoryScene

__all__ = ["ConfirmScene", "GameScene", "HandoverScene", "HelpScene", "Host", "MenuScene", "MessageScene", "MoveAnim",
           "Scene", "SceneStack", "VictoryScene", "ctrl_held", "draw_board_legend", "shift_held"]
