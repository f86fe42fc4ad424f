"""What a Kasserine Pass tournament game counts (``make tournament``, tools/tournament.py,
plays the games with the generic ``play_match``).

Beating an opponent (docs/ai.md, Kasserine section) is reaching the side's better victory
level: for the Allies a German defeat (0-2 German points), for the Germans any German
victory (3 points or more: tactical, decisive or strategic). The figure printed beside the
rate is the mean German points.
"""
from __future__ import annotations

GAME, SCENARIO = "kasserine-pass", "standard"
WIN_POINTS = 3  # a German tactical victory or better (KP-VICTORY)


def beats(side: str, points: int) -> bool:
    """The side reached its better victory level."""
    return points >= WIN_POINTS if side == "axis" else points < WIN_POINTS
