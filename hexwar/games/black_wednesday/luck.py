"""Black Wednesday for the luck report (``hexwar.luck``): what each table roll could have given.

Every die event of an action is answered in order, so the report pairs each roll with its dice:
a roll read on a table (the Area Fire Table, §8.2; the Morale Table, §12.3; the SYR table, §12.5;
a point-fire to-hit roll, §9.1; an AT kill roll, §9.2) gets that table's every result with its
chance, from the engine's own previews (``previews.fire_odds``, ``morale_odds``,
``chance_2d6_at_least``) and tables; any other roll (initiative, order implementation, reserve
release, Prep shoots, scatter, a choice's dice) is answered None: the report weighs it by its
total on its dice, for no side. Dice replayed after an owner's choice were
reported when first rolled and are not counted twice.

Scores are for the side the roll was for: the firer for fire (each step lost counts one, a
morale check half), the checking hex's owner for morale (passing is best, surrender worst).
The course of the game is counted in the scenario's victory measure (5.0, 5.1).
"""
from __future__ import annotations

from typing import Any

from ...core.actions import Action, Event
from ...core.contract import RollOdds, RollOutcome
from ...core.units import ELIMINATED, ON_MAP
from .luck_rolls import worded_roll
from .previews import _WAYS, chance_2d6_at_least, fire_odds, morale_odds

JUDGED = ("fire", "morale", "syr", "point_fire", "at_roll")
DICE_EVENTS = ("die_rolled", "die_replayed")
_MORALE_SCORE = {"-": 0.0, "S": -1.0, "P": -2.0, "SYR": -3.0, "X": -4.0}
_SYR_SCORE = {"retreat": 0.0, "retreat_lose_step": -1.0, "disintegrate": -2.0}


def roll_odds(rules: Any, state: Any, action: Action, events: list[Event]) -> tuple[RollOdds | None, ...]:
    """One entry per die event of ``events`` (``die_rolled`` or ``die_replayed``), in their
    order: None for a roll read on no table. An action that ends after its owner's choices is
    judged as that action from the state before it began (its fires and checks, like any
    action's, from the state they started in)."""
    pending = state.extra.get("pending")
    if pending is not None and getattr(pending, "base", None) is not None and \
            any(e.kind == "die_replayed" for e in events):
        state, action = pending.base, pending.action  # the account of the action that was interrupted
    out: list[RollOdds | None] = []
    for i, ev in enumerate(events):
        if ev.kind not in DICE_EVENTS:
            continue
        seg = []  # the events this roll brought, up to the next die
        for e in events[i + 1:]:
            if e.kind in DICE_EVENTS:
                break
            seg.append(e)
        res = seg[0] if seg and seg[0].kind in JUDGED else None
        out.append(_judge(rules, state, action, res, seg, ev) if res is not None
                   else worded_roll(rules, state, action, ev, seg))
    return tuple(out)


def losses(rules: Any, before: Any, after: Any) -> dict[str, tuple[int, int]]:
    """(units, steps) each side lost in one action, unit by unit: every step a unit had before
    it and has no more (a unit eliminated: all it had, even one that came onto the map in that
    same move). Steps passed on to another unit (a consolidation, 2.2c) are not lost, though
    the unit emptied is (5.0); a unit that leaves play by a map edge is not lost at all."""
    out: dict[str, list[int]] = {}
    for uid, u in after.units.items():
        was = before.units.get(uid)
        if was is None or was.where == ELIMINATED:
            continue
        gone = u.where == ELIMINATED
        if not gone and u.where != ON_MAP:
            continue
        n = out.setdefault(str(rules.side_of(uid)), [0, 0])
        n[0] += int(gone)
        d = was.steps if gone else was.steps - u.steps
        n[1] += d if d > 0 or was.where == ON_MAP else 0  # a gain only by a consolidation on the map
    return {s: (n[0], max(0, n[1])) for s, n in out.items() if n[0] or n[1] > 0}


def _dice(ev: Event) -> list[int]:
    d = ev.data.get("dice")
    return [int(x) for x in d] if isinstance(d, (list, tuple)) else []


def _side_of(rules: Any, uid: str) -> str | None:
    try:
        return str(rules.side_of(uid))
    except (KeyError, ValueError, AttributeError):
        return None


def _judge(rules: Any, state: Any, action: Action, res: Event, seg: list[Event], die: Event) -> RollOdds | None:
    d = res.data
    if res.kind == "fire" and "column" in d and "result" in d:
        return _fire(rules, state, action, res, seg)
    if res.kind == "morale" and "mm" in d and "unit" in d:
        side = _side_of(rules, str(d["unit"]))
        checks = morale_odds(rules, int(d["mm"]))
        cost = _morale_costs(rules, state, str(d["unit"]), side)
        outs = tuple(RollOutcome(r, p, _MORALE_SCORE.get(r, 0.0), ((side, cost[r]),) if side and cost.get(r) else ())
                     for r, p in _ordered(checks, _MORALE_SCORE))
        return RollOdds(side, f"Morale Table, modified morale {d['mm']}", outs, str(d["result"]), "§12.3")
    if res.kind == "syr" and "score" in d and "unit" in d and _dice(die):
        mm = int(d["score"]) - sum(_dice(die))
        odds: dict[str, float] = {}
        for s, w in _WAYS.items():
            r = str(rules.t.syr_result(s + mm) or "disintegrate")
            odds[r] = odds.get(r, 0.0) + w / 36
        got = str(rules.t.syr_result(int(d["score"])) or "disintegrate")
        side = _side_of(rules, str(d["unit"]))
        lose = {"retreat_lose_step": 1.0, "disintegrate": 1.0}
        outs = tuple(RollOutcome(r.replace("_", " "), p, _SYR_SCORE.get(r, 0.0),
                                 ((side, lose[r]),) if side and r in lose else ())
                     for r, p in _ordered(odds, _SYR_SCORE))
        return RollOdds(side, f"SYR Table, modified morale {mm}", outs, got.replace("_", " "), "§12.5")
    if res.kind == "point_fire" and "need" in d and "roll" in d:
        firer, _, rest = res.text.partition(" fires at ")
        target = rest.split(":")[0].strip()
        side = _side_of(rules, firer)
        mods = sum(int(m) for _, m in d.get("mods", ()))
        hit = chance_2d6_at_least(int(d["need"]) - mods)
        tside = _side_of(rules, target)
        gun = tside is not None and target in state.units and not rules.spec(target).vehicle
        outs = (RollOutcome("miss", 1.0 - hit, 0.0),
                RollOutcome("hit", hit, 1.0, ((tside, 1.0),) if gun and tside else ()))
        got = "hit" if int(d["roll"]) + mods >= int(d["need"]) else "miss"
        return RollOdds(side, f"point fire, {d['need']}+ to hit" + (f" ({mods:+d})" if mods else ""), outs, got,
                        "§9.1")
    if res.kind == "at_roll" and "need" in d and "roll" in d:
        target = res.text.removeprefix("AT roll on ").split(":")[0].strip()
        tside = _side_of(rules, target)
        if tside is None:
            return None
        need = int(d["need"])
        kill = chance_2d6_at_least(need) if need <= 12 else 0.0
        u = state.units.get(target)
        steps = float(u.steps) if u is not None else 1.0
        outs = (RollOutcome("survives", 1.0 - kill, 0.0), RollOutcome("killed", kill, 1.0, ((tside, steps),)))
        got = "killed" if int(d["roll"]) >= need and need <= 12 else "survives"
        return RollOdds(rules.enemy_of(tside), f"AT kill roll, {need}+", outs, got, "§9.2")
    return None


def _morale_costs(rules: Any, state: Any, uid: str, side: str | None) -> dict[str, float]:
    """Steps a check's results cost nominally: a surrender (X) every checking unit's steps in
    the hex (§12.3), an S one step given by the commissars when they are in play (2.2a); the
    SYR's own roll says what it costs."""
    from ...core.hexgrid import hex_name

    u = state.units.get(uid)
    if u is None:
        return {}
    here = [x for x in state.units.values() if x.where == ON_MAP and u.where == ON_MAP and x.hex is not None
            and u.hex is not None and hex_name(x.hex) == hex_name(u.hex) and _side_of(rules, x.id) == side
            and not rules.spec(x.id).vehicle]
    out = {"X": float(sum(x.steps for x in here) or u.steps)}
    if side == "soviet" and state.extra.get("commissars", "on") == "on":
        out["S"] = 1.0
    return out


def _ordered(odds: dict[str, float], scores: dict[str, float]) -> list[tuple[str, float]]:
    return sorted(odds.items(), key=lambda kv: -scores.get(kv[0], 0.0))


def _fire_score(r: str) -> tuple[float, float]:
    """(score for the firer, steps the target loses), nominally."""
    if r.isdigit():
        return int(r) + 0.5, float(r)
    return (0.5 if r == "M" else 0.0), 0.0


def _fire(rules: Any, state: Any, action: Action, res: Event, seg: list[Event]) -> RollOdds:
    d = res.data
    column = int(d["column"])
    final = column + sum(int(s) for _, s in d.get("shifts", ()))
    hit = _hit_side(rules, state, action, res, seg)
    firer = rules.enemy_of(hit) if hit is not None else None
    cap = _steps_to_lose(rules, state, action, str(d.get("target", "")), hit)
    outs = []
    for r, p in sorted(fire_odds(rules, final).items(), key=lambda kv: _fire_score(kv[0])[0]):
        sc, steps = _fire_score(r)
        steps = min(steps, cap) if cap is not None else steps
        outs.append(RollOutcome(r, p, sc, ((hit, steps),) if hit is not None and steps else ()))
    shifts = final - column
    table = f"Area Fire Table column {column}" + (f" (shifted to {final})" if shifts else "")
    return RollOdds(firer, table, tuple(outs), str(d["result"]), "§8.2")


def _steps_to_lose(rules: Any, state: Any, action: Action, where: str, side: str | None) -> float | None:
    """The steps the units of ``side`` in hex ``where`` (and a unit moving in) can give to area
    fire (FOs and vehicles of Defense 2+ give none, §8.4), or None when nobody is known."""
    from ...core.actions import Move
    from ...core.hexgrid import hex_name
    from .verbs import Breach

    pending = state.extra.get("pending")
    if pending is not None and getattr(pending, "action", None) is not None:
        action = pending.action
    us = [u for u in state.units.values() if u.where == ON_MAP and u.hex is not None
          and hex_name(u.hex) == where and _side_of(rules, u.id) == side]
    if isinstance(action, (Move, Breach)) and action.unit in state.units and _side_of(rules, action.unit) == side \
            and all(u.id != action.unit for u in us):
        us.append(state.units[action.unit])
    if not us:
        return None
    return float(sum(u.steps for u in us if rules._can_lose_step(u.id)))


def _hit_side(rules: Any, state: Any, action: Action, res: Event, seg: list[Event]) -> str | None:
    """The side whose units the fire fell on: those its results name, else the target hex's."""
    for e in seg[1:]:
        uid = e.data.get("unit") if isinstance(e.data, dict) else None
        if isinstance(uid, str) and e.kind in ("step_lost", "eliminated", "morale", "status"):
            s = _side_of(rules, uid)
            if s is not None:
                return s
    from ...core.hexgrid import hex_name

    where = str(res.data.get("target", ""))
    sides = {_side_of(rules, u.id) for u in state.units.values() if u.where == ON_MAP and u.hex is not None
             and hex_name(u.hex) == where}
    sides.discard(None)
    if len(sides) == 1:
        return next(iter(sides))
    pending = state.extra.get("pending")
    if pending is not None and getattr(pending, "action", None) is not None:
        action = pending.action  # an owner's answer goes on with the action it interrupted
    return _hit_by_action(rules, action, where)


def _hit_by_action(rules: Any, action: Action, where: str) -> str | None:
    """When the hex says nothing (a unit fired on as it moves in, an emptied hex): a fire during
    a unit's move or breach falls on the mover (overwatch); a declared fire on its target hex falls on
    the enemy of the firers, any other fire in it (return fire) on the firers."""
    from ...core.actions import Attack, Move
    from ...core.hexgrid import hex_name
    from .verbs import Breach

    if isinstance(action, (Move, Breach)):  # a unit entering a hex, or the wire to breach it (1.4b)
        return _side_of(rules, action.unit)
    if isinstance(action, Attack) and action.attackers:
        mine = _side_of(rules, action.attackers[0])
        if mine is None:
            return None
        return rules.enemy_of(mine) if hex_name(action.target) == where else mine
    return None


def score(rules: Any, state: Any) -> tuple[str, dict[str, float]]:
    """The scenario's victory measure (5.0, 5.1) as a number per side."""
    spec = rules.scen.victory_spec or {"kind": rules.scen.victory}
    kind = spec.get("kind", rules.scen.victory)
    if kind == "campaign":
        kb = rules.feature_hexes("krasni_bor")
        occ = [rules.occupier(state, h) for h in kb]
        return "Krasni Bor hexes occupied", {"soviet": float(occ.count("soviet")), "axis": float(occ.count("axis"))}
    if kind == "clear_trenches":
        held = {u.hex for u in rules.on_map(state, "axis") if u.hex in rules.trench_hexes}
        n = float(len(held))
        cleared = float(len(rules.trench_hexes)) - n
        return "trench hexes the Axis holds (Soviet: cleared)", {"axis": n, "soviet": cleared}
    conds = list(spec.get("conditions", ()))
    if not conds:
        return "", {}
    met = float(sum(1 for c in conds if rules.condition_met(state, c)[0]))
    return "Soviet conditions met (Axis: not met)", {"soviet": met, "axis": float(len(conds)) - met}
