"""Objective: Kiev's client extension (``GameEntry.client`` names this package): the turn
record and the air support markers (``client.KievUI``); the generic client says the rest."""
from __future__ import annotations

from .client import KievUI

CLIENT = KievUI

__all__ = ["CLIENT"]
