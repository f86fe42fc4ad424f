"""The Help screen: every shortcut (the game's own keys too) and a legend of the map and counter
symbols, drawn with the same code as the map (Kiev's sample board; for the other games the key
of their own map).
"""
from __future__ import annotations

import pygame

from ...core.hexgrid import Hex
from .. import rules_text
from .. import theme as T
from ..map_view import MapView
from .stack import Scene


class HelpScene(Scene):
    """Every shortcut, and a legend of the map and counter symbols (Kiev's drawn sample; for the
    other games the key of their own map)."""

    def __init__(self, app, board=None, game_id: str | None = None) -> None:
        super().__init__(app)
        self.board = board
        self.game_id = game_id

    def frame_key(self):
        return ()

    @property
    def theme(self) -> T.Theme:
        # Everything on one screen: a smaller scale in a small window.
        surf = getattr(self.app, "screen", None)
        w, h = surf.get_size() if surf is not None else (1600, 900)
        fit = min(w / 1350, h / 860)
        if fit >= self.app.theme.scale:
            return self.app.theme
        return T.Theme(max(T.Theme.MIN_SCALE, fit))

    def handle(self, event) -> bool:
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
        for key, what in shortcuts:
            surface.blit(T.text(key, th.normal, T.ACCENT, "bold"), (x, yy))
            for i, ln in enumerate(T.wrap(what, th.normal, col - keys_w - th.px(10))):
                surface.blit(T.text(ln, th.normal, T.TEXT), (x + keys_w, yy))
                yy += lh
            yy += th.px(3)
        rect = pygame.Rect(x + col + th.px(40), y, col, h - y - th.px(40))
        if self.board is not None and self.game_id not in (None, "objective-kiev"):
            draw_board_legend(surface, rect, th, self.board)
        else:
            draw_legend(surface, rect, th)
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


def draw_legend(surface, rect: pygame.Rect, th: T.Theme) -> None:
    """Map and counter symbols, drawn with the same code as the map."""
    from ...core.board import Board, HexsideFeature, Place
    from ...core.hexgrid import Hexside
    from ..counters import draw_counter
    from ..shapes import crosshair, label_box

    x, y = rect.x, rect.y
    surface.blit(T.text("Map and counters", th.large, T.TEXT, "bold"), (x, y))
    y += T.font(th.large).get_linesize() + th.px(6)
    # A tiny board with one of everything, drawn by the real map code.
    terr = {Hex(1, 1): "clear", Hex(2, 1): "forest", Hex(3, 1): "swamp", Hex(4, 1): "clear", Hex(5, 1): "clear",
            Hex(1, 2): "clear", Hex(2, 2): "clear", Hex(3, 2): "clear", Hex(4, 2): "clear", Hex(5, 2): "clear"}
    b = Board(5, 2, terr,
              [HexsideFeature("river", "river", (Hexside.between(Hex(1, 2), Hex(2, 2)),)),
               HexsideFeature("major_river", "major river", (Hexside.between(Hex(3, 2), Hex(4, 2)),)),
               HexsideFeature("rail", "rail", (Hexside.between(Hex(4, 1), Hex(5, 1)),))],
              {Hex(4, 2): Place("City", Hex(4, 2), "city"), Hex(5, 2): Place("Major", Hex(5, 2), "major_city")})
    mv = MapView(b, pygame.Rect(x, y, min(rect.w, th.px(420)), th.px(200)))
    z = min(1.4 * th.scale, mv.rect.w / mv._w1)
    mv.rect.h = int(mv._h1 * z) + 1
    mv.fit()
    mv.draw_background(surface)
    y = mv.rect.bottom + th.px(8)
    items = [
        "Top row: clear, forest (trees), swamp (reeds); forest and swamp cost 2 MP and shift combat one column",
        "Thin blue hexside: river. Thick double blue hexside: major river. Black and white line: railway",
        "Small black square: city; framed square: major city; the name is printed in the hex",
        "Square with A: Axis-held city. Circle with S: Soviet-held city",
        "Solid black band: Axis map edge. Red and white dashed band: Soviet map edge. Purple dashes: a border",
        "Set-up marks: black cross (Axis), red star (Soviet front line), small army or mech box (Soviet)",
    ]
    lh = T.font(th.small).get_linesize()
    for it in items:
        for ln in T.wrap("• " + it, th.small, rect.w):
            surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
            y += lh
    y += th.px(8)
    px = th.px(54)
    samples = [
        {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps", "label": "12-6", "steps": 2, "max_steps": 2},
        {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps", "label": "6-6", "steps": 1, "max_steps": 2},
        {"id": "SU-5A", "nation": "soviet", "kind": "infantry", "size": "army", "label": "8-4", "steps": 2, "max_steps": 2},
        {"id": "SU-M1", "nation": "soviet", "kind": "tank", "size": "corps", "label": "?", "steps": 1, "max_steps": 1},
    ]
    notes = ["full strength", "reduced: pale, striped", "army (XXXX)", "untried (?)"]
    cx = x
    for u, note in zip(samples, notes):
        surface.blit(draw_counter(u, px), (cx, y))
        t = T.text(note, th.px(11), T.TEXT_DIM)
        surface.blit(t, (cx, y + px + th.px(4)))
        cx += max(px, t.get_width()) + th.px(14)
    from ..counters import draw_air_marker
    from ..turns import AirMarker

    air = AirMarker("IV-FK", "IV Fliegerkorps", "IV FK", "axis", 1, False)
    t = T.text("air support (10.5)", th.px(11), T.TEXT_DIM)
    if cx + max(px, t.get_width()) <= rect.right:
        surface.blit(draw_air_marker(air, px), (cx, y))
        surface.blit(t, (cx, y + px + th.px(4)))
    y += px + th.px(24)
    for ln in T.wrap("Counter: size (XXX corps, XXXX army) on top, the NATO symbol (X infantry, oval armour), "
                     "then attack-defence-movement; one figure before the movement when attack and defence are equal.",
                     th.small, rect.w):
        surface.blit(T.text(ln, th.small, T.TEXT), (x, y))
        y += lh
    y += th.px(6)
    crosshair(surface, (x + th.px(14), y + th.px(14)), th.px(12), (220, 40, 30), 2)
    surface.blit(T.text("an enemy hex you can attack", th.small, T.TEXT), (x + th.px(36), y + th.px(6)))
    label_box(surface, "3", th.px(12), (x + th.px(260), y + th.px(14)))
    surface.blit(T.text("movement points to get there", th.small, T.TEXT), (x + th.px(276), y + th.px(6)))
    # What Explain (X) adds.
    from ..overlays import COMM_DOTS, OVERSTACK, ZOC_HATCH
    from ..shapes import swatch

    y += th.px(36)
    surface.blit(T.text("Explain (X) adds:", th.small, T.TEXT_DIM, "bold"), (x, y))
    y += lh + th.px(2)
    cx = x
    for pattern, rgba, note in (("backhatch", ZOC_HATCH, "enemy zone of control (7.0)"),
                                ("dots", COMM_DOTS, "cut off from its edge (12.2, 12.3)"),
                                ("over", OVERSTACK, "overstacked (8.1)")):
        sample = pygame.Rect(cx, y, th.px(30), th.px(22))
        pygame.draw.rect(surface, T.TERRAIN_COLOURS["clear"], sample)
        swatch(surface, sample, pattern, rgba)
        t = T.text(note, th.small, T.TEXT)
        surface.blit(t, (sample.right + th.px(6), y + (sample.h - t.get_height()) // 2))
        cx = sample.right + th.px(6) + t.get_width() + th.px(16)
