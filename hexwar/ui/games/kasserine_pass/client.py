"""Kasserine Pass in the client: the odds panel from ``rules.battle_detail`` (each unit's base
factor, terrain multiplier and the rule ids behind it, the batteries supporting it, the defence
split into base, city and support, the chance of every two-dice result), artillery allocated by
both players in turn, ENGAGED and CONTACT markers with what they oblige, breakdown from the
stack list, and the movement points left after combat costs.

The rulebook has no numbers: rules are cited by the ids of the rule-case list (``KP-CITY``).
Everything shown comes from the engine's hooks: ``battle_detail`` of a declared attack,
``battle_detail_for`` of the one being built, ``result_text``/``result_codes`` for what each
CRT result does, and ``choice_info`` (asked by the controller) for the chooser's titles.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

import pygame

from ....core import actions as A
from ....core.hexgrid import hex_name, parse_hex
from ... import theme as T
from ...rules_text import SIDE_NAMES
from ..base import GameUI, MapMark

CARRY_TEXT = {
    "ENGAGED": "ENGAGED (KP-RESULT-ENGAGED): in the {due} combat phase of turn {turn} the {side} must attack "
               "these defenders again; engaged units may not move off (German panzer and panzer grenadier "
               "units may break off for 2 MP, KP-BREAK-OFF)",
    "CONTACT": "CONTACT (KP-RESULT-CONTACT): in the {due} combat phase of turn {turn} the {due} must "
               "counter-attack every unit that attacked, or move every defender away",
}


@dataclass(frozen=True)
class DetailOdds:
    """The odds of one attack as the panel and the map label read them."""

    column: str
    detail: dict = field(compare=False)
    no_effect: bool = False

    def lines(self) -> list[str]:
        return detail_lines(self.detail)


def num(x) -> str:
    """A factor as printed: 4, 2.5, 0.75 (Fractions have no 'g' format)."""
    q = Fraction(str(x))
    return str(q.numerator) if q.denominator == 1 else f"{float(q):g}"


def detail_lines(d: dict) -> list[str]:
    """The odds panel of one attack, line by line, with the rule ids."""
    out = []
    for a in d.get("attackers", ()):
        m = Fraction(str(a.get("multiplier", "1")))
        val = a["base"] * m
        why = ", ".join(a.get("rules") or ())
        s = f"{a['unit']}: {a['base']}" + (f" × {m} = {num(val)}" if m != 1 else "")
        if why:
            s += f" ({why})"
        for bat, fac in (a.get("support") or {}).items():
            s += f"; + {bat} {fac} (KP-ARTILLERY)"
        out.append(s)
    out.append(f"Attack {num(d['attack'])}")
    base = Fraction(d.get("defense_base", "0"))
    dl = f"Defence ({', '.join(d.get('defenders', ()))}): {num(base)}"
    if d.get("city"):
        dl += f", doubled in the city = {num(base * 2)} (KP-CITY)"
    for bat, fac in (d.get("defense_support") or {}).items():
        dl += f"; + {bat} {fac} (KP-ARTILLERY)"
    if Fraction(str(d["defense"])) != base:
        dl += f" = {num(d['defense'])}"
    out.append(dl)
    odds = f"Odds {d['odds']} (KP-ODDS: rounded in the defender's favour)"
    if d.get("air"):
        odds += "; air power: one level up (KP-OPT-AIR-POWER)"
    out.append(odds)
    return out


def result_order(rules, chances: dict) -> list[str]:
    """The results in the engine's order (worst for the attacker first), then any other."""
    order = list(rules.result_codes()) if rules is not None else []
    return order + [c for c in chances if c not in order]


def chance_line(chances: dict, rules=None) -> str:
    """Every result's chance on two dice in one line, best for the attacker last."""
    got = [(c, float(chances[c])) for c in result_order(rules, chances) if chances.get(c)]
    return "Two dice: " + " · ".join(f"{c} {p * 100:.0f}%" for c, p in got)


class KasserineUI(GameUI):
    game_id = "kasserine-pass"
    unit_verbs = frozenset({"breakdown"})  # offered beside each unit in the stack list
    first_groups = ("verb:support",)  # artillery before the selective attacks in the chooser

    def __init__(self) -> None:
        self._preview_key = None
        self._preview = None
        self._bd_src: list | None = None
        self._bd: dict = {}

    # --- odds -----------------------------------------------------------------------------
    def battle_index(self, ctl, target, attackers=None) -> int | None:
        for i, b in enumerate(getattr(ctl.state, "kbattles", ()) or ()):
            if b.target == target and i not in getattr(ctl.state, "kresolved", ()) and \
                    (attackers is None or set(attackers) <= set(b.attackers)):
                return i
        return None

    def detail(self, ctl, i: int) -> dict | None:
        try:
            return ctl.rules.battle_detail(ctl.state, i)
        except Exception:
            return None

    def preview(self, ctl, target, attackers) -> dict | None:
        """The engine's ``battle_detail_for`` the attack being built (nothing is applied)."""
        key = (id(ctl.state), ctl.version, target, tuple(sorted(attackers)))
        if key == self._preview_key:
            return self._preview
        got = None
        act = next((a for a in (ctl.legal() or ()) if isinstance(a, A.Attack) and a.target == target
                    and set(a.attackers) == set(attackers)), None)
        if act is not None:
            try:
                got = ctl.rules.battle_detail_for(ctl.state, act)
            except Exception:
                got = None
        self._preview_key, self._preview = key, got
        return got

    def odds(self, ctl, target, attackers):
        if target is None or not attackers:
            return None
        i = self.battle_index(ctl, target, attackers)
        d = self.detail(ctl, i) if i is not None else self.preview(ctl, target, attackers)
        return None if d is None else DetailOdds(str(d["odds"]), d)

    # --- the panel ------------------------------------------------------------------------
    def build_declare(self, f, ctl, scene) -> bool:
        th = f.theme
        v = ctl.view()
        step = v.get("step")
        side = ctl.acting()
        who = SIDE_NAMES.get(side, side)
        battles = [(i, b) for i, b in enumerate(getattr(ctl.state, "kbattles", ()) or ())
                   if i not in getattr(ctl.state, "kresolved", ())]
        if step == "defend":
            f.heading("Defensive artillery")
            f.text(f"The {who} player allocates his batteries to the defenders of the attacks below (KP-ARTILLERY), "
                   "then ends the step. In hotseat the screen was handed over for this.", th.small)
        else:
            f.heading("Declare attacks")
            f.text("Click an enemy hex, then the stacks that attack it; Declare. Then allocate artillery "
                   "(KP-ARTILLERY) below; the defender allocates his after you end the step.", th.small)
        for i, b in battles:
            d = self.detail(ctl, i)
            if d is None:
                continue
            f.space(4)
            f.text(f"{d['target']} ← {', '.join(a['unit'] for a in d['attackers'])}: {d['odds']}",
                   th.small, T.TEXT, "bold")
            # Declared attacks in full while nothing else is built; one line of chances otherwise.
            self.odds_block(f, d, ctl.rules, full=ctl.target is None and len(battles) <= 2)
        if step == "defend":
            return True
        if ctl.legal() is None:
            f.text("Working out the possible attacks…", th.small, T.TEXT_DIM)
            return True
        if ctl.target is None:
            n = len(ctl.attack_targets())
            f.text(f"{n} enemy hex(es) can be attacked (cross-hairs).", th.small)
            return True
        f.space(4)
        f.text(f"Target {hex_name(ctl.target)}", th.normal, T.TEXT, "bold")
        elig = sorted(ctl.eligible_attackers(ctl.target))
        others = [x for x in elig if x not in ctl.attackers]
        f.text("Attackers: " + (", ".join(ctl.attackers) if ctl.attackers else "none yet — click adjacent units")
               + (f"  (may join: {', '.join(others)})" if others else ""), th.small)
        if ctl.attackers:
            d = self.preview(ctl, ctl.target, ctl.attackers)
            if d is None:
                f.text("Not an attack the rules allow as it stands (every regular unit of a stack attacks "
                       "together, KP-STACKING); Declare says why.", th.small, T.TEXT_DIM)
            else:
                self.odds_block(f, d, ctl.rules)
        f.row([("Declare", ctl.declare, bool(ctl.attackers), "declare"), ("Cancel", ctl.cancel, True, "cancel")])
        return True

    def battles(self, ctl) -> list:
        st = ctl.state
        return [b for i, b in enumerate(getattr(st, "kbattles", ()) or ()) if i not in getattr(st, "kresolved", ())
                and b.attackers]

    def build_resolve(self, f, ctl, scene) -> bool:
        th = f.theme
        f.heading("Resolve the attacks")
        f.text("Click a battle on the map, or its button: two dice are rolled (KP-CRT).", th.small)
        ready = set(ctl.unresolved())
        for i, b in enumerate(getattr(ctl.state, "kbattles", ()) or ()):
            if i in getattr(ctl.state, "kresolved", ()):
                continue
            d = self.detail(ctl, i)
            if d is None:
                continue
            label = f"{d['target']}: {', '.join(a['unit'] for a in d['attackers'])} ({d['odds']})"
            f.button("Resolve " + label, (lambda t=b.target: scene.do_resolve(t)), enabled=b.target in ready,
                     name=f"resolve-{d['target']}", tooltip="; ".join(detail_lines(d)))
            f.text(chance_line(d.get("chances") or {}, ctl.rules), th.px(11), T.TEXT_DIM, indent=th.px(4))
        return True

    def odds_block(self, f, d: dict, rules, full: bool = True) -> None:
        th = f.theme
        chances = d.get("chances") or {}
        if not full:
            f.text(chance_line(chances, rules), th.px(11), T.TEXT_DIM, indent=th.px(4))
            return
        for ln in detail_lines(d):
            f.text(ln, th.px(11), T.TEXT, indent=th.px(4))
        lh = T.font(th.px(11)).get_linesize()
        bar_w = max(th.px(30), int(f.w * 0.18))
        for code in result_order(rules, chances):
            p = float(chances.get(code, 0))
            if not p or f.y + lh > f.bottom:
                continue
            y = f.y
            meaning, rule = rules.result_text(code) if rules is not None else (code, "")

            def draw(surf, code=code, p=p, y=y, meaning=meaning, rule=rule):
                px = th.px(11)
                surf.blit(T.text(code, px, T.TEXT, "bold"), (f.x + th.px(4), y))
                pct = T.text(f"{p * 100:.0f}%", px, T.TEXT)
                surf.blit(pct, (f.x + th.px(96) - pct.get_width(), y))
                bx = f.x + th.px(100)
                pygame.draw.rect(surf, T.PANEL_DARK, (bx, y + 3, bar_w, lh - 6))
                pygame.draw.rect(surf, (200, 200, 190), (bx, y + 3, max(2, int(bar_w * p)), lh - 6))
                mx = bx + bar_w + th.px(6)
                text = f"{rule}: {meaning}" if rule else meaning
                while T.size(text, px)[0] > f.x + f.w - mx and len(text) > 4:
                    text = text.rstrip("…")[:-1].rstrip() + "…"
                surf.blit(T.text(text, px, T.TEXT_DIM), (mx, y))
            f.op(draw, ("kp-chance", code, p, y, f.x, f.w, th.scale))
            f.y += lh
        f.text("Two dice: 36 throws, the chance of each result above.", th.px(10), T.TEXT_DIM, indent=th.px(4))

    # --- map, units -----------------------------------------------------------------------
    def carry_text(self, c: dict) -> str:
        due = SIDE_NAMES.get(c.get("due"), c.get("due"))
        return CARRY_TEXT.get(c["kind"], c["kind"]).format(due=due, turn=c.get("turn"),
                                                           side=SIDE_NAMES.get(c.get("attacker_side"), ""))

    def map_marks(self, ctl) -> list[MapMark]:
        v = ctl.view()
        out = []
        for i, b in enumerate(getattr(ctl.state, "kbattles", ()) or ()):
            if i in getattr(ctl.state, "kresolved", ()) or not v.get("phase", "").endswith("combat"):
                continue
            d = self.detail(ctl, i)
            if d is not None:  # the odds under the defending hex, the whole panel in its tooltip
                out.append(MapMark(b.target, str(d["odds"]), "tip",
                                   (f"Attack on {d['target']}, odds {d['odds']}:",) + tuple(detail_lines(d))
                                   + (chance_line(d.get("chances") or {}, ctl.rules),)))
        where = {u["id"]: u.get("hex") for u in v.get("units", ()) if u.get("where") == "map"}
        marks: dict[tuple, list[str]] = {}
        for c in v.get("carries") or ():
            text = self.carry_text(c)
            for role, ids in (("defenders", c.get("defenders", ())), ("attackers", c.get("attackers", ()))):
                for uid in ids:
                    h = where.get(uid)
                    if h:
                        marks.setdefault((h, c["kind"]), [])
                        line = f"{uid} ({'attacked' if role == 'attackers' else 'attacked by the other side'}): {text}"
                        if line not in marks[(h, c["kind"])]:
                            marks[(h, c["kind"])].append(line)
        return out + [MapMark(parse_hex(h), "ENGAGED" if k == "ENGAGED" else "CONTACT", k.lower(), tuple(lines))
                      for (h, k), lines in sorted(marks.items())]

    def unit_facts(self, u: dict, ctl) -> list[str]:
        out = []
        mp = u.get("mp")
        if mp is not None and u.get("where") == "map" and u.get("ma") is not None:
            out.append(f"{num(mp)} of {u['ma']} MP left (after combat costs, KP-COST-OF-COMBAT)")
        if u.get("engaged"):
            out.append("ENGAGED (KP-RESULT-ENGAGED)")
        if u.get("captured"):
            out.append("captured battery")
        return out

    def unit_actions(self, u: dict, ctl) -> list[tuple[str, Any, str]]:
        legal = ctl.legal()
        if legal is None:
            return []
        if self._bd_src is not legal:  # the panel is laid out every frame: index the legal list once
            from ....games.kasserine_pass.verbs import Breakdown

            self._bd_src = legal
            self._bd = {a.unit: a for a in legal if isinstance(a, Breakdown)}
        a = self._bd.get(u["id"])
        if a is None:
            return []
        return [("Break down", a, f"{u['id']} breaks down into its two parts (KP-BREAKDOWN)")]

    def option_label(self, action) -> str | None:
        if action.notation().startswith("support "):
            return f"{action.battery} → {action.unit}"
        return None
