"""Kasserine Pass for the luck report (``hexwar.luck``): what each combat roll could have given.

Each two-dice roll is read on its column of the CRT (KP-CRT); the results are scored for the
attacker, nominally, in units: D ELIM takes every defender, EXCHANGE every defender and about
one attacking unit, A ELIM about one attacking unit; a retreat is worth half a unit to the
side that stays. The course of the game is counted in the German town points (KP-VICTORY).
"""
from __future__ import annotations

from typing import Any

from ...core.actions import Action, Event
from ...core.contract import RollOdds, RollOutcome
from ...core.hexgrid import Hex
from .common import enemy


def _odds(label: str) -> tuple[int, int] | None:
    a, _, d = label.partition("-")
    return (int(a), int(d)) if a.isdigit() and d.isdigit() else None


def _score(code: str, defenders: int) -> tuple[float, float, float]:
    """(score for the attacker, defender units lost, attacker units lost), nominally."""
    word = code.split()
    if code == "D ELIM":
        return float(defenders), float(defenders), 0.0
    if code == "EXCHANGE":
        return defenders - 1.0, float(defenders), 1.0
    if code == "A ELIM":
        return -1.5, 0.0, 1.0
    if word[:2] == ["D", "BACK"]:
        return 0.5, 0.0, 0.0
    if word[:2] == ["A", "BACK"]:
        return -0.5, 0.0, 0.0
    if code == "ENGAGED":
        return 0.25, 0.0, 0.0
    return 0.0, 0.0, 0.0  # CONTACT and anything else


def roll_odds(rules: Any, state: Any, action: Action, events: list[Event]) -> tuple[RollOdds, ...]:
    out = []
    atk = rules.phase_side(state)
    for ev in events:
        if ev.kind != "combat" or "total" not in ev.data:
            continue
        o = _odds(str(ev.data.get("odds", "")))
        if o is None:
            continue
        target = next((b for b in state.kbattles if str(ev.data.get("target")) == _name(b.target)), None)
        defenders = len(target.defenders) if target is not None else 1
        outcomes = []
        for code, chance in sorted(rules.result_chances(o).items()):
            score, d, a = _score(code, defenders)
            outcomes.append(RollOutcome(code, float(chance), score, ((enemy(atk), d), (atk, a))))
        out.append(RollOdds(atk, f"CRT {ev.data['odds']}", tuple(outcomes), str(ev.data["result"]), "KP-CRT"))
    return tuple(out)


def _name(h: Hex) -> str:
    from ...core.hexgrid import hex_name

    return hex_name(h)


def score(rules: Any, state: Any) -> tuple[str, dict[str, float]]:
    pts = float(rules.german_points(state))
    return "German town points", {"axis": pts, "allied": -pts}
