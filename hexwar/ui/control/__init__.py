"""Clicks and keys -> actions through the game contract (no pygame): the ``Controller`` and
what it is made of.

    controller.py  the Controller: selection, clicks, undo and redo
    queries.py     what it works out from the game: the view, the step, the legal actions and
                   what follows from them (``Queries``)
    log.py         the log, the status line and the die just rolled (``Journal``)
    secrets.py     what one side must not read of the other's decisions
    battle.py      the battle being built by clicks (``BattleBuilder``)
    hexinfo.py     a hex in words (``HexInfo``)
"""
from __future__ import annotations

from .controller import PAST_REFUSAL, Controller
from .log import DieShow, LogEntry, Status
from .queries import ChoiceGroup, Option
from .secrets import is_secret, secret_text

__all__ = ["PAST_REFUSAL", "ChoiceGroup", "Controller", "DieShow", "LogEntry", "Option", "Status", "is_secret",
           "secret_text"]
