"""Every map draws, with its features where a wargamer looks for them (pixel checks),
kinds the client does not know get a default look, and the map viewer works headless."""
from __future__ import annotations

import math

import pygame
import pytest

from hexwar import paths
from hexwar.core.board import Board, HexsideFeature, Place, Zone
from hexwar.core.hexgrid import Hex, Hexside, neighbors, parse_hex
from hexwar.ui import map_features as MF
from hexwar.ui import mapinfo
from hexwar.ui import theme as T
from hexwar.ui.app import main
from hexwar.ui.map_scene import describe, legend_lines, load_map
from hexwar.ui.map_view import MapView

MAPS = ("objective-kiev", "battle-for-kursk", "kasserine-pass")


def _map(name: str) -> Board:
    return load_map(paths.data_dir("maps") / f"{name}.tmx")


@pytest.fixture(scope="module")
def boards():
    pygame.font.init()
    return {m: _map(m) for m in MAPS}


def _draw(board: Board, zoom: float, centre: Hex, size=(900, 700)):
    mv = MapView(board, pygame.Rect(0, 0, *size))
    mv.set_zoom(zoom)
    mv.center_on(centre)
    surf = pygame.Surface(size)
    mv.draw_background(surf)
    return mv, surf


def _near(surf, pos, colour, r: int = 3, tol: int = 40) -> bool:
    """Some pixel within ``r`` of pos is within ``tol`` of colour."""
    x0, y0 = int(round(pos[0])), int(round(pos[1]))
    for dx in range(-r, r + 1):
        for dy in range(-r, r + 1):
            x, y = x0 + dx, y0 + dy
            if 0 <= x < surf.get_width() and 0 <= y < surf.get_height():
                c = surf.get_at((x, y))
                if sum(abs(a - b) for a, b in zip(c[:3], colour)) <= tol:
                    return True
    return False


def _side_mid(mv: MapView, a: Hex, b: Hex):
    i = neighbors(a).index(b)
    c1, c2 = MF.SIDE_CORNERS[i]
    pts = mv.hex_corners(a)
    return (pts[c1][0] + pts[c2][0]) / 2, (pts[c1][1] + pts[c2][1]) / 2


@pytest.mark.parametrize("name", MAPS)
@pytest.mark.parametrize("zoom", [0.4, 1.0, 2.2])
def test_every_map_draws_at_every_zoom(boards, name, zoom):
    b = boards[name]
    mid = sorted(b.terrain)[len(b.terrain) // 2]
    mv, surf = _draw(b, zoom, mid)
    # Something was drawn over the whole view: the map is not one flat colour.
    colours = {tuple(surf.get_at((x, y)))[:3] for x in range(0, 900, 37) for y in range(0, 700, 41)}
    assert len(colours) > 5


def test_kursk_start_line_is_drawn_on_its_hexsides(boards):
    b = boards["battle-for-kursk"]
    line = next(f for f in b.features if f.kind == "start_line")
    hits = 0
    sides = [s for s in line.hexsides if s.a in b.terrain and s.b in b.terrain][:12]
    for sd in sides:
        mv, surf = _draw(b, 1.4, sd.a)
        hits += _near(surf, _side_mid(mv, sd.a, sd.b), T.START_LINE, r=2)
    assert hits >= len(sides) - 1  # one may sit under a city symbol or a label


def test_kursk_fortifications_show_their_sawtooth_and_activation_turn(boards):
    b = boards["battle-for-kursk"]
    belt = next(z for z in b.zones if z.kind == "fortification" and z.props.get("side") == "russian")
    h = sorted(belt.hexes)[0]
    mv, surf = _draw(b, 1.6, h)
    cx, cy = mv.hex_center(h)
    col = T.side_colour("russian")
    assert any(_near(surf, (cx + dx, cy - 9 * 1.6 - 2.5 * 1.6), col, r=3) for dx in range(-16, 17, 4))
    # The same hex with the zone taken away has no sawtooth there.
    bare = Board(b.width, b.height, b.terrain, [], {}, {}, {}, {}, [], {}, layout=b.layout)
    mv2, surf2 = _draw(bare, 1.6, h)
    assert not any(_near(surf2, (cx + dx, cy - 9 * 1.6 - 2.5 * 1.6), col, r=3) for dx in range(-16, 17, 4))
    assert MF.active_from(belt) == str(belt.props["active_from"])
    assert any(f"active from turn {belt.props['active_from']}" in ln for ln in describe(b, h))


def test_kursk_marsh_has_a_symbol_not_only_a_colour(boards):
    b = boards["battle-for-kursk"]
    h = next(h for h, t in sorted(b.terrain.items()) if t == "marsh")
    mv, surf = _draw(b, 1.5, h)
    cx, cy = mv.hex_center(h)
    reeds = (40, 92, 104)
    assert any(_near(surf, (cx + sx * 1.5, cy + sy * 1.5 + 2 * 1.5), reeds, r=3)
               for sx, sy in ((-19, -9), (18, 10)))


def test_kasserine_relief_has_contours_and_level_figures(boards):
    b = boards["kasserine-pass"]
    lv = mapinfo.heights(b)
    assert set(lv.values()) == {0, 1, 2}
    cliffs = {frozenset((s.a, s.b)) for f in b.features if f.kind == "cliff" for s in f.hexsides}
    pair = next((h, n) for h in sorted(lv) for n in neighbors(h)
                if n in lv and lv[h] - lv[n] == 1 and frozenset((h, n)) not in cliffs
                and h not in b.places and n not in b.places)
    mv, surf = _draw(b, 1.5, pair[0])
    assert _near(surf, _side_mid(mv, *pair), T.CONTOUR, r=2, tol=60)
    # A raised hex carries its level as a figure (not colour alone): brown ink left of centre.
    h = pair[0]
    cx, cy = mv.hex_center(h)
    region = [(cx - 24 * 1.5 + dx, cy + dy) for dx in range(0, 10) for dy in range(-6, 7)]
    assert any(_near(surf, p, T.CONTOUR, r=0, tol=50) for p in region)
    # Higher ground is darker than the same terrain would be at level 0.
    assert sum(MF.relief_colour((200, 200, 200), 2, 2)) < sum(MF.relief_colour((200, 200, 200), 0, 2))


def test_kasserine_roads_cliffs_bridges_towns_and_entry_areas(boards):
    b = boards["kasserine-pass"]
    road = next(f for f in b.features if f.kind == "road" and f.name == "3")
    sd = road.hexsides[len(road.hexsides) // 2]
    mv, surf = _draw(b, 1.5, sd.a)
    a, c = mv.hex_center(sd.a), mv.hex_center(sd.b)
    assert _near(surf, ((a[0] + c[0]) / 2, (a[1] + c[1]) / 2), T.ROAD, r=4)

    cliff = next(f for f in b.features if f.kind == "cliff")
    s0 = cliff.hexsides[0]
    mv, surf = _draw(b, 1.5, s0.a)
    assert _near(surf, _side_mid(mv, s0.a, s0.b), (70, 30, 14), r=2)

    bridge = next(z for z in b.zones if z.kind == "bridge")
    h = next(iter(bridge.hexes))
    mv, surf = _draw(b, 1.5, h)
    cx, cy = mv.hex_center(h)
    assert _near(surf, (cx, cy + 4.5 * 1.5), (30, 30, 30), r=2)

    props = mapinfo.place_props(b)
    tebessa = next(h for h, p in b.places.items() if p.name == "Tebessa")
    assert MF.vp_of(props[tebessa]) == 3 and MF.place_style("city", props[tebessa]) == "city"
    thala = next(h for h, p in b.places.items() if p.name == "Thala")
    assert MF.place_style("city", props[thala]) == "village"
    mv, surf = _draw(b, 1.5, tebessa)
    cx, cy = mv.hex_center(tebessa)
    assert _near(surf, (cx + 19 * 1.5, cy - 14 * 1.5), (246, 204, 64), r=2)  # the gold VP disc
    assert any("3 VP" in ln for ln in describe(b, tebessa))

    entry = sorted(b.regions["entry 2-3"])
    h = entry[len(entry) // 2]
    mv, surf = _draw(b, 1.5, h)
    cx, cy = mv.hex_center(h)
    assert _near(surf, (cx, cy), T.ENTRY, r=9)


def test_kiev_map_keeps_its_look(boards):
    b = boards["objective-kiev"]
    assert not mapinfo.heights(b)
    forest = next(h for h, t in sorted(b.terrain.items()) if t == "forest")
    mv, surf = _draw(b, 1.0, forest)
    cx, cy = mv.hex_center(forest)
    assert _near(surf, (cx - 19, cy - 9), (44, 96, 44), r=3)  # a tree, as before


def test_unknown_kinds_get_a_default_look_never_a_crash():
    pygame.font.init()
    terrain = {Hex(c, r): ("lava" if (c + r) % 2 else "glacier") for c in range(1, 7) for r in range(1, 6)}
    wire = HexsideFeature("barbed_wire", "wire", (Hexside.between(Hex(2, 2), Hex(2, 3)),))
    trench = HexsideFeature("trench_line", "trench", (Hexside.between(Hex(3, 2), Hex(4, 2)),))
    b = Board(6, 5, terrain, features=[wire, trench],
              places={Hex(3, 3): Place("Fort Nowhere", Hex(3, 3), "fortress")},
              regions={"entry A": frozenset({Hex(1, 3)}), "woods": frozenset({Hex(5, 4)})},
              edges={"blue": frozenset({Hex(6, 1), Hex(6, 2)})},
              zones=[Zone("minefield", "Field 1", frozenset({Hex(4, 4), Hex(5, 4)}), {"side": "red"})],
              hex_values={"elevation": {Hex(3, 3): 3, Hex(3, 2): "high"}})
    for zoom in (0.5, 1.0, 2.0):
        mv, surf = _draw(b, zoom, Hex(3, 3), size=(600, 500))
    mv, surf = _draw(b, 1.5, Hex(2, 2), size=(600, 500))
    assert _near(surf, _side_mid(mv, Hex(2, 2), Hex(2, 3)), MF.kind_colour("barbed_wire"), r=3, tol=20)
    # Two unknown terrains, two different steady colours, each with a letter.
    from hexwar.ui.map_terrain import terrain_colour

    assert terrain_colour("lava") != terrain_colour("glacier") and terrain_colour("lava") == terrain_colour("lava")
    assert mapinfo.heights(b) == {Hex(3, 3): 3}  # the non-number is left out
    assert describe(b, Hex(4, 4))[-1].startswith("minefield: Field 1")
    assert legend_lines(b)


def test_hex_label_follows_a_board_id_scheme():
    """The map's own scheme (its property ``hex_ids``) names the hex; without one, CCRR."""
    b = Board(2, 2, {Hex(1, 1): "clear"})
    assert mapinfo.hex_label(b, Hex(1, 1)) == "0101"
    b = Board(2, 2, {Hex(1, 1): "clear"}, properties={"hex_ids": "sheets A:36 B:36"})
    assert mapinfo.hex_label(b, Hex(1, 1)) == "A01.01"


@pytest.mark.parametrize("name", ["kasserine-pass", "battle-for-kursk"])
def test_map_viewer_screenshot_headless(tmp_path, name):
    out = tmp_path / "map.png"
    rc = main(["--map", str(paths.data_dir("maps") / f"{name}.tmx"), "--screenshot", str(out), "--size", "1000x700"])
    assert rc == 0
    img = pygame.image.load(str(out))
    assert img.get_size() == (1000, 700)
    colours = {tuple(img.get_at((x, y)))[:3] for x in range(0, 1000, 50) for y in range(60, 700, 50)}
    assert len(colours) > 4


def test_map_viewer_refuses_a_broken_map_with_a_message(tmp_path):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map><oops", encoding="utf-8")
    out = tmp_path / "map.png"
    rc = main(["--map", str(bad), "--screenshot", str(out)])
    assert rc == 1 and out.is_file()


def test_map_viewer_centre_and_zoom(tmp_path):
    from hexwar.ui.app import App, open_map
    from hexwar.ui.map_scene import MapScene

    app = App((900, 600), resizable=False, menu=False)
    assert open_map(app, str(paths.data_dir("maps") / "kasserine-pass.tmx"), 1.5, "1016") is None
    scene = app.stack.top
    assert isinstance(scene, MapScene)
    app.step()
    cx, cy = scene.mv.hex_center(parse_hex("1016"))
    assert abs(cx - scene.mv.rect.centerx) < 40 and abs(cy - scene.mv.rect.centery) < 40
    assert math.isclose(scene.mv.zoom, 1.5)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(cx, cy), rel=(0, 0), buttons=(0, 0, 0)))
    app.step()
    assert scene.hover == parse_hex("1016")
    assert "bridge: Hatab bridge 1016" in describe(scene.board, scene.hover)


def test_inactive_fortification_belts_are_washed_out(boards):
    from hexwar.ui.overlays import inactive_forts

    b = boards["battle-for-kursk"]
    belt = next(z for z in b.zones if z.kind == "fortification" and z.props.get("side") == "russian")
    h = sorted(belt.hexes)[0]
    mv, surf = _draw(b, 1.6, h)
    r = MF.fort_mark_rect(*mv.hex_center(h), mv.zoom)
    before = [tuple(surf.get_at((x, y)))[:3] for x in range(r.x, r.right, 3) for y in range(r.y, r.bottom, 3)]
    active = surf.copy()
    inactive_forts(active, mv, {"fortifications": [belt.name]})
    assert [tuple(active.get_at((x, y)))[:3] for x in range(r.x, r.right, 3) for y in range(r.y, r.bottom, 3)] == before
    inactive_forts(surf, mv, {"fortifications": []})
    after = [tuple(surf.get_at((x, y)))[:3] for x in range(r.x, r.right, 3) for y in range(r.y, r.bottom, 3)]
    assert after != before
    col = T.side_colour("russian")
    strong = sum(1 for c in before if sum(abs(a - b_) for a, b_ in zip(c, col)) < 40)
    pale = sum(1 for c in after if sum(abs(a - b_) for a, b_ in zip(c, col)) < 40)
    assert strong > 0 and pale < strong  # the belt's mark no longer reads at full strength
    inactive_forts(surf, mv, {})  # a view that does not list belts: nothing is drawn


def test_black_wednesday_sheets_join_and_draw_with_works_and_relief():
    from hexwar.core.hexgrid import hex_ids_of

    path = paths.data_dir("maps") / "black-wednesday-a.tmx"
    if not path.is_file():
        pytest.skip("no Black Wednesday map yet")
    pygame.font.init()
    b = load_map(path)  # sheet A brings sheet B along
    assert b.width == 72 and len(b.terrain) == 72 * 62
    ids = hex_ids_of(b)
    el = ids.parse("B32.06")
    assert mapinfo.hex_label(b, el) == "B32.06"
    assert any("El Bastion" in ln for ln in describe(b, el))
    # Metres become ranks: three levels, three shades, one contour line per step.
    ranks = MF.relief_ranks(mapinfo.heights(b))
    assert set(ranks.values()) == {0, 1, 2}
    # Kinds by the words in their names.
    assert [MF.side_style(k) for k in ("izhora_river", "road_primary", "rail", "at_ditch", "major_river")] == \
        ["river", "road", "rail", "other", "major_river"]
    # A trench hex carries the crenellated line (black for the first kind).
    h = next(h for h, v in sorted(b.hex_values["trench"].items()) if str(v) == "1")
    mv, surf = _draw(b, 1.5, h)
    cx, cy = mv.hex_center(h)
    assert any(_near(surf, (cx + dx, cy + 12 * 1.5), (20, 20, 20), r=1, tol=30) for dx in range(-20, 21, 2))
    # The whole map fits the view even though it is bigger than the usual minimum zoom allows.
    mv = MapView(b, pygame.Rect(0, 0, 1000, 700))
    mv.fit()
    w, hh = mv.map_size()
    assert w <= 1000 + 2 and hh <= 700 + 2


def test_each_map_has_a_key_of_its_own_symbols(boards, app):
    kursk = " ".join(MF.legend_lines(boards["battle-for-kursk"]))
    assert "Start Line" in kursk and "fortification belt" in kursk and "railway" in kursk
    assert "cliff" not in kursk and "contours" not in kursk  # only what the map has
    kp = " ".join(MF.legend_lines(boards["kasserine-pass"]))
    assert all(w in kp for w in ("contours", "cliff", "road", "bridge", "victory points", "entry area"))
    assert ([t for t, _ in MF.terrain_legend(boards["kasserine-pass"])]
            == ["plain", "high_ground", "river", "rugged_crest"])
    # The Help screen of a game other than Kiev shows its own map's key.
    import hexwar
    from hexwar.ui.scenes import HelpScene

    gs = app.start_game(hexwar.open_game("kasserine-pass", "standard", seed=1), hotseat=False, autosave=False,
                        threaded=False)
    gs.open_help()
    assert isinstance(app.stack.top, HelpScene) and app.stack.top.board is gs.game.rules.board
    app.step()
