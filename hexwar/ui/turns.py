"""What the turn track and the air support markers show, from the scenario and the
game's view (no pygame).

``turn_track(ctl)`` gives one ``TurnBox`` per turn: its date, whether it is past, the
current turn or still to come, and for each side the units that arrive that turn (with
what became of them) and the replacement steps it receives. ``air_markers(ctl)`` gives
the air support markers and whether each has flown this turn; ``air_in_battle`` finds
the marker committed to the battle shown at a step of the timeline.

The client knows no rule: everything comes from the scenario the rules were built from
(``rules.scenario``: dates, ``replacements``, ``pieces`` with ``arrives``, ``support``)
and from the view (``units`` with ``where`` and ``arrives``, ``support_available``).
The one exception is the effect of the balance options (13.0) on the replacement
steps, which the scenario table does not include: ``STEP_OPTIONS`` says it, and a test
checks it against the steps the rules actually hand out.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from . import rules_text

SIDE_NAMES = rules_text.SIDE_NAMES

# Balance options (13.0) that change the replacement steps of a side:
# option -> (side, what happens, on which turns: "all" or "even").
STEP_OPTIONS = {
    "no_axis_replacements": ("axis", "none", "all"),
    "axis_panzer_replacements_odd_turns": ("axis", "no panzers", "even"),
}
STEP_NOTES = {
    "none": "no replacement steps at all (13.0 balance option)",
    "no panzers": "German panzer corps may not take these steps: they do so only on turns 3, 5 and 7 "
                  "(13.0 balance option)",
}

# What became of a unit on the track.
DUE = "due"  # arrives on a later turn
ARRIVING = "arriving"  # arrives this turn, not placed yet
ARRIVED = "arrived"  # placed (on the map, or eliminated since)
LOST = "lost"  # not placed on its turn and gone for good (11.0)

STATUS_TEXT = {
    DUE: "arrives on turn {turn}, at its friendly map edge (11.0)",
    ARRIVING: "arrives this turn: place it in the build-up phase or it is lost (11.0)",
    ARRIVED: "arrived on turn {turn}",
    LOST: "lost: it was not placed on turn {turn}, when it arrived (11.0)",
}


@dataclass(frozen=True)
class TrackUnit:
    unit: dict  # the view's entry
    status: str  # DUE, ARRIVING, ARRIVED or LOST

    def describe(self, turn: int) -> str:
        return STATUS_TEXT[self.status].format(turn=turn)


@dataclass(frozen=True)
class SideTurn:
    side: str
    units: tuple[TrackUnit, ...]
    steps: int  # replacement steps received that turn (12.0), after the options
    note: str = ""  # a 13.0 option that changes them: "none" or "no panzers"
    base_steps: int = 0  # the scenario's figure before the options


@dataclass(frozen=True)
class TurnBox:
    turn: Any  # as view["turn"] gives it (1, 2 … or a game's own names, see named_turns)
    date: str
    when: str  # "past", "now" or "future"
    sides: tuple[SideTurn, ...]
    label: str = ""  # "Turn 3", "Turn A", "14 Feb"

    @property
    def title(self) -> str:
        return self.label or f"Turn {self.turn}"

    def tooltip(self) -> list[str]:
        head = self.title + (f" — {self.date}" if self.date else "")
        head += {"past": " (played)", "now": " (the current turn)", "future": ""}[self.when]
        lines = [head]
        for s in self.sides:
            name = SIDE_NAMES.get(s.side, s.side)
            got = [tu.unit["id"] for tu in s.units if tu.status != LOST]
            lost = [tu.unit["id"] for tu in s.units if tu.status == LOST]
            parts = []
            if got:
                verb = "arrived" if self.when == "past" else "arrive"
                parts.append(f"{verb}: {', '.join(got)}")
            if lost:
                parts.append(f"lost, never placed: {', '.join(lost)}")
            if not s.units:
                parts.append("no reinforcements")
            steps = f"{s.steps} replacement step{'s' if s.steps != 1 else ''} (12.0)"
            if s.note == "none" and s.base_steps:
                steps = f"no replacement steps ({STEP_NOTES['none']}; {s.base_steps} without it)"
            elif s.note:
                steps += f"; {STEP_NOTES[s.note]}"
            lines.append(f"{name}: " + "; ".join(parts) + f"; {steps}.")
        return lines


@dataclass(frozen=True)
class AirMarker:
    id: str
    name: str
    short: str  # printed on the marker: "IV FK"
    side: str
    shift: int
    used: bool  # has flown this turn (10.5): back next turn

    @property
    def shift_text(self) -> str:
        return f"{self.shift:+d}"

    def tooltip(self, turn: int | None = None, turns: int | None = None) -> list[str]:
        side = SIDE_NAMES.get(self.side, self.side)
        cols = "column" if abs(self.shift) == 1 else "columns"
        lines = [f"{self.name} ({side} air support)",
                 f"Shifts the odds of one {side} attack {abs(self.shift)} {cols} to the right; it flies at most "
                 "once a turn and stacks free, over any units (10.5, 8.3)."]
        if self.used:
            back = f" It is ready again on turn {turn + 1}." if isinstance(turn, int) and (turns is None or turn < turns) \
                else ""
            lines.append("Used this turn." + back)
        else:
            lines.append("Ready: choose it with a Roll button when one of your battles is resolved.")
        return lines


def scenario_of(ctl) -> Any:
    return getattr(ctl.rules, "scenario", None)


def short_name(mid: str, name: str = "") -> str:
    """What fits on a marker: its id with spaces ("IV-FK" -> "IV FK")."""
    return (mid or name).replace("-", " ").replace("_", " ")


def air_markers(ctl) -> list[AirMarker]:
    """Every air support marker of the game, and whether it has flown this turn."""
    support = getattr(ctl.rules, "support", None)
    if support is None:
        support = getattr(scenario_of(ctl), "support", None) or {}
    v = ctl.view()
    avail = v.get("support_available")
    out = []
    for mid in sorted(support):
        m = support[mid]
        out.append(AirMarker(mid, getattr(m, "name", mid), short_name(mid, getattr(m, "name", "")),
                             getattr(m, "side", ""), int(getattr(m, "shift", 1)),
                             avail is not None and mid not in avail))
    return out


def _steps(rules, scen, turn, side: str) -> tuple[int, str, int]:
    try:
        base = int((getattr(scen, "replacements", {}) or {}).get(turn, {}).get(side, 0) or 0)
    except (TypeError, ValueError, AttributeError):
        base = 0
    options = getattr(rules, "options", {}) or {}
    steps, note = base, ""
    for opt, (who, effect, turns) in STEP_OPTIONS.items():
        if not options.get(opt) or who != side or (turns == "even" and (not isinstance(turn, int) or turn % 2)):
            continue
        if effect == "none":
            steps, note = 0, "none" if base else ""
        elif base and not note:
            note = effect
    return steps, note, base


@dataclass(frozen=True)
class NamedTurn:
    turn: Any  # the value ``view["turn"]`` takes on this turn
    label: str  # what the track and the phase bar call it: "Turn 3", "Turn A", "14 Feb"
    date: str = ""


def named_turns(ctl) -> list[NamedTurn]:
    """Every turn in play order. A game names its own turns with the hook ``rules.turn_track``
    (a sequence, or a method returning one, of ``(turn, label)`` or ``(turn, label, date)``, where
    ``turn`` is the value of ``view["turn"]``): Kursk's preliminary turns A–D then 1–8,
    Kasserine's days. Without it: turns 1 to ``view["turns"]`` with the scenario's dates."""
    rules = ctl.rules
    hook = getattr(rules, "turn_track", None)
    if callable(hook):
        try:
            hook = hook()
        except Exception:
            hook = None
    if hook:
        out = []
        for item in hook:
            if isinstance(item, NamedTurn):
                out.append(item)
                continue
            t = tuple(item)
            out.append(NamedTurn(t[0], str(t[1]) if len(t) > 1 else f"Turn {t[0]}", str(t[2]) if len(t) > 2 else ""))
        return out
    scen = scenario_of(ctl)
    v = ctl.view()
    try:
        turns = int(v.get("turns") or getattr(scen, "turns", 0) or 0)
    except (TypeError, ValueError):
        turns = 0
    dates = getattr(scen, "dates", {}) or {}
    label = getattr(rules, "turn_label", None)  # the smaller hook: a name per turn number
    out = []
    for t in range(1, turns + 1):
        name = f"Turn {t}"
        if callable(label):
            try:
                name = f"Turn {label(t)}"
            except Exception:
                pass
        date = dates.get(t, "") if isinstance(dates, dict) else ""
        out.append(NamedTurn(t, name, str(date or "")))
    return out


def turn_title(ctl, v: dict | None = None) -> str:
    """The current turn for the phase bar: "Turn 3 of 7", "Turn A (1 of 12)", "14 Feb (1 of 12)"."""
    v = v if v is not None else ctl.view()
    turn = v.get("turn")
    named = named_turns(ctl)
    custom = getattr(ctl.rules, "turn_track", None) is not None or callable(getattr(ctl.rules, "turn_label", None))
    for i, nt in enumerate(named):
        if nt.turn == turn:
            if not custom:
                return f"Turn {turn} of {len(named)}"
            return f"{nt.label} ({i + 1} of {len(named)})"
    if turn is None:
        return ""
    return f"Turn {turn}" + (f" of {v['turns']}" if v.get("turns") else "")


def turn_track(ctl) -> list[TurnBox]:
    """One box per turn of the scenario (empty when the game has no turn record)."""
    scen = scenario_of(ctl)
    v = ctl.view()
    named = named_turns(ctl)
    if not named:
        return []
    order = [nt.turn for nt in named]
    now_turn = v.get("turn", order[0])
    now = order.index(now_turn) if now_turn in order else 0
    sides = list(ctl.sides())
    units = {u["id"]: u for u in v["units"]}
    # Which turn each unit arrives on: the view says it while the unit waits; the scenario
    # still knows it once the unit has been placed or lost.
    arrives: dict[str, int] = {}
    for p in getattr(scen, "pieces", ()) or ():
        if getattr(p, "arrives", 0):
            arrives[p.id] = int(p.arrives)
    for u in v["units"]:
        if u.get("where") == "arriving" and u.get("arrives"):
            arrives[u["id"]] = int(u["arrives"])
    out = []
    for i, nt in enumerate(named):
        t = nt.turn
        per_side = []
        for side in sides:
            tus = []
            for uid in sorted(arrives, key=lambda x: (arrives[x], x)):
                u = units.get(uid)
                if arrives[uid] != t or u is None or u.get("side") != side:
                    continue
                where = u.get("where")
                if where == "arriving":
                    status = ARRIVING if i == now else DUE
                elif where == "lost":
                    status = LOST
                else:
                    status = ARRIVED
                tus.append(TrackUnit(u, status))
            steps, note, base = _steps(ctl.rules, scen, t, side)
            per_side.append(SideTurn(side, tuple(tus), steps, note, base))
        when = "past" if i < now else "now" if i == now else "future"
        out.append(TurnBox(t, nt.date, when, tuple(per_side), nt.label))
    return out


def air_in_battle(tl, k: int) -> tuple[tuple[Any, str], ...]:
    """(defending hex, marker id) of the air support committed to the battle shown at
    step ``k`` of the timeline: the roll of that step, or the roll that began the battle
    step being settled there (losses, retreat, advance)."""
    if tl is None:
        return ()
    st = tl.step(k)
    if st is None:
        return ()
    act = st.action
    if act is not None and type(act).__name__ == "Roll":
        if not getattr(act, "support", None):
            return ()
        target = next((e.data.get("target") for e in st.events
                       if e.kind == "combat" and isinstance(getattr(e, "data", None), dict)), None)
        if target is None:
            before = tl.step(k - 1)
            stage = getattr(before.state, "stage", None) if before is not None else None
            target = getattr(stage, "target", None)
        return ((target, act.support),) if target is not None else ()
    stage = getattr(st.state, "stage", None)
    target = getattr(stage, "target", None)
    if stage is None or target is None or stage.kind == "roll":
        return ()
    j = k
    while j > 0:
        s = tl.step(j)
        if s is None:
            return ()
        a = s.action
        if a is not None and type(a).__name__ == "Roll":
            return ((target, a.support),) if a.support else ()
        prev = tl.step(j - 1)
        pst = getattr(prev.state, "stage", None) if prev is not None else None
        if pst is None or getattr(pst, "target", None) != target:
            return ()
        j -= 1
    return ()
