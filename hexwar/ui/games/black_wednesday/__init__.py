"""Black Wednesday's client extension (``GameEntry.client`` names this package): the class is in
``client.py``, its parts beside it (``labels``, ``fire``, ``los``, ``orders``, ``panel``, ``reads``)."""
from __future__ import annotations

from .client import BlackWednesdayUI
from .fire import preview_line
from .labels import barrage_centre, choice_label, order_label, prep_box_label

CLIENT = BlackWednesdayUI

__all__ = ["CLIENT", "BlackWednesdayUI", "barrage_centre", "choice_label", "order_label", "prep_box_label",
           "preview_line"]
