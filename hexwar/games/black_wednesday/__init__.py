"""Black Wednesday (The Gamers, 1995): the Battle of Krasni Bor, 10 February 1943, on
TCS-lite (docs/black-wednesday/tcs-lite.md). Scenarios 1-8 and the campaign (docs/black-wednesday/scenarios.md)."""
from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ...core.board import Board
from ...core.hexgrid import HexIds, hex_ids_of
from ...loaders.tmx import load_board as _load_board
from ...loaders.tmx import load_sheets as _load_sheets
from . import verbs  # noqa: F401  (registers pfa, assault, breach, mode, call)
from .choices import CHOICE_OPTIONS
from .rules import GAME_ID, BWRules
from .scenario import BWScenario
from .scenario import load_scenario as _load_scenario
from .variants import OPTIONS as _VARIANTS
from .variants import check_options
from .victory import CAMPAIGN_OPTIONS, campaign_version

TITLE = "Black Wednesday"
TERRAINS = ("open", "forest", "building", "city", "hospital", "mill", "peat_bog")
FEATURE_KINDS = ("rail", "road_primary", "road_secondary", "road_tertiary", "izhora_river", "at_ditch")
# BW 4.0 minor variants (variants.py), owner_choices (choices.py), campaign (5.1, victory.py)
OPTIONS = {**_VARIANTS, **CHOICE_OPTIONS, **CAMPAIGN_OPTIONS}
# Scenarios too large for a uniform random game to end in reasonable time (~600 units: tens of
# thousands of set-up and entry moves per step). They are listed and playable; the whole-games
# test and the fuzzer leave them to test_long_scenarios_random.py, whose sampling player plays
# them to the victory check; the bench plays one uniform random game of Scenario 3.
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
    (Named apart from Kasserine's ``load_board(path)``, which takes a file.)"""
    from ... import paths

    root = Path(str(paths.data_dir("maps")))
    return _sheets(tuple(str(root / s) for s in scenario.sheets))


def load_game_board(scenario: BWScenario, maps_dir) -> Board:
    """The session's hook (``hexwar.session._load``): this game reads its own board."""
    return _sheets(tuple(str(Path(maps_dir) / s) for s in scenario.sheets))


def hex_ids(board: Board) -> HexIds:
    """The hex id scheme records and the notation of this game use (``B34.16``)."""
    return hex_ids_of(board)


def make_rules(board: Board, scenario, options: dict | None = None) -> BWRules:
    opts = dict(options or {})
    own = {k: bool(opts.pop(k)) for k in list(opts) if k in CHOICE_OPTIONS or k in CAMPAIGN_OPTIONS}
    if own.get("campaign"):
        scenario = campaign_version(scenario)  # 5.1: the campaign last turn and victory levels
    return BWRules(board, scenario, {**check_options(opts, scenario), **own})  # 4.3: Scen. 1-3 only


def open_local(scenario_id: str = "s1-turning-the-left", seed: int = 0, options: dict | None = None):
    """Open a match without the session (tests): the same steps as ``open_game`` with this
    game's hooks. Use it inside ``use_hex_ids(hex_ids(game.rules.board))`` for notation."""
    from ... import paths
    from ...core.dice import SeededDice
    from ...core.game import Game

    scen = load_scenario(Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / f"{scenario_id}.yaml")
    board = board_for(scen)
    rules = make_rules(board, scen, options)
    dice = SeededDice(int(seed))
    state, events = rules.new_state(dice)
    header = {"game": GAME_ID, "scenario": scenario_id, "seed": int(seed), "options": dict(options or {})}
    return Game(rules, state, dice, header, events)


__all__ = ["GAME_ID", "TITLE", "TERRAINS", "FEATURE_KINDS", "OPTIONS", "make_rules", "load_scenario",
           "board_for", "load_game_board", "hex_ids", "open_local", "BWRules"]
