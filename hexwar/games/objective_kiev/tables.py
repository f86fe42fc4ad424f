"""Objective: Kiev tables: sequence of play, terrain effects, combat results.

The printed CRT and TEC are not in the rulebook. The CRT is borrowed from Battle
for Moscow (the same designer and system, rule 14.0); see docs/data-provenance.md.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.combat import CRT
from ...core.hexgrid import Hex

GAME_ID = "objective-kiev"
SIDES = ("axis", "soviet")
SIDE_NAMES = {"axis": "Axis", "soviet": "Soviet"}


def enemy(side: str) -> str:
    return "soviet" if side == "axis" else "axis"


@dataclass(frozen=True)
class Phase:
    id: str
    side: str | None
    name: str
    rule: str
    kind: str  # setup, buildup, movement, special, combat, housekeeping
    summary: str


# 4.0: nine phases a turn (the two set-up phases come first, once, 6.0).
PHASES = (
    Phase("soviet_setup", "soviet", "Soviet set-up", "6.0", "setup",
          "Place the Soviet armies and the untried mech corps on their marked hexes."),
    Phase("axis_setup", "axis", "Axis set-up", "6.0", "setup",
          "Place the Axis corps on the black crosses in Romania and Poland."),
    Phase("axis_buildup", "axis", "Axis build-up", "4.0 phase 1, 11.0, 12.0", "buildup",
          "Spend replacement steps and place arriving Axis units."),
    Phase("axis_movement", "axis", "Axis movement", "4.0 phase 2, 9.0", "movement",
          "Every Axis unit may move up to its movement allowance."),
    Phase("axis_combat", "axis", "Axis combat", "4.0 phase 3, 10.0", "combat",
          "Declare every Axis attack, then resolve the battles one by one."),
    Phase("axis_special", "axis", "Axis special movement", "4.0 phase 4, 9.4", "special",
          "Tank units move again; infantry not in an enemy zone moves half its allowance."),
    Phase("soviet_buildup", "soviet", "Soviet build-up", "4.0 phase 5, 11.0, 12.0", "buildup",
          "Spend replacement steps and place arriving Soviet units."),
    Phase("soviet_special", "soviet", "Soviet special movement", "4.0 phase 6, 9.4", "special",
          "Tank units move; infantry in reserve moves half its allowance or by rail."),
    Phase("soviet_combat", "soviet", "Soviet combat", "4.0 phase 7, 10.0", "combat",
          "Declare every Soviet attack, then resolve the battles one by one."),
    Phase("soviet_movement", "soviet", "Soviet movement", "4.0 phase 8, 9.0", "movement",
          "Every Soviet unit may move up to its movement allowance."),
    Phase("housekeeping", None, "Housekeeping", "4.0 phase 9, 5.0", "housekeeping",
          "Advance the turn marker, or judge victory after the last turn."),
)
PHASE = {p.id: p for p in PHASES}
TURN_PHASES = tuple(p.id for p in PHASES if p.kind != "setup")
FIRST_PHASE_OF_TURN_1 = "axis_combat"  # 6.0 step 9

# Terrain Effects Chart (reconstructed from the rule text: 9.4 example, 10.4).
TERRAINS = ("clear", "forest", "swamp")
MOVE_COST = {"clear": 1, "forest": 2, "swamp": 2}
DEFENSE_SHIFT_TERRAIN = frozenset({"forest", "swamp"})  # 10.4; a major city counts too
RAIL_COST = 1  # 9.3

# 10.8: the only Soviet set-up hexes whose units may attack into Romania on turn 1.
ROMANIA_BORDER_HEXES = frozenset({Hex(7, 8), Hex(8, 8), Hex(11, 10)})

# 10.9 Soviet Counterattack: mech attack multipliers by turn.
COUNTERATTACK = {1: 2.0, 2: 1.5}

# 10.6 result codes.
RESULTS = {
    "NE": "No effect",
    "DR": "Defender retreats two hexes",
    "DRL": "Defender loses a step, then retreats two hexes",
    "DE": "Defender eliminated",
    "EX": "Exchange: defender loses a step, attacker loses as many strength points, then the defender retreats",
    "AL": "Attacker loses a step",
}
RETREAT_LENGTH = 2  # 10.6 DR

# Combat Results Table, borrowed from Battle for Moscow (GDW chart, source S2); low rolls are
# better for the attacker. Columns 1:1 .. 6:1 are odds indexes 0 .. 5.
CRT_TABLE = CRT(
    columns=(0, 1, 2, 3, 4, 5),
    rows={
        1: ("DR", "DR", "DR", "DR", "DR", "DRL"),
        2: ("EX", "DR", "DR", "DR", "DRL", "DRL"),
        3: ("EX", "EX", "DR", "DR", "DRL", "DE"),
        4: ("NE", "EX", "EX", "DRL", "DRL", "DE"),
        5: ("NE", "NE", "EX", "DRL", "DE", "DE"),
        6: ("AL", "NE", "DRL", "DE", "DE", "DE"),
    },
    results=RESULTS,
)
MIN_ODDS, MAX_ODDS = 0, 5  # 10.3: below 1:1 no effect, above 6:1 read as 6:1

# 13.0 balance options (all off by default).
OPTIONS = {
    "axis_panzer_replacements_odd_turns": (
        False, "13.0: Axis may rebuild or restore German panzer corps only on turns 3, 5 and 7"),
    "no_axis_replacements": (False, "13.0: the Axis receives no replacements at all"),
    "axis_needs_one_city_less": (False, "13.0: the Axis wins with 15 cities and draws with 14"),
}
