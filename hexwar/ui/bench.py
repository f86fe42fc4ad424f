"""Client speed figures for ``make bench`` (tools/bench.py calls ``run(line)``).

- start-up to menu: a fresh interpreter imports the client, opens the window (dummy
  driver) and draws the first menu frame; measured from outside (whole process, Python
  start included) and from inside (import to first frame);
- ``--game <the first game> --solo`` to its map: the whole process, to the first frame of the
  game (its map, playable; dummy driver);
- on the screen, under Xvfb (when installed): process start to the first drawn frame of the menu
  and of ``--game``, of the floor (the least pygame-ce program with a window and a line of
  text, ``FLOOR_CODE``), and of Crimson Fields (``crimson``, a C++/SDL hex wargame) when it is
  installed, with the ratios menu / floor, menu / Crimson Fields and floor / Crimson Fields
  (``bench_screen``: how a frame is seen);
  the start-up figures run the client with its bytecode cache (written by a first run, as an
  installed program has it) and with settings and saves folders of their own;
- for every game of the registry, its default scenario (``board_game``: set up, then played
  until units on the map may move): frame time of the GameScene at 1920x1080 under the dummy
  driver, with the movement overlay (reach shading, costs, hovered path) shown, the pointer
  going back and forth between two hexes of its reach that are in view (the view is centred
  on the unit when they are not) so that every frame draws: median and 99th
  percentile of ``App.step()`` (events, update, draw, flip); and the median of a still frame
  (nothing changed: nothing is drawn or sent to the window).

Run alone: ``python -m hexwar.ui.bench`` (``--startup``: the start-up figures only).
"""
from __future__ import annotations

import os
import statistics
import subprocess
import sys
import time
from collections.abc import Callable

STARTUP_CODE = (
    "import time; t0 = time.perf_counter()\n"
    "from hexwar.ui.app import App\n"
    "app = App((1280, 720), resizable=False); app.step()\n"
    "print((time.perf_counter() - t0) * 1000)\n"
)


# The client's main with its first frame as the end (the first flip: what App.after_frame runs
# after it is not waited for): prints the milliseconds since the start.
FIRST_FRAME_CODE = (
    "import time; t0 = time.perf_counter()\n"
    "import os, sys\n"
    "import pygame\n"
    "flip = pygame.display.flip\n"
    "def first():\n"
    "    flip(); print((time.perf_counter() - t0) * 1000, flush=True); os._exit(0)\n"
    "pygame.display.flip = first\n"
    "from hexwar.ui import app as A\n"
    "A.main(sys.argv[1:])\n"
)
# The floor: the least a pygame-ce program does for a first frame like the menu's (a window with
# a line of text), with the plain X11 framebuffer the client takes too; it then waits to be killed.
FLOOR_CODE = (
    "import os, time\n"
    "os.environ['SDL_FRAMEBUFFER_ACCELERATION'] = '0'\n"
    "import pygame\n"
    "pygame.display.init(); pygame.font.init()\n"
    "screen = pygame.display.set_mode((1280, 720))\n"
    "screen.fill((24, 28, 34))\n"
    "screen.blit(pygame.font.Font(None, 32).render('hexwar', True, (230, 230, 230)), (40, 40))\n"
    "pygame.display.flip()\n"
    "time.sleep(60)\n"
)
SIZE = (1280, 720)
_DIRS: dict[str, dict[str, str]] = {}


def _own_dirs(kind: str) -> dict[str, str]:
    """Settings, saves and home folders of the bench's own, one set per kind of start ("menu":
    no saved game, so the menu lists none; "game": its autosave stays there), so that a start-up
    figure neither reads nor writes the player's files. Deleted when the bench ends."""
    import atexit
    import shutil
    import tempfile

    if kind not in _DIRS:
        root = tempfile.mkdtemp(prefix=f"hexwar-bench-{kind}-")
        atexit.register(shutil.rmtree, root, True)
        _DIRS[kind] = {"HEXWAR_DATA_DIR": os.path.join(root, "data"), "HEXWAR_CONFIG_DIR": os.path.join(root, "config"),
                       "HOME": os.path.join(root, "home")}
        os.makedirs(_DIRS[kind]["HOME"])
    return dict(_DIRS[kind])


def _env(video: str | None = "dummy", kind: str = "menu") -> dict:
    env = dict(os.environ)
    if video:
        env.setdefault("SDL_VIDEODRIVER", video)
    else:
        env.pop("SDL_VIDEODRIVER", None)
    env.setdefault("SDL_AUDIODRIVER", "dummy")
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # an installed client has its bytecode cache
    env.update(_own_dirs(kind))
    here = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    env["PYTHONPATH"] = os.pathsep.join(p for p in (here, env.get("PYTHONPATH")) if p)  # this hexwar, not another
    return env


def game_ms(game_id: str, runs: int = 3) -> float:
    """Median milliseconds of the whole process ``hexwar --game GAME --solo`` to the first frame
    of the game (dummy driver)."""
    cmd = [sys.executable, "-c", FIRST_FRAME_CODE, "--size", f"{SIZE[0]}x{SIZE[1]}", "--game", game_id, "--solo"]
    times = []
    for k in range(runs + 1):
        t0 = time.perf_counter()
        subprocess.run(cmd, env=_env(kind="game"), capture_output=True, text=True, timeout=120, check=True)
        if k:  # the first run writes the bytecode cache
            times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


def screen_ms(game_id: str, runs: int = 5) -> dict[str, float]:
    """Medians (ms) of process start to the first drawn frame on an Xvfb screen: "menu",
    "game" (``--game GAME --solo``), "floor" (``FLOOR_CODE``) and, when installed, "crimson";
    the runs interleaved."""
    from . import bench_screen as B

    size = ["--size", f"{SIZE[0]}x{SIZE[1]}"]
    cmds = {"menu": [sys.executable, "-m", "hexwar", *size],
            "game": [sys.executable, "-m", "hexwar", *size, "--game", game_id, "--solo"],
            "floor": [sys.executable, "-c", FLOOR_CODE]}
    cf = B.crimson()
    if cf:
        cmds["crimson"] = [cf, "--sound", "0", "--width", str(SIZE[0]), "--height", str(SIZE[1])]
    times: dict[str, list[float]] = {k: [] for k in cmds}
    with B.xvfb() as display:
        screen = B.Screen(display)
        try:
            for k in range(runs + 1):
                for name, cmd in cmds.items():
                    env = {**_env(None, kind="game" if name == "game" else "menu"), "DISPLAY": display}
                    t = B.first_frame_s(screen, cmd, env)
                    if t is None:
                        raise RuntimeError(f"no frame drawn by {' '.join(cmd)}")
                    if k:  # the first run of each writes its caches (bytecode, settings)
                        times[name].append(t * 1000)
        finally:
            screen.close()
    return {k: statistics.median(v) for k, v in times.items()}


def startup_ms(runs: int = 3) -> tuple[float, float]:
    """(whole process, in-process) median milliseconds from launch to the first menu frame."""
    outer, inner = [], []
    subprocess.run([sys.executable, "-c", STARTUP_CODE], env=_env(), capture_output=True, timeout=120, check=True)
    for _ in range(runs):
        t0 = time.perf_counter()
        out = subprocess.run([sys.executable, "-c", STARTUP_CODE], env=_env(), capture_output=True, text=True,
                             timeout=120, check=True)
        outer.append((time.perf_counter() - t0) * 1000)
        inner.append(float(out.stdout.strip().splitlines()[-1]))
    return statistics.median(outer), statistics.median(inner)


def board_game(game_id: str, seed: int = 1, limit: int = 3000, scenario_id: str | None = None):
    """The game's default scenario played by legal actions until units on the map may move (a
    phase of kind movement, special or action) and no counter may be placed any more: every
    counter that may come on placed first, then random decisions (seeded) and phase ends. The
    same rule for every game of the registry."""
    import random

    import hexwar
    from hexwar.core import actions as A

    game = hexwar.open_game(game_id, scenario_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if game.result() is not None:
            break
        acts = game.legal_actions()
        places = [a for a in acts if isinstance(a, A.Place)]
        if places:  # every counter that may come on now comes on (set-up, arrivals)
            game.apply(places[0])
            continue
        on_map = {u["id"] for u in game.view(None)["units"] if u.get("where") == "map"}
        if game.phase().kind in MOVING and not game.stage()[0] \
                and any(isinstance(a, A.Move) and a.unit in on_map for a in acts):
            return game
        end = [a for a in acts if isinstance(a, A.EndPhase)]
        other = [a for a in acts if not isinstance(a, A.EndPhase)]
        game.apply(end[0] if end and (not other or rng.random() < 0.5) else rng.choice(other))
    raise AssertionError(f"{game_id}: no position with units free to move within {limit} actions")


MOVING = ("movement", "special", "action")


def widest_scenario(game_id: str) -> str | None:
    """The game's scenario on the biggest board (most hexes), leaving out the ones its entry
    calls too large for random play; None when that is its default scenario."""
    import hexwar
    from hexwar.games import entry

    e = entry(game_id)
    sizes = {}
    for gid, sid in hexwar.list_scenarios():
        if gid == game_id and sid not in e.large_scenarios:
            board, _ = hexwar.session.load_game_data(gid, sid)
            sizes[sid] = len(board.terrain)
    best = max(sorted(sizes), key=lambda sid: sizes[sid], default=None)
    if best is None or sizes[best] <= sizes.get(e.default_scenario, 0):
        return None
    return best


def frame_times(frames: int = 300, size=(1920, 1080), game_id: str | None = None,
                fit: bool = False, scenario_id: str | None = None) -> tuple[list[float], int, list[float]]:
    """Frame times (ms) of the GameScene with the movement overlay and the pointer moving; also
    the counters shown, and the times of still frames. ``fit``: the whole board in view rather
    than the game's opening camera."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    import pygame

    from hexwar.core.hexgrid import Hex, parse_hex
    from hexwar.games import game_ids
    from hexwar.ui.app import App

    game = board_game(game_id or game_ids()[0], scenario_id=scenario_id)
    app = App(size, resizable=False, menu=False)
    gs = app.start_game(game, hotseat=False, autosave=False, threaded=False)
    if fit:
        gs.mv.fit()
    app.step()
    ctl = gs.ctl
    ctl.die = None

    def hex_of(uid: str) -> Hex:
        u = ctl.unit(uid)
        assert u is not None, f"{uid} is one of the movable units, so it is on the map"
        return parse_hex(u["hex"])

    # The unit with the widest reach, alone in its hex so that a click selects it.
    alone = [u for u in ctl.movable_units() if len(ctl.units_at(hex_of(u))) == 1]
    uid = max(alone or ctl.movable_units(), key=lambda u: (len(ctl.move_targets(u)), u))
    pos = gs.mv.hex_center(hex_of(uid))
    for t in ("down", "up"):
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN if t == "down" else pygame.MOUSEBUTTONUP,
                                             pos=pos, button=1))
    app.step()
    if ctl.sel != uid and ctl.sel in ctl.movable_units():
        uid = ctl.sel  # no unit alone in its hex (a game of big stacks): the one the click picked
    targets = ctl.move_targets(uid)
    shown_ends = [h for h in targets if gs.mv.rect.collidepoint(gs.mv.hex_center(h))]
    if len(shown_ends) < 2:  # the unit's reach lies out of the opening view: centre it, so the pointer hovers it
        gs.mv.center_on(hex_of(uid))
        app.step()
        shown_ends = [h for h in targets if gs.mv.rect.collidepoint(gs.mv.hex_center(h))]
    ends = sorted(shown_ends, key=lambda h: (len(targets[h]), h))[-2:]

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
    assert gs.hover in ends, "the pointer is not over a hex of the unit's reach: frames would draw nothing"
    gs.exit()  # a game's own hex ids end with its scene
    return times, shown, still


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    k = min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))
    return s[k]


def run(line: Callable[[str, str, float, str], None], frames: int = 300) -> None:
    from hexwar.core.hexgrid import current_hex_ids, set_hex_ids
    from hexwar.games import game_ids

    startup_lines(line)
    for gid in game_ids():  # every game's map, its default scenario, all its units shown
        for sid, fit in ((None, False), (widest_scenario(gid), True)):  # and its biggest board, all in view
            if fit and sid is None:
                continue
            before = current_hex_ids()
            try:
                times, shown, still = frame_times(frames, game_id=gid, scenario_id=sid, fit=fit)
            finally:
                set_hex_ids(before)  # a game's own hex ids end with its scene
            where = f", {sid}, whole map" if sid else ""
            line(gid, f"client frame 1920x1080{where}, {shown} counters (median)", statistics.median(times), "ms")
            line(gid, f"client frame 1920x1080{where}, {shown} counters (p99)", percentile(times, 99), "ms")
            line(gid, f"client still frame 1920x1080{where} (median)", statistics.median(still), "ms")


def startup_lines(line: Callable[[str, str, float, str], None]) -> None:
    """The start-up figures (issue 22): dummy driver, then on an Xvfb screen beside Crimson Fields."""
    import shutil

    from hexwar.games import game_ids

    first = game_ids()[0]
    outer, inner = startup_ms()
    line("client", "start-up to menu (process)", outer, "ms")
    line("client", "start-up to menu (in process)", inner, "ms")
    line(first, "--game to a playable map (process)", game_ms(first), "ms")
    if shutil.which("Xvfb") is None:
        print("bench client: first frames on the screen not measured: Xvfb is not installed")
        return
    try:
        on_screen = screen_ms(first)
    except (OSError, RuntimeError) as e:  # no libX11, an Xvfb that does not start, a program that draws nothing
        print(f"bench client: first frames on the screen not measured: {e}")
        return
    line("client", "menu first frame on screen (Xvfb)", on_screen["menu"], "ms")
    line(first, "--game first frame on screen (Xvfb)", on_screen["game"], "ms")
    line("pygame-ce", "floor: window + text on screen (Xvfb)", on_screen["floor"], "ms")
    line("client", "menu first frame / the floor's", on_screen["menu"] / on_screen["floor"], "x")
    if "crimson" not in on_screen:
        print("bench client: Crimson Fields not measured beside the menu: crimson is not installed")
        return
    line("crimson", "first frame on screen (Xvfb)", on_screen["crimson"], "ms")
    line("client", "menu first frame / crimson's", on_screen["menu"] / on_screen["crimson"], "x")
    line("pygame-ce", "floor's first frame / crimson's", on_screen["floor"] / on_screen["crimson"], "x")


def _print_line(game: str, figure: str, value: float, unit: str) -> None:
    print(f"bench {game:16s} {figure:40s} {value:12.3f} {unit}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:] == ["--startup"]:  # the start-up figures alone
        startup_lines(_print_line)
    else:
        run(_print_line)
