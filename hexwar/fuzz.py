"""Rules fuzzing: random legal games with invariants checked after every action.

    python -m tools.fuzz        (make fuzz) ten minutes in two processes (one on a 1-core machine)
    FUZZ_SECONDS=60 make fuzz   another time budget
    FUZZ_JOBS=1 make fuzz       one process
    FUZZ_GAMES=3 make fuzz      at most three games of each scenario (the budget still holds)
    FUZZ_LARGE=1 make fuzz      the large scenarios too (random play never ends them: each game
                                is played for its share of the budget)

Scenarios take turns (seeds 1, 2, 3 … of each); a game that outlives its share of the budget
(a twentieth of it, at most half a minute) is cut there, its record still saved, reloaded and compared,
so no game can eat the run. The run ends cleanly when the budget is spent and prints its
figures: games, actions, actions per second, invariant checks per game, failures. A failure
prints the seed and the record of actions so far, which replays it.
"""
from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

from . import list_scenarios, load_record, open_game
from .core import actions as A
from .core.actions import Action
from .core.game import Game
from .core.units import ON_MAP, WHERE
from .session import large_scenarios


class InvariantError(AssertionError):
    pass


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)
    cut: int = 0  # games stopped by the time budget before they ended
    seconds: float = 0.0  # time spent playing and checking

    def add(self, other: Stats) -> None:
        self.games += other.games
        self.actions += other.actions
        self.checks += other.checks
        self.failures += other.failures
        self.cut += other.cut
        self.seconds += other.seconds


def check_invariants(game: Game, before_phase: tuple[int, str], rng: random.Random,
                     stats: Stats) -> list[Action]:
    """Check the invariants of the position; returns its legal actions (the fuzzer plays one)."""
    # The fuzzer tests the rules themselves, so it reads each game's own rules object.
    rules: Any = game.rules
    st = game.state

    def need(cond: bool, what: str) -> None:
        stats.checks += 1
        if not cond:
            raise InvariantError(what)

    side_of = getattr(rules, "side", None) or rules.side_of  # some games name it side_of
    sides_at: dict[str, Any] = {}
    for u in st.units.values():
        need(u.where in WHERE, f"{u.id} is in an unknown place {u.where!r}")
        need((u.where == ON_MAP) == (u.hex is not None), f"{u.id}: on the map iff it has a hex")
        spec = rules.specs[u.spec]
        top = getattr(spec, "max_steps", None) or getattr(spec, "steps", 0)  # some games' specs: steps
        need(1 <= u.steps <= top, f"{u.id} has {u.steps} steps of {top}")
        if u.where == ON_MAP:
            need(u.hex in rules.board, f"{u.id} stands off the map at {u.hex}")
            sides_at.setdefault(u.hex, set()).add(side_of(u.id))
    need(all(len(s) == 1 for s in sides_at.values()), "units of both sides share a hex")
    # Stacking is legal whenever a phase has just ended (8.1, 8.2).
    if (st.turn, st.phase) != before_phase and st.stage is None and hasattr(rules, "overstacked"):
        need(not rules.overstacked(st), f"overstacked hexes after the phase ended: {rules.overstacked(st)}")
    # Phase sequence: within a turn, phases only move forward, in the game's order.
    order = list(getattr(rules, "phase_ids", ()))
    if order and (st.turn, st.phase) != before_phase:
        t0, p0 = before_phase
        if st.turn == t0:
            need(order.index(st.phase) > order.index(p0), f"phase went back from {p0} to {st.phase}")
    # Hidden information never shows in a view: the spectator's and each side's in turn, one a
    # position (a view of every unit costs as much as the rest of the checks).
    viewers = (None, *getattr(rules, "sides", ("axis", "soviet")))
    for side in (viewers[len(game.actions) % len(viewers)],):
        for uv in game.view(side)["units"]:
            u = st.units[uv["id"]]
            if not u.revealed:
                need(uv["label"] == "?" and uv["spec"] != u.spec, f"{u.id}'s hidden identity leaks into a view")
    # Offered actions pass check; a sample of refused actions changes nothing.
    acts = game.legal_actions()
    for a in rng.sample(acts, min(5, len(acts))):
        why = game.check(a)
        need(why is None, f"offered action {a.notation()} is refused: {why}")
    # A refused action must leave the game untouched: the same state object, dice and actions
    # after each one, and, at one action in eight (a digest costs as much as the rest of the
    # checks), the same position after them all. The first refused one is also applied (and
    # must raise without touching anything); the others are checked only.
    digest = game.digest() if rng.random() < 0.125 else None
    state, dice, n = game.state, game.dice, len(game.actions)
    tried: list[str] = []
    for bad in _mutants(game, rng, acts):
        if game.check(bad) is not None:
            if not tried:
                try:
                    game.apply(bad)
                except Exception:
                    pass
            tried.append(bad.notation())
            need(game.state is state and game.dice is dice and len(game.actions) == n,
                 f"refused action {bad.notation()} changed the game")
    if tried and digest is not None:
        need(game.digest() == digest, f"one of the refused actions {tried} changed the state")
    return acts


def _mutants(game: Game, rng: random.Random, acts: list[Action]) -> list[Action]:
    """Plausible but mostly illegal actions: legal ones with a hex or unit swapped."""
    hexes = game.rules.board.hexes
    units = sorted(game.state.units)
    out: list[Action] = []
    for a in rng.sample(acts, min(3, len(acts))):
        if isinstance(a, A.Move):
            out.append(A.Move(a.unit, (rng.choice(hexes),)))
            out.append(A.Move(rng.choice(units), a.path))
        elif isinstance(a, A.Place):
            out.append(A.Place(a.unit, rng.choice(hexes)))
        elif isinstance(a, A.Attack):
            out.append(A.Attack(rng.choice(hexes), a.attackers))
    out.append(A.Restore(rng.choice(units)))
    out.append(A.Advance(rng.choice(units)))
    return out


def fuzz_game(game_id: str, scenario: str, seed: int, stats: Stats, replay_every: int = 1000,
              deadline: float | None = None, must_end: bool = True) -> None:
    """Play one random game, checking the invariants after every action, and save, reload and
    replay it every ``replay_every`` actions and at its end. ``deadline`` (``time.monotonic``)
    cuts the game there; ``must_end``: a game that reaches 20,000 actions is a failure."""
    t0 = time.monotonic()
    game = open_game(game_id, scenario, seed=seed)
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="hexwar-fuzz-")
    path = os.path.join(tmp, "r.yaml")

    def replay() -> None:
        game.save(path)
        stats.checks += 1
        if load_record(path).digest() != game.digest():
            raise InvariantError("save, load and replay give another position")

    try:
        legal = game.legal_actions()
        for n in range(20_000):
            if game.result() is not None:
                break
            if deadline is not None and time.monotonic() > deadline:
                stats.cut += 1
                break
            before = (game.state.turn, game.state.phase)
            game.apply(rng.choice(legal))
            stats.actions += 1
            legal = check_invariants(game, before, rng, stats)
            if n % replay_every == replay_every - 1:
                replay()
        else:
            if must_end:
                raise InvariantError("the game did not end")
            stats.cut += 1
        replay()
    except InvariantError as e:
        record = "\n".join(a.notation() for a in game.actions)
        stats.failures.append(f"{game_id}/{scenario} seed {seed}: {e}\n--- actions ---\n{record}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    stats.games += 1
    stats.seconds += time.monotonic() - t0


def _worker(job: int, jobs: int, budget: float, per_game: float, max_games: int | None,
            with_large: bool = False) -> Stats:
    """One process of the run: every ``jobs``-th game of the round (scenario by scenario, seed
    by seed), until the budget is spent."""
    stats = Stats()
    end = time.monotonic() + budget
    large = large_scenarios()
    scenarios = [s for s in list_scenarios() if with_large or s not in large]
    k = job
    while True:
        seed, i = divmod(k, len(scenarios))
        seed += 1
        if max_games is not None and seed > max_games:
            break
        left = end - time.monotonic()
        if left < 1:
            break
        game_id, scenario = scenarios[i]
        # The large scenarios never end under random play: they are played for their share.
        fuzz_game(game_id, scenario, seed, stats, deadline=time.monotonic() + min(per_game, left),
                  must_end=(game_id, scenario) not in large)
        k += jobs
    return stats


def run(budget: float, jobs: int = 1, max_games: int | None = None, with_large: bool = False) -> Stats:
    """Fuzz for ``budget`` seconds in ``jobs`` processes; the figures of them all. The large
    scenarios (which random play never ends, and which are five times slower an action) only
    ``with_large``."""
    per_game = max(15.0, min(30.0, budget / 20))
    if jobs <= 1:
        return _worker(0, 1, budget, per_game, max_games, with_large)
    import multiprocessing

    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        parts = pool.starmap(_worker, [(j, jobs, budget, per_game, max_games, with_large) for j in range(jobs)])
    total = Stats()
    for part in parts:
        total.add(part)
    return total


def main(argv: list[str] | None = None) -> int:
    budget = float(os.environ.get("FUZZ_SECONDS", "600"))
    jobs = int(os.environ.get("FUZZ_JOBS", str(min(2, os.cpu_count() or 1))))
    max_games = int(os.environ["FUZZ_GAMES"]) if os.environ.get("FUZZ_GAMES") else None
    with_large = os.environ.get("FUZZ_LARGE", "") not in ("", "0")
    print(f"fuzz: {budget:.0f} s in {jobs} process{'es' if jobs > 1 else ''}"
          + (f", at most {max_games} games a scenario" if max_games else "")
          + (", the large scenarios too" if with_large else ""), flush=True)
    t0 = time.perf_counter()
    stats = run(budget, jobs, max_games, with_large)
    dt = time.perf_counter() - t0
    print(f"fuzz games played      {stats.games} ({stats.cut} cut by the time budget)")
    print(f"fuzz actions applied   {stats.actions}")
    print(f"fuzz actions a second  {stats.actions / max(dt, 1e-9):.0f} (all processes)")
    print(f"fuzz invariant checks  {stats.checks} ({stats.checks / max(stats.games, 1):.0f} a game)")
    print(f"fuzz failures          {len(stats.failures)}")
    print(f"fuzz wall time         {dt:.1f} s")
    for f in stats.failures:
        print("FAILURE", f, sep="\n")
    return 1 if stats.failures else 0


if __name__ == "__main__":
    sys.exit(main())
