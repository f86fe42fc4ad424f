"""Rules fuzzing: random legal games with invariants checked after every action.

    python -m tools.fuzz            (make fuzz)  a fixed set of seeds
    FUZZ_GAMES=200 make fuzz        more games

A failure prints the seed and the record of actions so far, which replays it.
"""
from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, field

from . import list_scenarios, load_record, open_game
from .session import large_scenarios
from .core import actions as A
from .core.game import Game
from .core.units import ON_MAP, WHERE


class InvariantError(AssertionError):
    pass


@dataclass
class Stats:
    games: int = 0
    actions: int = 0
    checks: int = 0
    failures: list[str] = field(default_factory=list)


def check_invariants(game: Game, before_phase: tuple[int, str], rng: random.Random, stats: Stats) -> None:
    rules, st = game.rules, game.state

    def need(cond: bool, what: str) -> None:
        stats.checks += 1
        if not cond:
            raise InvariantError(what)

    side_of = getattr(rules, "side", None) or rules.side_of  # Black Wednesday names it side_of
    sides_at: dict = {}
    for u in st.units.values():
        need(u.where in WHERE, f"{u.id} is in an unknown place {u.where!r}")
        need((u.where == ON_MAP) == (u.hex is not None), f"{u.id}: on the map iff it has a hex")
        spec = rules.specs[u.spec]
        top = getattr(spec, "max_steps", None) or getattr(spec, "steps", 0)  # Black Wednesday: steps
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
    # Hidden information never shows in a view.
    for side in (None, *getattr(rules, "sides", ("axis", "soviet"))):
        for uv in game.view(side)["units"]:
            u = st.units[uv["id"]]
            if not u.revealed:
                need(uv["label"] == "?" and uv["spec"] != u.spec, f"{u.id}'s hidden identity leaks into a view")
    # Offered actions pass check; a sample of refused actions changes nothing.
    acts = game.legal_actions()
    for a in rng.sample(acts, min(5, len(acts))):
        need(game.check(a) is None, f"offered action {a.notation()} is refused: {game.check(a)}")
    digest = game.digest()
    for bad in _mutants(game, rng, acts):
        if game.check(bad) is not None:
            try:
                game.apply(bad)
            except Exception:
                pass
            need(game.digest() == digest, f"refused action {bad.notation()} changed the state")


def _mutants(game: Game, rng: random.Random, acts: list) -> list:
    """Plausible but mostly illegal actions: legal ones with a hex or unit swapped."""
    hexes = game.rules.board.hexes
    units = sorted(game.state.units)
    out = []
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


def fuzz_game(game_id: str, scenario: str, seed: int, stats: Stats, replay_every: int = 150) -> None:
    game = open_game(game_id, scenario, seed=seed)
    rng = random.Random(seed)
    tmp = tempfile.mkdtemp(prefix="hexwar-fuzz-")
    try:
        for n in range(20_000):
            if game.result() is not None:
                break
            before = (game.state.turn, game.state.phase)
            act = rng.choice(game.legal_actions())
            game.apply(act)
            stats.actions += 1
            check_invariants(game, before, rng, stats)
            if n % replay_every == replay_every - 1:
                path = os.path.join(tmp, "r.yaml")
                game.save(path)
                stats.checks += 1
                if load_record(path).digest() != game.digest():
                    raise InvariantError("save, load and replay give another position")
        else:
            raise InvariantError("the game did not end")
    except InvariantError as e:
        record = "\n".join(a.notation() for a in game.actions)
        stats.failures.append(f"{game_id}/{scenario} seed {seed}: {e}\n--- actions ---\n{record}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    stats.games += 1


def main(argv: list[str] | None = None) -> int:
    n = int(os.environ.get("FUZZ_GAMES", "12"))
    stats = Stats()
    t0 = time.perf_counter()
    large = large_scenarios()
    for game_id, scenario in list_scenarios():
        if (game_id, scenario) in large:  # uniform random play does not end; see large_scenarios()
            continue
        for seed in range(1, n + 1):
            fuzz_game(game_id, scenario, seed, stats)
    dt = time.perf_counter() - t0
    print(f"fuzz games played      {stats.games}")
    print(f"fuzz actions applied   {stats.actions}")
    print(f"fuzz invariant checks  {stats.checks}")
    print(f"fuzz failures          {len(stats.failures)}")
    print(f"fuzz wall time         {dt:.1f} s")
    for f in stats.failures:
        print("FAILURE", f, sep="\n")
    return 1 if stats.failures else 0


if __name__ == "__main__":
    sys.exit(main())
