"""Victory (BW 5.0, 5.1 and the scenario pages): who occupies which hexes, features,
lost units, and the scenario's victory kinds.

Occupation (5.0 "occupy": the last side to occupy or pass through a hex): ``state.extra['occ']``
maps a hex to the side that last had a unit in it or moved through it; a hex no unit has
entered counts as the Axis's (decision BW-V1: the defender holds its own ground).

Scenario ``victory`` specs (scenario files):

- ``kind: clear_trenches`` (Scen. 1): the Soviets win when no Axis unit is in a trench hex of
  the play area at the end;
- ``kind: conditions``: a list of Soviet ``conditions`` (each ``occupy_count`` of a feature
  with ``at_least`` hexes, ``occupy_all`` of a feature, ``axis_fewer`` than n hexes of a
  feature, ``no_axis_in`` a feature) and ``levels`` (``min`` conditions met -> winner and level),
  highest ``min`` first;
- ``kind: campaign`` (Scen. 8; Scen. 3, 6 and 7 with the ``campaign`` option): the 5.1 levels of
  ``tables/campaign.yaml``, then the shifts for units lost (decisions BW-C1 ... BW-C7).
"""
from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ...core.actions import Event, Move
from ...core.contract import StandingLine
from ...core.errors import DataError
from ...core.files import load_yaml
from ...core.game import Result
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

FEATURES = ("krasni_bor", "el_bastion", "mill", "staraia_myza", "trenches", "hospital", "station")
# 5.1: villages by their map region, and the sets the campaign levels name (decisions BW-C4 ... C6)
VILLAGES = {"potrolovo": "Potrolovo", "mondolovo": "Mondolovo", "samsonovka": "Samsonovka",
            "raikolovo": "Raikolovo", "iam_izhora": "Iam Izhora"}
CAMPAIGN_SCENARIOS = "Scenarios 3, 6, 7 and 8"
CAMPAIGN_OPTIONS: dict[str, tuple[bool, str]] = {
    "campaign": (False, "5.1 campaign version of Scenarios 3, 6 and 7: the longer last turn and the campaign "
                        "victory levels (Scenario 8 always uses them)"),
}
LEVELS = ("regiment", "battalion", "company", "platoon")


@lru_cache(maxsize=1)
def campaign_table() -> dict:
    """tables/campaign.yaml, checked: levels with conditions, the draw, the shifts."""
    from ... import paths

    p = Path(str(paths.data_dir("scenarios"))) / "black-wednesday" / "tables" / "campaign.yaml"
    from .tables import TABLE_LIMITS

    data = load_yaml(p, TABLE_LIMITS, what="campaign victory table")
    if not isinstance(data, dict) or not isinstance(data.get("levels"), list) or "draw" not in data \
            or not isinstance(data.get("shifts"), dict):
        raise DataError(p, "needs 'levels' (a list), 'draw' and 'shifts'")
    for i, lv in enumerate(data["levels"]):
        if not isinstance(lv, dict) or not {"level", "winner", "value", "conditions"} <= set(lv):
            raise DataError(p, f"levels[{i}] needs level, winner, value and conditions")
    for k in ("soviet_per_axis_lost", "axis_per_soviet_lost"):
        if not isinstance(data["shifts"].get(k), int) or data["shifts"][k] <= 0:
            raise DataError(p, f"shifts.{k} must be a positive whole number")
    return data


def campaign_version(scen):
    """The campaign version of a scenario (5.1): its campaign last turn and the 5.1 victory.
    Scenario 8 is one already; scenarios without a campaign version are refused."""
    if (scen.victory_spec or {}).get("kind") == "campaign" and not scen.campaign_turns:
        return scen
    if not scen.campaign_turns:
        raise DataError(scen.source, f"{scen.title} has no campaign version (5.1: {CAMPAIGN_SCENARIOS})")
    # Scen. 3, 6 and 7 start on Feb 10 before 2200: their campaigns reach the Return Battalion (3.4)
    variable = scen.variable + (() if "3.4" in scen.variable else ("3.4",))
    return replace(scen, turns=scen.campaign_turns, victory="campaign", variable=variable,
                   victory_spec={"kind": "campaign", "provenance": "rulebook", "source": "5.1"})


class Victory(_Rules):
    """Mixin for BWRules."""

    # --- occupation ---------------------------------------------------------------------
    def occupier(self, state, h: Hex) -> str:
        return state.extra.get("occ", {}).get(h, "axis")

    def note_occupation(self, state, action=None) -> None:
        """After every action: each hex with units belongs to their side; a move's path up
        to where the unit stopped is passed through (5.0)."""
        if state.phase in ("prep_log", "soviet_setup", "axis_setup"):
            return  # occupation counts from the first turn
        if self.scen.occupation_start == "nearest" and not state.extra.get("occ_init"):
            state.extra["occ"] = self.nearest_occupation(state)
            state.extra["occ_init"] = True
        occ = state.extra.get("occ", {})
        new: dict[Hex, str] | None = None

        def mark(h: Hex, side: str) -> None:
            nonlocal new
            if (new if new is not None else occ).get(h) != side:
                if new is None:
                    new = dict(occ)
                new[h] = side

        touched = self._occ_touched(state, occ)  # None: every occupied hex
        for h, us in state.occupied().items():
            if touched is not None and h not in touched:
                continue  # its units are those of the last note: already marked (or mixed)
            sides = {self.side_of(u.id) for u in us}
            if len(sides) == 1:
                mark(h, sides.pop())
        if isinstance(action, Move):
            u = state.units.get(action.unit)
            if u is not None and u.where == ON_MAP and u.hex in action.path:
                side = self.side_of(u.id)
                for h in action.path[: action.path.index(u.hex) + 1]:
                    if not any(self.side_of(x.id) != side for x in state.units_at(h)):
                        mark(h, side)
        if new is not None:
            state.extra["occ"] = new
        self.__dict__["_occ_memo"] = (dict(state.units), state.extra.get("occ", {}))
        if not state.extra.get("trench_entered") and self._soviet_in_trench(state):
            state.extra["trench_entered"] = True  # 3.3a / 3.5: the variable reinforcement trigger

    def _occ_touched(self, state, occ) -> set[Hex] | None:
        """The hexes whose units may differ from those at the last ``note_occupation``, or
        None when that note is not this state's ancestor with this very ``occ``. After a note
        every hex held by one side is marked for it (a path never marks a hex held by the other
        side), so only the hexes of units changed since need the scan (apply speed: the whole
        scan was a tenth of a random game)."""
        memo = self.__dict__.get("_occ_memo")
        if memo is None or memo[1] is not occ:
            return None
        before, units = memo[0], state.units
        get = before.get
        changed = [uid for uid, u in units.items() if get(uid) is not u]
        touched = {units[uid].hex for uid in changed}
        touched.update(before[uid].hex for uid in changed if uid in before)
        added = sum(1 for uid in changed if uid not in before)
        if len(before) != len(units) - added:  # some unit is gone from the state
            touched.update(b.hex for uid, b in before.items() if uid not in units)
        return touched

    def _soviet_in_trench(self, state) -> bool:
        """Is a Soviet unit on a trench hex (the same answer as asking every Soviet unit on
        the map, from the state's index of occupied hexes)."""
        at = state.occupied()
        trench = self.__dict__.get("_trench_set")
        if trench is None:
            trench = self.__dict__["_trench_set"] = frozenset(self.ter.trench) | frozenset(self.ter.bastion)
        return any(self.side_of(u.id) == "soviet" for h in at.keys() & trench for u in at[h])

    def nearest_occupation(self, state) -> dict[Hex, str]:
        """Decision BW-V3 (scenarios that start mid-battle, Scen. 4-8): each hex of a victory
        feature starts with the side of the nearest unit after set-up (ties: the Axis)."""
        feats = self.victory_features()
        hexes = frozenset().union(*(self.feature_hexes(f) for f in feats if f)) if feats else frozenset()
        units = [(u.hex, self.side_of(u.id)) for u in state.units.values() if u.where == ON_MAP]
        out: dict[Hex, str] = {}
        for h in sorted(hexes):
            best = min(((distance(h, x), 0 if s == "axis" else 1, s) for x, s in units), default=None)
            if best is not None:
                out[h] = best[2]
        return out

    def victory_features(self) -> set[str]:
        spec = self.scen.victory_spec or {}
        if spec.get("kind") == "campaign":
            out: set[str] = set()
            for lv in campaign_table()["levels"]:
                for c in lv["conditions"]:
                    out |= {c["feature"]} if c.get("feature") else set(c.get("features", ()))
            return out - {"highway"}
        out = set()
        for c in spec.get("conditions", ()):
            out |= {c["feature"]} if c.get("feature") else set(c.get("features", ()))
        return out

    def feature_hexes(self, name: str) -> frozenset[Hex]:
        cache = self.__dict__.setdefault("_feature_sets", {})
        if name not in cache:
            cache[name] = self._feature_set(name)
        return cache[name]

    def _feature_set(self, name: str) -> frozenset[Hex]:
        b = self.board
        if name in VILLAGES:  # 5.0: the contiguous Building/City hexes of the named village
            return frozenset(h for h in b.regions.get(VILLAGES[name], frozenset()) if h in self.area)
        built = frozenset(h for h in self.area if b.terrain.get(h) in ("city", "building"))
        if name == "highway":  # 5.1: the Leningrad-Moscow highway (primary road hexsides)
            return frozenset(h for h in self.area if any(b.has_side(h, n, "road_primary") for n in b.adjacent(h)))
        if name == "city_building_west_map":  # 5.1 Axis Major: map A (decision BW-C5)
            return frozenset(h for h in built if self.ids.name(h).startswith("A"))
        if name == "city_building_south_of_trenches":
            return frozenset(h for h in built if self.south_of_trenches(h))
        if name == "city_south_of_trenches_west_of_izhora":  # decision BW-C6
            west = self.west_of_izhora()
            return frozenset(h for h in built if self.south_of_trenches(h) and h in west)
        return self.preset_hexes(name)

    def south_of_trenches(self, h: Hex) -> bool:
        """Decision BW-C4: south of the southernmost trench hex of its column; a column with no
        trench hex lies beyond the ends of the line, behind the Spanish front (south)."""
        last = self.__dict__.get("_trench_last")
        if last is None:
            last = {}
            for t in self.board.terrain:
                if self.ter.is_trench(t):
                    last[t.col] = max(last.get(t.col, 0), t.row)
            self.__dict__["_trench_last"] = last
        return h.col not in last or h.row > last[h.col]

    def west_of_izhora(self) -> frozenset[Hex]:
        """Decision BW-C6: the hexes joined to the west map edge without crossing the Izhora."""
        got = self.__dict__.get("_west_izhora")
        if got is None:
            b = self.board
            c0 = min(h.col for h in b.terrain)
            seen = {h for h in b.terrain if h.col == c0}
            todo = list(seen)
            while todo:
                h = todo.pop()
                for n in b.adjacent(h):
                    if n not in seen and not b.has_side(h, n, "izhora_river"):
                        seen.add(n)
                        todo.append(n)
            got = self.__dict__["_west_izhora"] = frozenset(seen)
        return got

    def occupied_count(self, state, side: str, name: str) -> int:
        return sum(1 for h in self.feature_hexes(name) if self.occupier(state, h) == side)

    # --- the verdict --------------------------------------------------------------------
    def condition_met(self, state, c: dict) -> tuple[bool, str]:
        kind, feat = c["kind"], c.get("feature", "")
        hexes = self.feature_hexes(feat)
        if kind == "occupy_count":
            n = self.occupied_count(state, "soviet", feat)
            bonus = state.extra.get("reserves_released", 0) if c.get("bonus") == "reserves_released" else 0
            need = int(c["at_least"])
            return n + bonus >= need, (f"Soviets occupy {n} hexes of {feat}"
                                       + (f" (+{bonus} for released reserves)" if bonus else "") + f", {need} needed")
        if kind == "occupy_all":
            ok = bool(hexes) and all(self.occupier(state, h) == "soviet" for h in hexes)
            return ok, f"{feat} {'is' if ok else 'is not'} occupied by the Soviets"
        if kind == "axis_fewer":
            n = self.occupied_count(state, "axis", feat)
            return n < int(c["than"]), (f"the Axis occupies {n} hexes of {feat} "
                                        f"(Soviet condition: fewer than {c['than']})")
        if kind == "occupy_any":  # Scen. 7: Samsonovka, Mondolovo or Raikolovo
            held = [f for f in c["features"] if self.condition_met(state, {"kind": "occupy_all", "feature": f})[0]]
            return bool(held), (f"the Soviets occupy {', '.join(held)}" if held else
                                f"the Soviets occupy none of {', '.join(c['features'])}")
        if kind == "no_axis_in":
            nat = c.get("nation")  # Scen. 4: 'no Spanish units in El Bastion'
            ok = not any(u.hex in hexes and (nat is None or self.nation(u.id) == nat)
                         for u in self.on_map(state, "axis"))
            return ok, f"{'no' if ok else 'some'} {nat or 'Axis'} units in {feat}"
        raise ValueError(kind)

    # --- 5.1 the campaign ---------------------------------------------------------------
    def soviet_formations(self, level: str) -> dict[str, tuple[str, ...]]:
        """Soviet formations of a level (decision BW-C2): every unit is a platoon; battalions as
        the order of battle names them (regimental and divisional troops are none); a regiment
        (or the Red Banner brigade) is its battalions and regimental troops, two battalions at
        least (the 1 Ind Tank Bn is a battalion); a company is three rifle or SMG platoons of a
        battalion in number order, a counter printed as a company, or a third of a tank battalion."""
        cache = self.__dict__.setdefault("_formations", {})
        if level in cache:
            return cache[level]
        import re

        def num(uid: str) -> tuple:
            m = re.search(r"(\d+)$", uid)
            return (uid[: m.start()] if m else uid, int(m.group(1)) if m else 0)

        sov = sorted((e for e in self.scen.units if e.side == "soviet"), key=lambda e: num(e.id))
        out: dict[str, list[str]] = {}
        if level == "platoon":
            out = {e.id: [e.id] for e in sov}
        elif level == "battalion":
            for e in sov:
                if e.battalion and not e.battalion.endswith(("RgtTrp", "DivTrp")):
                    out.setdefault(e.battalion, []).append(e.id)
        elif level == "regiment":
            bns: dict[str, set] = {}
            for e in sov:
                b = e.battalion
                if b.endswith("-DivTrp"):
                    continue
                reg = (b[: -len("-RgtTrp")] if b.endswith("-RgtTrp")
                       else (b.split("-", 1)[1] if b[:1].isdigit() and "-" in b else ""))
                if reg:
                    out.setdefault(reg, []).append(e.id)
                    if not b.endswith("-RgtTrp"):
                        bns.setdefault(reg, set()).add(b)
            out = {k: v for k, v in out.items() if len(bns.get(k, ())) >= 2}
        elif level == "company":
            groups: dict[tuple[str, str], list[str]] = {}
            for e in sov:
                groups.setdefault((e.battalion, e.type), []).append(e.id)
            for (bn, typ), ids in groups.items():
                if typ.endswith("_co"):
                    out.update({x: [x] for x in ids})
                    continue
                size = 7 if self.t.unit_types[typ].vehicle else (3 if typ.startswith(("sov_rifle", "sov_smg")) else 0)
                if not size:
                    continue
                for k in range(0, len(ids) - size + 1, size):
                    out[f"{bn}/{typ}/{k // size + 1}"] = ids[k: k + size]
        else:
            raise ValueError(level)
        cache[level] = {k: tuple(v) for k, v in out.items()}
        return cache[level]

    def intact_formations(self, state, level: str, areas: str) -> list[str]:
        if not state.extra.get("exited"):
            return []
        return [k for k, us in sorted(self.soviet_formations(level).items()) if self.intact_exit(state, us, areas)]

    def near_feature(self, name: str, within: int) -> frozenset[Hex]:
        cache = self.__dict__.setdefault("_near_feature", {})
        if (name, within) not in cache:
            fh = self.feature_hexes(name)
            cache[(name, within)] = frozenset(h for h in self.board.terrain
                                              if any(distance(h, x) <= within for x in fh))
        return cache[(name, within)]

    def campaign_condition(self, state, c: dict) -> tuple[bool, str]:
        kind, side = c["kind"], c.get("side", "soviet")
        if kind == "occupy_all":
            hs = self.feature_hexes(c["feature"])
            n = sum(1 for h in hs if self.occupier(state, h) == side)
            return bool(hs) and n == len(hs), f"{side} occupy {n} of {len(hs)} hexes of {c['feature']}"
        if kind == "occupy_count":
            n = self.occupied_count(state, side, c["feature"])
            return n >= int(c["at_least"]), f"{side} occupy {n} hexes of {c['feature']}, {c['at_least']} needed"
        if kind == "occupy_n_of":
            held = [f for f in c["features"] if self.campaign_condition(state, {"kind": "occupy_all", "side": side,
                                                                              "feature": f})[0]]
            return len(held) >= int(c["n"]), (f"{side} occupy {len(held)} of {', '.join(c['features'])} "
                                              f"({c['n']} needed)")
        if kind == "axis_clear_of":
            zone = self.near_feature(c["feature"], int(c["within"]))
            near = sorted(u.hex for u in self.on_map(state, "axis") if u.hex in zone)
            return not near, (f"no Axis unit within {c['within']} hexes of the {c['feature']}" if not near else
                              f"Axis units within {c['within']} hexes of the {c['feature']}, e.g. {hex_name(near[0])}")
        if kind == "exit_intact":
            got = self.intact_formations(state, c["level"], c.get("areas", "EFGH"))
            return bool(got), (f"intact Soviet {c['level']} exited through {'/'.join(c.get('areas', 'EFGH'))}: "
                               + (", ".join(got[:3]) if got else "none"))
        if kind == "exits_at_most":
            lv = c["level"]
            bigger = [x for x in LEVELS[: LEVELS.index(lv)] if self.intact_formations(state, x, c.get("areas", "EFGH"))]
            n = len(self.intact_formations(state, lv, c.get("areas", "EFGH")))
            ok = not bigger and n <= int(c["count"])
            return ok, (f"the Soviets exited {n} intact {lv}(s)" + (f" and an intact {bigger[0]}" if bigger else "")
                        + f" (at most {c['count']})")
        raise ValueError(kind)

    def campaign_result(self, state) -> Result:
        """5.1: the first level whose conditions all hold (else a Draw), then one level toward
        the Soviets per 40 Axis units lost and toward the Axis per 80 Soviet units lost
        (decisions BW-C1, BW-C3); exited units are not lost (5.0)."""
        tab = campaign_table()
        base, why = tab["draw"], []
        for lv in tab["levels"]:
            res = [self.campaign_condition(state, c) for c in lv["conditions"]]
            if all(ok for ok, _ in res):
                base, why = lv, [t for _, t in res]
                break
            why.append(f"not {lv['level']}: " + next(t for ok, t in res if not ok))
        lost = state.extra.get("lost", {})
        sh = tab["shifts"]
        to_sov = lost.get("axis", 0) // sh["soviet_per_axis_lost"]
        to_axis = lost.get("soviet", 0) // sh["axis_per_soviet_lost"]
        scale = {int(lv["value"]): lv for lv in tab["levels"]} | {int(tab["draw"]["value"]): tab["draw"]}
        lo, hi = min(scale), max(scale)
        value = max(lo, min(hi, int(base["value"]) + to_sov - to_axis))
        final = scale[value]
        shift = (f"; shifts: {lost.get('axis', 0)} Axis units lost -> {to_sov} toward the Soviets, "
                 f"{lost.get('soviet', 0)} Soviet units lost -> {to_axis} toward the Axis")
        head = f"before the shifts: {base['level']}"
        return Result(final.get("winner"), str(final["level"]), head + shift + "; " + "; ".join(why))

    def decide_victory(self, state) -> list[Event]:
        spec = self.scen.victory_spec or {"kind": self.scen.victory}
        if spec.get("kind") == "campaign":
            res = self.campaign_result(state)
            state.result = res
            state.phase = "over"
            return [Event("victory", f"{res.level} (5.1): {res.detail}")]
        if spec.get("kind", self.scen.victory) == "clear_trenches":
            # Scen. 1 (decision S1-1: 'clear' = no Axis unit left in a trench hex)
            held = sorted(u.hex for u in self.on_map(state, "axis") if u.hex in self.trench_hexes)
            if held:
                res = Result("axis", "Axis minor victory", f"Axis units still hold {len(set(held))} trench hex(es), "
                                                           f"e.g. {hex_name(held[0])}")
            else:
                res = Result("soviet", "Soviet minor victory",
                             "every trench hex of the play area is clear of Axis units")
        else:
            met, notes = 0, []
            for c in spec["conditions"]:
                ok, why = self.condition_met(state, c)
                met += ok
                notes.append(("met: " if ok else "not met: ") + why)
            lv = next(x for x in spec["levels"] if met >= int(x["min"]))
            res = Result(lv.get("winner"), str(lv["level"]), f"{met} Soviet condition(s) met; " + "; ".join(notes))
        state.result = res
        state.phase = "over"
        return [Event("victory", f"{res.level}: {res.detail}")]

    def victory_view(self, state) -> dict:
        """For the client: occupation counts of the scenario's features now."""
        spec = self.scen.victory_spec or {}
        out = {"kind": spec.get("kind", self.scen.victory), "conditions": []}
        if out["kind"] == "campaign":  # 5.1: each level's conditions now, and the exits so far
            for lv in campaign_table()["levels"]:
                for c in lv["conditions"]:
                    ok, why = self.campaign_condition(state, c)
                    out["conditions"].append({"kind": c["kind"], "feature": c.get("feature"), "level": lv["level"],
                                              "met": ok, "detail": why})
            out["exited"] = {k: list(v) for k, v in sorted(state.extra.get("exited", {}).items())}
            out["lost"] = dict(state.extra.get("lost", {}))
            return out
        for c in spec.get("conditions", ()):
            ok, why = self.condition_met(state, c)
            out["conditions"].append({"kind": c["kind"], "feature": c.get("feature"), "met": ok, "detail": why})
        return out

    # --- at a glance (the contract's ``standing``) -----------------------------------------
    def standing(self, state, side: str | None) -> tuple[StandingLine, ...]:
        """The scenario's victory measure now, in words (5.0, 5.1 and the scenario's conditions):
        the figure each condition counts and what it needs, then the level the game would end at
        now. Occupation, units on the map and units lost are public."""
        from .words import feature_words

        spec = self.scen.victory_spec or {"kind": self.scen.victory}
        kind = spec.get("kind", self.scen.victory)
        out: list[StandingLine] = []
        if kind == "campaign":
            res = self.campaign_result(state)
            lost = state.extra.get("lost", {})
            sh = campaign_table()["shifts"]
            kb = self.feature_hexes("krasni_bor")
            n = sum(1 for h in kb if self.occupier(state, h) == "soviet")
            out.append(StandingLine("Krasni Bor hexes the Soviets occupy", f"{n} of {len(kb)}",
                                    "all of them: a Soviet victory at least", "5.1", "soviet"))
            out.append(StandingLine("Units lost", f"Axis {lost.get('axis', 0)}, Soviet {lost.get('soviet', 0)}",
                                    f"each {sh['soviet_per_axis_lost']} Axis lost moves the level one toward the "
                                    f"Soviets, each {sh['axis_per_soviet_lost']} Soviet toward the Axis", "5.1"))
            out.append(StandingLine("If the game ended now", str(res.level), "", "5.1"))
            return tuple(out)
        if kind == "clear_trenches":
            # What each side needs first, then where it stands; before play starts (the Prep Log
            # and the set-ups) no result is named: the Axis has yet to man its trenches.
            held = {u.hex for u in self.on_map(state, "axis") if u.hex in self.trench_hexes}
            total = len(self.trench_hexes)
            out.append(StandingLine("The Soviets win", "no Axis unit left in a trench hex",
                                    f"at the end of turn {self.scen.turns}; otherwise the Axis wins. Either is a "
                                    "minor victory", "5.0", "soviet"))
            setting_up = state.phase in ("prep_log", "axis_setup", "soviet_setup")
            out.append(StandingLine("Trench hexes the Axis holds", f"{len(held)} of {total}",
                                    "the Axis sets up in them before play starts" if setting_up
                                    else "the Soviets must clear every one", "5.0", "axis"))
            out.append(StandingLine("If the game ended now",
                                    "no result yet: play starts after the set-up" if setting_up
                                    else "Axis minor victory" if held else "Soviet minor victory", "", "5.0"))
            return tuple(out)
        met = 0
        conds = list(spec.get("conditions", ()))
        for c in conds:
            ok, _ = self.condition_met(state, c)
            met += ok
            out.append(self._condition_line(state, c, ok, feature_words))
        levels = list(spec.get("levels", ()))
        lv = next((x for x in levels if met >= int(x["min"])), None)
        bands = ", ".join(f"{x['min']}: {x['level']}" for x in levels)
        out.insert(0, StandingLine("Soviet conditions met", f"{met} of {len(conds)}", bands, "5.0", "soviet"))
        if lv is not None:
            out.insert(1, StandingLine("If the game ended now", str(lv["level"]), "", "5.0"))
        return tuple(out)

    def _condition_line(self, state, c: dict, ok: bool, words) -> StandingLine:
        """One of the scenario's Soviet conditions: its count now and what it needs."""
        kind, feat = c["kind"], c.get("feature", "")
        name = words(feat)
        mark = "met" if ok else "not met"
        if kind == "occupy_count":
            n = self.occupied_count(state, "soviet", feat)
            bonus = state.extra.get("reserves_released", 0) if c.get("bonus") == "reserves_released" else 0
            return StandingLine(f"Hexes of {name} the Soviets occupy", str(n + bonus),
                                f"{c['at_least']} needed; {mark}", "5.0", "soviet")
        if kind == "occupy_all":
            hs = self.feature_hexes(feat)
            n = sum(1 for h in hs if self.occupier(state, h) == "soviet")
            return StandingLine(f"{name[:1].upper()}{name[1:]}: hexes the Soviets occupy", f"{n} of {len(hs)}",
                                f"all needed; {mark}", "5.0", "soviet")
        if kind == "axis_fewer":
            n = self.occupied_count(state, "axis", feat)
            return StandingLine(f"Hexes of {name} the Axis occupies", str(n), f"fewer than {c['than']} needed; {mark}",
                                "5.0", "axis")
        if kind == "occupy_any":
            places = [words(f) for f in c["features"]]
            return StandingLine("A village the Soviets occupy whole", "yes" if ok else "none yet",
                                f"one of {', '.join(places)}; {mark}", "5.0", "soviet")
        if kind == "no_axis_in":
            nat = c.get("nation")
            hexes = self.feature_hexes(feat)
            n = sum(1 for u in self.on_map(state, "axis")
                    if u.hex in hexes and (nat is None or self.nation(u.id) == nat))
            who = f"{nat.capitalize()} units" if nat else "Axis units"
            return StandingLine(f"{who} in {name}", str(n), f"none needed; {mark}", "5.0", "axis")
        return StandingLine(kind.replace("_", " "), mark, "", "5.0")
