"""Reading a game's files the usual way: a scenario YAML naming one Tiled map.

``standard_loader(terrains, feature_kinds)`` gives the ``load`` callable of a ``GameEntry``:
it reads the scenario with the shared loader, the map the scenario names from the maps
folder, and checks that the two fit (every place, mark, region and edge the scenario names
is on the map). A game with its own format (several map sheets, its own scenario schema)
writes its own ``load`` instead.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ..core.errors import DataError
from ..paths import safe_name

if TYPE_CHECKING:  # the readers are imported when a game is loaded: a game's entry needs none of them
    from ..core.board import Board
    from .scenario import Scenario

Loader = Callable[[Path, Path], "tuple[Board, Scenario]"]


def map_file(scenario_file: Path | str, name: str, maps_dir: Path) -> Path:
    """The map a scenario names, as a file of the maps folder (DataError if it is not there)."""
    safe_name(name, "map", scenario_file)
    path = Path(maps_dir) / name
    if not path.is_file():
        raise DataError(scenario_file, f"map file {name!r} not found in {maps_dir}")
    return path


def standard_loader(terrains: Iterable[str], feature_kinds: Iterable[str] | None = None,
                    cross_check: bool = True) -> Loader:
    terrains = tuple(terrains)
    kinds = tuple(feature_kinds) if feature_kinds is not None else None

    def load(scenario_file: Path, maps_dir: Path) -> tuple[Board, Scenario]:
        # Imported here, not with the module: the menu's first frame imports the selected game's
        # package for its entry, and the map and scenario readers (the board, hex grid and units
        # modules, xml.etree) were a sixth of that frame's instructions (100 M of 605 M).
        from .scenario import load_scenario
        from .tmx import load_board

        scen = load_scenario(scenario_file)
        path = map_file(scenario_file, scen.map, maps_dir)
        board = load_board(path, terrains) if kinds is None else load_board(path, terrains, feature_kinds=kinds)
        if cross_check:
            check_fit(board, scen)
        return board, scen

    return load


def check_fit(board: Board, scen: Scenario) -> None:
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
