"""What the parts of the controller use of the whole controller, for the type checker only.

``Controller`` (controller.py) is made of its parts (``BattleBuilder``, ``Queries``, ``Journal``,
``HexInfo``), and each part uses the others through ``self``. When type checked, a part derives
from ``ControlHost``: the attributes ``Controller.__init__`` sets and the methods of the
controller and of the other parts that a part calls. At run time the parts derive from
``object`` and this class is never built, so nothing changes.

The records of log.py and queries.py (log lines, battles, choice groups, the legal-actions job)
are ``Any`` here: those modules import this one, and no modules may import each other in a
circle. Each part declares its own records where it defines them.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ...core.contract import Consequence, Preview
    from ...core.errors import Illegal
    from ...core.hexgrid import Hex
    from ..history import Timeline

    class ControlHost:
        WAIT_S: float  # how long a frame may wait for legal actions before showing "working"
        # set by Controller.__init__
        game: Any  # the core's Game, or a read-only position of it (game.at(k))
        threaded: bool
        gui: Any  # the game's own client part (ui.games.base.GameUI)
        log: list[Any]  # LogEntry (log.py)
        log_version: int
        sel: str | None
        target: Hex | None
        attackers: list[str]
        lead: str | None
        support: list[str]
        loss_pick: str | None
        inspect: Hex | None
        group: list[str]
        tool: dict[str, Any]
        version: int
        _memos: dict[Any, Any]
        _place_cache: dict[Any, Any]
        _targets_cache: dict[Any, Any]
        past: bool
        viewer: str | None
        private: bool
        timeline: Timeline | None

        # controller.py
        def do(self, action: Any, *, from_redo: bool = False) -> bool: ...
        def own_side(self, u: dict[Any, Any]) -> bool: ...
        def _changed(self) -> None: ...

        # queries.py
        def acting(self) -> str | None: ...
        def view(self) -> dict[Any, Any]: ...
        def picks(self) -> tuple[Any, ...]: ...
        def units_at(self, h: Hex) -> list[dict[Any, Any]]: ...
        def attack_targets(self) -> set[Hex]: ...
        def eligible_attackers(self, target: Hex) -> set[str]: ...
        def joiners(self, target: Hex) -> tuple[list[str], list[tuple[str, Illegal]]]: ...
        def declared_battles(self) -> list[Any]: ...  # BattleMark (queries.py)
        def battle_action(self, target: Hex | None = None, attackers: Any = None) -> Any: ...
        def odds(self, target: Hex | None = None, attackers: Any = None) -> Preview | None: ...
        def move_consequence(self, uid: str, h: Hex) -> Consequence | None: ...

        # log.py
        def say(self, text: str, kind: str = "info") -> None: ...
        def refuse(self, why: Illegal | str | None, fallback: str = "not possible now") -> None: ...

        # hexinfo.py
        def describe_hex(self, h: Hex) -> str: ...
