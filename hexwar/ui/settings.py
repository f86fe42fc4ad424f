"""The player's client settings, kept in <user_config_dir>/settings.yaml.

A missing file gives the defaults; a bad value is ignored, never fatal. A file that cannot be
read as settings at all (damaged, a bomb of aliases, nested a thousand deep, a pipe) is set
aside as ``settings.yaml.damaged-<date>`` (never deleted) with a notice for the player, and the
client starts with the defaults.
"""
from __future__ import annotations

import logging
import math
from dataclasses import asdict, dataclass, field, fields

import yaml

from .. import paths
from ..core.errors import DataError
from ..core.files import Limits, load_yaml, set_aside

log = logging.getLogger(__name__)
FILE_NAME = "settings.yaml"
LIMITS = Limits(max_bytes=64_000, max_depth=4, max_values=2_000)
SCALE_RANGE = (0.5, 3.0)  # a scale outside it is ignored (the theme clamps it further)


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
        try:
            data = load_yaml(p, LIMITS, what="settings file")
        except DataError as e:
            _set_aside(p, e.problem)
            return s
        if data is None:
            return s
        if not isinstance(data, dict):
            _set_aside(p, "it does not hold settings (a mapping of names to values)")
            return s
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
            from ..core.record import atomic_write_text

            p = paths.user_config_dir() / FILE_NAME
            atomic_write_text(p, yaml.safe_dump(asdict(self), sort_keys=True))
            return True
        except OSError as e:
            log.warning("settings not saved: %s", e)
            return False


def _set_aside(p, why: str) -> None:
    moved = set_aside(p)
    where = f"it is kept as {moved.name}" if moved else "it could not be moved and is left as it is"
    text = f"Your settings file {p} could not be read ({why}); {where}, and hexwar starts with the usual settings."
    log.info("%s", text)  # the client shows the notice at start-up
    paths.notice(text)
