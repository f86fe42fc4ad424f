"""Kasserine Pass: what the client reads: the odds panel of an attack, the chance of each result, the view.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.combat import ratio_label as odds_label
from ...core.contract import MapLayer
from ...core.hexgrid import Hex, hex_name
from . import verbs as V
from .common import GAME_ID, PHASE_NAME, SIDES, enemy
from .state import KBattle, KPState
from .texts import CHOICES, rule_name, rule_words

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object

# Every result code of the CRT, worst for the attacker first (the order of the chances list).
RESULT_CODES = ("A ELIM", "A BACK 4", "A BACK 3", "A BACK 2", "A BACK 1", "CONTACT", "ENGAGED", "EXCHANGE",
                "D BACK 1", "D BACK 2", "D BACK 3", "D BACK 4", "D ELIM")


def describe_result(code: str) -> tuple[str, str]:
    """What a CRT result does, in our own words, and its rule id (KP-RESULT-...)."""
    words = code.split()
    if words[1:2] == ["BACK"]:
        n = int(words[2])
        hexes = "one hex" if n == 1 else f"{n} hexes"
        if words[0] == "A":
            follow = "the defenders may not follow" if n == 1 else f"the defenders may follow up to {n - 1}"
            return (f"the attackers retreat {hexes}; {follow}", "KP-RESULT-A-BACK")
        follow = "the attackers may not follow" if n == 1 else f"the attackers may follow up to {n - 1}"
        return (f"the defenders retreat {hexes}; {follow}", "KP-RESULT-D-BACK")
    return {
        "A ELIM": ("the attackers lose as many factors as the defence is worth; the rest fall back one hex",
                   "KP-RESULT-A-ELIM"),
        "CONTACT": ("next turn the defenders must counter-attack every attacker, or all move away",
                    "KP-RESULT-CONTACT"),
        "ENGAGED": ("both sides stay locked (flipped): the attacker must attack them again next turn",
                    "KP-RESULT-ENGAGED"),
        "EXCHANGE": ("the defenders are removed; the attackers lose at least as much and may take the hex",
                     "KP-RESULT-EXCHANGE"),
        "D ELIM": ("every defender is removed; the attackers advance a die roll of MP, first into the hex",
                   "KP-RESULT-D-ELIM"),
    }.get(code, (code, "KP-CRT"))


class ViewMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    def battle_detail(self, state: KPState, index: int) -> dict[str, Any]:
        """What an odds panel shows for one declared attack: each attacking unit's base
        factor, terrain multiplier and the rules behind it, the supports, the defence, the
        odds, and the chance of every result on two dice."""
        return self._detail(state, state.kbattles[index])

    def battle_detail_for(self, state: KPState, action: Any) -> dict[str, Any] | None:
        """``battle_detail`` of an attack not yet declared (an ``attack`` or ``select``
        action): the battle as declaring it would make it, joined to an attack already
        declared on the same defenders. None if the rules refuse the action now."""
        if not isinstance(action, (A.Attack, V.Select)) or self.check(state, action) is not None:
            return None
        defenders = getattr(action, "defenders", None) or self.stack_defenders(state, action.target)
        b = next((b for b in state.kbattles if b.target == action.target and set(b.defenders) == set(defenders)),
                 KBattle(action.target, tuple(defenders), ()))
        new = tuple(a for a in action.attackers if a not in b.attackers)
        return self._detail(state, KBattle(b.target, b.defenders, b.attackers + new, b.air))

    def _detail(self, state: KPState, b: KBattle) -> dict[str, Any]:
        st = self.strengths(state, b)
        units = []
        for a in b.attackers:
            if not self._alive(state, a):
                continue
            ah = state.units[a].map_hex
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

    def result_text(self, code: str) -> tuple[str, str]:
        """(what the result does in plain words, its rule id) for a result of the CRT; the
        retreat lengths come from the code as the table data writes it (``D BACK 2``)."""
        if code not in self.result_codes():
            return (code, "KP-CRT")
        return describe_result(code)

    def result_codes(self) -> tuple[str, ...]:
        """Every result the table data can give, worst for the attacker first."""
        got = {r for row in self.T.crt.values() for r in row} | {"A ELIM", "D ELIM"}  # KP-CRT notes
        return tuple(c for c in RESULT_CODES if c in got)

    def for_player(self, text: str) -> str:
        """The engine cites the rule-case ids (KP-ZOC ...); the player reads the rulebook's
        section names (texts.RULE_NAMES)."""
        return rule_words(text)

    def choice_info(self, *args: Any) -> dict[str, str]:
        """Title, rule and help for a decision the engine offers: a ``choose`` (``air``) or a
        verb of this game (``support``, ``select``, ``breakdown``, ``blow``, ``build``).
        Called as ``choice_info(what)`` or, by the client's hook, ``choice_info(state, what)``."""
        info = dict(CHOICES.get(str(args[-1]) if args else "", {}))
        if "help" in info:  # the MP costs as the table data gives them
            info["help"] = info["help"].format(blow=self.T.blow_bridge_mp, build=self.T.build_bridge_mp,
                                               air_from=self.scen.date(self.T.air_power_from_turn))
        return info

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
            "stage": self._stage_view(state),
            "units": [self.unit_view(state, k) for k in sorted(state.units)],
            "control": {hex_name(h): s for h, s in sorted(state.control.items())},
            "german_points": self.german_points(state),
            "blown_bridges": sorted(hex_name(h) for h in state.blown),
            "carries": [{"kind": c.kind, "attacker_side": c.attacker_side, "attackers": list(c.attackers),
                         "defenders": list(c.defenders), "due": c.due_side, "turn": c.turn} for c in state.carries],
            "battles": [{"target": hex_name(b.target), "attackers": list(b.attackers), "defenders": list(b.defenders),
                         "odds": odds_label(self.odds(state, b)) if i not in state.kresolved and b.attackers else None,
                         "air": b.air, "resolved": i in state.kresolved} for i, b in enumerate(state.kbattles)],
            "result": None if state.result is None else {"winner": state.result.winner, "level": state.result.level},
        }

    def stage_of(self, state: KPState) -> tuple[str, str]:
        """The pending battle step and the hex it is about: where the next unit to retreat
        stands (the attackers' own hex after A BACK, not the defended one), the first hex an
        advance enters, the attacked hex of a loss."""
        st = state.stage
        if st is None:
            return "", ""
        h = st.target
        if st.kind == "retreat":
            h = next((state.units[u].hex for u in st.get("pending") if self._alive(state, u)), h)
        elif st.kind == "advance" and st.get("firsts"):
            h = st.get("firsts")[0]
        return st.kind, hex_name(h) if h is not None else ""

    def _stage_view(self, state: KPState) -> dict[str, Any] | None:
        st = state.stage
        if st is None:
            return None
        kind, h = self.stage_of(state)
        units = st.get("pending") if kind == "retreat" else st.get("units") if kind == "advance" else ()
        if kind == "loss":
            units = tuple(self._loss_options(state, st))
        return {"kind": kind, "side": st.side, "target": hex_name(st.target) if st.target is not None else None,
                "hex": h, "units": list(units or ())}

    def snapshot(self, state: KPState) -> dict[str, Any]:
        return state.snapshot()


SIDE_NAMES = {"axis": "Axis", "allied": "Allied"}


class ExplainMixin(_Rules):
    """What the client's explain mode marks, and what a hex's tooltip says, in this game's rule ids."""

    def hex_notes(self, state: KPState, h: Hex, side: str | None) -> tuple[str, ...]:
        """A hex's tooltip lines, its rules named as the rulebook's sections (shown as they are)."""
        out = []
        for s in SIDES:
            if h in self.zoc_sources(state, s):
                out.append(f"in the {SIDE_NAMES[s]} zone of control: a unit entering stops, and must attack "
                           f"({rule_name('KP-ZOC')})")
        if state.units_at(h) and h in self.overstacked(state):
            out.append(f"overstacked: more than the size limit or four counters ({rule_name('KP-STACKING')})")
        return tuple(out)

    def map_layers(self, state: KPState, side: str | None) -> tuple[MapLayer, ...]:
        """What explain marks, each layer with the rulebook's section."""
        zoc = rule_name("KP-ZOC")
        if side is None:
            zones = frozenset().union(*(self.zoc_sources(state, s) for s in SIDES))
            out = [MapLayer("zoc", zones, "zones of control of both sides", zoc)]
        else:
            foe = enemy(side)
            out = [MapLayer("zoc", frozenset(self.zoc_sources(state, foe)),
                            f"{SIDE_NAMES[foe]} zones of control: entering stops a unit, which must then attack",
                            zoc)]
        out.append(MapLayer("over", frozenset(self.overstacked(state)), "overstacked hexes", rule_name("KP-STACKING")))
        return tuple(out)
