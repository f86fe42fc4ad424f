"""Battle for Kursk tables: sequence of play, terrain effects, combat results, postures.

The printed charts are not in the rulebook. The CRT is the reconstruction of
../shared/reference/data-kiev-kursk.md §3.2, which satisfies every worked example
(tests/games/battle_for_kursk/test_examples.py keeps that true); the terrain chart is
§3.3. Provenance: docs/data-provenance.md and docs/battle-for-kursk/rules-decisions.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.combat import CRT

GAME_ID = "battle-for-kursk"
SIDES = ("german", "russian")
SIDE_NAMES = {"german": "German", "russian": "Russian"}


@dataclass(frozen=True)
class Phase:
    id: str
    side: str | None
    name: str
    rule: str
    kind: str  # setup, posture, replacement, armor_rail, combat, movement, housekeeping
    needs: str = ""  # the posture activity that grants the phase (12.0); "" = always held
    summary: str = ""


# 4.0: ten phases a turn; the short scenario's Russian step allocation comes first, once.
PHASES = (
    Phase("russian_setup", "russian", "Russian set-up steps", "4.0", "setup", "",
          "Short scenario: flip reduced Russian units to full with the 17 infantry and 8 armor steps."),
    Phase("posture", None, "Posture selection", "4.0 phase 1, 12.0", "posture", "",
          "Both players choose a posture in secret; then both are revealed."),
    Phase("german_replacement", "german", "German replacement", "4.0 phase 2, 10.0", "replacement", "replacement",
          "Spend infantry and armor replacement points; take negative ones."),
    Phase("german_armor_rail", "german", "German armor and rail movement", "4.0 phase 3, 8.1", "armor_rail",
          "armor_rail_movement", "Panzers move; infantry on a rail line on its own side moves by rail."),
    Phase("german_combat", "german", "German combat", "4.0 phase 4, 9.0", "combat", "combat",
          "Declare every German battle, then resolve them one by one."),
    Phase("german_movement", "german", "German movement", "4.0 phase 5, 8.0", "movement", "movement",
          "Every German unit may move."),
    Phase("russian_replacement", "russian", "Russian replacement", "4.0 phase 6, 10.0", "replacement", "replacement",
          "Spend infantry and armor replacement points."),
    Phase("russian_armor_rail", "russian", "Russian armor and rail movement", "4.0 phase 7, 8.1", "armor_rail",
          "armor_rail_movement", "Tank and Guards units move; infantry on a rail line on its own side moves by rail."),
    Phase("russian_combat", "russian", "Russian combat", "4.0 phase 8, 9.0", "combat", "combat",
          "Declare every Russian battle, then resolve them one by one."),
    Phase("russian_movement", "russian", "Russian movement", "4.0 phase 9, 8.0", "movement", "movement",
          "Every Russian unit may move."),
    Phase("housekeeping", None, "Housekeeping", "4.0 phase 10, 5.0", "housekeeping", "",
          "Advance the turn marker, or judge victory after turn 8."),
)
PHASE = {p.id: p for p in PHASES}
PHASE_IDS = tuple(p.id for p in PHASES)
TURN_PHASES = PHASE_IDS[1:]

# Terrain Effects Chart (data-kiev-kursk.md §3.3; movement examples 1-2, 9.2).
TERRAINS = ("clear", "forest", "rough", "marsh")
FEATURE_KINDS = ("river", "major_river", "rail", "start_line")
MOVE_COST = {"clear": 1, "forest": 2, "rough": 2}  # marsh: all of the unit's MP (movement example 2)
ALL_MP_TERRAIN = frozenset({"marsh"})
DEFENSE_SHIFT_TERRAIN = frozenset({"forest", "rough"})  # 9.2 (a major city and a fortification too)
RAIL_COST = 1  # 8.1

RESULTS = {
    "NE": "No effect",
    "DR": "Defender retreats two hexes",
    "DRL": "Defender loses a step, then retreats two hexes",
    "DE": "Defender eliminated",
    "EX": "Exchange: defender loses a step and retreats, attacker loses at least as many strength points",
    "AL": "One attacking unit loses a step",
    "SF": "Stand Fast: the defender loses one step and stays",
}
RETREAT_LENGTH = 2  # 9.3 DR

# Combat Results Table: RECONSTRUCTED (data-kiev-kursk.md §3.2); high rolls favour the
# attacker, as the worked examples imply. Columns 1:1 .. 6:1 are odds indexes 0 .. 5.
CRT_TABLE = CRT(
    columns=(0, 1, 2, 3, 4, 5),
    rows={
        1: ("AL", "NE", "DR", "DR", "DR", "DRL"),
        2: ("NE", "NE", "DR", "DR", "DRL", "DRL"),
        3: ("NE", "DR", "DR", "EX", "DRL", "DE"),
        4: ("NE", "DR", "EX", "DRL", "DRL", "DE"),
        5: ("DR", "EX", "EX", "DRL", "DE", "DE"),
        6: ("EX", "EX", "DRL", "DE", "DE", "DE"),
    },
    results=RESULTS,
)
MIN_ODDS, MAX_ODDS = 0, 5  # 9.1: below 1:1 after shifts no effect; above 6:1 read as 6:1

# Replacement point of each unit class (10.5): shock units are infantry.
POINT_OF_KIND = {"infantry": "irp", "armor": "arp"}
POINT_NAMES = {"irp": "infantry", "arp": "armor"}

OPTIONS = {
    "mud_roll": (False, "11.3: roll for mud at the start of each turn instead of the fixed mud turns"),
}
