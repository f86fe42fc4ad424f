"""What a Battle for Kursk tournament game counts (``make tournament``, tools/tournament.py,
plays the games with the generic ``play_match``).

The AI's side wins the game at any level (5.0: a VP total on its side of zero, or Moscow
for the Germans); a draw is not a win. The figure printed beside the rate is the VP total
from the side's point of view (Russian VP count up, German down), a Moscow win counting
as at least 6 for the Germans.
"""
from __future__ import annotations

from ...core.game import Game
from ...core.position import Position

GAME, SCENARIO = "battle-for-kursk", "full"
SIGN = {"russian": 1, "german": -1}  # 5.0: Russian VP count up, German down


def side_vp(game: Game, side: str) -> float:
    facts = Position(game, side).facts  # the VP total and control are public
    vp = facts.vp_total()
    res = game.result()
    if res is not None and res.winner == "german" and facts.controller(facts.moscow) == "german":
        vp = min(vp, -6)  # 5.0 Moscow: a strategic German win
    return float(SIGN[side] * vp)
