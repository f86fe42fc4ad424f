"""What the map view needs to know about a board beyond the core Board (no pygame).

- ``place_props``: the extra properties of each place (a town's ``size``, its ``vp``).
  The TMX loader keeps them in ``Place.props``.
- ``hexside_kinds``: every hexside feature kind a map file uses, so a map can be
  loaded for viewing before any game tells the loader which kinds it knows.
- ``hex_label``: a hex's id as the board writes it (``0705``, or ``B34.16`` once a
  board carries its own id scheme).
- ``heights``: the per-hex relief levels, whatever the layer is called.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path
from typing import SupportsFloat, SupportsInt

from ..core.board import Board
from ..core.entry import GameEntry
from ..core.hexgrid import Hex, hex_name

HEIGHT_LAYERS = ("height", "elevation", "level", "heights")


def hex_label(board: Board | None, h: Hex) -> str:
    """The board's own name for a hex (a per-board id scheme when the board has one)."""
    if board is None:
        return hex_name(h)
    try:  # the map's own scheme (map property ``hex_ids``)
        from ..core.hexgrid import hex_ids_of

        return str(hex_ids_of(board).name(h))
    except Exception:  # a scheme that cannot name this hex: the plain id
        return hex_name(h)


def kind_words(entry: GameEntry | None, kind: str) -> str:
    """A terrain or hexside kind (``rugged_crest``, ``at_ditch``) in the player's words: the
    game's own name for it (its entry's ``extra["terrain_names"]``), else the id with spaces."""
    extra = entry.extra if entry is not None else {}
    names = extra.get("terrain_names") or {}
    return str(names.get(kind) or str(kind).replace("_", " "))


def heights(board: Board) -> dict[Hex, int]:
    """Relief levels per hex (empty when the map has none). Non-numbers are ignored."""
    values = board.hex_values
    for name in HEIGHT_LAYERS:
        got = values.get(name)
        if got:
            out = {}
            for h, v in got.items():
                if not isinstance(v, (str, SupportsFloat)):  # (float() would raise a TypeError)
                    continue
                try:
                    out[h] = int(float(v))
                except (TypeError, ValueError):
                    continue
            return out
    return {}


def _objects(path: str, layer: str, prefix: bool = False):
    """The objects of a layer (``prefix``: of every layer named ``layer`` or ``layer <x>``)."""
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return []
    out = []
    for group in root.iter("objectgroup"):
        name = group.get("name") or ""
        if name == layer or (prefix and name.startswith(layer + " ")):
            out += list(group.iter("object"))
            if not prefix:
                break
    return out


def map_properties(path: str | Path) -> dict[str, str]:
    """The map-level properties of a Tiled file (cheap: no tiles read); {} when unreadable."""
    try:
        root = ET.parse(str(path)).getroot()
    except (OSError, ET.ParseError):
        return {}
    props = root.find("properties")
    if props is None:
        return {}
    return {p.get("name", ""): p.get("value", p.text or "") for p in props.iter("property")}


def sibling_sheets(path: str | Path) -> list[Path]:
    """The sheets of a multi-sheet map, in sheet order, when ``path`` is one of them (the files
    of its folder that name the same hex id scheme); just ``path`` otherwise."""
    p = Path(path)
    props = map_properties(p)
    spec, sheet = props.get("hex_ids", ""), props.get("sheet", "")
    if not spec or not sheet or not p.parent.is_dir():
        return [p]
    found: dict[str, Path] = {}
    for q in sorted(p.parent.glob("*.tmx")):
        qp = map_properties(q)
        if qp.get("hex_ids") == spec and qp.get("sheet"):
            found.setdefault(qp["sheet"], q)
    letters = [w.split(":")[0] for w in spec.split()[1:]]
    got = [found[x] for x in letters if x in found]
    return got if len(got) > 1 and p in got else [p]


def _props(obj) -> dict[str, object]:
    out: dict[str, object] = {}
    for p in obj.iter("property"):
        name, value = p.get("name"), p.get("value")
        if name is None:
            continue
        if value is None:
            value = p.text or ""
        if p.get("type") == "int":
            try:
                value = int(value)
            except ValueError:
                pass
        out[name] = value
    return out


def place_props(board: Board) -> dict[Hex, dict[str, object]]:
    """hex -> the place's extra properties (``size``, ``vp`` …), as the TMX loader keeps them
    in ``Place.props``; {} for a place without any."""
    return {h: dict(p.props or {}) for h, p in board.places.items()}


def place_vp(props: dict[str, object]) -> int:
    vp = props.get("vp", 0) or 0
    if not isinstance(vp, (str, SupportsInt)):  # (int() would raise a TypeError)
        return 0
    try:
        return int(vp)
    except (TypeError, ValueError):
        return 0


def hexside_kinds(path: str | Path) -> tuple[str, ...]:
    """The feature kinds (object types) of a map file's ``hexsides`` layer."""
    kinds = []
    for obj in _objects(str(path), "hexsides", prefix=True):
        k = obj.get("type") or obj.get("class")
        if k and k not in kinds:
            kinds.append(k)
    return tuple(kinds)
