#!/usr/bin/env python3
"""Build the Objective: Kiev map from real geography.

Dev-time generator, run by hand and committed with its output:

    python tools/objective_kiev/build_map.py            # writes the three map files
    python tools/objective_kiev/build_map.py --report   # also prints the fit report

It writes
    maps/objective-kiev.tmx   the map (schema: docs/map-format.md)
    maps/kiev-terrain.tsx     the external tileset (3 terrain tiles)
    maps/kiev-terrain.png     the tileset image (3 hex tiles of 64x56)

Inputs
    ../shared/reference/geo/kiev_rivers.geojson   river lines (Natural Earth)
    ../shared/reference/geo/kiev_cities.csv       town positions (GeoNames)
    the hand-written tables below, for what the geo data lacks: rail lines,
    set-up marks, 1941 borders (regions), swamp and forest hexes.

Every hand-chosen value carries its provenance (rulebook / found /
reconstructed) and a source text, which end up on the TMX objects.
The method and every decision are explained in docs/maps/objective-kiev.md.

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
TMX_NAME = "objective-kiev.tmx"
TSX_NAME = "kiev-terrain.tsx"
PNG_NAME = "kiev-terrain.png"

# --------------------------------------------------------------------------
# Grid (generic geometry and the writers are in tools/mapgen.py)
# --------------------------------------------------------------------------
COLS, ROWS = 20, 11
GRID = HexGrid(COLS, ROWS)
MAP_W, MAP_H = GRID.map_w, GRID.map_h   # 976, 644

# Grid fit of data-kiev-kursk.md 2.6 (RECON there): fractional printed column
# u and fractional row v (v is the row of an odd column; an even column's
# row r has its centre at v = r + 0.5).
FIT = dict(lon0=25.93, dlon=0.56, lat0=48.29, dlat=0.45, col0=7, row0=8)
PROJ = LinearFit(FIT)
fit_uv, lonlat_to_px, px_to_lonlat = PROJ.fit_uv, PROJ.lonlat_to_px, PROJ.px_to_lonlat
on_map, neighbours, adjacent = GRID.on_map, GRID.neighbours, GRID.adjacent
in_map_runs, nearest_corner, snap_chain = GRID.in_map_runs, GRID.nearest_corner, GRID.snap_chain
ALL_HEXES = GRID.all_hexes
# Edge table: an edge keyed by its two corners maps to the on-map hexes it
# bounds; hexsides are the shared ones.
EDGES, HEXSIDE_EDGES, CORNER_GRAPH = GRID.edges, GRID.hexside_edges, GRID.corner_graph


def hex_of_lonlat(lon: float, lat: float) -> str:
    return hid(*hex_at(*lonlat_to_px(lon, lat)))


# --------------------------------------------------------------------------
# Geo input
# --------------------------------------------------------------------------
def load_cities(geo_dir: Path) -> dict[str, tuple[float, float, str]]:
    out = {}
    with open(geo_dir / "kiev_cities.csv", newline="", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            out[row["name"]] = (float(row["lon"]), float(row["lat"]), row["coord_source"])
    return out


def load_rivers(geo_dir: Path) -> dict[str, list[list[tuple[float, float]]]]:
    data = json.loads((geo_dir / "kiev_rivers.geojson").read_text(encoding="utf-8"))
    out = {}
    for feat in data["features"]:
        g = feat["geometry"]
        parts = g["coordinates"] if g["type"] == "MultiLineString" else [g["coordinates"]]
        out[feat["properties"]["name"]] = [[tuple(p) for p in part] for part in parts]
    return out


# --------------------------------------------------------------------------
# Hand-written data tables
# --------------------------------------------------------------------------
GAME_ID = "objective-kiev"  # = hexwar.games.objective_kiev.tables.GAME_ID
TITLE = "Objective: Kiev"

# (name, hex, kind, provenance, source).  The hex is the one fixed by the city
# table of data-kiev-kursk.md 2.6; the doc lists where the real position falls.
CITIES = [
    ("Lublin", "0101", "city", "reconstructed",
     "name: rule 12.0 (Axis-held at start); hex: data-kiev-kursk.md 2.6 city table"),
    ("Iasi", "1010", "city", "reconstructed", "name: rule 12.0 (Axis-held at start); "
     "hex: data-kiev-kursk.md 2.6 city table (a Romanian set-up hex of rule 10.8)"),
    ("Chernovtsy", "0708", "city", "reconstructed", "name: S3 play report; hex: data-kiev-kursk.md 2.6 city table"),
    ("Stanislav", "0507", "city", "reconstructed", "name: S3 play report; hex: data-kiev-kursk.md 2.6 city table"),
    ("Kiev", "1503", "major_city", "reconstructed", "name: rules 1.0/3.1, S3; "
     "the only major city (data-kiev-kursk.md 2.3); hex: 2.6 city table; west bank of the Dnieper"),
    ("Kirovograd", "1807", "city", "reconstructed", "name: S3 play report; hex: data-kiev-kursk.md 2.6 city table"),
    ("Lvov", "0404", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Lutsk", "0602", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Rovno", "0802", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Tarnopol", "0605", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Proskurov", "0905", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Zhitomir", "1203", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Berdichev", "1204", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Vinnitsa", "1106", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Uman", "1507", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
    ("Belaya Tserkov", "1404", "city", "reconstructed", "data-kiev-kursk.md 2.6 city table (RECON choice)"),
]

# Rivers: (name, hexside type, reasoning, options), in the order they are
# placed: a river placed later never takes a hexside of an earlier one, so the
# border rivers go first.  Options:
#   drop   indices of Natural Earth pieces to leave out
#   via    corners the chain must pass (hand tidying), as (hex, corner#) with
#          corners numbered clockwise from the west corner (0=W, 1=NW, 2=NE,
#          3=E, 4=SE, 5=SW)
#   end    the corner where the chain must end, same notation
#   join   how far (pixels) from its mouth a tributary may meet the river it
#          flows into (default 60)
#   extend lon/lat points appended to the line (reason given in the text)
RIVER_SOURCE = ("geo/kiev_rivers.geojson (Natural Earth 1:10m), snapped to hex edges by "
                "tools/objective_kiev/build_map.py")
RIVERS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("Dnieper", "major_river",
     "NE scalerank 4, by far the largest river of the map; major river per data-kiev-kursk.md 2.3; "
     "chain forced through the east corner of 1503 so that Kiev is on the west bank",
     dict(via=[("1503", 3)])),
    ("San", "river", "NE scalerank 10; river per data-kiev-kursk.md 2.3; the 1939-41 border in the south-west", {}),
    ("Western Bug", "river", "NE scalerank 8; river per 2.3; the 1939-41 border north of Sokal", {}),
    ("Prut", "river",
     "NE scalerank 7; river per 2.3; the 1941 Soviet-Romanian border below Bukovina; "
     "the Natural Earth piece of the Cheremosh (tagged Prut) is left out; tidied to leave the map "
     "between 1011 and 1111 so that the river and the Romania region agree",
     dict(drop=[1], via=[("1010", 4)], end=("1011", 3))),
    ("Dniester", "river", "NE scalerank 6; river per 2.3 (not major: NE ranks it far below the Dnieper)", {}),
    ("Southern Bug", "river",
     "NE scalerank 8; river per 2.3; the NE line stops above Nikolayev, so it is carried on by hand "
     "through Nikolayev and the Bug estuary to the south edge (general knowledge)",
     dict(extend=[(31.99, 46.97), (31.97, 46.62), (31.95, 46.40)])),
    ("Pripyat", "river", "NE scalerank 7; river per 2.3; the lower course near Chernobyl", {}),
    ("Desna", "river",
     "NE scalerank 7; its lower course above Kiev; it runs beside the Dnieper for the last hex, "
     "so it meets the Dnieper chain north-east of Kiev", dict(join=110)),
    ("Teterev", "river", "NE scalerank 10; river per 2.3 (Zhitomir)", {}),
    ("Styr", "river", "NE scalerank 11; in the brief's list; flows past Lutsk", {}),
    ("Horyn", "river", "NE scalerank 10; river per 2.3", {}),
    ("Sluch", "river", "NE scalerank 12; river per 2.3 (Ukrainian Sluch, Novograd-Volynsky)", {}),
    ("Ros", "river", "NE scalerank 11; in the brief's list; flows past Belaya Tserkov", {}),
]
MIN_RIVER_PX = 60         # in-map runs shorter than about one hex are dropped
MIN_RIVER_SIDES = 2       # and so are chains of fewer hexsides

# Towns used only as rail waypoints that are not in kiev_cities.csv:
# APPROXIMATE positions from general knowledge (+-10 km), enough at 45 km hexes.
EXTRA_TOWNS = {
    "Zolochev": (24.90, 49.81), "Podvolochisk": (26.14, 49.53), "Chelm": (23.47, 51.14),
    "Jaroslaw": (22.68, 50.02), "Khodorov": (24.31, 49.41), "Sniatyn": (25.57, 48.45),
    "Siret": (26.07, 47.95), "Pascani": (26.72, 47.25), "Ungheni": (27.80, 47.21),
    "Kivertsy": (25.45, 50.83), "Zdolbunov": (26.25, 50.51), "Vapniarka": (28.75, 48.53),
    "Khristinovka": (29.97, 48.83), "Talnoye": (30.70, 48.88), "Tsvetkovo": (31.45, 49.29),
    "Mironovka": (30.98, 49.66), "Znamenka": (32.66, 48.72), "Pomoshnaya": (31.41, 48.24),
    "Brovary": (30.79, 50.51), "Nezhin": (31.89, 51.05), "Bakhmach": (32.82, 51.18),
    "Konotop": (33.20, 51.24), "Yagotin": (31.77, 50.27), "Grebenka": (32.44, 50.11),
    "Lubny": (33.00, 50.02), "Romodan": (33.33, 50.00), "Mostyska": (23.15, 49.79),
    "Gorodok": (23.65, 49.79), "Krasne": (24.61, 49.91), "Malin": (29.24, 50.77),
}

# Waypoints whose real position lies on a hex border: the hex is chosen by hand.
WAYPOINT_HEX = {
    "Kovel": ("0502",
              "the real position lies on the 0501/0502 border; 0502 as in the alternates of data-kiev-kursk.md 2.6"),
}

RAIL_SOURCE = "RECON: 1941 railway network from general knowledge (no rail data in geo/); rules 9.3, 9.4.3"
# (name, waypoints, reasoning).  A waypoint naming a map city goes through that
# city's hex centre; other towns go through their real position.
RAILS = [
    ("Lvov-Tarnopol-Proskurov-Vinnitsa-Kazatin-Fastov-Kiev",
     ["Lvov", "Krasne", "Zolochev", "Tarnopol", "Podvolochisk", "Proskurov", "Zhmerinka",
      "Vinnitsa", "Kazatin", "Fastov", "Kiev"],
     "the southern trunk line from Lvov to Kiev through Podolia"),
    ("Lvov-Brody-Rovno",
     ["Lvov", "Krasne", "Brody", "Zdolbunov", "Rovno"],
     "Lvov to Volhynia through Brody and Zdolbunov"),
    ("Rovno-Novograd Volynsky-Zhitomir-Kiev",
     ["Rovno", "Novograd-Volynsky", "Zhitomir", "Kiev"],
     "the Kiev-Zhitomir-Rovno axis asked for by the brief (RECON simplification of the lines through Novograd "
     "Volynsky)"),
    ("Kovel-Lutsk-Rovno",
     ["Kovel", "Kivertsy", "Lutsk", "Rovno"],
     "Kovel and Lutsk to Rovno (Kivertsy junction)"),
    ("Lvov-Stanislav-Chernovtsy",
     ["Lvov", "Khodorov", "Stanislav", "Kolomyya", "Sniatyn", "Chernovtsy"],
     "the line along the Carpathian foothills to Bukovina"),
    ("Chernovtsy-Suceava-Pascani-Iasi-Kishinev",
     ["Chernovtsy", "Siret", "Suceava", "Pascani", "Iasi", "Ungheni", "Kishinev"],
     "Bukovina-Moldavia line: links Iasi to the network and crosses the Prut at Ungheni into Bessarabia"),
    ("Kazatin-Berdichev-Shepetovka-Rovno",
     ["Kazatin", "Berdichev", "Shepetovka", "Zdolbunov", "Rovno"],
     "the Kiev-Kovel main line west of Kazatin through Berdichev and Shepetovka"),
    ("Zhmerinka-Vapniarka-Khristinovka-Uman",
     ["Zhmerinka", "Vapniarka", "Khristinovka", "Uman"],
     "Vinnitsa area to Uman (RECON simplification through Vapniarka and Khristinovka)"),
    ("Khristinovka-Tsvetkovo",
     ["Khristinovka", "Talnoye", "Tsvetkovo"],
     "links Uman to the Kiev-Znamenka line"),
    ("Kiev-Mironovka-Tsvetkovo-Znamenka",
     ["Kiev", "Mironovka", "Tsvetkovo", "Znamenka"],
     "Kiev to the Dnieper bend along the right bank"),
    ("Znamenka-Kirovograd-Pomoshnaya",
     ["Znamenka", "Kirovograd", "Pomoshnaya"],
     "the Kirovograd line asked for by the brief"),
    ("Kiev-Grebenka-Lubny-Romodan (to Poltava)",
     ["Kiev", "Yagotin", "Grebenka", "Lubny", "Romodan"],
     "Kiev to the east edge towards Poltava and Kharkov"),
    ("Kiev-Nezhin-Bakhmach-Konotop",
     ["Kiev", "Brovary", "Nezhin", "Bakhmach", "Konotop"],
     "Kiev to the north-east edge through Nezhin"),
    ("Kovel-Sarny-Korosten-Kiev",
     ["Kovel", "Sarny", "Korosten", "Malin", "Kiev"],
     "the Kiev-Kovel line across Polesie (the rail road through the Pripet swamps, rule 9.3)"),
    ("Korosten-Zhitomir-Berdichev",
     ["Korosten", "Zhitomir", "Berdichev"],
     "the north-south line through the Korosten-Zhitomir woods"),
    ("Lublin-Chelm-Kovel",
     ["Lublin", "Chelm", "Kovel"],
     "German-held Lublin to Kovel across the Bug"),
    ("Jaroslaw-Przemysl-Lvov",
     ["Jaroslaw", "Przemysl", "Mostyska", "Gorodok", "Lvov"],
     "Krakow-Lvov main line from the west edge through Przemysl"),
]

# Set-up marks: (mark, hex, provenance, source)
SETUP = [
    # Soviet second line (rule 6.0 step 3 lists the six hexes).
    ("soviet_army", "0705", "reconstructed", "hex: rule 6.0 step 3; which two of the six show the army symbol is a "
     "reconstruction (Zbarazh-Volochisk, behind the Lvov front)"),
    ("soviet_army", "1106", "reconstructed",
     "hex: rule 6.0 step 3; army symbol is a reconstruction (Vinnitsa, depth of the Podolia front)"),
    ("soviet_mech", "0406", "reconstructed", "hex: rule 6.0 step 3; mech symbol is a reconstruction"),
    ("soviet_mech", "0803", "reconstructed", "hex: rule 6.0 step 3; mech symbol is a reconstruction"),
    ("soviet_mech", "1007", "reconstructed", "hex: rule 6.0 step 3; mech symbol is a reconstruction"),
    ("soviet_mech", "1309", "reconstructed", "hex: rule 6.0 step 3; mech symbol is a reconstruction"),
    # Soviet front line: ten red stars (rule 6.0 step 4).
    ("red_star", "0708", "rulebook", "rule 10.8: Romanian border hex (Chernovtsy)"),
    ("red_star", "0808", "rulebook", "rule 10.8: Romanian border hex"),
    ("red_star", "1110", "rulebook", "rule 10.8: Romanian border hex (Bessarabia, on the Prut)"),
    ("red_star", "0301", "reconstructed", "front facing Poland: the Bug crosses this hex at Wlodawa and its hexsides "
     "leave the hex on the east bank; faces black crosses 0201/0302"),
    ("red_star", "0402", "reconstructed", "front facing Poland on the Bug (Vladimir-Volynsky); faces 0302/0303"),
    ("red_star", "0304", "reconstructed", "front facing Poland (Rava-Ruska); faces 0303 and 0203"),
    ("red_star", "0203", "reconstructed",
     "front facing Poland (Lubaczow salient of 1939-41); faces 0202, 0103, 0104, 0303"),
    ("red_star", "0105", "reconstructed", "front facing Poland on the San (Przemysl, "
     "whose town south of the river was Soviet, and Dobromil); faces 0104/0106"),
    ("red_star", "0206", "reconstructed", "front facing Poland and Hungary (Carpathian crest north of the Uzhok and "
     "Veretsky passes); faces 0106 and 0107/0207"),
    ("red_star", "0407", "reconstructed",
     "front facing Hungary on the Carpathian crest (Gorgany, Tatar pass); faces 0308/0408"),
    # Axis: four black crosses in Romania (rules 6.0 step 7, 10.8) ...
    ("black_cross", "0709", "rulebook", "rules 6.0 step 7 and 10.8: Romania"),
    ("black_cross", "0809", "rulebook", "rules 6.0 step 7 and 10.8: Romania"),
    ("black_cross", "0910", "rulebook", "rules 6.0 step 7 and 10.8: Romania"),
    ("black_cross", "1010", "rulebook", "rules 6.0 step 7 and 10.8: Romania (Iasi)"),
    # ... and seven in German-occupied Poland (rule 6.0 step 8; hexes reconstructed).
    ("black_cross", "0201", "reconstructed", "rule 6.0 step 8; between Lublin and Chelm (6th Army's northern wing)"),
    ("black_cross", "0302", "reconstructed", "rule 6.0 step 8; Chelm and Hrubieszow, on the Bug"),
    ("black_cross", "0303", "reconstructed", "rule 6.0 step 8; Tomaszow Lubelski (Panzer Group 1's start area)"),
    ("black_cross", "0202", "reconstructed", "rule 6.0 step 8; Zamosc"),
    ("black_cross", "0103", "reconstructed", "rule 6.0 step 8; Bilgoraj"),
    ("black_cross", "0104", "reconstructed", "rule 6.0 step 8; Jaroslaw on the San (17th Army)"),
    ("black_cross", "0106", "reconstructed",
     "rule 6.0 step 8; upper San, west of the river (17th Army's mountain wing)"),
]

# 1941 borders (approximate, general knowledge; GK in geo/README.md terms).
# A hex belongs to a region when its centre lies inside the polygon; the
# overrides below fix hexes cut by a border river so that region and river
# hexsides agree.
SAN_DOWNSTREAM = [(22.87, 49.03), (22.86, 49.09), (22.75, 49.18), (22.5, 49.27), (22.45, 49.41),
                  (22.35, 49.44), (22.32, 49.53), (22.19, 49.6), (22.3, 49.65), (22.21, 49.72),
                  (22.27, 49.83), (22.59, 49.78), (22.67, 49.81), (22.72, 49.79), (22.9, 49.81),
                  (22.86, 49.96), (22.72, 50.03), (22.63, 50.14)]
BUG_DOWNSTREAM = [(24.31, 50.56), (24.15, 50.64), (24.11, 50.63), (24.08, 50.71), (23.96, 50.79),
                  (23.99, 50.84), (24.14, 50.86), (23.98, 50.94), (23.91, 51.01), (23.86, 51.15),
                  (23.63, 51.3), (23.7, 51.4), (23.66, 51.48), (23.56, 51.56), (23.53, 51.66),
                  (23.56, 51.75), (23.6, 52.0)]
PRUT_BORDER = [(26.67, 48.27), (26.8, 48.26), (26.91, 48.18), (26.94, 48.21), (27.0, 48.17),
               (26.97, 48.14), (27.05, 48.12), (27.1, 48.01), (27.17, 47.98), (27.16, 47.92),
               (27.25, 47.83), (27.22, 47.81), (27.29, 47.75), (27.3, 47.67), (27.43, 47.58),
               (27.47, 47.49), (27.58, 47.46), (27.57, 47.38), (27.64, 47.31), (27.73, 47.28),
               (27.81, 47.14), (27.94, 47.05), (28.03, 47.03), (28.1, 46.94), (28.24, 46.64),
               (28.25, 46.44), (28.2, 46.0)]
CARPATHIAN_CREST = [(22.87, 49.03), (23.15, 48.9), (23.55, 48.72), (24.0, 48.5), (24.49, 48.31),
                    (24.55, 48.1), (24.95, 47.93)]
HU_RO_LINE = [(24.95, 47.93), (25.05, 47.7), (25.2, 47.45), (25.45, 47.2), (25.6, 46.9),
              (25.75, 46.5), (25.7, 46.0)]
BUKOVINA_1940 = [(24.95, 47.93), (25.35, 47.92), (25.75, 47.95), (26.05, 47.97), (26.25, 48.02),
                 (26.45, 48.05), (26.62, 48.25), (26.67, 48.27)]
REGION_POLYGONS = {
    # General Government: west of the San, the 1939-41 line overland from the
    # San near Sieniawa to the Bug north of Sokal (Belzec German, Lubycza and
    # Lubaczow Soviet), then west of the Bug.
    "Poland": [(21.9, 49.05)] + SAN_DOWNSTREAM +
              [(22.95, 50.3), (23.3, 50.4), (23.6, 50.42), (23.9, 50.45), (24.2, 50.5)] +
              BUG_DOWNSTREAM + [(21.9, 52.0)],
    # Hungary 1941: Carpathian Ruthenia south of the crest and northern
    # Transylvania (Second Vienna Award, 1940).
    "Hungary": [(21.9, 49.05)] + CARPATHIAN_CREST + HU_RO_LINE[1:] + [(21.9, 46.0)],
    # Romania 1941: southern Bukovina and Moldavia west of the Prut.
    "Romania": BUKOVINA_1940 + PRUT_BORDER + [(25.7, 46.0)] + HU_RO_LINE[::-1][1:],
}
REGION_OVERRIDES: dict[str, dict[str, list[str]]] = {
    "Poland": {"add": [], "remove": []},
    "Hungary": {"add": [], "remove": []},
    # 0808: its centre lies just south of the 1940 Bukovina line (Darabani
    # area), but rule 10.8 makes it a Soviet hex on the Romanian border.
    "Romania": {"add": [], "remove": ["0808"]},
}
REGION_SOURCE = {
    "Poland": "RECON: 1939-41 German-Soviet line (San, overland Sieniawa-Belzec-Sokal, "
        "Western Bug) from general knowledge; hexes by centre",
    "Hungary": "RECON: 1941 Hungarian border (Carpathian crest; Second Vienna Award line) from general knowledge; "
        "hexes by centre",
    "Romania": "RECON: 1941 Romanian border (1940 Bukovina line, then the Prut) from general knowledge; "
        "hexes by centre; must hold 0709/0809/0910/1010 (rule 10.8)",
}

# Terrain (RECON, data-kiev-kursk.md 2.3 "terrain by map area"), by hex.
SWAMP = {
    # Pripet marshes (Polesie): the northern row east of the Bug, west of the Dnieper.
    "0401": "Shatsk lakes / Luboml bogs",
    "0501": "Kovel Polesie", "0601": "Kamen-Kashirsky / Manevichi bogs",
    "0701": "Styr marshes (Pinsk Polesie)", "0801": "Sarny / Dubrovitsa bogs",
    "0901": "Horyn-Sluch marshes", "1001": "Olevsk bogs", "1101": "Ubort marshes",
    "1301": "lower Uzh marshes", "1401": "Chernobyl / Pripyat marshes",
    "1501": "Pripyat-Dnieper confluence marshes",
}
FOREST = {
    # Korosten-Ovruch-Zhitomir woods (Zhitomir Polesie).
    "1201": "Ovruch ridge woods", "1102": "Korosten woods (Emilchino)",
    "1202": "Korosten-Malin woods", "1302": "Malin-Ivankov woods",
    "1103": "Novograd Volynsky-Zhitomir woods (Pulyny)", "1002": "Olevsk-Novograd Volynsky woods",
    # Carpathians and Eastern Carpathians (south-west corner).
    "0107": "Eastern Beskids (Hungarian side)", "0207": "Beskids south of Turka",
    "0307": "Skole Beskids", "0306": "Skole Beskids (Skole)",
    "0308": "Gorgany / Maramures", "0408": "Chornohora", "0508": "Vorokhta-Yaremche (Chornohora)",
    "0209": "Maramures mountains", "0309": "Maramures mountains", "0409": "Rodna mountains",
    "0509": "Maramures-Bukovina mountains", "0609": "Obcina / Suhard (Bukovina)",
    "0610": "Calimani mountains", "0510": "Rodna-Bargau mountains",
    "0611": "Giurgeu / Gurghiu mountains", "0710": "Stanisoara mountains",
    "0711": "Bistrita / Tarcau mountains",
}
TERRAIN_SOURCE = ("RECON after data-kiev-kursk.md 2.3: Pripet marshes along the north edge, forest in the "
                  "Carpathians and the Korosten-Zhitomir woods; hexes chosen from general knowledge of the "
                  "landscape (no land-cover data in geo/)")


def build_rivers(geo_rivers: dict[str, list[list[tuple[float, float]]]],
                 log: list[str]) -> list[dict[str, Any]]:
    used_edges: set = set()
    placed_corners: set = set()
    out = []
    for name, kind, why, opts in RIVERS:
        lines = stitch(geo_rivers[name], drop=opts.get("drop", ()))
        if opts.get("extend"):
            ext = opts["extend"]
            i = min(range(len(lines)),
                    key=lambda j: math.hypot(lines[j][-1][0] - ext[0][0], lines[j][-1][1] - ext[0][1]))
            lines[i] = lines[i] + list(ext)
        via_all = [corner_of(h, k) for h, k in opts.get("via", [])]
        end_corner = corner_of(*opts["end"]) if opts.get("end") else None
        for line in lines:
            px = [lonlat_to_px(lon, lat) for lon, lat in line]
            for run in in_map_runs(px):
                run_len = length(run)
                if run_len < MIN_RIVER_PX:
                    log.append(f"river {name}: dropped an in-map piece of {run_len:.0f} px")
                    continue
                # a tributary whose mouth is near a river already placed ends
                # at the first corner of that river it reaches
                mx, my = run[-1]
                near = {k for k in placed_corners if math.hypot(k[0] - mx, k[1] - my) < opts.get("join", 60)}
                via = [v for v in via_all if poly_dist(v[0], v[1], run) < 60]
                if end_corner and poly_dist(end_corner[0], end_corner[1], run) < 60:
                    near = {end_corner}
                chain = snap_chain(run, used_edges, targets=near or None, via=via)
                # keep only the stretches that no earlier river holds
                for piece in free_stretches(chain, used_edges):
                    sides = ["-".join(HEXSIDE_EDGES[tuple(sorted((p, q)))]) for p, q in zip(piece, piece[1:])]
                    if len(sides) < MIN_RIVER_SIDES:
                        log.append(f"river {name}: dropped a chain of {len(sides)} hexside(s)")
                        continue
                    for p, q in zip(piece, piece[1:]):
                        used_edges.add(tuple(sorted((p, q))))
                    placed_corners.update(piece)
                    # the walk of the brief: the hexes the line passes through
                    # and the hexsides it crosses, kept for the report
                    walked = [hid(*hex_at(x, y)) for x, y in run]
                    crossed = {side_id(a, b) for a, b in zip(walked, walked[1:]) if a != b}
                    out.append(dict(name=name, kind=kind, why=why, chain=piece, sides=sides,
                                    walked=set(walked), crossed=crossed))
    return out


# --------------------------------------------------------------------------
# Rails: chains of adjacent hexes from centre to centre
# --------------------------------------------------------------------------
def build_rails(cities_geo: dict[str, tuple[float, float, str]],
                log: list[str]) -> list[dict[str, Any]]:
    city_hex = {c[0]: c[1] for c in CITIES}

    def waypoint_hex(name):
        if name in city_hex:
            return city_hex[name]
        if name in WAYPOINT_HEX:
            return WAYPOINT_HEX[name][0]
        return hex_of_lonlat(*waypoint_lonlat(name))

    def waypoint_lonlat(name):
        if name in cities_geo:
            return cities_geo[name][:2]
        return EXTRA_TOWNS[name]

    def waypoint_px(name):
        if name in city_hex:              # a map city: its hex centre
            return centre(*parse_hid(city_hex[name]))
        return lonlat_to_px(*waypoint_lonlat(name))

    out: list[dict[str, Any]] = []
    for name, stops, why in RAILS:
        hexes: list[str] = []
        for a, b in zip(stops, stops[1:]):
            line = best_hex_line(waypoint_hex(a), waypoint_hex(b), waypoint_px(a), waypoint_px(b))
            extend_path(hexes, line, on_map, f"rail {name}: {a}-{b}")
        sides = [side_id(a, b) for a, b in zip(hexes, hexes[1:])]
        out.append(dict(name=name, why=why, hexes=hexes, sides=sides,
                        stops=[(st, waypoint_hex(st)) for st in stops]))
    log_shared_sides(out, "rail", log)
    return out


# --------------------------------------------------------------------------
# Regions and edges
# --------------------------------------------------------------------------
def build_regions():
    out = {}
    for name, poly in REGION_POLYGONS.items():
        hexes = set()
        for h in ALL_HEXES:
            lon, lat = px_to_lonlat(*centre(*parse_hid(h)))
            if point_in_poly(lon, lat, poly):
                hexes.add(h)
        hexes |= set(REGION_OVERRIDES[name]["add"])
        hexes -= set(REGION_OVERRIDES[name]["remove"])
        out[name] = sorted(hexes)
    return out


# --------------------------------------------------------------------------
# Checks (the same hard constraints the tests protect)
# --------------------------------------------------------------------------
def check(cities: list, rivers: list, rails: list, setup: list, regions: dict, edges: list) -> list[str]:
    errs = []
    marks: dict[str, list[str]] = {}
    for m, h, *_ in setup:
        marks.setdefault(m, []).append(h)
    if len(cities) != 16:
        errs.append("5.0: not 16 cities")
    if [c[1] for c in cities if c[2] == "major_city"] != ["1503"]:
        errs.append("Kiev 1503 must be the only major city")
    second = marks["soviet_army"] + marks["soviet_mech"]
    if sorted(second) != sorted(["0406", "0705", "0803", "1007", "1106", "1309"]):
        errs.append("6.0: second line hexes")
    stars = marks["red_star"]
    crosses = marks["black_cross"]
    if len(stars) != 10 or len(set(stars)) != 10:
        errs.append("6.0: ten red stars")
    if len(set(stars) | set(second) | set(crosses)) != len(stars) + len(second) + len(crosses):
        errs.append("6.0: set-up hexes coincide")
    ro = set(regions["Romania"])
    pl = set(regions["Poland"])
    for h in ("0709", "0809", "0910", "1010"):
        if h not in ro or h not in crosses:
            errs.append(f"10.8: {h} must be a Romanian black cross")
    for h in ("0708", "0808", "1110"):
        if h in ro or h not in stars:
            errs.append(f"10.8: {h} must be a Soviet red star outside Romania")
        if not any(adjacent(h, x) for x in ("0709", "0809", "0910", "1010")):
            errs.append(f"10.8: {h} must touch a Romanian black cross")
    polish = [h for h in crosses if h in pl]
    if len(polish) != 7:
        errs.append(f"6.0: {len(polish)} black crosses in Poland, want 7")
    for h in polish:
        if not any(adjacent(h, s) for s in stars):
            errs.append(f"6.0: Polish black cross {h} touches no red star")
    for s in stars:
        if s in pl or s in ro or s in regions["Hungary"]:
            errs.append(f"red star {s} is not on the Soviet side")
    # four armies on red stars, none adjacent to another army (incl. 0705, 1106)
    armies = marks["soviet_army"]
    free = [s for s in stars if not any(adjacent(s, a) for a in armies)]
    best = 0
    n = len(free)
    for mask in range(1 << n):
        pick = [free[i] for i in range(n) if mask >> i & 1]
        if len(pick) > best and all(not adjacent(a, b) for i, a in enumerate(pick) for b in pick[i + 1:]):
            best = len(pick)
    if best < 4:
        errs.append("6.0: no room for four non-adjacent armies on red stars")
    if "1503" not in [c[1] for c in cities]:
        errs.append("Kiev hex")
    dn = {s for rv in rivers if rv["name"] == "Dnieper" for s in rv["sides"]}
    if not any(s in dn for s in ("1503-1603", "1503-1602", "1503-1504", "1502-1503")):
        errs.append("Kiev: no Dnieper hexside on 1503")
    for rv in rivers:
        for s in rv["sides"]:
            a, b = s.split("-")
            if not adjacent(a, b):
                errs.append(f"river {rv['name']}: {s} not adjacent")
    rail_hexes = set()
    for rl in rails:
        for a, b in zip(rl["hexes"], rl["hexes"][1:]):
            if not adjacent(a, b):
                errs.append(f"rail {rl['name']}: {a}-{b} not adjacent")
        rail_hexes |= set(rl["hexes"])
    for name, h, *_ in cities:
        if h not in rail_hexes:
            errs.append(f"city {name} {h} is not on rail")
    sides = {side: set(hexes) for side, hexes, *_ in edges}
    if sides["axis"] != {hid(1, r) for r in range(1, ROWS + 1)}:
        errs.append("12.3: the Axis edge is column 01")
    if sides["soviet"] != {hid(COLS, r) for r in range(1, ROWS + 1)} | {hid(c, 1) for c in range(12, COLS + 1)}:
        errs.append("12.2: the Soviet edge is column 20 plus row 01 from column 12")
    return errs


# --------------------------------------------------------------------------
# Tileset image
# --------------------------------------------------------------------------
TERRAIN_TILES = ["clear", "forest", "swamp"]   # tile id = index


def tile_image() -> np.ndarray:
    img = np.zeros((TH, TW * len(TERRAIN_TILES), 4), dtype=np.uint8)
    inside, border = hex_masks()
    rng = np.random.default_rng(1941)
    for t, name in enumerate(TERRAIN_TILES):
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        base = {"clear": (222, 226, 184), "forest": (58, 112, 56), "swamp": (112, 168, 158)}[name]
        tile[inside] = (*base, 255)
        if name == "forest":
            # small conifer marks: a dark triangle on a trunk
            for cx, cy in [(20, 14), (36, 12), (48, 22), (14, 30), (30, 28), (44, 38), (22, 44), (36, 46)]:
                for yy in range(cy - 5, cy + 3):
                    half = (yy - (cy - 5)) * 0.6
                    for xx in range(int(cx - half), int(cx + half) + 1):
                        if 0 <= xx < TW and 0 <= yy < TH and inside[yy, xx]:
                            tile[yy, xx] = (24, 64, 26, 255)
                for yy in range(cy + 3, cy + 5):
                    if 0 <= yy < TH and inside[yy, cx]:
                        tile[yy, cx] = (70, 48, 30, 255)
        elif name == "swamp":
            # marsh hatching: short horizontal dashes with reed tufts
            for cx, cy in [(14, 16), (32, 10), (46, 18), (20, 28), (40, 30), (10, 38), (28, 42), (46, 44)]:
                for xx in range(cx - 5, cx + 6):
                    for yy in (cy, cy + 3):
                        if 0 <= xx < TW and 0 <= yy < TH and inside[yy, xx] and (xx + yy) % 3 != 0:
                            tile[yy, xx] = (40, 92, 110, 255)
                for ddx in (-2, 0, 2):
                    for yy in range(cy - 4 + abs(ddx), cy):
                        xx = cx + ddx
                        if inside[yy, xx]:
                            tile[yy, xx] = (34, 84, 60, 255)
        else:
            # a light speckle so clear ground is not a flat colour
            speck = inside & (rng.random((TH, TW)) < 0.04)
            tile[speck] = (200, 208, 160, 255)
        tile[border] = (*(int(v * 0.7) for v in base), 255)
        img[:, t * TW:(t + 1) * TW] = tile
    return img


def write_tileset(path: Path):
    mapgen.write_tileset(path, "kiev-terrain", PNG_NAME, len(TERRAIN_TILES), "terrain",
                         lambda i: [("terrain", TERRAIN_TILES[i], None)])

# --------------------------------------------------------------------------
# TMX
# --------------------------------------------------------------------------
def terrain_of(h):
    if h in SWAMP:
        return "swamp"
    if h in FOREST:
        return "forest"
    return "clear"


SETUP_OFFSET = 14   # set-up points sit a little below the hex centre (cities sit on it)


def write_tmx(path: Path, rivers, rails, regions, edges, cities_geo):
    m = map_root(COLS, ROWS, 6)
    _props(m, [("game", GAME_ID), ("title", TITLE),
               ("provenance_terrain", "reconstructed"), ("source_terrain", TERRAIN_SOURCE)])
    ET.SubElement(m, "tileset", {"firstgid": "1", "source": TSX_NAME})
    tile_layer(m, 1, "terrain", COLS, ROWS, lambda h: TERRAIN_TILES.index(terrain_of(h)) + 1)

    objects = Objects()
    obj = objects.add

    # areas first so that they are drawn below the lines and points
    areas = ET.SubElement(m, "objectgroup", {"id": "5", "name": "areas", "color": "#8a2be2", "opacity": "0.45"})
    for side, hexes, prov, src, label in edges:
        loop = outline_polygon(hexes)
        x0, y0 = loop[0]
        o = obj(areas, label, "friendly_edge", x0, y0,
                [("side", side), ("hexes", ",".join(hexes)), ("provenance", prov), ("source", src)])
        ET.SubElement(o, "polygon", {"points": _pts(loop, x0, y0)})
    for name in ("Poland", "Hungary", "Romania"):
        hexes = regions[name]
        loop = outline_polygon(hexes)
        x0, y0 = loop[0]
        o = obj(areas, name, "region", x0, y0,
                [("hexes", ",".join(hexes)), ("provenance", "reconstructed"), ("source", REGION_SOURCE[name])])
        ET.SubElement(o, "polygon", {"points": _pts(loop, x0, y0)})

    hexsides = ET.SubElement(m, "objectgroup", {"id": "2", "name": "hexsides", "color": "#1f4fd8"})
    for rv in rivers:
        x0, y0 = rv["chain"][0]
        o = obj(hexsides, rv["name"], rv["kind"], x0, y0,
                [("hexsides", ",".join(rv["sides"])), ("provenance", "reconstructed"),
                 ("source", f"{RIVER_SOURCE}; {rv['why']}")])
        ET.SubElement(o, "polyline", {"points": _pts(rv["chain"], x0, y0)})
    for rl in rails:
        pts = [centre(*parse_hid(h)) for h in rl["hexes"]]
        x0, y0 = pts[0]
        o = obj(hexsides, rl["name"], "rail", x0, y0,
                [("hexsides", ",".join(rl["sides"])), ("provenance", "reconstructed"),
                 ("source", f"{RAIL_SOURCE}; {rl['why']}")])
        ET.SubElement(o, "polyline", {"points": _pts(pts, x0, y0)})

    places = ET.SubElement(m, "objectgroup", {"id": "3", "name": "places", "color": "#c00000"})
    for name, h, kind, prov, src in CITIES:
        x, y = centre(*parse_hid(h))
        lon, lat, csrc = cities_geo[name]
        real = hex_of_lonlat(lon, lat)
        where = (f"real position {lon:.2f}E {lat:.2f}N ({csrc}) falls in {real}"
                 + ("" if real == h else f"; the listed hex {h} is kept"))
        o = obj(places, name, kind, x, y, [("provenance", prov), ("source", f"{src}; {where}")])
        ET.SubElement(o, "point")

    setup = ET.SubElement(m, "objectgroup", {"id": "4", "name": "setup", "color": "#202020"})
    for mark, h, prov, src in SETUP:
        x, y = centre(*parse_hid(h))
        o = obj(setup, mark, "setup", x, y + SETUP_OFFSET,
                [("mark", mark), ("provenance", prov), ("source", src)])
        ET.SubElement(o, "point")

    m.set("nextobjectid", str(objects.last + 1))
    _write_xml(m, path)


def friendly_edges():
    axis = [hid(1, r) for r in range(1, ROWS + 1)]
    soviet = [hid(c, 1) for c in range(12, COLS)] + [hid(COLS, r) for r in range(1, ROWS + 1)]
    return [
        ("axis", axis, "rulebook", "rules 11.0 and 12.3: the west (black-bordered) edge; all column 01 hexes",
         "Axis friendly edge (west)"),
        ("soviet", soviet, "reconstructed",
         "rules 11.0 and 12.2 name the east and north-east (red-bordered) edges; column 20 plus row 01 "
         "from column 12 eastward is the RECON of data-kiev-kursk.md 2.6",
         "Soviet friendly edge (east and north-east)"),
    ]


# --------------------------------------------------------------------------
def report(cities_geo, rivers, rails, regions, log):
    print("== cities: listed hex vs real position")
    for name, h, *_ in CITIES:
        lon, lat, src = cities_geo[name]
        real = hex_of_lonlat(lon, lat)
        print(f"  {name:15s} {h}  real {real}{'' if real == h else '  <-- differs'}  ({lon:.2f}E {lat:.2f}N, {src})")
    print("== rivers (touch = share of chain hexsides with a hex the line passes through)")
    for rv in rivers:
        touch = sum(any(h in rv["walked"] for h in s.split("-")) for s in rv["sides"]) / len(rv["sides"])
        print(f"  {rv['name']:13s} {rv['kind']:12s} {len(rv['sides']):3d} hexsides, walk crosses "
              f"{len(rv['crossed']):2d} hexsides in {len(rv['walked']):2d} hexes, touch {touch:.0%}: "
              f"{','.join(rv['sides'])}")
    print("== rails")
    allh = set()
    for rl in rails:
        allh |= set(rl["hexes"])
        print(f"  {rl['name']:45s} {'-'.join(rl['hexes'])}")
    print(f"  rail hexes: {len(allh)}")
    print("== regions")
    for k, v in regions.items():
        print(f"  {k}: {','.join(v)}")
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

    cities_geo = load_cities(args.geo)
    log: list[str] = []
    rivers = build_rivers(load_rivers(args.geo), log)
    rails = build_rails(cities_geo, log)
    regions = build_regions()
    edges = friendly_edges()
    errs = check(CITIES, rivers, rails, SETUP, regions, edges)
    if args.report:
        report(cities_geo, rivers, rails, regions, log)
    if errs:
        print("constraint check FAILED:\n  " + "\n  ".join(errs), file=sys.stderr)
        if not args.force:
            return 1
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / PNG_NAME).write_bytes(png_bytes(tile_image()))
    write_tileset(args.out / TSX_NAME)
    write_tmx(args.out / TMX_NAME, rivers, rails, regions, edges, cities_geo)
    print(f"wrote {args.out / TMX_NAME}, {TSX_NAME}, {PNG_NAME}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
