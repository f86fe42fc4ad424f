"""Kasserine Pass (John Hill, Conflict Games 1972): the Axis offensive through the
Western Dorsal, 14-25 February 1943."""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path
from typing import Any

from ...core.board import Board
from ...core.entry import GameEntry, NationInfo, OptionInfo, PhaseInfo, SideInfo, options_from
from ...loaders.game_files import map_file
from ...loaders.tmx import load_board as _load_board
from . import scenario as _scenario
from . import (
    texts,
    verbs,  # noqa: F401  (registers this game's verbs with the notation)
)
from .common import GAME_ID, SEQUENCE

TITLE = "Kasserine Pass"
TERRAINS = ("plain", "high_ground", "rugged_crest", "river")
FEATURE_KINDS = ("road", "cliff")
OPTIONS = {
    "initial_placement": (False, "Optional rule German Initial Placement: the entry hex counts against a German "
                                 "unit's movement (KP-OPT-INITIAL-PLACEMENT)"),
    "advance_limit": (False, "Optional rule Advance After Combat: no advance through terrain costing more MP than "
                             "the unit's movement factor (KP-OPT-ADVANCE)"),
    "rangers_zoc": (False, "Optional rule American Rangers ZOC: German armor cannot pass through the Rangers' zone "
                           "(KP-OPT-RANGERS-ZOC)"),
    "italian_zoc": (False, "Optional rule Italian Infantry ZOC: American armor and British and French units pass "
                           "through Italian infantry zones at +2 MP a hex (KP-OPT-ITALIAN-ZOC)"),
    "air_power": (False, "Optional rule Allied Air Power: from 22 February one Allied attack a turn goes up one "
                         "column (KP-OPT-AIR-POWER)"),
    "air_power_by_die": (False, "With Allied Air Power: roll a die on 22 February; 4-6 gives the Allies air "
                                "superiority for the rest of the game (decision D11)"),
    "errata_crest": (False, "Crest errata: read the errata's crest answer as a 2 MP rugged crest hex instead of "
                            "the terrain table's 8 MP (decision D2)"),
    "sliding_crt": (False, "Sliding combat table: read the table's unprinted rows 7-12 as sliding: each pip above "
                           "6 reads the middle row one column further toward the attacker, so a bold 1-3 can win on "
                           "11 or 12, instead of mirroring rows 2-6 (decision D1)"),
}


def _options() -> tuple[OptionInfo, ...]:
    """The options as the menu shows them: the rule named as the rulebook's section."""
    return tuple(replace(o, rule=texts.rule_words(o.rule), help=texts.rule_words(o.help))
                 for o in options_from(OPTIONS))


def load_scenario(path: Any) -> _scenario.KPScenario:
    """This game's scenario schema (docs/kasserine-pass/scenario-format.md)."""
    return _scenario.load_scenario(path)


def load_board(path: Any) -> Board:
    """The map with this game's terrain names and hexside features (roads, cliffs)."""
    return _load_board(path, TERRAINS, FEATURE_KINDS)


def load(scenario_file: Path, maps_dir: Path) -> tuple[Board, _scenario.KPScenario]:
    scen = load_scenario(scenario_file)
    return load_board(map_file(scenario_file, scen.map, maps_dir)), scen


def make_rules(board: Board, scenario: Any, options: dict[str, Any] | None = None) -> Any:
    from .rules import KPRules

    return KPRules(board, scenario, options)


GAME = GameEntry(
    id=GAME_ID,
    title=TITLE,
    sides=(SideInfo("axis", "Axis", (58, 60, 64), "A"),
           SideInfo("allied", "Allied", (92, 110, 52), "Al", round=True)),
    # The player reads the rulebook's section names where the engine cites rule-case ids.
    # The rulebook's sections name the phases (it has no numbers): the header shows them.
    sequence=tuple(PhaseInfo(p.id, p.name, p.side, p.kind, texts.rule_words(p.rule),
                             texts.rule_words(texts.PHASE_HELP[p.id][0]),
                             tuple(texts.rule_words(x) for x in texts.PHASE_HELP[p.id])) for p in SEQUENCE),
    make_rules=make_rules,
    load=load,
    options=_options(),
    steps=texts.STEPS,
    nations=(NationInfo("german", "German", (150, 156, 138), (16, 16, 16)),
             NationInfo("italian", "Italian", (172, 214, 142), (16, 16, 16)),
             NationInfo("us", "US", (112, 128, 72), (255, 255, 240)),
             NationInfo("american", "US", (112, 128, 72), (255, 255, 240)),
             NationInfo("british", "British", (200, 180, 128), (16, 16, 16)),
             NationInfo("french", "French", (150, 178, 214), (16, 16, 16))),
    order=3,
    # The map's terrain ids as the rulebook's Terrain Effects Chart names them (the hex tooltip).
    extra={"terrain_names": {"plain": "plain", "high_ground": "high ground", "rugged_crest": "rugged crest",
                             "river": "river hex", "road": "road", "cliff": "cliff"}},
    ai="hexwar.ai.kasserine_pass",
    client="hexwar.ui.games.kasserine_pass",
    rule_words=texts.rule_words,  # the rule-case ids (KP-ZOC) as the rulebook's section names
)

__all__ = ["GAME", "GAME_ID", "TITLE", "TERRAINS", "FEATURE_KINDS", "OPTIONS", "load_scenario", "load_board",
           "make_rules"]
