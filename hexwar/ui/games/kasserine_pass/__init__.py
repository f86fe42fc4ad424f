"""Kasserine Pass's client extension (``GameEntry.client`` names this package): the odds panel
from the engine's battle detail, artillery allocation, ENGAGED and CONTACT markers, breakdown
from the stack list (``client.py``)."""
from __future__ import annotations

from .client import KasserineUI, chance_line, detail_lines, num

CLIENT = KasserineUI

__all__ = ["CLIENT", "KasserineUI", "chance_line", "detail_lines", "num"]
