"""Write the static part of the hostile corpus (tests/hostile/corpus/), from hexwar's own files.

    python -m tests.hostile.make_corpus

Each file is a small, deliberately broken or hostile input of one class of issue 19 (the folder
says which). The inputs that cannot live in git (pipes, links to devices, bombs of hundreds of
megabytes, unreadable files) are made at test time by ``tests/hostile/cases.py``. The list of
every case, with what must happen to it, is there too.
"""
from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent / "corpus"

KIEV_SCEN = (REPO / "scenarios" / "objective-kiev" / "standard.yaml").read_text(encoding="utf-8")
KP_SCEN = (REPO / "scenarios" / "kasserine-pass" / "standard.yaml").read_text(encoding="utf-8")
BW_SCEN = (REPO / "scenarios" / "black-wednesday" / "s1-turning-the-left.yaml").read_text(encoding="utf-8")
KURSK_SCEN = (REPO / "scenarios" / "battle-for-kursk" / "short.yaml").read_text(encoding="utf-8")
KIEV_MAP = (REPO / "maps" / "objective-kiev.tmx").read_text(encoding="utf-8")

LAUGHS = "".join(
    [f"{'a'}: &a0 [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"]
    + [f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 9) + "]\n" for i in range(1, 10)])
LAUGHS = LAUGHS.replace("a: &a0", "a0: &a0")


def bomb_under(key: str) -> str:
    """A billion-laughs block as the value of ``key`` (nine levels of nine aliases)."""
    lines = [f"{key}:"] + ["  " + ln for ln in LAUGHS.splitlines()]
    return "\n".join(lines) + "\n"


def kiev_record() -> str:
    import hexwar

    game = hexwar.open_game("objective-kiev", "standard", seed=3)
    for a in ["place SU-5A 0705", "place SU-6A 1106", "place SU-12A 0808", "place SU-18A 0203"]:
        game.apply(a)
    from hexwar.core.record import record_data

    return yaml.safe_dump(record_data(game), sort_keys=False)


def edit(text: str, old: str, new: str, count: int = 1) -> str:
    assert old in text, old
    return text.replace(old, new, count)


def sub(pattern: str, repl: str, text: str, flags: int = 0) -> str:
    out, n = re.subn(pattern, repl, text, count=1, flags=flags)
    assert n == 1, pattern
    return out


def write(rel: str, content: str | bytes) -> None:
    p = OUT / rel
    p.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")


def main() -> None:
    rec = kiev_record()
    write("valid/record.yaml", rec)
    digest_line = re.search(r"^digest: .*$", rec, re.M).group(0)

    # --- 2: YAML alias bombs -----------------------------------------------------------------
    write("aliases/record-bomb-in-options.yaml", edit(rec, "options: {}\n", bomb_under("options")))
    write("aliases/record-bomb-in-players.yaml",
          edit(rec, "rules_version: 1\n", "rules_version: 1\n" + bomb_under("players")))
    write("aliases/record-bomb-as-actions.yaml",
          sub(r"actions:\n(- .*\n)+", "actions: &all [\"end\"]\nmore: [*all, *all]\n", rec))
    write("aliases/record-one-small-alias.yaml",
          edit(rec, "game: objective-kiev", "game: &g objective-kiev\nscenario_copy: *g"))
    write("aliases/record-recursive-alias.yaml", edit(rec, "options: {}\n", "options: &o {x: *o}\n"))
    write("aliases/record-merge-key.yaml", edit(rec, "options: {}\n", "base: &b {x: 1}\noptions: {<<: *b}\n"))
    write("aliases/scenario-kiev-bomb-unused-key.yaml", KIEV_SCEN + "\n" + bomb_under("laughs"))
    kiev_victory = "victory:                       # rulebook 5.0, at the end of turn 7\n  axis_win: 16\n  draw: 15\n"
    write("aliases/scenario-kiev-bomb-in-victory.yaml", edit(KIEV_SCEN, kiev_victory, bomb_under("victory")))
    write("aliases/scenario-kp-bomb.yaml", KP_SCEN + "\n" + bomb_under("laughs"))
    write("aliases/scenario-bw-bomb.yaml", BW_SCEN + "\n" + bomb_under("laughs"))
    write("aliases/scenario-kursk-bomb.yaml", KURSK_SCEN + "\n" + bomb_under("laughs"))
    write("aliases/settings-bomb.yaml", "ui_scale: 1.2\n" + bomb_under("players"))
    write("aliases/settings-bomb-top.yaml", LAUGHS)
    write("aliases/table-bomb.yaml",
          "tables:\n  area_fire:\n" + "\n".join("    " + ln for ln in LAUGHS.splitlines()) + "\n")

    # --- 3: huge integers --------------------------------------------------------------------
    big = "9" * 5000
    write("integers/record-huge-seed.yaml", sub(r"^seed: \d+$", f"seed: {big}", rec, re.M))
    write("integers/record-huge-barrier.yaml", sub(r"^undo_barrier: \d+$", f"undo_barrier: {big}", rec, re.M))
    write("integers/record-huge-rules-version.yaml", edit(rec, "rules_version: 1", f"rules_version: {big}"))
    write("integers/record-huge-format.yaml", edit(rec, "hexwar_record: 1", f"hexwar_record: {big}"))
    write("integers/record-huge-hex-int.yaml", sub(r"^seed: \d+$", "seed: 0x" + "f" * 5000, rec, re.M))
    write("integers/record-sexagesimal-seed.yaml",
          sub(r"^seed: \d+$", "seed: " + ":".join(["59"] * 3000), rec, re.M))
    write("integers/record-huge-float-seed.yaml", sub(r"^seed: \d+$", "seed: 1.0e+99999", rec, re.M))
    write("integers/scenario-kiev-huge-turns.yaml", edit(KIEV_SCEN, "turns: 7 ", f"turns: {big} "))
    write("integers/scenario-kiev-huge-ma.yaml", sub(r"ma: \d+", f"ma: {big}", KIEV_SCEN))
    write("integers/scenario-kp-huge-factor.yaml", sub(r"factor: \d+", f"factor: {big}", KP_SCEN))
    write("integers/scenario-bw-huge-turns.yaml", sub(r"^turns: \d+", f"turns: {big}", BW_SCEN, re.M))
    write("integers/scenario-bw-huge-count.yaml", sub(r"count: \d+", "count: 999999999999", BW_SCEN))
    write("integers/scenario-kursk-huge-stacking.yaml", KURSK_SCEN + f"\nstacking_limit: {big}\n")
    write("integers/settings-huge-scale.yaml", f"ui_scale: {big}\nhotseat: true\n")
    write("integers/settings-huge-key.yaml", f"{big}: 1\n")
    write("integers/index-huge-number.json",
          json.dumps({"version": 3, "saves": [{"name": "x.yaml", "mtime": 1, "size": 1}]})
          .replace('"mtime": 1', f'"mtime": {big}'))
    write("integers/map-huge-width.tmx", edit(KIEV_MAP, 'width="20"', f'width="{big}"'))
    write("integers/map-huge-gid.tmx", sub(r"<data encoding=\"csv\">\n1,", f'<data encoding="csv">\n{big},', KIEV_MAP))
    write("integers/map-huge-tile-property.tmx", edit(KIEV_MAP, '<property name="game" value="objective-kiev" />',
                                                      f'<property name="game" value="objective-kiev" />\n'
                                                      f'  <property name="n" type="int" value="{big}" />'))

    # --- 5: bad map geometry -----------------------------------------------------------------
    csv = re.search(r'<data encoding="csv">\n(.*?)\n\s*</data>', KIEV_MAP, re.S).group(1)
    cells = csv.replace("\n", "").split(",")
    short = ",\n".join(",".join(cells[i:i + 20]) for i in range(0, 200, 20))
    write("geometry/map-csv-layer-short.tmx", edit(KIEV_MAP, csv, short))
    write("geometry/map-csv-layer-long.tmx", edit(KIEV_MAP, csv, csv + ",1,1,1"))
    write("geometry/map-csv-layer-garbage.tmx", edit(KIEV_MAP, csv, csv.replace("1,", "x,", 1)))
    write("geometry/map-csv-layer-empty.tmx", edit(KIEV_MAP, csv, ""))
    write("geometry/map-zero-tilewidth.tmx", edit(KIEV_MAP, 'tilewidth="64"', 'tilewidth="0"'))
    write("geometry/map-zero-tileheight.tmx", edit(KIEV_MAP, 'tileheight="56"', 'tileheight="0"'))
    write("geometry/map-negative-tilewidth.tmx", edit(KIEV_MAP, 'tilewidth="64"', 'tilewidth="-64"'))
    write("geometry/map-float-width.tmx", edit(KIEV_MAP, 'width="20"', 'width="20.5"'))
    write("geometry/map-zero-width.tmx", edit(KIEV_MAP, 'width="20"', 'width="0"'))
    write("geometry/map-hexside-longer-than-tile.tmx", edit(KIEV_MAP, 'hexsidelength="32"', 'hexsidelength="640"'))
    write("geometry/map-nan-x.tmx", sub(r'(<object id="1" [^>]*?)x="0"', r'\1x="nan"', KIEV_MAP))
    write("geometry/map-inf-y.tmx", sub(r'(<object id="1" [^>]*?)y="28"', r'\1y="inf"', KIEV_MAP))
    write("geometry/map-1e400-x.tmx", sub(r'(<object id="1" [^>]*?)x="0"', r'\1x="1e400"', KIEV_MAP))
    write("geometry/map-huge-finite-x.tmx", sub(r'(<object id="1" [^>]*?)x="0"', r'\1x="1e300"', KIEV_MAP))
    write("geometry/map-nan-polyline.tmx", sub(r'points="[^"]*"', 'points="0,0 nan,3"', KIEV_MAP))
    write("geometry/map-layer-size-differs.tmx", edit(KIEV_MAP, '<layer id="1" name="terrain" width="20" height="11">',
                                                      '<layer id="1" name="terrain" width="10" height="22">'))
    raw = b"".join(int(c).to_bytes(4, "little") for c in cells)
    write("geometry/map-base64-short.tmx", edit(KIEV_MAP, f'<data encoding="csv">\n{csv}',
                                                f'<data encoding="base64">\n{base64.b64encode(raw[:-8]).decode()}'))
    write("geometry/map-zlib-wrong-size.tmx", edit(KIEV_MAP, f'<data encoding="csv">\n{csv}',
                                                   f'<data encoding="base64" compression="zlib">\n'
                                                   f'{base64.b64encode(zlib.compress(raw + raw)).decode()}'))
    damaged = zlib.compress(raw)
    damaged = damaged[:6] + bytes([255, 0, 255]) + damaged[9:]
    write("geometry/map-zlib-damaged.tmx", edit(KIEV_MAP, f'<data encoding="csv">\n{csv}',
                                                f'<data encoding="base64" compression="zlib">\n'
                                                f'{base64.b64encode(damaged).decode()}'))
    write("geometry/map-not-base64.tmx",
          edit(KIEV_MAP, f'<data encoding="csv">\n{csv}', '<data encoding="base64">\n!!!***'))
    write("geometry/map-xml-entities.tmx", edit(KIEV_MAP, '<?xml version="1.0" encoding="UTF-8"?>',
                                                '<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE map [\n'
                                                + "".join(f' <!ENTITY e{i} '
                                                          f'"{"".join([f"&e{i - 1};"] * 10) if i else "lol" * 10}">\n'
                                                          for i in range(10)) + ']>').replace(
        'value="Objective: Kiev"', 'value="&e9;"'))
    write("geometry/map-external-entity.tmx", edit(KIEV_MAP, '<?xml version="1.0" encoding="UTF-8"?>',
                                                   '<?xml version="1.0" encoding="UTF-8"?>\n'
                                                   '<!DOCTYPE map [<!ENTITY x SYSTEM "file:///etc/passwd">]>'))

    # --- 6: memory within the size limits (the big ones are made at test time) -----------------
    write("memory/settings-many-values.yaml", "players: {" + ",".join(f"s{i}: human" for i in range(5000)) + "}\n")
    write("memory/map-deeply-nested-xml.tmx", edit(KIEV_MAP, "</map>", "<g>" * 5000 + "</g>" * 5000 + "</map>"))
    write("memory/record-long-action.yaml", edit(rec, "- place SU-5A 0705", "- place SU-5A " + "0705 " * 20_000))

    # --- 7: the player's own files -----------------------------------------------------------
    write("player/settings-deeply-nested.yaml", "players: " + "[" * 50_000 + "]" * 50_000 + "\n")
    write("player/settings-deep-block.yaml",
          "".join("  " * i + f"k{i}:\n" for i in range(200)) + "  " * 200 + "x: 1\n")
    write("player/settings-binary.yaml", bytes(range(256)) * 4)
    write("player/settings-a-list.yaml", "- ui_scale\n- 1.5\n")
    write("player/settings-wrong-types.yaml", "ui_scale: -3\nhotseat: \"false\"\nshow_hex_ids: 3\nplayers: [1, 2]\n")
    write("player/settings-nan-scale.yaml", "ui_scale: .nan\n")
    write("player/settings-bad-scale.yaml", "ui_scale: 1e9\n")
    write("player/index-deeply-nested.json", '{"version": 3, "saves": ' + "[" * 100_000 + "]" * 100_000 + "}")
    write("player/index-binary.json", bytes(range(256)) * 4)
    write("player/index-wrong-row-types.json", json.dumps({"version": 3, "saves": [
        {"name": {"a": 1}, "mtime": "x", "size": []},
        {"name": "a.yaml", "mtime": 1.0, "size": 5, "turn": "x", "replayed": True},
        {"name": "b.yaml", "mtime": 1.0, "size": 5, "error": "e" * 100_000}, "not a row", None]}))
    write("player/index-duplicate-keys.json", '{"version": 3, "version": 3, "saves": []}')
    write("player/index-nan.json",
          '{"version": 3, "saves": [{"name": "a.yaml", "mtime": NaN, "size": 1, "replayed": true}]}')

    # --- 8: record integrity -------------------------------------------------------------------
    bad_digest = edit(rec, digest_line, "digest: '0000000000000000'")
    for v in ("999", "banana", "0", "-1", "2", "1.5", "true", "null", "'1'"):
        write(f"integrity/record-version-{re.sub('[^a-z0-9.-]', '', v) or 'quoted'}-bad-digest.yaml",
              edit(bad_digest, "rules_version: 1", f"rules_version: {v}"))
    write("integrity/record-version-999-good-digest.yaml", edit(rec, "rules_version: 1", "rules_version: 999"))
    write("integrity/record-bad-digest.yaml", bad_digest)
    write("integrity/record-no-digest.yaml", edit(rec, digest_line + "\n", ""))
    lines = rec.splitlines(keepends=True)
    for n in (3, 7, len(lines) - 4, len(lines) - 2, len(lines) - 1):
        write(f"integrity/record-cut-after-line-{n}.yaml", "".join(lines[:n]))
    write("integrity/record-cut-mid-line.yaml", rec[: rec.index(digest_line) + len(digest_line) - 5])
    write("integrity/record-cut-mid-action.yaml", rec[: rec.index("place SU-6A") + 9])
    write("integrity/record-seed-twice.yaml", edit(rec, "seed: 3\n", "seed: 3\nseed: 4\n"))
    write("integrity/record-actions-twice.yaml", rec + "actions: []\n")
    write("integrity/record-format-2.yaml", edit(rec, "hexwar_record: 1", "hexwar_record: 2"))
    write("integrity/record-format-text.yaml", edit(rec, "hexwar_record: 1", "hexwar_record: yes-please"))
    write("integrity/record-two-documents.yaml", rec + "---\n" + rec)
    write("integrity/record-action-changed.yaml", edit(rec, "place SU-12A 0808", "place SU-12A 0807"))
    write("integrity/record-action-dropped.yaml", edit(rec, "- place SU-12A 0808\n", ""))

    # --- 9: smaller ------------------------------------------------------------------------------
    write("smaller/record-option-text-false.yaml", edit(rec, "options: {}", "options: {no_axis_replacements: 'false'}"))
    write("smaller/record-option-number.yaml", edit(rec, "options: {}", "options: {no_axis_replacements: 1}"))
    write("smaller/record-option-null.yaml", edit(rec, "options: {}", "options: {no_axis_replacements: null}"))
    write("smaller/record-option-unknown.yaml", edit(rec, "options: {}", "options: {launch_missiles: true}"))
    write("smaller/record-python-tag.yaml", edit(rec, "seed: 3", "seed: !!python/object/apply:os.system ['true']"))
    write("smaller/record-set-tag.yaml", edit(rec, "options: {}", "options: !!set {a, b}"))
    write("smaller/record-binary-tag.yaml", edit(rec, "options: {}", "options: !!binary aGVsbG8="))
    write("smaller/record-game-path.yaml", edit(rec, "scenario: standard", "scenario: ../../../etc/passwd"))
    write("smaller/record-long-game-name.yaml", edit(rec, "game: objective-kiev", "game: " + "g" * 100_000))
    write("smaller/scenario-kiev-inf-values.yaml", sub(r"values: \[\[[^\]]*\]", "values: [[.inf, 4]", KIEV_SCEN))
    write("smaller/scenario-kiev-1e400-values.yaml", sub(r"values: \[\[[^\]]*\]", "values: [[1.0e+400, 4]", KIEV_SCEN))
    write("smaller/scenario-kiev-huge-finite-values.yaml",
          sub(r"values: \[\[[^\]]*\]", "values: [[1.0e+300, 4]", KIEV_SCEN))
    write("smaller/scenario-kiev-nan-values.yaml", sub(r"values: \[\[[^\]]*\]", "values: [[.nan, 4]", KIEV_SCEN))
    write("smaller/scenario-kiev-map-path.yaml",
          edit(KIEV_SCEN, "map: objective-kiev.tmx", "map: ../maps_evil/objective-kiev.tmx"))
    write("smaller/scenario-kp-tables-outside.yaml",
          edit(KP_SCEN, "tables: tables/rules.yaml", "tables: ../kasserine-pass_evil/rules.yaml"))
    write("smaller/scenario-bw-count-text.yaml", sub(r"count: \d+", "count: lots", BW_SCEN))
    write("smaller/scenario-bw-units-a-string.yaml",
          sub(r"    units:   # arrive", "    units: nothing\n    unused:   # arrive", BW_SCEN))
    write("smaller/scenario-kursk-turns-mapping.yaml",
          KURSK_SCEN.replace("\nturns:", "\nturns_old:", 1) + "\nturns: {a: 1}\n")
    write("smaller/map-tileset-sibling-folder.tmx",
          edit(KIEV_MAP, 'source="kiev-terrain.tsx"', 'source="../maps_evil/kiev-terrain.tsx"'))
    write("smaller/map-tileset-absolute.tmx", edit(KIEV_MAP, 'source="kiev-terrain.tsx"', 'source="/etc/passwd"'))
    print(f"corpus written to {OUT}")


if __name__ == "__main__":
    main()
