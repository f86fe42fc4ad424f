"""Black Wednesday's blocks in the side panel: the step's block (the owner's choice inside a fire,
the tools, orders, then one line per fire the selected unit may make), the notices, the
chooser's labels and titles, and the owner's choices marked on the map. ``PanelBlocks`` is that
part of the client extension.
"""
from __future__ import annotations

from ....core import actions as A
from ....core.hexgrid import hex_name, parse_hex
from ....games.black_wednesday import previews as I
from ... import theme as T
from ..base import MapMark
from .fire import preview_line
from .labels import CHOICE_MARK, choice_label, order_label, prep_box_label


class PanelBlocks:
    """The panel's blocks, labels and the owner's choices (a mixin of ``BlackWednesdayUI``)."""

    def build_step(self, f, ctl, scene) -> None:
        """The tool button and readout, then one short line per fire, assault or mission the
        selected unit may make (the whole preview is in the target hex's tooltip)."""
        th = f.theme
        small = th.px(11)
        self.build_choice(f, ctl)
        self.los_button(f, ctl)
        self.build_los(f, ctl, scene)
        self.build_orders(f, ctl)
        opts = self.fire_options(ctl)
        pfa = self.pfa_options(ctl)
        asl = self.assault_options(ctl)
        calls = self.call_options(ctl)
        if not (opts or pfa or asl or calls):
            return
        f.space(4)
        f.text(f"{ctl.sel} may (click the target; its tooltip has it all):", th.px(12), T.TEXT, "bold")
        for a, p in opts:
            f.text(f"SFA {hex_name(a.target)} by {len(a.attackers)} unit(s): {preview_line(p)}", small, T.TEXT)
            chk = self.sfa_morale(ctl, a.target)
            if chk:
                f.text(chk, small, T.TEXT_DIM, indent=th.px(8))
        for a, p in pfa:
            kill = f", kill {I.pct(p['kill_chance'])} → {I.pct(p['overall'])}" if p["vehicle"] else ""
            mods = "".join(f", {n} {m:+d}" for n, m in p["mods"])
            f.text(f"PFA at {a.target} ({hex_name(ctl.state.units[a.target].hex)}): needs {p['need']}{mods} → hit "
                   f"{I.pct(p['hit'])}{kill} (§9)", small, T.TEXT)
        for a, p in asl:
            if p.get("overrun"):
                f.text(f"Overrun {hex_name(a.target)} (§11.2)", small, T.TEXT)
                continue
            att, dfd = p["attackers"], p["defenders"]
            f.text(f"Assault {hex_name(a.target)} (§11.1): column {p['on_defenders']['final']} on them, "
                   f"{p['on_attackers']['final']} on you; MM {att['mm'] if att else '-'} vs "
                   f"{dfd['mm'] if dfd else '-'}" + (f"; they break and you hold {I.pct(p['win'])}"
                                                    if p.get("win") is not None else ""), small, T.TEXT)
        for c, p in calls[:3]:
            f.text(f"Mission {c.artillery} ({p['calibre'].replace('mm', ' mm')}) on {hex_name(c.target)}: good shoot "
                   f"on {p['need']}+ = {I.pct(p['good'])} (§13.4); {p['kind']} {p['ammo']} → {p['after']}", small, T.TEXT)
        if len(calls) > 3:
            f.text(f"… {len(calls) - 3} more missions under 'call' in the chooser", small, T.TEXT_DIM)
        if calls:
            for line in I.ammo_lines(ctl.view()):
                f.text(line + " (2.3b, 3.2b)", small, T.TEXT_DIM)

    def notices(self, ctl) -> list[str]:
        v = ctl.view()
        out = []
        w = v.get("weather")
        if w:
            out.append(f"Weather: {w}")
        out += self.fire_notes(ctl)
        out += self.morale_notes(ctl)
        if v.get("phase") == "action" and not v.get("stage"):
            out.append("Click a unit, then a shaded hex to move, or an enemy hex to fire or assault; "
                       "V: line of sight")
        for line in v.get("warnings") or ():
            out.append(str(line))
        return out

    def option_label(self, action) -> str | None:
        if isinstance(action, A.Choose):
            if action.what == "prep-box":
                return prep_box_label(str(action.value))
            if action.what.startswith("prep-"):
                return f"target {action.value}"
            if action.what == "trench_syr":
                return {"p": "switch to: take P instead of SYR", "syr": "switch to: keep the SYR roll"}.get(
                    str(action.value))
            if action.what == "commissars":
                return f"switch commissars {action.value}"
            if action.what == "prep_log" and action.value == "historical":
                return "keep the historical log"
        if isinstance(action, A.Choose) and action.what in CHOICE_MARK:
            return choice_label(action.what, str(action.value))
        if type(action).__name__ == "OrderAct":
            return order_label(action)
        args = list(getattr(action, "args", ()) or ())
        if type(action).__name__ == "Assign289" and len(args) == 2:
            return f"the 289 AT Regiment to the {args[1]} Division"
        if type(action).__name__ == "BatteryRelease" and args:
            return "release " + args[0].replace("+", " and ")
        if type(action).__name__ == "DoraPlot" and args:
            return f"Dora's next shot on {args[0]}"
        if type(action).__name__ == "Call":  # spotter → battery, target, ammunition
            extra = (" fast" if action.fast else "") + (f", TRP {hex_name(action.trp)}" if action.trp else "")
            return f"{action.spotter} → {action.artillery} on {hex_name(action.target)}, {action.ammo.upper()}{extra}"
        return None

    def choice_info(self, what: str) -> dict:
        if what == "prep-box":
            return {"title": "Open a Prep box to change its target", "rule": "2.4",
                    "help": "then click a hex of the play area, or a target button"}
        if what.startswith("prep-"):
            return {"title": f"Target of {prep_box_label(what[5:])}", "rule": "2.4",
                    "help": "click a hex of the play area on the map"}
        if what == "commissars":
            return {"title": "Commissars (standing choice)", "rule": "2.2a",
                    "help": "on: a Suppressed Soviet hex may lose a step instead of being suppressed"}
        if what == "trench_syr":
            return {"title": "SYR in a trench: take P instead? (standing choice)", "rule": "1.3d",
                    "help": "p: a unit in a trench takes Paralyzed instead of SYR; syr: it keeps the SYR roll"}
        if what == "call":
            return {"title": "Call an artillery mission (spotter → battery, target)", "rule": "2.3, 3.2",
                    "help": "HE, smoke or illumination; a spotter needs sight of the target hex"}
        if what == "prep_log":
            return {"title": "Prep Log", "rule": "2.4", "help": "the historical targets, or change them box by box"}
        if what == "assign":
            return {"title": "Assign the 289 AT Regiment", "rule": "2.3a",
                    "help": "before play: only that division's FOs may call it"}
        if what == "battery":
            return {"title": "German batteries released", "rule": "3.5, 3.5a",
                    "help": "a German reinforcement result spent on these batteries"}
        if what == "dora":
            return {"title": "Plot Dora's next shot", "rule": "4.7",
                    "help": "the 800 mm gun fires at the next hour's Axis Action Phase; the target never changes, "
                            "the shot scatters, then leaves Level 2 smoke"}
        if what == "order":
            return {"title": "Orders: draw, roll to implement, cancel", "rule": "§16",
                    "help": "an order gives its units a type and an objective; it implements on the Command Prep "
                            "Table (d66) after its weighted turns"}
        return {}

    # --- the owner's choices inside a fire (the engine's pending steps) ------------------------
    def pending(self, ctl) -> dict | None:
        st = ctl.view().get("stage")
        return st if st and st.get("kind") == "choice" and st.get("what") in CHOICE_MARK else None

    def choice_hexes(self, ctl, st: dict) -> dict:
        """hex -> the option values that concern it (the engine's ``option_hexes``: a unit's
        hex, a retreat end, a firing stack; "none"/"stop" stand on no hex)."""
        out: dict = {}
        for val, hn in (st.get("option_hexes") or {}).items():
            if hn:
                out.setdefault(parse_hex(hn), []).append(str(val))
        return out

    def choice_marks(self, ctl) -> list[MapMark]:
        st = self.pending(ctl)
        if st is None:
            return []
        word = CHOICE_MARK[st["what"]]
        out = []
        for h, vals in sorted(self.choice_hexes(ctl, st).items()):
            out.append(MapMark(h, word + (f" ×{len(vals)}" if len(vals) > 1 else ""), "choice",
                               tuple(f"{st.get('title', '')} ({st.get('rule', '')}): {choice_label(st['what'], v)}"
                                     for v in vals)))
        return out

    def click_choice(self, ctl, h) -> bool:
        """A click on a marked hex answers the pending choice when one option stands there."""
        st = self.pending(ctl)
        if st is None:
            return False
        vals = self.choice_hexes(ctl, st).get(h)
        if not vals:
            return False
        if len(vals) > 1:
            ctl.say(f"{len(vals)} choices in {hex_name(h)}: pick one in the side panel ("
                    + "; ".join(choice_label(st["what"], v) for v in vals) + ")")
            return True
        ctl.do(A.Choose(st["what"], vals[0]))
        return True

    def build_choice(self, f, ctl) -> None:
        st = self.pending(ctl)
        if st is None:
            return
        th = f.theme
        side = "Soviet" if st.get("side") == "soviet" else "Axis"
        f.space(4)
        f.text(f"{st.get('title', 'Choice')} — the {side} player decides: {st.get('note', '')}", th.px(12),
               T.ACCENT, "bold")
        f.text(f"Click a hex marked {CHOICE_MARK[st['what']]} on the map, or a button below.", th.px(11), T.TEXT_DIM)
