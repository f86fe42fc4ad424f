"""One decision's view of a Battle for Kursk position, for the computer players: the public
``Position`` and its ``KurskFacts``, and the figures both levels score with (what a city is
worth, the enemy's threat and reach, the risk of a hex, the last turn's count), each worked
out once per decision (``cached_property``) on the player's own object."""
from __future__ import annotations

from functools import cached_property

from ...core.game import Game
from ...core.hexgrid import Hex, distance
from ...core.position import Position
from ...core.units import Unit, UnitSpec
from ...games.battle_for_kursk import tables as T
from ...games.battle_for_kursk.facts import KurskFacts
from ..kit import distance_field
from .odds import quick_dist
from .terrain import step_cost, within
from .weights import (
    FINAL_OWN_LOSS,
    KILL,
    MOSCOW_PULL,
    MOSCOW_VP,
    P_ENGAGE,
    P_VACATE,
    REFILL,
    RETAKE_PULL,
    RETAKE_REACH,
    SP_FROM,
    SP_MARGIN,
    SP_PULL,
    VP,
)


class Ctx:
    """One decision's view of the position: ``Position(game, side)`` (the other side's secret
    posture scrubbed, 12.0) and the figures the players score with, each worked out once."""

    def __init__(self, game: Game, side: str) -> None:
        self.pos = Position(game, side)
        f: KurskFacts = self.pos.facts
        self.facts = f
        self.side = side
        self.foe = f.enemy(side)
        self.board = self.pos.board
        self.phase = f.phase  # the rules' own phase kinds (posture, armor_rail …)
        self.stage = f.stage
        self.turn = f.turn
        self.last = f.last_turn
        self.mud = f.mud
        self.final = self.turn == self.last  # 5.0: the count is taken at the end of this turn
        # Major cities whose control moves the VP total (5.0).
        self.vp_cities = frozenset(f.major_cities("german") + f.major_cities("russian"))
        self.moscow = f.moscow
        self.control = f.control()
        self._units = {u.id: u for u in f.units()}

    # ------------------------------------------------------------ units
    def units(self, side: str) -> list[str]:
        return list(self.facts.on_map(side))

    def unit(self, uid: str) -> Unit:
        return self._units[uid]

    @cached_property
    def mine(self) -> list[str]:
        return self.units(self.side)

    @cached_property
    def theirs(self) -> list[str]:
        return self.units(self.foe)

    def hex_of(self, uid: str) -> Hex | None:
        """The unit's hex; None for a unit off the map."""
        return self._units[uid].hex

    def map_hex(self, uid: str) -> Hex:
        """The hex of a unit on the map (ValueError for one off it)."""
        return self._units[uid].map_hex

    def spec(self, uid: str) -> UnitSpec:
        return self.facts.spec(uid)

    def att(self, uid: str) -> float:
        u = self._units[uid]
        a = self.spec(uid).attack(u.steps)
        return a / 2 if self.mud and self.spec(uid).kind == "armor" else a  # 11.2

    def dfn(self, uid: str) -> float:
        return self.spec(uid).defense(self._units[uid].steps)

    def value(self, uid: str) -> float:
        u = self._units[uid]
        s = self.spec(uid)
        return (s.attack(u.steps) + s.defense(u.steps)) / 2

    def step_value(self, uid: str) -> float:
        u = self._units[uid]
        s = self.spec(uid)
        if u.steps > 1:
            return (s.attack(u.steps) + s.defense(u.steps) - s.attack(u.steps - 1) - s.defense(u.steps - 1)) / 2
        return self.value(uid) + KILL * VP

    @cached_property
    def at(self) -> dict[Hex, str]:
        return {self.map_hex(u): u for u in self.mine + self.theirs}

    # ------------------------------------------------------------ what places are worth
    def city_value(self, h: Hex) -> float:
        """Control of ``h`` changing hands, for this side (5.0)."""
        if h == self.moscow:
            return MOSCOW_VP  # 5.0 sudden death
        if h in self.vp_cities:
            return VP * (0.6 + 0.4 * self.progress)
        return 0.4 if h in self.board.places else 0.0

    @property
    def progress(self) -> float:
        first = self.facts.first_turn
        return max(0.0, min(1.0, (self.turn - first + 1) / max(1, self.last - first + 1)))

    @cached_property
    def so(self) -> Hex | None:
        """The Strategic Objective's hex when this side scores by standing on it (12.1)."""
        o = self.facts.objective
        if o.scored or o.face != self.side:
            return None
        return o.hex

    @cached_property
    def targets(self) -> frozenset[Hex]:
        """Where this side wants to go: VP cities it does not hold, and its Strategic Objective."""
        out = {h for h in self.vp_cities if self.control.get(h) != self.side}
        if self.so is not None:
            out.add(self.so)
        return frozenset(out)

    @cached_property
    def schwerpunkt(self) -> Hex | None:
        """Late in a game not yet won, the one Russian-side VP city (Moscow aside) the German
        armor concentrates on: the nearest to our armor and the least defended (5.0)."""
        if self.side != "german" or self.progress < SP_FROM or self.facts.vp_total() < SP_MARGIN:
            return None
        cands = [h for h in self.facts.major_cities("russian") if h != self.moscow and self.control.get(h) != self.side]
        armor = [self.map_hex(u) for u in self.mine if self.spec(u).kind == "armor"]
        if not cands or not armor:
            return None

        def cost(h: Hex) -> tuple:
            f = distance_field(self.board, (h,), step_cost(self.board), "sp")
            near = sorted(f.get(a, 99.0) for a in armor)[:4]
            guard = sum(self.dfn(u) for u in self.theirs if distance(self.map_hex(u), h) <= 2)
            return (sum(near) / len(near) + 0.5 * guard, h)
        return min(cands, key=cost)

    @cached_property
    def sp_field(self) -> dict[Hex, float]:
        return distance_field(self.board, (self.schwerpunkt,), step_cost(self.board), "sp") if self.schwerpunkt else {}

    @cached_property
    def city_field(self) -> dict[Hex, float]:
        return distance_field(self.board, self.targets or self.foe_hexes, step_cost(self.board), "city")

    @cached_property
    def moscow_threatened(self) -> bool:
        """An enemy unit could get next to Moscow over his next player-turn."""
        m = self.moscow
        return any(n in self.foe_walk for n in self.board.adjacent(m)) or m in self.foe_walk

    @cached_property
    def moscow_field(self) -> dict[Hex, float]:
        return distance_field(self.board, (self.moscow,), step_cost(self.board), "moscow")

    @cached_property
    def foe_hexes(self) -> frozenset[Hex]:
        return frozenset(self.map_hex(u) for u in self.theirs)

    @cached_property
    def front_field(self) -> dict[Hex, float]:
        return distance_field(self.board, self.foe_hexes, step_cost(self.board), "front")

    @cached_property
    def threat(self) -> dict[Hex, list[str]]:
        """Enemy units that could attack each hex in his next combat phase.

        Before it (4.0) he moves only armor and rail infantry (8.1): infantry threatens
        the hexes next to it, armor those within its allowance plus one."""
        out: dict[Hex, list[str]] = {}
        cost = step_cost(self.board)
        for uid in self.theirs:
            here = self.map_hex(uid)
            s = self.spec(uid)
            reach = {here}
            if s.kind == "armor":
                mp = 1 if self.mud else s.ma
                reach = set(within(self.board, here, mp, cost))
            hit: set[Hex] = set()
            for h in reach:
                hit.update(self.board.adjacent(h))
            for h in hit:
                out.setdefault(h, []).append(uid)
        return out

    @cached_property
    def foe_walk(self) -> frozenset[Hex]:
        """Hexes an enemy unit could walk into over his next player-turn (8.0, 8.1: armor
        moves twice; mud, 11.1: a hex a phase), ignoring zones of control."""
        cost = step_cost(self.board)
        out: set[Hex] = set()
        for uid in self.theirs:
            s = self.spec(uid)
            budget = (2 if s.kind == "armor" else 1) * (1 if self.mud else s.ma)
            out.update(within(self.board, self.map_hex(uid), budget, cost))
        return frozenset(out)

    def shift_at(self, h: Hex, side: str) -> int:
        """9.2 defensive shifts a defender of ``side`` gets at ``h``."""
        s = 0
        if self.board.terrain[h] in T.DEFENSE_SHIFT_TERRAIN:
            s -= 1
        p = self.board.place_at(h)
        if p is not None and p.kind == "major_city":
            s -= 1
        if self.facts.fort_active(h, side):
            s -= 1
        return s

    @cached_property
    def foe_fights_again(self) -> bool:
        """The enemy still has a combat phase in this game (4.0: not after the last turn's)."""
        if not self.final:
            return True
        order = list(T.TURN_PHASES)
        now = self.phase.id
        return order.index(f"{self.foe}_combat") > order.index(now) if now in order else True

    def risk(self, uid: str, h: Hex) -> float:
        """Expected strength lost (and city value) if the enemy attacks ``uid`` at ``h``."""
        foes = self.threat.get(h, ())
        if not foes or not self.foe_fights_again:
            return 0.0
        att = sum(self.att(f) for f in sorted(foes, key=lambda f: -self.att(f))[:6])
        p = quick_dist(T.CRT_TABLE, att, self.dfn(uid), self.shift_at(h, self.side), T.MIN_ODDS, T.MAX_ODDS)
        v, st = self.value(uid) + KILL * VP, self.step_value(uid)
        loss = (p.get("DE", 0) * v + p.get("DRL", 0) * (st + 0.2 * v) + p.get("EX", 0) * st
                + p.get("DR", 0) * 0.2 * v)
        if self.final:
            # 5.0: after this turn only the count matters: the unit is worth what its
            # elimination does to the "fewer units eliminated" VP (a little more than nothing).
            one = self._units[uid].steps <= 1
            dies = p.get("DE", 0) + (p.get("DRL", 0) + p.get("EX", 0) if one else 0.0)
            loss = FINAL_OWN_LOSS * loss * 0.25 + dies * VP * -self.count_delta(1, 0)
        if h in self.vp_cities or h == self.moscow:
            loss += (p.get("DE", 0) + p.get("DRL", 0) + p.get("EX", 0) + 0.5 * p.get("DR", 0)) * self.city_value(h)
        return P_ENGAGE * loss

    @cached_property
    def adj_attack(self) -> dict[Hex, float]:
        """Our attack strength already next to each enemy hex."""
        out: dict[Hex, float] = {}
        for e in self.foe_hexes:
            out[e] = sum(self.att(self.at[n]) for n in self.board.adjacent(e)
                         if n in self.at and self.at[n] in self.mine_set)
        return out

    @cached_property
    def mine_set(self) -> frozenset[str]:
        return frozenset(self.mine)

    def prep(self, uid: str, h: Hex) -> tuple[float, Hex | None]:
        """Best expected gain of an attack on a neighbour of ``h`` with ``uid`` joining."""
        best, bt = 0.0, None
        here = self.hex_of(uid)
        for e in self.board.adjacent(h):
            if e not in self.foe_hexes:
                continue
            foe = self.at[e]
            a = self.adj_attack[e] + self.att(uid) - (self.att(uid) if here and e in self.board.adjacent(here) else 0)
            p = quick_dist(T.CRT_TABLE, a, self.dfn(foe), self.shift_at(e, self.foe), T.MIN_ODDS, T.MAX_ODDS)
            g = (p.get("DE", 0) * (self.value(foe) + KILL * VP) + p.get("DRL", 0) * (self.step_value(foe) + 1)
                 + p.get("DR", 0) * 1.0 + p.get("EX", 0) * 0.3)
            g += ((p.get("DE", 0) + p.get("DRL", 0) + p.get("DR", 0))
                  * (self.city_value(e) if e in self.vp_cities else 0))
            if g > best:
                best, bt = g, e
        return best, bt

    def score(self, uid: str, h: Hex, path=()) -> tuple[float, dict]:
        """How good it is for ``uid`` to stand at ``h`` (after walking ``path``)."""
        parts: dict = {}
        s = 0.0
        took = [c for c in (tuple(path) or (h,)) if (c in self.vp_cities or c in self.board.places)
                and self.control.get(c) != self.side]
        if took:
            s += sum(self.city_value(c) for c in took)
            parts["cities"] = took
        if self.so is not None and h == self.so:
            s += VP
            parts["so"] = True
        # Holding a VP city the enemy could walk into or strike at: standing on it keeps it ours.
        if (h in self.vp_cities or h == self.moscow) and (h in self.foe_walk or self.threat.get(h)):
            s += 0.8 * self.city_value(h)
            parts["holds"] = h
        elif h in self.vp_cities and self.front_field.get(h, 99) <= 6:
            s += 0.25 * self.city_value(h)
            parts["holds"] = h
        here = self.hex_of(uid)
        if h != here and here is not None and here in self.vp_cities | {self.moscow} \
                and self.control.get(here) == self.side and here in self.foe_walk:
            # 5.0: the city it leaves empty can be walked into; before the count surely.
            lost = (1.0 if self.final else P_VACATE) * self.city_value(here)
            if self.refill.get(here, 0.0) >= self.dfn(uid) and self.may_leave(uid, h, took):
                lost *= REFILL  # 4.0: our movement phase comes after this one; another unit fills it
            s -= lost
            parts["vacates"] = (here, lost)
        if self.side == "russian" and self.moscow_threatened:
            # 5.0: Moscow lost is the game lost; the strongest defender in it, a screen around it.
            if h == self.moscow:
                s += 0.5 * self.dfn(uid)
                parts["holds"] = h
            elif h in self.board.adjacent(self.moscow):
                s += 2.0
        rk = self.risk(uid, h)
        parts["risk"] = rk
        s -= rk
        p, t = self.prep(uid, h)
        parts["prep"] = (p, t)
        s += 0.6 * p
        dc, df = self.city_field.get(h, 30.0), self.front_field.get(h, 30.0)
        parts["dist"] = dc
        if self.final:
            return s, parts  # 5.0: after this turn's moves only the count matters, not the distance to go
        s -= 0.12 * dc + 0.08 * df
        if self.retake_field:
            # 5.0: a VP city of our own side in enemy hands is a VP back for the taking.
            s -= RETAKE_PULL * min(RETAKE_REACH, self.retake_field.get(h, 30.0))
        if self.side == "german" and self.spec(uid).kind == "armor" and self.moscow in self.targets:
            s -= MOSCOW_PULL * self.moscow_field.get(h, 30.0)  # 5.0: Moscow ends the game
        if self.schwerpunkt is not None and self.spec(uid).kind == "armor":
            s -= SP_PULL * self.sp_field.get(h, 30.0)  # 5.0: one more city across the line wins
            parts["sp"] = self.schwerpunkt
        return s, parts

    def may_leave(self, uid: str, h: Hex, took) -> bool:
        """Whether a garrison leaving its city in the armor phase may count on a later filler
        (``REFILL``). Always on the last turn (5.0: the count comes after our movement phase).
        Before it only armor (a panzer corps standing guard is the attack force idle) or a
        move for an enemy-held VP city (taken on the way, or next to it for the battle): an
        infantry garrison that left for a plain battle on every turn lost games against the
        greedy Russians (the filler went into the battles too)."""
        if self.final or self.spec(uid).kind == "armor" or any(c in self.vp_cities for c in took):
            return True
        return any(n in self.vp_cities | {self.moscow} and self.control.get(n) == self.foe
                   for n in self.board.adjacent(h))

    @cached_property
    def refill(self) -> dict[Hex, float]:
        """In the armor and rail phase (8.1): for each VP city of ours, the best defence among
        the units (none garrisoning a VP city) that could still walk into it in our movement
        phase later this turn (4.0: phase 5 follows phase 3), ignoring zones of control."""
        if self.phase.kind != "armor_rail":
            return {}
        cities = {h for h in self.vp_cities | {self.moscow} if self.control.get(h) == self.side}
        out: dict[Hex, float] = {}
        cost = step_cost(self.board)
        for uid in self.mine:
            here = self.map_hex(uid)
            if here in cities:
                continue
            reach = within(self.board, here, 1 if self.mud else self.spec(uid).ma, cost)
            for h in cities:
                if h in reach and h not in self.foe_hexes:
                    out[h] = max(out.get(h, 0.0), self.dfn(uid))
        return out

    @cached_property
    def retake_field(self) -> dict[Hex, float]:
        """Distance to the VP cities on our side of the Start Line the enemy holds (5.0)."""
        lost = tuple(h for h in self.facts.major_cities(self.side) if self.control.get(h) == self.foe)
        return distance_field(self.board, lost, step_cost(self.board), "retake") if lost else {}


    @cached_property
    def fingerprint(self) -> tuple:
        """The public position, as far as a movement plan depends on it."""
        return (self.turn, self.phase.id, tuple(sorted((u.id, u.hex, u.steps, u.where) for u in self._units.values())))

    # ------------------------------------------------------------ the last turn's count (5.0)
    def count_delta(self, ours_k: int, theirs_k: int) -> int:
        """VP the "fewer units eliminated" award (5.0) moves our way if ``ours_k`` more of our units
        and ``theirs_k`` more of the enemy's go to the Eliminated box (from -2 to +2)."""
        def ours(m: int, t: int) -> int:  # +1: we have fewer in the box, -1: they have
            return (m < t) - (m > t)
        m, t = self.facts.eliminated(self.side), self.facts.eliminated(self.foe)
        back = self.rebuilds_left(self.foe)  # 10.0: what he brings back before the count leaves the box
        return ours(m + ours_k, max(0, t + theirs_k - back)) - ours(m, max(0, t - back))

    def elim_swing(self, k: int) -> int:
        """VP the "fewer units eliminated" award (5.0) moves against us if ``k`` more of ours are eliminated."""
        return -self.count_delta(k, 0)

    def rebuilds_left(self, side: str) -> int:
        """On the last turn, how many eliminated units ``side`` can still bring back before the
        count (10.0: one replacement point a unit, back reduced) — his replacement phase of the
        last turn not yet played; his posture's modifier counted once it is known (10.6)."""
        order = list(T.TURN_PHASES)
        phase = f"{side}_replacement"
        now = self.phase.id
        if not self.final or now not in order or order.index(phase) <= order.index(now):
            return 0
        pts = self.facts.replacement_points(side)
        return max(0, pts["irp"]) + max(0, pts["arp"])

    def exchange_dead(self, attackers, owed: float) -> int:
        """How many of ``attackers`` an exchange owing ``owed`` strength points eliminates (9.3),
        paid the way the normal player's ``_st_exchange_loss`` pays it."""
        steps = {u: self._units[u].steps for u in attackers}

        def lost(uid: str) -> float:
            s = self.spec(uid)
            n = steps[uid]
            return s.attack(n) - (s.attack(n - 1) if n > 1 else 0)

        def sv(uid: str) -> float:
            s = self.spec(uid)
            n = steps[uid]
            return (s.attack(n) + s.defense(n) - (s.attack(n - 1) + s.defense(n - 1) if n > 1 else 0)) / 2

        dead = 0
        while owed > 0:
            live = [u for u in attackers if steps[u] > 0]
            if not live:
                break
            cover = [u for u in live if lost(u) >= owed]
            u = (min(cover, key=lambda u: (sv(u), u)) if cover
                 else max(live, key=lambda u: (lost(u) / max(0.1, sv(u)), u)))
            owed -= lost(u)
            steps[u] -= 1
            dead += steps[u] == 0
        return dead
