"""Black Wednesday: the figures the computer players score with and quote in their reasons.

Every number is the engine's own, taken the way the engine takes it before its roll, through
the position's facts: ``firepower``, ``fire_column``, ``area_shifts`` and ``fire_result`` for
an area fire (the steps ``do_sfa`` and ``land`` take), ``mm`` and ``morale_result`` for the
morale check after it, and the engine's previews (``facts.pfa_preview``, ``assault_preview``,
``call_preview``: ``hexwar.games.black_wednesday.previews``, shared with the client) for point
fire, assaults and artillery calls. Nothing here reads the dice or the Soviet Prep Log.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...core.hexgrid import Hex, distance, hex_name, ring
from ...games.black_wednesday import previews as bw_info  # the previews' words, shared with the client
from .memo import kept, per_position

if TYPE_CHECKING:
    from ...games.black_wednesday.facts import BWFacts


WAYS = {s: 6 - abs(s - 7) for s in range(2, 13)}  # two dice: ways to roll each total
SFA, BARRAGE = "sfa", "barrage"


@dataclass(frozen=True)
class FireFigures:
    """One area fire at a hex: firepower, column, shifts, final column and what it does."""

    target: Hex
    fp: int
    column: int
    shifts: tuple[tuple[str, int], ...]
    final: int
    hit: float          # chance of at least one step lost
    steps: float        # expected steps lost
    morale: float       # chance the hex checks morale (any result but '-')
    value: float        # steps plus the worth of the morale results, in steps

    def words(self) -> str:
        sh = ", ".join(f"{n} {v:+d}" for n, v in self.shifts) or "no shifts"
        return (f"firepower {self.fp} → column {self.column}; {sh} → column {self.final}: "
                f"{pct(self.hit)} chance of a step lost ({self.steps:.1f} expected), "
                f"{pct(self.morale)} of a morale check")


def pct(p: float) -> str:
    return f"{round(p * 100):d}%"


def _dist(fx: BWFacts, name: str, key: int, result: Callable[[int, int], str]) -> dict[str, float]:
    """One of the tables' results -> chance, on row or column ``key`` (kept for the match)."""
    memo = kept(fx, name)
    got = memo.get(key)
    if got is None:
        got = {}
        for roll, w in WAYS.items():
            r = result(key, roll)
            got[r] = got.get(r, 0.0) + w / 36
        memo[key] = got
    return got


def result_dist(fx: BWFacts, final: int) -> dict[str, float]:
    """Area Fire Table result -> chance, on column ``final``."""
    return _dist(fx, "result dist", final, fx.fire_result)


def morale_dist(fx: BWFacts, mm: int) -> dict[str, float]:
    """Morale Table result -> chance, at modified morale ``mm``."""
    return _dist(fx, "morale dist", mm, fx.morale_result)


def morale_worth(fx: BWFacts, target: Hex, kind: str, extra_steps: int, units=None) -> float:
    """Worth in steps of the hex's morale check (§12.3: its worst unit checks): Suppressed and
    Paralyzed stop a unit acting, SYR empties the hex (an Axis unit in a trench takes P
    instead, 1.3d, the default every side keeps), surrender is the whole unit."""
    us = [u for u in (units if units is not None else fx.units_at(target)) if not fx.spec(u.id).vehicle]
    if not us:
        return 0.0
    worst = max(us, key=lambda u: fx.mm(u.id, kind))
    mm = fx.mm(worst.id, kind) + extra_steps
    trench = fx.is_trench(target)
    val = 0.0
    units_now = fx.units
    for r, p in morale_dist(fx, mm).items():
        if r == "S":
            val += p * 0.15 * len(us)
        elif r == "P":
            val += p * 0.4 * len(us)
        elif r == "SYR":
            val += p * (0.4 if trench else 1.2) * len(us)
        elif r == "X":
            val += p * sum(units_now[u.id].steps for u in us)
    return val


def area_fire(fx: BWFacts, target: Hex, fp: float, kind: str = SFA, firer_hex: Hex | None = None,
              units=None, extra_shifts=()) -> FireFigures:
    """An area fire of ``fp`` at ``target`` as ``fire_on_hex`` sets it up (§8.2, §8.3)."""
    fpi = int(fp)
    col, extra = fx.fire_column(fpi)
    if not col:
        return FireFigures(target, fpi, 0, (), 0, 0.0, 0.0, 0.0, 0.0)
    shifts = list(fx.area_shifts(target, kind, units=units, firer_hex=firer_hex)) + list(extra_shifts)
    if extra:
        shifts.append((f"firepower over 47 (+{extra})", extra))
    final = col + sum(v for _, v in shifts)
    dist = result_dist(fx, final)
    us = [u for u in (units if units is not None else fx.units_at(target))]
    units_now = fx.units
    can_lose = sum(units_now[u.id].steps for u in us if fx.can_lose_step(u.id))
    hit = sum(p for r, p in dist.items() if r.isdigit())
    steps = sum(p * min(int(r), can_lose) for r, p in dist.items() if r.isdigit())
    morale = sum(p for r, p in dist.items() if r != "-")
    val = steps
    for r, p in dist.items():
        if r != "-":
            val += p * morale_worth(fx, target, kind, min(int(r), 2) if r.isdigit() else 0, units)
    return FireFigures(target, fpi, col, tuple(shifts), final, hit, steps, morale, val)


def sfa_figures(fx: BWFacts, target: Hex, firers: tuple[str, ...]) -> FireFigures:
    us = [fx.units[x] for x in firers]
    rng = distance(us[0].map_hex, target)
    return area_fire(fx, target, fx.firepower(us, rng), SFA, firer_hex=us[0].hex)


def pfa_figures(fx: BWFacts, firer: str, target: str) -> dict | None:
    """The engine's point-fire preview (to-hit, modifiers, kill number)."""
    return fx.pfa_preview(firer, target)


def pfa_words(p: dict, firer: str, target: str) -> str:
    return bw_info.pfa_line(p, firer, target)


def assault_figures(fx: BWFacts, target: Hex, units: tuple[str, ...]) -> dict | None:
    """The engine's assault preview (both fires, both morale checks)."""
    return fx.assault_preview(target, units)


def assault_lines(p: dict) -> list[str]:
    return bw_info.assault_lines(p)


def assault_win(fx: BWFacts, p: dict | None) -> float:
    """Chance an assault takes the hex, from the preview's figures: the attackers hold ('-')
    and the defenders break (P, SYR, X), each side's check made after the other's fire, its
    worst unit's modified morale raised by the steps that fire is expected to cost (§11.1,
    Decision 8)."""
    if p is None or p.get("overrun") or not p.get("attackers") or not p.get("defenders"):
        return 0.0

    def after(fire: dict) -> float:  # expected steps from the fire at its final column
        if not fire["column"]:
            return 0.0
        return sum(pr * int(r) for r, pr in result_dist(fx, fire["final"]).items() if r.isdigit())

    a_mm = p["attackers"]["mm"] + round(after(p["on_attackers"]) / max(1, len(p["units"])))
    d_mm = p["defenders"]["mm"] + round(after(p["on_defenders"]))
    hold = morale_dist(fx, a_mm).get("-", 0.0)
    brk = sum(v for k, v in morale_dist(fx, d_mm).items() if k not in ("-", "S"))
    return hold * brk


def overrun_figures(fx: BWFacts, target: Hex, units: tuple[str, ...]) -> tuple[FireFigures, float, float]:
    """An overrun (§11.2): the vehicles fire at +2 shock, then the defenders check morale as in
    an assault; returns the fire, the chance the hex is taken, and the chance a vehicle is
    knocked out first by a defending gun (each gun fires once, at range 0)."""
    att = [fx.units[x] for x in units]
    dfd = [e for e in fx.units_at(target) if fx.side_of(e.id) != fx.side_of(units[0])]
    fire = area_fire(fx, target, fx.firepower(att, 0, full=True), "assault", units=dfd,
                     extra_shifts=[("overrun shock", fx.shift("shock"))])
    men = [u for u in dfd if not fx.spec(u.id).vehicle]
    if not men:
        return fire, 0.0, 0.0
    worst = max(men, key=lambda u: fx.mm(u.id, "assault"))
    mm = fx.mm(worst.id, "assault")
    take = 0.0
    for r, pr in result_dist(fx, fire.final).items():
        extra = min(int(r), 2) if r.isdigit() else 0
        take += pr * sum(v for k, v in morale_dist(fx, mm + extra).items() if k not in ("-", "S"))
    guns = [d for d in dfd if fx.spec(d.id).at_attack and not fx.status(d.id)]
    ko = 0.0
    for g in guns:
        # the gun fires at range 0 at the first vehicle; to-hit and kill as in point fire
        pv = fx.with_unit_at(att[0].id, g.map_hex).pfa_preview(g.id, att[0].id)
        if pv:
            ko = 1 - (1 - ko) * (1 - pv["overall"])
    return fire, take, ko


def call_figures(fx: BWFacts, call) -> dict | None:
    """The engine's artillery preview (adjustment need and good-shoot chance, ammunition)."""
    return fx.call_preview(call)


def call_words(call, p: dict) -> str:
    return bw_info.call_line(call, p)


def barrage_fp(fx: BWFacts, side: str, artillery: str, fast: bool = False) -> tuple[int, int]:
    """(firepower, radius) of a called HE mission as ``do_call`` sets it (2.3, Decision 27)."""
    cal = fx.scenario_artillery(side)[artillery]
    battery = fx.battery_fp(cal)
    fp, radius = (2 * battery, 1) if side == "soviet" else (battery, 0)
    return (fp * 2 if fast else fp), radius


VEHICLE_WORTH = 2.0  # a tank knocked out, in steps: one step, but the fastest and strongest we have


def marked_hexes(fx: BWFacts) -> dict[Hex, tuple[int, ...]]:
    """Hex -> the firepower of each barrage marker on it (§13.6, both sides' markers: a unit
    entering one is attacked whoever fired it, Decision 11)."""
    out: dict[Hex, tuple[int, ...]] = {}
    for _, hexes, fp in fx.barrages:
        for h in hexes:
            out[h] = out.get(h, ()) + (fp,)
    return out


def lone_fire_cost(fx: BWFacts, uid: str, h: Hex, fp: int) -> float:
    """What a barrage of ``fp`` on ``uid`` alone in ``h``, in Move Mode, is expected to cost (in
    steps; a vehicle knocked out is worth ``VEHICLE_WORTH``): ``area_fire``'s value (steps and
    the morale check, §8, §12.3) and, for a vehicle of Defense 2+, the AT roll a step-loss
    result gives it (Decision 35). The attack a barrage marker makes on a unit entering it
    (Decision 11) and the first impact of a mission on a unit alone. Kept for the match under
    everything the figure depends on (firepower, shifts, morale, steps, trench, kill number)."""
    memo = per_position(fx)
    key = ("lone fire", uid, h, fp)
    got = memo.get(key)
    if got is not None:
        return got
    u = fx.units[uid]
    s = fx.spec(uid)
    move = () if s.vehicle or fx.mode(uid) == "move" else \
        (("target in Move Mode", fx.shift("target_in_move_mode")),)
    shifts = fx.area_shifts(h, BARRAGE, units=[u]) + move
    need = fx.barrage_at_kill(uid, h, fp)
    exact = (fp, shifts, None if s.vehicle else fx.mm(uid, BARRAGE), u.steps, fx.can_lose_step(uid),
             fx.is_trench(h), need)
    match = kept(fx, "lone fire")
    v = match.get(exact)
    if v is None:
        f = area_fire(fx, h, fp, BARRAGE, units=[u], extra_shifts=move)
        ko = 0.0 if need is None else f.hit * sum(w for r, w in WAYS.items() if r >= need) / 36
        if len(match) > 20000:
            match.clear()
        v = match[exact] = f.value + ko * VEHICLE_WORTH
    memo[key] = v
    return v


def marker_risk(fx: BWFacts, uid: str, path, marked: dict[Hex, tuple[int, ...]]) -> tuple[float, Hex | None]:
    """What entering the barrage markers along ``path`` costs ``uid`` (``lone_fire_cost``), and
    the worst hex: each marked hex entered attacks it once per marker (Decision 11)."""
    total, worst, worst_v = 0.0, None, 0.0
    for h in path:
        for fp in marked.get(h, ()):
            v = lone_fire_cost(fx, uid, h, fp)
            total += v
            if v > worst_v:
                worst, worst_v = h, v
    return total, worst


def prep_danger(fx: BWFacts, boxes) -> dict[Hex, tuple[tuple[float, int], ...]]:
    """Hex -> ((chance, firepower), ...) of the fire the Prep Log boxes ``boxes``
    (``facts.prep_boxes``) bring it: each box's zone at full firepower and its ring at half
    (2.4e, §13.3); a Bad Shoot lands the guns on the plotted hex at half value (Decision 9);
    Katyushas that scatter (2.4g) land nobody knows where and count for nothing here. Kept
    for the match (the same boxes give the same map)."""
    memo = kept(fx, "prep danger")
    got = memo.get(boxes)
    if got is not None:
        return got
    out: dict[Hex, tuple[tuple[float, int], ...]] = {}
    for _col, target, fp, radius, kind, good in boxes:
        shots = [(good, fp)] if kind == "katyusha" else [(good, fp), (1.0 - good, fp // 2)]
        area = fx.area
        for d in range(radius + 2):  # the zone and its ring only, not the whole area (speed)
            for h in ring(target, d):
                if h not in area:
                    continue
                for p, power in shots:
                    pw = power if d <= radius else power // 2
                    if pw >= 1 and p > 0:
                        out[h] = out.get(h, ()) + ((p, pw),)
    if len(memo) > 16:
        memo.clear()
    memo[boxes] = out
    return out


def prep_risk(fx: BWFacts, uid: str, h: Hex, danger) -> float:
    """What the Prep Log fire ``danger`` (``prep_danger``) is expected to cost ``uid`` standing
    in ``h`` in Move Mode when it lands (``lone_fire_cost``)."""
    return sum(p * lone_fire_cost(fx, uid, h, pw) for p, pw in danger.get(h, ()))


def who(fx: BWFacts, h: Hex, side: str) -> str:
    """The enemy units in ``h`` by name (the first three, and how many more)."""
    us = [u.id for u in fx.units_at(h) if fx.side_of(u.id) != side]
    return ", ".join(us[:3]) + (f" and {len(us) - 3} more" if len(us) > 3 else "")


def names(hexes) -> str:
    return ", ".join(hex_name(h) for h in hexes)
