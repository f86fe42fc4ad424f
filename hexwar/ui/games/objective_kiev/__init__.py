"""Objective: Kiev's client extension (``GameEntry.client`` names this package). The generic
client says everything Kiev needs, so for now it is the base ``GameUI``, which adds nothing."""
from __future__ import annotations

from ..base import GameUI

CLIENT = GameUI

__all__ = ["CLIENT"]
