"""Terrain facts of the Black Wednesday board: movement costs by class (TCS-lite §7), combat
and spotting classes (§6.1, §8.3), and line of sight by heights (§6.2)."""
from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np

from ...core.board import Board
from ...core.hexgrid import Hex, cube_round, distance, to_cube
from .tables import Tables

ROADS = ("road_primary", "road_secondary", "road_tertiary")
EMBANKMENT_M = 80  # 1.2a


def _cost(v, cls: str) -> float | str | None:
    """A cost cell: a number, 'P' (None), or a word (all_ma, road_only, base)."""
    c = v.get(cls) if isinstance(v, dict) else v
    if c == "P" or c is None:
        return None
    if isinstance(c, str) and "/" in c:
        return float(Fraction(c))
    return c if isinstance(c, str) else float(c)


class Terrain:
    """Read-only queries on one board with the game's tables; results cached on the board."""

    def __init__(self, board: Board, tables: Tables) -> None:
        self.board, self.t = board, tables
        self.elev: dict[Hex, Any] = board.hex_values.get("elevation", {})  # metres, numbers in the map
        self.trench = board.hex_values.get("trench", {})
        self.wire = frozenset(board.hex_values.get("wire", {}))
        self.bastion = frozenset(h for z in board.zones if z.kind == "el_bastion" for h in z.hexes)
        self.rail = frozenset(board._rail_hexes)
        self.mill = frozenset(h for h, t in board.terrain.items() if t == "mill")  # 1.1f
        self.hospital = frozenset(h for h, t in board.terrain.items() if t == "hospital")  # 1.1e

    # --- classes --------------------------------------------------------------
    def is_trench(self, h: Hex) -> bool:
        return h in self.trench or h in self.bastion

    def combat_class(self, h: Hex, vehicle: bool, wire_state: int = 0) -> str:
        """§8.3: trench hexes are Protective for non-vehicles (1.3a), vehicles use the base
        class (1.3b); a fully breached wire hex is Open (1.4a)."""
        if h in self.wire and wire_state >= 2:
            return "open"
        if self.is_trench(h) and not vehicle:
            return "protective"
        return self.t.terrain[self.board.terrain[h]]["combat_class"]

    def spotting_class(self, h: Hex, vehicle: bool) -> str:
        if self.is_trench(h) and not vehicle:
            return "protective"  # 1.3a class; vehicles by base terrain (§6.1)
        return self.t.terrain[self.board.terrain[h]]["spotting_class"]

    def no_direct_fire(self, a: Hex, b: Hex) -> bool:
        """1.1f: no direct fire into or out of the Mill (assault fire aside)."""
        return a in self.mill or b in self.mill

    # --- movement -------------------------------------------------------------
    def step_cost(self, a: Hex, b: Hex, cls: str, ma: int, move_mode: bool = True) -> float | None:
        """MP to enter ``b`` from ``a`` (§7.1), wire aside (the rules block unbreached wire).
        None = prohibited."""
        key = ("step", a, b, cls, ma)
        cache = self.board.cache
        if key in cache:
            return cache[key]
        cache[key] = c = self._step_cost(a, b, cls, ma)
        return c

    def cost_reads_ma(self, cls: str) -> bool:
        """Whether ``_step_cost`` reads the MA for this class: only where crossing the embankment
        spends the whole MA (1.2c); for the other classes one graph serves every MA."""
        return _cost(self.t.hex_features["rr_embankment"]["cost_off_line"], cls) == "all_ma"

    def _step_cost(self, a: Hex, b: Hex, cls: str, ma: int) -> float | None:
        kinds = self.board.side_kinds(a, b)
        terr = self.board.terrain[b]
        base = _cost(self.t.terrain[terr]["cost"], cls)
        roads: list[str]
        if b in self.wire:  # a fully breached hex is open terrain (1.4a); roads never help (1.4d)
            base = _cost(self.t.hex_features["wire_fully_breached"]["cost"], cls)
            roads = []
        else:
            roads = [k for k in ROADS if k in kinds]
        if a in self.mill and cls != "foot" and not roads:
            return None  # 1.1f: vehicles leave the Mill by its road as they enter it
        if roads:  # §7.1 road movement along the road
            road_costs: list[float] = []
            for k in roads:
                c = _cost(self.t.hex_features[k]["along_road_cost"], cls)
                assert isinstance(c, float), f"terrain.yaml: {k} along_road_cost for {cls} is a number, not {c!r}"
                road_costs.append(c)
            base = min(road_costs)
        if base is None or isinstance(base, str):
            return None
        cost = float(base)
        along = "rail" in kinds
        if (a in self.rail or b in self.rail) and not along:  # 1.2c across the embankment
            extra = _cost(self.t.hex_features["rr_embankment"]["cost_off_line"], cls)
            if extra is None:
                return None
            if extra == "all_ma":
                return float(ma)
            cost += float(extra)
        for side in ("at_ditch", "izhora_river"):
            if side in kinds:
                extra = _cost(self.t.hexsides[side]["cost"], cls)
                if extra is None:
                    if roads:  # bridges carry the road (terrain.yaml izhora_river.crossing_at_bridge)
                        continue
                    return None
                cost += float(extra)
        if not (a in self.rail or b in self.rail) and self.elev.get(b, 0) > self.elev.get(a, 0):
            up = _cost(self.t.hexsides["contour_uphill"]["cost"], cls)  # T7 contour uphill
            assert isinstance(up, float), f"terrain.yaml: contour_uphill costs {cls} a number, not {up!r}"
            cost += up
        return cost

    # --- line of sight -------------------------------------------------------------
    def ground(self, h: Hex) -> float:
        return EMBANKMENT_M if h in self.rail else float(self.elev.get(h, 0))

    def top(self, h: Hex) -> float:
        """Ground plus obstacle height, when the hex is an LOS obstacle (§6.2)."""
        e = self.t.terrain[self.board.terrain[h]]
        if h in self.rail:
            return EMBANKMENT_M  # 1.2a blocks at 80 m
        return self.ground(h) + (e["obstacle_height_m"] if e.get("los_obstacle") else 0)

    def eye(self, h: Hex) -> float:
        e = self.t.terrain[self.board.terrain[h]]
        return self.ground(h) + (e["obstacle_height_m"] if e.get("vantage") and h not in self.rail else 0)

    def line(self, a: Hex, b: Hex) -> tuple[bool, tuple[Hex, ...]]:
        """(blocked by terrain, the hexes between) for the line a→b, cached (§6.2)."""
        key = ("los", a, b)
        cache = self.board.cache
        got = cache.get(key)
        if got is None:
            cache[key] = got = self._line(a, b)
        return got

    def _line(self, a: Hex, b: Hex) -> tuple[bool, tuple[Hex, ...]]:
        """The line itself, the same float steps as ``line_plain`` (its reference, kept for the
        test) with the rounding inlined and each hex's blocking read from one table: a cold
        Action Phase listing draws thousands of lines (spotters for calls for fire)."""
        n = distance(a, b)
        if n <= 1:
            return (False, ())
        at, block = self._los_tables()
        between: list[Hex] = []
        blocked = False
        aq, ar, _ = to_cube(a)
        bq, br, _ = to_cube(b)
        ea, eb = self.eye(a), self.eye(b)
        dq, dr, de = bq - aq, br - ar, eb - ea
        for i in range(1, n):
            t = i / n
            sight = ea + de * t
            q0 = aq + dq * t
            r0 = ar + dr * t
            found = []
            for e in (1e-6, -1e-6):
                q = q0 + e
                r = r0 + e
                s = -q - r
                rq, rr, rs = round(q), round(r), round(s)
                xq, xr, xs = abs(rq - q), abs(rr - r), abs(rs - s)
                if xq > xr and xq > xs:
                    rq = -rr - rs
                elif xr > xs:
                    rr = -rq - rs
                h = at.get((rq, rr))
                if h is not None and h not in found:
                    found.append(h)
            if not found:
                continue
            if len(found) == 2 and found[1] < found[0]:
                found.reverse()
            between.extend(found)
            # along a hexside the line is blocked only if both hexes block
            if not blocked:
                for h in found:
                    obstacle, height = block[h]
                    if not (height >= sight if obstacle else height > sight):
                        break
                else:
                    blocked = True
        return (blocked, tuple(between))

    def lines_from(self, a: Hex, targets: list[Hex], reach: int | None = None) -> None:
        """Draw and cache the lines from ``a`` to every target not drawn yet (within ``reach``
        hexes, when given), all at once with numpy: the same float steps as ``_line`` (IEEE
        sums, products, quotients and round-half-even are the same in numpy), so the same
        answers; for a listing that asks one spotter about many hexes."""
        cache = self.board.cache
        todo = [b for b in targets if ("los", a, b) not in cache]
        if len(todo) < 8:  # not worth the arrays
            for b in todo:
                if reach is None or distance(a, b) <= reach:
                    self.line(a, b)
            return
        at, block = self._los_tables()
        grid, origin, hexes, obstacle, height = self.los_arrays()
        aq, ar, _ = to_cube(a)
        cube = np.array([to_cube(b)[:2] for b in todo], dtype=np.int64)
        dq, dr = cube[:, 0] - aq, cube[:, 1] - ar
        n = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        if reach is not None:  # the hex distance, as ``distance`` gives it
            keep = (n > 1) & (n <= reach)
            if not keep.all():
                todo = [b for b, k in zip(todo, keep.tolist()) if k]
                if not todo:
                    return
                dq, dr, n = dq[keep], dr[keep], n[keep]
        ea = self.eye(a)
        de = np.array([self.eye(b) for b in todo]) - ea
        steps = int(n.max())
        i = np.arange(1, max(steps, 2), dtype=np.int64)[None, :]
        live = i < n[:, None]  # the steps 1 .. n-1 of each line
        t = i / np.maximum(n, 1)[:, None]
        sight = ea + de[:, None] * t
        q0 = aq + dq[:, None] * t
        r0 = ar + dr[:, None] * t
        found = []
        for e in (1e-6, -1e-6):
            q = q0 + e
            r = r0 + e
            s = -q - r
            rq, rr, rs = np.rint(q), np.rint(r), np.rint(s)
            xq, xr, xs = np.abs(rq - q), np.abs(rr - r), np.abs(rs - s)
            fix_q = (xq > xr) & (xq > xs)
            fix_r = ~fix_q & (xr > xs)
            rq = np.where(fix_q, -rr - rs, rq)
            rr = np.where(fix_r, -rq - rs, rr)
            gq, gr = rq.astype(np.int64) - origin[0], rr.astype(np.int64) - origin[1]
            inside = live & (gq >= 0) & (gq < grid.shape[0]) & (gr >= 0) & (gr < grid.shape[1])
            idx = np.where(inside, grid[np.clip(gq, 0, grid.shape[0] - 1), np.clip(gr, 0, grid.shape[1] - 1)], -1)
            found.append(idx)
        one, two = found
        two = np.where(two == one, -1, two)
        lo, hi = np.minimum(one, two), np.maximum(one, two)  # hex ids follow the sorted order of hexes
        first = np.where((lo < 0), hi, lo)
        second = np.where((lo < 0), -1, hi)

        def blocks(k):
            kk = np.maximum(k, 0)
            return np.where(obstacle[kk], height[kk] >= sight, height[kk] > sight)

        step_blocked = (first >= 0) & blocks(first) & ((second < 0) | blocks(second))
        blocked = step_blocked.any(axis=1).tolist()
        # the hexes between, step by step (the first hex of a step, then its second if any):
        # a second is only found with a first, so the valid ids of the interleaved rows, in
        # row order, are every line's hexes one line after another
        pairs = np.stack((first, second), axis=2).reshape(len(todo), -1)
        valid = pairs >= 0
        found_hexes = list(map(hexes.__getitem__, pairs[valid].tolist()))
        o = 0
        for b, k, c in zip(todo, blocked, valid.sum(axis=1).tolist()):
            cache[("los", a, b)] = (bool(k), tuple(found_hexes[o:o + c]))
            o += c

    def los_arrays(self):
        """(cube grid -> hex id or -1, the grid's origin, hexes by id in sorted order, obstacle
        flags, blocking heights), once per board, for ``lines_from``."""
        got = self.board.cache.get("bw_los_arrays")
        if got is None:
            _, block = self._los_tables()
            hexes = sorted(self.board.terrain)
            cubes = [to_cube(h)[:2] for h in hexes]
            q0, r0 = min(c[0] for c in cubes), min(c[1] for c in cubes)
            grid = np.full((max(c[0] for c in cubes) - q0 + 1, max(c[1] for c in cubes) - r0 + 1), -1, dtype=np.int64)
            for k, (q, r) in enumerate(cubes):
                grid[q - q0, r - r0] = k
            obstacle = np.array([block[h][0] for h in hexes], dtype=bool)
            height = np.array([block[h][1] for h in hexes], dtype=np.float64)
            self.board.cache["bw_los_arrays"] = got = (grid, (q0, r0), hexes, obstacle, height)
        return got

    def _los_tables(self) -> tuple[dict[tuple[int, int], Hex], dict[Hex, tuple[bool, float]]]:
        """(cube (q, r) -> board hex, hex -> (an obstacle?, the height that blocks)), once per
        board: what ``_blocks`` and the membership test read."""
        got = self.board.cache.get("bw_los_tables")
        if got is None:
            at = {to_cube(h)[:2]: h for h in self.board.terrain}
            block = {}
            for h in self.board.terrain:
                e = self.t.terrain[self.board.terrain[h]]
                obstacle = bool(h in self.rail or e.get("los_obstacle"))
                block[h] = (obstacle, self.top(h) if obstacle else self.ground(h))
            self.board.cache["bw_los_tables"] = got = (at, block)
        return got

    def line_plain(self, a: Hex, b: Hex) -> tuple[bool, tuple[Hex, ...]]:
        """The line computed step by step, uncached: the reference ``_line`` must equal."""
        n = distance(a, b)
        between: list[Hex] = []
        blocked = False
        if n > 1:
            aq, ar, _ = to_cube(a)
            bq, br, _ = to_cube(b)
            ea, eb = self.eye(a), self.eye(b)
            for i in range(1, n):
                t = i / n
                sight = ea + (eb - ea) * t
                hs = {cube_round(aq + (bq - aq) * t + e, ar + (br - ar) * t + e) for e in (1e-6, -1e-6)}
                hs = {h for h in hs if h in self.board.terrain}
                between.extend(sorted(hs))
                # along a hexside the line is blocked only if both hexes block
                if hs and all(self._blocks(h, sight) for h in hs):
                    blocked = True
        return (blocked, tuple(between))

    def _blocks(self, h: Hex, sight: float) -> bool:
        e = self.t.terrain[self.board.terrain[h]]
        if h in self.rail or e.get("los_obstacle"):
            return self.top(h) >= sight
        return self.ground(h) > sight  # open ground blocks only by rising above the line

    def road_junction(self, h: Hex) -> bool:
        n = sum(1 for x in self.board.adjacent(h) if any(k in self.board.side_kinds(h, x) for k in ROADS))
        return n >= 3  # two roads meet (a through road alone gives two road sides)

