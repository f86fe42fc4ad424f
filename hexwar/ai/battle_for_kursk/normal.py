"""The normal computer player for Battle for Kursk (``KurskPlayer``).

It does no search: each decision scores the legal options with
cheap, explainable figures (``ctx.Ctx``, from the public ``Position`` and its
``KurskFacts`` only) and takes the best.

- What counts is the 5.0 victory-point total: major cities across the Start Line, the
  Strategic Objective (12.1), fewer units eliminated, Moscow for the Germans. A VP is
  worth ``VP`` strength points.
- Battles are valued from the rules' odds (every shift with its rule number) and the
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
  what it does to the "fewer units eliminated" VP (``Ctx.count_delta``), an exchange's cost
  is the units it eliminates (``Ctx.exchange_dead``), and after the enemy's last combat
  phase nothing of ours is at risk.
- Postures (12.0) are chosen from the public position only (the rules' ``public_state``
  scrubs the other player's secret choice): Engage when there is an attack worth making,
  otherwise Deploy, never paying Offensive markers for a step it does not need; a unit
  its negative replacement points (10.6) would eliminate is priced as part of a VP.
"""
from __future__ import annotations

import math

from ...core import actions as A
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_name, parse_hex
from ...core.units import ELIMINATED, ON_MAP
from ...games.battle_for_kursk import tables as T
from ...games.battle_for_kursk.offensive import Offensive
from ..player import Decision
from .ctx import Ctx
from .odds import BattleOdds, battle_odds, quick_dist
from .reasons import battle_reason, move_reason
from .weights import ELIM_VP, FINAL_OWN_LOSS, KILL, MARKER, MIN_ATTACK, MIN_GAIN, VP


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
        st = ctx.stage
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
        """12.0: take the posture on offer whose worth (``posture_scores``) is highest."""
        legal = {a.value: a for a in acts if isinstance(a, A.Choose) and a.what == "posture"}
        scores = self.posture_scores(ctx, legal)
        order = ctx.facts.postures()
        pick = max(scores, key=lambda p: (scores[p][0], order.index(p)))
        return Decision(legal[pick], f"posture {pick} (12.0): {scores[pick][1]}")

    def posture_scores(self, ctx: Ctx, legal: dict) -> dict[str, tuple[float, str]]:
        """12.0: each posture on offer weighed by what it grants, from the public position only:
        its worth in strength points and the words of why."""
        f = ctx.facts
        order = f.postures()
        so = f.objective
        turn1 = f.turn_number("1")
        attack = 0.0 if ctx.mud else 2.0 * self._attack_chances(ctx)  # 11.2: mud halves attacking armor
        if ctx.final and not ctx.mud:
            # 5.0: after the last turn a battle matters only for the cities it retakes.
            attack = self._attack_chances(ctx, final=True)
        open_cities = sum(1 for h in ctx.vp_cities | {ctx.moscow}
                          if ctx.control.get(h) == ctx.side and h in ctx.foe_walk and h not in ctx.at)
        sched = f.scheduled_points(ctx.side)
        scores: dict[str, tuple[float, str]] = {}
        for p, _a in legal.items():
            grants = f.posture_grants(p)
            mod = f.posture_modifier(ctx.side, p)
            v, why = 0.0, []
            if "combat" in grants:
                v += attack
                why.append(f"attacks worth {attack:.1f} on offer")
            if "movement" in grants:
                v += 3.0 + 2.0 * open_cities + (1.0 if ctx.targets else 0.0)
            if "armor_rail_movement" in grants:
                v += 1.5
            for k in ("irp", "arp"):
                net = sched[k] + mod.get(k, 0)
                v += self._points_value(ctx, k, net)
            if net_neg := [k for k in ("irp", "arp") if sched[k] + mod.get(k, 0) < 0]:
                why.append("costs " + " and ".join({"irp": "infantry", "arp": "armor"}[k] for k in net_neg)
                           + " steps (10.6)")
            cost = f.posture_cost(ctx.side, p)
            v -= marker_cost(ctx, cost)  # nothing after the last turn, nor for a marker lost anyway
            v -= 0.4 * (order.index("engage") - order.index(p))  # climbing back later costs markers
            if ctx.side == "german" and not f.german_engaged and so.face == "german":
                if ctx.turn >= turn1 and p == "engage":
                    v += VP  # 12.1: engage by turn 1 or the objective passes to the Russians
                    why.append("keeps the Strategic Objective German (12.1)")
                if ctx.turn < turn1 and p == "deploy":
                    v += 2.0  # 12.1: Deploy before the first Engage lets us move the objective
                    why.append("lets us move the Strategic Objective (12.1)")
            if so.face == ctx.side == "russian" and "russian" not in so.locked and p == "deploy":
                v += 1.0
            scores[p] = (v, "; ".join(why) or "what it grants outweighs its cost")
        return scores

    def _attack_chances(self, ctx: Ctx, final: bool = False) -> float:
        """Expected successful attacks we could make now (units next to the enemy, armor in reach);
        ``final``: their worth on the last turn, a VP city retaken or half a point elsewhere."""
        chances = cities = 0.0
        for e in ctx.foe_hexes:
            near = [u for u in ctx.mine
                    if distance(ctx.map_hex(u), e) <= (1 if ctx.spec(u).kind != "armor" else 1 + ctx.spec(u).ma // 2)]
            a = sum(sorted((ctx.att(u) for u in near), reverse=True)[:6])
            p = quick_dist(T.CRT_TABLE, a, ctx.dfn(ctx.at[e]), ctx.shift_at(e, ctx.foe), T.MIN_ODDS, T.MAX_ODDS)
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
        f = ctx.facts
        units = [u for u in f.units() if f.side_of(u.id) == ctx.side and f.point_kind(u.id) == kind]
        if net >= 0:
            usable = sum(1 for u in units
                         if u.where == ELIMINATED or (u.where == ON_MAP and u.steps < ctx.spec(u.id).max_steps))
            return 1.5 * min(net, usable)
        full = sorted(ctx.step_value(u.id) for u in units if u.where == ON_MAP and u.steps > 1)
        # 5.0: a unit eliminated tips the "fewer eliminated" VP; priced at ELIM_VP of a VP.
        weak = sorted(ctx.value(u.id) + ELIM_VP * VP + 1.0 for u in units if u.where == ON_MAP and u.steps == 1)
        costs = (full + weak)[: -net]
        if ctx.final:
            # 5.0: the count is taken at the end of this turn, so an elimination now is worth
            # exactly what it does to the "fewer eliminated" VP, and a step nothing more.
            k = max(0, -net - len(full))
            return -0.5 * sum(costs) - VP * ctx.elim_swing(k)
        return -sum(costs) - 2.0 * max(0, -net - len(costs))

    def _st_emergency(self, ctx: Ctx, acts: list) -> Decision:
        threatened = sum(1 for u in ctx.mine if ctx.threat.get(ctx.map_hex(u)))
        if threatened >= 3:
            return Decision(A.Choose("emergency", "yes"),
                            f"Emergency Reaction (12.0): {threatened} units under threat need to move")
        return Decision(A.Choose("emergency", "no"), "no Emergency Reaction: the front is quiet enough")

    def _st_objective(self, ctx: Ctx, acts: list) -> Decision:
        """12.1: put the Strategic Objective where our units get to it first."""
        mine = [ctx.map_hex(u) for u in ctx.mine]
        foes = [ctx.map_hex(u) for u in ctx.theirs]

        def key(a: A.Choose):
            h = ctx.facts.objective.hex if a.value == "stay" else parse_hex(a.value)
            dm = min((distance(h, m) for m in mine), default=99)
            df = min((distance(h, m) for m in foes), default=99)
            return (dm - 0.5 * df, a.value != "stay", a.value)

        a = min(acts, key=key)
        return Decision(a, "keeps the Strategic Objective where it is (12.1)" if a.value == "stay"
                        else f"moves the Strategic Objective to {ctx.board.describe(parse_hex(a.value))}: "
                             "nearest to our units (12.1)")

    # ------------------------------------------------------------ replacements (10.0)
    def _replacement(self, ctx: Ctx, acts: list) -> Decision:
        best: A.Restore | A.Place | None
        best, best_s, why = None, -math.inf, ""
        for a in acts:
            if isinstance(a, A.Restore):
                u = a.unit
                h = ctx.map_hex(u)
                s = (ctx.step_value(u) * (1.5 if ctx.threat.get(h) else 1.0)
                     + (1.0 if ctx.front_field.get(h, 99) <= 3 else 0))
                if s > best_s:
                    best, best_s, why = a, s, f"restores {u} to full strength (10.1): it faces the enemy"
            elif isinstance(a, A.Place):
                sc, parts = ctx.score(a.unit, a.hex, (a.hex,))
                # 5.0: a unit back from the Eliminated box no longer counts against us.
                s = 3.0 + 0.3 * sc + (KILL * VP * 3 if ctx.unit(a.unit).where == ELIMINATED else 0.0)
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
            h = ctx.map_hex(uid)
            return (h in ctx.vp_cities or h == ctx.moscow) and bool(ctx.threat.get(h))
        a = min(acts, key=lambda a: (ctx.unit(a.unit).steps <= 1, guards(a.unit),
                                     ctx.step_value(a.unit) - 0.2 * ctx.front_field.get(ctx.map_hex(a.unit), 0),
                                     a.unit))
        if ctx.unit(a.unit).steps <= 1:
            return Decision(a, f"{a.unit} takes the negative replacement (10.6): "
                               "no full-strength unit is left to take it")
        return Decision(a, f"{a.unit} takes the negative replacement (10.6): the cheapest step, "
                        "farthest from the front, and no unit is eliminated")

    # ------------------------------------------------------------ movement (8.0, 8.1)
    def _move(self, ctx: Ctx, acts: list) -> Decision:
        fp = ctx.fingerprint
        if self._plan is not None and self._plan[0] == fp and self._plan[1]:
            m, why = self._plan[1].pop(0)
            if ctx.pos.check(m) is None:
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
            base, _ = ctx.score(uid, ctx.map_hex(uid))
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
            empty = sorted((h for h in ctx.vp_cities | {ctx.moscow}
                            if ctx.control.get(h) == ctx.side and h not in ctx.at and h in ctx.foe_walk),
                           key=lambda h: (-ctx.city_value(h), h))
            for h in empty:
                opts = []
                for uid, moves in by_unit.items():
                    if uid in used_u or ctx.map_hex(uid) in ctx.vp_cities:
                        continue
                    for m in moves:
                        if m.dest == h:
                            sc, parts = ctx.score(uid, h, m.path)
                            opts.append((bases[uid] - sc, uid, m, parts))
                if opts:
                    _, uid, m, parts = min(opts, key=lambda o: (o[0], o[1]))
                    used_u.add(uid)
                    used_h.add(h)
                    plan.append((m, f"{uid} {hex_name(ctx.map_hex(uid))}→{hex_name(h)}: garrisons "
                                 f"{ctx.board.describe(h)}, which the enemy could otherwise walk into (5.0)"))
        posture = ctx.facts.posture(ctx.side)  # None before both are revealed: it grants nothing
        if ctx.phase.kind == "armor_rail" and posture is not None and "combat" in ctx.facts.posture_grants(posture):
            plan += self._strike_plan(ctx, by_unit, bases, used_u, used_h)
        pinned = set()
        if ctx.phase.kind == "movement":  # a garrison the enemy could otherwise walk past stays
            pinned = {u for u in by_unit if ctx.map_hex(u) in ctx.vp_cities | {ctx.moscow}
                      and ctx.map_hex(u) in ctx.foe_walk}
        for _g, m, parts in cands:
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
        targets = sorted((e for e in ctx.vp_cities | {ctx.moscow}
                          if e in ctx.foe_hexes and ctx.control.get(e) == ctx.foe),
                         key=lambda e: (-ctx.city_value(e), e))
        if ctx.final and ctx.count_delta(0, 1) > 0:
            # 5.0: on the last turn one more enemy unit eliminated levels or tips the count.
            targets += sorted((e for e in ctx.foe_hexes if e not in targets),
                              key=lambda e: (ctx.unit(ctx.at[e]).steps, ctx.dfn(ctx.at[e]), e))
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
            group: list[tuple[str, A.Move]]
            group, taken, att, cost = [], set(), sum(ctx.att(u) for u in here), 0.0
            best_v = self._strike_value(ctx, e, foe, att, here, [ctx.map_hex(u) for u in here]) if here else 0.0
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
                                       [ctx.map_hex(u) for u in here] + [m.dest for _, m in group]) - cost
                if v > best_v:
                    best_v, best_k = v, len(group)
            if best_v < 1.0:
                continue
            used_u.update(here)  # those already next to it stay for the attack
            strength = sum(ctx.att(u) for u in here) + sum(ctx.att(u) for u, _ in group[:best_k])
            for uid, m in group[:best_k]:
                used_u.add(uid)
                used_h.add(m.dest)
                plan.append((m, f"{uid} {hex_name(ctx.map_hex(uid))}→{hex_name(m.dest)}: masses on "
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
        p = quick_dist(T.CRT_TABLE, att, ctx.dfn(foe), shift, T.MIN_ODDS, T.MAX_ODDS)
        one_step = ctx.unit(foe).steps <= 1
        place = ctx.board.place_at(e)
        sf = place is not None and place.kind == "major_city" and not one_step
        leave = p.get("DE", 0) + p.get("DRL", 0) + p.get("EX", 0) + (0.0 if sf else p.get("DR", 0))
        astep = min(ctx.step_value(u) for u in attackers)
        kill = p.get("DE", 0) * (ctx.value(foe) + KILL * VP) + (p.get("DRL", 0) + p.get("EX", 0)) * ctx.step_value(foe)
        own = (p.get("EX", 0) + p.get("AL", 0)) * astep * (FINAL_OWN_LOSS if ctx.final else 1.0)
        city = ctx.city_value(e) if e in ctx.vp_cities or e == ctx.moscow else 0.0
        if ctx.final:
            # 5.0: the count after the last turn: his unit eliminated, ours lost in an EX or AL
            # when every attacker is down to one step.
            dies = p.get("DE", 0) + (p.get("DRL", 0) + p.get("EX", 0) if one_step else 0.0)
            kill += dies * VP * ctx.count_delta(0, 1)
            if all(ctx.unit(u).steps <= 1 for u in attackers):
                own += (p.get("EX", 0) + p.get("AL", 0)) * VP * -ctx.count_delta(1, 0)
        return leave * city + kill - own

    # ------------------------------------------------------------ combat (9.0)
    def battle_value(self, ctx: Ctx, target: Hex, attackers, bo: BattleOdds, offensive: bool) -> float:
        foe = ctx.at[target]
        v, st = ctx.value(foe) + KILL * VP, ctx.step_value(foe)
        astep = min(ctx.step_value(u) for u in attackers)
        city = ctx.city_value(target) if target in ctx.vp_cities or target == ctx.moscow else 0.0
        if ctx.so is not None and target == ctx.so:
            city += VP
        place = ctx.board.place_at(target)
        sf = place is not None and place.kind == "major_city"  # 9.3: a DR there may be taken as Stand Fast
        fort = ctx.facts.fort_active(target, ctx.foe)  # 9.3: DR/DRL may be taken as EX
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
            one = ctx.unit(foe).steps <= 1  # a step lost eliminates it
            s = ctx.spec(foe)
            n = ctx.unit(foe).steps
            owed = s.defense(n) - (s.defense(n - 1) if n > 1 else 0)  # 9.3 EX: his step's defence points
            ex_dead = ctx.exchange_dead(attackers, owed)
            al_dead = int(all(ctx.unit(u).steps <= 1 for u in attackers))

            def count(ours_k: int, kill: float) -> float:
                return VP * (kill * ctx.count_delta(ours_k, 1) + (1 - kill) * ctx.count_delta(ours_k, 0))
            g["DE"] += count(0, 1.0)
            g["DR"] += count(0, trap) if not sf else count(0, float(one))
            g["DRL"] += count(0, 1.0 if one else trap)
            g["EX"] += count(ex_dead, 1.0 if one else trap)
            g["AL"] += count(al_dead, 0.0)
        val = sum(p * g.get(r, 0.0) for r, p in bo.p.items())
        return val - 0.05 * sum(ctx.att(u) for u in attackers) - (marker_cost(ctx, 1) if offensive else 0.0)

    def _combat(self, ctx: Ctx, acts: list) -> Decision:
        best, best_v, best_bo = None, MIN_ATTACK, None
        for a in acts:
            if isinstance(a, Offensive):
                bo = battle_odds(ctx.facts, a.target, a.attackers, (a.lead, a.support))
                off = True
            elif isinstance(a, A.Attack):
                bo = battle_odds(ctx.facts, a.target, a.attackers)
                off = False
            else:
                continue
            if bo is None or bo.odds.no_effect:
                continue
            v = self.battle_value(ctx, a.target, a.attackers, bo, off)
            if v > best_v:
                best, best_v, best_bo = a, v, bo
        if best is not None:
            assert best_bo is not None  # set with ``best``
            return Decision(best, battle_reason(ctx, best.target, best_bo, best))
        res = [a for a in acts if isinstance(a, A.Resolve)]
        if res:
            def key(r: A.Resolve):
                b = ctx.facts.battle(r.target)
                live = b.attackers
                off = (b.lead, b.support) if b.lead else None
                bo = battle_odds(ctx.facts, r.target, live, off) if live and ctx.at.get(r.target) else None
                return (-(bo.p_leave if bo else 0.0), r.target)
            r = min(res, key=key)
            return Decision(r, f"resolves {hex_name(r.target)} first: the likeliest to succeed, "
                               "its advance may cut others' retreats")
        return Decision(A.EndPhase())

    # ------------------------------------------------------------ battle sub-steps
    def _st_roll(self, ctx: Ctx, acts: list) -> Decision:
        return Decision(acts[0])

    def _st_mud_roll(self, ctx: Ctx, acts: list) -> Decision:
        return Decision(acts[0])

    def _st_result_choice(self, ctx: Ctx, acts: list) -> Decision:
        """9.3 Stand Fast / fortification: the defender picks the result that costs least."""
        st = ctx.stage
        assert st is not None and st.target is not None  # choose calls it for this step of a battle
        uid = ctx.at[st.target]
        res = st.get("result")
        vals = {}
        # A one-step unit that takes the step is eliminated, the hex is empty and the
        # attacker may advance (9.0): the city is lost as surely as with a retreat.
        dies = ctx.unit(uid).steps <= 1
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
                atk = [u for u in st.get("attackers") if ctx.unit(u).where == ON_MAP]
                vals[a] = ((city + 0.5 if dies else 0.0) + ctx.step_value(uid)
                           - (min(ctx.step_value(u) for u in atk) if atk else 0))
            else:
                vals[a] = 0.0
        a = min(acts, key=lambda a: (vals[a], a.value))
        return Decision(a, f"takes {a.value.upper()} instead of {res} (9.3): it costs us least"
                        if a.value.upper() != res else f"takes the {res} as rolled (9.3)")

    def _st_defender_loss(self, ctx: Ctx, acts: list) -> Decision:
        a = min(acts, key=lambda a: (ctx.step_value(a.unit), a.unit))
        return Decision(a, f"{a.unit} takes the step loss (9.3)")

    _st_attacker_loss = _st_defender_loss

    def _st_exchange_loss(self, ctx: Ctx, acts: list) -> Decision:
        st = ctx.stage
        assert st is not None  # choose calls it for this step
        owed = st.get("owed")

        def lost(uid: str) -> float:
            u = ctx.unit(uid)
            s = ctx.spec(uid)
            return s.attack(u.steps) - (s.attack(u.steps - 1) if u.steps > 1 else 0)

        cover = [a for a in acts if lost(a.unit) >= owed]
        a = (min(cover, key=lambda a: (ctx.step_value(a.unit), a.unit)) if cover
             else max(acts, key=lambda a: (lost(a.unit) / max(0.1, ctx.step_value(a.unit)), a.unit)))
        return Decision(a, f"{a.unit} pays the exchange ({owed:g} points owed, 9.3)")

    def _st_retreat(self, ctx: Ctx, acts: list) -> Decision:
        """We retreat the enemy (9.3): into our zones if we may, away from his cities."""
        st = ctx.stage
        assert st is not None  # choose calls it for this step
        uid = st.get("units")[0]
        opts = {p.hexes: p for p in ctx.facts.retreat_options(uid)}

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
        st = ctx.stage
        assert st is not None  # choose calls it for this step
        t = st.target_hex  # the battle's hex
        best, best_g, parts_b = A.Advance(None), 0.0, None
        for a in acts:
            if a.unit is None:
                continue
            s0, _ = ctx.score(a.unit, ctx.map_hex(a.unit))
            s1, parts = ctx.score(a.unit, t, (t,))
            if s1 - s0 > best_g:
                best, best_g, parts_b = a, s1 - s0, parts
        if best.unit is None:
            return Decision(best, "does not advance: it is better placed where it is")
        assert parts_b is not None  # set with ``best``
        return Decision(best, f"advances into {hex_name(t)} (9.0): " + move_reason(ctx, best.unit, t, parts_b))

    def _st_overstack(self, ctx: Ctx, acts: list) -> Decision:
        a = min(acts, key=lambda a: (ctx.value(a.unit), a.unit))
        return Decision(a, f"removes {a.unit}, the weakest of the overstacked hex (8.2.2)")


def marker_cost(ctx: Ctx, spend: int) -> float:
    """What spending ``spend`` Offensive markers now costs, in strength points: nothing after
    the last turn (5.0), nothing for a marker the Available box would lose anyway when next
    turn's come in (4.0: never more than the cap held), ``MARKER`` for each one we would
    miss later."""
    if ctx.final or spend <= 0:
        return 0.0
    f = ctx.facts
    spare = max(0, f.offensives_available(ctx.side) + f.offensives_next_turn(ctx.side) - f.markers_cap)
    return MARKER * max(0, spend - spare)


def _trapped(ctx: Ctx, target: Hex, for_side: str | None = None) -> float:
    """Rough chance a unit retreating from ``target`` finds no hex two away outside the attacker's zone."""
    f = ctx.facts
    dside = f.side_of(ctx.at[target]) if target in ctx.at else ctx.foe
    aside = f.enemy(dside)
    zoc = f.zoc(aside)
    blocked = f.occupied_by(aside)
    edge = f.edge(dside)
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


def _after(fp: tuple, m: A.Move, ctx: Ctx) -> tuple:
    """The fingerprint the position will have once ``m`` is played."""
    turn, phase, units = fp
    return (turn, phase, tuple(sorted((i, m.dest if i == m.unit else h, s, w) for i, h, s, w in units)))
