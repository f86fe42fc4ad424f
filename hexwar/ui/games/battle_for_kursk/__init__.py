"""Battle for Kursk's client extension (``GameEntry.client`` names this package): posture
tracks, Offensive markers and VP in the panel, the Strategic Objective on the map, the
Offensive built on the map (``client.py``)."""
from __future__ import annotations

from .client import KurskUI, posture_row

CLIENT = KurskUI

__all__ = ["CLIENT", "KurskUI", "posture_row"]
