"""Black Wednesday (The Gamers, 1995): the Battle of Krasni Bor, 10 February 1943, on
TCS-lite (docs/black-wednesday/tcs-lite.md). Scenarios 1-8 and the campaign (docs/black-wednesday/scenarios.md)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ...core.board import Board
from ...core.entry import GameEntry, NationInfo, PhaseInfo, SideInfo, options_from
from ...core.hexgrid import HexIds, hex_ids_of
from ...loaders.tmx import load_board as _load_board
from ...loaders.tmx import load_sheets as _load_sheets
from ...paths import safe_name
from . import verbs  # noqa: F401  (registers pfa, assault, breach, mode, call)
from .choices import CHOICE_OPTIONS
from .scenario import BWScenario
from .scenario import load_scenario as _load_scenario
from .variants import OPTIONS as _VARIANTS
from .variants import check_options
from .victory import CAMPAIGN_OPTIONS, campaign_version
from .words import STEPS

if TYPE_CHECKING:
    from .rules import BWRules

GAME_ID = "black-wednesday"  # as views.GAME_ID, which the rules use: views brings in the phases and their tables
TITLE = "Black Wednesday"
TERRAINS = ("open", "forest", "building", "city", "hospital", "mill", "peat_bog")
FEATURE_KINDS = ("rail", "road_primary", "road_secondary", "road_tertiary", "izhora_river", "at_ditch")
# BW 4.0 minor variants (variants.py), owner_choices (choices.py), campaign (5.1, victory.py)
OPTIONS = {**_VARIANTS, **CHOICE_OPTIONS, **CAMPAIGN_OPTIONS}
# Scenarios too large for a uniform random game to end in reasonable time (~600 units: tens of
# thousands of set-up and entry moves per step). They are listed and playable; the whole-games
# test and the fuzzer leave them to test_long_scenarios_random.py, whose sampling player plays
# them to the victory check; the bench plays one uniform random game of Scenarios 3 and 6.
LARGE_SCENARIOS = frozenset({"s3-assault-the-line", "s6-the-assault-continues", "s7-breakout", "s8-counter-attack"})


def load_scenario(path) -> BWScenario:
    """The session's hook for this game's scenario schema."""
    return _load_scenario(path)


@lru_cache(maxsize=4)
def _sheets(files: tuple[str, ...]) -> Board:
    if len(files) == 1:
        return _load_board(files[0], TERRAINS, FEATURE_KINDS)
    return _load_sheets(list(files), TERRAINS, FEATURE_KINDS)


def board_for(scenario: BWScenario) -> Board:
    """Hook for the session: the board of a scenario, one sheet or several joined
    (``scenario.sheets``, via ``load_sheets``). Its hex ids follow ``hex_ids(board)``.
    (Named apart from a game's ``load_board(path)``, which takes a file.)"""
    from ... import paths

    root = Path(str(paths.data_dir("maps")))
    return _sheets(tuple(str(root / s) for s in scenario.sheets))


def load(scenario_file: Path, maps_dir: Path) -> tuple[Board, BWScenario]:
    """The entry's ``load``: this game's scenario schema and its board of one or two sheets."""
    scen = load_scenario(scenario_file)
    for s in scen.sheets:
        safe_name(s, "map sheet", scenario_file)
    return _sheets(tuple(str(Path(maps_dir) / s) for s in scen.sheets)), scen


def hex_ids(board: Board) -> HexIds:
    """The hex id scheme records and the notation of this game use (``B34.16``)."""
    return hex_ids_of(board)


def make_rules(board: Board, scenario, options: dict | None = None) -> BWRules:
    from .rules import BWRules  # here: the registry (the menu) needs only the entry, not the rules

    opts = dict(options or {})
    own = {k: bool(opts.pop(k)) for k in list(opts) if k in CHOICE_OPTIONS or k in CAMPAIGN_OPTIONS}
    if own.get("campaign"):
        scenario = campaign_version(scenario)  # 5.1: the campaign last turn and victory levels
    return BWRules(board, scenario, {**check_options(opts, scenario), **own})  # 4.3: Scen. 1-3 only


PHASES = (
    PhaseInfo("prep_log", "Prep Log", "soviet", "choice", "2.4",
              "The Soviet player plots the preparatory bombardment: a target hex for each Prep box.",
              secret="made a Prep Log phase decision (the Soviet plot, kept from the Axis player; each box's target "
                     "shows when it fires, 2.4)"),
    PhaseInfo("axis_setup", "Axis set-up", "axis", "setup", "1.10f",
              "The Axis player sets up the defenders in their areas."),
    PhaseInfo("soviet_setup", "Soviet set-up", "soviet", "setup", "1.10e",
              "The Soviet player sets up the units that start on the map."),
    PhaseInfo("command", "Command Phase", None, "choice", "§3.1",
              "Orders are drawn, rolled for and implemented; standing choices are made."),
    PhaseInfo("initiative", "Initiative", None, "choice", "§3.3", "Who acts first this turn is decided."),
    PhaseInfo("action", "Action Phase", None, "action", "§3.4",
              "The phasing side moves, fires and assaults; the other side may answer with fire."),
    PhaseInfo("clean_up", "Clean Up", None, "housekeeping", "§3.5",
              "Markers are removed, and the turn marker moves on."),
    PhaseInfo("over", "Game over", None, "housekeeping", "5.0", "The game is over: the victory check has been made."),
)

GAME = GameEntry(
    id=GAME_ID,
    title=TITLE,
    sides=(SideInfo("soviet", "Soviet", (178, 36, 30), "S", round=True),
           SideInfo("axis", "Axis", (58, 60, 64), "A")),
    sequence=PHASES,
    make_rules=make_rules,
    load=load,
    options=options_from(OPTIONS),
    steps=STEPS,
    nations=(NationInfo("soviet", "Soviet", (168, 78, 52), (255, 250, 240)),
             NationInfo("spanish", "Spanish")),
    default_scenario="s1-turning-the-left",
    large_scenarios=LARGE_SCENARIOS,
    order=4,
    ai="hexwar.ai.black_wednesday",
    client="hexwar.ui.games.black_wednesday",
    # Names of this game other than its id and title (the series whose rules it follows), for
    # the test that keeps every name of a game inside its own folders (tests/test_floors.py).
    # terrain_names: the map's terrain and hexside ids in the rulebook's words (the hex tooltip).
    extra={"other_names": ("TCS",),
           "terrain_names": {"peat_bog": "peat bog", "at_ditch": "AT (anti-tank) ditch", "izhora_river": "Izhora River",
                             "road_primary": "primary road", "road_secondary": "secondary road",
                             "road_tertiary": "tertiary road", "rail": "railroad"}},
)



def __getattr__(name: str) -> Any:
    if name == "BWRules":  # imported on first use (make_rules)
        from .rules import BWRules

        return BWRules
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


__all__ = ["GAME", "GAME_ID", "TITLE", "TERRAINS", "FEATURE_KINDS", "OPTIONS", "make_rules", "load_scenario",
           "board_for", "hex_ids", "BWRules"]
