"""Artillery (TCS-lite §13) as far as Scenario 1 needs it: the Soviet Prep (2.4, 2.4a-g),
Soviet battalion missions called by the division's artillery FO (2.3, 2.3a, 2.3d), Axis
battery missions with the German adjustment line and faux TRPs (3.2, 3.2a, 3.2d), barrage
markers (2.4e), smoke (2.3f), and air sorties (1.9, §14). Ammunition pools: ``soviet``,
``axis`` (the Spanish pool) and ``german`` (3.2b; one Axis pool with variant 4.1d). German
batteries released by 3.5 and the 4.3 schedule: batteries.py; Dora (4.7): dora.py."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from ...core.actions import Event, register_verb
from ...core.errors import Illegal, MalformedError
from ...core.hexgrid import Hex, distance, hex_name, neighbors, to_cube
from ...core.hexgrid import ring as hex_ring
from ...core.units import ON_MAP
from .batteries import Batteries
from .combat import AIR, BARRAGE, SFA, barrage_at_attack, roll2
from .dora import Dora
from .historical import Historical
from .orders import OrderAct
from .timed import GONE_0500_FEB11
from .verbs import Call, he_calls

DIVISIONS = ("43", "63", "72")
MINES = "mines"


@lru_cache(maxsize=1)
def mine_firepower() -> int:
    """fire.yaml ``mine_attack.entries.wire_mines.firepower`` (variant 4.5)."""
    from .tables import _get, _read, tables_dir
    d = tables_dir()
    return int(_get(_read(d, "fire"), "mine_attack.entries.wire_mines.firepower", d / "fire.yaml"))


@dataclass(frozen=True)
class Assign289(OrderAct):
    """``assign 289 <division>``: before play the Soviet player gives the 289 AT Regiment to
    one division (2.3a)."""

    def notation(self) -> str:
        return "assign " + " ".join(self.args)


def _assign(args):
    if len(args) != 2 or args[0] != "289":
        raise MalformedError("assign needs: assign 289 <division> (2.3a)")
    return Assign289("assign", tuple(args))


register_verb("assign", _assign)


class Artillery(Batteries, Dora, Historical):
    """Mixin for BWRules."""

    # --- the Prep Log -------------------------------------------------------------------
    def historical_prep(self) -> dict[str, dict[str, str]]:
        return {c: {tm: h for tm, h in self.t.prep_historical[c].items() if h != "-"} for c in self.scen.prep_columns}

    def prep_times(self, col: str) -> list[str]:
        """Gun battalions fire every Prep turn; Katyushas only on the printed turns (2.4g)."""
        return sorted(tm for tm, h in self.t.prep_historical[col].items() if h != "-")

    def fire_prep(self, state, dice) -> list[Event]:
        """2.4e: first thing of the Soviet Action Phase; 1d6 1-3 Bad, 4-6 Good (2.4d); guns
        always land on the plotted hex (Bad: half value, Decision 9); Katyushas scatter."""
        tm = f"{self.time(state):04d}"
        ev: list[Event] = []
        for col in self.scen.prep_columns:
            hid = state.extra["prep"].get(col, {}).get(tm)
            if not hid:
                continue
            target = self.ids.parse(hid)
            info = self.t.prep_columns[col]
            r = dice.roll(6)
            good = r in self.t.prep_shoot_good
            ev.append(Event("die_rolled", f"Prep {col} at {hid}: roll {r}, {'Good' if good else 'Bad'} Shoot (2.4d)",
                            {"dice": [r]}))
            if info["kind"] == "katyusha":
                radius, fp = 5, self.t.barrage["katyusha"]  # 2.4g
                land = target if good else self.scatter(dice, target, "rockets", ev)
            else:
                radius = 1
                fp = 2 * 2 * self.t.barrage[info["calibre"]]  # battalion = 2 x battery; Prep doubles (2.4a)
                land = target
                if not good:
                    fp //= 2
            ev += self.land(state, dice, "soviet", land, radius, fp, f"Prep {col}")
        return ev

    # --- scatter and landing ------------------------------------------------------------
    def scatter(self, dice, target: Hex, kind: str, ev: list) -> Hex | None:
        d, n = dice.roll(6), dice.roll(6)
        dist = self.t.scatter_dist[kind][n]
        h = target
        for _ in range(dist):
            h = neighbors(h)[d - 1]  # 1 N, 2 NE, 3 SE, 4 S, 5 SW, 6 NW
        ev.append(Event("die_rolled", f"scatter: direction {d}, distance roll {n} -> {dist} hexes", {"dice": [d, n]}))
        return h if h in self.board.terrain else None

    def land(self, state, dice, side: str, land: Hex | None, radius: int, fp: int, what: str) -> list[Event]:
        if land is None or land not in self.board.terrain:
            return [Event("barrage", f"{what} lands off the map: no effect (T2 1.1c)")]
        zone, ring = self.barrage_zone(land, radius)
        ev = [Event("barrage", f"{what} lands on {hex_name(land)}: {fp} on {len(zone)} hex(es), "
                               f"{fp // 2} on the ring", {"hex": hex_name(land), "fp": fp})]
        for hexes, power in ((zone, fp), (ring, fp // 2)):
            for h in hexes:
                if state.units_at(h) and power >= 1:
                    _, e = self.fire_on_hex(state, dice, h, power, BARRAGE, side, at_attack=barrage_at_attack(power))
                    ev += e
        state.extra["barrage"] = tuple(state.extra.get("barrage", ())) + ((side, tuple(zone), fp),)
        return ev

    def barrage_zone(self, land: Hex, radius: int) -> tuple[list[Hex], list[Hex]]:
        """The board hexes within ``radius`` of ``land`` and those of the next ring, sorted,
        from the rings around it (not a distance to each of the board's hexes)."""
        board = self.board.terrain
        zone = sorted(h for k in range(radius + 1) for h in hex_ring(land, k) if h in board)
        return zone, sorted(h for h in hex_ring(land, radius + 1) if h in board)

    def barrage_on_entry(self, state, dice, uid: str, h: Hex) -> list[Event]:
        """Decision 11: a unit entering a marked hex is attacked once at the mission's value; a
        step-loss result gives a vehicle of Defense 2+ its AT roll as under the first impact
        (Decision 35). Variant 4.5: a unit entering wire not fully breached (a breach attempt,
        1.4b B) first meets the mines."""
        ev: list[Event] = self.mine_attack(state, dice, uid, h)
        for side, hexes, fp in state.extra.get("barrage", ()):
            if h in hexes and state.units[uid].where == ON_MAP:
                ev.append(Event("barrage", f"{uid} enters a barrage marker in {hex_name(h)} (Decision 11)"))
                _, e = self.fire_on_hex(state, dice, h, fp, BARRAGE, side, units=[state.units[uid]],
                                        at_attack=barrage_at_attack(fp))
                ev += e
        return ev

    def mine_attack(self, state, dice, uid: str, h: Hex) -> list[Event]:
        """4.5 (tcs-lite §8.6): one area fire of the table's value at the breaching unit alone,
        its hex counted as open terrain, before the overwatch of its entry. Stopped (S, P, SYR,
        gone), the unit falls back without a breach (1.4b C; decision BW-M1); the mines last
        until the hex is fully breached."""
        if not self.options.get("mined_wire") or h not in self.ter.wire or self.wire_state(state, h) >= 2:
            return []
        u = state.units[uid]
        if u.where != ON_MAP:
            return []
        fp = mine_firepower()
        ev = [Event("mines", f"{uid} meets the mines laced through the wire in {hex_name(h)} (4.5)")]
        terrain = [(n, -v) for n, v in self.area_shifts(state, h, SFA, units=[u]) if n.startswith("terrain")]
        _, e = self.fire_on_hex(state, dice, h, fp, MINES, "axis", units=[u],
                                extra_shifts=[(f"mines: {n[8:]} counts as open (§8.6)", v) for n, v in terrain])
        return ev + e

    # --- called missions ----------------------------------------------------------------
    def artillery_of(self, side: str, state=None) -> dict[str, str]:
        """Artillery id -> calibre: the scenario's, plus (with ``state``) the German batteries
        released so far (3.5b, batteries.py)."""
        out = dict(self.scen.artillery.get(side, ()))
        if state is not None and side == "axis":
            out.update(self.released_batteries(state))
        if state is not None and side == "soviet" and self.past_0500_feb11(state):
            for b in GONE_0500_FEB11:  # 2.3: these two leave play at 0500 Feb 11 (timed.py)
                out.pop(b, None)
        return out

    def pool_of(self, side: str, artillery: str) -> str:
        """3.2b: the ammunition pool a battery fires from: ``soviet``, ``axis`` (Spanish) or
        ``german`` (told by its regiment, artillery.yaml availability)."""
        if side == "soviet":
            return "soviet"
        return "german" if self.battery_nation(artillery) == "german" else "axis"

    def ammo_left(self, state, side: str, artillery: str, kind: str) -> int:
        """Rounds of ``kind`` the battery may fire: its own pool, or both Axis pools with 4.1d."""
        cal = self.artillery_of(side, state)[artillery]
        pools = state.extra["ammo"]
        own = self.pool_of(side, artillery)
        names = ("axis", "german") if side == "axis" and self.options.get("german_cooperation") else (own,)
        return sum(pools.get(p, {}).get(cal, {}).get(kind, 0) for p in names)

    def spend_ammo(self, state, side: str, artillery: str, kind: str, n: int) -> None:
        """Take ``n`` rounds: from the battery's own pool first, then (4.1d) the other Axis pool."""
        cal = self.artillery_of(side, state)[artillery]
        ammo = {s: {c: dict(k) for c, k in v.items()} for s, v in state.extra["ammo"].items()}
        own = self.pool_of(side, artillery)
        order = [own] + ([p for p in ("axis", "german") if p != own]
                         if side == "axis" and self.options.get("german_cooperation") else [])
        for p in order:
            have = ammo.get(p, {}).get(cal, {}).get(kind, 0)
            take = min(have, n)
            if take:
                ammo[p][cal][kind] = have - take
                n -= take
        state.extra["ammo"] = ammo

    def division_of_artillery(self, state, artillery: str) -> str | None:
        """2.3a: a divisional battalion's division is the last part of its id (1-162-43); the
        289 AT Rgt serves the division assigned to it before play (``assign 289 <division>``)."""
        last = artillery.rsplit("-", 1)[-1]
        if last in DIVISIONS:
            return last
        if last == "289":
            return self.at289_division(state)
        return None

    def at289_division(self, state) -> str:
        """Decision BW-A1: the scenario's main division unless the Soviet player assigned
        another before play."""
        return state.extra.get("at289") or self.scen.division

    def fo_division(self, uid: str) -> str:
        return self.entry(uid).division or self.scen.division

    def artillery_view(self, state) -> dict:
        """For the client: each side's artillery (id -> calibre, released German batteries
        included) with its pool and division, the 289's division (2.3a), the pools by name
        (``axis`` is the Spanish pool, 3.2b) and the Dora shots plotted (4.7)."""
        out: dict = {"pools": {k: {c: dict(v) for c, v in p.items()} for k, p in state.extra.get("ammo", {}).items()},
                     "pooled_axis": bool(self.options.get("german_cooperation")),
                     "at289": self.at289_division(state) if any(x.endswith("-289") for x in self.artillery_of("soviet"))
                     else None, "dora": [], "units": {}}
        for side in ("soviet", "axis"):
            for art, cal in sorted(self.artillery_of(side, state).items()):
                out["units"][art] = {"side": side, "calibre": cal, "pool": self.pool_of(side, art),
                                     "division": self.division_of_artillery(state, art) if side == "soviet" else None}
        for mins, hid in state.extra.get("dora", ()):
            out["dora"].append({"time": f"{(mins // 60) % 24:02d}00", "hex": hid,
                                "fired": mins in set(state.extra.get("dora_fired", ()))})
        return out

    def soviet_divisions(self) -> list[str]:
        return sorted({e.division or self.scen.division for e in self.scen.units
                       if e.side == "soviet" and e.fo == "artillery"})

    def assign_actions(self, state) -> list:
        if self.check_assign(state, None) is not None:
            return []
        cur = self.at289_division(state)
        return [Assign289("assign", ("289", d)) for d in self.soviet_divisions() if d != cur]

    def check_assign(self, state, a) -> Illegal | None:
        """2.3a: before play (the Prep Log step), only when the 289 AT Rgt is in the scenario
        and more than one division has artillery FOs; any number of times until play begins."""
        if state.phase != "prep_log":
            return Illegal("2.3a", "the 289 AT Regiment is assigned before play begins and never changed after")
        if not any(x.endswith("-289") for x in self.artillery_of("soviet")):
            return Illegal("2.3a", "the 289 AT Regiment is not in this scenario")
        divs = self.soviet_divisions()
        if len(divs) < 2:
            return Illegal("2.3a", f"only the {divs[0] if divs else self.scen.division} Division has FOs here: "
                                   "the 289 AT Regiment is theirs")
        if a is not None and a.args[1] not in divs:
            return Illegal("2.3a", f"no {a.args[1]} Division FOs in this scenario ({', '.join(divs)})")
        return None

    def apply_assign(self, state, a) -> list[Event]:
        state.extra["at289"] = a.args[1]
        return [Event("artillery", f"the 289 AT Regiment is assigned to the {a.args[1]} Division: only its FOs "
                                   "spot for it, for the whole game (2.3a)")]

    def may_spot(self, state, uid: str) -> Illegal | None:
        s = self.spec(uid)
        side = self.side_of(uid)
        if self.status(state, uid):
            return Illegal("§13.2", f"{uid} is Suppressed or Paralyzed and cannot spot")
        acted = state.extra.get("acted", frozenset())
        if uid in acted and uid not in state.extra.get("spotting", frozenset()):
            return Illegal("§3.4", f"{uid} has already acted this phase")
        if uid in state.extra.get("reserve", frozenset()):  # decision BW-F1
            return Illegal("§16.8", f"{uid} is in reserve: until released it only fires overwatch and calls no "
                                    "artillery")
        if side == "soviet":
            if not (s.fo and self.entry(uid).fo == "artillery"):
                return Illegal("2.3a", f"{uid} is not an artillery FO of the {self.scen.division} Division")
        else:
            if s.vehicle:
                return Illegal("§13.2", "vehicles do not spot for Axis artillery (Decision 26)")
            if self.mode(state, uid) != "fire":
                return Illegal("§13.2", f"{uid} must be in Fire Mode to spot")
        return None

    def check_call(self, state, a: Call) -> Illegal | None:
        return self._call_refusal(state, a.spotter, a.artillery, a.ammo, a.fast) or self._call_target_refusal(state, a)

    def _call_refusal(self, state, spotter: str, artillery: str, ammo, fast) -> Illegal | None:
        """The checks of a mission that do not look at its target hex (calls_for makes them
        once per battery instead of once per target)."""
        side = self.side_of(spotter)
        u = state.units[spotter]
        if u.where != ON_MAP:
            return Illegal("§13.2", f"{spotter} is not on the map")
        if artillery in state.units and self.spec(artillery).indirect:  # an on-map mortar named as artillery
            if side == "soviet" and ammo == "smoke":
                return Illegal("2.8", f"{artillery} is a Soviet mortar: Soviet mortars fire no smoke (smoke comes "
                                      "from the artillery battalions, 2.3f)")
            return Illegal("§13.12", f"{artillery} is an on-map mortar: it fires HE as an SFA (attack), not as "
                                     "a called mission")
        why = self.may_spot(state, spotter)
        if why:
            return why
        arts = self.artillery_of(side, state)
        if artillery not in arts:
            return Illegal("2.3b" if side == "soviet" else "3.2b", f"{artillery} is not available in this scenario "
                                                                   f"({', '.join(arts)})")
        if side == "soviet":
            div = self.division_of_artillery(state, artillery)
            if div is not None and div != self.fo_division(spotter):
                what = ("the 289 AT Regiment is assigned to the " + div + " Division"
                        if artillery.endswith("-289") else f"{artillery} belongs to the {div} Division")
                return Illegal("2.3a", f"{spotter} is an FO of the {self.fo_division(spotter)} Division: "
                                       f"{what}, whose own FOs alone spot for it")
        if side == "axis" and not self.options.get("german_cooperation"):
            nat = self.battery_nation(artillery)
            if self.nation(spotter) != nat:  # 3.2b (tcs-lite §13.2): each nation spots for its own guns
                return Illegal("3.2b", f"{spotter} is not {nat.capitalize()}: {nat.capitalize()} batteries fire "
                                       f"{nat.capitalize()} ammunition for their own units (one pool with 4.1d)")
        if artillery in state.extra.get("arty_used", frozenset()):
            return Illegal("§13.1", f"{artillery} has already fired a mission this turn")
        kind = {"smoke": "Smoke", "illum": "Illum"}.get(ammo, "HE")
        if ammo == "illum" and self.period(state)[0] == "day":
            return Illegal("§13.8", "Illum rounds are fired in Twilight or at Night only")
        cost = (2 if fast else 1)
        have = self.ammo_left(state, side, artillery, kind)
        if have < cost:
            pool = {"soviet": "", "axis": " in the Spanish pool", "german": " in the German pool"}[
                self.pool_of(side, artillery)] if not self.options.get("german_cooperation") else ""
            return Illegal("2.3b" if side == "soviet" else "3.2b", f"no {kind} left for {arts[artillery]}{pool} "
                                                                   f"({have}, needs {cost})")
        return None

    def _call_target_refusal(self, state, a: Call) -> Illegal | None:
        """The checks of a mission that look at its target hex (and reference point)."""
        side = self.side_of(a.spotter)
        u = state.units[a.spotter]
        if a.target not in self.board.terrain:
            return Illegal("§13.2", "the target is not on the map")
        why = self.boundary_refusal(a.spotter, a.target, "calls fire")  # 4.3 (historical.py)
        if why:
            return why
        if not self.sees_hex(state, u.hex, a.target):
            return Illegal("§13.2", f"{a.spotter} has no line of sight to {hex_name(a.target)} within the "
                                    f"visibility limit ({self.period(state)[1]} hexes)")
        if a.trp is not None:
            if side != "axis":
                return Illegal("3.2d", "faux target reference points are for the Axis only")
            if not self.is_trp(state, a.trp):
                return Illegal("3.2d", f"{hex_name(a.trp)} is not a building, city, road junction, trench, wire or "
                                       "the crash site")
            if not self.sees_hex(state, u.hex, a.trp):
                return Illegal("3.2d", f"{a.spotter} must see the reference point {hex_name(a.trp)} too")
        return None

    def is_trp(self, state, h: Hex) -> bool:
        terr = self.board.terrain.get(h)
        return (terr in ("building", "city") or self.ter.is_trench(h) or h in self.ter.wire
                or self.ter.road_junction(h) or any(z.kind == "crash_site" and h in z.hexes for z in self.board.zones))

    def do_call(self, state, a: Call, dice) -> list[Event]:
        side = self.side_of(a.spotter)
        cal = self.artillery_of(side, state)[a.artillery]
        kind = {"smoke": "Smoke", "illum": "Illum"}.get(a.ammo, "HE")
        self.spend_ammo(state, side, a.artillery, kind, 2 if a.fast else 1)
        state.extra["arty_used"] = state.extra.get("arty_used", frozenset()) | {a.artillery}
        state.extra["acted"] = state.extra.get("acted", frozenset()) | {a.spotter}
        state.extra["spotting"] = state.extra.get("spotting", frozenset()) | {a.spotter}
        frm = a.trp if a.trp is not None else state.units[a.spotter].hex
        dist = distance(frm, a.target)
        line = "soviet" if side == "soviet" else "german"  # 3.2a
        need = self.t.adjustment_need(line, dist)
        roll, ev = roll2(dice)
        good = roll >= need
        ev.append(Event("adjustment", f"{a.artillery} on {hex_name(a.target)}: {line} line, distance {dist}, need "
                                      f"{need}, roll {roll}: {'Good' if good else 'Bad'} Shoot (§13.4)",
                        {"need": need, "roll": roll}))
        land = a.target if good else self.scatter(dice, a.target, "guns", ev)
        if a.ammo == "illum":
            if land is None:
                return ev + [Event("illum", "the Illum round lands off the map")]
            lit = frozenset(h for h in self.board.terrain if distance(h, land) <= 2)
            state.extra["illum"] = state.extra.get("illum", frozenset()) | lit
            return ev + [Event("illum", f"Illum over {hex_name(land)}: units within 2 hexes are seen as at "
                                        "visibility 10 until Clean Up (§13.8)")]
        if a.ammo == "smoke":
            if land is None:
                return ev + [Event("smoke", "the smoke lands off the map")]
            smoke = dict(state.extra.get("smoke", {}))
            smoke[land] = 2  # one Level 2 marker (2.3f; Axis battery: one)
            state.extra["smoke"] = smoke
            return ev + [Event("smoke", f"Level 2 smoke in {hex_name(land)}")]
        battery = self.t.barrage[cal]
        if side == "soviet":
            radius, fp = 1, 2 * battery  # 2.3: battalions only
        else:
            radius, fp = 0, battery  # Axis battery mission (Decision 27: no battalion with 2 batteries)
        if a.fast:
            fp *= 2
        return ev + self.land(state, dice, side, land, radius, fp, f"{a.artillery} ({cal})")

    def calls_for(self, state, uid: str) -> list[Call]:
        """Legal-action listing: HE missions on hexes with spotted enemy units."""
        side = self.side_of(uid)
        if self.may_spot(state, uid) is not None:
            return []
        out: list[Call] = []
        u = state.units[uid]
        memo, lim = self._sees_table(state)  # sees_hex for every enemy hex, the table read once
        far = max(lim, 10) if state.extra.get("illum") else lim  # §13.8: Illum sees 10 hexes
        hexes = self._enemy_hexes_within(state, side, u.map_hex, far)  # beyond ``far`` none is seen
        self.ter.lines_from(u.hex, [h for h in hexes if (u.hex, h) not in memo], far)
        targets = []
        for h in hexes:
            ans = memo.get((u.hex, h))
            if ans is None:
                ans = memo[(u.hex, h)] = self._sees_hex(state, u.hex, h, lim)
            if ans:
                targets.append(h)
        if not targets:
            return out
        ok: list[Hex] | None = None  # the targets the target half lets through, the same for every battery
        for art in self.artillery_of(side, state):
            c0 = Call(uid, art, targets[0])
            if self._call_refusal(state, uid, art, c0.ammo, c0.fast) is not None:
                continue  # the same answer for every target (check_call = the two halves)
            if ok is None:  # the target half reads the spotter, the target and the TRP, never the battery
                ok = [h for h in targets if self._call_target_refusal(state, Call(uid, art, h)) is None]
            out += he_calls(uid, art, ok)
        return out

    def _enemy_hexes_within(self, state, side: str, centre: Hex, far: int) -> list[Hex]:
        """The hexes holding enemy units within ``far`` of ``centre``, in hex order: the enemy
        hexes' cube coordinates once per state, the distances from each spotter as one array
        (a spotter sees no hex beyond the visibility limit, so calls_for asks about no other)."""
        key = ("enemy_hex_cubes", side)
        got = state._cache.get(key)
        if got is None:
            every = state._cache.get(("enemy_hexes", side))  # shared with fire_targets
            if every is None:
                every = state._cache[("enemy_hexes", side)] = sorted(
                    {e.map_hex for e in self.on_map(state, self.enemy_of(side))})
            qr = np.array([to_cube(h)[:2] for h in every], dtype=np.int64).reshape(-1, 2)
            got = state._cache[key] = (every, qr[:, 0], qr[:, 1])
        every, q, r = got
        if not every:
            return []
        cq, cr, _ = to_cube(centre)
        dq, dr = q - cq, r - cr
        near = np.maximum(np.maximum(np.abs(dq), np.abs(dr)), np.abs(dq + dr)) <= max(far, 1)  # next door: always
        return [h for h, k in zip(every, near.tolist()) if k]

    # --- air (1.9, §14) -------------------------------------------------------------------
    def air_phase(self, state, dice) -> list[Event]:
        kind, _ = self.period(state)
        if kind != "day" or state.extra.get("weather") != "clear":
            return []
        a, b = dice.roll(6), dice.roll(6)
        sov, ger = self.t.sorties(10 * a + b)
        ev = [Event("die_rolled", f"Air Sortie Table {a}{b}: {sov} Soviet, {ger} German sortie(s) (1.9)",
                    {"dice": [a, b]})]
        if self.options.get("german_cooperation") and (sov or ger):
            # 4.1c: German sorties doubled, Soviet halved (rounded down, tcs-lite §14)
            sov, ger = sov // 2, ger * 2
            ev.append(Event("air", f"German Cooperation (4.1c): {sov} Soviet, {ger} German sortie(s)"))
        for side, n in (("axis", ger), ("soviet", sov)):  # Axis resolves first (Decision 55)
            plane = self.t.aircraft["german" if side == "axis" else "soviet"]
            for _ in range(n):
                targets: dict[Hex, int] = {}
                for e in self.on_map(state, self.enemy_of(side)):
                    if self.spotted_by_side(state, e, side):
                        targets[e.map_hex] = targets.get(e.map_hex, 0) + 1
                if not targets:
                    ev.append(Event("air", f"{plane['type']} finds no spotted target: the sortie is lost (1.9)"))
                    continue
                best = sorted(targets, key=lambda x: (-targets[x], x))[0]  # default: most units
                names = {hex_name(x): x for x in targets}
                h = names[self.ask(state, side, "air", sorted(names), hex_name(best),
                                   f"a {plane['type']} sortie: which hex with a spotted enemy does it attack?")]
                ev.append(Event("air", f"{plane['type']} attacks {hex_name(h)}"))
                _, fired = self.fire_on_hex(state, dice, h, int(plane["area_firepower"]), AIR, side)
                ev += fired
                veh = [u for u in state.units_at(h) if self.spec(u.id).vehicle]
                if veh:
                    ev += self.at_roll(state, dice, veh[0].id, int(plane["at_attack"]))
        return ev
