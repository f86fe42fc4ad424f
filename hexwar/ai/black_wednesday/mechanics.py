"""Black Wednesday's mechanics, as the tournament counts them from the record
(``hexwar.ai.mechanics``): consolidation, the Prep Log, artillery missions (smoke, Fast Fire,
illumination), assaults and overruns, and the other fire and command choices."""
from __future__ import annotations

from ..mechanics import Mechanic, Use

SOVIET = ("soviet",)


def _prep_change(u: Use) -> int:
    """2.4: a Prep Log box given a new target hex (``choose prep-<column>-<time> <hex>``)."""
    return int(len(u.words) == 3 and u.words[0] == "choose" and u.words[1].startswith("prep-")
               and u.words[1] != "prep-box")


def _call(word: str) -> Mechanic:
    names = {"smoke": ("smoke", "§13"), "fast": ("Fast Fire", "§13"), "illum": ("illumination", "§13"),
             "trp": ("mission on a TRP", "§13")}
    name, rule = names[word]
    return Mechanic(name, rule, (), lambda u: int(u.verb == "call" and word in u.words[4:]))


def _assault(overrun: bool) -> Mechanic:
    """§11.1 an assault; §11.2 an overrun (the same verb: the events say which it was)."""
    def uses(u: Use) -> int:
        return int(u.verb == "assault" and ("overrun" in u.kinds()) == overrun)

    return Mechanic("overrun" if overrun else "assault", "§11.2" if overrun else "§11.1", (), uses)


MECHANICS = (
    Mechanic("consolidation", "2.2c", SOVIET, lambda u: int(u.chose("consolidate") is not None)),
    Mechanic("Prep Log change", "2.4", SOVIET, _prep_change),
    Mechanic("artillery mission (any)", "§13", (), lambda u: int(u.verb == "call")),
    _call("smoke"),
    _call("fast"),
    _call("illum"),
    _assault(False),
    _assault(True),
    Mechanic("area fire (SFA)", "§8", (), lambda u: int(u.verb == "attack")),
    Mechanic("point fire (PFA)", "§9", (), lambda u: int(u.verb == "pfa")),
    Mechanic("wire breach", "1.4b", (), lambda u: int(u.verb == "breach")),
    Mechanic("mode change", "§5", (), lambda u: int(u.verb == "mode")),
    Mechanic("reserve release", "§16.8", ("axis",), lambda u: int(u.chose("release") is not None)),
)
