"""German batteries as variable reinforcements (3.5, 3.5a, 3.5b) and the fixed German schedule
of the Purely Historical variant (4.3). A mixin of ``Artillery``: it extends the 3.5 pool of
setup.py (companies) with the seven German batteries and the ``battery`` verb that commits a
waiting result to them."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import TYPE_CHECKING

from ...core.actions import Event, register_verb
from ...core.errors import Illegal, MalformedError
from .orders import OrderAct
from .tables import _get, _read, tables_dir

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


@dataclass(frozen=True)
class BatteryRelease(OrderAct):
    """``battery <id>[+<id>]``: a waiting German result (3.5) releases these batteries."""

    def notation(self) -> str:
        return "battery " + " ".join(self.args)


def _battery(args):
    if len(args) != 1:
        raise MalformedError("battery needs: battery <id>[+<id>] (German batteries, 3.5)")
    return BatteryRelease("battery", (args[0],))


register_verb("battery", _battery)


@lru_cache(maxsize=1)
def battery_data() -> tuple[dict[str, str], dict[str, str], tuple[str, ...], dict[str, int]]:
    """From the tables: regiment -> nation (artillery.yaml availability), German battery id ->
    calibre, the release pool in its printed order (reinforcements.yaml), and what a released
    battery brings (artillery.yaml ammo_reinforcements, 3.5a)."""
    d = tables_dir()
    art = _read(d, "artillery")
    where = d / "artillery.yaml"
    nations: dict[str, str] = {}
    calibre: dict[str, str] = {}
    for b in _get(art, "availability.axis_battalions", where):
        unit = str(b["unit"])
        nations[unit.rsplit("-", 1)[-1]] = str(b["nation"])
        if b["nation"] == "german":
            for n in b["batteries"]:
                calibre[f"{n}-{unit}"] = str(b["calibre"])
    pool = tuple(str(x) for x in _get(_read(d, "reinforcements"), "german_table.pool.batteries",
                                      d / "reinforcements.yaml"))
    rel = _get(art, "ammo_reinforcements.entries.german_battery_released", where)
    ammo = {k: int(rel[k]) for k in ("HE", "Smoke", "Illum")}
    missing = [b for b in pool if b not in calibre]
    if missing:
        from ...core.errors import DataError
        raise DataError(d / "reinforcements.yaml", f"german_table.pool.batteries: {', '.join(missing)} not in "
                                                   "artillery.yaml availability.axis_battalions")
    return nations, calibre, pool, ammo


FIRST = "I-215"  # 3.5 note: every I-215 battery before 9-III-215 or any 850 battery


class Batteries(_Rules):
    """Mixin (through Artillery) for BWRules."""

    def battery_nation(self, artillery: str) -> str:
        return battery_data()[0].get(artillery.rsplit("-", 1)[-1], "spanish")

    def released_batteries(self, state) -> dict[str, str]:
        cal = battery_data()[1]
        return {b: cal[b] for b in state.extra.get("batteries", ())}

    def waiting_batteries(self, state) -> list[str]:
        """German batteries still in the 3.5 pool, in the order they may be committed."""
        if "3.5" not in self.scen.variable:
            return []
        have = set(state.extra.get("batteries", ())) | set(dict(self.scen.artillery.get("axis", ())))
        return [b for b in battery_data()[2] if b not in have]

    def _battery_ok(self, state, picked: tuple[str, ...]) -> bool:
        """3.5 note: no battery outside I-215 while an I-215 battery waits (counting the ones
        released by the same result first)."""
        left = [b for b in self.waiting_batteries(state) if b.endswith("-" + FIRST)]
        for b in picked:
            if not b.endswith("-" + FIRST) and any(x not in picked[:picked.index(b)] for x in left):
                return False
        return True

    def battery_choices(self, state, res: str) -> list[str]:
        wait = self.waiting_batteries(state)
        if res == "type_a":
            return [b for b in wait if self._battery_ok(state, (b,))]
        if res == "type_b":
            pairs = [f"{a}+{b}" for a, b in combinations(wait, 2) if self._battery_ok(state, (a, b))]
            return pairs or [b for b in wait if self._battery_ok(state, (b,))]  # one left: it comes alone
        return []

    # --- the 3.5 pool of setup.py, extended with batteries ------------------------------------
    def german_pool(self, state) -> dict[str, list[str]]:
        pool = super().german_pool(state)
        pool["battery"] = self.waiting_batteries(state)
        return pool

    def german_choices(self, state, res: str) -> list[str]:
        if res.startswith("schedule:"):  # 4.3: the scheduled companies, all together
            return [res.split(":", 1)[1]]
        return super().german_choices(state, res) + self.battery_choices(state, res)

    def german_actions(self, state) -> list:
        acts = [a for a in super().german_actions(state)
                if a.args[0] not in set(self.battery_choices(state, (state.extra.get("german_release") or ("",))[0]))]
        return acts + self.battery_actions(state)

    def check_german(self, state, a) -> Illegal | None:
        pend = state.extra.get("german_release") or ()
        if pend and a.args and a.args[0] in self.battery_choices(state, pend[0]):
            return Illegal("3.5b", "batteries join the Axis artillery without an order: battery "
                                   f"{a.args[0]}")
        return super().check_german(state, a)

    def german_roll(self, state, dice) -> list[Event]:
        if self.options.get("historical"):
            return self.german_schedule(state)  # 4.3 replaces the table
        return super().german_roll(state, dice)

    # --- the battery verb ------------------------------------------------------------------
    def battery_actions(self, state) -> list:
        pend = state.extra.get("german_release") or ()
        if not pend or state.phase != "command" or state.extra.get("cmd", "axis") != "axis":
            return []
        return [BatteryRelease("battery", (c,)) for c in self.battery_choices(state, pend[0])]

    def check_battery(self, state, a) -> Illegal | None:
        pend = state.extra.get("german_release") or ()
        if not pend or state.phase != "command" or state.extra.get("cmd", "axis") != "axis":
            return Illegal("3.5", "no German reinforcement result is waiting (the Axis commits it in its Command step)")
        if a.args[0] not in self.battery_choices(state, pend[0]):
            wait = ", ".join(self.waiting_batteries(state)) or "none"
            return Illegal("3.5", f"{a.args[0]} cannot come now: Type A releases one battery, Type B two, and every "
                                  f"I-215 battery comes before 9-III-215 or an 850 battery (waiting: {wait})")
        return None

    def apply_battery(self, state, a) -> list[Event]:
        state.extra["german_release"] = tuple(state.extra.get("german_release") or ())[1:]
        return self.release_batteries(state, tuple(a.args[0].split("+")), "3.5")

    def release_batteries(self, state, ids: tuple[str, ...], why: str) -> list[Event]:
        """3.5b: the batteries join the Axis artillery; 3.5a: each brings its ammunition to the
        German pool."""
        _, cal, _, bring = battery_data()
        state.extra["batteries"] = tuple(state.extra.get("batteries", ())) + ids
        ammo = {s: {c: dict(k) for c, k in v.items()} for s, v in state.extra["ammo"].items()}
        ger = ammo.setdefault("german", {})
        ev = []
        for b in ids:
            pool = ger.setdefault(cal[b], {"HE": 0, "Smoke": 0, "Illum": 0})
            for k, n in bring.items():
                pool[k] = pool.get(k, 0) + n
            ev.append(Event("reinforcement", f"German battery {b} ({cal[b]}) joins the Axis artillery with "
                                             f"{bring['HE']} HE, {bring['Smoke']} Smoke, {bring['Illum']} Illum "
                                             f"({why}, 3.5a, 3.5b)"))
        state.extra["ammo"] = ammo
        state.touch()
        return ev

    # --- 4.3: the fixed German schedule -----------------------------------------------------
    def minutes_from_start(self, state) -> int:
        """Minutes since 0000 Feb 10 of the current turn (turns are 20 minutes by day, an hour
        at night: the same walk as ``clock``, without wrapping at midnight)."""
        mins = (self.scen.first_time // 100) * 60 + self.scen.first_time % 100
        for _ in range(state.turn - 1):
            hh = (mins // 60) % 24
            mins += 20 if 6 <= hh < 18 else 60
        return mins

    def german_schedule(self, state) -> list[Event]:
        """4.3: at each listed time its German unit arrives (decision BW-H3); infantry waits
        for its instant order as a 3.5 result does, batteries join at once."""
        if "3.5" not in self.scen.variable:
            return []
        now = self.minutes_from_start(state)
        done = set(state.extra.get("schedule_done", ()))
        ev: list[Event] = []
        for at, what in historical_schedule():
            if at > now or at in done:
                continue
            done.add(at)
            if what in battery_data()[1]:
                if what in self.waiting_batteries(state):
                    ev += self.release_batteries(state, (what,), "4.3 schedule")
                continue
            comps = [c for c in sorted({self.company(e.id) for e in self.scen.units
                                        if e.pool == "german" and state.units[e.id].arrives >= 900})
                     if _in_battalion(c, what)]
            if not comps:
                ev.append(Event("reinforcement", f"4.3 schedule: {what} is not in this order of battle; "
                                                 "nothing arrives (decision BW-H3)"))
                continue
            state.extra["german_release"] = tuple(state.extra.get("german_release") or ()) + (
                "schedule:" + "+".join(comps),)
            ev.append(Event("reinforcement", f"4.3 schedule: {', '.join(comps)} arrive; the Axis gives them an "
                                             "instant order (3.5c)"))
        state.extra["schedule_done"] = tuple(sorted(done))
        return ev


def _in_battalion(company: str, battalion: str) -> bool:
    """'1-I-390' is in I-390; '1-635' in 635; 'KG3Flak' in KG3Flak."""
    return company == battalion or company.split("-", 1)[-1] == battalion


@lru_cache(maxsize=1)
def historical_schedule() -> tuple[tuple[int, str], ...]:
    """reinforcements.yaml ``historical_german_schedule`` as (minutes since 0000 Feb 10, unit
    key): ``635`` / ``I-390`` battalions, ``KG3Flak``, battery ids."""
    d = tables_dir()
    rows = _get(_read(d, "reinforcements"), "historical_german_schedule.entries", d / "reinforcements.yaml")
    out = []
    for r in rows:
        tm, day = str(r["at"]).split()[0], int(str(r["at"]).split()[-1])
        mins = (day - 10) * 24 * 60 + int(tm[:2]) * 60 + int(tm[2:])
        out.append((mins, str(r["key"])))
    return tuple(out)
