"""Kasserine Pass state: the core State plus movement points, carry-over results,
bridges, captured guns and the battles of the current combat phase."""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

from ...core.hexgrid import Hex, hex_name
from ...core.state import State
from ...core.units import ON_MAP, Unit


@dataclass(frozen=True)
class KBattle:
    """One declared attack: the defending units (all of a hex, or a German selection)."""

    target: Hex
    defenders: tuple[str, ...]
    attackers: tuple[str, ...]
    air: bool = False  # Allied air power raised this attack one column


@dataclass(frozen=True)
class Carry:
    """A result that carries over to the next turn (CONTACT or ENGAGED)."""

    kind: str  # "CONTACT" or "ENGAGED"
    attacker_side: str
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    due_side: str  # whose combat phase settles it
    turn: int  # the turn whose combat phase of due_side settles it


# Fields added to the core State; each is copied shallowly (values are immutable).
_EXTRA = ("mp", "hexes_moved", "stopped", "kbattles", "kresolved", "step", "support", "carries",
          "blown", "bridge_used", "owner", "air_used", "air_state", "breakups")


class KPState(State):
    """State with the Kasserine extras. ``copy`` stays shallow, ``snapshot`` complete."""

    def __init__(self, *a: Any, **kw: Any) -> None:
        super().__init__(*a, **kw)
        self.mp: dict[str, float] = {}  # movement points left this phase
        self.hexes_moved: dict[str, int] = {}  # hexes entered this phase (one hex and fight)
        self.stopped: set[str] = set()  # entered an enemy ZOC: no more movement this phase
        self.kbattles: list[KBattle] = []
        self.kresolved: list[int] = []  # indexes of resolved battles
        self.step: str = ""  # combat phase step: declare, defend, resolve
        self.support: dict[str, str] = {}  # battery -> supported unit, this phase
        self.carries: list[Carry] = []
        self.blown: set[Hex] = set()  # bridge hexes destroyed
        self.bridge_used: set[str] = set()  # engineers that blew or built a bridge this turn
        self.owner: dict[str, str] = {}  # captured guns: unit -> new side
        self.air_used: int = 0  # last turn the Allied air power was used
        self.air_state: str = ""  # "", "yes", "no": the optional die roll for air superiority
        self.breakups: dict[str, tuple[str, str]] = {}  # broken-down unit -> its two parts
        self.indexer: Any = None  # the rules' unit index builder (not part of the game state)

    def copy(self) -> KPState:
        # one pass over precomputed names: containers copied shallowly, the rest shared;
        # the core's containers this game never uses are shared too (fewer objects for
        # the garbage collector to walk in the history kept for undo)
        new = KPState.__new__(KPState)
        d, nd = self.__dict__, new.__dict__
        for name in _CONTAINERS:
            nd[name] = d[name].copy()
        for name in _PLAIN:
            nd[name] = d[name]
        nd["_cache"] = {}
        nd["indexer"] = d.get("indexer")
        # A copied state is usually about to become history (undo keeps it): its caches
        # would only slow every garbage collection. Rebound, not cleared: a reader on another
        # thread (the computer player copies the shown state) keeps the dict it holds, and
        # no reader looks a value up again after building it.
        d["_cache"] = {}
        return new

    def occupied(self) -> dict[Hex, list[Unit]]:
        """hex -> its units (the index of ``units_at``), read once."""
        idx = self._cache.get("at")
        if idx is None:
            self.units_at(Hex(0, 0))
            idx = self._cache.get("at")
        return idx if idx is not None else self._index_at()

    def units_at(self, h: Hex) -> list[Unit]:
        idx = self._cache.get("at")
        if idx is None and self.__dict__.get("indexer") is not None:
            self.indexer(self)  # the rules' index (units.py), carried over from the last state
            idx = self._cache.get("at")
        if idx is None:
            idx = self._index_at()
        here: list[Unit] = idx.get(h, [])
        return here

    def _index_at(self) -> dict[Hex, list[Unit]]:
        # the core index, built with one sort of the ids instead of one per hex
        idx: dict[Hex, list[Unit]] = {}
        units = self.units
        for k in sorted(units):
            u = units[k]
            if u.where == ON_MAP:
                h = u.map_hex
                lst = idx.get(h)
                if lst is None:
                    idx[h] = [u]
                else:
                    lst.append(u)
        self._cache["at"] = idx
        return idx

    def snapshot(self) -> dict[str, Any]:
        out = super().snapshot()
        out.update({
            "mp": dict(sorted(self.mp.items())),
            "hexes_moved": dict(sorted(self.hexes_moved.items())),
            "stopped": sorted(self.stopped),
            "kbattles": [[hex_name(b.target), list(b.defenders), list(b.attackers), b.air] for b in self.kbattles],
            "kresolved": list(self.kresolved),
            "step": self.step,
            "support": dict(sorted(self.support.items())),
            "carries": [[c.kind, c.attacker_side, list(c.attackers), list(c.defenders), c.due_side, c.turn]
                        for c in self.carries],
            "blown": sorted(hex_name(h) for h in self.blown),
            "bridge_used": sorted(self.bridge_used),
            "owner": dict(sorted(self.owner.items())),
            "air_used": self.air_used,
            "air_state": self.air_state,
            "breakups": {k: list(v) for k, v in sorted(self.breakups.items())},
        })
        return out


_CORE_NAMES = tuple(f.name for f in fields(State) if f.name != "_cache")
_SAMPLE = KPState(turn=0, phase="", units={})
# Core fields Kasserine never reads or changes (its own battles, moves … are in _EXTRA).
_UNUSED = ("moved", "battles", "resolved", "attacked", "rebuilt", "support_used", "special", "origin", "extra")
_CONTAINERS = tuple(n for n in _CORE_NAMES + _EXTRA
                    if isinstance(getattr(_SAMPLE, n), (dict, list, set)) and n not in _UNUSED)
_PLAIN = tuple(n for n in _CORE_NAMES + _EXTRA if n not in _CONTAINERS)
del _SAMPLE
