"""The Help screen: every shortcut (the game's own keys too) and a legend of the map and counter
symbols, drawn with the same code as the map: the game's own legend when its client draws one
(``GameUI.draw_help_legend``), else the key of its map.
"""
from __future__ import annotations

import pygame

from .. import rules_text
from .. import theme as T
from .stack import Scene


class HelpScene(Scene):
    """Every shortcut, and a legend of the map and counter symbols (the game's own, else the key
    of its map)."""

    def __init__(self, app, board=None, game_id: str | None = None) -> None:
        super().__init__(app)
        self.board = board
        self.game_id = game_id
        # The keys' column scrolls when it is taller than the window (1280x800): the wheel, the
        # arrow keys or PgUp/PgDn bring every line into view.
        self.scroll = 0
        self.max_scroll = 0

    def frame_key(self):
        return (self.scroll,)

    @property
    def theme(self) -> T.Theme:
        # Everything on one screen: a smaller scale in a small window.
        surf = self.app.screen
        w, h = surf.get_size() if surf is not None else (1600, 900)
        fit = min(w / 1350, h / 860)
        if fit >= self.app.theme.scale:
            return self.app.theme
        return T.Theme(max(T.Theme.MIN_SCALE, fit))

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll, self.scroll + dy))

    def handle(self, event) -> bool:
        step = self.theme.px(60)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_DOWN, pygame.K_UP, pygame.K_PAGEDOWN,
                                                          pygame.K_PAGEUP):
            self.scroll_by({pygame.K_DOWN: step, pygame.K_UP: -step, pygame.K_PAGEDOWN: 6 * step,
                            pygame.K_PAGEUP: -6 * step}[event.key])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button in (4, 5):
            return True  # (the wheel, as buttons, on older systems)
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_F1, pygame.K_RETURN, pygame.K_SPACE,
                                                          pygame.K_QUESTION, pygame.K_SLASH, pygame.K_h):
            self.app.stack.remove(self)
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.app.stack.remove(self)
        return True

    def draw(self, surface) -> None:
        th = self.theme
        surface.fill(T.BG)
        w, h = surface.get_size()
        x, y = th.px(40), th.px(24)
        t = T.text("hexwar — keys and symbols", th.title, T.ACCENT, "bold")
        surface.blit(t, (x, y))
        y += t.get_height() + th.px(12)
        col = (w - th.px(120)) // 2
        from ..games import for_game

        shortcuts = list(rules_text.SHORTCUTS) + list(for_game(self.game_id).keys)  # and the game's own keys
        keys_w = max(T.font(th.normal, "bold").size(k)[0] for k, _ in shortcuts) + th.px(14)
        lh = T.font(th.normal).get_linesize()
        yy = y
        surface.blit(T.text("Keys and mouse", th.large, T.TEXT, "bold"), (x, yy))
        yy += T.font(th.large).get_linesize() + th.px(4)
        # The keys' lines, laid out from the column's top, then drawn scrolled inside it.
        hint_h = T.font(th.small).get_linesize() + th.px(4)
        area = pygame.Rect(x, yy, col, h - yy - th.px(14) - hint_h)
        entries: list[tuple[int, str, list[str]]] = []  # (y from the area's top, key, its lines)
        ly = 0
        for key, what in shortcuts:
            lines = T.wrap(what, th.normal, col - keys_w - th.px(10))
            entries.append((ly, key, lines))
            ly += lh * len(lines) + th.px(3)
        self.max_scroll = max(0, ly - area.h)
        self.scroll = min(self.scroll, self.max_scroll)
        for ry, key, lines in entries:
            sy = area.y + ry - self.scroll
            if sy < area.y or sy + lh * len(lines) > area.bottom:
                continue  # scrolled out of the column: a whole key with all its words, or nothing
            surface.blit(T.text(key, th.normal, T.ACCENT, "bold"), (x, sy))
            for i, ln in enumerate(lines):
                surface.blit(T.text(ln, th.normal, T.TEXT), (x + keys_w, sy + i * lh))
        if self.max_scroll:
            more = []
            if self.scroll > 0:
                more.append("↑ more above")
            if self.scroll < self.max_scroll:
                more.append("↓ more below")
            hint = " · ".join(more) + ": mouse wheel or arrow keys"
            surface.blit(T.text(hint, th.small, T.ACCENT), (x, area.bottom + th.px(4)))
        rect = pygame.Rect(x + col + th.px(40), y, col, h - y - th.px(40))
        if for_game(self.game_id).draw_help_legend(surface, rect, th):
            pass  # the game's own drawn sample
        elif self.board is not None:
            draw_board_legend(surface, rect, th, self.board)
        else:
            surface.blit(T.text("Start a game: its map's key is shown here.", th.small, T.TEXT_DIM), rect.topleft)
        s = T.text("Click or press Esc to go back.", th.normal, T.TEXT_DIM)
        surface.blit(s, (w - s.get_width() - th.px(30), h - s.get_height() - th.px(14)))


def draw_board_legend(surface, rect: pygame.Rect, th: T.Theme, board) -> None:
    """The key of a game's own map: its terrains as drawn on the map, then each symbol it has."""
    from .. import map_features as MF

    x, y = rect.x, rect.y
    surface.blit(T.text("The map's key", th.large, T.TEXT, "bold"), (x, y))
    y += T.font(th.large).get_linesize() + th.px(6)
    y += MF.draw_terrain_row(surface, x, y, th.px(44), board, max(1, rect.w // th.px(64))) + th.px(8)
    lh = T.font(th.small).get_linesize()
    lines = MF.legend_lines(board) + [
        "Counters: the nation's colour, the size on top (II battalion … XXXX army), the NATO symbol "
        "(X infantry, oval armour, dot artillery, one diagonal recon), the figures at the bottom; a reduced "
        "unit is paler with a white stripe",
        "Look at the map only (M in the menu) shows the whole map with a tooltip on every hex"]
    for it in lines:
        for ln in T.wrap("• " + it, th.small, rect.w):
            if y + lh > rect.bottom:
                return
            surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
            y += lh
