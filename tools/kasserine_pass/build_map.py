#!/usr/bin/env python3
"""Build the Kasserine Pass map from real geography.

Dev-time generator, run by hand and committed with its output:

    python tools/kasserine_pass/build_map.py            # writes the map files
    python tools/kasserine_pass/build_map.py --report   # also prints the fit report

It writes
    maps/kasserine-pass.tmx        the map (schema: docs/map-format.md)
    maps/kasserine-terrain.tsx     terrain tileset (plain, high ground, rugged crest, river)
    maps/kasserine-terrain.png     its image (4 hex tiles of 64x56)
    maps/kasserine-heights.tsx     height tileset (levels 0, 1, 2)
    maps/kasserine-heights.png     its image (3 hex tiles of 64x56)

Inputs
    ../shared/reference/geo/kasserine_relief_2arcmin.csv   relief grid (elevation, roughness)
    ../shared/reference/geo/kasserine_rivers.geojson       wadi lines (GSHHG WDBII)
    ../shared/reference/geo/kasserine_cities.csv           town positions (GeoNames)
    ../shared/reference/geo/kasserine_features.csv         djebels and passes
    the hand-written tables below for what the data lacks or gets wrong: road
    courses, cliffs, the Kasserine gap, terrain corrections.

Every hand-chosen value carries its provenance (rulebook / found /
reconstructed) and a source text, which end up on the TMX objects.  The
method and the decisions are explained in docs/maps/kasserine-pass.md.

Only the Python standard library and numpy are used (no pygame).  The
geometry helpers are copied from tools/objective_kiev/build_map.py and sized for this
grid.
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import statistics
import sys
from pathlib import Path
from typing import Any
from xml.etree import ElementTree as ET

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tools.mapgen as a script
from tools.mapgen import (  # noqa: E402
    TH,
    TW,
    HexGrid,
    Objects,
    distance,
    edge_of_side,
    extend_path,
    hcentre,
    hex_at,
    hex_line,
    hex_masks,
    hid,
    map_root,
    outline_polygon,
    parse_hid,
    png_bytes,
    px_to_uv,
    side_id,
    tile_layer,
    uv_to_px,
    write_tileset,
)
from tools.mapgen import num as _num  # noqa: E402,F401
from tools.mapgen import props as _props
from tools.mapgen import pts as _pts
from tools.mapgen import write_xml as _write_xml

REPO = Path(__file__).resolve().parents[2]
GEO_DIR = REPO.parent / "shared" / "reference" / "geo"
MAPS = REPO / "maps"
TMX_NAME = "kasserine-pass.tmx"
TSX_NAME = "kasserine-terrain.tsx"
PNG_NAME = "kasserine-terrain.png"
HTSX_NAME = "kasserine-heights.tsx"
HPNG_NAME = "kasserine-heights.png"

GAME_ID = "kasserine-pass"
TITLE = "Kasserine Pass"

# --------------------------------------------------------------------------
# Grid
# --------------------------------------------------------------------------
# 21 columns rather than the "about 19" of data-kasserine-tcs.md A3: with 19
# the east edge would run through Sidi Bou Zid and Hadjeb el Aioun, and Faid
# (where A3 makes road 3 enter) would lie two columns off the map.  Two more
# columns put the east edge on the Eastern Dorsal (Faid, Fondouk, Maknassy),
# the line the Axis held on 14 February 1943.
COLS, ROWS = 21, 30
GRID = HexGrid(COLS, ROWS)
MAP_W, MAP_H = GRID.map_w, GRID.map_h   # 1024, 1708

# Projection proposed in data-kasserine-tcs.md A3 (RECON there): 90.9 km per
# degree of longitude and 111 km per degree of latitude, 7.24 km per column
# and per row, origin 8.00E 36.30N.  fit_uv gives the fractional printed
# column u and row v (v is the row of an odd column; an even column's row r
# has its centre at v = r + 0.5).
KM_PER_HEX = 7.24


def fit_uv(lon: float, lat: float) -> tuple[float, float]:
    return (lon - 8.00) * 90.9 / KM_PER_HEX, (36.30 - lat) * 111.0 / KM_PER_HEX


def lonlat_to_px(lon: float, lat: float) -> tuple[float, float]:
    return uv_to_px(*fit_uv(lon, lat))


def px_to_lonlat(x: float, y: float) -> tuple[float, float]:
    u, v = px_to_uv(x, y)
    return 8.00 + u * KM_PER_HEX / 90.9, 36.30 - v * KM_PER_HEX / 111.0


def hex_of_lonlat(lon: float, lat: float) -> str:
    return hid(*hex_at(*lonlat_to_px(lon, lat)))


on_map, neighbours, hneighbours, adjacent = GRID.on_map, GRID.neighbours, GRID.hneighbours, GRID.adjacent


ALL_HEXES = GRID.all_hexes
EAST_EDGE = [hid(COLS, r) for r in range(1, ROWS + 1)]
WEST_EDGE = [hid(1, r) for r in range(1, ROWS + 1)]
NORTH_EDGE = [hid(c, 1) for c in range(1, COLS + 1)]


# --------------------------------------------------------------------------
# Geo input
# --------------------------------------------------------------------------
def load_csv(geo_dir: Path, name: str) -> list[dict]:
    with open(geo_dir / name, newline="", encoding="utf-8") as f:
        return list(csv.DictReader(f))


def load_relief(geo_dir: Path) -> dict[str, list[tuple[float, float, str]]]:
    """Relief grid points grouped by the hex their position falls in."""
    out: dict[str, list] = {}
    for row in load_csv(geo_dir, "kasserine_relief_2arcmin.csv"):
        c, r = hex_at(*lonlat_to_px(float(row["lon"]), float(row["lat"])))
        if on_map(c, r):
            out.setdefault(hid(c, r), []).append(
                (float(row["elev_m"]), float(row["rough_index"]), row["suggested_class"]))
    return out


def load_rivers(geo_dir: Path) -> dict[str, list[tuple[float, float]]]:
    data = json.loads((geo_dir / "kasserine_rivers.geojson").read_text(encoding="utf-8"))
    out = {}
    for feat in data["features"]:
        g = feat["geometry"]
        if g["type"] == "LineString":
            out[feat["properties"]["name"]] = [tuple(p) for p in g["coordinates"]]
    return out


# --------------------------------------------------------------------------
# Terrain
# --------------------------------------------------------------------------
TERRAINS = ["plain", "high_ground", "rugged_crest", "river"]   # tile id = index
# Height level of each terrain.  The rulebook defines height only through the
# terrain types: high ground is higher than plain, rugged crest higher than
# high ground.  A river hex is a valley floor: level 0, like plain.
HEIGHT_OF = {"plain": 0, "river": 0, "high_ground": 1, "rugged_crest": 2}
HEIGHT_LEVELS = [0, 1, 2]

# Automatic class from the relief grid (per hex: the mean of the 3-6 grid
# points inside it).  `rough` is the mean rough_index, `rel` the hex's mean
# elevation minus the mean of its neighbours' (metres).
#   rugged_crest  rough >= 22, or rough >= 17 and rel >= +150 m
#   high_ground   rough >= 13, or rel >= +150 m
#   plain         otherwise
# The high plateaus of the west (Tebessa, Thala, 850-1000 m) are flat on top
# and stay plain: the rulebook's height is relative to the next hex, so only
# slopes and ridges are high ground.
ROUGH_CREST, ROUGH_CREST_REL, ROUGH_HIGH, REL_HIGH = 22.0, 17.0, 13.0, 150.0

# Hand corrections (hex -> (terrain, reason)).  Applied after the automatic
# class and before the rivers.
TERRAIN_FIX: dict[str, tuple[str, str]] = {
    # --- the Grand (Western) Dorsal at Kasserine ---------------------------
    "0917": ("rugged_crest", "Djebel Chambi summit (1544 m, kasserine_features.csv)"),
    "0818": ("rugged_crest", "Djebel Chambi massif, south-west shoulder"),
    "0918": ("rugged_crest", "Djebel Chambi massif, south shoulder"),
    "0817": ("high_ground", "Djebel Chambi, western slopes above the Foussana basin"),
    "0816": ("high_ground", "Djebel Chambi, northern foot (west flank of the pass)"),
    "1017": ("high_ground", "Djebel Chambi, eastern foothills between the pass and Kasserine"),
    "1018": ("high_ground", "Djebel Chambi, south-eastern foothills"),
    "1215": ("rugged_crest", "Djebel Semmama summit (kasserine_features.csv)"),
    "1115": ("rugged_crest", "Djebel Semmama massif, west spur"),
    "1116": ("rugged_crest", "Djebel Semmama, south-west shoulder above Kasserine (east flank of the pass)"),
    "1015": ("rugged_crest", "Djebel Semmama, western spur closing the pass on the north-east"),
    "1214": ("rugged_crest", "Grand Dorsal: Djebel Semmama's northern ridge towards the Sbiba gap"),
    "1216": ("plain", "the Kasserine-Sbeitla plain at the southern foot of Djebel Semmama"),
    "1218": ("rugged_crest", "Djebel Selloum (kasserine_features.csv)"),
    "1118": ("high_ground", "Djebel Selloum, western slopes south of Kasserine"),
    "1117": ("plain", "Kasserine town in the Hatab valley (the relief grid is too coarse here)"),
    # --- the Kasserine gap: a two-hex corridor between Chambi and Semmama ---
    "0916": ("plain", "Kasserine Pass floor (Hatab gap, kasserine_features.csv); plain corridor per A3"),
    "1016": ("plain", "Kasserine Pass, eastern mouth (becomes a river hex: the Hatab beside the road)"),
    "0915": ("plain", "the valley leading north from the pass towards Thala"),
    "0715": ("plain", "Foussana basin, west of the pass"),
    "0716": ("plain", "Foussana basin, west of the pass"),
    # --- north of the pass: Thala -------------------------------------------
    "0813": ("high_ground", "the rise south of Thala (A3: high ground around Thala)"),
    "0812": ("high_ground", "the ridge south of Thala where the Allies held on 21-22 Feb (A3)"),
    "0913": ("high_ground", "the ridge south of Thala (A3)"),
    "1013": ("high_ground", "Djebel el Hamra (kasserine_features.csv), east of the Thala road"),
    # --- Dorsal north-east of Kasserine: Sbiba gap, Mrhila ------------------
    "1314": ("rugged_crest", "Grand Dorsal between Semmama and the Sbiba gap"),
    "1413": ("plain", "Sbiba gap (kasserine_features.csv): the Sbeitla-Sbiba road crosses the Dorsal here"),
    "1412": ("plain", "Sbiba gap, northern end at Sbiba"),
    "1312": ("high_ground", "west side of the Sbiba gap"),
    "1613": ("rugged_crest", "Djebel Mrhila (kasserine_features.csv)"),
    "1514": ("rugged_crest", "Djebel Mrhila, south-west spur"),
    "1513": ("high_ground", "Djebel Mrhila, western slopes (east side of the Sbiba gap)"),
    "1515": ("high_ground", "Djebel Mrhila, southern foot north of Sbeitla"),
    "1612": ("rugged_crest", "Grand Dorsal north-east of Djebel Mrhila"),
    "1611": ("high_ground", "Grand Dorsal north-east of Djebel Mrhila"),
    # --- isolated djebels in the Sbeitla - Sidi Bou Zid plain ---------------
    "1720": ("rugged_crest", "Djebel Lessouda (kasserine_features.csv; A4: held by the 168th RCT)"),
    "1821": ("rugged_crest", "Djebel Ksaira (kasserine_features.csv; A4)"),
    "2010": ("rugged_crest", "Djebel Trozza (kasserine_features.csv)"),
    "2111": ("plain", "Fondouk gap through the Eastern Dorsal"),
    # --- towns on flat ground (the relief grid smears nearby hills) ---------
    "1416": ("plain", "Sbeitla, in the plain"),
    "1028": ("plain", "Gafsa oasis"),
    "1230": ("plain", "El Guettar oasis (road 1 waypoint)"),
    "1507": ("high_ground", "Maktar plateau"),
}


def auto_terrain(relief: dict[str, list]) -> dict[str, tuple[str, float, float]]:
    elev = {h: statistics.mean(p[0] for p in pts) for h, pts in relief.items()}
    out = {}
    for h in ALL_HEXES:
        pts = relief[h]
        rough = statistics.mean(p[1] for p in pts)
        rel = elev[h] - statistics.mean(elev[n] for n in hneighbours(h))
        if rough >= ROUGH_CREST or (rough >= ROUGH_CREST_REL and rel >= REL_HIGH):
            t = "rugged_crest"
        elif rough >= ROUGH_HIGH or rel >= REL_HIGH:
            t = "high_ground"
        else:
            t = "plain"
        out[h] = (t, rough, rel)
    return out


# --------------------------------------------------------------------------
# Places
# --------------------------------------------------------------------------
# (name, csv name, size, vp, note).  The hex is the one the A3 projection
# gives for the GeoNames position (nearest hex centre), except where
# PLACE_HEX overrides it.  VP: rulebook, Victory Conditions.
PLACES = [
    ("Tebessa", "Tebessa", "city", 3, "rulebook victory place; Allied base in Algeria"),
    ("Le Kef", "Le Kef", "city", 2, "rulebook victory place; Allied reinforcements arrive here"),
    ("Thala", "Thala", "village", 2, "rulebook victory place"),
    ("Kasserine", "Kasserine", "village", 1, "rulebook victory place"),
    ("Sbiba", "Sbiba", "village", 1, "rulebook victory place"),
    ("Ferriana", "Ferriana", "village", 1, "rulebook victory place (modern Feriana)"),
    ("Gafsa", "Gafsa", "city", 0, "data-kasserine-tcs.md A2/A3 (K6 play report)"),
    ("Sidi Bou Zid", "Sidi Bou Zid", "village", 0, "data-kasserine-tcs.md A2/A3 (K6)"),
    ("Sbeitla", "Sbeitla", "village", 0, "data-kasserine-tcs.md A2/A3 (K6 spells it Sebelita)"),
    ("Maktar", "Maktar", "village", 0, "data-kasserine-tcs.md A2/A3 (K6)"),
    ("Rohia", "Rohia", "village", 0, "data-kasserine-tcs.md A3"),
    ("Haidra", "Haidra", "village", 0, "data-kasserine-tcs.md A3"),
    ("Hadjeb el Aioun", "Hadjeb el Aioun", "village", 0, "data-kasserine-tcs.md A3/A4"),
    ("Bou Chebka", "Bou Chebka", "village", 0, "data-kasserine-tcs.md A3"),
    ("Thelepte", "Thelepte", "village", 0, "data-kasserine-tcs.md A3 (airfield)"),
    ("Faid", "Faid", "village", 0, "data-kasserine-tcs.md A3 (road 3 enters at Faid)"),
    ("Fondouk", "Fondouk", "village", 0, "data-kasserine-tcs.md A3 (road 4 basis)"),
    ("Maknassy", "Maknassy", "village", 0, "data-kasserine-tcs.md A3 (road 2 basis)"),
]
SIZE_REASON = {
    "city": "a walled or kasbah town with a built-up core in 1943 (city: defender doubled)",
    "village": "a village or small market town in 1943 (village: no effect)",
}
# Where the nearest hex centre is not taken (hex, reason).
PLACE_HEX = {
    "Kasserine": ("1117", "the real position (u = 10.50) lies on the border of 1017 and 1117; 1117 as in the "
                          "A3 table, which puts the Hatab road-and-river hexes north-west of the town as the "
                          "rulebook says"),
    "Fondouk": ("2111", "approximate position (u = 21.1, v = 11.5) between 2111 and 2112; 2111, the gap "
                        "north of road 4"),
}

# --------------------------------------------------------------------------
# Rivers (hex terrain)
# --------------------------------------------------------------------------
# Wadis of kasserine_rivers.geojson made into chains of river hexes: the
# hexes the line passes through, in order.  Options per river:
#   drop_before / drop_after  cut the chain at that hex (exclusive), with a reason
#   remove   hexes taken out of the chain (reason)
#   add      hexes added (reason)
RIVERS: list[tuple[str, str, dict[str, Any]]] = [
    ("Oued Mellegue", "Oued Mellegue", {
        "why": "WDBII level 4 (permanent minor river) from the Algerian border north-east past Le Kef",
        "remove": {"0404": "smoothing: the line wavers along a hex border",
                   "0504": "smoothing: the line wavers along a hex border"},
    }),
    ("Oued el Hatab / Oued Zeroud",
     "Oued el Hatab / Oued Zeroud (Hatab through Kasserine Pass and Kasserine; Zeroud towards Kairouan)", {
         "why": "WDBII level 6 wadi: the Hatab from the Haidra hills through the Kasserine gap, past "
                "Kasserine and south of Sbeitla; beyond Sidi Bou Zid the Zeroud towards Kairouan",
         "remove": {
             "0512": "head of the wadi under the Tebessa-Haidra road (road 6)",
             "0412": "head of the wadi under the Tebessa-Haidra road (road 6)",
             "0514": "smoothing: the line wavers along a hex border",
             "0916": "Kasserine Pass floor: kept plain, the corridor through the gap (A3)",
             "1117": "Kasserine town: a village hex, kept plain",
             "1417": "smoothing: the wadi runs south of Sbeitla through 1418",
             "1720": "Djebel Lessouda: the wadi passes its foot",
             "1919": "Sidi Bou Zid: the wadi passes north of the village hex",
             "1817": "smoothing: the line wavers along a hex border",
         },
     }),
    ("Oued Baiech", "Oued Baiech / upper wadi from the Algerian border towards Gafsa", {
        "why": "WDBII level 7 wadi from the Algerian border east towards Gafsa",
        "remove": {"0122": "smoothing: the line enters along the map edge",
                   "0324": "smoothing", "0424": "smoothing", "0525": "smoothing", "0625": "smoothing"},
    }),
    ("Oued Baiech (Gafsa)", "Oued Baiech (Gafsa)", {
        "why": "WDBII level 7 wadi past Gafsa and west along the south edge",
        "remove": {"0825": "smoothing: the line wavers along a hex border",
                   "1028": "Gafsa oasis: a city hex, kept as its own terrain",
                   "1029": "the wadi is carried round Gafsa on the west (0929) instead"},
        "add": {"0929": "joins 0928 to 0930 round Gafsa"},
    }),
    ("Oued Siliana", "Oued Siliana", {
        "why": "WDBII level 4 from the Maktar plateau north past Siliana",
        "remove": {"1407": "headwater west of Maktar, cut off from the rest by the village hex",
                   "1507": "Maktar: a village hex; the wadi rises beside it",
                   "1705": "smoothing", "1601": "smoothing"},
    }),
]
# The Oued Miliane line touches the map in one hex at the north-east corner: left out.
MIN_RIVER_HEXES = 2


def walk_hexes(line_px: list[tuple[float, float]]) -> list[list[str]]:
    """On-map runs of the hexes a pixel line passes through, in order, loops cut."""
    runs: list[list[str]] = []
    cur: list[str] = []
    for (ax, ay), (bx, by) in zip(line_px, line_px[1:]):
        n = max(1, int(math.hypot(bx - ax, by - ay) / 2.0))
        for k in range(n + 1):
            x, y = ax + (bx - ax) * k / n, ay + (by - ay) * k / n
            c, r = hex_at(x, y)
            if not on_map(c, r):
                if cur:
                    runs.append(cur)
                    cur = []
                continue
            h = hid(c, r)
            if cur and cur[-1] == h:
                continue
            if h in cur:
                del cur[cur.index(h) + 1:]
                continue
            cur.append(h)
    if cur:
        runs.append(cur)
    return runs


def build_rivers(geo_rivers, log) -> list[dict]:
    out = []
    for name, src_name, opts in RIVERS:
        line = [lonlat_to_px(lon, lat) for lon, lat in geo_rivers[src_name]]
        for run in walk_hexes(line):
            hexes = [h for h in run if h not in opts.get("remove", {})]
            for h in opts.get("add", {}):
                if h not in hexes and any(adjacent(h, x) for x in run):
                    both = [i for i in range(len(hexes) - 1) if adjacent(h, hexes[i]) and adjacent(h, hexes[i + 1])]
                    at = both[0] if both else max(i for i, x in enumerate(hexes) if adjacent(h, x))
                    hexes.insert(at + 1, h)
            if len(hexes) < MIN_RIVER_HEXES:
                log.append(f"river {name}: dropped an on-map run of {len(hexes)} hex(es)")
                continue
            out.append(dict(name=name, why=opts["why"], hexes=hexes, walked=run,
                            removed={h: opts["remove"][h] for h in run if h in opts.get("remove", {})}))
    return out


# --------------------------------------------------------------------------
# Roads (hexside features, centre to centre)
# --------------------------------------------------------------------------
ROAD_SOURCE = ("RECON: course of data-kasserine-tcs.md A3 (the rulebook names roads 1-6 only for entry); "
               "hexes by straight hex lines between the waypoint hexes")
# (name, waypoints, reasoning).  A waypoint is a hex id, or the name of a
# place (its hex).  Between waypoints the road takes the straight hex line;
# extra hex waypoints steer it round wadis.  Roads cross river hexes only at
# the combination hexes just north-west of Kasserine (rulebook, Combination
# Hexes); where a real road crosses a wadi elsewhere the wadi is not a river
# hex there (see RIVER_BREAK_REASON).
ROADS = [
    ("1", ["2130", "1230", "Gafsa", "1026", "0824", "Ferriana", "Bou Chebka", "Tebessa"],
     "A3: from the SE corner (the Gabes road, kept on the bottom row east of El Guettar, where the real "
     "road runs just south of the map) through El Guettar and Gafsa to Ferriana, then over the Bou "
     "Chebka hills to Tebessa; the DAK enters between roads 1 and 2 and took Gafsa and Ferriana"),
    ("2", ["2126", "Maknassy", "1924", "Sidi Bou Zid"],
     "A3: from the east edge past Maknassy and through the Maizila pass north to Sidi Bou Zid; "
     "the 21st Panzer enters between roads 2 and 3"),
    ("3", ["Faid", "Sidi Bou Zid", "Sbeitla", "1216", "Kasserine", "1016", "0916", "0915", "0914",
           "0813", "Thala", "Le Kef"],
     "A3: from the Faid pass through Sidi Bou Zid, Sbeitla and Kasserine, through the Kasserine gap "
     "and north over the Thala ridge to Le Kef; the 10th Panzer enters between roads 3 and 4"),
    ("4", ["2113", "Hadjeb el Aioun", "Sbeitla", "1415", "1413", "Sbiba"],
     "A3: from the east edge (the Kairouan road, south of Fondouk) through Hadjeb el Aioun to Sbeitla, "
     "then north through the Sbiba gap to Sbiba, where it meets road 5"),
    ("5", ["1401", "Maktar", "Rohia", "Sbiba"],
     "A3: from the north edge (the Le Krib road from the First Army area) through Maktar and Rohia to "
     "Sbiba; US 18th RCT, the Rangers and 3/6 Armd Inf arrive by it"),
    ("6", ["0112", "Tebessa", "0412", "Haidra", "Thala"],
     "A3: from the west edge (the road from Algeria) to Tebessa, then east through Haidra to Thala; "
     "26th RCT and the 9th Division arrive by it"),
    ("6", ["0314", "0514", "0614", "0715", "0815", "0916"],
     "A3 spur Tebessa-Kasserine: leaves road 1 just east of Tebessa, crosses the plateau and the "
     "Foussana basin south of the Hatab, meets the wadi at 0815 (a combination hex) and enters the "
     "Kasserine gap"),
    ("Kasserine-Thelepte", ["Kasserine", "1118", "Thelepte"],
     "A3 unnumbered road (Kasserine-Thelepte-Ferriana): Kasserine south-west between Djebel Chambi and "
     "Djebel Selloum to Thelepte airfield, where it meets road 1 one hex from Ferriana"),
]


def build_roads(place_hex: dict[str, str], river_hexes: set[str]) -> list[dict]:
    out = []
    for name, stops, why in ROADS:
        wps = [place_hex.get(s, s) for s in stops]
        hexes: list[str] = []
        for a, b in zip(wps, wps[1:]):
            # of the two tie-breaking variants, prefer the one touching fewer river hexes
            cands = [hex_line(a, b, 1), hex_line(a, b, -1)]
            line = min(cands, key=lambda L: sum(h in river_hexes for h in L[1:-1]))
            extend_path(hexes, line, on_map, f"road {name}: {a}-{b}")
        out.append(dict(name=name, why=why, hexes=hexes,
                        sides=[side_id(a, b) for a, b in zip(hexes, hexes[1:])]))
    return out


# Road-and-river combination hexes (rulebook, Combination Hexes: "a few hexes
# just north-west of Kasserine").  Each is also a bridge hex (rulebook,
# Engineers): the road crosses and follows the Hatab on bridges there.
COMBINATION = {
    "1016": "road 3 beside the Hatab at the eastern mouth of the Kasserine gap, just north-west of Kasserine",
    "0815": "road 6 spur beside the Hatab at the western mouth of the Kasserine gap",
}
RIVER_BREAK_REASON = ("the rulebook knows road-and-river hexes only just north-west of Kasserine, so where "
                      "a road crosses this wadi elsewhere the crossing hex keeps its dry-ground terrain")


# --------------------------------------------------------------------------
# Cliffs (hexside features along hex edges)
# --------------------------------------------------------------------------
CLIFF_SOURCE = ("RECON: data-kasserine-tcs.md A3 (cliff hexsides on the Chambi and Semmama faces); "
                "the faces that look onto the Kasserine gap and the Kasserine plain")
# (name, hexsides in chain order, reasoning)
CLIFFS = [
    ("Djebel Chambi north-east face", ["0816-0917", "0916-0917", "0917-1016", "0917-1017"],
     "the steep side of Djebel Chambi over the pass floor and the Hatab"),
    ("Djebel Semmama west face", ["0916-1015", "1015-1016", "1016-1116", "1116-1117"],
     "the steep side of Djebel Semmama over the pass and over Kasserine"),
]


# --------------------------------------------------------------------------
# Areas
# --------------------------------------------------------------------------
def road_edge_hex(roads: list[dict], name: str, edge: list[str]) -> str:
    ends = [h for rd in roads if rd["name"] == name for h in (rd["hexes"][0], rd["hexes"][-1]) if h in edge]
    assert len(ends) == 1, (name, ends)
    return ends[0]


def build_areas(roads: list[dict], place_hex: dict[str, str]):
    rows_of = {n: parse_hid(road_edge_hex(roads, n, EAST_EDGE))[1] for n in ("1", "2", "3", "4")}
    entry5 = road_edge_hex(roads, "5", NORTH_EDGE)
    entry6 = road_edge_hex(roads, "6", WEST_EDGE)

    def between(a, b):
        lo, hi = sorted((rows_of[a], rows_of[b]))
        return [hid(COLS, r) for r in range(lo, hi + 1)]

    edges = [
        ("axis", EAST_EDGE, "rulebook",
         "German Order of Battle: the German divisions appear on the east edge (and the optional rule on "
         "initial placement has them start on the board edge); all column 21 hexes",
         "Axis map edge (east)"),
        ("allied", sorted(set(WEST_EDGE) | set(NORTH_EDGE)), "reconstructed",
         "the rulebook names no Allied edge; Allied reinforcements come by road 6 (west edge, from Algeria) "
         "and road 5 (north edge), so the west and north edges are taken as the Allied rear",
         "Allied map edge (west and north)"),
    ]
    italian = [h for h in ALL_HEXES if parse_hid(h)[0] >= COLS - 1]
    regions = [
        ("entry 1-2", between("1", "2"), "reconstructed",
         f"German Order of Battle: D.A.K. appears between, or on, roads 1 and 2; east edge from road 2 "
         f"(row {rows_of['2']}) to road 1 at the south-east corner (row {rows_of['1']}); road hexes by A3 RECON"),
        ("entry 2-3", between("2", "3"), "reconstructed",
         f"German Order of Battle: 21st Panzer appears on the east edge between, or on, roads 2 and 3; "
         f"rows {rows_of['3']}-{rows_of['2']}; road hexes by A3 RECON"),
        ("entry 3-4", between("3", "4"), "reconstructed",
         f"German Order of Battle: 10th Panzer appears on the east edge between, or on, roads 3 and 4; "
         f"rows {rows_of['4']}-{rows_of['3']}; road hexes by A3 RECON"),
        ("Italian set-up", italian, "rulebook",
         "German Order of Battle: the Italians set up anywhere within 2 hexes of the east edge, read as "
         "the edge column and the column next to it (columns 20-21)"),
        ("entry road 5", [entry5], "reconstructed",
         "Allied Order of Battle: reinforcements on Road Five (18 RCT, Rangers, 3/6 Armd Inf) enter where "
         "road 5 leaves the north edge; the hex is A3 RECON"),
        ("entry road 6", [entry6], "reconstructed",
         "Allied Order of Battle: reinforcements on Road Six (26 RCT, 9th Division) enter where road 6 "
         "leaves the west edge; the hex is A3 RECON"),
        ("entry Le Kef", [place_hex["Le Kef"]], "rulebook",
         "Allied Order of Battle: British reinforcements arrive at Le Kef"),
        gap_region(),
    ]
    return edges, regions


def gap_region() -> tuple[str, list[str], str, str]:
    return ("Kasserine gap", ["0916", "1016"], "reconstructed",
            "A3: the Kasserine gap is a 1-2 hex corridor at col 9-10, row 16 between Djebel Chambi and "
            "Djebel Semmama; 0916 is the plain pass floor, 1016 the Hatab beside road 3")


# --------------------------------------------------------------------------
# Checks (the hard constraints the tests protect)
# --------------------------------------------------------------------------
def check(terrain, heights, places, roads, rivers, cliffs, edges, regions) -> list[str]:
    errs = []
    if set(terrain) != set(ALL_HEXES) or set(heights) != set(ALL_HEXES):
        errs.append("terrain/height incomplete")
    for h in ALL_HEXES:
        if heights[h] != HEIGHT_OF[terrain[h]]:
            errs.append(f"{h}: height {heights[h]} does not match {terrain[h]}")
    vp = {n: v for n, _, _, v, _ in PLACES if v}
    if vp != {"Ferriana": 1, "Kasserine": 1, "Sbiba": 1, "Le Kef": 2, "Thala": 2, "Tebessa": 3}:
        errs.append("KP-VICTORY: victory places")
    if len(set(places.values())) != len(places):
        errs.append("two places share a hex")
    river = {h for h in ALL_HEXES if terrain[h] == "river"}
    for h in places.values():
        if terrain[h] == "river":
            errs.append(f"place on a river hex {h}")
    road_hexes = set()
    for rd in roads:
        for a, b in zip(rd["hexes"], rd["hexes"][1:]):
            if not adjacent(a, b):
                errs.append(f"road {rd['name']}: {a}-{b} not adjacent")
        if len(rd["hexes"]) != len(set(rd["hexes"])):
            errs.append(f"road {rd['name']} visits a hex twice")
        road_hexes |= set(rd["hexes"])
    combo = road_hexes & river
    if combo != set(COMBINATION):
        errs.append(f"KP-COMBINATION-HEX: road-and-river hexes {sorted(combo)} != {sorted(COMBINATION)}")
    for h in combo:
        if distance(h, places["Kasserine"]) > 3:
            errs.append(f"combination hex {h} is not near Kasserine")
        hx, hy = hcentre(h)
        kx, ky = hcentre(places["Kasserine"])
        if not (hx < kx and hy < ky):
            errs.append(f"combination hex {h} is not north-west of Kasserine")
    for n, h in places.items():
        if h not in road_hexes and n not in ("Fondouk",):
            errs.append(f"place {n} {h} is on no road")
    for name, sides, _ in cliffs:
        for s in sides:
            a, b = s.split("-")
            if not adjacent(a, b):
                errs.append(f"cliff {name}: {s} not adjacent")
            elif heights[a] == heights[b]:
                errs.append(f"KP-CLIFF: cliff {name}: {s} joins two hexes of height {heights[a]}")
        for s, t in zip(sides, sides[1:]):
            if not set(edge_of_side(*s.split("-"))) & set(edge_of_side(*t.split("-"))):
                errs.append(f"cliff {name}: {s} and {t} do not join")
    gap = gap_region()[1]
    if terrain[gap[0]] != "plain" or any(terrain[h] not in ("plain", "river") for h in gap):
        errs.append("Kasserine gap must be a plain corridor")
    for name, hexes, *_ in regions:
        if name.startswith("entry ") and name[6:7].isdigit() and not set(hexes) <= set(EAST_EDGE):
            errs.append(f"{name} not on the east edge")
    return errs


# --------------------------------------------------------------------------
# Tileset images
# --------------------------------------------------------------------------
def _stroke(tile, inside, pts, colour, width=1.0):
    """Draw a polyline into the tile (only inside the hex)."""
    ys, xs = np.mgrid[0:TH, 0:TW]
    px, py = xs + 0.5, ys + 0.5
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        vx, vy = bx - ax, by - ay
        L2 = vx * vx + vy * vy or 1.0
        t = np.clip(((px - ax) * vx + (py - ay) * vy) / L2, 0, 1)
        d = np.hypot(px - (ax + t * vx), py - (ay + t * vy))
        tile[(d <= width / 2 + 0.35) & inside] = (*colour, 255)


def terrain_image() -> np.ndarray:
    inside, border = hex_masks()
    img = np.zeros((TH, TW * len(TERRAINS), 4), dtype=np.uint8)
    rng = np.random.default_rng(1943)
    base = {"plain": (236, 224, 184), "high_ground": (214, 184, 128),
            "rugged_crest": (168, 120, 80), "river": (226, 218, 186)}
    for t, name in enumerate(TERRAINS):
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        tile[inside] = (*base[name], 255)
        if name == "plain":
            speck = inside & (rng.random((TH, TW)) < 0.05)
            tile[speck] = (214, 198, 150, 255)
        elif name == "high_ground":
            # contour hachures: short brown arcs, like a hill drawn with form lines
            for cx, cy in [(20, 18), (42, 16), (30, 34), (14, 38), (48, 38)]:
                pts = [(cx + 7 * math.cos(a), cy + 5 * math.sin(a)) for a in np.linspace(math.pi, 2 * math.pi, 7)]
                _stroke(tile, inside, pts, (140, 100, 50), 1.2)
                pts = [(cx + 4 * math.cos(a), cy + 3 * math.sin(a)) for a in np.linspace(math.pi, 2 * math.pi, 5)]
                _stroke(tile, inside, pts, (140, 100, 50), 1.0)
        elif name == "rugged_crest":
            # a jagged crest line with hachures running down both sides
            crest = [(4, 30), (12, 22), (18, 28), (26, 16), (34, 26), (40, 18), (48, 27), (54, 21), (60, 28)]
            for (ax, ay), (bx, by) in zip(crest, crest[1:]):
                for k in range(0, 4):
                    x = ax + (bx - ax) * k / 4
                    y = ay + (by - ay) * k / 4
                    _stroke(tile, inside, [(x, y), (x - 2, y + 9)], (110, 70, 40), 1.0)
                    _stroke(tile, inside, [(x, y), (x + 1, y - 7)], (120, 80, 48), 0.8)
            _stroke(tile, inside, crest, (70, 40, 20), 2.2)
        elif name == "river":
            # the wadi: a blue meander across the hex with broken ground beside it
            pts = [(x, 28 + 6 * math.sin(x / 7.0)) for x in range(0, 65, 2)]
            _stroke(tile, inside, pts, (40, 110, 200), 3.0)
            for x in range(4, 62, 6):
                y = 28 + 6 * math.sin(x / 7.0)
                _stroke(tile, inside, [(x, y - 7), (x + 2, y - 11)], (150, 120, 80), 1.0)
                _stroke(tile, inside, [(x + 3, y + 7), (x + 1, y + 11)], (150, 120, 80), 1.0)
        tile[border] = (*(int(v * 0.7) for v in base[name]), 255)
        img[:, t * TW:(t + 1) * TW] = tile
    return img


DIGITS = {  # 3x5 bitmap digits
    0: ["111", "101", "101", "101", "111"], 1: ["010", "110", "010", "010", "111"],
    2: ["111", "001", "111", "100", "111"], 3: ["111", "001", "111", "001", "111"],
}


def heights_image() -> np.ndarray:
    """Transparent tiles with the level as a small digit near the bottom of the
    hex (none for level 0), so that the terrain shows through in Tiled."""
    img = np.zeros((TH, TW * len(HEIGHT_LEVELS), 4), dtype=np.uint8)
    for t, lvl in enumerate(HEIGHT_LEVELS):
        if lvl == 0:
            continue
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        colour = {1: (110, 55, 10), 2: (120, 10, 10)}[lvl]
        ink = np.zeros((TH, TW), dtype=bool)
        for j, row in enumerate(DIGITS[lvl]):
            for i, bit in enumerate(row):
                if bit == "1":
                    ink[40 + 2 * j:42 + 2 * j, 29 + 2 * i:31 + 2 * i] = True
        halo = np.zeros_like(ink)
        for dy in (-1, 0, 1):
            for dx in (-1, 0, 1):
                halo |= np.roll(np.roll(ink, dy, 0), dx, 1)
        tile[halo] = (255, 250, 235, 255)
        tile[ink] = (*colour, 255)
        img[:, t * TW:(t + 1) * TW] = tile
    return img


# --------------------------------------------------------------------------
# TMX
# --------------------------------------------------------------------------

def inset_polygon(hexes, d):
    """The outline pulled d pixels towards the centres of the hexes (for the
    drawing only, so that neighbouring areas do not draw on the same line)."""
    pts = outline_polygon(hexes)
    cs = [hcentre(h) for h in hexes]
    out = []
    for x, y in pts:
        cx, cy = min(cs, key=lambda c: (c[0] - x) ** 2 + (c[1] - y) ** 2)
        L = math.hypot(cx - x, cy - y) or 1.0
        out.append((x + (cx - x) * d / L, y + (cy - y) * d / L))
    return out


def cliff_drawing(sides, heights):
    """Polyline along the cliff edges with short teeth pointing down-slope
    (the usual cliff symbol).  Only the drawing: `hexsides` is what counts."""
    pts = []
    for s in sides:
        a, b = s.split("-")
        hi, lo = (a, b) if heights[a] > heights[b] else (b, a)
        p, q = edge_of_side(a, b)
        if pts and pts[-1] == q:
            p, q = q, p
        elif not pts:
            # start at the corner not shared with the next edge
            nxt = sides[1].split("-") if len(sides) > 1 else None
            if nxt and p in edge_of_side(*nxt):
                p, q = q, p
        lx, ly = hcentre(lo)
        if not pts:
            pts.append(p)
        for k in (1, 2, 3):
            t0 = (2 * k - 1) / 6
            mx, my = p[0] + (q[0] - p[0]) * t0, p[1] + (q[1] - p[1]) * t0
            L = math.hypot(lx - mx, ly - my)
            tx, ty = mx + (lx - mx) * 6 / L, my + (ly - my) * 6 / L
            pts += [(mx, my), (tx, ty), (mx, my)]
        pts.append(q)
    return pts


def write_tmx(path: Path, terrain, heights, places, roads, cliffs, edges, regions, cities_geo):
    m = map_root(COLS, ROWS, 9)
    _props(m, [("game", GAME_ID), ("title", TITLE),
               ("provenance_terrain", "reconstructed"), ("source_terrain", TERRAIN_SOURCE),
               ("hex_km", str(KM_PER_HEX))])
    ET.SubElement(m, "tileset", {"firstgid": "1", "source": TSX_NAME})
    hfirst = 1 + len(TERRAINS)
    ET.SubElement(m, "tileset", {"firstgid": str(hfirst), "source": HTSX_NAME})

    tile_layer(m, 1, "terrain", COLS, ROWS, lambda h: TERRAINS.index(terrain[h]) + 1)
    tile_layer(m, 2, "height", COLS, ROWS, lambda h: HEIGHT_LEVELS.index(heights[h]) + hfirst, {"opacity": "0.8"})

    objects = Objects()
    obj = objects.add

    areas = ET.SubElement(m, "objectgroup", {"id": "3", "name": "areas", "color": "#8a2be2", "opacity": "0.35"})
    for side, hexes, prov, src, label in edges:
        loop = outline_polygon(hexes)
        x0, y0 = loop[0]
        o = obj(areas, label, "friendly_edge", x0, y0,
                [("side", side), ("hexes", ",".join(hexes)), ("provenance", prov), ("source", src)])
        ET.SubElement(o, "polygon", {"points": _pts(loop, x0, y0)})
    for name, hexes, prov, src in regions:
        loop = inset_polygon(hexes, 6)
        x0, y0 = loop[0]
        o = obj(areas, name, "region", x0, y0,
                [("hexes", ",".join(hexes)), ("provenance", prov), ("source", src)])
        ET.SubElement(o, "polygon", {"points": _pts(loop, x0, y0)})

    hexsides = ET.SubElement(m, "objectgroup", {"id": "4", "name": "hexsides", "color": "#7a1010"})
    for rd in roads:
        pts = [hcentre(h) for h in rd["hexes"]]
        x0, y0 = pts[0]
        props: list[tuple[str, ...]] = [("hexsides", ",".join(rd["sides"])), ("provenance", "reconstructed"),
                                        ("source", f"{ROAD_SOURCE}; {rd['why']}")]
        if rd["name"].isdigit():
            props.insert(0, ("number", rd["name"], "int"))
        o = obj(hexsides, rd["name"], "road", x0, y0, props)
        ET.SubElement(o, "polyline", {"points": _pts(pts, x0, y0)})
    for name, sides, why in cliffs:
        pts = cliff_drawing(sides, heights)
        x0, y0 = pts[0]
        o = obj(hexsides, name, "cliff", x0, y0,
                [("hexsides", ",".join(sides)), ("provenance", "reconstructed"),
                 ("source", f"{CLIFF_SOURCE}; {why}")])
        ET.SubElement(o, "polyline", {"points": _pts(pts, x0, y0)})

    pl = ET.SubElement(m, "objectgroup", {"id": "5", "name": "places", "color": "#c00000"})
    for name, csv_name, size, vp, note in PLACES:
        h = places[name]
        x, y = hcentre(h)
        lon, lat, csrc = cities_geo[csv_name]
        real = hex_of_lonlat(lon, lat)
        where = f"real position {lon:.2f}E {lat:.2f}N ({csrc}) falls in {real}"
        if name in PLACE_HEX:
            where += f"; placed in {h}: {PLACE_HEX[name][1]}"
        vp_src = "VP: rulebook, Victory Conditions" if vp else "no VP in the rulebook"
        o = obj(pl, name, "city", x, y,
                [("size", size), ("vp", vp, "int"), ("provenance", "reconstructed"),
                 ("source", f"name: {note}; {vp_src}; size: {SIZE_REASON[size]}; hex: A3 projection, {where}")])
        ET.SubElement(o, "point")

    ET.SubElement(m, "objectgroup", {"id": "6", "name": "setup", "color": "#202020"})

    zones = ET.SubElement(m, "objectgroup", {"id": "7", "name": "zones", "color": "#1f4fd8"})
    for h, why in sorted(COMBINATION.items()):
        x, y = hcentre(h)
        obj(zones, f"Hatab bridge {h}", "bridge", x - 10, y + 10,
            [("hexes", h), ("provenance", "reconstructed"),
             ("source", "rulebook, Engineers (bridge hexes) and Combination Hexes (road-and-river hexes just "
                        f"north-west of Kasserine); RECON: every combination hex carries a bridge; {why}")],
            {"width": "20", "height": "6"})

    m.set("nextobjectid", str(objects.last + 1))
    _write_xml(m, path)


TERRAIN_SOURCE = ("RECON: hexes classed from geo/kasserine_relief_2arcmin.csv (roughness and relative "
                  "elevation, thresholds in tools/kasserine_pass/build_map.py), corrected by hand against the djebels "
                  "and passes of geo/kasserine_features.csv and data-kasserine-tcs.md A3; river hexes along the "
                  "wadis of geo/kasserine_rivers.geojson; heights from the terrain (plain and river 0, high "
                  "ground 1, rugged crest 2)")


# --------------------------------------------------------------------------
def build(geo: Path, log: list[str]):
    relief = load_relief(geo)
    auto = auto_terrain(relief)
    terrain = {h: auto[h][0] for h in ALL_HEXES}
    for h, (t, _) in TERRAIN_FIX.items():
        terrain[h] = t
    cities_geo = {r["name"]: (float(r["lon"]), float(r["lat"]), r["coord_source"])
                  for r in load_csv(geo, "kasserine_cities.csv")}
    places = {}
    for name, csv_name, *_ in PLACES:
        lon, lat, _src = cities_geo[csv_name]
        places[name] = PLACE_HEX[name][0] if name in PLACE_HEX else hex_of_lonlat(lon, lat)
    rivers = build_rivers(load_rivers(geo), log)
    river_hexes = {h for rv in rivers for h in rv["hexes"]}
    roads = build_roads(places, river_hexes)
    road_hexes = {h for rd in roads for h in rd["hexes"]}
    breaks = {}
    for rv in rivers:
        for h in rv["hexes"]:
            if h in road_hexes and h not in COMBINATION:
                breaks[h] = rv["name"]
        rv["breaks"] = [h for h in rv["hexes"] if h in breaks]
        rv["hexes"] = [h for h in rv["hexes"] if h not in breaks]
    for h in {h for rv in rivers for h in rv["hexes"]}:
        terrain[h] = "river"
    for h, name in sorted(breaks.items()):
        log.append(f"river {name}: road crossing at {h} keeps {terrain[h]} ({RIVER_BREAK_REASON})")
    heights = {h: HEIGHT_OF[terrain[h]] for h in ALL_HEXES}
    edges, regions = build_areas(roads, places)
    return dict(relief=relief, auto=auto, terrain=terrain, heights=heights, places=places, rivers=rivers,
                roads=roads, edges=edges, regions=regions, cities_geo=cities_geo, breaks=breaks)


def ascii_map(terrain, places, roads) -> list[str]:
    ch = {"plain": ".", "high_ground": "h", "rugged_crest": "R", "river": "~"}
    road = {h for rd in roads for h in rd["hexes"]}
    town = set(places.values())
    lines = ["    " + "".join(f"{c:>3d}" for c in range(1, COLS + 1))]
    for r in range(1, ROWS + 1):
        row = ""
        for c in range(1, COLS + 1):
            h = hid(c, r)
            mark = "*" if h in town else "=" if h in road else " "
            row += f" {ch[terrain[h]]}{mark}"
        lines.append(f"{r:3d} {row}")
    return lines


def report(b, log):
    print("== terrain (. plain, h high ground, R rugged crest, ~ river; * place, = road)")
    for line in ascii_map(b["terrain"], b["places"], b["roads"]):
        print(line)
    counts = {t: sum(1 for h in ALL_HEXES if b["terrain"][h] == t) for t in TERRAINS}
    print("   ", counts)
    print("== places")
    for name, csv_name, size, vp, _ in PLACES:
        lon, lat, _ = b["cities_geo"][csv_name]
        u, v = fit_uv(lon, lat)
        real = hex_of_lonlat(lon, lat)
        h = b["places"][name]
        print(f"  {name:16s} {h} {size:7s} vp {vp}  (u {u:5.2f}, v {v:5.2f}; nearest {real}"
              f"{'' if real == h else ' <-- moved'}; terrain {b['terrain'][h]})")
    print("== roads")
    for rd in b["roads"]:
        print(f"  {rd['name']:28s} {'-'.join(rd['hexes'])}")
    print("== rivers")
    for rv in b["rivers"]:
        print(f"  {rv['name']:28s} {','.join(rv['hexes'])}  breaks {rv['breaks']} removed {list(rv['removed'])}")
    print("== areas")
    for side, hexes, *_ in b["edges"]:
        print(f"  edge {side}: {len(hexes)} hexes")
    for name, hexes, *_ in b["regions"]:
        print(f"  {name}: {','.join(hexes) if len(hexes) < 12 else str(len(hexes)) + ' hexes'}")
    print("== log")
    for line in log:
        print("  " + line)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--geo", type=Path, default=GEO_DIR, help="folder of the geo reference files")
    ap.add_argument("--out", type=Path, default=MAPS, help="output folder (default: maps/)")
    ap.add_argument("--report", action="store_true", help="print the fit report")
    ap.add_argument("--force", action="store_true", help="write the files even if a constraint check fails")
    args = ap.parse_args(argv)

    log: list[str] = []
    b = build(args.geo, log)
    errs = check(b["terrain"], b["heights"], b["places"], b["roads"], b["rivers"], CLIFFS,
                 b["edges"], b["regions"])
    if args.report:
        report(b, log)
    if errs:
        print("constraint check FAILED:\n  " + "\n  ".join(errs), file=sys.stderr)
        if not args.force:
            return 1
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / PNG_NAME).write_bytes(png_bytes(terrain_image()))
    (args.out / HPNG_NAME).write_bytes(png_bytes(heights_image()))
    write_tileset(args.out / TSX_NAME, "kasserine-terrain", PNG_NAME, len(TERRAINS), "terrain",
                  lambda i: [("terrain", TERRAINS[i], None)])
    write_tileset(args.out / HTSX_NAME, "kasserine-heights", HPNG_NAME, len(HEIGHT_LEVELS), "height",
                  lambda i: [("height", HEIGHT_LEVELS[i], "int")])
    write_tmx(args.out / TMX_NAME, b["terrain"], b["heights"], b["places"], b["roads"], CLIFFS,
              b["edges"], b["regions"], b["cities_geo"])
    print(f"wrote {args.out / TMX_NAME}, {TSX_NAME}, {PNG_NAME}, {HTSX_NAME}, {HPNG_NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
