"""Write the Skirmish at Mill Ford map: ``skirmish.tmx``, its tileset ``skirmish-terrain.tsx``
and the tile image ``skirmish-terrain.png``, in the Tiled 1.8 format docs/map-format.md gives.

    python tests/plugin_game/skirmish/maps/build_map.py

Standard library only; the map is small enough to be written out by hand below. Rerun after
changing it (the files are kept in git so that the game needs no build step).
"""
from __future__ import annotations

import struct
import zlib
from pathlib import Path
from xml.sax.saxutils import quoteattr

HERE = Path(__file__).resolve().parent
W, H = 8, 6  # columns, rows
TW, TH, SIDE = 64, 56, 32
COL_W = (TW - SIDE) // 2 + SIDE  # 48

TILES = (("clear", (226, 220, 184)), ("woods", (128, 170, 102)), ("hill", (200, 172, 124)))
GID = {name: i + 1 for i, (name, _) in enumerate(TILES)}

# One letter a hex, row by row: c clear, w woods, h hill.
TERRAIN = (
    "ccwccwwc",
    "ccwccccc",
    "cccccchc",
    "chcccccc",
    "ccwcwccc",
    "ccwcwwcc",
)
LETTER = {"c": "clear", "w": "woods", "h": "hill"}

# Mill Brook runs between columns 4 and 5: the east sides of every hex of column 4.
BROOK = [f"04{r:02d}-05{r:02d}" for r in range(1, H + 1)] + [f"04{r:02d}-05{r + 1:02d}" for r in range(1, H)]
PLACES = (("Mill Ford", 5, 3, {"objective": ("bool", "true")}), ("Chapel", 2, 4, {}))
MARKS = (("blue_start", [(1, 2), (1, 3), (1, 4), (1, 5), (2, 3)]), ("red_start", [(6, 2), (6, 4), (7, 3), (7, 4)]))
EDGES = (("blue", 1), ("red", W))  # side, column of its friendly edge


def centre(col: int, row: int) -> tuple[int, int]:
    """Pixel centre of a hex (1-based column and row); even columns sit half a hex lower."""
    return (col - 1) * COL_W + TW // 2, (row - 1) * TH + TH // 2 + (TH // 2 if col % 2 == 0 else 0)


def hex_id(col: int, row: int) -> str:
    return f"{col:02d}{row:02d}"


def props(items: dict[str, tuple[str, str]]) -> str:
    rows = []
    for name, (kind, value) in items.items():
        t = "" if kind == "string" else f" type={quoteattr(kind)}"
        rows.append(f"    <property name={quoteattr(name)}{t} value={quoteattr(value)}/>")
    return "   <properties>\n" + "\n".join(rows) + "\n   </properties>\n"


def own(source: str) -> dict[str, tuple[str, str]]:
    return {"provenance": ("string", "reconstructed"), "source": ("string", source)}


def tmx() -> str:
    oid = 1
    out = [
        '<?xml version="1.0" encoding="UTF-8"?>',
        (f'<map version="1.8" tiledversion="1.8.2" orientation="hexagonal" renderorder="right-down" width="{W}" '
         f'height="{H}" tilewidth="{TW}" tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" staggeraxis="x" '
         'staggerindex="odd" nextlayerid="6" nextobjectid="@NEXT@">'),
        " <properties>",
        '  <property name="game" value="mill-ford"/>',
        '  <property name="title" value="Skirmish at Mill Ford"/>',
        '  <property name="provenance_terrain" value="reconstructed"/>',
        '  <property name="source_terrain" value="invented for the plug-in test game"/>',
        " </properties>",
        ' <tileset firstgid="1" source="skirmish-terrain.tsx"/>',
        f' <layer id="1" name="terrain" width="{W}" height="{H}">',
        '  <data encoding="csv">',
        ",\n".join(",".join(str(GID[LETTER[c]]) for c in row) for row in TERRAIN),
        "</data>",
        " </layer>",
        ' <objectgroup id="2" name="hexsides">',
    ]
    pts = []
    for r in range(1, H + 1):  # the north-east, east and south-east corners of each hex of column 4
        cx, cy = centre(4, r)
        pts += [(cx + 16, cy - 28), (cx + 32, cy)] + ([(cx + 16, cy + 28)] if r == H else [])
    ox, oy = pts[0]
    out.append(f'  <object id="{oid}" name="Mill Brook" type="river" x="{ox}" y="{oy}">')
    out.append(props({"hexsides": ("string", ",".join(BROOK)), **own("invented: the brook in front of the village")})
               .rstrip("\n"))
    out.append('   <polyline points="' + " ".join(f"{x - ox},{y - oy}" for x, y in pts) + '"/>')
    out.append("  </object>")
    oid += 1
    out.append(" </objectgroup>")
    out.append(' <objectgroup id="3" name="places">')
    for name, col, row, extra in PLACES:
        x, y = centre(col, row)
        out.append(f'  <object id="{oid}" name={quoteattr(name)} type="city" x="{x}" y="{y}">')
        out.append(props({**extra, **own("invented")}).rstrip("\n"))
        out.append("   <point/>")
        out.append("  </object>")
        oid += 1
    out.append(" </objectgroup>")
    out.append(' <objectgroup id="4" name="setup">')
    for mark, hexes in MARKS:
        for col, row in hexes:
            x, y = centre(col, row)
            out.append(f'  <object id="{oid}" name={quoteattr(mark)} type="setup" x="{x}" y="{y}">')
            out.append(props({"mark": ("string", mark), **own("invented: rule 2.0")}).rstrip("\n"))
            out.append("   <point/>")
            out.append("  </object>")
            oid += 1
    out.append(" </objectgroup>")
    out.append(' <objectgroup id="5" name="areas">')
    for side, col in EDGES:
        hexes = ",".join(hex_id(col, r) for r in range(1, H + 1))
        x, y = (col - 1) * COL_W, 0
        out.append(f'  <object id="{oid}" name={quoteattr(side.title() + " edge")} type="friendly_edge" '
                   f'x="{x}" y="{y}" width="{TW}" height="{H * TH + TH // 2}">')
        out.append(props({"side": ("string", side), "hexes": ("string", hexes), **own("invented")}).rstrip("\n"))
        out.append("  </object>")
        oid += 1
    out.append(" </objectgroup>")
    out.append("</map>")
    return "\n".join(out).replace("@NEXT@", str(oid)) + "\n"


def tsx() -> str:
    rows = ['<?xml version="1.0" encoding="UTF-8"?>',
            f'<tileset version="1.8" tiledversion="1.8.2" name="skirmish-terrain" tilewidth="{TW}" tileheight="{TH}" '
            f'tilecount="{len(TILES)}" columns="{len(TILES)}">',
            f' <image source="skirmish-terrain.png" width="{TW * len(TILES)}" height="{TH}"/>']
    for i, (name, _) in enumerate(TILES):
        rows += [f' <tile id="{i}" type="terrain">', "  <properties>",
                 f'   <property name="terrain" value="{name}"/>', "  </properties>", " </tile>"]
    rows.append("</tileset>")
    return "\n".join(rows) + "\n"


def png() -> bytes:
    """One flat-topped hex per terrain, side by side, on a transparent ground."""
    raw = bytearray()
    for y in range(TH):
        raw.append(0)  # filter: none
        dy = abs(y + 0.5 - TH / 2)
        for x in range(TW * len(TILES)):
            _, rgb = TILES[x // TW]
            dx = abs(x % TW + 0.5 - TW / 2)
            inside = dy <= TH / 2 and dx <= TW / 2 - dy * (TW / 2 - SIDE / 2) / (TH / 2)
            raw += bytes(rgb) + (b"\xff" if inside else b"\x00")

    def chunk(kind: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    head = struct.pack(">IIBBBBB", TW * len(TILES), TH, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", head) + chunk(b"IDAT", zlib.compress(bytes(raw), 9))
            + chunk(b"IEND", b""))


def main() -> None:
    (HERE / "skirmish.tmx").write_text(tmx(), encoding="utf-8")
    (HERE / "skirmish-terrain.tsx").write_text(tsx(), encoding="utf-8")
    (HERE / "skirmish-terrain.png").write_bytes(png())


if __name__ == "__main__":
    main()
