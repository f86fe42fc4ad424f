"""The phasing player's fire: SFA (§8), PFA (§9) and assault (§11.1, 1.12). Mixin for BWRules."""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.actions import Attack, Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name, neighbors
from ...core.units import ON_MAP
from .combat import ASSAULT, SFA
from .verbs import Assault, PointFire

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object


class Fire(_Rules):
    def firepower(self, state, units: list, rng: int, full: bool = False) -> float:
        """§8.2 step 2: half beyond half range (not in assault), half for weapons units with a
        step lost (TCS 10.0b as reconstructed; Soviet mortar companies after 3, 2.5a);
        Suppressed units fire at half in assaults, Paralyzed not at all."""
        total = 0.0
        for u in units:
            s = self.spec(u.id)
            if s.fo or not s.area_fp:
                continue
            if not full and rng > s.area_range:
                continue
            fp = float(s.area_fp)
            if not full and rng * 2 > s.area_range:
                fp /= 2
            lost = s.steps - state.units[u.id].steps
            if (s.weapons is True and lost >= 1) or (s.weapons == "after_3_steps" and lost >= 3):
                fp /= 2
            st = self.status(state, u.id)
            if full and st == "P":
                continue
            if full and st == "S":
                fp /= 2
            total += fp
        return total

    def _direct_spotter(self, state, firer, target_hex: Hex) -> bool:
        """Direct fire needs a spotted enemy in the target hex (§6.1); an on-map mortar may
        use its permitted spotter (§13.12): itself (Soviet 82 mm, 2.2d), its regiment's
        mortar FO (120 mm, 2.3d), or any unit of its battalion (Axis)."""
        side = self.side_of(firer.id)
        enemies = [e for e in state.units_at(target_hex) if self.side_of(e.id) != side]
        s = self.spec(firer.id)
        spotters = [firer]
        if s.indirect in ("mortar_fo_or_self", "battalion_or_self"):
            spotters += self._helpers(state, side, s.indirect, self.entry(firer.id).battalion, firer.id)
        for sp in spotters:
            if any(self.spots(state, sp.hex, e) for e in enemies):
                return True
        return False

    def _helpers(self, state, side: str, kind: str, bn, firer: str) -> list:
        """The other units that may spot for an on-map mortar (§13.12): the side's mortar FOs
        (2.3d) or the mortar's battalion (Axis), in Fire Mode and neither Suppressed nor
        Paralyzed; listed once per state (listing speed: one scan of the map, not one per
        target hex)."""
        key = ("mortar_spotters", side, kind, bn if kind == "battalion_or_self" else None)
        got = state._cache.get(key)
        if got is None:
            if kind == "mortar_fo_or_self":
                pool = [u for u in self.on_map(state, side) if self.entry(u.id).fo == "mortar"]
            else:
                pool = [u for u in self.on_map(state, side) if self.entry(u.id).battalion == bn]
            got = state._cache[key] = [u for u in pool if not self.status(state, u.id)
                                       and self.mode(state, u.id) == "fire"]
        return [u for u in got if u.id != firer]

    def fire_targets(self, state, uid: str) -> list[Hex]:
        u = state.units[uid]
        s = self.spec(uid)
        if not s.area_fp or s.fo or self.may_sfa(state, uid):
            return []
        side = self.side_of(uid)
        key = ("enemy_hexes", side)  # the enemy hexes once per state (shared with calls_for)
        every = state._cache.get(key)
        if every is None:
            every = state._cache[key] = sorted({e.map_hex for e in self.on_map(state, self.enemy_of(side))})
        r = s.area_range
        if 3 * r * (r + 1) + 1 < len(every):  # many enemy hexes: look only at the disc in range
            skey = ("enemy_hex_set", side)
            eset = state._cache.get(skey)
            if eset is None:
                eset = state._cache[skey] = frozenset(every)
            hexes = sorted(h for h in self._disc(u.hex, r) if h in eset)
        else:
            hexes = [h for h in every if distance(h, u.hex) <= r]
        if self._sfa_unit_refusal(state, u) is not None:
            return []
        # the per-target half of check_sfa (the unit's own half is the same for every hex)
        return [h for h in hexes if self._sfa_target_ok(state, u, s, h)]

    def _sfa_unit_refusal(self, state, u) -> Illegal | None:
        """check_sfa's refusals that depend on the firing unit alone (not on the target)."""
        if u.where != ON_MAP:
            return Illegal("§8.2", "every firing unit must be on the map")
        if u.id in state.extra.get("acted", frozenset()):
            return Illegal("§3.4", f"{u.id} has already acted this phase")
        if self.mode(state, u.id) != "fire":
            return Illegal("§5", f"{u.id} is in Move Mode: only Fire Mode units make SFAs")
        if self.status(state, u.id):
            return Illegal("§12.4", "no fire when Suppressed or Paralyzed")
        s = self.spec(u.id)
        if s.fo or not s.area_fp:
            return Illegal("§8.2", f"{u.id} has no area firepower")
        return self.riding_refusal(state, u.id, "fire") or self.may_sfa(state, u.id)

    def _sfa_target_ok(self, state, u, s, h: Hex) -> bool:
        """check_sfa's per-target conditions for one firer whose own half already passed."""
        if self.boundary_refusal(u.id, h, "fires"):
            return False
        if distance(u.hex, h) > s.area_range:
            return False
        if not s.indirect and (self.ter.no_direct_fire(u.hex, h) or not self.sees_hex(state, u.hex, h)):
            return False
        side = self.side_of(u.id)
        if not any(self.side_of(e.id) != side for e in state.units_at(h)):
            return False
        return self._direct_spotter(state, u, h)

    def _disc(self, centre: Hex, r: int) -> tuple[Hex, ...]:
        """Every hex within ``r`` of ``centre`` on the unbounded grid (kept per centre and range)."""
        memo = self.__dict__.setdefault("_disc_memo", {})
        got = memo.get((centre, r))
        if got is None:
            if len(memo) > 20000:
                memo.clear()
            seen, ring = {centre}, [centre]
            for _ in range(r):
                nxt = []
                for h in ring:
                    for n in neighbors(h):
                        if n not in seen:
                            seen.add(n)
                            nxt.append(n)
                ring = nxt
            got = memo[(centre, r)] = tuple(seen)
        return got

    def check_sfa(self, state, a: Attack) -> Illegal | None:
        if not a.attackers or len(set(a.attackers)) != len(a.attackers):
            return Illegal("§8.2", "name each firing unit once")
        us = [state.units[x] for x in a.attackers]
        if any(u.where != ON_MAP for u in us):
            return Illegal("§8.2", "every firing unit must be on the map")
        if len({u.hex for u in us}) != 1:
            return Illegal("§8.2", "an SFA is fired by the units of one hex (Decision 4)")
        for u in us:
            s = self.spec(u.id)
            if u.id in state.extra.get("acted", frozenset()):
                return Illegal("§3.4", f"{u.id} has already acted this phase")
            if self.mode(state, u.id) != "fire":
                return Illegal("§5", f"{u.id} is in Move Mode: only Fire Mode units make SFAs")
            why = self.boundary_refusal(u.id, a.target, "fires")  # 4.3 (historical.py)
            if why:
                return why
            if self.status(state, u.id):
                said = "Suppressed" if self.status(state, u.id) == "S" else "Paralyzed"
                return Illegal("§12.4", f"{u.id} is {said}: no fire")
            if s.fo or not s.area_fp:
                return Illegal("§8.2", f"{u.id} has no area firepower")
            why = self.riding_refusal(state, u.id, "fire")
            if why:
                return why
            why = self.may_sfa(state, u.id)
            if why:
                return why
            if distance(u.hex, a.target) > s.area_range:
                return Illegal("§8.2", f"{hex_name(a.target)} is beyond {u.id}'s range of {s.area_range}")
            if not s.indirect and self.ter.no_direct_fire(u.hex, a.target):
                return Illegal("1.1f", "no direct fire into or out of the Mill (only mortars, artillery and "
                                       "aircraft, or fire inside an assault)")
            if not s.indirect and not self.sees_hex(state, u.hex, a.target):
                return Illegal("§6.2", f"{u.id} has no line of sight to {hex_name(a.target)}")
        side = self.side_of(us[0].id)
        if not any(self.side_of(e.id) != side for e in state.units_at(a.target)):
            return Illegal("§8.2", f"no enemy unit in {hex_name(a.target)}")
        if not any(self._direct_spotter(state, u, a.target) for u in us):
            return Illegal("§6.1", f"no enemy unit in {hex_name(a.target)} is spotted by the firers")
        return None

    def do_sfa(self, state, a: Attack, dice) -> list[Event]:
        us = [state.units[x] for x in a.attackers]
        rng = distance(us[0].hex, a.target)
        fp = int(self.firepower(state, us, rng))
        ids = set(a.attackers)
        for k in ("acted", "fired", "shown"):
            state.extra[k] = state.extra.get(k, frozenset()) | ids
        ev = [Event("sfa", f"SFA by {', '.join(a.attackers)} on {hex_name(a.target)}: firepower {fp}")]
        _, e = self.fire_on_hex(state, dice, a.target, fp, SFA, self.side_of(us[0].id), firer_hex=us[0].hex)
        return ev + e

    # --- point fire -----------------------------------------------------------------------
    def point_targets(self, state, uid: str) -> list[str]:
        side = self.side_of(uid)
        f = state.units[uid]
        if f.where != ON_MAP:
            return []
        rng = self.spec(uid).at_range  # check_pfa refuses beyond it: only the targets in range are asked
        key = ("point_targets", side)  # the enemy point targets in id order, once per state
        cands = state._cache.get(key)
        if cands is None:
            cands = state._cache[key] = [e for e in sorted(self.on_map(state, self.enemy_of(side)), key=lambda x: x.id)
                                         if self.spec(e.id).point_target]
        return [e.id for e in cands
                if (rng is None or distance(f.hex, e.map_hex) <= rng)
                and self.check_pfa(state, PointFire(uid, e.id)) is None]

    def check_pfa(self, state, a: PointFire) -> Illegal | None:
        f = state.units[a.firer]
        t = state.units.get(a.target)
        s = self.spec(a.firer)
        if t is None or t.where != ON_MAP or self.side_of(a.target) == self.side_of(a.firer):
            return Illegal("§9", f"{a.target} is not an enemy unit on the map")
        if f.where != ON_MAP:
            return Illegal("§9", f"{a.firer} is not on the map")
        if not s.at_attack:
            return Illegal("§9", f"{a.firer} has no point weapon")
        if not self.spec(a.target).point_target:
            return Illegal("§9", f"{a.target} is an area target only (platoons and companies)")
        why = self.boundary_refusal(a.firer, t.hex, "fires")  # 4.3 (historical.py)
        if why:
            return why
        if a.firer in state.extra.get("acted", frozenset()):
            return Illegal("§3.4", f"{a.firer} has already acted this phase")
        if self.mode(state, a.firer) != "fire" or self.status(state, a.firer):
            return Illegal("§9", f"{a.firer} must be in Fire Mode and neither Suppressed nor Paralyzed")
        why = self.may_sfa(state, a.firer)
        if why:
            return Illegal("§16.7", why.reason.replace("overwatch", "overwatch (no PFA, Decision 19)"))
        why = self.riding_refusal(state, a.firer, "fire")
        if why:
            return why
        if self.ter.no_direct_fire(f.hex, t.hex):
            return Illegal("1.1f", "no point fire into or out of the Mill (fire inside an assault aside)")
        d = distance(f.hex, t.hex)
        if d > s.at_range:
            return Illegal("§9.1", f"{a.target} is beyond {a.firer}'s point range of {s.at_range}")
        if not self.spots(state, f.hex, t):
            return Illegal("§6.1", f"{a.firer} does not spot {a.target}")
        return None

    def do_pfa(self, state, a: PointFire, dice) -> list[Event]:
        for k in ("acted", "fired", "shown"):
            state.extra[k] = state.extra.get(k, frozenset()) | {a.firer}
        d = distance(state.units[a.firer].hex, state.units[a.target].hex)
        return self.point_fire(state, dice, a.firer, a.target, d)

    # --- assault ----------------------------------------------------------------------
    def check_assault(self, state, a: Assault) -> Illegal | None:
        if not a.units or len(set(a.units)) != len(a.units):
            return Illegal("§11.1", "name each assaulting unit once")
        side = self.side_of(a.units[0])
        defenders = [e for e in state.units_at(a.target) if self.side_of(e.id) != side]
        if not defenders:
            return Illegal("§11.1", f"no enemy unit in {hex_name(a.target)} to assault")
        if a.target in self.ter.wire and self.wire_state(state, a.target) < 2:
            return Illegal("1.4a", "no assault into wire that is not fully breached")
        men = 0
        for uid in a.units:
            u = state.units[uid]
            s = self.spec(uid)
            if u.where != ON_MAP or distance(u.hex, a.target) != 1:
                return Illegal("§11.1", f"{uid} must be next to {hex_name(a.target)}")
            if uid in state.extra.get("acted", frozenset()):
                return Illegal("§3.4", f"{uid} has already acted this phase")
            if self.mode(state, uid) != "move":
                return Illegal("§11.1", f"{uid} must be in Move Mode to assault")
            if self.status(state, uid):
                return Illegal("§12.4", f"{uid} is Suppressed or Paralyzed: no assault")
            if s.fo:
                return Illegal("2.3e", "FOs never assault")
            why = self.riding_refusal(state, uid, "assault")
            if why:
                return why
            if not s.vehicle and (s.weapons or s.indirect or s.point_target or s.id.endswith(("_mg", "_mg_co"))):
                return Illegal("§11.1", f"{uid} is a weapons unit: MG, mortar and gun units do not assault")
            if self.ter.step_cost(u.hex, a.target, s.move_class, s.ma) is None:
                return Illegal("§11.1", f"{uid} cannot enter {hex_name(a.target)}")
            why = self.may_assault(state, uid, a.target)
            if why:
                return why
            men += 0 if s.vehicle else 1
        if not men:
            # §11.2 overrun: tracked vehicles alone, into a hex held only by non-vehicle units
            if any(self.spec(x).move_class != "tracked" for x in a.units):
                return Illegal("§11.2", "only tracked vehicles overrun")
            if any(self.spec(d.id).vehicle for d in defenders):
                return Illegal("§11.2", "an overrun needs a hex held only by non-vehicle units")
        return None

    def do_assault(self, state, a: Assault, dice) -> list[Event]:
        """§11.1: combined-assault point fire, simultaneous assault fire, one morale check per
        side (printed morale doubled unless assault-trained, 1.12), then the outcome."""
        side = self.side_of(a.units[0])
        att = [state.units[x] for x in a.units]
        dfd = [e for e in state.units_at(a.target) if self.side_of(e.id) != side]
        for k in ("acted", "moved_mm", "moved_turn"):
            state.extra[k] = state.extra.get(k, frozenset()) | set(a.units)
        if all(self.spec(x.id).vehicle for x in att):
            return self.do_overrun(state, a, dice, att, dfd)
        ev = [Event("assault", f"assault on {hex_name(a.target)} by {', '.join(a.units)}")]
        # combined assault: each defending gun or vehicle fires once at an attacking vehicle (range 0)
        for d in dfd:
            vs = [x for x in att if self.spec(x.id).vehicle and state.units[x.id].where == ON_MAP]
            if vs and self.spec(d.id).at_attack and not self.status(state, d.id):
                ev += self.point_fire(state, dice, d.id, vs[0].id, 0)
        att = [state.units[x.id] for x in att if state.units[x.id].where == ON_MAP]
        if not any(not self.spec(x.id).vehicle for x in att):
            return ev + [Event("assault", "no attacking infantry left: the assault fails")]
        fp_att = self.firepower(state, att, 0, full=True)
        fp_def = self.firepower(state, dfd, 0, full=True)
        trained = sum(self.spec(x.id).area_fp for x in att if self.spec(x.id).assault_trained)
        half = trained * 2 >= sum(self.spec(x.id).area_fp for x in att) and trained > 0
        trained_d = sum(self.spec(x.id).area_fp for x in dfd if self.spec(x.id).assault_trained)
        half_d = trained_d * 2 >= max(1, sum(self.spec(x.id).area_fp for x in dfd)) and trained_d > 0
        if fp_def >= 1:  # against the attackers: open, Move Mode +1, never trench (1.3a)
            _, e = self.fire_on_hex(state, dice, a.target, fp_def, ASSAULT, self.enemy_of(side), defender=False,
                                    units=att, morale=False,
                                    extra_shifts=([("assault-trained (1.12)", self.t.shifts["assault_trained"])]
                                                  if half_d else None))
            ev += e
        if fp_att >= 1:
            _, e = self.fire_on_hex(state, dice, a.target, fp_att, ASSAULT, side, units=dfd, morale=False,
                                    extra_shifts=([("assault-trained (1.12)", self.t.shifts["assault_trained"])]
                                                  if half else None))
            ev += e
        att = [state.units[x.id] for x in att if state.units[x.id].where == ON_MAP]
        e, _, ra = self.morale_check(state, dice, None, ASSAULT, units=att, side_label="attackers")
        ev += e
        dfd = [state.units[x.id] for x in dfd
               if state.units[x.id].where == ON_MAP and state.units[x.id].hex == a.target]
        e, _, rd = self.morale_check(state, dice, None, ASSAULT, units=dfd, side_label="defenders")
        ev += e
        if ra in ("S", "P", "SYR", "X"):
            return ev + [Event("assault", "the attackers falter: the assault fails (Decision 8)")]
        if rd in ("-", "S"):
            return ev + [Event("assault", "the defenders hold: the assault fails (Decision 8)")]
        for d in [x for x in state.units_at(a.target) if self.side_of(x.id) != side]:
            if self.spec(d.id).vehicle:
                e, _ = self.retreat(state, d.id)
            else:
                e, _ = self.retreat(state, d.id)  # P defenders retreat as SYR without the roll
            ev += e
        if any(self.side_of(x.id) != side for x in state.units_at(a.target)):
            return ev + [Event("assault", "the hex is still held")]
        ev.append(Event("assault", f"the assault takes {hex_name(a.target)}"))
        return ev + self.advance(state, a.target, [x.id for x in att])

    def advance(self, state, target: Hex, uids: list[str]) -> list[Event]:
        """§11.1: the attacker picks which surviving assault units (neither S nor P) move into
        the taken hex, one ``advance`` choice at a time; the default is all of them."""
        ev: list[Event] = []
        left = [x for x in uids if state.units[x].where == ON_MAP and not self.status(state, x)]
        while left:
            pick = self.ask(state, self.side_of(left[0]), "advance", sorted(left) + ["stop"], sorted(left)[0],
                            f"which unit advances into {hex_name(target)} (stop: the rest stay)?")
            if pick == "stop":
                break
            left.remove(pick)
            state.units[pick] = state.units[pick].at(target)
            state.touch()
            ev.append(Event("advance", f"{pick} advances into {hex_name(target)}", {"unit": pick}))
        return ev

    def do_overrun(self, state, a: Assault, dice, att: list, dfd: list) -> list[Event]:
        """§11.2: each defending gun fires once at an overrunning vehicle (range 0); the
        survivors fire once at +2 (the defender keeps its trench shift, 1.3a); the defender
        checks morale as in an assault (1.12); P or worse takes the hex, otherwise the
        vehicles stay where they were."""
        side = self.side_of(a.units[0])
        ev = [Event("overrun", f"overrun of {hex_name(a.target)} by {', '.join(a.units)}")]
        if self.options.get("spanish_panic"):
            ev += self.spanish_panic(state, dice, a.target)  # 4.2a: as announced, before it begins
            dfd = [state.units[x.id] for x in dfd if state.units[x.id].where == ON_MAP]
            if not dfd:
                for x in att:
                    state.units[x.id] = state.units[x.id].at(a.target)
                state.touch()
                return ev + [Event("overrun", f"no defender is left: the overrun takes {hex_name(a.target)}")]
        for d in dfd:
            vs = [x for x in att if state.units[x.id].where == ON_MAP]
            if vs and self.spec(d.id).at_attack and not self.status(state, d.id):
                ev += self.point_fire(state, dice, d.id, vs[0].id, 0)
        att = [state.units[x.id] for x in att if state.units[x.id].where == ON_MAP]
        if not att:
            return ev + [Event("overrun", "no vehicle survives: the overrun fails")]
        fp = self.firepower(state, att, 0, full=True)
        if fp >= 1:
            _, e = self.fire_on_hex(state, dice, a.target, fp, ASSAULT, side, units=dfd, morale=False,
                                    extra_shifts=[("overrun shock", self.t.shifts["shock"])])
            ev += e
        dfd = [state.units[x.id] for x in dfd
               if state.units[x.id].where == ON_MAP and state.units[x.id].hex == a.target]
        e, _, rd = self.morale_check(state, dice, None, ASSAULT, units=dfd, side_label="defenders")
        ev += e
        if rd in ("-", "S"):
            return ev + [Event("overrun", "the defenders hold: the vehicles stay where they were (§11.2)")]
        for d in [x for x in state.units_at(a.target) if self.side_of(x.id) != side]:
            e, _ = self.retreat(state, d.id)
            ev += e
        if any(self.side_of(x.id) != side for x in state.units_at(a.target)):
            return ev + [Event("overrun", "the hex is still held")]
        for x in att:
            state.units[x.id] = state.units[x.id].at(a.target)
        state.touch()
        return ev + [Event("overrun", f"the overrun takes {hex_name(a.target)}")]

    def spanish_panic(self, state, dice, target) -> list[Event]:
        """Variant 4.2a: one die per Spanish unit in the hex; a printed morale (never modified)
        at least the roll costs a step and leaves the unit Paralyzed. The dice are events, so
        undo never re-rolls them."""
        ev: list[Event] = []
        for u in sorted(state.units_at(target), key=lambda x: x.id):
            if self.side_of(u.id) != "axis" or self.nation(u.id) != "spanish":
                continue
            r = dice.roll(6)
            m = self.spec(u.id).morale_value
            panic = m >= r
            ev.append(Event("die_rolled", f"Spanish Panic (4.2a): {u.id} printed morale {m}, roll {r}: "
                                          f"{'panics' if panic else 'holds'}", {"dice": [r], "unit": u.id}))
            if panic:
                ev += self.lose_step(state, u.id, " (Spanish Panic, 4.2a)")
                if state.units[u.id].where == ON_MAP:
                    ev += self.set_status(state, u.id, "P")
        return ev
