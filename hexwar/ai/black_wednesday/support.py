"""Black Wednesday: the Soviet computer player's fire support (docs/black-wednesday/ai-support.md).

Hooked at the top of ``BWPlayer.action`` for the Soviet side: before any direct fire, assault
or move of the phase, the division's artillery FO calls the missions that pay (§13), Fast Fire
where the ammunition allows it (§13.7). What it reads is what the view shows (units, modes,
statuses, the ammunition pools, the turn) through the position's facts (``check``,
``calls_for``, ``artillery``, ``ammo_left``); never the dice nor the Prep Log.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.hexgrid import hex_name
from ...games.black_wednesday.verbs import Call
from ..player import Decision, as_action
from . import figures as F
from .base import mission_sums

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


ROUND = 0.35       # worth (enemy steps) of a round the pool will need later in the game
SPARE_ROUND = 0.05  # a round the pool cannot fire before the game ends anyway
MIN_CALL = 0.15    # a mission below this worth is not worth the FO's activation
LAST_CALL = 0.02   # in the game's last turn nothing is saved for later
STACK = 4          # only stacks that give the density shift (§8.3): shelling small groups lost games


def decide(player, fx, side: str, acts, weight) -> Decision | None:
    """The fire-support decision of the phase, or None (the player goes on as before)."""
    if side != "soviet":
        return None
    return missions(player, fx, side, acts, weight)


def offered_calls(player, fx, side: str, acts) -> list[Call]:
    """Every HE mission our spotters may call now, each plain and with Fast Fire (§13.7): the
    listed ones, the further ones of a spotter that has called already (Decisions 19 and 30),
    and their Fast Fire twins when ``check`` allows them (two rounds)."""
    plain = [a for a in acts if isinstance(a, Call) and a.ammo == "he" and not a.fast]
    plain += [c for c in player.more_calls(fx, side) if c.ammo == "he" and not c.fast]
    out, seen = [], set()
    for c in plain:
        if c in seen:
            continue
        seen.add(c)
        out.append(c)
        fast = Call(c.spotter, c.artillery, c.target, "he", True)
        if fx.check(fast) is None:
            out.append(fast)
    return out


def batteries_of(fx: BWFacts, side: str, calibre: str) -> list[str]:
    return sorted(a for a, c in fx.artillery(side).items() if c == calibre)


KIND = {"smoke": "Smoke", "illum": "Illum"}  # a call's ammunition -> its pool's kind (§13.7)


def round_price(fx: BWFacts, side: str, call: Call) -> tuple[float, bool]:
    """(worth of one round, spare?): a round is spare when, after this mission, the pool of its
    calibre and kind still holds one round for every mission its battalions (Axis: batteries)
    could fire in the turns left (one each a turn, §13.1): it would otherwise never be fired
    (2.3b, 3.2b). Every battery of the calibre is counted, so an Axis Spanish and German battery
    of one calibre (separate pools, 3.2b) make the rounds look scarcer than they are."""
    cal = fx.artillery(side)[call.artillery]
    left = fx.ammo_left(side, call.artillery, KIND.get(call.ammo, "HE"))
    cost = 2 if call.fast else 1
    later = max(0, fx.last_turn - fx.turn)  # turns after this one
    spare = left - cost >= len(batteries_of(fx, side, cal)) * later
    if fx.turn >= fx.last_turn:
        return 0.0, True
    return (SPARE_ROUND if spare else ROUND), spare


def mission_worth(player, fx, side: str, call: Call, weight) -> tuple[float, dict | None, int, int]:
    """(worth in enemy steps, preview, firepower, radius) of an HE mission: its good-shoot chance
    (§13.4) times the expected steps and morale results on every occupied hex of the Attack Zone
    (full firepower) and the ring (half, §13.3), less twice what it would do to our own men there
    and the rounds it spends, and one step more when men of ours stand in the zone or ring (a
    bad shoot scatters up to three hexes, §13.5)."""
    p = F.call_figures(fx, call)
    if p is None:
        return -9.0, None, 0, 0
    fp, radius = F.barrage_fp(fx, side, call.artillery, call.fast)
    gain, own = mission_sums(fx, side, call.target, fp, radius, weight)
    price, _ = round_price(fx, side, call)
    v = p["good"] * (gain - 2 * own) - price * (2 if call.fast else 1)
    if own > 0:
        v -= 1.0
    return v, p, fp, radius


def missions(player, fx, side: str, acts, weight) -> Decision | None:
    """The best HE mission on offer, plain or Fast Fire, on a stack of ``STACK`` or more enemy
    units (the density shift, §8.3), when it is worth the FO's activation (``MIN_CALL``;
    ``LAST_CALL`` in the last turn, when the pools are worth nothing). Smaller targets are left
    to the plain fire choice of ``BWPlayer``."""
    best = None
    for c in offered_calls(player, fx, side, acts):
        if sum(1 for u in fx.units_at(c.target) if fx.side_of(u.id) != side) < STACK:
            continue
        v, p, fp, radius = mission_worth(player, fx, side, c, weight)
        if p is None:
            continue
        key = (v, not c.fast, c.artillery, c.target)  # ties: the plain mission, then by name
        if best is None or key > best[0]:
            best = (key, c, p, fp, radius)
    if best is None:
        return None
    (v, *_), c, p, fp, radius = best
    floor = LAST_CALL if fx.turn >= fx.last_turn else MIN_CALL
    if v < floor:
        return None
    _, spare = round_price(fx, side, c)
    ammo = ("rounds to spare: the pool outlasts the turns left (2.3b)" if spare
            else "rounds the later turns need (2.3b)")
    big = len([u for u in fx.units_at(c.target) if fx.side_of(u.id) != side])
    dens = " (density: 8+ units, +2 columns, §8.3)" if big >= 8 else " (density: 4+ units, +1 column, §8.3)" \
        if big >= 4 else ""
    return Decision(as_action(c), f"calls {c.artillery}{' Fast Fire' if c.fast else ''} on {hex_name(c.target)} "
                                  f"({F.who(fx, c.target, side)}){dens}: {F.call_words(c, p)}; {fp} firepower on "
                                  f"the hex{' (doubled, §13.7)' if c.fast else ''} and the hexes around it, "
                                  f"half on the ring (§13.3); worth {v:.2f} steps; {ammo}")


FAST_LOOK = 6  # Fast Fire twins priced in full (check and preview): the best bounds only (speed)


def fast_fire(player, fx, side: str, calls, weight,
              best: tuple[float, object, str] | None) -> tuple[float, Decision] | None:
    """The Axis Fast Fire (§13.7): the twin of an HE mission on offer in ``calls`` when it beats
    its plain mission by the same worth-per-round as the Soviet support (``mission_worth``,
    ``round_price`` against the battery's own pool) and beats ``best``, the plain fire choice
    (or ``MIN_FIRE`` when there is none). The Axis pools are deep (Scenario 1: 70 HE for two
    105 mm batteries, 12 turns): their rounds are mostly spare, so doubling a battery's 8
    firepower costs little. Only the twins whose bound (good-shoot chance 1) could win are
    checked and previewed. Answers (its worth, the decision)."""
    floor = max(player.MIN_FIRE, best[0] if best is not None else 0.0)
    bounds: list[tuple[float, Call]] = []
    sums: dict[tuple, tuple[float, float]] = {}
    for c in calls:
        if not isinstance(c, Call) or c.ammo != "he" or c.fast or c.trp is not None:
            continue
        fp, radius = F.barrage_fp(fx, side, c.artillery, True)
        key = (c.target, fp, radius)
        if key not in sums:
            sums[key] = mission_sums(fx, side, c.target, fp, radius, weight)
        gain, own = sums[key]
        bound = gain - 2 * own - (1.0 if own > 0 else 0.0)
        if bound > floor:
            bounds.append((bound, c))
    bounds.sort(key=lambda b: (-b[0], b[1].artillery, b[1].spotter, b[1].target))
    top = None
    seen: set[tuple[str, object]] = set()
    for _, c in bounds:
        if len(seen) >= FAST_LOOK:
            break
        if (c.artillery, c.target) in seen:
            continue
        fast = Call(c.spotter, c.artillery, c.target, "he", True)
        if fx.check(fast) is not None:
            continue
        seen.add((c.artillery, c.target))
        v, p, fp, radius = mission_worth(player, fx, side, fast, weight)
        plain, *_ = mission_worth(player, fx, side, c, weight)
        if p is None or v <= plain or v < floor:
            continue
        if top is None or v > top[0]:
            top = (v, plain, fast, p, fp)
    if top is None:
        return None
    v, plain, c, p, fp = top
    _, spare = round_price(fx, side, c)
    ammo = "rounds to spare: the pool outlasts the turns left (3.2b)" if spare else "rounds the later turns need"
    who = F.who(fx, c.target, side)
    return v, Decision(as_action(c), f"calls {c.artillery} Fast Fire on {hex_name(c.target)} ({who}): "
                                  f"{F.call_words(c, p)}; {fp} firepower on the hex (doubled, §13.7), half on the "
                                  f"ring (§13.3); worth {v:.2f} steps against {plain:.2f} for the plain mission; "
                                  f"{ammo}")
