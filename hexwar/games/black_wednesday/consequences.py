"""What each option of a Black Wednesday decision does, in plain words with its rule, before it
is chosen (the contract's ``Consequence``, ``Game.decisions``): a move's MP and mode, a fire's
column, a mission's good-shoot chance, a mode change, an order drawn, rolled for or cancelled
(§16), and every option of the owner's choices inside a fire (losses, retreats, overwatch,
return fire, air targets, the advance). Mixin for BWRules (the ``consequence`` hook).

Asked for every legal action of a position (thousands of moves on two sheets), so each answer
is a little arithmetic on what the rules already keep; nothing here decides a rule.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from ...core.actions import Action, Attack, Choose, Move, Place, Remove, Restore
from ...core.contract import COSTLY, FATAL, HARMLESS, Consequence
from ...core.hexgrid import Hex, current_hex_ids, distance, hex_name, use_hex_ids
from ...core.units import ON_MAP
from . import previews as P
from .orders import d66_chance
from .words import TYPE_WORDS, feature_words, formations_words, prep_box_label, route_words

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

_PENDING = ("loss", "retreat", "overwatch", "return_fire", "air", "advance")


class Consequences(_Rules):
    """Mixin for BWRules (``self`` is the rules object)."""

    def consequence(self, state: Any, action: Action) -> Consequence | None:
        if current_hex_ids() is self.ids:  # the game's ids already in force (its client): no block
            return self._consequence_or_none(state, action)
        with use_hex_ids(self.ids):
            return self._consequence_or_none(state, action)

    def _consequence_or_none(self, state: Any, action: Action) -> Consequence | None:
        try:
            return self._consequence(state, action)
        except (KeyError, AttributeError, TypeError, ValueError, IndexError):
            return None  # an option the figures cannot follow says nothing rather than fail

    def _consequence(self, state: Any, a: Action) -> Consequence | None:
        if isinstance(a, Choose):
            p = self.pending(state)
            if p is not None and a.what == p.what:
                return self._pending_consequence(state, p, str(a.value))
            return self._choose_consequence(state, a)
        if isinstance(a, Move):
            return self._move_consequence(state, a)
        if isinstance(a, Attack):
            p = P.sfa_preview(self, state, a)
            return None if p is None else _fire_words(self, p, "§8.2")
        if isinstance(a, Place):
            return Consequence(f"{a.unit} sets up in {hex_name(a.hex)}, Dug In", "1.10f, §5")
        if isinstance(a, Remove):
            return Consequence(f"{a.unit} goes back to the units waiting to set up", "1.10f")
        if isinstance(a, Restore):
            return Consequence(f"{a.unit} gets a step back from the Return Battalion", "3.4")
        fn = self._verb_consequences().get(type(a).__name__)
        return fn(state, a) if fn is not None else None

    def _verb_consequences(self) -> dict[str, Any]:
        """This game's own verbs (by their class name) -> the method that words their consequence."""
        return {"Mode": self._mode_consequence, "Breach": self._breach_consequence, "Exit": self._exit_consequence,
                "ManHandle": self._manhandle_consequence, "Load": self._load_consequence,
                "Unload": self._unload_consequence, "PointFire": self._pointfire_consequence,
                "Assault": self._assault_consequence, "Call": self._call_consequence,
                "OrderAct": self._orderact_consequence, "Assign289": self._assign289_consequence,
                "BatteryRelease": self._batteryrelease_consequence, "DoraPlot": self._doraplot_consequence}

    # --- moving (§5, §7) ---------------------------------------------------------------------
    def _move_consequence(self, state: Any, a: Move) -> Consequence | None:
        u = state.units[a.unit]
        if u.where == ON_MAP:
            cost = self._path_cost(a.unit, u.hex, a.path)
        else:  # entering: the first hex's cost, then the path (§7.7)
            c0 = self.t.terrain[self.board.terrain[a.path[0]]]["cost"].get(self.spec(a.unit).move_class)
            cost = float(c0) + self._path_cost(a.unit, a.path[0], a.path[1:])
        mp, _ma = self.mp_of(state, a.unit)
        bits = [f"{cost:g} of {mp:g} MP"]
        if u.where != ON_MAP:
            bits.append("enters in Move Mode (§7.7)")
        elif self.mode(state, a.unit) == "fire":
            bits.append("goes to Move Mode, half its MA (§5)")
        level = HARMLESS
        if a.unit in state.extra.get("dug", frozenset()):
            bits.append("loses Dug In (§5)")
            level = COSTLY
        for zone, fp in self._barrage_zones(state, a.path):
            hit = next((h for h in a.path if h in zone), None)
            if hit is not None:
                bits.append(f"enters the barrage in {hex_name(hit)}: fired on at {fp} (§13.6)")
                level = COSTLY
                break
        return Consequence("; ".join(bits), "§7.1", level, figure=f"{cost:g}")

    def _barrage_zones(self, state: Any, path: tuple[Hex, ...]) -> list[tuple[frozenset[Hex], Any]]:
        """The barrage markers' zones as sets, with their fire, in order (none when the path
        misses them all); the sets made once per state: a big Action Phase asks for 88,000 moves."""
        bars = state.extra.get("barrage", ())
        if not bars:
            return []
        got = state._cache.get("bw_barrage_zones")
        if got is None or got[0] is not bars:  # (the markers are replaced, never changed in place)
            zones = [(frozenset(hexes), fp) for _side, hexes, fp in bars]
            got = state._cache["bw_barrage_zones"] = (bars, frozenset().union(*(z for z, _ in zones)), zones)
        return [] if got[1].isdisjoint(path) else got[2]

    def _mode_consequence(self, state: Any, a: Any) -> Consequence:
        if a.mode == "fire":
            return Consequence(f"{a.unit} may fire, spot and fire overwatch, and moves no more", "§5")
        ma = self.spec(a.unit).ma
        text = (f"costs half its MA ({math.ceil(ma / 2)} of {ma} MP); it may then move or assault, not fire; "
                "hit more easily while in Move Mode (+1); overwatch may fire at it (§10)")
        if a.unit in state.extra.get("dug", frozenset()):
            return Consequence(text + "; loses Dug In", "§5", COSTLY)
        return Consequence(text, "§5")

    def _breach_consequence(self, state: Any, a: Any) -> Consequence:
        back = hex_name(state.units[a.unit].hex)
        if self.wire_state(state, a.hex) == 0:
            end = f"the wire becomes partly breached and {a.unit} steps back to {back}"
        else:
            end = f"the wire is fully breached and {a.unit} stays in {hex_name(a.hex)}"
        return Consequence(f"spends its move entering the wire; if fire does not stop it, {end}", "1.4b")

    def _exit_consequence(self, state: Any, a: Any) -> Consequence:
        u = state.units[a.unit]
        return Consequence(f"{a.unit} leaves play for good with {u.steps} step(s): it counts for the exit "
                           "conditions, not as lost", "5.0")

    def _manhandle_consequence(self, state: Any, a: Any) -> Consequence:
        into = a.hex in self.ter.hospital
        return Consequence(f"{a.unit} is pushed {'into' if into else 'out of'} the Hospital, stays in Fire Mode; "
                           "that is its action this phase, and it draws no overwatch", "1.1e")

    def _load_consequence(self, state: Any, a: Any) -> Consequence:
        return Consequence(f"{a.rider} rides {a.vehicle}; {a.vehicle} gives up half its MA this phase", "1.11b")

    def _unload_consequence(self, state: Any, a: Any) -> Consequence:
        return Consequence(f"{a.rider} gets off in its vehicle's hex; that is its action this phase", "1.11b")

    # --- fire (§9, §11, §13) -------------------------------------------------------------------
    def _pointfire_consequence(self, state: Any, a: Any) -> Consequence | None:
        p = P.pfa_preview(self, state, a.firer, a.target)
        if p is None:
            return None
        if p["vehicle"]:
            return Consequence(f"hit {P.pct(p['hit'])}, then kill {P.pct(p['kill_chance'])}: "
                               f"knocked out {P.pct(p['overall'])}", "§9.2", figure=P.pct(p["overall"]))
        return Consequence(f"hit {P.pct(p['hit'])}: the gun loses a step and its hex checks morale", "§9.1",
                           figure=P.pct(p["hit"]))

    def _assault_consequence(self, state: Any, a: Any) -> Consequence | None:
        p = P.assault_preview(self, state, a.target, a.units)
        if p is None:
            return None
        if p.get("overrun"):
            o = P.overrun_preview(self, state, a.target, a.units)
            if o is None:
                return None
            return Consequence(f"the vehicles fire on column {o['final']} (+2 shock); the defenders break "
                               f"{P.pct(o['break'])}", "§11.2", figure=P.pct(o["break"]))
        text = (f"column {p['on_defenders']['final']} on them, {p['on_attackers']['final']} on you "
                "(in the open, Move Mode)")
        if p.get("win") is not None:
            text += f"; they break and you hold {P.pct(p['win'])}"
        return Consequence(text, "§11.1", COSTLY, figure=P.pct(p["win"]) if p.get("win") is not None else "")

    def _call_consequence(self, state: Any, a: Any) -> Consequence | None:
        p = P.call_preview(self, state, a)
        if p is None:
            return None
        return Consequence(f"good shoot on {p['need']}+ ({P.pct(p['good'])}), else it scatters; {p['kind']} "
                           f"{p['ammo']} → {p['after']}", "§13.4", figure=P.pct(p["good"]))

    # --- orders (§16) and the Command Phase's other verbs ----------------------------------------
    def _orderact_consequence(self, state: Any, a: Any) -> Consequence | None:
        orders = self.orders(state)
        if a.op in ("draw", "set") and len(a.args) in (3, 5):
            kind = TYPE_WORDS.get(a.args[0], a.args[0])
            route = route_words(a.args[4], a.args[0]) if len(a.args) == 5 else ""
            if a.op == "set":
                return Consequence(f"the {formations_words(a.args[2])} start play on an implemented {kind} order "
                                   f"on {feature_words(a.args[1])} instead of the scenario's{route}",
                                   "1.10j" + (", §16.6" if route else ""))
            pre = state.phase in ("prep_log", "axis_setup")
            article = "an" if kind[:1].lower() in "aeiou" else "a"
            return Consequence(f"{article} {kind} order on {feature_words(a.args[1])} is prepared for the "
                               f"{formations_words(a.args[2])}: it gains weighted turns each Command Phase"
                               + (" (15 to start with, 1.10k)" if pre else "") + " and implements on a d66 roll"
                               + self._draw_delay(state, a, 15 if pre else 0) + route,
                               "§16.2, §16.3" + (", §16.6" if route else ""))
        if a.op == "roll" and a.args and a.args[0] in orders:
            need = self.order_need(orders[a.args[0]])
            who = f"; battalion {a.args[1]} begins it" if len(a.args) > 1 else ""
            return Consequence(f"implements on {need}+ on two dice read as tens and units "
                               f"({P.pct(d66_chance(need))}){who}", "§16.3, §16.5", figure=P.pct(d66_chance(need)))
        if a.op == "cancel" and a.args:
            return Consequence(f"order {a.args[0]} ends: its units are unassigned (no SFA, no assault, no move toward "
                               "the enemy)", "§16.7", COSTLY)
        if a.op in ("german", "spanish"):
            return Consequence("the reinforcements get this order implemented at once; they act on it from the next "
                               "Axis Action Phase", "3.3b, 3.5c")
        return None

    def _draw_delay(self, state: Any, a: Any, wt: int) -> str:
        """The Command Prep delay of a new order: its first roll's need and chance (§16.3)."""
        side = self.order_side(state)
        o = {"side": side, "members": tuple(a.args[2].split("+")), "type": a.args[0], "wt": wt}
        try:
            need = self.order_need(o)
            if need in (None, "-"):  # the delay: weighted turns to the first possible roll (3 a quiet turn)
                at = next((w for w in range(wt + 1, 100) if self.order_need({**o, "wt": w}) not in (None, "-")), None)
                if at is None:
                    return "; it cannot implement on its own row"
                need = self.order_need({**o, "wt": at})
                return (f"; no roll yet: the first is possible at {at} weighted turns (about {-(-(at - wt) // 3)} "
                        f"quiet turn(s) at 3 a turn) and needs {need}+ ({P.pct(d66_chance(need))})")
        except (KeyError, TypeError, ValueError):
            return ""
        return f"; its first roll needs {need}+ ({P.pct(d66_chance(need))})"

    def _assign289_consequence(self, state: Any, a: Any) -> Consequence:
        return Consequence(f"only the {formations_words(a.args[-1])}'s FOs may call the 289 AT Regiment", "2.3a")

    def _batteryrelease_consequence(self, state: Any, a: Any) -> Consequence:
        return Consequence("these batteries join the Axis artillery, each with its own ammunition", "3.5a, 3.5b")

    def _doraplot_consequence(self, state: Any, a: Any) -> Consequence:
        return Consequence(f"Dora fires at {a.args[0]} in the next hour's Axis Action Phase; it scatters, then leaves "
                           "Level 2 smoke; the target cannot change", "4.7")

    # --- choose ---------------------------------------------------------------------------------
    def _choose_consequence(self, state: Any, a: Choose) -> Consequence | None:
        w, v = a.what, str(a.value)
        if w == "prep-box":
            if v == "none":
                return Consequence("closes the box, its target unchanged", "2.4")
            col, _, tm = v.rpartition("-")
            cur = state.extra.get("prep", {}).get(col, {}).get(tm)
            return Consequence(f"opens {prep_box_label(v)} (now on {cur or 'no hex'}): pick its target next", "2.4")
        if w.startswith("prep-"):
            _, col, tm = (w.split("-") + ["", ""])[:3]
            cur = state.extra.get("prep", {}).get(col, {}).get(tm)
            return Consequence(f"fires on {v} at {tm} instead of {cur or 'no hex'}", "2.4", figure="PREP")
        if w == "prep_log":
            return Consequence("every box back on its historical target", "2.4")
        if w == "release":
            return Consequence(f"one die: on 4-6 (50%) {v} is released and follows its battalion's order", "§16.8",
                               figure="50%")
        if w == "consolidate":
            keep, _, gone = v.partition("+")
            return Consequence(f"{gone} gives its {state.units[gone].steps} step(s) to {keep} and leaves play", "2.2c")
        if w == "first":
            return Consequence(f"the {v.capitalize()} Action Phase comes first this turn", "§3.3")
        if w == "commissars":
            return Consequence("a Suppressed result on a Soviet hex costs a unit a step instead" if v == "on"
                               else "Suppressed results on Soviet hexes stand", "2.2a")
        if w == "trench_syr":
            return Consequence("your units in trench hexes take Paralyzed instead of an SYR roll" if v == "p"
                               else "your units in trench hexes roll on the SYR table like any other", "1.3d")
        if w == "breach" and state.phase == "soviet_setup":
            left = state.extra.get("breaches_left", self.scen.breaches) - 1
            return Consequence(f"the wire in {v} is fully breached before play; {left} breach(es) left to place",
                               "SCEN")
        return None

    # --- the owner's choices inside a fire ---------------------------------------------------------
    def _pending_consequence(self, state: Any, p: Any, v: str) -> Consequence | None:
        if p.what == "loss":
            u = state.units[v]
            if u.steps > 1:
                return Consequence(f"{v} loses a step ({u.steps - 1} left)", "§8.4", COSTLY)
            return Consequence(f"{v} is eliminated: it has no step left", "§8.4", FATAL)
        if p.what == "retreat":
            h = self.ids.parse(v)
            foes = [u.map_hex for u in self.on_map(state, self.enemy_of(p.side))]
            near = min((distance(h, x) for x in foes), default=99)
            if near == 1 and self.period(state)[0] != "night":
                return Consequence(f"ends in {v}, next to an enemy: the unit is destroyed", "§12.5", FATAL)
            if near == 1:
                return Consequence(f"ends in {v}, next to an enemy (at night it survives); then Paralyzed", "§12.5",
                                   COSTLY)
            return Consequence(f"ends in {v}, {near} hexes from the nearest enemy; then Paralyzed", "§12.5", COSTLY)
        if p.what == "advance":
            a = p.action
            if v == "stop":
                return Consequence("the rest stay where they are", "§11.1")
            return Consequence(f"{v} moves into {hex_name(a.target)}", "§11.1")
        if p.what == "overwatch":
            return self._overwatch_consequence(state, v)
        if p.what == "return_fire":
            if v == "none":
                return Consequence("no return fire: those stacks may still act this phase", "§10")
            a_hex, _, b_hex = v.partition(">")
            src, dst = self.ids.parse(a_hex), self.ids.parse(b_hex)
            side = p.side
            ok = tuple(u.id for u in state.units_at(src) if self.side_of(u.id) == side
                       and self.check_sfa(state, Attack(dst, (u.id,))) is None)
            f = P.sfa_preview(self, state, Attack(dst, ok)) if ok else None
            if f is None:
                return None
            c = _fire_words(self, f, "§10")
            return Consequence(f"SFA by {', '.join(ok)}: {c.text}; it is their action this phase", "§10", c.level,
                               c.figure)
        if p.what == "air":
            h = self.ids.parse(v)
            plane = self.t.aircraft["german" if p.side == "axis" else "soviet"]
            fp = int(plane["area_firepower"])
            col, _ = self.t.fire_column(fp)
            final = col + sum(s for _, s in self.area_shifts(state, h, "air"))
            n = sum(1 for u in state.units_at(h) if self.side_of(u.id) != p.side)
            return Consequence(f"the {plane['type']} fires {fp} on {n} enemy unit(s) in {v}: column {final}; a vehicle "
                               "there gets an AT roll", "1.9", figure=f"col {final}")
        return None

    def _overwatch_consequence(self, state: Any, v: str) -> Consequence | None:
        if v == "none":
            return Consequence("no (more) overwatch: the move goes on", "§10")
        mover = state.extra.get("last_mover")
        m = state.units[mover]
        hx, _, how = v.partition(":")
        h = self.ids.parse(hx)
        stack = [u for u in state.units_at(h) if self.side_of(u.id) != self.side_of(mover)
                 and self.mode(state, u.id) == "fire" and not self.status(state, u.id)]
        marked = state.extra.get("ow_marked", frozenset()) | state.extra.get("fired", frozenset())
        again = "; it has fired: it needs 5-6 on a die first" if any(u.id in marked for u in stack) else ""
        d = distance(h, m.hex)
        if how != "area":
            p = P.pfa_preview(self, state, how, mover)
            if p is None:
                return None
            kill = f", knocked out {P.pct(p['overall'])}" if p["vehicle"] else ""
            return Consequence(f"{how} fires at {mover}: hit {P.pct(p['hit'])}{kill}{again}", "§10, §9",
                               figure=P.pct(p["overall"]))
        fp = int(self.firepower(state, stack, d))
        col, extra = self.t.fire_column(fp)
        final = col + extra + sum(s for _, s in self.area_shifts(state, m.hex, "overwatch", firer_hex=h)) if col else 0
        return Consequence(f"area fire {fp} at range {d}: column {final} on {hex_name(m.hex)}{again}", "§10, §8.2",
                           figure=f"col {final}")


def _fire_words(rules: Any, p: dict[str, Any], rule: str) -> Consequence:
    """An area fire's column and its likeliest results, in a line."""
    if not p["column"]:
        return Consequence(f"firepower {p['fp']}: under 1, no fire", rule, figure="no fire")
    odds = p["odds"]
    steps = sum(v for k, v in odds.items() if k.isdigit())
    text = (f"column {p['final']}: no effect {P.pct(odds.get('-', 0.0))}, a morale check {P.pct(odds.get('M', 0.0))}, "
            f"step losses {P.pct(steps)}")
    return Consequence(text, rule, figure=f"col {p['final']}")
