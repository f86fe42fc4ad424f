"""Objective: Kiev in plain words: what each phase and battle step asks of the player, with
the rule numbers it summarises. Written for hexwar in our own words (never copied from the
rulebook); the client shows it, the game's entry carries it."""
from __future__ import annotations

from typing import Any

from ...core.entry import StepInfo

# Phase id -> paragraphs. The first paragraph is the short version for the phase bar.
PHASE_HELP: dict[str, list[str]] = {
    "soviet_setup": [
        "Deploy the Soviet forces: click a counter in the tray, then one of the highlighted hexes.",
        "The Soviet side deploys before the Axis (6.0). Every marked hex takes exactly one unit: "
        "the small army and mech symbols behind the front, and the red stars on the front line.",
        "The ten mechanized corps start face down. Their strength is unknown to both players "
        "until they first fight (6.0, 10.1), so every untried corps shows '?'.",
        "On the red-star hexes, two armies may not stand side by side (6.0).",
        "The client only offers placements that still let every remaining unit find a legal hex.",
    ],
    "axis_setup": [
        "Deploy the Axis forces on the black crosses: click a counter in the tray, then a highlighted hex.",
        "In Romania the three German corps and the Romanian army take the four crosses, "
        "one unit on each (6.0).",
        "The other ten corps take the seven crosses in Poland: each cross gets a unit, and three "
        "of them take a second one (6.0).",
        "Turn 1 then starts straight with the Axis combat phase; there is no Axis build-up or "
        "movement on the first turn (6.0).",
    ],
    "axis_buildup": [
        "Bring on arriving units and spend replacement steps, then end the phase.",
        "Arriving units (11.0) enter on a free hex of the Axis edge on the west side of the map, "
        "never in an enemy zone of control. A unit left in the tray at the end of the phase is lost.",
        "Each replacement step (12.0) either returns an eliminated unit on its reduced side, or "
        "restores a reduced unit on the map to full strength. Both need a supply line to the "
        "friendly map edge that avoids enemy units and their zones of control (12.3).",
        "A unit rebuilt this phase cannot also be restored this phase (12.1). Steps not spent "
        "are lost (12.4).",
    ],
    "soviet_buildup": [
        "Bring on arriving armies and spend replacement steps, then end the phase.",
        "Arriving armies (11.0) enter on a free hex of the Soviet edge (east and north-east), "
        "never in an enemy zone of control. An army left in the tray at the end of the phase is lost.",
        "A replacement step (12.0) returns an eliminated unit on its reduced side, on the Soviet "
        "edge or in a Soviet-held city linked to it, or restores a reduced unit that is linked "
        "to the edge (12.2). The link may not pass enemy units or enemy zones of control.",
        "Only one mech corps may be rebuilt each turn, and the 4th Mech Corps never returns "
        "(12.0). Steps not spent are lost (12.4).",
    ],
    "axis_movement": [
        "Move Axis units one at a time: click a unit, then a shaded hex. End the phase when done.",
        "A unit spends movement points up to the last figure on its counter: 1 to enter clear "
        "terrain, 2 for forest or swamp, 1 along a rail line whatever the terrain (9.0, 9.3).",
        "Units never enter an enemy-held hex (9.1.1). Every hex next to an enemy unit is in its "
        "zone of control; entering one ends the move (7.0, 9.1.2).",
        "At most two units share a hex, never two armies, never Romanians with Hungarians (8.1). "
        "Moving into or through a city takes it over (5.0).",
    ],
    "soviet_movement": [
        "Move Soviet units one at a time: click a unit, then a shaded hex. End the phase when done.",
        "A unit spends movement points up to the last figure on its counter: 1 to enter clear "
        "terrain, 2 for forest or swamp, 1 along a rail line whatever the terrain (9.0, 9.3).",
        "Units never enter an enemy-held hex (9.1.1). Every hex next to an enemy unit is in its "
        "zone of control; entering one ends the move (7.0, 9.1.2).",
        "At most two units share a hex and never two armies (8.1). Moving into or through a city "
        "takes it over (5.0).",
    ],
    "axis_combat": [
        "Declare every Axis attack first, close the declarations (E), then resolve the battles one by one.",
        "To declare: click an enemy hex, click the adjacent units that join in, then Declare. "
        "Each enemy hex is attacked at most once and each unit attacks at most once; only one "
        "unit may attack across any one hexside (10.0, 10.2). Attacking is never compulsory.",
        "Odds are total attack against total defence, rounded down for the attacker. A defender "
        "in forest, swamp or a major city, or attacked only across rivers, shifts the odds one "
        "column left; a unit attacking across a major river counts half, and so does a tank "
        "unit attacking into swamp (10.4). Air support "
        "shifts one column right, each marker once per turn (10.5).",
        "Above 6:1 reads as 6:1; below 1:1 after shifts the attack has no effect (10.3). "
        "Untried units are turned face up when their battle is resolved (10.1).",
        "On turn 1 the units that set up in Romania may not attack (10.8).",
    ],
    "soviet_combat": [
        "Declare every Soviet attack first, close the declarations (E), then resolve the battles one by one.",
        "To declare: click an enemy hex, click the adjacent units that join in, then Declare. "
        "Each enemy hex is attacked at most once and each unit attacks at most once; only one "
        "unit may attack across any one hexside (10.0, 10.2). Attacking is never compulsory.",
        "Odds are total attack against total defence, rounded down for the attacker; terrain and "
        "rivers shift or halve them as in the Axis combat phase (10.3, 10.4).",
        "Soviet Counterattack: on turns 1 and 2 the attack strength of Soviet tank units is "
        "multiplied (×2 on turn 1, ×1.5 on turn 2) (10.9).",
        "On turn 1 only units that set up at 0708, 0808 or 1110 may attack into Romania (10.8).",
    ],
    "axis_special": [
        "Special movement: only the units marked as able to move may move now.",
        "Panzer and motorized corps move again with their full allowance. Infantry that starts "
        "the phase outside enemy zones of control moves as a reserve, with half its allowance (9.4).",
        "Zones of control still stop movement, and stacking limits still apply (7.0, 8.1).",
    ],
    "soviet_special": [
        "Special movement: only the units marked as able to move may move now.",
        "Soviet tank units move with their full allowance. Infantry that starts outside enemy "
        "zones of control moves half its allowance, or, starting on a rail hex, its full "
        "allowance along connected rail lines (9.4).",
        "Zones of control still stop movement, and stacking limits still apply (7.0, 8.1).",
    ],
    "housekeeping": [
        "The turn is over: the turn marker moves on, or the game ends after turn 7.",
        "At the end of the last turn the Axis counts the cities it holds: 16 or more is an Axis "
        "victory, 15 a draw, fewer a Soviet victory (5.0). The 13.0 balance options may change these.",
    ],
}


MODE_NOTES: dict[str, str] = {
    "combat-declare": "Now: declaring. Build each battle (target, then attackers) and declare it. Nothing is "
                      "rolled until the declarations are closed with E, and none can be added after that (10.0).",
    "combat-resolve": "Now: resolving. The declarations are closed. Pick the declared battles in any order; each "
                      "is rolled and settled (losses, retreat, advance) before the next one starts (10.0, 10.6).",
}


STAGE_PROMPTS: dict[str, tuple[str, str]] = {
    "roll": ("10.0", "{side} player: add air support if you wish, then roll the die for the battle at {hex}."),
    "defender_loss": ("10.6", "{side} player: choose which of your defending units in {hex} loses a step."),
    "exchange_loss": ("10.6 EX", "{side} player: choose attacking units to lose steps until the exchange is paid."),
    "attacker_loss": ("10.6 AL", "{side} player: choose which attacking unit loses a step."),
    "retreat": ("10.6", "{side} player: choose a retreat path for the defender in {hex}."),
    "advance": ("10.7", "{side} player: advance one attacking unit into {hex}, or decline."),
    "overstack": ("8.2", "{side} player: remove units from the overstacked hex {hex}."),
}


STAGE_NAMES: dict[str, str] = {
    "roll": "battle roll",
    "defender_loss": "defender's loss",
    "exchange_loss": "exchange losses",
    "attacker_loss": "attacker's loss",
    "retreat": "retreat",
    "advance": "advance after combat",
    "overstack": "overstack removal",
}


STAGE_HELP: dict[str, str] = {
    "roll": "The battle is set. Each air support marker may add one column in the attacker's favour, "
            "once per turn (10.5). Press R or click a Roll button.",
    "defender_loss": "The result costs the defender one step: a full-strength unit flips to its reduced "
                     "side, a reduced or one-step unit is eliminated (10.6). Click the unit.",
    "exchange_loss": "In an exchange the attacker loses at least as many strength points as the defender "
                     "did, counting printed attack strengths (10.6 EX). Click the units in turn.",
    "attacker_loss": "One of the attacking units loses a step (10.6 AL). Click the unit.",
    "retreat": "The defender moves two hexes away from the battle, each hex further than the last, never "
               "into enemy units, avoiding enemy zones of control whenever it can; a retreat through an "
               "enemy zone costs a step and one that must end in an enemy zone eliminates the unit (10.6). "
               "The arrows show every legal path: click the end of one.",
    "advance": "The defending hex is empty: one unit that took part may move in at once, ignoring zones of "
               "control (10.7). Click a unit, or choose No advance.",
    "overstack": "A hex holds more than the stacking limit at the end of the phase; its owner removes "
                 "units, which are eliminated, until it is legal (8.2).",
}


RESULT_WORDS: dict[str, str] = {
    "NE": "no effect",
    "DR": "defenders retreat two hexes",
    "DRL": "one defender loses a step, then all retreat two hexes",
    "DE": "all defenders eliminated",
    "EX": "exchange: defender loses a step, attacker pays as many points, defender retreats",
    "AL": "one attacker loses a step",
}


EXPLAIN: dict[str, str] = {
    "zoc": "Red slanted lines: {foe} zones of control, the six hexes round each {foe} unit. "
           "Moving in ends a move; supply lines and arrivals may not use them (7.0)",
    "cut": "Purple dots: {side} units or cities with no line to their own map edge that avoids "
           "enemy units and zones; no replacements there (12.2, 12.3)",
    "over": "Dashed red frame: more units than the stacking limit allows; the owner removes "
            "the excess at the end of the phase (8.1, 8.2)",
    "hover": "With a unit selected, point at a hex: a red label names the rule that keeps the unit out.",
}


EXPLAIN_SHORT: dict[str, str] = {
    "zoc": "{foe} zones of control (7.0)",
    "zoc_all": "Zones of control of both sides (7.0)",
    "cut": "{side} units and cities cut off from their edge (12.2, 12.3)",
    "over": "Overstacked hexes (8.1)",
    "hover": "Point at a hex with a unit selected: the red label names the rule in the way.",
}


OPTION_TITLES = {
    "axis_panzer_replacements_odd_turns": "German panzer corps take replacements only on turns 3, 5 and 7",
    "no_axis_replacements": "No Axis replacements at all",
    "axis_needs_one_city_less": "The Axis needs one city less to win or draw",
}


def steps() -> tuple[StepInfo, ...]:
    """The battle steps (stages) of 10.6-10.7 and 8.2 as decisions of the game's entry, and the
    choice of the next battle to resolve (10.0)."""
    return tuple(StepInfo(kind, STAGE_NAMES.get(kind, kind).capitalize(), rule, STAGE_HELP.get(kind, ""), prompt)
                 for kind, (rule, prompt) in STAGE_PROMPTS.items()) + (
        StepInfo("resolve", "Resolve a battle", "10.0",
                 "Untried units are revealed when their battle starts (10.1)."),)


# The set-up areas of 6.0 and the set-up groups of the scenario, as a player names them (the
# refusals of a placement say where a unit goes and which units go elsewhere).
AREA_WORDS: dict[str, str] = {
    "soviet-second-line-armies": "the army-symbol hexes",
    "soviet-second-line-mech": "the mech-corps-symbol hexes",
    "soviet-front-line": "the red-star front-line hexes",
    "axis-romania": "the black crosses in Romania",
    "axis-poland": "the black crosses in Poland",
}
GROUP_WORDS: dict[str, str] = {
    "soviet-army": "Soviet armies", "soviet-mech": "Soviet mech corps",
    "axis-romania": "Axis units for Romania", "axis-poland": "Axis units for Poland",
}
MARK_WORDS: dict[str, str] = {"black_cross": "black-cross", "red_star": "red-star", "soviet_army": "army-symbol",
                              "soviet_mech": "mech-corps-symbol"}


def area_words(area: Any) -> str:
    """A set-up area in words: "the black crosses in Romania"."""
    if area.id in AREA_WORDS:
        return AREA_WORDS[area.id]
    where = f" in {area.region}" if area.region else f" outside {area.not_region}" if area.not_region else ""
    return f"the {MARK_WORDS.get(area.mark, area.mark.replace('_', ' '))} hexes{where}"


def group_words(group: str | None) -> str:
    return GROUP_WORDS.get(group or "", "units")
