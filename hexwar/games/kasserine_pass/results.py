"""Kasserine Pass: combat results: resolving an attack, the CRT results, losses, and the carry-over results
CONTACT and ENGAGED (kept in the state until the turn that settles them).

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import actions as A
from ...core.actions import Event
from ...core.combat import ratio_label as odds_label
from ...core.dice import Dice, roll_dice
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name
from ...core.state import Stage
from ...core.units import ELIMINATED, ON_MAP
from .common import enemy
from .state import Carry, KBattle, KPState

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object


class ResultsMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    # --- carry-over results ----------------------------------------------------------
    def engaged(self, state: KPState) -> set[str]:
        out = state._cache.get("engaged")
        if out is None:
            out = set()
            for c in state.carries:
                if c.kind == "ENGAGED":
                    out.update(x for x in c.attackers + c.defenders if self._alive(state, x))
            state._cache["engaged"] = out
        return out

    def _alive(self, state: KPState, uid: str) -> bool:
        u = state.units.get(uid)
        return u is not None and u.where == ON_MAP

    def _settle_carries(self, state: KPState) -> None:
        """A carry-over is settled by the combat phase it was due in; prune the rest."""
        keep = []
        for c in state.carries:
            if c.due_side == self.phase_side(state) and c.turn <= state.turn:
                continue
            if (not any(self._alive(state, x) for x in c.attackers)
                    or not any(self._alive(state, x) for x in c.defenders)):
                continue
            keep.append(c)
        state.carries = keep

    def _drop_from_carries(self, state: KPState, uid: str) -> None:
        state.carries = [Carry(c.kind, c.attacker_side, tuple(x for x in c.attackers if x != uid),
                               tuple(x for x in c.defenders if x != uid), c.due_side, c.turn) for c in state.carries]

    # --- combat: resolution -------------------------------------------------------------------------------
    def _check_resolve(self, state: KPState, act: A.Resolve) -> Illegal | None:
        if not state.phase.endswith("_combat") or state.step != "resolve":
            return Illegal("KP-ARTILLERY", "battles are resolved after both sides have allocated artillery")
        if self._next_battle(state, act.target) is None:
            return Illegal("KP-SEQUENCE", f"no unresolved attack on {hex_name(act.target)}")
        return None

    def _next_battle(self, state: KPState, target: Hex) -> int | None:
        for i, b in enumerate(state.kbattles):
            if b.target == target and i not in state.kresolved:
                return i
        return None

    def _apply_resolve(self, state: KPState, act: A.Resolve, dice: Dice, ev: list[Event]) -> None:
        bi = self._next_battle(state, act.target)
        assert bi is not None
        state.kresolved.append(bi)
        b = state.kbattles[bi]
        # an earlier result may have moved or killed units of this attack
        alive_a = tuple(a for a in b.attackers
                        if self._alive(state, a) and self.uside(state, a) == self.phase_side(state)
                        and distance(state.units[a].map_hex, b.target) == 1)
        alive_d = tuple(d for d in b.defenders if self._alive(state, d) and state.units[d].hex == b.target)
        if not alive_a or not alive_d:
            ev.append(Event("battle_void", f"the attack on {hex_name(b.target)} has no one left to fight", {}))
            return
        b = KBattle(b.target, alive_d, alive_a, b.air)
        state.kbattles[bi] = b
        o = self.odds(state, b)
        st = self.strengths(state, b)
        dice_ = roll_dice(dice, 2, f"combat at {hex_name(b.target)}, {odds_label(o)}", ev)
        res = self.crt_result(o, sum(dice_))
        # any new result replaces the carry-overs these units had (KP-RESULT-ENGAGED, KP-RESULT-CONTACT)
        involved = set(alive_a) | set(alive_d)
        state.carries = [c for c in state.carries if not (set(c.attackers) | set(c.defenders)) & involved]
        ev.append(Event("combat", f"{odds_label(o)} ({float(st['attack']):.4g} to {float(st['defense']):.4g}), "
                                  f"dice {sum(dice_)}: {res}",
                        {"target": hex_name(b.target), "odds": odds_label(o), "total": sum(dice_), "result": res,
                         "attack": str(st["attack"]), "defense": str(st["defense"])}))
        self._apply_result(state, bi, res, dice, ev)

    def _apply_result(self, state: KPState, bi: int, res: str, dice: Dice, ev: list[Event]) -> None:
        b = state.kbattles[bi]
        atk_side, def_side = self.phase_side(state), enemy(self.phase_side(state))
        word = res.split()
        if res == "A ELIM":  # KP-RESULT-A-ELIM, KP-ERRATA-ARTILLERY-LOSS
            self._start_loss(state, bi, atk_side, self.basic_defense(state, b), "retreat_attackers", ev)
        elif word[:2] == ["A", "BACK"]:  # KP-RESULT-A-BACK
            self._start_retreat(state, bi, atk_side, b.attackers, int(word[2]), "defender_advance", ev)
        elif res == "CONTACT":  # KP-RESULT-CONTACT
            due_turn = state.turn if atk_side == "axis" else state.turn + 1
            state.carries.append(Carry("CONTACT", atk_side, b.attackers, b.defenders, def_side, due_turn))
            ev.append(Event("carry", f"CONTACT at {hex_name(b.target)}: next turn the {def_side} must counter-attack "
                                     "all the attackers or move every defender away", {"kind": "CONTACT"}))
        elif res == "ENGAGED":  # KP-RESULT-ENGAGED
            state.carries.append(Carry("ENGAGED", atk_side, b.attackers, b.defenders, atk_side, state.turn + 1))
            ev.append(Event("carry", f"ENGAGED at {hex_name(b.target)}: the defenders are flipped; the {atk_side} "
                                     "must attack them again next turn", {"kind": "ENGAGED"}))
        elif res == "EXCHANGE":  # KP-RESULT-EXCHANGE, KP-EXCHANGE-LOSS
            need = self.basic_defense(state, b)
            for d in self._whole_fate(state, b):
                self._eliminate(state, d, ev, "EXCHANGE")
            self._start_loss(state, bi, atk_side, need, "occupy", ev)
        elif word[:2] == ["D", "BACK"]:  # KP-RESULT-D-BACK
            self._start_retreat(state, bi, def_side, b.defenders, int(word[2]), "attacker_advance", ev)
        elif res == "D ELIM":  # KP-RESULT-D-ELIM, KP-ERRATA-D-ELIM
            for d in self._whole_fate(state, b):
                self._eliminate(state, d, ev, "D ELIM")
            mp = roll_dice(dice, 1, "advance after D ELIM (MP)", ev)[0]
            self._start_advance(state, bi, atk_side, b.attackers, ("mp", mp), (b.target,), ev)
        else:  # pragma: no cover - the tables are checked on load
            raise ValueError(res)

    def _whole_fate(self, state: KPState, b: KBattle) -> list[str]:
        """Units removed by D ELIM or EXCHANGE: the defenders, and with a whole-stack attack
        the artillery of the stack too (D7)."""
        out = [d for d in b.defenders if self._alive(state, d)]
        if set(b.defenders) >= set(self.stack_defenders(state, b.target)):
            out += [u.id for u in state.units_at(b.target) if u.id not in out]
        return out

    def _eliminate(self, state: KPState, uid: str, ev: list[Event], why: str) -> None:
        state.units[uid] = state.units[uid].at(None, ELIMINATED)
        state.mp.pop(uid, None)
        state.touch()
        ev.append(Event("eliminated", f"{uid} is eliminated ({why})", {"unit": uid, "why": why}))

    # losses
    def _start_loss(self, state: KPState, bi: int, side: str, need: int, then: str, ev: list[Event]) -> None:
        b = state.kbattles[bi]
        pool = [a for a in b.attackers if self._alive(state, a)]
        total = sum(self.kspec(state, a).factor for a in pool)
        if total <= need:
            for a in pool:
                self._eliminate(state, a, ev, f"loses {need} factors")
            self._after_loss(state, bi, then, ev)
            return
        state.stage = Stage("loss", side, b.target, (("battle", bi), ("need", need), ("removed", 0), ("then", then)))

    def _loss_options(self, state: KPState, st: Stage) -> list[str]:
        b = state.kbattles[st.get("battle")]
        return [a for a in b.attackers if self._alive(state, a)]

    def _apply_loss(self, state: KPState, st: Stage, uid: str, ev: list[Event]) -> None:
        removed = st.get("removed") + self.kspec(state, uid).factor
        self._eliminate(state, uid, ev, "combat loss")
        state.stage = None
        bi = st.get("battle")
        left = [a for a in state.kbattles[bi].attackers if self._alive(state, a)]
        if removed >= st.get("need") or not left:
            self._after_loss(state, bi, st.get("then"), ev)
        elif sum(self.kspec(state, a).factor for a in left) <= st.get("need") - removed:
            for a in left:
                self._eliminate(state, a, ev, "combat loss")
            self._after_loss(state, bi, st.get("then"), ev)
        else:
            state.stage = st.with_(removed=removed)

    def _after_loss(self, state: KPState, bi: int, then: str, ev: list[Event]) -> None:
        b = state.kbattles[bi]
        side = self.phase_side(state)
        if then == "retreat_attackers":  # A ELIM: the survivors go back one hex
            self._start_retreat(state, bi, side, b.attackers, 1, "done", ev)
        else:  # EXCHANGE: the survivors may take the hex
            self._start_advance(state, bi, side, b.attackers, ("hexes", 1), (b.target,), ev)

    def _finish_battle(self, state: KPState, ev: list[Event]) -> None:
        state.stage = None
        state.touch()
