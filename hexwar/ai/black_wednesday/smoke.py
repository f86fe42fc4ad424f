"""Black Wednesday: smoke missions of the computer player (§13.8; docs/black-wednesday/ai-support.md).

Asked by ``BWPlayer.action``: the Soviets once nothing is worth firing (``best_fire`` found no
fire), the Axis against the missions on offer (its worth must beat the best of them: the
battery fires one mission a turn, §13.1). A Level 2 smoke marker blocks every line of sight
into, out of and through its hex that is longer than one hex (§6.2, §13.8; adjacent hexes
always see each other), until the next Clean Up, when it becomes Level 1 (-2 to fire into or
out of it, §8.3). Two uses, each priced in enemy steps like the HE missions (``support``:
good-shoot chance, ``round_price`` against the Smoke pool):

- **Soviets: blind an overwatch stack** (§10). An Axis stack that could fire overwatch (the
  player's ``threat`` stacks: Fire Mode, neither Suppressed nor Paralyzed, 6+ firepower) at a
  hex our units cross this phase on a move that brings them nearer their goal: the smoke is
  worth the best overwatch that stack could fire at one of them (a stack fires once).
- **Axis: blind the Soviet FO** while the Soviets still act this turn (we act first, 3.3): the
  Level 2 marker on the FO's hex keeps it from calling any mission beyond its neighbours in the
  Soviet phase; worth the best mission each Soviet battalion with HE left could call from it
  on our men. Smoke laid when the Soviets have already acted has decayed to Level 1 before
  their next phase, so it is never laid then.

What it reads is the side's view (``Position``): units, modes, statuses, sight, the pools.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Move
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from ...games.black_wednesday.verbs import Call
from ..player import Decision, as_action
from . import figures as F
from .base import mission_sums
from .support import MIN_CALL, round_price

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


def decide(player, fx: BWFacts, side: str, calls, targets) -> Decision | None:
    """The smoke mission of the phase, or None."""
    if side == "soviet":
        return blind_overwatch(player, fx, side, calls, targets)
    got = blind_fo(player, fx, side, calls)
    return None if got is None else got[1]


def smoke_calls(fx: BWFacts, target: Hex, calls) -> list[Call]:
    """The smoke twins (``check`` allows them: the battery has Smoke, 2.3b, 2.8) of the HE
    missions on offer on ``target``, one per battery, in the order offered."""
    out, seen = [], set()
    for c in calls:
        if not isinstance(c, Call) or c.target != target or c.ammo != "he" or c.artillery in seen:
            continue
        s = Call(c.spotter, c.artillery, target, "smoke")
        if fx.check(as_action(s)) is None:
            seen.add(c.artillery)
            out.append(s)
    return out


def best_smoke(fx: BWFacts, side: str, worth: dict[Hex, tuple[float, str]], calls) -> tuple | None:
    """(value, call, preview, worth, why) of the best smoke mission on a hex of ``worth``
    (hex -> (worth if it lands, why)): good-shoot chance times the worth, less the Smoke round."""
    best = None
    for h in sorted(worth, key=lambda x: (-worth[x][0], x)):
        w, why = worth[h]
        if fx.smoke.get(h) == 2:
            continue  # already blind (a second marker adds nothing, §13.8)
        if best is not None and w <= best[0]:
            break  # the chance is at most 1: no later hex can win
        for c in smoke_calls(fx, h, calls):
            p = F.call_figures(fx, c)
            if p is None:
                continue
            price, _ = round_price(fx, side, c)
            v = p["good"] * w - price
            if best is None or v > best[0]:
                best = (v, c, p, w, why)
    if best is None or best[0] < MIN_CALL:
        return None
    return best


def _decision(best: tuple, what: str) -> Decision:
    v, c, p, w, why = best
    return Decision(as_action(c), f"calls {c.artillery} smoke on {hex_name(c.target)} to {what}: {why}; "
                                  f"{F.call_words(c, p)}; one Level 2 marker blocks sight beyond the next hex "
                                  f"until Clean Up, then Level 1 (-2, §13.8, §6.2); worth {w:.2f} steps if it "
                                  f"lands, {v:.2f} with the chance and the round")


def blind_overwatch(player, fx: BWFacts, side: str, calls, targets) -> Decision | None:
    """Soviets: smoke the Axis stack whose overwatch (§10) would hit our advancing units hardest."""
    stacks = player.threat(fx, side).fire  # (hex, units, range) of the stacks that can fire overwatch
    if not stacks or not targets:
        return None
    near = fx.distance_field(targets)
    far = 1 << 20
    crossing: dict[Hex, list[str]] = {}  # hex entered by a move nearer the goal -> the movers
    for a in calls:
        if not isinstance(a, Move):
            continue
        u = fx.units[a.unit]
        if u.where != ON_MAP or near.get(a.dest, far) >= near.get(u.map_hex, far):
            continue
        for x in a.path:
            movers = crossing.setdefault(x, [])
            if a.unit not in movers:
                movers.append(a.unit)
    if not crossing:
        return None
    worth: dict[Hex, tuple[float, str]] = {}
    for h0, us, rng in stacks:
        top = (0.0, "")
        for x, movers in crossing.items():
            d = distance(h0, x)
            if d < 2 or d > rng or not fx.sees_hex(h0, x):
                continue  # next door it sees through the smoke; out of range or sight it cannot fire
            fp = fx.firepower(us, d)
            for uid in movers:
                f = F.area_fire(fx, x, fp, "overwatch", firer_hex=h0, units=[fx.units[uid]])
                if f.value > top[0]:
                    top = (f.value, f"{len(us)} unit(s) there could fire overwatch at {uid} entering "
                                    f"{hex_name(x)} ({f.words()}, §10)")
        if top[0] > 0:
            worth[h0] = top
    best = best_smoke(fx, side, worth, calls)
    return None if best is None else _decision(best, "blind an overwatch stack")


def blind_fo(player, fx: BWFacts, side: str, calls) -> tuple[float, Decision] | None:
    """Axis: smoke a Soviet FO's hex while the Soviets still act this turn; (its worth in
    steps with the chance and the round, the decision), for ``BWPlayer.action`` to weigh
    against the fires on offer (the battery's one mission a turn goes to one or the other)."""
    enemy = fx.enemy_of(side)
    order = fx.initiative_order or ("", "")
    if order != (side, enemy):
        return None
    arts = [a for a in sorted(fx.artillery(enemy)) if fx.ammo_left(enemy, a, "HE") >= 1]
    if not arts:
        return None
    ours = [h for h, us in fx.occupied().items() if any(fx.side_of(u.id) == side for u in us)]
    worth: dict[Hex, tuple[float, str]] = {}
    for u in fx.on_map(enemy):
        if fx.entry(u.id).fo != "artillery":
            continue  # a mortar FO's company fires SFAs from the map (§13.12): smoke on it is not priced
        hf = u.map_hex
        if not any(isinstance(c, Call) and c.target == hf and c.ammo == "he" for c in calls):
            continue  # no spotter of ours sees it with a battery free: nothing to smoke it with
        seen = [h for h in ours if distance(hf, h) >= 2 and fx.sees_hex(hf, h)]
        total, parts = 0.0, []
        for art in arts:
            fp, radius = F.barrage_fp(fx, enemy, art)
            top, at = 0.0, None
            for h in seen:
                p = F.call_figures(fx, Call(u.id, art, h))
                if p is None:
                    continue
                harm, _ = mission_sums(fx, enemy, h, fp, radius, lambda _h: 1.0)
                if p["good"] * harm > top:
                    top, at = p["good"] * harm, h
            if at is not None:
                total += top
                parts.append(f"{art} on {hex_name(at)} {top:.2f}")
        if total > 0:
            worth[hf] = worth.get(hf, (0.0, ""))
            worth[hf] = (worth[hf][0] + total, f"{u.id} there sees our men: the missions it could call "
                                              f"next ({', '.join(parts)} steps, §13.4)")
    best = best_smoke(fx, side, worth, calls)
    return None if best is None else (best[0], _decision(best, "blind the Soviet FO before the Soviet phase"))
