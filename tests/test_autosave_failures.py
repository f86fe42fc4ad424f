"""A failing disk never loses what was saved and never stops the game (issue 19, class 1).

A real small disk is filled, and a real saves folder turns read-only, under a game of 400
actions: each autosave that cannot be written is kept in ``game.autosave_error`` and explained
by ``game.autosave_problem()`` (what happened, why, what to do); the game goes on; the last
good autosave on disk stays whole and replays to the position it holds; once there is room
again the next action's autosave catches up.

The small disk is a tmpfs mounted in a private mount namespace (``unshare``), so no root is
needed where user namespaces are allowed; without them, the full disk is a file-size limit
(``RLIMIT_FSIZE``, EFBIG) and the read-only folder is ``chmod 555`` (for a user other than root).
"""
from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]

CHILD = r"""
import json, os, random, resource, signal, subprocess, sys
import hexwar
from hexwar.core.record import save_record

mode, folder, how = sys.argv[1], sys.argv[2], sys.argv[3]
auto = os.path.join(folder, "autosave.yaml")
out = {"failures": 0, "errors": []}

def fill(free_bytes):
    # fill the disk, then give back free_bytes: the autosave has that much room to grow
    filler = os.path.join(folder, "filler")
    fd = os.open(filler, os.O_WRONLY | os.O_CREAT)
    try:
        while True:
            os.write(fd, b"x" * 4096)
    except OSError:
        pass
    os.close(fd)
    size = os.path.getsize(filler)
    os.truncate(filler, max(0, size - free_bytes))
    return filler

game = hexwar.open_game("objective-kiev", "standard", seed=5)
rng = random.Random(5)
if mode == "full" and how == "tmpfs":
    filler = fill(8 * 1024)
elif mode == "full":
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails with EFBIG
    resource.setrlimit(resource.RLIMIT_FSIZE, (4 * 1024, resource.RLIM_INFINITY))
game.start_autosave(auto)
out["first_save_ok"] = game.autosave_error is None
for n in range(400):
    if mode == "readonly" and n == 50:
        if how == "tmpfs":
            subprocess.run(["mount", "-o", "remount,ro", folder], check=True)
        else:
            os.chmod(folder, 0o555)
    legal = game.legal_actions()
    if not legal or game.result() is not None:
        break
    game.apply(rng.choice(legal))
    if game.autosave_error is not None:
        out["failures"] += 1
        out["errors"].append(type(game.autosave_error).__name__ + ":" + str(getattr(game.autosave_error, "errno", "")))
out["applied"] = len(game.actions)
problem = game.autosave_problem()
out["problem"] = None if problem is None else {"what": problem.what, "why": problem.why, "todo": problem.todo}
out["autosaved"] = game.autosaved
kept = hexwar.load_record(auto)  # the last good autosave: whole, and it replays
out["kept_actions"] = len(kept.actions)
out["kept_is_the_game_then"] = kept.digest() == game.at(game.autosaved).digest()
out["temp_files"] = sorted(f for f in os.listdir(folder) if f.endswith(".tmp"))
# room again: the next action's autosave catches up with every action
if mode == "full" and how == "tmpfs":
    os.unlink(filler)
elif mode == "full":
    resource.setrlimit(resource.RLIMIT_FSIZE, (resource.RLIM_INFINITY, resource.RLIM_INFINITY))
elif how == "tmpfs":
    subprocess.run(["mount", "-o", "remount,rw", folder], check=True)
else:
    os.chmod(folder, 0o755)
if game.result() is None:
    game.apply(rng.choice(game.legal_actions()))
out["after_room"] = {"error": repr(game.autosave_error), "saved": game.autosaved, "actions": len(game.actions),
                     "on_disk": len(hexwar.load_record(auto).actions)}
print(json.dumps(out))
"""


def _unshare_works() -> bool:
    exe = shutil.which("unshare")
    if exe is None:
        return False
    probe = subprocess.run([exe, "-r", "-m", "sh", "-c", "mount -t tmpfs -o size=64k none /tmp && echo ok"],
                           capture_output=True, text=True, timeout=30)
    return probe.stdout.strip() == "ok"


def _run(mode: str, folder: Path) -> dict:
    env = dict(os.environ, PYTHONPATH=str(REPO) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    if _unshare_works():
        size = "256k" if mode == "full" else "4m"
        cmd = ["unshare", "-r", "-m", "sh", "-c",
               f'mount -t tmpfs -o size={size} hexwar-test "$1" && exec "$2" -c "$3" "$4" "$1" tmpfs',
               "sh", str(folder), sys.executable, CHILD, mode]
    elif mode == "readonly" and os.geteuid() == 0:
        pytest.skip("a read-only folder needs a mount namespace (unshare) when running as root")
    else:
        cmd = [sys.executable, "-c", CHILD, mode, str(folder), "plain"]
    proc = subprocess.run(cmd, capture_output=True, text=True, timeout=600, env=env)
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


@pytest.mark.slow
def test_a_full_disk_is_reported_and_the_last_good_autosave_kept(tmp_path: Path) -> None:
    out = _run("full", tmp_path)
    assert out["first_save_ok"]
    assert out["applied"] == 400, "the game must go on whatever the disk says"
    assert out["failures"] > 100, out  # most of the game could not be saved
    assert all(e in ("OSError:28", "OSError:27") for e in out["errors"]), out["errors"][:5]  # ENOSPC, EFBIG
    p = out["problem"]
    assert p is not None and "not being saved" in p["what"] and "full" in p["why"]
    assert "Free some space" in p["todo"] and "another folder" in p["todo"]
    assert f"holds {out['autosaved']} of your 400 actions" in p["what"]
    assert out["kept_actions"] == out["autosaved"] and out["kept_is_the_game_then"]
    assert out["temp_files"] == []  # a failed write leaves nothing behind
    after = out["after_room"]
    assert after["error"] == "None" and after["saved"] == after["actions"] == after["on_disk"]


@pytest.mark.slow
def test_a_read_only_saves_folder_is_reported_and_the_autosave_kept(tmp_path: Path) -> None:
    out = _run("readonly", tmp_path)
    assert out["first_save_ok"]
    assert out["applied"] == 400
    assert out["failures"] == 350, out  # every autosave after the folder turned read-only
    p = out["problem"]
    assert p is not None and ("read-only" in p["why"] or "may not write" in p["why"]), p
    assert "holds 50 of your 400 actions" in p["what"]
    assert out["kept_actions"] == 50 and out["kept_is_the_game_then"]
    after = out["after_room"]
    assert after["error"] == "None" and after["saved"] == after["actions"] == after["on_disk"]


def test_the_problem_text_says_what_why_and_what_to_do(tmp_path: Path) -> None:
    import errno

    from hexwar.core.files import write_problem

    for code, word in ((errno.ENOSPC, "full"), (errno.EROFS, "read-only"), (errno.EACCES, "may not write"),
                       (errno.ENOTDIR, "cannot be used"), (errno.EIO, "error while writing")):
        p = write_problem(OSError(code, os.strerror(code)), tmp_path / "autosave.yaml")
        assert word in p.why and str(tmp_path) in p.why and p.todo and str(p).startswith(p.what)
    odd = write_problem(RuntimeError("x" * 10_000), tmp_path / "a.yaml")
    assert len(str(odd)) < 600


def test_autosave_problem_is_none_while_saving_works(tmp_path: Path) -> None:
    import hexwar

    g = hexwar.open_game("objective-kiev", "standard", seed=3)
    assert g.autosave_problem() is None
    g.start_autosave(tmp_path / "autosave.yaml")
    g.apply(g.legal_actions()[0])
    assert g.autosave_problem() is None and g.autosaved == 1
