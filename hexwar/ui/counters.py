"""Counters drawn as on a printed wargame: nationality colour, NATO symbol, size marker,
strength and movement figures.

Everything comes from a unit's entry in ``game.view(side)["units"]``: ``label`` is the
printed figures (``6-4``, ``4-2-6``, or ``?`` for an untried unit). A reduced unit is
drawn lighter with a white stripe across its top. Surfaces are cached per unit state
and pixel size, so a frame only blits.
"""
from __future__ import annotations

import math
from collections import OrderedDict

import pygame

from . import theme as T
from .sides import nation_info, nation_name

SIZE_MARKS = {"corps": "XXX", "army": "XXXX", "division": "XX", "brigade": "X", "regiment": "III",
              "battalion": "II", "company": "I"}


# Formation colours printed on the counters (the view's ``colour``), as drawn.
FORMATION_RGB = {
    "red": (214, 40, 40), "green": (40, 150, 60), "yellow": (245, 215, 40), "orange": (240, 140, 30),
    "cyan": (40, 200, 220), "purple": (140, 70, 170), "tan": (205, 170, 120), "white": (250, 250, 250),
    "pink": (240, 150, 190), "blue": (50, 90, 210), "grey": (150, 150, 150), "black": (15, 15, 15),
    "khaki": (190, 180, 120), "brown": (130, 80, 40), "olive": (110, 120, 40),
}


def nation_colours(u: dict):
    """(background, ink) of a counter: its nation's colours (the game's entry), else a pale tint
    of its side's."""
    got = nation_info(u.get("nation"))
    if got is not None and got.colour is not None:
        return got.colour, got.text_colour or (16, 16, 16)
    if u.get("side"):
        return _mix(T.side_colour(u["side"]), (255, 255, 255), 0.55), (16, 16, 16)
    return T.NATION_FALLBACK


def unit_kind(u: dict) -> str:
    return str(u.get("kind") or u.get("type") or "")


def _mix(c, other, f: float):
    return tuple(int(a + (b - a) * f) for a, b in zip(c[:3], other[:3]))


def short_id(uid: str) -> str:
    """The designation printed on a counter: ``G-XLVIII`` -> ``XLVIII``, ``SU-5A`` -> ``5A``."""
    return uid.split("-", 1)[1] if "-" in uid else uid


def is_reduced(u: dict) -> bool:
    return int(u.get("steps", 1)) < int(u.get("max_steps", 1))


class CounterArt:
    def __init__(self, limit: int = 800) -> None:
        self._cache: OrderedDict = OrderedDict()
        self.limit = limit

    @staticmethod
    def key(u: dict, px: int) -> tuple:
        return (u.get("id"), u.get("nation"), u.get("kind"), u.get("size"), u.get("label"), u.get("steps"),
                u.get("max_steps"), u.get("side"), u.get("type"), u.get("colour"),
                tuple(u.get("badges") or ()), int(px))

    def surface(self, u: dict, px: int) -> pygame.Surface:
        k = self.key(u, px)
        s = self._cache.get(k)
        if s is None:
            s = draw_counter(u, int(px))
            self._cache[k] = s
            if len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(k)
        return s

    def marker(self, m, px: int, used: bool | None = None) -> pygame.Surface:
        """An air support marker (see ``draw_air_marker``), cached like the counters."""
        k = marker_key(m, px, used)
        s = self._cache.get(k)
        if s is None:
            s = draw_air_marker(m, int(px), used)
            self._cache[k] = s
            if len(self._cache) > self.limit:
                self._cache.popitem(last=False)
        else:
            self._cache.move_to_end(k)
        return s


def draw_counter(u: dict, px: int) -> pygame.Surface:
    """The counter, with the game's state badges (``u["badges"]``: short words such as a mode
    letter or "S", drawn as framed boxes along the top edge — words, never colour alone)."""
    s = _draw_body(u, px)
    badges = [str(b) for b in (u.get("badges") or ()) if b]
    if badges:
        _draw_badges(s, badges, max(12, px))
    return s


def _draw_badges(s: pygame.Surface, badges: list[str], px: int) -> None:
    """Badges left to right from the top left corner (the stack count sits on the top right),
    shrunk until they fit the counter."""
    fpx = max(6, int(px * 0.24))
    while True:
        ts = [T.text(b, fpx, (20, 20, 20), "bold") for b in badges]
        w = sum(t.get_width() + 3 for t in ts)
        if w <= px - 2 or fpx <= 6:
            break
        fpx -= 1
    x = 0
    for b, t in zip(badges, ts):
        r = pygame.Rect(x, 0, t.get_width() + 2, t.get_height())
        fill = BADGE_FILL.get(b, (250, 250, 240))
        pygame.draw.rect(s, fill, r)
        pygame.draw.rect(s, (20, 20, 20), r, 1)
        s.blit(T.text(b, fpx, BADGE_INK.get(b, (20, 20, 20)), "bold"), (r.x + 1, r.y))
        x = r.right + 1


# Badge colours (the letter carries the meaning; colour only helps).
BADGE_FILL = {"F": (235, 235, 225), "M": (140, 200, 240), "S": (250, 210, 60), "P": (220, 60, 40),
              "DI": (150, 110, 70), "R": (200, 200, 200)}
BADGE_INK = {"P": (255, 255, 255), "DI": (255, 255, 255)}


def _draw_body(u: dict, px: int) -> pygame.Surface:
    px = max(12, px)
    bg, fg = nation_colours(u)
    reduced = is_reduced(u)
    if reduced:
        bg = _mix(bg, (255, 255, 255), 0.45)
        if sum(fg) > 600:  # light text on a now-light counter: switch to dark
            fg = (30, 20, 16)
    s = pygame.Surface((px + 2, px + 2), pygame.SRCALPHA)
    body = pygame.Rect(0, 0, px, px)
    # A drop shadow, so that stacked counters read as separate pieces.
    pygame.draw.rect(s, (0, 0, 0, 110), body.move(2, 2), border_radius=max(1, px // 12))
    pygame.draw.rect(s, bg, body, border_radius=max(1, px // 12))
    if reduced:
        stripe = pygame.Rect(0, int(px * 0.04), px, max(3, int(px * 0.22)))
        pygame.draw.rect(s, (255, 255, 255), stripe)
        pygame.draw.line(s, fg, (1, stripe.bottom), (px - 2, stripe.bottom), 1)
    pygame.draw.rect(s, _mix(bg, (0, 0, 0), 0.55), body, 1, border_radius=max(1, px // 12))

    label = str(u.get("label", ""))
    if px < 28:
        # Too small for symbol and size marker: the figures alone, as large as they fit.
        fpx = max(6, int(px * 0.5))
        t = T.text(label, fpx, fg, "condensed")
        while t.get_width() > px - 2 and fpx > 6:
            fpx -= 1
            t = T.text(label, fpx, fg, "condensed")
        s.blit(t, (px // 2 - t.get_width() // 2, px // 2 - t.get_height() // 2))
        band = FORMATION_RGB.get(str(u.get("colour") or ""))
        if band is not None:  # small: the formation colour as a framed strip along the bottom
            bh = max(3, px // 7)
            br = pygame.Rect(1, px - bh - 1, px - 2, bh)
            pygame.draw.rect(s, band, br)
            pygame.draw.rect(s, fg, br, 1)
        return s

    # Size marker above the symbol.
    size_mark = SIZE_MARKS.get(u.get("size", ""), "")
    top_h = int(px * 0.26)
    if size_mark:
        mark = T.text(size_mark, max(6, int(px * 0.19)), fg, "condensed")
        s.blit(mark, (px // 2 - mark.get_width() // 2, int(px * 0.05) + (top_h - mark.get_height()) // 2 - 1))

    # NATO symbol box: infantry an X, armour an oval.
    bw, bh = int(px * 0.60), int(px * 0.34)
    box = pygame.Rect(px // 2 - bw // 2, int(px * 0.28), bw, bh)
    pygame.draw.rect(s, _mix(bg, (255, 255, 255), 0.25), box)
    lw = max(1, px // 28)
    pygame.draw.rect(s, fg, box, lw)
    kind = unit_kind(u)
    cross = ((box.topleft, (box.right - 1, box.bottom - 1)), ((box.left, box.bottom - 1), (box.right - 1, box.top)))
    oval = box.inflate(-int(bw * 0.3), -int(bh * 0.4))
    if kind in ("infantry", "shock"):
        for a, b in cross:
            pygame.draw.line(s, fg, a, b, lw)
    elif kind in ("tank", "armor", "armour", "mech", "motorized"):
        pygame.draw.ellipse(s, fg, oval, lw)
    elif kind in ("armored_infantry", "armoured_infantry", "panzer_grenadier", "mechanized"):
        for a, b in cross:
            pygame.draw.line(s, fg, a, b, lw)
        pygame.draw.ellipse(s, fg, oval, lw)
    elif kind in ("recon", "cavalry"):  # one diagonal
        pygame.draw.line(s, fg, (box.left, box.bottom - 1), (box.right - 1, box.top), lw)
    elif kind == "artillery":  # a filled dot
        pygame.draw.circle(s, fg, box.center, max(2, bh // 5))
    elif kind in ("anti_tank", "antitank"):  # an inverted V
        pygame.draw.lines(s, fg, False,
                          [(box.left, box.bottom - 1), (box.centerx, box.top), (box.right - 1, box.bottom - 1)], lw)
    elif kind in ("engineers", "engineer"):  # the bridge-like E symbol
        e = box.inflate(-int(bw * 0.4), -int(bh * 0.45))
        pygame.draw.lines(s, fg, False, [e.bottomleft, e.topleft, e.topright, e.bottomright], lw)
        pygame.draw.line(s, fg, (e.centerx, e.top), (e.centerx, e.bottom), lw)
    elif kind in ("flak", "anti_aircraft"):  # an arc over the box's floor
        pygame.draw.arc(s, fg, box.inflate(-int(bw * 0.2), 0).move(0, bh // 2), 0, math.pi, lw)
    else:
        pygame.draw.circle(s, fg, box.center, max(2, bh // 4), lw)

    # Figures along the bottom: attack-defense-movement, or "?" for an untried unit.
    fpx = max(7, int(px * 0.30))
    if label == "?":
        fpx = max(8, int(px * 0.34))
    t = T.text(label, fpx, fg, "condensed")
    while t.get_width() > px - 4 and fpx > 7:
        fpx -= 1
        t = T.text(label, fpx, fg, "condensed")
    s.blit(t, (px // 2 - t.get_width() // 2, box.bottom + (px - box.bottom - t.get_height()) // 2))

    # A formation colour band (fronts and armies, say) right of the symbol, framed in ink so a
    # white or yellow band still shows; the formation is named in the stack list and tooltip.
    band = FORMATION_RGB.get(str(u.get("colour") or ""))
    if band is not None:
        br = pygame.Rect(box.right + max(1, px // 20), box.top, max(3, px - box.right - max(2, px // 10)), bh)
        pygame.draw.rect(s, band, br)
        pygame.draw.rect(s, fg, br, 1)

    # The designation, beside the symbol, once counters are big enough to read it.
    if px >= 54:
        d = T.text(short_id(u.get("id", "")), max(7, int(px * 0.13)), fg, "condensed")
        d = pygame.transform.rotate(d, 90)
        if d.get_height() <= bh + 4:
            s.blit(d, (max(1, box.left - d.get_width() - 1), box.centery - d.get_height() // 2))
    return s


def unit_title(u: dict) -> str:
    """One line about a unit for panels and tooltips."""
    nation = nation_name(u.get("nation"))
    if not u.get("kind") and u.get("type"):
        u = {**u, "kind": str(u["type"]).replace("_", " ")}
    if u.get("spec") == "untried":
        what = str(u.get("name") or f"untried {u.get('kind', '')} {u.get('size', '')}")
        return f"{u['id']}: {nation} {what[:1].lower()}{what[1:]} (strength hidden until it fights)"
    state = "reduced" if is_reduced(u) else "full strength"
    if int(u.get("max_steps", 1)) == 1:
        state = "one step"
    elif int(u.get("max_steps", 1)) > 2:  # units of many steps (platoons): the steps left, not just reduced
        state = f"{u.get('steps')} of {u.get('max_steps')} steps"
    form = f", {u['formation']} ({u.get('colour')} band)" if u.get("formation") and u.get("colour") else ""
    name = "" if u.get("name") == u.get("id") else u.get("name", "")  # a game naming units by their id
    return (f"{u['id']}{' ' + name if name else ''} ({nation} {u.get('kind', '')} {u.get('size', '')}), "
            f"{u.get('label', '')}, {state}{form}")


# --- air support markers ---------------------------------------------------------------------
AIR_FILL = (206, 228, 246)  # pale sky
AIR_INK = (24, 44, 92)  # navy
AIR_USED_FILL = (150, 152, 154)
AIR_USED_INK = (92, 94, 96)


def marker_key(m, px: int, used: bool | None = None) -> tuple:
    return ("air", m.id, m.short, m.shift, m.used if used is None else used, int(px))


def draw_air_marker(m, px: int, used: bool | None = None) -> pygame.Surface:
    """An air support marker: an octagon (not a square, so it never reads as a unit) with
    an aircraft, the column shift in large figures ("+1") and its short name ("IV FK").
    A used marker is grey with a diagonal bar."""
    used = m.used if used is None else used
    px = max(14, int(px))
    fill, ink = (AIR_USED_FILL, AIR_USED_INK) if used else (AIR_FILL, AIR_INK)
    s = pygame.Surface((px + 2, px + 2), pygame.SRCALPHA)
    c = max(2, px // 4)  # the cut of the corners
    pts = [(c, 0), (px - 1 - c, 0), (px - 1, c), (px - 1, px - 1 - c), (px - 1 - c, px - 1), (c, px - 1),
           (0, px - 1 - c), (0, c)]
    pygame.draw.polygon(s, (0, 0, 0, 110), [(x + 2, y + 2) for x, y in pts])
    pygame.draw.polygon(s, fill, pts)
    pygame.draw.polygon(s, ink, pts, max(1, px // 22))
    # The aircraft seen from above: fuselage, straight wings, tailplane.
    cx = px // 2
    top = int(px * 0.07)
    body_h = int(px * 0.27)
    span = int(px * 0.25)
    lw = max(1, px // 18)
    pygame.draw.line(s, ink, (cx, top), (cx, top + body_h), lw + 1)
    wy = top + int(body_h * 0.30)
    wt = max(2, int(px * 0.06))
    pygame.draw.polygon(s, ink, [(cx - span, wy + wt // 2), (cx + span, wy + wt // 2), (cx + span, wy + wt),
                                 (cx - span, wy + wt), ])
    pygame.draw.polygon(s, ink, [(cx - span, wy + wt // 2), (cx - lw, wy - 1), (cx + lw, wy - 1),
                                 (cx + span, wy + wt // 2), (cx + span, wy + wt), (cx - span, wy + wt)])
    ty = top + body_h - max(1, wt // 2)
    tail = max(2, span // 3)
    pygame.draw.rect(s, ink, (cx - tail, ty, 2 * tail + 1, max(2, wt - 1)))
    # The shift, big, and the name along the bottom.
    small = px < 28
    fpx = max(8, int(px * (0.46 if small else 0.36)))
    t = T.text(m.shift_text, fpx, ink, "bold")
    band = (int(px * 0.36), int(px * 0.58)) if small else (int(px * 0.35), int(px * 0.34))
    s.blit(t, (cx - t.get_width() // 2, band[0] + (band[1] - t.get_height()) // 2))
    if px < 28:  # too small for the name: the shift alone, larger
        return s if not used else _used_bar(s, px, c)
    npx = max(6, int(px * 0.2))
    n = T.text(m.short, npx, ink, "condensed")
    while n.get_width() > px - c and npx > 6:
        npx -= 1
        n = T.text(m.short, npx, ink, "condensed")
    s.blit(n, (cx - n.get_width() // 2, int(px * 0.70) + (int(px * 0.28) - n.get_height()) // 2))
    return _used_bar(s, px, c) if used else s


def _used_bar(s: pygame.Surface, px: int, c: int) -> pygame.Surface:
    pygame.draw.line(s, (250, 250, 250), (c // 2, px - 1 - c // 2), (px - 1 - c // 2, c // 2), max(2, px // 12))
    pygame.draw.line(s, AIR_USED_INK, (c // 2, px - 1 - c // 2), (px - 1 - c // 2, c // 2), max(1, px // 30))
    return s
