"""The game's timeline: the position after every action, the events each action
caused, and the summaries worked out from them (no pygame).

Everything comes from the core: ``game.history()`` gives every action applied to the game
with its events and who took it, ``game.timeline()`` the state after each, and the position
before the first action is the game's ``start_state``. A game loaded with
``hexwar.load_record`` has applied every action of its record, so this covers the whole game.
A position is shown read only through ``game.at(k)``.

The timeline follows the game as it goes (new actions, undo): it reads the game's history
again whenever the game has changed.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass, field
from typing import Any

log = logging.getLogger(__name__)


@dataclass
class Step:
    """The position after ``index`` actions (0: the start of the game)."""

    index: int
    state: Any
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


class Timeline:
    def __init__(self, game, *, threaded: bool = True) -> None:  # ``threaded``: kept for callers, unused
        self.game = game
        self.rules = game.rules
        self._info: dict[int, tuple[Any, StepInfo]] = {}
        self.error: str | None = None  # why some positions cannot be shown (none since the core keeps them all)
        self.done = threading.Event()  # kept for callers: everything is known at once now
        self.done.set()
        self.loaded = len(game.actions)  # actions applied before the client took the game over (a loaded record)
        self._start = Step(0, game.start_state, None, list(getattr(game, "start_events", []) or []))
        self._key: tuple | None = None
        self._steps: list[Step | None] = []
        self._lock = threading.RLock()
        self._sync()

    # --- following the game ------------------------------------------------------------
    def _sync(self) -> None:
        """Read the game's history again if the game has changed since the last time."""
        g = self.game
        key = (len(g.actions), id(g.state))
        if key == self._key:
            return
        self._key = key
        old = {id(st.state): st for st in self._steps if st is not None}
        steps: list[Step | None] = [self._start]
        for past, (_, _, after) in zip(g.history(), g.timeline()):
            st = old.get(id(after))
            if st is None or st.state is not after or st.action is not past.action or st.index != past.index:
                st = Step(past.index, after, past.action, list(past.events), past.side)
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
        if got is not None and got[0] is s.state:
            return got[1]
        v = self.rules.view(s.state, None)
        st = v.get("stage")
        info = StepInfo(v.get("turn"), v.get("phase", ""), v.get("phase_name", ""), v.get("phase_rule", ""), st.get("kind", "choice") if st else None,
                        v.get("acting"), v.get("date", ""))
        self._info[k] = (s.state, info)
        return info

    def turn_starts(self) -> list[tuple[str, int]]:
        """(label, step) for the start of the game and the first step of every turn."""
        key = ("turns", self.first, self.last, id(self.step(self.last)))
        if getattr(self, "_turns_key", None) == key:
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
                last_turn = inf.turn if inf and not inf.phase.endswith("setup") else None
                continue
            inf = self.info(s.index)
            if inf is None:
                continue
            if inf.phase.endswith("setup"):
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
    last_turn: int
    actions: int
    cities: dict[str | None, int]  # holder -> number of cities
    total_cities: int
    result: dict | None
    complete: bool  # False when the earlier history could not be rebuilt
    cities_by_turn: dict[int, dict[str | None, int]] = field(default_factory=dict)  # at the end of each turn


def summarize(tl: Timeline, sides: tuple[str, ...] = ()) -> GameSummary:
    """Losses, battles and dice of every side, from the events of every action."""
    steps = tl.steps()
    rules = tl.rules
    out: dict[str, SideSummary] = {s: SideSummary() for s in sides}
    # The events say whose unit lost how many steps and which side fought and rolled.
    for s in steps:
        for e in s.events:
            data = getattr(e, "data", {}) or {}
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

    board = getattr(rules, "board", None)
    places = getattr(board, "places", {}) or {}
    by_turn: dict[int, dict[str | None, int]] = {}
    last_of_turn: dict[int, Step] = {}
    for st in steps:
        inf = tl.info(st.index)
        if inf is not None and not inf.phase.endswith("setup"):
            last_of_turn[inf.turn] = st
    for turn, st in sorted(last_of_turn.items()):
        ctrl = rules.view(st.state, None).get("control") or {}
        row: dict[str | None, int] = {}
        for h in places:
            holder = ctrl.get(hex_name(h))
            row[holder] = row.get(holder, 0) + 1
        by_turn[turn] = row
    last = steps[-1] if steps else None
    v = rules.view(last.state, None) if last else {"control": {}, "turn": 0, "result": None, "phase": ""}
    cities: dict[str | None, int] = {}
    for h in places:
        holder = (v.get("control") or {}).get(hex_name(h))
        cities[holder] = cities.get(holder, 0) + 1
    first_turn_step = next((st for st in steps if not tl.info(st.index).phase.endswith("setup")), None)
    played = 0
    if first_turn_step is not None:
        try:
            played = v["turn"] - tl.info(first_turn_step.index).turn + 1
        except (TypeError, KeyError):  # named turns (A, B … 1, 2): count the distinct turns seen
            played = len({tl.info(st.index).turn for st in steps if tl.info(st.index) is not None})
    return GameSummary(out, played, v.get("turn"), tl.last, cities, len(places), v.get("result"), tl.complete(),
                       by_turn)
