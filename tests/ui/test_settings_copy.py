"""The settings' JSON copy (issue 22, start-up): the menu's first frame reads ``settings-copy.json``
instead of the player's ``settings.yaml`` while the YAML has not changed, so that PyYAML is not
imported before it. The YAML stays the player's file and always wins; these tests check that a
stale or damaged copy is ignored and written again, and that a damaged YAML is still set aside
with its notice whatever the copy says.
"""
from __future__ import annotations

import json
import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from hexwar import paths
from hexwar.ui import settings as S
from hexwar.ui.settings import Settings

ROOT = Path(__file__).resolve().parents[2]
OLD = 10**9 * 3600  # an hour ago, in nanoseconds: older than the racy window of a just-written file


@pytest.fixture
def config(monkeypatch, tmp_path):
    monkeypatch.setenv("HEXWAR_CONFIG_DIR", str(tmp_path))
    paths.clear_notices()
    yield tmp_path
    paths.clear_notices()


def _write(p: Path, text: str, age_ns: int = OLD) -> None:
    p.write_text(text, encoding="utf-8")
    t = time.time_ns() - age_ns
    os.utime(p, ns=(t, t))


def _copy(config: Path) -> dict:
    return json.loads((config / S.COPY_NAME).read_text(encoding="utf-8"))


def test_the_copy_gives_what_the_yaml_gives_without_reading_it(config, monkeypatch):
    _write(config / S.FILE_NAME, "ui_scale: 1.4\nhotseat: false\nwindow_size: [1000, 700]\nplayers: {axis: human}\n")
    first = Settings.load()
    assert first.ui_scale == 1.4 and not first.hotseat and first.window_size == [1000, 700]
    assert _copy(config)["settings"] == {**_copy(config)["settings"], "ui_scale": 1.4, "hotseat": False}

    def no_yaml(*args, **kw):
        raise AssertionError("the YAML read again")

    monkeypatch.setattr(S, "load_yaml", no_yaml)
    assert Settings.load() == first


def test_a_stale_copy_is_ignored_and_rebuilt_the_yaml_wins(config):
    p = config / S.FILE_NAME
    _write(p, "ui_scale: 1.4\n")
    assert Settings.load().ui_scale == 1.4
    _write(p, "ui_scale: 1.6\n")  # the same size: the time and the inode's change time tell it
    assert Settings.load().ui_scale == 1.6
    assert _copy(config)["settings"]["ui_scale"] == 1.6
    # A copy that names the file as it is but holds a value the YAML could never have given.
    c = _copy(config)
    c["settings"]["ui_scale"] = 9.0
    (config / S.COPY_NAME).write_text(json.dumps(c), encoding="utf-8")
    assert Settings.load().ui_scale == 1.6 and _copy(config)["settings"]["ui_scale"] == 1.6


@pytest.mark.parametrize("damage", ["{not json", "[1, 2]", '{"version": 99}', "", "folder", "fifo"])
def test_a_damaged_copy_is_ignored_and_rebuilt(config, damage):
    p = config / S.FILE_NAME
    _write(p, "hotseat: false\n")
    Settings.load()
    c = config / S.COPY_NAME
    c.unlink()
    if damage == "folder":
        c.mkdir()
    elif damage == "fifo":
        os.mkfifo(c)
    else:
        c.write_text(damage, encoding="utf-8")
    assert Settings.load().hotseat is False
    assert not paths.notices(), "the copy is hexwar's own: nothing to tell the player"
    assert list(config.glob("*.damaged-*")) == []
    if damage != "folder":  # a folder in its place cannot be replaced: the YAML is read each time
        assert _copy(config)["settings"]["hotseat"] is False
    assert p.read_text(encoding="utf-8") == "hotseat: false\n", "the player's file is never touched"


def test_a_damaged_yaml_is_set_aside_with_its_notice_whatever_the_copy(config):
    p = config / S.FILE_NAME
    _write(p, "ui_scale: 1.4\n")
    Settings.load()
    _write(p, "ui_scale: [1.4\n")  # the player breaks the file: same size, another time
    s = Settings.load()
    assert s.ui_scale == 1.0
    notes = " ".join(paths.notices())
    assert str(p) in notes and "could not be read" in notes
    assert len(list(config.glob("settings.yaml.damaged-*"))) == 1


def test_a_file_just_written_by_someone_else_gets_no_copy(config):
    """Changed within the racy window, a file could change again within the file system's clock
    tick keeping its size and time: its copy waits for the next start."""
    _write(config / S.FILE_NAME, "ui_scale: 1.4\n", age_ns=0)
    assert Settings.load().ui_scale == 1.4
    assert not (config / S.COPY_NAME).exists()


def test_saving_writes_the_yaml_and_its_copy(config, monkeypatch):
    s = Settings(ui_scale=1.3, ui_scale_auto=False, hotseat=False)
    assert s.save()
    assert "ui_scale: 1.3" in (config / S.FILE_NAME).read_text(encoding="utf-8")
    assert _copy(config)["stamp"] == S.file_stamp(config / S.FILE_NAME)
    monkeypatch.setattr(S, "load_yaml", lambda *a, **k: pytest.fail("the YAML read again"))
    assert Settings.load() == s


def test_the_menus_first_frame_with_settings_and_saves_imports_no_yaml(tmp_path):
    """A player's second start, with a settings file and saved games: the first frame reads the
    settings' copy and leaves the saves' headers (YAML) for after it."""
    import hexwar
    from hexwar.games import game_ids

    data, config = tmp_path / "data", tmp_path / "config"
    (data / "saves").mkdir(parents=True)
    config.mkdir()
    _write(config / S.FILE_NAME, "hotseat: false\nwindow_size: [1100, 700]\n")
    hexwar.open_game(game_ids()[0], seed=2).save(data / "saves" / "mine.yaml")
    code = ("import json, os, sys\nimport pygame\nflip = pygame.display.flip\n"
            "def first():\n    flip()\n    print(json.dumps(sorted(sys.modules)), flush=True)\n    os._exit(0)\n"
            "pygame.display.flip = first\nfrom hexwar.ui import app as A\nA.main(sys.argv[1:])\n")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "HEXWAR_DATA_DIR": str(data), "HEXWAR_CONFIG_DIR": str(config)}
    runs = [subprocess.run([sys.executable, "-c", code, "--size", "1280x720"], env=env, cwd=ROOT, capture_output=True,
                           text=True, timeout=120, check=True) for _ in range(2)]
    mods = set(json.loads(runs[-1].stdout.strip().splitlines()[-1]))
    assert (config / S.COPY_NAME).is_file()
    assert "yaml" not in mods and "hexwar.core.record" not in mods and "hexwar.luck_report" not in mods
