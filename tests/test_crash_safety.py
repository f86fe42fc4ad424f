"""Kill the session layer with SIGKILL at random moments, also in the middle of an
autosave write, and prove the game resumes at the last confirmed action."""
from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import hexwar

CHILD = r"""
import os, random, sys, time
import hexwar
from hexwar.core import record
seed, path = int(sys.argv[1]), sys.argv[2]
real_fsync = os.fsync
def slow_fsync(fd):          # widen the window in which a write is in progress
    time.sleep(0.002)
    real_fsync(fd)
os.fsync = slow_fsync
if os.path.exists(path):
    game = hexwar.load_record(path)
else:
    game = hexwar.open_game("objective-kiev", "standard", seed=seed)
game.autosave_path = path
rng = random.Random(seed * 1000 + len(game.actions))
while game.result() is None:
    game.apply(rng.choice(game.legal_actions()))
    # One write a line: unbuffered, print would write its parts one by one and a kill
    # could cut a line after its number.
    sys.stdout.write(f"{len(game.actions)} {game.digest()}\n")   # confirmed: the autosave is on disk
sys.stdout.write("done\n")
"""


def replay_digest(actions: list[str]) -> str:
    g = hexwar.open_game("objective-kiev", "standard", seed=7)
    for a in actions:
        g.apply(a)
    return g.digest()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_sigkill_at_random_moments_loses_no_confirmed_action(tmp_path: Path) -> None:
    save = tmp_path / "autosave.yaml"
    rng = random.Random(2024)
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    kills = 0
    for _ in range(8):
        proc = subprocess.Popen([sys.executable, "-c", CHILD, "7", str(save)], stdout=subprocess.PIPE,
                                text=True, env=env)
        # Kill at a random moment once the child plays (its start-up time depends on the
        # machine's load, so the clock starts at its first confirmed action).
        assert proc.stdout is not None
        first = proc.stdout.readline()
        time.sleep(rng.uniform(0.0, 0.8))
        proc.send_signal(signal.SIGKILL)
        out, _ = proc.communicate(timeout=30)
        kills += 1
        # Only whole lines count as confirmations (a kill can cut the last one short).
        lines = [f for f in (ln.split() for ln in (first + out).split("\n")[:-1])
                 if len(f) == 2 and f[0].isdigit()]
        if not save.exists():
            assert not lines, "an action was confirmed but no autosave exists"
            continue
        resumed = hexwar.load_record(save)  # never half-written: it loads, or this raises
        if lines:
            n, digest = int(lines[-1][0]), lines[-1][1]
            # The save holds the last confirmed action, or one more whose confirmation
            # was cut off between the write and the print.
            assert len(resumed.actions) in (n, n + 1)
            if len(resumed.actions) == n:
                assert resumed.digest() == digest
        assert resumed.digest() == replay_digest([a.notation() for a in resumed.actions])
    assert kills == 8
    # The next write sweeps any temporary file a kill left behind.
    g = hexwar.load_record(save)
    g.save(save)
    assert not list(tmp_path.glob(".autosave.yaml.*.tmp"))
