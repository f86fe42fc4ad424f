"""Kasserine Pass: names shared by every part of the rules (sides, phases, unit classes)."""
from __future__ import annotations

from fractions import Fraction

GAME_ID = "kasserine-pass"
SIDES = ("axis", "allied")
PHASES = ("german_move", "german_combat", "allied_move", "allied_combat")
PHASE_SIDE = {"german_move": "axis", "german_combat": "axis", "allied_move": "allied", "allied_combat": "allied"}
PHASE_NAME = {"german_move": "German movement", "german_combat": "German combat",
              "allied_move": "Allied movement", "allied_combat": "Allied combat"}
PASS_TYPES = frozenset({"armor", "armored_infantry", "recon"})  # KP-AMERICAN-ZOC
BREAK_OFF_TYPES = frozenset({"armor", "armored_infantry"})  # KP-BREAK-OFF: panzer and panzer grenadier
Q = Fraction(1, 4)
H = Fraction(1, 2)


def enemy(side: str) -> str:
    return "allied" if side == "axis" else "axis"
