"""The game's timeline: the position after every action, the events each action
caused, and the summaries worked out from them (no pygame).

A game played in the client records its own timeline as it goes (the state after
each ``game.apply`` and the events it returned). A game loaded from a record has
only its actions: the timeline replays them on a fresh game opened from the record
header (same game, scenario, seed and options). The rules are deterministic, so the
replay is exact; the final digest is compared with the game's to make sure.

``Timeline`` is safe to use from two threads: the replay runs in a worker thread
while the client goes on recording new actions.
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
    def __init__(self, game, *, threaded: bool = True) -> None:
        self.game = game
        self.rules = game.rules
        self._lock = threading.Lock()
        n = len(game.actions)
        start_events = list(getattr(game, "start_events", []) or [])
        self._steps: list[Step | None] = [None] * n + [Step(n, game.state, game.actions[-1] if n else None,
                                                            [] if n else start_events)]
        self._info: dict[int, StepInfo] = {}
        self.error: str | None = None
        self.done = threading.Event()
        self.loaded = n  # actions that came from a record (their events need a replay)
        if n == 0:
            self.done.set()
        elif threaded:
            threading.Thread(target=self._replay, args=(list(game.actions), game.digest()), daemon=True,
                             name="hexwar-history").start()
        else:
            self._replay(list(game.actions), game.digest())

    # --- filling it -------------------------------------------------------------------
    def _replay(self, actions: list, digest: str) -> None:
        try:
            from .. import session

            h = self.game.header
            g = session.open_game(h["game"], h["scenario"], seed=h.get("seed", 0), options=dict(h.get("options") or {}))
            steps = [Step(0, g.state, None, list(g.start_events))]
            for i, a in enumerate(actions):
                who = g.acting_side()
                ev = g.apply(a)
                steps.append(Step(i + 1, g.state, a, list(ev), who))
            if g.digest() != digest:
                raise ValueError("replaying the record from its header does not give this position")
        except Exception as e:  # a game made by hand (tests, tutorials) has no replayable header
            log.info("history not replayable: %s", e)
            self.error = f"the earlier history cannot be rebuilt ({e})"
            self.done.set()
            return
        with self._lock:
            for s in steps:
                if s.index < len(self._steps):
                    old = self._steps[s.index]
                    # Keep the live state object for the last loaded step (the game's own).
                    if old is not None:
                        s.state = old.state
                    self._steps[s.index] = s
        self.done.set()
        # What the turn list and the phase bar need, worked out here rather than in a frame.
        for s in steps:
            if s.index not in self._info:
                self.info(s.index)

    def record(self, state, action, events, side: str | None) -> None:
        """The client applied ``action``: the game is now in ``state``."""
        with self._lock:
            n = len(self._steps)
            self._steps.append(Step(n, state, action, list(events), side))

    def truncate(self, n_actions: int) -> None:
        """An undo: forget the steps after ``n_actions``."""
        with self._lock:
            del self._steps[n_actions + 1:]
            for k in [k for k in self._info if k > n_actions]:
                del self._info[k]

    def resync(self) -> None:
        """Make sure the last step is the game's current position (after an undo)."""
        with self._lock:
            n = len(self.game.actions)
            del self._steps[n + 1:]
            while len(self._steps) < n + 1:
                self._steps.append(None)
            last = self._steps[n]
            if last is None or last.state is not self.game.state:
                self._steps[n] = Step(n, self.game.state, self.game.actions[-1] if n else None,
                                      last.events if last else [], last.side if last else None)

    # --- reading it ---------------------------------------------------------------------
    @property
    def last(self) -> int:
        return len(self._steps) - 1

    @property
    def first(self) -> int:
        """The earliest step that can be shown."""
        with self._lock:
            if self._steps and self._steps[0] is not None:
                return 0
            for i, s in enumerate(self._steps):
                if s is not None:
                    return i
        return self.last

    def step(self, k: int) -> Step | None:
        with self._lock:
            return self._steps[k] if 0 <= k < len(self._steps) else None

    def steps(self) -> list[Step]:
        with self._lock:
            return [s for s in self._steps if s is not None]

    def complete(self) -> bool:
        """Every step from the start is known."""
        return self.done.is_set() and self.first == 0

    def info(self, k: int) -> StepInfo | None:
        got = self._info.get(k)
        if got is not None:
            return got
        s = self.step(k)
        if s is None:
            return None
        v = self.rules.view(s.state, None)
        st = v.get("stage")
        got = StepInfo(v["turn"], v["phase"], v["phase_name"], v.get("phase_rule", ""), st["kind"] if st else None,
                       v.get("acting"), v.get("date", ""))
        self._info[k] = got
        return got

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
    prev_units: dict[str, dict] = {}
    for s in steps:
        units_before = prev_units
        # The view of this step, for the sides and steps of the units involved.
        v = rules.view(s.state, None)
        units_now = {u["id"]: u for u in v["units"]}
        reduced_now: dict[str, int] = {}
        for e in s.events:
            data = getattr(e, "data", {}) or {}
            kind = e.kind
            if kind == "reduced":
                uid = data.get("unit")
                u = units_now.get(uid) or units_before.get(uid) or {}
                side = u.get("side")
                if side:
                    out.setdefault(side, SideSummary()).steps_lost += 1
                    reduced_now[uid] = reduced_now.get(uid, 0) + 1
            elif kind == "eliminated":
                uid = data.get("unit")
                before = units_before.get(uid) or {}
                u = units_now.get(uid) or before
                side = u.get("side")
                if side:
                    ss = out.setdefault(side, SideSummary())
                    ss.units_eliminated += 1
                    had = int(before.get("steps", 1)) if before.get("where") == "map" else 1
                    ss.steps_lost += max(1, had - reduced_now.get(uid, 0))
            elif kind == "die_rolled" and s.side:
                out.setdefault(s.side, SideSummary()).rolls.append(int(data.get("roll", 0)))
            elif kind == "combat" and s.side:
                ss = out.setdefault(s.side, SideSummary())
                ss.battles += 1
                res = data.get("result") or "NE"
                if "result" not in data:
                    res = "below 1:1"
                ss.results[res] = ss.results.get(res, 0) + 1
        prev_units = units_now
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
        ctrl = rules.view(st.state, None)["control"]
        row: dict[str | None, int] = {}
        for h in places:
            holder = ctrl.get(hex_name(h))
            row[holder] = row.get(holder, 0) + 1
        by_turn[turn] = row
    last = steps[-1] if steps else None
    v = rules.view(last.state, None) if last else {"control": {}, "turn": 0, "result": None, "phase": ""}
    cities: dict[str | None, int] = {}
    for h in places:
        holder = v["control"].get(hex_name(h))
        cities[holder] = cities.get(holder, 0) + 1
    first_turn_step = next((st for st in steps if not tl.info(st.index).phase.endswith("setup")), None)
    played = 0
    if first_turn_step is not None:
        played = v["turn"] - tl.info(first_turn_step.index).turn + 1
    return GameSummary(out, played, v["turn"], tl.last, cities, len(places), v.get("result"), tl.complete(),
                       by_turn)
