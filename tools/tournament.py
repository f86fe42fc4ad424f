"""`make tournament`: each game's computer player against the random and the greedy baselines.

For every game with a computer player, the AI plays each side against each baseline on
seeds first..first+N-1 (the generic ``hexwar.ai.player.play_match``), and the runner prints,
per game and side, the win rate against random and against greedy with the issue's bar
(95% against random, 70% against greedy: docs/ai.md, "What beats means") and whether it is
met, and the AI's decision CPU time (median, mean) and its worst player-turn in CPU
seconds (``time.process_time``: on a shared machine the wall clock counts the wait for a
core). What counts as a win differs by game (the side's better victory level); see
each game's ``MATCH`` (``hexwar/ai/<game>/__init__.py``) and docs/ai.md.

Environment:
  TOURNAMENT_GAME          one game id (``hexwar.games.game_ids()``) or ``all``
                           (default)
  TOURNAMENT_SIDE          one side (e.g. ``german``) or ``all`` (default)
  TOURNAMENT_GAMES         games against random (default 40); when it is set and
                           TOURNAMENT_GREEDY_GAMES is not, also the games against greedy
  TOURNAMENT_GREEDY_GAMES  games against greedy (default 20)
  TOURNAMENT_FROZEN_GAMES  games against the frozen computer player, today's player as it
                           stood at tools/frozen_players.py's commit (default 0; issue 24
                           asks for 40)
  TOURNAMENT_FIRST_SEED    the first seed (default: drawn at random and printed, so that
                           each run plays a block of seeds nobody tuned on; set it to
                           repeat a run)
  TOURNAMENT_JOBS          worker processes (default 1: the timings of one core)
  TOURNAMENT_REFERENCE     1: also play each baseline in the AI's seat against the same
                           opponent and seeds, and print its win rate and figure
  TOURNAMENT_SCENARIO      the scenario to play (default: the one the game's ``MATCH`` names;
                           ``<scenario>+<option>`` turns one option on, e.g. ``s7-breakout+campaign``)
  TOURNAMENT_<X>_SCENARIO  the same, under the name a game's ``MATCH`` gives it (its
                           ``scenario_env``; docs/ai.md lists them)

Output: one line per figure (a win rate with its 90% confidence interval and the seeds
not won), ``tournament <game> <match> <figure> <value> <unit>``, a
``per game`` line per game with the seeds and the load average before and after, and a
summary table at the end, then the table of mechanics in use: per game and side, how often
the AI used each mechanic its rules give it (the game's ``MECHANICS``,
``hexwar/ai/mechanics.py``), counted from each finished game's record, an unused one as 0
(also one ``mechanic`` line each after the game's win rates). The exit status is 0 whether
or not the bars are met (a measurement, not a test).

    make tournament                                         # the full bars, every game
    TOURNAMENT_GAMES=2 make tournament                      # a quick end-to-end check
    TOURNAMENT_GAME=<game id> TOURNAMENT_JOBS=2 make tournament
"""
from __future__ import annotations

import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass

# issue 8: 95% of the games against random, a clear majority against greedy; issue 24: the new
# players beat the frozen ones (tools/frozen_players.py) in at least 60% of the games.
BARS = {"random": 95.0, "greedy": 70.0, "frozen": 60.0}
BASES = tuple(BARS)
Z90 = 1.6449  # the normal quantile of a two-sided 90% interval
# Fresh blocks are drawn far above the low seeds the players were tuned on (1-40, 101-140).
FRESH_SEEDS = (100_000, 999_999)


def interval(wins: int, games: int, z: float = Z90) -> tuple[float, float]:
    """The Wilson score interval of a win rate, in percent: honest at 0 or all wins and for
    the small samples a tournament plays, where the normal approximation is not."""
    if games <= 0:
        return (0.0, 100.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (100.0 * max(0.0, centre - half), 100.0 * min(1.0, centre + half))


def first_seed(env: dict[str, str], draw: random.Random | None = None) -> tuple[int, bool]:
    """The first seed of the block and whether it was drawn (True) or given (False)."""
    text = env.get("TOURNAMENT_FIRST_SEED", "")
    if text:
        try:
            return int(text), False
        except ValueError:
            raise SystemExit(f"TOURNAMENT_FIRST_SEED must be a whole number, not {text!r}") from None
    return (draw or random.SystemRandom()).randint(*FRESH_SEEDS), True


@dataclass(frozen=True)
class Spec:
    """One game in the tournament: its sides, and what its computer-player package counts."""

    game: str
    scenario: str
    sides: tuple[str, str]
    won: Callable  # (game, side) -> bool: the side reached its better victory level
    figure: str  # the name of the per-game figure, from the side's point of view
    value: Callable  # (game, side) -> float
    baseline: Callable | None = None  # (kind, scenario, seed) -> the game's own baseline, or None


def specs() -> dict[str, Spec]:
    """Every registered game whose computer players say what a match counts (``MATCH``)."""
    from hexwar.ai.player import match_spec
    from hexwar.games import all_games

    out = {}
    for e in all_games():
        m = match_spec(e.id)
        if m is None:
            continue
        scenario = (os.environ.get("TOURNAMENT_SCENARIO", "") or os.environ.get(m.scenario_env or "-", "")
                    or m.scenario or e.default_scenario)
        figure, value = m.figure_for(scenario) if m.figure_for else (m.figure, m.value)
        out[e.id] = Spec(e.id, scenario, (e.sides[0].id, e.sides[1].id), m.won, figure, value, m.baseline)
    return out


# ---------------------------------------------------------------- one game
def _player(kind: str, spec: Spec, seed: int):
    """A player by kind; ``frozen`` is the computer player as frozen for issue 24; a baseline
    is the game's own for the scenario when it names one (``MatchSpec.baseline``)."""
    if kind == "frozen":
        from tools.frozen_players import make_frozen
        return make_frozen("ai", spec.game, seed)
    own = spec.baseline(kind, spec.scenario, seed) if spec.baseline else None
    if own is not None:
        return own
    from hexwar.ai.player import make_player
    return make_player(kind, spec.game, seed)


def play_one(task: tuple[str, str, str, str, int]) -> dict:
    """One game: ``(game id, kind of the first side, kind of the second, the AI's side or '',
    seed)``; returns whether the AI's seat won, the figure and the AI's CPU timings."""
    import hexwar
    from hexwar.ai.mechanics import count_uses, mechanics_of
    from hexwar.ai.player import play_match

    game_id, first, second, seat, seed = task
    spec = specs()[game_id]
    scen, _, extra = spec.scenario.partition("+")  # "s7-breakout+campaign": a scenario with an option on
    game = hexwar.open_game(game_id, scen, seed=seed, options={extra: True} if extra else None)
    kinds = dict(zip(spec.sides, (first, second)))
    # The first side's player draws from the seed, the second's from seed + 10,000 (as before).
    players = {s: _player(k, spec, seed + 10_000 * i) for i, (s, k) in enumerate(kinds.items())}
    t0 = time.perf_counter()
    log = play_match(game, players)
    result = game.result()
    assert result is not None, "play_match returns only once the game is over"
    mechanics = mechanics_of(game_id)
    used = count_uses(game, seat, mechanics)
    labels = {m.name: f"{m.name} ({m.rule})" for m in mechanics}
    return {"mechanics": {labels[k]: v for k, v in used.items()},
            "seed": seed, "won": spec.won(game, seat), "level": result.level,
            "value": spec.value(game, seat),
            "cpu": log.cpu_decisions.get(seat, []) if kinds[seat] == "ai" else [],
            "cpu_turn": log.worst_cpu_turn(seat) if kinds[seat] == "ai" else 0.0,
            "wall": time.perf_counter() - t0}


# ---------------------------------------------------------------- the runner
def line(game: str, match: str, figure: str, value: float, unit: str) -> None:
    print(f"tournament {game:17s} {match:20s} {figure:38s} {value:10.3f} {unit}", flush=True)


def env_int(name: str, default: int) -> int:
    text = os.environ.get(name)
    if text is None or text == "":
        return default
    try:
        return int(text)
    except ValueError:
        raise SystemExit(f"{name} must be a whole number, not {text!r}") from None


def counts() -> dict[str, int]:
    n_random = env_int("TOURNAMENT_GAMES", 40)
    default_greedy = n_random if "TOURNAMENT_GAMES" in os.environ else 20
    return {"random": n_random, "greedy": env_int("TOURNAMENT_GREEDY_GAMES", default_greedy),
            "frozen": env_int("TOURNAMENT_FROZEN_GAMES", 0)}


def tasks_for(spec: Spec, side: str, base: str, n: int, first: int, reference: bool) -> list[tuple]:
    kind = base if reference else "ai"
    out = []
    for seed in range(first, first + n):
        pair = (kind, base) if side == spec.sides[0] else (base, kind)
        out.append((spec.game, pair[0], pair[1], side, seed))
    return out


def run_tasks(tasks: list[tuple], jobs: int) -> Iterator[dict]:
    """Each task's result, in the tasks' order, as soon as it is there."""
    if jobs > 1 and len(tasks) > 1:
        with ProcessPoolExecutor(jobs) as ex:
            yield from ex.map(play_one, tasks, chunksize=1)
        return
    for t in tasks:
        yield play_one(t)


def shown(spec: Spec, tasks: list[tuple], results: Iterator[dict]) -> Iterator[dict]:
    """The results, each printed as it comes (``progress``)."""
    for task, g in zip(tasks, results):
        progress(spec, task, g)
        yield g


def progress(spec: Spec, task: tuple, g: dict) -> None:
    """One line per finished game, so that a run of hours shows it is going and what it got."""
    _, first, second, seat, seed = task
    kinds = dict(zip(spec.sides, (first, second)))
    other = next(k for s, k in kinds.items() if s != seat)
    who = f"{kinds[seat]}-{seat}-vs-{other}"
    cpu = f", AI decisions {sum(g['cpu']):.1f} s CPU (worst {max(g['cpu']) :.2f} s)" if g["cpu"] else ""
    print(f"tournament {spec.game:17s} {who:20s} game {seed}: {'won' if g['won'] else 'not won'} "
          f"({g['level'] or 'draw'}), {spec.figure.split(' (')[0]} {g['value']:g}{cpu}, {g['wall']:.0f} s wall",
          flush=True)


def load() -> str:
    try:
        return "/".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:  # pragma: no cover - a system without load averages
        return "?"


def run_game(spec: Spec, sides: list[str], n: dict[str, int], first: int, jobs: int,
             reference: bool) -> list[tuple]:
    """Play one game's matches; print its lines; return its summary rows."""
    matches = [(side, base) for side in sides for base in BASES if n.get(base, 0) > 0]
    tasks: list[tuple] = []
    for side, base in matches:
        tasks += tasks_for(spec, side, base, n[base], first, False)
        if reference:
            tasks += tasks_for(spec, side, base, n[base], first, True)
    print(f"tournament {spec.game:17s} scenario {spec.scenario}", flush=True)
    before, t0 = load(), time.perf_counter()
    results = shown(spec, tasks, run_tasks(tasks, jobs))
    rows = []
    for side, base in matches:
        games = [next(results) for _ in range(n[base])]
        ref = [next(results) for _ in range(n[base])] if reference else []
        match = f"ai-{side}-vs-{base}"
        wins = sum(g["won"] for g in games)
        rate = 100.0 * wins / len(games)
        met = rate >= BARS[base]
        low, high = interval(wins, len(games))
        line(spec.game, match, f"win rate (bar {BARS[base]:g}%: {'met' if met else 'NOT met'})", rate, "%")
        print(f"tournament {spec.game:17s} {match:20s} 90% interval of the win rate: {low:.1f}%..{high:.1f}% "
              f"({wins} of {len(games)})", flush=True)
        line(spec.game, match, "games", len(games), "games")
        line(spec.game, match, spec.figure, statistics.mean(g["value"] for g in games), "")
        lost = [g["seed"] for g in games if not g["won"]]
        if lost:
            print(f"tournament {spec.game:17s} {match:20s} seeds not won: {' '.join(map(str, lost))}", flush=True)
        if ref:
            line(spec.game, match, f"{base} in that seat: win rate", 100.0 * sum(r["won"] for r in ref) / len(ref), "%")
            line(spec.game, match, f"{base} in that seat: {spec.figure}", statistics.mean(r["value"] for r in ref), "")
        rows.append((spec.game, side, base, len(games), rate, met, games, (low, high), spec.scenario))
    for side in sides:
        for name, uses, used_in, of in mechanics_table([g for r in rows if r[1] == side for g in r[6]]):
            print(f"tournament {spec.game:17s} {'ai-' + side:20s} mechanic {name}: {uses} uses, "
                  f"in {used_in} of {of} games", flush=True)
    for side in sides:
        games = [g for r in rows if r[1] == side for g in r[6]]
        cpu = [t for g in games for t in g["cpu"]]
        if not cpu:
            continue
        match = f"ai-{side}"
        line(spec.game, match, "decision CPU time (median)", statistics.median(cpu) * 1000, "ms")
        line(spec.game, match, "decision CPU time (mean)", statistics.mean(cpu) * 1000, "ms")
        line(spec.game, match, "decision CPU time (worst)", max(cpu) * 1000, "ms")
        line(spec.game, match, "player-turn CPU time (worst)", max(g["cpu_turn"] for g in games), "s")
    print(f"tournament {spec.game:17s} per game: scenario {spec.scenario}, "
          f"seeds {first}..{first + max(n.values()) - 1}, jobs {jobs}, "
          f"load average {before} before, {load()} after, {time.perf_counter() - t0:.0f} s wall", flush=True)
    return rows


def summary(rows: list[tuple]) -> None:
    print()
    print(f"{'game':17s} {'side':8s} {'vs':7s} {'games':>5s} {'win rate':>9s} {'90% interval':>13s} {'bar':>5s} "
          f"{'met':>4s} {'dec CPU median/mean ms':>23s} {'worst turn CPU s':>17s}  scenario")
    for game, side, base, k, rate, met, games, (low, high), scenario in rows:
        cpu = [t for g in games for t in g["cpu"]]
        med = f"{statistics.median(cpu) * 1000:.1f}/{statistics.mean(cpu) * 1000:.1f}" if cpu else "-"
        worst = max((g["cpu_turn"] for g in games), default=0.0)
        span = f"{low:.0f}-{high:.0f}%"
        print(f"{game:17s} {side:8s} {base:7s} {k:5d} {rate:8.1f}% {span:>13s} {BARS[base]:4.0f}% "
              f"{'yes' if met else 'NO':>4s} {med:>23s} {worst:17.2f}  {scenario}")


def mechanics_table(games: list[dict]) -> list[tuple[str, int, int, int]]:
    """(mechanic, uses in all, games that used it, games) over one side's games, in the order
    the game lists its mechanics; a mechanic never used is there with 0."""
    names: list[str] = []
    for g in games:
        names += [k for k in g.get("mechanics", {}) if k not in names]
    return [(k, sum(g.get("mechanics", {}).get(k, 0) for g in games),
             sum(1 for g in games if g.get("mechanics", {}).get(k, 0) > 0), len(games)) for k in names]


def mechanics_summary(rows: list[tuple]) -> None:
    """The table of mechanics in use: per game and side, over all the AI's games there."""
    done: set[tuple[str, str]] = set()
    lines = []
    for game, side, *_ in rows:
        if (game, side) in done:
            continue
        done.add((game, side))
        games = [g for r in rows if r[0] == game and r[1] == side for g in r[6]]
        lines += [(game, side, *row) for row in mechanics_table(games)]
    if not lines:
        return
    print()
    print("mechanics in use by the AI (uses in all; games that used it, of its games)")
    print(f"{'game':17s} {'side':8s} {'mechanic':52s} {'uses':>6s} {'games':>9s}")
    for game, side, name, uses, used_in, of in lines:
        print(f"{game:17s} {side:8s} {name:52s} {uses:6d} {used_in:4d} of {of:<3d}")


def main() -> int:
    only = os.environ.get("TOURNAMENT_GAME", "all") or "all"
    all_specs = specs()
    if only != "all" and only not in all_specs:
        raise SystemExit(f"TOURNAMENT_GAME must be one of {', '.join(all_specs)} or all, not {only!r}")
    side_only = os.environ.get("TOURNAMENT_SIDE", "all") or "all"
    n = counts()
    first, drawn = first_seed(dict(os.environ))
    print(f"tournament seeds from {first} ({'drawn at random; ' if drawn else ''}"
          f"repeat with TOURNAMENT_FIRST_SEED={first})", flush=True)
    jobs = max(1, env_int("TOURNAMENT_JOBS", 1))
    reference = os.environ.get("TOURNAMENT_REFERENCE", "") not in ("", "0")
    rows: list[tuple] = []
    for game_id, spec in all_specs.items():
        if only not in ("all", game_id):
            continue
        sides = [s for s in spec.sides if side_only in ("all", s)]
        if not sides:
            raise SystemExit(f"{game_id} has no side {side_only!r}: {', '.join(spec.sides)}")
        rows += run_game(spec, sides, n, first, jobs, reference)
    summary(rows)
    mechanics_summary(rows)
    return 0


if __name__ == "__main__":
    sys.exit(main())
