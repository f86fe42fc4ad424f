"""Client speed figures for ``make bench`` (tools/bench.py calls ``run(line)``).

- start-up to menu: a fresh interpreter imports the client, opens the window (dummy
  driver) and draws the first menu frame; measured from outside (whole process, Python
  start included) and from inside (import to first frame);
- frame time of the GameScene at 1920x1080 under the dummy driver, with every counter
  on the map and the movement overlay (reach shading, costs, hovered path) shown, the
  pointer going back and forth between two hexes so that every frame draws: median and
  99th percentile of ``App.step()`` (events, update, draw, flip); and the median of a
  still frame (nothing changed: nothing is drawn or sent to the window).

- Black Wednesday on the two-map layout (72x62, the whole board in view): Scenario 5 at its first
  Action Phase when registered, else Scenario 1's game on both sheets with its turn-1 units on
  the map; the movement overlay shown (same measure as above).

Run alone: ``python -m hexwar.ui.bench``.
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from typing import Callable

GAME = "objective-kiev"
STARTUP_CODE = (
    "import time; t0 = time.perf_counter()\n"
    "from hexwar.ui.app import App\n"
    "app = App((1280, 720), resizable=False); app.step()\n"
    "print((time.perf_counter() - t0) * 1000)\n"
)


def _env() -> dict:
    env = dict(os.environ)
    env.setdefault("SDL_VIDEODRIVER", "dummy")
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return env


def startup_ms(runs: int = 3) -> tuple[float, float]:
    """(whole process, in-process) median milliseconds from launch to the first menu frame."""
    outer, inner = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", STARTUP_CODE], env=_env(), capture_output=True, text=True,
                             timeout=120, check=True)
        outer.append((time.perf_counter() - t0) * 1000)
        inner.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(outer), statistics.median(inner)


def full_board_game():
    """A game in the Axis movement phase of turn 2 with every unit set up."""
    import hexwar
    from hexwar.core import actions as A

    game = hexwar.open_game(GAME, "standard", seed=1)
    for _ in range(500):
        if game.state.phase == "axis_movement" and game.state.turn == 2:
            break
        acts = game.legal_actions()
        places = [a for a in acts if isinstance(a, A.Place)]
        game.apply(places[0] if places else A.EndPhase())
    return game


def kursk_board_game():
    """Battle for Kursk, full game: all 101 units on their printed hexes, the first German phase
    with movement (both postures engage), so the movement overlay can be shown."""
    import hexwar
    from hexwar.core import actions as A

    game = hexwar.open_game("battle-for-kursk", "full", seed=1)
    for _ in range(300):
        acts = game.legal_actions()
        if any(isinstance(a, A.Move) for a in acts) and game.acting_side() == "german":
            break
        ch = [a for a in acts if isinstance(a, A.Choose) and a.value == "engage"]
        end = [a for a in acts if isinstance(a, A.EndPhase)]
        game.apply(ch[0] if ch else end[0] if end else acts[0])
    return game


def kasserine_board_game():
    """Kasserine Pass: turn 1, German movement, every unit that may enter on turn 1 placed (the
    rest arrive on later turns and are not on the map yet)."""
    import hexwar
    from hexwar.core import actions as A

    game = hexwar.open_game("kasserine-pass", "standard", seed=1)
    for _ in range(200):
        places = [a for a in game.legal_actions() if isinstance(a, A.Place)]
        if not places:
            break
        game.apply(places[0])
    return game


TWO_SHEETS = "s5-assaulting-the-mill"  # a Black Wednesday scenario played on both sheets


def black_wednesday_board_game(scenario_id: str | None = None):
    """Black Wednesday on the two-map layout (A and B joined, 72x62 hexes): Scenario 5 when it is
    registered (both sheets are its board), played by set-up and phase ends to its first Action
    Phase; otherwise Scenario 1's game on the board of both sheets, every Axis unit set up and
    every Soviet unit that may enter on turn 1 entered, then the Axis Action Phase."""
    import dataclasses

    import hexwar
    from hexwar import paths
    from hexwar.core import actions as A
    from hexwar.core.dice import SeededDice
    from hexwar.core.game import Game
    from hexwar.core.hexgrid import set_hex_ids
    from hexwar.games import black_wednesday as bw

    registered = {s for g, s in hexwar.list_scenarios() if g == bw.GAME_ID}
    scenario_id = scenario_id or (TWO_SHEETS if TWO_SHEETS in registered else "s1-turning-the-left")
    scen = bw.load_scenario(paths.data_dir("scenarios") / "black-wednesday" / f"{scenario_id}.yaml")
    if len(scen.sheets) < 2:
        scen = dataclasses.replace(scen, sheets=("black-wednesday-a.tmx", "black-wednesday-b.tmx"))
    board = bw.board_for(scen)
    set_hex_ids(bw.hex_ids(board))
    rules = bw.make_rules(board, scen)
    dice = SeededDice(1)
    state, events = rules.new_state(dice)
    game = Game(rules, state, dice, {"game": bw.GAME_ID, "scenario": scenario_id, "seed": 1, "options": {}}, events)
    for _ in range(600):
        if game.view(None)["phase"] == "action":
            break
        acts = game.legal_actions()
        pl = [a for a in acts if isinstance(a, A.Place)]
        end = [a for a in acts if isinstance(a, A.EndPhase)]
        game.apply(pl[0] if pl else end[0] if end else acts[0])
    for _ in range(200):  # every arrival that may enter now, on its first legal hex
        entering = [a for a in game.legal_actions() if isinstance(a, A.Move) and game.state.units[a.unit].where != "map"]
        if not entering:
            break
        game.apply(entering[0])
    if not any(isinstance(a, A.Move) and game.state.units[a.unit].where == "map" for a in game.legal_actions()):
        game.apply(A.EndPhase())  # the other side's Action Phase: its units may move (the overlay measured)
    return game


BOARDS = {"objective-kiev": full_board_game, "battle-for-kursk": kursk_board_game,
          "kasserine-pass": kasserine_board_game, "black-wednesday": black_wednesday_board_game}


def frame_times(frames: int = 300, size=(1920, 1080), game_id: str = GAME,
                fit: bool = False) -> tuple[list[float], int, list[float]]:
    """Frame times (ms) of the GameScene with the movement overlay and the pointer moving; also
    the counters shown, and the times of still frames. ``fit``: the whole board in view (Black
    Wednesday's two sheets) rather than the game's opening camera."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from hexwar.core.hexgrid import parse_hex
    from hexwar.ui.app import App

    game = BOARDS[game_id]()
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(game, hotseat=False, autosave=False, threaded=False)
    if fit:
        gs.mv.fit()
    app.step()
    ctl = gs.ctl
    ctl.die = None
    # The unit with the widest reach, alone in its hex so that a click selects it.
    alone = [u for u in ctl.movable_units() if len(ctl.units_at(parse_hex(ctl.unit(u)["hex"]))) == 1]
    uid = max(alone or ctl.movable_units(), key=lambda u: (len(ctl.move_targets(u)), u))
    pos = gs.mv.hex_center(parse_hex(ctl.unit(uid)["hex"]))
    for t in ("down", "up"):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN if t == "down" else pygame.MOUSEBUTTONUP,
                                             pos=pos, button=1))
    app.step()
    if ctl.sel != uid and ctl.sel in ctl.movable_units():
        uid = ctl.sel  # no unit alone in its hex (Black Wednesday's stacks): the one the click picked
    targets = ctl.move_targets(uid)
    ends = sorted(targets, key=lambda h: len(targets[h]))[-2:]

    def point(k: int) -> None:
        pos = gs.mv.hex_center(ends[k % len(ends)])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))

    for k in range(10):  # warm the caches
        point(k)
        app.step(1 / 60)
    times = []
    for k in range(frames):
        point(k)
        t0 = time.perf_counter()
        app.step(1 / 60)
        times.append((time.perf_counter() - t0) * 1000)
    still = []
    for _ in range(frames // 3):
        t0 = time.perf_counter()
        app.step(1 / 60)
        still.append((time.perf_counter() - t0) * 1000)
    shown = sum(len(v) for v in ctl.stacks().values())
    assert ctl.sel == uid and targets, "the movement overlay is not shown"
    gs.exit()  # a game's own hex ids end with its scene
    return times, shown, still


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))
    return s[k]


def run(line: Callable[[str, str, float, str], None], frames: int = 300) -> None:
    outer, inner = startup_ms()
    line("client", "start-up to menu (process)", outer, "ms")
    line("client", "start-up to menu (in process)", inner, "ms")
    times, shown, still = frame_times(frames)
    line("client", f"frame 1920x1080, {shown} counters (median)", statistics.median(times), "ms")
    line("client", f"frame 1920x1080, {shown} counters (p99)", percentile(times, 99), "ms")
    line("client", "still frame 1920x1080 (median)", statistics.median(still), "ms")
    for gid in ("battle-for-kursk", "kasserine-pass"):  # the other maps, all their units shown
        times, shown, still = frame_times(frames, game_id=gid)
        line(gid, f"client frame 1920x1080, {shown} counters (median)", statistics.median(times), "ms")
        line(gid, f"client frame 1920x1080, {shown} counters (p99)", percentile(times, 99), "ms")
        line(gid, "client still frame 1920x1080 (median)", statistics.median(still), "ms")
    # Black Wednesday on the two-map layout (both sheets, the whole board in view).
    from hexwar.core.hexgrid import current_hex_ids, set_hex_ids

    before = current_hex_ids()
    try:
        times, shown, still = frame_times(frames, game_id="black-wednesday", fit=True)
    finally:
        set_hex_ids(before)
    line("black-wednesday", f"client frame 2 sheets, {shown} counters (median)", statistics.median(times), "ms")
    line("black-wednesday", f"client frame 2 sheets, {shown} counters (p99)", percentile(times, 99), "ms")
    line("black-wednesday", "client still frame 2 sheets (median)", statistics.median(still), "ms")


def _print_line(game: str, figure: str, value: float, unit: str) -> None:
    print(f"bench {game:16s} {figure:40s} {value:12.3f} {unit}", flush=True)


if __name__ == "__main__":
    run(_print_line)
