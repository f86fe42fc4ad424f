"""The measurement behind the client's choice of panel toolkit (docs/client.md, "The panel
toolkit"): a frame of a comparable side panel — a scrolling box of about forty wrapped lines of
text and ten buttons, 400x560 pixels, the pointer moving over the buttons — drawn by the
client's own ``Flow`` and by pygame_gui (a ``UIScrollingContainer`` holding a ``UITextBox`` and
``UIButton``s). Median and 99th percentile of a frame, in ms, under the dummy video driver.

    python tools/measure_gui_toolkit.py [FRAMES]

pygame_gui is not a dependency of hexwar: ``pip install pygame_gui`` to run the second half
(without it only the client's own figures are printed).
"""
from __future__ import annotations

import os
import statistics
import sys
import time

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

SIZE = (1280, 800)
PANEL = pygame.Rect(880, 150, 400, 560)
WORDS = ("The defender moves two hexes away from the battle, each hex further than the last, never into "
         "enemy units, avoiding enemy zones of control whenever it can (10.6).")
LINES = 40
BUTTONS = 10


def percentile(values: list[float], p: float) -> float:
    s = sorted(values)
    return s[min(len(s) - 1, max(0, int(round(p / 100 * (len(s) - 1)))))]


def pointer(k: int) -> tuple[int, int]:
    """Back and forth over the buttons, so every frame changes a hover."""
    return (PANEL.x + 60 + (k % 7) * 30, PANEL.y + 40 + (k % 11) * 34)


def ours(frames: int, cached: bool) -> list[float]:
    """The client's Flow laid out and drawn every frame (``cached``: with the side panel's
    signature check, so a frame whose panel did not change draws nothing). Immediate mode: a
    panel whose content changed costs the same as any other frame."""
    from hexwar.ui import theme as T
    from hexwar.ui.panel.flow import Drawn, Flow

    screen = pygame.display.set_mode(SIZE)
    th = T.Theme(1.0)
    drawn = Drawn()
    times = []
    for k in range(frames + 20):
        t0 = time.perf_counter()
        mouse = pointer(k)
        f = Flow(PANEL, th, scroll=(k // 50) * 10, endless=True)
        f.heading("Retreat")
        for i in range(LINES // 2):
            f.text(f"{i}. {WORDS}", th.small)
        for i in range(BUTTONS):
            b = f.button(f"Path {i}: 1009 → 0910", lambda: None, name=f"b{i}")
            b.hover = b.rect.collidepoint(mouse)
        f.clip_to(PANEL)
        if not (cached and drawn.same(screen, f.sig(), True)):
            screen.fill((48, 51, 57), PANEL)
            f.draw(screen)
        pygame.display.update(PANEL)
        if k >= 20:
            times.append((time.perf_counter() - t0) * 1000)
    return times


def _build(pygame_gui, manager, k: int = 0):
    """The panel as pygame_gui holds it: a scrolling container, a text box, the buttons."""
    box = pygame_gui.elements.UIScrollingContainer(PANEL, manager=manager)
    inner_h = 40 + LINES * 20 + BUTTONS * 36
    box.set_scrollable_area_dimensions((PANEL.w - 20, inner_h))
    html = "<br>".join(f"{i + k}. {WORDS}" for i in range(LINES // 2))
    pygame_gui.elements.UITextBox(html, pygame.Rect(0, 0, PANEL.w - 24, LINES * 20), manager=manager, container=box)
    for i in range(BUTTONS):
        pygame_gui.elements.UIButton(pygame.Rect(0, LINES * 20 + i * 36, PANEL.w - 24, 30),
                                     f"Path {i + k}: 1009 → 0910", manager=manager, container=box)
    return box


def theirs_rebuilt(frames: int) -> list[float] | None:
    """pygame_gui is retained: when what the panel says changes (every action, every new
    selection in the client), its elements are made again. The time of that rebuild and a frame."""
    try:
        import pygame_gui
    except ImportError:
        return None
    screen = pygame.display.set_mode(SIZE)
    manager = pygame_gui.UIManager(SIZE)
    box = _build(pygame_gui, manager)
    times = []
    for k in range(frames // 5 + 5):
        t0 = time.perf_counter()
        box.kill()
        box = _build(pygame_gui, manager, k)
        manager.update(1 / 60)
        screen.fill((48, 51, 57), PANEL)
        manager.draw_ui(screen)
        pygame.display.update(PANEL)
        if k >= 5:
            times.append((time.perf_counter() - t0) * 1000)
    return times


def theirs(frames: int) -> list[float] | None:
    try:
        import pygame_gui
    except ImportError:
        return None
    screen = pygame.display.set_mode(SIZE)
    manager = pygame_gui.UIManager(SIZE)
    text = _build(pygame_gui, manager)
    clock_dt = 1 / 60
    times = []
    for k in range(frames + 20):
        t0 = time.perf_counter()
        ev = pygame.event.Event(pygame.MOUSEMOTION, pos=pointer(k), rel=(1, 0), buttons=(0, 0, 0))
        manager.process_events(ev)
        manager.update(clock_dt)
        screen.fill((48, 51, 57), PANEL)
        manager.draw_ui(screen)
        pygame.display.update(PANEL)
        if k >= 20:
            times.append((time.perf_counter() - t0) * 1000)
    del text
    return times


def main() -> None:
    frames = int(sys.argv[1]) if len(sys.argv) > 1 else 300
    pygame.display.init()
    pygame.font.init()
    for name, times in (("Flow, laid out and drawn every frame", ours(frames, False)),
                        ("Flow, drawn only when its signature changes", ours(frames, True)),
                        ("pygame_gui (scrolling container, text box, buttons)", theirs(frames)),
                        ("pygame_gui, the panel made again (its content changed)", theirs_rebuilt(frames))):
        if times is None:
            print(f"{name}: pygame_gui is not installed")
            continue
        print(f"{name}: median {statistics.median(times):.2f} ms, p99 {percentile(times, 99):.2f} ms")


if __name__ == "__main__":
    main()
