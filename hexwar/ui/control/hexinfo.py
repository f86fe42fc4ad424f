"""A hex in words: its terrain, place, edges, what the rules say of it now (``game.hex_notes``:
zones of control, a stack cut off or overstacked, with the game's rule numbers), the game's
marks and the units on it, for the tooltip and the status line (no pygame).
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex, hex_name, neighbors
from ..mapinfo import kind_words
from ..sides import side_name

if TYPE_CHECKING:  # a part of Controller, whose other parts it uses (host.py)
    from .host import ControlHost as _Control
else:
    _Control = object

log = logging.getLogger(__name__)


class HexInfo(_Control):
    """What a hex holds, in words (a mixin of ``Controller``)."""

    _hex_lines: tuple | None  # the last hex's lines: ((version, picks, hex), lines); made by Controller.__init__

    def describe_hex(self, h: Hex) -> str:
        return " · ".join(self.hex_lines(h)[:2])

    def hex_lines(self, h: Hex) -> list[str]:
        """Tooltip lines for a hex: terrain, place, edges, regions, zone of control, units (asked
        every frame the tooltip shows: worked out once per position, picks and hex)."""
        self.view()  # (an action applied elsewhere counts: a new version)
        key = (self.version, self.picks(), h)
        last = self._hex_lines
        if last is not None and last[0] == key:
            return list(last[1])
        lines = self._hex_lines_now(h)
        self._hex_lines = (key, tuple(lines))
        return lines

    def _hex_lines_now(self, h: Hex) -> list[str]:
        from ..counters import unit_title

        board = self.game.board
        lines = []
        if h not in board.terrain:
            return [hex_name(h)]
        ter = board.terrain[h]
        entry = self.game.entry
        cost = ((entry.extra.get("move_costs") if entry is not None else None) or {}).get(ter)
        lines.append(f"{hex_name(h)} {kind_words(entry, ter)}" + (f" (costs {cost} MP to enter)" if cost else ""))
        place = board.places.get(h)
        if place is not None:
            owner = self.view()["control"].get(hex_name(h))
            kind = "major city" if place.kind == "major_city" else "city"
            lines.append(f"{place.name}, {kind}" + (f", held by the {side_name(owner)} player" if owner else ""))
        for side, edge in board.edges.items():
            if h in edge:
                lines.append(f"{side_name(side)} friendly map edge")
        for name, region in board.regions.items():
            if h in region:
                lines.append(f"in {name}")
        kinds = set()
        for n in neighbors(h):
            kinds |= set(board.side_kinds(h, n))
        if kinds:
            lines.append("hexsides: " + ", ".join(sorted(kind_words(entry, k) for k in kinds)))
        here = self.units_at(h)
        if self.sel is not None:  # what moving the selected unit here leads to, when it costs more than MP
            try:
                c = self.move_consequence(self.sel, h)
            except Exception:
                log.exception("move consequence")
                c = None
            if c is not None and c.level:
                lines.append(f"▲ {self.sel} moving here: {c.text}" + (f" ({c.rule})" if c.rule else ""))
        try:
            lines.extend(self.game.hex_notes(h, self.viewer or self.acting()))
        except Exception:
            log.exception("hex notes")
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
        say = self.game.for_player  # the rules' and marks' words as the rulebook has them
        return [say(ln) for ln in lines]
