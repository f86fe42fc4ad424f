"""Refusals and errors.

Three kinds, as python-chess splits them:
- ``Illegal``: a well-formed action that a rule forbids; names the rule and the reason.
- ``MalformedError``: input that makes no sense (bad hex id, unknown unit, bad notation).
- ``DataError``: a map, scenario or save file that cannot be used; names the file.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Illegal:
    """Why an action is refused: the rule case and a plain-words reason."""

    rule: str
    reason: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.reason}" if self.rule else self.reason


class HexwarError(Exception):
    """Base of every error hexwar raises on purpose."""


class MalformedError(HexwarError, ValueError):
    """Text or data that cannot be read as what it claims to be."""


class IllegalActionError(HexwarError):
    """Raised by ``Game.apply`` for an action that ``check`` refuses."""

    def __init__(self, illegal: Illegal, action: object = None) -> None:
        super().__init__(str(illegal))
        self.illegal = illegal
        self.action = action


MAX_PROBLEM = 600  # characters: a message must fit on a screen however large the file


class DataError(HexwarError):
    """A file hexwar cannot use: the message names the file and the problem (the problem
    cut to ``MAX_PROBLEM`` characters, since it may quote what the file holds)."""

    def __init__(self, path: object, problem: str) -> None:
        problem = str(problem)
        if len(problem) > MAX_PROBLEM:
            problem = problem[:MAX_PROBLEM] + "…"
        super().__init__(f"{path}: {problem}")
        self.path = str(path)
        self.problem = problem
