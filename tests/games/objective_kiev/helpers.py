"""Small helpers shared by the Objective: Kiev rule tests (no rules here)."""
from __future__ import annotations

from _game_tests import kinds, legal, of, play, rule_of, where  # noqa: F401  (the game tests import them from here)

from hexwar.core.dice import FixedDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import parse_hex
from hexwar.games.objective_kiev.positions import board, position, token_for  # noqa: F401

H = parse_hex


def no_dice() -> FixedDice:
    """Dice that fail the test if any roll is made."""
    return FixedDice([])


def view_of(game: Game, uid: str) -> dict:
    return next(u for u in game.view("axis")["units"] if u["id"] == uid)
