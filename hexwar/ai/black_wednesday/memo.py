"""Where the Black Wednesday players keep what they worked out, for speed only: every memo
gives the answer of the plain computation. Nothing is kept in the engine's objects.

- ``kept(fx, name)``: a memo of the match, shared by the decisions of every player of it (the
  same scenario, options and board): keyed by the facts' ``rules_key``, the last few matches kept.
- ``per_position(fx)``: a memo of one position (one decision), gone with its facts object.
"""
from __future__ import annotations

import weakref
from typing import Any

MATCHES = 8  # matches whose memos are kept (a tournament worker plays one after the other)
_BY_MATCH: dict[int, dict[str, dict]] = {}
_BY_POSITION: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def kept(fx: Any, name: str) -> dict:
    """The memo ``name`` of the match ``fx`` belongs to."""
    key = fx.rules_key
    per = _BY_MATCH.get(key)
    if per is None:
        while len(_BY_MATCH) >= MATCHES:
            _BY_MATCH.pop(next(iter(_BY_MATCH)))  # the oldest match
        per = _BY_MATCH[key] = {}
    got = per.get(name)
    if got is None:
        got = per[name] = {}
    return got


def forget(fx: Any, name: str) -> None:
    """Drop the memo ``name`` of the match (tests compare with a fresh computation)."""
    _BY_MATCH.get(fx.rules_key, {}).pop(name, None)


def per_position(fx: Any) -> dict:
    """A memo of this position only."""
    got = _BY_POSITION.get(fx)
    if got is None:
        got = _BY_POSITION[fx] = {}
    return got
