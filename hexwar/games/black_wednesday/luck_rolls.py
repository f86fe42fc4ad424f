"""Black Wednesday's rolls that decide a yes or no (for the luck report, ``luck.py``): an order's
implementation roll (§16.5, d66 against the Command Prep Table's need), a reserve's release
(Decision 17, 4-6 on a die), an overwatch stack's re-fire (§10, 5-6), a fire mission's
adjustment (§13.4, 2d6 against the Adjustment Table's need), a Prep shoot (2.4d) and a
battalion's morale recovery (§12.6). Each is told by the ``die_rolled`` event's own words, and
judged with the engine's own chances (``d66_chance``, ``chance_2d6_at_least``, the tables).

The rolls not judged, and why (``UNJUDGED``): none of them has a result that is better for one
side by a measure the engine keeps.
"""
from __future__ import annotations

import re
from typing import Any

from ...core.actions import Action, Event
from ...core.contract import RollOdds, RollOutcome
from ...core.units import ON_MAP
from .orders import d66_chance
from .previews import chance_2d6_at_least

# the first words of a roll the report weighs by its dice alone, and why it is not judged
UNJUDGED: dict[str, str] = {
    "initiative": "a contest between both sides, tied throws rolled again (§3.3): one side's gain is the "
                  "other's loss, so the roll is nobody's in particular",
    "weather roll": "the weather (1.8) helps or hinders both sides; neither has a better result",
    "Air Sortie Table": "one throw gives both sides their sorties (1.9)",
    "scatter": "a direction and a distance (§13.5): no result is better for either side",
    "variable reinforcement": "the arrival of reinforcements (3.3a, 3.5) depends on the time of the game",
    "Rifle Regiment release": "the arrival of reinforcements (2.7) depends on the time of the game",
    "rolled": "dice told before an owner's choice (the account follows the choice): counted at their table "
              "when the action ends; left plain only when the record ends before the choice is made",
}

_IMPLEMENT = re.compile(r"implementation roll for (\S+): (\d+) \(needs (\d+)\+\)")
_RELEASE = re.compile(r"reserve release roll for (\S+): (\d+)$")
_REFIRE = re.compile(r"overwatch re-fire roll for (\S+): (\d+) \(needs 5-6\)")
_PREP = re.compile(r"Prep (\S+) at \S+: roll (\d+), (Good|Bad) Shoot")
_RECOVERY = re.compile(r"battalion (\S+) recovery roll (\d+)$")


def unjudged_kind(text: str) -> str | None:
    """The entry of ``UNJUDGED`` a roll's words belong to, None for a roll that should be judged."""
    return next((k for k in UNJUDGED if text.startswith(k) or f" {k}" in text), None)


def _yes_no(side: str | None, table: str, yes: str, no: str, chance: float, got: bool, rule: str) -> RollOdds:
    outs = (RollOutcome(no, 1.0 - chance, 0.0), RollOutcome(yes, chance, 1.0))
    return RollOdds(side, table, outs, yes if got else no, rule)


def worded_roll(rules: Any, state: Any, action: Action, die: Event, seg: list[Event]) -> RollOdds | None:
    """The roll ``die`` (a die event whose words say what it is for; ``seg``: the events it
    brought) on its table, or None when it is none of these."""
    text = die.text
    if m := _IMPLEMENT.match(text):
        oid, roll, need = m.group(1), int(m.group(2)), m.group(3)
        order = rules.orders(state).get(oid, {})
        side = order.get("side") or {"S": "soviet", "A": "axis"}.get(oid[:1])
        return _yes_no(side, f"Command Prep Table, {need}+ on d66", "implemented", "not implemented",
                       d66_chance(need), roll >= int(need), "§16.5")
    if m := _RELEASE.match(text):
        comp, roll = m.group(1), int(m.group(2))
        side = next((e.side for e in rules.scen.units if rules.company(e.id) == comp), None)
        return _yes_no(side, "reserve release, 4-6 on a die", "released", "stays in reserve", 0.5, roll >= 4,
                       "Decision 17")
    if m := _REFIRE.match(text):
        where, roll = m.group(1), int(m.group(2))
        return _yes_no(_side_in(rules, state, where), "overwatch re-fire, 5-6 on a die", "fires again",
                       "holds fire", 1 / 3, roll >= 5, "§10")
    if m := _PREP.match(text):
        good = len(rules.t.prep_shoot_good) / 6
        return _yes_no("soviet", "Prep shoot, "
                       f"{'-'.join(str(x) for x in (min(rules.t.prep_shoot_good), max(rules.t.prep_shoot_good)))}"
                       " on a die", "Good Shoot", "Bad Shoot", good, m.group(3) == "Good", "2.4d")
    if m := _RECOVERY.match(text):
        bn, roll = m.group(1), int(m.group(2))
        level = int(state.extra.get("bn", {}).get(bn, 0))
        side = next((e.side for e in rules.scen.units if e.battalion == bn), None)
        # §12.6: a roll at or under the battalion's morale level lowers it by one (a recovery)
        return _yes_no(side, f"battalion recovery, {level} or less on a die", "recovers", "stays",
                       min(level, 6) / 6, roll <= level, "§12.6")
    if seg and seg[0].kind == "adjustment" and "need" in seg[0].data and "roll" in seg[0].data:
        need, roll = int(seg[0].data["need"]), int(seg[0].data["roll"])
        spotter = getattr(action, "spotter", None)
        pending = state.extra.get("pending")
        if spotter is None and pending is not None:
            spotter = getattr(pending.action, "spotter", None)
        side = _side_of(rules, spotter) if isinstance(spotter, str) else None
        return _yes_no(side, f"Adjustment Table, {need}+ on two dice", "Good Shoot", "Bad Shoot",
                       chance_2d6_at_least(need), roll >= need, "§13.4")
    return None


def _side_of(rules: Any, uid: str) -> str | None:
    try:
        return str(rules.side_of(uid))
    except (KeyError, ValueError, AttributeError):
        return None


def _side_in(rules: Any, state: Any, where: str) -> str | None:
    """The side of the units in hex ``where`` (an overwatching stack)."""
    from ...core.hexgrid import hex_name

    sides = {_side_of(rules, u.id) for u in state.units.values()
             if u.where == ON_MAP and u.hex is not None and hex_name(u.hex) == where}
    sides.discard(None)
    return next(iter(sides)) if len(sides) == 1 else None
