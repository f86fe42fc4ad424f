"""What the mixins of Black Wednesday's rules use of the whole rules object, for the type checker only.

``BWRules`` (rules.py) is made of this package's mixins (moves, fire, combat, artillery,
orders, set-up ...) and ``RulesHooks``, and each mixin uses the others' parts through
``self``. When type checked, a finished mixin derives from ``BWHost``: the attributes
``BWRules.__init__`` sets and the methods of ``BWRules`` and of the other mixins that a
mixin calls. At run time the mixins derive from ``object`` and this class is never built,
so nothing changes (the core's mixins see ``PhasedRules`` the same way).

mypy checks each method below against its definition, since ``BWRules`` inherits both.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core.actions import Event
    from ...core.board import Board
    from ...core.errors import Illegal
    from ...core.hexgrid import Hex, HexIds
    from ...core.hooks import RulesHooks
    from .scenario import BWScenario, UnitEntry
    from .tables import Tables, UnitType
    from .terrain import Terrain

    class BWHost(RulesHooks):
        # set by BWRules.__init__
        board: Board
        scen: BWScenario
        options: dict[str, Any]
        t: Tables
        ter: Terrain
        ids: HexIds
        area: frozenset[Hex]
        entries: dict[str, UnitEntry]
        _side_sets: dict[str, frozenset[str]]
        specs: dict[str, UnitType]
        area_hexes: dict[str, frozenset[Hex]]
        entry_hexes: frozenset[Hex]
        trench_hexes: frozenset[Hex]
        north_of_wire: frozenset[Hex]

        # rules.py
        def period(self, state: Any) -> tuple[str, int]: ...
        def check(self, state: Any, action: Any) -> Illegal | None: ...

        # moves.py
        def sees_hex(self, state: Any, a: Hex, b: Hex) -> bool: ...

        # orders.py
        @staticmethod
        def company(uid: str) -> str: ...

        # setup.py (batteries.py adds its part to each, through super())
        def german_pool(self, state: Any) -> dict[str, list[str]]: ...
        def german_roll(self, state: Any, dice: Any) -> list[Event]: ...
        def german_choices(self, state: Any, res: str) -> list[str]: ...
        def german_actions(self, state: Any) -> list[Any]: ...
        def check_german(self, state: Any, a: Any) -> Illegal | None: ...
