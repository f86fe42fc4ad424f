"""The Black Wednesday computer player, the normal level (``make_player("ai", "black-wednesday")``),
docs/black-wednesday/ai.md; the easy level is ``easy.BWGreedy``.

No search: each decision scores the legal actions with the engine's own figures (``figures``,
from the position's facts) and takes the best. What it works out is kept for speed only
(``memo``): the same position always gives the same decision. What it reads and never reads:
``base``.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ...core.actions import Choose, EndPhase, Move, Place
from ...core.hexgrid import Hex, distance, hex_name, to_cube
from ...core.units import ON_MAP
from ...games.black_wednesday.verbs import Assault, Breach, Call, Mode
from ..player import Decision, as_action
from . import figures as F
from . import orders as black_wednesday_orders
from . import smoke as black_wednesday_smoke
from . import support as black_wednesday_support
from .base import BWBase, first
from .counter import counter_move
from .counter import waits_to_assault as r4_engaged
from .defence import Defence
from .goals import goals, open_hexes
from .memo import kept
from .paths import Turns, bfs, mp_dist, steps_to
from .roles import ASSAULT, FIRE, SPOT, role  # noqa: F401  (FIRE: kept importable from here)

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


GAME = "black-wednesday"


class BWPlayer(Defence, BWBase):
    """The computer player: fire with the best figures, assault and overrun when the odds pay,
    march each unit to where its role wants it, hold and refill the trenches as the Axis."""

    name = "ai"
    MIN_FIRE = 0.25      # worth (in enemy steps) below which a fire is not worth the activation
    MIN_ASSAULT = 0.12   # chance of taking the hex below which an assault is not tried

    def command(self, fx: BWFacts, side, acts) -> Decision:
        """Release every reserve (§16.8), except where each release pays the enemy (Scen. 2: a
        released Axis reserve counts as one more Krasni Bor hex for the Soviets): there only a
        company with a Soviet unit within 3 hexes of it rolls."""
        got = black_wednesday_orders.decide(fx, side, acts)  # §16: rolls and draws first
        if got is not None:
            return got
        g = goals(fx, side)
        rel = [a for a in acts if isinstance(a, Choose) and a.what == "release"]
        if side == "axis" and g.release_costs and rel:
            enemy = [u.map_hex for u in fx.on_map(fx.enemy_of(side))]
            for a in rel:
                ours = [u.map_hex for u in fx.on_map(side) if u.id.startswith(a.value + "-")]
                if any(distance(h, e) <= 3 for h in ours for e in enemy):
                    return Decision(a, f"rolls to release reserve company {a.value} (§16.8: 4-6): the enemy is "
                                       "within 3 hexes of it, worth the hex a release gives away")
            return Decision(first(acts, EndPhase), "keeps its reserves: each one released counts for the enemy "
                                                    "(scenario victory conditions)")
        return super().command(fx, side, acts)

    # --- set-up (1.10f) ------------------------------------------------------------------
    def setup(self, fx: BWFacts, side, acts) -> Decision:
        places = [a for a in acts if isinstance(a, Place)]
        if not places:
            return Decision(first(acts, EndPhase) or acts[0])
        uid = places[0].unit
        mine = [a for a in places if a.unit == uid]
        count = {h: sum(1 for u in us if fx.side_of(u.id) == side) for h, us in fx.occupied().items()}
        trench = goals(fx, side).hold  # where this side means to stand

        def score(a: Place):
            h = a.hex
            in_tr = h in trench
            # one or two units a trench hex (density costs a column at 4, §8.3); deeper is safer
            near = min((distance(h, t) for t in trench), default=0)
            return (in_tr, -count.get(h, 0), -near, h.row, -h.col)

        best = max(mine, key=score)
        label = goals(fx, side).why.get(best.hex)
        if label:
            why = f"{uid} sets up at {hex_name(best.hex)}: {label[0]}"
        else:
            why = (f"{uid} sets up in the trench at {hex_name(best.hex)} (Dug In, 1.3a, 3.1d)" if best.hex in trench
                   else f"{uid} sets up at {hex_name(best.hex)}, the hex of its area nearest the trenches")
        return Decision(best, why)

    # --- the action phase ------------------------------------------------------------------
    def action(self, fx: BWFacts, side, acts) -> Decision:
        acts = self.keep_orders(fx, side, acts)
        acts = self.avoid_markers(fx, side, acts)
        acts = self.avoid_prep(fx, side, acts)
        targets = self.targets(fx, side)
        take = goals(fx, side).take

        def weight(h: Hex) -> float:
            return 1.5 if h in take and side == "soviet" else 1.0

        support = black_wednesday_support.decide(self, fx, side, acts, weight)  # §13: missions first
        if support is not None:
            return support
        if side == "soviet" and self.comer_reach(fx, side):
            # a garrison that must set out now goes before it fires or assaults
            moves: dict[str, list[Move]] = {}
            for a in acts:
                if isinstance(a, Move):
                    moves.setdefault(a.unit, []).append(a)
            g = self.garrison(fx, side, moves, targets, urgent=True) if moves else None
            if g is not None:
                return g
        calls = acts + self.more_calls(fx, side)
        fire = self.best_fire(fx, side, calls, weight, self.MIN_FIRE)
        if side == "axis":  # the Soviet twins are the support's (missions on stacks)
            fast = black_wednesday_support.fast_fire(self, fx, side, calls, weight, fire)
            blind = black_wednesday_smoke.blind_fo(self, fx, side, calls)  # §13.8: the FO's missions
            # the smoke takes a battery's mission of the turn (§13.1): it must beat the missions
            # (an SFA or point fire on offer is still fired afterwards)
            top = fast[0] if fast is not None else (fire[0] if fire is not None and isinstance(fire[1], Call) else 0.0)
            if blind is not None and blind[0] > top:
                return blind[1]
            if fast is not None:
                return fast[1]
        if fire is not None:
            return Decision(fire[1], fire[2])
        if side == "soviet":
            laid = black_wednesday_smoke.blind_overwatch(self, fx, side, calls, targets)  # §13.8: nothing to fire
            if laid is not None:
                return laid
        hit = self.assaults(fx, side, acts, targets)
        if hit is not None:
            return hit
        mode = self.mode_change(fx, side, acts, targets)
        if mode is not None:
            return mode
        if side == "soviet":
            br = self.breach(fx, side, acts, targets)
            if br is not None:
                return br
        mv = self.best_move(fx, side, acts, targets)
        if mv is not None:
            return mv
        return Decision(first(acts, EndPhase))

    @staticmethod
    def open_objectives(fx: BWFacts, side) -> list[frozenset]:
        """For each implemented Attack order of ours, the objective hexes not yet ours (5.0:
        the last side in a hex, or an enemy unit still in it): the order is complete, and its
        units unassigned, once none is left (§16.6)."""
        enemy = fx.enemy_of(side)
        out = []
        for o in sorted(fx.orders().values(), key=lambda o: o["id"]):
            if o["side"] != side or o["type"] != "attack" or o["status"] != "implemented" or o.get("released"):
                continue
            out.append(frozenset(h for h in fx.objective(o)
                                 if fx.occupier(h) != side
                                 or any(fx.side_of(x.id) == enemy for x in fx.units_at(h))))
        return out

    def keep_orders(self, fx: BWFacts, side, acts) -> list:
        """Leave out the moves that would complete one of our Attack orders before the last
        Command Phase: a complete order ends at the next Command Phase (§3.1, §16.6) and its
        units, unassigned, may no longer assault nor fire an SFA (§16.7), so an enemy unit
        walking back into a cleared trench hex could not be thrown out. Clearing the trenches
        (decision S1-1) needs no Soviet unit in every hex: one hex never entered keeps the order."""
        if fx.turn >= fx.last_turn:
            return acts  # no Command Phase left before the count
        enemy = fx.enemy_of(side)
        # the hexes to keep aside are the empty ones: a hex the enemy holds is to be retaken
        left = [frozenset(h for h in x if not any(fx.side_of(u.id) == enemy for u in fx.units_at(h)))
                for x in self.open_objectives(fx, side)]
        left = [x for x in left if x]
        if not left:
            return acts
        # a path holding none of the objectives' first hexes cannot hold all of one (speed)
        firsts = frozenset(min(x) for x in left)
        out = [a for a in acts if not (isinstance(a, Move) and not firsts.isdisjoint(a.path)
                                       and any(x <= set(a.path) for x in left))]
        return out or acts

    MARKER_RISK = 0.3  # steps a move or a breach may cost at the barrage markers it enters

    def avoid_markers(self, fx: BWFacts, side, acts) -> list:
        """Leave out the moves and breaches that enter barrage markers costing more than
        ``MARKER_RISK`` steps: a unit entering a marked hex is attacked once at the mission's
        firepower, whichever side fired it (Decision 11), a vehicle with its AT roll (Decision
        35); a man breaching wire under a marker is mostly killed or stopped before the breach
        (1.4b B-C). The markers go at the start of their side's next Action Phase (2.4e): the
        hex is open again in a later phase. In the game's last phase, ours after the enemy's,
        nothing is saved for later."""
        marked = F.marked_hexes(fx)
        if not marked or self.last_word(fx, side):
            return acts
        out = []
        for a in acts:
            if isinstance(a, Move):
                path: tuple[Hex, ...] = a.path
            elif isinstance(a, Breach):
                path = (a.hex,)
            else:
                out.append(a)
                continue
            if marked.keys().isdisjoint(path) or F.marker_risk(fx, a.unit, path, marked)[0] < self.MARKER_RISK:
                out.append(a)
        return out or [first(acts, EndPhase) or acts[0]]

    def avoid_prep(self, fx: BWFacts, side, acts) -> list:
        """Soviets: leave out the moves that end where our own Prep Log lands next, first thing
        in our next Action Phase (2.4e: its zone at full firepower, the ring at half, a Bad
        Shoot at half on the plotted hex), costing more than ``MARKER_RISK`` steps and no less
        than where the unit stands: the log is ours and its fire strikes whoever stands there."""
        if side != "soviet":
            return acts
        boxes = fx.prep_boxes(fx.turn + 1)
        if not boxes:
            return acts
        danger = F.prep_danger(fx, boxes)
        here: dict[str, float] = {}
        out = []
        for a in acts:
            if isinstance(a, Move) and a.dest in danger:
                risk = F.prep_risk(fx, a.unit, a.dest, danger)
                if risk >= self.MARKER_RISK:
                    u = fx.units[a.unit]
                    if a.unit not in here:
                        here[a.unit] = F.prep_risk(fx, a.unit, u.map_hex, danger) if u.where == ON_MAP else 0.0
                    if risk >= here[a.unit]:
                        continue
            out.append(a)
        return out or acts

    @staticmethod
    def more_calls(fx: BWFacts, side) -> list:
        """A spotter that has called one mission this phase may call more (Decisions 19 and
        30; ``check_call`` allows it), but the legal-action list leaves out every unit that has
        acted: its further missions come from ``calls_for``, which runs the same check."""
        out = []
        for uid in sorted(fx.spotting):
            if fx.side_of(uid) == side and fx.units[uid].where == ON_MAP:
                out += [c for c in fx.calls_for(uid) if fx.check(c) is None]
        return out

    def targets(self, fx: BWFacts, side) -> frozenset[Hex]:
        """Hexes the side's units head for. Soviets: the trench hexes Axis units hold (else any
        Axis unit near the trenches, else any). Axis: the trench hexes (5.0, decision S1-1)."""
        enemy = fx.enemy_of(side)
        g = goals(fx, side)
        if side == "axis":
            return g.hold
        held = frozenset(u.map_hex for u in fx.on_map(enemy) if u.hex in g.take)
        if held:
            return held
        near = frozenset(u.map_hex for u in fx.on_map(enemy)
                         if any(distance(u.map_hex, t) <= 4 for t in g.take))
        # and the empty goal hexes the enemy could walk into, reinforcements to come included
        # (from their entry hexes): nothing held is not yet the victory (5.0)
        need = frozenset(self.guard_hexes(fx, side, self.WATCH_PHASES))
        return (near | need) or frozenset(u.map_hex for u in fx.on_map(enemy)) or g.take

    # --- assaults and overruns (§11) ---------------------------------------------------------
    @staticmethod
    def last_word(fx: BWFacts, side) -> bool:
        """Is this the game's last Action Phase, ours, with no enemy phase left before the
        count (5.0)?"""
        order = (fx.initiative_order or ("", ""))
        return fx.turn >= fx.last_turn and fx.phase == "action" and order[1] == side

    def assault_floor(self, fx: BWFacts, side) -> float:
        """The least chance to take a goal hex worth an assault: any chance at all in the
        game's last phase (the hex decides the game, nothing is saved for later), half the
        usual in the last two turns, else ``MIN_ASSAULT``."""
        if self.last_word(fx, side):
            return 0.0
        if fx.turn >= fx.last_turn - 1:
            return self.MIN_ASSAULT / 2
        return self.MIN_ASSAULT

    def assaults(self, fx: BWFacts, side, acts, targets) -> Decision | None:
        by_target: dict[Hex, list[str]] = {}
        for a in acts:
            if isinstance(a, Assault):
                by_target.setdefault(a.target, []).extend(a.units)
        best = None
        wanted = goals(fx, side).take
        floor = self.assault_floor(fx, side)
        for tgt, uids in sorted(by_target.items()):
            worth = 1.0 + (2.0 if tgt in wanted else 0.0)
            least = floor if tgt in wanted else self.MIN_ASSAULT
            if side == "soviet" and tgt not in targets:
                worth *= 0.5
            tanks = tuple(sorted(u for u in set(uids) if fx.spec(u).vehicle))
            men = tuple(sorted(u for u in set(uids) if not fx.spec(u).vehicle))
            if men:
                group = tuple(sorted(set(men) | set(tanks)))
                if fx.check(as_action(Assault(tgt, group))) is None:
                    p = F.assault_figures(fx, tgt, group)
                    win = F.assault_win(fx, p)
                    if win >= least and win > 0 and (best is None or win * worth > best[0]):
                        lines = " ".join(F.assault_lines(p)[1:]) if p else ""
                        best = (win * worth, Assault(tgt, group),
                                f"assaults {hex_name(tgt)} ({F.who(fx, tgt, side)}) with {', '.join(group)}: "
                                f"{F.pct(win)} chance to take it (attackers hold and defenders break, §11.1); {lines}")
            if tanks and fx.check(as_action(Assault(tgt, tanks))) is None:
                fire, take, ko = F.overrun_figures(fx, tgt, tanks)
                v = take * worth + fire.steps * 0.5 - ko * 1.0
                # no gun in the hex: a failed overrun costs nothing (the tanks go back, §11.2),
                # so any chance on a goal hex is worth the tanks' activation
                enough = take >= least or (ko == 0.0 and tgt in wanted)
                if enough and take > 0 and (best is None or v > best[0]):
                    best = (v, Assault(tgt, tanks),
                            f"overruns {hex_name(tgt)} ({F.who(fx, tgt, side)}) with {len(tanks)} tank(s) "
                            f"(§11.2): {fire.words()} with the +2 shock; {F.pct(take)} chance the defenders break "
                            f"and the hex is taken; {F.pct(ko)} chance a defending gun knocks a tank out first")
        if best is None:
            return None
        return Decision(as_action(best[1]), best[2])

    # --- modes (§5) ---------------------------------------------------------------------------
    def mode_change(self, fx: BWFacts, side, acts, targets) -> Decision | None:
        """A firing unit in Move Mode next to its targets goes to Fire Mode (free at the end of
        its own move, and free before it has acted, §5)."""
        hold = goals(fx, side).hold
        enemies: list | None = None  # the enemy units on the map, listed once (speed)
        for a in acts:
            if not isinstance(a, Mode) or a.mode != "fire":
                continue
            uid = a.unit
            r = role(fx, uid)
            u = fx.units[uid]
            if side == "soviet" and r == ASSAULT:
                continue
            if side == "axis" and u.hex not in hold:
                continue  # still walking to a trench: Move Mode keeps its whole MA (§5)
            if side == "axis" and r4_engaged(fx, uid):
                continue  # R4: on an Attack order next to a lost hex the enemy holds: assaults need Move Mode
            rng = max(1, fx.spec(uid).area_range)
            if r == SPOT:  # an FO calls missions from Fire Mode on any hex it sees (§13.2)
                ok = any(fx.sees_hex(u.map_hex, h) for h in targets)
            else:  # an enemy it spots within its range (§6.1, §8.2)
                if enemies is None:
                    enemies = list(fx.on_map(fx.enemy_of(side)))
                ok = any(distance(u.map_hex, e.map_hex) <= rng and fx.spots(u.map_hex, e)
                         for e in enemies)
            if side == "axis" or ok:
                return Decision(as_action(a), f"{uid} changes to Fire Mode in {hex_name(u.map_hex)}: ready to fire "
                                              + ("and to dig in (§5)" if side == "axis" else "next (§5)"))
        return None

    # --- moves (§7) ------------------------------------------------------------------------------
    def best_move(self, fx: BWFacts, side, acts, targets) -> Decision | None:
        moves = [a for a in acts if isinstance(a, Move)]
        if not moves:
            return None
        enemy_units = fx.on_map(fx.enemy_of(side))
        enemy_hexes = frozenset(u.map_hex for u in enemy_units)
        wire = frozenset(h for h in fx.wire_hexes if fx.wire_state(h) < 2)
        area = fx.area

        def passable(h: Hex) -> bool:
            return h in area and h not in enemy_hexes and h not in wire

        count = {h: sum(1 for u in us if fx.side_of(u.id) == side) for h, us in fx.occupied().items()}
        by_unit: dict[str, list[Move]] = {}
        for m in moves:
            by_unit.setdefault(m.unit, []).append(m)
        if side == "soviet":
            to_adj = self.approach(fx, targets, enemy_hexes)
            to_tgt = steps_to(fx, targets)
            threat = self.threat(fx, side)
            score = self._soviet_score(fx, to_adj, to_tgt, count, targets, enemy_hexes, threat)
        else:
            hold = goals(fx, side).hold
            free = frozenset(t for t in hold if t not in enemy_hexes)
            soviet_near = {t: min((distance(t, e) for e in enemy_hexes), default=99) for t in free}
            to_tr = bfs(fx, [t for t in free if soviet_near[t] > 1] or list(free), passable)
            score = self._axis_score(fx, to_tr, count, soviet_near, hold)
            r4 = counter_move(fx, side, by_unit, passable)  # R4: Attack orders take hexes back
            if r4 is not None:
                return r4
        if side == "soviet":
            for uid, goal, to_goal in self.blockers(fx, side):
                u = fx.units[uid]
                if uid in by_unit and not (u.where == ON_MAP and u.hex == goal):
                    here = to_goal.get(u.hex, 1e9) if u.where == ON_MAP else 1e9
                    o = fx.order_of(uid)

                    def allowed(h: Hex, o: Mapping[str, Any] | None = o) -> bool:
                        # on an Attack order a unit more than 2 hexes from the objective may not
                        # end farther from it (§16.6): step within 2 of a trench, then jump
                        return o is None or fx.near_objective(o, h) <= 2

                    m = min(by_unit[uid], key=lambda m: (m.dest != goal, not allowed(m.dest),
                                                         to_goal.get(m.dest, 1e9), m.dest))
                    stuck = u.where == ON_MAP and not allowed(u.map_hex)
                    if m.dest == goal or to_goal.get(m.dest, 1e9) < here or (stuck and allowed(m.dest)):
                        return Decision(m, f"{uid} → {hex_name(m.dest)}: heads for {hex_name(goal)}, where Axis "
                                           "reinforcements come on; a unit standing there keeps them off the map "
                                           "(§7.7: no unit enters an enemy hex)")
                by_unit.pop(uid, None)
        walk_to: list[Hex] = []
        if side == "soviet":
            held_goal = self.held_goal(fx, side)
            need = self.guard_hexes(fx, side, self.GUARD_PHASES if held_goal else self.WATCH_PHASES)
            g = self.garrison(fx, side, by_unit, targets)  # the reinforcement's hexes first
            if g is not None:
                return g
            g = self.guard(fx, side, by_unit, targets, need, held_goal)
            if g is not None:
                return g
            g = self.march(fx, side, by_unit, targets)
            if g is not None:
                return g
            free_need = [h for h in need if count.get(h, 0) == 0]
            gs = goals(fx, side)
            if not held_goal and gs.weight:
                # a scenario decided by occupation (5.0: the last side in a hex holds it), not by
                # clearing: the empty objective hexes not yet ours are to be walked into
                free_need = sorted(set(free_need) | {h for h in open_hexes(fx, side, gs)
                                                     if h not in enemy_hexes and count.get(h, 0) == 0})
            if not held_goal and free_need:
                walk_to = free_need
                # nothing held yet the enemy can still walk in: every unit but the spotters
                # walks into the nearest empty goal hex the enemy could reach (5.0)
                to_need = Turns(fx, sorted(free_need), passable, key=("walk", enemy_hexes, wire))
                plain = score
                spots: dict[str, bool] = {}  # role(fx, uid) == SPOT, once per unit (speed)

                def score(uid: str, h: Hex | None, plain=plain) -> float | None:
                    spot = spots.get(uid)
                    if spot is None:
                        spot = spots[uid] = role(fx, uid) == SPOT
                    if h is None or spot:
                        return plain(uid, h)
                    return -to_need.turns(uid, h) * 4.0
        best = None
        for uid, ms in sorted(by_unit.items()):
            u = fx.units[uid]
            here = score(uid, u.hex if u.where == ON_MAP else None)
            if here is None:
                continue
            done: dict[Hex, float | None] = {}  # moves by other paths to the same hex score alike
            for m in ms:
                dest = m.dest
                if dest in done:
                    s = done[dest]
                else:
                    s = done[dest] = score(uid, dest)
                if s is None:
                    continue
                gain = s - here
                if gain > 0.01 and (best is None or gain > best[0]):
                    best = (gain, m)
        if best is None:
            return None
        m = best[1]
        u = fx.units[m.unit]
        frm = hex_name(u.map_hex) if u.where == ON_MAP else "off the map"
        if walk_to and role(fx, m.unit) != SPOT:
            t = min(walk_to, key=lambda h: (distance(m.dest, h), h))
            label = goals(fx, side).why.get(t)
            if label:
                return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: walks to {hex_name(t)} ({distance(m.dest, t)} "
                                   f"hex(es) away), not yet ours: {label[0]} (5.0)")
            return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: walks to the empty trench hex {hex_name(t)} "
                               f"({distance(m.dest, t)} hex(es) away), which the enemy could reach: a unit standing "
                               "in it keeps it (§7.7, decision S1-1)")
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: {self._move_words(fx, m, side, targets)}")

    # no tanks to the Train Station: since BW-R9 they do not keep the 3 Recon company off
    # (measured: 95% of 40 vs random, 60% of 20 vs greedy; with 2: 90%, 50%)
    BLOCKERS = 0

    def blockers(self, fx: BWFacts, side) -> list:
        """[(tank, hex, MP map)] when an enemy reinforcement still has to come on at a named
        hex (Scen. 1: 3-Recon at the Train Station, 0900): the tanks nearest that hex go and
        stand on it. The arrival hex and time are printed on the scenario page (public)."""
        goals = set()
        for u in fx.units.values():
            if u.where == "arriving" and fx.side_of(u.id) != side and fx.entry(u.id).at:
                goals |= set(fx.entries_of(u.id))
        if not goals:
            return []
        goal = min(goals)
        enemy_hexes = frozenset(e.hex for e in fx.on_map(fx.enemy_of(side)))
        tanks = [u for u in fx.units.values() if fx.side_of(u.id) == side and fx.spec(u.id).vehicle
                 and u.where in (ON_MAP, "arriving") and fx.status(u.id) != "P"]
        if not tanks:
            return []
        s = fx.spec(tanks[0].id)
        # the same map while the enemy and the wire stay as they are: kept for the phase
        key = ("blockers", goal, enemy_hexes, s.move_class, s.ma,
               frozenset(h for h in fx.wire_hexes if fx.wire_state(h) < 2))
        memo = kept(fx, "turns")
        to_goal = memo.get(key)
        if to_goal is None:
            area, wired = fx.area, fx.wire_hexes
            to_goal = mp_dist(fx, [goal], lambda h: h in area and h not in enemy_hexes, s.move_class, s.ma,
                              lambda h: 99.0 if h in wired and fx.wire_state(h) < 2 else 0.0)
            if len(memo) > 64:
                memo.clear()
            memo[key] = to_goal
        ranked = sorted(tanks, key=lambda t: (0 if t.where == ON_MAP and t.hex == goal else 1,
                                              to_goal.get(t.map_hex, 500.0) if t.where == ON_MAP else 400.0, t.id))
        return [(t.id, goal, to_goal) for t in ranked[:self.BLOCKERS]]

    def approach(self, fx: BWFacts, targets, enemy_hexes) -> Turns:
        """Phases of movement to a hex next to a target, through wire at the price of
        breaching it (1.4b)."""
        area, wired = fx.area, fx.wire_hexes

        def ok(h: Hex) -> bool:
            return h in area and h not in enemy_hexes

        def pen(h: Hex) -> float:
            return self.WIRE_MP.get(fx.wire_state(h), 0.0) if h in wired else 0.0

        adj = {n for t in targets for n in fx.board.adjacent(t) if ok(n)}
        wire = tuple(sorted((h, fx.wire_state(h)) for h in fx.wire_hexes))
        return Turns(fx, adj or targets, ok, pen, key=("approach", enemy_hexes, wire))

    def breach(self, fx: BWFacts, side, acts, targets) -> Decision | None:
        """Breach the wire on the way to the trenches (1.4b): the wire hex nearest the targets,
        a half-breached one first (the second breach opens it)."""
        bs = [a for a in acts if isinstance(a, Breach)]
        if not bs:
            return None
        enemy_hexes = frozenset(u.hex for u in fx.on_map(fx.enemy_of(side)))
        to = self.approach(fx, targets, enemy_hexes)
        best = None
        for a in bs:
            here = to.turns(a.unit, fx.units[a.unit].map_hex)
            there = to.turns(a.unit, a.hex)
            if there >= here:
                continue
            key = (fx.wire_state(a.hex), -there, a.unit)
            if best is None or key > best[0]:
                best = (key, a)
        if best is None:
            return None
        a = best[1]
        st = fx.wire_state(a.hex)
        toward = min(targets, key=lambda t: (distance(a.hex, t), t))
        return Decision(as_action(a), f"{a.unit} breaches the wire at {hex_name(a.hex)} (1.4b): "
                                      + ("the second breach opens it for every unit" if st == 1
                                         else "the first breach; a second one opens it")
                                      + f" on the way to {hex_name(toward)}")

    def _soviet_score(self, fx: BWFacts, to_adj, to_tgt, count, targets, enemy_hexes, threat):
        big = {h: len(fx.units_at(h)) for h in targets}

        # kept per hex for the decision (many units' moves end in the same hexes); the targets'
        # cube coordinates once, for the hex distance (``distance``) without a call per pair
        seen: dict[Hex, int] = {}
        nearest: dict[Hex, int] = {}
        crowds: dict[Hex, float] = {}
        cubes = [(to_cube(t), t) for t in targets]
        enemy_cubes = [to_cube(e) for e in enemy_hexes]
        # what a unit's score reads of the unit, once per unit for the decision (speed: a
        # decision scores thousands of moves of a few dozen units)
        per_unit: dict[str, tuple[str, bool, Hex | None]] = {}
        targets_in_sight: dict[str, bool] = {}

        def sees(h: Hex) -> int:
            got = seen.get(h)
            if got is None:
                q, r, s = to_cube(h)
                got = seen[h] = max((big[t] for (tq, tr, ts), t in cubes
                                     if max(abs(q - tq), abs(r - tr), abs(s - ts)) <= 10 and fx.sees_hex(h, t)),
                                    default=0)
            return got

        def near_enemy(h: Hex) -> int:
            got = nearest.get(h)
            if got is None:  # ``distance`` to each enemy hex, by cube coordinates
                q, r, s = to_cube(h)
                got = nearest[h] = min((max(abs(q - eq), abs(r - er), abs(s - es)) for eq, er, es in enemy_cubes),
                                       default=99)
            return got

        def crowd_at(h: Hex) -> float:
            got = crowds.get(h)
            if got is None:
                got = crowds[h] = max(0, count.get(h, 0) - 2) * 0.3 + threat.get(h, 0) * self.THREAT
            return got

        def unit(uid: str) -> tuple[str, bool, Hex | None]:
            got = per_unit.get(uid)
            if got is None:
                r = role(fx, uid)
                u = fx.units[uid]
                # the hex where a unit in Fire Mode already stands (it may have a target in sight)
                firing = u.hex if fx.mode(uid) == "fire" and u.where == ON_MAP else None
                got = per_unit[uid] = (r, r == SPOT and fx.entry(uid).fo == "artillery", firing)
            return got

        def score(uid: str, h: Hex | None) -> float | None:
            r, art_fo, firing = unit(uid)
            if h is None:  # still off the map: any entry is a gain
                return -99.0
            crowd = crowd_at(h)
            if r == ASSAULT:
                return -to_adj.turns(uid, h) * 4.0 - crowd
            d = to_tgt.get(h, 60)
            if art_fo:
                # the artillery FO calls on any hex it sees (§13.2): a view of the targets from
                # three hexes or more, out of the defenders' reach
                near = near_enemy(h)
                seen = sees(h) if d <= 10 else 0
                if seen:  # the bigger the stack it sees, the better (density shifts, §8.3)
                    return 5.0 + 0.2 * min(seen, 12) - (3.0 if near < 3 else 0.0) - abs(d - 5) * 0.1 - crowd
                return -float(d)
            # direct fire needs the firer to spot its target (§6.1): dug-in men in trenches are
            # seen from two hexes away, so the firers close to two hexes (mortars spot for
            # themselves, 2.2d; the mortar FO for the 120 mm, 2.3d)
            want = 2
            if h == firing and firing is not None:
                aim = targets_in_sight.get(uid)
                if aim is None:
                    aim = targets_in_sight[uid] = bool(fx.fire_targets(uid))
                if aim:
                    return 0.0  # a target in sight already: fire, do not move
            return -float(max(0, d - want)) - (0.3 if d < want else 0.0) - crowd
        return score

    def _axis_score(self, fx: BWFacts, to_tr, count, soviet_near, hold):
        late = fx.turn >= fx.last_turn - 1

        def score(uid: str, h: Hex | None) -> float | None:
            if h is None:
                return -99.0
            u = fx.units[uid]
            if u.where == ON_MAP and u.hex in hold and h == u.hex:
                return 10.0 if count.get(h, 0) <= 3 or late else 2.0  # hold the trench
            if h in hold:
                base = 8.0 - max(0, count.get(h, 0) - 1) * 1.5
                if soviet_near.get(h, 99) <= 1:
                    base -= 3.0  # next to the enemy: an assault waits there
                return base
            return -float(to_tr.get(h, 60))
        return score

    def _move_words(self, fx: BWFacts, m: Move, side: str, targets) -> str:
        d = m.dest
        if side == "axis":
            g = goals(fx, side)
            if d in g.hold:
                if g.why.get(d):
                    return f"takes up {hex_name(d)}: {g.why[d][0]}"
                return "takes up a trench hex: the Soviets must clear every one (decision S1-1)"
            return ("heads for the nearest hex it means to hold" if g.why
                    else "heads for the nearest trench hex not next to the enemy")
        r = role(fx, m.unit)
        near = min(targets, key=lambda t: (distance(d, t), t))
        if r == ASSAULT:
            return (f"closes on {hex_name(near)} to " + ("overrun it (§11.2)" if fx.spec(m.unit).vehicle
                                                          else "assault it (§11.1)")
                    + f", {distance(d, near)} hex(es) away")
        if r == SPOT:
            return f"moves to observe {hex_name(near)} for the guns ({distance(d, near)} hexes, §13.2)"
        return (f"moves within range of {hex_name(near)} ({distance(d, near)} hexes; "
                f"range {fx.spec(m.unit).area_range}, §8.2)")
