"""Black Wednesday's client extension (``GameEntry.client`` names this package)."""
from __future__ import annotations

from .client import (BlackWednesdayUI, barrage_centre, choice_label, order_label, prep_box_label, preview_line,
                     sfa_preview)

CLIENT = BlackWednesdayUI

__all__ = ["CLIENT", "BlackWednesdayUI", "barrage_centre", "choice_label", "order_label", "prep_box_label",
           "preview_line", "sfa_preview"]
