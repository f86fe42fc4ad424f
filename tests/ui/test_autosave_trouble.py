"""When the autosave fails (the disk is full, the folder read-only …) the player sees it at once
and goes on seeing it until a save succeeds: that the game is not being saved, why in plain
words and what to do. The action stands and the client keeps working."""
from __future__ import annotations

import errno

import pygame

from hexwar.games.objective_kiev.positions import position

from .conftest import start


class FlakySaver:
    """A saver that fails with ``error`` while ``broken``, and otherwise writes nothing."""

    def __init__(self, error: OSError) -> None:
        self.error = error
        self.broken = False
        self.calls = 0

    def __call__(self, game, path) -> None:
        self.calls += 1
        if self.broken:
            raise self.error


def _banner_pixels(gs, app) -> int:
    """Pixels of the warning band's red along the bottom of the map."""
    app.draw(app.screen)
    r = gs.mv.rect
    return sum(1 for x in range(r.x + 5, r.right - 5, 4) for y in range(r.bottom - 60, r.bottom - 2, 4)
               if tuple(app.screen.get_at((x, y)))[:3] == (150, 28, 24))


def test_a_full_disk_is_shown_at_once_and_until_a_save_succeeds(app, drive, tmp_path):
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    saver = FlakySaver(OSError(errno.ENOSPC, "No space left on device"))
    g.saver = saver
    gs = start(app, g)
    g.autosave_path = tmp_path / "autosave.yaml"
    assert gs.ctl.save_trouble() is None and _banner_pixels(gs, app) == 0
    saver.broken = True
    drive.click_hex("0303")
    drive.click_hex("0304")  # the move is applied; its autosave fails
    assert g.actions and g.actions[-1].notation().startswith("move G-III")
    assert g.autosave_error is not None
    trouble = gs.ctl.save_trouble()
    # The game's own account (the contract's autosave_problem), word for word, then Ctrl+S.
    assert trouble.startswith(str(g.autosave_problem()))
    assert "not being saved" in trouble and "is full" in trouble
    assert "Free some space" in trouble and "Ctrl+S" in trouble
    assert gs.ctl.status.kind == "warning" and "not saved: " + g.autosave_problem().why in gs.ctl.status.text
    assert _banner_pixels(gs, app) > 20  # drawn over the map, in words (⚠ and the text) as well as red
    # The client keeps working, and keeps saying it: an undo (its autosave fails too), a click.
    drive.key(pygame.K_z, pygame.KMOD_CTRL)
    assert not g.actions and "not saved" in gs.ctl.status.text
    drive.click_hex("0303")
    assert gs.ctl.sel == "G-III" and gs.ctl.save_trouble() is not None and _banner_pixels(gs, app) > 20
    # Ctrl+S while the disk is still full says why; once there is room, saving clears the warning.
    drive.key(pygame.K_s, pygame.KMOD_CTRL)
    assert gs.ctl.status.kind == "warning" and "is full" in gs.ctl.status.text
    saver.broken = False
    drive.key(pygame.K_s, pygame.KMOD_CTRL)
    assert g.autosave_error is None and gs.ctl.save_trouble() is None
    assert _banner_pixels(gs, app) == 0


def test_a_read_only_folder_reads_as_the_game_says(app, tmp_path):
    """The client has no words of its own for a failed save: the banner, the status line and
    the quit warning read the contract's ``autosave_problem()``."""
    import hexwar.ui.control.controller as controller

    assert not hasattr(controller, "save_problem") and not hasattr(controller, "save_remedy")
    g = position({"G-III": "0303", "SU-5A": "0707"}, phase="axis_movement")
    gs = start(app, g)
    g.autosave_path = tmp_path / "autosave.yaml"
    g.apply(g.legal_actions()[0])  # an action not on disk
    g.autosave_error = OSError(errno.EROFS, "Read-only file system")
    problem = g.autosave_problem()
    assert problem is not None and "read-only" in problem.why
    assert gs.ctl.save_trouble().startswith(str(problem))
    assert "read-only" in gs.unsaved()
