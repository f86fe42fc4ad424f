"""A wheel of hexwar carries its code and all of maps/, scenarios/ and assets/.

`pip install .` (not editable) must give a working game, so the top-level data
folders are shipped inside the package as hexwar/data/<kind>/ (see
pyproject.toml). This test builds a real wheel from a copy of the checkout,
checks its file list, then imports hexwar.paths from the unpacked wheel and
checks that it finds the data there.

Kept fast (a few seconds): no build isolation, so setuptools and wheel must be
installed in the test environment (they are in the `dev` extra).
"""
import fnmatch
import importlib.util
import json
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from pathlib import Path, PurePosixPath

import pytest

REPO = Path(__file__).resolve().parents[1]
DATA_KINDS = ("maps", "scenarios", "assets")
# What goes into the build: everything else in the checkout stays out.
BUILD_INPUTS = ("pyproject.toml", "setup.py", "README.md", "hexwar", *DATA_KINDS)


def _package_data_globs():
    with open(REPO / "pyproject.toml", "rb") as f:
        config = tomllib.load(f)
    return config["tool"]["setuptools"]["package-data"]


def _matches(rel: PurePosixPath, globs) -> bool:
    # "**/*.yaml" in setuptools matches at any depth, the top included.
    return any(fnmatch.fnmatch(rel.name, g.rsplit("/", 1)[-1]) for g in globs)


def _visible_files(top: Path):
    for path in sorted(top.rglob("*")):
        rel = path.relative_to(top)
        if path.is_file() and not any(part.startswith(".") or part == "__pycache__"
                                      for part in rel.parts):
            yield PurePosixPath(rel.as_posix())


@pytest.fixture(scope="module")
def wheel(tmp_path_factory):
    for needed in ("setuptools", "wheel"):
        if importlib.util.find_spec(needed) is None:
            pytest.skip(f"{needed} is not installed (pip install -e '.[dev]')")
    tmp = tmp_path_factory.mktemp("wheel")
    src = tmp / "src"
    src.mkdir()
    # Build from a clean copy: setuptools leaves build/ and *.egg-info behind
    # in the source tree, and a stale build/lib can smuggle deleted files into
    # the wheel.
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", ".*")
    for name in BUILD_INPUTS:
        path = REPO / name
        if path.is_dir():
            shutil.copytree(path, src / name, ignore=ignore)
        elif path.is_file():
            shutil.copy2(path, src / name)
        elif name in DATA_KINDS:
            (src / name).mkdir()
    out = tmp / "dist"
    proc = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation",
         "--no-index", "--disable-pip-version-check", "-q", "-w", str(out), str(src)],
        capture_output=True, text=True, timeout=300,
    )
    assert proc.returncode == 0, f"pip wheel failed:\n{proc.stdout}\n{proc.stderr}"
    wheels = list(out.glob("hexwar-0.1.0-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


@pytest.fixture(scope="module")
def snapshot(wheel):
    """The copy of the checkout that the wheel was built from (comparing with
    it, not with the live checkout, keeps files added meanwhile out of it)."""
    return wheel.parent.parent / "src"


@pytest.fixture(scope="module")
def wheel_names(wheel):
    with zipfile.ZipFile(wheel) as zf:
        return set(zf.namelist())


def test_every_data_file_is_covered_by_a_glob():
    # A data file whose type matches no package-data glob would silently be
    # left out of installs: add its pattern to pyproject.toml.
    globs = _package_data_globs()
    missing = [f"{kind}/{rel}"
               for kind in DATA_KINDS if (REPO / kind).is_dir()
               for rel in _visible_files(REPO / kind)
               if not _matches(rel, globs[f"hexwar.data.{kind}"])]
    assert not missing, ("no [tool.setuptools.package-data] glob ships these files: "
                         + ", ".join(missing))


def test_wheel_ships_every_data_file(wheel_names, snapshot):
    expected = {f"hexwar/data/{kind}/{rel}"
                for kind in DATA_KINDS
                for rel in _visible_files(snapshot / kind)}
    assert expected - wheel_names == set()


def test_wheel_ships_known_game_data_when_present(wheel_names, snapshot):
    kiev = snapshot / "scenarios" / "objective-kiev" / "standard.yaml"
    if kiev.exists():
        assert "hexwar/data/scenarios/objective-kiev/standard.yaml" in wheel_names
    for tmx in (snapshot / "maps").glob("*.tmx"):
        assert f"hexwar/data/maps/{tmx.name}" in wheel_names


def test_wheel_ships_every_module(wheel_names, snapshot):
    sources = {f"hexwar/{rel}" for rel in _visible_files(snapshot / "hexwar")
               if rel.suffix == ".py"}
    assert "hexwar/paths.py" in sources and "hexwar/data/__init__.py" in sources
    assert sources - wheel_names == set()


def test_wheel_holds_nothing_but_the_package(wheel_names):
    tops = {name.split("/", 1)[0] for name in wheel_names}
    assert tops == {"hexwar", "hexwar-0.1.0.dist-info"}, tops


def test_wheel_metadata(wheel, wheel_names):
    with zipfile.ZipFile(wheel) as zf:
        metadata = zf.read("hexwar-0.1.0.dist-info/METADATA").decode()
        entry_points = zf.read("hexwar-0.1.0.dist-info/entry_points.txt").decode()
    requires = [line.split(":", 1)[1].strip() for line in metadata.splitlines()
                if line.startswith("Requires-Dist:")]
    assert "hexwar = hexwar.ui.app:main" in entry_points
    runtime = [r for r in requires if "extra ==" not in r]
    assert any(r.startswith("pygame-ce") for r in runtime), runtime
    # plain pygame (directly or through pytmx[pygame]) would clash with pygame-ce
    assert not any(r.split(";")[0].replace(" ", "").lower().startswith(("pygame>", "pygame=", "pygame<"))
                   or r.split(";")[0].strip().lower() == "pygame" for r in runtime), runtime
    assert not any("pytmx[" in r.replace(" ", "") for r in runtime), runtime


def test_unpacked_wheel_finds_its_own_data(wheel, snapshot, tmp_path):
    site = tmp_path / "site"
    with zipfile.ZipFile(wheel) as zf:
        zf.extractall(site)
    # -S: no site-packages .pth processing, so the editable install of the
    # checkout cannot shadow the unpacked wheel. Third-party packages stay
    # importable (appended after it) in case hexwar/__init__.py needs them.
    extra = [sysconfig.get_paths()["purelib"], sysconfig.get_paths()["platlib"]]
    code = (
        "import json, sys\n"
        f"sys.path[:0] = [{str(site)!r}]\n"
        f"sys.path += {extra!r}\n"
        "from hexwar import paths\n"
        "out = {k: str(paths.data_dir(k)) for k in paths.DATA_KINDS}\n"
        "maps = paths.data_dir('maps')\n"
        "out['files'] = sorted(p.relative_to(maps).as_posix() for p in maps.rglob('*')\n"
        "                      if p.is_file()) if maps.is_dir() else []\n"
        "out['source_root'] = str(paths.source_root())\n"
        "print(json.dumps(out))\n"
    )
    proc = subprocess.run([sys.executable, "-S", "-c", code], cwd=tmp_path,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    found = json.loads(proc.stdout.strip().splitlines()[-1])
    assert found["source_root"] == "None"
    for kind in DATA_KINDS:
        assert found[kind] == str(site / "hexwar" / "data" / kind)
    assert found["files"] == [str(rel) for rel in _visible_files(snapshot / "maps")]
