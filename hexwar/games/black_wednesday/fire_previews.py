"""What a fire, an assault, a mission or a Prep box would bring, as the contract's ``Preview``
(``Game.preview``): the figures of ``previews.py`` line by line with their rules, and the chance
of each result. The figures dict rides along as ``Preview.detail`` for the client's short lines.
Mixin for BWRules (the ``preview`` hook of ``core.hooks.RulesHooks``).
"""
from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, Attack, Choose
from ...core.contract import COSTLY, HARMLESS, Outcome, Preview, PreviewLine, ResultTable
from ...core.hexgrid import hex_name, use_hex_ids
from . import previews as P
from .words import prep_box_label

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

# The Area Fire Table's results in the order they get worse for the target.
_FIRE_ORDER = ("-", "M", "1", "2", "3", "4", "5", "6")


def fire_lines(f: dict[str, Any], head: str, rule: str = "§8.2", indent: int = 0) -> list[PreviewLine]:
    """Firepower → column, each shift with its rule, the final column."""
    if not f["column"]:
        return [PreviewLine(f"{head}: firepower {f['fp']}, under 1: no fire", rule, "no fire", indent)]
    out = [PreviewLine(f"{head}: firepower {f['fp']}", rule, f"column {f['column']}", indent)]
    out += [PreviewLine(name, P.shift_rule(name), f"{v:+d} column", indent + 1) for name, v in f["shifts"]]
    out.append(PreviewLine("final column on the Area Fire Table", "§8.2", f"column {f['final']}", indent))
    return out


def fire_outcomes(odds: dict[str, float]) -> tuple[Outcome, ...]:
    order = sorted(odds, key=lambda k: (_FIRE_ORDER.index(k) if k in _FIRE_ORDER else 99, k))
    return tuple(Outcome(k, P.fire_result_words(k), odds[k], "§8.2") for k in order if odds[k] > 0)


def morale_line(c: dict[str, Any], who: str, rule: str) -> PreviewLine:
    return PreviewLine(f"{who}: {c['unit']} checks morale at MM {c['mm']}", rule, P.odds_words(c["odds"]), 1)


class FirePreviews(_Rules):
    """Mixin for BWRules."""

    def preview(self, state: Any, action: Action) -> Preview | None:
        with use_hex_ids(self.ids):
            name = type(action).__name__
            if isinstance(action, Choose) and action.what.startswith("prep-") and action.what != "prep-box":
                return self._prep_preview(action)
            if not isinstance(action, Attack) and name not in ("PointFire", "Assault", "Call"):
                return None
            title = self._preview_title(action)
            why = self.check(state, action)
            if why is not None:
                return Preview(title, refusal=why)
            if isinstance(action, Attack):
                return self._sfa_preview(state, action, title)
            if name == "PointFire":
                return self._pfa_preview(state, action, title)
            if name == "Assault":
                return self._assault_preview(state, action, title)
            return self._call_preview(state, action, title)

    def result_table(self, state: Any, action: Action | None) -> ResultTable | None:
        """The Area Fire Table (§8.2) with the column a fire, an assault, a mission or a Prep box
        would be read on (the preview's final column, shifts included); a column past either end
        is read on the last or first column with the roll moved, which the note says. Point fire
        rolls to hit instead (§9.1): no table column."""
        t = self.t
        n = len(t.fire_rows[2])
        rows = tuple((str(r), tuple(t.fire_rows[r])) for r in sorted(t.fire_rows))
        bands = ", ".join(f"{c}: {lo}" + ("+" if hi is None else "" if hi == lo else f"-{hi}")
                          for lo, hi, c in t.fire_columns)
        column: int | None = None
        notes: list[str] = []
        if action is not None:
            p = self.preview(state, action)
            if p is None or p.refusal is not None:
                return None
            finals = [int(m.group(1)) for ln in p.lines if (m := re.fullmatch(r"column (-?\d+)", ln.value or ""))
                      and ("final column" in ln.text or not any("final column" in x.text for x in p.lines))]
            if not finals:
                return None
            final = finals[0]
            column = min(max(final, 1), n) - 1
            if final > n:
                notes.append(f"column {final}: read on column {n} with +{final - n} to the roll (§8.2)")
            elif final < 1:
                notes.append(f"column {final}: read on column 1 with {final - 1} to the roll (§8.2)")
            if len(finals) > 1:
                notes.append(f"the defenders fire back at the attackers on column {finals[1]}")
        notes.append(f"firepower by column: {bands}")
        note = "; ".join(notes)
        return ResultTable("Area Fire Table", "§8.2", tuple(str(i) for i in range(1, n + 1)), rows, column,
                           "Dice", "column", note)

    @staticmethod
    def _preview_title(a: Any) -> str:
        if isinstance(a, Attack):
            return f"SFA on {hex_name(a.target)} by {', '.join(a.attackers)}"
        name = type(a).__name__
        if name == "PointFire":
            return f"Point fire: {a.firer} at {a.target}"
        if name == "Assault":
            return f"Assault on {hex_name(a.target)} by {', '.join(a.units)}"
        return f"Mission: {a.artillery} on {hex_name(a.target)}, {a.ammo.upper()}" + (" fast" if a.fast else "")

    # --- area fire (§8) ------------------------------------------------------------------
    def _sfa_preview(self, state: Any, a: Attack, title: str) -> Preview | None:
        p = P.sfa_preview(self, state, a)
        if p is None:
            return None
        lines = fire_lines(p, f"{len(a.attackers)} unit(s) at range {p['range']}")
        m = p["morale"]
        if m is not None and p["column"]:
            lines.append(PreviewLine(f"on M or a step loss: {m['unit']} (morale {m['morale']}) checks at MM {m['mm']}, "
                                     "+2 for an SFA", "§12.2", P.odds_words(m["odds"])))
        return Preview(title, f"column {p['final']}" if p["column"] else "no fire", tuple(lines),
                       fire_outcomes(p["odds"]), detail=p)

    # --- point fire (§9) -----------------------------------------------------------------
    def _pfa_preview(self, state: Any, a: Any, title: str) -> Preview | None:
        p = P.pfa_preview(self, state, a.firer, a.target)
        if p is None:
            return None
        lines = [PreviewLine(f"range {p['range']}: to hit", "§9.1", f"needs {p['need']}")]
        lines += [PreviewLine(n, P.shift_rule(n), f"{m:+d}", 1) for n, m in p["mods"]]
        lines.append(PreviewLine("hit on two dice", "§9.1", P.pct(p["hit"])))
        if p["vehicle"]:
            lines.append(PreviewLine(f"kill on {p['kill']}+: 7 + Defense {p['defense']} − attack {p['attack']}, "
                                     f"{p['kill_terrain'].replace('_', ' ')} terrain", "§9.2", P.pct(p["kill_chance"])))
            outcomes: tuple[Outcome, ...] = (
                Outcome("killed", "hit and knocked out", p["overall"], "§9.2"),
                Outcome("survives", "hit, but it survives the AT roll", p["hit"] - p["overall"], "§9.2"),
                Outcome("miss", "miss", 1 - p["hit"], "§9.1"))
        else:
            outcomes = (Outcome("hit", "hit: the gun loses a step and its hex checks morale", p["hit"], "§9"),
                        Outcome("miss", "miss", 1 - p["hit"], "§9.1"))
        return Preview(title, f"hit {P.pct(p['hit'])}" + (f", kill {P.pct(p['overall'])}" if p["vehicle"] else ""),
                       tuple(lines), tuple(o for o in outcomes if o.chance > 0), detail=p)

    # --- assault and overrun (§11) ---------------------------------------------------------
    def _assault_preview(self, state: Any, a: Any, title: str) -> Preview | None:
        p = P.assault_preview(self, state, a.target, a.units)
        if p is None:
            return None
        if p.get("overrun"):
            return self._overrun_preview(state, a)
        lines = fire_lines(p["on_defenders"], "on the defenders", "§11.1")
        lines += fire_lines(p["on_attackers"], "on the attackers (in the open, Move Mode)", "§11.1")
        if p["attackers"]:
            lines.append(morale_line(p["attackers"], "the attackers", "1.12"))
        if p["defenders"]:
            lines.append(morale_line(p["defenders"], "the defenders", "1.12"))
        hold = p["attackers"]["odds"].get("-", 0.0) if p["attackers"] else 1.0
        d_hold = sum(v for k, v in p["defenders"]["odds"].items() if k in ("-", "S")) if p["defenders"] else 1.0
        outcomes = (Outcome("falter", "the attackers falter (S, P, SYR or X): the assault fails", 1 - hold,
                            "Decision 8", COSTLY),
                    Outcome("hold", "the defenders hold (no effect or S): the assault fails", hold * d_hold,
                            "Decision 8", HARMLESS),
                    Outcome("break", "the defenders break and retreat: the hex is taken once none is left",
                            hold * (1 - d_hold), "Decision 8", HARMLESS))
        return Preview(title, f"they break, you hold {P.pct(hold * (1 - d_hold))}", tuple(lines),
                       tuple(o for o in outcomes if o.chance > 0),
                       note="morale chances before the fires' losses; defending guns fire at attacking vehicles "
                            "first (not counted)", detail=p)

    def _overrun_preview(self, state: Any, a: Any) -> Preview | None:
        p = P.overrun_preview(self, state, a.target, a.units)
        if p is None:
            return None
        lines = fire_lines(p, "the vehicles fire at the defenders", "§11.2")
        if p["defenders"]:
            lines.append(morale_line(p["defenders"], "the defenders", "1.12"))
        outcomes = (Outcome("hold", "the defenders hold: the vehicles stay where they were", p["hold"], "§11.2"),
                    Outcome("break", "the defenders break and retreat: the vehicles take the hex once none is left",
                            p["break"], "§11.2"))
        return Preview(f"Overrun of {hex_name(a.target)} by {', '.join(a.units)}", f"they break {P.pct(p['break'])}",
                       tuple(lines), tuple(o for o in outcomes if o.chance > 0),
                       note="defending guns fire at the vehicles first (not counted)", detail={**p, "overrun": True})

    # --- artillery (§13, 2.4) --------------------------------------------------------------
    def _call_preview(self, state: Any, a: Any, title: str) -> Preview | None:
        p = P.call_preview(self, state, a)
        if p is None:
            return None
        frm = f"TRP {hex_name(a.trp)}" if a.trp is not None else a.spotter
        lines = [PreviewLine(f"adjustment from {frm}: {p['line']} line, {p['distance']} hexes", "§13.4",
                             f"needs {p['need']}"),
                 PreviewLine("Bad Shoot: it scatters 1-3 hexes, direction by a die", "§13.5")]
        if a.ammo == "he":
            fp, radius = P.mission_fire(self, p["side"], p["calibre"], a.fast)
            zone = "its hex" if radius == 0 else f"its hex and the {radius}-hex ring around"
            lines.append(PreviewLine(f"firepower {fp} on {zone}, {fp // 2} one hex farther" + (" (Fast Fire doubles it)"
                                     if a.fast else ""), "§13.6", f"column {self.t.fire_column(fp)[0]}"))
            lines.append(PreviewLine("a barrage marker stays: units entering its hexes are fired on", "§13.6"))
        elif a.ammo == "smoke":
            lines.append(PreviewLine("one Level 2 smoke marker where it lands: no sight into, out of or through it",
                                     "§13.8"))
        else:
            lines.append(PreviewLine("units within 2 hexes of where it lands are seen as at visibility 10 until "
                                     "Clean Up", "§13.8"))
        lines.append(PreviewLine(f"{p['kind']} of the {p['calibre'].replace('mm', ' mm')} batteries", "2.3b, 3.2b",
                                 f"{p['ammo']} → {p['after']}"))
        outcomes = (Outcome("good", "Good Shoot: it lands on the target hex", p["good"], "§13.4"),
                    Outcome("bad", "Bad Shoot: it scatters", 1 - p["good"], "§13.5", COSTLY))
        return Preview(title, f"good shoot {P.pct(p['good'])}", tuple(lines),
                       tuple(o for o in outcomes if o.chance > 0), detail=p)

    def _prep_preview(self, a: Choose) -> Preview | None:
        _, col, tm = (a.what.split("-") + ["", ""])[:3]
        try:
            h = self.ids.parse(a.value)
        except Exception:
            return None
        p = P.prep_preview(self, col, tm, h)
        if p is None:
            return None
        zone = f"the hexes within {p['radius']}"
        lines = (PreviewLine(f"fires at {tm}, first thing of the Soviet Action Phase", "2.4e"),
                 PreviewLine(f"firepower {p['fp']} on {zone} of {a.value}, {p['fp'] // 2} one hex farther", "2.4a",
                             f"column {p['table_column']}"),
                 PreviewLine("Good Shoot on a die of 4-6", "2.4d", P.pct(p["good"])),
                 PreviewLine(f"Bad Shoot: {p['bad']}", "2.4d"))
        outcomes = (Outcome("good", f"Good Shoot: it lands on {a.value}", p["good"], "2.4d"),
                    Outcome("bad", f"Bad Shoot: {p['bad']}", 1 - p["good"], "2.4d", COSTLY))
        return Preview(f"Prep: {prep_box_label(col + '-' + tm)} on {a.value}", f"good shoot {P.pct(p['good'])}",
                       lines, outcomes, detail=p)
