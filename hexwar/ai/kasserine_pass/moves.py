"""Movement, planned once per phase: the battles our units can line up (each unit to a
hexside, stacking kept), batteries within range of them, then every other unit toward the
places that score (KP-VICTORY), never ending in an enemy zone of control it was not sent to
(KP-ZOC, D4: it would have to attack).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field

from ...core import actions as A
from ...core.combat import ratio_label
from ...core.hexgrid import Hex, distance, hex_name
from ..kit import pct
from .battles import PLACE_W, THRESH, estimate
from .ctx import Ctx
from .places import garrisons, hex_value


@dataclass
class Plan:
    """One movement phase's planned moves, made from the public position."""

    key: tuple
    moves: list  # Move actions still to play, in order
    reasons: dict  # Move -> reason
    hold: set = field(default_factory=set)  # units that stay where they are for a battle
    expect: dict = field(default_factory=dict)  # our units' hexes the next move expects
    free_done: bool = False  # the other units' moves are planned


def positions(ctx: Ctx) -> dict[str, Hex]:
    """Where our units stand (a plan is played while they stand where it expects)."""
    return {u.id: u.map_hex for u in ctx.mine()}


def plan_attacks(ctx: Ctx, movers: dict, threshold: float = THRESH) -> tuple[list, dict, set]:
    """The battles our units can line up this phase: [(Move, reason)], slots, held units.

    ``movers``: unit -> its reach (hex -> (MP spent, path)). Each enemy stack is a
    target; every unit that is next to it or can reach a hexside of it (the reach keeps
    only zone hexes it can pay to fight from) is a candidate, strongest first, each to
    the hexside that gives it most (height, river: KP-HEIGHT, KP-RIVER-ATTACK), stacking
    kept (KP-STACKING). The battle worth most is planned, its units set aside, again."""
    facts = ctx.facts
    zs = ctx.foe_zoc
    foes: dict[Hex, tuple] = {}
    for u in ctx.theirs():
        if u.map_hex not in foes:
            foes[u.map_hex] = facts.stack_defenders(u.map_hex)
    # who could stand next to each target
    by_hex: dict[Hex, list[str]] = {}
    for uid, reach in movers.items():
        for h in reach:
            by_hex.setdefault(h, []).append(uid)
    combat = {u.id for u in ctx.mine() if not facts.is_artillery(u.id) and ctx.spec(u.id).factor > 0}
    placed_now = {u.id: u.map_hex for u in ctx.mine()}
    free = set(combat)
    # the only unit holding a place that scores fights from where it stands or not at all (KP-VICTORY)
    gar = garrisons(ctx)
    keeper = {uid for uid in combat if ctx.points.get(placed_now[uid]) and gar.get(placed_now[uid]) == 1
              and ctx.holders.get(placed_now[uid]) == ctx.side}
    engaged = facts.engaged()
    add: dict[Hex, list[str]] = {}  # planned arrivals per hex
    out_moves: list = []
    slots: dict[str, Hex] = {}
    held: set = set()
    bats_used: set = set()
    cache: dict = {}  # target -> (its best battle, the units it looked at)
    for _round in range(12):
        best = None
        for t, defenders in foes.items():
            if t in cache:
                best_t = cache[t][0]
                if best_t and best_t[0] > threshold and (best is None or best_t[0] > best[0]):
                    best = (best_t[0], t, best_t[1], best_t[2])
                continue
            cands: list[tuple[float, str, Hex]] = []
            for n in ctx.board.adjacent(t):
                if n in foes:
                    continue
                for uid in free:
                    if placed_now[uid] != n and (uid in keeper or not (uid in movers and n in movers[uid]
                                                                       and uid not in engaged)):
                        continue
                    m = facts.attack_multiplier(n, t)
                    cands.append((float(ctx.spec(uid).factor * m), uid, n))
            if not cands:
                cache[t] = (None, set())
                continue
            cands.sort(key=lambda c: (-c[0], placed_now[c[1]] != c[2], c[1], c[2]))
            cands = cands[:24]
            chosen: list[tuple[str, Hex]] = []
            seen: set = set()
            hex_add: dict[Hex, list[str]] = {}
            best_t = None
            for _f, uid, n in cands:
                if uid in seen:
                    continue
                if placed_now[uid] != n:
                    extra = add.get(n, []) + hex_add.get(n, []) + [uid]
                    if not facts.stack_ok(n, add=tuple(extra), drop=tuple(extra)):
                        continue
                seen.add(uid)
                chosen.append((uid, n))
                if placed_now[uid] != n:
                    hex_add.setdefault(n, []).append(uid)
                sup = _plan_support(ctx, t, chosen, bats_used)
                e = estimate(ctx, t, defenders, chosen, sup)
                if e is None:
                    continue
                score = e.value - 0.05 * len(chosen)
                if best_t is None or score > best_t[0] + 1e-9:
                    best_t = (score, list(chosen), e)
            cache[t] = (best_t, {c[1] for c in cands})
            if best_t and best_t[0] > threshold and (best is None or best_t[0] > best[0]):
                best = (best_t[0], t, best_t[1], best_t[2])
        if best is None:
            break
        _, t, chosen, e = best
        gone = {u for u, _ in chosen}
        for k in [k for k, (bt, seen_units) in cache.items() if seen_units & gone or distance(k, t) <= 4]:
            del cache[k]  # priced again: its units, hexsides or batteries may be taken
        for uid, n in chosen:
            free.discard(uid)
            slots[uid] = n
            if placed_now[uid] == n:
                held.add(uid)
            else:
                add.setdefault(n, []).append(uid)
                path = movers[uid][n][1]
                out_moves.append((A.Move(uid, path), (f"{uid} {hex_name(placed_now[uid])}→{hex_name(n)}: lines up an "
                                                      f"attack at {ratio_label(e.odds)} on {ctx.place_name(t)} "
                                                      f"({pct(e.p_good)} chance of D BACK or D ELIM)")))
        _plan_support(ctx, t, chosen, bats_used, commit=True)
        del foes[t]
    # batteries: to a hex within range of a planned attacker, out of enemy zones, MP kept to pay
    for uid, reach in sorted(movers.items()):
        if not facts.is_artillery(uid) or not slots:
            continue
        rng = ctx.spec(uid).range
        here = placed_now[uid]
        if any(distance(here, s) <= rng for s in slots.values()) and here not in zs:
            held.add(uid)
            continue
        cost = facts.combat_cost(uid)
        opts = []
        for h, (spent, path) in reach.items():
            if h in zs or facts.mp_left(uid) - spent < cost - 1e-9:
                continue
            if not facts.stack_ok(h, add=tuple(add.get(h, []) + [uid]), drop=tuple(add.get(h, []) + [uid])):
                continue
            k = sum(1 for s in slots.values() if distance(h, s) <= rng)
            if k:
                opts.append((k, -spent, h, path))
        if opts:
            k, _, h, path = max(opts, key=lambda o: (o[0], o[1], o[2]))
            add.setdefault(h, []).append(uid)
            out_moves.append((A.Move(uid, path), (f"{uid} {hex_name(here)}→{hex_name(h)}: within range "
                                                  f"{rng} of {k} planned attacker(s) (KP-ARTILLERY)")))
            held.add(uid)
    return out_moves, slots, held


def _plan_support(ctx: Ctx, t: Hex, chosen: list, used: set, commit: bool = False) -> int:
    """Our batteries already within range of a planned attacker's hex, or near enough to move there."""
    facts = ctx.facts
    tot = 0
    for u in ctx.mine():
        if not facts.is_artillery(u.id) or u.id in used:
            continue
        s = ctx.spec(u.id)
        reach_hexes = s.ma // 2 if ctx.moving else 0  # about a plain hex per 2 MP
        if any(distance(u.map_hex, h) <= s.range + reach_hexes for _, h in chosen):
            tot += s.factor
            if commit:
                used.add(u.id)
    return tot




def _unit_best(ctx: Ctx, uid: str, moves: list, gar: dict, zs: frozenset[Hex], taken_sim: set, zoc_ok: bool = False):
    """(gain, move, from, places taken) of one unit's best move, or None."""
    here = ctx.hex_of(uid)
    s = ctx.spec(uid)
    stuck = here in zs
    base = hex_value(ctx, uid, here, gar) - (3.0 + s.factor if stuck and s.factor > 0 else 0.0)
    best = None
    for m in moves:
        d = m.path[-1]
        if d in zs and not zoc_ok:
            continue  # D4: a unit in an enemy zone must attack; battles are planned, not stumbled into
        take = 0.0
        taken = []
        for h in m.path:
            if ctx.points.get(h) and ctx.holders.get(h) != ctx.side and h not in taken and h not in taken_sim:
                taken.append(h)
                take += ctx.points[h] * PLACE_W * 0.6
        gain = hex_value(ctx, uid, d, gar) + take - base
        if best is None or gain > best[0] + 1e-9:
            best = (gain, m, here, taken)
    return best


def _move_reason(ctx: Ctx, m, here: Hex, taken: list) -> str:
    places, points = ctx.board.places, ctx.points
    why = f"{m.unit} {hex_name(here)}→{hex_name(m.path[-1])}: "
    if taken:
        why += "takes " + ", ".join(f"{places[h].name} ({points[h]} pt)" for h in taken) + " (KP-VICTORY)"
    elif points.get(m.path[-1]):
        why += f"holds {places[m.path[-1]].name} (KP-VICTORY: no one passes through a held hex)"
    elif here in ctx.foe_zoc:
        why += "leaves an enemy zone of control rather than attack from it (KP-ZOC)"
    else:
        why += "closes on the places that score"
    return why


def plan_free_moves(ctx: Ctx, acts: list, hold: set) -> list:
    """Every other unit's move, best gain first, garrisons and places taken updated as the
    plan goes (a unit's best is priced again only when a place changes)."""
    facts = ctx.facts
    zs = ctx.foe_zoc
    by_unit: dict[str, list] = {}
    for a in acts:
        if isinstance(a, A.Move) and a.unit not in hold:
            by_unit.setdefault(a.unit, []).append(a)
    gar = garrisons(ctx)
    taken_sim: set = set()
    where = {uid: ctx.hex_of(uid) for uid in by_unit}

    def own(uid: str) -> dict:
        h = where[uid]
        if h in gar and not facts.is_artillery(uid):
            g = dict(gar)
            g[h] -= 1
            if not g[h]:
                del g[h]
            return g
        return gar

    bests = {uid: _unit_best(ctx, uid, by_unit[uid], own(uid), zs, taken_sim) for uid in sorted(by_unit)}
    out = []
    while bests:
        uid = max(sorted(bests), key=lambda u: bests[u][0] if bests[u] else -math.inf)
        b = bests.pop(uid)
        if b is None or b[0] <= 0.05:
            break
        _, m, here, taken = b
        out.append((m, _move_reason(ctx, m, here, taken)))
        before = set(gar)
        if not facts.is_artillery(uid):
            if here in ctx.points and here in gar:
                gar = dict(gar)
                gar[here] -= 1
                if not gar[here]:
                    del gar[here]
            d = m.path[-1]
            if d in ctx.points:
                gar = dict(gar)
                gar[d] = gar.get(d, 0) + 1
        where[uid] = m.path[-1]
        taken_sim.update(taken)
        if taken or set(gar) != before:
            bests = {u: _unit_best(ctx, u, by_unit[u], own(u), zs, taken_sim) for u in sorted(bests)}
    return out
