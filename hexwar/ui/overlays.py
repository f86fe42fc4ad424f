"""What is drawn over the map: city control, highlights, counters, arrows.

Every highlight has a shape as well as a colour: legal hexes are hatched and outlined,
reachable hexes carry their cost, targets a cross-hair, moves and retreats arrows.

The drawing comes in two parts. ``draw_static`` is everything that depends only on
the position, the selection and the camera (terrain, counters, shading, costs, zones…):
the GameScene keeps it in a back buffer and draws it again only when
``static_key`` changes. ``draw_dynamic`` is what follows the mouse or the clock (the
hovered path and outline, retreat arrows, the pulsing battles to resolve), drawn on
top every frame.
"""
from __future__ import annotations

import logging
import math

import pygame

from ..core.hexgrid import Hex, hex_name, parse_hex
from . import map_features as MF
from . import theme as T
from .control.queries import MOVING
from .counters import CounterArt
from .games.base import MapArea, MapLine, MapRing
from .map_labels import LabelPlacer, around_stack, draw_label
from .map_lines import draw_lines, moving_lines, still_lines
from .map_view import MapView, star_points
from .shapes import (
    MARK_STYLE,
    arrow,
    control_marker,
    crosshair,
    dash_line,
    draw_mark,
    label_box,
    label_rect,
    polyline_arrow,
    toward,
)

DEFAULT_MARK = ((250, 250, 240), (20, 20, 20), (0.0, 0.55))

log = logging.getLogger(__name__)

MOVE_FILL = (255, 255, 255, 70)
MOVE_WARN = (236, 160, 40, 150)  # a reachable hex the move's consequence warns of (hatched, framed)
ZOC_HATCH = (160, 16, 16, 200)  # enemy zones of control: back-slanted red hatching
COMM_DOTS = (96, 40, 150, 210)  # out of communication: a grid of purple dots
OVERSTACK = (230, 30, 30)
PLACE_FILL = (60, 170, 60, 150)
TARGET = (220, 40, 30)
ARROW = (235, 110, 20)
RETREAT = (40, 90, 220)
# A retreat path's consequence on the map: a mark and a word (never the colour alone).
RETREAT_WORDS = {0: "✓ no loss", 1: "▲ a step", 2: "✖ eliminated"}
RETREAT_COLOURS = {0: (40, 120, 60), 1: (170, 110, 10), 2: (180, 30, 30)}


def inactive_forts(surface, mv, v: dict) -> None:
    """Wash out the mark of every fortification belt the view does not list as active."""
    active = v.get("fortifications")
    if active is None:
        return
    active = set(active)
    z = mv.zoom
    veil = None
    for zone in mv.board.zones:
        if zone.kind != "fortification" or zone.name in active:
            continue
        for h in zone.hexes:
            if h not in mv.board.terrain or not mv.visible(h):
                continue
            cx, cy = mv.hex_center(h)
            r = MF.fort_mark_rect(cx, cy, z)
            if veil is None or veil.get_size() != r.size:
                veil = pygame.Surface(r.size, pygame.SRCALPHA)
                veil.fill((240, 240, 232, 170))
            surface.blit(veil, r.topleft)
            pygame.draw.line(surface, (90, 90, 90), (r.x + 2, r.bottom - 2), (r.right - 2, r.y + 2),
                             max(1, int(1.4 * z)))


class MapLayer:
    """Draws the dynamic part of the map for a GameScene."""

    def __init__(self, mv: MapView, art: CounterArt) -> None:
        self.mv = mv
        self.art = art
        self.top: dict[Hex, str] = {}  # which unit shows on top of each stack
        self.mark_boxes: list = []  # the boxes of the game's marks last drawn (words step aside)
        self.cost_boxes: list = []  # the movement costs' boxes last drawn
        self.line_boxes: list = []  # the words of the game's still lines last drawn (still_lines)
        self.mark_labels: list[tuple[str, pygame.Rect]] = []  # the place names and marks last drawn
        self.id_boxes: list[tuple[str, pygame.Rect]] = []  # the hex ids last drawn, off the counters
        self.name_labels: list = []  # the place names last drawn (map_labels.Label)
        mv.names_in_background = False  # drawn over the counters instead (place_names)
        mv.ids_in_background = False  # drawn beside the counters instead (hex_ids)

    def stack_order(self, h: Hex, units: list[dict], prefer: str | None) -> list[dict]:
        ids = [u["id"] for u in units]
        top = prefer if prefer in ids else self.top.get(h)
        if top in ids:
            units = [u for u in units if u["id"] != top] + [u for u in units if u["id"] == top]
        return units

    def counter_pos(self, h: Hex, k: int, n: int) -> tuple[int, int]:
        cx, cy = self.mv.hex_center(h)
        off: float = max(3, int(self.mv.counter_px * 0.12))
        if n > 5:  # a tall stack (of platoons, say) keeps within half a counter of its hex centre
            off = max(1.0, self.mv.counter_px * 0.5 / (n - 1))
        d = (k - (n - 1) / 2) * off
        return int(cx + d), int(cy - d)

    def stack_rect(self, h: Hex, n: int) -> pygame.Rect:
        """What the ``n`` counters on ``h`` cover on the screen, their count badge included."""
        px = self.mv.counter_px
        x0, y0 = self.counter_pos(h, 0, n)
        x1, y1 = self.counter_pos(h, n - 1, n)
        r = pygame.Rect(x0 - px // 2, y0 - px // 2, px, px).union(pygame.Rect(x1 - px // 2, y1 - px // 2, px, px))
        if n > 1:
            br = max(6, int(px * 0.2)) + 1
            r.union_ip(pygame.Rect(x1 + px // 2 - br, y1 - px // 2 - br, 2 * br, 2 * br))
        return r

    def hex_ids(self, surface: pygame.Surface, stacks: dict[Hex, pygame.Rect], words: list | None = None) -> None:
        """Each hex's id at the top of its hex (the bottom under a place name); in a hex with
        counters, just above the stack, else just below it, as long as that is still inside the
        hex; where neither is, it is left out (the hex's tooltip and the status line name it).
        Never under a counter, nor under the map's words (``words``: names, marks, odds)."""
        covers = list(stacks.values()) + list(words or ())
        half = self.mv.hex_h / 2
        self.id_boxes = []
        for h, text, px, spot, other in self.mv.hex_ids():
            t = T.text(text, px, (70, 70, 60))
            w, ht = t.get_size()
            stack = stacks.get(h)
            spots = [spot, other]
            if stack is not None:
                cy = self.mv.hex_center(h)[1]
                spots = [(x, y) for x, y in ((spot[0], stack.top - ht), (spot[0], stack.bottom + 1))
                         if cy - half - 2 <= y and y + ht <= cy + half + 2]
            for x, y in spots:
                r = pygame.Rect(int(x), int(y), w, ht)
                if r.collidelist(covers) < 0:
                    surface.blit(t, r.topleft)
                    self.id_boxes.append((text, r))
                    break

    def place_names(self, placer: LabelPlacer, stacks: dict[Hex, pygame.Rect]) -> None:
        """Each place's name in its usual spot, or beside the stack that would cover it."""
        mv = self.mv
        for h, name, px, (x, y) in mv.place_names():
            w, hh = T.size(name, px, "bold")
            spots = [(x, y)] + around_stack(stacks.get(h), mv.hex_center(h), w + 6, hh + 2, mv.hex_h)
            placer.add(name, px, spots, plate_from=1, group="")

    def retreat_ends(self, ctl, mode: str, past: bool) -> list[pygame.Rect]:
        """Where the retreat paths being chosen end (their rings, drawn over the map later): the
        place names keep off them (the arrows are drawn under the names, see ``names_over``)."""
        if past or mode != "stage:retreat":
            return []
        z = self.mv.zoom
        r = int(11 * z) + 2
        out = []
        for rt in ctl.retreats():
            if rt.path:
                cx, cy = self.mv.hex_center(rt.path[-1])
                out.append(pygame.Rect(int(cx) - r, int(cy) - r, 2 * r, 2 * r))
        for h, (word, _) in retreat_words(ctl).items():  # and their words' usual spots
            cx, cy = self.mv.hex_center(h)
            out.append(label_rect(word, max(8, int(10 * z)), (cx, cy + 17 * z)))
        return out

    def names_over(self, surface, areas: list[pygame.Rect]) -> None:
        """The place names that an arrow drawn since the map's words (a move's or a retreat's path,
        within ``areas``) ran over, drawn again on top of it: a name is never under a mark."""
        for lb in self.name_labels:
            if lb.rect.collidelist(areas) >= 0:
                draw_label(surface, lb)

    def place_mark(self, surface, placer: LabelPlacer, mk, stack: pygame.Rect | None) -> None:
        """A game's mark: a box in its kind's spot, else beside it or beside the stack, else merged
        with a box of its kind in the way; a mark with no box (a star, a ring) is drawn as it is."""
        z = self.mv.zoom
        c = self.mv.hex_center(mk.hex)
        if mk.kind in ("tip", "barrage-area", "objective") or not mk.text:
            draw_mark(surface, c, mk, z)
            return
        fill, ink, (fx, fy) = MARK_STYLE.get(mk.kind, DEFAULT_MARK)
        x, y = c[0] + fx * 40 * z, c[1] + fy * 40 * z
        px = max(8, int(10 * z))
        w, h = T.size(mk.text, px, "bold")
        h += 3
        spots = [(x, y), (x, y + h), (x, y - h), (x, y + 2 * h), (x, y - 2 * h)]
        spots += around_stack(stack, c, w + 6, h, self.mv.hex_h)
        placer.add(mk.text, px, spots, fg=ink, bg=fill, border=(20, 20, 20), group=mk.kind, member=mk)

    def air_rect(self, h: Hex, n: int) -> pygame.Rect:
        """Where an air support marker goes on hex ``h`` holding ``n`` counters: it stacks free
        (8.3), so it sits on top of the stack but shifted up, over the size mark of the top counter
        only: the unit figures and the stack count stay in sight."""
        px = self.mv.counter_px
        mp = max(20, int(px * 0.66))
        r = pygame.Rect(0, 0, mp, mp)
        if not n:  # the defenders are gone: in the middle of the hex
            r.center = self.mv.hex_center(h)
            return r
        x, y = self.counter_pos(h, n - 1, n)
        r.bottom = int(y - px / 2 + px * 0.34)
        r.centerx = int(x - px * 0.08)
        return r

    def draw_air(self, surface: pygame.Surface, h: Hex, m, n: int) -> None:
        r = self.air_rect(h, n)
        surface.blit(self.art.marker(m, r.w, False), r.topleft)

    def explain_sets(self, ctl) -> tuple:
        """What Explain marks: the game's map layers for the side to act (cached per position)."""
        return explain_layers(ctl)

    def _draw_explain(self, surface, ctl, layers) -> None:
        mv = self.mv
        for layer in layers:
            if not layer.hexes or layer.key == "over":
                continue
            colour, pattern, w = PATTERNS.get(layer.key, PATTERNS[""])
            ov = mv.hex_overlay(colour, pattern, w)
            for h in layer.hexes:
                if mv.visible(h):
                    mv.blit_hex(surface, h, ov)

    def _draw_cut_labels(self, surface, layers) -> None:
        """A word as well as the dots: the counters hide most of a hex."""
        mv = self.mv
        z = mv.zoom
        for h in _hexes(layers, "cut"):
            if mv.visible(h):
                cx, cy = mv.hex_center(h)
                label_box(surface, "cut off", max(8, int(10 * z)), (cx, cy + 27 * z), fg=(255, 255, 255),
                          bg=COMM_DOTS[:3], border=(255, 255, 255))

    def _draw_overstack(self, surface, layers) -> None:
        mv = self.mv
        z = mv.zoom
        over = next((la for la in layers if la.key == "over"), None)
        cut = _hexes(layers, "cut")
        word = ((over.rule + " ") if over is not None and over.rule else "") + "overstacked"
        for h in _hexes(layers, "over"):
            if not mv.visible(h):
                continue
            cx, cy = mv.hex_center(h)
            pts = [(cx + (x - cx) * 0.92, cy + (y - cy) * 0.92) for x, y in mv.hex_corners(h)]
            for a, b in zip(pts, pts[1:] + pts[:1]):
                dash_line(surface, OVERSTACK, a, b, max(2, int(3 * z)), max(4, int(6 * z)))
            lpx = max(8, int(10 * z))
            below = 27 * z + (T.font(lpx, "bold").get_height() + 5 if h in cut else 0)  # under "cut off"
            label_box(surface, word, lpx, (cx, cy + below), fg=(255, 255, 255),
                      bg=OVERSTACK, border=(255, 255, 255))

    def _blinks(self, ctl, mode: str) -> bool:
        """A step where counters may be picked: their dashed frames blink (twice a second)."""
        return (mode == "combat-declare" and ctl.target is not None) or (
            mode.startswith("stage:") and mode not in ("stage:retreat", "stage:roll"))

    def static_key(self, ctl, time_s: float, *, explain: bool = False, anim=None, offer: bool = True, air=()):
        """What ``draw_static`` depends on; None when it must be drawn anew every frame (a moving counter)."""
        if anim is not None:
            return None
        mv = self.mv
        past = ctl.past or not offer
        legal_known = not past and ctl.legal() is not None
        mode = ctl.mode()
        blink = int(time_s * 2) % 2 if self._blinks(ctl, mode) else None
        return (tuple(mv.rect), mv.zoom, mv.cam_x, mv.cam_y, mv.show_ids, mv.generation,
                id(ctl), ctl.version, ctl.viewer, ctl.sel, ctl.target, tuple(ctl.attackers),
                ctl.lead, tuple(ctl.support),
                ctl.loss_pick, legal_known, past, explain, blink, tuple(self.top.items()), tuple(air),
                still_lines(ctl))

    def draw(self, surface: pygame.Surface, ctl, hover: Hex | None, time_s: float, *, explain: bool = False,
             anim=None, offer: bool = True, air=()) -> None:
        """The whole map at once (the GameScene draws the two parts separately)."""
        self.draw_static(surface, ctl, time_s, explain=explain, anim=anim, offer=offer, air=air)
        self.draw_dynamic(surface, ctl, hover, time_s, explain=explain, offer=offer)

    def draw_static(self, surface: pygame.Surface, ctl, time_s: float, *, explain: bool = False,
                    anim=None, offer: bool = True, air=()) -> None:
        """``offer=False`` (the computer's turn) draws the position without the hexes and units that
        could be picked. ``air``: (defending hex, AirMarker) of the air support flying in the battle
        shown, drawn over that hex's counters."""
        mv = self.mv
        mv.draw_background(surface)
        clip = surface.get_clip()
        surface.set_clip(mv.rect)
        z = mv.zoom
        v = ctl.view()
        board = mv.board
        mode = ctl.mode()
        stacks = ctl.stacks()
        past = ctl.past or not offer
        legal_known = not past and ctl.legal() is not None
        ex = self.explain_sets(ctl) if explain else None
        if ex is not None:
            self._draw_explain(surface, ctl, ex)

        # Fortification belts not active in this position: their sawtooth washed out and struck
        # through (the view lists the active belts by name, e.g. under "fortifications").
        inactive_forts(surface, mv, v)

        # City control markers.
        r = max(3.0, 5.5 * z)
        for h in board.places:
            side = (v.get("control") or {}).get(hex_name(h))
            if side and mv.visible(h):
                cx, cy = mv.hex_center(h)
                control_marker(surface, side, (cx - 23 * z, cy), r)

        # Highlights under the counters.
        dim: set[str] = set()
        marked: dict[str, str] = {}  # unit id -> "select" | "attacker" | "choice"
        labels: list[tuple[Hex, str]] = []
        if past:
            pass  # looking back: nothing may be done, so nothing is offered
        elif mode in ("setup", "buildup") or (mode in MOVING and ctl.sel
                                              and (ctl.unit(ctl.sel) or {}).get("where") not in ("map", None)):
            # Set-up, build-up, and units arriving during a movement phase (a tray counter picked).
            sel_u = ctl.unit(ctl.sel) if ctl.sel else None
            if sel_u and sel_u.get("where") != "map":
                hexes = ctl.place_hexes(ctl.sel) or set()
                ov = mv.hex_overlay(PLACE_FILL, "hatch", 3)
                for h in hexes:
                    mv.blit_hex(surface, h, ov)
                if legal_known and ctl.sel in ctl.entering_units():
                    # A unit entering by a move: hatched where it comes on, shaded as far as it may go.
                    fill = mv.hex_overlay(MOVE_FILL, "fill", 2)
                    for h in ctl.move_targets(ctl.sel):
                        if h not in hexes:
                            mv.blit_hex(surface, h, fill)
            elif legal_known:
                # Nothing picked yet: a light outline on every hex that some unit may take.
                ov = mv.hex_overlay((60, 170, 60, 60), "none", 2)
                for h in ctl.any_place_hexes():
                    mv.blit_hex(surface, h, ov)
            if ctl.sel:
                marked[ctl.sel] = "select"
        elif mode in MOVING or (legal_known and ctl.step_moves()):
            if legal_known:
                movable = ctl.movable_units()
                acting = ctl.acting()
                dim = {u["id"] for us in stacks.values() for u in us
                       if u.get("side") == acting and u["id"] not in movable}
            if ctl.sel:
                marked[ctl.sel] = "select"
                targets = ctl.move_targets(ctl.sel)
                ov = mv.hex_overlay(MOVE_FILL, "fill", 2)
                warn = mv.hex_overlay(MOVE_WARN, "hatch", 3)  # a move with a cost beyond its points
                for h in targets:
                    c = ctl.move_consequence(ctl.sel, h)
                    mv.blit_hex(surface, h, warn if c is not None and c.level else ov)
                    fig = ctl.move_figure(ctl.sel, h)  # the move's consequence: its MP cost
                    if fig:
                        labels.append((h, fig))
        elif mode == "combat-declare":
            if legal_known:  # cross-hairs under the counters, so the figures stay readable
                for t in ctl.attack_targets():
                    if t != ctl.target and mv.visible(t):
                        cx, cy = mv.hex_center(t)
                        crosshair(surface, (cx, cy), 24 * z, TARGET, max(1, int(2 * z)))
            for b in ctl.gui.battles(ctl):
                for uid in b.attackers:
                    marked[uid] = "attacker"
            if ctl.target is not None:
                for uid in ctl.attackers:
                    marked[uid] = "attacker"
                for uid in ctl.eligible_attackers(ctl.target):
                    marked.setdefault(uid, "choice")
                if ctl.lead:  # an offensive (a lead unit and its supporters): its possible supporters
                    for uid in ctl.gui.supporters(ctl):
                        marked.setdefault(uid, "choice")
                    for uid in ctl.support:
                        marked[uid] = "attacker"
        elif mode.startswith("stage:") and mode not in ("stage:retreat", "stage:roll"):
            for uid in ctl.choice_units():
                marked[uid] = "choice"
            if ctl.loss_pick:
                marked[ctl.loss_pick] = "select"
        if mode.startswith("stage:"):
            # The attackers of the battle being settled keep their frame, unless they are to be picked.
            for uid in ctl.stage_attackers():
                marked.setdefault(uid, "attacker")

        # Counters.
        px = mv.counter_px
        moving = anim.unit if anim is not None else None
        stack_rects: dict[Hex, pygame.Rect] = {}  # what each stack covers: words keep off it
        for h, units in stacks.items():
            if not mv.visible(h):
                continue
            if moving is not None:
                units = [u for u in units if u["id"] != moving]
                if not units:
                    continue
            units = self.stack_order(h, units, ctl.sel if ctl.sel in marked else None)
            n = len(units)
            stack_rects[h] = self.stack_rect(h, n)
            for k, u in enumerate(units):
                x, y = self.counter_pos(h, k, n)
                s = self.art.surface(u, px)
                surface.blit(s, (x - px // 2, y - px // 2))
                if u["id"] in dim:
                    veil = _veil(px)
                    surface.blit(veil, (x - px // 2, y - px // 2))
                mk = marked.get(u["id"])
                if mk:
                    _counter_mark(surface, (x, y), px, mk, time_s)
            if n > 1:
                x, y = self.counter_pos(h, n - 1, n)
                br = max(6, int(px * 0.2))
                bc = (x + px // 2, y - px // 2)
                pygame.draw.circle(surface, (255, 255, 255), bc, br + 1)
                pygame.draw.circle(surface, (20, 20, 20), bc, br)
                t = T.text(str(n), max(7, int(br * 1.4)), (255, 255, 255), "bold")
                surface.blit(t, (bc[0] - t.get_width() // 2, bc[1] - t.get_height() // 2))

        # Place names over the counters, never under them (a name that would be covered moves
        # beside the stack, on a plate), and off the ends of the retreat paths drawn over them.
        placer = LabelPlacer(list(stack_rects.values()) + self.retreat_ends(ctl, mode, past))
        self.place_names(placer, stack_rects)
        placer.draw(surface)
        named = len(placer.labels)

        if anim is not None:
            u = ctl.unit(anim.unit)
            if u is not None:
                pts = [mv.hex_center(h) for h in anim.hexes]
                f = min(1.0, anim.t / anim.duration) * (len(pts) - 1)
                i = min(int(f), len(pts) - 2)
                a, b = pts[i], pts[i + 1]
                x, y = a[0] + (b[0] - a[0]) * (f - i), a[1] + (b[1] - a[1]) * (f - i)
                polyline_arrow(surface, pts, ARROW, max(2, int(2 * z)))
                surface.blit(self.art.surface(u, px), (int(x) - px // 2, int(y) - px // 2))
                _counter_mark(surface, (int(x), int(y)), px, "select", time_s)
        if ex:
            self._draw_overstack(surface, ex)
            self._draw_cut_labels(surface, ex)

        # Over the counters: costs, paths, targets, arrows.
        cpx = max(8, int(11 * z))
        costs = []
        for h, text in labels:
            cx, cy = mv.hex_center(h)
            at = (cx, cy - 19 * z if h in stacks else cy)
            label_box(surface, text, cpx, at)
            costs.append(label_rect(text, cpx, at))
        taken = placer.boxes  # the odds on the map step aside from the names; the marks from both
        if mode == "combat-declare":
            w = max(2, int(2.5 * z))
            for b in ctl.gui.battles(ctl):
                tc = mv.hex_center(b.target)
                for uid in b.attackers:
                    u = ctl.unit(uid)
                    if u and u.get("hex"):
                        uc = mv.hex_center(parse_hex(u["hex"]))
                        arrow(surface, toward(uc, tc, 0.15), toward(tc, uc, 0.35), ARROW, w)
                label_box(surface, map_figure(ctl.odds(b.target)), max(9, int(13 * z)), (tc[0], tc[1] + 26 * z),
                          placed=taken)
            if ctl.target is not None:
                tc = mv.hex_center(ctl.target)
                crosshair(surface, tc, 26 * z, TARGET, max(2, int(3 * z)))
                mv.outline_hex(surface, ctl.target, TARGET, max(2, int(3 * z)))
                for uid in ctl.attackers:
                    u = ctl.unit(uid)
                    if u and u.get("hex"):
                        uc = mv.hex_center(parse_hex(u["hex"]))
                        arrow(surface, toward(uc, tc, 0.15), toward(tc, uc, 0.35), TARGET, w)
                if ctl.attackers:
                    label_box(surface, map_figure(ctl.odds()), max(9, int(14 * z)),
                              (tc[0], tc[1] + 26 * z), bg=(255, 230, 200), placed=taken)
        elif mode.startswith("stage:"):
            st = v.get("stage") or {}
            if st.get("target"):
                th = parse_hex(st["target"])
                mv.outline_hex(surface, th, TARGET, max(2, int(3 * z)))
        # The game's own markers (a strategic objective, ENGAGED and CONTACT markers).
        # Their boxes keep off the counters, the place names, the odds and each other (or merge, see map_labels).
        placer.obstacles += taken[named:]
        for mk in ctl.gui.map_marks(ctl):
            if mv.visible(mk.hex):
                self.place_mark(surface, placer, mk, stack_rects.get(mk.hex))
        placer.settle()
        marks = placer.labels[named:]
        for lb in marks:
            draw_label(surface, lb)
        # The hex ids last, each where no counter, name, mark, odds or cost covers it (else left out).
        self.hex_ids(surface, stack_rects, placer.boxes + taken[named:] + costs)
        # The words drawn later (lines, areas, retreat marks) step aside from these too.
        self.mark_boxes = placer.boxes + [r for _, r in self.id_boxes]
        self.cost_boxes = costs  # the lines' words step aside from the movement costs too
        self.mark_labels = [(lb.shown, pygame.Rect(lb.rect)) for lb in placer.labels]
        self.name_labels = list(placer.labels[:named])
        # Air support over the defending hex, on top of everything else there.
        for h, m in air:
            if h is not None and mv.visible(h):
                self.draw_air(surface, h, m, len(stacks.get(h, ())))
        # The game's lines that do not follow the pointer (a spotting range); the lines' words drawn
        # later step aside from theirs too.
        placed = self.mark_boxes + self.cost_boxes
        before = len(placed)
        draw_lines(surface, mv, still_lines(ctl), placed)
        self.line_boxes = placed[before:]
        surface.set_clip(clip)

    def dynamic_key(self, ctl, hover: Hex | None, time_s: float, *, explain: bool = False, offer: bool = True):
        """What ``draw_dynamic`` depends on, besides the camera (part of ``static_key``): when it is
        the same as for the last frame, the same pixels would be drawn."""
        mode = ctl.mode()
        past = ctl.past or not offer
        pulse = None
        if mode == "combat-resolve" and not past:
            pulse = _pulse_radius(time_s, self.mv.zoom, past)
        return (id(ctl), ctl.version, mode, ctl.sel, hover, explain, past, ctl.hover_text,
                ctl.legal() is not None if not past else None, pulse, tuple(moving_lines(ctl, hover)))

    def dynamic_rects(self, ctl, hover: Hex | None, *, offer: bool = True) -> list[pygame.Rect]:
        """Where ``draw_dynamic`` may draw (generous boxes around the path, the arrows, the battles
        to resolve and the hovered hex): the only parts of the window to send again when nothing
        but these moved."""
        mv = self.mv
        z = mv.zoom
        out: list[pygame.Rect] = []

        def around(pts, pad: float) -> None:
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            p = int(pad) + 2
            out.append(pygame.Rect(int(min(xs)) - p, int(min(ys)) - p, int(max(xs) - min(xs)) + 2 * p,
                                   int(max(ys) - min(ys)) + 2 * p))

        mode = ctl.mode()
        if mode in MOVING and ctl.sel and hover is not None:
            path = ctl.move_targets(ctl.sel).get(hover)
            u = ctl.unit(ctl.sel)
            if path and u and u.get("hex"):
                around([mv.hex_center(parse_hex(u["hex"]))] + [mv.hex_center(h) for h in path], 8 + 14 * z)
        if mode == "combat-resolve":
            for b in ctl.gui.battles(ctl):
                cx, cy = mv.hex_center(b.target)
                # (its words may step up or down two lines, out of a name's way)
                out.append(pygame.Rect(int(cx - 70 * z) - 10, int(cy - 44 * z) - 40,
                                       int(140 * z) + 20, int(90 * z) + 84))
        elif mode == "stage:retreat":
            for rt in ctl.retreats():
                u = ctl.unit(rt.unit)
                if u and u.get("hex") and rt.path:
                    around([mv.hex_center(parse_hex(u["hex"]))] + [mv.hex_center(h) for h in rt.path], 50 + 30 * z)
        for ln in moving_lines(ctl, hover):  # the game's lines and rings (line of sight, spotting range)
            if isinstance(ln, MapLine):
                around([mv.hex_center(ln.a), mv.hex_center(ln.b)], 30 + 40 * z)
                c = mv.hex_center(ln.b)
                out.append(pygame.Rect(int(c[0] - 480), int(c[1] - 70 * z - 30), 960, int(70 * z) + 60))
            elif isinstance(ln, MapArea) and ln.hexes:
                around([mv.hex_center(h) for h in ln.hexes], 40 + 40 * z)
            elif isinstance(ln, MapRing):
                cx, cy = mv.hex_center(ln.centre)
                r = (ln.radius + 1) * mv.tile_w * z
                out.append(pygame.Rect(int(cx - r) - 10, int(cy - r) - 40, int(2 * r) + 20, int(2 * r) + 60))
        if hover is not None and hover in mv.board.terrain:
            corners = mv.hex_corners(hover)
            around(corners, 4 + 4 * z)
            cx, cy = mv.hex_center(hover)
            out.append(pygame.Rect(int(cx - 60 * z) - 10, int(cy - 12 * z) - 6, int(120 * z) + 20, int(24 * z) + 12))
        return [r.clip(mv.rect) for r in out if r.colliderect(mv.rect)]

    def draw_dynamic(self, surface: pygame.Surface, ctl, hover: Hex | None, time_s: float, *,
                     explain: bool = False, offer: bool = True) -> None:
        """What follows the mouse and the clock, over ``draw_static`` (within the surface's clip: the
        part of the frame drawn again)."""
        mv = self.mv
        clip = surface.get_clip()
        surface.set_clip(mv.rect.clip(clip))
        z = mv.zoom
        board = mv.board
        mode = ctl.mode()
        past = ctl.past or not offer
        arrows: list[pygame.Rect] = []  # where the paths' arrows run: the names are drawn over them

        def run(pts) -> None:
            xs, ys = [int(p[0]) for p in pts], [int(p[1]) for p in pts]
            pad = int(6 * z) + 2
            arrows.append(pygame.Rect(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad,
                                      max(ys) - min(ys) + 2 * pad))

        if mode in MOVING and ctl.sel and hover is not None:
            path = ctl.move_targets(ctl.sel).get(hover)
            u = ctl.unit(ctl.sel)
            if path and u and u.get("hex"):
                pts = [mv.hex_center(parse_hex(u["hex"]))] + [mv.hex_center(h) for h in path]
                polyline_arrow(surface, pts, ARROW, max(2, int(3 * z)))
                run(pts)
        taken = list(self.mark_boxes)  # the words below step aside from the names, hex ids and marks
        if mode == "combat-resolve":
            left = set(ctl.unresolved())
            for b in ctl.gui.battles(ctl):
                tc = mv.hex_center(b.target)
                if b.target not in left:
                    label_box(surface, "✓ done", max(8, int(11 * z)), (tc[0], tc[1] + 26 * z), bg=(220, 220, 220),
                              placed=taken)
                    continue
                crosshair(surface, tc, _pulse_radius(time_s, z, past), TARGET, max(2, int(3 * z)))
                label_box(surface, "to resolve" if past else "click to resolve", max(8, int(10 * z)),
                          (tc[0], tc[1] + 26 * z), bg=(255, 230, 200), placed=taken)
        elif mode == "stage:retreat":
            for rt in ctl.retreats():
                u = ctl.unit(rt.unit)
                if not u or not u.get("hex"):
                    continue
                first = mv.hex_center(parse_hex(u["hex"]))
                pts = [toward(first, mv.hex_center(rt.path[0]), 0.45)] + [mv.hex_center(h) for h in rt.path]
                hot = hover is not None and rt.path and rt.path[-1] == hover
                polyline_arrow(surface, pts, ARROW if hot else RETREAT, max(2, int((4 if hot else 3) * z)))
                end = mv.hex_center(rt.path[-1])
                pygame.draw.circle(surface, (255, 255, 255), end, 9 * z, max(2, int(3 * z)))
                pygame.draw.circle(surface, RETREAT, end, 7 * z, max(1, int(2 * z)))
                run(pts)
            # What each path costs, at its end (a mark and a word; paths ending together share the box).
            for h, (word, worst) in retreat_words(ctl).items():
                cx, cy = mv.hex_center(h)
                label_box(surface, word, max(8, int(10 * z)), (cx, cy + 17 * z), fg=(255, 255, 255),
                          bg=RETREAT_COLOURS.get(worst, TARGET), border=(255, 255, 255), placed=taken)

        if arrows:
            self.names_over(surface, arrows)
        draw_lines(surface, mv, moving_lines(ctl, hover), self.mark_boxes + self.cost_boxes + self.line_boxes)
        if hover is not None and hover in board.terrain:
            mv.outline_hex(surface, hover, (255, 255, 255), max(1, int(2 * z)), 0.97)
            if explain and not past and ctl.hover_text and mode in MOVING:
                # The rule that keeps the selected unit out of this hex, on the hex itself.
                rule = ctl.hover_text.split(": ", 1)[1].split(":", 1)[0] if ": " in ctl.hover_text else ""
                if rule and len(rule) <= 12:
                    cx, cy = mv.hex_center(hover)
                    label_box(surface, f"✗ {rule}", max(9, int(12 * z)), (cx, cy), fg=(255, 255, 255), bg=TARGET,
                              border=(255, 255, 255))
        surface.set_clip(clip)


# How Explain draws each kind of map layer: (colour, pattern, line width); "" for a game's own.
PATTERNS = {"zoc": (ZOC_HATCH, "backhatch", 0), "cut": (COMM_DOTS, "dots", 2), "over": (OVERSTACK + (255,), "none", 3),
            "": ((40, 120, 200, 160), "hatch", 2)}
PATTERN_WORDS = {"zoc": "Red slanted lines", "cut": "Purple dots", "over": "Dashed red frame", "": "Blue hatching"}
HOVER_WORDS = "With a unit selected, point at a hex: a red label names the rule that keeps the unit out."


def retreat_words(ctl) -> dict[Hex, tuple[str, int]]:
    """What the retreat paths being chosen cost, by the hex they end in: the words of their
    consequences ("✓ no loss / ▲ a step") and the worst level."""
    ends: dict[Hex, set[int]] = {}
    for rt in ctl.retreats():
        c = ctl.consequence(rt)
        if rt.path and c is not None:
            ends.setdefault(rt.path[-1], set()).add(c.level)
    return {h: (" / ".join(RETREAT_WORDS.get(lv, RETREAT_WORDS[2]) for lv in sorted(levels)), max(levels))
            for h, levels in ends.items()}


def map_figure(p) -> str:
    """A battle's preview as a label on the map: "3:1", "NE" for no effect, "✖" when not allowed."""
    if p is None:
        return "?"
    if p.refusal is not None:
        return "✖ not allowed"
    return "NE" if p.figure == "no effect" else (p.figure or "?")


def explain_layers(ctl) -> tuple:
    """The game's map layers (``game.map_layers``) for the side to act, or for both sides when
    nobody acts; remembered per position."""
    def work():
        side = ctl.acting() or ctl.phase().side
        try:
            return tuple(ctl.game.map_layers(side))
        except Exception:  # an explanation must never break the map
            log.exception("map layers failed")
            return ()

    return ctl._memo("map_layers", work)


def _hexes(layers, key: str) -> frozenset:
    return frozenset().union(*(la.hexes for la in layers if la.key == key)) if layers else frozenset()


def explain_words(ctl) -> list[str]:
    """What Explain marks, in words for the Rules tab: each layer's pattern, meaning and rule."""
    out = []
    for la in explain_layers(ctl):
        words = PATTERN_WORDS.get(la.key, PATTERN_WORDS[""])
        out.append(f"{words}: {la.label}" + (f" ({la.rule})" if la.rule else ""))
    out.append(HOVER_WORDS)
    return out


def _pulse_radius(time_s: float, z: float, past: bool) -> int:
    """The cross-hair of a battle to resolve swells and shrinks, in whole pixels (so that a frame
    where it has not changed size draws nothing new)."""
    pulse = 0 if past else 0.5 + 0.5 * math.sin(time_s * 5)
    return int(round((24 + 3 * pulse) * z))


_veils: dict[int, pygame.Surface] = {}


def _veil(px: int) -> pygame.Surface:
    s = _veils.get(px)
    if s is None:
        s = pygame.Surface((px, px), pygame.SRCALPHA)
        s.fill((40, 40, 40, 135))
        _veils[px] = s
    return s


def _counter_mark(surface, c, px: int, kind: str, time_s: float) -> None:
    x, y = c
    r = pygame.Rect(0, 0, px + 6, px + 6)
    r.center = (x, y)
    if kind == "select":
        pygame.draw.rect(surface, (20, 20, 20), r.inflate(2, 2), 2)
        pygame.draw.rect(surface, T.ACCENT, r, 3)
    elif kind == "attacker":
        pygame.draw.rect(surface, (255, 255, 255), r.inflate(2, 2), 2)
        pygame.draw.rect(surface, TARGET, r, 3)
        # A small star in the corner marks a committed attacker, not just a red frame.
        pts = star_points(r.right - 2, r.top + 2, max(4, px * 0.16), max(2, px * 0.07))
        pygame.draw.polygon(surface, (255, 255, 255), pts)
        pygame.draw.polygon(surface, TARGET, pts, 1)
    elif kind == "choice":
        # Dashed frame: may be picked.
        step = max(4, px // 6)
        col = T.ACCENT if int(time_s * 2) % 2 == 0 else (255, 255, 255)
        for side in ((r.topleft, r.topright), (r.topright, r.bottomright),
                     (r.bottomright, r.bottomleft), (r.bottomleft, r.topleft)):
            (x1, y1), (x2, y2) = side
            n = max(1, int(math.hypot(x2 - x1, y2 - y1) // step))
            for k in range(0, n, 2):
                a, b = k / n, min(1, (k + 1) / n)
                pygame.draw.line(surface, col, (x1 + (x2 - x1) * a, y1 + (y2 - y1) * a),
                                 (x1 + (x2 - x1) * b, y1 + (y2 - y1) * b), 3)


