"""core/files: the one safe reader (the hostile corpus in tests/hostile runs it end to end)."""
from __future__ import annotations

import datetime as dt
import os
from pathlib import Path

import pytest
import yaml

from hexwar import paths
from hexwar.core.errors import MAX_PROBLEM, DataError
from hexwar.core.files import (
    Limits,
    check_regular,
    excerpt,
    inside,
    load_json,
    parse_yaml,
    read_bytes,
    read_text,
    refusing_bad_shapes,
    set_aside,
)

REPO = Path(__file__).resolve().parents[2]


DEFAULT = Limits()


def refused(text: str, *words: str, limits: Limits = DEFAULT) -> str:
    with pytest.raises(DataError) as e:
        parse_yaml(text, "f.yaml", limits)
    msg = str(e.value)
    assert msg.startswith("f.yaml: ")
    for w in words:
        assert w in msg, msg
    return msg


@pytest.mark.parametrize("path", sorted((REPO / "scenarios").rglob("*.yaml")), ids=lambda p: p.name)
def test_every_shipped_file_reads_as_pyyaml_reads_it(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    assert parse_yaml(text, path, Limits(aliases=True)) == yaml.load(text, Loader=loader)


def test_plain_values() -> None:
    got = parse_yaml("a: [1, -2.5, yes, no, null, 2024-01-02, 'x', 0x1f]\nb: {c: d}\n", "f")
    assert got == {"a": [1, -2.5, True, False, None, dt.date(2024, 1, 2), "x", 31], "b": {"c": "d"}}
    assert parse_yaml("", "f") is None


def test_aliases_are_refused_unless_allowed_and_then_bounded() -> None:
    refused("a: &x 1\nb: *x\n", "anchors and aliases", "line 1")
    assert parse_yaml("a: &x [1, 2]\nb: *x\n", "f", Limits(aliases=True)) == {"a": [1, 2], "b": [1, 2]}
    bomb = "a0: &a0 [1,1,1,1,1,1,1,1,1,1]\n" + "".join(
        f"a{i}: &a{i} [" + ",".join([f"*a{i - 1}"] * 10) + "]\n" for i in range(1, 9))
    refused(bomb, "more than 1,000 values", limits=Limits(aliases=True, max_values=1000))
    refused("a: &a [*a]\n", "refers to nothing defined before it", limits=Limits(aliases=True))


@pytest.mark.parametrize("text, words", [
    ("a: " + "9" * 5000, ("5,000 characters long",)),
    ("a: 0x" + "f" * 40, ("characters long",)),
    ("a: .inf", ("not finite",)), ("a: -.inf", ("not finite",)), ("a: .nan", ("not finite",)),
    ("a: 1.0e+400", ("not finite",)),
    ("a: 1\na: 2\n", ("'a' is given twice", "line 2")),
    ("? [x]\n: 1\n", ("keys must be plain values",)),
    ("a: !!python/object/apply:os.system ['true']", ("is not allowed",)),
    ("a: !!set {x}", ("is not allowed",)), ("a: !!binary aGk=", ("is not allowed",)),
    ("a: !custom 1", ("is not allowed",)),
    ("a: 1\n---\nb: 2\n", ("more than one",)),
    ("a: [1, 2\n", ("not valid YAML",)),
    ("[" * 40 + "]" * 40, ("nested more than 32",)),
])
def test_refusals(text: str, words: tuple[str, ...]) -> None:
    refused(text, *words)


def test_deep_nesting_and_many_values_stop_early() -> None:
    refused("[" * 200_000 + "]" * 200_000, "nested")
    refused("[" + "[]," * 300_000 + "]", "more than 200,000 values")


def test_special_files_are_refused_before_they_are_opened(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "pipe")
    (tmp_path / "zero").symlink_to("/dev/zero")
    (tmp_path / "dir").mkdir()
    for name, word in (("pipe", "pipe"), ("zero", "device"), ("dir", "folder"), ("none", "not found")):
        with pytest.raises(DataError, match=word):
            read_bytes(tmp_path / name, 1000)
    (tmp_path / "big").write_bytes(b"x" * 1001)
    with pytest.raises(DataError, match="too large"):
        check_regular(tmp_path / "big", 1000)
    assert read_bytes(tmp_path / "big", 1001) == b"x" * 1001
    (tmp_path / "bin").write_bytes(b"\xff\xfe\x00")
    with pytest.raises(DataError, match="not a text file"):
        read_text(tmp_path / "bin", 100)


def test_json_has_the_same_bounds(tmp_path: Path) -> None:
    p = tmp_path / "x.json"
    for text, word in (('{"a": 1, "a": 2}', "twice"), ('{"a": NaN}', "NaN"), ('{"a": 1e999}', "not finite"),
                       ('{"a": ' + "9" * 5000 + "}", "characters long"), ("[" * 100_000 + "]" * 100_000, "nested"),
                       ("[" * 40 + "]" * 40, "nested more than 32"), ("{", "not valid JSON")):
        p.write_text(text)
        with pytest.raises(DataError, match=word):
            load_json(p)
    p.write_text('{"a": [1, 2.5, "x", null, true]}')
    assert load_json(p) == {"a": [1, 2.5, "x", None, True]}


def test_messages_quote_only_an_excerpt() -> None:
    assert len(excerpt("x" * 10_000_000)) < 100 and "10,000,000 characters" in excerpt("x" * 10_000_000)
    assert len(str(DataError("f", "y" * 100_000))) <= MAX_PROBLEM + 10
    with pytest.raises(DataError, match="wrong form"):
        with refusing_bad_shapes("f", "scenario"):
            int("z" * 1_000_000)


def test_containment_is_not_a_string_prefix(tmp_path: Path) -> None:
    (tmp_path / "maps").mkdir()
    (tmp_path / "maps_evil").mkdir()
    assert inside(tmp_path / "maps" / "a.tsx", tmp_path / "maps")
    assert not inside(tmp_path / "maps" / ".." / "maps_evil" / "a.tsx", tmp_path / "maps")


def test_set_aside_renames_and_never_overwrites(tmp_path: Path) -> None:
    p = tmp_path / "settings.yaml"
    for n in range(3):
        p.write_text(f"version {n}")
        moved = set_aside(p)
        assert moved is not None and moved.read_text() == f"version {n}" and not p.exists()
    assert len(list(tmp_path.glob("settings.yaml.damaged-*"))) == 3


def test_a_data_folder_that_is_a_file_is_passed_over_with_a_notice(tmp_path: Path, monkeypatch) -> None:
    f = tmp_path / "a-file"
    f.write_text("mine")
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(f))
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    paths.clear_notices()
    assert paths.saves_dir() == tmp_path / "xdg" / "hexwar" / "saves"
    assert f.read_text() == "mine"
    (note,) = paths.notices()
    assert "HEXWAR_DATA_DIR" in note and "is a file" in note and str(tmp_path / "xdg" / "hexwar") in note
    paths.clear_notices()


def test_a_saves_folder_that_is_a_file_is_passed_over(tmp_path: Path, monkeypatch) -> None:
    monkeypatch.setenv("HEXWAR_DATA_DIR", str(tmp_path / "data"))
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "saves").write_text("mine")
    paths.clear_notices()
    got = paths.saves_dir()
    assert got.is_dir() and (tmp_path / "data" / "saves").read_text() == "mine"
    assert "saves folder" in paths.notices()[0]
    paths.clear_notices()
