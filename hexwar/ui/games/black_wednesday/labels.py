"""Black Wednesday's words in the client: the badges of a counter (mode, morale state, Dug In,
reserve), the word marking each option of an owner's choice on the map, and where a barrage's
box goes. The words of the options themselves are the engine's (``games.black_wednesday.words``).
"""
from __future__ import annotations

from ....core.hexgrid import parse_hex
from ....games.black_wednesday.words import choice_label, order_label, prep_box_label

__all__ = ["CHOICE_MARK", "MODE_LETTER", "MODE_WORDS", "STATUS_WORDS", "barrage_centre", "choice_label",
           "order_label", "prep_box_label"]

MODE_LETTER = {"fire": "F", "move": "M"}


MODE_WORDS = {"fire": "Fire Mode (§5)", "move": "Move Mode (§5)"}


STATUS_WORDS = {"S": "Suppressed (§12.4)", "P": "Paralyzed (§12.4)"}


# The owner's choices inside a fire (the engine's pending ``choose`` steps): the word on the map.
CHOICE_MARK = {"loss": "LOSS?", "retreat": "END?", "overwatch": "OW?", "return_fire": "FIRE?", "air": "AIR?",
               "advance": "ADV?"}


def barrage_centre(hexes: list[str]) -> str | None:
    """The hex of a barrage nearest the middle of its hexes (where its one box is drawn)."""
    if not hexes:
        return None
    hs = [parse_hex(h) for h in hexes]
    cx = sum(h.col for h in hs) / len(hs)
    cy = sum(h.row for h in hs) / len(hs)
    best = min(zip(hs, hexes), key=lambda p: ((p[0].col - cx) ** 2 + (p[0].row - cy) ** 2, p[1]))
    return best[1]
