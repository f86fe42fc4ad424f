"""The game's timeline: the position after every action, the events each action
caused, and the summaries worked out from them (no pygame).

Everything comes from the game contract: ``game.history()`` gives every action applied to the
game with its events and who took it, and ``game.at(k)`` the position after ``k`` actions, read
only (``Timeline.at``). A game loaded with ``hexwar.load_record`` has applied every action of its
record, so this covers the whole game.

The timeline follows the game as it goes (new actions, undo): it reads the game's history
again whenever the game has changed.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass(eq=False)
class Step:
    """The position after ``index`` actions (0: the start of the game); ``Timeline.at(index)``
    is the position itself."""

    index: int
    action: Any = None  # the action that led here (None for the start)
    events: list = field(default_factory=list)
    side: str | None = None  # who took the action


@dataclass
class StepInfo:
    """What the phase bar needs about a step, from the game's view of it."""

    turn: int
    phase: str
    phase_name: str
    phase_rule: str
    stage: str | None
    acting: str | None
    date: str = ""
    kind: str = ""  # the phase's kind (setup, movement …)


class Timeline:
    def __init__(self, game, *, threaded: bool = True) -> None:  # ``threaded``: kept for callers, unused
        self.game = game
        self._info: dict[int, tuple[Step, StepInfo]] = {}
        self.error: str | None = None  # why some positions cannot be shown (none since the core keeps them all)
        self.done = threading.Event()  # kept for callers: everything is known at once now
        self.done.set()
        self.loaded = len(game.actions)  # actions applied before the client took the game over (a loaded record)
        self._start = Step(0, None, list(game.start_events))
        self._key: tuple | None = None
        self._at: dict[int, tuple[Step, Any]] = {}
        self._steps: list[Step | None] = []
        self._turns_key: tuple | None = None
        self._turns: list[tuple[str, int]] = []
        self._lock = threading.RLock()
        self._sync()

    # --- following the game ------------------------------------------------------------
    def _sync(self) -> None:
        """Read the game's history again if the game has changed since the last time."""
        g = self.game
        key = (len(g.actions), g.actions[-1] if g.actions else None)
        if self._key is not None and key[0] == self._key[0] and key[1] is self._key[1]:
            return
        self._key = key
        old = self._steps
        steps: list[Step | None] = [self._start]
        for past in g.history():
            k = past.index
            st = old[k] if k < len(old) else None
            if st is None or st.action is not past.action:
                st = Step(k, past.action, list(past.events), past.side)
            steps.append(st)
        self._steps = steps

    def _list(self, start: bool = True) -> list[Step | None]:
        """The steps (``start``: kept for callers; the start is always known)."""
        with self._lock:  # the victory screen sums the game up in a worker thread
            self._sync()
            return self._steps

    # Kept for callers of the old API: the game itself records everything now.
    def record(self, state, action, events, side: str | None) -> None:
        self._sync()

    def truncate(self, n_actions: int) -> None:
        self._sync()

    def resync(self) -> None:
        self._sync()

    # --- reading it ---------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self._list(start=False)) - 1

    @property
    def first(self) -> int:
        """The earliest step that can be shown."""
        steps = self._list()
        for i, s in enumerate(steps):
            if s is not None:
                return i
        return len(steps) - 1

    def at(self, k: int):
        """The position after ``k`` actions, read only (``game.at(k)``, the last few kept)."""
        st = self.step(k)
        if st is None:
            return None
        got = self._at.get(k)
        if got is None or got[0] is not st:
            if len(self._at) > 8:
                self._at.clear()
            got = self._at[k] = (st, self.game.at(k))
        return got[1]

    def step(self, k: int) -> Step | None:
        steps = self._list(start=k == 0)
        return steps[k] if 0 <= k < len(steps) else None

    def steps(self, start: bool = True) -> list[Step]:
        """Every known step; ``start=False``: the start of the game only if it is known already."""
        return [s for s in self._list(start) if s is not None]

    def complete(self) -> bool:
        """Every step from the start is known."""
        return self.first == 0

    def info(self, k: int) -> StepInfo | None:
        s = self.step(k)
        if s is None:
            return None
        got = self._info.get(k)
        if got is not None and got[0] is s:
            return got[1]
        past = self.at(k)
        v = past.view(None)
        ph = past.phase()
        info = StepInfo(v.get("turn"), ph.id, str(v.get("phase_name") or ph.name), ph.rule, past.stage()[0] or None,
                        past.acting_side(), v.get("date", ""), ph.kind)
        self._info[k] = (s, info)
        return info

    def turn_starts(self) -> list[tuple[str, int]]:
        """(label, step) for the start of the game and the first step of every turn."""
        key = ("turns", self.first, self.last, id(self.step(self.last)))
        if self._turns_key == key:
            return self._turns
        self._turns = self._turn_starts()
        self._turns_key = key
        return self._turns

    def _turn_starts(self) -> list[tuple[str, int]]:
        out: list[tuple[str, int]] = []
        first = self.first
        out.append(("Start" if first == 0 else f"#{first}", first))
        seen_setup_done = False
        last_turn = None
        for s in self.steps():
            if s.index == first:
                inf = self.info(s.index)
                last_turn = inf.turn if inf and not inf.kind == "setup" else None
                continue
            inf = self.info(s.index)
            if inf is None:
                continue
            if inf.kind == "setup":
                continue
            if inf.turn != last_turn:
                label = f"Turn {inf.turn}"
                if not seen_setup_done and inf.turn == 1:
                    seen_setup_done = True
                out.append((label, s.index))
                last_turn = inf.turn
        return out

    def phase_starts(self) -> list[int]:
        """Steps where a new phase begins (for jumping a phase at a time)."""
        out = [self.first]
        prev = None
        for s in self.steps():
            inf = self.info(s.index)
            key = (inf.turn, inf.phase) if inf else None
            if prev is not None and key != prev:
                out.append(s.index)
            prev = key
        return out


# --- the summary of a finished (or running) game -------------------------------------------
@dataclass
class SideSummary:
    steps_lost: int = 0
    units_eliminated: int = 0
    battles: int = 0
    results: dict[str, int] = field(default_factory=dict)  # CRT result -> count, as attacker
    rolls: list[int] = field(default_factory=list)  # die rolls made for this side's battles

    @property
    def mean_roll(self) -> float | None:
        return sum(self.rolls) / len(self.rolls) if self.rolls else None

    def roll_counts(self, sides: int = 6) -> list[int]:
        return [self.rolls.count(v) for v in range(1, sides + 1)]


@dataclass
class GameSummary:
    sides: dict[str, SideSummary]
    turns_played: int
    last_turn: int | str | None  # the last position's turn, as its view gives it (named in some games)
    actions: int
    cities: dict[str | None, int]  # holder -> number of cities
    total_cities: int
    result: dict | None
    complete: bool  # False when the earlier history could not be rebuilt
    cities_by_turn: dict[int, dict[str | None, int]] = field(default_factory=dict)  # at the end of each turn


def summarize(tl: Timeline, sides: tuple[str, ...] = ()) -> GameSummary:
    """Losses, battles and dice of every side, from the events of every action."""
    steps = tl.steps()
    out: dict[str, SideSummary] = {s: SideSummary() for s in sides}
    # The events say whose unit lost how many steps and which side fought and rolled.
    for s in steps:
        for e in s.events:
            data = e.data or {}
            kind = e.kind
            side = data.get("side")
            if not side:
                continue
            if kind == "reduced":
                out.setdefault(side, SideSummary()).steps_lost += 1
            elif kind == "eliminated":
                ss = out.setdefault(side, SideSummary())
                ss.units_eliminated += 1
                ss.steps_lost += int(data.get("steps", 0))
            elif kind == "die_rolled":
                out.setdefault(side, SideSummary()).rolls.append(int(data.get("roll", 0)))
            elif kind == "combat":
                ss = out.setdefault(side, SideSummary())
                ss.battles += 1
                res = "below 1:1" if data.get("below_1_1") else str(data.get("result", "NE"))
                ss.results[res] = ss.results.get(res, 0) + 1
    # Cities held at the end of every turn (the last step of the turn).
    from ..core.hexgrid import hex_name

    places = tl.game.board.places
    by_turn: dict[int, dict[str | None, int]] = {}
    last_of_turn: dict[int, Step] = {}
    for st in steps if places else ():  # a map without cities: no table of cities held
        inf = tl.info(st.index)
        if inf is not None and not inf.kind == "setup":
            last_of_turn[inf.turn] = st
    for turn, st in sorted(last_of_turn.items()):
        ctrl = tl.at(st.index).view(None).get("control") or {}
        row: dict[str | None, int] = {}
        for h in places:
            holder = ctrl.get(hex_name(h))
            row[holder] = row.get(holder, 0) + 1
        by_turn[turn] = row
    last = steps[-1] if steps else None
    v: dict[str, Any] = (tl.at(last.index).view(None) if last
                         else {"control": {}, "turn": 0, "result": None, "phase": ""})
    cities: dict[str | None, int] = {}
    for h in places:
        holder = (v.get("control") or {}).get(hex_name(h))
        cities[holder] = cities.get(holder, 0) + 1
    def info_of(st: Step) -> StepInfo:
        inf = tl.info(st.index)
        assert inf is not None, "every step of the timeline has its info"
        return inf

    first_turn_step = next((st for st in steps if not info_of(st).kind == "setup"), None)
    played = 0
    if first_turn_step is not None:
        try:
            played = v["turn"] - info_of(first_turn_step).turn + 1
        except (TypeError, KeyError):  # named turns (A, B … 1, 2): count the distinct turns seen
            played = len({inf.turn for inf in (tl.info(st.index) for st in steps) if inf is not None})
    return GameSummary(out, played, v.get("turn"), tl.last, cities, len(places), v.get("result"), tl.complete(),
                       by_turn)
