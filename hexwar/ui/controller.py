"""Clicks and keys -> actions, through the game contract only.

The controller knows no rule. What may be done comes from ``game.legal_actions()``;
why something may not be done comes from ``game.check(action)`` (or the game's own
explanation helpers such as ``rules.why_not_move``); doing it is ``game.apply``.
It keeps the UI-side state: the selection, the battle being built, the redo list,
the log and the status line. No pygame here, so it can be tested on its own.
"""
from __future__ import annotations

import datetime as _dt
import logging
import threading
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import paths
from ..core import actions as A
from ..core.errors import HexwarError, Illegal
from ..core.hexgrid import Hex, hex_name, neighbors, parse_hex
from . import rules_text
from .history import Timeline

log = logging.getLogger(__name__)

SIDE_NAMES = rules_text.SIDE_NAMES


@dataclass
class Status:
    text: str = ""
    kind: str = "info"  # info | refusal | ok


@dataclass
class LogEntry:
    index: int  # number of actions applied when this line was written
    kind: str  # action | event | note | reason (a computer player's reason)
    text: str
    side: str | None = None
    # A secret decision (see ``is_secret``): what the other side sees instead of ``text`` until
    # a ``revealed`` event comes; None once revealed, or for anything public.
    secret: str | None = None


# Secret decisions of the games whose rules object does not (yet) declare ``secret_choices``:
# the rulebook makes them secret, so the client keeps them hidden in any case.
KNOWN_SECRETS: dict[str, frozenset] = {"battle-for-kursk": frozenset({"posture"})}  # 12.0


def secret_whats(rules) -> frozenset:
    """The decisions whose value the other side must not see until it is revealed: the rules'
    ``secret_choices`` (names of ``Choose.what``), e.g. Kursk's simultaneous postures (12.0)."""
    got = getattr(rules, "secret_choices", None)
    if got is None:
        got = KNOWN_SECRETS.get(str(getattr(rules, "game_id", "")), ())
    return frozenset(got or ())


def is_secret(rules, action) -> bool:
    """Is this action a secret decision? A rules object may answer itself (``is_secret(action)``);
    otherwise a ``Choose`` whose ``what`` is one of its ``secret_choices``."""
    fn = getattr(rules, "is_secret", None)
    if callable(fn):
        try:
            return bool(fn(action))
        except Exception:  # a broken hook must not reveal anything: treat the action as secret
            log.exception("rules.is_secret failed")
            return True
    return isinstance(action, A.Choose) and action.what in secret_whats(rules)


# Phase kinds of other games -> the client's step with the same widgets.
KIND_ALIASES = {"replacement": "buildup", "replacements": "buildup", "reinforcement": "buildup",
                "armor_rail": "special", "rail": "special", "move": "movement"}


def guess_kind(phase_id: str) -> str:
    """A phase kind from a phase id, for games that give no phase objects."""
    p = phase_id.lower()
    for words, kind in ((("setup", "set_up", "deploy"), "setup"), (("combat", "battle", "attack"), "combat"),
                        (("move", "movement"), "movement"), (("replacement", "buildup", "reinforce"), "buildup")):
        if any(w in p for w in words):
            return kind
    return ""


# The actions each step of the client has its own widget for (tray, map clicks, battle buttons);
# any other legal action goes to the generic chooser (``Controller.choice_groups``). End phase
# always has its button.
HANDLED: dict[str, tuple[type, ...]] = {
    "setup": (A.Place,), "buildup": (A.Place, A.Restore),
    "movement": (A.Move, A.Place), "special": (A.Move, A.Place),  # Place: arrivals, from the tray
    "combat-declare": (A.Attack,), "combat-resolve": (A.Resolve,),
    "stage:roll": (A.Roll,), "stage:retreat": (A.Retreat,), "stage:advance": (A.Advance, A.Move),
    "stage:defender_loss": (A.Loss,), "stage:exchange_loss": (A.Loss,), "stage:attacker_loss": (A.Loss,),
    "stage:overstack": (A.Remove,),
}
CHOOSER_LIMIT = 24  # options shown per group; the rest are counted


@dataclass(frozen=True)
class Option:
    label: str
    action: Any
    refusal: str = ""  # "rule: reason" from game.check when the option is not legal now


@dataclass(frozen=True)
class ChoiceGroup:
    """Legal actions of one kind for the generic chooser: a Choose decision (by ``what``) or a verb."""

    key: str  # "choose:<what>" or "verb:<verb>"
    title: str
    rule: str
    help: str
    options: tuple[Option, ...]
    secret: bool = False
    more: int = 0  # options left out (beyond CHOOSER_LIMIT)


def secret_label(action) -> str:
    what = getattr(action, "what", None) or getattr(action, "notation", lambda: "a decision")().split()[0]
    return f"chose a {str(what).replace('_', ' ')} (hidden until both are revealed)"


# Phases in which every decision is one side's secret plan, with what the other side reads
# instead: Black Wednesday's Prep Log is the Soviet player's plot (2.4, decision BW-L1). The
# view already leaves an unfired box's target out for the Axis side; the log lines of the plot
# (and a computer's reasons for it) stay hidden from the Axis player for good — each box's
# target shows when it fires.
SECRET_PHASES: dict[str, dict[str, str]] = {
    "black-wednesday": {"prep_log": "made a Prep Log phase decision (the Soviet plot, kept from the Axis player; "
                                    "each box's target shows when it fires, 2.4)"},
}
HIDDEN_EVENT = "(hidden until both are revealed)"
HIDDEN_PLAN = "(hidden: part of the other side's plan)"


def secret_text(rules, action, state=None) -> str | None:
    """What the other side reads instead of ``action`` (taken in ``state``), or None when it is
    public: a secret decision (``is_secret``), or any decision of a secret phase (``SECRET_PHASES``)."""
    if is_secret(rules, action):
        return secret_label(action)
    phases = SECRET_PHASES.get(str(getattr(rules, "game_id", "")))
    if phases and state is not None:
        return phases.get(getattr(state, "phase", None))
    return None


@dataclass
class DieShow:
    roll: int
    text: str
    result: str = ""
    time_left: float = 2.2
    dice: tuple[int, ...] = ()  # each die of a roll of several (TCS's 2d6), drawn side by side


@dataclass
class _LegalJob:
    state: Any
    result: list | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


class Controller:
    """UI state and the translation of clicks into actions for one Game."""

    WAIT_S = 0.25  # how long a frame may wait for legal actions before showing "working"

    def __init__(self, game, *, threaded: bool = True, record_history: bool = True) -> None:
        self.game = game
        self.threaded = threaded
        try:
            from ..games import find_game

            self.pkg = find_game(game.game_id)
        except Exception:
            self.pkg = None
        self.tables = getattr(self.pkg, "tables", None)
        from .games import for_game

        self.gui = for_game(getattr(game, "game_id", None))  # the game's own panel, marks and hooks
        self.redo_stack: list = []
        self.log: list[LogEntry] = []
        self.status = Status("", "info")
        self.hover_text = ""
        self.sel: str | None = None  # selected unit id (on the map or in the tray)
        self.target: Hex | None = None  # battle being built
        self.attackers: list[str] = []
        self.lead: str | None = None  # an Offensive being built (Kursk 9.2.1): its lead unit
        self.support: list[str] = []  # and its second-echelon supporters
        self.loss_pick: str | None = None
        self.inspect: Hex | None = None  # the stack last clicked: its units are listed in the side panel
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
        self.past = False  # True for a PastController (history, read-only)
        self.tool: dict = {}  # a game's tool state for this controller (Black Wednesday: line of sight)
        self.viewer: str | None = None  # whose view to show (None: the side to act)
        # True when one person must not see the other side's secrets (hotseat, or against the
        # computer); False for one person playing both sides openly (solo).
        self.private = False
        self.log_version = 0  # bumped when log lines change in place (a secret revealed)
        for e in getattr(game, "start_events", []) or []:
            self.log.append(LogEntry(0, "event", e.text))
        self.timeline: Timeline | None = None
        if record_history:
            self.timeline = Timeline(game, threaded=threaded)
        if game.actions:  # a loaded game: the core has replayed its record, events and all
            self._log_loaded()

    # --- the history of the game ------------------------------------------------------
    def _log_loaded(self) -> None:
        """The log of the actions applied before the client took the game over (a loaded record)."""
        n = len(self.game.actions)
        tl = self.timeline
        # With the start (opened again from the header and checked with one action), the first
        # action knows its side too.
        known = {st.index: st for st in tl.steps()} if tl is not None else {}
        for i, a in enumerate(self.game.actions):
            st = known.get(i + 1)
            before = known.get(i)
            secret = secret_text(self.rules, a, before.state if before is not None else None)
            self.log.append(LogEntry(i + 1, "action", a.notation(), st.side if st else None, secret))
            if st is not None:
                self._log_events(i + 1, st.events, st.side, secret is not None, plan=not is_secret(self.rules, a))
        note = f"Game loaded: {n} actions replayed from the record."
        if any(i + 1 not in known for i in range(n)):
            note += " The events of the earlier actions are not known."
        self.log.append(LogEntry(n, "note", note))

    # --- what the game says ---------------------------------------------------------
    @property
    def rules(self):
        return self.game.rules

    @property
    def state(self):
        return self.game.state

    def acting(self) -> str | None:
        return self.game.acting_side()

    def sides(self) -> tuple[str, ...]:
        """The game's sides (from its tables, else from the units in view)."""
        got = getattr(self.tables, "SIDES", None) or getattr(self.rules, "SIDES", None) or \
            getattr(self.rules, "sides", None)
        if got and not callable(got):
            return tuple(got)
        return tuple(sorted({u["side"] for u in self.view()["units"] if u.get("side")}))

    def view(self) -> dict:
        key = (id(self.game.state), self.version)
        if self._view is None or self._view_key != key:
            side = self.viewer or self.acting()
            self._view = self.game.view(side)
            self._view_key = key
            st = self._view.get("stage")
            if st and "kind" not in st:  # a game's own decision (Black Wednesday's choices inside a fire)
                self._view = {**self._view, "stage": {**st, "kind": "choice"}}
            gui = getattr(self, "gui", None)
            if gui is not None and self._view.get("units"):  # the game's badges on its counters
                self._view = {**self._view, "units": [gui.with_badges(u) for u in self._view["units"]]}
            self._units = {u["id"]: u for u in self._view["units"]}
            stacks: dict[Hex, list[dict]] = {}
            for u in self._view["units"]:
                if u.get("where") == "map" and u.get("hex"):
                    stacks.setdefault(parse_hex(u["hex"]), []).append(u)
            self._stacks = stacks
        return self._view

    def unit(self, uid: str) -> dict | None:
        self.view()
        return self._units.get(uid)

    def stacks(self) -> dict[Hex, list[dict]]:
        self.view()
        return self._stacks

    def units_at(self, h: Hex) -> list[dict]:
        return self.stacks().get(h, [])

    def phase(self):
        """The phase object (id, side, name, rule, kind) from the game's ``tables.PHASE`` or the
        rules' own ``PHASE`` mapping; None when the game has neither."""
        pid = self.view().get("phase")
        for holder in (self.tables, self.rules):
            table = getattr(holder, "PHASE", None)
            if isinstance(table, dict):
                return table.get(pid)
        return None

    def phase_kind(self) -> str:
        """What kind of step this is for the client's widgets (setup, buildup, movement, special,
        combat …). Kinds of other games map onto these (KIND_ALIASES); a game without phase
        objects gets a guess from the phase id, and anything else the generic chooser."""
        own = self.gui.phase_kind(self)  # a game whose phase mixes steps (TCS's Action Phase)
        if own:
            return own
        p = self.phase()
        kind = str(getattr(p, "kind", "") or "") if p is not None else ""
        if not kind:
            kind = guess_kind(str(self.view().get("phase") or ""))
        return KIND_ALIASES.get(kind, kind)

    def mode(self) -> str:
        """The client's step: "setup", "movement", "combat-declare", "stage:retreat" … (asked many
        times a frame, so remembered per position)."""
        key = (id(self.game.state), self.version)
        if getattr(self, "_mode_key", None) == key:
            return self._mode
        got = self._mode_now()
        if got != "combat-wait":
            self._mode_key, self._mode = key, got
        else:  # the legal actions are still being worked out: ask again next frame
            got = "combat-declare"
        return got

    def _mode_now(self) -> str:
        v = self.view()
        if v.get("result"):
            return "over"
        if v.get("stage"):
            return "stage:" + v["stage"]["kind"]
        kind = self.phase_kind()
        if kind == "combat":
            if getattr(self.state, "declared", False):
                return "combat-resolve"
            # A game that does not use Kiev's "declared" flag: resolving once battles can be
            # resolved and no attack can be declared any more.
            legal = self.legal(wait=0)
            if legal is None:
                return "combat-wait"
            can_resolve = any(isinstance(a, A.Resolve) for a in legal)
            can_attack = any(isinstance(a, A.Attack) for a in legal)
            return "combat-resolve" if can_resolve and not can_attack else "combat-declare"
        return kind or "play"

    def legal(self, wait: float | None = None) -> list | None:
        """The legal actions now, or None while they are still being worked out."""
        st = self.game.state
        job = self._job
        if job is None or job.state is not st:
            job = _LegalJob(st)
            self._job = job
            if self.threaded:
                threading.Thread(target=self._work, args=(job,), daemon=True, name="hexwar-legal").start()
            else:
                self._work(job)
        if not job.done.is_set():
            job.done.wait(self.WAIT_S if wait is None else wait)
        if not job.done.is_set():
            return None
        if job.error is not None:
            return []
        return job.result

    def _work(self, job: _LegalJob) -> None:
        try:
            job.result = list(self.game.rules.legal_actions(job.state))
        except BaseException as e:  # shown as "no actions", logged for the developer
            log.exception("legal_actions failed")
            job.error = e
        finally:
            job.done.set()

    def legal_now(self) -> list:
        """Legal actions, waiting for them if needed (used for decisions, not for drawing)."""
        got = self.legal(wait=120)
        return got or []

    # --- derived from the legal actions ------------------------------------------------
    def _of(self, cls) -> list:
        """The legal actions of one kind (remembered until the legal actions change; do not modify)."""
        legal = self.legal()
        if legal is None:
            return []
        if self._of_src is not legal:
            self._of_src = legal
            self._of_cache = {}
        got = self._of_cache.get(cls)
        if got is None:
            got = self._of_cache[cls] = [a for a in legal if isinstance(a, cls)]
        return got

    def other_actions(self) -> list | None:
        """Legal actions no widget of the current step handles (None while being worked out)."""
        legal = self.legal()
        if legal is None:
            return None
        handled = HANDLED.get(self.mode(), ()) + (A.EndPhase,)
        own = self.gui.unit_verbs  # offered by the game's own panel or the stack list instead
        return [a for a in legal if not isinstance(a, handled) and (not own or a.notation().split()[0] not in own)]

    def choice_info(self, what: str) -> dict:
        """What the rules say about a named decision (optional hook ``rules.choice_info(state,
        what)``: ``title``, ``rule``, ``help``, ``values`` — every value, legal now or not)."""
        fn = getattr(self.rules, "choice_info", None)
        if callable(fn):
            try:
                got = dict(fn(self.state, what) or {})
                if got:
                    return got
            except Exception:
                log.exception("rules.choice_info failed")
        return dict(self.gui.choice_info(what) or {})

    def choice_groups(self) -> list[ChoiceGroup]:
        """The generic chooser: the legal actions no widget handles, grouped — ``Choose`` by what
        is decided, any other verb by its verb — with the rule and, for values the rules list but
        do not allow now, the refusal from ``game.check``."""
        legal = self.legal()
        key = (id(self.game.state), self.version, id(legal), self.mode(), self.target)
        if getattr(self, "_groups_key", None) == key:
            return self._groups  # laid out every frame: worked out once per position
        acts = self.other_actions()
        if acts and self.target is not None:
            # A battle being built: of the actions aimed at a hex (Kursk's offensives), only those
            # aimed at the hex picked on the map.
            acts = [a for a in acts if getattr(a, "target", self.target) == self.target]
        if not acts:
            if legal is not None:
                self._groups_key, self._groups = key, []
            return []
        v = self.view()
        default_rule = str(v.get("phase_rule") or getattr(self.phase(), "rule", "") or "")
        order: list[str] = []
        by: dict[str, list] = {}
        for a in acts:
            k = f"choose:{a.what}" if isinstance(a, A.Choose) else f"verb:{a.notation().split()[0]}"
            if k not in by:
                order.append(k)
                by[k] = []
            by[k].append(a)
        first = getattr(self.gui, "first_groups", ())
        order.sort(key=lambda k: first.index(k) if k in first else len(first))
        groups = []
        for k in order:
            items = by[k]
            if k.startswith("choose:"):
                what = k.split(":", 1)[1]
                info = self.choice_info(what)
                legal_vals = [a.value for a in items]
                values = [str(x) for x in (info.get("values") or legal_vals)]
                values += [x for x in legal_vals if x not in values]
                opts = []
                for val in values:
                    act = A.Choose(what, val)
                    label = self.gui.option_label(act) or val.replace("_", " ")
                    if val in legal_vals:
                        opts.append(Option(label, act))
                    else:
                        why = self.game.check(act)
                        opts.append(Option(label, act, str(why) if why else "not offered now"))
                title = str(info.get("title") or what.replace("_", " ").capitalize())
                groups.append(ChoiceGroup(k, title, str(info.get("rule") or default_rule), str(info.get("help") or ""),
                                          tuple(opts[:CHOOSER_LIMIT]), is_secret(self.rules, items[0]),
                                          max(0, len(opts) - CHOOSER_LIMIT)))
            else:
                verb = k.split(":", 1)[1]
                info = self.choice_info(verb)
                opts = [Option(self.gui.option_label(a) or " ".join(a.notation().split()[1:]) or verb, a) for a in items]
                groups.append(ChoiceGroup(k, str(info.get("title") or verb.replace("_", " ").capitalize()),
                                          str(info.get("rule") or default_rule), str(info.get("help") or ""),
                                          tuple(opts[:CHOOSER_LIMIT]), is_secret(self.rules, items[0]),
                                          max(0, len(opts) - CHOOSER_LIMIT)))
        self._groups_key, self._groups = key, groups
        return groups

    def step_moves(self) -> bool:
        """A battle step that is done by moving units (Kasserine's advance after combat): the map
        then works as in movement."""
        return self.mode().startswith("stage:") and bool(self._of(A.Move))

    def movable_units(self) -> set[str]:
        return {a.unit for a in self._of(A.Move)}

    def move_targets(self, uid: str) -> dict[Hex, tuple[Hex, ...]]:
        moves = self._of(A.Move)
        key = (id(moves), uid)
        got = self._targets_cache.get(key)
        if got is None or got[0] is not moves:
            if len(self._targets_cache) > 64:
                self._targets_cache.clear()
            got = self._targets_cache[key] = (moves, {a.dest: a.path for a in moves if a.unit == uid})
        return got[1]

    def move_cost(self, uid: str, h: Hex) -> float | None:
        reach = getattr(self.rules, "reach", None)
        if reach is None:
            return None
        try:
            got = reach(self.state, uid).get(h)
        except Exception:
            return None
        if got is None:
            return None
        cost = got[0] if isinstance(got, (tuple, list)) and got else got
        # A game whose ``reach`` maps hexes to paths (Black Wednesday) gives no cost: no label.
        return cost if isinstance(cost, (int, float)) and not isinstance(cost, bool) else None

    def place_hexes(self, uid: str) -> set[Hex] | None:
        """Hexes where the unit may be placed now (None while unknown)."""
        legal = self.legal()
        if legal is None:
            return None
        key = (id(self.state), self.version, uid)
        if key in self._place_cache:
            return self._place_cache[key]
        places = [a for a in legal if isinstance(a, A.Place)]
        own = {a.hex for a in places if a.unit == uid}
        if not own and places:
            # The game lists interchangeable set-up units once. Borrow the hexes of a unit
            # printed the same way, if the game confirms that this unit may go there too.
            me = self.unit(uid) or {}
            sig = (me.get("nation"), me.get("kind"), me.get("size"), me.get("label"), me.get("side"))
            for other in sorted({a.unit for a in places}):
                o = self.unit(other) or {}
                if (o.get("nation"), o.get("kind"), o.get("size"), o.get("label"), o.get("side")) != sig:
                    continue
                hexes = sorted(a.hex for a in places if a.unit == other)
                if hexes and self.game.check(A.Place(uid, hexes[0])) is None:
                    own = set(hexes)
                    break
        self._place_cache[key] = own
        return own

    def any_place_hexes(self) -> set[Hex]:
        return {a.hex for a in self._of(A.Place)}

    def tray(self) -> list[dict]:
        """Counters off the map that the acting player may bring on now (set-up, build-up)."""
        side = self.acting()
        kind = self.phase_kind()
        v = self.view()
        out = []
        for u in v["units"]:
            if u.get("side") != side:
                continue
            w = u.get("where")
            if kind == "setup" and w == "unplaced":
                out.append(u)
            elif kind == "buildup" and (w == "eliminated" or (w == "arriving" and u.get("arrives") == v.get("turn"))):
                out.append(u)
        if kind in ("movement", "special"):
            # Games that bring units on during movement (Kasserine's arrivals): whoever may be placed now.
            # Games whose units enter by a Move from off the map (Black Wednesday): those too.
            placeable = {a.unit for a in self._of(A.Place)} | self.entering_units()
            out = [u for u in v["units"] if u["id"] in placeable]
        return out

    def entering_units(self) -> set[str]:
        """Units off the map that have a legal Move now (its first hex is the entry hex)."""
        moves = self._of(A.Move)
        got = getattr(self, "_entering", None)
        if got is None or got[0] is not moves:
            off = {u["id"] for u in self.view()["units"] if u.get("where") != "map"}
            got = self._entering = (moves, {a.unit for a in moves if a.unit in off})
        return got[1]

    def later_arrivals(self) -> list[dict]:
        v = self.view()
        side = self.acting()
        return [u for u in v["units"] if u.get("side") == side and u.get("where") == "arriving"
                and u.get("arrives") != v.get("turn")]

    def restorable(self) -> set[str]:
        return {a.unit for a in self._of(A.Restore)}

    def attack_targets(self) -> set[Hex]:
        return {a.target for a in self._of(A.Attack)}

    def eligible_attackers(self, target: Hex) -> set[str]:
        return {u for a in self._of(A.Attack) if a.target == target for u in a.attackers}

    def unresolved(self) -> list[Hex]:
        return [a.target for a in self._of(A.Resolve)]

    def choice_units(self) -> list[str]:
        """Units the acting player may pick in a battle step (loss, advance, removal)."""
        out = []
        for a in self.legal() or []:
            if isinstance(a, (A.Loss, A.Remove, A.Advance)) and a.unit is not None:
                out.append(a.unit)
        return out

    def retreats(self) -> list[A.Retreat]:
        return self._of(A.Retreat)

    def rolls(self) -> list[A.Roll]:
        return self._of(A.Roll)

    def odds(self, target: Hex | None = None, attackers=None, support: str | None = None):
        target = target or self.target
        attackers = tuple(self.attackers if attackers is None else attackers)
        if target is None or not attackers:
            return None
        if support is None:
            got = self.gui.odds(self, target, attackers)  # a game whose odds need more (Kursk's Offensive)
            if got is not None:
                return got
        fn = getattr(self.rules, "odds", None)
        if fn is None:
            return None
        try:
            return fn(self.state, target, attackers, support)
        except Exception:
            log.exception("odds failed")
            return None

    def distribution(self, odds) -> dict[str, float] | None:
        crt = getattr(self.tables, "CRT_TABLE", None)
        if odds is None or crt is None:
            return None
        if odds.no_effect:
            return {"NE": 1.0}
        return {k: float(v) for k, v in crt.distribution(odds.final_index).items()}

    def battle_stage(self) -> dict | None:
        st = self.view().get("stage")
        return st

    def stage_attackers(self) -> tuple[str, ...]:
        st = getattr(self.state, "stage", None)
        if st is None:
            return ()
        try:
            return tuple(st.get("attackers") or ())
        except Exception:
            return ()

    # --- doing things ----------------------------------------------------------------
    def say(self, text: str, kind: str = "info") -> None:
        self.status = Status(text, kind)

    def refuse(self, why: Illegal | str | None, fallback: str = "not possible now") -> None:
        self.say(str(why) if why else fallback, "refusal")

    def do(self, action, *, from_redo: bool = False) -> bool:
        """Check and apply an action; on refusal, say why. True if it was applied."""
        why = self.game.check(action)
        if why is not None:
            self.refuse(why)
            return False
        who = self.acting()
        save_error = None
        secret = secret_text(self.rules, action, self.game.state)  # the phase before the action counts
        try:
            events = self.game.apply(action)
        except OSError as e:  # the autosave failed after the action was applied; it stands
            events = []
            save_error = e
        except HexwarError as e:
            self.refuse(str(e))
            return False
        if not from_redo:
            self.redo_stack.clear()
        n = len(self.game.actions)
        self.log.append(LogEntry(n, "action", action.notation(), who, secret))
        self._log_events(n, events, who, secret is not None, plan=secret is not None and not is_secret(self.rules, action))
        try:
            self.gui.on_events(self, events)  # a game's panel may show what an action caused
        except Exception:
            log.exception("game events hook")
        for e in events:
            if e.kind == "die_rolled":
                dice = tuple(int(d) for d in (e.data.get("dice") or ()))
                self.die = DieShow(int(e.data.get("roll", sum(dice))), e.text, dice=dice)
            if e.kind == "combat" and self.die is not None and "result" in e.data:
                self.die.result = str(e.data["result"])
                self.die.text = e.text
        self._changed()
        if save_error is not None:
            self.refuse(f"Autosave failed: {save_error}")
        elif secret and not any(e.kind == "revealed" for e in events):
            # Never the value in the status line: it stays on screen for the next player.
            self.say(f"Done: the {SIDE_NAMES.get(who, who)} player {secret}.", "ok")
        else:
            last = next((e.text for e in reversed(events) if e.kind != "die_rolled"), action.notation())
            self.say(last, "ok")
        return True

    def _log_events(self, n: int, events, side: str | None, secret: bool, plan: bool = False) -> None:
        """The events of an action into the log. Those of a secret decision are hidden from the
        other side like the decision itself; a ``revealed`` event reveals every earlier secret."""
        for e in events:
            if e.kind == "revealed":
                for old in self.log:
                    if old.secret is not None:
                        old.secret = None
                self.log_version += 1
            hide = secret and e.kind != "revealed"
            self.log.append(LogEntry(n, "event", e.text, side, (HIDDEN_PLAN if plan else HIDDEN_EVENT) if hide else None))

    def screen_side(self) -> str | None:
        """The side whose player is at the screen, when secrets must be kept (None: no secrets)."""
        if not self.private:
            return None
        return self.viewer or self.acting()

    def log_text(self, e: LogEntry) -> str:
        """A log line as the player at the screen may read it."""
        if e.secret is not None and self.private and e.side != self.screen_side():
            return e.secret
        return e.text

    def step_secret(self, k: int, action) -> str:
        """What the player at the screen reads instead of the hidden action at step ``k``."""
        tl = self.timeline
        before = tl.step(k - 1) if tl is not None and k > 0 else None
        return secret_text(self.rules, action, before.state if before is not None else None) or secret_label(action)

    def hidden_step(self, k: int, action, side: str | None) -> bool:
        """History: is the action at step ``k`` a secret the player at the screen may not read yet
        (another side's, with no ``revealed`` event from then up to the present)?"""
        if not self.private or action is None or side == self.screen_side():
            return False
        tl = self.timeline
        before = tl.step(k - 1) if tl is not None and k > 0 else None
        if not is_secret(self.rules, action):  # a secret phase's plan stays hidden for good
            return secret_text(self.rules, action, before.state if before is not None else None) is not None
        if tl is None:
            return True
        for j in range(k, tl.last + 1):
            st = tl.step(j)
            if st is not None and any(e.kind == "revealed" for e in st.events):
                return False
        return True

    def _changed(self) -> None:
        self.version += 1
        self.sel = None
        self.target = None
        self.attackers = []
        self.lead = None
        self.support = []
        self.loss_pick = None
        self.hover_text = ""
        self._place_cache.clear()
        self._why_cache.clear()

    def undo(self) -> bool:
        if not self.game.can_undo():
            self.refuse("Cannot undo: a die has been rolled or a hidden unit revealed since then, "
                        "and those cannot be taken back.")
            return False
        try:
            act = self.game.undo()
        except OSError as e:
            act = None
            self.say(f"Autosave failed: {e}", "refusal")
        if act is None:
            return False
        self.redo_stack.append(act)
        n = len(self.game.actions)
        self.log = [e for e in self.log if e.index <= n]
        self._changed()
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

    def save(self, path: str | Path | None = None) -> Path | None:
        if path is None:
            stamp = _dt.datetime.now().strftime("%Y-%m-%d_%H-%M-%S")
            path = paths.saves_dir() / f"{self.game.game_id}_{stamp}.yaml"
        path = Path(path)
        try:
            self.game.save(path)
        except (OSError, HexwarError) as e:
            self.refuse(f"Could not save: {e}")
            return None
        self.say(f"Saved as {path.name} in {path.parent}", "ok")
        return path

    # --- the end of a phase -------------------------------------------------------------
    def end_label(self) -> str:
        m = self.mode()
        if m == "combat-declare" and getattr(self.state, "battles", None):
            return "Close declarations"
        return "End phase"

    def end_warning(self) -> str | None:
        """Why ending now might be a mistake (None: nothing left undone)."""
        m = self.mode()
        legal = self.legal_now()
        if m in ("movement", "special"):
            n = len({a.unit for a in legal if isinstance(a, A.Move)})
            if n:
                return f"{n} unit(s) could still move. End the phase anyway?"
        elif m == "combat-declare":
            battles = getattr(self.state, "battles", [])
            open_targets = {a.target for a in legal if isinstance(a, A.Attack)}
            if not battles and open_targets:
                return (f"No battle has been declared, and {len(open_targets)} enemy hex(es) could be attacked. "
                        "End the combat phase without fighting?")
            if battles and open_targets:
                return (f"After this no more battles can be declared this phase (10.0), although "
                        f"{len(open_targets)} more enemy hex(es) could be attacked. Close the declarations?")
        elif m == "buildup":
            v = self.view()
            arriving = [u["id"] for u in self.tray() if u.get("where") == "arriving"]
            parts = []
            if arriving:
                parts.append(f"{', '.join(arriving)} will be lost if not placed now (11.0)")
            if v.get("steps_left") and any(isinstance(a, (A.Place, A.Restore)) for a in legal):
                parts.append(f"{v['steps_left']} replacement step(s) will be lost (12.4)")
            if parts:
                return "; ".join(parts) + ". End the phase anyway?"
        return None

    def end_phase(self) -> bool:
        return self.do(A.EndPhase())

    # --- clicks ---------------------------------------------------------------------------
    def own_side(self, u: dict) -> bool:
        return u.get("side") == self.acting()

    def _cycle(self, units: list[dict], current: str | None, prefer: set[str] | None = None) -> str | None:
        ids = [u["id"] for u in units]
        if prefer:
            ids = [i for i in ids if i in prefer] or ids
        if not ids:
            return None
        if current in ids:
            return ids[(ids.index(current) + 1) % len(ids)]
        return ids[0]

    def click_tray(self, uid: str) -> None:
        if self.sel == uid:
            self.sel = None
            self.say("")
            return
        self.sel = uid
        if uid in self.entering_units():  # enters by a move: the reachable hexes are shaded
            n = len(self.move_targets(uid))
            self.say(f"{uid} selected: it enters the map; click one of the {n} hexes within reach.", "info")
            return
        hexes = self.place_hexes(uid)
        if hexes is None:
            self.say(f"{uid} selected. Working out where it may go...", "info")
        elif hexes:
            self.say(f"{uid} selected: click one of the {len(hexes)} highlighted hexes.", "info")
        else:
            self.refuse(self._why_no_place(uid), f"{uid} cannot be placed now")

    def _why_no_place(self, uid: str) -> Illegal | None:
        legal = self.legal() or []
        hexes = sorted({a.hex for a in legal if isinstance(a, A.Place)})
        probe = hexes[0] if hexes else min(self.rules.board.terrain) if hasattr(self.rules, "board") else Hex(1, 1)
        return self.game.check(A.Place(uid, probe))

    def click_hex(self, h: Hex) -> None:
        """A left click on hex ``h`` of the map."""
        self._click_hex(h)
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

    def _click_hex(self, h: Hex) -> None:
        if not self.past and self.gui.take_click(self, h):  # a game's tool (Black Wednesday's line of sight)
            return
        m = self.mode()
        here = self.units_at(h)
        if m == "over":
            self.say(self.describe_hex(h))
            return
        if m in ("setup", "buildup"):
            self._click_build(h, here)
        elif m in ("movement", "special"):
            self._click_move(h, here)
        elif m == "combat-declare":
            self._click_declare(h, here)
        elif m == "combat-resolve":
            if h in self.unresolved():
                self.do(A.Resolve(h))
            else:
                self.refuse(self.game.check(A.Resolve(h)))
        elif self.step_moves():
            self._click_move(h, here)  # a battle step done by moving (Kasserine's advance)
        elif m in ("stage:defender_loss", "stage:exchange_loss", "stage:attacker_loss", "stage:overstack",
                   "stage:advance"):
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
        if self.sel and (self.unit(self.sel) or {}).get("where") != "map":
            uid = self.sel
            act = A.Place(uid, h)
            before = self.unit(uid) or {}
            if self.do(act):
                self._select_similar(before)
            return
        own = [u for u in here if self.own_side(u)]
        if own:
            self.sel = self._cycle(own, self.sel)
            u = self.unit(self.sel) or {}
            if self.phase_kind() == "buildup":
                if self.sel in self.restorable():
                    self.say(f"{self.sel} is reduced: Restore spends one replacement step (12.0).")
                elif u.get("steps", 1) < u.get("max_steps", 1):
                    self.refuse(self.game.check(A.Restore(self.sel)))
                else:
                    self.say(f"{self.sel}: {u.get('name', '')}, {u.get('label', '')}")
            else:
                self.say(f"{self.sel} is set up here. Ctrl+Z takes a placement back.")
            return
        self.say("Pick a counter from the tray first, then click a highlighted hex.")

    def _select_similar(self, before: dict) -> None:
        """After a placement keep a counter of the same type selected, for fast set-up."""
        sig = (before.get("nation"), before.get("kind"), before.get("size"), before.get("label"))
        for u in self.tray():
            if (u.get("nation"), u.get("kind"), u.get("size"), u.get("label")) == sig and u["id"] != before.get("id"):
                self.sel = u["id"]
                return

    def _click_move(self, h: Hex, here: list[dict]) -> None:
        if self.sel is not None and (self.unit(self.sel) or {}).get("where") not in ("map", None):
            targets = self.move_targets(self.sel)
            if h in targets:  # a unit entering by a move (its path starts at the entry hex)
                self.do(A.Move(self.sel, targets[h]))
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
            self.sel = self._cycle(own, self.sel if self.sel in ids else None, self.movable_units())
            if self.sel in self.movable_units():
                n = len(self.move_targets(self.sel))
                costs = n and self.move_cost(self.sel, next(iter(self.move_targets(self.sel)))) is not None
                self.say(f"{self.sel}: {n} hex(es) within reach" +
                         ("; the number on each is the movement points it costs." if costs else ", shaded on the map."))
            else:
                self.refuse(self._why_cannot_move(self.sel))
            return
        if self.sel is not None:
            act = self.gui.click_action(self, h)  # the game's other use of a click (TCS: fire at it)
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
        board = getattr(self.rules, "board", None)
        h = parse_hex(u["hex"]) if u.get("hex") else None
        if h is not None:
            for n in neighbors(h):
                if board is not None and n not in board.terrain:
                    continue
                why = self.why_not_move(uid, n)
                if why is not None:
                    return why
        return f"{uid} has nowhere to go this phase"

    def why_not_move(self, uid: str, h: Hex) -> Illegal | None:
        key = (self.version, uid, h)
        if key in self._why_cache:
            return self._why_cache[key]
        fn = getattr(self.rules, "why_not_move", None)
        why = None
        if fn is not None:
            try:
                why = fn(self.state, uid, h)
            except Exception:
                log.exception("why_not_move failed")
        if why is None and h not in self.move_targets(uid):
            why = self.game.check(A.Move(uid, (h,)))
        self._why_cache[key] = why
        return why

    def _click_declare(self, h: Hex, here: list[dict]) -> None:
        enemy = [u for u in here if not self.own_side(u)]
        own = [u for u in here if self.own_side(u)]
        battles = {b.target: b for b in getattr(self.state, "battles", [])}
        if enemy:
            if h in battles:
                b = battles[h]
                self.say(f"A battle against {hex_name(h)} is already declared, by {', '.join(b.attackers)}. Ctrl+Z takes it back.")
                return
            if h in self.attack_targets():
                if self.target != h:
                    self.target = h
                    self.attackers = []
                    self.lead = None
                    self.support = []
                elig = sorted(self.eligible_attackers(h))
                self.say(f"Target {hex_name(h)}: click the adjacent units that attack it ({', '.join(elig)}), then Declare.")
                return
            # Why not? Ask the game about one of our units, preferably a neighbour.
            mine = [u for u in self.view()["units"] if u.get("side") == self.acting() and u.get("where") == "map"]
            mine.sort(key=lambda u: 0 if u.get("hex") and parse_hex(u["hex"]) in neighbors(h) else 1)
            if mine:
                self.refuse(self.game.check(A.Attack(h, (mine[0]["id"],))), f"{hex_name(h)} cannot be attacked now")
            else:
                self.refuse("You have no units on the map to attack with.")
            return
        if own:
            if self.target is None:
                self.say("First click an enemy hex to choose the target of a battle.")
                return
            elig = self.eligible_attackers(self.target)
            ids = [u["id"] for u in own]
            cands = [i for i in ids if i in elig]
            if self.lead is not None and not cands:
                self._click_support(ids)
                return
            if not cands:
                self.refuse(self.game.check(A.Attack(self.target, (ids[0],))), f"{ids[0]} cannot join this attack")
                return
            current = next((i for i in ids if i in self.attackers), None)
            if current is not None:
                self.attackers.remove(current)
                k = cands.index(current) if current in cands else -1
                nxt = cands[k + 1] if k + 1 < len(cands) else None
            else:
                nxt = cands[0]
            if nxt is not None:
                self.attackers.append(nxt)
            if self.lead is not None and self.lead not in self.attackers:
                self.lead, self.support = None, []
                self.say("The lead unit left the attack: the Offensive is dropped (9.2.1).")
                return
            self._say_odds()
            return
        self.say(self.describe_hex(h))

    def set_lead(self, uid: str | None) -> None:
        """Kursk's Offensive (9.2.1): the attacker that leads it (None drops the Offensive)."""
        self.lead = uid
        self.support = []
        if uid is None:
            self.say("No Offensive: a plain battle.")
        else:
            sup = getattr(self.gui, "supporters", lambda c: [])(self)
            self.say(f"{uid} leads the Offensive: click its supporters on the map ({', '.join(sup) or 'none'}).")

    def _click_support(self, ids: list[str]) -> None:
        """A click on one of our stacks away from the target while an Offensive is built: add or
        remove a supporter, or say why it cannot support (from game.check)."""
        current = next((i for i in ids if i in self.support), None)
        if current is not None:
            self.support.remove(current)
            self._say_odds()
            return
        sup = getattr(self.gui, "supporters", lambda c: [])(self)
        cand = next((i for i in ids if i in sup), None)
        if cand is None:
            make = getattr(self.gui, "offensive_action", None)
            trial = None
            if make is not None:
                self.support.append(ids[0])
                trial = make(self)
                self.support.remove(ids[0])
            why = self.game.check(trial) if trial is not None else None
            self.refuse(why, f"{ids[0]} cannot support this Offensive")
            return
        self.support.append(cand)
        self._say_odds()

    def _say_odds(self) -> None:
        if not self.attackers:
            self.say(f"No attacker chosen yet for {hex_name(self.target)}.")
            return
        o = self.odds()
        if o is None:
            self.say(f"{', '.join(self.attackers)} against {hex_name(self.target)}: odds unknown until the untried units are revealed (10.1).")
        else:
            self.say(f"{', '.join(self.attackers)} against {hex_name(self.target)}: "
                     + ("no effect (below 1:1)" if o.no_effect else f"{o.column}") + ". Enter or Declare to confirm.")

    def declare(self) -> bool:
        if self.target is None:
            self.refuse("Choose a target first: click an enemy hex.")
            return False
        off = getattr(self.gui, "offensive_action", lambda c: None)(self)
        if off is not None:
            return self.do(off)
        want = set(self.attackers)
        act = next((a for a in self._of(A.Attack) if a.target == self.target and set(a.attackers) == want), None)
        if act is None:
            act = A.Attack(self.target, tuple(sorted(self.attackers)))
        return self.do(act)

    def cancel(self) -> bool:
        """Drop the current selection; False if there was none."""
        if self.gui.cancel(self):  # the game's tool goes first
            return True
        had = self.sel is not None or self.target is not None or self.attackers or self.loss_pick is not None \
            or self.inspect is not None
        self.inspect = None
        self.sel = None
        self.target = None
        self.attackers = []
        self.lead = None
        self.support = []
        self.loss_pick = None
        if had:
            self.say("")
        return bool(had)

    def _click_choice(self, h: Hex, here: list[dict], m: str) -> None:
        choices = self.choice_units()
        ids = [u["id"] for u in here]
        cands = [i for i in ids if i in choices]
        if m == "stage:advance" and not cands and len(set(choices)) == 1 and self.battle_stage() \
                and self.battle_stage().get("target") == hex_name(h):
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
        if m in ("movement", "special"):
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
        if m in ("movement", "special") and self.sel is not None and self.legal() is not None:
            if h not in self.move_targets(self.sel) and (self.unit(self.sel) or {}).get("hex") != hex_name(h):
                why = self.why_not_move(self.sel, h)
                if why is not None:
                    self.hover_text = f"Cannot go to {hex_name(h)}: {why}"

    def describe_hex(self, h: Hex) -> str:
        return " · ".join(self.hex_lines(h)[:2])

    def hex_lines(self, h: Hex) -> list[str]:
        """Tooltip lines for a hex: terrain, place, edges, regions, zone of control, units."""
        from .counters import unit_title

        board = getattr(self.rules, "board", None)
        lines = []
        if board is None or h not in board.terrain:
            return [hex_name(h)]
        ter = board.terrain[h]
        cost = getattr(self.tables, "MOVE_COST", {}).get(ter) if self.tables is not None else None
        lines.append(f"{hex_name(h)} {ter}" + (f" (costs {cost} MP to enter)" if cost else ""))
        place = board.places.get(h)
        if place is not None:
            owner = self.view()["control"].get(hex_name(h))
            kind = "major city" if place.kind == "major_city" else "city"
            lines.append(f"{place.name}, {kind}" + (f", held by the {SIDE_NAMES.get(owner, owner)} player" if owner else ""))
        for side, edge in board.edges.items():
            if h in edge:
                lines.append(f"{SIDE_NAMES.get(side, side)} friendly map edge")
        for name, region in board.regions.items():
            if h in region:
                lines.append(f"in {name}")
        kinds = set()
        for n in neighbors(h):
            kinds |= set(board.side_kinds(h, n))
        if kinds:
            lines.append("hexsides: " + ", ".join(sorted(k.replace("_", " ") for k in kinds)))
        zoc = getattr(self.rules, "zoc", None)
        here = self.units_at(h)
        try:
            if zoc is not None:
                for side in self.sides():
                    if h in zoc(self.state, side):
                        lines.append(f"in the {SIDE_NAMES.get(side, side)} zone of control (7.0)")
            comm = getattr(self.rules, "in_communication", None)
            owner = here[0].get("side") if here else None
            if comm is not None and owner and h not in comm(self.state, owner):
                lines.append(f"cut off: no line to the {SIDE_NAMES.get(owner, owner)} map edge clear of enemy "
                             "units and zones, so no replacements here (12.2, 12.3)")
            over = getattr(self.rules, "overstacked", None)
            if over is not None and here and h in over(self.state):
                lines.append("overstacked: more units than the stacking limit (8.1)")
        except Exception:
            log.exception("hex tooltip")
        try:
            for mk in self.gui.map_marks(self):  # the game's markers on this hex, with what they mean
                if mk.hex == h:
                    lines.extend(mk.tooltip or (mk.text,))
        except Exception:
            log.exception("map marks")
        for u in self.units_at(h):
            lines.append(unit_title(u))
        if here:
            lines.append("A click lists " + ("this unit" if len(here) == 1 else f"the {len(here)} units")
                         + " in the side panel, with values and state.")
        return lines


# --- looking back --------------------------------------------------------------------------
PAST_REFUSAL = Illegal("history", "you are looking at an earlier position; press Esc to return to the present")


class FrozenGame:
    """A read-only stand-in for a Game at an earlier position (history mode)."""

    def __init__(self, game, state, index: int) -> None:
        self.rules = game.rules
        self.state = state
        self.header = game.header
        self.index = index
        self.actions: list = []
        self.start_events: list = []
        self.autosave_path = None

    @property
    def game_id(self) -> str:
        return self.rules.game_id

    def legal_actions(self) -> list:
        return []

    def check(self, action) -> Illegal:
        return PAST_REFUSAL

    def apply(self, action):
        raise HexwarError(str(PAST_REFUSAL))

    def can_undo(self) -> bool:
        return False

    def undo(self):
        return None

    def view(self, side):
        return self.rules.view(self.state, side)

    def result(self):
        return self.rules.result(self.state)

    def acting_side(self):
        return self.rules.acting_side(self.state)

    def digest(self) -> str:
        return ""

    def save(self, path) -> None:
        raise HexwarError(str(PAST_REFUSAL))


class PastController(Controller):
    """The controller of a position in the history: it shows, it never acts."""

    def __init__(self, game, state, index: int, viewer: str | None = None) -> None:
        super().__init__(FrozenGame(game, state, index), threaded=False, record_history=False)
        self.past = True
        self.index = index
        self.viewer = viewer
        self._view = None

    def legal(self, wait: float | None = None) -> list:
        return []

    def do(self, action, *, from_redo: bool = False) -> bool:
        self.refuse(PAST_REFUSAL)
        return False

    def click_hex(self, h: Hex) -> None:
        self.say(self.describe_hex(h))
        self.look_at(h)
