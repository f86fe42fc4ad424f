"""Fire, morale and their results on the state (TCS-lite §8, §9, §12), shared by SFAs,
overwatch, barrages, air and assaults. Pure table arithmetic lives in ``tables.py``."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ...core.actions import Event
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ELIMINATED, ON_MAP

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

SFA, OVERWATCH, BARRAGE, ASSAULT, AIR = "sfa", "overwatch", "barrage", "assault", "air"

# Decision 35 (fire.yaml heavy_vehicles_barrage): the AT attack a step-loss result of a barrage
# gives against each vehicle of Defense 2+ in the hex; Dora's 800 mm shell has its own value.
DORA_AT_ATTACK = 8


def barrage_at_attack(firepower: int) -> int:
    """Decision 35: AT attack 1 for a barrage of 20-47, 2 for 48 or more, none below 20."""
    return 2 if firepower >= 48 else 1 if firepower >= 20 else 0


@dataclass
class FireReport:
    column: int = 0
    shifts: list[tuple[str, int]] = field(default_factory=list)
    roll: int = 0
    result: str = "-"
    steps: int = 0


def roll2(dice) -> tuple[int, list[Event]]:
    a, b = dice.roll(6), dice.roll(6)
    return a + b, [Event("die_rolled", f"rolled {a}+{b}", {"dice": [a, b]})]


class Combat(_Rules):
    """Mixin for BWRules: needs self.t (Tables), self.ter (Terrain), self.spec(uid)."""

    # --- fire on a hex ----------------------------------------------------------------
    def area_shifts(self, state, target: Hex, kind: str, defender: bool = True,
                    assault_trained_half: bool = False, units: list | None = None,
                    firer_hex: Hex | None = None) -> list[tuple[str, int]]:
        """Column shifts against the units of ``target`` (§8.3); positive = worse for them."""
        t, ter = self.t, self.ter
        us = units if units is not None else state.units_at(target)
        men = [u for u in us if not self.spec(u.id).vehicle]
        wire = self.wire_state(state, target)
        out: list[tuple[str, int]] = []
        vehicle_only = not men
        cls = ter.combat_class(target, vehicle_only, wire)
        if kind == ASSAULT and not defender:
            cls = "open"  # attackers are in the open (fire.yaml assault.fire_at_attacker)
        riders = bool(men) and all(self.carrier_of(state, u.id) for u in men)
        if riders:
            cls = "open"  # 1.11b (TCS-lite §7.6): men riding vehicles are in the open
        if t.class_mods[cls]["area_fire_shift"]:
            out.append((f"terrain {cls.replace('_', ' ')}", t.class_mods[cls]["area_fire_shift"]))
        if men and defender and ter.is_trench(target) and not riders:
            if target in ter.bastion:
                out.append(("El Bastion (1.6)", t.shifts["el_bastion"]))
            else:
                out.append(("trench (1.3a)", t.shifts["trench"]))
        dug = state.extra.get("dug", frozenset())
        if us and all(u.id in dug for u in us) and defender:
            out.append(("Dug In", t.shifts["dug_in"]))
        mode = state.extra.get("mode", {})
        if any(mode.get(u.id) == "move" for u in men) or (kind == ASSAULT and not defender):
            out.append(("target in Move Mode", t.shifts["target_in_move_mode"]))
        n = sum(1 for u in us if not self.spec(u.id).fo)
        if n >= 8:
            out.append(("density 8+", t.shifts["density_8_plus"]))
        elif n >= 4:
            out.append(("density 4-7", t.shifts["density_4_to_7"]))
        if assault_trained_half:
            out.append(("assault-trained (1.12)", t.shifts["assault_trained"]))
        smoke = state.extra.get("smoke", {})
        if kind in (SFA, OVERWATCH) and (smoke.get(target) == 1
                                         or (firer_hex is not None and smoke.get(firer_hex) == 1)):
            out.append(("smoke Level 1", t.shifts["smoke_level_1"]))  # into or out of it (§8.3)
        return out

    def fire_on_hex(self, state, dice, target: Hex, firepower: float, kind: str, side_hit: str,
                    extra_shifts: list[tuple[str, int]] | None = None, defender: bool = True,
                    units: list | None = None, at_attack: int = 0, morale: bool = True,
                    firer_hex: Hex | None = None) -> tuple[FireReport, list[Event]]:
        """One area fire (§8.2) at the units of ``target`` (or ``units``): losses, then the
        hex's morale check."""
        ev: list[Event] = []
        rep = FireReport()
        fp = int(firepower)
        col, extra = self.t.fire_column(fp)
        if col == 0:
            return rep, [Event("fire", f"firepower {firepower:g} is under 1: no fire (§8.2)")]
        shifts = (self.area_shifts(state, target, kind, defender, units=units, firer_hex=firer_hex)
                  + list(extra_shifts or []))
        if extra:
            shifts.append((f"firepower over 47 (+{extra})", extra))
        rep.column, rep.shifts = col, shifts
        final = col + sum(s for _, s in shifts)
        roll, e = roll2(dice)
        ev += e
        rep.roll = roll
        rep.result = res = self.t.fire_result(final, roll)
        names = ", ".join(f"{n} {s:+d}" for n, s in shifts) or "no shifts"
        us = units if units is not None else state.units_at(target)
        men = any(not self.spec(u.id).vehicle for u in us)
        ev.append(Event("fire", f"{kind} fire {fp} on {hex_name(target)}: column {col}, {names}, roll {roll}: "
                                f"{self._fire_word(res, men)}",
                        {"target": hex_name(target), "fp": fp, "column": col, "shifts": shifts, "roll": roll,
                         "result": res}))
        if res == "-":
            return rep, ev
        lost = 0
        if res.isdigit():
            lost, e = self.take_steps(state, target, int(res), units)
            ev += e
            if kind in (BARRAGE, AIR) and at_attack:
                ev += self.barrage_vs_armour(state, dice, target, at_attack, units)
        extra_lost = 0
        if morale:
            e, extra_lost, _ = self.morale_check(state, dice, target, kind, units=units)
            ev += e
        rep.steps = lost + extra_lost
        ev += self.battalion_losses(state, target, rep.steps, units)
        return rep, ev

    @staticmethod
    def _fire_word(res: str, men: bool = True) -> str:
        """The result in words; vehicles never check morale (Decision 34), so a hit on vehicles
        alone promises no morale check."""
        if men:
            return {"-": "no effect", "M": "morale check"}.get(res, f"{res} step(s) lost and a morale check")
        return {"-": "no effect", "M": "a morale result, but vehicles never check morale (Decision 34)"}.get(
            res, f"{res} step(s) lost (vehicles check no morale, Decision 34)")

    def take_steps(self, state, target: Hex, n: int, units: list | None = None) -> tuple[int, list[Event]]:
        """The owner spreads the losses (§8.4): one ``loss`` choice per step among the units
        that can lose one (FOs never, 2.3e; heavy vehicles never); the default (no choice
        asked) is the unit with the most steps left."""
        ev: list[Event] = []
        lost = 0
        for i in range(n):
            pool = [u for u in (units if units is not None else state.units_at(target))
                    if state.units[u.id].where == ON_MAP and self._can_lose_step(u.id)]
            pool = [state.units[u.id] for u in pool]
            if not pool:
                ev.append(Event("losses", self._no_loss_text(state, target, n - i, units)))
                break
            best = max(pool, key=lambda x: (x.steps, x.id))
            uid = self.ask(state, self.side_of(best.id), "loss", sorted(u.id for u in pool), best.id,
                           f"{n - i} step(s) to lose in {hex_name(target)}: which unit gives the next one?")
            ev += self.lose_step(state, uid)
            lost += 1
        return lost, ev

    def _no_loss_text(self, state, target: Hex, left: int, units: list | None) -> str:
        """Why the rest of an area-fire loss is not taken, naming the rule that applies: FOs
        (2.3e) or vehicles of Defense 2+ (§8.4, whose barrage AT roll follows if any)."""
        us = [state.units[u.id] for u in (units if units is not None else state.units_at(target))
              if state.units[u.id].where == ON_MAP]
        where = hex_name(target)
        if not us:
            return f"nobody is left in {where} to lose the other {left} step(s)"
        why = []
        if any(self.spec(u.id).fo for u in us):
            why.append("FOs never lose steps to area fire (2.3e)")
        if any(self.spec(u.id).vehicle for u in us):
            why.append("vehicles of Defense 2 or more take no area-fire steps (§8.4)")
        return f"no unit in {where} can lose a step: " + "; ".join(why)

    def _can_lose_step(self, uid: str) -> bool:
        s = self.spec(uid)
        if s.fo:
            return False  # 2.3e
        if s.vehicle and s.defense > 1:
            return False  # §8.4: only Defense 0-1 vehicles take area-fire steps
        return True

    def lose_step(self, state, uid: str, why: str = "") -> list[Event]:
        u = state.units[uid]
        if u.steps > 1:
            state.units[uid] = type(u)(u.id, u.spec, u.where, u.hex, u.steps - 1, u.revealed, u.arrives)
            state.touch()
            return [Event("step_lost", f"{uid} loses a step ({u.steps - 1} left){why}", {"unit": uid})]
        return self.eliminate(state, uid, "its last step is lost" + why)

    def eliminate(self, state, uid: str, why: str) -> list[Event]:
        u = state.units[uid]
        state.units[uid] = u.at(None, ELIMINATED)
        state.touch()
        lost = dict(state.extra.get("lost", {}))
        side = self.side_of(uid)
        lost[side] = lost.get(side, 0) + 1
        state.extra["lost"] = lost
        for key in ("status", "mode"):
            d = dict(state.extra.get(key, {}))
            d.pop(uid, None)
            state.extra[key] = d
        return [Event("eliminated", f"{uid} is eliminated: {why}", {"unit": uid})]

    # --- morale -----------------------------------------------------------------------
    def mm(self, state, uid: str, kind: str) -> int:
        """Modified morale (§12.2): printed (+doubled in assault unless assault-trained, 1.12)
        + steps lost + battalion morale (+2 for an SFA, T4)."""
        s = self.spec(uid)
        printed = s.morale_value
        if kind == ASSAULT and not s.assault_trained:
            printed *= 2  # 1.12, Decision 6
        u = state.units[uid]
        v = printed + (s.steps - u.steps) + state.extra.get("bn", {}).get(self.entry(uid).battalion, 0)
        if kind == SFA:
            v += 2  # T4: two columns worse
        return v

    def morale_check(self, state, dice, target: Hex | None, kind: str, units: list | None = None,
                     side_label: str = "") -> tuple[list[Event], int, str]:
        """One check for the hex (or an assault side) by its worst non-vehicle unit (§12.3);
        returns events and the steps lost by commissars and SYR (for battalion morale)."""
        us = [state.units[u.id] for u in (units if units is not None else state.units_at(target))
              if state.units[u.id].where == ON_MAP and not self.spec(u.id).vehicle]
        if not us:
            return [], 0, "-"
        worst = max(us, key=lambda u: (self.mm(state, u.id, kind), u.id))
        mmv = self.mm(state, worst.id, kind)
        roll, ev = roll2(dice)
        res = self.t.morale_result(mmv, roll)
        if side_label:
            where = side_label
        else:
            assert target is not None, "a check with no side label is the check of a hex"
            where = hex_name(target)
        said = {'-': 'no effect', 'S': 'Suppressed', 'P': 'Paralyzed', 'SYR': 'SYR', 'X': 'surrender'}[res]
        ev.append(Event("morale", f"morale check {where} by {worst.id} (MM {mmv}), roll {roll}: {said}",
                        {"unit": worst.id, "mm": mmv, "roll": roll, "result": res}))
        extra = 0
        side = self.side_of(worst.id)
        if res == "S" and side == "soviet" and state.extra.get("commissars", "on") == "on":
            # 2.2a commissars: one extra step cancels the S (each unit once per phase)
            used = state.extra.get("commissar_used", frozenset())
            cand = [u for u in us if u.id not in used and self._can_lose_step(u.id)]
            if cand:
                u = max(cand, key=lambda x: (x.steps, x.id))
                state.extra["commissar_used"] = used | {x.id for x in us}
                ev.append(Event("commissar", f"commissars (2.2a): {u.id} gives a step to cancel the S"))
                ev += self.lose_step(state, u.id)
                return ev, 1, "-"
        res_of = {}
        for u in us:
            r = res
            if r == "SYR" and self.ter.is_trench(u.hex) and state.extra.get("trench_syr", {}).get(side, "p") == "p":
                r = "P"  # 1.3d: a unit in a trench hex may take P instead
                ev.append(Event("morale", f"{u.id} in a trench takes P instead of SYR (1.3d)"))
            res_of[u.id] = r
        for u in us:
            r = res_of[u.id]
            if r in ("S", "P"):
                ev += self.set_status(state, u.id, r)
            elif r == "X":
                ev += self.eliminate(state, u.id, "surrenders (X)")
                extra += 1
            elif r == "SYR":
                e, lost = self.syr(state, dice, u.id, kind)
                ev += e
                extra += lost
        return ev, extra, res

    def set_status(self, state, uid: str, r: str) -> list[Event]:
        st = dict(state.extra.get("status", {}))
        if st.get(uid) == "P" and r == "S":
            return []
        st[uid] = r
        state.extra["status"] = st
        return [Event("status", f"{uid} is {'Suppressed' if r == 'S' else 'Paralyzed'}", {"unit": uid, "status": r})]

    def syr(self, state, dice, uid: str, kind: str) -> tuple[list[Event], int]:
        """§12.5: SYR table roll per unit, then the two-hex retreat away from the enemy."""
        score_roll, ev = roll2(dice)
        score = score_roll + self.mm(state, uid, kind)
        res = self.t.syr_result(score) or "disintegrate"
        ev.append(Event("syr", f"{uid} SYR table {score}: {res.replace('_', ' ')}", {"unit": uid, "score": score}))
        if res == "disintegrate":
            return ev + self.eliminate(state, uid, "disintegrates (SYR)"), 1
        lost = 0
        if res == "retreat_lose_step":
            ev += self.lose_step(state, uid)
            lost = 1
            if state.units[uid].where != ON_MAP:
                return ev, lost
        e, died = self.retreat(state, uid)
        ev += e
        if not died:
            ev += self.set_status(state, uid, "P")
        return ev, lost + (1 if died else 0)

    def retreat(self, state, uid: str) -> tuple[list[Event], bool]:
        """Two hexes ignoring MP into enterable hexes, ending farther from every spotted enemy;
        ending next to an enemy kills except at Night; no path = eliminated (Decision 48).
        The owner picks the end hex (``retreat`` choice); the default is the one ending
        farthest from the enemy."""
        u = state.units[uid]
        side = self.side_of(uid)
        enemies = [e for e in state.units.values() if e.where == ON_MAP and self.side_of(e.id) != side]
        seen = [e for e in enemies if self.spotted_by_side(state, e, side)]
        start = {e.hex: distance(u.hex, e.hex) for e in seen}
        enemy_hexes = {e.hex for e in enemies}
        best = None
        ends: dict[Hex, tuple[tuple, tuple[Hex, Hex]]] = {}
        for a in self.board.adjacent(u.hex):
            if not self.can_stand(state, a, uid, enemy_hexes) or self.boundary_refusal(uid, a, "retreats"):
                continue
            for b in self.board.adjacent(a):
                if b == u.hex or not self.can_stand(state, b, uid, enemy_hexes):
                    continue
                if self.boundary_refusal(uid, b, "retreats"):
                    continue  # 4.3: never across the divisional boundary
                if all(distance(b, h) > d for h, d in start.items()):
                    adj = any(distance(b, h) == 1 for h in enemy_hexes)
                    key = (adj, -min((distance(b, h) for h in enemy_hexes), default=99), b)
                    ends.setdefault(b, (key, (a, b)))
                    if best is None or key < best[0]:
                        best = (key, (a, b))
        if best is None:
            why = " inside its divisional boundary (4.3)" if self.bound_division(uid) else ""
            return self.eliminate(state, uid, f"no retreat path{why} (§12.5)"), True
        names = {hex_name(b): b for b in ends}
        pick = self.ask(state, side, "retreat", sorted(names), hex_name(best[1][1]),
                        f"{uid} retreats two hexes from {hex_name(u.hex)}: where does it end?")
        best = ends[names[pick]]
        dest = best[1][1]
        state.units[uid] = u.at(dest)
        state.touch()
        ev = [Event("retreat", f"{uid} retreats to {hex_name(dest)}",
                    {"unit": uid, "path": [hex_name(h) for h in best[1]]})]
        if best[0][0] and self.period(state)[0] != "night":
            return ev + self.eliminate(state, uid, "its retreat ends next to the enemy (§12.5)"), True
        return ev, False

    def battalion_losses(self, state, target: Hex | None, steps: int, units: list | None = None) -> list[Event]:
        """§12.6: 4-5 steps from one fire +1, 6+ +2, for every battalion that lost a step there."""
        inc = 2 if steps >= 6 else 1 if steps >= 4 else 0
        if not inc:
            return []
        bns = sorted({self.entry(u.id).battalion for u in (units or (state.units_at(target) if target else []))})
        bn = dict(state.extra.get("bn", {}))
        for b in bns:
            bn[b] = min(self.t.bn_morale_cap, bn.get(b, 0) + inc)
        state.extra["bn"] = bn
        return ([Event("battalion_morale", f"battalion morale +{inc} for {', '.join(bns)} ({steps} steps lost)")]
                if bns else [])

    # --- point fire ----------------------------------------------------------------------
    def point_fire(self, state, dice, firer: str, target: str, rng: int) -> list[Event]:
        """§9: to-hit roll by range band and modifiers, then the AT roll or a gun step."""
        fs, ts = self.spec(firer), self.spec(target)
        tu = state.units[target]
        need = None
        for frac, n in self.t.to_hit:
            if fs.at_range and rng <= frac * fs.at_range:
                need = n
                break
        if need is None:
            return [Event("point_fire", f"{target} is out of {firer}'s point range")]
        mods: list[tuple[str, int]] = []
        cls = self.ter.combat_class(tu.hex, ts.vehicle, self.wire_state(state, tu.hex))
        if self.t.class_mods[cls]["point_to_hit_mod"]:
            mods.append((f"terrain {cls}", self.t.class_mods[cls]["point_to_hit_mod"]))
        if not ts.vehicle and self.ter.is_trench(tu.hex):
            key = "el_bastion_non_vehicle" if tu.hex in self.ter.bastion else "trench_non_vehicle"
            mods.append(("El Bastion (1.6)" if tu.hex in self.ter.bastion else "trench (1.3a)", self.t.point_mods[key]))
        if target in state.extra.get("dug", frozenset()):
            mods.append(("Dug In", self.t.point_mods["dug_in"]))
        if state.extra.get("mode", {}).get(target) == "move" or (ts.vehicle and tu.hex in self.ter.rail):
            mods.append(("target moving (or on the embankment, 1.2b)", self.t.point_mods["target_in_move_mode"]))
        fu = state.units[firer]
        if fs.weapons is True and fu.steps < fs.steps:
            mods.append(("firer has lost a step", self.t.point_mods["firer_weapons_step_lost"]))
        roll, ev = roll2(dice)
        total = roll + sum(m for _, m in mods)
        hit = total >= need
        ev.append(Event("point_fire", f"{firer} fires at {target}: need {need}, roll {roll}"
                                      f"{''.join(f', {n} {m:+d}' for n, m in mods)} = {total}: "
                                      f"{'hit' if hit else 'miss'}",
                        {"need": need, "roll": roll, "mods": mods}))
        if not hit:
            return ev
        if ts.vehicle:
            return ev + self.at_roll(state, dice, target, fs.at_attack)
        ev += self.lose_step(state, target, " (point fire hit a gun)")
        if state.units[target].where == ON_MAP:
            e, _, _ = self.morale_check(state, dice, state.units[target].hex, "point")
            ev += e
        return ev

    def at_roll(self, state, dice, target: str, attack: int) -> list[Event]:
        """§9.2: kill on 2d6 >= 7 + Defense - attack + terrain (a vehicle in a trench hex uses
        Protective, 1.3b)."""
        kill = self.at_kill_need(state, target, attack, state.units[target].hex)
        roll, ev = roll2(dice)
        ok = roll >= kill and kill <= 12
        ev.append(Event("at_roll", f"AT roll on {target}: need {kill}, roll {roll}: {'killed' if ok else 'survives'}",
                        {"need": kill, "roll": roll}))
        if ok:
            riders = self.riders_of(state, target)
            ev += self.eliminate(state, target, "knocked out")
            if riders:
                ev += self.carrier_lost(state, dice, target, riders)  # 1.11b
        return ev

    def at_kill_need(self, state, target: str, attack: int, h: Hex) -> int:
        """§9.2: the 2d6 total an AT attack of ``attack`` needs to knock out vehicle ``target``
        standing in ``h`` (a vehicle in a trench hex uses Protective, 1.3b)."""
        ts = self.spec(target)
        cls = "protective" if self.ter.is_trench(h) else self.ter.combat_class(h, True, self.wire_state(state, h))
        return 7 + ts.defense - attack + self.t.class_mods[cls]["at_kill_mod"]

    def barrage_vs_armour(self, state, dice, target: Hex, attack: int, units: list | None = None) -> list[Event]:
        """Decision 35: a step-loss result gives each Defense 2+ vehicle hit (the hex's, or
        ``units``: a unit entering a barrage marker alone) one AT roll."""
        ev: list[Event] = []
        for u in list(units if units is not None else state.units_at(target)):
            u = state.units[u.id]
            s = self.spec(u.id)
            if u.where == ON_MAP and s.vehicle and s.defense >= 2:
                ev += self.at_roll(state, dice, u.id, attack)
        return ev

    # helpers the rules provide: spec, entry, side_of, wire_state, spotted_by_side, can_stand, period, board
    def _unused(self) -> Any:  # pragma: no cover
        return None
