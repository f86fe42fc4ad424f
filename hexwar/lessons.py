"""Learn mode, headless: the lessons of every game, a lesson played step by step through the
engine, and which lessons a player has done.

A lesson is a YAML file in the game's scenario folder (``scenarios/<game>/lessons/``, the
folder the game's entry names; see docs/lessons.md). ``open_lesson`` sets the lesson's
position through the game's own ``lesson_state`` hook and gives a ``LessonRun``:

>>> import hexwar.lessons as L
>>> run = L.start(L.list_lessons()[0])              # the first lesson of the menus
>>> run.try_action("move NO-SUCH-UNIT 0101").accepted  # not an action of this game: refused
False
>>> run.index                                        # and nothing changed
0
>>> run.try_action(run.expected()[0]).accepted      # the action the step teaches
True
>>> run.index
1

(tests/test_lessons.py plays every lesson of every game, and shows its refusals.)

Every refusal says why: the engine's own rule and reason for an illegal action, the lesson's
hint for a legal action that is not the one the step teaches. The lesson's dice are the
example's, so the results are the book's; ``continue_as_game`` hands the position over as a
free game (its record replays through ``hexwar.load_record``).
"""
from __future__ import annotations

import dataclasses
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import paths, session
from .core.actions import Action, Event, Move, parse_action
from .core.dice import PresetDice
from .core.entry import GameEntry
from .core.errors import DataError, IllegalActionError, MalformedError
from .core.files import Limits, clip, excerpt, load_yaml, set_aside
from .core.game import Game
from .core.hexgrid import hex_ids_of, set_hex_ids, use_hex_ids
from .core.record import atomic_write_text, save_record
from .games import all_games, entry
from .loaders.lesson import Lesson, LessonStep, read_lesson

PROGRESS_NAME = "lessons.yaml"
PROGRESS_FORMAT = 1


# --- finding lessons ------------------------------------------------------------------------------
def lesson_folder(e: GameEntry) -> Path | None:
    """The folder of a game's lessons (it may not exist); None for a game without lessons."""
    if not e.lessons:
        return None
    paths.safe_name(e.lessons, "lessons folder", e.id)
    return session.scenarios_root(e) / e.id / e.lessons


def lesson_ids(game_id: str) -> list[str]:
    """The ids of a game's lessons (their file names), sorted."""
    folder = lesson_folder(entry(game_id))
    if folder is None or not folder.is_dir():
        return []
    return sorted(p.stem for p in folder.glob("*.yaml") if p.is_file())


def lesson_path(game_id: str, lesson_id: str) -> Path:
    folder = lesson_folder(entry(game_id))
    if folder is None:
        raise DataError(game_id, "this game has no lessons")
    paths.safe_name(lesson_id, "lesson", game_id)
    return folder / f"{lesson_id}.yaml"


def read(game_id: str, lesson_id: str) -> Lesson:
    """A lesson file read and its shape checked (not yet against the game: see ``load_lesson``)."""
    path = lesson_path(game_id, lesson_id)
    if not path.exists():
        raise DataError(path, f"no lesson {lesson_id!r} for {game_id}")
    return read_lesson(path, game_id)


def list_lessons(game_id: str | None = None, problems: list[DataError] | None = None) -> list[Lesson]:
    """Every lesson of a game (of every game when None), in the order of the menus: games by
    their ``order``, then each lesson's ``order``, then its id. The files are read and their
    shape checked, not yet set up on the board. A file that cannot be read raises its
    DataError, unless ``problems`` is given: then it is put there and left out."""
    games = [entry(game_id)] if game_id is not None else sorted(all_games(), key=lambda e: (e.order, e.id))
    out: list[Lesson] = []
    for e in games:
        got = []
        for lid in lesson_ids(e.id):
            try:
                got.append(read(e.id, lid))
            except DataError as err:
                if problems is None:
                    raise
                problems.append(err)
        out += sorted(got, key=lambda x: (x.order, x.id))
    return out


def find(lesson_id: str) -> tuple[str, str]:
    """(game id, lesson id) of a lesson named ``lesson_id`` or ``<game id>/<lesson id>``."""
    game_id, _, lid = lesson_id.rpartition("/")
    games = [game_id] if game_id else [e.id for e in all_games()]
    hits = [(g, lid) for g in games if lid in lesson_ids(g)]
    if len(hits) == 1:
        return hits[0]
    if not hits:
        raise KeyError(f"no lesson {excerpt(lesson_id, 60)} (hexwar --lessons lists them)")
    raise KeyError(f"several games have a lesson {lid!r}: name it as " + " or ".join(f"{g}/{i}" for g, i in hits))


# --- checking a lesson against its game ---------------------------------------------------------------
def load_lesson(game_id: str, lesson_id: str) -> Lesson:
    """A lesson checked against its game: the scenario exists, its options and phase are the
    game's, every expected action is valid notation, and the position can be set up (the
    game's ``lesson_state`` accepts it). DataError naming the file otherwise."""
    return check_lesson(read(game_id, lesson_id))


def load_lesson_file(path: str | Path, game_id: str | None = None) -> Lesson:
    """``load_lesson`` for a file anywhere (a lesson being written, a test's)."""
    return check_lesson(read_lesson(path, game_id))


def check_lesson(lesson: Lesson) -> Lesson:
    _game_at(lesson)  # sets the position up: any problem is the file's
    return lesson


def _board_of(lesson: Lesson) -> tuple[Any, Any]:
    e = entry(lesson.game)
    path = session.scenario_file(lesson.game, lesson.scenario)
    if not path.exists():
        raise DataError(lesson.path, f"scenario: {lesson.game} has no scenario {lesson.scenario!r}")
    return session._load(e.id, str(path))


def _fail(lesson: Lesson, where: str, problem: str) -> DataError:
    return DataError(lesson.path, f"{where}: {problem}")


def _check_against(lesson: Lesson, e: GameEntry) -> None:
    def fail(where: str, problem: str) -> DataError:
        return _fail(lesson, where, problem)

    known = e.option_defaults
    for k in lesson.options:
        if k not in known:
            raise fail("options", f"{excerpt(k, 40)} is not an option of {e.id} (its options: "
                                  f"{', '.join(known) or 'none'})")
    if lesson.phase and e.phase(lesson.phase) is None:
        raise fail("phase", f"{excerpt(lesson.phase, 40)} is not a phase of {e.id} (its phases: "
                            f"{', '.join(p.id for p in e.sequence)})")


def _check_notation(lesson: Lesson) -> None:
    for i, st in enumerate(lesson.steps):
        for j, text in enumerate(st.expect):
            try:
                parse_action(text)
            except MalformedError as err:
                raise _fail(lesson, f"steps[{i}].expect[{j}]",
                            f"{excerpt(text, 60)} is not an action: {clip(str(err), 200)}") from None


def _game_at(lesson: Lesson, seed: int = 0) -> Game:
    """A new Game standing at the lesson's position, with the lesson's dice."""
    try:
        e = entry(lesson.game)
    except KeyError:
        raise DataError(lesson.path, f"game: hexwar has no game {excerpt(lesson.game, 40)}") from None
    board, scen = _board_of(lesson)
    ids = hex_ids_of(board)
    _check_against(lesson, e)
    with use_hex_ids(ids):
        try:
            rules = e.make_rules(board, scen, {**e.option_defaults, **lesson.options})
            dice = PresetDice(lesson.dice, seed)
            state, events = rules.lesson_state(lesson.position, dice)
        except MalformedError as err:
            raise DataError(lesson.path, f"position: {clip(str(err), 400)}") from None
        except (KeyError, ValueError, TypeError) as err:  # a value of the wrong form the game did not check
            detail = clip(" ".join(str(err).split()), 200) or type(err).__name__
            raise DataError(lesson.path, f"position: a value has the wrong form ({detail})") from None
        _check_notation(lesson)  # after the rules: a game's own verbs are known once its rules are loaded
    recorded = {**{k: v for k, v in e.option_defaults.items() if v}, **lesson.options}
    header = {"game": lesson.game, "scenario": lesson.scenario, "seed": int(seed), "options": recorded,
              "lesson": lesson.id}
    game = Game(rules, state, dice, header, events, entry=e)
    game.saver = save_record
    set_hex_ids(ids)  # notation and labels follow the board's scheme, as open_game does
    return game


# --- playing a lesson ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class Attempt:
    """What became of an action the learner tried."""

    accepted: bool
    text: str  # what to tell the learner: the step's ``after`` text, or why it was refused
    rule: str = ""  # the rule that refused it (the engine's), or the step's first rule for a hint
    reason: str = ""  # the engine's reason, or the lesson's hint
    events: tuple[Event, ...] = ()  # the engine's events (accepted only)
    step: LessonStep | None = None  # the next step (None: the lesson is over, or refused)
    illegal: bool = False  # refused by the rules (not merely not the lesson's action)
    lines: tuple[str, ...] = ()  # everything the engine said of the step: preview, cost, events, refusal


@dataclass(frozen=True)
class StepDone:
    """A step the learner has done, with what the engine said of it."""

    step: LessonStep
    action: Action
    events: tuple[Event, ...]
    lines: tuple[str, ...]


class LessonRun:
    """One play of a lesson: the game at its position, and the step the learner is at."""

    def __init__(self, lesson: Lesson, game: Game, progress: Progress | None = None) -> None:
        self.lesson = lesson
        self.game = game
        self.index = 0  # the step the learner is at (len(steps): done)
        self.progress = progress
        self.history: list[StepDone] = []

    @property
    def step(self) -> LessonStep | None:
        """The current step, or None once the lesson is done."""
        steps = self.lesson.steps
        return steps[self.index] if self.index < len(steps) else None

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    def expected(self) -> list[Action]:
        """The actions the current step accepts (the first is the one ``demo`` plays)."""
        st = self.step
        if st is None:
            return []
        with use_hex_ids(hex_ids_of(self.game.board)):
            return [parse_action(a) for a in st.expect]

    def matches(self, action: Action) -> bool:
        st = self.step
        return st is not None and any(_same(action, want, st.same_path) for want in self.expected())

    def try_action(self, action: Action | str) -> Attempt:
        """Try the learner's action: accepted (the game goes on, the lesson to its next step)
        or refused with the rule and reason; a refusal changes nothing."""
        st = self.step
        if st is None:
            return Attempt(False, "This lesson is over: continue the position as a free game, or start the "
                                  "lesson again.", "", "the lesson is over")
        if isinstance(action, str):
            try:
                with use_hex_ids(hex_ids_of(self.game.board)):
                    action = parse_action(action)
            except MalformedError as err:
                return Attempt(False, f"That is not an action: {err}", "notation", str(err), illegal=True)
        why = self.game.check(action)
        if st.refused:  # the step shows a rule at work: the engine must refuse, citing it
            if why is not None and why.rule == st.refused:
                return self._advance(st, action, (), [str(why)], why.rule, why.reason)
            if why is None:
                return Attempt(False, f"That is allowed, so it does not show the rule of this step. {st.hint}",
                               st.refused, st.hint)
        if why is not None:
            return Attempt(False, f"Not allowed: {why.reason} (rule {why.rule}). Try again.", why.rule, why.reason,
                           illegal=True)
        if not self.matches(action):
            rule = st.rules[0] if st.rules else ""
            return Attempt(False, f"That is allowed, but not what this step is about. {st.hint}", rule, st.hint)
        before = self._foresight(action)
        try:
            events = tuple(self.game.apply(action))
        except IllegalActionError as err:  # check said yes: cannot happen, but never leave a half step
            return Attempt(False, str(err), err.illegal.rule, err.illegal.reason, illegal=True)
        return self._advance(st, action, events, before + engine_lines(events))

    def _foresight(self, action: Action) -> list[str]:
        """What the engine says of an action before it is taken: its preview and consequence."""
        out: list[str] = []
        pv = self.game.preview(action)
        if pv is not None and pv.refusal is None:
            out += [f"{pv.title}: {pv.figure}".strip(": "), *(_line(x) for x in pv.lines)]
            out += [f"{o.code}: {o.text} ({o.chance:.0%})" for o in pv.outcomes]
        rules: Any = self.game.rules  # the API floor may ask the rules' hooks directly
        cq = rules.consequence(self.game.state, action)
        if cq is not None:
            out.append(str(cq))
        return out

    def _advance(self, st: LessonStep, action: Action, events: tuple[Event, ...], lines: list[str],
                 rule: str = "", reason: str = "") -> Attempt:
        self.history.append(StepDone(st, action, events, tuple(lines)))
        self.index += 1
        if self.done and self.progress is not None:
            self.progress.mark_done(self.lesson.game, self.lesson.id)
        text = st.after or "Done."
        if rule:
            text = f"Refused, as the rules say ({rule}: {reason}). {st.after}".strip()
        return Attempt(True, text, rule, reason, events=events, step=self.step, illegal=bool(rule),
                       lines=tuple(lines))

    def demo(self) -> Attempt:
        """Play the step's first expected action (for tests and a "show me" button)."""
        want = self.expected()
        if not want:
            return self.try_action("end")  # refused: the lesson is over
        return self.try_action(want[0])

    def restart(self) -> LessonRun:
        """The same lesson from its first step (a new game at its position)."""
        return start(self.lesson, int(self.game.header.get("seed", 0)), self.progress)

    def continue_as_game(self) -> Game:
        """The position, as it stands now, to play on freely: the same Game, with its record."""
        return self.game


def _same(got: Action, want: Action, same_path: bool) -> bool:
    """``got`` does what ``want`` does: the same notation, but a move may take any path to the
    same end (unless the step insists on the path) and units may be named in any order."""
    if type(got) is not type(want):
        return False
    if isinstance(got, Move) and isinstance(want, Move) and not same_path:
        return got.unit == want.unit and got.dest == want.dest
    if not dataclasses.is_dataclass(got):
        return got == want
    for f in dataclasses.fields(got):
        a, b = getattr(got, f.name), getattr(want, f.name)
        if isinstance(a, tuple) and isinstance(b, tuple) and all(isinstance(x, str) for x in a + b):
            if sorted(a) != sorted(b):
                return False
        elif a != b:
            return False
    return True


def open_lesson(game_id: str, lesson_id: str, seed: int = 0, progress: Progress | None = None) -> LessonRun:
    """A lesson ready to play at its first step; DataError naming the file for a bad lesson.
    ``progress``: where a finished lesson is noted (``Progress()``: the player's own file)."""
    return start(read(game_id, lesson_id), seed, progress)


def start(lesson: Lesson, seed: int = 0, progress: Progress | None = None) -> LessonRun:
    """A lesson already read (``load_lesson_file``) ready to play at its first step."""
    return LessonRun(lesson, _game_at(lesson, seed), progress)


def _open_record_start(data: dict[str, Any]) -> Game:
    """The game a record of a continued lesson starts from (for ``hexwar.load_record``)."""
    lesson = read(str(data["game"]), str(data["lesson"]))
    return _game_at(lesson, int(data["seed"]))


session.START_OPENERS["lesson"] = _open_record_start


def _line(x: Any) -> str:
    text = f"{x.text} {x.value}".strip() if getattr(x, "value", "") else str(getattr(x, "text", x))
    return f"{text} ({x.rule})" if getattr(x, "rule", "") else text


def engine_lines(events: Iterable[Event]) -> list[str]:
    """Everything the engine told about a step, as lines: each event's text and, for a battle,
    each line of its odds (the figures a lesson may show)."""
    out: list[str] = []
    for ev in events:
        out.append(ev.text)
        lines = ev.data.get("lines") if isinstance(ev.data, dict) else None
        if isinstance(lines, (list, tuple)):
            out += [str(x) for x in lines]
    return out


# --- progress -----------------------------------------------------------------------------------------
class Progress:
    """Which lessons a player has done, kept in ``<user data folder>/lessons.yaml`` (written
    atomically). A damaged file is set aside and the player told (``paths.notice``)."""

    def __init__(self, path: Path | None = None) -> None:
        self.path = path or paths.user_data_dir() / PROGRESS_NAME
        self._done: dict[str, set[str]] | None = None

    def _load(self) -> dict[str, set[str]]:
        if self._done is not None:
            return self._done
        done: dict[str, set[str]] = {}
        if self.path.exists():
            try:
                data = load_yaml(self.path, Limits(max_bytes=1_000_000, max_depth=4, max_values=50_000),
                                 what="lesson progress")
                if not isinstance(data, dict) or not isinstance(data.get("done", {}), dict):
                    raise DataError(self.path, "not a lesson progress file")
                for g, ids in (data.get("done") or {}).items():
                    if not isinstance(ids, list) or not all(isinstance(i, str) for i in ids):
                        raise DataError(self.path, f"the lessons done of {excerpt(g, 40)} are not a list of ids")
                    done[str(g)] = set(ids)
            except DataError as err:
                moved = set_aside(self.path)
                paths.notice(f"The record of the lessons you have done could not be read ({err.problem}); it was "
                             + (f"set aside as {moved.name} and a new one begun." if moved
                                else "left as it is and a new one begun."))
                done = {}
        self._done = done
        return done

    def done(self, game_id: str) -> set[str]:
        """The ids of the lessons of ``game_id`` the player has done."""
        return set(self._load().get(game_id, set()))

    def is_done(self, game_id: str, lesson_id: str) -> bool:
        return lesson_id in self._load().get(game_id, set())

    def mark_done(self, game_id: str, lesson_id: str) -> None:
        done = self._load()
        if lesson_id in done.get(game_id, set()):
            return
        done.setdefault(game_id, set()).add(lesson_id)
        self._save()

    def forget(self, game_id: str | None = None, lesson_id: str | None = None) -> None:
        """Mark a lesson (every lesson of a game, every lesson) as not done."""
        done = self._load()
        if game_id is None:
            done.clear()
        elif lesson_id is None:
            done.pop(game_id, None)
        else:
            done.get(game_id, set()).discard(lesson_id)
        self._save()

    def _save(self) -> None:
        import yaml

        data = {"hexwar_lessons": PROGRESS_FORMAT,
                "done": {g: sorted(ids) for g, ids in sorted(self._load().items()) if ids}}
        atomic_write_text(self.path, yaml.safe_dump(data, sort_keys=False, allow_unicode=True))


def print_lessons(out: Any = None) -> int:
    """``hexwar --lessons``: one line per lesson (game id, lesson id, title, rule numbers); a
    lesson file that cannot be read is reported on stderr. The exit status: 0, or 1 when a
    file could not be read."""
    import sys

    out = out or sys.stdout
    problems: list[DataError] = []
    for x in list_lessons(problems=problems):
        print(f"{x.game}\t{x.id}\t{x.title}\t{', '.join(x.rules)}", file=out)
    for p in problems:
        print(f"hexwar: {p}", file=sys.stderr)
    return 1 if problems else 0


def figures_in(lines: Iterable[str], figures: Iterable[str]) -> list[str]:
    """The figures of ``figures`` that none of ``lines`` shows (empty: all shown)."""
    text = "\n".join(lines)
    return [f for f in figures if f not in text]


__all__ = ["Attempt", "Lesson", "LessonRun", "LessonStep", "Progress", "engine_lines", "figures_in", "find",
           "lesson_ids", "list_lessons", "load_lesson", "open_lesson"]
