"""The computer player for Objective: Kiev.

No search: every decision scores the legal options with cheap, explainable figures
and takes the best one (the figures are worked out by ``ctx.Ctx``).

- Battles are valued with the combat results table: the chance of each result at the
  odds the rules would give (``Belief.estimate``), times what the result is worth
  (strength points lost by each side, a city taken, a defender with no way out).
- Moves are chosen one unit at a time: for every unit and every hex it can reach, the
  change in a position score (cities taken on the way, attacks it makes possible, the
  expected loss if the enemy attacks it there with everything that can reach it, a
  city left open, the distance still to go). The best positive change is played;
  when none is left the phase ends.
- The Axis must take every city, so it marches and attacks; the Soviets need only
  keep a few cities, so they weigh losses heavily, garrison cities they can hold and
  retake cities on the last turn.
"""
from __future__ import annotations

import math

from ...core import actions as A
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_name
from ...core.position import Position
from ...core.units import ARRIVING, ON_MAP
from ...games.objective_kiev import tables as T
from ..player import Decision
from .ctx import REAR_TURNS, WALKIN_TOP, Ctx
from .explain import attack_reason, move_reason, support_reason


# ====================================================================== player
class KievPlayer:
    """The computer player for Objective: Kiev, either side."""

    name = "ai"

    def choose(self, game: Game, side: str) -> Decision:
        pos = Position(game, side)
        acts = pos.legal_actions()
        if not acts:
            raise ValueError("nothing to decide: the game is over")
        ctx = Ctx(pos)
        if len(acts) == 1:
            return Decision(acts[0])
        st = ctx.facts.stage
        if st is not None:
            handler = {"roll": self._roll, "defender_loss": self._loss, "exchange_loss": self._exchange,
                       "attacker_loss": self._loss, "retreat": self._retreat, "advance": self._advance,
                       "overstack": self._overstack}[st.kind]
            return handler(ctx, acts)
        kind = ctx.phase.kind
        if kind == "setup":
            return self._setup(ctx, acts)
        if kind == "buildup":
            return self._buildup(ctx, acts)
        if kind in ("movement", "special"):
            return self._move(ctx, acts)
        if kind == "combat":
            return self._combat(ctx, acts)
        return Decision(acts[0])

    # ------------------------------------------------------------- set-up (6.0)
    def _setup(self, ctx: Ctx, acts: list) -> Decision:
        places = [a for a in acts if isinstance(a, A.Place)]
        if not places:
            return Decision(A.EndPhase())
        if ctx.side == "axis":
            # 6.0 step 9: the Axis fights before it moves, so set up for the turn-1 battles.
            dec = self._setup_for_battles(ctx, places)
            if dec is not None:
                return dec
        best, best_s = places[0], -math.inf
        for a in places:
            s = self._setup_score(ctx, a)
            if s > best_s:
                best, best_s = a, s
        return Decision(best, f"sets up {best.unit} at {ctx.board.describe(best.hex)}")

    def _setup_for_battles(self, ctx: Ctx, places: list[A.Place]) -> Decision | None:
        def cls(uid: str) -> tuple:
            sp = ctx.facts.spec(uid)
            return (ctx.facts.setup_group(uid), sp.values, sp.kind, sp.nation, sp.size)

        hexes_for: dict[tuple, set[Hex]] = {}
        listed: dict[tuple, str] = {}
        for a in places:
            hexes_for.setdefault(cls(a.unit), set()).add(a.hex)
            listed.setdefault(cls(a.unit), a.unit)
        avail: dict[str, frozenset[Hex]] = {}
        for u in ctx.facts.units():
            if ctx.facts.side_of(u.id) != "axis":
                continue
            if u.where == ON_MAP:
                avail[u.id] = frozenset({u.map_hex})
            elif cls(u.id) in hexes_for:
                avail[u.id] = frozenset(hexes_for[cls(u.id)])
        plan = ctx.make_plan(avail)
        best = None
        for uid, (t, n, share) in plan.items():
            if ctx.facts.unit(uid).where == ON_MAP:
                continue
            a = A.Place(listed[cls(uid)], n)
            if a in places and (best is None or share > best[0]):
                best = (share, a, t)
        if best is None:
            return None
        share, a, t = best
        return Decision(a, f"sets up {a.unit} at {ctx.board.describe(a.hex)} to attack {hex_name(t)} on turn 1")

    def _setup_score(self, ctx: Ctx, a: A.Place) -> float:
        h = a.hex
        spec = ctx.facts.spec(a.unit)
        crosses = ctx.board.hexes_marked("black_cross")
        if ctx.side == "soviet":
            # Armies (the strong units) face the Polish crosses, where the Axis can attack on turn 1.
            threat = sum(2.0 if x not in ctx.facts.romania else 0.7 for x in crosses if _near(h, x, 1))
            threat += sum(0.5 for x in crosses if _near(h, x, 2))
            city = 1.0 if h in ctx.board.places or any(n in ctx.board.places for n in ctx.board.adjacent(h)) else 0.0
            terrain = 0.8 if ctx.board.terrain[h] in T.DEFENSE_SHIFT_TERRAIN else 0.0
            weight = ctx.facts.defense(a.unit)
            return weight * (threat + city + terrain) - (0.01 * h.col)
        # Axis: where this unit adds most to a turn-1 attack (units are placed, then fight: 6.0 step 9).
        p, _ = ctx.prep(a.unit, h)
        stack = len(ctx.units_at(h))
        return p - 0.05 * ctx.objective_distance(a.unit, h) + (0.2 if spec.kind == "tank" else 0) - 0.3 * stack

    # ------------------------------------------------------ build-up (11.0, 12.0)
    def _buildup(self, ctx: Ctx, acts: list) -> Decision:
        arrivals = [a for a in acts if isinstance(a, A.Place) and ctx.facts.unit(a.unit).where == ARRIVING]
        if arrivals:
            a, s, parts = max(((a,) + ctx.position_score(a.unit, a.hex, (a.hex,)) for a in arrivals),
                              key=lambda x: (x[1], x[0].unit, x[0].hex))
            return Decision(a, f"{a.unit} arrives at {ctx.board.describe(a.hex)} (11.0): "
                            + move_reason(ctx, a.unit, a.hex, parts))
        best: A.Restore | A.Place | None
        best, best_s, why = None, 0.0, ""
        for a in acts:
            if isinstance(a, A.Restore):
                u = ctx.facts.unit(a.unit)
                gain = ctx.b.step_value(a.unit)  # the step it gets back
                # Restoring a unit in danger also lowers what it may lose.
                s = gain * (1.3 if u.hex is not None and any(n in ctx.foe_hexes for n in ctx.board.adjacent(u.hex))
                            else 1.0)
                if s > best_s:
                    best, best_s, why = a, s, f"restores {a.unit} to full strength (+{gain:g} points, 12.0)"
            elif isinstance(a, A.Place):
                spec = ctx.facts.spec(a.unit)
                step = (spec.attack(1) + spec.defense(1)) / 2
                pos, parts = ctx.position_score(a.unit, a.hex, (a.hex,))
                s = step + 0.5 * pos + 2.0  # a unit back on the map also adds a zone of control
                if ctx.walkin is not None and ctx.turn >= ctx.last_turn - REAR_TURNS:
                    s += ctx.walkin_gain(a.unit, a.hex, ())  # e.g. the garrison of an open city behind the front
                if s > best_s:
                    best, best_s = a, s
                    why = (f"rebuilds {a.unit} at {ctx.board.describe(a.hex)} (12.0): "
                           + move_reason(ctx, a.unit, a.hex, parts))
        if best is not None:
            return Decision(best, why)
        return Decision(A.EndPhase())

    # ------------------------------------------------------------ movement (9.0)
    def _move(self, ctx: Ctx, acts: list) -> Decision:
        prep = ctx.phase.id in ("axis_movement", "soviet_special")
        by_unit: dict[str, list[A.Move]] = {}
        for a in acts:
            if isinstance(a, A.Move):
                by_unit.setdefault(a.unit, []).append(a)
        cands: list[tuple[float, A.Move, dict]] = []
        for uid in sorted(by_unit):
            here = ctx.map_hex(uid)
            base, _ = ctx.position_score(uid, here, (), prep)
            for m in by_unit[uid]:
                if ctx.facts.overstacks(m.dest, uid):
                    continue  # 8.2: never end a phase overstacked
                s, parts = ctx.position_score(uid, m.dest, m.path, prep)
                cands.append((s - base, m, parts))
        if ctx.walkin is not None and ctx.turn >= ctx.last_turn - REAR_TURNS:
            # Late on, re-score the best moves with where the Soviets could really walk in
            # next turn: our zones of control stop them and bar their edge to arrivals.
            cands.sort(key=lambda c: -c[0])
            for i, (g, m, parts) in enumerate(cands[:WALKIN_TOP]):
                w = ctx.walkin_gain(m.unit, m.dest, m.path)
                parts["walkin"] = w
                cands[i] = (g + w, m, parts)
        best, best_gain, best_parts = None, 0.3, None
        for gain, m, parts in cands:
            if gain > best_gain + 1e-9:
                best, best_gain, best_parts = m, gain, parts
        if best is None:
            return Decision(A.EndPhase())
        return Decision(best, f"{best.unit} {hex_name(ctx.map_hex(best.unit))}→{hex_name(best.dest)}: "
                        + move_reason(ctx, best.unit, best.dest, best_parts))

    # -------------------------------------------------------------- combat (10.0)
    def _combat(self, ctx: Ctx, acts: list) -> Decision:
        attacks = [a for a in acts if isinstance(a, A.Attack)]
        if attacks:
            declared = len(ctx.facts.battles())
            sup = 1 if ctx.side == "axis" and len(ctx.view["support_available"]) > declared else 0
            best, best_s, best_est, best_sup = None, ctx.w.min_attack, None, 0
            for a in attacks:
                grp = tuple((u, ctx.map_hex(u)) for u in a.attackers)
                dfn = ctx.units_at(a.target)
                trapped = ctx.trapped(a.target)
                for k in range(sup + 1):
                    est = ctx.estimate(a.target, grp, k)
                    v = ctx.battle_value(est, a.target, a.attackers, dfn, trapped, ctx.side)
                    if ctx.side == "axis":
                        v += ctx.threat_lift(a.target, est)  # the threat it lifts from our garrisons
                    # Use no more force than needed: every attacker is a unit not attacking
                    # elsewhere; and an air marker used here is missing elsewhere.
                    s = v - 0.04 * sum(ctx.facts.attack(u) for u in a.attackers) - 0.5 * k
                    if s > best_s:
                        best, best_s, best_est, best_sup = a, s, est, k
            if best is not None:
                assert best_est is not None  # set with ``best``
                marker = ctx.view["support_available"][0] if best_sup else None
                return Decision(best, attack_reason(ctx, best, best_est, marker))
        resolves = [a for a in acts if isinstance(a, A.Resolve)]
        if resolves:
            # Surest battles first: their advances can close the retreat routes of the others.
            def key(r: A.Resolve):
                b = ctx.facts.battle(r.target)
                est = ctx.estimate(r.target, tuple((u, ctx.map_hex(u)) for u in b.attackers
                                                   if ctx.facts.unit(u).where == ON_MAP))
                return (-est.p_success, r.target)
            r = min(resolves, key=key)
            return Decision(r, f"resolves {hex_name(r.target)} first: the likeliest to succeed")
        return Decision(A.EndPhase())

    def _roll(self, ctx: Ctx, acts: list) -> Decision:
        st = ctx.facts.stage
        assert st is not None and st.target is not None  # choose calls it for the roll step of a battle
        rolls = [a for a in acts if isinstance(a, A.Roll)]
        plain = next(a for a in rolls if a.support is None)
        sup = [a for a in rolls if a.support]
        if not sup:
            return Decision(plain)
        atk = tuple((u, ctx.map_hex(u)) for u in st.get("attackers"))
        dfn = ctx.units_at(st.target)
        tr = ctx.trapped(st.target)
        v0 = ctx.battle_value(ctx.estimate(st.target, atk, 0), st.target, st.get("attackers"), dfn, tr, ctx.side)
        v1 = ctx.battle_value(ctx.estimate(st.target, atk, 1), st.target, st.get("attackers"), dfn, tr, ctx.side)
        gain = v1 - v0
        # Keep the marker for a later battle this turn that needs it more.
        later = []
        for b in ctx.facts.battles():
            if ctx.facts.resolved(b.target) or b.target == st.target or not ctx.units_at(b.target):
                continue
            g = [(u, ctx.map_hex(u)) for u in b.attackers if ctx.facts.unit(u).where == ON_MAP]
            if not g:
                continue
            d = ctx.units_at(b.target)
            t = ctx.trapped(b.target)
            later.append(ctx.battle_value(ctx.estimate(b.target, tuple(g), 1), b.target, [u for u, _ in g], d, t,
                                          ctx.side)
                         - ctx.battle_value(ctx.estimate(b.target, tuple(g), 0), b.target, [u for u, _ in g], d, t,
                                            ctx.side))
        better_later = sum(1 for g in later if g > gain)
        if gain > 0.2 and better_later < len(sup):
            marker = sup[0].support
            assert marker is not None  # ``sup`` holds the rolls with a marker
            return Decision(sup[0], support_reason(ctx, st.target, st.get("attackers"), marker, gain))
        return Decision(plain)

    # --------------------------------------------------------- battle sub-steps
    def _loss(self, ctx: Ctx, acts: list) -> Decision:
        a = min(acts, key=lambda a: (ctx.b.step_value(a.unit), a.unit))
        return Decision(a, f"{a.unit} takes the step loss: the cheapest ({ctx.b.step_value(a.unit):g} points)")

    def _exchange(self, ctx: Ctx, acts: list) -> Decision:
        st = ctx.facts.stage
        assert st is not None  # choose calls it for the exchange step
        owed = st.get("owed")

        def attack_lost(uid: str) -> float:
            u = ctx.facts.unit(uid)
            s = ctx.facts.spec(uid)
            return s.attack(u.steps) - (s.attack(u.steps - 1) if u.steps > 1 else 0)

        covering = [a for a in acts if attack_lost(a.unit) >= owed]
        if covering:
            a = min(covering, key=lambda a: (ctx.b.step_value(a.unit), a.unit))
        else:
            a = max(acts, key=lambda a: (attack_lost(a.unit) / max(0.1, ctx.b.step_value(a.unit)), a.unit))
        return Decision(a, f"{a.unit} pays the exchange ({owed:g} points owed)")

    def _retreat(self, ctx: Ctx, acts: list) -> Decision:
        # We retreat the enemy: away from his cities and into our reach, never through our cities.
        def score(a: A.Retreat) -> tuple:
            end = a.path[-1]
            s = 0.0
            s -= 10 * sum(1 for h in a.path if h in ctx.board.places and ctx.facts.owner(h) == ctx.side)
            s += 1.5 * sum(1 for n in ctx.board.adjacent(end) if n in ctx.my_hexes)
            s -= 1.0 if ctx.board.terrain[end] in T.DEFENSE_SHIFT_TERRAIN else 0.0
            s -= 2.0 if end in ctx.board.places else 0.0
            return (s, tuple(a.path))

        a = max(acts, key=score)
        return Decision(a, f"retreats {a.unit} to {hex_name(a.path[-1])}: the most exposed hex allowed")

    def _advance(self, ctx: Ctx, acts: list) -> Decision:
        st = ctx.facts.stage
        assert st is not None  # choose calls it for the advance step
        t = st.target_hex  # the battle's hex
        best, best_s, best_parts = A.Advance(None), 0.0, None
        for a in acts:
            if a.unit is None:
                continue
            here = ctx.map_hex(a.unit)
            s0, _ = ctx.position_score(a.unit, here)
            s1, parts = ctx.position_score(a.unit, t, (t,))
            if s1 - s0 > best_s:
                best, best_s, best_parts = a, s1 - s0, parts
        if best.unit is None:
            return Decision(best, "stays: advancing would leave it worse placed")
        return Decision(best, f"{best.unit} advances into {hex_name(t)} (10.7): "
                        + move_reason(ctx, best.unit, t, best_parts))

    def _overstack(self, ctx: Ctx, acts: list) -> Decision:
        a = min(acts, key=lambda a: (ctx.b.unit_value(a.unit), a.unit))
        return Decision(a, f"removes {a.unit}, the weakest unit of the overstacked hex (8.2)")


def _near(a: Hex, b: Hex, d: int) -> bool:
    return distance(a, b) == d

