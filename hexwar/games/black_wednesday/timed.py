"""Timed events at 0500 Feb 11: the ammunition reinforcements of both sides (2.3c, 3.2c) and the
two 162nd battalions of the 43rd Division leaving play (2.3). Only games that run through that
turn see them: the campaigns (5.1) and Scenario 7's campaign version."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.actions import Event
from .tables import _get, _read, tables_dir

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

AT_0500_FEB11 = (24 + 5) * 60  # minutes from 0000 Feb 10
POOLS = {"soviet": "soviet", "spanish": "axis", "german": "german"}  # table side -> state pool (3.2b)
GONE_0500_FEB11 = ("2-162-43", "3-162-43")  # 2.3 table: no longer in play from 0500 Feb 11


@lru_cache(maxsize=1)
def ammo_at_0500() -> tuple[tuple[str, str, tuple[tuple[str, int], ...]], ...]:
    """(pool, calibre, ((kind, rounds), ...)) of every 0500 Feb 11 entry of artillery.yaml."""
    d = tables_dir()
    entries = _get(_read(d, "artillery"), "ammo_reinforcements.entries", d / "artillery.yaml")
    out = []
    for e in entries.values():
        if str(e.get("at")) == "0500 Feb 11":
            out.append((POOLS[str(e["side"])], str(e["calibre"]),
                        tuple((k, int(e[k])) for k in ("HE", "Smoke", "Illum"))))
    return tuple(out)


class TimedEvents(_Rules):
    def minutes_since_feb10(self, state) -> int:
        """Minutes from 0000 Feb 10 to the current turn (the clock walk, unwrapped)."""
        mins = (self.scen.first_day - 10) * 24 * 60 + (self.scen.first_time // 100) * 60 + self.scen.first_time % 100
        for _ in range(state.turn - 1):
            hh = (mins // 60) % 24
            mins += 20 if 6 <= hh < 18 else 60
        return mins

    def past_0500_feb11(self, state) -> bool:
        return self.minutes_since_feb10(state) >= AT_0500_FEB11

    def timed_events(self, state) -> list[Event]:
        """Start of the 0500 Feb 11 turn (a scenario that begins later set its pools itself)."""
        if state.turn == 1 or self.minutes_since_feb10(state) != AT_0500_FEB11:
            return []
        ammo = {s: {c: dict(k) for c, k in v.items()} for s, v in state.extra["ammo"].items()}
        ev = []
        for pool, cal, kinds in ammo_at_0500():
            box = ammo.setdefault(pool, {}).setdefault(cal, {"HE": 0, "Smoke": 0, "Illum": 0})
            for k, n in kinds:
                box[k] = box.get(k, 0) + n
            rule = "2.3c" if pool == "soviet" else "3.2c"
            ev.append(Event("reinforcement", f"{pool} ammunition {cal}: +" + ", +".join(f"{n} {k}" for k, n in kinds)
                            + f" ({rule})"))
        state.extra["ammo"] = ammo
        gone = [b for b in GONE_0500_FEB11 if b in dict(self.scen.artillery.get("soviet", ()))]
        if gone:
            ev.append(Event("artillery", f"{', '.join(gone)} leave play at 0500 Feb 11 (2.3)"))
        state.touch()
        return ev
