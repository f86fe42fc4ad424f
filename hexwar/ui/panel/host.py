"""What the tabs of the side panel use of the whole panel, for the type checker only.

``SidePanel`` (side.py) is made of the Log and Rules tabs (``LogTab``, ``RulesTab``), which
use its attributes through ``self``. When type checked, each tab derives from ``PanelHost``:
the attributes ``SidePanel.__init__`` sets that a tab reads or writes. At run time the tabs
derive from ``object`` and this class is never built, so nothing changes.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pygame

    from .. import theme as T

    LogRow = tuple[str, tuple, str, int, str]  # (text, colour, style, action index, kind)

    class PanelHost:
        # set by SidePanel.__init__
        theme: T.Theme
        tab: str
        lower: pygame.Rect  # the area of the tab shown under the context box
        explain: bool
        log_scroll: int  # lines scrolled up from the bottom
        rules_scroll: int
        log_selected: int | None  # the action shown in history mode
        log_visible: list[tuple[pygame.Rect, LogRow]]
        _log_rows_key: tuple | None
        _log_rows: list[LogRow]
        _wrapped: dict[tuple, list]
        _wrap_key: tuple | None
        _scrolled_to: int | None
