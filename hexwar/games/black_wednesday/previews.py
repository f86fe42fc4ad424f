"""What the Black Wednesday panel and map say before a die is rolled: line of sight with the hex
that blocks it, how far a unit is seen from, point-fire and assault previews, the chance of a
good shoot of an artillery mission, and the odds of a morale check.

Every figure comes from the engine's own helpers and tables (``rules.line_detail``,
``t.to_hit``, ``area_shifts``, ``mm``, ``t.adjustment_need``, ``t.morale_result``...), taken in
the order the engine takes them before its roll; nothing here decides a rule. The line of sight,
its blocking hex and cause are the engine's (``line_detail``); here they are only put in words.
"""
from __future__ import annotations

from dataclasses import dataclass

from ...core.hexgrid import Hex, distance, hex_name
from .words import TYPE_WORDS

# The chance that two dice total at least n.
_WAYS = {s: 6 - abs(s - 7) for s in range(2, 13)}


def chance_2d6_at_least(n: int) -> float:
    return sum(w for s, w in _WAYS.items() if s >= n) / 36


def pct(p: float) -> str:
    return f"{round(p * 100):d}%"


# --- line of sight (§6.2) -----------------------------------------------------------------
@dataclass(frozen=True)
class Sight:
    a: Hex
    b: Hex
    distance: int
    limit: int          # the visibility limit now (1.8; 10 into an Illum area, §13.8)
    clear: bool         # the engine's verdict (``sees_hex``)
    block: Hex | None   # the hex that blocks, when one does
    why: str            # plain words, with the rule

    def line(self) -> str:
        head = f"{hex_name(self.a)} → {hex_name(self.b)}, {self.distance} hex(es)"
        if self.why.startswith("blocked"):
            return f"{head}: {self.why}"
        return f"{head}: {'clear' if self.clear else 'not in sight'} — {self.why}"


def sight(rules, state, a: Hex, b: Hex) -> Sight:
    """Can a unit in ``a`` see hex ``b`` now, and if not, why: the engine's ``line_detail``
    (the first cause the line meets, with its rule) put in words."""
    d = rules.line_detail(state, a, b)
    return Sight(a, b, d.distance, d.limit, d.clear, d.block, sight_words(d, state))


def sight_words(d, state) -> str:
    """The words for one ``LineDetail``."""
    if d.cause == "adjacent":
        return "next door: always in sight (§6.2)"
    if d.cause == "visibility":
        return (f"beyond the visibility limit of {d.limit} hexes ({d.period}, weather "
                f"{state.extra.get('weather', 'clear')}; 1.8)")
    if d.cause == "clear":
        return f"within the visibility limit of {d.limit} hexes, nothing in between rises to the line (§6.2)"
    if d.block is None:
        return f"blocked ({d.rule})"
    if d.cause == "embankment":
        what = f"the railway embankment ({d.top:g} m)"
    elif d.top is not None:
        what = f"{d.what} ({d.top:g} m)"
    else:  # Level 2 smoke
        what = d.what
    both = " (both hexes of the hexside block)" if d.hexside else ""
    return f"blocked by {what} at {hex_name(d.block)}{both} ({d.rule})"


def seen_from(rules, state, uid: str) -> tuple[int, str, bool]:
    """How far away an enemy may spot this unit (§6.1): the range of its hex's spotting class,
    doubled when it moved in Move Mode or fired this phase (a vehicle on the embankment always
    counts as moving, 1.2b), never beyond the visibility limit. (range, class, doubled)."""
    u = state.units[uid]
    s = rules.spec(uid)
    cls = rules.ter.spotting_class(u.hex, s.vehicle)
    rng = int(rules.t.spotting[cls])
    doubled = (uid in state.extra.get("moved_mm", frozenset()) or uid in state.extra.get("shown", frozenset())
               or (s.vehicle and u.hex in rules.ter.rail))
    if doubled:
        rng *= 2
    return min(rng, max(1, rules.period(state)[1])), cls, doubled


# --- point fire (§9) ----------------------------------------------------------------------
def pfa_preview(rules, state, firer: str, target: str) -> dict | None:
    """The to-hit number and every modifier of a point fire, then the kill number of the AT roll
    (the steps ``point_fire`` and ``at_roll`` take before their rolls)."""
    try:
        fs, ts = rules.spec(firer), rules.spec(target)
        fu, tu = state.units[firer], state.units[target]
        rng = distance(fu.hex, tu.hex)
        need = next((n for frac, n in rules.t.to_hit if fs.at_range and rng <= frac * fs.at_range), None)
        if need is None:
            return None
        ter, t = rules.ter, rules.t
        mods: list[tuple[str, int]] = []
        cls = ter.combat_class(tu.hex, ts.vehicle, rules.wire_state(state, tu.hex))
        if t.class_mods[cls]["point_to_hit_mod"]:
            mods.append((f"terrain {cls.replace('_', ' ')}", t.class_mods[cls]["point_to_hit_mod"]))
        if not ts.vehicle and ter.is_trench(tu.hex):
            bast = tu.hex in ter.bastion
            mods.append(("El Bastion (1.6)" if bast else "trench (1.3a)",
                         t.point_mods["el_bastion_non_vehicle" if bast else "trench_non_vehicle"]))
        if target in state.extra.get("dug", frozenset()):
            mods.append(("Dug In", t.point_mods["dug_in"]))
        if state.extra.get("mode", {}).get(target) == "move" or (ts.vehicle and tu.hex in ter.rail):
            mods.append(("target moving (or on the embankment, 1.2b)", t.point_mods["target_in_move_mode"]))
        if fs.weapons is True and fu.steps < fs.steps:
            mods.append(("firer has lost a step", t.point_mods["firer_weapons_step_lost"]))
        total = sum(m for _, m in mods)
        hit = chance_2d6_at_least(need - total)
        out = {"range": rng, "band": rng / fs.at_range, "need": need, "mods": mods, "hit": hit, "vehicle": ts.vehicle}
        if ts.vehicle:
            acls = ("protective" if ter.is_trench(tu.hex)
                    else ter.combat_class(tu.hex, True, rules.wire_state(state, tu.hex)))
            kill = 7 + ts.defense - fs.at_attack + t.class_mods[acls]["at_kill_mod"]
            out.update(kill=kill, kill_terrain=acls, attack=fs.at_attack, defense=ts.defense,
                       kill_chance=chance_2d6_at_least(kill) if kill <= 12 else 0.0)
            out["overall"] = hit * out["kill_chance"]
        else:
            out["overall"] = hit
        return out
    except (AttributeError, KeyError, TypeError, ValueError, ZeroDivisionError):
        return None


def pfa_line(p: dict, firer: str, target: str) -> str:
    mods = ", ".join(f"{n} {m:+d}" for n, m in p["mods"]) or "no modifiers"
    s = (f"{firer} → {target} at range {p['range']}: needs {p['need']} on two dice; {mods} → hit {pct(p['hit'])} "
         "(§9.1)")
    if p["vehicle"]:
        s += (f"; then kill on {p['kill']}+ (7 + Defense {p['defense']} − attack {p['attack']}, "
              f"{p['kill_terrain'].replace('_', ' ')} terrain) → {pct(p['kill_chance'])}; "
              f"overall {pct(p['overall'])} (§9.2)")
    else:
        s += "; a hit costs the gun a step and its hex a morale check"
    return s


# --- area fire (§8) -----------------------------------------------------------------------
def fire_odds(rules, column: int) -> dict[str, float]:
    """The chance of each Area Fire Table result on a column after shifts (two dice, §8.2)."""
    out: dict[str, float] = {}
    for s, w in _WAYS.items():
        r = rules.t.fire_result(column, s)
        out[r] = out.get(r, 0.0) + w / 36
    return out


def sfa_preview(rules, state, attack) -> dict | None:
    """The Area Fire Table column and every shift of an SFA (``firepower``, ``fire_column``,
    ``area_shifts``: the steps ``do_sfa`` takes before its roll), the chance of each result, and
    the morale check a result would bring (``morale``, §12.3)."""
    try:
        us = [state.units[x] for x in attack.attackers]
        rng = distance(us[0].hex, attack.target)
        fp = int(rules.firepower(state, us, rng))
        col, extra = rules.t.fire_column(fp)
        shifts = list(rules.area_shifts(state, attack.target, "sfa", firer_hex=us[0].hex)) if col else []
        side = rules.side_of(us[0].id)
        morale = hex_morale(rules, state, attack.target, side, "sfa")
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return None
    if extra:
        shifts.append((f"firepower over 47 (+{extra})", extra))
    final = col + sum(v for _, v in shifts) if col else 0
    return {"range": rng, "fp": fp, "column": col, "shifts": shifts, "final": final,
            "odds": fire_odds(rules, final) if col else {"-": 1.0}, "morale": morale}


def hex_morale(rules, state, target: Hex, side: str, kind: str) -> dict | None:
    """The morale check a fire of ``kind`` on ``target`` would bring (§12.3): the hex's worst
    non-vehicle enemy of ``side`` at its modified morale (+2 for an SFA, §12.2), before any loss."""
    men = [u for u in state.units_at(target) if rules.side_of(u.id) != side and not rules.spec(u.id).vehicle]
    if not men:
        return None
    worst = max(men, key=lambda u: (rules.mm(state, u.id, kind), u.id))
    mm = rules.mm(state, worst.id, kind)
    return {"unit": worst.id, "morale": rules.spec(worst.id).morale_value, "mm": mm, "odds": morale_odds(rules, mm)}


# Where each named shift of the Area Fire Table comes from, for shifts whose name has no rule.
SHIFT_RULES = {"terrain": "§8.3", "Dug In": "§5", "target in Move Mode": "§5", "density": "§8.3",
               "smoke Level 1": "§13.8", "firepower over 47": "§8.2", "overrun shock": "§11.2",
               "target moving": "§9.1", "firer has lost a step": "§9.1"}


def shift_rule(name: str) -> str:
    """The rule of a shift or modifier: the one in its name ("trench (1.3a)"), else the table's."""
    if name.endswith(")") and "(" in name:
        inner = name[name.rindex("(") + 1:-1]
        if inner[:1].isdigit() or inner.startswith("§"):
            return inner
    return next((r for k, r in SHIFT_RULES.items() if name.startswith(k)), "§8.3")


# --- morale (§12) -------------------------------------------------------------------------
RESULT_WORDS = {"-": "no effect", "S": "Suppressed", "P": "Paralyzed", "SYR": "SYR", "X": "surrender"}


def fire_result_words(res: str) -> str:
    """An Area Fire Table result in words (§8.2): -, M, or a number of steps."""
    if res == "-":
        return "no effect"
    if res == "M":
        return "a morale check"
    return f"{res} step(s) lost, then a morale check" if res.isdigit() else res


def morale_odds(rules, mm: int) -> dict[str, float]:
    """The chance of each morale result for a modified morale (two dice on the Morale Table)."""
    out: dict[str, float] = {}
    for s, w in _WAYS.items():
        r = rules.t.morale_result(mm, s)
        out[r] = out.get(r, 0.0) + w / 36
    return out


def odds_words(odds: dict[str, float]) -> str:
    order = ["-", "S", "P", "SYR", "X"]
    return ", ".join(f"{RESULT_WORDS.get(k, k)} {pct(odds[k])}" for k in order if odds.get(k))


# --- assault (§11) ------------------------------------------------------------------------
def assault_preview(rules, state, target: Hex, units: tuple[str, ...]) -> dict | None:
    """Both fires of an assault (column and shifts, as ``do_assault`` sets them up) and the
    morale check each side makes (its worst unit's modified morale, printed doubled unless
    assault-trained, 1.12), with the chance of each result. Combined-assault gun fire at
    vehicles comes first and is not included."""
    try:
        from .combat import ASSAULT
    except ImportError:  # pragma: no cover
        return None
    try:
        side = rules.side_of(units[0])
        att = [state.units[x] for x in units]
        dfd = [e for e in state.units_at(target) if rules.side_of(e.id) != side]
        if all(rules.spec(x.id).vehicle for x in att):
            return {"overrun": True, "target": target, "units": units}
        sp = rules.spec

        def half(us) -> bool:
            tr = sum(sp(x.id).area_fp for x in us if sp(x.id).assault_trained)
            return tr > 0 and tr * 2 >= max(1, sum(sp(x.id).area_fp for x in us))

        def fire(fp, shifts):
            col, extra = rules.t.fire_column(int(fp))
            sh = list(shifts)
            if extra:
                sh.append((f"firepower over 47 (+{extra})", extra))
            return {"fp": int(fp), "column": col, "shifts": sh, "final": col + sum(v for _, v in sh) if col else 0}

        tr = [("assault-trained (1.12)", rules.t.shifts["assault_trained"])]
        fp_att = rules.firepower(state, att, 0, full=True)
        fp_def = rules.firepower(state, dfd, 0, full=True)
        on_def = fire(fp_att, rules.area_shifts(state, target, ASSAULT, units=dfd) + (tr if half(att) else []))
        on_att = fire(fp_def, rules.area_shifts(state, target, ASSAULT, defender=False, units=att)
                      + (tr if half(dfd) else []))

        def check(us):
            men = [u for u in us if not sp(u.id).vehicle]
            if not men:
                return None
            worst = max(men, key=lambda u: (rules.mm(state, u.id, ASSAULT), u.id))
            mm = rules.mm(state, worst.id, ASSAULT)
            return {"unit": worst.id, "mm": mm, "odds": morale_odds(rules, mm)}

        a_chk, d_chk = check(att), check(dfd)
        win = None
        if a_chk and d_chk:  # before the fires: attackers hold (-) and defenders break (P, SYR, X)
            a_ok = a_chk["odds"].get("-", 0.0)
            d_break = sum(v for k, v in d_chk["odds"].items() if k not in ("-", "S"))
            win = a_ok * d_break
        return {"overrun": False, "target": target, "units": units, "on_defenders": on_def, "on_attackers": on_att,
                "attackers": a_chk, "defenders": d_chk, "win": win}
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return None


def overrun_preview(rules, state, target: Hex, units: tuple[str, ...]) -> dict | None:
    """An overrun (§11.2): the vehicles' fire at +2 shock on the defenders (as ``do_overrun``
    sets it up) and the defenders' morale check, with its chances. The defending guns' fire at
    the vehicles comes first and is not included."""
    try:
        from .combat import ASSAULT

        side = rules.side_of(units[0])
        att = [state.units[x] for x in units]
        dfd = [e for e in state.units_at(target) if rules.side_of(e.id) != side]
        fp = int(rules.firepower(state, att, 0, full=True))
        col, extra = rules.t.fire_column(fp)
        shifts = list(rules.area_shifts(state, target, ASSAULT, units=dfd))
        shifts.append(("overrun shock", rules.t.shifts["shock"]))
        if extra:
            shifts.append((f"firepower over 47 (+{extra})", extra))
        men = [u for u in dfd if not rules.spec(u.id).vehicle]
        check = None
        if men:
            worst = max(men, key=lambda u: (rules.mm(state, u.id, ASSAULT), u.id))
            mm = rules.mm(state, worst.id, ASSAULT)
            check = {"unit": worst.id, "mm": mm, "odds": morale_odds(rules, mm)}
    except (AttributeError, KeyError, TypeError, ValueError, IndexError):
        return None
    final = col + sum(v for _, v in shifts) if col else 0
    hold = sum(v for k, v in check["odds"].items() if k in ("-", "S")) if check else 1.0
    return {"target": target, "units": units, "fp": fp, "column": col, "shifts": shifts, "final": final,
            "defenders": check, "hold": hold, "break": 1.0 - hold}


def fire_words(f: dict) -> str:
    if not f["column"]:
        return f"firepower {f['fp']}: under 1, no fire"
    sh = ", ".join(f"{n} {v:+d}" for n, v in f["shifts"]) or "no shifts"
    return f"firepower {f['fp']} → column {f['column']}; {sh} → column {f['final']}"


def assault_lines(p: dict) -> list[str]:
    if p.get("overrun"):
        return [f"Overrun of {hex_name(p['target'])} by {', '.join(p['units'])} (§11.2): defending guns fire first, "
                "then the vehicles fire at +2 shock; the defenders check morale"]
    out = [f"Assault on {hex_name(p['target'])} by {', '.join(p['units'])} (§11.1):",
           f"  on the defenders: {fire_words(p['on_defenders'])}",
           f"  on the attackers (in the open, Move Mode): {fire_words(p['on_attackers'])}"]
    for key, who in (("attackers", "attackers"), ("defenders", "defenders")):
        c = p[key]
        if c:
            out.append(f"  {who}' morale check by {c['unit']} (MM {c['mm']}, printed doubled unless assault-trained, "
                       f"1.12): {odds_words(c['odds'])}")
    if p.get("win") is not None:
        out.append(f"  before the fires: attackers hold and defenders break {pct(p['win'])} (Decision 8)")
    return out


# --- artillery (§13) ----------------------------------------------------------------------
def call_preview(rules, state, call) -> dict | None:
    """The adjustment line, distance and number needed for a good shoot (§13.4), the chance of
    it, and the ammunition of the battery's calibre left before and after (2.3b, 3.2b)."""
    try:
        side = rules.side_of(call.spotter)
        cal = rules.artillery_of(side, state)[call.artillery]  # with the German batteries released (3.5a)
        kind = {"smoke": "Smoke", "illum": "Illum"}.get(call.ammo, "HE")
        frm = call.trp if call.trp is not None else state.units[call.spotter].hex
        dist = distance(frm, call.target)
        line = "soviet" if side == "soviet" else "german"
        need = rules.t.adjustment_need(line, dist)
        have = rules.ammo_left(state, side, call.artillery, kind)  # its own pool (3.2b; both Axis pools with 4.1d)
        return {"side": side, "calibre": cal, "kind": kind, "from": frm, "distance": dist, "line": line,
                "need": need, "good": chance_2d6_at_least(need), "ammo": have,
                "after": have - (2 if call.fast else 1)}
    except (AttributeError, KeyError, TypeError, ValueError):
        return None


def mission_fire(rules, side: str, calibre: str, fast: bool) -> tuple[int, int]:
    """(firepower, radius of the Attack Zone) of an HE mission as ``do_call`` lands it: a Soviet
    battalion (two batteries) on a hex and its neighbours, an Axis battery on one hex (§13.3);
    Fast Fire doubles it (§13.7)."""
    battery = rules.t.barrage[calibre]
    fp, radius = (2 * battery, 1) if side == "soviet" else (battery, 0)
    return (2 * fp if fast else fp), radius


def prep_preview(rules, column: str, time: str, target: Hex) -> dict | None:
    """One Prep Log box (2.4): its firepower and Attack Zone as ``fire_prep`` lands it, the chance
    of a Good Shoot (2.4d) and what a Bad Shoot does (guns: half value on the plotted hex;
    Katyushas: they scatter, 2.4g)."""
    try:
        info = rules.t.prep_columns[column]
        good = len(rules.t.prep_shoot_good) / 6
        if info["kind"] == "katyusha":
            fp, radius, bad = rules.t.barrage["katyusha"], 5, "scatters 1-6 hexes (rockets, 2.4g)"
        else:
            fp, radius = 2 * 2 * rules.t.barrage[info["calibre"]], 1  # a battalion, doubled by the Prep (2.4a)
            bad = f"lands on the plotted hex at half value ({fp // 2}, Decision 9)"
    except (AttributeError, KeyError, TypeError, ValueError):
        return None
    return {"column": column, "time": time, "target": target, "kind": info["kind"], "fp": fp, "radius": radius,
            "table_column": rules.t.fire_column(fp)[0], "good": good, "bad": bad}


def call_line(c, p: dict) -> str:
    frm = f"TRP {hex_name(c.trp)}" if c.trp is not None else c.spotter
    return (f"{c.artillery} ({p['calibre'].replace('mm', ' mm')}) on {hex_name(c.target)} from {frm}: "
            f"{p['line']} line, "
            f"{p['distance']} hexes → good shoot on {p['need']}+ ({pct(p['good'])}, §13.4), else it scatters; "
            f"{p['kind']} left {p['ammo']} → {p['after']}")


def ammo_lines(view: dict) -> list[str]:
    out = []
    for side, cals in sorted((view.get("ammo") or {}).items()):
        # the pools by name (3.2b): the Soviet one, the Spanish ("axis") and the German batteries'
        who = {"soviet": "Soviet", "axis": "Spanish", "german": "German"}.get(side, side.capitalize())
        bits = [f"{cal.replace('mm', ' mm')} " + ", ".join(f"{k} {n}" for k, n in kinds.items())
                for cal, kinds in sorted(cals.items())]
        out.append(f"{who} ammunition: " + "; ".join(bits))
    return out


# --- orders (§16) -------------------------------------------------------------------------


def view_orders(view: dict, side: str | None = None) -> list[dict]:
    """The orders a player's view holds (``view["orders"]``: what ``view(side)`` lets that player
    see), of one side or all, each with its objective as hexes."""
    from ...core.hexgrid import parse_hex

    out = []
    for o in view.get("orders") or ():
        if side is not None and o.get("side") != side:
            continue
        obj = []
        for x in o.get("objective") or ():
            try:
                obj.append(parse_hex(x) if isinstance(x, str) else x)
            except Exception:
                continue
        out.append({**o, "objective_hexes": frozenset(obj)})
    return out


def order_line(o: dict) -> str:
    kind = TYPE_WORDS.get(str(o.get("type")), str(o.get("type")))
    bits = [f"{o['id']}: {kind}", str(o.get("status") or "")]
    n = len(o.get("objective_hexes") or ())
    bits.append(f"objective {n} hex(es)")
    if o.get("route"):  # §16.6: the arrow drawn for it
        bits.append("arrow via " + ", ".join(str(x) for x in o["route"]))
    bits.append(f"{len(o.get('units') or ())} unit(s)")
    if o.get("weighted_turns") is not None:
        bits.append(f"{o['weighted_turns']} weighted turn(s)")
    if o.get("status") != "implemented" and o.get("need") not in (None, "-"):
        bits.append(f"implements on {o['need']}+ (d66): {pct(o.get('chance') or 0.0)} this turn (§16.3)")
    elif o.get("status") != "implemented" and o.get("need") == "-":
        bits.append("cannot implement yet (§16.3)")
    return ", ".join(b for b in bits if b)


def order_short(o: dict) -> str:
    """A button's words: id, type, status, weighted turns, the chance this turn."""
    bits = [f"{o['id']}: {TYPE_WORDS.get(str(o.get('type')), str(o.get('type')))}", str(o.get("status") or "")]
    if o.get("route"):  # drawn with an arrow (§16.6): shown on the map when the button is pressed
        bits.append("arrow")
    if o.get("weighted_turns"):
        bits.append(f"{o['weighted_turns']} WT")
    if o.get("status") != "implemented" and o.get("need") not in (None, "-"):
        bits.append(f"{pct(o.get('chance') or 0.0)} this turn")
    return " · ".join(b for b in bits if b)
