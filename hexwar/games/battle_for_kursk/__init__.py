"""Battle for Kursk: The Tigers Are Burning, 1943 (Trevor Bender): Army Groups Center and
South against the Soviet fronts, March to November 1943."""
from __future__ import annotations

from ...core.board import Board
from ...loaders.scenario import Scenario
from . import tables
from .rules import KurskRules

GAME_ID = tables.GAME_ID
TITLE = "Battle for Kursk"
TERRAINS = tables.TERRAINS
FEATURE_KINDS = tables.FEATURE_KINDS
OPTIONS = tables.OPTIONS


def make_rules(board: Board, scenario: Scenario, options: dict | None = None) -> KurskRules:
    return KurskRules(board, scenario, options)
