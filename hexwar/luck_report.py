"""The luck report: how each side's dice went against what was to be expected, and the course
of the game turn by turn. Pure over a game's record: ``luck(game)`` replays nothing and
changes nothing; the client only draws what it returns.

>>> import hexwar
>>> from hexwar.games import all_games
>>> game = hexwar.open_game(all_games()[0].id, seed=1)
>>> report = hexwar.luck(game)
>>> [s.side for s in report.sides] == [s.id for s in game.entry.sides], report.rolls
(True, ())

What each roll could have given comes from the game's ``roll_odds`` hook (a battle's column of
the results table, each result's chance and what it costs each side, nominally); a roll the
game says nothing about is weighed against the average of its dice. The course of the game
comes from the ``side_strength`` and ``score`` hooks (units and steps on the map; victory points or
cities held).
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # only named in annotations: `import hexwar` stays light
    from .core.contract import RollOdds
    from .core.game import Game

# the events that tell a die roll: ``die_replayed`` tells again, with what it was read on, a die
# first told before an owner's choice (the report keeps it there, and drops the first telling)
DICE_EVENTS = ("die_rolled", "die_replayed")


@dataclass(frozen=True)
class RollLuck:
    """One die roll, against what it could have given."""

    index: int  # the action that made it (1 for the first action of the game)
    turn: int
    side: str | None  # whom the roll was for (the attacker), None when the game does not say
    why: str  # what was rolled for, in the engine's words
    dice: tuple[int, ...]
    table: str  # what it was read on ("results table 3:1"), "" for a roll without a table
    result: str  # the result it gave ("DRL"), or the total for a roll without a table
    chance_worse: float  # the chance of a result worse for ``side`` than this one (0..1)
    chance_better: float  # ... and of a better one
    verdict: str  # "better" or "worse" than the median of its column, "median", or "high"/"low"/"average"
    expected: Mapping[str, float]  # steps each side could expect to lose, nominally
    actual: Mapping[str, float]  # steps each side lost in the battle the roll decided

    @property
    def percentile(self) -> float:
        """Where the result stands among those the roll could give, 0 (the worst) to 1 (the best)."""
        return self.chance_worse + (1.0 - self.chance_worse - self.chance_better) / 2


@dataclass(frozen=True)
class SideLuck:
    """One side's dice over the game."""

    side: str
    name: str
    rolls: int  # rolls made for this side (its battles)
    better: int  # results better than the median of their column
    worse: int
    median: int
    mean_percentile: float  # 0.5 is exactly as lucky as expected
    expected_lost: float  # steps this side could expect to lose in every battle, nominally
    lost: float  # steps it did lose in them
    expected_inflicted: float  # steps it could expect to take from the enemy in its own battles
    inflicted: float


@dataclass(frozen=True)
class TurnPoint:
    """How the game stood at the end of a turn (the last point: as it stands now)."""

    turn: int
    score: Mapping[str, float]  # victory points, cities held ... (``LuckReport.score_label``)
    units: Mapping[str, int]  # on the map
    steps: Mapping[str, int]
    units_lost: Mapping[str, int]  # since the start, counting every unit taken off the map
    steps_lost: Mapping[str, int]


@dataclass(frozen=True)
class LuckReport:
    game_id: str
    sides: tuple[SideLuck, ...]
    rolls: tuple[RollLuck, ...]
    course: tuple[TurnPoint, ...]
    score_label: str  # what TurnPoint.score counts ("cities held", "victory points"), "" for nothing

    def side(self, side_id: str) -> SideLuck:
        return next(s for s in self.sides if s.side == side_id)


def luck(game: Game) -> LuckReport:
    """The luck report of ``game``, from its record (every action and what it brought)."""
    rules: Any = game.rules
    sides = [s.id for s in game.entry.sides] if game.entry is not None else list(getattr(rules, "sides", ()))
    timeline = game.timeline()
    befores = [game.start_state] + [s for _, _, s in timeline[:-1]]
    rolls: list[RollLuck | None] = []  # None: a roll told again later (dropped at the end)
    course: list[TurnPoint] = []
    label, _ = rules.score(game.start_state)
    lost_units = {s: 0 for s in sides}
    lost_steps = {s: 0 for s in sides}
    prev = rules.side_strength(game.start_state)
    turn_now = rules.turn_of(game.start_state)
    battle: list[int] = []  # the rolls of the battle still being settled (indices into rolls)
    battle_lost = {s: 0.0 for s in sides}  # what it has cost each side so far
    in_battle = False
    for i, ((action, events, after), before) in enumerate(zip(timeline, befores)):
        if action is None:
            continue
        strength = rules.side_strength(after)
        units, steps = _losses(rules, before, after, prev, strength, sides)
        for s in sides:
            lost_steps[s] += steps[s]
            lost_units[s] += units[s]
        _drop_told_again(rolls, battle, events)
        new = _rolls_of(rules, before, action, events, i + 1, sides)
        if new:
            if not in_battle:  # a new battle; one still open goes on (an owner's answer, a retreat)
                battle_lost, in_battle = {s: 0.0 for s in sides}, True
            battle += range(len(rolls), len(rolls) + len(new))
            rolls += new
        if in_battle:
            for s in sides:
                battle_lost[s] += steps[s]
            if rules.stage_of(after) == ("", ""):  # the battle is settled
                _settle(rolls, battle, battle_lost)
                battle, in_battle = [], False
        prev = strength
        t = rules.turn_of(after)
        if t != turn_now:
            course.append(_point(rules, before, turn_now, sides, lost_units, lost_steps))
            turn_now = t
    _settle(rolls, battle, battle_lost)
    course.append(_point(rules, game.state, turn_now, sides, lost_units, lost_steps))
    names = {s: (game.entry.side_name(s) if game.entry is not None else s) for s in sides}
    told = [r for r in rolls if r is not None]
    return LuckReport(game.game_id, tuple(_side(s, names[s], told, sides) for s in sides), tuple(told),
                      tuple(course), label)


def _losses(rules: Any, before: Any, after: Any, prev: Mapping[str, tuple[int, int]],
            strength: Mapping[str, tuple[int, int]], sides: list[str]) -> tuple[dict[str, int], dict[str, int]]:
    """(units, steps) each side lost in one action: the game's own count when it gives one
    (``losses``: exact even for a unit that enters and dies in the same move), else the drop
    of its strength on the map."""
    hook = getattr(rules, "losses", None)
    exact = hook(before, after) if hook is not None else None
    if exact is not None:
        return ({s: int(exact.get(s, (0, 0))[0]) for s in sides}, {s: int(exact.get(s, (0, 0))[1]) for s in sides})
    return ({s: max(0, prev.get(s, (0, 0))[0] - strength.get(s, (0, 0))[0]) for s in sides},
            {s: max(0, prev.get(s, (0, 0))[1] - strength.get(s, (0, 0))[1]) for s in sides})


def _drop_told_again(rolls: list[RollLuck | None], battle: list[int], events: list[Any]) -> None:
    """An action that finishes after its owner's choices tells its whole account again, the dice
    rolled before the questions as ``die_replayed`` events, each with what it was read on; the
    dice first told without a table (``rolled 6, 5, 1 (the account follows the choice)``) are
    then dropped from the report, so that every die is counted once, at its table."""
    again = [d for e in events if e.kind == "die_replayed" for d in _dice_of(e)]
    if not again:
        return
    first = [(k, r) for k in battle if (r := rolls[k]) is not None and not r.table]
    if [d for _, r in first for d in r.dice] != again:
        return  # not the same dice: nothing is dropped
    for k, _ in first:
        rolls[k] = None
    battle[:] = [k for k in battle if rolls[k] is not None]


def _rolls_of(rules: Any, before: Any, action: Any, events: list[Any], index: int,
              sides: list[str]) -> list[RollLuck]:
    """The rolls one action made: those the game gives odds for, then any other die rolled."""
    odds: tuple[RollOdds | None, ...] = tuple(rules.roll_odds(before, action, events))
    dice_events = [e for e in events if e.kind in DICE_EVENTS]
    turn = rules.turn_of(before)
    out = []
    for k, o in enumerate(odds):
        ev = dice_events[k] if k < len(dice_events) else None
        if o is None:  # the game reads this roll on no table (it answers in order)
            if ev is not None:
                out.append(_plain(ev, index, turn, sides))
            continue
        out.append(_judged(o, index, turn, ev, sides))
    for ev in dice_events[len(odds):]:
        out.append(_plain(ev, index, turn, sides))
    return out


def _dice_of(ev: Any) -> tuple[int, ...]:
    if ev is None:
        return ()
    d = ev.data.get("dice")
    if isinstance(d, (list, tuple)):
        return tuple(int(x) for x in d)
    r = ev.data.get("roll")
    return (int(r),) if isinstance(r, int) else ()


def _judged(o: RollOdds, index: int, turn: int, ev: Any, sides: list[str]) -> RollLuck:
    got = o.outcome(o.result)
    score = got.score if got is not None else 0.0
    worse = sum(x.chance for x in o.outcomes if x.score < score)
    better = sum(x.chance for x in o.outcomes if x.score > score)
    # the median of the column: the score at which half the chance lies below
    acc, median = 0.0, score
    for x in sorted(o.outcomes, key=lambda x: x.score):
        acc += x.chance
        if acc >= 0.5 - 1e-9:
            median = x.score
            break
    verdict = "better" if score > median else "worse" if score < median else "median"
    expected = {s: 0.0 for s in sides}
    for x in o.outcomes:
        for s, n in x.losses:
            expected[s] = expected.get(s, 0.0) + x.chance * n
    return RollLuck(index, turn, o.side, ev.text if ev is not None else o.table, _dice_of(ev), o.table, o.result,
                    worse, better, verdict, expected, {s: 0.0 for s in sides})


def _plain(ev: Any, index: int, turn: int, sides: list[str]) -> RollLuck:
    """A roll the game gives no table for: its total against the average of its dice."""
    dice = _dice_of(ev)
    faces = int(ev.data.get("sides", 6)) if isinstance(ev.data.get("sides", 6), int) else 6
    total = sum(dice)
    n = len(dice) or 1
    # the chance of a lower and of a higher total, over every throw of n dice
    dist = _totals(n, faces)
    low = sum(p for t, p in dist.items() if t < total)
    high = sum(p for t, p in dist.items() if t > total)
    mean = n * (faces + 1) / 2
    verdict = "high" if total > mean else "low" if total < mean else "average"
    side = ev.data.get("side") if isinstance(ev.data.get("side"), str) else None
    return RollLuck(index, turn, side, ev.text, dice, "", str(total), low, high, verdict,
                    {s: 0.0 for s in sides}, {s: 0.0 for s in sides})


def _totals(n: int, faces: int) -> dict[int, float]:
    dist = {0: 1.0}
    for _ in range(min(n, 10)):
        nxt: dict[int, float] = {}
        for t, p in dist.items():
            for f in range(1, faces + 1):
                nxt[t + f] = nxt.get(t + f, 0.0) + p / faces
        dist = nxt
    return dist


def _settle(rolls: list[RollLuck | None], battle: list[int], lost: Mapping[str, float]) -> None:
    """The losses of a settled battle go to the rolls it made, so that a side's losses are
    counted once however many rolls made them: among those read on a table, each side's losses
    in proportion to what each roll could be expected to cost that side (a fire takes the
    steps, not the morale check after it), evenly when none could; without a table roll, each
    plain roll is credited with them all (plain rolls count in no side's total)."""
    told = [k for k in battle if rolls[k] is not None]
    judged = [r for k in told if (r := rolls[k]) is not None and r.table]
    for k in told:
        r = rolls[k]
        assert r is not None
        if not r.table or len(judged) < 2:
            rolls[k] = _with_actual(r, dict(lost))
            continue
        got = {}
        for s, v in lost.items():
            weight = sum(x.expected.get(s, 0.0) for x in judged)
            got[s] = v * r.expected.get(s, 0.0) / weight if weight > 0 else v / len(judged)
        rolls[k] = _with_actual(r, got)


def _with_actual(r: RollLuck, got: dict[str, float]) -> RollLuck:
    from dataclasses import replace

    return replace(r, actual=dict(got))


def _point(rules: Any, state: Any, turn: int, sides: list[str], lost_units: dict[str, int],
           lost_steps: dict[str, int]) -> TurnPoint:
    strength = rules.side_strength(state)
    _, score = rules.score(state)
    return TurnPoint(turn, dict(score), {s: strength.get(s, (0, 0))[0] for s in sides},
                     {s: strength.get(s, (0, 0))[1] for s in sides}, dict(lost_units), dict(lost_steps))


def _side(side: str, name: str, rolls: list[RollLuck], sides: list[str]) -> SideLuck:
    mine = [r for r in rolls if r.side == side and r.table]
    foes = [s for s in sides if s != side]
    battles = [r for r in rolls if r.table]  # every battle's losses, whoever rolled for it
    return SideLuck(
        side, name, len(mine),
        sum(1 for r in mine if r.verdict == "better"), sum(1 for r in mine if r.verdict == "worse"),
        sum(1 for r in mine if r.verdict == "median"),
        sum(r.percentile for r in mine) / len(mine) if mine else 0.5,
        sum(r.expected.get(side, 0.0) for r in battles), sum(r.actual.get(side, 0.0) for r in battles),
        sum(r.expected.get(f, 0.0) for r in mine for f in foes), sum(r.actual.get(f, 0.0) for r in mine for f in foes),
    )


__all__ = ["LuckReport", "RollLuck", "SideLuck", "TurnPoint", "luck"]
