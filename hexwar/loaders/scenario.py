"""Read a scenario YAML file into a checked ``Scenario``. No pygame.

Only ``yaml.safe_load`` is used, so a file cannot construct Python objects; every
field is type-checked and a problem is reported with the file and the field path.
"""
from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

# The C parser when PyYAML has it (ten times faster); both only build plain data.
_SAFE_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)

from ..core.errors import DataError
from ..core.units import ARRIVING, ELIMINATED, UNPLACED, UnitSpec

MAX_SCENARIO_BYTES = 2_000_000


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


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> DataError:
        return DataError(self.path, f"{where}: {problem}" if where else problem)

    def get(self, d: Any, key: str, kind: type | tuple, where: str, default: Any = ...) -> Any:
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
            raise self.fail(f"{where}.{key}", f"expected {'/'.join(k.__name__ for k in kinds)}, found {type(v).__name__} {v!r}")
        return v

    def values(self, v: Any, where: str) -> tuple[tuple[float, float], ...]:
        if not isinstance(v, list) or not v or len(v) > 2:
            raise self.fail(where, "expected a list of one or two [attack, defense] pairs")
        out = []
        for i, pair in enumerate(v):
            if (not isinstance(pair, list) or len(pair) != 2
                    or not all(isinstance(x, (int, float)) and not isinstance(x, bool) and x >= 0 for x in pair)):
                raise self.fail(f"{where}[{i}]", f"expected [attack, defense] as two numbers, found {pair!r}")
            out.append((pair[0], pair[1]))
        return tuple(out)

    def spec(self, u: Any, where: str, sides: dict) -> UnitSpec:
        g = self.get
        side = g(u, "side", str, where)
        if side not in sides:
            raise self.fail(f"{where}.side", f"unknown side {side!r} (sides: {', '.join(sides)})")
        kind = g(u, "kind", str, where)
        if kind not in ("infantry", "tank"):
            raise self.fail(f"{where}.kind", f"unknown unit kind {kind!r} (infantry or tank)")
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
            provenance=str(g(u, "provenance", (str, int, float), where, "")),
        )


def load_scenario(path: str | os.PathLike) -> Scenario:
    p = Path(path)
    if not p.is_file():
        raise DataError(p, "scenario file not found")
    if p.stat().st_size > MAX_SCENARIO_BYTES:
        raise DataError(p, f"scenario file too large ({p.stat().st_size} bytes)")
    try:
        data = yaml.load(p.read_text(encoding="utf-8"), Loader=_SAFE_LOADER)
    except UnicodeDecodeError:
        raise DataError(p, "not a text file") from None
    except yaml.YAMLError as e:
        raise DataError(p, f"YAML syntax error: {' '.join(str(e).split())}") from None
    r = _Reader(p)
    if not isinstance(data, dict):
        raise r.fail("", "expected a mapping at the top of the file")
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
        if len(ph) != 2 or not all(isinstance(x, int) and not isinstance(x, bool) for x in ph) or not 0 <= ph[0] <= ph[1]:
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
