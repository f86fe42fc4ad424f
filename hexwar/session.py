"""Opening games and records: find the game's entry, read its files, build a ``Game``.

This is the package's API floor: the client, the computer players and the tools open
games here, and find what games there are through ``hexwar.games``.
"""
from __future__ import annotations

import os
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from . import paths
from .core.actions import parse_action
from .core.dice import SeededDice
from .core.entry import GameEntry
from .core.errors import DataError, HexwarError, IllegalActionError, MalformedError
from .core.files import clip, excerpt
from .core.game import Game
from .core.hexgrid import CCRR, hex_ids_of, set_hex_ids, use_hex_ids
from .core.record import read_record, save_record
from .games import all_games, entry

# Kept for the callers that read a map themselves (the map viewer, tests).
from .loaders.tmx import load_board  # noqa: F401


class UnknownScenario(DataError):
    """A scenario the game does not have: the message names the game and its scenarios, not the
    file that was looked for (``path`` keeps it)."""

    def __str__(self) -> str:
        return self.problem


def maps_dir(e: GameEntry) -> Path:
    return (e.data / "maps") if e.data is not None else Path(str(paths.data_dir("maps")))


def scenarios_root(e: GameEntry) -> Path:
    return (e.data / "scenarios") if e.data is not None else Path(str(paths.data_dir("scenarios")))


def scenario_file(game_id: str, scenario_id: str) -> Path:
    return paths.scenario_file(game_id, scenario_id, scenarios_root(entry(game_id)))


@lru_cache(maxsize=16)
def _load(game_id: str, scenario_file: str) -> tuple[Any, Any]:
    # Scenario and map files are read in CCRR ids whatever game was open before (a game
    # with its own ids, like B34.16 on a board of several sheets, parses them with its own scheme).
    with use_hex_ids(CCRR):
        return _load_files(game_id, scenario_file)


def _load_files(game_id: str, scenario_file: str) -> tuple[Any, Any]:
    e = entry(game_id)
    board, scen = e.load(Path(scenario_file), maps_dir(e))
    if scen.game != game_id:
        raise DataError(scenario_file, f"this scenario is for game {scen.game!r}, not {game_id!r}")
    return board, scen


def load_game_data(game_id: str, scenario_id: str) -> tuple[Any, Any]:
    """The board and scenario of a shipped scenario, read afresh (no cache): for benchmarks
    and tools that want the loading itself."""
    with use_hex_ids(CCRR):
        return _load_files(game_id, str(scenario_file(game_id, scenario_id)))


def scenario_title(game_id: str, scenario_id: str | None = None) -> str:
    """The title of a shipped scenario (its default one when None), from the files as
    ``open_game`` reads them: read once per process, then the same as the game's."""
    e = entry(game_id)
    path = scenario_file(game_id, scenario_id or e.default_scenario)
    _board, scen = _load(game_id, str(path))
    return str(getattr(scen, "title", "") or "")


def open_game(game_id: str, scenario_id: str | None = None, seed: int = 0, options: dict[str, Any] | None = None,
              scenario_path: str | Path | None = None) -> Game:
    """Start a new match of a game's scenario (its default scenario when None). Raises
    DataError for a bad file, KeyError for an unknown game or option, MalformedError for an
    option value of the wrong kind."""
    e = entry(game_id)
    scenario_id = scenario_id or e.default_scenario
    path = Path(scenario_path) if scenario_path else scenario_file(game_id, scenario_id)
    if not scenario_path and not path.exists():  # a file given by path: its reader says what is wrong
        folder = scenarios_root(e) / game_id
        ids = sorted(p.stem for p in folder.glob("*.yaml")) if folder.is_dir() else []
        raise UnknownScenario(path, f"no scenario {excerpt(scenario_id, 40)} for {e.title}; the scenarios are: "
                                    f"{', '.join(ids) or 'none'}")
    board, scen = _load(game_id, str(path))
    # Hex names in notation, records and labels follow the board's scheme (B34.16 or CCRR).
    set_hex_ids(hex_ids_of(board))
    opts = dict(options or {})
    known = e.option_defaults
    for k, v in opts.items():
        if k not in known:
            raise KeyError(f"unknown option {excerpt(k, 40)} for {game_id}; known: {', '.join(known)}")
        if type(v) is not type(known[k]):  # the text "false" must not switch an option on
            raise MalformedError(f"option {k!r} of {game_id} is on or off (true or false), not {excerpt(v, 40)}")
    rules = e.make_rules(board, scen, opts)
    dice = SeededDice(int(seed))
    state, events = rules.new_state(dice)
    # The record names every option that is on by default too, so that a later change of a
    # default never changes how an existing record replays.
    recorded = {**{k: v for k, v in known.items() if v}, **opts}
    header = {"game": game_id, "scenario": scenario_id, "seed": int(seed), "options": recorded}
    game = Game(rules, state, dice, header, events, entry=e)
    game.saver = save_record
    return game


# Records that start elsewhere than at a scenario's set-up name their start in their header
# (``lesson: <id>``: a lesson continued as a free game); the module that can open such a
# start registers here (``hexwar.lessons``), so this floor need not know it.
START_OPENERS: dict[str, Callable[[dict[str, Any]], Game]] = {}


def load_record(path: str | os.PathLike[str]) -> Game:
    """Replay a record file into a Game; DataError names the file and the problem.

    A record must replay to its digest. One saved under an earlier version of the game's rules
    (``rules_version`` lower than the rules' own, and one of the versions the game lists in
    ``replays_rules_versions``) is replayed under today's rules even when the position differs,
    with ``game.load_warning`` saying so; any other version is refused with the reason."""
    data = read_record(path)
    start = next((k for k in START_OPENERS if data.get(k)), None)
    try:
        if start is not None:
            game = START_OPENERS[start](data)
        else:
            game = open_game(data["game"], data["scenario"], seed=data["seed"], options=data["options"])
    except KeyError as e:  # unknown game or option
        raise DataError(path, str(e.args[0] if e.args else e)) from None
    except HexwarError as e:
        raise DataError(path, f"cannot open its game ({e})") from None
    saved_with, now = data["rules_version"], getattr(game.rules, "rules_version", 1)
    earlier = tuple(getattr(game.rules, "replays_rules_versions", range(1, now)))
    if saved_with > now:
        raise DataError(path, f"saved by a newer hexwar (rules version {saved_with} of {data['game']}; this "
                              f"hexwar has version {now}): update hexwar to open it")
    if saved_with != now and saved_with not in earlier:
        known = ", ".join(str(v) for v in (*earlier, now))
        raise DataError(path, f"rules version {saved_with} of {data['game']} is not one this hexwar can replay "
                              f"(it knows {known})")
    for i, text in enumerate(data["actions"]):
        try:
            game.apply(parse_action(text))
        except (MalformedError, IllegalActionError) as e:
            raise DataError(path, f"action {i + 1} ({excerpt(text)}) cannot be replayed: {clip(str(e), 200)}") from None
    if data["digest"] != game.digest():
        if saved_with == now:
            raise DataError(path, "replaying the actions does not give the recorded position (digest differs): "
                                  "the file was changed or damaged")
        # Saved under a known earlier version of the rules: every action is still legal, so the
        # game loads, but the position may differ a little from the one that was saved.
        game.load_warning = (f"saved with rules version {saved_with}, now {now}: the actions were replayed "
                             "under the current rules, so the position may differ slightly from the save")
    if isinstance(data.get("players"), dict):  # who played each side (human / computer)
        game.header["players"] = {str(k): str(v) for k, v in data["players"].items()}
    barrier = data.get("undo_barrier")
    if isinstance(barrier, int) and 0 <= barrier <= len(game.actions):
        game.undo_barrier = max(game.undo_barrier, barrier)
    return game


def list_scenarios() -> list[tuple[str, str]]:
    """(game id, scenario id) for every scenario of every registered game."""
    out = []
    for e in all_games():
        d = scenarios_root(e) / e.id
        if d.is_dir():
            out += [(e.id, p.stem) for p in sorted(d.glob("*.yaml"))]
    return out


def large_scenarios() -> set[tuple[str, str]]:
    """(game id, scenario id) of the scenarios a game declares too large for uniform random
    play to finish; the tools that play random games skip them."""
    return {(e.id, s) for e in all_games() for s in e.large_scenarios}


__all__ = ["open_game", "scenario_title",
           "large_scenarios", "load_record", "list_scenarios", "HexwarError", "scenario_file"]
