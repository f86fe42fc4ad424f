"""Every map opens in Tiled and renders with Tiled's own tmxrasterizer (run offscreen).

Skipped where Tiled is not installed; .ci/run installs Debian's `tiled` package."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

MAPS = sorted((Path(__file__).resolve().parents[2] / "maps").glob("*.tmx"))


@pytest.mark.skipif(shutil.which("tmxrasterizer") is None, reason="Tiled's tmxrasterizer is not installed")
@pytest.mark.parametrize("tmx", MAPS, ids=[p.stem for p in MAPS])
def test_map_renders_with_tmxrasterizer(tmx: Path, tmp_path: Path) -> None:
    out = tmp_path / "map.png"
    env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
    run = subprocess.run(["tmxrasterizer", "-s", "0.25", str(tmx), str(out)], env=env,
                         capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    data = out.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 2000
