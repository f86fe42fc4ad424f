"""Black Wednesday's computer player: holding ground (the normal level's guards, garrisons
and marches to the hexes the enemy could reach before the count; docs/black-wednesday/ai.md).
A mixin of ``normal.BWPlayer``."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from ..player import Decision
from .goals import goals
from .memo import kept
from .paths import Turns, reach
from .roles import ASSAULT, SPOT, role
from .speed import ThreatMap

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


GAME = "black-wednesday"



class Defence:
    """The guards, garrisons and marches of ``BWPlayer`` (its constants and scores come with it)."""

    WIRE_MP = {0: 8.0, 1: 4.0}  # wire still to breach (1.4b): two breaches, a phase each
    GUARD_PHASES = 2  # guard the goal hexes an enemy unit could reach within two of its phases
    WATCH_PHASES = 4  # and walk toward those it could reach within four, when none is held

    def guard_hexes(self, fx: BWFacts, side, phases: int | None = None) -> dict[Hex, tuple[int, str]]:
        """The goal hexes free of enemy units that an enemy unit could walk into within
        ``phases`` (default ``GUARD_PHASES``) of its Action Phases (§7.1 costs; no unit enters a hex an enemy holds,
        §7.7): {hex: (phases, the unit)}. Counted from units outside the goal hexes, units that
        share one (one of them may step out to another) and reinforcements still to come, from
        their entry hexes (public: the scenario page). A hex one of our units stands on cannot
        be entered except by assault: that is what guarding it means; such a hex is in the map
        when the enemy could reach it were it empty (so its guard stays), but no path leads
        through it."""
        phases = phases or self.GUARD_PHASES
        take = goals(fx, side).take
        enemy = fx.enemy_of(side)
        ours = frozenset(u.hex for u in fx.on_map(side))
        walled = frozenset(h for h in ours if h not in take)  # not entered; ``ours``: not walked through
        held: dict[Hex, int] = {}
        for u in fx.on_map(enemy):
            held[u.map_hex] = held.get(u.map_hex, 0) + 1
        key = ("guard", side, phases, fx.turn, fx.phase, tuple(sorted(held.items())), ours,
               tuple(sorted((u.id, u.hex, u.where) for u in fx.units.values() if fx.side_of(u.id) == enemy)),
               tuple(sorted(fx.statuses.items())))
        memo = kept(fx, "guard")
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) > 32:
            memo.clear()
        out: dict[Hex, tuple[int, str]] = {}
        for u in sorted(fx.units.values(), key=lambda u: u.id):
            if fx.side_of(u.id) != enemy or fx.status(u.id) == "P":
                continue
            if u.where == ON_MAP:
                if u.hex in take and held.get(u.hex, 0) < 2:
                    continue  # alone in a goal hex: stepping out gains the enemy nothing
                starts = [u.map_hex]
            elif u.where == "arriving" and fx.entry(u.id).at:
                starts = sorted(fx.entries_of(u.id))
            else:
                continue
            s = fx.spec(u.id)
            if not s.ma:
                continue
            for st in starts:  # one of ours on the entry hex only moves the entry next to it (1.10h, BW-R9)
                # a goal hex one of ours stands on counts as reached (it is the guard's to keep:
                # were the guard to leave, the enemy could walk in), but no path goes through it
                for h, mp in reach(fx, st, s.move_class, s.ma, phases * s.ma, walled, ours).items():
                    if h in take and h not in held:
                        ph = 1 + int(mp // max(1, s.ma)) if mp > 0 else 1
                        if h not in out or (ph, u.id) < out[h]:
                            out[h] = (ph, u.id)
        memo[key] = out
        return out

    def held_goal(self, fx: BWFacts, side) -> bool:
        """Does the enemy stand in any of our goal hexes (Scen. 1: a trench hex)?"""
        take = goals(fx, side).take
        return any(u.hex in take for u in fx.on_map(fx.enemy_of(side)))

    def guard(self, fx: BWFacts, side, by_unit, targets, need, held_goal) -> Decision | None:
        """Stand on the empty goal hexes the enemy could walk into (the last turns decide
        who holds them, 5.0): a unit that can reach one this phase and is not needed where it
        is (next to a held goal hex to assault it, or in Fire Mode with a target in sight) goes
        there, the nearest need first; a unit already guarding one stays (it leaves
        ``by_unit``)."""
        if not need:
            return None
        late = fx.turn >= fx.last_turn - 3
        ours: dict[Hex, list[str]] = {}
        for u in fx.on_map(side):
            ours.setdefault(u.map_hex, []).append(u.id)
        def crew(h: Hex) -> int:  # a hex the enemy reaches next phase gets two (an assault on one
            return 2 if need[h][0] <= 1 else 1  # lone unit, a tank above all, often takes it, §11.1)

        guarding = {x for h in need if h in ours
                    for x in sorted(ours[h], key=lambda x: (role(fx, x) == ASSAULT, x))[:crew(h)]}

        busy = self.engaged(fx, side, targets)

        def engaged(uid: str) -> bool:
            return uid in busy

        for uid in sorted(guarding):
            by_unit.pop(uid, None)  # stays on the goal hex it guards
        best = None
        for uid, ms in sorted(by_unit.items()):
            if role(fx, uid) == SPOT or engaged(uid):
                continue
            for m in ms:
                if m.dest not in need or len(ours.get(m.dest, ())) >= crew(m.dest):
                    continue
                ph, who = need[m.dest]
                if ph > 1 and held_goal and not late:
                    continue
                w = fx.units[who]
                near = distance(m.dest, w.map_hex) if w.where == ON_MAP else 0
                key = (ph, m.dest in ours, role(fx, uid) == ASSAULT, near, m.dest, uid)
                if best is None or key < best[0]:
                    best = (key, m, who, ph)
        if best is None:
            return None
        _, m, who, ph = best
        u = fx.units[m.unit]
        frm = hex_name(u.map_hex) if u.where == ON_MAP else "off the map"
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: stands on the empty trench hex {hex_name(m.dest)}, "
                           f"which {who} could reach in {ph} phase(s); no unit enters a hex the enemy holds (§7.7), "
                           "so only an assault could take it back (decision S1-1)")

    ENGAGE_TANKS, ENGAGE_MEN = 4, 3  # assault units kept next to each held goal hex

    def engaged(self, fx: BWFacts, side, targets) -> frozenset[str]:
        """Units needed where they are: assault units next to a held goal hex (at most
        ``ENGAGE_TANKS`` tanks and ``ENGAGE_MEN`` men a hex: the rest may guard elsewhere; an
        overrun by four tanks already has the +2 shock and four units' fire, §11.2) and units in
        Fire Mode with a target in sight."""
        take = goals(fx, side).take
        enemy_hexes = {u.hex for u in fx.on_map(fx.enemy_of(side))}
        held = sorted(t for t in targets if t in take and t in enemy_hexes)
        out: set[str] = set()
        mine = sorted(fx.on_map(side), key=lambda u: u.id)
        for t in held:
            near = [u.id for u in mine if distance(u.map_hex, t) == 1 and role(fx, u.id) == ASSAULT]
            tanks = [x for x in near if fx.spec(x).vehicle and x not in out][:self.ENGAGE_TANKS]
            men = [x for x in near if not fx.spec(x).vehicle and x not in out][:self.ENGAGE_MEN]
            out |= set(tanks) | set(men)
        for u in mine:
            if fx.mode(u.id) == "fire" and fx.fire_targets(u.id):
                out.add(u.id)
        return frozenset(out)

    MARCH_PHASES = 3  # how far ahead (enemy Action Phases) the march looks

    def march(self, fx: BWFacts, side, by_unit, targets) -> Decision | None:
        """Walk guards to the empty goal hexes the enemy could reach before the count that no
        unit of ours can reach this phase: a reinforcement due at a named hex and time (public:
        the scenario page; Scen. 1: 3 Recon company at the Train Station at 0900) from the
        turn our nearest free units must leave to be there first (their phases of movement,
        §7.1 costs, wire at its breaching price), and in the last three turns every enemy unit
        on the map. Each hex gets two guards when the enemy reaches it in one phase (or is a
        reinforcement's first reach), else one; the nearest free units go (not spotters, not
        units needed where they are)."""
        last = fx.last_turn
        enemy = fx.enemy_of(side)
        need = self.guard_hexes(fx, side, self.MARCH_PHASES)
        if not need:
            return None
        late = fx.turn >= last - 3
        when: dict[Hex, tuple[int, int, str]] = {}
        for h, (ph, who) in need.items():
            w = fx.units[who]
            if w.where == ON_MAP:
                if not late:
                    continue
                t = fx.turn + ph - 1
            else:  # in place before the enemy's phase of the turn before: it may act first then
                t = max(w.arrives + ph - 2, fx.turn)
            if t <= last:
                when[h] = (t, ph, who)
        if not when:
            return None
        enemy_hexes = frozenset(u.hex for u in fx.on_map(enemy))
        busy = self.engaged(fx, side, targets)
        ours: dict[Hex, list[str]] = {}
        mine = sorted((u for u in fx.units.values() if fx.side_of(u.id) == side
                       and u.where in (ON_MAP, "arriving") and role(fx, u.id) != SPOT
                       and fx.status(u.id) != "P"), key=lambda u: u.id)
        for u in mine:
            if u.where == ON_MAP:
                ours.setdefault(u.map_hex, []).append(u.id)
        standing = {x for h in when for x in ours.get(h, ())}
        free = [u for u in mine if u.id not in busy and u.id not in standing]
        wire = tuple(sorted((h, fx.wire_state(h)) for h in fx.wire_hexes))

        area, wired = fx.area, fx.wire_hexes

        def ok(h: Hex) -> bool:
            return h in area and h not in enemy_hexes

        def pen(h: Hex) -> float:
            return self.WIRE_MP.get(fx.wire_state(h), 0.0) if h in wired else 0.0

        taken: set[str] = set()
        for h in sorted(when, key=lambda h: (when[h][0], h)):
            t, ph, who = when[h]
            crew = 2 if ph <= 1 or fx.units[who].where != ON_MAP and ph <= 2 else 1
            have = len(ours.get(h, ()))
            if have >= crew:
                continue
            to = Turns(fx, [h], ok, pen, key=("march", enemy_hexes, wire))

            def eta(u, to: Turns = to) -> float:
                return to.turns(u.id, u.map_hex) if u.where == ON_MAP else to.turns(u.id, min(fx.entries_now(u.id))) + 1

            cands = sorted((eta(u), u.id) for u in free if u.id not in taken)
            for tt, uid in cands[:crew - have]:
                taken.add(uid)
                left = t - fx.turn + 1  # our phases before the enemy's, counting this one
                if tt > left + 1 or tt >= 40 or uid not in by_unit:
                    continue  # too far to be in time, or it has acted this phase
                if tt < left - 2:
                    continue  # time enough: it may go on with its own work a while
                u = fx.units[uid]
                here = eta(u)
                m = min(by_unit[uid], key=lambda m: (to.turns(uid, m.dest), m.dest))
                if to.turns(uid, m.dest) >= here - 0.01:
                    continue
                frm = hex_name(u.map_hex) if u.where == ON_MAP else "off the map"
                why = (f"{who} comes on at {hex_name(min(fx.entries_of(who)))} in turn {fx.units[who].arrives} "
                       "(scenario page)" if fx.units[who].where != ON_MAP else f"{who} could reach it")
                return Decision(m, f"{uid} {frm}→{hex_name(m.dest)}: marches to guard the empty trench hex "
                                   f"{hex_name(h)} ({tt:.1f} phases of movement away): {why}, {ph} phase(s) from it; "
                                   "a unit standing in it keeps it, no unit enters an enemy hex (§7.7, decision S1-1)")
        return None

    GARRISON_SLACK = 1  # phases to spare: a garrison sets out this many phases before it must

    def comer_reach(self, fx: BWFacts, side) -> dict[Hex, tuple[int, int, str]]:
        """The empty goal hexes an enemy reinforcement due at a named hex (public: the scenario
        page; Scen. 1: the 3 Recon company at the Train Station at 0900, turn 10) could walk into
        before the count, come on or still to come: {hex: (our phases sure to come before it
        can be there, counting this one; its phase of movement; the unit)}. Its phase k is in
        turn ``arrival + k - 1`` (on the map: this turn when it has still to act, else the
        next); our phase in a turn is sure to come before the enemy's only in the turns before
        (initiative, §3.3) and in this one when we act first. §7.1 costs; no path through a hex
        of ours (§7.7); a goal hex one of ours stands on counts as reached were it empty."""
        last, enemy = fx.last_turn, fx.enemy_of(side)
        comers = [u for u in sorted(fx.units.values(), key=lambda u: u.id)
                  if fx.side_of(u.id) == enemy and fx.entry(u.id).at and fx.spec(u.id).ma
                  and u.where in (ON_MAP, "arriving") and fx.status(u.id) != "P"]
        if not comers:
            return {}  # no reinforcement due at a named hex (only Scen. 1 has one)
        take = goals(fx, side).take
        order = fx.initiative_order or (side, enemy)
        first = order[0] == side
        ours = frozenset(u.hex for u in fx.on_map(side))
        walled = frozenset(h for h in ours if h not in take)  # not entered; ``ours``: not walked through
        held: dict[Hex, int] = {}
        for u in fx.on_map(enemy):
            held[u.map_hex] = held.get(u.map_hex, 0) + 1
        key = ("comers", side, fx.turn, first, ours, tuple(sorted(held.items())),
               tuple((u.id, u.hex, u.where) for u in comers))
        memo = kept(fx, "guard")
        got = memo.get(key)
        if got is not None:
            return got
        out: dict[Hex, tuple[int, int, str]] = {}
        for u in comers:
            s = fx.spec(u.id)
            if u.where == ON_MAP:
                if u.hex in take and held.get(u.hex, 0) < 2:
                    continue  # alone in a goal hex it holds: stepping out gains it nothing
                starts, t1 = [u.map_hex], fx.turn + (0 if first else 1)
            else:
                starts, t1 = sorted(fx.entries_of(u.id)), u.arrives
            phases = last - t1 + 1
            if phases < 1:
                continue
            for st in starts:
                for h, mp in reach(fx, st, s.move_class, s.ma, phases * s.ma, walled, ours).items():
                    if h not in take or h in held:
                        continue
                    k = 1 + int(mp // max(1, s.ma)) if mp > 0 else 1
                    tk = t1 + k - 1
                    if tk > last:
                        continue
                    left = tk - fx.turn if tk > fx.turn else (1 if first else 0)
                    if h not in out or (left, k, u.id) < out[h]:
                        out[h] = (left, k, u.id)
        if len(memo) > 32:
            memo.clear()
        memo[key] = out
        return out

    def garrison(self, fx: BWFacts, side, by_unit, targets, urgent: bool = False) -> Decision | None:
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
        reach = self.comer_reach(fx, side)
        if not reach:
            return None
        enemy = fx.enemy_of(side)
        enemy_hexes = frozenset(u.hex for u in fx.on_map(enemy))
        busy = self.engaged(fx, side, targets)
        near = self.guard_hexes(fx, side, self.GUARD_PHASES)
        mine = [u for u in sorted(fx.units.values(), key=lambda u: u.id)
                if fx.side_of(u.id) == side and u.where in (ON_MAP, "arriving")
                and role(fx, u.id) != SPOT and fx.status(u.id) != "P"]
        at: dict[Hex, list[str]] = {}
        for u in mine:
            if u.where == ON_MAP:
                at.setdefault(u.map_hex, []).append(u.id)
        # the two guards (men first) of a hex the enemy on the map reaches next phase stay (guard)
        keep = {x for h, (ph, _) in near.items() if ph <= 1 and h not in reach
                for x in sorted(at.get(h, ()), key=lambda x: (role(fx, x) == ASSAULT, x))[:2]}
        # the men go only once the trenches are clear, or when there are fewer tanks than hexes:
        # until then they are needed at the front and tanks (fast, §7.1) can be sent later
        tanks = sum(1 for u in mine if fx.spec(u.id).vehicle)
        men_go = not self.held_goal(fx, side) or tanks < len(reach)
        assigned: dict[str, Hex] = {}
        for h in sorted(reach):  # the unit already there keeps it (a tank first)
            if at.get(h):
                assigned[min(at[h], key=lambda x: (not fx.spec(x).vehicle, x))] = h
        wire = tuple(sorted((h, fx.wire_state(h)) for h in fx.wire_hexes))

        area, wired = fx.area, fx.wire_hexes

        def ok(h: Hex) -> bool:
            return h in area and h not in enemy_hexes

        def pen(h: Hex) -> float:
            return self.WIRE_MP.get(fx.wire_state(h), 0.0) if h in wired else 0.0

        go = None
        for h in sorted(reach, key=lambda h: (reach[h], h)):
            if h in assigned.values():
                continue
            left, k, who = reach[h]
            to = Turns(fx, [h], ok, pen, key=("march", enemy_hexes, wire))

            def eta(u, to: Turns = to) -> float:
                if u.where == ON_MAP:
                    return to.turns(u.id, u.map_hex)
                return to.turns(u.id, min(fx.entries_now(u.id) or fx.entries_of(u.id))) + 1

            cands = []
            for u in mine:
                tank = fx.spec(u.id).vehicle
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
            u = fx.units[uid]
            if u.where == ON_MAP and u.hex == h:
                by_unit.pop(uid, None)  # it keeps the hex: nothing else moves it
        if go is None:
            return None
        m, h, left, k, who, e = go
        u = fx.units[m.unit]
        w = fx.units[who]
        frm = hex_name(u.map_hex) if u.where == ON_MAP else "off the map"
        comes = (f"{who} comes on at {hex_name(min(fx.entries_of(who)))} in turn {w.arrives} (scenario page)"
                 if w.where != ON_MAP else f"{who} is in {hex_name(w.map_hex)}")
        return Decision(m, f"{m.unit} {frm}→{hex_name(m.dest)}: garrisons the empty trench hex {hex_name(h)}: {comes} "
                           f"and could be in it in its phase {k} of movement; we are sure of {left} phase(s) before "
                           f"then and {m.unit} needs {e:.1f} (§7.1); no unit enters a hex the enemy holds (§7.7, "
                           "decision S1-1)")

    THREAT = 0.25  # per column of the overwatch fire a hex is open to (§10)

    def threat(self, fx: BWFacts, side) -> ThreatMap:
        """For each hex, the Area Fire Table column of the overwatch the enemy's big stacks
        (in Fire Mode, neither Suppressed nor Paralyzed, 6+ firepower) could fire into it:
        their firepower at that range (§8.2) where they have line of sight (§6.2)."""
        stacks: dict[Hex, list] = {}
        for u in fx.on_map(fx.enemy_of(side)):
            s = fx.spec(u.id)
            if s.area_fp and not s.fo and fx.mode(u.id) == "fire" and not fx.status(u.id):
                stacks.setdefault(u.map_hex, []).append(u)
        # the same stacks under the same light and smoke give the same map: keep the last few
        # (memo.kept, keyed by everything the map depends on)
        key = (side, fx.turn, fx.weather, tuple(sorted(fx.smoke.items())),
               fx.illum,
               tuple(sorted((h, tuple(sorted((u.id, u.steps) for u in us))) for h, us in stacks.items())))
        memo = kept(fx, "threat")
        got = memo.get(key)
        if got is not None:
            return got
        if len(memo) > 32:
            memo.clear()
        fire = [(h0, us, max(fx.spec(u.id).area_range for u in us)) for h0, us in stacks.items()
                if fx.firepower(us, 1) >= 6]
        memo[key] = out = ThreatMap(fx, fire)
        return out
