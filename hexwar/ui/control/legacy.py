"""TRANSITIONAL — delete when the branches ui-kursk, ui-kasserine and ui-bw are merged.

The generic client reads the game through its contract only. The three game packages of
``hexwar/ui/games`` on this branch (Kursk, Kasserine, Black Wednesday) still read the rules
object and the state through the controller; their own workers move them onto the contract in
this wave. Until those branches are merged, these two properties keep them running here; no
generic module uses them.
"""
from __future__ import annotations

from typing import Any


class LegacyReads:
    """The controller's old ``rules`` and ``state`` (a mixin of ``Controller``), for the game
    packages not yet on the contract."""

    @property
    def rules(self) -> Any:
        return self.game.rules

    @property
    def state(self) -> Any:
        return self.game.state
