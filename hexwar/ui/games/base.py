"""The hooks a game's client extension may give (``GameUI``, every one optional) and the marks
it may put on the map (``MapMark``, ``MapLine``, ``MapRing``, ``MapArea``: data, drawn by
``overlays``). The per-game packages beside this module import it; it imports none of them.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core.hexgrid import Hex


@dataclass(frozen=True)
class MapMark:
    """A marker drawn on a hex: ``text`` on a box in the style of ``kind``, with tooltip lines."""

    hex: Hex
    text: str
    kind: str  # "objective", "engaged", "contact" (the drawing style; any other: a plain box)
    tooltip: tuple[str, ...] = ()


@dataclass(frozen=True)
class MapLine:
    """A line from hex ``a`` to hex ``b`` over the map (a line of sight, an
    artillery mission's spotter → target), with its words in a box near ``b`` and a cross on
    ``cross`` (the hex that blocks it). ``kind``: "clear", "blocked" (dashed) or "mission"."""

    a: Hex
    b: Hex
    kind: str
    text: str = ""
    cross: Hex | None = None


@dataclass(frozen=True)
class MapRing:
    """The outline of every hex within ``radius`` of ``centre`` (a spotting range), its words
    in a box on the outline's top."""

    centre: Hex
    radius: int
    text: str
    kind: str = "range"


@dataclass(frozen=True)
class MapArea:
    """The outline of a set of hexes (an order's objective), its words in a box at its top."""

    hexes: frozenset
    text: str
    kind: str = "objective"


class GameUI:
    """The hooks; every one optional, the defaults add nothing."""

    game_id = ""
    # Verbs the generic chooser leaves out because this module offers them elsewhere.
    unit_verbs: frozenset[str] = frozenset()
    # Chooser groups ("verb:support", "choose:posture") shown before the others.
    first_groups: tuple[str, ...] = ()
    # The game's own keys, (key, what it does), added to the Help screen's list (``on_key``).
    keys: tuple[tuple[str, str], ...] = ()
    # The rule on reinforcements, cited on the turn track ("" for none).
    arrival_rule = ""

    def panel_key(self, ctl, scene) -> Any:
        """What the game's own panel blocks show beyond the position, the selection, the battle
        being built and ``ctl.tool`` (the side panel is laid out again only when one of these
        changes, or an input comes): the hovered hex, for a tool whose block follows the pointer."""
        return None

    def notices(self, ctl) -> list[str]:
        """Lines every player must notice, when the view has no ``notices`` of its own."""
        return []

    def build_panel(self, f, ctl, scene) -> None:
        """A block at the top of the side panel, in every step."""

    def build_step(self, f, ctl, scene) -> None:
        """A block about the step at hand, above the generic chooser (in a game of fire: the fire
        the selected unit may make, with its table column and shifts)."""

    def map_marks(self, ctl) -> list[MapMark]:
        return []

    def map_lines(self, ctl, hover) -> list:
        """``MapLine``, ``MapRing`` and ``MapArea`` drawn over the counters, following the pointer (``hover``:
        the hex under it, or None). Kept cheap: it is asked every frame that may change."""
        return []

    def still_lines(self, ctl) -> list:
        """Of ``map_lines``, those that do not follow the pointer (a selected unit's spotting
        range): drawn with the counters, in the map's layer kept between frames, not every frame
        the pointer moves. []: all of them follow it."""
        return []

    def draw_help_legend(self, surface, rect, th) -> bool:
        """The Help screen's legend of the map and counters, drawn by the game (a sample board);
        False: the generic key of the game's map."""
        return False

    def home_hexes(self, ctl):
        """The hexes the opening camera frames (the play area of a scenario on a big map); None:
        the whole map."""
        return None

    def on_key(self, ctl, key: str) -> bool:
        """A key the client leaves to the game (``pygame.key.name``); True if it was used."""
        return False

    def take_click(self, ctl, h) -> bool:
        """A game's tool that takes map clicks before anything else (the line-of-sight tool);
        True if the click was used."""
        return False

    def on_events(self, ctl, events) -> None:
        """The events of an action the player (or the computer) just made (a game may keep its
        morale checks for the panel)."""

    def tool_on(self, ctl) -> bool:
        """True while the game's tool takes the map clicks (the pointer then says nothing of moves)."""
        return False

    def cancel(self, ctl) -> bool:
        """Esc or a right click: put the game's tool away first; True if there was one."""
        return False

    def unit_facts(self, u: dict, ctl) -> list[str]:
        return []

    def unit_badges(self, u: dict) -> tuple[str, ...]:
        """Short words drawn on the unit's counter (its mode, a suppression mark, say)."""
        return ()

    def with_badges(self, u: dict) -> dict:
        b = self.unit_badges(u)
        return {**u, "badges": tuple(b)} if b else u

    def unit_actions(self, u: dict, ctl) -> list[tuple[str, Any, str]]:
        """(label, action, tooltip) offered beside a unit in the stack list."""
        return []

    def build_declare(self, f, ctl, scene) -> bool:
        """The combat declaration block; False to keep the generic one."""
        return False

    def click_action(self, ctl, h):
        """The action a click on hex ``h`` stands for in a step the client has no map widget for
        (where a strategic objective goes, say); None: the click describes the hex."""
        return None

    def battles(self, ctl) -> list:
        """The battles declared and not yet over, each with ``target`` (a Hex) and ``attackers``
        (for the map's arrows, odds labels and pulsing targets): the view's ``battles``."""
        return [b for b in ctl.declared_battles() if not b.resolved]

    def build_resolve(self, f, ctl, scene) -> bool:
        """The block of the battles to resolve; False to keep the generic one."""
        return False

    # --- a battle built with more than target and attackers (an offensive: a lead and its supporters)
    def supporters(self, ctl) -> list[str]:
        """Units that may join the battle being built as supporters of its lead (``ctl.lead``)."""
        return []

    def offensive_action(self, ctl):
        """The action of the battle being built when it is more than an ``Attack`` (an Offensive
        with its lead and supporters); None: a plain ``Attack``."""
        return None

    def build_offensive(self, f, ctl, scene, compact: bool = False) -> None:
        """Under the attackers of the battle being built: the game's own choices for it.
        ``compact``: the odds under it would otherwise fall below the box's fold (1280x800), so
        say it in as few lines as may be (the details in a tooltip, ``f.tips``)."""

    # --- the turn track (the Track tab) ---------------------------------------------------
    def named_turns(self, game) -> list | None:
        """Every turn in play order as ``turns.NamedTurn(turn, label, date)`` (``turn``: the
        value of ``view["turn"]``), when the game names its turns or dates them; None: turns 1
        to ``view["turns"]``, the current one dated from the view."""
        return None

    def arrivals(self, ctl) -> dict[str, int]:
        """Unit id -> the turn it arrives (placed or not); {}: what the view's ``arrives`` says."""
        return {}

    def turn_steps(self, ctl, turn, side: str):
        """The replacement steps ``side`` receives on ``turn``: ``turns.Steps`` (the figure, a note
        on an option that changes it, the figure without it), or None when the game has none."""
        return None

    def air_markers(self, ctl) -> list:
        """The game's air support markers (``turns.AirMarker``), whether each has flown this turn."""
        return []
