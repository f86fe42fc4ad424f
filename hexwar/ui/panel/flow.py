"""The layout toolkit of the panels ("immediate mode"): a ``Flow`` lays out text, buttons and
counters top to bottom for one frame and remembers where each clickable thing is, so that
the next events go to what the player actually saw. Every drawing step says what it depends
on (its signature); ``Drawn`` remembers what a part of the screen last drew, so that a panel
is drawn again only when that changes (the GameScene keeps the pixels in its back buffer).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence

import pygame

from .. import theme as T
from ..widgets import Button, ButtonRow


class Drawn:
    """What a part of the screen last drew onto a back buffer.

    ``same(surface, key, cached)`` is True when ``cached`` and ``surface`` already
    shows the drawing for ``key`` (so drawing it again can be skipped); otherwise it
    remembers that the caller is about to draw it. ``cached`` is only for a surface
    that nothing else draws on in that part (the GameScene's back buffer)."""

    enabled = True  # tests turn it off to compare a cached frame with a fresh one

    def __init__(self) -> None:
        self.surface: pygame.Surface | None = None
        self.key = None

    def same(self, surface: pygame.Surface, key, cached: bool = True) -> bool:
        if not cached:
            return False
        if Drawn.enabled and surface is self.surface and key == self.key:
            return True
        self.surface, self.key = surface, key
        return False


class TrayItem:
    """A counter in the tray; clicking it selects it."""

    def __init__(self, rect: pygame.Rect, unit: dict, on_click: Callable[[str], None], enabled: bool,
                 note: str) -> None:
        self.rect = rect
        self.unit = unit
        self.on_click = on_click
        self.enabled = enabled
        self.note = note
        self.hover = False


class Flow:
    """Top-to-bottom layout of one panel for one frame."""

    def __init__(self, rect: pygame.Rect, theme: T.Theme, scroll: int = 0, endless: bool = False) -> None:
        self.rect = rect
        self.theme = theme
        self.pad = theme.px(10)
        self.x = rect.x + self.pad
        self.y = rect.y + self.pad - scroll
        self.w = rect.w - 2 * self.pad
        # endless: lay out everything (the box scrolls); otherwise stop at the box's bottom
        self.scroll, self.endless = scroll, endless
        self.ops: list[Callable[..., object]] = []  # each called with the surface only (see op)
        self.sigs: list = []  # what each op's drawing depends on (a value, or a function giving it)
        self.buttons = ButtonRow()
        self.tray: list[TrayItem] = []
        self.tips: list[tuple[pygame.Rect, list[str]]] = []  # areas with a tooltip (air markers)
        # Where the box's sight ends at scroll 0 (laid-out y, unscrolled), when known: a block that
        # must be seen without scrolling (the results table's column) takes a shorter form below it.
        self.fold: int | None = None

    def op(self, fn: Callable[..., object], sig=None) -> None:
        """A drawing step, called with the surface only; ``sig`` is what it depends on (None:
        unknown, so always drawn anew). ``fn`` is typed loosely because the panels pass lambdas
        that bind loop values as defaults (``lambda surf, y=y: ...``), which mypy cannot match
        against a one-argument callable."""
        self.ops.append(fn)
        self.sigs.append(object() if sig is None else sig)

    def sig(self) -> tuple:
        return (tuple(self.rect),) + tuple(s() if callable(s) else s for s in self.sigs)

    @property
    def bottom(self) -> int:
        return 1 << 30 if self.endless else self.rect.bottom - self.pad

    @property
    def content_h(self) -> int:
        """The height of everything laid out, from the box's top (scrolled or not)."""
        return self.y + self.scroll - self.rect.y

    def clip_to(self, rect: pygame.Rect) -> None:
        """The box shows ``rect`` only: what lies wholly outside it is neither drawn nor
        clickable; buttons and counters partly inside are drawn clipped, clickable inside."""
        self.rect = rect
        self.buttons.buttons = [b for b in self.buttons.buttons if b.rect.colliderect(rect)]
        self.tray = [it for it in self.tray if it.rect.colliderect(rect)]
        self.tips = [(r, t) for r, t in self.tips if r.colliderect(rect)]

    def mark(self) -> tuple:
        """Where the layout stands now, to go back to with ``rollback``."""
        return len(self.ops), len(self.sigs), len(self.buttons.buttons), len(self.tray), len(self.tips), self.y

    def rollback(self, mark: tuple) -> None:
        """Forget what was laid out since ``mark`` (to lay it out again in a shorter form)."""
        ops, sigs, buttons, tray, tips, y = mark
        del self.ops[ops:], self.sigs[sigs:], self.buttons.buttons[buttons:], self.tray[tray:], self.tips[tips:]
        self.y = y

    def past_fold(self) -> bool:
        """What is laid out so far ends below the box's sight at scroll 0 (when that is known)."""
        return self.fold is not None and self.y + self.scroll > self.fold

    def text(self, s: str, px: int | None = None, colour=T.TEXT, style: str = "regular", indent: int = 0) -> None:
        px = px or self.theme.normal
        lh = T.font(px, style).get_linesize()
        for ln in T.wrap(s, px, self.w - indent, style):
            if self.y + lh > self.bottom:
                return
            y = self.y
            self.op(lambda surf, ln=ln, y=y: surf.blit(T.text(ln, px, colour, style), (self.x + indent, y)),
                    ("text", ln, px, colour, style, self.x + indent, y))
            self.y += lh

    def heading(self, s: str) -> None:
        self.space(2)
        self.text(s, self.theme.large, T.ACCENT, "bold")
        self.space(2)

    def space(self, n: int = 6) -> None:
        self.y += self.theme.px(n)

    def button(self, label: str, cb: Callable[[], None], *, enabled: bool = True, key_hint: str = "",
               tooltip: str = "", name: str = "", width: int | None = None, inline: bool = False,
               indent: int = 0) -> Button:
        h = self.theme.px(30)
        w = width or self.w - indent
        b = Button(pygame.Rect(self.x + indent, self.y, w, h), label, cb, enabled=enabled, key_hint=key_hint,
                   tooltip=tooltip, px=self.theme.normal, name=name or label)
        self.buttons.add(b)
        self.op(b.draw, b.sig)
        self.y += h + self.theme.px(5)
        return b

    def row(self, specs: Sequence[tuple[str, Callable[[], None], bool, str]], slots: int | None = None) -> list[Button]:
        """Buttons side by side: (label, callback, enabled, name); ``slots`` fixes the width of each."""
        if not specs:
            return []
        gap = self.theme.px(6)
        k = max(len(specs), slots or 0)
        w = (self.w - gap * (k - 1)) // k
        h = self.theme.px(30)
        out = []
        for i, (label, cb, enabled, name) in enumerate(specs):
            b = Button(pygame.Rect(self.x + i * (w + gap), self.y, w, h), label, cb, enabled=enabled,
                       px=self.theme.normal, name=name or label)
            self.buttons.add(b)
            self.op(b.draw, b.sig)
            out.append(b)
        self.y += h + self.theme.px(5)
        return out

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.rect)
        for op in self.ops:
            op(surface)
        surface.set_clip(clip)
