"""Read a lesson file (``scenarios/<game>/lessons/<lesson>.yaml``) into a checked ``Lesson``.

A lesson is data written without code (docs/lessons.md): the game and scenario it starts
from, its title and rule numbers, the position (handed as it is to the game's
``lesson_state`` hook, which checks it against the game), the dice the example uses and the
steps, each with its text, the expected action(s) in the game's action notation and the hint
for a legal action that is not the one the lesson wants. This module checks the shape of the
file; ``hexwar.lessons`` checks what needs the game (its phases, options, the notation of the
actions, the position itself). Every problem is a ``DataError`` naming the file and the key.
No pygame.
"""
from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import DataError
from ..core.files import Limits, excerpt, load_yaml

LESSON_FORMAT = 1
MAX_LESSON_BYTES = 200_000  # the longest lesson is under 10 KB
LIMITS = Limits(max_bytes=MAX_LESSON_BYTES, max_depth=12, max_values=20_000)
MAX_TEXT = 2_000  # characters in one text: a step is read on a side panel
MAX_STEPS = 60
MAX_DICE = 100
KINDS = ("example", "phase")
# The keys of a lesson and of a step: any other key is refused (a typo must not be ignored).
KEYS = ("lesson", "game", "scenario", "title", "rules", "kind", "example", "phase", "order", "options", "intro",
        "position", "dice", "steps", "outro")
STEP_KEYS = ("text", "rules", "expect", "hint", "shows", "after", "same_path", "refused")
_ID = re.compile(r"^[a-z0-9][a-z0-9-]*$")


@dataclass(frozen=True)
class LessonStep:
    """One thing the learner does: read ``text``, perform one of ``expect``."""

    text: str  # what is about to happen and why, in our own words
    rules: tuple[str, ...]  # the rule numbers the step is about, as the rulebook gives them
    expect: tuple[str, ...]  # the expected action(s) in notation; the first is the one a demo plays
    hint: str  # told when the learner's action is legal but not one the lesson expects
    shows: tuple[str, ...] = ()  # figures the engine must report for this step (odds, results, MP ...)
    after: str = ""  # told once the step is done: what happened, with its figures
    same_path: bool = False  # a move must follow the expected path, not merely reach its end
    # Non-empty: the step shows a rule at work. It is done when the learner tries an action the
    # engine refuses citing this rule (``expect`` gives such an action); the game does not change.
    refused: str = ""


@dataclass(frozen=True)
class Lesson:
    id: str  # the file's name without .yaml
    game: str
    scenario: str
    title: str
    rules: tuple[str, ...]
    kind: str  # "example" (a worked example of the rulebook) or "phase" (a phase of the sequence)
    example: str  # the checklist id of a worked example (EX-9.4), "" for a phase lesson
    phase: str  # the phase taught (an id of the game's sequence), "" when none
    intro: str
    position: dict[str, Any]
    dice: tuple[int, ...]
    steps: tuple[LessonStep, ...]
    outro: str = ""
    order: int = 100
    options: dict[str, Any] = field(default_factory=dict)
    path: str = ""


class _Reader:
    def __init__(self, path: Path) -> None:
        self.path = path

    def fail(self, where: str, problem: str) -> DataError:
        return DataError(self.path, f"{where}: {problem}" if where else problem)

    def text(self, d: dict[str, Any], key: str, where: str, required: bool = True) -> str:
        if key not in d:
            if required:
                raise self.fail(where.rstrip("."), f"missing '{key}'")
            return ""
        v = d[key]
        if not isinstance(v, str):
            raise self.fail(f"{where}{key}", f"expected text, found {_kind(v)} {excerpt(v)}")
        v = " ".join(v.split())
        if required and not v:
            raise self.fail(f"{where}{key}", "is empty")
        if len(v) > MAX_TEXT:
            raise self.fail(f"{where}{key}", f"is {len(v):,} characters long; at most {MAX_TEXT:,}")
        return v

    def texts(self, d: dict[str, Any], key: str, where: str, required: bool = True,
              what: str = "text") -> tuple[str, ...]:
        """A text or a list of texts (rule numbers must be written in quotes: 9.10 is not 9.1)."""
        if key not in d:
            if required:
                raise self.fail(where.rstrip("."), f"missing '{key}'")
            return ()
        v = d[key]
        items = [v] if isinstance(v, str) else v
        if not isinstance(items, list):
            raise self.fail(f"{where}{key}", f"expected a {what} or a list of them, found {_kind(v)}")
        out = []
        for i, x in enumerate(items):
            if isinstance(x, (int, float)) and not isinstance(x, bool):
                raise self.fail(f"{where}{key}[{i}]", f"{x!r} is a number: write rule numbers and notation in "
                                                      f"quotes (\"{x}\"), or 9.10 would read as 9.1")
            if not isinstance(x, str) or not x.strip():
                raise self.fail(f"{where}{key}[{i}]", f"expected a {what}, found {_kind(x)} {excerpt(x)}")
            if len(x) > MAX_TEXT:
                raise self.fail(f"{where}{key}[{i}]", f"is {len(x):,} characters long; at most {MAX_TEXT:,}")
            out.append(" ".join(x.split()))
        if required and not out:
            raise self.fail(f"{where}{key}", f"is empty: give at least one {what}")
        return tuple(out)

    def unknown(self, d: dict[str, Any], known: tuple[str, ...], where: str) -> None:
        extra = [k for k in d if k not in known]
        if extra:
            raise self.fail(where.rstrip(".") or "", f"unknown key {excerpt(extra[0], 40)} (known: {', '.join(known)})")

    def step(self, s: Any, i: int) -> LessonStep:
        where = f"steps[{i}]."
        if not isinstance(s, dict):
            raise self.fail(f"steps[{i}]", f"expected a mapping (text, expect, hint ...), found {_kind(s)}")
        self.unknown(s, STEP_KEYS, f"steps[{i}]")
        same_path = s.get("same_path", False)
        if not isinstance(same_path, bool):
            raise self.fail(f"{where}same_path", f"expected true or false, found {excerpt(same_path)}")
        return LessonStep(
            text=self.text(s, "text", where),
            rules=self.texts(s, "rules", where, required=False, what="rule number"),
            expect=self.texts(s, "expect", where, what="action"),
            hint=self.text(s, "hint", where),
            shows=self.texts(s, "shows", where, required=False, what="figure"),
            after=self.text(s, "after", where, required=False),
            same_path=same_path,
            refused=self.text(s, "refused", where, required=False),
        )


def _kind(v: Any) -> str:
    if isinstance(v, bool):
        return "a yes/no value"
    return {dict: "a mapping", list: "a list", str: "text", int: "a number", float: "a number",
            type(None): "nothing"}.get(type(v), type(v).__name__)


def read_lesson(path: str | os.PathLike[str], game_id: str | None = None) -> Lesson:
    """The lesson in ``path``; DataError naming the file and the problem. ``game_id``: the game
    whose folder holds the file (the file must say the same)."""
    p = Path(path)
    r = _Reader(p)
    lesson_id = p.stem
    if not _ID.match(lesson_id) or len(lesson_id) > 80:
        raise r.fail("", f"the file name {excerpt(p.name, 40)} is not a lesson id (lower-case letters, digits "
                         "and hyphens, then .yaml)")
    data = load_yaml(p, LIMITS, what="lesson")
    if not isinstance(data, dict):
        raise r.fail("", "not a lesson (expected a mapping at the top: game, title, position, steps ...)")
    r.unknown(data, KEYS, "")
    fmt = data.get("lesson", LESSON_FORMAT)
    if not isinstance(fmt, int) or isinstance(fmt, bool) or not 1 <= fmt <= LESSON_FORMAT:
        raise r.fail("lesson", f"the lesson format is {excerpt(fmt)}; this hexwar reads format {LESSON_FORMAT}")
    game = r.text(data, "game", "")
    if game_id is not None and game != game_id:
        raise r.fail("game", f"the file is in the lessons of {game_id} but says it is for {excerpt(game, 40)}")
    scenario = r.text(data, "scenario", "")
    if not re.match(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$", scenario) or ".." in scenario:
        raise r.fail("scenario", f"{excerpt(scenario, 40)} is not a scenario id")
    kind = r.text(data, "kind", "")
    if kind not in KINDS:
        raise r.fail("kind", f"{excerpt(kind, 30)} is not a kind of lesson ({' or '.join(KINDS)})")
    example = r.text(data, "example", "", required=False)
    if kind == "example" and not example:
        raise r.fail("example", "a lesson of kind example names the worked example it teaches (its EX-... id)")
    order = data.get("order", 100)
    if not isinstance(order, int) or isinstance(order, bool) or not 0 <= order <= 10_000:
        raise r.fail("order", f"expected a whole number from 0 to 10000, found {excerpt(order)}")
    options = data.get("options") or {}
    if not isinstance(options, dict) or not all(isinstance(v, bool) for v in options.values()):
        raise r.fail("options", "expected a mapping of option ids to true or false")
    position = data.get("position")
    if not isinstance(position, dict) or not position:
        raise r.fail("position" if "position" in data else "", "missing 'position' (the units, phase and turn the "
                                                               "lesson starts from)" if "position" not in data
                     else f"expected a mapping (units, phase, turn ...), found {_kind(position)}")
    dice = data.get("dice", [])
    if not isinstance(dice, list) or len(dice) > MAX_DICE or not all(
            isinstance(d, int) and not isinstance(d, bool) and 1 <= d <= 100 for d in dice):
        raise r.fail("dice", f"expected a list of at most {MAX_DICE} die results (whole numbers from 1), found "
                             f"{excerpt(dice)}")
    steps = data.get("steps")
    if not isinstance(steps, list) or not steps:
        raise r.fail("steps" if "steps" in data else "", "missing 'steps'" if "steps" not in data
                     else "expected a list of steps, at least one")
    if len(steps) > MAX_STEPS:
        raise r.fail("steps", f"{len(steps)} steps; a lesson has at most {MAX_STEPS}")
    return Lesson(
        id=lesson_id,
        game=game,
        scenario=scenario,
        title=r.text(data, "title", ""),
        rules=r.texts(data, "rules", "", what="rule number"),
        kind=kind,
        example=example,
        phase=r.text(data, "phase", "", required=kind == "phase"),
        intro=r.text(data, "intro", ""),
        position=position,
        dice=tuple(dice),
        steps=tuple(r.step(s, i) for i, s in enumerate(steps)),
        outro=r.text(data, "outro", "", required=False),
        order=order,
        options=dict(options),
        path=str(p),
    )
