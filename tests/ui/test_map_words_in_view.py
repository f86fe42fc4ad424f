"""The words of a ring, an outline or a line stay whole inside the map's visible rectangle: near
its right edge they used to run on under the side panel (Black Wednesday's "seen within …, §6.1"
beside the panel)."""
from __future__ import annotations

import pygame

import hexwar
from hexwar.ui.games.base import MapArea, MapLine, MapRing
from hexwar.ui.map_lines import draw_area, draw_line, draw_ring
from hexwar.ui.map_view import MapView


def _view_with_right_edge_on(board, h):
    mv = MapView(board, pygame.Rect(0, 40, 600, 400))
    mv.center_on(h)
    x, y = mv.hex_center(h)
    mv.cam_x -= (mv.rect.right - 20 - x) / mv.zoom  # the hex a little inside the view's right edge
    mv.cam_y -= (mv.rect.centery - y) / mv.zoom
    return mv


def test_words_near_the_right_edge_of_the_map_view_stay_inside_it():
    pygame.font.init()
    game = hexwar.open_game("objective-kiev", seed=1)
    board = game.board
    h = sorted(board.terrain)[len(board.terrain) // 2]
    surface = pygame.Surface((800, 500))
    for shape, draw in ((MapRing(h, 2, "seen within 2 (infantry, doubled, §6.1)"), draw_ring),
                        (MapArea(frozenset({h}), "objective of A1-hold (Prepared Defense, §16)"), draw_area),
                        (MapLine(h, h, "clear", "line of sight clear over four hexes"), draw_line)):
        mv = _view_with_right_edge_on(board, h)
        assert mv.rect.right - 40 < mv.hex_center(h)[0] <= mv.rect.right  # the case: at the edge
        placed: list = []
        draw(surface, mv, shape, placed)
        assert placed, shape
        assert mv.rect.contains(placed[-1]), (type(shape).__name__, placed[-1], mv.rect)
