"""The Black Wednesday computer player (``make_player("ai", "black-wednesday")``) and the
greedy baseline (``make_player("greedy", "black-wednesday")``), docs/black-wednesday/ai.md.

No search: each decision scores the legal actions with the engine's own figures
(``black_wednesday_figures``) and takes the best. The players keep no state between calls.

What they read: ``game.state`` for what ``rules.view(side)`` shows (units, modes, statuses,
wire, smoke, barrages, ammunition), the legal actions and the rules' read-only helpers. What
they never read: the dice (``game.dice``) and the Soviet Prep Log (``state.extra['prep']``),
whose targets the Axis player may not know; ``tests/ai/test_black_wednesday_ai.py`` proves
that neither changes a decision.
"""
from __future__ import annotations

import math
from collections import deque

from ...core.actions import Attack, Choose, EndPhase, Move, Place
from ...core.game import Game
from ...core.hexgrid import Hex, distance, hex_name, use_hex_ids
from ...core.units import ON_MAP
from ...games.black_wednesday.verbs import Assault, Call, Mode, PointFire
from . import figures as F
from . import orders as black_wednesday_orders
from . import support as black_wednesday_support
from .goals import goals, open_hexes
from .counter import counter_move, waits_to_assault as r4_engaged
from .speed import barrage_fire, near_occupied, reach as speed_reach, reverse_edges, setup_actions
from ..player import Decision

GAME = "black-wednesday"


def _first(acts, kind):
    return next((a for a in acts if isinstance(a, kind)), None)


class _Base:
    """What both players share: the pending owner's choices, the standing steps, the figures."""

    name = "ai"

    def choose(self, game: Game, side: str) -> Decision:
        rules = game.rules
        with use_hex_ids(rules.ids):
            st = game.state
            if st.phase in ("axis_setup", "soviet_setup") and "pending" not in st.extra:
                acts = setup_actions(rules, st, side)  # only the next unit's places (R6(c))
            else:
                acts = game.legal_actions()
            if not acts:
                return Decision(EndPhase())
            if len(acts) == 1:
                return Decision(acts[0])
            state = game.state
            if "pending" in state.extra:
                return self.pending(rules, state, side, acts)
            ph = state.phase
            if ph == "prep_log":
                end = _first(acts, EndPhase)
                return Decision(end, "keeps the historical Prep Log: it shells the first trench line in the "
                                     "opening hour (2.4, 1.10b)")
            if ph in ("axis_setup", "soviet_setup"):
                return self.setup(rules, state, side, acts)
            if ph == "command":
                return self.command(rules, state, side, acts)
            if ph == "initiative":
                return self.initiative(rules, state, side, acts)
            if ph == "clean_up":
                return Decision(_first(acts, EndPhase))
            if ph == "action":
                return self.action(rules, state, side, acts)
            return Decision(_first(acts, EndPhase) or acts[0])

    # --- overridden -------------------------------------------------------------------
    def setup(self, rules, state, side, acts) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    def action(self, rules, state, side, acts) -> Decision:  # pragma: no cover - abstract
        raise NotImplementedError

    # --- shared steps -----------------------------------------------------------------
    def command(self, rules, state, side, acts) -> Decision:
        rel = [a for a in acts if isinstance(a, Choose) and a.what == "release"]
        if rel:
            return Decision(rel[0], f"rolls to release reserve company {rel[0].value} (§16.8: 4-6): released "
                                    "units may fire and move, reserves only fire overwatch")
        return Decision(_first(acts, EndPhase))

    def initiative(self, rules, state, side, acts) -> Decision:
        # the side that acts second in the last turn has the last word on the trenches (5.0)
        last = state.turn >= rules.scen.turns
        first = rules.enemy_of(side) if last else side
        why = ("lets the enemy act first in the last turn, to have the last move before the count (5.0)"
               if last else "acts first (§3.3)")
        return Decision(Choose("first", first), why)

    def pending(self, rules, state, side, acts) -> Decision:
        p = rules.pending(state)
        vals = [a.value for a in acts]
        if p.what == "overwatch":
            return self.overwatch(rules, state, side, acts)
        if p.what == "retreat" and side == "axis":
            trench = [a for a in acts if rules.ter.is_trench(rules.ids.parse(a.value))]
            if trench:
                return Decision(trench[0], f"retreats into the trench at {trench[0].value}: the hex still counts (1.3, 5.0)")
        if p.what == "advance":
            go = [a for a in acts if a.value != "stop"]
            if go:
                return Decision(go[0], f"{go[0].value} advances into the taken hex (§11.1)")
        if p.what == "return_fire":
            go = [a for a in acts if a.value != "none"]
            if go:
                return Decision(go[0], f"returns the overwatch fire ({go[0].value}, §10)")
        pick = p.default if p.default in vals else vals[0]
        return Decision(next(a for a in acts if a.value == pick))

    def overwatch(self, rules, state, side, acts) -> Decision:
        """Fire the overwatch stack that does most to the mover (§10), or none when no stack
        does enough to be worth its fired marker."""
        mover = state.extra.get("last_mover")
        none = next((a for a in acts if a.value == "none"), acts[-1])
        if mover is None or state.units[mover].where != ON_MAP:
            return Decision(none)
        m = state.units[mover]
        best, best_v, words = None, 0.2, ""
        for a in acts:
            if a.value == "none":
                continue
            hx, _, how = a.value.partition(":")
            try:
                h = rules.ids.parse(hx)
            except Exception:
                continue
            if how == "area":
                us = [u for u in state.units_at(h) if rules.side_of(u.id) == side and not rules.status(state, u.id)
                      and rules.mode(state, u.id) == "fire"]
                fp = rules.firepower(state, us, distance(h, m.hex))
                f = F.area_fire(rules, state, m.hex, fp, "overwatch", firer_hex=h, units=[m])
                v, w = f.value, f.words()
            else:
                pv = F.pfa_figures(rules, state, how, mover)
                if pv is None:
                    continue
                v = pv["overall"] * 1.5
                w = F.pfa_words(pv, how, mover)
            if v > best_v:
                best, best_v, words = a, v, w
        if best is None:
            return Decision(none, f"holds fire at {mover}: no stack has a worthwhile shot (§10)")
        return Decision(best, f"overwatch at {mover} in {hex_name(m.hex)}: {words}")

    # --- figures ------------------------------------------------------------------------
    def fire_options(self, rules, state, side, acts, weight) -> list[tuple[float, object, str]]:
        """Every SFA, PFA and HE mission the legal actions offer, with its worth in enemy steps
        (``weight(hex)`` weighs targets) and its reason."""
        out = []
        for a in acts:
            if isinstance(a, Attack):
                f = F.sfa_figures(rules, state, a.target, a.attackers)
                if f.fp < 1:
                    continue
                v = f.value * weight(a.target)
                who = a.attackers[0] if len(a.attackers) == 1 else f"{len(a.attackers)} units of {hex_name(state.units[a.attackers[0]].hex)}"
                out.append((v, a, f"{who} fires on {hex_name(a.target)} ({_who(rules, state, a.target, side)}): "
                                  f"{f.words()} (§8)"))
            elif isinstance(a, PointFire):
                p = F.pfa_figures(rules, state, a.firer, a.target)
                if p is None:
                    continue
                tgt = state.units[a.target]
                v = p["overall"] * (1.5 if p["vehicle"] else 0.8) * weight(tgt.hex)
                out.append((v, a, "point fire: " + F.pfa_words(p, a.firer, a.target)))
            elif isinstance(a, Call) and a.ammo == "he":
                p = F.call_figures(rules, state, a)
                if p is None:
                    continue
                fp, radius = F.barrage_fp(rules, side, a.artillery, a.fast)
                gain, own = 0.0, 0.0
                for h, us, d in near_occupied(rules, state, a.target, radius + 1):  # kept per state (speed)
                    pw = fp if d <= radius else fp // 2
                    f = barrage_fire(rules, state, h, pw)
                    if any(rules.side_of(u.id) == side for u in us):
                        own += f.value
                    else:
                        gain += f.value * weight(h)
                v = p["good"] * (gain - 2 * own) - 0.35  # a round of ammunition is worth keeping
                if own > 0:
                    v -= 1.0  # a bad shoot scatters: never next to our own men
                out.append((v, a, f"calls {a.artillery} on {hex_name(a.target)} ({_who(rules, state, a.target, side)}): "
                                  f"{F.call_words(a, p)}; {fp} firepower on the hex"
                                  + (" and half on the ring" if radius == 0 else " and the hexes around it")))
        return out


def _who(rules, state, h: Hex, side: str) -> str:
    us = [u.id for u in state.units_at(h) if rules.side_of(u.id) != side]
    return ", ".join(us[:3]) + (f" and {len(us) - 3} more" if len(us) > 3 else "")


def _mp_dist(rules, sources, passable, cls: str, ma: int, penalty=None) -> dict[Hex, float]:
    """MP from each hex to the nearest source for a unit of movement class ``cls`` (§7.1
    costs, prohibited terrain respected; ``penalty(h)`` adds to entering h, e.g. wire still
    to breach); Dijkstra over the play area."""
    import heapq

    dist = {h: 0.0 for h in sources}
    heap = [(0.0, h.col, h.row, h) for h in sources]
    heapq.heapify(heap)
    rev = reverse_edges(rules, cls, ma)  # step costs from n into h, built once (speed)
    while heap:
        d, _, _, h = heapq.heappop(heap)
        if d > dist.get(h, 1e9):
            continue
        for n, c in rev.get(h, ()):  # from n into h: the way the unit walks
            if not passable(n):
                continue
            nd = d + c + (penalty(h) if penalty is not None else 0.0)
            if nd < dist.get(n, 1e9):
                dist[n] = nd
                heapq.heappush(heap, (nd, n.col, n.row, n))
    return dist


def _bfs(rules, sources, passable) -> dict[Hex, int]:
    """Hex steps from the nearest source over passable hexes (the sources always count)."""
    dist = {h: 0 for h in sources}
    q = deque(sources)
    while q:
        h = q.popleft()
        for n in rules.board.adjacent(h):
            if n not in dist and passable(n):
                dist[n] = dist[h] + 1
                q.append(n)
    return dist


def _reach(rules, start: Hex, cls: str, ma: int, budget: float, blocked, terminal=None) -> dict[Hex, float]:
    """MP a unit of movement class ``cls`` spends from ``start`` to each hex it can reach
    within ``budget`` MP (§7.1 costs; ``blocked(h)``: hexes it may not enter; ``terminal(h)``:
    hexes counted as reached but not walked through)."""
    import heapq

    if isinstance(blocked, frozenset):  # a set of hexes: the kept answers (speed)
        return speed_reach(rules, start, cls, ma, budget, blocked)
    dist = {start: 0.0}
    heap = [(0.0, start.col, start.row, start)]
    while heap:
        d, _, _, h = heapq.heappop(heap)
        if d > dist.get(h, 1e9):
            continue
        for n in rules.board.adjacent(h):
            if n not in rules.area or blocked(n):
                continue
            c = rules.ter.step_cost(h, n, cls, ma)
            if c is None:
                continue
            nd = d + c
            if nd <= budget and nd < dist.get(n, 1e9):
                dist[n] = nd
                if terminal is None or not terminal(n):
                    heapq.heappush(heap, (nd, n.col, n.row, n))
    return dist


class _Turns:
    """Phases of movement from a hex to the nearest source, per movement class (lazy)."""

    def __init__(self, rules, sources, passable, penalty=None, key=None) -> None:
        self.rules, self.sources, self.passable, self.maps = rules, list(sources), passable, {}
        self.penalty = penalty
        # ``key``: everything ``passable`` and ``penalty`` depend on (besides the sources); with
        # it the maps are kept on the rules object, so the decisions of one phase share them
        self.key = None if key is None else (key, tuple(sorted(self.sources)))

    def turns(self, uid: str, h: Hex) -> float:
        s = self.rules.spec(uid)
        key = (s.move_class, s.ma)
        m = self.maps.get(key)
        if m is None:
            memo = self.rules.__dict__.setdefault("_ai_turns", {}) if self.key is not None else None
            full = (self.key, key)
            m = memo.get(full) if memo is not None else None
            if m is None:
                m = _mp_dist(self.rules, self.sources, self.passable, s.move_class, s.ma, self.penalty)
                if memo is not None:
                    if len(memo) > 64:
                        memo.clear()
                    memo[full] = m
            self.maps[key] = m
        return m.get(h, 60.0 * s.ma) / max(1, s.ma)


# --- roles ---------------------------------------------------------------------------------
ASSAULT, FIRE, SPOT = "assault", "fire", "spot"


def role(rules, uid: str) -> str:
    s = rules.spec(uid)
    if s.fo:
        return SPOT
    if s.vehicle or s.assault_trained:
        return ASSAULT  # tanks overrun (§11.2), assault-trained men assault (1.12)
    return FIRE


class BWPlayer(_Base):
    """The computer player: fire with the best figures, assault and overrun when the odds pay,
    march each unit to where its role wants it, hold and refill the trenches as the Axis."""

    name = "ai"
    MIN_FIRE = 0.25      # worth (in enemy steps) below which a fire is not worth the activation
    MIN_ASSAULT = 0.12   # chance of taking the hex below which an assault is not tried

    def command(self, rules, state, side, acts) -> Decision:
        """Release every reserve (§16.8), except where each release pays the enemy (Scen. 2: a
        released Axis reserve counts as one more Krasni Bor hex for the Soviets): there only a
        company with a Soviet unit within 3 hexes of it rolls."""
        got = black_wednesday_orders.decide(rules, state, side, acts)  # §16: rolls and draws first
        if got is not None:
            return got
        g = goals(rules, state, side)
        rel = [a for a in acts if isinstance(a, Choose) and a.what == "release"]
        if side == "axis" and g.release_costs and rel:
            enemy = [u.hex for u in rules.on_map(state, rules.enemy_of(side))]
            for a in rel:
                ours = [u.hex for u in rules.on_map(state, side) if u.id.startswith(a.value + "-")]
                if any(distance(h, e) <= 3 for h in ours for e in enemy):
                    return Decision(a, f"rolls to release reserve company {a.value} (§16.8: 4-6): the enemy is "
                                       "within 3 hexes of it, worth the hex a release gives away")
            return Decision(_first(acts, EndPhase), "keeps its reserves: each one released counts for the enemy "
                                                    "(scenario victory conditions)")
        return super().command(rules, state, side, acts)

    # --- set-up (1.10f) ------------------------------------------------------------------
    def setup(self, rules, state, side, acts) -> Decision:
        places = [a for a in acts if isinstance(a, Place)]
        if not places:
            return Decision(_first(acts, EndPhase) or acts[0])
        uid = places[0].unit
        mine = [a for a in places if a.unit == uid]
        count = {h: sum(1 for u in us if rules.side_of(u.id) == side) for h, us in state.occupied().items()}
        trench = goals(rules, state, side).hold  # where this side means to stand

        def score(a: Place):
            h = a.hex
            in_tr = h in trench
            # one or two units a trench hex (density costs a column at 4, §8.3); deeper is safer
            near = min((distance(h, t) for t in trench), default=0)
            return (in_tr, -count.get(h, 0), -near, h.row, -h.col)

        best = max(mine, key=score)
        label = goals(rules, state, side).why.get(best.hex)
        if label:
            why = f"{uid} sets up at {hex_name(best.hex)}: {label[0]}"
        else:
            why = (f"{uid} sets up in the trench at {hex_name(best.hex)} (Dug In, 1.3a, 3.1d)" if best.hex in trench
                   else f"{uid} sets up at {hex_name(best.hex)}, the hex of its area nearest the trenches")
        return Decision(best, why)

    # --- the action phase ------------------------------------------------------------------
    def action(self, rules, state, side, acts) -> Decision:
        acts = self.keep_orders(rules, state, side, acts)
        targets = self.targets(rules, state, side)
        take = goals(rules, state, side).take

        def weight(h: Hex) -> float:
            return 1.5 if h in take and side == "soviet" else 1.0

        support = black_wednesday_support.decide(self, rules, state, side, acts, weight)  # §13: missions first
        if support is not None:
            return support
        if side == "soviet" and self.comer_reach(rules, state, side):
            # a garrison that must set out now goes before it fires or assaults
            moves: dict[str, list[Move]] = {}
            for a in acts:
                if isinstance(a, Move):
                    moves.setdefault(a.unit, []).append(a)
            g = self.garrison(rules, state, side, moves, targets, urgent=True) if moves else None
            if g is not None:
                return g
        fires = self.fire_options(rules, state, side, acts + self.more_calls(rules, state, side), weight)
        if fires:
            v, a, why = max(fires, key=lambda x: x[0])
            if v >= self.MIN_FIRE:
                return Decision(a, why)
        hit = self.assaults(rules, state, side, acts, targets)
        if hit is not None:
            return hit
        mode = self.mode_change(rules, state, side, acts, targets)
        if mode is not None:
            return mode
        if side == "soviet":
            br = self.breach(rules, state, side, acts, targets)
            if br is not None:
                return br
        mv = self.best_move(rules, state, side, acts, targets)
        if mv is not None:
            return mv
        return Decision(_first(acts, EndPhase))

    @staticmethod
    def open_objectives(rules, state, side) -> list[frozenset]:
        """For each implemented Attack order of ours, the objective hexes not yet ours (5.0:
        the last side in a hex, or an enemy unit still in it): the order is complete, and its
        units unassigned, once none is left (§16.6)."""
        enemy = rules.enemy_of(side)
        out = []
        for o in sorted(rules.orders(state).values(), key=lambda o: o["id"]):
            if o["side"] != side or o["type"] != "attack" or o["status"] != "implemented" or o.get("released"):
                continue
            out.append(frozenset(h for h in rules.objective(o)
                                 if rules.occupier(state, h) != side
                                 or any(rules.side_of(x.id) == enemy for x in state.units_at(h))))
        return out

    def keep_orders(self, rules, state, side, acts) -> list:
        """Leave out the moves that would complete one of our Attack orders before the last
        Command Phase: a complete order ends at the next Command Phase (§3.1, §16.6) and its
        units, unassigned, may no longer assault nor fire an SFA (§16.7), so an enemy unit
        walking back into a cleared trench hex could not be thrown out. Clearing the trenches
        (decision S1-1) needs no Soviet unit in every hex: one hex never entered keeps the order."""
        if state.turn >= rules.scen.turns:
            return acts  # no Command Phase left before the count
        enemy = rules.enemy_of(side)
        # the hexes to keep aside are the empty ones: a hex the enemy holds is to be retaken
        left = [frozenset(h for h in x if not any(rules.side_of(u.id) == enemy for u in state.units_at(h)))
                for x in self.open_objectives(rules, state, side)]
        left = [x for x in left if x]
        if not left:
            return acts
        out = [a for a in acts if not (isinstance(a, Move) and any(x <= set(a.path) for x in left))]
        return out or acts

    @staticmethod
    def more_calls(rules, state, side) -> list:
        """A spotter that has called one mission this phase may call more (Decisions 19 and
        30; ``check_call`` allows it), but the legal-action list leaves out every unit that has
        acted: its further missions come from ``calls_for``, which runs the same check."""
        out = []
        for uid in sorted(state.extra.get("spotting", frozenset())):
            if rules.side_of(uid) == side and state.units[uid].where == ON_MAP:
                out += [c for c in rules.calls_for(state, uid) if rules.check(state, c) is None]
        return out

    def targets(self, rules, state, side) -> frozenset[Hex]:
        """Hexes the side's units head for. Soviets: the trench hexes Axis units hold (else any
        Axis unit near the trenches, else any). Axis: the trench hexes (5.0, decision S1-1)."""
        enemy = rules.enemy_of(side)
        g = goals(rules, state, side)
        if side == "axis":
            return g.hold
        held = frozenset(u.hex for u in rules.on_map(state, enemy) if u.hex in g.take)
        if held:
            return held
        near = frozenset(u.hex for u in rules.on_map(state, enemy)
                         if any(distance(u.hex, t) <= 4 for t in g.take))
        # and the empty goal hexes the enemy could walk into, reinforcements to come included
        # (from their entry hexes): nothing held is not yet the victory (5.0)
        need = frozenset(self.guard_hexes(rules, state, side, self.WATCH_PHASES))
        return (near | need) or frozenset(u.hex for u in rules.on_map(state, enemy)) or g.take

    # --- assaults and overruns (§11) ---------------------------------------------------------
    @staticmethod
    def last_word(rules, state, side) -> bool:
        """Is this the game's last Action Phase, ours, with no enemy phase left before the
        count (5.0)?"""
        order = state.extra.get("order", ("", ""))
        return state.turn >= rules.scen.turns and state.phase == "action" and order[1] == side

    def assault_floor(self, rules, state, side) -> float:
        """The least chance to take a goal hex worth an assault: any chance at all in the
        game's last phase (the hex decides the game, nothing is saved for later), half the
        usual in the last two turns, else ``MIN_ASSAULT``."""
        if self.last_word(rules, state, side):
            return 0.0
        if state.turn >= rules.scen.turns - 1:
            return self.MIN_ASSAULT / 2
        return self.MIN_ASSAULT

    def assaults(self, rules, state, side, acts, targets) -> Decision | None:
        by_target: dict[Hex, list[str]] = {}
        for a in acts:
            if isinstance(a, Assault):
                by_target.setdefault(a.target, []).extend(a.units)
        best = None
        wanted = goals(rules, state, side).take
        floor = self.assault_floor(rules, state, side)
        for tgt, uids in sorted(by_target.items()):
            worth = 1.0 + (2.0 if tgt in wanted else 0.0)
            least = floor if tgt in wanted else self.MIN_ASSAULT
            if side == "soviet" and tgt not in targets:
                worth *= 0.5
            tanks = tuple(sorted(u for u in set(uids) if rules.spec(u).vehicle))
            men = tuple(sorted(u for u in set(uids) if not rules.spec(u).vehicle))
            if men:
                group = tuple(sorted(set(men) | set(tanks)))
                if rules.check(state, Assault(tgt, group)) is None:
                    p = F.assault_figures(rules, state, tgt, group)
                    win = F.assault_win(rules, state, p)
                    if win >= least and win > 0 and (best is None or win * worth > best[0]):
                        lines = " ".join(F.bw_info.assault_lines(p)[1:]) if p else ""
                        best = (win * worth, Assault(tgt, group),
                                f"assaults {hex_name(tgt)} ({_who(rules, state, tgt, side)}) with {', '.join(group)}: "
                                f"{F.pct(win)} chance to take it (attackers hold and defenders break, §11.1); {lines}")
            if tanks and rules.check(state, Assault(tgt, tanks)) is None:
                fire, take, ko = F.overrun_figures(rules, state, tgt, tanks)
                v = take * worth + fire.steps * 0.5 - ko * 1.0
                # no gun in the hex: a failed overrun costs nothing (the tanks go back, §11.2),
                # so any chance on a goal hex is worth the tanks' activation
                enough = take >= least or (ko == 0.0 and tgt in wanted)
                if enough and take > 0 and (best is None or v > best[0]):
                    best = (v, Assault(tgt, tanks),
                            f"overruns {hex_name(tgt)} ({_who(rules, state, tgt, side)}) with {len(tanks)} tank(s) "
                            f"(§11.2): {fire.words()} with the +2 shock; {F.pct(take)} chance the defenders break "
                            f"and the hex is taken; {F.pct(ko)} chance a defending gun knocks a tank out first")
        if best is None:
            return None
        return Decision(best[1], best[2])

    # --- modes (§5) ---------------------------------------------------------------------------
    def mode_change(self, rules, state, side, acts, targets) -> Decision | None:
        """A firing unit in Move Mode next to its targets goes to Fire Mode (free at the end of
        its own move, and free before it has acted, §5)."""
        hold = goals(rules, state, side).hold
        for a in acts:
            if not isinstance(a, Mode) or a.mode != "fire":
                continue
            uid = a.unit
            r = role(rules, uid)
            u = state.units[uid]
            if side == "soviet" and r == ASSAULT:
                continue
            if side == "axis" and u.hex not in hold:
                continue  # still walking to a trench: Move Mode keeps its whole MA (§5)
            if side == "axis" and r4_engaged(rules, state, uid):
                continue  # R4: on an Attack order next to a lost hex the enemy holds: assaults need Move Mode
            rng = max(1, rules.spec(uid).area_range)
            if r == SPOT:  # an FO calls missions from Fire Mode on any hex it sees (§13.2)
                ok = any(rules.sees_hex(state, u.hex, h) for h in targets)
            else:  # an enemy it spots within its range (§6.1, §8.2)
                ok = any(distance(u.hex, e.hex) <= rng and rules.spots(state, u.hex, e)
                         for e in rules.on_map(state, rules.enemy_of(side)))
            if side == "axis" or ok:
                return Decision(a, f"{uid} changes to Fire Mode in {hex_name(u.hex)}: ready to fire "
                                   + ("and to dig in (§5)" if side == "axis" else "next (§5)"))
        return None

    # --- moves (§7) ------------------------------------------------------------------------------
    def best_move(self, rules, state, side, acts, targets) -> Decision | None:
        moves = [a for a in acts if isinstance(a, Move)]
        if not moves:
            return None
        enemy_units = rules.on_map(state, rules.enemy_of(side))
        enemy_hexes = frozenset(u.hex for u in enemy_units)
        wire = frozenset(h for h in rules.ter.wire if rules.wire_state(state, h) < 2)

        def passable(h: Hex) -> bool:
            return h in rules.area and h not in enemy_hexes and h not in wire

        count = {h: sum(1 for u in us if rules.side_of(u.id) == side) for h, us in state.occupied().items()}
        by_unit: dict[str, list[Move]] = {}
        for m in moves:
            by_unit.setdefault(m.unit, []).append(m)
        if side == "soviet":
            adj = {n for t in targets for n in rules.board.adjacent(t) if passable(n)}
            to_adj = self.approach(rules, state, targets, enemy_hexes)
            to_tgt = _bfs(rules, targets, lambda h: h in rules.area)
            threat = self.threat(rules, state, side)
            score = self._soviet_score(rules, state, to_adj, to_tgt, count, targets, enemy_hexes, threat)
        else:
            hold = goals(rules, state, side).hold
            free = frozenset(t for t in hold if t not in enemy_hexes)
            soviet_near = {t: min((distance(t, e) for e in enemy_hexes), default=99) for t in free}
            to_tr = _bfs(rules, [t for t in free if soviet_near[t] > 1] or list(free), passable)
            score = self._axis_score(rules, state, to_tr, count, soviet_near, hold)
            r4 = counter_move(rules, state, side, by_unit, passable)  # R4: Attack orders take hexes back
            if r4 is not None:
                return r4
        if side == "soviet":
            for uid, goal, to_goal in self.blockers(rules, state, side):
                u = state.units[uid]
                if uid in by_unit and not (u.where == ON_MAP and u.hex == goal):
                    here = to_goal.get(u.hex, 1e9) if u.where == ON_MAP else 1e9
                    o = rules.order_of(state, uid)

                    def free(h: Hex) -> bool:
                        # on an Attack order a unit more than 2 hexes from the objective may not
                        # end farther from it (§16.6): step within 2 of a trench, then jump
                        return o is None or rules.near_objective(o, h) <= 2

                    m = min(by_unit[uid], key=lambda m: (m.dest != goal, not free(m.dest),
                                                         to_goal.get(m.dest, 1e9), m.dest))
                    stuck = u.where == ON_MAP and not free(u.hex)
                    if m.dest == goal or to_goal.get(m.dest, 1e9) < here or (stuck and free(m.dest)):
                        return Decision(m, f"{uid} → {hex_name(m.dest)}: heads for {hex_name(goal)}, where Axis "
                                           "reinforcements come on; a unit standing there keeps them off the map "
                                           "(§7.7: no unit enters an enemy hex)")
                by_unit.pop(uid, None)
        walk_to: list[Hex] = []
        if side == "soviet":
            held_goal = self.held_goal(rules, state, side)
            need = self.guard_hexes(rules, state, side, self.GUARD_PHASES if held_goal else self.WATCH_PHASES)
            g = self.garrison(rules, state, side, by_unit, targets)  # the reinforcement's hexes first
            if g is not None:
                return g
            g = self.guard(rules, state, side, by_unit, targets, need, held_goal)
            if g is not None:
                return g
            g = self.march(rules, state, side, by_unit, targets)
            if g is not None:
                return g
            free_need = [h for h in need if count.get(h, 0) == 0]
            g = goals(rules, state, side)
            if not held_goal and g.weight:
                # a scenario decided by occupation (5.0: the last side in a hex holds it), not by
                # clearing: the empty objective hexes not yet ours are to be walked into
                free_need = sorted(set(free_need) | {h for h in open_hexes(rules, state, side, g)
                                                     if h not in enemy_hexes and count.get(h, 0) == 0})
            if not held_goal and free_need:
                walk_to = free_need
                # nothing held yet the enemy can still walk in: every unit but the spotters
                # walks into the nearest empty goal hex the enemy could reach (5.0)
                to_need = _Turns(rules, sorted(free_need), passable, key=("walk", enemy_hexes, wire))
                plain = score

                def score(uid: str, h: Hex | None, plain=plain) -> float | None:
                    if h is None or role(rules, uid) == SPOT:
                        return plain(uid, h)
                    return -to_need.turns(uid, h) * 4.0
        best = None
        for uid, ms in sorted(by_unit.items()):
            u = state.units[uid]
            here = score(uid, u.hex if u.where == ON_MAP else None)
            if here is None:
                continue
            for m in ms:
                s = score(uid, m.dest)
                if s is None:
                    continue
                gain = s - here
                if gain > 0.01 and (best is None or gain > best[0]):
                    best = (gain, m)
        if best is None:
            return None
        m = best[1]
        u = state.units[m.unit]
        frm = hex_name(u.hex) if u.where == ON_MAP else "off the map"
        if walk_to and role(rules, m.unit) != SPOT:
            t = min(walk_to, key=lambda h: (distance(m.dest, h), h))
            label = goals(rules, state, side).why.get(t)
            if label:
                return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: walks to {hex_name(t)} ({distance(m.dest, t)} "
                                   f"hex(es) away), not yet ours: {label[0]} (5.0)")
            return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: walks to the empty trench hex {hex_name(t)} "
                               f"({distance(m.dest, t)} hex(es) away), which the enemy could reach: a unit standing "
                               "in it keeps it (§7.7, decision S1-1)")
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: {self._move_words(rules, state, m, side, targets)}")

    BLOCKERS = 0  # no tanks to the Train Station: since BW-R9 they do not keep the 3 Recon company off (measured: 95% of 40 vs random, 60% of 20 vs greedy; with 2: 90%, 50%)

    def blockers(self, rules, state, side) -> list:
        """[(tank, hex, MP map)] when an enemy reinforcement still has to come on at a named
        hex (Scen. 1: 3-Recon at the Train Station, 0900): the tanks nearest that hex go and
        stand on it. The arrival hex and time are printed on the scenario page (public)."""
        goals = set()
        for u in state.units.values():
            if u.where == "arriving" and rules.side_of(u.id) != side and rules.entry(u.id).at:
                goals |= set(rules.entries_of(u.id))
        if not goals:
            return []
        goal = min(goals)
        enemy_hexes = frozenset(e.hex for e in rules.on_map(state, rules.enemy_of(side)))
        tanks = [u for u in state.units.values() if rules.side_of(u.id) == side and rules.spec(u.id).vehicle
                 and u.where in (ON_MAP, "arriving") and rules.status(state, u.id) != "P"]
        if not tanks:
            return []
        s = rules.spec(tanks[0].id)
        # the same map while the enemy and the wire stay as they are: kept for the phase
        key = ("blockers", goal, enemy_hexes, s.move_class, s.ma,
               frozenset(h for h in rules.ter.wire if rules.wire_state(state, h) < 2))
        memo = rules.__dict__.setdefault("_ai_turns", {})
        to_goal = memo.get(key)
        if to_goal is None:
            to_goal = _mp_dist(rules, [goal], lambda h: h in rules.area and h not in enemy_hexes, s.move_class, s.ma,
                               lambda h: 99.0 if h in rules.ter.wire and rules.wire_state(state, h) < 2 else 0.0)
            if len(memo) > 64:
                memo.clear()
            memo[key] = to_goal
        ranked = sorted(tanks, key=lambda t: (0 if t.where == ON_MAP and t.hex == goal else 1,
                                              to_goal.get(t.hex, 500.0) if t.where == ON_MAP else 400.0, t.id))
        return [(t.id, goal, to_goal) for t in ranked[:self.BLOCKERS]]

    WIRE_MP = {0: 8.0, 1: 4.0}  # wire still to breach (1.4b): two breaches, a phase each

    def approach(self, rules, state, targets, enemy_hexes) -> "_Turns":
        """Phases of movement to a hex next to a target, through wire at the price of
        breaching it (1.4b)."""
        def ok(h: Hex) -> bool:
            return h in rules.area and h not in enemy_hexes

        def pen(h: Hex) -> float:
            return self.WIRE_MP.get(rules.wire_state(state, h), 0.0) if h in rules.ter.wire else 0.0

        adj = {n for t in targets for n in rules.board.adjacent(t) if ok(n)}
        wire = tuple(sorted((h, rules.wire_state(state, h)) for h in rules.ter.wire))
        return _Turns(rules, adj or targets, ok, pen, key=("approach", enemy_hexes, wire))

    def breach(self, rules, state, side, acts, targets) -> Decision | None:
        """Breach the wire on the way to the trenches (1.4b): the wire hex nearest the targets,
        a half-breached one first (the second breach opens it)."""
        from ...games.black_wednesday.verbs import Breach

        bs = [a for a in acts if isinstance(a, Breach)]
        if not bs:
            return None
        enemy_hexes = frozenset(u.hex for u in rules.on_map(state, rules.enemy_of(side)))
        to = self.approach(rules, state, targets, enemy_hexes)
        best = None
        for a in bs:
            here = to.turns(a.unit, state.units[a.unit].hex)
            there = to.turns(a.unit, a.hex)
            if there >= here:
                continue
            key = (rules.wire_state(state, a.hex), -there, a.unit)
            if best is None or key > best[0]:
                best = (key, a)
        if best is None:
            return None
        a = best[1]
        st = rules.wire_state(state, a.hex)
        return Decision(a, f"{a.unit} breaches the wire at {hex_name(a.hex)} (1.4b): "
                           + ("the second breach opens it for every unit" if st == 1
                              else "the first breach; a second one opens it")
                           + f" on the way to {hex_name(min(targets, key=lambda t: (distance(a.hex, t), t)))}")

    GUARD_PHASES = 2  # guard the goal hexes an enemy unit could reach within two of its phases
    WATCH_PHASES = 4  # and walk toward those it could reach within four, when none is held

    def guard_hexes(self, rules, state, side, phases: int | None = None) -> dict[Hex, tuple[int, str]]:
        """The goal hexes free of enemy units that an enemy unit could walk into within
        ``phases`` (default ``GUARD_PHASES``) of its Action Phases (§7.1 costs; no unit enters a hex an enemy holds,
        §7.7): {hex: (phases, the unit)}. Counted from units outside the goal hexes, units that
        share one (one of them may step out to another) and reinforcements still to come, from
        their entry hexes (public: the scenario page). A hex one of our units stands on cannot
        be entered except by assault: that is what guarding it means; such a hex is in the map
        when the enemy could reach it were it empty (so its guard stays), but no path leads
        through it."""
        phases = phases or self.GUARD_PHASES
        take = goals(rules, state, side).take
        enemy = rules.enemy_of(side)
        ours = frozenset(u.hex for u in rules.on_map(state, side))
        held: dict[Hex, int] = {}
        for u in rules.on_map(state, enemy):
            held[u.hex] = held.get(u.hex, 0) + 1
        key = ("guard", side, phases, state.turn, state.phase, tuple(sorted(held.items())), ours,
               tuple(sorted((u.id, u.hex, u.where) for u in state.units.values() if rules.side_of(u.id) == enemy)),
               tuple(sorted(state.extra.get("status", {}).items())))
        memo = rules.__dict__.setdefault("_ai_guard", {})
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) > 32:
            memo.clear()
        out: dict[Hex, tuple[int, str]] = {}
        for u in sorted(state.units.values(), key=lambda u: u.id):
            if rules.side_of(u.id) != enemy or rules.status(state, u.id) == "P":
                continue
            if u.where == ON_MAP:
                if u.hex in take and held.get(u.hex, 0) < 2:
                    continue  # alone in a goal hex: stepping out gains the enemy nothing
                starts = [u.hex]
            elif u.where == "arriving" and rules.entry(u.id).at:
                starts = sorted(rules.entries_of(u.id))
            else:
                continue
            s = rules.spec(u.id)
            if not s.ma:
                continue
            for st in starts:  # one of ours on the entry hex only moves the entry next to it (1.10h, BW-R9)
                # a goal hex one of ours stands on counts as reached (it is the guard's to keep:
                # were the guard to leave, the enemy could walk in), but no path goes through it
                for h, mp in _reach(rules, st, s.move_class, s.ma, phases * s.ma,
                                    lambda n: n in ours and n not in take, lambda n: n in ours).items():
                    if h in take and h not in held:
                        ph = 1 + int(mp // max(1, s.ma)) if mp > 0 else 1
                        if h not in out or (ph, u.id) < out[h]:
                            out[h] = (ph, u.id)
        memo[key] = out
        return out

    def held_goal(self, rules, state, side) -> bool:
        """Does the enemy stand in any of our goal hexes (Scen. 1: a trench hex)?"""
        take = goals(rules, state, side).take
        return any(u.hex in take for u in rules.on_map(state, rules.enemy_of(side)))

    def guard(self, rules, state, side, by_unit, targets, need, held_goal) -> Decision | None:
        """Stand on the empty goal hexes the enemy could walk into (the last turns decide
        who holds them, 5.0): a unit that can reach one this phase and is not needed where it
        is (next to a held goal hex to assault it, or in Fire Mode with a target in sight) goes
        there, the nearest need first; a unit already guarding one stays (it leaves
        ``by_unit``)."""
        if not need:
            return None
        late = state.turn >= rules.scen.turns - 3
        ours: dict[Hex, list[str]] = {}
        for u in rules.on_map(state, side):
            ours.setdefault(u.hex, []).append(u.id)
        def crew(h: Hex) -> int:  # a hex the enemy reaches next phase gets two (an assault on one
            return 2 if need[h][0] <= 1 else 1  # lone unit, a tank above all, often takes it, §11.1)

        guarding = {x for h in need if h in ours
                    for x in sorted(ours[h], key=lambda x: (role(rules, x) == ASSAULT, x))[:crew(h)]}

        busy = self.engaged(rules, state, side, targets)

        def engaged(uid: str) -> bool:
            return uid in busy

        for uid in sorted(guarding):
            by_unit.pop(uid, None)  # stays on the goal hex it guards
        best = None
        for uid, ms in sorted(by_unit.items()):
            if role(rules, uid) == SPOT or engaged(uid):
                continue
            for m in ms:
                if m.dest not in need or len(ours.get(m.dest, ())) >= crew(m.dest):
                    continue
                ph, who = need[m.dest]
                if ph > 1 and held_goal and not late:
                    continue
                w = state.units[who]
                near = distance(m.dest, w.hex) if w.where == ON_MAP else 0
                key = (ph, m.dest in ours, role(rules, uid) == ASSAULT, near, m.dest, uid)
                if best is None or key < best[0]:
                    best = (key, m, who, ph)
        if best is None:
            return None
        _, m, who, ph = best
        u = state.units[m.unit]
        frm = hex_name(u.hex) if u.where == ON_MAP else "off the map"
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: stands on the empty trench hex {hex_name(m.dest)}, "
                           f"which {who} could reach in {ph} phase(s); no unit enters a hex the enemy holds (§7.7), "
                           "so only an assault could take it back (decision S1-1)")

    ENGAGE_TANKS, ENGAGE_MEN = 4, 3  # assault units kept next to each held goal hex

    def engaged(self, rules, state, side, targets) -> frozenset[str]:
        """Units needed where they are: assault units next to a held goal hex (at most
        ``ENGAGE_TANKS`` tanks and ``ENGAGE_MEN`` men a hex: the rest may guard elsewhere; an
        overrun by four tanks already has the +2 shock and four units' fire, §11.2) and units in
        Fire Mode with a target in sight."""
        take = goals(rules, state, side).take
        enemy_hexes = {u.hex for u in rules.on_map(state, rules.enemy_of(side))}
        held = sorted(t for t in targets if t in take and t in enemy_hexes)
        out: set[str] = set()
        mine = sorted(rules.on_map(state, side), key=lambda u: u.id)
        for t in held:
            near = [u.id for u in mine if distance(u.hex, t) == 1 and role(rules, u.id) == ASSAULT]
            tanks = [x for x in near if rules.spec(x).vehicle and x not in out][:self.ENGAGE_TANKS]
            men = [x for x in near if not rules.spec(x).vehicle and x not in out][:self.ENGAGE_MEN]
            out |= set(tanks) | set(men)
        for u in mine:
            if rules.mode(state, u.id) == "fire" and rules.fire_targets(state, u.id):
                out.add(u.id)
        return frozenset(out)

    MARCH_PHASES = 3  # how far ahead (enemy Action Phases) the march looks

    def march(self, rules, state, side, by_unit, targets) -> Decision | None:
        """Walk guards to the empty goal hexes the enemy could reach before the count that no
        unit of ours can reach this phase: a reinforcement due at a named hex and time (public:
        the scenario page; Scen. 1: 3 Recon company at the Train Station at 0900) from the
        turn our nearest free units must leave to be there first (their phases of movement,
        §7.1 costs, wire at its breaching price), and in the last three turns every enemy unit
        on the map. Each hex gets two guards when the enemy reaches it in one phase (or is a
        reinforcement's first reach), else one; the nearest free units go (not spotters, not
        units needed where they are)."""
        last = rules.scen.turns
        enemy = rules.enemy_of(side)
        need = self.guard_hexes(rules, state, side, self.MARCH_PHASES)
        if not need:
            return None
        late = state.turn >= last - 3
        when: dict[Hex, tuple[int, int, str]] = {}
        for h, (ph, who) in need.items():
            w = state.units[who]
            if w.where == ON_MAP:
                if not late:
                    continue
                t = state.turn + ph - 1
            else:  # in place before the enemy's phase of the turn before: it may act first then
                t = max(w.arrives + ph - 2, state.turn)
            if t <= last:
                when[h] = (t, ph, who)
        if not when:
            return None
        enemy_hexes = frozenset(u.hex for u in rules.on_map(state, enemy))
        busy = self.engaged(rules, state, side, targets)
        ours: dict[Hex, list[str]] = {}
        mine = sorted((u for u in state.units.values() if rules.side_of(u.id) == side
                       and u.where in (ON_MAP, "arriving") and role(rules, u.id) != SPOT
                       and rules.status(state, u.id) != "P"), key=lambda u: u.id)
        for u in mine:
            if u.where == ON_MAP:
                ours.setdefault(u.hex, []).append(u.id)
        standing = {x for h in when for x in ours.get(h, ())}
        free = [u for u in mine if u.id not in busy and u.id not in standing]
        wire = tuple(sorted((h, rules.wire_state(state, h)) for h in rules.ter.wire))

        def ok(h: Hex) -> bool:
            return h in rules.area and h not in enemy_hexes

        def pen(h: Hex) -> float:
            return self.WIRE_MP.get(rules.wire_state(state, h), 0.0) if h in rules.ter.wire else 0.0

        taken: set[str] = set()
        for h in sorted(when, key=lambda h: (when[h][0], h)):
            t, ph, who = when[h]
            crew = 2 if ph <= 1 or state.units[who].where != ON_MAP and ph <= 2 else 1
            have = len(ours.get(h, ()))
            if have >= crew:
                continue
            to = _Turns(rules, [h], ok, pen, key=("march", enemy_hexes, wire))

            def eta(u) -> float:
                return to.turns(u.id, u.hex) if u.where == ON_MAP else to.turns(u.id, min(rules.entries_now(state, u.id))) + 1

            cands = sorted((eta(u), u.id) for u in free if u.id not in taken)
            for tt, uid in cands[:crew - have]:
                taken.add(uid)
                left = t - state.turn + 1  # our phases before the enemy's, counting this one
                if tt > left + 1 or tt >= 40 or uid not in by_unit:
                    continue  # too far to be in time, or it has acted this phase
                if tt < left - 2:
                    continue  # time enough: it may go on with its own work a while
                u = state.units[uid]
                here = eta(u)
                m = min(by_unit[uid], key=lambda m: (to.turns(uid, m.dest), m.dest))
                if to.turns(uid, m.dest) >= here - 0.01:
                    continue
                frm = hex_name(u.hex) if u.where == ON_MAP else "off the map"
                why = (f"{who} comes on at {hex_name(min(rules.entries_of(who)))} in turn {state.units[who].arrives} "
                       "(scenario page)" if state.units[who].where != ON_MAP else f"{who} could reach it")
                return Decision(m, f"{uid} {frm}→{hex_name(m.dest)}: marches to guard the empty trench hex "
                                   f"{hex_name(h)} ({tt:.1f} phases of movement away): {why}, {ph} phase(s) from it; "
                                   "a unit standing in it keeps it, no unit enters an enemy hex (§7.7, decision S1-1)")
        return None

    GARRISON_SLACK = 1  # phases to spare: a garrison sets out this many phases before it must

    def comer_reach(self, rules, state, side) -> dict[Hex, tuple[int, int, str]]:
        """The empty goal hexes an enemy reinforcement due at a named hex (public: the scenario
        page; Scen. 1: the 3 Recon company at the Train Station at 0900, turn 10) could walk into
        before the count, come on or still to come: {hex: (our phases sure to come before it
        can be there, counting this one; its phase of movement; the unit)}. Its phase k is in
        turn ``arrival + k - 1`` (on the map: this turn when it has still to act, else the
        next); our phase in a turn is sure to come before the enemy's only in the turns before
        (initiative, §3.3) and in this one when we act first. §7.1 costs; no path through a hex
        of ours (§7.7); a goal hex one of ours stands on counts as reached were it empty."""
        last, enemy = rules.scen.turns, rules.enemy_of(side)
        comers = [u for u in sorted(state.units.values(), key=lambda u: u.id)
                  if rules.side_of(u.id) == enemy and rules.entry(u.id).at and rules.spec(u.id).ma
                  and u.where in (ON_MAP, "arriving") and rules.status(state, u.id) != "P"]
        if not comers:
            return {}  # no reinforcement due at a named hex (only Scen. 1 has one)
        take = goals(rules, state, side).take
        order = state.extra.get("order") or (side, enemy)
        first = order[0] == side
        ours = frozenset(u.hex for u in rules.on_map(state, side))
        held: dict[Hex, int] = {}
        for u in rules.on_map(state, enemy):
            held[u.hex] = held.get(u.hex, 0) + 1
        key = ("comers", side, state.turn, first, ours, tuple(sorted(held.items())),
               tuple((u.id, u.hex, u.where) for u in comers))
        memo = rules.__dict__.setdefault("_ai_guard", {})
        got = memo.get(key)
        if got is not None:
            return got
        out: dict[Hex, tuple[int, int, str]] = {}
        for u in comers:
            s = rules.spec(u.id)
            if u.where == ON_MAP:
                if u.hex in take and held.get(u.hex, 0) < 2:
                    continue  # alone in a goal hex it holds: stepping out gains it nothing
                starts, t1 = [u.hex], state.turn + (0 if first else 1)
            else:
                starts, t1 = sorted(rules.entries_of(u.id)), u.arrives
            phases = last - t1 + 1
            if phases < 1:
                continue
            for st in starts:
                for h, mp in _reach(rules, st, s.move_class, s.ma, phases * s.ma,
                                    lambda n: n in ours and n not in take, lambda n: n in ours).items():
                    if h not in take or h in held:
                        continue
                    k = 1 + int(mp // max(1, s.ma)) if mp > 0 else 1
                    tk = t1 + k - 1
                    if tk > last:
                        continue
                    left = tk - state.turn if tk > state.turn else (1 if first else 0)
                    if h not in out or (left, k, u.id) < out[h]:
                        out[h] = (left, k, u.id)
        if len(memo) > 32:
            memo.clear()
        memo[key] = out
        return out

    def garrison(self, rules, state, side, by_unit, targets, urgent: bool = False) -> Decision | None:
        """One unit of ours on every empty goal hex an enemy reinforcement could walk into
        before the count (``comer_reach``), in place before it can be there: the hexes it
        reaches soonest first, each by a free unit that can be there in time (phases of
        movement, §7.1 costs, wire at its breaching price): a tank when one can (tanks are fast
        and infantry assaulting a lone tank seldom takes its hex, §11.1; the men stay at the
        front, and go only once no goal hex is held or when tanks are too few), else the
        nearest unit; not spotters, not the two guards of a hex the enemy on the map reaches
        next phase, not men needed where they are, and a tank held next to a held goal hex only
        at the last moment (its phases of movement are all the phases left). It sets out when its
        phases of movement come within ``GARRISON_SLACK`` of the phases we are sure to have
        before the enemy's; until then it goes on with its own work. A unit on the hex it
        garrisons stays (it leaves ``by_unit``). ``urgent``: only a unit that must set out now
        (no phase to spare), asked before any fire or assault: were it to fire or join an
        overrun first, it would have acted this phase and come too late."""
        reach = self.comer_reach(rules, state, side)
        if not reach:
            return None
        enemy = rules.enemy_of(side)
        enemy_hexes = frozenset(u.hex for u in rules.on_map(state, enemy))
        busy = self.engaged(rules, state, side, targets)
        near = self.guard_hexes(rules, state, side, self.GUARD_PHASES)
        mine = [u for u in sorted(state.units.values(), key=lambda u: u.id)
                if rules.side_of(u.id) == side and u.where in (ON_MAP, "arriving")
                and role(rules, u.id) != SPOT and rules.status(state, u.id) != "P"]
        at: dict[Hex, list[str]] = {}
        for u in mine:
            if u.where == ON_MAP:
                at.setdefault(u.hex, []).append(u.id)
        # the two guards (men first) of a hex the enemy on the map reaches next phase stay (guard)
        keep = {x for h, (ph, _) in near.items() if ph <= 1 and h not in reach
                for x in sorted(at.get(h, ()), key=lambda x: (role(rules, x) == ASSAULT, x))[:2]}
        # the men go only once the trenches are clear, or when there are fewer tanks than hexes:
        # until then they are needed at the front and tanks (fast, §7.1) can be sent later
        tanks = sum(1 for u in mine if rules.spec(u.id).vehicle)
        men_go = not self.held_goal(rules, state, side) or tanks < len(reach)
        assigned: dict[str, Hex] = {}
        for h in sorted(reach):  # the unit already there keeps it (a tank first)
            if at.get(h):
                assigned[min(at[h], key=lambda x: (not rules.spec(x).vehicle, x))] = h
        wire = tuple(sorted((h, rules.wire_state(state, h)) for h in rules.ter.wire))

        def ok(h: Hex) -> bool:
            return h in rules.area and h not in enemy_hexes

        def pen(h: Hex) -> float:
            return self.WIRE_MP.get(rules.wire_state(state, h), 0.0) if h in rules.ter.wire else 0.0

        go = None
        for h in sorted(reach, key=lambda h: (reach[h], h)):
            if h in assigned.values():
                continue
            left, k, who = reach[h]
            to = _Turns(rules, [h], ok, pen, key=("march", enemy_hexes, wire))

            def eta(u) -> float:
                if u.where == ON_MAP:
                    return to.turns(u.id, u.hex)
                return to.turns(u.id, min(rules.entries_now(state, u.id) or rules.entries_of(u.id))) + 1

            cands = []
            for u in mine:
                tank = rules.spec(u.id).vehicle
                if u.id in assigned or u.id in keep or not (men_go or tank) or u.id in busy and not tank:
                    continue
                e = eta(u)
                need = math.ceil(e - 0.01)
                if u.id in busy and need < left:
                    continue  # a tank held next to a held goal hex leaves it only at the last moment
                # a tank in time first (it moves fast and infantry seldom assaults it out, §11.1);
                # the men stay at their own work unless no tank can be there in time
                cands.append((need > left, u.id in busy, not tank, need, e, u.id))
            if not cands:
                continue
            _, _, _, need, e, uid = min(cands)
            if need > left + 2 or e >= 40:
                continue  # nobody can be there in time: the guard and the march do what they can
            # (one or two phases late may still do: we may win the initiative, §3.3, and the
            # enemy may go elsewhere first)
            assigned[uid] = h
            if go is not None or need < left - (0 if urgent else self.GARRISON_SLACK) or uid not in by_unit:
                continue  # time enough (it goes on with its own work), or it has acted
            m = min(by_unit[uid], key=lambda m: (to.turns(uid, m.dest), m.dest))
            if to.turns(uid, m.dest) >= e - 0.01:
                continue
            go = (m, h, left, k, who, e)
        for uid, h in assigned.items():
            u = state.units[uid]
            if u.where == ON_MAP and u.hex == h:
                by_unit.pop(uid, None)  # it keeps the hex: nothing else moves it
        if go is None:
            return None
        m, h, left, k, who, e = go
        u = state.units[m.unit]
        w = state.units[who]
        frm = hex_name(u.hex) if u.where == ON_MAP else "off the map"
        comes = (f"{who} comes on at {hex_name(min(rules.entries_of(who)))} in turn {w.arrives} (scenario page)"
                 if w.where != ON_MAP else f"{who} is in {hex_name(w.hex)}")
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: garrisons the empty trench hex {hex_name(h)}: {comes} "
                           f"and could be in it in its phase {k} of movement; we are sure of {left} phase(s) before "
                           f"then and {m.unit} needs {e:.1f} (§7.1); no unit enters a hex the enemy holds (§7.7, "
                           "decision S1-1)")

    THREAT = 0.25  # per column of the overwatch fire a hex is open to (§10)

    def threat(self, rules, state, side) -> dict[Hex, int]:
        """For each hex, the Area Fire Table column of the overwatch the enemy's big stacks
        (in Fire Mode, neither Suppressed nor Paralyzed, 6+ firepower) could fire into it:
        their firepower at that range (§8.2) where they have line of sight (§6.2)."""
        stacks: dict[Hex, list] = {}
        for u in rules.on_map(state, rules.enemy_of(side)):
            s = rules.spec(u.id)
            if s.area_fp and not s.fo and rules.mode(state, u.id) == "fire" and not rules.status(state, u.id):
                stacks.setdefault(u.hex, []).append(u)
        # the same stacks under the same light and smoke give the same map: keep the last few
        # (a cache on the rules object, keyed by everything the map depends on)
        key = (side, state.turn, state.extra.get("weather"), tuple(sorted((state.extra.get("smoke") or {}).items())),
               frozenset(state.extra.get("illum") or ()),
               tuple(sorted((h, tuple(sorted((u.id, u.steps) for u in us))) for h, us in stacks.items())))
        memo = rules.__dict__.setdefault("_ai_threat", {})
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) > 32:
            memo.clear()
        fp: dict[Hex, float] = {}
        for h0, us in stacks.items():
            if rules.firepower(state, us, 1) < 6:
                continue
            rng = max(rules.spec(u.id).area_range for u in us)
            for h in rules.area:
                d = distance(h0, h)
                if 1 <= d <= rng and rules.sees_hex(state, h0, h):
                    fp[h] = fp.get(h, 0.0) + rules.firepower(state, us, d)
        memo[key] = out = {h: rules.t.fire_column(int(v))[0] for h, v in fp.items()}
        return out

    def _soviet_score(self, rules, state, to_adj, to_tgt, count, targets, enemy_hexes, threat):
        big = {h: len(state.units_at(h)) for h in targets}

        def sees(h: Hex) -> int:
            return max((big[t] for t in targets if distance(h, t) <= 10 and rules.sees_hex(state, h, t)), default=0)

        def score(uid: str, h: Hex | None) -> float | None:
            r = role(rules, uid)
            s = rules.spec(uid)
            if h is None:  # still off the map: any entry is a gain
                return -99.0
            crowd = max(0, count.get(h, 0) - 2) * 0.3 + threat.get(h, 0) * self.THREAT
            if r == ASSAULT:
                return -to_adj.turns(uid, h) * 4.0 - crowd
            d = to_tgt.get(h, 60)
            if r == SPOT and rules.entry(uid).fo == "artillery":
                # the artillery FO calls on any hex it sees (§13.2): a view of the targets from
                # three hexes or more, out of the defenders' reach
                near = min((distance(h, e) for e in enemy_hexes), default=99)
                seen = sees(h) if d <= 10 else 0
                if seen:  # the bigger the stack it sees, the better (density shifts, §8.3)
                    return 5.0 + 0.2 * min(seen, 12) - (3.0 if near < 3 else 0.0) - abs(d - 5) * 0.1 - crowd
                return -float(d)
            # direct fire needs the firer to spot its target (§6.1): dug-in men in trenches are
            # seen from two hexes away, so the firers close to two hexes (mortars spot for
            # themselves, 2.2d; the mortar FO for the 120 mm, 2.3d)
            want = 2
            if rules.mode(state, uid) == "fire" and state.units[uid].where == ON_MAP \
                    and h == state.units[uid].hex and rules.fire_targets(state, uid):
                return 0.0  # a target in sight already: fire, do not move
            return -float(max(0, d - want)) - (0.3 if d < want else 0.0) - crowd
        return score

    def _axis_score(self, rules, state, to_tr, count, soviet_near, hold):
        late = state.turn >= rules.scen.turns - 1

        def score(uid: str, h: Hex | None) -> float | None:
            if h is None:
                return -99.0
            u = state.units[uid]
            if u.where == ON_MAP and u.hex in hold and h == u.hex:
                return 10.0 if count.get(h, 0) <= 3 or late else 2.0  # hold the trench
            if h in hold:
                base = 8.0 - max(0, count.get(h, 0) - 1) * 1.5
                if soviet_near.get(h, 99) <= 1:
                    base -= 3.0  # next to the enemy: an assault waits there
                return base
            return -float(to_tr.get(h, 60))
        return score

    def _move_words(self, rules, state, m: Move, side: str, targets) -> str:
        d = m.dest
        if side == "axis":
            g = goals(rules, state, side)
            if d in g.hold:
                if g.why.get(d):
                    return f"takes up {hex_name(d)}: {g.why[d][0]}"
                return "takes up a trench hex: the Soviets must clear every one (decision S1-1)"
            return "heads for the nearest hex it means to hold" if g.why else "heads for the nearest trench hex not next to the enemy"
        r = role(rules, m.unit)
        near = min(targets, key=lambda t: (distance(d, t), t))
        if r == ASSAULT:
            return (f"closes on {hex_name(near)} to " + ("overrun it (§11.2)" if rules.spec(m.unit).vehicle
                                                          else "assault it (§11.1)") + f", {distance(d, near)} hex(es) away")
        if r == SPOT:
            return f"moves to observe {hex_name(near)} for the guns ({distance(d, near)} hexes, §13.2)"
        return f"moves within range of {hex_name(near)} ({distance(d, near)} hexes; range {rules.spec(m.unit).area_range}, §8.2)"
