"""What the client adds for one game where the generic client cannot say it well: a panel
block (posture tracks, offensive markers and victory points), marks on the map (a strategic
objective, ENGAGED and CONTACT markers), unit actions offered from the stack list (breaking a
unit down), extra unit facts, odds details and the battle being built.

Everything is read from the game's view and its public helpers; nothing here decides a rule.
``for_game(game_id)`` gives the game's ``GameUI``: the ``CLIENT`` class of the module its
entry names (``GameEntry.client``, e.g. ``hexwar.ui.games.<game package>``), else the base
class, which does nothing; no game is named here. Each game's client code lives in a package
of its own beside this file, importing the hooks from ``base``. Panel blocks are written
through the side panel's ``Flow``; map marks are data, drawn by ``overlays``.
"""
from __future__ import annotations

import importlib

from ...games import entry
from .base import GameUI, MapArea, MapLine, MapMark, MapRing

__all__ = ["GameUI", "MapArea", "MapLine", "MapMark", "MapRing", "for_game"]

_CACHE: dict[str, GameUI] = {}


def _client_class(game_id: str) -> type[GameUI]:
    """The ``CLIENT`` of the module the game's entry names; the base class when the game is not
    registered, names no client module, or that module is not there."""
    try:
        name = entry(game_id).client
    except KeyError:
        return GameUI
    if not name:
        return GameUI
    try:
        module = importlib.import_module(name)
    except ModuleNotFoundError as e:
        # the client module itself is missing
        if e.name is not None and (name == e.name or name.startswith(e.name + ".")):
            return GameUI
        raise
    return getattr(module, "CLIENT", GameUI)


def for_game(game_id: str | None) -> GameUI:
    gid = str(game_id or "")
    got = _CACHE.get(gid)
    if got is None:
        got = _client_class(gid)()
        _CACHE[gid] = got
    return got
