"""Artillery (TCS-lite §13) as far as Scenario 1 needs it: the Soviet Prep (2.4, 2.4a-g),
Soviet battalion missions called by the division's artillery FO (2.3, 2.3a, 2.3d), Axis
battery missions with the German adjustment line and faux TRPs (3.2, 3.2a, 3.2d), barrage
markers (2.4e), smoke (2.3f), and air sorties (1.9, §14)."""
from __future__ import annotations

from ...core.actions import Event
from ...core.errors import Illegal
from ...core.hexgrid import Hex, distance, hex_name, neighbors
from ...core.units import ON_MAP
from .combat import AIR, BARRAGE, roll2
from .verbs import Call


class Artillery:
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
        zone = sorted(h for h in self.board.terrain if distance(h, land) <= radius)
        ring = sorted(h for h in self.board.terrain if distance(h, land) == radius + 1)
        ev = [Event("barrage", f"{what} lands on {hex_name(land)}: {fp} on {len(zone)} hex(es), "
                               f"{fp // 2} on the ring", {"hex": hex_name(land), "fp": fp})]
        for hexes, power in ((zone, fp), (ring, fp // 2)):
            for h in hexes:
                if state.units_at(h) and power >= 1:
                    _, e = self.fire_on_hex(state, dice, h, power, BARRAGE, side,
                                            at_attack=2 if power >= 48 else 1 if power >= 20 else 0)
                    ev += e
        state.extra["barrage"] = tuple(state.extra.get("barrage", ())) + ((side, tuple(zone), fp),)
        return ev

    def barrage_on_entry(self, state, dice, uid: str, h: Hex) -> list[Event]:
        """Decision 11: a unit entering a marked hex is attacked once at the mission's value."""
        ev: list[Event] = []
        for side, hexes, fp in state.extra.get("barrage", ()):
            if h in hexes and state.units[uid].where == ON_MAP:
                ev.append(Event("barrage", f"{uid} enters a barrage marker in {hex_name(h)} (Decision 11)"))
                _, e = self.fire_on_hex(state, dice, h, fp, BARRAGE, side, units=[state.units[uid]])
                ev += e
        return ev

    # --- called missions ----------------------------------------------------------------
    def artillery_of(self, side: str) -> dict[str, str]:
        return dict(self.scen.artillery.get(side, ()))

    def may_spot(self, state, uid: str) -> Illegal | None:
        s = self.spec(uid)
        side = self.side_of(uid)
        if self.status(state, uid):
            return Illegal("§13.2", f"{uid} is Suppressed or Paralyzed and cannot spot")
        acted = state.extra.get("acted", frozenset())
        if uid in acted and uid not in state.extra.get("spotting", frozenset()):
            return Illegal("§3.4", f"{uid} has already acted this phase")
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
        side = self.side_of(a.spotter)
        u = state.units[a.spotter]
        if u.where != ON_MAP:
            return Illegal("§13.2", f"{a.spotter} is not on the map")
        why = self.may_spot(state, a.spotter)
        if why:
            return why
        arts = self.artillery_of(side)
        if a.artillery not in arts:
            return Illegal("2.3b" if side == "soviet" else "3.2b", f"{a.artillery} is not available in this scenario "
                                                                   f"({', '.join(arts)})")
        if a.artillery in state.extra.get("arty_used", frozenset()):
            return Illegal("§13.1", f"{a.artillery} has already fired a mission this turn")
        kind = {"smoke": "Smoke", "illum": "Illum"}.get(a.ammo, "HE")
        if a.ammo == "illum" and self.period(state)[0] == "day":
            return Illegal("§13.8", "Illum rounds are fired in Twilight or at Night only")
        cost = (2 if a.fast else 1)
        have = state.extra["ammo"].get(side, {}).get(arts[a.artillery], {}).get(kind, 0)
        if have < cost:
            return Illegal("2.3b" if side == "soviet" else "3.2b", f"no {kind} left for {arts[a.artillery]} "
                                                                   f"({have}, needs {cost})")
        if a.target not in self.board.terrain:
            return Illegal("§13.2", "the target is not on the map")
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
        cal = self.artillery_of(side)[a.artillery]
        kind = {"smoke": "Smoke", "illum": "Illum"}.get(a.ammo, "HE")
        ammo = {s: {c: dict(k) for c, k in v.items()} for s, v in state.extra["ammo"].items()}
        ammo[side][cal][kind] -= 2 if a.fast else 1
        state.extra["ammo"] = ammo
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
        out = []
        u = state.units[uid]
        key = ("enemy_hexes", side)
        hexes = state._cache.get(key)
        if hexes is None:
            hexes = state._cache[key] = sorted({e.hex for e in self.on_map(state, self.enemy_of(side))})
        targets = [h for h in hexes if self.sees_hex(state, u.hex, h)]
        for art in self.artillery_of(side):
            for h in targets:
                c = Call(uid, art, h)
                if self.check_call(state, c) is None:
                    out.append(c)
        return out

    # --- air (1.9, §14) -------------------------------------------------------------------
    def air_phase(self, state, dice) -> list[Event]:
        kind, _ = self.period(state)
        if kind != "day" or state.extra.get("weather") != "clear":
            return []
        a, b = dice.roll(6), dice.roll(6)
        sov, ger = self.t.sorties(10 * a + b)
        ev = [Event("die_rolled", f"Air Sortie Table {a}{b}: {sov} Soviet, {ger} German sortie(s) (1.9)",
                    {"dice": [a, b]})]
        for side, n in (("axis", ger), ("soviet", sov)):  # Axis resolves first (Decision 55)
            plane = self.t.aircraft["german" if side == "axis" else "soviet"]
            for _ in range(n):
                targets = {}
                for e in self.on_map(state, self.enemy_of(side)):
                    if self.spotted_by_side(state, e, side):
                        targets[e.hex] = targets.get(e.hex, 0) + 1
                if not targets:
                    ev.append(Event("air", f"{plane['type']} finds no spotted target: the sortie is lost (1.9)"))
                    continue
                best = sorted(targets, key=lambda x: (-targets[x], x))[0]  # default: most units
                names = {hex_name(x): x for x in targets}
                h = names[self.ask(state, side, "air", sorted(names), hex_name(best),
                                   f"a {plane['type']} sortie: which hex with a spotted enemy does it attack?")]
                ev.append(Event("air", f"{plane['type']} attacks {hex_name(h)}"))
                _, e = self.fire_on_hex(state, dice, h, int(plane["area_firepower"]), AIR, side)
                ev += e
                veh = [u for u in state.units_at(h) if self.spec(u.id).vehicle]
                if veh:
                    ev += self.at_roll(state, dice, veh[0].id, int(plane["at_attack"]))
        return ev
