"""Skirmish at Mill Ford: the sequence of play, the terrain costs and the combat table.

A made-up game for hexwar's tests: everything here is our own invention, so no number has
a source beyond the rule list in ``texts.RULES``.
"""
from __future__ import annotations

from dataclasses import dataclass

from hexwar.core.combat import CRT

GAME_ID = "mill-ford"
SIDES = ("blue", "red")
SIDE_NAMES = {"blue": "Blue", "red": "Red"}


@dataclass(frozen=True)
class Phase:
    """One phase of the sequence of play (1.0); the fields ``PhasedRules`` reads."""

    id: str
    side: str | None
    name: str
    rule: str
    kind: str  # setup, movement, combat, housekeeping
    summary: str


# 1.0: set-up once (Blue, then Red), then four turns of five phases.
PHASES = (
    Phase("blue_setup", "blue", "Blue set-up", "2.0", "setup", "Place the Blue units on the blue set-up marks."),
    Phase("red_setup", "red", "Red set-up", "2.0", "setup", "Place the Red units on the red set-up marks."),
    Phase("blue_movement", "blue", "Blue movement", "1.0 phase 1, 4.0", "movement",
          "Each Blue unit may move up to its movement allowance."),
    Phase("blue_combat", "blue", "Blue combat", "1.0 phase 2, 5.0", "combat",
          "Declare the Blue attacks, then resolve them one by one."),
    Phase("red_movement", "red", "Red movement", "1.0 phase 3, 4.0", "movement",
          "Each Red unit may move up to its movement allowance."),
    Phase("red_combat", "red", "Red combat", "1.0 phase 4, 5.0", "combat",
          "Declare the Red attacks, then resolve them one by one."),
    Phase("end_of_turn", None, "End of turn", "1.0 phase 5, 6.2", "housekeeping",
          "The turn ends; after the last turn the objective decides the game."),
)
PHASE = {p.id: p for p in PHASES}
SETUP_PHASES = tuple(p.id for p in PHASES if p.kind == "setup")
TURN_PHASES = tuple(p.id for p in PHASES if p.kind != "setup")

# 4.1 terrain costs; 4.4 the brook costs one more point to cross.
TERRAINS = ("clear", "woods", "hill")
MOVE_COST = {"clear": 1, "woods": 2, "hill": 2}
BROOK_EXTRA = 1
DEFENCE_TERRAIN = frozenset({"woods", "hill"})  # 5.3: one column left

STACK_LIMIT = 2  # 3.0

# 5.4 results, in plain words.
RESULTS = {
    "NE": "No effect",
    "DR": "Defender retreats two hexes",
    "DRL": "Defender loses a step, then retreats two hexes",
    "DE": "Defender eliminated",
    "EX": "Exchange: the defender loses a step, the attacker as many points, then the defender retreats",
    "AL": "Attacker loses a step",
}
RETREAT_LENGTH = 2  # 5.5

# 5.3 and 5.4: a table of our own, columns 1:2 .. 4:1 (odds indexes -1 .. 3); a low roll is
# good for the attacker.
CRT_TABLE = CRT(
    columns=(-1, 0, 1, 2, 3),
    rows={
        1: ("DR", "DR", "DRL", "DRL", "DE"),
        2: ("NE", "DR", "DR", "DRL", "DE"),
        3: ("AL", "EX", "DR", "DR", "DRL"),
        4: ("AL", "NE", "EX", "DR", "DRL"),
        5: ("AL", "AL", "NE", "EX", "DR"),
        6: ("AL", "AL", "AL", "NE", "EX"),
    },
    results=RESULTS,
)
MIN_ODDS, MAX_ODDS = -1, 3  # 5.3: below 1:2 no effect, above 4:1 read as 4:1

# 7.0 the one optional rule: {id: (default, "rule: what it does")}.
OPTIONS = {
    "dry_summer": (False, "7.1: the brook is low; crossing it costs nothing extra (4.4 is not used)"),
}

