"""Black Wednesday scenario files (``scenarios/black-wednesday/s*.yaml``).

The session reads ``game``, ``map``, ``control``, ``setup_areas``, ``sides`` and ``source``
from any scenario; the rest is this game's own schema (docs/black-wednesday/scenario-1.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.errors import DataError
from ...core.files import Limits, excerpt, load_yaml, refusing_bad_shapes

if TYPE_CHECKING:
    from ...core.board import Board
    from ...core.hexgrid import Hex

    class _Rules:
        """What ScenarioAreas uses of BWRules, for the type checker only (host.py's BWHost
        cannot be used here: it imports this module)."""

        board: Board
        scen: BWScenario
        area: frozenset[Hex]

        def area_hexes_of(self, within: int, centres: str) -> frozenset[Hex]: ...  # setup.py
else:
    _Rules = object

MAX_BYTES = 2_000_000
MAX_TURNS = 200  # the campaign is under 60


def _n(v: Any, p: Path, what: str, lo: int, hi: int) -> int:
    """A whole number of the scenario (written as a number or as text, like "0600"), in lo..hi."""
    try:
        n = int(v) if not isinstance(v, (str, bool)) else int(v) if isinstance(v, str) and len(v) <= 12 else None
    except (TypeError, ValueError, OverflowError):
        n = None
    if n is None or isinstance(v, float) and v != n:
        raise DataError(p, f"{what} should be a whole number, found {excerpt(v)}")
    if not lo <= n <= hi:
        raise DataError(p, f"{what} is {n}, outside {lo}..{hi}")
    return n

SIDES = ("soviet", "axis")
REGION = "region:"  # a set-up area that is a named map region, not a circle (Scen. 7-8: north of xx.37)


@dataclass(frozen=True)
class UnitEntry:
    id: str
    side: str
    type: str
    battalion: str
    area: str = ""
    reserve: bool = False
    arrives: str = ""  # "0900": arrives at that time
    at: str = ""  # entry hex id for a timed arrival
    fo: str = ""  # "artillery" / "mortar"
    division: str = ""  # Soviet division ("43", "63", "72"); armour is told by its type
    enter: str = ""  # entry regions joined by '+' ("Entry Area F+Entry Area G") for released units
    pool: str = ""  # variable reinforcement pool ("german", "spanish", "soviet_14"): waits to be released
    losses: int = 0  # steps lost before play (1.10c)


@dataclass(frozen=True)
class BWScenario:
    source: str
    game: str
    id: str
    title: str
    map: str
    sheets: tuple[str, ...]
    region: str
    first_time: int
    turns: int
    first_player: str
    prep_columns: tuple[str, ...]
    victory: str
    units: tuple[UnitEntry, ...]
    areas: dict[str, tuple[int, str]]  # area id -> (within, hex id)
    orders: tuple[dict, ...]
    artillery: dict[str, tuple[tuple[str, str], ...]]  # side -> ((id, calibre), ...)
    ammo: dict[str, dict[str, dict[str, int]]]
    division: str = "43"
    entry_edge: str = "soviet"
    victory_spec: dict = field(default_factory=dict)
    bn_morale: dict = field(default_factory=dict)  # battalion -> initial battalion morale (1.10d)
    variable: tuple = ()  # variable reinforcement rules in play ("3.5", "3.3", "2.7")
    first_day: int = 10  # the February day of the first turn (Scenario 8 starts on the 11th)
    objectives: dict = field(default_factory=dict)  # extra objective presets: name -> hex ids
    area_side: dict = field(default_factory=dict)  # set-up area -> side
    losses: dict = field(default_factory=dict)  # formation (battalion) -> steps lost before play (1.10c)
    breaches: int = 0  # full wire breaches the Soviets deploy in their set-up areas
    occupation_start: str = "axis"  # who holds unvisited hexes: "axis" or "nearest" (decision BW-V3)
    campaign_turns: int = 0  # 5.1: turns of the campaign version (Scen. 3, 6, 7); 0 = none
    # what the session's cross-check reads: nothing beyond the map's own names
    control: tuple = ()
    setup_areas: tuple = ()
    sides: dict = field(default_factory=dict)


def _need(d: Any, key: str, p: Path, what: str = "") -> Any:
    if not isinstance(d, dict) or key not in d:
        raise DataError(p, f"missing '{what + key}'")
    return d[key]


def load_scenario(path: str | Path) -> BWScenario:
    with refusing_bad_shapes(path, "Black Wednesday scenario"):
        return _load_scenario(Path(path))


def _load_scenario(p: Path) -> BWScenario:
    data = load_yaml(p, Limits(max_bytes=MAX_BYTES), what="scenario file")
    if not isinstance(data, dict):
        raise DataError(p, "expected a mapping at the top")
    sides = _need(data, "sides", p)
    units: list[UnitEntry] = []
    seen: set[str] = set()
    areas: dict[str, tuple[int, str]] = {}
    area_side: dict[str, str] = {}
    losses: dict[tuple[str, str], int] = {}
    orders: list[dict] = []
    artillery: dict[str, tuple] = {}
    ammo: dict[str, dict] = {}
    for side in SIDES:
        s = _need(sides, side, p, "sides.")
        for i, u in enumerate(_need(s, "units", p, f"sides.{side}.")):
            if not isinstance(u, dict) or "id" not in u or "type" not in u:
                raise DataError(p, f"sides.{side}.units[{i}] needs 'id' and 'type'")
            n = _n(u.get("count", 1), p, f"sides.{side}.units[{i}].count", 1, 99)
            ids = [str(u["id"])] if n == 1 else [f"{u['id']}{k}" for k in range(1, n + 1)]
            # '3x Inf Gun' lost before play: the first ones of the entry
            gone = _n(u.get("lost", 0), p, f"sides.{side}.units[{i}].lost", 0, n)
            for k, uid in enumerate(ids):
                if uid in seen or " " in uid:
                    raise DataError(p, f"unit id {uid!r} is repeated or has a space")
                seen.add(uid)
                units.append(UnitEntry(uid, side, str(u["type"]), str(u.get("battalion", "")), str(u.get("area", "")),
                                       bool(u.get("reserve", False)), str(u.get("arrives", "")), str(u.get("at", "")),
                                       str(u.get("fo", "")),
                                       str(u.get("division", s.get("division", "") if side == "soviet" else "")),
                                       str(u.get("enter", "")), str(u.get("pool", "")),
                                       99 if k < gone else _n(u.get("losses", 0), p, f"unit {uid} losses", 0, 99)))
        for k, a in (s.get("areas") or {}).items():
            if isinstance(a, dict) and "region" in a:  # a named map region (checked against the map by the rules)
                areas[str(k)] = (0, REGION + str(a["region"]))
                area_side[str(k)] = side
                continue
            of = _need(a, "of", p, f"areas.{k}.")
            # 'w/i 2 B19.26 and/or B24.25': several centres joined by '+'
            of = "+".join(str(x) for x in of) if isinstance(of, list) else str(of)
            areas[str(k)] = (_n(_need(a, "within", p, f"areas.{k}."), p, f"areas.{k}.within", 0, 99), of)
            area_side[str(k)] = side
        for k, v in (s.get("losses") or {}).items():
            losses[(side, str(k))] = _n(v["value"] if isinstance(v, dict) else v, p, f"losses.{k}", 0, 99)
        for o in s.get("orders") or []:
            orders.append({**o, "side": side})
        artillery[side] = tuple((str(a["id"]), str(a["calibre"])) for a in s.get("artillery") or [])
        ammo[side] = {str(c): {str(k): _n(v, p, f"ammo.{c}.{k}", 0, 9999) for k, v in kinds.items()}
                      for c, kinds in (s.get("ammo") or {}).items()}
        if side == "axis" and s.get("german_ammo"):  # 3.2b: the German pool apart from the Spanish (Scen. 8)
            ammo["german"] = {str(c): {str(k): _n(v, p, f"german_ammo.{c}.{k}", 0, 9999) for k, v in kinds.items()}
                              for c, kinds in s["german_ammo"].items()}
    # 2.1b/2.1c: a division (or the armour) is on at most one implemented order and two in all;
    # 'all' names every Soviet formation
    seen_impl: dict[str, int] = {}
    seen_all: dict[str, int] = {}
    for o in orders:
        if o["side"] != "soviet":
            continue
        us = o.get("units", "all")
        forms = (["*"] if us in ("all", "not_reserve")
                 else [str(x) for x in (us if isinstance(us, list) else str(us).split("+"))])
        for f in forms:
            seen_all[f] = seen_all.get(f, 0) + 1
            seen_impl[f] = seen_impl.get(f, 0) + bool(o.get("implemented"))
    star_i, star_a = seen_impl.pop("*", 0), seen_all.pop("*", 0)
    if any(v + star_i > 1 for v in seen_impl.values()) or star_i > 1 or \
            any(v + star_a > 2 for v in seen_all.values()) or star_a > 2:
        raise DataError(p, "2.1b: a Soviet division has at most one implemented order and two orders in all")
    for u in units:
        for a in (u.area.split("+") if u.area and u.area != "any" else ()):
            if a not in areas:
                raise DataError(p, f"unit {u.id}: set-up area {a!r} is not defined")
    area = _need(data, "play_area", p)
    return BWScenario(
        source=str(p), game=str(_need(data, "game", p)), id=str(data.get("id", p.stem)),
        title=str(data.get("title", p.stem)), map=str(_need(data, "map", p)),
        sheets=tuple(str(x) for x in data.get("sheets") or [data["map"]]),
        region=str(_need(area, "region", p, "play_area.")),
        first_time=_n(_need(data, "first_time", p), p, "first_time", 0, 2359),
        turns=_n(_need(data, "turns", p), p, "turns", 1, MAX_TURNS),
        first_day=_first_day(data, p),
        first_player=str(_need(data, "first_player", p)),
        prep_columns=tuple(str(c) for c in (data.get("prep_log") or {}).get("columns") or ()),
        victory=str(_need(_need(data, "victory", p), "kind", p, "victory.")), units=tuple(units), areas=areas,
        orders=tuple(orders), artillery=artillery, ammo=ammo,
        division=str(sides["soviet"].get("division", "43")),
        entry_edge=str((sides["soviet"].get("entry") or {}).get("edge", "soviet")),
        victory_spec=dict(data["victory"]),
        bn_morale={str(k): _n(v["value"] if isinstance(v, dict) else v, p, f"bn_morale.{k}", 0, 99) for sd in SIDES
                   for k, v in (sides[sd].get("bn_morale") or {}).items()},
        variable=tuple(str(x) for x in data.get("variable_reinforcements") or ()),
        objectives={str(k): tuple(str(h) for h in v) for k, v in (data.get("objectives") or {}).items()},
        area_side=area_side, losses=losses,
        breaches=_n((sides["soviet"].get("breaches") or {}).get("value", 0)
                    if isinstance(sides["soviet"].get("breaches"), dict)
                    else sides["soviet"].get("breaches") or 0, p, "breaches", 0, 99),
        occupation_start=str(data.get("occupation_start", "axis")),
        campaign_turns=_campaign_turns(data, p),
    )


def _campaign_turns(data: dict, p: Path) -> int:
    """``campaign: {turns: n}``: the campaign version's length (5.1)."""
    c = data.get("campaign")
    if c is None:
        return 0
    if (not isinstance(c, dict) or not isinstance(c.get("turns"), int)
            or not int(data["turns"]) <= c["turns"] <= MAX_TURNS):
        raise DataError(p, "campaign.turns must be a whole number of turns, no fewer than the scenario's own")
    return int(c["turns"])


class ScenarioAreas(_Rules):
    """Mixin for BWRules: set-up areas written as a map region (``region: <name>``)."""

    def area_hexes_of(self, within: int, centres: str) -> frozenset[Hex]:
        if centres.startswith(REGION):
            name = centres[len(REGION):]
            if name not in self.board.regions:
                raise DataError(self.scen.source, f"set-up area region {name!r} is not a region of the map")
            return frozenset(h for h in self.board.regions[name] if h in self.area)
        return super().area_hexes_of(within, centres)


def _first_day(data: dict, p) -> int:
    v = data.get("first_day", 10)
    if not isinstance(v, int) or v not in (10, 11):
        raise DataError(p, f"first_day must be 10 or 11 (February 1943), not {v!r}")
    return v
