"""The owner's choices inside a fire (TCS-lite §8.4, §10, §11, §12.5, §14): a resolution that
needs a player's decision stops, and that player answers with ``choose <what> <value>``.

How it works (deterministic replay): an action is resolved as before; when the engine reaches
a decision with more than one real option it raises ``Suspend``. The state keeps what the
resolution did so far (the board shows it) and a ``Pending`` record: the action, the answers
given, every die already rolled for it and the state from before the action. The answer
re-runs the action from that state with the same dice (replayed, never re-rolled) and the
answers so far, so the resolution reaches the same point and goes on. The dice rolled before
a question are reported with it (``die_rolled``: undo stops there); when the action is done its
whole account is reported, the replayed dice as ``die_replayed``.

The game option ``owner_choices`` (on by default: the client answers these steps) asks the
questions. With it off, and outside a resolution (tests calling the engine directly), ``ask``
takes the default: the engine's own pick, which the pending step also names (``default``) so a
script or a test can answer as the engine would. Mixin for BWRules.
"""
from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from ...core.actions import Choose, Event
from ...core.errors import Illegal, MalformedError
from ...core.state import Stage

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

CHOICE_OPTIONS: dict[str, tuple[bool, str]] = {
    "owner_choices": (True, "The owner decides inside a fire: step losses, retreat ends, overwatch stacks "
                            "and weapons, return fire, air targets, the assault advance (otherwise the "
                            "engine picks as documented)"),
}

# what -> (title, rule, help) for the client's generic chooser
CHOICES: dict[str, tuple[str, str, str]] = {
    "loss": ("Step loss", "§8.4",
             "The owner of the hit units picks the unit that gives up the next step."),
    "retreat": ("Retreat", "§12.5",
                "The retreating unit's owner picks where it ends its two-hex retreat: farther from "
                "every spotted enemy; ending next to an enemy destroys it except at night."),
    "overwatch": ("Overwatch", "§10",
                  "Pick a stack to fire at the moving unit (area fire, or a named gun's point fire), "
                  "or none. All stacks within 3 hexes may fire, and one farther away; a stack that "
                  "has fired this turn needs 5-6 on a die."),
    "return_fire": ("Return fire", "§10",
                    "After the overwatch, the phasing player may answer one overwatching stack with "
                    "one of its own Fire Mode stacks that has not acted; that is the stack's action."),
    "air": ("Air target", "1.9",
            "The sortie's side picks a hex with a spotted enemy unit for the attack."),
    "advance": ("Advance after assault", "§11.1",
                "The attacker picks which surviving assault units move into the taken hex; stop "
                "keeps the rest where they are."),
}


class Suspend(Exception):
    def __init__(self, what: str, side: str, options: tuple[str, ...], note: str, default: str) -> None:
        super().__init__(what)
        self.what, self.side, self.options, self.note, self.default = what, side, options, note, default


@dataclass(frozen=True)
class Pending:
    """A resolution waiting for ``side`` to choose ``what`` among ``options``."""

    action: Any
    answers: tuple[str, ...]
    rolls: tuple[int, ...]
    what: str
    side: str
    options: tuple[str, ...]
    note: str
    base: Any = field(default=None, repr=False, compare=False)  # the state before the action
    default: str = ""  # the engine's own pick (what it takes with owner_choices off)


class _Ctx:
    def __init__(self, answers: tuple[str, ...]) -> None:
        self.answers, self.i = answers, 0


class ReplayDice:
    """The given rolls first, then the real dice; remembers every value it gave."""

    def __init__(self, real, rolls: tuple[int, ...]) -> None:
        self.real, self.rolls = real, rolls
        self.given: list[int] = []

    def roll(self, sides: int = 6) -> int:
        i = len(self.given)
        v = self.rolls[i] if i < len(self.rolls) else self.real.roll(sides)
        self.given.append(v)
        return v

    def shuffle(self, items: list) -> None:  # pragma: no cover - this game never shuffles
        self.real.shuffle(items)


class Choices(_Rules):
    _ctx: _Ctx | None = None

    # --- asking ---------------------------------------------------------------------
    def ask(self, state, side: str, what: str, options: list[str], default: str, note: str) -> str:
        """The owner's answer: the only option, the answer already given on an earlier run,
        the default outside a resolution, else stop and ask."""
        if len(options) == 1:
            return options[0]
        ctx = self._ctx
        if ctx is None or not self.options.get("owner_choices", CHOICE_OPTIONS["owner_choices"][0]):
            return default
        if ctx.i < len(ctx.answers):
            a = ctx.answers[ctx.i]
            ctx.i += 1
            return a
        raise Suspend(what, side, tuple(options), note, default)

    def choice_info(self, state, what: str | None = None) -> dict:
        """Title, rule, help (and, while it is pending, the values) of ``choose <what> ...``
        for the client's chooser; {} for decisions this module does not ask. Called as
        ``choice_info(state, what)`` (the client's hook) or ``choice_info(what)``."""
        if what is None:
            state, what = None, state
        if what not in CHOICES:
            return {}
        title, rule, text = CHOICES[what]
        out = {"what": what, "title": title, "rule": rule, "help": text}
        p = self.pending(state) if state is not None else None
        if p is not None and p.what == what:
            out["values"] = list(p.options)
        return out

    def pending(self, state) -> Pending | None:
        return state.extra.get("pending")

    def pending_view(self, state) -> dict | None:
        """The pending step for the client: ``kind`` "choice", what is decided, by whom, the
        options, and per option the hex it concerns (``option_hexes``: the unit's hex for a loss or
        an advance, the hex itself for a retreat end or an air target, the firing stack's hex for
        overwatch and return fire; None for "none"/"stop"), so a client marks hexes without
        reading option strings."""
        p = self.pending(state)
        if p is None:
            return None
        return {**self.choice_info(p.what), "kind": "choice", "side": p.side, "options": list(p.options),
                "note": p.note, "default": p.default,
                "option_hexes": {o: self.option_hex(state, p.what, o) for o in p.options}}

    def option_hex(self, state, what: str, value: str) -> str | None:
        """The hex (its name) one option of ``choose <what>`` concerns, or None."""
        if what in ("loss", "advance"):
            u = state.units.get(value)
            return self.ids.name(u.hex) if u is not None and u.hex is not None else None
        head = {"retreat": value, "air": value, "overwatch": value.partition(":")[0],
                "return_fire": value.partition(">")[0]}.get(what)
        if not head or head in ("none", "stop"):
            return None
        try:
            return self.ids.name(self.ids.parse(head))
        except MalformedError:
            return None

    # --- the contract while a choice is pending --------------------------------------
    def pending_actions(self, state) -> list:
        p = self.pending(state)
        assert p is not None, "asked only while a choice is pending"
        return [Choose(p.what, o) for o in p.options]

    def check_pending(self, state, action) -> Illegal | None:
        p = self.pending(state)
        assert p is not None, "asked only while a choice is pending"
        rule = CHOICES.get(p.what, ("", "", ""))[1]
        if not isinstance(action, Choose) or action.what != p.what:
            return Illegal(rule, f"first the {p.side} player chooses: {p.note}")
        if action.value not in p.options:
            return Illegal(rule, f"{action.value} is not one of the choices ({', '.join(p.options)})")
        return None

    # --- resolving -------------------------------------------------------------------
    def resolve(self, state, action, dice, run) -> list[Event]:
        """Run ``run(state, action, dice)`` (the action, or the answer to a pending choice)."""
        p = self.pending(state)
        if p is not None:
            orig, answers, rolls, base = p.action, p.answers + (action.value,), p.rolls, p.base
            work = base.copy()
        else:
            orig, answers, rolls, base = action, (), (), state.copy()
            work = state
        rd = ReplayDice(dice, rolls)
        prev, self._ctx = self._ctx, _Ctx(answers)
        try:
            ev = run(work, orig, rd)
            done = True
        except Suspend as s:
            done = False
            susp = s
        finally:
            self._ctx = prev
        if work is not state:
            for f in fields(state):
                setattr(state, f.name, getattr(work, f.name))
        state.touch()
        if done:
            state.extra.pop("pending", None)
            state.stage = None
            return _mark_replayed(ev, len(rolls))
        new = tuple(rd.given[len(rolls):])
        extra = dict(state.extra)
        extra["pending"] = Pending(orig, answers, tuple(rd.given), susp.what, susp.side, susp.options,
                                   susp.note, base, susp.default)
        state.extra = extra
        state.stage = Stage(susp.what, susp.side, None, (("options", susp.options),))
        out = []
        if new:
            out.append(Event("die_rolled", f"rolled {', '.join(map(str, new))} (the account follows the choice)",
                             {"dice": list(new)}))
        title = self.choice_info(susp.what)["title"]
        out.append(Event("choice_pending", f"{title} ({susp.side}): {susp.note}",
                         {"what": susp.what, "side": susp.side, "options": list(susp.options)}))
        return out


def _mark_replayed(events: list[Event], n: int) -> list[Event]:
    """The first ``n`` dice were reported already: their events become ``die_replayed``."""
    if not n:
        return events
    out = []
    for e in events:
        if n > 0 and e.kind == "die_rolled":
            n -= len(e.data.get("dice", [0]))
            e = Event("die_replayed", e.text, e.data)
        out.append(e)
    return out
