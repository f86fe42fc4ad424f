"""The board: what is where on a map. Queries only; rules live in the game packages."""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any

from .hexgrid import Hex, Hexside, Layout, hex_name, neighbors


@dataclass(frozen=True)
class Place:
    """A named place on the map (a city, a major city …)."""

    name: str
    hex: Hex
    kind: str  # "city", "major_city"
    provenance: str = ""
    # the map object's other custom properties (e.g. a town's size and victory points),
    # read only; not part of the hash, so a Place stays usable as a key
    props: Mapping[str, object] = field(default_factory=lambda: MappingProxyType({}), hash=False)


@dataclass(frozen=True)
class HexsideFeature:
    """A river, major river or rail line, and the hexsides it follows or crosses."""

    kind: str  # "river", "major_river", "rail"
    name: str
    hexsides: tuple[Hexside, ...]
    provenance: str = ""
    points: tuple[tuple[float, float], ...] = ()  # the drawing, in map pixels


@dataclass(frozen=True)
class Zone:
    """A named group of hexes with properties: a fortification belt, a set-up area …"""

    kind: str
    name: str
    hexes: frozenset[Hex]
    props: Mapping[str, object] = field(default_factory=dict)


@dataclass
class Board:
    """Terrain per hex, hexside features, places, set-up marks, friendly edges, regions."""

    width: int
    height: int
    terrain: dict[Hex, str]
    features: list[HexsideFeature] = field(default_factory=list)
    places: dict[Hex, Place] = field(default_factory=dict)
    marks: dict[Hex, tuple[str, ...]] = field(default_factory=dict)
    edges: dict[str, frozenset[Hex]] = field(default_factory=dict)
    regions: dict[str, frozenset[Hex]] = field(default_factory=dict)
    zones: list[Zone] = field(default_factory=list)
    hex_values: dict[str, dict[Hex, object]] = field(default_factory=dict)  # e.g. "height" -> {hex: 2}
    # Results that depend only on this board (and the scenario played on it): movement
    # graphs, reach, set-up searches. Shared by every game opened on the board.
    cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)
    layout: Layout = field(default_factory=Layout)
    properties: Mapping[str, object] = field(default_factory=dict)
    source: str = ""

    def __post_init__(self) -> None:
        # Precomputed tables: the hot loops (movement, ZOC, retreat) only do dict lookups.
        self._adj: dict[Hex, tuple[Hex, ...]] = {
            h: tuple(n for n in neighbors(h) if n in self.terrain) for h in self.terrain
        }
        self._side_kinds: dict[Hexside, frozenset[str]] = {}
        kinds: dict[Hexside, set[str]] = {}
        for f in self.features:
            for s in f.hexsides:
                kinds.setdefault(s, set()).add(f.kind)
        self._side_kinds = {s: frozenset(k) for s, k in kinds.items()}
        # (from, to) -> kinds, both directions, so lookups need no sorting.
        self._pair_kinds: dict[tuple[Hex, Hex], frozenset[str]] = {}
        for s, k in self._side_kinds.items():
            self._pair_kinds[(s.a, s.b)] = k
            self._pair_kinds[(s.b, s.a)] = k
        self._rail_hexes = frozenset(h for s, k in self._side_kinds.items() if "rail" in k for h in (s.a, s.b))
        self._marked: dict[str, frozenset[Hex]] = {}
        for h, ms in self.marks.items():
            for m in ms:
                self._marked[m] = self._marked.get(m, frozenset()) | {h}

    # --- queries -------------------------------------------------------------
    def __contains__(self, h: object) -> bool:
        return h in self.terrain

    @property
    def hexes(self) -> list[Hex]:
        return sorted(self.terrain)

    def adjacent(self, h: Hex) -> tuple[Hex, ...]:
        """On-map neighbours of ``h``."""
        return self._adj.get(h, ())

    def side_kinds(self, a: Hex, b: Hex) -> frozenset[str]:
        """Features on the hexside between two adjacent hexes."""
        return self._pair_kinds.get((a, b), frozenset())

    def has_side(self, a: Hex, b: Hex, kind: str) -> bool:
        return kind in self._pair_kinds.get((a, b), ())

    def is_rail_hex(self, h: Hex) -> bool:
        return h in self._rail_hexes

    def hexes_marked(self, mark: str) -> frozenset[Hex]:
        return self._marked.get(mark, frozenset())

    def place_at(self, h: Hex) -> Place | None:
        return self.places.get(h)

    def place_named(self, name: str) -> Place | None:
        for p in self.places.values():
            if p.name == name:
                return p
        return None

    def in_region(self, h: Hex, region: str) -> bool:
        return h in self.regions.get(region, frozenset())

    def describe(self, h: Hex) -> str:
        """Short human text for a hex: id, terrain (its id in words) and place name."""
        p = self.places.get(h)
        t = self.terrain.get(h, "off map").replace("_", " ")
        return f"{hex_name(h)} {t}" + (f", {p.name}" if p else "")
