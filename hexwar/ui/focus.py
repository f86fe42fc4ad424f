"""Where the camera opens: on where the player acts first, at a zoom where counters can be read.

The hexes come from the game contract, the same for every game: the legal actions of the side to
act (the hexes a unit may be placed on, the units that may move, the targets, a decision's options
that name a hex), else that side's units in contact with the enemy (the front), else the hexes the
game's client marks for the step (``GameUI.map_marks``), else every unit on the map, else the
game's play area (``GameUI.home_hexes``, a scenario on part of a big map). The camera then
frames them at a zoom where a counter is at least ``READABLE_PX`` pixels; when they do not all
fit at that zoom, it opens on the part of them that holds most (``densest_window``).
No pygame here; ``MapView.frame_readable`` places the camera.
"""
from __future__ import annotations

import dataclasses
import math
from collections.abc import Iterable

from ..core import actions as A
from ..core.hexgrid import Hex, distance, hex_ids_of

READABLE_PX = 40  # a counter this big on the screen shows its figures and NATO symbol
CONTACT = 2  # units this close to an enemy unit are at the front


def _board_hex(ctl, value, ids) -> Hex | None:
    terrain = ctl.game.board.terrain
    if isinstance(value, Hex):
        return value if value in terrain else None
    if isinstance(value, str) and value:
        u = ctl.unit(value)
        if u is not None:
            return _unit_hex(ctl, u)
        try:
            h = ids.parse(value)
        except Exception:  # not a hex id: a word of the action
            return None
        return h if h in terrain else None
    return None


def _unit_hex(ctl, u: dict) -> Hex | None:
    if u.get("where", "map") != "map" or not u.get("hex"):
        return None
    try:
        h = hex_ids_of(ctl.game.board).parse(u["hex"])
    except Exception:
        return None
    return h if h in ctl.game.board.terrain else None


def action_hexes(ctl, actions: Iterable) -> set[Hex]:
    """The hexes the actions are about: where a unit may be placed, where a unit that may move
    (or retreat, take a loss …) stands, a target, a value naming a hex — read from the fields
    of each action, whatever its verb."""
    ids = hex_ids_of(ctl.game.board)
    out: set[Hex] = set()
    for a in actions:
        if isinstance(a, A.EndPhase) or not dataclasses.is_dataclass(a):
            continue
        if isinstance(a, A.Move):  # where the unit stands, not where it may go
            u = ctl.unit(a.unit)
            h = _unit_hex(ctl, u) if u is not None else None
            if h is not None:
                out.add(h)
            continue
        for f in dataclasses.fields(a):
            v = getattr(a, f.name)
            many = isinstance(v, tuple) and not isinstance(v, Hex)  # (a Hex is a tuple too)
            vals = v if many else (v,)
            if many and vals and all(isinstance(x, Hex) for x in vals):
                vals = vals[-1:]  # a path: where it ends
            for x in vals:
                h = _board_hex(ctl, x, ids)
                if h is not None:
                    out.add(h)
    return out


def unit_hexes(ctl, side: str | None = None) -> set[Hex]:
    out = set()
    for u in ctl.view().get("units") or ():
        if side is None or u.get("side") == side:
            h = _unit_hex(ctl, u)
            if h is not None:
                out.add(h)
    return out


def front_hexes(ctl, side: str | None) -> set[Hex]:
    """The hexes of ``side``'s units within ``CONTACT`` hexes of an enemy unit (and those enemies)."""
    mine: set[Hex] = set()
    theirs: set[Hex] = set()
    for u in ctl.view().get("units") or ():
        h = _unit_hex(ctl, u)
        if h is None or not u.get("side"):
            continue
        (mine if u.get("side") == side else theirs).add(h)
    if not mine or not theirs:
        return set()
    out = set()
    for h in mine:
        near = [e for e in theirs if distance(h, e) <= CONTACT]
        if near:
            out.add(h)
            out.update(near)
    return out


def mark_hexes(ctl) -> set[Hex]:
    """The hexes the game's client marks on the map in this step (``GameUI.map_marks``: a plan's
    targets, say), where the step is about when its actions name no hex (a plotted bombardment:
    boxes whose targets are marked on the map)."""
    terrain = ctl.game.board.terrain
    try:
        marks = ctl.gui.map_marks(ctl)
    except Exception:  # the opening view must never fail on a game's marks
        return set()
    return {m.hex for m in marks if m.hex in terrain}


def focus_hexes(ctl, legal: list | None) -> set[Hex]:
    """Where the player acts first (see the module's words); empty: the whole map."""
    home = ctl.gui.home_hexes(ctl)
    home = set(home) if home else None

    def inside(hexes: set[Hex]) -> set[Hex]:
        if home is None:
            return hexes
        return hexes & home

    side = ctl.acting() or ctl.phase().side
    for hexes in (lambda: action_hexes(ctl, legal or ()), lambda: front_hexes(ctl, side),
                  lambda: mark_hexes(ctl), lambda: unit_hexes(ctl)):
        got = inside(hexes())
        if got:
            return got
    return home or set()


SMALL = 200  # up to this many points, plain Python: importing numpy costs more than the sums (~0.1 s)


def densest_window(points: list[tuple[float, float]], w: float, h: float) -> list[int]:
    """The indices of the points inside the ``w`` x ``h`` window, centred on one of the points,
    that holds the most of them (ties: the window nearest the middle of them all)."""
    if not points:
        return []
    if len(points) > SMALL:
        return _densest_window_numpy(points, w, h)
    pts = [(float(x), float(y)) for x, y in points]
    mx = sum(x for x, _ in pts) / len(pts)
    my = sum(y for _, y in pts) / len(pts)
    best: list[int] = []
    best_key: tuple[int, float] | None = None
    for cx, cy in pts:
        inside = [j for j, (x, y) in enumerate(pts) if abs(cx - x) <= w / 2 and abs(cy - y) <= h / 2]
        key = (-len(inside), float(math.hypot(cx - mx, cy - my)))
        if best_key is None or key < best_key:  # the first of equals, as the stable sort below
            best_key, best = key, inside
    return best


def _densest_window_numpy(points: list[tuple[float, float]], w: float, h: float) -> list[int]:
    """``densest_window`` for many points, as arrays."""
    import numpy as np

    p = np.asarray(points, dtype=float)
    if len(p) > 1500:  # plenty to choose a window from
        cand = p[np.linspace(0, len(p) - 1, 1500).astype(int)]
    else:
        cand = p
    inside = (np.abs(cand[:, None, 0] - p[None, :, 0]) <= w / 2) & (np.abs(cand[:, None, 1] - p[None, :, 1]) <= h / 2)
    counts = inside.sum(axis=1)
    mid = p.mean(axis=0)
    far = np.hypot(cand[:, 0] - mid[0], cand[:, 1] - mid[1])
    best = int(np.lexsort((far, -counts))[0])
    return [int(i) for i in np.nonzero(inside[best])[0]]
