"""Objective: Kiev (Frank Chadwick): Army Group South against the Southwestern Front, 1941."""
from __future__ import annotations

from typing import Any

from ...core.entry import GameEntry, NationInfo, PhaseInfo, SideInfo, options_from
from ...loaders.game_files import standard_loader
from . import tables, texts

GAME_ID = tables.GAME_ID
TITLE = "Objective: Kiev"
TERRAINS = tables.TERRAINS
OPTIONS = tables.OPTIONS


def make_rules(board: Any, scenario: Any, options: dict[str, Any] | None = None) -> Any:
    from .rules import KievRules

    return KievRules(board, scenario, options)


GAME = GameEntry(
    id=GAME_ID,
    title=TITLE,
    sides=(SideInfo("axis", "Axis", (58, 60, 64), "A"),
           SideInfo("soviet", "Soviet", (178, 36, 30), "S", round=True)),
    sequence=tuple(PhaseInfo(p.id, p.name, p.side, p.kind, p.rule, p.summary, tuple(texts.PHASE_HELP.get(p.id, ())))
                   for p in tables.PHASES),
    make_rules=make_rules,
    load=standard_loader(TERRAINS),
    options=options_from(OPTIONS, texts.OPTION_TITLES),
    steps=texts.steps(),
    nations=(NationInfo("german", "German", (150, 156, 138), (16, 16, 16)),
             NationInfo("hungarian", "Hungarian", (158, 118, 186), (16, 16, 16)),
             NationInfo("italian", "Italian", (172, 214, 142), (16, 16, 16)),  # the CSIR
             NationInfo("romanian", "Romanian", (150, 196, 236), (16, 16, 16)),
             NationInfo("slovak", "Slovak", (232, 196, 96), (16, 16, 16)),
             NationInfo("soviet", "Soviet", (168, 78, 52), (255, 250, 240))),
    order=1,
    ai="hexwar.ai.objective_kiev",
    client="hexwar.ui.games.objective_kiev",
    extra={"crt": tables.CRT_TABLE, "move_costs": tables.MOVE_COST, "mode_notes": texts.MODE_NOTES,
           "results": texts.RESULT_WORDS, "explain": texts.EXPLAIN,
           "explain_short": texts.EXPLAIN_SHORT, "victory_rule": "5.0",
           "results_rule": "10.6"},
)
