"""Black Wednesday (TCS-lite, Scenario 1) in the client: each unit's mode and morale state as
badges on its counter (F/M for Fire and Move Mode, S or P, DI for Dug In, R for a reserve), the
same in words in the stack list, barrage and smoke markers on their hexes, the weather and the
engine's bunching warnings as notices, readable labels for the Prep Log boxes, and a map click as
the target of the open Prep box.

Everything is read from the view (``units[].mode/status/dug_in/reserve``, ``barrages``,
``smoke``, ``warnings``, ``weather``, ``prep_log``), the engine's previews and consequences, and
the game's facts (``reads``); nothing here decides a rule.

The parts beside this module: its words (``labels``), the fire previews (``fire``), the
line-of-sight tool (``los``), orders (``orders``), the panel's blocks (``panel``) and how the
game is read (``reads``).
"""
from __future__ import annotations

from ....core import actions as A
from ....core.hexgrid import hex_name, parse_hex
from ....games.black_wednesday import previews as I
from ..base import GameUI, MapMark
from .fire import FirePreviews, hex_of
from .labels import MODE_LETTER, MODE_WORDS, STATUS_WORDS, barrage_centre, prep_box_label
from .los import SightTool
from .orders import Orders
from .panel import LEVEL_WORDS, PanelBlocks
from .reads import Reads


class BlackWednesdayUI(FirePreviews, SightTool, Orders, PanelBlocks, Reads, GameUI):
    game_id = "black-wednesday"
    first_groups = ("choose:prep_log", "choose:prep-box")
    # Mode changes and breaches are offered beside each unit in the stack list (click its stack).
    unit_verbs = frozenset({"mode", "breach", "exit"})
    keys = (("V", "line of sight: from the selected unit (or a clicked hex) to the hex pointed at, with what "
                  "blocks it (§6.2) and who spots whom (§6.1)"),
            ("R", "while drawing a new order: the map clicks switch between its objective hexes and its route's "
                  "waypoints (§16.6); Backspace or a right click takes the last waypoint back"),
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
                    self._by_unit.setdefault(a.unit, []).append((f"To {a.mode.capitalize()} Mode", a, "§5"))
                elif name == "Breach":
                    self._by_unit.setdefault(a.unit, []).append((f"Breach {hex_name(a.hex)}", a, "1.4b"))
                elif name == "Exit":
                    label = (f"Move to {hex_name(a.path[-1])} ({len(a.path)} hex(es)) and exit" if a.path
                             else "Exit the map here")
                    self._by_unit.setdefault(a.unit, []).append((label, a, "5.0"))
            for acts in self._by_unit.values():  # exits nearest first, after the unit's other actions
                acts.sort(key=lambda x: (type(x[1]).__name__ == "Exit", len(x[1].path) if type(x[1]).__name__ == "Exit"
                                         else 0))
        return [(label, a, self.action_tip(ctl, a, rule)) for label, a, rule in self._by_unit.get(u["id"], ())]

    def action_tip(self, ctl, a, rule: str) -> str:
        """A unit action's tooltip: what it does, in the engine's words (its consequence)."""
        c = self.consequence(ctl, a)
        if c is None:
            return f"{a.notation()} ({rule})"
        return f"{c.text} ({c.rule or rule})" + LEVEL_WORDS.get(c.level, "")

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
        out += self.route_marks(ctl)  # a route's waypoints, numbered (§16.6)
        o = self.order_focus(ctl) if ctl.tool.get("order") else None
        if o is not None:  # the units of the order picked in the panel: its id on their hexes
            kind = I.TYPE_WORDS.get(o["type"], o["type"])
            hexes = sorted({h for x in o.get("units") or () if (h := hex_of(ctl, x)) is not None})
            for h in hexes:
                out.append(MapMark(h, str(o["id"]), "order", (f"on order {o['id']}: {kind} (§16.6)",)))
        log = v.get("prep_log") or {}
        if v.get("phase") not in ("prep_log", "over") and v.get("time"):  # Prep fires still to come (2.4e)
            now = str(v["time"])
            soon: dict[str, list[str]] = {}
            for boxes in log.values():
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
        """4.7: Dora's plotted shots still to come."""
        out = []
        for p in self.facts(ctl).dora_plots():
            if p["fired"] or not p["hex"]:
                continue
            out.append(MapMark(parse_hex(str(p["hex"])), f"DORA {p['time']}", "dora",
                               (f"Dora (4.7): the 800 mm gun's shot plotted for {p['time']} on this hex; it scatters "
                                "before it lands, then leaves Level 2 smoke",)))
        return out

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

    # --- the camera --------------------------------------------------------------------------
    def home_hexes(self, ctl):
        """Where the fight starts: the set-up areas and the units on the map (else the entry
        hexes), with two hexes around, inside the scenario's play area — not the whole board."""
        from ....core.hexgrid import neighbors

        fx = self.facts(ctl)
        terrain = ctl.game.board.terrain
        area = set(fx.area or terrain)
        hexes = set().union(*fx.setup_areas.values())
        hexes |= {parse_hex(u["hex"]) for u in ctl.view().get("units", ()) if u.get("where") == "map" and u.get("hex")}
        hexes = (hexes & area) or (set(fx.entry_hexes) & area)
        for _ in range(2):
            hexes |= {n for h in hexes for n in neighbors(h) if n in area}
        return hexes or (area if len(area) < len(terrain) else None)
