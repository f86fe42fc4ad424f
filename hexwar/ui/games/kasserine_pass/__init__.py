"""Kasserine Pass's client extension (``GameEntry.client`` names this package): the odds panel
from the engine's previews, a whole stack taken into an attack in one click, artillery
allocation, ENGAGED and CONTACT markers, breakdown from the stack list (``client.py``)."""
from __future__ import annotations

from .client import KasserineUI, chance_line, num, preview_lines

CLIENT = KasserineUI

__all__ = ["CLIENT", "KasserineUI", "chance_line", "num", "preview_lines"]
