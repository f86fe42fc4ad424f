"""A game plugs into hexwar by its own folder (issue 16, item 5).

``skirmish/`` beside this file is a whole game (Skirmish at Mill Ford, id ``mill-ford``): map,
scenario, tables, texts, rules on the shared core and a computer player. Nothing in hexwar names
it; these tests register it with ``hexwar.games.add_folder`` alone and then list it, play it
through the contract, let the computer players finish games, fuzz it, replay a golden record,
draw it with the client, and check that its folder is the only place that names it.

    python -m tests.plugin_game.test_skirmish     rewrites the golden record (only when a rule
                                                   change is meant to change play)
"""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import hexwar
import hexwar.games
from hexwar.core import actions as A
from hexwar.core.contract import COSTLY, FATAL
from hexwar.core.hexgrid import Hex, parse_hex

HERE = Path(__file__).resolve().parent
GAME_DIR = HERE / "skirmish"
REPO = HERE.parents[1]
GID = "mill-ford"
TITLE = "Skirmish at Mill Ford"
GOLDEN = HERE / "records" / "mill-ford-standard-11-easy-blue.yaml"

# Both set-ups of the scripted game (2.0), then Blue's first move across the brook (4.4).
OPENING = ("place B-1 0203", "place B-2 0103", "place B-3 0104", "place B-4 0102", "end",
           "place R-1 0602", "place R-2 0604", "place R-3 0703", "end")


@pytest.fixture(scope="module", autouse=True)
def entry():
    """Registered by its folder for this module only: the other tests never see it."""
    e = hexwar.games.add_folder(GAME_DIR)
    yield e
    hexwar.games.remove(e.id)


def play(game, *notations: str):
    for n in notations:
        game.apply(n)
    return game


def opened(seed: int = 7):
    return play(hexwar.open_game(GID, seed=seed), *OPENING)


# --------------------------------------------------------------------------- registered, listed
def test_registered_by_its_folder_alone(entry):
    assert entry.id == GID and entry.title == TITLE
    assert GID in hexwar.games.game_ids()
    assert hexwar.games.entry(GID) is entry
    assert Path(hexwar.games.find_game(GID).__file__).parent == GAME_DIR
    assert entry.data == GAME_DIR  # its map and scenario live beside its code
    assert {s for g, s in hexwar.list_scenarios() if g == GID} == {"standard", "rearguard"}
    assert [p.id for p in entry.sequence] == ["blue_setup", "red_setup", "blue_movement", "blue_combat",
                                              "red_movement", "red_combat", "end_of_turn"]
    assert entry.option("dry_summer").rule == "7.1" and not entry.option("dry_summer").default
    # remove() forgets it; add_folder brings it back (the module stays imported).
    hexwar.games.remove(GID)
    try:
        assert GID not in hexwar.games.game_ids()
        assert GID not in {g for g, _ in hexwar.list_scenarios()}
    finally:
        assert hexwar.games.add_folder(GAME_DIR) is entry


def test_its_map_and_scenario_load_from_its_folder():
    g = hexwar.open_game(GID)
    b = g.board
    assert (b.width, b.height) == (8, 6) and set(b.terrain.values()) == {"clear", "woods", "hill"}
    assert Path(b.source).parent == GAME_DIR / "maps"
    (brook,) = b.features
    assert (brook.kind, brook.name, len(brook.hexsides)) == ("river", "Mill Brook", 11)
    assert b.has_side(Hex(4, 2), Hex(5, 3), "river") and not b.has_side(Hex(5, 3), Hex(6, 2), "river")
    assert {p.name: p.hex for p in b.places.values()} == {"Mill Ford": Hex(5, 3), "Chapel": Hex(2, 4)}
    assert b.places[Hex(5, 3)].props["objective"] is True  # 6.2, a custom property of the map object
    assert set(b.edges) == {"blue", "red"}
    assert len(b.hexes_marked("blue_start")) == 5 and len(b.hexes_marked("red_start")) == 4


# --------------------------------------------------------------------------- the contract alone
def test_a_game_played_through_the_contract_alone():
    g = hexwar.open_game(GID, seed=7)
    assert (g.phase().id, g.phase().kind, g.phase().rule, g.turn()) == ("blue_setup", "setup", "2.0", 1)
    assert g.acting_side() == "blue"
    (place,) = g.decisions()
    assert (place.key, place.rule, place.side) == ("place", "2.0", "blue")
    assert {o.action for o in place.options} == set(g.legal_actions())
    play(g, *OPENING)

    # Blue movement, turn 1: a move's preview adds up its costs; the brook costs one more (4.4).
    assert (g.phase().id, g.acting_side()) == ("blue_movement", "blue")
    assert [d.key for d in g.decisions()] == ["move", "end"]
    across = A.parse_action("move B-4 0202 0303 0402 0503")
    p = g.preview(across)
    assert p.figure == "5 of 5 MP" and [ln.rule for ln in p.lines] == ["4.1", "4.1", "4.1", "4.4"]
    events = g.apply(across)
    assert any(e.kind == "control" for e in events)  # 6.2: entering Mill Ford takes it
    assert g.view(None)["control"]["0503"] == "blue"
    play(g, "move B-1 0303 0403", "end")

    # Blue combat: the preview gives the odds and each result's chance (5.3, 5.4).
    assert [d.key for d in g.decisions()] == ["attack", "end"]
    attack = A.Attack(parse_hex("0602"), ("B-4",))
    p = g.preview(attack)
    assert p.figure == "1:1" and p.refusal is None
    assert abs(sum(o.chance for o in p.outcomes) - 1) < 1e-9
    assert (p.chance("DR"), p.chance("AL")) == (pytest.approx(1 / 3), pytest.approx(1 / 3))
    assert g.preview(A.Attack(parse_hex("0604"), ("B-4",))).refusal.rule == "5.1"
    g.apply(attack)
    g.apply("end")  # closes the declarations (5.0)
    assert [d.key for d in g.decisions()] == ["resolve"]
    g.apply("resolve 0602")
    assert g.stage() == ("roll", "0602") and g.preview(A.Roll()).figure == "1:1"
    (roll,) = g.decisions()
    assert (roll.key, roll.rule, roll.stage) == ("roll", "5.4", "roll")
    assert roll.prompt == "Blue player: roll the die for the battle at 0602."  # the entry's step words
    g.apply("roll")
    assert not g.can_undo()  # a die was cast
    for _ in range(10):  # whatever the die said: settle the battle's steps
        if not g.stage()[0]:
            break
        d = g.decisions()[0]
        assert d.stage and d.rule in ("5.4", "5.5", "5.6")
        g.apply(d.options[0].action)
    assert g.stage() == ("", "")

    # Looking back: every action with who took it; a past position reads but never plays.
    hist = g.history()
    assert [s.index for s in hist] == list(range(1, len(g.actions) + 1))
    assert [s.action for s in hist] == g.actions
    assert hist[0].side == "blue" and hist[5].side == "red"
    assert any(e.kind == "die_rolled" for s in hist for e in s.events)
    past = g.at(len(OPENING))
    assert past.read_only and past.phase().id == "blue_movement" and past.legal_actions() == []
    assert past.check(across).rule == "history"
    assert g.at(0).phase().id == "blue_setup"
    assert g.at(len(g.actions)).digest() == g.digest()


@pytest.mark.parametrize("before, action, rule", [
    ((), "place B-1 0303", "2.0"),  # not a Blue set-up mark
    ((), "place R-1 0602", "2.0"),  # Red sets up after Blue
    ((), "end", "2.0"),  # every unit first
    (OPENING, "attack 0602 B-4", "1.0"),  # no attacks in a movement phase
    (OPENING, "move B-1 0303 0402 0503", "4.1"),  # 4 MP with the brook; B-1 has 3
    (OPENING, "move B-4 0202 0303 0402 0503 0603", "4.3"),  # Mill Ford is in R-1's zone: stop there
    (OPENING + ("move B-2 0203",), "move B-3 0203", "3.0"),  # 0203 already holds two units
    (OPENING + ("move B-4 0202 0303 0402 0503", "end", "end", "end", "end"), "move B-4 0602", "4.2"),
    (OPENING + ("move B-4 0202 0303 0402 0503", "end"), "attack 0603 B-4", "5.1"),  # no enemy there
    (OPENING + ("move B-4 0202 0303 0402 0503", "end"), "attack 0604 B-4", "5.1"),  # not next to it
    (OPENING + ("move B-4 0202 0303 0402 0503", "move B-1 0303 0403", "end", "end", "end", "end",
                "move B-1 0503", "end"), "attack 0602 B-1 B-4", "5.2"),  # both across one hexside
    (OPENING + ("move B-4 0202 0303 0402 0503", "end", "attack 0602 B-4"), "attack 0602 B-2", "5.1"),
])
def test_every_refusal_cites_its_rule(before, action, rule):
    g = play(hexwar.open_game(GID, seed=7), *before)
    digest = g.digest()
    why = g.check(action)
    assert why is not None and why.rule == rule, why
    assert g.digest() == digest


def test_sudden_death_ends_the_game_at_once():
    """6.1 in the rearguard scenario (one Red unit of one step): a 4:1 attack, a 1 on the die."""
    g = hexwar.open_game(GID, "rearguard", seed=1)
    play(g, "place B-1 0203", "place B-2 0103", "place B-3 0104", "place B-4 0102", "end", "place R-3 0602", "end",
         "move B-4 0202 0303 0402 0503", "move B-1 0303 0402", "end", "end", "end", "end",
         "move B-1 0502", "end", "attack 0602 B-1 B-4", "end", "resolve 0602")
    assert g.preview(A.Roll()).figure == "4:1"
    events = g.apply("roll")
    assert [e.kind for e in events][-1] == "game_over"
    r = g.result()
    assert (r.winner, r.level) == ("blue", "Blue victory") and r.detail.endswith("(6.1).")
    assert g.acting_side() is None and g.legal_actions() == [] and g.decisions() == ()
    assert g.check("end").rule == "6.0"


def test_a_retreat_decision_carries_the_engines_consequences():
    """5.5 as the engine words it: the attacker picks the path and sees what each costs."""
    from hexwar.ai.player import make_player

    greedy = make_player("greedy", GID)
    for seed in range(1, 30):
        g = hexwar.open_game(GID, seed=seed)
        while g.result() is None and g.stage()[0] != "retreat":
            g.apply(greedy.choose(g, g.acting_side()).action)
        if g.stage()[0] == "retreat":
            break
    else:
        pytest.fail("no retreat in 29 games")
    (dec,) = g.decisions()
    assert dec.key == "retreat" and dec.rule == "5.5" and dec.options
    for o in dec.options:
        assert o.consequence is not None and o.consequence.rule == "5.5"
        assert (o.consequence.level in (COSTLY, FATAL)) == (o.consequence.text != "no loss")


# --------------------------------------------------------------------------- whole games
def test_whole_games_random_against_easy_end_and_replay(tmp_path):
    from hexwar.ai.player import make_player, play_match

    winners = set()
    for seed in range(1, 6):
        for easy_side in ("blue", "red"):
            g = hexwar.open_game(GID, seed=seed)
            other = "red" if easy_side == "blue" else "blue"
            log = play_match(g, {easy_side: make_player("easy", GID), other: make_player("random", GID, seed)})
            r = g.result()
            assert r is not None and r.winner in ("blue", "red")
            assert "(6.1)" in r.detail or "(6.2)" in r.detail
            winners.add(r.winner)
            assert any(side == easy_side for side, _, _ in log.reasons)  # the easy player says why
            path = tmp_path / f"{seed}-{easy_side}.yaml"
            g.save(path)
            back = hexwar.load_record(path)
            assert back.actions == g.actions and back.digest() == g.digest() and back.result() == r
    assert winners == {"blue", "red"}


def test_the_golden_record_replays_to_its_digest():
    import yaml

    saved = yaml.safe_load(GOLDEN.read_text())
    g = hexwar.load_record(GOLDEN)
    assert g.load_warning is None and len(g.actions) == len(saved["actions"])
    assert g.digest() == saved["digest"] and g.result().level == "Blue victory"


def write_golden() -> None:
    from hexwar.ai.player import make_player, play_match

    g = hexwar.open_game(GID, seed=11)
    play_match(g, {"blue": make_player("easy", GID), "red": make_player("random", GID, 11)})
    g.save(GOLDEN)


# --------------------------------------------------------------------------- fuzzed
def test_the_fuzzer_takes_it_by_id():
    from hexwar.fuzz import Stats, fuzz_game

    stats = Stats()
    for seed in range(1, 7):
        fuzz_game(GID, "standard", seed, stats, replay_every=25)
    assert stats.failures == []
    assert stats.games == 6 and stats.actions > 200 and stats.checks > 10_000


# --------------------------------------------------------------------------- the client
@pytest.fixture
def app():
    import pygame

    from hexwar.ui.app import App

    a = App((1280, 800), resizable=False, menu=True)
    a.step()
    yield a
    pygame.event.clear()


def test_the_client_draws_it(app, tmp_path):
    """The generic client opens the game, plays random legal actions through its controller with
    the tabs and Explain on the way, and draws a map that shows the game's own terrain."""
    import random

    import pygame

    from hexwar.ui.panel.phase_bar import now_text
    from hexwar.ui.scenes import GameScene

    assert GID in app.stack.top.games  # the menu lists it
    g = hexwar.open_game(GID, seed=5)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    app.step()
    assert now_text(gs.ctl) == g.entry.phase("blue_setup").help[0]  # its own words, the short version
    rnd = random.Random(1)
    for k in range(40):
        acts = g.legal_actions()
        if not acts:
            break
        assert gs.ctl.do(rnd.choice(acts)), gs.ctl.status.text
        gs.after_change()
        assert app.stack.top is gs, [type(s).__name__ for s in app.stack.scenes]  # no error box
        if k % 10 == 0:
            for key in (pygame.K_x, pygame.K_t, pygame.K_k, pygame.K_l, pygame.K_x):
                pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
                app.step()
        app.step()
    assert len(g.actions) >= 20 and isinstance(app.stack.top, GameScene)
    assert any("Mill Ford" in line for line in gs.ctl.hex_lines(Hex(5, 3)))
    app.step()
    shot = tmp_path / "mill-ford.png"
    app.screenshot(str(shot))
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 800)
    area = gs.mv.rect
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(area.left, area.right, 7)
               for y in range(area.top, area.bottom, 7)}
    assert len(colours) > 40, len(colours)  # a drawn map, not a blank area

    row_h = gs.mv.hex_center(Hex(1, 2))[1] - gs.mv.hex_center(Hex(1, 1))[1]

    def at(h: Hex):  # a third of a hex below the centre: clear of the hex id and the symbol
        x, y = gs.mv.hex_center(h)
        return tuple(img.get_at((int(x), int(y + row_h / 3))))[:3]

    empty = [h for h in g.board.terrain if not g.state.units_at(h) and h not in g.board.places
             and gs.mv.rect.collidepoint(gs.mv.hex_center(h))]
    woods = {at(h) for h in empty if g.board.terrain[h] == "woods"}
    clear = {at(h) for h in empty if g.board.terrain[h] == "clear"}
    assert woods and clear and woods.isdisjoint(clear)  # each terrain in its own colour


def _select_in_menu(app, gid: str):
    menu = app.stack.top
    for _ in range(len(menu.games)):
        if menu.games[menu.game_i] == gid:
            return menu
        menu.next_game()
    raise AssertionError(f"{gid} is not in the menu")


def test_the_menu_shows_the_entrys_title_and_options(app):
    menu = _select_in_menu(app, GID)
    app.step()
    assert menu.buttons.find("game").label == f"Game: {TITLE}"
    assert menu.buttons.find("option-dry_summer") is not None


def _rules_tab(gs) -> str:
    """The Rules tab's text as the client lays it out, wrapped lines joined again."""
    rows, _ = gs.panel._rules_rows(gs.ctl)
    return " ".join(" ".join(r[0] for r in rows).split())


def test_the_rules_tab_speaks_the_entrys_words_and_cites_its_rules(app, entry):
    import re

    from hexwar.ui.panel.phase_bar import now_text

    ours = {n for n, _, _ in entry.extra["rules"]}
    g = opened()
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    gs.panel.set_tab("rules")
    gs.explain = True  # the Explain toggle (X)
    app.step()
    text = _rules_tab(gs)
    assert all(p in text for p in entry.phase("blue_movement").help), text
    assert set(re.findall(r"\b\d+\.\d+\b", text)) <= ours, text
    play(g, "move B-4 0202 0303 0402 0503", "end", "attack 0602 B-4", "end", "resolve 0602")
    gs.after_change()
    app.step()
    line = now_text(gs.ctl)
    assert "roll the die for the battle at 0602" in line and "5.4" in line, line
    assert set(re.findall(r"\b\d+\.\d+\b", _rules_tab(gs))) <= ours


# --------------------------------------------------------------------------- named only here
def test_only_its_folder_names_it():
    """``grep -rn`` finds the game's id, title and folder in hexwar/, tools/ and docs/ nowhere
    but in docs/adding-a-game.md (which tells how it was done)."""
    for word in (GID, TITLE, "plugin_game"):
        out = subprocess.run(["grep", "-rn", "-F", "--exclude=adding-a-game.md", "--exclude-dir=__pycache__",
                              word, "hexwar", "tools", "docs"], cwd=REPO, capture_output=True, text=True, check=False)
        assert out.returncode == 1 and out.stdout == "", out.stdout  # 1: no line matched
    # And across the whole repository, only this folder and that page name the id.
    out = subprocess.run(["grep", "-rlF", "--exclude-dir=.git", "--exclude-dir=__pycache__", GID, "."],
                         cwd=REPO, capture_output=True, text=True, check=False)
    files = sorted(out.stdout.split())
    assert files and all(f.startswith("./tests/plugin_game/") or f == "./docs/adding-a-game.md" for f in files), files
    assert "./tests/plugin_game/skirmish/tables.py" in files


if __name__ == "__main__":
    hexwar.games.add_folder(GAME_DIR)
    write_golden()
    print(f"wrote {GOLDEN}")


def test_a_games_folder_named_by_HEXWAR_GAMES_is_registered_for_every_tool(tmp_path):
    """A player (or a tool: the client, fuzz, the tournament) registers a game kept elsewhere by
    naming its folder, or a folder of such folders, in HEXWAR_GAMES; a folder that is not a
    game is left out with a warning, never an error."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    here = Path(__file__).resolve().parent
    code = ("import hexwar, hexwar.games as g; ids = g.game_ids(); "
            "game = hexwar.open_game('mill-ford', seed=1); print(ids[-1], game.phase().id)")
    env = dict(os.environ, HEXWAR_GAMES=os.pathsep.join([str(here), str(tmp_path / "nothing")]))
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, timeout=120,
                         cwd=here.parents[1])
    assert out.returncode == 0, out.stderr
    assert out.stdout.split()[0] == "mill-ford"
    assert "HEXWAR_GAMES" in out.stderr and "nothing" in out.stderr
