"""The ``choose`` decisions outside a fire (the owner's choices inside one are ``choices.py``):
the Prep Log's boxes (2.4), reserve releases (§16.8), consolidation (2.2c), the initiative
(§3.3) and the standing choices (commissars 2.2a, SYR in a trench 1.3d): their checks and what
they do. Mixin for BWRules.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Choose, Event
from ...core.errors import Illegal

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

SIDES = ("soviet", "axis")


class Choosing(_Rules):
    """Mixin for BWRules."""

    def _check_choose(self, state, a: Choose) -> Illegal | None:
        ph = state.phase
        if a.what.startswith("prep") and self.prep_fixed():  # 4.3 (historical.py)
            return Illegal("4.3", "Purely Historical: the Prep Log is the historical one and cannot be changed")
        if a.what == "prep_log":
            if ph != "prep_log":
                return Illegal("2.4", "the Prep Log is fixed once written")
            return None if a.value == "historical" else Illegal("2.4", "choose prep_log historical, or set one box")
        if a.what == "prep-box":
            if ph != "prep_log":
                return Illegal("2.4", "the Prep Log cannot be changed once written")
            if a.value == "none":
                return None
            col, _, tm = a.value.partition("-")
            if col not in self.scen.prep_columns or tm not in self.prep_times(col):
                return Illegal("2.4", f"no Prep Log box {a.value} in this scenario")
            return None
        if a.what.startswith("prep-"):
            if ph != "prep_log":
                return Illegal("2.4", "the Prep Log cannot be changed once written")
            parts = a.what.split("-")
            if len(parts) != 3 or parts[1] not in self.scen.prep_columns:
                return Illegal("2.4", f"no Prep Log column {a.what[5:]!r} in this scenario "
                                      f"(columns: {', '.join(self.scen.prep_columns)})")
            if parts[2] not in self.prep_times(parts[1]):
                return Illegal("2.4g" if parts[1].startswith("katyusha") else "2.4",
                               f"{parts[1]} has no mission at {parts[2]} (Katyushas fire only on the logged turns)")
            h = self._parse(a.value)
            if h is None or h not in self.area:
                return Illegal("2.4a", f"{a.value} is not a hex of the play area")
            return None
        if a.what == "release":
            if ph != "command" or state.extra.get("cmd", "axis") != "axis":
                return Illegal("§16.8", "reserves are released in the Command Phase")
            if a.value not in self.reserve_companies(state):
                return Illegal("§16.8", f"{a.value} is not a reserve company that may try to be released now")
            return None
        if a.what == "consolidate":
            if ph != "clean_up":
                return Illegal("2.2c", "consolidation happens in the Clean Up Phase")
            if a.value not in self.consolidations(state):
                return Illegal("2.2c", "only two identical reduced platoons of one battalion, stacked or adjacent, "
                                       "neither Suppressed nor Paralyzed, with 5 steps or less together")
            return None
        if a.what == "first":
            if ph != "initiative":
                return Illegal("§3.3", "the order of the Action Phases is chosen after the initiative roll")
            return None if a.value in SIDES else Illegal("§3.3", "choose soviet or axis")
        if a.what in ("commissars", "trench_syr"):
            # standing choices, made ahead of the fire that calls for them (decision S1-3)
            side = self.acting_side(state)
            if a.what == "commissars":
                if side != "soviet":
                    return Illegal("2.2a", "commissars are a Soviet choice")
                return None if a.value in ("on", "off") else Illegal("2.2a", "choose commissars on or off")
            if ph in ("prep_log", "axis_setup", "over"):
                return Illegal("1.3d", "set this choice during play")
            return None if a.value in ("p", "syr") else Illegal("1.3d", "choose trench_syr p or syr")
        return Illegal("", f"nothing to choose called {a.what!r}")

    def _apply_choose(self, state, a: Choose, dice) -> list[Event]:
        if a.what == "prep_log":
            state.extra["prep"] = self.historical_prep()
            return [Event("prep_log", "Prep Log reset to the historical targets")]
        if a.what == "prep-box":
            state.extra["prep_box"] = None if a.value == "none" else a.value
            return [Event("prep_log", "Prep Log box " + ("closed" if a.value == "none" else f"{a.value} open"))]
        if a.what.startswith("prep-"):
            state.extra["prep_box"] = None
            _, col, tm = a.what.split("-")
            prep = {c: dict(v) for c, v in state.extra["prep"].items()}
            prep[col][tm] = a.value
            state.extra["prep"] = prep
            return [Event("prep_log", f"Prep Log {col} at {tm}: {a.value}")]
        if a.what == "release":
            return self.release_reserve(state, a.value, dice)
        if a.what == "consolidate":
            return self.consolidate(state, a.value)
        if a.what == "commissars":
            state.extra["commissars"] = a.value
            return [Event("choice", f"Soviet commissars {'will' if a.value == 'on' else 'will not'} cancel "
                                    "Suppressed results with an extra step (2.2a)")]
        if a.what == "trench_syr":
            side = self.acting_side(state)
            d = dict(state.extra.get("trench_syr", {}))
            d[side] = a.value
            state.extra["trench_syr"] = d
            return [Event("choice", f"{side} units in trenches take {'P instead of SYR' if a.value == 'p' else 'SYR'} "
                                    "(1.3d)")]
        if a.what == "first":
            second = self.enemy_of(a.value)
            state.extra["order"] = (a.value, second)
            return self.start_action(state, a.value, dice)
        raise AssertionError(a)
