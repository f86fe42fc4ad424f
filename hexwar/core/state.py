"""The state of a match: rule state (units, control) and sequence state (turn, phase, stage).

State is plain data. ``copy()`` is cheap (units are frozen values shared between
copies), so every applied action makes a new State and undo is a history list.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from operator import attrgetter
from typing import Any

from .hexgrid import Hex, hex_name
from .units import ON_MAP, Unit


@dataclass(frozen=True)
class Battle:
    """A declared battle: the defending hex and the units attacking it; an Offensive
    adds its lead unit and the second-echelon supporters (not adjacent to the target)."""

    target: Hex
    attackers: tuple[str, ...]
    lead: str | None = None
    support: tuple[str, ...] = ()


@dataclass(frozen=True)
class Stage:
    """A pending sub-step that must be settled before play goes on.

    ``kind`` names it (``roll``, ``defender_loss``, ``exchange_loss``,
    ``attacker_loss``, ``retreat``, ``advance``, ``overstack``); ``side`` is who
    decides; ``data`` carries its figures.
    """

    kind: str
    side: str
    target: Hex | None = None
    data: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.data:
            if k == key:
                return v
        return default

    @property
    def target_hex(self) -> Hex:
        """The hex the stage is about, for a stage that has one (every battle step does)."""
        if self.target is None:
            raise ValueError(f"the {self.kind} step is about no hex")
        return self.target

    def with_(self, **kw: Any) -> Stage:
        d = dict(self.data)
        d.update(kw)
        return Stage(self.kind, self.side, self.target, tuple(sorted(d.items())))


@dataclass
class State:
    turn: int
    phase: str
    units: dict[str, Unit]
    control: dict[Hex, str] = field(default_factory=dict)
    stage: Stage | None = None
    moved: set[str] = field(default_factory=set)
    battles: list[Battle] = field(default_factory=list)  # declared this phase
    resolved: list[Hex] = field(default_factory=list)  # targets already resolved
    declared: bool = False  # battle declarations are closed (10.0 commitment)
    attacked: set[str] = field(default_factory=set)  # units that fought this phase
    steps_left: int = 0  # replacement steps not yet spent this phase
    rebuilt: set[str] = field(default_factory=set)  # units brought back this phase (12.1)
    mech_rebuilt_turn: int = 0  # last turn a mech corps was rebuilt (12.0)
    support_used: set[str] = field(default_factory=set)  # air support this turn (10.5)
    special: dict[str, str] = field(default_factory=dict)  # unit -> special movement mode (9.4)
    origin: dict[str, Hex] = field(default_factory=dict)  # where each unit was set up (10.8)
    result: Any = None
    # Game-specific values (postures, markers …). Replace a value, never change it in place:
    # copies share them.
    extra: dict[str, Any] = field(default_factory=dict)
    # Queries on this state (units_at, zones, reach ...), keyed by the asker; see touch().
    _cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    def copy(self) -> State:
        new = State.__new__(State)
        for f in fields(self):
            v = getattr(self, f.name)
            if f.name == "_cache":
                v = {}
            elif isinstance(v, (dict, list, set)):
                v = v.copy()
            setattr(new, f.name, v)
        return new

    # --- common queries (cached per state: a state is never changed after it is shown) ---
    def units_at(self, h: Hex) -> list[Unit]:
        idx: dict[Hex | None, list[Unit]] | None = self._cache.get("at")
        if idx is None:
            idx = {}
            for u in self.units.values():
                if u.where == ON_MAP:
                    idx.setdefault(u.hex, []).append(u)
            for lst in idx.values():
                if len(lst) > 1:  # most hexes hold one unit; built after every change (apply speed)
                    lst.sort(key=_BY_ID)
            self._cache["at"] = idx
        return idx.get(h, [])

    def occupied(self) -> dict[Hex, list[Unit]]:
        self.units_at(Hex(0, 0))
        at: dict[Hex, list[Unit]] = self._cache["at"]
        return at

    def touch(self) -> None:
        """Forget cached queries after a change."""
        self._cache.clear()

    def snapshot(self) -> dict[str, Any]:
        """Everything, hidden values included, as plain data (for the digest)."""
        return {
            "turn": self.turn,
            "phase": self.phase,
            "units": {k: _unit_dict(u) for k, u in sorted(self.units.items())},
            "control": {hex_name(h): s for h, s in sorted(self.control.items())},
            "stage": None if self.stage is None else _stage_dict(self.stage),
            "moved": sorted(self.moved),
            "battles": [[hex_name(b.target), list(b.attackers)]
                        + ([b.lead, list(b.support)] if b.lead else []) for b in self.battles],
            "resolved": [hex_name(h) for h in self.resolved],
            "declared": self.declared,
            "attacked": sorted(self.attacked),
            "steps_left": self.steps_left,
            "rebuilt": sorted(self.rebuilt),
            "mech_rebuilt_turn": self.mech_rebuilt_turn,
            "support_used": sorted(self.support_used),
            "special": dict(sorted(self.special.items())),
            "result": None if self.result is None else [self.result.winner, self.result.level],
            **({"extra": _plain(self.extra)} if self.extra else {}),
        }


def _unit_dict(u: Unit) -> dict[str, Any]:
    return {
        "spec": u.spec,
        "where": u.where,
        "hex": hex_name(u.hex) if u.hex else None,
        "steps": u.steps,
        "revealed": u.revealed,
        "arrives": u.arrives,
    }


_BY_ID = attrgetter("id")


def _plain(v: Any) -> Any:
    if isinstance(v, Hex):
        return hex_name(v)
    if isinstance(v, (tuple, list)):
        return [_plain(x) for x in v]
    if isinstance(v, (set, frozenset)):
        return sorted(_plain(x) for x in v)
    if isinstance(v, dict):
        return {str(_plain(k)): _plain(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    return v


def _stage_dict(s: Stage) -> dict[str, Any]:
    return {"kind": s.kind, "side": s.side, "target": hex_name(s.target) if s.target else None,
            "data": {k: _plain(v) for k, v in s.data}}
