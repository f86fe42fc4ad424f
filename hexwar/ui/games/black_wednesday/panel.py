"""Black Wednesday's blocks in the side panel: the step's block (the owner's choice inside a fire,
the tools, orders, then one line per fire the selected unit may make), the notices, the
chooser's labels and titles, and the owner's choices marked on the map. ``PanelBlocks`` is that
part of the client extension.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....core import actions as A
from ....core.contract import COSTLY, FATAL
from ....core.hexgrid import hex_name, parse_hex
from ....games.black_wednesday import previews as I
from ... import theme as T
from ...panel.battle import result_table, table_block
from ..base import MapMark
from .fire import hex_of, preview_line
from .labels import CHOICE_MARK, choice_label

if TYPE_CHECKING:  # a part of BlackWednesdayUI, whose other parts it uses (host.py)
    from .host import BWHost as _Client
else:
    _Client = object

# How bad an option's consequence is, in a word beside it (never by colour alone).
LEVEL_WORDS = {COSTLY: " [costly]", FATAL: " [fatal]"}


class PanelBlocks(_Client):
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
            where = hex_of(ctl, a.target)
            f.text(f"PFA at {a.target} ({hex_name(where) if where else '?'}): needs {p['need']}{mods} → hit "
                   f"{I.pct(p['hit'])}{kill} (§9)", small, T.TEXT)
        for a, p in asl:
            if p.get("overrun"):
                f.text(f"Overrun {hex_name(a.target)} (§11.2): column {p['final']} with +2 shock; they break "
                       f"{I.pct(p['break'])}", small, T.TEXT)
                continue
            att, dfd = p["attackers"], p["defenders"]
            f.text(f"Assault {hex_name(a.target)} (§11.1): column {p['on_defenders']['final']} on them, "
                   f"{p['on_attackers']['final']} on you; MM {att['mm'] if att else '-'} vs "
                   f"{dfd['mm'] if dfd else '-'}" + (f"; they break and you hold {I.pct(p['win'])}"
                                                    if p.get("win") is not None else ""), small, T.TEXT)
        for c, p in calls[:3]:
            f.text(f"Mission {c.artillery} ({p['calibre'].replace('mm', ' mm')}) on {hex_name(c.target)}: good shoot "
                   f"on {p['need']}+ = {I.pct(p['good'])} (§13.4); {p['kind']} {p['ammo']} → {p['after']}", small,
                   T.TEXT)
        if len(calls) > 3:
            f.text(f"… {len(calls) - 3} more missions under 'call' in the chooser", small, T.TEXT_DIM)
        if calls:
            for line in I.ammo_lines(ctl.view()):
                f.text(line + " (2.3b, 3.2b)", small, T.TEXT_DIM)
        # The Area Fire Table with the column of the first fire listed (game.result_table).
        first = next((a for a, _ in opts), None) or next((a for a, _ in asl), None) \
            or next((c for c, _ in calls), None)
        table = result_table(ctl, first) if first is not None else None
        if table is not None and first is not None:  # (a table comes only with an action)
            f.space(4)
            what = (f"SFA on {hex_name(first.target)}" if isinstance(first, A.Attack) else
                    f"{type(first).__name__.lower()} on {hex_name(first.target)}")
            table_block(f, ctl, table, caption=f"{table.title}: the {what}, column {table.columns[table.column]} "
                                               "framed ▼" if table.column is not None else "")

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
                               tuple(self.choice_tip(ctl, st, v) for v in vals)))
        return out

    def choice_tip(self, ctl, st: dict, value: str) -> str:
        """One option of the pending choice in words, with what it does (the engine's consequence)."""
        head = f"{st.get('title', '')} ({st.get('rule', '')}): "
        c = self.consequence(ctl, A.Choose(st["what"], value))
        if c is None:
            return head + choice_label(st["what"], value)
        other = f" ({c.rule})" if c.rule and c.rule != st.get("rule") else ""
        return head + c.text + other + LEVEL_WORDS.get(c.level, "")

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
