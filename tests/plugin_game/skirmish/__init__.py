"""Skirmish at Mill Ford: a tiny game of our own that plugs into hexwar by its folder alone.

Blue must take the village of Mill Ford across the brook within four turns; Red holds it.
It lives outside ``hexwar/`` (``hexwar.games.add_folder(<this folder>)`` registers it), keeps
its map and scenario beside its code (``data``) and names its computer players by module.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

from hexwar.core.entry import GameEntry, NationInfo, PhaseInfo, SideInfo, options_from
from hexwar.loaders.game_files import standard_loader

from . import tables, texts

GAME_ID = tables.GAME_ID


def make_rules(board: Any, scenario: Any, options: dict[str, Any] | None = None) -> Any:
    from .rules import SkirmishRules

    return SkirmishRules(board, scenario, options)


GAME = GameEntry(
    id=GAME_ID,
    title="Skirmish at Mill Ford",
    sides=(SideInfo("blue", "Blue", (40, 80, 170), "B"),
           SideInfo("red", "Red", (170, 40, 40), "R", round=True)),
    sequence=tuple(PhaseInfo(p.id, p.name, p.side, p.kind, p.rule, p.summary, tuple(texts.PHASE_HELP.get(p.id, ())))
                   for p in tables.PHASES),
    make_rules=make_rules,
    load=standard_loader(tables.TERRAINS, ("river",)),
    options=options_from(tables.OPTIONS, texts.OPTION_TITLES),
    steps=texts.steps(),
    nations=(NationInfo("blue", "Blue", (120, 150, 210), (16, 16, 16)),
             NationInfo("red", "Red", (214, 128, 118), (16, 16, 16))),
    order=900,  # after the real games in every menu
    # Named, not imported: this package may be imported under any name (add_folder uses the
    # folder's), so the module is found relative to it.
    ai=f"{__name__}.ai",
    client="",  # the generic client
    data=Path(__file__).resolve().parent,  # maps/ and scenarios/<id>/ beside the code
    extra={"rules": texts.RULES, "results": texts.RESULT_WORDS},
)
