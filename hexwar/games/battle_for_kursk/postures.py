"""Postures (12.0), Emergency Reaction, Offensive markers held (4.0), mud at the turn
start (11.0, 11.3) and the Strategic Objective (12.1).

The posture choice is secret and simultaneous: each player's ``choose posture …`` is
kept in ``state.extra["secret"]`` and hidden from the other side's view until both
have chosen; the reveal emits a ``revealed`` event, so undo never takes it back.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.actions import Event
from ...core.dice import Dice
from ...core.errors import Illegal
from ...core.hexgrid import Hex, hex_name, parse_hex
from ...core.state import Stage, State
from . import tables as T

if TYPE_CHECKING:  # combined with the core's mixins in KurskRules, whose parts it uses (host.py)
    from .host import KurskHost as _Rules
else:
    _Rules = object


class PostureMixin(_Rules):
    """Kursk's posture segment. Needs KurskRules' ``camp``, ``board``, ``region``."""

    # ---------------------------------------------------------------- state
    @staticmethod
    def set_extra(state: State, key: str, sub: str, value: Any) -> None:
        """Replace one entry of a dict kept in ``state.extra`` (never change it in place)."""
        state.extra[key] = {**state.extra.get(key, {}), sub: value}

    def init_postures(self, state: State) -> None:
        prev = {}
        for m in self.camp.markers:  # 6.0 / 4.0: the Previous Turn Posture markers
            start = m.get("start") or {}
            if m.get("back") == "phase_tracker" and m.get("side") in self.sides:
                prev[m["side"]] = start.get("box")
        so = self.camp.strategic_objective["start"]
        state.extra.update({
            "previous": prev,
            "posture": {},
            "secret": {},
            "available": dict(self.camp.offensives["start_available"]),  # 6.0 / 4.0
            "mud": False,
            "so_hex": so["hex"],
            "so_face": so.get("face", "german"),
            "so_locked": {s: False for s in self.sides},
            "so_vp": 0,
            "so_scored": False,
            "engaged": False,
        })

    def postures(self) -> list[str]:
        return list(self.camp.postures["order"])

    def grants(self, state: State, side: str, activity: str) -> bool:
        """12.0 a-d: whether ``side``'s posture this turn includes ``activity``."""
        posture = state.extra["posture"].get(side)
        return posture is not None and activity in self.camp.postures["phases"][posture]

    def start_posture_segment(self, state: State, ev: list[Event]) -> None:
        """4.0: turn-start checks, then the secret choice (12.0)."""
        t = self.camp.turn(state.turn)
        if state.extra.get("posture"):
            state.extra["previous"] = dict(state.extra["posture"])  # this turn's posture becomes the previous one
        state.extra["posture"] = {}
        state.extra["secret"] = {}
        cap = self.camp.offensives["max_available"]
        for side in self.sides:
            n = t.offensives_added.get(side, 0)
            if n:  # 4.0: markers added to the Available box, never more than three held
                have = state.extra["available"][side]
                new = min(cap, have + n)
                self.set_extra(state, "available", side, new)
                ev.append(Event("offensives", f"The {T.SIDE_NAMES[side]} player gains {new - have} Offensive "
                                f"marker(s) ({new} available, at most {cap}; 4.0).", {"side": side, "available": new}))
        rolls = self.camp.mud_roll.get(t.label, ())
        if self.options["mud_roll"] and rolls:  # 11.3 optional: a die decides
            state.extra["mud"] = False
            state.stage = Stage("mud_roll", self.sides[0], None, (("rolls", tuple(rolls)),))
            return
        state.extra["mud"] = bool(t.mud) and not self.options["mud_roll"]
        if state.extra["mud"]:
            ev.append(Event("mud", f"Turn {t.label} is a mud turn: one hex per phase, attacking armor halved (11.0).",
                            {"turn": state.turn}))

    def posture_chooser(self, state: State) -> str | None:
        for side in self.sides:
            if side not in state.extra["secret"]:
                return side
        return None

    # ---------------------------------------------------------------- choosing (12.0)
    def posture_cost(self, state: State, side: str, posture: str) -> int:
        """Offensive markers needed: one per box beyond the free step up (12.0)."""
        order = self.postures()
        prev = state.extra["previous"].get(side) or order[0]
        up = order.index(posture) - order.index(prev)
        free: int = self.camp.postures["free_step_up"]
        return max(0, up - free)

    def _posture_actions(self, state: State) -> list[A.Action]:
        side = self.posture_chooser(state)
        out: list[A.Action] = [A.Choose("posture", p) for p in self.postures()
                               if self._posture_problem(state, side, p) is None]
        return out

    def _posture_problem(self, state: State, side: str | None, posture: str) -> Illegal | None:
        if side is None:
            return Illegal("12.0", "both postures are chosen")
        if posture not in self.postures():
            return Illegal("12.0", f"{posture!r} is not a posture ({', '.join(self.postures())})")
        cost = self.posture_cost(state, side, posture)
        have = state.extra["available"][side]
        if cost > have:
            prev = state.extra["previous"].get(side)
            return Illegal("12.0", f"{posture} is {cost + 1} boxes right of {prev}: one box is free, each further box "
                           f"costs an Offensive marker and {T.SIDE_NAMES[side]} has {have}")
        return None

    def _check_posture(self, state: State, act: A.Choose) -> Illegal | None:
        if act.what != "posture":
            return Illegal("12.0", "choose a posture: Pause, Reposition, Deploy or Engage")
        return self._posture_problem(state, self.posture_chooser(state), act.value)

    def _apply_posture(self, state: State, act: A.Choose, dice: Dice, ev: list[Event]) -> None:
        side = self.posture_chooser(state)
        assert side is not None  # _check_posture refuses a choice once both sides have chosen
        self.set_extra(state, "secret", side, act.value)
        ev.append(Event("posture_chosen", f"The {T.SIDE_NAMES[side]} player has chosen a posture in secret (12.0).",
                        {"side": side}))
        if self.posture_chooser(state) is None:
            self._reveal_postures(state, ev)

    def _reveal_postures(self, state: State, ev: list[Event]) -> None:
        secret = dict(state.extra["secret"])
        for side, p in secret.items():
            cost = self.posture_cost(state, side, p)
            if cost:
                self.set_extra(state, "available", side, state.extra["available"][side] - cost)
        state.extra["posture"] = secret
        text = ", ".join(f"{T.SIDE_NAMES[s]} {p}" for s, p in secret.items())
        ev.append(Event("revealed", f"Postures revealed: {text} (12.0).", {"postures": secret}))
        self._after_reveal(state, ev)

    def _after_reveal(self, state: State, ev: list[Event]) -> None:
        """Emergency Reaction, then the Strategic Objective, then play goes on."""
        pst = state.extra["posture"]
        er = self.camp.postures["emergency_reaction"]
        for side in self.sides:
            other = self.enemy(side)
            if (pst[side] == er["own"] and pst[other] == er["other"] and state.extra["available"][side] > 0
                    and not state.extra.get("er_asked")):
                state.extra["er_asked"] = True
                state.stage = Stage("emergency", side, None, ())
                return
        state.extra.pop("er_asked", None)
        self._objective_after_reveal(state, ev)

    def _objective_after_reveal(self, state: State, ev: list[Event]) -> None:
        pst = state.extra["posture"]
        turn1 = self.camp.number("1")
        if pst["german"] == "engage" and not state.extra["engaged"]:
            state.extra["engaged"] = True  # 12.1: the first Engage locks the German objective
            if state.extra["so_face"] == "german":
                self.set_extra(state, "so_locked", "german", True)
                ev.append(Event("objective",
                                f"The Strategic Objective is locked at {hex_name(self.so_hex(state))} (12.1).", {}))
        if state.turn >= turn1 and not state.extra["engaged"] and state.extra["so_face"] == "german":
            # 12.1: no German Engage by turn 1: the objective goes to the Russians, at Kiev.
            kiev = self._place_hex(self.camp.strategic_objective["flip"]["move_to"])
            state.extra["so_face"] = "russian"
            state.extra["so_hex"] = hex_name(kiev)
            ev.append(Event("objective", "The Germans have not engaged by turn 1: the Strategic Objective passes to "
                            f"the Russians and moves to {self.board.describe(kiev)} (12.1).", {"hex": kiev}))
        if state.extra["so_face"] == "russian" and pst["russian"] == "engage":
            self.set_extra(state, "so_locked", "russian", True)
        stage_side = None
        face = state.extra["so_face"]
        if not state.extra["so_scored"] and not state.extra["so_locked"][face] and pst[face] == "deploy":
            if face == "german" or state.turn >= turn1:
                stage_side = face
        if stage_side and not state.extra.get("so_asked"):
            state.extra["so_asked"] = True
            state.stage = Stage("objective", stage_side, None, ())
            return
        state.extra.pop("so_asked", None)
        self._advance_phase(state, ev)

    # ---------------------------------------------------------------- Strategic Objective (12.1)
    def so_hex(self, state: State) -> Hex:
        return parse_hex(state.extra["so_hex"])

    def objective_targets(self, state: State, side: str) -> list[Hex]:
        if side == "german":
            return sorted(h for h, p in self.board.places.items() if h in self.region["russian"])
        names = self.camp.strategic_objective["russian"]["targets"]
        return sorted(p.hex for p in self.board.places.values() if p.name in names)

    def check_objective(self, state: State, ev: list[Event]) -> None:
        """12.1: the side face up scores 1 VP the moment one of its units stands on the marker's hex."""
        if state.extra.get("so_scored") or "so_hex" not in state.extra:
            return
        h = self.so_hex(state)
        face = state.extra["so_face"]
        if any(self.side(u.id) == face for u in state.units_at(h)):
            sign = self.camp.victory.get("sign", {"russian": 1, "german": -1})[face]
            state.extra["so_scored"] = True
            state.extra["so_vp"] = sign
            ev.append(Event("objective", f"The {T.SIDE_NAMES[face]} player occupies the Strategic Objective at "
                            f"{self.board.describe(h)}: 1 VP, the marker goes to the VP track (12.1).", {"side": face}))

    # ---------------------------------------------------------------- the posture stages
    def _stage_actions(self, state: State, st: Stage) -> list[A.Action]:
        if st.kind == "mud_roll":
            return [A.Roll(None)]
        if st.kind == "emergency":
            return [A.Choose("emergency", "yes"), A.Choose("emergency", "no")]
        if st.kind == "objective":
            out: list[A.Action] = [A.Choose("objective", "stay")]
            return out + [A.Choose("objective", hex_name(h)) for h in self.objective_targets(state, st.side)
                          if hex_name(h) != state.extra["so_hex"]]
        if st.kind == "replacement_loss":
            return [A.Loss(x) for x in st.get("units")]
        return super()._stage_actions(state, st)

    def _check_stage(self, state: State, st: Stage, act: A.Action) -> Illegal | None:
        if st.kind == "mud_roll":
            return None if isinstance(act, A.Roll) and act.support is None else Illegal("11.3", "first roll for mud")
        if st.kind == "emergency":
            if isinstance(act, A.Choose) and act.what == "emergency" and act.value in ("yes", "no"):
                return None
            return Illegal("12.0", "Emergency Reaction: choose yes (spend a marker and Reposition) or no")
        if st.kind == "objective":
            if not isinstance(act, A.Choose) or act.what != "objective":
                return Illegal("12.1", "move the Strategic Objective (choose its new hex) "
                                       "or leave it where it is")
            if act.value == "stay":
                return None
            try:
                h = parse_hex(act.value)
            except ValueError:
                return Illegal("notation", f"{act.value!r} is not a hex")
            if h not in self.objective_targets(state, st.side):
                where = ("a Russian-side city (12.1)" if st.side == "german"
                         else "a city west of the Dniepr, Vitebsk or Gomel")
                return Illegal("12.1", f"the Strategic Objective may go only to {where}")
            return None
        if st.kind == "replacement_loss":
            if not isinstance(act, A.Loss) or act.unit not in st.get("units"):
                return Illegal("10.6", "negative replacements: choose one of " + ", ".join(st.get("units")))
            return None
        return super()._check_stage(state, st, act)

    def _apply_stage(self, state: State, st: Stage, act: A.Action, dice: Dice, ev: list[Event]) -> None:
        if st.kind == "mud_roll":
            roll = dice.roll(6)
            mud = roll in st.get("rolls")
            state.extra["mud"] = mud
            state.stage = None
            ev.append(Event("die_rolled", f"Die roll {roll}.", {"roll": roll, "side": st.side}))
            ev.append(Event("mud", f"Mud roll {roll}: turn {self.turn_label(state.turn)} is "
                            + ("a mud turn" if mud else "clear") + " (11.3).", {"turn": state.turn, "mud": mud}))
            return
        if st.kind == "emergency":
            assert isinstance(act, A.Choose)  # _check_stage lets only "choose emergency" through
            state.stage = None
            if act.value == "yes":  # 12.0 Emergency Reaction: Pause becomes Reposition for a marker
                self.set_extra(state, "available", st.side, state.extra["available"][st.side] - 1)
                self.set_extra(state, "posture", st.side, self.camp.postures["emergency_reaction"]["becomes"])
                ev.append(Event("emergency", f"Emergency Reaction: the {T.SIDE_NAMES[st.side]} player spends an "
                                "Offensive marker and repositions (12.0).", {"side": st.side}))
            self._after_reveal(state, ev)
            return
        if st.kind == "objective":
            assert isinstance(act, A.Choose)  # _check_stage lets only "choose objective" through
            state.stage = None
            if act.value != "stay":
                state.extra["so_hex"] = act.value
                ev.append(Event("objective", f"The {T.SIDE_NAMES[st.side]} player moves the Strategic Objective to "
                                f"{self.board.describe(parse_hex(act.value))} (12.1).", {"hex": act.value}))
            self._objective_after_reveal(state, ev)
            return
        if st.kind == "replacement_loss":
            assert isinstance(act, A.Loss)  # _check_stage lets only a loss through
            self._apply_replacement_loss(state, st, act, ev)
            return
        super()._apply_stage(state, st, act, dice, ev)

    def public_state(self, state: State, side: str) -> State:
        """A copy of ``state`` as ``side`` may know it (the rules hook): the other side's chosen
        but unrevealed posture (12.0) is replaced by a placeholder, so no question asked of
        the copy can leak it. Nothing else in Kursk is hidden."""
        st = state.copy()
        secret = st.extra.get("secret")
        if secret:
            st.extra["secret"] = {s: (v if s == side else "?") for s, v in secret.items()}
        return st

    def posture_view(self, state: State, side: str | None) -> dict[str, Any]:
        secret = state.extra.get("secret", {})
        return {
            "previous_posture": dict(state.extra.get("previous", {})),
            "posture": dict(state.extra.get("posture", {})),
            # 12.0: a chosen but unrevealed posture is shown only to its own side.
            "posture_chosen": ({s: (secret[s] if s == side else True) for s in secret}
                               if not state.extra.get("posture") else {}),
            "offensives_available": dict(state.extra.get("available", {})),
            "objective": {"hex": state.extra.get("so_hex"), "face": state.extra.get("so_face"),
                          "locked": dict(state.extra.get("so_locked", {})), "scored": state.extra.get("so_scored")},
        }

