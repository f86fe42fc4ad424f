"""Kasserine Pass's computer players: the normal level (``normal.KasserinePlayer``) and the easy
level (``easy.KasserineGreedy``), and what a tournament match counts.

They read only the public position (``core.position.Position`` and the game's ``facts``,
games/kasserine_pass/facts.py); the modules: ``ctx`` (one decision's view), ``battles``,
``moves``, ``places``, ``stages``, ``normal``, ``easy`` and ``match``."""
from __future__ import annotations

from ...core.game import Game
from ..player import MatchSpec, Player
from .mechanics import MECHANICS as MECHANICS  # what the tournament counts (hexwar.ai.mechanics)


def _normal() -> Player:
    from .normal import KasserinePlayer

    return KasserinePlayer()


def _easy() -> Player:
    from .easy import KasserineGreedy

    return KasserineGreedy()


PLAYERS = {"normal": _normal, "easy": _easy}


def _points(game: Game, side: str) -> float:
    return float(game.view(None)["german_points"])  # KP-VICTORY: everything is public


def _won(game: Game, side: str) -> bool:
    from .match import beats

    return beats(side, int(_points(game, side)))


MATCH = MatchSpec("standard", _won, "german points (mean)", _points)
