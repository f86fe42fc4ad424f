"""Clicks and keys -> actions, through the game contract only.

The controller knows no rule. What may be done comes from ``game.legal_actions()`` and
``game.decisions()``; why something may not be done from ``game.check(action)`` (and
``game.why_not_reach`` for a hex a unit cannot reach); doing it is ``game.apply``.
It keeps the UI-side state: the selection, the battle being built, the redo list,
the log and the status line. No pygame here, so it can be tested on its own.

What it works out from the game is in ``queries.py``, the log and status line in ``log.py``,
what stays secret in ``secrets.py``, a hex in words in ``hexinfo.py``, the battle being built
in ``battle.py``. A position of the history is the same controller over the core's read-only
``game.at(k)``.
"""
from __future__ import annotations

import datetime as _dt
import logging
from collections.abc import Set as AbstractSet
from pathlib import Path
from typing import Any

from ... import paths
from ...core import actions as A
from ...core.errors import HexwarError, Illegal
from ...core.files import write_problem
from ...core.hexgrid import Hex, distance, hex_name, neighbors, parse_hex
from .. import rules_text
from ..history import Timeline
from ..sides import side_name
from .battle import BattleBuilder
from .hexinfo import HexInfo
from .log import DieShow, Journal, LogEntry, Status
from .queries import MOVING, PICK_STEPS, ChoiceGroup, Queries, _LegalJob, position_key
from .secrets import is_secret, secret_text

log = logging.getLogger(__name__)
# What a click or a key meant to act says while an earlier position is shown.
PAST_REFUSAL = Illegal("history", "you are looking at an earlier position; press Esc to return to the present")


class Controller(BattleBuilder, Queries, Journal, HexInfo):
    """UI state and the translation of clicks into actions for one Game (or, read only, for one
    position of its history: ``game.at(k)``)."""

    WAIT_S = 0.25  # how long a frame may wait for legal actions before showing "working"

    def __init__(self, game, *, threaded: bool = True, record_history: bool = True) -> None:
        self.game = game
        self.threaded = threaded
        from ..games import for_game

        self.gui = for_game(game.game_id)  # the game's own panel, marks and hooks
        self.redo_stack: list = []
        self.saved_at: int | None = None  # how many actions the game had when it was last saved by hand
        self.log: list[LogEntry] = []
        self.status = Status("", "info")
        self.hover_text = ""
        self.sel: str | None = None  # selected unit id (on the map or in the tray)
        self.target: Hex | None = None  # battle being built
        self.attackers: list[str] = []
        self.lead: str | None = None  # an offensive being built (a lead unit and its supporters): its lead unit
        self.support: list[str] = []  # and its second-echelon supporters
        self.loss_pick: str | None = None
        self.inspect: Hex | None = None  # the stack last clicked: its units are listed in the side panel
        self.group: list[str] = []  # tray counters picked together (Shift+click): one click brings them all on
        self.look_for: frozenset[Hex] | None = None  # hexes the camera should bring into view (the scene takes it)
        # An action a map click asked for that cannot be taken back (a battle rolled at once):
        # (action, title, question); the scene asks the player before it is taken.
        self.question: tuple[Any, str, str] | None = None
        self.die: DieShow | None = None
        self.version = 0  # bumped on every change of the game state
        self._job: _LegalJob | None = None
        self._view_key: Any = None
        self._view: dict | None = None
        self._stacks: dict[Hex, list[dict]] = {}
        self._units: dict[str, dict] = {}
        self._place_cache: dict = {}
        self._why_cache: dict = {}
        self._of_src: list | None = None  # the legal actions _of_cache was worked out from
        self._of_cache: dict = {}
        self._targets_cache: dict = {}
        self._memos: dict = {}  # per position: the phase, the mode, previews … (Queries._memo)
        self._hex_lines: tuple | None = None  # (HexInfo.hex_lines)
        self._groups_key: tuple | None = None
        self._groups: list[ChoiceGroup] = []
        self._entering: tuple | None = None
        self._seen = position_key(game)  # the position the caches are for (see Queries._sync)
        # A position of the history (the core's read-only ``game.at(k)``): it shows, it never acts.
        self.past = game.read_only
        self.tool: dict = {}  # a game's tool state for this controller (a line-of-sight tool, say)
        self.viewer: str | None = None  # whose view to show (None: the side to act)
        # True when one person must not see the other side's secrets (hotseat, or against the
        # computer); False for one person playing both sides openly (solo).
        self.private = False
        self.log_version = 0  # bumped when log lines change in place (a secret revealed)
        for e in game.start_events if not self.past else ():  # the past: the live log
            self.log.append(LogEntry(0, "event", e.text))
        self.timeline: Timeline | None = None
        if record_history:
            self.timeline = Timeline(game, threaded=threaded)
        if game.actions and not self.past:  # a loaded game: the core has replayed its record, events and all
            self._log_loaded()

    @property
    def index(self) -> int:
        """The number of actions applied in the position shown (history: the step looked at)."""
        return len(self.game.actions)

    # --- doing things ------------------------------------------------------------------

    def do(self, action, *, from_redo: bool = False) -> bool:
        """Check and apply an action; on refusal, say why. True if it was applied."""
        if self.past:
            self.refuse(PAST_REFUSAL)
            return False
        why = self.game.check(action)
        if why is not None:
            self.refuse(why)
            return False
        who = self.acting()
        secret = secret_text(self.game, action)  # the phase before the action counts
        rolled = self._roll_preview(action)
        try:
            events = self.game.apply(action)
        except HexwarError as e:
            self.refuse(str(e))
            return False
        self.applied(action, events, who, secret, from_redo=from_redo, rolled=rolled)
        return True

    def applied(self, action, events, who: str | None, secret: str | None, *, from_redo: bool = False,
                rolled=None) -> None:
        """What follows an action the game has just applied: the log, the die, the status line
        (``do``; a lesson applies its actions through its own runner, then calls this). ``rolled``
        is the battle's preview taken before a roll, for the die's result in words."""
        self.version += 1  # at once: whatever asks the game from here on sees the new position
        self._seen = position_key(self.game)
        if not from_redo:
            self.redo_stack.clear()
        n = len(self.game.actions)
        self.log.append(LogEntry(n, "action", action.notation(), who, secret))
        self._log_events(n, events, who, secret is not None,
                         plan=secret is not None and not is_secret(self.game, action))
        try:
            self.gui.on_events(self, events)  # a game's panel may show what an action caused
        except Exception:
            log.exception("game events hook")
        for ev in events:
            if ev.kind == "die_rolled":
                dice = tuple(int(d) for d in (ev.data.get("dice") or ()))
                self.die = DieShow(int(ev.data.get("roll", sum(dice))), ev.text, dice=dice)
            if ev.kind == "combat" and self.die is not None and "result" in ev.data:
                self.die.result = str(ev.data["result"])
                self.die.meaning = rules_text.result_text(self.game.entry, self.die.result)
                if self.die.meaning == self.die.result and rolled is not None:  # no words in the entry:
                    self.die.meaning = next((o.text for o in rolled.outcomes  # the preview's, for that result
                                             if o.code == self.die.result and o.text), self.die.meaning)
                self.die.text = ev.text
        self._changed()
        if self.game.autosave_error is not None:  # the action stands; the banner stays up too
            self.say(f"Done, but not saved: {self.autosave_why()}", "warning")
        elif secret and not any(e.kind == "revealed" for e in events):
            # Never the value in the status line: it stays on screen for the next player.
            self.say(f"Done: the {side_name(who)} player {secret}.", "ok")
        else:
            last = next((e.text for e in reversed(events) if e.kind != "die_rolled"), action.notation())
            self.say(last, "ok")

    def _roll_preview(self, action):
        """The engine's preview of a battle about to be rolled (a roll, or a resolve that rolls
        at once): its outcomes say each result in words, for the die shown after the roll."""
        return self.preview(action) if isinstance(action, (A.Roll, A.Resolve)) else None

    def _changed(self) -> None:
        self.version += 1
        self.sel = None
        self.target = None
        self.attackers = []
        self.lead = None
        self.support = []
        self.loss_pick = None
        self.group = []
        self.hover_text = ""
        self._place_cache.clear()
        self._why_cache.clear()

    def undo(self) -> bool:
        if not self.game.can_undo():
            self.refuse("Cannot undo: a die has been rolled or a hidden unit revealed since then, "
                        "and those cannot be taken back.")
            return False
        act = self.game.undo()
        if act is None:
            return False
        self._seen = position_key(self.game)
        self.redo_stack.append(act)
        n = len(self.game.actions)
        self.log = [e for e in self.log if e.index <= n]
        self._changed()
        if self.game.autosave_error is not None:
            self.say(f"Undone: {act.notation()}, but not saved: {self.autosave_why()}", "warning")
        else:
            self.say(f"Undone: {act.notation()}", "info")
        return True

    def redo(self) -> bool:
        if not self.redo_stack:
            self.refuse("Nothing to redo.")
            return False
        act = self.redo_stack.pop()
        if not self.do(act, from_redo=True):
            self.redo_stack.clear()
            return False
        return True

    def save_trouble(self) -> str | None:
        """While the autosave fails: the game's own account of it (``game.autosave_problem()``:
        that the game is not being saved, why and what to do), then Ctrl+S; None while it saves."""
        problem = None if self.past else self.game.autosave_problem()
        if problem is None:
            return None
        return f"{problem} Play goes on; once that is done, press Ctrl+S to save it."

    def autosave_why(self) -> str:
        """Why the last autosave failed, in the game's words (``game.autosave_problem().why``)."""
        problem = self.game.autosave_problem()
        return problem.why if problem is not None else "the automatic save failed."

    def save(self, path: str | Path | None = None) -> Path | None:
        if path is None:
            stamp = _dt.datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
            path = paths.saves_dir() / f"{self.game.game_id}_{stamp}.yaml"
        path = Path(path)
        try:
            self.game.save(path)
        except OSError as e:
            got = write_problem(e, path, f"Could not save in {path.parent}.")
            self.say(f"{got.what} {got.why} {got.todo}", "warning")
            return None
        except HexwarError as e:
            self.refuse(f"Could not save: {e}")
            return None
        if self.game.autosave_error is not None and self.game.autosave_path is not None:
            # Saving works again: the autosave too, or the warning stays up.
            try:
                self.game.save(self.game.autosave_path)
                self.game.autosave_error = None
            except OSError as e:
                self.game.autosave_error = e
        self.saved_at = len(self.game.actions)
        self.say(f"Saved as {path.name} in {path.parent}", "ok")
        return path

    # --- the end of a phase -------------------------------------------------------------
    def answering(self) -> bool:
        """The acting side is not the side whose phase it is: it answers the other side's
        battles inside that side's combat phase (a defender's artillery step)."""
        side = self.phase().side
        return side is not None and self.acting() not in (None, side)

    def end_label(self) -> str:
        if self.mode() == "combat-declare" and self.declared_battles() and not self.answering():
            return "Close declarations"
        return "End phase"

    def end_warning(self) -> str | None:
        """Why ending now might be a mistake (None: nothing left undone)."""
        m = self.mode()
        legal = self.legal_now()
        rule = self.phase().rule
        cite = f" ({rule})" if rule else ""
        if m in MOVING:
            waiting = {u["id"] for u in self.tray()}  # arrivals not brought on yet
            n = len({a.unit for a in legal if isinstance(a, A.Move)} - waiting)
            parts = []
            if n:
                parts.append(f"{n} unit(s) could still move")
            if waiting:
                parts.append(f"{len(waiting)} arriving unit(s) have not come onto the map")
            if parts:
                return "; ".join(parts) + ". End the phase anyway?"
        elif m == "combat-declare":
            battles = self.declared_battles()
            open_targets = {a.target for a in legal if isinstance(a, A.Attack)}
            if not battles and open_targets:
                return (f"No battle has been declared, and {len(open_targets)} enemy hex(es) could be attacked. "
                        "End the combat phase without fighting?")
            if battles and open_targets:
                return (f"After this no more battles can be declared this phase{cite}, although "
                        f"{len(open_targets)} more enemy hex(es) could be attacked. Close the declarations?")
        elif m == "buildup":
            v = self.view()
            arriving = [u["id"] for u in self.tray() if u.get("where") == "arriving"]
            parts = []
            if arriving:
                parts.append(f"{', '.join(arriving)} will be lost if not placed now{cite}")
            if v.get("steps_left") and any(isinstance(a, (A.Place, A.Restore)) for a in legal):
                parts.append(f"{v['steps_left']} replacement step(s) will be lost{cite}")
            if parts:
                return "; ".join(parts) + ". End the phase anyway?"
        return None

    def end_phase(self) -> bool:
        return self.do(A.EndPhase())

    # --- clicks ---------------------------------------------------------------------------
    def own_side(self, u: dict) -> bool:
        return u.get("side") == self.acting()

    def _cycle(self, units: list[dict], current: str | None, prefer: AbstractSet[str] | None = None) -> str | None:
        ids = [u["id"] for u in units]
        if prefer:
            ids = [i for i in ids if i in prefer] or ids
        if not ids:
            return None
        if current in ids:
            return ids[(ids.index(current) + 1) % len(ids)]
        return ids[0]

    def click_tray(self, uid: str, add: bool = False) -> None:
        """A click on a counter of the tray: select it (a second click puts it back); ``add``
        (Shift+click) picks it with the counters already picked, to bring them on together."""
        if add:
            group = list(self.group)
            if not group and self.sel is not None and self.sel != uid and self._off_map(self.sel):
                group = [self.sel]
            if uid in group:
                group.remove(uid)
            else:
                group.append(uid)
            self.pick_group(group)
            return
        self.group = []
        if self.sel == uid:
            self.sel = None
            self.say("")
            return
        self.sel = uid
        hexes = self.place_hexes(uid)
        self.look_for = frozenset(hexes) if hexes else None
        if uid in self.entering_units():  # enters by a move: its entry hexes hatched, the hexes beyond shaded
            n = len(self.move_targets(uid))
            self.say(f"{uid}: click a {rules_text.PLACE_HEX} to bring it on there ({len(hexes or ())} in all), "
                     f"or a shaded one to go on further ({n} within reach).", "info")
            return
        if hexes is None:
            self.say(f"{uid} selected. Working out where it may go...", "info")
        elif hexes:
            self.say(f"{uid} selected: click one of the {len(hexes)} {rules_text.PLACE_HEX}es.", "info")
        else:
            self.refuse(self.why_no_place(uid), f"{uid} cannot be placed now")

    def _off_map(self, uid: str) -> bool:
        return (self.unit(uid) or {}).get("where") not in ("map", None)

    def pick_group(self, ids) -> None:
        """Pick these tray counters together: one click on a legal hex brings them all on there."""
        tray = {u["id"] for u in self.tray()}
        group = [i for i in dict.fromkeys(ids) if i in tray]
        self.group = group if len(group) > 1 else []
        self.sel = group[-1] if group else None
        if len(group) > 1:
            hexes = set().union(*((self.place_hexes(i) or set()) for i in group))
            self.look_for = frozenset(hexes) if hexes else None
            self.say(f"{len(group)} units picked: click a {rules_text.PLACE_HEX} and each goes onto a legal hex "
                     "of that stretch, the nearest first (Esc drops the pick).", "info")
        elif group:
            self.click_tray(group[0])

    def place_group(self, h: Hex) -> bool:
        """Bring every picked counter on at ``h`` or, when it is taken, on the nearest legal hex of
        the same stretch of legal hexes: one ordinary action each, checked by the game (a unit
        that fits nowhere there stays picked, with the reason)."""
        group = list(self.group)
        # Every unit's actions worked out now, from this position's legal actions: each action
        # taken below gives a new position, whose list is not needed (the game checks each one).
        acts = {uid: {x: self._bring_on(uid, x) for x in self.place_hexes(uid) or ()} for uid in group}
        every = set().union(*(set(a) for a in acts.values()))
        if h not in every:
            uid = group[0]
            self.refuse(self._why_not_here(uid, h), f"{hex_name(h)} is not a legal hex for these units")
            return False
        stretch, todo = {h}, [h]  # the run of legal hexes that holds h (an edge, a set-up area)
        while todo:
            for n in neighbors(todo.pop()):
                if n in every and n not in stretch:
                    stretch.add(n)
                    todo.append(n)
        side, done, left = self.acting(), [], []
        why: Illegal | str | None = None
        taken: dict[Hex, int] = {}  # units of the pick brought onto each hex so far: spread along the stretch
        keep = {uid: self.game.keep_together(uid) for uid in group}  # the game's groups that stay close
        at: dict[str, list[Hex]] = {}  # where each such group's units of the pick went
        for k, uid in enumerate(group):
            if self.acting() != side or self.stage()[0]:  # something for the other side came up: stop
                left += group[k:]
                why = why or "the game asks something else first"
                break
            kept = keep[uid]
            mates, most = (at.get(kept[0], []), kept[1]) if kept else ([], 0)
            # first the hexes within the group's limit of each of its units already placed
            far = {x: any(distance(x, m) > most for m in mates) for x in set(acts[uid]) & stretch}
            near = sorted(far, key=lambda x: (far[x], taken.get(x, 0), distance(x, h), x))
            placed = False
            for x in near:
                act = acts[uid][x]
                got = self.game.check(act)
                if got is None and self.do(act):
                    done.append(uid)
                    taken[x] = taken.get(x, 0) + 1
                    if kept:
                        at.setdefault(kept[0], []).append(x)
                    placed = True
                    break
                why = why or got
            if not placed:
                if not near:
                    why = why or self._why_not_here(uid, h)
                left.append(uid)
        left = [u for u in left if self._off_map(u)]
        self.group = left if len(left) > 1 else []
        self.sel = left[0] if left else None
        msg = f"{len(done)} unit(s) brought on near {hex_name(h)}" + (f": {', '.join(done)}." if done else ".")
        if left:
            self.say(f"{msg} Not placed: {', '.join(left)} — {why or 'no legal hex left there'}.",
                     "refusal" if not done else "info")
        else:
            self.say(msg, "ok")
        return bool(done)

    def _bring_on(self, uid: str, h: Hex):
        """The action that brings ``uid`` onto ``h``: its entry move, or its placement."""
        path = self.entry_path(uid, h) if uid in self.entering_units() else None
        return A.Move(uid, path) if path else A.Place(uid, h)

    def entry_path(self, uid: str, h: Hex) -> tuple[Hex, ...] | None:
        """The path of a unit entering the map to ``h``: straight onto it when ``h`` is one of its
        entry hexes and the game accepts that (the legal list may name only one path to each hex,
        along the edge from another entry hex), else the path the legal list offers."""
        if h in (self.place_hexes(uid) or ()) and self.game.check(A.Move(uid, (h,))) is None:
            return (h,)
        return self.move_targets(uid).get(h)

    def _why_not_here(self, uid: str, h: Hex) -> Illegal | None:
        """Why ``uid`` may not come onto ``h``: the rule, as hovering says it."""
        if uid in self.entering_units():
            return self.why_not_move(uid, h)
        return self.game.check(A.Place(uid, h))

    def why_no_place(self, uid: str) -> Illegal | None:
        """The engine's refusal of placing ``uid`` now (its rule and reason), checked on a hex
        where others may go (or any hex of the map)."""
        legal = self.legal() or []
        hexes = sorted({a.hex for a in legal if isinstance(a, A.Place)})
        probe = hexes[0] if hexes else min(self.game.board.terrain)
        return self.game.check(A.Place(uid, probe))

    def resolve_rolls(self) -> bool:
        """Resolving a battle rolls its dice at once: the game has no roll step of its own (its
        entry names none), so the click that resolves cannot be taken back."""
        entry = self.game.entry
        return entry is not None and entry.step("roll") is None

    def ask_resolve(self, h: Hex) -> None:
        """A click on a battle whose dice roll at once: the question for the scene to ask."""
        act = A.Resolve(h)
        c = self.consequence(act)
        p = self.preview(act)
        odds = c.text if c is not None else (p.figure if p is not None and p.figure else "")
        self.question = (act, f"Roll for the battle at {hex_name(h)}?",
                         (f"{odds}. " if odds else "") + "The dice are rolled at once and cannot be taken back. "
                         "Enter rolls; Esc goes back.")
        self.say(f"Roll for {hex_name(h)}? Enter rolls, Esc goes back.")

    def click_hex(self, h: Hex, one: bool = False) -> None:
        """A left click on hex ``h`` of the map (history: it only describes the hex); ``one``
        (Shift+click) takes a stack's units one at a time in a battle being built."""
        if self.past:
            self.say(self.describe_hex(h))
        else:
            self._click_hex(h, one)
        self.look_at(h)

    def look_at(self, h: Hex | None) -> None:
        """List the units of the stack at ``h`` in the side panel (nothing there: no list)."""
        self.inspect = h if h is not None and self.units_at(h) else None

    def stack_hex(self) -> Hex | None:
        """The stack whose units the side panel lists: the selected unit's, else the last one clicked."""
        u = self.unit(self.sel) if self.sel else None
        if u and u.get("where") == "map" and u.get("hex"):
            return parse_hex(u["hex"])
        return self.inspect if self.inspect is not None and self.units_at(self.inspect) else None

    def _click_hex(self, h: Hex, one: bool = False) -> None:
        if not self.past and self.gui.take_click(self, h):  # a game's tool (a line-of-sight check, say)
            return
        m = self.mode()
        here = self.units_at(h)
        if m == "over":
            self.say(self.describe_hex(h))
            return
        if m in ("setup", "buildup"):
            self._click_build(h, here)
        elif m in MOVING:
            self._click_move(h, here)
        elif m == "combat-declare":
            self._click_declare(h, here, one)
        elif m == "combat-resolve":
            if h in self.unresolved():
                if self.resolve_rolls():  # the dice are rolled at once: asked first
                    self.ask_resolve(h)
                else:
                    self.do(A.Resolve(h))
            else:
                self.refuse(self.game.check(A.Resolve(h)))
        elif self.step_moves():
            self._click_move(h, here)  # a battle step done by moving (an advance after combat)
        elif m in PICK_STEPS:
            self._click_choice(h, here, m)
        elif m == "stage:retreat":
            self._click_retreat(h)
        elif m == "stage:roll":
            self.say("Roll the die first: press R or use a Roll button in the panel.")
        else:
            act = self.gui.click_action(self, h)  # a game's decision made on the map
            if act is not None:
                self.do(act)
            else:
                self.say(self.describe_hex(h))

    def _click_build(self, h: Hex, here: list[dict]) -> None:
        if len(self.group) > 1:
            self.place_group(h)
            return
        if self.sel and (self.unit(self.sel) or {}).get("where") != "map":
            uid = self.sel
            act = A.Place(uid, h)
            before = self.unit(uid) or {}
            if self.do(act):
                self._select_next(before)
            return
        own = [u for u in here if self.own_side(u)]
        if own:
            sel = self._cycle(own, self.sel)
            assert sel is not None, "one of our own units here"
            self.sel = sel
            u = self.unit(sel) or {}
            if self.phase_kind() == "buildup":
                if self.sel in self.restorable():
                    d = self.decision("restore")
                    cite = f" ({d.rule})" if d is not None and d.rule else ""
                    self.say(f"{self.sel} is reduced: Restore spends one replacement step{cite}.")
                elif u.get("steps", 1) < u.get("max_steps", 1):
                    self.refuse(self.game.check(A.Restore(sel)))
                else:
                    self.say(f"{self.sel}: {u.get('name', '')}, {u.get('label', '')}")
            else:
                self.say(f"{self.sel} is set up here. Ctrl+Z takes a placement back.")
            return
        self.say("Pick a counter from the tray first, then click a highlighted hex.")

    def _select_next(self, before: dict) -> None:
        """After a placement select the next counter still to place, for fast set-up: one of the
        same type if there is one, else the next in the tray that has somewhere to go, until none
        is left."""
        sig = (before.get("nation"), before.get("kind"), before.get("size"), before.get("label"))
        # Of the same kind of counter in the tray (never from the arrivals to the units that a
        # replacement step rebuilds: that one the player picks).
        tray = [u for u in self.tray() if u["id"] != before.get("id") and u.get("where") == before.get("where")]
        like = [u for u in tray if (u.get("nation"), u.get("kind"), u.get("size"), u.get("label")) == sig]
        for u in like + [u for u in tray if u not in like]:
            hexes = self.place_hexes(u["id"])
            if hexes is None or hexes:  # unknown yet (worked out in the background), or somewhere to go
                self.sel = u["id"]
                return

    def _click_move(self, h: Hex, here: list[dict]) -> None:
        if self.sel is not None and (self.unit(self.sel) or {}).get("where") not in ("map", None):
            if len(self.group) > 1:
                self.place_group(h)
                return
            if self.sel in self.entering_units():  # a unit entering by a move (its path starts at the entry hex)
                path = self.entry_path(self.sel, h)
                if path:
                    before = self.unit(self.sel) or {}
                    if self.do(A.Move(self.sel, path)):
                        self._select_next(before)
                else:  # the rule that keeps it out, as pointing at the hex says it
                    self.refuse(self.why_not_move(self.sel, h), f"{self.sel} cannot enter at {hex_name(h)}")
                return
            self._click_build(h, here)  # a counter from the arrivals tray
            return
        if self.sel is not None:
            targets = self.move_targets(self.sel)
            if h in targets:
                self.do(A.Move(self.sel, targets[h]))
                return
        own = [u for u in here if self.own_side(u)]
        if own:
            ids = [u["id"] for u in own]
            if self.sel in ids and len(ids) == 1:
                self.sel = None
                self.say("")
                return
            sel = self._cycle(own, self.sel if self.sel in ids else None, self.movable_units())
            assert sel is not None, "one of our own units here"
            self.sel = sel
            if self.sel in self.movable_units():
                n = len(self.move_targets(self.sel))
                costs = n and self.move_figure(self.sel, next(iter(self.move_targets(self.sel))))
                self.say(f"{self.sel}: {n} hex(es) within reach" +
                         ("; the number on each is the movement points it costs." if costs else ", shaded on the map."))
            else:
                self.refuse(self._why_cannot_move(sel))
            return
        if self.sel is not None:
            act = self.gui.click_action(self, h)  # the game's other use of a click (a game of fire: fire at it)
            if act is not None:
                self.do(act)
                return
            self.refuse(self.why_not_move(self.sel, h), "that hex cannot be reached")
            return
        if here:
            self.say(self.describe_hex(h))
        else:
            self.say("Click one of your units to see where it can go.")

    def _why_cannot_move(self, uid: str) -> Illegal | str:
        u = self.unit(uid) or {}
        board = self.game.board
        h = parse_hex(u["hex"]) if u.get("hex") else None
        if h is not None:
            for n in neighbors(h):
                if n not in board.terrain:
                    continue
                why = self.why_not_move(uid, n)
                if why is not None:
                    return why
        return f"{uid} has nowhere to go this phase"

    def why_not_move(self, uid: str, h: Hex) -> Illegal | None:
        key = (self.version, uid, h)
        if key in self._why_cache:
            return self._why_cache[key]
        why = None
        try:
            why = self.game.why_not_reach(uid, h)
        except Exception:
            log.exception("why_not_reach failed")
        if why is None and h not in self.move_targets(uid):
            why = self.game.check(A.Move(uid, (h,)))
        self._why_cache[key] = why
        return why

    def cancel(self) -> bool:
        """Drop the current selection; False if there was none."""
        if self.gui.cancel(self):  # the game's tool goes first
            return True
        had = self.sel is not None or self.target is not None or self.attackers or self.loss_pick is not None \
            or self.inspect is not None
        had = had or bool(self.group)
        self.forget_selection()
        if had:
            self.say("")
        return bool(had)

    def forget_selection(self) -> None:
        """Drop everything picked on the screen (the hand-over to the other player: nothing of
        the last player's picks stays in the panel)."""
        self.inspect = None
        self.sel = None
        self.target = None
        self.attackers = []
        self.lead = None
        self.support = []
        self.loss_pick = None
        self.group = []
        self.hover_text = ""

    def _click_choice(self, h: Hex, here: list[dict], m: str) -> None:
        choices = self.choice_units()
        ids = [u["id"] for u in here]
        cands = [i for i in ids if i in choices]
        if m == "stage:advance" and not cands and len(set(choices)) == 1 and self.stage()[1] == hex_name(h):
            self.do(A.Advance(choices[0]))
            return
        if not cands:
            names = ", ".join(sorted(set(choices))) or "none"
            self.refuse(f"Choose one of: {names}.")
            return
        if len(cands) == 1:
            self._choose(cands[0], m)
            return
        self.loss_pick = self._cycle([u for u in here if u["id"] in cands], self.loss_pick)
        self.sel = self.loss_pick
        self.say(f"{self.loss_pick} picked: press Enter or use the panel to confirm; click again for the other unit.")

    def _choose(self, uid: str, m: str | None = None) -> bool:
        m = m or self.mode()
        if m == "stage:advance":
            return self.do(A.Advance(uid))
        if m == "stage:overstack":
            return self.do(A.Remove(uid))
        return self.do(A.Loss(uid))

    def confirm_pick(self) -> bool:
        if self.loss_pick is None:
            return False
        return self._choose(self.loss_pick)

    def _click_retreat(self, h: Hex) -> None:
        paths_ = [r for r in self.retreats() if r.path and r.path[-1] == h]
        if len(paths_) == 1:
            self.do(paths_[0])
            return
        if len(paths_) > 1:
            self.say(f"{len(paths_)} retreat paths end at {hex_name(h)}: choose one in the panel.")
            return
        rs = self.retreats()
        if rs:
            self.refuse(self.game.check(A.Retreat(rs[0].unit, (h,))), "that is not the end of a legal retreat path")

    def roll(self, support: str | None = None) -> bool:
        return self.do(A.Roll(support))

    def no_advance(self) -> bool:
        return self.do(A.Advance(None))

    def restore(self, uid: str | None = None) -> bool:
        uid = uid or self.sel
        if uid is None:
            self.refuse("Select a reduced unit on the map first.")
            return False
        return self.do(A.Restore(uid))

    def next_unit(self) -> None:
        """Tab: select the next unit that can still act."""
        m = self.mode()
        if m in MOVING:
            ids = sorted(self.movable_units())
        elif m in ("setup", "buildup"):
            ids = [u["id"] for u in self.tray()]
        elif m == "combat-declare" and self.target is not None:
            ids = sorted(self.eligible_attackers(self.target))
        else:
            ids = []
        if not ids:
            self.say("No unit can act now.")
            return
        k = ids.index(self.sel) + 1 if self.sel in ids else 0
        uid = ids[k % len(ids)]
        if m in ("setup", "buildup"):
            self.click_tray(uid)
        elif m == "combat-declare":
            if uid not in self.attackers:
                self.attackers.append(uid)
            self._say_odds()
        else:
            self.sel = uid
            self.say(f"{uid}: {len(self.move_targets(uid))} hex(es) within reach.")

    # --- hover -------------------------------------------------------------------------
    def hover(self, h: Hex | None) -> None:
        self.hover_text = ""
        if h is None or self.gui.tool_on(self):  # a game's tool in use: the pointer is not a move
            return
        m = self.mode()
        if m in MOVING and self.sel is not None and self.legal() is not None:
            if h not in self.move_targets(self.sel) and (self.unit(self.sel) or {}).get("hex") != hex_name(h):
                why = self.why_not_move(self.sel, h)
                if why is not None:
                    self.hover_text = f"Cannot go to {hex_name(h)}: {why}"
