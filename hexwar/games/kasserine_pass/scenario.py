"""Read a Kasserine Pass scenario (and its rules tables) into a checked ``KPScenario``.

The schema is in docs/kasserine-pass/scenario-format.md. Files are read with
``core.files.load_yaml`` (plain data, bounded); every field is type-checked and a problem
raises DataError naming the file and the field. No pygame.
"""
from __future__ import annotations

import datetime as _dt
import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...core.board import Board
from ...core.errors import DataError, MalformedError
from ...core.files import Limits, inside, load_yaml, refusing_bad_shapes
from ...core.hexgrid import Hex, parse_hex
from ...core.units import UnitSpec
from ...loaders.scenario import FieldReader

MAX_BYTES = 2_000_000

NATIONS = ("german", "italian", "us", "british", "french")
TYPES = ("armor", "armored_infantry", "infantry", "recon", "engineers", "anti_tank", "artillery", "flak")
SIZES = ("detachment", "battalion", "regiment", "brigade")
RESULTS = ("A ELIM", "A BACK 1", "A BACK 2", "A BACK 3", "A BACK 4", "CONTACT", "ENGAGED", "EXCHANGE",
           "D BACK 1", "D BACK 2", "D BACK 3", "D BACK 4", "D ELIM")
COLUMNS = ("1-5", "1-4", "1-3", "1-2", "1-1", "2-1", "3-1", "4-1", "5-1", "6-1", "7-1", "8-1")


@dataclass(frozen=True)
class KPSpec:
    """A counter as printed: type, size, combat (or support) factor, movement factor."""

    id: str
    name: str
    nation: str
    type: str
    size: str
    factor: int
    ma: int
    range: int = 0  # artillery support range
    rangers: bool = False
    provenance: str = ""

    @property
    def side(self) -> str:
        return "axis" if self.nation in ("german", "italian") else "allied"


@dataclass(frozen=True)
class KPPiece:
    id: str
    spec: str
    name: str = ""
    hex: Hex | None = None  # Allied at-start position
    arrives: int = 0  # turn of arrival (0: on the map at the start)
    entry: str = ""  # the map region where it arrives
    provenance: tuple[tuple[str, str], ...] = ()


@dataclass(frozen=True)
class Tables:
    terrain_mp: dict[str, int]
    road_mp: int
    errata_crest_mp: int
    ranger_hex_mp: int
    combat_cost: dict[str, int]
    break_off_mp: int
    zoc_pass_mp: int
    blow_bridge_mp: int
    build_bridge_mp: int
    lone_artillery_defense: int
    stack_points: float
    stack_counters: int
    size_points: dict[str, float]
    free_stacking: frozenset[str]
    air_power_from_turn: int
    air_power_roll_success: frozenset[int]
    crt: dict[str, tuple[str, ...]]  # column -> results for totals 2..12
    printed_rows: tuple[int, ...]
    breakdown: dict[str, tuple[str, str]]
    breakdown_specs: dict[str, KPSpec]
    victory_levels: tuple[tuple[int, int, str, str], ...]  # (min, max, level, winner)
    source: str = ""


@dataclass(frozen=True)
class KPScenario:
    game: str
    id: str
    title: str
    map: str
    turns: int
    first_date: _dt.date
    sides: dict[str, dict[str, str]]
    kp_specs: dict[str, KPSpec]
    specs: dict[str, UnitSpec]  # the core view of every spec (fuzzer, client)
    pieces: tuple[KPPiece, ...]
    tables: Tables
    start_control: str
    source: str = ""
    # What the shared session cross-check reads; this game has none of these.
    control: dict[str, str] = field(default_factory=dict)
    setup_areas: tuple[Any, ...] = ()

    def date(self, turn: int) -> str:
        d = self.first_date + _dt.timedelta(days=turn - 1)
        return f"{d.day} Feb {d.year}" if d.month == 2 else d.isoformat()


def _read_yaml(p: Path) -> Any:
    return load_yaml(p, Limits(max_bytes=MAX_BYTES))


def _spec(r: FieldReader, u: Any, where: str, sid: str) -> KPSpec:
    g = r.get
    t = r.one_of(u, "type", TYPES, where)
    rng = g(u, "range", int, where, 0)
    if t == "artillery" and not 1 <= rng <= 6:
        raise r.fail(f"{where}.range", "artillery needs a support range from 1 to 6")
    if t != "artillery" and rng:
        raise r.fail(f"{where}.range", "only artillery has a support range")
    prov = g(u, "provenance", (str, dict), where)
    if isinstance(prov, dict):
        if "values" not in prov:
            raise r.fail(f"{where}.provenance", "missing 'values' (where the unit's values come from)")
        prov = str(prov["values"])
    if not prov.strip():
        raise r.fail(f"{where}.provenance", "empty provenance")
    return KPSpec(id=sid, name=g(u, "name", str, where), nation=r.one_of(u, "nation", NATIONS, where), type=t,
                  size=r.one_of(u, "size", SIZES, where), factor=r.number(u, "factor", where, 0, 20),
                  ma=r.number(u, "ma", where, 1, 30), range=rng, rangers=bool(g(u, "rangers", bool, where, False)),
                  provenance=prov)


def load_tables(path: str | os.PathLike[str]) -> Tables:
    with refusing_bad_shapes(path, "Kasserine Pass tables file"):
        return _load_tables(path)


def _load_tables(path: str | os.PathLike[str]) -> Tables:
    p = Path(path)
    data = _read_yaml(p)
    r = FieldReader(p)
    if not isinstance(data, dict):
        raise r.fail("", "expected a mapping at the top of the file")
    g = r.get
    terrain = {}
    for name, t in g(data, "terrain", dict, "").items():
        terrain[str(name)] = r.number(t, "mp", f"terrain.{name}", 1, 30)
        if not str(g(t, "provenance", str, f"terrain.{name}")).strip():
            raise r.fail(f"terrain.{name}.provenance", "empty provenance")
    for need in ("plain", "high_ground", "rugged_crest", "river"):
        if need not in terrain:
            raise r.fail("terrain", f"missing terrain {need!r}")
    crt_d = g(data, "crt", dict, "")
    cols = g(crt_d, "columns", list, "crt")
    if tuple(cols) != COLUMNS:
        raise r.fail("crt.columns", f"expected the columns {', '.join(COLUMNS)}")
    rows = g(crt_d, "rows", dict, "crt")
    crt: dict[str, tuple[str, ...]] = {}
    for c in COLUMNS:
        if c not in rows:
            raise r.fail("crt.rows", f"missing column {c!r}")
        cells = rows[c]
        if not isinstance(cells, list) or len(cells) != 11:
            raise r.fail(f"crt.rows.{c}", "expected 11 results, for dice totals 2 to 12")
        for i, x in enumerate(cells):
            if x not in RESULTS:
                raise r.fail(f"crt.rows.{c}", f"total {i + 2}: unknown result {x!r}")
        crt[c] = tuple(cells)
    extra = set(rows) - set(COLUMNS)
    if extra:
        raise r.fail("crt.rows", f"unknown column(s) {', '.join(sorted(map(str, extra)))}")
    bspecs: dict[str, KPSpec] = {}
    for i, u in enumerate(g(data, "breakdown_units", list, "")):
        s = _spec(r, u, f"breakdown_units[{i}]", g(u, "id", str, f"breakdown_units[{i}]"))
        bspecs[s.id] = s
    breakdown: dict[str, tuple[str, str]] = {}
    for parent, kids in g(data, "breakdown", dict, "").items():
        if not isinstance(kids, list) or len(kids) != 2 or any(k not in bspecs for k in kids):
            raise r.fail(f"breakdown.{parent}", "expected two spec ids listed in breakdown_units")
        breakdown[str(parent)] = (kids[0], kids[1])
    levels = []
    for i, lv in enumerate(g(data, "victory_levels", list, "")):
        w = f"victory_levels[{i}]"
        levels.append((r.number(lv, "min", w, 0, 99), r.number(lv, "max", w, 0, 99), g(lv, "level", str, w),
                       r.one_of(lv, "winner", ("axis", "allied"), w)))
    cost = g(data, "combat_cost", dict, "")
    for side in ("axis", "allied"):
        r.number(cost, side, "combat_cost", 0, 20)
    sizes = g(data, "size_points", dict, "")
    for size in SIZES:
        r.number(sizes, size, "size_points", 0, 10)
    return Tables(
        terrain_mp=terrain, road_mp=r.number(data, "road_mp", "", 0, 10),
        errata_crest_mp=r.number(data, "errata_crest_mp", "", 0, 30),
        ranger_hex_mp=r.number(data, "ranger_hex_mp", "", 0, 10), combat_cost=dict(cost),
        break_off_mp=r.number(data, "break_off_mp", "", 0, 20), zoc_pass_mp=r.number(data, "zoc_pass_mp", "", 0, 20),
        blow_bridge_mp=r.number(data, "blow_bridge_mp", "", 0, 30),
        build_bridge_mp=r.number(data, "build_bridge_mp", "", 0, 30),
        lone_artillery_defense=r.number(data, "lone_artillery_defense", "", 0, 10),
        stack_points=r.number(data, "stack_points", "", 1, 20),
        stack_counters=r.number(data, "stack_counters", "", 1, 20),
        size_points=dict(sizes), free_stacking=frozenset(g(data, "free_stacking", list, "")),
        air_power_from_turn=r.number(data, "air_power_from_turn", "", 1, 99),
        air_power_roll_success=frozenset(g(data, "air_power_roll_success", list, "")),
        crt=crt, printed_rows=tuple(g(crt_d, "printed_rows", list, "crt")), breakdown=breakdown,
        breakdown_specs=bspecs, victory_levels=tuple(levels), source=str(p))


def _core_spec(s: KPSpec) -> UnitSpec:
    flags = {s.type, s.size} | ({"rangers"} if s.rangers else set())
    return UnitSpec(id=s.id, name=s.name, side=s.side, nation=s.nation, kind=s.type, size=s.size,
                    values=((s.factor, s.factor),), ma=s.ma, flags=frozenset(flags), provenance=s.provenance)


def load_scenario(path: str | os.PathLike[str]) -> KPScenario:
    with refusing_bad_shapes(path, "Kasserine Pass scenario"):
        return _load_scenario(path)


def _load_scenario(path: str | os.PathLike[str]) -> KPScenario:
    """Read a scenario file and the rules tables it names."""
    p = Path(path)
    data = _read_yaml(p)
    r = FieldReader(p)
    if not isinstance(data, dict):
        raise r.fail("", "expected a mapping at the top of the file")
    g = r.get
    game = g(data, "game", str, "")
    if game != "kasserine-pass":
        raise r.fail("game", f"this loader reads Kasserine Pass scenarios, not {game!r}")
    tables_name = g(data, "tables", str, "")
    tp = (p.parent / tables_name).resolve()
    if not inside(tp, p.parent) or ".." in tables_name:
        raise r.fail("tables", f"{tables_name!r} must be a file inside the scenario's folder")
    tables = load_tables(tp)
    sides = g(data, "sides", dict, "")
    if set(sides) != {"axis", "allied"}:
        raise r.fail("sides", "expected exactly the sides 'axis' and 'allied'")
    for s, info in sides.items():
        g(info, "name", str, f"sides.{s}")
    turns = r.number(data, "turns", "", 1, 99)
    fd = g(data, "first_date", (str, _dt.date), "")
    if isinstance(fd, str):
        try:
            fd = _dt.date.fromisoformat(fd)
        except ValueError:
            raise r.fail("first_date", f"{fd!r} is not a date (YYYY-MM-DD)") from None
    start_control = r.one_of(data, "start_control", ("axis", "allied"), "")

    kp_specs: dict[str, KPSpec] = dict(tables.breakdown_specs)
    pieces: list[KPPiece] = []
    seen: set[str] = set()
    for i, u in enumerate(g(data, "units", list, "")):
        where = f"units[{i}]"
        uid = g(u, "id", str, where)
        side = r.one_of(u, "side", ("axis", "allied"), where)
        sid = g(u, "spec", str, where)
        s = _spec(r, u, where, sid)
        if s.side != side:
            raise r.fail(f"{where}.nation", f"nation {s.nation!r} does not fight for side {side!r}")
        if sid in kp_specs and kp_specs[sid] != s and sid not in tables.breakdown_specs:
            old = kp_specs[sid]
            def key(x: KPSpec) -> tuple[object, ...]:
                return (x.type, x.size, x.factor, x.ma, x.range, x.nation)

            if key(old) != key(s):
                raise r.fail(f"{where}.spec", f"spec {sid!r} is used with different values elsewhere")
        kp_specs.setdefault(sid, s)
        prov = g(u, "provenance", (str, dict), where)
        count = g(u, "count", int, where, 0)
        if count < 0 or count > 20:
            raise r.fail(f"{where}.count", f"{count} is out of range")
        ids = [f"{uid}-{k}" for k in range(1, count + 1)] if count else [uid]
        arrives = g(u, "arrives", int, where, 0)
        hx = g(u, "hex", str, where, None)
        entry = g(u, "entry", str, where, "")
        if (arrives > 0) == (hx is not None):
            raise r.fail(where, "a unit needs either 'hex' (on the map at the start) or 'arrives' with 'entry'")
        if arrives and not 1 <= arrives <= turns:
            raise r.fail(f"{where}.arrives", f"turn {arrives} is outside 1..{turns}")
        if arrives and not entry:
            raise r.fail(f"{where}.entry", "an arriving unit needs an entry region")
        h = None
        if hx is not None:
            if not isinstance(prov, dict) or "hex" not in prov:
                raise r.fail(f"{where}.provenance", "a unit set up on the map needs provenance for its 'hex'")
            try:
                h = parse_hex(hx)
            except MalformedError as e:
                raise r.fail(f"{where}.hex", str(e)) from None
        provs = (tuple(sorted((str(k), str(v)) for k, v in prov.items())) if isinstance(prov, dict)
                 else (("values", prov),))
        for one in ids:
            if one in seen:
                raise r.fail(f"{where}.id", f"duplicate unit id {one!r}")
            seen.add(one)
            pieces.append(KPPiece(one, sid, g(u, "name", str, where), h, arrives, entry, provs))
    for parent in tables.breakdown:
        if parent not in kp_specs:
            raise DataError(tables.source, f"breakdown.{parent}: no unit of the scenario has this spec")
    return KPScenario(
        game=game, id=g(data, "scenario", str, ""), title=g(data, "title", str, ""), map=g(data, "map", str, ""),
        turns=int(turns), first_date=fd, sides=sides, kp_specs=kp_specs,
        specs={k: _core_spec(v) for k, v in kp_specs.items()}, pieces=tuple(pieces), tables=tables,
        start_control=start_control, source=str(p))


def town_props(board: Board) -> dict[Hex, tuple[str, int]]:
    """Each place's size (``village`` or ``city``) and victory points, from the custom
    properties the map loader keeps on the Board's places (``Place.props``)."""
    out: dict[Hex, tuple[str, int]] = {}
    src = board.source or "the map"
    for h, place in board.places.items():
        size = place.props.get("size", "village")
        if size not in ("village", "city"):
            raise DataError(src, f"place {place.name!r}: size {size!r} is not 'village' or 'city'")
        vp: Any = place.props.get("vp", 0) or 0
        try:
            vp = int(vp)
        except (TypeError, ValueError):
            raise DataError(src, f"place {place.name!r}: property 'vp' is not a whole number ({vp!r})") from None
        out[h] = (str(size), vp)
    return out
