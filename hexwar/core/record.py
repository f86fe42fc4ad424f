"""Game records: a YAML file naming the game, scenario, seed and options, and the
actions in notation. Loading a record (``hexwar.load_record``) replays it, so it
reproduces the same state; this module only writes and reads the file.

Writes are atomic (a temporary file in the same folder, flushed to disk, then
renamed over the old one), so a crash never leaves a half-written save.
"""
from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING, Any

import yaml

# The C parser when PyYAML has it (ten times faster); both only build plain data.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

from .errors import DataError

if TYPE_CHECKING:
    from .game import Game

RECORD_VERSION = 1
MAX_RECORD_BYTES = 20_000_000


def record_data(game: "Game") -> dict[str, Any]:
    return {
        "hexwar_record": RECORD_VERSION,
        "game": game.header["game"],
        "scenario": game.header["scenario"],
        "seed": game.header["seed"],
        "options": dict(game.header.get("options") or {}),
        "rules_version": getattr(game.rules, "rules_version", 1),
        **({"players": dict(game.header["players"])} if game.header.get("players") else {}),
        "actions": [a.notation() for a in game.actions],
        "undo_barrier": game.undo_barrier,
        "digest": game.digest(),
    }


def atomic_write_text(path: str | os.PathLike, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    # A process killed mid-write leaves its temporary file behind (never the target):
    # sweep those up first.
    for stale in path.parent.glob(f".{path.name}.*.tmp"):
        try:
            stale.unlink()
        except OSError:
            pass
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    try:  # make the rename itself durable
        dfd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dfd)
        finally:
            os.close(dfd)
    except OSError:
        pass


def save_record(game: "Game", path: str | os.PathLike) -> None:
    atomic_write_text(path, yaml.safe_dump(record_data(game), sort_keys=False, allow_unicode=True))


def read_record(path: str | os.PathLike) -> dict[str, Any]:
    """Read and validate a record file; DataError names the file and the problem."""
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as e:
        raise DataError(p, f"cannot read the file ({e.strerror})") from None
    if size > MAX_RECORD_BYTES:
        raise DataError(p, f"file too large for a game record ({size} bytes)")
    try:
        data = yaml.load(p.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    except OSError as e:
        raise DataError(p, f"cannot read the file ({e.strerror or e})") from None
    except UnicodeDecodeError:
        raise DataError(p, "not a text file") from None
    except yaml.YAMLError as e:
        raise DataError(p, f"not valid YAML ({str(e).splitlines()[0]})") from None
    if not isinstance(data, dict):
        raise DataError(p, "not a hexwar game record (expected a mapping at the top)")
    for key, kind in (("game", str), ("scenario", str), ("seed", int), ("actions", list)):
        if key not in data:
            raise DataError(p, f"missing '{key}'")
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise DataError(p, f"'{key}' should be {kind.__name__}, found {type(data[key]).__name__}")
    opts = data.get("options") or {}
    if not isinstance(opts, dict):
        raise DataError(p, "'options' should be a mapping")
    data["options"] = opts
    for i, a in enumerate(data["actions"]):
        if not isinstance(a, str):
            raise DataError(p, f"action {i + 1} is not text: {a!r}")
    return data
