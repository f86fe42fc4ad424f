"""The main menu: the game, scenario, who plays each side, options and seed of a new game; the
saved games to go on with; help and quit.
"""
from __future__ import annotations

import random
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

import pygame

from ... import paths
from ...core.errors import DataError, HexwarError
from .. import menu_words
from .. import sides as side_words
from .. import theme as T
from ..players import COMPUTER, HUMAN, LEVELS, player_kind, player_text
from ..saves import SaveIndex
from ..widgets import Button, ButtonRow, draw_tooltip
from .help import HelpScene
from .stack import Scene, ctrl_held

_WORDS: dict[tuple[str, str], tuple[Callable[[str], str], str]] = {}


def game_words(game_id: str, scenario: str) -> tuple[Callable[[str], str], str]:
    """The game's own words for the menu's tooltips: its ``for_player`` and the scenario's title,
    read from the scenario opened once (the hex ids in force are left as they were); ``str`` and
    no title for a game or scenario that cannot be opened."""
    key = (game_id, scenario)
    if key not in _WORDS:
        from ... import session
        from ...core.hexgrid import CCRR, set_hex_ids

        before = set_hex_ids(CCRR)  # opening a game puts its hex ids in force: the menu's stay
        try:
            g = session.open_game(game_id, scenario, seed=1)
            title = str(g.header.get("title") or "") or session.scenario_title(game_id, scenario)
            _WORDS[key] = (g.for_player, title)
        except Exception:  # a game whose files are not there yet says so on Start
            _WORDS[key] = (str, "")
        finally:
            set_hex_ids(before)
        say, title = _WORDS[key]
        menu_words.remember(game_id, scenario, say(title) if title else "")
    return _WORDS[key]


def short_title(scenario_title: str, game_title: str) -> str:
    """A scenario's title without its game's name in front ("<game> -- the full game, …" under
    "Game: <game>" reads "The full game, …")."""
    t = scenario_title
    if game_title and t.lower().startswith(game_title.lower()):
        rest = t[len(game_title):].lstrip(" —–-,:")
        if rest:
            t = rest[:1].upper() + rest[1:]
    return t


class MenuScene(Scene):
    @property
    def theme(self) -> T.Theme:
        w, h = self.size
        fit = min(w / 1150, h / 760) * self._squeeze
        if fit >= self.app.theme.scale:
            return self.app.theme
        return T.Theme(max(T.Theme.FLOOR, fit))

    _squeeze = 1.0  # < 1 when the selected game's options need more height than the window has

    def __init__(self, app, seed: int | None = None, game_id: str | None = None, scenario: str | None = None) -> None:
        super().__init__(app)
        from .. import game_index

        self._cards = True  # the games' cards stand for their entries until the first frame is shown

        # The registry's games and their scenarios, without importing every game's package
        # (game_index: remembered from the last start).
        listed = game_index.listed_games()
        self.choices = game_index.list_scenarios(listed)
        # Every registered game, even one whose scenarios are not there yet (it says so on Start).
        # In the registry's order (the first game first), then any scenario folder's game it lacks.
        self.games = list(dict.fromkeys([g.id for g in listed] + sorted({g for g, _ in self.choices})))
        self.game_i = self.games.index(game_id) if game_id in self.games else 0
        self.scen_i = self.default_scenario()
        if scenario:
            sc = self.scenarios()
            self.scen_i = sc.index(scenario) if scenario in sc else self.scen_i
        self.seed = seed if seed is not None else random.randrange(1, 1_000_000)
        self.seed_given = seed is not None
        self.hotseat = app.settings.hotseat
        self.options: dict[str, bool] = {}
        self.players: dict[str, str] = {}
        self._load_options()
        self.buttons = ButtonRow()
        self.saves: list[Path] = []
        self.save_rows: list[tuple[pygame.Rect, Path]] = []
        # The saves' replays start after the first frame: a game started from the command line
        # over the menu does not share the processor with them.
        self.index = SaveIndex(threaded=app.threaded_saves, held=True)
        # The rows are laid out again when the index learns something; not for what it knew when the
        # menu was made (a second layout before the first frame).
        self._index_version = self.index.version
        self.size = app.screen.get_size() if app.screen is not None else (800, 600)
        self.save_scroll = 0
        self.no_saves_y = 0
        # The first frame does not wait for the scenario opened as a game (its title and the
        # game's words): the layouts before it take the title remembered from the last start, and
        # the game is opened after the first frame (update); with no title remembered, before it (draw).
        self._later = False  # the game's own words are still to come
        self._must = False  # ... and must come before anything is drawn
        self._drawn = False
        self._words_seen = 0  # layouts with the game's own words (the frame key: they may change a label)

    def entry(self):
        """The selected game's entry (None for a scenario folder of a game not registered); until
        the first frame is on the screen, its card from the games index when it has one (the
        same words, without importing the game's package: ``game_index.Card``)."""
        from ...games import entry, loaded

        if self._cards and self.games and loaded(self.games[self.game_i]) is None:
            from .. import game_index

            got = game_index.card(self.games[self.game_i])
            if got is not None:
                return got
        try:
            return entry(self.games[self.game_i]) if self.games else None
        except KeyError:
            return None

    def scenarios(self) -> list[str]:
        g = self.games[self.game_i] if self.games else ""
        e = self.entry()
        return [s for gg, s in self.choices if gg == g] or [e.default_scenario if e is not None else "standard"]

    def default_scenario(self) -> int:
        """Where the selected game's default scenario is in its list (the first when absent)."""
        e = self.entry()
        sc = self.scenarios()
        return sc.index(e.default_scenario) if e is not None and e.default_scenario in sc else 0

    def options_heading(self) -> str:
        e = self.entry()
        opts = e.options if e is not None else ()
        rules = {o.rule for o in opts}
        if len(rules) == 1 and "" not in rules and not any(o.default for o in opts):
            return f"Options ({next(iter(rules))}) — all off in the standard game:"
        if len(opts) > 3:
            return "Game options (point at one for its rule and what it does):"
        return "Game options (the rule is in brackets):"

    def _load_options(self) -> None:
        e = self.entry()
        side_words.use(e)  # its sides' names, colours and shapes
        self.options = dict(e.option_defaults) if e is not None else {}
        sides = [s.id for s in e.sides] if e is not None else []
        saved = dict(self.app.settings.players or {})
        # side -> "human", "computer:easy" or "computer:normal" (player_kind reads older "computer")
        self.players = {s: player_text(*player_kind(saved.get(s, HUMAN))) for s in sides}

    def resume(self) -> None:
        self.layout(self.size)

    def layout(self, size) -> None:
        self._squeeze = 1.0
        for _ in range(4):  # smaller, until every button is inside the window
            self._layout(size)
            bottom = max((b.rect.bottom for b in self.buttons.buttons), default=0)
            room = size[1] - self.theme.px(4)
            if bottom <= room or self.theme.scale <= T.Theme.FLOOR:
                return
            self._squeeze *= max(0.6, room / bottom)

    def _words(self, gid: str, sid: str) -> tuple[Callable[[str], str], str]:
        """``game_words``, but before the first frame the title remembered from the last start
        (already in the game's words) when the game's own words are not known yet."""
        if self._drawn or (gid, sid) in _WORDS:
            self._words_seen += 1
            return game_words(gid, sid)
        self._later = True
        title = menu_words.remembered_title(gid, sid)
        if title is None:
            self._must = True
            return str, ""
        return str, title

    def _layout(self, size) -> None:
        self.size = size
        th = self.theme
        self.buttons.clear()
        w, h = size
        col_w = min(th.px(560), (w - th.px(100)) // 2)
        x1 = w // 2 - col_w - th.px(20)
        x2 = w // 2 + th.px(20)
        y = th.px(150)
        bh = th.px(34)
        gap = th.px(8)
        e = self.entry()
        title = e.title if e is not None else (self.games[self.game_i] if self.games else "no game")
        B = self.buttons.add
        B(Button(pygame.Rect(x1, y, col_w, bh), f"Game: {title}", self.next_game, px=th.normal, name="game",
                 tooltip="Click to switch game"))
        y += bh + gap
        gid = self.games[self.game_i] if self.games else ""
        sid = self.scenarios()[self.scen_i]
        say, scen_title = self._words(gid, sid)
        # The scenario by its title; its id (the name --scenario takes) only in the tooltip.
        scen_shown = short_title(say(scen_title), title) if scen_title else sid
        B(Button(pygame.Rect(x1, y, col_w, bh),
                 scen_shown if scen_shown.startswith("Scenario ") else f"Scenario: {scen_shown}",
                 self.next_scenario, px=th.normal, name="scenario",
                 tooltip=say(f"{scen_title} (--scenario {sid}). Click to switch scenario" if scen_title
                             else "Click to switch scenario")))
        y += bh + gap * 2
        half = (col_w - gap) // 2
        # Who plays each side.
        self.players_y = y
        y += T.font(th.small).get_linesize() + gap // 2
        lab_w = th.px(110)
        hw = min(th.px(104), (col_w - lab_w - 2 * gap) // 3)  # "Human" is short: the levels get the room
        pw = (col_w - lab_w - hw - 2 * gap) // 2
        self.player_label_ys = []
        for i, (side, entry) in enumerate(self.players.items()):
            kind, level = player_kind(entry)
            self.player_label_ys.append((side, y, i))
            name = side_words.side_name(side)
            B(Button(pygame.Rect(x1 + lab_w, y, hw, bh), "Human", partial(self.set_player, side, HUMAN),
                     px=th.normal, toggled=kind == HUMAN, name=f"{side}-human",
                     tooltip=f"A person plays the {name} side (key {i + 1} cycles human, easy, normal)"))
            for j, (lv, (_, what)) in enumerate(LEVELS.items()):
                B(Button(pygame.Rect(x1 + lab_w + hw + gap + (pw + gap) * j, y, pw, bh), f"Computer: {lv}",
                         partial(self.set_player, side, player_text(COMPUTER, lv)),
                         px=th.small, toggled=kind == COMPUTER and level == lv, name=f"{side}-computer-{lv}",
                         tooltip=f"The computer plays the {name} side at the {lv} level: {what} "
                                 f"(key {i + 1} cycles human, easy, normal)."))
            y += bh + gap
        y += gap
        two_humans = all(player_kind(k)[0] == HUMAN for k in self.players.values())
        B(Button(pygame.Rect(x1, y, half, bh), "Hotseat: hide the map", lambda: self.set_hotseat(True), px=th.normal,
                 toggled=self.hotseat and two_humans, name="hotseat", enabled=two_humans,
                 tooltip="Two players at one screen: the map is hidden whenever the screen changes hands"))
        B(Button(pygame.Rect(x1 + half + gap, y, half, bh), "Solo: no hand-over", lambda: self.set_hotseat(False),
                 px=th.normal, toggled=not (self.hotseat and two_humans), name="solo", enabled=two_humans,
                 tooltip="One person plays both sides: no hand-over screen" if two_humans
                 else "Against the computer there is no hand-over screen"))
        y += bh + gap * 2
        opts = e.options if e is not None else ()
        self.options_y = y if opts else None
        if opts:
            y += T.font(th.small).get_linesize() + gap // 2
        # Many options (more than three): two columns of short titles; the full text is the tooltip.
        two = len(opts) > 3
        ow = (col_w - gap) // 2 if two else col_w
        labels = []
        for opt in opts:
            label = opt.title.split(":")[0] if two else opt.title + (f" ({opt.rule})" if opt.rule else "")
            labels.append(label)  # whole: on two lines or more if long (the tooltip has the rule's text too)
        for i, opt in enumerate(opts):
            name, default, desc, label, rule = opt.id, opt.default, opt.help, labels[i], opt.rule
            alone = not two or (i % 2 == 0 and i == len(opts) - 1)  # the last of an odd number: the whole width
            ox = x1 + (ow + gap) * (i % 2) if not alone else x1
            width = col_w if alone else ow
            row = labels[i - i % 2:i - i % 2 + 2] if not alone else [label]
            lh = T.font(th.small).get_linesize()
            lines = max(len(T.wrap(t, th.small, width - th.px(44))) for t in row)
            row_h = max(bh, lines * lh + th.px(8))  # a row tall enough for its longest words
            B(Button(pygame.Rect(ox, y, width, row_h), label, partial(self.toggle_option, name), px=th.small,
                     toggled=self.options.get(name, default), name=f"option-{name}",
                     tooltip=say(f"{desc}" if not rule or rule in desc else f"{desc} ({rule})")))
            if alone or i % 2 == 1:
                y += row_h + gap
        y += gap
        B(Button(pygame.Rect(x1, y, col_w - th.px(130), bh), f"Seed: {self.seed}", None, px=th.normal, enabled=False,
                 name="seed-label"))
        B(Button(pygame.Rect(x1 + col_w - th.px(120), y, th.px(120), bh), "New seed", self.new_seed, px=th.normal,
                 name="new-seed"))
        y += bh + gap * 3
        B(Button(pygame.Rect(x1, y, col_w, th.px(44)), "Start a new game", self.start, px=th.large, key_hint="Enter",
                 name="new-game"))
        y += th.px(44) + gap
        B(Button(pygame.Rect(x1, y, col_w, bh), "Look at the map only", self.view_map, px=th.small, key_hint="M",
                 name="view-map", enabled=self.map_file() is not None,
                 tooltip="The map viewer: the game's map with every symbol explained, no rules loaded"))
        y += bh + gap
        B(Button(pygame.Rect(x1, y, col_w, bh), f"Learn: lessons of {title}", self.learn, px=th.small, key_hint="L",
                 name="learn",
                 tooltip="Lessons on the board: every worked example of the rulebook and every phase of play, "
                         "done by clicking as in a game, with the rules explained at each step"))

        # Right column: continue, load, help, quit. Each save's row is as tall as its words.
        y = th.px(150)
        auto = paths.autosave_path()
        self.save_rows = []
        self.continue_rect = pygame.Rect(x2, y, col_w, self._row_height(col_w, auto, True))
        B(Button(self.continue_rect, "", self.continue_last, enabled=auto.is_file(), px=th.normal, name="continue"))
        if auto.is_file():
            self.save_rows.append((self.continue_rect, auto))
        y = self.continue_rect.bottom + gap * 2
        self.saves_y = y
        y += T.font(th.small).get_linesize() + gap
        try:
            self.saves = sorted((p for p in paths.saves_dir().glob("*.yaml") if p.name != paths.AUTOSAVE_NAME),
                                key=lambda p: p.stat().st_mtime, reverse=True)
        except OSError:
            self.saves = []
        limit = h - th.px(130)
        self.save_scroll = min(self.save_scroll, max(0, len(self.saves) - 1))
        shown = 0
        for p in self.saves[self.save_scroll:]:
            self.index.info(p)  # the header now, the turn and phase in the background
            r = pygame.Rect(x2, y, col_w, self._row_height(col_w, p, False))
            if r.bottom > limit and shown:
                break
            B(Button(r, "", partial(self.load, p), px=th.small, name=f"load-{p.name}"))
            self.save_rows.append((r, p))
            y = r.bottom + th.px(4)
            shown += 1
        self.saves_room = max(1, shown)
        if not self.saves:
            self.no_saves_y = y
        y = h - th.px(110)
        B(Button(pygame.Rect(x2, y, (col_w - gap) // 2, bh), "Help", self.help, px=th.normal, key_hint="F1",
                 name="help"))
        B(Button(pygame.Rect(x2 + (col_w + gap) // 2, y, (col_w - gap) // 2, bh), "Quit", self.app.quit, px=th.normal,
                 key_hint="Q", name="quit"))

    # actions
    def next_game(self) -> None:
        self.game_i = (self.game_i + 1) % len(self.games)
        self.scen_i = self.default_scenario()
        self._load_options()
        self.layout(self.size)

    def next_scenario(self) -> None:
        self.scen_i = (self.scen_i + 1) % len(self.scenarios())
        self.layout(self.size)

    def set_player(self, side: str, kind: str) -> None:
        self.players[side] = player_text(*player_kind(kind))
        self.app.settings.players = dict(self.players)
        self.app.settings.save()
        self.layout(self.size)

    def cycle_player(self, side: str) -> None:
        """Keys 1, 2…: the side's player goes human -> computer (easy) -> computer (normal) -> human."""
        order = [HUMAN] + [player_text(COMPUTER, lv) for lv in LEVELS]
        cur = self.players.get(side, HUMAN)
        self.set_player(side, order[(order.index(cur) + 1) % len(order)] if cur in order else HUMAN)

    def set_hotseat(self, on: bool) -> None:
        self.hotseat = on
        self.app.settings.hotseat = on
        self.app.settings.save()
        self.layout(self.size)

    def toggle_option(self, name: str) -> None:
        self.options[name] = not self.options.get(name, False)
        self.layout(self.size)

    def new_seed(self) -> None:
        self.seed = random.randrange(1, 1_000_000)
        self.layout(self.size)

    def start(self) -> None:
        import hexwar

        gid, sid = self.games[self.game_i], self.scenarios()[self.scen_i]
        try:
            game = hexwar.open_game(gid, sid, seed=self.seed, options=dict(self.options))
        except (DataError, HexwarError, KeyError, OSError) as e:
            self.app.show_message("Cannot start the game", _error_text(e))
            return
        self.app.start_game(game, hotseat=self.hotseat, players=dict(self.players))
        if not self.seed_given:
            self.seed = random.randrange(1, 1_000_000)

    def map_file(self) -> Path | None:
        """The map of the selected game: ``maps/<game>.tmx``, or its first sheet (``<game>-a.tmx``)."""
        from ..game_index import data_root

        e = self.entry()
        if e is None:
            return None
        root = data_root("maps", e.data)
        gid = e.id
        for cand in [root / f"{gid}.tmx"] + sorted(root.glob(f"{gid}-*.tmx")):
            if cand.is_file():
                return cand
        return None

    def view_map(self) -> None:
        f = self.map_file()
        if f is not None:
            self.app.open_map(str(f))

    def continue_last(self) -> None:
        self.load(paths.autosave_path())

    def load(self, path: Path) -> None:
        import hexwar

        try:
            game = hexwar.load_record(path)
        except (DataError, HexwarError, KeyError, OSError) as e:
            self.app.show_message("Cannot load this game", _error_text(e))
            return
        # Who played each side comes with the record (older records: the menu's choice).
        players = game.header.get("players") or dict(self.players)
        self.app.start_game(game, hotseat=self.hotseat, players=dict(players))

    def learn(self) -> None:
        from .learn import LearnScene

        self.app.stack.push(LearnScene(self.app, game_id=self.games[self.game_i] if self.games else None))

    def help(self) -> None:
        self.app.stack.push(HelpScene(self.app, None, self.games[self.game_i] if self.games else None))

    def handle(self, event) -> bool:
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.start()
            elif event.key == pygame.K_q or (event.key == pygame.K_ESCAPE):
                self.app.quit()
            elif event.key == pygame.K_c:
                if paths.autosave_path().is_file():
                    self.continue_last()
            elif event.key == pygame.K_F1:
                self.help()
            elif event.key == pygame.K_m:
                self.view_map()
            elif event.key == pygame.K_l:
                self.learn()
            elif pygame.K_1 <= event.key <= pygame.K_9 and event.key - pygame.K_1 < len(self.players):
                self.cycle_player(list(self.players)[event.key - pygame.K_1])
            elif ctrl_held(event) and event.key in (pygame.K_EQUALS, pygame.K_PLUS, pygame.K_KP_PLUS, pygame.K_MINUS,
                                                    pygame.K_KP_MINUS):
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.save_scroll = max(0, self.save_scroll - event.y)
            self.layout(self.size)
            return True
        self.buttons.handle(event)
        return True

    def update(self, dt: float) -> None:
        if self._drawn:
            self.index.release()
            if self._cards:  # the first frame is on the screen: the game's own entry from now on
                self._cards = False
                side_words.use(self.entry())
        if self._later and self._drawn:  # the first frame is on screen: now the game's own words
            self._later = False
            self.layout(self.size)
        if self.index.version != self._index_version:
            self._index_version = self.index.version  # the background replay has news: the rows anew
            self.layout(self.size)

    def frame_key(self):
        return (self._index_version, self.size, self.theme.scale, self.save_scroll, len(self.saves), self._words_seen)

    def _row_lines(self, width: int, path: Path, auto: bool) -> list[tuple[str, int, tuple, str]]:
        """A save's row in whole words: where the game stands (bold), then what the save is."""
        th = self.theme
        info = self.index.info(path)
        when = time.strftime("%d %b %Y %H:%M", time.localtime(info.mtime)) if info.mtime else ""
        where = info.where() if info.game or info.error else "reading…"
        head = f"Continue: {where}" if auto else where[:1].upper() + where[1:]
        line2 = " · ".join(b for b in (info.title, f"vs {info.computer}" if info.computer else "",
                                       f"saved {when}" if when else "",
                                       f"{info.actions} actions" if info.game else "",
                                       "" if auto else path.stem) if b)
        colour = T.TEXT if info.error is None else T.BAD
        room = width - 2 * th.px(10) - th.px(20)
        hpx = th.normal if T.size(head, th.normal, "bold")[0] <= room else th.small
        rows = [(ln, hpx, colour, "bold") for ln in T.wrap(head, hpx, room, "bold")]
        return rows + [(ln, th.small, T.TEXT_DIM, "regular") for ln in T.wrap(line2, th.small, room)]

    def _row_height(self, width: int, path: Path, auto: bool) -> int:
        th = self.theme
        if auto and not path.is_file():
            return th.px(46)
        lines = self._row_lines(width, path, auto)
        return th.px(8) + sum(T.font(px, style).get_linesize() for _, px, _, style in lines)

    def _draw_save_row(self, surface, rect: pygame.Rect, path: Path, auto: bool) -> None:
        th = self.theme
        pad = th.px(10)
        if auto:
            hint = T.text("C", th.px(12), T.TEXT_DIM)
            surface.blit(hint, (rect.right - pad - hint.get_width(), rect.y + th.px(5)))
        yy = rect.y + th.px(4)
        clip = surface.get_clip()
        surface.set_clip(rect.clip(clip) if clip else rect)
        for text, px, col, style in self._row_lines(rect.w, path, auto):
            surface.blit(T.text(text, px, col, style), (rect.x + pad, yy))
            yy += T.font(px, style).get_linesize()
        surface.set_clip(clip)

    def draw(self, surface) -> None:
        if self._must:  # no title remembered: the game's words before the first frame, as always
            self._drawn = True
            self._must = self._later = False
            self.layout(self.size)
        self._drawn = True
        th = self.theme
        surface.fill(T.BG)
        w, h = surface.get_size()
        t = T.text("hexwar", th.px(56), T.ACCENT, "bold")
        surface.blit(t, (w // 2 - t.get_width() // 2, th.px(30)))
        s = T.text("Classic hex-and-counter wargames, every rule enforced and explained", th.large, T.TEXT_DIM)
        surface.blit(s, (w // 2 - s.get_width() // 2, th.px(30) + t.get_height()))
        col_w = min(th.px(560), (w - th.px(100)) // 2)
        x1 = w // 2 - col_w - th.px(20)
        x2 = w // 2 + th.px(20)
        surface.blit(T.text("New game", th.large, T.TEXT, "bold"), (x1, th.px(118)))
        surface.blit(T.text("Go on playing", th.large, T.TEXT, "bold"), (x2, th.px(118)))
        more = ""
        if len(self.saves) > self.saves_room:
            last = min(len(self.saves), self.save_scroll + self.saves_room)
            more = f" — {self.save_scroll + 1}-{last} of {len(self.saves)}, scroll for more"
        surface.blit(T.text(f"Saved games ({paths.saves_dir()}){more}:", th.small, T.TEXT_DIM), (x2, self.saves_y))
        if self.options_y is not None:
            surface.blit(T.text(self.options_heading(), th.small, T.TEXT_DIM), (x1, self.options_y))
        surface.blit(T.text("Who plays each side (keys 1, 2 switch it; point at a level for what it does):",
                            th.small, T.TEXT_DIM), (x1, self.players_y))
        if not self.saves:
            surface.blit(T.text("none yet — Ctrl+S saves during a game", th.small, T.TEXT_DIM),
                         (x2 + th.px(8), self.no_saves_y or self.saves_y + th.px(24)))
        self.buttons.draw(surface)
        bh = self.buttons.buttons[0].rect.h if self.buttons.buttons else th.px(34)
        for side, yy, i in self.player_label_ys:
            T.side_chip(surface, side, x1, yy + (bh - th.px(22)) // 2, th.px(22))
            name = T.text(side_words.side_name(side), th.normal, T.TEXT, "bold")
            ny = yy + (bh - T.font(th.normal).get_linesize()) // 2
            surface.blit(name, (x1 + th.px(28), ny))
            if i < 9:  # the key that cycles who plays this side
                surface.blit(T.text(str(i + 1), th.px(12), T.TEXT_DIM),
                             (x1 + th.px(32) + name.get_width(), ny + th.px(3)))
        auto = paths.autosave_path()
        if not auto.is_file():
            t = T.text("Continue the last game — none yet", th.normal, T.BUTTON_OFF_TEXT, "bold")
            surface.blit(t, (self.continue_rect.x + th.px(10), self.continue_rect.centery - t.get_height() // 2))
        for rect, path in self.save_rows:
            self._draw_save_row(surface, rect, path, auto=path == auto)
        hov = self.buttons.hovered()
        if hov is not None and hov.tooltip and hov.rect:
            draw_tooltip(surface, hov.rect.bottomleft, [hov.tooltip], th)


def _error_text(e: BaseException) -> str:
    if isinstance(e, KeyError) and e.args:
        return str(e.args[0])
    return str(e) or e.__class__.__name__
