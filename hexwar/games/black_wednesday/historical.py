"""Variant 4.3 Purely Historical (option ``historical``, Scenarios 1-3): the historical Prep
Log, divisional boundaries fixed before play (variants.yaml ``historical_sectors``, decision
BW-H2), the German schedule instead of the 3.5 table (batteries.py), and the Spanish Engineer
and Recon companies set up within 5 hexes of the Hospital. A mixin of ``Artillery``."""
from __future__ import annotations

from functools import lru_cache
from typing import TYPE_CHECKING

from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from .tables import _get, _read, tables_dir

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


@lru_cache(maxsize=1)
def variant_tables() -> dict:
    return _read(tables_dir(), "variants")


class Historical(_Rules):
    """Mixin (through Artillery) for BWRules."""

    # --- the sectors ---------------------------------------------------------------------
    def _sectors(self) -> dict[str, frozenset[Hex]]:
        got = self.__dict__.get("_bw_sectors")
        if got is not None:
            return got
        where = tables_dir() / "variants.yaml"
        rows = _get(variant_tables(), "historical_sectors.entries", where)
        out: dict[str, frozenset[Hex]] = {}
        rest = None
        for div, row in rows.items():
            reg = str(row["region"])
            if reg == "rest":
                rest = str(div)
                continue
            if reg not in self.board.regions:
                from ...core.errors import DataError
                raise DataError(where, f"historical_sectors {div}: no region {reg!r} on the map")
            out[str(div)] = frozenset(self.board.regions[reg]) & self.area
        if rest is not None:
            taken = frozenset().union(*out.values()) if out else frozenset()
            out[rest] = frozenset(h for h in self.area if h not in taken)
        self.__dict__["_bw_sectors"] = out
        return out

    def division_hexes(self, div: str) -> frozenset[Hex]:
        """Where a unit of the division may be (4.3): its sector and the hexes containing its
        boundary — shared hexes where two sectors overlap (the railroad), else the hexes on
        both sides where they touch."""
        cache = self.__dict__.setdefault("_bw_allowed", {})
        if div in cache:
            return cache[div]
        secs = self._sectors()
        mine = secs.get(div, frozenset())
        extra: set[Hex] = set()
        for other, hs in secs.items():
            if other == div or hs & mine:
                continue  # overlapping sectors: the shared hexes are already in both
            extra |= {h for h in hs if any(n in mine for n in self.board.adjacent(h))}
        cache[div] = frozenset(mine | extra)
        return cache[div]

    def bound_division(self, uid: str) -> str | None:
        """The division whose sector binds the unit under 4.3 (Soviet units only)."""
        if not self.options.get("historical") or self.side_of(uid) != "soviet":
            return None
        div = self.entry(uid).division or self.scen.division
        return div if div in self._sectors() else None

    def boundary_refusal(self, uid: str, h: Hex, what: str) -> Illegal | None:
        div = self.bound_division(uid)
        if div is None or h in self.division_hexes(div):
            return None
        return Illegal("4.3", f"{hex_name(h)} lies beyond the {div} Division's boundary: no Soviet unit {what} "
                              "across it (Purely Historical)")

    # --- hooks ----------------------------------------------------------------------------
    def check_order_move(self, state, uid: str, start, dest) -> Illegal | None:
        why = self.boundary_refusal(uid, dest, "moves") if dest is not None else None
        return why or super().check_order_move(state, uid, start, dest)

    def unit_areas(self, uid: str) -> frozenset[Hex]:
        """4.3: the Engineer and Recon companies within 5 hexes of the Hospital."""
        hs = super().unit_areas(uid)
        if not self.options.get("historical"):
            return hs
        row = _get(variant_tables(), "historical_setup.entries.near_hospital", tables_dir() / "variants.yaml")
        if self.entry(uid).battalion not in row["battalions"]:
            return hs
        near = frozenset().union(*(z.hexes for z in self.board.zones if z.kind == row["of"]))
        return frozenset(h for h in self.area if any(distance(h, c) <= int(row["within"]) for c in near))

    def prep_fixed(self) -> bool:
        """4.3: the Prep Log is the historical one and cannot be changed."""
        return bool(self.options.get("historical"))
