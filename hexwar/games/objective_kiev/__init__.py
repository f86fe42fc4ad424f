"""Objective: Kiev (Frank Chadwick): Army Group South against the Southwestern Front, 1941."""
from __future__ import annotations

from ...core.board import Board
from ...loaders.scenario import Scenario
from . import tables
from .rules import KievRules

GAME_ID = tables.GAME_ID
TITLE = "Objective: Kiev"
TERRAINS = tables.TERRAINS
OPTIONS = tables.OPTIONS


def make_rules(board: Board, scenario: Scenario, options: dict | None = None) -> KievRules:
    return KievRules(board, scenario, options)
