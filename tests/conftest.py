"""Session-wide test set-up; runs before any test module is imported.

- SDL runs headless (dummy video and audio drivers), so the whole suite runs
  without a display, in CI and over ssh alike.
- The player's folders (hexwar.paths.user_data_dir / user_config_dir) point at
  a throwaway folder for the session: a test can never touch the real saves
  or settings in ~/.local/share/hexwar or ~/.config/hexwar. Under pytest-xdist
  (make test runs -n auto) this file runs in every worker process, so each
  worker has a folder of its own and no two workers share an autosave.
"""
import atexit
import os
import shutil
import sys
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

# Always overridden (not setdefault): a value left in the shell must not send
# test writes to a real folder.
_SESSION_DIR = tempfile.mkdtemp(prefix=f"hexwar-tests-{os.environ.get('PYTEST_XDIST_WORKER', 'main')}-")
os.environ["HEXWAR_DATA_DIR"] = os.path.join(_SESSION_DIR, "data")
os.environ["HEXWAR_CONFIG_DIR"] = os.path.join(_SESSION_DIR, "config")
atexit.register(shutil.rmtree, _SESSION_DIR, ignore_errors=True)


import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def _default_client_settings():
    """Each test starts with the client's default settings: one that changes them (a key that
    hides the hex ids, a resized window) saves them in this worker's folder, and a later test
    in the same worker would otherwise start with them, depending on the order xdist gives."""
    from hexwar import paths

    try:
        (paths.user_config_dir() / "settings.yaml").unlink(missing_ok=True)
    except OSError:  # a test that breaks the folder on purpose sees to its own settings
        pass
    yield


@pytest.fixture(autouse=True, scope="module")
def _hex_ids_fresh_per_module():
    """Each test module starts with the plain CCRR hex ids, whatever module ran before it in
    this process (a module fixture that opens Black Wednesday sets its B34.16 scheme outside
    any test); under xdist the modules a worker runs, and their order, vary."""
    from hexwar.core import hexgrid

    hexgrid.set_hex_ids(hexgrid.CCRR)
    yield
    hexgrid.set_hex_ids(hexgrid.CCRR)


@pytest.fixture(autouse=True)
def _hex_ids_put_back():
    """Opening a game sets its hex-id scheme process-wide (Black Wednesday's B34.16); put the
    one in force before the test back, so no test depends on which game the last one opened."""
    from hexwar.core import hexgrid

    old = hexgrid._IDS.process
    yield
    hexgrid.set_hex_ids(old)


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item, nextitem):
    """A test marked ``whole_game`` (random, computer and tournament games played to their
    end) or ``sweep`` (one property checked over every position of recorded or random games)
    runs, module fixtures included, with coverage's line tracing paused: tracing makes these
    loops about four times slower, and the lines they reach are reached by the rule tests too.
    The summary says how many tests ran so."""
    stopped = []
    cov = sys.modules.get("coverage")
    if cov is not None and _untraced(item.keywords):
        # Every running Coverage: an xdist worker has pytest-cov's and the one coverage's
        # start-up hook began in the process; stopping one resumes the other.
        while (c := cov.Coverage.current()) is not None:
            c.stop()
            stopped.append(c)
    try:
        yield
    finally:
        for c in reversed(stopped):
            c.start()


_UNTRACED: list[str] = []
UNTRACED_MARKS = ("whole_game", "sweep")


def _untraced(keywords) -> bool:
    return any(m in keywords for m in UNTRACED_MARKS)


def pytest_runtest_logreport(report):
    if report.when == "call" and _untraced(report.keywords):
        _UNTRACED.append(report.nodeid)


def pytest_terminal_summary(terminalreporter, exitstatus, config):
    if _UNTRACED and config.pluginmanager.getplugin("_cov") is not None:
        terminalreporter.write_line(f"{len(_UNTRACED)} whole-game and sweep tests ran with coverage tracing "
                                    "paused (markers whole_game and sweep, tests/conftest.py)")
