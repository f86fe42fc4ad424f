"""What the controller works out from the game, never changing it: the view and its units,
the phase and the client's step (``mode``), the legal actions (in a worker thread) and what
follows from them (who may move where, the battles, the generic chooser's groups, the odds).
``Queries`` is that part of the ``Controller`` (no pygame).
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

from ...core import actions as A
from ...core.hexgrid import Hex, parse_hex
from .secrets import is_secret

log = logging.getLogger(__name__)


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


@dataclass
class _LegalJob:
    state: Any
    result: list | None = None
    error: BaseException | None = None
    done: threading.Event = field(default_factory=threading.Event)


class Queries:
    """The derived queries of a ``Controller`` (a mixin: it keeps their caches on the controller)."""

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
        if self.past:  # a position of the history offers nothing
            return []
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
