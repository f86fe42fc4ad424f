"""The player's client settings, kept in <user_config_dir>/settings.yaml.

A missing or unreadable file gives the defaults; a bad value is ignored, never fatal.
"""
from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, field, fields

import yaml

from .. import paths

log = logging.getLogger(__name__)
FILE_NAME = "settings.yaml"


@dataclass
class Settings:
    ui_scale: float = 1.0
    hotseat: bool = True
    show_hex_ids: bool = True
    players: dict = field(default_factory=dict)  # side -> "human" | "computer", the last choice in the menu

    @classmethod
    def load(cls) -> "Settings":
        s = cls()
        try:
            p = paths.user_config_dir() / FILE_NAME
            if not p.is_file():
                return s
            data = yaml.safe_load(p.read_text(encoding="utf-8")) or {}
        except (OSError, yaml.YAMLError, UnicodeDecodeError) as e:
            log.warning("settings not read: %s", e)
            return s
        if not isinstance(data, dict):
            return s
        for f in fields(cls):
            if f.name in data:
                v = data[f.name]
                want = type(getattr(s, f.name))
                if want is float and isinstance(v, (int, float)) and not isinstance(v, bool):
                    setattr(s, f.name, float(v))
                elif want is bool and isinstance(v, bool):
                    setattr(s, f.name, v)
                elif want is dict and isinstance(v, dict):
                    setattr(s, f.name, {str(k): str(x) for k, x in v.items()})
        return s

    def save(self) -> bool:
        try:
            p = paths.user_config_dir() / FILE_NAME
            p.write_text(yaml.safe_dump(asdict(self), sort_keys=True), encoding="utf-8")
            return True
        except OSError as e:
            log.warning("settings not saved: %s", e)
            return False
