"""A newcomer's walk through one game in the real client, by clicks and keys only.

``Walk`` opens the App with its menu (SDL's dummy driver, events posted as a player makes them),
chooses the game and its default scenario for two people at one screen (hotseat), and offers the
steps every game's walkthrough shares: the hand-over, the set-up by the tray and the highlighted
hexes, ending a phase (with its confirmation), the battle's roll, saving, leaving to the menu and
"Continue the last game". What the newcomer must see is read from the screen itself: the whole
window is drawn under a ``theme.TextProbe``, which records every text drawn (``Walk.seen``).

The per-game tests (``test_walkthrough_<game>.py``) read the position as the client shows it: the
hexes it highlights (``ctl.place_hexes``, ``ctl.move_targets``, the cross-hairs of
``ctl.attack_targets``), the odds it prints, the panel's prompt, the buttons it offers; where a
newcomer would try units until one can act, the test looks that up in the client's list of legal
actions (Black Wednesday's gunner). The game is asked only for the record's digest, to check that
Continue gives back the same position.

Screenshots: with ``HEXWAR_WALKTHROUGH_IMAGES`` set to a folder (``docs/images``), ``Walk.shot``
saves the window as ``walkthrough-<game>-<nn>-<stage>.png`` there; in a normal test run nothing is
written.
"""
from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

import numpy as np
import pygame

from hexwar.core.hexgrid import Hex, hex_name, parse_hex
from hexwar.games import entry, game_ids
from hexwar.ui import theme as T
from hexwar.ui.app import App
from hexwar.ui.scenes import ConfirmScene, GameScene, HandoverScene, MenuScene

from .conftest import Driver

IMAGES = "HEXWAR_WALKTHROUGH_IMAGES"
CTRL = pygame.KMOD_LCTRL


def save_small(surface, path, colours=256):
    """Save ``surface`` as a PNG of at most ``colours`` colours (a palette image, a few times
    smaller than the full-colour one): the most used colours, each pixel drawn in the nearest."""
    a = pygame.surfarray.array3d(surface).astype(np.int32)  # (w, h, 3)
    bins = ((a[..., 0] >> 3) << 10) | ((a[..., 1] >> 3) << 5) | (a[..., 2] >> 3)
    flat = bins.ravel()
    counts = np.bincount(flat, minlength=1 << 15)
    top = np.argsort(counts)[::-1][:colours]
    top = top[counts[top] > 0]
    # each palette colour: the mean of the pixels in its bin
    sums = np.zeros((1 << 15, 3), np.int64)
    for c in range(3):
        sums[:, c] = np.bincount(flat, weights=a[..., c].ravel(), minlength=1 << 15)
    pal = (sums[top] / counts[top][:, None]).round().astype(np.int32)
    # every bin to its nearest palette colour (bin centres), then every pixel by its bin
    used = np.nonzero(counts)[0]
    centre = np.stack([((used >> 10) & 31) * 8 + 4, ((used >> 5) & 31) * 8 + 4, (used & 31) * 8 + 4], 1)
    near = np.empty(len(used), np.int32)
    for i in range(0, len(used), 4096):
        d = ((centre[i:i + 4096, None, :] - pal[None, :, :]) ** 2).sum(-1)
        near[i:i + 4096] = d.argmin(1)
    lut = np.zeros(1 << 15, np.uint8)
    lut[used] = near
    idx = lut[bins]
    out = pygame.Surface(surface.get_size(), depth=8)
    out.set_palette([tuple(int(x) for x in p) for p in pal] + [(0, 0, 0)] * (256 - len(pal)))
    pygame.surfarray.blit_array(out, idx)
    pygame.image.save(out, path)


def images_dir() -> Path | None:
    d = os.environ.get(IMAGES)
    return Path(d) if d else None


class Walk(Driver):
    """One newcomer at the screen: the App, its menu, and what they see."""

    def __init__(self, game_id: str, seed: int, size: tuple[int, int] = (1280, 800)) -> None:
        app = App(size, resizable=False, menu=True, seed=seed)
        app.step()
        super().__init__(app)
        self.game_id = game_id
        self.shots: list[Path] = []
        self.handover_log: list[str] = []  # the words of every hand-over screen clicked through

    def close(self) -> None:
        while self.app.stack.scenes:
            self.app.stack.pop()
        pygame.event.clear()

    # --- what is on the screen -------------------------------------------------------------
    def seen(self) -> list[str]:
        """Every text drawn in the window now, drawn afresh under a probe."""
        app = self.app
        app.stack.invalidate()
        for sc in app.stack.scenes:
            if hasattr(sc, "invalidate_frame"):
                sc.invalidate_frame()
            if hasattr(sc, "_buf"):  # the game's back buffer: its parts are drawn again, every text seen
                sc._buf = None
        with T.TextProbe() as probe:
            app.draw(probe.surface(app.size))
        return [s for s, _px, r, box in probe.drawn if s.strip() and r.colliderect(box)]

    def screen(self) -> str:
        return " ".join(self.seen())

    def sees(self, *words: str) -> str:
        """Assert that each of ``words`` is drawn on the screen now (case-insensitive); the screen."""
        text = self.screen()
        low = text.lower()
        missing = [w for w in words if w.lower() not in low]
        assert not missing, f"not on the screen: {missing}\n--- the screen: {text[:3000]}"
        return text

    def shot(self, nn: int, stage: str) -> None:
        """Save the window as docs/images/walkthrough-<game>-<nn>-<stage>.png when asked to."""
        d = images_dir()
        if d is None:
            return
        d.mkdir(parents=True, exist_ok=True)
        self.app.stack.invalidate()
        self.app.step(0.0)
        p = d / f"walkthrough-{self.game_id}-{nn:02d}-{stage}.png"
        save_small(self.app.screen, str(p))
        self.shots.append(p)

    def wheel_panel(self, notches: int = 3) -> None:
        """Turn the mouse wheel over the panel's step box (down: positive), as a player scrolls to
        read what is "more below"."""
        ctx = self.game_scene.panel.context
        assert ctx is not None
        self.hover(ctx.rect.center)
        for _ in range(abs(notches)):
            pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if notches > 0 else 1,
                                                 flipped=False))
            self.app.step()

    # --- the menu ---------------------------------------------------------------------------
    def choose_game(self) -> None:
        """Click "Game: …" until the menu shows this game (its default scenario comes with it),
        make every side a person at this screen, and ask for the hand-over screens."""
        menu = self.top
        assert isinstance(menu, MenuScene)
        title = entry(self.game_id).title
        for _ in range(len(game_ids())):
            if self.button("game").label == f"Game: {title}":
                break
            self.press("game")
        assert self.button("game").label == f"Game: {title}"
        default = entry(self.game_id).default_scenario
        assert menu.scenarios()[menu.scen_i] == default
        label = self.button("scenario").label
        assert label.startswith("Scenario") and label != f"Scenario: {default}", label  # its title, not its id
        for side in (s.id for s in entry(self.game_id).sides):
            b = self.button(f"{side}-human")
            if not b.toggled:
                self.press(f"{side}-human")
        self.press("hotseat")
        assert self.button("hotseat").toggled

    def start_new(self) -> GameScene:
        self.press("new-game")
        self.through_handover()
        return self.game_scene

    # --- the hand-over ----------------------------------------------------------------------
    def through_handover(self, side: str | None = None) -> str:
        """The hand-over screen hides the map; the next player clicks. The words it showed."""
        top = self.top
        assert isinstance(top, HandoverScene), f"no hand-over screen but {type(top).__name__}"
        words = self.screen()
        assert "map is hidden" in words, words
        if side is not None:
            assert top.side == side, (top.side, side)
        self.handover_log.append(words)
        self.click((10, 10))
        assert not isinstance(self.top, HandoverScene)
        return words

    def handovers(self) -> list[str]:
        """Put away a die still shown (Space: the hand-over waits for it to be seen), and click
        through every hand-over screen then showing; what each said."""
        out = []
        for _ in range(20):
            if isinstance(self.top, HandoverScene):
                out.append(self.through_handover())
            elif isinstance(self.top, GameScene) and self.ctl.die is not None:
                self.key(pygame.K_SPACE)
            else:
                break
        return out

    # --- the client's own state as shown ----------------------------------------------------
    @property
    def ctl(self):
        return self.game_scene.ctl

    def mode(self) -> str:
        return self.ctl.mode()

    def status(self) -> str:
        return self.ctl.status.text

    # --- set-up -----------------------------------------------------------------------------
    def set_up_by_clicks(self, limit: int = 400) -> int:
        """Place every counter of the tray as a newcomer does: a click on the tray's first
        counter when none is picked, then on the first hex the map highlights for it; hand-over
        screens clicked through. Returns the number of placements."""
        n = 0
        while self.mode() == "setup" and n < limit:
            self.handovers()
            if self.mode() != "setup":
                break
            ctl = self.ctl
            ctl.legal_now()  # the highlights are worked out in the background: wait for them
            if ctl.sel is None:
                tray = self.game_scene.panel.context.tray
                assert tray, f"set-up with an empty tray: {self.status()}"
                self.click(tray[0].rect.center)
                assert ctl.sel is not None, self.status()
            hexes = ctl.place_hexes(ctl.sel)
            assert hexes, f"{ctl.sel} is highlighted nowhere: {self.status()}"
            before = len(self.game_scene.game.actions)
            self.bring_into_view(min(hexes))
            self.click_hex(min(hexes))
            assert len(self.game_scene.game.actions) == before + 1, self.status()
            n += 1
            if not ctl.tray() and self.mode() == "setup":
                self.end_phase()
        self.handovers()
        return n

    def bring_into_view(self, h: Hex) -> None:
        """Pan the map (arrow keys, as a player would) until ``h`` is in view."""
        gs = self.game_scene
        for _ in range(200):
            x, y = gs.mv.hex_center(h)
            r = gs.mv.rect.inflate(-gs.theme.px(40), -gs.theme.px(40))
            if r.collidepoint((x, y)):
                return
            if x < r.left:
                self.key(pygame.K_LEFT)
            elif x > r.right:
                self.key(pygame.K_RIGHT)
            elif y < r.top:
                self.key(pygame.K_UP)
            else:
                self.key(pygame.K_DOWN)
        raise AssertionError(f"{hex_name(h)} could not be brought into view")

    def click_at(self, h: Hex) -> None:
        self.bring_into_view(h)
        self.click_hex(h)

    # --- phases -----------------------------------------------------------------------------
    def end_phase(self) -> None:
        """E ends the phase; a question about units that could still act is answered yes."""
        before = (self.ctl.phase_name(), self.mode(), self.ctl.acting())
        self.key(pygame.K_e)
        if isinstance(self.top, ConfirmScene):
            self.key(pygame.K_RETURN)
        assert not isinstance(self.top, ConfirmScene)
        assert self.ctl.status.kind != "refusal", f"{before[0]} did not end: {self.status()}"
        assert self.top is not self.game_scene or (self.ctl.phase_name(), self.mode(), self.ctl.acting()) != before, \
            f"{before[0]} did not end: {self.status()}"

    def end_phases_until(self, done, limit: int = 20) -> list[str]:
        """End phases (and click through hand-overs) until ``done()``; the phases passed."""
        passed = []
        for _ in range(limit):
            self.handovers()
            if done():
                return passed
            passed.append(self.ctl.phase_name())
            self.end_phase()
        raise AssertionError(f"still not there after {passed}: {self.status()}")

    # --- battles ----------------------------------------------------------------------------
    def unit_hex(self, uid: str) -> Hex:
        """Where the map shows a unit (the view's hex of its counter)."""
        u = self.ctl.unit(uid)
        assert u is not None and u.get("hex"), uid
        return parse_hex(str(u["hex"]))

    def build_battle(self, target: Hex, attackers: Iterable[str] | None = None) -> str:
        """Click an enemy hex marked with a cross-hair, then the stacks of ``attackers`` (else every
        unit next to it the status line names as able to attack); the odds shown in the panel (the
        engine's preview, as drawn)."""
        ctl = self.ctl
        ctl.legal_now()
        assert target in ctl.attack_targets(), f"{hex_name(target)} has no cross-hair"
        self.click_at(target)
        assert ctl.target == target, self.status()
        named = self.status()
        for uid in sorted(ctl.eligible_attackers(target) if attackers is None else attackers):
            assert uid in named, (uid, named)
            if uid in ctl.attackers:
                continue
            self.click_at(self.unit_hex(uid))
        odds = ctl.odds()
        assert odds is not None and odds.figure, self.status()
        self.sees(odds.figure)
        return odds.figure

    def fight_out(self, pick=None, shots: dict[str, tuple[int, str]] | None = None) -> list[str]:
        """Play a battle's steps by clicks and keys until none is left: a question before the dice
        ("Roll for …?") answered with Enter, R rolls, the die shown is put away with Space, a
        retreat takes the path ``pick`` chooses among the retreat buttons (else the first), a loss
        or an advance the first unit offered (or N, no advance); hand-over screens (the other
        player's decision) clicked through. The steps passed ("confirm", "die", "stage:…"), each
        with the words on the screen then; ``shots`` names the steps to screenshot."""
        steps: list[str] = []
        shots = dict(shots or {})

        def seen(kind: str) -> None:
            steps.append(f"{kind}: {self.screen()}")
            if kind in shots:
                self.shot(*shots.pop(kind))

        for _ in range(40):
            if isinstance(self.top, ConfirmScene):
                seen("confirm")
                self.key(pygame.K_RETURN)
                continue
            if isinstance(self.top, GameScene) and self.ctl.die is not None:
                seen("die")
                self.key(pygame.K_SPACE)
                continue
            if isinstance(self.top, HandoverScene):
                self.through_handover()
                continue
            m = self.mode()
            if not m.startswith("stage:"):
                return steps
            self.ctl.legal_now()
            seen(m)
            if m == "stage:roll":
                self.key(pygame.K_r)
            elif m == "stage:retreat":
                rs = self.ctl.retreats()
                assert rs, self.status()
                r = pick(rs) if pick is not None else rs[0]
                self.press("retreat-" + "-".join(hex_name(h) for h in r.path))
            elif m == "stage:advance":
                self.key(pygame.K_n)
            else:
                units = sorted(set(self.ctl.choice_units()))
                assert units, f"{m} offers nothing to click: {self.status()}"
                self.press(f"choose-{units[0]}")
        raise AssertionError(f"the battle never ends: {steps[-3:]}")

    # --- decisions in the panel's chooser ---------------------------------------------------
    def option(self, key: str, label: str):
        """The option of the decision ``key`` whose label starts with ``label``, as the chooser
        lists it (its button named by the value chosen)."""
        self.ctl.legal_now()
        d = self.ctl.decision(key)
        assert d is not None, f"no decision {key}: {[x.key for x in self.ctl.decisions()]}"
        o = next((o for o in d.options if o.label.startswith(label)), None)
        assert o is not None, f"no option {label!r} of {key}: {[x.label for x in d.options]}"
        return o

    def choose(self, key: str, label: str) -> None:
        """Click the chooser's button of that option (scrolled into sight first)."""
        o = self.option(key, label)
        ident = str(o.action.value) if hasattr(o.action, "value") else o.label
        self.press(f"{key.replace(':', '-')}-{ident.replace(' ', '_')}")

    # --- moves ------------------------------------------------------------------------------
    def move_one(self, uid: str | None = None, far: bool = True, prompt: str = "within reach") -> tuple[str, Hex]:
        """Click a unit that may move (``uid``, else the first the client offers), check that
        its reachable hexes are shaded with their cost, and click the farthest (or nearest) one."""
        ctl = self.ctl
        ctl.legal_now()
        movable = sorted(u for u in ctl.movable_units() if (ctl.unit(u) or {}).get("where") == "map")
        assert movable, f"nothing may move: {self.status()}"
        uid = uid or movable[0]
        self.click_at(self.unit_hex(uid))
        assert ctl.sel == uid, self.status()
        targets = ctl.move_targets(uid)
        assert targets, self.status()
        start = self.unit_hex(uid)
        taken = {parse_hex(str(u["hex"])) for u in ctl.view()["units"] if u.get("where") == "map" and u.get("hex")}
        targets = {h: p for h, p in targets.items() if h not in taken} or targets  # an empty hex if any
        dest = max(targets, key=lambda h: (len(targets[h]), hex_name(h))) if far else \
            min(targets, key=lambda h: (len(targets[h]), hex_name(h)))
        if prompt:
            self.sees(prompt)
        self.click_at(dest)
        assert self.unit_hex(uid) == dest, self.status()
        assert dest != start
        return uid, dest

    # --- saving, leaving, continuing -----------------------------------------------------------
    def save_leave_continue(self) -> GameScene:
        """Ctrl+S, the Menu button (leave: yes), then "Continue the last game" and its hand-over:
        the same position comes back (the record's digest)."""
        game = self.game_scene.game
        digest = game.digest()
        self.key(pygame.K_s, CTRL)
        assert self.ctl.status.kind != "refusal", self.status()
        self.press("menu")
        if isinstance(self.top, ConfirmScene):
            self.sees("Leave")
            self.key(pygame.K_RETURN)
        assert isinstance(self.top, MenuScene), type(self.top).__name__
        self.sees("Continue")
        self.press("continue")
        self.handovers()
        gs = self.game_scene
        assert gs.game is not game
        assert gs.game.digest() == digest
        return gs


def opening_at_1920(game_id: str, seed: int, nn: int) -> None:
    """With screenshots asked for: the same game opened from the menu in a 1920x1080 window,
    its first screen after the hand-over saved as ``<nn>-opening-1920``."""
    if images_dir() is None:
        return
    w = Walk(game_id, seed, (1920, 1080))
    try:
        w.choose_game()
        w.start_new()
        w.shot(nn, "opening-1920")
    finally:
        w.close()


def hexes_named(hs: Iterable[Hex]) -> list[str]:
    return sorted(hex_name(h) for h in hs)
