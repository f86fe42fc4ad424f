"""The Battle for Kursk part of ``make tournament`` (tools/tournament.py calls ``run_kursk``).

The computer player ("ai") plays each side against the random and the greedy
baselines, seeds 1..N, on the full scenario (turns A-D and 1-8). What counts as a
win (docs/ai.md): the AI's side wins the game at any level (5.0: a VP total on its
side of zero, or Moscow for the Germans); a draw is not a win. Beside the win rate
it prints the mean VP from the AI side's point of view and, as the reference, what
the baseline itself scores from the same seat against the same opponent and seeds.
"""
from __future__ import annotations

import statistics
import time
from concurrent.futures import ProcessPoolExecutor
from typing import Callable

GAME, SCENARIO = "battle-for-kursk", "full"
SIGN = {"russian": 1, "german": -1}  # 5.0: Russian VP count up, German down


class CpuTimed:
    """A player whose decisions are timed in CPU seconds (``time.process_time``), per
    decision and per player-turn: on a shared machine the wall clock also counts the
    time other processes held the core; the CPU figure is the player's own work."""

    def __init__(self, inner, turns: dict, decisions: list) -> None:
        self.inner, self.turns, self.decisions = inner, turns, decisions
        self.name = getattr(inner, "name", "ai")

    def choose(self, game, side: str):
        phase = game.rules.phase(game.state)
        key = (game.state.turn if phase.kind != "setup" else 0, phase.side or "", side)
        t0 = time.process_time()
        dec = self.inner.choose(game, side)
        dt = time.process_time() - t0
        self.decisions.append(dt)
        self.turns[key] = self.turns.get(key, 0.0) + dt
        return dec


def play_one(args: tuple[str, str, int]) -> dict:
    import hexwar
    from hexwar.ai.player import make_player, play_match

    german, russian, seed = args
    game = hexwar.open_game(GAME, SCENARIO, seed=seed)
    players = {"german": make_player(german, GAME, seed), "russian": make_player(russian, GAME, seed + 10_000)}
    cpu_turns: dict = {}
    cpu_dec: list[float] = []
    for side, kind in (("german", german), ("russian", russian)):
        if kind == "ai":
            players[side] = CpuTimed(players[side], cpu_turns, cpu_dec)
    t0 = time.perf_counter()
    log = play_match(game, players)
    res = game.result()
    vp = game.rules.vp(game.state)[0]
    if res.winner == "german" and game.state.control.get(game.rules.moscow) == "german":
        vp = min(vp, -6)  # 5.0 Moscow: a strategic German win
    ai_sides = [s for s, p in (("german", german), ("russian", russian)) if p == "ai"]
    return {"winner": res.winner, "level": res.level, "vp": vp,
            "decisions": [t for s in ai_sides for t in log.decisions.get(s, [])],
            "worst_turn": max((log.worst_turn(s) for s in ai_sides), default=0.0),
            "cpu_decisions": cpu_dec, "cpu_worst_turn": max(cpu_turns.values(), default=0.0),
            "wall": time.perf_counter() - t0}


def run(german: str, russian: str, n: int, jobs: int) -> list[dict]:
    tasks = [(german, russian, seed) for seed in range(1, n + 1)]
    if jobs > 1:
        with ProcessPoolExecutor(jobs) as ex:
            return list(ex.map(play_one, tasks))
    return [play_one(t) for t in tasks]


def run_kursk(n_random: int, n_greedy: int, jobs: int, line: Callable[[str, str, float, str], None]) -> None:
    times: list[float] = []
    cpu: list[float] = []
    worst = cpu_worst = 0.0
    for base, n in (("random", n_random), ("greedy", n_greedy)):
        if n <= 0:
            continue
        ref = run(base, base, n, jobs)  # the baseline in the AI's seat: the score to beat
        for side in ("german", "russian"):
            german, russian = ("ai", base) if side == "german" else (base, "ai")
            match = f"kursk-ai-{side}-vs-{base}"
            games = run(german, russian, n, jobs)
            for g in games:
                times += g["decisions"]
                cpu += g["cpu_decisions"]
                worst = max(worst, g["worst_turn"])
                cpu_worst = max(cpu_worst, g["cpu_worst_turn"])
            wins = sum(g["winner"] == side for g in games)
            line(match, f"{side} win rate", 100 * wins / n, "%")
            line(match, "draw rate", 100 * sum(g["winner"] is None for g in games) / n, "%")
            line(match, f"{side} VP (mean)", statistics.mean(SIGN[side] * g["vp"] for g in games), "VP")
            line(match, f"{base} in that seat: VP (mean)", statistics.mean(SIGN[side] * r["vp"] for r in ref), "VP")
            better = sum(SIGN[side] * g["vp"] > SIGN[side] * r["vp"] for g, r in zip(games, ref))
            line(match, f"more VP than {base} in that seat", 100 * better / n, "%")
            line(match, "games", n, "games")
    if times:
        line("kursk-ai", "decision time (mean)", statistics.mean(times) * 1000, "ms")
        line("kursk-ai", "decision time (median)", statistics.median(times) * 1000, "ms")
        line("kursk-ai", "decision time (worst)", max(times) * 1000, "ms")
        line("kursk-ai", "player-turn time (worst)", worst, "s")
        line("kursk-ai", "decision CPU time (median)", statistics.median(cpu) * 1000, "ms")
        line("kursk-ai", "player-turn CPU time (worst)", cpu_worst, "s")
