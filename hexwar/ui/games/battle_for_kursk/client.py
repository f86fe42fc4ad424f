"""Battle for Kursk in the client: the posture tracks (12.0), the Offensive markers (9.2.1),
the VP track (5.0), the Strategic Objective on the map (12.1), mud turns (11.0) and the
Offensive built on the map (lead unit, then second-echelon supporters).

What it shows is read from ``ctl.view()`` (``posture``, ``posture_chosen``, ``previous_posture``,
``offensives_available``, ``vp``, ``vp_parts``, ``objective``, ``mud``, ``battles``), from the
game's facts (``KurskFacts``: the posture track, who may lead and support an Offensive) and from
the engine's previews (an Offensive's odds, each supporter's column); the legality of an
Offensive is always ``game.check``'s. Labels and words of the decisions are the engine's.
"""
from __future__ import annotations

from typing import Any

import pygame

from ....core import actions as A
from ....core.contract import Preview
from ....core.hexgrid import hex_name, parse_hex
from ....core.position import Position
from ....games.battle_for_kursk.offensive import Offensive
from ... import theme as T
from ..base import GameUI, MapMark


def side_name(ctl, side: str) -> str:
    entry = ctl.game.entry
    return entry.side_name(side) if entry is not None else side


def posture_row(v: dict, side: str) -> tuple[str | None, str | None, str]:
    """(posture shown, previous posture, note) for one side's track, from the view: a posture
    chosen but not revealed is shown only to its own side (the view already hides it)."""
    prev = (v.get("previous_posture") or {}).get(side)
    now = (v.get("posture") or {}).get(side)
    if now:
        return now, prev, "this turn"
    chosen = (v.get("posture_chosen") or {}).get(side)
    if chosen is True:
        return None, prev, "chosen, hidden until both are revealed"
    if chosen:
        return str(chosen), prev, "your choice, not yet revealed"
    return None, prev, "not chosen yet" if v.get("phase") == "posture" else ""


class KurskUI(GameUI):
    game_id = "battle-for-kursk"
    unit_verbs = frozenset({"offensive"})  # built on the map and in the declaration block
    # The facts and previews of the position shown, worked out once per version of it.
    _memo_key: tuple = ()
    _memo: dict[Any, Any] = {}

    # --- what the engine says, once per position -------------------------------------------
    def _cached(self, ctl, what: Any, make) -> Any:
        key = (id(ctl), id(ctl.game), ctl.version, ctl.index)
        if self._memo_key != key:
            self._memo_key, self._memo = key, {}
        if what not in self._memo:
            self._memo[what] = make()
        return self._memo[what]

    def facts(self, ctl):
        """The game's questions about the position (``KurskFacts``), as the side shown may know it."""
        side = ctl.viewer or ctl.acting() or ctl.sides()[0]
        return self._cached(ctl, ("facts", side), lambda: Position(ctl.game, side).facts)

    def preview(self, ctl, action) -> Preview | None:
        if action is None:
            return None
        return self._cached(ctl, ("preview", action), lambda: ctl.game.preview(action))

    # --- notices, panel --------------------------------------------------------------------
    def notices(self, ctl) -> list[str]:
        v = ctl.view()
        if v.get("mud"):
            return ["Mud turn: one hex a phase except by rail; attacking armor halved (11.0-11.2)."]
        return []

    def build_panel(self, f, ctl, scene) -> None:
        v = ctl.view()
        th = f.theme
        if ctl.mode().startswith(("combat", "stage:")):
            # A battle needs the room: one line, the tracks are in full in the other steps.
            self.compact(f, ctl, v)
            return
        order = list(self.facts(ctl).postures())
        f.space(6)
        f.text("Posture tracks (12.0; ▶ this turn, dashed: last turn)", th.px(11), T.TEXT, "bold")
        px = th.px(11)
        lh = T.font(px, "bold").get_linesize() + th.px(6)
        name_w = th.px(64)
        notes: list[str] = []
        for side in ctl.sides():
            now, prev, note = posture_row(v, side)
            y = f.y
            box_w = max(th.px(40), (f.w - name_w) // max(1, len(order)))

            def draw(surf, side=side, now=now, prev=prev, y=y, box_w=box_w):
                surf.blit(T.text(side_name(ctl, side), px, T.TEXT, "bold"), (f.x, y + th.px(3)))
                for i, p in enumerate(order):
                    r = pygame.Rect(f.x + name_w + i * box_w, y, box_w - th.px(3), lh - th.px(2))
                    cur = p == now
                    pygame.draw.rect(surf, T.side_colour(side) if cur else T.PANEL_DARK, r)
                    # The current posture: filled and framed in yellow with a ▶; last turn's: dashed.
                    if cur:
                        pygame.draw.rect(surf, T.ACCENT, r, 2)
                    elif p == prev:
                        for x in range(r.x, r.right, 6):
                            pygame.draw.line(surf, T.TEXT_DIM, (x, r.y), (min(x + 3, r.right), r.y))
                            pygame.draw.line(surf, T.TEXT_DIM, (x, r.bottom - 1), (min(x + 3, r.right), r.bottom - 1))
                    else:
                        pygame.draw.rect(surf, T.PANEL_LINE, r, 1)
                    label = ("▶" + p) if cur else p
                    fpx = px
                    while T.size(label, fpx, "bold" if cur else "regular")[0] > r.w - 4 and fpx > 7:
                        fpx -= 1
                    t = T.text(label, fpx, (255, 255, 255) if cur else T.TEXT_DIM, "bold" if cur else "regular")
                    surf.blit(t, (r.centerx - t.get_width() // 2, r.centery - t.get_height() // 2))
            f.op(draw, ("posture", side, now, prev, tuple(order), f.x, y, f.w, th.scale))
            f.y += lh
            if note and note not in ("this turn", "not chosen yet"):
                notes.append(f"{side_name(ctl, side)}: {note}")
        if notes:
            f.text("; ".join(notes) + ".", th.px(11), T.TEXT_DIM)
        avail = v.get("offensives_available") or {}
        spent = self.spent(v)
        total = self.facts(ctl).markers_per_side
        parts = []
        for side in ctl.sides():
            ready, on_lead = avail.get(side, 0), spent.get(side, 0)
            s = f"{side_name(ctl, side)} {ready} ready"
            if on_lead:
                s += f", {on_lead} on a lead unit"
            if total is not None:  # each side owns a fixed set; the rest sit in the Expended box (6.0)
                s += f", {max(0, total - ready - on_lead)} expended"
            parts.append(s)
        vp = v.get("vp")
        line = "Offensive markers (9.2.1): " + "; ".join(parts) + "."
        if vp is not None:
            ahead = "Russian" if vp > 0 else "German" if vp < 0 else "even"
            line += f" VP track (5.0): {vp:+d}, {ahead}."
        f.text(line, th.px(11), T.TEXT)
        vp_parts = v.get("vp_parts") or ()
        lh = T.font(th.px(11)).get_linesize()
        if vp_parts and f.y + 3 * lh < f.bottom:  # what the VP are made of, when there is room for it
            f.text("VP: " + "; ".join(vp_parts) + ".", th.px(11), T.TEXT_DIM)

    def compact(self, f, ctl, v: dict) -> None:
        th = f.theme
        avail = v.get("offensives_available") or {}
        post = v.get("posture") or {}
        bits = [f"{side_name(ctl, s)} {post.get(s, '?')}" for s in ctl.sides()]
        mk = ", ".join(f"{side_name(ctl, s)} {avail.get(s, 0)}" for s in ctl.sides())
        vp = v.get("vp")
        f.text(f"Postures (12.0): {'; '.join(bits)}. Offensive markers ready (9.2.1): {mk}."
               + (f" VP {vp:+d} (5.0)." if vp is not None else ""), th.px(11), T.TEXT_DIM)

    @staticmethod
    def spent(v: dict) -> dict[str, int]:
        """Offensive markers spent on the battles declared this phase (the view lists them with
        their lead). Markers spent earlier are not in the view (a hook the engine could add)."""
        out: dict[str, int] = {}
        units = {u["id"]: u for u in v.get("units", ())}
        for b in v.get("battles") or ():
            if b.get("lead"):
                side = (units.get(b["lead"]) or {}).get("side", "")
                out[side] = out.get(side, 0) + 1
        return out

    # --- decisions through the chooser -----------------------------------------------------
    # Thin wrappers over the engine's words (the generic client takes them from game.decisions()).
    def objective_choices(self, ctl) -> dict:
        """Hex -> the Choose that moves the Strategic Objective there (12.1), when that is decided now."""
        out = {}
        for a in ctl.legal() or ():
            if isinstance(a, A.Choose) and a.what == "objective" and a.value != "stay":
                out[parse_hex(a.value)] = a
        return out

    def click_action(self, ctl, h):
        return self.objective_choices(ctl).get(h)

    # --- map -------------------------------------------------------------------------------
    def map_marks(self, ctl) -> list[MapMark]:
        v = ctl.view()
        out = []
        so = v.get("objective") or {}
        if so.get("hex"):
            face = so.get("face") or "german"
            locked = [side_name(ctl, s) for s, x in (so.get("locked") or {}).items() if x]
            tip = [f"Strategic Objective (12.1), {side_name(ctl, face)} face up",
                   "worth one VP to the side it favours at the end (5.0, 12.1)"]
            tip.append("locked for: " + ", ".join(locked) if locked else "not locked: it may still be moved")
            if so.get("scored"):
                tip.append("its VP is already scored")
            out.append(MapMark(parse_hex(str(so["hex"])), "SO", "objective", tuple(tip)))
        if not ctl.past and (v.get("stage") or {}).get("kind") == "objective":
            for h in self.objective_choices(ctl):
                out.append(MapMark(h, "SO?", "support", ("The Strategic Objective may go here (12.1): a click "
                                                         "moves it.",)))
        lead = ctl.lead
        if lead and ctl.target is not None:
            u = ctl.unit(lead) or {}
            if u.get("hex"):
                out.append(MapMark(parse_hex(u["hex"]), "LEAD", "lead", (f"{lead} leads the Offensive (9.2.1)",)))
            for sid in ctl.support:
                su = ctl.unit(sid) or {}
                if su.get("hex"):
                    out.append(MapMark(parse_hex(su["hex"]), "+1", "support",
                                       (f"{sid} supports from the second echelon: +1 column (9.2.1)",)))
        return out

    def unit_facts(self, u: dict, ctl) -> list[str]:
        out = []
        if u.get("formation"):
            out.append(f"{u['formation']} ({u.get('colour', '')} band)")
        return out

    # --- Offensive -------------------------------------------------------------------------
    def leads(self, ctl) -> list[str]:
        """Attackers of the battle being built that could lead an Offensive now (9.2.1)."""
        if ctl.target is None or not ctl.attackers:
            return []
        if not any(isinstance(a, Offensive) and a.target == ctl.target for a in ctl.legal() or ()):
            return []  # no marker ready, or no Offensive against this hex at all
        f = self.facts(ctl)
        return [x for x in ctl.attackers
                if f.lead_problem(x) is None and f.supporters(ctl.target, x, ctl.attackers)]

    def why_not_lead(self, ctl, uids: list[str]) -> str:
        """Why the other attackers cannot lead, in the rules' words (9.2.1)."""
        f = self.facts(ctl)
        out = []
        for x in uids:
            bad = f.lead_problem(x)
            if bad is not None:
                out.append(f"{bad.rule}: {bad.reason}")
            elif not f.supporters(ctl.target, x, ctl.attackers):
                out.append(f"{x}: no unit of its formation colour stands behind it to support (9.2.1)")
        return "; ".join(out)

    def supporters(self, ctl) -> list[str]:
        """The units that may support the lead chosen (9.2.1)."""
        if not ctl.lead or ctl.target is None or ctl.lead not in ctl.attackers:
            return []
        return list(self.facts(ctl).supporters(ctl.target, ctl.lead, ctl.attackers))

    def offensive_action(self, ctl):
        if not ctl.lead or not ctl.support or ctl.target is None:
            return None
        return Offensive(ctl.target, ctl.lead, tuple(sorted(ctl.attackers)), tuple(sorted(ctl.support)))

    def battle_action(self, ctl, target, attackers):
        """The action whose preview gives the odds of an Offensive: the one being built, or a
        declared one's Resolve. None for a plain battle (the generic odds say it all)."""
        if target == ctl.target and ctl.lead and ctl.support and set(attackers) == set(ctl.attackers):
            return self.offensive_action(ctl)
        name = hex_name(target)
        for b in ctl.view().get("battles") or ():
            # One battle per defending hex (9.0); its attackers still there may be fewer than declared.
            if b["target"] == name and b.get("lead") and set(attackers) <= set(b["attackers"]):
                return A.Resolve(target)
        return None

    def _compact_offensive(self, f, ctl, sup: list[str]) -> None:
        """The Offensive being built in one line (lead, supporters chosen of those that may), what
        each supporter brings and who else may support in the line's tooltip, then the button
        that drops the lead."""
        th = f.theme
        others = [x for x in sup if x not in ctl.support]
        tip = [f"Offensive led by {ctl.lead} (9.2.1). Supporters: {', '.join(ctl.support) or 'none yet'}."]
        tip += self.support_lines(ctl)
        if others:
            tip.append("Click a unit marked on the map to add it (second echelon, next to the lead, same "
                       f"formation colour): {', '.join(others)}.")
        elif not sup:
            tip.append("No unit can support this lead (9.2.1).")
        y = f.y
        f.text(f"Offensive led by {ctl.lead}: supporters {len(ctl.support)} of {len(sup)} ▸",
               th.small, T.ACCENT, "bold")
        f.tips.append((pygame.Rect(f.x, y, f.w, f.y - y), tip))
        f.button("No Offensive (drop the lead)", (lambda: ctl.set_lead(None)), name="no-offensive")

    def support_lines(self, ctl) -> list[str]:
        """One line per supporter with its own column, from the engine's preview."""
        p = self.preview(ctl, self.offensive_action(ctl))
        if p is None:
            return []
        return [f"{ln.value}: {ln.text} ({ln.rule})" for ln in p.lines if ln.rule == "9.2.1" and ln.indent > 1]

    def build_offensive(self, f, ctl, scene, compact: bool = False) -> None:
        """Under the attackers of the battle being built: pick a lead, then the supporters
        (``compact``: the supporters on one line, each one's column and who else may support in
        its tooltip)."""
        th = f.theme
        v = ctl.view()
        side = ctl.acting()
        free = (v.get("offensives_available") or {}).get(side, 0)
        leads = self.leads(ctl)
        if not ctl.lead:
            if not leads:
                if ctl.attackers and free <= 0:
                    f.text("Offensive (9.2.1): no marker ready this turn.", th.small, T.TEXT_DIM)
                return
            f.text(f"Offensive (9.2.1), {free} marker(s) ready: pick the lead unit (armor or shock), "
                   "then its supporters.", th.small)
            f.row([(f"Lead: {x}", (lambda x=x: ctl.set_lead(x)), True, f"lead-{x}") for x in leads[:3]], slots=3)
            why = self.why_not_lead(ctl, [x for x in ctl.attackers if x not in leads])
            if why:
                f.text(why, th.px(11), T.TEXT_DIM)
            return
        sup = self.supporters(ctl)
        if compact:
            self._compact_offensive(f, ctl, sup)
            return
        chosen = ", ".join(ctl.support) or "none yet"
        f.text(f"Offensive led by {ctl.lead} (9.2.1). Supporters: {chosen}.", th.small, T.ACCENT, "bold")
        for ln in self.support_lines(ctl):  # each supporter's own shift, line by line
            f.text(ln, th.px(11), T.ACCENT, indent=th.px(8))
        others = [x for x in sup if x not in ctl.support]
        if others:
            f.text("Click a unit marked on the map to add it (second echelon, next to the lead, same formation "
                   f"colour): {', '.join(others)}.", th.small)
        elif not sup:
            f.text("No unit can support this lead (9.2.1).", th.small, T.TEXT_DIM)
        f.button("No Offensive (drop the lead)", (lambda: ctl.set_lead(None)), name="no-offensive")

