"""Kasserine Pass in plain words: what each phase and battle step asks of the player. The
rulebook has no rule numbers: the engine cites the ids of the project's rule-case list
(``KP-ZOC`` ...), and ``rule_words`` turns them into the rulebook's section names for the
player (``RULE_NAMES``; the rules' ``for_player`` hook). Our own words, never the rulebook's;
the game's entry carries them."""
from __future__ import annotations

import re

from ...core.entry import StepInfo

# Each rule-case id the engine cites, as the rulebook's section (its heading, in the rulebook's
# order; a part of a section after a colon). Optional rules say so.
RULE_NAMES: dict[str, str] = {
    "KP-VICTORY": "Victory Conditions",
    "KP-ODDS": "Combat",
    "KP-ZOC": "Zone of Control",
    "KP-SEQUENCE": "Sequence of Movement",
    "KP-TERRAIN": "Terrain Considerations",
    "KP-HEIGHT": "Terrain Considerations: height",
    "KP-CLIFF": "Terrain Considerations: cliff",
    "KP-RIVER-ATTACK": "Terrain Considerations: river",
    "KP-CITY": "Terrain Considerations: city",
    "KP-SEMI-CUMULATIVE": "Terrain Considerations: never below a quarter",
    "KP-STACKING": "Stacking",
    "KP-ARTILLERY": "Use of Artillery",
    "KP-ARTILLERY-STACK": "Artillery Clarifications",
    "KP-ARTILLERY-ALONE": "Artillery Clarifications",
    "KP-BREAK-OFF": "Break-Off",
    "KP-BREAKDOWN": "German Breakdown",
    "KP-AMERICAN-ZOC": "Movement Through American Infantry ZOC",
    "KP-COST-OF-COMBAT": "Cost of Combat",
    "KP-SELECTIVE-ATTACK": "Selective Attack",
    "KP-ENGINEERS": "Special Units: Engineers",
    "KP-RANGERS": "Special Units: Rangers",
    "KP-COMBINATION-HEX": "Combination Hexes",
    "KP-CLIFF-ZOC": "Cliffs/ZOC",
    "KP-RETREAT-TERRAIN": "Retreat/Blocking Terrain",
    "KP-RIVER-MOVE": "Movement Along Rivers",
    "KP-EXCHANGE-LOSS": "Exchange, Attacker's Losses",
    "KP-OPT-INITIAL-PLACEMENT": "German Initial Placement, optional rule",
    "KP-OPT-ADVANCE": "Advance After Combat, optional rule",
    "KP-OPT-RANGERS-ZOC": "American Rangers ZOC, optional rule",
    "KP-OPT-ITALIAN-ZOC": "Italian Infantry ZOC, optional rule",
    "KP-OPT-AIR-POWER": "Allied Air Power, optional rule",
    "KP-CRT": "Two Die Combat Result Table",
    "KP-OOB": "Order of Battle",
    "KP-OOB-GERMAN": "German Order of Battle",
    "KP-OOB-ALLIED": "Allied Order of Battle",
    "KP-ERRATA-RETREAT-ZOC": "Errata: retreating past enemy zones",
    "KP-ERRATA-AT": "Errata: anti-tank units are not artillery",
    "KP-ERRATA-SHORT-RETREAT": "Errata: a retreat cut short",
    "KP-ERRATA-D1-ADVANCE": "Errata: advancing after D BACK 1",
    "KP-ERRATA-D-ELIM": "Errata: advancing after D ELIM",
    "KP-ERRATA-ARTILLERY-LOSS": "Errata: losses leave out the defender's artillery",
    "KP-ERRATA-ADVANCE-ZOC": "Errata: advancing into an enemy zone",
    "KP-ERRATA-ADVANCE-PATH": "Errata: the path of an advance",
}
# The results explained under the table (KP-RESULT-A-ELIM ...), and the magazine's answers.
RESULT_PREFIX, ERRATA_PREFIX = "KP-RESULT-", "KP-ERRATA-"
_ID = re.compile(r"KP-[A-Z0-9]+(?:-[A-Z0-9]+)*")


def rule_name(rule_id: str) -> str:
    """``KP-ZOC`` → "Zone of Control"; ``KP-RESULT-D-BACK`` → "Explanation of Results: D BACK";
    an id this list does not know: its words without the prefix."""
    if rule_id in RULE_NAMES:
        return RULE_NAMES[rule_id]
    if rule_id.startswith(RESULT_PREFIX):
        return "Explanation of Results: " + rule_id[len(RESULT_PREFIX):].replace("-", " ")
    if rule_id.startswith(ERRATA_PREFIX):
        return "Errata: " + rule_id[len(ERRATA_PREFIX):].replace("-", " ").lower()
    return rule_id[3:].replace("-", " ").lower().capitalize() if rule_id.startswith("KP-") else rule_id


def rule_words(text: str) -> str:
    """``text`` with every rule-case id in it named as the rulebook's section."""
    return _ID.sub(lambda m: rule_name(m.group(0)), text) if "KP-" in text else text

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
                        "the attacker allocates first, then the defender.",
                "prompt": "{side} player: you may give each battery in range to one unit of a battle (its factor "
                          "adds to that unit), then end the step."},
    "select": {"title": "Selective attack on part of a stack", "rule": "KP-SELECTIVE-ATTACK",
               "help": "German units may attack some of the regular units of a stack and leave the rest; "
                       "artillery in a stack cannot be singled out (KP-ARTILLERY-STACK).",
               "prompt": "{side} player: you may attack only some of the units of an enemy stack; each option says "
                         "who attacks whom and at what odds."},
    "air": {"title": "Allied air power", "rule": "KP-OPT-AIR-POWER",
            "help": "Once a turn from {air_from}, raise one Allied attack one column.",
            "prompt": "{side} player: you may raise one of your attacks one column with air power, once this turn."},
    "breakdown": {"title": "Break down a German unit", "rule": "KP-BREAKDOWN",
                  "help": "The unit becomes its two listed parts, in the same hex; they never recombine.",
                  "prompt": "{side} player: you may split a German unit into its two smaller parts, for good."},
    "blow": {"title": "Blow a bridge", "rule": "KP-ENGINEERS",
             "help": "Engineers in a bridge hex destroy it for {blow} MP; the road no longer crosses there.",
             "prompt": "{side} player: engineers in a bridge hex may destroy the bridge."},
    "build": {"title": "Rebuild a bridge", "rule": "KP-ENGINEERS",
              "help": "Engineers in a blown bridge hex rebuild it for {build} MP.",
              "prompt": "{side} player: engineers in a blown bridge hex may rebuild it."},
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
             CHOICES["breakdown"]["help"], CHOICES["breakdown"]["prompt"]),
)
