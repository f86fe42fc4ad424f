"""An order's graphic (TCS-lite §16.6, RECON): the arrow a player draws on the map for an order
— its route's waypoint hexes joined by straight hex lines, then on to the objective hex nearest
the last waypoint — and how far along that arrow a hex lies. Pure functions of hexes; the rules
keep one table per graphic (``objectives.py``).
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

from ...core.hexgrid import Hex, distance, hex_line

MAX_WAYPOINTS = 8  # RECON: an arrow with a few bends; more is a second order
START_WITHIN = 3   # RECON: the first waypoint within 3 hexes of a member on the map
CORRIDOR = 1       # RECON: a member may end within 1 hex of the line whatever its progress
DEFENCE_REACH = 3  # §16.6: defence members stay within 3 hexes of the objective (or the line)


def arrow_end(route: tuple[Hex, ...], objective: Iterable[Hex]) -> Hex | None:
    """The objective hex the arrow ends on: the nearest to the last waypoint (ties: the lowest)."""
    obj = sorted(objective)
    if not route or not obj:
        return None
    return min(obj, key=lambda h: distance(route[-1], h))


def arrow_line(route: tuple[Hex, ...], objective: Iterable[Hex]) -> tuple[Hex, ...]:
    """Every hex of the drawn line in order, from the first waypoint to the objective."""
    end = arrow_end(route, objective)
    if end is None:
        return ()
    out: list[Hex] = [route[0]]
    for a, b in zip(route, route[1:] + (end,)):
        out += hex_line(a, b)[1:]
    return tuple(out)


def along_sources(line: tuple[Hex, ...], objective: Iterable[Hex]) -> dict[Hex, int]:
    """Each point of the graphic -> hexes left along the line from it to its end (a line that
    crosses itself keeps the shorter); every objective hex counts 0."""
    out = dict.fromkeys(objective, 0)
    last = len(line) - 1
    for i, h in enumerate(line):
        out[h] = min(out.get(h, last - i), last - i)
    return out


def along_field(sources: Mapping[Hex, int], adj: Mapping[Hex, tuple[Hex, ...]]) -> dict[Hex, int]:
    """Hex -> distance along the graphic: hexes to the nearest point of it, plus what is left
    of the line from that point (the least, when several are nearest). A ring-by-ring walk from
    every point at once: a nearest point of a hex is a nearest point of the neighbour its
    shortest path leaves through, so each ring takes the least left-over of the ring before."""
    left = dict(sources)
    off = dict.fromkeys(sources, 0)
    ring, d = list(sources), 0
    while ring:
        d += 1
        nxt: dict[Hex, int] = {}
        for h in ring:
            g = left[h]
            for n in adj.get(h, ()):
                if n not in off and g < nxt.get(n, g + 1):
                    nxt[n] = g
        for n, g in nxt.items():
            off[n] = d
            left[n] = g
        ring = list(nxt)
    return {h: off[h] + left[h] for h in off}
