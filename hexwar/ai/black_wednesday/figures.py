"""Black Wednesday: the figures the computer players score with and quote in their reasons.

Every number is the engine's own, taken the way the engine takes it before its roll:
``rules.firepower``, ``rules.t.fire_column``, ``rules.area_shifts`` and ``rules.t.fire_result``
for an area fire (the steps ``do_sfa`` and ``land`` take), ``rules.mm`` and
``rules.t.morale_result`` for the morale check after it, and the client's own previews
(``hexwar.games.black_wednesday.previews``: pure functions over the rules object, no pygame) for point fire,
assaults and artillery calls. Nothing here reads the dice or the Soviet Prep Log.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.hexgrid import Hex, distance, hex_name
from ...games.black_wednesday import previews as bw_info  # the engine's previews, shared with the client

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


def result_dist(rules, final: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for roll, w in WAYS.items():
        r = rules.t.fire_result(final, roll)
        out[r] = out.get(r, 0.0) + w / 36
    return out


def morale_dist(rules, mm: int) -> dict[str, float]:
    out: dict[str, float] = {}
    for roll, w in WAYS.items():
        r = rules.t.morale_result(mm, roll)
        out[r] = out.get(r, 0.0) + w / 36
    return out


def morale_worth(rules, state, target: Hex, kind: str, extra_steps: int, units=None) -> float:
    """Worth in steps of the hex's morale check (§12.3: its worst unit checks): Suppressed and
    Paralyzed stop a unit acting, SYR empties the hex (an Axis unit in a trench takes P
    instead, 1.3d, the default every side keeps), surrender is the whole unit."""
    us = [u for u in (units if units is not None else state.units_at(target)) if not rules.spec(u.id).vehicle]
    if not us:
        return 0.0
    worst = max(us, key=lambda u: rules.mm(state, u.id, kind))
    mm = rules.mm(state, worst.id, kind) + extra_steps
    trench = rules.ter.is_trench(target)
    val = 0.0
    for r, p in morale_dist(rules, mm).items():
        if r == "S":
            val += p * 0.15 * len(us)
        elif r == "P":
            val += p * 0.4 * len(us)
        elif r == "SYR":
            val += p * (0.4 if trench else 1.2) * len(us)
        elif r == "X":
            val += p * sum(state.units[u.id].steps for u in us)
    return val


def area_fire(rules, state, target: Hex, fp: float, kind: str = SFA, firer_hex: Hex | None = None,
              units=None, extra_shifts=()) -> FireFigures:
    """An area fire of ``fp`` at ``target`` as ``fire_on_hex`` sets it up (§8.2, §8.3)."""
    fpi = int(fp)
    col, extra = rules.t.fire_column(fpi)
    if not col:
        return FireFigures(target, fpi, 0, (), 0, 0.0, 0.0, 0.0, 0.0)
    shifts = list(rules.area_shifts(state, target, kind, units=units, firer_hex=firer_hex)) + list(extra_shifts)
    if extra:
        shifts.append((f"firepower over 47 (+{extra})", extra))
    final = col + sum(v for _, v in shifts)
    dist = result_dist(rules, final)
    us = [u for u in (units if units is not None else state.units_at(target))]
    can_lose = sum(state.units[u.id].steps for u in us if rules._can_lose_step(u.id))
    hit = sum(p for r, p in dist.items() if r.isdigit())
    steps = sum(p * min(int(r), can_lose) for r, p in dist.items() if r.isdigit())
    morale = sum(p for r, p in dist.items() if r != "-")
    val = steps
    for r, p in dist.items():
        if r != "-":
            val += p * morale_worth(rules, state, target, kind, min(int(r), 2) if r.isdigit() else 0, units)
    return FireFigures(target, fpi, col, tuple(shifts), final, hit, steps, morale, val)


def sfa_figures(rules, state, target: Hex, firers: tuple[str, ...]) -> FireFigures:
    us = [state.units[x] for x in firers]
    rng = distance(us[0].hex, target)
    return area_fire(rules, state, target, rules.firepower(state, us, rng), SFA, firer_hex=us[0].hex)


def pfa_figures(rules, state, firer: str, target: str) -> dict | None:
    """The client's point-fire preview (to-hit, modifiers, kill number): ``bw_info.pfa_preview``."""
    return bw_info.pfa_preview(rules, state, firer, target)


def pfa_words(p: dict, firer: str, target: str) -> str:
    return bw_info.pfa_line(p, firer, target)


def assault_figures(rules, state, target: Hex, units: tuple[str, ...]) -> dict | None:
    """The client's assault preview (both fires, both morale checks): ``bw_info.assault_preview``."""
    return bw_info.assault_preview(rules, state, target, units)


def assault_win(rules, state, p: dict) -> float:
    """Chance an assault takes the hex, from the preview's figures: the attackers hold ('-')
    and the defenders break (P, SYR, X), each side's check made after the other's fire, its
    worst unit's modified morale raised by the steps that fire is expected to cost (§11.1,
    Decision 8)."""
    if p is None or p.get("overrun") or not p.get("attackers") or not p.get("defenders"):
        return 0.0

    def after(fire: dict) -> float:  # expected steps from the fire at its final column
        if not fire["column"]:
            return 0.0
        return sum(pr * int(r) for r, pr in result_dist(rules, fire["final"]).items() if r.isdigit())

    a_mm = p["attackers"]["mm"] + round(after(p["on_attackers"]) / max(1, len(p["units"])))
    d_mm = p["defenders"]["mm"] + round(after(p["on_defenders"]))
    hold = morale_dist(rules, a_mm).get("-", 0.0)
    brk = sum(v for k, v in morale_dist(rules, d_mm).items() if k not in ("-", "S"))
    return hold * brk


def overrun_figures(rules, state, target: Hex, units: tuple[str, ...]) -> tuple[FireFigures, float, float]:
    """An overrun (§11.2): the vehicles fire at +2 shock, then the defenders check morale as in
    an assault; returns the fire, the chance the hex is taken, and the chance a vehicle is
    knocked out first by a defending gun (each gun fires once, at range 0)."""
    att = [state.units[x] for x in units]
    dfd = [e for e in state.units_at(target) if rules.side_of(e.id) != rules.side_of(units[0])]
    fire = area_fire(rules, state, target, rules.firepower(state, att, 0, full=True), "assault", units=dfd,
                     extra_shifts=[("overrun shock", rules.t.shifts["shock"])])
    men = [u for u in dfd if not rules.spec(u.id).vehicle]
    if not men:
        return fire, 0.0, 0.0
    worst = max(men, key=lambda u: rules.mm(state, u.id, "assault"))
    mm = rules.mm(state, worst.id, "assault")
    take = 0.0
    for r, pr in result_dist(rules, fire.final).items():
        extra = min(int(r), 2) if r.isdigit() else 0
        take += pr * sum(v for k, v in morale_dist(rules, mm + extra).items() if k not in ("-", "S"))
    guns = [d for d in dfd if rules.spec(d.id).at_attack and not rules.status(state, d.id)]
    ko = 0.0
    for g in guns:
        # the gun fires at range 0 at the first vehicle; to-hit and kill as in point fire
        pv = bw_info.pfa_preview(rules, _at_zero(state, g.id, att[0].id), g.id, att[0].id)
        if pv:
            ko = 1 - (1 - ko) * (1 - pv["overall"])
    return fire, take, ko


def _at_zero(state, gun: str, vehicle: str):
    """The position with the vehicle in the gun's hex (range 0), for the preview only."""
    st = state.copy()
    st.units[vehicle] = st.units[vehicle].at(st.units[gun].hex)
    st.touch()
    return st


def call_figures(rules, state, call) -> dict | None:
    """The client's artillery preview (adjustment need and good-shoot chance, ammunition):
    ``bw_info.call_preview``."""
    return bw_info.call_preview(rules, state, call)


def call_words(call, p: dict) -> str:
    return bw_info.call_line(call, p)


def barrage_fp(rules, side: str, artillery: str, fast: bool = False) -> tuple[int, int]:
    """(firepower, radius) of a called HE mission as ``do_call`` sets it (2.3, Decision 27)."""
    cal = rules.artillery_of(side)[artillery]
    battery = rules.t.barrage[cal]
    fp, radius = (2 * battery, 1) if side == "soviet" else (battery, 0)
    return (fp * 2 if fast else fp), radius


def names(hexes) -> str:
    return ", ".join(hex_name(h) for h in hexes)
