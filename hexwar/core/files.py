"""Reading files we did not write ourselves, safely: every map, scenario, table, record,
settings file and index goes through here.

- Only regular files are read (never a pipe, a device, a socket or a folder), and their size
  is checked before a byte is read, so a FIFO cannot hang us and a link to /dev/zero cannot
  fill the memory.
- YAML is built from the C parser's events by a small builder of our own that refuses what
  our formats never use (anchors and aliases unless a format allows them, tags other than
  the plain ones, keys that are lists or mappings, a key given twice, more than one document),
  and bounds the nesting depth, the number of values (aliases counted as expanded) and the
  size of numbers. Nothing can grow beyond these bounds before we look at it.
- JSON gets the same bounds.
- Every refusal is a ``DataError`` naming the file and the problem in plain words, quoting at
  most a short excerpt of what the file holds.

Pure standard library and PyYAML; no pygame.
"""
from __future__ import annotations

import errno
import json
import math
import os
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .errors import DataError


def _yaml() -> Any:
    """PyYAML, imported on the first YAML file: its import compiles its regular expressions (98 M
    instructions, more than the client's menu draws with), and JSON readers need none of it."""
    import yaml

    return yaml


def clip(text: str, limit: int = 60) -> str:
    """``text`` cut to ``limit`` characters (an ellipsis says it was cut)."""
    return text if len(text) <= limit else text[:limit] + "…"


def excerpt(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters, saying how long the whole was: error
    messages quote what a file holds, and a file may hold megabytes."""
    text = value if isinstance(value, str) else None
    if text is not None and len(text) > limit:
        return f"{text[:limit]!r}… ({len(text):,} characters)"
    shown = repr(value) if text is None else repr(text)
    return shown if len(shown) <= limit + 2 else shown[:limit] + "…"


# --- reading bytes ------------------------------------------------------------------------------
def _os_problem(e: OSError) -> str:
    if e.errno in (errno.EACCES, errno.EPERM):
        return "cannot be read: permission denied"
    if e.errno == errno.ENOENT:
        return "not found"
    if e.errno == errno.ELOOP:
        return "cannot be read: too many symbolic links (a link loop?)"
    if e.errno == errno.ENAMETOOLONG:
        return "cannot be read: the name is too long"
    if e.errno == errno.ENOTDIR:
        return "not found (a part of its path is a file, not a folder)"
    return f"cannot be read ({e.strerror or e})"


def _kind_of(mode: int) -> str:
    if stat.S_ISDIR(mode):
        return "a folder"
    if stat.S_ISFIFO(mode):
        return "a pipe (FIFO)"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    return "not a regular file"


def check_regular(path: str | os.PathLike[str], limit: int, what: str = "file") -> int:
    """The size of ``path`` if it is a regular file (links followed) of at most ``limit``
    bytes; DataError otherwise. Nothing is opened."""
    try:
        st = os.stat(path)
    except OSError as e:
        raise DataError(path, f"{what} {_os_problem(e)}") from None
    except ValueError:  # a NUL byte in the name
        raise DataError(excerpt(str(path), 200), f"{what} name is not a valid file name") from None
    if not stat.S_ISREG(st.st_mode):
        raise DataError(path, f"{what} is {_kind_of(st.st_mode)}, not a regular file")
    if st.st_size > limit:
        raise DataError(path, f"{what} too large ({st.st_size:,} bytes; at most {limit:,})")
    return st.st_size


def read_bytes(path: str | os.PathLike[str], limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most ``limit`` bytes (DataError otherwise)."""
    check_regular(path, limit, what)
    try:
        # O_NONBLOCK: should the file have been swapped for a pipe since the check, opening it
        # does not wait for a writer; the check on the open descriptor then refuses it.
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise DataError(path, f"{what} {_os_problem(e)}") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise DataError(path, f"{what} is {_kind_of(st.st_mode)}, not a regular file")
        chunks, got = [], 0
        while got <= limit:  # read at most limit + 1 bytes: a file that grew is still refused
            chunk = os.read(fd, min(1 << 20, limit + 1 - got))
            if not chunk:
                break
            chunks.append(chunk)
            got += len(chunk)
    except OSError as e:
        raise DataError(path, f"{what} {_os_problem(e)}") from None
    finally:
        os.close(fd)
    if got > limit:
        raise DataError(path, f"{what} too large (more than {limit:,} bytes)")
    return b"".join(chunks)


def read_text(path: str | os.PathLike[str], limit: int, what: str = "file") -> str:
    """The UTF-8 text of a regular file of at most ``limit`` bytes (DataError otherwise)."""
    data = read_bytes(path, limit, what)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise DataError(path, f"{what} is not a text file (not UTF-8: byte {e.start + 1} cannot be read)") from None
    if text.startswith("\ufeff"):  # a byte-order mark some editors write
        text = text[1:]
    return text


# --- YAML -----------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Limits:
    """How much a data file may hold. The defaults fit every file hexwar ships with room
    to spare (the largest scenario: 110 KB, 3,800 values, 8 levels deep)."""

    max_bytes: int = 2_000_000
    max_depth: int = 32  # lists and mappings inside each other
    max_values: int = 200_000  # every scalar, list and mapping, aliases counted as expanded
    aliases: bool = False  # allow anchors (&a) and aliases (*a)
    max_number_chars: int = 32  # a longer number is refused before it is converted


_PLAIN = "tag:yaml.org,2002:"
_SCALAR_TAGS = {_PLAIN + t for t in ("str", "int", "float", "bool", "null", "timestamp")}


class _Frame:
    __slots__ = ("value", "is_map", "key", "key_mark", "anchor", "size")

    def __init__(self, value: Any, is_map: bool, anchor: str | None) -> None:
        self.value = value
        self.is_map = is_map
        self.key: Any = _NO_KEY
        self.key_mark: Any = None
        self.anchor = anchor
        self.size = 1


_NO_KEY = object()


class _Builder:
    """Builds plain Python data from the parser's events, enforcing ``Limits``."""

    def __init__(self, path: object, text: str, limits: Limits) -> None:
        self.path = path
        self.limits = limits
        self.yaml = yaml = _yaml()
        # PyYAML's C parser when it has one (ten times faster); the pure-Python one otherwise.
        self.loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
        self.anchors: dict[str, tuple[Any, int]] = {}
        self.values = 0

    def fail(self, problem: str, mark: Any = None) -> DataError:
        where = f"line {mark.line + 1}: " if mark is not None else ""
        return DataError(self.path, where + problem)

    def count(self, n: int, mark: Any) -> None:
        self.values += n
        if self.values > self.limits.max_values:
            raise self.fail(f"holds more than {self.limits.max_values:,} values "
                            "(aliases counted as often as they are used)", mark)

    def scalar(self, ev: Any) -> Any:
        yaml = self.yaml
        tag = ev.tag
        if tag is None or tag == "!":
            tag = self.loader.resolve(yaml.ScalarNode, ev.value, ev.implicit)
        if tag not in _SCALAR_TAGS:
            raise self.fail(f"the tag {clip(tag, 50)} is not allowed here", ev.start_mark)
        value = ev.value
        if tag == _PLAIN + "str":
            return value
        if tag in (_PLAIN + "int", _PLAIN + "float") and len(value) > self.limits.max_number_chars:
            raise self.fail(f"a number {len(value):,} characters long ({clip(value, 12)}); at most "
                            f"{self.limits.max_number_chars} are allowed", ev.start_mark)
        node = yaml.ScalarNode(tag, value, ev.start_mark, ev.end_mark, ev.style)
        try:
            got = self.loader.yaml_constructors[tag](self.loader, node)
        except (ValueError, OverflowError, yaml.YAMLError):
            raise self.fail(f"{excerpt(value, 40)} is not a valid {tag[len(_PLAIN):]}", ev.start_mark) from None
        if isinstance(got, float) and not math.isfinite(got):
            raise self.fail(f"the number {excerpt(value, 20)} is not finite", ev.start_mark)
        return got

    def build(self) -> Any:
        yaml = self.yaml
        ld = self.loader
        stack: list[_Frame] = []
        docs = 0
        result: Any = None
        try:
            while ld.check_event():
                ev = ld.get_event()
                if isinstance(ev, (yaml.StreamStartEvent, yaml.StreamEndEvent, yaml.DocumentEndEvent)):
                    continue
                if isinstance(ev, yaml.DocumentStartEvent):
                    docs += 1
                    if docs > 1:
                        raise self.fail("holds more than one YAML document", ev.start_mark)
                    continue
                anchor = getattr(ev, "anchor", None)
                if anchor is not None and not self.limits.aliases:
                    raise self.fail(f"uses YAML anchors and aliases (&{clip(anchor, 30)}), which this kind "
                                    "of file never needs", ev.start_mark)
                if isinstance(ev, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                    frame = stack.pop()
                    if frame.anchor is not None:
                        self.anchors[frame.anchor] = (frame.value, frame.size)
                    if stack:
                        stack[-1].size += frame.size
                    value, size, mark = frame.value, 0, ev.start_mark
                    done = True
                else:
                    done = False
                if isinstance(ev, yaml.AliasEvent):
                    if not self.limits.aliases:
                        raise self.fail(f"uses YAML anchors and aliases (*{clip(ev.anchor or '', 30)}), which this "
                                        "kind of file never needs", ev.start_mark)
                    if ev.anchor not in self.anchors:
                        raise self.fail(f"the alias *{clip(ev.anchor or '', 30)} refers to nothing defined "
                                        "before it (or to the list or mapping it is in)", ev.start_mark)
                    value, size = self.anchors[ev.anchor]
                    self.count(size, ev.start_mark)
                    mark = ev.start_mark
                elif isinstance(ev, yaml.ScalarEvent):
                    self.count(1, ev.start_mark)
                    value, size, mark = self.scalar(ev), 1, ev.start_mark
                    if anchor is not None:
                        self.anchors[anchor] = (value, 1)
                elif isinstance(ev, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                    is_map = isinstance(ev, yaml.MappingStartEvent)
                    if ev.tag not in (None, "!", _PLAIN + ("map" if is_map else "seq")):
                        raise self.fail(f"the tag {clip(ev.tag, 50)} is not allowed here", ev.start_mark)
                    if len(stack) >= self.limits.max_depth:
                        raise self.fail(f"nested more than {self.limits.max_depth} levels deep", ev.start_mark)
                    self.count(1, ev.start_mark)
                    if stack and stack[-1].is_map and stack[-1].key is _NO_KEY:
                        raise self.fail("a key is a list or a mapping; keys must be plain values", ev.start_mark)
                    stack.append(_Frame({} if is_map else [], is_map, anchor))
                    continue
                elif not done:
                    continue
                # a finished value: put it in its container
                if not stack:
                    result = value
                    continue
                top = stack[-1]
                if not done:
                    top.size += size
                if not top.is_map:
                    top.value.append(value)
                elif top.key is _NO_KEY:
                    try:
                        hash(value)
                    except TypeError:
                        raise self.fail("a key is a list or a mapping; keys must be plain values", mark) from None
                    if value in top.value:
                        raise self.fail(f"the key {excerpt(value, 40)} is given twice in the same mapping", mark)
                    top.key, top.key_mark = value, mark
                else:
                    top.value[top.key] = value
                    top.key = _NO_KEY
        except yaml.MarkedYAMLError as e:
            mark = e.problem_mark or e.context_mark
            problem = " ".join(str(e.problem or e.context or "cannot be read").split())
            if "nesting depth" in problem:  # libyaml's own limit, before ours could count
                raise self.fail(f"nested more than {self.limits.max_depth} levels deep", mark) from None
            raise self.fail(f"not valid YAML: {clip(problem, 120)}", mark) from None
        except yaml.YAMLError as e:
            raise self.fail(f"not valid YAML: {clip(' '.join(str(e).split()), 120)}") from None
        finally:
            ld.dispose()
        return result


def parse_yaml(text: str, path: object, limits: Limits = Limits()) -> Any:
    """Plain data (dicts, lists, str, int, float, bool, None, dates) from YAML text, within
    ``limits``; DataError naming ``path`` otherwise."""
    return _Builder(path, text, limits).build()


def load_yaml(path: str | os.PathLike[str], limits: Limits = Limits(), what: str = "file") -> Any:
    """Read a YAML file safely (see the module's docstring); DataError naming the file."""
    return parse_yaml(read_text(path, limits.max_bytes, what), path, limits)


# --- JSON -----------------------------------------------------------------------------------------
def load_json(path: str | os.PathLike[str], limits: Limits = Limits(), what: str = "file") -> Any:
    """Read a JSON file with the same bounds as YAML (no NaN or Infinity, no key twice)."""
    text = read_text(path, limits.max_bytes, what)

    def pairs(items: list[tuple[str, Any]]) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for k, v in items:
            if k in out:
                raise DataError(path, f"the key {excerpt(k, 40)} is given twice in the same object")
            out[k] = v
        return out

    def number(text: str) -> Any:
        if len(text) > limits.max_number_chars:
            raise DataError(path, f"a number {len(text):,} characters long ({clip(text, 12)}); at most "
                                  f"{limits.max_number_chars} are allowed")
        got = float(text) if any(c in text for c in ".eE") else int(text)
        if isinstance(got, float) and not math.isfinite(got):
            raise DataError(path, f"the number {excerpt(text, 20)} is not finite")
        return got

    def constant(text: str) -> Any:
        raise DataError(path, f"{text} is not a number JSON allows")

    try:
        data = json.loads(text, object_pairs_hook=pairs, parse_int=number, parse_float=number,
                          parse_constant=constant)
    except RecursionError:
        raise DataError(path, f"nested more than {limits.max_depth} levels deep") from None
    except json.JSONDecodeError as e:
        raise DataError(path, f"line {e.lineno}: not valid JSON: {e.msg}") from None
    check_shape(data, path, limits)
    return data


def check_shape(data: Any, path: object, limits: Limits) -> None:
    """Depth and number of values of data already built (a tree: no sharing)."""
    todo = [(data, 1)]
    n = 0
    while todo:
        x, depth = todo.pop()
        n += 1
        if n > limits.max_values:
            raise DataError(path, f"holds more than {limits.max_values:,} values")
        if isinstance(x, (dict, list)):
            if depth > limits.max_depth:
                raise DataError(path, f"nested more than {limits.max_depth} levels deep")
            todo.extend((v, depth + 1) for v in (x.values() if isinstance(x, dict) else x))


@contextmanager
def refusing_bad_shapes(path: object, what: str) -> Iterator[None]:
    """Turn an error raised while reading the data of ``path`` (a value of the wrong kind where
    a reader converts it: ``int("x")``, ``d["key"]`` of a list …) into a DataError, so no
    file can give a traceback. Readers check what they can by name first; this is the net."""
    try:
        yield
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, OverflowError, ZeroDivisionError) as e:
        detail = clip(" ".join(str(e).split()), 160) or type(e).__name__
        raise DataError(path, f"not a valid {what}: a value has the wrong form ({detail})") from None


def inside(path: str | os.PathLike[str], folder: str | os.PathLike[str]) -> bool:
    """True when ``path`` (links resolved) is ``folder`` or inside it: a real containment test,
    where a string-prefix test would let ``../maps_evil/x`` pass for ``../maps``."""
    try:
        return Path(path).resolve().is_relative_to(Path(folder).resolve())
    except (OSError, RuntimeError, ValueError):  # a link loop, a NUL in the name
        return False


# --- the player's own files -----------------------------------------------------------------------
def set_aside(path: str | os.PathLike[str]) -> Path | None:
    """Rename a damaged file of the player's to ``<name>.damaged-<date-time>`` beside it (never
    deleting anything, never overwriting an earlier one) and return the new name; None when it
    cannot be renamed either."""
    p = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(100):
        target = p.with_name(f"{p.name}.damaged-{stamp}" + (f"-{n}" if n else ""))
        if target.exists() or target.is_symlink():
            continue
        try:
            os.rename(p, target)  # never across folders, so never a copy
        except OSError:
            return None
        return target
    return None


# --- when writing fails ---------------------------------------------------------------------------
@dataclass(frozen=True)
class WriteProblem:
    """A failed write, in plain words for the player: what happened, why, what to do."""

    what: str
    why: str
    todo: str

    def __str__(self) -> str:
        return f"{self.what} {self.why} {self.todo}"


def write_problem(error: BaseException, path: object = None,
                  what: str = "The game is not being saved.") -> WriteProblem:
    """Turn the error of a failed save into a ``WriteProblem`` (for the autosave: the game goes
    on, and the last good save stays as it was, since saves are written atomically)."""
    folder = f" ({Path(str(path)).parent})" if path is not None else ""
    elsewhere = "save the game to another folder or disk"
    moved = "or start hexwar with HEXWAR_DATA_DIR set to a folder you can write to"
    code = getattr(error, "errno", None)
    if code in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG):
        why = f"The disk of the saves folder{folder} is full."
        todo = f"Free some space on that disk, or {elsewhere}."
    elif code == errno.EROFS:
        why = f"The saves folder{folder} is on a disk that is read-only."
        todo = f"Make the disk writable, {elsewhere}, {moved}."
    elif code in (errno.EACCES, errno.EPERM):
        why = f"hexwar may not write in the saves folder{folder}."
        todo = f"Allow writing in that folder, {elsewhere}, {moved}."
    elif code in (errno.ENOENT, errno.ENOTDIR, errno.EEXIST, errno.EISDIR):
        why = f"The saves folder{folder} cannot be used: it is gone, or a file stands in its way."
        todo = f"Put the folder back, {elsewhere}, {moved}."
    elif code == errno.EIO:
        why = f"The disk of the saves folder{folder} reported an error while writing."
        todo = f"Check that disk, and {elsewhere}."
    else:
        detail = getattr(error, "strerror", None) or str(error) or type(error).__name__
        why = f"Writing in the saves folder{folder} failed: {clip(' '.join(str(detail).split()), 120)}."
        todo = f"{elsewhere[0].upper()}{elsewhere[1:]}."
    return WriteProblem(what, why, todo)
