"""Helpers shared by the rule tests of every game (tests/games/<game>/helpers.py re-export
them). Imported as a top-level module: tests/games has no __init__.py, so pytest puts this
folder on sys.path for the game packages below it."""
from __future__ import annotations

from hexwar.core.game import Game
from hexwar.core.hexgrid import hex_name


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
