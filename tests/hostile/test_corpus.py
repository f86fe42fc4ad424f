"""Every input of the hostile corpus (tests/hostile/cases.py) is refused or accepted cleanly:
a DataError naming the file and the problem in a short message, no traceback, within a time
limit and a memory limit, and nothing of the player's lost (a damaged file of theirs is renamed,
its content intact).

Each case runs in a process of its own: library cases in a child forked from a server that has
hexwar imported already (fast), client cases in a fresh ``python -m hexwar.ui.app``. The child's
address space is capped (``RLIMIT_AS``) at what it had plus ``MEMORY_MB``: a bomb that got past
the reader would die of MemoryError, which fails the case.
"""
from __future__ import annotations

import multiprocessing
import os
import re
import resource
import subprocess
import sys
import time
import traceback
from pathlib import Path

import pytest

from tests.hostile import cases as C

LIBRARY_SECONDS = 45  # generous for a loaded 2-core machine: a case takes well under 5 s
CLIENT_SECONDS = 120
MEMORY_MB = 600  # on top of what the process had before the case
PRELOAD = ["hexwar", "hexwar.session", "hexwar.loaders.tmx", "hexwar.core.files", "hexwar.ui.settings",
           "hexwar.ui.saves", "hexwar.games.black_wednesday.tables", "tests.hostile.cases", "tests.hostile.test_corpus"]


def _vm_bytes() -> int:
    with open("/proc/self/status", encoding="ascii") as f:
        m = re.search(r"VmSize:\s+(\d+) kB", f.read())
    return int(m.group(1)) * 1024 if m else 0


def _maxrss_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _library(case: C.Case) -> dict:
    """Feed one input to the library the way hexwar reads it; say what happened."""
    import hexwar
    from hexwar import paths

    path = Path(case.path)
    if case.kind == "record":
        from hexwar.core.record import read_record

        read_record(path)  # the saves list reads the header first
        hexwar.load_record(path)
        return {"outcome": "accepted"}
    if case.kind.startswith("scenario:"):
        hexwar.open_game(case.kind.split(":", 1)[1], "hostile", seed=1, scenario_path=path)
        return {"outcome": "accepted"}
    if case.kind == "map":
        from hexwar.games.objective_kiev import TERRAINS
        from hexwar.loaders.tmx import load_board

        load_board(path, TERRAINS)
        return {"outcome": "accepted"}
    if case.kind == "bw-tables":
        from hexwar.games.black_wednesday.tables import load_tables

        load_tables(str(path.parent))
        return {"outcome": "accepted"}
    if case.kind in ("settings", "index"):
        before = C.digest_of(case.path)
        paths.clear_notices()
        if case.kind == "settings":
            from hexwar.ui.settings import Settings

            os.environ["HEXWAR_CONFIG_DIR"] = str(path.parent)
            s = Settings.load()
            got = {"scale": s.ui_scale, "hotseat": s.hotseat}
            assert isinstance(s.ui_scale, float) and 0.5 <= s.ui_scale <= 3.0 and isinstance(s.hotseat, bool)
        else:
            from hexwar.ui.saves import SaveIndex

            os.environ["HEXWAR_DATA_DIR"] = str(path.parent)
            index = SaveIndex(threaded=False, cache_file=path)
            got = {"rows": len(index._known)}
        moved = sorted(path.parent.glob(path.name + ".damaged-*"))
        notes = paths.notices()
        if moved:
            kept = C.digest_of(str(moved[0]))
            return {"outcome": "set-aside", "message": " ".join(notes), "intact": before is None or kept == before,
                    "left": os.path.lexists(path), **got}
        return {"outcome": "ignored", "message": " ".join(notes), **got}
    raise ValueError(case.kind)


def _child(case: C.Case, conn) -> None:
    from hexwar.core.errors import DataError

    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    resource.setrlimit(resource.RLIMIT_AS, (_vm_bytes() + MEMORY_MB * 2**20, hard))
    if case.drop_privileges and os.geteuid() == 0:
        os.setgid(65534)
        os.setuid(65534)  # root reads any file: be somebody else
    rss0, t0 = _maxrss_mb(), time.perf_counter()
    try:
        out = _library(case)
    except DataError as e:
        out = {"outcome": "refused", "message": str(e), "path": e.path}
    except BaseException as e:  # noqa: BLE001 - anything else is what this test is looking for
        out = {"outcome": "crash", "message": f"{type(e).__name__}: {str(e)[:500]}",
               "traceback": traceback.format_exc()[-3000:]}
    out["seconds"] = round(time.perf_counter() - t0, 2)
    out["grew_mb"] = round(_maxrss_mb() - rss0, 1)
    conn.send(out)
    conn.close()


_CTX = None


def _context():
    global _CTX
    if _CTX is None:
        _CTX = multiprocessing.get_context("forkserver")
        _CTX.set_forkserver_preload(PRELOAD)
    return _CTX


def run_library_case(case: C.Case) -> dict:
    ctx = _context()
    here, there = ctx.Pipe(duplex=False)
    proc = ctx.Process(target=_child, args=(case, there), daemon=True)
    proc.start()
    there.close()
    try:
        if not here.poll(LIBRARY_SECONDS):
            return {"outcome": "hang", "message": f"no answer in {LIBRARY_SECONDS} s"}
        try:
            return here.recv()
        except EOFError:
            return {"outcome": "crash", "message": f"the process died (exit {proc.exitcode})"}
    finally:
        if proc.is_alive():
            proc.kill()
        proc.join(10)


# --- the cases ----------------------------------------------------------------------------------
STATIC = C.static_cases()


@pytest.fixture(scope="module")
def dynamic(tmp_path_factory) -> dict[str, C.Case]:
    return {c.id: c for c in C.build(tmp_path_factory.mktemp("hostile"))}


def check(case: C.Case, out: dict) -> None:
    info = f"{case.id}: {out}"
    assert out["outcome"] not in ("crash", "hang"), info
    assert out["outcome"] == case.expect, info
    msg = out.get("message", "")
    assert "Traceback" not in msg, info
    assert len(msg) <= 1200, f"{case.id}: a message of {len(msg)} characters"
    if case.expect == "refused":
        named = (case.path, *case.names)
        assert any(n in msg for n in named), f"{case.id}: the message does not name the file: {msg}"
        problem = msg.split(": ", 1)[-1] if ": " in msg else msg
        assert problem.strip(), info
    if case.expect == "set-aside":
        assert out["intact"], f"{case.id}: the player's file was changed"
        assert not out["left"], f"{case.id}: the damaged file is still in the way"
        assert "could not be read" in msg and "damaged-" in msg, info
    for w in case.words:
        assert w in msg.lower(), f"{case.id}: {w!r} not in {msg!r}"
    assert out["seconds"] < 20, info
    assert out["grew_mb"] < 300, info


@pytest.mark.parametrize("case", STATIC, ids=[c.id for c in STATIC])
def test_static_input(case: C.Case, tmp_path: Path) -> None:
    case = C.prepare_static(case, tmp_path)
    check(case, run_library_case(case))


def _dynamic_ids() -> list[str]:
    """The ids of the dynamic cases, without making the large inputs (made once per module)."""
    import tempfile

    with tempfile.TemporaryDirectory() as d:
        return [c.id for c in C.build(Path(d) / "probe", ids_only=True)]


DYNAMIC_IDS = _dynamic_ids()


@pytest.mark.parametrize("case_id", DYNAMIC_IDS)
def test_dynamic_input(case_id: str, dynamic: dict[str, C.Case]) -> None:
    case = dynamic[case_id]
    if case.drop_privileges and os.geteuid() != 0 and os.access(case.path, os.R_OK):
        pytest.skip("this user can read a file whose permissions say no")
    check(case, run_library_case(case))


def test_the_corpus_has_several_inputs_of_every_class(dynamic: dict[str, C.Case]) -> None:
    counts: dict[int, int] = {}
    for c in [*STATIC, *dynamic.values(), *CLIENT]:
        counts[c.cls] = counts.get(c.cls, 0) + 1
    assert all(counts.get(k, 0) >= 3 for k in (2, 3, 4, 5, 6, 7, 8, 9)), counts
    assert sum(counts.values()) >= 150, counts


# --- the client's start-up ----------------------------------------------------------------------
MENU = r"""
import sys, time
from hexwar.ui.app import App, show_notices
app = App((1000, 700), resizable=False)
show_notices(app)
for _ in range(5):
    app.step(1 / 60)
menu = app.stack.scenes[0]
menu.index.wait(60)
for _ in range(5):
    app.step(1 / 60)
rows = [menu.index.info(p) for p in menu.saves]
print("MENU", len(rows), sum(1 for r in rows if r.error), flush=True)
"""


def _client_cases() -> list[C.Case]:
    out = []
    S = C.CORPUS

    def add(cid, cls, kind, path="", expect="clean", *words, env=()):
        out.append(C.Case(cid, cls, kind, str(path), expect, tuple(w.lower() for w in words), tuple(env)))

    for f in ("aliases/settings-bomb.yaml", "aliases/settings-bomb-top.yaml", "integers/settings-huge-scale.yaml",
              "integers/settings-huge-key.yaml", "player/settings-deeply-nested.yaml", "player/settings-binary.yaml",
              "player/settings-deep-block.yaml", "memory/settings-many-values.yaml"):
        add(f"client/start-with-{Path(f).stem}", 7 if f.startswith("player") else C.CLASSES[f.split("/")[0]],
            "client-settings", S / f, "clean", "settings file")
    add("client/start-with-settings-fifo", 4, "client-settings", "fifo", "clean", "settings file")
    for f in ("player/index-deeply-nested.json", "player/index-binary.json", "integers/index-huge-number.json"):
        add(f"client/start-with-{Path(f).stem}", 7, "client-index", S / f, "clean", "saved games")
    add("client/start-with-index-fifo", 4, "client-index", "fifo", "clean", "saved games")
    add("client/start-with-data-dir-a-file", 7, "client-data-dir-file", "", "clean", "hexwar_data_dir", "is a file")
    add("client/start-with-config-dir-a-file", 7, "client-config-dir-file", "", "clean", "hexwar_config_dir",
        "is a file")
    add("client/start-with-saves-folder-a-file", 7, "client-saves-a-file", "", "clean", "saves folder", "is a file")
    for name in ("fifo", "dev-zero", "bomb", "deep", "huge-seed", "long-action", "cut", "version-999", "socket"):
        add(f"client/menu-with-{name}-in-the-saves-folder", 4 if name in ("fifo", "dev-zero", "socket") else 2,
            "client-menu", name, "menu")
    for name, cls, words in (("fifo", 4, ("pipe",)), ("dev-zero", 4, ("device",)), ("folder", 9, ("folder",)),
                             ("geometry/map-csv-layer-short.tmx", 5, ("cells",)),
                             ("geometry/map-zero-tilewidth.tmx", 5, ("tilewidth",)),
                             ("geometry/map-nan-x.tmx", 5, ("nan",)), ("geometry/map-1e400-x.tmx", 5, ("1e400",)),
                             ("zlib-bomb", 6, ("inflates",))):
        add(f"client/map-{Path(name).stem}", cls, "client-map", name, "refused", *words)
    for name, cls, words in (("fifo", 4, ("pipe",)), ("aliases/record-bomb-in-options.yaml", 2, ("alias",)),
                             ("integrity/record-cut-after-line-7.yaml", 8, ()),
                             ("integrity/record-version-999-good-digest.yaml", 8, ("newer",)),
                             ("integers/record-huge-seed.yaml", 3, ("number",)),
                             ("memory/record-long-action.yaml", 6, ("characters long",))):
        add(f"client/record-{Path(name).stem}", cls, "client-record", name, "refused", *words)
    return out


CLIENT = _client_cases()


def _client_env(home: Path) -> dict[str, str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1",
               HEXWAR_DATA_DIR=str(home / "data"), HEXWAR_CONFIG_DIR=str(home / "config"),
               XDG_DATA_HOME=str(home / "xdg-data"), XDG_CONFIG_HOME=str(home / "xdg-config"),
               OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    env["PYTHONPATH"] = str(C.REPO) + os.pathsep + env.get("PYTHONPATH", "")
    return env


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (3 * 2**30, resource.RLIM_INFINITY))


@pytest.mark.parametrize("case", CLIENT, ids=[c.id for c in CLIENT])
def test_client_start_up(case: C.Case, tmp_path: Path, dynamic: dict[str, C.Case]) -> None:
    env = _client_env(tmp_path)
    data, config = Path(env["HEXWAR_DATA_DIR"]), Path(env["HEXWAR_CONFIG_DIR"])
    (data / "saves").mkdir(parents=True)
    config.mkdir(parents=True)
    shot = str(tmp_path / "shot.png")
    args = ["-m", "hexwar.ui.app", "--screenshot", shot, "--size", "1000x700"]
    watched: Path | None = None
    if case.kind == "client-settings":
        watched = config / "settings.yaml"
        os.mkfifo(watched) if case.path == "fifo" else watched.write_bytes(Path(case.path).read_bytes())
    elif case.kind == "client-index":
        watched = data / "saves-index.json"
        os.mkfifo(watched) if case.path == "fifo" else watched.write_bytes(Path(case.path).read_bytes())
    elif case.kind == "client-data-dir-file":
        (tmp_path / "a-file").write_text("x")
        env["HEXWAR_DATA_DIR"] = str(tmp_path / "a-file")
    elif case.kind == "client-config-dir-file":
        (tmp_path / "a-file").write_text("x")
        env["HEXWAR_CONFIG_DIR"] = str(tmp_path / "a-file")
    elif case.kind == "client-saves-a-file":
        (data / "saves").rmdir()
        (data / "saves").write_text("x")
    elif case.kind == "client-menu":
        saves = data / "saves"
        (saves / "good.yaml").write_bytes((C.CORPUS / "valid" / "record.yaml").read_bytes())
        src = {"bomb": "aliases/record-bomb-in-options.yaml", "deep": "player/settings-deeply-nested.yaml",
               "huge-seed": "integers/record-huge-seed.yaml", "long-action": "memory/record-long-action.yaml",
               "cut": "integrity/record-cut-after-line-7.yaml",
               "version-999": "integrity/record-version-999-good-digest.yaml"}.get(case.path)
        target = saves / f"hostile-{case.path}.yaml"
        if src:
            target.write_bytes((C.CORPUS / src).read_bytes())
        elif case.path == "fifo":
            os.mkfifo(target)
        elif case.path == "socket":
            C._socket(target)
        else:
            target.symlink_to("/dev/zero")
        args = ["-c", MENU]
    elif case.kind == "client-map":
        if "/" in case.path:
            m = tmp_path / "map"
            m.mkdir()
            C._copy_tileset(m)
            target = m / "x.tmx"
            target.write_bytes((C.CORPUS / case.path).read_bytes())
        elif case.path == "zlib-bomb":
            target = Path(dynamic["memory/map-zlib-bomb"].path)
        elif case.path == "folder":
            target = tmp_path / "folder.tmx"
            target.mkdir()
        elif case.path == "fifo":
            target = tmp_path / "fifo.tmx"
            os.mkfifo(target)
        else:
            target = tmp_path / "zero.tmx"
            target.symlink_to("/dev/zero")
        args += ["--map", str(target)]
    elif case.kind == "client-record":
        if case.path == "fifo":
            target = tmp_path / "fifo.yaml"
            os.mkfifo(target)
        else:
            target = tmp_path / "record.yaml"
            target.write_bytes((C.CORPUS / case.path).read_bytes())
        args += ["--record", str(target)]
    before = C.digest_of(str(watched)) if watched is not None else None
    t0 = time.perf_counter()
    try:
        proc = subprocess.run([sys.executable, *args], capture_output=True, text=True, env=env,
                              timeout=CLIENT_SECONDS, preexec_fn=_limit_memory, cwd=tmp_path)
    except subprocess.TimeoutExpired:
        pytest.fail(f"{case.id}: the client hangs (no end in {CLIENT_SECONDS} s)")
    seconds = time.perf_counter() - t0
    err = proc.stderr
    assert "Traceback" not in err and "Error:" not in err.replace("DataError", ""), f"{case.id}:\n{err[-3000:]}"
    if case.expect == "refused":
        assert proc.returncode == 1, f"{case.id}: exit {proc.returncode}\n{err[-2000:]}"
        line = next((ln for ln in err.splitlines() if ln.startswith("hexwar: ") and str(target) in ln), "")
        assert line, f"{case.id}: no message naming {target}:\n{err[-2000:]}"
        assert len(line) < 1200
        for w in case.words:
            assert w in line.lower(), f"{case.id}: {w!r} not in {line!r}"
    elif case.expect == "menu":
        assert proc.returncode == 0, f"{case.id}: exit {proc.returncode}\n{err[-2000:]}"
        m = re.search(r"MENU (\d+) (\d+)", proc.stdout)
        assert m and int(m.group(1)) == 2 and int(m.group(2)) == 1, f"{case.id}: {proc.stdout} {err[-2000:]}"
    else:
        assert proc.returncode == 0, f"{case.id}: exit {proc.returncode}\n{err[-2000:]}"
        assert Path(shot).is_file()
        notes = " ".join(ln for ln in err.splitlines() if ln.startswith("hexwar: ")).lower()
        for w in case.words:
            assert w in notes, f"{case.id}: {w!r} not in {notes!r}"
        if watched is not None:
            moved = sorted(watched.parent.glob(watched.name + ".damaged-*"))
            assert moved, f"{case.id}: the damaged file was not set aside"
            assert before is None or C.digest_of(str(moved[0])) == before, f"{case.id}: the player's file changed"
    assert seconds < CLIENT_SECONDS
