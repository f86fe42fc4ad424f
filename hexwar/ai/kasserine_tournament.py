"""The Kasserine Pass part of ``make tournament`` (tools/tournament.py calls ``run_kasserine``).

The computer player ("ai") plays each side against the random and the greedy baselines,
seeds 1..N, on the standard scenario (12 turns). What counts as beating an opponent
(docs/ai.md, Kasserine section): reaching the side's better victory level, for the Allies
a German defeat (0-2 German points), for the Germans any German victory (3 points or more:
tactical, decisive or strategic). Beside the rate it prints the mean German points and, as
the reference, what the baseline itself reaches from the same seat against the same
opponent and seeds.
"""
from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

GAME, SCENARIO = "kasserine-pass", "standard"
WIN_POINTS = 3  # a German tactical victory or better (KP-VICTORY)


def beats(side: str, points: int) -> bool:
    """The side reached its better victory level."""
    return points >= WIN_POINTS if side == "axis" else points < WIN_POINTS


def play_one(args: tuple[str, str, int]) -> dict:
    import hexwar
    from hexwar.ai.player import make_player, play_match

    axis, allied, seed = args
    game = hexwar.open_game(GAME, SCENARIO, seed=seed)
    players = {"axis": make_player(axis, GAME, seed), "allied": make_player(allied, GAME, seed + 10_000)}
    t0 = time.perf_counter()
    log = play_match(game, players)
    ai_sides = [s for s, p in (("axis", axis), ("allied", allied)) if p == "ai"]
    return {"level": game.result().level, "points": game.rules.german_points(game.state),
            "decisions": [t for s in ai_sides for t in log.decisions.get(s, [])],
            "worst_turn": max((log.worst_turn(s) for s in ai_sides), default=0.0),
            "wall": time.perf_counter() - t0}


def run(axis: str, allied: str, n: int, jobs: int) -> list[dict]:
    tasks = [(axis, allied, seed) for seed in range(1, n + 1)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(play_one, tasks))
    return [play_one(t) for t in tasks]


def run_kasserine(n_random: int, n_greedy: int, jobs: int, line: Callable[[str, str, float, str], None]) -> None:
    times: list[float] = []
    worst = 0.0
    for base, n in (("random", n_random), ("greedy", n_greedy)):
        if n <= 0:
            continue
        ref = run(base, base, n, jobs)  # the baseline in the AI's seat: the level to beat
        for side in ("axis", "allied"):
            axis, allied = ("ai", base) if side == "axis" else (base, "ai")
            match = f"kasserine-ai-{side}-vs-{base}"
            games = run(axis, allied, n, jobs)
            for g in games:
                times += g["decisions"]
                worst = max(worst, g["worst_turn"])
            line(match, f"{side} better level rate", 100 * sum(beats(side, g["points"]) for g in games) / n, "%")
            if side == "axis":
                line(match, "decisive or strategic rate", 100 * sum(g["points"] >= 5 for g in games) / n, "%")
            line(match, "german points (mean)", statistics.mean(g["points"] for g in games), "pts")
            line(match, f"{base} in that seat: better level rate",
                 100 * sum(beats(side, r["points"]) for r in ref) / n, "%")
            line(match, f"{base} in that seat: german points", statistics.mean(r["points"] for r in ref), "pts")
            line(match, "games", n, "games")
    if times:
        line("kasserine-ai", "decision time (mean)", statistics.mean(times) * 1000, "ms")
        line("kasserine-ai", "decision time (median)", statistics.median(times) * 1000, "ms")
        line("kasserine-ai", "decision time (worst)", max(times) * 1000, "ms")
        line("kasserine-ai", "player-turn time (worst)", worst, "s")
