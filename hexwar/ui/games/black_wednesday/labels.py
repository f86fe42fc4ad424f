"""Black Wednesday's words in the client: the badges of a counter (mode, morale state, Dug In,
reserve), the Prep Log's boxes, the owner's choices inside a fire, orders, and where a
barrage's box goes.
"""
from __future__ import annotations

from ....core.hexgrid import parse_hex
from ....games.black_wednesday import previews as I


MODE_LETTER = {"fire": "F", "move": "M"}


MODE_WORDS = {"fire": "Fire Mode (§5)", "move": "Move Mode (§5)"}


STATUS_WORDS = {"S": "Suppressed (§12.4)", "P": "Paralyzed (§12.4)"}


COLUMN_NAMES = {"katyusha": "Katyusha", "122mm": "122 mm", "152mm": "152 mm", "76mm": "76 mm"}


def prep_box_label(value: str) -> str:
    """``122mm_1-0600`` → "122 mm battery 1, 0600"; ``none`` → "close the box"."""
    if value == "none":
        return "close this box"
    col, _, tm = value.rpartition("-")
    kind, _, num = col.partition("_")
    name = COLUMN_NAMES.get(kind, kind)
    return f"{name}{' battery ' + num if num else ''}, {tm}" if tm else value


# The owner's choices inside a fire (the engine's pending ``choose`` steps): the word on the map.
CHOICE_MARK = {"loss": "LOSS?", "retreat": "END?", "overwatch": "OW?", "return_fire": "FIRE?", "air": "AIR?",
               "advance": "ADV?"}


def choice_label(what: str, value: str) -> str:
    """``overwatch B16.28:14-262-AT752`` → "B16.28: 14-262-AT752 fires at it (point fire)"."""
    if value in ("none", "stop"):
        return {"overwatch": "no (more) overwatch", "return_fire": "no return fire",
                "advance": "stop: the rest stay"}.get(what, value)
    if what == "loss":
        return f"{value} loses the step"
    if what == "retreat":
        return f"retreat ends in {value}"
    if what == "air":
        return f"the sortie attacks {value}"
    if what == "advance":
        return f"{value} advances into the hex"
    if what == "overwatch":
        hx, _, how = value.partition(":")
        return f"{hx}: area fire at it" if how == "area" else f"{hx}: {how} fires at it (point fire)"
    if what == "return_fire":
        a, _, b = value.partition(">")
        return f"from {a} at {b}"
    return value


def order_label(a) -> str:
    """``order draw attack trenches 43+72`` → "draw an order: Attack on trenches for 43, 72"."""
    args = list(getattr(a, "args", ()))
    op = getattr(a, "op", "")
    if op == "draw" and len(args) == 3:
        return (f"draw an order: {I.TYPE_WORDS.get(args[0], args[0])} on {args[1].replace('+', ', ')} "
                f"for {args[2].replace('+', ', ')}")
    if op == "roll" and args:
        return f"roll to implement {args[0]}" + (f" (battalion {args[1]} goes)" if len(args) > 1 else "")
    if op == "cancel" and args:
        return f"cancel {args[0]}"
    if op == "german" and len(args) == 3:
        return (f"{args[0].replace('+', ', ')}: instant {I.TYPE_WORDS.get(args[1], args[1])} order on "
                f"{args[2].replace('+', ', ')}")
    return " ".join([op, *args])


def barrage_centre(hexes: list[str]) -> str | None:
    """The hex of a barrage nearest the middle of its hexes (where its one box is drawn)."""
    if not hexes:
        return None
    hs = [parse_hex(h) for h in hexes]
    cx = sum(h.col for h in hs) / len(hs)
    cy = sum(h.row for h in hs) / len(hs)
    best = min(zip(hs, hexes), key=lambda p: ((p[0].col - cx) ** 2 + (p[0].row - cy) ** 2, p[1]))
    return best[1]
