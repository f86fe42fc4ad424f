"""The status line under the map (what was done, or why not), the victory standing at the top of
the side panel (``game.standing``), the die just rolled and tooltips.
"""
from __future__ import annotations

import pygame

from .. import theme as T
from ..widgets import draw_panel
from .flow import Drawn, Flow


class StatusLine:
    def __init__(self, theme: T.Theme) -> None:
        self.theme = theme
        self.rect = pygame.Rect(0, 0, 100, 24)
        self.reserve = 0  # pixels at the right end kept for buttons drawn over the strip
        self.drawn = Drawn()

    def draw(self, surface: pygame.Surface, ctl, cached: bool = False) -> bool:
        """True when it drew (not the same text as on ``surface`` already)."""
        th = self.theme
        if ctl.hover_text:
            text, kind = ctl.hover_text, "refusal"
        else:
            text, kind = ctl.status.text, ctl.status.kind
        text = ctl.game.for_player(text)  # the rulebook's names for the game's rule ids
        if self.drawn.same(surface, (tuple(self.rect), self.reserve, th.scale, text, kind), cached):
            return False
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        self._draw(surface, text, kind)
        surface.set_clip(clip)
        return True

    def _draw(self, surface: pygame.Surface, text: str, kind: str) -> None:
        th = self.theme
        draw_panel(surface, self.rect, T.PANEL_DARK)
        if not text:
            return
        icon = {"refusal": "✗ Not allowed — ", "ok": "✓ ", "info": "› ", "warning": "⚠ "}.get(kind, "")
        colour = {"refusal": T.BAD, "ok": T.GOOD, "warning": T.BAD}.get(kind, T.TEXT)
        x = self.rect.x + th.px(10)
        t = T.text(icon, th.normal, colour, "bold")
        room = self.rect.right - self.reserve - x - t.get_width() - th.px(10)
        px = th.normal
        lines = T.wrap(text, px, room)
        if len(lines) > 1:  # too long for one line: two lines of smaller type, so no word is cut
            px = th.small
            lines = T.wrap(text, px, room)
            if len(lines) > 2:
                lines = [lines[0], lines[1] + " …"]
        lh = T.font(px).get_linesize()
        y = self.rect.centery - lh * len(lines) // 2
        surface.blit(t, (x, self.rect.centery - t.get_height() // 2))
        x += t.get_width()
        for ln in lines:
            surface.blit(T.text(ln, px, colour if kind in ("refusal", "warning") else T.TEXT), (x, y))
            y += lh

def standing_of(ctl) -> tuple:
    """``game.standing`` for the side at the screen, once per position (() when the game has none
    or cannot say)."""
    def work():
        try:
            side = ctl.screen_side() if hasattr(ctl, "screen_side") else None
            return tuple(ctl.game.standing(side))
        except Exception:  # a standing the game cannot work out must not end the panel
            return ()
    return ctl._memo("standing", work)


def standing_text(line, say=str) -> str:
    """One line of the standing in words: "Cities held by the Axis: 9 of 16 — 16 to win … (5.0)"."""
    tail = f" — {line.target}" if line.target else ""
    return say(f"{line.label}: {line.figure}{tail}" + (f" ({line.rule})" if line.rule else ""))


def build_standing(f: Flow, ctl, most: int = 2) -> None:
    """The victory standing at a glance, at the top of the side panel: the first ``most`` lines
    of ``game.standing`` in a frame headed "Victory" (the rest in its tooltip and the Track tab)."""
    lines = standing_of(ctl)
    if not lines:
        return
    th = f.theme
    say = ctl.game.for_player
    top = f.y
    px = th.px(11)
    f.y += th.px(3)
    x0 = f.x
    f.x += th.px(6)
    f.w -= th.px(12)
    for i, ln in enumerate(lines[:most]):
        f.text(("Victory · " if i == 0 else "") + say(f"{ln.label}: {ln.figure}"), th.small,
               T.ACCENT if i == 0 else T.TEXT, "bold")
        if i == 0 and (ln.target or ln.rule):  # what the first figure is measured against
            f.text(say(ln.target + (f" ({ln.rule})" if ln.rule else "")), px, T.TEXT_DIM, indent=th.px(8))
    f.x = x0
    f.w += th.px(12)
    f.y += th.px(3)
    box = pygame.Rect(f.x, top, f.w, f.y - top)
    f.op(lambda surf, box=box: pygame.draw.rect(surf, T.PANEL_LINE, box, 1, border_radius=4),
         ("standing-box", tuple(box)))
    f.tips.append((box, ["Where the game stands (victory conditions)"] + [standing_text(x, say) for x in lines]))
    f.space(6)


def draw_die(surface: pygame.Surface, center: tuple[int, int], die, th: T.Theme) -> pygame.Rect:
    """The die just rolled, big, with its pips, the number and the result; returns the dark
    box behind it, which is sized to hold every line (a long result is wrapped, never spills)."""
    size = th.px(110)
    faces = list(die.dice) or [die.roll]  # several dice side by side
    gap = th.px(16)
    pad = th.px(20)
    r = pygame.Rect(0, 0, size * len(faces) + gap * (len(faces) - 1), size)
    r.center = (center[0], center[1] - th.px(30))
    rolled = f"{'+'.join(map(str, faces))} = {die.roll}" if len(faces) > 1 else str(die.roll)
    t = T.text(f"Rolled {rolled}" + (f": {die.result}" if die.result else ""), th.title, (255, 255, 255), "bold")
    box_w = max(r.w + th.px(340), t.get_width() + 2 * pad)
    limit = max(box_w, min(surface.get_width() - 2 * pad, th.px(640))) - 2 * pad
    subs = [T.text(ln, th.large, (255, 255, 255))
            for ln in (T.wrap(die.meaning or die.result, th.large, limit) if die.result else [])]
    box_w = max([box_w] + [x.get_width() + 2 * pad for x in subs])
    box_h = max(size + th.px(150), size + th.px(8) + t.get_height() + sum(x.get_height() for x in subs) + 2 * pad)
    box = pygame.Rect(0, 0, box_w, box_h)
    box.midtop = (r.centerx, r.y - pad)
    shadow = pygame.Surface(box.size, pygame.SRCALPHA)
    shadow.fill((0, 0, 0, 150))
    surface.blit(shadow, box.topleft)
    pips = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)], 4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)], 6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}
    for i, face in enumerate(faces):
        d = pygame.Rect(r.x + i * (size + gap), r.y, size, size)
        pygame.draw.rect(surface, (250, 250, 244), d, border_radius=size // 6)
        pygame.draw.rect(surface, (20, 20, 20), d, 3, border_radius=size // 6)
        for dx, dy in pips.get(face, []):
            pygame.draw.circle(surface, (20, 20, 20), (d.centerx + dx * size // 4, d.centery + dy * size // 4),
                               size // 11)
    y = r.bottom + th.px(8)
    surface.blit(t, (r.centerx - t.get_width() // 2, y))
    y += t.get_height()
    for x in subs:
        surface.blit(x, (r.centerx - x.get_width() // 2, y))
        y += x.get_height()
    return box


def draw_save_banner(surface: pygame.Surface, rect: pygame.Rect, text: str, th: T.Theme) -> pygame.Rect:
    """A red band along the bottom of the map, with a warning sign, for as long as the game is
    not being saved (a word and a shape, not only a colour)."""
    px = th.normal
    lines = T.wrap("⚠ " + text, px, rect.w - th.px(24), "bold")
    lh = T.font(px, "bold").get_linesize()
    band = pygame.Rect(rect.x, rect.bottom - len(lines) * lh - th.px(12), rect.w, len(lines) * lh + th.px(12))
    pygame.draw.rect(surface, (150, 28, 24), band)
    pygame.draw.rect(surface, (255, 255, 255), band, 2)
    y = band.y + th.px(6)
    for ln in lines:
        surface.blit(T.text(ln, px, (255, 255, 255), "bold"), (band.x + th.px(12), y))
        y += lh
    return band


def draw_tooltip(surface: pygame.Surface, pos: tuple[int, int], lines: list[str], th: T.Theme,
                 area: pygame.Rect | None = None) -> pygame.Rect | None:
    """Draws a tooltip near ``pos`` inside ``area``; returns where it went (``widgets.draw_tooltip``)."""
    from ..widgets import draw_tooltip as draw

    return draw(surface, pos, lines, th, area)
