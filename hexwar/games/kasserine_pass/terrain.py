"""Kasserine Pass: terrain: step costs (roads, rivers, cliffs, blown bridges) and zones of control
(reaching down a cliff, never up; the zones some units may pass at +2 MP).

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core.hexgrid import Hex
from ...core.pathsearch import Graph
from .common import PASS_TYPES, enemy
from .scenario import KPSpec
from .state import KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class TerrainMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- terrain and movement costs ------------------------------------------
    def is_road(self, a: Hex, b: Hex) -> bool:
        return self.board.has_side(a, b, "road")

    def is_cliff(self, a: Hex, b: Hex) -> bool:
        return self.board.has_side(a, b, "cliff")

    def step_cost(self, frm: Hex, to: Hex, blown: frozenset[Hex] | set[Hex] = frozenset(),
                  rangers: bool = False) -> float | None:
        """MP to step from ``frm`` into ``to``: None across a cliff (KP-CLIFF)."""
        if self.is_cliff(frm, to):
            return None
        if rangers:
            return self.T.ranger_hex_mp  # KP-RANGERS: five hexes whatever the terrain
        if self.is_road(frm, to) and to not in blown:
            # KP-COMBINATION-HEX: arriving along the road is road movement; a blown bridge
            # takes the road away in its hex (KP-ENGINEERS, D10)
            return self.T.road_mp
        return self.terrain_mp[self.board.terrain[to]]  # KP-TERRAIN, KP-RIVER-MOVE

    def _edges(self, blown: frozenset[Hex], rangers: bool) -> dict[Hex, list[tuple[Hex, float]]]:
        key = (blown, rangers)
        e = self._edges_cache.get(key)
        if e is None:
            e = {}
            for h in self.board.terrain:
                lst = []
                for n in self.board.adjacent(h):
                    c = self.step_cost(h, n, blown, rangers)
                    if c is not None:
                        lst.append((n, c))
                e[h] = lst
            self._edges_cache[key] = e
        return e

    def _graph(self, blown: frozenset[Hex], rangers: bool) -> Graph:
        """The edge map of ``_edges`` numbered for the reach search (one per edge map)."""
        key = ("graph", blown, rangers)
        g = self._edges_cache.get(key)
        if g is None:
            g = self._edges_cache[key] = Graph(self._edges(blown, rangers))
        return g

    # --- zones of control ------------------------------------------------------
    def exerts(self, frm: Hex, to: Hex) -> bool:
        """KP-CLIFF, KP-CLIFF-ZOC: a zone reaches down a cliff but not up it."""
        return not (self.is_cliff(frm, to) and self.height[to] > self.height[frm])

    def zoc_sources(self, state: KPState, side: str) -> dict[Hex, list[str]]:
        """Hex -> the ``side`` units whose zone of control covers it. Friendly units of
        the other side never negate it (KP-ZOC, KP-ERRATA-RETREAT-ZOC)."""
        key = ("zoc", side)
        c = state._cache.get(key)
        if c is None:
            pos = self._positions(state, side)
            last = self._zoc_last.get(side)
            c = last[1] if last is not None and last[0] is pos else self._zoc_cache.get(pos)
            if c is None:
                c = {}
                for uid, h in pos:
                    for n in self._zoc_adj[h]:
                        c.setdefault(n, []).append(uid)
                if len(self._zoc_cache) > 16:
                    self._zoc_cache.clear()
                self._zoc_cache[pos] = c
            self._zoc_last[side] = (pos, c)
            state._cache[key] = c
        return c

    def in_ezoc(self, state: KPState, side: str, h: Hex) -> bool:
        return h in self.zoc_sources(state, enemy(side))

    def _may_pass(self, s: KPSpec) -> bool:
        """Could this kind of unit ever move on through an enemy zone?"""
        return ((s.nation == "german" and s.type in PASS_TYPES)
                or (self.opt("italian_zoc")
                    and ((s.nation == "us" and s.type == "armor") or s.nation in ("british", "french"))))

    def _zoc_stops(self, state: KPState, uid: str, s: KPSpec,
                   zs: dict[Hex, list[str]]) -> tuple[Any, dict[Hex, float] | None]:
        """(hexes of enemy zones where this unit must stop, +MP for the zone hexes it may
        pass through). Depends only on the unit's kind and where the enemy stands, so it
        is memoised on those."""
        if not self._may_pass(s):
            return zs, None
        pos = self._positions(state, enemy(self.uside(state, uid)))
        key = (state.units[uid].spec, state.owner.get(uid), id(pos))  # the key holds on to pos: ids stay unique
        hit = self._passable_cache.get(key)
        if hit is None or hit[0] is not pos:
            passable = {h for h, src in zs.items() if self._passable_zoc(state, uid, src)}
            v = ({h for h in zs if h not in passable}, dict.fromkeys(passable, self.T.zoc_pass_mp) or None)
            if len(self._passable_cache) > 256:
                self._passable_cache.clear()
            hit = self._passable_cache[key] = (pos, v)
        out: tuple[Any, dict[Hex, float] | None] = hit[1]
        return out

    def _foe_hexes(self, state: KPState, side: str) -> frozenset[Hex]:
        key = ("foe", side)
        v = state._cache.get(key)
        if v is None:
            pos = self._positions(state, enemy(side))
            last = self._foe_last.get(side)
            if last is not None and last[0] is pos:
                v = last[1]  # the same enemy positions as the last state: the same set
            else:
                v = frozenset(h for _, h in pos)
                self._foe_last[side] = (pos, v)
            state._cache[key] = v
        return v

    def _passable_zoc(self, state: KPState, uid: str, sources: list[str]) -> bool:
        """May this unit move on through a hex in the zone of these enemy units (+2 MP)?"""
        s = self.kspec(state, uid)
        srcs = [self.kspec(state, e) for e in sources]
        # KP-AMERICAN-ZOC: German panzer, panzer grenadier and recon through American infantry
        if s.nation == "german" and s.type in PASS_TYPES:
            if all(e.nation == "us" and e.type == "infantry" and not (e.rangers and self.opt("rangers_zoc"))
                   for e in srcs):
                return True  # KP-OPT-RANGERS-ZOC: with the option, Rangers' zones hold
        # KP-OPT-ITALIAN-ZOC: American armor and all British and French units through Italian infantry
        if self.opt("italian_zoc") and ((s.nation == "us" and s.type == "armor") or s.nation in ("british", "french")):
            if all(e.nation == "italian" and e.type == "infantry" for e in srcs):
                return True
        return False
