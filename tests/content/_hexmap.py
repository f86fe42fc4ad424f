"""Hex geometry and TMX reading shared by the map content tests
(test_kiev_map_data, test_kursk_map_data, test_kasserine_map_data): the grid, reading a
TMX, and the checks every map passes (provenance, the committed Tiled export).

The tests' own geometry, so that they do not lean on the generators in
tools/.  Imported as a sibling module: tests/content has no __init__.py, so
pytest puts this folder on sys.path.
"""
from __future__ import annotations

import json
import xml.etree.ElementTree as ET


# --------------------------------------------------------------------------
# hex geometry (independent of the map size)
# --------------------------------------------------------------------------
def hid(c, r):
    return f"{c:02d}{r:02d}"


def cr(h):
    return int(h[:2]), int(h[2:])


def distance(a, b):
    def cube(h):
        c, r = cr(h)
        q = c - 1
        rr = (r - 1) - (q - (q & 1)) // 2
        return q, rr, -q - rr
    (qa, ra, sa), (qb, rb, sb) = cube(a), cube(b)
    return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def centre(h):
    c, r = cr(h)
    return (c - 1) * 48 + 32, (r - 1) * 56 + 28 + (28 if c % 2 == 0 else 0)


def corners(h):
    x, y = centre(h)
    return {(x + dx, y + dy) for dx, dy in [(-32, 0), (-16, -28), (16, -28), (32, 0), (16, 28), (-16, 28)]}


def side_edge(side):
    a, b = side.split("-")
    common = corners(a) & corners(b)
    assert len(common) == 2, f"{side}: the two hexes share no edge"
    return frozenset(common)


class HexGrid:
    """What depends on the map size (cols x rows printed hexes)."""

    def __init__(self, cols, rows):
        self.cols, self.rows = cols, rows

    def on_map(self, h):
        c, r = cr(h)
        return 1 <= c <= self.cols and 1 <= r <= self.rows

    def neighbours(self, h):
        c, r = cr(h)
        if c % 2:   # odd printed column: the higher one
            cand = [(c, r - 1), (c, r + 1), (c + 1, r - 1), (c + 1, r), (c - 1, r - 1), (c - 1, r)]
        else:       # even printed column: half a hex lower
            cand = [(c, r - 1), (c, r + 1), (c + 1, r), (c + 1, r + 1), (c - 1, r), (c - 1, r + 1)]
        return {hid(a, b) for a, b in cand if 1 <= a <= self.cols and 1 <= b <= self.rows}

    def adjacent(self, a, b):
        return b in self.neighbours(a)

    def hex_under(self, x, y, pool=None):
        """The hex whose centre is nearest to the pixel (as Tiled draws the grid);
        `pool` (default: every hex, column by column) is searched in its order."""
        if pool is None:
            pool = (hid(c, r) for c in range(1, self.cols + 1) for r in range(1, self.rows + 1))
        return min(pool, key=lambda h: (centre(h)[0] - x) ** 2 + (centre(h)[1] - y) ** 2)


# --------------------------------------------------------------------------
# reading the TMX
# --------------------------------------------------------------------------
def tmx_props(el):
    p = el.find("properties")
    return {} if p is None else {q.get("name"): q.get("value") for q in p.findall("property")}


def tmx_points(obj):
    x0, y0 = float(obj.get("x")), float(obj.get("y"))
    shape = obj.find("polyline")
    if shape is None:
        shape = obj.find("polygon")
    if shape is None:
        return []
    out = []
    for pair in shape.get("points").split():
        a, b = pair.split(",")
        out.append((x0 + float(a), y0 + float(b)))
    return out


def tmx_prop_types(el):
    """name -> Tiled property type ("string" when none is written)."""
    p = el.find("properties")
    return {} if p is None else {q.get("name"): q.get("type", "string") for q in p.findall("property")}


def read_tmx(path):
    """The TMX root, its objects by object group (element, name, type, properties and their
    types, position, points) and its tile layers by name."""
    root = ET.parse(path).getroot()
    objects = {g.get("name"): [dict(el=o, name=o.get("name"), type=o.get("type"), props=tmx_props(o),
                                    types=tmx_prop_types(o), x=float(o.get("x")), y=float(o.get("y")),
                                    points=tmx_points(o))
                               for o in g.findall("object")]
               for g in root.findall("objectgroup")}
    return dict(root=root, objects=objects, layers={lay.get("name"): lay for lay in root.findall("layer")})


def csv_gids(layer):
    """The gids of a CSV tile layer, row by row."""
    return [int(v) for v in layer.find("data").text.replace("\n", "").split(",") if v.strip()]


def sides_of(o):
    return o["props"]["hexsides"].split(",")


def chain_hexes(o):
    """The hexes of a rail or road in order, from its chain of crossed hexsides."""
    sides = [s.split("-") for s in sides_of(o)]
    if len(sides) == 1:
        return sides[0]
    first = [h for h in sides[0] if h not in sides[1]]
    assert len(first) == 1, f"{o['type']} {o['name']}: hexsides {sides[0]} and {sides[1]} do not chain"
    chain = [first[0]]
    for a, b in sides:
        assert chain[-1] in (a, b), f"{o['type']} {o['name']}: chain broken at {a}-{b}"
        chain.append(b if chain[-1] == a else a)
    return chain


def check_provenance(tmx, provenances, reserved):
    """Every object has a type, a provenance and a source, no property with a name Tiled keeps
    for itself, and neither a class nor a template."""
    for group in tmx["objects"].values():
        for o in group:
            assert o["type"], f"object {o['name']} has no type"
            assert o["props"].get("provenance") in provenances, o["name"]
            assert o["props"].get("source"), o["name"]
            assert not reserved & set(o["props"]), o["name"]
            assert o["el"].get("class") is None and o["el"].get("template") is None


def check_tiled_export(tmx, path):
    """The committed Tiled export (``tiled --export-map json``) holds the same objects and the
    same tile layers as the TMX."""
    data = json.loads(path.read_text(encoding="utf-8"))
    ours = sorted((o["name"] or "", o["type"], tuple(sorted(o["props"].items())))
                  for group in tmx["objects"].values() for o in group)
    theirs = sorted((o.get("name", ""), o.get("type", ""),
                     tuple(sorted((p["name"], str(p["value"])) for p in o.get("properties", []))))
                    for lay in data["layers"] if lay["type"] == "objectgroup" for o in lay["objects"])
    assert ours == theirs
    for name, lay in tmx["layers"].items():
        assert [x for x in data["layers"] if x["name"] == name][0]["data"] == csv_gids(lay), name
