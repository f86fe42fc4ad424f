"""The scenario titles the menu showed, remembered for its next first frame (no pygame).

The menu's words for a scenario (its title, and the game's ``for_player`` for the tooltips)
come from the scenario opened as a game, which takes longer than the rest of the menu's
first frame together (the map and the scenario read, the rules built: 0.1-0.2 s). So the titles
shown are also remembered in ``<user_data_dir>/menu-index.json`` against the scenario file's
size and time: the menu's first frame shows the remembered title, and the game is opened after
that frame to give the tooltips their words (and the index its title, if it changed).
"""
from __future__ import annotations

import json
from pathlib import Path

from .. import paths
from ..core.lazylog import get_logger

log = get_logger(__name__)  # logging imported on the first message (lazylog)
INDEX_NAME = "menu-index.json"
INDEX_VERSION = 1
MAX_INDEX_BYTES = 256_000

_INDEX: dict[str, dict] | None = None  # "game/scenario" -> {"stamp": [size, mtime_ns], "title": ...}


def _stamp(game_id: str, scenario: str) -> list[int] | None:
    from .game_index import data_folder, scenarios_root

    try:  # the file ``session.scenario_file`` names, without importing the session before the first frame
        root = scenarios_root(data_folder(game_id))
        st = paths.scenario_file(game_id, scenario, root).stat()
    except (OSError, KeyError, ValueError):
        return None
    return [st.st_size, st.st_mtime_ns]


def _index_path() -> Path:
    return paths.user_data_dir() / INDEX_NAME


def _read_index() -> dict[str, dict]:
    global _INDEX
    if _INDEX is None:
        _INDEX = {}
        try:
            p = _index_path()
            if p.is_file() and p.stat().st_size <= MAX_INDEX_BYTES:
                data = json.loads(p.read_text(encoding="utf-8"))
                if isinstance(data, dict) and data.get("version") == INDEX_VERSION \
                        and isinstance(data.get("titles"), dict):
                    _INDEX = {k: v for k, v in data["titles"].items()
                              if isinstance(v, dict) and isinstance(v.get("title"), str)}
        except (OSError, ValueError) as e:  # a cache: an unreadable one is only rebuilt
            log.info("menu index not read: %s", e)
    return _INDEX


def remembered_title(game_id: str, scenario: str) -> str | None:
    """The scenario's title as the menu showed it last time (in the game's words), if its file
    has not changed since; else None."""
    item = _read_index().get(f"{game_id}/{scenario}")
    if item is None or item.get("stamp") != _stamp(game_id, scenario):
        return None
    return str(item["title"])


def remember(game_id: str, scenario: str, title: str) -> None:
    """Keep the title shown for the next start (written only when it changed)."""
    index = _read_index()
    key = f"{game_id}/{scenario}"
    item = {"stamp": _stamp(game_id, scenario), "title": title}
    if index.get(key) == item:
        return
    index[key] = item
    try:
        from ..core.record import atomic_write_text

        atomic_write_text(_index_path(), json.dumps({"version": INDEX_VERSION, "titles": index}, indent=1))
    except OSError as e:
        log.info("menu index not written: %s", e)
