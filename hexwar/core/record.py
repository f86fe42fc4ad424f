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

from .errors import DataError
from .files import Limits, excerpt, load_yaml

if TYPE_CHECKING:
    from .game import Game

RECORD_VERSION = 1
MAX_RECORD_BYTES = 10_000_000  # the longest campaign of the games shipped is under 200 KB
MAX_ACTIONS = 200_000
MAX_ACTION_CHARS = 2_000  # the longest action of a real game is under 100


def record_data(game: Game) -> dict[str, Any]:
    return {
        "hexwar_record": RECORD_VERSION,
        "game": game.header["game"],
        "scenario": game.header["scenario"],
        "seed": game.header["seed"],
        "options": dict(game.header.get("options") or {}),
        "rules_version": getattr(game.rules, "rules_version", 1),
        # where the record starts when not at the scenario's set-up (a lesson's position)
        **({"lesson": str(game.header["lesson"])} if game.header.get("lesson") else {}),
        **({"players": dict(game.header["players"])} if game.header.get("players") else {}),
        "actions": [a.notation() for a in game.actions],
        "undo_barrier": game.undo_barrier,
        "digest": game.digest(),
    }


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
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


def save_record(game: Game, path: str | os.PathLike[str]) -> None:
    import yaml  # here: the client's indexes write through atomic_write_text before its first frame

    atomic_write_text(path, yaml.safe_dump(record_data(game), sort_keys=False, allow_unicode=True))


def read_record(path: str | os.PathLike[str]) -> dict[str, Any]:
    """Read and validate a record file; DataError names the file and the problem.

    Checked here: the file (a regular file, not too large), the YAML (see core/files), the
    header's types, every action being short text, and that the file is whole: every record
    hexwar has ever written ends with its ``digest``, so a file without one was cut short.
    Whether the rules version is one this hexwar can replay is the session's to say."""
    p = Path(path)
    limits = Limits(max_bytes=MAX_RECORD_BYTES, max_values=MAX_ACTIONS + 1000, max_depth=8)
    data = load_yaml(p, limits, what="record")
    if not isinstance(data, dict):
        raise DataError(p, "not a hexwar game record (expected a mapping at the top)")
    fmt = data.get("hexwar_record", RECORD_VERSION)
    if not isinstance(fmt, int) or isinstance(fmt, bool):
        raise DataError(p, f"'hexwar_record' should be the record format number, found {excerpt(fmt)}")
    if fmt > RECORD_VERSION:
        raise DataError(p, f"written by a newer hexwar (record format {fmt}; this one reads {RECORD_VERSION}): "
                           "update hexwar to open it")
    if fmt < 1:
        raise DataError(p, f"'hexwar_record' is {fmt}: no hexwar ever wrote that record format")
    for key, kind in (("game", str), ("scenario", str), ("seed", int), ("actions", list)):
        if key not in data:
            raise DataError(p, f"missing '{key}'")
        if not isinstance(data[key], kind) or isinstance(data[key], bool):
            raise DataError(p, f"'{key}' should be {kind.__name__}, found {type(data[key]).__name__}")
    for key in ("game", "scenario"):
        if len(data[key]) > 100:
            raise DataError(p, f"'{key}' is {excerpt(data[key], 30)}: not a name hexwar knows")
    opts = data.get("options") or {}
    if not isinstance(opts, dict):
        raise DataError(p, "'options' should be a mapping")
    data["options"] = opts
    actions = data["actions"]
    if len(actions) > MAX_ACTIONS:
        raise DataError(p, f"{len(actions):,} actions; a record holds at most {MAX_ACTIONS:,}")
    for i, a in enumerate(actions):
        if not isinstance(a, str):
            raise DataError(p, f"action {i + 1} is not text: {excerpt(a)}")
        if len(a) > MAX_ACTION_CHARS:
            raise DataError(p, f"action {i + 1} is {len(a):,} characters long ({excerpt(a, 30)}); an action "
                               f"is at most {MAX_ACTION_CHARS:,}")
    version = data.get("rules_version", 1)
    if not isinstance(version, int) or isinstance(version, bool):
        raise DataError(p, f"'rules_version' should be a whole number, found {excerpt(version)}")
    data["rules_version"] = version
    if "digest" not in data:
        raise DataError(p, "the file ends before its digest (the last line of every hexwar record): it was cut "
                           "short, or is not a whole record")
    digest = data["digest"]
    if not isinstance(digest, str) or not 1 <= len(digest) <= 128:
        raise DataError(p, f"'digest' should be text, found {excerpt(digest)}")
    lesson = data.get("lesson")
    if lesson is not None and (not isinstance(lesson, str) or not 1 <= len(lesson) <= 100):
        raise DataError(p, f"'lesson' should be the id of the lesson the game began as, found {excerpt(lesson)}")
    barrier = data.get("undo_barrier", 0)
    if not isinstance(barrier, int) or isinstance(barrier, bool):
        raise DataError(p, f"'undo_barrier' should be a whole number, found {excerpt(barrier)}")
    players = data.get("players")
    if players is not None and (not isinstance(players, dict)
                                or not all(isinstance(k, str) and isinstance(v, str) and len(v) <= 100
                                           for k, v in players.items())):
        raise DataError(p, "'players' should map each side to who played it (human or computer)")
    return data
