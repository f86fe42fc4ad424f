"""How Black Wednesday's client reads the game: the contract's previews and decisions of the
position shown, and the game's own questions (``BWFacts``, ``Position(game, side).facts``:
line of sight, spotting, the play area). Each is worked out once per position (``ctl.version``)
and kept: the panel and the map ask every frame. ``Reads`` is that part of the client extension.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ....core.contract import Consequence, Preview
from ....core.position import Position

if TYPE_CHECKING:  # a part of BlackWednesdayUI, whose other parts it uses (host.py)
    from .host import BWHost as _Client
else:
    _Client = object


class Reads(_Client):
    """The contract, read once per position (a mixin of ``BlackWednesdayUI``)."""

    # set by _kept on first use: the position read, and what was read of it
    _reads_key: tuple[int, int, Any]
    _reads: dict[str, Any]

    def _kept(self, ctl) -> dict[str, Any]:
        key = (id(ctl), id(ctl.game), ctl.version)
        if self.__dict__.get("_reads_key") != key:
            self._reads_key, self._reads = key, {"previews": {}}
        return self._reads

    def facts(self, ctl) -> Any:
        """The game's read-only questions about the position, as the side at the screen may know it."""
        kept = self._kept(ctl)
        if "facts" not in kept:
            side = ctl.viewer or ctl.acting() or ctl.sides()[0]
            kept["facts"] = Position(ctl.game, side).facts
        return kept["facts"]

    def preview(self, ctl, action) -> Preview | None:
        """The engine's preview of ``action`` now (odds, fire, chances), or None."""
        got = self._kept(ctl)["previews"]
        if action not in got:
            got[action] = ctl.game.preview(action)
        return got[action]

    def consequence(self, ctl, action) -> Consequence | None:
        """What the engine says ``action`` does, from the position's decisions (None while the
        legal actions are still being worked out, or when it says nothing)."""
        kept = self._kept(ctl)
        if "options" not in kept:
            if ctl.legal() is None:  # never block a frame on the legal actions
                return None
            kept["options"] = {o.action: o for d in ctl.game.decisions() for o in d.options}
        o = kept["options"].get(action)
        return o.consequence if o is not None else None
