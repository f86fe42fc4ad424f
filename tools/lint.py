"""`make lint`: ruff and mypy on the finished packages, and the count of `type: ignore` lines.

The lists below are the one place that says what is checked. They grow as each package
is finished (issue 23) until mypy runs in strict mode on the core, the loaders and the
API, in the default mode on the rest of hexwar/, and ruff runs on everything.

    python -m tools.lint          check the lists; exit 1 on any error
    python -m tools.lint --all    also count (never fail on) the errors in the whole of hexwar/

The tool settings (rules, line length, strictness flags) are in pyproject.toml.
"""
from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

# mypy --strict
STRICT = [
    "hexwar/__init__.py",
    "hexwar/__main__.py",
    "hexwar/ai/__init__.py",
    "hexwar/ai/kit.py",
    "hexwar/ai/mechanics.py",
    "hexwar/ai/player.py",
    "hexwar/ai/random_player.py",
    "hexwar/core",
    "hexwar/data/__init__.py",
    "hexwar/fuzz.py",
    "hexwar/lessons.py",
    "hexwar/luck_report.py",
    "hexwar/games/__init__.py",
    "hexwar/loaders",
    "hexwar/paths.py",
    "hexwar/session.py",
    # Objective: Kiev, but its facts.py (in DEFAULT with every game's)
    "hexwar/games/objective_kiev/__init__.py",
    "hexwar/games/objective_kiev/counting.py",
    "hexwar/games/objective_kiev/lesson_setup.py",
    "hexwar/games/objective_kiev/positions.py",
    "hexwar/games/objective_kiev/rules.py",
    "hexwar/games/objective_kiev/tables.py",
    "hexwar/games/objective_kiev/texts.py",
    "hexwar/games/objective_kiev/words.py",
    # Battle for Kursk, but its facts.py (in DEFAULT)
    "hexwar/games/battle_for_kursk/__init__.py",
    "hexwar/games/battle_for_kursk/decisions.py",
    "hexwar/games/battle_for_kursk/host.py",
    "hexwar/games/battle_for_kursk/lesson_setup.py",
    "hexwar/games/battle_for_kursk/offensive.py",
    "hexwar/games/battle_for_kursk/postures.py",
    "hexwar/games/battle_for_kursk/previews.py",
    "hexwar/games/battle_for_kursk/replacements.py",
    "hexwar/games/battle_for_kursk/rules.py",
    "hexwar/games/battle_for_kursk/tables.py",
    "hexwar/games/battle_for_kursk/texts.py",
    # Kasserine Pass, but its facts.py (in DEFAULT)
    "hexwar/games/kasserine_pass/__init__.py",
    "hexwar/games/kasserine_pass/artillery.py",
    "hexwar/games/kasserine_pass/combat.py",
    "hexwar/games/kasserine_pass/common.py",
    "hexwar/games/kasserine_pass/crt.py",
    "hexwar/games/kasserine_pass/consequences.py",
    "hexwar/games/kasserine_pass/host.py",
    "hexwar/games/kasserine_pass/lesson_setup.py",
    "hexwar/games/kasserine_pass/luck.py",
    "hexwar/games/black_wednesday/lesson_setup.py",
    "hexwar/games/kasserine_pass/movement.py",
    "hexwar/games/kasserine_pass/previews.py",
    "hexwar/games/kasserine_pass/results.py",
    "hexwar/games/kasserine_pass/retreats.py",
    "hexwar/games/kasserine_pass/rules.py",
    "hexwar/games/kasserine_pass/scenario.py",
    "hexwar/games/kasserine_pass/special.py",
    "hexwar/games/kasserine_pass/stacking.py",
    "hexwar/games/kasserine_pass/state.py",
    "hexwar/games/kasserine_pass/terrain.py",
    "hexwar/games/kasserine_pass/texts.py",
    "hexwar/games/kasserine_pass/units.py",
    "hexwar/games/kasserine_pass/verbs.py",
    "hexwar/games/kasserine_pass/victory.py",
    "hexwar/games/kasserine_pass/view.py",
]
# mypy in its default mode (the rest of hexwar/, package by package)
DEFAULT = [
    "hexwar/ai/*/",  # every game's computer players (the shared modules of hexwar/ai/ are in STRICT)
    "hexwar/games/*/facts.py",  # every game's facts: the computer players' contract
    "hexwar/games/black_wednesday",  # Black Wednesday (lesson_setup.py also in STRICT)
    "hexwar/ui",  # the pygame client
    "tools",  # the developer tools and the map generators
]
# left out of the lists above for now (owned by work in progress)
EXCLUDE: list[str] = []
# ruff only: the whole of tests/ (a new test file is covered at once); tools/ is also in DEFAULT
RUFF_ONLY = [
    "tests",
    "tools",
]

_IGNORE = re.compile(r"#\s*type:\s*ignore")


def files(paths: list[str]) -> list[str]:
    """The .py files under ``paths``, minus EXCLUDE, sorted, relative to the root."""
    out: set[str] = set()
    skip = {ROOT / e for e in EXCLUDE}
    for pattern in paths:
        for full in sorted(ROOT.glob(pattern)) if any(c in pattern for c in "*?[") else [ROOT / pattern]:
            for f in sorted(full.rglob("*.py")) if full.is_dir() else [full]:
                if f not in skip and not any(s in f.parents for s in skip):
                    out.add(f.relative_to(ROOT).as_posix())
    return sorted(out)


def type_ignores(paths: list[str]) -> int:
    return sum(1 for f in paths for line in (ROOT / f).read_text(encoding="utf-8").splitlines()
               if _IGNORE.search(line))


def run(title: str, cmd: list[str]) -> int:
    print(f"lint: {title}", flush=True)
    return subprocess.call(cmd, cwd=ROOT)


def count(cmd: list[str]) -> str:
    """The summary line of a run whose errors are only counted."""
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    lines = [x for x in (p.stdout + p.stderr).splitlines() if x.startswith(("Found ", "Success", "All checks"))]
    return lines[-1] if lines else "?"


def main(argv: list[str]) -> int:
    py = sys.executable
    strict, default = files(STRICT), files(DEFAULT)
    linted = sorted(set(strict + default + files(RUFF_ONLY)))
    bad = 0
    bad |= run(f"ruff on {len(linted)} files", [py, "-m", "ruff", "check", "--output-format=concise", *linted])
    bad |= run(f"mypy --strict on {len(strict)} files", [py, "-m", "mypy", "--strict", *strict])
    if default:
        bad |= run(f"mypy on {len(default)} files", [py, "-m", "mypy", *default])
    checked = sorted(set(strict + default))
    print(f"lint: {type_ignores(checked)} 'type: ignore' lines in the {len(checked)} checked files "
          f"({type_ignores(files(['hexwar']))} in hexwar/)")
    if "--all" in argv:
        print("lint: the whole of hexwar/ (counted, not failed):")
        print("  ruff:", count([py, "-m", "ruff", "check", "hexwar"]))
        print("  mypy:", count([py, "-m", "mypy", "hexwar"]))
    print("lint: " + ("FAILED" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
