"""One decision's figures for the Objective: Kiev computer player: ``Ctx``, built from the
position a side may know (``core.position.Position``) and the game's facts (``pos.facts``),
with what things are worth (``Weights``) and the hand-tuned constants (docs/ai.md).

Everything is computed lazily and kept on the ``Ctx`` (the player's own object) for the one
decision it serves: the threat to each hex, the enemy's reach, the planned battles, estimates.
"""
from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from ...core.hexgrid import Hex
from ...core.position import Position
from ...core.units import ARRIVING, ELIMINATED
from ...games.objective_kiev import tables as T
from ...games.objective_kiev.facts import KievFacts
from .belief import Belief, Estimate, move_distances
from .walkin import WalkIn


@dataclass(frozen=True)
class Weights:
    """What things are worth, in strength points (a full Soviet army is 8)."""

    city: float = 5.0  # a city changing hands
    kill_bonus: float = 1.0  # a unit gone from the map, beyond its strength
    own_loss: float = 1.0  # how much a side minds its own losses, relative to the enemy's
    risk: float = 1.0  # weight of the expected loss where a unit ends its move
    dist: float = 0.25  # per movement point still to go to the nearest objective
    min_attack: float = 0.4  # an attack must be worth at least this much to be declared


AXIS_W = Weights(own_loss=0.8, risk=0.5, dist=0.35)
SOVIET_W = Weights(own_loss=1.6, risk=1.0, dist=0.1, min_attack=0.8)

# Tuned by hand against the baselines (tools/tournament.py); see docs/ai.md.
FINAL_CITY = 2.0  # cities are worth this much more on the last turn, when the count is taken
P_LATE_REACH = 0.15  # chance an empty city the enemy can reach only late in his turn is lost
P_WALKIN_BEFORE_LAST = 0.5  # chance an open city the Soviets can walk into on the turn before the last is lost
WALKIN_TOP = 40  # moves re-scored with the exact walk-in flood (walkin.py), best first
REAR_TURNS = 1  # from this many turns before the last, Axis infantry also heads for open cities at risk
DEEP = 4  # Axis panzers aim at the uncaptured cities within this many columns of the deepest one


def enemy(side: str) -> str:
    return T.enemy(side)


class Ctx:
    """One decision's view: the position's facts, the belief, and lazily computed maps."""

    def __init__(self, pos: Position) -> None:
        self.pos = pos
        self.facts: KievFacts = pos.facts
        self.b = Belief(pos)
        self.side = side = pos.side
        self.foe = enemy(side)
        self.board = pos.board
        self.turn = self.facts.turn
        self.last_turn = self.facts.last_turn
        self.phase = self.facts.phase
        self.w = AXIS_W if side == "axis" else SOVIET_W
        self.dist = move_distances(self.board)
        self.cities = sorted(self.board.places)
        self._est_cache: dict = {}
        self.view = pos.view()

    # --------------------------------------------------------------- basics
    def mine(self, uid: str) -> bool:
        return self.facts.side_of(uid) == self.side

    def units_at(self, h: Hex) -> tuple[str, ...]:
        return self.facts.units_at(h)

    def hex_of(self, uid: str) -> Hex | None:
        """The unit's hex; None for a unit off the map."""
        return self.facts.hex_of(uid)

    def map_hex(self, uid: str) -> Hex:
        """The hex of a unit on the map (ValueError for one off it)."""
        return self.facts.unit(uid).map_hex

    @cached_property
    def my_units(self) -> tuple[str, ...]:
        return self.facts.on_map(self.side)

    @cached_property
    def foe_units(self) -> tuple[str, ...]:
        return self.facts.on_map(self.foe)

    @cached_property
    def foe_hexes(self) -> frozenset[Hex]:
        return frozenset(self.map_hex(u) for u in self.foe_units)

    @cached_property
    def my_hexes(self) -> frozenset[Hex]:
        return frozenset(self.map_hex(u) for u in self.my_units)

    @cached_property
    def foe_zoc(self) -> frozenset[Hex]:
        return self.facts.zoc(self.foe)

    @cached_property
    def my_zoc(self) -> frozenset[Hex]:
        return self.facts.zoc(self.side)

    def city_value(self, h: Hex, for_side: str | None = None) -> float:
        """Cities matter more as the end nears; the Soviets value the deep ones (Kiev) most."""
        for_side = for_side or self.side
        v = self.w.city * (0.5 + 0.5 * self.turn / self.last_turn)
        if self.turn == self.last_turn:
            v *= FINAL_CITY  # the count that decides the game is taken at the end of this turn
        if for_side == "soviet":
            # Cities the Axis reaches last are the ones the Soviets can keep.
            v *= 0.7 + 0.6 * min(1.0, h.col / 15)
        return v

    @property
    def final_move(self) -> bool:
        """This side's last move of the game: only where units end up counts."""
        return self.turn == self.last_turn and self.phase.id in ("axis_special", "soviet_movement")

    def loss_weight(self, side: str) -> float:
        """How much this player minds a strength point lost by ``side``.

        On the last turn units are worth only the cities they take or hold: the Soviets
        move last, so their losses then cost nothing, nor do the Axis's after its last move.
        """
        w = (AXIS_W if side == "axis" else SOVIET_W).own_loss
        if self.turn < self.last_turn:
            return w
        if self.side == "soviet":
            return 0.1 if side == "soviet" else 0.3
        if side == "axis":
            return 0.2 if self.phase.id == "axis_special" else 0.5 * w
        return 0.6  # Soviet units the Axis destroys now matter only as cities they cannot retake

    def can_attack(self, uid: str, target: Hex) -> bool:
        """10.8: the first-turn limits around Romania (public: set-up hexes are seen)."""
        return self.facts.can_attack(uid, target)

    # ------------------------------------------------------------- estimates
    def estimate(self, target: Hex, attackers: Sequence[tuple[str, Hex]], support: int = 0,
                 defenders: Sequence[str] | None = None, turn: int | None = None) -> Estimate:
        key = (target, tuple(attackers), support, None if defenders is None else tuple(defenders), turn)
        if key not in self._est_cache:
            self._est_cache[key] = self.b.estimate(target, attackers, support, defenders, turn)
        return self._est_cache[key]

    def cheapest_step(self, uids: Iterable[str]) -> float:
        return min((self.b.step_value(u) for u in uids), default=0.0)

    def battle_value(self, est: Estimate, target: Hex, attackers: Sequence[str], defenders: Sequence[str],
                     trapped: float, attacker_side: str, with_city: bool = True) -> float:
        """Expected worth of a battle's result to the attacker (strength points).

        ``trapped`` is the chance a retreating defender has no safe way out (it then dies).
        """
        w_def = self.loss_weight(enemy(attacker_side))
        dvals = [self.b.unit_value(x) for x in defenders]
        kill = sum(dvals) + self.w.kill_bonus * len(defenders)
        dstep = self.cheapest_step(defenders)
        astep = self.cheapest_step(attackers)
        retreat = trapped * kill + (1 - trapped) * 0.15 * sum(dvals)  # pushed back, out of position
        cap = 0.0
        if with_city and target in self.board.places and self.facts.owner(target) != attacker_side:
            cap = self.city_value(target, attacker_side)  # the advance takes the city
        # The defender's side minds its losses by its own weight; the attacker its own.
        own = self.loss_weight(attacker_side)
        g = {
            "DE": kill * w_def + cap,
            "DRL": dstep * w_def + retreat * w_def + cap,
            "DR": retreat * w_def + cap,
            "EX": dstep * w_def - max(dstep, astep) * own + retreat * w_def + cap,
            "AL": -astep * own,
            "NE": 0.0,
        }
        return sum(p * g[r] for r, p in est.p.items())

    def trapped(self, target: Hex, extra_zoc: Iterable[Hex] = (), blockers: Iterable[Hex] = ()) -> float:
        """Chance that units retreating from ``target`` find no safe hex two away (7.2, 10.6)."""
        zoc = self.my_zoc_of(target) | set(extra_zoc)
        blocked = set(self.my_hexes_for(target)) | set(blockers)
        ok = 0
        for n in self.board.adjacent(target):
            if n in blocked:
                continue
            for m in self.board.adjacent(n):
                if m != target and m not in blocked and m not in self.board.adjacent(target) and m not in zoc:
                    if n not in zoc:
                        return 0.0
                    ok = 1
        return 0.5 if ok else 1.0

    def my_zoc_of(self, target: Hex) -> frozenset[Hex]:
        """The attacker's zone around a target (the attacker being whoever is not in it)."""
        dside = self.facts.side_of(self.units_at(target)[0])
        return self.facts.zoc(enemy(dside))

    def my_hexes_for(self, target: Hex) -> frozenset[Hex]:
        dside = self.facts.side_of(self.units_at(target)[0])
        return self.facts.occupied(enemy(dside))

    # ----------------------------------------------------------------- threat
    @cached_property
    def foe_reach(self) -> dict[str, frozenset[Hex]]:
        """Hexes each enemy unit can stand on before its next combat phase."""
        out = {}
        for uid in self.foe_units:
            here = self.map_hex(uid)
            if self.foe == "soviet" and self.b.kind(uid) == "infantry":
                # 9.4.2: Soviet infantry moves only half (in reserve) before its combat.
                mode = None if here in self.my_zoc else "reserve"
            else:
                mode = "full"
            r = set(self.facts.reach(uid, mode)) if mode else set()
            r.add(here)
            out[uid] = frozenset(r)
        return out

    @cached_property
    def foe_reach_two(self) -> dict[str, frozenset[Hex]]:
        """Hexes each enemy unit can pass through over its whole next player-turn (cities it may take)."""
        out = {}
        for uid, r in self.foe_reach.items():
            s = self.facts.spec(uid)
            second = s.ma if (s.kind == "tank" or self.foe == "soviet") else s.ma // 2
            near = set(r)
            for h, d in self.dist[self.map_hex(uid)].items():
                if d <= s.ma + second and h not in near:
                    # Cheap bound: within reach of some hex of the first move.
                    if any(self.dist[x].get(h, 99) <= second for x in r):
                        near.add(h)
            out[uid] = frozenset(near)
        return out

    @cached_property
    def foe_arrival_cities(self) -> frozenset[Hex]:
        """Cities the enemy's next arrivals could walk into by the end of his coming player-turn.

        The Soviets rebuild up to five steps a turn (12.0) on their edge or in their cities in
        communication (12.2), and the reinforcements of 11.0 enter on the edge: a corps rebuilt
        behind the front retakes an empty city in the same turn. Only the Soviets' arrivals
        move before the Axis can answer, so only the Axis looks for them.
        """
        if self.foe != "soviet":
            return frozenset()
        budgets: dict[str, int] = {}
        for u in self.facts.units():
            if self.facts.side_of(u.id) != self.foe:
                continue
            s = self.facts.spec(u.id)
            if u.where == ARRIVING and u.arrives == self.turn:
                pass
            elif u.where != ELIMINATED or "never_replaced" in s.flags:
                continue
            # 9.4: a tank moves its whole allowance in both phases, infantry half then whole.
            b = 2 * s.ma if s.kind == "tank" else s.ma // 2 + s.ma
            budgets[u.id] = max(budgets.get(u.id, 0), b)
        if not budgets:
            return frozenset()
        out: set[Hex] = set()
        by_budget: dict[int, str] = {}
        for uid, b in budgets.items():
            by_budget.setdefault(b, uid)
        for b, uid in by_budget.items():
            spawns = self.facts.entry_hexes(uid)
            for c in self.cities:
                if c in out:
                    continue
                if any(self.dist[sp].get(c, 99) <= b for sp in spawns):
                    out.add(c)
        return frozenset(out)

    @cached_property
    def walkin(self) -> WalkIn | None:
        """The Soviets' next player-turn movement, for the Axis (see ``walkin.py``)."""
        return WalkIn(self.facts, self.board, self.foe) if self.side == "axis" else None

    def walkin_loss(self, ours: frozenset[Hex] | set[Hex], held: Iterable[Hex]) -> float:
        """Worth of our empty cities among ``held`` the enemy could walk into, our units on ``ours``."""
        if self.walkin is None:
            return 0.0
        key = ("walkin", frozenset(ours))
        if key not in self._est_cache:
            self._est_cache[key] = self.walkin.reach(ours)
        return self._walkin_sum(self._est_cache[key], ours, held)

    def _walkin_sum(self, w: set[Hex], ours: frozenset[Hex] | set[Hex], held: Iterable[Hex]) -> float:
        # On the last turn an open city the flood reaches is as good as lost: a city taken
        # elsewhere must not pay for leaving one open (take one, lose one is no gain).
        p = (1.0 if self.turn == self.last_turn
             else P_WALKIN_BEFORE_LAST if self.turn == self.last_turn - 1 else P_LATE_REACH)
        return sum(p * self.city_value(c) for c in held if c not in ours and c in w)

    @cached_property
    def held_cities(self) -> frozenset[Hex]:
        return frozenset(c for c in self.cities if self.facts.owner(c) == self.side)

    def walkin_gain(self, uid: str, dest: Hex, path: Sequence[Hex]) -> float:
        """How much moving ``uid`` to ``dest`` lowers the worth of the cities the enemy can walk into."""
        here = self.hex_of(uid)
        now = self.walkin_loss(self.my_hexes, self.held_cities)
        w = self._est_cache[("walkin", frozenset(self.my_hexes))]
        # the hex it leaves empty: None if others stay there, or if it comes from off the map
        left = here if here is not None and not [v for v in self.units_at(here) if v != uid] else None
        held = self.held_cities | {c for c in path if c in self.board.places}
        adj = self.board.adjacent
        if not (left is not None and any(n in w for n in adj(left))) and dest not in w \
                and not any(n in w for n in adj(dest)):
            # Neither the zone it leaves nor the one it brings touches where the enemy can go:
            # his flood is unchanged, only the cities we now hold count.
            ours = (self.my_hexes - {left}) if left is not None else self.my_hexes
            return now - self._walkin_sum(w, ours | {dest}, held)
        after = set(self.my_hexes)
        if left is not None:
            after.discard(left)
        after.add(dest)
        return now - self.walkin_loss(frozenset(after), held)

    def empty_city_risk(self, h: Hex) -> float:
        """What an empty city of ours on ``h`` is expected to cost (city value lost)."""
        last = self.turn == self.last_turn
        if any(h in r for r in self.foe_reach.values()):
            return self.city_value(h) * 0.8
        if any(h in r for r in self.foe_reach_two.values()) or h in self.foe_arrival_cities:
            return self.city_value(h) * (0.9 if last else P_LATE_REACH)
        return 0.0

    def threat(self, h: Hex, exclude_hexes: Iterable[Hex] = ()) -> list[tuple[str, Hex]]:
        """The strongest enemy attack that could be made on ``h`` next: one unit per hexside."""
        key = ("threat", h, tuple(sorted(exclude_hexes)))
        if key in self._est_cache:
            return self._est_cache[key]
        # Hexes the enemy could attack from: not held by us (the mover's old hex counts as free).
        free = [n for n in self.board.adjacent(h) if n not in self.my_hexes or n in exclude_hexes]
        cands = sorted(self.foe_units, key=lambda u: (-self.facts.attack(u), u))
        used: set[Hex] = set()
        out: list[tuple[str, Hex]] = []
        for uid in cands:
            r = self.foe_reach[uid]
            # Prefer a hexside without a river, as an attacker would.
            opts = [n for n in free if n not in used and n in r]
            if not opts:
                continue
            n = min(opts, key=lambda n: (bool(self.board.side_kinds(n, h) & {"river", "major_river"}), n))
            used.add(n)
            out.append((uid, n))
        self._est_cache[key] = out
        return out

    def foe_support(self) -> int:
        if self.foe != "axis":
            return 0
        return 1 if self.facts.air_support() else 0

    def stack_loss(self, h: Hex, stack: Sequence[str], moving_from: Hex | None = None,
                   taking: bool = False) -> tuple[float, float]:
        """Expected loss if ``stack`` stands on ``h`` when the enemy next attacks: (strength, city).

        ``taking``: the move takes the city on ``h``, so it is ours to lose from then on."""
        last = self.turn == self.last_turn
        if self.side == "soviet" and last and self.phase.id != "soviet_buildup":
            return 0.0, 0.0  # after the last Soviet turn nobody moves again
        own_city = h in self.board.places and (taking or self.facts.owner(h) == self.side)
        if not stack:
            if not own_city:
                return 0.0, 0.0
            # An empty city is lost to whoever can walk in: surely if the enemy can get there
            # before his combat, less so if only by the end of his turn (he has other aims).
            return 0.0, self.empty_city_risk(h)
        excl = (moving_from,) if moving_from else ()
        att = self.threat(h, excl)
        if not att:
            return 0.0, 0.0
        turn = self.turn if self.foe == "soviet" else self.turn + 1
        est = self.estimate(h, att, self.foe_support(), tuple(stack), turn)
        trapped = self._trapped_def(h)
        val = self.battle_value(est, h, [u for u, _ in att], list(stack), trapped, self.foe, with_city=False)
        city = est.p_success * self.city_value(h) if own_city else 0.0
        # Not every threatened hex is attacked: units already in contact are, others may be.
        f = 1.0 if any(n in self.foe_hexes for n in self.board.adjacent(h)) else 0.6
        return max(0.0, val) * f, city * f

    def threat_lift(self, target: Hex, est: Estimate) -> float:
        """What beating the defenders of ``target`` is worth to the garrisons of our cities
        they threaten: a unit destroyed or pushed back no longer attacks them next turn
        (a retreated one may come back, so a retreat counts for less)."""
        gone = set(self.units_at(target))
        if not gone:
            return 0.0
        p_off = (est.p.get("DE", 0.0) + 0.6 * est.p.get("DRL", 0.0) + 0.4 * est.p.get("DR", 0.0)
                 + 0.4 * est.p.get("EX", 0.0))
        if p_off <= 0.0:
            return 0.0
        lift = 0.0
        turn = self.turn if self.foe == "soviet" else self.turn + 1
        for c in self.held_cities:
            stack = self.units_at(c)
            if not stack or c == target:
                continue
            att = self.threat(c)
            if not any(u in gone for u, _ in att):
                continue
            _, now = self.stack_loss(c, stack)
            rest = tuple((u, n) for u, n in att if u not in gone)
            after = 0.0
            if rest:
                f = 1.0 if any(n in self.foe_hexes and n != target for n in self.board.adjacent(c)) else 0.6
                after = (self.estimate(c, rest, self.foe_support(), tuple(stack), turn).p_success
                         * self.city_value(c) * f)
            lift += max(0.0, now - after)
        city_w = 1.0 if self.turn == self.last_turn else self.w.risk
        return p_off * lift * city_w

    def _trapped_def(self, h: Hex) -> float:
        free = 0
        for n in self.board.adjacent(h):
            if n not in self.foe_hexes and n not in self.foe_zoc:
                free += 1
        return 0.0 if free >= 2 else (0.4 if free == 1 else 0.9)

    # ---------------------------------------------------------- attack setup
    def can_reach(self, uid: str) -> frozenset[Hex]:
        """Where a unit of ours may stand at the end of this phase (its own hex included)."""
        here = self.map_hex(uid)
        if self.facts.has_moved(uid) or self.phase.kind not in ("movement", "special"):
            return frozenset({here})
        return self.facts.reach(uid) | {here}

    @cached_property
    def plan(self) -> dict[str, tuple[Hex, Hex, float]]:
        """Battles to line up this phase: unit -> (target, hex to attack from, its share of the worth).

        Greedy: for every enemy hex, the strongest units that can get next to it, one per
        hexside, as many as pay; the best such battle is planned, its units set aside,
        and again. One-unit-at-a-time moving cannot see that four units together reach
        3:1 where one alone does nothing; the plan can.
        """
        return self.make_plan({u: self.can_reach(u) for u in self.my_units})

    def make_plan(self, avail: dict[str, frozenset[Hex]]) -> dict[str, tuple[Hex, Hex, float]]:
        """The plan for units that may stand on the given hexes (see ``plan``)."""
        avail = dict(avail)
        load: dict[Hex, list[str]] = {}  # hexes that will hold our units that stay or are planned there
        for u, hs in avail.items():
            if len(hs) == 1:
                load.setdefault(next(iter(hs)), []).append(u)
        supports = len(self.view["support_available"]) if self.side == "axis" else 0
        out: dict[str, tuple[Hex, Hex, float]] = {}
        targets = sorted(self.foe_hexes)
        while True:
            best = None
            for t in targets:
                group = self._plan_group(t, avail, load)
                if not group:
                    continue
                sup = 1 if supports > 0 else 0
                best_k, best_s, best_v = 0, 0.0, 0.0
                for k in range(1, len(group) + 1):
                    v = self._attack_ev(t, group[:k], extra_zoc=[n for _, n in group[:k]], support=sup)
                    s = v - 0.04 * sum(self.facts.attack(u) for u, _ in group[:k])
                    if s > best_s + 1e-9:
                        best_k, best_s, best_v = k, s, v
                if best_k and best_s > self.w.min_attack and (best is None or best_s > best[0]):
                    best = (best_s, t, group[:best_k], best_v)
            if best is None:
                return out
            _, t, group, v = best
            total = sum(self.facts.attack(u) for u, _ in group) or 1.0
            for u, n in group:
                out[u] = (t, n, v * self.facts.attack(u) / total)
                del avail[u]
                load.setdefault(n, []).append(u)
            supports -= 1
            targets.remove(t)

    def _plan_group(self, t: Hex, avail: dict[str, frozenset[Hex]],
                    load: dict[Hex, list[str]]) -> list[tuple[str, Hex]]:
        sides = [n for n in self.board.adjacent(t) if n not in self.foe_hexes]
        cands = sorted((u for u in avail if self.can_attack(u, t) and avail[u] & set(sides)),
                       key=lambda u: (-self.facts.attack(u), u))
        used: set[Hex] = set()
        group: list[tuple[str, Hex]] = []
        for u in cands:
            here = self.hex_of(u)
            opts = []
            for n in sides:
                if n in used or n not in avail[u]:
                    continue
                others = [v for v in load.get(n, []) if v != u]
                if not self.facts.may_stack([*others, u]):
                    continue
                river = self.board.side_kinds(n, t) & {"river", "major_river"}
                opts.append((bool("major_river" in river), bool(river), n != here, n))
            if opts:
                n = min(opts)[-1]
                used.add(n)
                group.append((u, n))
        return group

    def prep(self, uid: str, h: Hex) -> tuple[float, Hex | None]:
        """What standing on ``h`` adds to the best attack this unit could join next combat."""
        best, where = 0.0, None
        for t in self.board.adjacent(h):
            if t not in self.foe_hexes or not self.can_attack(uid, t):
                continue
            group: dict[Hex, tuple[str, float]] = {}
            for n in self.board.adjacent(t):
                for v in self.units_at(n):
                    if v == uid or not self.mine(v) or not self.can_attack(v, t):
                        continue
                    a = self.facts.attack(v)
                    if n not in group or a > group[n][1]:
                        group[n] = (v, a)
            base = [(v, n) for n, (v, _) in sorted(group.items())]
            mine_a = self.facts.attack(uid)
            if h in group and group[h][1] >= mine_a:
                continue  # the hexside is taken by a stronger unit
            new = [(v, n) for v, n in base if n != h] + [(uid, h)]
            v0 = self._attack_ev(t, base)
            v1 = self._attack_ev(t, new, extra_zoc=[h])
            if v1 - v0 > best:
                best, where = v1 - v0, t
        return best, where

    def _attack_ev(self, target: Hex, group: Sequence[tuple[str, Hex]], extra_zoc: Iterable[Hex] = (),
                   support: int | None = None) -> float:
        if not group:
            return 0.0
        dfn = self.units_at(target)
        if support is None:
            support = 1 if self.side == "axis" and self.view["support_available"] else 0
        est = self.estimate(target, tuple(group), support)
        extra = list(extra_zoc)
        zoc = [m for n in extra for m in self.board.adjacent(n)]
        v = self.battle_value(est, target, [u for u, _ in group], dfn, self.trapped(target, zoc, extra), self.side)
        return max(0.0, v)

    # ---------------------------------------------------------- positions
    def objective_distance(self, uid: str, h: Hex) -> float:
        d = self.dist[h]
        if self.side == "axis":
            goals = [c for c in self.cities if self.facts.owner(c) != "axis"]
            if goals and self.b.kind(uid) == "tank":
                # Panzers drive for the deepest cities still to take; infantry clears the rest.
                east = max(c.col for c in goals)
                goals = [c for c in goals if c.col >= east - DEEP]
            else:
                goals = goals + list(self.foe_hexes) + list(self.rear_goals)
        else:
            goals = [c for c in self.cities if self.facts.owner(c) == "soviet"] or self.cities
        return min((d[g] for g in goals), default=0.0)

    @cached_property
    def rear_goals(self) -> frozenset[Hex]:
        """Late in the game, our empty cities the enemy could walk into: they want a garrison.

        The count is taken after the Soviets' last move, so a city left open behind the front
        on the last turns is a city lost; infantry must be there in time.
        """
        if self.side != "axis" or self.turn < self.last_turn - REAR_TURNS:
            return frozenset()
        return frozenset(c for c in self.cities if self.facts.owner(c) == self.side
                         and not self.units_at(c) and self.empty_city_risk(c) > 0)

    def position_score(self, uid: str, h: Hex, path: Sequence[Hex] = (), prep: bool = False) -> tuple[float, dict]:
        """Score of unit ``uid`` ending its move on ``h`` having passed ``path``; with the parts, for reasons."""
        parts: dict = {}
        here = self.hex_of(uid)
        taken = [c for c in path if c in self.board.places and self.facts.owner(c) != self.side]
        final_soviet = self.side == "soviet" and self.turn == self.last_turn
        cap_w = 3.0 if final_soviet else 1.0
        parts["cities"] = taken
        score = sum(self.city_value(c) * cap_w for c in taken)
        if self.side == "axis":
            # A city passed through and left empty may be walked back into.
            score -= sum(self.empty_city_risk(c) for c in taken if c != h)
        if prep:
            t: Hex | None
            planned = self.plan.get(uid)
            if planned and planned[1] == h:
                p, t = planned[2] + 0.5, planned[0]  # its place in a planned battle
            else:
                p, t = self.prep(uid, h)
            parts["prep"] = (p, t)
            score += p
        # Expected loss where it stands (with whoever else is there), and what it leaves behind.
        others = [v for v in self.units_at(h) if v != uid]
        frm = here if h != here else None
        stay_u, stay_c = self.stack_loss(h, others, frm)
        # A city it takes and stands in is ours to lose to an attack (counted as for a held one).
        go_u, go_c = self.stack_loss(h, others + [uid], frm, taking=h in taken and self.side == "axis")
        gap_u = gap_c = 0.0
        if here is not None and h != here:  # what the hex it leaves loses (none: it comes from off the map)
            left = [v for v in self.units_at(here) if v != uid]
            a_u, a_c = self.stack_loss(here, left, here)
            b_u, b_c = self.stack_loss(here, left + [uid], here)
            gap_u, gap_c = a_u - b_u, a_c - b_c
        # Strength is weighed by the side's caution; so are cities, until the last turn
        # decides which ones count.
        city_w = 1.0 if self.turn == self.last_turn else self.w.risk
        parts["unit_risk"] = go_u - stay_u + gap_u
        parts["city_risk"] = go_c - stay_c + gap_c
        score -= parts["unit_risk"] * self.w.risk + parts["city_risk"] * city_w
        d = self.objective_distance(uid, h)
        parts["dist"] = d
        if not self.final_move:
            # Strong units belong at the front: their distance to it costs more.
            score -= d * self.w.dist * (0.5 + self.facts.attack(uid) / 10)
        return score, parts

