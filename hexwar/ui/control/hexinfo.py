"""A hex in words: its terrain, place, edges, zones of control, the game's marks and the units
on it, for the tooltip and the status line (no pygame).
"""
from __future__ import annotations

import logging

from ...core.hexgrid import Hex, hex_name, neighbors
from .. import rules_text

log = logging.getLogger(__name__)

SIDE_NAMES = rules_text.SIDE_NAMES


class HexInfo:
    """What a hex holds, in words (a mixin of ``Controller``)."""

    def describe_hex(self, h: Hex) -> str:
        return " · ".join(self.hex_lines(h)[:2])

    def hex_lines(self, h: Hex) -> list[str]:
        """Tooltip lines for a hex: terrain, place, edges, regions, zone of control, units."""
        from ..counters import unit_title

        board = getattr(self.rules, "board", None)
        lines = []
        if board is None or h not in board.terrain:
            return [hex_name(h)]
        ter = board.terrain[h]
        cost = getattr(self.tables, "MOVE_COST", {}).get(ter) if self.tables is not None else None
        lines.append(f"{hex_name(h)} {ter}" + (f" (costs {cost} MP to enter)" if cost else ""))
        place = board.places.get(h)
        if place is not None:
            owner = self.view()["control"].get(hex_name(h))
            kind = "major city" if place.kind == "major_city" else "city"
            lines.append(f"{place.name}, {kind}" + (f", held by the {SIDE_NAMES.get(owner, owner)} player" if owner else ""))
        for side, edge in board.edges.items():
            if h in edge:
                lines.append(f"{SIDE_NAMES.get(side, side)} friendly map edge")
        for name, region in board.regions.items():
            if h in region:
                lines.append(f"in {name}")
        kinds = set()
        for n in neighbors(h):
            kinds |= set(board.side_kinds(h, n))
        if kinds:
            lines.append("hexsides: " + ", ".join(sorted(k.replace("_", " ") for k in kinds)))
        zoc = getattr(self.rules, "zoc", None)
        here = self.units_at(h)
        try:
            if zoc is not None:
                for side in self.sides():
                    if h in zoc(self.state, side):
                        lines.append(f"in the {SIDE_NAMES.get(side, side)} zone of control (7.0)")
            comm = getattr(self.rules, "in_communication", None)
            owner = here[0].get("side") if here else None
            if comm is not None and owner and h not in comm(self.state, owner):
                lines.append(f"cut off: no line to the {SIDE_NAMES.get(owner, owner)} map edge clear of enemy "
                             "units and zones, so no replacements here (12.2, 12.3)")
            over = getattr(self.rules, "overstacked", None)
            if over is not None and here and h in over(self.state):
                lines.append("overstacked: more units than the stacking limit (8.1)")
        except Exception:
            log.exception("hex tooltip")
        try:
            for mk in self.gui.map_marks(self):  # the game's markers on this hex, with what they mean
                if mk.hex == h:
                    lines.extend(mk.tooltip or (mk.text,))
        except Exception:
            log.exception("map marks")
        for u in self.units_at(h):
            lines.append(unit_title(u))
        if here:
            lines.append("A click lists " + ("this unit" if len(here) == 1 else f"the {len(here)} units")
                         + " in the side panel, with values and state.")
        return lines
