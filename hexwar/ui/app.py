"""The hexwar client: window, loop, command line.

    hexwar                                   open the menu in a window
    hexwar --game GAME [--scenario ID] --seed 7
                                             start that game at once (its default scenario
                                             unless --scenario names one)
    hexwar --record saves/x.yaml             continue a saved game
    hexwar --screenshot out.png --size 1600x900 [--record x.yaml]
                                             draw the position headless into a PNG and exit
    hexwar --game GAME --computer SIDE[:easy]
                                             play against the computer on that side (normal
                                             level unless :easy or --level easy)
    hexwar --smoke 3 --smoke-shot out.png    open the real window, start a new game, run
                                             3 seconds of frames, save the window, exit
    hexwar --lesson ID [--screenshot out.png]
                                             open a lesson on the board (draw its first step)
    hexwar --record x.yaml --luck out.png    the luck report of a saved game, as a picture

The loop is ``events -> scene stack -> update(dt) -> draw -> flip``. ``App.handle``,
``App.step`` and ``App.draw`` are separate so tests can drive single frames with posted
events.
"""
from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

from ..core import lazylog
from ..core.errors import DataError, HexwarError
from . import theme as T
from .scenes.dialogs import MessageScene
from .scenes.menu import MenuScene
from .scenes.stack import SceneStack
from .settings import Settings
from .widgets import PRESS

if TYPE_CHECKING:
    from .scenes.game import GameScene

log = lazylog.get_logger(__name__)  # logging imported on the first message

DEFAULT_SIZE = (1600, 900)  # screenshots, and the largest first window on a screen that has room for it
SCREEN_MARGIN = (40, 90)  # room left around the first window: its frame and title, a task bar
# Window events after which the whole window is painted again.
WINDOW_REPAINT = tuple(getattr(pygame, n) for n in ("VIDEOEXPOSE", "WINDOWEXPOSED", "WINDOWSHOWN", "WINDOWRESTORED",
                                                     "WINDOWMAXIMIZED", "WINDOWSIZECHANGED", "WINDOWRESIZED",
                                                     "VIDEORESIZE", "WINDOWDISPLAYCHANGED") if hasattr(pygame, n))
MIN_SIZE = (800, 560)


def desktop_size() -> tuple[int, int] | None:
    """The size of the screen the window opens on (the first display), or None if SDL cannot say."""
    try:
        sizes = pygame.display.get_desktop_sizes()
    except (pygame.error, AttributeError):
        sizes = []
    if sizes and sizes[0][0] > 0 and sizes[0][1] > 0:
        return int(sizes[0][0]), int(sizes[0][1])
    try:
        info = pygame.display.Info()
        if info.current_w > 0 and info.current_h > 0:
            return int(info.current_w), int(info.current_h)
    except pygame.error:
        pass
    return None


def first_window_size(desktop: tuple[int, int] | None, remembered=None) -> tuple[int, int]:
    """The size of the first window: the one the player left last time (``remembered``), else
    ``DEFAULT_SIZE``, made to fit on ``desktop`` with ``SCREEN_MARGIN`` to spare (a 1600x900
    window opened partly off a 1280x800 screen), never below ``MIN_SIZE``."""
    w, h = DEFAULT_SIZE
    if remembered and len(remembered) == 2:
        w, h = int(remembered[0]), int(remembered[1])
    if desktop:
        w = min(w, desktop[0] - SCREEN_MARGIN[0])
        h = min(h, desktop[1] - SCREEN_MARGIN[1])
    return max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])


def plain_framebuffer() -> None:
    """On X11, the window's pixels go to the X server as they are (shared memory), as SDL 1.2
    programs do, rather than through an OpenGL texture: the client draws every pixel in software
    anyway, and without a GPU (Mesa's llvmpipe, Xvfb) the OpenGL path made the window's opening
    150-190 ms slower and every whole-window flip cost 20-60 ms instead of 1 ms. Set before the
    window is made (SDL reads it then); a player's own ``SDL_FRAMEBUFFER_ACCELERATION`` is kept.
    Other drivers (Wayland, Windows, macOS) keep SDL's choice: Wayland has no other path."""
    if pygame.display.get_driver() == "x11":
        os.environ.setdefault("SDL_FRAMEBUFFER_ACCELERATION", "0")


class App:
    def __init__(self, size: tuple[int, int] | None = None, *, settings: Settings | None = None,
                 resizable: bool = True, menu: bool = True, seed: int | None = None,
                 game_id: str | None = None, scenario: str | None = None) -> None:
        if not pygame.font.get_init():
            T.reset_fonts()  # Font objects do not survive a pygame.quit()
        pygame.display.init()
        plain_framebuffer()
        pygame.font.init()
        self.settings = settings or Settings.load()
        self.resizable = resizable
        if size is None:  # fit the screen it opens on, the player's last size if there is one
            size = first_window_size(desktop_size(), self.settings.window_size)
        os.environ.setdefault("SDL_VIDEO_CENTERED", "1")
        flags = pygame.RESIZABLE if resizable else 0
        self.screen = pygame.display.set_mode(size, flags)
        pygame.display.set_caption("hexwar")
        try:
            pygame.key.set_repeat(350, 40)
        except pygame.error:
            pass
        self.theme = T.Theme(self.scale_for(self.screen.get_size()))
        self.stack = SceneStack(self)
        self.clock = pygame.time.Clock()
        self.running = True
        self.frames = 0
        self.flips = 0  # frames that changed the screen (see step)
        self._whole = True  # the next frame goes to the window whole
        self._after_frame: list[Callable[[], None]] = []  # run once the next frame is shown (after_frame)
        self.threaded_saves = True  # the menu reads the saved games in a worker thread (tests: False)
        # What the menu opens on; without ``menu`` it is made when the player goes back to it
        # (a game started from the command line draws without it: the menu reads every game's
        # entry and lists every scenario and saved game).
        self.menu_opens_on = (seed, game_id, scenario)
        self.spare_menu: MenuScene | None = None  # made after a command-line game's first frame
        if menu:
            self.stack.push(self.new_menu())

    # --- the loop ------------------------------------------------------------------------
    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    def handle(self, event: pygame.event.Event) -> None:
        self.stack.poked = True
        if event.type == pygame.QUIT:
            if not self.stack.ask_quit():  # a game not saved asks first
                self.quit()
            return
        if event.type in WINDOW_REPAINT:
            self.repaint()
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED, pygame.WINDOWRESIZED):
            self._resized()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            PRESS.pos = event.pos
        if event.type == pygame.KEYDOWN and (getattr(event, "mod", 0) & pygame.KMOD_CTRL):
            if event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
                self.change_scale(+0.1)
                return
            if event.key in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.change_scale(-0.1)
                return
            if event.key in (pygame.K_0, pygame.K_KP0):
                self.auto_scale()
                return
        try:
            self.stack.handle(event)
        except Exception as e:  # never a traceback in the player's face
            log.exception("error while handling %s", event)
            self.show_message("Something went wrong", f"{e.__class__.__name__}: {e}")

    def repaint(self) -> None:
        """The window must be painted whole on the next frame (uncovered, restored, resized)."""
        self._whole = True
        self.stack.invalidate()

    def _resized(self) -> None:
        self.repaint()
        surf = pygame.display.get_surface()
        if surf is not None:
            self.screen = surf
        w, h = self.screen.get_size()
        if self.resizable:
            self.settings.window_size = [w, h]  # saved when the client closes (remember_size)
        if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
            w, h = max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])
        scale = self.scale_for((w, h))
        if scale != self.theme.scale:  # the automatic scale follows the window
            self.theme = T.Theme(scale)
        self.stack.layout((w, h))

    def step(self, dt: float | None = None) -> None:
        """One frame: events, update, draw, then show what changed. A frame where nothing
        changed on screen is not sent to the window at all (a whole-window flip can cost more than
        the drawing: 14-60 ms under Xvfb through SDL's OpenGL path, about 1 ms through the plain
        framebuffer, see ``plain_framebuffer``); one where only some parts changed sends only those."""
        if dt is None:
            dt = 1 / 60
        for event in pygame.event.get():
            self.handle(event)
            if not self.running:
                return
        try:
            self.stack.update(dt)
        except Exception as e:
            log.exception("error during update")
            self.show_message("Something went wrong", f"{e.__class__.__name__}: {e}")
        dirty = self.draw(self.screen)
        if dirty is None or self._whole:
            pygame.display.flip()
            self.flips += 1
        elif dirty:
            pygame.display.update(dirty)
            self.flips += 1
        self._whole = False
        self.frames += 1
        while self._after_frame:
            self._after_frame.pop(0)()

    def draw(self, surface: pygame.Surface) -> list | None:
        """Draws the scenes; returns the areas that changed (None: everything, []: nothing)."""
        return self.stack.draw(surface)

    def run(self) -> int:
        while self.running and self.stack.scenes:
            dt = self.clock.tick(60) / 1000
            self.step(dt)
        return 0

    # --- services for the scenes ---------------------------------------------------------
    def after_frame(self, fn: Callable[[], None]) -> None:
        """Run ``fn`` once, after the next frame has gone to the window: work a new scene owes
        but its first frame need not wait for (a new game's first autosave, the heap's settling)."""
        self._after_frame.append(fn)

    def quit(self) -> None:
        self.running = False

    def scale_for(self, size: tuple[int, int]) -> float:
        """The UI scale: the player's own (Ctrl+= / Ctrl+-), else the one that suits the window."""
        if self.settings.ui_scale_auto:
            return T.auto_scale(size)
        return self.settings.ui_scale

    def change_scale(self, delta: float) -> None:
        """Ctrl+= / Ctrl+-: the player's own scale from now on, kept in the settings."""
        scale = round(min(T.Theme.MAX_SCALE, max(T.Theme.MIN_SCALE, self.theme.scale + delta)), 2)
        if scale == self.theme.scale and not self.settings.ui_scale_auto:
            return
        self.theme = T.Theme(scale)
        self.settings.ui_scale = scale
        self.settings.ui_scale_auto = False
        self.settings.save()
        self.stack.layout(self.size)

    def auto_scale(self) -> None:
        """Ctrl+0: the scale follows the window's size again."""
        self.settings.ui_scale_auto = True
        self.settings.save()
        self.theme = T.Theme(self.scale_for(self.size))
        self.stack.layout(self.size)

    def remember_size(self) -> None:
        """Keep the window's size for the next start, when the player has changed it."""
        if self.resizable and self.settings.window_size and pygame.display.get_surface() is not None:
            self.settings.save()

    def show_message(self, title: str, text: str) -> MessageScene:
        return self.stack.push(MessageScene(self, title, text))

    def start_game(self, game, *, hotseat: bool = True, autosave: bool = True, threaded: bool = True,
                   players: dict[str, str] | None = None) -> GameScene:
        """``players``: side -> "human" or "computer"; when not given, who played each side as the
        record says (``game.header["players"]``), else every side human."""
        from .scenes.game import GameScene  # here: the menu's first frame needs none of the game's client

        if players is None:
            players = dict(game.header.get("players") or {}) or None
        # Only the menu stays under a game.
        while self.stack.scenes and not isinstance(self.stack.top, MenuScene):
            self.stack.pop()
        scene = self.stack.push(GameScene(self, game, hotseat=hotseat, autosave=autosave, threaded=threaded,
                                          players=players))
        self.after_frame(settle_heap)  # after the game's first frame: a full collection is 20-30 ms
        return scene

    def back_to_menu(self) -> None:
        while self.stack.scenes and not isinstance(self.stack.top, MenuScene):
            self.stack.pop()
        if not self.stack.scenes:
            menu, self.spare_menu = self.spare_menu, None
            self.stack.push(menu or self.new_menu())

    def new_menu(self) -> MenuScene:
        seed, game_id, scenario = self.menu_opens_on
        return MenuScene(self, seed=seed, game_id=game_id, scenario=scenario)

    def make_menu_later(self) -> None:
        """A game started from the command line: its menu is made once the game's first frame is
        shown, and what it found about the player's files (the saves folder and its index, set
        aside when damaged) is shown over the game then, as the start-up's other notices are."""

        def make() -> None:
            menu = self.spare_menu = self.new_menu()
            menu.layout(self.size)  # as if shown: the saves list looks at the saves folder
            show_notices(self)

        self.after_frame(make)

    def open_map(self, path: str, zoom: float | None = None, center: str | None = None) -> str | None:
        """Show a map file in the map viewer (the menu's M); returns the error text when it cannot be read."""
        return open_map(self, path, zoom, center)

    def screenshot(self, path: str) -> None:
        pygame.image.save(self.screen, path)


def settle_heap() -> None:
    """Collect the garbage of the last game, then set what lives on (the board, the rules, the
    game so far, the client's caches) aside from the garbage collector: its full collections
    then no longer walk tens of thousands of objects in the middle of a frame (a 15 ms hitch).
    The same policy as the listings' (``core.collector``: the controller's idle collections)."""
    from ..core import collector

    collector.settle()


def configure_logging() -> None:
    import logging

    logging.basicConfig(level=logging.WARNING, format="hexwar: %(levelname)s %(message)s")


def parse_size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"size must look like 1600x900, not {text!r}") from None
    if w < 320 or h < 240 or w > 10000 or h > 10000:
        raise argparse.ArgumentTypeError(f"size {w}x{h} is out of range")
    return w, h


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="hexwar", description="Play classic hex-and-counter wargames, hotseat or solo.")
    p.add_argument("--game", default=None, help="game id, as the menu lists them (starts a new game at once)")
    p.add_argument("--scenario", default=None, help="scenario id (default: the game's default scenario)")
    p.add_argument("--seed", type=int, default=None, help="seed of the dice for a new game")
    p.add_argument("--record", default=None, metavar="FILE", help="open a saved game (record) file")
    p.add_argument("--screenshot", default=None, metavar="OUT.png",
                   help="draw the position (new game, or the end of --record) into a PNG and exit")
    p.add_argument("--size", type=parse_size, default=None, metavar="WxH",
                   help="window size (default: the last size, fitted to the screen; 1600x900 for --screenshot)")
    p.add_argument("--solo", action="store_true", help="one player: no hand-over screen between the sides")
    p.add_argument("--computer", action="append", default=[], metavar="SIDE[:LEVEL]",
                   help="the computer plays this side (e.g. axis, or axis:easy); may be given twice")
    p.add_argument("--level", choices=("easy", "normal"), default="normal",
                   help="strength of the computer sides given without a level (easy: the greedy player; "
                        "normal: the game's computer player)")
    p.add_argument("--smoke", type=float, default=None, metavar="SECONDS",
                   help="smoke test: open the real window, start a new game, run frames for SECONDS, "
                        "save the window to --smoke-shot and exit")
    p.add_argument("--smoke-shot", default=None, metavar="OUT.png", help="where --smoke saves the window")
    p.add_argument("--map", default=None, metavar="FILE.tmx",
                   help="view a map file on its own, no rules needed (with --screenshot: draw it into a PNG)")
    p.add_argument("--lessons", action="store_true", help="list every lesson (game, lesson, title, rules) and exit")
    p.add_argument("--lesson", default=None, metavar="ID",
                   help="open a lesson (an id of --lessons, or GAME/ID); with --screenshot: draw its first step")
    p.add_argument("--luck", default=None, metavar="OUT.png",
                   help="with --record FILE: write the luck report of that saved game as a picture and exit")
    p.add_argument("--zoom", type=float, default=None, help="zoom of the map (1.0: the Tiled size), for screenshots")
    p.add_argument("--center", default=None, metavar="HEX", help="centre the map on this hex, for screenshots")
    return p


def place_camera(mv, zoom: float | None, center: str | None) -> None:
    """Zoom and centre a map view as the command line asks (screenshots of a detail)."""
    from ..core.hexgrid import parse_hex

    if zoom:
        mv.set_zoom(zoom)
    if center:
        try:
            h = parse_hex(center)
        except Exception:
            return
        if h in mv.board.terrain:
            mv.center_on(h)


def open_map(app: App, path: str, zoom: float | None = None, center: str | None = None) -> str | None:
    """Show a map file in the map viewer; returns the error text when it cannot be read."""
    from ..core.files import check_regular
    from ..loaders.tmx import MAX_MAP_BYTES
    from .map_scene import MapScene, load_map

    try:
        check_regular(path, MAX_MAP_BYTES, "map file")  # before anything opens it: a pipe would hang
        board = load_map(path)
    except (DataError, HexwarError, OSError) as e:
        app.show_message("Cannot open the map", str(e))
        return str(e)
    scene = app.stack.push(MapScene(app, board))
    place_camera(scene.mv, zoom, center)
    return None


def open_lesson(app: App, lesson: str, *, threaded: bool = True) -> str | None:
    """Show a lesson (``--lesson ID``, or GAME/ID) at its first step; returns the error text
    when there is no such lesson or its file cannot be used."""
    from ..lessons import find
    from .scenes.learn import LearnScene
    from .scenes.lesson import open_lesson_scene

    try:
        game_id, lesson_id = find(lesson)
        open_lesson_scene(app, game_id, lesson_id, threaded=threaded,
                          lessons_list=lambda g: LearnScene(app, game_id=g))
    except KeyError as e:
        return str(e.args[0]) if e.args else f"no lesson {lesson}"
    except (DataError, HexwarError, OSError) as e:
        return str(e)
    return None


def show_notices(app: App) -> None:
    """What start-up had to say about the player's files (a folder that could not be used, a
    damaged settings file set aside): on stderr, and in a message over the first screen."""
    from .. import paths

    texts = paths.notices()
    if not texts:
        return
    paths.clear_notices()
    for t in texts:
        print(f"hexwar: {t}", file=sys.stderr)
    app.show_message("About your files", "\n\n".join(texts))


def smoke(app: App, seconds: float, out: str | None) -> int:
    """Run the real loop for ``seconds`` with a little input (pointing at the map, Explain on
    and off), save the window, and say which video driver ran it and how fast."""
    from .scenes.game import GameScene

    gs = app.stack.find(GameScene)
    if gs is None:
        print("hexwar: smoke: no game was started", file=sys.stderr)
        return 1
    times: list[float] = []
    sent: list[float] = []  # the frames that went to the window
    t_end = time.perf_counter() + max(0.0, seconds)
    k = 0
    while app.running and time.perf_counter() < t_end:
        if k % 20 == 0:  # something to redraw: the pointer wanders over the map
            r = gs.mv.rect
            pos = (r.x + (r.w * (k // 20 % 7 + 1)) // 8, r.y + r.h // 2)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
        if k in (30, 60):
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_x, mod=0, unicode="x", scancode=0))
        dt = app.clock.tick(60) / 1000
        t0 = time.perf_counter()
        before = app.flips
        app.step(dt)
        times.append((time.perf_counter() - t0) * 1000)
        if app.flips != before:
            sent.append(times[-1])
        k += 1
    driver = pygame.display.get_driver()
    times.sort()
    sent.sort()
    med = times[len(times) // 2] if times else 0.0
    med_sent = sent[len(sent) // 2] if sent else 0.0
    print(f"hexwar: smoke: driver {driver}, {len(times)} frames, median frame {med:.1f} ms; "
          f"{len(sent)} frames changed the window, median {med_sent:.1f} ms", flush=True)
    if out:
        try:
            pygame.image.save(app.screen, out)
        except (pygame.error, OSError) as e:
            print(f"hexwar: cannot write {out}: {e}", file=sys.stderr)
            return 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.lessons:  # headless: no window
        from ..lessons import print_lessons

        return print_lessons()
    if args.luck:  # headless: the luck report of a saved game, as a picture
        from .scenes.luck import write_luck_picture

        if not args.record:
            print("hexwar: --luck OUT.png needs --record FILE: the saved game to report on", file=sys.stderr)
            return 2
        return write_luck_picture(args.record, args.luck, args.size or DEFAULT_SIZE)
    players = {}  # --computer SIDE[:LEVEL] -> {side: "computer:<level>"}
    for entry in args.computer:
        side, _, level = entry.partition(":")
        if level and level not in ("easy", "normal"):
            print(f"hexwar: --computer {entry}: the level must be easy or normal", file=sys.stderr)
            return 2
        players[side] = f"computer:{level or args.level}"
    if args.screenshot:
        os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    elif not os.environ.get("DISPLAY") and not os.environ.get("WAYLAND_DISPLAY") and sys.platform.startswith("linux") \
            and not os.environ.get("SDL_VIDEODRIVER"):
        print("hexwar: no display found (DISPLAY is not set); use --screenshot to draw headless", file=sys.stderr)
        return 2
    t0 = time.perf_counter()
    size = args.size or (DEFAULT_SIZE if args.screenshot else None)
    want_game = bool(args.record or args.game or args.scenario or args.screenshot or args.smoke is not None) \
        and not args.map and not args.lesson
    lazylog.when_used(configure_logging)  # at the first message, or after the first frame
    if want_game or args.map or args.lesson:  # the game's modules log through logging itself
        lazylog.setup()
    app = App(size, resizable=not args.screenshot, seed=args.seed, game_id=args.game, scenario=args.scenario,
              menu=not want_game)  # a game opened here gets its menu when the player goes back to it
    app.after_frame(lazylog.setup)  # for the messages of modules that log through logging itself
    game, error = None, None
    if args.map:
        error = open_map(app, args.map, args.zoom, args.center)
    if args.lesson:
        error = open_lesson(app, args.lesson, threaded=not args.screenshot)
    if want_game:
        import hexwar

        try:
            if args.record:
                game = hexwar.load_record(args.record)
            else:
                fixed = args.screenshot or args.smoke is not None  # the same picture every time
                seed = args.seed if args.seed is not None else (1 if fixed else int(time.time()) % 1_000_000)
                from ..games import game_ids

                game = hexwar.open_game(args.game or game_ids()[0], args.scenario, seed=seed)
        except (DataError, HexwarError, KeyError, OSError) as e:
            error = str(e.args[0]) if isinstance(e, KeyError) and e.args else str(e)
    if game is not None:
        # --computer chooses the computer sides; without it a record brings back its own.
        quiet = bool(args.screenshot) or args.smoke is not None  # no hand-over, no autosave
        gs = app.start_game(game, hotseat=not (args.solo or quiet) and app.settings.hotseat,
                            autosave=not quiet, threaded=not args.screenshot, players=players or None)
        if args.zoom or args.center:
            place_camera(gs.mv, args.zoom, args.center)
        app.make_menu_later()
    elif error is not None:
        if not app.stack.scenes:  # the game did not open: the menu under the message
            app.back_to_menu()
        app.show_message("Cannot open the lesson" if args.lesson else "Cannot open the game", error)
    show_notices(app)
    if args.screenshot:
        for _ in range(3):
            app.step(1 / 60)
        try:
            app.screenshot(args.screenshot)
        except (pygame.error, OSError) as e:
            print(f"hexwar: cannot write {args.screenshot}: {e}", file=sys.stderr)
            return 1
        if error is not None:
            print(f"hexwar: {error}", file=sys.stderr)
            return 1
        log.info("screenshot in %.0f ms", (time.perf_counter() - t0) * 1000)
        return 0
    try:
        if args.smoke is not None:
            return smoke(app, args.smoke, args.smoke_shot) if error is None else 1
        return app.run()
    finally:
        app.remember_size()
        pygame.quit()


if __name__ == "__main__":
    raise SystemExit(main())
