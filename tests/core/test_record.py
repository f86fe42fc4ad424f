"""record: atomic writes, record validation (every refusal names the file), replay."""
from __future__ import annotations

import os

import pytest
import yaml

import hexwar
from hexwar.core import record
from hexwar.core.actions import EndPhase, Roll
from hexwar.core.dice import FixedDice, SeededDice
from hexwar.core.errors import DataError
from hexwar.core.record import atomic_write_text, read_record, record_data, save_record
from hexwar.session import load_record

from ._counter import new_game

# --- atomic writes -------------------------------------------------------------


def test_atomic_write_creates_the_file_and_parent_folders(tmp_path):
    path = tmp_path / "a" / "b" / "save.yaml"
    atomic_write_text(path, "hello\n")
    assert path.read_text(encoding="utf-8") == "hello\n"


def test_atomic_write_replaces_content_and_leaves_no_temp_file(tmp_path):
    path = tmp_path / "save.yaml"
    path.write_text("old content that is longer than the new one\n")
    atomic_write_text(path, "new\n")
    assert path.read_text() == "new\n"
    assert os.listdir(tmp_path) == ["save.yaml"]


def test_atomic_write_keeps_unicode(tmp_path):
    path = tmp_path / "save.yaml"
    atomic_write_text(str(path), "Київ — Brest-Litovsk ✓\n")
    assert path.read_text(encoding="utf-8") == "Київ — Brest-Litovsk ✓\n"


def test_failed_rename_leaves_the_old_file_intact_and_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "save.yaml"
    path.write_text("old\n")

    def boom(src, dst):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(record.os, "replace", boom)
    with pytest.raises(OSError):
        atomic_write_text(path, "new\n")
    monkeypatch.undo()
    assert path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["save.yaml"]


def test_failure_while_writing_leaves_the_old_file_intact_and_no_temp_file(tmp_path):
    path = tmp_path / "save.yaml"
    path.write_text("old\n")
    with pytest.raises(UnicodeEncodeError):
        atomic_write_text(path, "half \udc80 written")  # a lone surrogate cannot be encoded
    assert path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["save.yaml"]


def test_interrupt_while_writing_leaves_no_temp_file(tmp_path, monkeypatch):
    path = tmp_path / "save.yaml"
    path.write_text("old\n")

    def interrupted(fd):
        raise KeyboardInterrupt

    monkeypatch.setattr(record.os, "fsync", interrupted)
    with pytest.raises(KeyboardInterrupt):
        atomic_write_text(path, "new\n")
    monkeypatch.undo()
    assert path.read_text() == "old\n"
    assert os.listdir(tmp_path) == ["save.yaml"]


# --- reading records -----------------------------------------------------------

GOOD = {"hexwar_record": 1, "game": "counter", "scenario": "basic", "seed": 3, "options": {}, "actions": ["end"],
        "digest": "0000000000000000"}


def write_yaml(tmp_path, data, name="rec.yaml"):
    p = tmp_path / name
    p.write_text(yaml.safe_dump(data), encoding="utf-8")
    return p


def refused(path) -> str:
    with pytest.raises(DataError) as exc:
        read_record(path)
    msg = str(exc.value)
    assert str(path) in msg
    assert exc.value.path == str(path)
    return exc.value.problem


def test_read_record_accepts_a_good_record(tmp_path):
    p = write_yaml(tmp_path, GOOD)
    data = read_record(p)
    assert data["game"] == "counter" and data["seed"] == 3 and data["actions"] == ["end"]


@pytest.mark.parametrize("options", [None, "absent"])
def test_read_record_defaults_missing_options_to_an_empty_mapping(tmp_path, options):
    d = dict(GOOD)
    if options == "absent":
        del d["options"]
    else:
        d["options"] = None
    assert read_record(write_yaml(tmp_path, d))["options"] == {}


def test_read_record_refuses_a_missing_file(tmp_path):
    assert "not found" in refused(tmp_path / "nope.yaml")


def test_read_record_refuses_a_folder(tmp_path):
    folder = tmp_path / "looks_like_a_save.yaml"
    folder.mkdir()
    refused(folder)


@pytest.mark.parametrize(
    "text, problem",
    [
        ("game: [unclosed\n", "not valid YAML"),
        ("a: b: c\n", "not valid YAML"),
        ("\tgame: x\n", "not valid YAML"),
        ("- end\n- roll\n", "expected a mapping"),
        ("just some text\n", "expected a mapping"),
        ("", "expected a mapping"),
        ("42\n", "expected a mapping"),
    ],
)
def test_read_record_refuses_text_that_is_not_a_record(tmp_path, text, problem):
    p = tmp_path / "rec.yaml"
    p.write_text(text, encoding="utf-8")
    assert problem in refused(p)


def test_read_record_refuses_a_binary_file(tmp_path):
    p = tmp_path / "rec.yaml"
    p.write_bytes(b"\xff\xfe\x00garbage\x80\x81")
    assert "not a text file" in refused(p)


@pytest.mark.parametrize("key", ["game", "scenario", "seed", "actions"])
def test_read_record_refuses_missing_keys(tmp_path, key):
    d = dict(GOOD)
    del d[key]
    assert refused(write_yaml(tmp_path, d)) == f"missing '{key}'"


@pytest.mark.parametrize(
    "key, value, found",
    [
        ("seed", "12", "str"),
        ("seed", True, "bool"),
        ("seed", 1.5, "float"),
        ("seed", None, "NoneType"),
        ("game", 5, "int"),
        ("game", False, "bool"),
        ("scenario", ["basic"], "list"),
        ("actions", "end", "str"),
        ("actions", {"1": "end"}, "dict"),
    ],
)
def test_read_record_refuses_wrong_types(tmp_path, key, value, found):
    d = dict(GOOD, **{key: value})
    problem = refused(write_yaml(tmp_path, d))
    assert f"'{key}'" in problem and found in problem


def test_read_record_refuses_options_that_are_not_a_mapping(tmp_path):
    assert "'options'" in refused(write_yaml(tmp_path, dict(GOOD, options=["fast"])))


def test_read_record_refuses_actions_that_are_not_text(tmp_path):
    assert "action 2 is not text" in refused(write_yaml(tmp_path, dict(GOOD, actions=["end", 7])))


@pytest.mark.parametrize(
    "template",
    [
        '!!python/object/apply:os.system ["touch {marker}"]\n',
        'game: counter\nscenario: basic\nseed: !!python/object/apply:os.system ["touch {marker}"]\nactions: []\n',
        'game: !!python/object/new:os.system ["touch {marker}"]\nscenario: basic\nseed: 1\nactions: []\n',
        "game: !!python/name:os.system\nscenario: basic\nseed: 1\nactions: []\n",
    ],
)
def test_read_record_refuses_python_object_tags_without_running_them(tmp_path, template):
    marker = tmp_path / "pwned"
    p = tmp_path / "rec.yaml"
    p.write_text(template.format(marker=marker), encoding="utf-8")
    assert "is not allowed" in refused(p)
    assert not marker.exists()


def test_read_record_refuses_an_over_large_file(tmp_path, monkeypatch):
    p = write_yaml(tmp_path, GOOD)
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", 10)
    assert "too large" in refused(p)


def test_read_record_accepts_a_file_exactly_at_the_size_limit(tmp_path, monkeypatch):
    p = write_yaml(tmp_path, GOOD)
    monkeypatch.setattr(record, "MAX_RECORD_BYTES", p.stat().st_size)
    assert read_record(p)["game"] == "counter"


# --- saving and replaying ------------------------------------------------------


def test_record_data_lists_header_actions_barrier_and_digest():
    g = new_game(FixedDice([4]), seed=9)
    g.apply("end")
    g.apply("roll")
    g.apply("end")
    assert record_data(g) == {
        "hexwar_record": 1,
        "game": "counter",
        "scenario": "basic",
        "seed": 9,
        "options": {"fast": True},
        "rules_version": 1,
        "actions": ["end", "roll", "end"],
        "undo_barrier": 2,
        "digest": g.digest(),
    }


def test_save_then_read_round_trip(tmp_path):
    g = new_game(seed=4)
    for text in ("end", "roll", "resolve 0101"):
        g.apply(text)
    path = tmp_path / "r.yaml"
    save_record(g, path)
    data = read_record(path)
    assert data["actions"] == ["end", "roll", "resolve 0101"]
    assert data["seed"] == 4


@pytest.fixture
def counter_registry(monkeypatch):
    """Make ``hexwar.open_game`` open the counter game, as load_record looks it up at call time."""
    opened = []

    def open_game(game, scenario, seed, options):
        if game != "counter":
            raise DataError(game, "no such game")
        g = new_game(SeededDice(seed), seed=seed)
        opened.append((game, scenario, seed, options))
        return g

    monkeypatch.setattr(hexwar.session, "open_game", open_game)
    return opened


def test_load_record_replays_to_the_same_position(tmp_path, counter_registry):
    g = new_game(seed=12)
    for text in ("end", "roll", "end", "resolve 0101", "end"):
        g.apply(text)
    path = tmp_path / "r.yaml"
    g.save(path)
    loaded = load_record(path)
    assert loaded.digest() == g.digest()
    assert loaded.actions == g.actions
    assert loaded.state.value == g.state.value
    assert counter_registry == [("counter", "basic", 12, {"fast": True})]
    # the undo barrier is respected after loading
    assert loaded.can_undo() and loaded.undo() == EndPhase() and not loaded.can_undo()


def test_load_record_keeps_a_saved_barrier_beyond_the_replayed_one(tmp_path, counter_registry):
    g = new_game(seed=1)
    g.apply("end")
    g.apply("end")
    data = record_data(g)
    data["undo_barrier"] = 2  # e.g. a record saved after a hand-off that closed undo
    path = tmp_path / "r.yaml"
    path.write_text(yaml.safe_dump(data))
    assert not load_record(path).can_undo()


def test_load_record_refuses_an_action_that_cannot_be_replayed(tmp_path, counter_registry):
    path = write_yaml(tmp_path, dict(GOOD, actions=["end", "loss x"]))
    with pytest.raises(DataError) as exc:
        load_record(path)
    assert str(path) in str(exc.value)
    assert "action 2" in str(exc.value) and "'loss x'" in str(exc.value)


def test_load_record_refuses_malformed_action_text(tmp_path, counter_registry):
    path = write_yaml(tmp_path, dict(GOOD, actions=["fly away"]))
    with pytest.raises(DataError, match="action 1"):
        load_record(path)


def test_load_record_refuses_a_digest_that_does_not_match(tmp_path, counter_registry):
    path = write_yaml(tmp_path, dict(GOOD, actions=["end"], digest="0000000000000000"))
    with pytest.raises(DataError, match="digest differs"):
        load_record(path)


def test_load_record_passes_through_an_unknown_game_as_data_error(tmp_path, counter_registry):
    path = write_yaml(tmp_path, dict(GOOD, game="chess"))
    with pytest.raises(DataError):
        load_record(path)


def test_loaded_game_continues_with_the_same_dice(tmp_path, counter_registry):
    g = new_game(seed=21)
    g.apply("roll")
    g.apply("roll")
    path = tmp_path / "r.yaml"
    g.save(path)
    loaded = load_record(path)
    g.apply("roll")
    loaded.apply(Roll())
    assert loaded.state.value == g.state.value
