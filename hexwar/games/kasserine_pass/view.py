"""Kasserine Pass: what the client reads: the odds panel of an attack, the chance of each result, the view.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import Any

from ...core.combat import ratio_label as odds_label
from ...core.hexgrid import hex_name

from .common import GAME_ID, PHASE_NAME
from .state import KPState


class ViewMixin:
    """Part of KPRules; see the module docstring."""

    def battle_detail(self, state: KPState, index: int) -> dict[str, Any]:
        """What an odds panel shows for one declared attack: each attacking unit's base
        factor, terrain multiplier and the rules behind it, the supports, the defence, the
        odds, and the chance of every result on two dice."""
        b = state.kbattles[index]
        st = self.strengths(state, b)
        units = []
        for a in b.attackers:
            if not self._alive(state, a):
                continue
            ah = state.units[a].hex
            why = []
            if self.is_cliff(ah, b.target) and self.height[b.target] > self.height[ah]:
                why.append("KP-CLIFF")
            elif self.height[ah] < self.height[b.target]:
                why.append("KP-HEIGHT")
            if self.board.terrain[ah] == "river":
                why.append("KP-RIVER-ATTACK")
            m = self.attack_multiplier(state, ah, b.target)
            if len(why) > 1:
                why.append("KP-SEMI-CUMULATIVE")
            sup = [bat for bat, t in state.support.items() if t == a]
            units.append({"unit": a, "base": self.kspec(state, a).factor, "multiplier": str(m), "rules": why,
                          "support": {bat: self.kspec(state, bat).factor for bat in sup}})
        dsup = {bat: self.kspec(state, bat).factor for bat, t in state.support.items() if t in b.defenders}
        o = self.odds(state, b)
        return {"target": hex_name(b.target), "attackers": units, "attack": str(st["attack"]),
                "defenders": list(b.defenders), "defense_base": str(st["defense_base"]), "city": st["city"],
                "defense_support": dsup, "defense": str(st["defense"]), "odds": odds_label(o), "air": b.air,
                "chances": self.result_chances(o)}

    def result_chances(self, o: tuple[int, int]) -> dict[str, Fraction]:
        """KP-CRT: the probability of each result at these odds (two dice, totals 2-12)."""
        ways = {t: 6 - abs(t - 7) for t in range(2, 13)}
        out: dict[str, Fraction] = {}
        for t, w in ways.items():
            r = self.crt_result(o, t)
            out[r] = out.get(r, Fraction(0)) + Fraction(w, 36)
        return out

    # --- views ------------------------------------------------------------------------------------------
    def unit_view(self, state: KPState, uid: str) -> dict[str, Any]:
        u = state.units[uid]
        s = self.kspec(state, uid)
        eng = self.engaged(state)
        return {"id": uid, "name": self.name(state, uid), "side": self.uside(state, uid), "nation": s.nation,
                "type": s.type, "size": s.size, "factor": s.factor, "ma": s.ma, "range": s.range,
                "label": f"{s.factor}-{s.ma}" + (f" r{s.range}" if s.range else ""), "where": u.where,
                "hex": hex_name(u.hex) if u.hex else None, "mp": state.mp.get(uid), "engaged": uid in eng,
                "flipped": uid in eng and any(uid in c.defenders for c in state.carries if c.kind == "ENGAGED"),
                "arrives": u.arrives, "captured": uid in state.owner}

    def view(self, state: KPState, side: str | None) -> dict[str, Any]:
        """Everything is public in this game (no hidden units)."""
        return {
            "game": GAME_ID, "turn": state.turn, "date": self.scen.date(state.turn), "phase": state.phase,
            "phase_name": PHASE_NAME[state.phase], "step": state.step, "acting": self.acting_side(state),
            "stage": None if state.stage is None else {"kind": state.stage.kind, "side": state.stage.side},
            "units": [self.unit_view(state, k) for k in sorted(state.units)],
            "control": {hex_name(h): s for h, s in sorted(state.control.items())},
            "german_points": self.german_points(state),
            "blown_bridges": sorted(hex_name(h) for h in state.blown),
            "carries": [{"kind": c.kind, "attacker_side": c.attacker_side, "attackers": list(c.attackers),
                         "defenders": list(c.defenders), "due": c.due_side, "turn": c.turn} for c in state.carries],
            "battles": [{"target": hex_name(b.target), "attackers": list(b.attackers), "defenders": list(b.defenders),
                         "odds": odds_label(self.odds(state, b)) if i not in state.kresolved and b.attackers else None,
                         "air": b.air} for i, b in enumerate(state.kbattles)],
            "result": None if state.result is None else {"winner": state.result.winner, "level": state.result.level},
        }

    def snapshot(self, state: KPState) -> dict[str, Any]:
        return state.snapshot()
