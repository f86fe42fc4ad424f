"""Opening games: find the game package, load its map and scenario, build a Game."""
from __future__ import annotations

import re
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import paths
from .core.dice import SeededDice
from .core.errors import DataError, HexwarError
from .core.game import Game
from .core.hexgrid import CCRR, hex_ids_of, set_hex_ids, use_hex_ids
from .core.record import load_record
from .games import GAMES, find_game
from .loaders.scenario import Scenario, load_scenario
from .loaders.tmx import load_board

_SAFE_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


def _safe(name: str, what: str, where: object) -> str:
    """Refuse path tricks: a file reference must be a plain name inside its folder."""
    if not isinstance(name, str) or not _SAFE_NAME.match(name) or ".." in name:
        raise DataError(where, f"{what} {name!r} is not a plain file name")
    return name


@lru_cache(maxsize=16)
def _load(game_id: str, scenario_id: str, scenario_file: str) -> tuple[Any, Scenario]:
    # Scenario and map files are read in CCRR ids whatever game was open before (a game
    # with its own ids, like Black Wednesday's B34.16, parses them with its own scheme).
    with use_hex_ids(CCRR):
        return _load_files(game_id, scenario_file)


def _load_files(game_id: str, scenario_file: str) -> tuple[Any, Scenario]:
    pkg = find_game(game_id)
    scen = getattr(pkg, "load_scenario", load_scenario)(scenario_file)  # a game may read its own format
    if scen.game != game_id:
        raise DataError(scenario_file, f"this scenario is for game {scen.game!r}, not {game_id!r}")
    maps_dir = Path(str(paths.data_dir("maps")))
    # Hook: a game whose board is several sheets (or otherwise special) exposes
    # ``load_game_board(scenario, maps_dir) -> Board`` and reads it itself.
    own_loader = getattr(pkg, "load_game_board", None)
    if own_loader is not None:
        return own_loader(scen, maps_dir), scen
    map_name = _safe(scen.map, "map", scenario_file)
    map_file = maps_dir / map_name
    if not map_file.is_file():
        raise DataError(scenario_file, f"map file {map_name!r} not found in {maps_dir}")
    kinds = getattr(pkg, "FEATURE_KINDS", None)  # hexside features beyond rivers and rails
    board = load_board(map_file, pkg.TERRAINS) if kinds is None else load_board(map_file, pkg.TERRAINS, feature_kinds=kinds)
    if getattr(pkg, "CROSS_CHECK", True):
        _cross_check(board, scen)
    return board, scen


def load_game_data(game_id: str, scenario_id: str) -> tuple[Any, Scenario]:
    """The board and scenario of a shipped scenario, read afresh (no cache): for benchmarks
    and tools that want the loading itself."""
    return _load.__wrapped__(game_id, scenario_id, str(scenario_file(game_id, scenario_id)))


def _cross_check(board, scen: Scenario) -> None:
    """The scenario must fit its map: every place, mark, region and edge it names exists."""
    names = {p.name for p in board.places.values()}
    for place in scen.control:
        if place and place not in names:
            raise DataError(scen.source, f"control: no place named {place!r} on map {scen.map}")
    for a in scen.setup_areas:
        if not board.hexes_marked(a.mark):
            raise DataError(scen.source, f"setup area {a.id}: map {scen.map} has no hex marked {a.mark!r}")
        for r in (a.region, a.not_region):
            if r and r not in board.regions:
                raise DataError(scen.source, f"setup area {a.id}: map {scen.map} has no region {r!r}")
    for side, info in scen.sides.items():
        edge = info.get("edge", side)
        if edge not in board.edges:
            raise DataError(scen.source, f"sides.{side}: map {scen.map} has no friendly edge {edge!r}")


def scenario_file(game_id: str, scenario_id: str) -> Path:
    _safe(scenario_id, "scenario", game_id)
    return Path(str(paths.data_dir("scenarios"))) / game_id / f"{scenario_id}.yaml"


def open_game(game_id: str, scenario_id: str, seed: int = 0, options: dict | None = None,
              scenario_path: str | Path | None = None) -> Game:
    """Start a new match of a game's scenario. Raises DataError for a bad file,
    KeyError for an unknown game or option."""
    pkg = find_game(game_id)
    path = Path(scenario_path) if scenario_path else scenario_file(game_id, scenario_id)
    if not path.is_file():
        raise DataError(path, f"no scenario {scenario_id!r} for {game_id}")
    board, scen = _load(game_id, scenario_id, str(path))
    # Hex names in notation, records and labels follow the board's scheme (B34.16 or CCRR).
    set_hex_ids(hex_ids_of(board))
    opts = dict(options or {})
    for k in opts:
        if k not in pkg.OPTIONS:
            raise KeyError(f"unknown option {k!r} for {game_id}; known: {', '.join(pkg.OPTIONS)}")
    rules = pkg.make_rules(board, scen, opts)
    dice = SeededDice(int(seed))
    state, events = rules.new_state(dice)
    # The record names every option that is on by default too, so that a later change of a
    # default never changes how an existing record replays.
    recorded = {**{k: v[0] for k, v in pkg.OPTIONS.items() if v[0]}, **opts}
    header = {"game": game_id, "scenario": scenario_id, "seed": int(seed), "options": recorded}
    game = Game(rules, state, dice, header, events)
    game._barrier = 0
    return game


def list_scenarios() -> list[tuple[str, str]]:
    """(game id, scenario id) for every scenario shipped."""
    out = []
    root = Path(str(paths.data_dir("scenarios")))
    for gid in sorted(GAMES):
        d = root / gid
        if d.is_dir():
            out += [(gid, p.stem) for p in sorted(d.glob("*.yaml"))]
    return out


def large_scenarios() -> set[tuple[str, str]]:
    """(game id, scenario id) of the scenarios a game declares too large for uniform random
    play to finish (its package's ``LARGE_SCENARIOS``); the tools that play random games skip them."""
    return {(gid, s) for gid in GAMES for s in getattr(find_game(gid), "LARGE_SCENARIOS", ())}


__all__ = ["open_game", "large_scenarios", "load_record", "list_scenarios", "HexwarError"]
