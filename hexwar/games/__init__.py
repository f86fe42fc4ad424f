"""The registry of games: every package of this folder that exports ``GAME`` (a ``GameEntry``),
every game package named by the ``HEXWAR_GAMES`` environment variable (folders separated by
the path separator; each is a game package, or a folder of game packages), and any game
package added from another folder with ``add_folder``.

Nothing else in hexwar names a game: the session, the client, the computer players, the
fuzzer, the benchmarks and the tournament ask this registry.
"""
from __future__ import annotations

import importlib
import importlib.util
import os
import pkgutil
import sys
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING

from ..core.lazylog import get_logger

if TYPE_CHECKING:  # imported with the first game's package: the client's menu draws without it
    from ..core.entry import GameEntry

log = get_logger(__name__)  # logging imported on the first message (lazylog)
_ENTRIES: dict[str, GameEntry] = {}
_MODULES: dict[str, ModuleType] = {}
_SCANNED = False


def _take(module: ModuleType) -> None:
    from ..core.entry import GameEntry

    entry = getattr(module, "GAME", None)
    if not isinstance(entry, GameEntry):
        return
    if entry.id in _ENTRIES and _MODULES[entry.id].__name__ != module.__name__:
        raise ValueError(f"two games with the id {entry.id!r}: {_MODULES[entry.id].__name__} and {module.__name__}")
    _ENTRIES[entry.id] = entry
    _MODULES[entry.id] = module


def _scan() -> None:
    global _SCANNED
    if _SCANNED:
        return
    _SCANNED = True
    for name in package_names():
        _take(importlib.import_module(f"{__name__}.{name}"))
    for part in os.environ.get("HEXWAR_GAMES", "").split(os.pathsep):
        if part.strip():
            _add_env_folder(Path(part).expanduser())


def _add_env_folder(folder: Path) -> None:
    """A folder ``HEXWAR_GAMES`` names: a game package, or a folder of game packages. One that
    cannot be loaded is left out with a warning (a player's setting must not stop hexwar)."""
    try:
        add_folder(folder)
        return
    except Exception as e:  # noqa: BLE001 - any error in a game's code: report it, go on
        first = e
    inner = sorted(p for p in folder.iterdir() if (p / "__init__.py").is_file()) if folder.is_dir() else []
    if not inner:
        log.warning("HEXWAR_GAMES: %s left out: %s", folder, first)
    for sub in inner:
        try:
            add_folder(sub)
        except Exception as e:  # noqa: BLE001
            log.warning("HEXWAR_GAMES: %s left out: %s", sub, e)


def add_folder(folder: str | Path) -> GameEntry:
    """Register the game package in ``folder`` (a folder with an ``__init__.py`` exporting
    ``GAME``), for games shipped outside hexwar. Its import name is the folder's name."""
    folder = Path(folder).resolve()
    init = folder / "__init__.py"
    if not init.is_file():
        raise ValueError(f"{folder}: not a game package (no __init__.py)")
    name = folder.name
    module = sys.modules.get(name)
    if module is None or Path(getattr(module, "__file__", "") or "").resolve() != init:
        spec = importlib.util.spec_from_file_location(name, init, submodule_search_locations=[str(folder)])
        if spec is None or spec.loader is None:
            raise ValueError(f"{folder}: cannot be imported")
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module
        spec.loader.exec_module(module)
    _scan()
    _take(module)
    from ..core.entry import GameEntry

    entry = getattr(module, "GAME", None)
    if not isinstance(entry, GameEntry):
        raise ValueError(f"{folder}: its package exports no GAME entry")
    return entry


def remove(game_id: str) -> None:
    """Forget a game added with ``add_folder`` (tests)."""
    _ENTRIES.pop(game_id, None)
    _MODULES.pop(game_id, None)


def all_games() -> list[GameEntry]:
    """Every registered game, in the order menus list them (``GameEntry.order``, then id)."""
    _scan()
    return sorted(_ENTRIES.values(), key=lambda e: (e.order, e.id))


def game_ids() -> list[str]:
    return [e.id for e in all_games()]


def _take_named(game_id: str) -> None:
    """Import only the package of this folder named after ``game_id`` (hyphens as
    underscores), when there is one: ``hexwar --game GAME`` needs no other game's package. The
    whole scan still follows for any other question, and for an id no package is named after.
    Not when ``HEXWAR_GAMES`` is set: a game there may take the same id, which the scan refuses."""
    name = game_id.replace("-", "_")
    if not name.isidentifier() or os.environ.get("HEXWAR_GAMES", "").strip():
        return
    if any((Path(folder) / name / "__init__.py").is_file() for folder in __path__):
        _take(importlib.import_module(f"{__name__}.{name}"))


def scanned() -> bool:
    """Whether every game is in (the scan ran, or ``HEXWAR_GAMES`` asks for it at the first
    question): then ``all_games`` answers at once, and the packages' own listing is not enough."""
    return _SCANNED or bool(os.environ.get("HEXWAR_GAMES", "").strip())


def package_names() -> list[str]:
    """The game packages of this folder, by name, none imported (the scan imports them in this order)."""
    return [i.name for i in sorted(pkgutil.iter_modules(__path__), key=lambda i: i.name) if i.ispkg]


def package_stamp(name: str) -> list[list[str | int]]:
    """Every Python file of the package ``name`` of this folder, with its size and time: what a
    remembered answer about the package (its entry's id and order) is good for."""
    for folder in __path__:
        root = Path(folder) / name
        if (root / "__init__.py").is_file():
            out: list[list[str | int]] = []
            for here, dirs, files in os.walk(root):  # os.walk: a third of Path.rglob's time
                dirs[:] = sorted(d for d in dirs if d != "__pycache__")
                rel = Path(here).relative_to(root).as_posix()
                for f in sorted(files):
                    if f.endswith(".py"):
                        st = os.stat(os.path.join(here, f))
                        out.append([f if rel == "." else f"{rel}/{f}", st.st_size, st.st_mtime_ns])
            return sorted(out)
    return []


def take_package(name: str) -> GameEntry | None:
    """Import the package ``name`` of this folder alone and register its entry (None: it has none)."""
    from ..core.entry import GameEntry

    module = importlib.import_module(f"{__name__}.{name}")
    _take(module)
    got = getattr(module, "GAME", None)
    return got if isinstance(got, GameEntry) else None


def loaded(game_id: str) -> GameEntry | None:
    """The entry of ``game_id`` if its package is imported already, else None (nothing imported)."""
    return _ENTRIES.get(game_id)


def entry(game_id: str) -> GameEntry:
    """The entry of ``game_id``; KeyError names the known games."""
    if not _SCANNED and game_id not in _ENTRIES:
        _take_named(game_id)
    if game_id not in _ENTRIES:
        _scan()
    if game_id not in _ENTRIES:
        raise KeyError(f"unknown game {game_id!r}; known games: {', '.join(sorted(_ENTRIES))}")
    return _ENTRIES[game_id]


def find_game(game_id: str) -> ModuleType:
    """The package of ``game_id`` (its entry is ``.GAME``); KeyError names the known games."""
    entry(game_id)
    return _MODULES[game_id]
