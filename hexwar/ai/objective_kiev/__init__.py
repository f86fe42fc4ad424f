"""Objective: Kiev's computer players: the normal level (``normal.KievPlayer``) and the easy
level (``easy.GreedyPlayer``), and what a tournament match counts."""
from __future__ import annotations

from ...core.game import Game
from ..player import MatchSpec, Player
from .mechanics import MECHANICS as MECHANICS  # what the tournament counts (hexwar.ai.mechanics)


def _normal() -> Player:
    from .normal import KievPlayer

    return KievPlayer()


def _easy() -> Player:
    from .easy import GreedyPlayer

    return GreedyPlayer()


PLAYERS = {"normal": _normal, "easy": _easy}


def _won(game: Game, side: str) -> bool:
    res = game.result()
    assert res is not None  # asked of a finished game only (MatchSpec.won)
    level = res.level  # 5.0: Axis victory (16 cities), draw (15), Soviet victory
    return level == "Soviet victory" if side == "soviet" else level in ("Axis victory", "Draw")


def _cities(game: Game, side: str) -> float:
    return float(sum(1 for owner in game.view(None)["control"].values() if owner == "axis"))


MATCH = MatchSpec("standard", _won, "axis cities (mean)", _cities)
