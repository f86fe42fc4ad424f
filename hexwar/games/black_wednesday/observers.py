"""The observer hexes of one side, for §16.7's spotted enemies (moves.py ``spotted_hexes``)."""
from __future__ import annotations

import numpy as np

from ...core.hexgrid import Hex, to_cube


class Observers:
    """The observer hexes of one side as cube coordinates, to list those within a distance of
    a target nearest first (``spotted_hexes``: one array operation instead of a scan of grid
    cells, and the observers next door, who spot without a line of sight, asked first)."""

    def __init__(self, hexes: list[Hex]) -> None:
        self.hexes = hexes
        qr = np.array([to_cube(h)[:2] for h in hexes], dtype=np.int64).reshape(-1, 2)
        self.q, self.r = qr[:, 0], qr[:, 1]

    def within(self, h: Hex, reach: int) -> list[Hex]:
        """The observer hexes within ``reach`` of ``h`` (at least those next door), by distance
        and then in hex order."""
        q, r, _ = to_cube(h)
        dq, dr = self.q - q, self.r - r
        d = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr))
        idx = np.nonzero(d <= max(reach, 1))[0]
        idx = idx[np.argsort(d[idx], kind="stable")]
        hexes = self.hexes
        return [hexes[i] for i in idx.tolist()]
