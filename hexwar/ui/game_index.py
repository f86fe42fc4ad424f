"""The games the menu lists, remembered for its next first frame (no pygame).

The menu's first frame needs every game's id and place in the list and the scenarios of each,
but the entry of the selected game only. The registry's scan imports every game's package for
those (the other three games' packages were 235 M of the menu's 830 M instructions, and
``hexwar.session``, which lists the scenarios, another 107 M). So the id, order and data folder
of each game package of the registry's folder are remembered in
``<user_data_dir>/games-index.json`` against the package's files (each Python file's path,
size and time): at the next start a package whose files have not changed is not imported before
the first frame. A package that changed, or is new, is imported and remembered again; a damaged
index is only rebuilt. With ``HEXWAR_GAMES`` set, or every game already imported, the registry
answers as usual.
"""
from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from pathlib import Path

from .. import games, paths

log = logging.getLogger(__name__)
INDEX_NAME = "games-index.json"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 256_000


@dataclass(frozen=True)
class Listed:
    """A game as the menu lists it before its package is imported."""

    id: str
    order: int
    data: str | None  # the entry's own data folder (None: hexwar's)


def _index_path() -> Path:
    return paths.user_data_dir() / INDEX_NAME


def _read() -> dict[str, dict]:
    try:
        p = _index_path()
        if p.is_file() and p.stat().st_size <= MAX_INDEX_BYTES:
            data = json.loads(p.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("version") == INDEX_VERSION \
                    and isinstance(data.get("packages"), dict):
                return {k: v for k, v in data["packages"].items() if _well_formed(v)}
    except (OSError, ValueError) as e:  # a cache: an unreadable one is only rebuilt
        log.info("games index not read: %s", e)
    return {}


def _well_formed(item: object) -> bool:
    return isinstance(item, dict) and isinstance(item.get("stamp"), list) \
        and (item.get("id") is None or isinstance(item.get("id"), str)) and isinstance(item.get("order"), int) \
        and (item.get("data") is None or isinstance(item.get("data"), str))


def _learn(name: str, stamp: list) -> dict:
    e = games.take_package(name)
    if e is None:
        return {"stamp": stamp, "id": None, "order": 0, "data": None}
    return {"stamp": stamp, "id": e.id, "order": e.order, "data": str(e.data) if e.data is not None else None}


def listed_games() -> list[Listed]:
    """Every registered game in the menu's order (``games.all_games``' order), importing only
    the packages not remembered as they are."""
    if games.scanned():
        return [Listed(e.id, e.order, str(e.data) if e.data is not None else None) for e in games.all_games()]
    index = _read()
    now: dict[str, dict] = {}
    for name in games.package_names():
        stamp = games.package_stamp(name)
        item = index.get(name)
        now[name] = item if item is not None and item["stamp"] == stamp else _learn(name, stamp)
    if now != index:
        try:
            from ..core.record import atomic_write_text

            atomic_write_text(_index_path(), json.dumps({"version": INDEX_VERSION, "packages": now}))
        except OSError as e:
            log.info("games index not written: %s", e)
    out = [Listed(v["id"], v["order"], v["data"]) for v in now.values() if v["id"] is not None]
    return sorted(out, key=lambda g: (g.order, g.id))


def data_root(kind: str, data: str | Path | None) -> Path:
    """A game's "scenarios" or "maps" folder (``session.scenarios_root`` and ``maps_dir``),
    from its entry's data folder, without importing the session."""
    return Path(data) / kind if data is not None else Path(str(paths.data_dir(kind)))


def scenarios_root(data: str | Path | None) -> Path:
    return data_root("scenarios", data)


def list_scenarios(listed: list[Listed]) -> list[tuple[str, str]]:
    """(game id, scenario id) for every scenario of the listed games (``session.list_scenarios``)."""
    out = []
    for g in listed:
        d = scenarios_root(g.data) / g.id
        if d.is_dir():
            out += [(g.id, p.stem) for p in sorted(d.glob("*.yaml"))]
    return out
