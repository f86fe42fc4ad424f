"""Loggers that import ``logging`` on their first use (no pygame).

``import logging`` is 13 M instructions, more than the client's menu spends on its own modules
before its first frame, where nothing is logged unless something is wrong. The modules on that
path take ``get_logger(__name__)``, which answers like ``logging.getLogger(__name__)`` once a
message is logged; ``when_used`` keeps a set-up (the client's ``logging.basicConfig``) for that
moment, and ``setup`` runs it (after the first frame, for the messages of other modules).
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

_PENDING: list[Callable[[], None]] = []


def when_used(fn: Callable[[], None]) -> None:
    """Run ``fn`` before the first message of any lazy logger (or at ``setup``)."""
    _PENDING.append(fn)


def setup() -> None:
    """Run the set-ups kept by ``when_used`` now (once)."""
    while _PENDING:
        _PENDING.pop(0)()


class Logger:
    """``logging.getLogger(name)``, made on its first use."""

    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        self.name = name

    def __getattr__(self, attr: str) -> Any:
        import logging

        setup()
        return getattr(logging.getLogger(self.name), attr)


def get_logger(name: str) -> Logger:
    return Logger(name)
