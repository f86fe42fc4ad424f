"""Battle for Kursk's computer players: the normal level (``normal.KurskPlayer``) and the easy
level (``easy.KurskEasy``), and what a tournament match counts."""
from __future__ import annotations

from ...core.game import Game
from ..player import MatchSpec, Player
from .mechanics import MECHANICS as MECHANICS  # what the tournament counts (hexwar.ai.mechanics)


def _normal() -> Player:
    from .normal import KurskPlayer

    return KurskPlayer()


def _easy() -> Player:
    from .easy import KurskEasy

    return KurskEasy()


PLAYERS = {"normal": _normal, "easy": _easy}


def _won(game: Game, side: str) -> bool:
    res = game.result()
    assert res is not None  # asked of a finished game only (MatchSpec.won)
    return res.winner == side


def _vp(game: Game, side: str) -> float:
    from .match import side_vp

    return side_vp(game, side)


MATCH = MatchSpec("full", _won, "VP for the side (mean)", _vp)
