"""Objective: Kiev in a newcomer's words: the options' labels and consequences, the battle
roll's prompt and the victory standing (5.0) — the contract hooks KievRules hands on here."""
from __future__ import annotations

from typing import Any

from ...core import actions as A
from ...core.contract import HARMLESS, Consequence, StandingLine
from ...core.hexgrid import hex_name
from ...core.state import State
from ...core.units import ELIMINATED
from . import texts

# The rules object is a KievRules; rules.py imports this module, so the name is not imported
# back (no import circle, even for type checking).
KievRules = Any


def option_label(rules: KievRules, state: State, action: A.Action) -> str | None:
    """Plain labels for the options the generic chooser might show."""
    if isinstance(action, A.Roll):
        if action.support is None:
            return "roll the die"
        m = rules.support.get(action.support)
        return f"roll with {m.name} (+{m.shift} column)" if m is not None else f"roll with {action.support}"
    if isinstance(action, A.Attack):
        return f"{', '.join(action.attackers)} attack {hex_name(action.target)}"
    if isinstance(action, A.Resolve):
        return f"the battle at {hex_name(action.target)}"
    if isinstance(action, A.Place):
        return f"{action.unit} at {hex_name(action.hex)}"
    if isinstance(action, A.Restore):
        return f"restore {action.unit}"
    return None


def consequence(rules: KievRules, state: State, action: A.Action) -> Consequence | None:
    """Besides the battle steps (the core's): where a set-up or arriving unit goes and what a
    replacement step buys (6.0, 11.0, 12.0, 12.1)."""
    if state.stage is None and isinstance(action, A.Place) and action.unit in state.units:
        return _place_consequence(rules, state, action)
    if state.stage is None and isinstance(action, A.Restore) and action.unit in state.units:
        s = rules.spec(state, action.unit)
        left = state.steps_left - 1
        return Consequence(f"{action.unit} returns to full strength ({s.label(s.max_steps)}); one replacement "
                           f"step spent, {left} left this phase", "12.0", HARMLESS)
    return None  # the battle steps: the core's


def _place_consequence(rules: KievRules, state: State, act: A.Place) -> Consequence:
    uid, u = act.unit, state.units[act.unit]
    where = rules.board.describe(act.hex)
    if rules.phase(state).kind == "setup":
        area = next((a for a in rules._areas_for(uid, rules.side(uid)) if act.hex in rules._area_hexes[a.id]), None)
        if area is not None:
            return Consequence(f"{uid} sets up at {where}, one of {texts.area_words(area)}", area.rule)
        return Consequence(f"{uid} sets up at {where}", "6.0")
    if u.where == ELIMINATED:
        left = state.steps_left - 1
        return Consequence(f"{uid} comes back reduced (12.1) at {where}; one replacement step spent, {left} left",
                           "12.0")
    return Consequence(f"{uid} enters the map at {where} as a reinforcement", "11.0")


def decision_words(rules: KievRules, state: State, key: str) -> dict[str, str]:
    """The battle roll's prompt offers air support only to a side that has a marker ready
    (10.5: the Axis alone has them, each flies once a turn)."""
    st = state.stage
    if key == "roll" and st is not None and st.kind == "roll" \
            and not any(a.support for a in rules._roll_options(state, st) if isinstance(a, A.Roll)):
        why = ("" if not any(m.side == st.side for m in rules.support.values())
               else " (no air support marker is ready this turn, 10.5)")
        return {"prompt": "{side} player: roll the die for the battle at {hex}" + why + "."}
    return {}


def standing(rules: KievRules, state: State, side: str | None) -> tuple[StandingLine, ...]:
    """5.0 at a glance: the cities the Axis controls now against what it needs at the end of
    the last turn to win or draw (control is public: nothing is hidden)."""
    axis = sum(1 for h in rules.board.places if state.control.get(h) == "axis")
    total = len(rules.board.places)
    win, draw = rules.victory_thresholds()
    if axis >= win:
        now, why = "Axis victory", "the Axis holds enough cities"
    elif axis >= draw:
        now, why = "Draw", f"the Axis is {win - axis} {'city' if win - axis == 1 else 'cities'} short of a win"
    else:
        now, why = "Soviet victory", (f"the Axis is {draw - axis} {'city' if draw - axis == 1 else 'cities'} "
                                      f"short of a draw, {win - axis} of a win")
    last = rules.scenario.turns
    return (StandingLine("Cities held by the Axis", f"{axis} of {total}",
                         f"{win} to win, {draw} to draw at the end of turn {last}", "5.0", "axis"),
            StandingLine("If the game ended now", now, why, "5.0"))
