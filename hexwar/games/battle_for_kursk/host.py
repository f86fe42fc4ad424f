"""What the mixins of Kursk's rules use of the whole rules object, for the type checker only.

``KurskRules`` combines this package's mixins (postures.py, replacements.py, decisions.py,
previews.py) with the core's (movement, battles, replacement) and ``PhasedRules``. When type
checked, each of these mixins derives from ``KurskHost``: the core's parts, the attributes
``KurskRules.__init__`` sets and the methods of ``KurskRules`` and of the other mixins that a
mixin calls. At run time the mixins derive from ``object`` and this class is never built, so
nothing changes (the core's mixins see ``PhasedRules`` the same way).

mypy checks each method below against its definition, since ``KurskRules`` inherits both.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core import actions as A
    from ...core.actions import Event
    from ...core.battle import BattleMixin
    from ...core.board import Zone
    from ...core.errors import Illegal
    from ...core.hexgrid import Hex
    from ...core.motion import MovementMixin
    from ...core.replacement import ReplacementMixin
    from ...core.sequence import PhasedRules
    from ...core.state import Battle, Stage, State
    from ...loaders.scenario import Campaign, Scenario

    class KurskHost(MovementMixin, BattleMixin, ReplacementMixin, PhasedRules):
        # set by KurskRules.__init__
        scenario: Scenario
        options: dict[str, bool]
        camp: Campaign
        support: dict[str, Any]  # no air support markers
        pool_of: dict[str, str | None]  # no hidden units
        region: dict[str, frozenset[Hex]]  # side -> the places it controls at the start
        forts: list[Zone]
        moscow: Hex

        # rules.py
        def _place_hex(self, name: str) -> Hex: ...
        def turn_label(self, n: int) -> str: ...
        def point_of(self, uid: str) -> str: ...
        def live_support(self, state: State, b: Battle) -> tuple[str, ...]: ...
        def supporters(self, state: State, target: Hex, lead: str, attackers: tuple[str, ...]) -> tuple[str, ...]: ...
        def lead_problem(self, state: State, lead: str) -> Illegal | None: ...
        def offensives_free(self, state: State, side: str) -> int: ...

        # postures.py
        @staticmethod
        def set_extra(state: State, key: str, sub: str, value: Any) -> None: ...
        def postures(self) -> list[str]: ...
        def posture_chooser(self, state: State) -> str | None: ...
        def posture_cost(self, state: State, side: str, posture: str) -> int: ...

        # replacements.py
        def _apply_replacement_loss(self, state: State, st: Stage, act: A.Loss, ev: list[Event]) -> None: ...
