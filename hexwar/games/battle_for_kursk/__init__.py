"""Battle for Kursk: The Tigers Are Burning, 1943 (Trevor Bender): Army Groups Center and
South against the Soviet fronts, March to November 1943."""
from __future__ import annotations

from typing import Any

from ...core.entry import GameEntry, NationInfo, PhaseInfo, SideInfo, options_from
from ...loaders.game_files import standard_loader
from . import tables, texts

GAME_ID = tables.GAME_ID
TITLE = "Battle for Kursk"
TERRAINS = tables.TERRAINS
FEATURE_KINDS = tables.FEATURE_KINDS
OPTIONS = tables.OPTIONS

# The rules' own phase kinds -> the client's steps with the same widgets.
CLIENT_KIND = {"posture": "choice", "replacement": "buildup", "armor_rail": "special"}


def make_rules(board: Any, scenario: Any, options: dict[str, Any] | None = None) -> Any:
    from .rules import KurskRules

    return KurskRules(board, scenario, options)


GAME = GameEntry(
    id=GAME_ID,
    title=TITLE,
    sides=(SideInfo("german", "German", (58, 60, 64), "G"),
           SideInfo("russian", "Russian", (178, 36, 30), "R", round=True)),
    sequence=tuple(PhaseInfo(p.id, p.name, p.side, CLIENT_KIND.get(p.kind, p.kind), p.rule, p.summary,
                             tuple(texts.PHASE_HELP.get(p.id, ()))) for p in tables.PHASES),
    make_rules=make_rules,
    load=standard_loader(TERRAINS, FEATURE_KINDS),
    options=options_from(OPTIONS),
    steps=texts.STEPS,
    nations=(NationInfo("german", "German", (150, 156, 138), (16, 16, 16)),
             NationInfo("hungarian", "Hungarian", (158, 118, 186), (16, 16, 16)),  # the occupation groups
             NationInfo("soviet", "Soviet", (168, 78, 52), (255, 250, 240))),
    default_scenario="full",
    order=2,
    ai="hexwar.ai.battle_for_kursk",
    client="hexwar.ui.games.battle_for_kursk",
    extra={"crt": tables.CRT_TABLE, "move_costs": tables.MOVE_COST, "mode_notes": texts.MODE_NOTES,
           "results": texts.RESULT_WORDS},
)
