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
  highest ``min`` first.
"""
from __future__ import annotations

from ...core.actions import Event, Move
from ...core.game import Result
from ...core.hexgrid import Hex, distance, hex_name
from ...core.units import ON_MAP

FEATURES = ("krasni_bor", "el_bastion", "mill", "staraia_myza", "trenches", "hospital", "station")


class Victory:
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

        for h, us in state.occupied().items():
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
        if not state.extra.get("trench_entered") and any(
                self.ter.is_trench(u.hex) for u in self.on_map(state, "soviet")):
            state.extra["trench_entered"] = True  # 3.3a / 3.5: the variable reinforcement trigger

    def nearest_occupation(self, state) -> dict[Hex, str]:
        """Decision BW-V3 (scenarios that start mid-battle, Scen. 4-8): each hex of a victory
        feature starts with the side of the nearest unit after set-up (ties: the Axis)."""
        feats = {c.get("feature") for c in (self.scen.victory_spec or {}).get("conditions", ())}
        hexes = frozenset().union(*(self.feature_hexes(f) for f in feats if f)) if feats else frozenset()
        units = [(u.hex, self.side_of(u.id)) for u in state.units.values() if u.where == ON_MAP]
        out: dict[Hex, str] = {}
        for h in sorted(hexes):
            best = min(((distance(h, x), 0 if s == "axis" else 1, s) for x, s in units), default=None)
            if best is not None:
                out[h] = best[2]
        return out

    def feature_hexes(self, name: str) -> frozenset[Hex]:
        return self.preset_hexes(name)

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
            return n + bonus >= need, f"Soviets occupy {n} hexes of {feat}" + (f" (+{bonus} for released reserves)" if bonus else "") + f", {need} needed"
        if kind == "occupy_all":
            ok = bool(hexes) and all(self.occupier(state, h) == "soviet" for h in hexes)
            return ok, f"{feat} {'is' if ok else 'is not'} occupied by the Soviets"
        if kind == "axis_fewer":
            n = self.occupied_count(state, "axis", feat)
            return n < int(c["than"]), f"the Axis occupies {n} hexes of {feat} (Soviet condition: fewer than {c['than']})"
        if kind == "no_axis_in":
            nat = c.get("nation")  # Scen. 4: 'no Spanish units in El Bastion'
            ok = not any(u.hex in hexes and (nat is None or self.nation(u.id) == nat) for u in self.on_map(state, "axis"))
            return ok, f"{'no' if ok else 'some'} {nat or 'Axis'} units in {feat}"
        raise ValueError(kind)

    def decide_victory(self, state) -> list[Event]:
        spec = self.scen.victory_spec or {"kind": self.scen.victory}
        if spec.get("kind", self.scen.victory) == "clear_trenches":
            # Scen. 1 (decision S1-1: 'clear' = no Axis unit left in a trench hex)
            held = sorted(u.hex for u in self.on_map(state, "axis") if u.hex in self.trench_hexes)
            if held:
                res = Result("axis", "Axis minor victory", f"Axis units still hold {len(set(held))} trench hex(es), "
                                                           f"e.g. {hex_name(held[0])}")
            else:
                res = Result("soviet", "Soviet minor victory", "every trench hex of the play area is clear of Axis units")
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
        for c in spec.get("conditions", ()):
            ok, why = self.condition_met(state, c)
            out["conditions"].append({"kind": c["kind"], "feature": c.get("feature"), "met": ok, "detail": why})
        return out
