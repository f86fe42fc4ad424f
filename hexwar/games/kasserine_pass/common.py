"""Kasserine Pass: names shared by every part of the rules (sides, the sequence of play, unit classes)."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

GAME_ID = "kasserine-pass"
SIDES = ("axis", "allied")


@dataclass(frozen=True)
class Phase:
    """A phase of the day (KP-SEQUENCE), or one step of a combat phase: its id, who acts, its
    name, the rulebook's section (the rulebook numbers none) and its kind. The rules dispatch
    on the kind: ``movement``, or a combat step ``declare``, ``defend`` or ``resolve``; the
    client reads ``movement`` or ``combat`` for a phase."""

    id: str
    side: str
    name: str
    rule: str
    kind: str


# KP-SEQUENCE: each day the German moves then fights, then the Allies do the same.
SEQUENCE = (Phase("german_move", "axis", "German movement", "Movement", "movement"),
            Phase("german_combat", "axis", "German combat", "Combat", "combat"),
            Phase("allied_move", "allied", "Allied movement", "Movement", "movement"),
            Phase("allied_combat", "allied", "Allied combat", "Combat", "combat"))
# KP-ARTILLERY: a combat phase goes in steps: the attacker declares his attacks and allocates
# his artillery, the defender allocates his, then the attacker resolves the attacks.
# (step, whether the defender acts in it)
COMBAT_STEPS = (("declare", False), ("defend", True), ("resolve", False))

PHASE = {p.id: p for p in SEQUENCE}
PHASES = tuple(p.id for p in SEQUENCE)
PHASE_SIDE = {p.id: p.side for p in SEQUENCE}
PHASE_NAME = {p.id: p.name for p in SEQUENCE}
PASS_TYPES = frozenset({"armor", "armored_infantry", "recon"})  # KP-AMERICAN-ZOC
BREAK_OFF_TYPES = frozenset({"armor", "armored_infantry"})  # KP-BREAK-OFF: panzer and panzer grenadier
Q = Fraction(1, 4)
H = Fraction(1, 2)


def enemy(side: str) -> str:
    return "allied" if side == "axis" else "axis"


def step_table() -> dict[tuple[str, str], Phase]:
    """(phase id, combat step) -> who acts and the kind of actions: a movement phase has the
    step "" only; a combat phase has each of COMBAT_STEPS ("" once the game is over)."""
    out: dict[tuple[str, str], Phase] = {}
    for p in SEQUENCE:
        if p.kind != "combat":
            out[(p.id, "")] = p
            continue
        for step, defender in COMBAT_STEPS:
            out[(p.id, step)] = Phase(p.id, enemy(p.side) if defender else p.side, p.name, p.rule, step)
        out[(p.id, "")] = out[(p.id, COMBAT_STEPS[0][0])]
    return out
