"""Kasserine Pass (John Hill, Conflict Games 1972): the Axis offensive through the
Western Dorsal, 14-25 February 1943."""
from __future__ import annotations

from pathlib import Path

from ...core.board import Board
from ...loaders import kasserine as _loader
from ...loaders.tmx import load_board as _load_board

from . import verbs  # noqa: F401  (registers this game's verbs with the notation)
from .rules import GAME_ID, KPRules


TITLE = "Kasserine Pass"
TERRAINS = ("plain", "high_ground", "rugged_crest", "river")
FEATURE_KINDS = ("road", "cliff")
OPTIONS = {
    "initial_placement": (False, "Optional rule German Initial Placement: the entry hex counts against a German "
                                 "unit's movement (KP-OPT-INITIAL-PLACEMENT)"),
    "advance_limit": (False, "Optional rule Advance After Combat: no advance through terrain costing more MP than "
                             "the unit's movement factor (KP-OPT-ADVANCE)"),
    "rangers_zoc": (False, "Optional rule American Rangers ZOC: German armor cannot pass through the Rangers' zone "
                           "(KP-OPT-RANGERS-ZOC)"),
    "italian_zoc": (False, "Optional rule Italian Infantry ZOC: American armor and British and French units pass "
                           "through Italian infantry zones at +2 MP a hex (KP-OPT-ITALIAN-ZOC)"),
    "air_power": (False, "Optional rule Allied Air Power: from 22 February one Allied attack a turn goes up one "
                         "column (KP-OPT-AIR-POWER)"),
    "air_power_by_die": (False, "With Allied Air Power: roll a die on 22 February; 4-6 gives the Allies air "
                                "superiority for the rest of the game (decision D11)"),
    "errata_crest": (False, "Read the errata's crest answer as a 2 MP rugged crest hex instead of the terrain "
                            "table's 8 MP (decision D2)"),
}


def load_scenario(path) -> _loader.KPScenario:
    """This game's scenario loader (the session's hook for games with their own schema)."""
    return _loader.load_scenario(path)


def load_board(path) -> Board:
    """The map with this game's terrain names and hexside features (roads, cliffs)."""
    return _load_board(path, TERRAINS, FEATURE_KINDS)


def make_rules(board: Board, scenario, options: dict | None = None) -> KPRules:
    return KPRules(board, scenario, options)


def open_local(scenario_id: str = "standard", seed: int = 0, options: dict | None = None):
    """Open a match without the session (tests, bench): the same steps as
    ``hexwar.session.open_game`` with this game's loaders."""
    from ... import paths
    from ...core.dice import SeededDice
    from ...core.game import Game

    scen = load_scenario(Path(str(paths.data_dir("scenarios"))) / GAME_ID / f"{scenario_id}.yaml")
    board = _board_cached(str(Path(str(paths.data_dir("maps"))) / scen.map))
    opts = dict(options or {})
    for k in opts:
        if k not in OPTIONS:
            raise KeyError(f"unknown option {k!r} for {GAME_ID}; known: {', '.join(OPTIONS)}")
    rules = make_rules(board, scen, opts)
    dice = SeededDice(int(seed))
    state, events = rules.new_state(dice)
    header = {"game": GAME_ID, "scenario": scenario_id, "seed": int(seed), "options": opts}
    return Game(rules, state, dice, header, events)


_BOARDS: dict[str, Board] = {}


def _board_cached(path: str) -> Board:
    if path not in _BOARDS:
        _BOARDS[path] = load_board(path)
    return _BOARDS[path]


__all__ = ["GAME_ID", "TITLE", "TERRAINS", "FEATURE_KINDS", "OPTIONS", "load_scenario", "load_board", "make_rules"]
