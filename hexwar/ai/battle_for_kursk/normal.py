"""The computer player for Battle for Kursk (and its greedy baseline).

Like the Kiev player it does no search: each decision scores the legal options with
cheap, explainable figures and takes the best.

- What counts is the 5.0 victory-point total: major cities across the Start Line, the
  Strategic Objective (12.1), fewer units eliminated, Moscow for the Germans. A VP is
  worth ``VP`` strength points.
- Battles are valued from ``rules.odds`` (every shift with its rule number) and the
  CRT's distribution at the final column, Offensives (9.2.1) included.
- Moves are chosen unit by unit from a position score: a city taken or held, the
  Strategic Objective reached, an attack lined up, the expected loss if the enemy
  attacks there, the distance still to go; late in a game not yet won, the German
  armor's distance to one chosen Russian-side city (the schwerpunkt). One phase's moves
  are planned at once and played one by one while the position is the one planned for
  (a fingerprint of the public position), so a phase costs a few evaluations, not one
  per unit. Before our combat phase the armor phase first masses a group next to each
  enemy-held VP city worth attacking (``_strike_plan``).
- On the last turn only the count matters: a unit eliminated on either side is worth
  what it does to the "fewer units eliminated" VP (``_count_delta``), an exchange's cost
  is the units it eliminates (``_exchange_dead``), and after the enemy's last combat
  phase nothing of ours is at risk.
- Postures (12.0) are chosen from the public position only (``fair_state`` scrubs the
  other player's secret choice): Engage when there is an attack worth making,
  otherwise Deploy, never paying Offensive markers for a step it does not need; a unit
  its negative replacement points (10.6) would eliminate is priced as part of a VP.
"""
from __future__ import annotations

import math
from functools import cached_property

from ...core import actions as A
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ARRIVING, ELIMINATED, ON_MAP
from ...games.battle_for_kursk import tables as T
from ...games.battle_for_kursk.offensive import Offensive
from .odds import BattleOdds, battle_odds, distance_field, fair_state, pct, quick_dist
from ..player import Decision

VP = 6.0  # one victory point, in strength points
MOSCOW_VP = 12.0  # 5.0: Moscow in German hands ends the game
KILL = 0.15  # 5.0: a unit eliminated tips the "fewer eliminated" VP, beyond its strength (VP share)
ELIM_VP = 0.5  # 5.0, 10.6: a unit our own negative replacement points eliminate (VP share)
MARKER = 1.5  # an Offensive marker kept, in strength points
MIN_ATTACK = 0.3  # an attack must be worth this much to be declared
MIN_GAIN = 0.25  # a move must improve the position by this much
MOSCOW_PULL = 0.1  # German armor's pull toward Moscow, per MP
P_ENGAGE = 0.7  # chance the enemy may fight next turn (his posture is secret)
P_VACATE = 0.5  # chance an emptied VP city of ours the enemy can walk into is lost (1.0 before the count)
SP_FROM = 0.5  # share of the game after which the Germans pick a schwerpunkt (5.0)
SP_PULL = 0.25  # German armor's pull toward the schwerpunkt, per MP
SP_MARGIN = -1  # the schwerpunkt is sought while the VP total is no better for us than this
RETAKE_PULL = 0.3  # pull toward a VP city of our own side the enemy holds, per MP ...
RETAKE_REACH = 8.0  # ... felt by units within this many MP of it
REFILL = 0.25  # share of a vacated city's worth still at stake when another unit can fill it later
FINAL_OWN_LOSS = 0.4  # on the last turn our steps matter only for the "fewer eliminated" VP (5.0)


def _step(board):
    def cost(frm: Hex, to: Hex) -> float:
        # 8.0: marsh and a major river take all MP; count them as a slow hex.
        if board.terrain[to] in T.ALL_MP_TERRAIN or board.has_side(frm, to, "major_river"):
            return 3.0
        return float(T.MOVE_COST[board.terrain[to]])
    return cost


class Ctx:
    """One decision's view of the position (public only)."""

    def __init__(self, game: Game, side: str) -> None:
        self.game = game
        self.rules = r = game.rules
        self.state = fair_state(game, side)
        self.side = side
        self.foe = r.enemy(side)
        self.board = r.board
        self.phase = r.phase(self.state)
        self.turn = self.state.turn
        self.last = r.camp.last_turn
        self.mud = r.is_mud(self.state)
        self.final = self.turn == self.last  # 5.0: the count is taken at the end of this turn
        v = r.camp.victory["major_cities"]
        # Major cities whose control moves the VP total (5.0).
        self.vp_cities = frozenset(p.hex for p in self.board.places.values()
                                   if p.name in v.get("german_side", []) or p.name in v.get("russian_side", []))

    # ------------------------------------------------------------ units
    def units(self, side: str) -> list[str]:
        return sorted(u.id for u in self.state.units.values() if u.where == ON_MAP and self.rules.side(u.id) == side)

    @cached_property
    def mine(self) -> list[str]:
        return self.units(self.side)

    @cached_property
    def theirs(self) -> list[str]:
        return self.units(self.foe)

    def hex_of(self, uid: str) -> Hex:
        return self.state.units[uid].hex

    def spec(self, uid: str):
        return self.rules.specs[self.state.units[uid].spec]

    def att(self, uid: str) -> float:
        u = self.state.units[uid]
        a = self.spec(uid).attack(u.steps)
        return a / 2 if self.mud and self.spec(uid).kind == "armor" else a  # 11.2

    def dfn(self, uid: str) -> float:
        return self.spec(uid).defense(self.state.units[uid].steps)

    def value(self, uid: str) -> float:
        u = self.state.units[uid]
        s = self.spec(uid)
        return (s.attack(u.steps) + s.defense(u.steps)) / 2

    def step_value(self, uid: str) -> float:
        u = self.state.units[uid]
        s = self.spec(uid)
        if u.steps > 1:
            return (s.attack(u.steps) + s.defense(u.steps) - s.attack(u.steps - 1) - s.defense(u.steps - 1)) / 2
        return self.value(uid) + KILL * VP

    @cached_property
    def at(self) -> dict[Hex, str]:
        return {self.hex_of(u): u for u in self.mine + self.theirs}

    # ------------------------------------------------------------ what places are worth
    def city_value(self, h: Hex) -> float:
        """Control of ``h`` changing hands, for this side (5.0)."""
        if h == self.rules.moscow:
            return MOSCOW_VP  # 5.0 sudden death
        if h in self.vp_cities:
            return VP * (0.6 + 0.4 * self.progress)
        return 0.4 if h in self.board.places else 0.0

    @property
    def progress(self) -> float:
        first = self.rules.camp.start_turn if hasattr(self.rules.camp, "start_turn") else 1
        return max(0.0, min(1.0, (self.turn - first + 1) / max(1, self.last - first + 1)))

    @cached_property
    def so(self) -> Hex | None:
        """The Strategic Objective's hex when this side scores by standing on it (12.1)."""
        x = self.state.extra
        if x.get("so_scored") or x.get("so_face") != self.side:
            return None
        return self.rules.so_hex(self.state)

    @cached_property
    def targets(self) -> frozenset[Hex]:
        """Where this side wants to go: VP cities it does not hold, and its Strategic Objective."""
        out = {h for h in self.vp_cities if self.state.control.get(h) != self.side}
        if self.so is not None:
            out.add(self.so)
        return frozenset(out)

    @cached_property
    def schwerpunkt(self) -> Hex | None:
        """Late in a game not yet won, the one Russian-side VP city (Moscow aside) the German
        armor concentrates on: the nearest to our armor and the least defended (5.0)."""
        if self.side != "german" or self.progress < SP_FROM or self.rules.vp(self.state)[0] < SP_MARGIN:
            return None
        names = self.rules.camp.victory["major_cities"].get("russian_side", [])
        cands = [p.hex for p in self.board.places.values() if p.name in names and p.hex != self.rules.moscow
                 and self.state.control.get(p.hex) != self.side]
        armor = [self.hex_of(u) for u in self.mine if self.spec(u).kind == "armor"]
        if not cands or not armor:
            return None

        def cost(h: Hex) -> tuple:
            f = distance_field(self.board, (h,), _step(self.board), "sp")
            near = sorted(f.get(a, 99.0) for a in armor)[:4]
            guard = sum(self.dfn(u) for u in self.theirs if distance(self.hex_of(u), h) <= 2)
            return (sum(near) / len(near) + 0.5 * guard, h)
        return min(cands, key=cost)

    @cached_property
    def sp_field(self) -> dict[Hex, float]:
        return distance_field(self.board, (self.schwerpunkt,), _step(self.board), "sp") if self.schwerpunkt else {}

    @cached_property
    def city_field(self) -> dict[Hex, float]:
        return distance_field(self.board, self.targets or self.foe_hexes, _step(self.board), "city")

    @cached_property
    def moscow_threatened(self) -> bool:
        """An enemy unit could get next to Moscow over his next player-turn."""
        m = self.rules.moscow
        return any(n in self.foe_walk for n in self.board.adjacent(m)) or m in self.foe_walk

    @cached_property
    def moscow_field(self) -> dict[Hex, float]:
        return distance_field(self.board, (self.rules.moscow,), _step(self.board), "moscow")

    @cached_property
    def foe_hexes(self) -> frozenset[Hex]:
        return frozenset(self.hex_of(u) for u in self.theirs)

    @cached_property
    def front_field(self) -> dict[Hex, float]:
        return distance_field(self.board, self.foe_hexes, _step(self.board), "front")

    @cached_property
    def threat(self) -> dict[Hex, list[str]]:
        """Enemy units that could attack each hex in his next combat phase.

        Before it (4.0) he moves only armor and rail infantry (8.1): infantry threatens
        the hexes next to it, armor those within its allowance plus one."""
        out: dict[Hex, list[str]] = {}
        cost = _step(self.board)
        for uid in self.theirs:
            here = self.hex_of(uid)
            s = self.spec(uid)
            reach = {here}
            if s.kind == "armor":
                mp = 1 if self.mud else s.ma
                reach = set(_within(self.board, here, mp, cost))
            hit = set()
            for h in reach:
                hit.update(self.board.adjacent(h))
            for h in hit:
                out.setdefault(h, []).append(uid)
        return out

    @cached_property
    def foe_walk(self) -> frozenset[Hex]:
        """Hexes an enemy unit could walk into over his next player-turn (8.0, 8.1: armor
        moves twice; mud, 11.1: a hex a phase), ignoring zones of control."""
        cost = _step(self.board)
        out: set[Hex] = set()
        for uid in self.theirs:
            s = self.spec(uid)
            budget = (2 if s.kind == "armor" else 1) * (1 if self.mud else s.ma)
            out.update(_within(self.board, self.hex_of(uid), budget, cost))
        return frozenset(out)

    def shift_at(self, h: Hex, side: str) -> int:
        """9.2 defensive shifts a defender of ``side`` gets at ``h``."""
        s = 0
        if self.board.terrain[h] in T.DEFENSE_SHIFT_TERRAIN:
            s -= 1
        p = self.board.place_at(h)
        if p is not None and p.kind == "major_city":
            s -= 1
        if self.rules.fort_active(self.state, h, side):
            s -= 1
        return s

    @cached_property
    def foe_fights_again(self) -> bool:
        """The enemy still has a combat phase in this game (4.0: not after the last turn's)."""
        if not self.final:
            return True
        order = list(T.TURN_PHASES)
        return order.index(f"{self.foe}_combat") > order.index(self.state.phase) if self.state.phase in order else True

    def risk(self, uid: str, h: Hex) -> float:
        """Expected strength lost (and city value) if the enemy attacks ``uid`` at ``h``."""
        foes = [f for f in self.threat.get(h, ()) if f not in ()]
        if not foes or not self.foe_fights_again:
            return 0.0
        att = sum(self.att(f) for f in sorted(foes, key=lambda f: -self.att(f))[:6])
        p = quick_dist(self.rules.crt, att, self.dfn(uid), self.shift_at(h, self.side), T.MIN_ODDS, T.MAX_ODDS)
        v, st = self.value(uid) + KILL * VP, self.step_value(uid)
        loss = (p.get("DE", 0) * v + p.get("DRL", 0) * (st + 0.2 * v) + p.get("EX", 0) * st
                + p.get("DR", 0) * 0.2 * v)
        if self.final:
            # 5.0: after this turn only the count matters: the unit is worth what its
            # elimination does to the "fewer units eliminated" VP (a little more than nothing).
            one = self.state.units[uid].steps <= 1
            dies = p.get("DE", 0) + (p.get("DRL", 0) + p.get("EX", 0) if one else 0.0)
            loss = FINAL_OWN_LOSS * loss * 0.25 + dies * VP * -_count_delta(self, 1, 0)
        if h in self.vp_cities or h == self.rules.moscow:
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
            p = quick_dist(self.rules.crt, a, self.dfn(foe), self.shift_at(e, self.foe), T.MIN_ODDS, T.MAX_ODDS)
            g = (p.get("DE", 0) * (self.value(foe) + KILL * VP) + p.get("DRL", 0) * (self.step_value(foe) + 1)
                 + p.get("DR", 0) * 1.0 + p.get("EX", 0) * 0.3)
            g += (p.get("DE", 0) + p.get("DRL", 0) + p.get("DR", 0)) * (self.city_value(e) if e in self.vp_cities else 0)
            if g > best:
                best, bt = g, e
        return best, bt

    def score(self, uid: str, h: Hex, path=()) -> tuple[float, dict]:
        """How good it is for ``uid`` to stand at ``h`` (after walking ``path``)."""
        parts: dict = {}
        s = 0.0
        took = [c for c in (tuple(path) or (h,)) if (c in self.vp_cities or c in self.board.places)
                and self.state.control.get(c) != self.side]
        if took:
            s += sum(self.city_value(c) for c in took)
            parts["cities"] = took
        if self.so is not None and h == self.so:
            s += VP
            parts["so"] = True
        # Holding a VP city the enemy could walk into or strike at: standing on it keeps it ours.
        if (h in self.vp_cities or h == self.rules.moscow) and (h in self.foe_walk or self.threat.get(h)):
            s += 0.8 * self.city_value(h)
            parts["holds"] = h
        elif h in self.vp_cities and self.front_field.get(h, 99) <= 6:
            s += 0.25 * self.city_value(h)
            parts["holds"] = h
        here = self.hex_of(uid)
        if h != here and here is not None and here in self.vp_cities | {self.rules.moscow} \
                and self.state.control.get(here) == self.side and here in self.foe_walk:
            # 5.0: the city it leaves empty can be walked into; before the count surely.
            lost = (1.0 if self.final else P_VACATE) * self.city_value(here)
            if self.refill.get(here, 0.0) >= self.dfn(uid) and self.may_leave(uid, h, took):
                lost *= REFILL  # 4.0: our movement phase comes after this one; another unit fills it
            s -= lost
            parts["vacates"] = (here, lost)
        if self.side == "russian" and self.moscow_threatened:
            # 5.0: Moscow lost is the game lost; the strongest defender in it, a screen around it.
            if h == self.rules.moscow:
                s += 0.5 * self.dfn(uid)
                parts["holds"] = h
            elif h in self.board.adjacent(self.rules.moscow):
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
        if self.side == "german" and self.spec(uid).kind == "armor" and self.rules.moscow in self.targets:
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
        return any(n in self.vp_cities | {self.rules.moscow} and self.state.control.get(n) == self.foe
                   for n in self.board.adjacent(h))

    @cached_property
    def refill(self) -> dict[Hex, float]:
        """In the armor and rail phase (8.1): for each VP city of ours, the best defence among
        the units (none garrisoning a VP city) that could still walk into it in our movement
        phase later this turn (4.0: phase 5 follows phase 3), ignoring zones of control."""
        if self.phase.kind != "armor_rail":
            return {}
        cities = {h for h in self.vp_cities | {self.rules.moscow} if self.state.control.get(h) == self.side}
        out: dict[Hex, float] = {}
        cost = _step(self.board)
        for uid in self.mine:
            here = self.hex_of(uid)
            if here in cities:
                continue
            reach = _within(self.board, here, 1 if self.mud else self.spec(uid).ma, cost)
            for h in cities:
                if h in reach and h not in self.foe_hexes:
                    out[h] = max(out.get(h, 0.0), self.dfn(uid))
        return out

    @cached_property
    def retake_field(self) -> dict[Hex, float]:
        """Distance to the VP cities on our side of the Start Line the enemy holds (5.0)."""
        key = "german_side" if self.side == "german" else "russian_side"
        names = self.rules.camp.victory["major_cities"].get(key, [])
        lost = tuple(p.hex for p in self.board.places.values() if p.name in names
                     and self.state.control.get(p.hex) == self.foe)
        return distance_field(self.board, lost, _step(self.board), "retake") if lost else {}


def _within(board, src: Hex, mp: float, cost) -> dict[Hex, float]:
    import heapq

    d = {src: 0.0}
    heap = [(0.0, src)]
    while heap:
        c, h = heapq.heappop(heap)
        if c > d[h]:
            continue
        for n in board.adjacent(h):
            nc = c + cost(h, n)
            if nc <= mp and nc < d.get(n, math.inf):
                d[n] = nc
                heapq.heappush(heap, (nc, n))
    return d


def fingerprint(state) -> tuple:
    """The public position, as far as a movement plan depends on it."""
    return (state.turn, state.phase, tuple(sorted((u.id, u.hex, u.steps, u.where) for u in state.units.values())))


# ====================================================================== explanations
def battle_reason(ctx: Ctx, target: Hex, bo: BattleOdds, act) -> str:
    o = bo.odds
    ratio = next((ln for ln in o.lines() if ln.startswith("ratio")), "")
    shifts = ", ".join(f"{sh.reason} ({sh.columns:+d}, {sh.rule})" for sh in o.shifts if sh.columns)
    foe = ctx.at.get(target)
    who = ctx.rules.public_name(ctx.state, foe) if foe else hex_name(target)
    head = ("launches an Offensive (9.2.1) led by " + act.lead + " against " if isinstance(act, Offensive)
            else "attacks ") + f"{who} at {hex_name(target)}"
    if o.no_effect:
        return f"{head}: {ratio}, below 1:1 after {shifts}"
    body = f"{bo.column} ({ratio}" + (f", then {shifts})" if shifts else ")")
    extra = f"; {pct(bo.p_good)} chance of DR or better"
    risk = bo.p.get("EX", 0) + bo.p.get("AL", 0)
    if risk:
        extra += f", {pct(risk)} of a loss of our own (EX/AL)"
    if target in ctx.vp_cities:
        extra += f"; an advance would take {ctx.board.describe(target)}"
    return f"{head} at {body}{extra}"


def move_reason(ctx: Ctx, uid: str, dest: Hex, parts: dict) -> str:
    bits = []
    if parts.get("cities"):
        bits.append("takes " + ", ".join(ctx.board.describe(c) for c in parts["cities"]))
    if parts.get("so"):
        bits.append("reaches the Strategic Objective (12.1): 1 VP")
    if parts.get("holds") is not None and not parts.get("cities"):
        bits.append(f"holds {ctx.board.describe(parts['holds'])}")
    if parts.get("vacates"):
        bits.append(f"leaves {ctx.board.describe(parts['vacates'][0])} open to a walk-in, for more here")
    p, t = parts.get("prep", (0.0, None))
    if t is not None and p > 0.5:
        bits.append(f"lines up an attack on {hex_name(t)}")
    if parts.get("risk", 0) > 1.0:
        bits.append(f"accepts an expected loss of {parts['risk']:.1f} points if attacked")
    if not bits and parts.get("sp") is not None:
        bits.append(f"drives on {ctx.board.describe(parts['sp'])}, the city the armor concentrates on (5.0)")
    if not bits:
        bits.append(f"closes on the nearest objective ({parts.get('dist', 0):g} MP away)")
    return f"{uid} {hex_name(ctx.hex_of(uid))}→{hex_name(dest)}: " + "; ".join(bits)


# ====================================================================== the player
class KurskPlayer:
    """The computer player for Battle for Kursk, either side."""

    name = "ai"

    def __init__(self) -> None:
        self._plan: tuple[tuple, list] | None = None  # (fingerprint it was made for, moves left)

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if not acts:
            raise ValueError("nothing to decide: the game is over")
        if len(acts) == 1:
            return Decision(acts[0])
        ctx = Ctx(game, side)
        st = ctx.state.stage
        if st is not None:
            h = getattr(self, "_st_" + st.kind, None)
            return h(ctx, acts) if h else Decision(acts[0])
        kind = ctx.phase.kind
        if kind == "posture":
            return self._posture(ctx, acts)
        if kind in ("setup", "replacement"):
            return self._replacement(ctx, acts)
        if kind in ("armor_rail", "movement"):
            return self._move(ctx, acts)
        if kind == "combat":
            return self._combat(ctx, acts)
        return Decision(acts[0])

    # ------------------------------------------------------------ postures (12.0)
    def _posture(self, ctx: Ctx, acts: list) -> Decision:
        """12.0: weigh each posture on offer by what it grants, from the public position only."""
        r = ctx.rules
        order = r.postures()
        legal = {a.value: a for a in acts if isinstance(a, A.Choose) and a.what == "posture"}
        x = ctx.state.extra
        turn1 = r.camp.number("1")
        attack = 0.0 if ctx.mud else 2.0 * self._attack_chances(ctx)  # 11.2: mud halves attacking armor
        if ctx.final and not ctx.mud:
            # 5.0: after the last turn a battle matters only for the cities it retakes.
            attack = self._attack_chances(ctx, final=True)
        open_cities = sum(1 for h in ctx.vp_cities | {r.moscow}
                          if ctx.state.control.get(h) == ctx.side and h in ctx.foe_walk and h not in ctx.at)
        sched = r.camp.turn(ctx.turn).points[ctx.side]
        mods = r.camp.postures["modifiers"][ctx.side]
        scores: dict[str, tuple[float, str]] = {}
        for p, a in legal.items():
            grants = r.camp.postures["phases"][p]
            v, why = 0.0, []
            if "combat" in grants:
                v += attack
                why.append(f"attacks worth {attack:.1f} on offer")
            if "movement" in grants:
                v += 3.0 + 2.0 * open_cities + (1.0 if ctx.targets else 0.0)
            if "armor_rail_movement" in grants:
                v += 1.5
            for k in ("irp", "arp"):
                net = sched[k] + mods.get(p, {}).get(k, 0)
                v += self._points_value(ctx, k, net)
            if net_neg := [k for k in ("irp", "arp") if sched[k] + mods.get(p, {}).get(k, 0) < 0]:
                why.append("costs " + " and ".join({"irp": "infantry", "arp": "armor"}[k] for k in net_neg)
                           + " steps (10.6)")
            cost = r.posture_cost(ctx.state, ctx.side, p)
            v -= (0.0 if ctx.final else MARKER) * cost  # markers are worth nothing after the last turn
            v -= 0.4 * (order.index("engage") - order.index(p))  # climbing back later costs markers
            if ctx.side == "german" and not x.get("engaged") and x.get("so_face") == "german":
                if ctx.turn >= turn1 and p == "engage":
                    v += VP  # 12.1: engage by turn 1 or the objective passes to the Russians
                    why.append("keeps the Strategic Objective German (12.1)")
                if ctx.turn < turn1 and p == "deploy":
                    v += 2.0  # 12.1: Deploy before the first Engage lets us move the objective
                    why.append("lets us move the Strategic Objective (12.1)")
            if x.get("so_face") == ctx.side == "russian" and not x.get("so_locked", {}).get("russian") and p == "deploy":
                v += 1.0
            scores[p] = (v, "; ".join(why) or "what it grants outweighs its cost")
        pick = max(scores, key=lambda p: (scores[p][0], order.index(p)))
        return Decision(legal[pick], f"posture {pick} (12.0): {scores[pick][1]}")

    def _attack_chances(self, ctx: Ctx, final: bool = False) -> float:
        """Expected successful attacks we could make now (units next to the enemy, armor in reach);
        ``final``: their worth on the last turn, a VP city retaken or half a point elsewhere."""
        chances = cities = 0.0
        for e in ctx.foe_hexes:
            near = [u for u in ctx.mine if distance(ctx.hex_of(u), e) <= (1 if ctx.spec(u).kind != "armor" else 1 + ctx.spec(u).ma // 2)]
            a = sum(sorted((ctx.att(u) for u in near), reverse=True)[:6])
            p = quick_dist(ctx.rules.crt, a, ctx.dfn(ctx.at[e]), ctx.shift_at(e, ctx.foe), T.MIN_ODDS, T.MAX_ODDS)
            good = sum(p.get(r, 0) for r in ("DR", "DRL", "DE"))
            if final and e in ctx.vp_cities:
                cities += good * ctx.city_value(e)
            else:
                chances += good
        if final:
            return cities + min(0.5 * chances, 3.0)
        return min(chances, 6.0)

    def _points_value(self, ctx: Ctx, kind: str, net: int) -> float:
        """10.5-10.6: replacement points of one type, in strength points (negative ones cost steps)."""
        want = ctx.rules.point_of
        units = [u for u in ctx.state.units.values() if ctx.rules.side(u.id) == ctx.side and want(u.spec) == kind]
        if net >= 0:
            usable = sum(1 for u in units if u.where == ELIMINATED or (u.where == ON_MAP and u.steps < ctx.rules.specs[u.spec].max_steps))
            return 1.5 * min(net, usable)
        full = sorted((ctx.step_value(u.id) for u in units if u.where == ON_MAP and u.steps > 1))
        # 5.0: a unit eliminated tips the "fewer eliminated" VP; priced at ELIM_VP of a VP.
        weak = sorted((ctx.value(u.id) + ELIM_VP * VP + 1.0 for u in units if u.where == ON_MAP and u.steps == 1))
        costs = (full + weak)[: -net]
        if ctx.final:
            # 5.0: the count is taken at the end of this turn, so an elimination now is worth
            # exactly what it does to the "fewer eliminated" VP, and a step nothing more.
            k = max(0, -net - len(full))
            return -0.5 * sum(costs) - VP * _elim_swing(ctx, k)
        return -sum(costs) - 2.0 * max(0, -net - len(costs))

    def _st_emergency(self, ctx: Ctx, acts: list) -> Decision:
        threatened = sum(1 for u in ctx.mine if ctx.threat.get(ctx.hex_of(u)))
        if threatened >= 3:
            return Decision(A.Choose("emergency", "yes"), f"Emergency Reaction (12.0): {threatened} units under threat need to move")
        return Decision(A.Choose("emergency", "no"), "no Emergency Reaction: the front is quiet enough")

    def _st_objective(self, ctx: Ctx, acts: list) -> Decision:
        """12.1: put the Strategic Objective where our units get to it first."""
        mine = [ctx.hex_of(u) for u in ctx.mine]
        foes = [ctx.hex_of(u) for u in ctx.theirs]

        def key(a: A.Choose):
            h = ctx.rules.so_hex(ctx.state) if a.value == "stay" else _parse(a.value)
            dm = min((distance(h, m) for m in mine), default=99)
            df = min((distance(h, m) for m in foes), default=99)
            return (dm - 0.5 * df, a.value != "stay", a.value)

        a = min(acts, key=key)
        return Decision(a, "keeps the Strategic Objective where it is (12.1)" if a.value == "stay"
                        else f"moves the Strategic Objective to {ctx.board.describe(_parse(a.value))}: nearest to our units (12.1)")

    # ------------------------------------------------------------ replacements (10.0)
    def _replacement(self, ctx: Ctx, acts: list) -> Decision:
        best, best_s, why = None, -math.inf, ""
        for a in acts:
            if isinstance(a, A.Restore):
                u = a.unit
                h = ctx.hex_of(u)
                s = ctx.step_value(u) * (1.5 if ctx.threat.get(h) else 1.0) + (1.0 if ctx.front_field.get(h, 99) <= 3 else 0)
                if s > best_s:
                    best, best_s, why = a, s, f"restores {u} to full strength (10.1): it faces the enemy"
            elif isinstance(a, A.Place):
                sc, parts = ctx.score(a.unit, a.hex, (a.hex,))
                # 5.0: a unit back from the Eliminated box no longer counts against us.
                s = 3.0 + 0.3 * sc + (KILL * VP * 3 if ctx.state.units[a.unit].where == ELIMINATED else 0.0)
                if s > best_s:
                    best, best_s = a, s
                    why = f"brings {a.unit} back at {ctx.board.describe(a.hex)} (10.2-10.7)"
        if best is None:
            return Decision(next((a for a in acts if isinstance(a, A.EndPhase)), acts[0]))
        return Decision(best, why)

    def _st_replacement_loss(self, ctx: Ctx, acts: list) -> Decision:
        # 10.6 negative replacements: a full-strength unit first (a reduced one taking it is
        # eliminated and counts against us, 5.0), then the step that matters least, away
        # from the front.
        def guards(uid: str) -> bool:  # the garrison of a VP city of ours the enemy could strike
            h = ctx.hex_of(uid)
            return (h in ctx.vp_cities or h == ctx.rules.moscow) and bool(ctx.threat.get(h))
        a = min(acts, key=lambda a: (ctx.state.units[a.unit].steps <= 1, guards(a.unit),
                                     ctx.step_value(a.unit) - 0.2 * ctx.front_field.get(ctx.hex_of(a.unit), 0), a.unit))
        if ctx.state.units[a.unit].steps <= 1:
            return Decision(a, f"{a.unit} takes the negative replacement (10.6): no full-strength unit is left to take it")
        return Decision(a, f"{a.unit} takes the negative replacement (10.6): the cheapest step, farthest from the front,"
                        " and no unit is eliminated")

    # ------------------------------------------------------------ movement (8.0, 8.1)
    def _move(self, ctx: Ctx, acts: list) -> Decision:
        fp = fingerprint(ctx.state)
        if self._plan is not None and self._plan[0] == fp and self._plan[1]:
            m, why = self._plan[1].pop(0)
            if ctx.game.check(m) is None:
                self._plan = (_after(fp, m, ctx), self._plan[1])
                return Decision(m, why)
        self._plan = None
        by_unit: dict[str, list[A.Move]] = {}
        for a in acts:
            if isinstance(a, A.Move):
                by_unit.setdefault(a.unit, []).append(a)
        cands = []
        bases = {}
        for uid, moves in by_unit.items():
            base, _ = ctx.score(uid, ctx.hex_of(uid))
            bases[uid] = base
            for m in moves:
                s, parts = ctx.score(uid, m.dest, m.path)
                if s - base > MIN_GAIN:
                    cands.append((s - base, m, parts))
        cands.sort(key=lambda c: (-c[0], c[1].unit, c[1].dest))
        plan, used_u, used_h = [], set(), set()
        if ctx.phase.kind == "movement":
            # Last move before the enemy's turn: first put a unit in every VP city of ours he
            # could walk into (5.0; 8.2.1: no unit enters an enemy-held hex), the one that
            # gives up least elsewhere.
            empty = sorted((h for h in ctx.vp_cities | {ctx.rules.moscow}
                            if ctx.state.control.get(h) == ctx.side and h not in ctx.at and h in ctx.foe_walk),
                           key=lambda h: (-ctx.city_value(h), h))
            for h in empty:
                opts = []
                for uid, moves in by_unit.items():
                    if uid in used_u or ctx.hex_of(uid) in ctx.vp_cities:
                        continue
                    for m in moves:
                        if m.dest == h:
                            sc, parts = ctx.score(uid, h, m.path)
                            opts.append((bases[uid] - sc, uid, m, parts))
                if opts:
                    _, uid, m, parts = min(opts, key=lambda o: (o[0], o[1]))
                    used_u.add(uid)
                    used_h.add(h)
                    plan.append((m, f"{uid} {hex_name(ctx.hex_of(uid))}→{hex_name(h)}: garrisons "
                                 f"{ctx.board.describe(h)}, which the enemy could otherwise walk into (5.0)"))
        if ctx.phase.kind == "armor_rail" and "combat" in ctx.rules.camp.postures["phases"].get(
                ctx.state.extra.get("posture", {}).get(ctx.side), ()):
            plan += self._strike_plan(ctx, by_unit, bases, used_u, used_h)
        pinned = set()
        if ctx.phase.kind == "movement":  # a garrison the enemy could otherwise walk past stays
            pinned = {u for u in by_unit if ctx.hex_of(u) in ctx.vp_cities | {ctx.rules.moscow}
                      and ctx.hex_of(u) in ctx.foe_walk}
        for g, m, parts in cands:
            if m.unit in used_u or m.dest in used_h or m.unit in pinned:
                continue
            used_u.add(m.unit)
            used_h.add(m.dest)
            plan.append((m, move_reason(ctx, m.unit, m.dest, parts)))
        if not plan:
            return Decision(A.EndPhase())
        m, why = plan.pop(0)
        self._plan = (_after(fp, m, ctx), plan)
        return Decision(m, why)

    def _strike_plan(self, ctx: Ctx, by_unit: dict, bases: dict, used_u: set, used_h: set) -> list:
        """8.1, 9.0, 5.0: before our combat phase, mass armor next to the enemy-held VP cities
        whose loss moves the count (on the last turn, when one more enemy unit eliminated
        would level or tip the "fewer eliminated" count, next to any enemy unit). Each target
        gets the group of units that can reach a free neighbour this phase (strongest first)
        whose odds, less what the movers give up elsewhere, are worth most; one unit at a
        time would rarely line up good odds."""
        plan = []
        targets = sorted((e for e in ctx.vp_cities | {ctx.rules.moscow}
                          if e in ctx.foe_hexes and ctx.state.control.get(e) == ctx.foe),
                         key=lambda e: (-ctx.city_value(e), e))
        if ctx.final and _count_delta(ctx, 0, 1) > 0:
            # 5.0: on the last turn one more enemy unit eliminated levels or tips the count.
            targets += sorted((e for e in ctx.foe_hexes if e not in targets),
                              key=lambda e: (ctx.state.units[ctx.at[e]].steps, ctx.dfn(ctx.at[e]), e))
        for e in targets:
            foe = ctx.at[e]
            here = [u for n in ctx.board.adjacent(e) if (u := ctx.at.get(n)) in ctx.mine_set]
            free = [n for n in ctx.board.adjacent(e) if n in ctx.board.terrain and n not in ctx.at and n not in used_h]
            opts = []  # (attack, unit, its moves next to e best first, with what each gives up)
            for uid, moves in by_unit.items():
                if uid in used_u or uid in here:
                    continue
                best: dict[Hex, tuple[float, A.Move]] = {}
                for m in moves:
                    if m.dest in free:
                        sc, _ = ctx.score(uid, m.dest, m.path)
                        if m.dest not in best or sc > best[m.dest][0]:
                            best[m.dest] = (sc, m)
                if best:
                    ranked = sorted(((bases[uid] - sc, m) for sc, m in best.values()), key=lambda o: (o[0], o[1].dest))
                    opts.append((ctx.att(uid), uid, ranked))
            opts.sort(key=lambda o: (-o[0], o[1]))
            group, taken, att, cost = [], set(), sum(ctx.att(u) for u in here), 0.0
            best_v = self._strike_value(ctx, e, foe, att, here, [ctx.hex_of(u) for u in here]) if here else 0.0
            best_k = 0
            for a, uid, ranked in opts:
                pick = next(((c, m) for c, m in ranked if m.dest not in taken), None)
                if pick is None or len(here) + len(group) >= 6:
                    continue
                c, m = pick
                group.append((uid, m))
                taken.add(m.dest)
                att += a
                cost += max(0.0, c)
                v = self._strike_value(ctx, e, foe, att, here + [u for u, _ in group],
                                       [ctx.hex_of(u) for u in here] + [m.dest for _, m in group]) - cost
                if v > best_v:
                    best_v, best_k = v, len(group)
            if best_v < 1.0:
                continue
            used_u.update(here)  # those already next to it stay for the attack
            strength = sum(ctx.att(u) for u in here) + sum(ctx.att(u) for u, _ in group[:best_k])
            for uid, m in group[:best_k]:
                used_u.add(uid)
                used_h.add(m.dest)
                plan.append((m, f"{uid} {hex_name(ctx.hex_of(uid))}→{hex_name(m.dest)}: masses on "
                             f"{ctx.board.describe(e)}{', held by the enemy' if e in ctx.vp_cities else ''}: "
                             f"{strength:g} strength points against {ctx.dfn(foe):g} attack it this turn (9.0, 5.0)"))
        return plan

    def _strike_value(self, ctx: Ctx, e: Hex, foe: str, att: float, attackers: list, hexes: list) -> float:
        """What an attack of strength ``att`` from ``hexes`` on the VP city ``e`` is worth: the
        city back when the defender leaves it (9.3: a DR in a major city may be taken as Stand
        Fast, which empties it only when the defender has one step), his losses, less our own
        (EX, AL)."""
        shift = ctx.shift_at(e, ctx.foe)
        kinds = [ctx.board.side_kinds(h, e) for h in hexes]
        if kinds and all("major_river" in k for k in kinds):
            shift -= 2  # 9.2: every attacker across a major river
        elif kinds and all(k & {"river", "major_river"} for k in kinds):
            shift -= 1  # 9.2: every attacker across a river
        p = quick_dist(ctx.rules.crt, att, ctx.dfn(foe), shift, T.MIN_ODDS, T.MAX_ODDS)
        one_step = ctx.state.units[foe].steps <= 1
        place = ctx.board.place_at(e)
        sf = place is not None and place.kind == "major_city" and not one_step
        leave = p.get("DE", 0) + p.get("DRL", 0) + p.get("EX", 0) + (0.0 if sf else p.get("DR", 0))
        astep = min(ctx.step_value(u) for u in attackers)
        kill = p.get("DE", 0) * (ctx.value(foe) + KILL * VP) + (p.get("DRL", 0) + p.get("EX", 0)) * ctx.step_value(foe)
        own = (p.get("EX", 0) + p.get("AL", 0)) * astep * (FINAL_OWN_LOSS if ctx.final else 1.0)
        city = ctx.city_value(e) if e in ctx.vp_cities or e == ctx.rules.moscow else 0.0
        if ctx.final:
            # 5.0: the count after the last turn: his unit eliminated, ours lost in an EX or AL
            # when every attacker is down to one step.
            dies = p.get("DE", 0) + (p.get("DRL", 0) + p.get("EX", 0) if one_step else 0.0)
            kill += dies * VP * _count_delta(ctx, 0, 1)
            if all(ctx.state.units[u].steps <= 1 for u in attackers):
                own += (p.get("EX", 0) + p.get("AL", 0)) * VP * -_count_delta(ctx, 1, 0)
        return leave * city + kill - own

    # ------------------------------------------------------------ combat (9.0)
    def battle_value(self, ctx: Ctx, target: Hex, attackers, bo: BattleOdds, offensive: bool) -> float:
        foe = ctx.at[target]
        v, st = ctx.value(foe) + KILL * VP, ctx.step_value(foe)
        astep = min(ctx.step_value(u) for u in attackers)
        city = ctx.city_value(target) if target in ctx.vp_cities or target == ctx.rules.moscow else 0.0
        if ctx.so is not None and target == ctx.so:
            city += VP
        place = ctx.board.place_at(target)
        sf = place is not None and place.kind == "major_city"  # 9.3: a DR there may be taken as Stand Fast
        fort = ctx.rules.fort_active(ctx.state, target, ctx.foe)  # 9.3: DR/DRL may be taken as EX
        trap = _trapped(ctx, target)
        g = {"DE": v + city, "NE": 0.0, "AL": -astep}
        g["DR"] = trap * v + (1 - trap) * 1.0 + city
        g["DRL"] = st + trap * v + (1 - trap) * 1.0 + city
        g["EX"] = st + (1 - trap) * 1.0 + city - astep
        if sf:
            g["DR"] = min(g["DR"], st)
        if fort:
            g["DR"], g["DRL"] = min(g["DR"], g["EX"]), min(g["DRL"], g["EX"])
        if ctx.final:
            # 5.0: after the last turn only the count matters: our steps weigh little, an
            # Offensive marker kept is worth nothing, and a unit eliminated on either side
            # is worth what it does to the "fewer units eliminated" VP.
            for r in ("AL", "EX"):
                g[r] += (1 - FINAL_OWN_LOSS) * astep
            one = ctx.state.units[foe].steps <= 1  # a step lost eliminates it
            s = ctx.spec(foe)
            n = ctx.state.units[foe].steps
            owed = s.defense(n) - (s.defense(n - 1) if n > 1 else 0)  # 9.3 EX: his step's defence points
            ex_dead = _exchange_dead(ctx, attackers, owed)
            al_dead = int(all(ctx.state.units[u].steps <= 1 for u in attackers))

            def count(ours_k: int, kill: float) -> float:
                return VP * (kill * _count_delta(ctx, ours_k, 1) + (1 - kill) * _count_delta(ctx, ours_k, 0))
            g["DE"] += count(0, 1.0)
            g["DR"] += count(0, trap) if not sf else count(0, float(one))
            g["DRL"] += count(0, 1.0 if one else trap)
            g["EX"] += count(ex_dead, 1.0 if one else trap)
            g["AL"] += count(al_dead, 0.0)
        val = sum(p * g.get(r, 0.0) for r, p in bo.p.items())
        marker = 0.0 if ctx.final else MARKER
        return val - 0.05 * sum(ctx.att(u) for u in attackers) - (marker if offensive else 0.0)

    def _combat(self, ctx: Ctx, acts: list) -> Decision:
        best, best_v, best_bo = None, MIN_ATTACK, None
        for a in acts:
            if isinstance(a, Offensive):
                bo = battle_odds(ctx.rules, ctx.state, a.target, a.attackers, (a.lead, a.support))
                off = True
            elif isinstance(a, A.Attack):
                bo = battle_odds(ctx.rules, ctx.state, a.target, a.attackers)
                off = False
            else:
                continue
            if bo is None or bo.odds.no_effect:
                continue
            v = self.battle_value(ctx, a.target, a.attackers, bo, off)
            if v > best_v:
                best, best_v, best_bo = a, v, bo
        if best is not None:
            return Decision(best, battle_reason(ctx, best.target, best_bo, best))
        res = [a for a in acts if isinstance(a, A.Resolve)]
        if res:
            def key(r: A.Resolve):
                b = ctx.rules.battle(ctx.state, r.target)
                live = ctx.rules.live_attackers(ctx.state, b)
                off = (b.lead, ctx.rules.live_support(ctx.state, b)) if b.lead else None
                bo = battle_odds(ctx.rules, ctx.state, r.target, live, off) if live and ctx.at.get(r.target) else None
                return (-(bo.p_leave if bo else 0.0), r.target)
            r = min(res, key=key)
            return Decision(r, f"resolves {hex_name(r.target)} first: the likeliest to succeed, its advance may cut others' retreats")
        return Decision(A.EndPhase())

    # ------------------------------------------------------------ battle sub-steps
    def _st_roll(self, ctx: Ctx, acts: list) -> Decision:
        return Decision(acts[0])

    def _st_mud_roll(self, ctx: Ctx, acts: list) -> Decision:
        return Decision(acts[0])

    def _st_result_choice(self, ctx: Ctx, acts: list) -> Decision:
        """9.3 Stand Fast / fortification: the defender picks the result that costs least."""
        st = ctx.state.stage
        uid = ctx.at[st.target]
        res = st.get("result")
        vals = {}
        # A one-step unit that takes the step is eliminated, the hex is empty and the
        # attacker may advance (9.0): the city is lost as surely as with a retreat.
        dies = ctx.state.units[uid].steps <= 1
        for a in acts:
            r = a.value.upper()
            city = ctx.city_value(st.target) if st.target in ctx.vp_cities else 0.3
            if r == "SF":
                vals[a] = ctx.step_value(uid) + (city + 0.5 if dies else 0.0)
            elif r == "DR":
                vals[a] = city + _trapped(ctx, st.target, for_side=ctx.side) * ctx.value(uid) + 0.5
            elif r == "DRL":
                vals[a] = city + ctx.step_value(uid) + 0.5
            elif r == "EX":
                atk = [u for u in st.get("attackers") if ctx.state.units[u].where == ON_MAP]
                vals[a] = (city + 0.5 if dies else 0.0) + ctx.step_value(uid) - (min(ctx.step_value(u) for u in atk) if atk else 0)
            else:
                vals[a] = 0.0
        a = min(acts, key=lambda a: (vals[a], a.value))
        return Decision(a, f"takes {a.value.upper()} instead of {res} (9.3): it costs us least" if a.value.upper() != res
                        else f"takes the {res} as rolled (9.3)")

    def _st_defender_loss(self, ctx: Ctx, acts: list) -> Decision:
        a = min(acts, key=lambda a: (ctx.step_value(a.unit), a.unit))
        return Decision(a, f"{a.unit} takes the step loss (9.3)")

    _st_attacker_loss = _st_defender_loss

    def _st_exchange_loss(self, ctx: Ctx, acts: list) -> Decision:
        owed = ctx.state.stage.get("owed")

        def lost(uid: str) -> float:
            u = ctx.state.units[uid]
            s = ctx.spec(uid)
            return s.attack(u.steps) - (s.attack(u.steps - 1) if u.steps > 1 else 0)

        cover = [a for a in acts if lost(a.unit) >= owed]
        a = (min(cover, key=lambda a: (ctx.step_value(a.unit), a.unit)) if cover
             else max(acts, key=lambda a: (lost(a.unit) / max(0.1, ctx.step_value(a.unit)), a.unit)))
        return Decision(a, f"{a.unit} pays the exchange ({owed:g} points owed, 9.3)")

    def _st_retreat(self, ctx: Ctx, acts: list) -> Decision:
        """We retreat the enemy (9.3): into our zones if we may, away from his cities."""
        st = ctx.state.stage
        uid = st.get("units")[0]
        opts = {p.hexes: p for p in ctx.rules.retreat_options(ctx.state, st, uid)}

        def score(a: A.Retreat):
            p = opts.get(a.path)
            s = 0.0
            if p is not None:
                s += 100 if p.ends_in_ezoc else 3 * p.ezoc_entered
                if p.end not in ctx.board:
                    s -= 1.0  # off the map: it comes back as a replacement
            end = a.path[-1]
            if end in ctx.board:
                s += 0.5 * sum(1 for n in ctx.board.adjacent(end) if n in ctx.at and ctx.at[n] in ctx.mine_set)
                s -= 2.0 if end in ctx.vp_cities else 0.0
                s -= 1.0 if end in ctx.board.terrain and ctx.board.terrain[end] in T.DEFENSE_SHIFT_TERRAIN else 0.0
            return (s, tuple(a.path))

        a = max(acts, key=score)
        p = opts.get(a.path)
        why = ("into our zone of control: it is eliminated (9.3)" if p is not None and p.ends_in_ezoc
               else "the most exposed way allowed")
        return Decision(a, f"retreats {uid} to {hex_name(a.path[-1])}: {why}")

    def _st_advance(self, ctx: Ctx, acts: list) -> Decision:
        t = ctx.state.stage.target
        best, best_g, parts_b = A.Advance(None), 0.0, None
        for a in acts:
            if a.unit is None:
                continue
            s0, _ = ctx.score(a.unit, ctx.hex_of(a.unit))
            s1, parts = ctx.score(a.unit, t, (t,))
            if s1 - s0 > best_g:
                best, best_g, parts_b = a, s1 - s0, parts
        if best.unit is None:
            return Decision(best, "does not advance: it is better placed where it is")
        return Decision(best, f"advances into {hex_name(t)} (9.0): " + move_reason(ctx, best.unit, t, parts_b))

    def _st_overstack(self, ctx: Ctx, acts: list) -> Decision:
        a = min(acts, key=lambda a: (ctx.value(a.unit), a.unit))
        return Decision(a, f"removes {a.unit}, the weakest of the overstacked hex (8.2.2)")


def _trapped(ctx: Ctx, target: Hex, for_side: str | None = None) -> float:
    """Rough chance a unit retreating from ``target`` finds no hex two away outside the attacker's zone."""
    dside = ctx.rules.side(ctx.at[target]) if target in ctx.at else ctx.foe
    aside = ctx.rules.enemy(dside)
    zoc = ctx.rules.zoc(ctx.state, aside)
    blocked = ctx.rules.side_hexes(ctx.state, aside)
    edge = ctx.rules.edge_of(dside)
    ok = 0
    for n in ctx.board.adjacent(target):
        if n in blocked:
            continue
        if n in edge:
            return 0.0
        for m in ctx.board.adjacent(n):
            if m != target and m not in blocked and m not in zoc and distance(m, target) == 2:
                if n not in zoc:
                    return 0.0
                ok = 1
    return 0.5 if ok else 1.0


def _elim_swing(ctx: Ctx, k: int) -> int:
    """VP the "fewer units eliminated" award (5.0) moves against us if ``k`` more of ours are eliminated."""
    return -_count_delta(ctx, k, 0)


def _count_delta(ctx: Ctx, ours_k: int, theirs_k: int) -> int:
    """VP the "fewer units eliminated" award (5.0) moves our way if ``ours_k`` more of our units
    and ``theirs_k`` more of the enemy's go to the Eliminated box (from -2 to +2)."""
    def box(side: str) -> int:
        return sum(1 for u in ctx.state.units.values() if u.where == ELIMINATED and ctx.rules.side(u.id) == side)

    def ours(m: int, t: int) -> int:  # +1: we have fewer in the box, -1: they have
        return (m < t) - (m > t)
    m, t = box(ctx.side), box(ctx.foe)
    back = _rebuilds_left(ctx, ctx.foe)  # 10.0: what he brings back before the count leaves the box
    return ours(m + ours_k, max(0, t + theirs_k - back)) - ours(m, max(0, t - back))


def _rebuilds_left(ctx: Ctx, side: str) -> int:
    """On the last turn, how many eliminated units ``side`` can still bring back before the
    count (10.0: one replacement point a unit, back reduced) — his replacement phase of the
    last turn not yet played; his posture's modifier counted once it is known (10.6)."""
    order = list(T.TURN_PHASES)
    phase = f"{side}_replacement"
    if not ctx.final or ctx.state.phase not in order or order.index(phase) <= order.index(ctx.state.phase):
        return 0
    pts = ctx.rules.points_for(ctx.state, side)
    return max(0, pts["irp"]) + max(0, pts["arp"])


def _exchange_dead(ctx: Ctx, attackers, owed: float) -> int:
    """How many of ``attackers`` an exchange owing ``owed`` strength points eliminates (9.3),
    paid the way ``_st_exchange_loss`` pays it."""
    steps = {u: ctx.state.units[u].steps for u in attackers}

    def lost(uid: str) -> float:
        s = ctx.spec(uid)
        n = steps[uid]
        return s.attack(n) - (s.attack(n - 1) if n > 1 else 0)

    def sv(uid: str) -> float:
        s = ctx.spec(uid)
        n = steps[uid]
        return (s.attack(n) + s.defense(n) - (s.attack(n - 1) + s.defense(n - 1) if n > 1 else 0)) / 2

    dead = 0
    while owed > 0:
        live = [u for u in attackers if steps[u] > 0]
        if not live:
            break
        cover = [u for u in live if lost(u) >= owed]
        u = (min(cover, key=lambda u: (sv(u), u)) if cover else max(live, key=lambda u: (lost(u) / max(0.1, sv(u)), u)))
        owed -= lost(u)
        steps[u] -= 1
        dead += steps[u] == 0
    return dead


def _parse(s: str) -> Hex:
    from ...core.hexgrid import parse_hex

    return parse_hex(s)


def _after(fp: tuple, m: A.Move, ctx: Ctx) -> tuple:
    """The fingerprint the position will have once ``m`` is played."""
    turn, phase, units = fp
    return (turn, phase, tuple(sorted((i, m.dest if i == m.unit else h, s, w) for i, h, s, w in units)))


# ====================================================================== greedy baseline
class KurskGreedy:
    """A simple baseline: Engage when it can, attack at the best odds on offer (1:1 or better),
    march every unit toward the nearest VP city it does not hold; other choices the first legal one."""

    name = "greedy"

    def choose(self, game: Game, side: str) -> Decision:
        acts = game.legal_actions()
        if len(acts) == 1:
            return Decision(acts[0])
        ctx = Ctx(game, side)
        st = ctx.state.stage
        if st is not None:
            return Decision(acts[0])  # losses, retreats: the first; advance: the first unit
        kind = ctx.phase.kind
        if kind == "posture":
            order = ctx.rules.postures()
            return Decision(max((a for a in acts if isinstance(a, A.Choose)), key=lambda a: order.index(a.value)))
        if kind in ("setup", "replacement"):
            return Decision(next((a for a in acts if not isinstance(a, A.EndPhase)), acts[0]))
        if kind == "combat":
            best, bk = None, (-1, 0)
            for a in acts:
                if isinstance(a, (A.Attack, Offensive)):
                    off = (a.lead, a.support) if isinstance(a, Offensive) else None
                    bo = battle_odds(ctx.rules, ctx.state, a.target, a.attackers, off)
                    if bo is None or bo.odds.no_effect:
                        continue
                    k = (bo.odds.final_index, -len(a.attackers))
                    if k > bk:
                        best, bk = a, k
            if best is not None:
                return Decision(best)
            res = [a for a in acts if isinstance(a, A.Resolve)]
            return Decision(res[0] if res else A.EndPhase())
        if kind in ("armor_rail", "movement"):
            field = ctx.city_field
            by_unit: dict[str, list[A.Move]] = {}
            for a in acts:
                if isinstance(a, A.Move):
                    by_unit.setdefault(a.unit, []).append(a)
            for uid in sorted(by_unit):
                here = ctx.hex_of(uid)
                if here in ctx.vp_cities and ctx.state.control.get(here) == side:
                    continue  # a garrison stays
                now = field.get(here, 99)
                m = min(by_unit[uid], key=lambda m: (field.get(m.dest, 99), m.dest))
                if field.get(m.dest, 99) < now - 1e-9:
                    return Decision(m)
            return Decision(A.EndPhase())
        return Decision(acts[0])
