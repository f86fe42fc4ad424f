"""What the turn track and the air support markers show, from the game's view and its
client's hooks (no pygame).

``turn_track(ctl)`` gives one ``TurnBox`` per turn: its date, whether it is past, the
current turn or still to come, and for each side the units that arrive that turn (with
what became of them) and the replacement steps it receives. ``air_markers(ctl)`` gives
the air support markers and whether each has flown this turn; ``air_in_battle`` finds
the marker committed to the battle shown at a step of the timeline.

The client knows no rule: the turns' names and dates, the arrivals, the replacement steps and
the air support markers come from the game's client hooks (``GameUI.named_turns``,
``arrivals``, ``turn_steps``, ``air_markers``); without them, from the view (``turn``,
``turns``, ``date``, ``turn_label``, and ``units`` with ``where`` and ``arrives``).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .sides import side_name

# What became of a unit on the track.
DUE = "due"  # arrives on a later turn
ARRIVING = "arriving"  # arrives this turn, not placed yet
ARRIVED = "arrived"  # placed (on the map, or eliminated since)
LOST = "lost"  # not placed on its turn and gone for good

STATUS_TEXT = {
    DUE: "arrives on turn {turn}, at its friendly map edge",
    ARRIVING: "arrives this turn: place it now or it is lost",
    ARRIVED: "arrived on turn {turn}",
    LOST: "lost: it was not placed on turn {turn}, when it arrived",
}


@dataclass(frozen=True)
class TrackUnit:
    unit: dict  # the view's entry
    status: str  # DUE, ARRIVING, ARRIVED or LOST
    rule: str = ""  # the game's rule on arrivals

    def describe(self, turn: int) -> str:
        return STATUS_TEXT[self.status].format(turn=turn) + (f" ({self.rule})" if self.rule else "")


@dataclass(frozen=True)
class Steps:
    """The replacement steps a side receives on a turn, as the game's client says them."""

    steps: int  # after the options
    note: str = ""  # a key for an option that changes them ("none", "no panzers"), or ""
    base: int = 0  # the scenario's figure before the options
    rule: str = ""  # the rule of replacement steps
    note_text: str = ""  # the option's effect in words


@dataclass(frozen=True)
class SideTurn:
    side: str
    units: tuple[TrackUnit, ...]
    steps: int | None  # replacement steps received that turn, after the options (None: the game has none)
    note: str = ""  # an option that changes them
    base_steps: int = 0  # the scenario's figure before the options
    rule: str = ""
    note_text: str = ""


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
            name = side_name(s.side)
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
            if s.steps is None:
                lines.append(f"{name}: " + "; ".join(parts) + ".")
                continue
            cite = f" ({s.rule})" if s.rule else ""
            steps = f"{s.steps} replacement step{'s' if s.steps != 1 else ''}{cite}"
            if s.steps == 0 and s.note and s.base_steps:
                steps = f"no replacement steps ({s.note_text}; {s.base_steps} without it)"
            elif s.note_text:
                steps += f"; {s.note_text}"
            lines.append(f"{name}: " + "; ".join(parts) + f"; {steps}.")
        return lines


@dataclass(frozen=True)
class AirMarker:
    id: str
    name: str
    short: str  # printed on the marker: "IV FK"
    side: str
    shift: int
    used: bool  # has flown this turn: back next turn
    rule: str = ""  # the game's rule on air support

    @property
    def shift_text(self) -> str:
        return f"{self.shift:+d}"

    def tooltip(self, turn: int | None = None, turns: int | None = None) -> list[str]:
        side = side_name(self.side)
        cols = "column" if abs(self.shift) == 1 else "columns"
        cite = f" ({self.rule})" if self.rule else ""
        lines = [f"{self.name} ({side} air support)",
                 f"Shifts the odds of one {side} attack {abs(self.shift)} {cols} to the right; it flies at most "
                 f"once a turn and stacks free, over any units{cite}."]
        if self.used:
            back = (f" It is ready again on turn {turn + 1}."
                    if isinstance(turn, int) and (turns is None or turn < turns) else "")
            lines.append("Used this turn." + back)
        else:
            lines.append("Ready: choose it with a Roll button when one of your battles is resolved.")
        return lines


def short_name(mid: str, name: str = "") -> str:
    """What fits on a marker: its id with spaces ("IV-FK" -> "IV FK")."""
    return (mid or name).replace("-", " ").replace("_", " ")


def air_markers(ctl) -> list[AirMarker]:
    """Every air support marker of the game, and whether it has flown this turn (the game's
    client hook; none for a game without them)."""
    return list(ctl.gui.air_markers(ctl) or ())


@dataclass(frozen=True)
class NamedTurn:
    turn: Any  # the value ``view["turn"]`` takes on this turn
    label: str  # what the track and the phase bar call it: "Turn 3", "Turn A", "14 Feb"
    date: str = ""


def named_turns(ctl) -> list[NamedTurn]:
    """Every turn in play order: the game's own names and dates (``GameUI.named_turns``), else
    turns 1 to ``view["turns"]``, the current one with the view's date and name."""
    got = ctl.gui.named_turns(ctl.game)
    if got:
        return [nt if isinstance(nt, NamedTurn) else NamedTurn(nt[0], str(nt[1]), str(nt[2]) if len(nt) > 2 else "")
                for nt in got]
    v = ctl.view()
    try:
        turns = int(v.get("turns") or 0)
    except (TypeError, ValueError):
        turns = 0
    now = v.get("turn")
    out = []
    for t in range(1, turns + 1):
        label = f"Turn {v['turn_label']}" if t == now and v.get("turn_label") else f"Turn {t}"
        out.append(NamedTurn(t, label, str(v.get("date") or "") if t == now else ""))
    return out


def _custom(ctl) -> bool:
    """The game names its turns otherwise than "Turn 1", "Turn 2" …"""
    return any(nt.label != f"Turn {i + 1}" for i, nt in enumerate(named_turns(ctl)))


def turn_title(ctl, v: dict | None = None) -> str:
    """The current turn for the phase bar: "Turn 3 of 7", "Turn A (1 of 12)", "14 Feb (1 of 12)"."""
    v = v if v is not None else ctl.view()
    turn = v.get("turn")
    named = named_turns(ctl)
    for i, nt in enumerate(named):
        if nt.turn == turn:
            if not _custom(ctl):
                return f"Turn {turn} of {len(named)}"
            return f"{nt.label} ({i + 1} of {len(named)})"
    if turn is None:
        return ""
    return f"Turn {turn}" + (f" of {v['turns']}" if v.get("turns") else "")


def turn_track(ctl) -> list[TurnBox]:
    """One box per turn of the scenario (empty when the game has no turn record)."""
    v = ctl.view()
    named = named_turns(ctl)
    if not named:
        return []
    order = [nt.turn for nt in named]
    now_turn = v.get("turn", order[0])
    now = order.index(now_turn) if now_turn in order else 0
    sides = list(ctl.sides())
    units = {u["id"]: u for u in v["units"]}
    # Which turn each unit arrives on: the view says it while the unit waits; the game's client
    # still knows it once the unit has been placed or lost.
    arrives: dict[str, Any] = dict(ctl.gui.arrivals(ctl) or {})
    rule = ctl.gui.arrival_rule
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
                tus.append(TrackUnit(u, status, rule))
            st = ctl.gui.turn_steps(ctl, t, side)
            if st is None:
                per_side.append(SideTurn(side, tuple(tus), None))
            else:
                per_side.append(SideTurn(side, tuple(tus), st.steps, st.note, st.base, st.rule, st.note_text))
        when = "past" if i < now else "now" if i == now else "future"
        out.append(TurnBox(t, nt.date, when, tuple(per_side), nt.label))
    return out


def air_in_battle(tl, k: int) -> tuple[tuple[Any, str], ...]:
    """(defending hex, marker id) of the air support committed to the battle shown at
    step ``k`` of the timeline: the roll of that step, or the roll that began the battle
    step being settled there (losses, retreat, advance)."""
    from ..core.actions import Roll
    from ..core.hexgrid import parse_hex

    if tl is None:
        return ()
    st = tl.step(k)
    if st is None:
        return ()

    def stage_at(j: int) -> tuple[str, str]:
        past = tl.at(j)
        return past.stage() if past is not None else ("", "")

    act = st.action
    if isinstance(act, Roll):
        if not act.support:
            return ()
        target = next((e.data.get("target") for e in st.events if e.kind == "combat" and e.data), None)
        if target is None:
            where = stage_at(k - 1)[1]
            target = parse_hex(where) if where else None
        return ((target, act.support),) if target is not None else ()
    kind, where = stage_at(k)
    if not kind or not where or kind == "roll":
        return ()
    j = k
    while j > 0:
        s = tl.step(j)
        if s is None:
            return ()
        if isinstance(s.action, Roll):
            return ((parse_hex(where), s.action.support),) if s.action.support else ()
        if stage_at(j - 1)[1] != where:
            return ()
        j -= 1
    return ()
