"""What Kursk's own decisions say before they are taken (the contract's hooks ``option_label``,
``choice_info`` and ``consequence``): a posture's phases, replacement points and marker cost
(12.0, 10.6), the defender's result options (9.3), the Emergency Reaction (12.0), where the
Strategic Objective goes (12.1) and the marker an Offensive spends (9.2.1).

Nothing here changes the game: it reads the state and the scenario and says it in plain words,
each with its rule number and, where something is lost, a level (COSTLY, FATAL).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import actions as A
from ...core.contract import COSTLY, FATAL, HARMLESS, Consequence
from ...core.hexgrid import Hex, hex_name, parse_hex
from ...core.state import Stage, State
from ...core.units import ELIMINATED
from . import tables as T
from . import texts
from .offensive import Offensive

if TYPE_CHECKING:  # combined with the core's mixins in KurskRules, whose parts it uses (host.py)
    from .host import KurskHost as _Rules
else:
    _Rules = object

ACTIVITY_RULE = "12.0"


def option_words(action: Any) -> str | None:
    """The label of one of Kursk's options (None: the generic label, the value itself)."""
    if isinstance(action, A.Choose):
        if action.what == "result":
            v = str(action.value)
            return texts.RESULT_WORDS.get(v, f"take the {v.upper()} as rolled")
        if action.what == "emergency":
            return texts.EMERGENCY_WORDS.get(str(action.value))
        if action.what == "objective":
            v = str(action.value)
            return "leave it where it is" if v == "stay" else f"move it to {v}"
        if action.what == "posture":
            return texts.POSTURE_WORDS.get(str(action.value))
    if isinstance(action, Offensive):
        return f"{action.lead} leads, {', '.join(action.support)} support"
    return None


def step_words(what: str) -> dict[str, Any]:
    """Title, rule and help of a named choice or verb, from the entry's words (texts.STEPS)."""
    step = next((s for s in texts.STEPS if s.key in (f"choose:{what}", f"verb:{what}")), None)
    if step is None:
        return {}
    return {"title": step.title, "rule": step.rule, "help": step.help}


def _worst(*levels: int) -> int:
    return max(levels, default=HARMLESS)


class DecisionHooks(_Rules):
    """Kursk's words for its decisions. Needs KurskRules (``camp``, ``board``, ``specs``, the
    posture and battle queries)."""

    # ---------------------------------------------------------------- the hooks
    def option_label(self, state: State, action: A.Action) -> str | None:
        return option_words(action)

    def choice_info(self, state: State, what: str) -> dict[str, Any]:
        info = step_words(what)
        if what == "posture":  # every box of the track, those out of reach shown with the reason
            info["values"] = list(self.postures())
        return info

    def consequence(self, state: State, action: A.Action) -> Consequence | None:
        st = state.stage
        if isinstance(action, A.Choose):
            if action.what == "posture" and st is None:
                side = self.posture_chooser(state)
                if side is not None and action.value in self.postures():
                    return self.posture_consequence(state, side, action.value)
            if st is not None and st.kind == "result_choice" and action.what == "result":
                return self._result_consequence(state, st, str(action.value).upper())
            if st is not None and st.kind == "emergency" and action.what == "emergency":
                return self._emergency_consequence(state, st.side, action.value == "yes")
            if st is not None and st.kind == "objective" and action.what == "objective":
                return self._objective_consequence(state, str(action.value))
        if isinstance(action, Offensive) and st is None:
            return self._offensive_consequence(state, action)
        if isinstance(action, A.Roll) and st is not None and st.kind == "mud_roll":
            rolls = ", ".join(str(r) for r in st.get("rolls"))
            return Consequence(f"a roll of {rolls} makes turn {self.turn_label(state.turn)} a mud turn: one hex a "
                               "phase except by rail, attacking armor halved (11.0-11.2)", "11.3")
        if isinstance(action, A.Loss) and st is not None and st.kind == "replacement_loss" \
                and action.unit in state.units:
            return self._step_consequence(state, action.unit, "a negative replacement point", "10.6")
        if isinstance(action, (A.Restore, A.Place)) and st is None and action.unit in state.units:
            return self._replacement_consequence(state, action)
        out: Consequence | None = super().consequence(state, action)
        return out

    # ---------------------------------------------------------------- postures (12.0, 10.6)
    def posture_phases(self, side: str, posture: str) -> tuple[list[str], list[str]]:
        """(the phases ``posture`` gives ``side`` this turn, those it skips), by name."""
        grants = set(self.camp.postures["phases"][posture])
        opened: list[str] = []
        skipped: list[str] = []
        for p in T.PHASES:
            if p.side != side or not p.needs:
                continue
            (opened if p.needs in grants else skipped).append(_short_phase(p.name, side))
        return opened, skipped

    def posture_points(self, state: State, side: str, posture: str) -> tuple[str, int]:
        """The replacement points ``posture`` leaves ``side`` this turn, in words (10.6), and
        its level (COSTLY when a figure is negative: steps are taken instead)."""
        sched = self.camp.turn(state.turn).points[side]
        mod = self.camp.postures["modifiers"][side].get(posture, {})
        net = {k: sched[k] + mod.get(k, 0) for k in ("irp", "arp")}
        figures = ", ".join(f"{net[k]:+d} {T.POINT_NAMES[k]}" for k in ("irp", "arp"))
        change = ", ".join(f"{mod[k]:+d} {T.POINT_NAMES[k]}" for k in ("irp", "arp") if mod.get(k))
        text = f"replacement points {figures} (" + (f"the track's with {change} for {posture}" if change
                                                    else "as on the track")
        lost = -sum(v for v in net.values() if v < 0)
        if lost:
            text += f"; the negative figure takes {lost} step(s) from units in communication"
        return text + "; 10.6)", COSTLY if lost else HARMLESS

    def posture_consequence(self, state: State, side: str, posture: str) -> Consequence:
        """What choosing ``posture`` does for ``side`` this turn: the phases it opens and skips,
        the replacement points, the Offensive markers it costs, what it does to the Strategic
        Objective (12.0, 10.6, 12.1)."""
        opened, skipped = self.posture_phases(side, posture)
        parts = [f"phases this turn: {_and(opened)}" + (f"; skipped: {_and(skipped)}" if skipped else "")]
        pts, level = self.posture_points(state, side, posture)
        parts.append(pts)
        cost = self.posture_cost(state, side, posture)
        prev = state.extra["previous"].get(side) or self.postures()[0]
        if cost:
            up = self.postures().index(posture) - self.postures().index(prev)
            parts.append(f"costs {cost} Offensive marker(s): {up} boxes right of last turn's {prev}, one is free")
            level = COSTLY
        have = state.extra["available"][side] - cost
        er = self.camp.postures["emergency_reaction"]
        if posture == er["own"] and have > 0:
            parts.append(f"against an enemy {er['other']} you may spend a marker to take {er['becomes']} "
                         "(Emergency Reaction)")
        words, so_level = self._posture_objective(state, side, posture)
        if words:
            parts.append(words)
        return Consequence("; ".join(parts), ACTIVITY_RULE, _worst(level, so_level))

    def _posture_objective(self, state: State, side: str, posture: str) -> tuple[str, int]:
        """What ``posture`` does to the Strategic Objective (12.1), if anything."""
        x = state.extra
        face = x.get("so_face")
        if x.get("so_scored") or face != side:
            return "", HARMLESS
        turn1 = self.camp.number("1")
        if posture == "engage":
            if side == "german" and not x.get("engaged"):
                return "your first Engage locks the Strategic Objective where it is (12.1)", HARMLESS
            if side == "russian" and not x.get("so_locked", {}).get(side):
                return "Engage locks the Strategic Objective where it is (12.1)", HARMLESS
            return "", HARMLESS
        if side == "german" and state.turn >= turn1 and not x.get("engaged"):
            return ("without a German Engage by turn 1 the Strategic Objective passes to the Russians, at "
                    f"{self.camp.strategic_objective['flip']['move_to']} (12.1)"), COSTLY
        if posture == "deploy" and not x.get("so_locked", {}).get(side) and (side == "german" or state.turn >= turn1):
            return "you may move the Strategic Objective (12.1)", HARMLESS
        return "", HARMLESS

    # ---------------------------------------------------------------- replacements (10.0-10.7, 4.0)
    def _replacement_consequence(self, state: State, act: A.Restore | A.Place) -> Consequence | None:
        uid = act.unit
        u = state.units[uid]
        s = self.specs[u.spec]
        setup = self.phase(state).kind == "setup"
        kind = self.point_of(uid)
        left = state.extra.get("points", {}).get(kind, 0)
        spend = f"one {T.POINT_NAMES[kind]} {'step' if setup else 'point'} spent, {max(0, left - 1)} left"
        if isinstance(act, A.Restore):
            return Consequence(f"{uid} returns to full strength ({s.label(s.max_steps)}); {spend}",
                               "4.0" if setup else "10.0")
        where = self.board.describe(act.hex)
        if u.where == ELIMINATED:
            return Consequence(f"{uid} comes back reduced ({s.label(1)}) at {where}; {spend}", "10.0")
        return Consequence(f"{uid} comes back at {where} as it left the map; no point spent", "9.3")

    # ---------------------------------------------------------------- the Emergency Reaction (12.0)
    def _emergency_consequence(self, state: State, side: str, yes: bool) -> Consequence:
        er = self.camp.postures["emergency_reaction"]
        have = state.extra["available"][side]
        if not yes:
            opened, skipped = self.posture_phases(side, er["own"])
            pts, _ = self.posture_points(state, side, er["own"])
            return Consequence(f"you stay in {er['own']}: phases this turn: {_and(opened)}; skipped: {_and(skipped)}; "
                               f"{pts}", ACTIVITY_RULE)
        opened, _ = self.posture_phases(side, er["becomes"])
        pts, _ = self.posture_points(state, side, er["becomes"])
        return Consequence(f"spends an Offensive marker ({have} ready); {er['own']} becomes {er['becomes']}: "
                           f"phases this turn: {_and(opened)}; {pts}", ACTIVITY_RULE, COSTLY)

    # ---------------------------------------------------------------- the Strategic Objective (12.1)
    def _objective_consequence(self, state: State, value: str) -> Consequence:
        face = state.extra.get("so_face") or "german"
        here = parse_hex(state.extra["so_hex"])
        if value == "stay":
            return Consequence(f"the Strategic Objective stays at {self.board.describe(here)}", "12.1")
        try:
            h = parse_hex(value)
        except ValueError:
            return Consequence(f"{value!r} is not a hex", "notation")
        return Consequence(f"the Strategic Objective moves from {hex_name(here)} to {self.board.describe(h)}: "
                           f"1 VP to the {T.SIDE_NAMES[face]} side once one of its units stands there", "12.1")

    # ---------------------------------------------------------------- the defender's options (9.3)
    def _result_consequence(self, state: State, st: Stage, code: str) -> Consequence:
        target = st.target_hex
        dfn = [u.id for u in state.units_at(target)]
        if not dfn:
            return Consequence("no defender is left", "9.3")
        uid = dfn[0]
        if code == "SF":
            loss = self._step_consequence(state, uid, "", "9.3")
            return Consequence(f"{loss.text} and stays in {hex_name(target)}: no retreat", "9.3", loss.level)
        retreat, r_level = self._retreat_outlook(state, target, uid, st.get("attackers"))
        if code == "DR":
            return Consequence(retreat, "9.3", r_level)
        loss = self._step_consequence(state, uid, "", "9.3")
        if code == "EX":
            return Consequence(f"{loss.text}; the attacker loses at least as many strength points; then {retreat}",
                               "9.3", _worst(loss.level, r_level))
        if code == "DRL":
            return Consequence(f"{loss.text}; then {retreat}", "9.3", _worst(loss.level, r_level))
        return Consequence(self.results.get(code, code), "9.3")

    def _retreat_outlook(self, state: State, target: Hex, uid: str, atk: tuple[str, ...]) -> tuple[str, int]:
        """How the defender's retreat would go now (9.3): the best path open to it."""
        trial = state.copy()  # the paths are cached on the state: work on a copy
        st = Stage("retreat", self.enemy(self.side(uid)), target, (("attackers", atk), ("units", (uid,))))
        paths = self.retreat_options(trial, st, uid)
        n = self.retreat_length
        if not paths:
            return f"{uid} has no retreat path and is eliminated", FATAL
        best = min(paths, key=lambda p: (p.ends_in_ezoc, p.end not in self.board, p.ezoc_entered))
        if best.ends_in_ezoc:
            return f"{uid} retreats {n} hexes but every path ends in an enemy zone of control: it is eliminated", FATAL
        if best.end not in self.board:
            return f"{uid} retreats off its friendly edge and comes back with the replacements", COSTLY
        if best.ezoc_entered:
            return f"{uid} retreats {n} hexes; every path crosses an enemy zone of control: one more step lost", COSTLY
        return f"{uid} retreats {n} hexes; a path without loss is open", HARMLESS

    # ---------------------------------------------------------------- the Offensive (9.2.1)
    def _offensive_consequence(self, state: State, act: Offensive) -> Consequence | None:
        side = self.side(act.lead) if act.lead in state.units else None
        if side is None:
            return None
        have = self.offensives_free(state, side)
        o = self.odds(state, act.target, act.attackers, (act.lead, act.support))
        odds = "" if o is None else ("; no effect, below 1:1" if o.no_effect else f"; odds {o.column}")
        return Consequence(f"spends an Offensive marker ({have} ready){odds}; the supporters may take the "
                           "attacker's losses", "9.2.1", COSTLY)


def _short_phase(name: str, side: str) -> str:
    """A phase's name without its side ("German armor and rail movement" -> "armor and rail movement")."""
    prefix = T.SIDE_NAMES[side] + " "
    return name[len(prefix):] if name.startswith(prefix) else name


def _and(words: list[str]) -> str:
    return _join(words, "and")


def _join(words: list[str], last: str) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + f" {last} " + words[-1]
