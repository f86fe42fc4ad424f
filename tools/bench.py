"""`make bench`: speed and memory figures, one line each, in a stable form.

    bench <game> <figure> <value> <unit>

Figures are measured, never asserted: the test suite has no timed tests.
"""
from __future__ import annotations

import gc
import os
import resource
import statistics
import sys
import tempfile
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import random  # noqa: E402
from typing import TYPE_CHECKING  # noqa: E402

import hexwar  # noqa: E402
from hexwar import session  # noqa: E402
from hexwar.core import collector  # noqa: E402

if TYPE_CHECKING:
    from hexwar.ai.player import BenchMatch

SEEDS = (1, 2, 3)


def line(game: str, figure: str, value: float, unit: str) -> None:
    print(f"bench {game:16s} {figure:34s} {value:12.3f} {unit}", flush=True)


def bench_game(game_id: str, scenario_id: str) -> None:
    # Loading: scenario and map together, as the game's own hooks read them (some games
    # have their own scenario format or a board of several sheets).
    t = []
    for _ in range(5):
        t0 = time.perf_counter()
        session.load_game_data(game_id, scenario_id)
        t.append(time.perf_counter() - t0)
    line(game_id, "map + scenario load (median)", statistics.median(t) * 1000, "ms")

    # Random games: wall time, and the time of each legal-action generation.
    gen_times: list[float] = []
    gen_cpu: list[float] = []  # the same listings in process CPU: the wall time counts the load too
    game_times: list[float] = []
    cpu_times: list[float] = []  # process CPU: the issue bars (e.g. Kasserine under 2 s) are CPU figures
    actions = 0
    records = []
    tmp = tempfile.TemporaryDirectory(prefix="hexwar-bench-")
    for seed in SEEDS:
        game = hexwar.open_game(game_id, scenario_id, seed=seed)
        rng = random.Random(seed)
        t0 = time.perf_counter()
        c0 = time.process_time()
        collector.settle()  # the collector as the client runs it: see bench_listing
        while game.result() is None:
            collector.idle()
            g0, p0 = time.perf_counter(), time.process_time()
            acts = game.legal_actions()
            gen_times.append(time.perf_counter() - g0)
            gen_cpu.append(time.process_time() - p0)
            game.apply(rng.choice(acts))
            actions += 1
        game_times.append(time.perf_counter() - t0)
        cpu_times.append(time.process_time() - c0)
        path = os.path.join(tmp.name, f"record-{seed}.yaml")
        game.save(path)
        records.append(path)
    line(game_id, "legal actions per decision (median)", statistics.median(gen_times) * 1000, "ms")
    line(game_id, "legal actions per decision (worst)", max(gen_times) * 1000, "ms")
    line(game_id, "legal actions CPU per decision (worst)", max(gen_cpu) * 1000, "ms")
    line(game_id, "random game wall time (median)", statistics.median(game_times), "s")
    line(game_id, "random game CPU (median)", statistics.median(cpu_times), "s")
    line(game_id, "random game CPU (worst)", max(cpu_times), "s")
    line(game_id, "actions per random game (mean)", actions / len(SEEDS), "actions")
    t0 = time.perf_counter()
    c0 = time.process_time()
    n = 0
    while time.perf_counter() - t0 < 3 or n < 3:
        hexwar.load_record(records[n % len(records)])
        n += 1
    line(game_id, "records replayed per second", n / (time.perf_counter() - t0), "records/s")
    line(game_id, "records replayed per CPU second", n / max(time.process_time() - c0, 1e-9), "records/s")
    tmp.cleanup()


# Each game's first two large scenarios (its entry's ``large_scenarios``, in name order; about a
# minute of CPU each) are benched with one long uniform random game, seed 1; the others get a
# listing figure (below). The machine is shared:
# CPU time (time.process_time) is the figure to compare, wall time only for scale.
LARGE_BENCH = {(e.id, s): 1 for e in hexwar.games.all_games() for s in sorted(e.large_scenarios)[:2]}


def bench_large_game(game_id: str, scenario_id: str, seed: int) -> None:
    """One uniform random game (every legal action equally likely) to the victory check."""
    gen_times: list[float] = []
    game = hexwar.open_game(game_id, scenario_id, seed=seed)
    rng = random.Random(seed)
    t0, c0 = time.perf_counter(), time.process_time()
    collector.settle()  # the collector as the client runs it: see bench_listing
    actions = 0
    while game.result() is None:
        collector.idle()
        g0 = time.process_time()
        acts = game.legal_actions()
        gen_times.append(time.process_time() - g0)
        game.apply(rng.choice(acts))
        actions += 1
    cpu, wall = time.process_time() - c0, time.perf_counter() - t0
    tag = f"{scenario_id.split('-')[0]} seed {seed}"
    line(game_id, f"{tag} random game CPU", cpu, "s")
    line(game_id, f"{tag} random game wall time", wall, "s")
    line(game_id, f"{tag} actions", actions, "actions")
    line(game_id, f"{tag} legal actions CPU (median)", statistics.median(gen_times) * 1000, "ms")
    line(game_id, f"{tag} legal actions CPU (worst)", max(gen_times) * 1000, "ms")
    line(game_id, f"{tag} legal actions CPU (share)", 100 * sum(gen_times) / max(cpu, 1e-9), "%")


# The other large scenarios get a listing figure from one capped uniform random game: every
# decision of a Black Wednesday scenario then has a benched worst (issue 22: 100 ms a click).
LISTING_CAP = 1500  # actions: the set-up and several Action Phases, about 5-15 s of CPU each


class _GcClock:
    """CPU time spent in the garbage collector since the last ``take()`` (gc.callbacks): a full
    collection can land in any listing, so the worst listing is given with and without it."""

    def __init__(self) -> None:
        self.spent, self._t0 = 0.0, 0.0
        gc.callbacks.append(self._tick)

    def _tick(self, phase: str, info: dict) -> None:
        if phase == "start":
            self._t0 = time.process_time()
        else:
            self.spent += time.process_time() - self._t0

    def take(self) -> float:
        got, self.spent = self.spent, 0.0
        return got

    def close(self) -> None:
        gc.callbacks.remove(self._tick)


def bench_listing(game_id: str, scenario_id: str, seed: int = 1, cap: int = LISTING_CAP) -> None:
    """CPU of each legal-action listing over a uniform random game capped at ``cap`` actions:
    worst, p99, and the worst with the garbage collector's share taken out. The collector runs
    as in the client (``core.collector``): the game's objects frozen once it is open, the full
    collection when one is due between decisions (the client's pauses), else Python's backstop,
    which would be counted in the listing it lands in."""
    game = hexwar.open_game(game_id, scenario_id, seed=seed)
    rng = random.Random(seed)
    collector.settle()
    clock = _GcClock()
    times: list[float] = []
    own: list[float] = []
    try:
        while game.result() is None and len(times) < cap:
            collector.idle()
            clock.take()
            g0 = time.process_time()
            acts = game.legal_actions()
            dt = time.process_time() - g0
            times.append(dt)
            own.append(dt - clock.take())
            game.apply(rng.choice(acts))
    finally:
        clock.close()
    times.sort()
    tag = f"{scenario_id.split('-')[0]} seed {seed}"
    line(game_id, f"{tag} listing CPU (p99)", times[int(0.99 * (len(times) - 1))] * 1000, "ms")
    line(game_id, f"{tag} listing CPU (worst)", times[-1] * 1000, "ms")
    line(game_id, f"{tag} listing CPU w/o gc (worst)", max(own) * 1000, "ms")


def bench_ai(game_id: str, match: BenchMatch | None = None, seed: int = 1) -> None:
    """The computer player ("ai" level) against the random one, once as each side: CPU per
    decision (median and worst) and the worst player-turn. Timing lives here, not in tests.
    ``match``: a scenario and version of the game's own ``bench_matches()``, with its opponent
    and its cap (printed); None: the default scenario to the end against the random player."""
    from hexwar.ai.player import BenchMatch, RandomPlayer, make_player, play_match

    e = hexwar.games.entry(game_id)
    m = match or BenchMatch(e.default_scenario, e.default_scenario, {}, RandomPlayer)
    tag = f"{m.name} " if match else ""
    sides = [s.id for s in e.sides]
    stop = (lambda g: g.turn() > m.turns) if m.turns else None  # the cap: once that turn is over
    for ai_side in sides:
        game = hexwar.open_game(game_id, m.scenario, seed=seed, options=dict(m.options))
        players = {s: make_player("ai", game_id, seed) if s == ai_side else m.opponent(seed) for s in sides}
        log = play_match(game, players, max_actions=200_000, stop=stop)
        if match:
            print(f"{game_id} {m.name}: the computer player as {ai_side} against "
                  f"{players[next(s for s in sides if s != ai_side)].name}, {m.cap()}", flush=True)
        cpu = log.cpu_decisions.get(ai_side, [0.0])
        line(game_id, f"{tag}AI {ai_side} decision CPU (median)", statistics.median(cpu) * 1000, "ms")
        line(game_id, f"{tag}AI {ai_side} decision CPU (worst)", max(cpu) * 1000, "ms")
        line(game_id, f"{tag}AI {ai_side} player-turn CPU (worst)", log.worst_cpu_turn(ai_side), "s")


def ai_matches(game_id: str) -> list[BenchMatch | None]:
    """The matches the game's computer player is benched in: its package's ``bench_matches()``
    (every scenario, capped where a whole game does not fit), else its default scenario."""
    from hexwar.ai.player import players_module

    mod = players_module(game_id)
    got = getattr(mod, "bench_matches", None) if mod is not None else None
    return list(got()) if callable(got) else [None]


def main() -> int:
    only = sys.argv[1:]  # `python tools/bench.py <game id> ...`: the figures of some games only
    large = hexwar.session.large_scenarios()
    for game_id, scenario_id in hexwar.list_scenarios():
        if only and game_id not in only:
            continue
        if (game_id, scenario_id) in LARGE_BENCH:
            bench_large_game(game_id, scenario_id, LARGE_BENCH[(game_id, scenario_id)])
            continue
        if (game_id, scenario_id) in large:  # a uniform random game of it does not end in bench time
            print(f"{game_id} {scenario_id}: random game not benched (a large scenario: the game's own "
                  f"tests play it); its listing over the first {LISTING_CAP} actions:")
            bench_listing(game_id, scenario_id)
            continue
        bench_game(game_id, scenario_id)
    for e in hexwar.games.all_games():  # each game's computer player: its benched scenarios
        if not only or e.id in only:
            for match in ai_matches(e.id):
                bench_ai(e.id, match)
    if only:
        return 0
    try:
        from hexwar.ui import bench as ui_bench  # the client's own figures, once it exists
    except ImportError:
        pass
    else:
        ui_bench.run(line)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    line("all", "peak memory (RSS)", peak, "MiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
