"""Plain-words explanations shown in the client: phases, battle steps, results, shortcuts.

Written for hexwar in our own words (never copied from a rulebook); each paragraph
cites the rule numbers it summarises so a player can look them up in the printed rules.
Pure text: no pygame, no rules logic.
"""
from __future__ import annotations

class _SideNames(dict):
    """Side id -> name. A side no game has named reads as its id in capitals ("blue" -> "Blue"),
    so ``SIDE_NAMES.get(side, side)`` always gives a readable name."""

    def get(self, key, default=None):
        if key in self:
            return self[key]
        if isinstance(key, str) and key:
            return key.replace("_", " ").title()
        return default


SIDE_NAMES = _SideNames({"axis": "Axis", "soviet": "Soviet", "german": "German", "russian": "Russian",
                         "allied": "Allied", "allies": "Allies", None: "Nobody"})


def learn_side_names(pkg) -> None:
    """Take a game package's own side names (``tables.SIDE_NAMES``), e.g. when it starts."""
    names = getattr(getattr(pkg, "tables", None), "SIDE_NAMES", None) or getattr(pkg, "SIDE_NAMES", None)
    if isinstance(names, dict):
        for k, v in names.items():
            if isinstance(k, str) and isinstance(v, str) and k not in SIDE_NAMES:
                SIDE_NAMES[k] = v

# --- Objective: Kiev -------------------------------------------------------------
# Phase id -> paragraphs. The first paragraph is the short version for the phase bar.
KIEV_PHASES: dict[str, list[str]] = {
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

# --- Battle for Kursk ---------------------------------------------------------------
# Our own summaries of the ten phases (4.0) and the set-up step, with rule numbers.
KURSK_PHASES: dict[str, list[str]] = {
    "russian_setup": [
        "Short scenario: spend the extra Russian replacement steps on units in their starting hexes, then end the step.",
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
        "Panzers move; German infantry that begins on a rail hex in German ground behind the Start Line may travel by rail.",
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
        "Tank and guards units move; Russian infantry that begins on a rail hex in Russian ground behind the Start Line may travel by rail.",
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

# --- Kasserine Pass ------------------------------------------------------------------
# The rulebook has no rule numbers: these cite the ids of the project's rule-case list.
KASSERINE_PHASES: dict[str, list[str]] = {
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

GAME_PHASES: dict[str, dict[str, list[str]]] = {}  # filled below, once every table exists


# The two halves of a combat phase (10.0), shown under the phase's first paragraph.
MODE_NOTES: dict[str, str] = {
    "combat-declare": "Now: declaring. Build each battle (target, then attackers) and declare it. Nothing is "
                      "rolled until the declarations are closed with E, and none can be added after that (10.0).",
    "combat-resolve": "Now: resolving. The declarations are closed. Pick the declared battles in any order; each "
                      "is rolled and settled (losses, retreat, advance) before the next one starts (10.0, 10.6).",
}

HISTORY_NOTE = ("Looking back: this is an earlier position, shown read-only. The text below explains the phase "
                "it was in. Press Esc to return to the present.")

# Battle steps ("stages"): what the deciding player must do now.
STAGES: dict[str, tuple[str, str]] = {
    "roll": ("10.0", "{side} player: add air support if you wish, then roll the die for the battle at {hex}."),
    "defender_loss": ("10.6", "{side} player: choose which of your defending units in {hex} loses a step."),
    "exchange_loss": ("10.6 EX", "{side} player: choose attacking units to lose steps until the exchange is paid."),
    "attacker_loss": ("10.6 AL", "{side} player: choose which attacking unit loses a step."),
    "retreat": ("10.6", "{side} player: choose a retreat path for the defender in {hex}."),
    "advance": ("10.7", "{side} player: advance one attacking unit into {hex}, or decline."),
    "overstack": ("8.2", "{side} player: remove units from the overstacked hex {hex}."),
}

# Short names of the battle steps, for titles ("turn 3, Axis combat (retreat)").
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

# CRT results in our words (10.6).
RESULTS: dict[str, str] = {
    "NE": "no effect",
    "DR": "defenders retreat two hexes",
    "DRL": "one defender loses a step, then all retreat two hexes",
    "DE": "all defenders eliminated",
    "EX": "exchange: defender loses a step, attacker pays as many points, defender retreats",
    "AL": "one attacker loses a step",
}

# Explain mode (X): the legend at the bottom of the side panel.
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

def option_label(name: str, desc: str) -> tuple[str, str]:
    """(label, rule) for a game option's toggle, from the package's description: "13.0: …"
    (Kiev, Kursk) or "… (KP-OPT-AIR-POWER)" (Kasserine); our own title when we have one."""
    import re

    text, rule = str(desc), ""
    m = re.match(r"^\s*([0-9][0-9.]*[a-z]?)\s*:\s*(.*)$", text, re.S)
    if m:
        rule, text = m.group(1), m.group(2)
    else:
        m = re.search(r"\s*\(([A-Z][A-Z0-9-]+|decision [A-Z0-9]+)\)\s*$", text)
        if m:
            rule, text = m.group(1), text[:m.start()]
        if ":" in text:  # "Optional rule Allied Air Power: from 22 February …" -> the part after the name
            head, tail = text.split(":", 1)
            text = head.replace("Optional rule", "").strip() + ":" + tail
    label = OPTION_TITLES.get(name) or (text[:1].upper() + text[1:]).strip()
    return label, rule


SHORTCUTS: list[tuple[str, str]] = [
    ("Left click", "select a unit, a target or a hex, and list the units of a stack in the side panel; "
                   "click again on a stack to pick the next unit"),
    ("Right click / Esc", "drop the current selection (Esc with nothing selected: game menu)"),
    ("Drag (any button)", "pan the map"),
    ("Arrow keys", "pan the map"),
    ("Mouse wheel, + and -", "zoom in and out around the pointer"),
    ("F or Home", "fit the whole map in the window"),
    ("E", "end the phase (closes battle declarations in a combat phase); asks first if units could still act"),
    ("Enter", "declare the battle being built / confirm a dialog"),
    ("R", "roll the die without air support (battle resolution)"),
    ("N", "no advance after combat"),
    ("Tab", "select the next unit that can still act"),
    ("Ctrl+Z", "undo (not past a die roll or a revealed unit)"),
    ("Ctrl+Y", "redo what was undone (Ctrl+Shift+Z works too)"),
    ("Ctrl+S", "save the game in the saves folder"),
    ("Ctrl+= and Ctrl+-", "make the interface larger or smaller (remembered)"),
    ("I", "show or hide hex ids"),
    ("X", "explain: mark enemy zones of control, units cut off from their edge and overstacked hexes"),
    ("H or [", "look back through the game (a click on a log line does it too)"),
    ("← → or [ ]", "while looking back: one action back or forward"),
    ("PgUp / PgDn, Home / End", "while looking back: a phase back or forward, the first or last position"),
    ("Esc (looking back)", "return to the present"),
    ("Space / Enter", "while the computer plays: normal or fast pace / skip to the end of its turn"),
    ("L / K / T", "side panel: log / rules / turn track (reinforcements, replacement steps, air support)"),
    ("F1 or ?", "this help"),
    ("Q (in the menu)", "quit"),
]


GAME_PHASES.update({"objective-kiev": KIEV_PHASES, "battle-for-kursk": KURSK_PHASES,
                    "kasserine-pass": KASSERINE_PHASES})


def phase_paragraphs(game_id: str, phase_id: str, phase=None, view: dict | None = None) -> list[str]:
    """The phase explained: this game's own text, or a fallback built from what the rules say
    about the phase (its name and rule number, from the phase object or the view)."""
    got = GAME_PHASES.get(game_id, {}).get(phase_id)
    if got:
        return got
    if phase is None and view is None:
        return []
    return fallback_paragraphs(phase_id, phase, view)


def fallback_paragraphs(phase_id: str, phase=None, view: dict | None = None) -> list[str]:
    v = view or {}
    name = str(getattr(phase, "name", "") or v.get("phase_name") or phase_id.replace("_", " ").capitalize())
    rule = str(getattr(phase, "rule", "") or v.get("phase_rule") or "")
    summary = str(getattr(phase, "summary", "") or "")
    first = summary or f"{name}: do what the step asks, then end the phase."
    out = [first, f"{name}" + (f" — see rule {rule} in the rulebook." if rule else ".")]
    out.append("The client offers only what the rules allow now; a refused action names its rule.")
    return out


# Battle steps of the other games: their own rule numbers (never Kiev's), and a plain roll line
# (air support markers are Kiev's).
STAGE_RULES_BY_GAME: dict[str, dict[str, str]] = {
    "battle-for-kursk": {"roll": "9.0", "defender_loss": "9.3", "exchange_loss": "9.3 EX", "attacker_loss": "9.3",
                         "retreat": "9.3", "advance": "9.3", "overstack": "8.2.2", "result_choice": "9.3"},
    "kasserine-pass": {"roll": "KP-CRT", "retreat": "KP-RETREAT-TERRAIN", "advance": "KP-RESULT-D-BACK",
                       "exchange_loss": "KP-RESULT-EXCHANGE", "attacker_loss": "KP-RESULT-A-ELIM",
                       "overstack": "KP-STACKING"},
}
GENERIC_STAGES: dict[str, str] = {
    "roll": "{side} player: roll for the battle at {hex}.",
    "result_choice": "{side} player: choose how the result at {hex} is taken.",
    "choice": "{side} player: decide, in the side panel or on the map.",  # a game's own step (choice_info)
}
STAGE_HELP_BY_GAME: dict[str, dict[str, str]] = {
    "battle-for-kursk": {
        "result_choice": "A defender in an active friendly fortification may take an exchange instead of "
                         "retreating (9.3); the options are listed in the panel.",
    },
}
MODE_NOTES_BY_GAME: dict[str, dict[str, str]] = {
    "battle-for-kursk": {
        "combat-declare": "Now: declaring. Build each battle (target, then attackers) and declare it; E "
                          "closes the declarations and the battles are then resolved one by one (9.0).",
        "combat-resolve": "Now: resolving. Pick the declared battles in any order; each is settled before "
                          "the next (9.0, 9.3).",
    },
}


def stage_line(kind: str, side: str | None, hex_id: str | None, game_id: str | None = None) -> str:
    """What the deciding player must do at a battle step, with the rule (this game's own)."""
    if game_id in (None, "objective-kiev"):
        rule, text = STAGES.get(kind, ("", "{side} player: decide ({kind})."))
    else:
        rule = STAGE_RULES_BY_GAME.get(game_id, {}).get(kind, "")
        text = GENERIC_STAGES.get(kind) or STAGES.get(kind, ("", "{side} player: decide ({kind})."))[1]
    return text.format(side=SIDE_NAMES.get(side, str(side)), hex=hex_id or "",
                       kind=kind.replace("_", " ")) + (f" ({rule})" if rule else "")


def stage_help(kind: str, game_id: str | None = None) -> str:
    """More on a battle step. Kiev's texts cite Kiev's rules, so other games get their own or none."""
    if game_id in (None, "objective-kiev"):
        return STAGE_HELP.get(kind, "")
    return STAGE_HELP_BY_GAME.get(game_id, {}).get(kind, "")


def mode_note(mode: str, game_id: str | None = None) -> str:
    if game_id in (None, "objective-kiev"):
        return MODE_NOTES.get(mode, "")
    return MODE_NOTES_BY_GAME.get(game_id, {}).get(mode, "")


def result_text(code: str) -> str:
    return RESULTS.get(code, code)
