"""Mouse and keys in the game scene: clicks on the map, the bar and the panel, dragging and the
wheel, and every shortcut (history mode's own keys are in ``game_history``). ``GameInput`` is
that part of the ``GameScene``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ...core.hexgrid import Hex
from .stack import ctrl_held, shift_held, shift_now

if TYPE_CHECKING:  # a part of GameScene, whose other parts it uses (game_host.py)
    from .game_host import GameHost as _Scene
else:
    _Scene = object


class GameInput(_Scene):
    """Events of the game scene (a mixin of ``GameScene``)."""

    # --- events -------------------------------------------------------------------------------
    def handle(self, event) -> bool:
        before = self.ctl.version
        used = self._handle(event)
        self._bring_into_view()
        self._ask_question()
        if used:
            if self.ctl.version != before:
                self.after_change()
            elif self.app.stack.top is self:
                self.refresh()
        return True

    def _handle(self, event) -> bool:
        vctl = self.view_ctl
        if self.ctl.die is not None:
            # While the die is shown, a click or a key only puts it away.
            if event.type == pygame.KEYDOWN and event.key in (pygame.K_ESCAPE, pygame.K_SPACE, pygame.K_RETURN):
                self.ctl.die = None
                self._show_handover()
                return True
            on_map = (event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP)
                      and self.mv.rect.collidepoint(event.pos))
            if event.type == pygame.MOUSEBUTTONDOWN and on_map:
                return True
            if event.type == pygame.MOUSEBUTTONUP:
                self.ctl.die = None
                self._show_handover()
                if on_map:
                    self.press = None
                    return True
        if event.type == pygame.KEYDOWN:
            if self.past is not None:
                got = self._key_past(event)
                if got is not None:
                    return got
            return self._key(event)
        if event.type == pygame.MOUSEMOTION:
            self.mouse = event.pos
            self.bar.buttons.handle(event)
            self.panel.handle(event)
            if self.press is not None:
                b, p0, dragging = self.press
                if dragging or abs(event.pos[0] - p0[0]) + abs(event.pos[1] - p0[1]) > self.DRAG_PX:
                    if not dragging:
                        self.press = (b, p0, True)
                    rel = event.rel
                    self.mv.pan(rel[0], rel[1])
            h = self.mv.hex_at(event.pos)
            if h != self.hover:
                self.hover = h
                self.hover_for = 0.0
                vctl.hover(h)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.mv.rect.collidepoint(self.mouse):
                anchor = self.mouse
                if event.y > 0:
                    self.mv.zoom_in(anchor)
                elif event.y < 0:
                    self.mv.zoom_out(anchor)
                return True
            ev = pygame.event.Event(pygame.MOUSEWHEEL, x=event.x, y=event.y, pos=self.mouse)
            return self.panel.handle(ev)
        if event.type == pygame.MOUSEBUTTONDOWN:
            if event.button in (4, 5):
                return True  # old-style wheel events; MOUSEWHEEL handles the wheel
            self.mouse = event.pos
            if self.bar.rect.collidepoint(event.pos) or self.bar.tool_rect.collidepoint(event.pos):
                self.bar.buttons.handle(event)
                return True
            if self.panel.rect.collidepoint(event.pos):
                return self.panel.handle(event)
            if self.mv.rect.collidepoint(event.pos):
                self.press = (event.button, event.pos, False)
                return True
            return False
        if event.type == pygame.MOUSEBUTTONUP:
            if event.button in (4, 5):
                return True
            press, self.press = self.press, None
            if self.bar.rect.collidepoint(event.pos) or self.bar.tool_rect.collidepoint(event.pos):
                self.bar.buttons.handle(event)
                return True
            if self.panel.rect.collidepoint(event.pos):
                return self.panel.handle(event)
            if press is None or press[2] or not self.mv.rect.collidepoint(event.pos):
                return press is not None
            h = self.mv.hex_at(event.pos)
            if self.past is None and self.computer_turn():
                if h is not None:
                    self.ctl.say(self.ctl.describe_hex(h))
                    self.ctl.look_at(h)
                return True
            if event.button == 1:
                if h is not None:
                    vctl.click_hex(h, one=shift_now(event))
                    if self.past is None:
                        self._remember_top(h)
                return True
            if event.button == 3:
                if not vctl.cancel() and h is not None:
                    vctl.say(vctl.describe_hex(h))
                    vctl.look_at(h)
                return True
            return True
        return False

    def _ask_question(self) -> None:
        """An action a click asked for that cannot be taken back: the player confirms it first."""
        q, self.ctl.question = self.ctl.question, None
        if q is None or self.past is not None:
            return
        act, title, text = q
        from .dialogs import ConfirmScene

        self.app.stack.push(ConfirmScene(self.app, title, text, lambda: self.do_action(act), yes="Roll",
                                         no="Go back"))

    def _bring_into_view(self) -> None:
        """The hexes the controller asks to see (where a counter picked in the tray may go): when
        none of them is in view, the camera moves to the one nearest the middle of the view."""
        want, self.ctl.look_for = self.ctl.look_for, None
        if not want or self.past is not None:
            return
        mv = self.mv
        if any(mv.rect.collidepoint(mv.hex_center(h)) for h in want):
            return
        cx, cy = mv.rect.center

        def dist2(h: Hex) -> float:
            hx, hy = mv.hex_center(h)
            return (hx - cx) ** 2 + (hy - cy) ** 2

        # The nearest dozen (a stretch of an edge, not the whole board), moved just inside the
        # view with a margin: the map moves as little as it must.
        run = sorted(want, key=lambda h: (dist2(h), h))[:12]
        pts = [mv.hex_center(h) for h in run]
        margin = mv.tile_w * mv.zoom * 1.5
        box = mv.rect.inflate(-2 * margin, -2 * margin)
        x0, x1 = min(p[0] for p in pts), max(p[0] for p in pts)
        y0, y1 = min(p[1] for p in pts), max(p[1] for p in pts)
        dx = box.left - x0 if x0 < box.left else (box.right - x1 if x1 > box.right else 0)
        dy = box.top - y0 if y0 < box.top else (box.bottom - y1 if y1 > box.bottom else 0)
        mv.pan(dx, dy)

    def _remember_top(self, h: Hex) -> None:
        if self.ctl.sel is not None and any(u["id"] == self.ctl.sel for u in self.ctl.units_at(h)):
            self.layer.top[h] = self.ctl.sel

    def _key(self, event) -> bool:
        k = event.key
        ctl = self.ctl
        cpu = self.past is None and self.computer_turn()
        if ctrl_held(event):
            if k == pygame.K_z:
                self.redo() if shift_held(event) else self.undo()
            elif k == pygame.K_y:
                self.redo()
            elif k == pygame.K_s:
                ctl.save()
            elif k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
                self.app.change_scale(+0.1)
            elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
                self.app.change_scale(-0.1)
            else:
                return False
            return True
        step = max(40, self.mv.rect.w // 10)
        if cpu and k == pygame.K_SPACE:
            self.computer_speed()
        elif cpu and k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            self.computer_skip()
        elif cpu and k in (pygame.K_e, pygame.K_r, pygame.K_n, pygame.K_TAB):
            self._locked()
        elif k == pygame.K_LEFT:
            self.mv.pan(step, 0)
        elif k == pygame.K_RIGHT:
            self.mv.pan(-step, 0)
        elif k == pygame.K_UP:
            self.mv.pan(0, step)
        elif k == pygame.K_DOWN:
            self.mv.pan(0, -step)
        elif k in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS):
            self.mv.zoom_in()
        elif k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            self.mv.zoom_out()
        elif k in (pygame.K_f, pygame.K_HOME):
            self.mv.fit()
        elif k == pygame.K_e:
            self.ask_end_phase()
        elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            m = ctl.mode()
            if m == "combat-declare":
                ctl.declare()
            elif ctl.loss_pick:
                ctl.confirm_pick()
        elif k == pygame.K_r and ctl.mode() == "stage:roll":
            ctl.roll(None)
        elif k == pygame.K_n and ctl.mode() == "stage:advance":
            ctl.no_advance()
        elif k == pygame.K_TAB:
            ctl.next_unit()
            sel = ctl.sel
            u = ctl.unit(sel) if sel else None
            if sel and u and u.get("hex"):
                from ...core.hexgrid import parse_hex

                h = parse_hex(u["hex"])
                self.layer.top[h] = sel
                if not self.mv.rect.collidepoint(self.mv.hex_center(h)):
                    self.mv.center_on(h)
        elif k == pygame.K_ESCAPE:
            if not ctl.cancel():
                self.ask_menu()
        elif k in (pygame.K_F1, pygame.K_QUESTION) or (k == pygame.K_SLASH and shift_held(event)):
            self.open_help()
        elif k == pygame.K_i:
            self.show_ids = not self.show_ids
            self.app.settings.show_hex_ids = self.show_ids
            self.app.settings.save()
            self.mv.show_ids = self.show_ids
            self.mv.invalidate()
        elif k == pygame.K_l:
            self.panel.set_tab("log")
        elif k == pygame.K_k:
            self.panel.set_tab("rules")
        elif k == pygame.K_t:
            self.panel.set_tab("track")
        elif k == pygame.K_x:
            self.toggle_explain()
        elif k == pygame.K_u:
            self.open_luck()
        elif k == pygame.K_h:
            self.toggle_history()
        elif k == pygame.K_LEFTBRACKET:
            self.enter_history(len(self.game.actions) - 1)
        elif self.past is None and ctl.gui.on_key(ctl, pygame.key.name(k)):  # the game's own keys
            self.refresh()
        else:
            return False
        return True
