"""Kasserine Pass in plain words: what each phase and battle step asks of the player. The
rulebook has no rule numbers: these cite the ids of the project's rule-case list. Our own
words, never the rulebook's; the game's entry carries it."""
from __future__ import annotations

from ...core.entry import StepInfo

PHASE_HELP: dict[str, list[str]] = {
    "german_move": [
        "Move German and Italian units and bring on the day's arrivals, then end the phase.",
        "Arrivals enter in their entry areas on the east edge on their day (KP-OOB-GERMAN).",
        "Terrain sets the cost: along a road 1 MP a hex, every river hex 4 MP, crossing a cliff never "
        "(KP-TERRAIN, KP-RIVER-MOVE, KP-CLIFF).",
        "Entering an enemy zone of control stops the unit, and it may not stay there without attacking "
        "(KP-ZOC). Fighting costs Germans and Italians 2 MP, artillery included; one hex and fight is "
        "always possible (KP-COST-OF-COMBAT).",
        "Stacking goes by size, never more than four counters (KP-STACKING). German units may break down "
        "(KP-BREAKDOWN) and may leave an ENGAGED battle for 2 MP (KP-BREAK-OFF); engineers blow or "
        "rebuild bridges (KP-ENGINEERS).",
    ],
    "german_combat": [
        "Set up the German attacks, allocate artillery, then resolve each battle with two dice.",
        "The attacker allocates artillery first, then the defender; each battery supports one unit within "
        "its range (KP-ARTILLERY).",
        "An attacker lower than the defender, attacking up a cliff or out of a river hex is weakened, "
        "never below a quarter; a city doubles the defender; odds round in the defender's favour "
        "(KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK, KP-SEMI-CUMULATIVE, KP-CITY, KP-ODDS).",
        "The Germans may attack one unit of a stack (KP-SELECTIVE-ATTACK). CONTACT and ENGAGED carry "
        "over to the next turn (KP-RESULT-CONTACT, KP-RESULT-ENGAGED); see the table (KP-CRT).",
    ],
    "allied_move": [
        "Move Allied units and bring on the day's reinforcements, then end the phase.",
        "Reinforcements come by road 5, road 6 or Le Kef on their dates (KP-OOB-ALLIED).",
        "Roads 1 MP a hex, river hexes 4 MP, no cliff crossings (KP-TERRAIN, KP-RIVER-MOVE, KP-CLIFF). "
        "Fighting costs Allied units 4 MP, artillery included; one hex and fight is always possible "
        "(KP-COST-OF-COMBAT). Rangers move five hexes whatever the terrain (KP-RANGERS).",
        "An enemy zone of control stops the move and obliges an attack (KP-ZOC).",
    ],
    "allied_combat": [
        "Set up the Allied attacks, allocate artillery, then resolve each battle with two dice.",
        "Allied attacks take on a whole stack (KP-SELECTIVE-ATTACK). Artillery: attacker first, then "
        "defender, one battery per unit (KP-ARTILLERY).",
        "Height, cliffs, river hexes and cities change the factors as in the German combat phase "
        "(KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK, KP-CITY). With the air power option the Allies gain a "
        "column from 22 February (KP-OPT-AIR-POWER).",
    ],
}

STEPS: tuple[StepInfo, ...] = (
    StepInfo("roll", "Battle roll", "KP-CRT", prompt="{side} player: roll for the battle at {hex}."),
    StepInfo("retreat", "Retreat", "KP-RETREAT-TERRAIN", prompt="{side} player: choose a retreat path from {hex}."),
    StepInfo("advance", "Advance after combat", "KP-RESULT-D-BACK",
             prompt="{side} player: advance into {hex}, or decline."),
    StepInfo("exchange_loss", "Exchange losses", "KP-RESULT-EXCHANGE",
             prompt="{side} player: choose the units that pay the exchange."),
    StepInfo("attacker_loss", "Attacker's loss", "KP-RESULT-A-ELIM",
             prompt="{side} player: choose which attacking unit is lost."),
    StepInfo("overstack", "Overstack removal", "KP-STACKING",
             prompt="{side} player: remove units from the overstacked hex {hex}."),
)
