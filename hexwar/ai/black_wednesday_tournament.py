"""The Black Wednesday part of ``make tournament`` (``TOURNAMENT_GAME=black-wednesday``).

The computer player ("ai") plays each side of Scenario 1 against the random and the greedy
baselines, seeds 1..N. What counts as beating an opponent (docs/black-wednesday/ai.md):
reaching the side's victory level, for the Soviets a Soviet minor victory (every trench hex
clear of Axis units at the end of turn 12, decision S1-1), for the Axis an Axis minor victory
(any trench hex still held). Beside the rate it prints the mean number of trench hexes the
Axis holds at the end and, as the reference, what the baseline reaches from the same seat.
"""
from __future__ import annotations

import os
import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

from ..core.actions import EndPhase
from ..core.hexgrid import use_hex_ids
from ..core.units import ON_MAP
from .player import MatchLog, Player

GAME = "black-wednesday"
SCENARIO = os.environ.get("TOURNAMENT_BW_SCENARIO", "s1-turning-the-left")


def play_bw_match(game, players: dict[str, Player], max_actions: int = 20_000) -> MatchLog:
    """``play_match`` for this game (its rules have no ``phase``/``phase_side``): a
    player-turn is the time one side spends deciding in one phase of one turn."""
    log = MatchLog()
    for _ in range(max_actions):
        if game.result() is not None:
            return log
        side = game.acting_side()
        if side is None:
            game.apply(EndPhase())
            continue
        key = (game.state.turn, str(game.state.extra.get("phasing", game.state.phase)), side)
        t0 = time.perf_counter()
        dec = players[side].choose(game, side)
        dt = time.perf_counter() - t0
        log.decisions.setdefault(side, []).append(dt)
        log.turns[key] = log.turns.get(key, 0.0) + dt
        if dec.reason:
            with use_hex_ids(game.rules.ids):
                log.reasons.append((side, dec.action.notation(), dec.reason))
        game.apply(dec.action)
    raise RuntimeError(f"the match did not end within {max_actions} actions")


def held_trenches(game) -> int:
    r = game.rules
    return len({u.hex for u in r.on_map(game.state, "axis") if u.hex in r.trench_hexes})


def beats(side: str, winner: str | None) -> bool:
    return winner == side


def play_one(args: tuple[str, str, int]) -> dict:
    import hexwar
    from .player import make_player

    soviet, axis, seed = args
    game = hexwar.open_game(GAME, SCENARIO, seed=seed)
    players = {"soviet": make_player(soviet, GAME, seed), "axis": make_player(axis, GAME, seed + 10_000)}
    t0 = time.perf_counter()
    log = play_bw_match(game, players)
    ai_sides = [s for s, p in (("soviet", soviet), ("axis", axis)) if p == "ai"]
    res = game.result()
    return {"winner": res.winner, "level": res.level, "held": held_trenches(game),
            "axis_left": sum(1 for u in game.state.units.values()
                             if u.where == ON_MAP and game.rules.side_of(u.id) == "axis"),
            "decisions": [t for s in ai_sides for t in log.decisions.get(s, [])],
            "worst_turn": max((log.worst_turn(s) for s in ai_sides), default=0.0),
            "wall": time.perf_counter() - t0}


def run(soviet: str, axis: str, n: int, jobs: int, first: int = 1) -> list[dict]:
    tasks = [(soviet, axis, seed) for seed in range(first, first + n)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(play_one, tasks))
    return [play_one(t) for t in tasks]


def run_black_wednesday(n_random: int, n_greedy: int, jobs: int, line: Callable[[str, str, float, str], None]) -> None:
    times: list[float] = []
    worst = 0.0
    for base, n in (("random", n_random), ("greedy", n_greedy)):
        if n <= 0:
            continue
        ref = run(base, base, n, jobs)  # the baseline on both sides: the level to beat
        for side in ("soviet", "axis"):
            soviet, axis = ("ai", base) if side == "soviet" else (base, "ai")
            match = f"bw-ai-{side}-vs-{base}"
            games = run(soviet, axis, n, jobs)
            for g in games:
                times += g["decisions"]
                worst = max(worst, g["worst_turn"])
            line(match, f"{side} victory rate", 100 * sum(beats(side, g["winner"]) for g in games) / n, "%")
            line(match, "trench hexes axis holds (mean)", statistics.mean(g["held"] for g in games), "hexes")
            line(match, f"{base} in that seat: victory rate", 100 * sum(beats(side, r["winner"]) for r in ref) / n, "%")
            line(match, f"{base} in that seat: trench hexes", statistics.mean(r["held"] for r in ref), "hexes")
            line(match, "games", n, "games")
    if times:
        line("bw-ai", "decision time (mean)", statistics.mean(times) * 1000, "ms")
        line("bw-ai", "decision time (median)", statistics.median(times) * 1000, "ms")
        line("bw-ai", "decision time (worst)", max(times) * 1000, "ms")
        line("bw-ai", "player-turn time (worst)", worst, "s")
