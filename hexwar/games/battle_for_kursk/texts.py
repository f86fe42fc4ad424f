"""Battle for Kursk in plain words: what each phase and decision asks of the player, with the
rule numbers it summarises. Our own words, never the rulebook's; the game's entry carries it."""
from __future__ import annotations

from ...core.entry import StepInfo

# Our own summaries of the ten phases (4.0) and the set-up step, with rule numbers.
PHASE_HELP: dict[str, list[str]] = {
    "russian_setup": [
        "Short scenario: spend the extra Russian replacement steps on units in their starting hexes, "
        "then end the step.",
        "The short game begins on turn 1 instead of turn A. Before it starts, the Russian side adds its "
        "extra infantry and armor steps to units still standing where they set up (4.0, 6.0).",
        "Infantry points go to infantry and shock units, armor points to armor (10.5).",
    ],
    "posture": [
        "Each side chooses its posture for the turn in secret; both are shown together.",
        "First the turn-start checks: whether this is a mud turn (11.0), new Offensive markers (never "
        "more than three available, 9.2.1), the replacement figures, and the fortification belts that "
        "become active now (4.0).",
        "The new posture may equal last turn's, be lower, or be one box higher; every further box costs "
        "one available Offensive marker (12.0).",
        "Pause gives replacements only; Reposition adds the regular movement phase; Deploy adds armor and "
        "rail movement too but no combat; Engage gives every phase. Each posture changes that side's "
        "replacement points (12.0 a–d).",
        "A side that chose Pause against an enemy Engage may spend an Offensive marker to rise to "
        "Reposition at once (12.0, Emergency Reaction).",
        "Until the Germans first choose Engage, each German Deploy lets them shift the Strategic Objective "
        "to a different town (city or major city) beyond the Start Line, on Russian ground (12.1).",
    ],
    "german_replacement": [
        "Spend the German replacement points, then end the phase.",
        "Infantry points rebuild infantry and shock units, armor points panzers; points with no unit to "
        "take them are lost (10.5), and so is any point not spent now (10.4).",
        "A step flips a reduced unit that is in communication, or brings an eliminated unit back on its "
        "reduced side at the German (west or south) edge or in a German city in communication, as near "
        "as possible to a unit of its own army (10.3, 10.7).",
        "A unit brought back from off the map needs a second step on a later turn to reach full strength "
        "(10.1). A negative figure on the track takes steps from units in communication instead (10.6).",
    ],
    "german_armor_rail": [
        "Panzers move; German infantry that begins on a rail hex in German ground behind the Start Line "
        "may travel by rail.",
        "Rail movement costs 1 MP a hex along connected rail, whatever the terrain, and may carry a unit "
        "across the Start Line (8.1). Armor never uses it.",
        "Entering an enemy zone of control ends the move (8.3); one unit per hex at the end of the phase "
        "(8.2.2). In mud every unit moves one hex, except by rail (11.1).",
    ],
    "german_combat": [
        "Declare the German attacks, then resolve them one by one.",
        "Each defending hex is attacked once and each unit attacks once (9.0). Odds under 1:1 have no "
        "effect; above 6:1 they count as 6:1 (9.1).",
        "Shifts to the left: forest, rough, Moscow or an active friendly fortification under the defender; "
        "one for a river and two for a major river when every attacker is across it. A side wholly out of "
        "communication gives the other a shift; both out, they cancel (9.2).",
        "An Offensive names an armor or shock unit as the lead; each unit of the same army beside the lead "
        "but not beside the defender adds a column and may take losses (9.2.1).",
        "In mud, attacking armor counts half, fractions kept (11.2).",
    ],
    "german_movement": [
        "Move German units, including those that moved in the armor and rail phase, then end the phase.",
        "Units move up to their allowance at the terrain's cost (8.0); entering marsh or crossing a major "
        "river takes a unit's whole allowance (8.0).",
        "Units never enter an enemy hex (8.2.1); an enemy zone of control ends the move (8.3); one unit per "
        "hex at the end of the phase (8.2.2). In mud, one hex per unit (11.1).",
    ],
    "russian_replacement": [
        "Spend the Russian replacement points, then end the phase.",
        "Infantry points rebuild infantry and shock units, armor points tank and guards units; points not "
        "spent now are lost (10.4, 10.5).",
        "A step flips a reduced unit in communication, or returns an eliminated unit reduced at the Russian "
        "(north or east) edge or in a Russian city in communication, as near as possible to a unit of its "
        "own front (10.2, 10.7).",
        "A unit back from off the map reaches full strength only with a step on a later turn (10.1).",
    ],
    "russian_armor_rail": [
        "Tank and guards units move; Russian infantry that begins on a rail hex in Russian ground "
        "behind the Start Line may travel by rail.",
        "Rail costs 1 MP a hex whatever the terrain and may cross the Start Line (8.1).",
        "An enemy zone of control ends the move (8.3); one unit per hex at the end of the phase (8.2.2). "
        "In mud, one hex per unit except by rail (11.1).",
    ],
    "russian_combat": [
        "Declare the Russian attacks, then resolve them one by one.",
        "One attack per defending hex and per unit (9.0); under 1:1 no effect, above 6:1 read as 6:1 (9.1).",
        "Terrain, fortification, river and communication shifts as in 9.2; an Offensive adds a column for "
        "each supporter of the lead unit's front (9.2.1). In mud, attacking armor counts half (11.2).",
    ],
    "russian_movement": [
        "Move Russian units, including those that moved in the armor and rail phase, then end the phase.",
        "Marsh and major river crossings take a unit's whole allowance (8.0); enemy zones of control stop "
        "a move (8.3); one unit per hex at the end of the phase (8.2.2).",
    ],
    "housekeeping": [
        "The turn ends: the turn marker moves on, or after turn 8 the victory points are counted.",
        "Victory points: major cities held across the Start Line, the Strategic Objective, and one for the "
        "side with fewer units eliminated (5.0, 12.1). German control of Moscow wins at once (5.0).",
    ],
}

# The four postures of 12.0 as buttons: the name and, in a word, what the turn holds.
POSTURE_WORDS: dict[str, str] = {
    "pause": "Pause: replacements only",
    "reposition": "Reposition: + movement",
    "deploy": "Deploy: + armor and rail movement, no combat",
    "engage": "Engage: every phase, combat too",
}

# The battle steps: this game's own rule numbers (9.3 and 8.2.2).
STEPS: tuple[StepInfo, ...] = (
    StepInfo("roll", "Battle roll", "9.0", prompt="{side} player: roll for the battle at {hex}."),
    StepInfo("defender_loss", "Defender's loss", "9.3",
             prompt="{side} player: choose which of your defending units in {hex} loses a step."),
    StepInfo("exchange_loss", "Exchange losses", "9.3 EX",
             prompt="{side} player: choose attacking units to lose steps until the exchange is paid."),
    StepInfo("attacker_loss", "Attacker's loss", "9.3",
             prompt="{side} player: choose which attacking unit loses a step."),
    StepInfo("retreat", "Retreat", "9.3", prompt="{side} player: choose a retreat path for the defender in {hex}."),
    StepInfo("advance", "Advance after combat", "9.3",
             prompt="{side} player: advance one attacking unit into {hex}, or decline."),
    StepInfo("overstack", "Overstack removal", "8.2.2",
             prompt="{side} player: remove units from the overstacked hex {hex}."),
    StepInfo("mud_roll:roll", "Mud roll", "11.3",
             "With the optional mud roll, a die decides at the start of each turn that can be muddy whether it is.",
             "{side} player: roll the die for mud."),
    StepInfo("replacement_loss", "Negative replacements", "10.6",
             "A negative figure on the track takes a step from a unit of that type in communication for each point.",
             "{side} player: choose which unit loses a step for the negative replacement points."),
    StepInfo("result_choice", "How the result is taken", "9.3",
             "A defender in an active friendly fortification may take an exchange instead of retreating (9.3); "
             "the options are listed in the panel.", "{side} player: choose how the result at {hex} is taken."),
    StepInfo("choose:posture", "Posture for this turn", "12.0",
             "Pause gives replacements only; Reposition adds the regular movement phase; Deploy adds armor and "
             "rail movement too but no combat; Engage gives every phase. The choice stays hidden until both "
             "sides have chosen.",
             "{side} player: choose your posture for this turn, in secret: it decides which of your phases you "
             "play (each option lists them) and your replacement points.", secret=True),
    StepInfo("choose:result", "Defender's option on this result", "9.3",
             "In a major city the defender may Stand Fast (a step instead of the retreat); in an active friendly "
             "fortification a DR or DRL may become an exchange.",
             "{side} player: your defenders at {hex} may take this result another way: pick how."),
    StepInfo("choose:emergency", "Emergency Reaction", "12.0",
             "Spend an Offensive marker to turn your Pause into Reposition against an Engage.",
             "{side} player: the enemy chose Engage against your Pause: spend an Offensive marker to play this turn "
             "as Reposition (a movement phase), or stay in Pause."),
    StepInfo("choose:objective", "Strategic Objective: where it goes", "12.1",
             "The Strategic Objective is worth a victory point at the end to the side whose face is up on it "
             "(5.0, 12.1). Leave it where it is, or pick a hex: the allowed hexes are marked SO? on the map; a "
             "click there moves it.",
             "{side} player: you may move the Strategic Objective to a hex marked SO? on the map, or leave it "
             "where it is."),
    StepInfo("verb:offensive", "Offensive", "9.2.1",
             "An armor or shock attacker leads; each unit of its formation colour beside it but not beside the "
             "defender supports: one column more each, and it may take the attacker's losses. It spends an "
             "Offensive marker.",
             "{side} player: you may make an attack an Offensive: a lead armor or shock unit, the units of its "
             "formation that support it, and one Offensive marker spent."),
)

MODE_NOTES: dict[str, str] = {
    "combat-declare": "Now: declaring. Build each battle (target, then attackers) and declare it; E closes the "
                      "declarations and the battles are then resolved one by one (9.0).",
    "combat-resolve": "Now: resolving. Pick the declared battles in any order; each is settled before the next "
                      "(9.0, 9.3).",
}

RESULT_WORDS: dict[str, str] = {"sf": "Stand Fast: one step lost, no retreat", "ex": "Exchange instead (fortification)"}

# The Emergency Reaction's two answers (12.0).
EMERGENCY_WORDS: dict[str, str] = {"yes": "Spend a marker: Reposition", "no": "Stay in Pause"}
