"""Kasserine Pass in the client: the odds panel of every attack, artillery allocated by both
players in turn, ENGAGED and CONTACT markers with what they oblige, breakdown from the stack
list, and the movement points left after combat costs.

Everything shown comes from the game's contract: ``game.preview`` of an attack being built
(``attack``), of a declared one (``resolve``): each unit's factor and the terrain rules that
cut it, the batteries, the defence, the odds, every result's chance on two dice; the battles
and markers from ``game.view``; a breakdown's consequence from ``game.decisions``. The
rulebook has no numbers: the engine cites the ids of the rule-case list (``KP-CITY``), and every
text shown goes through ``game.for_player``, which names the rulebook's sections instead.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pygame

from ....core import actions as A
from ....core.contract import Outcome, Preview
from ....core.hexgrid import Hex, hex_name, parse_hex
from ....games.kasserine_pass.previews import num
from ....games.kasserine_pass.verbs import Breakdown
from ... import theme as T
from ...panel.battle import result_table, table_block
from ..base import GameUI, MapMark

CARRY_TEXT = {
    "ENGAGED": "ENGAGED (KP-RESULT-ENGAGED): in the {due} combat phase of turn {turn} the {side} must attack "
               "these defenders again; engaged units may not move off (German panzer and panzer grenadier "
               "units may break off for 2 MP, KP-BREAK-OFF)",
    "CONTACT": "CONTACT (KP-RESULT-CONTACT): in the {due} combat phase of turn {turn} the {due} must "
               "counter-attack every unit that attacked, or move every defender away",
}


@dataclass(frozen=True)
class Battle:
    """A declared attack not yet resolved, as the view gives it."""

    target: Hex
    attackers: tuple[str, ...]
    defenders: tuple[str, ...]
    odds: str
    first: bool = True  # the first open attack on its hex (the one ``resolve`` settles next)


def preview_lines(p: Preview) -> list[str]:
    """A preview's lines as text, each with its rule id."""
    return [ln.text + (f" ({ln.rule})" if ln.rule and ln.rule not in ln.text else "") for ln in p.lines]


def chance_line(outcomes: tuple[Outcome, ...]) -> str:
    """Every result's chance on two dice in one line, in the engine's order."""
    return "Two dice: " + " · ".join(f"{o.code} {o.chance * 100:.0f}%" for o in outcomes if o.chance)


def open_battles(v: dict) -> list[Battle]:
    out: list[Battle] = []
    seen: set[Hex] = set()
    for b in v.get("battles") or ():
        if b.get("resolved") or not b.get("attackers"):
            continue
        h = parse_hex(b["target"])
        out.append(Battle(h, tuple(b["attackers"]), tuple(b["defenders"]), str(b.get("odds") or "?"), h not in seen))
        seen.add(h)
    return out


class KasserineUI(GameUI):
    game_id = "kasserine-pass"
    unit_verbs = frozenset({"breakdown"})  # offered beside each unit in the stack list
    first_groups = ("verb:support",)  # artillery before the selective attacks in the chooser

    def __init__(self) -> None:
        self._key: tuple | None = None
        self._memo: dict = {}

    # --- the contract, once per position ------------------------------------------------------
    def _cached(self, ctl, key: Any, make: Callable[[], Any]) -> Any:
        pos = (id(ctl.game), ctl.version, len(ctl.game.actions))
        if pos != self._key:
            self._key, self._memo = pos, {}
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    def preview(self, ctl, action) -> Preview | None:
        return self._cached(ctl, ("preview", action), lambda: ctl.game.preview(action))

    def battle_preview(self, ctl, b: Battle) -> Preview | None:
        """A declared attack as it will be fought (the first on its hex: a second German
        selective attack on the same stack is settled after it, its odds from the view)."""
        return self.preview(ctl, A.Resolve(b.target)) if b.first else None

    def side_name(self, ctl, side) -> str:
        entry = ctl.game.entry
        return entry.side_name(side) if entry is not None else str(side)

    # --- the panel ------------------------------------------------------------------------
    def build_declare(self, f, ctl, scene) -> bool:
        th = f.theme
        v = ctl.view()
        step = v.get("step")
        battles = open_battles(v)
        if step == "defend":
            f.heading("Defensive artillery")
            f.text(ctl.game.for_player(
                f"The {self.side_name(ctl, ctl.acting())} player allocates his batteries to the defenders of the "
                "attacks below (KP-ARTILLERY), then ends the step. In hotseat the screen was handed over for this."),
                th.small)
        else:
            f.heading("Declare attacks")
        if step != "defend" and ctl.target is None:  # once a target is picked, its attack comes first
            f.text(ctl.game.for_player(
                "Click an enemy hex, then the stacks that attack it: a click on a stack takes every unit of it "
                "that may attack (Shift+click: one at a time; the stack list leaves single units out). Any units "
                "next to the hex may attack together. Declare, then allocate artillery (KP-ARTILLERY); the "
                "defender allocates his after you end the step."), th.small)
        for b in battles:
            p = self.battle_preview(ctl, b)
            f.space(4)
            f.text(f"{hex_name(b.target)} ← {', '.join(b.attackers)}: {p.figure if p else b.odds}", th.small, T.TEXT,
                   "bold")
            if p is not None:  # in full while nothing else is built; one line of chances otherwise
                self.odds_block(f, p, ctl.target is None and len(battles) <= 2, ctl, A.Resolve(b.target))
        if step == "defend":
            return True
        legal = ctl.legal()
        if legal is None:
            f.text("Working out the possible attacks…", th.small, T.TEXT_DIM)
            return True
        if ctl.target is None:
            n = len({a.target for a in legal if isinstance(a, A.Attack)})
            f.text(f"{n} enemy hex(es) can be attacked (cross-hairs).", th.small)
            return True
        self.build_target(f, ctl, legal)
        return True

    def build_target(self, f, ctl, legal: list) -> None:
        """The attack being built: its attackers, a button per stack next to the target (a
        click on the map takes one unit at a time), the engine's preview, Declare."""
        th = f.theme
        target = ctl.target
        f.space(4)
        f.text(f"Target {hex_name(target)}", th.normal, T.TEXT, "bold")
        elig = sorted({u for a in legal if isinstance(a, A.Attack) and a.target == target for u in a.attackers})
        stacks: dict[str, list[str]] = {}
        for uid in elig:
            u = ctl.unit(uid)
            if u is not None and u.get("hex"):
                stacks.setdefault(u["hex"], []).append(uid)
        f.text("Attackers: " + (", ".join(ctl.attackers) if ctl.attackers else "none yet — click adjacent units, or "
                                "take a stack below"), th.small)
        for h, ids in sorted(stacks.items()):
            inside = all(i in ctl.attackers for i in ids)
            word = "Take out" if inside else "Add"
            f.button(f"{word} the stack at {h} ({len(ids)} unit{'s' if len(ids) > 1 else ''})",
                     (lambda ids=tuple(ids): self.toggle(ctl, ids)), name=f"kp-stack-{h}",
                     tooltip=f"{', '.join(ids)}: every unit there that may attack {hex_name(target)}")
        if len(stacks) > 1 and not all(i in ctl.attackers for i in elig):
            f.button(f"Add all {len(elig)} units", (lambda ids=tuple(elig): self.toggle(ctl, ids, add=True)),
                     name="kp-stack-all", tooltip=", ".join(elig))
        # The preview and Declare of one and the same action, judged by the game's check.
        act = ctl.battle_action() if ctl.attackers else None
        p = ctl.odds() if act is not None else None
        # The buttons above the odds, so that the odds, the chances and the table never push them out of sight.
        f.row([("Declare", lambda: ctl.do(act) if act is not None else None, act is not None, "declare"),
               ("Cancel", ctl.cancel, True, "cancel")])
        if p is not None and p.refusal is not None:
            f.text(ctl.game.for_player(f"Not allowed as it stands: {p.refusal.rule}: {p.refusal.reason}."), th.small,
                   T.TEXT_DIM)
        elif p is not None:
            self.odds_block(f, p, True, ctl, act)

    def toggle(self, ctl, ids: tuple[str, ...], add: bool | None = None) -> None:
        """A stack's button: every unit of it joins the attack being built, or leaves it."""
        if add is None:
            add = not all(i in ctl.attackers for i in ids)
        ctl.attackers = ([*ctl.attackers, *(i for i in ids if i not in ctl.attackers)] if add
                         else [i for i in ctl.attackers if i not in ids])
        if not ctl.attackers:
            ctl.say(f"No attacker chosen yet for {hex_name(ctl.target)}.")
            return
        p = ctl.odds()
        if p is not None and p.refusal is not None:
            ctl.refuse(p.refusal)
        elif p is not None:
            ctl.say(f"{', '.join(ctl.attackers)} against {hex_name(ctl.target)}: {p.figure}. Enter or Declare to "
                    "confirm.")

    def battles(self, ctl) -> list:
        return open_battles(ctl.view())

    def build_resolve(self, f, ctl, scene) -> bool:
        th = f.theme
        f.heading("Resolve the attacks")
        f.text(ctl.game.for_player("Click a battle on the map, or its button: two dice are rolled (KP-CRT)."), th.small)
        ready = {a.target for a in ctl.legal() or () if isinstance(a, A.Resolve)}
        for b in open_battles(ctl.view()):
            p = self.battle_preview(ctl, b)
            name = hex_name(b.target)
            f.button(f"Resolve {name}: {', '.join(b.attackers)} ({p.figure if p else b.odds})",
                     (lambda t=b.target: scene.do_resolve(t)), enabled=b.target in ready and b.first,
                     name=f"resolve-{name}",
                     tooltip=ctl.game.for_player("; ".join(preview_lines(p))) if p else "")
            if p is not None:
                f.text(p.note or chance_line(p.outcomes), th.px(11), T.TEXT_DIM, indent=th.px(4))
        return True

    def odds_block(self, f, p: Preview, full: bool = True, ctl=None, action=None) -> None:
        """A preview line by line, then a bar for every result's chance with its meaning (wrapped,
        never cut), then the two-dice table with the attack's column framed. Rules are named as
        the rulebook's sections (``game.for_player``)."""
        th = f.theme
        say = ctl.game.for_player if ctl is not None else str
        if not full:
            f.text(chance_line(p.outcomes), th.px(11), T.TEXT_DIM, indent=th.px(4))
            return
        if ctl is not None and action is not None:  # the table's column first: seen without scrolling
            table = result_table(ctl, action)
            if table is not None:
                table_block(f, ctl, table)
                f.space(4)
        for ln, text in zip(p.lines, preview_lines(p)):
            f.text(say(text), th.px(11), T.TEXT, indent=th.px(4 + 8 * max(0, ln.indent - 1)))
        px = th.px(11)
        lh = T.font(px).get_linesize()
        shown = [o for o in p.outcomes if o.chance]
        code_w = max((T.size(o.code, px, "bold")[0] for o in shown), default=0) + th.px(8)
        pct_r = f.x + th.px(4) + code_w + T.size("100%", px)[0]
        bar_w = max(th.px(30), int(f.w * 0.18))
        bx = pct_r + th.px(6)
        mx = bx + bar_w + th.px(6)
        room = f.x + f.w - mx
        for o in shown:
            if f.y + lh > f.bottom:
                break
            y = f.y
            lines = tuple(T.wrap(say(f"{o.text} ({o.rule})" if o.rule else o.text), px, room))

            def draw(surf, o=o, y=y, lines=lines):
                surf.blit(T.text(o.code, px, T.TEXT, "bold"), (f.x + th.px(4), y))
                pct = T.text(f"{o.chance * 100:.0f}%", px, T.TEXT)
                surf.blit(pct, (pct_r - pct.get_width(), y))
                pygame.draw.rect(surf, T.PANEL_DARK, (bx, y + 3, bar_w, lh - 6))
                pygame.draw.rect(surf, (200, 200, 190), (bx, y + 3, max(2, int(bar_w * o.chance)), lh - 6))
                for i, ln in enumerate(lines):
                    surf.blit(T.text(ln, px, T.TEXT_DIM), (mx, y + i * lh))
            f.op(draw, ("kp-chance", o.code, o.chance, y, f.x, f.w, lines, th.scale))
            f.y += lh * max(1, len(lines))
        f.text("Two dice: 36 throws, the chance of each result above.", th.px(10), T.TEXT_DIM, indent=th.px(4))

    # --- map, units -----------------------------------------------------------------------
    def carry_text(self, ctl, c: dict) -> str:
        return ctl.game.for_player(CARRY_TEXT.get(c["kind"], c["kind"]).format(
            due=self.side_name(ctl, c.get("due")), turn=c.get("turn"),
            side=self.side_name(ctl, c.get("attacker_side"))))

    def map_marks(self, ctl) -> list[MapMark]:
        v = ctl.view()
        out = []
        if str(v.get("phase", "")).endswith("combat"):
            for b in open_battles(v):
                p = self.battle_preview(ctl, b)
                if p is not None:  # the odds under the defending hex, the whole panel in its tooltip
                    out.append(MapMark(b.target, p.figure, "tip", (f"Attack on {hex_name(b.target)}, odds {p.figure}:",)
                                       + tuple(ctl.game.for_player(t) for t in preview_lines(p))
                                       + (p.note or chance_line(p.outcomes),)))
        where = {u["id"]: u.get("hex") for u in v.get("units", ()) if u.get("where") == "map"}
        marks: dict[tuple, list[str]] = {}
        for c in v.get("carries") or ():
            text = self.carry_text(ctl, c)
            for role, ids in (("defenders", c.get("defenders", ())), ("attackers", c.get("attackers", ()))):
                for uid in ids:
                    h = where.get(uid)
                    if h:
                        lines = marks.setdefault((h, c["kind"]), [])
                        line = f"{uid} ({'attacked' if role == 'attackers' else 'attacked by the other side'}): {text}"
                        if line not in lines:
                            lines.append(line)
        return out + [MapMark(parse_hex(h), "ENGAGED" if k == "ENGAGED" else "CONTACT", k.lower(), tuple(lines))
                      for (h, k), lines in sorted(marks.items())]

    def unit_facts(self, u: dict, ctl) -> list[str]:
        out = []
        mp = u.get("mp")
        if mp is not None and u.get("where") == "map" and u.get("ma") is not None:
            out.append(ctl.game.for_player(f"{num(mp)} of {u['ma']} MP left (after combat costs, KP-COST-OF-COMBAT)"))
        if u.get("engaged"):
            out.append(ctl.game.for_player("ENGAGED (KP-RESULT-ENGAGED)"))
        if u.get("captured"):
            out.append("captured battery")
        return out

    def unit_actions(self, u: dict, ctl) -> list[tuple[str, Any, str]]:
        legal = ctl.legal()
        if legal is None:
            return []
        bd = self._cached(ctl, "breakdowns", lambda: {a.unit: a for a in legal if isinstance(a, Breakdown)})
        a = bd.get(u["id"])
        if a is None:
            return []
        dec = self._cached(ctl, "breakdown", lambda: ctl.game.decision("verb:breakdown"))
        opt = dec.option_for(a) if dec is not None else None
        what = opt.consequence.text if opt is not None and opt.consequence is not None else "breaks down"
        return [("Break down", a, ctl.game.for_player(f"{u['id']} {what} (KP-BREAKDOWN)"))]
