"""Battle for Kursk in the client: the posture tracks (12.0), the Offensive markers (9.2.1),
the VP track (5.0), the Strategic Objective on the map (12.1), mud turns (11.0) and the
Offensive built on the map (lead unit, then second-echelon supporters).

All of it is read from ``rules.view`` (``posture``, ``posture_chosen``, ``previous_posture``,
``offensives_available``, ``vp``, ``vp_parts``, ``objective``, ``mud``, ``battles``) and from the
rules' public helpers (``odds``, ``supporters``, ``lead_problem``); the legality of an Offensive
is always ``game.check``'s.
"""
from __future__ import annotations

import pygame

from ....core.hexgrid import hex_name, parse_hex
from ... import theme as T
from ...rules_text import SIDE_NAMES
from ..base import GameUI, MapMark


def _offensive_cls():
    from ....games.battle_for_kursk.offensive import Offensive
    return Offensive


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
        order = list(getattr(getattr(ctl.rules, "camp", None), "postures", {}).get("order", ())) or \
            ["pause", "reposition", "deploy", "engage"]
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
                surf.blit(T.text(SIDE_NAMES.get(side, side), px, T.TEXT, "bold"), (f.x, y + th.px(3)))
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
                notes.append(f"{SIDE_NAMES.get(side, side)}: {note}")
        if notes:
            f.text("; ".join(notes) + ".", th.px(11), T.TEXT_DIM)
        avail = v.get("offensives_available") or {}
        spent = self.spent(v)
        total = self.markers_per_side(ctl)
        parts = []
        for side in ctl.sides():
            ready, on_lead = avail.get(side, 0), spent.get(side, 0)
            s = f"{SIDE_NAMES.get(side, side)} {ready} ready"
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
        parts = v.get("vp_parts") or ()
        lh = T.font(th.px(11)).get_linesize()
        if parts and f.y + 3 * lh < f.bottom:  # what the VP are made of, when there is room for it
            f.text("VP: " + "; ".join(parts) + ".", th.px(11), T.TEXT_DIM)

    def compact(self, f, ctl, v: dict) -> None:
        th = f.theme
        avail = v.get("offensives_available") or {}
        post = v.get("posture") or {}
        bits = [f"{SIDE_NAMES.get(s, s)} {post.get(s, '?')}" for s in ctl.sides()]
        mk = ", ".join(f"{SIDE_NAMES.get(s, s)} {avail.get(s, 0)}" for s in ctl.sides())
        vp = v.get("vp")
        f.text(f"Postures (12.0): {'; '.join(bits)}. Offensive markers ready (9.2.1): {mk}."
               + (f" VP {vp:+d} (5.0)." if vp is not None else ""), th.px(11), T.TEXT_DIM)

    @staticmethod
    def markers_per_side(ctl) -> int | None:
        """How many Offensive markers each side owns in all (the scenario's ``per_side``)."""
        camp = getattr(ctl.rules, "camp", None)
        n = (getattr(camp, "offensives", None) or {}).get("per_side")
        return int(n) if n is not None else None

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
    RESULT_WORDS = {"sf": "Stand Fast: one step lost, no retreat", "ex": "Exchange instead (fortification)"}

    def choice_info(self, what: str) -> dict:
        if what == "result":
            return {"title": "Defender's option on this result", "rule": "9.3",
                    "help": "In a major city the defender may Stand Fast (a step instead of the retreat); in an "
                            "active friendly fortification a DR or DRL may become an exchange."}
        if what == "emergency":
            return {"title": "Emergency Reaction", "rule": "12.0",
                    "help": "Spend an Offensive marker to turn your Pause into Reposition against an Engage."}
        if what == "objective":
            return {"title": "Strategic Objective: where it goes", "rule": "12.1",
                    "help": "Leave it (stay) or pick a hex: the allowed hexes are marked SO? on the map; a "
                            "click there moves it."}
        return {}

    def option_label(self, action) -> str | None:
        if getattr(action, "what", None) == "result":
            v = str(action.value)
            return self.RESULT_WORDS.get(v, f"take the {v.upper()} as rolled")
        return None

    def objective_choices(self, ctl) -> dict:
        """Hex -> the Choose that moves the Strategic Objective there (12.1), when that is decided now."""
        from ....core import actions as A

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
            locked = [SIDE_NAMES.get(s, s) for s, x in (so.get("locked") or {}).items() if x]
            tip = [f"Strategic Objective (12.1), {SIDE_NAMES.get(face, face)} face up",
                   "worth one VP to the side it favours at the end (5.0, 12.1)"]
            tip.append("locked for: " + ", ".join(locked) if locked else "not locked: it may still be moved")
            if so.get("scored"):
                tip.append("its VP is already scored")
            out.append(MapMark(parse_hex(str(so["hex"])), "SO", "objective", tuple(tip)))
        if not getattr(ctl, "past", False) and (v.get("stage") or {}).get("kind") == "objective":
            for h in self.objective_choices(ctl):
                out.append(MapMark(h, "SO?", "support", ("The Strategic Objective may go here (12.1): a click "
                                                         "moves it.",)))
        lead = getattr(ctl, "lead", None)
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
        """Attackers of the battle being built that could lead an Offensive now."""
        if ctl.target is None or not ctl.attackers:
            return []
        Off = _offensive_cls()
        legal = ctl.legal() or []
        if not any(isinstance(a, Off) and a.target == ctl.target for a in legal):
            return []
        rules = ctl.rules
        return [x for x in ctl.attackers if rules.lead_problem(ctl.state, x) is None
                and rules.supporters(ctl.state, ctl.target, x, tuple(ctl.attackers))]

    def why_not_lead(self, ctl, uids: list[str]) -> str:
        """Why the other attackers cannot lead, in the rules' words (9.2.1)."""
        out = []
        for x in uids:
            bad = ctl.rules.lead_problem(ctl.state, x)
            if bad is None and not ctl.rules.supporters(ctl.state, ctl.target, x, tuple(ctl.attackers)):
                out.append(f"{x}: no unit of its formation colour stands behind it to support (9.2.1)")
            elif bad is not None:
                out.append(f"{bad.rule}: {bad.reason}")
        return "; ".join(out)

    def supporters(self, ctl) -> list[str]:
        if not getattr(ctl, "lead", None) or ctl.target is None:
            return []
        try:
            return list(ctl.rules.supporters(ctl.state, ctl.target, ctl.lead, tuple(ctl.attackers)))
        except Exception:
            return []

    def offensive_action(self, ctl):
        if not getattr(ctl, "lead", None) or not ctl.support or ctl.target is None:
            return None
        return _offensive_cls()(ctl.target, ctl.lead, tuple(sorted(ctl.attackers)), tuple(sorted(ctl.support)))

    def odds(self, ctl, target, attackers):
        fn = getattr(ctl.rules, "odds", None)
        if fn is None or target is None or not attackers:
            return None
        off = None
        if target == ctl.target and getattr(ctl, "lead", None) and ctl.support and set(attackers) == set(ctl.attackers):
            off = (ctl.lead, tuple(ctl.support))
        else:
            for b in getattr(ctl.state, "battles", ()) or ():
                if b.target == target and b.lead and set(b.attackers) == set(attackers):
                    off = (b.lead, tuple(ctl.rules.live_support(ctl.state, b)))
        try:
            return fn(ctl.state, target, tuple(attackers), off)
        except Exception:
            return None

    def support_lines(self, ctl, support) -> list[str]:
        """One line per supporter with its shift (the engine's line sums them)."""
        n = int((getattr(getattr(ctl.rules, "camp", None), "offensives", {}) or {}).get("support_shift", 1))
        out = []
        for sid in support:
            u = ctl.unit(sid) or {}
            out.append(f"+{n} column: {sid} supports from the second echelon ({u.get('formation', 'same formation')}, "
                       "as the lead; 9.2.1)")
        return out

    def build_offensive(self, f, ctl, scene) -> None:
        """Under the attackers of the battle being built: pick a lead, then the supporters."""
        th = f.theme
        v = ctl.view()
        side = ctl.acting()
        free = (v.get("offensives_available") or {}).get(side, 0)
        leads = self.leads(ctl)
        if not getattr(ctl, "lead", None):
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
        chosen = ", ".join(ctl.support) or "none yet"
        f.text(f"Offensive led by {ctl.lead} (9.2.1). Supporters: {chosen}.", th.small, T.ACCENT, "bold")
        for ln in self.support_lines(ctl, ctl.support):  # each supporter's own shift, line by line
            f.text(ln, th.px(11), T.ACCENT, indent=th.px(8))
        others = [x for x in sup if x not in ctl.support]
        if others:
            f.text("Click a unit marked on the map to add it (second echelon, next to the lead, same formation "
                   f"colour): {', '.join(others)}.", th.small)
        elif not sup:
            f.text("No unit can support this lead (9.2.1).", th.small, T.TEXT_DIM)
        f.button("No Offensive (drop the lead)", (lambda: ctl.set_lead(None)), name="no-offensive")

