"""Small helpers shared by the Objective: Kiev rule tests (no rules here)."""
from __future__ import annotations

from hexwar.core.dice import FixedDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import hex_name, parse_hex
from hexwar.games.objective_kiev.positions import board, position, token_for  # noqa: F401

H = parse_hex


def where(game: Game, uid: str) -> tuple:
    """(where, hex, steps) of a unit, hex as its printed id."""
    u = game.state.units[uid]
    return (u.where, hex_name(u.hex) if u.hex else None, u.steps)


def kinds(events) -> list[str]:
    return [e.kind for e in events]


def of(events, kind: str) -> list:
    return [e for e in events if e.kind == kind]


def legal(game: Game) -> list[str]:
    return sorted(a.notation() for a in game.legal_actions())


def rule_of(game: Game, action: str) -> str | None:
    """The rule number of the refusal, or None when the action is legal."""
    why = game.check(action)
    return None if why is None else why.rule


def play(game: Game, *actions: str) -> list:
    """Apply actions in order; return all their events."""
    out = []
    for a in actions:
        out += game.apply(a)
    return out


def no_dice() -> FixedDice:
    """Dice that fail the test if any roll is made."""
    return FixedDice([])


def view_of(game: Game, uid: str) -> dict:
    return next(u for u in game.view("axis")["units"] if u["id"] == uid)
