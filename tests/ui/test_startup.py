"""Start-up (issue 22): what the client's first frame waits for, and what it may leave for later.

The figures are in ``make bench`` (hexwar/ui/bench.py); these tests check behaviour only: which
modules a fresh process has imported when its first frame is drawn, the remembered scenario
titles of the menu, and the plain-Python densest window giving numpy's answer.
"""
from __future__ import annotations

import json
import os
import random
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from hexwar.games import game_ids
from hexwar.ui import focus, game_index, menu_words
from hexwar.ui.scenes import MenuScene

ROOT = Path(__file__).resolve().parents[2]
# Not needed for the menu's first frame (the menu lists the games from their entries).
HEAVY = ("numpy", "pytmx", "hexwar.lessons", "hexwar.ai", "hexwar.ui.scenes.game", "hexwar.ui.map_view",
         "yaml", "hexwar.luck_report", "datetime", "hexwar.ui.computer", "logging")

# The modules imported when the first frame goes to the window (its flip; what App.after_frame
# runs after it is not waited for).
FIRST_FRAME = textwrap.dedent("""
    import json, os, sys
    import pygame
    flip = pygame.display.flip
    def first():
        flip()
        print(json.dumps(sorted(sys.modules)), flush=True)
        os._exit(0)
    pygame.display.flip = first
    from hexwar.ui import app as A
    A.main(sys.argv[1:])
""")


def _modules_at_first_frame(tmp_path: Path, *args: str) -> set[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "HEXWAR_DATA_DIR": str(tmp_path / "data"), "HEXWAR_CONFIG_DIR": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-c", FIRST_FRAME, "--size", "1280x720", *args], env=env, cwd=ROOT,
                         capture_output=True, text=True, timeout=120, check=True)
    return set(json.loads(out.stdout.strip().splitlines()[-1]))


def _rules_modules(mods: set[str]) -> list[str]:
    return sorted(m for m in mods if m.startswith("hexwar.games.") and m.endswith(".rules"))


def test_the_menus_first_frame_waits_for_no_rules_map_or_game_scene(tmp_path):
    """The second start (the menu's titles remembered by the first): the first frame is drawn
    before any game's rules, map reader (pytmx), numpy, lessons, computer player or game scene is
    imported."""
    first = _modules_at_first_frame(tmp_path)
    assert (tmp_path / "data" / menu_words.INDEX_NAME).is_file(), "the first start remembers the titles"
    assert not any(m in first for m in ("numpy", "hexwar.ui.scenes.game", "hexwar.ai"))
    mods = _modules_at_first_frame(tmp_path)
    assert not [m for m in HEAVY if m in mods]
    assert not _rules_modules(mods)
    # The games listed from the index the first start wrote, the selected one from its card: no
    # game's package, and none of the engine's modules they import.
    assert (tmp_path / "data" / game_index.INDEX_NAME).is_file()
    assert _game_packages(mods) == set()
    assert "hexwar.core.entry" not in mods and "hexwar.core.hexgrid" not in mods
    assert "hexwar.session" not in mods
    # The selected game's entry without the map and scenario readers (imported when a game is loaded).
    assert not {"hexwar.loaders.tmx", "hexwar.loaders.scenario", "xml.etree.ElementTree"} & mods


def test_a_new_game_from_the_command_line_draws_its_map_without_numpy(tmp_path):
    """``hexwar --game <the first game>``: the opening camera's densest window is plain Python
    for a few hexes, so numpy is not imported for the first frame."""
    mods = _modules_at_first_frame(tmp_path, "--game", game_ids()[0], "--solo")
    assert "hexwar.ui.scenes.game" in mods, "the game was drawn"
    assert "numpy" not in mods


def _game_packages(mods: set[str]) -> set[str]:
    return {m for m in mods if m.startswith("hexwar.games.") and m.count(".") == 2}


def test_a_game_from_the_command_line_imports_no_other_game_and_no_menu(tmp_path):
    """``hexwar --game GAME``: the registry imports that game's package only, and the menu
    (every game's entry, every scenario and saved game) waits until the player goes back to it.
    (A game whose counters on show name a nation its entry lacks asks the other games for it.)"""
    mods = _modules_at_first_frame(tmp_path, "--game", game_ids()[0], "--solo")
    assert len(_game_packages(mods)) == 1, _game_packages(mods)
    assert "hexwar.ui.scenes.game" in mods and "hexwar.lessons" not in mods


def test_the_registry_finds_a_game_by_its_id_alone_then_all_of_them():
    code = ("import sys\nfrom hexwar import games\n"
            "e = games.entry(sys.argv[1])\n"
            "one = sorted(m for m in sys.modules if m.startswith('hexwar.games.') and m.count('.') == 2)\n"
            "print(e.id, len(one), ','.join(games.game_ids()))")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop("HEXWAR_GAMES", None)
    for gid in game_ids():
        out = subprocess.run([sys.executable, "-c", code, gid], env=env, cwd=ROOT, capture_output=True, text=True,
                             timeout=120, check=True).stdout.split()
        assert out == [gid, "1", ",".join(game_ids())]


@pytest.mark.parametrize("later", [False, True])
def test_going_back_from_a_game_of_the_command_line_opens_the_menu_on_it(fresh_words, later):
    import hexwar
    from hexwar.ui.app import App

    gid = game_ids()[-1]
    app = App((1280, 800), resizable=False, menu=False, seed=11, game_id=gid)
    app.threaded_saves = False
    app.start_game(hexwar.open_game(gid, seed=11), hotseat=False, autosave=False, threaded=False)
    if later:  # as main does: the menu made after the first frame
        app.make_menu_later()
    assert app.spare_menu is None
    app.step()
    assert [type(s).__name__ for s in app.stack.scenes] == ["GameScene"]
    assert (app.spare_menu is not None) == later
    app.back_to_menu()
    m = app.stack.top
    assert isinstance(m, MenuScene) and m.games[m.game_i] == gid and m.seed == 11
    assert app.spare_menu is None
    app.step()


def test_a_command_line_games_menu_reports_a_damaged_saves_index_after_the_first_frame(tmp_path):
    """The menu of ``hexwar --game`` is made after the game's first frame; what it finds about the
    player's files (here a damaged saves index, set aside) is still reported."""
    data = tmp_path / "data"
    data.mkdir()
    (data / "saves-index.json").write_text("{not json", encoding="utf-8")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "HEXWAR_DATA_DIR": str(data), "HEXWAR_CONFIG_DIR": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-m", "hexwar.ui.app", "--game", game_ids()[0], "--screenshot",
                          str(tmp_path / "shot.png"), "--size", "1000x700"], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    assert "saved games" in out.stderr.lower()
    assert list(data.glob("saves-index.json.damaged-*"))


def test_the_side_of_the_game_on_screen_is_named_without_the_registry(monkeypatch):
    from hexwar import games
    from hexwar.ui import sides

    e = games.entry(game_ids()[0])
    monkeypatch.setattr(sides, "all_games", lambda: pytest.fail("every game's entry asked for"))
    monkeypatch.setattr(sides, "_current", e)
    assert sides.side_name(e.sides[0].id) == e.sides[0].name


def test_import_hexwar_leaves_the_engine_for_its_first_use():
    code = ("import sys, hexwar; assert 'hexwar.session' not in sys.modules and 'hexwar.lessons' not in sys.modules\n"
            "from hexwar.games import game_ids\n"
            "g = hexwar.open_game(game_ids()[0], seed=1)\n"
            "assert 'hexwar.lessons' not in sys.modules, 'a new game needs no lessons'\n"
            "assert hexwar.load_record and 'hexwar.lessons' in sys.modules, 'a record may continue a lesson'\n"
            "assert hexwar.lessons.list_lessons\n"
            "assert 'hexwar.luck_report' not in sys.modules\n"
            "from hexwar.luck_report import LuckReport\n"
            "assert isinstance(hexwar.luck(g), LuckReport), 'the module imported first hides no function'\n"
            "from hexwar.ui.scenes import GameScene, MenuScene\n"
            "print(g.phase().name, GameScene.__name__, MenuScene.__name__)")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=120, check=True)
    assert out.stdout.strip().endswith("GameScene MenuScene")


def _index(path: Path, game_id: str, scenario: str, title: str, stamp) -> None:
    key = f"{game_id}/{scenario}"
    path.write_text(json.dumps({"version": menu_words.INDEX_VERSION,
                                "titles": {key: {"stamp": stamp, "title": title}}}), encoding="utf-8")


@pytest.fixture
def fresh_words(monkeypatch, tmp_path):
    """No words worked out yet in this process, and an index of the test's own."""
    from hexwar.ui.scenes import menu

    monkeypatch.setattr(menu, "_WORDS", {})
    monkeypatch.setattr(menu_words, "_INDEX", None)
    monkeypatch.setattr(menu_words, "_index_path", lambda: tmp_path / menu_words.INDEX_NAME)
    return tmp_path / menu_words.INDEX_NAME


def _menu_app():
    from hexwar.ui.app import App

    return App((1280, 800), resizable=False, menu=True)


def _labels(app) -> dict[str, str]:
    m = app.stack.top
    assert isinstance(m, MenuScene)
    return {b.name: b.label for b in m.buttons.buttons}


def test_the_first_frame_shows_the_remembered_title_then_the_games_own(fresh_words):
    gid = game_ids()[0]
    a = _menu_app()
    sid = a.stack.top.scenarios()[a.stack.top.scen_i]
    _index(fresh_words, gid, sid, "Remembered title", menu_words._stamp(gid, sid))
    menu_words._INDEX = None
    a = _menu_app()
    a.step()  # the first frame: what was remembered, the game not opened
    assert _labels(a)["scenario"] == "Scenario: Remembered title"
    a.step()  # after it: the scenario opened as a game gives its own title, and the index learns it
    real = _labels(a)["scenario"]
    assert real != "Scenario: Remembered title" and real.startswith("Scenario: ")
    kept = json.loads(fresh_words.read_text(encoding="utf-8"))["titles"][f"{gid}/{sid}"]["title"]
    assert real.endswith(kept[-20:])


def test_a_title_remembered_for_a_changed_file_is_not_shown(fresh_words):
    gid = game_ids()[0]
    a = _menu_app()
    sid = a.stack.top.scenarios()[a.stack.top.scen_i]
    _index(fresh_words, gid, sid, "Remembered title", [1, 2])  # another size and time
    menu_words._INDEX = None
    a = _menu_app()
    a.step()
    assert _labels(a)["scenario"] != "Scenario: Remembered title"


def test_a_damaged_index_is_only_rebuilt(fresh_words):
    fresh_words.write_text("{not json", encoding="utf-8")
    a = _menu_app()
    a.step()
    assert _labels(a)["scenario"].startswith("Scenario: ")
    assert json.loads(fresh_words.read_text(encoding="utf-8"))["version"] == menu_words.INDEX_VERSION


def test_the_plain_densest_window_gives_numpys_answer():
    rng = random.Random(5)
    for trial in range(600):
        n = rng.randint(1, focus.SMALL)
        if trial % 2:  # hex centres: many windows hold as many, the nearest the middle wins
            cols, rows = rng.randint(1, 30), rng.randint(1, 30)
            grid = [(c * 48.0 + 8, r * 56.0 + (28.0 if c % 2 else 0.0)) for c in range(cols) for r in range(rows)]
            pts = rng.sample(grid, min(n, len(grid)))
        else:
            pts = [(rng.uniform(0, 3000), rng.uniform(0, 2000)) for _ in range(n)]
        w, h = rng.choice([(600, 400), (1280, 720), (200, 150)])
        assert focus.densest_window(pts, w, h) == focus._densest_window_numpy(pts, w, h)


def test_held_saves_wait_for_release_header_and_replay(tmp_path):
    """The saves list's work (a worker thread) is held until the menu's first frame is on the
    screen: before it a save's row is only its name and date ("reading…"), since its header is
    YAML and PyYAML's import alone is a fifth of the menu's start; after ``release`` the header,
    then the replay, fill in the same row. A damaged save says so after the release."""
    import hexwar
    from hexwar.ui.saves import SaveIndex

    rec = tmp_path / "a.yaml"
    hexwar.open_game(game_ids()[0], seed=1).save(rec)
    bad = tmp_path / "b.yaml"
    bad.write_text("game: [cut short\n", encoding="utf-8")
    idx = SaveIndex(threaded=True, held=True, cache_file=tmp_path / "idx.json")
    info, info_bad = idx.info(rec), idx.info(bad)
    assert info.game == "" and info.where() == "reading…" and info.mtime and idx._worker is None
    assert info_bad.error is None
    version = idx.version
    idx.release()
    assert idx._worker is not None
    idx._worker.join(60)
    assert idx.info(rec) is info and info.game == game_ids()[0] and info.replayed
    assert info.title and info.actions == 0
    assert info_bad.error and not info_bad.replayed
    assert idx.version > version  # the menu lays the rows out again
    # Remembered: a new index (the next start) knows both without reading them.
    again = SaveIndex(threaded=True, held=True, cache_file=tmp_path / "idx.json")
    assert again.info(rec).replayed and again.info(bad).error


def test_unheld_saves_read_the_header_at_once(tmp_path):
    import hexwar
    from hexwar.ui.saves import SaveIndex

    rec = tmp_path / "a.yaml"
    hexwar.open_game(game_ids()[0], seed=1).save(rec)
    idx = SaveIndex(threaded=False, cache_file=tmp_path / "idx.json")
    assert idx.info(rec).game == game_ids()[0]


def test_the_menu_releases_its_saves_after_its_first_frame(fresh_words):
    a = _menu_app()
    m = a.stack.top
    assert isinstance(m, MenuScene) and m.index.held == a.threaded_saves
    a.step()
    a.step()
    assert not m.index.held


def test_the_menus_words_read_the_scenario_once(fresh_words, monkeypatch):
    """The title comes from the files ``open_game`` read (cached), not from a second reading of
    the map and the scenario (a menu's switch of game waited for both)."""
    from hexwar import session
    from hexwar.ui.scenes import menu

    gid = game_ids()[0]
    sid = _menu_app().stack.top.scenarios()[0]
    _board, scen = session.load_game_data(gid, sid)

    def no_second_reading(*args):
        raise AssertionError("the map and the scenario read again")

    monkeypatch.setattr(session, "load_game_data", no_second_reading)
    say, title = menu.game_words(gid, sid)
    assert title and title == str(getattr(scen, "title", "") or "")


def test_x11_windows_take_the_plain_framebuffer(monkeypatch):
    """On X11 SDL is asked for the plain framebuffer (not an OpenGL texture) before the window is
    made; a player's own choice is kept, and other drivers keep SDL's."""
    import pygame

    from hexwar.ui import app as A

    key = "SDL_FRAMEBUFFER_ACCELERATION"
    monkeypatch.delenv(key, raising=False)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "wayland")
    A.plain_framebuffer()
    assert key not in os.environ
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "x11")
    A.plain_framebuffer()
    assert os.environ[key] == "0"
    monkeypatch.setenv(key, "opengl")
    A.plain_framebuffer()
    assert os.environ[key] == "opengl"


def test_the_heap_is_settled_after_the_games_first_frame(monkeypatch):
    """The full collection that sets the new game's objects aside (``settle_heap``) comes after
    the game's first frame is shown, once."""
    import hexwar
    from hexwar.ui import app as A

    calls: list[int] = []
    app = A.App((1280, 800), resizable=False, menu=False)
    monkeypatch.setattr(A, "settle_heap", lambda: calls.append(app.flips))
    app.start_game(hexwar.open_game(game_ids()[0], seed=1), hotseat=False, autosave=False, threaded=False)
    assert calls == []
    app.step()
    app.step()
    assert calls == [1], "once, after the first frame went to the window"


def test_the_benchs_floor_program_draws_its_line_of_text():
    """``make bench``'s floor (the least pygame-ce program with a window and a line of text) draws
    what it is timed for."""
    from hexwar.ui.bench import FLOOR_CODE

    code = ("import time; time.sleep = lambda s: None\n" + FLOOR_CODE +
            "print(screen.get_at((5, 5))[:3] == (24, 28, 34), "
            "any(screen.get_at((x, y))[0] > 150 for x in range(40, 140) for y in range(40, 70)))")
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=60, check=True)
    assert out.stdout.split() == ["True", "True"]


@pytest.fixture
def games_index(monkeypatch, tmp_path):
    """The registry as at a start (no package imported for the menu yet), an index of the test's own."""
    from hexwar import games

    games.all_games()
    monkeypatch.setattr(games, "_SCANNED", False)
    monkeypatch.delenv("HEXWAR_GAMES", raising=False)
    monkeypatch.setattr(game_index, "_index_path", lambda: tmp_path / game_index.INDEX_NAME)
    taken: list[str] = []
    take = games.take_package
    monkeypatch.setattr(games, "take_package", lambda name: taken.append(name) or take(name))
    return tmp_path / game_index.INDEX_NAME, taken


def _registry_answer() -> list[game_index.Listed]:
    from hexwar import games

    answer = [game_index.Listed(e.id, e.order, None if e.data is None else str(e.data)) for e in games.all_games()]
    games._SCANNED = False  # as at a start again (the fixture puts the flag back at the end)
    return answer


def test_the_games_index_lists_what_the_registry_lists(games_index):
    from hexwar import games, session

    path, taken = games_index
    first = game_index.listed_games()
    assert sorted(taken) == games.package_names() and path.is_file()
    taken.clear()
    again = game_index.listed_games()
    assert taken == [], "nothing imported: every package remembered"
    assert first == again == _registry_answer()
    assert game_index.list_scenarios(again) == session.list_scenarios()


def test_a_changed_package_is_imported_again(games_index):
    from hexwar import games

    path, taken = games_index
    game_index.listed_games()
    data = json.loads(path.read_text(encoding="utf-8"))
    name = games.package_names()[-1]
    data["packages"][name]["stamp"][0][1] += 1  # its first file's size
    data["packages"][name]["order"] = -5  # what the stale record said
    path.write_text(json.dumps(data), encoding="utf-8")
    taken.clear()
    assert game_index.listed_games() == _registry_answer()
    assert taken == [name]
    assert json.loads(path.read_text(encoding="utf-8"))["packages"][name]["stamp"] == game_index._stamp(name)
    # The cards are what core/entry.py made of the package: a change there is a change too.
    assert game_index._stamp(name) == [game_index._stamp(name)[0]] + games.package_stamp(name)
    assert game_index._stamp(name)[0][0] == "core/entry.py"


def test_a_damaged_games_index_is_only_rebuilt(games_index):
    path, taken = games_index
    for text in ("{not json", json.dumps({"version": game_index.INDEX_VERSION, "packages": {"x": {"stamp": 3}}}),
                 json.dumps([1, 2])):
        path.write_text(text, encoding="utf-8")
        assert game_index.listed_games() == _registry_answer()
        assert json.loads(path.read_text(encoding="utf-8"))["version"] == game_index.INDEX_VERSION


def test_a_new_games_first_autosave_follows_its_first_frame(monkeypatch, tmp_path):
    import hexwar
    from hexwar import paths
    from hexwar.ui.app import App

    auto = tmp_path / "autosave.yaml"
    monkeypatch.setattr(paths, "autosave_path", lambda: auto)
    app = App((1280, 800), resizable=False, menu=False)
    game = hexwar.open_game(game_ids()[0], seed=3)
    app.start_game(game, hotseat=False, autosave=True, threaded=False)
    assert not auto.exists(), "the first frame does not wait for it"
    app.step()
    assert hexwar.load_record(auto).digest() == game.digest()


def test_each_games_card_reads_as_its_entry(games_index):
    """The card the index keeps of each game gives the menu the same words as the game's entry."""
    from hexwar import games

    game_index.listed_games()
    for e in games.all_games():
        c = game_index.card(e.id)
        assert c is not None
        assert (c.id, c.title, c.default_scenario, c.data, c.option_defaults) == \
            (e.id, e.title, e.default_scenario, e.data, e.option_defaults)
        assert [(s.id, s.name, s.colour, s.letter, s.round, s.text_colour) for s in c.sides] == \
            [(s.id, s.name, s.colour, s.letter, s.round, s.text_colour) for s in e.sides]
        assert [(o.id, o.default, o.title, o.rule, o.help) for o in c.options] == \
            [(o.id, o.default, o.title, o.rule, o.help) for o in e.options]
        assert c.side(e.sides[0].id) is c.sides[0] and c.side("nobody") is None


def test_a_damaged_card_is_learned_again(games_index):
    from hexwar import games

    path, taken = games_index
    game_index.listed_games()
    data = json.loads(path.read_text(encoding="utf-8"))
    name = games.package_names()[0]
    data["packages"][name]["card"]["sides"][0][2] = [999, 0, 0]  # not a colour
    path.write_text(json.dumps(data), encoding="utf-8")
    taken.clear()
    game_index.listed_games()
    assert taken == [name]
    assert json.loads(path.read_text(encoding="utf-8"))["packages"][name]["card"]["sides"][0][2] != [999, 0, 0]


def test_the_menu_reads_the_cards_until_its_first_frame_then_the_entries(games_index, fresh_words, monkeypatch):
    """Before the first frame the selected game's card stands for its entry; the menu it lays out
    is the same, button for button; from the next frame on the game's own entry."""
    from hexwar import games
    from hexwar.core.entry import GameEntry
    from hexwar.ui import sides

    game_index.listed_games()
    monkeypatch.setattr(games, "_ENTRIES", {})  # as at a start: no game's entry in yet
    monkeypatch.setattr(games, "_MODULES", {})
    a = _menu_app()
    m = a.stack.top
    assert isinstance(m.entry(), game_index.Card) and isinstance(sides.current(), game_index.Card)
    m.layout(m.size)
    with_card = [(b.name, b.label, b.tooltip, tuple(b.rect)) for b in m.buttons.buttons]
    m._cards = False
    m.layout(m.size)
    with_entry = [(b.name, b.label, b.tooltip, tuple(b.rect)) for b in m.buttons.buttons]
    assert with_card == with_entry
    m._cards = True
    a.step()
    a.step()
    assert isinstance(m.entry(), GameEntry) and sides.current() is m.entry()


def test_a_lazy_logger_imports_logging_at_its_first_message_set_up_first():
    """``lazylog``: no ``logging`` until a message; then the set-up kept (the client's format) runs
    before it, once, and the message goes where ``logging.getLogger(name)`` sends it."""
    code = ("import sys\nfrom hexwar.core import lazylog\n"
            "log = lazylog.get_logger('hexwar.test')\n"
            "calls = []\n"
            "def setup():\n"
            "    import logging\n"
            "    calls.append(1)\n"
            "    logging.basicConfig(stream=sys.stdout, level=logging.WARNING,\n"
            "                        format='hexwar: %(levelname)s %(message)s')\n"
            "lazylog.when_used(setup)\n"
            "assert 'logging' not in sys.modules\n"
            "log.warning('settings not read: %s', 'why')\n"
            "log.info('not shown')\n"
            "log.warning('again')\n"
            "assert calls == [1] and log.name == 'hexwar.test'\n")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", code], env=env, cwd=ROOT, capture_output=True, text=True,
                         timeout=60, check=True)
    assert out.stdout.splitlines() == ["hexwar: WARNING settings not read: why", "hexwar: WARNING again"]


def test_the_clients_logging_is_set_up_after_the_menus_first_frame(tmp_path):
    code = textwrap.dedent("""
        import logging, os, sys
        import pygame
        from hexwar.ui import app as A
        flip = pygame.display.flip
        n = [0]
        def counted():
            flip()
            n[0] += 1
            if n[0] == 1:
                assert 'logging' not in sys.modules or not logging.getLogger().handlers
            if n[0] == 2:
                fmt = logging.getLogger().handlers[0].formatter._fmt
                print(fmt, flush=True)
                os._exit(0)
        pygame.display.flip = counted
        A.main(sys.argv[1:])
    """)
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYTHONPATH": str(ROOT),
           "HEXWAR_DATA_DIR": str(tmp_path / "data"), "HEXWAR_CONFIG_DIR": str(tmp_path / "config")}
    out = subprocess.run([sys.executable, "-c", code, "--size", "1280x720"], env=env, cwd=ROOT, capture_output=True,
                         text=True, timeout=120, check=True)
    assert out.stdout.strip().splitlines()[-1] == "hexwar: %(levelname)s %(message)s"


def test_the_menu_takes_an_entry_already_imported_rather_than_its_card(games_index, fresh_words, monkeypatch):
    """The menu of a game started from the command line is made after the game's first frame:
    its game's entry is in already, and a card standing in the game scene's way would send the
    names of its nations to every game's package."""
    from hexwar import games
    from hexwar.ui import sides

    game_index.listed_games()
    gid = game_ids()[0]
    assert games.loaded(gid) is not None  # the fixture's registry has every game in
    m = _menu_app().stack.top
    assert m.entry() is games.entry(gid) and sides.current() is games.entry(gid)
    monkeypatch.setattr(games, "_ENTRIES", {})
    assert isinstance(m.entry(), game_index.Card)
