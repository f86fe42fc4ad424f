"""The player's client settings, kept in <user_config_dir>/settings.yaml.

A missing file gives the defaults; a bad value is ignored, never fatal. A file that cannot be
read as settings at all (damaged, a bomb of aliases, nested a thousand deep, a pipe) is set
aside as ``settings.yaml.damaged-<date>`` (never deleted) with a notice for the player, and the
client starts with the defaults.

The settings read are also kept in ``settings-copy.json`` beside the file, with the file's size,
times and inode: while these have not changed, the next start reads the copy and not the YAML, so
the menu's first frame does not wait for PyYAML's import (98 M instructions, as much as the rest
of the menu's own work). The YAML stays the player's file and always wins: a copy that does not
match it (stale, damaged, of another version) is ignored and written again from the YAML.
"""
from __future__ import annotations

import math
import os
import stat
import time
from dataclasses import asdict, dataclass, field, fields
from pathlib import Path
from typing import Any

from .. import paths
from ..core.errors import DataError
from ..core.files import Limits, load_json, load_yaml, set_aside
from ..core.lazylog import get_logger

log = get_logger(__name__)  # logging imported on the first message (lazylog)
FILE_NAME = "settings.yaml"
COPY_NAME = "settings-copy.json"
COPY_VERSION = 1
LIMITS = Limits(max_bytes=64_000, max_depth=4, max_values=2_000)
SCALE_RANGE = (0.5, 3.0)  # a scale outside it is ignored (the theme clamps it further)
# A file changed this recently may change again within the file system's clock tick, keeping
# its size and time: no copy is made of it then (the next start reads the YAML and makes it).
RACY_NS = 2_000_000_000


@dataclass
class Settings:
    ui_scale: float = 1.0  # the scale the player chose (Ctrl+= / Ctrl+-); used when ui_scale_auto is off
    ui_scale_auto: bool = True  # the scale follows the window's size (theme.auto_scale); Ctrl+0 turns it back on
    window_size: list = field(default_factory=list)  # [w, h] of the window when the client last closed
    hotseat: bool = True
    show_hex_ids: bool = True
    players: dict = field(default_factory=dict)  # side -> "human" | "computer", the last choice in the menu

    @classmethod
    def load(cls) -> Settings:
        s = cls()
        try:
            p = paths.user_config_dir() / FILE_NAME
        except OSError as e:
            log.warning("settings not read: %s", e)
            return s
        if not p.exists() and not p.is_symlink():
            return s
        stamp = file_stamp(p)  # before the file is read: a change while it is read shows next time
        if stamp is not None:
            copied = _read_copy(p, stamp)
            if copied is not None:
                return copied
        try:
            data = load_yaml(p, LIMITS, what="settings file")
        except DataError as e:
            _set_aside(p, e.problem)
            return s
        if data is not None and not isinstance(data, dict):
            _set_aside(p, "it does not hold settings (a mapping of names to values)")
            return s
        if data is not None:
            s = cls.from_data(data)
        if stamp is not None and time.time_ns() - stamp[1] >= RACY_NS:
            _write_copy(p, stamp, s)
        return s

    @classmethod
    def from_data(cls, data: dict) -> Settings:
        """The settings a file's mapping gives: a value of the wrong kind or out of range is ignored."""
        s = cls()
        for f in fields(cls):
            if f.name in data:
                v = data[f.name]
                want = type(getattr(s, f.name))
                if want is float and isinstance(v, (int, float)) and not isinstance(v, bool):
                    if math.isfinite(v) and SCALE_RANGE[0] <= v <= SCALE_RANGE[1]:
                        setattr(s, f.name, float(v))
                elif want is bool and isinstance(v, bool):
                    setattr(s, f.name, v)
                elif want is list and isinstance(v, list):
                    if f.name == "window_size" and len(v) == 2 and all(
                            isinstance(x, int) and not isinstance(x, bool) and 200 <= x <= 20000 for x in v):
                        s.window_size = [int(v[0]), int(v[1])]
                elif want is dict and isinstance(v, dict):
                    setattr(s, f.name, {str(k)[:40]: str(x)[:40] for k, x in v.items()
                                        if isinstance(x, (str, int, float, bool))})
        if "ui_scale_auto" not in data:
            # A file from before the automatic scale: a scale other than the old default was the player's choice.
            s.ui_scale_auto = s.ui_scale == 1.0
        return s

    def save(self) -> bool:
        try:
            import yaml

            from ..core.record import atomic_write_text

            p = paths.user_config_dir() / FILE_NAME
            atomic_write_text(p, yaml.safe_dump(asdict(self), sort_keys=True))
        except OSError as e:
            log.warning("settings not saved: %s", e)
            return False
        stamp = file_stamp(p)
        if stamp is not None:  # the file just written, by a new name (a new inode): the copy is of it
            _write_copy(p, stamp, self)
        return True


def file_stamp(p: Path) -> list[int] | None:
    """Size, modification and change times, inode and device of the regular file ``p`` (links
    followed): what the copy is good for. None for anything else (a pipe, a folder, missing)."""
    try:
        st = os.stat(p)
    except (OSError, ValueError):
        return None
    if not stat.S_ISREG(st.st_mode):
        return None
    return [st.st_size, st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_dev]


def _read_copy(p: Path, stamp: list[int]) -> Settings | None:
    """The settings of the copy beside ``p`` when it is a copy of ``p`` as it is now, else None."""
    try:
        data: Any = load_json(p.with_name(COPY_NAME), LIMITS, what="settings copy")
    except DataError as e:  # missing, damaged, not a file: the YAML is read and the copy made again
        log.info("settings copy not used: %s", e)
        return None
    if not isinstance(data, dict) or data.get("version") != COPY_VERSION or data.get("stamp") != stamp:
        return None
    kept = data.get("settings")
    if not isinstance(kept, dict):
        return None
    s = Settings.from_data(kept)
    return s if asdict(s) == kept else None  # a value the YAML could not have given: not a copy of it


def _write_copy(p: Path, stamp: list[int], s: Settings) -> None:
    import json

    from ..core.record import atomic_write_text

    text = json.dumps({"version": COPY_VERSION, "about": f"a copy of {FILE_NAME} for a quick start; edit {FILE_NAME}",
                       "stamp": stamp, "settings": asdict(s)})
    try:
        atomic_write_text(p.with_name(COPY_NAME), text)
    except OSError as e:
        log.info("settings copy not written: %s", e)


def _set_aside(p, why: str) -> None:
    moved = set_aside(p)
    where = f"it is kept as {moved.name}" if moved else "it could not be moved and is left as it is"
    text = f"Your settings file {p} could not be read ({why}); {where}, and hexwar starts with the usual settings."
    log.info("%s", text)  # the client shows the notice at start-up
    paths.notice(text)
