"""Black Wednesday (TCS-lite, Scenario 1) in the client: each unit's mode and morale state as
badges on its counter (F/M for Fire and Move Mode, S or P, DI for Dug In, R for a reserve), the
same in words in the stack list, barrage and smoke markers on their hexes, the weather and the
engine's bunching warnings as notices, readable labels for the Prep Log boxes, and a map click as
the target of the open Prep box.

Everything is read from the view (``units[].mode/status/dug_in/reserve``, ``barrages``,
``smoke``, ``warnings``, ``weather``, ``prep_log``); nothing here decides a rule.
"""
from __future__ import annotations

from ....core import actions as A
from ....core.hexgrid import distance, hex_name, parse_hex
from ... import theme as T
from ..base import GameUI, MapArea, MapLine, MapMark, MapRing
from ....games.black_wednesday import previews as I

MODE_LETTER = {"fire": "F", "move": "M"}
MODE_WORDS = {"fire": "Fire Mode (§5)", "move": "Move Mode (§5)"}
STATUS_WORDS = {"S": "Suppressed (§12.4)", "P": "Paralyzed (§12.4)"}
COLUMN_NAMES = {"katyusha": "Katyusha", "122mm": "122 mm", "152mm": "152 mm", "76mm": "76 mm"}


def prep_box_label(value: str) -> str:
    """``122mm_1-0600`` → "122 mm battery 1, 0600"; ``none`` → "close the box"."""
    if value == "none":
        return "close this box"
    col, _, tm = value.rpartition("-")
    kind, _, num = col.partition("_")
    name = COLUMN_NAMES.get(kind, kind)
    return f"{name}{' battery ' + num if num else ''}, {tm}" if tm else value


# The owner's choices inside a fire (the engine's pending ``choose`` steps): the word on the map.
CHOICE_MARK = {"loss": "LOSS?", "retreat": "END?", "overwatch": "OW?", "return_fire": "FIRE?", "air": "AIR?",
               "advance": "ADV?"}


def choice_label(what: str, value: str) -> str:
    """``overwatch B16.28:14-262-AT752`` → "B16.28: 14-262-AT752 fires at it (point fire)"."""
    if value in ("none", "stop"):
        return {"overwatch": "no (more) overwatch", "return_fire": "no return fire",
                "advance": "stop: the rest stay"}.get(what, value)
    if what == "loss":
        return f"{value} loses the step"
    if what == "retreat":
        return f"retreat ends in {value}"
    if what == "air":
        return f"the sortie attacks {value}"
    if what == "advance":
        return f"{value} advances into the hex"
    if what == "overwatch":
        hx, _, how = value.partition(":")
        return f"{hx}: area fire at it" if how == "area" else f"{hx}: {how} fires at it (point fire)"
    if what == "return_fire":
        a, _, b = value.partition(">")
        return f"from {a} at {b}"
    return value


def order_label(a) -> str:
    """``order draw attack trenches 43+72`` → "draw an order: Attack on trenches for 43, 72"."""
    args = list(getattr(a, "args", ()))
    op = getattr(a, "op", "")
    if op == "draw" and len(args) == 3:
        return (f"draw an order: {I.TYPE_WORDS.get(args[0], args[0])} on {args[1].replace('+', ', ')} "
                f"for {args[2].replace('+', ', ')}")
    if op == "roll" and args:
        return f"roll to implement {args[0]}" + (f" (battalion {args[1]} goes)" if len(args) > 1 else "")
    if op == "cancel" and args:
        return f"cancel {args[0]}"
    if op == "german" and len(args) == 3:
        return (f"{args[0].replace('+', ', ')}: instant {I.TYPE_WORDS.get(args[1], args[1])} order on "
                f"{args[2].replace('+', ', ')}")
    return " ".join([op, *args])


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
    unit_verbs = frozenset({"mode", "breach", "exit"})
    keys = (("V", "line of sight: from the selected unit (or a clicked hex) to the hex pointed at, with what "
                  "blocks it (§6.2) and who spots whom (§6.1)"),
            ("F M S P DI R", "the badges on a counter: Fire or Move Mode (§5), Suppressed or Paralyzed (§12.4), "
                             "Dug In (§5), in reserve (3.1d); the stack list says them in words"))

    def __init__(self) -> None:
        self._src = None
        self._by_unit: dict[str, list] = {}
        self._lines_key = None
        self._lines: list = []

    # --- counters and stack list ----------------------------------------------------------
    def unit_badges(self, u: dict) -> tuple[str, ...]:
        if u.get("where") != "map":
            return ()
        out = [MODE_LETTER.get(str(u.get("mode") or ""), "")]
        if u.get("status") in STATUS_WORDS:
            out.append(str(u["status"]))
        if u.get("dug_in"):
            out.append("DI")
        if u.get("reserve"):
            out.append("R")
        return tuple(b for b in out if b)

    def unit_facts(self, u: dict, ctl) -> list[str]:
        out = []
        if u.get("mode") in MODE_WORDS:
            out.append(MODE_WORDS[u["mode"]])
        if u.get("status") in STATUS_WORDS:
            out.append(STATUS_WORDS[u["status"]])
        if u.get("dug_in"):
            out.append("Dug In (§5: area fire -1 shift, point fire -1)")
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
                elif name == "Exit":
                    path = tuple(getattr(a, "path", ()) or ())
                    label = (f"Move to {hex_name(path[-1])} ({len(path)} hex(es)) and exit" if path
                             else "Exit the map here")
                    self._by_unit.setdefault(a.unit, []).append(
                        (label, a, f"{a.unit} leaves the map for good from the edge row, paying one MP (5.0); "
                                   "it counts for the scenario's exit conditions, not as a lost unit"))
            for acts in self._by_unit.values():  # exits nearest first, after the unit's other actions
                acts.sort(key=lambda x: (type(x[1]).__name__ == "Exit", len(getattr(x[1], "path", ()) or ())))
        return list(self._by_unit.get(u["id"], ()))

    # --- the map ---------------------------------------------------------------------------
    def map_marks(self, ctl) -> list[MapMark]:
        v = ctl.view()
        out: list[MapMark] = []
        for entry in v.get("barrages") or ():
            side, hexes, fp = entry
            who = "Soviet" if side == "soviet" else "Axis"
            tip = (f"{who} barrage, {fp} firepower, over {len(hexes)} hex(es) (§13.6): a unit entering a marked "
                   f"hex is fired on, once a hex entered; it goes at the start of the {who} player's next Action "
                   "Phase (2.4e)",)
            centre = barrage_centre(hexes)
            for hn in hexes:  # one box on the centre; every hex of it has the tooltip
                out.append(MapMark(parse_hex(hn), f"BARR {fp}" if hn == centre else "",
                                   "barrage" if hn == centre else "barrage-area", tip))
        for hn, level in (v.get("smoke") or {}).items():
            what = ("blocks sight into, out of and through its hex (§13.8, §6.2); Level 1 at Clean Up (§3.5)"
                    if level >= 2 else "direct fire into or out of it shifts -2 (§13.8, §8.3); gone at Clean Up (§3.5)")
            out.append(MapMark(parse_hex(hn), f"SMOKE {level}", "smoke", (f"Smoke Level {level}: {what}",)))
        out += self.fire_marks(ctl)
        out += self.choice_marks(ctl)
        out += self.dora_marks(ctl)
        o = self.order_focus(ctl) if ctl.tool.get("order") else None
        if o is not None:  # the units of the order picked in the panel: its id on their hexes
            kind = I.TYPE_WORDS.get(o["type"], o["type"])
            hexes = sorted({ctl.state.units[x].hex for x in o.get("units") or () if x in ctl.state.units
                            and ctl.state.units[x].where == "map"})
            for h in hexes:
                out.append(MapMark(h, str(o["id"]), "order", (f"on order {o['id']}: {kind} (§16.6)",)))
        log = v.get("prep_log") or {}
        if v.get("phase") not in ("prep_log", "over") and v.get("time"):  # Prep fires still to come (2.4e)
            now = str(v["time"])
            soon: dict[str, list[str]] = {}
            for col, boxes in log.items():
                for tm, hn in (boxes or {}).items():
                    if hn and tm > now:
                        soon.setdefault(hn, []).append(tm)
            nxt = min((tm for tms in soon.values() for tm in tms), default=None)
            for hn, tms in sorted(soon.items()):  # the next Prep's targets boxed, later ones in the tooltip
                tms.sort()
                out.append(MapMark(parse_hex(hn), f"PREP {nxt}" if nxt in tms else "", "prep" if nxt in tms else "tip",
                                   tuple(f"Prep Log: a Soviet Prep fire lands here at {tm} (2.4; good shoot on "
                                         "4-6, else half value, Katyushas scatter)" for tm in tms)))
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

    def dora_marks(self, ctl) -> list[MapMark]:
        """4.7: Dora's plotted shots still to come (the engine's ``artillery_view``)."""
        av = getattr(ctl.rules, "artillery_view", None)
        if av is None:
            return []
        out = []
        try:
            plots = av(ctl.state).get("dora") or ()
        except (AttributeError, KeyError, TypeError, ValueError):
            return []
        for p in plots:
            if p.get("fired") or not p.get("hex"):
                continue
            out.append(MapMark(parse_hex(str(p["hex"])), f"DORA {p['time']}", "dora",
                               (f"Dora (4.7): the 800 mm gun's shot plotted for {p['time']} on this hex; it scatters "
                                "before it lands, then leaves Level 2 smoke",)))
        return out

    def phase_kind(self, ctl) -> str | None:
        """The Action Phase moves on the map (§7); fire and the rest are clicks or the chooser."""
        return "movement" if ctl.view().get("phase") == "action" else None

    def click_action(self, ctl, h):
        """A click on a hex: with a Prep box open, that box's target (2.4); in the Action Phase,
        with one of the phasing side's units selected, fire at the hex: at a hex of vehicles
        only, the point fire with the best chance (§9); else an SFA with the most units of its
        hex that may fire (§8), a point fire, or an assault (§11)."""
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
        here = {u["id"] for u in ctl.units_at(h)}
        pfa = [(p["overall"], a) for a, p in self.pfa_options(ctl) if a.target in here]
        enemy = [u for u in ctl.units_at(h) if u.get("side") != (ctl.unit(uid) or {}).get("side")]
        if pfa and enemy and all(u.get("kind") == "tank" for u in enemy):  # vehicles only: a gun fires at them
            return max(pfa, key=lambda x: (x[0], x[1].target))[1]
        sfa = [a for a in legal if isinstance(a, A.Attack) and a.target == h and uid in a.attackers]
        if sfa:
            return max(sfa, key=lambda a: len(a.attackers))
        if pfa:  # the point fire with the best chance (the chooser has the others)
            return max(pfa, key=lambda x: (x[0], x[1].target))[1]
        asl = [a for a in legal if type(a).__name__ == "Assault" and a.target == h and uid in a.units]
        return max(asl, key=lambda a: len(a.units)) if asl else None

    # --- the panel ---------------------------------------------------------------------------
    def _memo(self, ctl, name: str, fn):
        """One answer per position, selection and list of legal actions: the panel and the map ask
        every frame, and a two-sheet scenario has thousands of legal actions to scan."""
        key = (id(ctl), id(ctl.state), ctl.version, getattr(ctl, "sel", None), id(ctl.legal()))
        if self.__dict__.get("_memo_key") != key:
            self._memo_key, self._memo_got = key, {}
        got = self._memo_got
        if name not in got:
            got[name] = fn(ctl)
        return got[name]

    def fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
        """The SFAs the selected unit may join now, each with its column and shifts."""
        return self._memo(ctl, "sfa", self._fire_options)

    def _fire_options(self, ctl) -> list[tuple[A.Attack, dict]]:
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

    # --- fire, assault and missions of the selected unit --------------------------------------
    def _sel_legal(self, ctl, kind: str) -> list:
        uid = getattr(ctl, "sel", None)
        if not uid or ctl.view().get("phase") != "action":
            return []
        key = ("who" if kind == "Call" else "firer" if kind == "PointFire" else "units")
        out = []
        for a in ctl.legal() or []:
            if type(a).__name__ != kind:
                continue
            who = a.spotter if kind == "Call" else getattr(a, key)
            if (uid in who) if isinstance(who, tuple) else who == uid:
                out.append(a)
        return out

    def pfa_options(self, ctl) -> list[tuple]:
        """The point fires the selected unit may make now, each with its to-hit and kill numbers."""
        return self._memo(ctl, "pfa", self._pfa_options)

    def _pfa_options(self, ctl) -> list[tuple]:
        out = []
        for a in self._sel_legal(ctl, "PointFire"):
            p = I.pfa_preview(ctl.rules, ctl.state, a.firer, a.target)
            if p is not None:
                out.append((a, p))
        return out

    def assault_options(self, ctl) -> list[tuple]:
        return self._memo(ctl, "assault", self._assault_options)

    def _assault_options(self, ctl) -> list[tuple]:
        out = []
        for a in self._sel_legal(ctl, "Assault"):
            p = I.assault_preview(ctl.rules, ctl.state, a.target, a.units)
            if p is not None:
                out.append((a, p))
        return out

    def call_options(self, ctl) -> list[tuple]:
        """The missions the selected spotter may call, each with its chance of a good shoot."""
        return self._memo(ctl, "call", self._call_options)

    def _call_options(self, ctl) -> list[tuple]:
        out = []
        for a in self._sel_legal(ctl, "Call"):
            p = I.call_preview(ctl.rules, ctl.state, a)
            if p is not None:
                out.append((a, p))
        out.sort(key=lambda x: (-x[1]["good"], hex_name(x[0].target), x[0].artillery))
        return out

    def sfa_morale(self, ctl, target) -> str:
        """The morale check an SFA result would bring (§12.3: the hex's worst unit, +2 for an SFA)."""
        rules, state = ctl.rules, ctl.state
        try:
            side = rules.side_of(ctl.sel)
            men = [u for u in state.units_at(target) if rules.side_of(u.id) != side and not rules.spec(u.id).vehicle]
            if not men:
                return ""
            worst = max(men, key=lambda u: (rules.mm(state, u.id, "sfa"), u.id))
            mm = rules.mm(state, worst.id, "sfa")
        except (AttributeError, KeyError, TypeError):
            return ""
        return (f"on an M or step result: morale check by {worst.id} (morale {rules.spec(worst.id).morale_value}, "
                f"MM {mm} with +2 for an SFA, §12.2): {I.odds_words(I.morale_odds(rules, mm))}")

    def fire_marks(self, ctl) -> list[MapMark]:
        """One box a hex the selected unit may fire at or assault: the SFA column, the point-fire
        chance, ASSLT; the tooltip says it all. Mission targets get tooltip lines."""
        texts: dict = {}
        tips: dict = {}
        for a, p in self.fire_options(ctl):
            texts.setdefault(a.target, []).append(f"SFA col {p['final']}" if p["column"] else "SFA: no fire")
            tips.setdefault(a.target, []).append(f"SFA by {', '.join(a.attackers)}: {preview_line(p)}; a click fires")
        for a, p in self.pfa_options(ctl):
            h = ctl.state.units[a.target].hex
            word = f"PFA {I.pct(p['overall'])}"
            if word not in texts.get(h, []) and not any(t.startswith("PFA") for t in texts.get(h, [])):
                texts.setdefault(h, []).append(word)
            tips.setdefault(h, []).append(I.pfa_line(p, a.firer, a.target))
        for a, p in self.assault_options(ctl):
            texts.setdefault(a.target, []).append("OVERRUN" if p.get("overrun") else "ASSAULT")
            tips.setdefault(a.target, []).extend(ln.strip() for ln in I.assault_lines(p))
        out = [MapMark(h, " · ".join(texts[h]), "fire", tuple(tips.get(h, ()))) for h in sorted(texts)]
        for c, p in self.call_options(ctl):
            out.append(MapMark(c.target, "", "tip", (I.call_line(c, p),)))
        return out

    # --- the line-of-sight tool (§6.2) and spotting ranges (§6.1) ------------------------------
    def on_key(self, ctl, key: str) -> bool:
        if key == "v":
            self.toggle_los(ctl)
            return True
        return False

    def toggle_los(self, ctl) -> None:
        if "los" in ctl.tool:
            ctl.tool.pop("los")
            ctl.say("Line-of-sight tool put away.")
            return
        u = ctl.unit(ctl.sel) if ctl.sel else None
        src = parse_hex(u["hex"]) if u and u.get("where") == "map" and u.get("hex") else None
        ctl.tool["los"] = {"src": src, "dst": None}
        ctl.say("Line of sight (V): " + (f"from {hex_name(src)}; point at a hex, click to keep the line"
                                         if src else "click the hex to look from, then point at another")
                + ". Click the first hex again to pick another; Esc puts the tool away.")

    def take_click(self, ctl, h) -> bool:
        if "objective" in ctl.tool and "los" not in ctl.tool:
            return self.pick_objective_hex(ctl, h)
        los = ctl.tool.get("los")
        if los is None:
            return self.click_choice(ctl, h)
        if los["src"] is None or los["src"] == h and los.get("dst") is None:
            los.update(src=None if los["src"] == h else h, dst=None)
            ctl.say(f"Line of sight from {hex_name(h)}: point at a hex." if los["src"] else
                    "Line of sight: click the hex to look from.")
        elif los["src"] == h:
            los.update(dst=None)
            ctl.say(f"Line of sight from {hex_name(h)}: point at a hex.")
        else:
            los["dst"] = h
            ctl.say(" ".join(self.los_lines(ctl, los["src"], h)))
        return True

    def tool_on(self, ctl) -> bool:
        return "los" in ctl.tool or "objective" in ctl.tool

    def cancel(self, ctl) -> bool:
        if "los" in ctl.tool:
            ctl.tool.pop("los")
            ctl.say("Line-of-sight tool put away.")
            return True
        if "objective" in ctl.tool:
            ctl.tool.pop("objective")
            ctl.say("Objective hexes dropped.")
            return True
        return False

    def los_lines(self, ctl, a, b) -> list[str]:
        """The verdict of the line a → b and, for the units there, who spots whom (§6.1)."""
        rules, state = ctl.rules, ctl.state
        s = I.sight(rules, state, a, b)
        out = [s.line() + "."]
        mill = getattr(rules.ter, "no_direct_fire", None)
        if mill is not None and mill(a, b):
            out.append("No direct fire into or out of the Mill (1.1f); spotting and indirect fire go on.")
        watchers = state.units_at(a)
        if not watchers:
            return out
        side = rules.side_of(watchers[0].id)
        for t in [u for u in state.units_at(b) if rules.side_of(u.id) != side]:
            rng, cls, doubled = I.seen_from(rules, state, t.id)
            ok = rules.spots(state, a, t)
            why = f"{cls.replace('_', ' ')} terrain, spotted within {rng}" + (" (doubled: it moved or fired)" if doubled else "")
            if t.id in state.extra.get("t2t", frozenset()) and s.distance > 1:
                why = "it moved trench to trench: spotted only from next door (1.3c)"
            out.append(f"{t.id} {'is spotted' if ok else 'is not spotted'} from {hex_name(a)} ({why}; §6.1).")
        return out

    def map_lines(self, ctl, hover) -> list:
        """The line of sight to the hex pointed at, over what does not follow the pointer (kept
        per position and selection): the selected unit's spotting range, its order's objective
        (or the order picked in the panel) and the missions it may call."""
        out = list(self._fixed_lines(ctl))
        los = ctl.tool.get("los")
        if los and los.get("src") is not None:
            a = los["src"]
            kind, limit = ctl.rules.period(ctl.state)
            out.append(MapRing(a, limit, f"visibility {limit} ({kind}, 1.8)", "visibility"))
            b = hover if hover is not None and hover != a and hover in ctl.rules.board.terrain else los.get("dst")
            if b is not None:
                s = I.sight(ctl.rules, ctl.state, a, b)
                word = "clear" if s.clear else s.why if s.block is not None or "visibility" in s.why else "blocked"
                out.insert(0, MapLine(a, b, "clear" if s.clear else "blocked", f"{s.distance} hexes: {word}", s.block))
        return out

    def _fixed_lines(self, ctl) -> list:
        los = ctl.tool.get("los")
        key = (id(ctl), id(ctl.state), ctl.version, ctl.sel, bool(los), ctl.tool.get("order"),
               tuple(sorted(ctl.tool.get("objective") or ())))
        if key == self._lines_key:
            return self._lines
        out: list = []
        picked = ctl.tool.get("objective")
        if picked:
            out.append(MapArea(frozenset(picked), f"new objective: {len(picked)} hex(es) (§16.1)"))
        o = self.order_focus(ctl)
        if o is not None and o.get("objective_hexes"):
            out.append(MapArea(frozenset(o["objective_hexes"]),
                               f"objective of {o['id']} ({I.TYPE_WORDS.get(o['type'], o['type'])}, §16)"))
        u = ctl.unit(ctl.sel) if getattr(ctl, "sel", None) else None
        if u and u.get("where") == "map" and u.get("hex") and ctl.sel in ctl.state.units:
            try:
                rng, cls, doubled = I.seen_from(ctl.rules, ctl.state, ctl.sel)
                out.append(MapRing(parse_hex(u["hex"]), rng,
                                   f"seen within {rng} ({cls.replace('_', ' ')}{', doubled' if doubled else ''}, §6.1)"))
            except (AttributeError, KeyError, TypeError):
                pass
            if not los:
                best: dict = {}
                for c, p in self.call_options(ctl):
                    if c.target not in best or p["good"] > best[c.target][1]["good"]:
                        best[c.target] = (c, p)
                frm = parse_hex(u["hex"])
                for h, (c, p) in sorted(best.items(), key=lambda x: distance(frm, x[0]))[:6]:
                    out.append(MapLine(c.trp or frm, h, "mission", f"{c.artillery}: good {I.pct(p['good'])}"))
        self._lines_key, self._lines = key, out
        return out

    def build_los(self, f, ctl, scene) -> None:
        los = ctl.tool.get("los")
        th = f.theme
        if los is None:
            return
        f.space(4)
        if los.get("src") is None:
            f.text("Line of sight (V, §6.2): click the hex to look from.", th.px(12), T.ACCENT, "bold")
            return
        hover = getattr(scene, "hover", None)
        b = hover if hover is not None and hover != los["src"] and hover in ctl.rules.board.terrain else los.get("dst")
        f.text(f"Line of sight (V, §6.2) from {hex_name(los['src'])}" + ("" if b else ": point at a hex"),
               th.px(12), T.ACCENT, "bold")
        if b is not None:
            for line in self.los_lines(ctl, los["src"], b):
                f.text(line, th.px(11), T.TEXT)

    def los_button(self, f, ctl) -> None:
        on = "los" in ctl.tool
        b = f.button("Line of sight", lambda: self.toggle_los(ctl), name="los", key_hint="V",
                     tooltip="Click a hex to look from, point at another: the line, clear or blocked and by what (§6.2), "
                             "and who spots whom (§6.1)")
        b.toggled = on

    # --- morale checks --------------------------------------------------------------------------
    def on_events(self, ctl, events) -> None:
        checks = [e for e in events if e.kind == "morale" and "mm" in (e.data or {})]
        ctl.tool["morale"] = (len(ctl.game.actions), [dict(e.data) for e in checks])
        fires = [e for e in events if (e.kind == "fire" and "column" in (e.data or {}))
                 or (e.kind in ("point_fire", "at_roll") and "need" in (e.data or {}))]
        ctl.tool["fires"] = (len(ctl.game.actions), [(e.kind, e.text, dict(e.data)) for e in fires])

    def fire_notes(self, ctl) -> list[str]:
        """The fires of the last action: the Area Fire Table column with every shift named and the
        column it ends on, the roll and the result (§8.2, §8.3); point fire and AT rolls with their
        numbers (§9)."""
        n, fires = ctl.tool.get("fires", (None, []))
        if not fires or n != len(ctl.game.actions):
            return []
        out = []
        for kind, text, d in fires[:3]:
            if kind == "fire":
                sh = ", ".join(f"{name} {v:+d}" for name, v in d.get("shifts") or ()) or "no shifts"
                final = d["column"] + sum(v for _, v in d.get("shifts") or ())
                out.append(f"Fire on {d.get('target')} (§8.2, §8.3): firepower {d.get('fp')} → column {d['column']}; "
                           f"{sh} → column {final}; rolled {d.get('roll')}: {I.fire_result_words(str(d.get('result')))}")
            else:
                out.append(f"{'Point fire' if kind == 'point_fire' else 'AT roll'} (§9): {text}")
        if len(fires) > 3:
            out.append(f"… and {len(fires) - 3} more fires (Log)")
        return out

    def morale_notes(self, ctl) -> list[str]:
        """The morale checks of the last action, each with the unit's morale, the MM it checked
        at, the roll and the result (the Log has them in full)."""
        n, checks = ctl.tool.get("morale", (None, []))
        if not checks or n != len(ctl.game.actions):
            return []
        out = []
        for c in checks[:3]:
            uid = c.get("unit")
            try:
                printed = ctl.rules.spec(uid).morale_value
            except (AttributeError, KeyError):
                printed = "?"
            out.append(f"Morale check (§12.3): {uid}, morale {printed}, at MM {c['mm']}: rolled {c['roll']}: "
                       f"{I.RESULT_WORDS.get(c['result'], c['result'])}")
        if len(checks) > 3:
            out.append(f"… and {len(checks) - 3} more morale checks (Log)")
        return out

    # --- the camera --------------------------------------------------------------------------
    def home_hexes(self, ctl):
        """Where the fight starts: the set-up areas and the units on the map (else the entry
        hexes), with two hexes around, inside the scenario's play area — not the whole board."""
        from ....core.hexgrid import neighbors

        rules = ctl.rules
        area = set(getattr(rules, "area", None) or rules.board.terrain)
        hexes = set().union(*(getattr(rules, "area_hexes", {}) or {}).values())
        hexes |= {parse_hex(u["hex"]) for u in ctl.view().get("units", ()) if u.get("where") == "map" and u.get("hex")}
        hexes = (hexes & area) or (set(getattr(rules, "entry_hexes", ())) & area)
        for _ in range(2):
            hexes |= {n for h in hexes for n in neighbors(h) if n in area}
        return hexes or (area if len(area) < len(rules.board.terrain) else None)

    # --- orders (§16) ----------------------------------------------------------------------------
    def orders(self, ctl, side: str | None = None) -> list[dict]:
        """The orders in the view of the side at the screen (what ``view(side)`` lets it see; in
        TCS-lite every order is public), of one side or all."""
        try:
            return I.view_orders(ctl.view(), side)
        except (AttributeError, KeyError, TypeError, ValueError):
            return []

    def order_focus(self, ctl) -> dict | None:
        """The order shown on the map: the one picked in the panel, else the selected unit's."""
        want = ctl.tool.get("order")
        uid = getattr(ctl, "sel", None)
        if want is None and not uid:
            return None
        for o in self.orders(ctl):
            if (want is not None and o["id"] == want) or (want is None and uid in (o.get("units") or ())):
                return o
        return None

    def show_order(self, ctl, oid) -> None:
        ctl.tool["order"] = None if ctl.tool.get("order") == oid else oid

    def build_orders(self, f, ctl) -> None:
        """In the Command Phase (or when an order may be drawn, rolled or cancelled) every order of
        the side at the screen, each a button that shows it on the map; otherwise the selected
        unit's order in one line."""
        th = f.theme
        v = ctl.view()
        legal = ctl.legal() or []
        order_step = v.get("phase") == "command" or self._memo(
            ctl, "orders", lambda c: any(type(a).__name__ == "OrderAct" for a in legal))
        if order_step:
            side = ctl.acting()
            mine = self.orders(ctl, side)
            f.space(4)
            f.text(f"Orders (§16) — click one to outline its objective and mark its units:", th.px(12), T.TEXT, "bold")
            if not mine:
                f.text("none", th.px(11), T.TEXT_DIM)
            for o in mine:
                self.order_button(f, ctl, o)
            self.build_objective(f, ctl, legal)
            theirs = [o for o in self.orders(ctl) if o.get("side") != side]
            if theirs:  # the other side's, as far as this player's view shows them (all, in TCS-lite)
                who = "Soviet" if theirs[0].get("side") == "soviet" else "Axis"
                f.space(4)
                f.text(f"The {who} orders (open to both players in TCS-lite, §16):", th.px(12), T.TEXT, "bold")
                for o in theirs:
                    self.order_button(f, ctl, o)
            return
        o = self.order_focus(ctl)  # the selected unit's order (or the one picked), in one line
        if o is not None:
            f.space(4)
            who = "Soviet" if o.get("side") == "soviet" else "Axis"
            f.text(f"{who} order {I.order_line(o)} (§16; its objective is outlined on the map)", th.px(11), T.TEXT)

    def order_button(self, f, ctl, o: dict) -> None:
        b = f.button(I.order_short(o), (lambda oid=o["id"]: self.show_order(ctl, oid)), name=f"order-{o['id']}",
                     tooltip=I.order_line(o) + ". Units: " + (", ".join(o.get("units") or ()) or "none"))
        b.toggled = ctl.tool.get("order") == o["id"]

    # --- a new order's objective picked on the map (§16.1) ------------------------------------
    def toggle_objective(self, ctl) -> None:
        if "objective" in ctl.tool:
            ctl.tool.pop("objective")
            ctl.say("Objective hexes dropped.")
            return
        ctl.tool.pop("los", None)
        ctl.tool["objective"] = set()
        ctl.say("New objective (§16.1): click hexes of the play area (again to drop one), then a type "
                "button for a formation in the panel; Esc drops them.")

    def pick_objective_hex(self, ctl, h) -> bool:
        picked = ctl.tool["objective"]
        area = getattr(ctl.rules, "area", None)
        if area is not None and h not in area:
            ctl.refuse(f"§16.1: {hex_name(h)} is outside the play area; an objective lies inside it")
            return True
        (picked.discard if h in picked else picked.add)(h)
        ctl.say(f"New objective: {len(picked)} hex(es): " + ", ".join(hex_name(x) for x in sorted(picked)[:8])
                + (" …" if len(picked) > 8 else ""))
        return True

    def objective_draws(self, ctl, legal) -> tuple:
        """(the engine's order action class, formations that may draw an order now) from the
        legal draws (the presets): an objective of picked hexes uses the same verb."""
        draws = [a for a in legal if type(a).__name__ == "OrderAct" and a.op == "draw"]
        if not draws:
            return None, []
        return type(draws[0]), list(dict.fromkeys(a.args[2] for a in draws))

    def draw_with_objective(self, ctl, cls, kind: str, formation: str) -> bool:
        picked = ctl.tool.get("objective") or set()
        if not picked:
            ctl.refuse("§16.1: click the objective's hexes on the map first")
            return False
        act = cls("draw", (kind, "+".join(hex_name(h) for h in sorted(picked)), formation))
        if ctl.do(act):
            ctl.tool.pop("objective", None)
            return True
        return False

    def build_objective(self, f, ctl, legal) -> None:
        cls, forms = self.objective_draws(ctl, legal)
        if cls is None:
            return
        th = f.theme
        on = "objective" in ctl.tool
        b = f.button("Pick a new objective on the map" if not on else
                     f"New objective: {len(ctl.tool['objective'])} hex(es) — click to drop",
                     lambda: self.toggle_objective(ctl), name="objective",
                     tooltip="Click hexes of the play area to make an objective, then a type for a formation (§16.1)")
        b.toggled = on
        if not on or not ctl.tool["objective"]:
            return
        short = {"attack": "Attack", "move": "Move", "hasty_defense": "Hasty", "prepared_defense": "Prepared"}
        for form in forms[:4]:
            f.text(f"Draw for {form}:", th.px(11), T.TEXT_DIM)
            f.row([(short.get(k, k), (lambda k=k, form=form: self.draw_with_objective(ctl, cls, k, form)), True,
                    f"draw-{k}-{form}") for k in short], slots=4)

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
