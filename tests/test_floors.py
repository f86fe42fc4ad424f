"""The floors of the house, kept by a test.

Every import of ``hexwar/`` (module level or inside a function, read with ``ast``) must point
down or sideways on this ladder, never up:

    1  hexwar.core, hexwar.paths            the engine: no game, no file format, no screen
    2  hexwar.loaders                      reading maps and scenarios into the engine's objects
    3  hexwar.games                        one package per game; none imports another
    4  hexwar (the package), hexwar.session the API: opening games and records
    5  hexwar.ai, hexwar.fuzz              clients of the contract (computer players, fuzzer)
    6  hexwar.ui, hexwar.__main__          the pygame client

and no set of modules may import each other in a circle. A game's own folders in the upper
floors (``hexwar/ai/<game>/``, ``hexwar/ui/games/<game>/``) may import that game's package and
nothing of another game.
"""
from __future__ import annotations

import ast
import re
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
PKG = REPO / "hexwar"

FLOORS = (  # (prefix, floor): the longest matching prefix decides
    ("hexwar.core", 1), ("hexwar.paths", 1),
    ("hexwar.loaders", 2),
    ("hexwar.games", 3),
    ("hexwar", 4), ("hexwar.session", 4),
    ("hexwar.ai", 5), ("hexwar.fuzz", 5),
    ("hexwar.ui", 6), ("hexwar.__main__", 6),
)

# Debts of 2026-12-07 being paid off by issue 16: this list may only shrink. An entry is an
# arrow "a -> b" that climbs, or a circle given as its sorted modules joined by " ~ ".
KNOWN: set[str] = set()


def module_name(path: Path) -> str:
    rel = path.relative_to(REPO).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def all_modules() -> dict[str, Path]:
    return {module_name(p): p for p in PKG.rglob("*.py") if "__pycache__" not in p.parts}


def imports_of(name: str, path: Path, known: dict[str, Path]) -> set[str]:
    """The hexwar modules ``name`` imports (a ``from X import y`` counts as X.y when that is a module)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    is_pkg = path.name == "__init__.py"
    base = name.split(".") if is_pkg else name.split(".")[:-1]
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                if a.name.split(".")[0] == "hexwar":
                    out.add(_nearest(a.name, known))
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                stem = base[: len(base) - (node.level - 1)] if node.level > 1 else base
                mod = ".".join(stem + ([node.module] if node.module else []))
            else:
                mod = node.module or ""
            if mod.split(".")[0] != "hexwar":
                continue
            for a in node.names:
                sub = f"{mod}.{a.name}"
                out.add(sub if sub in known else _nearest(mod, known))
    out.discard(name)
    return out


def _nearest(mod: str, known: dict[str, Path]) -> str:
    while mod not in known and "." in mod:
        mod = mod.rsplit(".", 1)[0]
    return mod


def floor_of(mod: str) -> int:
    best = max((p for p, _ in FLOORS if mod == p or mod.startswith(p + ".")), key=len)
    return dict(FLOORS)[best]


def graph() -> dict[str, set[str]]:
    known = all_modules()
    return {name: imports_of(name, path, known) for name, path in known.items()}


GAME_WINGS = ("hexwar.games.", "hexwar.ai.", "hexwar.ui.games.")


def game_of(mod: str, games: set[str]) -> str | None:
    """The game whose folder ``mod`` lives in (by package name), or None."""
    for wing in GAME_WINGS:
        if mod.startswith(wing):
            first = mod[len(wing):].split(".")[0]
            if first in games:
                return first
    return None


def climbing_arrows(g: dict[str, set[str]]) -> set[str]:
    games = {p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").is_file()}
    bad = set()
    for a, targets in g.items():
        for b in targets:
            if floor_of(b) > floor_of(a):
                bad.add(f"{a} -> {b}")
            gb = game_of(b, games)
            if gb is not None and b.startswith("hexwar.games.") and game_of(a, games) != gb:
                bad.add(f"{a} -> {b}")  # only a game's own folders may import the game
    return bad


def circles(g: dict[str, set[str]]) -> set[str]:
    """Strongly connected components of more than one module (Tarjan, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    on: set[str] = set()
    stack: list[str] = []
    out: set[str] = set()
    counter = 0
    for root in sorted(g):
        if root in index:
            continue
        work = [(root, iter(sorted(g[root])))]
        index[root] = low[root] = counter
        counter += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            nxt = next(it, None)
            if nxt is not None:
                if nxt not in g:
                    continue
                if nxt not in index:
                    index[nxt] = low[nxt] = counter
                    counter += 1
                    stack.append(nxt)
                    on.add(nxt)
                    work.append((nxt, iter(sorted(g[nxt]))))
                elif nxt in on:
                    low[v] = min(low[v], index[nxt])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                if len(comp) > 1:
                    out.add(" ~ ".join(sorted(comp)))
    return out


def test_no_import_climbs_a_floor():
    bad = climbing_arrows(graph()) - KNOWN
    assert not bad, "imports that climb a floor (or reach another game's package):\n" + "\n".join(sorted(bad))


def test_no_import_circles():
    bad = circles(graph()) - KNOWN
    assert not bad, "modules that import each other in a circle:\n" + "\n".join(sorted(bad))


def test_the_list_of_known_debts_only_shrinks():
    g = graph()
    still = climbing_arrows(g) | circles(g)
    paid = KNOWN - still
    assert not paid, "these debts are paid: take them off KNOWN in tests/test_floors.py:\n" + "\n".join(sorted(paid))


def test_the_checker_sees_a_climb_and_a_circle():
    g = {"hexwar.core.a": {"hexwar.ui.b"}, "hexwar.ui.b": {"hexwar.core.a"}}
    assert climbing_arrows(g) == {"hexwar.core.a -> hexwar.ui.b"}
    assert circles(g) == {"hexwar.core.a ~ hexwar.ui.b"}


# --- no file outside a game's own folders names a game ------------------------------------
# The registry is the one place that knows the games (hexwar/games/__init__.py): the rest of
# hexwar/ says what kind of game or mechanic it serves, never which game. A game's own folders
# (GAME_WINGS) may name the game itself, and no other.

# Words of a title too ordinary to stand for the game on their own (the rest of the title does).
COMMON_WORDS = frozenset({"battle", "battles", "objective", "pass", "black", "operation", "campaign",
                          "game", "war", "front", "army", "road", "river", "hill", "town", "city",
                          "the", "for", "and", "from", "into", "over", "with"})

Names = tuple[str, list[re.Pattern[str]], list[re.Pattern[str]]]  # id, whole names, title words


def _name_patterns(name: str) -> list[re.Pattern[str]]:
    """``name`` as a whole word or words, case-insensitive, whatever joins its words
    ("objective-kiev", "objective_kiev" and "Objective: Kiev" are one name), and as a part of a
    CamelCase identifier ("ObjectiveKievRules")."""
    words = re.findall(r"[A-Za-z0-9]+", name)
    joined = r"[\W_]*".join(map(re.escape, words))
    camel = "".join(w if w.isupper() else w[:1].upper() + w[1:].lower() for w in words)
    return [re.compile(r"(?<![A-Za-z0-9])" + joined + r"(?![A-Za-z0-9])", re.I),
            re.compile(r"(?<![A-Z])" + re.escape(camel) + r"(?![a-z])")]


def distinctive_words(title: str) -> list[str]:
    """The words of a title that name the game alone ("Kursk" of "Battle for Kursk")."""
    return [w for w in re.findall(r"[A-Za-z0-9]+", title) if len(w) >= 4 and w.lower() not in COMMON_WORDS]


def game_names() -> dict[str, Names]:
    """Each of hexwar's own games by package name: its id, the patterns of its whole names (the
    id, the package's name, the title and any other names its entry gives in
    ``extra["other_names"]``, such as the rules system it is built on) and of its title's
    distinctive words. Games added from outside hexwar (tests/plugin_game) are not hexwar's
    to name, and their titles' words may be ordinary words here ("Mill", "Ford")."""
    import hexwar.games as registry

    out: dict[str, Names] = {}
    for e in registry.all_games():
        module = registry.find_game(e.id).__name__
        if not module.startswith("hexwar.games."):
            continue
        pkg = module.split(".")[2]
        whole = dict.fromkeys([e.id, pkg, e.title, *e.extra.get("other_names", ())])
        out[pkg] = (e.id, [p for n in whole for p in _name_patterns(n)],
                    [p for w in distinctive_words(e.title) for p in _name_patterns(w)])
    return out


def own_folders(pkg: str, root: Path = PKG) -> tuple[Path, ...]:
    """``hexwar/games/<pkg>/``, ``hexwar/ai/<pkg>/`` and ``hexwar/ui/games/<pkg>/``."""
    return tuple(root.joinpath(*wing.split(".")[1:-1], pkg) for wing in GAME_WINGS)


def names_in(path: Path, games: dict[str, Names], root: Path = PKG) -> list[str]:
    """Every line of ``path`` that names a game whose own folders do not hold ``path``. In
    another game's own folders only whole names count: a title's word alone may be a place on
    that game's map (a city, a pass) rather than the other game."""
    rel = path.relative_to(root.parent)
    home = [pkg for pkg in games if any(path.is_relative_to(f) for f in own_folders(pkg, root))]
    out = []
    for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        for pkg, (gid, whole, words) in games.items():
            if pkg in home:
                continue
            m = next((m for p in (whole if home else whole + words) if (m := p.search(line))), None)
            if m:
                out.append(f"{rel}:{no}: names {gid} ({m.group(0)!r}): {line.strip()}")
    return out


def test_only_a_games_own_folders_name_it():
    games = game_names()
    packages = {p.name for p in (PKG / "games").iterdir() if (p / "__init__.py").is_file()}
    assert set(games) == packages, f"games of the registry {sorted(games)} != packages {sorted(packages)}"
    bad = [hit for path in sorted(PKG.rglob("*.py")) if "__pycache__" not in path.parts
           for hit in names_in(path, games)]
    assert not bad, "files that name a game outside its own folders (say what kind of game instead):\n" + "\n".join(bad)


def test_the_name_checker_sees_a_name(tmp_path):
    assert distinctive_words("Battle for Kursk") == ["Kursk"]
    assert distinctive_words("Objective: Kiev") == ["Kiev"]
    assert distinctive_words("Kasserine Pass") == ["Kasserine"]
    assert distinctive_words("Black Wednesday") == ["Wednesday"]
    full, camel = _name_patterns("objective-kiev")
    assert full.search("hexwar.games.objective_kiev") and full.search("Objective: Kiev's odds")
    assert camel.search("class ObjectiveKievRules:") and not full.search("objective")
    assert not any(p.search("etcs, TCSs") for p in _name_patterns("TCS"))
    assert _name_patterns("TCS")[1].search("TCSRules")
    games = {"x_game": ("x-game", _name_patterns("x-game"), _name_patterns("Zanzibar")),
             "y_game": ("y-game", _name_patterns("y-game"), _name_patterns("Yarrow"))}
    root = tmp_path / "hexwar"
    src = root / "ui" / "a.py"
    src.parent.mkdir(parents=True)
    src.write_text("x = 1\ny = 2  # as Zanzibar does\n", encoding="utf-8")
    assert [h.split(":")[:2] for h in names_in(src, games, root)] == [["hexwar/ui/a.py", "2"]]
    mine = root / "ai" / "x_game" / "b.py"  # x_game's own folder: itself, and another's words, pass
    mine.parent.mkdir(parents=True)
    mine.write_text("# Zanzibar, and Yarrow the town\n# but not y-game\n", encoding="utf-8")
    assert [h.split(": names ")[1][:6] for h in names_in(mine, games, root)] == ["y-game"]


# One path search (issue 21): the priority queue of a cheapest-path search lives in
# hexwar/core/pathsearch.py; every game and computer player calls it instead of its own loop.
PATH_SEARCH = "hexwar.core.pathsearch"


def heapq_importers(root: Path = PKG) -> list[str]:
    """Modules under ``root`` that import ``heapq`` (``import heapq`` or ``from heapq import``)."""
    out = []
    for p in sorted(root.rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else \
                [node.module or ""] if isinstance(node, ast.ImportFrom) and not node.level else []
            if any(n.split(".")[0] == "heapq" for n in names):
                out.append(".".join(p.relative_to(root.parent).with_suffix("").parts))
                break
    return out


def test_only_the_core_path_search_imports_heapq():
    assert heapq_importers() == [PATH_SEARCH]


def test_the_heapq_checker_sees_an_import(tmp_path):
    root = tmp_path / "hexwar"
    (root / "ai").mkdir(parents=True)
    (root / "ai" / "a.py").write_text("def f():\n    import heapq\n", encoding="utf-8")
    (root / "ai" / "b.py").write_text("from heapq import heappush\n", encoding="utf-8")
    (root / "ai" / "c.py").write_text("import heapqx, bisect\n", encoding="utf-8")
    assert heapq_importers(root) == ["hexwar.ai.a", "hexwar.ai.b"]


# --- small modules --------------------------------------------------------------------------
MAX_LINES = 800  # the style's bar: a module over it is split by what lives in it


def long_modules(root: Path = PKG, limit: int = MAX_LINES) -> list[str]:
    """Modules under ``root`` with more than ``limit`` lines, with their length."""
    out = []
    for p in sorted(root.rglob("*.py")):
        if "__pycache__" in p.parts:
            continue
        n = len(p.read_text(encoding="utf-8").splitlines())
        if n > limit:
            out.append(f"{p.relative_to(root.parent)}: {n} lines")
    return out


def test_no_module_is_over_800_lines():
    assert long_modules() == []


def test_the_length_checker_sees_a_long_module(tmp_path):
    root = tmp_path / "hexwar"
    root.mkdir()
    (root / "short.py").write_text("x = 1\n" * 3, encoding="utf-8")
    (root / "long.py").write_text("x = 1\n" * 4, encoding="utf-8")
    assert long_modules(root, limit=3) == ["hexwar/long.py: 4 lines"]
