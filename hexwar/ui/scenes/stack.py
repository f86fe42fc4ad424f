"""The scene stack and the base ``Scene``.

A scene has ``layout(size)``, ``enter``/``exit``/``pause``/``resume``, ``handle(event)
-> consumed``, ``update(dt)`` and ``draw(surface)``. Events go to the top scene first
and down the stack until one consumes them or a modal scene stops them. Drawing goes
bottom-up from the topmost opaque scene, so a dialog shows the game behind it.
``draw`` never changes the game or the UI state.

Scenes reach the window and the rest of the client through ``Host`` (the ``App``, passed
in): they never import the app module, so the scenes and the app import no circle.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, TypeVar

import pygame

from .. import theme as T

if TYPE_CHECKING:
    from ..settings import Settings


class Host(Protocol):
    """What a scene may ask of the client around it (``App`` is the one there is)."""

    screen: pygame.Surface
    settings: Settings
    theme: T.Theme
    stack: SceneStack

    @property
    def size(self) -> tuple[int, int]: ...

    def quit(self) -> None: ...

    def change_scale(self, delta: float) -> None: ...

    def show_message(self, title: str, text: str) -> Any: ...

    def start_game(self, game, *, hotseat: bool = True, autosave: bool = True, threaded: bool = True,
                   players: dict[str, str] | None = None) -> Any: ...

    def back_to_menu(self) -> None: ...

    def open_map(self, path: str, zoom: float | None = None, center: str | None = None) -> str | None: ...


def ctrl_held(event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_CTRL)


def shift_held(event) -> bool:
    return bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)


def shift_now(event=None) -> bool:
    """Shift held with this event (a key's ``mod``), else held now (mouse events carry no
    modifiers)."""
    mod = getattr(event, "mod", None)
    if mod is None:
        mod = pygame.key.get_mods()
    return bool(mod & pygame.KMOD_SHIFT)


class Scene:
    opaque = True  # hides the scenes below it
    modal = True  # events never go past it

    def __init__(self, app: Host) -> None:
        self.app = app

    @property
    def theme(self) -> T.Theme:
        return self.app.theme

    def layout(self, size: tuple[int, int]) -> None: ...

    def enter(self) -> None: ...

    def exit(self) -> None: ...

    def pause(self) -> None: ...

    def resume(self) -> None: ...

    def handle(self, event: pygame.event.Event) -> bool:
        return False

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def frame_key(self):
        """What this scene's drawing depends on apart from input events (which always redraw it):
        when it is the same as last frame and no event came, the frame is not drawn again.
        None: drawn every frame."""
        return None


S = TypeVar("S", bound=Scene)  # a kind of scene: pushing or finding one gives that kind back


class SceneStack:
    def __init__(self, app=None) -> None:
        self.app = app
        self.scenes: list[Scene] = []
        self._drawn: tuple | None = None  # the visible scenes of the last frame drawn
        self._keys: list | None = None
        self.poked = True  # an event came since the last frame (set by the App)
        self.inputs = 0  # events other than pointer moves handled so far (what a scene lays out from may change)

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def _size(self) -> tuple[int, int] | None:
        if self.app is not None and self.app.screen is not None:
            return self.app.screen.get_size()
        return None

    def push(self, scene: S) -> S:
        if self.scenes:
            self.scenes[-1].pause()
        self.scenes.append(scene)
        size = self._size()
        if size:
            scene.layout(size)
        scene.enter()
        return scene

    def pop(self) -> Scene | None:
        if not self.scenes:
            return None
        s = self.scenes.pop()
        s.exit()
        if self.scenes:
            self.scenes[-1].resume()
        return s

    def remove(self, scene: Scene) -> None:
        if scene in self.scenes:
            if scene is self.top:
                self.pop()
            else:
                self.scenes.remove(scene)
                scene.exit()

    def replace(self, scene: S) -> S:
        if self.scenes:
            self.scenes.pop().exit()
        return self.push(scene)

    def ask_quit(self) -> bool:
        """The window is being closed: True when a scene asks the player first (a game whose last
        actions are not saved), so that the client does not quit yet."""
        for scene in reversed(self.scenes):
            ask = getattr(scene, "ask_quit", None)
            if ask is not None and ask():
                return True
        return False

    def find(self, cls: type[S]) -> S | None:
        return next((s for s in reversed(self.scenes) if isinstance(s, cls)), None)

    def handle(self, event: pygame.event.Event) -> bool:
        if event.type != pygame.MOUSEMOTION:
            self.inputs += 1
        for s in reversed(list(self.scenes)):
            if s.handle(event):
                return True
            if s.modal:
                return False
        return False

    def _visible(self) -> list[Scene]:
        start = 0
        for i in range(len(self.scenes) - 1, -1, -1):
            if self.scenes[i].opaque:
                start = i
                break
        return self.scenes[start:]

    def update(self, dt: float) -> None:
        for s in self._visible():
            s.update(dt)

    def draw(self, surface: pygame.Surface) -> list | None:
        """Draws the visible scenes; returns the areas of ``surface`` that changed: None for all
        of it, [] for none (the surface still shows the last frame)."""
        visible = self._visible()
        ids = (id(surface), surface.get_size() if surface is not None else None) + tuple(id(s) for s in visible)
        fresh = ids != self._drawn
        self._drawn = ids
        # the GameScene, known by what it has (draw_dirty, invalidate_frame): this module may not import it
        only: Any = visible[0] if len(visible) == 1 else None
        if only is not None and hasattr(only, "draw_dirty"):
            # The game alone knows which parts of its frame changed.
            if fresh:
                only.invalidate_frame()
            self.poked = False
            return only.draw_dirty(surface)
        keys = [s.frame_key() for s in visible]
        poked, self.poked = self.poked, False
        if not fresh and not poked and None not in keys and keys == self._keys:
            return []
        self._keys = keys
        for s in visible:
            if hasattr(s, "invalidate_frame"):
                s.invalidate_frame()  # a scene over it draws too: the game must be drawn whole
            s.draw(surface)
        return None

    def invalidate(self) -> None:
        """The next frame is drawn whole (the window was uncovered, resized…)."""
        self._drawn = None

    def layout(self, size: tuple[int, int]) -> None:
        for s in self.scenes:
            s.layout(size)
