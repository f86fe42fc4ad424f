"""Where hexwar finds its data and keeps the player's files.

Game data (read-only):
    data_dir("maps" | "scenarios" | "assets")
    map_path(name)                      maps/<name>.tmx
    scenario_path(game_id, scenario_id) scenarios/<game_id>/<scenario_id>.yaml

In a source checkout these are the top-level folders of the repository; in an
installed copy they are hexwar/data/<kind> inside the package (pyproject.toml
maps the folders there when the wheel is built).

Player files (read-write, created on demand), following the XDG base
directory spec:
    user_data_dir()    $HEXWAR_DATA_DIR, else $XDG_DATA_HOME/hexwar,
                       else ~/.local/share/hexwar
    saves_dir()        <user_data_dir>/saves
    autosave_path()    <saves_dir>/autosave.yaml
    user_config_dir()  $HEXWAR_CONFIG_DIR, else $XDG_CONFIG_HOME/hexwar,
                       else ~/.config/hexwar

HEXWAR_DATA_DIR and HEXWAR_CONFIG_DIR exist so tests (and players who want a
portable set-up) can point hexwar elsewhere; tests/conftest.py sets both. A folder
that cannot be used (the variable names a file, the folder cannot be created) is
passed over for the next one (the usual folder, then a temporary one), and a
notice (``notices()``) tells the player, whom the client shows it at start-up.

Pure standard library: importable without pygame.
"""
from __future__ import annotations

import importlib.resources
import os
import re
from importlib.resources.abc import Traversable
from pathlib import Path

DATA_KINDS = ("maps", "scenarios", "assets")
DATA_PACKAGE = "hexwar.data"

MAP_SUFFIX = ".tmx"
SCENARIO_SUFFIX = ".yaml"
AUTOSAVE_NAME = "autosave.yaml"

DataPath = Path | Traversable

# The repository root when running from a source checkout (hexwar/paths.py ->
# the folder holding hexwar/). An installed copy has site-packages here, which
# has no pyproject.toml: that is how the two layouts are told apart, so that a
# stray top-level "maps" or "assets" package in site-packages is never taken
# for ours.
_SOURCE_ROOT = Path(__file__).resolve().parents[1]


def _check_kind(kind: str) -> None:
    if kind not in DATA_KINDS:
        raise ValueError(f"unknown data kind {kind!r}; expected one of {', '.join(DATA_KINDS)}")


def source_root() -> Path | None:
    """The repository root if hexwar runs from a source checkout, else None."""
    root = _SOURCE_ROOT
    if (root / "pyproject.toml").is_file() and (root / "hexwar").is_dir():
        return root
    return None


def data_dir(kind: str) -> DataPath:
    """The folder holding one kind of game data: "maps", "scenarios" or "assets".

    A pathlib.Path in a source checkout and in any normal install; only an
    install from a zip file would give another importlib Traversable.
    """
    _check_kind(kind)
    root = source_root()
    if root is not None and (root / kind).is_dir():
        return root / kind
    # hexwar.data is a regular package (it has an __init__.py), so files()
    # gives a real pathlib.Path for it in a normal install. The data folders
    # below it have no __init__.py and would give a MultiplexedPath instead.
    return importlib.resources.files(DATA_PACKAGE).joinpath(kind)


def _add_suffix(name: str, suffix: str) -> str:
    return name if name.endswith(suffix) else name + suffix


def map_path(name: str) -> DataPath:
    """The .tmx file of a map; `name` may be given with or without ".tmx"."""
    return data_dir("maps").joinpath(_add_suffix(name, MAP_SUFFIX))


def scenario_path(game_id: str, scenario_id: str) -> DataPath:
    """scenarios/<game_id>/<scenario_id>.yaml (scenario_file checks the names first)."""
    return data_dir("scenarios").joinpath(game_id, _add_suffix(scenario_id, SCENARIO_SUFFIX))


_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def safe_name(name: str, what: str, where: object) -> str:
    """Refuse path tricks: a file a data file names must be a plain name inside its folder.
    Raises ``hexwar.core.errors.DataError`` naming ``where`` (the file that named it)."""
    if not isinstance(name, str) or not _SAFE_NAME.match(name) or ".." in name:
        from .core.errors import DataError

        raise DataError(where, f"{what} {name!r} is not a plain file name")
    return name


def scenario_file(game_id: str, scenario_id: str, root: Path | None = None) -> Path:
    """The file of a scenario: ``<root>/<game_id>/<scenario_id>.yaml``, the root being hexwar's
    scenarios folder unless a game shipped elsewhere gives its own."""
    safe_name(scenario_id, "scenario", game_id)
    base = Path(str(data_dir("scenarios"))) if root is None else Path(root)
    return base / game_id / f"{scenario_id}{SCENARIO_SUFFIX}"


_NOTICES: list[str] = []


def notice(text: str) -> None:
    """Keep a message about the player's files for the client to show at start-up (once)."""
    if text not in _NOTICES:
        _NOTICES.append(text)


def notices() -> list[str]:
    """The messages kept so far (a folder that could not be used, a damaged file set aside);
    the client shows them when it starts and calls ``clear_notices``."""
    return list(_NOTICES)


def clear_notices() -> None:
    _NOTICES.clear()


def _problem(path: Path) -> str | None:
    """Why ``path`` cannot be used as a folder (creating it if missing), or None."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except (FileExistsError, NotADirectoryError):
        return "is a file, not a folder" if path.exists() else "lies inside a file, not a folder"
    except PermissionError:
        return "cannot be created (permission denied)"
    except OSError as e:
        return f"cannot be created ({e.strerror or e})"
    if not path.is_dir():
        return "is not a folder"
    return None


def _fallback(kind: str) -> Path:
    import tempfile

    uid = os.getuid() if hasattr(os, "getuid") else 0
    return Path(tempfile.gettempdir()) / f"hexwar-{uid}" / kind


def _usable(candidates: list[tuple[Path, str]], kind: str, what: str) -> Path:
    """The first usable folder of ``candidates`` ((path, how it was chosen)); when it is not
    the first, a notice says why and where the player's files go instead."""
    problems: list[str] = []
    for path, how in candidates + [(_fallback(kind), "")]:
        why = _problem(path)
        if why is None:
            if problems:
                temp = " (a temporary folder, emptied when the computer restarts)" if not how else ""
                notice(f"{'; '.join(problems)}. Your {what} are kept in {path}{temp} for now.")
            return path
        problems.append(f"{how or 'the folder'} {path} {why}")
    raise OSError(f"no folder for the {what} can be used: {'; '.join(problems)}")


def _xdg_dir(override_var: str, xdg_var: str, fallback: Path, kind: str, what: str) -> Path:
    candidates = []
    override = os.environ.get(override_var)
    if override:
        candidates.append((Path(override).expanduser(), override_var))
    base = os.environ.get(xdg_var, "")
    # The XDG spec says relative values are invalid and must be ignored.
    base_path = Path(base) if base and os.path.isabs(base) else fallback
    candidates.append((base_path / "hexwar", "the usual folder"))
    return _usable(candidates, kind, what)


def user_data_dir() -> Path:
    """The player's own hexwar data folder (saves, logs); created if missing. When it cannot be
    used (``HEXWAR_DATA_DIR`` names a file …), the next usable one, with a ``notice``."""
    return _xdg_dir("HEXWAR_DATA_DIR", "XDG_DATA_HOME", Path.home() / ".local" / "share", "data",
                    "saved games")


def user_config_dir() -> Path:
    """The player's hexwar settings folder; created if missing (see ``user_data_dir``)."""
    return _xdg_dir("HEXWAR_CONFIG_DIR", "XDG_CONFIG_HOME", Path.home() / ".config", "config", "settings")


def saves_dir() -> Path:
    """The folder for saved games; created if missing (see ``user_data_dir``)."""
    return _usable([(user_data_dir() / "saves", "the saves folder")], "saves", "saved games")


def autosave_path() -> Path:
    """The file the client autosaves to (its folder exists; the file may not)."""
    return saves_dir() / AUTOSAVE_NAME
