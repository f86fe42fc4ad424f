"""Drawing the game scene's frame: the map, bars and panel kept in a back buffer and drawn again
only when what they show changes, what follows the mouse and the clock drawn over it, and the
areas of the window that changed. ``FrameCache`` is that part of the ``GameScene``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from .. import theme as T
from ..panel.computer_block import REASON_COLOUR
from ..panel.flow import Drawn
from ..panel.history_block import draw_history_banner, history_banner
from ..panel.status import draw_die, draw_save_banner
from ..sides import side_name
from ..widgets import draw_tooltip

if TYPE_CHECKING:  # a part of GameScene, whose other parts it uses (game_host.py)
    from .game_host import GameHost as _Scene
else:
    _Scene = object


class FrameCache(_Scene):
    """The frame of the game scene (a mixin of ``GameScene``)."""

    # set by GameScene.__init__: what the back buffer's map and the screen show
    _map_key: tuple | None
    _shown: tuple | None
    _air_key: tuple | None
    _buf: pygame.Surface | None
    _dyn_rects: list[pygame.Rect]
    _tip_rect: pygame.Rect | None

    def _back_buffer(self, size) -> pygame.Surface:
        """The frame without what follows the mouse and the clock: each part of it (map,
        bar, panel, status line) is drawn again only when what it shows changes."""
        buf = self._buf
        text_probe = T.PROBE  # a test reading where every text goes (theme.TextProbe)
        probe = text_probe is not None
        if buf is None or buf.get_size() != size or probe != isinstance(buf, T.ProbedSurface):
            if text_probe is not None:
                buf = text_probe.surface(size)
            else:
                buf = pygame.Surface(size)
                if pygame.display.get_surface() is not None:
                    buf = buf.convert()
            buf.fill(T.BG)
            self._buf = buf
            self._map_key = None
        return buf

    def invalidate_frame(self) -> None:
        """Something else has drawn on the screen (a dialog, a window expose): the next frame is drawn whole."""
        self._shown = None

    def frame_key(self):
        """Under a dialog (the only time the stack asks): what the game's frame shows, so a still
        dialog is not drawn again every frame. None while something moves (the die, a sliding
        counter, the computer playing)."""
        if self.ctl.die is not None or self.anim is not None or self.computer_turn():
            return None
        mv = self.mv
        return (self.ctl.version, self.past.index if self.past is not None else None, self.ctl.save_trouble(),
                self.explain, mv.show_ids, round(mv.zoom, 4), round(mv.cam_x), round(mv.cam_y), tuple(mv.rect),
                self.panel.tab, self.ctl.status.text, self.ctl.legal(wait=0) is not None, self.theme.scale,
                self.pending_handover is not None)

    def draw(self, surface) -> None:
        self.draw_dirty(surface)

    def draw_dirty(self, surface) -> list[pygame.Rect] | None:
        """Draws the frame and returns the areas of ``surface`` that changed since the last one:
        [] when nothing did (the surface is left as it was), None for the whole surface."""
        th = self.theme
        vctl = self.view_ctl
        buf = self._back_buffer(surface.get_size())
        # No full-screen fill: the map, the bars and the panel cover the whole window.
        self.mv.show_ids = self.show_ids
        offer = not (self.past is None and self.computer_turn())
        air = self.air_marks()
        key = self.layer.static_key(vctl, self.time, explain=self.explain, anim=self.anim, offer=offer, air=air)
        map_drawn = key is None or key != self._map_key or not Drawn.enabled
        if map_drawn:
            self.layer.draw_static(buf, vctl, self.time, explain=self.explain, anim=self.anim, offer=offer, air=air)
        self._map_key = key
        line2, colour = self.bar_line2()
        dirty: list[pygame.Rect] = []
        if map_drawn:
            dirty.append(self.mv.rect)
        if self.bar.draw(buf, vctl, self._date(), line2, colour, cached=True):
            dirty += [self.bar.rect, self.bar.tool_rect]
        if self.panel.draw(buf, vctl, cached=True):
            dirty.append(self.panel.rect)
        if self.status.draw(buf, vctl if self.past is not None else self.ctl, cached=True):
            dirty.append(self.status.rect)
        # What goes over the buffer: the map's moving parts, the banner, the die, the tooltip.
        banner = history_banner(self) if self.past is not None else None
        trouble = self.ctl.save_trouble()  # the game is not being saved: said until a save succeeds
        die = self.ctl.die if self.past is None else None
        tip = None
        mb = self.map_buttons.hovered()
        if self.app.stack.top is self and self.hover_for >= self.TOOLTIP_S:
            if mb is not None:
                tip = [mb.tooltip]
            elif self.hover is not None and self.mv.rect.collidepoint(self.mouse):
                tip = vctl.hex_lines(self.hover)
            else:
                tip = self.panel.hovered_tooltip()
                b = self.bar.buttons.hovered()
                if tip is None and b is not None and b.tooltip:
                    tip = [b.tooltip]
        over = (self.layer.dynamic_key(vctl, self.hover, self.time, explain=self.explain, offer=offer),
                (banner, trouble, self.map_buttons.sig()))
        dyn_rects = self.layer.dynamic_rects(vctl, self.hover, offer=offer)
        die_key = (die.roll, die.result, die.text) if die is not None else None
        tip_key = (tuple(tip), self.mouse) if tip else None
        prev = self._shown
        whole = (prev is None or prev[0] is not surface or prev[1] != surface.get_size() or not Drawn.enabled
                 or die_key != prev[3])
        if not whole:
            assert prev is not None  # (whole when there is none)
            if over[1] != prev[2][1] or map_drawn:
                dirty.append(self.mv.rect)
                dirty += [b.rect for b in self.map_buttons.buttons]  # (in the status strip)
            elif over != prev[2]:  # only what follows the mouse and the clock: where it was and where it is
                dirty += self._dyn_rects + dyn_rects
            if tip_key != prev[4]:
                dirty += [r for r in (self._tip_rect,) if r is not None]
            if not dirty and tip_key == prev[4]:
                return []  # the screen already shows this frame
        # Only the pointer's things moved (no tooltip, banner or die, which may reach past them): the
        # changed area alone is restored from the buffer and drawn over, clipped to it. A whole
        # window's blit costs about 0.8 ms at 1920x1080; the path, ring and hovered hex far less.
        part = None
        if not whole and dirty and tip is None and banner is None and trouble is None and die is None:
            part = dirty[0].unionall(dirty[1:]).clip(surface.get_rect())
        clip = surface.get_clip()
        if part is None:
            surface.blit(buf, (0, 0))
        else:
            surface.blit(buf, part, part)
            surface.set_clip(part.clip(clip))
        self.layer.draw_dynamic(surface, vctl, self.hover, self.time, explain=self.explain, offer=offer)
        self.map_buttons.draw(surface)
        if banner is not None:
            draw_history_banner(surface, self.mv.rect, banner, th)
        if trouble is not None:
            draw_save_banner(surface, self.mv.rect, trouble, th)
        if die is not None:
            draw_die(surface, self.mv.rect.center, die, th)
        surface.set_clip(clip)
        self._tip_rect = draw_tooltip(surface, self.mouse, tip, th, self.mv.rect) if tip else None
        if self._tip_rect is not None:
            dirty.append(self._tip_rect)
        self._shown = (surface, surface.get_size(), over, die_key, tip_key)
        self._dyn_rects = dyn_rects
        return None if whole else dirty

    def bar_line2(self) -> tuple[str | None, tuple | None]:
        """The phase bar's second line when it is not what may be done now: the history's
        position, or the computer at work (with its colour)."""
        if self.past is not None:
            k, n = self.past.index, len(self.game.actions)
            tl = self.ctl.timeline
            assert tl is not None, "history mode is entered only with a timeline"
            st = tl.step(k)
            what = ("the start of the game" if k == 0 else f"after action {k} of {n}: {st.action.notation()}" if st
                    else "")
            return f"History — {what}", T.ACCENT
        if self.computer_turn():
            side = side_name(self.ctl.acting()) if self.ctl.acting() else ""
            return ((f"Computer ({side}) is thinking…" if self.computer.thinking()
                     else f"Computer ({side}) is playing.") + "  Space: pace · Enter: skip to the end of its turn",
                    REASON_COLOUR)
        return None, None

    def air_marks(self) -> tuple:
        """(defending hex, AirMarker) for the air support flying in the battle on screen."""
        from ..turns import air_in_battle, air_markers

        k = self.past.index if self.past is not None else len(self.game.actions)
        key = (k, self.ctl.version)
        if self._air_key != key:
            got = air_in_battle(self.ctl.timeline, k) if self.ctl.timeline is not None else ()
            markers = {m.id: m for m in air_markers(self.view_ctl)} if got else {}
            self._air = tuple((h, markers[mid]) for h, mid in got if mid in markers)
            self._air_key = key
        return self._air

    def _date(self) -> str:
        v = self.view_ctl.view()
        if v.get("date"):
            return v["date"]
        from ..turns import named_turns

        for nt in named_turns(self.view_ctl):
            if nt.turn == v.get("turn"):
                return nt.date
        return ""
