"""Black Wednesday's computer players: the normal level (``normal.BWPlayer``) and the easy level
(``easy.BWGreedy``), and what a tournament match counts (Scenario 1 unless asked otherwise)."""
from __future__ import annotations

from ...core.game import Game
from ..player import MatchSpec, Player
from .mechanics import MECHANICS as MECHANICS  # what the tournament counts (hexwar.ai.mechanics)


def _normal() -> Player:
    from .normal import BWPlayer

    return BWPlayer()


def _easy() -> Player:
    from .easy import BWGreedy

    return BWGreedy()


PLAYERS = {"normal": _normal, "easy": _easy}


def _won(game: Game, side: str) -> bool:
    res = game.result()
    assert res is not None  # asked of a finished game only (MatchSpec.won)
    return res.winner == side


def _trenches(game: Game, side: str) -> float:
    from .tournament import held_trenches

    return float(held_trenches(game))


MATCH = MatchSpec("s1-turning-the-left", _won, "trench hexes the axis holds (mean)", _trenches,
                  scenario_env="TOURNAMENT_BW_SCENARIO")
