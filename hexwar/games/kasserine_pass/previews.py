"""Kasserine Pass: what an action would bring, as the contract's ``Preview`` (``core.contract``).

An attack being declared (``attack``, ``select``), a declared one (``resolve``), a battery's
support and Allied air power are each worked out line by line with the rule ids: every
attacker's factor and the terrain rules that cut it, the batteries, the defence and the city,
the ratio and its rounding, air power and the table's limits; then every CRT result with its
chance on two dice. An attack also says which other units may still join it.

A mixin of ``KPRules`` (rules.py): it uses the rules object's other parts through ``self``.
"""
from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.combat import odds_ratio
from ...core.combat import ratio_label as odds_label
from ...core.combat import shift_ratio as shift_odds
from ...core.contract import COSTLY, HARMLESS, Outcome, Preview, PreviewLine, ResultTable
from ...core.hexgrid import Hex, distance, hex_name
from . import verbs as V
from .scenario import COLUMNS
from .state import KBattle, KPState
from .verbs import KPAction

if TYPE_CHECKING:  # a part of KPRules, whose other parts it uses (host.py)
    from .host import KPHost as _Rules
else:
    _Rules = object

# The words for each terrain rule that cuts an attacker's factor (the ids ``battle_detail`` gives).
CUTS = {"KP-CLIFF": "up a cliff", "KP-HEIGHT": "the defender is higher", "KP-RIVER-ATTACK": "from a river hex",
        "KP-SEMI-CUMULATIVE": "never below 1/4"}
# Results that cost the attacker something (ground or units); the others cost the defender or nobody yet.
BAD_FOR_ATTACKER = ("A ELIM", "A BACK", "EXCHANGE")


def num(x: Any) -> str:
    """A factor as printed: 4, 2.5, 0.75 (Fractions have no 'g' format)."""
    q = Fraction(str(x))
    return str(q.numerator) if q.denominator == 1 else f"{float(q):g}"


def result_level(code: str) -> int:
    """How bad a result is for the side that attacks."""
    return COSTLY if code.startswith(BAD_FOR_ATTACKER) else HARMLESS


class PreviewsMixin(_Rules):
    """Part of KPRules; see the module docstring."""

    def preview(self, state: KPState, action: KPAction) -> Preview | None:
        if isinstance(action, (A.Attack, V.Select)):
            return self.attack_preview(state, action)
        if isinstance(action, A.Resolve):
            i = self._next_battle(state, action.target)
            if i is None:
                return None
            return self.resolve_preview(state, state.kbattles[i])
        if isinstance(action, V.Support):
            return self.support_preview(state, action)
        if isinstance(action, A.Choose) and action.what == "air":
            return self.air_preview(state, action)
        return None

    def result_table(self, state: KPState, action: KPAction | None) -> ResultTable | None:
        """KP-CRT as the player reads it: a column per odds, a row per two-dice total, the
        column of the attack at hand marked (its preview's odds, air power included); odds past
        either end of the table are said in the note instead."""
        rows = tuple((str(t), tuple(self.T.crt[c][t - 2] for c in COLUMNS)) for t in range(2, 13))
        column: int | None = None
        note = ""
        if isinstance(action, (A.Attack, V.Select, A.Resolve)):
            p = self.preview(state, action)
            if p is not None and p.refusal is None and p.figure:
                if p.figure in COLUMNS:
                    column = COLUMNS.index(p.figure)
                else:
                    limit = next((ln.text for ln in p.lines if ln.rule == "KP-CRT"), "")
                    note = f"{p.figure}: {limit}" if limit else ""
        return ResultTable("Combat results", "KP-CRT", COLUMNS, rows, column, "Dice", "odds", note)

    # --- attacks ---------------------------------------------------------------------------
    def attack_preview(self, state: KPState, act: A.Attack | V.Select) -> Preview:
        """The attack as declaring it would make it (joined to one already declared on the
        same defenders), or the rule that refuses it; either way the units that may join."""
        title = f"{', '.join(act.attackers)} against {hex_name(act.target)}"
        joiners = self.may_join(state, act.target, act.attackers)
        note = joiners_note(act.target, joiners)
        why = self.check(state, act)
        if why is not None:
            return Preview(title, refusal=why, note=note, detail={"may_join": joiners})
        defenders = getattr(act, "defenders", None) or self.stack_defenders(state, act.target)
        b = next((b for b in state.kbattles if b.target == act.target and set(b.defenders) == set(defenders)),
                 KBattle(act.target, tuple(defenders), ()))
        new = tuple(a for a in act.attackers if a not in b.attackers)
        return self.battle_preview(state, KBattle(b.target, b.defenders, b.attackers + new, b.air), title, note,
                                   {"may_join": joiners})

    def may_join(self, state: KPState, target: Hex, taken: tuple[str, ...] = ()) -> dict[str, tuple[str, ...]]:
        """Hex name -> the units there that may still attack ``target`` this phase beside
        ``taken`` and those already attacking it: any of them, alone or together, from one
        stack or several (no rule keeps a stack's units together in an attack)."""
        side = self.phase_side(state)
        already = {a for b in state.kbattles if b.target == target for a in b.attackers} | set(taken)
        out: dict[str, tuple[str, ...]] = {}
        for n in self.board.adjacent(target):
            ids = tuple(u.id for u in state.units_at(n) if u.id not in already and self.uside(state, u.id) == side
                        and self._attacker_problem(state, u.id, target) is None)
            if ids:
                out[hex_name(n)] = ids
        return out

    def resolve_preview(self, state: KPState, b: KBattle) -> Preview:
        """A declared attack as it will be fought: the attackers still next to the hex, the
        defenders still in it (an earlier result may have moved or removed some)."""
        title = f"The attack on {hex_name(b.target)}"
        side = self.phase_side(state)
        atk = tuple(a for a in b.attackers if self._alive(state, a) and self.uside(state, a) == side
                    and distance(state.units[a].map_hex, b.target) == 1)
        dfn = tuple(d for d in b.defenders if self._alive(state, d) and state.units[d].hex == b.target)
        if not atk or not dfn:
            return Preview(title, "no battle", note="no one is left to fight: the attack lapses without a roll")
        return self.battle_preview(state, KBattle(b.target, dfn, atk, b.air), title)

    def battle_preview(self, state: KPState, b: KBattle, title: str, note: str = "",
                       extra: dict[str, Any] | None = None) -> Preview:
        d = self._detail(state, b)
        lines: list[PreviewLine] = []
        for a in d["attackers"]:
            m = Fraction(a["multiplier"])
            val = a["base"] * m
            text = f"{a['unit']}: {a['base']}"
            if m != 1:
                text += f" × {m} = {num(val)} ({'; '.join(CUTS.get(r, r) for r in a['rules'])})"
            lines.append(PreviewLine(text, ", ".join(a["rules"]), num(val), 1))
            for bat, fac in a["support"].items():
                lines.append(PreviewLine(f"+ {bat} supports {a['unit']}: {fac}", "KP-ARTILLERY", f"+{fac}", 2))
        lines.append(PreviewLine(f"Attack: {num(d['attack'])}", "KP-ODDS", num(d["attack"])))
        parts, lone = [], False
        for uid in d["defenders"]:
            if self._alive(state, uid):
                parts.append(f"{uid} {self._def_factor(state, uid, b)}")
                lone = lone or self.is_art(state, uid)
        base = Fraction(d["defense_base"])
        text = "Defence: " + " + ".join(parts) + (f" = {num(base)}" if len(parts) > 1 else "")
        lines.append(PreviewLine(text + (" (a battery alone)" if lone else ""), "KP-ARTILLERY-ALONE" if lone else "",
                                 num(base)))
        if d["city"]:
            lines.append(PreviewLine(f"doubled in the city: {num(base * 2)}", "KP-CITY", "×2", 1))
        for bat, fac in d["defense_support"].items():
            lines.append(PreviewLine(f"+ {bat} supports the defence: {fac}", "KP-ARTILLERY", f"+{fac}", 2))
        if Fraction(d["defense"]) != base:
            lines.append(PreviewLine(f"Defence: {num(d['defense'])}", "KP-ODDS", num(d["defense"])))
        o = self.odds(state, b)
        att, dfn = Fraction(d["attack"]), Fraction(d["defense"])
        raw = odds_label(odds_ratio(att, dfn)) if dfn > 0 else odds_label(o)
        lines.append(PreviewLine(f"Odds {num(att)} to {num(dfn)}: {raw}, rounded in the defender's favour",
                                 "KP-ODDS", raw))
        if d["air"]:
            lines.append(PreviewLine(f"Allied air power: one column up, to {d['odds']}", "KP-OPT-AIR-POWER",
                                     "+1 column"))
        lines += self._limit_lines(o)
        return Preview(title, str(d["odds"]), tuple(lines), self.outcomes(o), note=note,
                       detail={**d, **(extra or {})})

    def _limit_lines(self, o: tuple[int, int]) -> list[PreviewLine]:
        """KP-CRT: the odds beyond the table's columns settle the battle whatever the dice."""
        if o[1] == 1 and o[0] > 8:
            return [PreviewLine("beyond 8-1: the defenders are eliminated whatever the dice", "KP-CRT")]
        if o[0] == 0 or (o[0] == 1 and o[1] >= 6):
            return [PreviewLine("1-6 or worse: the attackers are eliminated whatever the dice", "KP-CRT")]
        return []

    def outcomes(self, o: tuple[int, int]) -> tuple[Outcome, ...]:
        """Every result possible at odds ``o`` with its chance on two dice, worst for the
        attacker first, in plain words with its rule id."""
        ch = self.result_chances(o)
        order = list(self.result_codes())
        codes = [c for c in order if ch.get(c)] + [c for c in ch if c not in order and ch[c]]
        out = []
        for c in codes:
            text, rule = self.result_text(c)
            out.append(Outcome(c, text, float(ch[c]), rule, result_level(c)))
        return tuple(out)

    def _ratio(self, attack: Fraction, defense: Fraction, air: bool) -> tuple[int, int]:
        """The odds of these strengths as ``odds`` works them out (KP-ODDS, KP-OPT-AIR-POWER)."""
        if defense <= 0:
            return (99, 1)
        o = odds_ratio(attack, defense)
        return shift_odds(o, 1) if air else o

    # --- support -------------------------------------------------------------------------------
    def support_preview(self, state: KPState, act: V.Support) -> Preview:
        """What a battery adds: its factor to one unit of an attack or of a defence, and the
        odds before and after (KP-ARTILLERY)."""
        title = f"{act.battery} supports {act.unit}"
        why = self.check(state, act)
        if why is not None:
            return Preview(title, refusal=why)
        attacking = state.step == "declare"
        i = self._battle_of(state, act.unit, "a" if attacking else "d")
        assert i is not None  # check found the battle
        b = state.kbattles[i]
        fac = self.kspec(state, act.battery).factor
        s = self.strengths(state, b)
        before = self.odds(state, b)
        after = self._ratio(s["attack"] + (fac if attacking else 0), s["defense"] + (0 if attacking else fac), b.air)
        side_word, old = ("Attack", s["attack"]) if attacking else ("Defence", s["defense"])
        lines = [PreviewLine(f"{act.battery} adds its support factor {fac} to {act.unit}", "KP-ARTILLERY", f"+{fac}"),
                 PreviewLine(f"{side_word} at {hex_name(b.target)}: {num(old)} → {num(old + fac)}", "KP-ARTILLERY",
                             num(old + fac), 1),
                 PreviewLine(f"Odds {odds_label(before)} → {odds_label(after)}", "KP-ODDS", odds_label(after))]
        if attacking:
            cost = self.combat_cost(state, act.battery)
            lines.append(PreviewLine(f"{act.battery} pays {cost} MP to support an attack", "KP-COST-OF-COMBAT",
                                     f"-{cost} MP"))
        return Preview(title, odds_label(after), tuple(lines), self.outcomes(after),
                       detail={"before": odds_label(before), "after": odds_label(after), "target": hex_name(b.target)})

    def air_preview(self, state: KPState, act: A.Choose) -> Preview:
        """Allied air power: one declared attack one column up, once a turn (KP-OPT-AIR-POWER)."""
        title = f"Allied air power over {act.value}"
        why = self.check(state, act)
        if why is not None:
            return Preview(title, refusal=why)
        b = next(b for b in state.kbattles if hex_name(b.target) == act.value)
        before = self.odds(state, b)
        after = shift_odds(before, 1)
        lines = (PreviewLine(f"The attack on {act.value} goes up one column: {odds_label(before)} → "
                             f"{odds_label(after)}", "KP-OPT-AIR-POWER", "+1 column"),
                 PreviewLine("once a turn: no other Allied attack gets it today", "KP-OPT-AIR-POWER"))
        return Preview(title, odds_label(after), lines, self.outcomes(after),
                       detail={"before": odds_label(before), "after": odds_label(after), "target": act.value})


def joiners_note(target: Hex, joiners: dict[str, tuple[str, ...]]) -> str:
    """The units that may still join an attack, by hex, in plain words."""
    if not joiners:
        return f"No other unit may join the attack on {hex_name(target)}."
    where = "; ".join(f"{', '.join(ids)} at {h}" for h, ids in sorted(joiners.items()))
    return (f"May join: {where}. Any of them, alone or together, from one stack or several; each unit "
            "attacks one hex a phase (KP-ZOC) and pays the cost of combat (KP-COST-OF-COMBAT).")
