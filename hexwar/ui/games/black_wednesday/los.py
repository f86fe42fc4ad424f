"""Black Wednesday's line-of-sight tool (V, §6.2): from a hex to the hex pointed at, clear or
blocked and by what, who spots whom (§6.1), with the visibility ring; and the lines drawn over
the map that do not follow the pointer (spotting range, an order's objective, missions).
``SightTool`` is that part of the client extension.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ....core.hexgrid import distance, hex_name, parse_hex
from ....games.black_wednesday import previews as I
from ... import theme as T
from ..base import MapArea, MapLine, MapRing

if TYPE_CHECKING:  # a part of BlackWednesdayUI, whose other parts it uses (host.py)
    from .host import BWHost as _Client
else:
    _Client = object


class SightTool(_Client):
    """The line-of-sight tool and the map lines (a mixin of ``BlackWednesdayUI``)."""

    # --- the line-of-sight tool (§6.2) and spotting ranges (§6.1) ------------------------------
    def on_key(self, ctl, key: str) -> bool:
        if key == "v":
            self.toggle_los(ctl)
            return True
        if key == "r" and self.objective_draws(ctl, ctl.legal() or [])[0] is not None:
            self.toggle_route(ctl)  # a new order's route (§16.6), when an order may be drawn
            return True
        if key == "backspace" and "objective" in ctl.tool:
            return self.drop_waypoint(ctl)
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

    def panel_key(self, ctl, scene):
        """The tool's block names the hex pointed at (build_los)."""
        los = ctl.tool.get("los")
        return self._pointed(ctl, scene.hover, los) if los and los.get("src") is not None else None

    def tool_on(self, ctl) -> bool:
        return "los" in ctl.tool or "objective" in ctl.tool

    def cancel(self, ctl) -> bool:
        if "los" in ctl.tool:
            ctl.tool.pop("los")
            ctl.say("Line-of-sight tool put away.")
            return True
        if "objective" in ctl.tool:
            if ctl.tool.get("pick") == "route" and self.drop_waypoint(ctl):
                return True  # a right click (or Esc) takes the route back one waypoint at a time
            self.drop_new_order(ctl)
            return True
        return False

    def los_lines(self, ctl, a, b) -> list[str]:
        """The verdict of the line a → b and, for the units there, who spots whom (§6.1)."""
        fx = self.facts(ctl)
        s = fx.sight(a, b)
        out = [s.line() + "."]
        if fx.no_direct_fire(a, b):
            out.append("No direct fire into or out of the Mill (1.1f); spotting and indirect fire go on.")
        watchers = ctl.units_at(a)
        if not watchers:
            return out
        side = watchers[0].get("side")
        for t in [u for u in ctl.units_at(b) if u.get("side") != side]:
            rng, cls, doubled = fx.seen_from(t["id"])
            ok = fx.spots(a, fx.units[t["id"]])
            why = f"{cls.replace('_', ' ')} terrain, spotted within {rng}" + (" (doubled: it moved or fired)"
                                                                             if doubled else "")
            if fx.moved_trench_to_trench(t["id"]) and s.distance > 1:
                why = "it moved trench to trench: spotted only from next door (1.3c)"
            out.append(f"{t['id']} {'is spotted' if ok else 'is not spotted'} from {hex_name(a)} ({why}; §6.1).")
        return out

    def map_lines(self, ctl, hover) -> list:
        """The line of sight to the hex pointed at, over what does not follow the pointer (kept
        per position and selection): the selected unit's spotting range, its order's objective
        (or the order picked in the panel) and the missions it may call."""
        out = list(self._fixed_lines(ctl))
        los = ctl.tool.get("los")
        if los and los.get("src") is not None:
            a = los["src"]
            fx = self.facts(ctl)
            kind, limit = fx.visibility
            out.append(MapRing(a, limit, f"visibility {limit} ({kind}, 1.8)", "visibility"))
            b = self._pointed(ctl, hover, los)
            if b is not None:
                s = fx.sight(a, b)
                word = "clear" if s.clear else s.why if s.block is not None or "visibility" in s.why else "blocked"
                out.insert(0, MapLine(a, b, "clear" if s.clear else "blocked", f"{s.distance} hexes: {word}", s.block))
        return out

    def still_lines(self, ctl) -> list:
        return list(self._fixed_lines(ctl))

    @staticmethod
    def _pointed(ctl, hover, los: dict):
        """The hex the line goes to: the one pointed at, else the one clicked."""
        if hover is not None and hover != los["src"] and hover in ctl.game.board.terrain:
            return hover
        return los.get("dst")

    def _fixed_lines(self, ctl) -> list:
        los = ctl.tool.get("los")
        key = (id(ctl), id(ctl.game), ctl.version, ctl.sel, bool(los), ctl.tool.get("order"),
               tuple(sorted(ctl.tool.get("objective") or ())), tuple(ctl.tool.get("route") or ()))
        if key == self._lines_key:
            return self._lines
        out: list = []
        picked = ctl.tool.get("objective")
        if picked:
            out.append(MapArea(frozenset(picked), f"new objective: {len(picked)} hex(es) (§16.1)"))
        out += self.route_lines(ctl, list(ctl.tool.get("route") or ()), picked or (), "new order")
        o = self.order_focus(ctl)
        if o is not None and o.get("objective_hexes"):
            out.append(MapArea(frozenset(o["objective_hexes"]),
                               f"objective of {o['id']} ({I.TYPE_WORDS.get(o['type'], o['type'])}, §16)"))
            arrow = [parse_hex(x) for x in o.get("arrow") or ()]
            if arrow:  # the order's graphic: through its waypoints to the objective hex it ends on
                out += self.route_lines(ctl, [parse_hex(x) for x in o.get("route") or ()], (arrow[-1],),
                                        f"order {o['id']}: {I.TYPE_WORDS.get(o['type'], o['type'])}")
        u = ctl.unit(ctl.sel) if ctl.sel else None
        if u and u.get("where") == "map" and u.get("hex"):
            rng, cls, doubled = self.facts(ctl).seen_from(ctl.sel)
            out.append(MapRing(parse_hex(u["hex"]), rng,
                               f"seen within {rng} ({cls.replace('_', ' ')}{', doubled' if doubled else ''}, §6.1)"))
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
        b = self._pointed(ctl, scene.hover, los)
        f.text(f"Line of sight (V, §6.2) from {hex_name(los['src'])}" + ("" if b else ": point at a hex"),
               th.px(12), T.ACCENT, "bold")
        if b is not None:
            for line in self.los_lines(ctl, los["src"], b):
                f.text(line, th.px(11), T.TEXT)

    def los_button(self, f, ctl) -> None:
        on = "los" in ctl.tool
        b = f.button("Line of sight", lambda: self.toggle_los(ctl), name="los", key_hint="V",
                     tooltip="Click a hex to look from, point at another: the line, clear or blocked and by what "
                             "(§6.2), and who spots whom (§6.1)")
        b.toggled = on
