"""Read a scenario YAML file into a checked ``Scenario``. No pygame.

The file is read with ``core.files.load_yaml`` (plain data only, bounded: no aliases, no
Python objects, no huge numbers); every field is type-checked and a problem is reported
with the file and the field path.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import DataError, MalformedError
from ..core.files import Limits, excerpt, load_yaml, refusing_bad_shapes
from ..core.hexgrid import Hex, parse_hex
from ..core.units import ARRIVING, ELIMINATED, UNPLACED, UnitSpec

MAX_SCENARIO_BYTES = 2_000_000
MAX_VALUE = 1000  # a unit's attack or defence; printed counters stay under 100


@dataclass(frozen=True)
class SupportMarker:
    id: str
    name: str
    side: str
    shift: int
    provenance: str = ""


@dataclass(frozen=True)
class SetupArea:
    id: str
    side: str
    mark: str
    groups: tuple[str, ...]
    per_hex: tuple[int, int]
    rule: str
    region: str | None = None
    not_region: str | None = None


@dataclass(frozen=True)
class Piece:
    """A counter in the box at the start: a known unit or an anonymous hidden token."""

    id: str
    spec: str | None  # None: drawn from ``pool`` when the game starts
    where: str
    setup: str | None = None
    arrives: int = 0
    pool: str | None = None
    face: str = ""  # "full" or "reduced" for a unit set up on a printed hex ("" = full)


@dataclass(frozen=True)
class Scenario:
    game: str
    id: str
    title: str
    map: str
    turns: int
    sides: dict[str, dict[str, str]]
    specs: dict[str, UnitSpec]
    pieces: tuple[Piece, ...]
    pools: dict[str, tuple[str, ...]]  # pool -> identity spec ids
    setup_order: tuple[str, ...]
    setup_areas: tuple[SetupArea, ...]
    replacements: dict[int, dict[str, int]]
    dates: dict[int, str]
    support: dict[str, SupportMarker]
    control: dict[str, str]  # place name -> side; "" key = default side
    victory: dict[str, int]
    source: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


class FieldReader:
    """Type-checked reads of one data file's fields: a problem is a ``DataError`` naming the
    file and the field's path (``units[3].factor``). A game's own loader uses it too."""

    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> DataError:
        return DataError(self.path, f"{where}: {problem}" if where else problem)

    def get(self, d: Any, key: str, kind: type | tuple[type, ...], where: str, default: Any = ...) -> Any:
        if not isinstance(d, dict):
            raise self.fail(where, f"expected a mapping, found {type(d).__name__}")
        if key not in d:
            if default is ...:
                raise self.fail(where, f"missing '{key}'")
            return default
        v = d[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if isinstance(v, bool) and bool not in kinds:
            raise self.fail(f"{where}.{key}", f"expected {'/'.join(k.__name__ for k in kinds)}, found a yes/no value")
        if not isinstance(v, kinds):
            names = "/".join(k.__name__ for k in kinds)
            raise self.fail(f"{where}.{key}", f"expected {names}, found {type(v).__name__} "
                                              f"{excerpt(v)}")
        return v

    def number(self, d: Any, key: str, where: str, lo: float, hi: float, default: Any = ...) -> Any:
        v = self.get(d, key, (int, float), where, default)
        if not lo <= v <= hi:
            raise self.fail(f"{where}.{key}", f"{v} is outside {lo}..{hi}")
        return v

    def one_of(self, d: Any, key: str, allowed: tuple[str, ...], where: str) -> str:
        v: str = self.get(d, key, str, where)
        if v not in allowed:
            raise self.fail(f"{where}.{key}", f"unknown value {v!r} (expected one of: {', '.join(allowed)})")
        return v


class _Reader(FieldReader):
    def __init__(self, path: Path, kinds: tuple[str, ...] = ("infantry", "tank")) -> None:
        super().__init__(path)
        self.kinds = kinds

    def values(self, v: Any, where: str) -> tuple[tuple[float, float], ...]:
        if not isinstance(v, list) or not v or len(v) > 2:
            raise self.fail(where, "expected a list of one or two [attack, defense] pairs")
        out = []
        for i, pair in enumerate(v):
            if (not isinstance(pair, list) or len(pair) != 2
                    or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and 0 <= x <= MAX_VALUE
                               for x in pair)):
                raise self.fail(f"{where}[{i}]", f"expected [attack, defense] as two numbers from 0 to {MAX_VALUE}, "
                                                 f"found {excerpt(pair)}")
            out.append((pair[0], pair[1]))
        return tuple(out)

    def spec(self, u: Any, where: str, sides: dict[str, Any]) -> UnitSpec:
        g = self.get
        side = g(u, "side", str, where)
        if side not in sides:
            raise self.fail(f"{where}.side", f"unknown side {side!r} (sides: {', '.join(sides)})")
        kind = g(u, "kind", str, where)
        if kind not in self.kinds:
            raise self.fail(f"{where}.kind", f"unknown unit kind {kind!r} ({' or '.join(self.kinds)})")
        size = g(u, "size", str, where)
        if size not in ("corps", "army"):
            raise self.fail(f"{where}.size", f"unknown unit size {size!r} (corps or army)")
        ma = g(u, "ma", int, where)
        if not 0 <= ma <= 50:
            raise self.fail(f"{where}.ma", f"movement allowance {ma} out of range")
        flags = g(u, "flags", list, where, [])
        return UnitSpec(
            id=g(u, "id", str, where),
            name=g(u, "name", str, where),
            side=side,
            nation=g(u, "nation", str, where),
            kind=kind,
            size=size,
            values=self.values(g(u, "values", list, where), f"{where}.values"),
            ma=ma,
            flags=frozenset(str(f) for f in flags),
            provenance=_provenance(g(u, "provenance", (str, int, float, dict), where, "")),
            type=g(u, "type", str, where, ""),
            formation=g(u, "formation", str, where, ""),
            colour=g(u, "colour", str, where, ""),
        )


def _provenance(v: Any) -> str:
    if isinstance(v, dict):  # one mark per aspect
        return ", ".join(f"{k}: {x}" for k, x in v.items())
    return str(v)


MAX_EXTENDS = 3


def _read_yaml(p: Path, depth: int = 0) -> dict[str, Any]:
    """The file's top-level mapping; ``extends: <file>`` reads that file (same folder)
    first and lets each top-level key of this one replace the key of the same name."""
    data = load_yaml(p, Limits(max_bytes=MAX_SCENARIO_BYTES), what="scenario file")
    if not isinstance(data, dict):
        raise DataError(p, "expected a mapping at the top of the file")
    base = data.pop("extends", None)
    if base is None:
        return data
    if not isinstance(base, str) or "/" in base or "\\" in base or base.startswith("."):
        raise DataError(p, f"extends: {base!r} is not a plain file name in the same folder")
    if depth >= MAX_EXTENDS:
        raise DataError(p, f"extends: more than {MAX_EXTENDS} files deep (a loop?)")
    merged = _read_yaml(p.parent / base, depth + 1)
    merged.update(data)  # whole values, no deep merge
    return merged


def load_scenario(path: str | os.PathLike[str]) -> Scenario:
    with refusing_bad_shapes(path, "scenario"):
        return _load_scenario(path)


def _load_scenario(path: str | os.PathLike[str]) -> Scenario:
    p = Path(path)
    data = _read_yaml(p)
    if isinstance(data.get("turns"), list):
        return load_campaign(p, data, _Reader(p, ("infantry", "armor")))
    r = _Reader(p)
    g = r.get
    sides = g(data, "sides", dict, "")
    for s, info in sides.items():
        g(info, "name", str, f"sides.{s}")

    specs: dict[str, UnitSpec] = {}
    pieces: list[Piece] = []

    def add_spec(s: UnitSpec, where: str) -> None:
        if s.id in specs:
            raise r.fail(where, f"duplicate unit id {s.id!r}")
        specs[s.id] = s

    for i, u in enumerate(g(data, "units", list, "")):
        where = f"units[{i}]"
        s = r.spec(u, where, sides)
        add_spec(s, where)
        start = g(u, "start", str, where, "")
        arrives = g(u, "arrives", int, where, 0)
        setup = g(u, "setup", str, where, None)
        if start == "eliminated":
            where_ = ELIMINATED
        elif start:
            raise r.fail(f"{where}.start", f"unknown start {start!r} (only 'eliminated')")
        elif arrives:
            where_ = ARRIVING
        elif setup:
            where_ = UNPLACED
        else:
            raise r.fail(where, "a unit needs 'setup', 'arrives' or 'start'")
        pieces.append(Piece(s.id, s.id, where_, setup, arrives))

    pools: dict[str, tuple[str, ...]] = {}
    for i, hp in enumerate(g(data, "hidden", list, "", [])):
        where = f"hidden[{i}]"
        pool = g(hp, "pool", str, where)
        tokens = g(hp, "tokens", list, where)
        idents = g(hp, "identities", list, where)
        if len(tokens) != len(idents):
            raise r.fail(where, f"{len(tokens)} tokens but {len(idents)} identities")
        ids = []
        for j, u in enumerate(idents):
            s = r.spec(u, f"{where}.identities[{j}]", sides)
            add_spec(s, f"{where}.identities[{j}]")
            ids.append(s.id)
        pools[pool] = tuple(ids)
        setup = g(hp, "setup", str, where)
        for t in tokens:
            if not isinstance(t, str):
                raise r.fail(f"{where}.tokens", f"token {t!r} is not text")
            if t in specs or any(pc.id == t for pc in pieces):
                raise r.fail(f"{where}.tokens", f"duplicate unit id {t!r}")
            pieces.append(Piece(t, None, UNPLACED, setup, 0, pool))

    areas = []
    for i, a in enumerate(g(data, "setup_areas", list, "", [])):
        where = f"setup_areas[{i}]"
        ph = g(a, "per_hex", list, where)
        whole = all(isinstance(x, int) and not isinstance(x, bool) for x in ph)
        if len(ph) != 2 or not whole or not 0 <= ph[0] <= ph[1]:
            raise r.fail(f"{where}.per_hex", "expected [least, most] as two whole numbers")
        areas.append(SetupArea(
            id=g(a, "id", str, where), side=g(a, "side", str, where), mark=g(a, "mark", str, where),
            groups=tuple(g(a, "groups", list, where)), per_hex=(ph[0], ph[1]), rule=g(a, "rule", str, where, "6.0"),
            region=g(a, "region", str, where, None), not_region=g(a, "not_region", str, where, None)))
        if areas[-1].side not in sides:
            raise r.fail(f"{where}.side", f"unknown side {areas[-1].side!r}")

    turns = g(data, "turns", int, "")
    if not 1 <= turns <= 99:
        raise r.fail("turns", f"{turns} is out of range")
    reps: dict[int, dict[str, int]] = {}
    dates: dict[int, str] = {}
    for i, t in enumerate(g(data, "turn_track", list, "")):
        where = f"turn_track[{i}]"
        n = g(t, "turn", int, where)
        if not 1 <= n <= turns:
            raise r.fail(f"{where}.turn", f"turn {n} is outside 1..{turns}")
        rep = g(t, "replacements", dict, where, {})
        for s, v in rep.items():
            if s not in sides or not isinstance(v, int) or isinstance(v, bool):
                raise r.fail(f"{where}.replacements", f"bad entry {s!r}: {v!r}")
        reps[n] = dict(rep)
        dates[n] = str(g(t, "date", (str, int), where, ""))
    for pc in pieces:
        if pc.arrives and not 1 <= pc.arrives <= turns:
            raise r.fail(f"units {pc.id}", f"arrives on turn {pc.arrives}, outside 1..{turns}")

    support = {}
    for i, m in enumerate(g(data, "support", list, "", [])):
        where = f"support[{i}]"
        sm = SupportMarker(g(m, "id", str, where), g(m, "name", str, where), g(m, "side", str, where),
                           g(m, "shift", int, where), str(g(m, "provenance", str, where, "")))
        support[sm.id] = sm

    control: dict[str, str] = {}
    for side, names in g(data, "control", dict, "", {}).items():
        if side == "default":
            if names not in sides:
                raise r.fail("control.default", f"unknown side {names!r}")
            control[""] = names
            continue
        if side not in sides or not isinstance(names, list):
            raise r.fail(f"control.{side}", "expected a side and a list of place names")
        for n in names:
            control[str(n)] = side

    victory = g(data, "victory", dict, "", {})
    for k, v in victory.items():
        if not isinstance(v, int) or isinstance(v, bool):
            raise r.fail(f"victory.{k}", f"expected a whole number, found {v!r}")

    return Scenario(
        game=g(data, "game", str, ""), id=g(data, "scenario", str, ""), title=g(data, "title", str, ""),
        map=g(data, "map", str, ""), turns=turns, sides=sides, specs=specs, pieces=tuple(pieces), pools=pools,
        setup_order=tuple(g(data, "setup_order", list, "", list(sides))), setup_areas=tuple(areas),
        replacements=reps, dates=dates, support=support, control=control, victory=victory, source=str(p))


# --------------------------------------------------------------------------
# Turn-track scenarios (the schema is in scenario-data.md in the docs folder of the game that uses it).
# Turns are numbered 1, 2 … in track order inside the engine; ``labels`` gives the names.
# --------------------------------------------------------------------------
IRP, ARP = "irp", "arp"


@dataclass(frozen=True)
class TrackTurn:
    """One box of the turn track (4.0)."""

    number: int  # 1-based position on the track
    label: str
    date: str
    mud: bool
    points: dict[str, dict[str, int]]  # side -> {"irp": n, "arp": n}, before posture modifiers
    offensives_added: dict[str, int]
    fortifications: tuple[str, ...]
    historical_posture: dict[str, str] | None = None


@dataclass(frozen=True)
class Campaign:
    """The typed parts of a turn-track scenario that the generic Scenario has no field for."""

    labels: tuple[str, ...]
    start_turn: int
    last_turn: int
    first_player: str
    stacking_limit: int
    track: tuple[TrackTurn, ...]
    control_regions: dict[str, str]  # side -> map region whose places it controls at the start
    formations: dict[str, tuple[dict[str, Any], ...]]
    markers: tuple[dict[str, Any], ...]
    offensives: dict[str, Any]
    postures: dict[str, Any]
    mud_roll: dict[str, tuple[int, ...]]
    victory: dict[str, Any]
    strategic_objective: dict[str, Any]
    setup_adjustments: tuple[dict[str, Any], ...]
    setup_hex: dict[str, Hex] = field(default_factory=dict)  # unit id -> printed set-up hex

    def turn(self, n: int) -> TrackTurn:
        return self.track[n - 1]

    def number(self, label: str) -> int:
        return self.labels.index(str(label)) + 1


def load_campaign(p: Path, data: dict[str, Any], r: _Reader) -> Scenario:
    """Read a turn-track scenario (``turns`` is a list of names, for a game whose turns are named boxes of a track)."""
    g = r.get
    sides = g(data, "sides", dict, "")
    for s, info in sides.items():
        g(info, "name", str, f"sides.{s}")
        g(info, "region", str, f"sides.{s}")
    side_ids = tuple(sides)
    labels = tuple(g(data, "turns", list, ""))
    if not labels or not all(isinstance(t, str) for t in labels) or len(set(labels)) != len(labels):
        raise r.fail("turns", "expected a list of distinct turn names written as text")

    def turn_no(v: Any, where: str) -> int:
        if str(v) not in labels:
            raise r.fail(where, f"{v!r} is not one of the turns {', '.join(labels)}")
        return labels.index(str(v)) + 1

    start = turn_no(g(data, "start_turn", str, ""), "start_turn")
    last = turn_no(g(data, "last_turn", str, ""), "last_turn")
    first = g(data, "first_player", str, "")
    if first not in sides:
        raise r.fail("first_player", f"unknown side {first!r}")

    specs = {}
    pieces = []
    setup_hex: dict[str, Hex] = {}
    for i, u in enumerate(g(data, "units", list, "")):
        where = f"units[{i}]"
        s = r.spec(u, where, sides)
        if s.id in specs:
            raise r.fail(where, f"duplicate unit id {s.id!r}")
        if s.max_steps != 2:
            raise r.fail(f"{where}.values", "a unit needs a reduced and a full side")
        specs[s.id] = s
        setup = g(u, "setup", str, where)
        try:
            setup_hex[s.id] = parse_hex(setup)
        except (MalformedError, ValueError) as e:
            raise r.fail(f"{where}.setup", str(e)) from None
        face = g(u, "start", str, where)
        if face not in ("full", "reduced"):
            raise r.fail(f"{where}.start", f"expected 'full' or 'reduced', found {face!r}")
        pieces.append(Piece(s.id, s.id, UNPLACED, setup, 0, None, face))

    control = g(data, "control", dict, "")
    control_regions = {}
    for side in sides:
        c = g(control, side, dict, "control")
        control_regions[side] = g(c, "region", str, f"control.{side}")

    formations = {}
    for side, rows in g(data, "formations", dict, "").items():
        if side not in sides or not isinstance(rows, list):
            raise r.fail(f"formations.{side}", "expected a side and a list of formations")
        for j, row in enumerate(rows):
            g(row, "name", str, f"formations.{side}[{j}]")
            g(row, "colour", str, f"formations.{side}[{j}]")
        formations[side] = tuple(rows)

    markers = tuple(g(data, "markers", list, ""))
    for i, m in enumerate(markers):
        g(m, "id", str, f"markers[{i}]")

    off = g(data, "offensives", dict, "")
    for k in ("per_side", "max_available", "support_shift"):
        g(off, k, int, "offensives")
    avail = g(off, "start_available", dict, "offensives")
    for side in sides:
        n = g(avail, side, int, "offensives.start_available")
        if not 0 <= n <= off["max_available"]:
            raise r.fail(f"offensives.start_available.{side}", f"{n} is outside 0..{off['max_available']}")
    g(off, "lead_types", list, "offensives")

    post = g(data, "postures", dict, "")
    order = g(post, "order", list, "postures")
    phases = g(post, "phases", dict, "postures")
    mods = g(post, "modifiers", dict, "postures")
    for name in order:
        g(phases, name, list, "postures.phases")
        for side in sides:
            m = g(g(mods, side, dict, "postures.modifiers"), name, dict, f"postures.modifiers.{side}")
            g(m, IRP, int, f"postures.modifiers.{side}.{name}")
            g(m, ARP, int, f"postures.modifiers.{side}.{name}")
    g(post, "free_step_up", int, "postures")
    er = g(post, "emergency_reaction", dict, "postures")
    for k in ("own", "other", "becomes"):
        if g(er, k, str, "postures.emergency_reaction") not in order:
            raise r.fail(f"postures.emergency_reaction.{k}", f"{er[k]!r} is not a posture")

    track = []
    rows = g(data, "turn_track", list, "")
    if len(rows) != len(labels):
        raise r.fail("turn_track", f"{len(rows)} entries for {len(labels)} turns")
    for i, t in enumerate(rows):
        where = f"turn_track[{i}]"
        label = str(g(t, "turn", str, where))
        if label != labels[i]:
            raise r.fail(f"{where}.turn", f"expected turn {labels[i]!r} here, found {label!r}")
        reps = g(t, "replacements", dict, where)
        points = {}
        for side in sides:
            rp = g(reps, side, dict, f"{where}.replacements")
            points[side] = {IRP: g(rp, IRP, int, f"{where}.replacements.{side}"),
                            ARP: g(rp, ARP, int, f"{where}.replacements.{side}")}
        added = g(t, "offensives_added", dict, where)
        forts = g(t, "fortifications", list, where)
        hist = g(t, "historical_posture", (dict, type(None)), where, None)
        track.append(TrackTurn(i + 1, label, str(g(t, "date", str, where, "")), g(t, "mud", bool, where), points,
                               {side: g(added, side, int, f"{where}.offensives_added") for side in sides},
                               tuple(str(f) for f in forts), hist))

    mud = g(data, "mud_roll", dict, "", {"rolls": {}})
    mud_rolls = {}
    for label, rolls in g(mud, "rolls", dict, "mud_roll").items():
        turn_no(label, f"mud_roll.rolls.{label}")
        if not isinstance(rolls, list) or not all(isinstance(x, int) and 1 <= x <= 6 for x in rolls):
            raise r.fail(f"mud_roll.rolls.{label}", "expected a list of die rolls 1-6")
        mud_rolls[str(label)] = tuple(rolls)

    vic = g(data, "victory", dict, "")
    sd = g(vic, "sudden_death", dict, "victory")
    g(sd, "controls", str, "victory.sudden_death")
    mc = g(vic, "major_cities", dict, "victory")
    for k in mc:
        g(mc, k, list, "victory.major_cities")
    levels = g(vic, "levels", list, "victory")
    for j, lv in enumerate(levels):
        g(lv, "level", str, f"victory.levels[{j}]")

    so = g(data, "strategic_objective", dict, "")
    so_start = g(so, "start", dict, "strategic_objective")
    try:
        parse_hex(g(so_start, "hex", str, "strategic_objective.start"))
    except (MalformedError, ValueError) as e:
        raise r.fail("strategic_objective.start.hex", str(e)) from None
    g(g(so, "flip", dict, "strategic_objective"), "move_to", str, "strategic_objective.flip")
    g(g(so, "russian", dict, "strategic_objective"), "targets", list, "strategic_objective.russian")

    adjustments = tuple(g(data, "setup_adjustments", list, "", []))
    for j, a in enumerate(adjustments):
        where = f"setup_adjustments[{j}]"
        if g(a, "side", str, where) not in sides:
            raise r.fail(f"{where}.side", f"unknown side {a['side']!r}")
        act = g(a, "action", str, where)
        if act == "add_steps":
            g(a, "infantry", int, where)
            g(a, "armor", int, where)
        elif act != "all_full":
            raise r.fail(f"{where}.action", f"unknown adjustment {act!r} (all_full or add_steps)")

    camp = Campaign(
        labels=labels, start_turn=start, last_turn=last, first_player=first,
        stacking_limit=g(data, "stacking_limit", int, "", 1), track=tuple(track), control_regions=control_regions,
        formations=formations, markers=markers, offensives=off, postures=post, mud_roll=mud_rolls,
        victory=vic, strategic_objective=so, setup_adjustments=adjustments, setup_hex=setup_hex)
    dates = {t.number: t.date for t in track}
    return Scenario(
        game=g(data, "game", str, ""), id=g(data, "scenario", str, ""), title=g(data, "title", str, ""),
        map=g(data, "map", str, ""), turns=last, sides=sides, specs=specs, pieces=tuple(pieces), pools={},
        setup_order=tuple(g(data, "setup_order", list, "", list(side_ids))), setup_areas=(),
        replacements={}, dates=dates, support={}, control={}, victory={}, source=str(p),
        extra={"campaign": camp, "map_loader": g(data, "map_loader", dict, "", {})})
