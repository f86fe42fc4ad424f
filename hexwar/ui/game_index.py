"""The games the menu lists, remembered for its next first frame (no pygame).

The menu's first frame needs every game's id and place in the list and the scenarios of each,
but the entry of the selected game only. The registry's scan imports every game's package for
those (the other three games' packages were 235 M of the menu's 830 M instructions, and
``hexwar.session``, which lists the scenarios, another 107 M). So the id, order and data folder
of each game package of the registry's folder are remembered in
``<user_data_dir>/games-index.json`` against the package's files (each Python file's path,
size and time): at the next start a package whose files have not changed is not imported before
the first frame. A package that changed, or is new, is imported and remembered again; a damaged
index is only rebuilt. With ``HEXWAR_GAMES`` set, or every game already imported, the registry
answers as usual.

Each package's *card* is remembered too: what the menu shows of the game (title, default
scenario, sides, options; ``Card``), so that the menu's first frame imports no game package at
all (the selected one with the engine modules it imports was 78 M of 409 M instructions). The
menu asks the game's own entry from its second frame on. The cards hold what ``core.entry``
made of the package's tables, so the stamps include ``core/entry.py`` too.
"""
from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .. import games, paths
from ..core.lazylog import get_logger

if TYPE_CHECKING:
    from ..core.entry import GameEntry

log = get_logger(__name__)  # logging imported on the first message (lazylog)
INDEX_NAME = "games-index.json"
INDEX_VERSION = 2  # 2: the cards
MAX_INDEX_BYTES = 256_000
_CARDS: dict[str, Card] = {}  # game id -> its card, from the index read at this start


@dataclass(frozen=True)
class Listed:
    """A game as the menu lists it before its package is imported."""

    id: str
    order: int
    data: str | None  # the entry's own data folder (None: hexwar's)


class CardSide:
    """A side as ``core.entry.SideInfo`` has it (what the menu and ``sides.side_info`` read)."""

    __slots__ = ("id", "name", "colour", "letter", "round", "text_colour")

    def __init__(self, id: str, name: str, colour: tuple[int, int, int], letter: str, round: bool,
                 text_colour: tuple[int, int, int]) -> None:
        self.id, self.name, self.colour, self.letter = id, name, colour, letter
        self.round, self.text_colour = round, text_colour


class CardOption:
    """An option as ``core.entry.OptionInfo`` has it."""

    __slots__ = ("id", "default", "title", "rule", "help")

    def __init__(self, id: str, default: bool, title: str, rule: str, help: str) -> None:
        self.id, self.default, self.title, self.rule, self.help = id, default, title, rule, help


class Card:
    """A game's entry as the menu's first frame reads it (plain classes: a dataclass costs more
    to create than the menu takes to read the index)."""

    def __init__(self, game_id: str, data: str | None, raw: dict[str, Any]) -> None:
        self.id = game_id
        self.data = Path(data) if data is not None else None
        self.title: str = raw["title"]
        self.default_scenario: str = raw["default_scenario"]
        self.sides = tuple(CardSide(a, b, (c[0], c[1], c[2]), d, e, (f[0], f[1], f[2]))
                           for a, b, c, d, e, f in raw["sides"])
        self.options = tuple(CardOption(*o) for o in raw["options"])

    def side(self, side_id: str | None) -> CardSide | None:
        return next((s for s in self.sides if s.id == side_id), None)

    def nation(self, nation_id: str | None) -> None:
        return None  # the menu names no nation; sides.nation_info asks the games' entries

    @property
    def option_defaults(self) -> dict[str, bool]:
        return {o.id: o.default for o in self.options}


def card_of(e: GameEntry) -> dict[str, Any]:
    """What the index keeps of an entry for its ``Card``."""
    return {"title": e.title, "default_scenario": e.default_scenario,
            "sides": [[s.id, s.name, list(s.colour), s.letter, s.round, list(s.text_colour)] for s in e.sides],
            "options": [[o.id, o.default, o.title, o.rule, o.help] for o in e.options]}


def _card_well_formed(raw: object) -> bool:
    def rgb(v: object) -> bool:
        return isinstance(v, list) and len(v) == 3 and all(isinstance(x, int) and 0 <= x <= 255 for x in v)

    return isinstance(raw, dict) and isinstance(raw.get("title"), str) \
        and isinstance(raw.get("default_scenario"), str) \
        and isinstance(raw.get("sides"), list) and all(
            isinstance(v, list) and len(v) == 6 and isinstance(v[0], str) and isinstance(v[1], str) and rgb(v[2])
            and isinstance(v[3], str) and isinstance(v[4], bool) and rgb(v[5]) for v in raw["sides"]) \
        and isinstance(raw.get("options"), list) and all(
            isinstance(v, list) and len(v) == 5 and isinstance(v[0], str) and isinstance(v[1], bool)
            and all(isinstance(x, str) for x in v[2:]) for v in raw["options"])


def card(game_id: str) -> Card | None:
    """The card of a game listed at this start from the index (None: not listed from it)."""
    return _CARDS.get(game_id)


def data_folder(game_id: str) -> str | Path | None:
    """The game's data folder (its entry's ``data``), from its card when it has one."""
    c = _CARDS.get(game_id)
    if c is not None:
        return c.data
    return games.entry(game_id).data


def _index_path() -> Path:
    return paths.user_data_dir() / INDEX_NAME


def _read() -> dict[str, dict]:
    try:
        p = _index_path()
        if p.is_file() and p.stat().st_size <= MAX_INDEX_BYTES:
            data = json.loads(p.read_text(encoding="utf-8"))
            if isinstance(data, dict) and data.get("version") == INDEX_VERSION \
                    and isinstance(data.get("packages"), dict):
                return {k: v for k, v in data["packages"].items() if _well_formed(v)}
    except (OSError, ValueError) as e:  # a cache: an unreadable one is only rebuilt
        log.info("games index not read: %s", e)
    return {}


def _well_formed(item: object) -> bool:
    return isinstance(item, dict) and isinstance(item.get("stamp"), list) \
        and (item.get("id") is None or isinstance(item.get("id"), str)) and isinstance(item.get("order"), int) \
        and (item.get("data") is None or isinstance(item.get("data"), str)) \
        and (item.get("card") is None or _card_well_formed(item.get("card")))


def _learn(name: str, stamp: list) -> dict:
    e = games.take_package(name)
    if e is None:
        return {"stamp": stamp, "id": None, "order": 0, "data": None, "card": None}
    return {"stamp": stamp, "id": e.id, "order": e.order, "data": str(e.data) if e.data is not None else None,
            "card": card_of(e)}


def _stamp(name: str) -> list:
    """The package's files, and ``core/entry.py`` (the cards are what it made of the package)."""
    entry_py = Path(games.__file__).parent.parent / "core" / "entry.py"
    try:
        st = entry_py.stat()
        base = [["core/entry.py", st.st_size, st.st_mtime_ns]]
    except OSError:
        base = []
    return base + games.package_stamp(name)


def listed_games() -> list[Listed]:
    """Every registered game in the menu's order (``games.all_games``' order), importing only
    the packages not remembered as they are."""
    if games.scanned():
        return [Listed(e.id, e.order, str(e.data) if e.data is not None else None) for e in games.all_games()]
    index = _read()
    now: dict[str, dict] = {}
    for name in games.package_names():
        stamp = _stamp(name)
        item = index.get(name)
        now[name] = item if item is not None and item["stamp"] == stamp else _learn(name, stamp)
    _CARDS.clear()
    for v in now.values():
        if v["id"] is not None and v.get("card") is not None:
            _CARDS[v["id"]] = Card(v["id"], v["data"], v["card"])
    if now != index:
        try:
            from ..core.record import atomic_write_text

            atomic_write_text(_index_path(), json.dumps({"version": INDEX_VERSION, "packages": now}))
        except OSError as e:
            log.info("games index not written: %s", e)
    out = [Listed(v["id"], v["order"], v["data"]) for v in now.values() if v["id"] is not None]
    return sorted(out, key=lambda g: (g.order, g.id))


def data_root(kind: str, data: str | Path | None) -> Path:
    """A game's "scenarios" or "maps" folder (``session.scenarios_root`` and ``maps_dir``),
    from its entry's data folder, without importing the session."""
    return Path(data) / kind if data is not None else Path(str(paths.data_dir(kind)))


def scenarios_root(data: str | Path | None) -> Path:
    return data_root("scenarios", data)


def list_scenarios(listed: list[Listed]) -> list[tuple[str, str]]:
    """(game id, scenario id) for every scenario of the listed games (``session.list_scenarios``)."""
    out = []
    for g in listed:
        d = scenarios_root(g.data) / g.id
        if d.is_dir():
            out += [(g.id, p.stem) for p in sorted(d.glob("*.yaml"))]
    return out
