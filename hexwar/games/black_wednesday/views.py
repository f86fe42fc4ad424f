"""What each player sees of a Black Wednesday position (``view``): the clock of the turns, the
units with their modes and states, markers, orders, the Prep Log as far as the side may know
it (2.4), victory figures. Mixin for BWRules; the clock functions serve the rules too.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.hexgrid import hex_name, use_hex_ids
from . import words
from .phases import PHASES

if TYPE_CHECKING:  # a part of BWRules, whose other parts it uses (host.py)
    from .host import BWHost as _Rules
else:
    _Rules = object

GAME_ID = "black-wednesday"


def clock(first: int, turn: int) -> int:
    """hhmm of a turn (20-minute turns 0600-1740, hourly at night: visibility.yaml)."""
    mins = (first // 100) * 60 + first % 100
    for _ in range(turn - 1):
        hh = (mins // 60) % 24
        mins += 20 if 6 <= hh < 18 else 60
    mins %= 24 * 60
    return (mins // 60) * 100 + mins % 60


def day(first: int, turn: int) -> int:
    """The February day of a turn: the scenarios start on the 10th or 11th (first >= 2400 is
    not used; Scenarios 8 and the campaigns run past midnight, so the clock wraps)."""
    mins = (first // 100) * 60 + first % 100
    for _ in range(turn - 1):
        hh = (mins // 60) % 24
        mins += 20 if 6 <= hh < 18 else 60
    return mins // (24 * 60)


class Views(_Rules):
    """Mixin for BWRules."""

    PHASE_NAMES = {p.id: (p.name, p.rule) for p in PHASES}  # the sequence of play (phases.py)

    def unit_view(self, state, uid: str) -> dict:
        u = state.units[uid]
        s = self.spec(uid)
        e = self.entry(uid)
        kind = "tank" if s.vehicle else "infantry"
        return {"id": uid, "name": uid, "side": e.side, "nation": "soviet" if e.side == "soviet" else "spanish",
                "type": e.type, "kind": kind, "size": "platoon", "label": f"{s.area_fp}-{s.area_range}-{s.ma}",
                "where": u.where, "hex": hex_name(u.hex) if u.hex else None, "steps": u.steps,
                "max_steps": s.steps, "ma": s.ma, "morale": s.morale_value, "mode": self.mode(state, uid),
                "status": self.status(state, uid), "dug_in": uid in state.extra.get("dug", frozenset()),
                "reserve": uid in state.extra.get("reserve", frozenset()), "battalion": e.battalion,
                "arrives": u.arrives}

    def view(self, state, side: str | None) -> dict:
        """Everything is public in this game (TCS has no hidden units)."""
        with use_hex_ids(self.ids):
            name, rule = self.PHASE_NAMES.get(state.phase, (state.phase, ""))
            if state.phase == "action":
                name = f"{str(state.extra.get('phasing', '')).capitalize()} Action Phase"
            return {
                "game": GAME_ID, "turn": state.turn, "turns": self.scen.turns, "time": f"{self.time(state):04d}",
                "date": f"{self.time(state):04d} Feb {self.scen.first_day + day(self.scen.first_time, state.turn)}",
                "phase": state.phase, "phase_name": name,
                "phase_rule": rule, "acting": self.acting_side(state), "stage": self.pending_view(state),
                "phasing": state.extra.get("phasing"), "period": list(self.period(state)),
                "weather": state.extra.get("weather"),
                "units": [self.unit_view(state, k) for k in sorted(state.units)],
                "control": {},
                "wire": {hex_name(h): v for h, v in sorted(state.extra.get("wire", {}).items())},
                "barrages": [[s, [hex_name(h) for h in hs], fp] for s, hs, fp in state.extra.get("barrage", ())],
                "smoke": {hex_name(h): v for h, v in sorted(state.extra.get("smoke", {}).items())},
                "battalion_morale": dict(state.extra.get("bn", {})),
                "warnings": self.bunching(state),
                "ammo": state.extra.get("ammo"),
                "prep_log": self.prep_log_view(state, side),
                "lost": dict(state.extra.get("lost", {})),
                "orders": self.orders_view(state),
                "intents": dict(words.INTENTS),  # 2.1a, 3.1a
                "victory": self.victory_view(state),
                "result": None if state.result is None else {"winner": state.result.winner,
                                                             "level": state.result.level,
                                                             "detail": state.result.detail},
            }

    def prep_log_view(self, state, side: str | None) -> dict:
        """2.4: the Prep Log is the Soviet player's plot. The Axis side sees a box only once it
        has fired (its time has passed, or it is this turn's and the Soviet Action Phase has
        begun); the Soviet side and the neutral view see it all (decision BW-L1)."""
        log = {c: dict(v) for c, v in state.extra.get("prep", {}).items()}
        if side != "axis":
            return log
        now = self.time(state)
        order = state.extra.get("order", (self.scen.first_player, self.enemy_of(self.scen.first_player)))
        began = state.phase == "action" and (state.extra.get("phasing") == "soviet" or order[0] == "soviet") \
            or state.phase == "clean_up"
        day0 = day(self.scen.first_time, state.turn)

        def fired(tm: str) -> bool:  # the Prep runs on the first day only (0600-0820 Feb 10)
            t = int(tm)
            return day0 > 0 or t < now or (t == now and began)
        return {c: {tm: (h if fired(tm) else None) for tm, h in v.items()} for c, v in log.items()}
