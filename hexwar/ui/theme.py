"""Colours, fonts and the UI scale: everything about how the client looks, in one place.

Fonts are the DejaVu fonts shipped in ``assets/fonts`` (see LICENSE-DejaVu.txt there);
if they are missing the client falls back to pygame's bundled default font.
Rendered text is cached, since the same labels are drawn every frame.
"""
from __future__ import annotations

from collections import OrderedDict
from pathlib import Path

import pygame

from .. import paths

# --- colours ------------------------------------------------------------------
BG = (36, 38, 42)
PANEL = (48, 51, 57)
PANEL_DARK = (30, 32, 36)
PANEL_LINE = (86, 90, 98)
TEXT = (232, 232, 226)
TEXT_DIM = (160, 162, 160)
TEXT_DARK = (20, 20, 20)
ACCENT = (236, 196, 72)  # selection, focus
GOOD = (120, 200, 120)
BAD = (240, 120, 90)
BUTTON = (70, 76, 86)
BUTTON_HOVER = (92, 100, 112)
BUTTON_ON = (150, 126, 48)
BUTTON_OFF_TEXT = (120, 122, 124)

def side_colour(side: str | None):
    """A side's colour, from its game's entry; a side no game knows gets a steady colour of its own."""
    from .sides import side_info

    info = side_info(side)
    if info is not None:
        return info.colour
    import random

    rnd = random.Random(str(side))
    return (rnd.randint(40, 150), rnd.randint(40, 150), rnd.randint(40, 150))


def side_letter(side: str | None) -> str:
    from .sides import side_info

    info = side_info(side)
    return info.letter if info is not None else (str(side or "?")[:1]).upper()


def side_round(side: str | None) -> bool:
    """The side's chips are round (the other side's square): a shape, not only a colour."""
    from .sides import side_info

    info = side_info(side)
    return bool(info is not None and info.round)


def side_chip(surface: pygame.Surface, side: str | None, x: int, y: int, size: int) -> int:
    """A side marker in the side's colour and shape (its entry's ``round``), with its letter.
    Returns its width."""
    if not side:
        return 0
    from .sides import side_info

    col = side_colour(side)
    r = pygame.Rect(x, y, size, size)
    if side_round(side):
        pygame.draw.circle(surface, col, r.center, size // 2)
        pygame.draw.circle(surface, (255, 255, 255), r.center, size // 2, 1)
    else:
        pygame.draw.rect(surface, col, r)
        pygame.draw.rect(surface, (255, 255, 255), r, 1)
    letter = side_letter(side)
    info = side_info(side)
    ink = info.text_colour if info is not None else (255, 255, 255)
    t = text(letter, max(7, int(size * (0.62 if len(letter) == 1 else 0.45))), ink, "bold")
    surface.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
    return size


# Terrain fill colours; the map also draws a symbol for every terrain but clear.
TERRAIN_COLOURS = {
    "clear": (224, 219, 186),
    "forest": (150, 182, 116),
    "swamp": (176, 196, 184),
    "rough": (196, 170, 130),
    "mountain": (170, 150, 120),
    "desert": (232, 214, 160),
    "water": (130, 170, 220),
    "marsh": (176, 196, 184),
    "plain": (230, 216, 172),
    "high_ground": (206, 184, 136),
    "rugged_crest": (176, 146, 106),
    "river": (196, 214, 206),
    "open": (224, 219, 186),
    "peat_bog": (170, 166, 130),
    "bog": (170, 166, 130),
    "building": (214, 206, 188),
    "city": (196, 190, 178),
    "town": (196, 190, 178),
    "village": (214, 206, 188),
}
# Relief: height levels darken the ground towards this brown; contours are drawn in CONTOUR.
RELIEF = (120, 84, 50)
CONTOUR = (110, 70, 36)
ROAD = (150, 40, 30)
ROAD_FILL = (246, 226, 170)
START_LINE = (204, 20, 20)
ENTRY = (40, 110, 60)
RIVER = (38, 104, 196)
MAJOR_RIVER = (22, 66, 168)
REGION_BORDER = (118, 60, 138)

NATION_FALLBACK = ((200, 200, 200), (16, 16, 16))

FONT_FILES = {
    "regular": "DejaVuSans.ttf",
    "bold": "DejaVuSans-Bold.ttf",
    "condensed": "DejaVuSansCondensed-Bold.ttf",
}

_font_cache: dict[tuple[str, int], pygame.font.Font] = {}
_font_dir: Path | None = None


def _fonts_dir() -> Path | None:
    global _font_dir
    if _font_dir is None:
        try:
            _font_dir = Path(str(paths.data_dir("assets"))) / "fonts"
        except Exception:  # an odd install: fall back to the default font
            _font_dir = Path("/nonexistent")
    return _font_dir


def reset_fonts() -> None:
    _font_cache.clear()
    TEXT_CACHE._cache.clear()
    _size_cache.clear()
    _wrap_cache.clear()


def font(px: int, style: str = "regular") -> pygame.font.Font:
    """A font whose capital letters are about ``px`` * 0.73 pixels tall (cached)."""
    px = max(6, int(px))
    key = (style, px)
    f = _font_cache.get(key)
    if f is None:
        path = (_fonts_dir() or Path()) / FONT_FILES.get(style, FONT_FILES["regular"])
        try:
            f = pygame.font.Font(str(path), px)
        except (OSError, FileNotFoundError, pygame.error):
            f = pygame.font.Font(None, int(px * 1.35))
            if style != "regular":
                f.set_bold(True)
        _font_cache[key] = f
    return f


class TextCache:
    """Rendered text surfaces, least recently used dropped first."""

    def __init__(self, limit: int = 3000) -> None:
        self.limit = limit
        self._cache: OrderedDict = OrderedDict()

    def render(self, text: str, px: int, colour, style: str = "regular", halo=None) -> pygame.Surface:
        key = (text, int(px), tuple(colour), style, None if halo is None else tuple(halo))
        s = self._cache.get(key)
        if s is not None:
            self._cache.move_to_end(key)
            return s
        f = font(px, style)
        s = f.render(text, True, colour)
        if halo is not None:
            # A one-pixel outline in the halo colour keeps labels legible on any terrain.
            back = f.render(text, True, halo)
            out = pygame.Surface((s.get_width() + 2, s.get_height() + 2), pygame.SRCALPHA)
            for dx, dy in ((0, 1), (2, 1), (1, 0), (1, 2), (0, 0), (2, 2), (0, 2), (2, 0)):
                out.blit(back, (dx, dy))
            out.blit(s, (1, 1))
            s = out
        self._cache[key] = s
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return s


TEXT_CACHE = TextCache()


def text(s: str, px: int, colour=TEXT, style: str = "regular", halo=None) -> pygame.Surface:
    got = TEXT_CACHE.render(s, px, colour, style, halo)
    if PROBE is not None:
        PROBE.rendered[id(got)] = (s, int(px), style, got)
    return got


class ProbedSurface(pygame.Surface):
    """A surface that tells the active ``TextProbe`` where each text is drawn on it (tests)."""

    def blit(self, source, dest, area=None, special_flags=0):
        r = super().blit(source, dest, area, special_flags)
        if PROBE is not None:
            PROBE.blitted(self, source, dest, area)
        return r


class TextProbe:
    """Every text drawn while it is active (``with TextProbe() as probe``): the words, where they
    went, and the box they were drawn in (the clip rectangle of the surface then, else the whole
    surface). ``surface(size)`` gives a surface that reports its blits; the game scene draws its
    frame into one when a probe is active. A test then checks that no text runs out of its box."""

    def __init__(self) -> None:
        self.rendered: dict[int, tuple] = {}
        self.drawn: list[tuple[str, int, pygame.Rect, pygame.Rect]] = []  # (text, px, where, box)

    def surface(self, size) -> pygame.Surface:
        return ProbedSurface(size)

    def blitted(self, target: pygame.Surface, source, dest, area) -> None:
        got = self.rendered.get(id(source))
        if got is None or got[3] is not source:
            return
        s, px, _style, _ = got
        if isinstance(dest, pygame.Rect):
            x, y = dest.topleft
        else:
            x, y = int(dest[0]), int(dest[1])
        w, h = source.get_size() if area is None else pygame.Rect(area).size
        box = pygame.Rect(target.get_clip()).clip(target.get_rect())  # the whole surface when not clipped
        self.drawn.append((s, px, pygame.Rect(x, y, w, h), box))

    def clear(self) -> None:
        self.drawn.clear()

    def __enter__(self) -> TextProbe:
        global PROBE
        self._before = PROBE
        PROBE = self
        return self

    def __exit__(self, *exc) -> None:
        global PROBE
        PROBE = self._before


PROBE: TextProbe | None = None


_size_cache: dict[tuple, tuple[int, int]] = {}
_wrap_cache: OrderedDict = OrderedDict()


def size(s: str, px: int, style: str = "regular") -> tuple[int, int]:
    """``font(px, style).size(s)``, remembered: panels measure the same labels over and over."""
    key = (s, int(px), style)
    got = _size_cache.get(key)
    if got is None:
        if len(_size_cache) > 20000:
            _size_cache.clear()
        got = _size_cache[key] = font(px, style).size(s)
    return got


def wrap(s: str, px: int, width: int, style: str = "regular") -> list[str]:
    """Split ``s`` into lines that fit ``width`` pixels (paragraphs kept); remembered."""
    key = (s, int(px), int(width), style)
    got = _wrap_cache.get(key)
    if got is not None:
        _wrap_cache.move_to_end(key)
        return list(got)
    f = font(px, style)
    out: list[str] = []
    for para in str(s).split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            trial = w if not line else line + " " + w
            if f.size(trial)[0] <= width or not line:
                line = trial
            else:
                out.append(line)
                line = w
        out.append(line)
    _wrap_cache[key] = tuple(out)
    if len(_wrap_cache) > 4000:
        _wrap_cache.popitem(last=False)
    return out


# The window the interface is drawn for at scale 1.0; a bigger window scales it up (auto_scale).
BASE_SIZE = (1280, 800)
AUTO_RANGE = (1.0, 2.0)


def auto_scale(size: tuple[int, int]) -> float:
    """The UI scale for a window of ``size``: 1.0 at 1280x800, growing with the window (1.35 at
    1920x1080) so that text keeps its size on the screen; never below 1.0 (a small window keeps the
    sizes the panels are laid out for, and scrolls).
    The lesser of the height and width ratios, so that the side panel never eats the map; in
    steps of 0.05, so that dragging the window's edge does not re-lay the panels at every pixel."""
    w, h = size
    s = min(h / BASE_SIZE[1], w / BASE_SIZE[0])
    s = max(AUTO_RANGE[0], min(AUTO_RANGE[1], s))
    return round(round(s / 0.05) * 0.05, 2)


class Theme:
    """The UI scale and the sizes derived from it (panel widths, text sizes)."""

    MIN_SCALE, MAX_SCALE = 0.7, 2.0  # what the player may choose
    FLOOR = 0.55  # what a screen may shrink itself to, to fit a small window (the menu)

    def __init__(self, scale: float = 1.0) -> None:
        self.scale = max(self.FLOOR, min(self.MAX_SCALE, float(scale)))

    def px(self, v: float) -> int:
        return max(1, int(round(v * self.scale)))

    @property
    def small(self) -> int:
        return self.px(13)

    @property
    def normal(self) -> int:
        return self.px(15)

    @property
    def large(self) -> int:
        return self.px(19)

    @property
    def title(self) -> int:
        return self.px(34)

    def line_h(self, px: int) -> int:
        return font(px).get_linesize()
