"""Screenshots of every registered game, reached by legal play with fixed seeds and drawn by the
client, for the documentation and for looking at the client headless:

    python -m hexwar.ui.demo OUTDIR [GAME …]

For each game of the registry, its default scenario: ``<game>-menu.png`` (the menu with it
selected), ``<game>-movement.png`` (a unit selected with its reach and costs, the pointer on a
far hex), ``<game>-battle.png`` (a battle being built with its odds, or the fire of a unit in a
phase of moves and fire), ``<game>-retreat.png`` (the retreat step with each path's
consequence) and ``<game>-victory.png`` (the end of a game), at 1280x800, no window opened.

The positions come from the contract alone (``game.phase().kind``, ``game.stage()`` and the
legal actions); a position the seeds do not reach within the limit is reported and skipped.
"""
from __future__ import annotations

import os
import random
import sys
import time
from collections.abc import Callable

import hexwar
from hexwar.core import actions as A
from hexwar.core.hexgrid import hex_name, parse_hex

SIZE = (1280, 800)
MOVING = ("movement", "special", "action")


def _on_map(game) -> set[str]:
    return {u["id"] for u in game.view(None)["units"] if u.get("where") == "map"}


def _step(game, rng: random.Random, end_bias: float) -> bool:
    """One legal action: a set-up counter on its first hex, else a random decision or the end
    of the phase."""
    acts = game.legal_actions()
    if not acts:
        return False
    places = [a for a in acts if isinstance(a, A.Place)]
    if places:
        game.apply(places[0])
        return True
    end = [a for a in acts if isinstance(a, A.EndPhase)]
    other = [a for a in acts if not isinstance(a, A.EndPhase)]
    game.apply(end[0] if end and (not other or rng.random() < end_bias) else rng.choice(other))
    return True


def reach(game_id: str, want: Callable, seed: int = 1, limit: int = 4000, end_bias: float = 0.35):
    """The game's default scenario played (seeded) until ``want(game)``; None if it is not reached."""
    g = hexwar.open_game(game_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(limit):
        if want(g):
            return g
        if g.result() is not None or not _step(g, rng, end_bias):
            return None
    return None


def moving(g) -> bool:
    if g.phase().kind not in MOVING or g.stage()[0]:
        return False
    on = _on_map(g)
    return any(isinstance(a, A.Move) and a.unit in on for a in g.legal_actions())


def fighting(g) -> bool:
    return not g.stage()[0] and any(isinstance(a, A.Attack) for a in g.legal_actions())


def retreating(g) -> bool:
    return g.stage()[0] == "retreat" or any(isinstance(a, A.Retreat) for a in g.legal_actions())


def over(g) -> bool:
    return g.result() is not None


def _start(g):
    from .app import App

    app = App(SIZE, resizable=False, menu=False)
    gs = app.start_game(g, hotseat=False, autosave=False, threaded=False)
    app.step()
    gs.ctl.die = None
    return app, gs


def _look_at(gs, h) -> None:
    gs.mv.set_zoom(1.3)
    gs.mv.center_on(h)


def _point(gs, h) -> None:
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=gs.mv.hex_center(h), rel=(0, 0), buttons=(0, 0, 0)))


def _shoot(app, gs, path: str) -> None:
    app.step()
    app.step()
    app.screenshot(path)
    gs.exit()  # a game's own hex ids end with its scene


def shot_menu(game_id: str, path: str) -> None:
    from .app import App
    from .scenes.menu import MenuScene

    app = App(SIZE, resizable=False, menu=True)
    app.step()
    menu = app.stack.top
    assert isinstance(menu, MenuScene), "the app opens on its menu (menu=True)"
    for _ in range(len(menu.games)):
        if menu.games[menu.game_i] == game_id:
            break
        menu.next_game()
    app.step()
    app.step()
    app.screenshot(path)


def shot_movement(g, path: str) -> None:
    """The unit with the widest reach selected, the pointer on its farthest hex."""
    app, gs = _start(g)
    ctl = gs.ctl
    on = _on_map(g)
    by: dict[str, list] = {}
    for a in g.legal_actions():
        if isinstance(a, A.Move) and a.unit in on:
            by.setdefault(a.unit, []).append(a)
    uid = max(by, key=lambda u: (len(by[u]), u))
    h = parse_hex(ctl.unit(uid)["hex"])
    _look_at(gs, h)
    ctl.click_hex(h)
    if ctl.sel != uid:
        ctl.sel = uid  # a stack: the click picked another of its units
    far = max(by[uid], key=lambda a: (len(a.path), hex_name(a.dest)))
    app.step()
    _point(gs, far.dest)
    _shoot(app, gs, path)


def shot_battle(g, path: str) -> None:
    """The attack with the most attackers built by clicks (target, then each attacker), its odds
    in the panel; in a phase of moves and fire, its first attacker selected (its fire shown)."""
    app, gs = _start(g)
    ctl = gs.ctl
    a = max((x for x in g.legal_actions() if isinstance(x, A.Attack)),
            key=lambda x: (len(x.attackers), hex_name(x.target)))
    _look_at(gs, a.target)
    if ctl.mode().startswith("combat"):
        ctl.click_hex(a.target)
        for uid in a.attackers:
            u = ctl.unit(uid)
            if uid not in ctl.attackers and u and u.get("hex"):
                ctl.click_hex(parse_hex(u["hex"]))
    else:
        ctl.sel = a.attackers[0]
    _shoot(app, gs, path)


def shot_retreat(g, path: str) -> None:
    """The retreat step: every path on the map with what it costs, the pointer on the first."""
    app, gs = _start(g)
    where = g.stage()[1]
    if where:
        _look_at(gs, parse_hex(where))
    paths = [a for a in g.legal_actions() if isinstance(a, A.Retreat) and a.path]
    app.step()
    if paths:
        _point(gs, paths[0].path[-1])
    _shoot(app, gs, path)


def shot_victory(g, path: str) -> None:
    """The victory screen over the final position, with the game's summary worked out."""
    app, gs = _start(g)
    gs.show_victory()
    for _ in range(3):
        app.step()
    _shoot(app, gs, path)


SHOTS = (("movement", moving, shot_movement, 0.35), ("battle", fighting, shot_battle, 0.35),
         ("retreat", retreating, shot_retreat, 0.2), ("victory", over, shot_victory, 0.8))


def main(outdir: str, only: tuple[str, ...] = (), seeds: int = 5) -> list[str]:
    """Every screenshot of every game (or of ``only``); returns what could not be reached."""
    from hexwar.games import all_games

    os.makedirs(outdir, exist_ok=True)
    missing = []
    for e in all_games():
        if only and e.id not in only:
            continue
        t0 = time.perf_counter()
        shot_menu(e.id, os.path.join(outdir, f"{e.id}-menu.png"))
        for name, want, shoot, bias in SHOTS:
            g = next((got for seed in range(1, seeds + 1)
                      if (got := reach(e.id, want, seed, end_bias=bias)) is not None), None)
            if g is None:
                missing.append(f"{e.id}: no {name} position within {seeds} seeds")
                print(missing[-1], flush=True)
                continue
            shoot(g, os.path.join(outdir, f"{e.id}-{name}.png"))
            print(f"{e.id}: {name} after {len(g.actions)} actions", flush=True)
        print(f"{e.id}: {time.perf_counter() - t0:.1f} s", flush=True)
    return missing


if __name__ == "__main__":
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    main(sys.argv[1] if len(sys.argv) > 1 else ".", tuple(sys.argv[2:]))
