"""What a unit is for, to the Black Wednesday computer player: spotting, fire or assault."""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts

# --- roles ---------------------------------------------------------------------------------
ASSAULT, FIRE, SPOT = "assault", "fire", "spot"


def role(fx: BWFacts, uid: str) -> str:
    s = fx.spec(uid)
    if s.fo:
        return SPOT
    if s.vehicle or s.assault_trained:
        return ASSAULT  # tanks overrun (§11.2), assault-trained men assault (1.12)
    return FIRE
