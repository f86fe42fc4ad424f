"""Order objectives (TCS-lite §16, 1.10): the hexes an order's objective names (preset
areas, hex names, the looting limit) and the distance fields the no-orders and order-movement
rules measure with (``orders.py``). Mixin for BWRules."""
from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ...core.hexgrid import Hex, neighbors, to_cube
from ...core.units import ON_MAP
from .graphic import along_field, along_sources, arrow_line

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

# 1.10: the named areas an objective may be given as, besides hex names
PRESETS = ("here", "trenches", "krasni_bor", "el_bastion", "hospital", "station", "mill", "staraia_myza",
           "trenches_east", "trenches_west")


class Objectives(_Rules):
    # --- objectives ------------------------------------------------------------------------
    def preset_hexes(self, name: str) -> frozenset[Hex]:
        cache = self.__dict__.setdefault("_presets", {})
        if name not in cache:
            b = self.board
            zones = {"el_bastion": "el_bastion", "hospital": "hospital", "station": "station", "mill": "mill"}
            if name == "trenches":
                hs = self.trench_hexes
            elif name in zones:
                hs = frozenset().union(*[z.hexes for z in b.zones if z.kind == zones[name]] or [frozenset()])
            elif name == "krasni_bor":
                hs = frozenset(b.regions.get("Krasni Bor", frozenset()))
            elif name in ("trenches_east", "trenches_west"):
                # Scen. 3: trench hexes east / west of the October Railroad (the Scen. 1 area
                # is sheet B east of the railway, inclusive)
                east = frozenset(b.regions.get("Scenario 1 area", frozenset()))
                hs = frozenset(h for h in self.trench_hexes if (h in east) == (name == "trenches_east"))
            elif name == "staraia_myza":
                hs = frozenset(b.regions.get("Staraia Myza", frozenset()))
            elif name in self.scen.objectives:
                hs = frozenset(self.ids.parse(x) for x in self.scen.objectives[name])
            else:
                hs = frozenset()
            cache[name] = frozenset(h for h in hs if h in self.area)
        return cache[name]

    def objective_names(self, text: str, side: str, members, state=None) -> list[str]:
        """Hex names of an objective: a preset, 'here' (the members' hexes now) or ids."""
        if text == "here":
            if state is None:
                return []
            hs = {state.units[u].hex for f in members for u in self.formation_units(f, side)
                  if state.units[u].where == ON_MAP}
            return sorted(self.ids.name(h) for h in hs)
        memo = self.__dict__.setdefault("_objective_names_memo", {})
        got = memo.get(text)
        if got is None:  # everything but 'here' depends on the text alone: built once
            got = memo[text] = tuple(self._objective_names(text))
        return list(got)

    def _name_hex(self, name: str) -> Hex:
        """ids.parse of a hex name the engine wrote itself, kept (the set checks ask often)."""
        memo = self.__dict__.setdefault("_name_hex_memo", {})
        h = memo.get(name)
        if h is None:
            h = memo[name] = self.ids.parse(name)
        return h

    def _objective_names(self, text: str) -> list[str]:
        out = []
        for part in text.split("+"):  # presets and hex ids, joined by '+'
            if part in PRESETS or part in self.scen.objectives:
                out += [self.ids.name(h) for h in self.preset_hexes(part)]
                continue
            h = self._parse(part)
            if h is None:
                raise ValueError(part)
            out.append(self.ids.name(h))
        return sorted(set(out))

    def looting_limit(self) -> frozenset[Hex]:
        """2.1f: hexes no more than 5 rows south of the second trench line of their column
        (columns without a second-line hex use the nearest column that has one; Decision 24)."""
        if "_looting" not in self.__dict__:
            last: dict[int, int] = {}
            for h, line in self.ter.trench.items():
                if line == 2:
                    last[h.col] = max(last.get(h.col, 0), h.row)
            cols = sorted(last)
            out = set()
            for h in self.board.terrain:
                if not cols:
                    out.add(h)
                    continue
                c = min(cols, key=lambda x: (abs(x - h.col), x))
                if h.row <= last[c] + 5:
                    out.add(h)
            self.__dict__["_looting"] = frozenset(out)
        return self.__dict__["_looting"]

    def objective(self, order: dict) -> frozenset[Hex]:
        key = order.get("objective")
        if isinstance(key, str):  # an order read straight from a scenario (older callers)
            return self.trench_hexes if key == "trenches" else self.preset_hexes(key)
        assert key is not None, "every order has an objective (set where the order is made)"
        cache = self.__dict__.setdefault("_obj_hexes", {})
        if key not in cache:
            cache[key] = frozenset(self.ids.parse(n) for n in key)
        return cache[key]

    def near_objective(self, order: dict, h: Hex) -> int:
        """Hexes to the nearest objective hex (a table per objective, built once per rules)."""
        return self.objective_table(order).get(h, 0)

    def objective_table(self, order: dict) -> dict[Hex, int]:
        """``near_objective``'s table of the order's objective (read it with ``.get(h, 0)``)."""
        tables = self.__dict__.setdefault("_objective_distance", {})
        key = order.get("objective")
        got = tables.get(key)
        if got is None:
            got = tables[key] = self.distance_field(self.objective(order))
        return got

    # --- an order's graphic (§16.6): its route drawn as an arrow to the objective ------------
    def route_hexes(self, order: dict) -> tuple[Hex, ...]:
        """The route's waypoints (none for an order drawn without one)."""
        return tuple(self._name_hex(n) for n in order.get("route") or ())

    def arrow_of(self, order: dict) -> tuple[Hex, ...]:
        """Every hex of the order's drawn line, first waypoint to objective (() without a route)."""
        key = (order.get("objective"), order.get("route"))
        cache = self.__dict__.setdefault("_arrows", {})
        if key not in cache:
            cache[key] = arrow_line(self.route_hexes(order), self.objective(order)) if order.get("route") else ()
        return cache[key]

    def along_graphic(self, order: dict, h: Hex) -> int:
        """Hexes along the order's graphic from ``h`` to the objective: to the nearest point of
        the drawn line (or objective hex), plus the line left from there. Without a route the
        graphic is the objective alone: this is ``near_objective``."""
        if not order.get("route"):
            return self.near_objective(order, h)
        key = (order.get("objective"), order.get("route"))
        tables = self.__dict__.setdefault("_along", {})
        if key not in tables:
            line = self.arrow_of(order)
            tables[key] = along_field(along_sources(line, self.objective(order)), self._adj_around(line))
        return tables[key].get(h, 0)

    def off_route(self, order: dict, h: Hex) -> int | None:
        """Hexes from ``h`` to the nearest hex of the drawn line; None without a route."""
        if not order.get("route"):
            return None
        line = self.arrow_of(order)
        tables = self.__dict__.setdefault("_off_route", {})
        if line not in tables:
            tables[line] = self.distance_field(frozenset(line))
        return tables[line].get(h, 0)

    def _adj_around(self, targets) -> dict[Hex, tuple[Hex, ...]]:
        """The neighbours within the board's box (plus 2 hexes, and ``targets``), as
        ``distance_field`` walks them."""
        board = self.board.terrain
        cols = [h.col for h in board] + [h.col for h in targets]
        rows = [h.row for h in board] + [h.row for h in targets]
        return self._box_neighbours(min(cols) - 2, max(cols) + 2, min(rows) - 2, max(rows) + 2)

    def distance_field(self, targets) -> dict[Hex, int]:
        """Hex of the board -> hex distance to the nearest of ``targets`` (0 everywhere when
        there is none). Kept per board and target set (the answers are shared: never change
        them): the orders of a scenario share a few objectives, and a first Action Phase
        listing would otherwise walk the whole map once for each (S6: 15 % of it)."""
        board = self.board.terrain
        if not targets:
            return dict.fromkeys(board, 0)
        store = self.board.cache.setdefault("bw_distance_fields", {})
        key = frozenset(targets)
        got = store.get(key)
        if got is None:
            if len(store) > 256:  # a computer player asks about sets of its own: bounded
                store.clear()
            got = store[key] = self._distance_array(key)
        return got

    def _distance_array(self, targets: frozenset[Hex]) -> dict[Hex, int]:
        """``distance_field`` with numpy: the cube distance (``core.hexgrid.distance``) from
        every board hex to every target, the least of each row; the same integers as the
        breadth-first walk ``distance_field_plain``, which the tests compare it with."""
        hexes, q, r = self._board_cubes()
        tq, tr = _cubes(sorted(targets))
        best = None
        for k in range(0, len(tq), 256):  # at most 256 targets a pass: a bounded table
            dq = q[:, None] - tq[None, k:k + 256]
            dr = r[:, None] - tr[None, k:k + 256]
            d = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)).min(axis=1)
            best = d if best is None else np.minimum(best, d)
        assert best is not None
        return dict(zip(hexes, best.tolist()))

    def _board_cubes(self):
        """(the board's hexes in its order, their cube q and r as arrays), once per board."""
        got = self.board.cache.get("bw_board_cubes")
        if got is None:
            hexes = list(self.board.terrain)
            q, r = _cubes(hexes)
            got = self.board.cache["bw_board_cubes"] = (hexes, q, r)
        return got

    def distance_field_plain(self, targets) -> dict[Hex, int]:
        """The reference ``distance_field`` must equal: a breadth-first walk over the unbounded
        grid, kept to the board's bounding box plus a margin of two hexes (a shortest hex path
        never strays more than one hex from the straight line between its ends)."""
        board = self.board.terrain
        if not targets:
            return dict.fromkeys(board, 0)
        cols = [h.col for h in board] + [h.col for h in targets]
        rows = [h.row for h in board] + [h.row for h in targets]
        c0, c1, r0, r1 = min(cols) - 2, max(cols) + 2, min(rows) - 2, max(rows) + 2
        adj = self._box_neighbours(c0, c1, r0, r1)
        got = dict.fromkeys(targets, 0)
        ring, d = list(got), 0
        while ring:
            d += 1
            nxt = []
            for h in ring:
                for n in adj[h]:
                    if n not in got:
                        got[n] = d
                        nxt.append(n)
            ring = nxt
        return {x: got[x] for x in board}

    def order_tables(self, orders: dict) -> None:
        """The distance tables of these orders' objectives and graphics (§16.6, §16.7), built
        when the game is opened instead of in the first Action Phase's listing."""
        h = next(iter(self.board.terrain))
        for o in orders.values():
            if o.get("objective"):
                self.near_objective(o, h)
                self.along_graphic(o, h)

    def _box_neighbours(self, c0: int, c1: int, r0: int, r1: int) -> dict[Hex, tuple[Hex, ...]]:
        """Hex of the box -> its neighbours inside the box, in ``neighbors`` order (built once
        per box: the walks of ``distance_field`` then create no hexes)."""
        store: dict[tuple[int, int, int, int], dict[Hex, tuple[Hex, ...]]] = self.__dict__.setdefault("_box_adj", {})
        box = (c0, c1, r0, r1)
        got = store.get(box)
        if got is None:
            got = store[box] = {}
            for c in range(c0, c1 + 1):
                for r in range(r0, r1 + 1):
                    h = Hex(c, r)
                    got[h] = tuple(n for n in neighbors(h) if c0 <= n.col <= c1 and r0 <= n.row <= r1)
        return got


def _cubes(hexes) -> tuple[np.ndarray, np.ndarray]:
    """The cube q and r of ``hexes`` as integer arrays."""
    qr = np.array([to_cube(h)[:2] for h in hexes], dtype=np.int64).reshape(-1, 2)
    return qr[:, 0], qr[:, 1]
