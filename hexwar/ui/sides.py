"""Sides and nations as the games' entries name and colour them (``GameEntry.sides`` and
``nations``): the client keeps no table of its own. The game on screen is asked first (``use``),
then every registered game, so a side id shared by several games reads the same everywhere;
an id no game knows reads as itself in capitals ("blue" -> "Blue").
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..games import all_games

if TYPE_CHECKING:
    from ..core.entry import GameEntry, NationInfo, SideInfo

_current: GameEntry | None = None


def use(entry: GameEntry | None) -> None:
    """The game on screen: its own words and colours come first."""
    global _current
    _current = entry


def current() -> GameEntry | None:
    return _current


def _entries() -> Iterator[GameEntry]:
    """The game on screen, then the others: asked one by one, so that a side the game on screen
    knows does not import every game's package (a game started from the command line)."""
    if _current is not None:
        yield _current
    yield from (e for e in all_games() if e is not _current)


def side_info(side: str | None) -> SideInfo | None:
    if not side:
        return None
    for e in _entries():
        got = e.side(side)
        if got is not None:
            return got
    return None


def side_name(side: str | None) -> str:
    got = side_info(side)
    if got is not None:
        return got.name
    return str(side).replace("_", " ").title() if side else "Nobody"


def nation_info(nation: str | None) -> NationInfo | None:
    if not nation:
        return None
    for e in _entries():
        got = e.nation(nation)
        if got is not None:
            return got
    return None


def nation_name(nation: str | None) -> str:
    got = nation_info(nation)
    return got.name if got is not None else str(nation or "")


class SideNames:
    """``SIDE_NAMES.get(side, default)``: a side's name from the entries (the old table's use)."""

    def get(self, key: str | None, default: str | None = None) -> str | None:
        if key is None:
            return "Nobody"
        return side_name(key) if key else default

    def __getitem__(self, key: str) -> str:
        return side_name(key)


SIDE_NAMES = SideNames()
