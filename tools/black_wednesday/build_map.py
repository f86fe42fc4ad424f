"""Build the two Black Wednesday map sheets (maps/black-wednesday-a.tmx, -b.tmx).

The printed maps were not found (docs/black-wednesday/rule-references.md), so the sheets
are *reconstructed*: the rulebook's 288 hex references fix where things must be (the
Spanish trench chain, El Bastion, the Mill, the Hospital, the set-up areas of every
scenario, the Prep Log targets), and the geography of shared/reference/geo (Krasny Bor,
Iam Izhora, the October railway, the Moscow highway, the Izhora river) gives the shapes
between them and the side each feature lies on.

Numbering (rule-references.md §2, §9, checked again in docs/maps/black-wednesday.md):
``B34.16`` is sheet B, row 34 counted north to south, column 16 counted west to east;
sheet A (36 columns) lies west of sheet B (36 columns); 62 rows. Internally this script
works on the joined 72 x 62 board (mapgen's CCRR strings, columns 01-72) and splits it
into the two sheet files at the end; every hex id written into a file is a sheet id.

The map is drawn with the railway running north-south (rule-references §6): the real
line runs about 35 degrees east of south, so geographic north is rotated. The geo files
are used through a fit on three anchors (Krasny Bor, Iam Izhora, Popovka
station); `--report` prints the fit and where every geo place and line falls on the
joined board.

Run: python tools/black_wednesday/build_map.py [--report]
"""
from __future__ import annotations

import argparse
import csv
import json
import math
import sys
from pathlib import Path
from xml.etree import ElementTree as ET

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # the repository, for tools.mapgen as a script
from tools.mapgen import (  # noqa: E402
    COL_W,
    TH,
    TW,
    HexGrid,
    Objects,
    centre,
    distance,
    hex_line,
    hex_masks,
    hid,
    map_root,
    outline,
    outline_polygon,
    parse_hid,
    png_bytes,
    side_id,
    tile_layer,
    write_tileset,
)
from tools.mapgen import props as _props
from tools.mapgen import pts as _pts
from tools.mapgen import write_xml as _write_xml

REPO = Path(__file__).resolve().parents[2]
GEO_DIR = REPO.parent / "shared" / "reference" / "geo"
MAPS = REPO / "maps"
GAME_ID = "black-wednesday"
TITLE = "Black Wednesday"
SHEETS = (("A", 36), ("B", 36))
HEX_IDS = "sheets " + " ".join(f"{k}:{n}" for k, n in SHEETS)
COLS, ROWS = sum(n for _, n in SHEETS), 62
GRID = HexGrid(COLS, ROWS)
ALL = GRID.all_hexes
TERRAIN_TSX, TERRAIN_PNG = "black-wednesday-terrain.tsx", "black-wednesday-terrain.png"
WORKS_TSX, WORKS_PNG = "black-wednesday-works.tsx", "black-wednesday-works.png"
ELEV_TSX, ELEV_PNG = "black-wednesday-elevation.tsx", "black-wednesday-elevation.png"

RB = "rulebook"
RECON = "reconstructed"


# --------------------------------------------------------------------------
# Sheet ids <-> joined CCRR strings
# --------------------------------------------------------------------------
def J(sid: str) -> str:
    """Joined CCRR of a sheet id: J('B32.06') == '4232'."""
    letter, rest = sid[0], sid[1:]
    row, col = (int(x) for x in rest.split("."))
    origin = 0
    for k, n in SHEETS:
        if k == letter:
            assert 1 <= col <= n and 1 <= row <= ROWS, sid
            return hid(origin + col, row)
        origin += n
    raise ValueError(sid)


def S(h: str) -> str:
    """Sheet id of a joined CCRR: S('4232') == 'B32.06'."""
    c, r = parse_hid(h)
    origin = 0
    for k, n in SHEETS:
        if origin < c <= origin + n:
            return f"{k}{r:02d}.{c - origin:02d}"
        origin += n
    raise ValueError(h)


def sheet_of(h: str) -> str:
    return S(h)[0]


def Js(*sids: str) -> list[str]:
    return [J(s) for s in sids]


def path_through(*sids: str) -> list[str]:
    """Hexes of straight hex lines joining the given sheet ids, in order, no repeats."""
    out: list[str] = []
    pts = Js(*sids)
    for a, b in zip(pts, pts[1:]):
        for h in hex_line(a, b):
            if not out or out[-1] != h:
                out.append(h)
    return out


def sides_along(hexes: list[str]) -> list[str]:
    """Hexsides crossed by a chain of adjacent hexes (roads, the railway)."""
    out = []
    for a, b in zip(hexes, hexes[1:]):
        assert GRID.adjacent(a, b), (S(a), S(b))
        out.append(side_id(a, b))
    return out


def ring_within(center: str, radius: int) -> list[str]:
    return [h for h in ALL if distance(h, center) <= radius]


# --------------------------------------------------------------------------
# Geography: turned to the railway, one scale and a shift fitted on three anchors
# --------------------------------------------------------------------------
ANCHORS = [  # geo name, where it is drawn (joined column, row), why
    ("Krasny Bor", (50.0, 46.0), "centre of the Krasni Bor set-ups (B38.11 ... B53.12, B45.18, B49.19): B46.14"),
    ("Yam-Izhora", (35.5, 25.0), "Iam Izhora at the seam: 72nd Rifle set-ups A25.34, A22.35, B25.02 (Scen. 5)"),
    ("Popovka station (Krasny Bor)", (64.0, 44.0), "the Train Station, on the railway (column B28) east of Krasni Bor"),
]


def load_geo(geo: Path) -> tuple[dict, dict]:
    places = {}
    with open(geo / "blackwednesday_cities.csv", encoding="utf-8") as f:
        for row in csv.DictReader(f):
            places[row["name"]] = (float(row["lon"]), float(row["lat"]), row["coord_source"])
    lines = {}
    data = json.loads((geo / "blackwednesday_lines_approx.geojson").read_text(encoding="utf-8"))
    for feat in data["features"]:
        g = feat["geometry"]
        name = feat["properties"]["name"]
        if g["type"] == "Point":
            places[name] = (g["coordinates"][0], g["coordinates"][1], feat["properties"]["source"])
        else:
            lines[name] = [tuple(p) for p in g["coordinates"]]
    return places, lines


KM_PER_DEG_LAT = 110.57
HEX_KM = 0.114  # T10: 114 m from hex to hex (rows); columns are 114 m x cos 30 apart


def _km(lon: float, lat: float, lat0: float = 59.7) -> tuple[float, float]:
    return lon * KM_PER_DEG_LAT * 1.0044 * math.cos(math.radians(lat0)), lat * KM_PER_DEG_LAT


class GeoFit:
    """Geography onto the joined board: turned so that the October railway (geo line) runs
    north to south, then one scale and a shift fitted by least squares on the ANCHORS.

    The fitted scale says how much the printed map squeezes the real distances between
    the anchors (about one half: the rulebook's Krasni Bor - Iam Izhora distance is about
    half the real one); the residuals say how far each anchor is from where it is drawn.
    """

    def __init__(self, places: dict, lines: dict):
        rail = lines["October (Moscow-Leningrad) railway"]
        (ax, ay), (bx, by) = _km(*rail[0]), _km(*rail[-1])
        L = math.hypot(bx - ax, by - ay)
        self.s = ((bx - ax) / L, (by - ay) / L)      # 'south' on the map: down the railway
        self.e = (-self.s[1], self.s[0])             # 'east': the south vector turned a quarter left
        if self.e[0] < 0:
            self.e = (-self.e[0], -self.e[1])
        self.bearing = math.degrees(math.atan2(self.s[0], self.s[1])) % 360
        rows = []
        rhs = []
        for name, (u, v), _ in ANCHORS:
            x, y = self._ev(*places[name][:2])
            rows += [[1, 0, x / (HEX_KM * math.cos(math.radians(30)))], [0, 1, y / HEX_KM]]
            rhs += [u, v]
        sol, *_ = np.linalg.lstsq(np.array(rows, float), np.array(rhs, float), rcond=None)
        self.u0, self.v0, self.k = (float(t) for t in sol)
        self.residuals = {n: math.hypot(*(np.subtract(self.uv(*places[n][:2]), uv))) for n, uv, _ in ANCHORS}

    def _ev(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = _km(lon, lat)
        return x * self.e[0] + y * self.e[1], x * self.s[0] + y * self.s[1]

    def uv(self, lon: float, lat: float) -> tuple[float, float]:
        x, y = self._ev(lon, lat)
        return (self.u0 + self.k * x / (HEX_KM * math.cos(math.radians(30))), self.v0 + self.k * y / HEX_KM)


def uv_hex(u: float, v: float) -> str:
    c = max(1, min(COLS, round(u)))
    r = max(1, min(ROWS, round(v - (0.5 if c % 2 == 0 else 0))))
    return hid(c, r)


# --------------------------------------------------------------------------
# The works: trench lines, wire, El Bastion
# --------------------------------------------------------------------------
# Trench line 1: the chain of Spanish company set-up centres (rule-references E6), from
# the east edge of sheet B to the north edge of sheet A, through every centre.
TRENCH_1_WAYPOINTS = (
    "B16.36", "B16.33", "B15.32", "B15.30", "B16.29", "B16.28", "B19.26", "B21.26", "B24.25", "B29.25",
    "B33.23", "B34.19", "B34.15", "B33.12", "B31.09", "B33.07", "B32.06", "B30.05", "B29.03", "B30.02",
    "B30.01", "A30.36", "A30.33", "A27.30", "A22.30", "A21.31", "A17.33", "A15.32", "A12.30", "A12.29",
    "A10.28", "A10.27", "A05.27", "A01.27",
)
# Trench line 2 (1.3 design note: two trench lines; 2.1f measures looting from the second):
# behind line 1 on sheet A, then along the north edge of Krasni Bor (II-262's areas B38.16,
# B38.11) to the railway ("the second line ... around the railroad and the highway",
# Player's Notes), and north-east of it behind I-262 through B29.30 (the first target of
# Katyusha 1 Bn, 2.4) to the east edge.
TRENCH_2_WAYPOINTS = (
    "A04.24", "A12.25", "A20.26", "A24.26", "A28.27", "A33.30", "A36.33", "B37.01", "B38.04", "B38.11",
    "B37.16", "B38.21", "B38.27", "B37.28", "B33.29", "B29.30", "B27.33", "B27.36",
)
EL_BASTION = ("B32.06", "B33.07")  # 1.6
SOVIET_SEED = "B05.20"             # north-centre of sheet B: the Soviet side of the line


def build_works() -> tuple[list[str], list[str], list[str], set[str]]:
    t1 = path_through(*TRENCH_1_WAYPOINTS)
    # I-262's works east of the railway are two rows deep: the Prep hit B15.30-B15.32 and B16.33,
    # and the 708th's three battalions sit on B15.31-B15.33 once they have taken them (Scen. 6).
    t1 += [h for h in path_through("B15.29", "B15.34") + path_through("B16.28", "B16.36") if h not in t1]
    for s in EL_BASTION + ("A12.29", "A12.30", "A10.27", "A10.28"):
        if J(s) not in t1:
            t1.append(J(s))
    t2 = [h for h in path_through(*TRENCH_2_WAYPOINTS) if h not in t1]
    # The Soviet side: everything reachable from the north centre without crossing line 1.
    line = set(t1)
    soviet = {J(SOVIET_SEED)}
    todo = [J(SOVIET_SEED)]
    while todo:
        h = todo.pop()
        for n in GRID.hneighbours(h):
            if n not in soviet and n not in line:
                soviet.add(n)
                todo.append(n)
    # Wire (1.4): the belt in front of line 1, every hex of the Soviet side touching it.
    wire = sorted(h for h in soviet if any(n in line for n in GRID.hneighbours(h)))
    return t1, t2, wire, soviet


# --------------------------------------------------------------------------
# Lines: railway, roads, the Izhora, the AT ditch
# --------------------------------------------------------------------------
RAILWAY = path_through("B01.28", "B62.28")   # E2: north-south at about B27-29
STATION = "B44.28"                           # Popovka station, on Krasni Bor's east side

ROADS = [  # kind, name, waypoints (sheet ids), why
    ("road_primary", "Leningrad-Moscow highway",
     ("A01.33", "A08.34", "A15.34", "A21.34", "A24.35", "B26.01", "B29.02", "B33.02", "B40.02", "B47.03",
      "B53.04", "B58.06", "B62.08"),
     "from the north edge (1.10g: Soviet entry east of it) through Iam Izhora, where it crosses the Izhora, "
     "along the west edge of Krasni Bor and off the south edge toward Sablino (2.1a); geo: within 2 km of "
     "the approximate geo line once the map is turned to the railway"),
    ("road_secondary", "Krasni Bor - Popovka road",
     ("B47.03", "B46.09", "B45.16", "B44.22", "B44.28", "B44.36"),
     "Krasni Bor's main street from the highway to the Train Station and on east (RECON)"),
    ("road_secondary", "Krasni Bor - Sablino road",
     ("B38.14", "B45.14", "B51.13", "B54.13", "B62.14"),
     "north-south through Krasni Bor past the Hospital and off the south edge (RECON)"),
    ("road_secondary", "Kolpino road",
     ("B44.28", "B43.30", "B30.30", "B16.31", "B01.31"),
     "north along the east side of the railway, the way 3-Recon went up to stop the breakthrough (historical notes)"),
    ("road_secondary", "Mill road",
     ("A25.23", "A26.23", "A30.24", "A37.24", "A40.30", "A40.36", "B40.02"),
     "1.1f: the road enters the Mill A25.23 from A26.23; on through Staraia Myza to the highway (RECON)"),
    ("road_secondary", "Samsonovka road",
     ("A37.24", "A45.23", "A52.23", "A62.23"),
     "Staraia Myza south through Samsonovka to the south edge (RECON)"),
    ("road_tertiary", "Raikolovo track",
     ("A37.24", "A38.18", "A48.14", "A62.10"),
     "I-263 came from Raikolovo toward Staraia Myza (history); crosses the Izhora (RECON)"),
    ("road_tertiary", "Battery track",
     ("A27.14", "A33.16", "A38.18"),
     "from the position of Batteries 7 and 8 (A27.14) to the Raikolovo track (RECON)"),
    ("road_tertiary", "Mondolovo track",
     ("A52.23", "A51.31", "B53.04"),
     "Samsonovka - Mondolovo - highway (RECON)"),
    ("road_tertiary", "Heckel track",
     ("A62.30", "A51.31"),
     "KG Heckel's entry (A62.30, Scen. 8) to Mondolovo (RECON)"),
]

# The Izhora, drawn from its downstream end (north edge, toward Kolpino) upstream.
IZHORA_WAYPOINTS = (
    "B01.06", "B08.04", "B15.02", "A20.36", "A25.35", "A31.28", "A38.19", "A45.17", "A50.16", "A55.14",
    "A62.13",
)
AT_DITCH_ROWS = (14, 26, 36)   # the ditch runs along the north side of row 14, columns B26-B36


def river_sides(waypoints) -> tuple[list[str], list[tuple[float, float]]]:
    """Hexsides of a river following the pixel polyline through the waypoints' centres."""
    line = [centre(*parse_hid(J(s))) for s in waypoints]
    # run on past both ends, so that the river reaches the map edges and splits the map
    (x0, y0), (x1, y1) = line[0], line[-1]
    line = [(x0, y0 - 3 * TH)] + line + [(x1, y1 + 3 * TH)]
    runs = GRID.in_map_runs(line)
    sides: list[str] = []
    drawing: list[tuple[float, float]] = []
    for run in runs:
        chain = GRID.snap_chain(run, set())
        drawing += chain
        for p, q in zip(chain, chain[1:]):
            e = tuple(sorted((p, q)))
            hs = GRID.hexside_edges.get(e)
            if hs:
                sides.append(side_id(*hs))
    return sides, drawing


def ditch_sides() -> list[str]:
    row, c0, c1 = AT_DITCH_ROWS
    south = {J(f"B{r:02d}.{c:02d}") for c in range(c0, c1 + 1) for r in range(row, ROWS + 1)}
    out = []
    for c in range(c0, c1 + 1):
        h = J(f"B{row:02d}.{c:02d}")
        for n in GRID.hneighbours(h):
            if n not in south and parse_hid(n)[1] < row and sheet_of(n) == "B" and int(S(n)[4:]) >= c0:
                out.append(side_id(h, n))
    return sorted(set(out))


# --------------------------------------------------------------------------
# Terrain
# --------------------------------------------------------------------------
TERRAINS = ["open", "forest", "building", "city", "hospital", "mill", "peat_bog"]  # tile id = index
ELEVATIONS = [50, 60, 70]

VILLAGES = [  # name, centre, radius, how many hexes, why the hex
    ("Iam Izhora", "A25.35", 3, 22, "72nd Rifle set-ups A25.34, A22.35, B25.02 (Scen. 5); the historical notes "
     "launch its attack on 2-MR (A30.33/A27.30) from the village; on the highway and the Izhora (geo)"),
    ("Staraia Myza", "A37.24", 2, 12, "133-72 holds it in Scen. 7-8 (A28.27, A35.23, A39.24, A33.25, A37.24); "
     "west of Bxx.07 (Scen. 5 victory); on the Izhora's east bank, across from I-263 at A38.17"),
    ("Potrolovo", "A21.28", 2, 7, "beside Iam Izhora on the west (left) bank (geo: Putrolovo), behind "
     "9-III-262's trench (A22.30, A21.31)"),
    ("Raikolovo", "A48.14", 2, 9, "5-II-269 set up at A48.15 / A49.13 (Scen. 7, 8) to hold it (history: "
     "a company of II-263 came to hold it); I-263 marched from it"),
    ("Samsonovka", "A52.23", 2, 9, "the Spanish withdrew to it (history); 3-MR A51.24 and 2-MR A54.19 "
     "(Scen. 8) around it"),
    ("Mondolovo", "A51.31", 2, 8, "II-262's battalion area A51.31 (Scen. 7, 8); a Scen. 7 Soviet objective "
     "with Samsonovka and Raikolovo"),
]


def blob(center: str, radius: int, n: int, salt: int) -> list[str]:
    """n hexes around a centre, nearest first, ties broken by a fixed hash (no randomness)."""
    cand = ring_within(center, radius)
    cand.sort(key=lambda h: (distance(h, center), (int(h) * 2654435761 + salt) % 1000))
    return sorted(cand[:n])


def noise(h: str, salt: int) -> float:
    """A fixed pseudo-random number in [0, 1) for a hex."""
    x = (int(h) * 2654435761 + salt * 40503) % 2 ** 32
    x ^= x >> 13
    x = (x * 1274126177) % 2 ** 32
    return (x % 10000) / 10000


def ellipse(cu: float, cv: float, ru: float, rv: float, h: str) -> float:
    c, r = parse_hid(h)
    v = r + (0.5 if c % 2 == 0 else 0)
    return ((c - cu) / ru) ** 2 + ((v - cv) / rv) ** 2


FORESTS = [  # name, (centre col, centre row on the joined board), radii, why
    ("central woods", (46.0, 27.0), (9.0, 5.0),
     "the Player's Notes give 63 Gd and 72 Rifle a covered approach through woods in the centre; the "
     "historical notes have 63 Gd cross the bog and reach woods before the town"),
    ("woods east of the railway", (68.0, 23.0), (5.0, 6.0),
     "the historical notes send 2-I-262 to shelter in woods east of its trenches"),
    ("woods south of Krasni Bor", (46.0, 60.0), (13.0, 4.0),
     "the historical notes gather the survivors at the woods below the town: Scen. 7-8 set-ups "
     "B57.02 ... B62.30"),
    ("woods south-east", (66.0, 55.0), (6.0, 5.0), "RECON"),
    ("western woods", (7.0, 8.0), (7.0, 7.0), "RECON: far from the fighting, behind the Spanish line"),
    ("south-western woods", (6.0, 52.0), (6.0, 8.0), "RECON"),
    ("Mondolovo copse", (27.0, 44.0), (3.0, 3.0), "RECON"),
    ("Kolpino woods", (24.0, 5.0), (4.0, 3.0), "RECON"),
]
PEAT_BOG = ((56.0, 15.0), (7.5, 8.0))   # centre col/row, radii: sheet B north of the line, B13-26
KRASNI_BOR = ((50.0, 45.5), (10.0, 6.0))  # built-up: B04-B24, rows 40-51
KB_CITY = ((50.0, 45.5), (6.0, 3.6))      # its flat-roofed industrial core


def build_terrain(t1, t2, wire, soviet, river) -> tuple[dict, dict]:
    river_banks = {h for s in river for h in s.split("-")}
    terrain = {h: "open" for h in ALL}
    why = {h: "open: the default (RECON)" for h in ALL}
    line = set(t1)
    keep_open = {J(s) for s in ("A27.14", "A46.20")} | line | set(RAILWAY)
    for name, (cu, cv), (ru, rv), reason in FORESTS:
        for h in ALL:
            e = ellipse(cu, cv, ru, rv, h)
            if e <= 1.0 and noise(h, 7) > 0.12 + 0.6 * max(0.0, e - 0.6) and h not in keep_open:
                terrain[h], why[h] = "forest", f"forest ({name}): {reason}"
    (cu, cv), (ru, rv) = PEAT_BOG
    for h in ALL:
        e = ellipse(cu, cv, ru, rv, h)
        if e <= 1.0 and noise(h, 11) > 0.5 * max(0.0, e - 0.5) and h not in line and h in soviet:
            terrain[h], why[h] = "peat_bog", ("Peat Bog (1.1g: a large feature on map B; 63 Gd crossed it; "
                                            "3-I-262 held trenches at its edge, B19.26-B24.25)")
    hospital = J("B53.12")
    (cu, cv), (ru, rv) = KRASNI_BOR
    (ku, kv), (kru, krv) = KB_CITY
    for h in ALL:
        if sheet_of(h) != "B" or h in set(RAILWAY) or distance(h, hospital) < 2:
            continue
        e = ellipse(cu, cv, ru, rv, h)
        if e <= 1.0 and noise(h, 23) > 0.05 + 0.8 * max(0.0, e - 0.55):
            kind = "city" if ellipse(ku, kv, kru, krv, h) <= 1.0 and noise(h, 5) > 0.15 else "building"
            terrain[h], why[h] = kind, (f"{kind} hex of Krasni Bor (defenders B38.11 ... B49.19; Scen. 4 and 6 count "
                                        "50 City & Building hexes, 5.1 at least 40); RECON layout")
    for s in ("B45.05", "B46.06", "B41.24"):  # 5.0 mentions small woods inside the town
        terrain[J(s)], why[J(s)] = "forest", "forest: one of Krasni Bor's small woods (5.0)"
    # Houses along the Popovka road out to the station.
    for h in path_through("B44.22", "B44.27"):
        if terrain[h] == "open":
            terrain[h], why[h] = "building", "building: houses along the road to the station (RECON)"
    terrain[J(STATION)], why[J(STATION)] = "building", "the Train Station (Scen. 1: 3-Recon enters there)"
    for k, (name, c, radius, n, reason) in enumerate(VILLAGES):
        for h in blob(J(c), radius, n, 31 + k):
            if h in line or h in set(RAILWAY) or (name != "Iam Izhora" and h in river_banks):
                continue  # villages other than Iam Izhora keep to one bank of the Izhora
            terrain[h], why[h] = "building", f"building hex of {name}: {reason}"
    terrain[hospital], why[hospital] = "hospital", "1.1e: the Hospital, a very large city building at B53.12"
    for nb in GRID.hneighbours(hospital):  # 5.0: the Hospital is not connected to Krasni Bor
        if terrain[nb] in ("city", "building"):
            terrain[nb], why[nb] = "open", "open: keeps the Hospital apart from Krasni Bor (5.0)"
    mill = J("A25.23")
    terrain[mill], why[mill] = "mill", "1.1f: the Mill, a walled City building at A25.23"
    return terrain, why


def settlements(terrain: dict) -> dict[str, list[str]]:
    """Each named place: its contiguous City/Building hexes (5.0)."""
    seeds = {"Krasni Bor": "B46.14"} | {name: c for name, c, *_ in VILLAGES}
    out = {}
    for name, seed in seeds.items():
        start = J(seed)
        if terrain[start] not in ("city", "building"):
            start = min((h for h in ALL if terrain[h] in ("city", "building")), key=lambda h: distance(h, start))
        got = {start}
        todo = [start]
        while todo:
            h = todo.pop()
            for n in GRID.hneighbours(h):
                if n not in got and terrain[n] in ("city", "building"):
                    got.add(n)
                    todo.append(n)
        out[name] = sorted(got)
    return out


def build_elevation(terrain: dict, river: list[str]) -> tuple[dict, dict]:
    """Contour levels in metres (RECON): the Izhora valley and the Peat Bog low, the
    Krasni Bor rise high, the rest between. The embankment's own 80 m is a rule (1.2a) on
    the railway hexes, not a contour."""
    valley = {h for s in river for h in s.split("-")}
    elev, why = {}, {}
    for h in ALL:
        c, r = parse_hid(h)
        if h in valley or terrain[h] == "peat_bog":
            elev[h], why[h] = 50, "50 m: the Izhora valley or the Peat Bog"
        elif ellipse(52.0, 50.0, 21.0, 13.0, h) + 0.25 * noise(h, 41) <= 1.0:
            elev[h], why[h] = 70, "70 m: the low rise around Krasni Bor"
        else:
            elev[h], why[h] = 60, "60 m: the plain"
    return elev, why


# --------------------------------------------------------------------------
# Areas
# --------------------------------------------------------------------------
def edge_hexes(sheet: str, side: str, lo: int, hi: int) -> list[str]:
    n = dict(SHEETS)[sheet]
    if side == "south":
        return [J(f"{sheet}{ROWS:02d}.{c:02d}") for c in range(lo, hi + 1)]
    if side == "north":
        return [J(f"{sheet}01.{c:02d}") for c in range(lo, hi + 1)]
    col = 1 if side == "west" else n
    return [J(f"{sheet}{r:02d}.{col:02d}") for r in range(lo, hi + 1)]


ENTRY_AREAS = [  # letter, hexes, why
    ("A", edge_hexes("A", "west", 8, 16), "Spanish entry (1.10h, 3.3a): west edge of map A, behind III-262"),
    ("B", edge_hexes("A", "west", 30, 40), "Spanish entry (1.10h, 3.3a): west edge of map A"),
    ("C", edge_hexes("A", "south", 5, 12), "Spanish entry (1.10h, 3.3a): south edge of map A, the Raikolovo track"),
    ("D", edge_hexes("A", "south", 19, 26), "Spanish entry (1.10h, 3.3a): south edge of map A, the Samsonovka road; "
     "I-263 arrives around A53.14 (Scen. 5)"),
    ("E", edge_hexes("A", "south", 28, 36), "German entry (1.10h, 3.5b): KG Heckel sets up at A62.30 (Scen. 8)"),
    ("F", edge_hexes("B", "south", 4, 11), "German entry (1.10h, 3.5b): the highway from Sablino"),
    ("G", edge_hexes("B", "south", 12, 20), "German entry (1.10h, 3.5b): the Krasni Bor - Sablino road"),
    ("H", edge_hexes("B", "south", 29, 36) + edge_hexes("B", "east", 52, 61),
     "German entry (1.10h, 3.5b): the south-east corner, east of the railway: the simplest way out for the "
     "43rd Rifle (Player's Notes)"),
]


# --------------------------------------------------------------------------
# Pictures
# --------------------------------------------------------------------------
def _stroke(tile, inside, pts, colour, width=1.0):
    ys, xs = np.mgrid[0:TH, 0:TW]
    px, py = xs + 0.5, ys + 0.5
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        vx, vy = bx - ax, by - ay
        L2 = vx * vx + vy * vy or 1.0
        t = np.clip(((px - ax) * vx + (py - ay) * vy) / L2, 0, 1)
        d = np.hypot(px - (ax + t * vx), py - (ay + t * vy))
        tile[(d <= width / 2 + 0.35) & inside] = (*colour, 255)


def _box(tile, inside, x0, y0, x1, y1, colour):
    tile[max(0, y0):y1, max(0, x0):x1][inside[max(0, y0):y1, max(0, x0):x1]] = (*colour, 255)


def terrain_image() -> np.ndarray:
    """February: snow-white open ground, dark woods, brown village roofs, grey city blocks."""
    inside, border = hex_masks()
    img = np.zeros((TH, TW * len(TERRAINS), 4), dtype=np.uint8)
    rng = np.random.default_rng(1943)
    base = {"open": (238, 240, 236), "forest": (196, 214, 190), "building": (234, 226, 210),
            "city": (208, 204, 200), "hospital": (208, 204, 200), "mill": (220, 212, 196),
            "peat_bog": (214, 196, 150)}
    for t, name in enumerate(TERRAINS):
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        tile[inside] = (*base[name], 255)
        if name == "open":
            tile[inside & (rng.random((TH, TW)) < 0.03)] = (214, 220, 226, 255)
        elif name == "forest":
            for cx, cy in [(16, 16), (32, 12), (48, 17), (22, 31), (40, 30), (14, 44), (31, 45), (49, 42)]:
                _stroke(tile, inside, [(cx, cy - 7), (cx - 5, cy + 4), (cx + 5, cy + 4), (cx, cy - 7)],
                        (40, 96, 52), 1.6)
                _stroke(tile, inside, [(cx, cy + 4), (cx, cy + 7)], (90, 60, 30), 1.2)
        elif name == "building":
            for x, y in [(14, 14), (36, 12), (20, 34), (42, 32)]:
                _box(tile, inside, x, y, x + 11, y + 8, (150, 90, 50))
                _stroke(tile, inside, [(x, y + 4), (x + 11, y + 4)], (110, 60, 30), 0.8)
        elif name in ("city", "hospital"):
            blocks = [(8, 10, 26, 24), (32, 8, 54, 22), (12, 30, 30, 46), (36, 28, 56, 44)]
            if name == "hospital":
                blocks = [(8, 10, 56, 46)]
            for x0, y0, x1, y1 in blocks:
                _box(tile, inside, x0, y0, x1, y1, (96, 98, 104))
                _box(tile, inside, x0 + 2, y0 + 2, x1 - 2, y1 - 2, (128, 130, 136))
            if name == "city":
                rub = inside & (rng.random((TH, TW)) < 0.06)
                tile[rub] = (80, 76, 70, 255)
            else:
                _box(tile, inside, 29, 18, 35, 38, (200, 30, 30))
                _box(tile, inside, 22, 25, 42, 31, (200, 30, 30))
        elif name == "mill":
            wall = [(10, 8), (54, 8), (58, 28), (54, 48), (10, 48), (6, 28), (10, 8)]
            _box(tile, inside, 20, 16, 44, 40, (96, 98, 104))
            _stroke(tile, inside, wall, (60, 50, 40), 2.4)
        elif name == "peat_bog":
            for y in range(10, 50, 8):
                _stroke(tile, inside, [(6, y), (20, y - 2), (34, y), (48, y - 2), (60, y)], (80, 110, 150), 1.4)
                _stroke(tile, inside, [(12, y + 4), (16, y + 1)], (90, 70, 40), 1.0)
        tile[border] = (*(int(v * 0.72) for v in base[name]), 255)
        img[:, t * TW:(t + 1) * TW] = tile
    return img


WORKS = [("trench", 1), ("trench", 2), ("wire", 1)]  # tile id = index: (property, value)


def works_image() -> np.ndarray:
    """Transparent tiles: a zig-zag trench (black for line 1, brown for line 2) and wire crosses."""
    inside, _ = hex_masks()
    img = np.zeros((TH, TW * len(WORKS), 4), dtype=np.uint8)
    for t, (kind, val) in enumerate(WORKS):
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        if kind == "trench":
            colour = (20, 20, 20) if val == 1 else (120, 70, 30)
            zz = [(6, 28), (14, 22), (22, 34), (30, 22), (38, 34), (46, 22), (54, 34), (60, 28)]
            _stroke(tile, inside, zz, colour, 2.6)
        else:
            for x in range(8, 60, 9):
                for y in (20, 36):
                    _stroke(tile, inside, [(x - 3, y - 3), (x + 3, y + 3)], (40, 40, 40), 1.2)
                    _stroke(tile, inside, [(x - 3, y + 3), (x + 3, y - 3)], (40, 40, 40), 1.2)
            _stroke(tile, inside, [(4, 28), (60, 28)], (40, 40, 40), 0.8)
        img[:, t * TW:(t + 1) * TW] = tile
    return img


def elevation_image() -> np.ndarray:
    """Transparent tints: 50 m a faint blue, 60 m nothing, 70 m a faint brown."""
    inside, _ = hex_masks()
    img = np.zeros((TH, TW * len(ELEVATIONS), 4), dtype=np.uint8)
    tint = {50: (70, 120, 200, 34), 60: (0, 0, 0, 0), 70: (170, 120, 60, 44)}
    for t, lvl in enumerate(ELEVATIONS):
        tile = np.zeros((TH, TW, 4), dtype=np.uint8)
        tile[inside] = tint[lvl]
        img[:, t * TW:(t + 1) * TW] = tile
    return img


# --------------------------------------------------------------------------
# TMX, one per sheet
# --------------------------------------------------------------------------
TERRAIN_SOURCE = ("RECON, see docs/maps/black-wednesday.md: every rulebook hex reference placed first "
                  "(rule-references.md), the geography of shared/reference/geo (fit on Krasny Bor, Iam "
                  "Izhora and Popovka station, map turned so that the railway runs north-south) for the rest")


def _pieces(hexes) -> int:
    """How many separate pieces a set of hexes is in."""
    left, n = set(hexes), 0
    while left:
        n += 1
        todo = [left.pop()]
        while todo:
            h = todo.pop()
            for x in GRID.hneighbours(h):
                if x in left:
                    left.discard(x)
                    todo.append(x)
    return n


def write_sheet(path: Path, letter: str, b: dict, whole: bool = False) -> None:
    """One sheet's TMX; ``whole`` writes the joined board instead (the documentation
    preview only: its hex ids are still sheet ids, so our loader does not read it)."""
    n = COLS if whole else dict(SHEETS)[letter]
    origin = 0
    for k, w in SHEETS:
        if k == letter or whole:
            break
        origin += w
    x_off = origin * COL_W

    def mine(h: str) -> bool:
        return whole or sheet_of(h) == letter

    m = map_root(n, ROWS, 13)
    _props(m, [("game", GAME_ID), ("title", f"{TITLE} - map {letter}"), ("sheet", letter), ("hex_ids", HEX_IDS),
               ("hex_m", "114"),
               ("provenance_terrain", RECON), ("source_terrain", TERRAIN_SOURCE),
               ("provenance_elevation", RECON),
               ("source_elevation", "RECON contour levels (m): 50 the Izhora valley and the Peat Bog, 70 the low rise "
                                    "around Krasni Bor, 60 elsewhere; the RR embankment is 80 m by 1.2a"),
               ("provenance_trench", RECON),
               ("source_trench", "1.3 (two connected lines), 1.6 (El Bastion B32.06, B33.07, in line 1), 1.10f (every "
                                 "Axis company area centred on a trench hex: line 1 runs through all of them); the "
                                 "course between the centres and line 2 are ours (docs/maps/black-wednesday.md)"),
               ("provenance_wire", RECON),
               ("source_wire", "1.4, 1.10f: the belt in front of trench line 1, every hex of the Soviet side touching "
                               "it (our rule of drawing)")])
    ET.SubElement(m, "tileset", {"firstgid": "1", "source": TERRAIN_TSX})
    wfirst = 1 + len(TERRAINS)
    ET.SubElement(m, "tileset", {"firstgid": str(wfirst), "source": WORKS_TSX})
    efirst = wfirst + len(WORKS)
    ET.SubElement(m, "tileset", {"firstgid": str(efirst), "source": ELEV_TSX})

    t1, t2, wire = set(b["trench1"]), set(b["trench2"]), set(b["wire"])
    tile_layer(m, 1, "terrain", n, ROWS, lambda h: TERRAINS.index(b["terrain"][h]) + 1, col0=origin)
    tile_layer(m, 2, "elevation", n, ROWS, lambda h: ELEVATIONS.index(b["elevation"][h]) + efirst, col0=origin)
    tile_layer(m, 3, "trench", n, ROWS, lambda h: wfirst + (0 if h in t1 else 1) if (h in t1 or h in t2) else 0,
               col0=origin)
    tile_layer(m, 4, "wire", n, ROWS, lambda h: wfirst + 2 if h in wire else 0, col0=origin)

    objects = Objects(x_off)
    obj = objects.add

    def loc(pts):
        return [(x - x_off, y) for x, y in pts]

    def sid_list(hexes):
        return ",".join(S(h) for h in hexes)

    def side_list(sides):
        return ",".join("-".join(S(h) for h in s.split("-")) for s in sides)

    areas = ET.SubElement(m, "objectgroup", {"id": "5", "name": "areas", "color": "#8a2be2", "opacity": "0.3"})
    north = [h for h in b["soviet_edge"] if mine(h)]
    if north:
        loop = outline_polygon(north)
        x0, y0 = loop[0]
        o = obj(areas, "Soviet entry: north edge east of the highway", "friendly_edge", x0, y0,
                [("side", "soviet"), ("hexes", sid_list(north)), ("provenance", RB),
                 ("source", "1.10g: Soviet reinforcements enter from the north edge east of the Leningrad-Moscow "
                            "highway; the highway leaves the north edge at A01.33")])
        ET.SubElement(o, "polygon", {"points": _pts(loop, *loop[0])})
    for name, hexes, prov, src in b["regions"]:
        own = [h for h in hexes if mine(h)]
        if not own:
            continue
        # the drawing is the outer outline only (holes would add bridging lines); `hexes` counts
        loop = outline_polygon(own) if len(outline(own)) > 1 and _pieces(own) > 1 else outline(own)[0]
        hidden = {"visible": "0"} if name.startswith("Scenario") else None
        x0, y0 = loop[0]
        o = obj(areas, name, "region", x0, y0, [("hexes", sid_list(own)), ("provenance", prov), ("source", src)],
                hidden)
        ET.SubElement(o, "polygon", {"points": _pts(loop, *loop[0])})

    groups = {"road": ET.SubElement(m, "objectgroup", {"id": "6", "name": "hexsides", "color": "#7a1010"}),
              "rail": ET.SubElement(m, "objectgroup", {"id": "10", "name": "hexsides rail", "color": "#000000"}),
              "izhora_river": ET.SubElement(m, "objectgroup", {"id": "11", "name": "hexsides water",
                                                               "color": "#1e5fd0"}),
              "at_ditch": ET.SubElement(m, "objectgroup", {"id": "12", "name": "hexsides ditch",
                                                           "color": "#e07000"})}
    for kind, name, sides, drawing, prov, src in b["features"]:
        hs = groups.get(kind, groups["road"])
        # A sheet lists the hexsides with a hex on it; one on the seam goes to the west sheet.
        own = [s for s in sides if any(mine(h) for h in s.split("-"))
               and (letter == "A" or all(mine(h) for h in s.split("-")))]
        if not own:
            continue
        pts = [p for p in drawing if origin * COL_W - COL_W <= p[0] <= (origin + n) * COL_W + TW]
        if len(pts) < 2:
            pts = drawing[:2]
        x0, y0 = pts[0]
        o = obj(hs, name, kind, x0, y0, [("hexsides", side_list(own)), ("provenance", prov), ("source", src)])
        ET.SubElement(o, "polyline", {"points": _pts(pts, *pts[0])})

    pl = ET.SubElement(m, "objectgroup", {"id": "7", "name": "places", "color": "#c00000"})
    for name, h, kind, src in b["places"]:
        if mine(h):
            x, y = centre(*parse_hid(h))
            o = obj(pl, name, kind, x, y, [("provenance", RECON if "RECON" in src else RB), ("source", src)])
            ET.SubElement(o, "point")
    ET.SubElement(m, "objectgroup", {"id": "8", "name": "setup", "color": "#202020"})
    zl = ET.SubElement(m, "objectgroup", {"id": "9", "name": "zones", "color": "#d01010"})
    for kind, name, hexes, extra, prov, src in b["zones"]:
        own = [h for h in hexes if mine(h)]
        if not own:
            continue
        loop = outline_polygon(own)
        x0, y0 = loop[0]
        o = obj(zl, name, kind, x0, y0,
                [("hexes", sid_list(own))] + list(extra) + [("provenance", prov), ("source", src)])
        ET.SubElement(o, "polygon", {"points": _pts(loop, *loop[0])})
    m.set("nextobjectid", str(objects.last + 1))
    _write_xml(m, path)


# --------------------------------------------------------------------------
def build(geo: Path, log: list[str]) -> dict:
    geo_places, geo_lines = load_geo(geo)
    fit = GeoFit(geo_places, geo_lines)
    t1, t2, wire, soviet = build_works()
    roads = []
    for kind, name, wps, why in ROADS:
        hexes = path_through(*wps)
        roads.append((kind, name, hexes, why))
    river, river_drawing = river_sides(IZHORA_WAYPOINTS)
    terrain, twhy = build_terrain(t1, t2, wire, soviet, river)
    elevation, ewhy = build_elevation(terrain, river)
    towns = settlements(terrain)

    features: list[tuple[str, str, list[str], list[tuple[float, float]], str, str]] = [
        ("rail", "October Railroad (RR embankment)", sides_along(RAILWAY),
         [centre(*parse_hid(h)) for h in RAILWAY], RECON,
         "1.2 RR embankment; straight north-south along column B28 (rule-references E2: Scen. 1 east of it, "
         "Scen. 2/4 west of it); the map is turned so that the real NNW-SSE line runs north-south")]
    for kind, name, hexes, why in roads:
        features.append((kind, name, sides_along(hexes), [centre(*parse_hid(h)) for h in hexes], RECON, why))
    features.append(("izhora_river", "Izhora River", river, river_drawing, RECON,
                     "flows north from the south edge of map A past I-263's A38.17 (historical notes: I-263 advanced "
                     "on both banks), between Staraia Myza (east) and the Mill and Batteries 7-8 (west: the Player's "
                     "Notes put those objectives beyond the river), through Iam Izhora and on along the front of the "
                     "Spanish line, which Scen. 5 places on the west side of the river, off the north edge toward "
                     "Kolpino (geo)"))
    ditch = ditch_sides()
    features.append(("at_ditch", "AT ditch", ditch,
                     [centre(*parse_hid(J(f"B{AT_DITCH_ROWS[0]:02d}.{AT_DITCH_ROWS[1]:02d}"))),
                      centre(*parse_hid(J(f"B{AT_DITCH_ROWS[0]:02d}.{AT_DITCH_ROWS[2]:02d}")))], RECON,
                     "1.5 hexside feature; Scen. 6: the Ind Tank Bn sets up within 4 of B12.32 north of it, so it runs "
                     "just south of row 12 in front of I-262's wire (RECON course, east of the railway)"))

    regions = [(f"Entry Area {k}", hexes, RB if k else RECON,
                f"1.10h; positions RECON: {why}") for k, hexes, why in ENTRY_AREAS]
    for name, hexes in towns.items():
        regions.append((name, hexes, RECON,
                        f"5.0: the contiguous City and Building hexes of {name}; RECON positions, see "
                        "docs/maps/black-wednesday.md"))
    # The scenarios' map areas (drawn hidden in Tiled: they cover whole sheets).
    rail_col = parse_hid(RAILWAY[0])[0]
    b_col = {h: parse_hid(h)[0] - dict(SHEETS)["A"] for h in ALL if sheet_of(h) == "B"}
    scen_areas = [
        ("Scenario 1 area", [h for h, c in b_col.items() if c + 36 >= rail_col],
         "Scen. 1: map B east of the railroad, the railway hexes included"),
        ("Scenario 2 and 4 area", [h for h, c in b_col.items() if 6 <= c and c + 36 <= rail_col],
         "Scen. 2 and 4: map B west of the railroad and east of xx.06, both inclusive"),
        ("Scenario 5 area", [h for h in ALL if sheet_of(h) == "A" or b_col[h] <= 7],
         "Scen. 5: both maps, west of Bxx.07 inclusive"),
        ("Scenarios 7-8: north of xx.37, east of the railroad",
         [h for h, c in b_col.items() if c + 36 >= rail_col and parse_hid(h)[1] <= 37],
         "Scen. 7 and 8 set-up of 708-43 and 1 Ind Tank Bn; xx.37 read as row 37 (docs/maps/black-wednesday.md)"),
    ]
    for name, hexes, why in scen_areas:
        regions.append((name, sorted(hexes), RB, f"{why}; the railway column B28 is reconstructed"))
    highway_entry = J("A01.33")
    soviet_edge = [hid(c, 1) for c in range(parse_hid(highway_entry)[0] + 1, COLS + 1)]

    zones = [
        ("el_bastion", "El Bastion", Js(*EL_BASTION), [], RB, "1.6: B32.06 and B33.07, trench hexes with -4"),
        ("crash_site", "FW-190 crash site", Js("A46.20"), [], RB, "1.1d: A46.20, no effect, faux TRP (3.2d)"),
        ("station", "Train Station", Js(STATION), [], RECON,
         "Scen. 1: 3-Recon enters at the Train Station (Popovka, geo); on the railway east of Krasni Bor"),
        ("mill", "The Mill", Js("A25.23"), [("vehicle_entry_from", "A26.23")], RB,
         "1.1f: A25.23; vehicles only by the road from A26.23"),
        ("hospital", "The Hospital", Js("B53.12"), [], RB, "1.1e: B53.12"),
    ]
    places = [("Krasni Bor", J("B46.14"), "major_city", "5.0, 5.1; RECON centre B46.14")]
    for name, c, *_ in VILLAGES:
        places.append((name, J(c), "city", "5.1, scenario texts; RECON position, see docs/maps/black-wednesday.md"))
    places += [("The Mill", J("A25.23"), "city", "1.1f: A25.23"), ("The Hospital", J("B53.12"), "city", "1.1e: B53.12"),
               ("Popovka station", J(STATION), "city", "Scen. 1 Train Station; RECON hex"),
               ("FW-190 crash site", J("A46.20"), "city", "1.1d: A46.20")]

    # Geography report: where the geo files put things on this map.
    log.append(f"railway bearing {fit.bearing:.0f} deg; scale {fit.k:.2f} of the real distances; anchor "
               "residuals (hexes): " + ", ".join(f"{n} {r:.1f}" for n, r in fit.residuals.items()))
    for name, (lon, lat, _src) in sorted(geo_places.items()):
        u, v = fit.uv(lon, lat)
        on = 1 <= u <= COLS and 1 <= v <= ROWS
        log.append(f"geo {name:32s} -> col {u:6.1f} row {v:6.1f} {'(' + S(uv_hex(u, v)) + ')' if on else '(off map)'}")
    for name, pts in geo_lines.items():
        proj = [fit.uv(*p) for p in pts]
        log.append(f"geo line {name}: " + " -> ".join(f"({u:.0f},{v:.0f})" for u, v in proj))
    return dict(terrain=terrain, terrain_why=twhy, elevation=elevation, elevation_why=ewhy, trench1=t1, trench2=t2,
                wire=wire, soviet=soviet, features=features, regions=regions, zones=zones, places=places,
                soviet_edge=soviet_edge, towns=towns, roads=roads, river=river, ditch=ditch, fit=fit)


def check(b: dict) -> list[str]:
    """The constraints of the rulebook that the drawing must keep (the tests check more)."""
    errs = []
    t = b["terrain"]
    t1 = set(b["trench1"])
    for s in EL_BASTION:
        if J(s) not in t1:
            errs.append(f"El Bastion {s} is not a trench hex")
    if t[J("A25.23")] != "mill" or t[J("B53.12")] != "hospital":
        errs.append("the Mill or the Hospital is misplaced")
    kb = b["towns"]["Krasni Bor"]
    if len(kb) < 60:
        errs.append(f"Krasni Bor has only {len(kb)} City/Building hexes")
    if J("B53.12") in kb or any(J("B53.12") in v for v in b["towns"].values()):
        errs.append("the Hospital touches a town")
    if set(b["wire"]) & t1:
        errs.append("wire and trench overlap")
    for _kind, name, sides, *_ in b["features"]:
        for s in sides:
            a, c = s.split("-")
            if not GRID.adjacent(a, c):
                errs.append(f"{name}: {s} is not a hexside")
    return errs


def ascii_map(b: dict) -> list[str]:
    ch = {"open": ".", "forest": "f", "building": "b", "city": "C", "hospital": "H", "mill": "M", "peat_bog": "~"}
    t1, t2, wire = set(b["trench1"]), set(b["trench2"]), set(b["wire"])
    rail = set(RAILWAY)
    out = []
    for r in range(1, ROWS + 1):
        row = []
        for c in range(1, COLS + 1):
            h = hid(c, r)
            x = ch[b["terrain"][h]]
            if h in t1:
                x = "T"
            elif h in t2:
                x = "2"
            elif h in wire:
                x = "x"
            elif h in rail:
                x = "|"
            row.append(x)
        out.append(f"{r:02d} " + "".join(row[:36]) + " " + "".join(row[36:]))
    return out


def write_preview(b: dict, png: Path, scale: float = 0.5) -> None:
    """Tiled's own rendering (tmxrasterizer) of both sheets side by side."""
    import shutil
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        t = Path(tmp)
        for f in (TERRAIN_TSX, TERRAIN_PNG, WORKS_TSX, WORKS_PNG, ELEV_TSX, ELEV_PNG):
            shutil.copy(MAPS / f, t / f)
        write_sheet(t / "preview.tmx", "A", b, whole=True)
        subprocess.run(["tmxrasterizer", "--no-smoothing", "-s", str(scale), str(t / "preview.tmx"), str(png)],
                       check=True, env={**__import__("os").environ, "QT_QPA_PLATFORM": "offscreen"},
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=300)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--geo", type=Path, default=GEO_DIR, help="folder of the geo reference files")
    ap.add_argument("--out", type=Path, default=MAPS, help="output folder (default: maps/)")
    ap.add_argument("--report", action="store_true", help="print the geography fit and an ASCII map")
    ap.add_argument("--force", action="store_true", help="write the files even if a constraint check fails")
    ap.add_argument("--preview", type=Path, help="also render the documentation preview (needs tmxrasterizer)")
    args = ap.parse_args(argv)
    log: list[str] = []
    b = build(args.geo, log)
    errs = check(b)
    if args.report:
        print("\n".join(log))
        print("\n".join(ascii_map(b)))
        print({k: len(v) for k, v in b["towns"].items()}, "trench 1:", len(b["trench1"]), "trench 2:",
              len(b["trench2"]), "wire:", len(b["wire"]))
    if errs:
        print("constraint check FAILED:\n  " + "\n  ".join(errs), file=sys.stderr)
        if not args.force:
            return 1
    args.out.mkdir(parents=True, exist_ok=True)
    (args.out / TERRAIN_PNG).write_bytes(png_bytes(terrain_image()))
    (args.out / WORKS_PNG).write_bytes(png_bytes(works_image()))
    (args.out / ELEV_PNG).write_bytes(png_bytes(elevation_image()))
    write_tileset(args.out / TERRAIN_TSX, "black-wednesday-terrain", TERRAIN_PNG, len(TERRAINS), "terrain",
                  lambda i: [("terrain", TERRAINS[i], None)])
    write_tileset(args.out / WORKS_TSX, "black-wednesday-works", WORKS_PNG, len(WORKS), "works",
                  lambda i: [(WORKS[i][0], WORKS[i][1], "int")])
    write_tileset(args.out / ELEV_TSX, "black-wednesday-elevation", ELEV_PNG, len(ELEVATIONS), "elevation",
                  lambda i: [("elevation", ELEVATIONS[i], "int")])
    for letter, _ in SHEETS:
        write_sheet(args.out / f"black-wednesday-{letter.lower()}.tmx", letter, b)
    print(f"wrote {', '.join(f'black-wednesday-{k.lower()}.tmx' for k, _ in SHEETS)} and three tilesets in {args.out}")
    if args.preview:
        write_preview(b, args.preview)
        print(f"wrote {args.preview}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
