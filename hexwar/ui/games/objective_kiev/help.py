"""Objective: Kiev's legend on the Help screen: a tiny board with one of everything and sample
counters, drawn by the real map and counter code, with the rules they stand for."""
from __future__ import annotations

import pygame

from ....core.hexgrid import Hex
from ... import theme as T
from ...map_view import MapView


def draw_legend(surface, rect: pygame.Rect, th: T.Theme) -> None:
    """Map and counter symbols, drawn with the same code as the map."""
    from ....core.board import Board, HexsideFeature, Place
    from ....core.hexgrid import Hexside
    from ...counters import draw_counter
    from ...shapes import crosshair, label_box

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
        {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps",
         "label": "12-6", "steps": 2, "max_steps": 2},
        {"id": "G-III", "nation": "german", "kind": "tank", "size": "corps",
         "label": "6-6", "steps": 1, "max_steps": 2},
        {"id": "SU-5A", "nation": "soviet", "kind": "infantry", "size": "army",
         "label": "8-4", "steps": 2, "max_steps": 2},
        {"id": "SU-M1", "nation": "soviet", "kind": "tank", "size": "corps",
         "label": "?", "steps": 1, "max_steps": 1},
    ]
    notes = ["full strength", "reduced: pale, striped", "army (XXXX)", "untried (?)"]
    cx = x
    for u, note in zip(samples, notes):
        surface.blit(draw_counter(u, px), (cx, y))
        t = T.text(note, th.px(11), T.TEXT_DIM)
        surface.blit(t, (cx, y + px + th.px(4)))
        cx += max(px, t.get_width()) + th.px(14)
    from ...counters import draw_air_marker
    from ...turns import AirMarker

    air = AirMarker("IV-FK", "IV Fliegerkorps", "IV FK", "axis", 1, False, "10.5")
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
    from ...overlays import COMM_DOTS, OVERSTACK, ZOC_HATCH
    from ...shapes import swatch

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
