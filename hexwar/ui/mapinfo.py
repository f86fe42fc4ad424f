"""What the map view needs to know about a board beyond the core Board (no pygame).

- ``place_props``: the extra properties of each place (a town's ``size``, its ``vp``).
  The core ``Place`` keeps name, hex, kind and provenance only, so until it carries
  its properties (``Place.props``) they are read from the map file the board came from.
- ``hexside_kinds``: every hexside feature kind a map file uses, so a map can be
  loaded for viewing before any game tells the loader which kinds it knows.
- ``hex_label``: a hex's id as the board writes it (``0705``, or ``B34.16`` once a
  board carries its own id scheme).
- ``heights``: the per-hex relief levels, whatever the layer is called.
"""
from __future__ import annotations

import xml.etree.ElementTree as ET
from functools import lru_cache
from pathlib import Path

from ..core.board import Board
from ..core.hexgrid import Hex, hex_name

HEIGHT_LAYERS = ("height", "elevation", "level", "heights")


def hex_label(board: Board | None, h: Hex) -> str:
    """The board's own name for a hex (a per-board id scheme when the board has one)."""
    for attr in ("hex_ids", "ids"):
        scheme = getattr(board, attr, None)
        if scheme is not None and hasattr(scheme, "name"):
            try:
                return str(scheme.name(h))
            except Exception:  # a scheme that cannot name this hex: the plain id
                break
    try:  # the map's own scheme (map property ``hex_ids``), when the core knows of schemes
        from ..core.hexgrid import hex_ids_of

        return str(hex_ids_of(board).name(h))
    except Exception:
        return hex_name(h)


def heights(board: Board) -> dict[Hex, int]:
    """Relief levels per hex (empty when the map has none). Non-numbers are ignored."""
    values = getattr(board, "hex_values", None) or {}
    for name in HEIGHT_LAYERS:
        got = values.get(name)
        if got:
            out = {}
            for h, v in got.items():
                try:
                    out[h] = int(float(v))
                except (TypeError, ValueError):
                    continue
            return out
    return {}


def _objects(path: str, layer: str):
    try:
        root = ET.parse(path).getroot()
    except (OSError, ET.ParseError):
        return []
    for group in root.iter("objectgroup"):
        if group.get("name") == layer:
            return list(group.iter("object"))
    return []


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


@lru_cache(maxsize=8)
def _place_props_of_file(path: str, mtime: float, layout: tuple) -> dict[Hex, dict[str, object]]:
    from ..core.hexgrid import Layout

    lay = Layout(*layout)
    out: dict[Hex, dict[str, object]] = {}
    for obj in _objects(path, "places"):
        try:
            h = lay.hex_at(float(obj.get("x", 0)), float(obj.get("y", 0)))
        except (TypeError, ValueError):
            continue
        out[h] = _props(obj)
    return out


def place_props(board: Board) -> dict[Hex, dict[str, object]]:
    """hex -> the place's extra properties (``size``, ``vp`` …); {} when unknown."""
    direct = {h: dict(getattr(p, "props", None) or {}) for h, p in board.places.items()}
    if any(direct.values()):
        return direct
    src = getattr(board, "source", "")
    if not src or not Path(src).is_file():
        return {}
    lay = board.layout
    try:
        mtime = Path(src).stat().st_mtime
    except OSError:
        return {}
    got = _place_props_of_file(str(src), mtime, (float(lay.tile_w), float(lay.tile_h), float(lay.side)))
    return {h: v for h, v in got.items() if h in board.places}


def place_vp(props: dict[str, object]) -> int:
    try:
        return int(props.get("vp", 0) or 0)
    except (TypeError, ValueError):
        return 0


def hexside_kinds(path: str | Path) -> tuple[str, ...]:
    """The feature kinds (object types) of a map file's ``hexsides`` layer."""
    kinds = []
    for obj in _objects(str(path), "hexsides"):
        k = obj.get("type") or obj.get("class")
        if k and k not in kinds:
            kinds.append(k)
    return tuple(kinds)
