"""`make tournament`: the computer player against the random and the greedy baselines.

Plays Objective: Kiev with the AI on each side against each baseline, seeds 1..N
(env TOURNAMENT_GAMES: N against random, default 40; TOURNAMENT_GREEDY_GAMES, default
20, or half of TOURNAMENT_GAMES when only that is set; TOURNAMENT_JOBS worker processes,
default 1 so that the timings are of one undisturbed core). One line per figure:

    tournament <match> <figure> <value> <unit>

What counts as beating an opponent (docs/ai.md): reaching the side's better victory
level in the game, a Soviet victory as the Soviets, an Axis victory or a draw (15+
cities) as the Axis. For the Axis the city count and level are also compared with
what the baseline itself gets as the Axis against the same opponent and seed.
"""
from __future__ import annotations

import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

import hexwar
from hexwar.ai.player import make_player, play_match

GAME, SCENARIO = "objective-kiev", "standard"


def play_one(args: tuple[str, str, int]) -> dict:
    """One game; returns the result, Axis cities and the AI's timings."""
    axis, soviet, seed = args
    game = hexwar.open_game(GAME, SCENARIO, seed=seed)
    from hexwar.ai.kursk_tournament import CpuTimed  # CPU seconds per decision and player-turn

    players = {"axis": make_player(axis, GAME, seed), "soviet": make_player(soviet, GAME, seed + 10_000)}
    cpu_turns: dict = {}
    cpu_dec: list[float] = []
    for side, kind in (("axis", axis), ("soviet", soviet)):
        if kind == "ai":
            players[side] = CpuTimed(players[side], cpu_turns, cpu_dec)
    t0 = time.perf_counter()
    log = play_match(game, players)
    res = game.result()
    ai_sides = [s for s, p in (("axis", axis), ("soviet", soviet)) if p == "ai"]
    return {
        "level": res.level,
        "cities": sum(1 for h in game.rules.board.places if game.state.control.get(h) == "axis"),
        "decisions": [t for s in ai_sides for t in log.decisions.get(s, [])],
        "worst_turn": max((log.worst_turn(s) for s in ai_sides), default=0.0),
        "cpu_decisions": cpu_dec,
        "cpu_worst_turn": max(cpu_turns.values(), default=0.0),
        "wall": time.perf_counter() - t0,
    }


def line(match: str, figure: str, value: float, unit: str) -> None:
    print(f"tournament {match:22s} {figure:36s} {value:10.3f} {unit}", flush=True)


def run(axis: str, soviet: str, n: int, jobs: int) -> list[dict]:
    tasks = [(axis, soviet, seed) for seed in range(1, n + 1)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(play_one, tasks))
    return [play_one(t) for t in tasks]


def main() -> int:
    n_random = int(os.environ.get("TOURNAMENT_GAMES", "40"))
    n_greedy = int(os.environ.get("TOURNAMENT_GREEDY_GAMES", max(1, n_random // 2) if "TOURNAMENT_GAMES" in os.environ else 20))
    jobs = int(os.environ.get("TOURNAMENT_JOBS", "1"))
    only = os.environ.get("TOURNAMENT_GAME", "all")  # objective-kiev, battle-for-kursk, kasserine-pass, black-wednesday or all
    if only == "battle-for-kursk":  # Kursk: hexwar/ai/kursk_tournament.py
        return kursk(n_random, n_greedy, jobs)
    if only == "kasserine-pass":  # Kasserine: hexwar/ai/kasserine_tournament.py
        return kasserine(n_random, n_greedy, jobs)
    if only == "black-wednesday":  # Black Wednesday Scenario 1: hexwar/ai/black_wednesday_tournament.py
        return black_wednesday(n_random, n_greedy, jobs)
    times: list[float] = []
    cpu: list[float] = []
    worst = cpu_worst = 0.0
    for base, n in (("random", n_random), ("greedy", n_greedy)):
        if n <= 0:
            continue
        # The baseline as the Axis against itself: the city count the AI has to beat.
        ref = run(base, base, n, jobs)
        for side in ("axis", "soviet"):
            axis, soviet = ("ai", base) if side == "axis" else (base, "ai")
            match = f"ai-{side}-vs-{base}"
            games = run(axis, soviet, n, jobs)
            for g in games:
                times += g["decisions"]
                cpu += g["cpu_decisions"]
                worst = max(worst, g["worst_turn"])
                cpu_worst = max(cpu_worst, g["cpu_worst_turn"])
            if side == "soviet":
                wins = sum(g["level"] == "Soviet victory" for g in games)
                line(match, "soviet win rate", 100 * wins / n, "%")
                line(match, "axis cities (mean)", statistics.mean(g["cities"] for g in games), "cities")
            else:
                wins = sum(g["level"] in ("Axis victory", "Draw") for g in games)
                line(match, "axis victory or draw rate", 100 * wins / n, "%")
                line(match, "axis victory rate", 100 * sum(g["level"] == "Axis victory" for g in games) / n, "%")
                line(match, "axis cities (mean)", statistics.mean(g["cities"] for g in games), "cities")
                line(match, f"{base} as axis: cities (mean)", statistics.mean(g["cities"] for g in ref), "cities")
                # The level the baseline itself reaches as the Axis: "beats" means a better one.
                line(match, f"{base} as axis: victory or draw rate",
                     100 * sum(g["level"] in ("Axis victory", "Draw") for g in ref) / n, "%")
                more = sum(g["cities"] > r["cities"] for g, r in zip(games, ref))
                line(match, f"more cities than {base} as axis", 100 * more / n, "%")
            line(match, "games", n, "games")
    if times:
        line("ai", "decision time (mean)", statistics.mean(times) * 1000, "ms")
        line("ai", "decision time (median)", statistics.median(times) * 1000, "ms")
        line("ai", "decision time (worst)", max(times) * 1000, "ms")
        line("ai", "player-turn time (worst)", worst, "s")
        # The bar (20 s a player-turn) is about the player's own work: CPU seconds.
        line("ai", "decision CPU time (median)", statistics.median(cpu) * 1000, "ms")
        line("ai", "player-turn CPU time (worst)", cpu_worst, "s")
    if only == "all":  # then Battle for Kursk, Kasserine Pass and Black Wednesday
        kursk(n_random, n_greedy, jobs)
        kasserine(n_random, n_greedy, jobs)
        return black_wednesday(n_random, n_greedy, jobs)
    return 0


def kursk(n_random: int, n_greedy: int, jobs: int) -> int:
    from hexwar.ai.kursk_tournament import run_kursk

    run_kursk(n_random, n_greedy, jobs, line)
    return 0


def kasserine(n_random: int, n_greedy: int, jobs: int) -> int:
    from hexwar.ai.kasserine_tournament import run_kasserine

    run_kasserine(n_random, n_greedy, jobs, line)
    return 0


def black_wednesday(n_random: int, n_greedy: int, jobs: int) -> int:
    from hexwar.ai.black_wednesday_tournament import run_black_wednesday

    run_black_wednesday(n_random, n_greedy, jobs, line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
