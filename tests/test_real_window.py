"""The client in a real X window (not SDL's dummy driver): a smoke test under Xvfb.

Skipped unless ``Xvfb`` is on PATH (CI installs Debian's ``xvfb``). Xvfb picks a free
display number itself (``-displayfd``) and tells us when it is ready; the client runs
``python -m hexwar --smoke SECONDS --smoke-shot OUT.png`` with ``SDL_VIDEODRIVER`` unset,
so SDL opens an x11 window, starts a new game, runs frames, saves the window and exits.
Every step that talks to X has a timeout, and Xvfb is always stopped.
"""
from __future__ import annotations

import os
import select
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
X_TIMEOUT = 20  # seconds for Xvfb to start or stop
RUN_TIMEOUT = 120  # seconds for the whole client run

pytestmark = pytest.mark.skipif(shutil.which("Xvfb") is None, reason="Xvfb is not installed (apt-get install xvfb)")


def start_xvfb() -> tuple[subprocess.Popen, str]:
    """Xvfb on a free display; returns the process and the display (":N") once it accepts clients."""
    rfd, wfd = os.pipe()
    try:
        proc = subprocess.Popen(["Xvfb", "-displayfd", str(wfd), "-screen", "0", "1280x800x24", "-nolisten", "tcp",
                                 "-noreset"], pass_fds=(wfd,), stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    finally:
        os.close(wfd)
    try:
        got = b""
        while not got.endswith(b"\n"):
            ready, _, _ = select.select([rfd], [], [], X_TIMEOUT)
            if not ready:
                raise RuntimeError(f"Xvfb did not start within {X_TIMEOUT} s")
            chunk = os.read(rfd, 64)
            if not chunk:  # Xvfb exited before naming its display
                raise RuntimeError("Xvfb exited at start: " + proc.stderr.read().decode(errors="replace")[-500:])
            got += chunk
    except BaseException:
        stop(proc)
        raise
    finally:
        os.close(rfd)
    return proc, ":" + got.decode().strip()


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        proc.terminate()
        try:
            proc.wait(timeout=X_TIMEOUT)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(timeout=X_TIMEOUT)
    if proc.stderr is not None:
        proc.stderr.close()


def test_the_client_runs_in_a_real_x11_window(tmp_path):
    xvfb, display = start_xvfb()
    try:
        env = dict(os.environ)
        env.pop("SDL_VIDEODRIVER", None)  # tests/conftest.py sets the dummy driver: not here
        env.pop("WAYLAND_DISPLAY", None)
        env["DISPLAY"] = display
        env["SDL_AUDIODRIVER"] = "dummy"
        env["HEXWAR_DATA_DIR"] = str(tmp_path / "data")
        env["HEXWAR_CONFIG_DIR"] = str(tmp_path / "config")
        png = tmp_path / "window.png"
        run = subprocess.run([sys.executable, "-m", "hexwar", "--smoke", "2", "--smoke-shot", str(png),
                              "--size", "1280x720"], cwd=ROOT, env=env, capture_output=True, text=True,
                             timeout=RUN_TIMEOUT)
        print(run.stdout)
        print(run.stderr, file=sys.stderr)
        assert run.returncode == 0, run.stderr[-2000:]
        line = next((ln for ln in run.stdout.splitlines() if ln.startswith("hexwar: smoke: driver ")), "")
        driver = line.split("driver ", 1)[1].split(",")[0] if line else None
        print(f"SDL video driver: {driver}")
        assert driver == "x11", run.stdout
        assert png.is_file() and png.stat().st_size > 0
        import pygame

        img = pygame.image.load(str(png))
        assert img.get_size() == (1280, 720)
        # A drawn frame, not a blank window: the map, panels and counters give many colours.
        colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1280, 16) for y in range(0, 720, 16)}
        assert len(colours) > 20, len(colours)
    finally:
        stop(xvfb)
