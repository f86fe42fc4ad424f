"""The TCS-lite tables, read from ``scenarios/black-wednesday/tables/*.yaml``.

Every number the engine uses comes from these files (docs/black-wednesday/tcs-lite.md §0),
so whoever holds the printed charts replaces the numbers there, never here. A file that is
missing a key or holds a wrong kind of value is refused with a DataError naming it.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from pathlib import Path
from typing import Any

from ... import paths
from ...core.errors import DataError
from ...core.files import Limits, load_yaml, refusing_bad_shapes

# The tables may repeat a block with a YAML alias (sequence.yaml does); the expansion is bounded.
TABLE_LIMITS = Limits(max_bytes=1_000_000, aliases=True)

FILES = ("fire", "morale", "terrain", "visibility", "counters", "command_prep", "artillery", "weather", "air")


def tables_dir() -> Path:
    return Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / "tables"


def _read(folder: Path, name: str) -> dict:
    p = folder / f"{name}.yaml"
    data = load_yaml(p, TABLE_LIMITS, what="table file")
    if not isinstance(data, dict) or not isinstance(data.get("tables"), dict):
        raise DataError(p, "expected a mapping with a 'tables' section")
    return data["tables"]


def _get(d: Any, path: str, where: Path) -> Any:
    cur = d
    for key in path.split("."):
        if not isinstance(cur, dict) or key not in cur:
            raise DataError(where, f"missing '{path}'")
        cur = cur[key]
    return cur


def _int(v: Any, what: str, where: Path) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise DataError(where, f"{what} should be a whole number, found {v!r}")
    return v


def _bands(rows: Any, what: str, where: Path, key: str) -> tuple[tuple[int, int | None, Any], ...]:
    if not isinstance(rows, list) or not rows:
        raise DataError(where, f"{what} should be a non-empty list of bands")
    out = []
    for r in rows:
        if not isinstance(r, dict) or "min" not in r or key not in r:
            raise DataError(where, f"{what}: each band needs 'min', 'max' and '{key}'")
        mx = r.get("max")
        out.append((_int(r["min"], f"{what} min", where),
                    None if mx is None else _int(mx, f"{what} max", where), r[key]))
    return tuple(out)


def _band(bands: tuple, value: int) -> Any:
    for lo, hi, res in bands:
        if value >= lo and (hi is None or value <= hi):
            return res
    return None


@dataclass(frozen=True)
class UnitType:
    """One counter type of counters.yaml (TCS-lite §2)."""

    id: str
    steps: int
    target: str  # "A" soft, "B" armoured
    point_target: bool
    area_fp: int
    area_range: int
    at_attack: int
    at_range: int
    defense: int
    morale: Any  # int, or "division" (the division's rifle morale)
    ma: int
    move_class: str
    tow: bool
    assault_trained: bool
    weapons: Any  # False, True or "after_3_steps"
    indirect: str
    fo: bool

    @property
    def vehicle(self) -> bool:
        return self.target == "B"

    @property
    def morale_value(self) -> int:
        return self.morale if isinstance(self.morale, int) else 0

    @property
    def infantry(self) -> bool:
        """Decision 59: foot units that are not weapons units or FOs may breach wire."""
        return (not self.vehicle and not self.fo and not self.weapons and not self.indirect and not self.point_target
                and not self.id.endswith(("_mg", "_mg_co")))


@dataclass(frozen=True)
class Tables:
    source: Path
    fire_columns: tuple[tuple[int, int | None, int], ...]
    fire_rows: dict[int, tuple[str, ...]]
    shifts: dict[str, int]
    class_mods: dict[str, dict[str, int]]  # combat class -> area_fire_shift / point_to_hit_mod / at_kill_mod
    to_hit: tuple[tuple[Fraction, int], ...]
    point_mods: dict[str, int]
    morale_rows: dict[int, tuple[str, ...]]
    syr_bands: tuple
    bn_morale_cap: int
    terrain: dict[str, dict]
    hex_features: dict[str, dict]
    hexsides: dict[str, dict]
    periods: tuple[tuple[int, int, str, int], ...]  # (from hhmm, to hhmm, kind, limit)
    spotting: dict[str, int]
    unit_types: dict[str, UnitType]
    cpt_thresholds: dict[str, tuple[int, ...]]
    cpt_rows: dict[int, tuple[str, ...]]
    ratings: dict[str, int]
    barrage: dict[str, int]
    adjustment: dict[str, tuple]
    scatter_dist: dict[str, dict[int, int]]
    prep_columns: dict[str, dict]
    prep_historical: dict[str, dict[str, str]]  # column -> turn "0600" -> hex id or "-"
    prep_shoot_good: tuple[int, ...]
    weather_bands: tuple
    weather_states: dict[str, dict]
    after_snow: int
    sortie_bands: tuple
    aircraft: dict[str, dict]

    # --- look-ups -------------------------------------------------------------------
    def fire_column(self, firepower: int) -> tuple[int, int]:
        """(column, extra shifts) for a firepower total (§8.2 step 3): 24 points above 47 = +1."""
        if firepower < 1:
            return 0, 0
        for lo, hi, col in self.fire_columns:
            if firepower >= lo and (hi is None or firepower <= hi):
                # every full 24 points above 47 is one more shift (Dora 151: +4)
                return col, (max(0, (firepower - 47) // 24) if hi is None else 0)
        raise ValueError(firepower)

    def fire_result(self, column: int, roll: int) -> str:
        """Area Fire Table result after shifts: past column 12 each shift adds 1 to the roll,
        below column 1 each subtracts 1 (§8.2 step 4)."""
        last = len(self.fire_rows[2])
        if column > last:
            roll += column - last
            column = last
        elif column < 1:
            roll -= 1 - column
            column = 1
        if roll < 2:
            return "-"
        roll = min(roll, 12)
        return self.fire_rows[roll][column - 1]

    def morale_result(self, mm: int, roll: int) -> str:
        col = min(max(mm, 1), 13)  # §12.2 bounds
        return self.morale_rows[roll][col - 1]

    def syr_result(self, score: int) -> Any:
        return _band(self.syr_bands, score)

    def adjustment_need(self, line: str, distance: int) -> int:
        return _band(self.adjustment[line], distance)

    def prep_need(self, rating: int, order_type: str, weighted: int) -> str | None:
        """The Command Prep Table (§16.3): the d66 roll needed, '-' if impossible, None if
        no column is reached (no weighted turns)."""
        th = self.cpt_thresholds[order_type]
        col = 0
        for i, t in enumerate(th):
            if weighted >= t:
                col = i + 1
        if col == 0:
            return None
        row = min(max(rating, 1), max(self.cpt_rows))
        return self.cpt_rows[row][col - 1]

    def period(self, hhmm: int) -> tuple[str, int]:
        """(kind, visibility limit) of the turn starting at ``hhmm``."""
        for lo, hi, kind, lim in self.periods:
            if lo <= hi and lo <= hhmm <= hi:
                return kind, lim
            if lo > hi and (hhmm >= lo or hhmm <= hi):
                return kind, lim
        raise ValueError(hhmm)

    def weather(self, roll: int) -> str:
        return _band(self.weather_bands, roll)

    def sorties(self, d66: int) -> tuple[int, int]:
        r = _band(self.sortie_bands, d66)
        return (r or (0, 0))


@lru_cache(maxsize=4)
def load_tables(folder: str | None = None) -> Tables:
    root = Path(folder) if folder else tables_dir()
    with refusing_bad_shapes(root, "Black Wednesday tables folder"):
        return _load_tables(root)


def _load_tables(root: Path) -> Tables:
    t = {name: _read(root, name) for name in FILES}
    f = lambda n: root / f"{n}.yaml"  # noqa: E731

    af = _get(t["fire"], "area_fire", f("fire"))
    cols = tuple((lo, hi, int(c)) for lo, hi, c in _bands(af.get("columns"), "area_fire.columns", f("fire"), "column"))
    rows = {int(k): tuple(str(x) for x in v) for k, v in _get(af, "rows", f("fire")).items()}
    if sorted(rows) != list(range(2, 13)) or any(len(v) != len(cols) for v in rows.values()):
        raise DataError(f("fire"), f"area_fire.rows needs rows 2..12 with {len(cols)} cells each")
    shifts = {}
    for k, v in _get(t["fire"], "area_fire_shifts.entries", f("fire")).items():
        if isinstance(v.get("shift"), int):
            shifts[k] = v["shift"]
    shifts["shock"] = _int(_get(t["fire"], "overrun.entries.shock_shift.shift", f("fire")), "shock_shift", f("fire"))
    classes = _get(t["terrain"], "combat_classes.entries", f("terrain"))
    class_mods = {k: {m: _int(v[m], f"{k}.{m}", f("terrain"))
                      for m in ("area_fire_shift", "point_to_hit_mod", "at_kill_mod")}
                  for k, v in classes.items()}
    to_hit = tuple((Fraction(str(b["max_fraction_of_range"])), _int(b["need"], "to_hit need", f("fire")))
                   for b in _get(t["fire"], "point_fire.to_hit", f("fire")))
    pmods = {k: v["mod"] for k, v in _get(t["fire"], "point_fire_modifiers.entries", f("fire")).items()
             if isinstance(v.get("mod"), int)}
    mt = _get(t["morale"], "morale_table.rows", f("morale"))
    morale_rows = {int(k): tuple(str(x) for x in v) for k, v in mt.items()}
    if sorted(morale_rows) != list(range(2, 13)) or any(len(v) != 13 for v in morale_rows.values()):
        raise DataError(f("morale"), "morale_table.rows needs rows 2..12 with 13 cells each")
    syr = tuple((lo, hi, r) for lo, hi, r in _bands(_get(t["morale"], "syr_table.bands", f("morale")),
                                                     "syr_table.bands", f("morale"), "result"))
    cap = _int(_get(t["morale"], "battalion_morale.entries.cap.value", f("morale")), "battalion morale cap",
               f("morale"))
    terr = _get(t["terrain"], "terrain.entries", f("terrain"))
    for name, e in terr.items():
        for k in ("combat_class", "spotting_class", "obstacle_height_m", "cost"):
            if k not in e:
                raise DataError(f("terrain"), f"terrain {name} has no '{k}'")
    periods = []
    for k, v in _get(t["visibility"], "periods.entries", f("visibility")).items():
        periods.append((int(str(v["from"])), int(str(v["to"])), str(v["kind"]),
                        _int(v["visibility_limit"], k, f("visibility"))))
    spotting = {k: _int(v["hexes"], k, f("visibility"))
                for k, v in _get(t["visibility"], "spotting_ranges.entries", f("visibility")).items()}
    uts = {}
    for k, v in _get(t["counters"], "unit_types.entries", f("counters")).items():
        try:
            uts[k] = UnitType(k, int(v["steps"]), str(v["target"]), bool(v.get("point_target", False)),
                              int(v.get("area_fp", 0)), int(v.get("area_range", 0)), int(v.get("at_attack", 0)),
                              int(v.get("at_range", 0)), int(v.get("defense", 0)), v.get("morale", 0), int(v["ma"]),
                              str(v["move_class"]), bool(v.get("tow", False)), bool(v.get("assault_trained", False)),
                              v.get("weapons", False), str(v.get("indirect", "")), bool(v.get("fo", False)))
        except (KeyError, TypeError, ValueError) as e:
            raise DataError(f("counters"), f"unit type {k}: bad or missing value ({e})") from None
    cpt = _get(t["command_prep"], "command_prep_table", f("command_prep"))
    thresholds = {k: tuple(int(x) for x in v["values"]) for k, v in _get(cpt, "thresholds", f("command_prep")).items()}
    cpt_rows = {int(k): tuple(str(x) for x in v["values"]) for k, v in _get(cpt, "rows", f("command_prep")).items()}
    ratings = {k: _int(v["rating"], k, f("command_prep"))
               for k, v in _get(t["command_prep"], "ratings.entries", f("command_prep")).items()}
    art = t["artillery"]
    barrage = {k: int(v.get("battery", v.get("mission", 0)))
               for k, v in _get(art, "barrage_values.entries", f("artillery")).items()}
    adj = {k: tuple(_bands(v["bands"], f"adjustment.{k}", f("artillery"), "need"))
           for k, v in _get(art, "adjustment.lines", f("artillery")).items()}
    scat = {k: {int(a): int(b) for a, b in v.items()}
            for k, v in _get(art, "scatter.distance_d6", f("artillery")).items()}
    pcols = dict(_get(art, "prep_log_columns.entries", f("artillery")))
    hist = _get(art, "prep_log_historical", f("artillery"))
    names = list(hist["columns"])
    prep_hist: dict[str, dict[str, str]] = {c: {} for c in names}
    for turn, row in hist["turns"].items():
        if len(row) != len(names):
            raise DataError(f("artillery"),
                            f"prep_log_historical turn {turn}: {len(row)} entries for {len(names)} columns")
        for c, h in zip(names, row):
            prep_hist[c][str(turn)] = str(h)
    good = tuple(int(x) for x in _get(art, "prep.entries.shoot_roll.good", f("artillery")))
    wb = tuple(_bands(_get(t["weather"], "weather_table.bands", f("weather")), "weather_table", f("weather"), "result"))
    ws = dict(_get(t["weather"], "states.entries", f("weather")))
    snow = _int(_get(t["weather"], "modifiers.entries.after_snow.value", f("weather")), "after_snow", f("weather"))
    sb_raw = _get(t["air"], "sortie_table.bands", f("air"))
    sb = tuple((int(r["min"]), int(r["max"]), (int(r["soviet"]), int(r["german"]))) for r in sb_raw)
    aircraft = dict(_get(t["air"], "aircraft.entries", f("air")))
    return Tables(root, cols, rows, shifts, class_mods, to_hit, pmods, morale_rows, syr, cap, dict(terr),
                  dict(_get(t["terrain"], "hex_features.entries", f("terrain"))),
                  dict(_get(t["terrain"], "hexsides.entries", f("terrain"))), tuple(periods), spotting, uts,
                  thresholds, cpt_rows, ratings, barrage, adj, scat, pcols, prep_hist, good, wb, ws, snow, sb, aircraft)
