"""What the parts of the game scene use of the whole scene, for the type checker only.

``GameScene`` (game.py) is made of its parts (events, looking back, the computer's turns, the
frame) and ``Scene``, and each part uses the others through ``self``. When type checked, a part
derives from ``GameHost``: the attributes ``GameScene.__init__`` sets and the methods of the
scene that the part calls. At run time the parts derive from ``object`` and this class is never
built, so nothing changes. Every part derives from it: ``GameInput``, ``HistoryMode``,
``ComputerTurns`` and ``FrameCache``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:

    from ...core.hexgrid import Hex
    from ..computer import ComputerDriver
    from ..control import Controller
    from ..map_view import MapView
    from ..overlays import MapLayer
    from ..panel.phase_bar import PhaseBar
    from ..panel.side import SidePanel
    from ..panel.status import StatusLine
    from ..widgets import ButtonRow
    from .stack import Scene

    class GameHost(Scene):
        TOOLTIP_S: float  # how long the pointer rests before a tooltip shows (a GameScene constant)
        # set by GameScene.__init__
        game: Any  # the live game (the core's Game, or a read-only position of it)
        ctl: Controller
        past: Controller | None  # the position shown in history mode (over game.at(k))
        _past_cache: dict[int, tuple[Any, Controller]]  # step -> (its timeline step, its controller)
        hover: Hex | None
        hover_for: float
        player_kinds: dict[str, str]  # side -> "human" or "computer:<level>"
        computer: ComputerDriver
        mv: MapView
        layer: MapLayer
        bar: PhaseBar
        panel: SidePanel
        status: StatusLine
        map_buttons: ButtonRow  # over the map: the whole map / back to where you act
        time: float
        mouse: tuple[int, int]
        explain: bool
        show_ids: bool
        anim: Any  # the computer's move being shown (a MoveAnim of game_computer, which imports this)

        # game.py
        @property
        def view_ctl(self) -> Controller: ...
        def refresh(self, cached: bool = False) -> None: ...
        def after_change(self) -> None: ...
        def computer_turn(self) -> bool: ...
        def _locked(self) -> bool: ...
        def _show_handover(self) -> None: ...
        def ask_end_phase(self) -> None: ...
        def ask_menu(self) -> None: ...
        def do_action(self, action: Any) -> None: ...
        def open_help(self) -> None: ...
        def undo(self) -> None: ...
        def redo(self) -> None: ...
        def toggle_explain(self) -> None: ...
        def open_luck(self) -> None: ...

        # game_history.py
        def _key_past(self, event: Any) -> bool | None: ...
        def enter_history(self, k: int) -> None: ...
        def toggle_history(self) -> None: ...

        # game_computer.py
        def computer_speed(self) -> None: ...
        def computer_skip(self) -> None: ...
