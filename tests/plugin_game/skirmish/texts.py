"""Skirmish at Mill Ford in plain words: the whole rule list, what each phase asks of the
player and the words of each battle step. The rules object cites these numbers in every
refusal; the game's entry carries the phase help and the steps to the client."""
from __future__ import annotations

from hexwar.core.entry import StepInfo

# The rulebook: (number, title, text). Short enough to print on a card.
RULES: tuple[tuple[str, str, str], ...] = (
    ("1.0", "Sequence", "Blue sets up, then Red. Each of the four turns has five phases: Blue movement, "
                        "Blue combat, Red movement, Red combat, end of turn."),
    ("2.0", "Set-up", "Each side places every unit on a set-up mark of its own colour, one unit per mark."),
    ("3.0", "Stacking", "No more than two units may share a hex. A move may not end in a full hex."),
    ("4.0", "Movement", "In its movement phase each unit may move once, hex by hex."),
    ("4.1", "Terrain", "Entering clear costs 1 movement point; woods or a hill costs 2."),
    ("4.2", "Enemy units", "A unit never enters a hex holding an enemy unit."),
    ("4.3", "Zones of control", "The six hexes around a unit are its zone of control. An enemy unit "
                                "entering one stops there."),
    ("4.4", "The brook", "Crossing Mill Brook costs 1 more movement point."),
    ("5.0", "Combat", "In its combat phase a side declares all its attacks, then resolves them one by one."),
    ("5.1", "Declaring", "Each enemy hex may be attacked once and each unit may attack once, from a hex "
                         "next to the target."),
    ("5.2", "Hexsides", "Only one unit may attack across any one hexside."),
    ("5.3", "Odds", "Total attack against total defence, rounded for the defender. A defender in woods or "
                    "on a hill, or attacked only across the brook, shifts the odds one column left. Below "
                    "1:2 the attack has no effect; above 4:1 it is read as 4:1."),
    ("5.4", "Results", "Roll a die on the table. A step loss flips a unit to its reduced side or removes a "
                       "reduced one."),
    ("5.5", "Retreats", "A retreating unit moves two hexes away from the battle, avoiding enemy zones of "
                        "control where it can; crossing one costs a step, ending in one removes it."),
    ("5.6", "Advance", "When the defending hex is empty, one attacking unit may move into it."),
    ("6.0", "Victory", "The game ends at once, or after the last turn."),
    ("6.1", "Sudden death", "A side with no unit left on the map loses at once."),
    ("6.2", "The objective", "After turn 4, Blue wins if it holds Mill Ford; otherwise Red wins. A place "
                             "belongs to the side that last entered it."),
    ("7.1", "Dry summer (optional)", "The brook is low: crossing it costs nothing extra."),
)
RULE = {n: (title, text) for n, title, text in RULES}

_MOVE = [
    "Move your units one at a time: pick a unit, then one of the hexes it can reach. End the phase when done.",
    "Clear costs 1 point, woods and hills 2, and crossing Mill Brook 1 more (4.1, 4.4).",
    "Enemy units block (4.2); entering an enemy zone of control ends the move (4.3). At most two units "
    "share a hex (3.0). Entering a place takes it (6.2).",
]
_COMBAT = [
    "Declare your attacks, close the declarations, then resolve the battles one by one.",
    "Attack an enemy hex from next to it, each hex and each unit once, one unit per hexside (5.1, 5.2).",
    "Woods, hills and the brook help the defender by one column (5.3). Attacking is never compulsory.",
]

# Phase id -> paragraphs; the first is the short version.
PHASE_HELP: dict[str, list[str]] = {
    "blue_setup": ["Place every Blue unit on a blue set-up mark, one unit per mark (2.0)."],
    "red_setup": ["Place every Red unit on a red set-up mark, one unit per mark (2.0)."],
    "blue_movement": _MOVE,
    "red_movement": _MOVE,
    "blue_combat": _COMBAT,
    "red_combat": _COMBAT,
    "end_of_turn": ["The turn ends. After turn 4 Blue wins if it holds Mill Ford, and Red wins otherwise (6.2)."],
}

# Battle step -> (rule, title, help, prompt). ``{side}`` and ``{hex}`` are filled in by hexwar.
STEPS: dict[str, tuple[str, str, str, str]] = {
    "roll": ("5.4", "Battle roll", "The battle is set: roll the die.",
             "{side} player: roll the die for the battle at {hex}."),
    "defender_loss": ("5.4", "Defender's loss", "One defending unit loses a step.",
                      "{side} player: choose the defending unit in {hex} that loses a step."),
    "exchange_loss": ("5.4", "Exchange losses", "The attacker loses at least as many points as the defender did.",
                      "{side} player: choose attacking units until the exchange is paid."),
    "attacker_loss": ("5.4", "Attacker's loss", "One attacking unit loses a step.",
                      "{side} player: choose the attacking unit that loses a step."),
    "retreat": ("5.5", "Retreat", "The defender moves two hexes away; the attacker picks the path.",
                "{side} player: choose the retreat path of the defender in {hex}."),
    "advance": ("5.6", "Advance after combat", "One attacking unit may move into the empty hex.",
                "{side} player: advance one attacking unit into {hex}, or decline."),
    "overstack": ("3.0", "Overstack removal", "Remove units until the hex holds two.",
                  "{side} player: remove units from {hex}."),
}

RESULT_WORDS: dict[str, str] = {
    "NE": "no effect",
    "DR": "defenders retreat two hexes",
    "DRL": "one defender loses a step, then all retreat",
    "DE": "all defenders eliminated",
    "EX": "exchange of losses, then the defender retreats",
    "AL": "one attacker loses a step",
}

OPTION_TITLES = {"dry_summer": "Dry summer: crossing the brook costs nothing extra"}


def steps() -> tuple[StepInfo, ...]:
    return tuple(StepInfo(key, title, rule, help_, prompt) for key, (rule, title, help_, prompt) in STEPS.items())
