"""What each side of a Black Wednesday scenario plays for, read from the scenario's public
victory conditions (the scenario page and 5.1; every player may read them) and the public
board (where units stand, who last passed through a hex, 5.0). Never the Soviet Prep Log
(hidden from the Axis by the position itself), never the dice. docs/black-wednesday/ai-scenarios.md.

`goals(fx, side)` is the one place the computer player asks "which hexes matter":

- ``take``: hexes this side wants to occupy or clear of the enemy (Scenario 1: the trench
  hexes, decision S1-1; later scenarios: the hexes of every feature a victory condition names);
- ``hold``: hexes this side wants to stand in (Scenario 1: the trench hexes; later scenarios:
  the features' hexes, and of a large feature only the band nearest the enemy's approach);
- ``exits``: map-edge hexes through which units should leave play (5.0; only the campaign
  victory, 5.1, counts exits: the Soviet side, Entry Areas E-H);
- ``weight``: how much one hex is worth (a condition's worth spread over the hexes it needs);
- ``why``: for each hex, the conditions that name it ("Scen. 5 condition 1: occupy mill");
- ``release_costs``: an Axis reserve released counts as one more Krasni Bor hex for the
  Soviets (the scenario's ``bonus: reserves_released``), so releasing is not free.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex, distance
from .memo import kept

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


LARGE = 24  # a feature of more hexes than this is held by its band facing the enemy
BAND = 2    # hexes of depth of that band beyond its nearest hex to the enemy
LEVEL_WORTH = (1.0, 0.5, 0.25)  # 5.1: conditions of the lowest level of a side count most
_EMPTY: Mapping = MappingProxyType({})


@dataclass(frozen=True)
class Goals:
    take: frozenset[Hex]
    hold: frozenset[Hex]
    exits: frozenset[Hex] = frozenset()
    weight: Mapping[Hex, float] = field(default_factory=lambda: _EMPTY, hash=False, compare=False)
    why: Mapping[Hex, tuple[str, ...]] = field(default_factory=lambda: _EMPTY, hash=False, compare=False)
    release_costs: bool = False

    def worth(self, h: Hex) -> float:
        """The weight of a hex (0 for a hex no condition names)."""
        return self.weight.get(h, 0.0)


@dataclass(frozen=True)
class Condition:
    """One victory condition as the computer player reads it: which side gains by the hexes,
    the feature's hexes, how many of them must change hands, and the condition's worth."""
    label: str
    feature: str
    hexes: frozenset[Hex]
    needed: int
    worth: float
    clear: bool = False  # the enemy's units must be gone (no_axis_in), not just passed through
    side: str = "soviet"  # whose condition: a scenario page lists only Soviet ones; 5.1 both


def goals(fx: BWFacts, side: str) -> Goals:
    """The hexes that decide this scenario for `side` (never hidden information)."""
    kind = fx.victory_kind
    if kind == "clear_trenches":  # Scenario 1: unchanged (decision S1-1)
        trench = fx.trench_hexes
        return Goals(take=trench, hold=trench)
    conds = tuple(c for c in conditions(fx) if kind != "campaign" or c.side == side)
    take, weight, why = _spread(conds)
    hold = take if side == "soviet" else _front(fx, side, conds)
    exits = exit_hexes(fx) if side == "soviet" and kind == "campaign" else frozenset()
    bonus = any(c.get("bonus") == "reserves_released" for c in fx.victory_spec.get("conditions", ()))
    return Goals(take=take, hold=hold, exits=exits, weight=MappingProxyType(weight),
                 why=MappingProxyType(why), release_costs=bonus)


def conditions(fx: BWFacts) -> tuple[Condition, ...]:
    """The scenario's conditions about hexes (kept for the match: they never change)."""
    memo = kept(fx, "conditions")
    got = memo.get("all")
    if got is None:
        spec = fx.victory_spec
        got = memo["all"] = _campaign(fx) if spec.get("kind") == "campaign" else _scenario(fx, spec)
    return got


def _scenario(fx: BWFacts, spec) -> tuple[Condition, ...]:
    """A scenario page's Soviet conditions: each met condition is one step toward the Soviet
    level (``min`` of the levels), so each is worth 1; what the Axis must deny is the same."""
    out = []
    n = fx.scenario_id.split("-", 1)[0].lstrip("s")
    for i, c in enumerate(spec.get("conditions", ()), 1):
        kind = c["kind"]
        feats = [c["feature"]] if c.get("feature") else list(c.get("features", ()))
        for f in feats:
            hs = fx.feature_hexes(f)
            if not hs:
                continue
            label = f"Scen. {n} condition {i}: {_words(c, f)}"
            if kind == "occupy_count":
                need = int(c["at_least"])
            elif kind == "axis_fewer":  # the Axis must be left fewer than `than` hexes
                need = len(hs) - int(c["than"]) + 1
            else:  # occupy_all, no_axis_in, occupy_any (each village whole)
                need = len(hs)
            out.append(Condition(label, f, hs, max(1, min(need, len(hs))), 1.0, kind == "no_axis_in"))
    return tuple(out)


def _campaign(fx: BWFacts) -> tuple[Condition, ...]:
    """5.1 levels: a condition's worth is that of the lowest level of its side that names it
    (minor 1, major 0.5, massive 0.25): Krasni Bor, in every Soviet level, counts most."""
    from ...games.black_wednesday.victory import campaign_table

    rank = {"soviet": 0, "axis": 0}
    levels = campaign_table()["levels"]
    # the table lists each side's levels from the highest; walk them from the lowest
    order = sorted(levels, key=lambda lv: abs(int(lv["value"])))
    out, seen = [], set()
    for lv in order:
        w = LEVEL_WORTH[min(rank[lv["winner"]], len(LEVEL_WORTH) - 1)]
        rank[lv["winner"]] += 1
        for c in lv["conditions"]:
            feats = [c["feature"]] if c.get("feature") else list(c.get("features", ()))
            for f in feats:
                if f == "highway" or (lv["winner"], f) in seen:
                    continue
                hs = fx.feature_hexes(f)
                if not hs:
                    continue
                seen.add((lv["winner"], f))
                if c["kind"] == "occupy_count":
                    need = int(c["at_least"])
                elif c["kind"] == "occupy_n_of":  # n of these villages: each village is half the job
                    need, w_f = len(hs), w * int(c["n"]) / len(feats)
                    out.append(Condition(f"5.1 {lv['level']}: {f} ({c['n']} of {len(feats)})", f, hs, need, w_f,
                                         side=lv["winner"]))
                    continue
                else:
                    need = len(hs)
                out.append(Condition(f"5.1 {lv['level']}: {_words(c, f)}", f, hs, max(1, min(need, len(hs))), w,
                                     side=lv["winner"]))
    return tuple(out)


def _words(c: dict, f: str) -> str:
    k = c["kind"]
    if k == "occupy_count":
        return f"occupy {c['at_least']} hexes of {f}"
    if k == "axis_fewer":
        return f"the Axis left fewer than {c['than']} hexes of {f}"
    if k == "no_axis_in":
        return f"no {c.get('nation') or 'Axis'} units in {f}"
    if k == "occupy_any":
        return f"occupy all of {f} (one of {', '.join(c['features'])})"
    return f"occupy all of {f}"


def _spread(conds) -> tuple[frozenset[Hex], dict[Hex, float], dict[Hex, tuple[str, ...]]]:
    """Every hex a condition names, each worth the condition's worth over the hexes it needs."""
    weight: dict[Hex, float] = {}
    why: dict[Hex, tuple[str, ...]] = {}
    for c in conds:
        for h in c.hexes:
            weight[h] = weight.get(h, 0.0) + c.worth / c.needed
            why[h] = why.get(h, ()) + (c.label,)
    return frozenset(weight), weight, why


def approach(fx: BWFacts, side: str) -> frozenset[Hex]:
    """Where the enemy of `side` comes from, from the public board: the hexes its units stand
    in, else the hexes its arriving units come on through (printed on the scenario page)."""
    enemy = fx.enemy_of(side)
    on = frozenset(u.map_hex for u in fx.on_map(enemy))
    if on:
        return on
    out: set[Hex] = set()
    for u in fx.units.values():
        if u.where == "arriving" and fx.side_of(u.id) == enemy:
            out |= fx.entries_of(u.id)
    return frozenset(out)


def _front(fx: BWFacts, side: str, conds) -> frozenset[Hex]:
    """The hexes to stand in: every hex of a small feature; of a large one (Krasni Bor, the
    western trenches) the band nearest the enemy's approach, BAND hexes deep."""
    src = approach(fx, side)
    key = (side, src)
    memo = kept(fx, "front")
    got = memo.get(key)
    if got is not None:
        return got
    if len(memo) > 16:
        memo.clear()
    out: set[Hex] = set()
    pts = sorted(src)
    field = None
    for c in conds:
        if len(c.hexes) <= LARGE or not pts:
            out |= c.hexes
            continue
        if field is None:  # hex distance to the nearest approach hex, one breadth-first walk (speed)
            field = fx.distance_field(pts)
        d = {h: field[h] if h in field else min(distance(h, p) for p in pts) for h in c.hexes}
        near = min(d.values())
        out |= {h for h, x in d.items() if x <= near + BAND}
    memo[key] = got = frozenset(out)
    return got


def exit_hexes(fx: BWFacts) -> frozenset[Hex]:
    """5.1: the map-edge hexes of Entry Areas E-H, through which intact Soviet formations
    exiting count (5.0 'exiting', decision BW-E1 ...)."""
    memo = kept(fx, "exits")
    got = memo.get("all")
    if got is None:
        got = memo["all"] = frozenset(h for h in fx.edge_hexes if fx.exit_area(h) in ("E", "F", "G", "H"))
    return got


def open_hexes(fx: BWFacts, side: str, g: Goals | None = None) -> frozenset[Hex]:
    """The ``take`` hexes this side does not occupy yet (5.0: the last side to be in or pass
    through a hex occupies it; a hex nobody has entered is the Axis's, decision BW-V1)."""
    g = g or goals(fx, side)
    return frozenset(h for h in g.take if fx.occupier(h) != side)
