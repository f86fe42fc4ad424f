"""Kasserine Pass: combat before the dice: strengths, height/river/cliff multipliers, odds, the CRT lookup,
declaring attacks (selective for the Germans), Allied air power, and what the attacker still
owes (obligations of ZOC, CONTACT and ENGAGED).

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.actions import Event
from ...core.combat import odds_ratio, semi_cumulative
from ...core.combat import ratio_label as odds_label
from ...core.combat import shift_ratio as shift_odds
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP
from . import verbs as V
from .common import H, Q, enemy
from .state import KBattle, KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class CombatMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- combat: strengths and odds ------------------------------------------------------------
    def attack_multiplier(self, state: KPState, a: Hex, t: Hex) -> Fraction:
        """KP-HEIGHT, KP-CLIFF, KP-RIVER-ATTACK, KP-SEMI-CUMULATIVE, KP-COMBINATION-HEX."""
        m = self._mult_cache.get((a, t))  # the map alone decides it
        if m is None:
            m = self._mult_cache[(a, t)] = self._attack_multiplier(a, t)
        return m

    def _attack_multiplier(self, a: Hex, t: Hex) -> Fraction:
        ms = []
        if self.is_cliff(a, t) and self.height[t] > self.height[a]:
            ms.append(Q)  # attacking up a cliff: quartered
        elif self.height[a] < self.height[t]:
            ms.append(H)  # the defender holds the height advantage
        if self.board.terrain[a] == "river":
            ms.append(H)  # from a river hex (a road-and-river hex counts as river)
        return semi_cumulative(ms, Q)

    def basic_defense(self, state: KPState, b: KBattle) -> int:
        """Printed value of the defenders (a lone battery counts 1), doubled in a city:
        what the attacker must match on A ELIM and EXCHANGE (KP-EXCHANGE-LOSS)."""
        v = sum(self._def_factor(state, d, b) for d in b.defenders if self._alive(state, d))
        return v * 2 if b.target in self.city else v

    def _def_factor(self, state: KPState, uid: str, b: KBattle) -> int:
        if self.is_art(state, uid):
            return self.T.lone_artillery_defense  # KP-ARTILLERY-ALONE
        return self.kspec(state, uid).factor

    def strengths(self, state: KPState, b: KBattle, with_defense_support: bool = True) -> dict[str, Any]:
        att = Fraction(0)
        parts = []
        for a in b.attackers:
            if not self._alive(state, a):
                continue
            s = self.kspec(state, a)
            m = self.attack_multiplier(state, state.units[a].map_hex, b.target)
            att += s.factor * m
            parts.append({"unit": a, "base": s.factor, "multiplier": str(m), "value": str(s.factor * m)})
        sup_a = sum(self.kspec(state, bat).factor for bat, t in state.support.items()
                    if t in b.attackers and self.uside(state, bat) == self.uside(state, t))
        base = Fraction(sum(self._def_factor(state, d, b) for d in b.defenders if self._alive(state, d)))
        city = b.target in self.city
        dfn = base * 2 if city else base  # KP-CITY
        sup_d = 0
        if with_defense_support:
            sup_d = sum(self.kspec(state, bat).factor for bat, t in state.support.items()
                        if t in b.defenders and self.uside(state, bat) == self.uside(state, t))
        return {"attack": att + sup_a, "defense": dfn + sup_d, "attack_parts": parts, "attack_support": sup_a,
                "defense_base": base, "city": city, "defense_support": sup_d}

    def odds(self, state: KPState, b: KBattle, with_defense_support: bool = True) -> tuple[int, int]:
        s = self.strengths(state, b, with_defense_support)
        if s["defense"] <= 0:
            return (99, 1)
        o = odds_ratio(s["attack"], s["defense"])  # KP-ODDS: rounded in the defender's favour
        if b.air:
            o = shift_odds(o, 1)  # KP-OPT-AIR-POWER: one level up
        return o

    def _declared_odds(self, state: KPState, b: KBattle) -> tuple[int, int]:
        """``odds(state, b, with_defense_support=False)`` without the per-unit details that
        the panel shows (checking a declaration needs only the ratio), counted in quarter
        points: every multiplier is 1, 1/2 or 1/4 (KP-SEMI-CUMULATIVE), so the sums are
        whole numbers and the ratio is the same as with fractions."""
        att: int | Fraction = 0
        for a in b.attackers:
            if self._alive(state, a):
                k = (state.units[a].map_hex, b.target)
                m4 = self._mult4.get(k)
                if m4 is None:
                    m4 = self.attack_multiplier(state, *k) * 4
                    m4 = self._mult4[k] = int(m4) if m4.denominator == 1 else m4
                att += self.kspec(state, a).factor * m4
        att += 4 * sum(self.kspec(state, bat).factor for bat, t in state.support.items()
                       if t in b.attackers and self.uside(state, bat) == self.uside(state, t))
        dfn = 4 * sum(self._def_factor(state, d, b) for d in b.defenders if self._alive(state, d))
        if b.target in self.city:
            dfn *= 2  # KP-CITY
        if dfn <= 0:
            return (99, 1)
        if isinstance(att, Fraction) and att.denominator == 1:
            att = int(att)
        o = odds_ratio(att, Fraction(dfn)) if isinstance(att, Fraction) else _int_odds(att, dfn)  # KP-ODDS
        return shift_odds(o, 1) if b.air else o

    def crt_result(self, o: tuple[int, int], total: int) -> str:
        """KP-CRT: beyond 8-1 D ELIM; 1-6 automatic A ELIM; worse is refused earlier (and
        reads as A ELIM if the defender's artillery pushes it there, D5)."""
        a, d = o
        if d == 1 and a > 8:
            return "D ELIM"
        if a == 1 and d >= 6:
            return "A ELIM"
        if a == 0:
            return "A ELIM"
        return self.T.crt[odds_label(o)][total - 2]

    # --- combat: declarations -----------------------------------------------------------------------
    def _battle_of(self, state: KPState, uid: str, role: str) -> int | None:
        for i, b in enumerate(state.kbattles):
            if uid in (b.attackers if role == "a" else b.defenders):
                return i
        return None

    def stack_defenders(self, state: KPState, h: Hex) -> tuple[str, ...]:
        """KP-ARTILLERY-STACK: attacks go against the regular units of a stack, as if its
        artillery were not there; artillery alone is attacked itself (KP-ARTILLERY-ALONE)."""
        us = state.units_at(h)
        regular = tuple(u.id for u in us if not self.is_art(state, u.id))
        return regular or tuple(u.id for u in us)

    def _attacker_problem(self, state: KPState, uid: str, target: Hex) -> Illegal | None:
        u = state.units.get(uid)
        side = self.phase_side(state)
        if u is None or u.where != ON_MAP or self.uside(state, uid) != side:
            return Illegal("KP-SEQUENCE", f"{uid} is not a unit of the attacking side on the map")
        if self.is_art(state, uid):
            return Illegal("KP-ARTILLERY", f"{uid} is artillery: it supports attacks, it does not make them")
        if self.kspec(state, uid).factor <= 0:
            return Illegal("KP-CRT", f"{uid} has no combat factor")
        if distance(u.map_hex, target) != 1:
            return Illegal("KP-ZOC", f"{uid} is not next to {hex_name(target)}")
        bi = self._battle_of(state, uid, "a")
        if bi is not None and state.kbattles[bi].target != target:
            return Illegal("KP-ZOC", f"{uid} already attacks {hex_name(state.kbattles[bi].target)} this phase")
        if bi is None and not self._can_pay(state, uid):
            return Illegal("KP-COST-OF-COMBAT", f"{uid} has {state.mp.get(uid, 0):g} MP left; fighting costs "
                                                f"{self.combat_cost(state, uid)}")
        return None

    def _can_pay(self, state: KPState, uid: str) -> bool:
        # KP-COST-OF-COMBAT: one hex and fight is always allowed
        return state.mp.get(uid, 0) >= self.combat_cost(state, uid) - 1e-9 or state.hexes_moved.get(uid, 0) <= 1

    def _check_attack(self, state: KPState, target: Hex, defenders: tuple[str, ...] | None,
                      attackers: tuple[str, ...]) -> Illegal | None:
        side = self.phase_side(state)
        if not state.phase.endswith("_combat") or state.step != "declare":
            return Illegal("KP-SEQUENCE", "attacks are declared at the start of the combat phase")
        if not attackers or len(set(attackers)) != len(attackers):
            return Illegal("KP-SEQUENCE", "name each attacking unit once")
        foes = [u for u in state.units_at(target) if self.uside(state, u.id) != side]
        if not foes:
            return Illegal("KP-SEQUENCE", f"no enemy unit at {hex_name(target)}")
        whole = self.stack_defenders(state, target)
        if defenders is None:
            defenders = whole
        else:
            if side != "axis":
                return Illegal("KP-SELECTIVE-ATTACK", "only the Germans make selective attacks; the Allies attack "
                                                      "the whole stack")
            if not defenders or any(d not in whole for d in defenders):
                return Illegal("KP-ARTILLERY-STACK", "pick defenders among the regular units of the stack "
                                                     "(artillery in a stack cannot be singled out)")
        existing = [i for i, b in enumerate(state.kbattles)
                    if b.target == target and set(b.defenders) == set(defenders)]
        if not existing:
            taken = [d for d in defenders if self._battle_of(state, d, "d") is not None]
            if taken:
                return Illegal("KP-SELECTIVE-ATTACK", f"{', '.join(taken)} already defends in another attack")
        for a in attackers:
            why = self._attacker_problem(state, a, target)
            if why:
                return why
            bi = self._battle_of(state, a, "a")
            if bi is not None and bi not in existing:
                return Illegal("KP-ZOC", f"{a} already attacks this phase")
        b = state.kbattles[existing[0]] if existing else KBattle(target, tuple(defenders), ())
        if all(a in b.attackers for a in attackers):  # nothing new: re-declaring would change nothing
            return Illegal("KP-SEQUENCE", f"{', '.join(attackers)} already attack {hex_name(target)}")
        nb = KBattle(target, b.defenders, tuple(dict.fromkeys(b.attackers + attackers)), b.air)
        o = self._declared_odds(state, nb)
        if o[0] == 1 and o[1] > 6:
            return Illegal("KP-CRT", f"odds of {odds_label(o)} are worse than 1-6 and not allowed")
        return None

    def _apply_attack(self, state: KPState, target: Hex, defenders: tuple[str, ...] | None,
                      attackers: tuple[str, ...], ev: list[Event]) -> None:
        whole = self.stack_defenders(state, target)
        defenders = defenders or whole
        for i, b in enumerate(state.kbattles):
            if b.target == target and set(b.defenders) == set(defenders):
                new = tuple(a for a in attackers if a not in b.attackers)
                state.kbattles[i] = KBattle(target, b.defenders, b.attackers + new, b.air)
                break
        else:
            new = attackers
            state.kbattles.append(KBattle(target, tuple(defenders), tuple(attackers)))
        for a in new:
            state.mp[a] = max(0.0, state.mp.get(a, 0) - self.combat_cost(state, a))  # KP-COST-OF-COMBAT
        ev.append(Event("attack", f"{', '.join(attackers)} attack {', '.join(defenders)} at {hex_name(target)}",
                        {"target": hex_name(target), "attackers": list(attackers), "defenders": list(defenders)}))

    def _check_air(self, state: KPState, value: str) -> Illegal | None:
        if not self.opt("air_power"):
            return Illegal("KP-OPT-AIR-POWER", "the Allied air power option is off")
        if self.phase_side(state) != "allied" or state.step != "declare":
            return Illegal("KP-OPT-AIR-POWER", "the Allies add air power to one of their attacks while setting them up")
        if state.turn < self.T.air_power_from_turn:
            return Illegal("KP-OPT-AIR-POWER", f"air power starts on {self.scen.date(self.T.air_power_from_turn)}")
        if self.opt("air_power_by_die") and state.air_state != "yes":
            return Illegal("KP-OPT-AIR-POWER", "the die gave the Allies no air superiority")
        if state.air_used == state.turn:
            return Illegal("KP-OPT-AIR-POWER", "one attack a turn")
        if not any(hex_name(b.target) == value for b in state.kbattles):
            return Illegal("KP-OPT-AIR-POWER", f"no Allied attack declared on {value}")
        return None

    def _apply_air(self, state: KPState, value: str, ev: list[Event]) -> None:
        i = next(i for i, b in enumerate(state.kbattles) if hex_name(b.target) == value)
        b = state.kbattles[i]
        state.kbattles[i] = KBattle(b.target, b.defenders, b.attackers, True)
        state.air_used = state.turn
        ev.append(Event("air", f"Allied air power raises the attack on {value} one column", {"target": value}))

    # --- combat: obligations --------------------------------------------------------------------------
    def obligations(self, state: KPState) -> list[tuple[str, str, tuple[str, ...]]]:
        """What the attacking side still owes before closing its declarations:
        (rule, text, units) for each unmet duty that a legal attack could meet."""
        side = self.phase_side(state)
        out = []
        attacking = {a for b in state.kbattles for a in b.attackers}
        defending = {d for b in state.kbattles for d in b.defenders}
        zs = self.zoc_sources(state, enemy(side))
        engaged_def: set[str] = set()
        for c in state.carries:
            if c.kind == "ENGAGED" and c.attacker_side != side:
                engaged_def.update(c.defenders)
        for c in state.carries:
            alive_a = [x for x in c.attackers if self._alive(state, x)]
            alive_d = [x for x in c.defenders if self._alive(state, x)]
            if c.kind == "CONTACT" and c.due_side == side and c.turn == state.turn:
                # KP-RESULT-CONTACT: counter-attack every attacker, or all defenders step away
                near = [a for a in alive_a
                        if any(distance(state.units[a].map_hex, state.units[d].map_hex) == 1 for d in alive_d)]
                if near:
                    miss = [a for a in near if a not in defending and self._attackable(state, a)]
                    if miss:
                        out.append(("KP-RESULT-CONTACT", "after CONTACT, counter-attack all the units that attacked, "
                                    "or move every defender away", tuple(miss)))
            if c.kind == "ENGAGED" and c.attacker_side == side and c.turn == state.turn:
                # KP-RESULT-ENGAGED: the attacker must attack again all the units it engaged
                miss = [d for d in alive_d if d not in defending and self._attackable(state, d)
                        and any(distance(state.units[d].map_hex, state.units[a].map_hex) == 1 for a in alive_a)]
                if miss:
                    out.append(("KP-RESULT-ENGAGED", "after ENGAGED, attack again every unit engaged", tuple(miss)))
            if c.kind == "ENGAGED" and c.attacker_side != side:
                countered = any(a in defending for a in alive_a) or any(d in attacking for d in alive_d)
                if countered:
                    miss = [a for a in alive_a if a not in defending and self._attackable(state, a)]
                    if miss:
                        out.append(("KP-RESULT-ENGAGED", "a counter-attack on an engagement must hit all the units "
                                    "that attacked", tuple(miss)))
        # KP-ZOC: no staying in an enemy zone of control without attacking
        idle = [u.id for u in self.on_map(state, side)
                if u.hex in zs and u.id not in attacking and u.id not in engaged_def and not self.is_art(state, u.id)
                and self.kspec(state, u.id).factor > 0 and self._can_attack_somewhere(state, u.id)]
        if idle:
            out.append(("KP-ZOC", "units in an enemy zone of control must attack", tuple(sorted(idle))))
        return out

    def _attackable(self, state: KPState, uid: str) -> bool:
        """Some legal attack could include this enemy unit as a defender."""
        h = state.units[uid].map_hex
        whole = self.stack_defenders(state, h)
        if uid not in whole:
            return False
        return any(uid in (a.defenders if isinstance(a, V.Select) else whole) for a in self._attack_options(state, h))

    def _can_attack_somewhere(self, state: KPState, uid: str) -> bool:
        side = self.phase_side(state)
        for n in self.board.adjacent(state.units[uid].map_hex):
            if any(self.uside(state, x.id) != side for x in state.units_at(n)):
                if any(uid in a.attackers for a in self._attack_options(state, n)):
                    return True
        return False

    def _attack_options(self, state: KPState, target: Hex) -> list[A.Attack | V.Select]:
        key = (target, len(state.kbattles), tuple(state.kbattles))
        memo = state._cache.get("atk")
        if memo is None:
            memo = state._cache["atk"] = {}
        c: list[A.Attack | V.Select] | None = memo.get(key)
        if c is not None:
            return c
        side = self.phase_side(state)
        free = []
        for n in self.board.adjacent(target):
            for u in state.units_at(n):
                if self.uside(state, u.id) == side and self._attacker_problem(state, u.id, target) is None:
                    free.append(u.id)
        out: list[A.Attack | V.Select] = []
        if free:
            cands: list[A.Attack | V.Select] = [A.Attack(target, tuple(free))]
            cands += [A.Attack(target, (f,)) for f in free if len(free) > 1]
            if side == "axis":
                for d in self.stack_defenders(state, target):
                    if len(self.stack_defenders(state, target)) > 1:
                        cands.append(V.Select(target, (d,), tuple(free)))
            out = [a for a in cands
                   if self._check_attack(state, a.target, getattr(a, "defenders", None), a.attackers) is None]
        memo[key] = out
        return out


def _int_odds(attack: int, defense: int) -> tuple[int, int]:
    """``core.combat.odds_ratio`` for whole numbers (rounded in the defender's favour)."""
    if attack <= 0:
        return (0, 1)
    if attack >= defense:
        return (attack // defense, 1)
    return (1, -(-defense // attack))
