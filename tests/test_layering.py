"""The rules engine must not depend on the screen.

hexwar.core, hexwar.games (every game, recursively), hexwar.loaders and
hexwar.ai (once it exists) must import and run without pygame, so that rules
tests, the fuzzer, the benchmarks and scripting run headless and fast. Only
hexwar.ui may use pygame.

Two checks:
1. In a fresh interpreter where pygame cannot be imported, every module of
   those packages imports cleanly and "pygame" stays out of sys.modules.
   pygame is blocked rather than merely watched because pytmx tries an
   optional `import pygame` of its own (guarded by try/except): a loader built
   on pytmx is fine, a hexwar module that needs pygame is not.
2. Their source text holds no `import pygame` / `from pygame...` at all (also
   catches imports hidden inside functions or try blocks).
"""
import json
import os
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
HEADLESS_PACKAGES = ("core", "games", "loaders", "ai")

PYGAME_IMPORT = re.compile(r"^\s*(?:import|from)\s+pygame\b", re.MULTILINE)

# Run with `python -c` in the repository root, so the checkout (not an
# installed copy) is what gets imported.
IMPORT_ALL = r"""
import importlib, importlib.abc, json, os, pkgutil, sys, traceback

class BlockPygame(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] == "pygame":
            raise ModuleNotFoundError(f"No module named {name!r} (blocked by test_layering)", name=name)
        return None

sys.meta_path.insert(0, BlockPygame())
root = os.getcwd()
sys.path.insert(0, root)
names = set()
for sub in json.loads(sys.argv[1]):
    top = os.path.join(root, "hexwar", sub)
    if not os.path.isdir(top):
        continue
    base = "hexwar." + sub
    names.add(base)
    # pkgutil finds modules and regular packages ...
    for info in pkgutil.walk_packages([top], prefix=base + ".", onerror=lambda n: None):
        names.add(info.name)
    # ... but skips folders without __init__.py (namespace packages), so walk
    # the files too.
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d.isidentifier() and d != "__pycache__"]
        rel = os.path.relpath(folder, os.path.join(root, "hexwar"))
        pkg = "hexwar." + rel.replace(os.sep, ".")
        names.add(pkg)
        for f in files:
            if f.endswith(".py") and f != "__init__.py" and f[:-3].isidentifier():
                names.add(pkg + "." + f[:-3])
failures = {}
for name in sorted(names):
    try:
        importlib.import_module(name)
    except BaseException:
        failures[name] = traceback.format_exc(limit=8)
print(json.dumps({
    "imported": sorted(names),
    "failures": failures,
    "pygame_loaded": sorted(m for m in sys.modules if m.split(".")[0] == "pygame"),
}))
"""


def _run_import_all():
    proc = subprocess.run(
        [sys.executable, "-c", IMPORT_ALL, json.dumps(HEADLESS_PACKAGES)],
        cwd=REPO, capture_output=True, text=True, timeout=120,
    )
    assert proc.returncode == 0, f"import script crashed:\n{proc.stdout}\n{proc.stderr}"
    return json.loads(proc.stdout.strip().splitlines()[-1])


def test_headless_packages_import_without_pygame():
    result = _run_import_all()
    report = "\n".join(f"--- {name}\n{tb}" for name, tb in result["failures"].items())
    assert not result["failures"], (
        "these modules fail to import when pygame is unavailable "
        "(core/games/loaders/ai must not need pygame):\n" + report)
    assert result["pygame_loaded"] == [], result["pygame_loaded"]
    assert "pygame" not in result["pygame_loaded"]


def test_headless_packages_never_mention_import_pygame():
    offenders = []
    for sub in HEADLESS_PACKAGES:
        top = REPO / "hexwar" / sub
        if not top.is_dir():
            continue
        for source in sorted(top.rglob("*.py")):
            text = source.read_text(encoding="utf-8", errors="replace")
            for match in PYGAME_IMPORT.finditer(text):
                line = text.count("\n", 0, match.start()) + 1
                offenders.append(f"{source.relative_to(REPO)}:{line}: {match.group(0).strip()}")
    assert not offenders, "pygame imported outside hexwar/ui:\n" + "\n".join(offenders)


def test_loading_a_map_keeps_pygame_out_while_pytmx_loads():
    """pytmx tries `import pygame` for its optional image loader; the map loader hides
    pygame while pytmx loads (so a headless game never pulls it in) and unhides it after."""
    code = ("import sys, hexwar\n"
            "hexwar.open_game('objective-kiev', 'standard', seed=1)\n"
            "assert 'pytmx' in sys.modules\n"
            "assert not [m for m in sys.modules if m.split('.')[0] == 'pygame'], 'pygame was loaded'\n"
            "import pygame\n"  # installed: the finder that hid it is gone
            "from hexwar.loaders import tmx\n"
            "assert not [f for f in sys.meta_path if isinstance(f, tmx._NoPygame)]\n")
    proc = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, timeout=120,
                          env=dict(os.environ, PYGAME_HIDE_SUPPORT_PROMPT="1"))
    assert proc.returncode == 0, proc.stderr
