"""The game scene: the map, the phase bar, the side panel and the status line around one game;
who plays each side, the hand-over between players, the commands of the buttons and keys.

Its other parts live beside it: events (``game_input``), looking back (``game_history``), the
computer's turns (``game_computer``) and the drawing of a frame (``game_frame``).
"""
from __future__ import annotations

from contextlib import AbstractContextManager
from typing import Any

import pygame

from ... import paths
from ...core.actions import EndPhase
from ...core.hexgrid import Hex
from .. import sides as side_words
from .. import theme as T
from ..computer import COMPUTER, HUMAN, ComputerDriver, make_computer, player_kind, player_text
from ..control import PAST_REFUSAL, Controller, LogEntry
from ..counters import CounterArt
from ..focus import READABLE_PX, focus_hexes
from ..map_view import MapView
from ..overlays import MapLayer
from ..panel.phase_bar import PhaseBar, now_text
from ..panel.side import SidePanel
from ..panel.status import StatusLine
from ..widgets import Button, ButtonRow
from .dialogs import ConfirmScene
from .game_computer import ComputerTurns, MoveAnim
from .game_frame import FrameCache
from .game_history import HistoryMode
from .game_input import GameInput
from .handover import HandoverScene
from .help import HelpScene
from .stack import Scene
from .victory import VictoryScene


class GameScene(GameInput, HistoryMode, ComputerTurns, FrameCache, Scene):
    DRAG_PX = 6
    TOOLTIP_S = 0.45

    def __init__(self, app, game, *, hotseat: bool = True, autosave: bool = True, threaded: bool = True,
                 players: dict[str, str] | None = None) -> None:
        super().__init__(app)
        self.game = game
        self.hotseat = hotseat
        self.ctl = self.make_controller(game, threaded)
        side_words.use(game.entry)  # the game's own side names, colours and shapes
        # Who plays which side: "human" (default) or "computer"; the record remembers it
        # (header "players"), so that a save or "Continue" brings the computer sides back.
        # Each entry is "human" or "computer:<level>" (computer.player_text); an older record's bare
        # "computer" is the normal level.
        self.player_kinds = {s: player_text(*player_kind(k)) for s, k in (players or {}).items()}
        game.header["players"] = {s: self.player_kinds.get(s, HUMAN) for s in self.sides()}
        if autosave:
            game.autosave_path = paths.autosave_path()
            # Written once the game's first frame is shown (a YAML dump and two fsyncs it need
            # not wait for); every action autosaves anyway.
            app.after_frame(self._first_autosave)
        if game.load_warning:
            self.ctl.say(f"Loaded with a warning: {game.load_warning}", "refusal")
        computers: dict[str, Any] = {}  # side -> its computer player
        levels: dict[str, str] = {}
        self.computer_note = None
        for side, entry in self.player_kinds.items():
            kind, level = player_kind(entry)
            if kind == COMPUTER:
                assert level is not None, "player_kind gives a computer its level"
                player, note = make_computer(game.game_id, seed=int(game.header.get("seed", 0)) + len(computers),
                                             level=level)
                computers[side] = player
                levels[side] = level
                self.computer_note = self.computer_note or note
        self.computer = ComputerDriver(game, computers, threaded=threaded, levels=levels)
        humans = [s for s in self.sides() if not self.computer.is_computer(s)]
        if len(humans) == 1:
            self.ctl.viewer = humans[0]  # a computer's turn must not show its view to the person
        # Secrets (a hidden simultaneous choice) are kept from the other side whenever the person at
        # the screen must not see them: hotseat between two people, or a person against the computer.
        self.ctl.private = bool(humans) and (bool(computers) or hotseat)
        if self.computer_note:
            note = self.computer_note[:1].upper() + self.computer_note[1:] + "."
            self.ctl.log.append(LogEntry(len(game.actions), "note", note))
        self.mv = MapView(game.board)
        self.art = CounterArt()
        self.layer = MapLayer(self.mv, self.art)
        self.bar = PhaseBar(self.theme)
        self.panel = SidePanel(self.theme, self.art)
        self.status = StatusLine(self.theme)
        self.time = 0.0
        self.mouse: tuple[int, int] = (-1, -1)
        self.hover: Hex | None = None
        self.hover_for = 0.0
        self.press: tuple[int, tuple[int, int], bool] | None = None  # button, position, dragging
        self.shown_side: str | None = None
        self.pending_handover: tuple | None = None
        self._inputs = 0  # (see inputs)
        self.victory_shown = game.result() is not None
        self._fitted = False
        self._focus_pending: tuple | None = None  # the camera set before the legal actions were known
        self._bar_for: tuple = (None, 0)  # (window size, the tallest phase bar its words needed in it)
        self._bar_key: tuple | None = None
        self.map_buttons = ButtonRow()  # over the map: the whole map / back to where you act
        self._last_version = -1
        self._stage_seen: tuple[str, str] = ("", "")  # the battle step last brought into view
        self.show_ids = app.settings.show_hex_ids
        self.explain = False
        self.past: Controller | None = None  # the position shown in history mode (over game.at(k))
        self._past_cache: dict[int, tuple] = {}  # step -> (its timeline step, its read-only controller)
        self.anim: MoveAnim | None = None
        self._buf: pygame.Surface | None = None  # see _back_buffer
        self._map_key = None
        self._shown: tuple | None = None  # what the screen shows (see draw_dirty)
        self._tip_rect: pygame.Rect | None = None
        self._dyn_rects: list[pygame.Rect] = []
        self._end_key: tuple | None = None
        self._undo_key: tuple | None = None
        self._quit_dialog: ConfirmScene | None = None  # the question asked when the window is closed with moves unsaved
        self._ids_ctx: AbstractContextManager[Any] | None = None  # the game's own hex ids while it is on screen
        self._job_seen: object | None = None  # the controller's legal-actions job last seen done
        self._air_key: tuple | None = None
        self._air: tuple = ()


    def _first_autosave(self) -> None:
        game = self.game
        if game.autosave_path is None:
            return
        try:
            game.save(game.autosave_path)
        except OSError as e:  # shown at once, and for as long as saving fails (see save_trouble)
            game.autosave_error = e

    def make_controller(self, game, threaded: bool) -> Controller:
        """The controller that turns this scene's clicks into actions (a lesson's routes them
        through its runner)."""
        return Controller(game, threaded=threaded)

    # --- who plays ------------------------------------------------------------------
    def sides(self) -> list[str]:
        return list(self.ctl.sides())

    def computer_turn(self) -> bool:
        return self.computer.active()

    def needs_handover(self, side: str) -> bool:
        """Hotseat between two people: hide the map whenever the side to act changes."""
        if not self.hotseat or self.computer.is_computer(side):
            return False
        return not any(self.computer.is_computer(s) for s in self.sides())

    @property
    def view_ctl(self) -> Controller:
        """The controller whose position is on screen: the past one in history mode."""
        return self.past if self.past is not None else self.ctl

    # --- layout ---------------------------------------------------------------------
    def layout(self, size) -> None:
        th = self.theme
        self.bar.theme = self.panel.theme = self.status.theme = th
        w, h = size
        if size != self._bar_for[0]:  # a new window size: the bar's height is worked out anew
            self._bar_for = (size, 0)
        bar_h = max(PhaseBar.base_height(th), self._bar_for[1])
        status_h = th.px(36)  # two lines of small type when the words are long
        panel_w = min(th.px(400), int(w * 0.42))
        tool_h = PhaseBar.tool_height(th)
        self.bar.layout(pygame.Rect(0, 0, w, bar_h), pygame.Rect(w - panel_w, bar_h, panel_w, tool_h), [
            ("end", "Close declarations", self.ask_end_phase, "E"),
            ("undo", "Undo", self.undo, ""),
            ("redo", "Redo", self.redo, ""),
            ("save", "Save", self.ctl.save, ""),
            ("help", "Help", self.open_help, ""),
            ("menu", "Menu", self.ask_menu, ""),
        ], toggles=[
            ("history", "Look back", self.toggle_history, "H"),
            ("explain", "Explain", self.toggle_explain, "X"),
        ])
        need = self.bar.needed_height(self.view_ctl, self._date(), self.bar_line2()[0])
        if need > bar_h:  # words that need more lines than the bar has: a taller bar, never cut words
            self._bar_for = (size, need)
            self.layout(size)
            return
        self.panel.layout(pygame.Rect(w - panel_w, bar_h + tool_h, panel_w, h - bar_h - tool_h - status_h))
        self.status.rect = pygame.Rect(0, h - status_h, w, status_h)
        self.mv.set_rect(pygame.Rect(0, bar_h, w - panel_w, h - bar_h - status_h))
        if not self._fitted:
            self.show_play_area()
            self._fitted = True
        # The map's own buttons sit at the right end of the status strip, under the side panel:
        # over the map they hid the hex ids of its top row.
        m = th.px(4)
        self.map_buttons.clear()
        label = self._whole_label()
        bh = status_h - 2 * m
        bw = T.size("Back to play", th.normal, "bold")[0] + th.px(40)
        lw = T.size("Luck", th.normal, "bold")[0] + th.px(40)
        y = h - status_h + m
        self.map_buttons.add(Button(pygame.Rect(w - m - bw, y, bw, bh),
                                    label, self.toggle_whole_map, key_hint="F", px=th.normal, name="whole-map",
                                    tooltip="F: the whole map, or back to where you act now (the camera opened "
                                            "there); drag to pan, the wheel zooms"))
        self.map_buttons.add(Button(pygame.Rect(w - 2 * m - bw - lw, y, lw, bh), "Luck", self.open_luck,
                                    key_hint="U", px=th.normal, name="luck",
                                    tooltip="U: the luck report, drawn as charts: each side's dice against what "
                                            "was to be expected, and the game turn by turn"))
        self.status.reserve = bw + lw + 3 * m  # the status words stop short of the buttons
        self._end_key = None
        self._undo_key = None
        tips = {"end": "End the phase (E). Asks first if units could still act.", "undo": "Undo (Ctrl+Z)",
                "redo": "Redo (Ctrl+Y)", "save": "Save the game in the saves folder (Ctrl+S)",
                "help": "Keys and map symbols (F1)", "menu": "Back to the main menu (Esc); the game is autosaved",
                "history": "Look back (H): step through every position of the game; Esc returns to the present",
                "explain": "Explain (X): mark enemy zones of control, units cut off from their map edge and "
                           "overstacked hexes, with a legend under the log"}
        for b in self.bar.buttons.buttons:
            b.tooltip = tips.get(b.name, "")
        self.refresh()

    # --- the camera ---------------------------------------------------------------------
    def show_play_area(self) -> None:
        """The camera on where the player acts now (``focus.focus_hexes``), at a zoom where the
        counters can be read. Until the legal actions are known (worked out in the background),
        on the game's play area; ``update`` then moves it, unless the player has moved it."""
        legal = self.ctl.legal(wait=0)
        self.mv.frame_readable(focus_hexes(self.ctl, legal), READABLE_PX)
        self._focus_pending = self._camera() if legal is None else None

    def _camera(self) -> tuple:
        return (self.mv.zoom, self.mv.cam_x, self.mv.cam_y, tuple(self.mv.rect))

    def _whole_label(self) -> str:
        return "Back to play" if self.mv.is_whole_map() else "Whole map"

    def toggle_whole_map(self) -> None:
        """F or the button over the map: the whole map, or back to where the player acts."""
        self._focus_pending = None
        if self.mv.is_whole_map():
            self.show_play_area()
        else:
            self.mv.fit()

    def _map_tools(self, event) -> bool:
        """The button over the map and its key, before the map takes the event."""
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_f and not (getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT)):
                self.toggle_whole_map()
                return True
            return False
        if self.ctl.die is not None or event.type not in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN,
                                                          pygame.MOUSEBUTTONUP):
            return False
        if event.type == pygame.MOUSEMOTION:
            self.map_buttons.handle(event)
            return False
        if self.press is not None and event.type == pygame.MOUSEBUTTONUP and self.press[2]:
            return False  # the end of a drag that began on the map
        return self.map_buttons.handle(event)

    @property
    def inputs(self) -> tuple[int, int]:
        """Events other than pointer moves so far, here and in the scenes over this one: the side
        panel is laid out again after each (see ``panel.side.context_key``)."""
        return self._inputs, self.app.stack.inputs

    def handle(self, event) -> bool:
        if event.type != pygame.MOUSEMOTION:
            self._inputs += 1
        if self._map_tools(event):
            return True
        return super().handle(event)

    def refresh(self, cached: bool = False) -> None:
        """Rebuild the panels from the controller (after any change). ``cached`` (each frame's
        refresh): the side panel's context box is laid out again only when what it shows has
        changed (``panel.side.context_key``); a refresh asked for outside the frame lays it out."""
        vctl, line2 = self.view_ctl, self.bar_line2()[0]
        key = (id(vctl), vctl.version, line2, self.bar.text_right, self.theme.scale, vctl.legal(wait=0) is not None)
        if key != self._bar_key:  # (worked out again only when the words may have changed)
            self._bar_key = key
            if self.bar.needed_height(vctl, self._date(), line2) > self.bar.rect.h:
                self.layout(self._bar_for[0] or self.app.size)  # the bar grows to hold its words (see layout)
                return
        self.panel.build(self.view_ctl, self, cached=cached)
        whole = self.map_buttons.find("whole-map")
        if whole is not None:
            whole.label = self._whole_label()
        locked = self.past is not None or self.computer_turn()
        buttons = {b.name: b for b in self.bar.buttons.buttons}
        end = buttons.get("end")
        if end is not None:
            end.label = self.ctl.end_label()
            end_key = (self.ctl.version, locked)
            if self._end_key != end_key:
                self._end_key = end_key
                why = self.game.check(EndPhase())
                end.enabled = why is None and not locked
                if self.past is not None:
                    end.tooltip = "Not while looking back: press Esc to return to the present"
                elif self.computer_turn():
                    end.tooltip = "The computer is playing"
                else:
                    end.tooltip = ("End the phase (E). Asks first if units could still act." if why is None
                                   else f"Not now — {why}")
        if "undo" in buttons or "redo" in buttons:
            undo_key = ("undo", self.ctl.version, locked, len(self.ctl.redo_stack), self.past is not None)
            if self._undo_key != undo_key:
                self._undo_key = undo_key
                why = self.undo_blocked()
                if "undo" in buttons:
                    buttons["undo"].enabled = why is None
                    buttons["undo"].tooltip = "Undo (Ctrl+Z): take back your last action" if why is None else \
                        f"Undo (Ctrl+Z) — not now: {why}"
                if "redo" in buttons:
                    redo = None if self.ctl.redo_stack else "nothing has been undone"
                    redo = self._lock_reason() or redo
                    buttons["redo"].enabled = redo is None
                    buttons["redo"].tooltip = "Redo (Ctrl+Y): do again what was undone" if redo is None else \
                        f"Redo (Ctrl+Y) — not now: {redo}"
        if "history" in buttons:
            buttons["history"].toggled = self.past is not None
        if "explain" in buttons:
            buttons["explain"].toggled = self.explain

    def enter(self) -> None:
        # Hex ids as this game writes them (B34.16 on a board of two sheets) wherever the client names or
        # reads a hex, for as long as the game is on screen.
        from ...core.hexgrid import CCRR, hex_ids_of, use_hex_ids

        ids = hex_ids_of(self.game.board)
        if ids is not CCRR and self._ids_ctx is None:
            self._ids_ctx = use_hex_ids(ids)
            self._ids_ctx.__enter__()
        self.after_change()

    def exit(self) -> None:
        ctx = self._ids_ctx
        if ctx is not None:
            self._ids_ctx = None
            try:
                ctx.__exit__(None, None, None)
            except ValueError:  # entered in another context: nothing to undo here
                pass

    def resume(self) -> None:
        self.refresh()

    # --- scene changes driven by the game ----------------------------------------------
    def after_change(self) -> None:
        if self.ctl.version != self._last_version:
            self._last_version = self.ctl.version
            self._look_at_the_choice()
        if self.game.result() is not None and not self.victory_shown:
            self.victory_shown = True
            self.pending_handover = None
            self.app.stack.push(VictoryScene(self.app, self))
            return
        side = self.ctl.acting()
        if side is not None and side != self.shown_side:
            previous = self.shown_side
            self.shown_side = side
            self._past_cache.clear()  # past positions were seen through the last player's eyes
            if self.needs_handover(side):
                # Nothing of the last player's picks stays on screen for the next one.
                self.ctl.gui.cancel(self.ctl)
                self.ctl.forget_selection()
                self.panel.ctx_scroll = 0
                v = self.ctl.view()
                st = v.get("stage") or {}
                phase_side = self.ctl.phase().side
                detail = now_text(self.ctl)  # in the rulebook's words already (game.for_player)
                say = self.game.for_player
                notices = " ".join(str(n) for n in (v.get("notices") or self.ctl.gui.notices(self.ctl) or ()))
                if notices:
                    detail = say(notices) + " " + detail
                note = self._secret_note(side)
                if note:
                    detail = say(note) + " " + detail
                # A decision rather than a turn: a battle step of the other side's battle, or an
                # answer inside the other side's phase (a defender's artillery step).
                decision = (bool(st) and st.get("side") != phase_side) or self.ctl.answering()
                self.pending_handover = (side, detail, decision, self._last_battle())
            elif previous is not None and not self.computer.is_computer(side):
                self.ctl.say(f"{side_words.side_name(side)} player to act: {now_text(self.ctl)}")
        self._show_handover()
        self.refresh()

    def _look_at_the_choice(self) -> None:
        """A decision that came up inside a battle or a move (an owner's choice, overwatch) and is
        answered by a click on marked hexes: when none of them is in view, the camera goes to
        them (``Controller.look_for``), so that the player handed the screen sees what to click."""
        stage = self.ctl.stage()
        if stage == self._stage_seen:
            return
        self._stage_seen = stage
        if not stage[0] or self.past is not None:
            return
        hexes = {m.hex for m in self.ctl.gui.map_marks(self.ctl) if m.kind == "choice"}
        if hexes:
            self.ctl.look_for = frozenset(hexes)
            self._bring_into_view()

    def _last_battle(self) -> str | None:
        """The result of the battle that has just handed the decision over, or the secret
        choices just revealed, if any."""
        tl = self.ctl.timeline
        st = tl.step(tl.last) if tl is not None else None
        if st is None:
            return None
        return next((e.text for e in reversed(st.events) if e.kind in ("combat", "revealed")), None)

    def _secret_note(self, side: str) -> str:
        """For the hand-over after another player's secret choice: that it was made, never what."""
        from ..control import is_secret

        tl = self.ctl.timeline
        st = tl.step(tl.last) if tl is not None else None
        if st is None or st.action is None or st.side in (None, side) or not is_secret(self.game, st.action):
            return ""
        if any(e.kind == "revealed" for e in st.events):
            return ""
        who = side_words.side_name(st.side)
        words = st.action.notation().split()
        what = words[1].replace("_", " ") if words[0] == "choose" and len(words) > 1 else "decision"
        return f"The {who} player has chosen a {what}; it stays hidden until both are revealed."

    def _show_handover(self) -> None:
        """Hide the map for the next player, once the die of the last roll has been seen."""
        if self.pending_handover is None or self.app.stack.top is not self or self.ctl.die is not None:
            return
        side, detail, decision, battle = self.pending_handover
        self.pending_handover = None
        if self.ctl.acting() != side:
            return
        self.leave_history()
        say = self.game.for_player  # the result cited as the rulebook names it
        self.app.stack.push(HandoverScene(self.app, side, detail, decision=decision,
                                          battle=say(battle) if battle else battle))

    # --- commands (buttons and keys) ---------------------------------------------------------
    def _locked(self) -> bool:
        """No action may be taken now (looking back, or the computer's turn): say why."""
        if self.past is not None:
            self.past.refuse(PAST_REFUSAL)
            return True
        if self.computer_turn():
            self.ctl.say("The computer is playing this side: Space changes its pace, "
                         "Enter skips to the end of its turn.")
            return True
        return False

    def ask_end_phase(self) -> None:
        if self._locked():
            return
        why = self.game.check(EndPhase())
        if why is not None:
            self.ctl.refuse(why)
            return
        warn = self.ctl.end_warning()
        label = self.ctl.end_label()
        if warn:
            self.app.stack.push(ConfirmScene(self.app, label + "?", warn, self.end_phase, yes=label, no="Go back"))
        else:
            self.end_phase()

    def end_phase(self) -> None:
        self.ctl.end_phase()
        self.after_change()

    def _lock_reason(self) -> str | None:
        if self.past is not None:
            return "you are looking back; Esc returns to the present"
        if self.computer_turn():
            return "the computer is playing"
        return None

    def undo_blocked(self) -> str | None:
        """Why Undo would be refused now, in words for its tooltip (None: it may be used). In
        hotseat a player takes back only their own actions; against the computer, the person's
        last action and the computer's replies after it; never past a die roll or a reveal."""
        locked = self._lock_reason()
        if locked:
            return locked
        if not self.game.actions:
            return "nothing has been done yet"
        if not self.game.can_undo():
            return "a die has been rolled or a hidden unit revealed since, and those cannot be taken back"
        if not self.computer.players:
            if self.needs_handover(self.ctl.acting() or ""):
                tl = self.ctl.timeline
                last = tl.step(len(self.game.actions)) if tl is not None else None
                me = self.ctl.acting()
                if last is not None and last.side is not None and last.side != me:
                    return (f"the last action was the {side_words.side_name(last.side)} player's: in hotseat play "
                            "only they could take it back, and it is now your turn")
            return None
        if self._own_undo_target() is None:
            return "nothing of yours to undo: the actions since the last die roll or reveal are the computer's"
        return None

    def _own_undo_target(self) -> int | None:
        """Against the computer: the person's last action that may still be taken back (its number)."""
        tl = self.ctl.timeline
        for k in range(len(self.game.actions), self.game.undo_barrier, -1):
            st = tl.step(k) if tl is not None else None
            if st is None:
                return None
            if st.side is not None and not self.computer.is_computer(st.side):
                return k
        return None

    def undo(self) -> None:
        if self._locked():
            return
        why = self.undo_blocked()
        if why is not None and not (self.game.actions and not self.game.can_undo()):
            self.ctl.refuse(f"Cannot undo: {why}.")
            return
        if not self.computer.players:
            self.ctl.undo()  # past a die roll: the controller says why
            self.after_change()
            return
        # Against the computer: take back the person's own last action, and the computer's replies after it.
        target = self._own_undo_target()
        if target is None:
            self.ctl.undo()
            self.after_change()
            return
        n = 0
        while len(self.game.actions) >= target:
            if not self.ctl.undo():
                break
            n += 1
        if n:
            self.ctl.redo_stack = self.ctl.redo_stack[-1:]  # redo your action; the computer answers again itself
            if n > 1:
                self.ctl.say(f"Undone: your last action and the computer's {n - 1} action(s) after it.")
        self.after_change()

    def redo(self) -> None:
        if self._locked():
            return
        self.ctl.redo()
        self.after_change()

    def do_action(self, action) -> None:
        if self._locked():
            return
        self.ctl.do(action)
        self.after_change()

    def do_resolve(self, target: Hex) -> None:
        from ...core.actions import Resolve

        self.do_action(Resolve(target))

    def do_roll(self, support: str | None) -> None:
        if self._locked():
            return
        self.ctl.roll(support)
        self.after_change()

    def do_choose(self, uid: str) -> None:
        if self._locked():
            return
        self.ctl._choose(uid)
        self.after_change()

    def do_no_advance(self) -> None:
        if self._locked():
            return
        self.ctl.no_advance()
        self.after_change()

    def open_luck(self) -> None:
        """U or the Luck button: the luck report of the game so far, drawn as charts."""
        from .luck import LuckScene

        self.app.stack.push(LuckScene(self.app, self.game, threaded=self.ctl.threaded))

    def show_victory(self) -> None:
        self.app.stack.push(VictoryScene(self.app, self))

    def open_help(self) -> None:
        self.app.stack.push(HelpScene(self.app, self.game.board, self.game.game_id))

    def unsaved(self) -> str | None:
        """Why the last actions of the game are not on disk, in words (None: they are, by the
        autosave or a save by hand since)."""
        g = self.game
        if not g.actions or len(g.actions) == self.ctl.saved_at:
            return None
        problem = g.autosave_problem()
        if problem is not None:
            return f"the automatic save fails: {problem.why[:1].lower()}{problem.why[1:].rstrip('.')}"
        if g.autosave_path is None:
            return "this game is not saved automatically"
        return None

    def _save_then(self, then) -> None:
        """Save a copy (as Ctrl+S does), then go on only if it was written."""
        if self.ctl.save() is not None:
            then()

    def ask_menu(self) -> None:
        why = self.unsaved()
        if why is None:
            self.app.stack.push(ConfirmScene(self.app, "Leave this game?",
                                             "The game is saved automatically after every action: "
                                             "'Continue the last game' in the menu brings it back.",
                                             self.app.back_to_menu, yes="Leave", no="Stay"))
            return
        self.app.stack.push(ConfirmScene(
            self.app, "Leave without saving?", f"The last moves are not saved: {why}. Save a copy first "
            "(it goes to the saves folder, as Ctrl+S does), or leave and lose them.",
            lambda: self._save_then(self.app.back_to_menu), yes="Save and leave", no="Stay",
            other=("Leave unsaved", self.app.back_to_menu, pygame.K_l)))

    def ask_quit(self) -> bool:
        """The window is being closed: a game whose last moves are not saved asks first (True);
        closing it again while asked quits."""
        why = self.unsaved()
        if why is None or (self._quit_dialog is not None and self._quit_dialog in self.app.stack.scenes):
            return False
        self._quit_dialog = self.app.stack.push(ConfirmScene(
            self.app, "Quit without saving?", f"The last moves are not saved: {why}. Save a copy first "
            "(it goes to the saves folder, as Ctrl+S does), or quit and lose them.",
            lambda: self._save_then(self.app.quit), yes="Save and quit", no="Stay",
            other=("Quit unsaved", self.app.quit, pygame.K_q)))
        return True

    def toggle_explain(self) -> None:
        self.explain = not self.explain
        self.view_ctl.say("Explain is on: the legend is at the bottom of the side panel (X turns it off)."
                          if self.explain else "Explain is off.")
        self.refresh()

    # --- each frame ----------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.time += dt
        self.hover_for += dt
        if self.ctl.die is not None:
            self.ctl.die.time_left -= dt
            if self.ctl.die.time_left <= 0:
                self.ctl.die = None
        if self.anim is not None:
            self.anim.t += dt
            if self.anim.done:
                self.anim = None
        # Legal actions worked out in the background: show them as soon as they are ready.
        if self.ctl._job is not None and self.ctl._job.done.is_set() and self._job_seen is not self.ctl._job:
            self._job_seen = self.ctl._job
            self.ctl.hover(self.hover)
        if self._focus_pending is not None and self.ctl.legal(wait=0) is not None:
            # The opening camera, now that it is known where the player acts (unless already moved).
            if self._focus_pending == self._camera():
                self.show_play_area()
            self._focus_pending = None
        # The computer's turn: one decision at a time, at a pace the player can follow.
        can_act = (self.app.stack.top is self and self.past is None and self.ctl.die is None
                   and self.anim is None and self.pending_handover is None)
        dec = self.computer.tick(dt, can_act)
        if dec is not None:
            self._apply_computer(dec)
        if self.computer.error:
            self.ctl.refuse(self.computer.error + " — you play this side now.")
            self.computer.error = None
        self._show_handover()
        if self.app.stack.top is self:
            self.refresh(cached=True)
        self.ctl.idle(self.inputs)  # the garbage collector's turn while the player thinks
