"""The computer players as they stood at one commit, kept as a reference opponent.

Issue 24 asks that new players beat today's in at least 60% of 40 games per side. Copying
today's players into the tree would leave a second copy of every module to keep in step; this
takes them from git instead, so nothing is shipped and nothing is duplicated.

How it works:
- ``frozen_package()`` takes ``hexwar/``, the maps, scenarios and assets at ``FROZEN_COMMIT``
  out of git (``git archive``) into a cache folder, renames the package ``hexwar_frozen`` and
  rewrites its own absolute module names (the game entries name their players' modules as
  text), then imports it beside today's ``hexwar``. It is built once, atomically (workers of
  ``make tournament`` may ask at the same time).
- A ``FrozenPlayer`` keeps its own copy of the match, a *mirror* opened by the frozen code with
  the same game, scenario, seed and options. Before each decision it replays onto the mirror,
  by notation, every action taken since in the real match; it decides on the mirror, and its
  action goes back to the real match by notation.
- At every decision the two positions' digests must agree. Should today's rules one day change
  what a position is (a rule fix, a new field in the state), the mirror is out of step:
  ``FrozenOutOfStep`` says so, instead of the reference quietly playing another game. Then
  freeze the players again at a commit with today's rules, and say so in docs/ai.md.
"""
from __future__ import annotations

import importlib
import os
import re
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

from hexwar.ai.player import Decision
from hexwar.core.actions import parse_action
from hexwar.core.game import Game

# The players before the strength work of issue 24 (main on 2026-12-07, with the Kursk
# Offensive-marker change of that day). Every rule the four games enforce is the same as today's.
FROZEN_COMMIT = "fded7bb3bd3ea8318511fff2ff035494989ac97f"
NAME = "hexwar_frozen"
ROOT = Path(__file__).resolve().parents[1]
PARTS = ("hexwar", "maps", "scenarios", "assets", "pyproject.toml")

# The frozen package's own absolute names: module names written as text, the source-root test
# in paths.py, and plain ``import hexwar`` / ``from hexwar.x import``.
_REWRITES = (
    (re.compile(r"""(["'])hexwar\."""), rf"\1{NAME}."),
    (re.compile(r"""/ (["'])hexwar\1"""), rf'/ "{NAME}"'),
    (re.compile(r"^(\s*)import hexwar$", re.M), rf"\1import {NAME} as hexwar"),
    (re.compile(r"^(\s*)from hexwar([. ])", re.M), rf"\1from {NAME}\2"),
)


class FrozenOutOfStep(RuntimeError):
    """The mirror no longer has the real match's position: the rules changed since the freeze."""


def cache_dir(commit: str = FROZEN_COMMIT) -> Path:
    base = os.environ.get("HEXWAR_FROZEN_DIR") or str(ROOT / ".cache")
    return Path(base) / f"frozen-{commit[:12]}"


def _rewrite(text: str) -> str:
    for pattern, repl in _REWRITES:
        text = pattern.sub(repl, text)
    return text


def build(commit: str = FROZEN_COMMIT) -> Path:
    """The folder holding ``hexwar_frozen`` at ``commit``, built if missing."""
    target = cache_dir(commit)
    if (target / NAME / "__init__.py").is_file():
        return target
    target.parent.mkdir(parents=True, exist_ok=True)
    work = Path(tempfile.mkdtemp(prefix=target.name + ".", dir=target.parent))
    try:
        try:
            blob = subprocess.run(["git", "-C", str(ROOT), "archive", "--format=tar", commit, *PARTS],
                                  check=True, capture_output=True).stdout
        except (OSError, subprocess.CalledProcessError) as e:
            detail = getattr(e, "stderr", b"") or b""
            raise RuntimeError(f"the frozen players need commit {commit[:12]} of this repository's git "
                               f"history: {detail.decode(errors='replace').strip() or e}") from e
        tar_path = work / "src.tar"
        tar_path.write_bytes(blob)
        with tarfile.open(tar_path) as tar:
            tar.extractall(work, filter="data")
        tar_path.unlink()
        (work / "hexwar").rename(work / NAME)
        for py in (work / NAME).rglob("*.py"):
            py.write_text(_rewrite(py.read_text(encoding="utf-8")), encoding="utf-8")
        try:
            work.rename(target)  # atomic: another process may have finished first
        except OSError:
            if not (target / NAME / "__init__.py").is_file():
                raise
    finally:
        if work.exists():
            shutil.rmtree(work, ignore_errors=True)
    return target


def frozen_package(commit: str = FROZEN_COMMIT) -> ModuleType:
    """``hexwar_frozen``, imported (built first if needed)."""
    folder = str(build(commit))
    if folder not in sys.path:
        sys.path.insert(0, folder)
    module = importlib.import_module(NAME)
    if Path(module.__file__ or "").resolve().parents[1] != Path(folder).resolve():
        raise RuntimeError(f"another {NAME} is imported already ({module.__file__})")
    return module


class FrozenPlayer:
    """The frozen computer player of one level (``ai`` or ``greedy``) for one game."""

    def __init__(self, level: str, game_id: str, seed: int = 0) -> None:
        self.level, self.game_id, self.seed = level, game_id, seed
        self._frozen = frozen_package()
        self._player: Any = importlib.import_module(f"{NAME}.ai.player").make_player(level, game_id, seed)
        self._mirror: Any = None
        self._done = 0

    def _open_mirror(self, game: Game) -> Any:
        h = game.header
        if h.get("game") != self.game_id:
            raise ValueError(f"a frozen {self.game_id} player asked to play {h.get('game')}")
        return self._frozen.open_game(self.game_id, h["scenario"], seed=h["seed"],
                                      options=dict(h.get("options") or {}))

    def mirror(self, game: Game) -> Any:
        """The frozen code's copy of ``game``, brought up to its present position."""
        steps = game.history()
        for fresh in (False, True):
            if fresh or self._mirror is None or len(steps) < self._done:  # a new match, or an undo
                self._mirror, self._done = self._open_mirror(game), 0
            for step in steps[self._done:]:
                self._mirror.apply(step.action.notation())
            self._done = len(steps)
            if self._mirror.digest() == game.digest():
                return self._mirror
        # Replayed from the start and still different.
        raise FrozenOutOfStep(f"the frozen players' copy of the match differs from it after {self._done} "
                              f"actions: the rules have changed since commit {FROZEN_COMMIT[:12]}; "
                              "freeze the players again (tools/frozen_players.py)")

    def choose(self, game: Game, side: str) -> Decision:
        dec = self._player.choose(self.mirror(game), side)
        return Decision(parse_action(dec.action.notation()), dec.reason)


def make_frozen(level: str, game_id: str, seed: int = 0) -> FrozenPlayer:
    return FrozenPlayer(level, game_id, seed)


__all__ = ["FROZEN_COMMIT", "FrozenOutOfStep", "FrozenPlayer", "build", "frozen_package", "make_frozen"]
