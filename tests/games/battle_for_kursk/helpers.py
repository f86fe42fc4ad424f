"""Purpose-made Battle for Kursk positions for the rule tests (no rules here).

A position is a small clear board (German side west of column 06, Russian side from
06 east; blue edge column 01, red edge the last column; Moscow and Kiev in far
corners) with real units of the order of battle put straight onto hexes in a phase.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from functools import lru_cache

from _game_tests import kinds, legal, of, play, rule_of, where  # noqa: F401  (the game tests import them from here)

from hexwar.core.board import Board, Zone
from hexwar.core.dice import FixedDice
from hexwar.core.game import Game
from hexwar.core.hexgrid import Hex, hex_name, parse_hex
from hexwar.core.units import ELIMINATED, ON_MAP, Unit
from hexwar.games.battle_for_kursk.rules import KurskRules
from hexwar.games.objective_kiev.positions import board as _kiev_board
from hexwar.loaders.scenario import load_scenario
from hexwar.session import scenario_file

H = parse_hex


def kboard(width: int = 10, height: int = 10, terrain: dict[str, str] | None = None, rivers: Iterable[str] = (),
           major_rivers: Iterable[str] = (), rails: Iterable[str] = (), cities: dict[str, str] | None = None,
           major_cities: dict[str, str] | None = None, edges: dict[str, Iterable[str]] | None = None,
           forts: dict[str, tuple[str, str, Iterable[str]]] | None = None, split: int = 6) -> Board:
    """A test board. ``forts``: name -> (side, active_from turn label, hexes)."""
    majors = {"1001": "Moscow", "0110": "Kiev"}
    majors.update(major_cities or {})
    if edges is None:
        edges = {"german": [f"01{r:02d}" for r in range(1, height + 1)],
                 "russian": [f"{width:02d}{r:02d}" for r in range(1, height + 1)]}
    regions = {"German side": [f"{c:02d}{r:02d}" for c in range(1, split) for r in range(1, height + 1)],
               "Russian side": [f"{c:02d}{r:02d}" for c in range(split, width + 1) for r in range(1, height + 1)]}
    b = _kiev_board(width, height, terrain, rivers, major_rivers, rails, cities, majors, edges, regions)
    zones = [Zone("fortification", name, frozenset(H(h) for h in hs), {"side": side, "active_from": frm})
             for name, (side, frm, hs) in (forts or {}).items()]
    return replace(b, zones=zones)


def position(units: dict[str, str], phase: str = "german_movement", turn: str = "1", board_: Board | None = None,
             dice: Iterable[int] = (), reduced: Iterable[str] = (), posture: dict[str, str] | None = None,
             mud: bool = False, available: dict[str, int] | None = None, options: dict | None = None,
             control: dict[str, str] | None = None, scenario: str = "full") -> Game:
    """A game in ``phase`` of ``turn`` with ``units`` (id -> hex) on the map at full
    strength (or reduced when named in ``reduced``); every other unit is eliminated."""
    scen = _scenario(scenario)
    b = board_ or kboard()
    rules = KurskRules(b, scen, options)
    state, _ = rules.new_state(FixedDice([]))
    state.stage = None
    for uid, u in list(state.units.items()):
        state.units[uid] = Unit(uid, u.spec, ELIMINATED, None, 1)
    for uid, h in units.items():
        state.units[uid] = Unit(uid, uid, ON_MAP, H(h), 1 if uid in set(reduced) else 2)
    for h, side in (control or {}).items():
        state.control[H(h)] = side
    state.turn = rules.camp.number(turn)
    state.phase = phase
    state.extra["posture"] = dict(posture or {"german": "engage", "russian": "engage"})
    state.extra["mud"] = mud
    state.extra["available"] = dict(available or {"german": 3, "russian": 3})
    rules._begin_phase(state, [])
    return Game(rules, state, FixedDice(list(dice)),
                {"game": "battle-for-kursk", "scenario": scenario, "seed": 0, "options": options or {}})


@lru_cache(maxsize=4)
def _scenario(name: str):
    return load_scenario(scenario_file("battle-for-kursk", name))  # read only: shared by the tests


def dests(game: Game, uid: str) -> set[str]:
    return {hex_name(h) for h in game.rules.reach(game.state, uid)}


def cost(game: Game, uid: str, h: str) -> float:
    return game.rules.reach(game.state, uid)[H(h)][0]


__all__ = ["H", "Hex", "kboard", "position", "where", "kinds", "of", "legal", "rule_of", "play", "dests", "cost"]
