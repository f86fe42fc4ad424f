"""Exiting the map (BW 5.0): a Soviet unit in the map-edge hexrow of an Entry Area (A-H) of the
play area leaves play by paying one MP, after a move into that row in the same action or from
where it stands. Nobody else leaves the map (TCS-lite §7.7, Decision 25, decision BW-E1).

Notation: ``exit <unit>`` (from the edge hex it stands in) or ``exit <unit> <hex> ...`` (a
move along those hexes, ending in an edge hex, then the exit MP).

Exited units are off the map for good (``where`` LOST) but are not "lost units" of 5.0: they
are recorded in ``state.extra['exited']`` as ``uid -> (entry area letter or '', steps)`` so
the campaign victory (5.1) can ask which formations left intact through Entry Areas E-H
(decisions BW-E1 ... BW-E4 in docs/black-wednesday/rules-decisions.md).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.actions import Event, Move, register_verb
from ...core.errors import Illegal, MalformedError
from ...core.hexgrid import Hex, hex_name, parse_hex
from ...core.units import LOST, ON_MAP

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

ENTRY_AREAS = tuple("ABCDEFGH")
INTACT = 0.8  # 5.0: 80% or more of the original steps


@dataclass(frozen=True)
class Exit:
    unit: str
    path: tuple[Hex, ...] = ()

    def notation(self) -> str:
        return " ".join(["exit", self.unit, *(hex_name(h) for h in self.path)])


def _exit(args):
    if not args:
        raise MalformedError("exit needs a unit (and, to move first, the hexes of its path)")
    return Exit(args[0], tuple(parse_hex(a) for a in args[1:]))


register_verb("exit", _exit)


class Exits(_Rules):
    """Mixin for BWRules."""

    # --- where ------------------------------------------------------------------------------
    @property
    def edge_hexes(self) -> frozenset[Hex]:
        """5.0: the map-edge hexrow of the play area (hexes with a side off the board; the seam
        of the two sheets is no edge)."""
        got = self.__dict__.get("_edge_hexes")
        if got is None:
            got = frozenset(h for h in self.area if len(self.board.adjacent(h)) < 6)
            self.__dict__["_edge_hexes"] = got
        return got

    @property
    def exit_hexes(self) -> frozenset[Hex]:
        """Decision 25 (BW-E1): the edge hexes a unit may leave by, those of an Entry Area A-H
        (the areas 1.10h and 5.1 count exits through)."""
        got = self.__dict__.get("_exit_hexes")
        if got is None:
            got = frozenset(h for h in self.edge_hexes if self.exit_area(h))
            self.__dict__["_exit_hexes"] = got
        return got

    def _edge_distance(self) -> dict[Hex, int]:
        """Hexes of the play area -> steps to the nearest exit hex (a cheap filter for listing)."""
        got = self.__dict__.get("_edge_dist")
        if got is None:
            got = {h: 0 for h in self.exit_hexes}
            ring = list(self.exit_hexes)
            while ring:
                nxt = []
                for h in ring:
                    for n in self.board.adjacent(h):
                        if n in self.area and n not in got:
                            got[n] = got[h] + 1
                            nxt.append(n)
                ring = nxt
            self.__dict__["_edge_dist"] = got
        return got

    def exit_area(self, h: Hex) -> str:
        """The Entry Area (1.10g/h letters A-H) an edge hex belongs to, or '' for none."""
        for k in ENTRY_AREAS:
            if h in self.board.regions.get(f"Entry Area {k}", frozenset()):
                return k
        return ""

    # --- listing ----------------------------------------------------------------------------
    def _path_cost(self, uid: str, start: Hex, path) -> float:
        cost, prev, step = 0.0, start, self._cost_fn(uid)
        for h in path:
            c = step(prev, h)
            if c is None:
                return float("inf")
            cost += c
            prev = h
        return cost

    def exit_actions(self, state, u) -> list[Exit]:
        """5.0: the exits open to a unit now (called from ``_unit_actions``)."""
        if u.where != ON_MAP or u.id in state.extra.get("acted", frozenset()):
            return []
        mp, _ma = self.mp_of(state, u.id)
        if mp < 1 or self._edge_distance().get(u.hex, 99) > mp:
            return []
        if self._exit_refusal(state, u.id) is not None:
            return []
        # the list depends on the reach answer (shared across states for equal inputs), the
        # unit's hex and its MP only: kept with that answer, as moves_of keeps its moves
        r = self.reach(state, u.id)
        memo = self._reach_store()
        key = ("exits", u.id, id(r), u.hex, mp)
        got = memo.get(key)
        if got is None or got[0] is not r:
            edge = self.exit_hexes
            out = [Exit(u.id)] if u.hex in edge else []
            for dest in sorted(d for d in r if d in edge):
                path = r[dest]
                if self._path_cost(u.id, u.hex, path) + 1 <= mp + 1e-9:
                    out.append(Exit(u.id, tuple(path)))
            got = memo[key] = (r, out)
        return got[1]

    # --- check ------------------------------------------------------------------------------
    def _exit_refusal(self, state, uid: str) -> Illegal | None:
        if self.side_of(uid) != "soviet":
            return Illegal("5.0", f"only Soviet units leave the map, through the Entry Areas A-H: {uid} stays in "
                                  "play (TCS-lite §7.7, Decision 25)")
        if self.status(state, uid) == "P":
            return Illegal("5.0", f"{uid} is Paralyzed and cannot spend the MP to leave the map")
        if uid in state.extra.get("reserve", frozenset()):
            return Illegal("5.0", f"{uid} is a reserve not yet released: it does not move, so it cannot exit")
        if self.carrier_of(state, uid):
            return Illegal("5.0", f"{uid} rides a vehicle: unload it first, or it stays with its carrier")
        if self.riders_of(state, uid):
            return Illegal("5.0", f"{uid} carries riders: unload them before it leaves the map")
        if self.spec(uid).ma <= 0:
            return Illegal("5.0", f"{uid} has no movement allowance, so it cannot pay the MP to leave")
        return None

    def check_exit(self, state, a: Exit) -> Illegal | None:
        u = state.units.get(a.unit)
        if u is None or u.where != ON_MAP:
            return Illegal("5.0", f"{a.unit} is not on the map")
        if u.id in state.extra.get("acted", frozenset()):
            return Illegal("5.0", f"{u.id} has already acted this phase (Decision 5): it exits in a later phase")
        why = self._exit_refusal(state, u.id)
        if why:
            return why
        mp, _ma = self.mp_of(state, u.id)
        if not a.path:
            if u.hex not in self.edge_hexes:
                return Illegal("5.0", f"{u.id} is not in the map-edge hexrow of the play area: move there first")
            if u.hex not in self.exit_hexes:
                return self._no_area(u.hex)
            if mp < 1:
                return Illegal("5.0", f"{u.id} has {mp:g} MP now (Fire Mode halves it); leaving costs 1 MP")
            return None
        if a.path[-1] not in self.edge_hexes:
            return Illegal("5.0", f"the path ends in {hex_name(a.path[-1])}, which is not a map-edge hex")
        if a.path[-1] not in self.exit_hexes:
            return self._no_area(a.path[-1])
        why = self.check_move(state, Move(u.id, a.path))
        if why:
            return why
        cost = self._path_cost(u.id, u.hex, a.path)
        if cost + 1 > mp + 1e-9:
            return Illegal("5.0", f"the move costs {cost:g} MP and leaving 1 more; {u.id} has {mp:g} MP")
        return None

    def _no_area(self, h: Hex) -> Illegal:
        return Illegal("5.0", f"{hex_name(h)} is on the map edge but in no Entry Area: units leave only through "
                              "the edge hexes of Entry Areas A-H (TCS-lite §7.7, Decision 25)")

    # --- apply ------------------------------------------------------------------------------
    def do_exit(self, state, a: Exit, dice) -> list[Event]:
        ev: list[Event] = []
        if a.path:
            ev += self.do_move(state, Move(a.unit, a.path), dice)  # overwatch may stop it (§10)
            u = state.units[a.unit]
            if u.where != ON_MAP or u.hex != a.path[-1] or self.status(state, a.unit):
                return ev + [Event("exit", f"{a.unit} was stopped before it could leave the map (5.0)")]
        u = state.units[a.unit]
        area = self.exit_area(u.hex)
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {u.id}
        state.units[u.id] = u.at(None, LOST)
        state.touch()
        exited = dict(state.extra.get("exited", {}))
        exited[u.id] = (area, u.steps)
        state.extra["exited"] = exited
        for key in ("status", "mode"):
            d = dict(state.extra.get(key, {}))
            d.pop(u.id, None)
            state.extra[key] = d
        state.extra["dug"] = state.extra.get("dug", frozenset()) - {u.id}
        where = f"through Entry Area {area}" if area else "off the map edge"
        return ev + [Event("exited", f"{u.id} leaves play {where} from {hex_name(u.hex)} with {u.steps} "
                                     f"of {self.spec(u.id).steps} steps (5.0; not a lost unit)",
                           {"unit": u.id, "area": area, "steps": u.steps})]

    # --- for victory ------------------------------------------------------------------------
    def exited_steps(self, state, uids, areas: str = "EFGH") -> int:
        """Steps of these units that left play through the given Entry Areas."""
        ex = state.extra.get("exited", {})
        return sum(ex[x][1] for x in uids if x in ex and ex[x][0] and ex[x][0] in areas)

    def intact_exit(self, state, uids, areas: str = "EFGH") -> bool:
        """5.0 'intact': the steps that left through those areas are 80% or more of the units'
        original steps (their printed steps, before any pre-game loss; decision BW-E2)."""
        uids = list(uids)
        full = sum(self.spec(x).steps for x in uids)
        return bool(uids) and self.exited_steps(state, uids, areas) >= INTACT * full - 1e-9
