"""The one interface every computer player offers, and a loop that plays a match.

A player is asked ``choose(game, side)`` whenever ``side`` must act, in every phase
and sub-step (set-up, moves, battle declarations, losses, retreats …), and answers a
``Decision``: one legal action and, for the important ones, a reason in plain words.
The greedy players are stateless, and so is a game's normal player that only scores the
legal options (its own docstring says so): the same public position always gives the same
decision (the random player draws from its own seeded generator).
"""
from __future__ import annotations

import importlib
import random
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from types import ModuleType
from typing import Protocol, cast

from ..core import collector
from ..core.actions import Action, EndPhase
from ..core.game import Game
from ..core.hexgrid import hex_ids_of, use_hex_ids
from ..games import entry
from .random_player import choose_random


@dataclass(frozen=True)
class Decision:
    action: Action
    reason: str | None = None


class Verb(Protocol):
    """An action of a game's own (a verb the game registers, ``core.actions.register_verb``)."""

    def notation(self) -> str: ...


def as_action(verb: Verb) -> Action:
    """A game's own action where an ``Action`` is asked for. The ``Action`` union lists the
    core's classes only, but the engine takes a game's registered verbs as well (``parse_action``
    returns them as ``Action``), so a player may answer with one."""
    return cast(Action, verb)


class Player(Protocol):
    name: str

    def choose(self, game: Game, side: str) -> Decision: ...


class RandomPlayer:
    """The random legal player as a ``Player`` (its own seeded generator)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, game: Game, side: str) -> Decision:
        act = choose_random(game, self.rng)
        if act is None:  # asked only when ``side`` must act, so the rules offer it an action
            raise RuntimeError(f"no legal action for {side}")
        return Decision(act)


@dataclass(frozen=True)
class MatchSpec:
    """What a match of a game counts in the tournament: a game's computer-player package
    exports one as ``MATCH``."""

    scenario: str  # the scenario played ("": the game's default)
    won: Callable[[Game, str], bool]  # (finished game, side) -> the side reached its better victory level
    figure: str  # the name of one figure printed beside the win rate, from the side's point of view
    value: Callable[[Game, str], float]  # (finished game, side) -> that figure
    # The game's own name for TOURNAMENT_SCENARIO in the environment (e.g. a short form of its
    # name), read when TOURNAMENT_SCENARIO is not set; "": none.
    scenario_env: str = ""
    # (kind, scenario, seed) -> the game's own baseline player of that kind for that scenario, or
    # None for the generic one (e.g. a random player that ends its phases on a huge board).
    baseline: Callable[[str, str, int], Player | None] | None = None
    # scenario -> (figure, value) when another scenario than ``scenario`` is played and the
    # figure above means nothing there; None: the same figure everywhere.
    figure_for: Callable[[str], tuple[str, Callable[[Game, str], float]]] | None = None


@dataclass(frozen=True)
class BenchMatch:
    """A match ``make bench`` times the computer player in, once as each side: a game's
    computer-player package lists them with ``bench_matches()`` (without one, its default
    scenario is played to the end against the random player)."""

    name: str  # as printed (the scenario, and its version)
    scenario: str
    options: Mapping[str, object]
    opponent: Callable[[int], Player]  # seed -> the player the computer plays against
    turns: int = 0  # stop once this turn is over (0: the whole game)

    def cap(self) -> str:
        """The part of the game played, in words."""
        if not self.turns:
            return "whole game"
        return "set-up and turn 1" if self.turns == 1 else f"set-up and turns 1-{self.turns}"


LEVELS = {"ai": "normal", "greedy": "easy", "normal": "normal", "easy": "easy"}


def players_module(game_id: str) -> ModuleType | None:
    """The game's computer-player package (its entry's ``ai``), or None if it has none."""
    name = entry(game_id).ai
    return importlib.import_module(name) if name else None


def match_spec(game_id: str) -> MatchSpec | None:
    mod = players_module(game_id)
    got = getattr(mod, "MATCH", None) if mod is not None else None
    return got if isinstance(got, MatchSpec) else None


def make_player(kind: str, game_id: str, seed: int = 0) -> Player:
    """A player by name: ``ai`` (or ``normal``: the game's computer player), ``greedy`` (or
    ``easy``) or ``random``. KeyError when the game has no such player."""
    if kind == "random":
        return RandomPlayer(seed)
    level = LEVELS.get(kind)
    if level is None:
        raise KeyError(f"unknown player {kind!r}: ai, greedy or random")
    mod = players_module(game_id)
    factory = (getattr(mod, "PLAYERS", None) or {}).get(level) if mod is not None else None
    if factory is None:
        raise KeyError(f"no computer player for {game_id!r} yet")
    player: Player = factory()
    return player


@dataclass
class MatchLog:
    """Timings of one match: every decision, and each player-turn's total per side, in
    wall seconds (``perf_counter``) and in CPU seconds of this process (``process_time``:
    on a shared machine the wall clock also counts the time other processes held the
    core; the CPU figure is the player's own work)."""

    decisions: dict[str, list[float]] = field(default_factory=dict)  # side -> seconds per decision
    turns: dict[tuple[int, str, str], float] = field(default_factory=dict)  # (turn, phase owner, decider) -> s
    reasons: list[tuple[str, str, str]] = field(default_factory=list)  # (side, action, reason)
    cpu_decisions: dict[str, list[float]] = field(default_factory=dict)  # side -> CPU s per decision
    cpu_turns: dict[tuple[int, str, str], float] = field(default_factory=dict)  # as ``turns``, CPU s

    def worst_turn(self, side: str) -> float:
        return max((t for (_, _, s), t in self.turns.items() if s == side), default=0.0)

    def worst_cpu_turn(self, side: str) -> float:
        return max((t for (_, _, s), t in self.cpu_turns.items() if s == side), default=0.0)


def turn_key(game: Game, side: str) -> tuple[int, str, str]:
    """The player-turn a decision of ``side`` belongs to: (turn, whose phase, decider).

    From the game's phase: its side if it has one (set-up counts as turn 0), else the acting
    side itself (an action phase that each side plays in turn: all a side decides in one turn
    is its player-turn)."""
    phase = game.phase()
    turn = 0 if phase.kind == "setup" else game.turn()
    return (turn, phase.side or side, side)


def play_match(game: Game, players: Mapping[str, Player], max_actions: int = 20_000,
               after: Callable[[Game, Decision, str], None] | None = None,
               stop: Callable[[Game], bool] | None = None) -> MatchLog:
    """Let the players play ``game`` (any game) to its end, or until ``stop(game)``; return
    the timings and the reasons (their notation in the game's own hex ids).

    The garbage collector runs as in the client (``core.collector``): the just-opened game's
    objects are frozen first, and a full collection that is due runs between decisions,
    outside their timings, instead of inside a decision."""
    log = MatchLog()
    ids = hex_ids_of(game.board)
    collector.settle()
    for _ in range(max_actions):
        if game.result() is not None or (stop is not None and stop(game)):
            return log
        side = game.acting_side()
        if side is None:  # nobody decides (nothing is left but to end the phase)
            game.apply(EndPhase())
            continue
        key = turn_key(game, side)
        collector.idle()
        t0, c0 = time.perf_counter(), time.process_time()
        dec = players[side].choose(game, side)
        dt, dc = time.perf_counter() - t0, time.process_time() - c0
        log.decisions.setdefault(side, []).append(dt)
        log.turns[key] = log.turns.get(key, 0.0) + dt
        log.cpu_decisions.setdefault(side, []).append(dc)
        log.cpu_turns[key] = log.cpu_turns.get(key, 0.0) + dc
        if dec.reason:
            with use_hex_ids(ids):
                log.reasons.append((side, dec.action.notation(), dec.reason))
        game.apply(dec.action)
        if after is not None:
            after(game, dec, side)
    raise RuntimeError(f"the match did not end within {max_actions} actions")
