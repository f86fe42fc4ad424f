"""hexwar.paths: game data in both layouts, player folders per XDG."""
import importlib.resources
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hexwar import paths

REPO = Path(__file__).resolve().parents[1]


# --- game data --------------------------------------------------------------

@pytest.mark.parametrize("kind", ["maps", "scenarios", "assets"])
def test_data_dir_uses_the_checkout_folders(kind):
    assert paths.source_root() == REPO
    assert paths.data_dir(kind) == REPO / kind


def test_unknown_kind_is_refused():
    with pytest.raises(ValueError, match="unknown data kind"):
        paths.data_dir("saves")


def test_map_and_scenario_paths():
    assert paths.map_path("objective-kiev") == REPO / "maps" / "objective-kiev.tmx"
    assert paths.map_path("objective-kiev.tmx") == REPO / "maps" / "objective-kiev.tmx"
    assert (paths.scenario_path("objective-kiev", "standard")
            == REPO / "scenarios" / "objective-kiev" / "standard.yaml")


def test_existing_data_files_are_found():
    # Whatever maps and scenarios the checkout holds are reachable by name.
    for tmx in (REPO / "maps").glob("*.tmx"):
        assert Path(paths.map_path(tmx.stem)).is_file()
    for yaml_file in (REPO / "scenarios").glob("*/*.yaml"):
        found = paths.scenario_path(yaml_file.parent.name, yaml_file.stem)
        assert Path(found).is_file()


def test_installed_layout_uses_package_resources(monkeypatch, tmp_path):
    # Pretend hexwar lives in site-packages: no pyproject.toml beside it, and
    # even a stray top-level "maps" folder there must not be taken for ours.
    (tmp_path / "maps").mkdir()
    monkeypatch.setattr(paths, "_SOURCE_ROOT", tmp_path)
    assert paths.source_root() is None
    asked = []

    def fake_files(package):
        asked.append(package)
        return tmp_path / "site-packages" / package.replace(".", "/")

    monkeypatch.setattr(importlib.resources, "files", fake_files)
    assert paths.data_dir("maps") == tmp_path / "site-packages" / "hexwar" / "data" / "maps"
    assert asked == ["hexwar.data"]
    assert (paths.scenario_path("objective-kiev", "standard")
            == tmp_path / "site-packages/hexwar/data/scenarios/objective-kiev/standard.yaml")


def test_hexwar_data_is_a_real_package():
    # files() must give a concrete Path (pytmx needs a file name), which it
    # does for a regular package with an __init__.py.
    assert isinstance(importlib.resources.files("hexwar.data"), Path)


def test_paths_needs_no_pygame():
    code = "import sys, hexwar.paths; assert 'pygame' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], cwd=REPO, check=True)


# --- player folders -----------------------------------------------------------

@pytest.fixture
def clean_env(monkeypatch, tmp_path):
    for var in ("HEXWAR_DATA_DIR", "HEXWAR_CONFIG_DIR", "XDG_DATA_HOME", "XDG_CONFIG_HOME"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    return tmp_path


def test_conftest_keeps_tests_out_of_the_real_home():
    data = paths.user_data_dir()
    assert data == Path(os.environ["HEXWAR_DATA_DIR"])
    assert not str(data).startswith(str(Path.home() / ".local"))


def test_defaults_follow_xdg_fallbacks(clean_env):
    home = clean_env / "home"
    assert paths.user_data_dir() == home / ".local" / "share" / "hexwar"
    assert paths.user_config_dir() == home / ".config" / "hexwar"
    assert paths.user_data_dir().is_dir() and paths.user_config_dir().is_dir()


def test_xdg_variables_are_honoured(clean_env, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(clean_env / "xdg-data"))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(clean_env / "xdg-config"))
    assert paths.user_data_dir() == clean_env / "xdg-data" / "hexwar"
    assert paths.user_config_dir() == clean_env / "xdg-config" / "hexwar"


def test_relative_xdg_values_are_ignored(clean_env, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", "relative/dir")
    assert paths.user_data_dir() == clean_env / "home" / ".local" / "share" / "hexwar"


def test_override_variables_win(clean_env, monkeypatch):
    monkeypatch.setenv("XDG_DATA_HOME", str(clean_env / "xdg-data"))
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(clean_env / "mine"))
    monkeypatch.setenv("HEXWAR_CONFIG_DIR", str(clean_env / "my-config"))
    assert paths.user_data_dir() == clean_env / "mine"
    assert paths.user_config_dir() == clean_env / "my-config"


def test_folders_are_created_on_demand(clean_env, monkeypatch):
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(clean_env / "a" / "b"))
    assert not (clean_env / "a").exists()
    saves = paths.saves_dir()
    assert saves == clean_env / "a" / "b" / "saves" and saves.is_dir()
    auto = paths.autosave_path()
    assert auto.parent == saves and auto.name == "autosave.yaml"
    assert not auto.exists()
