"""What the controller works out from the game, never changing it: the view and its units,
the phase and the client's step (``mode``), the legal actions and decisions (in a worker
thread), previews, and what follows from them (who may move where, the battles, the generic
chooser's groups). ``Queries`` is that part of the ``Controller`` (no pygame).

Everything comes through the game contract: ``game.phase()`` (its ``kind`` picks the widgets),
``game.stage()`` (a battle step), ``game.legal_actions()``, ``game.decisions()`` (labels, titles,
rules, consequences and refusals), ``game.preview(action)`` and ``game.view(side)``; a game's own
tools may ask ``Position(game, side).facts`` (``facts()``).
"""
from __future__ import annotations

import dataclasses
import logging
import threading
import time
from collections.abc import Hashable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core import collector
from ...core.contract import Consequence, Decision, Preview
from ...core.errors import Illegal
from ...core.hexgrid import Hex, parse_hex

if TYPE_CHECKING:  # a part of Controller, whose other parts it uses (host.py)
    from .host import ControlHost as _Control
else:
    _Control = object

log = logging.getLogger(__name__)

# The steps whose units move on the map (an Action Phase mixes moves, fire and assaults: the
# movement widgets, and the game's ``click_action`` for the rest).
MOVING = ("movement", "special", "action")

# The decisions each step of the client has its own widget for (tray, map clicks, battle
# buttons); every other decision goes to the generic chooser (``Controller.choice_groups``).
# End phase always has its button.
HANDLED: dict[str, frozenset[str]] = {
    "setup": frozenset({"place"}), "buildup": frozenset({"place", "restore"}),
    "movement": frozenset({"move", "place"}), "special": frozenset({"move", "place"}),  # place: arrivals
    "action": frozenset({"move", "place"}),
    "combat-declare": frozenset({"attack"}), "combat-resolve": frozenset({"resolve"}),
    "stage:roll": frozenset({"roll"}), "stage:retreat": frozenset({"retreat"}),
    "stage:advance": frozenset({"advance", "move"}),
    "stage:defender_loss": frozenset({"loss"}), "stage:exchange_loss": frozenset({"loss"}),
    "stage:attacker_loss": frozenset({"loss"}), "stage:overstack": frozenset({"remove"}),
}

# Battle steps in which units are picked on the map (a loss, an advance, a removal).
PICK_STEPS = ("stage:defender_loss", "stage:exchange_loss", "stage:attacker_loss", "stage:overstack",
              "stage:advance")

CHOOSER_LIMIT = 24  # options shown per group; the rest are counted


@dataclass(frozen=True)
class Option:
    label: str
    action: Any
    refusal: str = ""  # "rule: reason" when the option is listed but not legal now
    consequence: Consequence | None = None


@dataclass(frozen=True)
class ChoiceGroup:
    """One decision for the generic chooser: a named choice, a game's own verb, or any other
    decision no widget of the step offers."""

    key: str  # "choose:<what>", "verb:<verb>" …
    title: str
    rule: str
    help: str
    options: tuple[Option, ...]
    secret: bool = False
    more: int = 0  # options left out (beyond CHOOSER_LIMIT)


@dataclass(frozen=True)
class BattleMark:
    """A declared battle as the map and the panel show it (from the view's ``battles``)."""

    target: Hex
    attackers: tuple[str, ...]
    resolved: bool = False


@dataclass
class _LegalJob:
    version: int
    result: list | None = None
    decisions: tuple[Decision, ...] | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


def position_key(game) -> tuple:
    """What tells one position of a game from another: how many actions were taken, and the
    last one itself (an undo, then another action, gives another key)."""
    return (len(game.actions), game.actions[-1] if game.actions else None)


def same_position(a: tuple, b: tuple) -> bool:
    return a[0] == b[0] and a[1] is b[1]


class Queries(_Control):
    """The derived queries of a ``Controller`` (a mixin: it keeps their caches on the controller)."""

    # the caches, made by Controller.__init__
    _seen: tuple  # the position they are for (position_key)
    _job: _LegalJob | None
    _view_key: Any
    _view: dict | None
    _of_src: list | None  # the legal actions _of_cache was worked out from
    _of_cache: dict
    _groups_key: tuple | None
    _groups: list[ChoiceGroup]
    _entering: tuple | None
    # the garbage collector's turn (``idle``): the input count and position last seen, since when
    IDLE_S = 0.5  # seconds without input (and with the listing done) before the collector may run
    _idle_seen: tuple = ()
    _idle_since = 0.0
    _settled = False  # the game's objects frozen (collector.settle) at the first pause

    def _sync(self) -> None:
        """An action applied to the game elsewhere (a script, a test): a new position for the
        caches, as after the controller's own actions."""
        key = position_key(self.game)
        if not same_position(key, self._seen):
            self._seen = key
            self._changed()

    # --- what the game says ---------------------------------------------------------
    def acting(self) -> str | None:
        return self.game.acting_side()

    def sides(self) -> tuple[str, ...]:
        """The game's sides (its entry's, else those of the units in view)."""
        entry = self.game.entry
        if entry is not None and entry.sides:
            return tuple(s.id for s in entry.sides)
        return tuple(sorted({u["side"] for u in self.view()["units"] if u.get("side")}))

    def _memo(self, name: Hashable, fn):
        """``fn()`` worked out once per position (the controller's version)."""
        self._sync()
        memo = self._memos
        if memo.get("_version") != self.version:
            memo.clear()
            memo["_version"] = self.version
        if name not in memo:
            memo[name] = fn()
        return memo[name]

    def view(self) -> dict:
        self._sync()
        key = (self.version, self.viewer)
        if self._view is None or self._view_key != key:
            side = self.viewer or self.acting()
            self._view = self.game.view(side)
            self._view_key = key
            if self._view.get("units"):  # the game's badges on its counters
                self._view = {**self._view, "units": [self.gui.with_badges(u) for u in self._view["units"]]}
            self._units = {u["id"]: u for u in self._view["units"]}
            stacks: dict[Hex, list[dict]] = {}
            for u in self._view["units"]:
                if u.get("where") == "map" and u.get("hex"):
                    stacks.setdefault(parse_hex(u["hex"]), []).append(u)
            self._stacks = stacks
        return self._view

    def picks(self) -> tuple:
        """The player's picks besides the position (whose view, the selection, the battle being
        built, the stack listed, the tray group, a game's tool): with the version, what the side
        panel, the marks and the hex tooltip are worked out from (their caches' keys)."""
        tool = repr(sorted(self.tool.items(), key=lambda kv: str(kv[0]))) if self.tool else ""
        return (self.viewer, self.sel, self.target, tuple(self.attackers), self.lead, tuple(self.support),
                self.loss_pick, self.inspect, tuple(self.group), tool)

    def unit(self, uid: str) -> dict | None:
        self.view()
        return self._units.get(uid)

    def stacks(self) -> dict[Hex, list[dict]]:
        self.view()
        return self._stacks

    def units_at(self, h: Hex) -> list[dict]:
        return self.stacks().get(h, [])

    def phase(self):
        """The phase (``PhaseInfo``: id, name, side, kind, rule, summary, help) from the game."""
        return self._memo("phase", self.game.phase)

    def phase_name(self) -> str:
        """The phase as this position names it (the view's ``phase_name``: "Axis Action Phase"),
        else the entry's name of the phase."""
        return str(self.view().get("phase_name") or self.phase().name)

    def phase_kind(self) -> str:
        """Which widgets serve this phase: setup, buildup, movement, special, combat, action,
        choice or housekeeping (the entry's ``PhaseInfo.kind``)."""
        return str(self.phase().kind or "")

    def stage(self) -> tuple[str, str]:
        """The pending battle step: (kind, hex name), or ("", "")."""
        return self._memo("stage", self.game.stage)

    def mode(self) -> str:
        """The client's step: "setup", "movement", "combat-declare", "stage:retreat" … (asked many
        times a frame, so remembered per position)."""
        self._sync()
        memo = self._memos
        if memo.get("_version") == self.version and "mode" in memo:
            return memo["mode"]
        got = self._mode_now()
        if got == "combat-wait":  # the legal actions are still being worked out: ask again next frame
            return "combat-declare"
        return self._memo("mode", lambda: got)

    def _mode_now(self) -> str:
        if self.game.result() is not None:
            return "over"
        kind = self.stage()[0]
        if kind:
            return "stage:" + kind
        kind = self.phase_kind()
        if kind == "combat":
            # Declaring or resolving, told by the decisions on offer: battles to declare, or
            # battles to resolve; with nothing but the end left, whether any battle is done.
            legal = self.legal(wait=0)
            if legal is None:
                return "combat-wait"
            if any(isinstance(a, A.Attack) for a in legal):
                return "combat-declare"
            if any(isinstance(a, A.Resolve) for a in legal):
                return "combat-resolve"
            return "combat-resolve" if any(b.resolved for b in self.declared_battles()) else "combat-declare"
        return kind or "play"

    # --- legal actions and decisions, worked out in a worker thread --------------------------
    def legal(self, wait: float | None = None) -> list | None:
        """The legal actions now, or None while they are still being worked out."""
        job = self._legal_job(wait)
        if job is None:
            return None
        if job.error is not None:
            return []
        return job.result

    def _legal_job(self, wait: float | None) -> _LegalJob | None:
        if self.past:  # a position of the history offers nothing
            return _DONE
        self._sync()
        job = self._job
        if job is None or job.version != self.version:
            job = _LegalJob(self.version)
            self._job = job
            if self.threaded:
                threading.Thread(target=self._work, args=(job,), daemon=True, name="hexwar-legal").start()
            else:
                self._work(job)
        if not job.done.is_set():
            job.done.wait(self.WAIT_S if wait is None else wait)
        return job if job.done.is_set() else None

    def _work(self, job: _LegalJob) -> None:
        try:
            legal = self.game.legal_actions()
            job.decisions = tuple(self.game.decisions(legal))  # built from that listing, not a second one
            job.result = list(legal)
        except BaseException as e:  # shown as "no actions", logged for the developer
            log.exception("legal_actions or decisions failed")
            job.error = e
        finally:
            job.done.set()

    def idle(self, inputs: Hashable) -> None:
        """Each frame of the interactive client (``threaded``), given what counts the inputs of
        its scenes: once the player has been quiet ``IDLE_S`` and the listing is done, the garbage
        collector's full collection runs if one is due (``core.collector``), so that it does not
        land in the listing of the next click; the first pause of a game freezes its objects."""
        now, seen = time.monotonic(), (inputs, self.version)
        if seen != self._idle_seen:
            self._idle_seen, self._idle_since = seen, now
            return
        job = self._job
        if (self.past or not self.threaded or now - self._idle_since < self.IDLE_S
                or job is None or not job.done.is_set()):
            return
        if not self._settled:
            self._settled = True
            collector.settle()
        else:
            collector.idle()

    def legal_now(self) -> list:
        """Legal actions, waiting for them if needed (used for decisions, not for drawing)."""
        got = self.legal(wait=120)
        return got or []

    def decisions(self, wait: float | None = None) -> tuple[Decision, ...]:
        """What the acting player decides now, with every option's label, consequence and
        refusal (``game.decisions()``, worked out with the legal actions); () while unknown."""
        job = self._legal_job(wait)
        if job is None or job.decisions is None:
            return ()
        return job.decisions

    def decision(self, key: str) -> Decision | None:
        return next((d for d in self.decisions() if d.key == key), None)

    def consequence(self, action) -> Consequence | None:
        """The engine's words for what ``action`` does, from the decisions on offer."""
        decisions = self.decisions(wait=0)
        table = self._memo(("consequences", id(decisions)),
                           lambda: {o.action: o.consequence for d in decisions for o in d.options})
        return table.get(action)

    def preview(self, action) -> Preview | None:
        """What ``action`` would bring (``game.preview``: odds line by line, each result's
        chance, or why it is not allowed); remembered per position."""
        if action is None:
            return None
        cache = self._memo("previews", dict)
        if action not in cache:
            try:
                cache[action] = self.game.preview(action)
            except Exception:  # a preview must never stop the client
                log.exception("preview failed")
                cache[action] = None
        return cache[action]

    def verdict(self, action) -> Preview | None:
        """The preview of an action about to be taken (the battle being built), its refusal
        made the game's ``check`` of that very action: what the panel and the status line say
        of it is what Declare will meet (the preview alone is worked out on what the side may
        see, and may judge otherwise)."""
        if action is None:
            return None
        cache = self._memo("verdicts", dict)
        if action not in cache:
            p = self.preview(action)
            try:
                why = self.game.check(action)
            except Exception:
                log.exception("check failed")
                why = None
            if p is None:
                p = Preview(action.notation(), refusal=why) if why is not None else None
            elif why != p.refusal:
                p = dataclasses.replace(p, refusal=why)
            cache[action] = p
        return cache[action]

    def facts(self) -> Any:
        """The game's read-only questions (``Position(game, side).facts``) for what the player
        at the screen may know: for a game's own tools. None when the game offers none."""
        def work():
            from ...core.position import Position

            side = self.viewer or self.acting() or (self.sides() or (None,))[0]
            if side is None:
                return None
            try:
                return Position(self.game, side).facts
            except Exception:
                log.exception("facts failed")
                return None

        return self._memo("facts", work)

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

    def choice_groups(self) -> list[ChoiceGroup]:
        """The generic chooser: every decision on offer that no widget of the step handles, with
        its title and rule, each option's label and consequence, and the values the rules list
        but refuse now greyed with the refusal."""
        decisions = self.decisions(wait=0)
        key = (self.version, id(decisions), self.mode(), self.target)
        if self._groups_key == key:
            return self._groups  # laid out every frame: worked out once per position
        handled = HANDLED.get(self.mode(), frozenset()) | {"end"}
        own = self.gui.unit_verbs  # offered by the game's own panel or the stack list instead
        first = self.gui.first_groups
        chosen = [d for d in decisions if d.key not in handled and not (d.key.startswith("verb:")
                                                                          and d.key[5:] in own)]
        chosen.sort(key=lambda d: first.index(d.key) if d.key in first else len(first))
        groups = []
        for d in chosen:
            opts = [Option(o.label, o.action, str(o.refusal) if o.refusal is not None else "", o.consequence)
                    for o in d.options]
            if self.target is not None:
                # A battle being built: of the options aimed at a hex (a game's offensives), only
                # those aimed at the hex picked on the map.
                opts = [o for o in opts if getattr(o.action, "target", self.target) == self.target]
                if not opts:
                    continue
            groups.append(ChoiceGroup(d.key, d.title, d.rule, d.help, tuple(opts[:CHOOSER_LIMIT]), d.secret,
                                      max(0, len(opts) - CHOOSER_LIMIT)))
        if self.legal(wait=0) is not None:
            self._groups_key, self._groups = key, groups
        return groups

    def step_moves(self) -> bool:
        """A battle step that is done by moving units (an advance after combat): the map
        then works as in movement."""
        return self.mode().startswith("stage:") and bool(self._of(A.Move))

    def movable_units(self) -> frozenset[str]:
        """The units with a move on offer (asked for every unit of the stack list each frame:
        worked out once per list of legal actions)."""
        moves = self._of(A.Move)
        got = self._of_cache.get("movable")
        if got is None or got[0] is not moves:
            got = self._of_cache["movable"] = (moves, frozenset(a.unit for a in moves))
        return got[1]

    def move_targets(self, uid: str) -> dict[Hex, tuple[Hex, ...]]:
        moves = self._of(A.Move)
        key = (id(moves), uid)
        got = self._targets_cache.get(key)
        if got is None or got[0] is not moves:
            if len(self._targets_cache) > 64:
                self._targets_cache.clear()
            got = self._targets_cache[key] = (moves, {a.dest: a.path for a in moves if a.unit == uid})
        return got[1]

    def move_consequence(self, uid: str, h: Hex) -> Consequence | None:
        """The engine's consequence of moving ``uid`` to ``h`` (its cost; what it leads to, such as
        ending overstacked), or None."""
        path = self.move_targets(uid).get(h)
        if path is None:
            return None
        return self.consequence(A.Move(uid, path))

    def move_figure(self, uid: str, h: Hex) -> str:
        """The label of a reachable hex: the move's consequence figure (its MP cost), or "";
        marked ▲ when the move has a cost beyond its points (a shape, not only a colour)."""
        c = self.move_consequence(uid, h)
        if c is None or not c.figure:
            return ""
        return c.figure + (" ▲" if c.level else "")

    def place_hexes(self, uid: str) -> set[Hex] | None:
        """Hexes where the unit may be placed now, or where it may enter the map by a move (the
        first hex of its entry moves); None while unknown."""
        legal = self.legal()
        if legal is None:
            return None
        key = (self.version, uid)
        if key in self._place_cache:
            return self._place_cache[key]
        places = self._of(A.Place)
        own = {a.hex for a in places if a.unit == uid}
        if not own and uid in self.entering_units():
            own = {a.path[0] for a in self._of(A.Move) if a.unit == uid and a.path}
            self._place_cache[key] = own
            return own
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
        if kind in MOVING:
            # Games that bring units on during movement (placed as arrivals): whoever may be placed now.
            # Games whose units enter by a Move from off the map: those too.
            placeable = {a.unit for a in self._of(A.Place)} | self.entering_units()
            out = [u for u in v["units"] if u["id"] in placeable]
        return out

    def entering_units(self) -> set[str]:
        """Units off the map that have a legal Move now (its first hex is the entry hex)."""
        moves = self._of(A.Move)
        got = self._entering
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

    def joiners(self, target: Hex) -> tuple[list[str], list[tuple[str, Illegal]]]:
        """The units not yet in the battle being built at ``target`` that may join it, and
        those the rules refuse with their reason: each judged by the engine's ``check`` of the
        battle with that unit added (one unit per hexside, a stack's limit ...), not by the
        legal attacks alone, whose units may not all fight together."""
        chosen = tuple(sorted(self.attackers))

        def work() -> tuple[list[str], list[tuple[str, Illegal]]]:
            ok: list[str] = []
            refused: list[tuple[str, Illegal]] = []
            for uid in sorted(self.eligible_attackers(target)):
                if uid in chosen:
                    continue
                why = self.game.check(self.battle_action(target, chosen + (uid,))) if chosen else None
                if why is None:
                    ok.append(uid)
                else:
                    refused.append((uid, why))
            return ok, refused

        return self._memo(("joiners", target, chosen), work)

    def unresolved(self) -> list[Hex]:
        return [a.target for a in self._of(A.Resolve)]

    def declared_battles(self) -> list[BattleMark]:
        """The battles declared this phase, as the view lists them."""
        def work():
            out = []
            for b in self.view().get("battles") or ():
                try:
                    out.append(BattleMark(parse_hex(str(b["target"])), tuple(b.get("attackers") or ()),
                                          bool(b.get("resolved"))))
                except (KeyError, TypeError, ValueError):
                    continue
            return out

        return self._memo("battles", work)

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

    def battle_action(self, target: Hex | None = None, attackers=None):
        """The action of the battle being built (or of ``target`` and ``attackers``): the game's
        own (an offensive of a lead unit and its supporters, ``gui.offensive_action``) or an ``Attack``."""
        target = target or self.target
        if target is None:
            return None
        if attackers is None:
            own = self.gui.offensive_action(self)
            if own is not None:
                return own
            attackers = self.attackers
        if not attackers:
            return None
        want = set(attackers)
        got = next((a for a in self._of(A.Attack) if a.target == target and set(a.attackers) == want), None)
        return got if got is not None else A.Attack(target, tuple(sorted(attackers)))

    def odds(self, target: Hex | None = None, attackers=None) -> Preview | None:
        """The preview of the battle being built (or of a battle at ``target``: a declared one,
        or the one whose roll is pending): the engine's odds and result chances."""
        if target is None and attackers is None and self.target is not None:
            return self.verdict(self.battle_action())
        if attackers is not None:
            declared = any(b.target == target and not b.resolved and set(attackers) <= set(b.attackers)
                           for b in self.declared_battles())
            if declared and target is not None:  # as it will be fought (an Offensive's supporters included)
                return self.preview(A.Resolve(target))
            return self.verdict(self.battle_action(target, attackers))
        kind, where = self.stage()
        if kind == "roll" and (target is None or where == _name(target)):
            rolls = self.rolls()
            plain = next((r for r in rolls if r.support is None), rolls[0] if rolls else A.Roll())
            return self.preview(plain)
        if target is not None:
            return self.preview(A.Resolve(target))
        return None

    def stage_attackers(self) -> tuple[str, ...]:
        st = self.view().get("stage") or {}
        return tuple(st.get("attackers") or ())


def _name(h: Hex) -> str:
    from ...core.hexgrid import hex_name

    return hex_name(h)


_DONE = _LegalJob(-1, [], ())
_DONE.done.set()
