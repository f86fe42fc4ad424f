"""The Kasserine Pass computer players: ``KasserinePlayer`` ("ai") and ``KasserineGreedy``.

Kasserine has no hidden information (``view`` shows every unit), so the one thing a
player could peek at is the dice: nothing here touches ``game.dice``. Each decision
reads a copy of the public position and the rules' read-only helpers (``reach``,
``attack_multiplier``, ``stack_defenders``, ``result_chances``, ``retreat_options``,
``obligations``, ``battle_detail``, ``stack_ok``, ``zoc_sources``).

How the AI plays (docs/ai.md, Kasserine section):
- a battle is worth the chance of each result on two dice (``result_chances``, the
  CRT with rows 7-12 mirrored, D1) times what the result does, in combat factors:
  defenders killed (D ELIM, a D BACK with no way out), the place taken by the advance,
  our factors lost on A ELIM / EXCHANGE (KP-EXCHANGE-LOSS), a little for CONTACT and
  ENGAGED (they bind the defender next turn), a little against for A BACK;
- the defender is assumed to add every battery in range (KP-ARTILLERY), the attacker
  counts his own batteries that can still pay the cost of combat (KP-COST-OF-COMBAT);
- movement is planned once per phase: the best battles its units can line up (each
  unit to a hexside, stacking respected), batteries within range of them, then every
  other unit walks toward the places that score (KP-VICTORY) and never ends in an
  enemy zone of control it was not sent to (KP-ZOC, D4: it would have to attack).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction

from ...core import actions as A
from ...core.combat import odds_ratio, ratio_label, shift_ratio
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from ...games.kasserine_pass import verbs as V
from ..kit import distance_field, pct
from ..player import Decision

GOOD = ("D ELIM", "D BACK 1", "D BACK 2", "D BACK 3", "D BACK 4")
BAD = ("A ELIM", "A BACK 1", "A BACK 2", "A BACK 3", "A BACK 4")
LOSS_W = {"axis": 1.3, "allied": 1.0}  # what a factor of our own is worth against one of his
PLACE_W = 2.5  # a victory point, in combat factors
THRESH = 0.4  # a voluntary battle must be worth this much


def enemy(side: str) -> str:
    return "allied" if side == "axis" else "axis"


# --- the position as the deciding side sees it -----------------------------------------------------
class Ctx:
    """Per-decision figures: the public position copied, and cheap indexes over it."""

    def __init__(self, game: Game, side: str) -> None:
        self.game = game
        self.rules = r = game.rules
        self.state = game.state.copy()  # public: Kasserine hides nothing (view: every unit)
        self.side, self.foe = side, enemy(side)
        self.turn = self.state.turn
        self.last = r.scen.turns
        self._kill: dict = {}
        self._dfs: dict = {}

    # units
    def spec(self, uid: str):
        return self.rules.kspec(self.state, uid)

    def mine(self):
        return self.rules.on_map(self.state, self.side)

    def theirs(self):
        return self.rules.on_map(self.state, self.foe)

    def hex_of(self, uid: str) -> Hex:
        return self.state.units[uid].hex

    def foe_at(self, h: Hex) -> list:
        return [u for u in self.state.units_at(h) if self.rules.uside(self.state, u.id) == self.foe]

    def zoc_of_foe(self) -> dict:
        return self.rules.zoc_sources(self.state, self.foe)

    # places
    def place_name(self, h: Hex) -> str:
        p = self.rules.board.places.get(h)
        return f"{hex_name(h)} ({p.name})" if p else hex_name(h)

    def vp(self, h: Hex) -> int:
        return self.rules.vp.get(h, 0)

    def dist(self, place: Hex) -> dict[Hex, float]:
        """MP from every hex to ``place`` over the empty board (roads, terrain, cliffs)."""
        d = self._dfs.get(place)
        if d is None:
            r = self.rules

            def step(n: Hex, h: Hex) -> float:
                c = r.step_cost(n, h)
                return math.inf if c is None else c

            d = self._dfs[place] = distance_field(r.board, [place], step, tag="kp")
        return d

    # battles
    def def_support(self, target: Hex, battle_defenders=()) -> int:
        """Every battery of the defender within range of the target, not yet allocated."""
        st, r = self.state, self.rules
        dside = self.rules.uside(st, battle_defenders[0]) if battle_defenders else None
        tot = 0
        for u in r.on_map(st, dside or self.foe_side_at(target)):
            if r.is_art(st, u.id) and u.id not in st.support and u.id not in battle_defenders:
                if distance(u.hex, target) <= self.spec(u.id).range:
                    tot += self.spec(u.id).factor
        # allocated already (the defend step): what the rules count
        tot += sum(self.spec(b).factor for b, t in st.support.items()
                   if t in battle_defenders and r.uside(st, b) == r.uside(st, t))
        return tot

    def foe_side_at(self, h: Hex) -> str:
        us = self.state.units_at(h)
        return self.rules.uside(self.state, us[0].id) if us else self.foe

    def kill_frac(self, defenders: tuple, length: int) -> float:
        """Share of the defenders' factors with no retreat of that length (they die, D8)."""
        k = (defenders, length)
        if k not in self._kill:
            tot = dead = 0.0
            for d in defenders:
                f = max(1, self.spec(d).factor)
                tot += f
                if self.rules.is_art(self.state, d) or not self.rules.retreat_options(self.state, d, length):
                    dead += f
            self._kill[k] = dead / tot if tot else 0.0
        return self._kill[k]


@dataclass
class Est:
    """One battle as the AI prices it, with the rules' own figures."""

    target: Hex
    defenders: tuple
    attackers: tuple
    attack: Fraction
    defense: Fraction
    def_support: int
    att_support: int
    odds: tuple
    chances: dict
    value: float

    @property
    def p_good(self) -> float:
        return float(sum(self.chances.get(r, 0) for r in GOOD))

    @property
    def p_bad(self) -> float:
        return float(sum(self.chances.get(r, 0) for r in BAD))


def estimate(ctx: Ctx, target: Hex, defenders: tuple, placed: list[tuple[str, Hex]], att_support: int = 0,
             def_support: int | None = None, air: bool = False, side: str | None = None) -> Est | None:
    """Price a battle: attackers ``placed`` (unit, the hex it attacks from) on ``defenders`` at ``target``."""
    r, st = ctx.rules, ctx.state
    side = side or ctx.side
    att = Fraction(0)
    for uid, h in placed:
        att += r.kspec(st, uid).factor * r.attack_multiplier(st, h, target)  # KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK
    att += att_support
    base = sum((1 if r.is_art(st, d) else r.kspec(st, d).factor) for d in defenders)  # KP-ARTILLERY-ALONE
    city = target in r.city
    basic = base * 2 if city else base  # KP-CITY, KP-EXCHANGE-LOSS
    if def_support is None:
        def_support = ctx.def_support(target, defenders)
    dfn = Fraction(basic + def_support)
    if att <= 0 or dfn <= 0:
        return None
    o = odds_ratio(att, dfn)  # KP-ODDS: rounded for the defender
    if o[0] == 1 and o[1] > 6:
        return None  # D5: worse than 1-6 is refused
    if air:
        o = shift_ratio(o, 1)  # KP-OPT-AIR-POWER
    ch = r.result_chances(o)
    # what each result does, in combat factors from the attacker's side
    whole = set(defenders) >= set(r.stack_defenders(st, target))
    guns = sum(1 for u in st.units_at(target) if r.is_art(st, u.id) and u.id not in defenders) if whole else 0
    defv = float(base) + guns
    lw = LOSS_W[side]
    place = 0.0
    if r.vp.get(target, 0) and st.control.get(target) != side:
        place = PLACE_W * r.vp[target]
    v = 0.0
    for res, p in ch.items():
        w = res.split()
        if res == "D ELIM":
            x = defv + place + 0.2
        elif w[:2] == ["D", "BACK"]:
            kf = ctx.kill_frac(tuple(defenders), int(w[2]))
            x = defv * (kf + (1 - kf) * 0.3) + place * 0.8 + 0.1
        elif res == "EXCHANGE":
            x = defv - lw * basic + place * 0.8
        elif res == "CONTACT":
            x = 0.15 * defv
        elif res == "ENGAGED":
            x = -0.15
        elif w[:2] == ["A", "BACK"]:
            x = -0.3 - 0.1 * int(w[2])
        else:  # A ELIM
            x = -lw * basic - 0.4
        v += float(p) * x
    return Est(target, tuple(defenders), tuple(u for u, _ in placed), att, dfn, def_support, att_support, o, ch, v)


def describe(ctx: Ctx, e: Est, verb: str = "attacks") -> str:
    """A battle in plain words from the rules' figures (the odds panel's numbers)."""
    r, st = ctx.rules, ctx.state
    mods = []
    for a in e.attackers:
        h = st.units[a].hex if st.units[a].hex is not None else None
        if h is None:
            continue
        m = r.attack_multiplier(st, h, e.target)
        if m != 1:
            why = []
            if r.is_cliff(h, e.target) and r.height[e.target] > r.height[h]:
                why.append("up a cliff, KP-CLIFF")
            elif r.height[h] < r.height[e.target]:
                why.append("defender higher, KP-HEIGHT")
            if r.board.terrain[h] == "river":
                why.append("from a river hex, KP-RIVER-ATTACK")
            mods.append(f"{a} ×{m} ({'; '.join(why)})")
    parts = [f"{verb} {', '.join(e.defenders)} at {ctx.place_name(e.target)}: {ratio_label(e.odds)}",
             f"(attack {float(e.attack):g}"]
    if e.att_support:
        parts[-1] += f" incl. {e.att_support} of artillery"
    parts[-1] += f" against {float(e.defense):g}"
    if e.target in r.city:
        parts[-1] += ", city doubled"
    if e.def_support:
        parts[-1] += f", counting {e.def_support} of his artillery in range"
    parts[-1] += ")"
    if mods:
        parts.append("; " + ", ".join(mods))
    out = " ".join(parts[:2]) + "".join(parts[2:])
    out += f"; {pct(e.p_good)} chance of D BACK or D ELIM, {pct(e.p_bad)} of A BACK or A ELIM"
    for res in ("CONTACT", "ENGAGED", "EXCHANGE"):
        if e.chances.get(res):
            out += f", {pct(e.chances[res])} {res}"
    if r.vp.get(e.target) and st.control.get(e.target) != ctx.side:
        out += f"; an advance takes {r.board.places[e.target].name} ({r.vp[e.target]} point{'s' if r.vp[e.target] > 1 else ''})"
    return out


# --- declarations ---------------------------------------------------------------------------------
def _battles_by_target(ctx: Ctx) -> dict:
    return {(b.target, frozenset(b.defenders)): (i, b) for i, b in enumerate(ctx.state.kbattles)}


def _free_support(ctx: Ctx, placed: list[tuple[str, Hex]], used: set) -> tuple[int, list[str]]:
    """Our batteries that could still support one of these attackers (range, MP to pay)."""
    r, st = ctx.rules, ctx.state
    tot, bats = 0, []
    for u in ctx.mine():
        if not r.is_art(st, u.id) or u.id in st.support or u.id in used:
            continue
        if st.mp.get(u.id, 0) < r.combat_cost(st, u.id) - 1e-9:
            continue
        rng = ctx.spec(u.id).range
        if any(distance(u.hex, h) <= rng for _, h in placed):
            tot += ctx.spec(u.id).factor
            bats.append(u.id)
    return tot, bats


def plan_declarations(ctx: Ctx, acts: list, threshold: float = THRESH):
    """The next attack to declare: (action, Est) or None.

    Battles already declared are kept; each target's attackers are the best prefix of
    the units free to hit it (strongest first); duties (KP-ZOC, CONTACT, ENGAGED) first."""
    r, st = ctx.rules, ctx.state
    attacks = [a for a in acts if isinstance(a, (A.Attack, V.Select))]
    if not attacks:
        return None
    existing = _battles_by_target(ctx)
    obl = r.obligations(st)
    must_units = {u for rule, _, us in obl if rule == "KP-ZOC" for u in us}
    must_targets = {u for rule, _, us in obl if rule != "KP-ZOC" for u in us}
    used_bats: set = set()
    best = None
    for a in attacks:
        defenders = a.defenders if isinstance(a, V.Select) else tuple(r.stack_defenders(st, a.target))
        key = (a.target, frozenset(defenders))
        old = existing.get(key)
        old_att = tuple(old[1].attackers) if old else ()
        new = tuple(x for x in a.attackers if x not in old_att)
        if not new:
            continue  # the rules list a battle's own attackers again: a no-op
        placed = [(x, ctx.hex_of(x)) for x in old_att + new]
        sup, _ = _free_support(ctx, placed, used_bats)
        e = estimate(ctx, a.target, defenders, placed, sup)
        if e is None:
            continue
        base = 0.0
        if old:
            e0 = estimate(ctx, a.target, defenders, [(x, ctx.hex_of(x)) for x in old_att], sup)
            base = e0.value if e0 else -2.0
        gain = e.value - base - 0.03 * len(new)
        duty = 0.0
        if must_units & set(new):
            duty += 50.0
        if must_targets & set(defenders):
            duty += 50.0
        if not old and not duty and e.value < threshold:
            continue
        if old and not duty and gain <= 0.05:
            continue
        score = duty + gain
        if best is None or score > best[0]:
            best = (score, a, e)
    if best is None:
        return None
    return best[1], best[2]


def _battle_est(ctx: Ctx, b, extra_att: int = 0, extra_def: int = 0, exact_def: bool = False) -> Est | None:
    r, st = ctx.rules, ctx.state
    placed = [(x, ctx.hex_of(x)) for x in b.attackers if st.units[x].where == ON_MAP]
    defenders = tuple(d for d in b.defenders if st.units[d].where == ON_MAP)
    if not placed or not defenders:
        return None
    s = r.strengths(st, b)  # the rules' own count of what is allocated
    side = r.uside(st, placed[0][0])
    dsup = int(s["defense_support"]) + extra_def
    if not exact_def and st.step == "declare":
        dsup = ctx.def_support(b.target, defenders) + extra_def
    return estimate(ctx, b.target, defenders, placed, int(s["attack_support"]) + extra_att, dsup, b.air, side)


def best_support(ctx: Ctx, acts: list) -> tuple[object, str] | None:
    """The battery allocation that helps most: for the attacker the battle's worth, for
    the defender the attacker's worth taken away (KP-ARTILLERY)."""
    r, st = ctx.rules, ctx.state
    sups = [a for a in acts if isinstance(a, V.Support)]
    if not sups:
        return None
    attacking = st.step == "declare"
    best = None
    for s in sups:
        i = next((k for k, b in enumerate(st.kbattles) if s.unit in (b.attackers if attacking else b.defenders)), None)
        if i is None:
            continue
        b = st.kbattles[i]
        f = ctx.spec(s.battery).factor
        e0 = _battle_est(ctx, b, exact_def=not attacking)
        e1 = _battle_est(ctx, b, extra_att=f if attacking else 0, extra_def=0 if attacking else f,
                         exact_def=not attacking)
        if e0 is None or e1 is None:
            continue
        if attacking:
            gain = e1.value - e0.value
            ratio = float(e1.attack / e1.defense - e0.attack / e0.defense)
        else:
            gain = e0.value - e1.value
            ratio = float(e0.attack / e0.defense - e1.attack / e1.defense)
        key = (round(gain, 6), ratio, -f)
        if best is None or key > best[0]:
            best = (key, s, e0, e1)
    if best is None:
        return None
    (gain, ratio, _), s, e0, e1 = best
    if gain <= 1e-6 and ratio <= 1e-9:
        return None
    f = ctx.spec(s.battery).factor
    if attacking:
        why = (f"{s.battery} adds {f} to {s.unit}'s attack on {ctx.place_name(e0.target)} (KP-ARTILLERY): "
               f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, D BACK or better {pct(e0.p_good)} → {pct(e1.p_good)}")
    else:
        why = (f"{s.battery} adds {f} to {s.unit}'s defence at {ctx.place_name(e0.target)} (KP-ARTILLERY): "
               f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, his D BACK or better {pct(e0.p_good)} → "
               f"{pct(e1.p_good)}")
    return s, why


def best_air(ctx: Ctx, acts: list) -> tuple[object, str] | None:
    """Allied air power (KP-OPT-AIR-POWER) on the battle it helps most."""
    airs = [a for a in acts if isinstance(a, A.Choose) and a.what == "air"]
    best = None
    for a in airs:
        for b in ctx.state.kbattles:
            if hex_name(b.target) == a.value and not b.air:
                e0 = _battle_est(ctx, b)
                if e0 is None:
                    continue
                e1 = estimate(ctx, b.target, e0.defenders, [(x, ctx.hex_of(x)) for x in e0.attackers],
                              e0.att_support, e0.def_support, True)
                if e1 and (best is None or e1.value - e0.value > best[0]):
                    best = (e1.value - e0.value, a, e0, e1)
    if best is None or best[0] <= 0:
        return None
    _, a, e0, e1 = best
    return a, (f"air power on the attack at {ctx.place_name(e0.target)} (KP-OPT-AIR-POWER): "
               f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, D BACK or better {pct(e0.p_good)} → {pct(e1.p_good)}")


# --- movement --------------------------------------------------------------------------------------
@dataclass
class Plan:
    """One movement phase's planned moves, made from the public position."""

    key: tuple
    moves: list  # Move actions still to play, in order
    reasons: dict  # Move -> reason
    hold: set = field(default_factory=set)  # units that stay where they are for a battle
    expect: dict = field(default_factory=dict)  # our units' hexes the next move expects
    free_done: bool = False  # the other units' moves are planned


def _positions(ctx: Ctx) -> dict:
    return {u.id: u.hex for u in ctx.mine()}


def plan_attacks(ctx: Ctx, movers: dict, threshold: float = THRESH) -> tuple[list, dict, set]:
    """The battles our units can line up this phase: [(Move, reason)], slots, held units.

    ``movers``: unit -> its reach (hex -> (MP spent, path)). Each enemy stack is a
    target; every unit that is next to it or can reach a hexside of it (the reach keeps
    only zone hexes it can pay to fight from) is a candidate, strongest first, each to
    the hexside that gives it most (height, river: KP-HEIGHT, KP-RIVER-ATTACK), stacking
    kept (KP-STACKING). The battle worth most is planned, its units set aside, again."""
    r, st = ctx.rules, ctx.state
    zs = ctx.zoc_of_foe()
    foes: dict[Hex, tuple] = {}
    for u in ctx.theirs():
        if u.hex not in foes:
            foes[u.hex] = tuple(r.stack_defenders(st, u.hex))
    # who could stand next to each target
    by_hex: dict[Hex, list[str]] = {}
    for uid, reach in movers.items():
        for h in reach:
            by_hex.setdefault(h, []).append(uid)
    combat = {u.id for u in ctx.mine() if not r.is_art(st, u.id) and ctx.spec(u.id).factor > 0}
    placed_now = {u.id: u.hex for u in ctx.mine()}
    free = set(combat)
    # the only unit holding a place that scores fights from where it stands or not at all (KP-VICTORY)
    gar = _garrisons(ctx)
    keeper = {uid for uid in combat if r.vp.get(placed_now[uid]) and gar.get(placed_now[uid]) == 1
              and st.control.get(placed_now[uid]) == ctx.side}
    engaged = r.engaged(st)
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
            for n in r.board.adjacent(t):
                if n in foes:
                    continue
                for uid in free:
                    if placed_now[uid] != n and (uid in keeper or not (uid in movers and n in movers[uid]
                                                                       and uid not in engaged)):
                        continue
                    m = r.attack_multiplier(st, n, t)
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
            for f, uid, n in cands:
                if uid in seen:
                    continue
                if placed_now[uid] != n:
                    extra = add.get(n, []) + hex_add.get(n, []) + [uid]
                    if not r.stack_ok(st, n, add=tuple(extra), drop=tuple(extra)):
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
                out_moves.append((A.Move(uid, path), f"{uid} {hex_name(placed_now[uid])}→{hex_name(n)}: lines up an "
                                  f"attack at {ratio_label(e.odds)} on {ctx.place_name(t)} "
                                  f"({pct(e.p_good)} chance of D BACK or D ELIM)"))
        _plan_support(ctx, t, chosen, bats_used, commit=True)
        del foes[t]
    # batteries: to a hex within range of a planned attacker, out of enemy zones, MP kept to pay
    for uid, reach in sorted(movers.items()):
        if not r.is_art(st, uid) or not slots:
            continue
        rng = ctx.spec(uid).range
        here = placed_now[uid]
        if any(distance(here, s) <= rng for s in slots.values()) and here not in zs:
            held.add(uid)
            continue
        cost = r.combat_cost(st, uid)
        opts = []
        for h, (spent, path) in reach.items():
            if h in zs or st.mp.get(uid, 0) - spent < cost - 1e-9:
                continue
            if not r.stack_ok(st, h, add=tuple(add.get(h, []) + [uid]), drop=tuple(add.get(h, []) + [uid])):
                continue
            k = sum(1 for s in slots.values() if distance(h, s) <= rng)
            if k:
                opts.append((k, -spent, h, path))
        if opts:
            k, _, h, path = max(opts, key=lambda o: (o[0], o[1], o[2]))
            add.setdefault(h, []).append(uid)
            out_moves.append((A.Move(uid, path), f"{uid} {hex_name(here)}→{hex_name(h)}: within range "
                              f"{rng} of {k} planned attacker(s) (KP-ARTILLERY)"))
            held.add(uid)
    return out_moves, slots, held


def _plan_support(ctx: Ctx, t: Hex, chosen: list, used: set, commit: bool = False) -> int:
    """Our batteries already within range of a planned attacker's hex, or near enough to move there."""
    r, st = ctx.rules, ctx.state
    tot = 0
    for u in ctx.mine():
        if not r.is_art(st, u.id) or u.id in used:
            continue
        s = ctx.spec(u.id)
        reach_hexes = s.ma // 2 if st.phase.endswith("_move") else 0  # about a plain hex per 2 MP
        if any(distance(u.hex, h) <= s.range + reach_hexes for _, h in chosen):
            tot += s.factor
            if commit:
                used.add(u.id)
    return tot


# --- where a unit stands well ---------------------------------------------------------------------
def _threat(ctx: Ctx) -> dict[Hex, float]:
    """Enemy combat factors that could reach a hexside of each hex next turn (empty-board MP)."""
    v = ctx.__dict__.get("_threat")
    if v is not None:
        return v
    r, st = ctx.rules, ctx.state
    key = (id(r), tuple(sorted((u.id, u.hex) for u in ctx.theirs())))
    v = _THREATS.get(key)
    if v is not None:
        ctx.__dict__["_threat"] = v
        return v
    out: dict[Hex, float] = {}
    for u in ctx.theirs():
        s = ctx.spec(u.id)
        if r.is_art(st, u.id) or s.factor <= 0:
            continue
        d = _budget_field(ctx, u.hex, float(s.ma))
        seen = set()
        for h in d:
            for n in r.board.adjacent(h):
                if n not in seen:
                    seen.add(n)
                    out[n] = out.get(n, 0.0) + s.factor
    ctx.__dict__["_threat"] = out
    if len(_THREATS) > 64:
        _THREATS.clear()
    _THREATS[key] = out
    return out


_THREATS: dict = {}
_BUDGET: dict = {}


def _budget_field(ctx: Ctx, start: Hex, budget: float) -> dict[Hex, float]:
    import heapq

    key = (id(ctx.rules), start, budget)
    if key in _BUDGET:
        return _BUDGET[key]
    r = ctx.rules
    d = {start: 0.0}
    heap = [(0.0, start)]
    while heap:
        c, h = heapq.heappop(heap)
        if c > d[h]:
            continue
        for n in r.board.adjacent(h):
            sc = r.step_cost(h, n)
            if sc is None:
                continue
            nc = c + sc
            if nc <= budget and nc < d.get(n, math.inf):
                d[n] = nc
                heapq.heappush(heap, (nc, n))
    if len(_BUDGET) > 4000:
        _BUDGET.clear()
    _BUDGET[key] = d
    return d


def hex_value(ctx: Ctx, uid: str, h: Hex, garrisons: dict) -> float:
    """How well ``uid`` stands on ``h``: near the places that score, holding one, out of danger."""
    r, st = ctx.rules, ctx.state
    s = ctx.spec(uid)
    ma = max(float(s.ma), 5.0)
    late = ctx.turn / ctx.last
    memo = ctx.__dict__.setdefault("_hv", {})
    gk = tuple(sorted(garrisons.items()))
    mk = (ma, s.factor, h, gk)
    hit = memo.get(mk)
    if hit is not None:
        return hit
    v = 0.0
    for p, pts in r.vp.items():
        if not pts:
            continue
        d = ctx.dist(p).get(h, math.inf)
        if d == math.inf:
            continue
        ours = st.control.get(p) == ctx.side
        g = garrisons.get(p, 0)
        if ctx.side == "axis":
            want = pts * (0.5 if ours and g else 1.0)
        else:
            want = pts * (1.0 if not ours else 0.6) * (0.5 if g else 1.0)
        v += want / (1.0 + d / ma) * 0.6
    if h in r.vp and r.vp[h]:
        here = garrisons.get(h, 0)
        if here == 0:  # the only unit holding the place (KP-VICTORY: none can pass through it)
            v += r.vp[h] * (1.0 + 2.0 * late)
    # danger: the enemy's reachable factors against ours here (Allied units are the weaker)
    if ctx.side == "allied" and s.factor > 0:
        thr = _threat(ctx).get(h, 0.0)
        dfn = s.factor * (2 if h in r.city else 1) + 0.5
        if thr / dfn >= 4:
            v -= 0.5 * s.factor + (0.5 if not r.vp.get(h) else 0.0)
    memo[mk] = v
    return v


def _garrisons(ctx: Ctx, skip: str | None = None) -> dict[Hex, int]:
    out: dict[Hex, int] = {}
    for u in ctx.mine():
        if u.id != skip and u.hex in ctx.rules.vp and not ctx.rules.is_art(ctx.state, u.id):
            out[u.hex] = out.get(u.hex, 0) + 1
    return out


def _unit_best(ctx: Ctx, uid: str, moves: list, gar: dict, zs: dict, taken_sim: set, zoc_ok: bool = False):
    """(gain, move, from, places taken) of one unit's best move, or None."""
    r, st = ctx.rules, ctx.state
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
            if r.vp.get(h) and st.control.get(h) != ctx.side and h not in taken and h not in taken_sim:
                taken.append(h)
                take += r.vp[h] * PLACE_W * 0.6
        gain = hex_value(ctx, uid, d, gar) + take - base
        if best is None or gain > best[0] + 1e-9:
            best = (gain, m, here, taken)
    return best


def _move_reason(ctx: Ctx, m, here: Hex, taken: list) -> str:
    r = ctx.rules
    why = f"{m.unit} {hex_name(here)}→{hex_name(m.path[-1])}: "
    if taken:
        why += "takes " + ", ".join(f"{r.board.places[h].name} ({r.vp[h]} pt)" for h in taken) + " (KP-VICTORY)"
    elif r.vp.get(m.path[-1]):
        why += f"holds {r.board.places[m.path[-1]].name} (KP-VICTORY: no one passes through a held hex)"
    elif here in ctx.zoc_of_foe():
        why += "leaves an enemy zone of control rather than attack from it (KP-ZOC)"
    else:
        why += "closes on the places that score"
    return why


def plan_free_moves(ctx: Ctx, acts: list, hold: set) -> list:
    """Every other unit's move, best gain first, garrisons and places taken updated as the
    plan goes (a unit's best is priced again only when a place changes)."""
    r, st = ctx.rules, ctx.state
    zs = ctx.zoc_of_foe()
    by_unit: dict[str, list] = {}
    for a in acts:
        if isinstance(a, A.Move) and a.unit not in hold:
            by_unit.setdefault(a.unit, []).append(a)
    gar = _garrisons(ctx)
    taken_sim: set = set()
    where = {uid: ctx.hex_of(uid) for uid in by_unit}

    def own(uid: str) -> dict:
        h = where[uid]
        if h in gar and not r.is_art(st, uid):
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
        gain, m, here, taken = b
        out.append((m, _move_reason(ctx, m, here, taken)))
        before = set(gar)
        if not r.is_art(st, uid):
            if here in r.vp and here in gar:
                gar = dict(gar)
                gar[here] -= 1
                if not gar[here]:
                    del gar[here]
            d = m.path[-1]
            if d in r.vp:
                gar = dict(gar)
                gar[d] = gar.get(d, 0) + 1
        where[uid] = m.path[-1]
        taken_sim.update(taken)
        if taken or set(gar) != before:
            bests = {u: _unit_best(ctx, u, by_unit[u], own(u), zs, taken_sim) for u in sorted(bests)}
    return out


# --- small choices ---------------------------------------------------------------------------------
def choose_loss(ctx: Ctx, acts: list) -> Decision:
    """KP-RESULT-A-ELIM, KP-EXCHANGE-LOSS: pay the debt with the least; a German breaks a unit down first
    when that pays it with less (KP-BREAKDOWN)."""
    r, st = ctx.rules, ctx.state
    stage = st.stage
    need = stage.get("need") - stage.get("removed")
    losses = [a for a in acts if isinstance(a, A.Loss)]
    bds = {a.unit: a for a in acts if isinstance(a, V.Breakdown)}
    fac = {a.unit: ctx.spec(a.unit).factor for a in losses}
    covering = [u for u in fac if fac[u] >= need]
    if covering:
        u = min(covering, key=lambda x: (fac[x] - need, x))
        over = fac[u] - need
        if over > 0 and u in bds:
            return Decision(bds[u], f"breaks {u} down so as to lose only what the result asks (KP-BREAKDOWN)")
        for x in sorted(fac, key=lambda x: -fac[x]):  # a bigger unit that breaks into parts that fit
            if x in bds and fac[x] > need and over > 0:
                return Decision(bds[x], f"breaks {x} down so as to lose only what the result asks (KP-BREAKDOWN)")
        return Decision(next(a for a in losses if a.unit == u))
    u = max(fac, key=lambda x: (fac[x], x))  # the debt is larger than any one unit: the largest first
    return Decision(next(a for a in losses if a.unit == u))


def choose_retreat(ctx: Ctx, acts: list) -> Decision:
    """Our retreat path: the end hex that stands best, least exposed, never where a stack is full."""
    r, st = ctx.rules, ctx.state
    rets = [a for a in acts if isinstance(a, A.Retreat)]
    gar = _garrisons(ctx)
    best = None
    for a in rets:
        d = a.path[-1]
        v = hex_value(ctx, a.unit, d, gar)
        v -= 1.0 * sum(1 for n in r.board.adjacent(d) if ctx.foe_at(n))
        v += 0.5 * sum(1 for h in a.path if r.vp.get(h) and st.control.get(h) != ctx.side)
        key = (v, hex_name(d))
        if best is None or key > best[0]:
            best = (key, a)
    return Decision(best[1])


def choose_advance(ctx: Ctx, acts: list) -> Decision:
    """Advance after combat: into a place that scores, or where the unit stands better than now."""
    r, st = ctx.rules, ctx.state
    moves = [a for a in acts if isinstance(a, A.Move)]
    stop = next((a for a in acts if isinstance(a, A.Advance) and a.unit is None), None) or A.EndPhase()
    gar = _garrisons(ctx)
    best = None
    for m in moves:
        taken = [h for h in dict.fromkeys(m.path) if r.vp.get(h) and st.control.get(h) != ctx.side]
        guns = [u.id for u in st.units_at(m.path[0]) if r.uside(st, u.id) != ctx.side]
        gain = (hex_value(ctx, m.unit, m.path[-1], gar) - hex_value(ctx, m.unit, ctx.hex_of(m.unit), gar)
                + PLACE_W * sum(r.vp[h] for h in taken) + 1.5 * len(guns))
        if ctx.side == "allied" and _threat(ctx).get(m.path[-1], 0) / max(1, ctx.spec(m.unit).factor) >= 6:
            gain -= ctx.spec(m.unit).factor
        if best is None or gain > best[0]:
            best = (gain, m, taken, guns)
    if best is None or best[0] <= 0.1:
        return Decision(stop)
    gain, m, taken, guns = best
    why = f"{m.unit} advances to {hex_name(m.path[-1])}"
    if taken:
        why += ": takes " + ", ".join(r.board.places[h].name for h in taken) + " (KP-VICTORY)"
    elif guns:
        why += f": captures {', '.join(guns)} (KP-ARTILLERY-STACK)"
    return Decision(m, why)


# --- the players ------------------------------------------------------------------------------------
class KasserinePlayer:
    """The Kasserine Pass computer player (see the module docstring)."""

    name = "ai"

    def __init__(self) -> None:
        self._plan: Plan | None = None

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if len(acts) == 1:
            if isinstance(acts[0], (A.Attack, V.Select)) and game.state.step == "declare":
                # a battle a duty forces (KP-ZOC): no choice, but the person still reads its figures
                return Decision(acts[0], self._declared_reason(Ctx(game, side), acts[0]) + "; the only legal action")
            return Decision(acts[0])
        ctx = Ctx(game, side)
        st = ctx.state
        if st.stage is not None:
            kind = st.stage.kind
            if kind == "loss":
                return choose_loss(ctx, acts)
            if kind == "retreat":
                return choose_retreat(ctx, acts)
            if kind == "advance":
                return choose_advance(ctx, acts)
            return Decision(acts[0])
        if st.phase.endswith("_move"):
            return self._move(ctx, acts)
        if st.step == "declare":
            return self._declare(ctx, acts)
        if st.step == "defend":
            got = best_support(ctx, acts)
            return Decision(*got) if got else Decision(A.EndPhase())
        if st.step == "resolve":
            return self._resolve(ctx, acts)
        return Decision(A.EndPhase() if A.EndPhase() in acts else acts[0])

    # combat
    def _declare(self, ctx: Ctx, acts: list) -> Decision:
        got = plan_declarations(ctx, acts)
        if got is not None:
            a, _ = got
            # the reason from the rules' own odds panel of the battle this declaration makes
            return Decision(a, self._declared_reason(ctx, a))
        got = best_support(ctx, acts)
        if got:
            return Decision(*got)
        got = best_air(ctx, acts)
        if got:
            return Decision(*got)
        if A.EndPhase() in acts:
            return Decision(A.EndPhase())
        # a duty the plan could not price: any declaration that adds a unit (the rules also
        # list a battle's own attackers again, a no-op that would loop)
        busy = {x for b in ctx.state.kbattles for x in b.attackers}
        cands = [a for a in acts if isinstance(a, (A.Attack, V.Select)) and not set(a.attackers) <= busy]
        if cands:
            return Decision(cands[0])
        rest = [a for a in acts if not isinstance(a, (A.Attack, V.Select, V.Breakdown))]
        return Decision(rest[0] if rest else acts[0])

    def _declared_reason(self, ctx: Ctx, a) -> str:
        r = ctx.rules
        st2 = ctx.state.copy()
        r.apply(st2, a, None)  # declaring rolls nothing
        i = next(i for i, b in enumerate(st2.kbattles) if b.target == a.target
                 and all(x in b.attackers for x in a.attackers))
        det = r.battle_detail(st2, i)
        b = st2.kbattles[i]
        c2 = Ctx.__new__(Ctx)
        c2.__dict__.update(ctx.__dict__)
        c2.state = st2
        c2._kill = {}
        e = _battle_est(c2, b)
        ch = det["chances"]
        good = sum(float(v) for k, v in ch.items() if k in GOOD)
        bad = sum(float(v) for k, v in ch.items() if k in BAD)
        units = []
        for u in det["attackers"]:
            t = f"{u['unit']} {u['base']}"
            if u["multiplier"] != "1":
                t += f"×{u['multiplier']} ({', '.join(u['rules'])})"
            units.append(t)
        why = (f"attacks {', '.join(det['defenders'])} at {ctx.place_name(b.target)}: {det['odds']} now "
               f"({' + '.join(units)} = {float(Fraction(det['attack'])):g} against {float(Fraction(det['defense'])):g}"
               f"{', city doubled' if det['city'] else ''}); {pct(good)} chance of D BACK or D ELIM, {pct(bad)} of "
               f"A BACK or A ELIM")
        if e is not None and e.odds != tuple(int(x) for x in det["odds"].split("-")):
            why += f"; {ratio_label(e.odds)} if he adds his {e.def_support} of artillery in range"
        if r.vp.get(b.target) and ctx.state.control.get(b.target) != ctx.side:
            why += f"; an advance takes {r.board.places[b.target].name} ({r.vp[b.target]} pt, KP-VICTORY)"
        duty = [rule for rule, _, us in r.obligations(ctx.state)
                if set(us) & (set(a.attackers) | set(b.defenders))]
        if duty:
            why += f"; a duty ({', '.join(dict.fromkeys(duty))})"
        return why

    def _resolve(self, ctx: Ctx, acts: list) -> Decision:
        res = [a for a in acts if isinstance(a, A.Resolve)]
        if not res:
            return Decision(A.EndPhase())
        return Decision(res[0])

    # movement
    def _move(self, ctx: Ctx, acts: list) -> Decision:
        r, st = ctx.rules, ctx.state
        places = [a for a in acts if isinstance(a, A.Place)]
        if places:
            return self._arrive(ctx, places)
        key = (id(ctx.game), st.turn, st.phase, ctx.side)
        plan = self._plan
        if plan is None or plan.key != key or plan.expect != _positions(ctx):
            plan = self._plan = self._make_plan(ctx, acts, key)
        acts_set = set(acts)
        while plan.moves:
            m = plan.moves.pop(0)
            if m in acts_set:
                why = plan.reasons.get(m)
                exp = dict(plan.expect)
                exp[m.unit] = m.path[-1]
                plan.expect = exp
                return Decision(m, why)
        if not plan.free_done:  # then the other units, planned in one pass
            plan.free_done = True
            free = plan_free_moves(ctx, acts, plan.hold)
            plan.moves = [m for m, _ in free]
            plan.reasons.update(dict(free))
            if plan.moves:
                return self._move(ctx, acts)
        return Decision(A.EndPhase())

    def _make_plan(self, ctx: Ctx, acts: list, key: tuple) -> Plan:
        r, st = ctx.rules, ctx.state
        movers = {}
        for a in acts:
            if isinstance(a, A.Move) and a.unit not in movers:
                movers[a.unit] = r.reach(st, a.unit)
        allowed = {(a.unit, a.path[-1]) for a in acts if isinstance(a, A.Move)}
        movers = {u: {h: v for h, v in rc.items() if (u, h) in allowed} for u, rc in movers.items()}
        moves, slots, held = plan_attacks(ctx, movers)
        plan = Plan(key, [m for m, _ in moves], {m: w for m, w in moves}, set(held) | set(slots),
                    _positions(ctx))
        return plan

    def _arrive(self, ctx: Ctx, places: list) -> Decision:
        """KP-OOB: a unit due comes on where it stands best (entry hexes of its area)."""
        gar = _garrisons(ctx)
        best = None
        for a in places:
            v = hex_value(ctx, a.unit, a.hex, gar)
            if a.hex in ctx.zoc_of_foe():
                v -= 5.0
            key = (v, a.unit, hex_name(a.hex))
            if best is None or key > best[0]:
                best = (key, a)
        a = best[1]
        return Decision(a, f"{a.unit} arrives at {ctx.place_name(a.hex)} (KP-OOB)")


class KasserineGreedy:
    """Baseline: every unit walks toward the nearest place that scores and it does not
    hold (the Allies: their own places first), every battle at the best odds on offer if
    2-1 or better (or when a duty forces it), every battery allocated, every other choice
    the first legal one.

    It is the client's "easy" level, so its battles, artillery, air power, arrivals,
    advances and moves carry a short reason from the rules' own figures (``describe``);
    the reasons are worked out once a choice is made and never change it
    (tests/ai/test_easy_reasons.py compares the action lists with those from before)."""

    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if len(acts) == 1:
            return Decision(acts[0], _forced_reason(game, side, acts[0]))
        ctx = Ctx(game, side)
        st, r = ctx.state, ctx.rules
        if st.stage is not None:
            if st.stage.kind == "advance":
                moves = [a for a in acts if isinstance(a, A.Move)]
                if moves:
                    m = moves[0]
                    return Decision(m, f"{m.unit} advances {hex_name(ctx.hex_of(m.unit))}→{ctx.place_name(m.path[-1])} "
                                       "after the battle (the easy level takes the first advance on offer)")
                return Decision(acts[-1])
            return Decision(next(a for a in acts if not isinstance(a, V.Breakdown)))
        if st.phase.endswith("_move"):
            places = [a for a in acts if isinstance(a, A.Place)]
            if places:
                a = places[0]
                return Decision(a, f"{a.unit} arrives at {ctx.place_name(a.hex)} (KP-OOB), the first arrival on the list")
            return self._move(ctx, acts)
        if st.step == "declare":
            busy = {x for b in st.kbattles for x in b.attackers}
            atts = [a for a in acts if isinstance(a, (A.Attack, V.Select)) and not set(a.attackers) <= busy]
            obl = r.obligations(st)
            need = {u for _, _, us in obl for u in us}
            best = None
            for a in atts:
                defenders = a.defenders if isinstance(a, V.Select) else tuple(r.stack_defenders(st, a.target))
                e = estimate(ctx, a.target, defenders, [(x, ctx.hex_of(x)) for x in a.attackers], 0, 0)
                if e is None:
                    continue
                ratio = e.attack / e.defense
                duty = bool(need & (set(a.attackers) | set(defenders)))
                if (ratio >= 2 or duty) and (best is None or (duty, ratio) > best[0]):
                    best = ((duty, ratio), a, e)
            if best is not None:
                (duty, _), a, e = best
                why = describe(ctx, e) + ("; a duty forces it (" + ", ".join(
                    dict.fromkeys(rule for rule, _, us in obl if set(us) & (set(a.attackers) | set(e.defenders)))) + ")"
                    if duty else "; the best odds on offer, and 2-1 or better")
                return Decision(a, why)
        sup = [a for a in acts if isinstance(a, (V.Support, A.Choose))]
        if sup:
            return Decision(sup[0], _greedy_support_reason(ctx, sup[0]))
        res = [a for a in acts if isinstance(a, A.Resolve)]
        if res:
            return Decision(res[0])
        if A.EndPhase() in acts:
            return Decision(A.EndPhase())
        return Decision(acts[0])

    def _move(self, ctx: Ctx, acts: list) -> Decision:
        r, st = ctx.rules, ctx.state
        if ctx.side == "axis":
            objs = [p for p, v in r.vp.items() if v and st.control.get(p) != "axis"]
        else:
            objs = [p for p, v in r.vp.items() if v and (st.control.get(p) != "allied" or not ctx.state.units_at(p))]
        if not objs:
            return Decision(A.EndPhase())
        by_unit: dict[str, list] = {}
        for a in acts:
            if isinstance(a, A.Move):
                by_unit.setdefault(a.unit, []).append(a)
        for uid in sorted(by_unit):
            here = ctx.hex_of(uid)
            if ctx.side == "allied" and r.vp.get(here):
                continue  # a garrison stays
            now = min(ctx.dist(p).get(here, math.inf) for p in objs)
            best, best_d = None, now
            for m in by_unit[uid]:
                d = min(ctx.dist(p).get(m.path[-1], math.inf) for p in objs)
                if d < best_d - 1e-9:
                    best, best_d = m, d
            if best is not None:
                goal = min(objs, key=lambda p: (ctx.dist(p).get(best.path[-1], math.inf), hex_name(p)))
                gone = "" if now == math.inf else f" (was {now:g})"
                return Decision(best, f"{uid} {hex_name(here)}→{hex_name(best.path[-1])}: closes on "
                                      f"{ctx.place_name(goal)}, {r.vp[goal]} point(s) (KP-VICTORY), the nearest place "
                                      f"that scores and is not held: {best_d:g} MP away{gone}")
        return Decision(A.EndPhase())


def _forced_reason(game: Game, side: str, a) -> str | None:
    """A battle that is the only legal action: a duty (KP-ZOC) forces it; its figures all the same."""
    if not isinstance(a, (A.Attack, V.Select)):
        return None
    ctx = Ctx(game, side)
    defenders = a.defenders if isinstance(a, V.Select) else tuple(ctx.rules.stack_defenders(ctx.state, a.target))
    e = estimate(ctx, a.target, defenders, [(x, ctx.hex_of(x)) for x in a.attackers], 0, 0)
    head = describe(ctx, e) if e is not None else f"attacks {ctx.place_name(a.target)}"
    return head + "; the only legal action: a duty forces this battle (KP-ZOC)"


def _greedy_support_reason(ctx: Ctx, a) -> str:
    """The easy level puts every battery and the air power in: the odds before and after (the
    figures ``best_support`` and ``best_air`` quote)."""
    st = ctx.state
    if isinstance(a, A.Choose):
        b = next((b for b in st.kbattles if hex_name(b.target) == a.value and not b.air), None)
        e0 = _battle_est(ctx, b) if b is not None else None
        e1 = e0 and estimate(ctx, b.target, e0.defenders, [(x, ctx.hex_of(x)) for x in e0.attackers],
                             e0.att_support, e0.def_support, True)
        if not e1:
            return f"air power on the attack at {a.value} (KP-OPT-AIR-POWER): the easy level always uses it"
        return (f"air power on the attack at {ctx.place_name(e0.target)} (KP-OPT-AIR-POWER): {ratio_label(e0.odds)} → "
                f"{ratio_label(e1.odds)}, D BACK or better {pct(e0.p_good)} → {pct(e1.p_good)}; the easy level always uses it")
    attacking = st.step == "declare"
    b = next((b for b in st.kbattles if a.unit in (b.attackers if attacking else b.defenders)), None)
    f = ctx.spec(a.battery).factor
    e0 = _battle_est(ctx, b, exact_def=not attacking) if b is not None else None
    e1 = _battle_est(ctx, b, extra_att=f if attacking else 0, extra_def=0 if attacking else f,
                     exact_def=not attacking) if b is not None else None
    role = "attack on" if attacking else "defence at"
    if e0 is None or e1 is None:
        return f"{a.battery} supports {a.unit} (KP-ARTILLERY): the easy level puts every battery in"
    return (f"{a.battery} adds {f} to {a.unit}'s {role} {ctx.place_name(e0.target)} (KP-ARTILLERY): "
            f"{ratio_label(e0.odds)} → {ratio_label(e1.odds)}, {'' if attacking else 'his '}D BACK or better "
            f"{pct(e0.p_good)} → {pct(e1.p_good)}; the easy level puts every battery in")
