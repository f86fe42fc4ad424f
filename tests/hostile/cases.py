"""The hostile corpus of issue 19: every input, how it is fed to hexwar, and what must happen.

The static inputs are in ``corpus/`` (``make_corpus.py`` writes them); the ones that cannot
live in git (pipes, sockets, links to devices, bombs of a gigabyte, files of ten megabytes,
unreadable files) are made here at test time by ``build``. ``test_corpus.py`` runs each case
in a process of its own, with a time limit and a memory limit, through the library and, for
the inputs the client reads, through the client's start-up.

A case ``expect``s one of:
    refused    a DataError naming the file, short, no traceback
    accepted   it loads (the controls: hexwar's own files)
    set-aside  the player's file is renamed to <name>.damaged-<date> (content intact), a notice
               tells why, and the defaults are used
    ignored    the file is read, its bad parts ignored (nothing renamed, nothing raised)
"""
from __future__ import annotations

import base64
import hashlib
import os
import re
import shutil
import socket
import zlib
from dataclasses import dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
CORPUS = Path(__file__).resolve().parent / "corpus"

CLASSES = {
    "aliases": 2, "integers": 3, "special": 4, "geometry": 5, "memory": 6, "player": 7, "integrity": 8,
    "smaller": 9, "valid": 0,
}


@dataclass(frozen=True)
class Case:
    id: str
    cls: int  # the class of issue 19 (0: a control that must load)
    kind: str  # how it is fed to hexwar (see run_case / the client runner)
    path: str  # the input
    expect: str
    words: tuple[str, ...] = ()  # words the message must hold (lower case)
    env: tuple[tuple[str, str], ...] = ()  # for the client: environment variables
    names: tuple[str, ...] = ()  # file names a refusal may name instead of ``path``
    drop_privileges: bool = False  # run as nobody (a file root could read anyway)
    extra: dict = field(default_factory=dict, compare=False, hash=False)


def _kind_of_static(name: str) -> str:
    for prefix, kind in (("record", "record"), ("scenario-kiev-", "scenario:objective-kiev"),
                         ("scenario-kp-", "scenario:kasserine-pass"), ("scenario-bw-", "scenario:black-wednesday"),
                         ("scenario-kursk-", "scenario:battle-for-kursk"), ("map-", "map"), ("settings-", "settings"),
                         ("index-", "index"), ("table-", "bw-tables")):
        if name.startswith(prefix):
            return kind
    raise ValueError(name)


# Static inputs that are not refused outright (everything else in corpus/ must be refused).
STATIC_EXPECT = {
    "valid/record.yaml": "accepted",
    "player/settings-wrong-types.yaml": "ignored",
    "player/settings-bad-scale.yaml": "ignored",
    "player/index-wrong-row-types.json": "ignored",
}
STATIC_WORDS = {
    "aliases/": ("alias",), "integers/record-huge-seed.yaml": ("number", "5,000 characters"),
    "integrity/record-version-999-bad-digest.yaml": ("newer hexwar",),
    "integrity/record-version-999-good-digest.yaml": ("newer hexwar",),
    "integrity/record-version-2-bad-digest.yaml": ("newer hexwar",),
    "integrity/record-version-banana-bad-digest.yaml": ("rules_version", "whole number"),
    "integrity/record-version-0-bad-digest.yaml": ("rules version 0", "not one this hexwar can replay"),
    "integrity/record-version--1-bad-digest.yaml": ("rules version -1",),
    "integrity/record-bad-digest.yaml": ("digest differs",),
    "integrity/record-no-digest.yaml": ("cut", "short"),
    "integrity/record-seed-twice.yaml": ("'seed'", "twice"),
    "integrity/record-actions-twice.yaml": ("'actions'", "twice"),
    "integrity/record-format-2.yaml": ("newer hexwar",),
    "integrity/record-two-documents.yaml": ("more than one",),
    "smaller/record-option-text-false.yaml": ("true or false",),
    "smaller/scenario-kiev-inf-values.yaml": ("not finite",),
    "smaller/scenario-kiev-1e400-values.yaml": ("not finite",),
    "smaller/scenario-kiev-nan-values.yaml": ("not finite",),
    "smaller/map-tileset-sibling-folder.tmx": ("outside the map folder",),
    "smaller/scenario-kp-tables-outside.yaml": ("inside the scenario's folder",),
    "geometry/map-csv-layer-short.tmx": ("200 cells", "220 hexes"),
    "geometry/map-zero-tilewidth.tmx": ("tilewidth=0",),
    "geometry/map-nan-x.tmx": ("nan",),
    "geometry/map-xml-entities.tmx": ("doctype",),
    "player/": (),
}


def static_cases() -> list[Case]:
    out = []
    for p in sorted(CORPUS.rglob("*")):
        if not p.is_file():
            continue
        rel = p.relative_to(CORPUS).as_posix()
        words: tuple[str, ...] = ()
        for key, w in STATIC_WORDS.items():
            if rel == key or (key.endswith("/") and rel.startswith(key)):
                words = w
        kind = _kind_of_static(p.name)
        expect = STATIC_EXPECT.get(rel, "set-aside" if kind in ("settings", "index") else "refused")
        out.append(Case(rel, CLASSES[rel.split("/")[0]], kind, str(p), expect, tuple(x.lower() for x in words)))
    return out


# --- inputs made at test time -----------------------------------------------------------------
def _fifo(p: Path) -> str:
    os.mkfifo(p)
    return str(p)


def _link(p: Path, target: str) -> str:
    p.symlink_to(target)
    return str(p)


def _socket(p: Path) -> str:
    s = socket.socket(socket.AF_UNIX)
    s.bind(str(p))
    s.close()
    return str(p)


def _bomb_layer(compression: str, inflated: int = 1 << 29) -> str:
    """base64 text of a layer that inflates to ``inflated`` bytes of zeros (streamed: the bomb
    itself is about a thousandth of that)."""
    z = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | (16 if compression == "gzip" else 0))
    chunk = bytes(1 << 20)
    parts = [z.compress(chunk) for _ in range(inflated >> 20)]
    parts.append(z.flush())
    return base64.b64encode(b"".join(parts)).decode()


def _valid_record() -> str:
    return (CORPUS / "valid" / "record.yaml").read_text(encoding="utf-8")


def build(root: Path, ids_only: bool = False) -> list[Case]:
    """Make the dynamic inputs in ``root`` and return their cases (``ids_only``: skip the large
    inputs, for listing the cases)."""
    root.mkdir(parents=True, exist_ok=True)
    cases: list[Case] = []
    rec = _valid_record()
    kiev_scen = (REPO / "scenarios" / "objective-kiev" / "standard.yaml").read_text(encoding="utf-8")
    kiev_map = (REPO / "maps" / "objective-kiev.tmx").read_text(encoding="utf-8")

    def add(cid: str, cls: int, kind: str, path: str, expect: str = "refused", *words: str, **kw) -> None:
        cases.append(Case(cid, cls, kind, path, expect, tuple(w.lower() for w in words), **kw))

    d = root / "special"
    d.mkdir()
    # --- 4: special files ----------------------------------------------------------------------
    add("special/record-fifo", 4, "record", _fifo(d / "fifo.yaml"), "refused", "pipe")
    add("special/record-dev-zero", 4, "record", _link(d / "zero.yaml", "/dev/zero"), "refused", "device")
    add("special/record-dev-urandom", 4, "record", _link(d / "urandom.yaml", "/dev/urandom"), "refused", "device")
    add("special/record-socket", 4, "record", _socket(d / "socket.yaml"), "refused", "socket")
    (d / "folder.yaml").mkdir()
    add("special/record-folder", 4, "record", str(d / "folder.yaml"), "refused", "folder")
    loop = d / "loop.yaml"
    loop.symlink_to(loop)
    add("special/record-link-loop", 4, "record", str(loop), "refused", "link")
    add("special/record-missing", 4, "record", str(d / "nothing" / "here.yaml"), "refused", "not found")
    add("special/scenario-kiev-fifo", 4, "scenario:objective-kiev", _fifo(d / "scen-fifo.yaml"), "refused", "pipe")
    add("special/scenario-kiev-dev-zero", 4, "scenario:objective-kiev", _link(d / "scen-zero.yaml", "/dev/zero"),
        "refused", "device")
    (d / "scen-folder.yaml").mkdir()
    add("special/scenario-kiev-folder", 4, "scenario:objective-kiev", str(d / "scen-folder.yaml"), "refused", "folder")
    add("special/scenario-bw-fifo", 4, "scenario:black-wednesday", _fifo(d / "bw-fifo.yaml"), "refused", "pipe")
    kp = d / "kp"
    (kp / "tables").mkdir(parents=True)
    _fifo(kp / "tables" / "rules.yaml")
    shutil.copy(REPO / "scenarios" / "kasserine-pass" / "standard.yaml", kp / "standard.yaml")
    add("special/scenario-kp-tables-fifo", 4, "scenario:kasserine-pass", str(kp / "standard.yaml"), "refused", "pipe",
        names=(str(kp / "tables" / "rules.yaml"),))
    for name, make in (("map-fifo", _fifo), ("map-dev-zero", lambda p: _link(p, "/dev/zero"))):
        m = d / name
        m.mkdir()
        _copy_tileset(m)
        add(f"special/{name}", 4, "map", make(m / "x.tmx"), "refused", "pipe" if "fifo" in name else "device")
    m = d / "map-folder"
    m.mkdir()
    (m / "x.tmx").mkdir()
    add("special/map-folder", 4, "map", str(m / "x.tmx"), "refused", "folder")
    for name, make in (("map-tileset-fifo", _fifo), ("map-tileset-dev-zero", lambda p: _link(p, "/dev/zero"))):
        m = d / name
        m.mkdir()
        (m / "x.tmx").write_text(kiev_map, encoding="utf-8")
        make(m / "kiev-terrain.tsx")
        add(f"special/{name}", 4, "map", str(m / "x.tmx"), "refused", "tileset",
            names=(str(m / "kiev-terrain.tsx"),))
    for name, make in (("settings-fifo", _fifo), ("settings-dev-zero", lambda p: _link(p, "/dev/zero")),
                       ("settings-socket", _socket)):
        s = d / name
        s.mkdir()
        add(f"special/{name}", 4, "settings", make(s / "settings.yaml"), "set-aside")
    s = d / "settings-folder"
    (s / "settings.yaml").mkdir(parents=True)
    add("special/settings-folder", 4, "settings", str(s / "settings.yaml"), "set-aside")
    for name, make in (("index-fifo", _fifo), ("index-dev-zero", lambda p: _link(p, "/dev/zero"))):
        s = d / name
        s.mkdir()
        add(f"special/{name}", 4, "index", make(s / "saves-index.json"), "set-aside")

    # --- 6: memory within the size limits --------------------------------------------------------
    d = root / "memory"
    d.mkdir()
    csv = re.search(r'<data encoding="csv">\n(.*?)\n\s*</data>', kiev_map, re.S).group(1)
    for comp in ("zlib", "gzip"):
        m = d / f"map-{comp}-bomb"
        m.mkdir()
        _copy_tileset(m)
        if not ids_only:
            bomb = _bomb_layer(comp)
            (m / "x.tmx").write_text(kiev_map.replace(f'<data encoding="csv">\n{csv}',
                                                      f'<data encoding="base64" compression="{comp}">\n{bomb}'),
                                     encoding="utf-8")
        add(f"memory/map-{comp}-bomb", 6, "map", str(m / "x.tmx"), "refused", "inflates")
    m = d / "map-many-elements"
    m.mkdir()
    _copy_tileset(m)
    if not ids_only:  # 9.8 MB of empty elements: a tree of 1.4 million, were it built
        (m / "x.tmx").write_text(kiev_map.replace("</map>", "<e/>" * 2_450_000 + "</map>"), encoding="utf-8")
    add("memory/map-many-xml-elements", 6, "map", str(m / "x.tmx"), "refused", "200,000 xml elements")
    big = d / "record-many-empty-lists.yaml"
    if not ids_only:
        big.write_text(rec.replace("options: {}\n", "options: {}\njunk: [" + ",".join(["[]"] * 3_000_000) + "]\n"),
                   encoding="utf-8")
    add("memory/record-many-empty-lists-9mb", 6, "record", str(big), "refused", "values")
    one = d / "record-8mb-action.yaml"
    if not ids_only:
        one.write_text(rec.replace("- place SU-5A 0705", "- place SU-5A " + "0705 " * 1_600_000), encoding="utf-8")
    add("memory/record-one-8mb-action", 6, "record", str(one), "refused", "characters long")
    many = d / "record-too-many-actions.yaml"
    if not ids_only:
        many.write_text(re.sub(r"actions:\n(- .*\n)+", "actions:\n" + "- end\n" * 200_001, rec), encoding="utf-8")
    add("memory/record-200001-actions", 6, "record", str(many), "refused", "200,000")
    huge = d / "record-over-10mb.yaml"
    if not ids_only:
        huge.write_text(rec + "#" * 10_000_001 + "\n", encoding="utf-8")
    add("memory/record-over-10mb", 6, "record", str(huge), "refused", "too large")
    sc = d / "scenario-many-empty-maps.yaml"
    if not ids_only:
        sc.write_text(kiev_scen + "\njunk: [" + ",".join(["{}"] * 600_000) + "]\n", encoding="utf-8")
    add("memory/scenario-kiev-many-empty-maps", 6, "scenario:objective-kiev", str(sc), "refused", "values")
    ix = d / "index-many-lists"
    ix.mkdir()
    if not ids_only:
        (ix / "saves-index.json").write_text('{"version": 3, "saves": [' + ",".join(["[]"] * 1_300_000) + "]}",
                                         encoding="utf-8")
    add("memory/index-many-lists", 6, "index", str(ix / "saves-index.json"), "set-aside")

    # --- 9: smaller: unreadable files, a tileset in a sibling folder ---------------------------------
    d = root / "smaller"
    d.mkdir()
    d.chmod(0o755)
    root.chmod(0o755)
    for name, text, kind in (("record.yaml", rec, "record"), ("scenario.yaml", kiev_scen, "scenario:objective-kiev")):
        f = d / f"unreadable-{name}"
        f.write_text(text, encoding="utf-8")
        f.chmod(0)
        add(f"smaller/unreadable-{name}", 9, kind, str(f), "refused", "permission denied", drop_privileges=True)
    m = d / "unreadable-map"
    m.mkdir()
    m.chmod(0o755)
    _copy_tileset(m)
    (m / "x.tmx").write_text(kiev_map, encoding="utf-8")
    (m / "x.tmx").chmod(0)
    add("smaller/unreadable-map", 9, "map", str(m / "x.tmx"), "refused", "permission denied", drop_privileges=True)
    evil = d / "maps_evil"
    evil.mkdir()
    _copy_tileset(evil)
    good = d / "maps"
    good.mkdir()
    shutil.copy(CORPUS / "smaller" / "map-tileset-sibling-folder.tmx", good / "x.tmx")
    add("smaller/map-tileset-in-a-sibling-folder-that-exists", 9, "map", str(good / "x.tmx"), "refused",
        "outside the map folder")
    return cases


def _copy_tileset(folder: Path) -> None:
    for f in (REPO / "maps").glob("kiev-terrain.*"):
        shutil.copy(f, folder / f.name)


def prepare_static(case: Case, root: Path) -> Case:
    """Put a static input where its kind reads it (a map beside its tileset, a scenario of
    Kasserine Pass beside its tables, a settings file in a config folder …) and return the case
    with its path there."""
    src = Path(case.path)
    d = root / re.sub(r"[^A-Za-z0-9_.-]", "_", case.id)
    d.mkdir(parents=True, exist_ok=True)
    if case.kind == "map":
        _copy_tileset(d)
        if "sibling-folder" in case.id:  # the tileset the map names exists, beside the maps folder
            (root / "maps_evil").mkdir(exist_ok=True)
            _copy_tileset(root / "maps_evil")
        target = d / "x.tmx"
    elif case.kind == "scenario:kasserine-pass":
        shutil.copytree(REPO / "scenarios" / "kasserine-pass" / "tables", d / "tables", dirs_exist_ok=True)
        target = d / src.name
    elif case.kind == "scenario:battle-for-kursk":  # short.yaml extends full.yaml
        shutil.copy(REPO / "scenarios" / "battle-for-kursk" / "full.yaml", d / "full.yaml")
        target = d / src.name
    elif case.kind == "settings":
        target = d / "settings.yaml"
    elif case.kind == "index":
        target = d / "saves-index.json"
    elif case.kind == "bw-tables":
        shutil.copytree(REPO / "scenarios" / "black-wednesday" / "tables", d, dirs_exist_ok=True)
        target = d / "fire.yaml"
    else:
        target = d / src.name
    shutil.copy(src, target)
    return Case(case.id, case.cls, case.kind, str(target), case.expect, case.words, case.env, case.names,
                case.drop_privileges)


def digest_of(path: str) -> str | None:
    p = Path(path)
    if not p.is_file() or p.is_symlink():
        return None
    return hashlib.sha256(p.read_bytes()).hexdigest()
