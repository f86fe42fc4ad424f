"""The minor variants of BW 4.0 offered as game options (``OPTIONS``: name -> (default,
description)), all off by default. Only variants the engine applies in full, or whose parts not
yet applied are named in the description, are listed (docs/black-wednesday/rules-decisions.md).

4.1 is one option for its four parts, as printed (decision BW-X1).
``SCENARIOS`` names the options the rulebook limits to some scenarios (4.3: Scenarios 1-3);
``check_options`` refuses them elsewhere with a message naming the rule (decision BW-X2)."""
from __future__ import annotations

from ...core.errors import HexwarError

OPTIONS: dict[str, tuple[bool, str]] = {
    "grandes": (False, "Variant 4.6 Grandes in Command: the Spanish Command Prep Rating is 2 instead of 3"),
    "german_cooperation": (False, "Variant 4.1 German Cooperation: Spanish and German units may share orders "
                                  "(4.1a), +2 on the German variable reinforcement roll (4.1b), German air sorties "
                                  "doubled and Soviet ones halved (4.1c), one Axis ammunition pool (4.1d)"),
    "spanish_panic": (False, "Variant 4.2 Spanish Panic: when armour announces an overrun, each Spanish unit in "
                             "the hex rolls a die against its printed morale; at or under it, a step lost and "
                             "Paralyzed"),
    "historical": (False, "Variant 4.3 Purely Historical (Scenarios 1-3): the historical Prep Log, fixed "
                          "divisional boundaries no Soviet unit crosses or fires across, the fixed German "
                          "schedule instead of 3.5, Spanish Engineers and Recon within 5 hexes of the Hospital"),
    "axis_free_setup": (False, "Variant 4.4 Axis Free Set Up (Scenarios 1-3): Axis units set up anywhere in play "
                               "on or south of the trench line, every trench hex holding an Axis unit or next to one"),
    "mined_wire": (False, "Variant 4.5 Improved Spanish Defenses: the wire is mined; every breach attempt meets "
                          "a mine attack first, and the mines go when the hex is fully breached"),
    "dora": (False, "Variant 4.7 Dora: the 800 mm railway gun, plotted an hour ahead, fires on hour turns from "
                    "0700 Feb 10: one attack of 151 where it lands after scatter, then smoke"),
}

# option -> the scenario numbers it may be used in (the rest: any scenario, 4.0)
SCENARIOS: dict[str, tuple[int, ...]] = {"historical": (1, 2, 3), "axis_free_setup": (1, 2, 3)}  # 4.3, 4.4


class OptionNotAllowed(HexwarError, KeyError):
    """A variant the rulebook limits to other scenarios (4.0, 4.3)."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else ""


def scenario_number(scenario_id: str) -> int | None:
    """'s3-assault-the-line' -> 3."""
    head = scenario_id.split("-", 1)[0]
    return int(head[1:]) if head[:1] == "s" and head[1:].isdigit() else None


def check_options(options: dict | None, scenario=None) -> dict:
    """Known option names only (the session checks too); values as booleans; with the
    scenario, a variant limited to other scenarios is refused (decision BW-X2)."""
    opts = dict(options or {})
    for k in opts:
        if k not in OPTIONS:
            raise KeyError(f"unknown option {k!r} for black-wednesday; known: {', '.join(OPTIONS)}")
    out = {k: bool(v) for k, v in opts.items()}
    if scenario is not None:
        n = scenario_number(getattr(scenario, "id", ""))
        for k, on in out.items():
            if on and k in SCENARIOS and n not in SCENARIOS[k]:
                allowed = ", ".join(str(x) for x in SCENARIOS[k])
                raise OptionNotAllowed(f"option {k!r} (variant {OPTIONS[k][1].split()[1]}) is for Scenarios "
                                       f"{allowed} only, not {getattr(scenario, 'title', scenario.id)}")
    return out
