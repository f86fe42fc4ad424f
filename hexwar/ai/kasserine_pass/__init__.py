"""Kasserine Pass's computer players: the normal level (``normal.KasserinePlayer``) and the easy
level (``normal.KasserineGreedy``), and what a tournament match counts."""
from __future__ import annotations

from ...core.game import Game
from ..player import MatchSpec, Player


def _normal() -> Player:
    from .normal import KasserinePlayer

    return KasserinePlayer()


def _easy() -> Player:
    from .normal import KasserineGreedy

    return KasserineGreedy()


PLAYERS = {"normal": _normal, "easy": _easy}


def _won(game: Game, side: str) -> bool:
    from .match import beats

    return beats(side, game.rules.german_points(game.state))


def _points(game: Game, side: str) -> float:
    return float(game.rules.german_points(game.state))


MATCH = MatchSpec("standard", _won, "german points (mean)", _points)
