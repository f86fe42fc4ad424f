"""Purpose-made positions for tests, examples and tutorials.

A position is a small clear board with chosen terrain and hexside features, the
standard order of battle, and units put straight onto hexes in a chosen phase,
with set-up skipped. Headless; used by the test suite and the rule examples.

>>> g = position({"G-III": "0303", "SU-5A": "0404"}, phase="axis_combat")
>>> g.state.phase, g.state.units["G-III"].hex
('axis_combat', Hex(0303))
"""
from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...core.board import Board, HexsideFeature, Place
from ...core.dice import FixedDice
from ...core.game import Game
from ...core.hexgrid import Hex, parse_hex, parse_hexside
from ...core.record import save_record
from ...core.units import ARRIVING, ELIMINATED, ON_MAP, Unit
from ...loaders.scenario import load_scenario
from ...paths import scenario_file
from .rules import KievRules
from .tables import TURN_PHASES


def board(width: int = 10, height: int = 10, terrain: dict[str, str] | None = None,
          rivers: Iterable[str] = (), major_rivers: Iterable[str] = (), rails: Iterable[str] = (),
          cities: dict[str, str] | None = None, major_cities: dict[str, str] | None = None,
          edges: dict[str, Iterable[str]] | None = None, regions: dict[str, Iterable[str]] | None = None,
          marks: dict[str, Iterable[str]] | None = None) -> Board:
    """A small board: clear everywhere except ``terrain``; features by hexside id.
    Default edges: Axis on column 01, Soviet on the last column."""
    t = {Hex(c, r): "clear" for c in range(1, width + 1) for r in range(1, height + 1)}
    for h, name in (terrain or {}).items():
        t[parse_hex(h)] = name
    feats = []
    for kind, sides in (("river", rivers), ("major_river", major_rivers), ("rail", rails)):
        parsed = tuple(parse_hexside(s) for s in sides)
        if parsed:
            feats.append(HexsideFeature(kind, kind, parsed))
    places = {}
    for kind, d in (("city", cities or {}), ("major_city", major_cities or {})):
        for h, name in d.items():
            places[parse_hex(h)] = Place(name, parse_hex(h), kind)
    if edges is None:
        edges = {"axis": [f"01{r:02d}" for r in range(1, height + 1)],
                 "soviet": [f"{width:02d}{r:02d}" for r in range(1, height + 1)]}
    mk: dict[Hex, tuple[str, ...]] = {}
    for m, hs in (marks or {}).items():
        for h in hs:
            mk[parse_hex(h)] = mk.get(parse_hex(h), ()) + (m,)
    return Board(width, height, t, feats, places, mk,
                 {s: frozenset(parse_hex(h) for h in hs) for s, hs in edges.items()},
                 {n: frozenset(parse_hex(h) for h in hs) for n, hs in (regions or {}).items()})


def position(units: dict[str, str], phase: str = "axis_movement", turn: int = 2, board_: Board | None = None,
             dice: Iterable[int] = (), reduced: Iterable[str] = (), mech: dict[str, str] | None = None,
             untried: Iterable[str] = (), options: dict[str, Any] | None = None,
             origin: dict[str, str] | None = None) -> Game:
    """A game in ``phase`` of ``turn`` with ``units`` (id -> hex) on the map.

    ``mech`` places mech-corps tokens by identity (``{"SU-7M": "0405"}`` is not in the
    order of battle, so identities are the scenario's, e.g. ``SU-2M``); they are revealed
    unless named in ``untried``. Units not listed are off the map: eliminated, except
    reinforcements not yet due, which stay on the turn track (11.0).
    ``dice`` are the die rolls the game will make, in order.
    """
    scen = load_scenario(scenario_file("objective-kiev", "standard"))
    b = board_ or board()
    rules = KievRules(b, scen, options)
    fixed = FixedDice(list(dice))
    state, _ = rules.new_state(fixed)
    tokens = sorted((u for u in state.units.values() if not u.revealed), key=lambda u: int(u.id.split("M")[-1]))
    turn_order = {p: i for i, p in enumerate(TURN_PHASES)}
    for uid, u in list(state.units.items()):
        if u.where == ARRIVING and uid not in units and (
                u.arrives > turn or (u.arrives == turn and phase in turn_order
                                     and turn_order[phase] <= turn_order[f"{rules.side(uid)}_buildup"])):
            continue  # 11.0: a reinforcement still due keeps its turn of arrival (it was made "eliminated", a bug)
        if u.where != ON_MAP:
            state.units[uid] = Unit(u.id, u.spec, "eliminated", None, 1, True)
    for uid, h in units.items():
        spec = rules.specs[state.units[uid].spec]
        steps = 1 if uid in set(reduced) else spec.max_steps
        state.units[uid] = Unit(uid, state.units[uid].spec, ON_MAP, parse_hex(h), steps, True)
    # Give tokens the identities asked for, in token order; the other tokens take the
    # identities left over, so that no corps is dealt twice (10 tokens, 10 corps: 6.0 step 2).
    asked = list((mech or {}).items())
    pool = rules.pool_of[tokens[0].id] if tokens else None  # every token comes from a pool
    spare = [i for i in rules.scenario.pools[pool] if i not in dict(asked)] if pool is not None else []
    for n, tok in enumerate(tokens):
        if n < len(asked):
            ident, h = asked[n]
            state.units[tok.id] = Unit(tok.id, ident, ON_MAP, parse_hex(h), 1,
                                       tok.id not in set(untried) and ident not in set(untried))
        else:
            state.units[tok.id] = Unit(tok.id, spare.pop(0), ELIMINATED, None, 1, True)
    state.phase = phase
    state.turn = turn
    for uid, h in (origin or {}).items():
        state.origin[uid] = parse_hex(h)
    for uid, u in state.units.items():
        if u.where == ON_MAP and uid not in state.origin:
            state.origin[uid] = u.map_hex
    rules._begin_phase(state, [])
    from . import GAME

    game = Game(rules, state, fixed, {"game": "objective-kiev", "scenario": "standard", "seed": 0,
                                      "options": options or {}}, entry=GAME)
    game.saver = save_record
    return game


def token_for(game: Game, ident: str) -> str:
    """The token id that carries mech identity ``ident`` in a position."""
    units: dict[str, Unit] = game.state.units
    return next(u.id for u in units.values() if u.spec == ident)
