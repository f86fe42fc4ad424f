"""Black Wednesday (TCS-lite, Scenario 1) in the client: each unit's mode and morale state as
badges on its counter (F/M for Fire and Move Mode, S or P, DI for Dug In, R for a reserve), the
same in words in the stack list, barrage and smoke markers on their hexes, the weather and the
engine's bunching warnings as notices, readable labels for the Prep Log boxes, and a map click as
the target of the open Prep box.

Everything is read from the view (``units[].mode/status/dug_in/reserve``, ``barrages``,
``smoke``, ``warnings``, ``weather``, ``prep_log``); nothing here decides a rule.
"""
from __future__ import annotations

from ...core import actions as A
from ...core.hexgrid import distance, hex_name, parse_hex
from .. import theme as T
from . import GameUI, MapMark

MODE_LETTER = {"fire": "F", "move": "M"}
MODE_WORDS = {"fire": "Fire Mode (§5)", "move": "Move Mode (§5)"}
STATUS_WORDS = {"S": "Suppressed (§12)", "P": "Paralyzed (§12)"}
COLUMN_NAMES = {"katyusha": "Katyusha", "122mm": "122 mm", "152mm": "152 mm", "76mm": "76 mm"}


def prep_box_label(value: str) -> str:
    """``122mm_1-0600`` → "122 mm battery 1, 0600"; ``none`` → "close the box"."""
    if value == "none":
        return "close this box"
    col, _, tm = value.rpartition("-")
    kind, _, num = col.partition("_")
    name = COLUMN_NAMES.get(kind, kind)
    return f"{name}{' battery ' + num if num else ''}, {tm}" if tm else value


def barrage_centre(hexes: list[str]) -> str | None:
    """The hex of a barrage nearest the middle of its hexes (where its one box is drawn)."""
    if not hexes:
        return None
    hs = [parse_hex(h) for h in hexes]
    cx = sum(h.col for h in hs) / len(hs)
    cy = sum(h.row for h in hs) / len(hs)
    best = min(zip(hs, hexes), key=lambda p: ((p[0].col - cx) ** 2 + (p[0].row - cy) ** 2, p[1]))
    return best[1]


def sfa_preview(rules, state, attack) -> dict | None:
    """The Area Fire Table column and every shift of an SFA, from the engine's own helpers
    (``firepower``, ``tables.fire_column``, ``area_shifts``: the steps ``do_sfa`` takes before
    its roll); None when the engine lacks them."""
    try:
        us = [state.units[x] for x in attack.attackers]
        rng = distance(us[0].hex, attack.target)
        fp = int(rules.firepower(state, us, rng))
        col, extra = rules.t.fire_column(fp)
        shifts = list(rules.area_shifts(state, attack.target, "sfa", firer_hex=us[0].hex)) if col else []
    except (AttributeError, KeyError, TypeError, ValueError):
        return None
    if extra:
        shifts.append((f"firepower over 47 (+{extra})", extra))
    return {"range": rng, "fp": fp, "column": col, "shifts": shifts,
            "final": col + sum(v for _, v in shifts) if col else 0}


def preview_line(p: dict) -> str:
    if not p["column"]:
        return f"firepower {p['fp']} at range {p['range']}: under 1, no fire (§8.2)"
    sh = ", ".join(f"{n} {v:+d}" for n, v in p["shifts"]) or "no shifts"
    return (f"firepower {p['fp']} at range {p['range']} → column {p['column']}; {sh} "
            f"→ column {p['final']} on the Area Fire Table (§8.2, §8.3)")


class BlackWednesdayUI(GameUI):
    game_id = "black-wednesday"
    first_groups = ("choose:prep_log", "choose:prep-box")
    # Mode changes and breaches are offered beside each unit in the stack list (click its stack).
    unit_verbs = frozenset({"mode", "breach"})

    def __init__(self) -> None:
        self._src = None
        self._by_unit: dict[str, list] = {}

    # --- counters and stack list ----------------------------------------------------------
    def unit_badges(self, u: dict) -> tuple[str, ...]:
        if u.get("where") != "map":
            return ()
        out = [MODE_LETTER.get(str(u.get("mode") or ""), "")]
        if u.get("status") in STATUS_WORDS:
            out.append(str(u["status"]))
        if u.get("dug_in"):
            out.append("DI")
        return tuple(b for b in out if b)

    def unit_facts(self, u: dict, ctl) -> list[str]:
        out = []
        if u.get("mode") in MODE_WORDS:
            out.append(MODE_WORDS[u["mode"]])
        if u.get("status") in STATUS_WORDS:
            out.append(STATUS_WORDS[u["status"]])
        if u.get("dug_in"):
            out.append("Dug In (§13)")
        if u.get("reserve"):
            out.append("in reserve (3.1d)")
        if u.get("morale") is not None:
            out.append(f"morale {u['morale']}")
        return out

    def unit_actions(self, u: dict, ctl) -> list:
        legal = ctl.legal()
        if legal is None:
            return []
        if self._src is not legal:  # laid out every frame: index the legal list once
            self._src, self._by_unit = legal, {}
            for a in legal:
                name = type(a).__name__
                if name == "Mode":
                    self._by_unit.setdefault(a.unit, []).append(
                        (f"To {a.mode.capitalize()} Mode", a,
                         f"{a.unit} changes to {a.mode.capitalize()} Mode (§5; free at the end of its own move)"))
                elif name == "Breach":
                    self._by_unit.setdefault(a.unit, []).append(
                        (f"Breach {hex_name(a.hex)}", a, f"{a.unit} tries to breach the wire in {hex_name(a.hex)} (1.4b)"))
        return list(self._by_unit.get(u["id"], ()))

    # --- the map ---------------------------------------------------------------------------
    def map_marks(self, ctl) -> list[MapMark]:
        v = ctl.view()
        out: list[MapMark] = []
        for entry in v.get("barrages") or ():
            side, hexes, fp = entry
            who = "Soviet" if side == "soviet" else "Axis"
            tip = (f"{who} barrage, {fp} firepower, over {len(hexes)} hex(es) (3.2): units moving in or out "
                   f"are fired on; it goes at the start of the {who} player's next phase",)
            centre = barrage_centre(hexes)
            for hn in hexes:  # one box on the centre; every hex of it has the tooltip
                out.append(MapMark(parse_hex(hn), f"BARR {fp}" if hn == centre else "",
                                   "barrage" if hn == centre else "barrage-area", tip))
        for hn, level in (v.get("smoke") or {}).items():
            out.append(MapMark(parse_hex(hn), f"SMOKE {level}", "smoke",
                               (f"Smoke Level {level} (§6.3): blocks sight through it; decays at Clean Up",)))
        for a, p in self.fire_options(ctl):  # where the selected unit may fire, with the column
            out.append(MapMark(a.target, f"SFA col {p['final']}" if p["column"] else "SFA: no fire", "fire",
                               (f"SFA by {', '.join(a.attackers)}: {preview_line(p)}; a click fires",)))
        log = v.get("prep_log") or {}
        if v.get("phase") == "prep_log":  # the Prep targets written so far: one box a hex, every box in the tip
            by_hex: dict[str, list[tuple[str, str]]] = {}
            for col, boxes in log.items():
                for tm, hn in (boxes or {}).items():
                    if hn:
                        by_hex.setdefault(hn, []).append((tm, col))
            for hn, fires in sorted(by_hex.items()):
                fires.sort()
                times = sorted({tm for tm, _ in fires})
                text = f"PREP {times[0]}" + (f" +{len(times) - 1}" if len(times) > 1 else "")
                out.append(MapMark(parse_hex(hn), text, "prep",
                                   tuple(f"Prep Log: {prep_box_label(col + '-' + tm)} fires here (2.4)"
                                         for tm, col in fires)))
        return out

    def phase_kind(self, ctl) -> str | None:
        """The Action Phase moves on the map (§7); fire and the rest are clicks or the chooser."""
        return "movement" if ctl.view().get("phase") == "action" else None

    def click_action(self, ctl, h):
        """A click on a hex: with a Prep box open, that box's target (2.4); in the Action Phase,
        with one of the phasing side's units selected, fire at the hex (an SFA with the most
        units of its hex that may fire, §8; else a point fire at a unit there, §9)."""
        v = ctl.view()
        if v.get("phase") == "action":
            return self.fire_at(ctl, h)
        if v.get("phase") != "prep_log":
            return None
        for act in ctl.legal():
            if isinstance(act, A.Choose) and act.what.startswith("prep-") and act.what != "prep-box" \
                    and act.value == hex_name(h):
                return act
        return None

    def fire_at(self, ctl, h):
        uid = getattr(ctl, "sel", None)
        if not uid:
            return None
        legal = ctl.legal() or []
        sfa = [a for a in legal if isinstance(a, A.Attack) and a.target == h and uid in a.attackers]
        if sfa:
            return max(sfa, key=lambda a: len(a.attackers))
        here = {u["id"] for u in ctl.units_at(h)}
        pfa = [a for a in legal if type(a).__name__ == "PointFire" and a.firer == uid and a.target in here]
        return pfa[0] if pfa else None

    # --- the panel ---------------------------------------------------------------------------
    def fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
        """The SFAs the selected unit may join now, each with its column and shifts."""
        uid = getattr(ctl, "sel", None)
        if not uid or ctl.view().get("phase") != "action":
            return []
        legal = ctl.legal() or []
        best: dict = {}
        for a in legal:
            if isinstance(a, A.Attack) and uid in a.attackers:
                if a.target not in best or len(a.attackers) > len(best[a.target].attackers):
                    best[a.target] = a
        out = []
        for h in sorted(best):
            p = sfa_preview(ctl.rules, ctl.state, best[h])
            if p is not None:
                out.append((best[h], p))
        return out

    def build_step(self, f, ctl, scene) -> None:
        opts = self.fire_options(ctl)
        if not opts:
            return
        th = f.theme
        f.space(6)
        f.text(f"{ctl.sel} may fire (SFA, §8) — click the hex on the map:", th.px(12), T.TEXT, "bold")
        for a, p in opts:
            f.text(f"{hex_name(a.target)} by {', '.join(a.attackers)}: {preview_line(p)}", th.px(11), T.TEXT)

    def notices(self, ctl) -> list[str]:
        v = ctl.view()
        out = []
        w = v.get("weather")
        if w:
            out.append(f"Weather: {w}")
        if v.get("phase") == "action":
            out.append("Click a unit, then a shaded hex to move it, or an enemy hex to fire at it "
                       "(SFA §8, point fire §9); mode and breach: buttons in the stack list")
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
        return {}
