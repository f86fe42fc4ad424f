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

# The decisions the engine offers beyond moves and attacks, for the client's chooser.
CHOICES: dict[str, dict[str, str]] = {
    "support": {"title": "Artillery support: battery → unit", "rule": "KP-ARTILLERY",
                "help": "A battery within range adds its factor to one unit of an attack or of a defence; "
                        "the attacker allocates first, then the defender."},
    "select": {"title": "Selective attack on part of a stack", "rule": "KP-SELECTIVE-ATTACK",
               "help": "German units may attack some of the regular units of a stack and leave the rest; "
                       "artillery in a stack cannot be singled out (KP-ARTILLERY-STACK)."},
    "air": {"title": "Allied air power", "rule": "KP-OPT-AIR-POWER",
            "help": "Once a turn from {air_from}, raise one Allied attack one column."},
    "breakdown": {"title": "Break down a German unit", "rule": "KP-BREAKDOWN",
                  "help": "The unit becomes its two listed parts, in the same hex; they never recombine."},
    "blow": {"title": "Blow a bridge", "rule": "KP-ENGINEERS",
             "help": "Engineers in a bridge hex destroy it for {blow} MP; the road no longer crosses there."},
    "build": {"title": "Rebuild a bridge", "rule": "KP-ENGINEERS",
              "help": "Engineers in a blown bridge hex rebuild it for {build} MP."},
}

# The decisions inside a phase, by the keys ``Game.decisions`` gives them: the battle steps
# (the engine's stage kinds ``retreat``, ``loss``, ``advance``) and the declaring and resolving.
STEPS: tuple[StepInfo, ...] = (
    StepInfo("attack", "Declare an attack", "KP-ODDS",
             help="Any of your units next to an enemy hex may attack it, alone or together, from one stack or "
                  "several; each unit attacks one hex a phase and pays the cost of combat (KP-COST-OF-COMBAT). "
                  "The Allies attack a whole stack, the Germans may pick part of one (KP-SELECTIVE-ATTACK). Odds "
                  "worse than 1-6 are not allowed (KP-CRT).",
             prompt="{side} player: declare your attacks (a target, then its attackers), then end the step."),
    StepInfo("resolve", "Resolve an attack", "KP-CRT",
             help="Each declared attack is settled by two dice on the odds column, in the order you choose.",
             prompt="{side} player: resolve each attack with two dice."),
    StepInfo("retreat", "Retreat", "KP-RETREAT-TERRAIN",
             help="The units go back the number of hexes the result names, each hex further from where they "
                  "stood, never into or through an enemy zone of control, never over a cliff, never for more MP "
                  "than the unit's movement factor; a unit with no such path is eliminated "
                  "(KP-ERRATA-RETREAT-ZOC). Each path says where it ends and what it costs.",
             prompt="{side} player: choose a retreat path for your unit(s) at {hex}."),
    StepInfo("loss", "Pay the losses", "KP-EXCHANGE-LOSS",
             help="After A ELIM or EXCHANGE the attacker removes units worth at least the defender's basic "
                  "factor (doubled in a city), whatever the odds and the artillery were. A German unit may "
                  "break down first to pay closer to the sum (KP-BREAKDOWN).",
             prompt="{side} player: choose the attacking units that pay for the battle at {hex}."),
    StepInfo("advance", "Advance after combat", "KP-RESULT-D-BACK",
             help="Units of the battle may follow into the hexes the enemy left, as far as the result allows; "
                  "guns left behind in the first hex are captured (KP-ARTILLERY-STACK).",
             prompt="{side} player: advance into {hex}, or decline."),
    # A German unit may break down inside a battle step too: its own words, not the step's.
    StepInfo("verb:breakdown", CHOICES["breakdown"]["title"], CHOICES["breakdown"]["rule"],
             CHOICES["breakdown"]["help"]),
)
