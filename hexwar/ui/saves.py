"""What the saves list shows about each saved game: the game, turn, phase and date
(no pygame).

A record file holds the game, scenario, seed, options and actions, not the turn or
phase reached. Reading the header is quick (the file is small YAML), so the menu
shows the game and the number of actions at once; the turn, phase and date come from
replaying the record (about 0.3 s for a whole game), done one file at a time in a
worker thread. What was worked out is remembered in ``<user_data_dir>/saves-index.json``
against the file's name, size and modification time, so the next start is instant.
"""
from __future__ import annotations

import json
import threading
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from .. import paths
from ..core.lazylog import get_logger

log = get_logger(__name__)  # logging imported on the first message (lazylog)
CACHE_NAME = "saves-index.json"
CACHE_VERSION = 3  # 2: turn_label, 3: computer


def _cache_limits():
    from ..core.files import Limits

    return Limits(max_bytes=4_000_000, max_depth=4, max_values=400_000)  # 20,000 saves


@dataclass
class SaveInfo:
    name: str
    mtime: float
    size: int
    game: str = ""
    title: str = ""
    scenario: str = ""
    actions: int = 0
    turn: int | None = None
    turns: int | None = None
    phase: str | None = None  # phase name, e.g. "Soviet combat"
    stage: str | None = None
    date: str | None = None
    result: str | None = None  # e.g. "Axis victory" for a finished game
    error: str | None = None  # why the file cannot be loaded
    replayed: bool = False
    turn_label: str | None = None  # the game's own name of the turn ("Turn A", "14 Feb"), if it has one
    computer: str = ""  # the computer's sides and levels, "Axis computer (easy)"; "" for people only

    def where(self) -> str:
        """'Turn 3 of 7, Soviet combat, 5 Jul 1941' (or what is known so far)."""
        if self.error:
            return "cannot be loaded: " + self.error
        if self.result:
            return f"finished: {self.result}" + (f" (turn {self.turn} of {self.turns})" if self.turn else "")
        if not self.replayed:
            return "reading…"
        bits = []
        if self.phase and self.phase.endswith("set-up"):
            bits.append(self.phase)
        else:
            if self.turn_label:
                bits.append(self.turn_label)
            elif self.turn is not None:
                bits.append(f"Turn {self.turn}" + (f" of {self.turns}" if self.turns else ""))
            if self.phase:
                bits.append(self.phase + (f" ({self.stage})" if self.stage else ""))
        if self.date:
            bits.append(self.date)
        return ", ".join(bits)


def _computer_sides(players) -> str:
    """"Axis computer (easy)" for the record's ``players`` header; "" when people play every side."""
    from .players import COMPUTER, player_kind
    from .sides import SIDE_NAMES

    if not isinstance(players, dict):
        return ""
    out = []
    for side, entry in players.items():
        kind, level = player_kind(entry)
        if kind == COMPUTER:
            out.append(f"{SIDE_NAMES.get(str(side), str(side).capitalize())} computer ({level})")
    return " and ".join(out)


def _turn_label(game, v: dict) -> str | None:
    """"Turn A (1 of 12)" when the game names its turns (its client's ``named_turns``, or the
    view's ``turn_label``)."""
    turn = v.get("turn")
    try:
        from .games import for_game

        named = for_game(game.game_id).named_turns(game) or ()
        for i, nt in enumerate(named):
            if nt.turn == turn and nt.label != f"Turn {i + 1}":
                return f"{nt.label} ({i + 1} of {len(named)})"
        if v.get("turn_label") and turn is not None:
            return f"Turn {v['turn_label']}" + (f" ({turn} of {v['turns']})" if v.get("turns") else "")
    except Exception:  # a label is a nicety: never let it stop the list
        return None
    return None


def _key(p: Path) -> tuple[str, float, int] | None:
    try:
        st = p.stat()
    except OSError:
        return None
    return p.name, st.st_mtime, st.st_size


def _title(game_id: str) -> str:
    try:
        from ..games import entry

        return entry(game_id).title
    except Exception:
        return game_id




def _row(row: object) -> SaveInfo | None:
    """A row of the index as a SaveInfo, or None when any field has the wrong kind of value
    (the menu draws these fields: a row must never hold what it cannot draw)."""
    if not isinstance(row, dict):
        return None
    kinds = {f.name: f.type for f in fields(SaveInfo)}
    got = {}
    for k, v in row.items():
        kind = kinds.get(k)
        if kind is None:
            continue
        if isinstance(v, str) and len(v) > 300:
            return None
        ok = {"str": isinstance(v, str), "float": isinstance(v, (int, float)) and not isinstance(v, bool),
              "int": isinstance(v, int) and not isinstance(v, bool), "bool": isinstance(v, bool),
              "int | None": v is None or (isinstance(v, int) and not isinstance(v, bool)),
              "str | None": v is None or isinstance(v, str)}.get(str(kind), False)
        if not ok:
            return None
        got[k] = v
    try:
        return SaveInfo(**got)
    except TypeError:  # a required field is missing
        return None


def _set_aside(p: Path, why: str) -> None:
    from ..core.files import set_aside

    moved = set_aside(p)
    where = f"it is kept as {moved.name}" if moved else "it could not be moved and is left as it is"
    text = (f"The list of your saved games ({p}) could not be read ({why}); {where}, and the saves are read "
            "afresh.")
    log.info("%s", text)  # the client shows the notice at start-up
    paths.notice(text)


class SaveIndex:
    def __init__(self, *, threaded: bool = True, cache_file: Path | None = None, held: bool = False) -> None:
        self.threaded = threaded
        # held: the replays wait for ``release`` (the menu's first frame, which they would slow)
        self.held = held and threaded
        self.cache_file = cache_file or (paths.user_data_dir() / CACHE_NAME)
        self._lock = threading.Lock()
        self._known: dict[tuple, SaveInfo] = {}
        self._queue: list[tuple[tuple, Path]] = []
        self._unread: set[tuple] = set()  # saves whose header is still to be read (held back)
        self._worker: threading.Thread | None = None
        self.version = 0  # bumped whenever something new is known
        self._load_cache()

    # --- the cache file ---------------------------------------------------------------------
    def _load_cache(self) -> None:
        """Read what earlier runs worked out. The index is only a cache: a file that cannot be
        read is set aside (never deleted) with a notice, and the saves are read afresh."""
        from ..core.errors import DataError
        from ..core.files import load_json

        p = self.cache_file
        if not p.exists() and not p.is_symlink():
            return
        try:
            data = load_json(p, _cache_limits(), what="saves index")
        except DataError as e:
            _set_aside(p, e.problem)
            return
        if not isinstance(data, dict) or data.get("version") != CACHE_VERSION:
            return
        rows = data.get("saves")
        if not isinstance(rows, list):
            return
        for row in rows:
            info = _row(row)
            if info is not None and (info.replayed or info.error):
                self._known[(info.name, info.mtime, info.size)] = info

    def _save_cache(self) -> None:
        with self._lock:
            rows = [asdict(i) for i in self._known.values() if i.replayed or i.error]
        try:
            from ..core.record import atomic_write_text

            atomic_write_text(self.cache_file, json.dumps({"version": CACHE_VERSION, "saves": rows}))
        except OSError as e:
            log.info("saves index not written: %s", e)

    # --- asking ---------------------------------------------------------------------------------
    def info(self, path: Path) -> SaveInfo:
        """What is known about a save now; the rest is worked out in the background."""
        key = _key(path)
        if key is None:
            return SaveInfo(path.name, 0, 0, error="the file has gone")
        with self._lock:
            got = self._known.get(key)
        if got is not None:
            return got
        if self.held:  # before the menu's first frame: the header too waits (reading it imports PyYAML)
            info = SaveInfo(*key)
            with self._lock:
                self._known[key] = info
                self._unread.add(key)
                self._queue.append((key, path))
            return info
        info = self._header(path, key)
        with self._lock:
            self._known[key] = info
            if info.error is None:
                self._queue.append((key, path))
        self._kick()
        return info

    def _header(self, path: Path, key) -> SaveInfo:
        from ..core.errors import DataError
        from ..core.record import read_record

        info = SaveInfo(*key)
        try:
            data = read_record(path)
        except DataError as e:
            info.error = str(e).split(": ", 1)[-1]
            return info
        info.game = data["game"]
        info.title = _title(data["game"])
        info.scenario = data["scenario"]
        info.actions = len(data["actions"])
        info.computer = _computer_sides(data.get("players"))
        return info

    def release(self) -> None:
        """Start the replays held back until now."""
        if self.held:
            self.held = False
            self._kick()

    def _kick(self) -> None:
        if not self.threaded:
            self._drain()
            return
        if self.held:
            return
        if self._worker is None or not self._worker.is_alive():
            self._worker = threading.Thread(target=self._drain, daemon=True, name="hexwar-saves")
            self._worker.start()

    def _drain(self) -> None:
        changed = False
        while True:
            with self._lock:
                if not self._queue:
                    break
                key, path = self._queue.pop(0)
                info = self._known.get(key)
            if info is None:
                continue
            if key in self._unread:  # held back before the first frame: the header first
                head = self._header(path, key)
                with self._lock:
                    self._unread.discard(key)
                    for f in fields(SaveInfo):  # in place: the menu may hold this row
                        setattr(info, f.name, getattr(head, f.name))
                    self.version += 1
                changed = True
                if info.error is not None:
                    continue
            self._replay(path, info)
            changed = True
            with self._lock:
                self.version += 1
        if changed:
            self._save_cache()

    @staticmethod
    def _replay(path: Path, info: SaveInfo) -> None:
        from .. import load_record  # the package's: it can open a continued lesson too
        from ..core.errors import HexwarError

        try:
            game = load_record(path)
            v = game.view(None)
        except (HexwarError, OSError, KeyError, ValueError) as e:
            info.error = str(e).split(": ", 1)[-1]
            return
        except Exception as e:  # never let one odd file stop the list
            log.exception("saves index: %s", path)
            info.error = f"{e.__class__.__name__}: {e}"
            return
        st = v.get("stage")
        info.turn, info.turns = v.get("turn"), v.get("turns")
        info.turn_label = _turn_label(game, v)
        info.phase = v.get("phase_name")
        if st:
            from .rules_text import stage_name

            info.stage = stage_name(game.entry, game.stage()[0] or st.get("kind"))
        info.date = v.get("date") or None
        info.result = (v.get("result") or {}).get("level")
        info.replayed = True

    def wait(self, timeout: float = 10.0) -> None:
        """For tests: until the queue is empty."""
        if self._worker is not None:
            self._worker.join(timeout)
