#!/usr/bin/env python3
"""Build the Battle for Kursk map from real geography.

Dev-time generator, run by hand and committed with its output:

    python tools/battle_for_kursk/build_map.py            # writes the three map files
    python tools/battle_for_kursk/build_map.py --report   # also prints the fit report

It writes
    maps/battle-for-kursk.tmx   the map (schema: docs/map-format.md)
    maps/kursk-terrain.tsx      the external tileset (4 terrain tiles)
    maps/kursk-terrain.png      the tileset image (4 hex tiles of 64x56)

Inputs
    ../shared/reference/geo/kursk_rivers.geojson      river lines (Natural Earth)
    ../shared/reference/geo/kiev_rivers.geojson       the rivers west of 27 E
    ../shared/reference/geo/kursk_coast_lakes.geojson the Sea of Azov (trim check)
    ../shared/reference/geo/kursk_cities.csv          town positions (GeoNames)
    ../shared/reference/geo/kiev_cities.csv           a few towns west of the Dnieper
    the hand-written tables below, for what the geo data lacks: the Start Line
    (the front of July 1943), fortification belts, rail lines, forest, marsh
    and rough hexes.

It follows tools/objective_kiev/build_map.py and shares its generic helpers through
tools/mapgen.py (hex geometry, the grid of a given size, river stitching and
snapping, hex lines for rails, outlines, PNG and XML writing); only what is
particular to this map is written here.

Every hand-chosen value carries its provenance (rulebook / found /
reconstructed) and a source text, which end up on the TMX objects.
The method and every decision are explained in docs/maps/battle-for-kursk.md.

Only the Python standard library and numpy are used (no pygame).
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tools.mapgen as a script
from tools import mapgen  # noqa: E402
from tools.mapgen import (  # noqa: E402
    TH,
    TW,
    HexGrid,
    LinearFit,
    Objects,
    best_hex_line,
    centre,
    corner_of,
    densify,
    extend_path,
    free_stretches,
    hex_at,
    hex_masks,
    hid,
    length,
    log_shared_sides,
    map_root,
    outline_polygon,
    parse_hid,
    png_bytes,
    point_in_poly,
    poly_dist,
    side_id,
    stitch,
    tile_layer,
)
from tools.mapgen import num as _num  # noqa: E402,F401
from tools.mapgen import props as _props
from tools.mapgen import pts as _pts
from tools.mapgen import write_xml as _write_xml

REPO = Path(__file__).resolve().parents[2]
GEO_DIR = REPO.parent / "shared" / "reference" / "geo"
MAPS = REPO / "maps"
TMX_NAME = "battle-for-kursk.tmx"
TSX_NAME = "kursk-terrain.tsx"
PNG_NAME = "kursk-terrain.png"

GAME_ID = "battle-for-kursk"
TITLE = "Battle for Kursk: The Tigers Are Burning, 1943"

# --------------------------------------------------------------------------
# Grid
# --------------------------------------------------------------------------
# Kursk is hex 2113 (rules 4.0 and 6.0), so the columns are counted from a
# west edge near 24 E.  27 columns reach past Taganrog to Rostov (the Start
# Line must pass east of German-held Taganrog, and Voronezh is then not an
# edge hex); 24 rows reach Mariupol and stop at the Sea of Azov (a 25th row
# would be mostly sea).
COLS, ROWS = 27, 24
GRID = HexGrid(COLS, ROWS)
MAP_W, MAP_H = GRID.map_w, GRID.map_h   # 1312, 1372

# Grid fit of data-kiev-kursk.md 3.6 (RECON there): fractional printed column
# u and fractional row v (v is the row of an odd column; an even column's
# row r has its centre at v = r + 0.5).
FIT = dict(lon0=36.19, dlon=0.60, lat0=51.73, dlat=0.43, col0=21, row0=13)
PROJ = LinearFit(FIT)
fit_uv, lonlat_to_px, px_to_lonlat = PROJ.fit_uv, PROJ.lonlat_to_px, PROJ.px_to_lonlat
on_map, neighbours = GRID.on_map, GRID.neighbours
in_map_runs, nearest_corner, snap_chain = GRID.in_map_runs, GRID.nearest_corner, GRID.snap_chain
ALL_HEXES = GRID.all_hexes
# Edge table of this grid: an edge keyed by its two corners maps to the
# on-map hexes it bounds; hexsides are the shared ones.
EDGES, HEXSIDE_EDGES, CORNER_GRAPH = GRID.edges, GRID.hexside_edges, GRID.corner_graph


def hex_lonlat(h: str) -> tuple[float, float]:
    return px_to_lonlat(*centre(*parse_hid(h)))


def nbrs(h: str) -> set[str]:
    return {hid(*p) for p in neighbours(*parse_hid(h))}


def adjacent(a: str, b: str) -> bool:
    return b in nbrs(a)


def hex_of_lonlat(lon: float, lat: float) -> str:
    return hid(*hex_at(*lonlat_to_px(lon, lat)))


# --------------------------------------------------------------------------
# Geo input
# --------------------------------------------------------------------------
def load_cities(geo_dir: Path) -> dict[str, tuple[float, float, str]]:
    out = {}
    for fname in ("kiev_cities.csv", "kursk_cities.csv"):     # Kursk rows win
        with open(geo_dir / fname, newline="", encoding="utf-8") as f:
            for row in csv.DictReader(f):
                out[row["name"]] = (float(row["lon"]), float(row["lat"]), row["coord_source"])
    return out


def load_rivers(geo_dir: Path, fname: str) -> dict[str, list[list[tuple[float, float]]]]:
    data = json.loads((geo_dir / fname).read_text(encoding="utf-8"))
    out = {}
    for feat in data["features"]:
        g = feat["geometry"]
        parts = g["coordinates"] if g["type"] == "MultiLineString" else [g["coordinates"]]
        out[feat["properties"]["name"]] = [[tuple(p) for p in part] for part in parts]
    return out


def load_sea(geo_dir: Path) -> list[list[tuple[float, float]]]:
    data = json.loads((geo_dir / "kursk_coast_lakes.geojson").read_text(encoding="utf-8"))
    polys = []
    for feat in data["features"]:
        if feat["properties"].get("kind") == "sea":
            for poly in feat["geometry"]["coordinates"]:
                polys.append([tuple(p) for p in poly[0]])
    return polys


def sea_share(h: str, sea) -> float:
    """Share of the hex's area that lies in the sea polygon (sampled)."""
    x0, y0 = centre(*parse_hid(h))
    inside = total = 0
    for dy in range(-26, 27, 4):
        for dx in range(-30, 31, 4):
            if abs(dx) > 32 - abs(dy) * 16 / 28:
                continue
            total += 1
            lon, lat = px_to_lonlat(x0 + dx, y0 + dy)
            if any(point_in_poly(lon, lat, p) for p in sea):
                inside += 1
    return inside / total


# --------------------------------------------------------------------------
# Places
# --------------------------------------------------------------------------
# (name, hex, kind, provenance, source).  The hex is the one under the real
# position (nearest hex centre) unless the source says otherwise; the real
# position is added to `source` when the map is written.
#
# Kinds.  Rule 9.2 calls Moscow a major city and combat example 3 calls
# Bryansk one; examples 4, 5 and movement example 2 call Roslavl, Velikie
# Luki, Sumy and Konotop cities.  Rule 5.0 says the Russians historically
# ended with 9 major cities west of the Start Line, so the German side needs
# nine major cities that fell to the Russians by November 1943: Bryansk,
# Orel, Belgorod, Kharkov, Smolensk and Kiev (all named by the rulebook) and
# Chernigov, Poltava and Dnepropetrovsk (the named places of data-kiev-kursk.md
# 3.6).  Vitebsk and Gomel (still German at the end of 1943) stay cities.  On
# the Russian side the German VP of 5.0 need targets: Kursk, Tula and Voronezh
# (named by the rulebook) are major cities.  Everything else is a city.
MAJOR_WHY_WEST = ("major city: rule 5.0 counts 9 major cities taken west of the Start Line "
                  "historically; this is one of the nine that fell by November 1943 (RECON)")
MAJOR_WHY_EAST = ("major city: rule 5.0 gives German VP for major cities east of the Start "
                  "Line; one of the three big Russian-held towns the rulebook names (RECON)")
PLACES = [
    # --- named by the rulebook -------------------------------------------
    ("Moscow", "2304", "major_city", "rulebook", "rules 5.0, 9.2 (the major city), movement example 1"),
    ("Bryansk", "1809", "major_city", "rulebook", "combat examples 3 and 4 (a major city on the Desna)"),
    ("Kursk", "2113", "major_city", "rulebook",
     "hex 2113 in rules 4.0 and 6.0 (Strategic Objective); " + MAJOR_WHY_EAST),
    ("Orel", "2110", "major_city", "reconstructed", "named in the designer's notes (Kutuzov); " + MAJOR_WHY_WEST),
    ("Tula", "2307", "major_city", "reconstructed", "named in movement example 1; " + MAJOR_WHY_EAST),
    ("Kharkov", "2117", "major_city", "reconstructed", "named in the designer's notes (Rumyantsev); " + MAJOR_WHY_WEST),
    ("Belgorod", "2215", "major_city", "reconstructed",
     "named in the designer's notes (retaken by Manstein, so German at start); " + MAJOR_WHY_WEST),
    ("Smolensk", "1405", "major_city", "reconstructed", "named in the designer's notes (Suvorov); " + MAJOR_WHY_WEST),
    ("Kiev", "1116", "major_city", "reconstructed",
     "rule 12.1 (the Russian Strategic Objective moves to Kiev; west of the Dniepr); " + MAJOR_WHY_WEST),
    ("Vitebsk", "1105", "city", "reconstructed",
     "rule 12.1 names it beside the cities west of the Dniepr; a city: still German at the end of 1943"),
    ("Gomel", "1211", "city", "reconstructed",
     "rule 12.1 names it beside the cities west of the Dniepr; a city: taken only on 26 November 1943"),
    ("Roslavl", "1508", "city", "rulebook", "combat example 4 ('the city of Roslaval')"),
    ("Velikie Luki", "1202", "city", "rulebook", "combat example 5 ('the city of Velike Luki')"),
    ("Sumy", "1915", "city", "rulebook", "movement example 2 ('the city of Sumy')"),
    ("Konotop", "1614", "city", "rulebook", "movement example 2 ('the city of Konotop')"),
    ("Stalino", "2421", "city", "rulebook", "replacement example (hex A; a German placement city)"),
    ("Mariupol", "2324", "city", "rulebook", "replacement example ('Mariupul', hex A; a German placement city)"),
    ("Taganrog", "2623", "city", "rulebook", "replacement example (hex B; German-controlled at start)"),
    ("Voronezh", "2613", "major_city", "reconstructed", "named as a Front in 3.3/designer's notes; " + MAJOR_WHY_EAST),
    ("Kalinin", "2101", "city", "reconstructed", "named as a Front in the designer's notes; Russian rail centre"),
    # --- named by data-kiev-kursk.md 3.6 only ------------------------------
    ("Chernigov", "1314", "major_city", "reconstructed", "data-kiev-kursk.md 3.6; " + MAJOR_WHY_WEST),
    ("Poltava", "1817", "major_city", "reconstructed", "data-kiev-kursk.md 3.6; " + MAJOR_WHY_WEST),
    ("Dnepropetrovsk", "1921", "major_city", "reconstructed", "data-kiev-kursk.md 3.6; " + MAJOR_WHY_WEST),
    ("Kaluga", "2106", "city", "reconstructed", "data-kiev-kursk.md 3.6"),
    ("Vyazma", "1804", "city", "reconstructed", "data-kiev-kursk.md 3.6 (Russian since 12 March 1943)"),
    ("Kupyansk", "2318", "city", "reconstructed", "data-kiev-kursk.md 3.6 (S13 names it on the map)"),
    # --- added so that rule 12.1 has targets west of the Dniepr, and the
    #     Dnieper bend and the Donbass have their towns (RECON) ------------
    ("Mogilev", "1108", "city", "reconstructed", "RECON: Dnieper city, target for rule 12.1"),
    ("Minsk", "0708", "city", "reconstructed", "RECON: capital of Belorussia, German rear; target for rule 12.1"),
    ("Zhitomir", "0816", "city", "reconstructed", "RECON: west of the Dniepr, target for rule 12.1"),
    ("Vinnitsa", "0818", "city", "reconstructed", "RECON: west of the Dniepr, target for rule 12.1"),
    ("Kirovograd", "1420", "city", "reconstructed", "RECON: west of the Dniepr, target for rule 12.1"),
    ("Kremenchug", "1618", "city", "reconstructed",
     "RECON: Dnieper crossing city; its real position falls in 1619, south of the snapped river, so it is "
     "moved one hex north to stay on the left bank as in reality"),
    ("Zaporozhye", "1922", "city", "reconstructed", "RECON: Dnieper crossing city (the Wotan line)"),
    ("Voroshilovgrad", "2620", "city", "reconstructed", "RECON: Donbass city, Russian since February 1943"),
    ("Rostov", "2723", "city", "reconstructed", "RECON: Don city behind the Mius front"),
]
RULEBOOK_SPELLING = {"Roslavl": "Roslaval", "Velikie Luki": "Velike Luki", "Mariupol": "Mariupul"}
GEO_NAME = {"Velikie Luki": "Velikiye Luki"}      # row name in kursk_cities.csv

# Where each rulebook place is at the start (rules 5.0, 10.0 "Friendly
# Controlled", 12.1, the designer's notes and the examples; see the doc).
GERMAN_AT_START = {"Bryansk", "Orel", "Kharkov", "Belgorod", "Smolensk", "Kiev", "Vitebsk", "Gomel",
                   "Roslavl", "Sumy", "Konotop", "Stalino", "Mariupol", "Taganrog", "Chernigov",
                   "Poltava", "Dnepropetrovsk", "Mogilev", "Minsk", "Zhitomir", "Vinnitsa",
                   "Kirovograd", "Kremenchug", "Zaporozhye"}
RUSSIAN_AT_START = {"Moscow", "Kursk", "Tula", "Velikie Luki", "Voronezh", "Kalinin", "Kaluga",
                    "Vyazma", "Kupyansk", "Voroshilovgrad", "Rostov"}

# --------------------------------------------------------------------------
# The Start Line: the front of 5 July 1943 (the set-up date of the designer's
# notes).  A hex is on the German side when its centre lies west of this line
# (drawn north to south; general knowledge, about +-15 km); the overrides fix
# hexes whose centre falls within a few km of the line.
# --------------------------------------------------------------------------
FRONT_1943 = [
    (30.45, 57.40),                 # north of the map: west of Loknya
    (30.45, 56.30),                 # between Novosokolniki (G) and Velikie Luki (R)
    (30.55, 56.05), (31.10, 55.95),  # south of Velikie Luki, north of Usvyaty (G)
    (31.20, 55.80), (31.60, 55.72),  # east of Velizh (G)
    (32.00, 55.60), (32.30, 55.45),  # Demidov, Dukhovshchina (G) / Bely (R)
    (32.90, 55.35), (33.50, 55.10),  # east of Yartsevo and Dorogobuzh (G)
    (34.00, 54.70), (34.10, 54.20),  # Spas-Demensk (G) / Kirov (R)
    (34.40, 53.85), (35.00, 54.05),  # Lyudinovo and Zhizdra (G), Sukhinichi (R)
    (35.30, 53.75), (35.70, 53.45),  # north face of the Orel salient
    (36.20, 53.65), (36.80, 53.45),  # Bolkhov (G), Belyov (R)
    (37.10, 53.20), (37.10, 52.85),  # Mtsensk (G), Novosil (R)
    (36.80, 52.55), (36.20, 52.40),  # north of Maloarkhangelsk and Ponyri (R)
    (35.60, 52.15), (35.00, 52.38),  # Trosna; Dmitrovsk (G) / Dmitriev-Lgovsky (R)
    (34.70, 52.05), (34.70, 51.60),  # Sevsk and Rylsk (G) / Lgov (R)
    (34.70, 51.20), (35.00, 51.05),  # Korenevo, Sudzha (R) / Belopolye (G)
    (35.60, 50.88), (35.90, 50.75),  # Krasnopolye, Tomarovka (G)
    (36.20, 50.65), (36.50, 50.80),  # north of Belgorod
    (36.80, 50.87), (37.10, 50.70),  # across the Donets east of Belgorod
    (37.10, 50.30), (37.10, 49.90),  # the Donets: Volchansk, Chuguyev (G)
    (37.10, 49.45), (37.10, 49.00),  # Balakleya (G) / Kupyansk, Izyum (R)
    (37.40, 48.93), (38.00, 48.72),  # the Donets above Slavyansk and Lisichansk (G)
    (38.60, 48.93), (38.90, 48.80),  # Voroshilovgrad (R)
    (38.90, 48.50), (38.90, 48.20),  # the Mius from Krasny Luch (G)
    (38.90, 47.75), (39.20, 47.43),  # Matveev Kurgan; the Sambek heights
    (39.50, 47.30), (39.50, 46.90),  # east of Taganrog (G), west of Rostov (R)
    (39.50, 45.50),
]
SIDE_OVERRIDES: dict[str, tuple[str, str]] = {
    # hex: (side, reason)
    "2624": ("russian", "the south shore of the Taganrog Bay (Yeysk), Russian since February 1943; the "
                        "Start Line then reaches the south edge in the bay between 2524 and 2624"),
}
START_LINE_SOURCE = ("RECON: the front of 5 July 1943 (set-up date of the designer's notes), general "
                     "knowledge +-15 km, fixed hex by hex to put every place the rulebook names on its "
                     "side; rules 4.0, 5.0, 8.1, 10.0")


def build_sides():
    poly = FRONT_1943 + [(FRONT_1943[-1][0], 40.0), (10.0, 40.0), (10.0, 60.0), (FRONT_1943[0][0], 60.0)]
    german = set()
    for h in ALL_HEXES:
        if point_in_poly(*hex_lonlat(h), poly):
            german.add(h)
    for h, (side, _why) in SIDE_OVERRIDES.items():
        (german.add if side == "german" else german.discard)(h)
    russian = set(ALL_HEXES) - german
    return sorted(german), sorted(russian)


def start_line(german: set[str]):
    """The hexsides between the two sides, as one corner path from the north
    edge to the south edge (hexsides in walk order, corners for the drawing)."""
    bound = {e: s for e, s in HEXSIDE_EDGES.items() if (s[0] in german) != (s[1] in german)}
    graph: dict[tuple, list[tuple]] = {}
    for (p, q) in bound:
        graph.setdefault(p, []).append(q)
        graph.setdefault(q, []).append(p)
    ends = sorted((k for k, v in graph.items() if len(v) == 1), key=lambda k: k[1])
    if len(ends) != 2 or any(len(v) > 2 for v in graph.values()):
        raise SystemExit(f"the Start Line is not one simple chain: ends {ends}, "
                         f"forks {[k for k, v in graph.items() if len(v) > 2]}")
    path = [ends[0]]
    prev = None
    while path[-1] != ends[1]:
        nxt = [q for q in graph[path[-1]] if q != prev]
        prev = path[-1]
        path.append(nxt[0])
    if len(path) - 1 != len(bound):
        raise SystemExit("the Start Line has a closed loop besides its chain")
    sides = ["-".join(HEXSIDE_EDGES[tuple(sorted((p, q)))]) for p, q in zip(path, path[1:])]
    return sides, path


# --------------------------------------------------------------------------
# Rivers
# --------------------------------------------------------------------------
# (name, kind, file, reasoning, options), in the order they are placed: a
# river placed later never takes a hexside of an earlier one.  Options (as in
# the Kiev generator): drop, via, end, join, extend (points appended to the
# line nearest to them, GK approximate), keep (a predicate on lon/lat: only
# the stretches where it holds are used; splits a river into a major lower and
# a minor upper course).
#
# Which are major (rule 9.2: -2 columns; movement example 1: all MP to cross):
# the rulebook's combat example 3 counts the Desna as a plain river (one column
# for the river, one for Bryansk's major city), and movement example 2 lets a
# tank army cross the Psel freely.  The Desna is Natural Earth rank 7, so
# every river of rank 7 or lower (Desna, Donets, Oka, Pripyat, Prut, Psel ...)
# is a river; the rank 3-6 rivers (Dnieper 4, Western Dvina 5, Don 6,
# Dniester 6, Volga 3) are major where they are broad: the upper Dnieper above
# Smolensk, the Western Dvina above Vitebsk, the Don above Zadonsk and the
# Volga above Rzhev are only rivers.
SRC = {"kursk": "geo/kursk_rivers.geojson", "kiev": "geo/kiev_rivers.geojson"}
RIVERS: list[tuple[str, str, str, str, dict[str, Any]]] = [
    ("Dnieper", "major_river", "kursk",
     "NE rank 4, the river of the Race to the Dniepr (rule 12.1, designer's notes); major from Smolensk "
     "down; hand tidying: past the east corner of 1116 (Kiev on the west bank), then between 1921 and 1922 "
     "and down the west side of 1922 (Dnepropetrovsk on the right bank, Zaporozhye on the left bank, as "
     "in reality)",
     dict(keep=lambda lon, lat: not (lat > 54.4 and lon > 32.15),
          via=[("1116", 3), ("1921", 4), ("1921", 5), ("1922", 0), ("1922", 5)])),
    ("Western Dvina", "major_river", "kursk",
     "NE rank 5; major from Vitebsk down; west of 27 E (outside the geo box) carried on by hand "
     "through Kraslava, Daugavpils, Jekabpils and Ogre to Riga (GK, +-10 km)",
     dict(keep=lambda lon, lat: lon < 30.35,
          extend=[(26.95, 55.86), (26.52, 55.88), (26.18, 56.36), (25.86, 56.50), (25.72, 56.62),
                  (25.25, 56.60), (24.72, 56.74), (24.10, 56.95)])),
    ("Don", "major_river", "kursk", "NE rank 6; major below Zadonsk (Voronezh, Liski); the upper Don is a river",
     dict(keep=lambda lon, lat: lat < 52.45)),
    ("Volga", "major_river", "kursk", "NE rank 3; major from Rzhev down (Zubtsov, Staritsa, Kalinin); "
     "NE piece 0 (a headwater tributary) is left out",
     dict(keep=lambda lon, lat: lon > 34.15, drop=[0])),
    ("Dniester", "major_river", "kiev", "NE rank 6, a broad river in its middle course (Kiev geo file, "
     "which covers west of 27 E)", {}),
    ("Dnieper", "river", "kursk", "the upper Dnieper above Smolensk (Dorogobuzh, Yartsevo): a small river; "
     "NE piece 8 (the Vyazma river, tagged Dnieper) is left out",
     dict(keep=lambda lon, lat: lat > 54.4 and lon > 32.15, drop=[8])),
    ("Western Dvina", "river", "kursk", "the upper Western Dvina above Vitebsk (Velizh, Surazh)",
     dict(keep=lambda lon, lat: lon >= 30.35)),
    ("Don", "river", "kursk", "the upper Don above Zadonsk (Lebedyan, Donskoy)",
     dict(keep=lambda lon, lat: lat >= 52.45)),
    ("Volga", "river", "kursk", "the upper Volga above Rzhev",
     dict(keep=lambda lon, lat: lon <= 34.15, drop=[0])),
    ("Desna", "river", "kursk", "NE rank 7; a river by combat example 3 (Bryansk); NE piece 3 (the Bolva, "
     "tagged Desna) is left out", dict(join=110, drop=[3])),
    ("Pripyat", "river", "kiev", "NE rank 7; the Pripet marshes (Kiev geo file: the whole course)", {}),
    ("Sozh", "river", "kursk", "NE rank 10; Gomel, part of the Panther line; NE piece 2 (the Ostyor past "
     "Roslavl, tagged Sozh) is left out", dict(drop=[2])),
    ("Berezina", "river", "kursk", "NE rank 10; the main river of Belorussia (Bobruisk, Borisov)", {}),
    ("Southern Bug", "river", "kiev", "NE rank 8 (Vinnitsa, Pervomaisk)", {}),
    ("Donets", "river", "kursk",
     "NE rank 7; the front from Belgorod to Lisichansk; NE piece 0 (the Nezhegol, tagged Donets) is left "
     "out; hand tidying: forced along the east side of 2215, so that Belgorod is on the west bank (as in "
     "reality) and the river is the front line as in July 1943",
     dict(drop=[0], via=[("2215", 2), ("2215", 3), ("2215", 4)])),
    ("Oka", "river", "kursk", "NE rank 7; Orel, Kaluga, Serpukhov, Kolomna; the Ugra, Upa and Zusha, which NE "
     "tags as Oka, are separate", dict(parts=[1, 2, 3, 6, 7])),
    ("Zusha", "river", "kursk", "NE piece 5 of the Oka line: the Zusha (Novosil, Mtsensk), the front of the "
     "Orel salient's east face", dict(geo="Oka", parts=[5])),
    ("Ugra", "river", "kursk", "NE piece 0 of the Oka line: the Ugra (Yukhnov) to the Oka at Kaluga",
     dict(geo="Oka", parts=[0])),
    ("Seym", "river", "kursk", "NE rank 9; Kursk, Rylsk", {}),
    ("Psel", "river", "kursk", "NE rank 10; a river by movement example 2 (Sumy, Oboyan)", {}),
    ("Vorskla", "river", "kursk", "NE rank 11; Poltava", {}),
    ("Sula", "river", "kursk", "NE rank 11; Romny, Lubny", {}),
    ("Mius", "river", "kursk", "NE rank 11; the Mius front: hand tidying puts it on the Start Line from "
     "2520/2620 to 2523/2622 (the Germans held its west bank) and into the sea west of Taganrog",
     dict(via=[("2521", 2), ("2521", 3), ("2522", 2), ("2522", 3), ("2523", 2), ("2523", 3)],
          end=("2523", 4))),
    ("Oskol", "river", "kursk", "NE rank 11; Stary and Novy Oskol, Kupyansk", {}),
    ("Teterev", "river", "kiev", "NE rank 10; Zhitomir", {}),
    ("Horyn", "river", "kiev", "NE rank 10", {}),
    ("Sluch", "river", "kiev", "NE rank 12 (Ukrainian Sluch)", {}),
    ("Styr", "river", "kiev", "NE rank 11 (Lutsk)", {}),
    ("Prut", "river", "kiev", "NE rank 7 (Chernovtsy); the Cheremosh piece is left out", dict(drop=[1])),
    ("Lovat", "river", "kursk", "NE rank 9; Velikie Luki", {}),
    ("Moskva", "river", "kursk", "NE rank 9; Mozhaisk, Moscow, Kolomna", {}),
    ("Velikaya", "river", "kursk", "NE rank 7 (Opochka)", {}),
    ("Viliya", "river", "kursk",
     "NE rank 7; west of 27 E carried on by hand through Vileyka and Vilnius towards Kaunas (GK, +-10 km)",
     dict(extend=[(26.92, 54.49), (26.40, 54.62), (26.08, 54.80), (25.60, 54.82), (25.28, 54.69),
                  (24.90, 54.86), (24.28, 55.08), (23.90, 54.90)])),
    ("Neman", "river", "hand",
     "not in the geo files (west of 27 E, north of 52.5 N): drawn by hand from Stolbtsy past Lyubcha "
     "and Mosty to Grodno (GK, +-10 km)",
     dict(line=[(27.20, 53.55), (26.73, 53.48), (26.30, 53.62), (25.73, 53.75), (25.33, 53.65),
                (24.54, 53.41), (23.83, 53.68)])),
    ("Samara", "river", "kursk", "NE rank 10; the Dnieper bend behind the Donbass; NE piece 2 (the Vovcha, "
     "tagged Samara) is left out", dict(drop=[2])),
    ("Molochna", "river", "kursk", "NE rank 10; the Wotan line (Melitopol)", {}),
    ("Kalmius", "river", "kursk", "NE rank 10; Stalino, Mariupol", {}),
]
RIVER_GEO_NAME = {"Samara": "Samara (Dnieper)"}
MIN_RIVER_PX = 60
MIN_RIVER_SIDES = 2


def _keep_runs(line, keep):
    """Split a lon/lat line into the runs where keep(lon, lat) holds."""
    if keep is None:
        return [line]
    runs, cur = [], []
    for p in densify(line, 0.02):
        if keep(*p):
            cur.append(p)
        elif cur:
            runs.append(cur)
            cur = []
    if cur:
        runs.append(cur)
    return [r for r in runs if len(r) >= 2]


def build_rivers(geo: dict[str, dict[str, list[list[tuple[float, float]]]]],
                 log: list[str]) -> list[dict[str, Any]]:
    used_edges: set = set()
    placed_corners: set = set()
    out = []
    for name, kind, src, why, opts in RIVERS:
        if src == "hand":
            lines = [list(opts["line"])]
        else:
            parts = geo[src][opts.get("geo", RIVER_GEO_NAME.get(name, name))]
            drop = set(opts.get("drop", ()))
            if "parts" in opts:
                drop |= set(range(len(parts))) - set(opts["parts"])
            lines = stitch(parts, drop=drop)
        if opts.get("extend"):
            ext = opts["extend"]
            i = min(range(len(lines)), key=lambda j: min(math.hypot(lines[j][k][0] - ext[0][0],
                                                                    lines[j][k][1] - ext[0][1]) for k in (0, -1)))
            line = lines[i]
            if math.hypot(line[0][0] - ext[0][0], line[0][1] - ext[0][1]) < \
                    math.hypot(line[-1][0] - ext[0][0], line[-1][1] - ext[0][1]):
                line = line[::-1]
            lines[i] = line + list(ext)
        runs_ll = [r for line in lines for r in _keep_runs(line, opts.get("keep"))]
        via_all = [corner_of(h, k) for h, k in opts.get("via", [])]
        end_corner = corner_of(*opts["end"]) if opts.get("end") else None
        for line in runs_ll:
            px = [lonlat_to_px(lon, lat) for lon, lat in line]
            for run in in_map_runs(px):
                run_len = length(run)
                if run_len < MIN_RIVER_PX:
                    log.append(f"river {name} ({kind}): dropped an in-map piece of {run_len:.0f} px")
                    continue
                mx, my = run[-1]
                sx, sy = run[0]
                near = {k for k in placed_corners if math.hypot(k[0] - mx, k[1] - my) < opts.get("join", 60)}
                # a minor upper course starts where its major lower course ends
                start = None
                if kind == "river" and any(r[0] == name and r[1] == "major_river" for r in RIVERS):
                    cand = [k for k in placed_corners if math.hypot(k[0] - sx, k[1] - sy) < 60]
                    if cand:
                        start = min(cand, key=lambda k: math.hypot(k[0] - sx, k[1] - sy))
                    near = set()
                via = [v for v in via_all if poly_dist(v[0], v[1], run) < 60]
                if end_corner and poly_dist(end_corner[0], end_corner[1], run) < 60:
                    near = {end_corner}
                chain = snap_chain(run, used_edges, start=start, targets=near or None, via=via)
                for piece in free_stretches(chain, used_edges):
                    sides = ["-".join(HEXSIDE_EDGES[tuple(sorted((p, q)))]) for p, q in zip(piece, piece[1:])]
                    if len(sides) < MIN_RIVER_SIDES:
                        log.append(f"river {name} ({kind}): dropped a chain of {len(sides)} hexside(s)")
                        continue
                    for p, q in zip(piece, piece[1:]):
                        used_edges.add(tuple(sorted((p, q))))
                    placed_corners.update(piece)
                    walked = [hid(*hex_at(x, y)) for x, y in run]
                    out.append(dict(name=name, kind=kind, why=why, src=src, chain=piece, sides=sides,
                                    walked=set(walked)))
    return out


# --------------------------------------------------------------------------
# Rails
# --------------------------------------------------------------------------
# Towns used only as rail waypoints that are not in the city files:
# APPROXIMATE positions from general knowledge (+-10 km), enough at 45 km hexes.
EXTRA_TOWNS = {
    "Podolsk": (37.55, 55.43), "Maloyaroslavets": (36.47, 55.01), "Navlya": (34.50, 52.83),
    "Mikhailovsky Khutor": (33.93, 52.05), "Pochinok": (32.44, 54.40), "Verkhovye": (37.29, 52.81),
    "Kastornoye": (38.12, 51.82), "Shchigry": (36.91, 51.88), "Lyubotin": (35.93, 49.95),
    "Romodan": (33.33, 50.00), "Grebenka": (32.44, 50.11), "Yagotin": (31.77, 50.27),
    "Konstantinovka": (37.71, 48.53), "Yasinovataya": (37.86, 48.13), "Ilovaisk": (38.20, 47.93),
    "Amvrosievka": (38.48, 47.79), "Volnovakha": (37.50, 47.60), "Novozybkov": (31.93, 52.54),
    "Pochep": (33.45, 52.93), "Rudnya": (31.10, 54.94), "Orsha": (30.40, 54.51), "Yartsevo": (32.69, 55.07),
    "Gorodok": (30.00, 55.46), "Sebezh": (28.49, 56.29), "Rezekne": (27.33, 56.51),
    "Nelidovo": (32.78, 56.22), "Olenino": (33.50, 56.21), "Shakhovskaya": (35.50, 56.03),
    "Volokolamsk": (35.95, 56.03), "Toropets": (31.63, 56.50), "Andreapol": (32.28, 56.65),
    "Vorozhba": (34.20, 51.18), "Bogodukhov": (35.53, 50.17), "Shchors": (31.95, 51.82),
    "Zhlobin": (30.03, 52.89), "Kalinkovichi": (29.33, 52.13), "Luninets": (26.80, 52.25),
    "Baranovichi": (26.00, 53.13), "Borisov": (28.50, 54.23), "Molodechno": (26.85, 54.31),
    "Vilnius": (25.28, 54.69), "Osipovichi": (28.64, 53.30), "Bobruisk": (29.21, 53.15),
    "Polotsk": (28.79, 55.49), "Daugavpils": (26.52, 55.88), "Nevel": (29.93, 56.02),
    "Novosokolniki": (30.15, 56.34), "Loknya": (30.15, 56.83), "Klin": (36.73, 56.33),
    "Mironovka": (30.98, 49.66), "Tsvetkovo": (31.45, 49.29), "Znamenka": (32.66, 48.72),
    "Pyatikhatki": (33.70, 48.41), "Sinelnikovo": (35.51, 48.32), "Chaplino": (36.24, 48.13),
    "Melitopol": (35.37, 46.85), "Svatovo": (38.16, 49.41), "Valuiki": (38.10, 50.21),
    "Liski": (39.50, 50.98), "Rossosh": (39.57, 50.20), "Gryazi": (39.95, 52.49),
    "Uzlovaya": (38.17, 53.98), "Efremov": (38.12, 53.14), "Kolomna": (38.78, 55.07),
    "Ryazan": (39.70, 54.63), "Kozelsk": (35.78, 54.03), "Sarny": (26.61, 51.34),
    "Korosten": (28.64, 50.95), "Novograd-Volynsky": (27.61, 50.59), "Shepetovka": (27.07, 50.18),
    "Kazatin": (28.84, 49.72), "Fastov": (29.92, 50.08), "Zhmerinka": (28.11, 49.04),
    "Proskurov": (26.98, 49.42), "Nezhin": (31.89, 51.05), "Bakhmach": (32.83, 51.18),
    "Lozovaya": (36.31, 48.89), "Slavyansk": (37.60, 48.85), "Barvenkovo": (37.02, 48.91),
    "Kirov": (34.30, 54.07), "Sukhinichi": (35.34, 54.10), "Karachev": (34.98, 53.12),
    "Unecha": (32.69, 52.84), "Lgov": (35.28, 51.63), "Prokhorovka": (36.73, 51.04),
    "Mtsensk": (36.58, 53.28), "Ponyri": (36.30, 52.32), "Maloarkhangelsk": (36.50, 52.40),
    "Yelets": (38.51, 52.61), "Stary Oskol": (37.85, 51.30), "Krivoi Rog": (33.39, 47.91),
    "Millerovo": (40.40, 48.93), "Serpukhov": (37.42, 54.92), "Gzhatsk": (35.00, 55.55),
    "Mozhaisk": (36.03, 55.50), "Rzhev": (34.33, 56.26), "Sychevka": (34.28, 55.83),
    "Baturin": (32.88, 51.34), "Vasilkov": (30.32, 50.18), "Minsk": (27.57, 53.90),
}

RAIL_SOURCE = "RECON: main lines of 1943 from general knowledge (no rail data in geo/); rules 4.0, 8.1"
RAILS = [
    ("Moscow-Tula-Orel-Kursk-Belgorod-Kharkov",
     ["Moscow", "Podolsk", "Serpukhov", "Tula", "Mtsensk", "Orel", "Maloarkhangelsk", "Ponyri", "Kursk",
      "Prokhorovka", "Belgorod", "Kharkov"],
     "the Moscow-Kursk-Kharkov trunk (the rail juncture of rule 3.1)"),
    ("Moscow-Bryansk-Konotop-Kiev",
     ["Moscow", "Maloyaroslavets", "Sukhinichi", "Bryansk", "Navlya", "Mikhailovsky Khutor", "Konotop",
      "Bakhmach", "Nezhin", "Kiev"],
     "the Moscow-Kiev main line"),
    ("Smolensk-Roslavl-Bryansk-Orel-Yelets",
     ["Smolensk", "Pochinok", "Roslavl", "Bryansk", "Karachev", "Orel", "Verkhovye", "Yelets"],
     "the lateral line behind the centre, through the Orel salient"),
    ("Yelets-Kastornoye-Kursk", ["Yelets", "Kastornoye", "Shchigry", "Kursk"],
     "Yelets to the Kursk-Voronezh line (RECON simplification)"),
    ("Kastornoye-Voronezh", ["Kastornoye", "Voronezh"], "Kursk-Voronezh main line, east part"),
    ("Kharkov-Poltava-Kiev",
     ["Kharkov", "Lyubotin", "Poltava", "Romodan", "Grebenka", "Yagotin", "Kiev"],
     "Kharkov-Poltava-Kiev main line"),
    ("Kharkov-Lozovaya-Slavyansk-Stalino",
     ["Kharkov", "Lozovaya", "Barvenkovo", "Slavyansk", "Konstantinovka", "Yasinovataya", "Stalino"],
     "Kharkov to the Donbass"),
    ("Stalino-Ilovaisk-Taganrog", ["Stalino", "Ilovaisk", "Amvrosievka", "Taganrog"], "Donbass to Taganrog"),
    ("Taganrog-Rostov", ["Taganrog", "Rostov"], "along the coast to Rostov, across the Start Line"),
    ("Stalino-Volnovakha-Mariupol", ["Stalino", "Volnovakha", "Mariupol"], "Donbass to Mariupol"),
    ("Gomel-Unecha-Bryansk", ["Gomel", "Novozybkov", "Unecha", "Pochep", "Bryansk"], "Gomel-Bryansk line"),
    ("Orsha-Smolensk-Vyazma-Moscow",
     ["Orsha", "Smolensk", "Yartsevo", "Vyazma", "Gzhatsk", "Mozhaisk", "Moscow"],
     "the Minsk-Moscow main line, east part"),
    ("Minsk-Borisov-Orsha", ["Minsk", "Borisov", "Orsha"], "the Minsk-Moscow main line, west part"),
    ("Vitebsk-Smolensk", ["Vitebsk", "Rudnya", "Smolensk"], "Vitebsk-Smolensk"),
    ("Vitebsk-Orsha-Mogilev-Zhlobin-Gomel", ["Vitebsk", "Orsha", "Mogilev", "Zhlobin", "Gomel"],
     "the north-south line along the Dnieper"),
    ("Velikie Luki-Nevel-Vitebsk", ["Velikie Luki", "Nevel", "Gorodok", "Vitebsk"],
     "Velikie Luki to Vitebsk"),
    ("Velikie Luki-Novosokolniki-Sebezh-Rezekne",
     ["Velikie Luki", "Novosokolniki", "Sebezh", "Rezekne"], "the Moscow-Riga line, west part"),
    ("Novosokolniki-Loknya", ["Novosokolniki", "Loknya"], "north to Dno (leaves the north edge)"),
    ("Velikie Luki-Nelidovo-Rzhev-Moscow",
     ["Velikie Luki", "Nelidovo", "Olenino", "Rzhev", "Shakhovskaya", "Volokolamsk", "Moscow"],
     "the Moscow-Riga line, east part"),
    ("Velikie Luki-Toropets-Andreapol", ["Velikie Luki", "Toropets", "Andreapol"],
     "north-east to Bologoye (leaves the north edge)"),
    ("Rzhev-Sychevka-Vyazma", ["Rzhev", "Sychevka", "Vyazma"], "Rzhev-Vyazma"),
    ("Vyazma-Kirov-Bryansk", ["Vyazma", "Kirov", "Bryansk"], "Vyazma-Bryansk"),
    ("Vyazma-Kaluga-Tula", ["Vyazma", "Kaluga", "Tula"], "the Syzran-Vyazma line"),
    ("Kaluga-Kozelsk-Sukhinichi", ["Kaluga", "Kozelsk", "Sukhinichi"], "Tula-Sukhinichi line, west part"),
    ("Moscow-Klin-Kalinin", ["Moscow", "Klin", "Kalinin"], "the Moscow-Leningrad line"),
    ("Moscow-Kolomna-Ryazan", ["Moscow", "Kolomna", "Ryazan"], "the Moscow-Ryazan line"),
    ("Tula-Uzlovaya-Efremov-Yelets", ["Tula", "Uzlovaya", "Efremov", "Yelets"], "Tula to Yelets"),
    ("Yelets-Gryazi", ["Yelets", "Gryazi"], "Yelets east towards Gryazi"),
    ("Voronezh-Liski-Rossosh", ["Voronezh", "Liski", "Rossosh"], "Voronezh-Rostov line, north part"),
    ("Kastornoye-Stary Oskol-Valuiki-Kupyansk", ["Kastornoye", "Stary Oskol", "Valuiki", "Kupyansk"],
     "the lateral line behind the Kursk bulge"),
    ("Kharkov-Kupyansk-Svatovo", ["Kharkov", "Kupyansk", "Svatovo"], "Kharkov-Kupyansk"),
    ("Svatovo-Voroshilovgrad-Rostov", ["Svatovo", "Voroshilovgrad", "Rostov"],
     "the Russian lateral behind the Donets and the Mius (RECON simplification of the lines through "
     "Likhaya, which lies just off the east edge)"),
    ("Kursk-Lgov-Vorozhba-Konotop", ["Kursk", "Lgov", "Vorozhba", "Konotop"], "the Kursk-Kiev line"),
    ("Vorozhba-Sumy-Bogodukhov-Kharkov", ["Vorozhba", "Sumy", "Bogodukhov", "Kharkov"],
     "Sumy to Kharkov (RECON simplification)"),
    ("Gomel-Shchors-Bakhmach", ["Gomel", "Shchors", "Bakhmach"], "Gomel-Bakhmach"),
    ("Nezhin-Chernigov", ["Nezhin", "Chernigov"], "Chernigov branch"),
    ("Gomel-Kalinkovichi-Luninets", ["Gomel", "Kalinkovichi", "Luninets"],
     "the Polesie line west (towards Brest)"),
    ("Minsk-Baranovichi", ["Minsk", "Baranovichi"], "Minsk-Brest line (leaves the west edge)"),
    ("Minsk-Molodechno-Vilnius", ["Minsk", "Molodechno", "Vilnius"], "Minsk-Vilnius line"),
    ("Minsk-Osipovichi-Bobruisk-Zhlobin", ["Minsk", "Osipovichi", "Bobruisk", "Zhlobin"],
     "Minsk-Gomel line"),
    ("Polotsk-Vitebsk", ["Polotsk", "Vitebsk"], "Polotsk-Vitebsk"),
    ("Polotsk-Daugavpils", ["Polotsk", "Daugavpils"], "along the Dvina to Daugavpils"),
    ("Polotsk-Nevel", ["Polotsk", "Nevel"], "Polotsk-Nevel"),
    ("Kiev-Fastov-Kazatin-Vinnitsa-Proskurov",
     ["Kiev", "Fastov", "Kazatin", "Vinnitsa", "Zhmerinka", "Proskurov"], "the Kiev-Podolia trunk"),
    ("Kazatin-Zhitomir-Novograd Volynsky", ["Kazatin", "Zhitomir", "Novograd-Volynsky"],
     "Kiev-Zhitomir-Rovno axis (RECON simplification)"),
    ("Kiev-Korosten-Sarny", ["Kiev", "Korosten", "Sarny"], "the Kiev-Kovel line across Polesie"),
    ("Kiev-Mironovka-Znamenka-Kirovograd",
     ["Kiev", "Vasilkov", "Mironovka", "Tsvetkovo", "Znamenka", "Kirovograd"],
     "Kiev to the Dnieper bend on the right bank"),
    ("Znamenka-Pyatikhatki-Dnepropetrovsk", ["Znamenka", "Pyatikhatki", "Dnepropetrovsk"],
     "the Catherine line, west part"),
    ("Pyatikhatki-Krivoi Rog", ["Pyatikhatki", "Krivoi Rog"], "Krivoi Rog branch"),
    ("Poltava-Kremenchug-Znamenka", ["Poltava", "Kremenchug", "Znamenka"], "Poltava-Kremenchug"),
    ("Lozovaya-Sinelnikovo-Dnepropetrovsk", ["Lozovaya", "Sinelnikovo", "Dnepropetrovsk"],
     "Kharkov-Dnepropetrovsk"),
    ("Sinelnikovo-Zaporozhye-Melitopol", ["Sinelnikovo", "Zaporozhye", "Melitopol"],
     "Kharkov-Crimea line"),
    ("Sinelnikovo-Chaplino-Yasinovataya", ["Sinelnikovo", "Chaplino", "Yasinovataya"],
     "the Catherine line, east part"),
]

# Waypoints whose real position lies in the hex of another place or on a
# border: the hex is chosen by hand.
WAYPOINT_HEX: dict[str, tuple[str, str]] = {
    "Orsha": ("1107", "its position lies on the 1107/1206 border; 1107 keeps the Vitebsk-Orsha-Mogilev line straight"),
}


def build_rails(cities_geo: dict[str, tuple[float, float, str]],
                log: list[str]) -> list[dict[str, Any]]:
    place_hex = {p[0]: p[1] for p in PLACES}

    def lonlat(name):
        if name in cities_geo:
            return cities_geo[GEO_NAME.get(name, name)][:2]
        if name in GEO_NAME:
            return cities_geo[GEO_NAME[name]][:2]
        return EXTRA_TOWNS[name]

    def waypoint_hex(name):
        if name in place_hex:
            return place_hex[name]
        if name in WAYPOINT_HEX:
            return WAYPOINT_HEX[name][0]
        return hex_of_lonlat(*lonlat(name))

    def waypoint_px(name):
        if name in place_hex:
            return centre(*parse_hid(place_hex[name]))
        return lonlat_to_px(*lonlat(name))

    out: list[dict[str, Any]] = []
    for name, stops, why in RAILS:
        hexes: list[str] = []
        for a, b in zip(stops, stops[1:]):
            ha, hb = waypoint_hex(a), waypoint_hex(b)
            if ha == hb:
                continue
            extend_path(hexes, best_hex_line(ha, hb, waypoint_px(a), waypoint_px(b)), on_map, f"rail {name}: {a}-{b}")
        sides = [side_id(a, b) for a, b in zip(hexes, hexes[1:])]
        out.append(dict(name=name, why=why, hexes=hexes, sides=sides,
                        stops=[(st, waypoint_hex(st)) for st in stops]))
    log_shared_sides(out, "rail", log)
    return out


# --------------------------------------------------------------------------
# Terrain (RECON: general knowledge of the landscape; no land-cover data in
# geo/).  Groups of hexes, each with its reason.
# --------------------------------------------------------------------------
MARSH: dict[str, tuple[list[str], str]] = {
    "Velikie Luki": (["1102", "1103", "1201", "1203", "1302", "1303"],
                     "combat example 5: Velikie Luki is ringed by marsh hexes (the lake and bog country of "
                     "the Lovat and the upper Western Dvina)"),
    "Pripet marshes": (["0112", "0113", "0211", "0212", "0312", "0313", "0411", "0412", "0512", "0513",
                        "0611", "0612", "0712", "0713", "0811", "0812", "0912", "0913", "1011", "1012",
                        "1112", "1113"],
                       "the Pripet marshes (Polesie) along the Pripyat, about 51.5-52.5 N, from the west edge "
                       "to Mozyr and Chernobyl"),
    "Berezina swamps": (["0810", "0911"], "the Ptich and lower Berezina swamps south of Bobruisk"),
    "Desna floodplain": (["1513"], "the Desna-Seym confluence floodplain between Konotop and Chernigov "
                         "(movement example 2 puts a marsh hex within a tank army's reach of the Psel)"),
    "Meshchera": (["2604", "2704"], "the Meshchera bogs east of Moscow (Shatura peat bogs)"),
}
FOREST: dict[str, tuple[list[str], str]] = {
    "Bryansk forests": (["1608", "1609", "1708", "1709", "1710", "1711", "1808", "1810", "1811", "1908",
                         "1909"],
                        "combat examples 3-4 put forest right outside Bryansk: the Bryansk, Kletnya, "
                        "Dyatkovo and Zhizdra woods, the partisan forests of the Desna and Navlya"),
    "Spas-Demensk woods": (["1607", "1707", "1806", "1807"],
                           "the woods between Yelnya, Spas-Demensk and Kirov"),
    "West of Moscow": (["1905", "2003", "2005", "2103", "2203", "2204", "2104"],
                       "movement example 1: forest west and south-west of Moscow (Volokolamsk, Istra, "
                       "Mozhaisk, Naro-Fominsk, the Yukhnov-Medyn woods)"),
    "Meshchera": (["2603", "2703", "2705"], "the Meshchera forests east of Moscow"),
    "South-east of Moscow": (["2404"], "movement example 1: a forest hex on the rail line south-east of "
                             "Moscow (the Bronnitsy-Voskresensk pine woods)"),
    "Rzhev-Bely forests": (["1502", "1503", "1602", "1603"], "the Olenino, Nelidovo and Bely forests"),
    "Toropets-Velizh forests": (["1304", "1401", "1402", "1403", "1404", "1204"],
                                "forests east of Velikie Luki (Toropets, Velizh, Demidov); combat examples "
                                "5-6 put a forest hex east of the marsh around Velikie Luki"),
    "Nevel-Rossony forests": (["0902", "1003", "1004"], "the Sebezh, Nevel and Rossony lake forests"),
    "Belorussian forests": (["0806", "0906", "0807", "0608", "0809", "0909"],
                            "Lepel-Ushachi, Borisov, Naliboki and Bobruisk-Osipovichi forests"),
    "Bialowieza": (["0111"], "the Bialowieza forest at the west edge"),
    "Volhynian Polesie": (["0414", "0514", "0614", "0714", "0914"],
                          "forest south of the Pripet marshes (Manevichi, Sarny, Olevsk, Ovruch)"),
    "Zhitomir Polesie": (["0815", "1014", "1015", "1114", "1115"],
                         "the Korosten-Malin-Radomyshl woods north-west of Kiev"),
    "Chernigov Polesie": (["1213", "1214", "1312", "1313", "1412", "1512", "1611", "1612"],
                          "forest between the Dnieper, the Desna and the Sozh (Chernigov, Shchors, "
                          "Novgorod-Seversky, Klintsy)"),
    "Psel woods": (["1816", "1916"],
                   "movement example 2: forest across the Psel south of Sumy (Hadyach, Trostyanets-Akhtyrka "
                   "woods)"),
    "Donets pine woods": (["2218"], "the pine woods of the Donets valley between Zmiev and Balakleya"),
}
ROUGH: dict[str, tuple[list[str], str]] = {
    "Donets Ridge": (["2420", "2520", "2521", "2522", "2621"],
                     "the Donets Ridge: dissected hills and mining towns from Gorlovka to the Mius heights "
                     "(Saur-Mogila), the one hilly belt in the south"),
    "Kanev hills": (["1217"], "the high, ravine-cut right bank of the Dnieper at the Bukrin bend (Kanev)"),
    "Eastern Carpathians": (["0122", "0123", "0124", "0222", "0223", "0224", "0323", "0324"],
                            "mountains in the south-west corner (Bukovina and Moldavian Carpathians)"),
}
TERRAIN_SOURCE = ("RECON: hexes chosen from general knowledge of the landscape (no land-cover data in "
                  "geo/), following the rulebook: marsh around Velikie Luki (combat example 5), forest around "
                  "Bryansk (examples 3-4) and west of Moscow (movement example 1), marsh and forest near the "
                  "Psel (movement example 2); see docs/maps/battle-for-kursk.md")


def terrain_map():
    t = {h: "clear" for h in ALL_HEXES}
    for table, name in ((FOREST, "forest"), (ROUGH, "rough"), (MARSH, "marsh")):
        for hexes, _why in table.values():
            for h in hexes:
                t[h] = name
    return t


# --------------------------------------------------------------------------
# Fortification belts (optional layer `zones`)
# --------------------------------------------------------------------------
# Activation turns: data-kiev-kursk.md 3.5 (RECON there; the rule text only
# says the turn track lists them): Moscow Belt from A, Kursk front belt B,
# second belt C, rear belts D, Mius line A, Hagen line 3, Panther-Wotan 5.
HAGEN_LINE = [(34.30, 54.00), (34.75, 53.60), (34.90, 53.15), (34.75, 52.70), (34.50, 52.20)]
PANTHER_LINE = [(30.00, 57.20), (29.85, 56.10), (30.05, 55.50), (30.45, 55.15), (30.75, 54.55),
                (30.95, 53.90), (31.00, 53.40), (31.10, 52.70), (31.05, 52.30), (30.75, 51.95)]
WOTAN_LINE = [(35.10, 47.80), (35.30, 47.40), (35.38, 46.85), (35.30, 46.40)]
ZONE_SOURCE = "RECON: belt hexes from the historical line; active_from from data-kiev-kursk.md 3.5 (RECON)"


def near_line(hexes, line, px=30.0):
    pts = [lonlat_to_px(*p) for p in line]
    return {h for h in hexes if poly_dist(*centre(*parse_hid(h)), pts) <= px}


def build_zones(german, russian, rivers):
    g, r = set(german), set(russian)
    # distance of every Russian hex from the German side (rings along the front)
    ring = {h: 1 for h in r if nbrs(h) & g}
    frontier = set(ring)
    for d in (2, 3, 4):
        frontier = {n for h in frontier for n in nbrs(h) if n in r and n not in ring}
        for h in frontier:
            ring[h] = d

    def box(h, c0, c1, r0, r1):
        c, rr = parse_hid(h)
        return c0 <= c <= c1 and r0 <= rr <= r1

    kursk = [h for h in r if box(h, 19, 24, 11, 16)]
    zones = [
        dict(name="Moscow Belt", side="russian", active_from="A",
             hexes=sorted(h for h in r if ring.get(h) == 1 and box(h, 1, 18, 1, 8)),
             source="combat example 5 (the Russian Moscow Belt around Velikie Luki, active); the Russian "
                    "hexes on the Start Line from the north edge to Kirov; " + ZONE_SOURCE),
        dict(name="Kursk front belt", side="russian", active_from="B",
             hexes=sorted(h for h in kursk if ring.get(h) == 1 and box(h, 19, 23, 11, 16)),
             source="the first belt of the Central and Voronezh Fronts round the Kursk bulge; " + ZONE_SOURCE),
        dict(name="Kursk second belt", side="russian", active_from="C",
             hexes=sorted(h for h in kursk if ring.get(h) == 2),
             source="the second (army) belt of the Kursk bulge; S13 mentions Turn C fortifications; "
                    + ZONE_SOURCE),
        dict(name="Kursk rear belts", side="russian", active_from="D",
             hexes=sorted(h for h in kursk if ring.get(h) in (3, 4)),
             source="the rear (front) belts of the Kursk bulge and the Steppe Front line; " + ZONE_SOURCE),
        dict(name="Mius line", side="german", active_from="A",
             hexes=sorted(h for h in g if nbrs(h) - g and box(h, 25, COLS, 20, ROWS - 1)),
             source="the German Mius front, held since February 1943 (west bank of the Mius, the Sambek "
                    "heights east of Taganrog); " + ZONE_SOURCE),
        dict(name="Hagen line", side="german", active_from="3",
             hexes=sorted(near_line(g, HAGEN_LINE)),
             source="the Hagen position across the base of the Orel salient, east of Bryansk from Kirov to "
                    "Sevsk; " + ZONE_SOURCE),
    ]
    # Panther-Wotan: the Panther line from Nevel past Vitebsk and Orsha along
    # the Pronya and Sozh to Gomel, the right (west) bank of the Dnieper from
    # Loyev to Zaporozhye, and the Wotan line along the Molochna.
    pw = near_line(g, PANTHER_LINE) | near_line(g, WOTAN_LINE)
    for rv in rivers:
        if rv["name"] != "Dnieper" or rv["kind"] != "major_river":
            continue
        for (p, q), s in zip(zip(rv["chain"], rv["chain"][1:]), rv["sides"]):
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            if not 47.7 <= px_to_lonlat(mx, my)[1] <= 52.0:
                continue
            nx, ny = -(q[1] - p[1]), q[0] - p[0]          # right-hand normal (y down)
            for h in s.split("-"):
                cx, cy = centre(*parse_hid(h))
                if (cx - mx) * nx + (cy - my) * ny > 0 and h in g:
                    pw.add(h)
    zones.append(dict(name="Panther-Wotan line", side="german", active_from="5", hexes=sorted(pw),
                      source="the Ostwall of autumn 1943: Panther (Nevel, Vitebsk, Orsha, the Sozh, Gomel), the "
                             "Dnieper's right bank from Loyev to Zaporozhye, Wotan (Molochna); " + ZONE_SOURCE))
    return zones


# --------------------------------------------------------------------------
# Friendly edges
# --------------------------------------------------------------------------
def friendly_edges(german):
    g = set(german)
    west = [hid(1, r) for r in range(1, ROWS + 1)]
    south = [hid(c, ROWS) for c in range(2, COLS + 1) if hid(c, ROWS) in g]
    north = [hid(c, 1) for c in range(1, COLS + 1) if hid(c, 1) not in g]
    east = [hid(COLS, r) for r in range(2, ROWS + 1)]
    return [
        ("german", west + south, "blue", "rulebook",
         "rules 10.0 and 10.3: the west and south edges (blue border); the south edge only as far as the "
         "German side of the Start Line reaches (RECON)", "German friendly edge (west and south, blue)"),
        ("russian", north + east, "red", "rulebook",
         "rules 10.0 and 10.2: the north and east edges (red border); the north edge only east of the "
         "Start Line (RECON: no Russian placements behind the German front)",
         "Russian friendly edge (north and east, red)"),
    ]


# --------------------------------------------------------------------------
# Checks (the hard constraints the tests protect)
# --------------------------------------------------------------------------
def check(places, german, russian, sl_sides, rivers, rails, zones, edges, terrain):
    errs = []
    g, r = set(german), set(russian)
    hexes = [p[1] for p in places]
    if len(hexes) != len(set(hexes)):
        errs.append("two places share a hex")
    ph = {p[0]: p[1] for p in places}
    if ph.get("Kursk") != "2113":
        errs.append("Kursk must be 2113")
    for name in GERMAN_AT_START:
        if ph[name] not in g:
            errs.append(f"{name} {ph[name]} must be on the German side")
    for name in RUSSIAN_AT_START:
        if ph[name] not in r:
            errs.append(f"{name} {ph[name]} must be on the Russian side")
    for name, h, *_ in places:
        if terrain[h] != "clear":
            errs.append(f"{name} {h}: a place hex must be clear (the TEC treats a city hex as 1 MP)")
    majors_west = [p[0] for p in places if p[2] == "major_city" and p[1] in g]
    if len(majors_west) != 9:
        errs.append(f"5.0: {len(majors_west)} major cities west of the Start Line, want 9: {majors_west}")
    # the Start Line separates exactly the two sides
    bound = {side_id(*s) for e, s in HEXSIDE_EDGES.items() if (s[0] in g) != (s[1] in g)}
    if bound != {side_id(*s.split("-")) for s in sl_sides}:
        errs.append("start line does not match the sides")
    for side in (g, r):
        start = next(iter(side))
        seen, todo = {start}, [start]
        while todo:
            for n in nbrs(todo.pop()):
                if n in side and n not in seen:
                    seen.add(n)
                    todo.append(n)
        if seen != side:
            errs.append("a side falls apart")
    for rv in rivers:
        for s in rv["sides"]:
            if not adjacent(*s.split("-")):
                errs.append(f"river {rv['name']}: {s} not adjacent")
    for rl in rails:
        for a, b in zip(rl["hexes"], rl["hexes"][1:]):
            if not adjacent(a, b):
                errs.append(f"rail {rl['name']}: {a}-{b} not adjacent")
    rail_hexes = {h for rl in rails for h in rl["hexes"]}
    for name, h, *_ in places:
        if h not in rail_hexes:
            errs.append(f"place {name} {h} is not on rail")
    for z in zones:
        side = g if z["side"] == "german" else r
        if not set(z["hexes"]) <= side:
            errs.append(f"zone {z['name']} leaves its side: {sorted(set(z['hexes']) - side)}")
    return errs


# --------------------------------------------------------------------------
# Tileset image
# --------------------------------------------------------------------------
TERRAIN_TILES = ["clear", "forest", "rough", "marsh"]   # tile id = index


def tile_image() -> np.ndarray:
    img = np.zeros((TH, TW * len(TERRAIN_TILES), 4), dtype=np.uint8)
    ys, xs = np.mgrid[0:TH, 0:TW]
    inside, border = hex_masks()
    def put(tile, x, y, col):
        if 0 <= x < TW and 0 <= y < TH and inside[y, x]:
            tile[y, x] = (*col, 255)

    for t, name in enumerate(TERRAIN_TILES):
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        base = {"clear": (226, 228, 190), "forest": (92, 142, 78), "rough": (196, 170, 124),
                "marsh": (150, 196, 186)}[name]
        tile[inside] = (*base, 255)
        if name == "forest":
            # small conifers: a dark triangle on a trunk
            for cx, cy in [(20, 14), (36, 12), (48, 22), (14, 30), (30, 28), (44, 38), (22, 44), (36, 46)]:
                for yy in range(cy - 5, cy + 3):
                    half = (yy - (cy - 5)) * 0.6
                    for xx in range(int(cx - half), int(cx + half) + 1):
                        put(tile, xx, yy, (30, 80, 34))
                for yy in range(cy + 3, cy + 5):
                    put(tile, cx, yy, (80, 56, 34))
        elif name == "rough":
            # hill hachures: rows of small inverted V's
            for cx, cy in [(16, 16), (32, 12), (48, 18), (22, 30), (40, 28), (14, 42), (30, 44), (46, 40)]:
                for k in range(6):
                    put(tile, cx - k, cy + k, (110, 80, 48))
                    put(tile, cx + k, cy + k, (110, 80, 48))
                    put(tile, cx - k, cy + k + 1, (150, 118, 80))
        elif name == "marsh":
            # marsh hatching: short horizontal dashes with reed tufts
            for cx, cy in [(14, 16), (32, 10), (46, 18), (20, 28), (40, 30), (10, 38), (28, 42), (46, 44)]:
                for xx in range(cx - 5, cx + 6):
                    for yy in (cy, cy + 3):
                        if (xx + yy) % 3 != 0:
                            put(tile, xx, yy, (40, 100, 120))
                for ddx in (-2, 0, 2):
                    for yy in range(cy - 4 + abs(ddx), cy):
                        put(tile, cx + ddx, yy, (40, 92, 64))
        else:
            # a sparse, regular dot grid, so clear ground is not a flat colour
            dots = inside & (ys % 7 == 3) & ((xs + (ys // 7) * 4) % 8 == 2)
            tile[dots] = (196, 200, 150, 255)
        tile[border] = (*(int(v * 0.7) for v in base), 255)
        img[:, t * TW:(t + 1) * TW] = tile
    return img


def write_tileset(path: Path):
    mapgen.write_tileset(path, "kursk-terrain", PNG_NAME, len(TERRAIN_TILES), "terrain",
                         lambda i: [("terrain", TERRAIN_TILES[i], None)])


# --------------------------------------------------------------------------
# TMX
# --------------------------------------------------------------------------
def place_lonlat(name, cities_geo):
    key = GEO_NAME.get(name, name)
    if key in cities_geo:
        return cities_geo[key]
    lon, lat = EXTRA_TOWNS[name]
    return lon, lat, "APPROXIMATE, from general knowledge"


def write_tmx(path: Path, terrain, german, russian, sl, rivers, rails, zones, edges, cities_geo):
    sl_sides, sl_path = sl
    m = map_root(COLS, ROWS, 7)
    _props(m, [("game", GAME_ID), ("title", TITLE),
               ("provenance_terrain", "reconstructed"), ("source_terrain", TERRAIN_SOURCE)])
    ET.SubElement(m, "tileset", {"firstgid": "1", "source": TSX_NAME})
    tile_layer(m, 1, "terrain", COLS, ROWS, lambda h: TERRAIN_TILES.index(terrain[h]) + 1)

    objects = Objects()
    obj = objects.add

    def area(group, name, kind, hexes, props):
        loop = outline_polygon(hexes)
        x0, y0 = loop[0]
        o = obj(group, name, kind, x0, y0, [("hexes", ",".join(sorted(hexes)))] + props)
        ET.SubElement(o, "polygon", {"points": _pts(loop, x0, y0)})

    areas = ET.SubElement(m, "objectgroup", {"id": "5", "name": "areas", "color": "#8a2be2", "opacity": "0.35"})
    for name, hexes, src in (("German side", german, "west of the Start Line"),
                             ("Russian side", russian, "east of the Start Line")):
        area(areas, name, "region", hexes,
             [("provenance", "reconstructed"), ("source", f"{src}; {START_LINE_SOURCE}")])
    for side, hexes, colour, prov, src, label in edges:
        area(areas, label, "friendly_edge", hexes,
             [("side", side), ("border", colour), ("provenance", prov), ("source", src)])

    zl = ET.SubElement(m, "objectgroup", {"id": "6", "name": "zones", "color": "#5a5a5a", "opacity": "0.6"})
    for z in zones:
        area(zl, z["name"], "fortification", z["hexes"],
             [("side", z["side"]), ("active_from", z["active_from"]),
              ("provenance", "reconstructed"), ("source", z["source"])])

    hexsides = ET.SubElement(m, "objectgroup", {"id": "2", "name": "hexsides", "color": "#1f4fd8"})
    x0, y0 = sl_path[0]
    o = obj(hexsides, "Start Line", "start_line", x0, y0,
            [("hexsides", ",".join(sl_sides)), ("provenance", "reconstructed"), ("source", START_LINE_SOURCE)])
    ET.SubElement(o, "polyline", {"points": _pts(sl_path, x0, y0)})
    for rv in rivers:
        x0, y0 = rv["chain"][0]
        src = SRC.get(rv["src"], "hand-drawn line")
        o = obj(hexsides, rv["name"], rv["kind"], x0, y0,
                [("hexsides", ",".join(rv["sides"])), ("provenance", "reconstructed"),
                 ("source", f"{src} (Natural Earth 1:10m) snapped to hex edges by tools/battle_for_kursk/build_map.py; "
                            f"{rv['why']}")])
        ET.SubElement(o, "polyline", {"points": _pts(rv["chain"], x0, y0)})
    for rl in rails:
        pts = [centre(*parse_hid(h)) for h in rl["hexes"]]
        x0, y0 = pts[0]
        o = obj(hexsides, rl["name"], "rail", x0, y0,
                [("hexsides", ",".join(rl["sides"])), ("provenance", "reconstructed"),
                 ("source", f"{RAIL_SOURCE}; {rl['why']}")])
        ET.SubElement(o, "polyline", {"points": _pts(pts, x0, y0)})

    places = ET.SubElement(m, "objectgroup", {"id": "3", "name": "places", "color": "#c00000"})
    for name, h, kind, prov, src in PLACES:
        x, y = centre(*parse_hid(h))
        lon, lat, csrc = place_lonlat(name, cities_geo)
        real = hex_of_lonlat(lon, lat)
        spelled = f"rulebook spelling '{RULEBOOK_SPELLING[name]}'; " if name in RULEBOOK_SPELLING else ""
        where = (f"real position {lon:.2f}E {lat:.2f}N ({csrc}) falls in {real}"
                 + ("" if real == h else f"; placed in {h} (see docs/maps/battle-for-kursk.md)"))
        o = obj(places, name, kind, x, y, [("provenance", prov), ("source", f"{spelled}{src}; {where}")])
        ET.SubElement(o, "point")

    # No set-up marks: every Kursk counter prints its own set-up hex (rule
    # 6.0).  The layer is kept (empty) because the schema has it.
    ET.SubElement(m, "objectgroup", {"id": "4", "name": "setup", "color": "#202020"})

    m.set("nextobjectid", str(objects.last + 1))
    _write_xml(m, path)


# --------------------------------------------------------------------------
def report(cities_geo, terrain, german, sl, rivers, rails, zones, sea, log):
    print("== places: hex vs real position")
    for name, h, kind, *_ in PLACES:
        lon, lat, src = place_lonlat(name, cities_geo)
        real = hex_of_lonlat(lon, lat)
        side = "G" if h in german else "R"
        print(f"  {name:15s} {h} {kind:10s} {side}  real {real}{'' if real == h else '  <-- differs'}")
    print("== start line")
    print("  " + ",".join(sl[0]))
    print("== rivers")
    for rv in rivers:
        print(f"  {rv['name']:14s} {rv['kind']:12s} {len(rv['sides']):3d}: {','.join(rv['sides'])}")
    print("== rails")
    allh = set()
    for rl in rails:
        allh |= set(rl["hexes"])
        print(f"  {rl['name']:45s} {'-'.join(rl['hexes'])}")
    print(f"  rail hexes: {len(allh)}")
    print("== zones")
    for z in zones:
        print(f"  {z['name']:22s} {z['side']:8s} {z['active_from']}: {','.join(z['hexes'])}")
    print("== terrain")
    for t in TERRAIN_TILES:
        print(f"  {t:7s} {sum(1 for v in terrain.values() if v == t)}")
    print("== sea (share of hex area)")
    for h in ALL_HEXES:
        s = sea_share(h, sea)
        if s > 0.05:
            print(f"  {h} {s:.0%}")
    print("== log")
    for line in log:
        print("  " + line)


def build_all(geo_dir: Path):
    cities_geo = load_cities(geo_dir)
    geo = {"kursk": load_rivers(geo_dir, "kursk_rivers.geojson"),
           "kiev": load_rivers(geo_dir, "kiev_rivers.geojson")}
    log: list[str] = []
    german, russian = build_sides()
    sl = start_line(set(german))
    rivers = build_rivers(geo, log)
    rails = build_rails(cities_geo, log)
    terrain = terrain_map()
    zones = build_zones(german, russian, rivers)
    edges = friendly_edges(german)
    return dict(cities_geo=cities_geo, log=log, german=german, russian=russian, sl=sl, rivers=rivers,
                rails=rails, terrain=terrain, zones=zones, edges=edges)


PREVIEW_LAYERS = [
    # (layer name in the preview copy, colour, opacity, which objects)
    ("German side (tint)", "#5a5a5a", "0.3", lambda g, o: g == "areas" and o.get("name") == "German side"),
    ("fortifications", "#7a2a8a", "0.55", lambda g, o: g == "zones"),
    ("German edge", "#1f4fd8", "0.7", lambda g, o: g == "areas" and o.get("type") == "friendly_edge"
     and "German" in o.get("name", "")),
    ("Russian edge", "#d40000", "0.7", lambda g, o: g == "areas" and o.get("type") == "friendly_edge"
     and "Russian" in o.get("name", "")),
    ("rivers", "#3a78f0", "1", lambda g, o: g == "hexsides" and o.get("type") == "river"),
    ("major rivers", "#0a1f9a", "1", lambda g, o: g == "hexsides" and o.get("type") == "major_river"),
    ("rails", "#303030", "1", lambda g, o: g == "hexsides" and o.get("type") == "rail"),
    ("Start Line", "#e00000", "1", lambda g, o: g == "hexsides" and o.get("type") == "start_line"),
    ("places", "#c00000", "1", lambda g, o: g == "places"),
]


def write_preview(tmx: Path, png: Path, scale: float = 0.75):
    """Tiled's own rendering (tmxrasterizer) of a copy of the map whose
    object layers are split by kind, so that Tiled draws each kind in its own
    colour (Tiled colours objects by layer).  Only for the documentation."""
    import os
    import shutil
    import subprocess
    import tempfile

    root = ET.parse(tmx).getroot()
    groups = [g for g in root.findall("objectgroup")]
    for g in groups:
        root.remove(g)
    next_id = int(root.attrib["nextlayerid"])
    for name, colour, opacity, pick in PREVIEW_LAYERS:
        lay = ET.SubElement(root, "objectgroup", {"id": str(next_id), "name": name, "color": colour,
                                                  "opacity": opacity})
        next_id += 1
        for g in groups:
            for o in g.findall("object"):
                if pick(g.get("name"), o.attrib):
                    lay.append(o)
    root.set("nextlayerid", str(next_id))
    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        shutil.copy(tmx.parent / TSX_NAME, t / TSX_NAME)
        shutil.copy(tmx.parent / PNG_NAME, t / PNG_NAME)
        _write_xml(root, t / "preview.tmx")
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen")
        subprocess.run(["tmxrasterizer", "--no-smoothing", "-s", str(scale), str(t / "preview.tmx"), str(png)],
                       check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--geo", type=Path, default=GEO_DIR, help="folder of the geo reference files")
    ap.add_argument("--out", type=Path, default=MAPS, help="output folder (default: maps/)")
    ap.add_argument("--report", action="store_true", help="print the fit report")
    ap.add_argument("--force", action="store_true", help="write the files even if a constraint check fails")
    ap.add_argument("--preview", type=Path, help="also render the documentation preview (needs tmxrasterizer)")
    args = ap.parse_args(argv)

    b = build_all(args.geo)
    errs = check(PLACES, b["german"], b["russian"], b["sl"][0], b["rivers"], b["rails"], b["zones"],
                 b["edges"], b["terrain"])
    if args.report:
        report(b["cities_geo"], b["terrain"], set(b["german"]), b["sl"], b["rivers"], b["rails"], b["zones"],
               load_sea(args.geo), b["log"])
    if errs:
        print("constraint check FAILED:\n  " + "\n  ".join(errs), file=sys.stderr)
        if not args.force:
            return 1
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / PNG_NAME).write_bytes(png_bytes(tile_image()))
    write_tileset(args.out / TSX_NAME)
    write_tmx(args.out / TMX_NAME, b["terrain"], b["german"], b["russian"], b["sl"], b["rivers"], b["rails"],
              b["zones"], b["edges"], b["cities_geo"])
    print(f"wrote {args.out / TMX_NAME}, {TSX_NAME}, {PNG_NAME}")
    if args.preview:
        write_preview(args.out / TMX_NAME, args.preview)
        print(f"wrote {args.preview}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
